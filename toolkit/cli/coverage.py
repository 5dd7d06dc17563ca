"""``dossier text coverage``: which abilities of the card data simulated games reach and change (tactics), and
how much of an imported netrunner pool's printed English was read into ability text (netrunner)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from toolkit.cli._help import help_text
from toolkit.cli._lang import LangOption
from toolkit.cli._options import check_seed, pool_help
from toolkit.cli.app import OutputFormat
from toolkit.errors import DossierError
from toolkit.i18n.words import N_

if TYPE_CHECKING:
    from toolkit.coverage import CoverageReport, ReadingReport

COVERAGE_HELP = help_text(
    N_("Simulate seeded games and report which abilities of the cards they reach and which change the game."),
    N_(
        "The games use random legal decks and decks that rotate through every card, so each card is played; "
        "the report lists every ability, the ones never reached or never changing with the reason (a timing "
        "that never occurred, a condition never true, no legal target, a form the engine does not run, …), "
        "and the totals. A --cards directory without a game record is a designer's set: its cards are played "
        "among the pool and the report is restricted to them."
    ),
    N_(
        "With --game netrunner no game is played: the report says how much of an imported pool's printed English "
        "was read into ability text (per card, set and cycle), so --games, --seed and --jobs do not apply."
    ),
)


def coverage(
    ctx: typer.Context,
    game: Annotated[
        str,
        typer.Option(
            "--game",
            help=help_text(
                N_(
                    "{tactics}: simulate games; {netrunner}: report how much of an imported pool's printed "
                    "English was read into ability text (per card, set, cycle)."
                ),
                tactics="tactics",
                netrunner="netrunner",
            ),
        ),
    ] = "tactics",
    games: Annotated[int, typer.Option("--games", min=1, max=10_000, help=N_("Games to play (tactics)."))] = 150,
    seed: Annotated[
        int,
        typer.Option(
            "--seed", callback=check_seed, help=N_("Seed of the decks and the games (tactics); same seed, same report.")
        ),
    ] = 0,
    jobs: Annotated[int, typer.Option("--jobs", min=1, max=64, help=N_("Processes to play the games in (tactics)."))] = 1,
    cards: Annotated[
        list[Path] | None,
        typer.Option(
            "--cards",
            help=pool_help(
                N_(
                    "Card pool directory (repeatable). Default: {pool}. A directory without a game record is a "
                    "designer's set: it is played among that pool and the report covers its records only."
                )
            ),
        ),
    ] = None,
    summary: Annotated[bool, typer.Option("--summary", help=N_("Text: leave out the line per ability."))] = False,
    format: Annotated[OutputFormat, typer.Option("--format", "-f", help=N_("text or json."))] = OutputFormat.text,
    lang: LangOption = None,
) -> None:
    """``dossier text coverage`` (its help: :data:`COVERAGE_HELP`)."""
    from toolkit.cli._lang import output_lang
    from toolkit.i18n import current_lang, tr, word

    output_lang(lang)

    # (the source by name: the click typer runs on may not be the one ``click`` imports here)
    given = [f"--{name}" for name in ("games", "seed", "jobs")
             if getattr(ctx.get_parameter_source(name), "name", "DEFAULT") != "DEFAULT"]  # fmt: skip
    if game == "netrunner":
        _check_no_games(given)
        _netrunner_reading(cards, summary, format)
        return
    if game != "tactics":
        raise DossierError(
            tr(
                "{option} {value}: coverage is measured for {tactics} (abilities simulated in games) and "
                "{netrunner} (an imported pool's English read into ability text) only",
                option="--game",
                value=game,
                tactics=word("game", "tactics", current_lang()),
                netrunner=word("game", "netrunner", current_lang()),
            )
        )
    from toolkit.catalog import load_catalog
    from toolkit.cli.progress import Phases
    from toolkit.config import missing_pool, pool_catalog
    from toolkit.coverage import KINDS, netrunner_reading, run_coverage
    from toolkit.paths import CARDS_DIR

    focus: set[str] | None = None
    if cards:
        focus = set()
        for path in cards:
            found = load_catalog([path]).records
            if not any(getattr(r, "kind", None) == "game" and getattr(r, "game", None) == "tactics" for r in found):
                # a designer's set: played among the pool, the report restricted to it
                focus |= {r.id for r in found if getattr(r, "game", None) == "tactics" and getattr(r, "kind", None) in KINDS}
        if not focus:
            focus = None
    pool, catalog = pool_catalog(cards, default=[CARDS_DIR / "tactics"])  # (a set folder plays among the pool)
    records = catalog.records
    if not any(getattr(r, "kind", None) == "map" and getattr(r, "game", None) == "tactics" for r in records):
        held = {r.game for r in records if getattr(r, "kind", None) == "game"}
        if "netrunner" in held and "tactics" not in held:  # a pool of another game: the report it has
            if getattr(ctx.get_parameter_source("game"), "name", "DEFAULT") == "DEFAULT":
                _check_no_games(given)
                _print(netrunner_reading(records), summary, format)
                return
            raise DossierError(
                tr(
                    "the card pool ({pool}) is a {game} pool, with no {tactics} game to simulate; give {option} "
                    "{value} to report how much of its printed English was read into ability text",
                    pool=pool.describe(),
                    game=word("game", "netrunner", current_lang()),
                    tactics=word("game", "tactics", current_lang()),
                    option="--game",
                    value="netrunner",
                )
            )
        message = tr(
            "the card pool ({pool}) has no {game} map ({directory}); games need one",
            pool=pool.describe(),
            game=word("game", "tactics", current_lang()),
            directory="cards/tactics/maps/",
        )
        # how to read another pool, never the way the pool read was already named
        if pool.source == "default":
            message += tr("; ") + missing_pool()
        elif pool.source != "--cards":
            message += tr("; ") + tr("to read another pool, give {option}", option="--cards DIR")
        raise DossierError(message)
    with Phases() as meter:
        report = run_coverage(records, games=games, seed=seed, jobs=jobs, meter=meter, focus=focus)
    _print(report, summary, format)


def _print(report: CoverageReport | ReadingReport, summary: bool, format: OutputFormat) -> None:
    """The report, a line (or, in JSON, an ability or a card) at a time as it is worded: the report is the
    sum of every game (its totals come first in JSON), so it is complete before the first line; what is
    written is not gathered into one text as well."""
    if format == "json":
        from toolkit.jsonstream import write_json

        write_json(report.json_stream())
    else:
        for line in report.text_lines(every=not summary):
            print(line)


def _check_no_games(given: list[str]) -> None:
    """Refuses the options of the games (``given``: those the command line sets) for the netrunner report."""
    from toolkit.i18n import tr

    if given:
        raise DossierError(
            tr(
                "{options}: {option} {game} plays no games (it reports how much of the pool's printed text was "
                "read into ability text); leave them out",
                options=", ".join(given),
                option="--game",
                game="netrunner",
            )
        )


def _netrunner_reading(cards: list[Path] | None, summary: bool, format: OutputFormat) -> None:
    """``text coverage --game netrunner``: the import's reading verdicts of the pool (no games are played)."""
    from toolkit.catalog import load_catalog
    from toolkit.config import card_pool
    from toolkit.coverage import netrunner_reading
    from toolkit.paths import CARDS_DIR

    pool = card_pool(cards, default=[CARDS_DIR / "netrunner"])
    _print(netrunner_reading(load_catalog(pool.paths).records), summary, format)


def register(app: typer.Typer) -> None:
    """Adds ``coverage`` to the ``dossier text`` group (defined in toolkit/cli/text.py), once: the group
    is this process's one ``text_app``, whatever app is being registered on."""
    from toolkit.cli.text import text_app

    if not any(info.callback is coverage for info in text_app.registered_commands):
        text_app.command("coverage", help=COVERAGE_HELP)(coverage)
