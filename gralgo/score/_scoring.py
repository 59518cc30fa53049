"""Score a table of samples, reduce it to instances, and aggregate instances into groups.

Input of :func:`score_samples` — one row per (instance, model, sample index), columns:

==============  ==================================================================================
instance_id     dataset instance id
model           model name as reported (litellm string or display name)
task            task name (``max_degree``, ``mst``, ...)
taxonomy        ``enumeration`` / ``exploration`` / ``intuition``
complexity      ``easy`` / ``medium`` / ``hard``
level           graph-size level, 1..6
format          graph serialisation the prompt used
context         ``standard`` or a long-context variant (``4k``, ...)
sample_index    0..k-1 within the request; defines the order used by cons@k's tie rule
answer_text     the answer content (never the reasoning); ``None``/NaN when absent
finish_reason   provider finish reason (``stop``, ``length``, ...) or ``None``
error_class     exception class name when the call failed, else ``None``/NaN/empty
expected        the expected answer, in the prompt's format (a node label or an integer)
answer_kind     the task's answer kind (``integer``, ``node``, or a kind a task defines)
==============  ==================================================================================

Answers are read by the task that owns them (``gralgo.tasks.answer_owner``: the registered task
of that name, else the default rules of ``answer_kind``): its ``normalize_answer`` and ``check``.

An instance is identified by :data:`INSTANCE_KEYS` (the same dataset instance asked of another
model, format or context is another instance). Errors never count as wrong (see
:mod:`gralgo.score._outcome`); an instance whose samples all failed is *incomplete*: it has no
pass@k / cons@k / accuracy and is counted in ``n_incomplete`` instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
import pandas as pd

from gralgo.errors import GralgoError
from gralgo.score._baselines import CELL_KEYS, GUESS_COLUMNS, guess_scores
from gralgo.score._extract import extract_boxed
from gralgo.score._metrics import bootstrap_ci, pass_at_k_array
from gralgo.score._outcome import OUTCOMES, Outcome, classify_outcome
from gralgo.score._splits import HARD, PAPER, SPLITS_COLUMN, in_split
from gralgo.seeding import stable_seed
from gralgo.tasks import Task, answer_owner

INSTANCE_KEYS: tuple[str, ...] = (
    "model",
    "task",
    "taxonomy",
    "complexity",
    "level",
    "format",
    "context",
    "instance_id",
)
SAMPLE_COLUMNS: tuple[str, ...] = (
    *INSTANCE_KEYS,
    "sample_index",
    "answer_text",
    "finish_reason",
    "error_class",
    "expected",
    "answer_kind",
)
OUTCOME_COUNT_COLUMNS: tuple[str, ...] = tuple(f"n_{outcome}" for outcome in OUTCOMES)
METRIC_COLUMNS: tuple[str, ...] = ("pass_at_k", "cons_at_k", "accuracy")
CLUSTER_COLUMN = "overlap_cluster"
"""Optional per-instance id (the dataset's ``provenance["overlap_cluster"]``): instances of a
cell with the same id overlap heavily and are resampled together (:func:`aggregate`)."""
RESAMPLES_COLUMN = "bootstrap_resamples"
"""Optional per-instance count of bootstrap resamples its job drew its intervals with: a study
or comparison of saved instances draws each group's interval with the same count
(:func:`aggregate`), so a cell shows the interval its job showed."""
HARD_COLUMNS: tuple[str, ...] = ("hard_n_instances", *(f"hard_{m}" for m in METRIC_COLUMNS))
"""What :func:`aggregate` reports of the ``hard`` split (NaN scores when it has no instance)."""


class ScoringInputError(GralgoError, ValueError):
    """A samples / instances table that scoring cannot use (missing columns, duplicates...)."""


def _require(table: pd.DataFrame, columns: Sequence[str], what: str) -> None:
    missing = [col for col in columns if col not in table.columns]
    if missing:
        raise ScoringInputError(
            f"{what} is missing columns {missing}; it needs {list(columns)} "
            "(see gralgo.score._scoring for their meaning)"
        )


def _text_or_none(value: object) -> str | None:
    return value if isinstance(value, str) and value != "" else None


def boxed_answer(text: object) -> str | None:
    """The raw content of an answer text's last ``\\boxed{}``; ``None`` without one (or text).

    A samples table may carry this as ``extracted`` instead of ``answer_text`` (e.g. read with
    ``gralgo.results.read_samples(..., answer_text=boxed_answer)``)."""
    return extract_boxed(_text_or_none(text))


def score_samples(samples: pd.DataFrame) -> pd.DataFrame:
    """Add ``extracted`` (raw boxed text), ``answer`` and ``expected_answer`` (normalised),
    ``outcome`` (an :class:`Outcome` value) and ``correct`` (bool) to a copy of ``samples``.

    Raises :class:`ScoringInputError` for missing columns, an unknown ``answer_kind`` (or one
    that is not its task's), a missing expected answer, or a repeated (instance, sample index).
    """
    pre_extracted = "answer_text" not in samples.columns and "extracted" in samples.columns
    required = [c for c in SAMPLE_COLUMNS if not (pre_extracted and c == "answer_text")]
    _require(samples, required, "the samples table")
    owners = _answer_owners(samples["task"].tolist(), samples["answer_kind"].tolist())
    if samples["expected"].isna().any():
        raise ScoringInputError("some samples have no expected answer (column 'expected')")
    repeated = samples.duplicated([*INSTANCE_KEYS, "sample_index"])
    if repeated.any():
        first = samples.loc[repeated, ["model", "instance_id", "sample_index"]].iloc[0].tolist()
        raise ScoringInputError(
            f"{int(repeated.sum())} repeated (instance, sample_index) rows, e.g. {first}; "
            "deduplicate the ledger export before scoring"
        )

    if pre_extracted:  # boxed answers taken while reading (see boxed_answer): no answer texts
        extracted = [raw if isinstance(raw, str) else None for raw in samples["extracted"]]
    else:
        extracted = [boxed_answer(text) for text in samples["answer_text"].tolist()]
    answers = [
        None if raw is None else owner.normalize_answer(raw)
        for raw, owner in zip(extracted, owners, strict=True)
    ]
    expected = [
        owner.normalize_answer(str(value))
        for value, owner in zip(samples["expected"].tolist(), owners, strict=True)
    ]
    outcomes = [
        classify_outcome(
            answer, exp, _text_or_none(finish), _text_or_none(error), check=owner.check
        ).value
        for answer, exp, finish, error, owner in zip(
            answers,
            expected,
            samples["finish_reason"].tolist(),
            samples["error_class"].tolist(),
            owners,
            strict=True,
        )
    ]
    scored = samples.copy()
    scored["extracted"] = pd.Series(extracted, index=samples.index, dtype=object)
    scored["answer"] = pd.Series(answers, index=samples.index, dtype=object)
    scored["expected_answer"] = pd.Series(expected, index=samples.index, dtype=object)
    scored["outcome"] = pd.Categorical(outcomes, categories=[o.value for o in OUTCOMES])
    scored["correct"] = scored["outcome"].to_numpy(dtype=object) == Outcome.CORRECT.value
    return scored


def _answer_owners(tasks: list[object], kinds: list[object]) -> list[type[Task]]:
    """Per row, the task class that reads its answers (looked up once per task and kind)."""
    looked_up: dict[tuple[object, object], type[Task]] = {}
    owners = []
    for task, kind in zip(tasks, kinds, strict=True):
        key = (task, kind)
        if key not in looked_up:
            try:
                looked_up[key] = answer_owner(str(task), str(kind))
            except ValueError as exc:
                raise ScoringInputError(str(exc)) from None
        owners.append(looked_up[key])
    return owners


def _majority_answers(
    group: np.ndarray, sample_index: np.ndarray, answers: pd.Series, n_groups: int
) -> np.ndarray:
    """Per group, the answer with most votes; ties -> earliest first vote; ``None`` if no vote."""
    voters = pd.DataFrame({"group": group, "index": sample_index, "answer": answers.to_numpy()})
    voters = voters[voters["answer"].notna()]
    majority = np.full(n_groups, None, dtype=object)
    if voters.empty:
        return majority
    tally = voters.groupby(["group", "answer"], sort=False).agg(
        votes=("index", "size"), first=("index", "min")
    )
    tally = tally.reset_index().sort_values(
        ["group", "votes", "first"], ascending=[True, False, True], kind="stable"
    )
    winners = tally.drop_duplicates("group", keep="first")
    majority[winners["group"].to_numpy()] = winners["answer"].to_numpy()
    return majority


def instance_metrics(scored: pd.DataFrame, k: int) -> pd.DataFrame:
    """One row per instance: outcome counts, pass@k, cons@k, accuracy, majority answer.

    ``n_success`` = samples without error; pass@k and accuracy use all of them (see
    :mod:`gralgo.score._metrics`). cons@k votes among the samples with ``sample_index < k``, so
    re-scoring 8 samples at ``k=4`` uses samples 0-3. Metrics are ``NaN`` and ``incomplete`` is
    true for an instance with no successful sample.
    """
    if k < 1:
        raise ScoringInputError(f"k must be >= 1, got {k}")
    _require(
        scored,
        (*INSTANCE_KEYS, "sample_index", "answer", "expected_answer", "outcome"),
        "the scored table (from score_samples)",
    )
    keys = list(INSTANCE_KEYS)
    group = scored.groupby(keys, sort=True, dropna=False).ngroup().to_numpy()
    n_groups = int(group.max()) + 1 if len(group) else 0
    first_row = pd.Series(np.arange(len(group))).groupby(group).min().to_numpy()
    out = scored.iloc[first_row][keys].reset_index(drop=True)

    expected = scored["expected_answer"].to_numpy(dtype=object)
    if (expected != expected[first_row][group]).any():
        raise ScoringInputError("an instance has samples with different expected answers")
    out["expected_answer"] = expected[first_row]
    # optional: the report's random-guess and heuristic baselines, splits and overlap clusters
    for column in ("answer_kind", "n_nodes", "heuristics", SPLITS_COLUMN, CLUSTER_COLUMN):
        if column in scored.columns:
            out[column] = scored[column].to_numpy()[first_row]

    codes = pd.Categorical(scored["outcome"], categories=[o.value for o in OUTCOMES]).codes
    if (codes < 0).any():
        raise ScoringInputError(f"unknown outcome values; expected {[o.value for o in OUTCOMES]}")
    counts = np.zeros((n_groups, len(OUTCOMES)), dtype=np.int64)
    np.add.at(counts, (group, codes), 1)
    for position, column in enumerate(OUTCOME_COUNT_COLUMNS):
        out[column] = counts[:, position]
    out["n_samples"] = counts.sum(axis=1)
    out["n_success"] = out["n_samples"] - out["n_error"]

    n_success = out["n_success"].to_numpy()
    complete = n_success > 0
    out["incomplete"] = ~complete
    out["k"] = k
    out["pass_at_k"] = pass_at_k_array(n_success, out["n_correct"].to_numpy(), k)
    out["accuracy"] = np.where(complete, out["n_correct"] / np.maximum(n_success, 1), np.nan)

    sample_index = scored["sample_index"].to_numpy()
    in_vote = sample_index < k
    majority = _majority_answers(
        group[in_vote], sample_index[in_vote], scored["answer"][in_vote], n_groups
    )
    out["majority_answer"] = pd.Series(majority, dtype=object)
    kinds = out["answer_kind"].tolist() if "answer_kind" in out.columns else [None] * len(out)
    owners = _answer_owners(out["task"].tolist(), kinds)
    agrees = np.array(
        [
            m is not None and owner.check(m, e)
            for m, e, owner in zip(majority, out["expected_answer"].tolist(), owners, strict=True)
        ],
        dtype=bool,
    )
    out["cons_at_k"] = np.where(complete, agrees.astype(np.float64), np.nan)
    for column, values in guess_scores(out, k).items():  # the guessing baselines at this k
        out[column] = values
    return out


def _aggregate_columns(by: list[str]) -> list[str]:
    metrics = [f"{m}{suffix}" for m in METRIC_COLUMNS for suffix in ("", "_lo", "_hi")]
    counts = ["n_samples", "n_success", *OUTCOME_COUNT_COLUMNS]
    return [*by, "n_instances", "n_incomplete", *metrics, *GUESS_COLUMNS, *HARD_COLUMNS, *counts]


def cluster_ids(inst: pd.DataFrame) -> np.ndarray:
    """Per row, its overlap cluster: the cell and the ``overlap_cluster`` id when the row has
    one, else a cluster of its own (the row number)."""
    own = np.arange(len(inst))
    if CLUSTER_COLUMN not in inst.columns or inst.empty:
        return own
    keys = [c for c in CELL_KEYS if c in inst.columns]
    named = inst[CLUSTER_COLUMN].notna().to_numpy()
    if not named.any():
        return own
    group = inst[named].groupby([*keys, CLUSTER_COLUMN], sort=True, dropna=False).ngroup()
    ids = own.copy()
    ids[named] = len(inst) + group.to_numpy()
    return ids


def _mean_or_nan(values: np.ndarray) -> np.ndarray:
    """Column means of ``values`` (NaN propagates: one cell without a baseline, no baseline)."""
    return values.mean(axis=0) if len(values) else np.full(values.shape[1:], np.nan)


def recorded_resamples(inst: pd.DataFrame, default: int) -> int:
    """The bootstrap resamples the jobs of ``inst`` drew with (:data:`RESAMPLES_COLUMN`, the
    largest where they differ), else ``default``."""
    if RESAMPLES_COLUMN not in inst.columns:
        return default
    counts = inst[RESAMPLES_COLUMN].dropna()
    return int(counts.max()) if len(counts) else default


def _stratified_mean(values: np.ndarray, strata: np.ndarray) -> np.ndarray:
    """Column means of ``values``: the mean over strata of each stratum's mean."""
    if not len(values):
        return _mean_or_nan(values)
    means: np.ndarray = np.mean([values[strata == name].mean(axis=0) for name in np.unique(strata)],
                                axis=0)  # fmt: skip
    return means


def _instance_keys(inst: pd.DataFrame) -> np.ndarray | None:
    """Per row, its instance id (``None`` for a table without ids)."""
    if "instance_id" not in inst.columns:
        return None
    ids: np.ndarray = inst["instance_id"].astype(str).to_numpy(dtype=object)
    return ids


def interval_seed(seed: int, instances: Iterable[object]) -> int:
    """The bootstrap seed of one set of instances (their keys in sorted order; or a group key
    for a table without ids): the same instances get the same interval on every page, table,
    metric and figure that shows them, however they were grouped or named there (a job's
    overall row and a study's row for that model were drawn apart)."""
    return stable_seed("bootstrap", seed, *(str(x) for x in instances))


def aggregate(
    inst: pd.DataFrame,
    by: Sequence[str],
    *,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    seed: int = 0,
    strata: str | None = None,
) -> pd.DataFrame:
    """Group instances by ``by`` (e.g. ``["model", "task", "level"]``; ``[]`` for one overall row).
    The one place an interval is computed (:func:`gralgo.score.bootstrap_ci` underneath): the
    terminal summary, ``summary.csv``, ``breakdown.csv``, ``metrics.json`` (so MLflow and
    ``jobs.png``), the tables, ``report.html``, ``study.html`` and the figures show its rows.

    Scores are of the ``paper`` split (:mod:`gralgo.score._splits`; every instance of a dataset
    without splits). Columns: ``by``; ``n_instances`` (complete) and ``n_incomplete``; mean
    ``pass_at_k``, ``cons_at_k``, ``accuracy`` over complete instances with bootstrap ``*_lo`` /
    ``*_hi`` (``confidence`` interval, resampling instances, or their overlap clusters where the
    table has ``overlap_cluster``; each group's seed derives from ``seed`` and the ids of its
    instances (:func:`interval_seed`), so a group's interval depends on nothing but its
    instances: the same instances have the same interval wherever they are shown); the guessing
    baselines (:data:`GUESS_COLUMNS`, ``gralgo.score._baselines``) averaged over the same
    instances (NaN when the table lacks them or a cell has too few instances);
    ``hard_n_instances`` and ``hard_pass_at_k`` / ``hard_cons_at_k`` / ``hard_accuracy`` over
    the complete instances of the ``hard`` split (NaN when it has none: absent, not 0); summed
    sample counts ``n_samples``, ``n_success``, ``n_correct`` ...; shares ``share_correct``,
    ``share_wrong``, ``share_no_answer``, ``share_truncated`` of the successful samples and
    ``share_error`` of all samples.

    ``n_resamples`` applies to instances without a recorded count (:data:`RESAMPLES_COLUMN`,
    which a job writes into its ``instances.csv``); a group of instances with one is resampled
    that many times (the largest, where its instances came from jobs that differ).

    ``strata`` (a column, e.g. ``"task"``) makes ``pass_at_k`` / ``cons_at_k`` / ``accuracy``
    the mean of the strata's means with a stratified interval (a taxonomy's mean of its task
    means, as Tables 3/5 and the figures); a group of one stratum gets the same value and
    interval as without it.
    """
    by = list(by)
    _require(
        inst,
        [*by, *METRIC_COLUMNS, *OUTCOME_COUNT_COLUMNS, "n_samples", "n_success", "incomplete"],
        "the instances table (from instance_metrics)",
    )
    metrics = inst[list(METRIC_COLUMNS)].to_numpy(dtype=np.float64)
    guesses = np.column_stack([
        inst[c].to_numpy(dtype=np.float64) if c in inst.columns else np.full(len(inst), np.nan)
        for c in GUESS_COLUMNS
    ]) if len(inst) else np.empty((0, len(GUESS_COLUMNS)))  # fmt: skip
    complete = ~inst["incomplete"].to_numpy(dtype=bool)
    paper, hard = in_split(inst, PAPER), in_split(inst, HARD)
    clusters = cluster_ids(inst)
    ids = _instance_keys(inst)
    layers = None if strata is None else inst[strata].astype(str).to_numpy(dtype=object)
    recorded = (
        inst[RESAMPLES_COLUMN].to_numpy(dtype=np.float64)
        if RESAMPLES_COLUMN in inst.columns else np.full(len(inst), np.nan)
    )  # fmt: skip
    count_columns = ["n_samples", "n_success", *OUTCOME_COUNT_COLUMNS]
    counts = inst[count_columns].to_numpy(dtype=np.int64)
    if by:
        groups = inst.groupby(by, sort=True, dropna=False).indices
    else:
        groups = {(): np.arange(len(inst))} if len(inst) else {}
    rows = []
    for key, positions in groups.items():
        key = key if isinstance(key, tuple) else (key,)
        split = positions[paper[positions]]
        chosen = split[complete[split]]
        if ids is not None:  # one interval per set of instances, whatever the grouping
            chosen = chosen[np.argsort(ids[chosen], kind="stable")]
        values = metrics[chosen]
        counts_used = recorded[chosen][np.isfinite(recorded[chosen])]
        low, high = bootstrap_ci(
            values,
            n_resamples=int(counts_used.max()) if len(counts_used) else n_resamples,
            confidence=confidence,
            seed=interval_seed(seed, key if ids is None else ids[chosen]),
            clusters=clusters[chosen],
            strata=None if layers is None else layers[chosen],
        )
        means = _mean_or_nan(values) if layers is None else _stratified_mean(values, layers[chosen])
        row: dict[str, object] = dict(zip(by, key, strict=True))
        row["n_instances"] = len(values)
        row["n_incomplete"] = len(split) - len(values)
        for i, metric in enumerate(METRIC_COLUMNS):
            row[metric], row[f"{metric}_lo"], row[f"{metric}_hi"] = means[i], low[i], high[i]
        row.update(zip(GUESS_COLUMNS, _mean_or_nan(guesses[chosen]).tolist(), strict=True))
        hard_done = positions[hard[positions] & complete[positions]]
        row["hard_n_instances"] = len(hard_done)
        row.update(zip(HARD_COLUMNS[1:], _mean_or_nan(metrics[hard_done]).tolist(), strict=True))
        row.update(zip(count_columns, counts[split].sum(axis=0).tolist(), strict=True))
        rows.append(row)
    out = pd.DataFrame(rows, columns=_aggregate_columns(by))
    if by:
        out = out.sort_values(by, kind="stable").reset_index(drop=True)
    success = out["n_success"].where(out["n_success"] > 0)
    for outcome in (Outcome.CORRECT, Outcome.WRONG, Outcome.NO_ANSWER, Outcome.TRUNCATED):
        out[f"share_{outcome.value}"] = out[f"n_{outcome.value}"] / success
    out["share_error"] = out["n_error"] / out["n_samples"].where(out["n_samples"] > 0)
    return out
