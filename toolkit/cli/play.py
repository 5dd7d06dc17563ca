"""`dossier play netrunner|tactics`: play a whole game from the terminal against a player of the machine."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Any

import typer

from toolkit.cli._help import help_text
from toolkit.cli._lang import LangOption
from toolkit.cli._options import (
    OUTPUT_FILE,
    THINK_OPTION,
    check_saved_game_target,
    check_seed,
    think_seconds,
    with_think,
)
from toolkit.errors import DossierError
from toolkit.i18n import tr
from toolkit.i18n.words import N_

PLAY_HELP = help_text(
    N_("Play a whole Netrunner game (either side) or tactics game (one seat) from the terminal against the "
       "machine's player."),  # fmt: skip
    N_(
        "You decide for your side, seeing what that side may see; the machine decides for the other. End of input "
        "(Ctrl-D) stops the game; with --save it can go on later with --load. At a terminal, a full-screen view of "
        "the map or the table, your hand, the options and the log (the arrow keys and Enter choose, digits jump to "
        "an option, `q` stops; tactics: `u` undoes your last decision); --plain, or input that is not a terminal, "
        "plays line by line (type a number or a label; tactics: `u` to undo)."
    ),
)


def play(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help=N_("The game: netrunner or tactics."))],
    decks: Annotated[
        list[Path] | None,
        typer.Option("--decks", help=N_("Netrunner: the corp and the runner deck (either order). Tactics: your deck, "
                                        "then the machine's (else a random legal deck of the mode with none of "
                                        "your agents).")),  # fmt: skip
    ] = None,
    side: Annotated[str, typer.Option("--side", help=N_("Netrunner: the side you play, corp or runner."))] = "runner",
    seat: Annotated[int, typer.Option("--seat", min=1, max=2, help=N_("Tactics: the seat you play, 1 or 2."))] = 1,
    opponent: Annotated[
        str,
        typer.Option(
            "--opponent",
            "--vs",
            help=N_("The machine's player: heuristic, random or search (it looks ahead; tactics: or brawler)."),
        ),
    ] = "heuristic",
    seed: Annotated[
        int, typer.Option("--seed", callback=check_seed, help=N_("Seed for shuffles and the machine's choices."))
    ] = 0,
    turns: Annotated[
        int, typer.Option("--turns", min=1, max=500, help=N_("Turns to play at most (tactics: rounds)."))
    ] = 200,
    cards: Annotated[list[Path] | None, typer.Option("--cards", help=N_("Card pool directory (repeatable)."))] = None,
    save: Annotated[
        Path | None,
        typer.Option("--save", help=N_("Write the game (seed, decks, decisions) here when it stops."), **OUTPUT_FILE),
    ] = None,
    load: Annotated[Path | None, typer.Option("--load", help=N_("Go on with a game written by --save."))] = None,
    think: Annotated[str | None, THINK_OPTION] = None,
    plain: Annotated[
        bool,
        typer.Option("--plain", help=N_("Line by line, never the full-screen view (the default at a terminal).")),
    ] = False,
    lang: LangOption = None,
) -> None:
    """``dossier play netrunner|tactics`` (its help: :data:`PLAY_HELP`)."""
    if game not in GAMES:  # the game first: its options are checked against it
        raise DossierError(tr("{command} plays {first} or {second}, not {other}", command="play", first="netrunner",
                              second="tactics", other=game))  # fmt: skip
    _refuse_unused(ctx, game, load is not None)
    if save is not None:
        check_saved_game_target(save)
    seconds = think_seconds(think)
    if seconds is not None and opponent != "search":
        raise DossierError(tr("{option} is for a player that looks ahead: add {add}", option="--think",
                              add="`--opponent search`"))  # fmt: skip
    opponent = with_think(opponent, seconds)
    if game == "tactics":
        _play_tactics(decks or [], seat, opponent, seed, turns, cards, save, load, lang, plain)
        return
    if load is None and not decks:
        raise DossierError(tr("{option}: give the corp and the runner deck", option="--decks"))
    decks = decks or []
    from toolkit.cli._lang import LogNames, output_lang
    from toolkit.cli.deck import load_pool
    from toolkit.cli.simulate import _legal_decks, _sides
    from toolkit.engine.core import EngineError, search_think
    from toolkit.engine.netrunner.players import PLAYERS, make_policy
    from toolkit.engine.netrunner.saved import game_record, replay_game
    from toolkit.engine.netrunner.terminal import TerminalPolicy
    from toolkit.i18n import tn, word

    if side not in ("corp", "runner"):
        raise DossierError(
            tr("{option} {value}: choose {first} or {second}", option="--side", value=repr(side), first="corp",
               second="runner")
        )  # fmt: skip
    if opponent not in PLAYERS and search_think(opponent) is None:
        raise DossierError(tr("{option} {value}: choose one of {choices}", option="--opponent", value=repr(opponent),
                              choices=tr(", ").join(PLAYERS)))  # fmt: skip
    language = output_lang(lang)
    pool = load_pool(cards)
    loaded = _legal_decks(decks, "netrunner", pool, tr("refusing to play: the decks above are not legal"))
    by_side = _sides(loaded, pool)
    other = "runner" if side == "corp" else "corp"
    data: Any = None
    if load is not None:
        from toolkit.cli._options import read_json_input

        data = read_json_input(load)[0]
        _other_game(load, data, "netrunner")
        if isinstance(data, dict) and isinstance(data.get("seed"), int):
            seed = data["seed"]  # the machine goes on with the saved game's seed, as it played it
    import sys

    from toolkit.engine.keys import is_terminal

    full = not plain and is_terminal(sys.stdin, sys.stdout)
    person: Any = TerminalPolicy(lang=language)
    if full:
        from rich.console import Console

        from toolkit.engine.keys import read_key
        from toolkit.engine.netrunner.screen import ScreenPolicy

        person = ScreenPolicy(Console(), lambda: read_key(sys.stdin), language)
    policies = {side: person, other: make_policy(opponent, other, seed)}
    deck_map = {s: d.deck for s, d in by_side.items()}
    if load is not None:
        try:
            played = replay_game(pool.records, data, policies)
        except (EngineError, KeyError, TypeError, ValueError) as exc:
            reason = " ".join(str(exc).split())  # an EngineError is worded in the language; the others are rare
            raise DossierError(
                tr("{path}: not a saved game this pool can replay: {reason}", path=load, reason=reason), exit_code=1
            ) from None
        from toolkit.models.deck import Deck

        deck_map = {s: Deck.model_validate(d) for s, d in data["decks"].items()}  # --save keeps the saved decks
    else:
        from toolkit.engine.netrunner import NetrunnerGame

        played = NetrunnerGame(pool.records, seed=seed, decks=deck_map, fmt=loaded[0].deck.mode, policies=policies)
    with _stopping(language, save, lambda: game_record(played, deck_map, turns)):
        if full:
            from toolkit.engine.keys import keys_of_terminal

            with keys_of_terminal(sys.stdin):  # cbreak mode while the game is played
                played.play_game(max_turns=turns)
        else:
            played.play_game(max_turns=turns)
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


GAMES = ("netrunner", "tactics")
FOR_GAME = {"side": ("--side", "netrunner"), "seat": ("--seat", "tactics")}  # an option of one game only
COMMANDS = {"netrunner": "`play netrunner`", "tactics": "`play tactics`"}
FROM_SAVE = {  # what a saved game keeps, per game: given with --load, the option would be dropped
    "netrunner": {"decks": "--decks", "seed": "--seed"},
    "tactics": {"decks": "--decks", "seat": "--seat", "seed": "--seed", "opponent": "--opponent", "turns": "--turns",
                "think": "--think"},
}  # fmt: skip


def _refuse_unused(ctx: typer.Context, game: str, loading: bool) -> None:
    """An option given that this game, or a game gone on with by ``--load``, does not use: one line (exit 2), never
    dropped without a word."""
    given = {name for name in ctx.params if _given(ctx, name)}
    for name, (option, other) in FOR_GAME.items():
        if name in given and other != game:
            raise DossierError(tr("{option} is for {other}", option=option, other=COMMANDS[other]))
    if loading:
        for name, option in FROM_SAVE[game].items():
            if name in given:
                raise DossierError(tr("{option} does not go with {load}: the saved game keeps its own", option=option,
                                      load="--load"))  # fmt: skip


def _given(ctx: typer.Context, name: str) -> bool:
    source = ctx.get_parameter_source(name)
    return source is not None and source.name not in ("DEFAULT", "DEFAULT_MAP")


def _other_game(load: Path, data: Any, game: str) -> None:
    """``--load`` of a game saved from the other game: one line naming the command that goes on with it."""
    import shlex

    from toolkit.filekinds import NOT_RECORDS, saved_game_of

    found = saved_game_of(data)
    if found is not None and found != game:
        command = f"`dossier play {found} --load {shlex.quote(str(load))}`"
        said = tr(NOT_RECORDS[f"{found}_game"])
        raise DossierError(tr("{path}: {what}; {command} goes on with it", path=load, what=said, command=command),
                           exit_code=1)  # fmt: skip


@contextlib.contextmanager
def _stopping(language: str, save: Path | None, record: Callable[[], dict[str, Any]]) -> Iterator[None]:
    """Around a game played at the terminal: end of input stops it, an engine error is one line (exit 1), and
    with ``--save`` the game (``record()``) is written whatever happened."""
    from toolkit.engine.core import EngineError
    from toolkit.i18n import t
    from toolkit.jsonio import atomic_write_text

    try:
        yield
    except EOFError:
        typer.echo("\n" + t(language, "stopped: end of input"))
    except EngineError as exc:
        raise DossierError(str(exc), exit_code=1) from None
    finally:
        if save is not None:
            atomic_write_text(save, json.dumps(record(), ensure_ascii=False, indent=1) + "\n")


def _play_tactics(decks: list[Path], seat: int, opponent: str, seed: int, rounds: int, cards: list[Path] | None,
                  save: Path | None, load: Path | None, lang: str | None, plain: bool = False) -> None:  # fmt: skip
    """``dossier play tactics``: a person on ``seat``, the machine's ``opponent`` on the other."""
    import random

    from toolkit.cli._lang import LogNames, output_lang
    from toolkit.cli.deck import load_pool
    from toolkit.cli.simulate import _legal_decks
    from toolkit.decks.random_deck import deck_card_ids, random_legal_deck
    from toolkit.engine.core import EngineError
    from toolkit.engine.tactics.session import HUMAN, TacticsSession, TacticsSetup
    from toolkit.engine.tactics.terminal import play_terminal
    from toolkit.i18n import t, tr

    if opponent not in ("heuristic", "brawler", "random", "search") and not opponent.startswith("search:"):
        raise DossierError(tr("{option} {value}: choose one of {choices}", option="--opponent", value=repr(opponent),
                              choices=tr(", ").join(("heuristic", "brawler", "random", "search"))))  # fmt: skip
    language = output_lang(lang)
    pool = load_pool(cards)
    records = list(pool.records)
    if load is not None:
        from toolkit.cli._options import read_json_input

        data = read_json_input(load)[0]
        _other_game(load, data, "tactics")
        try:
            session = TacticsSession.from_json(records, data)
        except EngineError as exc:
            raise DossierError(tr("{path}: not a saved game this pool can replay: {reason}", path=load,
                                  reason=" ".join(str(exc).split())), exit_code=1) from None  # fmt: skip
        people = [i for i, kind in enumerate(session.setup.players, 1) if kind == HUMAN]
        seat = people[0] if people else seat
    else:
        if not 1 <= len(decks) <= 2:
            raise DossierError(tr("{option}: give your deck, and the machine's if you like (1 or 2 files)",
                                  option="--decks"))  # fmt: skip
        refusal = tr("refusing to play: the decks above are not legal")
        loaded = [d.deck for d in _legal_decks(decks, "tactics", pool, refusal)]
        mine = loaded[0]
        if len(loaded) == 2:
            theirs = loaded[1]
        else:
            theirs = random_legal_deck(records, mine.mode, random.Random(seed), name="machine", taken=mine.agents or [])
        if theirs.mode != mine.mode:
            raise DossierError(tr("{first} and {second} are decks of different modes", first=decks[0], second=decks[1]))
        shared = sorted(set(mine.agents or []) & set(theirs.agents or []) - {"private"})
        if shared:
            raise DossierError(tr("{agent} is in both squads: one piece per agent (T24)", agent=", ".join(shared)))
        order = [mine, theirs] if seat == 1 else [theirs, mine]
        kinds = [HUMAN, opponent] if seat == 1 else [opponent, HUMAN]
        setup = TacticsSetup(mine.mode, [list(d.agents or []) for d in order], [deck_card_ids(d) for d in order], kinds,
                             seed=seed, rounds=rounds)  # fmt: skip
        try:
            session = TacticsSession(records, setup)
        except EngineError as exc:
            raise DossierError(str(exc), exit_code=1) from None
    names = LogNames(records, language)
    with _stopping(language, save, session.to_json):
        import sys

        from toolkit.engine.keys import is_terminal

        if plain or not is_terminal(sys.stdin, sys.stdout):
            play_terminal(session, seat, language, names)
        else:
            from rich.console import Console

            from toolkit.engine.keys import keys_of_terminal
            from toolkit.engine.tactics.screen import play_screen

            with keys_of_terminal(sys.stdin) as keys:
                play_screen(session, seat, language, names, Console(), keys)
    if session.pending is None:
        result = session.result()
        winners = ", ".join(f"P{w}" for w in result["winners"]) or "–"
        from toolkit.engine.logwords import word

        reason = str(result["reason"])
        typer.echo(t(language, "game over after {n} rounds: {winners} ({reason})", n=result["rounds"],
                     winners=winners, reason=word("reason", reason, language) or reason))  # fmt: skip


def register(app: typer.Typer) -> None:
    app.command("play", help=PLAY_HELP)(play)
