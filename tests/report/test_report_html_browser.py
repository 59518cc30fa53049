"""report.html in a real headless Chromium: it loads from disk, filters, and shows a sample."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd

from gralgo.report._transcripts import write_transcripts


def _visible_rows(page: Any) -> int:
    return page.locator("#samples tr.sample").count()


def test_page_loads_filters_and_shows_a_known_sample(
    scored_frame: pd.DataFrame, tmp_path: Path, chromium_page: Any
) -> None:
    write_transcripts(scored_frame, tmp_path, dataset_dir=tmp_path / "ds", title="model-a · k = 2")
    page = chromium_page
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto((tmp_path / "report.html").as_uri())

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
    page.fill("#f-search", "unique-reasoning-marker")
    assert _visible_rows(page) == 1

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
    page.goto((tmp_path / "report.html").as_uri())

    assert errors == [] and dialogs == []
    assert _visible_rows(page) == 6
    assert page.text_content("#count") == "6 of 6 samples"
    data = page.evaluate("JSON.parse(document.getElementById('gralgo-data').textContent)")
    texts = [r["answer_text"] for r in data["records"]]
    assert "ANSWER " + DANGEROUS in texts
    assert "PROMPT " + DANGEROUS in data["prompts"].values()
    page.fill("#f-search", "unique-reasoning-marker")
    assert _visible_rows(page) == 1
    page.locator("#samples tr.sample").first.click()
    detail = page.locator("#samples tr.detail").inner_text()
    for piece in ("<!-- b -->", "<script>alert(1)</script>", "</SCRIPT >", "]]>", "& &amp;"):
        assert piece in detail
    assert page.locator("#samples tr.detail script").count() == 0
    assert errors == [] and dialogs == []
