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

# Public names loaded on first use (PEP 562), so importing this package stays cheap.
_LAZY = {
    "adjacency_dicts": "gralgo.graphs._fast_build",
    "copy_graph": "gralgo.graphs._fast_build",
    "core_numbers": "gralgo.graphs._fast_build",
    "edge_count": "gralgo.graphs._fast_build",
    "node_link_data": "gralgo.graphs._fast_build",
    "sorted_pairs": "gralgo.graphs._fast_build",
    "hub_caps": "gralgo.graphs._hub_cap",
    "without_hubs": "gralgo.graphs._hub_cap",
    "thin_edges": "gralgo.graphs._thinning",
    "thin_edges_keeping_cores": "gralgo.graphs._thinning",
}

__getattr__ = lazy_exports(__name__, _LAZY)


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
