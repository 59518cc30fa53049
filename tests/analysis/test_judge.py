"""The judge against the scripted loopback stub: parsing, bounded re-asks, unparsed, resume."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

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

    # A second run reads every reply, re-asks included, from the ledger: no call at all.
    judge_stub.control(answers={})
    with open_judge(settings, tmp_path / "judge.sqlite") as judge:
        again, report = judge.ask(queries, parse)
    assert again == verdicts
    assert report.calls_made == 0 and report.calls_planned == 0
    assert judge_stub.stats()["calls"] == 0


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
    from gralgo.analysis._run import dry_run_note

    priced = stub_judge_settings(judge_stub)
    priced = replace(priced, model_config={"price": {"input_per_1m": 1.0, "output_per_1m": 2.0}})
    with open_judge(priced, tmp_path / "judge.sqlite", dry_run=True) as judge:
        judge.ask([JudgeQuery("a", "q")], choice_parser("x", ["y"]))
        assert not judge.planned.cost_unknown and "<= $" in dry_run_note(judge)
        judge.planned.cost_unknown = True  # as after a batch litellm cannot price
        assert "unknown price" in dry_run_note(judge)


def test_call_failures_are_failed_not_unparsed(judge_stub: StubServer, tmp_path: Path) -> None:
    settings = stub_judge_settings(judge_stub)
    judge_stub.control(faults=[{"kind": "status", "status": 400, "match": "boom"}])
    with open_judge(settings, tmp_path / "judge.sqlite") as judge:
        verdicts, report = judge.ask([JudgeQuery("a", "boom")], choice_parser("x", ["y"]))
    assert verdicts["a"].status == "failed"
    assert report.counts == {"failed": 1}
