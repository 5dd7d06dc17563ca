"""Sweep 76 (helper 794). (1) A database built from a pool without faction records (a folder of cards alone, as
NetrunnerDB's import writes them, or the bundled cards/netrunner/cards) knew its factions by id only: `f:anarch`
and `f:hb` found their cards, but `f:无政府主义者`, `f:威兰财团` or `f:"Weyland Consortium"` were unknown factions.
Now such a faction is known by the names the game gives it (the bundled faction records,
toolkit.db.engine.game_faction_names), in both languages, case and width folded; NetrunnerDB's `weyland_consortium`
by the names of the game's `weyland`, and `search` shows it so."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolkit.db import build_from_files, open_database, resolve_target
from toolkit.db.engine import game_faction_names
from toolkit.search import search
from toolkit.search.parser import QueryError

from .conftest import CARDS
from .test_search_nrdb_syntax import _card

SETS = [("alpha_box", 1)]
POOL = [  # (made-up cards, with NetrunnerDB's faction ids: weyland_consortium, not the game's weyland)
    _card("ash_pick", "Ash Pick", "灰镐", "program", "anarch", 1, SETS, memory_cost=1),
    _card("cold_ledger", "Cold Ledger", "冷账", "operation", "weyland_consortium", 2, SETS),
    _card("plain_cache", "Plain Cache", "素仓", "operation", "neutral_corp", 0, SETS),
    _card("peak_run", "Peak Run", "峰跑", "event", "apex", 0, SETS),
]


def _ids(db_path: str, query: str) -> set[str]:
    with open_database(db_path) as db:
        return {hit.id for hit in search(db, query, full=False, game="netrunner")}


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A database of a folder of card records alone: no game record, no faction record."""
    root = tmp_path_factory.mktemp("cards794")
    for card in POOL:
        (root / f"{card['id']}.json").write_text(json.dumps(card, ensure_ascii=False), encoding="utf-8")
    path = str(root / "cards.db")
    build_from_files([root], resolve_target(path))
    return path


@pytest.fixture(scope="module")
def cards_only(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("bundled794") / "cards.db")
    build_from_files([CARDS / "netrunner" / "cards"], resolve_target(path))
    return path


@pytest.mark.parametrize(
    ("query", "wanted"),
    [
        ("f:anarch", {"ash_pick"}),
        ("f:Anarch", {"ash_pick"}),
        ("f:ＡＮＡＲＣＨ", {"ash_pick"}),  # (full width)
        ("f:无政府主义者", {"ash_pick"}),
        ('f:"Weyland Consortium"', {"cold_ledger"}),
        ("f:weyland_consortium", {"cold_ledger"}),
        ("f:威兰财团", {"cold_ledger"}),
        ("f:w", {"cold_ledger"}),
        ('f:"Neutral (Corp)"', {"plain_cache"}),
        ("f:中立（公司）", {"plain_cache"}),
        ("f:中立(公司)", {"plain_cache"}),
        ("f:apex", {"peak_run"}),  # (a faction the game does not know: by its id)
        ("f:无政府主义者|威兰财团", {"ash_pick", "cold_ledger"}),
    ],
)
def test_factions_without_records_are_known_by_their_names(imported: str, query: str, wanted: set[str]) -> None:
    assert _ids(imported, query) == wanted


def test_a_name_the_game_does_not_give_is_still_an_unknown_faction(imported: str) -> None:
    with pytest.raises(QueryError) as raised:
        _ids(imported, "f:顶点")  # (apex's Chinese name on NetrunnerDB's import: not the game's, not here)
    assert "unknown faction" in raised.value.problem, raised.value.problem


def test_the_bundled_cards_alone_know_their_factions_names(cards_only: str) -> None:
    weyland = _ids(cards_only, "f:weyland")
    assert weyland and _ids(cards_only, "f:威兰财团") == weyland == _ids(cards_only, 'f:"weyland consortium"')
    hb = _ids(cards_only, "f:hb")
    assert hb and _ids(cards_only, "f:哈斯生化") == hb == _ids(cards_only, "f:Ｈａａｓ－Ｂｉｏｒｏｉｄ")


def test_the_names_are_the_game_records(tmp_path: Path) -> None:
    for path in (CARDS / "netrunner" / "factions").glob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert game_faction_names(data["id"]) == (data["name"]["zh-Hans"], data["name"]["en"])
    assert game_faction_names("weyland_consortium") == game_faction_names("weyland")
    assert game_faction_names("apex") == (None, None)


def test_search_names_netrunnerdbs_weyland_as_the_game_does(cli: Any, imported: str) -> None:
    shown = cli("search", "--db", imported, "--lang", "en", "f:w")
    assert shown.exit_code == 0 and "Weyland Consortium" in shown.stdout, shown.output
    assert "weyland_consortium" not in shown.stdout.replace("netrunner/", ""), shown.output
