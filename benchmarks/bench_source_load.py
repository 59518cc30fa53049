"""Time each embedded source: first parse (cold cache) vs. cached load.

Usage: ``python benchmarks/bench_source_load.py`` (uses a temporary cache directory).
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

import yaml

from gralgo.graphs.sources import SourceConfig, load_source

CONF_DIR = Path(__file__).resolve().parents[1] / "conf" / "source"


def main() -> None:
    print(f"{'source':18s} {'nodes':>7s} {'edges':>7s} {'parse ms':>9s} {'cached ms':>9s}")
    with tempfile.TemporaryDirectory() as tmp:
        for path in sorted(CONF_DIR.glob("*.yaml")):
            if path.stem == "all":
                continue
            config = SourceConfig.from_dict(path.stem, yaml.safe_load(path.read_text("utf-8")))
            start = time.perf_counter()
            graph = load_source(config, Path(tmp))
            parsed = time.perf_counter() - start
            start = time.perf_counter()
            load_source(config, Path(tmp))
            cached = time.perf_counter() - start
            print(
                f"{config.name:18s} {graph.n_nodes:7d} {graph.n_edges:7d} "
                f"{parsed * 1000:9.1f} {cached * 1000:9.1f}"
            )


if __name__ == "__main__":
    main()
