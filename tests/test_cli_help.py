"""The `gralgo` console script and its short --help."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], cwd=REPO, capture_output=True, text=True,
                          timeout=120)  # fmt: skip


HELP_GROUPS = ("experiment", "task", "model", "mode", "format", "context", "source", "analysis")
"""Config groups a user chooses from (``judge`` takes the model options)."""


def test_help_is_short_and_lists_groups_presets_and_commands() -> None:
    done = _run("-m", "gralgo", "--help")
    assert done.returncode == 0, done.stderr
    text, lines = done.stdout, done.stdout.splitlines()
    assert len(lines) <= 60
    for group in HELP_GROUPS:
        if group != "experiment":
            assert any(line.strip().startswith(f"{group} ") for line in lines), group
        # Every option of the group (every preset) is named, so a new one cannot be forgotten.
        for option in sorted((REPO / "conf" / group).glob("*.yaml")):
            assert option.stem in text, f"{group}={option.stem} missing from --help"
    for preset in ("tool_use", "algorithm_ratio"):
        assert any(line.strip().startswith(preset + " ") for line in lines), preset
    # Hydra's internal groups (the schema registered in the ConfigStore) are not user choices.
    assert "schema" not in text
    assert "gralgo command=compare" in text and "--hydra-help" in text
    assert "bootstrap_resamples" not in text  # no config dump
    assert "Powered by Hydra" not in text


def test_console_script_is_the_module_entry_point() -> None:
    scripts = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"gralgo": "gralgo.__main__:console"}
    module, function = scripts["gralgo"].split(":")

    def script(*args: str) -> subprocess.CompletedProcess[str]:
        """What the installed `gralgo` script does: import the entry point, call it."""
        code = (
            f"import sys; from {module} import {function} as main; "
            f"sys.argv = ['gralgo', *{list(args)!r}]; main()"
        )
        return _run("-c", code)

    done = script("--help")
    assert done.returncode == 0, done.stderr
    assert done.stdout == _run("-m", "gralgo", "--help").stdout
    # The checks before Hydra writes run for the script too (it called the Hydra app alone):
    refused = script("model=openai_compatible", "model.name=x", "+model.extra_body.api_key=sk-x")
    assert refused.returncode == 2 and refused.stderr.startswith("gralgo: error:"), refused.stderr
    view = script("view", "/no/such/outputs")  # and the run viewer
    assert view.returncode == 2 and "gralgo view: error" in view.stderr, view.stderr
    completion = script("--shell-completion", "install=bash")  # Hydra's tab completion still
    assert completion.returncode == 0 and "hydra_bash_completion" in completion.stdout
