"""Benchmark instances: drawing them, their records, and the dataset on disk."""

from __future__ import annotations

from typing import TYPE_CHECKING as _TYPE_CHECKING

from gralgo.dataset._build import BuildOptions, instance_id, name_key
from gralgo.dataset._builder import build_dataset, ensure_dataset
from gralgo.dataset._erdos_renyi import ErdosRenyiSpec
from gralgo.dataset._instance import Instance, PromptVariant
from gralgo.dataset._levels import LEVELS, parse_levels
from gralgo.dataset._spec import DatasetSpec, LongContextSpec
from gralgo.dataset._store import (
    DatasetError,
    read_instances,
    read_manifest,
    verify_dataset,
    write_dataset,
)
from gralgo.lazy import lazy_exports

if _TYPE_CHECKING:
    from gralgo.dataset._audit import audit_dataset, audit_instances
    from gralgo.dataset._card import EXPORTS, export_parquet
    from gralgo.dataset._spec import load_sources


# Names imported under TYPE_CHECKING load on first use (PEP 562): importing stays cheap.
__getattr__ = lazy_exports(__name__)


__all__ = [
    "BuildOptions",
    "DatasetError",
    "DatasetSpec",
    "EXPORTS",
    "ErdosRenyiSpec",
    "Instance",
    "LEVELS",
    "LongContextSpec",
    "PromptVariant",
    "audit_dataset",
    "audit_instances",
    "build_dataset",
    "ensure_dataset",
    "export_parquet",
    "instance_id",
    "load_sources",
    "name_key",
    "parse_levels",
    "read_instances",
    "read_manifest",
    "verify_dataset",
    "write_dataset",
]
