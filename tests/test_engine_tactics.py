"""The tactics engine: card-level rules of seed 000 and RULINGS, and texts executed as the rules say."""

from __future__ import annotations

import json
from typing import Any

import pytest

from toolkit.board import Board
from toolkit.catalog import load_catalog
from toolkit.engine.core import EngineError, ScriptedDecider
from toolkit.engine.tactics import TacticsGame

from .conftest import CARDS
from .tactics_util import OPEN, Dice

RECORDS = load_catalog([CARDS / "tactics"]).records


def game(mode: str = "duo", seed: int = 1, decider: Any = None, records: Any = None) -> TacticsGame:
    """A set-up game on the small test board, the squads then placed face to face: each player's first
    unit sees the other's (so 目标 in these card-level tests is legal at resolution, §11.6)."""
    g = TacticsGame(records or RECORDS, mode, seed=seed, board=Board(OPEN, map_id="test"))
    if decider is not None:  # the scripted answers are for the test, not for the set-up
        g.decider = g.triggers.decider = decider
    for seat, x, facing in ((1, 2, "e"), (2, 3, "w")):
        for row, unit in enumerate(g.player(seat).units):
            g.place(unit, (x, 3 + row), facing)
    return g


@pytest.mark.parametrize(
    ("mode", "hand", "shop"),
    [("duel", 3 + 2, 0), ("duo", 3 + 2, -2), ("expert", 3 + 2, -2)],
)
def test_buy_draws_from_the_shop_or_the_deck(mode: str, hand: int, shop: int) -> None:
    g = game(mode)
    shop_before = len(g.shop)
    deck_before = len(g.player(1).deck)
    g.run_text("你购买 2 张牌。")
    assert len(g.player(1).hand) == hand
    assert len(g.shop) == shop_before + shop
    assert len(g.player(1).deck) == deck_before - (2 if shop == 0 else 0)


def test_budget_overrun_refills_the_shop_from_gold_discards() -> None:
    g = game("duo")
    gold = g.shop[:3]
    g.shop.clear()
    g.player(2).discard.extend(gold)
    g.run_text("你购买 1 张牌。")
    assert len(g.player(1).hand) == 4
    assert len(g.shop) == 2 and not g.player(2).discard
    assert [e.kind for e in g.log][-2:] == ["budget_overrun", "buy"]


def test_draw_reshuffles_the_discard() -> None:
    g = game("duel")
    player = g.player(1)
    player.discard.extend(player.deck)
    player.deck.clear()
    g.run_text("你抽 2 张牌。")
    assert len(player.hand) == 5 and len(player.deck) == 5 and not player.discard
    assert "reshuffle" in [e.kind for e in g.log]


@pytest.mark.parametrize(
    ("shield", "temp", "damage", "after"),
    [
        (2, 1, 4, (0, 0, -1)),  # shields, then temporary HP, then HP
        (3, 0, 2, (1, 0, 0)),  # fully absorbed
        (0, 2, 1, (0, 1, 0)),
    ],
)
def test_damage_hits_shields_first(shield: int, temp: int, damage: int, after: tuple[int, int, int]) -> None:
    g = game()
    unit = g.player(2).units[0]
    unit.shield, unit.temp_hp = shield, temp
    hp = unit.hp
    g.run_text(f"对目标敌方单位造成 {damage} 点伤害。")
    assert (unit.shield, unit.temp_hp, unit.hp - hp) == after


def test_hidden_unit_stays_hidden_when_shields_absorb_everything() -> None:
    g = game("duo")
    unit = g.player(2).units[0]
    unit.hidden = True  # (the set-up deployed both squads side by side: exposed, in sight at distance 1, §8.4)
    unit.shield = 5
    g.run_text("对目标敌方单位造成 2 点伤害。")
    assert unit.hidden
    g.run_text("对目标敌方单位造成 4 点伤害。")
    assert not unit.hidden


def test_own_shield_is_capped_at_six() -> None:
    g = game()
    g.run_text("本单位获得 4 点护盾值。")
    g.run_text("本单位获得 4 点护盾值。")
    assert g.player(1).units[0].shield == 6


def test_destroyed_agent_goes_to_the_lost_zone_with_relief() -> None:
    g = game("duo")
    victim = g.player(2).units[0]
    hand = len(g.player(2).hand)
    g.run_text(f"对目标敌方单位造成 {victim.hp} 点伤害。")
    assert victim in g.player(2).lost and victim.gone
    assert len(g.player(2).hand) == hand + 1  # 失联抚恤: a free 物资补充 (buy 1)
    kinds = [e.kind for e in g.log]
    assert kinds.index("lost") < kinds.index("lost_agent_relief")


def test_statuses_and_equipment_self_destruct_when_their_unit_leaves() -> None:
    g = game("duo")
    victim = g.player(2).units[0]
    armor = g._card("ceramic_body_armor", 2)
    mark = g._card("dazzled", 1)
    g.equip(victim, armor)
    g.attach(victim, mark)
    g.destroy(victim)
    assert armor in g.player(2).discard and mark in g.player(1).discard


def test_equipment_overflow_self_destructs_by_choice() -> None:
    g = game("duo", decider=ScriptedDecider([0, 0]))
    unit = g.player(1).units[0]
    first, second = g._card("ceramic_body_armor", 1), g._card("armored_medpack", 1)
    heavy = next(g._card(r.id, 1) for r in RECORDS if r.kind == "card" and r.equipment and r.equipment.size == "heavy")
    g.equip(unit, first)
    g.equip(unit, second)
    g.equip(unit, heavy)  # 2 slots: both self-destruct, chosen one at a time
    assert unit.equipment == [heavy]
    assert {first, second} <= set(g.player(1).discard)


def test_hand_limit_counts_mortgage_and_exempts_tokens() -> None:
    g = game("duo")
    player = g.player(1)
    g.draw(1, 5)  # 8 cards
    g.mortgage(1, 2)  # 6 in hand, limit 6
    g.gain_token(1, "情报碎片")
    g.draw(1, 1)  # 7 + a token
    g.end_turn(1)
    assert sum(1 for c in player.hand if not c.token) == 6
    assert any(c.token for c in player.hand)
    g.start_turn(1)
    assert len(player.mortgage) == 0 and sum(1 for c in player.hand if not c.token) == 8


def test_tokens_have_a_limit_and_are_removed_not_discarded() -> None:
    g = game("duo")
    record = next(r for r in RECORDS if r.kind == "card" and r.name.zh_hans == "侦察标记")
    for _ in range(record.token.max_in_play + 2):
        g.run_text("你获得 1 张「侦察标记」。")
    tokens = [c for c in g.player(1).hand if c.name == "侦察标记"]
    assert len(tokens) == record.token.max_in_play
    assert "token_limit" in [e.kind for e in g.log]
    g.player(1).hand.remove(tokens[0])
    g._to_discard(tokens[0], "test")
    assert tokens[0] in g.player(1).removed and tokens[0] not in g.player(1).discard


@pytest.mark.parametrize(
    ("faces", "modifier", "damage", "consolation"),
    [
        ([1, 1], 0, 0, True),  # 马枪税: every result is 1
        ([1, 2], -1, 0, True),  # modified results clamp at 1
        ([6, 4], 0, 3, False),  # face table 0,0,0,1,1,2
        ([5, 6], 3, 4, False),  # clamped at 6
    ],
)
def test_hit_dice(faces: list[int], modifier: int, damage: int, consolation: bool) -> None:
    g = game("duo")
    g.rng = Dice(*faces)  # type: ignore[assignment]
    shop = len(g.shop)
    assert g.roll_hit_dice(1, len(faces), modifier) == damage
    assert (len(g.shop) == shop - 1) is consolation


def test_active_costs_are_paid_and_tap_only_once() -> None:
    g = game("duo")
    g.run_text("主动 横置，-1：你抽 1 张牌。")
    player = g.player(1)
    assert len(player.mortgage) == 1 and len(player.hand) == 3 and player.units[0].tapped
    with pytest.raises(EngineError, match="already tapped"):
        g.run_text("主动 横置：你抽 1 张牌。")


@pytest.mark.parametrize(("answer", "hand"), [(True, 4), (False, 3)])
def test_optional_abilities_ask_the_decider(answer: bool, hand: int) -> None:
    g = game("duo", decider=ScriptedDecider([answer]))
    g.run_text("你可以抽 1 张牌。")
    assert len(g.player(1).hand) == hand


def test_dice_condition() -> None:
    g = game("duo")
    g.rng = Dice(5)  # type: ignore[assignment]
    g.run_text("你投掷 1 枚六面骰。如果结果不小于 4，你抽 2 张牌。")
    assert len(g.player(1).hand) == 5


def test_search_reveal_and_mulligan() -> None:
    g = game("duel")
    player = g.player(1)
    name = player.deck[0].name
    g.run_text(f"你搜寻 1 张「{name}」。")
    assert player.hand[-1].name == name
    g.run_text("你调度 1 次。")  # FirstDecider: every card goes to the bottom and is replaced
    assert len(player.hand) == 4
    category = player.deck[0].record.category
    g.run_text(
        f"你翻牌直到翻出 1 张{ {'equipment': '装备', 'skill': '技能', 'item': '道具', 'status': '状态', 'minion': '随从'}[category] }牌。"
    )
    assert player.hand[-1].record.category == category and len(player.hand) == 5


def with_text(card_id: str, *texts: str) -> list[Any]:
    return [r.model_copy(update={"text": list(texts)}) if r.kind == "card" and r.id == card_id else r for r in RECORDS]


def test_triggers_resolve_during_and_after(tmp_path: Any) -> None:
    records = with_text("recon_mark", "受到伤害时：你抽 1 张牌。", "消灭后：你抽 1 张牌。")
    g = game("duo", records=records)
    victim = g.player(2).units[0]
    g.attach(victim, g._card("recon_mark", 1))
    g.run_text(f"对目标敌方单位造成 {victim.hp} 点伤害。")
    triggers = [e.data["timing"] for e in g.log if e.kind == "trigger"]
    # the status self-destructs with its unit; its leave-play ability looks back and still triggers
    assert triggers == ["on_damaged", "after_destroyed"]
    g2 = game("duo", records=with_text("thermal_scope", "受到伤害时：你抽 1 张牌。", "消灭时：你抽 1 张牌。"))
    victim = g2.player(2).units[0]
    g2.equip(victim, g2._card("thermal_scope", 2))
    hand = len(g2.player(2).hand)
    g2.run_text(f"对目标敌方单位造成 {victim.hp + 5} 点伤害。")
    assert [e.data["timing"] for e in g2.log if e.kind == "trigger"] == ["on_damaged", "on_destroyed"]
    assert len(g2.player(2).hand) == hand + 3  # two triggers and the 失联抚恤 buy


def test_endless_trigger_loops_are_stopped() -> None:
    records = with_text("recon_mark", "受到伤害时：对贴附单位造成 1 点伤害。")
    g = game("duo", records=records)
    victim = g.player(2).units[0]
    victim.hp = victim.max_hp = 50
    g.attach(victim, g._card("recon_mark", 1))
    with pytest.raises(EngineError, match="endless trigger loop"):
        g.run_text("对目标敌方单位造成 1 点伤害。")


def test_text_run_same_seed_same_log(cli: Any) -> None:
    args = ("text", "run", "对目标敌方单位造成 3 点伤害。你购买 2 张牌。", "--seed", "9", "--format", "json")
    first = cli(*args)
    assert first.exit_code == 0, first.output
    assert first.stdout == cli(*args).stdout
    data = json.loads(first.stdout)
    assert [p["seat"] for p in data["state"]["players"]] == [1, 2]
    assert set(data["state"]["players"][0]) == {
        "seat",
        "deck",
        "hand",
        "discard",
        "mortgage",
        "removed",
        "lost",
        "standby",
        "score",
    }
    assert data["state"]["shop"] == 14


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["你飞 1 张牌。"], "unexpected '飞'"),
        (["你抽 1 张牌。", "--game", "crossfire"], "crossfire resolve"),
        (["你抽 1 张牌。", "--mode", "chess"], "--mode 'chess': tactics has no such mode"),
        (["你获得 2[credit]。"], "not a tactics effect"),
    ],
)
def test_text_run_errors(cli: Any, args: list[str], message: str) -> None:
    result = cli("text", "run", *args)
    assert result.exit_code in (1, 2)
    assert message in result.output
    assert "Traceback" not in result.output
