"""Four rules of the tactics engine a user-tester found broken (sweep 7): 先发制人 scored at 失联 (a last strike stole
the win), a unit gaining vision never exposing the hidden enemy next to it (§8.4; since session 65 sight at 0-1
exposes whatever the vision), the T8 house rule discarding too many cards, and the damage line leaving out what an
equipment's shield took (T10).

Each test quotes the seed line or the ruling it checks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from toolkit.cli._lang import LogNames
from toolkit.engine.core import Decider, FirstDecider
from toolkit.engine.tactics import TacticsGame, Unit

from .tactics_util import RECORDS, board_game, events, put


class Picks(Decider):
    """Picks the first option equal to one of ``wanted`` (a cell, a card), else the first; ``yes`` to every
    question."""

    def __init__(self, *wanted: Any, yes: bool = True) -> None:
        self.wanted = list(wanted)
        self.yes = yes

    def choose(self, player: int, prompt: str, options: Sequence[Any]) -> Any:
        for want in self.wanted:
            for option in options:
                if option == want:
                    return option
        return options[0]

    def confirm(self, player: int, prompt: str) -> bool:
        return self.yes


# ---------------------------------------------------------------- §15.2, T22: 先发制人 scores at 消灭


def _one_one(decider: Decider) -> tuple[TacticsGame, Unit, Unit]:
    """双雄 at 1–1: 烈风 (seat 1) next to 寒鸦 (seat 2), facing each other, 1 HP each, every hit dealing 2."""
    game = board_game(decider=decider)
    gale = put(game, 1, "gale", (2, 3), "e")
    jackdaw = put(game, 2, "jackdaw", (3, 3), "w")
    put(game, 1, "anvil", (0, 0), "s")
    put(game, 2, "egret", (9, 6), "n")
    game.player(1).score = game.player(2).score = 1
    gale.hp = jackdaw.hp = 1
    game.active = 1
    game.roll_hit_dice = lambda seat, count, modifier=0: 2  # type: ignore[method-assign]
    return game, gale, jackdaw


def test_first_blood_is_won_as_the_agent_is_destroyed_before_its_last_strike() -> None:
    """§15.2 "消灭敌方特工的玩家得到 1 分，得到 2 分的玩家获得游戏胜利" (T22): the point is the destroying player's as
    the agent is destroyed (消灭), not when it goes to the lost zone (失联) after the attack; the player reaching 2
    wins there, so the destroyed agent's 最后一击 (§13.1.2, which the decider takes when offered) can no longer
    destroy the attacker and win for the other player."""
    game, gale, jackdaw = _one_one(FirstDecider())
    built_in = next(p for p in game.profiles(gale) if p.weapon is None)
    game.attack(gale, jackdaw, built_in)
    assert game.winners == [1] and game.end_reason == "first_blood"
    assert [p.score for p in game.players] == [2, 1]
    kinds = [e.kind for e in game.log]
    destroyed = kinds.index("destroyed")
    assert kinds[destroyed : destroyed + 3] == ["destroyed", "point", "game_over"]
    assert kinds.index("lost") > kinds.index("game_over")  # (the point did not wait for 失联)
    assert not any(e.data.get("counter") for e in events(game, "attack"))  # no last strike after the win
    assert not gale.dying and not gale.gone and gale.hp == 1


def test_a_point_short_of_winning_is_scored_at_destroy_and_play_goes_on() -> None:
    """§15.2: one point is not the win: scored as the agent is destroyed, before its 消灭时 and the lost zone."""
    game, gale, jackdaw = _one_one(FirstDecider())
    game.player(1).score = 0
    game.destroy(jackdaw, by=1)
    kinds = [e.kind for e in game.log]
    assert kinds.index("point") == kinds.index("destroyed") + 1 < kinds.index("lost")
    assert game.player(1).score == 1 and game.winners is None


# ---------------------------------------------------------------- §8.4: a unit that comes to see a hidden enemy at 0-1


def _exposed_by(game: TacticsGame, unit: Unit) -> list[str]:
    return [str(e.data["reason"]) for e in events(game, "exposed") if e.data["unit"] == str(unit)]


def test_the_hidden_enemy_beside_or_behind_is_exposed_whatever_the_vision() -> None:
    """§8.4 "位于敌方单位的视线中，且 2 者的距离为 0-1 时" (暴露) with T16 and T23 (session 65): 视线 is the line of
    sight, not the vision band, so the hidden enemy beside 烈风 (facing north) or right behind it is exposed with no
    vision gained (sweep 7's equipment, status, ability and reset that gave vision are no longer needed)."""
    for cell in ((4, 3), (3, 4)):
        game = board_game()
        gale = put(game, 1, "gale", (3, 3), "n")
        jackdaw = put(game, 2, "jackdaw", cell, "w", hidden=True)
        game.check_exposure()
        assert not jackdaw.hidden
        assert _exposed_by(game, jackdaw) == [f"in sight of {gale} at distance 0-1"]


def test_a_unit_pushed_out_of_a_restored_wall_exposes_the_hidden_enemy_it_now_faces() -> None:
    """§8.4 with T20: a unit in a wall restored goes to the nearest free cell; there the hidden enemy at distance
    1 in its vision is exposed."""
    game = board_game(decider=Picks((6, 3)))
    game.destroy_terrain((5, 3))
    gale = put(game, 1, "gale", (5, 3), "e")
    jackdaw = put(game, 2, "jackdaw", (7, 3), "w", hidden=True)
    game.check_exposure()
    assert jackdaw.hidden
    assert game.restore_terrain((5, 3))
    assert gale.pos == (6, 3) and not jackdaw.hidden


# ---------------------------------------------------------------- T8: discarding from the mortgage zone


def test_discarding_mortgaged_cards_raises_the_hand_limit_as_each_goes() -> None:
    """T8 (`discard_from_mortgage`) with §8.2 (8 minus each mortgaged card): 9 in hand and 2 mortgaged, the
    player discarding the mortgaged ones first: each raises the limit by 1, so 3 cards go (2 mortgaged and 1 from
    the hand), leaving 8 in hand."""
    game = board_game()
    game.mode = game.mode.model_copy(update={"discard_from_mortgage": True})
    player = game.player(1)
    player.hand = [game._card("med_kit", 1) for _ in range(9)]
    player.mortgage = [game._card("smoke_grenade", 1) for _ in range(2)]
    game.decider = Picks(*player.mortgage)
    game.end_turn(1)
    assert (len(player.hand), len(player.mortgage), len(player.discard)) == (8, 0, 3)
    assert [e.data["limit"] for e in events(game, "turn_end")] == [8]


# ---------------------------------------------------------------- T10: what each shield took


def test_the_damage_line_names_what_each_equipment_shield_took() -> None:
    """T10 (shields first, own then equipment, then temporary HP, then HP): the damage line tells what each layer
    took, each equipment's shield by name, so that the parts add up to the damage."""
    game = board_game()
    gale = put(game, 1, "gale", (3, 3), "n")
    armour = game._card("ceramic_body_armor", 1)
    game.equip(gale, armour)
    gale.shield = 1
    shield = armour.record.equipment.shield
    game.damage(gale, 1 + shield + 1)
    line = events(game, "damage")[-1].data
    assert line["shield"] == 1 and line["hp"] == 1
    assert [str(x) for x in line["equipment_shield"]] == [f"{armour}: {shield}"]
    took = line["shield"] + sum(x.fields["value"] for x in line["equipment_shield"]) + line["temp_hp"] + line["hp"]
    assert took == line["amount"]
    words = LogNames(RECORDS, "en").line({"event": "damage", **line})
    assert f"Ceramic Body Armor#{armour.uid}: {shield}" in words


def test_a_damage_line_without_equipment_shields_is_as_before() -> None:
    """No equipment shield took anything: the line has no ``equipment_shield`` (the log of other games unchanged)."""
    game = board_game()
    gale = put(game, 1, "gale", (3, 3), "n")
    game.damage(gale, 1)
    assert "equipment_shield" not in events(game, "damage")[-1].data
