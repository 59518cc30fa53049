"""litellm's price map: a name absent from the file's text is answered without parsing it."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from gralgo.run import _price_map
from gralgo.run._price_map import has_escapes, has_price, price_entry, price_map


@pytest.fixture
def fresh_caches() -> Iterator[None]:
    caches = (
        _price_map.price_file,
        price_map,
        price_entry,
        has_price,
    )  # before a test replaces one
    for cached in caches:
        cached.cache_clear()
    yield
    for cached in caches:
        cached.cache_clear()


def test_absent_name_is_not_parsed(fresh_caches: None) -> None:
    assert price_entry("openai/no-such-model-at-all") is None
    assert not has_price("hosted_vllm/no-such-model-at-all")
    assert price_map.cache_info().currsize == 0  # the 3.5 MB were never parsed


def test_entries_agree_with_the_parsed_map(fresh_caches: None) -> None:
    names = [
        "gpt-4o-mini",
        "openai/gpt-4o-mini",
        "stub-model",
        "gpt-4o-mini ",  # a prefix of a key is not the key
        "gpt-4o-min",
        'odd"name',
        "naïve-model",
        "",
    ]
    entries = {name: price_entry(name) for name in names}
    parsed = price_map()
    assert entries["gpt-4o-mini"] is not None
    assert entries == {name: parsed.get(name) for name in names}
    assert all(price_entry(name) == parsed[name] for name in list(parsed)[:300])


@pytest.mark.parametrize("escapes", [True, False])
def test_escaped_names_are_parsed(
    monkeypatch: pytest.MonkeyPatch, fresh_caches: None, escapes: bool
) -> None:
    """A file that writes a name with ``\\u`` escapes is parsed to find it."""
    entry = {"input_cost_per_token": 1e-6, "output_cost_per_token": 2e-6}
    text = json.dumps({"stub": entry}).replace('"stub"', '"\\u0073tub"' if escapes else '"stub"')
    monkeypatch.setattr(_price_map, "price_file", lambda: (text.encode(), escapes))
    assert price_entry("stub") == entry
    assert price_entry("other") is None
    assert has_price("openai/stub")


def test_escapes_that_can_hide_a_name_are_seen() -> None:
    assert has_escapes(b'{"gpt\\u002d4": 1}')
    assert has_escapes(b'{"openai\\/gpt-4": 1}')
    assert not has_escapes(b'{"a \\"quoted\\" name\\n": 1, "back\\\\slash": 2}')
