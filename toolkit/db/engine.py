"""Where the database lives: resolving ``--db`` / ``DOSSIER_DB`` and opening it.

- A plain path (default ``dossier.db`` in the working directory) is an SQLite file.
- Any SQLAlchemy URL works: ``sqlite:///path.db`` or
  ``postgresql+psycopg://user@host/dbname``. For PostgreSQL the tables live in
  one schema, ``dossier`` unless the URL says ``?schema=NAME``; a rebuild swaps
  that schema in one transaction.
"""

from __future__ import annotations

import os
import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from sqlalchemy import Connection, Engine, create_engine, select, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.pool import QueuePool

from toolkit.errors import DossierError

from .tables import SCHEMA_VERSION, Meta, Term

DEFAULT_FILE = "dossier.db"
ENV_VAR = "DOSSIER_DB"
DEFAULT_SCHEMA = "dossier"
_SCHEMA_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,40}$")

Backend = Literal["sqlite", "postgresql"]


@dataclass(frozen=True)
class Target:
    """A resolved database location."""

    backend: Backend
    url: URL
    path: Path | None = None  # SQLite file
    schema: str | None = None  # PostgreSQL schema

    @property
    def display(self) -> str:
        if self.path is not None:
            return str(self.path)
        shown = self.url.render_as_string(hide_password=True)
        return f"{shown} (schema {self.schema})"


def resolve_target(db: str | None = None) -> Target:
    """The database named by ``db``, else ``$DOSSIER_DB``, else ``./dossier.db``."""
    raw = db or os.environ.get(ENV_VAR) or DEFAULT_FILE
    if "://" not in raw:
        path = Path(raw).expanduser()
        return Target("sqlite", make_url("sqlite://"), path=path)
    try:
        url = make_url(raw)
    except ArgumentError:
        raise DossierError(f"--db {raw!r}: not a database URL") from None
    backend = url.get_backend_name()
    if backend == "sqlite":
        if not url.database or url.database == ":memory:":
            raise DossierError(f"--db {raw!r}: an SQLite URL needs a file path (sqlite:///path/to/dossier.db)")
        return Target("sqlite", url, path=Path(url.database).expanduser())
    if backend == "postgresql":
        schema = url.query.get("schema", DEFAULT_SCHEMA)
        if not isinstance(schema, str) or not _SCHEMA_NAME.match(schema):
            raise DossierError(f"--db: schema {schema!r} is not a plain lower-case identifier")
        url = url.difference_update_query(["schema"])
        if url.drivername == "postgresql":
            url = url.set(drivername="postgresql+psycopg")
        return Target("postgresql", url, schema=schema)
    raise DossierError(f"--db {raw!r}: unsupported database {backend!r}; use a file path, sqlite:/// or postgresql://")


def sqlite_engine(path: Path, *, read_only: bool) -> Engine:
    """An engine on one SQLite file; read-only opens never create a file."""
    uri = path.resolve().as_uri() + ("?mode=ro" if read_only else "")

    def connect() -> sqlite3.Connection:
        return sqlite3.connect(uri, uri=True, check_same_thread=False)

    # A URL without a file makes SQLAlchemy pick SingletonThreadPool (meant for :memory:), which closes other
    # threads' connections, in use or not, once more than five threads have one: under `dossier serve` that
    # crashed the process. A file gets a queue of connections, each used by one thread at a time.
    return create_engine("sqlite+pysqlite://", creator=connect, poolclass=QueuePool, pool_size=8, max_overflow=32)


def postgres_engine(url: URL) -> Engine:
    try:
        import psycopg  # noqa: F401
    except ImportError:
        raise DossierError("PostgreSQL needs psycopg: pip install 'psycopg[binary]'") from None
    return create_engine(url, pool_pre_ping=True)


def db_error(target: Target, exc: SQLAlchemyError) -> DossierError:
    """One line for a database error (connection refused, missing table, …)."""
    detail = str(getattr(exc, "orig", None) or exc).strip().splitlines()
    return DossierError(f"database {target.display}: {detail[0] if detail else type(exc).__name__}")


class Database:
    """An open, built database for reading (search, show)."""

    def __init__(self, target: Target) -> None:
        self.target = target
        if target.backend == "sqlite":
            assert target.path is not None
            if not target.path.is_file():
                raise DossierError(f"no database at {target.path}; run `dossier db build` first")
            self.engine = sqlite_engine(target.path, read_only=True)
            self._options: dict[str, Any] = {}
        else:
            self.engine = postgres_engine(target.url)
            self._options = {"schema_translate_map": {None: target.schema}}
        self._terms: list[tuple[str, str, str, str | None, str | None, str | None]] | None = None
        self.meta = self._read_meta()
        if self.meta.get("schema_version") != SCHEMA_VERSION:
            raise DossierError(
                f"database {target.display} was built by another version of Dossier; run `dossier db build` again"
            )

    @property
    def backend(self) -> Backend:
        return self.target.backend

    @property
    def terms(self) -> list[tuple[str, str, str, str | None, str | None, str | None]]:
        """The vocabulary rows (game, vocab, id, name_zh, name_en, extra), read once."""
        if self._terms is None:
            with self.connect() as conn:
                rows = conn.execute(
                    select(Term.game, Term.vocab, Term.id, Term.name_zh, Term.name_en, Term.extra)  # type: ignore[call-overload]
                ).all()
            self._terms = [tuple(row) for row in rows]
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
        """A connection; on PostgreSQL its search_path starts with the Dossier schema, so plain SQL works."""
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
            with self.connect() as conn:
                return {key: value for key, value in conn.execute(select(Meta.key, Meta.value))}  # type: ignore[call-overload]
        except DossierError as exc:
            raise DossierError(f"{exc.message} (is it a Dossier database? run `dossier db build`)") from None

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_database(db: str | None = None) -> Database:
    return Database(resolve_target(db))
