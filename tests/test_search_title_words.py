"""A bare title with ``!`` or ``:`` in it is searched as a title: ``Tripwire!``, ``Vela Marsh: Night Ferry``.

NetrunnerDB reads a key only as one letter (or a known key) before ``:<>!``; a word that is no key before a
``!`` or ``:`` that ends it (the query ends or a space follows) is part of a title search. ``foo:bar`` stays an
unknown key, whose message names the character met and, for a typo of a key, the key meant. The cards here
are invented.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.db import build_database, open_database, resolve_target
from toolkit.search import QueryError, parse_query, search

from .test_search_nrdb_syntax import SETS, _card, netrunner_pool

CARDS = [
    _card("tripwire", "Tripwire!", "绊索！", "ice", "haas_bioroid", 1, [("alpha_box", 3)], strength=2),
    _card("vela_marsh", "Vela Marsh: Night Ferry", "维拉·马什: 夜渡", "event", "criminal", 2, [("beta_pack", 1)]),
    _card("lights_out", "Lights Out!", "熄灯！", "operation", "weyland", 3, [("gamma_pack", 2)]),
    _card("quiet_lift", "Quiet Lift", "静梯", "event", "criminal", 3, [("gamma_pack", 1)]),
]


def shape(query: str) -> list[tuple[str | None, str, list[str], int]]:
    return [
        (t.key.name if t.key else None, t.op, [v.text for v in t.values], t.column) for t in parse_query(query).terms
    ]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("tripwire!", [(None, ":", ["tripwire!"], 1)]),
        ("lights out!", [(None, ":", ["lights"], 1), (None, ":", ["out!"], 8)]),
        (
            "Vela Marsh: Night Ferry",
            [
                (None, ":", ["Vela"], 1),
                (None, ":", ["Marsh:"], 6),
                (None, ":", ["Night"], 13),
                (None, ":", ["Ferry"], 19),
            ],
        ),
        ("Marsh:", [(None, ":", ["Marsh:"], 1)]),
        ("tripwire! t:ice", [(None, ":", ["tripwire!"], 1), ("type", ":", ["ice"], 11)]),
        ("tripwire!|out!", [(None, ":", ["tripwire!", "out!"], 1)]),
        ("绊索！", [(None, ":", ["绊索!"], 1)]),  # full-width: read as its ASCII twin
        # every key meaning stays
        ("name:foo:bar", [("name", ":", ["foo:bar"], 1)]),
        ("t!ice", [("type", "!", ["ice"], 1)]),
        ("cost!=2", [("cost", "!", ["2"], 1)]),
    ],
)
def test_a_title_word_ending_in_bang_or_colon_is_searched(
    query: str, expected: list[tuple[str | None, str, list[str], int]]
) -> None:
    assert shape(query) == expected


@pytest.mark.parametrize(
    ("query", "column", "says", "not_says"),
    [
        ("foo:bar", 1, "unknown key 'foo'; quote a phrase that contains ':'", "did you mean"),
        ("tripwire!x", 1, "unknown key 'tripwire'; quote a phrase that contains '!'", "':'"),
        ("foo<3", 1, "quote a phrase that contains '<'", "':'"),
        ("fation:hb", 1, "unknown key 'fation'; did you mean faction? Or quote a phrase that contains ':'", "--help"),
        ("cots>2", 1, "did you mean cost? Or quote a phrase that contains '>'", "':'"),
        ("t:ice tpye!ice", 7, "did you mean type? Or quote a phrase that contains '!'", "':'"),
        ("q!", 1, "unknown key 'q'", "did you mean"),  # one letter is a key, as in NetrunnerDB
        ("x: 抽牌", 3, "expected a value after x:", "unknown"),  # a key's word keeps its meaning
        ("run!", 5, "expected a value after run!", "unknown"),
        ("t:装备 攻击力>=2", 6, "unknown key '攻击力'", "did you mean"),
    ],
)
def test_an_unknown_key_names_the_character_met(query: str, column: int, says: str, not_says: str) -> None:
    with pytest.raises(QueryError) as caught:
        parse_query(query)
    assert caught.value.column == column
    assert says in caught.value.problem and not_says not in caught.value.problem


@pytest.fixture(scope="module")
def db_path(tmp_path_factory: pytest.TempPathFactory) -> str:
    pool = netrunner_pool(tmp_path_factory.mktemp("titles"), SETS, CARDS)
    path = str(tmp_path_factory.mktemp("db") / "titles.db")
    build_database(load_catalog([pool]), resolve_target(path))
    return path


def ids(db_path: str, query: str, **options: Any) -> list[str]:
    with open_database(db_path) as db:
        return sorted(hit.id for hit in search(db, f"{query} k:card", game="netrunner", **options))


@pytest.mark.parametrize(
    ("query", "wanted"),
    [
        ("tripwire!", ["tripwire"]),
        ("Tripwire! t:ice", ["tripwire"]),
        ("lights out!", ["lights_out"]),
        ("Vela Marsh: Night Ferry", ["vela_marsh"]),
        ("维拉·马什: 夜渡", ["vela_marsh"]),
        ("tripwire!|out!", ["lights_out", "tripwire"]),
    ],
)
def test_a_title_with_bang_or_colon_finds_its_card(db_path: str, query: str, wanted: list[str]) -> None:
    assert ids(db_path, query) == wanted


def test_cli_searches_a_title_with_a_bang(db_path: str, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from toolkit.cli import app

    result = CliRunner().invoke(app, ["--lang", "en", "search", "--db", db_path, "Tripwire!"])
    assert result.exit_code == 0, result.output
    assert "Tripwire!" in result.output and "1 record" in result.output
