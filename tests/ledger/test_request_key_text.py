"""The request key and the stored messages are built around one escape of each prompt: pinned
against the plain ``json.dumps`` formulas they replace, byte for byte."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from test_request_key import BASE, CHANGES_WHAT_IS_SENT, MODEL, SAMPLING, SENDS_THE_SAME

from gralgo.ledger import Request
from gralgo.ledger._records import messages_json
from gralgo.seeding import stable_hash

ODD_TEXTS = [
    "",
    "plain",
    'quotes " and \\ backslash',
    "control \x00 \x01 \x1f \t \n \r \x7f",
    "unicode Zürich 北京 \u2028 \u2029 emoji \U0001f600",
    "a\nb" * 5000,
]


def general_key(request: Request) -> str:
    """Request.key as first written: one json.dumps of the whole payload."""
    payload: dict[str, Any] = {
        "model": request.model.litellm_model,
        "api_base": request.model.endpoint_id or request.model.api_base,
        "extra_body": request.model.extra_body,
        "params": request.sampling.as_request_fields(request.model.drop_params),
        "messages": list(request.messages),
    }
    if request.mode != "direct":
        payload["mode"] = request.mode
    return stable_hash(json.dumps(payload, sort_keys=True, ensure_ascii=False), length=32)


def general_stored(request: Request) -> str:
    return json.dumps(
        list(request.messages), sort_keys=True, ensure_ascii=False, separators=(",", ":")
    )


REQUESTS = [
    BASE,
    *CHANGES_WHAT_IS_SENT.values(),
    *SENDS_THE_SAME.values(),
    *(
        replace(
            BASE, messages=({"role": "system", "content": text}, {"role": "user", "content": u})
        )
        for text in ODD_TEXTS
        for u in ("x", text)
    ),
    replace(BASE, messages=({"role": "user", "content": "hi", "name": "zed", "a": "first"},)),
    replace(BASE, messages=({"role": "user", "content": [{"type": "text", "text": "hi"}]},)),
    replace(BASE, messages=({"role": "user", "content": None},)),  # type: ignore[dict-item]
    replace(BASE, messages=()),
    replace(BASE, model=replace(MODEL, extra_body={"b": [1.5, 1e-300, None], "a": {"ü": True}})),
    replace(BASE, model=replace(MODEL, api_base=None), mode="tool"),
    replace(BASE, sampling=replace(SAMPLING, seed=0, logprobs=False, top_logprobs=0)),
]


def fresh(request: Request) -> Request:
    return replace(request)  # a new object: no key computed yet


@pytest.mark.parametrize("number", range(len(REQUESTS)))
def test_key_and_stored_messages_match_the_general_formulas(number: int) -> None:
    request = REQUESTS[number]
    key_first = fresh(request)
    assert key_first.key == general_key(request)
    assert key_first.stored_messages() == general_stored(request)
    stored_first = fresh(request)
    assert stored_first.stored_messages() == general_stored(request)
    assert stored_first.key == general_key(request)  # made on the way by stored_messages


def test_messages_json_matches_json_dumps() -> None:
    surrogate = ({"role": "user", "content": "lone \ud800"},)  # JSON text, though no UTF-8
    for messages in [*(r.messages for r in REQUESTS), surrogate]:
        plain = list(messages)
        assert messages_json(messages) == (
            json.dumps(plain, sort_keys=True, ensure_ascii=False),
            json.dumps(plain, sort_keys=True, ensure_ascii=False, separators=(",", ":")),
        )


def test_the_key_of_a_known_request_is_unchanged() -> None:
    assert BASE.key == "a177ac745cf824e81b591772d05c2059"


def test_requests_sharing_a_spec_object_but_not_a_mode_get_their_own_keys() -> None:
    a, b = fresh(BASE), replace(BASE, mode="tool")
    assert (a.key, b.key, fresh(BASE).key) == (general_key(a), general_key(b), general_key(a))
