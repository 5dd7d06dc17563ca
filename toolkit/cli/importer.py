"""`dossier import netrunnerdb PATH` and `dossier import csv FILE`: other tools' card data as Dossier records."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from toolkit.cli._help import help_text
from toolkit.cli._lang import LangOption
from toolkit.cli._options import OUTPUT_FILE, pool_help
from toolkit.errors import DossierError
from toolkit.i18n.words import N_

if TYPE_CHECKING:
    from toolkit.importers.sheet_export import SheetPlan



# the kind of records `import csv` and `export csv` take without --kind: a game's cards, crossfire's roles
DEFAULT_KINDS = {"crossfire": "role"}


def game_option(game: str | None) -> str | None:
    """The id of the game ``--game`` names: its id, or its name in either language, any case (``特工战术``,
    ``Android: Netrunner``: :func:`toolkit.cli.simulate.named_game`); None stays None. A name of no game is a usage
    error (exit 2) that lists the games (in Chinese with their names: ``tactics（特工战术）、…``)."""
    if game is None:
        return None
    from toolkit.cli.simulate import game_choices, named_game
    from toolkit.i18n import tr
    from toolkit.models import GAMES

    named = named_game(game)
    if named not in GAMES:
        raise DossierError(
            tr("{option} {value}: expected one of {choices}", option="--game", value=repr(game),
               choices=game_choices(GAMES))
        )  # fmt: skip
    return named


def default_kind(game: str | None) -> str:
    """The kind a sheet holds when --kind is not given: ``card``, or the game's own (crossfire has no cards)."""
    return DEFAULT_KINDS.get(game or "", "card")


class Layout(StrEnum):
    auto = "auto"
    v1 = "v1"
    v2 = "v2"


def register(app: typer.Typer) -> None:
    import_app = typer.Typer(name="import", help=N_("Import other tools' card data."), no_args_is_help=True)

    @import_app.command(
        "netrunnerdb",
        help=help_text(
            N_("Import NetrunnerDB cards, factions, ban lists and formats as netrunner records."),
            N_(
                "Chinese names and text come from translations/zh-hans where present; every field that could not "
                "be imported is listed. Then: `dossier lint DIR`, `dossier db build --cards DIR`."
            ),
        ),
    )
    def netrunnerdb(
        path: Annotated[Path, typer.Argument(help=N_("A netrunner-cards-json checkout (v2/ or the v1 pack/ layout)."))],
        into: Annotated[
            Path | None,
            typer.Option(
                "--into",
                help=N_(
                    "Output directory (replaced as a whole; the import stops, naming them, if it holds files the "
                    "earlier import did not write or that were changed since). Default: $XDG_DATA_HOME/dossier/netrunnerdb "
                    "or ~/.local/share/dossier/netrunnerdb."
                ),
                show_default=False,
            ),
        ] = None,
        layout: Annotated[Layout, typer.Option("--layout", help=N_("auto (v2 when present), v1 or v2."))] = Layout.auto,
        lang: LangOption = None,
    ) -> None:
        """``dossier import netrunnerdb`` (its help is given to the decorator)."""
        from toolkit.cli._lang import output_lang
        from toolkit.cli.progress import Phases
        from toolkit.config import LOCAL_CARDS
        from toolkit.i18n import tr
        from toolkit.importers import import_netrunnerdb
        from validators.wording import kind_count

        output_lang(lang)
        if into is not None:
            refuse_package(into)
        had_cards = LOCAL_CARDS.is_dir()
        with Phases() as meter:
            report = import_netrunnerdb(path, into, layout=layout.value, meter=meter)
        for line in report.lines():
            print(tr("warning: {message}", message=line), file=sys.stderr)
        counts = tr(", ").join(kind_count(kind, count) for kind, count in report.counts.items())
        print(
            tr(
                "imported {counts} from the {layout} layout of {path} into {into}",
                counts=counts,
                layout=report.layout,
                path=path,
                into=report.into,
            )
        )
        for line in report.notes:  # (no problem, after what was imported: which ban list of each format is in force)
            print(line)
        tell_new_pool(had_cards)

    @import_app.command(
        "csv",
        help=help_text(
            N_("Import records from a spreadsheet: a header row of field names, one record per row."),
            N_(
                "Columns are fields, dotted when nested (cost.mortgage, equipment.attack.range.max); the name is "
                "name.zh-Hans and name.en (or zh-Hans, en). A list comes from repeated columns (text, text), "
                "numbered ones (text.0, text.1) or one cell split on line breaks (free text) or commas (subtypes). "
                "Cells are read by the field's type; an empty cell leaves the field out. The id is the id column, "
                "else made from the English name. Every record is linted among the game's data first; errors name "
                "the sheet's row and column (letter and header), and nothing is written while any row has one "
                "(exit 1). A file with other content is replaced only with --force, except the records this sheet "
                "made before (also after `dossier fmt` rewrote them); those it made for rows it no longer has are "
                "removed. A {copies} column writes a print deck: "
                "`dossier print --deck DIR/.dossier-import/<sheet>.deck.json` prints that many of each card."
            ),
            copies="copies (数量)",
        ),
    )
    def csv(
        path: Annotated[Path, typer.Argument(help=N_("The sheet, saved as CSV (UTF-8; ',' ';' or tab)."))],
        game: Annotated[
            str, typer.Option("--game", "-g", help=N_("The game of every row: tactics, netrunner, crossfire."))
        ],
        into: Annotated[
            Path, typer.Option("--into", help=N_("The game's data directory: records go to DIR/<kind dir>/<id>.json."))
        ],
        kind: Annotated[
            str | None,
            typer.Option(
                "--kind",
                "-k",
                help=N_("The kind of every row (card, agent, identity, …; default: card, for crossfire role)."),
                show_default=False,
            ),
        ] = None,
        force: Annotated[bool, typer.Option("--force", help=N_("Replace files that exist with other content."))] = False,
        dry_run: Annotated[bool, typer.Option("--dry-run", help=N_("Read and lint; write nothing."))] = False,
        encoding: Annotated[
            str | None,
            typer.Option(
                "--encoding", help=N_("The sheet's encoding when not UTF-8/UTF-16 (e.g. gb18030)."), show_default=False
            ),
        ] = None,
        cards: Annotated[
            list[Path] | None,
            typer.Option("--cards", help=pool_help(N_("Lint among this card data (repeatable). Default: {pool}."))),
        ] = None,
        lang: LangOption = None,
    ) -> None:
        """``dossier import csv`` (its help is given to the decorator)."""
        from toolkit.cli._lang import output_lang
        from toolkit.cli.progress import Phases
        from toolkit.config import LOCAL_CARDS, card_pool
        from toolkit.i18n import current_lang, tr, trn, word
        from toolkit.importers.spreadsheet import import_csv
        from toolkit.paths import CARDS_DIR
        from validators.wording import kind_word

        output_lang(lang)
        game = game_option(game) or game  # its id, or its name in either language (特工战术, Android: Netrunner)
        refuse_package(into)
        kind = kind or default_kind(game)
        pool = card_pool(cards, default=[CARDS_DIR], to_create=into).paths  # (``into`` may be listed, not made yet)
        had_cards = LOCAL_CARDS.is_dir()
        with Phases() as meter:
            result = import_csv(
                path,
                game=game,
                kind=kind,
                into=into,
                pool=pool,
                force=force,
                dry_run=dry_run,
                encoding=encoding,
                meter=meter,
            )
        for finding in result.findings:
            print(result.format(finding), file=sys.stderr)
        if result.errors:
            raise DossierError(
                tr("{path}: {summary}; nothing written", path=path, summary=result.summary()),
                exit_code=1,
            )
        count = len(result.records) - len(result.unchanged) if dry_run else len(result.written)
        fields = {
            "path": path,
            "n": len(result.records),
            "game": word("game", game, current_lang()),
            "kind": kind_word(kind),
            "count": count,
            "unchanged": len(result.unchanged),
            "into": into,
        }
        if dry_run:
            line = trn(
                "{path}: {n} {game} {kind} record; would write {count}, {unchanged} unchanged, in {into}",
                "{path}: {n} {game} {kind} records; would write {count}, {unchanged} unchanged, in {into}",
                len(result.records),
                **fields,
            )
        else:
            line = trn(
                "{path}: {n} {game} {kind} record; wrote {count}, {unchanged} unchanged, in {into}",
                "{path}: {n} {game} {kind} records; wrote {count}, {unchanged} unchanged, in {into}",
                len(result.records),
                **fields,
            )
        print(line)
        if result.updated:
            print(
                tr(
                    "{path}: {n} of them replaced records this sheet made before",
                    path=path,
                    n=len(result.updated),
                )
            )
        removed = result.removed  # the records this sheet made before, as it made them, for rows it no longer has
        if removed:
            shown = tr(", ").join(str(p) for p in removed[:5]) + (" …" if len(removed) > 5 else "")
            if dry_run:
                said = trn("{path}: would remove {n} record this sheet made before and no longer holds: {files}",
                           "{path}: would remove {n} records this sheet made before and no longer holds: {files}",
                           len(removed), path=path, files=shown)  # fmt: skip
            else:
                said = trn("{path}: removed {n} record this sheet made before and no longer holds: {files}",
                           "{path}: removed {n} records this sheet made before and no longer holds: {files}",
                           len(removed), path=path, files=shown)  # fmt: skip
            print(said)
        if result.print_deck is not None and not dry_run:
            from toolkit.catalog import shell_word

            pdf = result.print_deck.name.removesuffix(".deck.json") + ".pdf"  # named as the sheet's deck is
            deck, folder = shell_word(result.print_deck), shell_word(into)  # (each one word to paste into a shell)
            print(
                tr(
                    "{path}: the copies to print are in {deck}: {command}",
                    path=path,
                    deck=result.print_deck,
                    command=f"dossier print --deck {deck} --cards {folder} --out {shell_word(pdf)}",
                )
            )
        if not dry_run:
            tell_new_pool(had_cards)

    app.add_typer(import_app, name="import")

    export_app = typer.Typer(name="export", help=N_("Export records to other tools' formats."), no_args_is_help=True)

    @export_app.command(
        "csv",
        help=help_text(
            N_("Write records to a spreadsheet (CSV) in the columns `dossier import csv` reads."),
            N_(
                "One row per record: nested fields in dotted columns, lists in one cell (or numbered columns), "
                "objects that cannot be columns as JSON. The sheet is read back first: importing it gives the same "
                "records. A copies column is added where an import recorded copies. Records: the files or "
                "directories given, else the card pool's records of --game."
            ),
        ),
    )
    def export_csv(
        paths: Annotated[
            list[Path] | None,
            typer.Argument(help=N_("Record files or directories (default: the card pool)."), show_default=False),
        ] = None,
        game: Annotated[
            str | None,
            typer.Option(
                "--game", "-g", help=N_("The game: tactics, netrunner, crossfire (default: the records' one)."),
                show_default=False,
            ),
        ] = None,
        kind: Annotated[
            str | None,
            typer.Option(
                "--kind",
                "-k",
                help=N_("The kind of records (card, agent, identity, …; default: card, for crossfire role)."),
                show_default=False,
            ),
        ] = None,
        out: Annotated[
            Path | None,
            typer.Option(
                "--out", "-o", help=N_("The sheet to write (UTF-8 with a byte-order mark); default (or -): stdout."),
                show_default=False,
                **OUTPUT_FILE,
            ),
        ] = None,
        force: Annotated[bool, typer.Option("--force", help=N_("Replace an existing output file."))] = False,
        cards: Annotated[
            list[Path] | None,
            typer.Option(
                "--cards",
                help=pool_help(
                    N_("The card pool to export from when no paths are given (repeatable). Default: {pool}.")
                ),
            ),
        ] = None,
        lang: LangOption = None,
    ) -> None:
        """``dossier export csv`` (its help is given to the decorator)."""
        from toolkit.cli._lang import output_lang
        from toolkit.i18n import trn

        output_lang(lang)
        writes = None if out is None or str(out) == "-" else out
        plan = _export_plan(paths, game, kind, cards, writes)
        if out is None or str(out) == "-":  # `-o -`: standard output, as without --out
            _refuse_problems(plan.write(None))  # read back first: nothing is printed of a sheet that would not
            plan.write(sys.stdout.write)
            return
        _write_sheet(out, plan, force)
        columns = trn("{n} column", "{n} columns", len(plan.columns))
        # TRANSLATORS: {columns} is "{n} columns"
        print(trn("{path}: {n} record in {columns}", "{path}: {n} records in {columns}", plan.rows, path=out,
                  columns=columns))  # fmt: skip

    app.add_typer(export_app, name="export")


def refuse_package(into: Path) -> None:
    """Refuse (one line, exit 2) an import into the installed package: its bundled cards are the package's own
    files (:func:`toolkit.paths.in_package`), as ``fmt`` and ``schema`` refuse to rewrite them."""
    from toolkit.i18n import tr
    from toolkit.paths import in_package

    if in_package(into):
        raise DossierError(
            tr(
                "{option} {path}: the bundled cards are part of the installed package and are not written to; give "
                "a folder of your own: {example}",
                option="--into",
                path=into,
                example="--into my-set",
            )
        )


def tell_new_pool(had_cards: bool) -> None:
    """One warning line when the import just made ``cards/`` in the working directory (``had_cards``: it was not
    a directory before) while nothing names the card pool: the commands run here read that folder from now on, in
    place of the bundled cards (:func:`toolkit.config.card_pool`)."""
    from toolkit.config import LOCAL_CARDS, card_pool, how_to_set
    from toolkit.errors import warning_line
    from toolkit.i18n import tr

    if had_cards or not LOCAL_CARDS.is_dir() or card_pool(None, default=[]).source != "default":
        return
    message = tr(
        "{folder} is new here: the commands run in this folder now read it as the card pool, in place of the "
        "bundled cards ({how})",
        folder=f"{LOCAL_CARDS}/",
        how=how_to_set(),
    )
    print(warning_line(message), file=sys.stderr)


def _read_source(path: Path) -> tuple[str, object]:
    """The text and JSON of one record file; a problem is one line (exit 1 for what was read, 2 for I/O)."""
    from toolkit.i18n import tr
    from toolkit.jsonio import JsonSyntaxError, loads_strict, read_source

    source = read_source(path)
    if source.text is None:
        raise DossierError(tr("{path}: cannot read: {reason}", path=path, reason=source.error))
    try:
        return source.text, loads_strict(source.text)
    except JsonSyntaxError as exc:
        raise DossierError(
            tr("{where}: invalid JSON: {reason}", where=f"{path}:{exc.line}:{exc.column}", reason=exc.message),
            exit_code=1,
        ) from None


def _read_record(path: Path) -> object:
    """The JSON of one record file; a problem is one line (exit 1 for what was read, 2 for I/O)."""
    return _read_source(path)[1]


def _check_record(path: Path, text: str, data: object) -> None:
    """Refuse a record the model refuses, as every command that reads records does (:func:`toolkit.catalog.
    load_catalog`): one line with the file, line and column of the first problem and what is wrong, in the
    current language, and the lint that lists every problem (exit 1). Nothing invalid goes into a sheet."""
    from toolkit.catalog import _invalid_record
    from toolkit.models import ValidationError, parse_record

    try:
        parse_record(data)
    except ValidationError as exc:
        raise DossierError(_invalid_record(path, text, data, exc), exit_code=1) from None


def _export_plan(
    paths: list[Path] | None, game: str | None, kind: str | None, cards: list[Path] | None, out: Path | None = None
) -> SheetPlan:
    """The sheet's columns, learned from the records (:class:`toolkit.importers.sheet_export.SheetPlan`); a
    problem is one line (exit 1 or 2).

    Only each record's id and file are kept: the sheet's passes read the records from their files again, one
    at a time, so that an export of any number of records holds one record (and one row) at a time."""
    from toolkit.catalog import discover
    from toolkit.config import card_pool
    from toolkit.i18n import current_lang, tc, tr
    from toolkit.importers.sheet_export import SheetPlan, art_for_the_sheet, recorded_copies
    from toolkit.jsonio import refuse_input_as_output
    from toolkit.models import GAMES, KIND_DIRS, KINDS
    from toolkit.paths import CARDS_DIR
    from validators.wording import game_word, kind_word

    game = asked = game_option(game)
    known = sorted({k for g, k in KINDS if k != "game" and (game is None or g == game)})
    chosen = kind is not None
    kind = kind or default_kind(game)
    if kind not in known:
        raise DossierError(
            tr("{option} {value}: expected one of {choices}", option="--kind", value=repr(kind), choices=", ".join(known))
        )
    roots = list(paths) if paths else card_pool(cards, default=[CARDS_DIR]).paths
    files = discover(roots)
    if out is not None:  # the sheet may not replace a record it is made from (exit 2)
        refuse_input_as_output(out, [*files, *roots])
        if not out.is_dir() and out.suffix.lower() != ".csv":  # (a directory: told so where the sheet is written)
            # CSV text only: `import csv` refuses a workbook (.xlsx, .ods), and so would Excel a .xlsx of CSV text
            raise DossierError(
                tr("{option} {path}: expected a {suffix} file name", option="--out", path=out, suffix=".csv")
            )
    found: list[tuple[str, Path]] = []  # (id, file) of each record of the kind: the small keys the sheet is sorted by
    games: set[str] = set()
    every: set[str] = set()  # the games of all the records read (a kind not given: the one game's own kind)
    # (game, kind) -> the records of the folders given that go in another sheet: told when --kind is not given (of
    # the game --game gives), as the defaults of a pool's export are not (its many kinds are the help's to tell),
    # and when there is no record to export (of every game: what is there, and how to export it)
    others: dict[tuple[str, str], int] = {}
    for path in files:
        text, data = _read_source(path)
        if isinstance(data, dict) and data.get("kind") == kind and (game is None or data.get("game") == game):
            _check_record(path, text, data)  # (before a sheet is planned: the first invalid record, as lint places it)
            found.append((str(data.get("id")), path))
            games.add(str(data.get("game")))
            continue
        if not chosen and game is None and isinstance(data, dict) and isinstance(data.get("game"), str):
            every.add(data["game"])
        if (
            paths
            and isinstance(data, dict)
            and data.get("kind") != "game"
            and (data.get("game"), data.get("kind")) in KINDS
        ):
            other = (str(data["game"]), str(data["kind"]))
            others[other] = others.get(other, 0) + 1
    where = ", ".join(map(str, roots))
    if not chosen and game is None and not games and len(every) == 1:
        only = next(iter(every))
        if only in GAMES and default_kind(only) != kind:  # (records of crossfire only: its roles)
            return _export_plan(paths, only, None, cards, out)
    if game is None:
        if len(games) > 1:
            named = tc(current_lang(), "list", ", ").join(game_word(g) for g in sorted(games))
            raise DossierError(
                tr("{where}: {kind} records of {games}; give {option}", where=where, kind=kind_word(kind), games=named,
                   option="--game")
            )  # fmt: skip
        if not games:
            raise _no_records(where, kind, None, others)
        game = next(iter(games))
    if not found:
        raise _no_records(where, kind, game, others)
    found.sort(key=lambda item: item[0])
    copies = recorded_copies([p for _id, p in found], KIND_DIRS[kind])

    def records() -> Iterator[dict[str, Any]]:
        for _id, path in found:
            data = _read_record(path)
            if isinstance(data, dict):  # (a file replaced meanwhile by one that is no record is left out)
                # an art cell names its file from the sheet's folder, as the import reads it (stdout: as it is)
                yield data if out is None else art_for_the_sheet(data, path, out.parent)

    plan = SheetPlan(records, game, kind, copies, dict(found))
    _refuse_problems(plan.problems)
    left_out = {key: n for key, n in others.items() if asked is None or key[0] == asked}
    if not chosen and left_out:
        _tell_left_out(left_out)
    return plan


def _tell_left_out(others: dict[tuple[str, str], int]) -> None:
    """One warning line on stderr (the sheet may be on stdout) when ``export csv`` without ``--kind`` left records
    of other kinds or games out: a sheet holds one kind of one game, so it names them and the options that export
    each (a folder of cards and crossfire roles was exported as its cards, saying nothing of the roles)."""
    from toolkit.errors import warning_line
    from toolkit.i18n import tr

    what, how = _other_kinds(others)
    message = tr("left out the records of other kinds ({what}; a sheet holds one kind): export them with {how}",
                 what=what, how=how)  # fmt: skip
    print(warning_line(message), file=sys.stderr)


def _other_kinds(others: dict[tuple[str, str], int]) -> tuple[str, str]:
    """The records of other kinds or games, counted in words (``tactics: 12 agents``), and the options that
    export each (``--game tactics --kind agent``)."""
    from toolkit.i18n import current_lang, tc, tr
    from validators.wording import game_word, kind_count

    sep = tc(current_lang(), "list", ", ")
    by_game: dict[str, list[str]] = {}
    for (game, kind), n in sorted(others.items()):
        by_game.setdefault(game, []).append(kind_count(kind, n))
    what = tr("; ").join(
        tr("{game}: {counts}", game=game_word(game), counts=sep.join(counts)) for game, counts in by_game.items()
    )
    return what, sep.join(f"--game {game} --kind {kind}" for game, kind in sorted(others))


def _no_records(where: str, kind: str, game: str | None, others: dict[tuple[str, str], int]) -> DossierError:
    """``export csv`` found no record of the kind (of the game) in ``where`` (exit 1); when the folders given hold
    records of other kinds, what they hold and the options that export each (docs/reference/printing.md,
    "Re-importing")."""
    from toolkit.i18n import tr
    from validators.wording import game_word, kind_word

    said = {"where": where, "kind": kind_word(kind)}
    if others:
        said["what"], said["how"] = _other_kinds(others)
        if game is None:
            message = tr("{where}: no {kind} records (it holds {what}): export them with {how}", **said)
        else:
            message = tr("no {game} {kind} records in {where} (it holds {what}): export them with {how}",
                         game=game_word(game), **said)  # fmt: skip
    elif game is None:
        message = tr("{where}: no {kind} records", **said)
    else:
        message = tr("no {game} {kind} records in {where}", game=game_word(game), **said)
    return DossierError(message, exit_code=1)


def _refuse_problems(problems: list[str]) -> None:
    """Each record that cannot go into the sheet unchanged, a line on stderr (``dossier: error: …``, as every
    error is told), then the error (exit 1)."""
    from toolkit.cli.app import error_line
    from toolkit.i18n import trn

    if not problems:
        return
    for problem in problems:
        print(error_line(problem), file=sys.stderr)
    raise DossierError(trn("{n} record cannot go into a sheet unchanged; nothing written",
                           "{n} records cannot go into a sheet unchanged; nothing written", len(problems)),
                       exit_code=1)  # fmt: skip


def _write_sheet(out: Path, plan: SheetPlan, force: bool) -> None:
    """Write the sheet atomically, a row at a time as it is made, each read back as it is written; an existing
    file is replaced only with ``--force``, and a row that would not read back leaves it as it was."""
    from toolkit.errors import os_reason
    from toolkit.i18n import tr
    from toolkit.safewrite import check_output_file, encode_text, write_stream

    check_output_file(out, force)
    try:
        with write_stream(out) as sheet:
            sheet.write("\ufeff".encode())  # Excel reads a byte-order mark as "CSV UTF-8"
            _refuse_problems(plan.write(lambda text: sheet.write(encode_text(out, text))))
    except OSError as exc:
        if isinstance(exc, DossierError):
            raise
        raise DossierError(tr("{path}: cannot write: {reason}", path=out, reason=os_reason(exc))) from None
