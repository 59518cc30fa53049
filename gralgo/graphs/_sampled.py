"""The record a sampler returns."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import networkx as nx


@dataclass(frozen=True)
class SampledGraph:
    """A subgraph drawn from a source graph."""

    graph: nx.Graph[str]
    """Nodes named by their real names, inserted in a deterministic order."""
    start: str
    """Name of the node the sampler started from (the root for tree samplers)."""
    provenance: dict[str, Any] = field(default_factory=dict)
    """Sampler name, its options and the source node ids, for the instance's provenance."""
