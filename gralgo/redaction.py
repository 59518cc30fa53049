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
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
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
FOLDS_TO_ASCII = "\u0130\u0131\u017f\u212a"
"""The characters other than ASCII letters that an ASCII letter matches under
``re.IGNORECASE`` (İ and ı match ``i``, ſ ``s``, the Kelvin sign ``k``): a case-folded
pattern's clue may be spelled with them, so a text holding one is scanned whatever its clues."""

# A name is secret-looking when one of its words (split at ``_``, ``-``, ``.``, spaces and
# camelCase) is one of _SECRET_WORDS, or it contains one of _SECRET_PARTS anywhere.
_SECRET_WORDS = frozenset(
    {
        "key", "keys", "apikey", "token", "auth", "pwd", "pass", "passphrase",
        "sig", "signature", "jwt", "cred", "creds", "pat", "sas", "otp",
    }
)  # fmt: skip
_SECRET_PARTS = (
    "secret", "password", "passwd", "credential", "bearer", "authorization", "apikey",
    "accesstoken", "authtoken", "refreshtoken", "idtoken", "sessiontoken", "privatekey", "cookie",
)  # fmt: skip
_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")
# Names that *name* a secret's environment variable, or count tokens: not secrets themselves.
_SAFE_NAME = re.compile(r"(_env|_env_var|_name|_path|_file|_tokens)$", re.IGNORECASE)
_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,127}$")

SAFE_REQUEST_KEYS = frozenset(
    {
        # OpenAI-compatible sampling and output fields
        "temperature", "top_p", "top_k", "min_p", "typical_p", "seed", "n", "stop",
        "max_tokens", "max_completion_tokens", "max_output_tokens", "presence_penalty",
        "frequency_penalty", "repetition_penalty", "length_penalty", "logprobs",
        "top_logprobs", "logit_bias", "response_format", "type", "json_schema", "schema",
        "strict", "name", "description", "service_tier", "verbosity", "parallel_tool_calls",
        "reasoning_effort", "reasoning", "effort", "summary", "include_reasoning",
        "exclude", "enabled",
        # vLLM / SGLang / llama.cpp
        "chat_template_kwargs", "enable_thinking", "thinking", "thinking_budget",
        "skip_special_tokens", "spaces_between_special_tokens", "include_stop_str_in_output",
        "ignore_eos", "min_tokens", "use_beam_search", "best_of", "guided_json",
        "guided_regex", "guided_choice", "guided_grammar", "guided_decoding_backend",
        "add_generation_prompt", "continue_final_message", "echo", "cache_prompt",
        "n_probs", "mirostat", "mirostat_tau", "mirostat_eta", "grammar", "priority",
        # Anthropic, Gemini, Ollama
        "budget_tokens", "thinking_config", "include_thoughts", "safety_settings",
        "category", "threshold", "generation_config", "options", "num_ctx", "num_predict",
        "keep_alive", "think", "format", "top_a", "provider", "order",
        "allow_fallbacks", "require_parameters", "data_collection", "sort", "models",
        "transforms", "route",
    }
)  # fmt: skip
"""Keys a model's ``extra_body`` may hold, at any depth: fields known to be harmless. Any other
key might carry a key or token (``X-Api-Key``, ``accessToken``, ``auth``...) and would be
written to the run folder, the ledger and MLflow, so it is refused before anything is written."""
SAFE_REQUEST_KEYS_HINT = (
    "only request fields known to be harmless are accepted in model.extra_body (see "
    "gralgo.redaction.SAFE_REQUEST_KEYS); a key or token goes in an environment variable named "
    "by model.api_key_env, which is sent as the request's credentials and never written"
)

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
    """Whether a config key, request field, header or variable name looks like it holds a
    secret (``X-Api-Key``, ``accessToken``, ``auth``, ``OPENAI_API_KEY``; not ``api_key_env``,
    ``max_tokens`` nor ``tokenizer``)."""
    if _SAFE_NAME.search(name):
        return False
    fused = re.sub(r"[^a-z0-9]", "", name.lower())
    if any(part in fused for part in _SECRET_PARTS):
        return True
    return any(word.lower() in _SECRET_WORDS for word in _WORD.findall(name))


_TOKEN_TEXT = re.compile(r"^[A-Za-z0-9_\-+=.~]+$")
_HEX = re.compile(r"^[0-9a-fA-F-]{32,}$")


def is_secret_value(text: str) -> bool:
    """Whether ``text`` looks like a key or token: one of :data:`SECRET_PATTERNS`, or one word
    of 24+ characters mixing upper case, lower case and digits, or 32+ hex digits."""
    if has_key_shape(text):
        return True
    word = text.strip()
    if _HEX.match(word) and sum(c.isalnum() for c in word) >= 32:
        return True
    return (
        len(word) >= 24
        and bool(_TOKEN_TEXT.match(word))
        and any(c.isdigit() for c in word)
        and any(c.islower() for c in word)
        and any(c.isupper() for c in word)
    )


def looks_random(text: str) -> bool:
    """A long string with lower case and digits: a pasted key, not a variable name."""
    return (
        len(text) >= 24
        and any(c.isdigit() for c in text)
        and any(c.islower() for c in text)
        and not text.isupper()
    )


def is_env_name(text: str) -> bool:
    """Whether ``text`` can be the NAME of an environment variable (and is not a pasted key)."""
    return bool(_ENV_NAME.match(text)) and not is_secret_value(text) and not looks_random(text)


def is_conventional_env_name(text: str) -> bool:
    """An upper-case variable name (``OPENAI_API_KEY``): safe to show in a message."""
    return is_env_name(text) and text == text.upper() and not text[:1].isdigit()


def unsafe_request_keys(body: Mapping[str, Any], prefix: str) -> list[str]:
    """The dotted keys of ``body`` (at any depth) outside :data:`SAFE_REQUEST_KEYS`, or under a
    secret-looking name, and those whose value looks like a key (the value never shown)."""
    found: list[str] = []
    for key, value in body.items():
        where = f"{prefix}.{key}"
        if str(key) not in SAFE_REQUEST_KEYS or is_secret_name(str(key)):
            found.append(where)
            continue
        items = value if isinstance(value, list | tuple) else [value]
        for item in items:
            if isinstance(item, Mapping):
                found.extend(unsafe_request_keys(item, where))
            elif isinstance(item, str) and is_secret_value(item):
                found.append(where)
    return found


def has_key_shape(text: str) -> bool:
    """Whether ``text`` holds something shaped like a key or token."""
    return scrub_patterns(text) != text


def scrub_patterns(text: str, mask: str = REDACTED) -> str:
    """``text`` with every :data:`SECRET_PATTERNS` match replaced by ``mask``."""
    lowered: str | None = None
    folds: bool | None = None
    for pattern, (clues, folded) in zip(SECRET_PATTERNS, PATTERN_CLUES, strict=True):
        haystack = text
        if folded:
            lowered = text.lower() if lowered is None else lowered
            haystack = lowered
        if not any(clue in haystack for clue in clues):
            if not folded:
                continue
            folds = any(c in text for c in FOLDS_TO_ASCII) if folds is None else folds
            if not folds:
                continue
        masked = pattern.sub(mask, text)
        if masked != text:
            text, lowered = masked, None
    return text


@dataclass(frozen=True)
class ByteClues:
    """What the UTF-8 bytes of every text :func:`redact` changes hold (see :func:`byte_clues`):
    a known value, a case-sensitive pattern's start, or a case-folded pattern's clue once
    :data:`FOLDS_TO_ASCII` are spelled in ASCII and the bytes lowered. Bytes holding none
    decode to a text :func:`redact` leaves as it is: a few substring searches in bytes instead
    of decoding, lowering and searching the text (about twice as fast on a large file)."""

    values: tuple[bytes, ...]
    starts: tuple[re.Pattern[bytes], ...]
    folded: tuple[bytes, ...]

    def found(self, data: bytes) -> bool:
        """Whether ``data`` holds one of the clues (it then must be scanned as text)."""
        if any(value in data for value in self.values):
            return True
        if any(start.search(data) for start in self.starts):
            return True
        for char, letter in _FOLD_BYTES:
            if char in data:
                data = data.replace(char, letter)
        lowered = data.lower()
        return any(clue in lowered for clue in self.folded)


_FOLD_BYTES = tuple(
    (char.encode("utf-8"), letter)
    for char, letter in zip(FOLDS_TO_ASCII, (b"i", b"i", b"s", b"k"), strict=True)
)
"""Each of :data:`FOLDS_TO_ASCII` in UTF-8 with the ASCII letter it matches."""


_FOLD_TABLE = {ord(char.decode()): letter.decode() for char, letter in _FOLD_BYTES}
_FOLDED_CLUES = tuple(c for clues, folded in PATTERN_CLUES if folded for c in clues)


def quote_may_be_inside_a_match(before: str) -> bool:
    """Whether a ``"`` right after ``before`` may lie inside a match of
    :data:`SECRET_PATTERNS`: only ``api_key="…"``-like shapes allow one, right after the key's
    name or after ``:`` / ``=`` and spaces. A file is cut into pieces only before a quote for
    which this is false."""
    last = before[-1:]
    if last.isspace() or last in (":", "="):
        return True
    tail = before[-max(map(len, _FOLDED_CLUES)) :].translate(_FOLD_TABLE).lower()
    return tail.endswith(_FOLDED_CLUES)


def quote_may_be_inside_a_match_bytes(before: bytes) -> bool:
    """:func:`quote_may_be_inside_a_match` for UTF-8 bytes (a byte of a character other than
    ASCII before the quote counts as a space: it may be one; ``\\x1c``-``\\x1f`` are spaces
    to ``\\s`` though not to ``bytes.isspace``)."""
    last = before[-1:]
    if last and (last[0] >= 0x80 or chr(last[0]).isspace() or last in (b":", b"=")):
        return True
    tail = before[-3 * max(map(len, _FOLDED_CLUES)) :]
    for char, letter in _FOLD_BYTES:
        tail = tail.replace(char, letter)
    return tail.lower().endswith(tuple(c.encode() for c in _FOLDED_CLUES))


def _start_in_bytes(pattern: re.Pattern[str]) -> re.Pattern[bytes]:
    r"""The bytes that begin every match of a case-sensitive :data:`SECRET_PATTERNS` entry:
    its ``\b`` dropped and its closing ``{N,}`` cut to ``{N}`` (its classes are ASCII, so a
    match's UTF-8 bytes are its characters)."""
    source = pattern.pattern
    if pattern.flags & re.IGNORECASE or not (source.startswith(r"\b") and source.endswith(",}")):
        raise ValueError(f"no bytes form for the secret pattern {source!r}")
    return re.compile(source[2:-2].encode("ascii") + b"}")


def byte_clues(secrets: Iterable[str | None] = ()) -> ByteClues:
    """The :class:`ByteClues` of :func:`redact` with the known values ``secrets``."""
    starts = [
        _start_in_bytes(pattern)
        for pattern, (_, folded) in zip(SECRET_PATTERNS, PATTERN_CLUES, strict=True)
        if not folded
    ]
    folded = [c.encode("ascii") for clues, f in PATTERN_CLUES if f for c in clues]
    values = tuple(v.encode("utf-8") for v in known_secrets(secrets))
    return ByteClues(values, tuple(starts), tuple(folded))


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
    web = parts.scheme.lower() in ("http", "https")  # not a file path (sqlite:///..., file:)
    if has_key_shape(parts.path) or any(
        is_secret_value(seg) or (web and is_secret_name(seg)) for seg in parts.path.split("/")
    ):
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
    path = "/".join(REDACTED if is_secret_value(seg) else seg for seg in parts.path.split("/"))
    return urlunsplit((parts.scheme, netloc, scrub_patterns(path), query, fragment))
