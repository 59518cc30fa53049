"""A key the model echoes in a successful answer is masked in the job's local files."""

from __future__ import annotations

from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, StubServer


def test_echoed_key_is_masked_in_the_job_folder(make_settings, stub: StubServer) -> None:
    from gralgo.evaluate import evaluate, load_instances

    settings = make_settings(
        "model=openai_compatible",
        "model.name=stub",
        f"model.api_base={stub.api_base}",
        f"model.api_key_env={FAKE_KEY_ENV}",
        "task=max_degree",
        "level=1",
        "dataset.per_level=1",
        "sampling.k=1",
        "mlflow.enabled=false",
    )
    prompts = [i.prompts["edge_list"].text for i in load_instances(settings)]
    stub.control(answers={p: f"My key is {FAKE_KEY}. \\boxed{{{FAKE_KEY}}}" for p in prompts})
    result = evaluate(settings)
    written = [p for p in result.output_dir.rglob("*") if p.is_file()]
    assert any(p.name == "samples.csv" for p in written)
    assert [p for p in written if FAKE_KEY.encode() in p.read_bytes()] == []


def test_echoed_key_is_masked_in_stored_logprob_tokens(stub: StubServer, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from dataclasses import replace

    from gralgo.ledger import Ledger
    from gralgo.run import run_samples_sync
    from gralgo.testing import make_requests

    requests = [
        replace(r, sampling=replace(r.sampling, logprobs=True, top_logprobs=2))
        for r in make_requests(stub.api_base, 2, tag="echo-lp")
    ]
    stub.control(answers={r.messages[-1]["content"]: f"my key is {FAKE_KEY} ok" for r in requests})
    with Ledger(tmp_path / "ledger.sqlite") as ledger:
        run_samples_sync([(r, 0) for r in requests], ledger, max_concurrency=2, max_attempts=1,
                         timeout_s=20, failure_budget=1.0)  # fmt: skip
    from gralgo.ledger import LogprobStore

    stored = LogprobStore(tmp_path / "ledger.sqlite").read([(r.key, 0) for r in requests])
    assert len(stored) == 2
    for data in stored.values():
        assert FAKE_KEY not in "".join(data.tokens) and "ok" in "".join(data.tokens)
    raw = (tmp_path / "ledger.sqlite").read_bytes()
    assert FAKE_KEY.encode() not in raw
