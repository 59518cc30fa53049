"""``random.Random.shuffle`` with its per-element helper inlined (same draws, same result).

Thinning shuffles every edge of a sample and BFS every neighbour row; the stock shuffle calls
``_randbelow`` once per element, which cost more than the swap it chooses.
"""

from __future__ import annotations

import random
from typing import Any


def shuffle(items: list[Any], rng: random.Random) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does (same getrandbits
    draws), for a plain ``random.Random``; other generators use their own ``shuffle``."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1  # randbelow(i + 1): rejection sampling on n.bit_length() bits
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
