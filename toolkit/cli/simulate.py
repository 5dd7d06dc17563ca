"""`dossier simulate`: validate two decks, then play them against each other with random legal choices."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from toolkit.cli.app import OutputFormat
from toolkit.errors import DossierError

GAMES = ("tactics", "netrunner")


def simulate(
    game: Annotated[
        str, typer.Argument(help="The game: tactics or netrunner (crossfire has `dossier crossfire simulate`).")
    ],
    decks: Annotated[
        list[Path],
        typer.Option(
            "--decks", help="Two deck files, one per player (repeat the option); netrunner: a corp and a runner deck."
        ),
    ],
    turns: Annotated[
        int,
        typer.Option(
            "--turns", min=1, max=500, help="Turns to play (all players in seat order; netrunner: corp first)."
        ),
    ] = 10,
    seed: Annotated[int, typer.Option("--seed", help="Seed for shuffles, dice and choices.")] = 0,
    cards: Annotated[list[Path] | None, typer.Option("--cards", help="Card pool directory (repeatable).")] = None,
    format: Annotated[OutputFormat, typer.Option("--format", "-f", help="text or json.")] = OutputFormat.text,
) -> None:
    """Validate both decks (an illegal deck is refused with its findings), then play N turns; same seed, same log.

    Netrunner: one corp and one runner deck, in either order; the corp takes the first turn and each
    side spends all its clicks on random legal actions until the turns run out or the game ends.
    """
    from toolkit.cli.deck import load_pool

    if game not in GAMES:
        hint = "; crossfire tables: `dossier crossfire simulate`" if game == "crossfire" else ""
        raise DossierError(f"simulate plays {' or '.join(GAMES)} decks, not {game}{hint}")
    if len(decks) != 2:
        raise DossierError(f"--decks takes two deck files (one per player), not {len(decks)}")
    pool = load_pool(cards)
    loaded = _legal_decks(decks, game, pool)
    modes = {d.deck.mode for d in loaded if d.deck}
    if len(modes) != 1:
        raise DossierError(f"the decks are for different modes: {', '.join(sorted(modes))}")
    if game == "netrunner":
        _simulate_netrunner(loaded, modes.pop(), pool, turns, seed, format)
        return
    from toolkit.engine.simulate import simulate_tactics

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


def _legal_decks(paths: list[Path], game: str, pool: Any) -> list[Any]:
    """Read both decks and validate them; any error is printed and the simulation refused (exit 1)."""
    from toolkit.decks import read_deck
    from validators.deck import validate_deck

    defaults = pool.default_modes() if game == "netrunner" else None
    loaded = [read_deck(path, pool.names, game=game, default_modes=defaults) for path in paths]
    refused = []
    for deck in loaded:
        findings = list(deck.findings)
        if deck.deck is not None:
            if deck.deck.game != game:
                raise DossierError(f"{deck.path}: a {deck.deck.game} deck, not {game}")
            findings += [deck.locate(f) for f in validate_deck(deck.deck, pool.rules).findings]
        refused += [f for f in findings if f.severity == "error"]
    if refused:
        for finding in refused:
            typer.echo(finding.format(), err=True)
        raise DossierError("refusing to simulate: the decks above are not legal", exit_code=1)
    return loaded


def _simulate_netrunner(loaded: list[Any], fmt: str, pool: Any, turns: int, seed: int, format: OutputFormat) -> None:
    """Sort the two legal decks by their identity's side, play them, print the log and the final state."""
    from toolkit.engine.netrunner import SEATS
    from toolkit.engine.simulate import simulate_netrunner

    identities = pool.rules.game("netrunner").records
    by_side: dict[str, Any] = {}
    for deck in loaded:
        side = getattr(identities.get(deck.deck.identity), "side", None)
        if side not in ("corp", "runner"):
            raise DossierError(f"{deck.path}: {deck.deck.identity!r} is not a netrunner identity", exit_code=1)
        if side in by_side:
            raise DossierError(
                f"{by_side[side].path} and {deck.path} are both {side} decks; "
                "netrunner needs one corp deck and one runner deck"
            )
        by_side[side] = deck
    played = simulate_netrunner(pool.records, {s: d.deck for s, d in by_side.items()}, turns, seed, fmt)
    state = played.state()
    if format == "json":
        print(json.dumps({"log": played.log.to_json(), "state": state}, ensure_ascii=False, indent=2))
        return
    sides = {seat: side for side, seat in SEATS.items()}
    for event in played.log:
        data = " ".join(f"{k}={v}" for k, v in event.data.items())
        who = f"{sides[event.player]} " if event.player else ""
        print(f"{event.seq:>4} {who}{event.kind} {data}".rstrip())
    for p in state["players"]:
        numbers = " ".join(f"{k} {v}" for k, v in p.items() if k not in ("seat", "side", "identity"))
        print(f"{p['side']} ({p['identity']}): {numbers}")
    if state["winner"] is not None:
        print(f"game over: the {state['winner']} wins ({state['reason']})")


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate)
