"""litellm's bundled price map, read without importing litellm (about 8 s), parsed only when
a looked-up name is in it.

The map is 3.5 MB of JSON: parsing it costs a job's plan ~70 ms of CPU, and most jobs against
a self-hosted server only learn that their model has no price. A JSON object's key is written
in the file as ``"name"`` unless one of its characters is escaped; a file with no ``\\u`` and
no ``\\/`` escape can only escape quotes, backslashes and control characters, so a printable
ASCII name without those that does not appear there as ``"name"`` is not a key of the map.
Any other name or file is looked up in the parsed map.
"""

from __future__ import annotations

import importlib.util
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

PRICE_FILE = "model_prices_and_context_window_backup.json"


@cache
def price_file() -> tuple[bytes, bool]:
    """The price map's JSON (UTF-8; empty when litellm is not installed), and whether it holds
    a ``\\u`` or ``\\/`` escape (a name may then be written in other characters)."""
    spec = importlib.util.find_spec("litellm")
    for location in (spec.submodule_search_locations or []) if spec else []:
        path = Path(location) / PRICE_FILE
        if path.is_file():
            data = path.read_bytes()
            return data, has_escapes(data)
    return b"", False


def has_escapes(data: bytes) -> bool:
    """Whether the JSON ``data`` holds a ``\\u`` or ``\\/`` escape (one pass)."""
    return re.search(rb"\\[u/]", data) is not None


@cache
def price_map() -> dict[str, Any]:
    """The whole map (model name -> its entry), parsed once."""
    data = price_file()[0]
    return dict(json.loads(data.decode("utf-8"))) if data else {}


@cache
def price_entry(name: str) -> Any:
    """The map's entry for ``name``; ``None`` when it has none (looked up once)."""
    data, escapes = price_file()
    plain = name.isascii() and name.isprintable() and '"' not in name and "\\" not in name
    if plain and not escapes and f'"{name}"'.encode() not in data:
        return None  # not a key: no need to parse the map
    return price_map().get(name)


@cache
def has_price(litellm_model: str) -> bool:
    """Whether litellm's price map holds a price for ``litellm_model`` (looked up once)."""
    entries = [price_entry(litellm_model), price_entry(litellm_model.split("/", 1)[-1])]
    return any(
        isinstance(entry, dict)
        and (
            entry.get("input_cost_per_token") is not None
            or entry.get("output_cost_per_token") is not None
        )
        for entry in entries
    )
