"""Two rules of the tactics engine a read-only sweep found broken (sweep 73h): an attacker in another pit took no
pit penalty; HP stayed above the maximum once a max-HP bonus went away.

Each test quotes the seed line or the ruling it checks.
"""

from __future__ import annotations

from toolkit.engine.tactics.state import Context
from toolkit.text.parser import parse

from .tactics_util import board_game, events, put

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
