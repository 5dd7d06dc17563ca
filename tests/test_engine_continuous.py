"""Continuous effects: statuses and equipment while attached, 直到… durations, and what they change."""

from __future__ import annotations

import pytest

from toolkit.catalog import load_catalog
from toolkit.engine.core import FirstDecider
from toolkit.engine.tactics import TacticsGame, Unit

from .conftest import CARDS
from .tactics_util import board_game, put

RECORDS = load_catalog([CARDS / "tactics"]).records


def fresh() -> TacticsGame:
    """寒鸦 faces east with 白鹭 next to it and the enemy 烈风 two cells on (both in its vision)."""
    game = board_game(squads=(("jackdaw", "egret"), ("gale", "anvil")), decider=FirstDecider())
    put(game, 1, "jackdaw", (2, 3), "e")
    put(game, 1, "egret", (3, 3), "e")
    put(game, 2, "gale", (4, 3), "w")
    put(game, 2, "anvil", (4, 4), "w")
    return game


def unit(game: TacticsGame, agent: str) -> Unit:
    return next(u for u in game.units() if u.id == agent)


def attach(game: TacticsGame, agent: str, status: str) -> None:
    target = unit(game, agent)
    game.attach(target, game._card(status, 1))


@pytest.mark.parametrize(
    ("status", "damage", "taken"),
    [("dug_in", 3, 2), ("recon_mark", 3, 4), (None, 3, 3)],
)
def test_damage_taken_modifiers_from_statuses(status: str | None, damage: int, taken: int) -> None:
    game = fresh()
    if status:
        attach(game, "gale", status)
    target = unit(game, "gale")
    before = target.hp
    game.damage(target, damage)
    assert before - target.hp == taken


def test_max_hp_from_a_status_caps_healing() -> None:
    game = fresh()
    target = unit(game, "gale")
    attach(game, "gale", "contingency_plan")
    assert game.max_hp(target) == target.max_hp + 1
    game.damage(target, 2)
    game.heal(target, 5)
    assert target.hp == target.max_hp + 1


def test_cannot_attack_stops_the_attack() -> None:
    game = fresh()
    attach(game, "jackdaw", "system_override")
    game.run_text("本单位进行 1 次袭击。", seat=1)
    assert any(e.kind == "attack_prevented" for e in game.log)
    assert not any(e.kind == "hit_dice" for e in game.log)


def test_cannot_move() -> None:
    game = fresh()
    attach(game, "jackdaw", "building_lockdown")
    game.run_text("本单位移动 0-2。", seat=1)
    assert [e.kind for e in game.log][-1] == "move_prevented"


def test_until_turn_end_modifies_attacks_then_expires() -> None:
    game = fresh()
    game.start_turn(1)
    jackdaw = unit(game, "jackdaw")
    game.run_text("直到回合结束，本单位攻击命中骰结果 +2。", seat=1)
    assert game.stat_bonus(jackdaw, "hit_result") == 2
    game.run_text("本单位进行 1 次袭击。", seat=1)
    dice = next(e for e in game.log if e.kind == "hit_dice")
    assert dice.data["modifier"] == 2 + 1  # and 寒鸦's own 攻击前 +1 against an agent (白鹭, §13.1.1)
    assert all(r == min(6, f + 3) for f, r in zip(dice.data["faces"], dice.data["results"], strict=True))
    game.end_turn(1)
    assert game.stat_bonus(jackdaw, "hit_result") == 0
    assert any(e.kind == "effect_ended" for e in game.log)


def test_until_your_next_turn_start_outlasts_the_opponents_turn() -> None:
    game = fresh()
    game.start_turn(1)
    game.run_text("直到你的下个回合开始，目标敌方特工移速 -1。", seat=1)
    target = next(u for u in game.units() if u.owner == 2 and u.timed)
    game.end_turn(1)
    game.start_turn(2)
    game.end_turn(2)
    assert game.stat_bonus(target, "move") == -1
    game.start_turn(1)
    assert game.stat_bonus(target, "move") == 0


def test_effects_of_a_status_end_when_it_leaves() -> None:
    game = fresh()
    attach(game, "gale", "dug_in")
    target = unit(game, "gale")
    assert game.stat_bonus(target, "damage_taken") == -1
    game.self_destruct(target.statuses[0])
    assert game.stat_bonus(target, "damage_taken") == 0
