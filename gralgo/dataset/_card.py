"""The dataset card (``README.md``) a build writes beside the data, ready to publish.

Hugging Face reads its YAML header: one ``configs`` entry per task and ``all`` for every task
as one split, so ``datasets.load_dataset(folder, "max_clique", split="test")`` works. The body
says what the data is, how to rebuild it byte for byte, each source's licence and attribution
(copied from ``gralgo/graphs/data/<source>/ATTRIBUTION.md``), the schema, and Table 2. It holds
no time stamp and no absolute path, so the build stays byte-identical across machines.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from gralgo.dataset._spec import DatasetSpec

DATA_DIR = Path(__file__).resolve().parents[1] / "graphs" / "data"
EMBEDDED_FOLDERS = {"osm": "osm", "openflights": "openflights", "wikipedia": "wikispeedia",
                    "dbpedia": "dbpedia50", "dblp": "dblp"}  # fmt: skip
"""Source kind -> folder of its embedded sample (and licence) under ``gralgo/graphs/data``."""
SPLIT = "test"

SCHEMA = """| field | type | meaning |
|---|---|---|
| `id` | string | stable hash of task, level, source, seed, index, context |
| `task`, `taxonomy`, `complexity` | string | one of nine tasks; enumeration / exploration / intuition; easy / medium / hard |
| `level` | int | size level 1-6 (0 for long-context instances) |
| `context` | string | `standard` or a long-context length such as `8k` |
| `source`, `seed`, `index` | string, int, int | graph source; build seed; position within (task, level) |
| `answer_kind` | string | `integer` or `node` |
| `answer` | string | the canonical exact answer |
| `graph` | string (JSON) | `networkx.node_link_data(G, edges="edges")`, real names as node ids |
| `params` | string (JSON) | the task's parameters (k, τ, ...) |
| `certificate` | string (JSON) | evidence for the answer (the clique, the MST edges, ...) |
| `provenance` | string (JSON) | sampler, source node ids, attempt |
| `prompts` | struct | per format: `text` (the prompt), `answer` (as that format shows it), `tokens` |
"""  # noqa: E501


def source_licence(kind: str, files: Mapping[str, object] | None) -> str:
    """The attribution text of an embedded source, or a note for user-supplied files."""
    folder = EMBEDDED_FOLDERS.get(kind)
    supplied = {k: v for k, v in (files or {}).items() if v}
    if supplied or folder is None:
        names = ", ".join(sorted(Path(str(v)).name for v in supplied.values())) or "(none)"
        return (f"User-supplied files ({names}): the licence and attribution of the original "
                "data apply; add them here before publishing.\n")  # fmt: skip
    attribution = DATA_DIR / folder / "ATTRIBUTION.md"
    text = attribution.read_text(encoding="utf-8")
    lines = text.splitlines()
    if lines and lines[0].startswith("#"):
        lines = lines[1:]  # the card gives its own heading
    return "\n".join(lines).strip() + "\n"


def build_command(spec: DatasetSpec) -> str:
    """A command that rebuilds this dataset (same config, so the same bytes)."""
    parts = ["gralgo", "+experiment=build_dataset", f"task=[{','.join(sorted(spec.tasks))}]"]
    if spec.long_context is None:
        parts.append(f"level=[{','.join(str(lv) for lv in spec.levels)}]")
    else:
        parts.append("context=long")
    parts += [f"dataset.seed={spec.options.seed}", f"dataset.per_level={spec.options.per_level}",
              f"dataset.formats=[{','.join(spec.options.formats)}]", "dataset.dir=DIR"]  # fmt: skip
    return " ".join(parts)


def yaml_header(tasks: list[str]) -> str:
    """Hugging Face metadata: licence note, one config per task and ``all`` (default)."""
    lines = ["---", "license: other", "license_name: mixed-source-licences",
             "pretty_name: GrAlgoBench (built with gralgo)",
             "task_categories:", "- question-answering", "tags:", "- graph", "- reasoning",
             "- benchmark", "configs:", "- config_name: all", "  default: true",
             "  data_files:", f"  - split: {SPLIT}", '    path: "instances/*.jsonl"']  # fmt: skip
    for task in tasks:
        lines += [f"- config_name: {task}", "  data_files:", f"  - split: {SPLIT}",
                  f'    path: "instances/{task}.jsonl"']  # fmt: skip
    return "\n".join([*lines, "---"]) + "\n"


def dataset_card(spec: DatasetSpec, counts: Mapping[str, int], statistics_md: str) -> str:
    """The whole ``README.md``."""
    tasks = sorted(counts)
    used = spec.used_sources()
    kinds = {name: str(spec.sources[name].get("kind", "")) for name in used}
    sections = [
        yaml_header(tasks),
        "# GrAlgoBench instances\n",
        "Graph algorithm problems on subgraphs of real-world graphs, with exact answers and "
        "certificates, from *Exposing Weaknesses of Large Reasoning Models through Graph "
        "Algorithm Problems* (GrAlgoBench). Built with gralgo.\n",
        f"- instances: {sum(counts.values())} ({', '.join(f'{t} {counts[t]}' for t in tasks)})",
        f"- config fingerprint: `{spec.fingerprint()}` (the per-file sha256 and the content "
        "hash are in `manifest.json`)",
        f"- rebuild (byte-identical): `{build_command(spec)}`\n",
        "```python\nfrom datasets import load_dataset\n"
        f'every_task = load_dataset("path/to/this/folder", "all", split="{SPLIT}")\n'
        f'one_task = load_dataset("path/to/this/folder", "{tasks[0] if tasks else "task"}", '
        f'split="{SPLIT}")\nimport json; graph = json.loads(one_task[0]["graph"])\n```\n',
        "## Fields\n",
        SCHEMA,
        "## Sources and licences\n",
        "Each instance's graph is derived from the source named in its `source` field; the "
        "derived data stays under that source's licence.\n",
    ]
    for name in used:
        sections.append(f"### `{name}` ({kinds[name]})\n")
        sections.append(source_licence(kinds[name], spec.sources[name].get("files")))
    sections += ["## Graph statistics (paper Table 2)\n", statistics_md.strip() + "\n"]
    return "\n".join(sections)


EXPORTS = ("parquet",)


def export_parquet(directory: Path, target: Path | None = None) -> list[Path]:
    """One Parquet file per task (same columns as the JSONL) in ``<directory>-parquet/``.

    A sibling folder, so the dataset folder keeps exactly the files its manifest lists.
    """
    import pandas as pd

    directory = Path(directory)
    target = target or directory.with_name(f"{directory.name}-parquet")
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for jsonl in sorted((directory / "instances").glob("*.jsonl")):
        frame = pd.read_json(jsonl, lines=True, dtype=False)
        frame["answer"] = frame["answer"].astype(str)
        path = target / f"{jsonl.stem}.parquet"
        frame.to_parquet(path, index=False)
        written.append(path)
    return written
