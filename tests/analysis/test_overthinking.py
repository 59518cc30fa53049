"""Over-thinking end to end on hand-made responses with a scripted judge."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from judge_helpers import make_samples, stub_judge_settings

from gralgo.analysis import segment_at_markers
from gralgo.analysis._judge import open_judge, render_prompt
from gralgo.analysis._output import AnalysisOutput
from gralgo.analysis._overthinking import numbered_segments, run_overthinking
from gralgo.formats import count_tokens
from gralgo.testing import StubServer

TEMPLATE = "Problem: $problem\nAnswer: $expected\n$segments"
RESPONSES = [
    # correct; the answer first appears in segment 1
    {
        "answer_text": "Degrees 3, 2, 1. So the maximum is 7. Wait, recheck 1. \\boxed{7}",
        "expected": "7",
        "reasoning_text": None,
    },
    # correct; the answer appears only in the final box (segment 0)
    {"answer_text": "Counting all nodes gives \\boxed{4}", "expected": "4"},
    # wrong: not part of outcome efficiency
    {"answer_text": "So \\boxed{5}", "expected": "6"},
    # correct, but the judge never replies validly: unparsed
    {"answer_text": "It is 9. But \\boxed{9}", "expected": "9", "task": "diameter"},
]


def judge_prompt(samples, i: int) -> str:
    text = samples.loc[i, "answer_text"]
    return render_prompt(
        TEMPLATE,
        problem=samples.loc[i, "prompt"],
        expected=samples.loc[i, "expected"],
        segments=numbered_segments(segment_at_markers(text)),
    )


def test_overthinking_both_locations_agreement_and_unparsed(
    judge_stub: StubServer, tmp_path: Path
) -> None:
    samples = make_samples(RESPONSES)
    judge_stub.control(
        answers={
            judge_prompt(samples, 0): '{"segment": 1}',
            judge_prompt(samples, 1): '```json\n{"segment": 0}\n```',
            judge_prompt(samples, 3): "segment one",  # re-asks get the stub's default: invalid too
        }
    )
    settings = stub_judge_settings(judge_stub, max_reasks=1)
    output = AnalysisOutput(tmp_path / "out")
    with open_judge(settings, tmp_path / "judge.sqlite") as judge:
        per = run_overthinking(samples, output, judge=judge, prompt_template=TEMPLATE)
    assert list(per["item"]) == ["key0:0", "key1:0", "key3:0"]
    first = per.iloc[0]
    assert first["first_correct_programmatic"] == 1 and first["first_correct_judge"] == 1
    text = RESPONSES[0]["answer_text"]
    assert first["tokens"] == count_tokens(text)
    assert first["ratio_judge"] == pytest.approx(
        count_tokens("Degrees 3, 2, 1. So the maximum is 7.") / count_tokens(text)
    )
    assert per.iloc[1]["ratio_programmatic"] == pytest.approx(1.0)
    assert per.iloc[2]["judge_status"] == "unparsed"
    assert per.iloc[2]["first_correct_programmatic"] == 0
    assert output.metrics["judge_unparsed"] == 1
    assert output.metrics["agreement.m1"] == pytest.approx(1.0)
    calls = judge_stub.stats()["calls"]
    assert calls == 3 + 1  # one re-ask for the invalid reply
    for name in (
        "efficiency_by_task.csv",
        "efficiency_by_task.md",
        "responses.csv",
        "outcome_efficiency.png",
    ):
        assert (tmp_path / "out" / name).is_file()

    # Re-run from the judge ledger: identical results, no call (invalid verdicts replayed).
    judge_stub.control()
    with open_judge(replace(settings, max_fresh_asks=0), tmp_path / "judge.sqlite") as judge:
        again = run_overthinking(
            samples, AnalysisOutput(tmp_path / "again"), judge=judge, prompt_template=TEMPLATE
        )
    assert judge_stub.stats()["calls"] == 0
    assert again.equals(per)


def test_no_bar_is_drawn_where_nothing_was_located(tmp_path, monkeypatch) -> None:
    """Issue 36 item 3: an unlocated zeta (NaN) is no bar, not a bar of height 0."""
    import numpy as np
    import pandas as pd
    from matplotlib.axes import Axes

    from gralgo.analysis._overthinking import plot_efficiency

    drawn = []
    original = Axes.bar

    def record(self, x, height, *args, **kwargs):
        drawn.append((kwargs.get("label"), [float(h) for h in np.atleast_1d(height)]))
        return original(self, x, height, *args, **kwargs)

    monkeypatch.setattr(Axes, "bar", record)
    table = pd.DataFrame(
        {"model": ["m", "m"], "task": ["a", "b"], "zeta_judge": [np.nan, np.nan],
         "zeta_programmatic": [0.5, np.nan]}
    )  # fmt: skip
    plot_efficiency(table, tmp_path / "f.png")
    assert drawn == [("judge", []), ("programmatic", [0.5])]
