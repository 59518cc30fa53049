"""Wikipedia loaders: Wikispeedia TSV and SNAP wiki-topcats."""

from __future__ import annotations

import gzip
import random
from pathlib import Path

import pytest

from gralgo.errors import SourceFileError
from gralgo.graphs.sources import SourceConfig, _wikipedia, load_source

FIXTURES = Path(__file__).parent / "fixtures"


def load(tmp_path: Path, files: dict[str, Path], **options: object):
    config = SourceConfig("wiki", "wikipedia", {k: str(v) for k, v in files.items()}, options)
    return load_source(config, tmp_path / "cache")


def edge_set(graph) -> set[frozenset[str]]:
    return {frozenset(e) for e in graph.to_networkx(range(graph.n_nodes)).edges()}


def wikispeedia_files() -> dict[str, Path]:
    return {
        "articles": FIXTURES / "wikispeedia" / "articles.tsv",
        "links": FIXTURES / "wikispeedia" / "links.tsv",
    }


def test_wikispeedia_titles_decoded_links_undirected(tmp_path: Path) -> None:
    graph = load(tmp_path, wikispeedia_files(), largest_component=False)
    assert graph.node_names == (
        '"Weird Al" Yankovic',
        "Bath, Somerset",
        "Lonely Article",
        "Rock and roll",
        "Åland",
    )
    assert edge_set(graph) == {
        frozenset(("Åland", "Bath, Somerset")),
        frozenset(("Bath, Somerset", "Rock and roll")),
        frozenset(("Rock and roll", '"Weird Al" Yankovic')),
    }
    assert graph.degree(2) == 0  # the isolated article is kept without component filtering
    assert "Lonely Article" not in load(tmp_path, wikispeedia_files()).node_names


def test_wikispeedia_without_articles_file_and_shuffled(tmp_path: Path) -> None:
    lines = wikispeedia_files()["links"].read_text(encoding="utf-8").splitlines(keepends=True)
    body = [line for line in lines if line.strip() and not line.startswith("#")]
    random.Random(3).shuffle(body)
    shuffled = tmp_path / "links.tsv.gz"
    with gzip.open(shuffled, "wt", encoding="utf-8") as handle:
        handle.writelines(body)
    a = load(tmp_path, wikispeedia_files())
    b = load(tmp_path, {"links": shuffled})
    assert a.node_names == b.node_names
    assert a.indptr.tolist() == b.indptr.tolist() and a.indices.tolist() == b.indices.tolist()


def test_wikispeedia_malformed_link(tmp_path: Path) -> None:
    links = tmp_path / "links.tsv"
    links.write_text("# header\nA\tB\nA B C\n", encoding="utf-8")
    with pytest.raises(SourceFileError, match=r"links\.tsv:3: expected 2 tab-separated titles"):
        load(tmp_path, {"links": links})


def topcats_files(tmp_path: Path, compress: bool = False) -> dict[str, Path]:
    files = {
        "edges": FIXTURES / "topcats" / "wiki-topcats.txt",
        "names": FIXTURES / "topcats" / "wiki-topcats-page-names.txt",
    }
    if compress:
        for role, path in list(files.items()):
            target = tmp_path / (path.name + ".gz")
            target.write_bytes(gzip.compress(path.read_bytes()))
            files[role] = target
    return files


def test_topcats_ids_and_clashing_names(tmp_path: Path) -> None:
    graph = load(tmp_path, topcats_files(tmp_path, compress=True), largest_component=False)
    assert graph.node_names == (
        "Alpha #0",
        "Alpha #2",
        "Beta, Gamma",
        'Delta and "Epsilon"',
        "Ünïcode page",
    )
    assert edge_set(graph) == {
        frozenset(("Alpha #0", "Beta, Gamma")),
        frozenset(("Beta, Gamma", "Alpha #2")),
        frozenset(("Alpha #2", "Alpha #0")),
        frozenset(('Delta and "Epsilon"', "Beta, Gamma")),
    }
    assert load(tmp_path, topcats_files(tmp_path)).n_nodes == 4


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("0 1\n1 x\n", r"wiki-topcats\.txt:2: page id 'x' is not an integer"),
        ("0 1\n\n0 1 2\n", r"wiki-topcats\.txt:3: expected 2 page ids"),
        ("0 1\n1 9\n", r"wiki-topcats\.txt:2: page id \[1, 9\] has no entry"),
    ],
)
def test_topcats_malformed_edges(tmp_path: Path, content: str, message: str) -> None:
    edges = tmp_path / "wiki-topcats.txt"
    edges.write_text(content, encoding="utf-8")
    files = {**topcats_files(tmp_path), "edges": edges}
    with pytest.raises(SourceFileError, match=message):
        load(tmp_path, files)


def test_topcats_chunked_reading_keeps_line_numbers(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(_wikipedia, "_CHUNK_LINES", 2)
    edges = tmp_path / "wiki-topcats.txt"
    edges.write_text("0 1\n1 2\n2 3\n3 4\n4 oops\n", encoding="utf-8")
    files = {**topcats_files(tmp_path), "edges": edges}
    with pytest.raises(SourceFileError, match=r":5: page id 'oops'"):
        load(tmp_path, files)
    edges.write_text("0 1\n1 2\n2 3\n3 4\n", encoding="utf-8")
    assert load(tmp_path, files).n_edges == 4


def test_topcats_bad_name_line(tmp_path: Path) -> None:
    names = tmp_path / "names.txt"
    names.write_text("0 A\nzero B\n", encoding="utf-8")
    files = {**topcats_files(tmp_path), "names": names}
    with pytest.raises(SourceFileError, match=r"names\.txt:2: page id 'zero'"):
        load(tmp_path, files)
