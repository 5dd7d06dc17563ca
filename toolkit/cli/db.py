"""`dossier db build`: load card records into the database (SQLite file or PostgreSQL), atomically."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="Database: a file path or an SQLAlchemy URL (postgresql+psycopg://…[?schema=NAME]). "
        "Default: $DOSSIER_DB, else dossier.db in the working directory.",
        show_default=False,
    ),
]


def register(app: typer.Typer) -> None:
    db_app = typer.Typer(
        name="db",
        help="The card database (SQLite by default, PostgreSQL for shared servers).",
        no_args_is_help=True,
    )

    @db_app.command("build")
    def build(
        db: DbOption = None,
        cards: Annotated[
            list[Path] | None,
            typer.Option("--cards", help="Card directory (repeatable). Default: cards/ here, else the bundled data."),
        ] = None,
        verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Print progress to stderr.")] = False,
    ) -> None:
        """Build the database from card records, replacing the old one in one step.

        A reader never sees a half-built database; a failed or interrupted build
        leaves the previous one as it was. Building twice gives the same content.
        """
        from toolkit.cli.app import default_paths
        from toolkit.cli.progress import Phases
        from toolkit.db import build_from_files, resolve_target

        sources = default_paths(cards)
        target = resolve_target(db)
        meter = Phases()

        def progress(message: str) -> None:
            if verbose:
                meter.clear()
                print(f"dossier: {message}", file=sys.stderr, flush=True)

        with meter:
            progress(f"loading {', '.join(map(str, sources))}")
            report = build_from_files(sources, target, progress=progress, meter=meter)
        games = ", ".join(f"{game} {count}" for game, count in report.games.items())
        index = {
            "trigram+grams": "FTS5 trigrams + Chinese character pairs",
            "trigram": "FTS5 trigrams",
            "pg_trgm": "pg_trgm",
        }.get(report.fts, "none (text search scans)")
        print(
            f"built {report.target}: {report.records} records ({games}) in {report.seconds:.2f} s; text index: {index}"
        )

    app.add_typer(db_app, name="db")
