"""`dossier play netrunner`: play a whole game from the terminal as either side against a player of the machine."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from toolkit.cli._help import help_text
from toolkit.cli._lang import LangOption
from toolkit.cli._options import OUTPUT_FILE
from toolkit.errors import DossierError
from toolkit.i18n.words import N_

PLAY_HELP = help_text(
    N_("Play a whole Netrunner game from the terminal as either side against the machine's player."),
    N_(
        "You decide for your side, seeing what that side may see; the machine decides for the other. End of input "
        "(Ctrl-D) stops the game; with --save it can go on later with --load."
    ),
)


def play(
    game: Annotated[str, typer.Argument(help=N_("The game: netrunner."))],
    decks: Annotated[list[Path], typer.Option("--decks", help=N_("The corp and the runner deck (either order)."))],
    side: Annotated[str, typer.Option("--side", help=N_("The side you play: corp or runner."))] = "runner",
    opponent: Annotated[
        str, typer.Option("--opponent", help=N_("The machine's player: heuristic or random."))
    ] = "heuristic",
    seed: Annotated[int, typer.Option("--seed", help=N_("Seed for shuffles and the machine's choices."))] = 0,
    turns: Annotated[int, typer.Option("--turns", min=1, max=500, help=N_("Turns to play at most."))] = 200,
    cards: Annotated[list[Path] | None, typer.Option("--cards", help=N_("Card pool directory (repeatable)."))] = None,
    save: Annotated[
        Path | None,
        typer.Option("--save", help=N_("Write the game (seed, decks, decisions) here when it stops."), **OUTPUT_FILE),
    ] = None,
    load: Annotated[Path | None, typer.Option("--load", help=N_("Go on with a game written by --save."))] = None,
    lang: LangOption = None,
) -> None:
    """``dossier play netrunner`` (its help: :data:`PLAY_HELP`)."""
    from toolkit.cli._lang import LogNames, output_lang
    from toolkit.cli.deck import load_pool
    from toolkit.cli.simulate import _legal_decks, _sides
    from toolkit.engine.core import EngineError
    from toolkit.engine.netrunner.players import make_policy
    from toolkit.engine.netrunner.saved import game_record, replay_game
    from toolkit.engine.netrunner.terminal import TerminalPolicy
    from toolkit.i18n import t, tn, tr, word
    from toolkit.jsonio import atomic_write_text

    if game != "netrunner":
        raise DossierError(tr("{command} plays {game}, not {other}", command="play", game="netrunner", other=game))
    if side not in ("corp", "runner"):
        raise DossierError(
            tr("{option} {value}: choose {first} or {second}", option="--side", value=repr(side), first="corp",
               second="runner")
        )  # fmt: skip
    if opponent not in ("heuristic", "random"):
        raise DossierError(
            tr("{option} {value}: choose {first} or {second}", option="--opponent", value=repr(opponent),
               first="heuristic", second="random")
        )  # fmt: skip
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
            reason = " ".join(str(exc).split())  # an EngineError is worded in the language; the others are rare
            raise DossierError(
                tr("{path}: not a saved game this pool can replay: {reason}", path=load, reason=reason), exit_code=1
            ) from None
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
    app.command("play", help=PLAY_HELP)(play)
