"""Strict parsers for judge replies: one JSON object of a fixed shape, or a JudgeParseError.

Leniency is limited to what carries no meaning: surrounding whitespace and one Markdown code
fence around the object. Anything else (prose around the object, a missing field, a label not
in the list, sections that overlap or leave a gap) is rejected with a message that tells the
judge what to fix when it is re-asked.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gralgo.analysis._judge import JudgeParseError

_FENCE = re.compile(r"^```(?:json)?\s*\n?(.*?)\n?```$", re.DOTALL | re.IGNORECASE)


def parse_json_object(reply: str) -> dict[str, Any]:
    """The single JSON object that is the whole reply (optionally inside one code fence)."""
    text = reply.strip()
    fenced = _FENCE.match(text)
    if fenced is not None:
        text = fenced.group(1).strip()
    try:
        value = json.loads(text)
    except json.JSONDecodeError as err:
        raise JudgeParseError(
            f"the reply is not one JSON object ({err.msg} at char {err.pos})"
        ) from None
    if not isinstance(value, dict):
        raise JudgeParseError(f"the reply must be a JSON object, not {type(value).__name__}")
    return value


def _field(obj: dict[str, Any], name: str, kind: type) -> Any:
    if name not in obj:
        raise JudgeParseError(f"the JSON object has no {name!r} field")
    value = obj[name]
    # JSON true/false are Python bools, which are ints: an index must be a real number.
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise JudgeParseError(f"field {name!r} must be {kind.__name__}, got {type(value).__name__}")
    return value


@dataclass(frozen=True)
class Section:
    """A run of consecutive paragraphs that the judge grouped together."""

    start: int
    """First paragraph index (inclusive)."""
    end: int
    """Last paragraph index (inclusive)."""
    summary: str
    """The judge's one-line summary of the section."""


def sections_parser(n_paragraphs: int) -> Callable[[str], list[Section]]:
    """``{"sections": [{"start": i, "end": j, "summary": "..."}]}`` covering ``0..n-1`` in
    order, without gaps or overlaps."""

    def parse(reply: str) -> list[Section]:
        raw = _field(parse_json_object(reply), "sections", list)
        if not raw:
            raise JudgeParseError("'sections' is empty")
        sections = []
        expected_start = 0
        for i, item in enumerate(raw):
            if not isinstance(item, dict):
                raise JudgeParseError(f"section {i} is not an object")
            start, end = _field(item, "start", int), _field(item, "end", int)
            summary = _field(item, "summary", str)
            if start != expected_start:
                raise JudgeParseError(
                    f"section {i} starts at {start} but must start at {expected_start} "
                    "(sections cover every paragraph in order, without gaps or overlaps)"
                )
            if end < start or end >= n_paragraphs:
                raise JudgeParseError(
                    f"section {i} ends at {end}: must be between {start} and {n_paragraphs - 1}"
                )
            sections.append(Section(start, end, summary.strip()))
            expected_start = end + 1
        if expected_start != n_paragraphs:
            raise JudgeParseError(
                f"the sections stop at paragraph {expected_start - 1}; the last paragraph is "
                f"{n_paragraphs - 1}"
            )
        return sections

    return parse


def labels_parser(allowed: Sequence[str]) -> Callable[[str], tuple[str, ...]]:
    """``{"labels": [...]}`` with zero or more distinct labels from ``allowed`` (sorted)."""
    allowed_set = set(allowed)

    def parse(reply: str) -> tuple[str, ...]:
        raw = _field(parse_json_object(reply), "labels", list)
        unknown = [label for label in raw if label not in allowed_set]
        if unknown:
            raise JudgeParseError(
                f"unknown labels {unknown}; use only {sorted(allowed_set)} (or an empty list)"
            )
        return tuple(sorted(set(raw)))

    return parse


def choice_parser(name: str, choices: Sequence[str]) -> Callable[[str], str]:
    """``{name: one of choices}``."""

    def parse(reply: str) -> str:
        value: str = _field(parse_json_object(reply), name, str)
        if value not in choices:
            raise JudgeParseError(f"{name!r} is {value!r}; it must be one of {list(choices)}")
        return value

    return parse


def index_parser(name: str, n: int) -> Callable[[str], int | None]:
    """``{name: i}`` with ``0 <= i < n``, or ``{name: null}`` (none)."""

    def parse(reply: str) -> int | None:
        obj = parse_json_object(reply)
        if name in obj and obj[name] is None:
            return None
        value = _field(obj, name, int)
        if not 0 <= value < n:
            raise JudgeParseError(f"{name!r} is {value}; it must be between 0 and {n - 1} or null")
        return int(value)

    return parse


def verification_parser(labels: Sequence[str]) -> Callable[[str], tuple[str, bool | None]]:
    """``{"label": one of labels, "effective": true|false|null}``; ``effective`` is required
    (a boolean) exactly when the label is ``self_verification``."""
    pick = choice_parser("label", labels)

    def parse(reply: str) -> tuple[str, bool | None]:
        label = pick(reply)
        obj = parse_json_object(reply)
        effective = obj.get("effective")
        if label == "self_verification":
            if not isinstance(effective, bool):
                raise JudgeParseError(
                    'a self_verification segment needs "effective": true or false'
                )
            return label, effective
        return label, None

    return parse
