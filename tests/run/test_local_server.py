"""Lifecycle of the embedded model server, with a tiny fake server instead of llama.cpp."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
import urllib.request
from pathlib import Path

import pytest

from gralgo.errors import ConfigError
from gralgo.run import _local_server
from gralgo.run._local_server import (
    LocalLlamaServer,
    LocalServerError,
    LocalServerSettings,
    ensure_gguf,
    llama_server_command,
    server_settings_from_config,
)

# argv: port, startup delay (s), "exit" to die before listening, "ignore-term" to ignore SIGTERM
FAKE_SERVER = textwrap.dedent(
    """
    import http.server, json, signal, sys, time
    port, delay, mode = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
    print("fake server starting", flush=True)
    if mode == "exit":
        print("fatal: cannot load model", flush=True)
        sys.exit(3)
    if mode == "ignore-term":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    time.sleep(delay)

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = json.dumps({"data": [{"id": "fake"}]}).encode()
            code = 200 if self.path == "/v1/models" else 404
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    http.server.HTTPServer(("127.0.0.1", port), Handler).serve_forever()
    """
)


def fake_command(delay: float = 0.0, mode: str = "serve") -> list[str]:
    return [sys.executable, "-c", FAKE_SERVER, "{port}", str(delay), mode]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie still has a PID; it is dead for our purposes.
    stat = Path(f"/proc/{pid}/stat")
    return not (stat.exists() and stat.read_text().split()[2] == "Z")


def make_server(tmp_path: Path, **kwargs: object) -> LocalLlamaServer:
    kwargs.setdefault("command", fake_command())
    return LocalLlamaServer(log_path=tmp_path / "server.log", **kwargs)  # type: ignore[arg-type]


def test_start_waits_until_ready_and_stops_on_exit(tmp_path: Path) -> None:
    server = make_server(tmp_path, command=fake_command(delay=0.5))
    with server as api_base:
        assert api_base == f"http://127.0.0.1:{server.port}/v1"
        assert server.startup_s is not None and server.startup_s >= 0.5
        with urllib.request.urlopen(api_base + "/models", timeout=2) as response:
            assert json.load(response)["data"][0]["id"] == "fake"
        pid = server.pid
        assert pid is not None and alive(pid)
    assert not alive(pid)
    assert server.pid is None
    assert "fake server starting" in (tmp_path / "server.log").read_text()


def test_stopped_when_the_block_raises(tmp_path: Path) -> None:
    server = make_server(tmp_path)
    with pytest.raises(RuntimeError, match="boom"), server:
        pid = server.pid
        raise RuntimeError("boom")
    assert pid is not None and not alive(pid)


def test_stopped_on_keyboard_interrupt(tmp_path: Path) -> None:
    server = make_server(tmp_path)
    with pytest.raises(KeyboardInterrupt), server:
        pid = server.pid
        raise KeyboardInterrupt
    assert pid is not None and not alive(pid)


def test_early_exit_raises_with_log_tail(tmp_path: Path) -> None:
    server = make_server(tmp_path, command=fake_command(mode="exit"))
    with pytest.raises(LocalServerError, match="exited with code 3") as info:
        server.start()
    assert "fatal: cannot load model" in str(info.value)
    assert server.pid is None


def test_startup_timeout_kills_the_process(tmp_path: Path) -> None:
    server = make_server(tmp_path, command=fake_command(delay=30), startup_timeout_s=0.5)
    started = time.monotonic()
    with pytest.raises(LocalServerError, match="did not answer .* within 0.5 s"):
        server.start()
    assert time.monotonic() - started < 10
    assert server.pid is None and not _local_server._LIVE


def test_sigkill_after_grace_when_sigterm_is_ignored(tmp_path: Path) -> None:
    server = make_server(tmp_path, command=fake_command(mode="ignore-term"), stop_grace_s=0.3)
    server.start()
    pid = server.pid
    assert pid is not None
    server.stop()
    assert not alive(pid)
    server.stop()  # idempotent


def test_server_dies_with_a_killed_parent(tmp_path: Path) -> None:
    """kill -9 of the gralgo process must not leave the server running (PR_SET_PDEATHSIG)."""
    if not sys.platform.startswith("linux"):
        pytest.skip("PR_SET_PDEATHSIG is Linux-only")
    pid_file = tmp_path / "pid"
    script = textwrap.dedent(
        f"""
        import sys, time
        from pathlib import Path
        from gralgo.run._local_server import LocalLlamaServer
        log = Path({str(tmp_path)!r}) / "s.log"
        server = LocalLlamaServer(command={fake_command()!r}, log_path=log)
        server.start()
        Path({str(pid_file)!r}).write_text(str(server.pid))
        time.sleep(60)
        """
    )
    parent = subprocess.Popen([sys.executable, "-c", script], cwd=Path(__file__).parents[2])
    try:
        deadline = time.monotonic() + 20
        while not pid_file.exists() or not pid_file.read_text():
            assert time.monotonic() < deadline, "parent never started the server"
            assert parent.poll() is None, "parent died early"
            time.sleep(0.05)
        child = int(pid_file.read_text())
        assert alive(child)
        parent.send_signal(signal.SIGKILL)
        parent.wait()
        deadline = time.monotonic() + 5
        while alive(child) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not alive(child)
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_server_stopped_when_parent_gets_ctrl_c_or_sigterm(tmp_path: Path, sig: int) -> None:
    pid_file = tmp_path / "pid"
    script = textwrap.dedent(
        f"""
        import time
        from pathlib import Path
        from gralgo.run._local_server import LocalLlamaServer
        log = Path({str(tmp_path)!r}) / "s.log"
        with LocalLlamaServer(command={fake_command()!r}, log_path=log):
            import gralgo.run._local_server as m
            Path({str(pid_file)!r}).write_text(str(next(iter(m._LIVE.values())).pid))
            time.sleep(60)
        """
    )
    parent = subprocess.Popen([sys.executable, "-c", script], cwd=Path(__file__).parents[2])
    try:
        deadline = time.monotonic() + 20
        while not pid_file.exists() or not pid_file.read_text().isdigit():
            assert time.monotonic() < deadline, "parent never started the server"
            assert parent.poll() is None, "parent died early"
            time.sleep(0.05)
        child = int(pid_file.read_text())
        parent.send_signal(sig)
        code = parent.wait(timeout=15)
        assert code != 0
        assert not alive(child)
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()


def test_missing_llama_cpp_names_the_setup_command(tmp_path: Path, monkeypatch) -> None:
    real_find_spec = _local_server.importlib.util.find_spec
    monkeypatch.setattr(
        _local_server.importlib.util,
        "find_spec",
        lambda name, *a: None if name == "llama_cpp" else real_find_spec(name, *a),
    )
    with pytest.raises(ConfigError, match="install_local_model.sh"):
        LocalLlamaServer(log_path=tmp_path / "s.log").start()


def test_missing_weights_package_names_the_field(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"model\.server\.gguf_package.*install_local_model"):
        ensure_gguf("no_such_gguf_package_xyz", tmp_path)


def test_gguf_assembled_once_then_reused(tmp_path: Path, monkeypatch) -> None:
    """A fake weights package: assembled on first use, reused (no rewrite) afterwards."""
    pkg = tmp_path / "pkg" / "fake_weights"
    pkg.mkdir(parents=True)
    (pkg / "chunk").write_bytes(b"GGUF" * 10)
    (pkg / "__init__.py").write_text(
        textwrap.dedent(
            """
            from pathlib import Path
            MODEL_NAME = "fake.gguf"
            CALLS = []
            def chunk_paths():
                return [Path(__file__).with_name("chunk")]
            def assemble(path, overwrite=False):
                CALLS.append(path)
                Path(path).write_bytes(chunk_paths()[0].read_bytes())
                return Path(path)
            """
        )
    )
    monkeypatch.syspath_prepend(str(pkg.parent))
    import fake_weights  # type: ignore[import-not-found]

    cache = tmp_path / "cache"
    first = ensure_gguf("fake_weights", cache)
    assert first == cache / "fake.gguf" and first.read_bytes() == b"GGUF" * 10
    assert ensure_gguf("fake_weights", cache) == first
    assert len(fake_weights.CALLS) == 1
    first.write_bytes(b"torn")  # a damaged copy is rebuilt
    ensure_gguf("fake_weights", cache)
    assert len(fake_weights.CALLS) == 2 and first.read_bytes() == b"GGUF" * 10
    assert sorted(p.name for p in cache.iterdir()) == ["fake.gguf", "fake.gguf.verified"]


def test_a_killed_assembly_leaves_no_partial_file(tmp_path: Path, monkeypatch) -> None:
    """An assembly killed with SIGKILL leaves its .partial file; the next start removes it."""
    pkg = tmp_path / "pkg" / "slow_weights"
    pkg.mkdir(parents=True)
    (pkg / "chunk").write_bytes(b"GGUF" * 10)
    (pkg / "__init__.py").write_text(
        textwrap.dedent(
            """
        import time
        from pathlib import Path
        MODEL_NAME = "slow.gguf"
        def chunk_paths():
            return [Path(__file__).with_name("chunk")]
        def assemble(path, overwrite=False):
            Path(path).write_bytes(b"GG")
            if Path(__file__).with_name("hang").exists():
                print("WRITING", flush=True)
                time.sleep(60)
            Path(path).write_bytes(chunk_paths()[0].read_bytes())
            return Path(path)
        """
        )
    )
    (pkg / "hang").touch()
    cache = tmp_path / "cache"
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); from gralgo.run._local_server import "
        "ensure_gguf; ensure_gguf('slow_weights', __import__('pathlib').Path(sys.argv[2]))"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", code, str(pkg.parent), str(cache)], stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None and child.stdout.readline().strip() == "WRITING"
    child.kill()
    child.wait(timeout=10)
    assert [p.name for p in cache.glob("*.partial")] == [f"slow.gguf.{child.pid}.partial"]
    (pkg / "hang").unlink()
    monkeypatch.syspath_prepend(str(pkg.parent))
    assert ensure_gguf("slow_weights", cache).read_bytes() == b"GGUF" * 10
    assert sorted(p.name for p in cache.iterdir()) == ["slow.gguf", "slow.gguf.verified"]


def test_llama_command_and_settings_from_config(tmp_path: Path) -> None:
    cfg = {
        "server": {
            "kind": "llama_cpp",
            "gguf_package": "p",
            "chat_format": "gemma",
            "n_ctx": 4096,
            "n_threads": 3,
        }
    }
    settings = server_settings_from_config(cfg)
    assert settings == LocalServerSettings(gguf_package="p", n_ctx=4096, n_threads=3)
    # request keys hold this identity: pinned, so a refactor cannot re-key stored samples
    assert settings.endpoint_id == "local:llama_cpp:p:gemma:4096"
    argv = llama_server_command(tmp_path / "m.gguf", settings)
    assert argv[:3] == [sys.executable, "-m", "llama_cpp.server"]
    joined = " ".join(argv)
    assert "--n_ctx 4096" in joined and "--n_threads 3" in joined
    assert "--chat_format gemma" in joined and "--port {port}" in joined
    assert server_settings_from_config({"name": "remote"}) is None
    with pytest.raises(ConfigError, match="model.server: unknown field"):
        server_settings_from_config({"server": {"gpu_layers": 3}})
    with pytest.raises(ConfigError, match="model.server.kind"):
        server_settings_from_config({"server": {"kind": "vllm"}})
