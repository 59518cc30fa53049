"""The stub server plays several models at once: correctness by the request's model name."""

from __future__ import annotations

import json
import urllib.request

from gralgo.testing import StubServer
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
