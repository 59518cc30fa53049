"""Shared measuring rules for the benchmarks: interleaved rounds, medians, load, results.

Every benchmark reports the median (and min / max) of at least three rounds, with the paths it
compares run in a rotating order inside each round, and the machine's load average recorded
beside every sample. Whole-process measurements run the command as a user would and read the
child's own CPU time and peak RSS from ``wait4``. Rows go to a JSON-lines file (``--json``)
that ``run_all.py`` gathers into ``benchmarks/results/``.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
BENCH_DATASET = REPO / "outputs" / "datasets" / "bench-main"
"""The ``+experiment=main`` dataset (2,700 instances) every benchmark takes its prompts from."""


def load_average() -> float:
    """The 1-minute load average now (other work on the machine)."""
    return round(os.getloadavg()[0], 2)


@dataclass
class Sample:
    """One timed round of one path."""

    seconds: float
    load: float
    """1-minute load average when the round started."""
    cpu_s: float | None = None
    peak_rss_mb: float | None = None
    extra: dict[str, float] = field(default_factory=dict)


@dataclass
class Row:
    """One line of the results table: a path's samples, summarised."""

    benchmark: str
    name: str
    samples: list[Sample]
    ideal_s: float | None = None
    goal: str = ""
    note: str = ""
    skipped: str = ""
    """Why this path was not measured (then ``samples`` is empty)."""

    def summary(self) -> dict[str, Any]:
        seconds = [s.seconds for s in self.samples]
        out: dict[str, Any] = {
            "benchmark": self.benchmark,
            "name": self.name,
            "rounds": len(seconds),
            "goal": self.goal,
            "note": self.note,
            "skipped": self.skipped,
            "samples": [asdict(s) for s in self.samples],
        }
        if not seconds:
            return out
        out |= {
            "median_s": statistics.median(seconds),
            "min_s": min(seconds),
            "max_s": max(seconds),
            "loads": [s.load for s in self.samples],
        }
        if self.ideal_s:
            out["ideal_s"] = self.ideal_s
            out["x_ideal_median"] = out["median_s"] / self.ideal_s
        for key in ("cpu_s", "peak_rss_mb"):
            values = [getattr(s, key) for s in self.samples if getattr(s, key) is not None]
            if values:
                out[f"{key}_median"] = statistics.median(values)
                out[f"{key}_max"] = max(values)
        names = sorted({k for s in self.samples for k in s.extra})
        if names:
            out["parts_median"] = {
                k: statistics.median(s.extra[k] for s in self.samples if k in s.extra)
                for k in names
            }
        return out


def interleaved(
    paths: Mapping[str, Callable[[int], Sample]], rounds: int, pause_s: float = 0.5
) -> dict[str, list[Sample]]:
    """Run every path once per round, the order rotating each round; samples per path.

    A path is called with the round number (for fresh, distinct work each round).
    """
    names = list(paths)
    out: dict[str, list[Sample]] = {name: [] for name in names}
    for round_no in range(rounds):
        shift = round_no % len(names)
        for name in names[shift:] + names[:shift]:
            time.sleep(pause_s)
            sample = paths[name](round_no)
            out[name].append(sample)
            print(f"  round {round_no + 1}/{rounds} {name}: {sample.seconds:.2f} s "
                  f"(load {sample.load})", flush=True)  # fmt: skip
    return out


def cpu_now() -> float:
    """CPU seconds of this process and of the children it has reaped (worker pools)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def timed(run: Callable[[], Any]) -> Sample:
    """Wall time (and CPU time, workers included) of ``run()`` in this process."""
    load = load_average()
    cpu0, t0 = cpu_now(), time.perf_counter()
    run()
    return Sample(time.perf_counter() - t0, load, cpu_s=cpu_now() - cpu0)


@dataclass(frozen=True)
class Process:
    """A finished whole-process run."""

    seconds: float
    cpu_s: float
    """User + system CPU of the process and the children it waited for."""
    peak_rss_mb: float
    """Largest resident set of the process or any child it waited for."""
    returncode: int
    stdout: str
    stderr: str


def run_process(
    command: Sequence[str], *, env: Mapping[str, str] | None = None, cwd: Path | None = None
) -> Process:
    """Run ``command`` as a user would and read its own rusage (not this process's)."""
    import tempfile

    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        started = time.perf_counter()
        child = subprocess.Popen(
            list(command), stdout=out, stderr=err, env=dict(env or os.environ), cwd=cwd
        )
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - started
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return Process(
            seconds=seconds,
            cpu_s=usage.ru_utime + usage.ru_stime,
            peak_rss_mb=usage.ru_maxrss / 1024,
            returncode=child.returncode,
            stdout=out.read(),
            stderr=err.read(),
        )


def process_sample(done: Process, extra: dict[str, float] | None = None, load: float = 0) -> Sample:
    return Sample(done.seconds, load, done.cpu_s, round(done.peak_rss_mb, 1), extra or {})


def write_rows(path: str | None, rows: Sequence[Row]) -> None:
    """Append ``rows`` (summarised) to the JSON-lines file ``path`` (``--json``), if given."""
    if not path:
        return
    with open(path, "a", encoding="utf-8") as handle:
        for row in rows:
            handle.write(json.dumps(row.summary()) + "\n")


def print_rows(rows: Sequence[Row]) -> None:
    """The rows as a Markdown table on stdout."""
    print(markdown_table([row.summary() for row in rows]))


def markdown_table(rows: Sequence[Mapping[str, Any]]) -> str:
    lines = [
        "| benchmark | path | median s | min–max s | × ideal (median) | CPU s | peak RSS MB "
        "| parts (median s) | load avg (per round) | rounds | goal |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        if r.get("skipped"):
            lines.append(f"| {r['benchmark']} | {r['name']} | skipped: {r['skipped']} "
                         "| | | | | | | 0 | |")  # fmt: skip
            continue
        ideal = f"{r['x_ideal_median']:.2f} (ideal {r['ideal_s']:.2f} s)" if "ideal_s" in r else ""
        cpu = f"{r['cpu_s_median']:.2f}" if "cpu_s_median" in r else ""
        rss = f"{r['peak_rss_mb_max']:.0f}" if "peak_rss_mb_max" in r else ""
        parts = ", ".join(f"{k} {v:.2f}" for k, v in (r.get("parts_median") or {}).items())
        loads = ", ".join(f"{x:.1f}" for x in r["loads"])
        note = f" — {r['note']}" if r.get("note") else ""
        lines.append(
            f"| {r['benchmark']} | {r['name']}{note} | {r['median_s']:.2f} | "
            f"{r['min_s']:.2f}–{r['max_s']:.2f} | {ideal} | {cpu} | {rss} | {parts} | "
            f"{loads} | {r['rounds']} | {r.get('goal') or ''} |"
        )
    return "\n".join(lines)


def compile_bytecode(checkout: Path = REPO) -> None:
    """Compile ``checkout``'s gralgo to ``__pycache__`` first, as a user's first run leaves it: with
    ``PYTHONDONTWRITEBYTECODE`` set (as on some CI and sandbox machines) every timed process would
    otherwise compile the changed modules again."""
    import compileall

    compileall.compile_dir(str(checkout / "gralgo"), quiet=1)


_FITS = """
import sys
from hydra import compose, initialize_config_dir
from omegaconf import OmegaConf
from gralgo.dataset import ensure_dataset
from gralgo.settings import settings_from_config
with initialize_config_dir(config_dir=sys.argv[1], version_base=None):
    cfg = compose("config", overrides=["+experiment=build_dataset", "dataset.dir=" + sys.argv[2]])
settings = settings_from_config(OmegaConf.to_container(cfg, resolve=True))
ensure_dataset(settings.dataset, settings.dataset_dir, explicit=True)
"""
"""Exit 0 when the folder holds ``+experiment=build_dataset``'s data, as a job checks it
(``ensure_dataset``: same description, sources and draw version); else its one-line error."""


def ensure_bench_dataset() -> Path:
    """Build the ``main`` dataset into :data:`BENCH_DATASET` once: reused while it holds the data
    ``+experiment=build_dataset`` describes (checked as a job checks a dataset, without
    rewriting it), rebuilt when it does not (``command=build`` always builds: it cannot be the
    check)."""
    import shutil
    import sys

    command = [
        *(sys.executable, "-m", "gralgo", "+experiment=build_dataset"),
        f"dataset.dir={BENCH_DATASET}",
        f"hydra.run.dir={BENCH_DATASET.parent}/.build-run",
    ]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    if (BENCH_DATASET / "manifest.json").is_file():
        fits = [sys.executable, "-c", _FITS, str(REPO / "conf"), str(BENCH_DATASET)]
        check = run_process(fits, env=env, cwd=REPO)
        if check.returncode == 0:
            return BENCH_DATASET
        if "does not hold the data" not in check.stderr:
            raise SystemExit(f"dataset check failed:\n{check.stderr[-3000:]}")
        print(f"{BENCH_DATASET} was built by other code: rebuilding it", flush=True)
        shutil.rmtree(BENCH_DATASET)
    print(f"building the main dataset into {BENCH_DATASET} (once) ...", flush=True)
    done = run_process(command, env=env, cwd=REPO)
    if done.returncode != 0:
        raise SystemExit(f"dataset build failed:\n{done.stderr[-3000:]}")
    return BENCH_DATASET


def real_prompts(n: int, fmt: str = "edge_list") -> list[str]:
    """``n`` prompts of the main dataset (all tasks and levels, cycled in a fixed order)."""
    import sys

    sys.path.insert(0, str(REPO))
    from gralgo.dataset import read_instances

    instances = read_instances(ensure_bench_dataset(), formats=[fmt], with_graphs=False)
    texts = [i.prompts[fmt].text for i in instances]
    return [texts[i % len(texts)] for i in range(n)]


def right_answers(fmt: str = "edge_list") -> dict[str, str]:
    """Prompt -> ``\\boxed{<expected answer>}`` for every instance of the ``main`` dataset: with
    the stub's ``skills`` a benchmark model solves a realistic share of its prompts."""
    import sys

    sys.path.insert(0, str(REPO))
    from gralgo.dataset import read_instances

    instances = read_instances(ensure_bench_dataset(), formats=[fmt], with_graphs=False)
    return {i.prompts[fmt].text: f"\\boxed{{{i.prompts[fmt].answer}}}" for i in instances}


CHILD = "--child"
"""The flag a benchmark script is re-run with to time its step as a fresh process."""


def child_process(script: str | Path, args: Sequence[str]) -> Sample:
    """``python SCRIPT ARGS --child`` as a fresh process (start-up and imports included): its
    wall time, CPU and peak RSS from ``wait4``, and the in-process parts (seconds) the child
    prints as the last line of its output (:func:`report_parts`)."""
    import sys

    load = load_average()
    done = run_process(
        [sys.executable, str(script), *args, CHILD],
        env={**os.environ, "PYTHONPATH": str(REPO)},
        cwd=REPO,
    )
    if done.returncode != 0:
        raise SystemExit(f"{Path(script).name} {CHILD} failed:\n{done.stderr[-3000:]}")
    parts = json.loads(done.stdout.strip().splitlines()[-1])
    return process_sample(done, {k: round(float(v), 3) for k, v in parts.items()}, load)


def report_parts(parts: Mapping[str, float]) -> None:
    """In a ``--child`` run: print the step's parts (seconds) for :func:`child_process`."""
    print(json.dumps(dict(parts)), flush=True)
