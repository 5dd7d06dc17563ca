"""`dossier import netrunnerdb PATH` and `dossier import csv FILE`: other tools' card data as Dossier records."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from toolkit.cli._help import help_text
from toolkit.errors import DossierError
from toolkit.i18n.words import N_, Nc_

# the kinds of records an import writes, as its summary counts them
RECORD_KINDS = {
    "card": Nc_("record kind", "card"),
    "faction": Nc_("record kind", "faction"),
    "format": Nc_("record kind", "format"),
    "game": Nc_("record kind", "game"),
    "identity": Nc_("record kind", "identity"),
    "mode": Nc_("record kind", "mode"),
}


class Layout(StrEnum):
    auto = "auto"
    v1 = "v1"
    v2 = "v2"


def register(app: typer.Typer) -> None:
    import_app = typer.Typer(name="import", help=N_("Import other tools' card data."), no_args_is_help=True)

    @import_app.command(
        "netrunnerdb",
        help=help_text(
            N_("Import NetrunnerDB cards, factions, ban lists and formats as netrunner records."),
            N_(
                "Chinese names and text come from translations/zh-hans where present; every field that could not "
                "be imported is listed. Then: `dossier lint DIR`, `dossier db build --cards DIR`."
            ),
        ),
    )
    def netrunnerdb(
        path: Annotated[Path, typer.Argument(help=N_("A netrunner-cards-json checkout (v2/ or the v1 pack/ layout)."))],
        into: Annotated[
            Path | None,
            typer.Option(
                "--into",
                help=N_(
                    "Output directory (replaced as a whole). Default: $XDG_DATA_HOME/dossier/netrunnerdb "
                    "or ~/.local/share/dossier/netrunnerdb."
                ),
                show_default=False,
            ),
        ] = None,
        layout: Annotated[Layout, typer.Option("--layout", help=N_("auto (v2 when present), v1 or v2."))] = Layout.auto,
    ) -> None:
        """``dossier import netrunnerdb`` (its help is given to the decorator)."""
        from toolkit.cli.progress import Phases
        from toolkit.i18n import current_lang, tc, tr
        from toolkit.importers import import_netrunnerdb

        with Phases() as meter:
            report = import_netrunnerdb(path, into, layout=layout.value, meter=meter)
        for line in report.lines():
            print(tr("warning: {message}", message=line), file=sys.stderr)
        lang = current_lang()
        counts = tr(", ").join(
            tr("{n} {kind}", n=count, kind=tc(lang, *RECORD_KINDS[kind]) if kind in RECORD_KINDS else kind)
            for kind, count in report.counts.items()
        )
        print(
            tr(
                "imported {counts} from the {layout} layout of {path} into {into}",
                counts=counts,
                layout=report.layout,
                path=path,
                into=report.into,
            )
        )

    @import_app.command(
        "csv",
        help=help_text(
            N_("Import records from a spreadsheet: a header row of field names, one record per row."),
            N_(
                "Columns are fields, dotted when nested (cost.mortgage, equipment.attack.range.max); the name is "
                "name.zh-Hans and name.en (or zh-Hans, en). A list comes from repeated columns (text, text), "
                "numbered ones (text.0, text.1) or one cell split on line breaks (free text) or commas (subtypes). "
                "Cells are read by the field's type; an empty cell leaves the field out. The id is the id column, "
                "else made from the English name. Every record is linted among the game's data first; errors name "
                "row and column, and nothing is written while any row has one (exit 1). A file with other content "
                "is replaced only with --force."
            ),
        ),
    )
    def csv(
        path: Annotated[Path, typer.Argument(help=N_("The sheet, saved as CSV (UTF-8; ',' ';' or tab)."))],
        game: Annotated[
            str, typer.Option("--game", "-g", help=N_("The game of every row: tactics, netrunner, crossfire."))
        ],
        into: Annotated[
            Path, typer.Option("--into", help=N_("The game's data directory: records go to DIR/<kind dir>/<id>.json."))
        ],
        kind: Annotated[
            str, typer.Option("--kind", "-k", help=N_("The kind of every row (card, agent, identity, …)."))
        ] = "card",
        force: Annotated[bool, typer.Option("--force", help=N_("Replace files that exist with other content."))] = False,
        dry_run: Annotated[bool, typer.Option("--dry-run", help=N_("Read and lint; write nothing."))] = False,
        encoding: Annotated[
            str | None,
            typer.Option(
                "--encoding", help=N_("The sheet's encoding when not UTF-8/UTF-16 (e.g. gb18030)."), show_default=False
            ),
        ] = None,
        cards: Annotated[
            list[Path] | None,
            typer.Option(
                "--cards", help=N_("Lint among this card data (repeatable; default: the card pool, else bundled).")
            ),
        ] = None,
    ) -> None:
        """``dossier import csv`` (its help is given to the decorator)."""
        from toolkit.cli.progress import Phases
        from toolkit.config import card_pool
        from toolkit.i18n import current_lang, tr, word
        from toolkit.importers.spreadsheet import import_csv
        from toolkit.paths import CARDS_DIR

        pool = card_pool(cards, default=[CARDS_DIR]).paths
        with Phases() as meter:
            result = import_csv(
                path,
                game=game,
                kind=kind,
                into=into,
                pool=pool,
                force=force,
                dry_run=dry_run,
                encoding=encoding,
                meter=meter,
            )
        for finding in result.findings:
            print(finding.format(), file=sys.stderr)
        if result.errors:
            raise DossierError(
                tr("{path}: {summary}; nothing written", path=path, summary=result.summary()),
                exit_code=1,
            )
        count = len(result.records) - len(result.unchanged) if dry_run else len(result.written)
        fields = {
            "path": path,
            "n": len(result.records),
            "game": word("game", game, current_lang()),
            "kind": kind,
            "count": count,
            "unchanged": len(result.unchanged),
            "into": into,
        }
        if dry_run:
            line = tr(
                "{path}: {n} {game} {kind} record(s); would write {count}, {unchanged} unchanged, in {into}", **fields
            )
        else:
            line = tr("{path}: {n} {game} {kind} record(s); wrote {count}, {unchanged} unchanged, in {into}", **fields)
        print(line)

    app.add_typer(import_app, name="import")
