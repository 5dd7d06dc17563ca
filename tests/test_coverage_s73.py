"""Stop 73: `text coverage --summary` keeps its figures in one column when a set's name is longer than the usual
pad (the figures ran into the name), and says "1 does not" of one disagreeing Chinese translation."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.test_nrdb_text import imported  # noqa: F401 (a fixture)


def _long_named(imported: Path, tmp_path: Path) -> Path:  # noqa: F811
    import shutil

    pool = tmp_path / "pool"
    shutil.copytree(imported, pool)
    game = json.loads((pool / "game.json").read_text(encoding="utf-8"))
    for entry in game["sets"]:
        if entry["id"] == "signal_drift":
            entry["name"]["en"] = "Signal Drift Rebellion Without Rehearsal"  # 40 columns: past the 24 of the pad
    (pool / "game.json").write_text(json.dumps(game, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return pool


def test_the_summary_keeps_the_figures_in_one_column(imported: Path, cli: Any, tmp_path: Path) -> None:  # noqa: F811
    pool = _long_named(imported, tmp_path)
    result = cli("text", "coverage", "--game", "netrunner", "--cards", pool, "--summary")
    assert result.exit_code == 0, result.stderr
    rows = [line for line in result.stdout.splitlines() if re.search(r"\d+/\d+ executable", line)]
    assert any("Signal Drift Rebellion Without Rehearsal " in row for row in rows), result.stdout
    starts = {re.search(r"\d+/\d+ executable", row).start() for row in rows if row.startswith("  ")}  # type: ignore[union-attr]
    assert len(starts) == 1, result.stdout  # every figure under the one before


@pytest.mark.parametrize(("n", "word"), [(1, "does not"), (2, "do not")])
def test_one_disagreeing_translation_does_not(n: int, word: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from toolkit import coverage
    from toolkit.i18n import use_lang

    check = {"parsed": 3, "agree": 3 - n, "compared": 3, "disagree": [{"id": f"c{i}"} for i in range(n)]}
    monkeypatch.setattr(coverage.ReadingReport, "zh_check", lambda self: check)
    report = coverage.ReadingReport(cards=[], set_names={})
    with use_lang("en"):
        text = report.format_text(every=False)
    assert f"{3 - n} of 3 compared give the English reading's ability, {n} {word}" in text, text
