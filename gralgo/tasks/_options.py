"""Typed, validated access to a task's ``options`` mapping; errors name the config field."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from gralgo.errors import ConfigError


class TaskOptions:
    """Typed, validated access to ``TaskSettings.options``; errors name the config field."""

    def __init__(self, task: str, options: Mapping[str, Any], known: Iterable[str]) -> None:
        self.task = task
        self.options = dict(options)
        valid = sorted(known)
        unknown = sorted(str(key) for key in self.options if key not in valid)
        if unknown:
            raise ConfigError(
                f"task.{task}.options: unknown key(s) {', '.join(unknown)}; "
                f"valid keys: {', '.join(valid) or '(none)'}"
            )

    def _field(self, key: str) -> str:
        return f"task.{self.task}.options.{key}"

    def _pair(self, key: str, default: Sequence[Any]) -> Sequence[Any]:
        value = self.options.get(key, default)
        if isinstance(value, str | bytes) or not isinstance(value, Sequence) or len(value) != 2:
            raise ConfigError(f"{self._field(key)} must be a list [low, high]; got {value!r}")
        return value

    def int_range(self, key: str, default: tuple[int, int], minimum: int) -> tuple[int, int]:
        """A closed integer range ``[low, high]`` with ``minimum <= low <= high``."""
        low, high = self.int_range_open(key, default, minimum)
        if high is None:
            raise ConfigError(f"{self._field(key)}: the upper bound must be an integer, not null")
        return low, high

    def int_range_open(
        self, key: str, default: tuple[int, int | None], minimum: int
    ) -> tuple[int, int | None]:
        """Like :meth:`int_range`, but ``high`` may be null (meaning: no upper bound)."""
        low, high = self._pair(key, default)
        if not _is_int(low) or not (high is None or _is_int(high)):
            raise ConfigError(f"{self._field(key)} must hold integers; got {[low, high]!r}")
        if low < minimum or (high is not None and high < low):
            raise ConfigError(
                f"{self._field(key)} must satisfy {minimum} <= low <= high; got {[low, high]!r}"
            )
        return int(low), None if high is None else int(high)

    def fraction_range(self, key: str, default: tuple[float, float]) -> tuple[float, float]:
        """A closed range ``[low, high]`` with ``0 <= low <= high <= 1``."""
        low, high = self._pair(key, default)
        numeric = all(isinstance(x, int | float) and not isinstance(x, bool) for x in (low, high))
        if not numeric or not 0.0 <= low <= high <= 1.0:
            raise ConfigError(
                f"{self._field(key)} must satisfy 0 <= low <= high <= 1; got {[low, high]!r}"
            )
        return float(low), float(high)

    def fraction(self, key: str, default: float | None) -> float | None:
        """A number in ``(0, 1]``, or null (the feature is off)."""
        value = self.options.get(key, default)
        if value is None:
            return None
        if not isinstance(value, int | float) or isinstance(value, bool) or not 0 < value <= 1:
            raise ConfigError(f"{self._field(key)} must be in (0, 1] or null; got {value!r}")
        return float(value)

    def integer(self, key: str, default: int, minimum: int) -> int:
        value = self.options.get(key, default)
        if not _is_int(value) or value < minimum:
            raise ConfigError(f"{self._field(key)} must be an integer >= {minimum}; got {value!r}")
        return int(value)

    def flag(self, key: str, default: bool) -> bool:
        value = self.options.get(key, default)
        if not isinstance(value, bool):
            raise ConfigError(f"{self._field(key)} must be true or false; got {value!r}")
        return value

    def choice(self, key: str, default: str, choices: Sequence[str]) -> str:
        value = self.options.get(key, default)
        if value not in choices:
            raise ConfigError(f"{self._field(key)} must be one of {list(choices)}; got {value!r}")
        return str(value)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
