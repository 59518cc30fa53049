"""The offline study demo: three stub models of set skills in one sweep, then the study page.

``python -m gralgo.testing.demo_study [--outputs DIR]`` starts the loopback stub, gives it the
right answers of a small slice and a skill per model (the share of prompts each answers right),
runs ``gralgo -m`` over the three models (no key, no network), and prints where the study page
is and the ``gralgo view`` command that lists the jobs. Nothing is paid; a real run differs only
in ``model=...``.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from gralgo.testing._stub_client import FAKE_KEY, FAKE_KEY_ENV, start_stub, stop_stub

CONF = Path(__file__).resolve().parents[2] / "conf"
DEMO_SKILLS: dict[str, float] = {"stub-strong": 0.9, "stub-mid": 0.6, "stub-weak": 0.3}
"""Model name -> share of prompts it answers right."""
DEMO_SLICE: tuple[str, ...] = (
    "task=[max_degree,mst_weight,diameter]", "level=[1,2]", "dataset.per_level=8", "sampling.k=2",
)  # fmt: skip


def right_answers(root: Path, overrides: Sequence[str]) -> dict[str, str]:
    """Prompt -> ``\\boxed{<expected>}`` for the edge-list prompts of the slice ``overrides``
    (the dataset the jobs build under ``root/cache``, built here first)."""
    from hydra import compose, initialize_config_dir
    from omegaconf import OmegaConf

    from gralgo.evaluate import load_instances
    from gralgo.settings import settings_from_config

    with initialize_config_dir(config_dir=str(CONF), version_base=None):
        cfg = compose("config", overrides=[
            f"paths.outputs={root / 'outputs'}", f"paths.cache={root / 'cache'}",
            "model=openai_compatible", "model.name=stub", "model.api_base=http://127.0.0.1:9",
            "mlflow.enabled=false", *overrides,
        ])  # fmt: skip
    plain = OmegaConf.to_container(cfg, resolve=True)
    assert isinstance(plain, dict)
    instances = load_instances(settings_from_config({str(k): v for k, v in plain.items()}))
    return {
        i.prompts["edge_list"].text: f"\\boxed{{{i.prompts['edge_list'].answer}}}"
        for i in instances
    }


def sweep_command(api_base: str, root: Path, skills: Mapping[str, float],
                  overrides: Sequence[str], extra: Sequence[str] = ()) -> list[str]:  # fmt: skip
    """The ``gralgo -m`` command line of the demo sweep."""
    return [
        sys.executable, "-m", "gralgo", "-m", "model=openai_compatible",
        f"model.api_base={api_base}", f"model.api_key_env={FAKE_KEY_ENV}",
        "model.name=" + ",".join(skills), *overrides,
        f"paths.outputs={root / 'outputs'}", f"paths.cache={root / 'cache'}",
        f"hydra.sweep.dir={root / 'outputs' / 'multirun' / 'demo'}", *extra,
    ]  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gralgo.testing.demo_study",
                                     description=__doc__.split("\n\n")[0])  # fmt: skip
    parser.add_argument("--root", default="demo", help="folder for outputs and cache (./demo)")
    parser.add_argument("--mlflow", action="store_true", help="log MLflow runs too")
    args = parser.parse_args(argv)
    root = Path(args.root).expanduser().resolve()
    stub = start_stub()
    try:
        stub.control(answers=right_answers(root, DEMO_SLICE), skills=DEMO_SKILLS)
        extra = [] if args.mlflow else ["mlflow.enabled=false"]
        command = sweep_command(stub.api_base, root, DEMO_SKILLS, DEMO_SLICE, extra)
        import os

        status = subprocess.call(command, env={**os.environ, FAKE_KEY_ENV: FAKE_KEY})
    finally:
        stop_stub(stub)
    study = root / "outputs" / "multirun" / "demo" / "comparison" / "study.html"
    print(f"demo: study page {study}" if study.is_file() else "demo: no study page was written")
    print(f"demo: every job on one page: gralgo view {root / 'outputs'}")
    return status


if __name__ == "__main__":
    sys.exit(main())
