"""Issue 20 item 1: paper-faithful defaults (all segments, all earlier text, whole responses),
fitting to the judge's window in tokens, and every cut stated in tables, notes and metrics."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pandas as pd
from judge_helpers import make_samples, stub_judge_settings

from gralgo.analysis import open_judge
from gralgo.analysis._judge_window import TokenizedText, prompt_budget
from gralgo.analysis._output import AnalysisOutput
from gralgo.formats import count_tokens
from gralgo.testing import StubServer


def test_tokenized_text_cuts_by_tokens() -> None:
    text = "alpha beta gamma delta epsilon zeta eta theta"
    tok = TokenizedText.of(text)
    assert len(tok.starts) == count_tokens(text)
    kept, dropped = tok.tail(len(text), 3)
    assert kept == "…" + text[tok.starts[-3] :] and dropped == len(tok.starts) - 3
    assert count_tokens(kept[1:]) == 3
    assert tok.tail(len(text), None) == (text, 0)
    both, dropped = tok.head_and_tail(4)
    assert both == text[: tok.starts[2]] + "\n…\n" + text[tok.starts[-2] :]
    assert dropped == len(tok.starts) - 4
    assert TokenizedText.of("héllo wörld 日本語").tail(17, 100) == ("héllo wörld 日本語", 0)


def test_prompt_budget_leaves_room_for_every_reply(judge_stub: StubServer) -> None:
    settings = replace(stub_judge_settings(judge_stub, max_reasks=2), context_tokens=10_000)
    follow = count_tokens(settings.reask_template) + 64
    expected = int(10_000 * 0.9) - 3 * 256 - 2 * follow - count_tokens("fixed part")
    assert prompt_budget(settings, "fixed part") == expected
    assert prompt_budget(settings, "fixed part", 50) == 50
    assert prompt_budget(replace(settings, context_tokens=None), "x") is None


def test_self_verification_judges_every_segment_with_all_earlier_text(
    judge_stub: StubServer, tmp_path: Path
) -> None:
    from gralgo.analysis._self_verification import run_self_verification

    text = " ".join(f"step {i} done. Wait, check." for i in range(60)) + " \\boxed{1}"
    samples = make_samples([{"answer_text": text, "expected": "1"}])
    settings = stub_judge_settings(judge_stub, max_reasks=0)
    output = AnalysisOutput(tmp_path / "out")
    with open_judge(settings, tmp_path / "j.sqlite") as judge:
        segments = run_self_verification(
            samples, output, judge=judge, prompt_template="$previous|$segment", resamples=10
        )
    assert len(segments) == 60  # every segment after the first (the old default was 40)
    assert judge_stub.stats()["calls"] == 60
    assert output.metrics["cut.segments_judged"] == output.metrics["cut.segments_total"] == 60
    summary = output.finish("t").read_text()
    assert "Segments judged: 60 of 60" in summary
    assert "Every judged segment was shown with all the text before it." in summary


def test_self_verification_fits_earlier_text_to_the_window_and_says_so(
    judge_stub: StubServer, tmp_path: Path
) -> None:
    from gralgo.analysis._self_verification import run_self_verification

    text = " ".join(f"step {i} done. Wait, check." for i in range(60)) + " \\boxed{1}"
    samples = make_samples([{"answer_text": text, "expected": "1"}])
    settings = replace(stub_judge_settings(judge_stub, max_reasks=0), context_tokens=500)
    output = AnalysisOutput(tmp_path / "out")
    with open_judge(settings, tmp_path / "j.sqlite") as judge:
        segments = run_self_verification(
            samples,
            output,
            judge=judge,
            prompt_template="$previous|$segment",
            max_segments=30,
            resamples=10,
        )
    assert len(segments) == 30
    shortened = output.metrics["cut.contexts_shortened"]
    assert 0 < shortened < 30
    assert output.metrics["cut.context_tokens_dropped"] > 0
    summary = output.finish("t").read_text()
    assert "Segments judged: 30 of 60 after the first (analysis.max_segments=30)" in summary
    assert f"shortened from the front for {int(shortened)} segments" in summary
    assert "context window of 500 tokens" in summary
    metrics = json.loads((tmp_path / "out" / "metrics.json").read_text())
    assert metrics["cut.segments_total"] == 60 and metrics["cut.segments_judged"] == 30


def test_families_show_whole_responses_unless_they_do_not_fit(
    judge_stub: StubServer, tmp_path: Path
) -> None:
    from gralgo.analysis._families import run_families

    long = "node " * 3000 + "\\boxed{3}"
    samples = make_samples(
        [{"answer_text": long, "expected": "3"}, {"answer_text": "\\boxed{3}", "expected": "3"}]
    )
    families = {"max_degree": {"enumeration": "checks all", "greedy": "guesses"}}
    for window, shortened in ((None, 0), (2000, 1)):
        settings = replace(stub_judge_settings(judge_stub, max_reasks=0), context_tokens=window)
        output = AnalysisOutput(tmp_path / f"out{window}")
        with open_judge(settings, tmp_path / f"j{window}.sqlite") as judge:
            run_families(
                samples, output, judge=judge, prompt_template="$response", families=families
            )
        assert output.metrics.get("cut.responses_shortened", 0) == shortened
        note = (tmp_path / f"out{window}" / "families.md").read_text()
        if shortened:
            assert "1 of 2 responses were shortened" in note
            assert "context window of 2000 tokens" in note
        else:
            assert "All 2 responses were shown whole." in note


def test_error_taxonomy_counts_responses_left_out_by_outcome(
    judge_stub: StubServer, tmp_path: Path
) -> None:
    from gralgo.analysis._error_taxonomy import run_error_taxonomy

    samples = make_samples(
        [
            {"answer_text": "a\n\n\\boxed{3}", "expected": "2"},  # wrong
            {"answer_text": "no box here", "expected": "2"},  # no_answer
            {"answer_text": "cut off", "expected": "2", "finish_reason": "length"},  # truncated
            {"answer_text": "\\boxed{2}", "expected": "2"},  # correct
        ]
    )
    settings = stub_judge_settings(judge_stub, max_reasks=0)
    for outcomes, analysed in ((("wrong",), 1), (("wrong", "no_answer", "truncated"), 3)):
        output = AnalysisOutput(tmp_path / "-".join(outcomes))
        with open_judge(settings, tmp_path / "j.sqlite") as judge:
            run_error_taxonomy(
                samples,
                output,
                judge=judge,
                sections_prompt="$paragraphs",
                labels_prompt="$section",
                outcomes=outcomes,
            )
        assert output.metrics["responses"] == analysed
        summary = output.finish("t").read_text()
        if analysed == 1:
            assert output.metrics["cut.excluded_outcome_no_answer"] == 1
            assert output.metrics["cut.excluded_outcome_truncated"] == 1
            assert "Responses analysed: 1 of 4 with outcome in ['wrong']" in summary
            assert "left out: 1 correct, 1 no_answer, 1 truncated" in summary
        else:
            assert "cut.excluded_outcome_no_answer" not in output.metrics
    responses = pd.read_csv(tmp_path / "wrong-no_answer-truncated" / "responses.csv")
    assert len(responses) == 3
