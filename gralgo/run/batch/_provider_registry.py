"""Which batch API serves a request: the one place batch providers are registered.

OpenAI (and OpenAI-compatible servers) and Anthropic live in ``_batch_providers``, Gemini in
``_batch_gemini`` (which builds on the former); adding a provider adds its module and a line
here.
"""

from __future__ import annotations

from typing import TypeAlias

from gralgo.ledger import Request
from gralgo.run._batch_gemini import GeminiBatches
from gralgo.run._batch_providers import AnthropicBatches, OpenAIBatches, provider_of

Provider: TypeAlias = OpenAIBatches | AnthropicBatches | GeminiBatches


def make_provider(request: Request) -> Provider:
    """The batch API of ``request``'s model (``ConfigError`` for a model without one)."""
    provider = provider_of(request)
    if provider == "anthropic":
        return AnthropicBatches(request)
    if provider == "gemini":
        return GeminiBatches(request)
    return OpenAIBatches(request)
