"""Build the database from a catalog, atomically.

- SQLite: everything is written to a temporary file in the database's own
  directory, which is renamed over the old file only when complete. Readers
  that have the old file open keep reading it; a failed or killed build leaves
  the old file untouched (a killed build's temporary file is removed by the
  next build).
- PostgreSQL: one transaction creates a fresh schema, fills it, drops the old
  schema and renames the new one into its place. Until the commit no other
  session sees any of it; a failed or killed build rolls back.

Building twice from the same records gives the same rows: primary keys follow
display order and nothing depends on the clock.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, insert, text
from sqlalchemy.exc import OperationalError, SQLAlchemyError
from sqlalchemy.schema import CreateSchema, DropSchema

from toolkit.catalog import Catalog
from toolkit.errors import DossierError
from toolkit.meter import Meter, meter_or_silent
from toolkit.models import namespace
from toolkit.safewrite import SQLITE, WriteError, check_replaceable, check_target

from .engine import Target, db_error, postgres_engine, sqlite_engine
from .fresh import META_KEY, fingerprints
from .rows import RowSet, cjk_grams, finish_rows, rows_for, sort_key, term_rows
from .tables import (
    FTS_COLUMNS,
    FTS_TABLE,
    GRAMS_TABLE,
    METADATA,
    SCHEMA_VERSION,
    TRGM_FLAG,
    Ability,
    CrossfireAttrs,
    FormatCard,
    FormatSet,
    Meta,
    ModeAttrs,
    Name,
    NetrunnerAttrs,
    PrintingRow,
    Record,
    Subtype,
    TacticsAttrs,
    Term,
)

Progress = Callable[[str], None]
BATCH = 1000
_ATTR_TABLES: dict[str, Any] = {"tactics": TacticsAttrs, "netrunner": NetrunnerAttrs, "crossfire": CrossfireAttrs}


@dataclass
class BuildReport:
    target: str
    records: int
    games: dict[str, int] = field(default_factory=dict)
    fts: str = "none"
    seconds: float = 0.0


def build_database(
    catalog: Catalog,
    target: Target,
    *,
    sources: Sequence[Path] = (),
    progress: Progress | None = None,
    meter: Meter | None = None,
) -> BuildReport:
    """Write every record of ``catalog`` to ``target``, replacing what was there in one step.

    ``progress`` is told what is happening in words (``--verbose``); ``meter`` counts the records as their
    rows are made and as they are written (:mod:`toolkit.meter`).
    """
    start = time.perf_counter()
    say = progress or (lambda _message: None)
    count = meter_or_silent(meter)
    records = sorted(catalog.records, key=sort_key)
    rowsets = []
    count.start("preparing records", len(records))
    for pk, record in enumerate(records, start=1):
        game, kind = record.game, record.kind  # type: ignore[attr-defined]
        source = catalog.files.get((game, namespace(kind), record.id), "")
        rowsets.append(rows_for(record, pk, source))
        count.advance()
    finish_rows(rowsets, records)
    games = Counter(r.game for r in records)  # type: ignore[attr-defined]
    meta = {
        "schema_version": SCHEMA_VERSION,
        "records": str(len(records)),
        "games": json.dumps(dict(sorted(games.items())), sort_keys=True),
        "sources": json.dumps([str(s) for s in sources]),
        META_KEY: fingerprints(sources),
    }
    terms = term_rows(records)
    if target.backend == "sqlite":
        fts = _build_sqlite(target, rowsets, terms, meta, say, count)
    else:
        fts = _build_postgres(target, rowsets, terms, meta, say, count)
    return BuildReport(target.display, len(records), dict(sorted(games.items())), fts, time.perf_counter() - start)


def _insert_all(
    conn: Connection, rowsets: list[RowSet], terms: list[dict[str, Any]], say: Progress, count: Meter
) -> None:
    total = len(rowsets)
    say(f"writing {total} records")
    count.start("writing records", total)
    for start in range(0, total, BATCH):
        batch = rowsets[start : start + BATCH]
        conn.execute(insert(Record), [r.record for r in batch])
        for game, table in _ATTR_TABLES.items():
            rows = [r.attrs[1] for r in batch if r.attrs is not None and r.attrs[0] == game]
            if rows:
                conn.execute(insert(table), _complete(table, rows))
        for table, attr in (
            (ModeAttrs, "mode"),
            (Name, "names"),
            (Ability, "abilities"),
            (Subtype, "subtypes"),
            (PrintingRow, "printings"),
            (FormatCard, "format_cards"),
            (FormatSet, "format_sets"),
        ):
            rows = _gather(batch, attr)
            if rows:
                conn.execute(insert(table), rows)
        count.advance(len(batch))
        say(f"wrote {min(start + BATCH, total)}/{total} records")
    if terms:
        conn.execute(insert(Term), terms)


def _complete(table: Any, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every row with every column (executemany needs the same keys in each row)."""
    columns = table.__table__.c.keys()
    return [{column: row.get(column) for column in columns} for row in rows]


def _gather(batch: Iterable[RowSet], attr: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for rowset in batch:
        value = getattr(rowset, attr)
        if isinstance(value, dict):
            out.append(value)
        elif value:
            out.extend(value)
    return out


# ---------------------------------------------------------------------------
# SQLite


def _temp_pattern(path: Path) -> re.Pattern[str]:
    return re.compile(rf"^\.{re.escape(path.name)}\.build-(\d+)-[0-9a-f]+\.tmp$")


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_stale_temps(path: Path) -> list[Path]:
    """Delete temporary files left by builds that were killed (their process is gone)."""
    directory = path.parent
    pattern = _temp_pattern(path)
    removed = []
    with contextlib.suppress(OSError):
        for entry in directory.iterdir():
            match = pattern.match(entry.name)
            if match and int(match.group(1)) != os.getpid() and not _pid_alive(int(match.group(1))):
                with contextlib.suppress(OSError):
                    entry.unlink()
                    removed.append(entry)
    return removed


def _build_sqlite(
    target: Target,
    rowsets: list[RowSet],
    terms: list[dict[str, Any]],
    meta: dict[str, str],
    say: Progress,
    count: Meter,
) -> str:
    assert target.path is not None
    path = target.path
    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():
        raise DossierError(f"{path}: directory {directory} does not exist")
    check_target(path)  # a directory, symlink, FIFO or device is never replaced
    check_replaceable(path, SQLITE)  # nor a file that is not a database (`--db notes.txt`)
    remove_stale_temps(path)
    tmp = directory / f".{path.name}.build-{os.getpid()}-{secrets.token_hex(4)}.tmp"
    say(f"building {path} (in {tmp.name})")
    try:
        engine = sqlite_engine(tmp, read_only=False)
        try:
            with engine.begin() as conn:
                conn.exec_driver_sql("PRAGMA journal_mode=OFF")
                conn.exec_driver_sql("PRAGMA synchronous=OFF")
                METADATA.create_all(conn)
                _insert_all(conn, rowsets, terms, say, count)
                fts = _sqlite_fts(conn)
                meta = dict(meta, fts=fts)
                conn.execute(insert(Meta), [{"key": k, "value": v} for k, v in sorted(meta.items())])
                conn.exec_driver_sql("ANALYZE")
        finally:
            engine.dispose()
        with open(tmp, "rb") as handle:
            os.fsync(handle.fileno())
        if path.exists():
            with contextlib.suppress(OSError):
                os.chmod(tmp, path.stat().st_mode & 0o7777)
        os.replace(tmp, path)
        with contextlib.suppress(OSError):
            dir_fd = os.open(directory, os.O_RDONLY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)
    except SQLAlchemyError as exc:
        _unlink(tmp)
        raise db_error(target, exc) from None
    except OSError as exc:
        _unlink(tmp)
        raise WriteError(path, exc.strerror or str(exc)) from None
    except BaseException:
        _unlink(tmp)
        raise
    return fts


def _unlink(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        path.unlink()


def _sqlite_fts(conn: Connection) -> str:
    """The FTS5 trigram index over records; 'none' where this SQLite lacks FTS5 or trigram."""
    columns = ", ".join(FTS_COLUMNS)
    try:
        with conn.begin_nested():
            conn.exec_driver_sql(
                f"CREATE VIRTUAL TABLE {FTS_TABLE} USING fts5({columns}, "
                "content='records', content_rowid='pk', tokenize='trigram')"
            )
    except OperationalError:
        return "none"
    conn.exec_driver_sql(f"INSERT INTO {FTS_TABLE}({FTS_TABLE}) VALUES ('rebuild')")
    try:
        with conn.begin_nested():
            conn.exec_driver_sql(
                f"CREATE VIRTUAL TABLE {GRAMS_TABLE} USING fts5(name, text, flavor, content='', tokenize='unicode61')"
            )
    except OperationalError:
        return "trigram"
    rows = conn.exec_driver_sql(
        "SELECT pk, name_zh, name_en, name_folded, text, text_compact, flavor_zh FROM records"
    ).all()
    grams = [
        (pk, cjk_grams(name_zh, name_en, folded), cjk_grams(body, compact), cjk_grams(flavor))
        for pk, name_zh, name_en, folded, body, compact, flavor in rows
    ]
    if grams:
        conn.exec_driver_sql(f"INSERT INTO {GRAMS_TABLE}(rowid, name, text, flavor) VALUES (?, ?, ?, ?)", grams)
    return "trigram+grams"


# ---------------------------------------------------------------------------
# PostgreSQL

_LOCK_KEY = 0x646F7373  # 'doss': one swap at a time


def _build_postgres(
    target: Target,
    rowsets: list[RowSet],
    terms: list[dict[str, Any]],
    meta: dict[str, str],
    say: Progress,
    count: Meter,
) -> str:
    assert target.schema is not None
    schema = target.schema
    build_schema = f"{schema}_build_{secrets.token_hex(4)}"
    engine = postgres_engine(target.url)
    say(f"building {target.display} (in schema {build_schema})")
    try:
        with engine.begin() as conn:
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK_KEY})
            conn.execute(CreateSchema(build_schema))
            building = conn.execution_options(schema_translate_map={None: build_schema})
            fts = _postgres_trgm(building)
            METADATA.create_all(building)
            _insert_all(building, rowsets, terms, say, count)
            meta = dict(meta, fts=fts)
            building.execute(insert(Meta), [{"key": k, "value": v} for k, v in sorted(meta.items())])
            quote = conn.dialect.identifier_preparer.quote
            conn.execute(DropSchema(schema, cascade=True, if_exists=True))
            conn.exec_driver_sql(f"ALTER SCHEMA {quote(build_schema)} RENAME TO {quote(schema)}")
            say("swapping in the new schema")
    except SQLAlchemyError as exc:
        raise db_error(target, exc) from None
    finally:
        engine.dispose()
    return fts


def _postgres_trgm(conn: Connection) -> str:
    """Enable pg_trgm so create_all adds GIN trigram indexes; 'none' if the extension is unavailable."""
    try:
        with conn.begin_nested():
            conn.exec_driver_sql("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    except SQLAlchemyError:
        conn.info[TRGM_FLAG] = False
        return "none"
    conn.info[TRGM_FLAG] = True
    return "pg_trgm"
