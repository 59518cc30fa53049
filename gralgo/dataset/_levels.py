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
