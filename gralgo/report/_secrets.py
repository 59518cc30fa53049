"""Keep secrets out of config snapshots, MLflow params, logs and artifacts."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

REDACTED = "***REDACTED***"

_SECRET_KEY = re.compile(
    r"(key|token|secret|password|passwd|authorization|credential)", re.IGNORECASE
)
# Keys that *name* a secret's environment variable, or count tokens: not secrets themselves.
_SAFE_KEY = re.compile(r"(_env|_env_var|_name|_path|_file|_tokens)$", re.IGNORECASE)
_SECRET_PATTERNS = (
    re.compile(r"\bsk-[A-Za-z0-9_\-]{8,}"),  # OpenAI / DeepSeek / Anthropic (sk-ant-...)
    re.compile(r"\bAIza[0-9A-Za-z_\-]{20,}"),  # Google API keys
    re.compile(r"\b(?:ghp|gho|ghs|github_pat)_[A-Za-z0-9_]{16,}"),
    re.compile(r"\bhf_[A-Za-z0-9]{16,}"),
    re.compile(r"(?i)\bBearer\s+[A-Za-z0-9._~+/=\-]{8,}"),
)
# Text every match of the pattern at the same position contains (lower case for the last,
# which ignores case): a text without it is not scanned (the scan is ~10x slower than a find).
_PATTERN_CLUES: tuple[tuple[tuple[str, ...], bool], ...] = (
    (("sk-",), False),
    (("AIza",), False),
    (("ghp_", "gho_", "ghs_", "github_pat_"), False),
    (("hf_",), False),
    (("bearer",), True),
)
_MIN_SECRET_LEN = 6  # shorter env values would mask ordinary words
_MIN_AUTO_SECRET_LEN = 8  # for variables found by name pattern rather than named in a config


def is_secret_key(key: str) -> bool:
    """Whether a config key looks like it holds a secret value (``api_key_env`` does not)."""
    return bool(_SECRET_KEY.search(key)) and not _SAFE_KEY.search(key)


def redact_config(cfg: Mapping[str, Any]) -> dict[str, Any]:
    """A deep copy of ``cfg`` with secret-looking values masked and key patterns scrubbed.

    Values under secret-looking keys become :data:`REDACTED`; every string elsewhere is passed
    through :func:`scrub_text`, using the environment variables that ``cfg`` names in any
    ``*_env`` field.
    """
    env_names = sorted(set(_env_names_in(cfg)))
    return _redact_mapping(cfg, env_names)


def scrub_text(text: str, env_names: Iterable[str] = ()) -> str:
    """Replace secret values with :data:`REDACTED`.

    Masks the values of the named environment variables, of every environment variable whose
    name looks secret (``*_API_KEY``, ``*_TOKEN``...), and common key patterns (``sk-...``,
    ``Bearer ...``).
    """
    for value in secret_values(env_names):
        text = text.replace(value, REDACTED)
    return _scrub_patterns(text)


def _scrub_patterns(text: str) -> str:
    """``text`` with every :data:`_SECRET_PATTERNS` match masked."""
    lowered: str | None = None
    for pattern, (clues, folded) in zip(_SECRET_PATTERNS, _PATTERN_CLUES, strict=True):
        haystack = text
        if folded:
            lowered = text.lower() if lowered is None else lowered
            haystack = lowered
        if any(clue in haystack for clue in clues):
            masked = pattern.sub(REDACTED, text)
            if masked != text:
                text, lowered = masked, None
    return text


def _environ() -> dict[str, str]:
    """A copy of the environment; other threads (MLflow's telemetry) may change it meanwhile."""
    for _ in range(10):
        try:
            return dict(os.environ)
        except (KeyError, RuntimeError):  # a variable vanished while it was being copied
            continue
    return dict(os.environ)  # never scrub against a partial view: let a persistent race raise


def secret_values(env_names: Iterable[str] = ()) -> list[str]:
    """Current values of the named variables and of secret-looking ones, longest first."""
    values = {os.environ.get(name, "") for name in env_names}
    values = {v for v in values if len(v) >= _MIN_SECRET_LEN}
    values |= {
        v for k, v in _environ().items() if is_secret_key(k) and len(v) >= _MIN_AUTO_SECRET_LEN
    }
    # Longest first, so a value that contains another is masked whole.
    return sorted(values, key=lambda v: (-len(v), v))


def secret_env_names(cfg: Mapping[str, Any]) -> list[str]:
    """Names of environment variables that ``cfg`` says hold secrets (``*_env`` fields)."""
    return sorted(set(_env_names_in(cfg)))


def _redact_mapping(value: Mapping[Any, Any], env_names: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in sorted(value, key=str):
        item = value[key]
        if is_secret_key(str(key)) and item is not None and not isinstance(item, Mapping):
            out[str(key)] = REDACTED
        else:
            out[str(key)] = _redact(item, env_names)
    return out


def _redact(value: Any, env_names: list[str]) -> Any:
    if isinstance(value, Mapping):
        return _redact_mapping(value, env_names)
    if isinstance(value, list | tuple):
        return [_redact(v, env_names) for v in value]
    if isinstance(value, str):
        return scrub_text(value, env_names)
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
    values = secret_values(env_names)

    def scrub(text: str) -> str:
        for value in values:
            text = text.replace(value, REDACTED)
        return _scrub_patterns(text)

    return scrub


def scrub_texts(texts: Iterable[Any], env_names: Iterable[str] = ()) -> list[Any]:
    """:func:`scrub_text` over many values (non-strings kept), reading the secrets once."""
    scrub = secret_scrubber(env_names)
    return [scrub(t) if isinstance(t, str) else t for t in texts]
