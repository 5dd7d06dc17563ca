"""Names in the database: accent-folded name search, ranking by name, ``dossier show NAME``; both backends."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from toolkit.db import open_database
from toolkit.search import get_record, search
from toolkit.search.run import AmbiguousName

from .names_util import write_pool
from .test_db import BACKENDS, pool_database

Run = Callable[..., Any]


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_pool(tmp_path_factory.mktemp("pool"))


@pytest.fixture(scope="module", params=BACKENDS)
def url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, pool: Path) -> Iterator[str]:
    yield from pool_database(request.param, tmp_path_factory.mktemp("db"), pool)


def ids(url: str, query: str) -> list[str]:
    with open_database(url) as db:
        return [hit.id for hit in search(db, query, game="netrunner")]


@pytest.mark.parametrize(
    ("query", "wanted"),
    [
        ("Boita", ["boita"]),
        ("boi", ["boita"]),  # two letters and a half: LIKE on the folded names, no trigram
        ("name:bóitá", ["boita"]),
        ("nurse hanh", ["nurse_hanh"]),
        ("Hanh", ["nurse_hanh"]),
        ("纽尔丝韩", ["nurse_hanh"]),
        ('"cant stop"', ["cant_stop_now"]),
        ("eco-rebel", ["esa_trova_eco_rebel"]),
        ("_:trova", ["esa_trova_eco_rebel"]),
        ('"O Flow"', ["o2_flow"]),  # its search_name
        ("o2", ["o2_flow"]),
        ("nursehanh", ["nurse_hanh"]),  # typed without its space
        ("name!esa", None),  # checked below: the exact negation
    ],
)
def test_names_match_folded(url: str, query: str, wanted: list[str] | None) -> None:
    found = ids(url, query)
    if wanted is None:
        assert not {"esa", "esa_trova_eco_rebel", "old_esa_road", "mesa_runner"} & set(found)
        assert "boita" in found and "quiet_hour" in found
    else:
        assert found == wanted


def test_exact_then_prefix_then_word_then_name_then_text(url: str) -> None:
    """Esa: the card called Ésa, the identity starting so, the name with a word so, a name containing it, text."""
    assert ids(url, "Esa") == ["esa", "esa_trova_eco_rebel", "old_esa_road", "mesa_runner", "quiet_hour"]
    assert ids(url, "esa trova") == ["esa_trova_eco_rebel"]
    assert ids(url, "埃萨")[:2] == ["esa", "esa_trova_eco_rebel"]


def test_ranking_keeps_display_order_within_a_rank_and_without_names(url: str) -> None:
    assert ids(url, "t:resource f:anarch") == sorted(ids(url, "t:resource f:anarch"), key=lambda i: i)
    with open_database(url) as db:
        limited = [hit.id for hit in search(db, "esa", game="netrunner", limit=2)]
    assert limited == ["esa", "esa_trova_eco_rebel"]


@pytest.mark.parametrize(
    ("typed", "wanted"),
    [
        ("boita", "boita"),  # an id
        ("netrunner/boita", "boita"),
        ("Bóitá", "boita"),
        ("BOITA", "boita"),
        ("esa trova eco rebel", "esa_trova_eco_rebel"),
        ("esa trova", "esa_trova_eco_rebel"),  # the start of one name
        ("Ésa", "esa"),  # called exactly that, though Ésa Trovâ starts so too
        ("埃萨·特罗瓦：生态叛军", "esa_trova_eco_rebel"),
        ("埃萨特罗瓦", "esa_trova_eco_rebel"),
        ("netrunner/nurse hanh", "nurse_hanh"),
        ("Hanh", "nurse_hanh"),  # a word of one name
        ("Fixture Startup", "fixture_startup"),
        ("O Flow", "o2_flow"),  # its search_name
        ("o2 flow", "o2_flow"),
        ("NurseHanh", "nurse_hanh"),
    ],
)
def test_get_record_by_name(url: str, typed: str, wanted: str) -> None:
    with open_database(url) as db:
        assert get_record(db, typed).id == wanted


def test_an_ambiguous_name_lists_the_candidates(url: str) -> None:
    with open_database(url) as db, pytest.raises(AmbiguousName) as raised:
        get_record(db, "es")
    assert [h.id for h in raised.value.candidates] == ["esa_trova_eco_rebel", "esa"]
    assert raised.value.exit_code == 2
    lines = raised.value.message.splitlines()
    assert lines[0] == "name 'es' names 2 records; give one's id (or add --game / --kind):"
    assert lines[1].split()[:3] == ["netrunner/esa_trova_eco_rebel", "identity", "Ésa"]  # (the reader's language)


@pytest.mark.lang_default
def test_show_by_name_on_the_command_line(cli: Run, url: str) -> None:
    result = cli("show", "--db", url, "esa trova")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[:2] == [
        "埃萨·特罗瓦：生态叛军",
        "矩阵潜袭 特性 esa_trova_eco_rebel",
    ]
    ambiguous = cli("show", "--db", url, "es")  # the error in the default language, zh-Hans
    assert ambiguous.exit_code == 2
    assert ambiguous.stderr.startswith("dossier：错误：名字 'es' 对应 2 条记录"), ambiguous.stderr
    assert "netrunner/esa " in ambiguous.stderr
    unknown = cli("show", "--db", url, "Nurse Hahn", "--lang", "en")  # and in English when asked
    assert unknown.exit_code == 2
    assert "no record with id or name 'Nurse Hahn'" in unknown.stderr
    assert "did you mean 'Nürse Hänh'" in unknown.stderr


def test_search_table_puts_the_name_first(cli: Run, url: str) -> None:
    result = cli("search", "--db", url, "esa", "--game", "netrunner")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[1].startswith("esa ")
