"""Graph serialisation formats (with parse-back), prompt assembly and long-context names."""

from gralgo.formats._lengthen import lengthen_names
from gralgo.formats._prompt import (
    PromptText,
    answer_instruction,
    build_prompt,
    prompt_rows,
    shows_relations,
)
from gralgo.formats._render import (
    FORMATS,
    GraphFormat,
    RenderedGraph,
    get_format,
    parse_graph,
    render_graph,
)
from gralgo.formats._syntax import GraphTextError
from gralgo.formats._tokens import TOKENIZERS, count_tokens

__all__ = [
    "FORMATS",
    "TOKENIZERS",
    "GraphFormat",
    "GraphTextError",
    "PromptText",
    "RenderedGraph",
    "answer_instruction",
    "build_prompt",
    "count_tokens",
    "get_format",
    "lengthen_names",
    "parse_graph",
    "prompt_rows",
    "render_graph",
    "shows_relations",
]
