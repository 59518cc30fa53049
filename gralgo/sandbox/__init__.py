"""Run model-written Python in an isolated, resource-limited child process.

``run_python(code, limits)`` -> :class:`SandboxResult`; the threat model and the guarantees of
each backend are in ``design/sandbox.md``.
"""

from gralgo.sandbox._isolation import (
    GUARANTEES,
    SandboxUnavailableError,
    backend_record,
    check_hidden,
    detect_isolation,
    memory_cgroup_mode,
)
from gralgo.sandbox._limits import Isolation, SandboxLimits, SandboxResult
from gralgo.sandbox._run_code import run_python

__all__ = [
    "GUARANTEES",
    "Isolation",
    "SandboxLimits",
    "SandboxResult",
    "SandboxUnavailableError",
    "backend_record",
    "check_hidden",
    "detect_isolation",
    "memory_cgroup_mode",
    "run_python",
]
