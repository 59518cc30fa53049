"""Precision and recall of the trace-fact checker on a planted set (per error kind), overall or
broken down by any key of a labelled span (format, phrasing style)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from gralgo.analysis._trace_check import ERROR_KINDS, GraphFacts, check_claims
from gralgo.analysis._trace_claims import extract_claims
from gralgo.score import NodeNames
from tests.analysis.trace_facts_planted import Planted

Key = Callable[[Planted, tuple[int, int] | None], str]
"""The group of a labelled span (``None``: a flagged claim outside every labelled span)."""


def score(traces: Sequence[Planted]) -> dict[str, dict[str, float]]:
    """Per error kind: planted, flagged, precision, recall; ``correct_read``: the share of
    correct statements read as a correct claim (its recall)."""
    return score_by(traces, lambda _trace, _span: "all").get("all", _empty())


def score_by(traces: Sequence[Planted], key: Key) -> dict[str, dict[str, dict[str, float]]]:
    """:func:`score` per group: a planted error counts in its span's group, a flagged claim in
    the group of the labelled span it overlaps (else ``key(trace, None)``)."""
    counts: dict[str, dict[str, Counter[str]]] = {}

    def tally(group: str, kind: str) -> Counter[str]:
        kinds = counts.setdefault(group, {k: Counter() for k in (*ERROR_KINDS, "correct_read")})
        return kinds[kind]

    for trace in traces:
        names = NodeNames(trace.graph, trace.numeric_ids)
        checked = check_claims(
            extract_claims(trace.text, names, graph=trace.graph),
            GraphFacts(trace.graph, trace.params),
        )
        wrong = [c for c in checked if c.verdict == "wrong"]
        for start, end, kind in trace.errors:
            row = tally(key(trace, (start, end)), kind)
            row["planted"] += 1
            row["recalled"] += any(
                c.error == kind and c.claim.start < end and start < c.claim.end for c in wrong
            )
        for start, end in trace.correct:
            row = tally(key(trace, (start, end)), "correct_read")
            row["planted"] += 1
            row["recalled"] += any(
                c.verdict == "correct" and c.claim.start < end and start < c.claim.end
                for c in checked
            )
        spans = [(s, e) for s, e, _ in trace.errors] + list(trace.correct)
        for c in wrong:
            assert c.error is not None
            inside = [(s, e) for s, e in spans if c.claim.start < e and s < c.claim.end]
            row = tally(key(trace, inside[0] if inside else None), c.error)
            row["flagged"] += 1
            row["tp"] += any(
                kind == c.error and c.claim.start < end and start < c.claim.end
                for start, end, kind in trace.errors
            )
    return {
        group: {
            kind: {
                "planted": float(n["planted"]),
                "flagged": float(n["flagged"]),
                "precision": n["tp"] / n["flagged"] if n["flagged"] else 1.0,
                "recall": n["recalled"] / n["planted"] if n["planted"] else 1.0,
            }
            for kind, n in kinds.items()
        }
        for group, kinds in counts.items()
    }


def _empty() -> dict[str, dict[str, float]]:
    return {
        kind: {"planted": 0.0, "flagged": 0.0, "precision": 1.0, "recall": 1.0}
        for kind in (*ERROR_KINDS, "correct_read")
    }
