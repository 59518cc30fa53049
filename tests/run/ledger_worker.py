"""One of N identical processes sharing a ledger (used by the concurrency tests and benchmark).

``python ledger_worker.py API_BASE LEDGER N K CONCURRENCY LEASE_S GO_FILE [CLIENT]`` (LEDGER: a
file or a ``postgresql://`` URL; CLIENT: ``litellm``, the default, or ``direct``, which does not
import litellm): imports everything, prints ``READY``, waits until ``GO_FILE``
exists (so all workers start together), runs the ``N`` stub requests ``K`` times each, and
prints one JSON line with its report (``todo``: the samples it still needed when it opened the
ledger; after SIGTERM/SIGINT ``"interrupted": true``,
exit status 4).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's gralgo

from gralgo.errors import RunInterrupted  # noqa: E402
from gralgo.ledger import open_ledger  # noqa: E402
from gralgo.run._litellm_response import load_litellm  # noqa: E402
from gralgo.run._runner import run_samples_sync  # noqa: E402
from gralgo.testing import make_requests  # noqa: E402


def main() -> None:
    api_base, ledger_path, n, k, conc, lease_s, go_file = sys.argv[1:8]
    client = sys.argv[8] if len(sys.argv) > 8 else "litellm"
    if client == "litellm":
        load_litellm()
    requests = make_requests(api_base, int(n))
    print("READY", flush=True)
    while not Path(go_file).exists():
        time.sleep(0.01)
    t0 = time.perf_counter()
    try:
        with open_ledger(ledger_path) as ledger:  # a file, or a postgresql:// server ledger
            # what this worker still needs when it opens the ledger: a late starter finds some
            # samples already stored by the others and leaves them out
            todo = ledger.missing(requests, int(k))
            report = run_samples_sync(
                todo, ledger, max_concurrency=int(conc),
                max_attempts=3, timeout_s=30, failure_budget=0.5, lease_s=float(lease_s),
                client=client,
            )  # fmt: skip
    except RunInterrupted as err:
        print(json.dumps({"interrupted": True, "message": str(err)}), flush=True)
        sys.exit(4)
    print(json.dumps({
        "todo": len(todo), "done": report.done, "calls": report.calls_made,
        "done_elsewhere": report.done_elsewhere,
        "failed": report.failed, "elapsed_s": time.perf_counter() - t0,
    }), flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
