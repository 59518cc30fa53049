"""Stable seeds: the same parts give the same seed on every machine and Python version."""

from __future__ import annotations

import hashlib
import random


def stable_hash(*parts: object, length: int = 16) -> str:
    """Hex digest (``length`` chars) of the parts joined with an unambiguous separator."""
    text = "\x1f".join(str(p) for p in parts)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:length]


def stable_seed(*parts: object) -> int:
    """A 64-bit integer seed derived from ``parts`` (no dependence on ``hash()`` randomisation)."""
    return int(stable_hash(*parts, length=16), 16)


def rng_for(*parts: object) -> random.Random:
    """A ``random.Random`` seeded from ``parts``; its streams are stable across platforms."""
    return random.Random(stable_seed(*parts))
