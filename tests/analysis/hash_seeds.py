"""Run a snippet of Python under several string-hash seeds: a labelled set must not change."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def printed_under_hash_seeds(code: str, seeds: Iterable[str]) -> set[str]:
    """What ``python -c code`` prints in a fresh process for each ``PYTHONHASHSEED``."""
    return {
        subprocess.run(
            [sys.executable, "-c", code],
            env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)},
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
            timeout=300,
        ).stdout  # fmt: skip
        for seed in seeds
    }
