"""Per-printing keys look at the printing the query's set condition names (round 56).

``e:ab y:1`` is the cards with one copy in set ab, as on NetrunnerDB, not the cards printed in ab that have
one copy in some other set; ``i:`` likewise. Without a set condition they look at any printing. The pool is
written here: made-up cards (no real card text) in three sets with NetrunnerDB codes and release dates.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.db import build_database, open_database, resolve_target
from toolkit.search import count, search

from .test_search_nrdb_syntax import netrunner_pool

ROOT = Path(__file__).resolve().parents[1]
SETS = [
    {"id": "old_box", "code": "ob", "cycle": "old_box", "name": {"en": "Old Box", "zh-Hans": "旧盒"},
     "released": "2013-01-01"},
    {"id": "mid_pack", "code": "mp", "cycle": "waves", "name": {"en": "Mid Pack", "zh-Hans": "中包"},
     "released": "2016-05-01"},
    {"id": "new_box", "code": "nb", "cycle": "new_box", "name": {"en": "New Box", "zh-Hans": "新盒"},
     "released": "2020-02-01"},
]  # fmt: skip
CYCLES = {s["id"]: s["cycle"] for s in SETS}


def _card(card_id: str, en: str, zh: str, prints: list[tuple[str, int, str]]) -> dict[str, Any]:
    """An event printed in each (set, quantity, illustrator) of ``prints``."""
    return {
        "cost": 1,
        "deck_limit": 3,
        "faction": "criminal",
        "game": "netrunner",
        "id": card_id,
        "influence": 1,
        "kind": "card",
        "name": {"en": en, "zh-Hans": zh},
        "printings": [
            {
                "code": f"7{n:04d}",
                "cycle": CYCLES[set_id],
                "illustrator": artist,
                "position": n,
                "quantity": qty,
                "set": set_id,
            }
            for n, (set_id, qty, artist) in enumerate(prints, start=10 * len(card_id))
        ],  # fmt: skip
        "set": prints[0][0],
        "subtypes": [],
        "text": ["你获得 1[credit]。"],
        "type": "event",
        "unique": False,
    }


CARDS = [
    # one copy in Old Box, three in the reprint
    _card("lone_coin", "Lone Coin", "孤币", [("old_box", 1, "Ada Quill"), ("new_box", 3, "Bo Vance")]),
    # three copies in Old Box, one in Mid Pack
    _card("triple_key", "Triple Key", "三钥", [("old_box", 3, "Bo Vance"), ("mid_pack", 1, "Ada Quill")]),
    # two copies in Old Box only
    _card("pair_lock", "Pair Lock", "双锁", [("old_box", 2, "Cy Rowe")]),
    # one copy in New Box only
    _card("late_spark", "Late Spark", "迟火", [("new_box", 1, "Cy Rowe")]),
]


@pytest.fixture(scope="module")
def db_path(tmp_path_factory: pytest.TempPathFactory) -> str:
    root = tmp_path_factory.mktemp("scope")
    pool = netrunner_pool(root, SETS, CARDS)
    path = str(root / "scope.db")
    build_database(load_catalog([pool]), resolve_target(path))
    return path


def ids(db_path: str, query: str) -> set[str]:
    with open_database(db_path) as db:
        return {hit.id for hit in search(db, f"{query} k:card", game="netrunner")}


@pytest.mark.parametrize(
    ("query", "wanted"),
    [
        # the quantity of the printing in the set the query names (before: any printing's)
        ("e:ob y:1", {"lone_coin"}),
        ("e:ob y:3", {"triple_key"}),
        ("e:ob y:2", {"pair_lock"}),
        ("e:nb y:3", {"lone_coin"}),
        ("e:nb y:1", {"late_spark"}),
        ("e:ob y>=2", {"triple_key", "pair_lock"}),
        ("e:ob|mp y:1", {"lone_coin", "triple_key"}),  # one copy in Old Box or in Mid Pack
        ("y:1 e:ob", {"lone_coin"}),  # the order of the terms does not matter
        ("c:waves y:3", set()),  # the cycle, the release date and e< e> name sets too
        ("c:waves y:1", {"triple_key"}),
        ("r:2013 y:3", {"triple_key"}),
        ("r>2015 y:1", {"triple_key", "late_spark"}),
        ("e>ob y:3", {"lone_coin"}),
        ("e<nb y:3", {"triple_key"}),
        ("e:ob y!1", {"triple_key", "pair_lock"}),  # `!` is still the exact negation of `:`
        # the illustrator of the printing in those sets
        ('e:ob i:"ada quill"', {"lone_coin"}),
        ('e:nb i:"bo vance"', {"lone_coin"}),
        ('e:ob i:"bo vance"', {"triple_key"}),
        # a negated set names no printing: the quantity is any printing's
        ("e!nb y:1", {"triple_key"}),
        # without a set term: any printing
        ("y:1", {"lone_coin", "triple_key", "late_spark"}),
        ("y:3", {"lone_coin", "triple_key"}),
        ('i:"ada quill"', {"lone_coin", "triple_key"}),
    ],
)
def test_per_printing_keys_look_at_the_printing_in_the_named_sets(db_path: str, query: str, wanted: set[str]) -> None:
    assert ids(db_path, query) == wanted


def test_counts_of_a_box_add_up(db_path: str) -> None:
    with open_database(db_path) as db:
        in_box = count(db, "e:ob k:card", game="netrunner")
        by_quantity = [count(db, f"e:ob y:{n} k:card", game="netrunner") for n in (1, 2, 3)]
    assert in_box == 3 and by_quantity == [1, 1, 1]


def test_the_command_line_agrees(cli: Any, db_path: str) -> None:
    result = cli("search", "--db", db_path, "e:ob y:1", "--format", "ids", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert result.stdout.split() == ["netrunner/lone_coin"]
