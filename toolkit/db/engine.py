"""Where the database lives: resolving ``--db`` / ``DOSSIER_DB`` and opening it.

- A plain path (default ``dossier.db`` in the working directory) is an SQLite file.
- Any SQLAlchemy URL works: ``sqlite:///path.db`` or
  ``postgresql+psycopg://user@host/dbname``. For PostgreSQL the tables live in
  one schema, ``dossier`` unless the URL says ``?schema=NAME``; a rebuild swaps
  that schema in one transaction.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import sqlite3
import threading
import weakref
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from toolkit.errors import DossierError
from toolkit.i18n import N_, tr
from toolkit.paths import names_a_directory

from .constants import SCHEMA_VERSION

if TYPE_CHECKING:  # SQLAlchemy loads only where it is used: PostgreSQL, building, connect()
    from sqlalchemy import Connection, Engine
    from sqlalchemy.engine import URL
    from sqlalchemy.exc import SQLAlchemyError

DEFAULT_FILE = "dossier.db"
ENV_VAR = "DOSSIER_DB"
DEFAULT_SCHEMA = "dossier"
_SCHEMA_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,40}$")

Backend = Literal["sqlite", "postgresql"]
Row = tuple[Any, ...]


@dataclass(frozen=True)
class Target:
    """A resolved database location; ``url`` is None for a plain file path (an SQLite file)."""

    backend: Backend
    url: URL | None = None
    path: Path | None = None  # SQLite file
    schema: str | None = None  # PostgreSQL schema

    @property
    def display(self) -> str:
        if self.path is not None:
            return str(self.path)
        assert self.url is not None
        shown = self.url.render_as_string(hide_password=True)
        return tr("{url} (schema {schema})", url=shown, schema=self.schema)


def build_command(target: Target) -> str:
    """The command that builds ``target``, quoted for a message: `dossier db build`, with ``--db`` when the
    database is not the one that command builds by default (``$DOSSIER_DB``, else ``./dossier.db``)."""
    if target == resolve_target(None):
        return "`dossier db build`"
    import shlex

    where = str(target.path) if target.path is not None else target.url.render_as_string(hide_password=True)  # type: ignore[union-attr]
    if target.schema not in (None, DEFAULT_SCHEMA):
        where = f"{where}?schema={target.schema}" if "?" not in where else f"{where}&schema={target.schema}"
    return f"`dossier db build --db {shlex.quote(where)}`"


def resolve_target(db: str | None = None) -> Target:
    """The database named by ``db``, else ``$DOSSIER_DB``, else ``./dossier.db``."""
    raw = db or os.environ.get(ENV_VAR) or DEFAULT_FILE
    if "://" not in raw:
        if names_a_directory(raw):
            raise DossierError(
                tr(
                    "{option} {value}: ends in {slash}, so it names a directory; give the database file's name",
                    option="--db",
                    value=repr(raw),
                    slash="'/'",
                )
            )
        return Target("sqlite", path=Path(raw).expanduser())
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        url = make_url(raw)
    except ArgumentError:
        raise DossierError(tr("{option} {value}: not a database URL", option="--db", value=repr(raw))) from None
    backend = url.get_backend_name()
    if backend == "sqlite":
        if not url.database or url.database == ":memory:":
            raise DossierError(
                tr(
                    "{option} {value}: an {backend} URL needs a file path ({example})",
                    option="--db",
                    value=repr(raw),
                    backend="SQLite",
                    example="sqlite:///path/to/dossier.db",
                )
            )
        return Target("sqlite", url, path=Path(url.database).expanduser())
    if backend == "postgresql":
        schema = url.query.get("schema", DEFAULT_SCHEMA)
        if not isinstance(schema, str) or not _SCHEMA_NAME.match(schema):
            raise DossierError(
                tr("{option}: schema {schema} is not a plain lower-case identifier", option="--db", schema=repr(schema))
            )
        url = url.difference_update_query(["schema"])
        if url.drivername == "postgresql":
            url = url.set(drivername="postgresql+psycopg")
        return Target("postgresql", url, schema=schema)
    raise DossierError(
        tr(
            "{option} {value}: unsupported database {backend}; use a file path, {sqlite} or {postgresql}",
            option="--db",
            value=repr(raw),
            backend=repr(backend),
            sqlite="sqlite:///",
            postgresql="postgresql://",
        )
    )


def sqlite_uri(path: Path, *, read_only: bool) -> str:
    return path.resolve().as_uri() + ("?mode=ro" if read_only else "")


def sqlite_engine(path: Path, *, read_only: bool) -> Engine:
    """An SQLAlchemy engine on one SQLite file; read-only opens never create a file."""
    from sqlalchemy import create_engine

    uri = sqlite_uri(path, read_only=read_only)

    def connect() -> sqlite3.Connection:
        return sqlite3.connect(uri, uri=True, check_same_thread=False)

    return create_engine("sqlite+pysqlite://", creator=connect)


def postgres_engine(url: URL | None) -> Engine:
    from sqlalchemy import create_engine

    assert url is not None
    try:
        import psycopg  # noqa: F401
    except ImportError:
        raise DossierError(
            tr(
                "{backend} needs {package}: {command}",
                backend="PostgreSQL",
                package="psycopg",
                command="pip install 'psycopg[binary]'",
            )
        ) from None
    return create_engine(url, pool_pre_ping=True)


def db_error(target: Target, exc: SQLAlchemyError | sqlite3.Error) -> DossierError:
    """One line for a database error (connection refused, missing table, …), the common ones in the user's
    language (:func:`db_reason`)."""
    reason, unreachable = _db_reason(target, exc)
    # TRANSLATORS: {reason} is why, worded by Dossier, else (rarely) the database's own English words
    error = DossierError(tr("database {target}: {reason}", target=target.display, reason=reason))
    error.unreachable = unreachable  # type: ignore[attr-defined]  # (no hint to build it: it is not reached)
    return error


# what SQLite says (its messages are fixed: sqlite3_errstr) → Dossier's words
_SQLITE_REASONS = {
    "file is not a database": N_("not a database file (not SQLite)"),
    "database disk image is malformed": N_("the database file is damaged"),
    "unable to open database file": N_("the database file cannot be opened"),
    "attempt to write a readonly database": N_("the database file is read-only"),
    "database is locked": N_("the database is locked by another program"),
}


def db_reason(target: Target, exc: BaseException) -> str:
    """Why a database operation failed, in the current language where the cause is a common one (not a database
    file, a damaged one, a server that cannot be reached); else the database's own first line."""
    return _db_reason(target, exc)[0]


def _db_reason(target: Target, exc: BaseException) -> tuple[str, bool]:
    """:func:`db_reason`, and whether the server could not be reached."""
    cause = getattr(exc, "orig", None) or exc
    text = _without_password(target, str(cause))
    detail = text.strip().splitlines()
    first = detail[0].strip() if detail else type(cause).__name__
    known = _SQLITE_REASONS.get(first)
    if known is not None:
        return tr(known), False
    connecting = ("connection failed", "failed to resolve host", "connection to server")
    if target.url is not None and any(phrase in first for phrase in connecting):
        url = target.url
        host = url.host or url.query.get("host") or "localhost"
        where = f"{host if isinstance(host, str) else host[0]}:{url.port or url.query.get('port') or 5432}"
        user = url.username or os.environ.get("PGUSER") or "?"
        if "Connection refused" in text:
            reason = tr("connection refused (nothing listens on that port)")
        elif any(p in text for p in ("failed to resolve host", "could not translate host name", "not known")):
            reason = tr("no such host")
        elif "timeout expired" in text or "timed out" in text:
            reason = tr("no answer in time")
        elif "password authentication failed" in text or "no password supplied" in text:
            reason = tr("the server refused the user name or password")
        elif (found := re.search(r'database "([^"]*)" does not exist', text)) is not None:
            return tr("the server at {where} has no database {name}", where=where, name=repr(found[1])), True
        elif (found := re.search(r'role "([^"]*)" does not exist', text)) is not None:
            reason = tr("the server has no user {user}", user=repr(found[1]))
        elif "permission denied for database" in text or "no pg_hba.conf entry" in text:
            reason = tr("the user {user} may not connect to that database", user=repr(user))
        elif "No such file or directory" in text and ".s.PGSQL." in text:
            reason = tr("no server listens at that socket")
        else:
            return first, True
        return tr("cannot connect to the server at {where}: {reason}", where=where, reason=reason), True
    if getattr(cause, "sqlstate", None) == "42501":  # insufficient_privilege
        return tr("no permission: {detail}", detail=first), False
    return first, False


def _without_password(target: Target, text: str) -> str:
    """``text`` with the URL's password (if it has one) blotted out: a driver's message never shows it."""
    password = target.url.password if target.url is not None else None
    if password:
        text = text.replace(str(password), "***")
    return text


class _Connection(sqlite3.Connection):
    """A plain sqlite3 connection that a :class:`weakref.WeakSet` can hold."""


class Database:
    """An open, built database for reading (search, show).

    :meth:`rows` runs one SQL statement: on SQLite through :mod:`sqlite3` itself
    (a read-only connection per thread, its prepared statements kept), with no
    SQLAlchemy loaded; on PostgreSQL through SQLAlchemy. :meth:`connect` gives an
    SQLAlchemy connection on either, for SQL of your own.
    """

    def __init__(self, target: Target) -> None:
        self.target = target
        self._engine: Engine | None = None
        self._options: dict[str, Any] = {}
        self._local = threading.local()
        self._opened: weakref.WeakSet[_Connection] = weakref.WeakSet()
        self._lock = threading.Lock()
        if target.backend == "sqlite":
            assert target.path is not None
            if target.path.is_dir():  # (the advice to build one there would fail: the name is a directory's)
                raise DossierError(
                    tr(
                        "database {path} is a directory, not a database file; give the file's name (such as {example})",
                        path=target.path,
                        example=target.path / DEFAULT_FILE,
                    )
                )
            if not target.path.is_file():
                raise DossierError(
                    tr("no database at {path}; run {command} first", path=target.path, command=build_command(target))
                )
            self._uri = sqlite_uri(target.path, read_only=True)
        else:
            self._engine = postgres_engine(target.url)
            self._options = {"schema_translate_map": {None: target.schema}}
        self._terms: list[tuple[str, str, str, str | None, str | None, str | None]] | None = None
        self.meta = self._read_meta()
        if self.meta.get("schema_version") != SCHEMA_VERSION:
            raise DossierError(
                tr(
                    "database {target} was built by another version of Dossier; run {command} again",
                    target=target.display,
                    command=build_command(target),
                )
            )

    @property
    def backend(self) -> Backend:
        return self.target.backend

    @property
    def engine(self) -> Engine:
        """The SQLAlchemy engine (made on first use for SQLite)."""
        if self._engine is None:
            assert self.target.path is not None
            self._engine = sqlite_engine(self.target.path, read_only=True)
        return self._engine

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Every row of one statement (``?`` placeholders on SQLite, ``%s`` on PostgreSQL)."""
        if self.target.backend != "sqlite":
            with self.connect() as conn:
                return [tuple(row) for row in conn.exec_driver_sql(sql, tuple(params))]
        try:
            return self._sqlite().execute(sql, params).fetchall()
        except sqlite3.Error as exc:
            raise db_error(self.target, exc) from None

    def iter_rows(self, sql: str, params: Sequence[Any] = (), *, batch: int = 256) -> Iterator[Row]:
        """The rows of one statement as :meth:`rows` gives them, read as they are asked for (SQLite: a row at a
        time; PostgreSQL: ``batch`` at a time from a server-side cursor), so that a result of any size
        streams. The statement runs when the first row is asked for; the connection (PostgreSQL) is held
        until the rows end or the iterator is closed."""
        if self.target.backend != "sqlite":
            with self.connect() as conn:
                streamed = conn.execution_options(stream_results=True, yield_per=batch)
                for row in streamed.exec_driver_sql(sql, tuple(params)):
                    yield tuple(row)
            return
        try:
            yield from self._sqlite().execute(sql, params)  # the cursor steps through the rows in C, one at a time
        except sqlite3.Error as exc:
            raise db_error(self.target, exc) from None

    def _sqlite(self) -> sqlite3.Connection:
        """This thread's read-only connection."""
        conn: _Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            try:
                conn = sqlite3.connect(
                    self._uri, uri=True, check_same_thread=False, cached_statements=256, factory=_Connection
                )
            except sqlite3.Error as exc:
                raise db_error(self.target, exc) from None
            self._local.conn = conn
            with self._lock:
                self._opened.add(conn)
        return conn

    @property
    def terms(self) -> list[tuple[str, str, str, str | None, str | None, str | None]]:
        """The vocabulary rows (game, vocab, id, name_zh, name_en, extra), read once: the ``terms`` table's (of the
        faction records, subtypes, formats, …), and one with no names for each faction a netrunner card or identity
        carries that no faction record names: a database built from a folder of cards alone (``db build --cards
        cards/netrunner/cards``) knows the factions its cards show, so ``f:hb`` finds them, and by the names the
        game gives them (:func:`game_faction_names`): ``f:无政府主义者``, ``f:"Weyland Consortium"``."""
        if self._terms is None:
            rows = self.rows("SELECT game, vocab, id, name_zh, name_en, extra FROM terms")
            terms = [(r[0], r[1], r[2], r[3], r[4], r[5]) for r in rows]
            named = {str(r[2]) for r in terms if r[0] == "netrunner" and r[1] == "faction"}
            carried = self.rows("SELECT DISTINCT faction FROM netrunner_attrs WHERE faction IS NOT NULL")
            unnamed = sorted({str(faction) for (faction,) in carried} - named)
            terms += [("netrunner", "faction", faction, *game_faction_names(faction), None) for faction in unnamed]
            self._terms = terms
        return self._terms

    @property
    def has_fts(self) -> bool:
        """SQLite: the trigram index exists."""
        return self.meta.get("fts", "").startswith("trigram")

    @property
    def has_grams(self) -> bool:
        """SQLite: the index of Chinese characters and pairs exists."""
        return self.meta.get("fts") == "trigram+grams"

    @contextmanager
    def connect(self) -> Iterator[Connection]:
        """An SQLAlchemy connection; on PostgreSQL its search_path starts with the Dossier schema, so plain SQL works."""
        from sqlalchemy import text
        from sqlalchemy.exc import SQLAlchemyError

        try:
            with self.engine.connect() as conn:
                if self.target.schema is not None:
                    conn.execute(
                        text("SELECT set_config('search_path', :path, false)"),
                        {"path": f"{self.target.schema}, public"},
                    )
                    conn = conn.execution_options(**self._options)
                yield conn
        except SQLAlchemyError as exc:
            raise db_error(self.target, exc) from None

    def _read_meta(self) -> dict[str, str]:
        try:
            return {str(key): str(value) for key, value in self.rows('SELECT "key", value FROM meta')}
        except DossierError as exc:
            if getattr(exc, "unreachable", False):
                raise
            why = self._why_no_meta()
            if why is not None:
                raise DossierError(tr("database {target}: {reason}", target=self.target.display, reason=why)) from None
            raise DossierError(
                tr(
                    "{problem} (is it a Dossier database? run {command})",
                    problem=exc.message,
                    command=build_command(self.target),
                )
            ) from None

    def _why_no_meta(self) -> str | None:
        """Why the ``meta`` table cannot be read, in the reader's words, when the cause is a common one: no such
        schema (PostgreSQL), no permission to read it, another program's database, an empty one; else None."""
        try:
            if self.target.backend == "sqlite":
                return self._why_no_meta_sqlite()
            return self._why_no_meta_postgres()
        except Exception:  # noqa: BLE001 - the look itself failed: the database's own words stand
            return None

    def _why_no_meta_sqlite(self) -> str | None:
        from toolkit.balance.store import TABLE

        try:
            rows = self._sqlite().execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')").fetchall()
        except sqlite3.DatabaseError as exc:  # no SQLite file at all: ``db build`` refuses to replace it too
            if str(exc).strip() != "file is not a database":
                raise
            return tr(
                "not a database file (not {format}), and {command} will not replace it; build one elsewhere and name "
                "it with {option}, or move this file away",
                format="SQLite",
                command=build_command(self.target),
                option="--db FILE",
            )
        tables = sorted(str(name) for (name,) in rows if not str(name).startswith("sqlite_"))
        if "meta" in tables or set(tables) <= {TABLE}:
            if not tables:
                return tr("it holds no cards (an empty database); run {command}", command=build_command(self.target))
            return None
        shown = ", ".join(tables[:3]) + (", …" if len(tables) > 3 else "")
        return tr(
            "not a {format} database (another program's: it holds the tables {tables}), and {command} will not "
            "replace it; build one elsewhere and name it with {option}, or move this file away",
            format="Dossier",
            tables=shown,
            command=build_command(self.target),
            option="--db FILE",
        )

    def _why_no_meta_postgres(self) -> str | None:
        schema = self.target.schema
        with self.engine.connect() as conn:
            found = conn.exec_driver_sql(
                "SELECT n.oid IS NOT NULL, has_schema_privilege(n.oid, 'USAGE'), m.oid IS NOT NULL,"
                " m.oid IS NOT NULL AND has_table_privilege(m.oid, 'SELECT'), current_user::text"
                " FROM (SELECT 1) AS one LEFT JOIN pg_namespace AS n ON n.nspname = %(schema)s"
                " LEFT JOIN pg_class AS m ON m.relnamespace = n.oid AND m.relname = 'meta'",
                {"schema": schema},
            ).one()
        exists, usage, has_meta, readable, role = found
        if not exists:
            return tr(
                "there is no {format} database here (no schema {schema}); run {command}",
                format="Dossier",
                schema=schema,
                command=build_command(self.target),
            )
        if not usage or (has_meta and not readable):
            return tr(
                "no permission: the user {user} may not read schema {schema} (its owner can grant it: {grant})",
                user=role,
                schema=schema,
                grant=f"`GRANT USAGE ON SCHEMA {schema} TO {role}; GRANT SELECT ON ALL TABLES IN SCHEMA {schema} TO "
                f"{role}`",
            )
        if not has_meta and self._holds_only_runs(schema):
            return tr(
                "schema {schema} holds balance runs and no cards; {command} builds the cards into it and keeps the "
                "runs",
                schema=schema,
                command=build_command(self.target),
            )
        if not has_meta:
            return tr(
                "schema {schema} is not a {format} database (it has no meta table); choose another schema with "
                "{option}",
                schema=schema,
                format="Dossier",
                option="`?schema=NAME`",
            )
        return None

    def _holds_only_runs(self, schema: str | None) -> bool:
        """PostgreSQL: whether ``schema`` holds the balance runs and no other table (``dossier balance`` made it)."""
        from toolkit.balance.store import TABLE

        with self.engine.connect() as conn:
            names = conn.exec_driver_sql(
                "SELECT c.relname::text FROM pg_class AS c JOIN pg_namespace AS n ON n.oid = c.relnamespace"
                " WHERE n.nspname = %s AND c.relkind IN ('r', 'v', 'm', 'p', 'f')",
                (schema,),
            ).all()
        return {str(name) for (name,) in names} == {TABLE}

    def close(self) -> None:
        with self._lock:
            opened = list(self._opened)
            self._opened.clear()
        for conn in opened:
            conn.close()
        self._local = threading.local()
        if self._engine is not None:
            self._engine.dispose()

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_database(db: str | None = None) -> Database:
    return Database(resolve_target(db))


_T = TypeVar("_T")


def game_faction_names(faction: str) -> tuple[str | None, str | None]:
    """The (Chinese, English) names netrunner gives ``faction``: those of its faction record in the bundled
    ``cards/netrunner/factions`` (the game's factions), else of the one whose id is the first words of
    ``faction`` (``weyland`` names NetrunnerDB's ``weyland_consortium``), else none (a faction the game does not
    know: apex)."""
    return faction_entry(faction, _game_factions()) or (None, None)


def faction_entry(faction: str, by_id: Mapping[str, _T]) -> _T | None:
    """What ``by_id`` (keyed by faction id) holds for ``faction``: its own entry, else the one whose id is the first
    words of ``faction`` (``weyland`` for NetrunnerDB's ``weyland_consortium``), else None."""
    found = by_id.get(faction)
    return found if found is not None else next((v for i, v in by_id.items() if faction.startswith(f"{i}_")), None)


@functools.cache
def _game_factions() -> dict[str, tuple[str | None, str | None]]:
    """The bundled netrunner faction records' names by id (a file that cannot be read names nothing)."""
    from toolkit.paths import CARDS_DIR

    found: dict[str, tuple[str | None, str | None]] = {}
    for path in sorted((CARDS_DIR / "netrunner" / "factions").glob("*.json")):
        with contextlib.suppress(OSError, ValueError, AttributeError):
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("kind") == "faction" and isinstance(data.get("id"), str):
                name = data.get("name") or {}
                found[data["id"]] = (name.get("zh-Hans"), name.get("en"))
    return found
