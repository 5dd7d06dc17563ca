"""`dossier print` (card sheets: PDF, PNG, Tabletop Simulator) and `dossier fonts` (the bundled CJK subset)."""

from __future__ import annotations

import contextlib
import difflib
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer

from toolkit.cli._help import help_text
from toolkit.cli._lang import LangOption, lang_help
from toolkit.cli._options import OUTPUT_FILE, CardsOption, finite, not_empty
from toolkit.errors import DossierError, os_reason, warning_line
from toolkit.findings import Finding, finding_line
from toolkit.i18n import N_, current_lang, tc, tr, trn
from toolkit.paths import CARDS_DIR

FONT_NAME = "Dossier Sans SC"

HELP = help_text(
    N_("Print cards: PDF sheets with crop marks and duplex backs, PNG per card, Tabletop Simulator sheets."),
    N_(
        "Choose the cards by id (game/id, or a name in either language), with --deck FILE (a deck prints each card "
        "as often as it appears), or with --game G (every card of a game; --query Q narrows the choice with the "
        "search language, in the database `dossier search` reads: --db, else $DOSSIER_DB, else ./dossier.db, else "
        "one of the card pool in the user's cache, built when missing or stale). --calibrate prints a duplex "
        "alignment page instead."
    ),
    N_(
        "Exit 0 when written; 1 when a card's text does not fit even at 6 pt or the font lacks a character "
        "(nothing is written unless --force), or when a card file or a deck was read and has a problem (invalid "
        "JSON, an invalid record, a deck's card the pool lacks); 2 for bad options or templates and for files "
        "that cannot be read or written."
    ),
)


@dataclass
class Selection:
    records: list[Any]
    catalog: Any
    lang: str | None = None  # --deck: the language to print in, as a command that reads decks chooses it
    deck: Any = None  # --deck: the deck read (its name titles the TTS object, its game's setup lays it out)


def register(app: typer.Typer) -> None:
    app.command("print", help=HELP, no_args_is_help=True)(print_cards)
    fonts_app = typer.Typer(
        help=N_(
            "Dossier Sans SC, the print font (a subset of Noto Sans CJK SC and Noto Sans): check the card data "
            "against it, or build your own with every character of your card pool."
        )
    )
    fonts_app.command(
        "check",
        help=N_(
            "Exit 1 if a character that printing draws (the card data in Chinese and English) is in no font: neither "
            "Dossier Sans SC (the bundled subset, or your `dossier fonts build`) nor an installed font that printing "
            "would fall back to."
        ),
    )(fonts_check)
    fonts_app.command(
        "build",
        help=N_(
            "Build Dossier Sans SC with every character that printing draws from your card pool (the card data in "
            "Chinese and English) into ~/.cache/dossier/fonts ($XDG_CACHE_HOME/dossier/fonts); printing prefers that "
            "build to the bundled subset."
        ),
    )(fonts_build)
    app.add_typer(fonts_app, name="fonts")


def print_cards(
    ctx: typer.Context,
    ids: Annotated[
        list[str] | None, typer.Argument(help=N_("Cards to print: id, game/id or name."), show_default=False)
    ] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help=N_("PDF file to write."), **OUTPUT_FILE)] = None,
    deck: Annotated[Path | None, typer.Option("--deck", help=N_("Print a deck file (.json, .txt, .o8d)."))] = None,
    game: Annotated[
        str | None, typer.Option("--game", "-g", help=N_("Every card of this game (or where ids are looked up)."))
    ] = None,
    query: Annotated[
        str | None,
        typer.Option("--query", "-q", help=N_("Only cards matching this search (needs --game or searches all games).")),
    ] = None,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help=N_(
                "Database for --query: a file path or an SQLAlchemy URL. Default: $DOSSIER_DB, else dossier.db in the "
                "working directory, else one of the card pool in the user's cache, built when missing or stale (as "
                "`dossier search`)."
            ),
            callback=not_empty,
        ),
    ] = None,
    card: Annotated[
        str, typer.Option("--card", help=N_("poker (63×88), bridge (57×89), mini (44×67), tarot (70×120) or WxH in mm."))
    ] = "poker",
    page: Annotated[str, typer.Option("--page", help=N_("a4 or letter."))] = "a4",
    bleed: Annotated[float, typer.Option("--bleed", callback=finite, help=N_("Bleed around each card, 0-3 mm."))] = 0.0,
    gutter: Annotated[
        float | None,
        typer.Option("--gutter", callback=finite, help=N_("Space between cards in mm (default: twice the bleed).")),
    ] = None,
    grid: Annotated[
        str | None, typer.Option("--grid", help=N_("Cards per page as COLUMNSxROWS (default: as many as fit)."))
    ] = None,
    crop_marks: Annotated[
        bool, typer.Option("--crop-marks/--no-crop-marks", help=N_("Crop marks on the trim lines."))
    ] = True,
    backs: Annotated[
        str, typer.Option("--backs", help=N_("none, long-edge or short-edge (duplex: a back page after each front page)."))
    ] = "none",
    back_dx: Annotated[
        float,
        typer.Option("--back-dx", callback=finite, help=N_("Move backs right by this many mm (read it off --calibrate).")),
    ] = 0.0,
    back_dy: Annotated[
        float,
        typer.Option("--back-dy", callback=finite, help=N_("Move backs up by this many mm (read it off --calibrate).")),
    ] = 0.0,
    calibrate: Annotated[
        bool, typer.Option("--calibrate", help=N_("Print the duplex alignment test page instead of cards."))
    ] = False,
    png: Annotated[
        Path | None,
        typer.Option(
            "--png",
            help=N_(
                "Also write one 300 dpi PNG per card (and per back) into DIR (made if the folder it is in exists)."
            ),
        ),
    ] = None,
    tts: Annotated[
        Path | None,
        typer.Option(
            "--tts",
            help=N_(
                "Also write Tabletop Simulator deck sheets FILE.png (and FILE-back.png) and a saved object "
                "FILE.json that loads them as a deck (its folder must exist)."
            ),
            **OUTPUT_FILE,
        ),
    ] = None,
    tts_url_base: Annotated[
        str | None,
        typer.Option(
            "--tts-url-base",
            help=N_("URL the --tts images will be uploaded under; FILE.json points there instead of file:///."),
            show_default=False,
        ),
    ] = None,
    font: Annotated[
        Path | None,
        typer.Option(
            "--font",
            help=N_(
                "Use this TTF/TTC/OTF font instead of the bundled one (in a .ttc collection, the Simplified "
                "Chinese face, chosen by name); characters it lacks print in Dossier Sans SC or an installed font."
            ),
        ),
    ] = None,
    font_index: Annotated[
        int | None,
        typer.Option("--font-index", help=N_("Face of a font collection (.ttc) to use."), show_default=False),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help=N_("Write even when text overflows or glyphs are missing."))
    ] = False,
    cards: CardsOption = None,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help=lang_help(
                N_(
                    "Language of every word on the cards: {langs} (names, labels, backs, ability text; a name "
                    "without it stays in the other). Default: DOSSIER_LANG, else lang = ... in dossier.toml or the "
                    "user config, else the system's locale (LANG), else, with --deck, the deck's own language (the "
                    "one its card names are written in), else zh-Hans."
                )
            ),
            show_default=False,
        ),
    ] = None,
    bilingual: Annotated[
        bool,
        typer.Option("--bilingual", help=N_("Print each card's name in the other language too, under its title.")),
    ] = False,
    template: Annotated[
        Path | None,
        typer.Option(
            "--template",
            help=N_(
                "Folder of layout templates named like the bundled ones (tactics/card.json, "
                "netrunner/back-corp.json, …): each replaces its default, the others stay."
            ),
            show_default=False,
        ),
    ] = None,
    check: Annotated[
        bool,
        typer.Option(
            "--check",
            help=N_(
                "Check the templates (those of --template, else the bundled ones) instead of printing: overlapping "
                "boxes, text or icons outside the safe margin, art that can cover the name, missing or "
                "low-resolution images. Exit 1 when a finding is an error."
            ),
        ),
    ] = False,
    min_dpi: Annotated[
        float,
        typer.Option(
            "--min-dpi",
            callback=finite,
            help=N_("Warn about card art and template images printed at fewer pixels per inch than this."),
        ),
    ] = 200.0,
) -> None:
    from toolkit.config import output_lang
    from toolkit.sheets import geometry

    language = output_lang(lang)
    if min_dpi <= 0 or min_dpi > 2400:
        raise DossierError(tr("--min-dpi {dpi}: expected a number of pixels per inch from 1 to 2400", dpi=min_dpi))
    if check:
        _refuse_idle_options(ctx, ids, check, calibrate, out, backs)
        _check_templates(template, min_dpi)
        return

    spec = geometry.SheetSpec(
        card=geometry.parse_card_size(card),
        page=geometry.parse_page_size(page),
        bleed=bleed,
        gutter=gutter,
        crop_marks=crop_marks,
        duplex=_duplex(backs),
        back_dx=back_dx,
        back_dy=back_dy,
        grid=geometry.parse_grid(grid) if grid else None,
    ).validated()
    _refuse_idle_options(ctx, ids, check, calibrate, out, backs)
    if font_index is not None and font_index < 0:
        raise DossierError(tr("--font-index {index}: a face number is 0 or more", index=font_index))
    if tts_url_base is not None and tts is None:
        raise DossierError(tr("--tts-url-base applies to {tts} only", tts="--tts FILE.png"))
    if calibrate:
        _calibrate(spec, out, ids, deck, game, query, png, tts, font, font_index, language)
        return
    if out is None and png is None and tts is None:
        raise DossierError(
            tr(
                "nothing to write: give {out}, {png} or {tts}",
                out="--out FILE.pdf",
                png="--png DIR",
                tts="--tts FILE.png",
            )
        )
    if png is not None:
        _check_png_dir(png)
    _check_outputs(out, tts, deck, png)
    # every output's folder can be written into before anything is drawn or written (a PDF is not written
    # and then the PNGs refused)
    for option, shown, folder in (("--out", out, None), ("--png", png, png), ("--tts", tts, None)):
        if shown is not None:
            _check_writable(option, shown, folder if folder is not None else shown.parent)
    from toolkit.sheets.template import load_templates

    templates = load_templates(template)
    if template is not None:  # the designer's templates: their findings as warnings, printing goes on
        _template_warnings(templates, min_dpi)
    _check_tts_object(tts, deck, tts_url_base)
    selection = _select(ids, deck, game, query, db, cards, lang)
    records = selection.records
    if selection.lang is not None:  # a deck prints in its own language where nothing else chose one
        language = selection.lang
    if template is not None:  # their words this print's language lacks (known once a deck has chosen it)
        _template_warnings(templates, min_dpi, language)
    # every file the command would write is checked before any is written: no two outputs share a name (a
    # card's PNG is not replaced by the TTS sheet a moment later), and none is a file of the user's
    png_names, tts_files = (_png_names(records) if png is not None else []), _tts_planned(tts, records)
    _check_distinct(out, png, png_names, tts, tts_files)
    if png is not None:
        _check_pngs(png, png_names)
    if tts is not None:  # the sheets (FILE.json is checked as a saved object above)
        _check_pngs(tts.parent, [p.name for p in tts_files if p.suffix == tts.suffix])
    _check_art_inside(records, selection.catalog, force)
    fonts = _fonts(font, font_index, records, selection.catalog, language, bilingual)
    _note_untranslated_names(records, language)
    layout = geometry.plan(spec)
    for warning in layout.warnings:
        _warn(warning)
    from toolkit.cli.progress import Phases
    from toolkit.safewrite import PDF
    from toolkit.sheets import render

    with Phases() as meter:
        # what every drawing of this run shares: the language, the templates, the progress meter, the subtitles
        drawing: dict[str, Any] = {
            "lang": language,
            "templates": templates,
            "meter": meter,
            "bilingual": bilingual,
            "min_dpi": min_dpi,
        }
        sheet = render.render_sheets(records, spec, fonts, selection.catalog, **drawing) if out is not None else None
        issues = list(sheet.issues) if sheet is not None else []
        singles = None
        if png is not None:
            distinct = list({(r.game, r.id): r for r in records}.values())
            singles = render.render_cards(distinct, spec, fonts, selection.catalog, backs=True, faces=True, **drawing)
            issues += [i for i in singles.issues if i not in issues]
        tts_result = None
        if tts is not None:
            tts_result = render.render_tts(records, spec, fonts, selection.catalog, **drawing)
            issues += [i for i in tts_result[2] if i not in issues]
    errors = _report(issues, selection.catalog, force)
    if errors and not force:
        raise DossierError(
            trn(
                "{n} card cannot be printed as it is (see above); nothing written. {advice}, or add --force "
                "to print anyway",
                "{n} cards cannot be printed as they are (see above); nothing written. {advice}, or add --force "
                "to print anyway",
                errors,
                advice=_advice(issues),
            ),
            exit_code=1,
        )
    # every file is staged first and placed once all are written (a full disk while the PNGs are written leaves
    # no PDF behind, nor a new one over the old), then said, in the order of the options
    from toolkit.safewrite import Batch

    batch, said, pngs = Batch(), [], None
    try:
        if sheet is not None and out is not None:
            batch.add(out, sheet.pdf, replaces=PDF)  # an existing file that is no PDF is kept
            said.append(_pdf_summary(out, records, sheet, spec, layout, language))
        if tts_result is not None and tts is not None:
            images, lines = _write_tts(tts, tts_result, batch)
            said += lines
            said.append(_write_tts_object(tts, tts_result, images, records, language, tts_url_base,
                                          selection.catalog, batch, selection.deck))  # fmt: skip
        if singles is not None and png is not None:
            pngs = _write_pngs(png, singles, records, spec)
            said.insert(1 if out is not None else 0, pngs.summary)
            pngs.place()
        batch.commit()
    except BaseException:
        batch.discard()
        if pngs is not None:
            pngs.discard()
        raise
    for line in said:
        print(line)


def _pdf_summary(out: Path, records: list[Any], sheet: Any, spec: Any, layout: Any, language: str) -> str:
    fields = {
        "out": out,
        "cards": trn("{n} card", "{n} cards", len(records)),
        "pages": trn("{n} page", "{n} pages", sheet.pages),
        "card": spec.card.label(language),
        "page": spec.page.label(language),
        "grid": f"{layout.columns}×{layout.rows}",
    }
    # the other faces of flip identities: on their card's back (duplex), else each a card of its own
    faces: list[str] = []
    if sheet.faces_backed:
        faces.append(
            trn("{n} back face on its card's back", "{n} back faces on their cards' backs", sheet.faces_backed)
        )
    if sheet.faces_apart:
        faces.append(trn("{n} back face as a card of its own, after its front",
                         "{n} back faces as cards of their own, each after its front", sheet.faces_apart))  # fmt: skip
    if faces:
        fields["faces"] = tc(current_lang(), "list", ", ").join(faces)
    if spec.duplex == "none":
        if faces:
            return tr("{out}: {cards} on {pages}, {card} on {page}, {grid} per page, {faces}", **fields)
        return tr("{out}: {cards} on {pages}, {card} on {page}, {grid} per page", **fields)
    from toolkit.sheets import labels

    fields["backs"] = tr("backs: {duplex}", duplex=labels.say(language, labels.DUPLEX_WORDS[spec.duplex]))
    if faces:
        return tr("{out}: {cards} on {pages}, {card} on {page}, {grid} per page, {backs}, {faces}", **fields)
    return tr("{out}: {cards} on {pages}, {card} on {page}, {grid} per page, {backs}", **fields)


# the options of `dossier print` by parameter, as they are written (--check reads --template, --min-dpi and --lang)
_OPTIONS = {
    "out": "--out", "deck": "--deck", "game": "--game", "query": "--query", "db": "--db", "card": "--card",
    "page": "--page", "bleed": "--bleed", "gutter": "--gutter", "grid": "--grid", "crop_marks": "--crop-marks",
    "backs": "--backs", "back_dx": "--back-dx", "back_dy": "--back-dy", "calibrate": "--calibrate", "png": "--png",
    "tts": "--tts", "tts_url_base": "--tts-url-base", "font": "--font", "font_index": "--font-index",
    "force": "--force", "cards": "--cards", "bilingual": "--bilingual",
}  # fmt: skip


# the options of `dossier print` that change nothing on the --calibrate page, which draws no card (it takes the
# layout's options, --crop-marks included, --backs, --back-dx / --back-dy, --font, --font-index and --lang; card
# ids, --deck, --game, --query, --png and --tts are refused by _calibrate)
_CALIBRATE_IDLE = {
    "template": "--template", "min_dpi": "--min-dpi", "bilingual": "--bilingual", "force": "--force",
    "cards": "--cards", "db": "--db",
}  # fmt: skip


def _given(ctx: typer.Context, name: str) -> bool:
    """The option ``name`` was given on the command line (not left at its default)."""
    source = ctx.get_parameter_source(name)
    return source is not None and getattr(source, "name", "DEFAULT") not in ("DEFAULT", "DEFAULT_MAP")


def _refuse_idle_options(
    ctx: typer.Context, ids: list[str] | None, check: bool, calibrate: bool, out: Path | None, backs: str
) -> None:
    """Refuse (one line, exit 2) an option this run would ignore, as --font-index without --font is refused: any
    but --template, --min-dpi and --lang with --check (and cards to print), --back-dx / --back-dy without backs
    printed, --backs without a PDF, and --calibrate with an explicit --backs none (the page is for duplex) or with
    an option that would change nothing on its page (:data:`_CALIBRATE_IDLE`)."""
    if check:
        given = [*(ids or ())][:1] + [option for name, option in _OPTIONS.items() if _given(ctx, name)]
        if given:
            raise DossierError(
                tr("--check checks the templates only ({template}, else the bundled ones); leave out {options}",
                   template="--template", options=tr(", ").join(given))
            )  # fmt: skip
        return
    duplex = backs.strip().lower()
    if calibrate:
        if _given(ctx, "backs") and duplex == "none":
            raise DossierError(
                tr("--calibrate {option}: the alignment page is for duplex printing; give {long} or {short}, or leave "
                   "{backs} out (the long edge)", option="--backs none", long="--backs long-edge",
                   short="--backs short-edge", backs="--backs")
            )  # fmt: skip
        idle = [option for name, option in _CALIBRATE_IDLE.items() if _given(ctx, name)]
        if idle:
            options = tr(", ").join(idle)
            raise DossierError(
                tr("--calibrate: {options} would change nothing on the alignment page; leave {options} out",
                   options=options)
            )  # fmt: skip
        return
    if duplex == "none":
        moved = [option for name, option in (("back_dx", "--back-dx"), ("back_dy", "--back-dy")) if _given(ctx, name)]
        if moved:
            raise DossierError(
                tr("{options}: no backs are printed without {backs}; give it, or leave {options} out",
                   options=" / ".join(moved), backs="--backs long-edge/short-edge")
            )  # fmt: skip
    elif out is None:
        raise DossierError(
            tr("--backs {value} prints the backs of {out} only (--png and --tts write theirs apart); leave it out, "
               "or give {out}", value=backs, out="--out FILE.pdf")
        )  # fmt: skip


def _check_art_inside(records: list[Any], catalog: Any, force: bool) -> None:
    """Refuse (one line, exit 1) to print a card whose art leads out of its card folder (or is an absolute path:
    :func:`toolkit.sheets.art.resolve`, in the card folders being read); with ``force`` it prints, a grey box in
    place of that art and a warning (``sheet.art.outside``), as for missing art."""
    if force:
        return
    from toolkit.errors import and_more
    from toolkit.sheets import art
    from toolkit.sheets.layouts import Issue

    refused: dict[tuple[str, str, str], str] = {}
    for record in records:
        value = getattr(record, "art", None)
        key = (record.game, record.kind, record.id)
        if not value or key in refused:
            continue
        file_of = getattr(catalog, "file_of", None)
        path = art.resolve(value, file_of(record) if file_of is not None else None)
        if isinstance(path, art.RefusedPath) and path.problem is not None:
            label = Issue("sheet.art.outside", "error", *key, "").label
            refused[key] = tr("{card}: art {art}: {problem}", card=label, art=repr(value), problem=path.problem.message)
    if refused:
        first, *rest = refused.values()
        problem = and_more(first, len(rest)) if rest else first
        raise DossierError(
            tr("{problem}; nothing written (add {force} to print a grey box in its place)", problem=problem,
               force="--force"),
            exit_code=1,
        )  # fmt: skip


def _duplex(value: str) -> Any:
    from toolkit.sheets.geometry import DUPLEX_MODES

    key = value.strip().lower()
    if key not in DUPLEX_MODES:
        choices = tr(", ").join(DUPLEX_MODES)
        raise DossierError(tr("--backs {value}: expected one of {choices}", value=repr(value), choices=choices))
    return key


def _check_outputs(out: Path | None, tts: Path | None, deck: Path | None, png: Path | None = None) -> None:
    """``--out`` and ``--tts``: a file name of theirs in a folder that exists (or, for ``--tts``, in the folder of
    ``--png DIR`` the run makes: :func:`_check_png_dir` has checked it)."""
    made = os.path.abspath(png) if png is not None else None
    for option, path, suffix in (("--out", out, ".pdf"), ("--tts", tts, ".png")):
        if path is None:
            continue
        if path.suffix.lower() != suffix:
            raise DossierError(
                tr("{option} {path}: expected a {suffix} file name", option=option, path=path, suffix=suffix)
            )
        if path.is_dir():
            raise DossierError(tr("{option} {path}: is a directory", option=option, path=path))
        # a file where a folder is named: said so (as `simulate --replay` says it), not that the folder is missing
        blocker = next((p for p in (path.parent, *path.parent.parents) if p.exists()), None)
        if blocker is not None and not blocker.is_dir():
            raise DossierError(
                tr("{option} {path}: {blocker} is not a directory", option=option, path=path, blocker=blocker)
            )
        in_made = option == "--tts" and made is not None and os.path.abspath(path.parent) == made
        if not path.parent.is_dir() and str(path.parent) and not in_made:  # (a typo is not made into folders)
            raise DossierError(
                tr(
                    "{option} {path}: directory {directory} does not exist",
                    option=option,
                    path=path,
                    directory=path.parent,
                )
            )
        if option == "--tts":  # its sheets are checked with the PNG files (_check_pngs)
            continue
        if deck is not None and path.resolve() == deck.resolve():
            raise DossierError(
                tr("{option} {path}: that is the deck file; choose another name", option=option, path=path)
            )
        from toolkit.safewrite import PDF, check_replaceable, check_target

        check_target(path)  # a file of the user's is refused now, before any other output is written
        check_replaceable(path, PDF)


def _check_writable(option: str, path: Path, directory: Path) -> None:
    """``directory`` (or, when it is not made yet, the nearest folder above it, where it will be made) takes new
    files: a read-only folder or file system is refused before any output is written."""
    from toolkit.safewrite import cannot_write

    existing = next((p for p in (directory, *directory.parents) if p.exists()), None)
    if existing is None or not existing.is_dir():  # nothing there yet, or a file in the way: refused elsewhere
        return
    exc = cannot_write(existing)
    if exc is not None:
        raise DossierError(
            tr("{option} {path}: cannot write into {directory}: {reason}", option=option, path=path,
               directory=existing, reason=os_reason(exc)),
        ) from None  # fmt: skip


def _png_names(records: list[Any]) -> list[str]:
    """The files ``--png DIR`` writes: one per card (each followed by one per other face of it, a flip identity's
    back: :func:`toolkit.sheets.render.card_file_stems`), then one per distinct back."""
    from toolkit.sheets import render

    distinct = list({(r.game, r.id): r for r in records}.values())
    names = [f"{stem}.png" for r in distinct for stem in render.card_file_stems(r)]
    return names + [f"{render.back_file_stem(r)}.png" for r in render.distinct_backs(distinct)]


def _check_png_dir(directory: Path) -> None:
    """``--png DIR``: a directory, or none yet in a directory that exists (DIR, the folder of PNGs that is the
    output, is made when the images are written; a missing folder above it is refused as every output's is)."""
    if directory.exists() and not directory.is_dir():
        raise DossierError(tr("--png {directory}: not a directory", directory=directory))
    blocker = next((p for p in directory.parents if p.exists()), None)
    if not directory.exists() and blocker is not None and not blocker.is_dir():
        raise DossierError(tr("--png {directory}: cannot create directory: {reason}", directory=directory,
                              reason=tr("{path} is not a directory", path=blocker)))  # fmt: skip
    if not directory.exists() and not directory.parent.is_dir():
        raise DossierError(tr("{option} {path}: directory {directory} does not exist", option="--png", path=directory,
                              directory=directory.parent))  # fmt: skip


def _check_pngs(directory: Path, names: list[str]) -> None:
    """Before anything is written: no file of the user's is in the way of the PNG files ``names`` in ``directory``
    (``--png DIR``, or the folder of ``--tts FILE.png``); a directory not made yet holds none."""
    from toolkit.safewrite import DOSSIER_PNG, check_replaceable, check_target

    if not directory.is_dir():
        return
    for name in names:
        check_target(directory / name)
        check_replaceable(directory / name, DOSSIER_PNG)  # an image of the user's (card art) is kept


def _check_templates(template: Path | None, min_dpi: float) -> None:
    """``dossier print --check``: the findings of the templates (every problem of each file that is no template:
    :func:`toolkit.sheets.template.load_templates`; of the others validators/template_lint.py, and what their words
    miss: :func:`toolkit.sheets.template.text_findings`, in every language), lint-style, file by file."""
    from toolkit.sheets.template import default_templates, load_templates, text_findings
    from validators.template_lint import lint_templates

    broken: list[Finding] = []  # (each such file's template is the bundled one meanwhile: not in paths)
    templates = load_templates(template, broken)
    bundled = set(default_templates().sources.values())
    paths = [p for p in templates.sources.values() if template is None or p not in bundled]
    found = lint_templates(templates, paths, min_dpi=min_dpi) + text_findings(templates, paths)
    findings = sorted(broken + found, key=lambda f: _file_order(f.file))  # (a stable sort: each file's in order)
    for finding in findings:
        print(finding_line(finding))
    errors = sum(1 for f in findings if f.severity == "error")
    warnings = len(findings) - errors
    print(
        tr(
            "{files}: {errors}, {warnings}",
            files=trn("{n} template", "{n} templates", len(paths) + len({f.file for f in broken})),
            errors=trn("{n} error", "{n} errors", errors),
            warnings=trn("{n} warning", "{n} warnings", warnings),
        )
    )
    if errors:
        raise typer.Exit(1)


def _template_warnings(templates: Any, min_dpi: float, lang: str | None = None) -> None:
    """The findings of the templates a print reads from --template, each a warning (printing goes on: an image
    that cannot be used is left out, a field no record has prints nothing); with ``lang``, only the messages the
    catalog of the print's language lacks (they print in English)."""
    from dataclasses import replace

    from toolkit.sheets.template import default_templates, text_findings
    from validators.template_lint import lint_templates

    bundled = set(default_templates().sources.values())
    paths = [p for p in templates.sources.values() if p not in bundled]
    if lang is None:
        found = lint_templates(templates, paths, min_dpi=min_dpi) + text_findings(templates, paths, langs=())
    else:
        found = text_findings(templates, paths, langs=(lang,))
        found = [f for f in found if f.code == "template.text.untranslated"]
    for finding in _in_order(templates, found):
        print(finding_line(replace(finding, severity="warning")), file=sys.stderr)


def _in_order(templates: Any, findings: list[Finding]) -> list[Finding]:
    """``findings`` file by file, in the order of the templates (each file's in the order they were found)."""
    order = {str(path): index for index, (_, path) in enumerate(sorted(templates.sources.items()))}
    return sorted(findings, key=lambda f: order.get(f.file or "", len(order)))


def _file_order(file: str | None) -> tuple[str, str]:
    """Where the findings of a template file go among those of the others: by game, then name (as
    :func:`_in_order` orders the templates in use; a file that is none has its place among them too)."""
    path = Path(file or "")
    return path.parent.name, path.stem


def _check_tts_object(tts: Path | None, deck: Path | None, url_base: str | None) -> None:
    """FILE.json beside --tts FILE.png is ours to replace only when absent or a TTS saved object."""
    if tts is None:
        return
    from toolkit.sheets.tts import is_saved_object, split_url_base, url_base_problem

    if url_base is not None and split_url_base(url_base) is None:
        raise DossierError(
            tr(
                "--tts-url-base {url}: expected a URL that starts with {http}, {https} or {file}, such as {example}",
                url=repr(url_base),
                http="http://",
                https="https://",
                file="file://",
                example="https://example.org/decks",
            )
        )
    problem = url_base_problem(url_base) if url_base is not None else None
    if problem is not None:
        raise DossierError(tr("--tts-url-base {url}: {problem}", url=repr(url_base), problem=problem))
    target = tts.with_suffix(".json")
    if deck is not None and target.resolve() == deck.resolve():
        raise DossierError(
            tr("--tts {tts}: would write {target}, the deck file; choose another name", tts=tts, target=target)
        )
    if target.is_dir():
        raise DossierError(tr("--tts {tts}: {target} is a directory", tts=tts, target=target))
    if target.exists():
        from toolkit.jsonio import read_regular

        try:
            text = read_regular(target, 64 * 2**20).decode("utf-8")  # a FIFO is not waited on
        except (OSError, UnicodeDecodeError):
            text = ""
        if not is_saved_object(text):
            raise DossierError(
                tr(
                    "--tts {tts}: {target} exists and is not a {program} saved object; not replacing it",
                    tts=tts,
                    target=target,
                    program="Tabletop Simulator",
                )
            )


def _calibrate(
    spec: Any,
    out: Path | None,
    ids: list[str] | None,
    deck: Path | None,
    game: str | None,
    query: str | None,
    png: Path | None,
    tts: Path | None,
    font: Path | None,
    font_index: int | None,
    lang: str,
) -> None:
    if ids or deck or game or query:
        raise DossierError(
            tr("--calibrate prints only the alignment page; leave out card ids, --deck, --game and --query")
        )
    if png is not None or tts is not None:
        raise DossierError(tr("--calibrate writes a PDF only; leave out --png and --tts"))
    if out is None:
        raise DossierError(tr("--calibrate needs {out}", out="--out FILE.pdf"))
    _check_outputs(out, None, None)
    from toolkit.jsonio import atomic_write_bytes
    from toolkit.safewrite import PDF
    from toolkit.sheets import render

    fonts = _fonts(font, font_index, [], None)
    sheet = render.render_calibration(spec, fonts, lang=lang)
    atomic_write_bytes(out, sheet.pdf, replaces=PDF)
    from toolkit.sheets import labels

    # the flip in the words of the page and of a print's summary; without --backs the page is for the long edge
    duplex = labels.say(lang, labels.DUPLEX_WORDS[sheet.layout.spec.duplex])
    if spec.duplex == "none":
        duplex = tr(
            "{duplex}, as {option} is not given; for the short edge give {other}",
            duplex=duplex,
            option="--backs",
            other="--backs short-edge",
        )
    if sheet.pages > 2:  # the card outline on a page of its own (no room for it on the front)
        print(
            tr(
                "{out}: alignment test, 3 pages: front and back ({duplex}), then the card outline on the third page. "
                "Print it duplex at 100 %, hold the first sheet to the light, and add the readings of the back scales "
                "to --back-dx / --back-dy",
                out=out,
                duplex=duplex,
            )
        )
        return
    print(
        tr(
            "{out}: alignment test page, front and back ({duplex}). Print it duplex at 100 %, hold it to the light, "
            "and add the readings of the back scales to --back-dx / --back-dy",
            out=out,
            duplex=duplex,
        )
    )


def _pool(cards: list[Path] | None) -> list[Path]:
    from toolkit.config import card_pool

    return card_pool(cards, default=[CARDS_DIR]).paths


def _load(cards: list[Path] | None) -> tuple[Any, Any]:
    """The card pool's records (what is printed: ``--game``, ids and ``--query`` choose among them), and the records
    they are drawn among: a game with neither its game record nor modes in the pool (a designer's set folder alone,
    ``--cards my-set``) is read among the pool every command plays it among (:func:`toolkit.config.among_pool`, as
    ``print --deck`` and the deck commands read it), so its cards print the pool's backs and terms, and name its
    agents and factions; a record of the set stands for the pool's of the same id. A game still without its game
    record (a folder with modes of its own) gets the bundled one: the backs and terms its cards print."""
    from toolkit.catalog import load_catalog
    from toolkit.config import among_pool, card_pool

    pool = card_pool(cards, default=[CARDS_DIR])
    own = load_catalog(pool.paths)
    catalog = among_pool(pool, own, [CARDS_DIR])[1]
    games = {r.game for r in catalog.records}
    for game in sorted(games - {r.game for r in catalog.records if r.kind == "game"}):
        bundled = CARDS_DIR / game / "game.json"
        if bundled.is_file():
            for record in load_catalog([bundled]).records:
                catalog.add(record, bundled)
    return own, catalog


def _select(
    ids: list[str] | None,
    deck: Path | None,
    game: str | None,
    query: str | None,
    db: str | None,
    cards: list[Path] | None,
    lang: str | None = None,
) -> Selection:
    from toolkit.models import GAMES
    from toolkit.sheets.layouts import is_printable

    if deck is not None and (ids or game or query):
        raise DossierError(tr("--deck prints the deck's cards; leave out card ids, --game and --query"))
    if ids and query:
        raise DossierError(tr("--query selects cards itself; leave out card ids"))
    if not (ids or deck or game or query):
        raise DossierError(
            tr(
                "nothing to print: give card ids, {deck}, {game} (and {query}) or --calibrate",
                deck="--deck FILE",
                game="--game GAME",
                query="--query Q",
            )
        )
    if game is not None:  # its id, or its name in either language (特工战术, Android: Netrunner)
        from toolkit.cli.simulate import game_choices, named_game

        named = named_game(game)
        if named not in GAMES:
            raise DossierError(tr("--game {game}: expected one of {choices}", game=repr(game),
                                  choices=game_choices(GAMES)))  # fmt: skip
        game = named
    own, catalog = _load(cards)
    if cards and not own.records:  # a --cards folder of no card record: said so, not that no card has that id
        from toolkit.cli.search import no_card_records

        raise no_card_records(cards)
    if deck is not None:
        return _deck_records(deck, catalog, lang, cards)
    if ids:
        return Selection([_find(own, ref, game) for ref in ids], catalog)
    if query is not None:
        return Selection(_query_records(own, query, game, db, cards), catalog)
    records = [r for r in own.records if r.game == game and is_printable(r)]
    if not records:
        raise DossierError(
            tr("--game {game}: no printable cards in {pool}", game=game, pool=tr(", ").join(map(str, _pool(cards))))
        )
    return Selection(sorted(records, key=_order), catalog)


KIND_ORDER = {"identity": 0, "agent": 1, "role": 2, "card": 3, "unit": 4}


def _order(record: Any) -> tuple[Any, ...]:
    return (record.game, KIND_ORDER.get(record.kind, 9), record.id)


def _quoted(text: str, limit: int = 60) -> str:
    """``text`` quoted for a message, cut short past ``limit`` characters (a pasted novel stays one short line)."""
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


def _find(catalog: Any, ref: str, game: str | None) -> Any:
    """A printable record by ``game/id``, ``id`` or name (either language)."""
    from toolkit.decks import NameIndex
    from toolkit.sheets.layouts import is_printable

    wanted_game = game
    key = ref
    if "/" in ref:
        wanted_game, key = ref.split("/", 1)
        if game is not None and wanted_game != game:
            raise DossierError(
                tr("{ref}: a card of {named}, but {option} says {game}; drop one of them",
                   ref=_quoted(ref), named=wanted_game, option="--game", game=game)
            )  # fmt: skip
    matches = [r for r in NameIndex(catalog.records).find(key, wanted_game) if is_printable(r)]
    if not matches:
        # the printable cards closest to it, in the form it was written (the error path only)
        hints = _near(catalog.records, key, wanted_game)
        hint = tr("; did you mean {ids}?", ids=tr(", ").join(repr(h) for h in hints)) if hints else ""
        if wanted_game:
            from toolkit.i18n import current_lang, word

            game_name = word("game", wanted_game, current_lang())  # as the deck commands name a game
            raise DossierError(
                tr("{ref}: no printable card with that id or name in {game}", ref=_quoted(ref), game=game_name) + hint
            )
        raise DossierError(tr("{ref}: no printable card with that id or name", ref=_quoted(ref)) + hint)
    if len(matches) > 1:
        choices = tr(", ").join(f"{r.game}/{r.id}" for r in matches)
        raise DossierError(
            tr(
                "{ref} names {n} cards: {choices}; write {form}",
                ref=repr(ref),
                n=len(matches),
                choices=choices,
                form="game/id",
            )
        )
    return matches[0]


_ID_LIKE = re.compile(r"[a-z0-9]+(?:[_-][a-z0-9]+)*")  # a record id (schema/record.schema.json)
# how alike (difflib's ratio) an id offered for an id must be: a little more than the 0.6 of `dossier show`'s
# unknown id, which offers 'sniper' for 'nope' (exactly 0.6); one letter off an id of three passes (0.67)
CLOSE_ID = 0.65


def _near(records: Any, key: str, game: str | None, n: int = 3) -> list[str]:
    """The printable cards (of ``game``) closest to ``key``, in the form it was written: ids for an id, else their
    names, as `deck validate` offers them (a name in the language it was typed in finds them)."""
    from toolkit.decks import NameIndex
    from toolkit.sheets.layouts import is_printable

    cards = [r for r in records if is_printable(r) and (game is None or r.game == game)]
    if _ID_LIKE.fullmatch(key):
        ids = sorted({str(r.id) for r in cards})
        return difflib.get_close_matches(key, ids, n=n, cutoff=CLOSE_ID)
    return NameIndex(cards).suggestions(key, game, n)


def _deck_records(path: Path, catalog: Any, lang: str | None = None, cards: list[Path] | None = None) -> Selection:
    """The deck's cards, each as many times as it appears (identity, squad agents, then the cards), and the language
    to print in: ``lang`` (--lang), else the settings, else the deck's own, as every command that reads decks
    chooses it (:func:`toolkit.cli.deck.read_in_lang`: the deck's findings worded in that language too). The deck
    is read in the pool every deck command reads (:func:`toolkit.config.pool_catalog`, as
    :func:`toolkit.cli.deck.load_pool`): a designer's set folder alone (``--cards my-set``) plays among the pool
    read when no folder is named, and the deck prints from those records (``catalog``'s when it plays among none)."""
    from toolkit.cli.deck import Pool, read_in_lang
    from toolkit.config import pool_catalog
    from toolkit.decks import NameIndex
    from toolkit.decks.formats import pool_hinted
    from toolkit.sheets.selection import deck_records, print_default_modes
    from validators.deck import DeckPool

    class PrintPool(Pool):
        """A deck pool that reads a list as printing does (:func:`print_default_modes`)."""

        def default_modes(self) -> dict[str, str]:
            return print_default_modes(self.rules)

    source, played = pool_catalog(cards)
    if source.among:  # (else the same records as ``catalog``, which has the bundled game record a pool may lack)
        catalog = played
    rules = DeckPool(catalog.records)
    pool = PrintPool(catalog.records, rules, NameIndex(catalog.records), source)
    loaded, language = read_in_lang(path, pool, lang)
    # each at its own place (a finding of a text list has its line already), as `deck validate` says it
    findings = [loaded.place(f) for f in loaded.findings]
    if loaded.deck is not None:  # ids of a JSON deck that the card pool lacks, at their place in the file
        findings += _not_found(loaded, rules)
        # a deck made on another pool: said once, not under each card, as the deck commands say it
        findings = pool_hinted(findings, loaded.deck, pool.lookup(loaded.deck.game), pool.describe())
    errors = [f for f in findings if f.severity == "error"]
    for finding in findings:  # their severity in the language, as the refusal after them
        print(finding_line(finding), file=sys.stderr)
    if loaded.deck is None or errors:
        raise DossierError(tr("{path}: cannot print this deck (see above)", path=path), exit_code=1)

    return Selection(deck_records(loaded.deck, catalog, str(path)), catalog, language, loaded.deck)


def _not_found(loaded: Any, rules: Any) -> list[Finding]:
    """The ids of ``loaded``'s deck that the card pool lacks (or holds as another kind of record), each at its place
    in the file and worded as `deck validate`, `simulate` and `play` word it (the finding the deck's rules make at
    that place, with the ids it may be a slip for), where the deck's mode has rules; a deck that only says what to
    print (an imported sheet's) is checked without them. Only these refuse a print: an illegal deck prints."""
    from toolkit.decks.formats import unresolved
    from validators.deck import validate_deck

    deck = loaded.deck
    game = rules.game(deck.game)
    missing = unresolved(deck, game.records)
    if missing and deck.mode in game.modes:
        said: dict[str | None, Finding] = {}
        for finding in validate_deck(deck, rules).findings:  # (an unknown id's finding comes first at its place)
            if finding.severity == "error":
                said.setdefault(finding.pointer, finding)
        missing = [said.get(f.pointer, f) for f in missing]
    return [loaded.locate(f) for f in missing]


def _query_records(
    catalog: Any, query: str, game: str | None, db: str | None, cards: list[Path] | None = None
) -> list[Any]:
    try:
        # the database search reads (--cards: that pool's; a stale ./dossier.db built again first)
        from toolkit.cli.search import open_database
        from toolkit.search import QueryError, search
    except ImportError:
        raise DossierError(tr("--query needs the card database and search (`dossier db build`)")) from None
    from toolkit.sheets.layouts import is_printable

    try:
        with open_database(db, cards) as database:
            hits = search(database, query, game=game)
    except QueryError as exc:
        raise DossierError(tr("--query {query}: {problem}", query=_quoted(query), problem=exc)) from None
    records = []
    absent: list[str] = []  # in the database (built from the pool and a set folder beside it), not in the pool read
    for hit in hits:
        record = catalog.get(hit.game, hit.id, hit.kind)
        if record is None:
            absent.append(f"{hit.game}/{hit.id}")
        elif is_printable(record):
            records.append(record)
    if absent and not records:
        raise DossierError(
            tr("--query: {card} is in the database but not in the card data; run `dossier db build`", card=absent[0])
        )
    if absent:
        from toolkit.errors import warning_line

        shown = tr(", ").join(absent[:5]) + (" …" if len(absent) > 5 else "")
        print(warning_line(trn("--query: {n} match is not in the card pool read, not printed: {cards} (give its folder "
                               "with --cards)", "--query: {n} matches are not in the card pool read, not printed: "
                               "{cards} (give their folders with --cards)", len(absent), cards=shown)),
              file=sys.stderr)  # fmt: skip
    if not records:
        raise DossierError(tr("--query {query}: no printable cards match", query=_quoted(query)), exit_code=1)
    return records


def _fonts(
    font: Path | None, index: int | None, records: list[Any], catalog: Any, lang: str = "zh-Hans", bilingual: bool = True
) -> Any:
    """The print fonts: --font or Dossier Sans SC, with fallbacks for every character the cards draw (in ``lang``,
    and each card's name in the other language with ``bilingual``)."""
    from toolkit.sheets.fonts import drawn_characters, print_fonts

    if font is None and index is not None:
        raise DossierError(tr("--font-index applies to --font only"))
    fonts, notes = print_fonts(font, index, drawn_characters(records, catalog, lang, bilingual=bilingual))
    for note in notes:
        _note(note)
    return fonts


def _note(message: str) -> None:
    print(tr("{program}: note: {message}", program="dossier", message=message), file=sys.stderr)


def _warn(message: str) -> None:
    print(warning_line(message), file=sys.stderr)


def _note_untranslated_names(records: list[Any], lang: str) -> None:
    """In English (and any language but Chinese), one note naming the cards that print their Chinese name: they
    have no English one."""
    from toolkit.i18n import chinese as is_chinese

    if is_chinese(lang):
        return
    chinese = list(dict.fromkeys(str(r.name.zh_hans) for r in records if not r.name.en))
    if chinese:
        note = trn(
            "{n} card has no English name and prints its Chinese one: {names}",
            "{n} cards have no English name and print their Chinese ones: {names}",
            len(chinese),
            names=tr(", ").join(chinese),
        )
        _note(note)


def _advice(issues: list[Any]) -> str:
    """The fix for the errors among ``issues``: missing glyphs and text that does not fit have different ones."""
    from toolkit.sheets.fonts import install_hint

    codes = {issue.code for issue in issues if issue.severity == "error"}
    advice = []
    if "sheet.font.missing" in codes:
        advice.append(tr("for a missing character, {hint}", hint=install_hint()))
    if codes - {"sheet.font.missing"}:
        advice.append(tr("for text that does not fit, shorten it or choose a larger --card"))
    text = tr("; ").join(advice)
    return text[:1].upper() + text[1:] if text else tr("Fix them")


def _report(issues: list[Any], catalog: Any, force: bool) -> int:
    """Print layout issues like lint findings; returns how many cards have an error (a card with two is one)."""
    from toolkit.models import namespace

    failing: set[tuple[str, str, str]] = set()
    for issue in issues:
        path = catalog.files.get((issue.game, namespace(issue.kind), issue.id))
        severity = issue.severity
        if severity == "error":
            failing.add((issue.game, namespace(issue.kind), issue.id))
            if force:
                severity = "warning"
        message = tr("{card}: {text}", card=issue.label, text=issue.message)
        # its severity in the language, as lint says it
        print(finding_line(Finding(issue.code, message, severity, str(path) if path else None)), file=sys.stderr)
    return len(failing)


@dataclass
class _StagedPngs:
    """The images of ``--png DIR`` written into ``stage`` (:func:`_write_pngs`), to be placed or discarded with the
    run's other files; ``summary`` is what is said once they are placed."""

    directory: Path
    stage: Path
    names: list[str]
    existed: bool
    summary: str

    def place(self) -> None:
        """The images into DIR: the stage renamed into place when DIR is new (a whole folder at once), else each
        image renamed over its old one (every target checked first: an image of the user's is kept)."""
        import os

        from toolkit.safewrite import DOSSIER_PNG, check_replaceable, check_target

        directory, stage = self.directory, self.stage
        try:
            if not self.existed:
                try:
                    os.rename(stage, directory)
                    return
                except OSError:
                    if not directory.is_dir():
                        raise
                    # made meanwhile: the images go into it, as into any folder that exists
            for name in self.names:
                check_replaceable(check_target(directory / name), DOSSIER_PNG)
            for name in self.names:
                os.replace(stage / name, directory / name)
        except OSError as exc:
            self.discard()
            if isinstance(exc, DossierError):
                raise
            raise DossierError(tr("{where}: {problem}", where=f"--png {directory}", problem=os_reason(exc))) from None
        self.discard()  # (emptied by the moves)

    def discard(self) -> None:
        import shutil

        with contextlib.suppress(OSError):
            shutil.rmtree(self.stage)


def _write_pngs(directory: Path, singles: Any, records: list[Any], spec: Any) -> _StagedPngs:
    """``--png DIR``: every image is written into a temporary folder first (a sibling ``.DIR.dossier-tmp-…`` when DIR
    is new, renamed into place once complete; inside DIR when it exists, each image then renamed over its old one:
    :meth:`_StagedPngs.place`, once the run's other files are written too), so that a run stopped at any moment
    (Ctrl-C), or a disk that fills, leaves the old tree whole, or none when there was none, and no half-filled
    folder; what it left is swept by the next run. A file that cannot be written is named in DIR, as the user knows
    it, not in the temporary folder."""
    from toolkit.cli.progress import Phases
    from toolkit.jsonio import atomic_write_bytes
    from toolkit.safewrite import WriteError, mark_png, sweep, temp_name
    from toolkit.sheets import render

    if directory.exists() and not directory.is_dir():
        raise DossierError(tr("--png {directory}: not a directory", directory=directory))
    existed = directory.is_dir()  # a folder of the user's keeps its other files, as it always did
    try:
        (directory if existed else directory.parent).mkdir(exist_ok=True)  # (DIR only: its folder was checked)
    except OSError as exc:
        raise DossierError(
            tr("--png {directory}: cannot create directory: {reason}", directory=directory, reason=os_reason(exc))
        ) from None
    home = directory if existed else directory.parent
    sweep(home)  # what a run killed before left there
    stage = home / temp_name(directory.name, directory=home)
    names = _png_names(records)
    fields = {"directory": directory, "n": len(names), "dpi": render.PNG_DPI, "bleed": format(spec.bleed, "g")}
    if spec.bleed:
        summary = trn("{directory}: {n} PNG file at {dpi} dpi with {bleed} mm bleed",
                      "{directory}: {n} PNG files at {dpi} dpi with {bleed} mm bleed", len(names), **fields)  # fmt: skip
    else:
        summary = trn("{directory}: {n} PNG file at {dpi} dpi", "{directory}: {n} PNG files at {dpi} dpi", len(names),
                      **fields)  # fmt: skip
    staged = _StagedPngs(directory, stage, names, existed, summary)
    try:
        try:
            stage.mkdir()
        except OSError as exc:
            raise DossierError(
                tr("--png {directory}: cannot create directory: {reason}", directory=directory, reason=os_reason(exc))
            ) from None
        with Phases() as meter:  # each image written as it is rasterized: one card's image in memory at a time
            for name, data in zip(names, render.iter_pdf_pngs(singles.pdf, meter=meter), strict=True):
                try:
                    atomic_write_bytes(stage / name, mark_png(data))
                except WriteError as exc:  # named in DIR (the temporary folder is no name of the user's)
                    problem = tr("{path}: cannot write: {reason}", path=name, reason=exc.strerror)
                    raise DossierError(tr("{where}: {problem}", where=f"--png {directory}", problem=problem)) from None
    except BaseException as exc:
        staged.discard()
        if isinstance(exc, OSError) and not isinstance(exc, DossierError):
            raise DossierError(tr("{where}: {problem}", where=f"--png {directory}", problem=os_reason(exc))) from None
        raise
    return staged


def _tts_sheet_paths(target: Path, result: Any) -> tuple[list[Path], list[Path]]:
    """The face sheets and the back sheets ``--tts FILE.png`` writes: FILE.png (FILE-1.png, FILE-2.png, … when
    there are several) and FILE-back.png (likewise), each with the extension as the user wrote it (Deck.PNG:
    Deck-back.PNG, as ``--out UP.PDF`` writes UP.PDF)."""
    faces, backs, _ = result
    return _tts_names(target, len(faces), len(backs))


def _tts_names(target: Path, faces: int, backs: int) -> tuple[list[Path], list[Path]]:
    def name(kind: str, index: int, total: int) -> Path:
        number = f"-{index + 1}" if total > 1 else ""
        return target.parent / f"{target.stem}{kind}{number}{target.suffix}"

    return [name("", i, faces) for i in range(faces)], [name("-back", i, backs) for i in range(backs)]


def _tts_planned(target: Path | None, records: list[Any]) -> list[Path]:
    """Every file ``--tts FILE.png`` will write for ``records``, known before a sheet is drawn: the sheets (as
    :func:`toolkit.sheets.render.render_tts` cuts them: a face sheet per ``TTS_PER_SHEET`` cards; one back, or a
    back sheet per face sheet when the cards' backs differ) and FILE.json."""
    if target is None:
        return []
    from toolkit.sheets import render

    sheets = -(-len(records) // render.TTS_PER_SHEET)
    backs = sheets if len(render.distinct_backs(records)) > 1 else min(1, len(records))
    faces, back_paths = _tts_names(target, sheets, backs)
    return [*faces, *back_paths, target.with_suffix(".json")]


def _check_distinct(out: Path | None, png: Path | None, png_names: list[str], tts: Path | None,
                    tts_paths: list[Path]) -> None:  # fmt: skip
    """No two outputs of one run share a file (``--png DIR`` and ``--tts DIR/tactics-x.png``), nor is one the
    folder ``--png`` fills: refused before anything is drawn or written, as one line naming both."""
    seen: dict[Path, str] = {}
    planned = [("--out", out, [out] if out is not None else [])]
    planned += [("--png", png, [png, *(png / name for name in png_names)] if png is not None else [])]
    planned += [("--tts", tts, tts_paths)]
    for option, given, paths in planned:
        for path in paths:
            key = path.resolve()
            other = seen.get(key)
            if other is not None:
                raise DossierError(
                    tr(
                        "{option} {path}: {other} writes {file} too; give each output its own name",
                        option=option,
                        path=given,
                        other=other,
                        file=path,
                    )
                )
            seen[key] = f"{option} {given}"


def _write_tts(target: Path, result: Any, batch: Any) -> tuple[tuple[list[Path], list[Path]], list[str]]:
    """The sheets of ``--tts FILE.png`` staged in ``batch`` (placed with the run's other files): their paths (faces,
    backs) and what is said of them once they are."""
    from toolkit.safewrite import DOSSIER_PNG, mark_png

    faces, backs, _ = result
    parent = target.parent
    try:
        parent.mkdir(exist_ok=True)  # (checked to be there: _check_outputs; gone meanwhile, it is said here)
    except OSError as exc:
        raise DossierError(
            tr(
                "--tts {path}: cannot create directory {directory}: {reason}",
                path=target,
                directory=parent,
                reason=os_reason(exc),
            )
        ) from None

    said = []
    face_paths, back_paths = _tts_sheet_paths(target, result)
    for path, sheet in zip(face_paths, faces, strict=True):
        batch.add(path, mark_png(sheet.png), replaces=DOSSIER_PNG)
        said.append(
            tr(
                "{path}: {program} sheet, {columns} wide × {rows} tall, {cards}, {width}×{height} px",
                cards=trn("{n} card", "{n} cards", sheet.count),
                path=path,
                program="Tabletop Simulator",
                columns=sheet.columns,
                rows=sheet.rows,
                width=sheet.width,
                height=sheet.height,
            )
        )
    for path, sheet in zip(back_paths, backs, strict=True):
        batch.add(path, mark_png(sheet.png), replaces=DOSSIER_PNG)
        fields = {"path": path, "width": sheet.width, "height": sheet.height}
        if sheet.count > 1:
            said.append(tr("{path}: back image (unique backs: one per card, same grid), {width}×{height} px", **fields))
        else:
            said.append(tr("{path}: back image (one back for every card), {width}×{height} px", **fields))
    return (face_paths, back_paths), said


def _write_tts_object(
    target: Path,
    result: Any,
    images: tuple[list[Path], list[Path]],
    records: list[Any],
    lang: str,
    url_base: str | None,
    catalog: Any,
    batch: Any,
    deck: Any = None,
) -> str:
    """FILE.json beside the sheets: a TTS saved object that loads them (toolkit/sheets/tts.py), staged in ``batch``;
    what is said of it once it is placed. A ``deck``'s cards are laid out as its game starts (the cards that start
    beside the draw deck apart from it) and the object is named after the deck in ``lang``; other cards are one
    deck named after FILE."""
    from toolkit.jsonio import canonical_dumps
    from toolkit.safewrite import encode_text
    from toolkit.sheets.layouts import english_names
    from toolkit.sheets.tts import apart_count, image_url, saved_object

    faces, backs, _ = result
    face_urls = [image_url(path, url_base) for path in images[0]]
    back_urls = [image_url(path, url_base) for path in images[1]]
    from toolkit.i18n import chinese

    names = None if chinese(lang) else english_names(getattr(catalog, "records", ()))
    name = (deck.title(lang) or target.stem) if deck is not None else target.stem
    data = saved_object(records, faces, backs, face_urls, back_urls, name=name, lang=lang, names=names,
                        setup=deck is not None)  # fmt: skip
    path = target.with_suffix(".json")
    batch.add(path, encode_text(path, canonical_dumps(data)))
    apart = apart_count(records) if deck is not None else 0
    fields = {"path": path, "program": "Tabletop Simulator", "cards": trn("{n} card", "{n} cards", len(records) - apart),
              "sheets": trn("{n} sheet", "{n} sheets", len(faces))}  # fmt: skip
    if apart:
        fields["apart"] = trn("{n} card", "{n} cards", apart)
        if url_base is not None:
            return tr(
                "{path}: {program} saved object, a deck of {cards} and {apart} beside it, from {sheets}, images "
                "under {url}",
                **fields,
                url=url_base,
            )
        return tr(
            "{path}: {program} saved object, a deck of {cards} and {apart} beside it, from {sheets}, images as "
            "{scheme} paths (keep the images where they are)",
            **fields,
            scheme="file:///",
        )
    if url_base is not None:
        return tr(
            "{path}: {program} saved object, a deck of {cards} from {sheets}, images under {url}",
            **fields,
            url=url_base,
        )
    return tr(
        "{path}: {program} saved object, a deck of {cards} from {sheets}, images as {scheme} "
        "paths (keep the images where they are)",
        **fields,
        scheme="file:///",
    )


def fonts_check(cards: CardsOption = None, lang: LangOption = None) -> None:
    """``dossier fonts check`` (its help is given where it is registered)."""
    from toolkit.cli._lang import output_lang

    output_lang(lang)  # the report and the errors in that language (as every command's)
    from toolkit.catalog import WalkProblem, discover
    from toolkit.sheets.fonts import add_system_fallbacks, default_fonts, install_hint, missing_printed

    pool = _pool(cards)
    problems: list[WalkProblem] = []
    discover(pool, problems)
    if problems:  # what hides records from the check: every one, each on its line (then one line, exit 2)
        for problem in problems:
            print(tr("error: {message}", message=tr("{path}: {problem}", path=problem.path, problem=problem.message)),
                  file=sys.stderr)  # fmt: skip
        raise DossierError(
            trn("{n} problem hides records from the check", "{n} problems hide records from the check", len(problems))
        )
    lacking = missing_printed(pool)  # what a print draws: not the names other languages give a card or a set
    if not lacking:
        print(tr("{font} covers every character in the card data", font=FONT_NAME))
        return
    fonts, faces = add_system_fallbacks(default_fonts(), lacking)
    for face in faces:
        chars = "".join(sorted(c for c in lacking if fonts.owner(c) == face))
        print(
            trn(
                "{n} character prints in the installed font {font}: {chars}",
                "{n} characters print in the installed font {font}: {chars}",
                len(chars),
                font=face.source,
                chars=chars,
            )
        )
    nowhere = fonts.lacks("".join(lacking))
    if nowhere:
        chars = "".join(sorted(nowhere))
        hint = install_hint()
        print(trn("no font has {n} character: {chars}; {hint}", "no font has {n} characters: {chars}; {hint}",
                  len(nowhere), chars=repr(chars), hint=hint))  # fmt: skip
        raise typer.Exit(1)
    print(tr("every character prints; `dossier fonts build` puts them into your own {font}", font=FONT_NAME))


def fonts_build(
    cards: CardsOption = None,
    regular: Annotated[
        Path | None, typer.Option("--regular", help=N_("Source font, regular (Noto Sans CJK .ttc/.otf)."))
    ] = None,
    bold: Annotated[Path | None, typer.Option("--bold", help=N_("Source font, bold."))] = None,
    lang: LangOption = None,
) -> None:
    """``dossier fonts build`` (its help is given where it is registered)."""
    from toolkit.cli._lang import output_lang
    from toolkit.sheets import fontbuild

    output_lang(lang)
    from toolkit.sheets.fonts import cache_dir, read_coverage

    found = fontbuild.find_sources() if regular is None or bold is None else {}
    sources = {"regular": regular or found["regular"], "bold": bold or found["bold"]}
    latin = fontbuild.find_latin_sources()
    out = cache_dir()
    from toolkit.i18n import LANGS

    # the pool as printing loads it, in the languages a print prints in (as `fonts check` asks); the bundled
    # subset's coverage (every bundled card's characters) on top
    built = fontbuild.build(_pool(cards), sources, out, latin=latin, extra=read_coverage(), strict=False, langs=LANGS)
    for path in built.files:
        print(tr("{path}: written ({size} bytes)", path=path, size=f"{path.stat().st_size:,}"))
    if latin is None:
        _note(
            tr(
                "{font} not found ({system}: {package}); Latin letters the CJK font lacks print in the bundled subset",
                font="Noto Sans",
                system="Debian",
                package="fonts-noto-core",
            )
        )
    if built.lacking:
        chars = "".join(sorted(built.lacking))
        shown = chars if len(chars) <= 40 else chars[:40] + "…"
        _warn(
            trn(
                "the source fonts lack {n} character: {chars}; it prints in the bundled subset or an installed font "
                "that has it",
                "the source fonts lack {n} characters: {chars}; they print in the bundled subset or an installed "
                "font that has them",
                len(chars),
                chars=repr(shown),
            )
        )
    print(tr("printing now uses this build; delete {path} to go back to the bundled subset", path=out))
