"""`dossier simulate`: validate two decks, then play them against each other with random legal choices."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from toolkit.cli.app import OutputFormat
from toolkit.errors import DossierError


def simulate(
    game: Annotated[str, typer.Argument(help="The game: tactics (crossfire has `dossier crossfire simulate`).")],
    decks: Annotated[list[Path], typer.Option("--decks", help="Two deck files, one per player (repeat the option).")],
    turns: Annotated[
        int, typer.Option("--turns", min=1, max=500, help="Turns to play (all players in seat order).")
    ] = 10,
    seed: Annotated[int, typer.Option("--seed", help="Seed for shuffles, dice and choices.")] = 0,
    cards: Annotated[list[Path] | None, typer.Option("--cards", help="Card pool directory (repeatable).")] = None,
    format: Annotated[OutputFormat, typer.Option("--format", "-f", help="text or json.")] = OutputFormat.text,
) -> None:
    """Validate both decks (an illegal deck is refused with its findings), then play N turns; same seed, same log."""
    from toolkit.cli.deck import load_pool
    from toolkit.decks import read_deck
    from toolkit.engine.simulate import simulate_tactics
    from validators.deck import validate_deck

    if game != "tactics":
        hint = "; crossfire tables: `dossier crossfire simulate`" if game == "crossfire" else ""
        raise DossierError(f"simulate plays tactics decks; the {game} interpreter is not built yet{hint}")
    if len(decks) != 2:
        raise DossierError(f"--decks takes two deck files (one per player), not {len(decks)}")
    pool = load_pool(cards)
    loaded = [read_deck(path, pool.names, game="tactics") for path in decks]
    refused = []
    for deck in loaded:
        findings = list(deck.findings)
        if deck.deck is not None:
            if deck.deck.game != "tactics":
                raise DossierError(f"{deck.path}: a {deck.deck.game} deck, not tactics")
            findings += [deck.locate(f) for f in validate_deck(deck.deck, pool.rules).findings]
        refused += [f for f in findings if f.severity == "error"]
    if refused:
        for finding in refused:
            typer.echo(finding.format(), err=True)
        raise DossierError("refusing to simulate: the decks above are not legal", exit_code=1)
    modes = {d.deck.mode for d in loaded if d.deck}
    if len(modes) != 1:
        raise DossierError(f"the decks are for different modes: {', '.join(sorted(modes))}")
    played = simulate_tactics(
        pool.records,
        modes.pop(),
        [d.deck.agents or [] for d in loaded if d.deck],
        [[cid for cid, n in sorted(d.deck.cards.items()) for _ in range(n)] for d in loaded if d.deck],
        turns,
        seed,
    )
    if format == "json":
        print(json.dumps({"log": played.log.to_json(), "state": played.state()}, ensure_ascii=False, indent=2))
        return
    for event in played.log:
        data = " ".join(f"{k}={v}" for k, v in event.data.items())
        who = f"P{event.player} " if event.player else ""
        print(f"{event.seq:>4} {who}{event.kind} {data}".rstrip())


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate)
