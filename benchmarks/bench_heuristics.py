"""Measure every named heuristic on the full build at several seeds (issue 19's table).

    python benchmarks/bench_heuristics.py [--seeds 0 1 2] [--per-level 50] [--workers 0]

Builds the default dataset (9 tasks x 6 levels x 50, edge_list only) at each seed, recomputes
every heuristic of ``gralgo/tasks/_heuristics.py`` on every instance (not trusting the stored
provenance) and prints, per task x heuristic: its kind, how many of the seeds x levels cells it
beats chance (the better guessing baseline) by more than 10 points, and its accuracy per level
(min-max over the seeds). Then, per cell, the largest answer share and the rejected draws per
kept instance (max over the seeds), the two numbers of the cap-pressure item. Exits 1 when a
scan beats chance by more than 10 points in some cell.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # measure this checkout's gralgo, not the installed one

from hydra import compose, initialize_config_dir
from omegaconf import OmegaConf

from gralgo.dataset import build_dataset, read_instances
from gralgo.settings import settings_from_config
from gralgo.tasks import Problem, TaskSettings, heuristic_credits, heuristics_for, make_task

MARGIN = 0.10


def build(seed: int, per_level: int, workers: int, directory: Path) -> float:
    with initialize_config_dir(config_dir=str(REPO / "conf"), version_base=None):
        cfg = compose(
            "config",
            overrides=[
                "+experiment=build_dataset",
                f"dataset.seed={seed}",
                f"dataset.per_level={per_level}",
                f"dataset.workers={workers}",
                "dataset.formats=[edge_list]",
            ],
        )
    settings = settings_from_config(OmegaConf.to_container(cfg, resolve=True))
    started = time.perf_counter()
    build_dataset(settings.dataset, directory)
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    parser.add_argument("--per-level", type=int, default=50)
    parser.add_argument("--workers", type=int, default=0)
    args = parser.parse_args()
    # (task, heuristic) -> level -> [accuracy per seed]; (task, level) -> [(share, chance, rej)]
    accuracy: dict[tuple[str, str], dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    above: dict[tuple[str, str], int] = defaultdict(int)
    cells: dict[tuple[str, int], list[tuple[float, float, float]]] = defaultdict(list)
    kinds: dict[tuple[str, str], str] = {}
    for seed in args.seeds:
        with tempfile.TemporaryDirectory() as tmp:
            seconds = build(seed, args.per_level, args.workers, Path(tmp) / "ds")
            instances = read_instances(Path(tmp) / "ds")
        print(f"seed {seed}: built {len(instances)} instances in {seconds:.1f} s", flush=True)
        groups = defaultdict(list)
        for instance in instances:
            groups[instance.task, instance.level].append(instance)
        for (task_name, level), items in sorted(groups.items()):
            task = make_task(task_name, TaskSettings(items[0].source, "bench"))
            answers = [i.answer for i in items]
            share = max(answers.count(a) for a in set(answers)) / len(items)
            random_node = sum(1 / i.n_nodes for i in items) / len(items)
            chance = max(share, random_node if task.answer_kind == "node" else 0.0)
            rejected = sum(sum(i.provenance["rejected"].values()) for i in items) / len(items)
            cells[task_name, level].append((share, chance, rejected))
            totals: dict[str, float] = defaultdict(float)
            for instance in items:
                problem = Problem(instance.to_networkx(), dict(instance.params))
                for name, credit in heuristic_credits(task, problem, instance.answer).items():
                    totals[name] += credit
            for heuristic in heuristics_for(task):
                value = totals[heuristic.name] / len(items)
                kinds[task_name, heuristic.name] = heuristic.kind
                accuracy[task_name, heuristic.name][level].append(value)
                above[task_name, heuristic.name] += value > chance + MARGIN + 1e-9
    n_cells = len(args.seeds) * 6
    print()
    print(f"| task | heuristic | kind | cells > chance + 10 pts (of {n_cells}) | "
          + " | ".join(f"L{level}" for level in range(1, 7)) + " |")  # fmt: skip
    print("|---|---|---|---:|" + "---:|" * 6)
    failed = False
    for (task_name, name), by_level in sorted(accuracy.items()):
        ranges = [
            f"{min(v):.0%}–{max(v):.0%}" if (v := by_level.get(level)) else "–"
            for level in range(1, 7)
        ]
        kind = kinds[task_name, name]
        failed |= kind == "scan" and above[task_name, name] > 0
        print(f"| {task_name} | {name} | {kind} | {above[task_name, name]} | "
              + " | ".join(ranges) + " |")  # fmt: skip
    print()
    print("| task | level | largest answer share (max) | rejected draws per instance (max) |")
    print("|---|---:|---:|---:|")
    for (task_name, level), values in sorted(cells.items()):
        print(f"| {task_name} | {level} | {max(v[0] for v in values):.0%} | "
              f"{max(v[2] for v in values):.2f} |")  # fmt: skip
    print("every scan within 10 points of chance" if not failed else "A SCAN BEATS CHANCE")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
