"""Write design/data-figures.md: the figures design/data.md cites, measured on fresh builds.

    python scripts/data_figures.py [--seeds 0 5 20261206] [--out design/data-figures.md]

Builds the default dataset (+experiment=build_dataset, edge_list prompts) and the long-context
dataset (+experiment=long_context) at each seed into a temporary folder, then renders every
figure with gralgo.dataset._figures. About 40 s of CPU per seed on an idle core.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # this checkout's gralgo, not an installed one


def spec_for(*overrides: str):  # type: ignore[no-untyped-def]
    """The dataset spec the command line builds for ``overrides`` (as the CLI composes it)."""
    from hydra import compose, initialize_config_dir
    from omegaconf import OmegaConf

    from gralgo.settings import settings_from_config

    with initialize_config_dir(config_dir=str(REPO / "conf"), version_base=None):
        cfg = compose("config", overrides=list(overrides))
    plain = OmegaConf.to_container(cfg, resolve=True)
    return settings_from_config(plain).dataset  # type: ignore[arg-type]


def main() -> None:
    from gralgo.dataset import build_dataset, load_sources, read_instances
    from gralgo.dataset._figures import (
        FIGURE_SEEDS,
        FIGURES_FILE,
        PER_LEVEL,
        SeedBuild,
        figures_markdown,
    )

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=list(FIGURE_SEEDS))
    parser.add_argument("--out", type=Path, default=REPO / FIGURES_FILE)
    args = parser.parse_args()
    builds = []
    sizes: dict[str, int] = {}
    with tempfile.TemporaryDirectory(prefix="data-figures-") as tmp:
        for seed in args.seeds:
            common = [f"dataset.seed={seed}", "dataset.formats=[edge_list]"]
            spec = spec_for("+experiment=build_dataset", f"dataset.per_level={PER_LEVEL}", *common)
            sizes.update({name: s.n_nodes for name, s in load_sources(spec).items()})
            load = os.getloadavg()[0]
            started = time.perf_counter()
            build_dataset(spec, Path(tmp) / f"standard-{seed}")
            seconds = time.perf_counter() - started
            long_spec = spec_for("+experiment=long_context", *common)
            build_dataset(long_spec, Path(tmp) / f"long-{seed}")
            builds.append(
                SeedBuild(
                    seed,
                    read_instances(Path(tmp) / f"standard-{seed}"),
                    read_instances(Path(tmp) / f"long-{seed}"),
                    seconds,
                    load,
                )
            )
            print(f"seed {seed}: built in {seconds:.1f} s (load {load:.1f})", file=sys.stderr)
    seeds = " ".join(map(str, args.seeds))
    command = "python scripts/data_figures.py" + (
        "" if tuple(args.seeds) == FIGURE_SEEDS else f" --seeds {seeds}"
    )
    args.out.write_text(figures_markdown(builds, command, sizes), encoding="utf-8")
    print(f"wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
