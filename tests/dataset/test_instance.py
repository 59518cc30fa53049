"""The dataset record's line parser: orjson's speed, json's values."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from test_store import make_instance

from gralgo.dataset import Instance, PromptVariant
from gralgo.dataset._instance import parse_line


def lines() -> list[str]:
    """Instance lines as a build writes them, and the shapes where orjson and json differ."""
    base = make_instance("a", 1, 0)
    big = replace(base, seed=2**70, index=2**64, provenance={"seed": 2**80, "w": 0.1})
    return [
        base.to_json(),
        replace(base, prompts={"edge_list": PromptVariant("Zürich – \u2028 ok", "1", 7)}).to_json(),
        big.to_json(),  # integers outside 64 bits: orjson gives floats
        replace(base, seed=-(2**63) - 1).to_json(),
        base.to_json().replace('"seed":0', '"seed":0,"x":NaN'),  # orjson refuses NaN
        base.to_json().replace('"text"', '"te\\ud800xt"'),  # a lone surrogate, escaped
        '{"a":1,"a":[1.5e300,-0,1E-7,"\\u00e9"]}',
    ]


@pytest.mark.parametrize("line", lines())
def test_a_line_parses_to_what_json_gives(line: str) -> None:
    for given in (line, line.encode("utf-8", "surrogatepass")):
        parsed = parse_line(given)
        assert parsed == json.loads(line)
        assert repr(parsed) == repr(json.loads(line))  # types too: an int stays an int


def test_an_instance_with_a_huge_seed_reads_back_exactly() -> None:
    """orjson turns 2**70 into 1.1805916207174113e+21; the instance keeps the integer."""
    instance = replace(make_instance("a", 1, 0), seed=2**70)
    back = Instance.from_json(instance.to_json().encode())
    assert back == instance
    assert type(back.seed) is int


@pytest.mark.parametrize("line", [b'{"id": "x"', b'{"id": "Z\xfcrich"}', b"[1, 2]", b'{"id": nan}'])
def test_a_bad_line_raises_what_json_raises(line: bytes) -> None:
    try:
        json.loads(line.decode("utf-8"))
    except ValueError as expected:
        with pytest.raises(type(expected), match=str(expected)[:20]):
            parse_line(line)
    else:
        assert parse_line(line) == json.loads(line.decode("utf-8"))
