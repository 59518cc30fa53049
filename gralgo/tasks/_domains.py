"""Domains: what nodes and edges mean in each source family, for the prompt's first sentence."""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Domain:
    """How a source's nodes and edges read in a prompt."""

    node: str
    """Singular noun for a node (``street``)."""
    sentence: str
    """The sentence saying what nodes and edges are."""
    native_weight: str | None = None
    """What the source's own edge ``weight`` measures, where it has one."""
    weight_unit: str | None = None
    """Unit of the native weight, written after distances in questions (``km``)."""


_DOMAINS: tuple[tuple[str, Domain], ...] = (
    (
        "osm",
        Domain(
            "street",
            "The graph is a sample of a city's street network: each node is a street, and an edge "
            "joins two streets that meet at an intersection.",
        ),
    ),
    (
        "openflights",
        Domain(
            "airport",
            "The graph is a sample of the world airline network: each node is an airport, and an "
            "edge is a direct flight route between two airports.",
            "the great-circle distance between the two airports in kilometres",
            "km",
        ),
    ),
    (
        "wiki",
        Domain(
            "article",
            "The graph is a sample of Wikipedia: each node is a Wikipedia article, and an edge "
            "joins two articles when one contains a hyperlink to the other.",
        ),
    ),
    (
        "dbpedia",
        Domain(
            "entity",
            "The graph is a sample of the DBpedia knowledge graph: each node is an entity, and an "
            "edge joins two entities that are linked by a relation.",
        ),
    ),
    (
        "dblp",
        Domain(
            "author",
            "The graph is a sample of the DBLP co-authorship network: each node is a computer "
            "science researcher, and an edge joins two researchers who wrote a paper together.",
            "the number of papers the two researchers wrote together",
        ),
    ),
)

_GENERIC_DOMAIN = Domain("node", "The graph below is an undirected graph.")

SAMPLE_NOTE = (
    "Only the edges listed below exist in this problem (real ones may have been left out), so "
    "do not add connections from what you know about the real network."
)
"""Said after every real domain's sentence: samples drop real edges (thinning keeps about half
of them on dense sources), and a model using world knowledge would add edges that are not
there."""


def domain_for(source: str) -> Domain:
    """The domain of a source, matched by name prefix (``osm_paris`` -> streets).

    A user-supplied source outside the five families gets a neutral sentence rather than a wrong
    one.
    """
    for prefix, domain in _DOMAINS:
        if source.startswith(prefix):
            return replace(domain, sentence=f"{domain.sentence} {SAMPLE_NOTE}")
    return _GENERIC_DOMAIN
