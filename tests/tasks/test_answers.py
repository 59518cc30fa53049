"""Answer normalisation: formatting is removed, meaning is kept."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gralgo.tasks import normalize_answer


@pytest.mark.parametrize(
    "raw",
    [
        "5",
        " 5 ",
        "5.0",
        "5.00",
        "+5",
        "05",
        "$5$",
        "$$5$$",
        r"\(5\)",
        r"\text{5}",
        r"\textbf{5}",
        r"\mathrm{5}",
        r"\mathbf{\text{5}}",
        "5.",
        '"5"',
        "'5'",
        "“5”",
        r"\boxed{5}",
    ],
)
def test_integer_forms(raw: str) -> None:
    assert normalize_answer(raw, "integer") == "5"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("1,234", "1234"),
        ("1,234,567", "1234567"),
        ("1 234", "1234"),
        (r"1\,234", "1234"),
        ("12,34", "12,34"),
        ("1,2345", "1,2345"),
        ("5.5", "5.5"),
        ("-3", "-3"),
        ("−3", "-3"),
        ("-0", "0"),
        ("007", "7"),
        ("5 nodes", "5 nodes"),
        ("", None),
        ("  $ $ ", None),
    ],
)
def test_integer_edge_cases(raw: str, expected: str | None) -> None:
    assert normalize_answer(raw, "integer") == expected


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (r"\text{Charles  de Gaulle}", "charles de gaulle"),
        ("Washington, D.C. Dulles", "washington, d.c. dulles"),
        ('"Paris, France".', "paris, france"),
        ("O'Hare International", "o'hare international"),
        (r"A\_B \& C", "a_b & c"),
        (r"\text{Zürich}", "zürich"),
        ("Zu\u0308rich", "zürich"),  # decomposed umlaut -> NFC
        ("1,234", "1,234"),  # commas are part of node names
        ("05", "05"),
        ('Rue \\"A\\", B', 'rue "a", b'),  # copied from the JSON-escaped graph
        ('\\"Heroes\\"', "heroes"),  # the escaped quotes around a name are quotes too
        ("C:\\\\temp", "c:\\temp"),
    ],
)
def test_node_names(raw: str, expected: str) -> None:
    assert normalize_answer(raw, "node") == expected


def test_unknown_kind_is_rejected() -> None:
    with pytest.raises(ValueError, match="answer kind"):
        normalize_answer("5", "float")


@given(st.text(max_size=40), st.sampled_from(["integer", "node"]))
def test_normalisation_is_idempotent(raw: str, kind: str) -> None:
    once = normalize_answer(raw, kind)
    if once is not None:
        assert normalize_answer(once, kind) == once


@given(st.integers(min_value=-(10**15), max_value=10**15))
def test_thousands_separators_round_trip(n: int) -> None:
    assert normalize_answer(f"{n:,}", "integer") == str(n)
    assert normalize_answer(f"{n}.0", "integer") == str(n)


def _general_node_form(raw: str) -> str | None:
    """normalize_answer(raw, "node") through the general path only (no plain-name shortcut)."""
    from gralgo.tasks import _answers

    text = _answers._normalize_once(raw, "node")
    for _ in range(8 if "\\" in raw else 0):
        again = None if text is None else _answers._normalize_once(text, "node")
        if again == text:
            break
        text = again
    return text


_NAME_CHARACTERS = "aZ09 .,()&/+:;_#%!?@*=|-'\"$\\~`{}[]\t\u00a0É«»"


@given(st.text(alphabet=_NAME_CHARACTERS, min_size=1, max_size=10))
def test_plain_name_shortcut_gives_the_general_form(raw: str) -> None:
    assert normalize_answer.__wrapped__(raw, "node") == _general_node_form(raw)


@pytest.mark.parametrize("raw", ["St. Louis", "A.", "a  b", " a", "O'Hare", "x|y", "Ab-C (1)"])
def test_plain_name_shortcut_edge_cases(raw: str) -> None:
    assert normalize_answer.__wrapped__(raw, "node") == _general_node_form(raw)
