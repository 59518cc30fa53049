"""Check the command line's overrides before Hydra writes anything (``.hydra/*.yaml``, logs).

Hydra records every override verbatim in the run folder, so a literal secret must be refused
before the Hydra app starts; unknown keys and wrong types are caught here too, so the user gets
one line and exit status 2 instead of a stack trace.
"""

from __future__ import annotations

import copy
import dataclasses
import difflib
import types
import typing
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from gralgo.config._schema import GralgoConfig
from gralgo.config._secret_refusal import check_literal_secret
from gralgo.config._task_all import register_task_all, searchpath_dirs
from gralgo.config._validation import config_error, schema_node, unknown_key_message
from gralgo.errors import ConfigError, GralgoError

CONF_DIR = Path(__file__).resolve().parents[2] / "conf"


def _parse_args(argv: Sequence[str]) -> Any:
    """Hydra's own command-line parser's view of ``argv`` (``None`` when it cannot parse)."""
    from hydra._internal.utils import get_args_parser

    try:
        args, _unknown = get_args_parser().parse_known_args(list(argv))
    except SystemExit:  # argparse already printed its message; let Hydra report it again
        return None
    return args


def command_line_overrides(argv: Sequence[str]) -> list[str]:
    """The ``key=value`` overrides of a gralgo command line (flags and their values dropped)."""
    args = _parse_args(argv)
    return [] if args is None else [str(o) for o in args.overrides]


def check_composed(
    argv: Sequence[str],
    make_settings: Callable[[dict[str, Any]], object],
    check_paths: Callable[[object, list[str]], None] | None = None,
) -> None:
    """Compose the config of a single run as Hydra will, and build its settings with
    ``make_settings`` (the app's ``settings_from_config``: this stage sits below the app);
    ``check_paths(settings, overrides)`` then checks the paths the job will read and write
    (the app's: e.g. none that a sandbox would show to model code).

    Catches mistakes in config files (a typo'd key in ``conf/model/my.yaml``), unknown task,
    source, format or level names and missing source files before Hydra creates the run
    folder (raises :class:`~gralgo.errors.GralgoError`). A sweep's jobs are composed too (one
    per combination of config group choices) and checked for secrets only (a job's other errors
    are its own). Skipped for ``--cfg``/``--help``/``--info`` (nothing is written) and for
    custom config paths, which Hydra handles itself.
    """
    args = _parse_args(argv)
    if args is None or args.cfg or args.help or args.hydra_help or args.info:
        return
    if args.config_path or args.config_name or args.config_dir or args.experimental_rerun:
        return
    overrides = [str(o) for o in args.overrides]
    jobs = _sweep_jobs(overrides)
    if args.multirun or jobs is not None:
        for job in jobs or [overrides]:
            plain = _composed(job)
            if plain is None:
                continue
            _check_secrets(plain)
            if check_paths is not None and plain.get("command", "evaluate") == "evaluate":
                try:
                    settings = make_settings(plain)
                except GralgoError:
                    continue  # the job's own error, reported when it runs
                check_paths(settings, job)
        return
    plain = _composed(overrides)
    if plain is None:
        return
    _check_secrets(plain)
    if plain.get("command") == "compare":
        from gralgo.config._validation import typed_config

        typed_config(plain)
        return
    settings = make_settings(plain)  # also the names: tasks, sources, formats, levels, files
    if check_paths is not None:
        check_paths(settings, overrides)
    from gralgo.config._writable import check_outputs_writable, check_run_dir_writable

    check_outputs_writable(plain)  # a read-only outputs folder or MLflow store: one line
    check_run_dir_writable(overrides)


def _composed(overrides: list[str]) -> dict[str, Any] | None:
    """The config Hydra composes for a run with ``overrides``, resolved (``hydra`` left out);
    ``None`` when Hydra will report the problem itself."""
    from hydra import compose, initialize_config_dir
    from hydra.errors import HydraException
    from omegaconf import OmegaConf
    from omegaconf.errors import OmegaConfBaseException

    try:
        with initialize_config_dir(config_dir=str(CONF_DIR), version_base=None):
            cfg = compose("config", overrides=overrides)
        raw = OmegaConf.to_container(cfg, resolve=True)
    except (HydraException, OmegaConfBaseException) as exc:
        cause = next(
            (
                e
                for e in (exc, exc.__cause__, exc.__context__)
                if isinstance(e, OmegaConfBaseException)
            ),
            None,
        )
        if isinstance(cause, OmegaConfBaseException) and getattr(cause, "full_key", None):
            raise config_error(cause) from None
        return None  # anything else (a missing option, a syntax error): Hydra reports it
    assert isinstance(raw, dict)
    return {str(key): value for key, value in raw.items()}  # top-level keys are names


def _check_secrets(plain: dict[str, Any]) -> None:
    """No literal secret in the composed config, and ``model.api_key_env`` names a variable
    that is set or at least looks like one (a short key pasted there is refused here, before
    Hydra writes it to the run folder; the message does not repeat it)."""
    import os

    from gralgo.config._secret_refusal import check_config_secrets
    from gralgo.redaction import is_conventional_env_name

    check_config_secrets(plain)
    model = plain.get("model")
    name = model.get("api_key_env") if isinstance(model, dict) else None
    if not isinstance(name, str) or not name:
        return
    if not os.environ.get(name) and not is_conventional_env_name(name):
        raise ConfigError(
            "model.api_key_env names no set environment variable and is not an upper-case "
            "variable name (its value is not shown: it may be a key); name the variable that "
            "holds the key, e.g. model.api_key_env=OPENAI_API_KEY"
        )


def _sweep_jobs(overrides: list[str]) -> list[list[str]] | None:
    """The override lists of a sweep's jobs, one per combination of config group choices
    (a value sweep's other values are checked on the command line); ``None`` without a sweep
    override."""
    import itertools

    from hydra.core.override_parser.overrides_parser import OverridesParser
    from hydra.errors import HydraException

    try:
        parsed = OverridesParser.create().parse_overrides(overrides)
    except HydraException:
        return None
    if not any(o.is_sweep_override() for o in parsed):
        return None
    lists: list[list[str]] = []
    for override in parsed:
        key = override.get_key_element()
        if override.is_sweep_override() and override.is_discrete_sweep():
            values = [f"{key}={v}" for v in override.sweep_string_iterator()]
            lists.append(values if _is_group(override.key_or_group) else values[:1])
        elif override.is_sweep_override():
            return None  # a range or interval sweep: Hydra's sweeper reports what it cannot do
        else:
            lists.append([f"{key}={override.get_value_element_as_str()}"])
    return [list(job) for job in itertools.product(*lists)]


def check_command_line(argv: Sequence[str]) -> None:
    """Raise :class:`ConfigError` for a literal secret, an unknown key or a mistyped value.

    Also makes ``task=all`` include the task configs of a ``hydra.searchpath`` override.
    """
    overrides = command_line_overrides(argv)
    if not overrides:
        return
    extra_dirs = searchpath_dirs(overrides)
    register_task_all(extra_dirs)
    from hydra.core.override_parser.overrides_parser import OverridesParser
    from hydra.errors import HydraException

    parser = OverridesParser.create()
    try:
        parsed = parser.parse_overrides(overrides)
    except HydraException:
        for text in overrides:  # a syntax error, but never echo or store a secret
            key, _, raw = text.partition("=")
            check_literal_secret(key.lstrip("+~"), raw)
        raise syntax_error(parser, overrides) from None
    nodes: dict[Any, Any] = {}  # one blank schema node per dataclass, shared by the overrides
    for override in parsed:
        key = override.key_or_group
        values = (
            list(override.sweep_iterator()) if override.is_sweep_override() else [override.value()]
        )
        for value in values:
            for leaf_key, leaf in _leaves(key, value):
                check_literal_secret(leaf_key, leaf)
        if override.is_delete() or override.package is not None:
            continue
        if key.startswith(("hydra.", "hydra/")) or key == "hydra":
            continue
        if _is_group(key):
            for value in values:
                check_group_choice(key, value, extra_dirs)
            continue
        for value in values:
            check_value(key, value, nodes)


OVERRIDE_GRAMMAR = "https://hydra.cc/docs/advanced/override_grammar/basic/"


def syntax_error(parser: Any, overrides: Sequence[str]) -> ConfigError:
    """One line naming the first override Hydra cannot parse, why, and how to write it."""
    from hydra.errors import HydraException

    for text in overrides:
        try:
            parser.parse_overrides([text])
        except HydraException as exc:
            lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
            why = next(
                (line for line in lines if not line.startswith(("See ", "Error parsing"))), ""
            )
            break
    else:  # pragma: no cover - every override parses alone but not together
        text, why = " ".join(overrides), ""
    if "=" not in text.lstrip("~"):
        advice = "write key=value (or ~key to delete a key)"
    else:
        advice = (
            "quote a value that holds '=', brackets, commas or spaces "
            "(key='a=b', key=\"x y\"), close every [ and {"
        )
    cause = f" ({why})" if why else ""
    return ConfigError(
        f"cannot parse the override {text!r}{cause}: {advice}; see {OVERRIDE_GRAMMAR}"
    )


def _leaves(key: str, value: Any) -> list[tuple[str, Any]]:
    """``(key, value)`` for a scalar; the nested keys and values of a mapping or list."""
    if isinstance(value, dict) and value:
        return [pair for k, v in value.items() for pair in _leaves(f"{key}.{k}", v)]
    if isinstance(value, list) and value:
        return [pair for i, v in enumerate(value) for pair in _leaves(f"{key}[{i}]", v)]
    return [(key, value)]


def group_choices(group: str, extra_dirs: Sequence[Path] = ()) -> list[str]:
    """The options of a config group: ``conf/<group>/*.yaml`` (and searchpath folders'), and
    ``task=all``."""
    names = {
        path.stem for folder in (CONF_DIR, *extra_dirs) for path in (folder / group).glob("*.yaml")
    }
    if group == "task":
        names.add("all")
    return sorted(names)


def check_group_choice(group: str, value: Any, extra_dirs: Sequence[Path] = ()) -> None:
    """Raise :class:`UnknownChoiceError` (one line: the choices, and the closest one) when
    ``group=value`` names no config (``value`` may be a list: ``task=[max_clique,foo]``)."""
    choices = group_choices(group, extra_dirs)
    for item in value if isinstance(value, list) else [value]:
        if item is None or not isinstance(item, str) or "${" in item or item in choices:
            continue
        close = difflib.get_close_matches(item, choices, n=1)
        hint = f" (did you mean {group}={close[0]}?)" if close else ""
        raise ConfigError(f"unknown {group} {item!r}{hint}; valid choices: {', '.join(choices)}")


def _is_group(key: str) -> bool:
    """Whether ``key`` chooses a config group option (``model=gpt5_mini``, ``task=[...]``)."""
    return (CONF_DIR / key).is_dir()


def check_value(key: str, value: Any, nodes: dict[Any, Any] | None = None) -> None:
    """``key`` exists in the schema and ``value`` converts to its type.

    ``nodes`` keeps the schema node made for each dataclass, for the next key checked in it
    (making one costs a few ms; each check sets only its own field)."""
    from omegaconf.errors import OmegaConfBaseException

    parts = key.split(".")
    parent: Any = GralgoConfig
    for depth, part in enumerate(parts):
        if not dataclasses.is_dataclass(parent):
            return  # inside a free-form mapping (task options, source files)
        hints = typing.get_type_hints(parent)
        if part not in hints:
            raise ConfigError(unknown_key_message(".".join(parts[: depth + 1])))
        if depth == len(parts) - 1:
            break
        hint = _unwrap(hints[part])
        if typing.get_origin(hint) is dict:
            if depth + 1 == len(parts) - 1:
                return  # a whole entry (task.max_degree={...}): checked after composition
            parts_left = parts[depth + 2 :]
            parent = typing.get_args(hint)[1]
            check_value_in(parent, parts_left, ".".join(parts[: depth + 2]), value, nodes)
            return
        parent = hint
    if isinstance(value, str) and "${" in value:
        return  # an interpolation: checked after composition
    try:
        node = _schema_node(parent, nodes)
        node[parts[-1]] = value
    except OmegaConfBaseException as exc:
        exc.full_key = key
        raise config_error(exc) from None
    check_range(parent, parts[-1], node[parts[-1]])


def check_range(parent: Any, name: str, value: Any, *check_args: Any) -> None:
    """Run the schema's range check of ``parent`` with only ``name`` changed."""
    check = getattr(parent, "check", None)
    if check is None or dataclasses.is_dataclass(value) or not _is_scalar(value):
        return
    instance = parent()
    setattr(instance, name, value)
    instance.check(*check_args)


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, bool | int | float | str)


def check_value_in(
    entry: Any, parts: list[str], prefix: str, value: Any, nodes: dict[Any, Any] | None = None
) -> None:
    """:func:`check_value` below a ``Dict[str, Entry]`` field (``task.<name>.<field>``)."""
    if not parts or not dataclasses.is_dataclass(entry):
        return
    hints = typing.get_type_hints(entry)
    if parts[0] not in hints:
        raise ConfigError(unknown_key_message(f"{prefix}.{parts[0]}"))
    if len(parts) > 1:
        return  # inside the entry's free-form mappings
    from omegaconf.errors import OmegaConfBaseException

    if isinstance(value, str) and "${" in value:
        return
    try:
        node = _schema_node(entry, nodes)
        node[parts[0]] = value
    except OmegaConfBaseException as exc:
        exc.full_key = f"{prefix}.{parts[0]}"
        raise config_error(exc) from None
    check_range(entry, parts[0], node[parts[0]], prefix.rsplit(".", 1)[-1])


def _schema_node(schema: Any, nodes: dict[Any, Any] | None) -> Any:
    """``OmegaConf.structured(schema)``, made once per dataclass in ``nodes``."""
    if nodes is None:
        return _new_schema_node(schema)
    if schema not in nodes:
        nodes[schema] = _new_schema_node(schema)
    return nodes[schema]


def _new_schema_node(schema: Any) -> Any:
    """A fresh ``OmegaConf.structured(schema)``: a copy of the one built at import (the root's
    copy costs ~4 ms of CPU, building it ~25 ms: ``level=all`` is checked against the root)."""
    return copy.deepcopy(schema_node(schema))


def _unwrap(hint: Any) -> Any:
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        return args[0] if len(args) == 1 else hint
    return hint
