"""The lists written by other authors without reading the extractor (``trace_facts_round4``
to ``trace_facts_round33``; splits ``round4`` to ``round33``): each labels
every statement kind in every format with phrasings no earlier list has, deterministically.
Rounds 4 to 10 were each measured once held out and then tuned on; the goal on them (precision
>= 0.95, recall >= 0.8 per error kind in every format) is asserted with the other tuned lists in
``test_trace_facts_phrasings``. A fresh list, held out (measured, never tuned on), is asserted
here: register its bank in ``trace_facts_phrasings`` (``SPLITS`` and ``ROUND_BANKS``), then add
it to ``EARLIER`` and ``HELD_OUT`` here (design/trace-facts.md, Validation)."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest

from gralgo.analysis._trace_check import ERROR_KINDS
from tests.analysis import trace_facts_phrasings as phrasings
from tests.analysis.hash_seeds import printed_under_hash_seeds
from tests.analysis.test_trace_facts_phrasings import _misses
from tests.analysis.trace_facts_planted import FORMATS, TASKS

BANKS = phrasings.ROUND_BANKS
EARLIER = {
    "round4": ("dev", "dev2", "dev3", "dev4"),
    "round5": ("dev", "dev2", "dev3", "dev4", "round4"),
    "round6": ("dev", "dev2", "dev3", "dev4", "round4", "round5"),
    "round7": ("dev", "dev2", "dev3", "dev4", "round4", "round5", "round6"),
    "round8": ("dev", "dev2", "dev3", "dev4", "round4", "round5", "round6", "round7"),
    "round9": ("dev", "dev2", "dev3", "dev4", "round4", "round5", "round6", "round7", "round8"),
    "round10": (
        *("dev", "dev2", "dev3", "dev4", "round4", "round5", "round6", "round7", "round8"),
        "round9",
    ),
    "round11": (
        *("dev", "dev2", "dev3", "dev4", "round4", "round5", "round6", "round7", "round8"),
        *("round9", "round10"),
    ),
    "round12": (
        *("dev", "dev2", "dev3", "dev4", "round4", "round5", "round6", "round7", "round8"),
        *("round9", "round10", "round11"),
    ),
    "round13": (
        *("dev", "dev2", "dev3", "dev4", "round4", "round5", "round6", "round7", "round8"),
        *("round9", "round10", "round11", "round12"),
    ),
    "round14": (
        *("dev", "dev2", "dev3", "dev4", "round4", "round5", "round6", "round7", "round8"),
        *("round9", "round10", "round11", "round12", "round13"),
    ),
    "round15": (
        *("dev", "dev2", "dev3", "dev4", "round4", "round5", "round6", "round7", "round8"),
        *("round9", "round10", "round11", "round12", "round13", "round14"),
    ),
    "round16": (
        *("dev", "dev2", "dev3", "dev4", "round4", "round5", "round6", "round7", "round8"),
        *("round9", "round10", "round11", "round12", "round13", "round14", "round15"),
    ),
    "round17": (
        *("dev", "dev2", "dev3", "dev4", "round4", "round5", "round6", "round7", "round8"),
        *("round9", "round10", "round11", "round12", "round13", "round14", "round15"),
        "round16",
    ),
    "round18": (
        *("dev", "dev2", "dev3", "dev4", "round4", "round5", "round6", "round7", "round8"),
        *("round9", "round10", "round11", "round12", "round13", "round14", "round15"),
        *("round16", "round17"),
    ),
    "round19": (
        *("dev", "dev2", "dev3", "dev4", "round4", "round5", "round6", "round7", "round8"),
        *("round9", "round10", "round11", "round12", "round13", "round14", "round15"),
        *("round16", "round17", "round18"),
    ),
    "round20": (
        *("dev", "dev2", "dev3", "dev4", "round4", "round5", "round6", "round7", "round8"),
        *("round9", "round10", "round11", "round12", "round13", "round14", "round15"),
        *("round16", "round17", "round18", "round19"),
    ),
    "round21": (
        *("dev", "dev2", "dev3", "dev4", "round4", "round5", "round6", "round7", "round8"),
        *("round9", "round10", "round11", "round12", "round13", "round14", "round15"),
        *("round16", "round17", "round18", "round19", "round20"),
    ),
    "round22": (
        *("dev", "dev2", "dev3", "dev4", "round4", "round5", "round6", "round7", "round8"),
        *("round9", "round10", "round11", "round12", "round13", "round14", "round15"),
        *("round16", "round17", "round18", "round19", "round20", "round21"),
    ),
    "round23": (
        *("dev", "dev2", "dev3", "dev4", "round4", "round5", "round6", "round7", "round8"),
        *("round9", "round10", "round11", "round12", "round13", "round14", "round15"),
        *("round16", "round17", "round18", "round19", "round20", "round21", "round22"),
    ),
    "round24": (
        *("dev", "dev2", "dev3", "dev4", "round4", "round5", "round6", "round7", "round8"),
        *("round9", "round10", "round11", "round12", "round13", "round14", "round15"),
        *("round16", "round17", "round18", "round19", "round20", "round21", "round22"),
        "round23",
    ),
    "round25": (
        *("dev", "dev2", "dev3", "dev4", "round4", "round5", "round6", "round7", "round8"),
        *("round9", "round10", "round11", "round12", "round13", "round14", "round15"),
        *("round16", "round17", "round18", "round19", "round20", "round21", "round22"),
        *("round23", "round24"),
    ),
    "round26": (
        *("dev", "dev2", "dev3", "dev4", "round4", "round5", "round6", "round7", "round8"),
        *("round9", "round10", "round11", "round12", "round13", "round14", "round15"),
        *("round16", "round17", "round18", "round19", "round20", "round21", "round22"),
        *("round23", "round24", "round25"),
    ),
    "round27": (
        *("dev", "dev2", "dev3", "dev4", "round4", "round5", "round6", "round7", "round8"),
        *("round9", "round10", "round11", "round12", "round13", "round14", "round15"),
        *("round16", "round17", "round18", "round19", "round20", "round21", "round22"),
        *("round23", "round24", "round25", "round26"),
    ),
    "round28": (
        *("dev", "dev2", "dev3", "dev4", "round4", "round5", "round6", "round7", "round8"),
        *("round9", "round10", "round11", "round12", "round13", "round14", "round15"),
        *("round16", "round17", "round18", "round19", "round20", "round21", "round22"),
        *("round23", "round24", "round25", "round26", "round27"),
    ),
    "round29": (
        *("dev", "dev2", "dev3", "dev4", "round4", "round5", "round6", "round7", "round8"),
        *("round9", "round10", "round11", "round12", "round13", "round14", "round15"),
        *("round16", "round17", "round18", "round19", "round20", "round21", "round22"),
        *("round23", "round24", "round25", "round26", "round27", "round28"),
    ),
    "round30": (
        *("dev", "dev2", "dev3", "dev4", "round4", "round5", "round6", "round7", "round8"),
        *("round9", "round10", "round11", "round12", "round13", "round14", "round15"),
        *("round16", "round17", "round18", "round19", "round20", "round21", "round22"),
        *("round23", "round24", "round25", "round26", "round27", "round28", "round29"),
    ),
    "round31": (
        *("dev", "dev2", "dev3", "dev4", "round4", "round5", "round6", "round7", "round8"),
        *("round9", "round10", "round11", "round12", "round13", "round14", "round15"),
        *("round16", "round17", "round18", "round19", "round20", "round21", "round22"),
        *("round23", "round24", "round25", "round26", "round27", "round28", "round29"),
        "round30",
    ),
    "round32": (
        *("dev", "dev2", "dev3", "dev4", "round4", "round5", "round6", "round7", "round8"),
        *("round9", "round10", "round11", "round12", "round13", "round14", "round15"),
        *("round16", "round17", "round18", "round19", "round20", "round21", "round22"),
        *("round23", "round24", "round25", "round26", "round27", "round28", "round29"),
        *("round30", "round31"),
    ),
    "round33": (
        *("dev", "dev2", "dev3", "dev4", "round4", "round5", "round6", "round7", "round8"),
        *("round9", "round10", "round11", "round12", "round13", "round14", "round15"),
        *("round16", "round17", "round18", "round19", "round20", "round21", "round22"),
        *("round23", "round24", "round25", "round26", "round27", "round28", "round29"),
        *("round30", "round31", "round32"),
    ),
}
"""The lists each round was written after (none of their phrasings may reappear)."""
ROUNDS = pytest.mark.parametrize("split", list(BANKS))
PLACEHOLDERS = {
    *("u", "v", "bu", "bv", "w", "d", "h", "k", "items", "items_and", "items_brace"),
    *("bitems", "path", "bpath", "sum", "shape", "d_words", "h_words", "k_words"),
}
TASK_KINDS = {"node_weight": {"max_weight_triangle"}, "edge_weight": {"mst_weight", "path_sum",
              "distance_threshold"}, "clique": {"max_clique", "max_weight_triangle"},
              "k_core": {"max_kcore"}, "hop_ball": {"distance_k"}}  # fmt: skip
"""Statement kinds said only in some tasks (weighted graphs, the task's certificate)."""


@ROUNDS
def test_the_bank_has_every_kind_with_fresh_phrasings(split: str) -> None:
    bank_module, before = BANKS[split], EARLIER[split]
    assert set(bank_module.PHRASINGS) == set(phrasings.PHRASINGS)
    assert set(bank_module.TABLES) == set(phrasings.TABLES)
    earlier = {t for kind in phrasings.PHRASINGS.values() for s in before for _, t in kind[s]}
    earlier |= {row for kind in phrasings.TABLES.values() for s in before for pair in kind[s]
                for row in pair}  # fmt: skip
    earlier |= {text for s in before for text in phrasings.FILLER[s]}
    for kind, bank in bank_module.PHRASINGS.items():
        assert len(bank) >= 8, kind
        assert len({t for _, t in bank}) == len(bank), kind
        for _, template in bank:
            assert template not in earlier, template
            assert set(phrasings._fields(template)) <= PLACEHOLDERS, template
    assert not {h for tables in bank_module.TABLES.values() for h, _ in tables} & earlier
    for text in bank_module.FILLER:
        assert text not in earlier
        assert set(phrasings._fields(text)) <= {"u", "v", "bu", "bv"}, text


@ROUNDS
def test_the_labelled_set_is_deterministic(split: str) -> None:
    """The same traces in every process, whatever its string-hash seed."""
    digests = printed_under_hash_seeds(_DIGEST.format(split=split), ("1", "2", "3"))
    assert len(digests) == 1
    first, second = (phrasings.labelled_set(split, seeds=1) for _ in range(2))
    assert [(t.text, t.errors, t.correct, t.styles) for t in first] == [
        (t.text, t.errors, t.correct, t.styles) for t in second
    ]
    assert digests == {_digest(first) + "\n"}


_DIGEST = (
    "from tests.analysis.test_trace_facts_rounds import _digest\n"
    "from tests.analysis.trace_facts_phrasings import labelled_set\n"
    "print(_digest(labelled_set({split!r}, seeds=1)))"
)


def _digest(traces: list[phrasings.Labelled]) -> str:
    rows = [(t.text, t.errors, t.correct, sorted((t.styles or {}).items())) for t in traces]
    return hashlib.sha256(repr(rows).encode()).hexdigest()


@ROUNDS
def test_every_kind_is_labelled_in_every_format(
    split: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    said: Counter[tuple[str, str, str]] = Counter()
    choose = phrasings._Author.phrasing

    def recorded(author: phrasings._Author, kind: str, *args: object) -> phrasings.Phrasing:
        chosen = choose(author, kind, *args)  # type: ignore[arg-type]
        said[author.fmt, kind, chosen[1]] += 1
        return chosen

    monkeypatch.setattr(phrasings._Author, "phrasing", recorded)
    traces = phrasings.labelled_set(split, seeds=2)
    assert len(traces) == len(TASKS) * len(FORMATS) * 2
    for fmt in FORMATS:
        for kind in BANKS[split].PHRASINGS:
            tasks = TASK_KINDS.get(kind, set(TASKS))
            assert sum(n for (f, k, _), n in said.items() if (f, k) == (fmt, kind)) >= 2 * len(
                tasks
            ), (fmt, kind)
        mine = [t for t in traces if t.format == fmt]
        planted = Counter(kind for t in mine for _, _, kind in t.errors)
        assert set(planted) == set(ERROR_KINDS), (fmt, planted)
        assert sum(len(t.correct) for t in mine) > 0
        assert sum(style == "table" for t in mine for style in (t.styles or {}).values()) == 4 * 18
    used = {template for _, _, template in said}
    assert used == {t for bank in BANKS[split].PHRASINGS.values() for _, t in bank}


HELD_OUT: list[object] = [
    pytest.param(
        "round13",
        marks=pytest.mark.xfail(
            strict=True,
            reason="round-13 phrasings, measured once held out: recall 0.58-0.76 per kind "
            "(set 0.58, missed edge 0.61, hallucinated edge 0.67, weight 0.69, distance 0.75, "
            "degree 0.76), precision hallucinated edge 0.82, missed edge 0.88, weight 0.99, "
            "degree 1.00, distance 0.99; tuned on since for precision: precision hallucinated "
            "edge 1.00, missed edge 1.00, weight 1.00, degree 1.00, distance 1.00, recall "
            "hallucinated edge 0.66, missed edge 0.63, the others unchanged; then for recall: "
            "recall hallucinated edge 0.81, missed edge 0.78, weight 0.74, degree 0.77, distance "
            "0.75, set 0.58, precision unchanged (design/trace-facts.md, Round 13)",
        ),
    ),
    pytest.param(
        "round15",
        marks=pytest.mark.xfail(
            strict=True,
            reason="round-15 phrasings, measured once held out (on round 14's measuring code): "
            "recall 0.53-0.60 per kind (set 0.53, hallucinated edge 0.53, distance 0.53, missed "
            "edge 0.57, weight 0.60, degree 0.60), precision hallucinated edge 0.87, missed edge "
            "0.95, distance 0.99, weight 1.00, degree 1.00; tuned on since for precision: "
            "precision 1.00 every kind; then for recall: recall hallucinated edge 0.86, missed "
            "edge 0.86, weight 0.80, degree 0.93, distance 0.89, set 0.63 (numeric ids: weight "
            "0.57, degree 0.74; sets 0.50 in three formats), precision 1.00 every kind; tuned "
            "on again with round 17: recall hallucinated edge 0.88, missed edge 0.90, set 0.75, "
            "the others unchanged; 6 / 5 cells below the goal at 2 / 4 seeds (sets 0.50-0.75, "
            "numeric ids' weights 0.57-0.67 and degrees 0.74-0.78) (design/trace-facts.md, "
            "Round 15; Rounds 16 and 15, tuned on again)",
        ),
    ),
    pytest.param(
        "round16",
        marks=pytest.mark.xfail(
            strict=True,
            reason="round-16 phrasings, measured once held out (after round 14's tuning): recall "
            "0.52-0.63 per kind (missed edge 0.52, weight 0.57, hallucinated edge 0.58, degree "
            "0.61, distance 0.62, set 0.63), precision hallucinated edge 0.86, weight 0.95, "
            "missed edge 0.98, degree 1.00, distance 1.00; tuned on since for precision: 1.00 "
            "for every kind; then for recall: hallucinated edge 0.82, missed edge 0.80, weight "
            "0.83, degree 0.88, distance 0.89, set 0.70, precision unchanged; tuned on again "
            "with round 17: recall hallucinated edge 0.89, missed edge 0.83, degree 0.97, "
            "distance 0.90, the others unchanged, precision 1.00; 7 / 6 cells below the goal at "
            "2 / 4 seeds (sets 0.38-0.75, weights under adjacency lists and long names "
            "0.74-0.76, numeric ids' missed edges 0.78 and distances 0.77 at 2 seeds) "
            "(design/trace-facts.md, Round 16; Rounds 16 and 15, tuned on again)",
        ),
    ),
    pytest.param(
        "round19",
        marks=pytest.mark.xfail(
            strict=True,
            reason="round-19 phrasings (the mix real traces use, in model-family voices: terse "
            "analysis-channel notes, run-on monologues, self-checks, headed bullets), measured "
            "held out at 503f84e (before rounds 17 and 18 were tuned on): recall 0.58-0.84 per "
            "kind (missed edge 0.58, set 0.63, weight 0.64, hallucinated edge 0.71, distance "
            "0.81, degree 0.84), precision hallucinated edge 0.85, degree 0.99, missed edge "
            "0.99, the others 1.00; by style prose recall 0.40-0.59; measured again held out "
            "after rounds 17 and 18 were tuned on to the goal (a4c7958): recall 0.58-0.83 "
            "(missed edge 0.58, set 0.63, weight 0.65, hallucinated edge 0.72, distance 0.82, "
            "degree 0.83), precision hallucinated edge 0.85, missed edge 0.97, degree 0.99, "
            "prose recall 0.40-0.61: the tuning did not carry over (design/trace-facts.md, "
            "Round 19); after round 22 was tuned on (tune26, 4 seeds): precision hallucinated "
            "edge 0.94 -> 0.97 (`A ⟷ B: no` no longer an edge), recall missed edge 0.58 -> "
            "0.61, the others unchanged; 22 / 23 cells below the goal at 2 / 4 seeds; after "
            "meta-talk stopped refusing the fact beside it too (tune25, 2 seeds): recall "
            "hallucinated edge 0.78, missed edge 0.63, weight 0.66, distance 0.85, the others "
            "unchanged, precision unchanged or higher; 20 cells below the goal at 2 seeds "
            "(design/trace-facts.md, Round 22, tuned on); after the false-flag classes were "
            "fixed (tune27, 4 seeds): precision hallucinated edge 0.97 -> 1.00, missed edge "
            "0.97 -> 0.99, degree 0.99 -> 1.00, recall hallucinated edge 0.77, missed edge "
            "0.64, degree 0.84, the others unchanged; 19 cells below the goal at 2 seeds "
            "(design/trace-facts.md, False flags, by class)",
        ),
    ),
    pytest.param(
        "round20",
        marks=pytest.mark.xfail(
            strict=True,
            reason="round-20 phrasings (the mix real traces use, each a step of one of the nine "
            "tasks' algorithms with its bookkeeping), measured held out at a1c0e99 (rounds 17 "
            "and 18 tuned on, round 19 not): recall 0.49-0.74 per kind (missed edge 0.49, "
            "weight 0.58, hallucinated edge 0.63, set 0.70, distance 0.71, degree 0.74), "
            "precision hallucinated edge 0.73, missed edge 0.97, degree and distance 0.99, the "
            "others 1.00; by style prose recall 0.43-0.55, code hallucinated-edge precision "
            "0.27; tuned on since (rounds 20 and 21, tuned on): precision hallucinated edge "
            "1.00, missed edge 0.99, degree 0.99, distance 1.00, the others 1.00; recall "
            "hallucinated edge 0.65, missed edge 0.54, weight 0.58, degree 0.77, distance 0.80, "
            "set 0.70; 24 / 23 cells below the goal at 2 / 4 seeds (worst precision 0.95, "
            "numeric ids' missed edges; worst recall 0.48-0.49) (design/trace-facts.md, Round "
            "20; Rounds 20 and 21, tuned on); unchanged in every kind after meta-talk stopped "
            "refusing the fact beside it (Round 22, tuned on); after the false-flag classes "
            "were fixed (tune27, 4 seeds): precision missed edge 0.99 -> 1.00, recall "
            "hallucinated edge 0.66, the others unchanged; 24 cells below the goal "
            "(design/trace-facts.md, False flags, by class)",
        ),
    ),
    pytest.param(
        "round21",
        marks=pytest.mark.xfail(
            strict=True,
            reason="round-21 phrasings (the mix real traces use, from the parts around the "
            "search: reading the input, self-corrections, final checks and recaps, answers "
            "that justify themselves), measured held out at 75cb127 (rounds 17 and 18 tuned "
            "on): recall 0.58-0.84 per kind (weight 0.58, set 0.60, hallucinated edge 0.61, "
            "missed edge 0.64, distance 0.82, degree 0.84), precision hallucinated edge 0.94, "
            "the others 1.00; by style prose recall 0.35-0.83, inline code hallucinated edges "
            "0.11; tuned on since (rounds 20 and 21, tuned on): precision 1.00 every kind; "
            "recall hallucinated edge 0.83, missed edge 0.80, weight 0.59, degree 0.84, "
            "distance 0.86, set 0.80; 10 / 10 cells below the goal at 2 / 4 seeds (weights "
            "0.38-0.76 in every format, sets 0.50-0.75 in three, numeric ids' missed edges "
            "0.70-0.71 and degrees 0.75-0.76) (design/trace-facts.md, Round 21; Rounds 20 and "
            "21, tuned on); after meta-talk stopped refusing the fact beside it (2 seeds): "
            "recall hallucinated edge 0.86, degree 0.87, distance 0.89, set 0.85, the others "
            "unchanged, precision 1.00; 9 cells below the goal (was 10) (Round 22, tuned on); "
            "after the false-flag classes were fixed (tune27, 4 seeds): recall missed edge "
            "0.81, the others unchanged, precision 1.00 (design/trace-facts.md, False flags, "
            "by class)",
        ),
    ),
    pytest.param(
        "round22",
        marks=pytest.mark.xfail(
            strict=True,
            reason="round-22 phrasings (the mix real traces use, long and messy: facts buried "
            "in run-on sentences, stated in passing, in summaries with asides and in running "
            "notes with abbreviations), measured held out at 0ce524d (rounds 17 and 18 tuned "
            "on, 20 and 21 not): recall 0.58-0.77 per kind (hallucinated edge 0.58, missed "
            "edge 0.58, weight 0.63, set 0.75, degree 0.77, distance 0.77), precision "
            "hallucinated edge 0.94, degree 0.97, set 0.88, the others 1.00; by style prose "
            "recall 0.46-0.57, LaTeX weights 0.00; measured again held out after rounds 20 "
            "and 21 were tuned on (152147e): recall unchanged to the third decimal in every "
            "kind, precision hallucinated edge 0.98 (prose 0.93 -> 1.00), the others "
            "unchanged; tuned on (tune26, the words models use): recall hallucinated edge "
            "0.58 -> 0.66, missed edge 0.58 -> 0.69, weight 0.63 -> 0.69, the others "
            "unchanged, precision unchanged; 26 / 28 -> 25 / 28 cells below the goal at 2 / 4 "
            "seeds; and (tune25, meta-talk does not refuse the fact beside it, 2 seeds): "
            "recall hallucinated edge 0.82, missed edge 0.81, weight 0.81, degree 0.95, "
            "distance 0.88, set 0.85, precision hallucinated edge 0.98, degree 0.99, set 0.85, "
            "the others 1.00; prose recall 0.64-0.93; 25 -> 12 cells below the goal at 2 seeds "
            "(design/trace-facts.md, Round 22; Round 22, tuned on); after the false-flag "
            "classes were fixed (tune27, 4 seeds): precision hallucinated edge 0.99 -> 1.00, "
            "degree 0.98 -> 1.00, set 0.90 -> 1.00, recall hallucinated edge 0.83 -> 0.85, the "
            "others unchanged; 12 -> 10 cells below the goal at 2 seeds (design/trace-facts.md, "
            "False flags, by class)",
        ),
    ),
    pytest.param(
        "round23",
        marks=pytest.mark.xfail(
            strict=True,
            reason="round-23 phrasings (smaller open models' formulaic traces: off grammar, "
            "step scaffolding, facts said twice; and the recap and verification sections that "
            "end traces), measured held out at 9fa64ec (the reader of ccae568: rounds 20 and 21 "
            "tuned on, 22 not): recall 0.78-0.99 per kind (set 0.78, missed edge 0.79, "
            "hallucinated edge 0.87, distance 0.87, weight 0.97, degree 0.99), precision "
            "degree 0.97, distance 0.996, the others 1.00; by style code edges 0.64, bold "
            "missed edges 0.36, arrows 0.65-0.78; 7 / 6 cells below the goal at 2 / 4 seeds "
            "(sets 0.50-0.75 of 4 planted, missed edges 0.76-0.80 in three formats); measured "
            "again held out after round 22 was tuned on (3d9851e): recall hallucinated edge "
            "0.89, missed edge 0.82, the others unchanged, precision unchanged; 6 / 5 cells below "
            "(design/trace-facts.md, Round 23; Carry-over of round 22's tuning)",
        ),
    ),
    pytest.param(
        "round24",
        marks=pytest.mark.xfail(
            strict=True,
            reason="round-24 phrasings (facts used as premises in the middle of the search: "
            "after since / because, before so / which is why, as the reason a candidate is "
            "kept or dropped, in frontier models' voices), measured held out at a3d024a (the "
            "reader of ccae568: rounds 20 and 21 tuned on, 22 not): recall 0.63-0.90 per kind "
            "(missed edge 0.63, weight 0.70, distance 0.74, hallucinated edge 0.79, degree "
            "0.82, set 0.90), precision hallucinated edge 0.96, set 0.95, missed edge 0.99, "
            "the others 1.00; by style code 0.31-0.64 (hallucinated-edge precision 0.77), "
            "lists' missed edges and degrees 0.00, prose 0.66-0.96; 22 / 21 cells below the "
            "goal at 2 / 4 seeds; measured again held out after round 22 was tuned on "
            "(3d9851e): recall missed edge 0.66, degree 0.86, distance 0.78, hallucinated edge "
            "0.79, weight and set unchanged, precision unchanged (set 1.00 after the false-flag "
            "classes of rounds 19-22, 2db479a); 19 / 21 cells below at 2 / 4 "
            "(design/trace-facts.md, Round 24; Carry-over of round 22's tuning)",
        ),
    ),
    pytest.param(
        "round25",
        marks=pytest.mark.xfail(
            strict=True,
            reason="round-25 phrasings (self-questions answered at once: 'Is A connected to "
            "B? Yes.', 'What's A's degree? Counting: 4.', code with the answer as a comment or "
            "a REPL echo, Q/A bold labels, tables whose headers ask), measured held out at "
            "90dcd66 (round 22 tuned on, rounds 23-25 not): recall 0.05-0.53 per kind "
            "(set 0.05, distance 0.19, weight 0.30, hallucinated edge 0.33, missed edge 0.43, "
            "degree 0.53), precision hallucinated edge 0.87, the others 1.00; the same to the "
            "third decimal on the reader before round 22's tuning (ccae568); by style tables "
            "and LaTeX 0.40-1.00, prose 0.00-0.45, lists 0.00-0.16 (hallucinated-edge "
            "precision 0.33), code 0.00-0.51 (0.77); 30 / 30 cells below the goal at 2 / 4 "
            "seeds; then tuned on (tune28: a question answered at once states its answer): "
            "recall hallucinated edge 0.53, missed edge 0.62, weight 0.57, degree 0.75, "
            "distance 0.46, set 0.05, precision hallucinated edge 0.92, the others 1.00; "
            "29 / 29 cells below at 2 / 4 seeds; after round 26 was tuned on (tune29: tag "
            "questions, echoed answers, answers a line later): weight 0.67, degree 0.84, "
            "distance 0.54, set 0.13, hallucinated edge 0.54, 25 cells below at 2 seeds "
            "(design/trace-facts.md, Round 25; Round 25, tuned on; Round 26, tuned on); after "
            "round 27 was tuned on for recall (tune32): precision hallucinated edge 0.947, "
            "recall weight 0.72, distance 0.61, 25 cells below (Round 27, tuned on for recall)",
        ),
    ),
    pytest.param(
        "round26",
        marks=pytest.mark.xfail(
            strict=True,
            reason="round-26 phrasings (the questioning voice, looser: tag questions answered "
            "'Right.', answers after a digression, answers that repeat the question, questions "
            "to the reader, code whose query is the question and whose output the answer), "
            "measured held out at 213e395 (rounds 22 tuned on, 25 not; written while a rule "
            "for questions answered at once was being tuned on round 25): recall 0.03-0.48 "
            "per kind (set 0.03, distance 0.16, missed edge 0.28, weight 0.32, hallucinated "
            "edge 0.32, degree 0.48), precision hallucinated edge 0.92, the others 1.00; the "
            "same on the reader before round 22's tuning (ccae568); 30 / 30 cells below the "
            "goal at 2 / 4 seeds; measured again held out after round 25 was tuned on (the "
            "rule for questions answered at once, 2db479a): recall weight 0.47, degree 0.56, "
            "distance 0.20, the others and precision unchanged; 30 cells below; then tuned "
            "on (tune29: a tag question its answer confirms states its statement, an answer "
            "repeating the question's subject and verb its value, an answer after a short "
            "digression, a query's output alone on the next line): recall hallucinated edge "
            "0.58, missed edge 0.48, weight 0.78, degree 0.82, distance 0.36, set 0.30, "
            "precision 1.00 in every kind; 26 cells below at 2 seeds; left: questions put to "
            "the reader ('You might ask whether …; they are.'), LaTeX-wrapped values, verbs "
            "the reader has no cue for ('sits next to', 'touch at all'), paths and sets "
            "(design/trace-facts.md, Round 26; Carry-over of the question rule; Round 26, "
            "tuned on); after round 27 was tuned on for recall (tune32): hallucinated edge "
            "0.61, missed edge 0.54, weight 0.81, degree 0.87, 24 cells below (Round 27, "
            "tuned on for recall)",
        ),
    ),
    pytest.param(
        "round27",
        marks=pytest.mark.xfail(
            strict=True,
            reason="round-27 phrasings (facts that answer the writer's own questions inside "
            "long traces: questions buried after a clause of work, 'or' questions answered by "
            "choosing, confirm checks, Q/A labels, REPL and notebook cells whose output line is "
            "the answer, LaTeX '= ?'), measured held out at 311d281 (round 25's question rule "
            "in, round 26 not tuned on): recall 0.22-0.70 per kind (missed edge 0.22, "
            "hallucinated edge 0.27, set 0.30, weight 0.37, distance 0.43, degree 0.70), "
            "precision hallucinated edge 0.52, weight 0.83, degree 0.92, distance 0.94, missed "
            "edge 0.99, set 1.00 (a REPL query read as the edge its next-line 'False' denies; "
            "a notebook cell's number read as the value); by style code precision 0.33-0.59, "
            "prose 0.13-0.54 recall; 30 / 30 cells below the goal at 2 / 4 seeds; measured again "
            "held out after round 26 was tuned on (bd823fb: tag questions, echoed answers, a "
            "query's output on the next line): precision hallucinated edge 0.62, weight, "
            "degree and distance 1.00, recall missed edge 0.30, hallucinated edge 0.31, set "
            "0.38, distance 0.45, weight 0.50, degree 0.72; 30 cells below "
            "(design/trace-facts.md, Round 27; Carry-over of round 26's tuning); tuned on since "
            "for precision (tune30: a query alone states nothing, an answered choice states "
            "its answer): precision hallucinated edge 0.99, missed edge 0.995, the others "
            "1.00; recall hallucinated edge 0.34, missed edge 0.36, the others unchanged; 30 "
            "cells below (Rounds 27 and 28, tuned on for precision); tuned on since for "
            "recall (tune32: confirm checks, answers repeating the question's word, questions "
            "after a lead of work, questions answered in their own sentence, quiz labels, "
            "arrow chains to the answer): recall hallucinated edge 0.58, missed edge 0.60, "
            "weight 0.57, degree 0.87, distance 0.57, set 0.38, precision hallucinated edge "
            "0.994, the others 1.00; 25 cells below (Round 27, tuned on for recall)",
        ),
    ),
    pytest.param(
        "round28",
        marks=pytest.mark.xfail(
            strict=True,
            reason="round-28 phrasings (code as models write it inside reasoning: a query and "
            "its printed output line, f-strings and logging with their echo, one-entry dicts, "
            "asserts, try/except probes, one-line algorithm state traces, fact-stating "
            "comments, prose that reads a result off the code), measured held out at 66b727e "
            "(round 25's question rule in, round 26 not tuned on): recall 0.66-0.79 per kind "
            "(missed edge 0.66, set 0.73, degree 0.76, distance 0.76, hallucinated edge 0.78, "
            "weight 0.79), precision hallucinated edge 0.87, missed edge 0.87, distance 0.99, "
            "the others 1.00 (a query read as the edge its printed False / None denies; a "
            "logged pair read as a whole neighbour list); by style code precision 0.70-1.00 "
            "and recall 0.44-0.74, prose around code 0.77-0.96; 25 cells below the goal at 2 "
            "seeds; measured again held out after round 26 was tuned on (bd823fb): precision "
            "hallucinated edge 0.91, missed edge 0.88, recall missed edge 0.74, distance 0.79, "
            "set 0.80, hallucinated edge 0.80, degree 0.82, weight 0.84; 19 cells below "
            "(design/trace-facts.md, Round 28; Carry-over of round 26's tuning); tuned on since "
            "for precision (tune30: a printed get_edge_data's None / is not None, a formatted "
            "print's output, a logging call's echo, an assert's message, a ruled-out edge): "
            "precision hallucinated edge 0.99, missed edge 1.00, degree 0.996, distance 0.995 "
            "('the number of edges on the shortest A–B route' read as a distance, left); "
            "recall hallucinated edge 0.84, missed edge 0.81, the others unchanged; 13 cells "
            "below (Rounds 27 and 28, tuned on for precision); its last false flags fixed "
            "(tune34: the route's edge count a hop count, a self-pair heap triple, a call in "
            "code quotes mapped to its value, a print's sep=): precision 1.00 in every kind, "
            "recall missed edge 0.81, hallucinated edge 0.84 (The false flags left on the "
            "tuned lists)",
        ),
    ),
    pytest.param(
        "round29",
        marks=pytest.mark.xfail(
            strict=True,
            reason="round-29 phrasings (the terse scratchpad voice of o-series / GPT-OSS "
            "analysis channels: verbless fragments 'A–B yes.', 'deg A 4.', 'dist A→C 9.', "
            "abbreviations, quick self-checks, clipped table headers), measured held out at "
            "14528da (after this session's tuning on rounds 26, 27 and 28): recall 0.61-0.91 "
            "per kind (missed edge 0.61, set 0.75, degree 0.78, weight 0.85, hallucinated edge "
            "0.87, distance 0.91), precision hallucinated edge 0.72, the others 1.00 (a 'todo: "
            "A-B' note, 'A–B... no, not among the edges', 'scan for A–B... nothing. no edge' "
            "and 'A—B not in E' read as edges); by style tables 0.40-0.48, lists' missed edges "
            "0.39, prose 0.50-0.95; 19 cells below the goal at 2 seeds (design/trace-facts.md, "
            "Round 29); tuned on since (tune31: plan notes, terse denials, bare pairs answered "
            "or crossed, lists closed by a fragment, check marks in tables, clipped '| n |', "
            "costed id routes, 'best'): precision hallucinated edge 0.996, the others 1.00; "
            "recall hallucinated edge 0.97, missed edge 0.95, weight 0.91, degree 0.94, "
            "distance 0.96, set 0.75; tables 1.00, lists' missed edges 0.89; 5 cells below at 2 "
            "seeds, all sets (0.25-0.75 of 4 planted: 'nodes ≤2 from A, A itself excl.: … ✓', "
            "'(no A)') (Round 29, tuned on)",
        ),
    ),
    pytest.param(
        "round30",
        marks=pytest.mark.xfail(
            strict=True,
            reason="round-30 phrasings (reference across clauses: the node named once, then "
            "'it', 'its', 'this one', 'the latter', a heading or bold label over the fact, "
            "'Take A. Neighbours: B, C.', a recap that refers back), measured held out at "
            "260933c (before this session's tuning): recall 0.36-0.54 per kind (distance 0.36, "
            "weight 0.36, missed edge 0.40, hallucinated edge 0.44, set 0.48, degree 0.54), "
            "precision hallucinated edge 0.50, missed edge 0.50 (a complete neighbour list whose "
            "owner is named before it is read as the list of its first item: 'Next comes A; the "
            "complete list of nodes adjacent to it is B, C', '### A - full adjacency: B, C'), "
            "degree 0.99; by style code, lists, bold weights and distances 0.00; 30 cells below "
            "the goal at 2 seeds (design/trace-facts.md, Round 30); tuned on since (tune33: a "
            "list with no owner in its clause states nothing, a pair denied in the next sentence "
            "is a non-edge, a bare neighbour label after a one-node topic, a label line over a "
            "bullet, a variable bound on the line above, 'Next comes A' a topic): precision "
            "hallucinated edge 1.00, missed edge 1.00, degree 0.99, the others 1.00; recall "
            "hallucinated edge 0.54, missed edge 0.58, weight 0.54, degree 0.69, distance "
            "0.48, set 0.48 (4 seeds); 30 cells below; then tune35 (a LaTeX variable bound in "
            "the sentence before, 'dist = …(G, s)' then 'dist[B]', \"p = 'A -> B'\" then '# "
            "total along p', 'the latter' / 'the former' after a two-node clause, '; this one "
            "comes to 7' after a route): recall hallucinated edge 0.58, missed edge 0.61, degree "
            "0.73, distance 0.71, the others unchanged, precision unchanged; 28 cells below; "
            "then tune37 ('Consider A → B → C. Walking it end to end gives 9.'): distance "
            "0.78, the others unchanged; 27 cells below; then tune38 ('Both of them' / 'That "
            "pair' after a two-node sentence, 'That node' after a one-node one, '| A | → 6 |', "
            "a one-id neighbour list): recall hallucinated edge 0.63, missed edge 0.63, degree "
            "0.91, the others unchanged, precision degree 1.00; 23 cells below "
            "(design/trace-facts.md, Round 30, tuned on; Round 31, tuned on)",
        ),
    ),
    pytest.param(
        "round31",
        marks=pytest.mark.xfail(
            strict=True,
            reason="round-31 phrasings (the mix real traces use, as round 17 was: ordinary facts "
            "in reasoning prose while the nine tasks are solved, each themed shape of the earlier "
            "rounds at most 5 %), measured held out before this session's tuning (b748a31: "
            "precision hallucinated edge 0.88, missed edge 0.89, the others 1.00; recall "
            "0.75-0.94), again after rounds 27 and 29 were tuned on (d6de6a6: the same to the "
            "third decimal) "
            "and after round 30 and the false-flag sweep (9218eda): precision 1.00 in every kind "
            "and format, recall distance 0.75, set 0.78, weight 0.82, missed edge 0.84, degree "
            "0.85, hallucinated edge 0.92; prose 0.61-0.87, distances along routes 0.65 and in "
            "code 0.71; 13 cells below the goal at 2 seeds; then tune37 tuned on its distances "
            "and sets: recall distance 0.75 -> 0.97 (along routes 0.65 -> 1.00, code 0.71 -> "
            "0.98, prose 0.61 -> 0.91), set 0.78 -> 0.93, precision 1.00 kept, 6 cells below "
            "(design/trace-facts.md, Round 31); then tune36 tuned on its edges, weights and "
            "degrees (a plan whose colon gives only a value, 'every neighbour it has: …', 'All its "
            "neighbours: …' after the one node named before, a list question answered by the list "
            "said whole, 'I'll note A's degree, 4, and …', 'after I recount'): recall "
            "hallucinated edge 0.92 -> 0.99, missed edge 0.84 -> 0.97, degree 0.85 -> 0.95, "
            "weight 0.82 unchanged, precision 1.00 kept, 4 cells below; then tune39 tuned on its "
            "weights ('the A–B leg contributes 7' after 'Adding up the path,', 'I had the wrong "
            "number for A–B. Going back to the list, it's 10', 'Let me re-read the input for "
            "A-B... weight 5', 'Prim considers A–B; that edge weighs 12'): recall weight 0.82 -> "
            "1.00 (prose 0.66 -> 1.00), precision 1.00 kept, 1 cell below (design/trace-facts.md, "
            "Round 31, tuned on)",
        ),
    ),
    pytest.param(
        "round32",
        marks=pytest.mark.xfail(
            strict=True,
            reason="round-32 phrasings (a second list in the mix real traces use, as round 18 "
            "followed round 17: other voices and sentence shapes than rounds 17, 18 and 31), "
            "measured once held out at 9326ef2, before this session's tuning on round 31: "
            "precision hallucinated edge 0.94, weight 0.99, distance 0.97, the others 1.00; "
            "recall weight 0.78, missed edge 0.80, degree 0.82, distance 0.84, hallucinated edge "
            "0.87, set 0.88; 15 cells below the goal; again at 3387315, after round 31's "
            "edges, degrees, distances and sets were tuned on and the false-flag sweep, and at "
            "1871366 after its weights: identical to the third decimal (design/trace-facts.md, "
            "Round 32); then tune40 tuned on it "
            "('B in G[A]' over '# False', 'None of the lines is A-B', 'the hop from A to B adds "
            "3', 'the cheapest edge left is A–B at 4', a path's 'weighs' no node weight, "
            "'finalized at', 'after relaxation finishes', 'and no less', 'Recap so far:'): "
            "precision 1.00 in every kind (0 false flags at 4 seeds); recall distance 0.84 -> "
            "0.92, weight 0.78 -> 0.87, degree 0.82 -> 0.86, missed edge 0.80 -> 0.82, "
            "hallucinated edge 0.87 and set 0.88 unchanged; 6 cells below (design/trace-facts.md, "
            "Round 32, tuned on)",
        ),
    ),
    pytest.param(
        "round33",
        marks=pytest.mark.xfail(
            strict=True,
            reason="round-33 phrasings (a third list in the mix real traces use, in voices and "
            "openings rounds 17, 18, 31 and 32 do not use), measured once held out at 05fca80, "
            "after round 31's tuning and before round 32's: precision hallucinated edge 0.91, "
            "weight 0.97, degree 0.99, distance 1.00, missed edge and set 1.00; recall missed "
            "edge 0.74, weight 0.79, hallucinated edge 0.81, set 0.80, degree 0.84, distance "
            "0.85; code 0.00-0.57; 15 cells below the goal; then the lead, for precision ('the "
            "shortest A–B distance', '**A–B:** edge absent'): hallucinated edge precision 1.00, "
            "recall missed edge 0.77, distance 0.87, 11 cells below (design/trace-facts.md, "
            "Round 33)",
        ),
    ),
]
"""The held-out lists (measured, never tuned on), one ``pytest.param`` each: a fresh round is
added as ``pytest.param("roundN")``, with ``marks=pytest.mark.xfail(strict=True, reason=…)``
where its measurement misses the goal (the measurement then stays recorded in the reason)."""


@pytest.mark.parametrize("split", HELD_OUT)
def test_the_held_out_phrasings_meet_the_goal_in_every_format(split: str) -> None:
    assert split not in phrasings.TUNED
    assert _misses(split, seeds=2) == []
