"""A two-job sweep through Hydra's Ray launcher on a local Ray instance, against the stub.

    python -m venv --system-site-packages .venv-ray
    .venv-ray/bin/pip install hydra-ray-launcher==1.2.2
    python benchmarks/bench_ray_sweep.py --python .venv-ray/bin/python

hydra-ray-launcher 1.2.2 pins ``cloudpickle<3`` while joblib 1.6 (the joblib launcher's) needs
``>=3.0``, so it is not one of gralgo's extras: it goes in its own venv on top of the installed
gralgo. Runs ``python -m gralgo -m hydra/launcher=ray`` over two models (2 instances, k = 2)
with a local Ray instance of ``--cpus`` CPUs, then prints the wall time, the model calls (8
expected: each sample paid once) and the comparison tables the sweep wrote.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import tempfile
import time
from pathlib import Path

from gralgo.testing import start_stub, stop_stub

REPO = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", required=True, help="interpreter with hydra-ray-launcher")
    parser.add_argument("--cpus", type=int, default=2)
    args = parser.parse_args()
    stub = start_stub()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            command = [
                args.python,
                "-m",
                "gralgo",
                "-m",
                "hydra/launcher=ray",
                f"+hydra.launcher.ray.init.num_cpus={args.cpus}",
                "model=openai_compatible",
                f"model.api_base={stub.api_base}",
                "model.name=stub-a,stub-b",
                "task=max_degree",
                "level=1",
                "dataset.per_level=2",
                "sampling.k=2",
                f"paths.outputs={tmp}/outputs",
                f"hydra.sweep.dir={tmp}/sweep",
            ]
            started = time.perf_counter()
            done = subprocess.run(
                command,
                cwd=REPO,
                capture_output=True,
                text=True,
                timeout=900,
                env={**os.environ, "PYTHONPATH": str(REPO)},
            )
            seconds = time.perf_counter() - started
            if done.returncode != 0:
                raise SystemExit(done.stderr[-3000:])
            tables = sorted(p.relative_to(tmp) for p in Path(tmp, "sweep").glob("comparison/*/*"))
        calls = stub.stats()["calls"]
    finally:
        stop_stub(stub)
    print(
        f"ray launcher, 2 jobs on a local Ray instance ({args.cpus} CPUs): {seconds:.1f} s, "
        f"{calls} model calls (expected 8); comparison: {[str(t) for t in tables]}"
    )


if __name__ == "__main__":
    main()
