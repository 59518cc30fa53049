"""report.html in a real headless Chromium: it loads its shards from disk, filters, and shows a
sample."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pandas as pd

from gralgo.transcripts._shards import SHARD_DIR, page_records, read_shard
from gralgo.transcripts._transcripts import write_transcripts


def _visible_rows(page: Any) -> int:
    return page.locator("#samples tr.sample").count()


def open_report(page: Any, url: str) -> None:
    """Open a report.html and wait until its samples are read from the shards beside it."""
    page.goto(url)
    page.wait_for_function("['loaded', 'failed'].includes(document.documentElement.dataset"
                           ".samples)")  # fmt: skip
    assert page.evaluate("document.documentElement.dataset.samples") == "loaded"


def search(page: Any, text: str, rows: int) -> None:
    """Type ``text`` in the search box and wait for ``rows`` matches (texts load lazily)."""
    from playwright.sync_api import expect

    page.fill("#f-search", text)
    expect(page.locator("#samples tr.sample")).to_have_count(rows)


def test_page_loads_filters_and_shows_a_known_sample(
    scored_frame: pd.DataFrame, tmp_path: Path, chromium_page: Any
) -> None:
    write_transcripts(scored_frame, tmp_path, dataset_dir=tmp_path / "ds", title="model-a · k = 2")
    page = chromium_page
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    open_report(page, (tmp_path / "report.html").as_uri())

    assert page.title() == "model-a · k = 2"
    assert _visible_rows(page) == 6
    assert page.text_content("#count") == "6 of 6 samples"

    page.select_option("#f-outcome", "wrong")
    assert _visible_rows(page) == 1
    assert page.text_content("#count") == "1 of 6 samples"
    page.select_option("#f-outcome", "")
    page.select_option("#f-task", "diameter")
    page.select_option("#f-level", "1")
    assert _visible_rows(page) == 2
    page.select_option("#f-model", "model-b")
    assert _visible_rows(page) == 1
    for select in ("#f-model", "#f-task", "#f-level"):
        page.select_option(select, "")
    search(page, "unique-reasoning-marker", 1)

    # Open the wrong sample: its prompt, reasoning, answer and expected vs extracted are shown,
    # and the answer's markup is text, not an element.
    page.locator("#samples tr.sample").first.click()
    detail = page.locator("#samples tr.detail").inner_text()
    assert "PROMPT of inst-wrong: what is the answer?" in detail
    assert "UNIQUE-REASONING-MARKER the longest path is 7" in detail
    assert "<img src=x onerror=alert(1)>" in detail
    assert "expected:  5" in detail and "extracted: 7" in detail
    assert page.locator("#samples tr.detail img").count() == 0
    assert errors == []


DANGEROUS = (
    "a <!-- b --> c <script>alert(1)</script> </script> </SCRIPT > ]]> <![CDATA[ x ]]>"
    " & &amp; \u2028 line \u2029 para \\u003c <\\/script>"
)


def test_every_dangerous_sequence_shows_verbatim_and_breaks_nothing(
    scored_frame: pd.DataFrame, tmp_path: Path, chromium_page: Any
) -> None:
    frame = scored_frame.copy()
    wrong = frame.index[frame["instance_id"] == "inst-wrong"][0]
    frame.loc[wrong, "answer_text"] = "ANSWER " + DANGEROUS
    frame.loc[wrong, "reasoning_text"] = "UNIQUE-REASONING-MARKER " + DANGEROUS
    frame.loc[wrong, "prompt"] = "PROMPT " + DANGEROUS
    write_transcripts(frame, tmp_path, dataset_dir=tmp_path / "ds", title="t " + DANGEROUS)
    page = chromium_page
    errors: list[str] = []
    dialogs: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    open_report(page, (tmp_path / "report.html").as_uri())

    assert errors == [] and dialogs == []
    assert _visible_rows(page) == 6
    assert page.text_content("#count") == "6 of 6 samples"
    records = page_records(tmp_path / "report.html")  # what the shards hold, read back
    assert "ANSWER " + DANGEROUS in [r["answer_text"] for r in records]
    assert "PROMPT " + DANGEROUS in read_shard(tmp_path / SHARD_DIR / "text-00000.js")[
        "prompts"].values()  # fmt: skip
    search(page, "unique-reasoning-marker", 1)
    page.locator("#samples tr.sample").first.click()
    detail = page.locator("#samples tr.detail").inner_text()
    for piece in ("<!-- b -->", "<script>alert(1)</script>", "</SCRIPT >", "]]>", "& &amp;"):
        assert piece in detail
    assert page.locator("#samples tr.detail script").count() == 0
    assert errors == [] and dialogs == []


TASKS = {  # name -> (taxonomy, complexity): the nine tasks, as wide as a real job's grid
    "max_degree": ("enumeration", "easy"), "max_weight_triangle": ("enumeration", "medium"),
    "max_clique": ("enumeration", "hard"), "distance_k": ("exploration", "easy"),
    "distance_threshold": ("exploration", "medium"), "diameter": ("exploration", "hard"),
    "path_sum": ("intuition", "easy"), "max_kcore": ("intuition", "medium"),
    "mst_weight": ("intuition", "hard"),
}  # fmt: skip


def _job_frame(levels: tuple[int, ...], per_level: int, k: int) -> pd.DataFrame:
    """A job's samples before scoring: nine tasks, ``per_level`` instances, ``k`` samples."""
    from gralgo.tasks import answer_owner

    rows = []
    for task, (taxonomy, complexity) in TASKS.items():
        kind = answer_owner(task).answer_kind
        good, bad = ("4", "7") if kind == "integer" else ("Main Street", "Elm Street")
        for level in levels:
            for index in range(per_level):
                instance = f"{task}-{level}-{index}"
                for sample in range(k):
                    right = (index + sample) % 3 != 0
                    rows.append({
                        "instance_id": instance, "model": "a-rather-long-model-name/v1-instruct",
                        "task": task, "taxonomy": taxonomy, "complexity": complexity,
                        "level": level, "format": "edge_list", "context": "standard",
                        "sample_index": sample,
                        "finish_reason": "length" if index == 1 and sample == 0 else "stop",
                        "error_class": None, "expected": good, "answer_kind": kind,
                        "prompt_tokens": 1200, "completion_tokens": 800, "reasoning_tokens": 0,
                        "cost_usd": None, "latency_s": 2.0, "request_key": f"key-{instance}",
                        "prompt": f"PROMPT {instance}", "graph_nodes": 11, "graph_edges": 20,
                        "answer_text": f"\\boxed{{{good if right else bad}}}",
                        "reasoning_text": "...",
                        "certificate": {"degree": 4, "node": "Main Street"},
                    })  # fmt: skip
    return pd.DataFrame(rows)


def test_summary_leads_with_the_headline_and_fits_1400_px(
    make_settings: Any, tmp_path: Path, chromium_page: Any
) -> None:
    from gralgo.publish import write_reports

    settings = make_settings(
        "sampling.k=2", "report.bootstrap_resamples=50", "mlflow.enabled=false",
        "model.price.input_per_1m=1", "model.price.output_per_1m=2",
    ).report_settings()  # fmt: skip
    write_reports(_job_frame((1, 2), 3, 2), settings, tmp_path)
    page = chromium_page
    page.set_viewport_size({"width": 1400, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    open_report(page, (tmp_path / "report.html").as_uri())

    headline = page.locator("#headline")
    assert headline.locator("th").all_inner_texts()[:4] == [
        "model", "instances", "pass@2 [95% CI]", "cons@2 [95% CI]"]  # fmt: skip
    cells = headline.locator("tbody tr").first.locator("td").all_inner_texts()
    assert cells[0] == "a-rather-long-model-name/v1-instruct"
    assert re.fullmatch(r"\d\.\d\d \[\d\.\d\d, \d\.\d\d\]", cells[2]), cells
    # 54 instances x 2 samples x (1200 x $1 + 800 x $2) per 1M tokens: the configured price.
    assert cells[5] == f"${54 * 2 * (1200 * 1 + 800 * 2) / 1e6:,.4f}"
    # One grid per level, nine tasks, the guessing baseline beside the model with its n.
    grids = page.locator("table.grid")
    assert grids.count() == 2
    assert grids.first.locator("thead th").count() == 1 + len(TASKS)
    baseline = grids.first.locator("tr.baseline").first.inner_text()
    assert "baseline" in baseline and "(n=3)" in baseline
    # Nothing is wider than the window: no horizontal scroll, no grid cut off.
    assert page.evaluate("document.documentElement.scrollWidth") <= 1400
    for selector in ("#headline", "table.grid"):
        for table in page.locator(selector).all():
            assert table.evaluate("t => t.getBoundingClientRect().right") <= 1400, selector
            assert table.evaluate("t => t.parentElement.scrollWidth <= t.parentElement"
                                  ".clientWidth + 1"), selector  # fmt: skip
    # Model names do not wrap in the headline (one line high).
    name = headline.locator("td.model").first
    assert name.evaluate("td => td.getClientRects().length === 1 && td.offsetHeight < 40")
    assert page.locator("#interval-figure line.ci").count() == len(TASKS)
    assert errors == []


def test_a_wrong_sample_shows_the_certificate_and_the_verdict(
    scored_frame: pd.DataFrame, tmp_path: Path, chromium_page: Any
) -> None:
    frame = scored_frame.assign(
        certificate=[{"path": ["Oak St", "Elm St", "Main St"], "length": 5}] * len(scored_frame),
        certificate_status=["optimal", "optimal", "infeasible", "optimal", None, "optimal"],
        certificate_ratio=[1.0, 1.0, None, 1.0, None, 1.0],
        certificate_detail=["", "", "not an edge: ('Oak St', 'Main St')", "", None, ""],
    )
    write_transcripts(frame, tmp_path, dataset_dir=tmp_path / "ds", title="certificates")
    page = chromium_page
    open_report(page, (tmp_path / "report.html").as_uri() + "#outcome=wrong")
    assert _visible_rows(page) == 1  # the hash preset the outcome filter
    page.locator("#samples tr.sample").first.click()
    detail = page.locator("#samples tr.detail")
    evidence = detail.locator(".evidence").inner_text()
    assert "Model's answer" in evidence and "\\boxed{7}" in evidence
    assert "Certificate of the exact answer" in evidence
    assert "path (3): Oak St, Elm St, Main St" in evidence and "length: 5" in evidence
    verdict = detail.locator("p.verdict").inner_text()
    assert verdict == ("certificate verdict: infeasible · first flaw: not an edge: "
                       "('Oak St', 'Main St')")  # fmt: skip


def test_the_url_fragment_lists_instances_and_keeps_the_other_filters(
    scored_frame: pd.DataFrame, tmp_path: Path, chromium_page: Any
) -> None:
    """``#ids=A,B`` (the study page's paired-comparison links) shows exactly those instances'
    samples, ANDed with the other filters; "show all" and a new fragment lift it."""
    write_transcripts(scored_frame, tmp_path, dataset_dir=tmp_path / "ds", title="ids")
    page = chromium_page
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    url = (tmp_path / "report.html").as_uri()
    open_report(page, url + "#ids=inst-right%2Cinst-err")

    def shown() -> list[str]:
        return sorted(page.eval_on_selector_all(
            "#samples tr.sample", "rows => rows.map(r => r.dataset.instance)"))  # fmt: skip

    assert shown() == ["inst-err", "inst-err", "inst-right", "inst-right"]
    assert page.text_content("#count") == "4 of 6 samples"
    assert page.locator("#f-ids").is_visible()
    assert page.text_content("#f-ids-n") == "2"
    page.select_option("#f-model", "model-b")  # the other filters still narrow the list
    assert shown() == ["inst-err"]
    # A new fragment replaces it all.
    open_report(page, url + "#model=model-a&ids=inst-right&level=1")
    assert shown() == ["inst-right", "inst-right"] and page.input_value("#f-model") == "model-a"
    page.click("#f-ids-clear")
    assert page.locator("#f-ids").is_hidden()
    assert shown() == ["inst-err", "inst-right", "inst-right"]  # model-a, level 1
    assert errors == []


def test_samples_load_from_several_shards_and_texts_when_opened(
    scored_frame: pd.DataFrame, tmp_path: Path, chromium_page: Any, monkeypatch: Any
) -> None:
    """Issue 37: the page holds no sample; it reads them from its shards one after another
    (filters know every value once all are read) and a sample's texts when it is opened."""
    import gralgo.transcripts._sample_log as sample_log

    monkeypatch.setattr(sample_log, "CHUNK_ROWS", 2)
    monkeypatch.setattr(sample_log, "MAX_CHUNK_ROWS", 2)
    paths = write_transcripts(scored_frame, tmp_path, dataset_dir=tmp_path / "ds", title="t")
    assert len(paths) == 2 + 2 * 3  # three chunks of two samples
    assert "UNIQUE-REASONING-MARKER" not in (tmp_path / "report.html").read_text()
    page = chromium_page
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    open_report(page, (tmp_path / "report.html").as_uri())
    assert page.text_content("#count") == "6 of 6 samples"
    assert page.eval_on_selector_all("#f-task option", "o => o.map(x => x.value)") == [
        "", "diameter", "max_degree"]  # fmt: skip
    assert page.evaluate("window.performance.getEntriesByType('resource').filter("
                         "e => e.name.includes('/text-')).length") == 0  # fmt: skip
    page.select_option("#f-outcome", "error")  # the last shard's sample
    page.locator("#samples tr.sample").first.click()
    detail = page.locator("#samples tr.detail").inner_text()
    assert "PROMPT of inst-err" in detail
    page.select_option("#f-outcome", "")
    search(page, "unique-reasoning-marker", 1)  # every shard's texts read for the search
    page.wait_for_function("document.documentElement.dataset.texts === 'loaded'")
    assert page.text_content("#count") == "1 of 6 samples"
    assert errors == []


def test_a_page_without_its_shards_says_how_to_open_it(
    scored_frame: pd.DataFrame, tmp_path: Path, chromium_page: Any
) -> None:
    import shutil

    write_transcripts(scored_frame, tmp_path, dataset_dir=tmp_path / "ds", title="t")
    shutil.rmtree(tmp_path / SHARD_DIR)
    page = chromium_page
    page.goto((tmp_path / "report.html").as_uri())
    page.wait_for_function("document.documentElement.dataset.samples === 'failed'")
    notice = page.text_content("#notice") or ""
    assert "cannot read report_data/index-00000.js" in notice
    assert "python -m gralgo view OUTPUTS" in notice
