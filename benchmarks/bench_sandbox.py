"""Sandbox start latency, and the whole sandbox's peak memory and disk under bombs.

Latency: each call is a fresh sandbox (new namespaces, tmpfs, seccomp filter, limits), as the
tool loop uses it; rounds of trivial code and of ``import networkx`` are interleaved; median and
p95 of each. Target: <= 150 ms per trivial call on 2 cores (run it on an idle machine).

Peaks: a memory bomb (3 children each allocating and touching all they can), a tmpfs bomb
(filling /tmp and the work dir) and both at once run with the default limits while a sampler
sums, every 5 ms, the resident memory of every process of the sandbox's uid plus the bytes
held by its tmpfs mounts (``Shmem`` of those processes' memory cgroup is not available
everywhere, so tmpfs is measured from inside: the bomb reports ``statvfs`` used bytes when it
stops). The host's own ``MemAvailable`` drop and any new host disk use are printed too.

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
BOTH = DISK_BOMB.replace("print(used)", "print(used, flush=True)") + MEMORY_BOMB


def _sandbox_rss_bytes() -> int:
    """Resident bytes of every process running as a sandbox uid (root runs)."""
    total = 0
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            text = status.read_text()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in text.splitlines() if ":" in line)
        uid = int(fields.get("Uid", "0").split()[0])
        if 1_500_000 <= uid < 1_600_000 and "VmRSS" in fields:
            total += int(fields["VmRSS"].split()[0]) * 1024
    return total


def _mem_available() -> int:
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1]) * 1024
    return 0


def peak_of(code: str, limits: SandboxLimits) -> tuple[int, int, int, int]:
    """(peak RSS of all sandbox processes, tmpfs bytes reported, host MemAvailable drop, host
    /tmp disk growth) while ``code`` runs."""
    peak = 0
    done = threading.Event()
    available = _mem_available()
    lowest = [available]
    disk = shutil.disk_usage("/tmp").used

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, _sandbox_rss_bytes())
            lowest[0] = min(lowest[0], _mem_available())
            time.sleep(0.005)

    sampler = threading.Thread(target=sample)
    sampler.start()
    try:
        result = run_python(code, limits)
    finally:
        done.set()
        sampler.join()
    lines = [line for line in result.stdout.split() if line.isdigit()]
    tmpfs = int(lines[0]) if lines else 0
    return peak, tmpfs, available - lowest[0], shutil.disk_usage("/tmp").used - disk


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
        f"{limits.process_memory_mb} MiB RLIMIT_AS + 2 tmpfs x {limits.disk_mb} MiB"
    )
    if os.geteuid() != 0:
        print("(peaks need root: the sampler finds the sandbox's processes by their uid)")
        return
    for name, code in (("memory bomb", MEMORY_BOMB), ("tmpfs bomb", DISK_BOMB), ("both", BOTH)):
        peaks = [peak_of(code, limits) for _ in range(3)]
        rss, tmpfs, drop, disk = (max(p[i] for p in peaks) for i in range(4))
        print(
            f"{name}: peak RSS of all processes {rss / mib:.0f} MiB + tmpfs {tmpfs / mib:.0f} MiB"
            f" = {(rss + tmpfs) / mib:.0f} MiB (budget {limits.memory_mb}); host MemAvailable "
            f"drop {drop / mib:.0f} MiB; host /tmp disk growth {disk / mib:.0f} MiB (max of 3)"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
