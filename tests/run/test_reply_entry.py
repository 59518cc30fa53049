"""One entry for every reply (issue 34, item 1): random reply texts (lone surrogates, NUL,
control characters, the escape marker, huge, empty, not JSON) through whole jobs, live on both
ledgers and in provider batches (OpenAI, Anthropic, Gemini shapes). Every job completes, every
paid reply is stored once, and ``samples.jsonl`` and ``report.html`` hold every sample as its
canonical text (:func:`gralgo.ledger._normalise.canonical`: a lone surrogate is U+FFFD).
"""

from __future__ import annotations

import itertools
import json
import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gralgo.evaluate import evaluate, load_instances
from gralgo.results import read_samples
from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, BatchStub, PostgresServer, StubServer

MARKER = "\u27e6gralgo:esc\u27e7"
N = 6  # instances of one job (k = 1): one job with many samples, not many jobs
_db = itertools.count()
ODD = ["\ud800", "\udfff", "\x00", "\x01", "\x1b[31m", "\x7f", "\u2028", "</script>", "<!--",
       MARKER, '{"', "\\u0000", "\\boxed{7}", "é", "\n", "\r", "\t", "🙂"]  # fmt: skip
texts = st.one_of(
    st.lists(st.sampled_from(ODD), max_size=10).map("".join),
    st.text(alphabet=st.characters(exclude_categories=()), max_size=40),
    st.just(""),
    st.just("not json {[" + "z" * 200_000),
)
FIXED = ["lone \ud800 high", "\udfff low \x00 nul", "ctl \x01\x1b\x7f\u2028", MARKER + " marker",
         "", "huge " + "w" * 300_000]  # fmt: skip


def _settings(make_settings: Any, where: Path, model: list[str], *extra: str) -> Any:
    return make_settings(
        *model, f"model.api_key_env={FAKE_KEY_ENV}", "task=[max_degree]", "level=1",
        f"dataset.per_level={N}", "sampling.k=1", "sampling.seed=null", "run.max_attempts=1",
        "run.failure_budget=1.0", f"ledger.path={where / 'ledger.sqlite'}", *extra,
    )  # fmt: skip


def _pg(postgres: PostgresServer, kind: str) -> list[str]:
    """The override of a fresh PostgreSQL ledger (none for SQLite)."""
    return [] if kind == "sqlite" else [f"ledger.url={postgres.new_database(f'entry{next(_db)}')}"]


def _answers(settings: Any, replies: list[str]) -> dict[str, str]:
    prompts = [i.prompts["edge_list"].text for i in load_instances(settings)]
    assert len(prompts) == N
    return dict(zip(prompts, replies, strict=True))


def canonical(text: str) -> str:
    """What the client received (JSON transport joins a surrogate pair), each lone surrogate
    as U+FFFD: the one documented transform."""
    return re.sub("[\ud800-\udfff]", "\ufffd", json.loads(json.dumps(text)))


def report_records(path: Path) -> list[dict[str, Any]]:
    """The records a ``report.html`` shows (read back from the shards beside it)."""
    from gralgo.transcripts import page_records

    return page_records(path)


def check_job(folder: Path, replies: list[str], paid: int) -> None:
    """Paid = stored (nothing rescued is left), and every report holds every canonical text."""
    assert not any(p.name.endswith(".rescue.jsonl") for p in folder.parent.rglob("*"))
    frame = read_samples(folder)
    stored = frame[frame["error_class"] != "Missing"]
    assert len(stored) == paid == N, frame[["error_class", "error_message"]]
    expected = sorted(canonical(t) for t in replies)
    assert sorted(stored["answer_text"].fillna("")) == expected
    # JSON lines: split at "\n" only (a text may hold U+2028, which str.splitlines splits at)
    lines = (folder / "samples.jsonl").read_text(encoding="utf-8").rstrip("\n").split("\n")
    assert sorted(json.loads(line)["answer_text"] or "" for line in lines) == expected
    records = report_records(folder / "report.html")
    assert sorted(r["answer_text"] or "" for r in records) == expected


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
@given(replies=st.lists(texts, min_size=N, max_size=N))
def test_a_live_job_takes_any_reply_text_on_both_ledgers(
    make_settings: Any, stub: StubServer, postgres: PostgresServer, kind: str, replies: list[str]
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        where = Path(tmp)
        pg = (
            [f"ledger.url={postgres.new_database(f'entry{next(_db)}')}"] if kind != "sqlite" else []
        )
        model = ["model=openai_compatible", "model.name=stub-model",
                 f"model.api_base={stub.api_base}"]  # fmt: skip
        job = _settings(make_settings, where, model, "mlflow.enabled=false", *pg)
        stub.control(answers=_answers(job, replies))
        result = evaluate(job)
        check_job(result.output_dir, replies, int(stub.stats()["calls"]))


def _batch_model(provider: str, stub: BatchStub) -> list[str]:
    if provider == "anthropic":
        return ["model=claude", f"model.api_base={stub.base}"]
    if provider == "gemini":
        return ["model=gemini_2_5_flash", f"model.api_base={stub.base}/v1beta"]
    return ["model=openai_compatible", "model.name=stub-model", f"model.api_base={stub.api_base}"]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("provider", "kind"),
    [("openai", "sqlite"), ("openai", "postgresql"), ("anthropic", "sqlite"),
     ("gemini", "postgresql")],
)  # fmt: skip
def test_a_batch_job_takes_any_reply_text(
    make_settings: Any, batch_stub: BatchStub, postgres: PostgresServer, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch, provider: str, kind: str,
) -> None:  # fmt: skip
    pytest.importorskip(
        {"openai": "openai", "anthropic": "anthropic", "gemini": "google.genai"}[provider]
    )
    monkeypatch.setenv(FAKE_KEY_ENV, FAKE_KEY)
    pg = _pg(postgres, kind)
    job = _settings(
        make_settings, tmp_path, _batch_model(provider, batch_stub), "mlflow.enabled=false",
        "run.batch.enabled=true", "run.batch.poll_s=0.05", "run.batch.max_poll_s=0.2", *pg,
    )  # fmt: skip
    before = sum(batch_stub.stats()["paid"].values())
    batch_stub.control(delay_s=0.1, fail_every=0, expire=False, answers=_answers(job, FIXED))
    result = evaluate(job)
    check_job(result.output_dir, FIXED, sum(batch_stub.stats()["paid"].values()) - before)
