"""toolkit.text.parse: ability text -> AST, including texts in the seeds' words that are not in cards/."""

from __future__ import annotations

import pytest

from toolkit.text import AbilitySyntaxError, parse
from toolkit.text import ast as A

SELF = A.Fixed("self_unit")


def body(*effects: A.Node) -> tuple[A.Sentence, ...]:
    return tuple(A.Sentence((e,)) for e in effects)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the issue's own examples (not bundled)
        ("你购买 2 张牌。", A.Ability("effect", body(A.Buy(2)))),
        (
            "攻击后：对目标敌方单位造成 1 点伤害。",
            A.Ability("triggered", body(A.Damage(A.Target("enemy_unit"), 1)), timing="after_attack"),
        ),
        (
            "主动 横置，-1：你抽 1 张牌。",
            A.Ability("active", body(A.Draw(1)), costs=(A.TapCost(), A.MortgageCost(1))),
        ),
        ("攻击后：对目标造成 1 点伤害。", A.Ability("triggered", body(A.Damage(A.Target(), 1)), timing="after_attack")),
        # tactics forms of ABILITY_TEXT.md
        ("你弃 2 张牌。", A.Ability("effect", body(A.Discard(2)))),
        ("对手弃 1 张牌。", A.Ability("effect", body(A.Discard(1, "opponent")))),
        ("你从矩阵商店搜寻 1 张「电磁轨道炮」。", A.Ability("effect", body(A.Search(1, "电磁轨道炮", "shop")))),
        ("你翻牌直到翻出 1 张技能牌。", A.Ability("effect", body(A.Reveal(1, "skill")))),
        ("你调度 1 次。", A.Ability("effect", body(A.Mulligan(1)))),
        ("你抵押 2 张手牌。", A.Ability("effect", body(A.Mortgage(2)))),
        ("本单位获得 3 点护盾值。", A.Ability("effect", body(A.GainShield(SELF, 3)))),
        ("本单位进行 1 次反击。", A.Ability("effect", body(A.BasicAttack(SELF, "counter", 1)))),
        ("你部署 1 名待命特工。", A.Ability("effect", body(A.Deploy(1)))),
        ("切换。", A.Ability("effect", body(A.Switch()))),
        ("特殊：暴露本单位。", A.Ability("special", body(A.Expose(SELF)))),
        (
            "响应 -1：本次攻击命中骰结果 -1。",
            A.Ability("response", body(A.AttackMod("hit_result", -1)), costs=(A.MortgageCost(1),)),
        ),
        ("主动 弃 1 张牌：你购买 1 张牌。", A.Ability("active", body(A.Buy(1)), costs=(A.DiscardCost(1),))),
        ("暴露时：你抽 1 张牌。", A.Ability("triggered", body(A.Draw(1)), timing="on_exposed")),
        ("消灭后：你购买 1 张牌。", A.Ability("triggered", body(A.Buy(1)), timing="after_destroyed")),
        ("受到伤害时：本单位移动 0-1。", A.Ability("triggered", body(A.Move(SELF, 0, 1)), timing="on_damaged")),
        (
            "如果本单位处于暴露状态，对距离 0-2 内的目标敌方特工造成 2 点伤害。",
            A.Ability(
                "effect",
                body(A.If(A.IsState(SELF, "exposed"), (A.Damage(A.Target("enemy_agent", (0, 2)), 2),))),
            ),
        ),
        (
            "如果佩戴者是特工，佩戴者移速 +1。",
            A.Ability(
                "effect", body(A.If(A.IsKind(A.Fixed("wearer"), "agent"), (A.Modify(A.Fixed("wearer"), "move", 1),)))
            ),
        ),
        (
            "你投掷 1 枚六面骰。如果结果不小于 4，你抽 1 张牌，本牌自毁。",
            A.Ability(
                "effect",
                (
                    A.Sentence((A.Roll(1),)),
                    A.Sentence((A.If(A.ResultAtLeast(4), (A.Draw(1), A.SelfDestruct(A.Fixed("this_card")))),)),
                ),
            ),
        ),
        (
            "直到你的下个回合开始，本单位攻击命中骰结果 +1。",
            A.Ability("effect", body(A.Until("your_next_turn_start", (A.Modify(SELF, "hit_result", 1),)))),
        ),
        (
            "如果矩阵商店没有牌，你可以抽 2 张牌。",
            A.Ability("effect", body(A.If(A.ShopEmpty(), (A.YouMay((A.Draw(2),)),)))),
        ),
        # netrunner
        ("[click]：你获得 2[credit]。", A.Ability("paid", body(A.GainCredits(2)), costs=(A.ClickCost(1),))),
        (
            "[click][click]，2[credit]：你抽 3 张牌。",
            A.Ability("paid", body(A.Draw(3)), costs=(A.ClickCost(2), A.CreditCost(2))),
        ),
        ("[subroutine] 造成 2 点肢体伤害。", A.Ability("subroutine", body(A.TypedDamage("meat", 2)))),
        ("你可以激活 1 张牌，无视其全部激活费用。", A.Ability("effect", body(A.YouMay((A.RezFree(1),))))),
        ("在本牌上放置 3 个推进标记。", A.Ability("effect", body(A.PlaceAdvancement(3)))),
        ("你安装 1 个硬件。", A.Ability("effect", body(A.Install(1, "hardware")))),
        ("公司失去 2[credit]。", A.Ability("effect", body(A.LoseCredits(2, "corp")))),
        ("你获得 1 个负面声誉。", A.Ability("effect", body(A.GainBadPublicity(1)))),
        ("当你激活本牌时：你获得 2[credit]。", A.Ability("triggered", body(A.GainCredits(2)), timing="rezzed")),
        # crossfire
        ("如果你被击中，你获胜。", A.Ability("effect", body(A.If(A.YouShot(), (A.Win(),))))),
        (
            "如果你未被击中且蓝队获胜，你获胜。",
            A.Ability("effect", body(A.If(A.All((A.YouNotShot(), A.TeamWon("blue"))), (A.Win(),)))),
        ),
        ("如果你击中 VIP，你落败。", A.Ability("effect", body(A.If(A.YouHit("vip"), (A.Lose(),))))),
        ("你视为特工。", A.Ability("effect", body(A.CountsAs("agent")))),
        ("你有 2 把枪：你可以同时指向 2 名不同的玩家，各射 1 发。", A.Ability("effect", body(A.Guns(2, 1)))),
    ],
)
def test_parse(text: str, expected: A.Ability) -> None:
    assert parse(text) == expected


@pytest.mark.parametrize(
    ("text", "canonical_equivalent"),
    [
        ("你抽两张牌。", "你抽 2 张牌。"),  # Chinese numerals
        ("你抽2张牌。", "你抽 2 张牌。"),  # no spaces
        ("你抽  ２  张牌。", "你抽 2 张牌。"),  # full-width digit, extra spaces
        ("主动 横置,-1:你抽 1 张牌.", "主动 横置，-1：你抽 1 张牌。"),  # ASCII punctuation
        ("对距离0~3内的目标单位造成三点伤害。", "对距离 0-3 内的目标单位造成 3 点伤害。"),
        ("你搜寻一张『破片手雷』。", "你搜寻 1 张「破片手雷」。"),
        ("你调度十次。", "你调度 10 次。"),
        ("你抽十二张牌。", "你抽 12 张牌。"),
        ("你投掷一枚六面骰。", "你投掷 1 枚六面骰。"),
        ("［click］：你获得 １［credit］。", "[click]：你获得 1[credit]。"),
    ],
)
def test_normalized_input_parses_like_canonical(text: str, canonical_equivalent: str) -> None:
    assert parse(text) == parse(canonical_equivalent)


@pytest.mark.parametrize(
    ("text", "line", "column", "hint"),
    [
        ("你抽 1 张牌", 1, 8, "ends with 。"),
        ("你抽 1 牌。", 1, 6, "measure word"),
        ("你抽张牌。", 1, 3, "number is missing"),
        ("主动 横置 你抽 1 张牌。", 1, 7, "put ： after the costs"),
        ("攻击后对目标单位造成 1 点伤害。", 1, 4, "timing is followed by ："),
        ("本单位移动 2。", 1, 7, "ranges"),
        ("你搜寻 1 张破片手雷。", 1, 8, "quoted"),
        ("本单位移速 1。", 1, 7, "sign"),
        ("你可以你抽 1 张牌。", 1, 4, "你可以抽"),
        ("你飞 1 张牌。", 1, 2, None),
        ("你抽 １ 张牌", 1, 8, "ends with 。"),  # column in what the user wrote, not the normalized text
        ("你抽两张", 1, 4, None),
    ],
)
def test_syntax_errors_carry_position_and_hint(text: str, line: int, column: int, hint: str | None) -> None:
    with pytest.raises(AbilitySyntaxError) as info:
        parse(text)
    error = info.value
    assert (error.line, error.column) == (line, column)
    if hint is None:
        assert error.expected
    else:
        assert error.hint is not None and hint in error.hint
    caret_line = error.context.splitlines()[1]
    assert caret_line.endswith("^")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("主动 横置，+1：你抽 1 张牌。", "mortgage cost is written -X"),
        ("本单位移动 3-1。", "runs backwards"),
        ("你抽 0 张牌。", "at least 1"),
        ("如果结果不小于 7，本牌自毁。", "1 to 6"),
        ("你有 2 把枪：你可以同时指向 3 名不同的玩家，各射 1 发。", "the two numbers are the same"),
        ("你对存储栈发起潜袭。", "not a server"),
        ("你抽 1 张牌。\n你抽 1 张牌。", "one line"),
    ],
)
def test_semantic_errors(text: str, message: str) -> None:
    with pytest.raises(AbilitySyntaxError) as info:
        parse(text)
    assert message in info.value.reason


def test_caret_counts_wide_characters_twice() -> None:
    with pytest.raises(AbilitySyntaxError) as info:
        parse("你抽 1 牌。")
    source, caret = info.value.context.splitlines()
    assert source == "你抽 1 牌。"
    assert caret == " " * 7 + "^"  # 你抽 (4 columns) + " 1 " (3 columns)


@pytest.mark.parametrize(
    ("text", "node_type", "covered"),
    [
        ("攻击后：对目标敌方单位造成 1 点伤害。", A.Target, "目标敌方单位"),
        ("攻击后：对目标敌方单位造成 1 点伤害。", A.Damage, "对目标敌方单位造成 1 点伤害"),
        ("主动 横置，-1：你选择的 1 个己方特工移动 0-2。", A.Move, "你选择的 1 个己方特工移动 0-2"),
        ("主动 横置，-1：你选择的 1 个己方特工移动 0-2。", A.MortgageCost, "-1"),
        ("你抽两张牌。", A.Draw, "你抽两张牌"),  # spans point into the input, not the normalized text
        ("如果你未被击中，你单独获胜，其他所有玩家落败。", A.SoleWin, "你单独获胜，其他所有玩家落败"),
    ],
)
def test_spans_cover_the_source(text: str, node_type: type, covered: str) -> None:
    node = next(n for n in A.walk(parse(text)) if isinstance(n, node_type))
    assert node.span is not None
    assert text[node.span[0] : node.span[1]] == covered


def test_spans_do_not_affect_equality() -> None:
    assert parse("你抽 2 张牌。") == parse("  你抽2张牌。")
    assert hash(parse("你抽 2 张牌。")) == hash(parse("你抽两张牌。"))


def test_json_round_trip() -> None:
    ability = parse("被攻击后：你可以横置本单位，本单位进行 1 次反击。")
    again = A.from_json(A.to_json(ability))
    assert again == ability
    assert again.span == ability.span
