"""Run untrusted Python code once, isolated and limited, and report what it did."""

from __future__ import annotations

import logging
import os
import selectors
import signal
import subprocess
import time

from gralgo.sandbox._bootstrap import bootstrap_source
from gralgo.sandbox._cgroup import CgroupUnavailableError, SandboxCgroup, probe_parent
from gralgo.sandbox._isolation import (
    Launch,
    build_launch,
    detect_isolation,
    memory_cgroup_mode,
    next_sandbox_uid,
)
from gralgo.sandbox._limits import (
    Isolation,
    MemoryCgroup,
    SandboxLimits,
    SandboxResult,
    ToolError,
)

log = logging.getLogger(__name__)
_CHUNK = 65_536


def run_python(
    code: str, limits: SandboxLimits | None = None, isolation: Isolation | None = None
) -> SandboxResult:
    """Run ``code`` in a fresh sandbox (empty tmpfs work dir, no network, no environment).

    Blocking; call it through ``asyncio.to_thread`` from async code. Raises
    :class:`SandboxUnavailableError` when no acceptable backend works; everything the code itself
    does (crash, timeout, bombs, a tree no one could delete) comes back as ``result.error``.
    Nothing the code writes reaches the host's disk: its only writable places are tmpfs mounts
    that vanish with the sandbox. ``isolation`` forces a backend (tests). The run has a memory
    cgroup of its own, limited to ``memory_mb`` (``result.memory_cgroup`` says which kind; a run
    the kernel stopped at that limit is a ``memory`` error), removed afterwards.
    """
    limits = limits or SandboxLimits()
    isolation = isolation or detect_isolation(limits.allow_unisolated)
    memory = memory_cgroup_mode(limits.allow_no_memory_cgroup)
    try:
        group = None if memory == "none" else SandboxCgroup.create(probe_parent(), limits.memory_mb)
    except OSError as error:  # e.g. too many cgroups: a tool error, the code does not run
        log.warning("sandbox memory cgroup could not be made: %s", error)
        message = f"sandbox could not start: memory cgroup: {error}"
        return SandboxResult("", message, None, None, "crashed", False, 0.0, isolation, memory)
    bootstrap = bootstrap_source(limits)
    procs = None if group is None else group.procs
    launch = build_launch(isolation, limits, next_sandbox_uid(), bootstrap, procs)
    try:
        return _supervise(launch, code, limits, group)
    finally:
        for fd in launch.pass_fds:
            os.close(fd)
        if group is not None:
            try:
                group.remove()
            except (OSError, CgroupUnavailableError) as error:  # never into the runner
                log.error("sandbox memory cgroup %s not removed: %s", group.path, error)


def _supervise(
    launch: Launch, code: str, limits: SandboxLimits, group: SandboxCgroup | None
) -> SandboxResult:
    memory: MemoryCgroup = "none" if group is None else group.version
    started = time.monotonic()
    try:
        process = subprocess.Popen(
            launch.argv,
            cwd="/",
            env=launch.env,
            pass_fds=launch.pass_fds,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
            close_fds=True,
        )
    except OSError as start_error:  # the sandbox could not start (EAGAIN, ENOMEM): a tool error
        log.warning("sandbox could not start: %s", start_error)
        message = f"sandbox could not start: {start_error}"
        return SandboxResult(
            "", message, None, None, "crashed", False, 0.0, launch.isolation, memory
        )
    assert process.stdin and process.stdout and process.stderr
    try:
        process.stdin.write(code.encode("utf-8", "surrogatepass"))
        process.stdin.close()
    except BrokenPipeError:
        pass
    buffers = {process.stdout: bytearray(), process.stderr: bytearray()}
    truncated = timed_out = False
    deadline = started + limits.wall_time_s
    with selectors.DefaultSelector() as selector:
        for stream in buffers:
            selector.register(stream, selectors.EVENT_READ)
        while selector.get_map():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                timed_out = True
                break
            for key, _ in selector.select(remaining):
                chunk = os.read(key.fd, _CHUNK)
                if not chunk:
                    selector.unregister(key.fileobj)
                    continue
                buffer = buffers[key.fileobj]  # type: ignore[index]
                buffer += chunk
                if len(buffer) > limits.max_output_bytes:
                    truncated = True
            if truncated:
                break
    if timed_out or truncated:
        _kill(process)
    try:
        status = process.wait(timeout=max(0.1, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:
        timed_out = True
        _kill(process)
        status = process.wait()
    for stream in buffers:
        stream.close()
    duration = time.monotonic() - started
    out, err = (bytes(buffers[s][: limits.max_output_bytes]) for s in buffers)
    stderr = err.decode("utf-8", "replace")
    exit_code, sig = (None, -status) if status < 0 else (status, None)
    if status > 128 and sig is None:
        # bwrap reports a child killed by signal N as exit status 128 + N.
        exit_code, sig = None, status - 128
    oom = group is not None and group.oom_kills() > 0
    error = _classify(exit_code, sig, stderr, timed_out, truncated, oom)
    return SandboxResult(
        stdout=out.decode("utf-8", "replace"),
        stderr=stderr,
        exit_code=exit_code,
        signal=sig,
        error=error,
        truncated=truncated,
        duration_s=duration,
        isolation=launch.isolation,
        memory_cgroup=memory,
    )


def _kill(process: subprocess.Popen[bytes]) -> None:
    """SIGKILL the wrapper's process group; bwrap takes the PID namespace down with it."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _classify(
    exit_code: int | None,
    sig: int | None,
    stderr: str,
    timed_out: bool,
    truncated: bool,
    oom: bool = False,
) -> ToolError | None:
    if oom:  # the kernel killed a process at the cgroup's limit (whatever happened after)
        return "memory"
    if timed_out:
        return "timeout"
    if truncated:
        return "output_limit"
    if sig == signal.SIGXCPU:
        return "cpu_time"
    if "MemoryError" in stderr:
        return "memory"
    if sig is not None:
        return "crashed"
    if exit_code != 0:
        return "exit_status"
    return None
