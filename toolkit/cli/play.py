"""`dossier play netrunner`: play a whole game from the terminal as either side against a player of the machine."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from toolkit.cli._lang import LangOption
from toolkit.cli._options import OUTPUT_FILE
from toolkit.errors import DossierError


def play(
    game: Annotated[str, typer.Argument(help="The game: netrunner.")],
    decks: Annotated[list[Path], typer.Option("--decks", help="The corp and the runner deck (either order).")],
    side: Annotated[str, typer.Option("--side", help="The side you play: corp or runner.")] = "runner",
    opponent: Annotated[
        str, typer.Option("--opponent", help="The machine's player: heuristic or random.")
    ] = "heuristic",
    seed: Annotated[int, typer.Option("--seed", help="Seed for shuffles and the machine's choices.")] = 0,
    turns: Annotated[int, typer.Option("--turns", min=1, max=500, help="Turns to play at most.")] = 200,
    cards: Annotated[list[Path] | None, typer.Option("--cards", help="Card pool directory (repeatable).")] = None,
    save: Annotated[
        Path | None,
        typer.Option("--save", help="Write the game (seed, decks, decisions) here when it stops.", **OUTPUT_FILE),
    ] = None,
    load: Annotated[Path | None, typer.Option("--load", help="Go on with a game written by --save.")] = None,
    lang: LangOption = None,
) -> None:
    """Play a whole Netrunner game from the terminal as either side against the machine's player.

    You decide for your side, seeing what that side may see; the machine decides for the other. End of input
    (Ctrl-D) stops the game; with --save it can go on later with --load."""
    from toolkit.cli._lang import LogNames, output_lang
    from toolkit.cli.deck import load_pool
    from toolkit.cli.simulate import _legal_decks, _sides
    from toolkit.engine.core import EngineError
    from toolkit.engine.netrunner.players import make_policy
    from toolkit.engine.netrunner.saved import game_record, replay_game
    from toolkit.engine.netrunner.terminal import TerminalPolicy
    from toolkit.i18n import t, tn, word
    from toolkit.jsonio import atomic_write_text

    if game != "netrunner":
        raise DossierError(f"play plays netrunner, not {game}")
    if side not in ("corp", "runner"):
        raise DossierError(f"--side {side!r}: choose corp or runner")
    if opponent not in ("heuristic", "random"):
        raise DossierError(f"--opponent {opponent!r}: choose heuristic or random")
    language = output_lang(lang)
    pool = load_pool(cards)
    loaded = _legal_decks(decks, "netrunner", pool)
    by_side = _sides(loaded, pool)
    other = "runner" if side == "corp" else "corp"
    policies = {side: TerminalPolicy(lang=language), other: make_policy(opponent, other, seed)}
    deck_map = {s: d.deck for s, d in by_side.items()}
    if load is not None:
        from toolkit.cli._options import read_json_input

        data = read_json_input(load)[0]
        try:
            played = replay_game(pool.records, data, policies)
        except (EngineError, KeyError, TypeError, ValueError) as exc:
            raise DossierError(f"{load}: not a saved game this pool can replay: {exc}", exit_code=1) from None
    else:
        from toolkit.engine.netrunner import NetrunnerGame

        played = NetrunnerGame(pool.records, seed=seed, decks=deck_map, fmt=loaded[0].deck.mode, policies=policies)
    try:
        played.play_game(max_turns=turns)
    except EOFError:
        typer.echo("\n" + t(language, "stopped: end of input"))
    except EngineError as exc:
        raise DossierError(str(exc), exit_code=1) from None
    finally:
        if save is not None:
            atomic_write_text(
                save, json.dumps(game_record(played, deck_map, turns), ensure_ascii=False, indent=1) + "\n"
            )
    if played.over:
        names = LogNames(pool.records, language)
        typer.echo(
            tn(
                language,
                "game over: the {side} wins ({reason}) after {n} turn",
                "game over: the {side} wins ({reason}) after {n} turns",
                played.turns,
                side=word("side", str(played.winner), language),
                reason=names.say("reason", played.end_reason),
            )
        )


def register(app: typer.Typer) -> None:
    app.command("play")(play)
