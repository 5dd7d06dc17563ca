"""行进 moves up to the unit's 移速 (docs/rulings.md), and its record says so: `本单位移动 0-移速。`, a form of the
ability language (toolkit/text/ABILITY_TEXT.md) that any card may use; its record used to print 移动 0-2."""

from __future__ import annotations

import json

import pytest

from toolkit.engine.core import ScriptedDecider
from toolkit.text import ast as A
from toolkit.text import parse, render

from .conftest import ROOT
from .tactics_util import board_game, put

SPEED = "主动 横置：本单位移动 0-移速。"


def test_the_form_parses_and_renders_in_both_languages() -> None:
    ability = parse(SPEED)
    (move,) = ability.sentences[0].effects
    assert isinstance(move, A.Move) and move.speed and (move.low, move.high) == (0, 0)
    assert render(ability) == SPEED
    assert render(ability, lang="en") == "Action — Tap: This unit moves up to its move speed."
    assert parse("主动 横置：本单位移动 0-2。") != ability  # (the printed range stays a form of its own)


def test_the_march_record_says_what_the_engine_does() -> None:
    record = json.loads((ROOT / "cards" / "tactics" / "abilities" / "march.json").read_text(encoding="utf-8"))
    assert record["text"] == [SPEED]


class Farthest(ScriptedDecider):
    """Moves as far as it may (the last cell offered is the farthest), passes on everything else."""

    def __init__(self) -> None:
        super().__init__([])
        self.prompts: list[str] = []

    def choose(self, player, prompt, options):  # type: ignore[no-untyped-def]
        self.prompts.append(str(prompt))
        if str(prompt).startswith("move"):
            return options[-1]
        return None if None in options else options[0]


@pytest.mark.parametrize(("agent", "speed"), [("jackdaw", 2), ("gale", None), ("lynx", 4)])
def test_march_takes_the_unit_as_far_as_its_speed(agent: str, speed: int | None) -> None:
    decider = Farthest()
    squads = ((agent, "anvil") if agent != "anvil" else (agent, "gale"), ("egret", "cinder"))
    game = board_game(squads=squads, decider=decider)
    unit = put(game, 1, agent, (0, 0), "e")
    expected = speed if speed is not None else unit.record.move
    game.active = 1
    game.take(next(a for a in game.legal_actions(1) if a.source is not None and a.source.record.id == "march"))
    assert any(f"(up to {expected})" in prompt for prompt in decider.prompts), decider.prompts
    assert unit.pos is not None and abs(unit.pos[0]) + abs(unit.pos[1]) == expected
