"""Long-context variants: keep the topology, lengthen every node name to hit a token target.

Each name gets a deterministic, readable description drawn from fixed word lists with a seeded
generator (``"Paris"`` -> ``"Paris, amber harbour, quiet orchard, ..."``). A total word budget is
spread over the nodes (some get one word more than others) and found by bisection on the token
count of the rendered prompt, so the prompt lands within ``tolerance`` of the target.
"""

from __future__ import annotations

from collections.abc import Callable

import networkx as nx

from gralgo.errors import SamplingError
from gralgo.seeding import rng_for

ADJECTIVES = tuple(
    """
    amber ancient autumn bright broad busy calm cedar coastal copper crimson distant dusty
    eastern elegant famous fertile frozen gentle golden granite green hidden historic humble
    iron ivory lively lofty lonely marble misty modern narrow noble northern old painted pale
    quiet rapid rocky royal rural rustic sandy scarlet shaded silent silver slender southern
    steep stone sunny tall tidal velvet western wild windy winter wooden young
    """.split()
)
NOUNS = tuple(
    """
    abbey archive avenue bakery bay bell bridge brook canal castle cathedral chapel cliff clock
    courtyard dock estate festival field forest fountain garden gate glacier harbour hill island
    lake lantern library lighthouse market meadow mill monastery museum observatory orchard
    palace pier plaza quarry railway ridge river road school shore spring square stadium station
    street temple theatre tower trail tunnel valley village vineyard wall well workshop
    """.split()
)

MAX_WORDS_PER_NAME = 4000
"""Upper bound on description words per name (a 64k-token prompt needs ~100 on 80 nodes)."""

Render = Callable[[nx.Graph], str]


class _Descriptions:
    """Per-node word streams, drawn lazily from a generator seeded by (seed, name)."""

    def __init__(self, names: list[str], rng_seed: object) -> None:
        self._rngs = {name: rng_for("lengthen_names", rng_seed, name) for name in names}
        self._words: dict[str, list[str]] = {name: [] for name in names}

    def long_name(self, name: str, n_words: int) -> str:
        words = self._words[name]
        rng = self._rngs[name]
        while len(words) < n_words:
            vocabulary = ADJECTIVES if len(words) % 2 == 0 else NOUNS
            words.append(vocabulary[rng.randrange(len(vocabulary))])
        if n_words == 0:
            return name
        pairs = [" ".join(words[i : i + 2]) for i in range(0, n_words, 2)]
        return f"{name}, {', '.join(pairs)}"


def lengthen_names(
    graph: nx.Graph,
    target_tokens: int,
    render: Render,
    count_tokens: Callable[[str], int],
    rng_seed: object,
    *,
    tolerance: float = 0.05,
) -> tuple[nx.Graph, dict[str, str]]:
    """Relabel ``graph`` with longer names so ``count_tokens(render(g))`` hits ``target_tokens``.

    ``render(relabelled_graph)`` writes the whole prompt; the relabelled graph keeps the node
    insertion order of ``graph``, so ``zip(graph.nodes, relabelled.nodes)`` pairs old and new
    names (to rename task parameters). Returns the relabelled copy (same topology, node order and
    attributes) and the mapping old name -> new name. Raises :class:`SamplingError` if the
    prompt is already longer than the target, or if no word budget lands within ``tolerance``
    (relative) of it.
    """
    names = sorted(graph.nodes())
    if not names:
        raise SamplingError("cannot lengthen the names of an empty graph")
    descriptions = _Descriptions(names, rng_seed)
    # Which nodes get the extra word when the budget does not split evenly: a seeded order.
    extra_order = list(names)
    rng_for("lengthen_names/order", rng_seed).shuffle(extra_order)
    rank = {name: i for i, name in enumerate(extra_order)}
    n = len(names)

    def relabel(budget: int) -> tuple[nx.Graph, dict[str, str]]:
        base, extra = divmod(budget, n)
        mapping = {
            name: descriptions.long_name(name, base + (1 if rank[name] < extra else 0))
            for name in names
        }
        if len(set(mapping.values())) != n:
            raise SamplingError("lengthened node names collide; use another rng_seed")
        return nx.relabel_nodes(graph, mapping, copy=True), mapping

    measured: dict[int, int] = {}

    def tokens(budget: int) -> int:
        if budget not in measured:
            relabelled, _ = relabel(budget)
            measured[budget] = count_tokens(render(relabelled))
        return measured[budget]

    low_ok = target_tokens * (1 - tolerance)
    high_ok = target_tokens * (1 + tolerance)
    if tokens(0) > high_ok:
        raise SamplingError(
            f"the prompt already has {tokens(0)} tokens with the original names, more than "
            f"the target {target_tokens} (+{tolerance:.0%}); use a smaller graph or larger target"
        )
    best = _smallest_budget_reaching(tokens, target_tokens, n * MAX_WORDS_PER_NAME, n)
    candidates = [b for b in (best - 1, best) if b >= 0]
    chosen = min(candidates, key=lambda b: (abs(tokens(b) - target_tokens), b))
    if not low_ok <= tokens(chosen) <= high_ok:
        raise SamplingError(
            f"could not bring the prompt within {tolerance:.0%} of {target_tokens} tokens "
            f"(closest: {tokens(chosen)}); the target may exceed "
            f"{MAX_WORDS_PER_NAME} description words per name"
        )
    return relabel(chosen)


def _smallest_budget_reaching(
    tokens: Callable[[int], int], target: int, max_budget: int, n_nodes: int
) -> int:
    """Smallest word budget whose prompt has >= ``target`` tokens (``max_budget`` if none).

    The bracket comes from a linear estimate (tokens grow about linearly with the budget), so
    the bisection needs few token counts even for 64k-token prompts.
    """
    lo, hi = 0, min(max_budget, 2 * n_nodes)
    while tokens(hi) < target:
        if hi >= max_budget:
            return hi
        slope = max((tokens(hi) - tokens(lo)) / (hi - lo), 1e-9)
        estimate = hi + int((target - tokens(hi)) / slope) + 1
        margin = max(n_nodes, estimate // 50)
        lo, hi = hi, min(max_budget, max(estimate + margin, hi + 1))
        guess_low = estimate - margin
        if lo < guess_low < hi:
            if tokens(guess_low) < target:
                lo = guess_low
            else:
                hi = guess_low
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if tokens(mid) >= target:
            hi = mid
        else:
            lo = mid
    return hi
