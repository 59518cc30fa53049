"""Config → typed settings, and the errors a user sees for bad names."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gralgo.errors import ConfigError, UnknownChoiceError

REPO = Path(__file__).resolve().parents[1]


def test_default_is_the_smoke_run(make_settings) -> None:
    settings = make_settings()
    assert settings.command == "evaluate"
    assert settings.model.server is not None and settings.model.server.kind == "llama_cpp"
    assert settings.dataset.levels == (1,)
    assert len(settings.dataset.tasks) == 9
    assert settings.format == "edge_list"


def test_experiments_compose(make_settings) -> None:
    main = make_settings("+experiment=main")
    assert main.k == 8 and main.sampling.max_tokens == 32768
    assert main.dataset.levels == (1, 2, 3, 4, 5, 6) and main.dataset.options.per_level == 50
    long = make_settings("+experiment=long_context")
    assert sorted(long.dataset.tasks) == ["distance_k", "max_kcore", "max_weight_triangle"]
    assert long.dataset.long_context is not None
    assert long.dataset.long_context.targets == (4096, 8192, 16384, 32768, 65536)
    build = make_settings("+experiment=build_dataset", "dataset.dir=/tmp/x")
    assert build.command == "build" and build.dataset_dir == Path("/tmp/x")


def test_selection_overrides(make_settings) -> None:
    settings = make_settings("task=[max_clique,diameter]", "level=[2,5]", "dataset.per_level=3")
    assert sorted(settings.dataset.tasks) == ["diameter", "max_clique"]
    assert settings.dataset.levels == (2, 5)
    assert settings.dataset.options.per_level == 3


def test_dataset_dir_depends_on_what_changes_the_data(make_settings) -> None:
    a = make_settings()
    assert a.dataset_dir == make_settings("sampling.k=5").dataset_dir
    assert a.dataset_dir != make_settings("dataset.seed=3").dataset_dir


@pytest.mark.parametrize(
    ("override", "kind"),
    [
        ("level=9", "level"),
        ("dataset.formats=[edge_list,yaml]", "format"),
        ("task.max_degree.source=atlantis", "source"),
    ],
)
def test_unknown_names_list_the_choices(make_settings, override: str, kind: str) -> None:
    with pytest.raises(UnknownChoiceError, match="valid choices") as info:
        make_settings(override)
    assert kind in str(info.value)


def test_bad_values_name_the_field(make_settings) -> None:
    with pytest.raises(ConfigError, match="dataset.per_level"):
        make_settings("dataset.per_level=0")
    with pytest.raises(ConfigError, match="sampling.k"):
        make_settings("sampling.k=0")


@pytest.mark.parametrize("group", ["task", "model", "format", "source", "context"])
def test_cli_unknown_group_option_lists_the_valid_ones(group: str, tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "gralgo", f"{group}=no_such_thing", "--cfg", "job"],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
    )
    assert done.returncode == 2
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, done.stderr[-2000:]
    assert f"unknown {group} 'no_such_thing'; valid choices: " in lines[0]


def test_cli_prints_config_fast_without_heavy_imports() -> None:
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "gralgo", "--cfg", "job"],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "litellm_model" in done.stdout
    imported = {line.split("|")[-1].strip() for line in done.stderr.splitlines() if "|" in line}
    assert not {m for m in imported if m.split(".")[0] in ("litellm", "mlflow")}


def test_concurrency_limit_prefers_the_run_setting(make_settings) -> None:
    from gralgo.evaluate import concurrency_limit

    assert concurrency_limit(make_settings()) == 1  # the embedded server has one slot
    assert concurrency_limit(make_settings("model=gpt5_mini")) == 32
    assert concurrency_limit(make_settings("model=gpt5_mini", "run.max_concurrency=64")) == 64


def test_tilde_is_expanded_in_every_path_setting(make_settings) -> None:
    home = Path.home()
    settings = make_settings(
        "paths.outputs='~/gralgo-out'",
        "paths.cache='~/gralgo-cache'",
        "dataset.dir='~/gralgo-ds'",
        "ledger.path='~/gralgo.sqlite'",
        "source.dblp.files.csv='~/DBLP.csv'",
    )
    assert settings.outputs_dir == home / "gralgo-out"
    assert settings.dataset_dir == home / "gralgo-ds"
    assert settings.ledger_path == home / "gralgo.sqlite"
    assert settings.dataset.cache_dir == home / "gralgo-cache" / "sources"
    assert settings.dataset.sources["dblp"]["files"]["csv"] == str(home / "DBLP.csv")


# The CLI in a fresh process with the job itself replaced: how often was a config typed?
TYPED_ONCE = """
import gc, json, sys
import gralgo.evaluate, gralgo.settings
typed = []
real = gralgo.settings.typed_config
gralgo.settings.typed_config = lambda cfg: typed.append(1) or real(cfg)
jobs = []
class Done:
    complete, status = True, None
gralgo.evaluate.evaluate = lambda settings: jobs.append(
    [settings.k, gc.isenabled(), gc.get_freeze_count() > 0]) or Done()
import hydra._internal.hydra as hydra_app
starts = []
real_run_job = hydra_app.run_job
def run_job(*args, **kwargs):
    starts.append(gc.isenabled())
    return real_run_job(*args, **kwargs)
hydra_app.run_job = run_job
out = sys.argv[1]
sys.argv = ["gralgo", "task=max_degree", "sampling.k=3", f"paths.outputs={out}/outputs",
            f"paths.cache={out}/cache", "mlflow.enabled=false", f"hydra.run.dir={out}/run"]
import gralgo.__main__ as app
app.cli()
print(json.dumps({"typed": len(typed), "jobs": jobs, "kept": len(getattr(app, "_CHECKED", [])),
                  "collecting": gc.isenabled(), "frozen": gc.get_freeze_count(),
                  "hydra_start_collecting": starts}))
"""


def test_the_command_line_check_and_the_run_type_the_config_once(tmp_path: Path) -> None:
    """Typing a config costs ~0.1 s of CPU: the check before Hydra's run and the run share it."""
    done = subprocess.run(
        [sys.executable, "-c", TYPED_ONCE, str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    # typed once, forgotten after the run; the collector runs throughout (its pause for the
    # check and Hydra's start did not pay for itself: design/scaling.md "Speed tricks"); nothing
    # is left in the collector's permanent generation (a frozen heap outlived the job and every
    # test after it in the same process)
    assert result == {"typed": 1, "jobs": [[3, True, False]], "kept": 0, "collecting": True,
                      "frozen": 0, "hydra_start_collecting": [True]}  # fmt: skip


def test_a_job_does_not_import_what_only_builds_or_audits_need() -> None:
    code = (
        "import sys, gralgo.__main__, gralgo.settings, gralgo.evaluate; "
        "print(sorted(m for m in ('gralgo.dataset._audit', 'gralgo.dataset._recheck', "
        "'concurrent.futures.process', 'multiprocessing') if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=60
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]"
