"""Answer extraction: the last top-level balanced \\boxed{} of the answer text."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from gralgo.score import extract_boxed, normalize_answer

# Surrounding prose: anything without braces or backslashes (so it cannot open or close a box).
prose = st.text(st.characters(exclude_characters="{}\\", exclude_categories=("Cs",)), max_size=80)
integers = st.integers(min_value=-(10**12), max_value=10**12)

# Node names: words of letters (ASCII and not), digits and inner punctuation, first and last
# characters letters, so quotes and commas are part of the name and survive normalisation.
_letter = st.sampled_from("abcXYZéÉüÜßøÅçΩжЖ北京")
_inner = st.sampled_from("abcXYZéüß北 ,'&-0123.()")
node_names = st.builds(
    lambda first, middle, last: first + "".join(middle) + last,
    _letter,
    st.lists(_inner, max_size=25),
    _letter,
)


@given(prose, integers, prose)
def test_integer_in_a_box_is_extracted(before: str, n: int, after: str) -> None:
    text = f"{before} \\boxed{{{n}}} {after}"
    assert extract_boxed(text) == str(n)
    assert normalize_answer(extract_boxed(text) or "", "integer") == str(n)


@given(prose, integers, prose, integers, prose)
def test_the_last_box_wins(a: str, first: int, b: str, last: int, c: str) -> None:
    text = f"{a}\\boxed{{{first}}}{b}\\boxed{{{last}}}{c}"
    assert extract_boxed(text) == str(last)


@given(prose, integers, prose)
def test_an_unclosed_last_box_is_no_answer(before: str, earlier: int, inside: str) -> None:
    # The earlier, complete box was superseded by one the model never finished.
    assert extract_boxed(f"{before}\\boxed{{{earlier}}} then \\boxed{{{inside}") is None
    assert extract_boxed(f"\\boxed{{{inside}") is None


@given(prose, node_names, prose)
def test_node_names_survive(before: str, name: str, after: str) -> None:
    raw = extract_boxed(f"{before}\\boxed{{\\text{{{name}}}}}{after}")
    assert raw == f"\\text{{{name}}}"
    expected = " ".join(unicodedata.normalize("NFC", name).split()).casefold().rstrip(".")
    assert normalize_answer(raw, "node") == normalize_answer(name, "node") == expected


def test_nested_braces_spaces_and_fbox() -> None:
    assert extract_boxed(r"so \boxed{\text{Paris}}.") == r"\text{Paris}"
    assert extract_boxed(r"answer: \boxed {42}") == "42"
    assert extract_boxed(r"\fbox{7} is it") == "7"
    assert extract_boxed(r"\boxed{\frac{1}{2}} and \boxed{\mathrm{A}_{1}}") == r"\mathrm{A}_{1}"


def test_nested_box_belongs_to_the_outer_one() -> None:
    assert extract_boxed(r"\boxed{\boxed{5}}") == r"\boxed{5}"
    assert normalize_answer(r"\boxed{5}", "integer") == "5"


def test_escaped_braces_do_not_count() -> None:
    assert extract_boxed(r"\boxed{\{a, b\}}") == r"\{a, b\}"
    assert extract_boxed(r"\boxed{a\}") is None


def test_no_box_or_no_text() -> None:
    assert extract_boxed(None) is None
    assert extract_boxed("") is None
    assert extract_boxed("The answer is 5.") is None
    assert extract_boxed("boxed 5") is None
    assert extract_boxed(r"\boxed{}") == ""


def test_inline_reasoning_is_never_scored() -> None:
    from gralgo.score import extract_boxed

    assert extract_boxed("<think>maybe \\boxed{3}</think>So the answer is \\boxed{4}.") == "4"
    assert extract_boxed("<think>maybe \\boxed{3}</think>I am not sure.") is None
    assert extract_boxed("<think>maybe \\boxed{3} and then the budget ran out") is None
    assert extract_boxed("No tags at all: \\boxed{5}") == "5"
