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
