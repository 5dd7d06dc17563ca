"""The netrunner sentences of the ability language: counters, hosting, traces, psi games, prevention,
the limits of a party, counter costs, the runner's score area and the run conditions.

Each text parses to the expected AST, is canonical (``render`` writes it back as it is), round-trips,
renders to the expected English, and parses alike (AST and spans) with the fast driver and Lark.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from toolkit.text import AbilitySyntaxError, parse, render
from toolkit.text import ast as A
from toolkit.text import vocab as V
from toolkit.text.limits import MAX_COUNT, MAX_NESTING

from .test_text_fast import assert_alike, takes_the_fast_path


def effect(*effects: A.Node) -> A.Ability:
    """A plain ability of one sentence per effect."""
    return A.Ability("effect", tuple(A.Sentence((e,)) for e in effects))


def one(*effects: A.Node) -> A.Ability:
    """A plain ability of one sentence holding all the effects."""
    return A.Ability("effect", (A.Sentence(effects),))


# (canonical text, AST, English)
CASES: list[tuple[str, A.Ability, str]] = [
    # 1. counters placed
    ("在本牌上放置 2 个病毒指示物。", effect(A.PlaceCounters("virus", 2)), "Place 2 virus counters on this card."),
    ("在本牌上放置 1 个能量指示物。", effect(A.PlaceCounters("power", 1)), "Place 1 power counter on this card."),
    ("在本牌上放置 3 个议案指示物。", effect(A.PlaceCounters("agenda", 3)), "Place 3 agenda counters on this card."),
    ("在本牌上放置 3 个推进标记。", effect(A.PlaceAdvancement(3)), "Place 3 advancement counters on this card."),
    (
        "在 2 张已安装的牌上放置 1 个推进标记。",
        effect(A.AdvanceInstalled(2, 1)),
        "Place 1 advancement counter on 2 installed cards.",
    ),
    # 2. counters removed
    ("从本牌上移除 1 个能量指示物。", effect(A.RemoveCounters("power", 1)), "Remove 1 power counter from this card."),
    ("从本牌上移除 2 个病毒指示物。", effect(A.RemoveCounters("virus", 2)), "Remove 2 virus counters from this card."),
    ("从本牌上移除 1 个议案指示物。", effect(A.RemoveCounters("agenda", 1)), "Remove 1 agenda counter from this card."),
    (
        "从本牌上移除 2 个推进标记。",
        effect(A.RemoveCounters("advancement", 2)),
        "Remove 2 advancement counters from this card.",
    ),
    # 3. for each counter
    (
        "本牌上每有 1 个病毒指示物，你获得 1[credit]。",
        effect(A.ForEachCounter("virus", 1, (A.GainCredits(1),))),
        "For each virus counter on this card, you gain 1[credit].",
    ),
    (
        "本牌上每有 2 个病毒指示物，你抽 1 张牌，你获得 1[credit]。",
        effect(A.ForEachCounter("virus", 2, (A.Draw(1), A.GainCredits(1)))),
        "For every 2 virus counters on this card, you draw 1 card, then you gain 1[credit].",
    ),
    (
        "本牌上每有 1 个推进标记，潜袭者失去 1[credit]。",
        effect(A.ForEachCounter("advancement", 1, (A.LoseCredits(1, "runner"),))),
        "For each advancement counter on this card, the runner loses 1[credit].",
    ),
    (
        "本牌上每有 3 个能量指示物，如果潜袭者被锁定，造成 1 点网域伤害。",
        effect(A.ForEachCounter("power", 3, (A.If(A.RunnerTagged(), (A.TypedDamage("net", 1),)),))),
        "For every 3 power counters on this card, if the runner is tagged, do 1 net damage.",
    ),
    (
        "如果潜袭成功，本牌上每有 1 个议案指示物，你可以抽 1 张牌。",
        effect(A.If(A.RunSuccessful(), (A.ForEachCounter("agenda", 1, (A.YouMay((A.Draw(1),)),)),))),
        "If the run is successful, for each agenda counter on this card, you may draw 1 card.",
    ),
    # 4. purge
    ("清除病毒指示物。", effect(A.Purge()), "Purge virus counters."),
    # 5. hosting
    ("你将 1 个程序安装在本牌上。", effect(A.InstallHosted(1, "program")), "You install 1 program on this card."),
    (
        "你可以将 2 个硬件安装在本牌上。",
        effect(A.YouMay((A.InstallHosted(2, "hardware"),))),
        "You may install 2 pieces of hardware on this card.",
    ),
    # 6. recurring credits
    (
        "本牌有 2 点循环信用点，只能用于支付破解器的能力。",
        effect(A.RecurringCredits(2, "icebreaker")),
        "This card has 2 recurring credits, to be spent only on icebreaker abilities.",
    ),
    (
        "本牌有 1 点循环信用点，只能用于提升追踪强度。",
        effect(A.RecurringCredits(1, "trace")),
        "This card has 1 recurring credit, to be spent only on trace strength.",
    ),
    (
        "本牌有 2 点循环信用点，只能用于安装。",
        effect(A.RecurringCredits(2, "install")),
        "This card has 2 recurring credits, to be spent only on installing.",
    ),
    (
        "本牌有 3 点循环信用点，只能用于激活。",
        effect(A.RecurringCredits(3, "rez")),
        "This card has 3 recurring credits, to be spent only on rezzing.",
    ),
    # 7. trace (and 17. its result)
    (
        "[subroutine] 追踪[3]。如果追踪成功，潜袭者获得 1 个锁定标记。",
        A.Ability(
            "subroutine",
            (A.Sentence((A.Trace(3),)), A.Sentence((A.If(A.TraceResult(True), (A.GainTags(1),)),))),
        ),
        "[subroutine] Trace[3]. If the trace is successful, the runner takes 1 tag.",
    ),
    (
        "追踪[0]。如果追踪失败，你抽 1 张牌。",
        A.Ability(
            "effect",
            (A.Sentence((A.Trace(0),)), A.Sentence((A.If(A.TraceResult(False), (A.Draw(1),)),))),
        ),
        "Trace[0]. If the trace is unsuccessful, you draw 1 card.",
    ),
    (f"追踪[{MAX_COUNT}]。", effect(A.Trace(MAX_COUNT)), f"Trace[{MAX_COUNT}]."),
    ("你获得 1[credit]，追踪[2]。", one(A.GainCredits(1), A.Trace(2)), "You gain 1[credit], then trace[2]."),
    # 8. psi (and 18. its result)
    (
        "进行心灵博弈。如果双方出价相同，终止潜袭。如果双方出价不同，你获得 1[credit]。",
        A.Ability(
            "effect",
            (
                A.Sentence((A.Psi(),)),
                A.Sentence((A.If(A.PsiResult(True), (A.EndRun(),)),)),
                A.Sentence((A.If(A.PsiResult(False), (A.GainCredits(1),)),)),
            ),
        ),
        "Play a psi game. If the bids are equal, end the run. If the bids differ, you gain 1[credit].",
    ),
    # 9. jack out
    ("你退出潜袭。", effect(A.JackOut()), "You jack out."),
    ("你可以退出潜袭。", effect(A.YouMay((A.JackOut(),))), "You may jack out."),
    # 10. prevent damage
    ("防止 1 点肢体伤害。", effect(A.PreventDamage("meat", 1)), "Prevent 1 meat damage."),
    ("防止 2 点网域伤害。", effect(A.PreventDamage("net", 2)), "Prevent 2 net damage."),
    ("防止 1 点脑部伤害。", effect(A.PreventDamage("brain", 1)), "Prevent 1 brain damage."),
    ("防止 2 点伤害。", effect(A.PreventDamage("any", 2)), "Prevent 2 damage."),
    # 11. avoid tags
    ("避免 1 个锁定标记。", effect(A.AvoidTags(1)), "Avoid 1 tag."),
    ("避免 2 个锁定标记。", effect(A.AvoidTags(2)), "Avoid 2 tags."),
    # 12. prevent trash
    (
        "防止 1 张你已安装的牌被销毁。",
        effect(A.PreventTrash(1)),
        "Prevent 1 of your installed cards from being trashed.",
    ),
    # 13. can be advanced
    ("本牌可以被推进。", effect(A.CanBeAdvanced()), "This card can be advanced."),
    # 14. limits of a party
    ("你的手牌上限 +1。", effect(A.PlayerLimit("hand_size", 1)), "Your maximum hand size +1."),
    ("你的内存上限 +1[mu]。", effect(A.PlayerLimit("memory", 1, "you")), "Your memory limit +1[mu]."),
    ("潜袭者的手牌上限 -1。", effect(A.PlayerLimit("hand_size", -1, "runner")), "The runner's maximum hand size -1."),
    ("潜袭者的内存上限 -1[mu]。", effect(A.PlayerLimit("memory", -1, "runner")), "The runner's memory limit -1[mu]."),
    ("潜袭者的链接强度 +1。", effect(A.PlayerLimit("link", 1, "runner")), "The runner's link strength +1."),
    ("公司的手牌上限 +1。", effect(A.PlayerLimit("hand_size", 1, "corp")), "The corp's maximum hand size +1."),
    # 15. counter costs
    (
        "[click]，移除本牌上 1 个能量指示物：你获得 3[credit]。",
        A.Ability(
            "paid",
            (A.Sentence((A.GainCredits(3),)),),
            costs=(A.ClickCost(1), A.CounterCost("power", 1)),
        ),
        "[click], remove 1 power counter from this card: You gain 3[credit].",
    ),
    (
        "移除本牌上 2 个病毒指示物：你抽 1 张牌。",
        A.Ability("paid", (A.Sentence((A.Draw(1),)),), costs=(A.CounterCost("virus", 2),)),
        "Remove 2 virus counters from this card: You draw 1 card.",
    ),
    (
        "[click]，1[credit]，移除本牌上 1 个议案指示物，[trash]：你获得 [click]。",
        A.Ability(
            "paid",
            (A.Sentence((A.GainClicks(1),)),),
            costs=(A.ClickCost(1), A.CreditCost(1), A.CounterCost("agenda", 1), A.TrashCost()),
        ),
        "[click], 1[credit], remove 1 agenda counter from this card, [trash]: You gain [click].",
    ),
    (
        "移除本牌上 1 个推进标记：你获得 1[credit]。",
        A.Ability("paid", (A.Sentence((A.GainCredits(1),)),), costs=(A.CounterCost("advancement", 1),)),
        "Remove 1 advancement counter from this card: You gain 1[credit].",
    ),
    # 16. the runner's score area
    (
        "在潜袭者的分数区时：潜袭者的手牌上限 -1。",
        A.Ability("runner_score_area", (A.Sentence((A.PlayerLimit("hand_size", -1, "runner"),)),)),
        "While in the runner's score area: The runner's maximum hand size -1.",
    ),
    # 19. counters on the card
    (
        "如果本牌上至少有 2 个能量指示物，你抽 1 张牌。",
        effect(A.If(A.CountersAtLeast("power", 2), (A.Draw(1),))),
        "If this card has at least 2 power counters, you draw 1 card.",
    ),
    (
        "如果本牌上至少有 1 个推进标记，本牌可以被推进。",
        effect(A.If(A.CountersAtLeast("advancement", 1), (A.CanBeAdvanced(),))),
        "If this card has at least 1 advancement counter, this card can be advanced.",
    ),
    # 20. the server of the run
    (
        "如果本次潜袭针对研发中心，你额外读取 1 张牌。",
        effect(A.If(A.RunOn("rnd"), (A.Access(1),))),
        "If this run is on R&D, you access 1 additional card.",
    ),
    (
        "如果本次潜袭针对总部，终止潜袭。",
        effect(A.If(A.RunOn("hq"), (A.EndRun(),))),
        "If this run is on HQ, end the run.",
    ),
    (
        "如果本次潜袭针对档案库，你获得 1[credit]。",
        effect(A.If(A.RunOn("archives"), (A.GainCredits(1),))),
        "If this run is on Archives, you gain 1[credit].",
    ),
    (
        "如果本次潜袭针对中央服务器，你获得 1[credit]。",
        effect(A.If(A.RunOn("central"), (A.GainCredits(1),))),
        "If this run is on a central server, you gain 1[credit].",
    ),
    (
        "如果本次潜袭针对远程服务器，你获得 1[credit]。",
        effect(A.If(A.RunOn("remote"), (A.GainCredits(1),))),
        "If this run is on a remote server, you gain 1[credit].",
    ),
    # 21. the ice being encountered
    (
        "如果正在遭遇的防火墙是哨兵，强度 +1。",
        effect(A.If(A.EncounteringSubtype("sentry"), (A.Strength(1),))),
        "If the ice being encountered is a sentry, strength +1.",
    ),
    (
        "如果正在遭遇的防火墙是代码门，强度 +2。",
        effect(A.If(A.EncounteringSubtype("code_gate"), (A.Strength(2),))),
        "If the ice being encountered is a code gate, strength +2.",
    ),
    # 22. a run in progress, and conditions joined with 且
    (
        "如果潜袭者正在潜袭，你获得 1[credit]。",
        effect(A.If(A.RunInProgress(), (A.GainCredits(1),))),
        "If the runner is making a run, you gain 1[credit].",
    ),
    (
        "如果潜袭者正在潜袭且本次潜袭针对远程服务器且追踪成功，防止 1 点伤害。",
        effect(A.If(A.All((A.RunInProgress(), A.RunOn("remote"), A.TraceResult(True))), (A.PreventDamage("any", 1),))),
        "If the runner is making a run and this run is on a remote server and the trace is successful,"
        " prevent 1 damage.",
    ),
    (
        "当潜袭成功时：如果双方出价不同且本牌上至少有 3 个病毒指示物，你可以退出潜袭。",
        A.Ability(
            "triggered",
            (
                A.Sentence(
                    (A.If(A.All((A.PsiResult(False), A.CountersAtLeast("virus", 3))), (A.YouMay((A.JackOut(),)),)),)
                ),
            ),
            timing="run_successful",
        ),
        "When a run is successful: If the bids differ and this card has at least 3 virus counters, you may jack out.",
    ),
]

TEXTS = [pytest.param(text, expected, english, id=text) for text, expected, english in CASES]


@pytest.mark.parametrize(("text", "expected", "english"), TEXTS)
def test_parse(text: str, expected: A.Ability, english: str) -> None:
    assert parse(text) == expected


@pytest.mark.parametrize(("text", "expected", "english"), TEXTS)
def test_canonical_round_trip(text: str, expected: A.Ability, english: str) -> None:
    assert render(expected) == text
    assert parse(render(expected)) == expected


@pytest.mark.parametrize(("text", "expected", "english"), TEXTS)
def test_english(text: str, expected: A.Ability, english: str) -> None:
    assert render(expected, "en") == english


@pytest.mark.parametrize(("text", "expected", "english"), TEXTS)
def test_fast_driver_and_lark_agree(text: str, expected: A.Ability, english: str) -> None:
    assert assert_alike(text)[0] == "ast"
    assert takes_the_fast_path(text)


@pytest.mark.parametrize(("text", "expected", "english"), TEXTS)
def test_json_round_trip(text: str, expected: A.Ability, english: str) -> None:
    ability = parse(text)
    again = A.from_json(A.to_json(ability))
    assert again == ability
    assert [n.span for n in A.walk(again)] == [n.span for n in A.walk(ability)]
    assert A.dump(ability)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("在本牌上放置两个病毒指示物。", "在本牌上放置 2 个病毒指示物。"),
        ("本牌上每有两个病毒指示物,你获得1[credit]。", "本牌上每有 2 个病毒指示物，你获得 1[credit]。"),
        ("追踪［３］。", "追踪[3]。"),
        ("追踪 [ 3 ]。", "追踪[3]。"),
        ("防止两点伤害.", "防止 2 点伤害。"),
        ("[click],移除本牌上1个能量指示物:你获得3[credit]。", "[click]，移除本牌上 1 个能量指示物：你获得 3[credit]。"),
        ("潜袭者的内存上限-1[mu]。", "潜袭者的内存上限 -1[mu]。"),
        ("在潜袭者的分数区时:公司的手牌上限+1。", "在潜袭者的分数区时：公司的手牌上限 +1。"),
    ],
)
def test_loose_input_renders_canonical(text: str, canonical: str) -> None:
    ability = parse(text)
    assert render(ability) == canonical
    assert parse(canonical) == ability


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("在本牌上放置 0 个病毒指示物。", "at least 1"),
        ("在本牌上放置 0 个推进标记。", "the advancement counters must be at least 1"),
        ("从本牌上移除 0 个能量指示物。", "at least 1"),
        ("本牌上每有 0 个病毒指示物，你抽 1 张牌。", "at least 1"),
        ("移除本牌上 0 个能量指示物：你抽 1 张牌。", "at least 1"),
        ("如果本牌上至少有 0 个能量指示物，你抽 1 张牌。", "at least 1"),
        ("防止 0 点伤害。", "at least 1"),
        ("避免 0 个锁定标记。", "at least 1"),
        (f"追踪[{MAX_COUNT + 1}]。", f"more than {MAX_COUNT}"),
        ("公司的内存上限 +1[mu]。", "the corp has no"),
        ("公司的链接强度 +1。", "the corp has no"),
        ("如果本次潜袭针对存储栈，你抽 1 张牌。", "not a server"),
        ("本牌上每有 1 个病毒指示物，" * (MAX_NESTING + 1) + "你抽 1 张牌。", "conditions"),
        ("如果你没有手牌，" * MAX_NESTING + "本牌上每有 1 个病毒指示物，你抽 1 张牌。", "conditions"),
    ],
)
def test_refused(text: str, message: str) -> None:
    with pytest.raises(AbilitySyntaxError) as info:
        parse(text)
    assert message in info.value.reason
    assert assert_alike(text)[0] == "error"


def test_nesting_up_to_the_limit_parses() -> None:
    text = "如果你没有手牌，" * (MAX_NESTING - 1) + "本牌上每有 1 个病毒指示物，你抽 1 张牌。"
    ability = parse(text)
    assert any(isinstance(n, A.ForEachCounter) for n in A.walk(ability))
    assert parse(render(ability)) == ability


@pytest.mark.parametrize(
    "text",
    [
        "你抽 1 张牌，本牌上每有 1 个病毒指示物，你抽 1 张牌。",  # a sentence prefix only, like 如果
        "在本牌上放置 2 个锁定标记。",
        "追踪 3。",
        "公司退出潜袭。",
        "如果本次潜袭针对 1 台远程服务器，你抽 1 张牌。",  # a kind of server, no count
    ],
)
def test_not_in_the_language(text: str) -> None:
    with pytest.raises(AbilitySyntaxError):
        parse(text)


def test_spans_cover_the_source() -> None:
    text = "[click]，移除本牌上 1 个能量指示物：本牌上每有 2 个病毒指示物，你获得 1[credit]。"
    ability = parse(text)
    covered = {type(n).__name__: text[n.span[0] : n.span[1]] for n in A.walk(ability) if n.span is not None}
    assert covered["CounterCost"] == "移除本牌上 1 个能量指示物"
    assert covered["ForEachCounter"] == "本牌上每有 2 个病毒指示物，你获得 1[credit]"
    assert covered["GainCredits"] == "你获得 1[credit]"


NEW_NODES = {
    "PlaceCounters",
    "RemoveCounters",
    "ForEachCounter",
    "Purge",
    "InstallHosted",
    "RecurringCredits",
    "Trace",
    "Psi",
    "JackOut",
    "PreventDamage",
    "AvoidTags",
    "PreventTrash",
    "CanBeAdvanced",
    "CounterCost",
    "TraceResult",
    "PsiResult",
    "CountersAtLeast",
    "RunOn",
    "EncounteringSubtype",
    "RunInProgress",
}


def test_every_new_node_is_known_and_tested() -> None:
    assert set(A.NODE_TYPES) >= NEW_NODES
    assert {type(n).__name__ for _, expected, _ in CASES for n in A.walk(expected)} >= NEW_NODES


def test_new_conditions_and_costs_are_in_their_unions() -> None:
    conditions = set(A.Condition.__args__)
    assert {
        A.TraceResult,
        A.PsiResult,
        A.CountersAtLeast,
        A.RunOn,
        A.EncounteringSubtype,
        A.RunInProgress,
    } <= conditions
    assert A.CounterCost in A.Cost.__args__


def test_player_limit_defaults_to_you() -> None:
    assert A.PlayerLimit("hand_size", 1) == A.PlayerLimit("hand_size", 1, "you")
    assert [f for f in A.PlayerLimit.__dataclass_fields__ if f != "span"][-1] == "who"


def test_new_vocabularies() -> None:
    assert V.COUNTER_KINDS == {
        "virus": ("病毒指示物", "virus counter"),
        "power": ("能量指示物", "power counter"),
        "agenda": ("议案指示物", "agenda counter"),
        "advancement": ("推进标记", "advancement counter"),
    }
    assert V.RECURRING_USES == {
        "icebreaker": ("支付破解器的能力", "icebreaker abilities"),
        "trace": ("提升追踪强度", "trace strength"),
        "install": ("安装", "installing"),
        "rez": ("激活", "rezzing"),
    }
    every_counter = {n.kind for _, expected, _ in CASES for n in A.walk(expected) if isinstance(n, A.RemoveCounters)}
    assert every_counter == set(V.COUNTER_KINDS)
    every_use = {n.use for _, expected, _ in CASES for n in A.walk(expected) if isinstance(n, A.RecurringCredits)}
    assert every_use == set(V.RECURRING_USES)


# Where NetrunnerDB's English is read: its older cards print "advancement token", which still reads.
_LENIENT_INPUT = {"toolkit/importers/nrdb_text.py"}


def test_advancement_counter_is_the_one_english_name() -> None:
    """GLOSSARY: 推进标记 is the "advancement counter" in our English (prompts, logs, summaries, vocabulary), never
    the "advancement token" some printed cards say (a string split over lines counts too)."""
    root = Path(__file__).resolve().parent.parent
    token = re.compile(r"advancement[\s\"']*tokens?\b", re.IGNORECASE)
    found = [
        f"{path.relative_to(root)}:{source.count(chr(10), 0, match.start()) + 1}"
        for folder, suffix in (("toolkit", "*.py"), ("cards/netrunner", "*.json"), ("docs", "*.md"))
        for path in sorted((root / folder).rglob(suffix))
        if str(path.relative_to(root)) not in _LENIENT_INPUT
        for source in [path.read_text(encoding="utf-8")]
        for match in token.finditer(source)
    ]
    assert found == []
