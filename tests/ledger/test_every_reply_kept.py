"""One rule: once a reply is received nothing loses it (issue 18, item 1).

Generated reply bodies (random unicode with lone surrogates and NUL, the normalisation marker,
huge, empty, non-JSON) go through the runner into both ledgers: every paid call is stored or
rescued (paid == stored + rescued), and every stored text reads back as received, made
canonical (issue 34: a lone surrogate becomes U+FFFD at the reply's one entry, so every report
after the ledger can hold it).
"""

from __future__ import annotations

import errno
import itertools
import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gralgo.ledger import Ledger, PostgresLedger, SampleLogprobs, SampleRecord, read_rescue
from gralgo.ledger._normalise import canonical
from gralgo.run import run_samples_sync
from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, PostgresServer, StubServer, make_requests

_tags = itertools.count()
_MARKER = "\u27e6gralgo:esc\u27e7"
_ODD = ["\ud800", "\udfff", "\x00", "\\u0000", "\\ud800", _MARKER, '"', "\\boxed{7}", "é", "\n"]
# A lone surrogate, NUL, the marker, ordinary text, huge and empty bodies.
bodies = st.one_of(
    st.lists(st.sampled_from(_ODD), max_size=12).map("".join),
    st.text(alphabet=st.characters(exclude_categories=()), max_size=60),
    st.just(""),
    st.just("y" * 300_000),
)


@given(st.text(alphabet=st.characters(exclude_categories=()), max_size=80) | bodies)
def test_normalisation_is_canonical_and_leaves_ordinary_text_alone(text: str) -> None:
    from gralgo.ledger._normalise import MARKER, canonical, restore, storable

    stored = storable(text)
    assert restore(stored) == canonical(text)
    canonical(text).encode("utf-8")  # every file and encoder takes it
    assert len(canonical(text)) <= len(text)
    stored.encode("utf-8")  # any store can hold it
    assert "\x00" not in stored
    if not any(0xD800 <= ord(c) <= 0xDFFF for c in text):
        assert canonical(text) is text  # only surrogates change
        if "\x00" not in text:
            assert stored == text or text.startswith(MARKER)


def test_a_lone_surrogate_becomes_the_replacement_character_and_a_pair_its_character() -> None:
    from gralgo.ledger._normalise import canonical, restore

    assert canonical("a\ud800b\udfff") == "a\ufffdb\ufffd"
    assert canonical("\ud83d\ude00 \ude00\ud83d") == "\U0001f600 \ufffd\ufffd"
    # a row an older gralgo stored escaped, with its lone surrogate, reads back canonical
    assert restore("\u27e6gralgo:esc\u27e7x\\ud800") == "x\ufffd"


@pytest.fixture(scope="module")
def pg_url(postgres: PostgresServer) -> str:
    return postgres.new_database("everyreply")


@pytest.fixture()
def fake_key() -> Iterator[None]:
    old = os.environ.get(FAKE_KEY_ENV)
    os.environ[FAKE_KEY_ENV] = FAKE_KEY
    yield
    if old is None:
        del os.environ[FAKE_KEY_ENV]
    else:
        os.environ[FAKE_KEY_ENV] = old


def _open(kind: str, where: Path, pg_url: str) -> Any:
    return Ledger(where / "ledger.sqlite") if kind == "sqlite" else PostgresLedger(pg_url, where)


def _through_runner(stub: StubServer, ledger: Any, texts: list[str], malformed: bool) -> int:
    tag = f"fz{next(_tags)}"
    requests = make_requests(stub.api_base, len(texts), tag=tag)
    answers = {f"{tag} question {i}": text for i, text in enumerate(texts)}
    faults = [{"kind": "malformed", "match": f"{tag} question 0"}] if malformed else []
    stub.control(answers=answers, faults=faults)
    try:
        run_samples_sync([(r, 0) for r in requests], ledger, client="direct", max_concurrency=4,
                         max_attempts=1, timeout_s=20, failure_budget=1.0)  # fmt: skip
    except Exception:  # noqa: S110  (a stopped run is fine: what counts is what was kept)
        pass
    return int(stub.stats()["calls"])


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(texts=st.lists(bodies, min_size=1, max_size=5), malformed=st.booleans())
def test_paid_equals_stored_plus_rescued_on_both_ledgers(
    stub_server: StubServer, pg_url: str, fake_key: None, kind: str, texts: list[str],
    malformed: bool,
) -> None:  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        where = Path(tmp)
        ledger = _open(kind, where, pg_url)
        before = {(r.request_key, r.sample_index) for r in ledger.all_samples()}
        paid = _through_runner(stub_server, ledger, texts, malformed)
        rows = [r for r in ledger.all_samples() if (r.request_key, r.sample_index) not in before]
        rescued = read_rescue(ledger.rescue_path)[0] if ledger.rescue_path.exists() else []
        assert paid == len(rows) + len(rescued)
        ledger.close()
        reopened = _open(kind, where, pg_url)  # imports anything rescued
        now = [r for r in reopened.all_samples() if (r.request_key, r.sample_index) not in before]
        reopened.close()
        assert len(now) == paid
        # What the client received (JSON transport joins an adjacent surrogate pair), made
        # canonical (a lone surrogate is U+FFFD).
        sent = [canonical(json.loads(json.dumps(t))) for t in texts]
        received = {r.answer_text for r in now if r.ok}
        assert received <= {*sent, None}
        assert set(sent[1:] if malformed else sent) <= received | {""}


def _logprobs(n: int) -> SampleLogprobs:
    top = np.full((n, 2), -1.5, dtype=np.float32)
    tokens = tuple(f"t{i}\ud800\udfff\x00" for i in range(n))  # a pair JSON would join
    return SampleLogprobs(tokens, np.full(n, -0.5), top)


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_write_that_raises_anything_rescues_the_sample_with_its_logprobs(
    kind: str, pg_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ledger = _open(kind, tmp_path, pg_url)
    rec = SampleRecord(f"lp{next(_tags)}", 0, "i", "m", answer_text="paid")

    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("some driver bug")

    monkeypatch.setattr(ledger, "record", broken)
    assert not ledger.record_durably(rec, logprobs=_logprobs(3))
    assert isinstance(ledger.last_write_error, RuntimeError)
    ledger.close()
    reopened = _open(kind, tmp_path, pg_url)
    assert reopened.samples([rec.request_key])[(rec.request_key, 0)].answer_text == "paid"
    got = reopened.read_logprobs([(rec.request_key, 0)])[(rec.request_key, 0)]
    assert got.tokens == tuple(map(canonical, _logprobs(3).tokens)) and got.top.shape == (3, 2)
    reopened.close()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_rescue_line_the_store_refuses_is_set_aside_and_the_rest_imported(
    kind: str, pg_url: str, tmp_path: Path
) -> None:
    ledger = _open(kind, tmp_path, pg_url)
    key = f"rs{next(_tags)}"
    good = SampleRecord(key, 0, "i", "m", answer_text="nul \x00 and \ud800\udc00")
    bad = SampleRecord(key, 2**64, "i", "m", answer_text="index no store can hold")
    ledger.rescue([good, bad, SampleRecord(key, 1, "i", "m", answer_text="after")])
    ledger.close()
    reopened = _open(kind, tmp_path, pg_url)  # must not raise
    stored = reopened.samples([key])
    reopened.close()
    assert stored[(key, 0)].answer_text == "nul \x00 and \U00010000"  # the pair joined
    assert stored[(key, 1)].answer_text == "after"
    aside = [p for p in tmp_path.iterdir() if "invalid" in p.name]
    [line] = aside[0].read_text().splitlines()
    assert str(2**64) in line and json.loads(line)["cause"]


@pytest.mark.parametrize(("kind", "odd", "cause"), [
    ("sqlite", "lone \ud800 surrogate", "UnicodeEncodeError"),
    ("postgresql", "nul \x00 byte", "DataError"),
])  # fmt: skip
def test_a_value_the_store_refuses_is_rescued_with_its_real_cause(
    stub: StubServer, pg_url: str, fake_key: None, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch, kind: str, odd: str, cause: str,
) -> None:  # fmt: skip
    """Without normalisation the real store refuses the text: the run says why (not 'free
    space'), keeps the reply in the rescue file, and the next open imports it."""
    from gralgo.ledger import LedgerWriteError, _sample_row

    monkeypatch.setattr(_sample_row, "storable_record", lambda rec: rec)  # rows as received
    tag = f"cause{next(_tags)}"
    requests = make_requests(stub.api_base, 2, tag=tag)
    stub.control(answers={f"{tag} question 0": odd})
    ledger = _open(kind, tmp_path, pg_url)
    with pytest.raises(LedgerWriteError) as caught:
        run_samples_sync([(r, 0) for r in requests], ledger, client="direct", max_concurrency=1,
                         max_attempts=1, timeout_s=20, failure_budget=1.0)  # fmt: skip
    ledger.close()
    assert cause in str(caught.value) and "free space" not in str(caught.value)
    assert "imported" in str(caught.value)
    monkeypatch.undo()
    reopened = _open(kind, tmp_path, pg_url)
    stored = reopened.samples([r.key for r in requests])
    reopened.close()
    assert stored[(requests[0].key, 0)].answer_text == canonical(odd)
    assert len(stored) == stub.stats()["calls"]


def test_logprobs_on_a_full_disk_are_kept_with_their_sample(
    stub: StubServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dataclasses import replace

    from gralgo.ledger import LedgerWriteError

    requests = [
        replace(r, sampling=replace(r.sampling, logprobs=True, top_logprobs=2))
        for r in make_requests(stub.api_base, 12, tag=f"lpfull{next(_tags)}")
    ]
    path = tmp_path / "ledger.sqlite"
    ledger = Ledger(path)
    real, count = ledger.record, {"n": 0}

    def record(rec: SampleRecord, owner: str | None = None, logprobs: Any = None) -> None:
        count["n"] += 1
        if count["n"] > 4:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(rec, owner, logprobs)

    monkeypatch.setattr(ledger, "record", record)
    with pytest.raises(LedgerWriteError, match="free space"):
        run_samples_sync([(r, 0) for r in requests], ledger, max_concurrency=4, max_attempts=1,
                         timeout_s=20, failure_budget=1.0)  # fmt: skip
    ledger.close()
    paid = stub.stats()["calls"]
    with Ledger(path) as reopened:
        rows = reopened.all_samples()
        logprobs = reopened.read_logprobs([(r.request_key, 0) for r in rows])
    assert len(rows) == paid and len(logprobs) == paid


def test_logprobs_with_a_postgresql_ledger_are_stored_on_the_server(
    stub: StubServer, pg_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dataclasses import replace

    monkeypatch.chdir(tmp_path)
    requests = [
        replace(r, sampling=replace(r.sampling, logprobs=True, top_logprobs=2))
        for r in make_requests(stub.api_base, 3, tag=f"lppg{next(_tags)}")
    ]
    with PostgresLedger(pg_url, tmp_path) as ledger:
        report = run_samples_sync([(r, 0) for r in requests], ledger, max_concurrency=4,
                                  max_attempts=1, timeout_s=20, failure_budget=1.0)  # fmt: skip
        assert report.done == 3
        got = ledger.read_logprobs([(r.key, 0) for r in requests])
    assert len(got) == 3 and all(len(g.tokens) > 0 for g in got.values())
    assert [p.name for p in tmp_path.iterdir()] == []  # no SQLite file named by the URL
