"""study.html for a sweep of three models against the stub server, in headless Chromium."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from gralgo.evaluate import evaluate, load_instances
from gralgo.report import collect_instances, write_comparison
from gralgo.report._study import (
    holm_adjusted,
    mcnemar_p,
    paired_rows,
    study_warnings,
    write_study_page,
)
from gralgo.settings import settings_from_config
from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, StubServer

CONF = Path(__file__).resolve().parents[2] / "conf"


def compose_config(overrides: list[str]) -> dict[str, Any]:
    """The resolved config for ``overrides`` (as the shared ``make_settings`` fixture composes
    it; that fixture is per test, the jobs here run once per module)."""
    from hydra import compose, initialize_config_dir
    from omegaconf import OmegaConf

    with initialize_config_dir(config_dir=str(CONF), version_base=None):
        cfg = compose("config", overrides=overrides)
    plain = OmegaConf.to_container(cfg, resolve=True)
    assert isinstance(plain, dict)
    return {str(k): v for k, v in plain.items()}


def _settings(root: Path, stub: StubServer, model: str, *extra: str) -> Any:
    return settings_from_config(compose_config([
        f"paths.outputs={root / 'outputs'}", f"paths.cache={root / 'cache'}",
        "model=openai_compatible", f"model.name={model}", f"model.api_base={stub.api_base}",
        f"model.api_key_env={FAKE_KEY_ENV}", "task=[max_degree,mst_weight]", "level=1",
        "dataset.per_level=4", "sampling.k=2", "mlflow.enabled=false",
        "report.bootstrap_resamples=50", *extra,
    ]))  # fmt: skip


def _run_model(root: Path, stub: StubServer, model: str, right: set[int]) -> Path:
    """One job whose model answers the instances with index in ``right`` correctly."""
    settings = _settings(root, stub, model)
    answers = {}
    for instance in load_instances(settings):
        prompt = instance.prompts["edge_list"]
        value = prompt.answer if instance.index in right else "-1"
        answers[prompt.text] = f"\\boxed{{{value}}}"
    stub.control(answers=answers)
    return evaluate(settings).output_dir


def test_mcnemar_exact_p_values() -> None:
    assert mcnemar_p(0, 0) == 1.0
    assert mcnemar_p(8, 0) == pytest.approx(2 * 0.5**8)
    assert mcnemar_p(3, 3) == pytest.approx(1.0)


def test_holm_adjusts_each_family_of_tests() -> None:
    """18 cells of n = 8 were marked p < 0.05 uncorrected; Holm's step-down controls the
    family's error rate."""
    assert list(holm_adjusted(pd.Series([0.01, 0.04, 0.03]))) == pytest.approx([0.03, 0.06, 0.06])
    assert list(holm_adjusted(pd.Series([0.5]))) == [0.5]
    assert list(holm_adjusted(pd.Series([0.9, 0.8]))) == [1.0, 1.0]


def test_paired_rows_count_discordant_instances_and_warn_on_k() -> None:
    rows = []
    for model, solved in (("a", {0, 1, 2}), ("b", {0})):
        for i in range(4):
            value = 1.0 if i in solved else 0.0
            rows.append({"model": model, "task": "t", "taxonomy": "enumeration",
                         "complexity": "easy", "level": 1, "format": "edge_list",
                         "context": "standard", "mode": "direct", "instance_id": f"i{i}",
                         "pass_at_k": value, "cons_at_k": value, "accuracy": value,
                         "incomplete": False, "k": 2 if model == "a" else 4})  # fmt: skip
    pairs = paired_rows(pd.DataFrame(rows), n_resamples=50)
    overall = pairs[pairs["task"] == "all"].iloc[0]
    assert (overall["both"], overall["only_a"], overall["only_b"], overall["neither"]) == (
        1, 2, 0, 1)  # fmt: skip
    assert overall["pass_diff"] == pytest.approx(0.5)
    assert overall["mcnemar_p"] == pytest.approx(0.5)
    assert overall["mcnemar_p_holm"] == pytest.approx(0.5)  # the only overall test
    assert any("different k" in w for w in study_warnings(pd.DataFrame(rows)))


@pytest.fixture(scope="module")
def study(stub_server: StubServer, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three models' jobs against the stub and their comparison folder. Module-scoped and
    requested before the browser: the jobs' runner needs no Playwright event loop running."""
    root = tmp_path_factory.mktemp("study")
    stub_server.control()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(FAKE_KEY_ENV, FAKE_KEY)
        for model, right in (("model-strong", {0, 1, 2, 3}), ("model-mid", {0, 1}),
                             ("model-weak", set())):  # fmt: skip
            _run_model(root, stub_server, model, right)
    out = root / "comparison"
    written = write_comparison(collect_instances([root / "outputs" / "runs"]), out)
    assert out / "study.html" in written
    return out


def test_study_page_of_three_models_sorts_pairs_and_links_samples(
    study: Path, chromium_page: Any
) -> None:
    out = study

    page = chromium_page
    page.set_viewport_size({"width": 1400, "height": 900})
    errors: list[str] = []
    fetched: list[str] = []  # a static page: nothing but files on disk, no server, no CDN
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.on("request", lambda request: fetched.append(request.url))
    page.goto((out / "study.html").as_uri())
    assert "model-mid, model-strong, model-weak" in page.locator("h1").inner_text()
    assert page.locator("#warnings").count() == 0  # same instances, format and k
    ranking = page.locator("table.overall-board").first.locator("tbody tr")
    assert [r.locator("td").nth(1).inner_text() for r in ranking.all()] == [
        "model-strong", "model-mid", "model-weak"]  # fmt: skip
    board = page.locator("table.leaderboard").first
    assert board.locator("tbody tr").count() == 2 * 3  # two tasks x three models
    # Sort by pass@k, descending: the strong model's rows come first.
    header = board.locator("th", has_text="pass@k [95% CI]")
    header.click()
    header.click()
    first = board.locator("tbody tr").first.locator("td").all_inner_texts()
    assert first[2] == "model-strong" and first[5].startswith("1.00 [")
    # beside pass@k and cons@k their guessing baselines (4 instances a cell: too few), then
    # the hard split: none in this dataset, absent rather than 0
    assert first[6] == first[8] == "n too small" and first[9:11] == ["absent", "absent"]
    assert 0 <= float(first[11]) <= 1  # the best heuristic of the instances, a share
    assert float(first[12]) > 0  # its z-score over the three models on that task and level
    last = board.locator("tbody tr").last.locator("td").all_inner_texts()
    assert last[2] == "model-weak" and last[5].startswith("0.00 [") and float(last[12]) < 0
    # Three pairs, each with an overall row: strong vs weak differ on all 8 shared instances.
    paired = page.locator("table.paired").first
    overall = paired.locator("tr.overall")
    assert overall.count() == 3
    texts = {tuple(r.locator("td").all_inner_texts()[:2]): r.locator("td").all_inner_texts()
             for r in overall.all()}  # fmt: skip
    strong_weak = texts[("model-strong", "model-weak")]
    assert strong_weak[4:9] == ["8", "0", "8", "0", "0"]  # shared, both, only A, only B, neither
    assert float(strong_weak[9].split()[0]) == pytest.approx(2 * 0.5**8, rel=1e-2)
    assert "(Holm " in strong_weak[9] and "n too small" in strong_weak[9]  # 8 shared
    assert strong_weak[10].startswith("1.00 [")
    # A leaderboard row links to the samples behind it: that job's report, filtered.
    link = board.locator("tbody tr").first.locator("a")
    link.click()
    page.wait_for_load_state()
    assert page.url.split("#")[0].endswith("/report.html")
    assert page.locator("#f-model").input_value() == "model-strong"
    shown = page.locator("#samples tr.sample")
    assert shown.count() == 4 * 2  # 4 instances x k of that model, task and level
    assert errors == []
    assert fetched and all(url.startswith("file://") for url in fetched), fetched


def test_study_page_warns_when_the_jobs_differ(
    study: Path, chromium_page: Any, tmp_path: Path
) -> None:
    """Jobs asked other instances, in another format, with another k: the page says so above
    the tables, and the pairs count only the shared instances."""
    inst = collect_instances([study.parent / "outputs" / "runs"])
    mid = inst["model"] == "model-mid"
    dropped = set(sorted(inst.loc[mid, "instance_id"])[:2])
    inst = inst[~(mid & inst["instance_id"].isin(dropped))].copy()  # model-mid: 6 of 8
    inst.loc[inst["model"] == "model-weak", "k"] = 4
    other_format = inst[inst["model"] == "model-strong"].assign(format="adjacency_list")
    write_study_page(pd.concat([inst, other_format], ignore_index=True), tmp_path, 50)

    page = chromium_page
    page.goto((tmp_path / "study.html").as_uri())
    warnings = page.locator("#warnings li").all_inner_texts()
    assert len(warnings) == 3, warnings
    assert "different formats (adjacency_list, edge_list)" in warnings[0]
    assert "edge_list-standard: the models answered different instances" in warnings[1]
    assert "model-mid 6" in warnings[1] and "6 shared" in warnings[1]
    assert "different k" in warnings[2] and "model-weak k=4" in warnings[2]
    edge_list = page.locator('section[data-setting="edge_list · standard · direct"]')
    rows = edge_list.locator("table.paired tr.overall").all()
    shared = {tuple(r.locator("td").all_inner_texts()[:2]): r.locator("td").nth(4).inner_text()
              for r in rows}  # fmt: skip
    assert shared[("model-strong", "model-mid")] == "6"
    assert shared[("model-strong", "model-weak")] == "8"


def test_paired_counts_link_to_exactly_the_discordant_samples(
    study: Path, chromium_page: Any
) -> None:
    """The "only A" count opens A's report on the instances A solves and B does not, and the
    last column B's samples on the same instances: exactly those, no others."""
    inst = collect_instances([study.parent / "outputs" / "runs"])
    mid = inst[inst["model"] == "model-mid"]
    mid_wrong = sorted(mid.loc[mid["cons_at_k"] < 0.5, "instance_id"])
    assert len(mid_wrong) == 4  # instances 2 and 3 of both tasks

    page = chromium_page
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))

    def shown() -> list[tuple[str, ...]]:
        rows = page.eval_on_selector_all("#samples tr.sample", "rows => rows.map(r => ["
                                         "r.dataset.instance, r.cells[1].textContent,"
                                         "r.cells[7].textContent])")  # fmt: skip
        return sorted(map(tuple, rows))

    def pair_row() -> Any:
        page.goto((study / "study.html").as_uri())
        rows = page.locator("table.paired").first.locator("tr.overall")
        return rows.filter(has=page.locator("td:nth-child(2)", has_text="model-mid")).filter(
            has=page.locator("td:nth-child(1)", has_text="model-strong"))  # fmt: skip

    row = pair_row()
    assert row.locator("td").nth(7).inner_text() == "0"  # nothing to link: no anchor
    assert row.locator("td").nth(7).locator("a").count() == 0
    row.locator("td").nth(6).locator("a").click()  # only A: 4
    page.wait_for_load_state()
    assert page.url.split("#")[0].endswith("/report.html")
    assert page.text_content("#f-ids-n") == "4"
    assert shown() == [(i, "model-strong", "correct") for i in mid_wrong for _ in range(2)]
    pair_row().locator("a.other", has_text="model-mid on only A").click()
    page.wait_for_load_state()
    assert shown() == [(i, "model-mid", "wrong") for i in mid_wrong for _ in range(2)]
    assert errors == []
