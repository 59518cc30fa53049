"""Refuse literal secrets in the config: keys live in environment variables, named by
``model.api_key_env``. Messages never echo the refused value."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from gralgo.errors import ConfigError
from gralgo.redaction import (
    API_BASE_QUERY_KEYS,
    POSTGRES_QUERY_KEYS,
    has_key_shape,
    url_secret_parts,
)

_SECRET_NAME = re.compile(
    r"^(api_?key|key|token|access_token|auth_token|secret|client_secret|password|passwd"
    r"|authorization|credentials?|.*_(key|token|secret|password))$",
    re.IGNORECASE,
)
_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,127}$")
USE_ENV = (
    "put the key in an environment variable and name it with model.api_key_env=VARIABLE "
    "(the config and the run folder must never hold the key itself)"
)


def check_literal_secret(key: str, value: Any) -> None:
    """Raise :class:`ConfigError` when ``key=value`` would store a secret verbatim."""
    if value is None or value == "" or value == "null":
        return
    last = key.rsplit(".", 1)[-1]
    text = str(value)
    if last.endswith("_env") or last.endswith("_env_var"):
        if text.startswith("${"):
            return
        if not _ENV_NAME.match(text) or has_key_shape(text) or _looks_random(text):
            raise ConfigError(
                f"{key} must be the NAME of an environment variable (e.g. OPENAI_API_KEY), "
                f"not the key itself; {USE_ENV}"
            )
        return
    if _SECRET_NAME.match(last):
        raise ConfigError(f"{key}: literal secrets are not accepted; {USE_ENV}")
    if last == "api_base" or last.endswith(("_url", "_uri")) or last == "url":
        check_url(key, text)
    if has_key_shape(text):
        raise ConfigError(f"{key}: the value looks like an API key; {USE_ENV}")


def check_url(key: str, url: str) -> None:
    """Refuse a URL part that is not known to be harmless (an allow-list: a query key it does
    not list may hold a key, a token or a password, which would be written everywhere)."""
    if key == "ledger.url" or url.startswith(("postgresql://", "postgres://")):
        found = url_secret_parts(url, POSTGRES_QUERY_KEYS, allow_user=True)
        if found:
            allowed = ", ".join(sorted(POSTGRES_QUERY_KEYS))
            raise ConfigError(
                f"{key} must not hold {', '.join(found)} (it would be written to the run folder "
                f"and MLflow): put a password in PGPASSWORD or ~/.pgpass; query keys allowed: "
                f"{allowed}"
            )
        return
    found = url_secret_parts(url, API_BASE_QUERY_KEYS)
    if found:
        allowed = ", ".join(sorted(API_BASE_QUERY_KEYS))
        raise ConfigError(
            f"{key} must not carry {', '.join(found)} (only these query keys are accepted: "
            f"{allowed}); {USE_ENV}"
        )


def _looks_random(text: str) -> bool:
    """A long mixed-case/digit string is a pasted key, not a variable name."""
    return (
        len(text) >= 24
        and any(c.isdigit() for c in text)
        and any(c.islower() for c in text)
        and not text.isupper()
    )


def check_config_secrets(plain: Mapping[str, Any]) -> None:
    """:func:`check_literal_secret` for every leaf of a composed config (``hydra`` excluded)."""
    for key, value in _leaves(plain, ""):
        if key.startswith("hydra."):
            continue
        check_literal_secret(key, value)


def _leaves(value: Any, prefix: str) -> Iterator[tuple[str, Any]]:
    if isinstance(value, Mapping):
        for k, v in value.items():
            yield from _leaves(v, f"{prefix}.{k}" if prefix else str(k))
    elif isinstance(value, list | tuple):
        for i, v in enumerate(value):
            yield from _leaves(v, f"{prefix}[{i}]")
    else:
        yield prefix, value
