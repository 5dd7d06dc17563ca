"""The Netrunner interpreter's words an English user read wrong (English-user sweep, session 69).

1. ``dossier text run --game netrunner '[click]，移除本牌上 1 个病毒指示物：你获得 2[credit]。'`` stopped with ``an
   ability has 0 virus counters; the cost is 1`` (zh-Hans: ``有 0 个 virus 指示物``): a bare run has no card to take the
   counters from, as it has none to trash for a ``[trash]`` cost, which it logs and goes on. The counter cost now does
   the same, naming the card whose text it is and the counters in words; a card in play that lacks the counters is
   named, with its counters in words, in the error.
2. A card type inside a log sentence or a field value read as its capitalised label (``no installed Program the corp
   can see``, ``install face down (… type: Ice)`` beside ``type: card``): it is the in-sentence word now, lower-case in
   English, the same word as ever in Chinese.
3. The log words of ``subroutines_gained`` and ``subroutine_added``, which no engine writes any more (nothing reads
   a Netrunner log back: a saved or web game replays its decisions), are gone.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.cli._lang import LogNames
from toolkit.engine import logwords
from toolkit.engine.core import EngineError
from toolkit.engine.netrunner import Card, Context, NetrunnerGame, Side
from toolkit.i18n import t, use_lang
from toolkit.models.netrunner import side_of_type

from .conftest import CARDS

RECORDS = load_catalog([CARDS / "netrunner"]).records
EN, ZH = LogNames(RECORDS, "en"), LogNames(RECORDS, "zh-Hans")
TYPES = ("agenda", "asset", "operation", "ice", "upgrade", "hardware", "resource", "program", "event", "identity")


def game(turn: Side) -> NetrunnerGame:
    g = NetrunnerGame(RECORDS, seed=1)
    g.begin_turn(turn)
    return g


def put(g: NetrunnerGame, card_id: str) -> Card:
    record = next(r for r in RECORDS if r.kind == "card" and r.id == card_id)
    side = side_of_type(record.type)
    card = g._card(card_id, side)
    g.install(side, card, server="new remote" if side == "corp" else None, pay=False)
    return card


def lines(g: NetrunnerGame, start: int, names: LogNames) -> list[str]:
    return [names.line(e.to_json()) for e in list(g.log)[start:]]


# ---------------------------------------------------------------- 1. a counter cost in a bare run, and in play

BUNDLED = [
    ("[click]，移除本牌上 1 个病毒指示物：你获得 2[credit]。", "Blight Culture", "virus counters", "霉斑培养皿", "病毒指示物",
     "credits"),
    ("[click]，移除本牌上 1 个能量指示物：你获得 3[credit]。", "Capacitor Bank", "power counters", "储能电容组", "能量指示物",
     "credits"),
    ("[click]，移除本牌上 1 个议案指示物：你抽 2 张牌。你获得 1[credit]。", "Efficiency Mandate", "agenda counters",
     "效能督导令", "议案指示物", "draw"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "name", "kind", "zh_name", "zh_kind", "then"), BUNDLED, ids=lambda v: str(v)[:14])
def test_text_run_of_a_counter_cost_logs_the_card_and_its_counters_and_goes_on(
    cli: Any, text: str, name: str, kind: str, zh_name: str, zh_kind: str, then: str
) -> None:
    result = cli("text", "run", text, "--game", "netrunner")
    assert result.exit_code == 0, result.output
    assert f"no card (reason: {name} is not in play: no {kind} to remove for the cost)" in result.output
    assert "an ability has" not in result.output
    # it goes on, as a [trash] cost with no card does: the effect happens after the entry
    data = json.loads(cli("text", "run", text, "--game", "netrunner", "--format", "json").stdout)
    events = [e["event"] for e in data["log"]]
    assert then in events[events.index("no_card") :]
    # Chinese: the card and its counters in Chinese words, never the counter's code
    zh = cli("text", "run", text, "--game", "netrunner", "--lang", "zh-Hans")
    assert zh.exit_code == 0, zh.output
    assert zh_name in zh.output and zh_kind in zh.output
    assert not any(code in zh.output for code in ("virus", "power", "agenda"))
    assert f"{zh_name}不在场上：没有可为费用移除的{zh_kind}" in zh.output


def test_text_run_of_a_counter_cost_no_card_has_says_this_card(cli: Any) -> None:
    result = cli("text", "run", "移除本牌上 2 个病毒指示物：你抽 1 张牌。", "--game", "netrunner", "--side", "runner")
    assert result.exit_code == 0, result.output
    assert "no card (reason: this card is not in play: no virus counters to remove for the cost)" in result.output


def test_a_trash_cost_in_a_bare_run_is_as_it_was(cli: Any) -> None:
    result = cli("text", "run", "[trash]：你获得 2[credit]。", "--game", "netrunner")
    assert result.exit_code == 0, result.output
    assert "no card (reason: trash: the text is not on an installed card)" in result.output


@pytest.mark.parametrize(
    ("lang", "kind", "code"), [("en", "virus counters", "virus"), ("zh-Hans", "病毒指示物", "virus")]
)
def test_a_card_in_play_without_the_counters_is_named_with_its_counters_in_words(
    lang: str, kind: str, code: str
) -> None:
    g = game("runner")
    card = put(g, "blight_culture")
    card.counters.clear()  # (its install put 3 on it)
    ability = g.abilities(card)[1]
    with use_lang(lang), pytest.raises(EngineError) as refused:
        g.execute(ability, Context("runner", card))
    message = str(refused.value)
    assert str(card) in message and kind in message, message
    assert t(lang, "an ability") not in message
    if lang != "en":
        assert code not in message
    else:
        assert message == f"{card} has too few virus counters for the cost: it has 0, the cost removes 1"


def test_a_card_in_play_with_the_counters_pays_them() -> None:
    g = game("runner")
    card = put(g, "blight_culture")
    before = card.counters["virus"]
    g.execute(g.abilities(card)[1], Context("runner", card))
    assert card.counters["virus"] == before - 1


# ---------------------------------------------------------------- 2. card types inside sentences and field values


def test_no_installed_program_to_trash_is_lower_case() -> None:
    g = game("corp")
    start = len(g.log)
    g.run_text("销毁 1 个程序。", "corp")
    assert "trash failed (reason: no installed program the corp can see)" in lines(g, start, EN)[-1]
    assert "销毁失败（原因：没有公司可见的已安装程序）" in lines(g, start, ZH)[-1]


def test_a_face_down_install_and_a_runner_install_say_the_type_lower_case() -> None:
    g = game("corp")
    ice = next(c for c in g.corp.hand if c.type == "ice")
    start = len(g.log)
    g.install("corp", ice, server="hq", pay=False)
    facedown = next(e for e in list(g.log)[start:] if e.kind == "install_facedown")
    assert EN.line(facedown.to_json()).endswith("install face down (server: HQ, type: ice)")
    assert facedown.to_json()["type"] == "ice"  # (the JSON keeps the code)
    assert ZH.line(facedown.to_json()).endswith("面朝下安装（服务器：总部，类型：防火墙）")
    g = game("runner")
    program = next(c for c in g.runner.hand if c.type == "program")
    start = len(g.log)
    g.install("runner", program, pay=False)
    assert lines(g, start, EN)[-1].endswith(", type: program)")


def test_a_failed_search_says_the_type_lower_case() -> None:
    g = game("corp")
    g.corp.deck[:] = [c for c in g.corp.deck if c.type != "operation"]
    start = len(g.log)
    g.search_type("corp", "rnd", 1, "operation")
    assert any(line.endswith("search failed (zone: R&D, type: operation)") for line in lines(g, start, EN))
    assert any(line.endswith("搜寻失败（区域：研发中心，类型：事务）") for line in lines(g, start, ZH))


def test_no_hardware_to_install_is_lower_case() -> None:
    g = game("runner")
    g.runner.hand[:] = [c for c in g.runner.hand if c.type != "hardware"]
    start = len(g.log)
    g.run_text("你安装 1 个硬件。", "runner")
    assert lines(g, start, EN)[-1].endswith("install failed (reason: no hardware in the hand can be installed)")
    assert lines(g, start, ZH)[-1].endswith("安装失败（原因：手牌中没有可以安装的硬件）")


def test_the_interpreter_s_prompts_say_the_type_lower_case() -> None:
    asked: list[Any] = []

    def first(decision: Any) -> str:
        asked.append(decision.prompt)
        return str(decision.options[0].label)

    g = game("runner")
    g.policies, g.waiter = {}, first  # (no machine decides: each decision is asked)
    for card_id in ("cache_sorter", "cog_key"):  # (two programs to choose from: one is taken without asking)
        g.runner.hand.append(g._card(card_id, "runner"))
    g.runner.credits = 20
    g.run_text("你安装 1 个程序。", "runner")
    g.run_text("你安装 1 个程序。", "runner")
    g.run_text("销毁 1 个程序。", "corp")
    with use_lang("en"):
        said = [g.prompt_words(p) for p in asked]
    assert said[0] == "install a program" and said[-1] == "trash a program (1/1)", said


def test_the_in_sentence_card_types_are_lower_case_words_of_their_own() -> None:
    for code in TYPES:
        assert logwords.word("card_type", code, "en") == code
    assert logwords.word("card_type", "card", "en") == "card"  # (as before)


def test_the_chinese_in_sentence_types_are_the_words_they_were() -> None:
    from toolkit.i18n import word

    for code in TYPES:
        assert logwords.word("card_type", code, "zh-Hans") == word("type", code, "zh-Hans")


# ---------------------------------------------------------------- 3. the words of events no engine writes


def test_the_old_subroutine_events_have_no_words_left() -> None:
    assert "subroutines_gained" not in logwords.EVENTS and "subroutine_added" not in logwords.EVENTS
    assert "gain_subroutines" in logwords.EVENTS  # (what replaced them)


def test_placing_counters_is_asked_without_saying_counter_twice() -> None:
    """Kitara's "you may place 1 virus counter on this card": the counters' words name their kind ("virus counters"),
    so the question does not add "counter" of its own (it read "place 1 virus counters counter on it?")."""
    from toolkit.engine.decisions import worded
    from toolkit.engine.netrunner.scripts.kitara import _PLACE_COUNTERS
    from toolkit.engine.phrase import Phrase, Term
    from toolkit.i18n import use_lang

    asked = Phrase(_PLACE_COUNTERS, card="Leech", n=1, kind=Term("counter", "virus"))
    with use_lang("en"):
        assert worded(asked) == "Leech: add 1 to its virus counters?"
    with use_lang("zh-Hans"):
        assert worded(asked) == "Leech：在本牌上放置 1 个病毒指示物？"
