"""Where a job's wall time went: the whole process, from its start, split into named parts."""

from __future__ import annotations

import os
import time
from collections.abc import Mapping
from dataclasses import dataclass, field

PARTS = ("start-up", "dataset", "plan", "calls", "scoring", "reports", "mlflow")
"""The parts of a job, in the order they run (``start-up``: process start to the job's start)."""
LABELS = {"mlflow": "MLflow"}


_CLOCKS: list[JobClock] = []
"""The last job clock this process started (a sweep's jobs may share one process)."""


def seconds_since_process_start() -> float:
    """How long this process has existed (Linux: from ``/proc``; elsewhere 0.0)."""
    try:
        with open("/proc/self/stat", encoding="ascii") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
        ticks = int(fields[19])  # field 22 of stat(5), counted after "pid (comm)"
        started = ticks / os.sysconf("SC_CLK_TCK")
        return max(0.0, time.clock_gettime(time.CLOCK_BOOTTIME) - started)
    except (OSError, IndexError, ValueError, AttributeError):
        return 0.0


@dataclass
class JobClock:
    """Wall time of one job from its start (the process's, for its first job), with each
    part's share.

    :meth:`lap` closes the running part; :meth:`metrics` is what the summary prints and MLflow
    logs (``wall_time_s`` and ``time_<part>_s``).
    """

    origin: float
    """``time.monotonic()`` at the job's start."""
    mark: float
    parts: dict[str, float] = field(default_factory=dict)
    cpu_mark: float = 0.0
    cpu: dict[str, float] = field(default_factory=dict)
    """CPU seconds of this process (all its threads) per part."""

    cpu_origin: float = 0.0
    """``time.process_time()`` when the job started (0 for the process's first job)."""

    @classmethod
    def from_process_start(cls) -> JobClock:
        """A clock whose first part, ``start-up``, ends now. It starts at the process's start
        for the process's first job, and where the previous job's clock stopped for every
        later one (the jobs of a sweep in one process): each job counts its own time."""
        now, cpu = time.monotonic(), time.process_time()
        if _CLOCKS:
            previous = _CLOCKS[-1]
            origin, cpu_origin = previous.mark, previous.cpu_mark
        else:
            origin, cpu_origin = now - seconds_since_process_start(), 0.0
        clock = cls(origin=origin, mark=now, cpu_mark=cpu, cpu_origin=cpu_origin)
        clock.parts["start-up"] = now - clock.origin
        clock.cpu["start-up"] = cpu - cpu_origin
        _CLOCKS[:] = [clock]
        return clock

    def lap(self, part: str) -> None:
        """Add the time since the last lap to ``part``."""
        now, cpu = time.monotonic(), time.process_time()
        self.parts[part] = self.parts.get(part, 0.0) + now - self.mark
        self.cpu[part] = self.cpu.get(part, 0.0) + cpu - self.cpu_mark
        self.mark, self.cpu_mark = now, cpu

    def total(self) -> float:
        """Seconds from the job's start until now."""
        return time.monotonic() - self.origin

    def metrics(self) -> dict[str, float]:
        """``wall_time_s`` (whole job so far) and ``time_<part>_s`` for every part seen; CPU
        seconds likewise (``cpu_time_s``, ``cpu_<part>_s``)."""
        out = {"wall_time_s": self.total(), "cpu_time_s": time.process_time() - self.cpu_origin}
        for part, seconds in self.parts.items():
            out[f"time_{part.replace('-', '_')}_s"] = seconds
        for part, seconds in self.cpu.items():
            out[f"cpu_{part.replace('-', '_')}_s"] = seconds
        return out


def wall_time_line(metrics: Mapping[str, float]) -> str | None:
    """``wall time 24.6 s (start-up 2.1, dataset 0.4, ...)`` from :meth:`JobClock.metrics`."""
    wall = metrics.get("wall_time_s")
    if wall is None:
        return None
    parts = [
        f"{LABELS.get(part, part)} {metrics[key]:,.1f}"
        for part in PARTS
        if (key := f"time_{part.replace('-', '_')}_s") in metrics
    ]
    return f"wall time      {wall:,.1f} s" + (f" ({', '.join(parts)})" if parts else "")


def retimed_summary(summary: str, metrics: Mapping[str, float]) -> str:
    """A stored job summary with its wall-time line replaced by this job's (a re-run that reuses
    results prints its own time, not the first job's)."""
    line = wall_time_line(metrics)
    lines = summary.splitlines(keepends=True)
    for number, text in enumerate(lines):
        if text.startswith("wall time "):
            if line is None:
                del lines[number]
            else:
                lines[number] = line + " (results reused)\n"
            return "".join(lines)
    return summary
