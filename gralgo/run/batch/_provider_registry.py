"""Which batch API serves a request: the one place batch providers are registered.

OpenAI (and OpenAI-compatible servers) and Anthropic live in ``_provider_apis``, Gemini in
``_gemini_api`` (which builds on the former); adding a provider adds its module and a line
here.
"""

from __future__ import annotations

from typing import TypeAlias

from gralgo.ledger import Request
from gralgo.run.batch._gemini_api import GeminiBatches
from gralgo.run.batch._provider_apis import AnthropicBatches, OpenAIBatches, provider_of

Provider: TypeAlias = OpenAIBatches | AnthropicBatches | GeminiBatches


def make_provider(request: Request) -> Provider:
    """The batch API of ``request``'s model (``ConfigError`` for a model without one)."""
    provider = provider_of(request)
    if provider == "anthropic":
        return AnthropicBatches(request)
    if provider == "gemini":
        return GeminiBatches(request)
    return OpenAIBatches(request)
