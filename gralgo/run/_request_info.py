"""What the ledger stores about a request, with every secret removed first."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from gralgo import redaction
from gralgo.ledger import ModelSpec, Request, RequestInfo, SamplingParams
from gralgo.run._call_errors import redact

if TYPE_CHECKING:
    from gralgo.dataset import Instance


def redact_url(url: str) -> str:
    """``url`` without userinfo and with query values outside the allow-list masked."""
    return redaction.redact_url(url, redaction.API_BASE_QUERY_KEYS)


def _redact_value(value: Any, name: str = "") -> Any:
    if isinstance(value, dict):
        return {
            k: redaction.REDACTED
            if k not in redaction.SAFE_REQUEST_KEYS or redaction.is_secret_name(str(k))
            else _redact_value(v, str(k))
            for k, v in value.items()
        }
    if isinstance(value, (list, tuple)):
        return [_redact_value(v, name) for v in value]
    if isinstance(value, str):
        secret = redaction.is_secret_name(name) or redaction.is_secret_value(value)
        return redaction.REDACTED if secret and value else redact(value)
    return value


def redacted_model_spec(spec: ModelSpec) -> dict[str, Any]:
    """The spec as plain data, safe to store: no URL credentials, no key-like values.

    ``api_key_env`` is kept only when it looks like an environment variable name (a key pasted
    there by mistake is masked).
    """
    data = asdict(spec)
    if spec.api_base:
        data["api_base"] = redact_url(spec.api_base)
    if spec.api_key_env and not redaction.is_env_name(spec.api_key_env):
        data["api_key_env"] = redaction.REDACTED
    data["extra_body"] = _redact_value(spec.extra_body)
    data["drop_params"] = list(spec.drop_params)
    return data


def redact_known(text: str | None, secrets: Iterable[str]) -> str | None:
    """``text`` with each known secret value (e.g. the API key in use) masked, longest first.

    Unlike :func:`gralgo.run._call_errors.redact` this never truncates nor guesses: it is applied to
    model answers, which must stay intact except for a key the model echoed.
    """
    return None if text is None else redaction.mask_known(text, secrets)


_dumps = json.JSONEncoder(sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode
"""``json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))``."""

_LAST: dict[str, tuple[object, str]] = {}
"""The last model spec and sampling described, with their text: a job's requests share both."""


def _described(kind: str, value: ModelSpec | SamplingParams) -> str:
    """The stored text of ``value`` (a frozen record), made once per object in a row."""
    last = _LAST.get(kind)
    if last is not None and last[0] is value:
        return last[1]
    data = redacted_model_spec(value) if isinstance(value, ModelSpec) else asdict(value)
    text = _dumps(data)
    _LAST[kind] = (value, text)
    return text


def describe_request(request: Request, instance: Instance, fmt: str) -> RequestInfo:
    """The ``requests``-table row for ``request``, built from ``instance`` in format ``fmt``."""
    messages = request.stored_messages()  # first: it makes the key too, escaping the prompt once
    return RequestInfo(
        request_key=request.key,
        instance_id=instance.id,
        task=instance.task,
        taxonomy=instance.taxonomy,
        complexity=instance.complexity,
        level=instance.level,
        format=fmt,
        context=instance.context,
        mode=request.mode,
        answer_kind=instance.answer_kind,
        expected=instance.prompts[fmt].answer,
        model_spec=_described("model", request.model),
        sampling=_described("sampling", request.sampling),
        messages=messages,
    )
