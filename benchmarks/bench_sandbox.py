"""Sandbox start latency, and the whole sandbox's peak memory and disk under bombs.

Latency: each call is a fresh sandbox (new namespaces, tmpfs, seccomp filter, limits), as the
tool loop uses it; rounds of trivial code and of ``import networkx`` are interleaved; median and
p95 of each. Target: <= 150 ms per trivial call on 2 cores (run it on an idle machine).

Peaks: a memory bomb (3 children each allocating and touching all they can), a tmpfs bomb
(filling /tmp and the work dir), both at once, and a socket bomb (4 processes filling every
socket they can open: loopback TCP, unix pairs with raised buffers, ends passed in flight;
the kernel memory charged to them is reported from inside) run with the default limits (3 runs
each, the largest peak printed) while a sampler sums, every 5 ms, the resident memory of every
process of the run's own uid; the tmpfs bytes are measured from inside (the bomb reports
``statvfs`` used bytes when its writes stop). The host's ``MemAvailable`` drop and the growth of
host disk use under /tmp are printed too (both also move with other jobs on a shared machine).

Run: ``python benchmarks/bench_sandbox.py [ROUNDS]`` (as root: the sampler finds the sandbox by
its uid).
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import threading
import time
from pathlib import Path

from gralgo.sandbox import SandboxLimits, detect_isolation, run_python

MEMORY_BOMB = """
import os, time
print('uid', os.getuid(), flush=True)
def grab():
    blocks = []
    try:
        while True:
            b = bytearray(8 * 2**20)
            blocks.append(b)
    except MemoryError:
        pass
    time.sleep(0.5)
for _ in range(3):
    if os.fork() == 0:
        grab(); os._exit(0)
for _ in range(3):
    os.wait()
"""
DISK_BOMB = """
import os
print('uid', os.getuid(), flush=True)
used = 0
for where in ('/tmp', '/sandbox'):
    n = 0
    try:
        while True:
            with open(f'{where}/f{n}', 'wb') as f:
                f.write(b'x' * 2**20)
            n += 1
    except OSError:
        pass
    fs = os.statvfs(where)
    used += (fs.f_blocks - fs.f_bfree) * fs.f_frsize
print(used)
"""
SOCKET_BOMB = """
import fcntl, os, socket, struct, termios, time
print('uid', os.getuid(), flush=True)
def queued(sock, request):
    return struct.unpack('i', fcntl.ioctl(sock.fileno(), request, bytes(4)))[0]
def fill(sock):
    sock.setblocking(False)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 2**30)
    except OSError:
        pass
    try:
        while True:
            sock.send(bytes(65536))
    except OSError:
        pass
    return queued(sock, termios.TIOCOUTQ)
def bomb():
    keep, held = [], 0
    try:  # loopback TCP (refused by the filter)
        server = socket.socket()
        server.bind(('127.0.0.1', 0))
        server.listen(64)
        keep.append(server)
        while True:
            client = socket.create_connection(server.getsockname())
            keep += [client, server.accept()[0]]
            held += fill(client) + queued(keep[-1], termios.FIONREAD)
    except OSError:
        pass
    try:  # unix socket pairs, both ends filled, one end passed in flight and closed
        carrier = socket.socketpair()
        carrier[0].setblocking(False)
        while True:
            pair = socket.socketpair()
            keep += pair
            held += fill(pair[0]) + fill(pair[1])
            try:
                socket.send_fds(carrier[0], [b'x'], [pair[1].fileno()])
                keep.pop().close()
            except OSError:
                pass
    except OSError:
        pass
    print(held, flush=True)
    time.sleep(0.5)
for _ in range(3):
    if os.fork() == 0:
        bomb(); os._exit(0)
bomb()
for _ in range(3):
    os.wait()
"""
BOTH = DISK_BOMB.replace("print(used)", "print(used, flush=True)") + MEMORY_BOMB.replace(
    "print('uid', os.getuid(), flush=True)", ""
)


def _sandbox_rss_bytes() -> dict[int, int]:
    """Resident bytes per sandbox uid (root runs): other gralgo processes on the machine use the
    same uid range, so each run is measured by its own uid."""
    totals: dict[int, int] = {}
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            text = status.read_text()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in text.splitlines() if ":" in line)
        uid = int(fields.get("Uid", "0").split()[0])
        if 1_500_000 <= uid < 1_600_000 and "VmRSS" in fields:
            totals[uid] = totals.get(uid, 0) + int(fields["VmRSS"].split()[0]) * 1024
    return totals


def _mem_available() -> int:
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1]) * 1024
    return 0


def peak_of(code: str, limits: SandboxLimits) -> tuple[int, int, int, int]:
    """(peak RSS of all sandbox processes, bytes reported from inside (tmpfs use, or socket
    buffers), host MemAvailable drop, host /tmp disk growth) while ``code`` runs."""
    peaks: dict[int, int] = {}
    done = threading.Event()
    available = _mem_available()
    lowest = [available]
    disk = shutil.disk_usage("/tmp").used

    def sample() -> None:
        while not done.is_set():
            for uid, rss in _sandbox_rss_bytes().items():
                peaks[uid] = max(peaks.get(uid, 0), rss)
            lowest[0] = min(lowest[0], _mem_available())
            time.sleep(0.005)

    sampler = threading.Thread(target=sample)
    sampler.start()
    try:
        result = run_python(code, limits)
    finally:
        done.set()
        sampler.join()
    words = result.stdout.split()
    uid = int(words[1])
    inside = sum(int(word) for word in words[2:] if word.isdigit())
    return peaks.get(uid, 0), inside, available - lowest[0], shutil.disk_usage("/tmp").used - disk


def main(rounds: int = 40) -> None:
    isolation = detect_isolation()
    run_python("pass")  # warm the page cache
    trivial: list[float] = []
    networkx: list[float] = []
    for _ in range(rounds):
        for times, code in ((trivial, "print(sum(range(10)))"), (networkx, "import networkx")):
            start = time.perf_counter()
            result = run_python(code)
            times.append(1000 * (time.perf_counter() - start))
            assert result.ok, result
    print(f"isolation={isolation} rounds={rounds} (interleaved)")
    for name, times in (("trivial code", trivial), ("import networkx", networkx)):
        p95 = statistics.quantiles(times, n=20)[18]
        print(f"{name}, ms: median {statistics.median(times):.1f}  p95 {p95:.1f}")
    limits = SandboxLimits()
    mib = 2**20
    print(
        f"budget: memory_mb={limits.memory_mb} = {limits.max_processes} processes x "
        f"{limits.process_memory_mb} MiB RLIMIT_AS + 2 tmpfs x {limits.disk_mb} MiB + "
        f"{limits.kernel_buffer_mb} MiB socket/pipe buffers (bound)"
    )
    if os.geteuid() != 0:
        print("(peaks need root: the sampler finds the sandbox's processes by their uid)")
        return
    bombs = (
        ("memory bomb", MEMORY_BOMB, "tmpfs"),
        ("tmpfs bomb", DISK_BOMB, "tmpfs"),
        ("both", BOTH, "tmpfs"),
        ("socket bomb", SOCKET_BOMB, "socket buffers"),
    )
    for name, code, what in bombs:
        peaks = [peak_of(code, limits) for _ in range(3)]
        rss, inside, drop = (max(p[i] for p in peaks) for i in range(3))
        disk = min(p[3] for p in peaks)  # other jobs write to /tmp too: the least is ours
        print(
            f"{name}: peak RSS of all processes {rss / mib:.0f} MiB + {what} "
            f"{inside / mib:.0f} MiB = {(rss + inside) / mib:.0f} MiB (budget "
            f"{limits.memory_mb}); host MemAvailable drop {drop / mib:.0f} MiB; host /tmp disk "
            f"growth {disk / mib:.0f} MiB (min of 3)"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
