"""Rules of seed 000 the tactics engine broke until session 58: responses from the hand (§7.4.3), tokens and the
deck (§7.4.2), the reshuffle (§7.5), 切换 (§7.4.1), obstacles moved (§5.2), controlled units (§5.4, T11), statuses
whose target is no longer legal (§7.3.2), room for equipment (§7.3.1), and squads that share an agent (T24).

Each test quotes the seed line it checks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from toolkit.engine.core import Decider
from toolkit.engine.tactics.state import Context

from .conftest import ROOT
from .tactics_util import board_game, events, hand, obstacle, put

EX = ROOT / "examples" / "decks" / "tactics"


class Asked(Decider):
    """Answers by ``pick(prompt, options)`` (NotImplemented or no function: the first option) and ``yes`` to every
    question; writes down what it was asked."""

    def __init__(self, pick: Callable[[str, list[Any]], Any] | None = None) -> None:
        self.pick = pick
        self.asked: list[tuple[str, list[Any]]] = []

    def choose(self, player: int, prompt: str, options: Sequence[Any]) -> Any:
        self.asked.append((str(prompt), list(options)))
        found = self.pick(str(prompt), list(options)) if self.pick is not None else NotImplemented
        return options[0] if found is NotImplemented else found

    def confirm(self, player: int, prompt: str) -> bool:
        self.asked.append((str(prompt), [True, False]))
        return True


# ---------------------------------------------------------------- §7.4.3: response cards


def test_equipment_in_the_hand_is_no_response_card_and_its_response_is_used_while_worn() -> None:
    """§7.4.3 "判断方式：能力框第一个能力为响应牌": 光学迷彩 (攻击时… then 响应 横置：佩戴者移动 0-1) is not played from the
    hand as a response; worn, its 响应 is used, paying its 横置, and it stays worn."""
    game = board_game()
    gale = put(game, 1, "gale", (2, 3), "e")
    jackdaw = put(game, 2, "jackdaw", (4, 3), "w")
    camouflage, decoy, breach = hand(game, 2, "optical_camouflage", "holo_decoy", "breach_in")
    offered = [(a.kind, a.card, a.face) for a in game.response_options(2, Context(1, None, gale))]
    # a response card, and the reverse face of a reversible card that is one (响应：本单位移动 0-1), are
    assert offered == [("play", decoy, "front"), ("play", breach, "reverse")]
    game.player(2).hand = []
    game.equip(jackdaw, camouflage)
    options = game.response_options(2, Context(1, None, gale))
    assert [(a.kind, a.source) for a in options] == [("ability", camouflage)]
    game.decider = Asked(lambda prompt, options: options[0] if str(prompt).startswith("respond to ") else NotImplemented)
    game.active = 1
    game.response_window(1, Context(1, None, gale))
    assert camouflage.tapped and camouflage in jackdaw.equipment and not game.player(2).discard


# ---------------------------------------------------------------- §7.4.2: tokens


def test_a_token_put_back_by_a_mulligan_is_removed_instead() -> None:
    """§7.4.2 "当衍生牌进入弃牌区或回到牌库时，改为移除该衍生牌": 调度 puts it at the bottom of the deck, so it is
    removed; as many cards are drawn as were put back."""
    game = board_game(decider=Asked())
    player = game.player(1)
    player.deck = [game._card(i, 1) for i in ("med_kit", "zip_cuffs", "forged_orders", "intel_dossier")]
    hand(game, 1, "supply_crate")
    token = game.gain_token(1, "烟幕")
    assert token is not None
    assert game.mulligan(1) == 2
    assert token in player.removed and not any(c.token for c in player.deck + player.hand)
    assert len(player.hand) == 2 and len(player.deck) == 3


# ---------------------------------------------------------------- §7.5: the reshuffle


def test_a_reshuffle_shuffles_gold_cards_back_into_the_matrix_shop() -> None:
    """§7.5 "重洗：将你弃牌区中的所有指令牌分别洗入对应的牌库": the personal cards into the deck, the gold ones into the
    matrix shop; none stays in the discard."""
    game = board_game()
    player = game.player(1)
    gold = game.shop.pop()
    gold.owner = 1
    shop = len(game.shop)
    player.discard = [game._card("med_kit", 1), gold]
    player.deck = []
    assert game.draw(1, 1) == 1
    assert [c.id for c in player.hand] == ["med_kit"] and player.discard == []
    assert gold in game.shop and len(game.shop) == shop + 1
    assert events(game, "reshuffle")[-1].data == {"cards": 1, "shop": 1}


# ---------------------------------------------------------------- §7.4.1: 切换


def test_a_switch_card_may_be_turned_over_at_the_reset_though_it_was_not_tapped() -> None:
    """§7.4.1 "切换能力表示可以在重置倒转牌后将其倒转，即使其尚未横置"."""
    for tapped in (True, False):
        decider = Asked()
        game = board_game(decider=decider)
        gale = put(game, 1, "gale", (2, 3), "e")
        bipod = game._card("folding_bipod", 1)  # 折叠两脚架: its reverse has 切换
        game.equip(gale, bipod)
        bipod.tapped = tapped
        game.start_turn(1)
        assert bipod.face == "reverse" and not bipod.tapped
        assert [p for p, _ in decider.asked if p.startswith("switch")] == [f"switch {bipod} to its other face?"]


# ---------------------------------------------------------------- §5.2: an obstacle moved


def test_scavenging_never_moves_the_obstacle_onto_a_units_cell() -> None:
    """§5.2 "它与所有其他单位敌对" (T18: a move may not end on a hostile unit's cell): 正义的搜刮 moves the obstacle 0-1,
    never onto the cell of a unit, the scavenging player's own included."""
    game = board_game()
    gale = put(game, 1, "gale", (2, 3), "e")
    put(game, 1, "anvil", (4, 3), "n")
    put(game, 2, "jackdaw", (3, 4), "n")
    cabinet = obstacle(game, "filing_cabinet", (3, 3))
    action = next(a for a in game.legal_actions(1) if a.kind == "scavenge")
    decider = Asked(lambda prompt, options: (2, 3) if (2, 3) in options and "文件柜" in prompt else NotImplemented)
    game.decider = decider
    game.take(action)
    offered = next(options for prompt, options in decider.asked if prompt.startswith(f"move {cabinet}"))
    assert sorted(offered) == [(3, 2), (3, 3)]
    assert cabinet.pos == (3, 3) and gale.pos == (2, 3)


# ---------------------------------------------------------------- §5.4, T11: a unit whose control was taken


def test_a_controlled_enemy_unit_destroyed_takes_everything_on_it_to_the_enemys_discard() -> None:
    """§5.4 "若你获得操控权的敌方单位被消灭，其和其上贴覆的所有物件将会置入敌方玩家的弃牌区" (T11): the unit to its
    owner's lost zone, the cards on it, the controller's own too, to the owner's discard."""
    game = board_game()
    put(game, 1, "gale", (2, 3), "e")
    jackdaw = put(game, 2, "jackdaw", (8, 5), "w")
    guard = game.deploy_minion(2, "contract_guard", jackdaw, game._card("security_contract", 2))
    assert guard is not None
    game.take_control(guard, 1)
    carbine = game._card("compact_carbine", 1)
    game.equip(guard, carbine)
    bleeding = game._card("bleeding", 1)
    game.attach(guard, bleeding)
    game.destroy(guard, by=2)
    assert game.player(1).discard == [] and game.player(2).discard == [carbine, bleeding]
    assert [getattr(x, "id", None) for x in game.player(2).lost] == ["contract_guard", "security_contract"]
    game.player(2).deck = []
    game.draw(2, 2)  # reshuffled into the enemy's deck and drawn: the enemy's card now
    assert {c.owner for c in game.player(2).hand} == {2}


def test_the_cards_of_a_destroyed_unit_go_each_to_its_owners_discard() -> None:
    """An own unit destroyed: a status an enemy put on it goes to that enemy's discard (每个玩家的弃牌区…相互独立)."""
    game = board_game()
    gale = put(game, 1, "gale", (2, 3), "e")
    mark = game._card("laser_designator_mark", 2)  # 光点标定: a status for 敌方单位
    game.attach(gale, mark)
    game.destroy(gale, by=2)
    assert game.player(2).discard == [mark] and game.player(1).discard == []


# ---------------------------------------------------------------- §7.3.2: statuses


def test_a_status_self_destructs_once_its_target_is_no_longer_legal() -> None:
    """§7.3.2 "当生效对象不合法或离场时，该状态牌自毁": 侦察标记 (敌方单位) on a minion whose control its owner takes;
    a status for any unit stays."""
    game = board_game(squads=(("masque", "anvil"), ("jackdaw", "egret")))
    put(game, 1, "masque", (1, 3), "e")
    jackdaw = put(game, 2, "jackdaw", (9, 5), "w")
    guard = game.deploy_minion(2, "contract_guard", jackdaw, game._card("security_contract", 2))
    assert guard is not None
    mark = game._card("recon_mark", 1)  # 侦察标记, a token: removed instead of discarded
    game.attach(guard, mark)
    bleeding = game._card("bleeding", 1)  # 流血: a status for any unit
    game.attach(guard, bleeding)
    game.take_control(guard, 1)
    assert guard.statuses == [bleeding] and mark in game.player(1).removed
    said = [e.data for e in events(game, "self_destruct")]
    assert said == [{"card": str(mark), "reason": said[0]["reason"]}]
    assert str(said[0]["reason"]) == "its target is no longer legal (§7.3.2)"


# ---------------------------------------------------------------- §7.3.1: room for equipment


def test_making_room_for_equipment_offers_only_what_takes_slots() -> None:
    """§7.3.1 "随身，徒手装备不占装备栏…装备栏已满时佩戴新装备，需选择自毁任意个装备直到满足条件": 钢制指虎 (carried)
    frees no slot, so only 破门霰弹枪 is offered to make room for 旋风轻机枪 (heavy)."""
    decider = Asked()
    game = board_game(decider=decider, squads=(("anvil", "gale"), ("jackdaw", "egret")))
    anvil = put(game, 1, "anvil", (2, 3), "e")
    knuckles, shotgun = game._card("steel_knuckles", 1), game._card("breaching_shotgun", 1)
    game.equip(anvil, knuckles)
    game.equip(anvil, shotgun)
    game.equip(anvil, game._card("whirlwind_lmg", 1))
    assert [options for prompt, options in decider.asked if prompt.startswith("self-destruct")] == [[shotgun]]
    assert [c.id for c in anvil.equipment] == ["steel_knuckles", "whirlwind_lmg"]


# ---------------------------------------------------------------- T24: one piece per agent


def test_play_refuses_squads_that_share_an_agent_as_simulate_does(cli) -> None:  # type: ignore[no-untyped-def]
    """`play` and `simulate` refuse two squads with an agent in common alike: one line naming the agent, exit 1."""
    decks = ("--decks", EX / "duo.json", "--decks", EX / "duo-list.txt", "--lang", "en")
    played = cli("play", "tactics", *decks, "--plain")
    simulated = cli("simulate", "tactics", *decks)
    assert played.exit_code == simulated.exit_code == 1
    assert "Jackdaw (jackdaw) is in the squads of players 1, 2" in played.output
    assert played.output.splitlines()[-1] == simulated.output.splitlines()[-1]
