"""Print: choose a deck (pasted, uploaded or saved) or a search result and the options of `dossier print`,
download the PDF sheets (or the duplex alignment page).

The cards come from :func:`toolkit.sheets.selection.deck_records` (as ``print --deck``) or from the
search of ``print --query``; the sheets are :func:`toolkit.sheets.render.render_sheets` with a
:class:`toolkit.sheets.geometry.SheetSpec` built from the same option values, checked by the same
parsers, so every error reads as the CLI's and is shown in one line above the form. As the CLI, a
card whose text does not fit or whose font lacks a character stops the run unless "print anyway".
Printing changes nothing on the server; it is still refused to other sites (Origin and CSRF token).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, Response

from toolkit import i18n
from toolkit.errors import DossierError, and_more
from toolkit.i18n import N_, tr
from toolkit.web.app import WebState, state
from toolkit.web.security import check_csrf, check_origin
from toolkit.web.templating import render, request_lang

router = APIRouter(tags=["print"], include_in_schema=False)

MAX_UPLOAD = 256 * 1024
SOURCES = ("paste", "upload", "saved", "search")
CARD_CHOICES = ("poker", "bridge", "mini", "tarot", "custom")


async def same_site(request: Request) -> None:
    """Printing writes nothing, but a page of another site may not make this server draw for it."""
    check_origin(request)
    await check_csrf(request)


@dataclass
class PrintForm:
    """The values of the form (strings, as typed), kept to show the form again after an error."""

    source: str = "paste"
    deck: str = ""
    saved: str = ""
    q: str = ""
    game: str = ""
    card: str = "poker"
    card_custom: str = ""
    page: str = "a4"
    bleed: str = "0"
    gutter: str = ""
    grid: str = ""
    crop_marks: bool = True
    backs: str = "none"
    back_dx: str = "0"
    back_dy: str = "0"
    lang: str = ""
    force: bool = False
    upload_name: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


# the form's label of each `dossier print` option its fields stand for: an error names the field, not the option
FIELD_LABELS = {
    "--card": N_("Card size"),
    "--page": N_("Paper"),
    "--bleed": N_("Bleed (mm, 0-3)"),
    "--gutter": N_("Gutter (mm)"),
    "--grid": N_("Cards per page (CxR)"),
    "--backs": N_("Backs"),
    "--back-dx": N_("Move backs right (mm)"),
    "--back-dy": N_("Move backs up (mm)"),
    "--lang": N_("Language on the cards"),
}
_OPTION = re.compile(r"^(--[a-z][a-z-]*)(?= )")


def in_form_words(exc: DossierError) -> DossierError:
    """``exc`` with a leading ``--option`` (the parsers are `dossier print`'s) put as the form's field label."""
    match = _OPTION.match(exc.message)
    if match is None or match.group(1) not in FIELD_LABELS:
        return exc
    return DossierError(tr(FIELD_LABELS[match.group(1)]) + exc.message[match.end() :], exit_code=exc.exit_code)


def _number(value: str, option: str) -> float:
    text = value.strip() or "0"
    try:
        number = float(text)
    except ValueError:
        raise DossierError(tr("{option} {value}: expected a number of millimetres", option=option,
                              value=repr(value[:20]))) from None  # fmt: skip
    if number != number or number in (float("inf"), float("-inf")):
        raise DossierError(tr("{option} {value}: expected a finite number", option=option, value=repr(value[:20])))
    return number


def sheet_spec(form: PrintForm) -> Any:
    """The :class:`SheetSpec` of the form, through `dossier print`'s own parsers (same checks, same words)."""
    from toolkit.sheets import geometry

    card = form.card_custom.strip() if form.card == "custom" else form.card
    backs = form.backs.strip().lower()
    if backs not in geometry.DUPLEX_MODES:
        raise DossierError(tr("{option} {value}: expected one of {choices}", option="--backs",
                              value=repr(form.backs[:20]), choices=", ".join(geometry.DUPLEX_MODES)))  # fmt: skip
    return geometry.SheetSpec(
        card=geometry.parse_card_size(card or "?"),
        page=geometry.parse_page_size(form.page),
        bleed=_number(form.bleed, "--bleed"),
        gutter=_number(form.gutter, "--gutter") if form.gutter.strip() else None,
        crop_marks=form.crop_marks,
        duplex=backs,
        back_dx=_number(form.back_dx, "--back-dx"),
        back_dy=_number(form.back_dy, "--back-dy"),
        grid=geometry.parse_grid(form.grid.strip()) if form.grid.strip() else None,
    ).validated()


def card_lang(form: PrintForm) -> str:
    """The language of the form's cards: one of ours, read as `dossier print --lang` reads it (``en-US``: en; the
    form offers each by its tag); any other is refused, as a bad value of any other field is."""
    lang = i18n.match(form.lang.strip())
    if lang is None:
        raise DossierError(tr("{option} {value}: expected one of {choices}", option="--lang",
                              value=repr(form.lang[:20]), choices=", ".join(i18n.LANGS)))  # fmt: skip
    return lang


def _deck_from_text(web: WebState, text: str, filename: str | None, lang: str) -> tuple[Any, str]:
    """(the deck of a pasted or uploaded text, its title in ``lang``): read as `dossier print --deck` reads it (a
    list that names no mode prints all the same)."""
    from toolkit.sheets.selection import print_default_modes
    from toolkit.web.deckwork import read_text, usable

    if not text.strip():
        raise DossierError(tr("the deck is empty: paste a deck list, upload a deck file, or choose another source"))
    pool = web.deck_pool
    deck = usable(read_text(pool, text, filename=filename, default_modes=print_default_modes(pool.rules)), pool)
    return deck, deck.title(lang) or "cards"


def _deck_from_saved(web: WebState, deck_id: str, lang: str) -> tuple[Any, str]:
    """(a saved deck, its title in ``lang``), read as `dossier print --deck` reads it."""
    from toolkit.sheets.selection import print_default_modes
    from toolkit.web.deckwork import read_json_deck, usable
    from toolkit.web.saved import SavedDecks

    if not deck_id:
        raise DossierError(tr("choose a saved deck"))
    data = SavedDecks(web.settings.data_path).load(deck_id)
    pool = web.deck_pool
    deck = usable(read_json_deck(pool, data, print_default_modes(pool.rules)), pool)
    return deck, deck.title(lang) or deck_id


def _search_records(web: WebState, q: str, game: str) -> list[Any]:
    from toolkit.search import QueryError, search
    from toolkit.sheets.layouts import is_printable
    from toolkit.sheets.selection import MAX_PRINT_CARDS

    if not q.strip():
        raise DossierError(tr("the search is empty: write a query, e.g. {example}", example=tr("t:equipment")))
    try:
        hits = search(web.database, q, game=game or None, limit=MAX_PRINT_CARDS + 1)
    except QueryError as exc:
        raise DossierError(tr("{query}: {problem}", query=repr(q[:60]), problem=exc)) from None
    records = []
    for hit in hits:
        record = web.catalog.get(hit.game, hit.id, hit.kind)
        if record is not None and is_printable(record):
            records.append(record)
    if not records:
        raise DossierError(tr("{query}: no printable cards match", query=repr(q[:60])))
    if len(records) > MAX_PRINT_CARDS:
        raise DossierError(
            tr("{query}: more than {n} cards match; narrow the search", query=repr(q[:60]), n=MAX_PRINT_CARDS)
        )
    return records


def selected(
    web: WebState, form: PrintForm, upload: tuple[str, bytes] | None, lang: str
) -> tuple[list[Any], str, str]:
    """(the records to print, a name for the file, an ASCII name for the file) from the chosen source: a deck's
    title in ``lang``, the language of the cards printed, and the first of that title, the deck's English name and
    a saved deck's id that is written in ASCII alone (see :func:`_ascii_stem`)."""
    from toolkit.sheets.selection import deck_records

    if form.source == "search":
        return _search_records(web, form.q, form.game), "search", "search"
    saved_id = ""
    if form.source == "saved":
        deck, name = _deck_from_saved(web, form.saved, lang)
        saved_id = form.saved
    elif form.source == "upload":
        if upload is None:
            raise DossierError(tr("no file uploaded: choose a deck file (.json, .txt, .o8d)"))
        filename, data = upload
        if not data:  # (a file chosen that holds nothing: said so, by its name)
            raise DossierError(tr("{file}: the file is empty; choose a deck file (.json, .txt, .o8d)", file=filename))
        if len(data) > MAX_UPLOAD:
            raise DossierError(
                tr("{file}: larger than {n} KiB, the limit for a deck file", file=filename, n=MAX_UPLOAD // 1024)
            )
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise DossierError(tr("{file}: not UTF-8 (byte {n})", file=filename, n=exc.start)) from None
        deck, name = _deck_from_text(web, text, filename, lang)
    elif form.source == "paste":
        deck, name = _deck_from_text(web, form.deck, None, lang)
    else:
        raise DossierError(
            tr(
                "unknown source {source}; choose one of {sources}",
                source=repr(form.source[:20]),
                sources=", ".join(SOURCES),
            )
        )
    records = deck_records(deck, web.catalog, name)
    return records, name, _ascii_stem(name, "" if isinstance(deck.name, str) else deck.name.en or "", saved_id)


def _advice(issues: list[Any]) -> str:
    codes = {issue.code for issue in issues if issue.severity == "error"}
    if "sheet.font.missing" in codes:
        return tr("a character is missing from the fonts (install `fonts-noto-cjk`, or print anyway)")
    return tr("shorten the text or choose a larger card, or print anyway")


def draw(
    web: WebState, form: PrintForm, upload: tuple[str, bytes] | None, calibrate: bool
) -> tuple[bytes, str, str]:
    """The PDF, its file name and an ASCII file name (a header's fallback); a one-line :class:`DossierError` for
    anything that stops the run."""
    from toolkit.sheets import render
    from toolkit.sheets.fonts import drawn_characters, print_fonts
    from toolkit.web.images import _LOCK  # ReportLab and PDFium are not shared between threads

    try:
        spec = sheet_spec(form)
        lang = card_lang(form)
    except DossierError as exc:
        raise in_form_words(exc) from None
    if calibrate:  # its words, and the file's name, in the page's language (the current one), as the page's
        from toolkit.sheets.labels import WORDS, say

        page_lang = i18n.current_lang()
        with _LOCK:
            fonts, _ = print_fonts(None, None, "")
            try:
                fields = (i18n.t(page_lang, FIELD_LABELS["--back-dx"]), i18n.t(page_lang, FIELD_LABELS["--back-dy"]))
                sheet = render.render_calibration(spec, fonts, lang=page_lang, fields=fields)
            except DossierError as exc:
                raise in_form_words(exc) from None
        title = say(page_lang, WORDS["calibrate_title"])
        return sheet.pdf, f"{_filename(title)}.pdf", f"{_ascii_stem(title, 'alignment')}.pdf"
    records, name, fallback = selected(web, form, upload, lang)
    with _LOCK:
        fonts, _ = print_fonts(None, None, drawn_characters(records, web.catalog, lang))
        try:
            sheet = render.render_sheets(records, spec, fonts, web.catalog, lang=lang)
        except DossierError as exc:  # a grid the page cannot hold
            raise in_form_words(exc) from None
    errors = [i for i in sheet.issues if i.severity == "error"]
    if errors and not form.force:
        first = errors[0]
        problem = tr("{label}: {message}", label=first.label, message=first.message)
        if len(errors) > 1:
            problem = and_more(problem, len(errors) - 1)
        raise DossierError(tr("{problem}: nothing drawn; {advice}", problem=problem, advice=_advice(errors)))
    return sheet.pdf, f"{_filename(name)}.pdf", f"{fallback}.pdf"


def _filename(name: str) -> str:
    """A file name from a deck's name: letters (any script), digits, ``._-``; at most 60 characters."""
    stem = re.sub(r"[^\w.-]+", "-", name).strip("-._")[:60]
    return stem or "cards"


def _ascii_stem(*names: str) -> str:
    """The file name (:func:`_filename`) of the first of ``names`` written in ASCII alone, else ``cards``: the
    ASCII scraps of a Chinese title (its digits) are no name; a reader gets the whole title in ``filename*``."""
    for name in names:
        stem = re.sub(r"[^\w.-]+", "-", name or "").strip("-._")[:60]
        if stem and stem.isascii() and re.search(r"[A-Za-z]", stem):
            return stem
    return "cards"


def _disposition(filename: str, fallback: str = "") -> str:
    """An attachment header with an ASCII fallback (``fallback``, else ``filename`` made ASCII) and the UTF-8
    name (RFC 6266 / 5987)."""
    from urllib.parse import quote

    ascii_name = re.sub(r"[^A-Za-z0-9._-]+", "-", fallback or filename).strip("-") or "cards.pdf"
    if ascii_name == ".pdf" or ascii_name.startswith("."):
        ascii_name = "cards.pdf"
    return f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{quote(filename)}"


def _page(request: Request, form: PrintForm, error: str | None = None, status: int = 200) -> HTMLResponse:
    web = state(request)
    from toolkit.web.saved import SavedDecks

    try:
        saved = [d for d in SavedDecks(web.settings.data_path).list() if d["damaged"] is None]  # (none to print)
    except (OSError, DossierError):
        saved = []
    if not form.lang:
        form.lang = request_lang(request)
    return render(
        request,
        "printing/index.html",
        status_code=status,
        form=form,
        error=error,
        saved=saved,
        games=("tactics", "netrunner", "crossfire"),
        cards=CARD_CHOICES,
        langs=i18n.LANGS,
    )


@router.get("/print", response_class=HTMLResponse, name="print_index")
def print_index(request: Request) -> HTMLResponse:
    params = request.query_params
    form = PrintForm()
    if params.get("saved"):
        form.source, form.saved = "saved", params["saved"][:100]
    elif params.get("q"):
        form.source, form.q, form.game = "search", params["q"][:2000], params.get("game", "")[:40]
    return _page(request, form)


def _text(form: Any, name: str, default: str = "", limit: int = 2000) -> str:
    value = form.get(name)
    return value[:limit] if isinstance(value, str) else default


@router.post("/print", name="print_pdf", dependencies=[Depends(same_site)], response_model=None)
async def print_pdf(request: Request) -> Response:
    web = state(request)
    data = await request.form()  # parsed once (the CSRF check read it): fields up to 1 MB, files spooled
    form = PrintForm(
        source=_text(data, "source", "paste", 20),
        deck=_text(data, "deck", "", MAX_UPLOAD + 1),
        saved=_text(data, "saved", "", 100),
        q=_text(data, "q"),
        game=_text(data, "game", "", 40),
        card=_text(data, "card", "poker", 20),
        card_custom=_text(data, "card_custom", "", 40),
        page=_text(data, "page", "a4", 20),
        bleed=_text(data, "bleed", "0", 20),
        gutter=_text(data, "gutter", "", 20),
        grid=_text(data, "grid", "", 20),
        crop_marks=data.get("crop_marks") is not None,
        backs=_text(data, "backs", "none", 20),
        back_dx=_text(data, "back_dx", "0", 20),
        back_dy=_text(data, "back_dy", "0", 20),
        lang=_text(data, "lang", "", 10),
        force=data.get("force") is not None,
    )
    upload = None
    file = data.get("file")
    if file is not None and not isinstance(file, str):
        content = await file.read(MAX_UPLOAD + 1)
        if file.filename or content:  # (a form with no file chosen sends a part with no name and no bytes)
            upload = (str(file.filename or "deck.txt")[:100], content)
            form.upload_name = upload[0]
    calibrate = data.get("calibrate") is not None
    page_lang = request_lang(request)
    form.lang = form.lang or page_lang  # a form without the field (a script's) prints in the page's language
    if len(form.deck) > MAX_UPLOAD:
        message = tr("the deck is larger than {n} KiB, the limit for a deck file", n=MAX_UPLOAD // 1024)
        return _page(request, form, message, 400)
    from toolkit.web.heavy import Busy, TooMany

    client = request.client.host if request.client else ""
    try:  # in the bounded pool of heavy work: the event loop keeps answering while the sheet is drawn
        pdf, filename, fallback = await web.heavy.run(draw, web, form, upload, calibrate, client=client)
    except (Busy, TooMany) as busy:
        page = _page(request, form, str(busy.detail), busy.status_code)
        page.headers.update(busy.headers or {})
        return page
    except DossierError as exc:
        return _page(request, form, _one_line(exc.message), 400)
    return Response(
        pdf,
        media_type="application/pdf",
        headers={"Content-Disposition": _disposition(filename, fallback), "Cache-Control": "no-store"},
    )


def _one_line(message: str) -> str:
    """A message on one line (a deck reader's finding may quote a line of the file after it)."""
    return " ".join(message.split())
