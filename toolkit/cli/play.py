"""`dossier play netrunner|tactics`: play a whole game from the terminal against a player of the machine."""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Any

import typer

from toolkit.cli._help import help_text
from toolkit.cli._lang import DeckLangOption
from toolkit.cli._options import (
    DRAWN_SEED_BITS,
    OUTPUT_FILE,
    THINK_OPTION,
    CardsOption,
    check_saved_game_target,
    check_seed,
    think_seconds,
    with_think,
)
from toolkit.cli.deck import DeckBanlistOption, DeckModeOption
from toolkit.config import ENV_LANG, output_lang
from toolkit.errors import DossierError
from toolkit.filekinds import go_on_command
from toolkit.i18n import tr
from toolkit.i18n.words import N_

PLAY_HELP = help_text(
    N_("Play a whole Netrunner game (either side) or tactics game (one seat) from the terminal against the "
       "machine's player."),  # fmt: skip
    N_(
        "You decide for your side, seeing what that side may see; the machine decides for the other. End of input "
        "(Ctrl-D) stops the game; with --save it can go on later with --load, which keeps the saved game's side or "
        "seat, opponent, seed, turns and language (an option that says otherwise is refused, but a higher --turns, "
        "which raises the limit: a game that stopped at it goes on; a --lang given wins). "
        "At a terminal, a full-screen view of the map or the table, your hand, the options and the log, fitted to "
        "the terminal's size (the arrow keys, Page Up/Down, Home and End move, Enter chooses, digits jump to an "
        "option, u undoes your last decision, r resigns once y confirms it, q or Esc stops); --plain, or input that "
        "is not a terminal, plays line by line: type an option's number (a number is always a place in the list, "
        "never a label), its label or its words, u to undo, or resign to resign (once y confirms it). Undo takes "
        "back only a decision that revealed nothing: not once the machine has played since, nor dice rolled, cards "
        "shuffled, cards seen or a psi game's bids revealed since. A resigned game is lost, and saved so. A game is "
        "saved with the machine's decisions sealed (a tactics game: and the squad and deck it made up for itself): "
        "the file tells nothing its side keeps hidden at a glance. But the game's seed is in it in plain text, and "
        "the seed rebuilds the deal (the machine's hand and deck; a tactics game: the squad and deck it made up): "
        "whoever replays the file with the engine sees them."
    ),
)



MAX_TURNS = 500  # the most --turns takes (a saved game's limit too: its turns, a tactics game's rounds)


def not_replayable(load: Any, reason: str, misfit: bool = False) -> DossierError:
    """The refusal of a saved game ``load`` that cannot be played again (exit 1): ``reason`` on one line; with
    ``misfit`` (its decisions stop fitting the game), what a user who saved it with an earlier version meets: the
    rules may have changed since, and it stops where they differ."""
    reason = " ".join(reason.split())
    if misfit:
        reason = tr("{reason} (a game saved before a change to the rules stops where the rules differ)", reason=reason)
    return DossierError(tr("{path}: not a saved game this pool can replay: {reason}", path=load, reason=reason),
                        exit_code=1)  # fmt: skip

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
        int | None,
        typer.Option("--seed", callback=check_seed, help=N_("Seed for shuffles and the machine's choices (default: "
                                                            "one at random, shown when the game ends).")),  # fmt: skip
    ] = None,
    turns: Annotated[
        int,
        typer.Option("--turns", min=1, max=MAX_TURNS,
                     help=N_("Turns to play at most (tactics: rounds); with --load, a limit higher than the saved "
                             "game's raises it.")),  # fmt: skip
    ] = 200,
    cards: CardsOption = None,
    save: Annotated[
        Path | None,
        typer.Option("--save", help=N_("Write the game (seed, decks, decisions) here when it stops."), **OUTPUT_FILE),
    ] = None,
    load: Annotated[Path | None, typer.Option("--load", help=N_("Go on with a game written by --save."))] = None,
    force: Annotated[
        bool,
        typer.Option("--force", help=N_("Let --save replace a game saved before (without it, --save writes over the "
                                        "game of --load only), and --load play a game whose cards changed since it "
                                        "was saved.")),  # fmt: skip
    ] = False,
    think: Annotated[str | None, THINK_OPTION] = None,
    replay: Annotated[
        Path | None,
        typer.Option("--replay", help=N_("Netrunner, with --load: write the saved game's self-contained HTML replay "
                                         "here (the table, every side's cards) instead of playing it; a game you "
                                         "played must be over (tactics: `dossier map replay`)."),
                     **OUTPUT_FILE),  # fmt: skip
    ] = None,
    plain: Annotated[
        bool,
        typer.Option("--plain", help=N_("Line by line, never the full-screen view (the default at a terminal).")),
    ] = False,
    mode: DeckModeOption = None,
    banlist: DeckBanlistOption = None,
    lang: DeckLangOption = None,
) -> None:
    """``dossier play netrunner|tactics`` (its help: :data:`PLAY_HELP`)."""
    from toolkit.cli.simulate import game_choices, named_game

    named = named_game(game)  # its id, or its name in either language (矩阵潜袭, Android: Netrunner)
    if named not in GAMES:  # the game first: its options are checked against it
        raise DossierError(tr("{command} plays {first} or {second}, not {other}", command="play",
                              first=game_choices(GAMES[:1]), second=game_choices(GAMES[1:]), other=game))  # fmt: skip
    game = named
    _refuse_other_game(ctx, game)
    data: Any = None
    if load is not None:
        from toolkit.cli._options import read_json_input

        if _given(ctx, "decks"):  # (before the file is read: the decks never go with a saved game)
            raise DossierError(tr("{option} does not go with {load}: the saved game keeps its own", option="--decks",
                                  load="--load"))  # fmt: skip
        data = read_json_input(load)[0]
        _other_game(load, data, game, cards)
        _refuse_broken(load, data, game)
    seconds = think_seconds(think)
    kept = _saved_options(game, data) if load is not None else {}
    if lang is None and isinstance(kept.get("lang"), str) and not os.environ.get(ENV_LANG):
        # the language the game was played in: a --lang given wins, and DOSSIER_LANG (`dossier --lang` sets it);
        # current at once, so that a refusal of the options given with the save is told in it too
        lang = kept["lang"]
        with contextlib.suppress(DossierError):  # (a saved language that is no longer ours: the game says so later)
            output_lang(lang)
    if not _given(ctx, "opponent") and isinstance(kept.get("opponent"), str):
        opponent = str(kept["opponent"]).split(":", 1)[0]  # the saved player, thinking as long as --think says
    if seconds is not None and opponent != "search":
        raise DossierError(tr("{option} is for a player that looks ahead: add {add}", option="--think",
                              add="`--opponent search`"))  # fmt: skip
    saved = kept.get("opponent")
    if seconds is None and isinstance(saved, str) and opponent == saved.split(":", 1)[0]:
        opponent = saved  # the saved player (an --opponent of its kind too): its own think time, unless --think
    else:
        opponent = with_think(opponent, seconds)
    if load is not None:
        _refuse_conflicts(ctx, game, kept, opponent)
        if _given(ctx, "turns") and "turns" in kept:  # a limit raised: the game goes on past the saved one
            data = _raised_limit(game, data, turns)
            kept["turns"] = turns
    if replay is not None:
        _replay_saved(load, data, replay, save, force, cards)
        return
    if save is not None:
        check_saved_game_target(save)
        _refuse_replacing(save, load, force)
    if game == "tactics":
        _play_tactics(decks or [], seat, opponent, seed, turns, cards, save, load, lang, plain, data, mode, force)
        return
    if load is None and not decks:
        raise DossierError(tr("{option}: give the corp and the runner deck", option="--decks"))
    if load is None and len(decks or []) != 2:  # (one deck is no game: the other side's is never made up)
        raise DossierError(tr("{option} takes two deck files (a corp and a runner deck), not {n}", option="--decks",
                              n=len(decks or [])))  # fmt: skip
    side = str(kept.get("side", side))
    turns = int(kept.get("turns", turns))
    _play_netrunner(decks or [], side, opponent, seed, turns, cards, save, load, lang, plain, data, mode, banlist,
                    force)


def _play_netrunner(decks: list[Path], side: str, opponent: str, seed: int | None, turns: int, cards: list[Path] | None,
                    save: Path | None, load: Path | None, lang: str | None, plain: bool, data: Any,
                    mode: str | None = None, banlist: str | None = None, force: bool = False) -> None:  # fmt: skip
    """``dossier play netrunner``: a person on ``side``, the machine's ``opponent`` on the other, played through a
    :class:`~toolkit.engine.netrunner.session.NetrunnerSession` (``u`` takes the person's last decision back with
    its undo; ``resign`` ends the game once confirmed: :mod:`toolkit.engine.netrunner.terminal`); ``data`` the saved
    game of ``load``, which is replayed (and refused before any play when it does not fit the game). ``mode`` and
    ``banlist``: the format and ban list the decks are read and checked under (``--mode``, ``--banlist``). The game
    is saved with its side, opponent and language (``lang``), and the side that resigned (a game loaded resigned is
    over: its log and how it ended are shown). A saved game whose cards changed since is refused (``force``: played
    all the same)."""
    import sys

    from toolkit.cli._lang import LogNames, deck_lang, output_lang
    from toolkit.cli.deck import load_pool
    from toolkit.cli.simulate import _legal_decks, _sides
    from toolkit.engine.core import EngineError, search_think
    from toolkit.engine.keys import is_terminal
    from toolkit.engine.netrunner import NetrunnerGame
    from toolkit.engine.netrunner.players import PLAYERS
    from toolkit.engine.netrunner.saved import game_record, opened
    from toolkit.engine.netrunner.screen import icon_words, resigned_reason
    from toolkit.engine.netrunner.state import SEATS, SIDE_OF_SEAT
    from toolkit.engine.netrunner.terminal import Resigned, TakenBack, TerminalPolicy, plain_line
    from toolkit.i18n import tn, word

    if side not in ("corp", "runner"):
        raise DossierError(
            tr("{option} {value}: choose {first} or {second}", option="--side", value=repr(side), first="corp",
               second="runner")
        )  # fmt: skip
    try:
        known = opponent in PLAYERS or search_think(opponent) is not None
    except EngineError:
        known = False
    if not known:
        raise DossierError(tr("{option} {value}: choose one of {choices}", option="--opponent", value=repr(opponent),
                              choices=tr(", ").join(PLAYERS)))  # fmt: skip
    if lang is not None:
        output_lang(lang)  # the decks' findings, if any, in the language asked for (as `simulate` reads them)
    pool = load_pool(cards)
    loaded = _legal_decks(decks, "netrunner", pool, tr("refusing to play: the decks above are not legal"), mode=mode,
                          banlist=banlist)  # fmt: skip
    language = deck_lang(lang, loaded)  # else the settings', else the decks' own (a saved game's: none)
    by_side = _sides(loaded, pool)
    other = "runner" if side == "corp" else "corp"
    kept_data = data  # (the saved game as its file holds it: the machine's decisions sealed)
    if load is not None:
        data = opened(data)  # the machine's sealed decisions, opened to be replayed
        if isinstance(data, dict) and isinstance(data.get("seed"), int):
            seed = data["seed"]  # the machine goes on with the saved game's seed, as it played it
        _refuse_changed_cards(load, pool.records, data, force)  # (before its decisions are blamed on the rules)
        _refuse_illegal_decks(load, pool, "netrunner", data, force)
        _refuse_misfit(load, pool.records, data, turns)
    seed, seed_line = _chosen_seed(seed, language)
    full = not plain and is_terminal(sys.stdin, sys.stdout)
    person: Any = TerminalPolicy(write=lambda line: print(plain_line(line, language)), lang=language)
    if full:
        from rich.console import Console

        from toolkit.engine.netrunner.screen import ScreenPolicy

        person = ScreenPolicy(Console(), _no_keys, language)  # its keys: the terminal's, in cbreak mode below
    if load is not None:
        base = {**data, "turns": turns}  # (its turns as kept: a broken number was left for --turns to say)
    else:
        deck_map = {s: d.deck for s, d in by_side.items()}
        fresh = NetrunnerGame(pool.records, seed=seed, decks=deck_map, fmt=loaded[0].deck.mode)
        base = game_record(fresh, deck_map, turns)
    state: dict[str, Any] = {"session": None, "resigned": data.get("resigned") if load is not None else None}

    def record() -> dict[str, Any]:  # (the machine's decisions sealed: the person's file shows nothing it hides)
        session = state["session"]
        unplayed = {**kept_data, "turns": turns} if load is not None else base  # (no session: the file as it was)
        kept = {**(session.saved(sealed=True) if session is not None else unplayed), "side": side,
                "opponent": opponent, "lang": language}  # fmt: skip
        return {**kept, "resigned": state["resigned"]} if state["resigned"] is not None else kept

    seat = SEATS[side]
    arm = _Machine(base, other, opponent, seed)

    def play() -> None:
        """The game played until it ends, the person stops it or resigns (said in ``state``)."""
        session = state["session"] = arm.session(pool.records, base, side)
        person.session = session  # (u undoes with it)
        if state["resigned"] is not None:  # a game saved resigned: over, shown as it ended
            return
        while session.pending is not None:
            decision = session.pending
            if decision.seat != seat:  # (a saved game of two people: the machine answers the other side's)
                session.apply(arm.machine.decide(session.game, decision))
                continue
            try:
                label = person.decide(session.game, decision)
            except TakenBack:  # the game replayed without the person's last decision: its player is armed again
                arm.arm(session)
                continue
            except Resigned:
                state["resigned"] = side
                return
            session.apply(label)

    loaded_decisions = len(data["decisions"]) if load is not None else 0
    with _stopping(language, save, record, loaded_decisions, "netrunner") as stop:
        if full:
            from toolkit.engine.keys import keys_of_terminal

            with keys_of_terminal(sys.stdin) as keys:  # cbreak mode while the game is played
                person.keys = keys
                play()
        else:
            play()
    if stop.how is not None:
        return
    played = state["session"].game
    resigned = state["resigned"]
    names = LogNames(pool.records, language)
    if full:  # the last screen: the table and the log as the game ended
        person.over(played, seat, resigned)
        typer.echo("")  # (the full-screen view's last line ends with no new line)
    else:  # the log's lines since the person's last decision: how the game ended
        events = played.log.seen_by(seat)

        def side_word(n: int) -> str:
            return word("side", SIDE_OF_SEAT.get(n, ""), language)

        for event in events[person.seen :]:
            typer.echo(icon_words(names.line(event.to_json(), side_word), language))
    if resigned is not None:  # the other side wins
        winner = "runner" if resigned == "corp" else "corp"
        typer.echo(tn(language, "game over: the {side} wins ({reason}) after {n} turn",
                      "game over: the {side} wins ({reason}) after {n} turns", played.turns,
                      side=word("side", winner, language), reason=resigned_reason(resigned, language),
                      n=played.turns))  # fmt: skip
    elif played.over:
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
    elif turns < MAX_TURNS:  # the turn limit came first: as `simulate` says it, and how to go on (--load, --turns)
        typer.echo(tn(language, "stopped at the turn limit ({n} turn); no winner ({option} raises the limit)",
                      "stopped at the turn limit ({n} turns); no winner ({option} raises the limit)", played.turns,
                      n=played.turns, option="--turns"))  # fmt: skip
    else:
        typer.echo(tn(language, "stopped at the turn limit ({n} turn); no winner",
                      "stopped at the turn limit ({n} turns); no winner", played.turns, n=played.turns))  # fmt: skip
    over = _over_line(language, stop.saved, "netrunner")
    if over is not None:
        typer.echo(over)
    if seed_line is not None:
        typer.echo(seed_line)


class _Machine:
    """The machine's player of a Netrunner game played through a session, and the session: ``opponent`` on the
    ``other`` side of the saved game ``record``. The session makes its machine's player by its name
    (:func:`~toolkit.engine.netrunner.session.is_machine`): a ``search`` that thinks as long as ``--think`` says is
    made so (``search:2``), and thinks that long from its first move; a saved game of two people is played as one
    (its windows as they were asked) with the CLI's own player (``machine``) on the other side. Each undo plays a
    new game (the session's), whose player is armed again (:meth:`arm`)."""

    def __init__(self, record: dict[str, Any], other: str, opponent: str, seed: int) -> None:
        from toolkit.engine.netrunner.players import make_policy
        from toolkit.engine.netrunner.saved import played_by_people
        from toolkit.engine.netrunner.session import PERSON
        from toolkit.engine.netrunner.state import SEATS

        self.people = played_by_people(record)
        self.seat = SEATS[other]
        self.machine: Any = make_policy(opponent, other, seed) if self.people else None
        self.name = PERSON if self.people else opponent

    def session(self, records: Any, record: dict[str, Any], side: str) -> Any:
        from toolkit.engine.netrunner.session import NetrunnerSession

        made = NetrunnerSession(records, record, side, self.name)
        self.arm(made)
        return made

    def arm(self, session: Any) -> None:
        """The machine's player in ``session``'s game: the CLI's own in a game of two people, else the session's
        (made by its name, its time with it)."""
        if self.machine is not None:
            session.game.policies[self.seat] = self.machine


def _chosen_seed(seed: int | None, language: str) -> tuple[int, str | None]:
    """``seed``, or (``--seed`` not given) one at random, with the line that says it (None for a seed given) so that
    the game can be played again. The line is said when the game is over (won, or at the turn limit), never before
    nor when it is only stopped (:func:`_stopping`): the seed gives the deal away (every hand, the order of each
    deck), and a stopped game may go on from its saved file. A seed chosen at random has
    :data:`~toolkit.cli._options.DRAWN_SEED_BITS` bits (from :mod:`secrets`, as the browser's games): what the
    person's side sees is a function of it, so a seed from a small range would be found by trying them all."""
    if seed is not None:
        return seed, None
    import secrets

    from toolkit.i18n import t

    seed = secrets.randbits(DRAWN_SEED_BITS)
    return seed, t(language, "seed {seed} (give {option} to play this game again)", seed=seed,
                   option=f"--seed {seed}")  # fmt: skip


def _no_keys() -> str:
    raise EOFError  # (the full-screen view's keys before the terminal is in cbreak mode: none)


GAMES = ("netrunner", "tactics")
FOR_GAME = {"side": ("--side", "netrunner"), "seat": ("--seat", "tactics"), "banlist": ("--banlist", "netrunner"),
            "replay": ("--replay", "netrunner")}  # an option of one game only (--mode names a mode of either)
COMMANDS = {"netrunner": "`play netrunner`", "tactics": "`play tactics`"}
FROM_SAVE = {  # what a saved game keeps, per game: given with --load, the option must say what the save says
    "netrunner": {"decks": "--decks", "side": "--side", "seed": "--seed", "opponent": "--opponent",
                  "turns": "--turns", "think": "--think", "mode": "--mode", "banlist": "--banlist"},
    "tactics": {"decks": "--decks", "seat": "--seat", "seed": "--seed", "opponent": "--opponent", "turns": "--turns",
                "think": "--think", "mode": "--mode"},
}  # fmt: skip


def _refuse_other_game(ctx: typer.Context, game: str) -> None:
    """An option given that only the other game uses: one line (exit 2), never dropped without a word."""
    for name, (option, other) in FOR_GAME.items():
        if _given(ctx, name) and other != game:
            raise DossierError(tr("{option} is for {other}", option=option, other=COMMANDS[other]))


def _saved_options(game: str, data: Any) -> dict[str, Any]:
    """What the saved game ``data`` keeps of the options (those it has and that are well formed: a field that is
    not is the replay's to refuse): ``seed``, ``turns``, ``opponent``, and ``side`` (Netrunner) or ``seat``
    (tactics), and ``lang`` (the language it was played in; ``--lang`` says it for a game saved before it was kept).
    A Netrunner game saved before it kept its side and opponent keeps neither: the options say them."""
    out: dict[str, Any] = {}
    if not isinstance(data, dict):
        return out

    def whole(value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    if game == "tactics":
        setup = data.get("setup")
        if not isinstance(setup, dict):
            return out
        out["seed"] = setup.get("seed", 0)
        out["turns"] = setup.get("rounds", 100)
        players = setup.get("players")
        if isinstance(players, list) and players.count("human") == 1:
            out["seat"] = players.index("human") + 1
            machines = [p for p in players if p != "human"]
            if machines and isinstance(machines[0], str):
                out["opponent"] = machines[0]
    else:
        out["seed"], out["turns"] = data.get("seed"), data.get("turns")
        if data.get("side") in ("corp", "runner"):
            out["side"] = data["side"]
        if isinstance(data.get("opponent"), str):
            out["opponent"] = data["opponent"]
    if data.get("lang") in ("en", "zh-Hans"):
        out["lang"] = data["lang"]
    for key in ("seed", "turns"):
        if not whole(out.get(key)) or (key == "turns" and not 1 <= out[key] <= MAX_TURNS):
            out.pop(key, None)
    return out


def _refuse_conflicts(ctx: typer.Context, game: str, kept: dict[str, Any], opponent: str) -> None:
    """With ``--load``: an option of :data:`FROM_SAVE` given with another value than the saved game keeps (``kept``)
    is refused in one line (exit 2); given with the same value it is taken (``--load g --side corp`` of a game the
    corp plays). ``--turns`` may be higher than the saved game's limit (turns, or a tactics game's rounds: the
    player's limit, no rule of the game or its mode), never lower: a game that stopped at its limit goes on.
    ``--decks`` is always refused; ``opponent`` is the machine's player the options make (``--think`` in it): its
    kind is weighed for ``--opponent``, its seconds for ``--think`` (``--opponent search`` of a game saved with
    ``search:0.5`` is taken, thinking 0.5 s; ``--think 2`` is refused)."""
    from toolkit.engine.core import search_think

    for name, option in FROM_SAVE[game].items():
        if not _given(ctx, name):
            continue
        if name in ("decks", "mode", "banlist"):  # (the decks are the saved game's, read and checked before)
            same = False
        elif name == "turns" and "turns" in kept:  # the limit is the player's, not a rule: it may be raised
            if ctx.params[name] < kept[name]:
                raise DossierError(tr("{option} {value} does not go with {load}: the saved game's limit is {limit}; "
                                      "{option} may only raise it", option=option, value=ctx.params[name],
                                      load="--load", limit=kept[name]))  # fmt: skip
            continue
        elif name == "opponent":  # (its kind, unless it names its seconds: else they are --think's)
            saved, given = str(kept.get("opponent", opponent)), str(ctx.params[name])
            same = saved == opponent or (":" not in given and saved.split(":", 1)[0] == opponent.split(":", 1)[0])
        elif name == "think":  # (the seconds: `search` thinks 1 s; --think of another player was refused before)
            same = "opponent" not in kept or search_think(str(kept["opponent"])) == search_think(opponent)
        else:
            same = name not in kept or kept[name] == ctx.params[name]
        if not same:
            raise DossierError(tr("{option} does not go with {load}: the saved game keeps its own", option=option,
                                  load="--load"))  # fmt: skip


def _raised_limit(game: str, data: dict[str, Any], turns: int) -> dict[str, Any]:
    """The saved game ``data`` with its limit raised to ``turns`` (``--turns`` with ``--load``: Netrunner's
    ``turns``, a tactics game's ``setup.rounds``), saved so."""
    if game == "tactics":
        return {**data, "setup": {**data["setup"], "rounds": turns}}
    return {**data, "turns": turns}


def _refuse_replacing(save: Path, load: Path | None, force: bool) -> None:
    """``--save`` naming a game saved before: refused in one line (exit 2) before any play, unless it is the game of
    ``--load`` (which goes on in it) or ``--force`` is given: a game a person played is not lost to a new one."""
    from toolkit.filekinds import saved_game_of

    if force or not save.is_file():
        return
    if load is not None:
        with contextlib.suppress(OSError):
            if save.samefile(load):
                return
    try:
        data = json.loads(save.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return  # (a file that is no JSON, unless empty, was refused before: check_saved_game_target)
    if saved_game_of(data) is not None:
        raise DossierError(tr("{path}: a saved game is there; not replaced (go on with it with {load}, or give {force} "
                              "to replace it)", path=save, load="--load", force="--force"))  # fmt: skip


def played_by_a_person(save: Path) -> bool:
    """Whether ``save`` is a game a person played and saved (``dossier play … --save``): a saved tactics game, or a
    saved Netrunner game that says the side the person played (``dossier simulate netrunner --save`` says none)."""
    from toolkit.filekinds import saved_game_of

    try:
        data = json.loads(save.read_text(encoding="utf-8-sig"))
    except (OSError, ValueError, RecursionError):
        return False
    game = saved_game_of(data)
    return game == "tactics" or (game == "netrunner" and "side" in data)


def refuse_replacing_played(save: Path, force: bool) -> None:
    """``dossier simulate … --save`` naming a game a person saved with ``dossier play``
    (:func:`played_by_a_person`): refused in one line (exit 2) before the game unless ``--force`` is given, as
    ``play`` refuses it (:func:`_refuse_replacing`); a game simulate saved is written again."""
    if not force and save.is_file() and played_by_a_person(save):
        raise DossierError(tr("{path}: a game saved by {command} is there; not replaced (give {force} to replace it)",
                              path=save, command="dossier play", force="--force"))  # fmt: skip


def _given(ctx: typer.Context, name: str) -> bool:
    source = ctx.get_parameter_source(name)
    return source is not None and source.name not in ("DEFAULT", "DEFAULT_MAP")


def _other_game(load: Path, data: Any, game: str, cards: list[Path] | None) -> None:
    """``--load`` of a game saved from the other game: one line naming the command that goes on with it, or that
    writes its replay once it is over (:func:`saved_game_command`)."""
    from toolkit.filekinds import NOT_RECORDS, saved_game_of

    found = saved_game_of(data)
    if found is not None and found != game:
        raise other_game_error(load, tr(NOT_RECORDS[f"{found}_game"]), *saved_game_command(load, data, found, cards))


def other_game_error(path: Path, what: str, command: str, over: bool) -> DossierError:
    """The one line (exit 1) that says the file ``path`` is ``what`` (a saved game, worded) and names ``command``
    (:func:`saved_game_command`): it goes on with the game, or (``over``) writes its replay."""
    if over:
        return DossierError(tr("{path}: {what} (the game is over); {command} writes its replay", path=path, what=what,
                               command=command), exit_code=1)  # fmt: skip
    return DossierError(tr("{path}: {what}; {command} goes on with it", path=path, what=what, command=command),
                        exit_code=1)  # fmt: skip


def saved_game_command(path: Path, data: Any, game: str, cards: list[Path] | None) -> tuple[str, bool]:
    """The command (quoted as a message gives it, the paths shell-quoted) for the game of ``game`` saved in ``path``
    (``data``: its JSON), and whether the game is over. A game not over goes on and is saved again, as the line of
    a stopped game gives it (``dossier play tactics --load g.json --save g.json``: without ``--save`` what is played
    is lost); one over (played to its end, or resigned) is replayed:
    ``dossier map replay MAP g.json --out g.html`` on the map it was played on, ``dossier play netrunner --load
    n.json --replay n.html``. Whether it is over is found by playing its decisions again with the pool of
    ``cards``; a game that does not play so (a field missing or of the wrong kind, no pool, its cards changed since,
    a decision that no longer fits) is given the command that goes on with it, which says what is wrong."""
    import shlex

    from toolkit.cli.deck import load_pool
    from toolkit.engine.core import EngineError
    from toolkit.filekinds import saved_changed_cards

    quoted = shlex.quote(str(path))
    page = path.with_suffix(".html") if path.suffix != ".html" else path.with_name(f"{path.name}.html")
    html = shlex.quote(str(page))
    with contextlib.suppress(DossierError, EngineError):
        _refuse_broken(path, data, game)  # (a file `--load` refuses: the command that goes on with it says why)
        records = list(load_pool(cards).records)
        if saved_changed_cards(records, data):  # (a replay refuses it too: `play --load --force` plays it)
            return go_on_command(game, path), False
        if game == "tactics":
            from toolkit.engine.tactics.session import TacticsSession

            saved = TacticsSession.from_json(records, data)
            if saved.pending is None and saved.game.board.map_id:
                return f"`dossier map replay {shlex.quote(saved.game.board.map_id)} {quoted} --out {html}`", True
        else:
            from toolkit.engine.netrunner.saved import opened
            from toolkit.engine.netrunner.session import NetrunnerSession

            data = opened(data)
            over = data.get("resigned") in ("corp", "runner")
            if not over:
                side = data.get("side") if data.get("side") in ("corp", "runner") else "runner"
                session = NetrunnerSession(records, data, side, "heuristic")
                over = session.game.winner is not None or session.pending is None
            if over:
                return f"`dossier play netrunner --load {quoted} --replay {html}`", True
    return go_on_command(game, path), False


def _refuse_broken(load: Path, data: Any, game: str) -> None:
    """``--load`` of a file that is no saved game of ``game``: one line naming the file and what is wrong (exit 1),
    before any option is taken from it. A deck says so, and which option takes it; a Netrunner game names its
    first field that is missing or of the wrong kind (``g.json: …: /decisions/1: expected a string``), and its
    ``opponent`` if it is no player of the machine; a tactics game, a machine's seat of its ``setup.players`` that
    is no player of the machine (``g.json: …: /setup/players/1: 'x': choose one of …``: never blamed on an
    ``--opponent`` not given), the rest of it checked as it is read (TacticsSession.from_json)."""
    from toolkit.engine.core import EngineError, search_think
    from toolkit.filekinds import NOT_RECORDS, not_a_record

    if isinstance(data, dict) and not_a_record(data) == "deck":
        raise DossierError(tr("{path}: {what}; {option} takes it", path=load, what=tr(NOT_RECORDS["deck"]),
                              option="--decks"), exit_code=1)  # fmt: skip

    def refuse(reason: str, misfit: bool = False) -> DossierError:
        return not_replayable(load, reason, misfit)

    def unknown(field: str, player: str, players: tuple[str, ...]) -> DossierError:
        return refuse(tr("{field}: {problem}", field=field, problem=tr(
            "{value}: choose one of {choices}", value=repr(player), choices=tr(", ").join(players))))  # fmt: skip

    def known(player: str, players: tuple[str, ...]) -> bool:
        try:
            return player in players or search_think(player) is not None
        except EngineError:
            return False

    from toolkit.engine.netrunner.saved import LANGS
    from toolkit.filekinds import fingerprint_problem

    def too_many(field: str) -> DossierError:  # (a limit --turns could not give: refused, not played to it)
        return refuse(tr("{field}: {problem}", field=field,
                         problem=tr("expected a number of at most {limit}", limit=MAX_TURNS)))  # fmt: skip

    if game == "tactics":
        from toolkit.engine.simulate import TACTICS_DECIDERS
        from toolkit.engine.tactics.session import HUMAN, TacticsSetup

        raw = data.get("setup") if isinstance(data, dict) else None
        if isinstance(raw, dict):  # (before the set-up is opened: a machine's squad is sealed with the seed)
            _refuse_seed(load, "/setup/seed", raw.get("seed"))
        try:
            setup = TacticsSetup.from_json(raw)
        except EngineError:
            return  # (said, naming the field, as the game is read)
        for index, player in enumerate(setup.players):
            if player != HUMAN and not known(player, TACTICS_DECIDERS):
                raise unknown(f"/setup/players/{index}", player, TACTICS_DECIDERS)
        if setup.rounds > MAX_TURNS:
            raise too_many("/setup/rounds")
        if "lang" in data and data["lang"] not in LANGS:  # (as a saved Netrunner game's is checked)
            raise refuse(tr("{field}: {problem}", field="/lang", problem=tr(
                "{value}: choose one of {choices}", value=repr(data["lang"]), choices=tr(", ").join(LANGS))))  # fmt: skip
        problem = fingerprint_problem(data)
        if problem is not None:
            raise refuse(problem)
        return
    from toolkit.engine.netrunner.players import PLAYERS
    from toolkit.engine.netrunner.saved import check_saved

    try:
        check_saved(data)
    except EngineError as exc:
        raise refuse(str(exc)) from None
    _refuse_seed(load, "/seed", data["seed"])
    if "turns" in data:
        turns = data["turns"]
        if not isinstance(turns, int) or isinstance(turns, bool):
            raise refuse(tr("{field}: {problem}", field="/turns", problem=tr("expected a whole number")))
        if turns < 1:
            raise refuse(tr("{field}: {problem}", field="/turns",
                            problem=tr("expected a number of at least {limit}", limit=1)))  # fmt: skip
        if turns > MAX_TURNS:
            raise too_many("/turns")
    problem = fingerprint_problem(data)
    if problem is not None:
        raise refuse(problem)
    opponent = data.get("opponent")
    if opponent is not None and not known(opponent, PLAYERS):
        raise unknown("/opponent", opponent, PLAYERS)


def _replay_saved(load: Path | None, data: Any, replay: Path, save: Path | None, force: bool,
                  cards: list[Path] | None) -> None:  # fmt: skip
    """``dossier play netrunner --load G --replay OUT.html``: the saved game ``data`` (of ``load``) written as the
    HTML replay ``simulate netrunner --replay`` and the web's finished games write (every side's cards, a frame a
    decision), not played. A game a person saved (it says its ``side``) must be over (played to its end, or resigned:
    its log then ends with it), as ``map replay`` asks of a tactics game: its replay shows the machine's cards. The
    cards changed since, or a decision that no longer fits, are refused as ``--load`` refuses them; ``--force`` lets
    the page replace a file Dossier did not write (and replays changed cards all the same)."""

    from toolkit.cli._lang import LogNames
    from toolkit.cli.deck import load_pool
    from toolkit.cli.simulate import _check_replay_target, _writing_replay
    from toolkit.engine.core import EngineError
    from toolkit.engine.netrunner.replay import write_replay
    from toolkit.engine.netrunner.saved import end_resigned, opened, resigned_end
    from toolkit.engine.netrunner.session import NetrunnerSession
    from toolkit.i18n import current_lang, trn, word

    if load is None:
        raise DossierError(tr("{option} is for {other}", option="--replay", other="--load FILE.json"))
    if save is not None:
        raise DossierError(tr("{option} is for {other}", option="--save", other="`play netrunner` (not --replay)"))
    _check_replay_target(replay, force)
    pool = load_pool(cards)
    records = list(pool.records)
    _refuse_changed_cards(load, records, data, force)
    _refuse_illegal_decks(load, pool, "netrunner", data, force)
    data = opened(data)
    _refuse_misfit(load, records, data, int(data.get("turns", 200)))
    person = data.get("side") if data.get("side") in ("corp", "runner") else None
    try:
        session = NetrunnerSession(records, data, person or "runner", "heuristic")
    except EngineError as exc:
        raise not_replayable(load, str(exc)) from None
    loser = data.get("resigned")
    if loser in ("corp", "runner"):  # (as the web ends a game a side resigned)
        end_resigned(session.game, loser)
    if person is not None and session.game.winner is None and session.pending is not None:
        raise DossierError(tr("{path}: the game is not over; its replay would show every card, the other side's too: "
                              "play it to its end with {command} first", path=load,
                              command=go_on_command("netrunner", load)))  # fmt: skip
    frames = session.frames()
    resigned_end(frames, session.game)
    language = current_lang()
    names = LogNames(records, language)
    game_name = names.record_name("netrunner") or word("game", "netrunner", language)
    title = tr("{game} · seed {seed}", game=game_name, seed=data["seed"])
    with _writing_replay(replay):
        write_replay(replay, frames, title, language, names, force=force)
    print(trn("{path}: {n} frame of the saved game {game}", "{path}: {n} frames of the saved game {game}", len(frames),
              path=replay, game=load))  # fmt: skip


def _refuse_changed_cards(load: Path, records: Any, data: Any, force: bool) -> None:
    """``--load`` of a game whose cards changed since it was saved (its fingerprint:
    :func:`toolkit.filekinds.saved_changed_cards`): one line naming them (exit 1) unless ``--force`` is given, not a
    game replayed as another, nor its first decision that no longer fits blamed on the rules."""
    from toolkit.filekinds import cards_changed_reason, saved_changed_cards, seen_changed_cards

    changed = [] if force else saved_changed_cards(records, data)
    if changed:
        named, sealed = seen_changed_cards(data, changed, records)  # (the machine's sealed cards: counted only)
        raise DossierError(tr("{path}: {reason}", path=load, reason=cards_changed_reason(named, "--force", sealed)),
                           exit_code=1)  # fmt: skip


def _refuse_illegal_decks(load: Path, pool: Any, game: str, data: Any, force: bool = False) -> None:
    """The decks of the saved game ``data`` (of ``load``) checked as decks given with ``--decks`` are
    (:func:`validators.deck.validate_deck`: its copies, its size, its squad …): the first error is one line naming the
    file and the field (exit 1), not a game played with a deck no command would take. A Netrunner game's decks are
    checked under their own format, its ban list left out (a card banned since plays as it did); a tactics game's
    squad and deck of each seat (a drafted game's squads are the draft's: not judged), a sealed seat's (the
    machine's) named by its field only, its cards never. A field the game's reading refuses is left to it. With
    ``force``, a game whose cards changed since it was saved is played all the same: not judged by the cards of
    now."""
    from collections import Counter

    from pydantic import ValidationError

    from toolkit.engine.core import EngineError
    from toolkit.filekinds import saved_changed_cards
    from toolkit.models.deck import Deck
    from validators.deck import validate_deck

    if force and saved_changed_cards(pool.records, data):
        return
    checked: list[tuple[str, Any, bool, bool]] = []  # (field, deck, sealed, drafted)
    if game == "netrunner":
        for side in ("corp", "runner"):
            with contextlib.suppress(ValidationError):
                checked.append((f"/decks/{side}", Deck.model_validate(data["decks"][side]), False, False))
    else:
        from toolkit.engine.tactics.session import SEALED, TacticsSetup

        raw: Any = data.get("setup") if isinstance(data, dict) else None
        try:
            setup = TacticsSetup.from_json(raw)
        except EngineError:
            return  # (said, naming the field, as the game is read)
        for index, (squad, cards) in enumerate(zip(setup.squads, setup.decks, strict=False)):
            sealed = any(isinstance(raw[key][index], str) and str(raw[key][index]).startswith(SEALED)
                         for key in ("squads", "decks"))  # fmt: skip
            with contextlib.suppress(ValidationError):
                deck = Deck.model_validate({"game": "tactics", "name": "-", "mode": setup.mode, "agents": squad,
                                            "cards": dict(Counter(cards))})  # fmt: skip
                checked.append((str(index), deck, sealed, setup.draft))
    for field, deck, sealed, drafted in checked:
        for finding in validate_deck(deck, pool.rules).findings:
            pointer = finding.pointer or ""
            if finding.severity != "error" or finding.code.startswith("deck.ban"):
                continue
            of_squad = pointer == "/agents" or pointer.startswith("/agents/")
            if drafted and (of_squad or finding.code == "deck.exclusive.agent"):
                continue
            if game == "tactics":  # (the set-up's squad and deck of the seat: lists, not the deck file's fields)
                field = f"/setup/{'squads' if of_squad else 'decks'}/{field}"
            else:
                field += pointer
            sealed_said = tr("the machine's sealed squad or deck is not legal in its mode")
            problem = sealed_said if sealed else finding.message  # (its finding would name the machine's cards)
            raise not_replayable(load, tr("{field}: {problem}", field=field, problem=problem))


def _refuse_seed(load: Path, field: str, seed: Any) -> None:
    """A saved game's seed (at ``field``) out of the range ``--seed`` takes (a whole number from 0 up:
    :func:`~toolkit.cli._options.check_seed`; a negative one would deal the game of its absolute value): one line
    naming the field (exit 1), not its first decision that no longer fits blamed on the rules."""
    if isinstance(seed, int) and not isinstance(seed, bool) and seed < 0:
        raise not_replayable(load, tr("{option} {value}: a seed is a whole number from 0 up", option=field,
                                      value=seed))  # fmt: skip


class _RecordEnd(Exception):
    """The saved decisions are all taken: the game goes on from here."""


class _Misfit(Exception):
    """A saved decision that is none of the options the game offers there."""

    def __init__(self, decision: Any, label: str) -> None:
        super().__init__(label)
        self.decision, self.label = decision, label


def _refuse_misfit(load: Path, records: Any, data: Any, turns: int) -> None:
    """Replay the saved Netrunner game ``data`` before any play: a saved decision that does not fit the game (not an
    option there, or left over when the game has ended) is one line naming the file and the decision (exit 1), the
    file left as it is. The line names the decision's side and kind (in the log's words, as a tactics save's misfit
    names its kind), never its options (the corp's hand is among the corp's), and its label only when it is the
    person's own: the other side's decisions are sealed in the person's file (it says its ``side``), and their
    labels name what that side keeps hidden (the ice it installed face down)."""
    from toolkit.engine.core import EngineError
    from toolkit.engine.decisions import worded
    from toolkit.engine.netrunner.saved import replay_game
    from toolkit.engine.netrunner.state import SIDE_OF_SEAT
    from toolkit.engine.phrase import Term
    from toolkit.i18n import current_lang, word

    def refuse(reason: str, misfit: bool = False) -> DossierError:
        return not_replayable(load, reason, misfit)

    from toolkit.engine.tactics.session import SEALED, seal_mismatch

    for index, label in enumerate(data["decisions"]):  # (opened: one still sealed does not open with the seed)
        if isinstance(label, str) and label.startswith(SEALED):
            raise refuse(str(seal_mismatch(f"/decisions/{index}")))
    labels: list[str] = []

    class Script:
        def decide(self, game: Any, decision: Any) -> str:
            if not labels:
                raise _RecordEnd
            label = labels.pop(0)
            try:
                decision.find(label)
            except EngineError:
                raise _Misfit(decision, label) from None
            return label

    try:
        game = replay_game(records, {**data, "decisions": []}, {"corp": Script(), "runner": Script()})
        labels.extend(data["decisions"])
        game.play_game(max_turns=turns)
    except _RecordEnd:
        return
    except _Misfit as misfit:
        decision = misfit.decision
        side = word("side", SIDE_OF_SEAT.get(decision.seat, ""), current_lang())
        kind = worded(Term("decision", decision.kind))  # (the log's words for it, as a tactics save's misfit says)
        if kind == decision.kind:  # (a kind the log's vocabulary has no word for: its code as words)
            kind = kind.replace("_", " ")
        person = data.get("side")
        if person in SIDE_OF_SEAT.values() and SIDE_OF_SEAT.get(decision.seat) != person:  # (sealed in the file)
            raise refuse(tr("decision {number} ({side}, {kind}): the sealed decision is not an option",
                            number=decision.number + 1, side=side, kind=kind), misfit=True) from None  # fmt: skip
        raise refuse(tr("decision {number} ({side}, {kind}): {label} is not an option", number=decision.number + 1,
                        side=side, kind=kind, label=repr(misfit.label)), misfit=True) from None  # fmt: skip
    except (EngineError, KeyError, TypeError, ValueError) as exc:  # an EngineError is worded in the language
        raise refuse(str(exc)) from None
    if labels:
        raise refuse(tr("the saved decisions stop fitting the game at decision {n}",
                        n=len(data["decisions"]) - len(labels) + 1), misfit=True)  # fmt: skip


class _Stop:
    """How the game stopped before its end: ``how`` is ``end of input`` (Ctrl-D, the input ran out), ``stopped``
    (``q``, Esc), ``interrupted`` (Ctrl-C: exit 130; SIGHUP, the terminal closed: 129; SIGTERM: 143, ``code``) or
    None (it was not stopped)."""

    how: str | None = None
    code: int = 130  # the exit of a game interrupted: 128 + the signal's number (SIGINT's, Ctrl-C, unless said)
    saved: Path | None = None  # where the game was written (--save), whether stopped or over


def _write_game(save: Path, game: dict[str, Any]) -> None:
    from toolkit.jsonio import atomic_write_text

    atomic_write_text(save, json.dumps(game, ensure_ascii=False, indent=1) + "\n")


@contextlib.contextmanager
def _stopping(language: str, save: Path | None, record: Callable[[], dict[str, Any]],
              loaded: int = 0, game: str | None = None) -> Iterator[_Stop]:  # fmt: skip
    """Around a game played at the terminal: end of input, ``q``, Esc and Ctrl-C stop it (a line says so, and where
    the game was saved; Ctrl-C exits 130), and so do SIGHUP (the terminal closed: exit 129) and SIGTERM (exit 143)
    where the platform has them (:func:`~toolkit.engine.keys.signals_stop`), an engine error is one line (exit 1), and with ``--save`` the game
    (``record()``) is written whatever happened, but for a game that failed with fewer decisions than the ``loaded``
    ones it went on from: nothing of a saved game is lost to an error. ``game`` given (``netrunner``, ``tactics``),
    the line says too how to go on with the game saved, or that ``--save`` keeps one. A stopped game is not over:
    the line never says a seed chosen at random (it gives the deal away, and the game may go on)."""
    from toolkit.engine.core import EngineError
    from toolkit.engine.keys import Signalled, Stopped, signals_stop

    stop, failed, ended = _Stop(), None, False
    with signals_stop():  # (until the game is saved: a second kill meanwhile does not cut the file short)
        try:
            yield stop
            ended = True
        except Stopped:
            stop.how, ended = "stopped", True
        except EOFError:
            stop.how, ended = "end of input", True
        except Signalled as exc:  # SIGHUP, SIGTERM: kept as Ctrl-C keeps it, the exit saying which signal
            stop.how, stop.code, ended = "interrupted", 128 + exc.signum, True
        except KeyboardInterrupt:  # Ctrl-C: the game is kept as q keeps it, and the exit says it was interrupted
            stop.how, ended = "interrupted", True
        except EngineError as exc:
            failed = exc
        finally:
            written = False
            if save is not None:
                kept = record()
                if ended or len(kept.get("decisions", ())) >= loaded:
                    _write_game(save, kept)
                    written, stop.saved = True, save
    if failed is not None:
        raise DossierError(str(failed), exit_code=1) from None
    if stop.how is None:
        return
    with contextlib.suppress(OSError):  # (a terminal that was closed, SIGHUP: the line has nowhere to go)
        typer.echo("\n" + _stopped_line(language, stop.how, save if written else None, game))
    if stop.how == "interrupted":
        raise typer.Exit(stop.code)


def _over_line(language: str, saved: Path | None, game: str) -> str | None:
    """The line that says where a game played to its end was saved (None: it was not): a finished game, which
    ``--load`` shows again (its log, line by line, and how it ended), never to go on with."""
    import shlex

    from toolkit.i18n import t

    if saved is None:
        return None
    command = f"`dossier play {game} --load {shlex.quote(str(saved))} --plain`"
    return t(language, "the game is over; saved to {path} ({command} shows it again)", path=saved, command=command)


def _stopped_line(language: str, how: str, saved: Path | None, game: str | None) -> str:
    """The line that says how the game stopped (``how``: :class:`_Stop`'s), where it was ``saved`` (None: not
    saved), and (``game`` given) the command that goes on with it, or the option that would have kept it."""

    from toolkit.i18n import t

    end = how == "end of input"
    if saved is not None and game is not None:
        command = go_on_command(game, saved)
        if end:
            return t(language, "stopped: end of input; saved to {path} (go on with {command})", path=saved,
                     command=command)  # fmt: skip
        return t(language, "stopped; saved to {path} (go on with {command})", path=saved, command=command)
    if saved is not None:
        if end:
            return t(language, "stopped: end of input; saved to {path}", path=saved)
        return t(language, "stopped; saved to {path}", path=saved)
    if game is not None:  # (nothing keeps it: no file is written without --save)
        if end:
            return t(language, "stopped: end of input; not saved ({option} keeps a game to go on with later)",
                     option="--save")  # fmt: skip
        return t(language, "stopped; not saved ({option} keeps a game to go on with later)", option="--save")
    if end:
        return t(language, "stopped: end of input")
    return t(language, "stopped; not saved") if how == "interrupted" else t(language, "stopped")


def _play_tactics(decks: list[Path], seat: int, opponent: str, seed: int | None, rounds: int, cards: list[Path] | None,
                  save: Path | None, load: Path | None, lang: str | None, plain: bool = False,
                  data: Any = None, mode: str | None = None, force: bool = False) -> None:  # fmt: skip
    """``dossier play tactics``: a person on ``seat``, the machine's ``opponent`` on the other (``data``: the saved
    game of ``load``, which keeps its own). ``mode`` (``--mode``): the mode the decks are read and checked under and
    the game is played in (on its map), as ``simulate`` plays them, instead of their own; the machine's made-up deck
    is one of it. A saved game whose cards changed since is refused (``force``: played all the same)."""
    import random

    from toolkit.cli._lang import LogNames, deck_lang, output_lang
    from toolkit.cli.deck import load_pool
    from toolkit.cli.simulate import _legal_decks
    from toolkit.decks.random_deck import deck_card_ids, random_legal_deck
    from toolkit.engine.core import EngineError
    from toolkit.engine.simulate import TACTICS_DECIDERS
    from toolkit.engine.tactics.session import HUMAN, SavedMisfit, TacticsSession, TacticsSetup
    from toolkit.engine.tactics.terminal import play_terminal
    from toolkit.i18n import tr

    if load is None and opponent not in TACTICS_DECIDERS and not opponent.startswith("search:"):
        raise DossierError(tr("{option} {value}: choose one of {choices}", option="--opponent", value=repr(opponent),
                              choices=tr(", ").join(TACTICS_DECIDERS)))  # fmt: skip
    # (a saved game's players are its own, checked as it is read: never an --opponent the user did not give)
    if lang is not None:
        output_lang(lang)  # the decks' findings, if any, in the language asked for (as `simulate` reads them)
    pool = load_pool(cards)
    records = list(pool.records)
    seed_line: str | None = None  # (a saved game keeps its seed: the player's own file says it)
    if load is not None:
        language = output_lang(lang)
        _refuse_changed_cards(load, records, data, force)
        _refuse_illegal_decks(load, pool, "tactics", data, force)
        try:
            session = TacticsSession.from_json(records, data)
        except EngineError as exc:
            raise not_replayable(load, str(exc), isinstance(exc, SavedMisfit)) from None
        people = [i for i, kind in enumerate(session.setup.players, 1) if kind == HUMAN]
        seat = people[0] if people else seat
    else:
        if not 1 <= len(decks) <= 2:
            raise DossierError(tr("{option}: give your deck, and the machine's if you like (1 or 2 files)",
                                  option="--decks"))  # fmt: skip
        refusal = tr("refusing to play: the decks above are not legal")
        legal = _legal_decks(decks, "tactics", pool, refusal, mode=mode, mode_option=True)
        language = deck_lang(lang, legal)  # else the settings', else the decks' own (the machine's made-up one: none)
        loaded = [d.deck for d in legal]
        seed, seed_line = _chosen_seed(seed, language)
        mine = loaded[0]
        if len(loaded) == 2:
            theirs = loaded[1]
        else:
            theirs = random_legal_deck(records, mine.mode, random.Random(seed), name="machine", taken=mine.agents or [])
        if theirs.mode != mine.mode:
            raise DossierError(tr("{first} and {second} are decks of different modes", first=decks[0], second=decks[1]))
        order = [mine, theirs] if seat == 1 else [theirs, mine]
        kinds = [HUMAN, opponent] if seat == 1 else [opponent, HUMAN]
        setup = TacticsSetup(mine.mode, [list(d.agents or []) for d in order], [deck_card_ids(d) for d in order], kinds,
                             seed=seed, rounds=rounds)  # fmt: skip
        # the machine's deck made up for it: its squad and deck are the machine's secrets, sealed in the saved file
        made_up = frozenset({3 - seat}) if len(loaded) == 1 else frozenset()
        try:  # (squads that share an agent are refused here, as `simulate` refuses them: T24)
            session = TacticsSession(records, setup, made_up=made_up)
        except EngineError as exc:
            raise DossierError(str(exc), exit_code=1) from None
    names = LogNames(records, language)
    import sys

    from toolkit.engine.keys import is_terminal

    full = not plain and is_terminal(sys.stdin, sys.stdout)
    def record() -> dict[str, Any]:  # the game, and the language it is played in (--load plays on in it)
        return {**session.to_json(sealed=True), "lang": language}  # (the machine's secrets sealed: the person's file)

    with _stopping(language, save, record, game="tactics") as stop:
        if not full:
            play_terminal(session, seat, language, names)
        else:
            from rich.console import Console

            from toolkit.engine.keys import keys_of_terminal
            from toolkit.engine.tactics.screen import play_screen

            with keys_of_terminal(sys.stdin) as keys:
                play_screen(session, seat, language, names, Console(), keys)
    if stop.how is None and session.over:  # (played to its end, or resigned)
        if full:
            typer.echo("")  # (the full-screen view's last line ends with no new line)
        typer.echo(_tactics_over(session, language))
        over = _over_line(language, stop.saved, "tactics")
        if over is not None:
            typer.echo(over)
        if seed_line is not None:
            typer.echo(seed_line)


def _tactics_over(session: Any, language: str) -> str:
    """How the tactics game ``session`` ended (:func:`~toolkit.engine.tactics.terminal.over_line`); one that reached
    its round limit says, as `simulate` says it, that ``--turns`` raises the limit (with ``--load``, the game goes on
    past it), unless the limit is already the most ``--turns`` takes."""
    from toolkit.cli._lang import seat_label
    from toolkit.engine.logwords import word
    from toolkit.engine.tactics.terminal import over_line
    from toolkit.i18n import t, tn

    result = session.result()
    if session.resigned is not None or result["reason"] != "round_limit" or session.setup.rounds >= MAX_TURNS:
        return over_line(session, language)
    winners = t(language, ", ").join(seat_label(w, language) for w in result["winners"]) or t(language, "no winner")
    return tn(language, "game over after {n} round: {winners} ({reason}; {option} raises the limit)",
              "game over after {n} rounds: {winners} ({reason}; {option} raises the limit)", result["rounds"],
              n=result["rounds"], winners=winners, reason=word("reason", "round_limit", language) or "round_limit",
              option="--turns")  # fmt: skip


def register(app: typer.Typer) -> None:
    app.command("play", help=PLAY_HELP)(play)
