"""The two built-in answer kinds: how an answer is normalised and how the prompt asks for it.

The task layer owns answers (``Task.normalize_answer``, ``Task.check``, ``Task.answer_instruction``
default to the functions here), so that the dataset builder and the scorer, both later stages,
read node names and integers alike. A task with another kind of answer overrides those methods.

Normalisation makes equal answers compare equal as strings.

Model answers and expected answers go through the same function, so the comparison stays exact
string matching (as in the paper) after removing formatting that carries no meaning:

* surrounding whitespace, math delimiters (``$…$``, ``$$…$$``, ``\\(…\\)``, ``\\[…\\]``);
* formatting wrappers ``\\text{}``, ``\\textbf{}``, ``\\mathrm{}``, ``\\mathbf{}`` (and their
  italic / sans / typewriter siblings, and a stray inner ``\\boxed{}``), anywhere in the answer;
* LaTeX escapes (``\\_ \\& \\% \\# \\$``) and LaTeX spacing commands (``\\, \\; \\! \\ ``, ``~``
  only for integer answers, where it can never be part of the value);
* matching surrounding quotes (``"…"``, ``'…'``, ``“…”``, ``‘…’``, `````…`````) and trailing
  periods;
* integer answers: thousands separators (``1,234`` / ``1 234`` -> ``1234``, only when the groups
  are well formed), a leading ``+``, leading zeros, a zero fractional part (``5.0`` -> ``5``) and
  the Unicode minus sign. ``5.5`` stays ``5.5`` and so never equals an integer;
* node answers: Unicode NFKC, case folding and collapsed internal whitespace; the JSON escapes
  ``\\"`` and ``\\\\`` (names are shown as JSON strings) read as ``"`` and ``\\``. Commas are
  kept, because node names may contain them.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Literal

AnswerKind = Literal["integer", "node"]
"""The answer kinds :class:`~gralgo.tasks.Task` handles by default (a task may define others)."""
ANSWER_KINDS: tuple[str, ...] = ("integer", "node")

INTEGER_ANSWER = r"Put your final answer (a single integer) in \boxed{}, e.g. \boxed{7}."
"""Integer tasks end their question with this (so no closing instruction is added)."""

ESCAPE_NOTE = (
    ' (inside a quoted name, \\" stands for a double quote: write it as " or as \\", both '
    "are accepted)"
)
"""Added for graphs whose names contain ``"`` or ``\\``: named formats show names as JSON
strings, so such a name is printed with backslash escapes, and the scorer reads ``\\"`` as
``"``."""

_WRAPPER = re.compile(
    r"\\(?:text|textbf|textit|textrm|textsf|texttt|textnormal|mathrm|mathbf|mathit|mathsf|"
    r"mathtt|emph|boxed|fbox|operatorname)\s*\{([^{}]*)\}"
)
_DELIMITERS = (("$$", "$$"), ("$", "$"), ("\\(", "\\)"), ("\\[", "\\]"))
_QUOTES = (('"', '"'), ("'", "'"), ("“", "”"), ("‘", "’"), ("`", "`"), ("«", "»"))
_ESCAPES = {"\\_": "_", "\\&": "&", "\\%": "%", "\\#": "#", "\\$": "$", "\\{": "{", "\\}": "}"}
_LATEX_SPACES = re.compile(r"\\[,;:! ]|\\quad|\\qquad")
_ESCAPE = re.compile(r"\\[_&%#${}]")
_WHITESPACE = re.compile(r"\s+")
_JSON_ESCAPE = re.compile(r'\\(["\\])')
_PLAIN_NAME = re.compile(r"[A-Za-z0-9.,()&/+:;_#%!?@*=|-]+(?: [A-Za-z0-9.,()&/+:;_#%!?@*=|-]+)*")
"""ASCII text with nothing a node answer's normalisation removes or rewrites (no quote,
delimiter, backslash, ``$`` or ``~``, single inner spaces, no trailing period): its
normal form is its lower case."""
_INTEGER = re.compile(r"[+-]?\d+(?:\.0*)?")
_GROUPED_INTEGER = re.compile(r"([+-]?)(\d{1,3}(?:([, ])\d{3})(?:\3\d{3})*)(\.0*)?")


def _strip_layers(text: str) -> str:
    """Remove delimiters, quotes and trailing periods, repeatedly, until nothing changes."""
    while True:
        before = text
        text = text.strip().rstrip(".").strip()
        for opening, closing in _DELIMITERS + _QUOTES:
            if (
                len(text) >= len(opening) + len(closing)
                and text.startswith(opening)
                and text.endswith(closing)
            ):
                text = text[len(opening) : len(text) - len(closing)]
                break
        if text == before:
            return text


def _unwrap(text: str) -> str:
    """Replace every formatting wrapper by its content (innermost first)."""
    while True:
        replaced = _WRAPPER.sub(r"\1", text)
        if replaced == text:
            return text
        text = replaced


def _canonical_integer(text: str) -> str:
    """``+05``, ``5.0``, ``1,234`` -> canonical base-10 form; other text is returned unchanged."""
    compact = text.replace("\u2212", "-")
    grouped = _GROUPED_INTEGER.fullmatch(compact)
    if grouped is not None:
        compact = grouped.group(1) + grouped.group(2).replace(grouped.group(3), "")
    if _INTEGER.fullmatch(compact) is None:
        return text
    return str(int(compact.split(".", 1)[0]))


@lru_cache(maxsize=1 << 16)
def normalize_answer(raw: str, kind: str) -> str | None:
    """The canonical form of an answer of ``kind`` (``"integer"`` or ``"node"``).

    Returns ``None`` when nothing is left (an empty box). Cached: benchmarks repeat answers.
    Raises ``ValueError`` for an unknown ``kind``.
    """
    if kind not in ANSWER_KINDS:
        raise ValueError(f"unknown answer kind {kind!r}; expected one of {ANSWER_KINDS}")
    if kind == "node" and _PLAIN_NAME.fullmatch(raw) is not None and raw[-1] != ".":
        return raw.lower()  # what _normalize_once gives such text (no layer, escape or space)
    text = _normalize_once(raw, kind)
    # Unescaping a node name can uncover a layer (\"Paris\" -> "Paris"): repeat to a fixpoint.
    escaped = kind == "node" and "\\" in unicodedata.normalize("NFKC", raw)
    for _ in range(8 if escaped else 0):
        again = None if text is None else _normalize_once(text, kind)
        if again == text:
            break
        text = again
    return text


def _normalize_once(raw: str, kind: str) -> str | None:
    # NFKC first (full-width digits and periods, ligatures read as their plain forms), then
    # unify whitespace: "\\" followed by any space character is one LaTeX space.
    text = _WHITESPACE.sub(" ", unicodedata.normalize("NFKC", raw))
    text = _strip_layers(_unwrap(_strip_layers(text)))
    text = _LATEX_SPACES.sub(" ", text)
    if kind == "integer":
        text = text.replace("~", " ")
    text = _ESCAPE.sub(lambda match: _ESCAPES[match.group()], text)
    text = _strip_layers(_WHITESPACE.sub(" ", text))
    if kind == "integer":
        text = _canonical_integer(text)
    else:
        # Prompts show names as JSON strings: a copied \" or \\ means the character itself.
        while _JSON_ESCAPE.search(text):
            text = _JSON_ESCAPE.sub(r"\1", text)
        # Case folding can leave non-NFKC text ("ǰ"): normalise again, and re-collapse spaces.
        text = " ".join(unicodedata.normalize("NFKC", text.casefold()).split())
    return text or None


def normalize_node_name(name: str) -> str | None:
    """A node name as node answers are compared (``normalize_answer(name, "node")``)."""
    return normalize_answer(name, "node")


def answer_instruction(answer_kind: str, numeric_ids: bool, escaped_names: bool = False) -> str:
    """The closing sentence telling the model how to write its final answer.

    ``escaped_names``: some node name is shown with JSON escapes (it contains ``"`` or ``\\``).
    """
    if answer_kind == "node":
        what = (
            "the number of that node"
            if numeric_ids
            else "that node's name exactly as written in the graph, without the surrounding "
            "double quotes" + (ESCAPE_NOTE if escaped_names else "")
        )
    else:
        what = "a single integer"
    return f"Think step by step, then give your final answer, {what}, as \\boxed{{answer}}."
