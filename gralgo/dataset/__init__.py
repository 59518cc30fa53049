"""Benchmark instances: drawing them, their records, and the dataset on disk."""

from gralgo.dataset._audit import AuditReport, RuleViolation, audit_dataset, audit_instances
from gralgo.dataset._build import BuildOptions, build_level, instance_id, name_key
from gralgo.dataset._dataset import (
    BuildReport,
    DatasetSpec,
    LongContextSpec,
    build_dataset,
    ensure_dataset,
)
from gralgo.dataset._erdos_renyi import ErdosRenyiSpec
from gralgo.dataset._instance import Instance, PromptVariant
from gralgo.dataset._levels import LEVELS, level_range, parse_levels
from gralgo.dataset._store import (
    DatasetError,
    read_instances,
    read_manifest,
    verify_dataset,
    write_dataset,
)

__all__ = [
    "LEVELS",
    "AuditReport",
    "BuildOptions",
    "BuildReport",
    "DatasetError",
    "DatasetSpec",
    "ErdosRenyiSpec",
    "Instance",
    "LongContextSpec",
    "PromptVariant",
    "RuleViolation",
    "audit_dataset",
    "audit_instances",
    "build_dataset",
    "build_level",
    "ensure_dataset",
    "instance_id",
    "level_range",
    "name_key",
    "parse_levels",
    "read_instances",
    "read_manifest",
    "verify_dataset",
    "write_dataset",
]
