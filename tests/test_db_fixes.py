"""The database's rebuilds and readers: a PostgreSQL rebuild never drops what other schemas built on Dossier's and
keeps the privileges given on it; a card file that no longer loads leaves search and show answering from the
database built before; the common database errors are worded for the reader (no such database, not a Dossier
database, no permission, cannot connect).

The PostgreSQL cases use the throw-away server of tests/test_db.py (DOSSIER_TEST_PG_URL, `.ci/postgres.sh`) and
skip with its reason without one.
"""

from __future__ import annotations

import shutil
import sqlite3
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from toolkit.cli import app
from toolkit.db import resolve_target
from toolkit.db.engine import db_error

from .conftest import CARDS
from .test_db import PG_SKIP, PG_URL, drop, new_url

needs_pg = pytest.mark.skipif(PG_SKIP is not None, reason=PG_SKIP or "")


def run(*args: str | Path) -> Any:
    return CliRunner().invoke(app, [str(arg) for arg in args])


# ---------------------------------------------------------------------------
# a card file that does not load: search answers from the database built before


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working directory with a copy of the crossfire cards in cards/."""
    shutil.copytree(CARDS / "crossfire", tmp_path / "cards" / "crossfire")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _break_a_card(cards: Path) -> Path:
    folder = next(path.parent for path in sorted(cards.rglob("*.json")))
    broken = folder / "zz_broken.json"
    broken.write_text("{ broken\n", encoding="utf-8")
    return broken


def test_broken_card_file_answers_from_dossier_db_built_before(here: Path) -> None:
    built = run("db", "build", "--cards", "cards/crossfire")
    assert built.exit_code == 0, built.output
    before = (here / "dossier.db").read_bytes()
    first = run("search", "--format", "ids", "game:crossfire")
    assert first.exit_code == 0 and first.stdout.strip()
    broken = _break_a_card(here / "cards")
    result = run("search", "--format", "ids", "game:crossfire")
    assert result.exit_code == 0, result.output
    assert result.stdout == first.stdout  # the answers of the database built before
    warnings = [line for line in result.stderr.splitlines() if line.startswith("dossier: warning: ")]
    assert len(warnings) == 1, result.stderr
    assert f"{broken.name}:1:" in warnings[0] and "as it was built before" in warnings[0]
    assert (here / "dossier.db").read_bytes() == before
    shown = run("show", first.stdout.split()[0])
    assert shown.exit_code == 0, shown.output


def test_broken_card_file_answers_from_the_cache_built_before(here: Path) -> None:
    first = run("search", "--format", "ids", "game:crossfire")  # no dossier.db here: the cache's, of ./cards
    assert first.exit_code == 0 and first.stdout.strip(), first.output
    broken = _break_a_card(here / "cards")
    result = run("search", "--format", "ids", "game:crossfire")
    assert result.exit_code == 0, result.output
    assert result.stdout == first.stdout
    [warning] = [line for line in result.stderr.splitlines() if line.startswith("dossier: warning: ")]
    assert f"{broken.name}:1:" in warning and "as it was built before" in warning


def test_broken_card_file_without_a_database_built_before_is_the_error(here: Path) -> None:
    _break_a_card(here / "cards")
    result = run("search", "--format", "ids", "game:crossfire")
    assert result.exit_code == 1
    assert "zz_broken.json:1:" in result.stderr and "built before" not in result.stderr


# ---------------------------------------------------------------------------
# SQLite: another program's database, an empty one


def test_another_programs_dossier_db_is_named_so_with_advice_that_works(here: Path) -> None:
    with sqlite3.connect(here / "dossier.db") as conn:
        conn.execute("CREATE TABLE notes (x)")
    result = run("search", "game:crossfire")
    assert result.exit_code == 2
    assert "not a Dossier database" in result.stderr and "notes" in result.stderr
    assert "--db FILE" in result.stderr
    assert "no such table" not in result.stderr and "is it a Dossier database" not in result.stderr
    refused = run("db", "build", "--cards", "cards/crossfire")  # the advice is not this build, which refuses
    assert refused.exit_code == 2 and "not a Dossier database" in refused.stderr


def test_an_empty_database_says_it_holds_no_cards(tmp_path: Path) -> None:
    empty = tmp_path / "e.db"
    with sqlite3.connect(empty) as conn:
        conn.execute("CREATE TABLE t (x)")
        conn.execute("DROP TABLE t")
    result = run("search", "--db", str(empty), "game:crossfire")
    assert result.exit_code == 2
    assert "holds no cards" in result.stderr and "no such table" not in result.stderr
    assert f"`dossier db build --db {empty}`" in result.stderr


# ---------------------------------------------------------------------------
# the server's errors, worded (no server needed)


class _DriverError(Exception):
    """Stands in for a driver's error: its text, and the SQLSTATE where it has one."""

    def __init__(self, text: str, sqlstate: str | None = None) -> None:
        super().__init__(text)
        self.sqlstate = sqlstate


SOCKET = 'connection failed: connection to server on socket "/tmp/pg/.s.PGSQL.5432" failed: FATAL:  '


@pytest.mark.parametrize(
    ("text", "sqlstate", "words"),
    [
        (SOCKET + 'database "nodb" does not exist', None, "has no database 'nodb'"),
        (SOCKET + 'role "nobody" does not exist', None, "cannot connect to the server at /tmp/pg:5432"),
        (SOCKET + 'password authentication failed for user "u" (sekrit)', None, "refused the user name or password"),
        ('connection failed: connection to server on socket "/tmp/pg/.s.PGSQL.5432" failed: No such file or '
         "directory", None, "no server listens at that socket"),  # fmt: skip
        ("permission denied for table records", "42501", "no permission: permission denied for table records"),
    ],
)
def test_server_errors_are_worded(text: str, sqlstate: str | None, words: str) -> None:
    target = resolve_target("postgresql+psycopg://u:sekrit@/nodb?host=/tmp/pg")
    message = db_error(target, _DriverError(text, sqlstate)).message  # type: ignore[arg-type]
    assert words in message
    assert "sekrit" not in message
    assert "FATAL" not in message


# ---------------------------------------------------------------------------
# PostgreSQL


@pytest.fixture
def pg_db(tmp_path: Path) -> Iterator[str]:
    """A Dossier schema built from the crossfire cards; the other schemas and roles a test makes are dropped."""
    url = new_url("postgresql", tmp_path)
    built = run("db", "build", "--db", url, "--cards", CARDS / "crossfire")
    assert built.exit_code == 0, built.output
    yield url
    drop(url)


def _sql(*statements: str) -> list[Any]:
    """Run statements on the test server as its owner; the rows of the last."""
    from sqlalchemy import create_engine

    assert PG_URL is not None
    engine = create_engine(resolve_target(PG_URL).url)  # type: ignore[arg-type]
    try:
        with engine.begin() as conn:
            rows: list[Any] = []
            for statement in statements:
                result = conn.exec_driver_sql(statement)
                rows = [tuple(row) for row in result] if result.returns_rows else []
            return rows
    finally:
        engine.dispose()


def _as(url: str, user: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).set(username=user).render_as_string(hide_password=False)


@needs_pg
def test_pg_rebuild_refuses_while_other_schemas_depend_on_it(pg_db: str) -> None:
    schema = resolve_target(pg_db).schema
    mine = f"mine_{uuid.uuid4().hex[:8]}"
    view = f"v_{uuid.uuid4().hex[:8]}"
    _sql(
        f"CREATE SCHEMA {mine}",
        f"CREATE VIEW {mine}.card_count AS SELECT count(*) FROM {schema}.records",
        f"CREATE TABLE {mine}.favs (pk int REFERENCES {schema}.records (pk))",
        f"CREATE VIEW public.{view} AS SELECT pk FROM {schema}.records",
    )
    try:
        result = run("db", "build", "--db", pg_db, "--cards", CARDS / "crossfire")
        assert result.exit_code == 2
        [line] = result.stderr.splitlines()
        for name in (f"{mine}.card_count", f"{mine}.favs", f"public.{view}", "favs_pk_fkey"):
            assert name in line
        assert "not replaced" in line
        # nothing changed: the views and the key are there, the schema is the one built before
        assert _sql(f"SELECT count(*) FROM {mine}.card_count")[0][0] > 0
        assert _sql(
            f"SELECT count(*) FROM pg_constraint WHERE conrelid = '{mine}.favs'::regclass AND contype = 'f'"
        ) == [(1,)]
        _sql(f"DROP VIEW public.{view}", f"DROP SCHEMA {mine} CASCADE")
        again = run("db", "build", "--db", pg_db, "--cards", CARDS / "crossfire")
        assert again.exit_code == 0, again.output
    finally:
        _sql(f"DROP VIEW IF EXISTS public.{view}", f"DROP SCHEMA IF EXISTS {mine} CASCADE")


@needs_pg
def test_pg_rebuild_keeps_the_privileges_and_owner(pg_db: str) -> None:
    schema = resolve_target(pg_db).schema
    reader, team = f"reader_{uuid.uuid4().hex[:8]}", f"team_{uuid.uuid4().hex[:8]}"
    _sql(
        f"CREATE ROLE {reader} LOGIN",
        f"CREATE ROLE {team}",
        f"GRANT USAGE ON SCHEMA {schema} TO {reader}",
        f"GRANT SELECT ON ALL TABLES IN SCHEMA {schema} TO {reader}",
        f"GRANT SELECT (name_en) ON {schema}.records TO PUBLIC",
        f"ALTER DEFAULT PRIVILEGES IN SCHEMA {schema} GRANT SELECT ON TABLES TO {reader}",
        f"ALTER SCHEMA {schema} OWNER TO {team}",
        f"ALTER TABLE {schema}.meta OWNER TO {team}",
    )

    def privileges() -> list[Any]:
        return _sql(
            f"SELECT nspacl::text[], pg_get_userbyid(nspowner) FROM pg_namespace WHERE nspname = '{schema}'",
        ) + _sql(
            f"SELECT relname::text, relacl::text[], pg_get_userbyid(relowner) FROM pg_class"
            f" WHERE relnamespace = '{schema}'::regnamespace AND relkind = 'r' ORDER BY relname",
            f"SELECT attname::text, attacl::text[] FROM pg_attribute WHERE attrelid = '{schema}.records'::regclass"
            " AND attacl IS NOT NULL",
        ) + _sql(
            f"SELECT defaclacl::text[] FROM pg_default_acl WHERE defaclnamespace = '{schema}'::regnamespace"
        )

    try:
        before = privileges()
        assert run("search", "--db", _as(pg_db, reader), "--format", "ids", "game:crossfire").exit_code == 0
        result = run("db", "build", "--db", pg_db, "--cards", CARDS / "crossfire")
        assert result.exit_code == 0, result.output
        assert privileges() == before
        read = run("search", "--db", _as(pg_db, reader), "--format", "ids", "game:crossfire")
        assert read.exit_code == 0, read.output
        assert read.stdout.strip()
    finally:
        drop(pg_db)
        for role in (reader, team):
            _sql(f"DROP OWNED BY {role} CASCADE", f"DROP ROLE {role}")


@needs_pg
def test_pg_reader_without_permission_is_told_so(pg_db: str) -> None:
    schema = resolve_target(pg_db).schema
    reader = f"reader_{uuid.uuid4().hex[:8]}"
    _sql(f"CREATE ROLE {reader} LOGIN")
    try:
        result = run("search", "--db", _as(pg_db, reader), "game:crossfire")
        assert result.exit_code == 2
        assert "no permission" in result.stderr and reader in result.stderr
        assert "is it a Dossier database" not in result.stderr and 'relation "meta"' not in result.stderr
        _sql(f"GRANT USAGE ON SCHEMA {schema} TO {reader}")
        table = run("search", "--db", _as(pg_db, reader), "game:crossfire")
        assert table.exit_code == 2 and "no permission" in table.stderr
    finally:
        _sql(f"DROP OWNED BY {reader} CASCADE", f"DROP ROLE {reader}")


@needs_pg
def test_pg_missing_schema_and_database_are_worded(tmp_path: Path) -> None:
    from sqlalchemy.engine import make_url

    missing = new_url("postgresql", tmp_path)
    result = run("search", "--db", missing, "game:crossfire")
    assert result.exit_code == 2
    assert "no Dossier database here" in result.stderr and 'relation "meta"' not in result.stderr
    public = run("search", "--db", missing.rsplit("schema=", 1)[0] + "schema=public", "game:crossfire")
    assert public.exit_code == 2 and "is not a Dossier database" in public.stderr
    assert PG_URL is not None
    nodb = make_url(PG_URL).set(database=f"nodb_{uuid.uuid4().hex[:8]}").render_as_string(hide_password=False)
    gone = run("search", "--db", nodb, "game:crossfire")
    assert gone.exit_code == 2 and "has no database" in gone.stderr and "FATAL" not in gone.stderr
