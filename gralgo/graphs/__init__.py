"""Real-world graph sources and seeded subgraph samplers."""

from gralgo.graphs._sampled import SampledGraph
from gralgo.graphs._source_graph import SourceGraph, build_source_graph

__all__ = ["SampledGraph", "SourceGraph", "build_source_graph"]
