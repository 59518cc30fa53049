"""Time the full benchmark build (9 tasks x 6 levels x 50 instances, all four formats).

    python benchmarks/bench_build.py [--per-level 50] [--workers 0]

Sources are loaded once first (warm parse cache), as the issue's target assumes; prints seconds
and instances per second, the draws the validity rules rejected per task, then the Table-2
statistics.
"""

from __future__ import annotations

import argparse
import csv
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # time this checkout's gralgo, not the installed (editable) one

from hydra import compose, initialize_config_dir
from omegaconf import OmegaConf

from gralgo.dataset import (
    build_dataset,
    load_sources,
)
from gralgo.settings import settings_from_config

CONF = REPO / "conf"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--per-level", type=int, default=50)
    parser.add_argument("--workers", type=int, default=0)
    args = parser.parse_args()
    with initialize_config_dir(config_dir=str(CONF), version_base=None):
        cfg = compose(
            "config",
            overrides=[
                "+experiment=build_dataset",
                f"dataset.per_level={args.per_level}",
                f"dataset.workers={args.workers}",
            ],
        )
    settings = settings_from_config(OmegaConf.to_container(cfg, resolve=True))
    started = time.perf_counter()
    load_sources(settings.dataset)
    print(f"sources loaded (cache warm after first run): {time.perf_counter() - started:.2f} s")
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        report = build_dataset(settings.dataset, Path(tmp) / "ds")
        seconds = time.perf_counter() - started
        with open(Path(tmp) / "ds" / "statistics.csv", encoding="utf-8") as f:
            rows = [r for r in csv.DictReader(f) if r["group"] != "all"]
    print(
        f"built {report.total} instances x {len(settings.dataset.options.formats)} formats "
        f"in {seconds:.2f} s -> {report.total / seconds:.0f} instances/s"
    )
    rejected: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for r in rows:
        rejected[r["group"]][0] += int(r["rejected_draws"])
        rejected[r["group"]][1] += int(r["count"])
    print(
        "rejected draws per kept instance (validity rules, answer share, ...): "
        + ", ".join(f"{task} {n / kept:.2f}" for task, (n, kept) in sorted(rejected.items()))
    )
    print(report.statistics_markdown)


if __name__ == "__main__":
    main()
