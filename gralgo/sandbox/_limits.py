"""Resource limits for one sandboxed run, and the record a run returns."""

from __future__ import annotations

import functools
import math
import os
from dataclasses import dataclass
from typing import Literal

from gralgo.config import SandboxConfig

Isolation = Literal["bwrap", "bwrap-nofilter"]
"""How the child is isolated: bubblewrap with the seccomp filter, or (opt-in, weaker) without it."""
MemoryCgroup = Literal["cgroup-v2", "cgroup-v1", "none"]
"""How a sandbox's memory budget is counted: a memory cgroup of its own (by the kernel, everything
it holds), or (opt-in, ``sandbox.allow_no_memory_cgroup``) rlimits alone."""

_DEFAULTS = SandboxConfig()
"""One source of defaults: the ``sandbox`` config schema."""

MIB = 1024 * 1024
MIN_PROCESS_MB = 64
"""The least address space a sandboxed process may get (CPython with networkx needs ~40 MiB)."""

PIPE_PAGES = 16
"""Pages a pipe holds at its default size (the filter refuses ``F_SETPIPE_SZ`` and splicing)."""


@functools.lru_cache(maxsize=1)
def kernel_buffer_bytes() -> int:
    """Most kernel memory one socket or pipe of the sandbox can hold: twice the default socket
    send buffer (``net.core.wmem_default``; the filter refuses ``SO_SNDBUF``, so no buffer grows
    towards ``2 x wmem_max``), at least a default pipe.

    A unix stream socket's queue is charged to its one peer's send buffer: at most the buffer
    plus one message of half its size (``unix_stream_sendmsg``); 1.14 x ``wmem_default`` was
    the most measured. The bootstrap checks the sandbox's own value is no larger."""
    with open("/proc/sys/net/core/wmem_default") as sysctl:
        wmem_default = int(sysctl.read())
    return max(2 * wmem_default, PIPE_PAGES * os.sysconf("SC_PAGE_SIZE"))


ToolError = Literal["timeout", "cpu_time", "memory", "output_limit", "crashed", "exit_status"]
"""Why a run did not end cleanly (``None`` in :class:`SandboxResult` when it did)."""


@dataclass(frozen=True)
class SandboxLimits:
    """What one run of untrusted code may use."""

    wall_time_s: float = _DEFAULTS.wall_time_s
    """Wall-clock limit; the whole process tree is killed after it."""
    cpu_time_s: int = _DEFAULTS.cpu_time_s
    """RLIMIT_CPU in seconds (the kernel sends SIGXCPU, then SIGKILL a second later)."""
    memory_mb: int = _DEFAULTS.memory_mb
    """Memory budget of the whole sandbox in MiB: every process's address space plus its tmpfs
    mounts plus its socket and pipe buffers (see :attr:`process_memory_mb`)."""
    disk_mb: int = _DEFAULTS.disk_mb
    """Size in MiB of each of the sandbox's two writable tmpfs mounts (work dir and ``/tmp``)."""
    file_size_mb: int = _DEFAULTS.file_size_mb
    """RLIMIT_FSIZE: largest file the code may write, in MiB."""
    max_processes: int = _DEFAULTS.max_processes
    """RLIMIT_NPROC: processes and threads of the sandbox user (a fork bomb stops here)."""
    max_open_files: int = _DEFAULTS.max_open_files
    """RLIMIT_NOFILE of each process; it also bounds the sockets and pipes the sandbox's kernel
    buffers live in (see :attr:`kernel_buffer_mb`)."""
    max_output_bytes: int = _DEFAULTS.max_output_bytes
    """Bytes kept of stdout and of stderr each; a run that writes more is stopped."""
    allow_unisolated: bool = _DEFAULTS.allow_unisolated
    """Accept a weaker backend (bubblewrap without the seccomp filter) when the full one cannot
    run; it is logged at WARNING and recorded. Nothing weaker than bubblewrap is ever used."""
    allow_no_memory_cgroup: bool = _DEFAULTS.allow_no_memory_cgroup
    """Run without a memory cgroup per sandbox when none can be made here (the budget is then
    enforced by rlimits alone, which miss page tables and other kernel memory); logged at WARNING
    and recorded."""

    @property
    def tmpfs_mb(self) -> int:
        """MiB the sandbox's tmpfs mounts may hold together (they live in memory)."""
        return 2 * self.disk_mb

    @property
    def kernel_buffer_mb(self) -> int:
        """MiB the sandbox's socket and pipe buffers may hold together (kernel memory that
        RLIMIT_AS does not count).

        Each buffer lives in a socket or pipe that is an open descriptor (``max_open_files`` per
        process) or in flight in a unix socket message (the kernel refuses to send more once a
        user has ``max_open_files`` in flight; each of ``max_processes`` racing senders may add
        one message of up to ``max_open_files``), and holds at most
        :func:`kernel_buffer_bytes`. Listening sockets, whose unaccepted connections could hold
        more, are refused by the filter."""
        objects = self.max_open_files * (2 * self.max_processes + 1)
        return math.ceil(objects * kernel_buffer_bytes() / MIB)

    @property
    def process_memory_mb(self) -> int:
        """RLIMIT_AS of each process: ``max_processes`` of them plus the tmpfs mounts and the
        kernel buffers stay within ``memory_mb``."""
        rest = self.memory_mb - self.tmpfs_mb - self.kernel_buffer_mb
        return rest // self.max_processes

    def __post_init__(self) -> None:
        for name in (
            "wall_time_s",
            "cpu_time_s",
            "memory_mb",
            "disk_mb",
            "file_size_mb",
            "max_processes",
            "max_open_files",
            "max_output_bytes",
        ):
            if not getattr(self, name) > 0:
                raise ValueError(f"sandbox.{name} must be > 0; got {getattr(self, name)!r}")
        if self.process_memory_mb < MIN_PROCESS_MB:
            raise ValueError(
                f"sandbox.memory_mb={self.memory_mb} leaves {self.process_memory_mb} MiB per "
                f"process after 2 x disk_mb={self.disk_mb} MiB of tmpfs and "
                f"{self.kernel_buffer_mb} MiB of socket/pipe buffers, for max_processes="
                f"{self.max_processes}; each needs >= {MIN_PROCESS_MB} MiB: raise memory_mb or "
                "lower max_processes/disk_mb/max_open_files"
            )


@dataclass(frozen=True)
class SandboxResult:
    """What one run of untrusted code did."""

    stdout: str
    """Standard output, at most ``max_output_bytes`` (decoded, invalid bytes replaced)."""
    stderr: str
    """Standard error (tracebacks), at most ``max_output_bytes``."""
    exit_code: int | None
    """The process's exit status; ``None`` when it was killed by a signal."""
    signal: int | None
    """The signal that ended it, if any."""
    error: ToolError | None
    """Why the run failed, or ``None`` for a clean exit 0."""
    truncated: bool
    """Whether output beyond ``max_output_bytes`` was dropped."""
    duration_s: float
    """Wall-clock seconds from start to exit, sandbox set-up included."""
    isolation: Isolation
    """Which isolation the run used."""
    memory_cgroup: MemoryCgroup = "none"
    """How the run's memory budget was counted (a cgroup of its own, or rlimits alone)."""

    @property
    def ok(self) -> bool:
        """Whether the code ran to completion with exit status 0."""
        return self.error is None

    def as_tool_output(self) -> str:
        """The text a model sees: stdout, then stderr, then a one-line error note."""
        parts = [self.stdout]
        if self.stderr:
            parts.append(f"[stderr]\n{self.stderr}")
        if self.truncated:
            parts.append("[output truncated]")
        if self.error is not None:
            parts.append(f"[tool error: {self.error}{_detail(self)}]")
        text = "\n".join(part for part in parts if part)
        return text or "[no output]"


def _detail(result: SandboxResult) -> str:
    if result.signal is not None:
        return f", killed by signal {result.signal}"
    if result.exit_code not in (None, 0):
        return f", exit status {result.exit_code}"
    return ""
