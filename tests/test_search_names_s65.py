"""Names as typed, round 65: an exact name however spelt comes first (``show`` and search's rank), a name typed
without the space before a version number is found by search as by ``show``, a typed fragment runs across a
name's spaces only from a word's start, and bare quoted phrases take ``|``. Both backends, on a pool of a few
records written here (game, factions and these cards; nothing else)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from toolkit.db import open_database
from toolkit.search import count, get_record, search
from toolkit.search.parser import parse_query

from .conftest import CARDS, SCHEMA
from .test_db import BACKENDS, pool_database

Run = Callable[..., Any]


def _card(card_id: str, en: str, zh: str, card_type: str = "event", **extra: Any) -> dict[str, Any]:
    return {
        "game": "netrunner",
        "kind": "card",
        "id": card_id,
        "name": {"en": en, "zh-Hans": zh},
        "type": card_type,
        "faction": "anarch",
        "influence": 1,
        "cost": 1,
        "text": [],
        **extra,
    }


RECORDS: list[dict[str, Any]] = [
    {
        "game": "netrunner",
        "kind": "identity",
        "id": "jolene_kitty_kitson",
        "name": {"en": 'Jolene "Kitty" Kitson: Techno Saint', "zh-Hans": "乔琳·“小猫”·基特森：技术圣徒"},
        "side": "runner",
        "faction": "anarch",
        "min_deck_size": 45,
        "influence_limit": 15,
        "base_link": 0,
    },
    _card("k_i_t", "K.I.T.", "K.I.T."),  # "kit" but for its dots
    _card("skittle", "Skittle", "彩糖"),  # "kit" inside a word
    _card("vex_2_0", "Vex 2.0", "维克斯2.0"),
    _card("frost_wall", "Frost Wall", "霜墙"),
    _card("safe_wager", "Safe Wager", "稳妥赌注"),
    _card("summit_shelter", "Summit Shelter", "峰顶庇护所", "resource"),  # "its" only across its space
    _card("kitsune_gate", "Kitsune Gate", "狐狸闸门"),  # "its" inside a word
    _card("bluetooth_drive", "Bluetooth™ Drive", "蓝牙驱动", "resource"),  # also "bluetoothtm drive"
]


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("pool")
    shutil.copytree(SCHEMA, root / "schema")
    into = root / "cards" / "netrunner"
    into.mkdir(parents=True)
    game = json.loads((CARDS / "netrunner" / "game.json").read_text(encoding="utf-8"))
    game.pop("sets", None)
    (into / "game.json").write_text(json.dumps(game, ensure_ascii=False), encoding="utf-8")
    shutil.copytree(CARDS / "netrunner" / "factions", into / "factions")
    for record in RECORDS:
        directory = into / ("identities" if record["kind"] == "identity" else "cards")
        directory.mkdir(exist_ok=True)
        data = {"$schema": f"../../../schema/netrunner/{record['kind']}.schema.json", **record}
        (directory / f"{record['id']}.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return into


@pytest.fixture(scope="module", params=BACKENDS)
def url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, pool: Path) -> Iterator[str]:
    yield from pool_database(request.param, tmp_path_factory.mktemp("db"), pool)


def ids(url: str, query: str) -> list[str]:
    with open_database(url) as db:
        return [hit.id for hit in search(db, query, game="netrunner") if hit.kind in ("card", "identity")]


def shown(url: str, name: str) -> str:
    with open_database(url) as db:
        return get_record(db, name).id


# -- (1) show: a name exact but for punctuation wins over a word that starts so


@pytest.mark.parametrize(
    ("typed", "wanted"), [("kit", "k_i_t"), ("KIT", "k_i_t"), ("k.i.t", "k_i_t"), ("kitty", "jolene_kitty_kitson")]
)
def test_show_takes_the_name_exact_but_for_punctuation_first(url: str, typed: str, wanted: str) -> None:
    assert shown(url, typed) == wanted  # before: "kit" opened Jolene "Kitty" Kitson (a word starts so)


# -- (2) search ranks that name first


def test_search_ranks_the_name_exact_but_for_punctuation_first(url: str) -> None:
    found = ids(url, "kit")
    assert found[0] == "k_i_t", found  # before: last, after the words and names that merely hold "kit"
    assert set(found) >= {"k_i_t", "jolene_kitty_kitson", "skittle", "kitsune_gate"}
    assert found.index("jolene_kitty_kitson") < found.index("skittle")  # a word starting so, then inside a word


# -- (3) a name typed without the space before its version number


@pytest.mark.parametrize("query", ["vex2.0", "name:vex2.0", "Vex2.0", "vex20", "vex 2.0", "维克斯2.0", "克斯2.0"])
def test_search_finds_a_name_typed_without_its_spaces_as_show_does(url: str, query: str) -> None:
    assert ids(url, query) == ["vex_2_0"]  # before: vex2.0 and name:vex2.0 found nothing (folded "vex2 0")


def test_show_finds_the_same_spellings(url: str) -> None:
    assert shown(url, "vex2.0") == shown(url, "vex 2.0") == "vex_2_0"
    assert shown(url, "frostw") == "frost_wall"  # the start of the name without its space, as search ranks it


# -- (9) across a name's spaces only from a word's start


@pytest.mark.parametrize(
    ("query", "wanted"),
    [
        ("frostwall", ["frost_wall"]),  # the whole name without its space
        ("frostw", ["frost_wall"]),
        ("safewager", ["safe_wager"]),
        ("name:jolenekitty", ["jolene_kitty_kitson"]),  # from the first word across two spaces (and quotes)
        ("name:kittykitson", ["jolene_kitty_kitson"]),  # from a later word
        ("name:its", ["jolene_kitty_kitson", "kitsune_gate"]),  # inside a word; not Summit Shelter (summ-IT S-helter)
        ("name:it's", ["jolene_kitty_kitson", "kitsune_gate"]),
        ("ostwa", []),  # starts inside "frost": not Frost Wall
        ("name:lenekitty", []),
        ("霜墙", ["frost_wall"]),
        ("墙", ["frost_wall"]),  # Chinese: anywhere
        ("bluetoothtm", ["bluetooth_drive"]),  # its name with the symbol spelt out
    ],
)
def test_a_fragment_runs_across_spaces_only_from_a_word_start(url: str, query: str, wanted: list[str]) -> None:
    assert sorted(ids(url, query)) == wanted


# -- (7) bare quoted phrases as alternatives


@pytest.mark.parametrize(
    "query",
    [
        '"frost wall"|"safe wager"',
        "「frost wall」|「safe wager」",
        '"frost wall"|safe',
        'name:"frost wall"|"safe wager"',
    ],
)
def test_bare_quoted_phrases_take_alternatives(url: str, query: str) -> None:
    assert sorted(ids(url, query)) == ["frost_wall", "safe_wager"]  # before: "column 13: expected a value"


def test_bare_quoted_alternatives_parse_as_one_term() -> None:
    (term,) = parse_query('"ice wall"|「fire wall」').terms
    assert term.key is None
    assert [(v.text, v.quoted, v.column) for v in term.values] == [("ice wall", True, 1), ("fire wall", True, 12)]


# -- many names: the rank's conditions nest, not chain (SQLite's expression depth of 1000)


@pytest.mark.slow
def test_many_alternatives_do_not_reach_sqlites_expression_depth(url: str) -> None:
    letters = "abcdefghijklmnopqrstuvwxyz"
    words = [a + b for a in letters for b in letters]
    query = " ".join("|".join(words[i * 64 : (i + 1) * 64]) for i in range(10))
    with open_database(url) as db:
        assert count(db, query) >= 0
        search(db, query, limit=5)  # before: "Expression tree is too large (maximum depth 1000)"


@pytest.mark.lang_default
def test_on_the_command_line(cli: Run, url: str) -> None:
    result = cli("show", "--db", url, "kit", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "K.I.T."
    listed = cli("search", "--db", url, "kit", "--format", "ids")
    assert listed.stdout.splitlines()[0] == "netrunner/k_i_t"
