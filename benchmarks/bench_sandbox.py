"""Time one sandboxed run of trivial code: isolation set-up + interpreter start + exit.

Each call is a fresh sandbox (new namespaces, empty working directory, limits), as the tool loop
uses it. Target: <= 150 ms per call on 2 cores. Run: ``python benchmarks/bench_sandbox.py [N]``.
"""

from __future__ import annotations

import statistics
import sys
import time

from gralgo.sandbox import detect_isolation, run_python


def main(calls: int = 50) -> None:
    isolation = detect_isolation()
    run_python("pass")  # warm the page cache
    times: list[float] = []
    for _ in range(calls):
        start = time.perf_counter()
        result = run_python("print(sum(range(10)))")
        times.append(time.perf_counter() - start)
        assert result.ok and result.stdout == "45\n", result
    networkx = []
    for _ in range(max(5, calls // 10)):
        start = time.perf_counter()
        assert run_python("import networkx").ok
        networkx.append(time.perf_counter() - start)
    ms = sorted(1000 * t for t in times)
    q = statistics.quantiles(ms, n=20)
    print(f"isolation={isolation} calls={calls}")
    print(
        f"trivial code, ms: min {ms[0]:.1f}  median {statistics.median(ms):.1f}  "
        f"p90 {q[17]:.1f}  p95 {q[18]:.1f}  max {ms[-1]:.1f}  (target <= 150)"
    )
    print(f"import networkx, ms: median {1000 * statistics.median(networkx):.1f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50)
