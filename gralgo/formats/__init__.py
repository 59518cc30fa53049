"""Graph serialisation formats (with parse-back), prompt assembly and long-context names."""

from __future__ import annotations

from typing import TYPE_CHECKING as _TYPE_CHECKING

from gralgo.formats._lengthen import lengthen_names
from gralgo.formats._prompt import (
    PromptText,
    answer_instruction,
    build_prompt,
    prompt_rows,
    shows_relations,
)
from gralgo.formats._render import FORMATS, get_format, parse_graph, render_graph
from gralgo.formats._syntax import GraphTextError
from gralgo.formats._token_cache import count_tokens_cached
from gralgo.formats._tokens import count_tokens, count_tokens_many
from gralgo.lazy import lazy_exports

if _TYPE_CHECKING:
    from gralgo.formats._prompt import build_certificate_prompt
    from gralgo.formats._tokens import get_encoding


# Names imported under TYPE_CHECKING load on first use (PEP 562): importing stays cheap.
__getattr__ = lazy_exports(__name__)


__all__ = [
    "FORMATS",
    "GraphTextError",
    "PromptText",
    "answer_instruction",
    "build_certificate_prompt",
    "build_prompt",
    "count_tokens",
    "count_tokens_cached",
    "count_tokens_many",
    "get_encoding",
    "get_format",
    "lengthen_names",
    "parse_graph",
    "prompt_rows",
    "render_graph",
    "shows_relations",
]
