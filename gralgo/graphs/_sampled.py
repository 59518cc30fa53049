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
    owned: bool = False
    """The graph was drawn for this sample alone, nothing else holds it, and its rows are in
    the order a copy's would be (``Graph.copy``): a task may work on it instead of a copy
    (``gralgo.tasks._graph_helpers.working_copy``). Set by the builder's draws only."""
