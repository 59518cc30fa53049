"""The dataset record: one graph problem with its exact answer and its prompts."""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

import orjson

from gralgo.lazy import lazy_module

if TYPE_CHECKING:
    import networkx as nx
else:
    nx = lazy_module("networkx")


_ENCODE_LINE = json.JSONEncoder(sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode
_ENCODE_VALUE = _ENCODE_LINE
JSON_TEXT_FIELDS: tuple[str, ...] = ("graph", "params", "certificate", "provenance")
"""Fields stored as JSON text, since their shape depends on the task (see ``to_dict``)."""


@dataclass(frozen=True)
class PromptVariant:
    """A problem rendered in one serialisation format."""

    text: str
    """The full user prompt."""
    answer: str
    """The expected answer as this prompt shows it (node answers become ids in numeric_ids)."""
    tokens: int | None = None
    """Prompt length in tokens, when counted (long-context variants)."""


@dataclass(frozen=True)
class Instance:
    """One benchmark instance, exactly as one JSONL line of the dataset."""

    id: str
    """Stable hash of (task, level, source, seed, index, context)."""
    task: str
    taxonomy: str
    """enumeration / exploration / intuition."""
    complexity: str
    """easy / medium / hard."""
    level: int
    """1..6 (size level); 0 for long-context instances, whose size is fixed."""
    context: str
    """``standard`` or a long-context variant such as ``8k``."""
    source: str
    """Name of the graph source the graph was sampled from."""
    seed: int
    index: int
    """Position within (task, level, context); the first ``per_level`` form a slice."""
    answer_kind: str
    """``integer`` or ``node``."""
    graph: dict[str, Any]
    """``nx.node_link_data(G, edges="edges")`` with real node names as ids."""
    params: dict[str, Any]
    answer: str
    """Canonical answer (an integer, or a node name)."""
    certificate: dict[str, Any]
    provenance: dict[str, Any]
    prompts: dict[str, PromptVariant] = field(default_factory=dict)
    """Format name → rendered prompt."""
    n_nodes: int = 0
    """Nodes of ``graph`` (known without parsing it: jobs skip the graphs)."""
    n_edges: int = 0
    """Edges of ``graph``."""
    splits: tuple[str, ...] = ("paper",)
    """The splits this instance belongs to: ``paper`` (the paper's sampling, the first
    ``per_level`` draws) and/or ``hard`` (no heuristic of the suite solves it)."""

    def __post_init__(self) -> None:
        # Every reader (JSON lines, Parquet) may hand over a list.
        if not isinstance(self.splits, tuple):
            object.__setattr__(self, "splits", tuple(self.splits))

    def to_dict(self) -> dict[str, Any]:
        """Plain data in the on-disk schema, the same for every task.

        ``params``, ``certificate``, ``provenance`` and ``graph`` differ in shape between tasks,
        so they are canonical JSON strings (one column type for Arrow / Hugging Face
        ``datasets`` / Parquet); ``answer`` is always a string.
        """
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        for name in JSON_TEXT_FIELDS:
            data[name] = _ENCODE_VALUE(data[name])
        data["answer"] = str(self.answer)
        data["splits"] = list(self.splits)
        data["prompts"] = {
            name: {f.name: getattr(p, f.name) for f in fields(p)}
            for name, p in self.prompts.items()
        }
        return data

    def to_json(self) -> str:
        """One canonical JSON line (sorted keys, UTF-8, no spaces): byte-stable."""
        return _ENCODE_LINE(self.to_dict())

    @classmethod
    def from_json(
        cls, line: str | bytes, formats: Collection[str] | None = None, with_graph: bool = True
    ) -> Instance:
        """Parse one JSON line (text, or UTF-8 bytes); with ``formats``, keep only those prompt
        variants; without ``with_graph``, leave ``graph`` empty (the prompts already hold the
        graph)."""
        data = parse_line(line)
        for name in JSON_TEXT_FIELDS:
            if name == "graph" and not with_graph:
                data[name] = {}
            elif isinstance(data.get(name), str):
                data[name] = json.loads(data[name])
        if "splits" in data:
            data["splits"] = tuple(data["splits"])
        data["prompts"] = {
            k: PromptVariant(**v)
            for k, v in data.get("prompts", {}).items()
            if formats is None or k in formats
        }
        return cls(**data)

    def to_networkx(self) -> nx.Graph[str]:
        """The instance graph (names as node ids, weights as attributes)."""
        return nx.node_link_graph(self.graph, edges="edges")


def parse_line(line: str | bytes) -> Any:
    """One dataset line's JSON value, as ``json.loads`` gives it, parsed by ``orjson`` (twice as
    fast on the prompts' text, most of a job's dataset time). The two differ only where orjson
    refuses a line (``NaN``, lone surrogates, bad UTF-8: json then parses it or raises as before)
    and for integers outside 64 bits, which orjson makes floats: an instance holds no float at
    its top level or in its prompts, so a float there means json parses the line again."""
    try:
        data = orjson.loads(line)
    except orjson.JSONDecodeError:
        data = None
    if data is None or _has_float(data):
        return json.loads(line.decode("utf-8") if isinstance(line, bytes) else line)
    return data


def _has_float(data: Any) -> bool:
    """Whether a parsed line holds a float among its fields or its prompts' fields (the
    JSON-text fields are parsed by json later: their floats are real)."""
    if not isinstance(data, dict):
        return False
    prompts = data.get("prompts")
    fields_ = [data, *(prompts.values() if isinstance(prompts, dict) else [])]
    return any(isinstance(v, float) for d in fields_ if isinstance(d, dict) for v in d.values())
