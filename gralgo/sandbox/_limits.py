"""Resource limits for one sandboxed run, and the record a run returns."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gralgo.config import SandboxConfig

Isolation = Literal["bwrap", "bwrap-nofilter"]
"""How the child is isolated: bubblewrap with the seccomp filter, or (opt-in, weaker) without it."""

_DEFAULTS = SandboxConfig()
"""One source of defaults: the ``sandbox`` config schema."""

MIB = 1024 * 1024
MIN_PROCESS_MB = 64
"""The least address space a sandboxed process may get (CPython with networkx needs ~40 MiB)."""

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
    mounts (see :attr:`process_memory_mb`)."""
    disk_mb: int = _DEFAULTS.disk_mb
    """Size in MiB of each of the sandbox's two writable tmpfs mounts (work dir and ``/tmp``)."""
    file_size_mb: int = _DEFAULTS.file_size_mb
    """RLIMIT_FSIZE: largest file the code may write, in MiB."""
    max_processes: int = _DEFAULTS.max_processes
    """RLIMIT_NPROC: processes and threads of the sandbox user (a fork bomb stops here)."""
    max_open_files: int = _DEFAULTS.max_open_files
    """RLIMIT_NOFILE."""
    max_output_bytes: int = _DEFAULTS.max_output_bytes
    """Bytes kept of stdout and of stderr each; a run that writes more is stopped."""
    allow_unisolated: bool = _DEFAULTS.allow_unisolated
    """Accept a weaker backend (bubblewrap without the seccomp filter) when the full one cannot
    run; it is logged at WARNING and recorded. Nothing weaker than bubblewrap is ever used."""

    @property
    def tmpfs_mb(self) -> int:
        """MiB the sandbox's tmpfs mounts may hold together (they live in memory)."""
        return 2 * self.disk_mb

    @property
    def process_memory_mb(self) -> int:
        """RLIMIT_AS of each process: ``max_processes`` of them plus the tmpfs mounts stay within
        ``memory_mb``."""
        return (self.memory_mb - self.tmpfs_mb) // self.max_processes

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
                f"process after 2 x disk_mb={self.disk_mb} MiB of tmpfs, for max_processes="
                f"{self.max_processes}; each needs >= {MIN_PROCESS_MB} MiB: raise memory_mb or "
                "lower max_processes/disk_mb"
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
