"""The deck builder pages: the start page (new deck, saved decks, import), the builder, and the two
form posts that work without JavaScript (import → builder, export → download).

The builder itself is a page of small vanilla JS (/static/decks.js) over the JSON API: every change
posts the deck to /api/decks/analyze and shows the findings, summary line, stats and odds it returns.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Depends, File, Form, Query, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import StringConstraints

from toolkit.errors import DossierError
from toolkit.i18n import t, tr
from toolkit.web import deckwork
from toolkit.web.app import Web
from toolkit.web.cardview import never_in_a_deck as _never_in_a_deck  # (token and shop cards, T4, T5)
from toolkit.web.security import require_write
from toolkit.web.templating import lang_key, render, request_lang

router = APIRouter(tags=["pages"])
GAMES = ("netrunner", "tactics", "crossfire")


def labels(lang: str) -> dict[str, Any]:
    """The words decks.js writes, in ``lang`` (templates: {name}, {n})."""
    from toolkit.i18n import LANGS, t, tc, tn

    return {
        "new_deck": t(lang, "New deck"),
        "new_deck_names": sorted({t(other, "New deck") for other in LANGS}),  # an untouched name, in any language
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
        # TRANSLATORS: the heading of the column of turn {n} after the opening hand in the draw odds: the rule
        # documents' word for a turn (回合), as `deck odds` heads it
        "turn": t(lang, "Turn {n}"),
        "seen": t(lang, "{n} cards seen"),
        "saved": t(lang, "Saved."),
        # a save refused because another tab saved the deck since (or deleted it): the choices it offers
        "keep_mine": t(lang, "Keep mine (save it over the other)"),
        "take_saved": t(lang, "Take the saved one (set mine aside)"),
        "taken_saved": t(lang, "This is the saved deck now; yours is set aside."),
        "take_back": t(lang, "Take mine back"),
        "save_new": t(lang, "Save it as a new deck"),
        "copied": t(lang, "Copied."),
        "error": tc(lang, "severity", "error"),
        "warning": tc(lang, "severity", "warning"),
        "colon": t(lang, ": "),
        "sep": t(lang, ", "),
        "players": t(lang, "{low}-{high} players"),
        # TRANSLATORS: the Players menu's entry for a crossfire deck's player count its mode does not offer
        "players_outside": t(lang, "{n} (not offered in this mode)"),
        # TRANSLATORS: the Players menu's entry for a crossfire deck that does not say its player count
        "players_none": t(lang, "(choose the number of players)"),
        "private": t(lang, "private"),
        "imported": t(lang, "Imported."),
        # TRANSLATORS: the influence a deck row spends, for screen readers ({n}: a number)
        "row_influence": tn(lang, "{n} influence", "{n} influence", 2, n="{n}"),
        "row_influence_one": tn(lang, "{n} influence", "{n} influence", 1, n="{n}"),
        # TRANSLATORS: influence spent of the identity's limit, under the deck list
        "influence_total": t(lang, "Influence: {spent} of {limit}"),
        # TRANSLATORS: an out-of-faction card's influence cost per copy, in the card search
        "influence_cost": tn(lang, "{n} influence per copy", "{n} influence per copy", 2, n="{n}"),
        "influence_cost_one": tn(lang, "{n} influence per copy", "{n} influence per copy", 1, n="{n}"),
        "banned": t(lang, "banned in this format"),
        "line": t(lang, "line {n}"),
        "dismiss": t(lang, "Dismiss"),
        "dismiss_line": t(lang, "Dismiss line {n}"),
        "scope": t(lang, "Cards in {format} for {identity}"),
        "scope_format": t(lang, "Cards in {format}"),
        "no_results": t(lang, "No card matches."),
        "identity_outside": t(lang, "{name} (outside this format)"),
        # TRANSLATORS: the Mode select's entry for a deck's mode the game does not have ({mode}: its id)
        "mode_unknown": t(lang, "{mode} (no such mode)"),
        # TRANSLATORS: the accessible name of the number of copies of an agent that may repeat (a private)
        "agent_count": t(lang, "Number of {name} in the squad"),
        # TRANSLATORS: a mark on an exclusive card in the card search, when its agent is not in the squad
        "exclusive_outside": t(lang, "exclusive to {agent}, who is not in the squad"),
    }


def pools_of(web: Any) -> dict[str, deckwork.FormatPool]:
    """The netrunner formats' pools, worked out once per card-pool generation."""
    return web.memo("format_pools", lambda: deckwork.format_pools(web.deck_pool))


def options_of(web: Any, lang: str) -> dict[str, Any]:
    """The builder's choices in ``lang``, made once per card-pool generation."""
    return web.memo(
        f"options:{lang_key(lang)}", lambda: deckwork.builder_options(web.deck_pool, lang, pools_of(web))
    )


def _saved(web: Any) -> list[dict[str, Any]]:
    from toolkit.web.saved import SavedDecks

    return SavedDecks(web.settings.data_path).list()


@router.get("/decks", response_class=HTMLResponse, name="decks_index", include_in_schema=False)
def decks_index(request: Request, web: Web) -> HTMLResponse:
    lang = request_lang(request)
    options = options_of(web, lang)
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
    new: str = "",
) -> HTMLResponse:
    """The builder; ``d`` is a share code, ``saved`` a saved deck's id, ``game``/``mode`` start a new deck (empty
    with ``new``, the Start form's New deck; else the deck of that game the browser keeps, if any), ``add`` adds
    one copy of a card to the deck being built."""
    return _builder_page(request, web, game=game, mode=mode, d=d, saved=saved, add=add, new=bool(new))


def _builder_page(
    request: Request,
    web: Any,
    *,
    game: str = "",
    mode: str = "",
    d: str = "",
    saved: str = "",
    add: str = "",
    new: bool = False,
    carried: list[dict[str, Any]] | None = None,
    source: dict[str, Any] | None = None,
) -> HTMLResponse:
    """The builder page; ``carried``: the findings of reading an imported list (lines not placed), kept; ``source``:
    the list read (``text``, ``filename``), which the page reads again to say them in another language."""
    from toolkit.errors import NotFound
    from toolkit.web.saved import SavedDecks

    lang = request_lang(request)
    options = options_of(web, lang)
    initial: dict[str, Any] | None = None
    base = None  # the saved deck's version: the page's save gives it back (refused when the deck was saved since)
    problem = None
    status = 200
    try:
        if d:
            initial = deckwork.decode_share(d)
        elif saved:
            initial, base = SavedDecks(web.settings.data_path).opened(saved)
    except DossierError as exc:  # the page still drawn, saying why, with the API's status for it (400, 404)
        problem = exc.message
        status = 404 if isinstance(exc, NotFound) else 400
    if initial is not None and initial.get("game") not in options:
        # a deck of a game this server's pool does not offer: said, and not opened (the page would show another
        # deck under its address, and its Save would write that one over the saved deck)
        problem = _not_offered(lang, initial.get("game"), saved if saved and not d else None, options)
        initial = base = None
        new = True  # (an empty deck beside the message: not a deck of the browser's, which would seem to be it)
    if game and game not in options:
        problem = t(lang, "No game {game}; games: {games}", game=repr(game), games=", ".join(options))
        game = ""
    modes = [m["id"] for m in options.get(game or "netrunner", {}).get("modes", [])]
    if mode and initial is None and mode not in modes:
        # said as `deck validate` says it, and left out (as an unknown game is): the Mode select and the verdict
        # then agree on the mode the deck has
        from toolkit.i18n import word

        if problem is None:
            problem = t(lang, "{game} has no mode {mode}; modes: {modes}", game=word("game", game or "netrunner", lang),
                        mode=repr(mode), modes=t(lang, ", ").join(sorted(modes)))  # fmt: skip
        mode = ""
    boot = {
        "deck": initial,
        "saved": saved if initial is not None and saved else None,
        "saved_base": base if initial is not None and saved else None,
        "game": game or None,
        "mode": mode or None,
        "add": add or None,
        "new": new and initial is None,
        "options": options,
        "lang": lang_key(lang),
        "labels": labels(lang),
        "carried": carried or [],
        "source": source,
    }
    address = None
    if request.method == "POST" and d:  # (an import's builder: its language switch goes to the builder's address)
        address = boot["address"] = f"/decks/build?d={d}"
    return render(
        request,
        "decks/build.html",
        status_code=status,
        switch_to=address,
        boot=boot,
        options=options,
        problem=problem,
        formats=deckwork.format_names(lang),
    )


def _not_offered(lang: str, game: Any, saved: str | None, options: dict[str, Any]) -> str:
    """Why a deck of ``game`` (a saved deck's, ``saved`` its id; else a shared one's) is not opened: this server's
    card pool has no such game (the games it has listed)."""
    from toolkit.i18n import word

    named = word("web.game", game, lang) if game in GAMES else repr(str(game)[:40]) if game else t(lang, "none")
    offered = t(lang, ", ").join(word("web.game", g, lang) for g in options) or t(lang, "none")
    if saved:
        return t(lang, "The saved deck {id} is a {game} deck, a game this server's card pool does not have (it has: "
                 "{games}); it is not opened here and stays saved as it is.", id=repr(saved), game=named, games=offered)
    return t(lang, "This deck is a {game} deck, a game this server's card pool does not have (it has: {games}); it "
             "is not opened here.", game=named, games=offered)


@router.post("/decks/import", response_class=HTMLResponse, include_in_schema=False)
async def deck_import_form(
    request: Request,
    web: Web,
    text: Annotated[str, Form(max_length=deckwork.MAX_TEXT)] = "",
    file: Annotated[UploadFile | None, File()] = None,
    filename_field: Annotated[str, Form(alias="filename", max_length=255)] = "",
) -> Response:
    """Import without JavaScript: a readable deck opens in the builder; else the findings, inline. ``filename``:
    the name of the file ``text`` was read from (the language switch of a refused import posts the list again as
    text, with the name of its file)."""
    lang = request_lang(request)
    filename = filename_field.strip() or None
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
        return _index_with(request, web, exc.message, text=text, filename=filename)
    if loaded.deck is None:
        verdict = deckwork.validate(web.deck_pool, loaded, lang=lang)
        return _index_with(request, web, None, text=text, verdict=verdict, filename=filename)
    data = loaded.deck.model_dump(by_alias=True, exclude_none=True)
    reading = [
        loaded.place(f)
        for f in loaded.findings
        if f.severity == "error" and f.code in deckwork.READING_CODES and f.line is not None
    ]
    if reading:  # the builder, at once, with the lines it could not place listed (a redirect would lose them)
        carried = [{"code": f.code, "message": f.message, "line": f.line, "file": f.file} for f in reading]
        source = {"text": text, "filename": filename}
        return _builder_page(request, web, d=deckwork.share_code(data), carried=carried, source=source)
    return RedirectResponse(f"/decks/build?d={deckwork.share_code(data)}", status_code=303)


def _index_with(
    request: Request, web: Any, message: str | None, *, text: str, verdict: Any = None, filename: str | None = None
) -> HTMLResponse:
    """The decks page saying why an import (or a delete) was refused; ``text``: the list read, kept in the form. On
    an import's page the language switch posts that list again (with the name of its file, ``filename``)."""
    lang = request_lang(request)
    options = options_of(web, lang)
    repost = None
    if request.url.path == "/decks/import":
        repost = [("text", text)] + ([("filename", filename)] if filename else [])
    return render(
        request,
        "decks/index.html",
        status_code=400,
        repost=repost,
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
    """The deck (JSON in a form field) as a file download in the chosen format. A deck it cannot export: to a browser
    (the builder's form, ``Accept: text/html``) a page saying why, with a way back (to the builder with that deck,
    else to the decks), as the import form answers; to another client the one line as text."""
    from toolkit.web.routes.api import download

    pool = web.deck_pool
    lang = request_lang(request)
    try:
        data = json.loads(deck)
        if not isinstance(data, dict):
            raise ValueError("not an object")
    except ValueError:
        return _export_refused(request, t(lang, "The deck field is not a JSON object."), None)
    loaded = deckwork.read_json_deck(pool, data)
    try:
        ready = deckwork.usable(loaded, pool)
        content = deckwork.export(pool, ready, to, lang=loaded.lang or lang, printing=printing or None)
    except DossierError as exc:
        return _export_refused(request, exc.message, data)
    return download(content, deckwork.export_filename(ready, to), deckwork.MEDIA[to][0])


def _export_refused(request: Request, message: str, data: dict[str, Any] | None) -> Response:
    """The answer of an export refused for ``message``: a page with the message and a way back for a browser (to the
    builder holding ``data``, the deck posted, else to the decks; its language switch posts the form again), else
    the line as text (400)."""
    if "text/html" not in request.headers.get("accept", ""):
        return Response(message, status_code=400, media_type="text/plain; charset=utf-8")
    lang = request_lang(request)
    if data is not None:
        back = {"url": f"/decks/build?d={deckwork.share_code(data)}", "text": t(lang, "Back to the deck builder")}
    else:
        back = {"url": "/decks", "text": t(lang, "Back to the decks")}
    return render(request, "error.html", status_code=400, message=message, back={**back, "id": "export-back"})


@router.get("/decks/saved/{deck_id}/delete", response_class=HTMLResponse, name="deck_delete_confirm",
            include_in_schema=False)  # fmt: skip
def deck_delete_confirm(request: Request, deck_id: str, web: Web) -> Response:
    """The page that asks "Delete the saved deck …?" (the saved list's Delete leads here, a link: no script needed):
    Delete (a form post, which deletes it) or keep it, back to the decks. A deck not there: the list, saying so. A
    deck whose file cannot be read: named by its file, with why, and a link to download the file as it is."""
    from toolkit.errors import NotFound
    from toolkit.web.saved import DamagedDeck, SavedDecks, shown_name

    request_lang(request)
    try:
        data = SavedDecks(web.settings.data_path).load(deck_id)
    except DamagedDeck as exc:
        confirm: dict[str, str | None] = {"id": deck_id, "name": f"{deck_id}.json", "damaged": exc.reason}
        return render(request, "decks/index.html", confirm=confirm, options={}, saved=[], verdict=None, pasted="")
    except DossierError as exc:
        page = _index_with(request, web, exc.message, text="")
        page.status_code = 404 if isinstance(exc, NotFound) else 400
        return page
    confirm = {"id": deck_id, "name": shown_name(data.get("name"), deck_id), "damaged": None}
    return render(request, "decks/index.html", confirm=confirm, options={}, saved=[], verdict=None, pasted="")


@router.post("/decks/saved/{deck_id}/delete", dependencies=[Depends(require_write)], include_in_schema=False)
def deck_delete_form(request: Request, deck_id: str, web: Web) -> Response:
    from toolkit.web.saved import SavedDecks

    request_lang(request)
    try:
        SavedDecks(web.settings.data_path).delete(deck_id)
    except DossierError as exc:  # the list, saying why, with the API's status for it (a deck not there: 404)
        page = _index_with(request, web, exc.message, text="")
        page.status_code = getattr(exc, "status", 400)
        return page
    return RedirectResponse("/decks", status_code=303)


# ---------------------------------------------------------------------- the builder's card search


@router.get("/api/decks/cards", tags=["api"])
async def api_deck_cards(
    request: Request,
    web: Web,
    q: str = Query("", max_length=2000, description="A query in the search language (default: every card)."),
    game: str = Query("netrunner", description="tactics, netrunner or crossfire."),
    mode: str | None = Query(None, description="netrunner: only cards in this format's card pool."),
    identity: str | None = Query(None, description="netrunner: only this identity's side; influence costs for it."),
    agents: Annotated[
        list[Annotated[str, StringConstraints(max_length=2000)]] | None,
        Query(
            max_length=100,
            description="tactics: the squad's agents, each by id, name (in either language) or symbol; the "
            "parameter repeated, or a comma-separated list (exclusive cards of other agents are marked "
            "``outside_squad``; an agent the game has not is a 400).",
        ),
    ] = None,
    limit: int = Query(200, ge=1, le=500),
    lang: str | None = Query(None, description="zh-Hans, en or en-XA (default: the page's language)."),
) -> Response:
    """The deck builder's card search: /api/search scoped to the deck: for netrunner, the format's card pool
    and the identity's side (other factions' agendas left out), each card with the influence a copy costs
    that identity (``influence``: 0 in its faction) and whether the format's ban list bans it; for tactics, the
    cards a personal deck may hold (no token, T4, and no matrix shop card, T5), each exclusive card with its agent
    (``agent``, ``agent_name``) and, given the squad (``agents``: :func:`squad_ids`), whether that agent is outside
    it."""
    from toolkit.search import QueryError
    from toolkit.web.routes.api import json_bytes, keys_address, lang_of, query_error

    language = lang_of(request, lang)

    def make() -> bytes:
        return json_bytes(scoped_search(web, q, game, mode, identity, limit, language, squad,
                                        keys=keys_address(request)))  # fmt: skip

    squad = None if agents is None else [a.strip() for given in agents for a in given.split(",") if a.strip()]
    key = ("deck_cards", q, game, mode, identity, None if squad is None else tuple(squad), limit, lang_key(language))
    try:
        body = await web.cached_async(key, make)
    except QueryError as exc:
        raise query_error(exc) from None
    return Response(body, media_type="application/json")


def squad_ids(web: Any, names: list[str]) -> list[str]:
    """The ids of the tactics agents ``names`` names, in order (a private may repeat, T2): each by id, by name in
    either language (:class:`toolkit.decks.NameIndex`, as a deck list names one) or by symbol (as search's
    ``agent:`` key takes one). One that names no agent of the game is a :class:`DossierError` naming it (a scope
    asked for and not there is said, not dropped: the squad is never silently short of an agent)."""
    ids = []
    for name in names:
        found = web.deck_pool.names.lookup(name, game="tactics", kind="agent") or [
            r for r in web.deck_pool.records
            if r.kind == "agent" and getattr(r, "game", None) == "tactics" and getattr(r, "symbol", None) == name
        ]  # fmt: skip
        exact = [r for r in found if r.id == name]
        if len(found) > 1 and not exact:
            raise DossierError(tr("{name} could be any of: {ids}; write its id instead", name=repr(name),
                                  ids=tr(", ").join(repr(r.id) for r in found)))  # fmt: skip
        if not found:
            raise DossierError(tr("no tactics agent {id}", id=repr(name)))
        ids.append((exact or found)[0].id)
    return ids


def scoped_search(
    web: Any,
    q: str,
    game: str,
    mode: str | None,
    identity_id: str | None,
    limit: int,
    lang: str,
    squad: list[str] | None = None,
    keys: str | None = None,
) -> dict[str, Any]:
    """The answer of :func:`api_deck_cards`: the query, the scope it ran in, the results (by name in ``lang`` when
    nothing is typed, as `search --sort name` orders them; a query's results as `search` ranks them). ``squad``:
    the tactics squad's agents by id, name or symbol (:func:`squad_ids`; None: not said, exclusive cards are not
    marked)."""
    from toolkit.i18n import name_of
    from toolkit.search import parse_query
    from toolkit.web.routes.api import run_search

    typed = q.strip() or ("k:role" if game == "crossfire" else "k:card")
    # a malformed query's error names its column in the query as typed (an unknown key's points at ``keys``, the
    # address of the web's list of search keys)
    parse_query(typed, keys)
    scope: dict[str, Any] = {"format": None, "identity": None, "side": None}
    scoped = typed
    identity = None
    lookup = None
    if game == "netrunner":
        pools = pools_of(web)
        lookup = web.deck_pool.lookup("netrunner")
        fmt = pools.get(mode or "")
        if mode and fmt is None:  # a scope asked for and not there is said, not dropped
            raise DossierError(tr("unknown format {format}; formats here: {formats}", format=repr(mode),
                                  formats=", ".join(sorted(pools))))  # fmt: skip
        if fmt is not None:
            scoped += f' z:"{fmt.id}"'
            scope["format"] = fmt.id
        candidate = lookup(identity_id) if identity_id else None
        if identity_id and (candidate is None or candidate.kind != "identity"):
            raise DossierError(tr("no netrunner identity {id}", id=repr(identity_id)))
        if candidate is not None and candidate.kind == "identity":
            identity = candidate
            scoped += f" d:{identity.side}"
            scope.update(identity=identity.id, side=identity.side, faction=identity.faction,
                         identity_name=name_of(identity, lang))  # fmt: skip
    if game == "tactics" and squad is not None:
        squad = squad_ids(web, squad)  # (an agent named by its name is marked, and reported, by its id)
    wanted = min(limit * 2, 500) if identity is not None else limit
    if game == "tactics" and web.deck_pool.rules.games.get("tactics") is not None:
        # never in a personal deck: token cards (T4) and matrix shop cards (T5), left out below; asked for as many
        # more as the pool has, so that the limit counts only what is left (a negated term, token!yes, would
        # leave out the agents too: they have no such attribute)
        lookup = web.deck_pool.lookup("tactics")
        scope["agents"] = squad
        wanted = min(limit + sum(1 for r in web.deck_pool.records if _never_in_a_deck(r)), 500)
    # browsing (no query typed): by the names the page shows, A to Z; a query typed: as `search` ranks it (the exact
    # name first, which a sort by name could push past the limit)
    found = run_search(web, scoped, game, wanted, lang, sort=None if q.strip() else "name")
    results = []
    for entry in found["results"]:
        if game == "netrunner" and lookup is not None:
            record = lookup(entry["id"])
            if record is None:
                continue
            if scope["format"] is not None and getattr(record, "starter_only", False):
                continue  # for the starter game only: in no format's pool
            if identity is not None and (record.kind == "identity" or not deckwork.playable(record, identity, lookup)):
                continue
            entry = dict(entry)  # the search's entries are shared: annotate a copy
            if record.kind == "card":
                entry["faction"] = record.faction
                entry["influence"] = deckwork.influence_cost(record, identity) if identity is not None else None
                entry["banned"] = scope["format"] is not None and record.id in pools[scope["format"]].banned
        if game == "tactics" and lookup is not None:
            record = lookup(entry["id"])
            if record is not None and record.kind == "card":
                if _never_in_a_deck(record):
                    continue
                if record.agent is not None:  # an exclusive card (T3): its agent, and whether the squad has it
                    agent = lookup(record.agent)
                    entry = dict(entry)
                    entry["agent"] = record.agent
                    entry["agent_name"] = name_of(agent, lang) if agent is not None else record.agent
                    entry["outside_squad"] = None if squad is None else record.agent not in squad
        results.append(entry)
        if len(results) >= limit:
            break
    return {"query": typed, "scope": scope, "count": len(results), "results": results}
