"""Reading NetrunnerDB-shaped English into the ability language (toolkit/importers/nrdb_text.py).

Every sentence here is our own, written in the shape NetrunnerDB gives its text (markup included);
no NetrunnerDB text is in the repository. Each template reads, its reading renders back to the printed
sentence, the engine runs it; misreads are rejected; an import gets verdicts; the coverage report
counts them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.importers import import_netrunnerdb
from toolkit.importers import nrdb_text as R
from toolkit.importers.nrdb_text import english_key, read_card, read_paragraph, reads_back
from toolkit.models import RECORD_ADAPTER
from toolkit.models.scenario import Scenario
from toolkit.text import ast as A
from toolkit.text import parse, render

from .conftest import CARDS, ROOT

# (printed English in NetrunnerDB's shape, card type, canonical zh-Hans reading)
TEMPLATES: list[tuple[str, str, str]] = [
    ("[subroutine] End the run.", "ice", "[subroutine] 终止潜袭。"),
    ("[subroutine] Do 2 net damage.", "ice", "[subroutine] 造成 2 点网域伤害。"),
    ("[subroutine] Do 1 meat damage.", "ice", "[subroutine] 造成 1 点肢体伤害。"),
    ("[subroutine] Do 1 brain damage.", "ice", "[subroutine] 造成 1 点脑部伤害。"),
    ("[subroutine] The Runner loses 3[credit].", "ice", "[subroutine] 潜袭者失去 3[credit]。"),
    ("[subroutine] The Runner loses [click].", "ice", "[subroutine] 潜袭者失去 [click]。"),
    ("[subroutine] Give the Runner 2 tags.", "ice", "[subroutine] 潜袭者获得 2 个锁定标记。"),
    (
        "[subroutine] <trace>Trace 4</trace> If successful, give the Runner 1 tag.",
        "ice",
        "[subroutine] 追踪[4]。如果追踪成功，潜袭者获得 1 个锁定标记。",
    ),
    (
        "[subroutine] Trace[2] – If successful, do 1 net damage.",
        "ice",
        "[subroutine] 追踪[2]。如果追踪成功，造成 1 点网域伤害。",
    ),
    ("Interface → 1[credit]: Break 1 barrier subroutine.", "program", "1[credit]：破解 1 个屏障子进程。"),
    ("Interface → 2[credit]: Break 2 code gate subroutines.", "program", "2[credit]：破解 2 个代码门子进程。"),
    ("3[credit]: +2 strength.", "program", "3[credit]：强度 +2。"),
    ("Interface → 2[credit]: Break up to 3 sentry subroutines.", "program", "2[credit]：破解 3 个哨兵子进程。"),
    ("Interface → 3[credit]: Break any number of barrier subroutines.", "program", "3[credit]：破解任意数量的屏障子进程。"),
    ("Gain 5[credit].", "operation", "你获得 5[credit]。"),
    ("Draw 2 cards.", "event", "你抽 2 张牌。"),
    ("Gain 1[credit] and draw 1 card.", "event", "你获得 1[credit]，你抽 1 张牌。"),
    ("[click]: Gain 1[credit].", "resource", "[click]：你获得 1[credit]。"),
    ("[click], [trash]: Draw 3 cards.", "resource", "[click]，[trash]：你抽 3 张牌。"),
    ("When you score this agenda, gain 3[credit].", "agenda", "当你计分本议案时：你获得 3[credit]。"),
    ("When your turn begins, gain 1[credit].", "asset", "你的回合开始时：你获得 1[credit]。"),
    ("Whenever a run is successful, draw 1 card.", "resource", "当潜袭成功时：你抽 1 张牌。"),
    (
        "3[recurring-credit] Use these credits to pay for using icebreakers.",
        "hardware",
        "本牌有 3 点循环信用点，只能用于支付破解器的能力。",
    ),
    ("+2[mu]", "hardware", "你的内存上限 +2[mu]。"),
    ("[subroutine] Do 1 net damage. (Our reminder of what net damage is.)", "ice", "[subroutine] 造成 1 点网域伤害。"),
    # the newer words of the same things: core damage (brain damage), suffer (damage done to the runner)
    ("[subroutine] Do 2 core damage.", "ice", "[subroutine] 造成 2 点脑部伤害。"),
    ("When you install this program, suffer 1 core damage.", "program", "当你安装本牌时：造成 1 点脑部伤害。"),
    ("When you install this hardware, suffer 2 meat damage.", "hardware", "当你安装本牌时：造成 2 点肢体伤害。"),
    # trashing installed cards of a type
    ("[subroutine] Trash 1 installed resource.", "ice", "[subroutine] 销毁 1 个资源。"),
    ("[subroutine] Trash 2 installed pieces of hardware.", "ice", "[subroutine] 销毁 2 个硬件。"),
    ("[subroutine] Trash 1 program and end the run.", "ice", "[subroutine] 销毁 1 个程序，终止潜袭。"),
    # advanceable cards and counters on this card
    ("You can advance this asset.", "asset", "本牌可以被推进。"),
    ("When you score this agenda, place 2 agenda counters on it.", "agenda", "当你计分本议案时：在本牌上放置 2 个议案指示物。"),
    ("When you rez this ice, place 1 advancement counter on it.", "ice", "当你激活本牌时：在本牌上放置 1 个推进标记。"),
    # the older printed word (NetrunnerDB's text of older cards) reads the same, though we render "counter"
    ("Place 2 advancement tokens on this card.", "asset", "在本牌上放置 2 个推进标记。"),
    ("Remove 1 advancement token from this card.", "asset", "从本牌上移除 1 个推进标记。"),
    ("<strong>Hosted power counter:</strong> Draw 1 card.", "resource", "移除本牌上 1 个能量指示物：你抽 1 张牌。"),
    ("[click], hosted agenda counter: Gain 4[credit].", "agenda", "[click]，移除本牌上 1 个议案指示物：你获得 4[credit]。"),
    ("When your turn begins, remove 1 hosted power counter.", "asset", "你的回合开始时：从本牌上移除 1 个能量指示物。"),
    # a condition or a timing printed after the effect
    ("[subroutine] End the run if the Runner is tagged.", "ice", "[subroutine] 如果潜袭者被锁定，终止潜袭。"),
    ("Gain 2[credit] when your turn begins.", "asset", "你的回合开始时：你获得 2[credit]。"),
    ("Whenever you make a successful run, gain 1[credit].", "resource", "当潜袭成功时：你获得 1[credit]。"),
    (
        "Whenever you make a successful run on HQ, place 1 virus counter on this program.",
        "program",
        "当潜袭成功时：如果本次潜袭针对总部，在本牌上放置 1 个病毒指示物。",
    ),
    # limits
    ("Your maximum hand size is increased by 3.", "resource", "你的手牌上限 +3。"),
    ("The Runner's maximum hand size is reduced by 2.", "agenda", "潜袭者的手牌上限 -2。"),
    ("+2[mu] +1[link]", "hardware", "你的内存上限 +2[mu]，你的链接强度 +1。"),
    ("[subroutine] The Runner loses [click][click], if able.", "ice", "[subroutine] 潜袭者失去 [click][click]。"),
    # runs on a central server and what a successful one gives
    ("Run Archives. If successful, draw 3 cards.", "event", "你对档案库发起潜袭。如果潜袭成功，你抽 3 张牌。"),
    (
        "Run HQ. If successful, access 1 additional card when you breach HQ.",
        "event",
        "你对总部发起潜袭。如果潜袭成功，你额外读取 1 张牌。",
    ),
    (
        "Make a run on R&D. If successful, gain 2[credit] and take 1 tag.",
        "event",
        "你对研发中心发起潜袭。如果潜袭成功，你获得 2[credit]，潜袭者获得 1 个锁定标记。",
    ),
    # the side of the card is "you"
    ("[subroutine] The Corp gains 3[credit].", "ice", "[subroutine] 你获得 3[credit]。"),
    ("When the Runner steals this agenda, the Corp takes 1 bad publicity.", "agenda", "当潜袭者窃取本议案时：你获得 1 个负面声誉。"),
    # searching a deck for a card type
    (
        "Search your stack for 1 program, reveal it, and add it to your grip. Shuffle your stack.",
        "event",
        "你从存储栈搜寻 1 张程序，展示后加入你的手牌。",
    ),
    # spacing of the symbols
    ("[click],[trash]: Gain 3[credit].", "resource", "[click]，[trash]：你获得 3[credit]。"),
    ("[subroutine]End the run.", "ice", "[subroutine] 终止潜袭。"),
]

# (printed English naming its own card, card type, the card's title, reading): the title is "this card"
TITLED: list[tuple[str, str, str, str]] = [
    ("Quiet Lantern can be advanced.", "asset", "Quiet Lantern", "本牌可以被推进。"),
    ("When you rez Quiet Lantern, take 1 bad publicity.", "asset", "Quiet Lantern", "当你激活本牌时：你获得 1 个负面声誉。"),
    ("[click]: Take 2[credit] from Quiet Lantern.", "asset", "Quiet Lantern", "[click]：从本牌上拿取 2[credit]。"),
    (
        "Place 3 power counters on Quiet Lantern when it is rezzed.",
        "asset",
        "Quiet Lantern",
        "当你激活本牌时：在本牌上放置 3 个能量指示物。",
    ),
    (
        "Place 2 agenda counters on Tin Ledger when you score it.",
        "agenda",
        "Tin Ledger",
        "当你计分本议案时：在本牌上放置 2 个议案指示物。",
    ),
    ("When your turn begins, place 1 virus counter on Moth’s Hum.", "program", "Moth's Hum", "你的回合开始时：在本牌上放置 1 个病毒指示物。"),
]


@pytest.mark.parametrize(("english", "card_type", "zh"), TEMPLATES)
def test_each_template_reads_and_renders_back(english: str, card_type: str, zh: str) -> None:
    text, reason = read_paragraph(english, card_type)
    assert (text, reason) == (zh, None)
    ability = parse(text)
    assert render(ability) == text  # canonical: lint has nothing to say
    assert reads_back(english, ability, card_type)


@pytest.mark.parametrize(("english", "card_type", "title", "zh"), TITLED)
def test_a_card_that_names_itself_is_this_card(english: str, card_type: str, title: str, zh: str) -> None:
    assert read_paragraph(english, card_type, title) == (zh, None)
    assert reads_back(english, parse(zh), card_type, title)
    assert read_paragraph(english, card_type)[0] is None  # without its title, the name is just words
    assert read_paragraph(english, card_type, "Some Other Card")[0] is None  # another card's name is not this card


def test_a_card_reads_with_its_title() -> None:
    reading = read_card(["Quiet Lantern can be advanced.", "Gain 1[credit] when your turn begins."], "asset",
                        "Quiet Lantern")  # fmt: skip
    assert reading.status == "executable" and reading.texts() == ["本牌可以被推进。", "你的回合开始时：你获得 1[credit]。"]


@pytest.mark.parametrize(
    ("english", "card_type", "reason"),
    [
        # a failed run has no condition in the language: it is not a failed trace
        ("Run HQ. If unsuccessful, gain 2[credit].", "event", "no_template"),
        # a breach of another server than the run's is another access
        ("Run HQ. If successful, access 2 additional cards when you breach R&D.", "event", "no_template"),
        # words in parentheses that restrict are kept (nothing says "cannot be prevented")
        ("When you score this agenda, trash 1 resource (cannot be prevented).", "agenda", "no_template"),
        # only the card's own side is "you"
        ("The Corp gains 2[credit].", "event", "no_template"),
        ("[subroutine] The Runner gains 2[credit].", "ice", "no_template"),
        ("The Runner draws 2 cards.", "operation", "no_template"),
        # "it" is this card only right after the card's own timing
        ("When your turn begins, place 1 power counter on it.", "asset", "no_template"),
        ("When an agenda is scored, place 1 agenda counter on it.", "asset", "no_template"),
        # a Trash of a type: "card" is no type; "up to", "any number" say no number
        ("[subroutine] Trash 1 installed card.", "ice", "no_template"),
        ("[subroutine] Trash up to 2 installed programs.", "ice", "no_template"),
        # a successful run on a server the language has no words for
        ("Whenever you make a successful run on the attacked server, gain 1[credit].", "program", "no_template"),
        # searching for a subtype is not searching for a type
        ("Search your stack for 1 icebreaker, reveal it, and add it to your grip. Shuffle your stack.", "event",
         "no_template"),
        # a later condition over more than one clause is not reordered
        ("[subroutine] Gain 1[credit] and end the run if the Runner is tagged.", "ice", "no_template"),
        ("<strong>Limit 1 per turn.</strong>", "operation", "no_template"),
        ("Interface → 1[credit]: Break 2 subroutines.", "program", "no_template"),  # a break of any kind: no AST
        ("Whenever a run on this server is successful, gain 1[credit].", "upgrade", "no_template"),
        ("Gain X[credit].", "operation", "no_template"),
        ("[subroutine] End the run.", "program", "not_for_this_card"),
        ("When you score this agenda, gain 1[credit].", "asset", "not_for_this_card"),
        ("Gain 99[credit].", "operation", "not_in_grammar"),  # past the language's limit of 50
    ],
)
def test_what_is_not_read_says_why(english: str, card_type: str, reason: str) -> None:
    assert read_paragraph(english, card_type) == (None, reason)


# ---------------------------------------------------------------- misreads are rejected


@pytest.mark.parametrize(
    ("english", "wrong"),
    [
        ("[subroutine] Do 2 net damage.", A.Ability("subroutine", (A.Sentence((A.TypedDamage("meat", 2),)),))),
        ("[subroutine] Do 2 net damage.", A.Ability("subroutine", (A.Sentence((A.TypedDamage("net", 3),)),))),
        ("Gain 4[credit].", A.Ability("effect", (A.Sentence((A.LoseCredits(4),)),))),
        ("[subroutine] The Runner loses 2[credit].", A.Ability("subroutine", (A.Sentence((A.LoseCredits(2),)),))),
        (
            "1[credit]: Break 1 barrier subroutine.",
            A.Ability("paid", (A.Sentence((A.BreakSubroutine(1, "sentry"),)),), costs=(A.CreditCost(1),)),
        ),
        ("2[credit]: +3 strength.", A.Ability("paid", (A.Sentence((A.Strength(2),)),), costs=(A.CreditCost(2),))),
        ("2[credit]: +3 strength.", A.Ability("paid", (A.Sentence((A.Strength(3),)),), costs=(A.CreditCost(3),))),
        ("[subroutine] End the run.", A.Ability("effect", (A.Sentence((A.EndRun(),)),))),
        (
            "[subroutine] <trace>Trace 3</trace> If successful, give the Runner 1 tag.",
            A.Ability(
                "subroutine",
                (A.Sentence((A.Trace(3),)), A.Sentence((A.If(A.TraceResult(False), (A.GainTags(1),)),))),
            ),
        ),
    ],
)
def test_a_misreading_does_not_read_back(english: str, wrong: A.Ability) -> None:
    assert not reads_back(english, wrong)


def _effect(*effects: A.Node, kind: str = "effect") -> A.Ability:
    return A.Ability(kind, tuple(A.Sentence((e,)) for e in effects))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("english", "card_type", "wrong"),
    [
        # "if successful" after a run is the run's success, never a trace's
        ("Run R&D. If successful, draw 1 card.", "event",
         _effect(A.Run("rnd"), A.If(A.TraceResult(True), (A.Draw(1),)))),
        ("Run R&D. If successful, draw 1 card.", "event", _effect(A.Run("hq"), A.If(A.RunSuccessful(), (A.Draw(1),)))),
        # core damage is brain damage, not another kind; suffered damage keeps its kind and number
        ("[subroutine] Do 1 core damage.", "ice", _effect(A.TypedDamage("net", 1), kind="subroutine")),
        ("When you install this program, suffer 2 meat damage.", "program",
         A.Ability("triggered", (A.Sentence((A.TypedDamage("meat", 1),)),), timing="installed")),
        # the trashed type stays
        ("[subroutine] Trash 1 installed program.", "ice", _effect(A.Trash(1, "hardware"), kind="subroutine")),
        # whose limit, and which way
        ("The Runner's maximum hand size is reduced by 1.", "agenda", _effect(A.PlayerLimit("hand_size", -1))),
        ("The Runner's maximum hand size is reduced by 1.", "agenda",
         _effect(A.PlayerLimit("hand_size", 1, "runner"))),
        # the side named is "you" only on that side's card
        ("[subroutine] The Corp gains 2[credit].", "ice", _effect(A.LoseCredits(2, "runner"), kind="subroutine")),
        ("[subroutine] The Runner loses 2[credit].", "ice", _effect(A.LoseCredits(2), kind="subroutine")),
        # the counter kind of a hosted-counter cost stays
        ("Hosted power counter: Gain 1[credit].", "resource",
         A.Ability("paid", (A.Sentence((A.GainCredits(1),)),), costs=(A.CounterCost("virus", 1),))),
        # the server of a successful run stays
        ("Whenever you make a successful run on HQ, gain 1[credit].", "program",
         A.Ability("triggered", (A.Sentence((A.If(A.RunOn("rnd"), (A.GainCredits(1),)),)),),
                   timing="run_successful")),
        ("Whenever you make a successful run on HQ, gain 1[credit].", "program",
         A.Ability("triggered", (A.Sentence((A.GainCredits(1),)),), timing="run_successful")),
    ],
)  # fmt: skip
def test_a_misreading_of_a_card_does_not_read_back(english: str, card_type: str, wrong: A.Ability) -> None:
    assert not reads_back(english, wrong, card_type)


def test_the_side_of_the_card_decides_who_you_are() -> None:
    gain = _effect(A.GainCredits(2), kind="subroutine")
    assert reads_back("[subroutine] The Corp gains 2[credit].", gain, "ice")
    assert not reads_back("[subroutine] The Corp gains 2[credit].", gain)  # no card type: no side
    assert not reads_back("The Corp gains 2[credit].", _effect(A.GainCredits(2)), "event")


def test_a_template_that_misreads_leaves_the_paragraph_unread(monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken template (net damage read as meat damage) is caught by the read-back check."""
    broken = [
        (pattern, (lambda m: A.TypedDamage("meat", int(m[1]))) if "damage" in pattern.pattern else build)
        for pattern, build in R._CLAUSES
    ]
    monkeypatch.setattr(R, "_CLAUSES", broken)
    assert read_paragraph("[subroutine] Do 1 net damage.", "ice") == (None, "reads_back_differently")


def test_the_normalisation_keeps_numbers_kinds_and_parties() -> None:
    assert english_key("Do 1 net damage.") != english_key("Do 1 meat damage.")
    assert english_key("Gain 2[credit].") != english_key("Gain 3[credit].")
    assert english_key("The Runner loses 1[credit].") != english_key("The Corp loses 1[credit].")
    assert english_key("Draw 1 card.") == english_key("You draw 1 card.")
    assert english_key("+2 strength") == english_key("Strength +2")
    assert english_key("Do 1 core damage.") == english_key("Do 1 brain damage.")
    assert english_key("Do 1 core damage.") != english_key("Do 1 net damage.")
    token, counter = "Place 2 advancement tokens on this card.", "Place 2 advancement counters on this card."
    assert english_key(token) == english_key(counter)
    assert english_key("Suffer 2 meat damage.") != english_key("Do 2 net damage.")
    assert english_key("Trash 1 installed program.") != english_key("Trash 1 installed resource.")
    assert english_key("Your maximum hand size is increased by 2.") != english_key("Your maximum hand size -2")
    assert english_key("The Corp gains 1[credit].", "ice") != english_key("The Corp gains 1[credit].", "event")


# ---------------------------------------------------------------- cards


def test_a_card_verdict_and_record_hold_no_printed_text() -> None:
    paragraphs = ["2[recurring-credit]", "Use these credits to pay for using icebreakers.", "Draw 1 card.", "Odd."]
    reading = read_card(paragraphs, "hardware")
    assert reading.status == "partial"
    assert reading.texts() == ["本牌有 2 点循环信用点，只能用于支付破解器的能力。", "你抽 1 张牌。"]
    record = reading.record()
    assert record == {"status": "partial", "read": [0, 2], "unread": [{"index": 3, "reason": "no_template"}]}
    assert not re.search(r"[A-Za-z]{4,}", json.dumps(record).replace("status", "").replace("partial", "")
                         .replace("read", "").replace("unread", "").replace("index", "").replace("reason", "")
                         .replace("no_template", ""))  # fmt: skip
    assert read_card([], "ice").status == "executable"  # nothing to read: the card runs as it is
    assert read_card(["Odd."], "ice").status == "printed_only"


# ---------------------------------------------------------------- the engine runs what was read

BASE = {"deck_limit": 3, "game": "netrunner", "influence": 0, "kind": "card", "set": "dossier_demo", "unique": False}


def _card(card_id: str, type_: str, english: list[str], **fields: Any) -> Any:
    reading = read_card(english, type_)
    assert reading.status == "executable", reading.record()
    faction = "neutral_runner" if type_ in ("program", "hardware", "resource", "event") else "neutral_corp"
    data = {**BASE, "id": card_id, "type": type_, "text": reading.texts(), "faction": faction, "subtypes": [],
            "name": {"zh-Hans": card_id, "en": card_id}, "reading": reading.record(), **fields}  # fmt: skip
    return RECORD_ADAPTER.validate_python(data)


EXTRA = [
    _card("r_wall", "ice", ["[subroutine] End the run."], rez_cost=0, strength=3, subtypes=["barrier"]),
    _card("r_sting", "ice", ["[subroutine] Do 2 net damage."], rez_cost=0, strength=9, subtypes=["sentry"]),
    _card("r_drain", "ice", ["[subroutine] The Runner loses 2[credit]."], rez_cost=0, strength=9, subtypes=["sentry"]),
    _card(
        "r_breaker",
        "program",
        ["Interface → 1[credit]: Break 1 barrier subroutine.", "1[credit]: +2 strength."],
        cost=0,
        memory_cost=1,
        strength=1,
        subtypes=["icebreaker", "fracter"],
    ),
    _card("r_job", "resource", ["[click]: Gain 2[credit]."], cost=0),
    # the newer wordings read by the templates (our own sentences in NetrunnerDB's shape)
    _card("r_rotor", "ice", ["[subroutine] Trash 1 installed program."], rez_cost=0, strength=9, subtypes=["sentry"]),
    _card("r_cortex", "ice", ["[subroutine] Do 1 core damage."], rez_cost=0, strength=9, subtypes=["sentry"]),
    _card("r_tagwall", "ice", ["[subroutine] End the run if the Runner is tagged."], rez_cost=0, strength=9,
          subtypes=["barrier"]),  # fmt: skip
    _card(
        "r_battery",
        "resource",
        ["When you install this resource, place 2 power counters on it.", "<strong>Hosted power counter:</strong> Gain 2[credit]."],
        cost=0,
    ),
    _card("r_dig", "event", ["Run Archives. If successful, draw 2 cards."], cost=0),
    _card("r_bunk", "resource", ["Your maximum hand size is increased by 3."], cost=0),
]
RECORDS = [*load_catalog([CARDS / "netrunner"]).records, *EXTRA]


def scenario(decisions: list[str], corp: dict[str, Any], runner: dict[str, Any], records: Any = None) -> Any:
    from toolkit.engine.netrunner.scenario import run_scenario

    data = {
        "game": "netrunner",
        "name": "read text",
        "active": "runner",
        "corp": {"identity": "weyland_iron_ledger", "credits": 5, **corp},
        "runner": {"identity": "zero_weaver", "credits": 5, **runner},
        "decisions": decisions,
    }
    return run_scenario(records or RECORDS, Scenario.model_validate(data))


def events(result: Any, kind: str) -> list[dict[str, Any]]:
    return [e.data for e in result.game.log if e.kind == kind]


def test_a_read_end_the_run_subroutine_ends_the_run() -> None:
    r = scenario(["run:hq"], corp={"servers": {"hq": {"ice": [{"card": "r_wall", "rezzed": True}]}}},
                 runner={})  # fmt: skip
    assert events(r, "run_end")[-1]["successful"] is False


def test_read_break_and_strength_abilities_get_through_a_barrier() -> None:
    r = scenario(
        ["run:hq", "boost:r_breaker/1", "break:r_breaker/0", "continue"],
        corp={"servers": {"hq": {"ice": [{"card": "r_wall", "rezzed": True}]}}, "hand": ["neutral_pilot_scheme"]},
        runner={"rig": [{"card": "r_breaker"}], "credits": 2},
    )
    assert len(events(r, "break")) == 1 and r.game.runner.credits == 0
    assert events(r, "run_end")[-1]["successful"] is True


def test_read_damage_and_credit_subroutines_change_the_state() -> None:
    r = scenario(["run:hq"], corp={"servers": {"hq": {"ice": [{"card": "r_drain", "rezzed": True}]}}},
                 runner={"credits": 5})  # fmt: skip
    assert r.game.runner.credits == 3
    r = scenario(["run:hq"], corp={"servers": {"hq": {"ice": [{"card": "r_sting", "rezzed": True}]}}},
                 runner={})  # fmt: skip
    assert events(r, "damage") and events(r, "damage")[0]["amount"] == 2


def test_a_read_click_ability_gains_credits() -> None:
    r = scenario(["use:r_job/0"], corp={}, runner={"rig": [{"card": "r_job"}], "credits": 0, "clicks": 1})
    assert r.game.runner.credits == 2


def test_a_read_trash_subroutine_trashes_an_installed_program() -> None:
    r = scenario(["run:hq"], corp={"servers": {"hq": {"ice": [{"card": "r_rotor", "rezzed": True}]}}},
                 runner={"rig": [{"card": "r_breaker"}], "credits": 0})  # fmt: skip
    assert not r.game.runner.rig and [e["card"] for e in events(r, "trashed")] == ["r_breaker#4"]


def test_a_read_core_damage_subroutine_does_brain_damage() -> None:
    r = scenario(["run:hq"], corp={"servers": {"hq": {"ice": [{"card": "r_cortex", "rezzed": True}]}}},
                 runner={"hand": ["r_job", "r_bunk"]})  # fmt: skip
    assert [(e["damage"], e["amount"]) for e in events(r, "damage")] == [("brain", 1)]
    assert r.game.runner.brain_damage == 1


def test_a_read_condition_after_its_effect_ends_the_run_only_when_tagged() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "r_tagwall", "rezzed": True}]}}, "hand": ["neutral_pilot_scheme"]}
    assert events(scenario(["run:hq", "continue"], corp=corp, runner={}), "run_end")[-1]["successful"] is True
    assert events(scenario(["run:hq"], corp=corp, runner={"tags": 1}), "run_end")[-1]["successful"] is False


def test_read_hosted_counters_are_placed_and_spent() -> None:
    r = scenario(["install:r_battery", "use:r_battery/1"], corp={}, runner={"hand": ["r_battery"], "credits": 0})
    battery = next(c for c in r.game.runner.rig if c.record.id == "r_battery")
    assert battery.counters.get("power") == 1 and r.game.runner.credits == 2


def test_a_read_run_event_draws_after_a_successful_run() -> None:
    r = scenario(["play:r_dig", "continue"], corp={}, runner={"hand": ["r_dig"], "deck": ["r_job", "r_bunk", "r_dig"]})
    assert events(r, "run_end")[-1]["successful"] is True
    assert sorted(c.record.id for c in r.game.runner.hand) == ["r_bunk", "r_job"]


def test_a_read_hand_size_line_raises_the_limit() -> None:
    r = scenario([], corp={}, runner={"rig": [{"card": "r_bunk"}]})
    assert r.game.hand_size("runner") == r.game.rules.hand_size + 3


# ---------------------------------------------------------------- the import and the coverage report


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from toolkit.i18n import use_lang

    into = tmp_path_factory.mktemp("nrdb") / "pool"
    with use_lang("en"):
        import_netrunnerdb(ROOT / "tests" / "fixtures" / "netrunnerdb_v2", into)
    return into


def _record(into: Path, directory: str, record_id: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((into / directory / f"{record_id}.json").read_text(encoding="utf-8"))
    return data


def test_the_import_stores_verdicts(imported: Path) -> None:
    ice = _record(imported, "cards", "lattice_thornwall")
    assert ice["text"] == ["[subroutine] 终止潜袭。", "[subroutine] 潜袭者失去 [click]。"]
    assert ice["reading"] == {"status": "executable", "read": [0, 1]}
    keyway = _record(imported, "cards", "mirage_keyway")  # its strength line has no template; its subroutine reads
    assert keyway["text"] == ["[subroutine] 潜袭者获得 1 个锁定标记。"]
    assert keyway["reading"] == {"status": "partial", "read": [1], "unread": [{"index": 0, "reason": "no_template"}]}
    identity = _record(imported, "identities", "kestrel_dynamics_sky_is_ours")
    assert identity["text"] == [] and identity["reading"]["status"] == "printed_only"
    for path in [*imported.glob("cards/*.json"), *imported.glob("identities/*.json")]:
        record = json.loads(path.read_text(encoding="utf-8"))
        assert "reading" in record
        english = record.get("printed_text", {}).get("en", [])
        assert len(record["text"]) == len(record["reading"].get("read", []))
        for paragraph in english:  # none of the printed English is copied into the verdict
            assert paragraph not in json.dumps(record["reading"])


def test_the_imported_cards_run(imported: Path) -> None:
    """The imported breaker (read abilities) gets through the imported barrier (read subroutines)."""
    records = load_catalog([imported]).records
    r = scenario(
        ["run:hq", "boost:quillfracter_nine/1", "break:quillfracter_nine/0", "sub:1", "break:quillfracter_nine/0",
         "continue"],
        corp={"identity": "kestrel_dynamics_sky_is_ours", "servers": {"hq": {"ice": [{"card": "lattice_thornwall",
              "rezzed": True}]}}},
        runner={"identity": "mira_okonjo_static_saint", "rig": [{"card": "quillfracter_nine"}], "credits": 4},
        records=records,
    )  # fmt: skip
    assert len(events(r, "break")) == 2 and r.game.runner.credits == 0
    assert events(r, "run_end")[-1]["successful"] is True


def test_the_import_lints_clean(imported: Path, cli: Any) -> None:
    result = cli("lint", imported)
    assert result.exit_code == 0, result.stdout + result.stderr


def test_coverage_report_text_and_json(imported: Path, cli: Any) -> None:
    result = cli("text", "coverage", "--game", "netrunner", "--cards", imported, "--format", "json")
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["totals"] == {"cards": 14, "executable": 6, "partial": 2, "printed_only": 6,
                                "executable_percent": 42.9, "not_imported": 0}  # fmt: skip
    assert report["per_cycle"]["harbor"]["cards"] == 2 and report["per_set"]["signal_drift"]["cards"] == 12
    row = next(c for c in report["cards"] if c["id"] == "mirage_keyway")
    assert row == {"id": "mirage_keyway", "title": "Mirage Keyway", "set": "signal_drift", "cycle": "drift",
                   "printed_in": ["signal_drift"], "status": "partial", "scripted": [],
                   "unread": [{"index": 0, "reason": "no_template"}], "zh": []}  # fmt: skip
    # a card reprinted in a later set counts there too (as a player opening that set sees it)
    reprinted = {s: n["cards"] for s, n in report["per_set_printed"].items()}
    assert sum(reprinted.values()) >= report["totals"]["cards"] and reprinted["signal_drift"] >= 12
    assert report["reasons"] == {"no_template": 9}
    text = cli("text", "coverage", "--game", "netrunner", "--cards", imported).stdout
    assert "mirage_keyway  Mirage Keyway  signal_drift  drift  #1 no template" in text  # (the JSON's index 0)
    assert "Signal Drift" in text and "6/14 executable (42.9%), 2 partial, 6 printed only" in text
    summary = cli("text", "coverage", "--game", "netrunner", "--cards", imported, "--summary").stdout
    assert "mirage_keyway" not in summary and "per cycle:" in summary


def test_the_zh_hans_translation_is_a_second_check_where_the_grammar_reads_it() -> None:
    from toolkit.coverage import netrunner_reading

    english = ["[subroutine] End the run.", "[subroutine] Do 2 net damage.", "[subroutine] The Runner loses 2[credit]."]
    zh = ["[subroutine] 终止潜袭。", "[subroutine] 造成 3 点网域伤害。", "一段语法不读的自然中文。"]
    record = _card("r_checked", "ice", english, rez_cost=0, strength=1, subtypes=["sentry"],
                   printed_text={"en": english, "zh-Hans": zh})  # fmt: skip
    check = netrunner_reading([record]).zh_check()
    # the first agrees with the English reading, the second does not (3 damage against 2), the third is not read
    assert check == {"parsed": 2, "compared": 2, "agree": 1, "disagree": [{"id": "r_checked", "index": 1}]}
    fewer = _card("r_checked", "ice", english, rez_cost=0, strength=1, subtypes=["sentry"],
                  printed_text={"en": english, "zh-Hans": zh[:2]})  # fmt: skip
    assert netrunner_reading([fewer]).zh_check()["compared"] == 0  # paragraphs that do not line up are not compared
