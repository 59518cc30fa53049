"""Real-world graph sources and seeded subgraph samplers."""

from __future__ import annotations

from typing import TYPE_CHECKING as _TYPE_CHECKING

from gralgo.graphs._sampled import SampledGraph
from gralgo.graphs._source_graph import SourceGraph, build_source_graph
from gralgo.lazy import lazy_exports

if _TYPE_CHECKING:
    from gralgo.graphs._fast_build import (
        adjacency_dicts,
        copy_graph,
        core_numbers,
        edge_count,
        node_link_data,
        sorted_pairs,
    )
    from gralgo.graphs._hub_cap import hub_caps, without_hubs
    from gralgo.graphs._thinning import thin_edges, thin_edges_keeping_cores


# Names imported under TYPE_CHECKING load on first use (PEP 562): importing stays cheap.
__getattr__ = lazy_exports(__name__)


__all__ = [
    "SampledGraph",
    "SourceGraph",
    "adjacency_dicts",
    "build_source_graph",
    "copy_graph",
    "core_numbers",
    "edge_count",
    "hub_caps",
    "node_link_data",
    "sorted_pairs",
    "thin_edges",
    "thin_edges_keeping_cores",
    "without_hubs",
]
