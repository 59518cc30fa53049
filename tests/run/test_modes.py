"""The ``mode`` config group: typed settings, and how each mode asks a request."""

from __future__ import annotations

import pytest

from gralgo.errors import ConfigError, UnknownChoiceError
from gralgo.evaluate import load_instances
from gralgo.ledger import ModelSpec, SamplingParams
from gralgo.run._modes import ModeSettings, mode_messages, mode_settings_from_config
from gralgo.run._plan import build_requests
from gralgo.run._tool_loop import TOOL_SYSTEM_PROMPT


def test_config_group_types_the_mode_and_sandbox(make_settings) -> None:
    assert make_settings().mode == ModeSettings()
    tool = make_settings("mode=tool", "mode.tool.max_tool_calls=3", "sandbox.memory_mb=512").mode
    assert tool.name == "tool" and tool.tool.max_tool_calls == 3
    assert tool.tool.sandbox.memory_mb == 512 and not tool.tool.sandbox.allow_unisolated
    assert make_settings("mode=certificate").mode.name == "certificate"


def test_bad_mode_settings_name_the_field() -> None:
    with pytest.raises(UnknownChoiceError, match="mode"):
        mode_settings_from_config({"name": "oracle"}, {})
    with pytest.raises(ConfigError, match="mode.tool: unknown key"):
        mode_settings_from_config({"name": "tool", "tool": {"max_calls": 2}}, {})
    with pytest.raises(ConfigError, match="sandbox.memory_mb"):
        mode_settings_from_config({"name": "tool"}, {"memory_mb": 0})
    with pytest.raises(ConfigError, match="sandbox"):
        mode_settings_from_config({"name": "tool"}, {"memroy_mb": 5})


def test_each_mode_asks_differently_and_keys_differ(make_settings) -> None:
    settings = make_settings(
        "task=[max_clique,distance_threshold]", "level=1", "format=numeric_ids", "mode=certificate"
    )
    instances = load_instances(settings)  # its own format's prompts, graphs for certificates
    spec, sampling = ModelSpec(name="m", litellm_model="openai/m"), SamplingParams()
    direct = build_requests(instances, "numeric_ids", spec, sampling)
    assert direct == build_requests(instances, "numeric_ids", spec, sampling, ModeSettings())
    tool = build_requests(
        instances, "numeric_ids", spec, sampling, mode_settings_from_config({"name": "tool"}, {})
    )
    cert_mode = mode_settings_from_config({"name": "certificate"}, {})
    cert = build_requests(instances, "numeric_ids", spec, sampling, cert_mode)
    assert [r.mode for r in (direct[0], tool[0], cert[0])] == ["direct", "tool", "certificate"]
    assert len({direct[0].key, tool[0].key, cert[0].key}) == 3
    assert tool[0].messages[0] == {"role": "system", "content": TOOL_SYSTEM_PROMPT}
    assert tool[0].messages[1] == direct[0].messages[0]
    for instance in instances:
        text = mode_messages(instance, "numeric_ids", cert_mode)[0]["content"]
        assert "write each node as its number" in text
        assert instance.prompts["numeric_ids"].text.split("\n\n")[2] in text  # same graph text
    fallback = mode_settings_from_config({"name": "tool", "tool": {"native_tools": False}}, {})
    assert mode_messages(instances[0], "numeric_ids", fallback)[0]["role"] == "user"


def test_native_tools_auto_follows_litellm_model_map() -> None:
    from gralgo.run._modes import resolve_tool_calling

    auto = mode_settings_from_config({"name": "tool", "tool": {"native_tools": "auto"}}, {})
    assert auto.auto_tools
    assert resolve_tool_calling(auto, "openai/gpt-4o").tool.native_tools is True
    fallback = resolve_tool_calling(auto, "openai/some-local-model")
    assert fallback.tool.native_tools is False and not fallback.auto_tools
    fixed = mode_settings_from_config({"name": "tool"}, {})
    assert resolve_tool_calling(fixed, "openai/some-local-model") is fixed
    with pytest.raises(ConfigError, match="native_tools"):
        mode_settings_from_config({"name": "tool", "tool": {"native_tools": "maybe"}}, {})
