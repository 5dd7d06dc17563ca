"""`dossier balance`: the balance lab — thousands of seeded games per card set on Ray, win rates with intervals,
outliers, runs kept in the card database and compared."""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
import time
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from toolkit.cli._help import help_text
from toolkit.cli._lang import LangOption
from toolkit.cli._options import CardsOption, check_kept_seed, finite, not_empty, pool_help
from toolkit.cli.progress import Progress
from toolkit.errors import DossierError
from toolkit.i18n import N_, t, tn, tr

BALANCE_HELP = help_text(
    N_("The balance lab: thousands of seeded games per card set played in parallel, win rates with 95% intervals, "
       "outliers, runs kept in the card database and compared."),  # fmt: skip
)

balance_app = typer.Typer(name="balance", help=BALANCE_HELP, no_args_is_help=True)

DECIDERS = ("heuristic", "brawler", "random")
DEFAULT_MODES = ("duel", "duo", "expert")

DbOption = Annotated[
    str | None,
    typer.Option("--db", help=N_("The database the runs are kept in: a file path or a database URL. Default: "
                                 "`$DOSSIER_DB`, else `dossier.db` in the working directory."),
                 callback=not_empty),  # fmt: skip
]


class RateProgress(Progress):
    """The progress counter with games (or, ``tables``, a crossfire run's tables) per second and the time left, in
    ``lang``."""

    def __init__(self, total: int, lang: str, tables: bool = False) -> None:
        super().__init__(total, t(lang, "tables") if tables else t(lang, "games"), every=0.5)
        self.lang = lang
        self.tables = tables
        self.started = time.monotonic()

    def line(self) -> str:
        spent = time.monotonic() - self.started
        speed = self.done / spent if spent > 0 else 0.0
        left = (self.total - self.done) / speed if speed > 0 else 0.0
        fields = {"rate": f"{speed:.1f}", "left": _duration(left)}
        if self.tables:
            return super().line() + "  " + t(self.lang, "{rate} tables/s, {left} left", **fields)
        return super().line() + "  " + t(self.lang, "{rate} games/s, {left} left", **fields)


def _duration(seconds: float) -> str:
    minutes, seconds = divmod(int(seconds + 0.5), 60)
    return f"{minutes}:{seconds:02d}"



# the options the tactics and crossfire runs share
SeedOption = Annotated[int, typer.Option("--seed", callback=check_kept_seed,
                                          help=N_("The run's seed; each game's seed derives from it."))]
WorkersOption = Annotated[
    int | None, typer.Option("--workers", "-w", min=1, help=N_("Workers: games played at once. Default: every core."))
]
AddressOption = Annotated[
    str | None, typer.Option("--address", help=N_("Join the cluster at this address instead of starting one here."))
]


def _margin_option(help_text: str) -> Any:
    """``--margin``, with the help of a game's own test (what an outlier is held against differs by game:
    toolkit.balance.figures, netrunner, crossfire)."""
    return typer.Option("--margin", min=0.0, max=0.49, callback=finite, help=help_text)


MarginOption = Annotated[
    float,
    _margin_option(N_("An outlier's interval lies wholly beyond an average seat's share ± this: 50% in a game of two "
                      "sides (a third or a quarter in a melee of three or four).")),  # fmt: skip
]
NetrunnerMarginOption = Annotated[
    float,
    _margin_option(N_("An outlier's interval lies wholly beyond 50% ± this for a side, beyond its side's win rate ± "
                      "this for an identity, deck, pairing or card.")),  # fmt: skip
]
CrossfireMarginOption = Annotated[
    float,
    _margin_option(N_("An outlier's interval lies wholly beyond the average seat's win rate ± this (the share of "
                      "seats that win: the teams are unequal by design, so not 50%).")),  # fmt: skip
]
SaveOption = Annotated[bool, typer.Option("--save/--no-save", help=N_("Keep the run in the card database."))]

ReportOutOption = Annotated[
    Path, typer.Option("--out", "-o", help=N_("Directory for `report.json`, `report.html` and `games.jsonl`."))
]

@balance_app.command(
    "tactics",
    help=help_text(
        N_("Play seeded tactics games (random legal decks, or the given decks round-robin; seats swapped) in "
           "parallel and write the figures: win rates per agent, card, seat, mode and map with 95% intervals, the "
           "outliers, game length and how games end."),  # fmt: skip
        N_("The same seed gives the same `report.json` (timings aside), whatever the number of workers. `Ctrl-C` "
           "stops and keeps the games that finished."),  # fmt: skip
    ),
)
def tactics(
    games: Annotated[int, typer.Option("--games", "-n", min=2, max=10_000_000, help=N_("Number of games."))] = 1000,
    modes: Annotated[
        str | None,
        typer.Option(
            "--modes",
            help=N_("Modes to play, comma-separated (random decks: each deal in turn; default `duel,duo,expert`, "
                    "with 3 or 4 players every mode made for them); "
                    "with decks: only the decks of these modes."),  # fmt: skip
        ),
    ] = None,
    decks: Annotated[
        Path | None,
        typer.Option("--decks", help=N_("A directory of legal decks to play round-robin instead of random decks.")),
    ] = None,
    random_decks: Annotated[
        bool, typer.Option("--random", help=N_("Random legal decks, drawn fairly (the default).")),
    ] = False,
    decider: Annotated[
        str, typer.Option("--decider", help=N_("The player on every seat: `heuristic`, `brawler` or `random`."))
    ] = "heuristic",
    players: Annotated[
        int,
        typer.Option("--players", min=2, max=4, help=N_("Seats per game: 2, or 3 or 4 for the modes made for them "
                                                      "(duo, melee); the seats turn one a game.")),  # fmt: skip
    ] = 2,
    seed: SeedOption = 0,
    rounds: Annotated[
        int, typer.Option("--rounds", min=1, max=500, help=N_("Rounds per game at most (then a draw)."))
    ] = 100,
    workers: WorkersOption = None,
    address: AddressOption = None,
    margin: MarginOption = 0.02,
    out: ReportOutOption = Path("balance-report"),
    db: DbOption = None,
    save: SaveOption = True,
    cards: CardsOption = None,
    lang: LangOption = None,
) -> None:
    from toolkit.balance import figures as fig
    from toolkit.balance.games import (
        card_set_hash,
        check_modes,
        deck_digest,
        plan_decks,
        plan_random,
        playable_modes,
        unplayed_decks,
        whole_games,
    )
    from toolkit.balance.report import check_report_folder, kept_names, namer, write_report
    from toolkit.balance.runner import check_workers, import_ray, run_games
    from toolkit.cli._lang import output_lang
    from toolkit.cli.deck import load_pool

    import_ray()  # before any work: without Ray, one line and exit 2
    check_workers(workers, address)
    check_report_folder(out)  # and before any game: not after them
    _check_db(db, save)
    if decks is not None and random_decks:
        raise DossierError(tr("{first} and {second} exclude each other", first="--decks", second="--random"))
    if decider not in DECIDERS:
        raise DossierError(tr("{option} {value}: choose one of {choices}", option="--decider", value=repr(decider),
                              choices=tr(", ").join(DECIDERS)))  # fmt: skip
    language = output_lang(lang)
    mode_list = [m.strip() for m in re.split("[,，、]", modes) if m.strip()] if modes is not None else []
    if modes is not None and not mode_list:  # `--modes ''`, `--modes ,`: none at all (not given: the default ones)
        raise DossierError(tr("{option} {value}: give modes such as {example}", option="--modes", value=repr(modes),
                              example="duel,duo"))  # fmt: skip
    pool = load_pool(cards)
    records = list(pool.records)
    _once("--modes", modes or "", mode_list)  # duel,duel would weigh the mode twice and skew its maps
    given = bool(mode_list)
    if decks is None:
        mode_list = mode_list or (list(DEFAULT_MODES) if players == 2 else playable_modes(records, players))
    if mode_list or decks is None:  # a mode the pool cannot play, or none at all: one line naming it, before any deck
        mode_list = check_modes(records, mode_list, players, pool.describe(), given)  # the ids (named: Duel, 单挑)
        _once("--modes", modes or "", mode_list)  # duel,Duel: the same mode twice, by its id and its name
    planned = whole_games(games, players)  # whole deals, each played once per seat: said when more than asked
    if planned != games:
        print(tn(language, "{option} {value}: {n} game is played, whole deals of {players} (each deal once per seat)",
                 "{option} {value}: {n} games are played, whole deals of {players} (each deal once per seat)", planned,
                 option="--games", value=games, players=players), file=sys.stderr)  # fmt: skip
        games = planned
    if decks is not None:
        from toolkit.cli.deck import deck_files
        from toolkit.cli.simulate import _legal_decks

        legal = _legal_decks(deck_files([decks]), "tactics", pool, _refusal())
        # only the decks of the modes played: a deck --modes leaves out is not said to be played once
        loaded = _distinct_decks([e for e in legal if e.deck is not None and (not mode_list or e.deck.mode in mode_list)])
        chosen: dict[str, Any] = {}  # by file name: the key games.jsonl keeps (the same in every language)
        for entry in loaded:
            key = Path(entry.path).stem
            if key in chosen:
                raise DossierError(tr("{path}: two decks named {name}; rename one", path=entry.path, name=key))
            chosen[key] = entry.deck
        specs = plan_decks(records, chosen, games, seed, decider, rounds, players)
        mode_list = sorted({s.mode for s in specs})
        unplayed = unplayed_decks(chosen, players)  # no other deck of its mode: said, not dropped in silence
        if unplayed:
            _say_unplayed(unplayed, players, namer(records, language), language)
    else:
        unplayed = {}
        specs = plan_random(records, games, mode_list, seed, decider, rounds, players)
    meta: dict[str, Any] = {
        "game": "tactics",
        "card_set": card_set_hash(records),
        "decider": decider,
        "seed": seed,
        "games_asked": games,
        "modes": mode_list,
        "decks": "given" if decks is not None else "random",
        "rounds": rounds,
        "margin": margin,
    }
    if players != 2:  # two-player runs say nothing, as before there was a choice (their comparisons stay clean)
        meta["players"] = players
    if unplayed:  # the given decks no game plays (the report says so beside the decks' rates)
        meta["decks_not_played"] = unplayed
    if decks is not None:  # what each given deck holds: a comparison tells decks of the same names apart
        meta["deck_digests"] = {key: deck_digest(deck) for key, deck in sorted(chosen.items())}
    started = time.perf_counter()
    with RateProgress(len(specs), language) as bar:
        outcome = run_games(records, specs, workers=workers, address=address, step=bar.advance)
    wall = time.perf_counter() - started
    meta.update(interrupted=outcome.interrupted)
    timing = fig.timing(outcome.results, wall)
    timing.update(workers=outcome.workers, batch=outcome.batch)
    figures = fig.figures(outcome.results, margin)
    names = namer(records, language)
    meta["names"] = kept_names(records, meta, figures, "tactics")  # kept with the run: read where the pool lacks them
    if outcome.results:
        paths = write_report(out, meta, figures, {**timing}, outcome.results, names, language)
        run_id = _keep(db, save, meta, figures)
        _summary(meta, figures, timing, names, language, outcome.interrupted, run_id, paths, outcome.dropped,
                 outcome.results)  # fmt: skip
    else:  # stopped before a game finished (Ctrl-C while Ray starts): said, and no empty report over a real one
        _nothing_finished(out, language, t(language, "interrupted: {games} of {asked} games finished", games=0,
                                           asked=meta["games_asked"]))  # fmt: skip
    _stopped(outcome)
    if outcome.results and not figures["games"]:  # every game ended in an engine error: no figure, a failed run
        _leave(1)


def _say_unplayed(unplayed: dict[str, str], players: int, names: Any, lang: str) -> None:
    """One line on stderr naming the given decks no game plays (:func:`toolkit.balance.games.unplayed_decks`), each
    with its mode, and why: no other deck of its mode (fewer than ``players`` with more players)."""
    from toolkit.balance.report import not_played

    decks = not_played({"decks_not_played": unplayed}, names, lang)
    if players == 2:
        line = t(lang, "{option}: not played, no other deck of the same mode: {decks}", option="--decks", decks=decks)
    else:
        line = t(lang, "{option}: not played, fewer than {n} decks of the same mode: {decks}", option="--decks",
                 n=players, decks=decks)  # fmt: skip
    print(line, file=sys.stderr)


def _rate_line(lang: str, name: str, row: dict[str, Any]) -> str:
    """A rate in one line: its name, the rate and its interval, and what it counts: ``n=40`` (games or sides), or
    for a tactics rate counted in deals, ``40 games in 20 deals`` (its interval counts the deals' worth)."""
    from toolkit.balance.report import pct

    fields = {"name": name, "rate": pct(row["rate"]), "low": pct(row["low"]), "high": pct(row["high"])}
    if isinstance(row.get("deals"), int):
        return t(lang, "{name}: {rate} ({low}–{high}, {games} in {deals})", **fields,
                 games=tn(lang, "{n} game", "{n} games", row["n"]),
                 deals=tn(lang, "{n} deal", "{n} deals", row["deals"]))  # fmt: skip
    return t(lang, "{name}: {rate} ({low}–{high}, n={n})", **fields, n=row["n"])


def _once(option: str, given: str, items: list[Any]) -> None:
    """A list option (``--players 6,7``, ``--modes duel,duo``) names each item once: a repeat is refused in one
    line (exit 2) before any game, not played twice into narrower intervals."""
    seen: set[Any] = set()
    for item in items:
        if item in seen:
            raise DossierError(tr("{option} {value}: {item} is given twice; name each once", option=option,
                                  value=repr(given), item=item))  # fmt: skip
        seen.add(item)


def _nothing_finished(out: Path, lang: str, interrupted: str, tables: bool = False) -> None:
    """The summary of a run stopped before its first game (``tables``: crossfire table) finished: ``interrupted``
    (the line that says so), and that no report is written: a report of no game would say nothing, and would
    replace the report an earlier run left in ``out``, which is kept (said when there is one)."""
    print(interrupted)
    kept = (out / "report.json").is_file()
    if tables:
        print(t(lang, "no table finished: no report written; the report already in {path} is left as it was",
                path=out) if kept else t(lang, "no table finished: no report written"))  # fmt: skip
    else:
        print(t(lang, "no game finished: no report written; the report already in {path} is left as it was",
                path=out) if kept else t(lang, "no game finished: no report written"))  # fmt: skip


def _stopped(outcome: Any) -> None:
    """A run stopped early: exit 130 after Ctrl-C, 143 after SIGTERM (``kill``: 128 + its number, as a shell gives
    a process the signal ended); after a lost task, its reason on stderr and exit 1."""
    if outcome.terminated:  # (its tasks' workers may have had the signal too: not a failure of the run)
        _leave(143)
    if outcome.failure is not None:
        typer.echo(tr("a Ray task failed, the run stopped: {reason}", reason=outcome.failure), err=True)
        _leave(1)
    if outcome.interrupted:
        _leave(130)


def _leave(code: int) -> NoReturn:
    """End a run stopped early with ``code``, everything said and Ray shut down (:func:`toolkit.balance.runner.run_games`).

    In the command's own process (its output on the process's standard streams) the process ends here: the streams
    flushed, then ``os._exit``. A Ctrl-C or SIGTERM reaches Ray's processes too (a terminal signals the whole process
    group), and their connections break while the driver's native threads (gRPC, the core worker's) are still
    winding down after ``ray.shutdown``; the interpreter's teardown that a normal exit runs then (``atexit``
    handlers, Ray's among them, and the modules' destruction) sometimes met one of those threads and ended the
    process with a segmentation fault (exit −11) instead of 130. Nothing is left for the teardown to do: the report
    is written, the run kept, its database closed, Ray shut down. Where a caller captured the output (a test's
    ``CliRunner``, which reads the status), the exit is raised as before."""
    if sys.stdout is sys.__stdout__ and sys.stderr is sys.__stderr__:
        streams: tuple[Any, ...] = (sys.stdout, sys.stderr)
        for stream in streams:
            with contextlib.suppress(Exception):  # (a reader gone: nothing more to tell it)
                stream.flush()
        os._exit(code)
    raise typer.Exit(code)


def _summary(meta: dict[str, Any], figures: dict[str, Any], timing: dict[str, Any], names: Any, lang: str,
             interrupted: bool, run_id: int | None, paths: list[Path], dropped: int = 0,
             results: list[dict[str, Any]] | None = None) -> None:  # fmt: skip
    """``dropped``: the games that finished but were left out, the rest of their deal unfinished (said after the
    interrupted line); ``results``: the games, whose engine errors are named with how many games each ended."""
    from toolkit.balance.report import engine_errors, label, outlier_label, pct

    if interrupted:
        print(t(lang, "interrupted: {games} of {asked} games finished", games=figures["games"],
                asked=meta["games_asked"]))  # fmt: skip
        if dropped > 0:
            print(tn(lang, "{n} game left out: the other games of its deal did not finish",
                     "{n} games left out: the other games of their deals did not finish", dropped, n=dropped))  # fmt: skip
    errors = engine_errors(results or [])
    if not figures["games"]:  # every game ended in an engine error: no figure to give, and not a speed
        print(tn(lang, "no game finished: the {n} game played ended in an engine error",
                 "no game finished: each of the {n} games played ended in an engine error", figures["errors"]))  # fmt: skip
    else:
        print(t(lang, "{games} ({errors}) in {seconds} s: {rate} games/s on {workers}",
                games=tn(lang, "{n} game", "{n} games", figures["games"]),
                errors=tn(lang, "{n} engine error", "{n} engine errors", figures["errors"]),
                seconds=timing["wall_seconds"], rate=timing["games_per_second"],
                workers=tn(lang, "{n} worker", "{n} workers", timing["workers"])))  # fmt: skip
    for words, n in errors:  # why: each error with its games (games.jsonl keeps each game's, in English)
        print("  " + tn(lang, "{n} game: {error}", "{n} games: {error}", n, error=words))
    if not figures["games"]:
        for path in paths:
            print(t(lang, "{path}: written", path=path))
        return
    for row in figures["seats"]:
        print(_rate_line(lang, label("seats", row, names, lang), row))
    for row in figures.get("decks", ()):  # a run of given decks: each deck's rate ("Decks: duel")
        print(_rate_line(lang, outlier_label({"table": "decks", **row}, names, lang), row))
    if meta.get("players", 2) == 2:
        print(t(lang, "outliers (the table's simultaneous 95% interval wholly beyond 50% ± {margin}): {n}",
                margin=pct(figures["margin"]), n=len(figures["outliers"])))  # fmt: skip
    else:  # held against the fair share of the games counted
        print(t(lang, "outliers (the table's simultaneous 95% interval wholly beyond its centre ± {margin}): {n}",
                margin=pct(figures["margin"]), n=len(figures["outliers"])))  # fmt: skip
    _outliers_and_files(figures, names, lang, run_id, paths)


def _check_db(db: str | None, save: bool) -> None:
    """Before any game: the database a run is kept in can take it (``--db notes.txt`` refused now, not after
    every game, with the report already written)."""
    if save:
        from toolkit.balance.store import check_database

        check_database(db)


def _keep(db: str | None, save: bool, meta: dict[str, Any], figures: dict[str, Any]) -> int | None:
    """Keep the run in the database (unless ``--no-save`` or no game finished); its id."""
    if not save or not figures["games"]:
        return None
    from toolkit.balance.store import save_run

    return save_run(db, meta, figures)


def _outliers_and_files(figures: dict[str, Any], names: Any, lang: str, run_id: int | None, paths: list[Path]) -> None:
    """The end of a run's summary: each outlier with its verdict, the files written and the run kept."""
    from toolkit.balance.report import outlier_label

    for row in figures["outliers"]:
        verdict = t(lang, "strong") if row["flag"] == "strong" else t(lang, "weak")
        print("  " + _rate_line(lang, outlier_label(row, names, lang), row) + f"  {verdict}")
    for path in paths:
        print(t(lang, "{path}: written", path=path))
    if run_id is not None:
        print(t(lang, "run {id} kept in the database", id=run_id))


@balance_app.command("compare", help=N_("What moved between two runs beyond noise: a test of two proportions for "
                                        "every rate both runs have, corrected for the number of tests (Holm's "
                                        "method)."))
def compare(
    run_a: Annotated[str, typer.Argument(help=N_("A run id in the database, or a run's `report.json`."))],
    run_b: Annotated[str, typer.Argument(help=N_("The run to compare it with."))],
    alpha: Annotated[
        float, typer.Option("--alpha", min=0.0001, max=0.5, callback=finite, help=N_("Family-wise error rate."))
    ] = 0.05,
    db: DbOption = None,
    json_out: Annotated[bool, typer.Option("--json", help=N_("Print the comparison as JSON."))] = False,
    cards: Annotated[
        list[Path] | None,
        typer.Option(
            "--cards", help=pool_help(N_("Card pool directory, for the names (repeatable). Default: {pool}."))
        ),
    ] = None,
    lang: LangOption = None,
) -> None:
    from toolkit.balance.report import comparison, namer
    from toolkit.balance.store import check_same_game, load_run, pool_names
    from toolkit.balance.store import compare as compared
    from toolkit.cli._lang import output_lang
    from toolkit.cli.deck import load_pool

    language = output_lang(lang)
    first, second = load_run(db, run_a), load_run(db, run_b)
    check_same_game(first, second, language)  # a crossfire run against a tactics run: one line, exit 2
    game = str(first["meta"].get("game", "tactics"))
    records = list(load_pool(cards).records)
    result = compared(first, second, alpha, names=pool_names(records, game))  # (an older run's names read as ids)
    if json_out:
        print(json.dumps(result, ensure_ascii=False, indent=2))
        return
    names = namer(records, language, game)
    words = comparison(result, names, language)
    print(words["summary"])
    for note in words["notes"]:
        print(note)
    if words["nothing"]:
        print(words["nothing"])
    for group in words["groups"]:
        print(t(language, "{table}:", table=group["title"]))
        for row in group["rows"]:
            print("  " + row["line"])


@balance_app.command(
    "crossfire",
    help=help_text(
        N_("Play random crossfire tables (random seats, aims and marks) in parallel and write each role's win rate "
           "with its 95% interval, per player count and per seat, and the outliers: roles that win more or less "
           "than an average seat."),  # fmt: skip
        N_("The same seed gives the same `report.json` (timings aside), whatever the number of workers. `Ctrl-C` "
           "stops and keeps the tables that finished."),  # fmt: skip
    ),
)
def crossfire(
    players: Annotated[
        str, typer.Option("--players", help=N_("Player counts, comma-separated, e.g. 6,7,8."))
    ] = "6,7,8",
    tables: Annotated[
        int, typer.Option("--tables", "-n", min=1, max=10_000_000, help=N_("Random tables per player count."))
    ] = 100_000,
    mode: Annotated[str, typer.Option("--mode", help=N_("crossfire or sniper."))] = "crossfire",
    special: Annotated[
        list[str] | None, typer.Option("--special", help=N_("A special role to add (repeatable), e.g. bodyguard."))
    ] = None,
    seed: SeedOption = 0,
    workers: WorkersOption = None,
    address: AddressOption = None,
    margin: CrossfireMarginOption = 0.02,
    out: Annotated[
        Path, typer.Option("--out", "-o", help=N_("Directory for `report.json` and `report.html`."))
    ] = Path("balance-report"),
    db: DbOption = None,
    save: SaveOption = True,
    cards: CardsOption = None,
    lang: LangOption = None,
) -> None:
    from toolkit.balance.crossfire import crossfire_figures, plan_tables, play_jobs, tables_of, unreached
    from toolkit.balance.figures import timing as timing_of
    from toolkit.balance.games import card_set_hash
    from toolkit.balance.report import (
        CROSSFIRE_REPORT_FILES,
        check_report_folder,
        kept_names,
        label,
        namer,
        pct,
        write_crossfire_report,
    )
    from toolkit.balance.runner import check_workers, import_ray, run_games
    from toolkit.cli._lang import output_lang
    from toolkit.cli.crossfire import NAME_SEPARATORS, _asked, _catalog, _game_of

    import_ray()
    check_workers(workers, address)
    check_report_folder(out, CROSSFIRE_REPORT_FILES)
    _check_db(db, save)
    language = output_lang(lang)
    try:
        counts = [int(p) for p in NAME_SEPARATORS.split(players) if p.strip()]  # (6，7 and 6、7 too)
    except ValueError:
        counts = []
    if not counts:  # not numbers, or none at all (`--players ''`, `--players ,`)
        raise DossierError(tr("{option} {value}: give player counts such as 6,7,8", option="--players",
                              value=repr(players)))  # fmt: skip
    _once("--players", players, counts)  # 6,6 would play the same tables twice (their seeds come from the count)
    catalog = _catalog(cards)  # (every --cards folder, read once)
    records = list(catalog.records)
    game = _game_of(catalog)  # a role whose text cannot be run: left out, warned of once naming its file, as by deal
    with _asked():  # a mode, player count or special the rules refuse: its one line naming the option (exit 2)
        for count in counts:  # before any work
            game.setup(mode, count, special or [])
        # kept as the set-up reads them: the mode's id, the special roles' ids sorted (`--special 保镖` and
        # `--special bodyguard` are one setting; a comparison of the two runs says no setting differs)
        mode = game.mode(mode).id
        specials = sorted(game.special_id(name) for name in special or [])
    jobs = plan_tables(tables, counts, mode, seed, specials)
    meta: dict[str, Any] = {"game": "crossfire", "card_set": card_set_hash(records, "crossfire"), "decider": "random",
                            "seed": seed, "mode": mode, "players": sorted(counts), "tables": tables, "specials": specials,
                            "margin": margin}  # fmt: skip
    started = time.perf_counter()
    with RateProgress(tables * len(counts), language, tables=True) as bar:
        outcome = run_games(records, jobs, workers=workers, address=address, batch=1, step=bar.advance,
                            play=play_jobs, measure=tables_of)  # fmt: skip
    wall = time.perf_counter() - started
    meta.update(interrupted=outcome.interrupted)
    figures = crossfire_figures(outcome.results, margin)
    timing = timing_of(outcome.results, wall)
    timing.update(workers=outcome.workers, games_per_second=round(figures["games"] / wall, 1) if wall else None)
    names = namer(records, language, "crossfire")
    meta["names"] = kept_names(records, meta, figures, "crossfire")  # kept with the run: read where the pool lacks them
    if not figures["games"]:  # stopped before a table finished: said, and no empty report over a real one
        _nothing_finished(out, language, t(language, "interrupted: {tables} of {asked} tables finished", tables=0,
                                           asked=tables * len(counts)), tables=True)  # fmt: skip
        _stopped(outcome)
        return
    paths = write_crossfire_report(out, meta, figures, timing, names, language)
    run_id = _keep(db, save, meta, figures)
    if outcome.interrupted:
        print(t(language, "interrupted: {tables} of {asked} tables finished", tables=figures["games"],
                asked=tables * len(counts)))  # fmt: skip
        missing = unreached(meta, figures)
        if missing:
            print(t(language, "player counts not reached: {counts}", counts=t(language, ", ").join(map(str, missing))))
    print(t(language, "{tables} in {seconds} s on {workers}; an average seat wins {baseline}",
            tables=tn(language, "{n} table", "{n} tables", figures["games"]), seconds=timing["wall_seconds"],
            workers=tn(language, "{n} worker", "{n} workers", outcome.workers),
            baseline=pct(figures["baseline"])))  # fmt: skip
    for row in figures["roles"]:
        flag = {"strong": t(language, "strong"), "weak": t(language, "weak")}.get(row["flag"] or "", "")
        print("  " + t(language, "{name}: {rate} ({low}–{high}, n={n})", name=label("roles", row, names, language),
                       rate=pct(row["rate"]), low=pct(row["low"]), high=pct(row["high"]), n=row["n"])
              + (f"  {flag}" if flag else ""))  # fmt: skip
    for path in paths:
        print(t(language, "{path}: written", path=path))
    if run_id is not None:
        print(t(language, "run {id} kept in the database", id=run_id))
    _stopped(outcome)


@balance_app.command(
    "netrunner",
    help=help_text(
        N_("Play seeded Netrunner games, every corp deck against every runner deck in turn, in parallel and write the "
           "figures: the corp's and the runner's win rates, each identity, deck and card against its side's rate "
           "(in the deck; played or installed), the pairings, how games end and their length, with 95% intervals "
           "and the outliers."),  # fmt: skip
        N_("The same seed gives the same `report.json` (timings aside), whatever the number of workers. `Ctrl-C` "
           "stops and keeps the games that finished."),  # fmt: skip
    ),
)
def netrunner(
    decks: Annotated[
        list[Path],
        typer.Option("--decks", help=N_("Legal deck files or directories of them (repeatable): at least one corp "
                                        "and one runner deck.")),  # fmt: skip
    ],
    games: Annotated[int, typer.Option("--games", "-n", min=1, max=10_000_000, help=N_("Number of games."))] = 1000,
    decider: Annotated[
        str, typer.Option("--decider", help=N_("The player on both sides: `heuristic` or `random`."))
    ] = "heuristic",
    seed: SeedOption = 0,
    turns: Annotated[
        int, typer.Option("--turns", min=1, max=1000, help=N_("Turns per game at most, both sides' (then a draw)."))
    ] = 100,
    workers: WorkersOption = None,
    address: AddressOption = None,
    margin: NetrunnerMarginOption = 0.02,
    out: ReportOutOption = Path("balance-report"),
    db: DbOption = None,
    save: SaveOption = True,
    cards: CardsOption = None,
    lang: LangOption = None,
) -> None:
    from toolkit.balance.figures import timing as timing_of
    from toolkit.balance.games import card_set_hash, deck_digest
    from toolkit.balance.netrunner import netrunner_figures, plan_matches, play_matches
    from toolkit.balance.report import check_report_folder, kept_names, label, namer, pct, write_report
    from toolkit.balance.runner import check_workers, import_ray, run_games
    from toolkit.cli._lang import output_lang
    from toolkit.cli.deck import deck_files, load_pool
    from toolkit.cli.simulate import _legal_decks
    from toolkit.i18n import word

    import_ray()  # before any work: without Ray, one line and exit 2
    check_workers(workers, address)
    check_report_folder(out)  # and before any game: not after them
    _check_db(db, save)
    if decider not in ("heuristic", "random"):
        raise DossierError(tr("{option} {value}: choose one of {choices}", option="--decider", value=repr(decider),
                              choices=tr(", ").join(("heuristic", "random"))))  # fmt: skip
    language = output_lang(lang)
    pool = load_pool(cards)
    records = list(pool.records)
    files = deck_files(decks)
    _decks_once(files)
    loaded = _distinct_decks(_legal_decks(files, "netrunner", pool, _refusal()))
    identities = pool.rules.game("netrunner").records
    by_side: dict[str, dict[str, Any]] = {"corp": {}, "runner": {}}
    for entry in loaded:
        side = getattr(identities.get(entry.deck.identity), "side", None)
        if side not in by_side:
            raise DossierError(tr("{path}: {id} is not a {game} identity", path=entry.path,
                                  id=repr(entry.deck.identity), game=word("game", "netrunner", language)),
                               exit_code=1)  # fmt: skip
        key = Path(entry.path).stem
        if key in by_side["corp"] or key in by_side["runner"]:
            raise DossierError(tr("{path}: two decks named {name}; rename one", path=entry.path, name=key))
        by_side[side][key] = entry.deck
    for side, chosen in by_side.items():
        if not chosen:
            raise DossierError(tr("{option}: no {side} deck among them; a run needs at least one corp and one runner "
                                  "deck", option="--decks", side=word("side", side, language)))  # fmt: skip
    fmt = next(iter({d.mode for side in by_side.values() for d in side.values()}))
    specs = plan_matches(games, by_side["corp"], by_side["runner"], seed, decider, turns, fmt)
    meta: dict[str, Any] = {"game": "netrunner", "card_set": card_set_hash(records, "netrunner"), "decider": decider,
                            "seed": seed, "games_asked": games, "decks": sorted([*by_side["corp"], *by_side["runner"]]),
                            "turns": turns, "margin": margin,
                            "deck_digests": {key: deck_digest(deck) for side in by_side.values()
                                             for key, deck in sorted(side.items())}}  # fmt: skip
    started = time.perf_counter()
    with RateProgress(len(specs), language) as bar:
        outcome = run_games(records, specs, workers=workers, address=address, step=bar.advance, play=play_matches)
    wall = time.perf_counter() - started
    meta.update(interrupted=outcome.interrupted)
    timing = timing_of(outcome.results, wall)
    timing.update(workers=outcome.workers, batch=outcome.batch)
    figures = netrunner_figures(outcome.results, margin)
    names = namer(records, language, "netrunner")
    meta["names"] = kept_names(records, meta, figures, "netrunner")  # kept with the run: read where the pool lacks them
    if not outcome.results:  # stopped before a game finished: said, and no empty report over a real one
        _nothing_finished(out, language, t(language, "interrupted: {games} of {asked} games finished", games=0,
                                           asked=games))  # fmt: skip
        _stopped(outcome)
        return
    paths = write_report(out, meta, figures, timing, outcome.results, names, language)
    run_id = _keep(db, save, meta, figures)
    if outcome.interrupted:
        print(t(language, "interrupted: {games} of {asked} games finished", games=figures["games"], asked=games))
    print(t(language, "{games} in {seconds} s: {rate} games/s on {workers}",
            games=tn(language, "{n} game", "{n} games", figures["games"]), seconds=timing["wall_seconds"],
            rate=timing["games_per_second"], workers=tn(language, "{n} worker", "{n} workers",
                                                        timing["workers"])))  # fmt: skip
    for table in ("sides", "identities"):
        for row in figures[table]:
            print(t(language, "{name}: {rate} ({low}–{high}, n={n})", name=label(table, row, names, language),
                    rate=pct(row["rate"]), low=pct(row["low"]), high=pct(row["high"]), n=row["n"]))  # fmt: skip
    print(t(language, "outliers (the table's simultaneous 95% interval wholly beyond its centre ± {margin}): {n}",
            margin=pct(margin), n=len(figures["outliers"])))  # fmt: skip
    _outliers_and_files(figures, names, language, run_id, paths)
    _stopped(outcome)


def _refusal() -> str:
    """The line that ends the findings of a deck that is not legal (:func:`toolkit.cli.simulate._legal_decks`, exit
    1), in balance's words: no game is played, none simulated."""
    return tr("refusing to run the balance games: the decks above are not legal")


def _decks_once(files: list[Path]) -> None:
    """One deck file given twice (``--decks a.json --decks a.json``, or a file and its directory) is refused by
    name, not reported as two decks of the same name."""
    from toolkit.paths import given_twice

    twice = given_twice(files)
    if twice is not None:
        raise DossierError(tr("{option}: {path} is given twice; name each deck once", option="--decks",
                              path=twice[0]))  # fmt: skip


def _deck_key(deck: Any) -> tuple[Any, ...]:
    """What makes two decks the same deck: game, mode, identity or squad, player count and cards (not the name,
    the description or the file's format)."""
    agents = tuple(sorted(deck.agents)) if deck.agents is not None else None
    return deck.game, deck.mode, deck.identity, agents, deck.players, tuple(sorted(deck.cards.items()))


def _distinct_decks(loaded: list[Any]) -> list[Any]:
    """The decks read, each deck once: a folder often holds a deck's list beside its JSON (``x.json`` and
    ``x-list.txt``), and playing it twice would weigh it double against the others. Of the files holding the
    same deck the JSON one is played (else the first by name); each other is named in one line on stderr."""
    groups: dict[tuple[Any, ...], list[Any]] = {}
    for entry in loaded:
        if entry.deck is not None:
            groups.setdefault(_deck_key(entry.deck), []).append(entry)
    dropped: set[int] = set()
    for same in groups.values():
        if len(same) < 2:
            continue
        kept = next((entry for entry in same if Path(entry.path).suffix.lower() == ".json"), same[0])
        for entry in same:
            if entry is not kept:
                dropped.add(id(entry))
                print(tr("{path}: the same deck as {other} (the same identity or squad and cards); played once",
                         path=entry.path, other=kept.path), file=sys.stderr)  # fmt: skip
    return [entry for entry in loaded if id(entry) not in dropped]


@balance_app.command("runs", help=N_("List the balance runs kept in the database."))
def runs(
    db: DbOption = None,
    cards: Annotated[
        list[Path] | None,
        typer.Option(
            "--cards",
            help=N_(
                "Only the runs played with this card pool's cards as they are now: each run's card set (the "
                "records of its game) is the pool's (repeatable)."
            ),
            show_default=False,
        ),
    ] = None,
    lang: LangOption = None,
) -> None:
    from toolkit.balance.report import player_word
    from toolkit.balance.store import list_runs, require_database
    from toolkit.cli._lang import output_lang
    from toolkit.i18n import word

    language = output_lang(lang)
    require_database(db)  # no database there: one line, and none made
    skipped: list[int] = []
    rows = list_runs(db, skipped)
    for run_id in skipped:  # a damaged row: said, and the others listed
        print(tr("balance run {id}: its figures cannot be read", id=run_id), file=sys.stderr)
    kept = len(rows)
    if cards and rows:
        from toolkit.balance.games import card_set_hash
        from toolkit.cli.deck import load_pool

        records = list(load_pool(cards).records)
        sets = {game: card_set_hash(records, game) for game in {row["game"] for row in rows}}
        rows = [row for row in rows if row["card_set"] == sets[row["game"]]]
    if not rows and (kept or not skipped):  # nothing to list: said, with where the runs were looked for (a damaged
        from toolkit.db import resolve_target  # row is a run kept: told above)

        where = resolve_target(db).display
        if kept:
            print(tn(language, "the only balance run kept in {db} was not played with these cards as they are now",
                     "none of the {n} balance runs kept in {db} was played with these cards as they are now", kept,
                     db=where))  # fmt: skip
        else:
            print(t(language, "no balance run is kept in {db}", db=where))
    for row in rows:
        fields = {"id": row["id"], "created": row["created"], "game": word("game", row["game"], language),
                  "games": row["games"], "decider": player_word(row["game"], row["decider"], language),
                  "seed": row["seed"], "card_set": str(row["card_set"])[:12]}  # fmt: skip
        if row["game"] == "crossfire":  # a crossfire run counts tables, as its summary does
            line = tn(language, "{id}  {created}  {game}  {n} table  decider {decider}  seed {seed}  card set "
                      "{card_set}", "{id}  {created}  {game}  {n} tables  decider {decider}  seed {seed}  card set "
                      "{card_set}", row["games"], **fields)  # fmt: skip
        else:
            line = tn(language, "{id}  {created}  {game}  {n} game  decider {decider}  seed {seed}  card set "
                      "{card_set}", "{id}  {created}  {game}  {n} games  decider {decider}  seed {seed}  card set "
                      "{card_set}", row["games"], **fields)  # fmt: skip
        if row["interrupted"]:  # Ctrl-C stopped it: its figures count the games that finished
            line += "  " + t(language, "interrupted")
        print(line)


def register(app: typer.Typer) -> None:
    app.add_typer(balance_app, name="balance")
