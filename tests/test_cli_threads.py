"""The command's numpy runs its matrix products on one thread unless the user chose otherwise."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PROBE = (
    "import os, gralgo.__main__, numpy\n"
    "threads = next(l for l in open('/proc/self/status') if l.startswith('Threads:')).split()[1]\n"
    "print(os.environ.get('OPENBLAS_NUM_THREADS'), threads)\n"
)


@pytest.mark.parametrize(("chosen", "expected"), [(None, "1 1"), ("2", "2")])
def test_openblas_starts_no_thread_pool_unless_the_user_sets_one(
    chosen: str | None, expected: str
) -> None:
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    env["PYTHONPATH"] = str(REPO)
    if chosen is not None:
        env["OPENBLAS_NUM_THREADS"] = chosen
    done = subprocess.run(
        [sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr[-2000:]
    # "1 1": set to one thread, and the process has no thread besides the main one (OpenBLAS
    # started none); a user's own choice is kept as it is.
    assert done.stdout.split()[: len(expected.split())] == expected.split()
