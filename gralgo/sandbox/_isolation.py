"""Choose the isolation backend and build the command line that starts the sandboxed Python.

There is one backend, bubblewrap (``bwrap``): new network, PID, IPC, UTS and cgroup namespaces;
a fresh mount tree holding only the system directories and the Python installation
(read-only), a size-limited tmpfs ``/tmp`` and work dir ``/sandbox``, a private ``/proc`` and a
read-only minimal ``/dev``; a seccomp filter (:mod:`gralgo.sandbox._seccomp`). When gralgo runs
as root, the code runs as an unprivileged uid of its own (``setpriv``), so it holds no capability
and RLIMIT_NPROC applies. The only weaker variant, ``bwrap-nofilter`` (no seccomp filter, when
libseccomp is missing), is used only with ``sandbox.allow_unisolated=true``. Nothing that cannot
hide the host's files (``unshare`` alone, no isolation) is ever used.
"""

from __future__ import annotations

import functools
import itertools
import logging
import os
import shutil
import subprocess
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from gralgo.errors import GralgoError
from gralgo.sandbox._cgroup import ENTER, CgroupUnavailableError, probe_parent
from gralgo.sandbox._limits import MIB, Isolation, MemoryCgroup, SandboxLimits
from gralgo.sandbox._seccomp import SeccompUnavailableError, program_fd, seccomp_program

log = logging.getLogger(__name__)

SANDBOX_DIR = "/sandbox"
"""The working directory as the sandboxed code sees it (a tmpfs of ``disk_mb``)."""
SANDBOX_ENV = {
    "PATH": "/usr/local/bin:/usr/bin:/bin",
    "LANG": "C.UTF-8",
    "PYTHONUTF8": "1",
    "HOME": SANDBOX_DIR,
    "TMPDIR": "/tmp",
    "OMP_NUM_THREADS": "1",
    "OPENBLAS_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
}
"""The whole environment of the sandboxed code (one BLAS thread: threads count as processes)."""
_SYSTEM_DIRS = ("/usr", "/etc/alternatives")
_SYSTEM_FILES = ("/etc/ld.so.cache", "/etc/localtime")
_SYMLINKS = (
    ("usr/bin", "/bin"),
    ("usr/lib", "/lib"),
    ("usr/lib64", "/lib64"),
    ("usr/sbin", "/sbin"),
)
_UID_BASE = 1_500_000
_UID_SPAN = 100_000
_uids = itertools.count(os.getpid() * 7919)

GUARANTEES: dict[Isolation, str] = {
    "bwrap": (
        "bubblewrap: own network/PID/IPC/UTS/cgroup namespaces; only /usr and the Python "
        "installation visible (read-only); tmpfs /tmp and work dir; seccomp filter; "
        "own uid when run as root"
    ),
    "bwrap-nofilter": (
        "bubblewrap WITHOUT the seccomp filter (weaker: namespace, mount, ptrace, bpf ... "
        "system calls reach the kernel); otherwise as bwrap"
    ),
}
"""What each backend guarantees, as logged and recorded (job.json, MLflow, tool-use table)."""


class SandboxUnavailableError(GralgoError):
    """No backend with the required isolation works here (gralgo refuses to run model code)."""


@dataclass(frozen=True)
class Launch:
    """How to start one sandboxed interpreter."""

    argv: list[str]
    """The command line (bwrap, the uid switch, then the interpreter)."""
    env: dict[str, str]
    """The complete environment of bwrap (nothing inherited)."""
    pass_fds: tuple[int, ...]
    """File descriptors bwrap reads (the seccomp program); the caller closes them after start."""
    isolation: Isolation
    """Which backend the command line uses."""


def backend_record(isolation: Isolation, memory: MemoryCgroup) -> dict[str, str]:
    """``{"sandbox_backend": ..., "sandbox_guarantees": ..., "sandbox_memory": ...}`` for
    job.json, MLflow and tables (``sandbox_memory``: how the memory budget is counted)."""
    return {
        "sandbox_backend": isolation,
        "sandbox_guarantees": GUARANTEES[isolation],
        "sandbox_memory": memory,
    }


@functools.lru_cache(maxsize=4)
def detect_isolation(allow_unisolated: bool = False) -> Isolation:
    """The backend to use here (probed once per process by really starting the interpreter).

    ``bwrap`` when bubblewrap and the seccomp filter work; ``bwrap-nofilter`` only when the
    filter cannot be built and ``allow_unisolated`` is true (logged at WARNING). Raises
    :class:`SandboxUnavailableError`, naming the fix, otherwise.
    """
    if shutil.which("bwrap") is None:
        raise SandboxUnavailableError(
            "bubblewrap is not installed: apt-get install -y bubblewrap (gralgo runs model code "
            "only under bubblewrap; nothing weaker can hide the dataset and the host's files)"
        )
    try:
        seccomp_program()
    except SeccompUnavailableError as error:
        if not allow_unisolated:
            raise SandboxUnavailableError(
                f"the sandbox's seccomp filter cannot be built ({error}); install libseccomp2, "
                "or accept bubblewrap without the filter with sandbox.allow_unisolated=true"
            ) from None
        isolation: Isolation = "bwrap-nofilter"
    else:
        isolation = "bwrap"
    problem = probe(isolation)
    if problem is not None:
        raise SandboxUnavailableError(
            f"bubblewrap cannot start the sandboxed Python here: {problem} (as a normal user "
            "bubblewrap needs unprivileged user namespaces: sysctl kernel.unprivileged_userns_clone"
            "=1 or run as root)"
        )
    if isolation != "bwrap":
        log.warning("sandbox backend %s: %s", isolation, GUARANTEES[isolation])
    else:
        log.info("sandbox backend %s: %s", isolation, GUARANTEES[isolation])
    return isolation


@functools.lru_cache(maxsize=2)
def memory_cgroup_mode(allow_no_memory_cgroup: bool = False) -> MemoryCgroup:
    """How each sandbox's memory budget is counted here (probed once per process).

    A memory cgroup per sandbox (``cgroup-v2`` preferred, else ``cgroup-v1``) when gralgo's own
    memory cgroup lets it make one; ``none`` (rlimits alone, logged at WARNING) only with
    ``allow_no_memory_cgroup``. Raises :class:`SandboxUnavailableError`, naming the fix, otherwise.
    """
    try:
        mode: MemoryCgroup = probe_parent().version
    except (CgroupUnavailableError, OSError) as error:
        if not allow_no_memory_cgroup:
            raise SandboxUnavailableError(
                f"no memory cgroup can be made for the sandbox ({error}): run gralgo where it "
                "may create memory cgroups (root, or a delegated cgroup v2), or accept rlimits "
                "alone (page tables and kernel memory uncounted) with "
                "sandbox.allow_no_memory_cgroup=true"
            ) from None
        log.warning("sandbox memory budget: rlimits alone, no memory cgroup (%s)", error)
        return "none"
    log.info("sandbox memory budget: a %s memory cgroup per sandbox, no swap", mode)
    return mode


def probe(isolation: Isolation) -> str | None:
    """``None`` when the sandboxed interpreter starts and imports networkx, else why not."""
    limits = SandboxLimits()
    source = f"import sys; sys.path[:0] = {list(site_dirs())!r}; import networkx"
    launch = build_launch(isolation, limits, next_sandbox_uid(), source)
    try:
        done = subprocess.run(
            launch.argv,
            env=launch.env,
            cwd="/",
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=30,
            pass_fds=launch.pass_fds,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return str(error)
    finally:
        for fd in launch.pass_fds:
            os.close(fd)
    if done.returncode != 0:
        lines = done.stderr.decode("utf-8", "replace").strip().splitlines()
        return f"exit status {done.returncode}: {lines[-1] if lines else 'no message'}"
    return None


@functools.lru_cache(maxsize=1)
def site_dirs() -> tuple[str, ...]:
    """The site-packages directories the sandboxed interpreter imports from (networkx's first).

    The child starts with ``-S`` (no ``site``: no ``.pth`` file runs, start-up is faster), so the
    bootstrap puts these on ``sys.path`` itself.
    """
    import importlib.util
    import sysconfig

    dirs = [sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]]
    spec = importlib.util.find_spec("networkx")
    if spec is not None and spec.origin is not None:
        dirs.insert(0, str(Path(spec.origin).parent.parent))
    return tuple(dict.fromkeys(dirs))


@functools.lru_cache(maxsize=1)
def python_roots() -> tuple[str, ...]:
    """The directories of the Python installation: the only host paths visible inside besides
    /usr (its prefixes and site-packages, symlinks resolved; outermost ones only).

    Raises :class:`SandboxUnavailableError` when one of them would show the root directory, the
    home directory or the current directory (where jobs keep their data).
    """
    roots = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix, *site_dirs()}
    real = {os.path.realpath(root) for root in roots} | roots
    outermost = sorted(r for r in real if not any(r != o and r.startswith(o + "/") for o in real))
    guarded = {"/", os.path.realpath(Path.home()), os.path.realpath(os.getcwd())}
    for root in outermost:
        exposed = [g for g in guarded if g == root or g.startswith(root.rstrip("/") + "/")]
        if exposed:
            raise SandboxUnavailableError(
                f"the Python installation {root} holds {exposed[0]}: mounting it into the sandbox "
                "would show it; use a Python installed elsewhere (a venv or /usr)"
            )
    return tuple(outermost)


def visible_paths() -> tuple[str, ...]:
    """Every host path the sandboxed code can read (read-only), besides system symlinks."""
    return (*_SYSTEM_DIRS, *_SYSTEM_FILES, *python_roots())


def check_hidden(paths: Iterable[str | os.PathLike[str]]) -> None:
    """Raise :class:`SandboxUnavailableError` when a path (dataset, ledger, outputs, checkout)
    would be visible inside the sandbox."""
    visible = visible_paths()
    for path in paths:
        real = os.path.realpath(path)
        for root in visible:
            if real == root or real.startswith(root.rstrip("/") + "/"):
                raise SandboxUnavailableError(
                    f"{path} lies in {root}, which the sandbox shows to model code: move it out "
                    "of the Python installation and /usr"
                )


def next_sandbox_uid() -> int | None:
    """A fresh unprivileged uid when running as root (its own RLIMIT_NPROC count), else None."""
    if os.geteuid() != 0:
        return None
    return _UID_BASE + next(_uids) % _UID_SPAN


def build_launch(
    isolation: Isolation,
    limits: SandboxLimits,
    uid: int | None,
    bootstrap: str,
    cgroup_procs: str | None = None,
) -> Launch:
    """The command that runs ``bootstrap`` under ``isolation`` as ``uid`` (root runs).

    With ``cgroup_procs`` the launcher first writes its own PID there (entering the sandbox's
    memory cgroup) and then execs bwrap, so every process of the sandbox is in the cgroup."""
    fds = (program_fd(),) if isolation == "bwrap" else ()
    wrapper = bwrap_argv(python_roots(), limits, uid is None, fds[0] if fds else None)
    enter = [] if cgroup_procs is None else ["/bin/sh", "-c", ENTER, "sh", cgroup_procs]
    argv = [*enter, *wrapper, *drop_privileges(uid), sys.executable, "-I", "-S", "-c", bootstrap]
    return Launch(argv, {"PATH": SANDBOX_ENV["PATH"]}, fds, isolation)


def drop_privileges(uid: int | None) -> list[str]:
    """``setpriv`` to ``uid`` with no capability and no_new_privs (root runs only)."""
    if uid is None:
        return []
    return [
        "setpriv",
        f"--reuid={uid}",
        f"--regid={uid}",
        "--clear-groups",
        "--bounding-set=-all",
        "--inh-caps=-all",
        "--no-new-privs",
        "--",
    ]


def bwrap_argv(
    roots: Sequence[str], limits: SandboxLimits, user_namespace: bool, seccomp_fd: int | None
) -> list[str]:
    """The bwrap part of the command line: namespaces, the mount tree, environment, filter.

    ``user_namespace``: also unshare the user namespace (not root). As root, bwrap creates the
    namespaces itself and ``setpriv`` drops to a fresh uid afterwards (a user namespace would map
    the code back to host root, which RLIMIT_NPROC ignores).
    """
    size = str(limits.disk_mb * MIB)
    argv = ["bwrap", *(["--unshare-user"] if user_namespace else [])]
    argv += ["--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts"]
    argv += ["--unshare-cgroup-try", "--die-with-parent", "--new-session"]
    # The tmpfs mounts first: a Python installation under /tmp is bound on top of them.
    argv += ["--perms", "1777", "--size", size, "--tmpfs", "/tmp"]
    argv += ["--perms", "1777", "--size", size, "--tmpfs", SANDBOX_DIR]
    for path in _SYSTEM_DIRS + _SYSTEM_FILES:
        argv += ["--ro-bind-try", path, path]
    for target, link in _SYMLINKS:
        if os.path.islink(link):
            argv += ["--symlink", target, link]
        elif os.path.isdir(link):
            argv += ["--ro-bind", link, link]
    argv += _python_mounts(roots)
    argv += ["--proc", "/proc", "--dev", "/dev", "--remount-ro", "/dev"]
    # bwrap's root is a tmpfs without a size (half the host's memory, writable without root):
    # read-only, so only the two sized tmpfs mounts above can hold data
    argv += ["--remount-ro", "/"]
    argv += ["--chdir", SANDBOX_DIR, "--clearenv"]
    for key, value in SANDBOX_ENV.items():
        argv += ["--setenv", key, value]
    if seccomp_fd is not None:
        argv += ["--seccomp", str(seccomp_fd)]
    return argv


def _python_mounts(roots: Sequence[str]) -> list[str]:
    """Read-only binds of the Python roots; their parent directories are made world-readable
    empty directories, so a Python under ``/root`` is visible but ``/root`` holds only the path
    to it."""
    argv: list[str] = []
    made: set[str] = {"/tmp"}
    for root in roots:
        if root.startswith("/usr/") or root == "/usr":
            continue
        parts = Path(root).parts[1:-1]
        for depth in range(1, len(parts) + 1):
            directory = "/" + "/".join(parts[:depth])
            if directory not in made and not directory.startswith("/usr"):
                made.add(directory)
                argv += ["--perms", "0755", "--dir", directory]
        argv += ["--ro-bind", root, root]
    return argv
