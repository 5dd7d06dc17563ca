"""`dossier deck …` and `dossier draft`: validate, scaffold, inspect, convert decks; run the draft."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from toolkit.cli import tables
from toolkit.cli._help import help_text
from toolkit.cli._lang import DeckLangOption, LangOption, deck_lang, lang_help, output_lang
from toolkit.cli._options import OUTPUT_FILE, CardsOption, check_seed
from toolkit.cli.app import OutputFormat
from toolkit.errors import DossierError, and_more, os_reason, value_reason
from toolkit.findings import Finding, finding_line
from toolkit.i18n import N_, tr, trn
from toolkit.paths import SCHEMA_DIR

DECK_HELP = help_text(
    N_("Build, validate, inspect and convert decks."),
    N_(
        "Exit 0: done (validate: every deck legal); 1: a deck file was read and has a problem (an unknown card, "
        "a bad count, a limit passed, an illegal deck); 2: a file cannot be read or written, or an option is wrong."
    ),
    N_(
        "Limits: a deck file is at most 256 KiB and a text line at most 4000 characters; a count (a line's, an "
        ".o8d qty, a card's total) is 1 to 99; a deck holds at most 1000 cards; JSON nests at most 32 levels, its "
        "integers at most 20 digits; .o8d XML nests at most 32 elements and declares no DTD."
    ),
)

deck_app = typer.Typer(help=DECK_HELP, no_args_is_help=True)

FormatOption = Annotated[OutputFormat, typer.Option("--format", "-f", help=N_("text or json."))]

# The mode and ban list a deck is read under, as `deck validate` reads them: the options, and
# :func:`apply_deck_mode` that applies them to a deck read with the mode (:func:`read_in_lang`'s ``mode``).
DeckModeOption = Annotated[
    str | None,
    typer.Option("--mode", help=N_("Use this mode/format (its id or name) instead of the deck's own.")),
]
DeckBanlistOption = Annotated[
    str | None,
    typer.Option("--banlist", help=N_("Netrunner: use this ban list of the format instead of the one in force.")),
]


@dataclass
class Pool:
    """The card pool for deck commands: records, the rule index and the name index."""

    records: list[Any]
    rules: Any
    names: Any
    source: Any = None  # toolkit.config.CardPool: which directories, chosen where

    def describe(self) -> str:
        """Which directories, chosen where: for messages about a list the pool cannot place."""
        return str(self.source.describe()) if self.source is not None else ""

    def lookup(self, game: str) -> Any:
        index = self.rules.game(game).records
        return index.get

    def default_modes(self) -> dict[str, str]:
        return self.rules.default_modes()

    def game_records(self) -> list[Any]:
        """The pool's game records (their names name a game: ``# game: Android: Netrunner``, ``--game``)."""
        return [g.game_record for g in self.rules.games.values() if g.game_record is not None]

    def game_id(self, written: str) -> str | None:
        """The id of the pool's game ``written`` names: its id, or its name in either language
        (:func:`toolkit.decks.formats.game_named`); None when it names none of the pool's games."""
        from toolkit.decks.formats import game_named

        game = written if written in self.rules.games else game_named(written.strip(), self.game_records())
        return game if game in self.rules.games else None


def load_pool(cards: list[Path] | None) -> Pool:
    """The card pool of ``--cards``, else of DOSSIER_CARDS, dossier.toml or the user config (toolkit.config); a
    set folder with neither its game's record nor modes plays among the pool (:func:`toolkit.config.among_pool`)."""
    from toolkit.config import pool_catalog
    from toolkit.decks import NameIndex
    from validators.deck import DeckPool

    source, catalog = pool_catalog(cards)
    return Pool(catalog.records, DeckPool(catalog.records), NameIndex(catalog.records), source)


def _deck_pool(cards: list[Path] | None) -> Pool:
    """:func:`load_pool` for a deck command: a card pool that cannot be read (a card file that is not JSON or no
    record, a second record of an id) is exit 2, as ``deck --help`` says of a file that cannot be read (an unreadable
    card file already was); 1 is for a deck that was read and has a problem."""
    try:
        return load_pool(cards)
    except DossierError as exc:
        exc.exit_code = 2
        raise


def _read(path: Path, pool: Pool, mode: str | None = None, fmt: str | None = None, mode_option: bool = False) -> Any:
    from toolkit.config import MISSING_POOL
    from toolkit.decks import read_deck

    return read_deck(
        path,
        pool.names,
        fmt=fmt,
        mode=mode,
        default_modes=pool.default_modes(),
        pool=pool.describe(),
        pool_hint=MISSING_POOL,
        mode_option="--mode" if mode_option else None,
        games=pool.game_records(),
    )


def read_in_lang(
    path: Path, pool: Pool, lang: str | None, mode: str | None = None, mode_option: bool = False
) -> tuple[Any, str]:
    """The deck of ``path`` and the output language (``--lang``, else the settings, else the deck's own);
    the deck is read with that language current, so that its findings are worded in it."""
    from toolkit import i18n

    if lang is not None:
        output_lang(lang)
    before = (i18n.current_lang(), i18n.pseudo_active())
    loaded = _read(path, pool, mode, mode_option=mode_option)  # (mode_option: the command has --mode)
    language = deck_lang(lang, [loaded])
    if loaded.findings and (i18n.current_lang(), i18n.pseudo_active()) != before:
        loaded = _read(path, pool, mode, mode_option=mode_option)  # read again: its findings in the deck's language
    return loaded, language


def _refuse(problems: list[Finding]) -> NoReturn:
    """One line for a deck a command cannot use: the first problem as `deck validate` tells it (``deck.json:1:2:
    error deck.json: …``, not inside another error line), and how many more there are; exit 1."""
    first = finding_line(problems[0])
    print(and_more(first, len(problems) - 1) if len(problems) > 1 else first, file=sys.stderr)
    raise typer.Exit(1)


def _usable(loaded: Any, pool: Pool) -> Any:
    """The deck of ``loaded`` when it was read without an error and every id in it is in the card pool
    as the kind of record its place asks for; else DossierError (exit 1) naming the first problem."""
    from toolkit.decks.formats import pool_hinted, unresolved

    problems = loaded.errors()
    if loaded.deck is not None:
        problems += [loaded.locate(f) for f in unresolved(loaded.deck, pool.rules.game(loaded.deck.game).records)]
        problems = pool_hinted(problems, loaded.deck, pool.lookup(loaded.deck.game), pool.describe())
    if problems:
        _refuse(problems)
    if loaded.deck is None:
        raise DossierError(tr("{path}: not a deck", path=loaded.path), exit_code=1)
    return loaded.deck


def _verdict(errors: int, lang: str) -> str:
    from toolkit.i18n import t, tn

    return t(lang, "legal") if errors == 0 else tn(lang, "illegal ({n} error)", "illegal ({n} errors)", errors)


def _namer(pool: Pool, game: str, lang: str) -> Any:
    """id → the record's name in ``lang`` (the id when the pool has no such record)."""
    from toolkit.i18n import namer

    return namer(pool.lookup(game), lang)


@deck_app.command(
    "validate",
    help=help_text(
        N_("Check decks against their mode's rules; list every problem."),
        N_(
            "Exit 0 when every deck is legal, 1 when one is not (a --mode or --banlist a deck's game or format lacks "
            "is that deck's error: the others are still checked), 2 when a file cannot be read."
        ),
    ),
)
def validate(
    files: Annotated[list[Path], typer.Argument(help=N_("Deck files (.json, .txt, .o8d) or directories of them."))],
    mode: DeckModeOption = None,
    banlist: DeckBanlistOption = None,
    cards: CardsOption = None,
    format: FormatOption = OutputFormat.text,
    lang: DeckLangOption = None,
) -> None:
    """``dossier deck validate`` (its help is given to the decorator)."""
    from toolkit.decks.formats import pool_hinted
    from validators.deck import DeckOptionError, summary_line, validate_deck

    pool = _deck_pool(cards)
    state = {"unreadable": False, "illegal": False}
    hidden: list[tuple[Path, str]] = []  # subdirectories that cannot be read: reported, as lint and fmt do
    paths = deck_files(files, hidden)

    def results() -> Iterator[dict[str, Any]]:
        """Each deck's result as it is checked (text: its findings and verdict printed as it goes), so that a
        directory of any number of decks streams: one deck is in memory at a time."""
        for folder, message in hidden:
            state["unreadable"] = True
            if format == "text":
                from toolkit.cli.app import error_line

                print(error_line(message), file=sys.stderr)
            yield {"file": str(folder), "legal": False, "error": message, "findings": []}
        for path in paths:
            try:
                loaded, language = read_in_lang(path, pool, lang, mode, mode_option=True)
            except DossierError as exc:
                state["unreadable"] = True
                if format == "text":
                    from toolkit.cli.app import error_line

                    print(error_line(exc.message), file=sys.stderr)
                yield {"file": str(path), "legal": False, "error": exc.message, "findings": []}
                continue
            findings: list[Finding] = [loaded.place(f) for f in loaded.findings]
            report = None
            try:
                ruled = apply_deck_mode(loaded.deck, pool, mode, banlist) if loaded.deck is not None else None
            except DeckOptionError as exc:  # this deck's game lacks the mode (ban list): its finding; on to the next
                findings.append(Finding(exc.code, exc.message, "error", str(path)))
                ruled = None
            if ruled is not None and loaded.deck is not None:
                # (a mode given by --mode is said as the option's, at no line of the file)
                report = validate_deck(ruled, pool.rules, None, banlist, mode_option="--mode" if mode else None)
                findings += [loaded.locate(f) for f in report.findings]
                # a deck made on another pool (an imported one): said once, not under each card
                findings = pool_hinted(findings, loaded.deck, pool.lookup(loaded.deck.game), pool.describe())
            errors = sum(1 for f in findings if f.severity == "error")
            legal = errors == 0
            if report is not None and loaded.deck is not None:
                name = _namer(pool, loaded.deck.game, language)
                summary = summary_line(loaded.deck, report, errors, lang=language, name=name)
            else:
                summary = _verdict(max(errors, 1), language)
            state["illegal"] |= not legal
            if format == "text":
                for finding in findings:
                    print(finding_line(finding))
                print(tr("{path}: {summary}", path=path, summary=summary))  # (a full-width colon in Chinese)
            yield {"file": str(path), "legal": legal, "summary": summary, "findings": [f.to_json() for f in findings]}

    if format == "json":
        from toolkit.jsonstream import Stream, write_json

        write_json(Stream(results()))
    else:
        for _result in results():
            pass
    raise typer.Exit(2 if state["unreadable"] else 1 if state["illegal"] else 0)


DECK_SUFFIXES = (".json", ".txt", ".o8d")
MAX_LISTED = 10  # names offered when a name given to `deck new` is no single record's


def deck_files(paths: list[Path], unreadable: list[tuple[Path, str]] | None = None) -> list[Path]:
    """Files as given; a directory stands for the deck files under it, sorted: every name with a deck suffix
    that is not a directory, so that one that cannot be read (a dangling link, a FIFO) is reported, not
    passed over. A subdirectory that cannot be listed goes to ``unreadable`` as (directory, one-line message)
    instead of being skipped in silence (a directory given that cannot be listed is an error, exit 2)."""
    out: list[Path] = []
    for path in paths:
        if path.is_dir():
            problems: list[tuple[Path, str]] = []
            found = sorted(_walk_decks(path, problems))
            if problems and (unreadable is None or Path(problems[0][0]) == path):
                raise DossierError(problems[0][1])
            if unreadable is not None:
                unreadable += problems
            if not found and not problems:
                raise DossierError(
                    tr("{path}: no deck files ({suffixes}) in this directory", path=path,
                       suffixes=tr(", ").join(DECK_SUFFIXES))  # fmt: skip
                )
            out += found
        else:
            out.append(path)
    return out


def _walk_decks(top: Path, problems: list[tuple[Path, str]]) -> list[Path]:
    """The names with a deck suffix under ``top`` that are not directories (links to directories are not
    followed); each directory that cannot be listed is appended to ``problems``."""

    def failed(exc: OSError) -> None:
        where = Path(exc.filename) if exc.filename is not None else top
        problems.append((where, tr("{path}: cannot read the directory: {reason}", path=where, reason=os_reason(exc))))

    found: list[Path] = []
    for folder, _dirs, names in os.walk(top, onerror=failed):
        found += (Path(folder, name) for name in names if Path(name).suffix.lower() in DECK_SUFFIXES)
    return found


def _write(out: Path, text: str, force: bool, inputs: tuple[Path, ...] = ()) -> None:
    """Write ``text`` to ``out`` atomically; every reason it cannot be is one line (exit 2), and then the
    file that was there (if any) is as it was."""
    from toolkit.jsonio import atomic_write_text, refuse_input_as_output
    from toolkit.safewrite import check_output_file

    try:
        refuse_input_as_output(out, inputs)
        check_output_file(out, force)
        atomic_write_text(out, text)
    except DossierError:
        raise  # already one line naming the file (toolkit.safewrite's WriteError too)
    except OSError as exc:
        raise DossierError(tr("{path}: cannot write: {reason}", path=out, reason=os_reason(exc))) from None
    except ValueError as exc:  # a NUL in the path, text that is not Unicode
        raise DossierError(tr("{path}: cannot write: {reason}", path=repr(str(out)), reason=value_reason(exc))) from None


@deck_app.command("new", help=N_("Scaffold a deck file; for crossfire, write a legal role set."))
def new(
    game: Annotated[str, typer.Option("--game", help=N_("tactics, netrunner or crossfire."))],
    mode: Annotated[str, typer.Option("--mode", help=N_("Mode (or netrunner format) id."))],
    out: Annotated[Path, typer.Option("--out", help=N_("Deck file to write (.json or .txt)."), **OUTPUT_FILE)],
    name: Annotated[str | None, typer.Option("--name", help=N_("Deck name."))] = None,
    players: Annotated[int | None, typer.Option("--players", help=N_("crossfire: player count."))] = None,
    special: Annotated[
        list[str] | None, typer.Option("--special", help=N_("crossfire: a special role joining (repeatable)."))
    ] = None,
    identity: Annotated[str | None, typer.Option("--identity", help=N_("netrunner: identity id or name."))] = None,
    agent: Annotated[list[str] | None, typer.Option("--agent", help=N_("tactics: agent id or name (repeatable)."))] = None,
    cards: CardsOption = None,
    force: Annotated[bool, typer.Option("--force", help=N_("Replace an existing file."))] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help=lang_help(
                N_(
                    "The language, {langs}, of {scope}, and of the names in a .txt deck. Default: DOSSIER_LANG, "
                    "else lang = ... in dossier.toml or the user config, else the system's locale (LANG), else the "
                    "language of the --identity/--agent names given, else zh-Hans."
                )
            ),
            show_default=False,
        ),
    ] = None,
    fill: Annotated[
        bool,
        typer.Option(
            "--fill",
            help=N_(
                "netrunner: fill the deck with the format's legal cards of the identity's faction and neutral ones "
                "(agendas inside the points band, ice or an icebreaker of each kind, then the rest), drawn from "
                "--seed; the deck validator checks it."
            ),
        ),
    ] = False,
    seed: Annotated[
        int, typer.Option("--seed", callback=check_seed, help=N_("--fill: seed of the cards drawn."))
    ] = 0,
    executable_only: Annotated[
        bool,
        typer.Option("--executable-only", help=N_("--fill: only cards the interpreter runs whole (run:yes).")),
    ] = False,
) -> None:
    """``dossier deck new`` (its help is given to the decorator)."""
    from pydantic import ValidationError

    from toolkit.config import output_lang as configured
    from toolkit.decks import render_deck
    from toolkit.i18n import majority, t
    from toolkit.models.crossfire import SetupError, role_set
    from toolkit.models.deck import Deck

    if out.suffix.lower() not in (".json", ".txt"):
        raise DossierError(
            tr("{option} {path}: {command} writes a {first} or {second} file", option="--out", path=out,
               command="`deck new`", first=".json", second=".txt")
        )  # fmt: skip
    pool = _deck_pool(cards)
    named = pool.game_id(game)  # its id, or its name in either language (谍战特工, Android: Netrunner)
    if named is None:
        from toolkit.decks.formats import game_named
        from toolkit.models import GAMES

        if game_named(game.strip()) is None:  # no game at all: say which there are
            raise DossierError(tr("{option} {game}: no such game; games: {games}", option="--game", game=repr(game),
                                  games=tr(", ").join(GAMES)))  # fmt: skip
        raise DossierError(tr("{option} {game}: no such game in the card pool", option="--game", game=repr(game)))
    game = named
    game_pool = pool.rules.game(game)
    asked, mode = mode, _mode_id(pool, game, mode) or mode  # a mode's name (专家, Expert) is its id, as in a deck
    if mode not in game_pool.modes:
        from toolkit.decks.formats import mode_choices, not_this_pool

        unknown = tr("{option} {mode}: {game} has no such mode; modes: {modes}", option="--mode", mode=repr(asked),
                     game=_game_word(game), modes=mode_choices(game_pool.modes.values()))  # fmt: skip
        raise DossierError(not_this_pool(unknown, pool.describe()))  # (a format of an imported pool, not read)
    given = (
        ("--players", players is not None, "crossfire"),
        ("--special", bool(special), "crossfire"),
        ("--fill", fill, "netrunner"),
        ("--executable-only", executable_only, "netrunner"),
        ("--identity", identity is not None, "netrunner"),
        ("--agent", bool(agent), "tactics"),
    )
    for option, used, owner in given:
        if used and game != owner:  # an option of another game is refused, never passed over
            raise DossierError(_other_game(option, owner, game))
    fields: dict[str, Any] = {"game": game, "mode": mode, "name": name or out.stem, "cards": {}}
    typed: list[str | None] = []  # the language of each name given
    if game == "crossfire":
        if players is None:
            raise DossierError(tr("{game} needs {option}", game=_game_word(game), option="--players"))
        joining = [_resolve_one(pool, s, game, "role", typed) for s in special or []]
        try:
            fields["cards"] = role_set(game_pool.modes[mode], players, joining, _role_word(pool))
        except SetupError as exc:  # worded in the current language by the model; it names what was asked wrong
            asked = "--players" if exc.option == "players" else "--special"
            raise DossierError(tr("{option}: {problem}", option=asked, problem=str(exc))) from None
        fields["players"] = players
    if game == "netrunner" and identity is not None:  # (an empty --identity "" is no identity: refused)
        fields["identity"] = _resolve_one(pool, identity, game, "identity", typed)
        _identity_allowed(fields["identity"], pool, mode)
    if game == "tactics" and agent:
        fields["agents"] = [_resolve_one(pool, a, game, "agent", typed) for a in agent]
    language = configured(lang, default=majority(typed))
    if (fill or executable_only) and "identity" not in fields:
        raise DossierError(tr("{option} needs {identity}", option="--fill" if fill else "--executable-only",
                              identity="--identity"))  # fmt: skip
    if fill or executable_only:
        _fill(fields, pool, mode, seed, executable_only)
    try:
        deck = Deck(**fields)
    except ValidationError as exc:
        from toolkit.model_errors import model_error

        err = exc.errors()[0]
        option = f"--{err['loc'][0] if err['loc'] else 'name'}"
        raise DossierError(tr("{option}: {problem}", option=option, problem=model_error(err))) from None
    if game == "tactics":
        _squad_allowed(deck, pool)
    _unverifiable_mode(deck, pool)
    if game == "crossfire":
        _roles_allowed(deck, pool, "--special" if special else "--players")
    fmt = "json" if out.suffix.lower() == ".json" else "text"
    _write(out, render_deck(deck, fmt, pool.lookup(game), out=out, schema_dir=SCHEMA_DIR, lang=language), force)
    print(t(language, "{path}: written", path=out))


def apply_deck_mode(deck: Any, pool: Pool, mode: str | None, banlist: str | None) -> Any:
    """``deck`` under ``--mode`` and ``--banlist`` (:data:`DeckModeOption`, :data:`DeckBanlistOption`) as `deck
    validate` reads them (:func:`validators.deck.deck_under`, as the web reads its ``mode`` and ``banlist``): the
    deck with its ``mode`` the mode ``mode`` names (its id, or its name in either language) and its ``ban_list``
    ``banlist``; the deck itself without either. Read the deck with the mode too (:func:`read_in_lang`'s ``mode``,
    ``mode_option=True``): a text list is read under it. A mode the game lacks, a ban list for a deck of another game
    or one the format lacks is a :class:`validators.deck.DeckOptionError` (a DossierError, exit 2; `deck validate`
    makes it that deck's finding). A ban list is named by its id or its name, in any case, ``-`` or ``_``
    (:func:`validators.deck.named_ban_list`, as a deck's own)."""
    from validators.deck import deck_under

    return deck_under(deck, pool.rules, pool.names, mode, banlist)


def _mode_id(pool: Pool, game: str, mode: str | None) -> str | None:
    """The id of the mode (netrunner format) of ``game`` that ``--mode`` names: its id, or its name in either
    language, any case, as a deck file's ``mode`` is read (:meth:`toolkit.decks.NameIndex.mode_id`); else the
    value as given, which the command refuses with the game's modes listed. None without ``--mode``."""
    if mode is None:
        return None
    return pool.names.mode_id(mode.strip(), game) or mode


def _with_id(lang: str, name: str, record_id: str) -> str:
    """A record's name with its id, in ``lang``'s brackets: ``Gale (gale)``, ``烈风（gale）``."""
    from toolkit.i18n import t

    # TRANSLATORS: a card's or an agent's name with its id (`deck draw`, `draft`): `烈风（gale）`
    return t(lang, "{name} ({id})", name=name, id=record_id)


def _game_word(game: str) -> str:
    """A game inside a message: its word in the current language (谍战特工; its id in English)."""
    from toolkit.i18n import current_lang, word

    return word("game", game, current_lang())


def _mode_word(mode: Any, lang: str | None = None) -> str:
    """A mode or format inside a message: its name in ``lang`` (default: the current language), else its id."""
    from toolkit.i18n import current_lang, name_of

    return name_of(mode, lang or current_lang()) if getattr(mode, "name", None) is not None else str(mode.id)


def _other_game(option: str, owner: str, game: str) -> str:
    """'--agent is for tactics decks, not crossfire': an option of another game's decks, in the reader's words."""
    from toolkit.i18n import current_lang, word

    lang = current_lang()
    return tr("{option} is for {game} decks, not {other}", option=option, game=word("game", owner, lang),
              other=word("game", game, lang))  # fmt: skip


def _role_word(pool: Pool) -> Callable[[str], str]:
    """A crossfire role inside a message: its name in the current language (its id when the pool has none)."""
    from toolkit.i18n import current_lang, name_of

    def named(role_id: str) -> str:
        record = pool.rules.game("crossfire").records.get(role_id)
        return name_of(record, current_lang()) if getattr(record, "name", None) is not None else role_id

    return named


def _squad_allowed(deck: Any, pool: Pool) -> None:
    """Refuse a squad the mode forbids (too many agents, an agent twice, one of another kind) in one line; the
    cards, which `deck new` leaves for the player to add, are not judged."""
    from validators.deck import validate_deck

    for finding in validate_deck(deck, pool.rules).findings:
        if finding.severity == "error" and finding.code.startswith(("deck.squad.max", "deck.agents.", "deck.agent.")):
            raise DossierError(tr("{option}: {problem}", option="--agent", problem=finding.message))


def _unverifiable_mode(deck: Any, pool: Pool) -> None:
    """Warn (stderr; the file is still written) of a mode the rules leave unspecified (``Nightmare Corridor``),
    as `deck validate` then says of the deck: no squad or card count is refused for it, and none can be verified."""
    from toolkit.errors import warning_line
    from validators.deck import validate_deck

    for finding in validate_deck(deck, pool.rules).findings:
        if finding.code == "deck.mode.incomplete":
            print(warning_line(finding.message), file=sys.stderr)


def _roles_allowed(deck: Any, pool: Pool, option: str) -> None:
    """Refuse, in one line naming ``option``, a role set the mode's rules forbid though every special role could
    join (one that leaves no Assassin, as `crossfire deal` refuses it), as the deck validator says it."""
    from validators.deck import validate_deck

    for finding in validate_deck(deck, pool.rules).findings:
        if finding.severity == "error":
            raise DossierError(tr("{option}: {problem}", option=option, problem=finding.message))


def _identity_allowed(identity: str, pool: Pool, mode: str) -> None:
    """Refuse, in one line, an identity the format allows no deck of (for the starter game or Draft only, banned,
    outside its card pool), as the deck validator says it: before ``--fill`` fills a deck or a scaffold is
    written that no card could make legal."""
    from toolkit.models.deck import Deck
    from validators.deck import validate_deck

    scaffold = Deck(game="netrunner", mode=mode, name=identity, identity=identity)
    for finding in validate_deck(scaffold, pool.rules).findings:
        if finding.severity == "error" and finding.pointer == "/identity":
            raise DossierError(tr("{option}: {problem}", option="--identity", problem=finding.message))


def _fill(fields: dict[str, Any], pool: Pool, mode: str, seed: int, executable_only: bool) -> None:
    """``fields["cards"]`` filled for ``--fill`` (toolkit.decks.netrunner_fill); a deck the validator refuses is an error."""
    from toolkit.decks.netrunner_fill import fill_deck
    from validators.deck import validate_deck

    deck = fill_deck(pool.records, fields["identity"], mode, seed, executable_only, fields["name"])
    errors = [f for f in validate_deck(deck, pool.rules).findings if f.severity == "error"]
    if errors:
        raise DossierError(tr("the filled deck is not legal: {problem}", problem=errors[0].message))
    fields["cards"] = deck.cards


def _resolve_one(pool: Pool, name: str, game: str, kind: str, typed: list[str | None] | None = None) -> str:
    """The id of the one ``kind`` of ``game`` called ``name``; the language of the name given goes to ``typed``."""
    from toolkit.decks import name_language

    found = [r for r in pool.names.lookup(name, game) if r.kind == kind]
    if len(found) != 1:
        from toolkit.i18n import current_lang, name_of, word

        lang = current_lang()
        if found:  # records of one name: told apart by their ids
            hints = [f"{name_of(r, lang)} ({r.id})" for r in found]
        else:  # the records whose name begins so or has a word that does (`Haas`), else the names close to it
            begun = pool.names.find(name, game, kind=kind)
            hints = [name_of(r, lang) for r in begun] or pool.names.suggestions(name, game, kind=kind)
        listed = [repr(h) for h in hints[:MAX_LISTED]] + ["…"] * (len(hints) > MAX_LISTED)
        hint = tr("; did you mean {ids}?", ids=tr(", ").join(listed)) if hints else ""
        shown = word("game", game, lang)
        if found:  # several of that name (a pool of sets that reuse a name): each named with its id
            names = tr(", ").join(listed)
            if kind == "identity":
                message = tr("{n} {game} identities are called {name}: {names}; give one by its id", n=len(found),
                             game=shown, name=repr(name), names=names)  # fmt: skip
            elif kind == "role":
                message = tr("{n} {game} roles are called {name}: {names}; give one by its id", n=len(found),
                             game=shown, name=repr(name), names=names)  # fmt: skip
            else:
                message = tr("{n} {game} agents are called {name}: {names}; give one by its id", n=len(found),
                             game=shown, name=repr(name), names=names)  # fmt: skip
            raise DossierError(message)
        if kind == "identity":
            message = tr("no {game} identity is called {name}", game=shown, name=repr(name))
        elif kind == "role":
            message = tr("no {game} role is called {name}", game=shown, name=repr(name))
        else:
            message = tr("no {game} agent is called {name}", game=shown, name=repr(name))
        other = [r for r in pool.names.lookup(name, game) if r.kind != kind]
        if other:  # the name of another kind of record of the pool (a card given as --identity), as the validator says
            from validators.deck import kind_hint

            raise DossierError(message + kind_hint(other[0]))
        from toolkit.decks.formats import not_this_pool  # none of that name: it may be in another pool (an import's)

        raise DossierError(not_this_pool(message + hint, pool.describe()))
    if typed is not None:
        typed.append(name_language(name, found[0]))
    return str(found[0].id)


@deck_app.command("show", help=N_("Print the deck as a list grouped by type or category."))
def show(
    file: Annotated[Path, typer.Argument(help=N_("Deck file."))],
    mode: DeckModeOption = None,
    banlist: DeckBanlistOption = None,
    lang: DeckLangOption = None,
    cards: CardsOption = None,
) -> None:
    """``dossier deck show`` (its help is given to the decorator)."""
    from toolkit.decks import render_deck

    pool = _deck_pool(cards)
    loaded, language = read_in_lang(file, pool, lang, mode, mode_option=True)
    deck = apply_deck_mode(_usable(loaded, pool), pool, mode, banlist)  # (its `# mode:`, `# ban_list:` lines)
    print(render_deck(deck, "text", pool.lookup(deck.game), lang=language), end="")


@deck_app.command(
    "stats", help=N_("Counts by type/category and faction, influence by faction, agenda points, cost curve.")
)
def stats(
    file: Annotated[Path, typer.Argument(help=N_("Deck file."))],
    mode: DeckModeOption = None,
    banlist: DeckBanlistOption = None,
    cards: CardsOption = None,
    format: FormatOption = OutputFormat.text,
    lang: DeckLangOption = None,
) -> None:
    """``dossier deck stats`` (its help is given to the decorator)."""
    from toolkit.decks.exports import one_line
    from toolkit.decks.stats import GENERIC, deck_stats, generic_label, left_out_note
    from toolkit.i18n import t, word

    pool = _deck_pool(cards)
    loaded, language = read_in_lang(file, pool, lang, mode, mode_option=True)
    deck = apply_deck_mode(_usable(loaded, pool), pool, mode, banlist)
    data = deck_stats(deck, pool.lookup(deck.game), lang=language)
    if deck.game == "netrunner":
        _validated_influence(data, deck, pool.rules)
    if format == "json":
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return
    name = _namer(pool, deck.game, language)

    def label(key: str, value: str) -> str:
        from validators.deck import UNIVERSAL

        if key == "by_type":
            return word("type", value, language) if deck.game != "crossfire" else word("team", value, language)
        if key == "influence" and value == UNIVERSAL:
            return t(language, UNIVERSAL)
        if key in ("by_faction", "influence"):
            return generic_label(language) if value == GENERIC else name(value)
        if key == "roles":
            return name(value)
        return value

    deck_mode = pool.rules.game(deck.game).modes.get(deck.mode)
    print(
        t(
            language,
            "{name} ({game}, {mode}): {n} cards",
            name=one_line(deck.title(language)),  # (as `deck show` prints it: a control character is a space)
            game=word("game", deck.game, language),
            mode=_mode_word(deck_mode, language) if deck_mode is not None else deck.mode,
            n=data["cards"],
        )
    )
    if data.get("left_out"):  # the cards never in a deck, which `deck validate` does not count either
        print(left_out_note(data["left_out"], name, language))
    def entry(key: str, k: Any, v: Any) -> str:
        if key == "agendas":
            return f"{k} ×{v}"
        if key == "cost_curve":  # (the title says which is the cost and which the count)
            return t(language, "{cost}: {n}", cost=k, n=v)
        return f"{label(key, k)} {v}"

    from toolkit.decks.stats import count_titles

    titles = count_titles(deck.game, language)
    rows = [
        [title, "  ".join(entry(key, k, v) for k, v in data[key].items())]
        for title, key in (
            (titles["by_type"], "by_type"),
            (titles["by_faction"], "by_faction"),
            (t(language, "cost curve (cost: cards)"), "cost_curve"),
            (t(language, "agendas (advancement/points)"), "agendas"),
            (t(language, "influence"), "influence"),
            (t(language, "roles"), "roles"),
        )
        if data.get(key)
    ]
    if "influence_spent" in data:
        limit = data["influence_limit"]
        rows.append([t(language, "influence spent"), f"{data['influence_spent']}/{'∞' if limit is None else limit}"])
    if deck.game == "netrunner" and _corp_deck(deck, pool, data):
        rows.append([t(language, "agenda points"), data["agenda_points"]])
    if data.get("players") is not None:  # a crossfire role set's player count
        rows.append([t(language, "players"), data["players"]])
    print(tables.render(None, rows, align="<<"))


def _corp_deck(deck: Any, pool: Pool, data: dict[str, Any]) -> bool:
    """Whether a netrunner deck is a corp deck (the one side that scores agenda points): its identity's side; a deck
    without an identity the pool knows, by whether it holds agendas."""
    identity = pool.rules.game("netrunner").records.get(deck.identity) if deck.identity is not None else None
    side = getattr(identity, "side", None)
    return side == "corp" if side is not None else bool(data.get("agendas"))


def _validated_influence(data: dict[str, Any], deck: Any, rules: Any) -> None:
    """``deck stats`` of a netrunner deck: its influence by faction, spent and limit as `deck validate` counts them
    (the identity's free copies, alliance cards, the ban list's universal faction cost and global penalty), in
    place of the plain sum of the cards' influence."""
    from validators.deck import validate_deck

    spent = validate_deck(deck, rules).summary.get("influence")
    if spent is not None:
        data["influence"] = dict(sorted(spent[2].items()))
        data["influence_spent"], data["influence_limit"] = spent[0], spent[1]


def _opening_hand(pool: Pool, deck: Any) -> int:
    game = pool.rules.game(deck.game).game_record
    if deck.game == "tactics":
        return int(game.opening_hand) if game else 3
    if deck.game == "netrunner":
        return int(game.hand_size) if game else 5
    raise DossierError(
        tr("{game} role sets are dealt, not drawn; see {command}", game=_game_word(deck.game),
           command="`dossier crossfire deal`")
    )  # fmt: skip


def _hand_fits(hand: int | None, drawn: Any) -> None:
    """Refuse ``--hand`` larger than the deck ``drawn`` (its draw pile) in one line naming the deck's size (exit 2),
    as a hand of 0 is refused: no hand holds more cards than the deck."""
    from toolkit.i18n import trn

    size = drawn.total()
    if hand is not None and hand > size:
        raise DossierError(trn("{option} {value}: more than the deck's {n} card",
                               "{option} {value}: more than the deck's {n} cards", size, option="--hand", value=hand,
                               n=size))  # fmt: skip


@deck_app.command("draw", help=N_("A sample opening hand."))
def draw(
    file: Annotated[Path, typer.Argument(help=N_("Deck file."))],
    hand: Annotated[
        int | None, typer.Option("--hand", min=1, help=N_("Cards to draw (default: the game's opening hand)."))
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", callback=check_seed, help=N_("Shuffle seed, for a repeatable hand."))
    ] = None,
    mode: DeckModeOption = None,
    cards: CardsOption = None,
    lang: DeckLangOption = None,
) -> None:
    """``dossier deck draw`` (its help is given to the decorator). No ``--banlist``: a ban list draws no other hand."""
    from toolkit.decks.stats import left_out_note, pile, sample_hand

    pool = _deck_pool(cards)
    loaded, language = read_in_lang(file, pool, lang, mode, mode_option=True)
    deck = apply_deck_mode(_usable(loaded, pool), pool, mode, None)
    opening = _opening_hand(pool, deck)  # (a role set is refused, with --hand or without)
    size = opening if hand is None else hand
    lookup = pool.lookup(deck.game)
    _hand_fits(hand, pile(deck, lookup)[0])
    for card_id in sample_hand(deck, size, seed, lookup):
        record = lookup(card_id)
        print(_with_id(language, _name(record, language), card_id) if record else card_id)
    left = pile(deck, lookup)[1]
    if left:  # the cards never in a deck: not drawn, and said so
        print(left_out_note(left, _namer(pool, deck.game, language), language))


@deck_app.command(
    "odds", help=N_("For each card, the chance of having seen at least one copy by each turn (hypergeometric).")
)
def odds(
    file: Annotated[Path, typer.Argument(help=N_("Deck file."))],
    turns: Annotated[int, typer.Option("--turns", min=0, max=30, help=N_("Turns after the opening hand."))] = 5,
    per_turn: Annotated[int, typer.Option("--per-turn", min=0, help=N_("Cards drawn each turn."))] = 1,
    hand: Annotated[int | None, typer.Option("--hand", min=1, help=N_("Opening hand size."))] = None,
    mode: DeckModeOption = None,
    cards: CardsOption = None,
    format: FormatOption = OutputFormat.text,
    lang: DeckLangOption = None,
) -> None:
    """``dossier deck odds`` (its help is given to the decorator). No ``--banlist``: a ban list changes no odds."""
    from toolkit.decks.stats import draw_odds, left_out_note, pile
    from toolkit.i18n import t

    pool = _deck_pool(cards)
    loaded, language = read_in_lang(file, pool, lang, mode, mode_option=True)
    deck = apply_deck_mode(_usable(loaded, pool), pool, mode, None)
    lookup = pool.lookup(deck.game)
    deck, left = pile(deck, lookup)  # the draw pile: the cards never in a deck left out, as `deck validate` counts
    opening = _opening_hand(pool, deck)  # (a role set is refused, with --hand or without)
    opening = opening if hand is None else hand
    _hand_fits(hand, deck)
    rows = draw_odds(deck, opening, turns, per_turn, lookup, lang=language)
    if format == "json":
        seen = [opening + per_turn * t for t in range(turns + 1)]
        print(
            json.dumps(
                {
                    "deck_size": deck.total(),
                    **({"left_out": left} if left else {}),
                    "seen": seen,
                    "cards": [
                        {"id": c, "name": _name(lookup(c), language) if lookup(c) else c, "copies": n, "p": p}
                        for c, n, p in rows
                    ],
                },
                ensure_ascii=False,
                indent=2,
            )
        )
        return
    headers = [
        t(language, "card"),
        t(language, "n"),
        # TRANSLATORS: the heading of the column of turn {n} after the opening hand in `deck odds`: the rule
        # documents' word for a turn (回合), a word as the table's other headings are
        *(t(language, "hand") if turn == 0 else t(language, "turn {n}", n=turn) for turn in range(turns + 1)),
    ]
    odds = []
    for card_id, count, probs in rows:
        record = lookup(card_id)
        odds.append([_name(record, language) if record else card_id, count, *(f"{p * 100:.1f}%" for p in probs)])
    print(tables.render(headers, odds, align="<" + ">" * (len(headers) - 1), limits=[24]))
    if left:
        print(left_out_note(left, _namer(pool, deck.game, language), language))


def _name(record: Any, lang: str) -> str:
    from toolkit.i18n import name_of

    return name_of(record, lang)


@deck_app.command(
    "convert",
    help=help_text(
        N_("Convert a deck between Dossier JSON, text lists, NetrunnerDB text, jinteki.net and OCTGN .o8d."),
        N_("nrdb: NetrunnerDB's text download (identity, sections, `3x Title (Set Name) ••`, its footer)."),
        N_("jinteki: the `3 Title` list jinteki.net's deck editor takes (the identity is chosen there)."),
        N_("o8d: OCTGN's deck file. All three read back."),
    ),
)
def convert(
    file: Annotated[Path, typer.Argument(help=N_("Deck file to read."))],
    to: Annotated[str, typer.Option("--to", help=N_("json, text, nrdb, jinteki or o8d."))],
    out: Annotated[
        Path | None, typer.Option("--out", help=N_("Write here (default: standard output)."), **OUTPUT_FILE)
    ] = None,
    lang: DeckLangOption = None,
    mode: Annotated[str | None, typer.Option("--mode", help=N_("Mode/format, when the input does not say."))] = None,
    printing: Annotated[
        str | None,
        typer.Option(
            "--printing",
            help=N_(
                "nrdb, o8d: the printing whose set (nrdb) or code (o8d) is written, latest or oldest. "
                "Default: latest for nrdb (as NetrunnerDB builds decks), oldest for o8d (the codes OCTGN knows)."
            ),
            show_default=False,
        ),
    ] = None,
    cards: CardsOption = None,
    force: Annotated[bool, typer.Option("--force", help=N_("Replace an existing output file."))] = False,
) -> None:
    """``dossier deck convert`` (its help is given to the decorator)."""
    from toolkit.decks import WRITE_FORMATS, render_deck
    from toolkit.decks.exports import PRINTINGS, nrdb_options
    from validators.deck import validate_deck

    if to not in WRITE_FORMATS:
        raise DossierError(
            tr("{option} must be one of {choices}, not {value}", option="--to", choices=tr(", ").join(WRITE_FORMATS),
               value=repr(to))
        )  # fmt: skip
    if printing is not None and printing not in PRINTINGS:
        raise DossierError(
            tr("{option} must be one of {choices}, not {value}", option="--printing", choices=tr(", ").join(PRINTINGS),
               value=repr(printing))
        )  # fmt: skip
    pool = _deck_pool(cards)
    loaded, language = read_in_lang(file, pool, lang, mode, mode_option=True)
    deck = _usable(loaded, pool)
    game = pool.rules.game(deck.game)
    options: dict[str, Any] = {
        "out": out,
        "schema_dir": SCHEMA_DIR,
        "lang": language,
        "printing": printing,
    }
    if out is not None and str(out) == "-":  # `--out -`: standard output, as without --out
        out = None
        options["out"] = None
    if to == "nrdb":  # what the footer and the lines say is what `deck validate` says
        options.update(nrdb_options(validate_deck(deck, pool.rules), game.game_record))
    try:
        text = render_deck(deck, to, pool.lookup(deck.game), **options)
    except DossierError as exc:  # the deck cannot be written in this format: say which deck
        raise DossierError(tr("{path}: {problem}", path=file, problem=exc.message), exit_code=exc.exit_code) from None
    if out is None:
        print(text, end="")
    else:
        _write(out, text, force, (file,))
        from toolkit.i18n import t

        print(t(language, "{path}: written", path=out))  # (on standard output, as every command says it)


def draft(
    seed: Annotated[
        int | None, typer.Option("--seed", callback=check_seed, help=N_("Seed for the layout, for a repeatable draft."))
    ] = None,
    script: Annotated[
        Path | None, typer.Option("--script", help=N_("Picks, one per line (agent id, name or row number)."))
    ] = None,
    cards: CardsOption = None,
    format: FormatOption = OutputFormat.text,
    lang: LangOption = None,
) -> None:
    """``dossier draft`` (its help is given where it is registered)."""
    from toolkit.decks.draft import run_draft
    from toolkit.i18n import t

    language = output_lang(lang)
    pool = _deck_pool(cards)
    agents = [r for r in pool.rules.game("tactics").records.values() if r.kind == "agent"]
    real = [a.id for a in agents if not a.private]
    privates = [a.id for a in agents if a.private]
    names = {a.id: _name(a, language) for a in agents}
    spellings = {a.id: [a.name.zh_hans, a.name.en or ""] for a in agents}

    def shown(agent: str) -> str:
        return _with_id(language, names[agent], agent)

    picks: list[tuple[int, str]] | None = None  # (line number, pick) of the script
    if script is not None:
        from toolkit.jsonio import read_source

        source = read_source(script, limit=64 * 1024)  # a FIFO is refused, not waited on; a BOM is dropped
        if source.text is None:
            raise DossierError(
                tr("{path}: cannot read: {reason}", path=script, reason=source.error),
                exit_code=2 if source.io_error else 1,
            )
        picks = [
            (n, ln.strip())
            for n, ln in enumerate(source.text.splitlines(), start=1)
            if ln.strip() and not ln.lstrip().startswith("#")
        ]
    elif not sys.stdin.isatty():
        raise DossierError(tr("no terminal to pick from; give {option}", option="--script FILE"))

    # The draft as it goes (each face-up row, each pick): at the keyboard on the terminal (stderr) whatever the
    # format, with the prompts, so that standard output holds the result alone (`-f json > out.json`); from a
    # script, a text draft's transcript is its output and a JSON one's log is in the result.
    at_keyboard = picks is None
    told = sys.stderr if at_keyboard else sys.stdout
    telling = at_keyboard or format == "text"

    def choose(player: int, row: list[str]) -> str:
        if telling:
            print(t(language, "face up: {row}", row="  ".join(f"[{i}] {shown(a)}" for i, a in enumerate(row, 1))),
                  file=told)  # fmt: skip
        if picks is not None:  # a script: its first bad line ends the draft, naming the line (exit 1)
            if not picks:
                raise DossierError(tr("{path}: ran out of picks", path=script), exit_code=1)
            number, answer = picks.pop(0)
            try:
                chosen = _pick_from_row(answer, row, spellings, names)
            except DossierError as exc:
                where = f"{script}:{number}"  # (file:line, as the warning about picks past the end names it)
                raise DossierError(tr("{where}: {problem}", where=where, problem=exc.message),
                                   exit_code=exc.exit_code) from None  # fmt: skip
        else:  # at the keyboard: a typo is said and the player asked again (the picks so far are kept)
            while True:
                answer = _ask(t(language, "player {n} picks", n=player + 1))
                try:
                    chosen = _pick_from_row(answer, row, spellings, names)
                    break
                except DossierError as exc:
                    print(exc.message, file=sys.stderr)
        if telling:
            print(t(language, "player {n} takes {agent}", n=player + 1, agent=shown(chosen)), file=told)
        return chosen

    seed_line = None
    if seed is None:  # one drawn, said at the end (as `play` says its game's), so that the draft can be run again
        import secrets

        from toolkit.cli._options import DRAWN_SEED_BITS

        seed = secrets.randbits(DRAWN_SEED_BITS)
        seed_line = t(language, "seed {seed} (give {option} to run this draft again)", seed=seed,
                      option=f"--seed {seed}")  # fmt: skip
    result = run_draft(real, privates, seed, choose)
    if picks:  # a script longer than the draft: its picks past the end are named, never dropped in silence
        from toolkit.errors import warning_line

        left = trn("{path}:{line}: the draft is over; {n} more pick not used",
                   "{path}:{line}: the draft is over; {n} more picks not used", len(picks), path=script,
                   line=picks[0][0])  # fmt: skip
        print(warning_line(left), file=sys.stderr)
    if format == "json":
        print(
            json.dumps(
                {
                    "squads": [
                        {"player": i + 1, "agents": s, "privates": result.privates} for i, s in enumerate(result.squads)
                    ],
                    "log": result.log,
                    "seed": seed,
                },
                ensure_ascii=False,
                indent=2,
            )
        )
        return
    sep = t(language, ", ")
    for i, squad in enumerate(result.squads, 1):
        squad_line = sep.join(shown(a) for a in squad)
        if not result.privates:  # a pool without a private: the squad alone, no dangling "+"
            print(t(language, "player {n}: {agents}", n=i, agents=squad_line))
            continue
        private_line = sep.join(shown(p) for p in result.privates)
        print(t(language, "player {n}: {agents} + {privates}", n=i, agents=squad_line, privates=private_line))
    if seed_line is not None:
        print(seed_line)


def _ask(prompt: str) -> str:
    """One line typed at the keyboard, the prompt on the terminal (stderr: standard output holds the draft's
    result alone, `draft -f json > out.json`; when both are the terminal, input() writes it there itself, which
    line editing needs); Ctrl-C stops the draft with exit 130, end of input (Ctrl-D) with exit 1 (the picks are
    incomplete input, as a script that runs out of them), each in one line in the user's language (not click's
    English "Aborted!"). (typer.prompt writes the prompt's last character to stdout even with err=True.)"""
    import contextlib

    both = sys.stdout.isatty() and sys.stderr.isatty()
    try:
        with contextlib.nullcontext() if both else contextlib.redirect_stdout(sys.stderr):
            answer = ""
            while not answer.strip():  # an empty line asks again
                answer = input(tr("{prompt}: ", prompt=prompt))  # (a full-width colon in Chinese)
            return answer
    except EOFError:
        print(file=sys.stderr)  # (the prompt's line is left open)
        raise DossierError(tr("end of input: the draft stopped before every pick was made"), exit_code=1) from None
    except KeyboardInterrupt:
        print(file=sys.stderr)
        raise DossierError(tr("the draft was stopped (Ctrl-C); no squads were made"), exit_code=130) from None


def _pick_from_row(answer: str, row: list[str], spellings: dict[str, list[str]], names: dict[str, str]) -> str:
    """The agent of ``row`` that ``answer`` names: its row number, id, or name in either language
    (``spellings``). One that names none is invalid input (exit 1): the message offers the row's agents by
    their row numbers and names in the current language (``names``)."""
    from toolkit.decks import normalize

    key = normalize(answer)
    if key.isdigit() and 1 <= int(key) <= len(row):
        return row[int(key) - 1]
    for agent in row:
        if key in (normalize(agent), *(normalize(n) for n in spellings[agent] if n)):
            return agent
    shown = answer if len(answer) <= 40 else answer[:40] + "…"
    offered = tr(", ").join(f"[{i}] {names[agent]}" for i, agent in enumerate(row, 1))
    raise DossierError(tr("{pick} is not face up; choose from {row}", pick=repr(shown), row=offered), exit_code=1)


def register(app: typer.Typer) -> None:
    app.add_typer(deck_app, name="deck")
    app.command(
        "draft",
        help=N_("The tactics draft for two players: picks from the keyboard or a script file."),
    )(draft)
