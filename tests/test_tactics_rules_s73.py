"""Three rules of the tactics engine a read-only sweep found broken (sweep 73h): a face-down agent was exposed by
its own triggered ability when that ability had no legal target (and an ordinary player was offered targets out of
the ability's distance as it resolved); an attacker in another pit took no pit penalty; HP stayed above the maximum
once a max-HP bonus went away.

Each test quotes the seed line or the ruling it checks.
"""

from __future__ import annotations

from toolkit.engine.core import FirstLegalDecider
from toolkit.engine.tactics.state import Context
from toolkit.text.parser import parse

from .tactics_util import board_game, events, put

LYNX_SQUADS = (("lynx", "anvil"), ("jackdaw", "egret"))

# -- 1. a triggered ability that does nothing is not used (§8.4, docs/rulings.md); targets in reach only (§11.6)
# Lynx (山猫): "移动后：暴露距离 0-2 内的目标敌方单位。"


def _lynx_moves(decider=None, near: bool = False, lynx_hidden: bool = True):  # type: ignore[no-untyped-def]
    game = board_game(squads=LYNX_SQUADS, decider=decider)
    lynx = put(game, 1, "lynx", (0, 5), "e", hidden=lynx_hidden)
    put(game, 1, "anvil", (0, 0), "e", hidden=True)
    far = put(game, 2, "jackdaw", (9, 6), "w")  # distance 9: out of 0-2 whatever Lynx does
    egret = put(game, 2, "egret", (2, 4), "w", hidden=True) if near else None  # distance 2 from (0, 4), in sight
    game.active = 1
    start = len(game.log)
    game.move(lynx, 1, 1)
    assert lynx.pos == (0, 4) and lynx.facing == "e"
    return game, lynx, far, egret, game.log.since(start)


def test_hidden_agent_stays_face_down_when_its_trigger_has_no_target_in_reach() -> None:
    # rulings: "A triggered ability that does nothing … is not used: the agent stays face down and nothing of it is
    # logged"; §11.6: a target must be in the ability's distance and the unit's vision and sight
    game, lynx, far, _, new = _lynx_moves()
    assert lynx.hidden
    assert [e.kind for e in new] == ["move"]  # no exposure, no trigger, no target lost or missing
    assert not events(game, "exposed")


def test_hidden_agent_stays_face_down_for_a_player_offered_legal_targets_only() -> None:
    game, lynx, _, _, new = _lynx_moves(decider=FirstLegalDecider())
    assert lynx.hidden
    assert [e.kind for e in new] == ["move"]


def test_hidden_agent_is_exposed_when_its_trigger_names_a_target_in_reach() -> None:
    game, lynx, far, egret, new = _lynx_moves(near=True)
    assert not lynx.hidden and egret is not None and not egret.hidden
    kinds = [e.kind for e in new]
    assert kinds[:4] == ["move", "exposed", "trigger", "exposed"]
    assert new[1].data["unit"] == str(lynx) and new[3].data["unit"] == str(egret)
    assert "target_lost" not in kinds


def test_a_target_chosen_as_the_text_resolves_is_offered_in_reach_only() -> None:
    # the first enemy (Jackdaw, distance 9) is never offered: the first player takes Egret, in reach, and exposes it
    game, lynx, far, egret, new = _lynx_moves(near=True, lynx_hidden=False)
    assert egret is not None and not egret.hidden
    assert not [e for e in new if e.kind == "target_lost"]


def test_no_target_in_reach_for_a_face_up_unit_says_why() -> None:
    game, lynx, far, _, new = _lynx_moves(lynx_hidden=False)
    missing = [e for e in new if e.kind == "no_target"]
    assert len(missing) == 1 and "0-2" in str(missing[0].data["reason"])
    assert not [e for e in new if e.kind == "target_lost"]


# -- 2. pits (T17 "A target in a pit attacked from outside it: −1 more"; T13/T20: each destroyed floor is its own pit)


def _pit_attack(attacker_cell: tuple[int, int]) -> dict:  # type: ignore[type-arg]
    game = board_game()
    game.destroy_terrain((8, 6))  # a second pit; the map's own is (8, 3)
    gale = put(game, 1, "gale", attacker_cell, "n")
    jackdaw = put(game, 2, "jackdaw", (8, 3), "s")
    game.active = 1
    profile = next(p for p in game.profiles(gale) if p.profile.style == "ranged")
    game.attack(gale, jackdaw, profile)
    rolls = events(game, "hit_roll")
    assert len(rolls) == 1
    return dict(rolls[0].data)


def test_attacker_in_another_pit_takes_the_pit_penalty() -> None:
    assert _pit_attack((8, 6))["pit"] == -1


def test_attacker_on_the_floor_takes_the_pit_penalty() -> None:
    assert _pit_attack((8, 5))["pit"] == -1


# -- 3. HP never above the maximum (§8.3): a max-HP bonus that ends takes the HP above the new maximum with it


def test_hp_follows_the_maximum_down_when_the_status_self_destructs() -> None:
    game = board_game()
    gale = put(game, 1, "gale", (0, 5), "e")
    put(game, 2, "jackdaw", (4, 5), "w")
    plan = game._card("contingency_plan", 1)  # 后备计划: 贴附单位生命值上限 +1。
    game.attach(gale, plan)
    game.heal(gale, 5)
    top = game.max_hp(gale)
    assert gale.hp == top == gale.max_hp + 1
    game.self_destruct(plan)
    assert game.max_hp(gale) == top - 1
    assert gale.hp == top - 1


def test_hp_follows_the_maximum_down_when_a_status_no_longer_legal_goes() -> None:
    game = board_game()
    gale = put(game, 1, "gale", (0, 5), "e")
    put(game, 2, "jackdaw", (4, 5), "w")
    plan = game._card("contingency_plan", 2)  # Player 2's status for a friendly agent, on Player 1's Gale
    game.attach(gale, plan)
    game.heal(gale, 5)
    assert gale.hp == gale.max_hp + 1
    game.check_statuses(gale)  # (§7.3.2: its target is not legal, it self-destructs)
    assert plan not in gale.statuses
    assert gale.hp == game.max_hp(gale) == gale.max_hp


def test_hp_follows_the_maximum_down_when_a_timed_bonus_ends() -> None:
    game = board_game()
    gale = put(game, 1, "gale", (0, 5), "e")
    put(game, 2, "jackdaw", (4, 5), "w")
    game.active = 1
    game.execute(parse("直到回合结束，本单位生命值上限 +2。", "tactics"), Context(1, None, gale))
    game.heal(gale, 5)
    assert gale.hp == gale.max_hp + 2
    game._expire(1, "turn_end")
    assert gale.hp == game.max_hp(gale) == gale.max_hp
