"""Sweep 76 (helper 794, the patch to toolkit/balance/store.py): on PostgreSQL, runs an earlier version left in
``public.balance_runs`` beside the schema's own runs table were listed and found by id only after the next run kept
moved them (with new ids). Now they are read beside the schema's runs, with the ids the move gives them, and both the
next run kept and `dossier db build` move them into the one schema."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from toolkit.balance.store import POSTGRES_DDL, list_runs, save_run, stored_run

PG_URL = os.environ.get("DOSSIER_TEST_PG_URL")
META = {"game": "tactics", "card_set": "c" * 64, "decider": "heuristic"}


def _sql(*statements: str) -> list[Any]:
    from toolkit.db.engine import postgres_engine, resolve_target

    engine = postgres_engine(resolve_target(PG_URL).url)
    try:
        with engine.begin() as conn:
            return [conn.exec_driver_sql(statement).all() if statement.startswith("SELECT") else
                    conn.exec_driver_sql(statement) for statement in statements]  # fmt: skip
    finally:
        engine.dispose()


@pytest.fixture
def db() -> Iterator[str]:
    """A schema of its own holding one run, and a run an earlier version left in public."""
    if not PG_URL:
        pytest.skip("DOSSIER_TEST_PG_URL is not set: no PostgreSQL server to test against (.ci/postgres.sh starts one)")
    schema = f"test_{uuid.uuid4().hex[:12]}"
    url = f"{PG_URL}{'&' if '?' in PG_URL else '?'}schema={schema}"
    _sql("DROP TABLE IF EXISTS public.balance_runs")
    try:
        save_run(url, {**META, "seed": 1}, {"games": 4, "outliers": []})
        _sql(POSTGRES_DDL.replace("EXISTS balance_runs", "EXISTS public.balance_runs"),
             "INSERT INTO public.balance_runs (created, game, card_set, decider, seed, games, figures) VALUES "
             "('2020-01-01T00:00:00+00:00', 'tactics', 'c', 'heuristic', 7, 3, "
             "'{\"meta\": {\"game\": \"tactics\", \"seed\": 7}, \"figures\": {\"games\": 3, \"outliers\": []}}')")  # fmt: skip
        yield url
    finally:
        _sql(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE', "DROP TABLE IF EXISTS public.balance_runs")


def _public_tables() -> list[Any]:
    return _sql("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' "
                "AND table_name = 'balance_runs'")[0]  # fmt: skip


def test_runs_left_in_public_are_read_beside_the_schemas_with_the_ids_they_keep(db: str) -> None:
    assert [(run["id"], run["seed"]) for run in list_runs(db)] == [(1, 1), (2, 7)]
    left = stored_run(db, 2)
    assert left is not None and left["meta"]["seed"] == 7
    assert _public_tables()  # (read, not moved)
    third = save_run(db, {**META, "seed": 9}, {"games": 4, "outliers": []})
    assert third == 3 and not _public_tables()
    assert [(run["id"], run["seed"]) for run in list_runs(db)] == [(1, 1), (2, 7), (3, 9)]


def test_db_build_moves_them_into_the_one_schema(cli: Any, db: str) -> None:
    built = cli("db", "build", "--db", db)
    assert built.exit_code == 0, built.output
    assert not _public_tables()
    assert [(run["id"], run["seed"]) for run in list_runs(db)] == [(1, 1), (2, 7)]
    assert save_run(db, {**META, "seed": 9}, {"games": 4, "outliers": []}) == 3
