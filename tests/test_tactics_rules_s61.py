"""Rules of seed 000 the tactics engine broke until session 61: a face-down minion's name in the log its enemy is
shown (§8.4, T23), a hidden unit destroyed without losing HP left face down in the lost zone (§14.1), and the
timing points of the attack sequence where no special ability could be used (§13.1, §14.8, T26).

Each test quotes the seed line or the ruling it checks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from toolkit.engine.core import Decider
from toolkit.engine.tactics import TacticsGame
from toolkit.engine.tactics.session import view

from .tactics_util import Dice, board_game, events, hand, obstacle, put


class Passes(Decider):
    """Passes on every special ability and counterattack (writing down the timing point of each special ability
    it was offered), picks ``wanted`` where it is offered, else the first option; yes to every question."""

    def __init__(self, *wanted: Any) -> None:
        self.wanted = list(wanted)
        self.points: list[str] = []
        self.game: TacticsGame | None = None

    def choose(self, player: int, prompt: str, options: Sequence[Any]) -> Any:
        if str(prompt).startswith("special") and self.game is not None and self.game.hint is not None:
            self.points.append(self.game.hint[1])
        for want in self.wanted:
            if any(o is want for o in options):
                return want
        return None if None in options else options[0]

    def confirm(self, player: int, prompt: str) -> bool:
        return True


def _attacks(game: TacticsGame, seat: int) -> list[dict[str, Any]]:
    return [e for e in view(game, seat)["log"] if e["event"] == "attack"]


# ---------------------------------------------------------------- §8.4, T23: what a face-down minion's attack tells


def test_a_face_down_minions_attack_does_not_name_it_to_its_enemy() -> None:
    """§8.4 (T23): a face-down unit is only a handle and its cells to the other seats; a minion's own attack is
    named after the minion (外包安保员), so its enemy is shown the attack unnamed, as the unit; its own seat and
    the raw log keep the name (saved games and their logs stay as they were)."""
    game = board_game()
    gale = put(game, 1, "gale", (2, 3), "e")
    jackdaw = put(game, 2, "jackdaw", (4, 3), "w")
    game.active = 2
    guard = game.deploy_minion(2, "contract_guard", jackdaw, None)
    assert guard is not None and guard.hidden
    guard.pos, guard.facing = (3, 5), "n"
    game.rng = Dice(5, 5, 5, 5)  # type: ignore[assignment]
    game.attack(guard, gale, game.profiles(guard)[0])
    seen = _attacks(game, 1)[0]
    assert seen["unit"].startswith("hidden#") and seen["attack"] == "hidden"
    assert "外包安保员" not in repr(view(game, 1)["log"])
    assert _attacks(game, 2)[0]["attack"] == guard.name
    assert events(game, "attack")[0].data["attack"] == guard.name


def test_a_face_down_agents_built_in_attack_keeps_its_name() -> None:
    """§8.4.2 "使用…自带攻击…时均不会暴露": 格斗 and 制式手枪 are every agent's, so naming them tells nothing of
    which agent attacks; the enemy is shown them."""
    game = board_game()
    gale = put(game, 1, "gale", (2, 3), "e", hidden=True)
    jackdaw = put(game, 2, "jackdaw", (4, 3), "w")
    game.active = 1
    game.rng = Dice(5, 5, 5, 5)  # type: ignore[assignment]
    profile = next(p for p in game.profiles(gale) if p.profile.style == "ranged")
    game.attack(gale, jackdaw, profile)
    seen = _attacks(game, 2)[0]
    assert seen["unit"].startswith("hidden#") and seen["attack"] == profile.name


# ---------------------------------------------------------------- §14.1: destroyed units go face up


def test_a_hidden_unit_destroyed_goes_face_up_to_the_lost_zone() -> None:
    """§14.1 "将该单位牌和对应单位棋子以正面朝上放置于所属失联区": a face-down agent destroyed without losing HP
    first is face up in the lost zone, and its enemy is shown which agent it destroyed."""
    game = board_game()
    put(game, 1, "gale", (2, 3), "e")
    jackdaw = put(game, 2, "jackdaw", (4, 3), "w", hidden=True)
    put(game, 2, "egret", (6, 3), "w")
    game.destroy(jackdaw, by=1)
    assert not jackdaw.hidden and jackdaw in game.player(2).lost
    shown = [e for e in view(game, 1)["log"] if e["event"] in ("destroyed", "lost", "point")]
    assert [e["unit"] for e in shown] == [str(jackdaw)] * 3


def test_a_hidden_unit_destroyed_fires_its_on_exposed_abilities() -> None:
    """§14.1 "这些能力会直接将目标单位的生命值降低至 0" with §8.4 "生命值减少时": destroying a face-down unit lowers
    its HP, which turns it face up, its 暴露时 firing (伏击信号弹, worn), as when damage destroys it."""
    decider = Passes()
    game = board_game(decider=decider)
    gale = put(game, 1, "gale", (2, 3), "e")
    jackdaw = put(game, 2, "jackdaw", (3, 3), "w", hidden=True)
    put(game, 2, "egret", (6, 3), "w")
    game.equip(jackdaw, game._card("ambush_flare", 2))
    decider.wanted = [gale]
    game.destroy(jackdaw, by=1)
    assert gale.hp == gale.max_hp - 1
    assert [e.data["timing"] for e in events(game, "trigger")][:1] == ["on_exposed"]
    kinds = [e.kind for e in game.log]
    assert kinds.index("exposed") < kinds.index("trigger") < kinds.index("destroyed")  # face up while on the map


def test_a_hidden_scene_obstacle_destroyed_by_an_ability_is_shown_to_everyone() -> None:
    """§14.1 with 连环引爆 "消灭距离 0-2 内的目标障碍": a face-down scene obstacle two cells away is destroyed
    without losing HP; it goes face up, so no seat is shown it as a handle any more."""
    game = board_game(squads=(("cinder", "anvil"), ("jackdaw", "egret")))
    cinder = put(game, 1, "cinder", (2, 3), "s")
    put(game, 2, "jackdaw", (8, 6), "w")
    crate = obstacle(game, "filing_cabinet", (2, 5))  # in 余烬's sight, too far to be exposed by it
    crate.hidden = True
    hand(game, 1, "chain_detonation", "med_kit", "smoke_grenade")
    game.active = 1
    play = next(a for a in game.legal_actions(1) if a.kind == "play" and a.card is not None
                and a.card.id == "chain_detonation" and a.unit is cinder)  # fmt: skip
    game.decider = decider = Passes(crate)
    decider.game = game
    game.triggers.decider = decider
    game.take(play)
    assert crate.gone and not crate.hidden
    for seat in (1, 2):
        assert str(crate) in [e["unit"] for e in view(game, seat)["log"] if e["event"] == "destroyed"]


def test_a_unit_leaving_play_face_down_turns_face_up() -> None:
    """§14.1: whatever sent it there, a unit is face up in the lost zone."""
    game = board_game()
    put(game, 1, "gale", (2, 3), "e")
    jackdaw = put(game, 2, "jackdaw", (4, 3), "w", hidden=True)
    put(game, 2, "egret", (6, 3), "w")
    game.leave(jackdaw)
    assert not jackdaw.hidden and jackdaw in game.player(2).lost
    assert "§14.1" in str(events(game, "exposed")[0].data["reason"])


# ---------------------------------------------------------------- T26: a timing point at each attack step


def _duel(decider: Passes, gale_facing: str = "e") -> tuple[TacticsGame, Any, Any]:
    """烈风 (seat 1, active) and 寒鸦 at distance 2; seat 2 has a face-down 白鹭, so it may 暴露 at every point."""
    game = board_game(decider=decider)
    decider.game = game
    gale = put(game, 1, "gale", (2, 3), gale_facing)
    jackdaw = put(game, 2, "jackdaw", (4, 3), "w")
    put(game, 2, "egret", (8, 6), "w", hidden=True)
    game.active = 1
    return game, gale, jackdaw


def _shoot(game: TacticsGame, gale: Any, jackdaw: Any) -> None:
    profile = next(p for p in game.profiles(gale) if p.profile.style == "ranged")
    game.attack(gale, jackdaw, profile)


def test_special_abilities_may_be_used_at_the_damage_step() -> None:
    """§13.1 "攻击时 … 伤害结算：投命中骰，结算伤害 … 攻击后" and T26 "every step of the attack sequence": the
    伤害结算 step is a timing point of its own, between 攻击时 and the hit dice."""
    decider = Passes()
    game, gale, jackdaw = _duel(decider)
    game.rng = Dice(5, 5, 5, 5)  # type: ignore[assignment]
    _shoot(game, gale, jackdaw)
    assert decider.points == ["response", "on_attack", "damage", "after_attack"]


def test_a_special_ability_at_the_damage_step_may_still_lose_the_target() -> None:
    """§13.1 "结算时判定合法性": range and sight are judged as the damage resolves, after the 伤害结算 point: 暴露
    used there happens before the hit dice are rolled."""
    decider = Passes()
    game, gale, jackdaw = _duel(decider)
    egret = next(u for u in game.player(2).units if u.id == "egret")
    chosen: list[str] = []

    def choose(player: int, prompt: str, options: Sequence[Any]) -> Any:
        if str(prompt).startswith("special") and game.hint == ("special", "damage") and not chosen:
            chosen.append("damage")
            return next(o for o in options if o is not None and o.unit is egret)
        return Passes.choose(decider, player, prompt, options)

    decider.choose = choose  # type: ignore[method-assign]
    game.rng = Dice(5, 5, 5, 5)  # type: ignore[assignment]
    _shoot(game, gale, jackdaw)
    kinds = [e.kind for e in game.log]
    assert [e.data["point"] for e in events(game, "special")] == ["damage"]
    assert kinds.index("special") < kinds.index("hit_dice")


def test_the_after_attack_point_comes_when_the_target_was_lost() -> None:
    """§13.1 "如果无法满足，称为目标丢失，不结算这段对目标生效的能力文字": what the attack does to its target
    does not resolve, but 攻击后 is still a step of the attack, a timing point (T26)."""
    decider = Passes()
    game, gale, jackdaw = _duel(decider, gale_facing="w")  # 寒鸦 behind 烈风: out of its vision
    _shoot(game, gale, jackdaw)
    assert events(game, "target_lost")
    assert decider.points == ["response", "on_attack", "damage", "after_attack"]


def test_the_after_destroyed_point_comes_once_the_destroyed_unit_is_lost() -> None:
    """§13.1 "消灭后 / 失联后：结算消灭后、失联后；装备进弃牌区，特工进失联区" (T26): an attack that destroyed a
    unit has a last timing point, once the unit is in the lost zone."""
    decider = Passes()
    game, gale, jackdaw = _duel(decider)
    jackdaw.hp = 1
    game.rng = Dice(6, 6, 6, 6)  # type: ignore[assignment]
    _shoot(game, gale, jackdaw)
    assert jackdaw.gone
    assert decider.points == ["response", "on_attack", "damage", "after_attack", "after_destroyed"]


def test_an_attacker_destroyed_in_the_response_window_leaves_play() -> None:
    """§13.1 "消灭后 / 失联后：…特工进失联区": an attack whose attacker a response destroyed (遥控诡雷 "响应：对距离
    0-1 内的目标敌方单位造成 2 点伤害") stops there, and the attacker goes to the lost zone all the same."""
    decider = Passes()
    game = board_game(decider=decider, squads=(("gale", "anvil"), ("cinder", "egret")))
    decider.game = game
    gale = put(game, 1, "gale", (2, 3), "e")
    cinder = put(game, 2, "cinder", (3, 3), "w")
    put(game, 2, "egret", (8, 6), "w")
    hand(game, 2, "remote_booby_trap", "med_kit", "smoke_grenade")
    gale.hp = 2
    game.active = 1
    decider.wanted = [gale]

    def choose(player: int, prompt: str, options: Sequence[Any]) -> Any:
        if str(prompt).startswith("respond"):
            return next(o for o in options if o is not None and o.card is not None and o.card.id == "remote_booby_trap")
        return Passes.choose(decider, player, prompt, options)

    decider.choose = choose  # type: ignore[method-assign]
    profile = next(p for p in game.profiles(gale) if p.profile.style == "melee")
    game.attack(gale, cinder, profile)
    assert [e.data["record"] for e in events(game, "respond")] == ["remote_booby_trap"]
    assert gale.dying and gale.gone and gale in game.player(1).lost
    assert not events(game, "hit_dice")



def test_the_tactician_values_a_dodge_at_the_damage_step_and_none_once_the_attack_is_over() -> None:
    """T26's new points in the tactician's eyes: a move at 伤害结算 may still lose the attack its target (as at
    攻击时, after the attacker's own move); after the destroyed units leave play the attack is over, no dodge."""
    import random

    from toolkit.engine.tactics.state import Attack
    from toolkit.engine.tactics.tactician import TacticianDecider

    game = board_game(squads=(("gale", "anvil"), ("mistblade", "egret")))
    gale = put(game, 1, "gale", (2, 3), "e")
    mistblade = put(game, 2, "mistblade", (4, 4), "w")  # one step south leaves 烈风's vision
    game.active = 1
    profile = next(p for p in game.profiles(gale) if p.profile.style == "ranged")
    attack = Attack(gale, mistblade, profile.profile, profile.name)
    (special,) = [ability for _, ability in game.kind_abilities(mistblade, "special")]  # 特殊 -1：本单位移动 0-1
    tactician = TacticianDecider(random.Random(0))
    tactician.bind(game)
    worth = {point: tactician.answer_worth(game, mistblade, special.sentences, attack, point)
             for point in ("on_attack", "damage", "after_destroyed")}  # fmt: skip
    assert worth["damage"] == worth["on_attack"] > 0
    assert worth["after_destroyed"] == 0
