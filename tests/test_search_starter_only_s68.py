"""A card or identity for the starter game only (``starter_only``) is in no format's pool: ``z:`` / ``pool:`` /
``legal:`` of any format leave it out, as ``deck validate`` (``deck.starter_only``), the web deck builder
(:class:`toolkit.web.deckwork.FormatPool`) and the deck filler do; on both backends."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from toolkit.catalog import load_catalog
from toolkit.db import build_database, open_database, resolve_target
from toolkit.errors import DossierError
from toolkit.search import search
from toolkit.web.deckwork import FormatPool

from .names_util import write_pool
from .test_db import BACKENDS, drop, new_url, pool_database

# Two invented records printed in fixture_core (the pool of fixture_startup; standard takes every set).
STARTER_IDENTITY = {
    "game": "netrunner",
    "kind": "identity",
    "id": "fixture_first_steps",
    "name": {"en": "Fixture: First Steps", "zh-Hans": "测试：初次起步"},
    "side": "runner",
    "faction": "neutral_runner",
    "min_deck_size": 30,
    "influence_limit": None,
    "base_link": 0,
    "starter_only": True,
    "set": "fixture_core",
    "printings": [{"code": "90090", "set": "fixture_core"}],
}
STARTER_CARD = {
    "game": "netrunner",
    "kind": "card",
    "id": "fixture_training_wheels",
    "name": {"en": "Fixture Training Wheels", "zh-Hans": "测试辅助轮"},
    "type": "event",
    "faction": "neutral_runner",
    "influence": 0,
    "cost": 0,
    "starter_only": True,
    "set": "fixture_core",
    "text": [],
}
STARTERS = {STARTER_IDENTITY["id"], STARTER_CARD["id"]}


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pool = write_pool(tmp_path_factory.mktemp("pool"))
    for record, folder, kind in ((STARTER_IDENTITY, "identities", "identity"), (STARTER_CARD, "cards", "card")):
        data = {"$schema": f"../../../schema/netrunner/{kind}.schema.json", **record}
        (pool / folder / f"{record['id']}.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return pool


@pytest.fixture(scope="module")
def records(pool: Path) -> list[Any]:
    return [r for r in load_catalog([pool]).records if r.game == "netrunner"]


@pytest.fixture(scope="module", params=BACKENDS)
def url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, pool: Path) -> Iterator[str]:
    yield from pool_database(request.param, tmp_path_factory.mktemp("db"), pool)


def found(url: str, query: str) -> set[str]:
    with open_database(url) as db:
        return {hit.id for hit in search(db, query, game="netrunner")}


def test_the_fixture_loads_the_starter_records(records: list[Any]) -> None:
    assert {r.id for r in records if getattr(r, "starter_only", False)} == STARTERS


@pytest.mark.parametrize(
    ("query", "control"),
    [
        ("legal:standard t:identity f:neutral_runner", None),
        ("legal:standard t:identity", "esa_trova_eco_rebel"),
        ("format:standard", "esa"),
        ("z:standard", "esa_trova_eco_rebel"),
        ("card_pool:standard t:event", "esa"),
        ("pool:standard", "esa"),
        ("z:fixture_startup", "esa_trova_eco_rebel"),
        ("legal:fixture_startup", "esa"),
        ("卡池:测试新手赛制", "esa"),
        ("合法:fixture_startup t:identity", "esa_trova_eco_rebel"),
        ("legal:standard|fixture_startup", "esa"),
        ("f:neutral_runner z:standard", "nurse_hanh"),
    ],
)
def test_a_starter_only_record_is_in_no_format_pool(url: str, query: str, control: str | None) -> None:
    got = found(url, query)
    assert not got & STARTERS, query
    if control is not None:
        assert control in got  # the term still finds the records of the same set that are in the pool


@pytest.mark.parametrize("query", ["z!standard", "legal!standard", "z!fixture_startup", "legal!fixture_startup"])
def test_not_in_the_pool_finds_the_starter_records(url: str, query: str) -> None:
    assert found(url, query) >= STARTERS  # "!" is the exact negation of ":"


def test_the_starter_records_are_found_without_a_format_term_and_are_on_no_ban_list(url: str) -> None:
    assert found(url, "f:neutral_runner") >= STARTERS
    assert found(url, "e:fixture_core") >= STARTERS
    for query in ("b:standard", "is_banned:fixture_startup", "b:fixture_startup"):
        assert not found(url, query) & STARTERS


@pytest.mark.parametrize("fmt", ["standard", "fixture_startup"])
def test_the_pool_terms_agree_with_the_deck_builder(url: str, records: list[Any], fmt: str) -> None:
    mode = next(r for r in records if r.kind == "format" and r.id == fmt)
    sets = frozenset(mode.sets) if getattr(mode, "sets", None) is not None else None
    held = FormatPool(fmt, sets, (), frozenset()).holds
    in_pool = {r.id for r in records if r.kind in ("card", "identity") and held(r)}
    assert found(url, f"z:{fmt}") == in_pool
    assert not in_pool & STARTERS


def test_the_deck_validator_refuses_what_the_pool_terms_leave_out(records: list[Any]) -> None:
    from toolkit.models.deck import Deck
    from validators.deck import DeckPool, validate_deck

    for fmt in ("standard", "fixture_startup"):
        deck = Deck(
            name="Starter", game="netrunner", mode=fmt, identity=STARTER_IDENTITY["id"], cards={STARTER_CARD["id"]: 3}
        )
        codes = [(f.code, f.pointer) for f in validate_deck(deck, DeckPool(records)).findings]
        assert ("deck.starter_only", "/identity") in codes
        assert ("deck.starter_only", f"/cards/{STARTER_CARD['id']}") in codes


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_database_without_the_column_is_refused_in_words(backend: str, tmp_path: Path, pool: Path) -> None:
    """A database built before the column was added (schema 6) is refused with the advice to build it again,
    not read into an SQL error."""
    url = new_url(backend, tmp_path)
    target = resolve_target(url)
    build_database(load_catalog([pool]), target)
    try:
        if backend == "sqlite":
            engine = create_engine(f"sqlite:///{tmp_path / 'dossier.db'}")
            schema = ""
        else:
            engine = create_engine(target.url)
            schema = f"{target.schema}."
        with engine.begin() as conn:
            conn.execute(text(f"ALTER TABLE {schema}netrunner_attrs DROP COLUMN starter_only"))
            conn.execute(text(f"UPDATE {schema}meta SET value = '6' WHERE \"key\" = 'schema_version'"))
        engine.dispose()
        with pytest.raises(DossierError, match="built by another version of Dossier"):
            open_database(url)
    finally:
        drop(url)
