"""``dossier text coverage``: which abilities of the card data simulated games reach and change (tactics)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from toolkit.cli.app import OutputFormat
from toolkit.errors import DossierError


def coverage(
    game: Annotated[str, typer.Option("--game", help="The game whose games are simulated: tactics.")] = "tactics",
    games: Annotated[int, typer.Option("--games", min=1, max=10_000, help="Games to play.")] = 150,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the decks and the games; same seed, same report.")] = 0,
    jobs: Annotated[int, typer.Option("--jobs", min=1, max=64, help="Processes to play the games in.")] = 1,
    cards: Annotated[list[Path] | None, typer.Option("--cards", help="Card pool directory (repeatable).")] = None,
    summary: Annotated[bool, typer.Option("--summary", help="Text: leave out the line per ability.")] = False,
    format: Annotated[OutputFormat, typer.Option("--format", "-f", help="text or json.")] = OutputFormat.text,
) -> None:
    """Simulate seeded games and report which abilities of the cards they reach and which change the game.

    The games use random legal decks and decks that rotate through every card (bench/coverage.py has the
    details); the report lists every ability, the ones never reached or never changing, and the totals.
    """
    if game != "tactics":
        raise DossierError(f"--game {game}: ability coverage is measured for tactics games only")
    from toolkit.catalog import load_catalog
    from toolkit.coverage import run_coverage
    from toolkit.paths import CARDS_DIR

    records = load_catalog(cards or [CARDS_DIR / "tactics"]).records
    if not any(getattr(r, "kind", None) == "map" and getattr(r, "game", None) == "tactics" for r in records):
        raise DossierError("the card pool has no tactics map (cards/tactics/maps/); games need one")
    report = run_coverage(records, games=games, seed=seed, jobs=jobs)
    if format == "json":
        print(json.dumps(report.to_json(), ensure_ascii=False, indent=2))
    else:
        print(report.format_text(every=not summary))


def register(app: typer.Typer) -> None:
    """Adds ``coverage`` to the ``dossier text`` group (defined in toolkit/cli/text.py)."""
    from toolkit.cli.text import text_app

    text_app.command("coverage")(coverage)
