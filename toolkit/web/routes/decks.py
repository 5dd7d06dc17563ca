"""The deck builder pages: the start page (new deck, saved decks, import), the builder, and the two
form posts that work without JavaScript (import → builder, export → download).

The builder itself is a page of small vanilla JS (/static/decks.js) over the JSON API: every change
posts the deck to /api/decks/analyze and shows the findings, summary line, stats and odds it returns.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Depends, File, Form, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from toolkit.errors import DossierError
from toolkit.i18n import t
from toolkit.web import deckwork
from toolkit.web.app import Web
from toolkit.web.security import require_write
from toolkit.web.templating import lang_key, render, request_lang

router = APIRouter(tags=["pages"])
GAMES = ("netrunner", "tactics", "crossfire")


def labels(lang: str) -> dict[str, str]:
    """The words decks.js writes, in ``lang`` (templates: {name}, {n})."""
    from toolkit.i18n import t, tc, tn

    return {
        "new_deck": t(lang, "New deck"),
        "format": t(lang, "Format"),
        "mode": t(lang, "Mode"),
        "identity": t(lang, "Identity"),
        "identity_none": t(lang, "(choose an identity)"),
        "add": t(lang, "Add one {name}"),
        "remove": t(lang, "Remove one {name}"),
        "count": t(lang, "Copies of {name}"),
        "no_findings": t(lang, "No findings."),
        "total": tn(lang, "{n} card", "{n} cards", 2, n="{n}"),
        "total_one": tn(lang, "{n} card", "{n} cards", 1, n="{n}"),
        "card": t(lang, "Card"),
        "copies": t(lang, "Copies"),
        "hand": t(lang, "Opening hand"),
        # TRANSLATORS: the heading of the column of turn {n} in the draw odds (short)
        "turn": t(lang, "T{n}"),
        "seen": t(lang, "{n} cards seen"),
        "saved": t(lang, "Saved."),
        "copied": t(lang, "Copied."),
        "error": tc(lang, "severity", "error"),
        "warning": tc(lang, "severity", "warning"),
        "colon": t(lang, ": "),
        "sep": t(lang, ", "),
        "players": t(lang, "{low}-{high} players"),
        "private": t(lang, "private"),
        "imported": t(lang, "Imported."),
    }


def _saved(web: Any) -> list[dict[str, Any]]:
    from toolkit.web.saved import SavedDecks

    return SavedDecks(web.settings.data_path).list()


@router.get("/decks", response_class=HTMLResponse, name="decks_index", include_in_schema=False)
def decks_index(request: Request, web: Web) -> HTMLResponse:
    lang = request_lang(request)
    options = web.memo(f"options:{lang_key(lang)}", lambda: deckwork.builder_options(web.deck_pool, lang))
    return render(request, "decks/index.html", options=options, saved=_saved(web), verdict=None, pasted="")


@router.get("/decks/build", response_class=HTMLResponse, name="deck_builder", include_in_schema=False)
def deck_builder(
    request: Request,
    web: Web,
    game: str = "",
    mode: str = "",
    d: str = "",
    saved: str = "",
    add: str = "",
) -> HTMLResponse:
    """The builder; ``d`` is a share code, ``saved`` a saved deck's id, ``game``/``mode`` start a new deck,
    ``add`` adds one copy of a card to the deck being built."""
    from toolkit.web.saved import SavedDecks

    lang = request_lang(request)
    options = web.memo(f"options:{lang_key(lang)}", lambda: deckwork.builder_options(web.deck_pool, lang))
    initial: dict[str, Any] | None = None
    problem = None
    try:
        if d:
            initial = deckwork.decode_share(d)
        elif saved:
            initial = SavedDecks(web.settings.data_path).load(saved)
    except DossierError as exc:
        problem = exc.message
    if game and game not in options:
        problem = t(lang, "No game {game}; games: {games}", game=repr(game), games=", ".join(options))
        game = ""
    boot = {
        "deck": initial,
        "saved": saved if initial is not None and saved else None,
        "game": game or None,
        "mode": mode or None,
        "add": add or None,
        "options": options,
        "lang": lang_key(lang),
        "labels": labels(lang),
    }
    return render(
        request,
        "decks/build.html",
        boot=json.dumps(boot, ensure_ascii=False).replace("</", "<\\/"),
        options=options,
        problem=problem,
        formats=deckwork.format_names(lang),
    )


@router.post("/decks/import", response_class=HTMLResponse, include_in_schema=False)
async def deck_import_form(
    request: Request,
    web: Web,
    text: Annotated[str, Form(max_length=deckwork.MAX_TEXT)] = "",
    file: Annotated[UploadFile | None, File()] = None,
) -> Response:
    """Import without JavaScript: a readable deck opens in the builder; else the findings, inline."""
    lang = request_lang(request)
    filename = None
    if file is not None and file.filename:
        raw = await file.read(deckwork.MAX_TEXT + 1)
        filename = file.filename
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            return _index_with(
                request, web, t(lang, "{file}: not UTF-8 (byte {n})", file=filename, n=exc.start), text=""
            )
    if not text.strip():
        return _index_with(request, web, t(lang, "Paste a deck or choose a file."), text="")
    try:
        loaded = deckwork.read_text(web.deck_pool, text, filename=filename)
    except DossierError as exc:
        return _index_with(request, web, exc.message, text=text)
    if loaded.deck is None:
        verdict = deckwork.validate(web.deck_pool, loaded, lang=lang)
        return _index_with(request, web, None, text=text, verdict=verdict)
    data = loaded.deck.model_dump(by_alias=True, exclude_none=True)
    return RedirectResponse(f"/decks/build?d={deckwork.share_code(data)}", status_code=303)


def _index_with(request: Request, web: Any, message: str | None, *, text: str, verdict: Any = None) -> HTMLResponse:
    lang = request_lang(request)
    options = web.memo(f"options:{lang_key(lang)}", lambda: deckwork.builder_options(web.deck_pool, lang))
    return render(
        request,
        "decks/index.html",
        status_code=400,
        options=options,
        saved=_saved(web),
        import_error=message,
        verdict=verdict,
        pasted=text,
    )


@router.post("/decks/export", include_in_schema=False)
def deck_export_form(
    request: Request,
    web: Web,
    deck: Annotated[str, Form(max_length=deckwork.MAX_TEXT)],
    to: Annotated[str, Form()] = "json",
    printing: Annotated[str, Form()] = "",
) -> Response:
    """The deck (JSON in a form field) as a file download in the chosen format."""
    from toolkit.web.routes.api import download

    pool = web.deck_pool
    lang = request_lang(request)
    try:
        data = json.loads(deck)
        if not isinstance(data, dict):
            raise ValueError("not an object")
    except ValueError:
        message = t(lang, "The deck field is not a JSON object.")
        return Response(message, status_code=400, media_type="text/plain; charset=utf-8")
    loaded = deckwork.read_json_deck(pool, data)
    try:
        ready = deckwork.usable(loaded, pool)
        content = deckwork.export(pool, ready, to, lang=loaded.lang or lang, printing=printing or None)
    except DossierError as exc:
        return Response(exc.message, status_code=400, media_type="text/plain; charset=utf-8")
    return download(content, deckwork.export_filename(ready, to), deckwork.MEDIA[to][0])


@router.post("/decks/saved/{deck_id}/delete", dependencies=[Depends(require_write)], include_in_schema=False)
def deck_delete_form(request: Request, deck_id: str, web: Web) -> Response:
    from toolkit.web.saved import SavedDecks

    request_lang(request)
    try:
        SavedDecks(web.settings.data_path).delete(deck_id)
    except DossierError as exc:
        return _index_with(request, web, exc.message, text="")
    return RedirectResponse("/decks", status_code=303)
