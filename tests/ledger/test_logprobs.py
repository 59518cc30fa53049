"""Logprobs: parsing the OpenAI format, compact storage, and the runner's hook (stub server)."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from gralgo.ledger import Ledger
from gralgo.ledger._logprobs import LogprobStore, logprobs_from_response
from gralgo.run import run_samples_sync
from gralgo.testing import StubServer, make_requests

RESPONSE = {
    "choices": [
        {
            "logprobs": {
                "content": [
                    {
                        "token": "Hi",
                        "logprob": -0.1,
                        "top_logprobs": [
                            {"token": "Hi", "logprob": -0.1},
                            {"token": "Yo", "logprob": -2.5},
                        ],
                    },
                    {
                        "token": " there",
                        "logprob": -0.7,
                        "top_logprobs": [{"token": " there", "logprob": -0.7}],
                    },
                ]
            }
        }
    ]
}


def test_parse_and_roundtrip(tmp_path: Path) -> None:
    data = logprobs_from_response(RESPONSE)
    assert data is not None and data.tokens == ("Hi", " there")
    assert data.top.shape == (2, 2) and data.top[1, 1] == -np.inf
    store = LogprobStore(tmp_path / "ledger.sqlite")
    store.record("k", 0, data)
    back = store.read([("k", 0), ("k", 1)])
    assert list(back) == [("k", 0)]
    assert back[("k", 0)].tokens == data.tokens
    assert np.allclose(back[("k", 0)].top, data.top, rtol=1e-3)
    assert np.allclose(back[("k", 0)].chosen, [-0.1, -0.7], rtol=1e-3)  # float16
    assert logprobs_from_response({"choices": [{"message": {}}]}) is None


def test_runner_stores_logprobs_only_when_asked(stub: StubServer, tmp_path: Path) -> None:
    plain = make_requests(stub.api_base, 2)
    asked = [replace(r, sampling=replace(r.sampling, logprobs=True, top_logprobs=3)) for r in plain]
    assert plain[0].key != asked[0].key  # part of the request key
    assert plain[0].key == make_requests(stub.api_base, 1)[0].key  # None changes nothing
    with Ledger(tmp_path / "ledger.sqlite") as ledger:
        for requests in (plain, asked):
            report = run_samples_sync(
                ledger.missing(requests, 1),
                ledger,
                max_concurrency=2,
                max_attempts=2,
                timeout_s=10,
                failure_budget=0.5,
            )
            assert report.done == 2
    stored = LogprobStore(tmp_path / "ledger.sqlite").read([(r.key, 0) for r in plain + asked])
    assert sorted(stored) == sorted((r.key, 0) for r in asked)
    one = stored[(asked[0].key, 0)]
    assert "".join(one.tokens) == "\\boxed{12}"  # the stub: the length of "q question 0"
    assert one.top.shape == (1, 3)
    # p = 1 / (1 + len(token))
    assert math.isclose(float(one.chosen[0]), math.log(1 / 11), rel_tol=1e-3)


_DECODE_TOKENS = ["", " Wait", "\n\n", ' "q"', "\\", "é", "😀", "\ud800", "a\x00b", "\udfff "]


@settings(max_examples=200)
@given(
    st.lists(
        st.one_of(
            st.sampled_from([*_DECODE_TOKENS, "\u27e6gralgo:esc\u27e7x"]), st.text(max_size=4)
        ),
        max_size=30,
    )
)
def test_stored_tokens_decode_as_the_per_token_restore_did(tokens: list[str]) -> None:
    """The decoding that skips the per-token restore when nothing is escaped gives exactly what
    restoring every token gave (the replaced code), for escaped and plain tokens alike."""
    import json
    import zlib

    from gralgo.ledger._logprobs import SampleLogprobs, decode_tokens, logprob_row
    from gralgo.ledger._normalise import canonical, restore

    data = SampleLogprobs(tuple(tokens), np.zeros(len(tokens)), np.zeros((len(tokens), 1)))
    blob = logprob_row("k", 0, data)[4]
    replaced = tuple(restore(t) for t in json.loads(zlib.decompress(blob)))
    # tokens are reply text: stored canonical (a lone surrogate, e.g. half a byte-level token's
    # character, is U+FFFD), like every other text of a reply
    assert tuple(decode_tokens(blob)) == replaced == tuple(map(canonical, tokens))
