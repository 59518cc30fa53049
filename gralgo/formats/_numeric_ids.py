"""Numeric ids: the edge-list layout with every name replaced by an integer id.

Ids ``0..n-1`` follow sorted-name order, so the text shows the topology and weights but no names.
"""

from __future__ import annotations


def id_labels(sorted_names: list[str]) -> dict[str, str]:
    """Name -> id string, ids in sorted-name order."""
    return {name: str(i) for i, name in enumerate(sorted_names)}
