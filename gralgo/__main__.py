"""Command line: ``python -m gralgo [+experiment=NAME] [key=value ...]`` (a Hydra app), and
``gralgo view [OUTPUTS]``, the run viewer (``gralgo.view``: every job and sweep on one page).

Heavy libraries (litellm, mlflow) are imported only by the stages that call models or log runs,
so ``--help``, ``--cfg job`` and dataset builds start fast.

Exit status: 0 done; 2 a configuration or user error (one line says which key to fix), or a
full disk while writing reports or the MLflow store (one line; re-run once there is space);
3 incomplete (the run stopped early, or samples are missing or errored: re-run to resume);
4 interrupted by SIGTERM/SIGINT in any phase (the replies in flight were received and kept,
the claims released, the MLflow run marked KILLED: re-run to resume); 5 submitted (batch
mode with ``run.batch.wait=false``: run the same command again to collect). In a ``-m``
sweep every job runs; the sweep then exits 2 or 3 listing the failed jobs (an interrupted
sweep stops at once with 4). A batch-mode sweep with ``run.batch.wait=true`` submits every
job's batches, waits for all at its end and collects each job then (``gralgo.batch_sweep``).
"""

from __future__ import annotations

import logging
import os
import secrets
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

# Before anything loads numpy: OpenBLAS starts a thread per core when it loads (0.1 s of CPU on
# 2 cores, more on many) for matrix products far too small to share (bootstrap intervals); one
# thread unless the user chose otherwise. The processes gralgo starts inherit it.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import hydra  # noqa: E402
from omegaconf import DictConfig, OmegaConf  # noqa: E402

import gralgo.config  # noqa: F401, E402  (registers the schema in Hydra's ConfigStore)
from gralgo.errors import (  # noqa: E402
    BatchSubmitted,
    GralgoError,
    IncompleteRunError,
    RunInterrupted,
)

if TYPE_CHECKING:
    from gralgo.settings import AppSettings

log = logging.getLogger("gralgo")

EXIT_CONFIG = 2
"""A configuration or user error."""
EXIT_INCOMPLETE = 3
"""The run did not produce every sample (stopped early, missing or errored samples)."""
EXIT_INTERRUPTED = 4
"""SIGTERM or SIGINT stopped the run (what was received is kept; re-run to resume)."""
EXIT_SUBMITTED = 5
"""Batch mode with ``run.batch.wait=false``: batches submitted, still running; run the same
command again to collect."""
# ``${run_suffix:}`` in hydra.run.dir / hydra.sweep.dir: fixed for this process, different for
# every other, so jobs started in the same second never share an output folder.
RUN_SUFFIX = f"{os.getpid() % 100000:05d}{secrets.token_hex(2)}"
if not OmegaConf.has_resolver("run_suffix"):
    OmegaConf.register_new_resolver("run_suffix", lambda: RUN_SUFFIX)


# An absolute path: the `gralgo` console script imports this module as gralgo.__main__, for
# which Hydra would read a relative path as a Python package ("conf" is a folder, not one).
CONF_DIR = str(Path(__file__).resolve().parents[1] / "conf")


@hydra.main(version_base=None, config_path=CONF_DIR, config_name="config")
def main(cfg: DictConfig) -> None:
    from omegaconf.errors import OmegaConfBaseException

    from gralgo.config import config_error

    settings: AppSettings | None = None
    try:
        try:
            raw = OmegaConf.to_container(cfg, resolve=True)
        except OmegaConfBaseException as exc:  # e.g. ${oc.env:VAR} with VAR unset
            raise config_error(exc) from None
        assert isinstance(raw, dict)
        plain = {str(key): value for key, value in raw.items()}  # top-level keys are names
        if plain.get("command") == "compare":
            compare(plain)
            return
        if plain.get("command") == "audit":
            audit(plain)
            return
        if plain.get("command") == "analyze":
            analyze(plain)
            return
        settings = checked_settings(plain)
        if settings.command == "build":
            from gralgo.dataset import build_dataset

            report = build_dataset(settings.dataset, settings.dataset_dir)
            log.info(
                "built %d instances in %.1f s into %s",
                report.total,
                report.seconds,
                report.directory,
            )
            print(report.statistics_markdown)
            if settings.dataset_export == "parquet":
                from gralgo.dataset import export_parquet

                files = export_parquet(settings.dataset_dir)
                log.info("wrote %d Parquet files into %s", len(files), files[0].parent)
        else:
            from gralgo.batch_sweep import sweep_job_settings
            from gralgo.evaluate import evaluate

            settings = sweep_job_settings(settings)  # a batch sweep's job: submit, then return
            result = evaluate(settings)
            if not result.complete and result.status is not None:
                raise IncompleteRunError(result.status.cause())
    except RunInterrupted as err:
        log.error("%s", err)
        sys.exit(EXIT_INTERRUPTED)  # a sweep stops too: the signal was meant for the process
    except IncompleteRunError as err:
        log.error("%s", err)
        fail(EXIT_INCOMPLETE, err)
    except BatchSubmitted as err:
        from gralgo.batch_sweep import leave_to_sweep

        if leave_to_sweep(err, settings):  # the sweep's end waits for it and collects the job
            log.info("%s; the sweep waits for every job's batches at its end", err)
            return
        if err.job:  # a job's batches (a judge's message says how to collect already)
            import shlex

            command = shlex.join(["python", "-m", "gralgo", *sys.argv[1:]])
            err = BatchSubmitted(f"{err}; collect with the same command: {command}")
        log.warning("%s", err)
        print(f"gralgo: {err}", file=sys.stderr)
        fail(EXIT_SUBMITTED, err)
    except GralgoError as err:
        log.error("%s", err)
        fail(EXIT_CONFIG, err)
    except OSError as err:
        import errno

        if err.errno not in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
            raise
        # A full disk (or quota) while writing reports, artifacts or the MLflow store: every
        # reply is in the ledger already; the next run writes what is missing.
        where = f" writing {err.filename}" if err.filename else ""
        message = (
            f"no space left on the device{where} ({err.strerror or err}): free space (or set "
            "paths.outputs / mlflow.tracking_uri elsewhere) and run the same command again; "
            "every reply is kept in the ledger and nothing is called again"
        )
        log.error("%s", message)
        fail(EXIT_CONFIG, OSError(message))


def fail(status: int, err: Exception) -> None:
    """Exit with ``status``; inside a sweep, record the failure so the other jobs still run."""
    from hydra.core.hydra_config import HydraConfig
    from hydra.types import RunMode

    if HydraConfig.initialized() and HydraConfig.get().mode == RunMode.MULTIRUN:
        from pathlib import Path

        from gralgo.tracking import FailedJob, record_failure

        hydra_cfg = HydraConfig.get()
        output_dir = Path(hydra_cfg.runtime.output_dir)
        record_failure(
            output_dir, FailedJob(f"#{hydra_cfg.job.num} ({output_dir})", status, str(err))
        )
        return
    sys.exit(status)


def cli(argv: list[str] | None = None) -> None:
    """Check the command line (secrets, keys, types), run the Hydra app, report failed jobs."""
    from gralgo.config import check_command_line, check_composed

    args = sys.argv[1:] if argv is None else argv
    if any(arg in ("-sc", "--shell-completion") for arg in args):
        main()  # Hydra's tab completion (install / query): no job, nothing to check or write
        return
    if args[:1] == ["view"]:  # the run viewer is no Hydra job: it writes no run folder
        from gralgo.view import view_main

        sys.exit(view_main(args[1:]))
    args = [batch_shorthand(arg) for arg in args]
    if argv is None:
        sys.argv[1:] = args
    try:
        try:
            check_command_line(args)
            check_composed(args, checked_settings, check_run_paths)
            if not any(arg in ("-m", "--multirun") for arg in args):  # one run, not a sweep
                check_before_work()
                if dry_run_before_hydra():
                    return
        except GralgoError as err:
            print(f"gralgo: error: {err}", file=sys.stderr)
            sys.exit(EXIT_CONFIG)
        main()
    finally:
        _CHECKED.clear()
    from gralgo.tracking import FAILED_JOBS

    if FAILED_JOBS:
        lines = [f"  job {f.job}: exit {f.status}: {f.cause}" for f in FAILED_JOBS]
        print(
            "\n".join([f"gralgo: {len(FAILED_JOBS)} sweep job(s) failed:", *lines]), file=sys.stderr
        )
        sys.exit(min(f.status for f in FAILED_JOBS))


_CHECKED: list[tuple[dict[str, Any], AppSettings]] = []
"""The config the command-line check typed (a copy) and its settings, for the run after it."""


def check_before_work() -> None:
    """A single run's key and endpoint, checked once its settings are typed and before Hydra
    writes anything or the dataset is built (``gralgo.evaluate.check_before_work``)."""
    if not _CHECKED:
        return
    from gralgo.evaluate import check_before_work as check

    check(_CHECKED[-1][1])


def dry_run_before_hydra() -> bool:
    """A single evaluation's dry run, planned and printed before Hydra makes a run folder (it
    writes nothing but the dataset it plans for); whether it ran."""
    if not _CHECKED:
        return False
    settings = _CHECKED[-1][1]
    if settings.command != "evaluate" or not settings.dry_run:
        return False
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    from gralgo.evaluate import dry_run

    dry_run(settings)
    return True


def checked_settings(plain: dict[str, Any]) -> AppSettings:
    """The typed settings of ``plain``: the check's own when the run's config is the same (typed
    once per command line, not twice: ~0.1 s of CPU)."""
    import copy

    from gralgo.settings import settings_from_config

    for seen, settings in _CHECKED:
        if seen == plain:
            return settings
    settings = settings_from_config(plain)
    _CHECKED[:] = [(copy.deepcopy(plain), settings)]
    return settings


def check_run_paths(settings: object, overrides: list[str]) -> None:
    """``mode=tool``: no path the job reads or writes (dataset, outputs, ledger, MLflow store
    and artifacts, cache, run folder) may be one the sandbox shows to model code; checked
    before Hydra writes ``.hydra/*.yaml`` and ``gralgo.log``."""
    from gralgo.settings import AppSettings

    if not isinstance(settings, AppSettings) or settings.mode.name != "tool":
        return
    from gralgo.evaluate import check_sandbox_paths

    dirs = []
    for text in overrides:
        key, _, value = text.lstrip("+").partition("=")
        if key in ("hydra.run.dir", "hydra.sweep.dir") and value:
            dirs.append(Path(value).expanduser())
    check_sandbox_paths(settings, dirs)


def batch_shorthand(arg: str) -> str:
    """``run.batch=on`` (or off/true/false) means ``run.batch.enabled=on``; so does
    ``analyze.batch=on``."""
    key, sep, value = arg.partition("=")
    switch = key.lstrip("+~") in ("run.batch", "analyze.batch")
    if sep and switch and value.lower() in ("on", "off", "true", "false"):
        return f"{key}.enabled={value}"
    return arg


def compare(plain: dict[str, Any]) -> None:
    """``command=compare compare.inputs=[DIR, ...]``: models side by side, with z-scores."""
    from pathlib import Path

    from hydra.core.hydra_config import HydraConfig

    from gralgo.report import NoResultsError, collect_instances, skipped_jobs, write_comparison

    inputs = [Path(p).expanduser() for p in (plain.get("compare") or {}).get("inputs") or []]
    if not inputs:
        from gralgo.errors import ConfigError

        raise ConfigError("command=compare needs compare.inputs=[job or sweep folders]")
    skipped = skipped_jobs(inputs)
    for note in skipped:
        log.warning("compare: %s", note)
    try:
        instances = collect_instances(inputs)
    except NoResultsError as err:
        raise NoResultsError("; ".join([str(err), *skipped])) from None
    out = Path(HydraConfig.get().runtime.output_dir) / "comparison"
    written = write_comparison(instances, out)
    log.info("wrote %d comparison files into %s", len(written), out)
    print((out / "z_scores.md").read_text(encoding="utf-8"))
    print(f"study page (leaderboard, paired comparisons): {(out / 'study.html').resolve()}")
    if skipped:
        print(f"left out or in part ({len(skipped)}):\n" + "\n".join(f"  {n}" for n in skipped))


def audit(plain: dict[str, Any]) -> None:
    """``command=audit dataset.dir=DIR``: validity rules, guessing baselines; exit 1 if broken."""
    from pathlib import Path

    from hydra.core.hydra_config import HydraConfig

    from gralgo.dataset import audit_dataset
    from gralgo.errors import ConfigError

    directory = (plain.get("dataset") or {}).get("dir")
    if not directory:
        raise ConfigError("command=audit needs dataset.dir=DIR (a built dataset)")
    from gralgo.settings import settings_from_config

    out = Path(HydraConfig.get().runtime.output_dir) / "audit"
    held = plain.get("audit") or {}
    spec = settings_from_config(plain).dataset  # the sources and task settings to build with
    heldout = (
        spec,
        int(held.get("heldout_seed", 20261206)),
        int(held.get("heldout_per_level", 20)),
    )
    report = audit_dataset(Path(directory).expanduser(), out, heldout=heldout)
    print(report.markdown())
    log.info("audit written to %s", out)
    if not report.ok:
        sys.exit(1)


def analyze(plain: dict[str, Any]) -> None:
    """``command=analyze analysis=NAME analyze.inputs=[JOB, ...] judge=MODEL``."""
    from pathlib import Path

    from hydra.core.hydra_config import HydraConfig

    from gralgo.analysis import run_analysis
    from gralgo.settings import analyze_settings_from_config

    out = Path(HydraConfig.get().runtime.output_dir) / "analysis"
    result = run_analysis(analyze_settings_from_config(plain, out))
    print(result.summary.read_text(encoding="utf-8"))
    reasons = [r for r in (result.incomplete, result.insufficient) if r is not None]
    if reasons:
        raise IncompleteRunError(
            f"analysis {result.output_dir}: {'; '.join(reasons)}; partial results written"
        )


def exit_code(stop: SystemExit) -> int:
    """The status ``sys.exit(stop.code)`` would give (a message is printed, then 1)."""
    if stop.code is None:
        return 0
    if isinstance(stop.code, int):
        return stop.code
    print(stop.code, file=sys.stderr)
    return 1


def exit_without_teardown(status: int) -> None:
    """End the process as ``sys.exit`` would, less the interpreter's teardown.

    Other threads are waited for and every ``atexit`` handler runs (MLflow, logging), and the
    standard streams are flushed; only the freeing of every object and module at shutdown, which
    takes seconds after a job (most of a minute's objects, freed one by one), is skipped. Every
    file the job writes is closed by then. Under a profiler or a tracer (``python -m cProfile
    -m gralgo``, a debugger, coverage) it is ``sys.exit``: they write their results after the
    program returns.
    """
    import atexit
    import threading

    if sys.getprofile() is not None or sys.gettrace() is not None:
        sys.exit(status)

    # As the interpreter's own shutdown does, in its order: the threading exit hooks (they tell
    # idle executor workers to stop) and the join of every non-daemon thread, then atexit.
    getattr(threading, "_shutdown")()  # noqa: B009  (private, but exactly Py_FinalizeEx's step)
    atexit._run_exitfuncs()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)


def console() -> None:
    """The ``gralgo`` command: exactly ``python -m gralgo`` (the command-line checks, ``gralgo
    view``, then the Hydra app). It was the Hydra app alone, which skipped every check made
    before Hydra writes (secrets, keys, paths) and knew no ``view``."""
    try:
        cli()
    except SystemExit as stop:
        exit_without_teardown(exit_code(stop))
    exit_without_teardown(0)


if __name__ == "__main__":
    console()
