"""The runner against the loopback stub: retries, rate limits, fatal errors, budget, secrets."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from gralgo.errors import ConfigError
from gralgo.ledger import Ledger, ModelSpec, Request, SamplingParams
from gralgo.run._runner import RunReport, run_samples_sync
from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, StubServer, make_requests

Build = Callable[..., list[Request]]


def run(ledger: Ledger, requests: list[Request], k: int = 1, **overrides: Any) -> RunReport:
    options: dict[str, Any] = dict(
        max_concurrency=16, max_attempts=3, timeout_s=5.0, failure_budget=0.5, backoff_base_s=0.01
    )
    options.update(overrides)
    return run_samples_sync(ledger.missing(requests, k), ledger, **options)


@pytest.fixture()
def ledger(tmp_path: Path) -> Iterator[Ledger]:
    with Ledger(tmp_path / "ledger.sqlite") as opened:
        yield opened


def test_success_records_answer_reasoning_usage(
    stub: StubServer, requests_for: Build, ledger: Ledger
) -> None:
    stub.control(reasoning=True)
    requests = requests_for(5)
    report = run(ledger, requests, k=2)
    assert (report.done, report.calls_made, report.errors, report.fatal_stopped) == (
        10,
        10,
        {},
        False,
    )
    rows = ledger.samples(r.key for r in requests)
    assert len(rows) == 10
    for request in requests:
        prompt = request.messages[-1]["content"]
        rec = rows[(request.key, 1)]
        assert rec.answer_text == f"\\boxed{{{len(prompt)}}}"
        assert rec.reasoning_text == f"thinking about {len(prompt)}"
        assert (
            rec.finish_reason,
            rec.prompt_tokens,
            rec.completion_tokens,
            rec.reasoning_tokens,
        ) == ("stop", 11, 7, 3)
        assert rec.instance_id == request.instance_id and rec.model == "openai/stub-model"
        assert rec.latency_s is not None and rec.latency_s > 0
        assert rec.started_at is not None and rec.finished_at is not None
        assert rec.started_at <= rec.finished_at and rec.cost_usd is None  # stub model has no price
    assert report.tokens == 10 * 18 and report.cost_unknown == 10


def test_finished_run_rerun_makes_zero_calls(
    stub: StubServer, requests_for: Build, ledger: Ledger
) -> None:
    requests = requests_for(20)
    assert run(ledger, requests, k=3).done == 60
    stub.control()
    assert ledger.missing(requests, 3) == []
    again = run(ledger, requests, k=3)
    assert again.calls_made == 0 and stub.stats()["calls"] == 0
    # asking for more samples makes exactly the new ones
    more = run(ledger, requests, k=4)
    assert more.done == 20 and stub.stats()["calls"] == 20


def test_seed_is_offset_by_sample_index(
    stub: StubServer, requests_for: Build, ledger: Ledger
) -> None:
    seeded, unseeded = requests_for(1, seed=100, tag="s"), requests_for(1, tag="u")
    run(ledger, seeded + unseeded, k=3)
    seeds = stub.stats()["seeds"]
    assert sorted(seeds[seeded[0].messages[-1]["content"]]) == [100, 101, 102]
    assert seeds[unseeded[0].messages[-1]["content"]] == [None, None, None]


def test_500_is_retried_then_succeeds(
    stub: StubServer, requests_for: Build, ledger: Ledger
) -> None:
    stub.control(faults=[{"kind": "status", "status": 500, "first": 1, "per_prompt": True}])
    requests = requests_for(10)
    report = run(ledger, requests)
    assert report.done == 10 and report.errors == {} and report.calls_made == 20
    assert stub.stats()["calls"] == 20
    assert all(
        rec.ok and rec.attempts == 2 for rec in ledger.samples(r.key for r in requests).values()
    )


def test_persistent_500_recorded_as_error_never_as_answer(
    stub: StubServer, requests_for: Build, ledger: Ledger
) -> None:
    stub.control(faults=[{"kind": "status", "status": 503, "match": "question 0"}])
    requests = requests_for(3)
    report = run(ledger, requests, max_attempts=4, failure_budget=1.0)
    assert report.done == 2 and sum(report.errors.values()) == 1
    rec = ledger.samples([requests[0].key])[(requests[0].key, 0)]
    assert not rec.ok and rec.answer_text is None and rec.attempts == 4
    assert "503" in (rec.error_message or "")
    assert ledger.missing(requests, 1) == [(requests[0], 0)]  # a re-run retries exactly it
    stub.control()
    assert run(ledger, requests).done == 1 and stub.stats()["calls"] == 1
    healed = ledger.samples([requests[0].key])[(requests[0].key, 0)]
    assert healed.ok and healed.attempts == 5 and healed.answer_text


def test_429_retry_after_pauses_and_halves_concurrency(
    stub: StubServer, requests_for: Build, ledger: Ledger
) -> None:
    stub.control(
        latency_s=0.05, faults=[{"kind": "status", "status": 429, "first": 8, "retry_after": 1}]
    )
    requests = requests_for(24)
    report = run(ledger, requests, max_concurrency=8)
    assert report.done == 24 and report.errors == {} and report.rate_limited == 8
    assert report.min_concurrency == {stub.api_base: 4}
    log = stub.stats()["log"]  # [arrival_s, in_flight_at_arrival, status], in completion order
    limited = [entry for entry in log if entry[2] == 429]
    served = sorted((entry for entry in log if entry[2] == 200), key=lambda e: e[0])
    assert len(limited) == 8 and len(served) == 24
    assert served[0][0] - max(e[0] for e in limited) >= 0.9  # Retry-After: 1 honoured
    assert max(e[1] for e in served[:9]) <= 5  # halved to 4, then +1 per 4 successes


def test_retry_after_header_value_is_the_pause_not_the_default(
    stub: StubServer, requests_for: Build, ledger: Ledger
) -> None:
    # Retry-After: 3 differs from the 1 s default pause: the retry must come >= 2.5 s later.
    stub.control(faults=[{"kind": "status", "status": 429, "first": 1, "retry_after": 3}])
    report = run(ledger, requests_for(1), max_concurrency=1)
    assert report.done == 1 and report.rate_limited == 1
    log = stub.stats()["log"]  # [arrival_s, in_flight_at_arrival, status]: stub-side times
    [limited] = [e for e in log if e[2] == 429]
    [served] = [e for e in log if e[2] == 200]
    assert served[0] - limited[0] >= 2.5


def test_429_without_retry_after_uses_default_backoff(
    stub: StubServer, requests_for: Build, ledger: Ledger
) -> None:
    stub.control(faults=[{"kind": "status", "status": 429, "first": 1}])
    report = run(ledger, requests_for(2), max_concurrency=1)
    # A lower bound only (the 1 s default pause): a loaded machine can make it longer, not shorter.
    assert report.done == 2 and report.rate_limited == 1 and report.elapsed_s >= 0.9


def test_401_is_fatal_not_retried_and_stops_the_run(
    stub: StubServer, requests_for: Build, ledger: Ledger
) -> None:
    stub.control(latency_s=0.05, faults=[{"kind": "status", "status": 401}])
    requests = requests_for(30)
    report = run(ledger, requests, max_concurrency=2, max_attempts=5)
    assert report.fatal_stopped and "AuthenticationError" in (report.stop_reason or "")
    assert "model.api_key_env names the environment variable" in (report.stop_reason or "")
    assert report.calls_made <= 2 and stub.stats()["calls"] == report.calls_made
    assert report.errors == {"AuthenticationError": report.calls_made}
    assert report.not_started == 30 - report.calls_made
    assert all(rec.attempts == 1 for rec in ledger.samples(r.key for r in requests).values())


def test_404_unknown_model_stops_the_run(
    stub: StubServer, requests_for: Build, ledger: Ledger
) -> None:
    stub.control(faults=[{"kind": "status", "status": 404}])
    report = run(ledger, requests_for(10), max_concurrency=1)
    assert report.fatal_stopped and report.calls_made == 1 and report.errors == {"NotFoundError": 1}
    assert "check model.litellm_model and model.api_base" in (report.stop_reason or "")


def test_timeouts_are_retried(stub: StubServer, requests_for: Build, ledger: Ledger) -> None:
    # Each prompt's first call is answered only after 5 s (with "too late"); the runner must give
    # up on it at its 1 s timeout and retry. Checked by events, not by the run's duration:
    # waiting for the late answer would record "too late" after one call per prompt.
    stub.control(faults=[{"kind": "timeout", "sleep_s": 5, "first": 1, "per_prompt": True}])
    requests = requests_for(4)
    report = run(ledger, requests, timeout_s=1.0)
    assert report.done == 4 and report.calls_made == 8 and report.errors == {}
    assert report.retries == 4 and stub.stats()["by_prompt"] == {
        r.messages[-1]["content"]: 2 for r in requests
    }
    rows = ledger.samples(r.key for r in requests).values()
    assert all(rec.attempts == 2 and rec.answer_text != "too late" for rec in rows)


def test_malformed_body_is_retried_then_recorded_as_error(
    stub: StubServer, requests_for: Build, ledger: Ledger
) -> None:
    stub.control(
        faults=[
            {"kind": "malformed", "match": "question 0"},
            {"kind": "malformed", "first": 1, "per_prompt": True},
        ]
    )
    requests = requests_for(3)
    report = run(ledger, requests, max_attempts=6, failure_budget=1.0)
    # A body that is not JSON gets one retry (MALFORMED_ATTEMPTS), not run.max_attempts.
    assert report.done == 2 and report.errors == {"MalformedResponseError": 1}
    assert report.calls_made == 2 + 2 + 2
    rows = ledger.samples(r.key for r in requests)
    bad = rows[(requests[0].key, 0)]
    assert not bad.ok and bad.answer_text is None and bad.attempts == 2
    assert bad.error_class == "MalformedResponseError"
    assert all(rows[(r.key, 0)].ok and rows[(r.key, 0)].attempts == 2 for r in requests[1:])


@pytest.mark.parametrize("client", ["litellm", "direct"])
def test_a_200_body_that_is_not_json_is_a_provider_error_with_one_retry(
    stub: StubServer, requests_for: Build, tmp_path: Path, client: str
) -> None:
    """Issue 34: 4 samples of a server that always answers 200 with a torn body: 8 calls (not
    6 per sample), stored as MalformedResponseError (not InternalServerError), both clients."""
    stub.control(faults=[{"kind": "malformed"}])
    requests = requests_for(4, tag=f"nonjson-{client}")
    with Ledger(tmp_path / "ledger.sqlite") as ledger:
        report = run_samples_sync([(r, 0) for r in requests], ledger, client=client,
                                  max_concurrency=4, max_attempts=6, timeout_s=10,
                                  failure_budget=1.0, backoff_base_s=0.01)  # fmt: skip
        rows = ledger.samples(r.key for r in requests).values()
    assert stub.stats()["calls"] == report.calls_made == 8
    assert {(r.error_class, r.attempts) for r in rows} == {("MalformedResponseError", 2)}


def test_empty_content_is_a_valid_response(
    stub: StubServer, requests_for: Build, ledger: Ledger
) -> None:
    stub.control(faults=[{"kind": "empty"}])
    requests = requests_for(2)
    report = run(ledger, requests)
    assert report.done == 2 and report.errors == {} and report.calls_made == 2
    for rec in ledger.samples(r.key for r in requests).values():
        assert rec.ok and rec.answer_text == "" and rec.finish_reason == "stop"


def test_failure_budget_stops_launching_new_work(
    stub: StubServer, requests_for: Build, ledger: Ledger
) -> None:
    stub.control(faults=[{"kind": "status", "status": 400, "every": 2}])  # permanent, not fatal
    requests = requests_for(60)
    report = run(ledger, requests, max_concurrency=2, failure_budget=0.2)
    assert report.fatal_stopped and "failure budget" in (report.stop_reason or "")
    assert report.errors.get("BadRequestError", 0) >= 4
    assert report.calls_made < 30 and report.not_started == 60 - report.done - report.failed
    assert len(ledger.samples(r.key for r in requests)) == report.done + report.failed


def test_api_key_never_reaches_the_ledger(
    stub: StubServer, requests_for: Build, tmp_path: Path
) -> None:
    stub.control(faults=[{"kind": "status", "status": 500, "echo_auth": True}])
    path = tmp_path / "secret.sqlite"
    with Ledger(path) as ledger:
        requests = requests_for(3)
        report = run(ledger, requests, max_attempts=2, failure_budget=1.0)
        assert report.failed == 3 and report.stop_reason is None
        messages = [
            rec.error_message or "" for rec in ledger.samples(r.key for r in requests).values()
        ]
        assert all("you sent Authorization" in m and "***" in m for m in messages)
        assert FAKE_KEY not in (report.stop_reason or "")
    blob = b"".join(
        p.read_bytes() for p in tmp_path.iterdir() if p.name.startswith("secret.sqlite")
    )
    assert b"SECRET123" not in blob and b"you sent Authorization" in blob


def test_missing_api_key_is_reported_before_any_call(
    stub: StubServer, requests_for: Build, ledger: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(FAKE_KEY_ENV)
    with pytest.raises(ConfigError, match=FAKE_KEY_ENV):
        run(ledger, requests_for(2))
    assert stub.stats()["calls"] == 0


def test_progress_callback_sees_every_sample(
    stub: StubServer, requests_for: Build, ledger: Ledger
) -> None:
    seen: list[tuple[str, int]] = []
    report = run(
        ledger,
        requests_for(7),
        k=2,
        on_progress=lambda rec: seen.append((rec.request_key, rec.sample_index)),
    )
    assert report.done == 14 and len(set(seen)) == 14


def test_cost_is_recorded_when_litellm_knows_the_price(stub: StubServer, ledger: Ledger) -> None:
    priced = ModelSpec(
        name="mini",
        litellm_model="openai/gpt-4o-mini",
        api_base=stub.api_base,
        api_key_env=FAKE_KEY_ENV,
    )
    request = Request(
        "inst-priced",
        ({"role": "user", "content": "priced question"},),
        priced,
        SamplingParams(max_tokens=64),
    )
    report = run(ledger, [request])
    rec = ledger.samples([request.key])[(request.key, 0)]
    assert rec.cost_usd is not None and rec.cost_usd > 0
    assert report.cost == pytest.approx(rec.cost_usd) and report.cost_unknown == 0


def test_rate_limits_are_per_endpoint(stub: StubServer, ledger: Ledger) -> None:
    """A 429 from one endpoint does not slow down another (same stub reached by two names)."""
    stub.control(
        faults=[
            {
                "kind": "status",
                "status": 429,
                "first": 1,
                "per_prompt": True,
                "retry_after": 0.2,
                "match": "slow",
            }
        ]
    )
    fast = make_requests(stub.api_base, 8, tag="fast")
    other_base = stub.api_base.replace("127.0.0.1", "localhost")
    slow = make_requests(other_base, 8, tag="slow")
    report = run(ledger, fast + slow, max_concurrency=8)
    assert report.done == 16 and report.rate_limited == 8
    assert report.min_concurrency == {stub.api_base: 8, other_base: 4}


def test_parse_response_reads_thinking_blocks_and_rejects_empty_choices() -> None:
    from types import SimpleNamespace

    from gralgo.run._call_errors import MalformedResponseError
    from gralgo.run._litellm_response import load_litellm, parse_response

    litellm = load_litellm()
    message = SimpleNamespace(
        content=None,
        reasoning_content=None,
        thinking_blocks=[
            {"type": "thinking", "thinking": "step 1"},
            {"type": "thinking", "thinking": "step 2"},
        ],
    )
    usage = SimpleNamespace(
        prompt_tokens=5,
        completion_tokens=9,
        completion_tokens_details=SimpleNamespace(reasoning_tokens=4),
    )
    response = SimpleNamespace(
        choices=[SimpleNamespace(message=message, finish_reason="length")],
        usage=usage,
        _hidden_params={"response_cost": None},
    )
    fields = parse_response(litellm, response)
    assert fields["answer_text"] == "" and fields["reasoning_text"] == "step 1\nstep 2"
    assert (fields["finish_reason"], fields["reasoning_tokens"], fields["cost_usd"]) == (
        "length",
        4,
        None,
    )
    with pytest.raises(MalformedResponseError):
        parse_response(litellm, SimpleNamespace(choices=[], usage=None))


def test_each_claim_looks_at_a_window_not_at_all_that_remains(
    stub: StubServer, requests_for: Build, ledger: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A freed slot claims from the front of what remains (the claim's limit plus the pairs
    held elsewhere), never a copy of every remaining pair: that grew as n² with the job."""
    seen: list[tuple[int, int]] = []
    real = Ledger.claim

    def counted(self: Ledger, pairs: Any, owner: str, lease_s: float, limit: int,
                watched: frozenset[Any] = frozenset()) -> Any:  # fmt: skip
        seen.append((len(pairs), limit + len(watched)))
        return real(self, pairs, owner, lease_s, limit, watched)

    monkeypatch.setattr(Ledger, "claim", counted)
    requests = requests_for(100)
    report = run(ledger, requests, k=2, max_concurrency=8)
    assert report.done == 200 and stub.stats()["calls"] == 200
    assert all(n <= bound for n, bound in seen) and max(n for n, _ in seen) <= 16, seen[:5]


def test_a_reply_being_committed_does_not_hold_back_the_next_call(
    stub: StubServer, requests_for: Build, ledger: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Claim-ahead (issue 37): a reply's slot goes at once to a claimed sample waiting on the
    limiter, while the reply is committed. With the first commit held until the stub has seen
    twice the concurrency of calls, the calls go on meanwhile; a runner that starts the next
    call only after a commit sees 4 calls and waits out the deadline."""
    import time

    real = Ledger.record_group
    seen: list[int] = []

    def held(self: Ledger, items: Any, owner: str | None = None) -> int:
        if not seen:
            deadline = time.monotonic() + 10
            while stub.stats()["calls"] < 8 and time.monotonic() < deadline:
                time.sleep(0.01)
            seen.append(int(stub.stats()["calls"]))
        return int(real(self, items, owner))

    monkeypatch.setattr(Ledger, "record_group", held)
    stub.control(latency_s=0.01)
    report = run(ledger, requests_for(40), max_concurrency=4)
    assert report.done == 40 and stub.stats()["calls"] == 40
    assert seen == [8]
    assert stub.stats()["max_inflight"] <= 4  # the limiter still bounds the calls in flight


def test_replies_are_committed_in_groups_and_each_is_durable_before_it_is_counted(
    stub: StubServer, requests_for: Build, ledger: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Group commit (issue 37): the replies that land while a commit runs share the next one,
    so a run commits fewer transactions than it has samples; and no reply is counted (report,
    progress) before another connection can read its row."""
    import sqlite3
    import time

    groups: list[int] = []
    real = Ledger.record_group

    def slow_group(self: Ledger, items: Any, owner: str | None = None) -> int:
        groups.append(len(items))
        time.sleep(0.02)  # a slow disk: replies queue while this commits
        return int(real(self, items, owner))

    monkeypatch.setattr(Ledger, "record_group", slow_group)
    unseen: list[str] = []

    def progress(rec: Any) -> None:
        with sqlite3.connect(ledger.path) as other:
            row = other.execute("SELECT 1 FROM samples WHERE request_key = ? AND sample_index = ?",
                                (rec.request_key, rec.sample_index)).fetchone()  # fmt: skip
        if row is None:
            unseen.append(rec.request_key)

    stub.control(latency_s=0.01)
    requests = requests_for(60)
    report = run(ledger, requests, k=2, max_concurrency=32, on_progress=progress)
    assert report.done == 120 and stub.stats()["calls"] == 120
    assert unseen == []
    assert sum(groups) == 120 and len(groups) < 60, groups
