"""Real-world graph sources and seeded subgraph samplers."""

from __future__ import annotations

import importlib as _importlib
from typing import TYPE_CHECKING as _TYPE_CHECKING
from typing import Any as _Any

from gralgo.graphs._sampled import SampledGraph
from gralgo.graphs._source_graph import SourceGraph, build_source_graph

if _TYPE_CHECKING:
    from gralgo.graphs._fast_build import copy_graph
    from gralgo.graphs._thinning import thin_edges, thin_edges_keeping_cores

# Public names loaded on first use (PEP 562): importing the package stays cheap.
_LAZY = {
    "copy_graph": "gralgo.graphs._fast_build",
    "thin_edges": "gralgo.graphs._thinning",
    "thin_edges_keeping_cores": "gralgo.graphs._thinning",
}


def __getattr__(name: str) -> _Any:
    """Load a public name on first use."""
    if name in _LAZY:
        return getattr(_importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "SampledGraph",
    "SourceGraph",
    "build_source_graph",
    "copy_graph",
    "thin_edges",
    "thin_edges_keeping_cores",
]
