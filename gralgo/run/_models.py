"""Model specs from ``conf/model/*.yaml`` and the checks run before a sweep starts."""

from __future__ import annotations

import os
import urllib.error
import urllib.request
from collections.abc import Mapping
from dataclasses import asdict, fields
from typing import Any

from gralgo.config import ModelConfig
from gralgo.errors import ConfigError
from gralgo.ledger import ModelSpec, SamplingParams
from gralgo.redaction import (
    SAFE_REQUEST_KEYS_HINT,
    is_conventional_env_name,
    is_env_name,
    unsafe_request_keys,
)

_SAMPLING_FIELDS = tuple(f.name for f in fields(SamplingParams))


def model_spec_from_config(cfg: Mapping[str, Any] | ModelConfig) -> ModelSpec:
    """Build a :class:`ModelSpec` from the ``model`` group (typed, or a plain mapping); without
    ``api_base``, an endpoint the environment sets for the model is taken as its ``api_base``
    (``_endpoint_env``)."""
    cfg = _as_plain_mapping(cfg)
    name = _required_str(cfg, "name")
    litellm_model = _required_str(cfg, "litellm_model")
    api_base = _optional_str(cfg, "api_base")
    api_key_env = _optional_str(cfg, "api_key_env")
    if api_key_env is not None and not is_env_name(api_key_env):
        # A value that is not a variable name is most likely a pasted key: never echo it.
        raise ConfigError(
            "model.api_key_env must be the NAME of an environment variable (e.g. OPENAI_API_KEY), "
            "not the key itself"
        )
    extra_body = cfg.get("extra_body") or {}
    if not isinstance(extra_body, Mapping):
        raise ConfigError("model.extra_body must be a mapping")
    unsafe = unsafe_request_keys(extra_body, "model.extra_body")
    if unsafe:  # a field that may carry a key would be stored with the spec: never
        raise ConfigError(f"{unsafe[0]} is not accepted: {SAFE_REQUEST_KEYS_HINT}")
    drop_params = cfg.get("drop_params") or ()
    if isinstance(drop_params, str) or not all(isinstance(p, str) for p in drop_params):
        raise ConfigError("model.drop_params must be a list of parameter names")
    unknown = sorted(set(drop_params) - set(_SAMPLING_FIELDS))
    if unknown:
        raise ConfigError(
            f"model.drop_params: unknown parameter(s) {', '.join(unknown)}; "
            f"valid: {', '.join(_SAMPLING_FIELDS)}"
        )
    if not api_base:  # litellm would read it from the environment: make it explicit
        from gralgo.run._endpoint_env import endpoint_from_environment

        api_base = endpoint_from_environment(litellm_model)
    return ModelSpec(
        name=name,
        litellm_model=litellm_model,
        api_base=api_base.rstrip("/") if api_base else None,
        api_key_env=api_key_env,
        extra_body=_plain(extra_body),
        drop_params=tuple(sorted(set(drop_params))),
    )


def sampling_overrides_from_config(cfg: Mapping[str, Any] | ModelConfig) -> dict[str, Any]:
    """The optional ``sampling:`` block of a model config (applied over the run's defaults).

    Null values (the schema's defaults) keep the run's value.
    """
    cfg = _as_plain_mapping(cfg)
    overrides = {k: v for k, v in dict(cfg.get("sampling") or {}).items() if v is not None}
    unknown = sorted(set(overrides) - set(_SAMPLING_FIELDS))
    if unknown:
        raise ConfigError(
            f"model.sampling: unknown parameter(s) {', '.join(unknown)}; "
            f"valid: {', '.join(_SAMPLING_FIELDS)}"
        )
    return overrides


def report_dropped_params(spec: ModelSpec, sampling: SamplingParams) -> tuple[str, ...]:
    """Sampling parameters that are set but will not be sent to this provider (sorted)."""
    configured = {f for f in _SAMPLING_FIELDS if getattr(sampling, f) is not None}
    return tuple(sorted(configured & set(spec.drop_params)))


def preflight(spec: ModelSpec, *, timeout_s: float = 5.0) -> None:
    """Fail fast, naming the config field to fix: missing key, unknown model, dead server."""
    check_api_key(spec)
    check_provider(spec)
    if spec.api_base is not None:
        check_reachable(spec.api_base, timeout_s=timeout_s)


def check_api_key(spec: ModelSpec) -> None:
    """The variable named by ``model.api_key_env`` is set and non-empty (value never shown)."""
    if spec.api_key_env is None:
        return
    if not os.environ.get(spec.api_key_env, "").strip():
        if not is_conventional_env_name(spec.api_key_env):  # may be a pasted key: not shown
            raise ConfigError(
                "model.api_key_env names no set environment variable (its value is not shown: "
                "it may be a key); name the variable that holds the key, e.g. OPENAI_API_KEY"
            )
        raise ConfigError(
            f"model.api_key_env: environment variable {spec.api_key_env} is not set "
            f"(export {spec.api_key_env}=... before running model={spec.name}, "
            "or point model.api_key_env at the variable that holds the key)"
        )


def check_provider(spec: ModelSpec) -> None:
    """litellm can route ``model.litellm_model`` to a provider."""
    from gralgo.run._direct_client import self_hosted

    if self_hosted(spec.litellm_model):
        return  # providers litellm always routes (and the direct client may call without it)
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    import litellm  # lazy: heavy import

    try:
        litellm.get_llm_provider(spec.litellm_model, api_base=spec.api_base)
    except Exception as exc:  # litellm raises its own BadRequestError subclasses
        raise ConfigError(
            f"model.litellm_model: litellm does not know how to call {spec.litellm_model!r}; "
            "use '<provider>/<model>' (e.g. openai/gpt-5-mini, hosted_vllm/Qwen/Qwen3-32B), "
            "see https://docs.litellm.ai/docs/providers"
        ) from exc


def check_reachable(api_base: str, *, timeout_s: float = 5.0) -> None:
    """Something answers HTTP at ``api_base`` (any status counts: auth errors come later)."""
    url = api_base.rstrip("/") + "/models"
    try:
        with urllib.request.urlopen(url, timeout=timeout_s):
            pass
    except urllib.error.HTTPError:
        return  # the server answered; 401/404 are not reachability problems
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", exc)
        raise ConfigError(
            f"model.api_base: no server answers at {api_base} (GET {url}: {reason}); "
            "start the server or fix model.api_base"
        ) from exc


def _as_plain_mapping(cfg: Mapping[str, Any] | ModelConfig) -> Mapping[str, Any]:
    """Plain data of a typed model config (a mapping is taken as it is)."""
    return asdict(cfg) if isinstance(cfg, ModelConfig) else cfg


def _required_str(cfg: Mapping[str, Any], key: str) -> str:
    value = cfg.get(key)
    if value == "???":
        raise ConfigError(f"model.{key} is required: set it, e.g. model.{key}=...")
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"model.{key} is required (a non-empty string)")
    return value


def _optional_str(cfg: Mapping[str, Any], key: str) -> str | None:
    value = cfg.get(key)
    if value is None:
        return None
    if value == "???":
        raise ConfigError(f"model.{key} is required: set it, e.g. model.{key}=...")
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"model.{key} must be a non-empty string or null")
    return value


def _plain(value: Any) -> Any:
    """Deep-copy mappings/lists into plain dicts/lists (e.g. out of an OmegaConf node)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value
