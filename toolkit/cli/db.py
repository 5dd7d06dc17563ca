"""`dossier db build`: load card records into the database (SQLite file or PostgreSQL), atomically."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from toolkit.cli._help import help_text
from toolkit.i18n.words import N_

if TYPE_CHECKING:
    from toolkit.db import Database

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
    ),
]


def open_for_reading(db: str | None) -> Database:
    """The database ``search`` and ``show`` read: ``--db``, else ``$DOSSIER_DB``, else ``./dossier.db``; when
    none of them is given or there, a database of the configured card pool (``--cards`` pool, as ``db build``
    takes it) kept in the user's cache, built on first use and again when the cards change (one note on
    stderr), so that ``dossier show ID`` works in any directory without a ``dossier db build`` first."""
    import hashlib
    import os

    from toolkit.db import open_database
    from toolkit.db.engine import DEFAULT_FILE, ENV_VAR

    if db is not None or os.environ.get(ENV_VAR) or Path(DEFAULT_FILE).exists():
        return open_database(db)
    from toolkit.cachedir import user_cache_dir
    from toolkit.cli.app import default_paths
    from toolkit.db import build_from_files, resolve_target
    from toolkit.db.fresh import changed_sources
    from toolkit.i18n import tr

    sources = [path.resolve() for path in default_paths(None)]
    key = hashlib.sha256("\n".join(map(str, sources)).encode("utf-8", "surrogateescape")).hexdigest()[:16]
    path = user_cache_dir("db", f"{key}.db")
    if path.is_file():
        try:
            database = open_database(str(path))
        except Exception:  # built by another version, or damaged: built again below
            database = None
        if database is not None and not changed_sources(database.meta):
            return database
    path.parent.mkdir(parents=True, exist_ok=True)
    print(
        tr(
            "{program}: no {file} here: building the card database in {path} (once; {command} makes one here)",
            program="dossier",
            file=DEFAULT_FILE,
            path=path,
            command="`dossier db build`",
        ),
        file=sys.stderr,
        flush=True,
    )
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
        cards: Annotated[
            list[Path] | None,
            typer.Option("--cards", help=N_("Card directory (repeatable). Default: cards/ here, else the bundled data.")),
        ] = None,
        verbose: Annotated[bool, typer.Option("--verbose", "-v", help=N_("Print progress to stderr."))] = False,
    ) -> None:
        """``dossier db build`` (its help is given to the decorator)."""
        from toolkit.cli.app import default_paths
        from toolkit.cli.progress import Phases
        from toolkit.db import build_from_files, resolve_target
        from toolkit.i18n import current_lang, tr, trn, word

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
