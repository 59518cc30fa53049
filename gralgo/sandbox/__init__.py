"""Run model-written Python in an isolated, resource-limited child process.

``run_python(code, limits)`` -> :class:`SandboxResult`; the threat model is in
``design/sandbox.md``.
"""

from gralgo.sandbox._isolation import SandboxUnavailableError, detect_isolation
from gralgo.sandbox._limits import SandboxLimits, SandboxResult
from gralgo.sandbox._run import run_python

__all__ = [
    "SandboxLimits",
    "SandboxResult",
    "SandboxUnavailableError",
    "detect_isolation",
    "run_python",
]
