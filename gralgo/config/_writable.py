"""Refuse, before anything is called or written, an outputs folder, ledger folder or MLflow
store that cannot be written (a read-only mount, no permission): one line naming the path,
exit status 2."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from gralgo.errors import ConfigError


def check_writable_dir(path: Path, key: str) -> None:
    """Raise :class:`ConfigError` unless a file can be created in ``path`` (or, when it does
    not exist yet, in its nearest existing parent). Leaves nothing behind."""
    existing = path
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        raise ConfigError(f"{key}: cannot create {path}: {existing} is not a folder")
    try:
        probe = tempfile.mkdtemp(prefix=".gralgo-write-check-", dir=existing)
        os.rmdir(probe)
    except OSError as err:
        raise ConfigError(
            f"{key}: cannot write to {existing} ({err.strerror or err}); choose a writable folder"
        ) from None


def mlflow_store_dir(tracking_uri: str) -> Path | None:
    """The local folder an MLflow tracking URI writes into (``None`` for a server)."""
    parts = urlsplit(tracking_uri)
    if parts.scheme == "sqlite":
        text = unquote(tracking_uri.split("://", 1)[1])
        if text.startswith("/"):  # sqlite:///rel/path or sqlite:////abs/path
            text = text[1:]
        return Path(text).parent if text and text != ":memory:" else None
    if parts.scheme == "file":
        return Path(unquote(parts.path))
    if parts.scheme == "" and tracking_uri:
        return Path(tracking_uri)
    return None


def check_outputs_writable(plain: Mapping[str, Any]) -> None:
    """``paths.outputs``, the folder of a ledger file (``ledger.path`` without ``ledger.url``)
    and, when MLflow logs to a local store, that store's folder."""
    outputs = (plain.get("paths") or {}).get("outputs")
    if outputs:
        check_writable_dir(Path(str(outputs)).expanduser(), "paths.outputs")
    ledger = plain.get("ledger") or {}
    if plain.get("command") == "evaluate" and ledger.get("path") and not ledger.get("url"):
        check_writable_dir(Path(str(ledger["path"])).expanduser().parent, "ledger.path")
    mlflow = plain.get("mlflow") or {}
    uri = mlflow.get("tracking_uri")
    if mlflow.get("enabled") and plain.get("command") == "evaluate" and isinstance(uri, str):
        folder = mlflow_store_dir(uri)
        if folder is not None:
            check_writable_dir(folder.expanduser(), "mlflow.tracking_uri")


def check_run_dir_writable(overrides: Sequence[str]) -> None:
    """A ``hydra.run.dir`` given on the command line (Hydra creates it before gralgo runs)."""
    for text in reversed(overrides):
        key, _, value = text.lstrip("+").partition("=")
        if key == "hydra.run.dir" and value:
            check_writable_dir(Path(value).expanduser(), "hydra.run.dir")
            return
