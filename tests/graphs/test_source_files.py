"""Damaged source files (garbage or truncated .gz, a CSV cut mid-row) are SourceFileErrors."""

from __future__ import annotations

import gzip
import os
from pathlib import Path

import pytest

from gralgo.errors import SourceFileError
from gralgo.graphs.sources import DATA_DIR, SourceConfig, load_source
from gralgo.graphs.sources._files import iter_csv_rows, iter_lines, open_binary

FIXTURES = Path(__file__).parent / "fixtures" / "openflights"


def load_flights(tmp_path: Path, airports: Path, routes: Path):
    files = {"airports": str(airports), "routes": str(routes)}
    return load_source(SourceConfig("flights", "openflights", files, {}), tmp_path / "cache")


def test_garbage_gz_is_a_source_file_error(tmp_path: Path) -> None:
    garbage = tmp_path / "routes.dat.gz"
    garbage.write_bytes(os.urandom(4096))
    for read in (
        lambda: list(iter_csv_rows(garbage)),
        lambda: list(iter_lines(garbage)),
        lambda: open_binary(garbage).read(),
    ):
        with pytest.raises(SourceFileError, match=r"routes\.dat\.gz"):
            read()
    with pytest.raises(SourceFileError, match=r"routes\.dat\.gz"):
        load_flights(tmp_path, DATA_DIR / "openflights" / "airports.dat.gz", garbage)


def test_truncated_gz_is_a_source_file_error(tmp_path: Path) -> None:
    whole = (DATA_DIR / "openflights" / "routes.dat.gz").read_bytes()
    cut = tmp_path / "routes.dat.gz"
    cut.write_bytes(whole[: len(whole) // 2])
    with pytest.raises(SourceFileError, match=r"routes\.dat\.gz"):
        load_flights(tmp_path, DATA_DIR / "openflights" / "airports.dat.gz", cut)
    xml = tmp_path / "dblp.xml.gz"
    body = b"".join(b"<a>%s</a>" % os.urandom(8).hex().encode() for _ in range(2000))
    packed = gzip.compress(b"<dblp>" + body + b"</dblp>")
    xml.write_bytes(packed[: len(packed) // 2])
    with pytest.raises(SourceFileError, match=r"dblp\.xml\.gz"):
        open_binary(xml).read()


def test_plain_csv_cut_mid_row_is_reported_with_its_line(tmp_path: Path) -> None:
    routes = tmp_path / "routes.dat"
    text = (FIXTURES / "routes.dat").read_text(encoding="utf-8")
    rows = text.splitlines()
    routes.write_text(
        "\n".join(rows[:-1]) + "\n" + rows[-1][: len(rows[-1]) // 2], encoding="utf-8"
    )
    with pytest.raises(
        SourceFileError,
        match=rf"routes\.dat:{len(rows)}: the file ends in the "
        "middle of a row",
    ):
        load_flights(tmp_path, FIXTURES / "airports.dat", routes)


def test_complete_csv_without_final_newline_is_read(tmp_path: Path) -> None:
    path = tmp_path / "a.csv"
    path.write_text("a,b,c\n1,2,3", encoding="utf-8")
    assert [row for _, row in iter_csv_rows(path)] == [["a", "b", "c"], ["1", "2", "3"]]
