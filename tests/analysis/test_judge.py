"""The judge against the scripted loopback stub: parsing, bounded re-asks, unparsed, resume."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from judge_helpers import stub_judge_settings

from gralgo.analysis._judge import JudgeQuery, open_judge, render_prompt
from gralgo.analysis._parse import choice_parser
from gralgo.testing import StubServer


def test_replies_parsed_reasked_and_unparsed(judge_stub: StubServer, tmp_path: Path) -> None:
    settings = stub_judge_settings(judge_stub, max_reasks=2)
    parse = choice_parser("family", ["greedy", "search"])
    bad_error = "the reply is not one JSON object (Expecting value at char 0)"
    reask = render_prompt(settings.reask_template, error=bad_error)
    # q-fixed: invalid first, valid on the re-ask; q-never: a wrong label every time.
    judge_stub.control(
        answers={
            "q-good": '{"family": "greedy"}',
            "q-fixed": "I think it is greedy.",
            reask: '{"family": "search"}',
            "q-never": '{"family": "dp"}',
            render_prompt(
                settings.reask_template,
                error="'family' is 'dp'; it must be one of ['greedy', 'search']",
            ): '{"family": "dp"}',
        }
    )
    queries = [JudgeQuery("a", "q-good"), JudgeQuery("b", "q-fixed"), JudgeQuery("c", "q-never")]
    with open_judge(settings, tmp_path / "judge.sqlite") as judge:
        verdicts, report = judge.ask(queries, parse)
    assert verdicts["a"].status == "ok" and verdicts["a"].value == "greedy"
    assert verdicts["a"].asks == 1
    assert verdicts["b"].status == "ok" and verdicts["b"].value == "search"
    assert verdicts["b"].asks == 2
    assert verdicts["c"].status == "unparsed" and verdicts["c"].asks == 3
    assert "dp" in (verdicts["c"].error or "")
    assert report.counts == {"ok": 2, "unparsed": 1}
    assert report.reasks == 1 + 2
    # 3 first asks + 1 re-ask for b + 2 re-asks for c.
    assert judge_stub.stats()["calls"] == 6
    assert report.calls_made == 6

    # A second run reads every reply, re-asks included, from the ledger: no call at all
    # (with fresh asks of invalid verdicts turned off).
    judge_stub.control(answers={})
    replay = replace(settings, max_fresh_asks=0)
    with open_judge(replay, tmp_path / "judge.sqlite") as judge:
        again, report = judge.ask(queries, parse)
    assert again == verdicts
    assert report.calls_made == 0 and report.calls_planned == 0
    assert judge_stub.stats()["calls"] == 0
    # Issue 36 item 6: the replayed re-asks are not this run's re-asks.
    assert (report.reasks, report.fresh_asks, report.replayed_reasks) == (0, 0, 3)
    assert "0 calls made in this run (0 re-asks, 0 fresh asks); 3 re-asks read" in report.line()


def test_invalid_verdicts_are_asked_afresh_on_later_runs(
    judge_stub: StubServer, tmp_path: Path
) -> None:
    """A stored invalid verdict is not final: the next run asks again (a new sample of the same
    request, with its own re-asks), once a run, ``max_fresh_asks`` times; valid ones replay."""
    settings = replace(stub_judge_settings(judge_stub, max_reasks=1), max_fresh_asks=2)
    parse = choice_parser("family", ["greedy", "search"])
    queries = [JudgeQuery("good", "q-good"), JudgeQuery("bad", "q-bad")]
    judge_stub.control(answers={"q-good": '{"family": "greedy"}'})  # q-bad: "\\boxed{133}"
    ledger = tmp_path / "judge.sqlite"
    with open_judge(settings, ledger) as judge:
        first, report = judge.ask(queries, parse)
    assert first["bad"].status == "unparsed" and first["bad"].fresh == 0
    assert judge_stub.stats()["calls"] == 1 + 2 and report.fresh_asks == 0
    # The judge now answers properly (e.g. a fixed prompt on the server side): the next run
    # asks the invalid one afresh instead of replaying it, and keeps the valid one.
    judge_stub.control(answers={"q-good": '{"family": "search"}', "q-bad": '{"family": "search"}'})
    with open_judge(settings, ledger) as judge:
        second, report = judge.ask(queries, parse)
    assert second["good"].value == "greedy"  # replayed, not asked again
    assert second["bad"].status == "ok" and second["bad"].value == "search"
    assert second["bad"].fresh == 1 and report.fresh_asks == 1
    assert judge_stub.stats()["calls"] == 1
    # Now valid: replayed as is.
    judge_stub.control(answers={})
    with open_judge(settings, ledger) as judge:
        third, _ = judge.ask(queries, parse)
    assert third == second and judge_stub.stats()["calls"] == 0


def test_fresh_asks_are_bounded(judge_stub: StubServer, tmp_path: Path) -> None:
    settings = replace(stub_judge_settings(judge_stub, max_reasks=0), max_fresh_asks=2)
    parse = choice_parser("family", ["greedy"])
    calls = []
    for _ in range(4):
        judge_stub.control(answers={})  # always invalid
        with open_judge(settings, tmp_path / "judge.sqlite") as judge:
            verdicts, _ = judge.ask([JudgeQuery("x", "q")], parse)
        calls.append(judge_stub.stats()["calls"])
        assert verdicts["x"].status == "unparsed"
    assert calls == [1, 1, 1, 0] and verdicts["x"].fresh == 2


def test_refused_reply_is_invalid() -> None:
    from gralgo.analysis._judge import JudgeParseError, reply_value
    from gralgo.ledger import SampleRecord

    record = SampleRecord(
        "k", 0, "q", "m", answer_text='{"x": "y"}', finish_reason="content_filter"
    )
    try:
        reply_value(record, choice_parser("x", ["y"]))
    except JudgeParseError as err:
        assert "refused" in str(err)
    else:
        raise AssertionError("a refused reply was accepted")


def test_dry_run_calls_nothing(judge_stub: StubServer, tmp_path: Path) -> None:
    settings = stub_judge_settings(judge_stub)
    with open_judge(settings, tmp_path / "judge.sqlite", dry_run=True) as judge:
        verdicts, report = judge.ask([JudgeQuery("a", "q")], choice_parser("x", ["y"]))
    assert verdicts["a"].status == "pending"
    assert report.calls_planned == 1 and report.calls_made == 0
    assert report.planned_prompt_tokens == 1  # "q"
    assert judge.planned.calls_planned == 1
    assert judge_stub.stats()["calls"] == 0
    # litellm has no price for the stub's model: the plan says so instead of a partial sum
    assert report.cost_unknown and judge.planned.cost_unknown


def test_dry_run_cost_is_unknown_when_any_batch_has_no_price(
    judge_stub: StubServer, tmp_path: Path
) -> None:
    priced = stub_judge_settings(judge_stub)
    priced = replace(priced, model_config={"price": {"input_per_1m": 1.0, "output_per_1m": 2.0}})
    with open_judge(priced, tmp_path / "judge.sqlite", dry_run=True) as judge:
        judge.ask([JudgeQuery("a", "q")], choice_parser("x", ["y"]), "one")
        assert judge.plan.cost_bound_usd is not None
        assert "unknown" not in judge.plan.markdown()
    unpriced = stub_judge_settings(judge_stub)
    with open_judge(
        priced, tmp_path / "judge.sqlite", dry_run=True, stages={"two": unpriced}
    ) as judge:
        judge.ask([JudgeQuery("a", "q")], choice_parser("x", ["y"]), "one")
        judge.ask([JudgeQuery("b", "q2")], choice_parser("x", ["y"]), "two")
        # one stage without a price: the total is unknown, not a partial sum
        assert judge.plan.cost_usd is None and judge.plan.cost_bound_usd is None
        assert "unknown (no price)" in judge.plan.markdown()


def test_plan_cost_bound_counts_every_reask(judge_stub: StubServer, tmp_path: Path) -> None:
    """Price 1 USD per token in and out: the bound is the hand-computed worst case."""
    from gralgo.formats import count_tokens

    settings = replace(
        stub_judge_settings(judge_stub, max_reasks=2),
        model_config={"price": {"input_per_1m": 1e6, "output_per_1m": 1e6}},
    )
    with open_judge(settings, tmp_path / "judge.sqlite", dry_run=True) as judge:
        judge.ask([JudgeQuery("a", "q"), JudgeQuery("b", "q q")], choice_parser("x", ["y"]))
    stage = judge.plan.stages["judge"]
    m, p = settings.sampling.max_tokens, 1 + 2  # max_tokens 256; prompt tokens "q", "q q"
    follow = count_tokens(settings.reask_template) + m + 64
    assert stage.requests == 2 and stage.prompt_tokens == p
    assert stage.cost_usd == pytest.approx(p + 2 * m)
    # 3 asks each: prompts grow by (reply + follow-up) per re-ask; 3 replies at max_tokens.
    assert stage.cost_bound_usd == pytest.approx(3 * p + 2 * (m + follow) * 3 + 2 * 3 * m)


def test_call_failures_are_failed_not_unparsed(judge_stub: StubServer, tmp_path: Path) -> None:
    settings = stub_judge_settings(judge_stub)
    judge_stub.control(faults=[{"kind": "status", "status": 400, "match": "boom"}])
    with open_judge(settings, tmp_path / "judge.sqlite") as judge:
        verdicts, report = judge.ask([JudgeQuery("a", "boom")], choice_parser("x", ["y"]))
    assert verdicts["a"].status == "failed"
    assert report.counts == {"failed": 1}


def test_judge_calls_go_through_the_evaluations_direct_client(
    judge_stub: StubServer, tmp_path: Path
) -> None:
    """Issue 36 item 7: an OpenAI-compatible judge is asked through the direct client (as the
    evaluation is, ``run.client=auto``): the asking process never loads litellm; the reply
    lands in the ledger and is replayed from it."""
    import os
    import subprocess
    import sys

    from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV

    judge_stub.control(answers={"q": '{"family": "greedy"}'})
    script = f"""
import sys
sys.path.insert(0, {str(Path(__file__).parent)!r})
from judge_helpers import stub_judge_settings
from gralgo.analysis import JudgeQuery, choice_parser, open_judge
from types import SimpleNamespace
settings = stub_judge_settings(SimpleNamespace(api_base={judge_stub.api_base!r}))
assert settings.client == "auto"
from pathlib import Path
with open_judge(settings, Path({str(tmp_path / "judge.sqlite")!r})) as judge:
    verdicts, report = judge.ask([JudgeQuery("a", "q")], choice_parser("family", ["greedy"]))
print(verdicts["a"].value, report.calls_made, "litellm" in sys.modules)
"""
    env = {**os.environ, FAKE_KEY_ENV: FAKE_KEY}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["greedy", "1", "False"]
    assert judge_stub.stats()["calls"] == 1
