"""Balance runs kept in the card database: the table ``balance_runs``, and comparing two runs.

One row per run: ``id``, ``created`` (UTC, ISO 8601), ``game``, ``card_set`` (the SHA-256 of the card set,
:func:`toolkit.balance.games.card_set_hash`), ``decider``, ``seed``, ``games`` and ``figures`` (the run's
figures as JSON). The table is created on first use (``CREATE TABLE IF NOT EXISTS``) on SQLite or
PostgreSQL (there in the database's schema, made first if missing: :func:`_prepare_postgres`); ``dossier db
build`` carries its rows over into the database it builds (:func:`carry_sqlite`, :func:`carry_postgres`), so
rebuilding the cards keeps the runs.

:func:`compare` tests every rate the two runs share with a two-proportion z-test and corrects the p-values
for the number of tests (Holm's step-down method, which holds the family-wise error rate at ``alpha``):
only what moved beyond noise is listed. A tactics rate counted in deals (:mod:`toolkit.balance.figures`: the
games of a deal are not independent) enters the test with its effective number of games, ``n_eff``, as its
interval does; a rate without one (crossfire, Netrunner, or a run kept before) with its ``n``.

A run's ``meta`` may keep ``names``: the names, in every output language, of the records its figures name
(:func:`toolkit.balance.report.kept_names`), so that its report and a comparison name them even where the card
pool read then lacks them (a run played with ``--cards my-set``, read by ``dossier serve`` on the bundled cards).
"""

from __future__ import annotations

import datetime
import errno
import json
import math
import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from toolkit.errors import DossierError
from toolkit.i18n import tr

TABLE = "balance_runs"
COLUMNS = ("id", "created", "game", "card_set", "decider", "seed", "games", "figures")
SQLITE_DDL = (
    f"CREATE TABLE IF NOT EXISTS {TABLE} (id INTEGER PRIMARY KEY AUTOINCREMENT, created TEXT NOT NULL, "
    "game TEXT NOT NULL, card_set TEXT NOT NULL, decider TEXT NOT NULL, seed BIGINT NOT NULL, games INTEGER NOT NULL, "
    "figures TEXT NOT NULL)"
)
POSTGRES_DDL = (
    f"CREATE TABLE IF NOT EXISTS {TABLE} (id BIGSERIAL PRIMARY KEY, created TEXT NOT NULL, game TEXT NOT NULL, "
    "card_set TEXT NOT NULL, decider TEXT NOT NULL, seed BIGINT NOT NULL, games INTEGER NOT NULL, figures TEXT NOT NULL)"
)


@contextmanager
def _connection(db: str | None, *, write: bool = True) -> Iterator[tuple[Any, str, str | bool]]:
    """A DB-API connection on the database ``db`` names (``--db``, ``$DOSSIER_DB``, ``./dossier.db``), its
    placeholder style and what the runs are read from (a FROM item: the runs table, :func:`_runs_of`), False when
    there are none. ``write``: the table is made (and the SQLite file, if none); else the connection only reads,
    and a missing file is no database (nothing is created). A missing SQLite file when reading gives
    ``(None, "?", False)``."""
    from toolkit.db import resolve_target
    from toolkit.db.engine import db_error, sqlite_uri

    target = resolve_target(db)
    if target.backend == "sqlite":
        assert target.path is not None
        if target.path.exists() and not target.path.is_file():
            raise DossierError(tr("{path}: not a database file", path=target.path))
        if not write and not target.path.exists():
            yield None, "?", False
            return
        try:
            if write:
                conn = sqlite3.connect(target.path)
            else:
                conn = sqlite3.connect(sqlite_uri(target.path, read_only=True), uri=True)
            try:
                if write:
                    conn.execute(SQLITE_DDL)
                    found = True
                else:
                    query = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?"
                    found = conn.execute(query, (TABLE,)).fetchone() is not None
                yield conn, "?", found and TABLE
                if write:
                    conn.commit()
            finally:
                conn.close()
        except sqlite3.Error as exc:
            raise db_error(target, exc) from None
        return
    from sqlalchemy.exc import SQLAlchemyError

    from toolkit.db.engine import postgres_engine

    engine = postgres_engine(target.url)
    try:
        with engine.begin() as sa:
            assert target.schema is not None
            sa.exec_driver_sql(f'SET search_path TO "{target.schema}", public')
            found = _prepare_postgres(sa, target.schema, write)
            yield sa.connection.dbapi_connection, "%s", found and _runs_of(sa, target.schema, write)
    except SQLAlchemyError as exc:
        raise db_error(target, exc) from None
    finally:
        engine.dispose()


def _has_table(sa: Any, schema: str) -> bool:
    query = "SELECT 1 FROM information_schema.tables WHERE table_schema = %s AND table_name = %s"
    return sa.exec_driver_sql(query, (schema, TABLE)).first() is not None


def _left_in_public(sa: Any, schema: str) -> bool:
    """Whether ``public`` holds a runs table (every column of :data:`COLUMNS`) that is not ``schema``'s own: what
    an earlier version made there when ``schema`` was missing (:func:`_prepare_postgres`)."""
    if schema == "public":
        return False
    query = ("SELECT count(*) FROM information_schema.columns WHERE table_schema = 'public' AND table_name = %s "
             "AND column_name = ANY(%s)")  # fmt: skip
    found = sa.exec_driver_sql(query, (TABLE, list(COLUMNS))).first()
    return found is not None and found[0] == len(COLUMNS)


def _later_ids(schema: str) -> str:
    """The runs left in ``public`` with the ids they take in ``schema``'s table: after its runs, in their order."""
    columns = ", ".join(COLUMNS[1:])
    return (f'SELECT (SELECT COALESCE(MAX(id), 0) FROM "{schema}".{TABLE}) + row_number() OVER (ORDER BY id) AS id, '
            f"{columns} FROM public.{TABLE}")


def _runs_of(sa: Any, schema: str, write: bool) -> str:
    """What to read the runs from: ``schema``'s table, and while runs an earlier version left in ``public`` are
    there beside it (no run kept since to move them), those too, with the ids they will have: a run is listed and
    compared by one id before and after it is moved, and no run is missing until the next one is kept."""
    if write or schema == "public" or not (_has_table(sa, schema) and _left_in_public(sa, schema)):
        return TABLE
    columns = ", ".join(COLUMNS)
    return f'(SELECT {columns} FROM "{schema}".{TABLE} UNION ALL {_later_ids(schema)}) AS {TABLE}'


def _move_from_public(sa: Any, table: str, schema: str, new: bool) -> None:
    """Move the runs left in ``public.balance_runs`` into ``table`` (``schema``'s, made): with their ids when it is
    new, else after its runs (:func:`_later_ids`, as they are read before); the id sequence past them."""
    columns = ", ".join(COLUMNS)
    source = f"SELECT {columns} FROM public.{TABLE}" if new else _later_ids(schema)
    sa.exec_driver_sql(f"INSERT INTO {table} ({columns}) {source} ORDER BY id")
    sa.exec_driver_sql(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), COALESCE(MAX(id), 0) + 1, false) "
                       f"FROM {table}")  # fmt: skip
    sa.exec_driver_sql(f"DROP TABLE public.{TABLE}")


def _prepare_postgres(sa: Any, schema: str, write: bool) -> bool:
    """On PostgreSQL (``sa``: a connection whose search path is ``schema``, then ``public``): whether there are runs
    to read, the table made first when ``write``.

    The table goes into ``schema``, made first when it is not there (``dossier db build`` makes it too, and keeps the
    runs): a table made where the schema is not goes to ``public`` by the search path, where reading never looked,
    as an earlier version did ("run 1 kept", then no run listed). The schema is made only when missing: CREATE
    SCHEMA asks a privilege on the database that a user of a schema given to them may lack, even with IF NOT EXISTS.

    Runs that earlier version left in ``public.balance_runs`` are not lost: read there while ``schema`` has no runs
    table (the search path finds them), read beside its runs while it has (:func:`_runs_of`), and moved into the
    schema by the next run kept, in the same transaction, or by the next ``db build`` (:func:`carry_postgres`): the
    ids they had when ``schema``'s table is new; after its runs otherwise. With ``?schema=public`` that table is
    the runs' own, and stays."""
    if not write:
        return _has_table(sa, schema) or _left_in_public(sa, schema)
    if sa.exec_driver_sql("SELECT 1 FROM pg_namespace WHERE nspname = %s", (schema,)).first() is None:
        sa.exec_driver_sql(f'CREATE SCHEMA IF NOT EXISTS "{schema}"')
    new = not _has_table(sa, schema)
    table = f'"{schema}".{TABLE}'
    sa.exec_driver_sql(POSTGRES_DDL.replace(f"EXISTS {TABLE} ", f"EXISTS {table} ", 1))
    if _left_in_public(sa, schema):
        _move_from_public(sa, table, schema, new)
    return True


def check_database(db: str | None) -> None:
    """Before a run is played: the database it will be kept in can take it. An SQLite file that is there must be a
    database (``--db notes.txt`` is refused now, not after every game); one that is not there must have a
    directory to be made in; a PostgreSQL database must answer. Nothing is written."""
    from toolkit.db import resolve_target

    target = resolve_target(db)
    if target.backend == "sqlite":
        assert target.path is not None
        if not target.path.exists():
            parent = target.path.parent
            if not parent.is_dir():
                raise DossierError(tr("{option} {path}: no such directory {directory}", option="--db",
                                      path=target.path, directory=parent))  # fmt: skip
            return
    with _connection(db, write=False):  # reading sqlite_master (or connecting) fails on what is no database
        pass


def require_database(db: str | None) -> None:
    """A command that only reads the runs (``balance runs``, ``balance compare`` of run ids): a database that is not
    there is one line (exit 2), and no empty database is made."""
    from toolkit.db import resolve_target

    target = resolve_target(db)
    if target.backend == "sqlite" and target.path is not None and not target.path.exists():
        raise DossierError(tr("no database at {path}: no balance run is kept there", path=target.path))


SEED_MAX = 2**63 - 1  # the largest seed the table's BIGINT (SQLite's INTEGER) holds, and the largest run id


def _finite(value: Any) -> Any:
    """``value`` with every float that is not finite (NaN, ±inf) replaced by None: JSON holds no such number, and
    the database's JSON functions refuse a text holding ``NaN`` (then no run at all could be listed)."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(item) for item in value]
    return value


def save_run(db: str | None, meta: dict[str, Any], figures: dict[str, Any]) -> int:
    """Store a run; its id. Its figures are kept as strict JSON (a number that is not finite as null); a seed past
    :data:`SEED_MAX` is refused (the commands refuse it before any game: ``--seed``)."""
    if not 0 <= int(meta["seed"]) <= SEED_MAX:
        raise DossierError(tr("{option} {value}: a run's seed is a whole number from 0 to {most} (the database keeps "
                              "it as a 64-bit integer)", option="--seed", value=meta["seed"], most=SEED_MAX))  # fmt: skip
    created = datetime.datetime.now(datetime.UTC).replace(microsecond=0).isoformat()
    text = json.dumps(_finite({"meta": meta, "figures": figures}), ensure_ascii=False, sort_keys=True, allow_nan=False)
    row = (created, meta["game"], meta["card_set"], meta["decider"], meta["seed"], figures["games"], text)
    with _connection(db) as (conn, mark, _found):
        cursor = conn.cursor()
        columns = ", ".join(COLUMNS[1:])
        marks = ", ".join([mark] * len(row))
        if mark == "?":
            cursor.execute(f"INSERT INTO {TABLE} ({columns}) VALUES ({marks})", row)
            return int(cursor.lastrowid)
        cursor.execute(f"INSERT INTO {TABLE} ({columns}) VALUES ({marks}) RETURNING id", row)
        return int(cursor.fetchone()[0])


def list_runs(db: str | None, skipped: list[int] | None = None) -> list[dict[str, Any]]:
    """The runs kept in ``db``, oldest first: every column but ``figures``, ``outliers``, how many rates the run
    flagged, and ``interrupted``, whether Ctrl-C stopped it (its figures count the games that finished): both read
    by the database, so the figures are not. A row whose figures the database cannot read as JSON (``NaN``, as an
    older version wrote for ``--margin nan``) is read here instead; one that is no JSON at all is left out, its id
    added to ``skipped``: one damaged row never fails the whole list."""
    with _connection(db, write=False) as (conn, mark, found):
        if not found:  # no database there, or no run kept in it: none, and nothing made
            return []
        cursor = conn.cursor()
        if mark == "?":
            readable = "json_valid(figures)"
            outliers = "json_array_length(figures, '$.figures.outliers')"
            interrupted = "json_extract(figures, '$.meta.interrupted') = 1"
        else:  # (a NaN or Infinity outside a string is what an older version wrote: PostgreSQL's json refuses it)
            readable = "figures !~ '\\m(NaN|Infinity)\\M'"
            outliers = "json_array_length(figures::json -> 'figures' -> 'outliers')"
            interrupted = "(figures::json -> 'meta' ->> 'interrupted') = 'true'"
        query = (f"SELECT {', '.join(COLUMNS[:-1])}, CASE WHEN {{readable}} THEN 1 ELSE 0 END, "
                 f"CASE WHEN {{readable}} THEN COALESCE({outliers}, 0) END, "
                 f"CASE WHEN {{readable}} THEN COALESCE({interrupted}, FALSE) END FROM {found} ORDER BY id")  # fmt: skip
        if mark == "?":
            cursor.execute(query.format(readable=readable))
        else:  # PostgreSQL 15 has no test of a text being JSON: a row that is none fails the query, then each is read
            cursor.execute("SAVEPOINT list_runs")
            try:
                cursor.execute(query.format(readable=readable))
            except Exception:  # (the driver's DataError)
                cursor.execute("ROLLBACK TO SAVEPOINT list_runs")
                cursor.execute(query.format(readable="FALSE"))
        keys = (*COLUMNS[:-1], "readable", "outliers", "interrupted")
        runs = [dict(zip(keys, row, strict=True)) for row in cursor.fetchall()]
        for run in runs:
            if not run["readable"]:
                cursor.execute(f"SELECT figures FROM {found} WHERE id = {mark}", (run["id"],))
                run["outliers"], run["interrupted"] = _marks(cursor.fetchone()[0])
    kept = []
    for run in runs:
        del run["readable"]
        if run["outliers"] is None:
            if skipped is not None:
                skipped.append(int(run["id"]))
            continue
        kept.append({**run, "interrupted": bool(run["interrupted"])})
    return kept


def _marks(text: Any) -> tuple[int | None, bool]:
    """How many outliers the figures ``text`` flag and whether the run was interrupted, read by Python's JSON
    (which takes ``NaN``); ``(None, False)`` when it is no run's figures."""
    try:
        data = json.loads(text)
        outliers = data["figures"].get("outliers") or []
        return (len(outliers) if isinstance(outliers, list) else 0), data.get("meta", {}).get("interrupted") is True
    except (TypeError, ValueError, KeyError, AttributeError, RecursionError):
        return None, False


def stored_run(db: str | None, run_id: int) -> dict[str, Any] | None:
    """The run ``run_id`` kept in ``db`` (``{"meta", "figures", "label"}``, as :func:`load_run` gives it), or None."""
    if not 0 <= run_id <= SEED_MAX:  # no row has such an id, and the database's integer cannot hold it
        return None
    with _connection(db, write=False) as (conn, mark, found):
        row = None
        if found:
            cursor = conn.cursor()
            cursor.execute(f"SELECT figures FROM {found} WHERE id = {mark}", (run_id,))
            row = cursor.fetchone()
    if row is None:
        return None
    data = json.loads(row[0])
    return {"meta": data["meta"], "figures": data["figures"], "label": f"#{run_id}"}


def load_run(db: str | None, which: str) -> dict[str, Any]:
    """A run by its id in the database, or a run's ``report.json`` (a file, or the ``--out`` directory holding it):
    ``{"meta", "figures"}`` and a ``label`` naming it. A report is read as every command reads a user's JSON file
    (:func:`toolkit.jsonio.read_source`, :func:`toolkit.jsonio.loads_limited`): a FIFO, a device, a directory or
    a file past the size limit is refused without waiting on it or reading it all (exit 2), a file not UTF-8 or
    not JSON is one line with its place (exit 1), and so is one whose figures are not a report's."""
    path = Path(which)
    if not (which.isascii() and which.isdigit()) or path.exists():
        if path.is_dir():
            path = path / "report.json"
        return _read_report(which, path)
    require_database(db)
    run = stored_run(db, int(which))
    if run is None:
        raise DossierError(tr("no balance run {id} in the database", id=which))
    return run


def _read_report(which: str, path: Path) -> dict[str, Any]:
    """The run of the report file at ``path`` (``which``: as the user named it): see :func:`load_run`."""
    from toolkit.jsonio import (
        JsonSyntaxError,
        invalid_json,
        loads_limited,
        pointer_position,
        read_source,
        value_positions,
    )

    source = read_source(path)
    if source.text is None:
        if source.errno == errno.ENOENT and not path.is_symlink():
            raise DossierError(tr("{run}: no such run (a run id, or a run's `report.json`)", run=repr(which)))
        raise DossierError(tr("{path}: cannot read: {reason}", path=path, reason=source.error),
                           exit_code=2 if source.io_error else 1)  # fmt: skip
    try:
        data = loads_limited(source.text)
    except JsonSyntaxError as exc:
        raise DossierError(invalid_json(path, exc), exit_code=1) from None
    bad = _not_a_report(data)
    if bad is not None:
        line, column = pointer_position(value_positions(source.text, [bad]), bad)
        raise DossierError(tr("{path}: not a balance report", path=f"{path}:{line}:{column}"), exit_code=1)
    return {"meta": data.get("meta", {}), "figures": data["figures"], "label": str(path)}


_RATE_FIELDS = ("n", "score", "rate", "low", "high")  # what :func:`compare` reads of a rate (n: a whole number)


def _rate_problem(rate: Any, at: str) -> str | None:
    """The pointer of what in the rate ``rate`` (at ``at``) :func:`compare` could not read, or None."""
    if not isinstance(rate, dict):
        return at
    for field in _RATE_FIELDS:
        if field not in rate:
            return at
        value = rate[field]
        kinds = (int,) if field == "n" else (int, float)
        if isinstance(value, bool) or not (isinstance(value, kinds) or (value is None and field not in ("n", "score"))):
            return f"{at}/{field}"
    return None


def _not_a_report(data: Any) -> str | None:
    """The pointer of the first thing in ``data`` that a balance report's JSON does not hold as :func:`compare`
    and the words of a comparison read it (``""``: it is no report at all), or None when it is one."""
    if not isinstance(data, dict) or "figures" not in data:
        return ""
    if not isinstance(data["figures"], dict):
        return "/figures"
    if not isinstance(data.get("meta", {}), dict):
        return "/meta"
    for table in (*RATES, "modes", "maps"):
        rows, at = data["figures"].get(table, []), f"/figures/{table}"
        if not isinstance(rows, list):
            return at
        one = table in ("modes", "maps")  # a row of these holds its first seat's rate
        for i, row in enumerate(rows):
            if not isinstance(row, dict) or (one and "first_seat" not in row):
                return f"{at}/{i}"
            for name in (table[:-1],) if one else key_fields(table, row):  # an id, or a seat's number
                if name not in row:
                    return f"{at}/{i}"
                if isinstance(row[name], bool) or not isinstance(row[name], (str, int)):
                    return f"{at}/{i}/{name}"
            rate, where = (row["first_seat"], f"{at}/{i}/first_seat") if one else (row, f"{at}/{i}")
            problem = _rate_problem(rate, where)
            if problem is not None:
                return problem
    return None


def holds_only_runs(path: Path) -> bool:
    """Whether the SQLite file at ``path`` holds the balance runs and no other table: what ``dossier balance`` made
    of a ``dossier.db`` that was not there, which holds no cards (``search`` and ``show`` read the card pool's
    database instead; ``db build`` builds the cards into it and keeps the runs, :func:`carry_sqlite`). False for
    any other file, or one SQLite cannot read."""
    from toolkit.db.engine import sqlite_uri

    try:
        conn = sqlite3.connect(sqlite_uri(path, read_only=True), uri=True)
        try:
            rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        finally:
            conn.close()
    except (OSError, ValueError, sqlite3.Error):
        return False
    return {str(name) for (name,) in rows if not str(name).startswith("sqlite_")} == {TABLE}


def carry_sqlite(conn: sqlite3.Connection, old: Path) -> None:
    """In ``db build`` (SQLite): copy the runs of the database being replaced into the one being built."""
    if not old.is_file():
        return
    try:
        previous = sqlite3.connect(f"{old.resolve().as_uri()}?mode=ro", uri=True)
        try:
            found = previous.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (TABLE,))
            rows = previous.execute(f"SELECT {', '.join(COLUMNS)} FROM {TABLE}").fetchall() if found.fetchone() else []
        finally:
            previous.close()
    except sqlite3.Error:
        return  # not a database we can read, or runs in a shape we do not know: the new one starts without them
    conn.execute(SQLITE_DDL)
    conn.executemany(f"INSERT INTO {TABLE} ({', '.join(COLUMNS)}) VALUES ({', '.join('?' * len(COLUMNS))})", rows)


def carry_postgres(conn: Any, old_schema: str, new_schema: str) -> None:
    """In ``db build`` (PostgreSQL): copy the runs of the schema being replaced into the one being built (a table
    of its own, its id sequence moved past the runs copied), and move there those an earlier version left in
    ``public`` (:func:`_prepare_postgres`), so that every run lives in the one schema."""
    found = _has_table(conn, old_schema)
    left = _left_in_public(conn, old_schema)
    if not (found or left):
        return
    quote = conn.dialect.identifier_preparer.quote
    new, old = f"{quote(new_schema)}.{TABLE}", f"{quote(old_schema)}.{TABLE}"
    columns = ", ".join(COLUMNS)
    conn.exec_driver_sql(POSTGRES_DDL.replace(f"EXISTS {TABLE} ", f"EXISTS {new} ", 1))
    if found:
        conn.exec_driver_sql(f"INSERT INTO {new} ({columns}) SELECT {columns} FROM {old}")
        conn.exec_driver_sql(f"SELECT setval(pg_get_serial_sequence('{new}', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM {new}")
    if left:  # (runs an earlier version left in public: into the one schema, as the next run kept would move them)
        from sqlalchemy.exc import SQLAlchemyError

        try:
            with conn.begin_nested():  # (a user who may not drop public's table: the build goes on, they stay there)
                _move_from_public(conn, new, new_schema, not found)
        except SQLAlchemyError:
            pass


# -- comparing two runs

RATES = ("seats", "agents", "cards_in_deck", "cards_played", "pairs_together", "pairs_against", "roles", "sides",
         "identities", "pairings", "decks")  # fmt: skip
KEYS = {"seats": ("seat",), "agents": ("agent",), "cards_in_deck": ("card",), "cards_played": ("card",),
        "pairs_together": ("agent", "with"), "pairs_against": ("agent", "against"), "roles": ("role",),
        "sides": ("side",), "identities": ("side", "identity"), "pairings": ("corp", "runner"),
        "decks": ("side", "deck")}  # fmt: skip


# what a run's figures hang on; ``deck_digests``: what each given deck holds (:func:`toolkit.balance.games.deck_digest`)
SETTINGS = ("game", "modes", "mode", "players", "decks", "deck_digests", "decider", "rounds", "turns", "specials")


P_FLOOR = 1e-300  # a p-value below it is given as this bound ("p < 1e-300"): erfc underflows to 0 near z = 38


def two_proportion(s1: float, n1: float, s2: float, n2: float) -> tuple[float, float]:
    """The z statistic and two-sided p-value of ``s1/n1`` against ``s2/n2`` (pooled variance); a p-value too small
    for a float is :data:`P_FLOOR` (an upper bound), never 0."""
    if n1 <= 0 or n2 <= 0:
        return 0.0, 1.0
    pooled = (s1 + s2) / (n1 + n2)
    variance = pooled * (1 - pooled) * (1 / n1 + 1 / n2)
    if variance <= 0:
        return 0.0, 1.0
    z = (s1 / n1 - s2 / n2) / math.sqrt(variance)
    return z, max(math.erfc(abs(z) / math.sqrt(2)), P_FLOOR)


def holm(p_values: list[float]) -> list[float]:
    """Holm's step-down adjusted p-values (the same order as given)."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    adjusted = [1.0] * len(p_values)
    running = 0.0
    m = len(p_values)
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def key_fields(table: str, row: dict[str, Any] | None = None, size: int | None = None) -> tuple[str, ...]:
    """The fields that name a row of ``table`` (:data:`KEYS`): a deck of a tactics run is named by its key alone, a
    Netrunner deck by its side and key (``row``: the row, or ``size``: how many fields its key has)."""
    fields = KEYS.get(table, (table[:-1],))
    if table == "decks" and ((row is not None and "side" not in row) or size == 1):
        return ("deck",)
    return fields


def _items(figures: dict[str, Any], table: str) -> dict[tuple[Any, ...], dict[str, Any]]:
    rows = figures.get(table, [])
    if table == "modes" or table == "maps":
        return {(row[table[:-1]],): row["first_seat"] for row in rows}
    return {tuple(row[k] for k in key_fields(table, row)): row for row in rows}


def game_of(run: dict[str, Any]) -> str:
    """The game a run played (a run kept before there was a choice: tactics)."""
    return str(run["meta"].get("game") or "tactics")


def check_same_game(a: dict[str, Any], b: dict[str, Any], lang: str | None = None) -> None:
    """Runs of two games share no rate: comparing them is refused (one line, exit 2; the web page's 400), not
    answered "nothing moved beyond noise". The message names both games, in ``lang`` (default: the current one)."""
    from toolkit.i18n import current_lang, t, word

    if game_of(a) == game_of(b):
        return
    lang = lang or current_lang()
    raise DossierError(t(lang, "{a} is a run of {game_a} and {b} a run of {game_b}: only runs of the same game can "
                         "be compared", a=a["label"], game_a=word("web.game", game_of(a), lang), b=b["label"],
                         game_b=word("web.game", game_of(b), lang)))  # fmt: skip


Names = dict[str, dict[str, dict[str, str]]]  # language -> kind -> id -> name, as a run keeps them (``meta["names"]``)


def pool_names(records: Iterable[Any], game: str) -> Names:
    """The names of ``game``'s roles and modes in a card pool (``records``) in every output language, shaped as a
    run keeps names (``meta["names"]``): what :func:`compare` reads an older run's settings with, where the run kept
    none of them (a mode's name: a run keeps the names of its figures' records only)."""
    from toolkit.i18n import LANGS, name_of

    out: Names = {}
    for record in records:
        kind = getattr(record, "kind", None)
        if getattr(record, "game", None) == game and kind in ("role", "mode"):
            for lang in LANGS:
                out.setdefault(lang, {}).setdefault(str(kind), {})[str(record.id)] = name_of(record, lang)
    return out


def _ids(*tables: Any) -> dict[tuple[str, str], str | None]:
    """(kind, a name or id folded) -> the id it names, from names shaped as a run keeps them (:data:`Names`); an id
    first, then a name (one two ids share: None, naming neither)."""
    ids: dict[tuple[str, str], str | None] = {}
    named: dict[tuple[str, str], str | None] = {}
    for table in tables:
        for kinds in table.values() if isinstance(table, dict) else ():
            for kind, names in kinds.items() if isinstance(kinds, dict) else ():
                for record_id, name in names.items() if isinstance(names, dict) else ():
                    ids[str(kind), str(record_id).casefold()] = str(record_id)
                    if isinstance(name, str):
                        key = (str(kind), name.strip().casefold())
                        named[key] = str(record_id) if named.get(key, record_id) == record_id else None
    return {**named, **ids}


def setting(meta: dict[str, Any], key: str, ids: dict[tuple[str, str], str | None] | None = None) -> Any:
    """A run's setting ``key`` as it is compared: a crossfire run's mode as its id, its special roles as their ids
    sorted (a run kept before they were kept so: `--special 保镖 --special BOMBER`), where ``ids`` (:func:`_ids`)
    names them; a name that names nothing, as it is."""
    value = meta.get(key)
    if meta.get("game") == "crossfire" and key == "players" and isinstance(value, list):  # 8,6 and 6,8: one setting
        return sorted(value, key=lambda count: (not isinstance(count, int), count if isinstance(count, int) else 0,
                                                str(count)))  # fmt: skip
    if meta.get("game") != "crossfire" or key not in ("mode", "specials"):
        return value
    known = ids or {}

    def one(kind: str, raw: Any) -> Any:
        return (known.get((kind, raw.strip().casefold())) or raw) if isinstance(raw, str) else raw

    if key == "mode":
        return one("mode", value)
    if isinstance(value, list):  # (the set-up reads its special roles in any order)
        return sorted((one("role", special) for special in value), key=str)
    return value


def compare(a: dict[str, Any], b: dict[str, Any], alpha: float = 0.05, names: Names | None = None) -> dict[str, Any]:
    """What moved between run ``a`` and run ``b`` beyond noise (see the module docstring); runs of two games are
    refused (:func:`check_same_game`). Their settings are compared as :func:`setting` reads them, by the names the
    runs kept and ``names`` (:func:`pool_names`: the card pool's)."""
    from toolkit.balance.figures import effective

    check_same_game(a, b)
    ids = _ids(a["meta"].get("names"), b["meta"].get("names"), names)
    tests: list[dict[str, Any]] = []
    for table in (*RATES, "modes", "maps"):
        first, second = _items(a["figures"], table), _items(b["figures"], table)
        for key in sorted(set(first) & set(second), key=str):
            x, y = first[key], second[key]
            if not x["n"] or not y["n"]:
                continue
            z, p = two_proportion(*effective(x), *effective(y))  # (a rate counted in deals: its effective games)
            tests.append({"table": table, "key": list(key), "before": _brief(x), "after": _brief(y), "z": round(z, 4),
                          "p": p})  # fmt: skip
    adjusted = holm([t["p"] for t in tests])
    moved = []
    for test, q in zip(tests, adjusted, strict=True):
        if test["p"] <= P_FLOOR:  # below what a float holds: p and its Holm-adjusted value are upper bounds
            test["bound"] = True
        test["p"] = float(f"{test['p']:.3g}")  # three significant digits: a p-value of 1e-12 is not 0
        test["p_holm"] = float(f"{q:.3g}")
        if q < alpha:
            moved.append(test)
    moved.sort(key=lambda t: (t["p_holm"], t["table"], str(t["key"])))
    return {
        "a": a["label"],
        "b": b["label"],
        "same_card_set": a["meta"].get("card_set") == b["meta"].get("card_set"),
        "settings_differ": [key for key in SETTINGS if _differ(a["meta"], b["meta"], key, ids)],
        "test": "two-proportion z-test",
        "correction": "Holm",
        "alpha": alpha,
        "tests": len(tests),
        "moved": moved,
        "tested": tests,  # every test: the rates, z, p and Holm-adjusted p of each (moved or not)
        "names": _names_of(a, b, tests),
    }


def _differ(a: dict[str, Any], b: dict[str, Any], key: str, ids: dict[tuple[str, str], str | None]) -> bool:
    """Whether the setting ``key`` of two runs' ``meta`` differs (:func:`setting`). What the decks hold is compared
    only when both runs kept it: a run kept before, of the same decks, is not said to play other ones."""
    if key == "deck_digests" and (not isinstance(a.get(key), dict) or not isinstance(b.get(key), dict)):
        return False
    return bool(setting(a, key, ids) != setting(b, key, ids))


def _brief(row: dict[str, Any]) -> dict[str, Any]:
    """A rate as a comparison shows it: ``n``, the rate and its interval (with ``deals`` and ``n_eff``, the effective
    games its interval and the test count, when the rate was counted in deals)."""
    return {k: row[k] for k in ("n", "rate", "low", "high", "deals", "n_eff") if k in row}


def _names_of(a: dict[str, Any], b: dict[str, Any], tests: list[dict[str, Any]]) -> dict[str, Any]:
    """The names the two runs kept (``meta["names"]``: language → kind → id → name) of the items tested, the later
    run's over the earlier's: what names them where the card pool read now lacks them."""
    ids = {str(part) for test in tests for part in test["key"]}
    out: dict[str, dict[str, dict[str, str]]] = {}
    for run in (a, b):
        kept = run["meta"].get("names")
        if not isinstance(kept, dict):
            continue
        for lang, kinds in kept.items():
            if not isinstance(kinds, dict):
                continue
            for kind, names in kinds.items():
                if isinstance(names, dict):
                    found = {i: str(n) for i, n in names.items() if i in ids and isinstance(n, str)}
                    if found:
                        out.setdefault(str(lang), {}).setdefault(str(kind), {}).update(found)
    return out
