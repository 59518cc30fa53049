"""One kernel-counted memory budget per sandbox: a memory cgroup of its own for each run.

Everything the sandbox makes the kernel hold for it (its processes' memory, tmpfs data, page
tables, socket and pipe buffers, other kernel objects) is charged to the cgroup its processes
are in. Each run gets a fresh one under gralgo's own memory cgroup, limited to ``memory_mb`` with
no swap: cgroup v2 (``memory.max``, ``memory.swap.max=0``) where the host delegates a memory
controller to gralgo's cgroup, else cgroup v1 (``memory.limit_in_bytes``,
``memory.memsw.limit_in_bytes``; kernel memory is charged by default). The launcher enters it
(``sh`` writes its own PID into ``cgroup.procs``) before it execs bubblewrap, so every process
of the sandbox is inside from its start. After the run leftovers are killed and it is removed.
"""

from __future__ import annotations

import functools
import itertools
import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from gralgo.sandbox._limits import MIB

ENTER = 'echo $$ > "$1" && shift && exec "$@"'
"""The launcher's shell script: enter the cgroup whose ``cgroup.procs`` is ``$1``, exec the rest."""

_names = itertools.count()


class CgroupUnavailableError(Exception):
    """No memory cgroup can be made for the sandbox here (the message says why)."""


@dataclass(frozen=True)
class CgroupParent:
    """Where the sandboxes' cgroups are made: gralgo's own memory cgroup."""

    version: Literal["cgroup-v2", "cgroup-v1"]
    path: Path


def find_parent(proc: Path = Path("/proc/self")) -> CgroupParent:
    """gralgo's own memory cgroup, where sandbox cgroups can be made (v2 preferred).

    Raises :class:`CgroupUnavailableError` saying why none is usable.
    """
    mounts = [line.split() for line in (proc / "mounts").read_text().splitlines()]
    membership = [line.split(":", 2) for line in (proc / "cgroup").read_text().splitlines()]
    reasons = []
    for _, point, fstype, *_ in mounts:
        if fstype != "cgroup2":
            continue
        own = next((p for h, c, p in membership if h == "0" and c == ""), None)
        if own is None:
            continue
        path = Path(point + own)
        try:
            delegated = "memory" in (path / "cgroup.subtree_control").read_text().split()
        except OSError:
            delegated = False
        if delegated and os.access(path, os.W_OK):
            return CgroupParent("cgroup-v2", path)
        reasons.append(f"cgroup v2 at {point} delegates no memory controller to {own}")
    for _, point, fstype, options, *_ in mounts:
        if fstype != "cgroup" or "memory" not in options.split(","):
            continue
        own = next((p for _, c, p in membership if "memory" in c.split(",")), None)
        path = Path(point + (own or "/"))
        if (path / "memory.limit_in_bytes").exists() and os.access(path, os.W_OK):
            return CgroupParent("cgroup-v1", path)
        reasons.append(f"the cgroup v1 memory controller at {path} is not writable")
    raise CgroupUnavailableError("; ".join(reasons) or "no cgroup memory controller is mounted")


class SandboxCgroup:
    """The memory cgroup of one sandbox run (made by :meth:`create`, gone after :meth:`remove`)."""

    def __init__(self, parent: CgroupParent, path: Path) -> None:
        self.version = parent.version
        self.path = path

    @classmethod
    def create(cls, parent: CgroupParent, memory_mb: int) -> SandboxCgroup:
        """A fresh cgroup under ``parent`` that holds at most ``memory_mb`` MiB, swap included."""
        path = parent.path / f"gralgo-sandbox-{os.getpid()}-{next(_names)}"
        path.mkdir()
        group = cls(parent, path)
        limit = str(memory_mb * MIB)
        try:
            if parent.version == "cgroup-v2":
                group._write("memory.max", limit)
                group._write("memory.swap.max", "0")
            else:
                group._write("memory.limit_in_bytes", limit)
                if (path / "memory.memsw.limit_in_bytes").exists():
                    group._write("memory.memsw.limit_in_bytes", limit)
        except OSError:
            group.remove()
            raise
        return group

    @property
    def procs(self) -> str:
        """The ``cgroup.procs`` file the launcher writes its PID into."""
        return str(self.path / "cgroup.procs")

    def oom_kills(self) -> int:
        """Processes the kernel killed because the cgroup reached its limit."""
        name = "memory.events" if self.version == "cgroup-v2" else "memory.oom_control"
        for line in (self.path / name).read_text().splitlines():
            key, _, value = line.partition(" ")
            if key == "oom_kill":
                return int(value)
        return 0

    def remove(self, timeout_s: float = 5.0) -> None:
        """Kill every process left in the cgroup, then remove it."""
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                pids = [int(p) for p in Path(self.procs).read_text().split()]
            except FileNotFoundError:
                return
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            if not pids:
                try:
                    self.path.rmdir()
                    return
                except OSError:
                    if time.monotonic() > deadline:
                        raise
            elif time.monotonic() > deadline:
                raise CgroupUnavailableError(f"processes {pids} survive SIGKILL in {self.path}")
            time.sleep(0.01)

    def _write(self, name: str, value: str) -> None:
        (self.path / name).write_text(value)


@functools.lru_cache(maxsize=1)
def probe_parent() -> CgroupParent:
    """:func:`find_parent`, checked by making and removing one limited cgroup (once per process)."""
    parent = find_parent()
    try:
        SandboxCgroup.create(parent, 64).remove()
    except OSError as error:
        problem = f"cannot make a memory cgroup in {parent.path}: {error}"
        raise CgroupUnavailableError(problem) from None
    return parent
