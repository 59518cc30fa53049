"""The dataset build as a user runs it (``python -m gralgo +experiment=build_dataset``): time and
peak memory, beside the in-process ``build_dataset`` call.

    python benchmarks/bench_build.py [--per-level 50] [--scale 10] [--rounds 3] [--json PATH]

Paths, interleaved in every round: the whole process (wall, its CPU and the peak RSS of the
largest process, parent or worker, from ``wait4``) and ``build_dataset`` in this process after
the sources are loaded (warm parse cache). ``--scale N`` adds one whole-process build of N times
the instances (``per_level * N``), for memory: the build streams instances to disk, so its
peak RSS must stay flat (goal <= 400 MB at 10x ``main``'s 2,700 instances). Sources come from
the parse cache after the first run, as for a user's second build.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _measure import (
    REPO,
    Row,
    Sample,
    interleaved,
    load_average,
    print_rows,
    process_sample,
    run_process,
    timed,
    write_rows,
)

sys.path.insert(0, str(REPO))  # time this checkout's gralgo, not the installed (editable) one


def build_command(per_level: int, directory: Path) -> list[str]:
    return [
        sys.executable, "-m", "gralgo", "+experiment=build_dataset",
        f"dataset.per_level={per_level}", f"dataset.dir={directory}",
        f"hydra.run.dir={directory.parent}/run-{directory.name}",
    ]  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-level", type=int, default=50)
    parser.add_argument("--scale", type=int, default=0, help="also one build at N x per-level")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", help="append the result rows to this JSON-lines file")
    args = parser.parse_args()
    from hydra import compose, initialize_config_dir
    from omegaconf import OmegaConf

    from gralgo.dataset import build_dataset, load_sources
    from gralgo.settings import settings_from_config

    with initialize_config_dir(config_dir=str(REPO / "conf"), version_base=None):
        overrides = ["+experiment=build_dataset", f"dataset.per_level={args.per_level}"]
        cfg = compose("config", overrides)
    plain = OmegaConf.to_container(cfg, resolve=True)
    spec = settings_from_config(plain).dataset  # type: ignore[arg-type]
    load_sources(spec)  # warm the parse cache once
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    instances = 9 * 6 * args.per_level
    with tempfile.TemporaryDirectory(prefix="bench-build-") as tmp:

        def whole(per_level: int):  # type: ignore[no-untyped-def]
            def run(round_no: int) -> Sample:
                load = load_average()
                done = run_process(
                    build_command(per_level, Path(tmp) / f"p{per_level}-{round_no}"), env=env
                )
                if done.returncode != 0:
                    raise SystemExit(f"build failed:\n{done.stderr[-3000:]}")
                return process_sample(done, {}, load)

            return run

        def in_process(round_no: int) -> Sample:
            return timed(lambda: build_dataset(spec, Path(tmp) / f"inproc-{round_no}"))

        results = interleaved(
            {"`python -m gralgo +experiment=build_dataset`": whole(args.per_level),
             "build_dataset() in process, sources loaded": in_process},
            args.rounds,
        )  # fmt: skip
        rows = [
            Row("bench_build", f"{name}, {instances:,} instances x 4 formats", samples,
                goal="<= 10 s (idle)")
            for name, samples in results.items()
        ]  # fmt: skip
        if args.scale:
            per_level = args.per_level * args.scale
            print(f"one build of {9 * 6 * per_level:,} instances (memory) ...", flush=True)
            rows.append(
                Row("bench_build",
                    f"`python -m gralgo +experiment=build_dataset`, {9 * 6 * per_level:,} "
                    f"instances ({args.scale}x): peak RSS", [whole(per_level)(0)],
                    goal="peak RSS <= 400 MB", note="one round: memory, not time")
            )  # fmt: skip
    print_rows(rows)
    write_rows(args.json, rows)


if __name__ == "__main__":
    main()
