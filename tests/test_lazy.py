"""Names and modules loaded on first use: each stage's lazy public names written once (their
``TYPE_CHECKING`` import) and agreeing with ``__all__``, the stand-in module, and a job on a
built dataset never loading networkx."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from gralgo.lazy import lazy_module, type_checking_imports
from gralgo.testing import FAKE_KEY, FAKE_KEY_ENV, StubServer

REPO = Path(__file__).resolve().parents[1]


def bound_names(source: str) -> set[str]:
    """Names a module's top level binds at run time (imports, definitions, assignments), the
    ``if TYPE_CHECKING:`` blocks left out."""
    import ast

    names: set[str] = set()
    for node in ast.parse(source).body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            names |= {(a.asname or a.name).partition(".")[0] for a in node.names}
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return names


def export_mismatches(source: str, public: list[str]) -> list[str]:
    """How a package's ``__all__`` (``public``) and its names disagree: a public name neither
    bound nor imported under ``TYPE_CHECKING`` (it would not load), a lazy name left out of
    ``__all__``, a name listed twice, or a lazy table written beside the imports."""
    lazy = type_checking_imports(source)
    found = [f"{name}: in __all__, never bound or imported" for name in public
             if name not in lazy and name not in bound_names(source)]  # fmt: skip
    found += [f"{name}: imported lazily, missing from __all__" for name in lazy
              if name not in public]  # fmt: skip
    found += [f"{name}: twice in __all__" for name in sorted(set(public)) if public.count(name) > 1]
    if "_LAZY" in bound_names(source):
        found.append("_LAZY: a second list of the lazy names (the imports are the list)")
    return found


PACKAGES = sorted((REPO / "gralgo").rglob("__init__.py"))


@pytest.mark.parametrize("init", PACKAGES, ids=lambda p: str(p.parent.relative_to(REPO)))
def test_each_lazy_public_name_is_written_once_and_agrees_with_all(init: Path) -> None:
    import importlib

    rel = init.parent.relative_to(REPO)
    package = importlib.import_module(".".join(rel.parts))
    public = list(getattr(package, "__all__", []))
    assert export_mismatches(init.read_text(encoding="utf-8"), public) == []
    for name in public:  # every public name loads (AttributeError if not), lazy ones on first use
        getattr(package, name)


def test_a_disagreement_between_all_and_the_imports_is_caught() -> None:
    source = (
        "from typing import TYPE_CHECKING\nfrom gralgo.lazy import lazy_exports\n"
        "from gralgo.ledger import Ledger\n"
        "if TYPE_CHECKING:\n    from gralgo.ledger import open_ledger, read_rescue\n"
        "_LAZY = {'open_ledger': 'gralgo.ledger'}\n__getattr__ = lazy_exports(__name__)\n"
    )
    assert export_mismatches(source, ["Ledger", "open_ledger", "typo", "Ledger"]) == [
        "typo: in __all__, never bound or imported",
        "read_rescue: imported lazily, missing from __all__",
        "Ledger: twice in __all__",
        "_LAZY: a second list of the lazy names (the imports are the list)",
    ]


def test_a_lazy_name_loads_from_its_type_checking_import(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The ``__getattr__`` reads the table from the package's own imports: a name imported
    under ``TYPE_CHECKING`` (also renamed with ``as``) loads; any other name is missing."""
    package = tmp_path / "lazy_pkg_probe"
    package.mkdir()
    (package / "__init__.py").write_text(
        "from typing import TYPE_CHECKING as _TYPE_CHECKING\n"
        "from gralgo.lazy import lazy_exports\n"
        "if _TYPE_CHECKING:\n"
        "    from json import dumps\n    from json import loads as parse\n"
        "__getattr__ = lazy_exports(__name__)\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    import importlib
    import json

    probe = importlib.import_module("lazy_pkg_probe")
    try:
        assert probe.dumps is json.dumps and probe.parse is json.loads
        with pytest.raises(AttributeError, match="no attribute 'loads'"):
            _ = probe.loads
    finally:
        sys.modules.pop("lazy_pkg_probe", None)


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
