"""NetrunnerDB's real data, stop 71's sweep (s71e): a deck's name that starts with a number (``2015 World Champion
Corp Deck``, ``4 Day Week HB``) above the identity is its name, not a card line; a bracketed clause that changes an
effect (``(or 2[credit] if …)``) is not dropped as reminder text; "break any number of barrier subroutines" is
said, shown and played as any number, never as a big one.

The pool is the netrunner fixture pool (invented cards); NetrunnerDB's texts here are invented in its format.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.conftest import NETRUNNER_POOL
from toolkit.catalog import load_catalog
from toolkit.decks import NameIndex, read_deck, render_deck
from toolkit.models.deck import Deck

SPARK = "nell_ashgrove_spark_thief"


# ------------------------------------------------------------------ 1. a deck's name that starts with a number


def _read(tmp_path: Path, text: str) -> Any:
    path = tmp_path / "deck.txt"
    path.write_text(text, encoding="utf-8")
    names = NameIndex(list(load_catalog([NETRUNNER_POOL]).records))
    return read_deck(path, names, default_modes={"netrunner": "standard"})


@pytest.mark.parametrize("name", ["2015 World Champion Runner Deck", "4 Day Week Spark", "3x Nothing Like A Card"])
def test_a_name_starting_with_a_number_above_the_identity_is_the_decks_name(tmp_path: Path, name: str) -> None:
    loaded = _read(tmp_path, f"{name}\nNell Ashgrove: Spark Thief\n\n3x Ember Script\n2x Kiln Rig\n")
    assert [(f.code, f.line) for f in loaded.findings] == []
    assert loaded.deck is not None and loaded.deck.name == name and loaded.deck.identity == SPARK
    assert loaded.deck.cards == {"ember_script": 3, "kiln_rig": 2}
    assert loaded.lines["/name"] == (1, 1)


def test_a_card_line_above_the_identity_is_still_a_card(tmp_path: Path) -> None:
    loaded = _read(tmp_path, "3 Ember Script\nNell Ashgrove: Spark Thief\n2x Kiln Rig\n")
    assert loaded.deck is not None and loaded.deck.identity == SPARK
    assert loaded.deck.cards == {"ember_script": 3, "kiln_rig": 2}
    assert loaded.deck.name == "deck"  # no name line: the file's


def test_a_misspelt_card_line_above_the_identity_is_said_not_taken_as_the_name(tmp_path: Path) -> None:
    loaded = _read(tmp_path, "3 Ember Scrpt\nNell Ashgrove: Spark Thief\n2x Kiln Rig\n")
    assert [(f.code, f.line) for f in loaded.findings] == [("deck.card.unknown", 1)]
    assert "'Ember Script'" in loaded.findings[0].message


def test_a_numbered_name_not_above_the_identity_stays_a_card_line(tmp_path: Path) -> None:
    loaded = _read(tmp_path, "Nell Ashgrove: Spark Thief\n2015 World Champion Runner Deck\n3x Ember Script\n")
    assert [f.code for f in loaded.findings] == ["deck.count"]


def test_a_name_directive_keeps_the_numbered_first_line_a_card_line(tmp_path: Path) -> None:
    loaded = _read(tmp_path, "# name: Mine\n4 Day Week Spark\nNell Ashgrove: Spark Thief\n3x Ember Script\n")
    assert [(f.code, f.line) for f in loaded.findings] == [("deck.card.unknown", 2)]


@pytest.mark.parametrize("name", ["2015 World Champion Runner Deck", "4 Day Week Spark", "3 Ember Script"])
def test_a_numbered_name_round_trips_through_the_nrdb_export(tmp_path: Path, name: str) -> None:
    from validators.deck import DeckPool

    pool = DeckPool(load_catalog([NETRUNNER_POOL]).records)
    deck = Deck(game="netrunner", mode="standard", name=name, identity=SPARK, cards={"ember_script": 3})
    text = render_deck(deck, "nrdb", pool.game("netrunner").records.get)
    loaded = _read(tmp_path, text)
    assert [f.code for f in loaded.findings] == []
    assert loaded.deck is not None and loaded.deck.name == name and loaded.deck.cards == {"ember_script": 3}


# ------------------------------------------------------------------ 2. a bracketed clause that changes the effect


@pytest.mark.parametrize(
    "clause",
    ["(or 2[credit] if the Runner is tagged)", "(and 1 more if the Runner is tagged)", "(instead of 1, if able)"],
)
def test_a_bracketed_clause_that_changes_the_effect_is_not_reminder_text(clause: str) -> None:
    from toolkit.importers.nrdb_text import english_key, read_card, read_paragraph

    printed = f"When your turn begins, gain 1[credit] {clause}."
    assert read_paragraph(printed, "asset", "Glimmer Booth") == (None, "no_template")
    assert clause[1:4].lower() in english_key(printed, "asset")
    reading = read_card(["When you rez Glimmer Booth, take 1 bad publicity.", printed], "asset", "Glimmer Booth")
    assert reading.status == "partial" and reading.unread() == [(1, "no_template")]


def test_reminder_and_restricting_clauses_are_read_as_before() -> None:
    from toolkit.importers.nrdb_text import read_paragraph

    text, reason = read_paragraph("When your turn begins, gain 1[credit] (This restates a rule.).", "asset")
    assert reason is None and text is not None
    text, reason = read_paragraph("[subroutine] Do 2 net damage (cannot be prevented).", "ice")
    assert text is None  # the restriction stays and no template says it


# ------------------------------------------------------------------ 3. "break any number of … subroutines"

ANY = "1[credit]：破解任意数量的屏障子进程。"


def test_any_number_of_subroutines_parses_and_renders_both_ways() -> None:
    from toolkit.text import ast as A
    from toolkit.text import parse_cached, render

    ability = parse_cached(ANY)
    [[effect]] = [s.effects for s in ability.sentences]
    assert isinstance(effect, A.BreakSubroutine) and effect.any_number and effect.subtype == "barrier"
    assert render(ability) == ANY
    assert render(ability, "en") == "1[credit]: Break any number of barrier subroutines."
    assert parse_cached("1[credit]：破解 3 个屏障子进程。") != ability  # a number is a number
    assert "50" not in render(A.BreakSubroutine(50, "code_gate", any_number=True), "en")


def test_netrunnerdbs_any_number_is_read_as_any_number_not_a_big_one() -> None:
    from toolkit.importers.nrdb_text import read_paragraph

    text, reason = read_paragraph("Interface → 1[credit]: Break any number of barrier subroutines.", "program")
    assert (text, reason) == (ANY, None)
    text, reason = read_paragraph("1[credit]: Break any number of sentry subroutines.", "program")
    assert (text, reason) == ("1[credit]：破解任意数量的哨兵子进程。", None)


def test_lint_accepts_any_number(cli: Any, game_copy: Any) -> None:
    import json

    folder = game_copy("netrunner")
    path = folder / "cards" / "fine_line_cutter.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["text"] = [ANY, "1[credit]：强度 +1。"]
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    result = cli("lint", folder)
    assert "fine_line_cutter" not in result.output, result.output


def test_breaking_any_number_breaks_as_many_as_the_runner_picks() -> None:
    from tests.test_netrunner_rules import BASE as CARD
    from tests.test_netrunner_rules import RECORDS, events, scenario_of
    from toolkit.engine.netrunner.scenario import run_scenario
    from toolkit.models import RECORD_ADAPTER

    def card(card_id: str, type_: str, text: list[str], **fields: Any) -> Any:
        faction = "neutral_runner" if type_ == "program" else "neutral_corp"
        data = {**CARD, "id": card_id, "type": type_, "text": text, "faction": faction, "subtypes": [],
                "name": {"zh-Hans": card_id, "en": card_id}, **fields}  # fmt: skip
        return RECORD_ADAPTER.validate_python(data)

    records = [
        *RECORDS,
        card("t_any_breaker", "program", [ANY], cost=0, memory_cost=1, strength=5, subtypes=["icebreaker"]),
        card("t_wall3", "ice", ["[subroutine] 你获得 1[credit]。", "[subroutine] 终止潜袭。", "[subroutine] 你获得 2[credit]。"],
             rez_cost=0, strength=1, subtypes=["barrier"]),  # fmt: skip
    ]
    corp = {"servers": {"hq": {"ice": [{"card": "t_wall3", "rezzed": True}]}}}
    runner = {"rig": [{"card": "t_any_breaker"}], "credits": 1}
    # two of three, then stop: the one left fires (it ends the run)
    r = run_scenario(records, scenario_of(["run:hq", "break:t_any_breaker/0", "sub:1", "yes", "sub:3", "no"],
                                          corp=corp, runner=runner))  # fmt: skip
    assert [b["index"] for b in events(r, "break")] == [1, 3]
    assert [s["index"] for s in events(r, "subroutine")] == [2]
    assert r.game.runner.credits == 0
    # all three for one credit (the last one left needs no pick), and no question once none is left
    r = run_scenario(records, scenario_of(["run:hq", "break:t_any_breaker/0", "sub:2", "yes", "sub:1", "yes"],
                                          corp=corp, runner=runner))  # fmt: skip
    assert sorted(b["index"] for b in events(r, "break")) == [1, 2, 3] and events(r, "subroutine") == []
