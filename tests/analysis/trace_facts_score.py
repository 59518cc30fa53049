"""Precision and recall of the trace-fact checker on the planted set (per error kind)."""

from __future__ import annotations

from collections import Counter

from gralgo.analysis._trace_check import ERROR_KINDS, GraphFacts, check_claims
from gralgo.analysis._trace_claims import extract_claims
from gralgo.score import NodeNames
from tests.analysis.trace_facts_planted import Planted


def score(traces: list[Planted]) -> dict[str, dict[str, float]]:
    """Per error kind: planted, flagged, precision, recall; ``correct_read``: the share of
    correct statements read as a correct claim (its recall)."""
    counts: dict[str, Counter[str]] = {kind: Counter() for kind in (*ERROR_KINDS, "correct_read")}
    for trace in traces:
        names = NodeNames(trace.graph, trace.numeric_ids)
        checked = check_claims(
            extract_claims(trace.text, names), GraphFacts(trace.graph, trace.params)
        )
        wrong = [c for c in checked if c.verdict == "wrong"]
        for start, end, kind in trace.errors:
            counts[kind]["planted"] += 1
            hit = any(
                c.error == kind and c.claim.start < end and start < c.claim.end for c in wrong
            )
            counts[kind]["recalled"] += hit
        for start, end in trace.correct:
            counts["correct_read"]["planted"] += 1
            counts["correct_read"]["recalled"] += any(
                c.verdict == "correct" and c.claim.start < end and start < c.claim.end
                for c in checked
            )
        for c in wrong:
            assert c.error is not None
            counts[c.error]["flagged"] += 1
            counts[c.error]["tp"] += any(
                kind == c.error and c.claim.start < end and start < c.claim.end
                for start, end, kind in trace.errors
            )
    return {
        kind: {
            "planted": float(n["planted"]),
            "flagged": float(n["flagged"]),
            "precision": n["tp"] / n["flagged"] if n["flagged"] else 1.0,
            "recall": n["recalled"] / n["planted"] if n["planted"] else 1.0,
        }
        for kind, n in counts.items()
    }
