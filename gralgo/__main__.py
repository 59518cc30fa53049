"""Command line: ``python -m gralgo [+experiment=NAME] [key=value ...]`` (a Hydra app).

Heavy libraries (litellm, mlflow) are imported only by the stages that call models or log runs,
so ``--help``, ``--cfg job`` and dataset builds start fast.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import hydra
from omegaconf import DictConfig, OmegaConf

from gralgo.errors import GralgoError

log = logging.getLogger("gralgo")


# An absolute path: the `gralgo` console script imports this module as gralgo.__main__, for
# which Hydra would read a relative path as a Python package ("conf" is a folder, not one).
CONF_DIR = str(Path(__file__).resolve().parents[1] / "conf")


@hydra.main(version_base=None, config_path=CONF_DIR, config_name="config")
def main(cfg: DictConfig) -> None:
    from gralgo._settings import settings_from_config

    try:
        plain = OmegaConf.to_container(cfg, resolve=True)
        assert isinstance(plain, dict)
        if plain.get("command") == "compare":
            compare(plain)
            return
        settings = settings_from_config(plain)
        if settings.command == "build":
            from gralgo.dataset import build_dataset

            report = build_dataset(settings.dataset, settings.dataset_dir)
            log.info(
                "built %d instances in %.1f s into %s", report.total, report.seconds,
                report.directory,
            )
            print(report.statistics_markdown)
            if settings.dataset_export == "parquet":
                from gralgo.dataset._card import export_parquet

                files = export_parquet(settings.dataset_dir)
                log.info("wrote %d Parquet files into %s", len(files), files[0].parent)
        else:
            from gralgo.evaluate import evaluate

            evaluate(settings)
    except GralgoError as err:
        log.error("%s", err)
        sys.exit(2)


def compare(plain: dict) -> None:
    """``command=compare compare.inputs=[DIR, ...]``: models side by side, with z-scores."""
    from pathlib import Path

    from hydra.core.hydra_config import HydraConfig

    from gralgo.report._compare import collect_instances, write_comparison

    inputs = [Path(p) for p in (plain.get("compare") or {}).get("inputs") or []]
    if not inputs:
        from gralgo.errors import ConfigError

        raise ConfigError("command=compare needs compare.inputs=[job or sweep folders]")
    out = Path(HydraConfig.get().runtime.output_dir) / "comparison"
    written = write_comparison(collect_instances(inputs), out)
    log.info("wrote %d comparison files into %s", len(written), out)
    print((out / "z_scores.md").read_text(encoding="utf-8"))


if __name__ == "__main__":
    main()
