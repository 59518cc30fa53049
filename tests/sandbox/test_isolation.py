"""The backend's exact command line, backend choice (fail closed), and what may be visible."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from gralgo.sandbox import SandboxLimits, SandboxUnavailableError, detect_isolation
from gralgo.sandbox._isolation import (
    SANDBOX_ENV,
    bwrap_argv,
    check_hidden,
    drop_privileges,
    python_roots,
)

MERGED_USR = all(os.path.islink(p) for p in ("/bin", "/lib", "/sbin"))


@pytest.mark.skipif(not MERGED_USR, reason="expected list written for a merged-/usr system")
@pytest.mark.parametrize("user_namespace", [False, True])
def test_bwrap_command_line_is_exactly_this(user_namespace: bool) -> None:
    limits = SandboxLimits(disk_mb=8)
    argv = bwrap_argv(["/opt/py root/3.11", "/tmp/venv x"], limits, user_namespace, 7)
    lib64 = ["--symlink", "usr/lib64", "/lib64"] if os.path.islink("/lib64") else []
    expected = [
        "bwrap",
        *(["--unshare-user"] if user_namespace else []),
        *("--unshare-net --unshare-pid --unshare-ipc --unshare-uts --unshare-cgroup-try").split(),
        "--die-with-parent",
        "--new-session",
        *("--perms 1777 --size 8388608 --tmpfs /tmp").split(),
        *("--perms 1777 --size 8388608 --tmpfs /sandbox").split(),
        *("--ro-bind-try /usr /usr --ro-bind-try /etc/alternatives /etc/alternatives").split(),
        *("--ro-bind-try /etc/ld.so.cache /etc/ld.so.cache").split(),
        *("--ro-bind-try /etc/localtime /etc/localtime").split(),
        *("--symlink usr/bin /bin --symlink usr/lib /lib").split(),
        *lib64,
        *("--symlink usr/sbin /sbin").split(),
        *("--perms 0755 --dir /opt --perms 0755 --dir").split(),
        "/opt/py root",
        "--ro-bind",
        "/opt/py root/3.11",
        "/opt/py root/3.11",
        "--ro-bind",
        "/tmp/venv x",
        "/tmp/venv x",
        *("--proc /proc --dev /dev --remount-ro /dev --remount-ro / --chdir /sandbox").split(),
        "--clearenv",
        *("--setenv PATH /usr/local/bin:/usr/bin:/bin --setenv LANG C.UTF-8").split(),
        *("--setenv PYTHONUTF8 1 --setenv HOME /sandbox --setenv TMPDIR /tmp").split(),
        *("--setenv OMP_NUM_THREADS 1 --setenv OPENBLAS_NUM_THREADS 1").split(),
        *("--setenv MKL_NUM_THREADS 1 --seccomp 7").split(),
    ]
    assert argv == expected
    assert len(SANDBOX_ENV) == 8
    # Without a filter fd (the opt-in weaker backend) only --seccomp goes.
    assert (
        bwrap_argv(["/opt/py root/3.11", "/tmp/venv x"], limits, user_namespace, None)
        == (expected[:-2])
    )


def test_privilege_drop_is_exactly_this() -> None:
    assert drop_privileges(None) == []
    assert drop_privileges(1_500_001) == [
        "setpriv",
        "--reuid=1500001",
        "--regid=1500001",
        "--clear-groups",
        "--bounding-set=-all",
        "--inh-caps=-all",
        "--no-new-privs",
        "--",
    ]


def test_without_bubblewrap_nothing_runs_even_when_unisolated_is_allowed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # bwrap cannot be found; unshare is not used
    (tmp_path / "unshare").symlink_to("/usr/bin/unshare")
    detect = detect_isolation.__wrapped__  # type: ignore[attr-defined]
    for allow in (False, True):
        with pytest.raises(SandboxUnavailableError, match="apt-get install -y bubblewrap"):
            detect(allow)


def test_without_the_filter_bwrap_is_refused_unless_allowed_and_then_warned(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from gralgo.sandbox import _isolation, _seccomp

    if not _isolation.shutil.which("bwrap"):
        pytest.skip("bubblewrap not installed")

    def missing() -> bytes:
        raise _seccomp.SeccompUnavailableError("libseccomp is not installed")

    monkeypatch.setattr(_isolation, "seccomp_program", missing)
    detect = detect_isolation.__wrapped__  # type: ignore[attr-defined]
    with pytest.raises(SandboxUnavailableError, match="allow_unisolated=true"):
        detect(False)
    with caplog.at_level("WARNING", logger="gralgo.sandbox._isolation"):
        assert detect(True) == "bwrap-nofilter"
    assert "WITHOUT the seccomp filter" in caplog.text


def test_only_the_interpreter_tree_is_visible_and_data_paths_are_checked(tmp_path: Path) -> None:
    roots = python_roots()
    assert (
        sys.prefix in roots
        or os.path.realpath(sys.prefix) in roots
        or any(sys.prefix.startswith(r + "/") for r in roots)
    )
    for root in roots:  # never the root, home or current directory, nor anything holding them
        for guarded in ("/", str(Path.home()), os.getcwd()):
            assert not (guarded + "/").startswith(root.rstrip("/") + "/")
    check_hidden([tmp_path, Path.cwd(), Path.home() / "data"])
    with pytest.raises(SandboxUnavailableError, match="shows to model code"):
        check_hidden([Path(roots[0]) / "dataset"])
    with pytest.raises(SandboxUnavailableError, match="shows to model code"):
        check_hidden(["/usr/share/gralgo-data"])


def test_the_launcher_enters_the_memory_cgroup_before_bwrap() -> None:
    from gralgo.sandbox._isolation import build_launch

    launch = build_launch("bwrap-nofilter", SandboxLimits(), None, "pass", "/cg/x/cgroup.procs")
    assert launch.argv[:6] == [
        "/bin/sh",
        "-c",
        'echo $$ > "$1" && shift && exec "$@"',
        "sh",
        "/cg/x/cgroup.procs",
        "bwrap",
    ]
    assert build_launch("bwrap-nofilter", SandboxLimits(), None, "pass").argv[0] == "bwrap"
