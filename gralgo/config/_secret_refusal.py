"""Refuse literal secrets in the config: keys live in environment variables, named by
``model.api_key_env``. Messages never echo the refused value.

What looks secret (a name, a value, a URL part, a request field) is decided in one place,
:mod:`gralgo.redaction`; this module applies it to config keys and values.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from gralgo.errors import ConfigError
from gralgo.redaction import (
    API_BASE_QUERY_KEYS,
    POSTGRES_QUERY_KEYS,
    SAFE_REQUEST_KEYS,
    SAFE_REQUEST_KEYS_HINT,
    is_env_name,
    is_secret_name,
    is_secret_value,
    url_secret_parts,
)

USE_ENV = (
    "put the key in an environment variable and name it with model.api_key_env=VARIABLE "
    "(the config and the run folder must never hold the key itself)"
)
REQUEST_MAPPINGS = ("extra_body", "extra_headers", "headers")
"""Config mappings sent with every request: only :data:`SAFE_REQUEST_KEYS` may appear in them."""
_INDEX = re.compile(r"\[\d+\]")


def check_literal_secret(key: str, value: Any) -> None:
    """Raise :class:`ConfigError` when ``key=value`` would store a secret verbatim."""
    check_request_key(key)
    if value is None or value == "" or value == "null":
        return
    last = _INDEX.sub("", key).rsplit(".", 1)[-1]
    text = str(value)
    if last.endswith("_env") or last.endswith("_env_var"):
        if text.startswith("${"):
            return
        if not is_env_name(text):
            raise ConfigError(
                f"{key} must be the NAME of an environment variable (e.g. OPENAI_API_KEY), "
                f"not the key itself; {USE_ENV}"
            )
        return
    if is_secret_name(last):
        raise ConfigError(f"{key}: literal secrets are not accepted; {USE_ENV}")
    if last == "api_base" or last.endswith(("_url", "_uri")) or last == "url":
        check_url(key, text)
    if is_secret_value(text):
        raise ConfigError(f"{key}: the value looks like an API key; {USE_ENV}")


def check_request_key(key: str) -> None:
    """A key inside ``model.extra_body`` (or a header mapping) must be a field known to be
    harmless: any other may carry a key, which would be written to the run folder and MLflow."""
    parts = _INDEX.sub("", key).split(".")
    for at, part in enumerate(parts[:-1]):
        if part in REQUEST_MAPPINGS:
            for name in parts[at + 1 :]:
                if name not in SAFE_REQUEST_KEYS or is_secret_name(name):
                    where = ".".join(parts[: parts.index(name, at + 1) + 1])
                    raise ConfigError(f"{where} is not accepted: {SAFE_REQUEST_KEYS_HINT}")
            return


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


def check_config_secrets(plain: Mapping[str, Any]) -> None:
    """:func:`check_literal_secret` for every leaf of a composed config (``hydra`` excluded),
    and the request mappings' keys even where their value is empty."""
    for key, value in _leaves(plain, ""):
        if key.startswith("hydra."):
            continue
        check_literal_secret(key, value)


def _leaves(value: Any, prefix: str) -> Iterator[tuple[str, Any]]:
    if isinstance(value, Mapping) and value:
        for k, v in value.items():
            yield from _leaves(v, f"{prefix}.{k}" if prefix else str(k))
    elif isinstance(value, list | tuple) and value:
        for i, v in enumerate(value):
            yield from _leaves(v, f"{prefix}[{i}]")
    else:
        yield prefix, value
