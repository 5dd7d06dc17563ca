"""Sweep 74 (the patch to toolkit/db/build.py and toolkit/db/engine.py): on PostgreSQL, `dossier balance` makes the
schema it keeps its runs in when there is none yet (toolkit/balance/store.py), as it makes ./dossier.db on SQLite;
`dossier db build` then builds the cards into that schema and keeps the runs, and a command that reads cards says
the schema holds runs and no cards, with the build that adds them."""

from __future__ import annotations

import os
import uuid
from typing import Any

import pytest

from toolkit.balance.store import list_runs, save_run

PG_URL = os.environ.get("DOSSIER_TEST_PG_URL")


def _drop(schema: str) -> None:
    from toolkit.db.engine import postgres_engine, resolve_target

    engine = postgres_engine(resolve_target(PG_URL).url)
    try:
        with engine.begin() as conn:
            conn.exec_driver_sql(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    finally:
        engine.dispose()


def test_a_schema_balance_made_is_built_into_and_keeps_its_runs(cli: Any) -> None:
    if not PG_URL:
        pytest.skip("DOSSIER_TEST_PG_URL is not set: no PostgreSQL server to test against (.ci/postgres.sh starts one)")
    schema = f"test_{uuid.uuid4().hex[:12]}"
    db = f"{PG_URL}{'&' if '?' in PG_URL else '?'}schema={schema}"
    try:
        meta = {"game": "tactics", "card_set": "c" * 64, "decider": "heuristic", "seed": 1}
        first = save_run(db, meta, {"games": 4, "seats": [], "outliers": []})
        searched = cli("search", "game:tactics", "--db", db)
        assert searched.exit_code != 0 and "holds balance runs and no cards" in searched.stderr, searched.output
        built = cli("db", "build", "--db", db)
        assert built.exit_code == 0, built.output
        assert [run["id"] for run in list_runs(db)] == [first]
        assert cli("search", "game:tactics", "--db", db).exit_code == 0
    finally:
        _drop(schema)
