"""litellm's side of a call: importing it quietly, and turning a response into ledger fields."""

from __future__ import annotations

import os
from typing import Any

from gralgo.run._call_errors import MalformedResponseError


def load_litellm() -> Any:
    """Import litellm (offline price map, quiet) and return the module.

    Measured with litellm 1.110.2: its per-call price lookup and success-logging payload are
    unconditional, and none of its switches (``logging``, ``turn_off_message_logging``,
    ``disable_streaming_logging``, ``disable_token_counter``, an explicit httpx client) raised
    throughput; these settings only keep secrets and noise out of its output.
    """
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    import litellm

    litellm.suppress_debug_info = True
    litellm.turn_off_message_logging = True
    litellm.disable_streaming_logging = True
    return litellm


def _reasoning_text(message: Any) -> str | None:
    text = getattr(message, "reasoning_content", None)
    if text:
        return str(text)
    blocks = getattr(message, "thinking_blocks", None) or []
    parts = [
        str(b.get("thinking", "")) for b in blocks if isinstance(b, dict) and b.get("thinking")
    ]
    return "\n".join(parts) if parts else text


def _response_cost(litellm: Any, response: Any) -> float | None:
    """USD cost of a response, or None when litellm does not know the model's price."""
    hidden = getattr(response, "_hidden_params", None) or {}
    if "response_cost" in hidden:  # litellm already priced it (None: price unknown)
        cost = hidden["response_cost"]
    else:
        try:
            cost = litellm.completion_cost(completion_response=response)
        except Exception:  # unknown price: litellm raises; the cost stays unknown
            return None
    try:
        return float(cost) if cost is not None else None
    except (TypeError, ValueError):
        return None


def parse_response(litellm: Any, response: Any) -> dict[str, Any]:
    """The ledger fields of a chat completion; raises MalformedResponseError if unusable."""
    choices = getattr(response, "choices", None)
    if not choices:
        raise MalformedResponseError("response has no choices")
    choice = choices[0]
    message = getattr(choice, "message", None)
    if message is None:
        raise MalformedResponseError("first choice has no message")
    usage = getattr(response, "usage", None)
    details = getattr(usage, "completion_tokens_details", None)
    content = getattr(message, "content", None)
    return {
        "answer_text": "" if content is None else str(content),
        "reasoning_text": _reasoning_text(message),
        "finish_reason": getattr(choice, "finish_reason", None),
        "prompt_tokens": getattr(usage, "prompt_tokens", None),
        "completion_tokens": getattr(usage, "completion_tokens", None),
        "reasoning_tokens": getattr(details, "reasoning_tokens", None),
        "cost_usd": _response_cost(litellm, response),
    }
