"""``highlights.html``: responses with their wrong graph claims marked, the true fact beside each.

One offline page (no scripts, no external files): for each response with a wrong claim (up to
a limit, the first in input order), its text with every wrong claim highlighted and followed by
the true fact, and correct claims underlined.
"""

from __future__ import annotations

import bisect
import html
from collections.abc import Sequence
from pathlib import Path

from gralgo.analysis._trace_check import CheckedClaim

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; max-width: 70em; }
pre { white-space: pre-wrap; background: #fafafa; padding: 1em; border: 1px solid #ddd; }
mark.wrong { background: #fbb; } span.truth { background: #dfd; font-size: 85%; margin: 0 .3em; }
span.correct { text-decoration: underline dotted #393; }
"""


def disjoint_claims(spans: Sequence[tuple[int, int, str]]) -> list[int]:
    """Which claims to mark, by index, in text order, of ``(start, end, verdict)``: correct
    and wrong ones whose spans do not overlap (overlapping claims: the first one wins; wrong
    claims are placed before correct ones). Spans ``a < end and start < b`` overlap; the taken
    ones are kept sorted, so each test looks at its neighbours only (O(n log n) for n claims)."""
    chosen: list[int] = []  # the taken spans' indices, sorted by start (ties: taken first)
    starts: list[int] = []
    ends: list[int] = []
    order = sorted(
        (verdict != "wrong", start, index, end)
        for index, (start, end, verdict) in enumerate(spans)
        if verdict != "unverifiable"
    )
    for _, start, index, end in order:
        below = bisect.bisect_left(starts, end)  # the taken spans that start before ``end``
        if _overlaps_before(starts, ends, below, start):
            continue
        at = bisect.bisect_right(starts, start)
        starts.insert(at, start)
        ends.insert(at, end)
        chosen.insert(at, index)
    return chosen


def _overlaps_before(starts: list[int], ends: list[int], below: int, start: int) -> bool:
    """Whether one of the first ``below`` taken spans ends after ``start``. Taken non-empty
    spans are disjoint, so their ends rise with their starts: the walk back stops at the first
    non-empty one ending by ``start`` (an empty span ``(a, a)`` ends at its start)."""
    for j in range(below - 1, -1, -1):
        if ends[j] > start:
            return True
        if starts[j] < ends[j]:
            return False
    return False


def mark_claims(text: str, claims: Sequence[CheckedClaim]) -> str:
    """``text`` as HTML, wrong claims highlighted with the truth beside, correct ones underlined
    (:func:`disjoint_claims`)."""
    spans = [(c.claim.start, c.claim.end, c.verdict) for c in claims]
    parts, position = [], 0
    for claim in (claims[i] for i in disjoint_claims(spans)):
        start, end = claim.claim.start, claim.claim.end
        parts.append(html.escape(text[position:start]))
        inner = html.escape(text[start:end])
        if claim.verdict == "wrong":
            label = html.escape(f"{claim.error}: {claim.truth}")
            parts.append(f'<mark class="wrong" title="{label}">{inner}</mark>')
            parts.append(f'<span class="truth">[{html.escape(claim.truth)}]</span>')
        else:
            parts.append(f'<span class="correct">{inner}</span>')
        position = end
    parts.append(html.escape(text[position:]))
    return "".join(parts)


def write_highlights(
    path: Path,
    responses: Sequence[tuple[str, str, Sequence[CheckedClaim]]],
    limit: int = 200,
) -> Path:
    """The page for ``(item, text, checked claims)`` of each response; only responses with a
    wrong claim, at most ``limit`` of them."""
    shown = [r for r in responses if any(c.verdict == "wrong" for c in r[2])][:limit]
    body = [
        f"<h1>Wrong graph claims in traces</h1><p>{len(shown)} responses with a wrong claim "
        f"(the first {limit} at most). Wrong claims are highlighted with the "
        "true fact beside them in green; correct claims are underlined.</p>"
    ]
    for item, text, claims in shown:
        body.append(f"<h2>{html.escape(item)}</h2><pre>{mark_claims(text, claims)}</pre>")
    page = (
        f'<!doctype html><html><head><meta charset="utf-8"><title>Trace facts</title>'
        f"<style>{_STYLE}</style></head><body>{''.join(body)}</body></html>"
    )
    path.write_text(page, encoding="utf-8")
    return path
