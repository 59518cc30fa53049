"""Hostile code is contained, reported as a tool error, and changes nothing on the host."""

from __future__ import annotations

import os
import socket
import threading
import time
from pathlib import Path

import pytest

from gralgo.sandbox import SandboxLimits, SandboxUnavailableError, detect_isolation, run_python

try:
    ISOLATION = detect_isolation()
except SandboxUnavailableError:  # pragma: no cover - depends on the machine
    ISOLATION = None

pytestmark = pytest.mark.skipif(ISOLATION is None, reason="no sandbox isolation on this machine")

# Small limits keep the bombs cheap on a shared machine.
TIGHT = SandboxLimits(
    wall_time_s=4, cpu_time_s=2, memory_mb=256, max_processes=8, max_output_bytes=4096
)


def test_trivial_code_runs_with_networkx_and_stdlib() -> None:
    result = run_python("import networkx as nx, json\nprint(json.dumps(nx.path_graph(4).size()))")
    assert result.ok, result.stderr
    assert result.stdout == "3\n"
    assert result.isolation == ISOLATION


def test_exception_is_a_tool_error_with_traceback() -> None:
    result = run_python("def f():\n    raise KeyError('x')\nf()")
    assert result.error == "exit_status" and result.exit_code == 1
    assert "KeyError" in result.stderr and "<tool>" in result.stderr
    assert "[tool error: exit_status" in result.as_tool_output()


def sandbox_processes() -> list[int]:
    """Pids of live processes running as a sandbox uid (root runs) or under bwrap's init."""
    found = []
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            fields = dict(line.split(":", 1) for line in status.read_text().splitlines())
        except (OSError, ValueError):
            continue
        uid = int(fields.get("Uid", "0").split()[0])
        if 1_500_000 <= uid < 1_600_000:
            found.append(int(status.parent.name))
    return found


def test_fork_bomb_is_stopped_by_the_process_limit() -> None:
    code = (
        "import os, time\n"
        "n = 0\n"
        "while True:\n"
        "    try:\n"
        "        os.fork(); n += 1\n"
        "    except OSError:\n"
        "        print('fork refused', flush=True); time.sleep(0.2); os._exit(3)\n"
    )
    result = run_python(code, TIGHT)
    assert result.error is not None
    assert "fork refused" in result.stdout
    assert result.duration_s < TIGHT.wall_time_s + 2
    if os.geteuid() == 0:  # every forked child died with the sandbox
        deadline = time.monotonic() + 5
        while sandbox_processes() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert sandbox_processes() == []


def test_memory_bomb_hits_the_address_space_limit() -> None:
    result = run_python("blocks = []\nwhile True:\n    blocks.append(bytearray(16 * 2**20))", TIGHT)
    assert result.error == "memory"


def test_infinite_loop_hits_the_cpu_limit() -> None:
    result = run_python("while True:\n    pass", TIGHT)
    assert result.error in ("cpu_time", "timeout")
    assert result.duration_s < TIGHT.wall_time_s + 2


def test_sleeping_code_hits_the_wall_clock_limit() -> None:
    result = run_python("import time\ntime.sleep(60)", SandboxLimits(wall_time_s=1))
    assert result.error == "timeout"
    assert result.duration_s < 3


def test_huge_output_is_capped_and_stopped() -> None:
    result = run_python("while True:\n    print('x' * 1000)", TIGHT)
    assert result.error == "output_limit" and result.truncated
    assert len(result.stdout) <= TIGHT.max_output_bytes


def test_no_network_to_loopback_or_elsewhere() -> None:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    server.settimeout(3)
    port = server.getsockname()[1]
    accepted: list[object] = []

    def accept() -> None:
        try:
            accepted.append(server.accept())
        except OSError:
            pass

    waiter = threading.Thread(target=accept)
    waiter.start()
    code = (
        "import errno, socket\n"
        "print(sorted(name for _, name in socket.if_nameindex()))\n"
        f"for host, port in (('127.0.0.1', {port}), ('192.0.2.1', 80), ('8.8.8.8', 53)):\n"
        "    s = socket.socket(); s.settimeout(2)\n"
        "    try:\n"
        "        s.connect((host, port)); print('CONNECTED', host)\n"
        "    except OSError as e:\n"
        "        print(host, errno.errorcode.get(e.errno, e.errno))\n"
        "socket.getaddrinfo('example.com', 80)\n"
    )
    result = run_python(code)
    waiter.join()
    server.close()
    assert accepted == []
    assert "CONNECTED" not in result.stdout
    # The namespace has only its own loopback: the host's listener is unreachable (refused by
    # the sandbox's loopback), and other addresses have no route, so nothing is ever sent.
    assert result.stdout.splitlines()[0] == "['lo']"
    assert "192.0.2.1 ENETUNREACH" in result.stdout
    assert "8.8.8.8 ENETUNREACH" in result.stdout
    assert "127.0.0.1 ECONNREFUSED" in result.stdout
    assert result.error == "exit_status" and "gaierror" in result.stderr


def test_parent_environment_and_home_are_invisible(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("GRALGO_SANDBOX_CANARY", "sk-secret-canary")
    canary = tmp_path / "canary.txt"
    canary.write_text("host secret")
    home_cache = Path.home() / ".cache"
    code = (
        "import os\n"
        "print(sorted(os.environ))\n"
        f"for path in ({str(canary)!r}, {str(home_cache)!r}, '/proc/1/environ', "
        f"'/proc/{os.getpid()}/environ'):\n"
        "    try:\n"
        "        data = open(path, 'rb').read() if not os.path.isdir(path) else os.listdir(path)\n"
        "        print('READ', path, data)\n"
        "    except OSError as e:\n"
        "        print('DENIED', path, type(e).__name__)\n"
    )
    result = run_python(code)
    assert result.ok, result.stderr
    assert "sk-secret-canary" not in result.stdout + result.stderr
    assert "host secret" not in result.stdout
    assert f"DENIED {canary}" in result.stdout
    assert f"DENIED {home_cache}" in result.stdout
    assert sorted(eval(result.stdout.splitlines()[0])) == sorted(  # noqa: S307 - our own output
        ["HOME", "LANG", "PATH", "PWD", "PYTHONUTF8", "TMPDIR"]
    )


def test_writes_outside_the_work_dir_fail_and_leave_the_host_unchanged(tmp_path: Path) -> None:
    targets = [
        tmp_path / "escape.txt",
        Path.home() / "gralgo-escape.txt",
        Path(os.__file__).parent / "gralgo-escape.py",
        Path("/usr/gralgo-escape"),
        Path("/gralgo-escape"),
    ]
    code = (
        "import os\n"
        "open('inside.txt', 'w').write('ok'); print('INSIDE ok')\n"
        f"for path in {[str(t) for t in targets]!r} + ['../escape']:\n"
        "    try:\n"
        "        open(path, 'w').write('x'); print('WROTE', path)\n"
        "    except OSError as e:\n"
        "        print('DENIED', path, type(e).__name__)\n"
    )
    result = run_python(code)
    assert result.ok, result.stderr
    assert "INSIDE ok" in result.stdout and "WROTE" not in result.stdout.replace("/tmp/", "")
    for target in targets:
        assert not target.exists(), target


def test_killing_the_parent_is_impossible() -> None:
    code = (
        "import os, signal\n"
        f"for pid in ({os.getpid()}, {os.getppid()}, 1):\n"
        "    try:\n"
        "        os.kill(pid, signal.SIGKILL); print('KILLED', pid)\n"
        "    except OSError as e:\n"
        "        print('DENIED', pid, type(e).__name__)\n"
        "os.kill(-1, signal.SIGKILL)\n"
    )
    result = run_python(code)
    # The test process is alive to read this; kill(-1) reaches only the sandbox itself.
    assert f"DENIED {os.getpid()}" in result.stdout
    assert result.error is not None


def test_ctypes_tricks_gain_nothing() -> None:
    code = (
        "import ctypes, os\n"
        "libc = ctypes.CDLL(None, use_errno=True)\n"
        "print('setuid', libc.setuid(0), os.getuid() != 0)\n"
        "print('unshare', libc.unshare(0x40000000))\n"  # CLONE_NEWNS
        "print('mount', libc.mount(b'none', b'/usr', b'tmpfs', 0, None))\n"
        "print('ptrace', libc.ptrace(16, 1, None, None), flush=True)\n"  # PTRACE_ATTACH to pid 1
        "ctypes.string_at(0)\n"
    )
    result = run_python(code, TIGHT)
    assert "setuid -1 True" in result.stdout
    assert "mount -1" in result.stdout
    assert result.error == "crashed" and result.signal == 11


def test_fails_closed_without_isolation(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # neither bwrap nor unshare can be found
    detect = detect_isolation.__wrapped__  # type: ignore[attr-defined]
    with pytest.raises(SandboxUnavailableError, match="allow_unisolated"):
        detect(False)
    assert detect(True) == "none"


def test_detached_children_die_with_the_sandbox() -> None:
    code = (
        "import os, time\n"
        "for _ in range(4):\n"
        "    if os.fork() == 0:\n"
        "        os.setsid(); time.sleep(1000)\n"
        "print('parent leaves', flush=True)\n"
    )
    result = run_python(code, TIGHT)
    assert "parent leaves" in result.stdout
    assert result.duration_s < TIGHT.wall_time_s + 2
    if os.geteuid() == 0:
        deadline = time.monotonic() + 5
        while sandbox_processes() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert sandbox_processes() == []
