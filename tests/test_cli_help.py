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
    assert scripts == {"gralgo": "gralgo.__main__:main"}
    module, function = scripts["gralgo"].split(":")
    # What the installed `gralgo` script does: import the entry point, call it with argv.
    code = (
        f"import sys; from {module} import {function} as main; "
        "sys.argv = ['gralgo', '--help']; main()"
    )
    done = _run("-c", code)
    assert done.returncode == 0, done.stderr
    assert done.stdout == _run("-m", "gralgo", "--help").stdout
