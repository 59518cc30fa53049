"""Long-context variants: keep the topology, lengthen every node name to hit a token target.

Each name gets a deterministic, readable description drawn from fixed word lists with a seeded
generator (``"Paris"`` -> ``"Paris, amber harbour, quiet orchard, ..."``). A total word budget is
spread over the nodes (some get one word more than others) and found by bisection on the token
count of the rendered prompt, so the prompt lands within ``tolerance`` of the target.

The bisection does not re-render and re-tokenise the whole prompt for every budget it tries.
A description is appended to a name as ``", word word, word ..."``, and a BPE pre-tokeniser
splits text at those commas and spaces, so the prompt's count is the count with the original
names plus, for every node, (how often its name occurs) x (tokens of its description). The
occurrences come from one render with a marker after each name; each description is counted
once. The chosen prompt is then counted exactly; if that differs from the estimate (a name that
ends in punctuation, say), the search is redone from scratch on exact counts.

The estimate follows exact counting step by step, quirks included: a name with an odd number of
words ends in a whole pair when more words were drawn for it before, so a name depends on the
budgets tried earlier; the estimate asks for names in the same order and remembers each budget's
first count, as the exact search does, so both choose the same budget and write the same names.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from gralgo.errors import SamplingError
from gralgo.lazy import lazy_module
from gralgo.seeding import rng_for

if TYPE_CHECKING:
    import networkx as nx
else:
    nx = lazy_module("networkx")

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

Render = Callable[["nx.Graph[str]"], str]


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
    graph: nx.Graph[str],
    target_tokens: int,
    render: Render,
    count_tokens: Callable[[str], int],
    rng_seed: object,
    *,
    tolerance: float = 0.05,
) -> tuple[nx.Graph[str], dict[str, str]]:
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
    fast = _Search(graph, names, render, count_tokens, rng_seed, additive=True)
    relabelled, mapping = fast.run(target_tokens, tolerance)
    # The estimate holds when names end in a letter or digit; check it on the result, and
    # otherwise search again from scratch on exact counts.
    if count_tokens(render(relabelled)) == fast.estimate_now(fast.chosen):
        return relabelled, mapping
    return _Search(graph, names, render, count_tokens, rng_seed, additive=False).run(
        target_tokens, tolerance
    )


class _Search:
    """One search for the word budget that brings the prompt to a target token count."""

    def __init__(
        self,
        graph: nx.Graph[str],
        names: list[str],
        render: Render,
        count_tokens: Callable[[str], int],
        rng_seed: object,
        *,
        additive: bool,
    ) -> None:
        self.graph, self.names, self.n = graph, names, len(names)
        self.render, self.count_tokens = render, count_tokens
        self.descriptions = _Descriptions(names, rng_seed)
        # Which nodes get the extra word when the budget does not split evenly: a seeded order.
        extra_order = list(names)
        rng_for("lengthen_names/order", rng_seed).shuffle(extra_order)
        self.rank = {name: i for i, name in enumerate(extra_order)}
        self.additive = additive
        self.measured: dict[int, int] = {}
        self.estimate: _AdditiveCount | None = None
        self.chosen = 0

    def relabel(self, budget: int) -> tuple[nx.Graph[str], dict[str, str]]:
        base, extra = divmod(budget, self.n)
        mapping = {
            name: self.descriptions.long_name(name, base + (1 if self.rank[name] < extra else 0))
            for name in self.names
        }
        if len(set(mapping.values())) != self.n:
            raise SamplingError("lengthened node names collide; use another rng_seed")
        return nx.relabel_nodes(self.graph, mapping, copy=True), mapping

    def exact(self, budget: int) -> int:
        """Tokens of the prompt for ``budget``, counted the first time it is asked."""
        if budget not in self.measured:
            relabelled, _ = self.relabel(budget)
            self.measured[budget] = self.count_tokens(self.render(relabelled))
        return self.measured[budget]

    def estimate_now(self, budget: int) -> int:
        """The additive estimate for ``budget`` as the names would be written now."""
        assert self.estimate is not None
        return self.estimate.fresh(budget)

    def run(self, target_tokens: int, tolerance: float) -> tuple[nx.Graph[str], dict[str, str]]:
        low_ok = target_tokens * (1 - tolerance)
        high_ok = target_tokens * (1 + tolerance)
        if self.exact(0) > high_ok:
            raise SamplingError(
                f"the prompt already has {self.exact(0)} tokens with the original names, more "
                f"than the target {target_tokens} (+{tolerance:.0%}); use a smaller graph or "
                "larger target"
            )
        tokens: Callable[[int], int] = self.exact
        if self.additive:
            self.estimate = _AdditiveCount(
                self.graph,
                self.names,
                self.render,
                self.count_tokens,
                self.descriptions,
                self.rank,
                self.exact(0),
            )
            tokens = self.estimate
        best = _smallest_budget_reaching(tokens, target_tokens, self.n * MAX_WORDS_PER_NAME, self.n)
        candidates = [b for b in (best - 1, best) if b >= 0]
        self.chosen = min(candidates, key=lambda b: (abs(tokens(b) - target_tokens), b))
        if not low_ok <= tokens(self.chosen) <= high_ok:
            raise SamplingError(
                f"could not bring the prompt within {tolerance:.0%} of {target_tokens} tokens "
                f"(closest: {tokens(self.chosen)}); the target may exceed "
                f"{MAX_WORDS_PER_NAME} description words per name"
            )
        return self.relabel(self.chosen)


class _AdditiveCount:
    """Prompt tokens for a word budget from per-name counts, without rendering the prompt."""

    def __init__(
        self,
        graph: nx.Graph[str],
        names: list[str],
        render: Render,
        count_tokens: Callable[[str], int],
        descriptions: _Descriptions,
        rank: dict[str, int],
        base_tokens: int,
    ) -> None:
        self._names, self._rank, self._n = names, rank, len(names)
        self._count, self._descriptions = count_tokens, descriptions
        self._base = base_tokens
        self._occurrences = _name_occurrences(graph, names, render)
        self._suffix_tokens: dict[str, int] = {}
        self._memo: dict[int, int] = {}

    def _suffix(self, name: str, n_words: int) -> int:
        # Asked exactly as relabelling asks, in the same order: a long name with an odd word
        # count depends on how many words were drawn before (its last pair may hold one more),
        # so the estimate must see the same history as the exact count would.
        text = self._descriptions.long_name(name, n_words)[len(name) :]
        if text not in self._suffix_tokens:
            self._suffix_tokens[text] = self._count(text) if text else 0
        return self._suffix_tokens[text]

    def fresh(self, budget: int) -> int:
        """The count for ``budget`` with the names as they would be written now."""
        base, extra = divmod(budget, self._n)
        return self._base + sum(
            self._occurrences[name] * self._suffix(name, base + (self._rank[name] < extra))
            for name in self._names
        )

    def __call__(self, budget: int) -> int:
        """The count the first time ``budget`` was asked (as exact counting memoises it)."""
        if budget not in self._memo:
            self._memo[budget] = self.fresh(budget)
        return self._memo[budget]


def _name_occurrences(graph: nx.Graph[str], names: list[str], render: Render) -> dict[str, int]:
    """How often each name occurs in the prompt: one render with a letters-only marker after it."""
    width = max(1, math.ceil(math.log(len(names) + 1, 26)))

    def marker(i: int) -> str:
        letters = "".join(chr(ord("a") + (i // 26**p) % 26) for p in range(width))
        return f"qzmarker{letters}zq"

    markers = {name: marker(i) for i, name in enumerate(names)}
    text = render(nx.relabel_nodes(graph, {n: f"{n}, {markers[n]}" for n in names}, copy=True))
    return {name: text.count(markers[name]) for name in names}


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
