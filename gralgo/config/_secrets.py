"""Refuse literal secrets in the config: keys live in environment variables, named by
``model.api_key_env``. Messages never echo the refused value."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from gralgo.errors import ConfigError

_SECRET_NAME = re.compile(
    r"^(api_?key|key|token|access_token|auth_token|secret|client_secret|password|passwd"
    r"|authorization|credentials?|.*_(key|token|secret|password))$",
    re.IGNORECASE,
)
_QUERY_SECRET = re.compile(
    r"^(api_?key|key|token|access_token|auth|secret|password|sig|signature)$", re.IGNORECASE
)
_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,127}$")
_KEY_LIKE = re.compile(
    r"(\bsk-[A-Za-z0-9_\-]{8,}|\bAIza[0-9A-Za-z_\-]{20,}|\b(?:ghp|gho|ghs|github_pat)_[A-Za-z0-9_]{16,}"
    r"|\bhf_[A-Za-z0-9]{16,}|\bBearer\s+\S{8,})"
)
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
        if not _ENV_NAME.match(text) or _KEY_LIKE.search(text) or _looks_random(text):
            raise ConfigError(
                f"{key} must be the NAME of an environment variable (e.g. OPENAI_API_KEY), "
                f"not the key itself; {USE_ENV}"
            )
        return
    if _SECRET_NAME.match(last):
        raise ConfigError(f"{key}: literal secrets are not accepted; {USE_ENV}")
    if last == "api_base" or last.endswith(("_url", "_uri")) or last == "url":
        if key == "ledger.url":  # a database URL may name its user; a password never
            if urlsplit(text).password:
                raise ConfigError(
                    f"{key} must not hold a password (it would be written to the run folder "
                    "and MLflow): put it in PGPASSWORD or ~/.pgpass"
                )
        elif url_has_credentials(text):
            raise ConfigError(
                f"{key} must not carry credentials (user:password@ or a key/token query "
                f"parameter); {USE_ENV}"
            )
    if _KEY_LIKE.search(text):
        raise ConfigError(f"{key}: the value looks like an API key; {USE_ENV}")


def url_has_credentials(url: str) -> bool:
    """Whether ``url`` holds userinfo or a key/token query parameter."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    if parts.username or parts.password:
        return True
    return any(_QUERY_SECRET.match(name) for name, _ in parse_qsl(parts.query))


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
