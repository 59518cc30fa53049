"""Shared fixtures: compose the real Hydra config and type it, as the CLI does; a scored samples
frame and a real headless Chromium (for the report, transcripts, tracking and publish tests)."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hydra import compose, initialize_config_dir
from omegaconf import OmegaConf

from gralgo.settings import AppSettings, settings_from_config
from gralgo.testing import (
    FAKE_KEY,
    FAKE_KEY_ENV,
    PostgresServer,
    PostgresUnavailable,
    StubServer,
    start_stub,
    stop_stub,
)

if TYPE_CHECKING:
    import pandas as pd

REPO = Path(__file__).resolve().parents[1]
CONF = REPO / "conf"


@pytest.fixture(scope="session")
def stub_server() -> Iterator[StubServer]:
    """One loopback OpenAI-compatible stub server (a subprocess) for the whole session."""
    stub = start_stub()
    try:
        yield stub
    finally:
        stop_stub(stub)


@pytest.fixture
def stub(stub_server: StubServer, monkeypatch: pytest.MonkeyPatch) -> StubServer:
    """The session's stub, reset to no latency and no faults, with the fake key exported."""
    stub_server.control()
    monkeypatch.setenv(FAKE_KEY_ENV, FAKE_KEY)
    return stub_server


def compose_config(overrides: Sequence[str] = ()) -> dict:
    """The resolved config as a plain dict, for ``overrides``."""
    with initialize_config_dir(config_dir=str(CONF), version_base=None):
        cfg = compose("config", overrides=list(overrides))
    plain = OmegaConf.to_container(cfg, resolve=True)
    assert isinstance(plain, dict)
    return plain


def tree_state(root: Path) -> dict[str, tuple[int, int]]:
    """Each file under ``root``: its size and modification time."""
    return {
        str(path.relative_to(root)): (path.stat().st_size, path.stat().st_mtime_ns)
        for path in root.rglob("*")
        if path.is_file()
    }


@pytest.fixture
def make_settings(tmp_path: Path) -> Callable[..., AppSettings]:
    """Settings for ``overrides`` with outputs, cache and ledger under ``tmp_path``."""

    def make(*overrides: str) -> AppSettings:
        base = [
            f"paths.outputs={tmp_path / 'outputs'}",
            f"paths.cache={tmp_path / 'cache'}",
        ]
        return settings_from_config(compose_config([*base, *overrides]))

    return make


def needs(*modules: str) -> pytest.MarkDecorator:
    """Skip where one of ``modules`` is not installed, found without importing it: a module-level
    ``pytest.importorskip`` of a provider SDK made every process that collects the suite import
    it (~3 s of CPU for openai, anthropic and google-genai), including those that never run it."""
    missing = [name for name in modules if importlib.util.find_spec(name) is None]
    return pytest.mark.skipif(bool(missing), reason=f"not installed: {', '.join(missing)}")


SLOW_TIMEOUT_S = 900
"""Per-test time-out of ``slow`` and ``local_model`` tests (the rest: ``timeout`` in
pyproject.toml): generous on a loaded 2-core machine, yet a hang fails."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--list-local-model-tests",
        metavar="FILE",
        help="write the local_model tests collected (before -m) to FILE, one node id a line: "
        "scripts/test.sh's second pass runs them without collecting the whole suite again",
    )


@pytest.hookimpl(tryfirst=True)  # before ``-m`` leaves the local_model tests out
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("timeout") is None and (
            item.get_closest_marker("slow") or item.get_closest_marker("local_model")
        ):
            item.add_marker(pytest.mark.timeout(SLOW_TIMEOUT_S))
    if listing := config.getoption("list_local_model_tests"):  # in the order collected
        ids = [item.nodeid for item in items if item.get_closest_marker("local_model")]
        part = Path(f"{listing}.{os.getpid()}")  # each xdist worker writes the same list
        part.write_text("".join(f"{nodeid}\n" for nodeid in ids), encoding="utf-8")
        part.replace(listing)
    if os.environ.get("PYTEST_XDIST_WORKER"):
        longest_files_first(items)


def longest_files_first(items: list[pytest.Item]) -> None:
    """Order the test files by their ``slow`` tests, then by their tests (most first), keeping
    each file's tests together in their order. An xdist worker hands files out in this order
    (``--dist loadfile --no-loadscope-reorder``, scripts/test.sh), so the long files start
    early and the short ones fill the end, where a long one would leave the other worker idle."""
    slow: dict[Path, int] = {}
    tests: dict[Path, int] = {}
    for item in items:
        tests[item.path] = tests.get(item.path, 0) + 1
        slow[item.path] = slow.get(item.path, 0) + bool(item.get_closest_marker("slow"))
    first = {path: index for index, path in reversed(list(enumerate(i.path for i in items)))}
    items.sort(key=lambda i: (-slow[i.path], -tests[i.path], first[i.path]))


# Property tests: no deadline (a loaded 2-core CI machine is slow), and under CI a fixed
# derandomised search so a run is reproducible; locally hypothesis keeps exploring.
from hypothesis import settings as hypothesis_settings  # noqa: E402

hypothesis_settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
hypothesis_settings.register_profile("dev", deadline=None)
hypothesis_settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """A throwaway PostgreSQL server for the session (skips where its binaries are missing)."""
    try:
        running = PostgresServer()
    except PostgresUnavailable as err:
        pytest.skip(str(err))
    try:
        yield running
    finally:
        running.stop()


_BUILD_DEBRIS = ("__pycache__", ".pytest_cache", ".hypothesis", ".ruff_cache", ".mypy_cache")


def _tree_state() -> set[str] | None:
    """What git sees in the checkout (ignored files included), less caches; None outside git."""
    try:
        out = subprocess.run(
            ["git", "status", "--porcelain", "--ignored", "--untracked-files=all"],
            cwd=REPO,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return {
        line
        for line in out.splitlines()
        if line[:2] in ("??", "!!")  # new files (a developer may edit tracked ones meanwhile)
        and not any(part in _BUILD_DEBRIS for part in Path(line[3:]).parts)
        and not line[3:].endswith(".egg-info/")
        and ".egg-info" not in line
    }


@pytest.fixture(scope="session", autouse=True)
def checkout_stays_untouched() -> Iterator[None]:
    """Fails the session when a test writes into the checkout (an MLflow store, outputs, ...)."""
    before = _tree_state()
    yield
    after = _tree_state()
    if before is None or after is None:
        return
    new = sorted(after - before)
    assert not new, "tests wrote into the checkout (write under tmp_path):\n" + "\n".join(new)


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
    import pandas as pd

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


@pytest.fixture
def job_frame() -> pd.DataFrame:
    """Two instances x two samples of one task (with heuristic credits), as ``write_reports``
    gets them."""
    import json

    import pandas as pd

    return pd.DataFrame([
        {"instance_id": f"i{index}", "model": "m", "task": "max_degree",
         "taxonomy": "enumeration", "complexity": "easy", "level": 1, "format": "edge_list",
         "context": "standard", "sample_index": sample, "answer_text": "\\boxed{4}",
         "finish_reason": "stop", "error_class": None, "expected": "4",
         "answer_kind": "integer", "prompt_tokens": 1000, "completion_tokens": 500,
         "reasoning_tokens": 0, "cost_usd": None, "latency_s": 1.0,
         "request_key": f"k{index}", "prompt": "p", "graph_nodes": 5, "graph_edges": 4,
         "heuristics": json.dumps({"greedy": 1.0})}
        for index in range(2) for sample in range(2)
    ])  # fmt: skip


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
