"""`dossier simulate`: validate two decks, then play them against each other with random legal choices."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

import typer

from toolkit.cli._help import help_text
from toolkit.cli._lang import DeckLangOption, seat_label
from toolkit.cli._options import (
    OUTPUT_FILE,
    THINK_OPTION,
    CardsOption,
    check_saved_game_target,
    check_seed,
    think_seconds,
    with_think,
)
from toolkit.cli.app import OutputFormat
from toolkit.cli.deck import DeckBanlistOption, DeckModeOption
from toolkit.errors import DossierError
from toolkit.i18n import N_, t, tn, tr, trn, word

SIMULATE_HELP = help_text(
    N_(
        "Play a game with the decks (tactics 2 to 4, netrunner a corp and a runner) until it ends or --turns "
        "runs out; an illegal deck is refused with its findings; same seed, same log."
    ),
    N_(
        "Netrunner: one corp and one runner deck, in either order; after the mulligans the corp takes the first "
        "turn and each side spends every click; each side's player (heuristic or random) makes its decisions until "
        "the game ends or the turns run out. The JSON output ends with the `result` (winners, reason, turns)."
    ),
)

GAMES = ("tactics", "netrunner")
TACTICS_DECIDERS = ("heuristic", "brawler", "random", "search")  # toolkit.engine.simulate's (not imported: start-up)
NETRUNNER_PLAYERS = ("heuristic", "random", "search")  # toolkit.engine.netrunner.players.PLAYERS (the same)
MAX_TURNS = 500  # the most --turns takes


def named_game(written: str) -> str | None:
    """The id of the game a command's ``--game`` (or game argument) names: its id, or its name in either language,
    in any case (``特工战术``, ``Tactics``, ``Android: Netrunner``), read as ``search -g`` reads it (the lookup of
    :func:`toolkit.search.run.resolve_game`); None when it names no game. Every command that takes a game reads it so:
    ``export csv``, ``import csv``, ``print``, ``text parse``, ``text run``, ``simulate``, ``play``."""
    from toolkit.search import vocab

    return vocab.lookup(vocab.GAMES, written.strip())


def game_choices(games: tuple[str, ...] | list[str]) -> str:
    """``games`` as a refusal lists them, as ``search`` lists the values of a key (:func:`toolkit.search.vocab.describe`):
    their ids in English (``tactics, netrunner``), each id with its name in Chinese (``tactics（特工战术）、…``)."""
    from toolkit.i18n import current_lang
    from toolkit.search import vocab

    return vocab.describe({game: vocab.GAMES.get(game, ()) for game in games}, current_lang())



def simulate(
    game: Annotated[
        str, typer.Argument(help=N_("The game: tactics or netrunner (crossfire has `dossier crossfire simulate`)."))
    ],
    decks: Annotated[
        list[Path],
        typer.Option(
            "--decks",
            help=N_(
                "Deck files, one per player in seat order (repeat the option): tactics 2-4 (the mode decides), "
                "netrunner a corp and a runner deck."
            ),
        ),
    ],
    turns: Annotated[
        int,
        typer.Option(
            "--turns",
            min=1,
            max=MAX_TURNS,
            help=N_("Tactics: rounds to play at most (every player's turn); netrunner: turns (corp first)."),
        ),
    ] = 10,
    seed: Annotated[
        int, typer.Option("--seed", callback=check_seed, help=N_("Seed for shuffles, dice and choices."))
    ] = 0,
    cards: CardsOption = None,
    format: Annotated[OutputFormat, typer.Option("--format", "-f", help=N_("text or json."))] = OutputFormat.text,
    decider: Annotated[
        list[str] | None,
        typer.Option(
            "--decider",
            help=N_(
                "tactics: heuristic (the tactician: fights from cover and weighs what an attack costs, the "
                "default), brawler (the earlier player: attacks whatever it can reach), random (uniform legal "
                "choices) or search (search:SECONDS: looks ahead on copies of the game, 1 s a choice by default), "
                "given once (for all players) or once per player in seat order; netrunner: heuristic, random or "
                "search (search:SECONDS), given once (for both sides) or once per side in seat order (the corp, "
                "then the runner)."
            ),
        ),
    ] = None,
    map_id: Annotated[
        str | None, typer.Option("--map", help=N_("Tactics: the map id (default: the first map made for the mode)."))
    ] = None,
    replay: Annotated[
        Path | None,
        typer.Option(
            "--replay",
            help=N_("Write a self-contained HTML replay of the game here (tactics: the map; netrunner: the table)."),
            **OUTPUT_FILE,
        ),
    ] = None,
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help=N_(
                "Let --replay replace a file Dossier did not write (a page of your own; a replay Dossier wrote is "
                "replaced without it), and --save a game saved by `dossier play` (a game saved by simulate is "
                "replaced without it)."
            ),
        ),
    ] = False,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save",
            help=N_(
                "Netrunner: write the game (seed, decks, decisions) here: `dossier play netrunner --load FILE` goes "
                "on with it (a game that stopped at its turn limit: with a higher --turns), and with --replay "
                "FILE.html writes its replay to step through."
            ),
            **OUTPUT_FILE,
        ),
    ] = None,
    strict: Annotated[
        bool,
        typer.Option(
            "--strict",
            help=N_(
                "Netrunner: refuse decks with a card that is not executable (printed text not read into ability "
                "text, read only in part, or ability text that does not parse)."
            ),
        ),
    ] = False,
    draft: Annotated[
        bool,
        typer.Option(
            "--draft",
            help=N_(
                "Tactics, two players: the squads come from the draft played as the game's first step; "
                "the decks give the command cards."
            ),
        ),
    ] = False,
    think: Annotated[str | None, THINK_OPTION] = None,
    mode: DeckModeOption = None,
    banlist: DeckBanlistOption = None,
    lang: DeckLangOption = None,
) -> None:
    """``dossier simulate`` (its help: :data:`SIMULATE_HELP`)."""
    from toolkit.cli._lang import LogNames, deck_lang, output_lang
    from toolkit.cli.deck import load_pool

    named = named_game(game)  # its id, or its name in either language (特工战术, Android: Netrunner)
    if named not in GAMES:
        first, second = game_choices(GAMES[:1]), game_choices(GAMES[1:])  # (Chinese: with their names)
        if named == "crossfire":
            raise DossierError(
                tr(
                    "simulate plays {first} or {second} decks, not {game}; crossfire tables: {command}",
                    first=first,
                    second=second,
                    game=game,
                    command="`dossier crossfire simulate`",
                )
            )
        raise DossierError(tr("simulate plays {first} or {second} decks, not {game}", first=first, second=second,
                              game=game))  # fmt: skip
    game = named
    if game == "netrunner" and len(decks) != 2:
        raise DossierError(
            tr("{option} takes two deck files (a corp and a runner deck), not {n}", option="--decks", n=len(decks))
        )
    if game == "tactics" and not 2 <= len(decks) <= 4:
        _check_mode_specified(decks, cards, mode)  # a mode with no rules is refused as such, not for its deck count
        raise DossierError(
            tr("{option} takes 2 to 4 deck files (one per player), not {n}", option="--decks", n=len(decks))
        )
    seconds = think_seconds(think)
    if seconds is not None and "search" not in (decider or []):
        raise DossierError(tr("{option} is for a player that looks ahead: add {add}", option="--think",
                              add="`--decider search`"))  # fmt: skip
    deciders = [with_think(kind, seconds) for kind in decider or ["heuristic"]]
    for kind in deciders:
        _check_search_seconds(kind)
        if game == "tactics" and kind not in TACTICS_DECIDERS and not kind.startswith("search:"):
            raise DossierError(
                tr("{option} {value}: choose one of {choices}", option="--decider", value=repr(kind),
                   choices=tr(", ").join(TACTICS_DECIDERS))
            )  # fmt: skip
        if game != "tactics" and kind not in NETRUNNER_PLAYERS and not kind.startswith("search:"):
            raise DossierError(
                tr("{option} {value}: choose one of {choices}", option="--decider", value=repr(kind),
                   choices=tr(", ").join(NETRUNNER_PLAYERS))
            )  # fmt: skip
    if game == "tactics" and len(deciders) not in (1, len(decks)):
        raise DossierError(
            tr("{option} is given {n} times: give it once (for all players) or once per player ({players})",
               option="--decider", n=len(deciders), players=len(decks))
        )  # fmt: skip
    if game != "tactics" and len(deciders) > 2:
        raise DossierError(
            tr(
                "{option} is given {n} times: once for both sides, or once per side",
                option="--decider",
                n=len(deciders),
            )
        )
    if strict and game != "netrunner":
        from toolkit.i18n import current_lang

        raise DossierError(tr("{option} checks {game} decks", option="--strict",
                              game=word("game", "netrunner", current_lang())))  # fmt: skip
    if draft and (game != "tactics" or len(decks) != 2):
        raise DossierError(tr("{option} needs two tactics decks: the draft is for two players", option="--draft"))
    if banlist is not None and game != "netrunner":  # (--mode names a mode of either game: the decks are played in it)
        from toolkit.i18n import current_lang

        raise DossierError(tr("{option} is for {game} decks, not {other}", option="--banlist",
                              game=word("game", "netrunner", current_lang()),
                              other=word("game", game, current_lang())))  # fmt: skip
    if save is not None and game != "netrunner":
        from toolkit.i18n import current_lang

        raise DossierError(tr("{option} writes {game} games", option="--save",
                              game=word("game", "netrunner", current_lang())))  # fmt: skip
    if map_id is not None and game != "tactics":
        from toolkit.i18n import current_lang

        raise DossierError(tr("{option} is for {game} decks, not {other}", option="--map",
                              game=word("game", "tactics", current_lang()), other=word("game", game, current_lang())))  # fmt: skip
    if save is not None and replay is not None and save.resolve() == replay.resolve():
        raise DossierError(
            tr("{first} and {second} name the same file ({path}): give each its own", first="--save",
               second="--replay", path=str(save))
        )  # fmt: skip
    if save is not None:  # before the game, not after it: a deck given by mistake is not replaced
        from toolkit.cli.play import refuse_replacing_played

        check_saved_game_target(save)
        refuse_replacing_played(save, force)  # nor a game a person played (unless --force)
    if force and replay is None and save is None:
        raise DossierError(tr("{option} is for {other}", option="--force", other="--replay FILE.html, --save FILE"))
    if replay is not None:
        _check_replay_target(replay, force)
    if lang is not None:
        output_lang(lang)  # the decks' findings, if any, in the language asked for
    pool = load_pool(cards)
    if game == "tactics" and map_id is not None:
        map_id = _check_map(map_id, pool)
    loaded = _legal_decks(decks, game, pool, draft=draft, mode=mode, banlist=banlist, mode_option=True)
    modes = {d.deck.mode for d in loaded if d.deck}
    if len(modes) != 1:
        from toolkit.i18n import current_lang, name_of

        known = pool.rules.game(game).modes  # (each deck's mode is known: an unknown one is a finding above)
        said = sorted(name_of(known[m], current_lang()) if m in known else m for m in modes)
        raise DossierError(tr("the decks are for different modes: {modes}", modes=tr(", ").join(said)))
    if game == "tactics" and map_id is not None:
        _check_map_fits(map_id, next(iter(modes)), len(loaded), pool)
    elif game == "tactics":
        _check_default_map(next(iter(modes)), len(loaded), pool)
    names = LogNames(pool.records, deck_lang(lang, loaded))
    if game == "netrunner":
        players = (deciders * 2)[:2]
        _simulate_netrunner(
            loaded, modes.pop(), pool, turns, seed, format, names, players, save, replay, strict, force=force
        )
        return
    seats: str | list[str] = deciders if len(deciders) > 1 else deciders[0]
    _simulate_tactics(
        loaded, modes.pop(), pool, turns, seed, format, seats, map_id, replay, names, draft=draft, force=force
    )


def _check_map(map_id: str, pool: Any) -> str:
    """The id of the tactics map of the pool ``--map`` names (its id, or its name in either language, as ``dossier
    map`` takes it): an empty or unknown one is a bad option (exit 2), never passed over for the mode's default
    map; one lint rejects is refused too."""
    from toolkit.cli.map import find_map, map_list

    record = find_map(pool.records, map_id) if map_id.strip() else None
    if record is None:
        raise DossierError(
            tr("{option} {value}: the card pool has no such map; maps: {maps}", option="--map", value=repr(map_id),
               maps=tr(", ").join(map_list(pool.records)) or tr("none"))
        )  # fmt: skip
    errors = map_lint_errors(record, pool.records)
    if errors:
        _print_findings(errors)
        raise DossierError(
            tr("{option} {value}: refusing to play on a map lint rejects (the errors above; {command} lists every "
               "problem)", option="--map", value=repr(map_id), command="`dossier lint`")
        )  # fmt: skip
    return str(record.id)


def _check_default_map(mode_id: str, players: int, pool: Any) -> None:
    """The map the game is played on without ``--map`` (the first made for the mode and the number of players,
    :func:`~toolkit.engine.tactics.game.default_map`) passes lint's map checks, as ``--map`` must
    (:func:`map_lint_errors`): a map lint rejects is refused (exit 2), not played to the round limit. A mode with no
    such map is left to the game, which says so."""
    from toolkit.engine.core import EngineError
    from toolkit.engine.tactics.game import default_map

    try:
        record = default_map((r for r in pool.records if getattr(r, "game", None) == "tactics"), mode_id, players)
    except EngineError:
        return
    errors = map_lint_errors(record, pool.records)
    if errors:
        _print_findings(errors)
        raise DossierError(
            tr("map {map}, the first made for these decks, does not pass lint (the errors above): give another with "
               "{option}, or fix it ({command} lists every problem)", map=repr(record.id), option="--map",
               command="`dossier lint`")
        )  # fmt: skip


def map_lint_errors(record: Any, records: Any) -> list[Any]:
    """The errors lint finds in the tactics map ``record`` with its map checks (:func:`validators.map_lint.check_maps`:
    deployment zones its modes need and a path without walls between them, scene obstacle cells, modes that exist)
    against the modes of ``records``, worded and placed in the map's file as ``dossier lint`` gives them (the file
    as the card pool read it, :data:`toolkit.engine.core.RECORD_FILES`). A map with such an error may be a game that
    can never end (two zones walled apart), or one that cannot be set up."""
    from toolkit.catalog import FileSource
    from toolkit.engine.core import RECORD_FILES
    from toolkit.jsonio import Source
    from validators.lint import Entry, GameIndex
    from validators.map_lint import check_maps

    files = RECORD_FILES.get()
    path = files(record) if files is not None else None
    entry = Entry(FileSource(path) if path is not None else Source(Path(f"{record.id}.json"), ""), True)
    entry.record = record
    entries = [entry]
    for other in records:
        if getattr(other, "game", None) == "tactics" and getattr(other, "kind", None) == "mode":
            context = Entry(Source(Path(f"{other.id}.json")), False)  # (read for its rules: never reported on)
            context.record = other
            entries.append(context)
    check_maps(GameIndex("tactics", entries))
    return [f for f in entry.findings if f.severity == "error"]


def _print_findings(findings: list[Any]) -> None:
    from toolkit.findings import finding_line

    for finding in findings:
        typer.echo(finding_line(finding), err=True)


REPLAY_SUFFIXES = (".html", ".htm")
"""The names a replay page is written to (``simulate --replay``, ``map replay --out``)."""


def check_replay_name(path: Path, option: str) -> None:
    """A replay is written to an ``.html`` (or ``.htm``) name: any other, or none (``--replay game``), is refused in
    one line naming ``option`` (exit 2), as ``map replay --out`` refuses it: a page written to ``game.txt`` opens as
    text."""
    if path.suffix.lower() in REPLAY_SUFFIXES:
        return
    if path.suffix:
        message = tr("{option} {path}: a replay is an {suffix} file, not {other}", option=option, path=path,
                     suffix=".html", other=repr(path.suffix))  # fmt: skip
    else:
        message = tr("{option} {path}: a replay is an {suffix} file; this name has no suffix", option=option,
                     path=path, suffix=".html")  # fmt: skip
    raise DossierError(message)


def _check_replay_target(replay: Path, force: bool) -> None:
    """``--replay`` before the game: a file that can be written (:func:`toolkit.safewrite.check_target`), an
    ``.html`` name (:func:`check_replay_name`), and an earlier replay to replace, not a page of the user's (unless
    ``force``); each refusal names the option."""
    from toolkit.safewrite import DOSSIER_HTML, check_replaceable, check_target, replacing

    with _writing_replay(replay):
        check_target(replay, writable=True)  # (a read-only folder: said now, not after the game is played)
    check_replay_name(replay, "--replay")
    replaces = replacing(DOSSIER_HTML, force)
    if replaces is not None:  # an earlier replay is replaced, a page of the user's is kept (unless --force)
        with _writing_replay(replay):
            check_replaceable(replay, replaces)


@contextlib.contextmanager
def _writing_replay(replay: Path) -> Iterator[None]:
    """A refusal to write the replay (:class:`toolkit.safewrite.WriteError`, an OSError) said with its option:
    ``--replay mine.html: cannot write: …``, as ``map render`` says ``--out``."""
    from toolkit.errors import os_reason

    try:
        yield
    except OSError as exc:
        raise DossierError(
            tr("{option} {path}: cannot write: {reason}", option="--replay", path=replay, reason=os_reason(exc))
        ) from None


def _check_search_seconds(kind: str) -> None:
    """``--decider search:SECONDS`` thinks more than 0 and at most 60 seconds a choice (what the engines read,
    :func:`toolkit.engine.core.search_think`): any other number is a bad option (exit 2), said with the option
    and the range as ``--think`` says them."""
    if not kind.startswith("search:"):
        return
    from toolkit.engine.core import EngineError, search_think

    try:
        search_think(kind)
    except EngineError:
        raise DossierError(
            tr(
                "{option} {value}: give the seconds to think, more than 0 and at most 60 (e.g. {example})",
                option="--decider",
                value=repr(kind),
                example="search:2",
            )
        ) from None


def _check_map_fits(map_id: str, mode_id: str, players: int, pool: Any) -> None:
    """``--map`` names a map made for the decks' mode and their number of players, as the map lists them (its
    ``modes`` and ``players``, what lint checks the map against): any other map is refused, not played with the
    mode's set-up it was not made for (deployment zones, scene obstacle cells)."""
    from toolkit.i18n import current_lang, name_of

    lang = current_lang()
    record = next(
        r for r in pool.records if getattr(r, "game", None) == "tactics" and r.kind == "map" and r.id == map_id
    )
    if mode_id in record.modes and record.players.min <= players <= record.players.max:
        return
    known = pool.rules.game("tactics").modes
    low, high = record.players.min, record.players.max
    raise DossierError(
        tr(
            "{option} {value}: {map} is made for {modes} ({seats}); these decks are for {mode} ({players})",
            option="--map",
            value=repr(map_id),
            map=name_of(record, lang),
            modes=tr(", ").join(name_of(known[m], lang) if m in known else m for m in record.modes),
            seats=trn("{n} player", "{n} players", high, n=str(low) if low == high else f"{low}-{high}"),
            mode=name_of(known[mode_id], lang) if mode_id in known else mode_id,
            players=trn("{n} player", "{n} players", players, n=players),
        )
    )


def _check_mode_specified(paths: list[Path], cards: Any, asked: str | None = None) -> None:
    """Refuse tactics decks for a mode whose rules are unspecified (``status: "incomplete"``, 梦魇通廊,
    RULINGS T6), saying so, as deck validation does (``deck.mode.incomplete``): their number is no matter then.
    ``asked``: the mode of ``--mode``, which the decks are played in instead of their own. Decks that cannot be
    read here are left to the checks that follow."""
    from toolkit.cli.deck import _mode_id, load_pool
    from toolkit.decks import read_deck
    from toolkit.engine.tactics.game import mode_unspecified

    try:
        pool = load_pool(cards)
        modes = pool.rules.game("tactics").modes
        named = _mode_id(pool, "tactics", asked)
        for path in paths:
            deck = read_deck(path, pool.names, game="tactics", mode=asked).deck
            own = named or (deck.mode if deck is not None else None)
            mode = modes.get(own) if deck is not None and deck.game == "tactics" and own else None
            if mode is not None and mode.status == "incomplete":
                break
        else:
            return
    except DossierError:  # a pool or deck that cannot be read: the deck count is the error to give
        return
    if named is not None:  # the --mode asked for cannot be played: the option's error, not the deck's
        raise DossierError(tr("{where}: {problem}", where=f"--mode {asked}", problem=mode_unspecified(mode)),
                           exit_code=1)  # fmt: skip
    raise DossierError(tr("{path}: {problem}", path=str(path), problem=mode_unspecified(mode)), exit_code=1)


def _simulate_tactics(
    loaded: list[Any],
    mode: str,
    pool: Any,
    turns: int,
    seed: int,
    format: OutputFormat,
    decider: str | list[str],
    map_id: str | None,
    replay: Path | None,
    names: Any,
    draft: bool = False,
    force: bool = False,
) -> None:
    """Play the legal decks on the map; print the log and the ``result`` (names in the language of
    ``names``, a LogNames); optionally write the replay (over a page of the user's only with ``force``)."""
    from toolkit.engine.core import EngineError
    from toolkit.engine.simulate import simulate_tactics

    for line in _unrun_lines(loaded, pool, names):  # before the game: its log shows them played, not why nothing came
        typer.echo(line, err=True)
    frames: list[dict[str, Any]] | None = [] if replay is not None else None
    try:
        played = simulate_tactics(
            pool.records,
            mode,
            [d.deck.agents or [] for d in loaded],
            [[cid for cid, n in sorted(d.deck.cards.items()) for _ in range(n)] for d in loaded],
            turns,
            seed,
            decider=decider,
            board=map_id,
            frames=frames,
            draft=draft,
        )
    except EngineError as exc:
        raise DossierError(names.name(str(exc)), exit_code=1) from None  # (its names in the output language)
    result = played.result()
    try:  # (the log first, the replay after it: a replay that cannot be written loses no log)
        _print_tactics(played, result, format, turns, names)
    finally:
        if replay is not None and frames is not None:
            from toolkit.board.replay import name_frames, write_replay

            decks = tr(", ").join(d.path.name for d in loaded)  # (file names: a page to share holds no local path)
            title = tr("{game} · seed {seed} · {decks}", game=names.record_name(mode) or mode, seed=seed,
                       decks=decks)  # fmt: skip
            name_frames(frames, names.name)  # the units' names in the output language, as in the log
            map_name = names.record_name(played.board.map_id) if played.board.map_id else None
            with _writing_replay(replay):
                write_replay(replay, played.board, frames, title, line=names.line, map_name=map_name, force=force)


def _print_tactics(played: Any, result: dict[str, Any], format: OutputFormat, turns: int, names: Any) -> None:
    """The log and the ``result`` of the tactics game ``played`` (``format``: text or json), names in the language
    of ``names`` (a LogNames)."""
    if format == "json":
        from toolkit.jsonstream import Stream, write_json

        log = Stream(names.event(entry) for entry in played.log.to_json())  # worded and written an event at a time
        board = played.board_state()
        for unit in board.get("units") or []:  # the units' names in the output language, as in the log
            if isinstance(unit.get("name"), str):
                unit["name"] = names.name(unit["name"])
        write_json({"log": log, "state": played.state(), "board": board, "result": result})
        return
    _print_log(played.log, None, names)
    lang = names.lang
    winners = t(lang, ", ").join(seat_label(s, lang) for s in result["winners"]) or t(lang, "nobody")
    if result["reason"] == "round_limit" and turns < MAX_TURNS:  # the rounds ran out: and how to play more
        said = tn(
            lang,
            "result: {winners} after {rounds} round ({reason}; {option} raises the limit)",
            "result: {winners} after {rounds} rounds ({reason}; {option} raises the limit)",
            result["rounds"],
            winners=winners,
            rounds=result["rounds"],
            reason=_reason_words(names, result["reason"]),
            option="--turns",
        )
    else:
        said = tn(
            lang,
            "result: {winners} after {rounds} round ({reason})",
            "result: {winners} after {rounds} rounds ({reason})",
            result["rounds"],
            winners=winners,
            rounds=result["rounds"],
            reason=_reason_words(names, result["reason"]),
        )
    print(said)


def _unrun_lines(loaded: list[Any], pool: Any, names: Any) -> list[str]:
    """A warning line for each card and agent of the tactics decks with an ability the tactics engine does not
    run (a timing that never occurs there, a form it leaves undone: :func:`validators.text_lint.forms_of`, what
    ``dossier lint`` warns of as ``text.form.unsupported``): its id and name, and those forms, in the language of
    ``names`` (a LogNames; the English after the card's words in another language than zh-Hans)."""
    from toolkit.models import iter_texts
    from toolkit.text import AbilitySyntaxError
    from validators.text_lint import forms_of

    lang = names.lang
    lookup = pool.lookup("tactics")
    ids: dict[str, None] = {}  # each id once, in the decks' order
    for deck in (d.deck for d in loaded):
        ids.update(dict.fromkeys([*(deck.agents or []), *sorted(deck.cards)]))
    lines = []
    for record_id in ids:
        record = lookup(record_id)
        if record is None:
            continue
        found: dict[str, None] = {}
        for _, text in iter_texts(record):
            try:
                forms = forms_of("tactics", text)
            except AbilitySyntaxError:  # (lint reports it; the engine leaves it undone)
                continue
            for _, zh, en in forms:
                found[zh if lang == "zh-Hans" else f"{zh} ({en})"] = None
        if found:
            name = names.record_name(record_id) or record_id
            message = t(
                lang,
                "{id} ({name}): the {game} engine never runs {forms}: in this game that ability does nothing "
                "(`dossier lint` warns: {code})",
                id=repr(record_id),
                name=name,
                game=word("game", "tactics", lang),
                forms=t(lang, "; ").join(found),
                code="text.form.unsupported",
            )
            lines.append(t(lang, "{program}: warning: {message}", program="dossier", message=message))
    return lines


def _reason_words(names: Any, code: str) -> str:
    """A tactics result's reason in words (``round_limit``: the log's word for the round limit)."""
    return str(names.say("reason", "round limit" if code == "round_limit" else code))


def _print_log(log: Any, who_is: Any, names: Any, said: Any = None) -> None:
    """``  12 P1 draw (card: Folding Bipod#7)``: one line per event, in the language of ``names`` (a LogNames);
    ``who_is(seat)`` names a player (default: ``P1``); ``said(line)`` words a line further (Netrunner's symbols)."""
    for event in log:
        line = names.line(event.to_json(), who_is)
        print(said(line) if said is not None else line)


def _legal_decks(
    paths: list[Path], game: str, pool: Any, refusal: str | None = None, draft: bool = False, mode: str | None = None,
    banlist: str | None = None, mode_option: bool = False,
) -> list[Any]:  # fmt: skip
    """Read both decks and validate them; any error is printed and the simulation refused (exit 1) with
    ``refusal`` (default: refusing to simulate), the line that ends the findings. ``mode`` and ``banlist``
    (``--mode``, a mode of either game; Netrunner's ``--banlist``) are read as ``deck validate`` reads them
    (:func:`~toolkit.cli.deck.apply_deck_mode`): the decks are read and checked under that format (and ban list),
    and played in it; ``mode_option``: the command has ``--mode`` for tactics decks too. With ``draft`` (tactics: the
    squads come from the draft, the decks give the command cards) the squad a deck lists is not judged, nor its
    exclusive cards against that squad (:func:`_squad_finding`): after the draft, the engine's
    ``TacticsGame._deck_for_squad`` (§15.6) swaps the exclusive cards of agents not drafted for the drafted
    squad's, then for generic cards."""
    from toolkit.cli.deck import apply_deck_mode
    from toolkit.decks import read_deck
    from toolkit.decks.formats import pool_hinted
    from validators.deck import validate_deck

    defaults = pool.default_modes() if game == "netrunner" else None
    option = "--mode" if game == "netrunner" or mode_option else None  # (advised to a list that names no mode)
    loaded = [read_deck(path, pool.names, game=game, default_modes=defaults, mode=mode, mode_option=option)
              for path in paths]  # fmt: skip
    for deck in loaded:
        said = _not_a_deck(deck)
        if said is not None:  # one line, not the deck fields the file lacks and the fields it has that a deck has not
            raise DossierError(tr("{where}: {problem}", where=deck.path, problem=said))
    refused = []
    for deck in loaded:
        findings = list(deck.findings)
        if deck.deck is not None and draft:
            findings = [f for f in findings if not _squad_finding(f)]
        if deck.deck is not None:
            if deck.deck.game != game:
                from toolkit.i18n import current_lang

                lang = current_lang()
                raise DossierError(
                    tr("{path}: a {game} deck, not {wanted}", path=deck.path,
                       game=word("game", deck.deck.game, lang), wanted=word("game", game, lang))
                )  # fmt: skip
            deck.deck = apply_deck_mode(deck.deck, pool, mode, banlist)  # (played in the format asked for, if any)
            checked = validate_deck(deck.deck, pool.rules, None, banlist).findings
            unplayable = [f for f in checked if f.code == "deck.mode.incomplete"]
            if mode is not None and unplayable:
                from toolkit.engine.tactics.game import mode_unspecified

                # the --mode asked for cannot be played (RULINGS T6): the option's error, not the deck's "mode" line
                played = pool.rules.game(game).modes.get(deck.deck.mode)
                problem = mode_unspecified(played) if played is not None else unplayable[0].message
                raise DossierError(tr("{where}: {problem}", where=f"--mode {mode}", problem=problem), exit_code=1)
            findings += [deck.locate(f) for f in checked if not (draft and _squad_finding(f))]
            findings = pool_hinted(findings, deck.deck, pool.lookup(game), pool.describe())  # (once a deck)
        refused += [f for f in findings if f.severity == "error"]
    if refused:
        from toolkit.findings import finding_line

        for finding in refused:
            typer.echo(finding_line(finding), err=True)
        raise DossierError(refusal or tr("refusing to simulate: the decks above are not legal"), exit_code=1)
    return loaded


def _not_a_deck(loaded: Any) -> str | None:
    """What a file given as a deck is, when the deck reader found it to be another of Dossier's files (its
    ``deck.not_deck`` finding: a record, a saved game, a scenario …); else None."""
    said = [f.message for f in loaded.findings if f.code == "deck.not_deck"]
    return said[0] if said else None


def _squad_finding(finding: Any) -> bool:
    """A tactics deck's finding about the squad it lists (its size, an unknown or repeated agent: anything at
    ``/agents``) or about an exclusive card whose agent is not in that squad: what the draft decides."""
    pointer = finding.pointer or ""
    return finding.code == "deck.exclusive.agent" or pointer == "/agents" or pointer.startswith("/agents/")


def _simulate_netrunner(
    loaded: list[Any],
    fmt: str,
    pool: Any,
    turns: int,
    seed: int,
    format: OutputFormat,
    names: Any,
    players: list[str],
    save: Path | None = None,
    replay: Path | None = None,
    strict: bool = False,
    force: bool = False,
) -> None:
    """Sort the two legal decks by their identity's side, play them, print the log and the final state
    (names in the language of ``names``, a LogNames); with ``strict``, refuse them when a card is not
    executable; the replay replaces a page of the user's only with ``force``."""
    from toolkit.engine.core import EngineError
    from toolkit.engine.simulate import simulate_netrunner

    by_side = _sides(loaded, pool)
    lang = names.lang
    inert = _inert_report(by_side, pool, lang)
    if strict and inert["list"]:
        listed = tr("; ").join(line.strip() for line in _inert_lines(inert, lang)[1:])
        raise DossierError(
            tr(
                "{option}: {n} of {of} titles of the two decks are not executable: {titles}",
                option="--strict",
                n=inert["titles"],
                of=inert["of_titles"],
                titles=listed,
            ),
            exit_code=1,
        )
    try:
        frames: list[dict[str, Any]] | None = [] if replay is not None else None
        played = simulate_netrunner(
            pool.records,
            {s: d.deck for s, d in by_side.items()},
            turns,
            seed,
            fmt,
            players=players,
            frames=frames,  # the entries as logged: the replay words them with names.line
        )
    except EngineError as exc:
        raise DossierError(names.name(str(exc)), exit_code=1) from None  # (its names in the output language)
    try:  # (the log first, the replay and the saved game after it: a file that cannot be written loses no log)
        _print_netrunner(played, inert, format, turns, lang, names)
    finally:
        if replay is not None and frames is not None:
            from toolkit.engine.netrunner.replay import write_replay

            decks = tr("{corp} v {runner}", corp=by_side["corp"].path.name, runner=by_side["runner"].path.name)
            game_name = names.record_name("netrunner") or word("game", "netrunner", lang)  # the game record's name
            title = tr("{game} · seed {seed} · {decks}", game=game_name, seed=seed, decks=decks)
            with _writing_replay(replay):
                write_replay(replay, frames, title, lang, names, force=force)
        if save is not None:
            from toolkit.engine.netrunner.saved import save_game

            save_game(save, played, {s: d.deck for s, d in by_side.items()}, turns)


def _print_netrunner(
    played: Any, inert: dict[str, Any], format: OutputFormat, turns: int, lang: str, names: Any
) -> None:
    """The log, the sides' state and how the Netrunner game ``played`` ended (``format``: text or json; ``inert``:
    the decks' titles with no executable text, :func:`_inert_report`), in ``lang``."""
    from toolkit.engine.netrunner import SEATS
    from toolkit.engine.netrunner.screen import icon_words

    state = played.state()
    if format == "json":
        from toolkit.jsonstream import Stream, write_json

        log = Stream(names.event(entry) for entry in played.log.to_json())  # worded and written an event at a time
        write_json({"no_executable_text": inert, "log": log, "state": state, "result": _result(played)})
        return
    for line in _inert_lines(inert, lang):
        print(line)
    sides = {seat: side for side, seat in SEATS.items()}
    _print_log(played.log, lambda seat: word("side", sides[seat], lang), names, lambda line: icon_words(line, lang))
    print_sides(state, lang, names)
    if not played.over and played.turns >= turns:  # the turns ran out: say so, and how to play more
        if turns < MAX_TURNS:
            said = tn(
                lang,
                "stopped at the turn limit ({n} turn); no winner ({option} raises the limit)",
                "stopped at the turn limit ({n} turns); no winner ({option} raises the limit)",
                played.turns,
                n=played.turns,
                option="--turns",
            )
        else:
            said = tn(
                lang,
                "stopped at the turn limit ({n} turn); no winner",
                "stopped at the turn limit ({n} turns); no winner",
                played.turns,
                n=played.turns,
            )
        print(said)


def _sides(loaded: list[Any], pool: Any) -> dict[str, Any]:
    """The two legal decks by their identity's side (one corp deck and one runner deck)."""
    from toolkit.i18n import current_lang

    identities = pool.rules.game("netrunner").records
    game = word("game", "netrunner", current_lang())  # the game's name, as the messages say it
    by_side: dict[str, Any] = {}
    for deck in loaded:
        side = getattr(identities.get(deck.deck.identity), "side", None)
        if side not in ("corp", "runner"):
            raise DossierError(
                tr("{path}: {id} is not a {game} identity", path=deck.path, id=repr(deck.deck.identity),
                   game=game),
                exit_code=1,
            )  # fmt: skip
        if side in by_side:
            raise DossierError(
                tr(
                    "{first} and {second} are both {side} decks; {game} needs one corp deck and one runner deck",
                    first=by_side[side].path,
                    second=deck.path,
                    side=word("side", side, current_lang()),
                    game=game,
                )
            )
        by_side[side] = deck
    return by_side


def _result(game: Any) -> dict[str, Any]:
    result = game.result()
    return {k: v for k, v in result.items() if k != "winner"}  # winners, the reason's code and numbers, turns


def print_sides(state: dict[str, Any], lang: str, names: Any = None) -> None:
    """Each side's numbers after a netrunner game (or ability), and who won; ``names`` (a LogNames) puts the
    identity's name and the reason in words (the game's symbols too: ``5 credits``, never ``5[credit]``)."""
    from toolkit.cli._lang import LogNames
    from toolkit.engine.netrunner.screen import icon_words

    names = names or LogNames([], lang)
    for p in state["players"]:
        numbers = icon_words(names.fields_text({k: v for k, v in p.items() if k not in ("seat", "side", "identity")}),
                             lang)  # fmt: skip
        print(
            t(
                lang,
                "{side} ({identity}): {numbers}",
                side=word("side", p["side"], lang),
                identity=names.record_name(p["identity"]) or p["identity"],
                numbers=numbers,
            )
        )
    if state["winner"] is not None:
        print(
            t(
                lang,
                "game over: the {side} wins ({reason})",
                side=word("side", state["winner"], lang),
                reason=icon_words(str(names.say("reason", state["reason"])), lang),
            )
        )


def _inert_report(by_side: dict[str, Any], pool: Any, lang: str) -> dict[str, Any]:
    """Which titles of the two decks have no executable text (none, or text that does not parse): imported
    cards keep their printed text apart, so in a simulation they do nothing but cost and count."""
    from toolkit.decks.stats import inert_titles

    lookup = pool.lookup("netrunner")
    titles = cards = 0
    listed: list[dict[str, Any]] = []
    for side in ("corp", "runner"):
        deck = by_side[side].deck
        titles += len(deck.cards) + (1 if deck.identity else 0)
        cards += deck.total() + (1 if deck.identity else 0)
        listed += [{"side": side, **entry.to_json()} for entry in inert_titles(deck, lookup, lang)]
    return {
        "titles": len(listed),
        "cards": sum(e["copies"] for e in listed),
        "of_titles": titles,
        "of_cards": cards,
        "list": listed,
    }


def _inert_lines(inert: dict[str, Any], lang: str = "en") -> list[str]:
    """``text the simulation does not run: 3 of 36 titles (7 of 92 cards) …`` and a line per side naming them: a
    title with no executable text, or read in part (the paragraphs not read named: the others run); no line at all
    when every card runs."""
    if not inert["list"]:
        return []
    head = t(
        lang,
        "text the simulation does not run: {titles} of {of_titles} titles ({cards} of {of_cards} cards, identities "
        "included) in the two decks",
        titles=inert["titles"],
        of_titles=inert["of_titles"],
        cards=inert["cards"],
        of_cards=inert["of_cards"],
    )
    lines = [
        head + t(lang, "; that text does nothing in the simulation (a card read in part: only the paragraphs named, "
                       "its other paragraphs run):")
    ]  # fmt: skip
    for side in ("corp", "runner"):
        names = []
        for entry in inert["list"]:
            if entry["side"] != side:
                continue
            label = entry["name"] + (t(lang, " (identity)") if entry["kind"] == "identity" else f" ×{entry['copies']}")
            if entry["reason"].startswith("partial: "):
                paragraphs = entry["reason"].removeprefix("partial: ")
                label += tn(
                    lang,
                    " (in part: paragraph {paragraphs} not read)",
                    " (in part: paragraphs {paragraphs} not read)",
                    len(paragraphs.split(",")),
                    paragraphs=paragraphs,
                )
            elif entry["reason"] != "no text":
                problem = entry["reason"].removeprefix("text does not parse: ")
                label += t(lang, " (text does not parse: {problem})", problem=problem)
            names.append(label)
        if names:
            lines.append(
                "  " + t(lang, "{who}: {numbers}", who=word("side", side, lang), numbers=t(lang, ", ").join(names))
            )
    return lines


def register(app: typer.Typer) -> None:
    app.command("simulate", help=SIMULATE_HELP)(simulate)
