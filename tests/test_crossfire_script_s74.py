"""The moderator's script in Sniper mode when the Sniper placed no shot card (sweep 74a): its first step says no one
is hit, as Crossfire mode's step of the Agents' shots does, instead of printing its instruction with nothing under it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.conftest import CARDS
from toolkit.catalog import load_catalog
from toolkit.cli import app
from toolkit.engine.crossfire import Crossfire, step_lines


@pytest.fixture(scope="module")
def game() -> Crossfire:
    return Crossfire.from_records(load_catalog([CARDS / "crossfire"]).records)


def _table(tmp_path: Path) -> Path:
    deal = tmp_path / "deal.json"
    result = CliRunner().invoke(app, ["crossfire", "deal", "-n", "6", "--mode", "sniper", "--seed", "5", "--sniper",
                                      "2", "--out", str(deal)])  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(deal.read_text(encoding="utf-8"))
    vip = next(p["seat"] for p in data["players"] if p["role"] == "vip")
    for player in data["players"]:
        if player["role"] == "assassin":
            player["aim"] = [vip]
    data["marks"] = []  # the Sniper placed no shot card
    deal.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return deal


@pytest.mark.parametrize(("lang", "said"), [("en", "no one is hit"), ("zh-Hans", "没有人被击中")])
def test_a_sniper_step_with_no_shot_card_says_no_one_is_hit(game: Crossfire, tmp_path: Path, lang: str,
                                                             said: str) -> None:  # fmt: skip
    table = game.table(json.loads(_table(tmp_path).read_text(encoding="utf-8")))
    steps = game.script(table, game.resolve(table))
    assert steps[0].key == "marks"
    assert step_lines(steps[0], lambda seat: f"P{seat}", lang) == [said]
