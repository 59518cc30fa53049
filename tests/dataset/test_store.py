"""The dataset directory: atomic writes, manifest, filtering."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest

from gralgo.dataset import (
    DatasetError,
    Instance,
    PromptVariant,
    read_instances,
    read_manifest,
    write_dataset,
)


def make_instance(task: str, level: int, index: int) -> Instance:
    graph = nx.Graph([('Rue "A", B', "Zürich and Köln")])
    return Instance(
        id=f"{task}-{level}-{index}",
        task=task,
        taxonomy="enumeration",
        complexity="easy",
        level=level,
        context="standard",
        source="s",
        seed=0,
        index=index,
        answer_kind="integer",
        graph=nx.node_link_data(graph, edges="edges"),
        params={},
        answer="1",
        certificate={},
        provenance={},
        prompts={"edge_list": PromptVariant("text", "1")},
    )


def test_round_trip_and_filters(tmp_path: Path) -> None:
    data = {
        "a": [make_instance("a", lvl, i) for lvl in (1, 2) for i in range(3)],
        "b": [make_instance("b", 1, 0)],
    }
    write_dataset(tmp_path / "ds", data, config={"seed": 0})
    everything = read_instances(tmp_path / "ds")
    assert [i.id for i in everything] == [i.id for i in data["a"]] + ["b-1-0"]
    assert everything[0] == data["a"][0]
    sliced = read_instances(tmp_path / "ds", tasks=["a"], levels=[2], per_level=2)
    assert [i.id for i in sliced] == ["a-2-0", "a-2-1"]
    manifest = read_manifest(tmp_path / "ds")
    assert manifest["counts"] == {
        "a": {"standard/level-1": 3, "standard/level-2": 3},
        "b": {"standard/level-1": 1},
    }
    assert manifest["total"] == 7
    assert set(manifest["files"]) == {"instances/a.jsonl", "instances/b.jsonl"}


def test_rewrite_is_byte_identical(tmp_path: Path) -> None:
    data = {"a": [make_instance("a", 1, i) for i in range(3)]}
    write_dataset(tmp_path / "one", data, config={"seed": 0})
    write_dataset(tmp_path / "two", data, config={"seed": 0})
    for name in ("manifest.json", "instances/a.jsonl"):
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()


def test_failure_leaves_nothing_half_written(tmp_path: Path) -> None:
    good = {"a": [make_instance("a", 1, 0)]}
    target = tmp_path / "ds"
    write_dataset(target, good, config={})
    before = (target / "instances" / "a.jsonl").read_bytes()

    def exploding():
        yield make_instance("a", 1, 1)
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        write_dataset(target, {"a": exploding()}, config={})
    assert (target / "instances" / "a.jsonl").read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ds"]


def test_refuses_to_overwrite_foreign_directory(tmp_path: Path) -> None:
    target = tmp_path / "mine"
    target.mkdir()
    (target / "notes.txt").write_text("precious")
    with pytest.raises(DatasetError, match="not a gralgo dataset"):
        write_dataset(target, {"a": [make_instance("a", 1, 0)]}, config={})
    assert (target / "notes.txt").read_text() == "precious"


def test_missing_dataset_and_task_errors(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="manifest.json missing"):
        read_instances(tmp_path)
    write_dataset(tmp_path / "ds", {"a": [make_instance("a", 1, 0)]}, config={})
    with pytest.raises(DatasetError, match="no instances of"):
        read_instances(tmp_path / "ds", tasks=["zzz"])


def test_parts_copy_is_the_same_bytes_as_writing_lines(tmp_path: Path) -> None:
    """write_dataset_parts copies part files as bytes; the dataset equals write_dataset_lines'."""
    from gralgo.dataset._store import write_dataset_lines, write_dataset_parts

    awkward = ['{"a":"x\u2028y\u0085z"}', '{"b":"\\r\\n é \u00a0"}', "{}"]
    lines = {
        "t": [(awkward[0], "standard/level-1"), (awkward[1], "standard/level-1")],
        "u": [(awkward[2], "standard/level-2")],
    }
    parts = {}
    for task, items in lines.items():
        part = tmp_path / f"{task}.part"
        part.write_text("".join(line + "\n" for line, _ in items), encoding="utf-8", newline="\n")
        parts[task] = [(part, [group for _, group in items])]
    write_dataset_lines(tmp_path / "lines", lines, config={"c": 1}, extra_files={"x.md": "x"})
    write_dataset_parts(tmp_path / "parts", parts, config={"c": 1}, extra_files={"x.md": "x"})
    for name in ("manifest.json", "x.md", "instances/t.jsonl", "instances/u.jsonl"):
        assert (tmp_path / "parts" / name).read_bytes() == (tmp_path / "lines" / name).read_bytes()
    parts["u"] = [(parts["u"][0][0], ["standard/level-2", "standard/level-2"])]
    with pytest.raises(DatasetError, match="1 lines, 2 expected"):
        write_dataset_parts(tmp_path / "bad", parts, config={"c": 1})
    assert not (tmp_path / "bad").exists()


def test_parts_handed_over_as_tasks_complete(tmp_path: Path) -> None:
    """Tasks handed over in any order (as a build completes them), the extra files made after
    the last: the same bytes as the mapping form, and the hashes taken while copying are the
    files' own."""
    import hashlib
    import json

    from gralgo.dataset._store import write_dataset_parts

    parts = {}
    for task, text in (("a", '{"x":1}\n{"x":2}\n'), ("b", '{"y":"é"}\n')):
        part = tmp_path / f"{task}.part"
        part.write_text(text, encoding="utf-8", newline="\n")
        parts[task] = [(part, ["standard/level-1"] * text.count("\n"))]
    write_dataset_parts(tmp_path / "mapping", parts, config={"c": 1}, extra_files={"x.md": "x"})
    made: list[str] = []

    def extra() -> dict[str, str]:
        made.append("x.md")
        return {"x.md": "x"}

    handed = [("b", parts["b"]), ("a", parts["a"])]
    write_dataset_parts(tmp_path / "streamed", iter(handed), config={"c": 1}, extra_files=extra)
    assert made == ["x.md"]
    for name in ("manifest.json", "x.md", "instances/a.jsonl", "instances/b.jsonl"):
        streamed = (tmp_path / "streamed" / name).read_bytes()
        assert streamed == (tmp_path / "mapping" / name).read_bytes()
    files = json.loads((tmp_path / "streamed" / "manifest.json").read_text())["files"]
    for name, digest in files.items():
        assert hashlib.sha256((tmp_path / "streamed" / name).read_bytes()).hexdigest() == digest
    with pytest.raises(DatasetError, match="task a handed over twice"):
        write_dataset_parts(tmp_path / "twice", iter(handed + handed[1:]), config={"c": 1})
    assert not (tmp_path / "twice").exists()


def test_a_non_utf8_byte_in_a_resigned_instances_file_names_its_line(tmp_path: Path) -> None:
    """Issue 34, item 6: a byte that is not UTF-8 (in a file whose manifest was re-signed to
    match) is one DatasetError naming the file and line, not a UnicodeDecodeError traceback."""
    import hashlib

    from gralgo.dataset._store import MANIFEST, canonical_json

    write_dataset(tmp_path / "ds", {"a": [make_instance("a", 1, i) for i in range(3)]}, config={})
    path = tmp_path / "ds" / "instances" / "a.jsonl"
    lines = path.read_bytes().split(b"\n")
    lines[1] = lines[1].replace(b"Z\xc3\xbcrich", b"Z\xfcrich")  # Latin-1 in a UTF-8 file
    path.write_bytes(b"\n".join(lines))
    manifest = read_manifest(tmp_path / "ds")
    manifest["files"]["instances/a.jsonl"] = hashlib.sha256(path.read_bytes()).hexdigest()
    files = canonical_json(manifest["files"]).encode()
    manifest["content_hash"] = hashlib.sha256(files).hexdigest()
    (tmp_path / "ds" / MANIFEST).write_text(canonical_json(manifest), encoding="utf-8")
    with pytest.raises(DatasetError, match=r"a\.jsonl:2: not a valid instance \(.*utf-8.*rebuild"):
        read_instances(tmp_path / "ds")


def test_a_line_longer_than_the_read_buffer_reads_back_whole(tmp_path: Path) -> None:
    """Instances files are read through a LINE_BUFFER-sized buffer; a longer line is whole."""
    from dataclasses import replace

    from gralgo.dataset._store import LINE_BUFFER

    text = "é" * LINE_BUFFER + "\n" + "x" * 1000  # 2 MiB of UTF-8 and a newline inside the JSON
    long_one = replace(make_instance("a", 1, 1), prompts={"edge_list": PromptVariant(text, "1")})
    data = {"a": [make_instance("a", 1, 0), long_one, make_instance("a", 1, 2)]}
    write_dataset(tmp_path / "ds", data, config={})
    assert read_instances(tmp_path / "ds") == data["a"]
