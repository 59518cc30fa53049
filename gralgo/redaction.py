"""The one place that knows what a secret looks like, and how it is masked.

Config checks (refuse a literal key), reports and MLflow (scrub before writing), the runner
(error messages, echoed keys in answers and logprob tokens) and the ledger's request
descriptions all use these patterns, lengths and masks:

* :data:`SECRET_PATTERNS`: key shapes (``sk-…``, ``AIza…``, GitHub and Hugging Face tokens,
  ``Bearer …``, ``api_key=…``), each with at least :data:`MIN_PATTERN_CHARS` secret characters;
* known values (the API key in use, variables a config names): masked when at least
  :data:`MIN_KNOWN_CHARS` long, longest first, so a value that contains another is masked whole;
* URLs: only query keys in an allow-list are accepted (:func:`url_secret_parts`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Sequence
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

REDACTED = "***REDACTED***"
"""What a secret is replaced with, everywhere."""
MIN_PATTERN_CHARS = 8
"""Secret characters a key shape needs (shorter ones would mask ordinary words)."""
MIN_KNOWN_CHARS = 6
"""Shortest known secret value that is masked (shorter ones would mask ordinary words)."""
MIN_FOUND_CHARS = 8
"""Shortest value of a variable found by its secret-looking name (not named by a config)."""

_N = MIN_PATTERN_CHARS
SECRET_PATTERNS: tuple[re.Pattern[str], ...] = (
    re.compile(rf"\bsk-[A-Za-z0-9_\-]{{{_N},}}"),  # OpenAI / DeepSeek / Anthropic (sk-ant-...)
    re.compile(rf"\bAIza[0-9A-Za-z_\-]{{{max(_N, 20)},}}"),  # Google API keys
    re.compile(rf"\b(?:ghp|gho|ghs|github_pat)_[A-Za-z0-9_]{{{max(_N, 16)},}}"),
    re.compile(rf"\bhf_[A-Za-z0-9]{{{max(_N, 16)},}}"),
    re.compile(rf"(?i)\bBearer\s+[A-Za-z0-9._~+/=\-]{{{_N},}}"),
    re.compile(
        r"(?i)\b(?:api[_-]?key|x-api-key|authorization)['\"]?\s*[:=]\s*['\"]?"
        rf"[^\s'\",;*]{{{_N},}}"
    ),
)
"""Shapes of keys and tokens, applied in this order (``Bearer`` before ``Authorization:``)."""
# Text every match of the pattern contains (lower case for the case-folded ones): a text
# without it is not scanned (the scan is ~10x slower than a find).
PATTERN_CLUES: tuple[tuple[tuple[str, ...], bool], ...] = (
    (("sk-",), False),
    (("AIza",), False),
    (("ghp_", "gho_", "ghs_", "github_pat_"), False),
    (("hf_",), False),
    (("bearer",), True),
    (("api_key", "api-key", "apikey", "authorization"), True),
)

_SECRET_NAME = re.compile(
    r"(key|token|secret|password|passwd|authorization|credential)", re.IGNORECASE
)
# Names that *name* a secret's environment variable, or count tokens: not secrets themselves.
_SAFE_NAME = re.compile(r"(_env|_env_var|_name|_path|_file|_tokens)$", re.IGNORECASE)

API_BASE_QUERY_KEYS = frozenset(
    {"api-version", "api_version", "version", "deployment", "model", "region"}
)
"""Query keys an ``api_base`` may carry (nothing else: a key or token must not be stored)."""
POSTGRES_QUERY_KEYS = frozenset(
    {
        "sslmode", "sslrootcert", "sslcert", "sslkey", "sslcrl", "sslcompression", "passfile",
        "connect_timeout", "application_name", "target_session_attrs", "gssencmode",
        "channel_binding", "keepalives", "keepalives_idle", "keepalives_interval",
        "keepalives_count", "tcp_user_timeout", "load_balance_hosts",
    }
)  # fmt: skip
"""Query keys a PostgreSQL ``ledger.url`` may carry (file paths and settings, never a password)."""


def is_secret_name(name: str) -> bool:
    """Whether a config key or variable name looks like it holds a secret (``api_key_env`` and
    ``max_tokens`` do not)."""
    return bool(_SECRET_NAME.search(name)) and not _SAFE_NAME.search(name)


def has_key_shape(text: str) -> bool:
    """Whether ``text`` holds something shaped like a key or token."""
    return scrub_patterns(text) != text


def scrub_patterns(text: str, mask: str = REDACTED) -> str:
    """``text`` with every :data:`SECRET_PATTERNS` match replaced by ``mask``."""
    lowered: str | None = None
    for pattern, (clues, folded) in zip(SECRET_PATTERNS, PATTERN_CLUES, strict=True):
        haystack = text
        if folded:
            lowered = text.lower() if lowered is None else lowered
            haystack = lowered
        if any(clue in haystack for clue in clues):
            masked = pattern.sub(mask, text)
            if masked != text:
                text, lowered = masked, None
    return text


def known_secrets(values: Iterable[str | None]) -> tuple[str, ...]:
    """The values worth masking, longest first (a value that contains another goes first)."""
    kept = {v for v in values if v and len(v) >= MIN_KNOWN_CHARS}
    return tuple(sorted(kept, key=lambda v: (-len(v), v)))


def mask_known(text: str, secrets: Iterable[str | None], mask: str = REDACTED) -> str:
    """``text`` with each known secret value masked, longest first; never truncates nor
    guesses (for model answers, which must stay intact except for an echoed key)."""
    for value in known_secrets(secrets):
        text = text.replace(value, mask)
    return text


def redact(text: str, secrets: Iterable[str | None] = (), mask: str = REDACTED) -> str:
    """``text`` with known secret values and every key shape masked."""
    return scrub_patterns(mask_known(text, secrets, mask), mask)


def redact_tokens(
    tokens: Sequence[str], secrets: Iterable[str | None], mask: str = REDACTED
) -> tuple[str, ...]:
    """Generated tokens with every token that spells part of a known secret masked (a key is
    usually split over several tokens); the number of tokens is kept (logprobs align)."""
    values = known_secrets(secrets)
    joined = "".join(tokens)
    spans: list[tuple[int, int]] = []
    for value in values:
        start = joined.find(value)
        while start >= 0:
            spans.append((start, start + len(value)))
            start = joined.find(value, start + 1)
    for pattern in SECRET_PATTERNS:
        spans.extend(m.span() for m in pattern.finditer(joined))
    if not spans:
        return tuple(tokens)
    out: list[str] = []
    pos = 0
    for token in tokens:
        end = pos + len(token)
        hit = any(s < end and pos < e for s, e in spans) if token else False
        out.append(mask if hit else token)
        pos = end
    return tuple(out)


def environ_copy() -> dict[str, str]:
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
    values = {v for v in values if len(v) >= MIN_KNOWN_CHARS}
    values |= {
        v for k, v in environ_copy().items() if is_secret_name(k) and len(v) >= MIN_FOUND_CHARS
    }
    return list(known_secrets(values))


def scrubber(env_names: Iterable[str] = ()) -> Callable[[str], str]:
    """:func:`redact` with the environment's secrets read once (for many texts)."""
    values = tuple(secret_values(env_names))

    def scrub(text: str) -> str:
        return redact(text, values)

    return scrub


def url_secret_parts(
    url: str, allowed_query: frozenset[str], allow_user: bool = False
) -> list[str]:
    """The parts of ``url`` that may hold a secret: a password, a user name (unless
    ``allow_user``), a fragment, a query key outside ``allowed_query``, a key-shaped path."""
    try:
        parts = urlsplit(url)
        password, username = parts.password, parts.username
    except ValueError:
        return ["an unparsable URL"]
    found: list[str] = []
    if password is not None:
        found.append("a password")
    if username is not None and not allow_user:
        found.append("a user name")
    if parts.fragment:
        found.append("a #fragment")
    for name, _ in parse_qsl(parts.query, keep_blank_values=True):
        if name.lower() not in allowed_query:
            found.append(f"the query key {name!r}")
    if has_key_shape(parts.path):
        found.append("a key in its path")
    return found


def redact_url(url: str, allowed_query: frozenset[str] = API_BASE_QUERY_KEYS) -> str:
    """``url`` without userinfo, with query values outside ``allowed_query`` and key shapes
    masked (for messages and stored descriptions)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return REDACTED
    netloc = parts.netloc
    if "@" in netloc:
        netloc = REDACTED + "@" + netloc.rsplit("@", 1)[1]
    query = "&".join(
        urlencode([(k, v)]) if k.lower() in allowed_query else f"{k}={REDACTED}"
        for k, v in parse_qsl(parts.query, keep_blank_values=True)
    )
    fragment = REDACTED if parts.fragment else ""
    return urlunsplit((parts.scheme, netloc, scrub_patterns(parts.path), query, fragment))
