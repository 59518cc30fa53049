"""The six size levels of the paper (node-count ranges, inclusive)."""

from __future__ import annotations

from gralgo.errors import UnknownChoiceError

LEVELS: dict[int, tuple[int, int]] = {
    1: (8, 15),
    2: (16, 30),
    3: (31, 50),
    4: (51, 80),
    5: (81, 120),
    6: (121, 160),
}


PAPER_TABLE2: dict[int, tuple[float, float, float, float]] = {
    1: (11.55, 18.52, 0.31, 1.23),
    2: (22.49, 44.51, 0.19, 1.02),
    3: (39.60, 90.09, 0.12, 0.87),
    4: (61.69, 157.60, 0.08, 0.83),
    5: (97.83, 268.50, 0.06, 0.82),
    6: (138.95, 407.94, 0.04, 0.81),
}
"""The paper's Table 2 per level: mean nodes V, edges E, density D, edge connectivity."""

THINNED_MEAN_DEGREE: dict[int, float] = {1: 5.9, 2: 5.6, 3: 6.7, 4: 7.2, 5: 8.4, 6: 9.8}
"""Mean of the target mean degree drawn for each thinned sample (tasks with
``max_mean_degree``) per level: calibrated on the default build (seed 0) so that the nine
tasks' mean E per level is the paper's (the dense sources make up for the sparse street
graphs and trees of the others); see ``design/data.md``, "Density"."""
THINNED_SPREAD = 0.4
"""A thinned sample's target mean degree is drawn uniformly within this share of the level's
mean (:data:`THINNED_MEAN_DEGREE`), so no edge count is fixed by the node count."""


def level_range(level: int) -> tuple[int, int]:
    """Inclusive ``(min_nodes, max_nodes)`` of a level; unknown levels raise with the choices."""
    try:
        return LEVELS[int(level)]
    except (KeyError, ValueError, TypeError):
        raise UnknownChoiceError("level", level, [str(k) for k in LEVELS]) from None


def parse_levels(value: object) -> list[int]:
    """``"all"``, an int, a comma string or a list of ints → sorted unique level numbers."""
    if value is None or value == "all":
        return sorted(LEVELS)
    if isinstance(value, int):
        items: list[object] = [value]
    elif isinstance(value, str):
        items = [part.strip() for part in value.split(",") if part.strip()]
    else:
        items = list(value)  # type: ignore[call-overload]
    levels = []
    for item in items:
        try:
            number = int(item)  # type: ignore[call-overload]
        except (TypeError, ValueError):
            raise UnknownChoiceError("level", item, [str(k) for k in LEVELS] + ["all"]) from None
        level_range(number)
        levels.append(number)
    return sorted(set(levels))
