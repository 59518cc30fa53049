"""Range checks shared by the schema dataclasses; errors name the config key."""

from __future__ import annotations

from gralgo.errors import ConfigError


def at_least(value: float | None, low: float, where: str, *, strict: bool = False) -> None:
    if value is None:
        return
    if value < low or (strict and value == low):
        relation = ">" if strict else ">="
        raise ConfigError(f"{where} must be {relation} {low:g}, got {value:g}")


def between(value: float | None, low: float, high: float, where: str) -> None:
    if value is not None and not low <= value <= high:
        raise ConfigError(f"{where} must be between {low:g} and {high:g}, got {value:g}")
