"""The hard split's cost per cell, without a whole build (issue 32: which short cells a draw
budget fills, and at what CPU).

    python benchmarks/bench_hard_cells.py CELL [CELL ...] [--draws 50000] [--seed 0]

A CELL is ``task:level`` (``diameter:1``). Each cell is built alone in this process (one worker,
``edge_list`` only, its paper split of 50 and its hard split with ``dataset.hard_max_draws`` =
``--draws``), exactly as a whole build draws it. Prints one JSON line per cell: the CPU seconds
of the build, its hard n, draws tried, unsolved draws and ms per draw, and the cell's
``statistics.md`` reason when it is short (the share each suite member solves, alone, and how
often its exactness condition holds). The CPU includes the cell's 50 paper instances, a small
part of it.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # measure this checkout's gralgo, not the installed one

from hydra import compose, initialize_config_dir
from omegaconf import OmegaConf

from gralgo.dataset import build_dataset
from gralgo.settings import settings_from_config


def hard_row(markdown: str, task: str, level: int) -> list[str]:
    """The cell's row of ``statistics.md``'s hard-split table."""
    section = markdown.split("### Hard split per task and level", 1)[1]
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip("|").split(" | ")]
        if line.startswith("| ") and cells[:2] == [task, str(level)]:
            return cells
    raise LookupError(f"no hard-split row for {task} level {level}")


def measure_cell(task: str, level: int, draws: int, seed: int) -> dict[str, Any]:
    overrides = [
        "+experiment=build_hard_split",
        f"task=[{task}]",
        f"level=[{level}]",
        f"dataset.seed={seed}",
        f"dataset.hard_max_draws={draws}",
        "dataset.formats=[edge_list]",
        "dataset.workers=1",
    ]
    with initialize_config_dir(config_dir=str(REPO / "conf"), version_base=None):
        cfg = compose("config", overrides=overrides)
    plain = OmegaConf.to_container(cfg, resolve=True)
    assert isinstance(plain, dict)
    spec = settings_from_config(plain).dataset  # type: ignore[arg-type]
    with tempfile.TemporaryDirectory(prefix="bench-hard-") as tmp:
        started = time.process_time()
        report = build_dataset(spec, Path(tmp) / "d")
        cpu = time.process_time() - started
        row = hard_row(report.statistics_markdown, task, level)
    reached, _target, tried, unsolved = (int(value) for value in row[2:6])
    return {
        "cell": f"{task}:{level}",
        "seed": seed,
        "budget": draws,
        "cpu_s": round(cpu, 2),
        "hard_n": reached,
        "draws": tried,
        "unsolved": unsolved,
        "ms_per_draw": round(1000 * cpu / max(1, tried), 2),
        "why": row[-1] if row[-1] != "–" else "",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cells", nargs="+", help="task:level")
    parser.add_argument("--draws", type=int, default=50000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for cell in args.cells:
        task, level = cell.split(":")
        measured = measure_cell(task, int(level), args.draws, args.seed)
        print(json.dumps(measured, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
