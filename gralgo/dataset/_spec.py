"""What a dataset is made of: its spec (tasks, levels, sources, seed; long-context setup) and
the real-world sources it reads."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from gralgo import __version__
from gralgo.dataset._build import DRAW_VERSION, BuildOptions
from gralgo.dataset._erdos_renyi import ErdosRenyiSpec
from gralgo.dataset._store import FORMAT_VERSION
from gralgo.errors import SourceFileError, UnknownChoiceError
from gralgo.seeding import stable_hash
from gralgo.tasks import TaskSettings

RENDERING_CODE = ("formats", "tasks")
"""The packages that render a dataset's prompts and answers: their source is in its identity."""


def rendering_code_digest(root: Path | None = None) -> str:
    """Hash of the source of :data:`RENDERING_CODE` under ``root`` (default: this gralgo) —
    every ``.py`` file, by relative path: an edit to how prompts or answers are written
    (``formats/_prompt.py``, a task's answer) names another dataset, so a dataset built by other
    code is never reused."""
    return _code_digest(Path(__file__).resolve().parents[1] if root is None else root)


@functools.cache
def _code_digest(root: Path) -> str:
    import hashlib

    digest = hashlib.sha256()
    for package in RENDERING_CODE:
        for path in sorted((root / package).rglob("*.py")):
            digest.update(path.relative_to(root).as_posix().encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:12]


@dataclass(frozen=True)
class LongContextSpec:
    """The paper's fixed-topology long-context setup (Figure 3)."""

    targets: tuple[int, ...] = (4096, 8192, 16384, 32768, 65536)
    tokenizer: str = "cl100k_base"
    tolerance: float = 0.05
    n_graphs: int = 50
    n_nodes: int = 80
    n_edges: int = 200
    source: str = "wikispeedia"
    format: str = "edge_list"


@dataclass(frozen=True)
class DatasetSpec:
    """Everything that determines a dataset's bytes (and nothing that does not)."""

    tasks: Mapping[str, TaskSettings]
    sources: Mapping[str, Mapping[str, Any]]
    """Source name → its plain config (kind, files, options) as in ``conf/source``."""
    levels: tuple[int, ...]
    options: BuildOptions
    long_context: LongContextSpec | None = None
    """When set, build the long-context variants instead of the size levels."""
    erdos_renyi: ErdosRenyiSpec | None = None
    """When set, build Erdős–Rényi variants of the tasks instead (algorithm-family study)."""
    cache_dir: Path | None = field(default=None, compare=False)
    workers: int = field(default=0, compare=False)

    def used_sources(self) -> list[str]:
        names = {s.source for s in self.tasks.values()}
        if self.long_context is not None:
            names = {self.long_context.source}
        return sorted(names)

    @functools.cached_property
    def _source_fingerprints(self) -> dict[str, str]:
        from gralgo.graphs.sources import SourceConfig, source_fingerprint

        return {
            name: source_fingerprint(SourceConfig.from_dict(name, self.sources[name]))
            for name in self.used_sources()
        }

    def description(self) -> dict[str, Any]:
        """JSON-able description written into the manifest (no machine-specific paths).

        It names the generator version, the rendering code's digest
        (:func:`rendering_code_digest`) and each source's content key, so a dataset built by
        other code or from other source files is never reused by mistake.
        """
        return {
            "generator": (
                f"gralgo {__version__} / dataset format {FORMAT_VERSION} / draws {DRAW_VERSION}"
                f" / rendering {rendering_code_digest()}"
            ),
            "source_content": self._source_fingerprints,
            "tasks": {n: _task_description(s) for n, s in sorted(self.tasks.items())},
            "sources": {n: plain_value(self.sources[n]) for n in self.used_sources()},
            "levels": list(self.levels),
            "seed": self.options.seed,
            "per_level": self.options.per_level,
            "formats": list(self.options.formats),
            "max_attempts": self.options.max_attempts,
            # Validity rules change which draws are kept: a dataset built without them (or by
            # code before them) must not be reused.
            "validity": {
                "reject_shortcuts": self.options.reject_shortcuts,
                "max_answer_share": self.options.max_answer_share,
                "answer_warmup": self.options.answer_warmup,
            },
            "hard_split": hard_split_description(self.options) if self.options.hard_split else None,
            "long_context": None if self.long_context is None else asdict(self.long_context),
            # Only when set, so the fingerprints of every other dataset stay as they were.
            **({} if self.erdos_renyi is None else {"erdos_renyi": asdict(self.erdos_renyi)}),
            # Only when on, so turning it on changes the data's fingerprint and nothing else does.
            **({"count_tokens": True} if self.options.count_tokens else {}),
        }

    def fingerprint(self) -> str:
        """Short hash naming the default dataset directory for this spec."""
        return stable_hash(sorted(self.description().items()), length=12)


def hard_split_description(options: BuildOptions) -> dict[str, Any]:
    """What determines the hard split's draws besides the seed and the tasks."""
    from gralgo.dataset._hard_split import CONFIDENCE, HARD_INDEX_BASE, STOP_BATCH, STOP_TARGET

    return {
        "max_draws": options.hard_max_draws,
        "first_index": HARD_INDEX_BASE,
        "stop": {"batch": STOP_BATCH, "confidence": CONFIDENCE, "target": STOP_TARGET},
    }


def _task_description(settings: TaskSettings) -> dict[str, Any]:
    """A task's settings; ``impl`` only when set, so built-in tasks keep their fingerprints."""
    described: dict[str, Any] = plain_value(asdict(settings))
    if described.get("impl") is None:
        described.pop("impl", None)
    return described


def plain_value(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): plain_value(v) for k, v in sorted(value.items())}
    if isinstance(value, (list, tuple)):
        return [plain_value(v) for v in value]
    return value


def load_sources(spec: DatasetSpec) -> dict[str, Any]:
    """Parse (or load from cache) every source the spec uses."""
    return load_sources_for(spec, spec.used_sources())


def load_sources_for(spec: DatasetSpec, names: Sequence[str]) -> dict[str, Any]:
    from gralgo.graphs.sources import SourceConfig, load_source

    out = {}
    for name in names:
        if name not in spec.sources:
            raise UnknownChoiceError("source", name, sorted(spec.sources))
        out[name] = load_source(
            SourceConfig.from_dict(name, spec.sources[name]), cache_dir=spec.cache_dir
        )
        check_node_names(name, spec.sources[name], out[name].node_names)
    return out


def check_node_names(name: str, config: Mapping[str, Any], node_names: Sequence[str]) -> None:
    """Refuse a source whose node names hold ``{`` or ``}``: such an answer cannot be boxed.

    A correct answer that is a node name must fit in ``\\boxed{...}``; renaming could collide
    with another real name, so the source is rejected and the user renames the nodes.
    """
    bad = [n for n in node_names if "{" in n or "}" in n]
    if bad:
        files = ", ".join(str(v) for v in (config.get("files") or {}).values() if v) or name
        examples = ", ".join(repr(n) for n in bad[:3])
        raise SourceFileError(
            files,
            f"source {name!r}: {len(bad)} node name(s) contain '{{' or '}}' (e.g. {examples}), "
            "which an answer in \\boxed{...} cannot hold; rename those nodes in the file",
        )
