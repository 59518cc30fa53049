"""Keep secrets out of config snapshots, MLflow params, logs and artifacts."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from gralgo.redaction import (
    REDACTED,
    SECRET_PATTERNS,
    is_secret_name,
    redact,
    scrub_patterns,
    scrubber,
    secret_values,
)

__all__ = ["REDACTED", "redact_config", "scrub_text", "secret_scrubber", "secret_values"]

# One list of secret shapes, lengths and masks for every stage: gralgo.redaction.
_SECRET_PATTERNS = SECRET_PATTERNS
_scrub_patterns = scrub_patterns


def is_secret_key(key: str) -> bool:
    """Whether a config key looks like it holds a secret value (``api_key_env`` does not)."""
    return is_secret_name(key)


def redact_config(cfg: Mapping[str, Any]) -> dict[str, Any]:
    """A deep copy of ``cfg`` with secret-looking values masked and key patterns scrubbed.

    Values under secret-looking keys become :data:`REDACTED`; every string elsewhere is passed
    through :func:`scrub_text`, using the environment variables that ``cfg`` names in any
    ``*_env`` field.
    """
    env_names = sorted(set(_env_names_in(cfg)))
    # the environment's secrets read once, not once per string (a job's config has ~300)
    return _redact_mapping(cfg, secret_scrubber(env_names))


def scrub_text(text: str, env_names: Iterable[str] = ()) -> str:
    """Replace secret values with :data:`REDACTED`.

    Masks the values of the named environment variables, of every environment variable whose
    name looks secret (``*_API_KEY``, ``*_TOKEN``...), and common key patterns (``sk-...``,
    ``Bearer ...``).
    """
    return redact(text, secret_values(env_names))


def secret_env_names(cfg: Mapping[str, Any]) -> list[str]:
    """Names of environment variables that ``cfg`` says hold secrets (``*_env`` fields)."""
    return sorted(set(_env_names_in(cfg)))


def _redact_mapping(value: Mapping[Any, Any], scrub: Callable[[str], str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in sorted(value, key=str):
        item = value[key]
        if is_secret_key(str(key)) and item is not None and not isinstance(item, Mapping):
            out[str(key)] = REDACTED
        else:
            out[str(key)] = _redact(item, scrub)
    return out


def _redact(value: Any, scrub: Callable[[str], str]) -> Any:
    if isinstance(value, Mapping):
        return _redact_mapping(value, scrub)
    if isinstance(value, list | tuple):
        return [_redact(v, scrub) for v in value]
    if isinstance(value, str):
        return scrub(value)
    return value


def _env_names_in(value: Any) -> Iterable[str]:
    if isinstance(value, Mapping):
        for key, item in value.items():
            if str(key).endswith("_env") and isinstance(item, str):
                yield item
            else:
                yield from _env_names_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _env_names_in(item)


def secret_scrubber(env_names: Iterable[str] = ()) -> Callable[[str], str]:
    """:func:`scrub_text` with the secrets read once (for many texts)."""
    return scrubber(env_names)


def scrub_texts(texts: Iterable[Any], env_names: Iterable[str] = ()) -> list[Any]:
    """:func:`scrub_text` over many values (non-strings kept), reading the secrets once."""
    scrub = secret_scrubber(env_names)
    return [scrub(t) if isinstance(t, str) else t for t in texts]
