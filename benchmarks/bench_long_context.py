"""Time the long-context build (+experiment=long_context: 3 tasks x 50 graphs x 5 targets).

    python benchmarks/bench_long_context.py [--per-level 50] [--workers 0] [--rounds 3]
                                            [--json PATH] [--out DIR] [--compare DIR]

Sources are loaded first (warm parse cache). Paths, interleaved in every round: the build as a
user runs it (``python -m gralgo +experiment=long_context command=build``, a fresh process) and
``build_dataset`` in this process; goal <= 15 s wall. The first in-process build also prints
the worst relative distance of a prompt's token count from its target. ``--out`` keeps that
build; ``--compare`` checks that every instance file is byte-identical to another build (e.g.
one made by an earlier version of the code).
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

sys.path.insert(0, str(REPO))  # time this checkout's gralgo, not the installed one

from hydra import compose, initialize_config_dir  # noqa: E402
from omegaconf import OmegaConf  # noqa: E402

from gralgo.dataset import (  # noqa: E402
    Instance,
    build_dataset,
    load_sources,
)
from gralgo.settings import settings_from_config  # noqa: E402

CONF = REPO / "conf"
GOAL_S = 15.0


def instance_files(directory: Path) -> dict[str, bytes]:
    """Every instance file of a built dataset, by relative path (the manifest excluded)."""
    return {
        str(p.relative_to(directory)): p.read_bytes() for p in sorted(directory.rglob("*.jsonl"))
    }


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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-level", type=int, default=50)
    parser.add_argument("--workers", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", help="append the result rows to this JSON-lines file")
    parser.add_argument("--out", type=Path, help="keep the first build here")
    parser.add_argument("--compare", type=Path, help="a build to compare byte for byte")
    args = parser.parse_args()
    chosen = ["+experiment=long_context", f"dataset.workers={args.workers}",
              f"dataset.per_level={args.per_level}"]  # fmt: skip
    with initialize_config_dir(config_dir=str(CONF), version_base=None):
        cfg = compose("config", overrides=chosen)
    settings = settings_from_config(OmegaConf.to_container(cfg, resolve=True))  # type: ignore[arg-type]
    load_sources(settings.dataset)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    with tempfile.TemporaryDirectory() as tmp:
        out = args.out or Path(tmp) / "ds"
        report = build_dataset(settings.dataset, out)
        worst, where = worst_token_error(out)
        print(
            f"{report.total} long-context instances; worst (tokens - target) / target: "
            f"{worst:+.4f}, {where} (tolerance {settings.dataset.long_context.tolerance})"  # type: ignore[union-attr]
        )
        print(answer_summary(out))
        if args.compare:
            mine, theirs = instance_files(out), instance_files(args.compare)
            same = mine == theirs
            differing = sorted(k for k in set(mine) | set(theirs) if mine.get(k) != theirs.get(k))
            print(
                f"byte-identical to {args.compare}: {same}"
                + ("" if same else f" (differing files: {differing[:5]})")
            )

        def whole(round_no: int) -> Sample:
            directory = Path(tmp) / f"cli-{round_no}"
            load = load_average()
            done = run_process(
                [sys.executable, "-m", "gralgo", *chosen, "command=build",
                 f"dataset.dir={directory}", f"hydra.run.dir={tmp}/run-{round_no}"],
                env=env, cwd=REPO,
            )  # fmt: skip
            if done.returncode != 0:
                raise SystemExit(f"build failed:\n{done.stderr[-3000:]}")
            return process_sample(done, {}, load)

        def in_process(round_no: int) -> Sample:
            return timed(lambda: build_dataset(settings.dataset, Path(tmp) / f"in-{round_no}"))

        results = interleaved(
            {"`python -m gralgo +experiment=long_context command=build`": whole,
             "build_dataset() in process, sources loaded": in_process},
            args.rounds,
        )  # fmt: skip
    rows = [Row("bench_long_context", f"{name}, {report.total:,} instances", samples,
                goal="<= 15 s", note=f"workers {args.workers}")
            for name, samples in results.items()]  # fmt: skip
    print_rows(rows)
    write_rows(args.json, rows)


if __name__ == "__main__":
    main()
