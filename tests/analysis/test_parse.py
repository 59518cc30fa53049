"""Strict judge-reply parsers: what is accepted, and the errors that drive re-asks."""

from __future__ import annotations

import pytest

from gralgo.analysis import JudgeParseError
from gralgo.analysis._parse import (
    Section,
    choice_parser,
    index_parser,
    labels_parser,
    parse_json_object,
    sections_parser,
    verification_parser,
)


def test_json_object_alone_or_in_one_fence() -> None:
    assert parse_json_object(' {"a": 1} ') == {"a": 1}
    assert parse_json_object('```json\n{"a": 1}\n```') == {"a": 1}
    for bad in ('Sure! {"a": 1}', "[1, 2]", "", "{'a': 1}"):
        with pytest.raises(JudgeParseError):
            parse_json_object(bad)


def test_sections_must_cover_every_paragraph_in_order() -> None:
    parse = sections_parser(4)
    reply = (
        '{"sections": [{"start": 0, "end": 1, "summary": "read graph"},'
        ' {"start": 2, "end": 3, "summary": "count"}]}'
    )
    assert parse(reply) == [Section(0, 1, "read graph"), Section(2, 3, "count")]
    bad = {
        "gap": '{"sections": [{"start": 0, "end": 1, "summary": "a"},'
        ' {"start": 3, "end": 3, "summary": "b"}]}',
        "short": '{"sections": [{"start": 0, "end": 2, "summary": "a"}]}',
        "range": '{"sections": [{"start": 0, "end": 4, "summary": "a"}]}',
        "reversed": '{"sections": [{"start": 0, "end": -1, "summary": "a"}]}',
        "type": '{"sections": [{"start": "0", "end": 3, "summary": "a"}]}',
        "bool": '{"sections": [{"start": false, "end": 3, "summary": "a"}]}',
        "empty": '{"sections": []}',
        "missing": '{"parts": []}',
    }
    for name, reply in bad.items():
        with pytest.raises(JudgeParseError):
            parse(reply)
            pytest.fail(name)


def test_labels_choices_and_indices() -> None:
    labels = labels_parser(["a", "b"])
    assert labels('{"labels": ["b", "a", "b"]}') == ("a", "b")
    assert labels('{"labels": []}') == ()
    with pytest.raises(JudgeParseError, match="unknown labels"):
        labels('{"labels": ["c"]}')
    family = choice_parser("family", ["greedy", "search"])
    assert family('{"family": "greedy"}') == "greedy"
    with pytest.raises(JudgeParseError):
        family('{"family": "dp"}')
    index = index_parser("segment", 3)
    assert index('{"segment": 2}') == 2
    assert index('{"segment": null}') is None
    for bad in ('{"segment": 3}', '{"segment": true}', '{"segment": 1.5}'):
        with pytest.raises(JudgeParseError):
            index(bad)


def test_verification_needs_effectiveness_only_for_self_verification() -> None:
    parse = verification_parser(["self_verification", "strategy_shift", "other"])
    assert parse('{"label": "self_verification", "effective": false}') == (
        "self_verification",
        False,
    )
    assert parse('{"label": "other"}') == ("other", None)
    with pytest.raises(JudgeParseError, match="effective"):
        parse('{"label": "self_verification"}')
