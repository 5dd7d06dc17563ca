"""Words for English and Chinese users (sweep 58).

`map measure` labels its lines in words, not JSON keys; the stats of `search` and `show` name the factions,
agents and modes they show (as the web does), not their ids; `fonts check` asks only for the characters a
print draws (zh-Hans and English, not a card's Korean or Japanese name); a crossfire role set's stats are its
teams, roles and player count, not a faction or a cost curve it does not have. (The print page's file name is
tested in tests/web/test_print_web.py.)
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.db import build_database, open_database, resolve_target

from .conftest import CARDS, ROOT
from .test_search_nrdb_syntax import netrunner_pool

# --------------------------------------------------------------------------
# map measure: words, in either language (the JSON keeps its keys)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            [
                "distance: 4",
                "distance through walls: 4",
                "in vision: no (facing north, front)",
                "line of sight: yes",
                "cover: 0",
            ],
        ),
        ("zh-Hans", ["距离：4", "穿墙距离：4", "在视野内：否（朝向 北，正面）", "视线畅通：是", "掩体：0"]),
    ],
)
def test_measure_labels_its_lines_in_words(cli: Any, lang: str, expected: list[str]) -> None:
    result = cli("map", "measure", "hideout", "0,0", "2,2", "--lang", lang)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == expected


def test_measure_json_keeps_its_keys(cli: Any) -> None:
    result = cli("map", "measure", "hideout", "0,0", "2,2", "--format", "json")
    assert list(json.loads(result.stdout)) == ["distance", "through_wall", "in_vision", "in_sight", "cover"]


# --------------------------------------------------------------------------
# search and show: the ids of factions, agents and modes by their names


@pytest.fixture(scope="module")
def db_path(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("words") / "cards.db")
    build_database(load_catalog([CARDS / "tactics", CARDS / "netrunner"]), resolve_target(path))
    return path


def _stats(table: str, record_id: str) -> str:
    """The STATS column of ``record_id``'s row (its last column: a row's columns are two spaces apart)."""
    row = next(line for line in table.splitlines() if line.split()[0] in (record_id, f"tactics/{record_id}"))
    return row.split("  ")[-1].strip()


STATS = [  # (game, query, record, lang, its stats)
    ("tactics", "t:equipment agent:yes", "cicada_wing_dagger", "zh-Hans", "攻速 2 · 攻击距离 0-1 · 专用 雾刃"),
    ("tactics", "t:equipment agent:yes", "cicada_wing_dagger", "en", "range 0-1 · agent Mistblade"),
    ("netrunner", "k:identity", "cassia_rust_moreau", "zh-Hans", "派系 无政府主义者 · 阵营 潜袭者"),
    ("netrunner", "k:identity", "cassia_rust_moreau", "en", "faction Anarch · side runner"),
    ("tactics", "k:map", "dockyard", "zh-Hans", "格数 16x12 · 模式 双雄、专家 · 人数 2"),
    ("tactics", "k:map", "dockyard", "en", "cells 16x12 · modes Duo, Expert · players 2"),
]


@pytest.mark.parametrize(("game", "query", "record", "lang", "expected"), STATS)
def test_a_table_names_the_records_its_stats_show(
    db_path: str, game: str, query: str, record: str, lang: str, expected: str
) -> None:
    from toolkit.search import search
    from toolkit.search.display import RecordNames, table

    with open_database(db_path) as database:
        hits = search(database, query, game=game)
        shown = table(hits, with_game=False, lang=lang, record_names=RecordNames(database))
    assert expected in _stats(shown, record)


def test_without_names_a_table_shows_the_ids(db_path: str) -> None:
    from toolkit.search import search
    from toolkit.search.display import table

    with open_database(db_path) as database:
        hits = search(database, "k:map", game="tactics")
    assert "modes duo, expert" in _stats(table(hits, with_game=False, lang="en"), "dockyard")


def test_the_names_are_read_once_and_only_when_asked_for(db_path: str) -> None:
    from toolkit.search.display import RecordNames

    with open_database(db_path) as database:
        asked: list[str] = []
        rows = database.rows

        def counted(sql: str, params: Any = ()) -> Any:
            asked.append(sql)
            return rows(sql, params)

        database.rows = counted  # type: ignore[method-assign]
        names = RecordNames(database)
        assert asked == []
        lookup = names.lookup("tactics")
        assert lookup("agent", "mistblade").name_en == "Mistblade"  # type: ignore[union-attr]
        assert lookup("mode", "duo").name_zh == "双雄"  # type: ignore[union-attr]
        assert lookup("agent", "no_such_agent") is None
        assert names.lookup("netrunner")("mode", "duo") is None  # a game's own records only
        assert len(asked) == 1


@pytest.mark.parametrize(
    ("lang", "expected"), [("zh-Hans", "费用 -1 · 专用 蜂后"), ("en", "cost -1 · agent Queen Bee")]
)
def test_show_names_the_agent_of_a_card(db_path: str, lang: str, expected: str) -> None:
    from toolkit.search import get_record
    from toolkit.search.display import RecordNames, show

    with open_database(db_path) as database:
        hit = get_record(database, "tactics/launch_hummingbird")
        names = RecordNames(database).read()
    assert show(hit, lang=lang, color=False, record_names=names).splitlines()[2] == expected


# The command line passes the names to the table and to show (toolkit/cli/search.py).
CLI_STATS = [
    (["search", "-g", "tactics", "t:equipment agent:yes"], "zh-Hans", "cicada_wing_dagger", "专用 雾刃"),
    (["search", "-g", "netrunner", "k:identity"], "zh-Hans", "cassia_rust_moreau", "派系 无政府主义者"),
    (["search", "-g", "netrunner", "k:identity"], "en", "cassia_rust_moreau", "faction Anarch"),
    (["search", "-g", "tactics", "k:map"], "zh-Hans", "dockyard", "模式 双雄、专家"),
]


@pytest.mark.parametrize(("args", "lang", "record", "expected"), CLI_STATS)
def test_search_names_the_records_its_stats_show(
    cli: Any, db_path: str, args: list[str], lang: str, record: str, expected: str
) -> None:
    result = cli(*args, "--db", db_path, "--lang", lang)
    assert result.exit_code == 0, result.output
    assert expected in _stats(result.stdout, record)


def test_show_on_the_command_line_names_the_agent(cli: Any, db_path: str) -> None:
    result = cli("show", "tactics/launch_hummingbird", "--db", db_path, "--lang", "zh-Hans")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[2] == "费用 -1 · 专用 蜂后"


# --------------------------------------------------------------------------
# fonts check: the characters a print draws, in the languages it prints in

FOREIGN_SETS = [
    {"id": "kite_box", "code": "kb", "cycle": "kite_box", "released": "2015-01-01",
     "name": {"en": "Kite Box", "zh-Hans": "风筝盒", "ko": "연 상자"}},
]  # fmt: skip


def _foreign_card(zh_name: str) -> dict[str, Any]:
    return {
        "cost": 0,
        "deck_limit": 3,
        "faction": "criminal",
        "game": "netrunner",
        "id": "paper_kite",
        "influence": 1,
        "kind": "card",
        "name": {"en": "Paper Kite", "zh-Hans": zh_name, "ko": "종이 연", "zh-Hant": "紙鳶"},
        "printed_text": {"en": ["Gain 1[credit]."], "zh-Hans": ["获得1[credit]。"], "ko": ["1[credit]을 얻는다."]},
        "printings": [{"code": "80001", "cycle": "kite_box", "position": 1, "quantity": 3, "set": "kite_box"}],
        "set": "kite_box",
        "subtypes": [],
        "text": [],
        "type": "event",
        "unique": False,
    }


@pytest.fixture
def foreign_pool(tmp_path: Path) -> Iterator[Any]:
    """A pool whose card (and set) also have Korean and Traditional Chinese names, which no print draws; the
    card's zh-Hans name as asked (a rare character in it is one a print draws)."""

    def make(zh_name: str) -> Path:
        return netrunner_pool(tmp_path / zh_name, FOREIGN_SETS, [_foreign_card(zh_name)])

    yield make


def test_fonts_check_asks_only_for_what_a_print_draws(foreign_pool: Any) -> None:
    from toolkit.sheets.fonts import missing_printed, print_coverage

    assert {"연", "종", "鳶"}.isdisjoint(print_coverage())  # (else the pool proves nothing)
    assert missing_printed([foreign_pool("纸鸢")]) == set()
    assert missing_printed([foreign_pool("纸鸢龘")]) == {"龘"}  # a character of the zh-Hans name still counts


def test_fonts_check_on_the_command_line(cli: Any, foreign_pool: Any) -> None:
    result = cli("fonts", "check", "--cards", foreign_pool("纸鸢"))
    assert result.exit_code == 0, result.output


# --------------------------------------------------------------------------
# deck stats of a crossfire role set

CROSSFIRE_10 = ROOT / "examples" / "decks" / "crossfire" / "crossfire-10.json"


def test_crossfire_stats_are_teams_roles_and_players() -> None:
    from toolkit.decks.stats import deck_stats
    from toolkit.models.deck import Deck

    catalog = load_catalog([CARDS / "crossfire"])
    deck = Deck.model_validate(json.loads(CROSSFIRE_10.read_text(encoding="utf-8")))
    data = deck_stats(deck, lambda role: catalog.get("crossfire", role, "role"))
    assert data["by_type"] == {"blue": 4, "none": 3, "red": 3}
    assert data["roles"] == {"agent": 3, "assassin": 3, "blue_decoy": 1, "bystander": 1, "red_decoy": 1, "vip": 1}
    assert data["players"] == 10
    assert data["by_faction"] == {} and data["cost_curve"] == {}  # a role has no faction and no cost


@pytest.mark.parametrize(
    ("lang", "absent"), [("en", ["by faction", "generic", "cost curve"]), ("zh-Hans", ["按派系", "通用", "费用曲线"])]
)
def test_crossfire_deck_stats_show_no_faction_or_cost(cli: Any, lang: str, absent: list[str]) -> None:
    result = cli("deck", "stats", CROSSFIRE_10, "--lang", lang)
    assert result.exit_code == 0, result.output
    assert not [word for word in absent if word in result.stdout], result.stdout


def test_crossfire_deck_stats_show_roles_and_players(cli: Any) -> None:
    result = cli("deck", "stats", CROSSFIRE_10, "--lang", "en")
    assert result.exit_code == 0, result.output
    lines = [line.split("  ", 1) for line in result.stdout.splitlines()[1:]]
    rows = {title.strip(): value.strip() for title, value in lines}
    assert rows["roles"].split("  ") == ["Agent 3", "Assassin 3", "Blue Decoy 1", "Bystander 1", "Red Decoy 1", "VIP 1"]
    assert rows["players"] == "10"
