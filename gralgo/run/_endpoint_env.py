"""Endpoints litellm would take from the environment, made explicit.

With no ``model.api_base``, litellm sends a request to the URL in an environment variable when
one is set (``OPENAI_API_BASE`` / ``OPENAI_BASE_URL`` for ``openai/...``, ``<PROVIDER>_API_BASE``
for most others). Where a request goes decides which answers come back, so that URL becomes the
model's ``api_base`` and with it part of the request key: a run against another endpoint never
reuses this one's samples. With none of the variables set, nothing changes (request keys stay as
they were). ``USE_LITELLM_PROXY``, which reroutes every call, is refused.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from gralgo.config import check_literal_secret
from gralgo.errors import ConfigError

_SUFFIXES = ("_API_BASE", "_BASE_URL", "_API_URL")
_ALIASES = {
    "openai": ("OPENAI",),
    "text-completion-openai": ("OPENAI",),
    "azure": ("AZURE",),
    "azure_ai": ("AZURE_AI",),
    "anthropic": ("ANTHROPIC",),
    "hosted_vllm": ("HOSTED_VLLM",),
    "huggingface": ("HUGGINGFACE", "HF"),
    "fireworks_ai": ("FIREWORKS", "FIREWORKS_AI"),
    "together_ai": ("TOGETHERAI", "TOGETHER_AI"),
    "gemini": ("GEMINI",),
}


def provider_of(litellm_model: str) -> str:
    """``openai/gpt-5`` -> ``openai``; a bare name is routed like litellm does for the common
    ones (``claude-*`` -> anthropic, anything else -> openai)."""
    if "/" in litellm_model:
        return litellm_model.split("/", 1)[0].lower()
    return "anthropic" if litellm_model.lower().startswith("claude") else "openai"


def endpoint_variables(litellm_model: str) -> tuple[str, ...]:
    """The environment variables litellm may read the endpoint of ``litellm_model`` from."""
    provider = provider_of(litellm_model)
    prefixes = _ALIASES.get(provider, (provider.upper().replace("-", "_"),))
    return tuple(p + s for p in prefixes for s in _SUFFIXES)


def endpoint_environment(litellm_model: str) -> dict[str, str]:
    """The variables this module reads for ``litellm_model`` that are set, with their values:
    what a finished job's inputs digest holds, so that results are never reused for another
    endpoint."""
    names = (*endpoint_variables(litellm_model), "USE_LITELLM_PROXY")
    return {name: os.environ[name] for name in names if os.environ.get(name, "").strip()}


def endpoint_from_environment(
    litellm_model: str, environ: Mapping[str, str] | None = None
) -> str | None:
    """The endpoint the environment sets for ``litellm_model`` (``None`` when none is set).

    Raises :class:`ConfigError` for a proxy that reroutes every call, for two variables that
    name different endpoints, and for a URL that carries credentials."""
    env = os.environ if environ is None else environ
    if env.get("USE_LITELLM_PROXY", "").strip().lower() in ("1", "true", "yes"):
        raise ConfigError(
            "USE_LITELLM_PROXY is set: every call would go to a proxy that is not part of the "
            "request key; unset it and name the proxy in model.api_base instead"
        )
    found = {name: env[name].strip().rstrip("/") for name in endpoint_variables(litellm_model)
             if env.get(name, "").strip()}  # fmt: skip
    if not found:
        return None
    if len(set(found.values())) > 1:
        raise ConfigError(
            f"{' and '.join(sorted(found))} name different endpoints for {litellm_model}; "
            "unset one, or set model.api_base"
        )
    name, url = sorted(found.items())[0]
    try:
        check_literal_secret("model.api_base", url)
    except ConfigError:
        raise ConfigError(
            f"environment variable {name} (the endpoint of {litellm_model}) must not carry "
            "credentials; put the key in the variable named by model.api_key_env"
        ) from None
    return url
