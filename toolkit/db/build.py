"""Build the database from card records, atomically.

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

How (issue 13): records are read, validated and turned into rows one at a time
(:func:`build_from_files`; :func:`build_database` takes a loaded catalog), and
each record's rows go to an unnamed spool file, so memory holds one record's
objects, not every record's. Primary keys follow display order, known only when
every record has been read: then the spool is read back in that order and the
rows are written in one transaction by plain ``executemany`` (SQLite through
``sqlite3`` itself, PostgreSQL through SQLAlchemy Core), batch by batch; the
indexes and the text indexes are built after the rows are in.
"""

from __future__ import annotations

import contextlib
import errno
import json
import marshal
import os
import re
import secrets
import sqlite3
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import IO, Any

from toolkit.catalog import Catalog, iter_records
from toolkit.errors import DossierError, os_reason, shown_path
from toolkit.gcpause import gc_paused
from toolkit.i18n import N_, tr, trn
from toolkit.meter import Meter, meter_or_silent
from toolkit.models import RecordBase, namespace
from toolkit.names import english_names
from toolkit.safewrite import CUT, SQLITE, WriteError, cannot_write, check_replaceable, check_target, temp_name

from .constants import (
    COLUMNS,
    FTS_COLUMNS,
    FTS_TABLE,
    GRAMS_TABLE,
    SCHEMA_VERSION,
    SQLITE_INDEXES,
    SQLITE_TABLES,
    TRGM_FLAG,
)
from .engine import Target, db_error, postgres_engine
from .fresh import META_KEY, fingerprints
from .rows import Cycles, Row, RowSet, SortKey, Terms, english_of, rows_for, sort_key, with_english

Progress = Callable[[str], None]
Write = Callable[[str, list[Row]], None]  # (table, rows): insert the rows
BATCH = 2000
# The order tables are written in (each record's rows before those that refer to them).
_WRITE_ORDER = (
    "records",
    "tactics_attrs",
    "netrunner_attrs",
    "crossfire_attrs",
    "mode_attrs",
    "names",
    "abilities",
    "subtypes",
    "printings",
    "format_cards",
    "format_sets",
    GRAMS_TABLE,
)
_CHILDREN = ("names", "abilities", "subtypes", "printings", "format_cards", "format_sets")


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
    rows are made, as they are written and the indexes as they are built (:mod:`toolkit.meter`).
    """
    count = meter_or_silent(meter)

    def records() -> Iterable[tuple[RecordBase, str]]:
        count.start(tr("preparing records"), len(catalog.records))
        for record in catalog.records:
            game, kind = record.game, record.kind  # type: ignore[attr-defined]
            yield record, str(catalog.files.get((game, namespace(kind), record.id), ""))
            count.advance()

    return _build(records(), target, sources, progress, count)


def build_from_files(
    paths: Sequence[Path], target: Target, *, progress: Progress | None = None, meter: Meter | None = None
) -> BuildReport:
    """Read, validate and write every record under ``paths`` (what ``dossier db build`` does), one at a time.

    Bad data stops the build as :func:`toolkit.catalog.load_catalog` would, and the old database stays; so do
    paths that hold no card record (:func:`_some_records`), before the database is touched. ``meter`` counts the
    files read, the records written and the indexes built.
    """
    count = meter_or_silent(meter)
    prints = fingerprints(paths)  # before a file is read: one edited while the build reads is a change after it
    records: Iterable[tuple[RecordBase, str]] = (
        (record, str(path)) for record, path in iter_records(paths, meter=count)
    )
    with _Interrupts() as interrupts:
        english: _English | None = None
        try:
            records = _some_records(records, paths)  # (before the database is touched: none is an error)
            english = _English.start(paths)  # the English of the ability texts, worked out alongside by another process
            with gc_paused():  # rows and records made by the thousand, none in a cycle: the collector only costs
                return _build(records, target, paths, progress, count, english, prints)
        except BaseException as exc:
            if interrupts.seen or _interrupted(exc):  # (a library may wrap the KeyboardInterrupt in its own error)
                raise DossierError(
                    tr("interrupted; {target} was not changed", target=target.display), exit_code=INTERRUPTED_EXIT
                ) from None
            raise
        finally:
            if english is not None:
                english.stop()


INTERRUPTED_EXIT = 130  # 128 + SIGINT, as a shell reports a command Ctrl-C ended


def _some_records(records: Iterable[tuple[RecordBase, str]], paths: Sequence[Path]) -> Iterable[tuple[RecordBase, str]]:
    """``records`` as they come, once the first has been read; a :class:`DossierError` (exit 2) when there is none
    (an empty folder, one of decks and scenarios, a typo's), as ``search --cards`` says of such a folder: a database
    of no cards is no use (the build printed "0 records ()"), and the one there before is left as it is."""
    import itertools

    found = iter(records)
    first = next(found, None)
    if first is None:
        raise DossierError(tr("no card records under {paths}", paths=tr(", ").join(map(str, paths))))
    return itertools.chain((first,), found)


class _Interrupts:
    """While a build runs: Ctrl-C (SIGINT) still raises KeyboardInterrupt, and is also remembered, so that the
    build ends with one line (exit 130) whatever error the interrupted code turned it into. Once the new database
    is whole and about to take the old one's place (:func:`_hold_interrupts`), a Ctrl-C no longer stops it: the
    build ends as built, never saying the old database stayed when it was just replaced."""

    def __init__(self) -> None:
        self.seen = False
        self.holding = False
        self._before: Any = None

    def __enter__(self) -> _Interrupts:
        import signal
        import threading

        global _ACTIVE
        if threading.current_thread() is threading.main_thread():
            self._before = signal.signal(signal.SIGINT, self._handle)
            _ACTIVE = self
        return self

    def _handle(self, _signum: int, _frame: Any) -> None:
        if self.holding:
            return
        self.seen = True
        raise KeyboardInterrupt

    def __exit__(self, *_exc: object) -> None:
        import signal

        global _ACTIVE
        if self._before is not None:
            signal.signal(signal.SIGINT, self._before)
            _ACTIVE = None


_ACTIVE: _Interrupts | None = None  # the build's, while one runs in the main thread


def _hold_interrupts() -> None:
    """From now on, the running build's Ctrl-C is ignored (:class:`_Interrupts`): the new database is complete."""
    if _ACTIVE is not None:
        _ACTIVE.holding = True


def _interrupted(exc: BaseException) -> bool:
    """Whether ``exc`` is a KeyboardInterrupt or was raised while handling one."""
    from toolkit.errors import in_chain

    return in_chain(exc, lambda e: isinstance(e, KeyboardInterrupt))


class _English:
    """A process forked to work out the English of every record's ability texts (:func:`toolkit.db.rows.english_of`:
    parsing and rendering each, the costliest part of a record's rows) while this one reads and checks the same
    records, so that a build on two cores takes about the time it took before the searched text held that English.
    :meth:`found` waits for it: the English by source file, or None if the process failed (the rows then work it
    out here, from each record's ability rows: the same lines)."""

    def __init__(self, process: Any, receive: Any) -> None:
        self.process, self.receive = process, receive
        self._found: dict[str, list[str]] | None = None
        self._done = False

    @classmethod
    def start(cls, paths: Sequence[Path]) -> _English | None:
        import multiprocessing

        from toolkit.forking import may_fork

        if not may_fork() or "fork" not in multiprocessing.get_all_start_methods():
            return None
        import signal

        context = multiprocessing.get_context("fork")
        # Ctrl-C reaches every process of the terminal's group: the worker ignores it (this process stops it), and
        # SIGINT is held back while forking so that none reaches the worker before it says so
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            receive, send = context.Pipe(duplex=False)
            process = context.Process(target=_english_worker, args=(list(paths), send), daemon=True)
            process.start()
        except (OSError, AssertionError):  # no more processes (or a daemon's): the rows work it out themselves
            return None
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        send.close()
        return cls(process, receive)

    def found(self) -> dict[str, list[str]] | None:
        if not self._done:
            self._done = True
            with contextlib.suppress(EOFError, OSError):
                self._found = self.receive.recv()
            self.stop()
        return self._found

    def stop(self) -> None:
        with contextlib.suppress(OSError):
            self.receive.close()
        if self.process.is_alive():
            self.process.kill()
        self.process.join()


def _english_worker(paths: list[Path], send: Any) -> None:
    """In the forked process: send the English of every record's ability texts under ``paths``, by source file (None
    if a file stops the reading: the build, reading the same files, says why)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # (the build stops this process when it is interrupted)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    found: dict[str, list[str]] | None = {}
    try:
        for record, path in iter_records(paths):
            lines = english_of(record)
            if lines:
                found[str(path)] = lines  # type: ignore[index]
    except Exception:  # noqa: BLE001 - the build reports the file; the rows then work the English out themselves
        found = None
    send.send(found)
    send.close()


def _build(
    records: Iterable[tuple[RecordBase, str]],
    target: Target,
    sources: Sequence[Path],
    progress: Progress | None,
    count: Meter,
    english: _English | None = None,
    prints: str | None = None,
) -> BuildReport:
    """Write ``records`` to ``target``; ``prints``: the fingerprints of ``sources`` (:func:`fingerprints`) taken
    before their files were read (else now, before ``records`` are), the database's record of what it was built
    from: a file edited while the build reads is then a change since the build, not a change it holds."""
    start = time.perf_counter()
    say = progress or (lambda _message: None)
    prints = fingerprints(sources) if prints is None else prints
    if target.backend == "sqlite":
        report = _build_sqlite(target, records, sources, say, count, english, prints=prints)
    else:
        report = _build_postgres(target, records, sources, say, count, english, prints=prints)
    report.seconds = time.perf_counter() - start
    return report


class _Spool:
    """Each record's rows, kept until every record has been read, then read back in display order.

    The first :data:`IN_MEMORY` records' rows stay in memory; the rest are marshalled to an
    unnamed temporary file (it has no name, or loses it at once, so a killed build leaves none
    behind), so memory stays bounded however many records there are.
    """

    IN_MEMORY = 8192  # about 30 MB of rows

    def __init__(self, directory: Path | None) -> None:
        self.directory = directory
        self.kept: list[RowSet] = []
        self.file: IO[bytes] | None = None
        self.size = 0
        # (display order, index in kept or -1 - offset in the file, length in the file) per record
        self.index: list[tuple[SortKey, int, int]] = []

    def add(self, key: SortKey, rows: RowSet) -> None:
        if len(self.kept) < self.IN_MEMORY:
            self.index.append((key, len(self.kept), 0))
            self.kept.append(rows)
            return
        if self.file is None:
            self.file = tempfile.TemporaryFile(dir=self.directory)  # noqa: SIM115 (closed by close())
        blob = marshal.dumps(tuple(rows))
        self.file.write(blob)
        self.index.append((key, -1 - self.size, len(blob)))
        self.size += len(blob)

    def in_order(self) -> list[tuple[SortKey, int, int]]:
        """Every record's place, in display order (the primary keys: 1, 2, …)."""
        if self.file is not None:
            self.file.flush()
        self.index.sort()
        return self.index

    def read(self, place: int, length: int) -> RowSet:
        if place >= 0:
            return self.kept[place]
        assert self.file is not None
        return RowSet._make(marshal.loads(os.pread(self.file.fileno(), length, -1 - place)))

    def close(self) -> None:
        self.kept = []
        if self.file is not None:
            self.file.close()


@dataclass
class _Read:
    """What reading the records gathered: their rows (spooled), the games, the vocabulary and set cycles."""

    spool: _Spool
    english: _English | None = None  # the English of the ability texts, worked out by another process
    names: list[tuple[str, str | None]] = field(default_factory=list)  # each record's (zh-Hans, English) name
    games: Counter[str] = field(default_factory=Counter)
    terms: Terms = field(default_factory=Terms)
    cycles: Cycles = field(default_factory=Cycles)


def _read(
    records: Iterable[tuple[RecordBase, str]], spool: _Spool, *, grams: bool, english: _English | None = None
) -> _Read:
    """Make and spool every record's rows; gather what spans records (the names, for the English that
    :func:`_insert_all` adds: ``english``, another process working it out, else worked out there)."""
    read = _Read(spool, english)
    for record, source in records:
        key = sort_key(record)
        spool.add(key, rows_for(record, source, grams=grams))
        name = record.name
        read.names.append((name.zh_hans, name.en))
        read.games[record.game] += 1  # type: ignore[attr-defined]
        read.terms.add(record, key)
        read.cycles.add(record, key)
    return read


def _meta(read: _Read, sources: Sequence[Path], prints: str, fts: str) -> list[Row]:
    """The meta table's rows; ``prints``: the fingerprints of ``sources`` taken before they were read."""
    games = dict(sorted(read.games.items()))
    meta = {
        "schema_version": SCHEMA_VERSION,
        "records": str(sum(games.values())),
        "games": json.dumps(games, sort_keys=True),
        "sources": json.dumps([str(s) for s in sources]),
        META_KEY: prints,
        "fts": fts,
    }
    return sorted(meta.items())


def _report(target: Target, read: _Read, fts: str) -> BuildReport:
    games = dict(sorted(read.games.items()))
    return BuildReport(target.display, sum(games.values()), games, fts)


def _insert_all(write: Write, read: _Read, say: Progress, count: Meter) -> None:
    """Write every record's rows, in display order (pk 1, 2, …), a batch at a time; then the vocabulary."""
    order = read.spool.in_order()
    total = len(order)
    say(trn("writing {n} record", "writing {n} records", total))
    count.start(tr("writing records"), total)
    cycles, spool = read.cycles, read.spool
    english = read.english.found() if read.english is not None else None  # (waits for that process)
    names = english_names(read.names)
    for start in range(0, total, BATCH):
        batch: dict[str, list[Row]] = {table: [] for table in _WRITE_ORDER}
        records, modes, grams = batch["records"], batch["mode_attrs"], batch[GRAMS_TABLE]
        for pk, (_key, place, length) in enumerate(order[start : start + BATCH], start=start + 1):
            rows = cycles.fill(spool.read(place, length))
            records.append((pk, *with_english(rows, english, names)))
            if rows.attrs is not None:
                batch[rows.attrs[0]].append((pk, *rows.attrs[1]))
            if rows.mode is not None:
                modes.append((pk, *rows.mode))
            for table, children in zip(_CHILDREN, rows[3:9], strict=True):
                if children:
                    batch[table].extend((pk, *row) for row in children)
            if rows.grams is not None:
                grams.append((pk, *rows.grams))
        for table in _WRITE_ORDER:
            if batch[table]:
                write(table, batch[table])
        done = min(start + BATCH, total)
        count.advance(done - start)
        say(tr("wrote {done}/{total} records", done=done, total=total))
    terms = read.terms.rows
    if terms:
        write("terms", terms)


# ---------------------------------------------------------------------------
# SQLite


BUILD_TAG = "build"
"""The tag of a build's temporary file: ``.<name>.build-<pid>-<hex>.tmp`` (:func:`toolkit.safewrite.temp_name`,
``<name>`` cut and ``-cut`` after the unique part where the whole would pass the file system's limit)."""


def _temp_pattern(path: Path) -> re.Pattern[str]:
    return re.compile(rf"^\.(.*)\.{BUILD_TAG}-(\d+)-[0-9a-f]+({re.escape(CUT)})?\.tmp$", re.DOTALL)


def _temp_of(path: Path, name: str) -> int | None:
    """The process id of ``name`` if it is a temporary file of a build of ``path`` (its own name, or the start of it
    cut to keep within the file system's limit), else None."""
    match = _temp_pattern(path).match(name)
    if match is None:
        return None
    stem, cut = match.group(1), match.group(3)
    if stem == path.name or (cut and stem and path.name.startswith(stem)):
        return int(match.group(2))
    return None


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
    removed = []
    with contextlib.suppress(OSError):
        for entry in directory.iterdir():
            pid = _temp_of(path, entry.name)
            if pid is not None and pid != os.getpid() and not _pid_alive(pid):
                with contextlib.suppress(OSError):
                    entry.unlink()
                    removed.append(entry)
    return removed


def _build_sqlite(
    target: Target,
    records: Iterable[tuple[RecordBase, str]],
    sources: Sequence[Path],
    say: Progress,
    count: Meter,
    english: _English | None = None,
    *,
    prints: str,
) -> BuildReport:
    assert target.path is not None
    path = target.path
    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():
        raise DossierError(tr("{path}: directory {directory} does not exist", path=path, directory=directory))
    check_target(path)  # a directory, symlink, FIFO or device is never replaced
    check_replaceable(path, SQLITE)  # nor a file that is not a database (`--db notes.txt`)
    _check_dossier_database(path)  # nor another program's database (`--db mine.db`)
    remove_stale_temps(path)
    tmp = directory / temp_name(path.name, BUILD_TAG, directory=directory, suffix=".tmp")
    say(tr("building {path} (in {temporary})", path=path, temporary=tmp.name))
    fts = _sqlite_fts_support()
    spool: _Spool | None = None
    try:
        spool = _Spool(directory)
        conn = sqlite3.connect(tmp, isolation_level=None)  # transactions as written below
        try:
            conn.execute("PRAGMA journal_mode=OFF")
            conn.execute("PRAGMA synchronous=OFF")
            conn.execute("BEGIN")
            for statement in SQLITE_TABLES:
                conn.execute(statement)
            if fts != "none":
                conn.execute(
                    f"CREATE VIRTUAL TABLE {FTS_TABLE} USING fts5({', '.join(FTS_COLUMNS)}, "
                    "content='records', content_rowid='pk', tokenize='trigram')"
                )
            if fts == "trigram+grams":
                conn.execute(
                    f"CREATE VIRTUAL TABLE {GRAMS_TABLE} USING fts5(name, text, flavor, content='', tokenize='unicode61')"
                )
            read = _read(records, spool, grams=fts == "trigram+grams", english=english)
            _insert_all(_sqlite_writer(conn), read, say, count)
            spool.close()
            steps = [
                *SQLITE_INDEXES,
                *([f"INSERT INTO {FTS_TABLE}({FTS_TABLE}) VALUES ('rebuild')"] if fts != "none" else []),
            ]
            say(tr("building the indexes"))
            count.start(tr("building indexes"), len(steps) + 1)
            for statement in steps:
                conn.execute(statement)
                count.advance()
            _sqlite_writer(conn)("meta", _meta(read, sources, prints, fts))
            from toolkit.balance.store import carry_sqlite

            carry_sqlite(conn, path)  # the balance runs kept in the database being replaced
            conn.execute("ANALYZE")
            count.advance()
            conn.execute("COMMIT")
        finally:
            conn.close()
        with open(tmp, "rb") as handle:
            os.fsync(handle.fileno())
        if path.exists():
            with contextlib.suppress(OSError):
                os.chmod(tmp, path.stat().st_mode & 0o7777)
        _hold_interrupts()  # from here the build is whole: a Ctrl-C now would say the old database stayed
        os.replace(tmp, path)
        with contextlib.suppress(OSError):
            dir_fd = os.open(directory, os.O_RDONLY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)
    except sqlite3.Error as exc:
        _unlink(tmp)
        blocked = cannot_write(directory)  # SQLite's "unable to open database file" names no cause: find it
        if blocked is not None:
            reason = tr("the directory {directory} cannot be written: {reason}", directory=shown_path(directory),
                        reason=os_reason(blocked))  # fmt: skip
            raise DossierError(tr("database {target}: {reason}", target=target.display, reason=reason)) from None
        raise db_error(target, exc) from None  # SQLite's common reasons in the current language
    except OSError as exc:
        _unlink(tmp)
        raise WriteError(path, os_reason(exc)) from None
    except BaseException:
        _unlink(tmp)
        raise
    finally:
        if spool is not None:
            spool.close()
    return _report(target, read, fts)


def _check_dossier_database(path: Path) -> None:
    """Refuse (:class:`WriteError`) to replace an SQLite database that holds tables and is not Dossier's: one with
    neither the ``meta`` table a build writes nor only the balance runs a build keeps (:mod:`toolkit.balance.store`).
    An empty one, or one SQLite cannot read, is left to the build (``check_replaceable`` has seen it is SQLite)."""
    from toolkit.balance.store import TABLE

    try:
        if not path.is_file() or path.stat().st_size == 0:
            return
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        finally:
            conn.close()
    except (OSError, sqlite3.Error):
        return
    tables = {str(name) for (name,) in rows if not str(name).startswith("sqlite_")}
    if tables and "meta" not in tables and not tables <= {TABLE}:
        what = tr("a {format} database", format="Dossier")
        reason = tr("exists and is not {what}; not replaced (delete it or choose another name)", what=what)
        raise WriteError(path, reason, errno.EEXIST)


def _unlink(path: Path) -> None:
    """Remove a temporary file of the build, if it is there: never an error of its own (on a read-only file system
    the build's own error, which names the target, is the one to report)."""
    with contextlib.suppress(OSError):
        path.unlink()


def _sqlite_writer(conn: sqlite3.Connection) -> Write:
    def write(table: str, rows: list[Row]) -> None:
        conn.executemany(_sqlite_insert(table), rows)

    return write


@cache
def _sqlite_insert(table: str) -> str:
    columns = ("rowid", "name", "text", "flavor") if table == GRAMS_TABLE else COLUMNS[table]
    names = ", ".join(f'"{column}"' for column in columns)
    return f"INSERT INTO {table} ({names}) VALUES ({', '.join('?' * len(columns))})"


@cache
def _sqlite_fts_support() -> str:
    """The text indexes this SQLite can build: 'trigram+grams', 'trigram' (no unicode61?) or 'none' (no FTS5)."""
    probe = sqlite3.connect(":memory:")
    try:
        try:
            probe.execute("CREATE VIRTUAL TABLE t USING fts5(x, tokenize='trigram')")
        except sqlite3.OperationalError:
            return "none"
        try:
            probe.execute("CREATE VIRTUAL TABLE g USING fts5(x, content='', tokenize='unicode61')")
        except sqlite3.OperationalError:
            return "trigram"
        return "trigram+grams"
    finally:
        probe.close()


# ---------------------------------------------------------------------------
# PostgreSQL

_LOCK_KEY = 0x646F7373  # 'doss': one swap at a time


def _build_postgres(
    target: Target,
    records: Iterable[tuple[RecordBase, str]],
    sources: Sequence[Path],
    say: Progress,
    count: Meter,
    english: _English | None = None,
    *,
    prints: str,
) -> BuildReport:
    from sqlalchemy import Connection, insert, text
    from sqlalchemy.exc import SQLAlchemyError
    from sqlalchemy.schema import CreateSchema, CreateTable, DropSchema

    from .tables import METADATA

    assert target.schema is not None
    schema = target.schema
    build_schema = f"{schema}_build_{secrets.token_hex(4)}"
    engine = postgres_engine(target.url)
    say(tr("building {target} (in schema {schema})", target=target.display, schema=build_schema))
    tables = {table.name: table for table in METADATA.sorted_tables}
    spool = _Spool(None)
    try:
        with engine.begin() as conn:
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK_KEY})
            _check_dossier_schema(conn, target, schema, set(tables))  # before anything is built: nothing to undo
            conn.execute(CreateSchema(build_schema))
            building: Connection = conn.execution_options(schema_translate_map={None: build_schema})
            fts = _postgres_trgm(building, schema)
            for table in METADATA.sorted_tables:
                building.execute(CreateTable(table))

            def write(name: str, rows: list[Row]) -> None:
                columns = COLUMNS[name]
                building.execute(insert(tables[name]), [dict(zip(columns, row, strict=True)) for row in rows])

            read = _read(records, spool, grams=False, english=english)
            _insert_all(write, read, say, count)
            indexes = [index for table in METADATA.sorted_tables for index in sorted(table.indexes, key=str)]
            say(tr("building the indexes"))
            count.start(tr("building indexes"), len(indexes))
            for index in indexes:
                index.create(building)  # honours the pg_trgm condition (ddl_if)
                count.advance()
            write("meta", _meta(read, sources, prints, fts))
            from toolkit.balance.store import carry_postgres

            carry_postgres(conn, schema, build_schema)  # the balance runs kept in the schema being replaced
            quote = conn.dialect.identifier_preparer.quote
            old = _lock_old_schema(conn, schema)  # no one makes a view or key on it from now to the commit
            if old is not None:
                _check_outside_dependents(conn, target, schema, old)  # (again: one may have come while building)
                _carry_privileges(conn, old, build_schema)
            conn.execute(DropSchema(schema, cascade=True, if_exists=True))  # (only what the checks saw is ours)
            conn.exec_driver_sql(f"ALTER SCHEMA {quote(build_schema)} RENAME TO {quote(schema)}")
            say(tr("swapping in the new schema"))
            _hold_interrupts()  # (the commit that follows swaps it in whole, or fails and leaves the old one)
    except SQLAlchemyError as exc:
        raise db_error(target, exc) from None
    finally:
        spool.close()
        engine.dispose()
    return _report(target, read, fts)


def _check_dossier_schema(conn: Any, target: Target, schema: str, known: set[str]) -> None:
    """Refuse (:class:`DossierError`, before anything is built) to replace a schema that is not a Dossier database
    (no ``meta`` table: ``?schema=public``) or that holds anything a build did not make: another table, view,
    sequence, function, type or operator, or an extension (pg_trgm installed there: dropping it would drop the
    trigram indexes of every other schema). A build replaces the old schema with ``DROP SCHEMA … CASCADE``, so only
    a schema holding Dossier's tables, their indexes and the balance runs (:mod:`toolkit.balance.store`) is dropped.
    A schema holding the balance runs and nothing else (no ``meta`` table) is what ``dossier balance`` made before
    any build, as it makes ``./dossier.db``: replaced, its runs carried over."""
    from toolkit.balance.store import TABLE

    found = conn.exec_driver_sql("SELECT oid FROM pg_namespace WHERE nspname = %s", (schema,)).first()
    if found is None:
        return
    oid = found[0]
    ours = sorted({*known, TABLE, f"{TABLE}_id_seq"})
    foreign = conn.exec_driver_sql(
        "SELECT kind, name FROM ("
        " SELECT 'relation' AS kind, relname::text AS name FROM pg_class"
        "  WHERE relnamespace = %(oid)s AND relkind NOT IN ('i', 'I') AND relname::text <> ALL(%(ours)s)"
        " UNION ALL SELECT 'extension', extname::text FROM pg_extension WHERE extnamespace = %(oid)s"
        " UNION ALL SELECT 'function', proname::text FROM pg_proc WHERE pronamespace = %(oid)s"
        " UNION ALL SELECT 'type', typname::text FROM pg_type"
        "  WHERE typnamespace = %(oid)s AND typrelid = 0 AND typcategory <> 'A'"
        " UNION ALL SELECT 'operator', oprname::text FROM pg_operator WHERE oprnamespace = %(oid)s"
        ") AS found ORDER BY kind = 'relation', kind, name",
        {"oid": oid, "ours": ours},
    ).all()
    has_meta = conn.exec_driver_sql(
        "SELECT 1 FROM pg_class WHERE relnamespace = %s AND relname = 'meta' AND relkind = 'r'", (oid,)
    ).first()
    runs_only = not foreign and conn.exec_driver_sql(  # what `dossier balance` made before any build: the runs alone
        "SELECT 1 FROM pg_class WHERE relnamespace = %s AND relname = %s AND relkind = 'r'", (oid, TABLE)
    ).first() is not None
    if has_meta is None and not runs_only:
        reason = tr(
            "schema {schema} exists and is not a {format} database; not replaced (choose another schema with "
            "{option}, or drop it yourself)",
            schema=schema,
            format="Dossier",
            option="`?schema=NAME`",
        )
        raise DossierError(tr("database {target}: {reason}", target=target.display, reason=reason))
    _check_outside_dependents(conn, target, schema, oid)
    if foreign:
        kind, name = foreign[0]
        what = {
            "relation": tr("the table {name}", name=name),
            "extension": tr("the extension {name}", name=name),
            "function": tr("the function {name}", name=name),
            "type": tr("the type {name}", name=name),
            "operator": tr("the operator {name}", name=name),
        }[kind]
        reason = tr(
            "schema {schema} also holds {what}, which {program} did not make; not replaced (move it out of the "
            "schema, or choose another schema with {option})",
            schema=schema,
            what=what,
            program="Dossier",
            option="`?schema=NAME`",
        )
        raise DossierError(tr("database {target}: {reason}", target=target.display, reason=reason))


# What depends, from outside the schema, on an object in it (a view, a foreign key, a default, a trigger, a
# sequence owned by one of its columns…), named by the relation it belongs to where it has one: what
# ``DROP SCHEMA … CASCADE`` would drop or change outside the schema.
_OUTSIDE_DEPENDENTS = """
WITH inside AS (
    SELECT 'pg_class'::regclass AS classid, oid AS objid FROM pg_class WHERE relnamespace = %(oid)s
    UNION ALL SELECT 'pg_type'::regclass, oid FROM pg_type WHERE typnamespace = %(oid)s
    UNION ALL SELECT 'pg_proc'::regclass, oid FROM pg_proc WHERE pronamespace = %(oid)s
), dependent AS (
    SELECT DISTINCT d.classid, d.objid, d.objsubid,
        CASE d.classid
            WHEN 'pg_rewrite'::regclass THEN (SELECT ev_class FROM pg_rewrite WHERE oid = d.objid)
            WHEN 'pg_constraint'::regclass THEN (SELECT NULLIF(conrelid, 0) FROM pg_constraint WHERE oid = d.objid)
            WHEN 'pg_attrdef'::regclass THEN (SELECT adrelid FROM pg_attrdef WHERE oid = d.objid)
            WHEN 'pg_trigger'::regclass THEN (SELECT tgrelid FROM pg_trigger WHERE oid = d.objid)
            WHEN 'pg_policy'::regclass THEN (SELECT polrelid FROM pg_policy WHERE oid = d.objid)
            WHEN 'pg_class'::regclass THEN d.objid
        END AS rel
    FROM pg_depend AS d JOIN inside AS i ON d.refclassid = i.classid AND d.refobjid = i.objid
    WHERE d.deptype IN ('n', 'a')
)
SELECT DISTINCT
    CASE WHEN d.rel IS NULL THEN 'object'
         WHEN d.classid = 'pg_constraint'::regclass THEN 'key'
         WHEN c.relkind IN ('v', 'm') THEN 'view'
         WHEN c.relkind = 'S' THEN 'sequence'
         ELSE 'table' END AS kind,
    CASE WHEN d.rel IS NULL THEN (pg_identify_object(d.classid, d.objid, d.objsubid)).identity
         ELSE quote_ident(n.nspname) || '.' || quote_ident(c.relname) END AS name,
    CASE WHEN d.classid = 'pg_constraint'::regclass
         THEN (SELECT conname::text FROM pg_constraint WHERE oid = d.objid) END AS part
FROM dependent AS d
LEFT JOIN pg_class AS c ON c.oid = d.rel
LEFT JOIN pg_namespace AS n ON n.oid = c.relnamespace
WHERE CASE WHEN d.rel IS NULL
           THEN coalesce((pg_identify_object(d.classid, d.objid, d.objsubid)).schema, '') <> %(schema)s
           ELSE c.relnamespace <> %(oid)s AND n.nspname <> 'pg_toast' END
ORDER BY 1, 2, 3
"""


def _check_outside_dependents(conn: Any, target: Target, schema: str, oid: int) -> None:
    """Refuse (:class:`DossierError`) to replace ``schema`` when anything outside it depends on what is in it: a
    view of yours reading its tables, a table of yours with a foreign key to them. ``DROP SCHEMA … CASCADE`` would
    drop them (or the key) with it; they are named, and the user drops or moves them first."""
    found = conn.exec_driver_sql(_OUTSIDE_DEPENDENTS, {"oid": oid, "schema": schema}).all()
    if not found:
        return
    words = {
        "view": N_("the view {name}"),
        "key": N_("the foreign key {part} of the table {name}"),
        "table": N_("the table {name}"),
        "sequence": N_("the sequence {name}"),
    }
    named = [tr(words[kind], name=name, part=part) if kind in words else str(name) for kind, name, part in found]
    reason = tr(
        "schema {schema} is used from outside it by {objects}, which a rebuild would drop; not replaced (drop them "
        "first and make them again after the build, or choose another schema with {option})",
        schema=schema,
        objects=tr(", ").join(named),
        option="`?schema=NAME`",
    )
    raise DossierError(tr("database {target}: {reason}", target=target.display, reason=reason))


def _lock_old_schema(conn: Any, schema: str) -> int | None:
    """The oid of ``schema`` (None if there is none), its tables locked until the commit, so that no view or foreign
    key on them is made between the last check and the swap."""
    found = conn.exec_driver_sql("SELECT oid FROM pg_namespace WHERE nspname = %s", (schema,)).first()
    if found is None:
        return None
    quote = conn.dialect.identifier_preparer.quote
    names = conn.exec_driver_sql(
        "SELECT relname::text FROM pg_class WHERE relnamespace = %s AND relkind IN ('r', 'p') ORDER BY relname",
        (found[0],),
    ).all()
    if names:
        tables = ", ".join(f"{quote(schema)}.{quote(name)}" for (name,) in names)
        conn.exec_driver_sql(f"LOCK TABLE {tables} IN ACCESS EXCLUSIVE MODE")
    return int(found[0])


# privileges aclexplode may give, by the kind of object (the words GRANT takes)
_PRIVILEGES = frozenset(
    {"SELECT", "INSERT", "UPDATE", "DELETE", "TRUNCATE", "REFERENCES", "TRIGGER", "USAGE", "CREATE", "EXECUTE",
     "MAINTAIN"}
)  # fmt: skip
_DEFAULT_KINDS = {"r": "TABLES", "S": "SEQUENCES", "f": "FUNCTIONS", "T": "TYPES"}


def _carry_privileges(conn: Any, old: int, build_schema: str) -> None:
    """Give the schema being built, and each of its tables and sequences, the owner and the privileges that the
    schema being replaced (oid ``old``) and its relations of the same name have (``GRANT USAGE ON SCHEMA …``,
    ``GRANT SELECT ON …`` to a teammate, column privileges, ``ALTER DEFAULT PRIVILEGES IN SCHEMA …``): a rebuild
    leaves who may read the database as it was."""
    quote = conn.dialect.identifier_preparer.quote
    new_schema = quote(build_schema)

    def role(name: str | None) -> str:
        return "PUBLIC" if name is None else quote(name)

    def grant(what: str, on: str, grantee: str | None, grantable: bool) -> None:
        if what.split(" ", 1)[0] not in _PRIVILEGES:
            return
        option = " WITH GRANT OPTION" if grantable and grantee is not None else ""
        conn.exec_driver_sql(f"GRANT {what} ON {on} TO {role(grantee)}{option}")

    # the schema: owner, then every grant but the owner's own
    owner, new_owner = conn.exec_driver_sql(
        "SELECT pg_get_userbyid(o.nspowner)::text, pg_get_userbyid(b.nspowner)::text FROM pg_namespace AS o,"
        " pg_namespace AS b WHERE o.oid = %s AND b.nspname = %s",
        (old, build_schema),
    ).one()
    if owner != new_owner:
        conn.exec_driver_sql(f"ALTER SCHEMA {new_schema} OWNER TO {quote(owner)}")
    acl = conn.exec_driver_sql(
        "SELECT CASE WHEN a.grantee = 0 THEN NULL ELSE pg_get_userbyid(a.grantee)::text END, a.privilege_type,"
        " a.is_grantable FROM pg_namespace AS n, aclexplode(n.nspacl) AS a WHERE n.oid = %s AND a.grantee <> n.nspowner"
        " ORDER BY 1, 2",
        (old,),
    ).all()
    for grantee, privilege, grantable in acl:
        grant(privilege, f"SCHEMA {new_schema}", grantee, grantable)
    # each relation of the same name: owner (a table's sequences and indexes follow it), grants, column grants
    relations = conn.exec_driver_sql(
        "SELECT o.oid, b.oid, o.relname::text, o.relkind::text, pg_get_userbyid(o.relowner)::text,"
        " pg_get_userbyid(b.relowner)::text FROM pg_class AS o JOIN pg_class AS b ON b.relname = o.relname"
        " AND b.relkind = o.relkind WHERE o.relnamespace = %s AND b.relnamespace = %s::regnamespace"
        " AND o.relkind IN ('r', 'p', 'S', 'v', 'm') ORDER BY o.relname",
        (old, build_schema),
    ).all()
    for old_oid, new_oid, name, kind, rel_owner, rel_new_owner in relations:
        on = f"{'SEQUENCE' if kind == 'S' else 'TABLE'} {new_schema}.{quote(name)}"
        owned = conn.exec_driver_sql(
            "SELECT 1 FROM pg_depend WHERE classid = 'pg_class'::regclass AND objid = %s AND deptype IN ('a', 'i')"
            " AND refclassid = 'pg_class'::regclass",
            (new_oid,),
        ).first()
        if rel_owner != rel_new_owner and not (kind == "S" and owned):
            conn.exec_driver_sql(f"ALTER {on.split(' ', 1)[0]} {on.split(' ', 1)[1]} OWNER TO {quote(rel_owner)}")
        acl = conn.exec_driver_sql(
            "SELECT CASE WHEN a.grantee = 0 THEN NULL ELSE pg_get_userbyid(a.grantee)::text END, a.privilege_type,"
            " a.is_grantable FROM pg_class AS c, aclexplode(c.relacl) AS a WHERE c.oid = %s"
            " AND a.grantee <> c.relowner ORDER BY 1, 2",
            (old_oid,),
        ).all()
        for grantee, privilege, grantable in acl:
            grant(privilege, on, grantee, grantable)
        columns = conn.exec_driver_sql(
            "SELECT t.attname::text, CASE WHEN a.grantee = 0 THEN NULL ELSE pg_get_userbyid(a.grantee)::text END,"
            " a.privilege_type, a.is_grantable FROM pg_attribute AS t, aclexplode(t.attacl) AS a"
            " WHERE t.attrelid = %s AND t.attnum > 0 AND NOT t.attisdropped AND t.attname IN"
            " (SELECT attname FROM pg_attribute WHERE attrelid = %s AND attnum > 0 AND NOT attisdropped)"
            " ORDER BY 1, 2, 3",
            (old_oid, new_oid),
        ).all()
        for column, grantee, privilege, grantable in columns:
            grant(f"{privilege} ({quote(column)})", on, grantee, grantable)
    # the default privileges given in the schema (what later tables of a role get)
    defaults = conn.exec_driver_sql(
        "SELECT pg_get_userbyid(d.defaclrole)::text, d.defaclobjtype::text,"
        " CASE WHEN a.grantee = 0 THEN NULL ELSE pg_get_userbyid(a.grantee)::text END, a.privilege_type,"
        " a.is_grantable FROM pg_default_acl AS d, aclexplode(d.defaclacl) AS a WHERE d.defaclnamespace = %s"
        " ORDER BY 1, 2, 3, 4",
        (old,),
    ).all()
    for maker, kind, grantee, privilege, grantable in defaults:
        if kind not in _DEFAULT_KINDS or privilege not in _PRIVILEGES:
            continue
        option = " WITH GRANT OPTION" if grantable and grantee is not None else ""
        conn.exec_driver_sql(
            f"ALTER DEFAULT PRIVILEGES FOR ROLE {quote(maker)} IN SCHEMA {new_schema} GRANT {privilege} ON "
            f"{_DEFAULT_KINDS[kind]} TO {role(grantee)}{option}"
        )


def _postgres_trgm(conn: Any, schema: str) -> str:
    """Enable pg_trgm so the GIN trigram indexes are built; 'none' if the extension is unavailable. Where it is not
    installed yet it goes into ``public`` (else the first schema of the search path), never into the Dossier schema
    (a later build would then refuse to replace it: :func:`_check_dossier_schema`)."""
    from sqlalchemy.exc import SQLAlchemyError

    try:
        with conn.begin_nested():
            installed = conn.exec_driver_sql("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'").first()
            public = conn.exec_driver_sql("SELECT 1 FROM pg_namespace WHERE nspname = 'public'").first()
            if installed is None and public is not None and schema != "public":
                conn.exec_driver_sql("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public")
            else:
                conn.exec_driver_sql("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    except SQLAlchemyError:
        conn.info[TRGM_FLAG] = False
        return "none"
    conn.info[TRGM_FLAG] = True
    return "pg_trgm"
