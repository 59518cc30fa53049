"""One Hydra multirun sweep over three models against one stub, and its study page in Chromium.

The stub plays the three models at once (``skills``: how many canned right answers each
gets), so the sweep is one ``python -m gralgo -m model.name=stub-a,stub-b,stub-c`` and its
callback writes ``comparison/study.html``: three models on the leaderboard, three pairs with
McNemar and bootstrap rows, and links that open exactly the samples behind a count.
"""

from __future__ import annotations

import subprocess
import sys
from itertools import combinations
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest

from gralgo.report import collect_instances
from gralgo.testing import StubServer
from gralgo.testing.demo_study import right_answers

REPO = Path(__file__).resolve().parents[2]
CONF = REPO / "conf"
SKILLS = {"stub-a": 1.0, "stub-b": 0.6, "stub-c": 0.3}
# Seed 2: the skill draws (a hash of model and prompt) give stub-c an instance stub-b misses, so
# the page has an "only B" count to follow (seed 0's prompts gave none).
SLICE = ["task=[max_degree,mst_weight]", "level=1", "dataset.per_level=5", "sampling.k=1",
         "dataset.seed=2"]  # fmt: skip


def _right_answers(root: Path) -> dict[str, str]:
    """Prompt -> ``\\boxed{<expected>}`` for the sweep's slice (the demo's helper)."""
    return right_answers(root, SLICE)


@pytest.fixture(scope="module")
def sweep(stub_server: StubServer, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sweep folder. Module-scoped and requested before the browser."""
    root = tmp_path_factory.mktemp("sweep3")
    answers = _right_answers(root)
    assert len(answers) == 10  # two tasks x five instances
    stub_server.control(answers=answers, skills=SKILLS)
    command = [
        sys.executable, "-m", "gralgo", "-m", "model=openai_compatible",
        f"model.api_base={stub_server.api_base}", "model.name=" + ",".join(SKILLS), *SLICE,
        "mlflow.enabled=false", "report.bootstrap_resamples=50",
        f"paths.outputs={root / 'outputs'}", f"paths.cache={root / 'cache'}",
        f"hydra.sweep.dir={root / 'sweep'}",
    ]  # fmt: skip
    done = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert stub_server.stats()["by_model"] == dict.fromkeys(SKILLS, 10)  # one sweep, 3 models
    return root / "sweep"


@pytest.mark.slow
def test_a_sweep_of_three_models_has_a_study_page_with_pairs_and_sample_links(
    sweep: Path, chromium_page: Any
) -> None:
    inst = collect_instances([sweep])
    solved = {m: set(g.loc[g["cons_at_k"] >= 0.5, "instance_id"]) for m, g in
              inst.groupby("model")}  # fmt: skip
    assert len(solved["stub-a"]) == 10 and len(solved["stub-a"]) > len(solved["stub-c"])
    page = chromium_page
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    study = sweep / "comparison" / "study.html"
    page.goto(study.as_uri())
    assert page.locator("h1").inner_text() == "Study: stub-a, stub-b, stub-c"
    board = page.locator("table.overall-board").first.locator("tbody tr")
    ranked = [r.locator("td").nth(1).inner_text() for r in board.all()]
    assert sorted(ranked) == sorted(SKILLS) and ranked[0] == "stub-a"
    assert page.locator("table.leaderboard").first.locator("tbody tr").count() == 2 * 3

    overall = page.locator("table.paired").first.locator("tr.overall")
    assert overall.count() == 3
    links = {}  # (a, b, whose samples, "only A"/"only B") -> (url, the instances it must show)
    for row in overall.all():
        cells = row.locator("td")
        a, b = cells.nth(0).inner_text(), cells.nth(1).inner_text()
        only_a, only_b = solved[a] - solved[b], solved[b] - solved[a]
        assert [cells.nth(i).inner_text() for i in (4, 6, 7)] == [
            "10", str(len(only_a)), str(len(only_b))]  # fmt: skip
        assert 0 <= float(cells.nth(9).inner_text().split()[0]) <= 1  # McNemar p (Holm …)
        assert "[" in cells.nth(10).inner_text()  # the paired bootstrap interval
        other = cells.nth(11)
        for whose, side, anchor, ids in (
            (a, "only A", cells.nth(6).locator("a"), only_a),
            (b, "only B", cells.nth(7).locator("a"), only_b),
            (b, "only A", other.locator("a", has_text=f"{b} on only A"), only_a),
            (a, "only B", other.locator("a", has_text=f"{a} on only B"), only_b),
        ):
            assert anchor.count() == (1 if ids else 0), (a, b, whose, side)
            if ids:
                links[(a, b, whose, side)] = (urljoin(page.url, anchor.get_attribute("href")), ids)
    assert {frozenset(key[:2]) for key in links} == {frozenset(p) for p in combinations(SKILLS, 2)}
    assert any(side == "only B" for *_, side in links)  # some B wins instances A loses

    def shown() -> list[tuple[str, ...]]:
        script = "rows => rows.map(r => [r.dataset.instance, r.cells[1].textContent])"
        rows = page.eval_on_selector_all("#samples tr.sample", script)
        return sorted(map(tuple, rows))

    for key, (url, ids) in links.items():
        page.goto(url)
        assert shown() == sorted((i, key[2]) for i in ids), key
    # And by a click, as a reader does: the first pair's "only A" count.
    page.goto(study.as_uri())
    first = page.locator("table.paired").first.locator("tr.overall").first
    a, b = first.locator("td").nth(0).inner_text(), first.locator("td").nth(1).inner_text()
    first.locator("td").nth(6).locator("a").click()
    page.wait_for_load_state()
    assert shown() == sorted((i, a) for i in solved[a] - solved[b])
    assert errors == []
