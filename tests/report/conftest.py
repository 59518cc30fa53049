"""Fixtures for report tests: a scored samples frame, and a real headless Chromium."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pandas as pd
import pytest

CHROMIUM = os.environ.get("GRALGO_CHROMIUM", "/usr/bin/chromium")


def _sample(
    instance: str,
    task: str,
    level: int,
    index: int,
    answer: str | None,
    expected: str,
    **extra: Any,
) -> dict[str, Any]:
    taxonomy = {"max_degree": "enumeration", "diameter": "exploration"}[task]
    return {
        "instance_id": instance,
        "model": extra.pop("model", "model-a"),
        "task": task,
        "taxonomy": taxonomy,
        "complexity": "easy",
        "level": level,
        "format": "edge_list",
        "context": "standard",
        "sample_index": index,
        "answer_text": answer,
        "finish_reason": "stop",
        "error_class": extra.pop("error_class", None),
        "expected": expected,
        "answer_kind": "integer",
        "prompt_tokens": 100,
        "completion_tokens": 20,
        "reasoning_tokens": 5,
        "cost_usd": extra.pop("cost_usd", None),
        "latency_s": 1.5,
        "reasoning_text": extra.pop("reasoning_text", "thinking..."),
        "error_message": None,
        "request_key": f"key-{instance}",
        "prompt": f"PROMPT of {instance}: what is the answer?",
        "graph_nodes": 11,
        "graph_edges": 20,
        **extra,
    }


@pytest.fixture
def scored_frame() -> pd.DataFrame:
    """Three instances x 2 samples, scored: correct, wrong (with a markup attack), error."""
    from gralgo.score import score_samples

    rows = [
        _sample("inst-right", "max_degree", 1, 0, "so \\boxed{4}", "4", cost_usd=0.001),
        _sample("inst-right", "max_degree", 1, 1, "so \\boxed{4}", "4", cost_usd=0.001),
        _sample(
            "inst-wrong",
            "diameter",
            2,
            0,
            "<img src=x onerror=alert(1)> \\boxed{7}",
            "5",
            reasoning_text="UNIQUE-REASONING-MARKER the longest path is 7",
        ),
        _sample("inst-wrong", "diameter", 2, 1, "\\boxed{5}", "5"),
        _sample("inst-err", "diameter", 1, 0, None, "3", error_class="Timeout"),
        _sample("inst-err", "diameter", 1, 1, "\\boxed{3}", "3", model="model-b"),
    ]
    return score_samples(pd.DataFrame(rows))


@pytest.fixture(scope="module")
def chromium_page() -> Iterator[Any]:
    """A Playwright page in the system's headless Chromium (no browser download).

    Module-scoped: Playwright's sync API keeps an event loop running while it is open, and
    other tests' ``asyncio.run`` (the runner) must not meet it.
    """
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        if os.environ.get("CI"):
            pytest.fail(f"Chromium not found at {CHROMIUM}: apt-get install -y chromium")
        pytest.skip(f"Chromium not found at {CHROMIUM} (apt-get install -y chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            page = browser.new_page()
            yield page
        finally:
            browser.close()
