"""The stub server plays several models at once: correctness by the request's model name."""

from __future__ import annotations

import json
import time
import urllib.request
from unittest.mock import ANY

from gralgo.testing import StubServer, start_stub, stop_stub
from gralgo.testing.stub_server import solves

PROMPTS = [f"question {i}" for i in range(40)]
RIGHT = {p: f"\\boxed{{{n}}}" for n, p in enumerate(PROMPTS)}


def _ask(stub: StubServer, model: str, prompt: str) -> str:
    body = {"model": model, "messages": [{"role": "user", "content": prompt}]}
    request = urllib.request.Request(
        stub.api_base + "/chat/completions",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return str(json.loads(response.read())["choices"][0]["message"]["content"])


def test_a_models_skill_sets_which_canned_answers_it_gets_right(stub: StubServer) -> None:
    stub.control(answers=RIGHT, skills={"stub-a": 1.0, "stub-b": 0.5, "stub-c": 0.0})
    replies = {m: [_ask(stub, m, p) for p in PROMPTS] for m in ("stub-a", "stub-b", "stub-c")}
    assert replies["stub-a"] == [RIGHT[p] for p in PROMPTS]
    assert replies["stub-c"] == ["\\boxed{-1}"] * len(PROMPTS)
    right_b = [p for p, r in zip(PROMPTS, replies["stub-b"], strict=True) if r == RIGHT[p]]
    assert 8 < len(right_b) < 32  # about half, and the same set on every call
    assert right_b == [p for p in PROMPTS if solves("stub-b", p, 0.5)]
    assert [_ask(stub, "stub-b", p) for p in PROMPTS] == replies["stub-b"]
    assert right_b != [p for p in PROMPTS if solves("stub-x", p, 0.5)]  # the name matters
    # A model without a skill, or a prompt without a canned answer: the usual replies.
    assert _ask(stub, "other", PROMPTS[3]) == RIGHT[PROMPTS[3]]
    assert _ask(stub, "stub-c", "not canned") == f"\\boxed{{{len('not canned')}}}"
    assert stub.stats()["by_model"] == {"stub-a": 40, "stub-b": 80, "stub-c": 41, "other": 1}


def _reply(stub: StubServer, prompt: str) -> dict:
    body = {"model": "stub-b", "messages": [{"role": "user", "content": prompt}]}
    request = urllib.request.Request(
        stub.api_base + "/chat/completions",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return dict(json.loads(response.read()))


def test_realistic_replies_carry_reasoning_and_usage_of_their_size(stub: StubServer) -> None:
    """Benchmarks answered ``\\boxed{N}`` with usage 11/7 tokens, a friendlier job than a real
    model's: ``reply_chars`` puts that much reasoning before each answer, usage to match."""
    stub.control(answers=RIGHT, skills={"stub-b": 0.5}, reply_chars=1536)
    replies = {p: _reply(stub, p) for p in PROMPTS}
    for prompt, reply in replies.items():
        text = reply["choices"][0]["message"]["content"]
        right = solves("stub-b", prompt, 0.5)
        assert text.endswith(RIGHT[prompt] if right else "\\boxed{-1}")
        assert len(text) >= 1536 and text.count("\\boxed") == 1
        usage = reply["usage"]
        assert usage["completion_tokens"] == -(-len(text) // 4) >= 384
        assert usage["prompt_tokens"] == -(-len(prompt) // 4)
        assert usage["total_tokens"] == usage["prompt_tokens"] + usage["completion_tokens"]
    texts = [r["choices"][0]["message"]["content"] for r in replies.values()]
    assert len(set(texts)) == len(texts)  # each prompt its own reasoning ...
    assert _reply(stub, PROMPTS[0]) == {**replies[PROMPTS[0]], "created": ANY}  # ... every time
    stub.control(answers=RIGHT, skills={"stub-b": 1.0})  # off again by default
    assert _reply(stub, PROMPTS[0])["choices"][0]["message"]["content"] == RIGHT[PROMPTS[0]]


def test_the_log_times_each_call_on_a_clock_a_client_can_line_up_with() -> None:
    """Each log entry ends with when its reply was sent, and ``t0_wall`` puts the log on the
    wall clock (a client's ``time.time()``); with ``--lag-probe`` the loop's lag is counted."""
    stub = start_stub("--lag-probe")
    try:
        before = time.time()
        stub.control(latency_s=0.05)
        sent = time.time()
        _ask(stub, "stub-a", "question")
        received = time.time()
        stats = stub.stats()
    finally:
        stop_stub(stub)
    [(arrival, in_flight, status, replied)] = stats["log"]
    assert (in_flight, status) == (1, 200)
    assert replied - arrival >= 0.05
    assert before <= stats["t0_wall"] <= sent
    assert sent <= stats["t0_wall"] + arrival <= stats["t0_wall"] + replied <= received
    count, total, worst = stats["lag"]
    assert count > 0 and 0 <= worst and total <= count * worst + 1e-9


def test_a_call_from_before_a_reset_is_not_counted_after_it(stub: StubServer) -> None:
    """A test's stats describe the calls made since its ``control``: a slow call left in flight
    by an earlier test (a killed client's) once ended inside the next test's log, with a
    negative in-flight count."""
    import threading

    stub.control(latency_s=1.0)
    slow = threading.Thread(target=_ask, args=(stub, "stub-a", "left over"))
    slow.start()
    deadline = time.monotonic() + 10
    while stub.stats()["calls"] == 0:  # the slow call has arrived
        assert time.monotonic() < deadline
        time.sleep(0.01)
    stub.control()  # the next test starts: counters reset, no latency
    assert _ask(stub, "stub-a", "fresh") == f"\\boxed{{{len('fresh')}}}"
    slow.join(timeout=10)
    stats = stub.stats()
    assert stats["calls"] == 1 and stats["by_prompt"] == {"fresh": 1}
    assert [entry[1:3] for entry in stats["log"]] == [[1, 200]]  # in flight at arrival: itself
    assert stats["max_inflight"] == 1


def test_a_list_of_answers_is_served_in_turn_so_each_sample_differs(stub: StubServer) -> None:
    """A benchmark's k samples of one prompt must differ (no memo of a text may make it cheaper):
    ``answers`` maps a prompt to a list, the n-th call of that prompt getting item n - 1."""
    turns = {p: [f"sample {k} of {p}" for k in range(3)] for p in PROMPTS[:2]}
    stub.control(answers={**turns, PROMPTS[2]: RIGHT[PROMPTS[2]]})
    first = [_ask(stub, "any", PROMPTS[0]) for _ in range(4)]
    assert first == [*turns[PROMPTS[0]], turns[PROMPTS[0]][0]]  # in turn, then again
    assert _ask(stub, "any", PROMPTS[1]) == turns[PROMPTS[1]][0]  # counted per prompt
    assert _ask(stub, "any", PROMPTS[2]) == RIGHT[PROMPTS[2]]  # a plain text as before
    stub.control(answers=turns, skills={"stub-c": 0.0})  # a skill still decides right or wrong
    assert _ask(stub, "stub-c", PROMPTS[0]) == "\\boxed{-1}"
    assert _ask(stub, "other", PROMPTS[0]) == turns[PROMPTS[0]][1]
