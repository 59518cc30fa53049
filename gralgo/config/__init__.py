"""The configuration schema (Hydra structured configs) and the checks run before any work.

- :class:`GralgoConfig` and one dataclass per group: every key, its type, its range.
- :func:`typed_config`: a composed config as checked dataclasses (unknown keys, wrong types and
  out-of-range values become one :class:`~gralgo.errors.ConfigError` naming the key).
- :func:`check_command_line`: the same checks, plus literal secrets, on ``sys.argv`` before
  Hydra writes its run folder.
"""

from __future__ import annotations

from typing import TYPE_CHECKING as _TYPE_CHECKING

from gralgo.config._cli import check_command_line, check_composed
from gralgo.config._schema import (
    AnalyzeConfig,
    BatchConfig,
    GralgoConfig,
    ModelConfig,
    RunConfig,
    SamplingConfig,
    SandboxConfig,
    TaskEntryConfig,
)
from gralgo.config._secret_refusal import check_config_secrets, check_literal_secret
from gralgo.config._task_all import register_task_all
from gralgo.config._validation import SCHEMA_NAME, register_schemas, schema_node, typed_config
from gralgo.config._writable import mlflow_store_dir
from gralgo.lazy import lazy_exports

if _TYPE_CHECKING:
    from gralgo.config._schema import SegmentationConfig
    from gralgo.config._validation import config_error


# Names imported under TYPE_CHECKING load on first use (PEP 562): importing stays cheap.
__getattr__ = lazy_exports(__name__)


__all__ = [
    "AnalyzeConfig",
    "GralgoConfig",
    "ModelConfig",
    "BatchConfig",
    "RunConfig",
    "SandboxConfig",
    "SCHEMA_NAME",
    "SamplingConfig",
    "SegmentationConfig",
    "TaskEntryConfig",
    "check_command_line",
    "check_composed",
    "check_config_secrets",
    "mlflow_store_dir",
    "check_literal_secret",
    "config_error",
    "register_task_all",
    "schema_node",
    "typed_config",
]

register_schemas()  # conf/config.yaml's defaults list starts with the root schema
register_task_all()  # task=all (the default): every conf/task/<name>.yaml
