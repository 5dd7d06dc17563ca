"""`dossier db build`: load card records into the database (SQLite file or PostgreSQL), atomically."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from toolkit.cli._help import help_text
from toolkit.cli._lang import LangOption
from toolkit.cli._options import CardsOption, not_empty
from toolkit.errors import warning_line
from toolkit.i18n.words import N_

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from toolkit.config import CardPool
    from toolkit.db import Database
    from toolkit.errors import DossierError

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        help=N_(
            "Database: a file path or an SQLAlchemy URL (postgresql+psycopg://…[?schema=NAME]). "
            "Default: $DOSSIER_DB, else dossier.db in the working directory (search and show: else one of "
            "the card pool in the user's cache, built when missing or stale)."
        ),
        show_default=False,
        callback=not_empty,  # (--db "" names no database: refused, not read as ./dossier.db)
    ),
]


def configured_pool() -> CardPool | None:
    """The card pool a command reads when its command line names none, as :func:`toolkit.config.card_pool` takes
    it: the one the settings name (``DOSSIER_CARDS``, else ``cards = …`` in dossier.toml or the user config), else
    ``cards/`` in the working directory (source ``"default"``: the folder ``dossier examples --with-cards`` makes,
    whose cards ``deck validate`` and ``print ID`` read); None when it is the bundled cards (then a database may
    have been built from any cards: nothing to compare it with)."""
    from toolkit.config import card_pool
    from toolkit.paths import CARDS_DIR

    pool = card_pool(None, default=[CARDS_DIR])
    return None if pool.source == "default" and pool.paths == [CARDS_DIR] else pool


def built_from_other_cards(database: Database, pool: CardPool | None) -> str | None:
    """The cards ``database`` was built from, when they do not hold ``pool``: neither every one of its directories
    (resolved; the pool and a user's set folders, as ``db build --cards cards --cards my-set`` and ``serve`` build
    it) nor every one of its card files (``cards/crossfire`` for a pool of ``cards/`` that holds only it, with or
    without a set folder); None when they do, when there is no pool to compare with or the database does not say.
    A database of the pool and more is read as it was built (the stale check builds it again from those same
    directories when one changes: :func:`_rebuilt_when_stale`)."""
    from toolkit.db.fresh import recorded_sources

    recorded = recorded_sources(getattr(database, "meta", {}))
    if pool is None or not recorded:
        return None
    if set(recorded) >= {str(path.resolve()) for path in pool.paths}:
        return None
    held = _card_files(Path(source) for source in recorded)
    wanted = _card_files(pool.paths)
    if wanted == held or (wanted and wanted <= held):  # (an empty pool is held only by a database of no cards)
        return None
    return ", ".join(sorted(recorded))


def _card_files(paths: Iterable[Path]) -> set[str]:
    """The absolute paths of the card files (.json) under ``paths``, as a fingerprint counts them."""
    import os

    from toolkit.db.fresh import _files

    found: set[str] = set()
    for path in paths:
        root = path.resolve()
        base = root.parent if root.is_file() else root
        found.update(os.path.join(base, name) for name, *_ in _files(root))
    return found


def open_for_reading(db: str | None) -> Database:
    """The database ``search``, ``show`` and ``print --query`` read: ``--db``, else ``$DOSSIER_DB`` (a warning when
    it is stale: :func:`warn_if_stale`), else ``./dossier.db``, when it was built from cards that hold the card
    pool the settings name (the pool, or the pool and set folders of the user's; or they name none), built again
    first when its cards changed since (:func:`_rebuilt_when_stale`), and built again from ``cards/`` here when no
    setting names a pool and it was built from cards that do not hold it (:func:`_rebuilt_from_pool`: the pool
    every command reads then); else a database of the configured card pool
    (the pool ``db build`` takes by default) kept in the user's cache, built on first use and again when the cards
    change (one note on stderr), so that ``dossier show ID`` works in any directory without a ``dossier db build``
    first, and a card added to the configured pool is found whatever ./dossier.db was built from (one warning line
    then names it and the command that rebuilds it).

    A ./dossier.db that does not open as a card database (as ``serve`` tells one it builds over) and holds only the
    balance runs ``dossier balance`` kept there is no card database: it is read as if it were not there. A
    database named with ``--db`` or ``$DOSSIER_DB`` that holds only runs is one line saying so, and what builds
    the cards into it (:func:`_named`)."""
    import os

    from toolkit.balance.store import holds_only_runs
    from toolkit.db import open_database
    from toolkit.db.engine import DEFAULT_FILE, ENV_VAR
    from toolkit.errors import DossierError
    from toolkit.i18n import tr

    if db is not None or os.environ.get(ENV_VAR):
        return warn_if_stale(_named(db))
    if Path(DEFAULT_FILE).exists():
        pool = configured_pool()
        try:
            database = open_database(db)
        except DossierError:
            if not holds_only_runs(Path(DEFAULT_FILE)):
                raise
            from toolkit.cli.app import default_paths

            return _pool_database(default_paths(None), note=True, runs_here=True)
        built = built_from_other_cards(database, pool)
        if built is None or pool is None:
            return _rebuilt_when_stale(database)
        if pool.source == "default":  # cards/ here, no setting naming a pool: ./dossier.db is built from it
            return _rebuilt_from_pool(database, pool, built)
        database.close()
        message = tr(
            "{file} was built from {built}, not from the card pool {pool}: reading the pool instead ({command} "
            "builds {file} from it)",
            file=DEFAULT_FILE,
            built=built,
            pool=pool.describe(),
            command="`dossier db build`",
        )
        print(warning_line(message), file=sys.stderr, flush=True)
        return _pool_database(pool.paths, note=False)
    from toolkit.cli.app import default_paths

    return _pool_database(default_paths(None), note=True)


def warn_if_stale(database: Database) -> Database:
    """``database``, after one warning line on stderr when it was built from other cards than the card pool the
    settings name (``DOSSIER_CARDS``, ``cards = …``), when a source directory of an SQLite file is no longer there
    (read as it was built), or when one changed since `db build`: the command that rebuilds it. For a database
    named with ``--db`` or ``$DOSSIER_DB`` (the user's to rebuild: it may be a server's), and a ./dossier.db that
    cannot be built as it was (:func:`_rebuilt_when_stale`)."""
    import shlex

    from toolkit.db.engine import build_command
    from toolkit.db.fresh import changed_sources, missing_sources, recorded_sources
    from toolkit.i18n import tr

    pool = configured_pool()
    built = built_from_other_cards(database, pool)
    if built is not None and pool is not None:
        message = tr(
            "database {database} was built from {built}, not from the card pool {pool}; run {command}",
            database=database.target.display,
            built=built,
            pool=pool.describe(),
            command=build_command(database.target),
        )
        print(warning_line(message), file=sys.stderr)
        return database
    meta = getattr(database, "meta", {})
    # (a PostgreSQL database is a server's, whose cards may be on the server's machine: not here is not gone)
    gone = missing_sources(meta) if database.target.backend == "sqlite" else []
    if gone:  # read as it was built: the command builds it from the folders still there (none: from the pool)
        there = [source for source in sorted(recorded_sources(meta) or {}) if source not in gone]
        command = build_command(database.target).rstrip("`")
        command += "".join(f" --cards {shlex.quote(c)}" for c in there) + "`"
        message = tr(
            "{path}, which the database was built from, is no longer there: its cards are read as they were built "
            "({command} builds the database from the cards there are now)",
            path=gone[0],
            command=command,
        )
        print(warning_line(message), file=sys.stderr)
        return database
    changed = changed_sources(meta)
    if changed:
        every = sorted(recorded_sources(meta) or {})  # rebuild from all of them, not only the changed ones
        command = build_command(database.target).rstrip("`")
        command += "".join(f" --cards {shlex.quote(c)}" for c in every) + "`"
        message = tr("{path} changed since the database was built; run {command}", path=changed[0], command=command)
        print(warning_line(message), file=sys.stderr)
    return database


def _rebuilt_when_stale(database: Database) -> Database:
    """./dossier.db (``database``), built again from the card directories it was built from when one of them
    changed since: ``db build`` records a fingerprint of each (of its .json files' paths, sizes, modification
    times, inodes and status-change times: :mod:`toolkit.db.fresh`), and one that differs now is a card added,
    removed, renamed or edited, even with its size and modification time put back, or the whole tree copied in
    its place (built again once after it). It is
    built as ``db build`` and ``serve`` build it, atomically (a reader never sees half of it; the balance runs it
    holds are kept), after one note on stderr; so ``search``, ``show`` and ``print --query`` read the cards
    ``deck validate`` and ``print ID`` read. A database built with ``db build --cards X`` is built again from X,
    never from another pool (it is read only when X holds the pool a command reads, as ``--cards cards --cards
    my-set`` does, or no setting names one and there is no cards/ here: :func:`open_for_reading`). Where it
    cannot be written (a read-only folder), one warning says so and the database of the same directories kept in
    the user's cache is read (:func:`_pool_database`). One whose directories are not all there any more is read
    as it is, after the warning of :func:`warn_if_stale`. A build that failed on a card file is not tried again
    until the card files change (:func:`_failed_before`)."""
    from toolkit.db.engine import DEFAULT_FILE
    from toolkit.db.fresh import changed_sources, recorded_sources, source_prints
    from toolkit.i18n import tr

    recorded = recorded_sources(database.meta)
    if not recorded:
        return database
    sources = [Path(source) for source in sorted(recorded)]
    if not all(source.exists() for source in sources):  # (not built again: one warning that a folder is gone)
        return warn_if_stale(database)
    now = source_prints(sources)  # (taken once: see _failed_before)
    changed = changed_sources(database.meta, now)
    if not changed:
        return database
    return _built_here(
        database,
        sources,
        now,
        note=tr(
            "{program}: {path} changed since {file} was built: building {file} again",
            program="dossier",
            path=changed[0],
            file=DEFAULT_FILE,
        ),
        unwritable=lambda reason: tr(
            "{path} changed since {file} was built, and {file} cannot be built again here: {reason}; reading the "
            "card database of the same cards in the user's cache instead",
            path=changed[0],
            file=DEFAULT_FILE,
            reason=reason,
        ),
    )


def _rebuilt_from_pool(database: Database, pool: CardPool, built: str) -> Database:
    """./dossier.db (``database``, built from the cards ``built``), built again from ``pool``, the card pool a
    command reads when nothing names one: ``cards/`` in the working directory (:func:`configured_pool`), the pool
    ``deck validate`` and ``print ID`` read; so that ``search``, ``show`` and ``print --query`` read its cards,
    not those of the bundled cards ./dossier.db was built from before ``dossier examples --with-cards`` made
    cards/, nor those of another folder (one built from cards/ and set folders holds the pool: it is read as it
    was built, :func:`built_from_other_cards`). As :func:`_rebuilt_when_stale`
    builds it: after one note on stderr; where it cannot be written, one warning and the database of the pool in
    the user's cache; a build that failed on a card file not tried again until the files change."""
    from toolkit.db.engine import DEFAULT_FILE
    from toolkit.db.fresh import source_prints
    from toolkit.i18n import tr

    sources = list(pool.paths)
    return _built_here(
        database,
        sources,
        source_prints(sources),
        note=tr(
            "{program}: {file} was built from {built}, not from the card pool {pool}: building {file} from the pool",
            program="dossier",
            file=DEFAULT_FILE,
            built=built,
            pool=pool.describe(),
        ),
        unwritable=lambda reason: tr(
            "{file} was built from {built}, not from the card pool {pool}, and {file} cannot be built again here: "
            "{reason}; reading the card database of the pool in the user's cache instead",
            file=DEFAULT_FILE,
            built=built,
            pool=pool.describe(),
            reason=reason,
        ),
    )


def _built_here(
    database: Database, sources: list[Path], now: object, *, note: str, unwritable: Callable[[str], str]
) -> Database:
    """./dossier.db (``database``) built again from ``sources`` (``now``: their fingerprints), as ``db build``
    builds it, atomically, after ``note`` on stderr; where the folder cannot be written, the warning
    ``unwritable(reason)`` and the database of ``sources`` in the user's cache (:func:`_pool_database`). A build
    that failed on a card file while the files were as they are now is not tried again (:func:`_failed_before`);
    one that fails leaves ``database`` as it was built before (:func:`_built_before`)."""
    from toolkit.db import build_from_files, open_database, resolve_target
    from toolkit.db.engine import DEFAULT_FILE
    from toolkit.errors import DossierError, os_reason
    from toolkit.safewrite import cannot_write

    here = Path(DEFAULT_FILE).resolve()
    if _failed_before(here, now, sources, DEFAULT_FILE):
        return database
    database.close()
    problem = cannot_write(here.parent)
    if problem is not None:
        print(warning_line(unwritable(os_reason(problem))), file=sys.stderr, flush=True)
        return _pool_database(sources, note=False)
    print(note, file=sys.stderr, flush=True)
    try:
        build_from_files(sources, resolve_target(None))
    except DossierError as exc:
        database = _built_before(exc, None, DEFAULT_FILE)
        _remember_failure(here, now, exc, sources)
        return database
    _forget_failure(here)
    return open_database(None)


def _built_before(problem: DossierError, db: str | None, shown: object) -> Database:
    """The database ``db`` as it was built before, after one warning line naming ``problem`` (a card file that does
    not load: its name and place) and that the answers come from that database, as ``serve`` goes on with the pool
    it has; when a build that would bring it up to date failed. ``problem`` itself when it was an interruption, or
    when the database built before does not open either."""
    from toolkit.db import open_database
    from toolkit.db.build import INTERRUPTED_EXIT
    from toolkit.errors import DossierError
    from toolkit.i18n import tr

    if problem.exit_code == INTERRUPTED_EXIT:
        raise problem
    try:
        database = open_database(db)
    except DossierError:
        raise problem from None
    message = tr(
        "{problem}; the answers come from {file} as it was built before",
        problem=problem.message,
        file=shown,
    )
    print(warning_line(message), file=sys.stderr, flush=True)
    return database


def _named(db: str | None) -> Database:
    """The database ``--db`` or ``$DOSSIER_DB`` names, opened; one that holds only balance runs (``dossier balance``
    made it, :func:`toolkit.balance.store.holds_only_runs`) is one line saying so, and the build that adds the cards
    and keeps the runs, not SQLite's "no such table"."""
    from toolkit.balance.store import holds_only_runs
    from toolkit.db import open_database, resolve_target
    from toolkit.db.engine import build_command
    from toolkit.errors import DossierError
    from toolkit.i18n import tr

    try:
        return open_database(db)
    except DossierError:
        target = resolve_target(db)
        if target.backend != "sqlite" or target.path is None or not holds_only_runs(target.path):
            raise
        raise DossierError(
            tr(
                "database {target} holds balance runs and no cards; {command} builds the cards into it and keeps "
                "the runs",
                target=target.display,
                command=build_command(target),
            )
        ) from None


def _pool_database(paths: list[Path], *, note: bool, runs_here: bool = False) -> Database:
    """The database of the card pool ``paths`` kept in the user's cache: built when missing or stale (``note``:
    one line on stderr saying so, for a directory without a dossier.db, or whose dossier.db holds only balance runs:
    ``runs_here``, which the line says, and that the build there keeps them; built again when its cards changed,
    the line says which directory changed). A cache that cannot be written (a home
    that does not exist or is read-only) gives a database of this command only, in a temporary folder removed at
    exit, after one warning line naming the cache and what keeps one (:func:`_temporary_database`). When its
    cards do not load, the database built before is read (:func:`_built_before`), and the cards are not built
    again until they change: each command after it says so in one warning line (:func:`_failed_before`)."""
    import errno
    import hashlib
    import os

    from toolkit.cachedir import user_cache_dir
    from toolkit.db import build_from_files, open_database, resolve_target
    from toolkit.db.engine import DEFAULT_FILE
    from toolkit.db.fresh import changed_sources, source_prints
    from toolkit.errors import DossierError
    from toolkit.i18n import tr

    sources = [path.resolve() for path in paths]
    missing = [source for source in sources if not source.exists()]
    if missing:  # (a folder deleted since its database was built here: the error of one that never was, not the cache)
        from toolkit.catalog import discover

        discover(missing)
    key = hashlib.sha256("\n".join(map(str, sources)).encode("utf-8", "surrogateescape")).hexdigest()[:16]
    path = user_cache_dir("db", f"{key}.db")
    before = False  # a database of these cards built before, readable (if the cards no longer load)
    changed: list[str] | None = None  # the card directories changed since it was built
    now = {}  # the fingerprints of the cards, taken once (:mod:`toolkit.db.fresh`)
    if path.is_file():
        try:
            database = open_database(str(path))
        except Exception:  # built by another version, or damaged: built again below
            database = None
        if database is not None:
            now = source_prints(sources)
            changed = changed_sources(database.meta, now)
            if not changed or _failed_before(path, now, sources, path):
                return database
            before = True
            database.close()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if not os.access(path.parent, os.W_OK | os.X_OK):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path.parent))
    except OSError as exc:
        return _temporary_database(sources, path, exc)
    if note and changed:  # built before, and its cards changed since: not the first build ("once")
        print(tr("{program}: {path} changed since {file} was built: building {file} again", program="dossier",
                 path=changed[0], file=path), file=sys.stderr, flush=True)  # fmt: skip
    elif note:
        said = (
            N_("{program}: {file} here holds only balance runs: building the card database in {path} (once; "
               "{command} builds the cards into {file} and keeps the runs)")
            if runs_here
            else N_("{program}: no {file} here: building the card database in {path} (once; {command} makes one here)")
        )  # fmt: skip
        print(tr(said, program="dossier", file=DEFAULT_FILE, path=path, command="`dossier db build`"), file=sys.stderr,
              flush=True)  # fmt: skip
    try:
        build_from_files(sources, resolve_target(str(path)))
    except DossierError as exc:
        if not before:
            raise
        database = _built_before(exc, str(path), path)
        _remember_failure(path, now, exc, sources)
        return database
    _forget_failure(path)
    return open_database(str(path))


def _failure_file(database: Path) -> Path:
    """Where the build of the SQLite file ``database`` that failed last is remembered: in the user's cache, by the
    file's absolute path (:func:`_remember_failure`)."""
    import hashlib

    from toolkit.cachedir import user_cache_dir

    key = hashlib.sha256(str(database).encode("utf-8", "surrogateescape")).hexdigest()[:16]
    return user_cache_dir("db", "failed", f"{key}.json")


def _broken_file(problem: DossierError, sources: list[Path]) -> str | None:
    """The card file (or folder) under ``sources`` that ``problem`` names first, as a card file's error does
    (``PATH:LINE:COLUMN: …``, ``PATH: …``); None when it names none."""
    import os
    import re

    for source in sources:
        root = str(source)
        if not problem.message.startswith(root) or problem.message[len(root) : len(root) + 1] not in ("/", os.sep, ":"):
            continue
        end = problem.message.find(": ", len(root))
        named = re.sub(r"(:\d+){1,2}$", "", problem.message[:end]) if end > 0 else ""
        if named and os.path.lexists(named):
            return named
    return None


def _remember_failure(database: Path, now: object, problem: DossierError, sources: list[Path]) -> None:
    """Remember that a build of ``database`` from ``sources`` failed with ``problem``, a card file that does not
    load (not an interruption, nor the database's own error), while the cards were as ``now`` fingerprints them: so
    that the commands after it do not build again until the card files change (:func:`_failed_before`). Where the
    cache cannot be written, nothing is remembered (the next command builds again)."""
    import json

    from toolkit.safewrite import write_bytes

    broken = _broken_file(problem, sources)
    if not now or (broken is None and problem.exit_code != 1):
        return
    record = {"database": str(database), "fingerprints": now, "file": broken}
    place = _failure_file(database)
    try:
        place.parent.mkdir(parents=True, exist_ok=True)
        write_bytes(place, json.dumps(record, sort_keys=True).encode("utf-8", "surrogateescape"))
    except (OSError, DossierError):
        pass


def _forget_failure(database: Path) -> None:
    """Forget a failed build of ``database`` (it was built since)."""
    import contextlib

    with contextlib.suppress(OSError):
        _failure_file(database).unlink(missing_ok=True)


def _failed_before(database: Path, now: object, sources: list[Path], shown: object) -> bool:
    """Whether a build of ``database`` failed while the card files were as they are now (``now``: their
    fingerprints, :func:`_remember_failure`); then one warning line says which card file does not load (when
    known), the command that tells why (`dossier lint`) and that the answers come from ``shown`` as it was built
    before: nothing is built again until the files change."""
    import json
    import shlex

    from toolkit.i18n import tr

    try:
        record = json.loads(_failure_file(database).read_bytes().decode("utf-8", "surrogateescape"))
    except (OSError, ValueError):
        return False
    if not isinstance(record, dict) or record.get("database") != str(database) or not now:
        return False
    if record.get("fingerprints") != json.loads(json.dumps(now)):
        return False
    broken = record.get("file")
    if isinstance(broken, str) and broken:
        message = tr(
            "{path} does not load (run {command} to see why); the answers come from {file} as it was built before",
            path=broken,
            command=f"`dossier lint {shlex.quote(broken)}`",
            file=shown,
        )
    else:
        message = tr(
            "the card files do not load (run {command} to see why); the answers come from {file} as it was built "
            "before",
            command="`dossier lint " + " ".join(shlex.quote(str(source)) for source in sources) + "`",
            file=shown,
        )
    print(warning_line(message), file=sys.stderr, flush=True)
    return True


def _temporary_database(sources: list[Path], cache: Path, exc: OSError) -> Database:
    """The database of ``sources`` built for this command only, in a temporary folder removed at exit, when the
    cache database ``cache`` cannot be made (``exc``: why); one warning line on stderr says so, and how to keep
    one (a writable XDG_CACHE_HOME, or a database built once and given with --db)."""
    import atexit
    import shutil
    import tempfile

    from toolkit.db import build_from_files, open_database, resolve_target
    from toolkit.errors import os_reason
    from toolkit.i18n import tr

    message = tr(
        "cannot create the card database {path} in the user's cache: {reason}; a temporary one is built for this "
        "command (set {variable} to a writable directory, or build one with {command} and give {option})",
        path=cache,
        reason=os_reason(exc),
        variable="XDG_CACHE_HOME",
        command="`dossier db build --db FILE`",
        option="--db FILE",
    )
    print(warning_line(message), file=sys.stderr, flush=True)
    folder = tempfile.mkdtemp(prefix="dossier-db-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    path = Path(folder) / cache.name
    build_from_files(sources, resolve_target(str(path)))
    return open_database(str(path))


def register(app: typer.Typer) -> None:
    db_app = typer.Typer(
        name="db",
        help=N_("The card database (SQLite by default, PostgreSQL for shared servers)."),
        no_args_is_help=True,
    )

    @db_app.command(
        "build",
        help=help_text(
            N_("Build the database from card records, replacing the old one in one step."),
            N_(
                "A reader never sees a half-built database; a failed or interrupted build leaves the previous one "
                "as it was. Building twice gives the same content."
            ),
        ),
    )
    def build(
        db: DbOption = None,
        cards: CardsOption = None,
        verbose: Annotated[bool, typer.Option("--verbose", "-v", help=N_("Print progress to stderr."))] = False,
        lang: LangOption = None,
    ) -> None:
        """``dossier db build`` (its help is given to the decorator)."""
        from toolkit.cli._lang import output_lang
        from toolkit.cli.app import default_paths
        from toolkit.cli.progress import Phases
        from toolkit.db import build_from_files, resolve_target
        from toolkit.i18n import current_lang, tr, trn, word

        output_lang(lang)  # the report, the progress and the errors in that language (as every command's)
        sources = default_paths(cards)
        target = resolve_target(db)
        meter = Phases()

        def progress(message: str) -> None:
            if verbose:
                meter.clear()
                print(tr("{program}: {message}", program="dossier", message=message), file=sys.stderr, flush=True)

        from toolkit.gcpause import gc_paused

        # the records built live to the end of the command, which ends after the build: frozen, not walked again
        with meter, gc_paused(freeze=True):
            progress(tr("loading {paths}", paths=", ".join(map(str, sources))))
            report = build_from_files(sources, target, progress=progress, meter=meter)
        games = tr(", ").join(
            (tr("{game} {n}", game=word("game", game, current_lang()), n=count) for game, count in report.games.items())
        )
        if report.fts == "trigram+grams":
            index = tr("{fts} trigrams + Chinese character pairs", fts="FTS5")
        elif report.fts == "trigram":
            index = tr("{fts} trigrams", fts="FTS5")
        elif report.fts == "pg_trgm":
            index = "pg_trgm"
        else:
            index = tr("none (text search scans)")
        print(
            trn(
                "built {target}: {n} record ({games}) in {seconds} s; text index: {index}",
                "built {target}: {n} records ({games}) in {seconds} s; text index: {index}",
                report.records,
                target=report.target,
                games=games,
                seconds=f"{report.seconds:.2f}",
                index=index,
            )
        )

    app.add_typer(db_app, name="db")
