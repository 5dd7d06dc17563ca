"""The tactics engine on the map: moves, vision, the attack sequence, responses, teams and set-up.

Each test of a rule quotes the seed line (seed 000) or the ruling it checks.
"""

from __future__ import annotations

from typing import Any

import pytest

from toolkit.engine.core import ScriptedDecider
from toolkit.engine.tactics import Context, Profile

from .tactics_util import Dice, board_game, events, hand, obstacle, put


def weapon_profile(game: Any, unit: Any, card_id: str) -> Profile:
    card = game._card(card_id, unit.owner)
    game.equip(unit, card)
    return next(p for p in game.profiles(unit) if p.weapon is card)


def built_in(game: Any, unit: Any, name: str) -> Profile:
    return next(p for p in game.profiles(unit, built_in_only=True) if p.name == name)


# ---------------------------------------------------------------- contradictions fixed (issue 9)


def test_attack_speed_rolls_that_many_hit_dice() -> None:
    """§13.1 "攻速：攻击时投掷等同于攻速的命中骰。" (was: always one die)"""
    game = board_game()
    gale = put(game, 1, "gale", (2, 3), "e")
    target = put(game, 2, "jackdaw", (4, 3), "w")
    target.tapped = True  # no counterattack
    game.rng = Dice(6, 6, 4, 1)  # type: ignore[assignment]  # the last: the gun's 攻击后 roll
    game.attack(gale, target, weapon_profile(game, gale, "squad_machine_gun"))
    dice = events(game, "hit_dice")[0]
    assert len(dice.data["faces"]) == 3
    assert dice.data["damage"] == 2 + 2 + 1


def test_on_attack_modifiers_change_the_attack() -> None:
    """§13.1 "攻击时：结算“攻击时”能力" — 本次攻击的伤害 +1 of a hidden 雾刃 counts (was: did nothing)."""
    game = board_game(squads=(("mistblade", "anvil"), ("jackdaw", "egret")))
    blade = put(game, 1, "mistblade", (2, 3), "e", hidden=True)
    target = put(game, 2, "jackdaw", (3, 3), "e")  # looking away, yet 雾刃 beside it is in its sight (§8.4, T23)
    target.tapped = True  # no counterattack
    game.rng = Dice(4)  # type: ignore[assignment]
    game.attack(blade, target, built_in(game, blade, "格斗"))
    assert events(game, "attack_modifier")[0].data == {"stat": "damage", "delta": 1, "attack": str(blade)}
    assert events(game, "hit_dice")[0].data["damage"] == 1
    assert target.hp == target.max_hp - 2
    # a built-in attack does not expose (§7.3.1); 雾刃's own 攻击时 text does, as it is used (§8.4, session 68: it
    # was the sight of the enemy beside it), its condition read while 雾刃 was face down
    assert [str(e.data["reason"]) for e in events(game, "exposed")] == ["uses its own ability (§8.4)"]


def test_after_attack_modifiers_change_the_game() -> None:
    """§13.1 "攻击后 / 消灭时：结算攻击后…" — 电击警棍 攻击后：横置本次攻击的目标."""
    game = board_game()
    anvil = put(game, 1, "anvil", (2, 3), "e")
    target = put(game, 2, "egret", (3, 3), "w")
    game.rng = Dice(1, 1)  # type: ignore[assignment]
    game.attack(anvil, target, weapon_profile(game, anvil, "stun_baton"))
    assert target.tapped


def test_exclusive_cards_expose_their_agent() -> None:
    """§8.4 暴露: "使用其能力、专用牌，或佩戴专用装备时。" and "使用通用指令牌…均不会暴露"."""
    game = board_game()
    jackdaw = put(game, 2, "jackdaw", (6, 3), "w", hidden=True)
    generic, exclusive = hand(game, 2, "med_kit", "longbow_sniper_rifle", "supply_crate", "intel_dossier")[:2]
    game.play_card(2, generic, jackdaw)
    assert jackdaw.hidden
    game.play_card(2, exclusive, jackdaw)
    assert not jackdaw.hidden
    assert any("exclusive" in e.data.get("reason", "") for e in events(game, "exposed"))


def test_teammates_are_friendly_not_enemies() -> None:
    """§15.7 "组队模式中，队友单位对你而言是友方单位" and T22 (seats 1 and 3 against 2 and 4)."""
    squads = (("gale",), ("jackdaw",), ("anvil",), ("egret",))
    game = board_game("duo", squads=squads)
    gale = put(game, 1, "gale", (2, 3))
    jackdaw = put(game, 2, "jackdaw", (3, 3))
    anvil = put(game, 3, "anvil", (2, 4))
    put(game, 4, "egret", (8, 6))
    enemies = game.candidates("enemy_unit", 1)
    assert anvil not in enemies and jackdaw in enemies
    assert anvil.pos not in game.blocked_for(gale) and jackdaw.pos in game.blocked_for(gale)
    assert game.opponents(1) == [2, 4]
    game.destroy(jackdaw, by=3)  # §15.2 scores per player (T22 revised): the teammate does not share it
    assert game.player(3).score == 1 and game.player(1).score == game.player(2).score == 0


def test_expert_starts_two_of_up_to_four_agents() -> None:
    """§15.3 专家模式 "每名玩家起始/最大特工数量：2/4"; the others stand by (待命)."""
    squads = (("gale", "anvil", "egret", "cipher"), ("jackdaw", "lynx", "masque", "cinder"))
    game = board_game("expert", squads=squads)
    game.started = False
    game.set_up(opening_hand=False)
    for player in game.players:
        assert len(player.units) == 2 and len(player.standby) == 2
        assert all(u.pos is not None for u in player.units)


def test_minion_cards_stay_on_the_player_board() -> None:
    """§7.3.3 "打出后部署随从来到战场。将该牌放置在玩家面板" and "随从被消灭后，与特工牌相同，进入失联区"."""
    game = board_game(squads=(("queen_bee", "anvil"), ("jackdaw", "egret")))
    bee = put(game, 1, "queen_bee", (2, 3), "e")
    card = hand(game, 1, "launch_hummingbird", "med_kit", "supply_crate", "intel_dossier")[0]
    game.play_card(1, card, bee)
    assert card in game.player(1).board and card not in game.player(1).discard
    drone = next(u for u in game.player(1).units if u.kind == "minion")
    assert game.board.distance(bee.pos, drone.pos) in (0, 1)
    game.destroy(drone, by=2)
    assert drone in game.player(1).lost and card in game.player(1).lost
    assert card not in game.player(1).board


def test_strike_may_target_own_units() -> None:
    """§13.1.1 "「袭击」可以选择自己以外任何单位，包括己方单位。"."""
    game = board_game()
    gale = put(game, 1, "gale", (2, 3))
    anvil = put(game, 1, "anvil", (2, 4))
    targets = game.attack_targets(gale)
    assert anvil in targets and gale not in targets


def test_after_attack_resolves_before_destroyed_units_leave() -> None:
    """§13.1: "攻击后 / 消灭时：结算攻击后、受到伤害时、消灭时" comes before "消灭后 / 失联后"."""
    game = board_game()
    gale = put(game, 1, "gale", (2, 3), "e")
    target = put(game, 2, "jackdaw", (3, 3), "w")
    target.hp = 1
    gale.tapped = True
    game.rng = Dice(6, 1)  # type: ignore[assignment]  # then its 最后一击 misses
    game.attack(gale, target, built_in(game, gale, "格斗"))
    kinds = [(e.kind, e.data.get("timing")) for e in game.log]
    after_attack = kinds.index(("trigger", "after_attack"))
    assert after_attack < kinds.index(("lost", None))
    assert not gale.tapped  # 烈风: 攻击后：如果本次攻击的目标被消灭，重置本单位。


# ---------------------------------------------------------------- the board


def test_moves_do_not_pass_hostile_units_or_walls_but_pass_own() -> None:
    """T18: "A step may not enter a wall cell … or a cell held by a hostile unit; own and friendly units may be passed"."""
    game = board_game()
    gale = put(game, 1, "gale", (4, 0))
    put(game, 1, "anvil", (4, 1))
    put(game, 2, "jackdaw", (6, 2))
    options = game.move_options(gale, 3)
    assert (4, 1) in options and (4, 3) in options and options[(4, 3)] == 3
    assert (6, 2) not in options and (5, 2) not in options


def test_leaving_a_pit_is_a_climb() -> None:
    """§4.3 "坑洞内的单位移动必须使用攀升" (T18: a climb costs 2 steps)."""
    game = board_game()
    gale = put(game, 1, "gale", (8, 3))
    assert game.board.is_pit((8, 3))
    assert game.move_options(gale, 2)[(8, 2)] == 2
    assert (8, 1) not in game.move_options(gale, 2)


def test_target_out_of_vision_is_lost() -> None:
    """§13.1 "结算时判定合法性：目标必须同时位于攻击距离内和攻击者视野内。如果无法满足，称为目标丢失"."""
    game = board_game()
    gale = put(game, 1, "gale", (2, 3), "w")  # facing away
    target = put(game, 2, "jackdaw", (4, 3), "w")
    game.attack(gale, target, built_in(game, gale, "制式手枪"))
    assert events(game, "target_lost") and not events(game, "hit_dice")
    assert target.hp == target.max_hp


def test_card_targets_are_checked_at_resolution() -> None:
    """§11.6: a 目标 must be in the ability's distance and the unit's vision when it resolves: none there, none is
    offered and the text does nothing (``no_target``, with the reason; sweep 73h)."""
    game = board_game()
    cinder_like = put(game, 1, "gale", (0, 5), "e")
    far = put(game, 2, "jackdaw", (4, 5), "w")
    game.run_text("对距离 0-2 内的目标敌方单位造成 1 点伤害。", seat=1)
    assert far.hp == far.max_hp and events(game, "no_target") and not events(game, "target_lost")
    game.place(far, (2, 5), "w")
    game.run_text("对距离 0-2 内的目标敌方单位造成 1 点伤害。", seat=1)
    assert far.hp == far.max_hp - 1
    assert cinder_like.hp == cinder_like.max_hp


@pytest.mark.parametrize(
    ("obstacle_cell", "attacker_cell", "cover"),
    [((3, 6), (1, 6), -2), ((2, 6), (1, 6), 0)],  # T17: exempt at distance 0-1 from the obstacle
)
def test_cover_from_obstacles(obstacle_cell: tuple[int, int], attacker_cell: tuple[int, int], cover: int) -> None:
    """§6.3 "障碍物不遮挡视野，但会阻碍视线，导致攻击命中骰 -2 … 若观测者与障碍物距离为 0-1，则不受此阻碍"."""
    game = board_game()
    gale = put(game, 1, "gale", attacker_cell, "e")
    target = put(game, 2, "jackdaw", (5, 6), "w")
    obstacle(game, "filing_cabinet", obstacle_cell)
    game.rng = Dice(6)  # type: ignore[assignment]
    game.attack(gale, target, built_in(game, gale, "制式手枪"))
    assert events(game, "hit_roll")[0].data["cover"] == cover


def test_a_target_in_a_pit_is_harder_to_hit() -> None:
    """§4.3 "位于坑洞内的单位受到坑洞外的单位攻击时，该攻击命中骰结果 -1"."""
    game = board_game()
    gale = put(game, 1, "gale", (8, 5), "n")
    target = put(game, 2, "jackdaw", (8, 3), "s")
    game.rng = Dice(6)  # type: ignore[assignment]
    game.attack(gale, target, built_in(game, gale, "制式手枪"))
    assert events(game, "hit_roll")[0].data["pit"] == -1
    assert events(game, "hit_dice")[0].data["results"] == [5]


def test_counterattack_only_against_enemy_attacks_in_the_enemy_turn() -> None:
    """§13.1.2 / index 反击: "己方单位在敌方回合被攻击后，可使用“正当防卫”获得 1 次反击机会"."""
    game = board_game()
    gale = put(game, 1, "gale", (2, 3), "e")
    target = put(game, 2, "jackdaw", (3, 3), "w")
    game.active = 1
    game.rng = Dice(1, 1, 1, 1)  # type: ignore[assignment]
    game.attack(gale, target, built_in(game, gale, "格斗"))
    counters = [e for e in events(game, "attack") if e.data["counter"]]
    assert len(counters) == 1 and counters[0].data["unit"] == str(target)
    assert target.tapped  # 正当防卫 taps the unit
    game.active = 2  # the attacked unit's own turn: no counterattack
    before = len(events(game, "attack"))
    gale.tapped = False
    game.attack(gale, target, built_in(game, gale, "格斗"))
    assert len(events(game, "attack")) == before + 1


def test_a_destroyed_unit_still_counterattacks() -> None:
    """§13.1.2 "被消灭的单位也可在被消灭时使用反击，称为正当防卫-最后一击"."""
    game = board_game()
    gale = put(game, 1, "gale", (2, 3), "e")
    target = put(game, 2, "jackdaw", (3, 3), "w")
    target.hp = 1
    game.active = 1
    game.rng = Dice(6, 6)  # type: ignore[assignment]
    game.attack(gale, target, built_in(game, gale, "格斗"))
    assert target.gone
    assert any(e.data["counter"] for e in events(game, "attack"))
    assert gale.hp == gale.max_hp - 2


def test_responses_resolve_before_the_action() -> None:
    """§12.2 "响应行动先于对手行动结算" — 烟幕弹 makes this attack's hit dice -2."""
    game = board_game()
    gale = put(game, 1, "gale", (2, 3), "e")
    target = put(game, 2, "jackdaw", (4, 3), "w")
    hand(game, 2, "smoke_cloud")
    target.tapped = True  # no counterattack
    game.decider = ScriptedDecider([0] * 6)  # respond with the first option; then the first of everything
    game.rng = Dice(6)  # type: ignore[assignment]
    game.attack(gale, target, built_in(game, gale, "制式手枪"))
    kinds = [e.kind for e in game.log]
    assert kinds.index("respond") < kinds.index("hit_dice")
    assert events(game, "hit_dice")[0].data["results"] == [4]


def test_deployment_dice_wildcards() -> None:
    """§3.3 "骰面为地图上不存在的部署区结果，或是 2 个相同的部署骰，视为万能部署骰"."""
    game = board_game("duo")
    game.started = False
    game.rng = Dice(1, 1, 2, 5, 2, 6)  # type: ignore[assignment]
    game.deploy_starting_agents()
    p1, p2 = events(game, "deployment_dice")
    assert p1.data["zones"] == ["wild", "wild", 2]
    assert p2.data["zones"] == ["wild", 2, "wild"]
    assert all(u.pos is not None and u.hidden for p in game.players for u in p.units)


def test_reinforcement_enters_tapped_and_hidden_outdoors() -> None:
    """Index 增援: "将 1 个待命特工横置且隐蔽部署在 1 个没有敌方单位的室外坐标"."""
    game = board_game()
    put(game, 1, "gale", (0, 0))
    game.run_text("你部署 1 名待命特工。", seat=1)
    anvil = next(u for u in game.player(1).units if u.id == "anvil")
    assert game.board.is_outdoor(anvil.pos) and anvil.tapped and anvil.hidden


def test_hidden_units_next_to_an_enemy_in_sight_are_exposed() -> None:
    """§8.4 "位于敌方单位的视线中，且 2 者的距离为 0-1 时" (exposure)."""
    game = board_game()
    gale = put(game, 1, "gale", (2, 3), "n", hidden=True)
    put(game, 2, "jackdaw", (2, 5), "n")  # looking away
    game.check_exposure()
    assert gale.hidden
    game.place(gale, (2, 4), "n")
    game.player(2).units[0].facing = "n"
    game.check_exposure()
    assert not gale.hidden


def test_a_unit_controlled_by_the_enemy_goes_to_its_owner_when_destroyed() -> None:
    """§5.4 "若你获得操控权的敌方单位被消灭，其和其上贴覆的所有物件将会置入敌方玩家的弃牌区" (T11)."""
    game = board_game()
    jackdaw = put(game, 2, "jackdaw", (3, 3))
    knife = game._card("tactical_knife", 2)
    game.equip(jackdaw, knife)
    game.take_control(jackdaw, 1)
    assert jackdaw in game.player(1).units and jackdaw.seat == 1
    game.destroy(jackdaw, by=2)
    assert jackdaw in game.player(2).lost and knife in game.player(2).discard
    assert jackdaw not in game.player(1).units


def test_destroying_terrain() -> None:
    """§4.2 / T20: a wall becomes a broken wall and back; units in a cell that becomes a wall are moved."""
    game = board_game()
    assert game.board.distance((4, 3), (6, 3)) == 6  # around the wall
    game.destroy_terrain((5, 3))
    assert game.board.terrain((5, 3)) == "broken_wall" and game.board.distance((4, 3), (6, 3)) == 2
    gale = put(game, 1, "gale", (5, 3))
    game.destroy_terrain((5, 3))
    assert game.board.is_wall((5, 3)) and gale.pos != (5, 3) and not game.board.is_wall(gale.pos)


def test_leave_play_abilities_of_attached_cards_trigger() -> None:
    """§14.7 消灭后: a status's 失联后 ability triggers though the status leaves with its unit (应急预案)."""
    game = board_game()
    gale = put(game, 1, "gale", (2, 3))
    put(game, 1, "anvil", (0, 6))  # agents on the map of both sides: the game goes on after Gale is lost
    put(game, 2, "jackdaw", (8, 6))
    game.attach(gale, game._card("contingency_plan", 1))
    hand_before = len(game.player(1).hand)
    game.destroy(gale, by=2)
    assert [e.data["source"] for e in events(game, "trigger")] == ["contingency_plan"]
    assert len(game.player(1).hand) >= hand_before + 2


def test_a_reverse_face_with_a_response_is_offered_in_the_response_window() -> None:
    """§7.4.1 "大部分倒转牌可以选择打出正面或倒面" and §7.4.3: 破门突入's reverse is a 响应."""
    game = board_game()
    put(game, 1, "gale", (2, 3), "e")
    jackdaw = put(game, 2, "jackdaw", (6, 3), "w")
    card = hand(game, 2, "breach_in")[0]
    options = game.response_options(2, Context(1))
    assert [(a.card, a.face) for a in options] == [(card, "reverse")]
    game.player(2).hand = [card]
    assert all(a.face == "front" for a in game.legal_actions(2) if a.card is card)  # the reverse only responds
    game.decider = ScriptedDecider([0, 1, 0])  # respond with it; move one step; keep the facing
    game.response_window(1, Context(1))
    assert jackdaw.pos != (6, 3) and card in game.player(2).discard
