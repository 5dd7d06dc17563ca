"""Every event the engines log has words (English and Chinese), and so has every timing the netrunner engine
can log; an ability a card script runs reads in English in an English log."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from toolkit.cli._lang import LogNames
from toolkit.engine import logwords
from toolkit.engine.netrunner.scripts import TIMINGS
from toolkit.text import ast as A
from toolkit.text import render

ENGINE = Path(__file__).resolve().parent.parent / "toolkit" / "engine"
# log.add("key", …), the key maybe on the next line; f"draft_{kind}" and the like found as prefixes
_ADD = re.compile(r"""\blog\.add\(\s*(f?)(["'])([^"'{]*)(\{[^"']*)?\2""")
_DRAFT_KINDS = ("pick", "removed", "reveal")  # toolkit.decks.draft's events, logged as draft_{kind}


def logged_events() -> dict[str, str]:
    """Each event key logged under toolkit/engine, and one place it is logged."""
    found: dict[str, str] = {}
    for path in sorted(ENGINE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        for match in _ADD.finditer(source):
            where = f"{path.relative_to(ENGINE)}:{source.count(chr(10), 0, match.start()) + 1}"
            key, dynamic = match.group(3), match.group(4)
            if dynamic is None:
                found.setdefault(key, where)
            elif key == "draft_":
                found.update({f"draft_{kind}": where for kind in _DRAFT_KINDS})
            else:
                found.setdefault(f"{key}{dynamic}", where)  # an unknown dynamic key: has no words, fails below
    return found


def test_the_scan_finds_the_events() -> None:
    events = logged_events()
    assert len(events) > 150
    # a key on the line after log.add( and the draft's f-string
    assert {"trigger", "trace", "draft_pick", "draft_reveal", "look", "bypass", "to_score_area"} <= set(events)


def test_every_logged_event_has_words() -> None:
    missing = {key: where for key, where in logged_events().items() if key not in logwords.EVENTS}
    assert not missing, f"events logged with no words in toolkit/engine/logwords.py EVENTS: {missing}"


def test_every_logged_event_is_worded_not_raw() -> None:
    # English: a word, which may be the key itself ("bypass"); Chinese: never the raw key
    assert all(logwords.word("event", key, "en") for key in logged_events())
    raw = {key for key in logged_events() if logwords.word("event", key, "zh-Hans") in (None, key)}
    assert not raw, f"events shown as their raw key in Chinese: {sorted(raw)}"


def test_chinese_words_are_translated() -> None:
    untranslated = {key for key in logged_events() if logwords.word("event", key, "zh-Hans") == logwords.EVENTS[key][1]}
    assert not untranslated


@pytest.mark.parametrize("timing", TIMINGS)
def test_every_netrunner_timing_has_words(timing: str) -> None:
    english = logwords.word("timing", timing, "en")
    chinese = logwords.word("timing", timing, "zh-Hans")
    assert english not in (None, timing)
    assert chinese not in (None, timing, english)


def test_timings_fired_by_the_engine_are_known() -> None:
    fired = set()
    for path in (ENGINE / "netrunner").rglob("*.py"):
        fired |= set(re.findall(r"""\b(?:announce|fire)\(\s*["']([a-z_]+)["']""", path.read_text(encoding="utf-8")))
        fired |= set(re.findall(r"""\.when\(\s*["']([a-z_]+)["']""", path.read_text(encoding="utf-8")))
    assert fired and fired <= set(TIMINGS) <= set(logwords.TERMS["timing"])


def test_the_raw_timings_of_the_report() -> None:
    names = LogNames([], "en")
    entry = {"seq": 3, "event": "trigger", "player": 2, "timing": "run_ends", "source": "x#1"}
    assert "timing: when a run ends" in names.line(entry)
    for timing in ("run_ends", "encounter", "pass_ice", "any_scored"):
        assert logwords.word("timing", timing, "zh-Hans") != timing
    assert "bypass" in names.line({"seq": 4, "event": "bypass", "player": 2, "ice": "y#2"})
    assert "绕过" in LogNames([], "zh-Hans").line({"seq": 4, "event": "bypass", "player": 2, "ice": "y#2"})


def test_forbidden_and_blank_codes_have_words() -> None:
    names = LogNames([], "en")
    line = names.line({"seq": 1, "event": "forbidden", "what": "steal", "until": "run"})
    assert "stealing agendas" in line and "the end of the run" in line
    for until in ("turn", "run", "encounter", "game"):
        assert logwords.word("until", until, "zh-Hans") not in (None, until)


def _scripted(kind: str, timing: str | None = None, costs: tuple[A.Cost, ...] = ()) -> A.Ability:
    node = A.Scripted("zahya_sadeghi_versatile_smuggler", 0, 0)
    return A.Ability(kind, (A.Sentence((node,)),), timing=timing, costs=costs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "ability",
    [
        _scripted("triggered", "run_ends"),
        _scripted("triggered", "pass_ice"),
        _scripted("triggered", "agenda_scored"),
        _scripted("triggered", "your_turn_start"),
        _scripted("effect"),
        _scripted("subroutine"),
        _scripted("paid", costs=(A.ClickCost(1), A.CreditCost(2))),
    ],
)
def test_a_scripted_ability_reads_in_english(ability: A.Ability) -> None:
    chinese, english = str(render(ability, "zh-Hans")), str(render(ability, "en"))
    names = LogNames([], "en")
    assert names.value("text", chinese) == english
    assert names.say("text", chinese) == f"“{english}”"
    assert names.value("text", chinese.removesuffix("。")) == english.removesuffix(".")
    assert LogNames([], "zh-Hans").value("text", chinese) == chinese


def test_the_report_s_scripted_text() -> None:
    text = "当潜袭结束时：执行卡牌脚本（zahya_sadeghi_versatile_smuggler 第 1 段）。"
    assert LogNames([], "en").value("text", text) == (
        "When a run ends: Run the card script (zahya_sadeghi_versatile_smuggler, paragraph 1)."
    )
    assert LogNames([], "en").value("text", "执行卡牌脚本（坏 第 x 段）。") == "执行卡牌脚本（坏 第 x 段）。"


@pytest.mark.parametrize(
    ("key", "code", "english", "chinese"),
    [("to", "rnd", "R&D", "研发中心"), ("to", "set_aside", "set aside", "放在一旁"), ("where", "bottom", "the bottom", "底部")],
)
def test_where_a_card_goes_is_in_words(key: str, code: str, english: str, chinese: str) -> None:
    from toolkit.catalog import load_catalog

    from .conftest import CARDS

    records = load_catalog([CARDS]).records
    assert LogNames(records, "en").say(key, code) == english
    assert LogNames(records, "zh-Hans").say(key, code) == chinese
    assert LogNames(records, "en").say("to", [3, 4]) == "3,4"  # a tactics cell stays a cell


def test_advancement_counters_have_the_glossary_s_one_english_name() -> None:
    """The log says "advancement counters" (GLOSSARY: 推进标记 is the advancement counter), as the card text does."""
    assert logwords.word("counter", "advancement", "en") == "advancement counters"
    assert [logwords.word("counter", kind, "en") for kind in ("virus", "power", "agenda")] == [
        "virus counters",
        "power counters",
        "agenda counters",
    ]
