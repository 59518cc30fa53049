"""The command line refuses bad configs in one line, exit 2, before Hydra writes anything."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
FAKE_KEY = "sk-testkey0123456789abcdef"


def gralgo(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    run_dir = tmp_path / "run"
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "gralgo",
            *args,
            f"paths.outputs={tmp_path / 'outputs'}",
            f"hydra.run.dir={run_dir}",
        ],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
    )


@pytest.mark.parametrize(
    "override",
    [
        f"+model.api_key={FAKE_KEY}",
        f"model.api_key_env={FAKE_KEY}",
        f"model.api_base=https://user:{FAKE_KEY}@api.example.com/v1",
        f"model.api_base=https://api.example.com/v1?key={FAKE_KEY}",
        f"model.api_base=https://api.example.com/v1?token={FAKE_KEY}",
    ],
)
def test_literal_secrets_are_refused_before_anything_is_written(
    tmp_path: Path, override: str
) -> None:
    done = gralgo(tmp_path, "model=openai_compatible", "model.name=m", override)
    assert done.returncode == 2, done.stderr[-2000:]
    assert "api_key_env" in done.stderr
    assert FAKE_KEY not in done.stderr + done.stdout
    assert not (tmp_path / "run").exists()  # no .hydra/*.yaml, no gralgo.log
    assert not (tmp_path / "outputs").exists()


PLANTED = "Zq9plantedSECRETvalue4711"  # matches no key shape: only the key's name can give it away


@pytest.mark.parametrize(
    "override",
    [
        f"+model.extra_body.X-Api-Key={PLANTED}",
        f"+model.extra_body.x-api-key={PLANTED}",
        f"+model.extra_body.accessToken={PLANTED}",
        f"+model.extra_body.auth={PLANTED}",
        f"+model.extra_body.bearer={PLANTED}",
        f"+model.extra_body.chat_template_kwargs.session={PLANTED}",
        f"+model.extra_body.whatever={PLANTED}",
        f"+model.extra_headers.X-Api-Key={PLANTED}",
        f"+model.headers.api-key={PLANTED}",
        f"+model.extra_body={{X-Api-Key:{PLANTED}}}",
        f"model.api_base=https://api.example.com/v1/{PLANTED}",
        f"model.api_base=https://api.example.com/key/{PLANTED}/v1",
        "model.api_key_env=abc123",
        f"+model.extra_body.chat_template_kwargs.enable_thinking={PLANTED}0123ABCdef",
    ],
)
@pytest.mark.parametrize("sweep", [False, True])
def test_secrets_under_any_name_are_refused_before_anything_is_written(
    tmp_path: Path, override: str, sweep: bool
) -> None:
    args = ["model=openai_compatible", "model.name=m", override]
    if sweep:
        args = ["-m", *args, "sampling.k=1,2", f"hydra.sweep.dir={tmp_path / 'run'}"]
    done = gralgo(tmp_path, *args)
    assert done.returncode == 2, done.stderr[-2000:]
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "api_key_env" in lines[0], done.stderr[-2000:]
    assert PLANTED not in done.stderr + done.stdout and "abc123" not in done.stderr
    assert not (tmp_path / "run").exists()  # no .hydra/*.yaml, no gralgo.log
    assert not (tmp_path / "outputs").exists()


def test_a_secret_in_a_config_file_fails_a_sweep_before_its_folder(tmp_path: Path) -> None:
    extra = tmp_path / "conf" / "model"
    extra.mkdir(parents=True)
    text = (REPO / "conf" / "model" / "openai_compatible.yaml").read_text(encoding="utf-8")
    text = text.replace("extra_body: {}", f"extra_body: {{accessToken: {PLANTED}}}")
    (extra / "leaky.yaml").write_text(text.replace("???", "m"), encoding="utf-8")
    done = gralgo(
        tmp_path,
        "-m",
        f"hydra.searchpath=[file://{tmp_path / 'conf'}]",
        "model=openai_compatible,leaky",
        "model.name=m",
        f"hydra.sweep.dir={tmp_path / 'run'}",
    )
    assert done.returncode == 2, done.stderr[-2000:]
    assert "model.extra_body.accessToken is not accepted" in done.stderr
    assert PLANTED not in done.stderr + done.stdout
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize(
    ("override", "message"),
    [
        (
            "+sampling.temprature=0.1",
            "unknown config key sampling.temprature (did you mean sampling.temperature?)",
        ),
        ("+model.max_concurency=2", "did you mean model.max_concurrency?"),
        ("dataset.per_level=abc", "dataset.per_level: invalid value 'abc' (expected an integer)"),
        ("sampling.temperature=hot", "sampling.temperature: invalid value 'hot'"),
        ("sampling.max_tokens=-5", "sampling.max_tokens must be >= 1, got -5"),
        ("sampling.temperature=-1", "sampling.temperature must be >= 0"),
        ("run.timeout_s=0", "run.timeout_s must be > 0"),
        ("run.max_attempts=-1", "run.max_attempts must be >= 1"),
        ("model.sampling.max_tokens=0", "model.sampling.max_tokens must be >= 1, got 0"),
        ("+model.server.n_ctxx=3", "did you mean model.server.n_ctx?"),
        ("task.max_degree.max_mean_degree=x", "task.max_degree.max_mean_degree: invalid value"),
        ("level=9", "unknown level 9; valid choices: 1, 2, 3, 4, 5, 6"),
        ("task.max_degree.source=atlantis", "unknown source (task.max_degree.source) 'atlantis'"),
        ("source.dblp.files.csv=/no/such/DBLP.csv", "/no/such/DBLP.csv: file not found"),
        ("model=openai_compatible", "model.name is required: set it, e.g. model.name=..."),
        ("format=nonexistent", "unknown format 'nonexistent'; valid choices: adjacency_list, "),
        ("mode=nonexistent", "unknown mode 'nonexistent'; valid choices: certificate, direct"),
        ("task=max_cliq", "unknown task 'max_cliq' (did you mean task=max_clique?); valid"),
        ("task=[max_clique,max_degre]", "unknown task 'max_degre' (did you mean task=max_degree?)"),
        ("model.temprature=0.5", "(did you mean model.sampling.temperature?)"),
        # Override syntax (issue 34): Hydra's parse error, as one line naming the override.
        ("task=[max_degree", "cannot parse the override 'task=[max_degree' (no viable"),
        (
            "sampling.k",
            "cannot parse the override 'sampling.k' (missing EQUAL at '<EOF>'): write key=value",
        ),
        (
            "model.name=a=b",
            "cannot parse the override 'model.name=a=b' (mismatched "
            "input '=' expecting <EOF>): quote a value that holds '='",
        ),
    ],
)
def test_bad_overrides_fail_in_one_line_before_any_work(
    tmp_path: Path, override: str, message: str
) -> None:
    done = gralgo(tmp_path, override)
    assert done.returncode == 2
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert lines == [f"gralgo: error: {message}"] or (len(lines) == 1 and message in lines[0]), (
        done.stderr[-2000:]
    )
    assert not (tmp_path / "run").exists() and not (tmp_path / "outputs").exists()


def test_secret_in_a_config_file_is_refused_by_the_schema_check(tmp_path: Path) -> None:
    from gralgo.config import check_config_secrets
    from gralgo.errors import ConfigError

    with pytest.raises(ConfigError, match="api_key_env") as info:
        check_config_secrets({"model": {"api_base": f"http://u:{FAKE_KEY}@h/v1"}})
    assert FAKE_KEY not in str(info.value)
    with pytest.raises(ConfigError, match="api_key_env"):
        check_config_secrets({"model": {"api_key": FAKE_KEY}})
    check_config_secrets(
        {
            "model": {"api_key_env": "OPENAI_API_KEY", "api_base": "http://127.0.0.1:8000/v1"},
            "context": {"tokenizer": "cl100k_base"},
            "sampling": {"max_tokens": 5},
        }
    )


def test_a_typo_in_a_config_file_fails_before_the_run_folder(tmp_path: Path) -> None:
    extra = tmp_path / "conf" / "model"
    extra.mkdir(parents=True)
    text = (REPO / "conf" / "model" / "claude.yaml").read_text(encoding="utf-8")
    (extra / "my_model.yaml").write_text(text + "max_concurency: 2\n", encoding="utf-8")
    done = gralgo(tmp_path, f"hydra.searchpath=[file://{tmp_path / 'conf'}]", "model=my_model")
    assert done.returncode == 2, done.stderr[-2000:]
    assert done.stderr.strip() == (
        "gralgo: error: unknown config key model.max_concurency "
        "(did you mean model.max_concurrency?)"
    )
    assert not (tmp_path / "run").exists()


def test_hydra_group_overrides_are_left_to_hydra() -> None:
    from gralgo.config import check_command_line

    check_command_line(["-m", "hydra/launcher=joblib", "hydra.launcher.n_jobs=2", "level=1"])


@pytest.mark.parametrize(
    "override",
    [
        "model.api_base=https://api.example.com/v1?api-key=Zq9TOPSECRETvalue",
        "model.api_base=https://api.example.com/v1?subscription-key=Zq9TOPSECRETvalue",
        "model.api_base=https://api.example.com/v1?code=Zq9TOPSECRETvalue",
        "model.api_base=https://api.example.com/v1?X-Api-Key=Zq9TOPSECRETvalue",
        "model.api_base=https://api.example.com/v1?access-token=Zq9TOPSECRETvalue",
        "ledger.url=postgresql://gralgo@db.example/ledger?password=Zq9TOPSECRETvalue",
    ],
)
def test_url_parts_not_known_to_be_harmless_are_refused(tmp_path: Path, override: str) -> None:
    done = gralgo(tmp_path, "model=openai_compatible", "model.name=m", override)
    assert done.returncode == 2, done.stderr[-2000:]
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "must not" in lines[0], done.stderr[-2000:]
    assert "Zq9TOPSECRETvalue" not in done.stderr + done.stdout
    assert not (tmp_path / "run").exists() and not (tmp_path / "outputs").exists()


def _read_only_dir(tmp_path: Path) -> Path:
    """A folder nothing can be created in (root ignores permission bits: use /sys)."""
    import os

    if os.geteuid() == 0:
        return Path("/sys/gralgo-read-only-check")
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    return folder


@pytest.mark.parametrize(
    "key", ["paths.outputs", "mlflow.tracking_uri", "ledger.path", "hydra.run.dir"]
)
def test_an_unwritable_outputs_ledger_run_or_mlflow_folder_fails_in_one_line(
    tmp_path: Path, key: str
) -> None:
    ro = _read_only_dir(tmp_path)
    value = {
        "paths.outputs": ro / "outputs",
        "mlflow.tracking_uri": f"sqlite:///{ro}/mlflow.db",
        "ledger.path": ro / "ledgers" / "ledger.sqlite",
        "hydra.run.dir": ro / "run",
    }[key]
    done = subprocess.run(
        [sys.executable, "-m", "gralgo", f"hydra.run.dir={tmp_path / 'run'}", f"{key}={value}",
         "model=openai_compatible", "model.name=m", "model.api_base=http://127.0.0.1:9/v1"],
        capture_output=True, text=True, cwd=tmp_path, timeout=120,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr[-2000:]
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert (
        len(lines) == 1
        and key in lines[0]
        and str(ro.parent if ro.parent != ro else ro) in lines[0]
    )
    assert not (tmp_path / "run").exists()


def test_overrides_of_one_group_share_its_schema_node_and_still_fail_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A blank schema node costs a few ms (a copy of the one built at import, a fifth of that):
    one per dataclass for the whole command line."""
    from omegaconf import OmegaConf

    from gralgo.config import _cli, check_command_line
    from gralgo.errors import ConfigError

    made: list[object] = []
    built: list[object] = []
    real_new, real_structured = _cli._new_schema_node, OmegaConf.structured
    monkeypatch.setattr(_cli, "_new_schema_node", lambda obj: made.append(obj) or real_new(obj))
    monkeypatch.setattr(
        OmegaConf, "structured", lambda obj, **kw: built.append(obj) or real_structured(obj, **kw)
    )
    good = ["model.name=m", "model.api_base=http://h/v1", "run.client=direct", "run.timeout_s=9"]
    check_command_line(good)
    assert [c.__name__ for c in made] == ["ModelConfig", "RunConfig"]  # type: ignore[attr-defined]
    # copies of the nodes built at import (task=all registers a dict: not a schema)
    assert not [c for c in built if isinstance(c, type)]
    for bad, message in [
        ("run.timeout_s=soon", "run.timeout_s: invalid value 'soon'"),
        ("run.max_attempts=0", "run.max_attempts"),
        ("model.nmae=x", "unknown config key model.nmae (did you mean model.name?)"),
    ]:
        with pytest.raises(ConfigError, match=re.escape(message)):
            check_command_line([*good, bad])
        with pytest.raises(ConfigError, match=re.escape(message)):
            check_command_line([bad, *good])
