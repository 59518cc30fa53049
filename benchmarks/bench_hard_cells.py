"""The hard split's cost per cell, without a whole build (issue 32: which short cells a larger
draw budget fills, and at what CPU).

    python benchmarks/bench_hard_cells.py CELL [CELL ...] [--draws 20000] [--seed 0]

A CELL is ``task:level`` (``diameter:1``). Each cell's hard stream is drawn as the build draws
it (``build_hard_split``: same draws, same instances) with the stopping rule off, up to
``--draws`` draws or 50 instances; every valid draw is scored by the whole suite. Prints one JSON
line per cell: draws tried, unsolved draws, instances reached, answer-share refusals, CPU
seconds, ms per draw by phase (draw = sampling + exact solve + validity rules; suite = every
member; render = a kept instance's record), and the share of draws each member solves (and
alone). The suite's whole-suite cost is above the build's (which stops at the first member that
solves a draw after the first ``EXPLAIN_DRAWS``), so CPU here is an upper bound.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # measure this checkout's gralgo, not the installed one

from hydra import compose, initialize_config_dir
from omegaconf import OmegaConf

from gralgo.dataset import _hard_split
from gralgo.dataset._spec import load_sources_for
from gralgo.settings import settings_from_config
from gralgo.tasks import make_task


def timed(phases: Counter[str], name: str, call: Callable[..., Any]) -> Callable[..., Any]:
    """``call``, its CPU seconds added to ``phases[name]``."""

    def run(*args: Any, **kwargs: Any) -> Any:
        started = time.process_time()
        try:
            return call(*args, **kwargs)
        finally:
            phases[name] += time.process_time() - started

    return run


def measure_cell(task_name: str, level: int, draws: int, seed: int) -> dict[str, Any]:
    with initialize_config_dir(config_dir=str(REPO / "conf"), version_base=None):
        cfg = compose("config", overrides=["+experiment=build_hard_split", f"dataset.seed={seed}"])
    spec = settings_from_config(OmegaConf.to_container(cfg, resolve=True)).dataset  # type: ignore[arg-type]
    task = make_task(task_name, spec.tasks[task_name])
    source = load_sources_for(spec, [task.settings.source])[task.settings.source]
    phases: Counter[str] = Counter()
    saved = {
        name: getattr(_hard_split, name)
        for name in ("_draw_instance", "suite_verdicts", "drawn_instance", "hopeless")
    }
    _hard_split._draw_instance = timed(phases, "draw", saved["_draw_instance"])
    _hard_split.suite_verdicts = timed(phases, "suite", saved["suite_verdicts"])
    _hard_split.drawn_instance = timed(phases, "render", saved["drawn_instance"])
    _hard_split.hopeless = lambda *args: False
    options = replace(spec.options, hard_max_draws=draws, per_level=50)
    explain = _hard_split.EXPLAIN_DRAWS
    _hard_split.EXPLAIN_DRAWS = draws  # every draw scored by the whole suite
    tallies: list[_hard_split.HardTally] = []
    started = time.process_time()
    try:
        for _ in _hard_split.build_hard_split(task, source, level, options, tallies):
            pass
    finally:
        _hard_split.EXPLAIN_DRAWS = explain
        for name, value in saved.items():
            setattr(_hard_split, name, value)
    cpu = time.process_time() - started
    tally = tallies[0]
    per_draw = max(1, tally.draws)
    valid = max(1, tally.explained)
    return {
        "cell": f"{task_name}:{level}",
        "seed": seed,
        "draws": tally.draws,
        "valid": tally.valid,
        "unsolved": tally.unsolved,
        "reached": tally.reached,
        "answer_share": tally.answer_share,
        "cpu_s": round(cpu, 2),
        "ms_per_draw": {k: round(1000 * v / per_draw, 2) for k, v in sorted(phases.items())},
        "solves": {k: round(v / valid, 4) for k, v in tally.solves.most_common()},
        "alone": {k: round(v / valid, 4) for k, v in tally.alone.most_common()},
        "exact": {k: round(v / valid, 4) for k, v in tally.exact.most_common()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cells", nargs="+", help="task:level")
    parser.add_argument("--draws", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for cell in args.cells:
        task_name, level = cell.split(":")
        print(json.dumps(measure_cell(task_name, int(level), args.draws, args.seed)), flush=True)


if __name__ == "__main__":
    main()
