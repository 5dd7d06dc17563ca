"""`dossier import netrunnerdb PATH`: NetrunnerDB card data as Dossier records."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer


class Layout(StrEnum):
    auto = "auto"
    v1 = "v1"
    v2 = "v2"


def register(app: typer.Typer) -> None:
    import_app = typer.Typer(name="import", help="Import other tools' card data.", no_args_is_help=True)

    @import_app.command("netrunnerdb")
    def netrunnerdb(
        path: Annotated[Path, typer.Argument(help="A netrunner-cards-json checkout (v2/ or the v1 pack/ layout).")],
        into: Annotated[
            Path | None,
            typer.Option(
                "--into",
                help="Output directory (replaced as a whole). Default: $XDG_DATA_HOME/dossier/netrunnerdb "
                "or ~/.local/share/dossier/netrunnerdb.",
                show_default=False,
            ),
        ] = None,
        layout: Annotated[Layout, typer.Option("--layout", help="auto (v2 when present), v1 or v2.")] = Layout.auto,
    ) -> None:
        """Import NetrunnerDB cards, factions, ban lists and formats as netrunner records.

        Chinese names and text come from translations/zh-hans where present; every
        field that could not be imported is listed. Then: `dossier lint DIR`,
        `dossier db build --cards DIR`.
        """
        from toolkit.importers import import_netrunnerdb

        report = import_netrunnerdb(path, into, layout=layout.value)
        for line in report.lines():
            print(f"warning: {line}", file=sys.stderr)
        counts = ", ".join(f"{count} {kind}" for kind, count in report.counts.items())
        print(f"imported {counts} from the {report.layout} layout of {path} into {report.into}")

    app.add_typer(import_app, name="import")
