"""Time the long-context build (+experiment=long_context: 3 tasks x 50 graphs x 5 targets).

    python benchmarks/bench_long_context.py [--workers 0] [--out DIR] [--compare DIR]

Sources are loaded first (warm parse cache). Prints the build time against the 15 s goal, and
the worst relative distance of a prompt's token count from its target. ``--out`` keeps the
built dataset; ``--compare`` checks that every instance file is byte-identical to another build
(e.g. one made by an earlier version of the code).
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from hydra import compose, initialize_config_dir
from omegaconf import OmegaConf

from gralgo.dataset import (
    Instance,
    build_dataset,
    load_sources,
)
from gralgo.settings import settings_from_config

CONF = REPO / "conf"
GOAL_S = 15.0


def instance_files(directory: Path) -> dict[str, bytes]:
    """Every instance file of a built dataset, by relative path (the manifest excluded)."""
    return {
        str(p.relative_to(directory)): p.read_bytes() for p in sorted(directory.rglob("*.jsonl"))
    }


def _cpu_seconds() -> float:
    """CPU time of this process and its finished children (the build's workers)."""
    own, children = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def worst_token_error(directory: Path) -> tuple[float, str]:
    """The largest signed relative distance of a prompt from its target, and which prompt."""
    worst, where = 0.0, ""
    for path in sorted(directory.rglob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            instance = Instance.from_json(line, with_graph=False)
            target = instance.provenance["target_tokens"]
            for name, prompt in instance.prompts.items():
                assert prompt.tokens is not None, "long-context prompts carry their token count"
                error = (prompt.tokens - target) / target
                if abs(error) > abs(worst):
                    worst = error
                    where = f"{instance.task} #{instance.index} at {instance.context} ({name})"
    return worst, where


def answer_summary(directory: Path) -> str:
    """Per task: the largest answer share; distance-k: answers >= 70 of the 79 other nodes."""
    from collections import Counter

    parts = []
    for path in sorted(directory.rglob("*.jsonl")):
        answers: Counter[str] = Counter()
        for line in path.read_text(encoding="utf-8").splitlines():
            instance = Instance.from_json(line, with_graph=False)
            if instance.context == "4k":  # answers are identical across lengths
                answers[instance.answer] += 1
        if not answers:
            continue
        total = answers.total()
        text = f"{path.stem}: largest answer share {max(answers.values()) / total:.0%}"
        if path.stem == "distance_k":
            high = sum(n for a, n in answers.items() if int(a) >= 70)
            text += f", {high} of {total} answers >= 70"
        parts.append(text)
    return "; ".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--workers", type=int, default=0)
    parser.add_argument("--out", type=Path, help="keep the build here")
    parser.add_argument("--compare", type=Path, help="a build to compare byte for byte")
    args = parser.parse_args()
    with initialize_config_dir(config_dir=str(CONF), version_base=None):
        cfg = compose(
            "config", overrides=["+experiment=long_context", f"dataset.workers={args.workers}"]
        )
    settings = settings_from_config(OmegaConf.to_container(cfg, resolve=True))
    load_sources(settings.dataset)
    with tempfile.TemporaryDirectory() as tmp:
        out = args.out or Path(tmp) / "ds"
        started, cpu0 = time.perf_counter(), _cpu_seconds()
        report = build_dataset(settings.dataset, out)
        seconds, cpu = time.perf_counter() - started, _cpu_seconds() - cpu0
        print(
            f"built {report.total} long-context instances in {seconds:.2f} s wall, "
            f"{cpu:.2f} s CPU over all processes "
            f"(goal <= {GOAL_S:.0f} s wall on 2 idle cores: "
            f"{'met' if seconds <= GOAL_S else 'NOT met'})"
        )
        worst, where = worst_token_error(out)
        print(
            f"worst (tokens - target) / target: {worst:+.4f}, {where} "
            f"(tolerance {settings.dataset.long_context.tolerance})"
        )  # type: ignore[union-attr]
        print(answer_summary(out))
        if args.compare:
            mine, theirs = instance_files(out), instance_files(args.compare)
            same = mine == theirs
            differing = sorted(k for k in set(mine) | set(theirs) if mine.get(k) != theirs.get(k))
            print(
                f"byte-identical to {args.compare}: {same}"
                + ("" if same else f" (differing files: {differing[:5]})")
            )


if __name__ == "__main__":
    main()
