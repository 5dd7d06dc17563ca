"""NetrunnerDB's set, cycle and format keys: e: c: z: b: is_banned: is_restricted: legal:, on both backends."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.db import open_database
from toolkit.search import QueryError, search

from .names_util import write_pool
from .test_db import BACKENDS, pool_database

FIXTURE = {"esa_trova_eco_rebel", "esa", "old_esa_road", "mesa_runner", "quiet_hour", "boita", "nurse_hanh", "o2_flow"}
EXTRA = {"boita", "cant_stop_now"}


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_pool(tmp_path_factory.mktemp("pool"))


@pytest.fixture(scope="module")
def records(pool: Path) -> list[Any]:
    return list(load_catalog([pool]).records)


@pytest.fixture(scope="module")
def demo(records: list[Any]) -> set[str]:
    """Ids of the bundled demo cards and identities (set dossier_demo)."""
    return {r.id for r in records if r.kind in ("card", "identity") and getattr(r, "set", None) == "dossier_demo"}


@pytest.fixture(scope="module", params=BACKENDS)
def url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, pool: Path) -> Iterator[str]:
    yield from pool_database(request.param, tmp_path_factory.mktemp("db"), pool)


def found(url: str, query: str) -> set[str]:
    with open_database(url) as db:
        return {hit.id for hit in search(db, query, game="netrunner")}


@pytest.mark.parametrize(
    ("query", "wanted"),
    [
        ("e:fixture_core", FIXTURE),  # boita: its reprint
        ("e:fixture_extra", EXTRA),
        ("card_set:fixture-extra", EXTRA),
        ('e:"Fixture Extra"', EXTRA),  # a set's name from the game's set list
        ("e:测试扩展", EXTRA),
        ("c:fixture_cycle", FIXTURE | EXTRA),  # the cycle from a printing or from the game's set list
        ("c:dossier_demo", {"DEMO cards"}),  # a set no cycle is known for is its own cycle
        ("c!fixture_cycle t:event", {"DEMO events"}),
        ("z:fixture_startup", FIXTURE),
        ("card_pool:测试新手赛制", FIXTURE),
        ('z:"Fixture Startup"', FIXTURE),
        ("z!fixture_startup f:anarch k:card", {"DEMO anarch"}),
        ("legal:fixture_startup", FIXTURE - {"nurse_hanh"}),  # Bóitá is banned by an older list only
        ("b:fixture_startup", {"nurse_hanh", "cant_stop_now", "boita"}),  # any verdict: Bóitá has points
        ("restriction_id:fixture_list_24", {"nurse_hanh", "cant_stop_now", "boita"}),
        ('b:"Fixture List 23"', {"boita"}),
        ("is_banned:fixture_startup", {"nurse_hanh"}),
        ("is_banned:fixture_list_23", {"boita"}),
        ("is_banned:fixture_startup|fixture_list_23", {"nurse_hanh", "boita"}),
        ("is_restricted:fixture_startup", {"cant_stop_now"}),
        ("is_banned:standard", set()),
        ("z:standard e:fixture_extra", EXTRA),  # a format naming no sets takes every set
        ("legal:standard t:identity f:anarch", {"esa_trova_eco_rebel", "DEMO anarch identities"}),
    ],
)
def test_set_cycle_and_format_keys(url: str, demo: set[str], query: str, wanted: set[str]) -> None:
    got = found(url, query)
    demo_wanted = {w for w in wanted if w.startswith("DEMO")}
    fixture_wanted = wanted - demo_wanted
    assert got - demo == fixture_wanted
    if not demo_wanted:
        assert not got & demo
    else:
        assert got & demo  # the bundled cards that qualify are there too


def test_pool_and_legal_match_python(url: str, records: list[Any]) -> None:
    cards = [r for r in records if r.kind in ("card", "identity")]
    in_pool = {r.id for r in cards if {r.set, *(p.set for p in r.printings)} & {"fixture_core"}}
    assert found(url, "z:fixture_startup") == in_pool
    assert found(url, "legal:fixture_startup") == in_pool - {"nurse_hanh"}
    every = {r.id for r in cards}
    assert found(url, "z:standard") == every
    assert found(url, "z!fixture_startup") == every - in_pool  # a record no format speaks of: neither


@pytest.mark.parametrize(
    ("query", "column", "problem"),
    [
        ("z:nowhere", 3, "unknown format 'nowhere'; formats here: fixture_startup, standard"),
        ("t:event legal:startup", 15, "unknown format 'startup'"),
        ("b:nowhere", 3, "(or a ban list id"),
        ("legal:fixture_list_24", 7, "unknown format 'fixture_list_24'"),  # a ban list is no card pool
    ],
)
def test_an_unknown_format_is_a_query_error(url: str, query: str, column: int, problem: str) -> None:
    with open_database(url) as db, pytest.raises(QueryError) as raised:
        search(db, query)
    assert raised.value.column == column
    assert problem in raised.value.problem
    assert raised.value.exit_code == 2


def test_a_set_is_no_cycle_and_the_error_says_which_cycle_is_meant(url: str) -> None:
    with pytest.raises(QueryError) as caught:
        found(url, "card_cycle:fixture_core")
    assert "fixture_core" in caught.value.message and "fixture_cycle" in caught.value.message
