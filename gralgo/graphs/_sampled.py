"""The record a sampler returns."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gralgo.lazy import lazy_module

if TYPE_CHECKING:
    import networkx as nx
else:
    nx = lazy_module("networkx")


@dataclass(frozen=True)
class SampledGraph:
    """A subgraph drawn from a source graph."""

    graph: nx.Graph[str]
    """Nodes named by their real names, inserted in a deterministic order."""
    start: str
    """Name of the node the sampler started from (the root for tree samplers)."""
    provenance: dict[str, Any] = field(default_factory=dict)
    """Sampler name, its options and the source node ids, for the instance's provenance."""
