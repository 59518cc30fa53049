"""The trusted first lines the sandboxed interpreter runs: apply limits, then run the code.

The code arrives on stdin, so the working directory starts empty. Limits are set inside the
namespaces (after the user switch), so RLIMIT_NPROC counts only the sandbox's own processes.
RLIMIT_AS is the per-process share of the sandbox's memory budget
(:attr:`SandboxLimits.process_memory_mb`): at most ``max_processes`` processes of that size plus
the two tmpfs mounts and the kernel buffers stay within ``memory_mb``. The budget of kernel
buffers assumes the host's ``net.core.wmem_default``; the sandbox's network namespace has its
own, so the bootstrap refuses to run the code if that one is larger.
"""

from __future__ import annotations

from gralgo.sandbox._isolation import site_dirs
from gralgo.sandbox._limits import MIB, SandboxLimits, kernel_buffer_bytes

_TEMPLATE = """\
import resource as _r, sys as _s, traceback as _t
_s.path[:0] = {site!r}
_code = _s.stdin.read()
if 2 * int(open("/proc/sys/net/core/wmem_default").read()) > {buffer}:
    _s.exit("sandbox: net.core.wmem_default is larger inside than the memory budget assumed")
for _k, _v in {limits!r}:
    _r.setrlimit(getattr(_r, _k), _v)
_s.stdin.close()
del _r, _k, _v
try:
    exec(compile(_code, "<tool>", "exec"), {{"__name__": "__main__", "__builtins__": __builtins__}})
except SystemExit:
    raise
except BaseException as _e:
    _t.print_exception(type(_e), _e, _e.__traceback__.tb_next)
    _s.exit(1)
"""


def bootstrap_source(limits: SandboxLimits) -> str:
    """Python source for ``python -I -c``: set rlimits, read the code from stdin, run it."""
    mib = MIB
    pairs = [
        ("RLIMIT_CPU", (limits.cpu_time_s, limits.cpu_time_s + 1)),
        ("RLIMIT_AS", (limits.process_memory_mb * mib,) * 2),
        ("RLIMIT_FSIZE", (limits.file_size_mb * mib,) * 2),
        ("RLIMIT_NPROC", (limits.max_processes,) * 2),
        ("RLIMIT_NOFILE", (limits.max_open_files,) * 2),
        ("RLIMIT_CORE", (0, 0)),
    ]
    return _TEMPLATE.format(limits=pairs, site=list(site_dirs()), buffer=kernel_buffer_bytes())
