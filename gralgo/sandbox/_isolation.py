"""Choose an isolation backend and build the command line that starts the sandboxed Python.

bubblewrap (``bwrap``) is preferred: new network, PID, IPC and UTS namespaces, and a fresh mount
tree that holds only the system directories and the Python installation (read-only), an empty
``/tmp`` and the run's working directory. ``unshare`` is the fallback: new network and PID
namespaces only (no filesystem view of its own). When gralgo runs as root, the code runs as an
unprivileged uid of its own (``setpriv``), so it holds no capability and RLIMIT_NPROC applies.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from gralgo.errors import GralgoError
from gralgo.sandbox._limits import Isolation

SANDBOX_DIR = "/sandbox"
"""The working directory as the sandboxed code sees it (bwrap only)."""
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


class SandboxUnavailableError(GralgoError):
    """No isolation works here and unisolated runs were not allowed."""


@dataclass(frozen=True)
class Launch:
    """How to start one sandboxed interpreter."""

    argv: list[str]
    """The command line (isolation wrapper, then the interpreter)."""
    cwd: str
    """Host directory the wrapper itself starts in."""
    env: dict[str, str]
    """The complete environment of the wrapper (nothing inherited)."""
    isolation: Isolation
    """Which backend the command line uses."""


_CLEAN_ENV = {"PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "PYTHONUTF8": "1"}


@functools.lru_cache(maxsize=4)
def detect_isolation(allow_unisolated: bool = False) -> Isolation:
    """The best backend that actually starts a process here (probed once per process).

    Raises :class:`SandboxUnavailableError` when neither works and ``allow_unisolated`` is false.
    """
    candidates: tuple[Isolation, ...] = ("bwrap", "unshare")
    for isolation in candidates:
        if isolation_works(isolation):
            return isolation
    if allow_unisolated:
        return "none"
    raise SandboxUnavailableError(
        "no sandbox isolation works on this machine: install bubblewrap (apt-get install -y "
        "bubblewrap) or allow unprivileged user namespaces for `unshare -rn`; to run model code "
        "without isolation anyway (unsafe), set sandbox.allow_unisolated=true"
    )


def isolation_works(isolation: Isolation) -> bool:
    """Whether the sandboxed interpreter starts under ``isolation`` (a real probe run)."""
    if isolation != "none" and shutil.which(isolation) is None:
        return False
    uid = None if isolation == "none" else next_sandbox_uid()
    with sandbox_workdir(uid) as workdir:
        probe = f"import sys; sys.path[:0] = {list(site_dirs())!r}; import networkx"
        launch = build_launch(isolation, workdir, uid, probe)
        try:
            done = subprocess.run(
                launch.argv,
                cwd=launch.cwd,
                env=launch.env,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=30,
            )
        except (OSError, subprocess.TimeoutExpired):
            return False
    return done.returncode == 0


@contextlib.contextmanager
def sandbox_workdir(uid: int | None) -> Iterator[Path]:
    """An empty temporary directory owned by ``uid`` (when given), removed afterwards."""
    workdir = Path(tempfile.mkdtemp(prefix="gralgo-sandbox-"))
    try:
        if uid is not None:
            os.chown(workdir, uid, uid)
        yield workdir
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


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
    """Directories the sandboxed interpreter must read: its prefixes and site-packages."""
    roots = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix, *site_dirs()}
    real = {os.path.realpath(root) for root in roots} | roots
    # Keep only outermost directories (a site-packages inside a prefix adds nothing).
    return tuple(sorted(r for r in real if not any(r != o and r.startswith(o + "/") for o in real)))


def next_sandbox_uid() -> int | None:
    """A fresh unprivileged uid when running as root (its own RLIMIT_NPROC count), else None."""
    if os.geteuid() != 0:
        return None
    return _UID_BASE + next(_uids) % _UID_SPAN


def build_launch(isolation: Isolation, workdir: Path, uid: int | None, bootstrap: str) -> Launch:
    """The command that runs ``bootstrap`` in ``workdir`` under ``isolation`` as ``uid``."""
    interpreter = [sys.executable, "-I", "-S", "-c", bootstrap]
    inner_cwd = SANDBOX_DIR if isolation == "bwrap" else str(workdir)
    env = {**_CLEAN_ENV, "HOME": inner_cwd, "TMPDIR": inner_cwd}
    argv = _wrapper(isolation, str(workdir), uid) + _drop_privileges(uid) + interpreter
    if isolation == "bwrap":
        return Launch(argv, str(workdir), _CLEAN_ENV, isolation)
    return Launch(argv, str(workdir), env, isolation)


def _drop_privileges(uid: int | None) -> list[str]:
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


def _wrapper(isolation: str, workdir: str, uid: int | None) -> list[str]:
    if isolation != "bwrap":
        return list(_fixed_wrapper(isolation))
    return [*_fixed_wrapper(isolation), "--bind", workdir, SANDBOX_DIR]


@functools.lru_cache(maxsize=4)
def _fixed_wrapper(isolation: str) -> tuple[str, ...]:
    """The part of the wrapper command that is the same for every run (computed once)."""
    root = os.geteuid() == 0
    if isolation == "unshare":
        user = [] if root else ["--user", "--map-current-user"]
        return ("unshare", *user, "--net", "--pid", "--ipc", "--uts", "--fork", "--kill-child")
    if isolation != "bwrap":
        return ()
    # As root, bwrap creates the namespaces itself and setpriv drops to ``uid`` afterwards; a
    # user namespace would map the code back to host root, which RLIMIT_NPROC ignores.
    namespaces = [
        "--unshare-net",
        "--unshare-pid",
        "--unshare-ipc",
        "--unshare-uts",
        "--unshare-cgroup-try",
    ]
    if not root:
        namespaces.insert(0, "--unshare-user")
    argv = ["bwrap", *namespaces, "--die-with-parent", "--new-session"]
    for path in _SYSTEM_DIRS:
        argv += ["--ro-bind-try", path, path]
    for path in _SYSTEM_FILES:
        argv += ["--ro-bind-try", path, path]
    for target, link in _SYMLINKS:
        if os.path.islink(link):
            argv += ["--symlink", target, link]
        elif os.path.isdir(link):
            argv += ["--ro-bind", link, link]
    argv += _python_mounts(python_roots())
    argv += [
        "--proc",
        "/proc",
        "--dev",
        "/dev",
        "--perms",
        "1777",
        "--tmpfs",
        "/tmp",
        "--chdir",
        SANDBOX_DIR,
        "--clearenv",
        "--setenv",
        "HOME",
        SANDBOX_DIR,
        "--setenv",
        "TMPDIR",
        SANDBOX_DIR,
    ]
    for key, value in _CLEAN_ENV.items():
        argv += ["--setenv", key, value]
    return tuple(argv)


def _python_mounts(roots: Sequence[str]) -> list[str]:
    """Read-only binds of the Python roots; their parent directories are made world-readable
    empty directories, so a Python under ``/root`` is visible but ``/root`` itself is empty."""
    argv: list[str] = []
    made: set[str] = set()
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
