"""Every interval shown is computed in one place: the score stage (``gralgo.score.aggregate``
over ``bootstrap_ci``; ``correlation_ci`` for the analysis' correlations over models).

The figures once drew their own bootstrap (another seed, another count) and showed a cell with
another interval than its table (issue 38). Here, every module that shows numbers is read from
its source: none draws resamples or computes a percentile or a proportion's interval itself;
they call the score stage. Graph sampling (graphs, tasks, dataset) is not in scope: its draws
make instances, not intervals.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "gralgo"
SHOWING = ("report", "transcripts", "tracking", "publish", "analysis", "view", "results", "job")
"""Packages that show scores; with the top-level modules (``evaluate``, ``__main__``, ...)."""
FORBIDDEN = frozenset({
    "percentile", "nanpercentile", "integers", "choice", "choices", "default_rng",
    "RandomState", "bootstrap", "proportion_confint", "proportion_ci", "binom_conf_interval",
})  # fmt: skip
"""Calls that draw resamples or compute an interval: the score stage's alone."""


def _modules() -> Iterator[Path]:
    yield from sorted(PACKAGE.glob("*.py"))
    for package in SHOWING:
        yield from sorted((PACKAGE / package).rglob("*.py"))


def interval_computations(source: str) -> list[str]:
    """``line: call`` of each call in ``source`` that computes an interval itself."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name in FORBIDDEN or "wilson" in name.lower():
            found.append(f"{node.lineno}: {name}()")
    return found


def test_the_checker_sees_a_hand_made_interval() -> None:
    source = (
        "import numpy as np\n"
        "rng = np.random.default_rng(0)\n"
        "draws = rng.integers(0, 5, size=(100, 5))\n"
        "low, high = np.percentile(draws.mean(axis=1), [2.5, 97.5])\n"
        "ci = wilson_interval(3, 8)\n"
    )
    assert interval_computations(source) == [
        "2: default_rng()", "3: integers()", "4: percentile()", "5: wilson_interval()",
    ]  # fmt: skip
    assert interval_computations("from gralgo.score import aggregate\naggregate(x, by=[])\n") == []


def test_no_module_outside_the_score_stage_computes_an_interval() -> None:
    offenders = {
        str(path.relative_to(REPO)): found
        for path in _modules()
        if (found := interval_computations(path.read_text(encoding="utf-8")))
    }
    assert not offenders, (
        f"intervals computed outside gralgo/score: {offenders}; call gralgo.score.aggregate "
        "(or bootstrap_ci / correlation_ci) so that every output shows the same interval"
    )
