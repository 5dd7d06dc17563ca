"""``dossier text``: parse, render and format ability text (and run it, see ``text run``)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, cast

import typer

from toolkit.cli._help import help_text
from toolkit.cli._lang import LangOption, lang_help
from toolkit.cli._options import CardsOption, check_seed
from toolkit.cli.app import OutputFormat
from toolkit.errors import DossierError
from toolkit.i18n.words import N_

text_app = typer.Typer(
    name="text",
    help=N_("The ability language: parse card text, render it (zh-Hans, English), format card files."),
    no_args_is_help=True,
)


FormatOption = Annotated[OutputFormat, typer.Option("--format", "-f", help=N_("text (an outline) or json."))]


def register(app: typer.Typer) -> None:
    app.add_typer(text_app, name="text")


def _inputs(text: str | None, file: Path | None) -> list[tuple[str, int, str]]:
    """(label, line number, ability) for TEXT or for each non-blank line of FILE."""
    from toolkit.i18n import tr

    if (text is None) == (file is None):
        raise DossierError(tr("give either {text} or {file}", text="TEXT", file="--file FILE"))
    if text is not None:
        return [("<text>", 1, text)]
    assert file is not None
    import errno

    from toolkit.jsonio import read_source

    source = read_source(file)  # never blocks on a FIFO; a leading byte-order mark is dropped
    if source.text is None:
        if source.errno == errno.ENOENT and source.io_error:
            message = tr("{path}: no such file", path=file)
        else:
            message = tr("{path}: cannot read: {reason}", path=file, reason=source.error)
        raise DossierError(message, exit_code=2 if source.io_error else 1)
    content = source.text
    lines = [(str(file), n, line) for n, line in enumerate(content.splitlines(), start=1) if line.strip()]
    if not lines:
        raise DossierError(tr("{path}: no ability text in the file", path=file), exit_code=1)
    return lines


@text_app.command(
    "parse",
    help=N_("Parse ability text and show its AST (exit 1 if any line does not parse; errors in the --lang language)."),
)
def parse_command(
    text: Annotated[
        str | None,
        typer.Argument(help=help_text(N_("One ability, e.g. {example}."), example="'你抽 2 张牌。'"), show_default=False),
    ] = None,
    file: Annotated[
        Path | None, typer.Option("--file", help=N_("A file with one ability per line."), show_default=False)
    ] = None,
    game: Annotated[
        str | None,
        typer.Option(
            "--game",
            help=N_(
                "The game the text is for (tactics, netrunner or crossfire): an error names the words that game's "
                "text may have there (default: every game's)."
            ),
            show_default=False,
        ),
    ] = None,
    format: FormatOption = OutputFormat.text,
    lang: LangOption = None,
) -> None:
    """``dossier text parse`` (its help is given to the decorator)."""
    from toolkit.cli._lang import output_lang
    from toolkit.findings import Finding, finding_line
    from toolkit.text import AbilitySyntaxError, parse, render
    from toolkit.text.ast import dump, to_json

    output_lang(lang)
    game = _check_game(game)
    failed = 0
    inputs = _inputs(text, file)

    def results() -> Iterator[dict[str, Any]]:
        """Each line's result as it is parsed (text: printed as it goes), so that a file of any number of
        abilities streams: one syntax tree is in memory at a time."""
        nonlocal failed
        for label, line, ability_text in inputs:
            try:
                ability = parse(ability_text, game)
            except AbilitySyntaxError as exc:
                failed += 1
                where = f"{label}:{line}:{exc.column}" if label != "<text>" else f"{label}:{exc.line}:{exc.column}"
                if format is OutputFormat.json:
                    yield {
                        "line": line,
                        "text": ability_text,
                        "error": {
                            "line": exc.line if label == "<text>" else line,
                            "column": exc.column,
                            "reason": exc.reason,
                            # in full: the text's "… (n more)" is for a reader, not for a program
                            "expected": exc.expected_in_full,
                            "suggestions": exc.suggestions,
                            "hint": exc.hint,
                        },
                    }
                else:
                    said = Finding("card.text.parse", exc.summary(located=False), file=where)  # (where says the place)
                    print(finding_line(said), file=sys.stderr)
                    print("    " + exc.context.replace("\n", "\n    "), file=sys.stderr)
                continue
            if format is OutputFormat.json:
                yield {
                    "line": line,
                    "text": ability_text,
                    "canonical": render(ability),
                    "en": render(ability, "en"),
                    "ast": to_json(ability),
                }
            else:
                if file is not None:
                    print(f"{label}:{line}: {render(ability)}")
                print(dump(ability))

    if format is not OutputFormat.json:
        for _result in results():
            pass
    elif text is not None:  # one ability: its object, not a list
        print(json.dumps(next(results()), ensure_ascii=False, indent=2))
    else:
        from toolkit.jsonstream import Stream, write_json

        write_json(Stream(results()))
    raise typer.Exit(1 if failed else 0)


@text_app.command("render", help=N_("Print an ability in canonical zh-Hans text, or in English."))
def render_command(
    text: Annotated[str, typer.Argument(help=N_("One ability."))],
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help=lang_help(
                N_("The language, {langs}, of {scope} (zh-Hans: the canonical text). Default: {default}.")
            ),
            show_default=False,
        ),
    ] = None,
    cards: CardsOption = None,
) -> None:
    """``dossier text render`` (its help is given to the decorator)."""
    from toolkit.cli._lang import output_lang
    from toolkit.i18n import text_lang, tr
    from toolkit.text import AbilitySyntaxError, parse, render

    language = text_lang(output_lang(lang))  # zh-Hans for Chinese; any other language (a catalog's: fr) reads English

    try:
        ability = parse(text)
    except AbilitySyntaxError as exc:
        said = exc.summary(located=False)  # (the place is said first)
        context = exc.context.replace("\n", "\n    ")  # the text and its caret, indented alike (as `text parse`)
        where = f"<text>:{exc.line}:{exc.column}"  # (its place as lint's findings say one: 13:24：错误 in Chinese)
        problem = tr("{where}: {problem}", where=where, problem=said)
        raise DossierError(f"{problem}\n    {context}", exit_code=1) from None
    rendered = str(render(ability, language))
    if "「" in rendered:  # the cards it quotes: by their English names in English, as `show` and `print` do
        rendered = _quoted_names(rendered, language, cards)
    print(rendered)


def _quoted_names(rendered: str, language: str, cards: list[Path] | None) -> str:
    """``rendered`` with the names it quotes as the card pool knows them (``--cards``, else the configured pool):
    in English each by its English name (:func:`toolkit.names.with_english_names`); a quote of a card's English
    name (card text quotes the zh-Hans one) or of no card at all is told in a warning (:func:`_quote_warnings`),
    and in English put between straight quotes as it is."""
    from toolkit.catalog import load_catalog
    from toolkit.config import card_pool
    from toolkit.i18n import chinese
    from toolkit.names import QUOTED_NAME, english_names, with_english_names

    pairs = _name_pairs(load_catalog(card_pool(cards).paths).records)
    zh_names = _quote_warnings(rendered, pairs)
    if chinese(language):
        return rendered
    english = with_english_names(rendered, english_names(pairs))
    return QUOTED_NAME.sub(lambda m: m[0] if m[1] in zh_names else f'"{m[1]}"', english)


def _check_game(game: str | None, games: tuple[str, ...] | None = None) -> str | None:
    """The id of the game ``--game`` names: its id, or its name in either language (``特工战术``:
    :func:`toolkit.cli.simulate.named_game`); a value that names no game of ``games`` (default: every game of the
    ability language) is refused (a usage error, exit 2), the games listed (in Chinese with their names). None stays
    None."""
    from toolkit.cli.simulate import game_choices, named_game
    from toolkit.text.games import OWN_WORDS

    if game is None:
        return None
    games = games or tuple(OWN_WORDS)
    named = named_game(game)
    if named not in games:
        from toolkit.i18n import tr

        raise DossierError(
            tr("{option} {value}: unknown game; one of {choices}", option="--game", value=game,
               choices=game_choices(games))
        )  # fmt: skip
    return named


def _check_parses(text: str, game: str) -> None:
    """A ``text run`` ability that does not parse, told before the game is made (as the engine tells it: ``<text>:1:4:
    …``), with the words a text of ``game`` may have at the error (:meth:`AbilitySyntaxError.for_game`)."""
    from toolkit.i18n import tr
    from toolkit.text import AbilitySyntaxError, parse

    try:
        parse(text, game)
    except AbilitySyntaxError as exc:
        where = f"<text>:{exc.line}:{exc.column}"
        problem = exc.summary(located=False)
        raise DossierError(tr("{where}: {problem}", where=where, problem=problem), exit_code=1) from None


def _name_pairs(records: Any) -> list[tuple[str | None, str | None]]:
    """The (zh-Hans, English) names of ``records``."""
    return [
        (getattr(name, "zh_hans", None), getattr(name, "en", None))
        for name in (getattr(record, "name", None) for record in records)
    ]


def _quote_warnings(text: str, pairs: list[tuple[str | None, str | None]]) -> set[str]:
    """Warn (one line each on stderr, as lint's card.text.ref tells it) of each name ``text`` quotes that is a
    card's English name (card text quotes the zh-Hans one) or no card's name at all among ``pairs`` (the pool's
    (zh-Hans, English) names), a name of no card with the nearest names as lint's finding gives them; the zh-Hans
    names, returned."""
    from toolkit.errors import warning_line
    from toolkit.i18n import tr
    from toolkit.names import QUOTED_NAME
    from validators.wording import did_you_mean

    zh_names = {zh for zh, _ in pairs if zh}
    if "「" not in text:
        return zh_names
    by_english = {en: zh for zh, en in pairs if zh and en}
    for name in dict.fromkeys(QUOTED_NAME.findall(text)):
        if name in zh_names:
            continue
        quoted = "「" + name + "」"
        if name in by_english:
            said = tr(
                "{name} is the English name of a card; card text quotes the zh-Hans name: {zh}",
                name=quoted,
                zh="「" + by_english[name] + "」",
            )
        else:
            said = tr("{name} is no card of the card pool", name=quoted) + did_you_mean(name, zh_names)
        print(warning_line(said), file=sys.stderr)
    return zh_names


@text_app.command(
    "fmt",
    help=help_text(
        N_("Rewrite the ability texts of card files in canonical form, atomically."),
        N_(
            "Every text field (text, reverse.text, win, draw_phase) is parsed and written back as its canonical "
            "rendering. A file with text that does not parse is reported and left as it is (exit 1)."
        ),
    ),
)
def fmt_command(
    paths: Annotated[
        list[Path] | None,
        typer.Argument(
            help=N_(
                "Card files or directories (default: the card pool, as `dossier fmt` takes it; an installed "
                "dossier's bundled cards are not rewritten)."
            ),
            show_default=False,
        ),
    ] = None,
    check: Annotated[bool, typer.Option("--check", help=N_("Change nothing; exit 1 if a text would change."))] = False,
    lang: LangOption = None,
) -> None:
    """``dossier text fmt`` (its help is given to the decorator)."""
    from dataclasses import replace

    from toolkit.catalog import WalkProblem, discover
    from toolkit.cli._lang import output_lang
    from toolkit.cli.app import refuse_bundled_cards, refuse_unwritable
    from toolkit.findings import Finding, finding_line
    from toolkit.i18n import tr, trn
    from toolkit.jsonio import JsonSyntaxError, atomic_write_text, canonical_dumps, loads_limited, read_source
    from toolkit.text.fmt import format_record_texts

    output_lang(lang)
    targets = _default_paths(paths)
    if not paths and not check:  # installed: the default is the package's own cards
        refuse_bundled_cards(targets, "dossier text fmt")
    changed_files = failed = unreadable = 0
    problems: list[WalkProblem] = []  # dangling links, link loops, unreadable directories: reported as fmt does
    found = discover(targets, problems)
    if not found and not problems:  # as lint and fmt say
        raise DossierError(tr("no {suffix} files under {paths}", suffix=".json", paths=", ".join(map(str, targets))))
    for path in found:
        source = read_source(path)
        if source.text is None:
            message = tr("cannot read file: {reason}", reason=source.error)
            print(finding_line(Finding("card.io", message, file=str(path))), file=sys.stderr)
            failed += 1
            unreadable += source.io_error
            continue
        try:
            data = loads_limited(source.text)  # what lint (and fmt) refuse as JSON is left as it is
            refuse_unwritable(source.text, data)  # 1e400, NaN or a lone surrogate: cannot be written back
        except JsonSyntaxError as exc:
            message = tr("invalid JSON: {reason}", reason=exc.message)
            print(finding_line(Finding("card.json", message, file=str(path), line=exc.line, column=exc.column)),
                  file=sys.stderr)  # fmt: skip
            failed += 1
            continue
        result = format_record_texts(data, source.text)
        for problem in result.problems:
            print(finding_line(replace(problem, file=str(path))), file=sys.stderr)
        if result.problems:
            failed += 1
            continue
        if not result.changes:
            continue
        changed_files += 1
        if not check:  # written first: a file that cannot be written stops here, before a change is said to be made
            atomic_write_text(path, canonical_dumps(result.data), follow_symlinks=True)  # as fmt: the file, kept linked
        for pointer, old, new in result.changes:
            print(f"{path}: {pointer}: {old} -> {new}")
        n = len(result.changes)
        if check:
            print(trn("{path}: would rewrite {n} ability text", "{path}: would rewrite {n} ability texts", n, path=path))
        else:
            print(trn("{path}: rewrote {n} ability text", "{path}: rewrote {n} ability texts", n, path=path))
    if check and changed_files:
        print(trn("{n} file would change", "{n} files would change", changed_files), file=sys.stderr)
    for walk in problems:
        print(finding_line(Finding("card.io", walk.message, file=str(walk.path))), file=sys.stderr)
    if unreadable or problems:  # a file or directory that could not be read at all is an I/O error
        raise typer.Exit(2)
    raise typer.Exit(1 if failed or (check and changed_files) else 0)


def _default_paths(paths: list[Path] | None) -> list[Path]:
    from toolkit.cli.app import default_paths

    return default_paths(paths)


@text_app.command(
    "run",
    help=help_text(
        N_("Execute one ability on a fresh game (shuffled example decks, opening hands) and print the log and state."),
        N_(
            "Choices (targets, optional abilities) take the first legal option; in tactics a move goes as far as it "
            "may instead (its farthest cell: staying put would show nothing), and each choice is said after the "
            "log with the options it had. In netrunner the executing side's turn has begun (clicks, the corp's "
            "mandatory draw); the log starts there."
        ),
        N_(
            "A triggered ability (e.g. {example}) waits for its timing and is not applied at once: in tactics the "
            "first unit of the executing player gets the ability and the timing is made to happen (the unit is "
            "hidden then exposed, takes 1 damage, is destroyed or moves 1; other timings fire for that unit), "
            "then the ability resolves; in netrunner it resolves as if its timing had just occurred. A timing the "
            "engine never runs is not simulated: the command says so."
        ),
        example="暴露时：…",
    ),
)
def run_command(
    text: Annotated[str, typer.Argument(help=N_("One ability, executed by the first player (tactics) or a side."))],
    game: Annotated[str, typer.Option("--game", help=N_("The game whose rules run it: tactics or netrunner."))] = "tactics",
    mode: Annotated[
        str | None, typer.Option("--mode", help=N_("Mode (default: duo for tactics) or netrunner format (standard)."))
    ] = None,
    seed: Annotated[
        int, typer.Option("--seed", callback=check_seed, help=N_("Seed of the shuffles and dice; same seed, same log."))
    ] = 0,
    players: Annotated[int, typer.Option("--players", help=N_("Number of players (netrunner: 2)."))] = 2,
    side: Annotated[
        str | None,
        typer.Option(
            "--side",
            help=help_text(
                N_(
                    "netrunner: who {you} is, corp or runner (default: the side of the card with this text, "
                    "of --identity, or of what the text does)."
                ),
                you="你",
            ),
            show_default=False,
        ),
    ] = None,
    identity: Annotated[
        str | None,
        typer.Option(
            "--identity",
            help=N_(
                "netrunner: an identity id; its side plays the bundled example deck of that identity, "
                "or a legal-looking deck built for it."
            ),
            show_default=False,
        ),
    ] = None,
    format: FormatOption = OutputFormat.text,
    cards: CardsOption = None,
    lang: LangOption = None,
) -> None:
    """``dossier text run`` (its help is given to the decorator)."""
    from toolkit.cli._lang import output_lang
    from toolkit.cli.simulate import named_game

    language = output_lang(lang)
    if named_game(game) != "crossfire":  # (crossfire's text: told where it runs, below)
        game = _check_game(game, ("tactics", "netrunner")) or game
    if game == "netrunner":
        _run_netrunner(text, mode, seed, players, side, identity, format, language, cards)
        return
    if game != "tactics":
        from toolkit.i18n import tr

        raise DossierError(
            tr(
                "{option} {game}: {command} executes tactics and netrunner abilities; crossfire text runs in "
                "{resolve}",
                option="--game",
                game=game,
                command="`text run`",
                resolve="`dossier crossfire resolve`",
            )
        )
    if side is not None or identity is not None:
        from toolkit.i18n import tr

        raise DossierError(
            tr("{first} and {second} are for {option}", first="--side", second="--identity",
               option="--game netrunner")
        )  # fmt: skip
    from toolkit.cli._lang import LogNames
    from toolkit.config import pool_catalog
    from toolkit.engine.tactics import TacticsGame
    from toolkit.i18n import t
    from toolkit.paths import CARDS_DIR

    catalog = pool_catalog(cards, default=[CARDS_DIR / "tactics"])[1]  # (a set folder plays among the pool)
    mode = _check_mode(catalog.records, "tactics", mode)
    _check_players(catalog.records, mode or "duo", players)
    names = LogNames(catalog.records, language)
    _check_parses(text, "tactics")
    with _named_errors(names):
        # the first legal option: a target in the distance and in sight, or none (the log says why), never one
        # lost at once (FirstDecider's first enemy unit, wherever it stands)
        from toolkit.engine.core import given_ability

        given_ability(text)  # the text given is read first: its error before any of the game's records'
        _quote_warnings(text, _name_pairs(catalog.records))  # (a typo in a quoted name would only find nothing)
        decider = _run_choices()
        engine = TacticsGame(catalog.records, mode or "duo", players=players, seed=seed, decider=decider)
        start = len(engine.log)
        decider.game = engine  # (the set-up's choices as before; the text's are kept, to be said)
        triggered = engine.run_text(text, seat=1)
    entries = [e.to_json() for e in list(engine.log)[start:]]
    choices = [_choice_words(c, language, names) for c in decider.choices]
    state = engine.state()
    if triggered is not None:  # the unit it was given, named in the output language as the log names it
        unit = triggered["unit"]
        triggered = {**triggered, "unit": names.name(unit) if unit else unit}
    if format is OutputFormat.json:
        out: dict[str, Any] = {"log": [names.event(e) for e in entries], "state": state}
        if triggered is not None:
            out["triggered"] = triggered
        if choices:
            out["choices"] = choices
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return
    if triggered is not None:
        print(_triggered_note(triggered, language))
    _print_events(entries, lambda seat: t(language, "player {n}", n=seat), names)
    for choice in choices:
        shown = choice["options"][:SHOWN_OPTIONS]
        options = t(language, "; ").join(shown) + (" …" if len(choice["options"]) > len(shown) else "")
        print(t(language, "choice: {prompt}: took {taken} (options: {options})", prompt=choice["prompt"],
                taken=choice["taken"], options=options))  # fmt: skip
    for p in state["players"]:
        sizes = names.fields_text({k: v for k, v in p.items() if k != "seat"})
        print(t(language, "{who}: {numbers}", who=t(language, "player {n}", n=p["seat"]), numbers=sizes))
    print(t(language, "shop: {n}", n=state["shop"]))


MOVE_PROMPT = "move {unit} (up to {n})"  # the engine's question of where a unit moves (its Phrase's message)
SHOWN_OPTIONS = 30  # a choice's options `text run` lists, at most (then an ellipsis)


def _run_choices() -> Any:
    """`text run`'s decider in tactics: the first legal option (:class:`~toolkit.engine.core.FirstLegalDecider`),
    but a move goes as far as it may: the engine lists a move's cells nearest first (staying put first of all, for a
    move of 0 or more), so its last. Once its ``game`` is set (after the set-up, whose choices stay as they were),
    each choice is kept in ``choices``: the seat asked, the question, the options (as the log shows them: nothing
    is hidden from the designer) and the index of the option taken, to be said after the log."""
    from toolkit.engine.core import FirstLegalDecider

    class RunChoices(FirstLegalDecider):
        def __init__(self) -> None:
            self.game: Any = None
            self.choices: list[tuple[int, Any, list[Any], int]] = []

        def choose(self, player: int, prompt: str, options: Any) -> Any:
            pick = super().choose(player, prompt, options)
            if self.game is None:
                return pick
            if getattr(prompt, "message", None) == MOVE_PROMPT and len(options) > 1:
                pick = options[-1]
            seat = player or self.game.active  # (an obstacle that moves: the active player's to choose)
            self.choices.append((seat, prompt, list(options), next(i for i, o in enumerate(options) if o is pick)))
            return pick

    return RunChoices()


def _choice_words(choice: tuple[int, Any, list[Any], int], lang: str, names: Any) -> dict[str, Any]:
    """A choice `text run` made, in words of ``lang`` (``names``: a LogNames of it), as the terminal says a
    decision's (a cell as the log writes it, ``0,2``): its seat, question, options and the option taken."""
    from toolkit.engine.tactics.decisions import kind_of
    from toolkit.engine.tactics.terminal import option_text, prompt_text

    seat, prompt, options, taken = choice
    kind = kind_of(prompt)

    def said(value: Any) -> str:
        if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
            return f"{value[0]},{value[1]}"
        return option_text(value, str(value), lang, names, kind)

    words = [said(o) for o in options]
    return {"player": seat, "prompt": prompt_text(prompt, names), "options": words, "taken": words[taken]}


@contextmanager
def _named_errors(names: Any) -> Iterator[None]:
    """An engine error raised inside, the cards and units it names (``铁砧#1``) in the output language of
    ``names`` (a LogNames), as the log names them."""
    from toolkit.engine.core import EngineError

    try:
        yield
    except EngineError as exc:
        raise DossierError(names.name(str(exc)), exit_code=exc.exit_code) from None


def _check_mode(records: Any, game: str, mode: str | None) -> str | None:
    """The id of the mode (tactics) or format (netrunner) of the pool's ``game`` that ``--mode`` names: its id,
    or its name in either language, any case, as a deck file's ``mode`` is read
    (:meth:`toolkit.decks.NameIndex.mode_id`). One the game has none of: one line naming those it has, exit 2 (a
    usage error, as an unknown map, decider or mode is everywhere), before the engine starts."""
    if mode is None:
        return None
    from toolkit.decks import NameIndex

    kind = "format" if game == "netrunner" else "mode"
    modes = [r for r in records if r.game == game and r.kind == kind]
    known = sorted(r.id for r in modes)
    mode = NameIndex(modes).mode_id(mode.strip(), game) or mode
    if not known or mode in known:  # (a pool without any: the engine says what it lacks)
        return mode
    from toolkit.i18n import current_lang, tr, word

    game_word = word("game", game, current_lang())
    if kind == "mode":
        message = tr("{option} {mode}: {game} has no such mode; modes: {modes}", option="--mode", mode=repr(mode),
                     game=game_word, modes=tr(", ").join(known))  # fmt: skip
    else:
        message = tr("{option} {format}: {game} has no such format; formats: {formats}", option="--mode",
                     format=repr(mode), game=game_word, formats=tr(", ").join(known))  # fmt: skip
    raise DossierError(message)


def _check_players(records: Any, mode: str, players: int) -> None:
    """``--players`` against the player counts of the tactics mode ``mode`` (its record's: §15.2 双雄 "2 或 4 人"):
    another count is one line naming the option, exit 2 (a usage error, as an unknown --mode is), before the engine
    starts. A mode the pool lacks: the engine says so."""
    from toolkit.engine.tactics.base import _counts_text, player_counts

    record = next((r for r in records if r.game == "tactics" and r.kind == "mode" and r.id == mode), None)
    if record is None or players in player_counts(record):
        return
    from toolkit.i18n import current_lang, name_of, tr

    problem = tr("{mode} is for {counts} players, not {n}", mode=name_of(record, current_lang()),
                 counts=_counts_text(player_counts(record)), n=players)  # fmt: skip
    raise DossierError(tr("{option}: {problem}", option="--players", problem=problem))


def _triggered_note(triggered: dict[str, Any], lang: str) -> str:
    """What ``text run`` did with a triggered ability (:func:`toolkit.engine.tactics.timing_run.run_triggered`)."""
    from toolkit.engine.forms import form_words, games_running_timing
    from toolkit.i18n import chinese, t, word

    zh, en = form_words(("timing", triggered["timing"]))
    timing = zh if chinese(lang) else f"{zh} ({en})"
    if not triggered["simulated"]:
        games = t(lang, ", ").join(word("game", g, lang) for g in games_running_timing(triggered["timing"]))
        if triggered["unit"] is None and games_running_timing(triggered["timing"]) == ["tactics"]:
            return t(lang, "{timing} waits for its timing, and player 1 has no unit on the map to simulate it on: "
                     "the ability did not run", timing=timing)  # fmt: skip
        return t(
            lang,
            "{timing} waits for its timing, which the tactics engine never runs (games that run it: {games}): "
            "on a tactics card this ability never triggers; it did not run (`dossier lint` warns: {code})",
            timing=timing,
            games=games or "-",
            code="text.form.unsupported",
        )
    how = {
        "expose": t(lang, "{unit} was hidden, then exposed", unit=triggered["unit"]),
        "damage": t(lang, "{unit} took 1 damage", unit=triggered["unit"]),
        "destroy": t(lang, "{unit} was destroyed", unit=triggered["unit"]),
        "move": t(lang, "{unit} moved 1", unit=triggered["unit"]),
    }.get(triggered["how"], t(lang, "the timing fired for {unit}", unit=triggered["unit"]))
    return t(
        lang,
        "{timing} waits for its timing and does not run at once: `text run` gave the ability to {unit} and made "
        "the timing happen ({how}); the log shows what followed",
        timing=timing,
        unit=triggered["unit"],
        how=how,
    )


def _netrunner_timing(text: str) -> dict[str, Any] | None:
    """For a triggered ability, ``{"timing", "simulated", "how"}``: a timing the netrunner engine runs resolves
    now, as if it had just occurred (``how``: ``now``); another is not run. None for other abilities (and for text
    that does not parse: running it reports that)."""
    from toolkit.engine.forms import runs_timing
    from toolkit.text import AbilitySyntaxError, parse_cached

    try:
        ability = parse_cached(text)
    except AbilitySyntaxError:
        return None
    if ability.kind != "triggered" or ability.timing is None:
        return None
    simulated = runs_timing("netrunner", ability.timing)
    return {"timing": ability.timing, "simulated": simulated, "how": "now" if simulated else None}


def _netrunner_note(triggered: dict[str, Any], lang: str) -> str:
    from toolkit.engine.forms import form_words, games_running_timing
    from toolkit.i18n import chinese, t, word

    zh, en = form_words(("timing", triggered["timing"]))
    timing = zh if chinese(lang) else f"{zh} ({en})"
    if triggered["simulated"]:
        return t(
            lang,
            "{timing} waits for its timing: on a card it resolves when that happens; `text run` resolves it now, "
            "as if it just had (no card carries it)",
            timing=timing,
        )
    games = t(lang, ", ").join(word("game", g, lang) for g in games_running_timing(triggered["timing"]))
    return t(
        lang,
        "{timing} waits for its timing, which the netrunner engine never runs (games that run it: {games}): on a "
        "netrunner card this ability never triggers; it did not run (`dossier lint` warns: {code})",
        timing=timing,
        games=games or "-",
        code="text.form.unsupported",
    )


def _print_events(
    events: list[dict[str, Any]], who_is: Any, names: Any, words: Callable[[str], str] = lambda line: line
) -> None:
    """The log entries (``Event.to_json``) in words of the language of ``names`` (a LogNames), each with who may
    see it when that is not everyone; ``words``: each line's symbols in words (Netrunner's ``[credit]``)."""
    from toolkit.i18n import t, t_beside

    lang = names.lang
    for event in events:
        visible = event.get("visible", "all")
        seen = t(lang, ", ").join(who_is(s) for s in visible) if visible != "all" else ""
        hidden = t_beside(lang, " (seen by {who})", who=seen) if seen else ""  # (仅玩家 1 可见)
        print(words(names.line(event, who_is, width=3) + hidden))


def _run_netrunner(
    text: str,
    fmt: str | None,
    seed: int,
    players: int,
    side: str | None,
    identity: str | None,
    format: OutputFormat,
    lang: str,
    cards: list[Path] | None = None,
) -> None:
    """``text run --game netrunner``: the bundled example decks (one per side), then the ability; the records of
    the card pool (``cards``, else the configured pool, else the bundled netrunner cards)."""
    from toolkit.cli._lang import LogNames
    from toolkit.cli.simulate import print_sides
    from toolkit.config import pool_catalog
    from toolkit.decks import NameIndex, read_deck
    from toolkit.engine.netrunner import SEATS, NetrunnerGame, Side
    from toolkit.i18n import t, tr, word
    from toolkit.paths import CARDS_DIR, EXAMPLES_DIR

    if players != 2:
        raise DossierError(
            tr("{option} {n}: netrunner is for 2 players (the corp and the runner)", option="--players", n=players)
        )
    if side is not None and side not in ("corp", "runner"):
        raise DossierError(
            tr("{option} must be {first} or {second}, not {value}", option="--side", first="corp", second="runner",
               value=repr(side))
        )  # fmt: skip
    catalog = pool_catalog(cards, default=[CARDS_DIR / "netrunner"])[1]
    _quote_warnings(text, _name_pairs(catalog.records))  # (a typo in a quoted name would only find nothing)
    names = NameIndex(catalog.records)
    examples: dict[str, Any] = {}
    for path in sorted((EXAMPLES_DIR / "decks" / "netrunner").glob("*.json")):
        deck = read_deck(path, names).deck
        if deck is None or deck.game != "netrunner" or deck.identity is None:
            continue
        record = next((r for r in names.lookup(deck.identity, "netrunner") if r.kind == "identity"), None)
        if record is None:
            continue
        examples.setdefault(record.side, deck)  # the first example deck of each side (by file name)
        examples.setdefault(deck.identity, deck)
    decks: dict[str, Any] = {s: examples.get(s) for s in ("corp", "runner")}
    identities: dict[str, str | None] = {}
    if identity is not None:
        record = next((r for r in names.lookup(identity, "netrunner") if r.kind == "identity"), None)
        if record is None:
            raise DossierError(
                tr("{option} {value}: no netrunner identity has that id or name", option="--identity", value=identity),
                exit_code=1,
            )
        decks[record.side] = examples.get(record.id)
        identities[record.side] = record.id
    fmt = _check_mode(catalog.records, "netrunner", fmt)
    log_names = LogNames(catalog.records, lang)
    _check_parses(text, "netrunner")
    with _named_errors(log_names):
        engine = NetrunnerGame(catalog.records, seed=seed, decks=decks, identities=identities, fmt=fmt or "standard")
        chosen, why = (
            (cast("Side", side), "--side")
            if side is not None
            else engine.default_side(text, identities.get("corp") or identities.get("runner"))
        )
        start = len(engine.log)
        engine.log.add("side", SEATS[chosen], side=chosen, reason=why)
        engine.begin_turn(chosen)
        triggered = _netrunner_timing(text)
        if triggered is None or triggered["simulated"]:
            engine.run_text(text, chosen)
    entries = [e.to_json() for e in list(engine.log)[start:]]
    state = engine.state(chosen)
    if format is OutputFormat.json:
        events = [log_names.event(e) for e in entries]
        out: dict[str, Any] = {"log": events, "state": state}
        if triggered is not None:
            out["triggered"] = triggered
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return
    if triggered is not None:
        print(_netrunner_note(triggered, lang))
    sides = {seat: name for name, seat in SEATS.items()}

    def who(seat: int) -> str:
        return word("side", sides[seat], lang) if seat in sides else t(lang, "player {n}", n=seat)

    from toolkit.engine.netrunner.screen import icon_words

    _print_events(entries, who, log_names, lambda line: icon_words(line, lang))  # (symbols in words, as simulate)
    print_sides(state, lang, log_names)
