"""Modules loaded on first use: the stand-in, and a job on a built dataset never loading
networkx."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from gralgo.lazy import lazy_module
from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, StubServer

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def probe(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """An importable module that counts its imports (in ``lazy_probe_count``) and takes 0.2 s."""
    name = f"lazy_probe_{os.getpid()}_{id(tmp_path)}"
    (tmp_path / f"{name}.py").write_text(
        "import sys, time, types\n"
        "counter = sys.modules.setdefault('lazy_probe_count', types.ModuleType('c'))\n"
        "counter.n = getattr(counter, 'n', 0) + 1\n"
        "time.sleep(0.2)\n"
        "VALUE = 42\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    yield name
    sys.modules.pop(name, None)
    sys.modules.pop("lazy_probe_count", None)


def test_the_module_is_imported_at_its_first_attribute_and_then_read_as_a_module(
    probe: str,
) -> None:
    module = lazy_module(probe)
    assert probe not in sys.modules  # nothing imported yet
    assert module.__name__ == probe
    assert module.VALUE == 42
    real = sys.modules[probe]
    assert vars(module)["VALUE"] == 42  # copied in: later lookups are plain module lookups
    real.LATER = "set after the first use"  # e.g. a submodule imported afterwards
    assert module.LATER == "set after the first use"
    with pytest.raises(AttributeError):
        _ = module.NO_SUCH_NAME
    assert lazy_module(probe) is real  # once imported, the module itself
    assert sys.modules["lazy_probe_count"].n == 1


def test_two_threads_touching_it_first_at_once_import_it_once(probe: str) -> None:
    module = lazy_module(probe)
    seen: list[int] = []
    threads = [threading.Thread(target=lambda: seen.append(module.VALUE)) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == [42, 42]
    assert sys.modules["lazy_probe_count"].n == 1


def test_the_stand_in_leaves_an_ordinary_import_alone(probe: str) -> None:
    lazy_module(probe)
    import importlib

    real = importlib.import_module(probe)
    assert type(real).__name__ == "module" and real.VALUE == 42


@pytest.mark.slow
def test_a_job_on_a_built_dataset_never_imports_networkx(stub: StubServer, tmp_path: Path) -> None:
    """networkx builds and checks graphs; a job whose dataset exists reads prompts and answers
    only, and pays nothing for it (about 0.1 s of CPU)."""
    base = [
        "model=openai_compatible", f"model.api_base={stub.api_base}",
        f"model.api_key_env={FAKE_KEY_ENV}", "task=[max_degree,mst_weight]", "level=1",
        "dataset.per_level=2", "dataset.workers=1", "sampling.k=1", "mlflow.enabled=false",
        "report.bootstrap_resamples=20", f"paths.outputs={tmp_path / 'outputs'}",
        f"paths.cache={tmp_path / 'cache'}",
    ]  # fmt: skip
    check = (
        "import atexit, runpy, sys\n"
        "atexit.register(lambda: print('networkx loaded:', 'networkx' in sys.modules))\n"
        "sys.argv = ['gralgo', *sys.argv[1:]]\n"
        "runpy.run_module('gralgo', run_name='__main__', alter_sys=True)\n"
    )
    env = {**os.environ, FAKE_KEY_ENV: FAKE_KEY, "PYTHONPATH": str(REPO)}
    loaded = []
    # The first job builds the dataset in its own process; the second only reads it.
    for run, model in enumerate(["stub-model", "stub-model-2"]):
        done = subprocess.run(
            [sys.executable, "-c", check, *base, f"model.name={model}",
             f"hydra.run.dir={tmp_path / f'job{run}'}"],
            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr[-2000:]
        assert (tmp_path / f"job{run}" / "report.html").is_file()
        loaded.append(done.stdout.strip().splitlines()[-1])
    assert loaded == ["networkx loaded: True", "networkx loaded: False"]
