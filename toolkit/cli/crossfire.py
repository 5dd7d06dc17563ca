"""``dossier crossfire``: deal (on screen, privately seat by seat, or as printed slips), resolve a table,
score rounds, simulate."""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from toolkit import i18n
from toolkit.cli import tables
from toolkit.cli._help import help_text, in_english
from toolkit.cli._lang import lang_help
from toolkit.cli._options import OUTPUT_FILE, check_seed, pool_help, read_json_input
from toolkit.cli.app import OutputFormat
from toolkit.cli.progress import Progress
from toolkit.engine.crossfire_cards import RoleCard, labels_in, role_cards, role_name, seen_cards
from toolkit.errors import DossierError
from toolkit.i18n.words import N_

if TYPE_CHECKING:
    from toolkit.catalog import Catalog
    from toolkit.engine.crossfire import Crossfire, Deal
    from toolkit.sheets.slips import Slip

crossfire_app = typer.Typer(
    name="crossfire",
    help=help_text(  # the game's name in the help's language only (Chinese: 谍战特工)
        N_(
            "Crossfire: deal the roles (on one screen, one player at a time, or as printed slips), "
            "resolve a table after the shooting, score several rounds, simulate win rates."
        ),
    ),
    no_args_is_help=True,
)


FormatOption = Annotated[OutputFormat, typer.Option("--format", "-f", help=N_("text or json."))]
CardsOption = Annotated[
    list[Path] | None,  # (repeatable, as every command's: `--cards cards --cards my-set`)
    typer.Option(
        "--cards",
        help=pool_help(N_("Crossfire data directory (repeatable). Default: {pool}.")),
        show_default=False,
    ),
]
ModeOption = Annotated[
    str, typer.Option("--mode", help=N_("crossfire or sniper (a mode's id, or its name in either language)."))
]
SpecialOption = Annotated[
    list[str] | None, typer.Option("--special", help=N_("A special role to add (repeatable), e.g. bodyguard."))
]
LangOption = Annotated[
    str | None,
    typer.Option(
        "--lang",
        help=lang_help(
            N_(
                "The language, {langs}, of {scope}, the roles shown to players and printed on slips included. "
                "Default: {default}."
            )
        ),
        show_default=False,
    ),
]


def _help(*paragraphs: str) -> str:
    """Help text: paragraphs, each an English message (marked ``N_`` where it is written) shown in the current
    language, filled to 74 columns in English (a Chinese paragraph is not: click joins its lines with spaces);
    a paragraph that starts with "{" is an example, kept as it is (click's "\\b" marker: not filled)."""
    import textwrap

    def paragraph(text: str) -> Callable[[], str]:
        if text.startswith("{"):
            return lambda: "\b\n" + text
        return lambda: textwrap.fill(i18n.tr(text), 74) if in_english() else i18n.tr(text)

    return help_text(*map(paragraph, paragraphs))


TABLE_EXAMPLE = """\
{
  "mode": "crossfire",
  "players": [
    {"seat": 1, "name": "Ana", "role": "vip"},
    {"seat": 2, "name": "Bo",  "role": "agent",    "aim": [4]},
    {"seat": 3, "name": "Cy",  "role": "assassin", "aim": [1]},
    {"seat": 4, "name": "Di",  "role": "assassin", "aim": [1]},
    {"seat": 5, "name": "Ed",  "role": "agent",    "aim": [7]},
    {"seat": 6, "name": "Fay", "role": "decoy",    "aim": [3]},
    {"seat": 7, "name": "Gus", "role": "bomber"}
  ]
}"""

RESOLVE_HELP = _help(
    N_("Resolve one table after the shooting: who was hit, which team won, who won."),
    N_(
        "How the shooting resolves: unarmed players' pointing does nothing, except the Bodyguard's and the "
        "Peacekeeper's, which protects the player pointed at by cancelling one bullet aimed at them (protectors "
        "stack; no one points at themselves). The Agents fire first, all at once (the Enforcer counts as an Agent "
        "and fires two guns, at one player or two different players); a player they hit lowers their hand, so an "
        "Assassin hit by an Agent never fires. Then the Assassins still standing fire at once. The VIP hit: red "
        "wins; else blue. "
        "Then each role's own condition: whoever hits a Bystander loses, a Decoy wins when hit, a Bomber who is not "
        "hit wins alone, and so on."
    ),
    N_(
        "Sniper mode: the Sniper's shot cards hit first. Every Assassin hit: blue wins; a Bystander or the VIP hit "
        "by the Sniper: red wins; else the Assassins still standing fire, and the VIP hit with no Bystander hit "
        "means red, else blue."
    ),
    N_(
        "Then the moderator's script, the lines the dealer reads out after the shooting, each with what it brought "
        "out at this table: who was hit at that step and by whom, whose protection cancelled a bullet, the team it "
        "decided, the winners."
    ),
    N_(
        "The table is a JSON file. In this example Bo hits Di and Ed hits Gus; Cy, still standing, hits the VIP, "
        "so red wins and Cy and Di win:"
    ),
    TABLE_EXAMPLE,
    N_(
        'Fields: "mode" is crossfire (the default) or sniper. Each player has a "seat" (a number from 1), a '
        '"name" (optional; score follows players by name across rounds), a "role" (vip, agent, assassin, decoy, '
        "red_decoy, blue_decoy, bystander, bodyguard, enforcer, bomber, peacekeeper, protester, supporter, "
        'sniper) and an "aim", the seats they pointed at: one, the Enforcer one or two different ones; unarmed '
        "players may leave it out, but a protector (Bodyguard, Peacekeeper) names whom it protects. "
        'Sniper mode adds "marks", the seats where the Sniper put shot cards (at most one per Assassin). '
        'House rules go in "options", e.g. "options": {"protection_lost_when_hit": true}: '
        "protection_lost_when_hit (true: a protector who is hit protects no one afterwards; default false) and "
        "protester_counts_as_bystander (false: the Protester and the Supporter do not count as Bystanders; "
        "default true)."
    ),
    N_(
        "What `dossier crossfire deal --format json` (or deal --out FILE) writes is such a table, with every "
        '"aim" empty (and "marks" in sniper mode): fill them in and resolve it; its other fields are ignored.'
    ),
)


def register(app: typer.Typer) -> None:
    app.add_typer(crossfire_app, name="crossfire")


def _game(cards: Path | Sequence[Path] | None) -> Crossfire:
    return _game_of(_catalog(cards))


def _game_of(catalog: Catalog) -> Crossfire:
    """The rules over ``catalog``'s records; a bad role text or mode names its file. A role whose text the engine
    cannot run and no mode needs (lint only warns of it) is left out with a warning naming its file, once: the
    other roles still deal (a table or ``--special`` asking for it is refused, naming its place)."""
    from toolkit.engine.crossfire import Crossfire
    from toolkit.errors import warning_line

    game = Crossfire.from_records(catalog.records, catalog.file_of)
    for role in game.unrunnable:
        print(warning_line(game.left_out(role)), file=sys.stderr)
    return game


def _records(cards: Path | Sequence[Path] | None) -> list[Any]:
    """The records of the card pool: ``--cards`` (one folder, or each of those given), else the configured pool,
    else the bundled crossfire roles."""
    return list(_catalog(cards).records)


def _catalog(cards: Path | Sequence[Path] | None) -> Catalog:
    """The card pool of :func:`_records`, read, with the file of each record."""
    from toolkit.catalog import load_catalog
    from toolkit.config import among_pool, card_pool, missing_pool
    from toolkit.paths import CARDS_DIR

    given = [cards] if isinstance(cards, Path) else list(cards or [])
    pool = card_pool(given or None, default=[CARDS_DIR / "crossfire"])
    for root in pool.paths:
        if not root.exists():
            raise DossierError(i18n.tr("{path}: no such directory", path=root))
    # a designer's set of roles alone plays among the pool, as every command's (toolkit.config.among_pool)
    pool, catalog = among_pool(pool, load_catalog(pool.paths), [CARDS_DIR / "crossfire"])
    if not any(getattr(r, "game", None) == "crossfire" for r in catalog.records):
        raise DossierError(
            i18n.tr("the card pool ({pool}) has no {game} roles; {hint}", pool=pool.describe(),
                    game=i18n.word("game", "crossfire", i18n.current_lang()), hint=missing_pool())
        )  # fmt: skip
    return catalog


# what each option of a deal is called where the engine's RequestError names it
ASKED = {"players": "--players", "special": "--special", "mode": "--mode", "dealer": "--dealer", "public": "--sniper"}


@contextlib.contextmanager
def _asked() -> Iterator[None]:
    """A deal or set-up asked for wrongly (the engine's RequestError) is a usage error (exit 2) naming the
    option."""
    from toolkit.engine.crossfire import RequestError

    try:
        yield
    except RequestError as exc:
        option = ASKED.get(exc.option)
        if option is None:
            raise DossierError(exc.message) from None
        raise DossierError(i18n.tr("{option}: {problem}", option=option, problem=exc.message)) from None


def _dump(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


# ---------------------------------------------------------------- names and role cards


# between the names of --names: a comma, or as Chinese writes a list, a full-width comma or an enumeration comma
NAME_SEPARATORS = re.compile("[,，、]")


def player_names(names: str | None, name: list[str] | None, players: int) -> dict[int, str]:
    """Seat -> name from ``--names A,B,C`` (``张三，李四、王五``: Chinese commas too) or ``--name A --name B``:
    one per seat, distinct, not empty."""
    if names is not None and name:
        raise DossierError(
            i18n.tr("give the players' names with {names} or with {name} repeated, not both", names="--names A,B,...",
                    name="--name")
        )  # fmt: skip
    if names is None and not name:
        return {}
    option = "--names" if names is not None else "--name"
    given = [n.strip() for n in (NAME_SEPARATORS.split(names) if names is not None else name or [])]
    for seat, n in enumerate(given, start=1):
        if not n:
            raise DossierError(i18n.tr("{option}: the name of seat {seat} is empty", option=option, seat=seat))
        if n in given[: seat - 1]:
            raise DossierError(
                i18n.tr("{option}: {name} is given twice; names tell players apart", option=option, name=repr(n))
            )
    if len(given) != players:
        raise DossierError(
            i18n.trn(
                "{option}: {n} name for {players} players; give one per seat, in seat order",
                "{option}: {n} names for {players} players; give one per seat, in seat order",
                len(given),
                option=option,
                players=players,
            )
        )
    from toolkit.engine.crossfire import NameRefused, clean_names

    try:  # as a table and the web take names: "Ana" and "ana" are one name, "seat 2" is no name
        return clean_names(enumerate(given, start=1))
    except NameRefused as exc:
        raise DossierError(i18n.tr("{option}: {problem}", option=option, problem=exc.message)) from None


def card_lines(card: RoleCard, bold: bool = False) -> list[str]:
    """The role as lines of text for the terminal (``bold``: the role's name in ANSI bold)."""
    labels = card.labels
    rows = [(labels["team"], [card.team_line]), (labels["win"], card.win), (labels["play"], card.play)]
    colon = labels["colon"]
    width = max(tables.display_width(label + colon) for label, _ in rows) + 1
    role = f"\x1b[1m{card.role}\x1b[0m" if bold else card.role
    lines = [f"  {role}", ""]
    for label, texts in rows:
        for k, text in enumerate(texts):
            head = label + colon if k == 0 else ""
            lines.append(f"  {head}{' ' * (width - tables.display_width(head))}{text}")
    if card.seen:
        lines += ["", f"  {labels['seen']}{colon}{labels['sep'].join(card.seen)}"]
    return lines


# ---------------------------------------------------------------- the private reveal

CLEAR = "\x1b[H\x1b[2J\x1b[3J"  # cursor home, clear the screen, clear the scrollback


def _write_out(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()


def _interactive() -> bool:
    """Are stdin and stdout a terminal? (Tests replace this.)"""
    return sys.stdin.isatty() and sys.stdout.isatty()


class PrivateReveal:
    """Shows each player only their own role, seat by seat, at one terminal.

    ``read(prompt)`` waits for Enter (``input`` at a terminal); ``write(text)``
    writes text as it is. Between players the screen is cleared with ANSI codes
    (screen and scrollback) after enough blank lines to push the role out of
    sight where those codes do nothing. Ctrl-C or the end of input while a role
    is shown clears the screen before stopping; either is one error line, Ctrl-C
    with exit 130, the end of input with exit 2.
    """

    def __init__(
        self,
        read: Callable[[str], str] = input,
        write: Callable[[str], None] = _write_out,
        rows: int | None = None,
        bold: bool = True,
    ) -> None:
        self.read = read
        self.write = write
        self.bold = bold
        self.rows = rows if rows is not None else shutil.get_terminal_size((80, 40)).lines

    def clear(self) -> None:
        self.write("\n" * (self.rows + 40) + CLEAR)

    def run(self, cards: Sequence[RoleCard]) -> None:
        shown = False
        try:
            for card in cards:
                labels = card.labels
                self.read(labels["pass_to"].format(player=card.player))
                self.clear()
                shown = True
                self.write(labels["your_role"].format(player=card.player[:1].upper() + card.player[1:]) + "\n\n")
                self.write("\n".join(card_lines(card, self.bold)) + "\n\n")
                self.read(labels["hide"])
                self.clear()
                shown = False
        except (EOFError, KeyboardInterrupt) as exc:
            if shown:
                self.clear()
            else:  # (the prompt's line is left open)
                self.write("\n")
            if isinstance(exc, KeyboardInterrupt):  # exit 130, as every command stopped by Ctrl-C
                raise DossierError(
                    i18n.tr("the reveal was stopped before every player had seen their role (Ctrl-C)"), exit_code=130
                ) from None
            raise DossierError(i18n.tr("the reveal was stopped before every player had seen their role")) from None


# ---------------------------------------------------------------- commands


DEAL_HELP = _help(
    N_("Deal the roles for one game, as the rules deal the cards."),
    N_(
        "The roles for the player count (a special role replaces standard ones as the rules say) are shuffled and "
        "dealt one each; everyone looks at their card and passes it to the left, then looks at the card they "
        "received. Then the dealer and every third player clockwise from them gather their own card and both "
        "neighbours', shuffle and deal the three back, until every card has been through one such shuffle (at "
        "some player counts a card goes through two). Each player has seen the cards that passed through their "
        "hands, two to four of them: the only reliable clue of the game."
    ),
    N_(
        "Without --private or --slips every role is printed on one screen, for a host who does not play or to "
        "check a deal. --private passes the screen round the table and shows each player only their own role; "
        "--slips prints a folded slip per player; --out FILE saves the deal (roles included) as the table for "
        "resolve. With --private or --slips the screen shows only what every player may know: the set-up, the "
        "shuffles and, in sniper mode, the Sniper's seat."
    ),
)


@crossfire_app.command(help=DEAL_HELP)
def deal(
    players: Annotated[int, typer.Option("--players", "-n", help=N_("Number of players."))],
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            callback=check_seed,
            help=N_(
                "Seed of the shuffles; the same seed gives the same deal. Default: a new random deal each time "
                "(shown, except with --private or --slips, where anyone who knows it could replay the deal)."
            ),
            show_default=False,
        ),
    ] = None,
    mode: ModeOption = "crossfire",
    special: SpecialOption = None,
    dealer: Annotated[
        int | None,
        typer.Option(
            "--dealer",
            help=N_("Seat of the dealer. Default: seat 1, or seat 2 when the Sniper sits at seat 1 (--sniper 1)."),
            show_default=False,
        ),
    ] = None,
    sniper: Annotated[int | None, typer.Option("--sniper", help=N_("Seat of the Sniper (sniper mode)."))] = None,
    names: Annotated[
        str | None, typer.Option("--names", help=N_("The players' names in seat order, separated by commas."))
    ] = None,
    name: Annotated[
        list[str] | None, typer.Option("--name", help=N_("A player's name (repeatable, in seat order)."))
    ] = None,
    private: Annotated[
        bool,
        typer.Option(
            "--private",
            help=N_(
                "Show each player only their own role, one seat after another, at this terminal; "
                "the screen is cleared between players."
            ),
        ),
    ] = False,
    slips: Annotated[
        Path | None,
        typer.Option(
            "--slips",
            help=N_(
                "Write a PDF of role slips, one per player, to fold so the role is inside (a file already there is "
                "kept unless --force is given)."
            ),
            **OUTPUT_FILE,
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", help=N_("Write the deal as JSON, the table to fill in for resolve (keep it closed)."), **OUTPUT_FILE
        ),
    ] = None,
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help=N_(
                "Replace what --out and --slips name when it is there: for --out, a deal written before whose aims "
                "are still empty (a table with its aims filled in is never replaced); for --slips, role slips or "
                "another PDF Dossier wrote (a PDF of your own is never replaced). Without it an existing file is "
                "kept: the roles of a round that may be in play, or a printed sheet."
            ),
        ),
    ] = False,
    lang: LangOption = None,
    cards: CardsOption = None,
    format: FormatOption = OutputFormat.text,
) -> None:
    from toolkit.config import output_lang

    if force and out is None and slips is None:
        raise DossierError(
            i18n.tr("{option} is for {out} and {slips}", option="--force", out="--out FILE", slips="--slips FILE.pdf")
        )
    if out is not None and not force:
        _refuse_replacing_deal(out)
    if slips is not None and slips.suffix.lower() != ".pdf":  # (a name without .pdf would get a PDF's bytes)
        raise DossierError(i18n.tr("{option} {path}: expected a {suffix} file name", option="--slips", path=slips,
                                   suffix=".pdf"))  # fmt: skip
    if out is not None and slips is not None and os.path.abspath(out) == os.path.abspath(slips):
        raise DossierError(
            i18n.tr("{out} and {slips} are both {path}: the table and the slips need two files", out="--out",
                    slips="--slips", path=out)
        )  # fmt: skip
    if private and format is OutputFormat.json:
        raise DossierError(
            i18n.tr("{option} shows each role on the terminal; it cannot be used with {format}", option="--private",
                    format="--format json")
        )  # fmt: skip
    if slips is not None and format is OutputFormat.json:  # the JSON holds every role and the seed
        raise DossierError(
            i18n.tr("{option} keeps the roles off the screen; it cannot be used with {format}, which prints them "
                    "(use {out} for the table)", option="--slips", format="--format json", out="--out FILE")
        )  # fmt: skip
    if private and not _interactive():
        raise DossierError(
            i18n.tr(
                "{option} needs a terminal for input and output (here one is redirected); "
                "use {slips} to hand out roles on paper, or {out} for the table",
                option="--private",
                slips="--slips FILE.pdf",
                out="--out FILE",
            )
        )
    if slips is not None:  # (the options asked together wrongly are said first)
        _refuse_replacing_slips(slips, force)
    language = output_lang(lang)
    catalog = _catalog(cards)
    records = list(catalog.records)
    game = _game_of(catalog)
    with _asked():
        mode = game.mode(mode).id  # (its name in either language too, as deck new --mode reads it)
        if sniper is not None and not game.is_sniper_mode(mode):  # a seat for no Sniper: refused, not dropped
            raise DossierError(i18n.tr("{option} is for {other}", option="--sniper", other="--mode sniper"))
        if seed is None:
            seed = secrets.randbelow(10**9)
        public = {"sniper": sniper} if sniper is not None else None
        if dealer is None:  # the dealer is a player other than the Sniper (seed 003): chosen as the web's rooms do
            dealer = _first_dealer(mode, players, sniper)
        result = game.deal(mode, players, special or [], seed=seed, dealer=dealer, public_seats=public)
    seats = player_names(names, name, players)
    table = result.to_json(seats)
    slip_cards = role_cards(game, result, seats, language) if slips is not None or private else []
    pdf = (  # drawn before anything is written
        _slips_pdf(slip_cards, result, players, language, _mode_name(records, result.mode, language))
        if slips is not None
        else None
    )
    if out is not None:
        _write_json(out, table)
    if slips is not None and pdf is not None:
        _write_bytes(slips, pdf)
    if format is OutputFormat.json:
        _dump(table)
        return
    hidden = private or slips is not None
    _print_public(game, records, result, players, seats, language, seed if not hidden else None)
    t = i18n.t
    if not hidden:
        keys = [i18n.N_("seat"), i18n.N_("name"), i18n.N_("role"), i18n.N_("seen")]
        if not seats:
            keys.remove("name")
        words = labels_in(language)  # each card seen with where it came from, as the player's slip says it
        deal = [
            [
                seat,
                *([seats.get(seat, "")] if seats else []),
                role_name(game, role, language),
                words["sep"].join(seen_cards(game, result, seat, language, words)),
            ]
            for seat, role in result.roles.items()
        ]
        print(tables.render([t(language, k) for k in keys], deal, align=">" + "<" * (len(keys) - 1)))
    if slips is not None:
        print(
            t(
                language,
                "{path}: {n} role slips written; cut them apart and fold each flap up before handing them out",
                path=slips,
                n=players,
            )
        )
    if out is not None:
        print(
            t(
                language,
                "{path}: the deal written (roles included); fill in each player's aim after the shooting, then resolve it",
                path=out,
            )
        )
    if private:
        print(t(language, "Each player will now see only their own role."))
        PrivateReveal().run(slip_cards)
        seconds = _discussion(records)
        if seconds % 60 == 0:
            print(
                t(
                    language,
                    "All {n} players have seen their roles. Start the {minutes}-minute discussion; when it ends, everyone points at once.",
                    n=players,
                    minutes=seconds // 60,
                )
            )
        else:
            print(
                t(
                    language,
                    "All {n} players have seen their roles. Start the {seconds}-second discussion; when it ends, everyone points at once.",
                    n=players,
                    seconds=seconds,
                )
            )
        if out is None:
            print(
                t(
                    language,
                    "After the shooting, write the table (roles as revealed, who pointed at whom) and resolve it.",
                )
            )


def _discussion(records: Sequence[Any]) -> int:
    """How long the discussion lasts, in seconds, from the game record."""
    return int(
        next(
            (r.discussion_seconds for r in records if getattr(r, "kind", None) == "game" and r.game == "crossfire"), 180
        )
    )


def _mode_name(records: Sequence[Any], mode_id: str, lang: str) -> str:
    """The mode's name in ``lang`` (``Crossfire mode``, ``狙击手模式``); ``ID mode`` when the pool lacks it."""
    mode = next(
        (r for r in records if getattr(r, "kind", None) == "mode" and r.game == "crossfire" and r.id == mode_id),
        None,
    )
    return i18n.name_of(mode, lang) if mode is not None else i18n.t(lang, "{mode} mode", mode=mode_id)


def _print_public(
    game: Crossfire,
    records: Sequence[Any],
    result: Deal,
    players: int,
    seats: dict[int, str],
    lang: str,
    seed: int | None,
) -> None:
    t = i18n.t

    def who(seat: int) -> str:
        if seat in seats:
            return t(lang, "seat {seat} ({name})", seat=seat, name=seats[seat])
        return t(lang, "seat {seat}", seat=seat)

    setup = t(lang, ", ").join(
        t(lang, "{role} ×{n}", role=role_name(game, r, lang), n=n) for r, n in result.setup.items()
    )
    shown_seed = t(lang, ", seed {seed}", seed=seed) if seed is not None else ""
    mode_name = _mode_name(records, result.mode, lang)
    print(
        t(
            lang,
            "{mode}, {n} players{seed}, dealer {dealer}",
            mode=mode_name,
            n=players,
            seed=shown_seed,
            dealer=who(result.dealer),
        )
    )
    print(t(lang, "set-up: {roles}", roles=setup))
    for seat, role in result.public.items():
        print(t(lang, "{seat} is the public {role} (not dealt)", seat=who(seat), role=role_name(game, role, lang)))
    for by, trio in result.shuffles:
        print(
            t(
                lang,
                "{seat} shuffles the cards of seats {seats}",
                seat=who(by),
                seats=t(lang, ", ").join(map(str, trio)),
            )
        )


def _refuse_replacing_deal(out: Path) -> None:
    """``deal --out`` naming a deal written before, every aim still empty: refused in one line (exit 2) before
    anything is dealt or written, unless --force is given. That file is the table of a round that may be in play,
    the one matching the roles the players hold; a new deal over it would lose them. (A filled-in table or any
    other file is kept whatever is given: :func:`_write_json`.)"""
    from toolkit.engine.crossfire import is_unfilled_deal
    from toolkit.safewrite import HEAD_BYTES

    if not out.is_file():
        return
    try:
        with out.open("rb") as handle:
            head = handle.read(HEAD_BYTES + 1)
    except OSError:
        return  # (the write says why it cannot be written)
    if len(head) <= HEAD_BYTES and is_unfilled_deal(head):
        raise DossierError(
            i18n.tr("{path}: a deal is there, its aims still empty (the roles of a round that may be in play); not "
                    "replaced (give {force} to replace it)", path=out, force="--force")
        )  # fmt: skip


def _refuse_replacing_slips(slips: Path, force: bool) -> None:
    """``deal --slips`` naming a file that is there: refused in one line (exit 2) before anything is dealt or
    written. A file that is no PDF Dossier wrote (notes, a PDF of the user's own) is kept whatever is given, as
    every output keeps it; an earlier output (the slips of a round that may be in play, a card sheet ``print``
    wrote) is replaced only with --force, as ``--out`` replaces an unfilled deal only with it."""
    from toolkit.safewrite import PDF, check_replaceable, check_target

    check_target(slips)  # a directory, a link, a FIFO: refused as the write would refuse it
    check_replaceable(slips, PDF)
    if not force and slips.is_file():
        raise DossierError(i18n.tr("{path}: already exists; use {option} to replace it", path=slips, option="--force"))


def _write_json(path: Path, data: Any) -> None:
    from toolkit.engine.crossfire import is_unfilled_deal
    from toolkit.jsonio import atomic_write_text
    from toolkit.safewrite import OutputKind

    deal = OutputKind(i18n.N_("a deal with its aims still empty"), is_unfilled_deal)  # a filled-in table is kept
    try:
        atomic_write_text(path, json.dumps(data, ensure_ascii=False, indent=2) + "\n", replaces=deal)
    except OSError as exc:
        raise DossierError(_cannot_write(path, exc)) from None


def _cannot_write(path: Path, exc: OSError) -> str:
    from toolkit.errors import os_reason

    return i18n.tr("{path}: cannot write: {reason}", path=path, reason=os_reason(exc))


def slips_for(cards: Sequence[RoleCard]) -> list[Slip]:
    from toolkit.sheets.slips import Slip

    result = []
    for card in cards:
        labels = card.labels
        rows = [(labels["win"], i18n.sentences(card.lang, card.win))]
        if card.play:
            rows.append((labels["play"], i18n.sentences(card.lang, card.play)))
        if card.seen:
            rows.append((labels["seen"], labels["sep"].join(card.seen)))
        result.append(
            Slip(
                seat_label=labels["seat"].format(seat=card.seat),
                name=card.name,
                role=card.role,
                team=card.team_line,
                team_color=card.team,
                rows=rows,
                fold_hint=labels["fold"],
                header_hint=labels["keep"],
                small_rows=1 if card.seen else 0,  # the cards seen: the longest list, read once before play
            )
        )
    return result


def _slips_pdf(cards: Sequence[RoleCard], result: Deal, players: int, lang: str = "en", mode: str = "") -> bytes:
    from toolkit.sheets.slips import slips_pdf

    mode_shown = mode or i18n.t(lang, "{mode} mode", mode=result.mode)
    footer = i18n.t(
        lang,
        "Crossfire · {mode} · {n} players · cut along the grey lines, fold each flap up along the dashed line",
        mode=mode_shown,
        n=players,
    )
    return slips_pdf(
        slips_for(cards), title=i18n.t(lang, "Crossfire role slips, {n} players", n=players), footer=footer
    )


def _write_bytes(path: Path, data: bytes) -> None:
    from toolkit.jsonio import atomic_write_bytes
    from toolkit.safewrite import PDF

    try:
        atomic_write_bytes(path, data, replaces=PDF)  # the slips; an existing file that is no PDF is kept
    except OSError as exc:
        raise DossierError(_cannot_write(path, exc)) from None


@crossfire_app.command(help=RESOLVE_HELP)
def resolve(
    file: Annotated[
        Path, typer.Argument(help=N_("The table: a JSON file (see above), or the deal's JSON with the aims filled in."))
    ],
    cards: CardsOption = None,
    format: FormatOption = OutputFormat.text,
    lang: LangOption = None,
) -> None:
    from toolkit.config import output_lang
    from toolkit.engine.crossfire import TEAM_NONE, sole_winners, step_lines

    language = output_lang(lang)
    t = i18n.t
    game = _game(cards)
    table = game.table(read_json_input(file)[0], str(file))
    outcome = game.resolve(table)
    steps = game.script(table, outcome)
    names = dict(zip(table.seats, table.names, strict=True))
    winners = set(outcome.winners)
    hit_by = outcome.hit_by
    if format is OutputFormat.json:
        hit_at = {seat: k for k, step in reversed(list(enumerate(steps, start=1))) for seat in step.hits}
        protected: dict[int, list[dict[str, int]]] = {}
        for k, step in enumerate(steps, start=1):
            for seat, shooter, protector in step.saved:
                protected.setdefault(seat, []).append({"step": k, "from": shooter, "by": protector})
        data = outcome.to_json()
        # RULINGS C8: "team" is the team the shooting decided; "sole" the seats that won alone instead (the Bomber
        # not hit), so that "team" lost with everyone else; "team_wins" whether "team" won the round
        data["sole"] = outcome.sole
        data["team_wins"] = outcome.team_wins
        data["players"] = [
            {
                "seat": seat,
                "name": names[seat],
                "role": role.id,
                "hit_by": hit_by.get(seat, []),
                "hit_at": hit_at.get(seat),
                "protected": protected.get(seat, []),
                "wins": seat in winners,
            }
            for seat, role in sorted(zip(table.seats, table.roles, strict=True), key=lambda p: p[0])
        ]
        data["script"] = [
            {"step": k, "line": t(language, step.line), **step.to_json()} for k, step in enumerate(steps, start=1)
        ]
        _dump(data)
        return

    def who(seat: int) -> str:
        return t(language, "{seat} ({name})", seat=seat, name=names[seat]) if names.get(seat) else str(seat)

    def seat_of(seat: int) -> str:  # inside sentences: "seat 3 (Cy) hit by seat 2 (Bo)"
        if names.get(seat):
            return t(language, "seat {seat} ({name})", seat=seat, name=names[seat])
        return t(language, "seat {seat}", seat=seat)

    sep = t(language, ", ")
    if outcome.sole:  # RULINGS C8: whoever won alone is named, not the team that lost with everyone else
        alone = sole_winners(steps[-1].sole, seat_of, language)
        print(t(language, TEAM_NONE.counted(len(outcome.sole)), winners=alone))
    else:
        print(t(language, "team: {team}", team=i18n.word("team", str(outcome.team), language)))
    print(t(language, "shot: {seats}", seats=sep.join(map(who, outcome.shot)) or "-"))
    print(t(language, "winners: {seats}", seats=sep.join(map(who, outcome.winners)) or "-"))
    named = any(names.values())
    lines = []
    for seat, role in sorted(zip(table.seats, table.roles, strict=True), key=lambda p: p[0]):
        by = hit_by.get(seat)
        hit = i18n.t_beside(language, "hit by {seats}", seats=sep.join(map(who, by))) if by else t(language, "not hit")
        label = [names[seat] or ""] if named else []
        outcome_word = t(language, "wins") if seat in winners else t(language, "loses")
        lines.append([t(language, "seat {seat}", seat=seat), *label, role_name(game, role.id, language), hit,
                      outcome_word])  # fmt: skip
    print(tables.render(None, lines, align="<" * (5 if named else 4), gap=" ", indent="  "))

    print(t(language, "the moderator's script:"))
    for k, step in enumerate(steps, start=1):
        head = t(language, "{n}. ", n=k)
        print(f"  {head}{t(language, step.line)}")
        for line in step_lines(step, seat_of, language):
            print(f"  {' ' * tables.display_width(head)}{line}")


SCORE_HELP = _help(
    N_("Add up several rounds: every winner of a round scores 1 point."),
    N_(
        "The winners of a round are the players of the winning team and everyone who won by their own condition "
        "(a Decoy who was hit, a Bystander who was not, ...). After the agreed number of rounds the highest total "
        'wins; a tie shares the win. Players are followed by the "name" in each table, so they may change seats '
        "between rounds; tables without names count by seat."
    ),
)


@crossfire_app.command(help=SCORE_HELP)
def score(
    files: Annotated[list[Path], typer.Argument(help=N_("One table per round (the tables resolve reads)."))],
    cards: CardsOption = None,
    format: FormatOption = OutputFormat.text,
    lang: LangOption = None,
) -> None:
    from toolkit.config import output_lang
    from toolkit.paths import given_twice

    language = output_lang(lang)
    game = _game(cards)
    rounds = []
    twice = given_twice(files)  # a round given twice would count twice: the same file (by identity) is refused
    if twice is not None:
        raise DossierError(i18n.tr("{path}: the same file as {other}; give each round's table once", path=twice[0],
                                   other=twice[1]))  # fmt: skip
    for path in files:
        table = game.table(read_json_input(path)[0], str(path))
        unnamed_seat = min((seat for seat, name in zip(table.seats, table.names, strict=True) if not name), default=None)
        if unnamed_seat is not None and any(table.names):  # "Ana" of one round would be "seat 1" of the next
            raise DossierError(
                i18n.tr("{path}: seat {seat} has no name and other players have one: name every player or none (the "
                        "score follows players by name)", path=path, seat=unnamed_seat)
            )  # fmt: skip
        rounds.append((table, game.resolve(table)))
    named = [path for path, (table, _) in zip(files, rounds, strict=True) if any(table.names or ())]
    unnamed = [path for path in files if path not in named]
    if named and unnamed:  # seat 1 and "Ana" would be scored as two players
        raise DossierError(i18n.tr("{path} names its players and {other} does not: name them in every table or in "
                                   "none", path=named[0], other=unnamed[0]))  # fmt: skip
    rows = game.score(rounds)
    if format is OutputFormat.json:
        _dump({"rounds": len(rounds), "scores": rows, "winners": [r["player"] for r in rows if r["winner"]]})
        return
    print(i18n.tn(language, "{n} round", "{n} rounds", len(rounds)))
    winner = i18n.t(language, "winner")

    def player(key: str) -> str:  # a table without names counts by "seat N"
        seat = key.removeprefix("seat ")
        return i18n.t(language, "seat {seat}", seat=seat) if key.startswith("seat ") and seat.isdigit() else key

    scores = [[player(row["player"]), row["score"], winner if row["winner"] else ""] for row in rows]
    print(tables.render(None, scores, align="<><", indent="  "))


@crossfire_app.command(help=N_("Play random tables (random seats, aims and marks) and print each role's win rate."))
def simulate(
    players: Annotated[int, typer.Option("--players", "-n", help=N_("Number of players."))],
    games: Annotated[int, typer.Option("--games", "-k", min=1, help=N_("Number of random tables."))],
    seed: Annotated[int, typer.Option("--seed", callback=check_seed, help=N_("Seed; same seed, same tables."))] = 0,
    mode: ModeOption = "crossfire",
    special: SpecialOption = None,
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot",
            help=N_("Write a bar chart of the win rates with 95% intervals (PNG)."),
            show_default=False,
            **OUTPUT_FILE,
        ),
    ] = None,
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help=N_(
                "Let --plot replace a file Dossier did not write (an image of your own); a chart Dossier wrote is "
                "replaced without it."
            ),
        ),
    ] = False,
    lang: LangOption = None,
    cards: CardsOption = None,
    format: FormatOption = OutputFormat.text,
) -> None:
    """``dossier crossfire simulate`` (its help is given to the decorator)."""
    from toolkit.cli.plots import Bar, rate_chart, wilson, write_png
    from toolkit.config import output_lang

    if force and plot is None:
        raise DossierError(i18n.tr("{option} is for {other}", option="--force", other="--plot FILE.png"))
    if plot is not None and plot.suffix.lower() != ".png":  # (a name without .png would get a PNG's bytes)
        raise DossierError(i18n.tr("{option} {path}: expected a {suffix} file name", option="--plot", path=plot,
                                   suffix=".png"))  # fmt: skip
    if plot is not None:  # before the tables, not after them: an image of the user's is kept (unless --force)
        from toolkit.safewrite import DOSSIER_PNG, check_replaceable, check_target, replacing

        check_target(plot)
        replaces = replacing(DOSSIER_PNG, force)
        if replaces is not None:
            check_replaceable(plot, replaces)

    catalog = _catalog(cards)
    records = list(catalog.records)
    game = _game_of(catalog)
    language = output_lang(lang)
    t = i18n.t
    with _asked():
        mode = game.mode(mode).id  # (its name in either language too, as deck new --mode reads it)
        game.setup(mode, players, special or [])  # a set-up asked for wrongly is refused before the first table
    with Progress(games, t(language, "tables")) as counter:
        rows = game.simulate(mode, players, games, seed=seed, specials=special or [], step=counter.advance)
    for row in rows:
        row["name"] = role_name(game, row["role"], language)
        # its tables are the sample, not its seats: a role dealt twice at a table wins or loses there as one
        low, high = wilson(row["tables_won"], row["tables"])
        row["interval"] = [round(low, 4), round(high, 4)]
    if format is not OutputFormat.json or plot is not None:
        heading = i18n.tn(
            language,
            "{mode}, {players} players, {n} random table, seed {seed}",
            "{mode}, {players} players, {n} random tables, seed {seed}",
            games,
            mode=_mode_name(records, mode, language),
            players=players,
            seed=seed,
        )
    if plot is not None:
        bars = [Bar(row["name"], row["tables_won"], row["tables"]) for row in rows]  # (its n: the tables)
        write_png(plot, rate_chart(bars, heading, t(language, "win rate (%), 95% interval"), language), force=force)
    if format is OutputFormat.json:
        _dump({"mode": mode, "players": players, "games": games, "seed": seed, "roles": rows})
        return
    print(heading)
    rates = [
        [
            row["name"],
            row["dealt"],
            row["won"],
            _percent(row["rate"], 1, language),
            t(
                language,
                "{low}–{high}",
                low=_percent(row["interval"][0], 0, language),
                high=_percent(row["interval"][1], 0, language),
            ),
        ]
        for row in rows
    ]
    headers = [t(language, k) for k in (i18n.N_("role"), i18n.N_("dealt"), i18n.N_("won"), i18n.N_("win rate"))]
    headers.append(t(language, "95% interval"))
    print(tables.render(headers, rates, align="<>>>>"))
    if plot is not None:
        print(t(language, "{path}: written", path=plot))


def _first_dealer(mode: str, players: int, sniper: int | None) -> int:
    """The dealer of a deal whose --dealer was not given: the first round's dealer of a web room of the same table
    (:func:`toolkit.web.crossfire_rooms.next_dealer`, one reading): seat 1, or the next seat when the Sniper sits
    there (seed 003: 另选 1 名非狙击手玩家任发牌人)."""
    from toolkit.web.crossfire_rooms import Room, next_dealer

    room = Room(id="", host_token="", seat_tokens={}, mode=mode, players=players, names={}, specials=[],
                sniper_seat=sniper)  # fmt: skip
    return next_dealer(room, None)


def _percent(share: float, digits: int, lang: str) -> str:
    """``58.3%`` (a share of 1) as the language writes a percentage."""
    # TRANSLATORS: a percentage; {n} is the number
    return i18n.t(lang, "{n}%", n=f"{100 * share:.{digits}f}")
