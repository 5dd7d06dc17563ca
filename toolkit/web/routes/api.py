"""The JSON API under /api (OpenAPI at /docs): search, records, decks (validate, import, export, stats,
odds, sample hands, share codes, saved decks) and the choices the deck builder offers.

Errors are 400 with ``{"detail": "one line"}``; a malformed query's detail also has its column:
``{"detail": {"message", "query", "column", "problem"}}``. Writes (saving and deleting decks) pass
:func:`toolkit.web.security.require_write`; everything else only reads or computes.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Depends, File, Form, HTTPException, Query, Request, UploadFile
from fastapi.responses import Response
from pydantic import BaseModel, Field

from toolkit import i18n
from toolkit.errors import DossierError
from toolkit.web import deckwork, vocab
from toolkit.web.app import Web, WebState
from toolkit.web.security import require_write
from toolkit.web.templating import lang_key, request_lang, request_tag

router = APIRouter(prefix="/api", tags=["api"])

LIMIT_MAX = 500
GAMES = ("tactics", "netrunner", "crossfire")
SMALL_DECK = 32 * 1024  # a deck request up to this size (JSON) is validated on the event loop (WebState.cached_async)


@router.get("/health")
def health() -> dict[str, str]:
    """Liveness: ``{"status": "ok"}``."""
    return {"status": "ok"}


def json_bytes(data: Any) -> bytes:
    """The JSON of an answer, as FastAPI would send it (UTF-8, compact), made once to be cached."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")


def lang_of(request: Request, lang: str | None) -> str:
    """The output language of an answer: ``lang`` when given (zh-Hans, en, the pseudo-locale en-XA), else the
    page's (:func:`toolkit.web.templating.request_lang`); it becomes the current language."""
    if lang is not None:
        asked = i18n.accept(lang)
        if asked is None:
            request_lang(request)
            raise HTTPException(
                400, i18n.tr("lang must be one of {langs}, not {lang}", langs=", ".join(i18n.LANGS), lang=repr(lang))
            )
        return i18n.set_lang(asked)
    return request_lang(request)


# ---------------------------------------------------------------------- search and records


class SearchResult(BaseModel):
    game: str
    kind: str
    id: str
    ref: str = Field(description="game/id")
    type: str | None
    name: str = Field(description="The name in the language asked for.")
    name_zh: str
    name_en: str | None
    name_lang: str = Field(
        "zh-Hans", description="The language ``name`` is in: another than the one asked for when the record has no "
        "name in it (an imported card's English stand-in, listed in its ``untranslated``, is English)."
    )
    game_name: str = Field(description="The game, in the language asked for.")
    type_name: str = Field(description="The kind and type, in the language asked for (Card · Ice).")
    stats: str = Field(
        description="The attributes in the query language's words (cost 2 · inf 3; zh-Hans: its Chinese keys)."
    )
    image: str | None = Field(description="URL of the card's image, drawn by the print layouts; null: none printed.")
    url: str = Field(description="URL of the card's page.")


class SearchResponse(BaseModel):
    query: str
    count: int = Field(description="Results in this answer (this page).")
    total: int = Field(description="Records the query matches, on every page.")
    offset: int = Field(0, description="Matches left out before the first result.")
    limit: int | None = Field(None, description="Page size: at most this many results.")
    sort: str | None = Field(None, description="The sort order, or null for display order.")
    notice: str | None = Field(
        None,
        description="Present when the database was built elsewhere, from other card files than this server's: the "
        "results' names and texts may then differ from /api/records and the card pages.",
    )
    results: list[SearchResult]


def run_search(
    web: WebState,
    q: str,
    game: str | None,
    limit: int | None,
    lang: str,
    *,
    offset: int = 0,
    sort: str | None = None,
    keys: str | None = None,
) -> dict[str, Any]:
    """The search of `dossier search` (toolkit.search) as the data of a :class:`SearchResponse`; a QueryError is
    raised as it is (an unknown key's pointing at ``keys``, the address of the web's list of search keys:
    :func:`keys_address`). Plain dicts, not the models: they only document the answer, and building and dumping a
    model per hit was a tenth of a search's time under load (bench/serve.py). ``total`` is every match,
    counted only when this page may not hold them all."""
    from toolkit.search import count, parse_query, search

    parsed = parse_query(q, keys)
    game = web_game(game)
    sort = sort or None
    database = web.database  # one build for the whole answer, though another may be opened meanwhile
    hits = search(database, parsed, game=game, limit=limit, offset=offset, sort=sort, lang=lang)
    if (limit is None or len(hits) < limit) and (hits or not offset):
        total = offset + len(hits)
    else:
        total = count(database, parsed, game=game)
    # a record's entry depends only on the record (as this build of the database holds it) and the language: made
    # once per generation, and kept only when made from the database the memo was made for (a search under way
    # when another build was opened must not leave the old build's names in the new memo)
    # (a search is then the query and the SQL; making the entries was half of it, bench/serve.py --no-cache)
    memo: tuple[Any, dict[tuple[str, str, str], dict[str, Any]]] = web.memo(
        f"search_entries:{lang_key(lang)}", lambda: (web.database, {})
    )
    entries = memo[1] if memo[0] is database else {}
    results = []
    for hit in hits:
        key = (hit.game, hit.kind, hit.id)
        entry = entries.get(key)
        if entry is None:
            entry = entries[key] = _search_entry(web, hit, lang)
        results.append(entry)
    answer = {
        "query": parsed.source,
        "count": len(results),
        "total": total,
        "offset": offset,
        "limit": limit,
        "sort": sort,
        "results": results,
    }
    if web.built_elsewhere:
        answer["notice"] = built_elsewhere_notice()
    return answer


def keys_address(request: Request) -> str:
    """The address of the web's list of search keys (the search page's, ``/cards#search-keys``), which a query's
    unknown key is pointed at (the command line points at `dossier search --help`)."""
    return f"{request.url_for('cards_index')}#search-keys"


def built_elsewhere_notice() -> str:
    """What the search page and the API say when the database was built from other card files than the server's."""
    return i18n.tr(
        "The search reads a database that was built elsewhere, from other card files than the ones this server "
        "shows: names and texts in the results may differ from the card pages. Restarting the server rebuilds "
        "it from its own card files."
    )


def web_game(game: str | None, *, menu: bool = False) -> str | None:
    """``game`` (an id or a game's name, as `dossier search --game` takes them) as a game id; None for none. An
    unknown one is a :class:`DossierError` in the web's words: the API's ``?game=`` parameter, or (``menu``) the
    Game menu of the search page; not the CLI's ``--game``, which no web user typed."""
    from toolkit.search import vocab as search_vocab

    if not game:
        return None
    found = search_vocab.lookup(search_vocab.GAMES, game)
    if found is not None:
        return found
    value = repr(game[:40])
    if menu:
        lang = i18n.current_lang()
        names = i18n.tr(", ").join(i18n.word("web.game", g, lang) for g in GAMES)
        raise DossierError(i18n.tr("unknown game {value}; choose one in the Game menu ({choices})", value=value,
                                   choices=names))  # fmt: skip
    raise DossierError(
        i18n.tr(
            "{option} {value}: unknown game; one of {choices}", option="?game=", value=value, choices=", ".join(GAMES)
        )
    )


def _search_entry(web: WebState, hit: Any, lang: str) -> dict[str, Any]:
    from toolkit.search.display import names
    from toolkit.search.run import shared_ids, unique_ref

    catalog = web.catalog
    record = catalog.get(hit.game, hit.id, hit.kind)
    printable = record is not None and web.images.printable(record)
    if not i18n.chinese(lang):
        name_lang = "en" if hit.name_en else "zh-Hans"
    else:  # (an import's English stand-in stored as the Chinese name is English)
        stand_in = "/name/zh-Hans" in (getattr(record, "untranslated", None) or [])
        name_lang = "en" if stand_in or not hit.name_zh else "zh-Hans"
    return {
        "game": hit.game,
        "kind": hit.kind,
        "id": hit.id,
        # what `dossier show` takes for this record alone: crossfire/mode/sniper where a role is sniper too
        "ref": unique_ref(hit, web.memo("shared_ids", lambda: shared_ids(web.database))),
        "type": hit.type,
        "name": names(hit, lang)[0],
        "name_zh": hit.name_zh,
        "name_en": hit.name_en,
        "name_lang": name_lang,
        "game_name": i18n.word("web.game", hit.game, lang),
        "type_name": vocab.kind_line(hit.kind, hit.type, lang),
        "stats": vocab.hit_stats(hit, lang, lambda kind, rid: catalog.get(hit.game, rid, kind)),
        "image": f"/images/{hit.game}/{hit.kind}/{hit.id}.png?lang={lang_key(lang)}" if printable else None,
        "url": f"/cards/{hit.game}/{hit.id}?kind={hit.kind}",
    }


def query_error(exc: Any) -> HTTPException:
    return HTTPException(
        400, {"message": exc.message, "query": exc.query, "column": exc.column, "problem": exc.problem}
    )


@router.get("/search", response_model=SearchResponse)
async def api_search(
    request: Request,
    web: Web,
    q: str = Query(
        ...,
        max_length=2000,
        description="A query in the search language, its keys and words in English or Chinese: t:equipment speed>=2 "
        "(t:装备 攻速>=2).",
    ),
    game: str | None = Query(None, description="tactics, netrunner or crossfire (or the game's name)."),
    limit: int = Query(60, ge=1, le=LIMIT_MAX, description="Page size."),
    lang: str | None = Query(None, description="zh-Hans, en or en-XA (default: the page's language)."),
    offset: int = Query(0, ge=0, le=1_000_000, description="Matches to leave out before the first result."),
    page: int | None = Query(
        None, ge=1, le=100_000, description="Page number from 1 (pages of `limit`); instead of `offset`."
    ),
    sort: str | None = Query(
        None,
        max_length=20,
        description="name, cost, faction, type, set, release, strength or influence; `-` first: descending "
        "(default: the order `dossier search` prints).",
    ),
) -> SearchResponse:
    """Records matching ``q``, in the order `dossier search` prints them (or by ``sort``), a page at a time:
    ``total`` counts every match."""
    from toolkit.search import QueryError
    from toolkit.search.run import check_sort

    language = lang_of(request, lang)
    if page is not None:
        offset = (page - 1) * limit
    try:
        sort = check_sort(sort)
    except DossierError as exc:
        raise HTTPException(400, {"message": exc.message}) from None

    def make() -> bytes:
        return json_bytes(run_search(web, q, game, limit, language, offset=offset, sort=sort,
                                     keys=keys_address(request)))  # fmt: skip

    try:
        body = await web.cached_async(("search", q, game, limit, lang_key(language), offset, sort), make)
    except QueryError as exc:
        raise query_error(exc) from None
    # (in the language of the page's cookie or Accept-Language, unless ?lang= says: every answer under /api/ says it
    # varies so, toolkit.web.guard.SecurityHeaders)
    return Response(body, media_type="application/json")  # type: ignore[return-value]  # the model documents it


@router.get("/records/{game}/{record_id}")
def api_record(
    request: Request,
    web: Web,
    game: str,
    record_id: str,
    kind: str | None = Query(None, description="card, agent, unit, identity, role, mode, …"),
    lang: str | None = None,
) -> dict[str, Any]:
    """One record in full (as stored), its names, its ability text rendered in zh-Hans and English,
    and for netrunner cards the printings and legality in each format."""
    from toolkit.web.cardview import describe

    return describe(web, game, record_id, kind, lang_of(request, lang))


# ---------------------------------------------------------------------- decks


class DeckInput(BaseModel):
    """A deck: as JSON data (``deck``, the Dossier format) or as text in any readable format (``text``)."""

    deck: dict[str, Any] | None = Field(None, description="Dossier JSON deck (game, mode, name, cards, …).")
    text: str | None = Field(
        None,
        max_length=deckwork.MAX_TEXT,
        description="Deck text: Dossier JSON, a text list, NetrunnerDB, jinteki, .o8d",
    )
    format: str | None = Field(None, description="json, text, nrdb, jinteki or o8d (default: from the content).")
    filename: str | None = Field(None, max_length=200, description="The file's name, shown in findings.")
    mode: str | None = Field(None, description="Read or validate under this mode/format.")
    lang: str | None = Field(None, description="zh-Hans or en (default: the deck's own language, else the page's).")


class ValidateInput(DeckInput):
    banlist: str | None = Field(None, description="netrunner: validate under this ban list of the format.")


def loaded_of(web: WebState, body: DeckInput) -> Any:
    pool = web.deck_pool
    if (body.deck is None) == (body.text is None):
        raise HTTPException(400, i18n.tr("give either deck (JSON data) or text"))
    if body.deck is not None:
        return deckwork.read_json_deck(pool, body.deck)
    assert body.text is not None
    return deckwork.read_text(pool, body.text, filename=body.filename, fmt=body.format, mode=body.mode)


def explicit_lang(request: Request, body: DeckInput) -> str | None:
    """The language asked for in so many words: ``lang`` of the body, else ``?lang=`` or the cookie."""
    if body.lang is not None:
        return lang_of(request, body.lang)
    if "lang" in request.query_params or "lang" in request.cookies:
        return request_lang(request)
    return None


def read_in_lang(request: Request, web: WebState, body: DeckInput) -> tuple[Any, str]:
    """The deck read, and the language of the answer: the one asked for, else the deck's own (as `dossier
    deck` answers), else the page's. It is the current language while the deck is read and checked, so
    the findings come out in it."""
    lang = explicit_lang(request, body)
    if lang is not None:
        return loaded_of(web, body), lang
    lang = request_lang(request)
    loaded = loaded_of(web, body)
    if loaded.lang in i18n.LANGS and loaded.lang != lang:
        lang = i18n.set_lang(loaded.lang)
        loaded = loaded_of(web, body)  # again, its findings in the deck's language
    return loaded, lang


@router.post("/decks/validate")
async def api_validate(request: Request, body: ValidateInput, web: Web) -> Response:
    """`dossier deck validate`: every finding (reading and rules), the summary line, legal or not."""

    def make() -> dict[str, Any]:
        loaded, lang = read_in_lang(request, web, body)
        return deckwork.validate(web.deck_pool, loaded, lang=lang, mode=body.mode, banlist=body.banlist).to_json()

    # what decides the answer's language: asked for in so many words, else the deck's, else the page's
    langs = (body.lang, request.query_params.get("lang"), request.cookies.get("lang"), request_tag(request))
    given = body.model_dump_json()
    data = await web.cached_async(
        ("validate", given, langs), lambda: json_bytes(make()), small=len(given) <= SMALL_DECK
    )
    return Response(data, media_type="application/json")


class AnalyzeInput(ValidateInput):
    turns: int = Field(5, ge=0, le=30)
    per_turn: int = Field(1, ge=0, le=20)
    carried: list[dict[str, Any]] = Field(
        default_factory=list,
        max_length=200,
        description="Findings of reading the list the deck was imported from ({code, message, line, file}): "
        "the lines it could not place, shown and counted as errors until fixed.",
    )


@router.post("/decks/analyze")
def api_analyze(request: Request, web: Web, body: AnalyzeInput) -> dict[str, Any]:
    """The deck builder's one call per change: the verdict of /decks/validate, the card list with names,
    the stats, the draw odds and the share code."""
    loaded, lang = read_in_lang(request, web, body)
    carried = deckwork.carried_findings(body.carried)
    return deckwork.analyze(web.deck_pool, loaded, lang, turns=body.turns, per_turn=body.per_turn,
                            banlist=body.banlist, carried=carried, mode=body.mode)  # fmt: skip


@router.post("/decks/import")
def api_import(request: Request, body: DeckInput, web: Web) -> dict[str, Any]:
    """Read a deck in any supported format: the deck as Dossier JSON (null when it cannot be read), with the
    findings and summary of validating it, and its share code."""
    loaded, lang = read_in_lang(request, web, body)
    verdict = deckwork.validate(web.deck_pool, loaded, lang=lang, mode=body.mode)
    data = verdict.to_json()
    data["format"] = body.format or (deckwork.sniff_format(body.text, body.filename) if body.text else "json")
    data["share"] = deckwork.share_code(data["deck"]) if data["deck"] else None
    return data


@router.post("/decks/import/file")
async def api_import_file(
    request: Request,
    web: Web,
    file: Annotated[UploadFile, File(description="A deck file: .json, .txt (text list, NetrunnerDB, jinteki) or .o8d")],
    mode: str | None = Form(None),
    lang: str | None = Form(None),
) -> dict[str, Any]:
    """The same as /api/decks/import for an uploaded file."""
    language = lang_of(request, lang)
    raw = await file.read(deckwork.MAX_TEXT + 1)
    if len(raw) > deckwork.MAX_TEXT:
        raise HTTPException(
            400, i18n.tr("the file is larger than {n} KiB, the limit for a deck file", n=deckwork.MAX_TEXT // 1024)
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise HTTPException(400, i18n.tr("{file}: not UTF-8 (byte {n})", file=file.filename, n=exc.start)) from None
    body = DeckInput(text=text, filename=file.filename, mode=mode or None, lang=lang and lang_key(language))
    return api_import(request, body, web)


class ExportInput(DeckInput):
    to: str = Field(description="json, text, nrdb, jinteki or o8d")
    printing: str | None = Field(None, description="nrdb, o8d: latest or oldest printing.")


@router.post("/decks/export")
def api_export(request: Request, body: ExportInput, web: Web) -> dict[str, Any]:
    """`dossier deck convert --to FORMAT`: the deck's file in that format (``content``) and a file name."""
    pool = web.deck_pool
    loaded, lang = read_in_lang(request, web, body)
    deck = deckwork.usable(loaded, pool)
    content = deckwork.export(pool, deck, body.to, lang=lang, printing=body.printing)
    return {
        "format": body.to,
        "filename": deckwork.export_filename(deck, body.to),
        "media_type": deckwork.MEDIA[body.to][0],
        "content": content,
    }


@router.post("/decks/export/download", response_class=Response)
def api_export_download(request: Request, body: ExportInput, web: Web) -> Response:
    """The exported file itself, as a download."""
    data = api_export(request, body, web)
    return download(data["content"], data["filename"], data["media_type"])


def download(content: str, filename: str, media_type: str) -> Response:
    from urllib.parse import quote

    ascii_name = "".join(c if c.isascii() and c.isprintable() and c not in '"\\' else "_" for c in filename)
    disposition = f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{quote(filename)}"
    return Response(
        content.encode("utf-8"), media_type=f"{media_type}; charset=utf-8", headers={"Content-Disposition": disposition}
    )


class OddsInput(DeckInput):
    turns: int = Field(5, ge=0, le=30)
    per_turn: int = Field(1, ge=0, le=20)
    hand: int | None = Field(None, ge=1, le=100)
    seed: int | None = Field(None, description="draw: shuffle seed, for a repeatable hand.")


@router.post("/decks/stats")
def api_stats(request: Request, body: DeckInput, web: Web) -> dict[str, Any]:
    """`dossier deck stats`: counts by type and faction (or agent), cost curve, influence, agenda points."""
    pool = web.deck_pool
    loaded, lang = read_in_lang(request, web, body)
    deck = deckwork.under_mode(pool, deckwork.usable(loaded, pool), body.mode)  # (as /decks/validate reads it)
    return deckwork.stats(pool, deck, lang)


@router.post("/decks/odds")
def api_odds(request: Request, body: OddsInput, web: Web) -> dict[str, Any]:
    """`dossier deck odds`: for each card, the chance of having seen a copy by the opening hand and each turn."""
    pool = web.deck_pool
    loaded, lang = read_in_lang(request, web, body)
    deck = deckwork.under_mode(pool, deckwork.usable(loaded, pool), body.mode)  # (as /decks/validate reads it)
    return deckwork.odds(pool, deck, lang, turns=body.turns, per_turn=body.per_turn, hand=body.hand)


@router.post("/decks/draw")
def api_draw(request: Request, body: OddsInput, web: Web) -> dict[str, Any]:
    """`dossier deck draw`: a sample opening hand (``seed`` makes it repeatable)."""
    pool = web.deck_pool
    loaded, lang = read_in_lang(request, web, body)
    deck = deckwork.under_mode(pool, deckwork.usable(loaded, pool), body.mode)  # (as /decks/validate reads it)
    return {"hand": deckwork.sample(pool, deck, lang, hand=body.hand, seed=body.seed)}


@router.post("/decks/share")
def api_share(request: Request, body: DeckInput, web: Web) -> dict[str, str]:
    """A share code (and URL path) that encodes the deck: base64url of its deflated compact JSON."""
    request_lang(request)
    loaded = loaded_of(web, body)
    if loaded.deck is None:
        raise HTTPException(400, i18n.tr("the deck cannot be read; fix it before sharing"))
    data = loaded.deck.model_dump(by_alias=True, exclude_none=True)
    code = deckwork.share_code(data)
    return {"code": code, "url": f"/decks/build?d={code}"}


@router.get("/decks/share/{code}")
def api_unshare(request: Request, code: str) -> dict[str, Any]:
    """The deck a share code holds (Dossier JSON data)."""
    request_lang(request)
    return {"deck": deckwork.decode_share(code)}


@router.get("/decks/options")
def api_options(request: Request, web: Web, lang: str | None = None) -> dict[str, Any]:
    """What the builder offers: per game its modes/formats, netrunner identities, tactics agents, crossfire
    player counts and special roles; and the deck formats read and written."""
    language = lang_of(request, lang)
    options = web.memo(f"options:{lang_key(language)}", lambda: deckwork.builder_options(web.deck_pool, language))
    return {"games": options, "formats": deckwork.format_names(language)}


class RolesInput(BaseModel):
    mode: str = "crossfire"
    players: int = Field(ge=1, le=20)
    specials: list[str] = Field(default_factory=list, max_length=10)


@router.post("/decks/roles")
def api_roles(request: Request, body: RolesInput, web: Web) -> dict[str, Any]:
    """The crossfire role set for a player count with special roles joining (as `deck new --game crossfire`)."""
    request_lang(request)
    return {"cards": deckwork.role_set(web.deck_pool, body.mode, body.players, body.specials)}


# ---------------------------------------------------------------------- saved decks


class SaveInput(BaseModel):
    deck: dict[str, Any]
    id: str | None = Field(
        None,
        description="Replace this saved deck (default: a new one); one that is not saved (deleted) is refused (409).",
    )
    base: str | None = Field(
        None, max_length=64, description="The version of the saved deck ``id`` this deck was opened from (``base`` of "
        "`GET /api/decks/saved/ID` or of the last save): refused (409) when the deck was saved since (the page always "
        "sends it); without it, the deck is replaced whatever its version."
    )


@router.get("/decks/saved")
def api_saved(request: Request, web: Web) -> dict[str, Any]:
    """The saved decks, newest first: each one's ``id``, ``file``, ``name``, ``game``, ``mode``, ``cards``, ``players``
    (a crossfire deck's player count, else null), ``saved`` (the time) and ``damaged`` (null, or why its file cannot be
    read as a deck, in the request's language)."""
    from toolkit.web.saved import SavedDecks

    request_lang(request)
    return {"decks": SavedDecks(web.settings.data_path).list()}


@router.get("/decks/saved/{deck_id}")
def api_saved_one(request: Request, deck_id: str, web: Web) -> dict[str, Any]:
    """A saved deck and its version (``base``: give it back with a save, which is then refused if the deck was saved
    since)."""
    from toolkit.web.saved import SavedDecks

    request_lang(request)
    deck, base = SavedDecks(web.settings.data_path).opened(deck_id)
    return {"id": deck_id, "deck": deck, "base": base}


@router.get("/decks/saved/{deck_id}/file", response_class=Response)
def api_saved_file(request: Request, deck_id: str, web: Web) -> Response:
    """A saved deck's file as it is on disk (a damaged one's too), as a download."""
    from toolkit.web.saved import SavedDecks

    request_lang(request)
    data = SavedDecks(web.settings.data_path).raw(deck_id)
    return Response(data, media_type="application/octet-stream",
                    headers={"Content-Disposition": f'attachment; filename="{deck_id}.json"'})  # fmt: skip


@router.post("/decks/saved", dependencies=[Depends(require_write)])
def api_save(request: Request, body: SaveInput, web: Web) -> Any:
    """Save a deck (it must be readable; legal or not); returns its id and version (``base``). A save of ``id`` that
    was deleted, or saved since the version ``base``, is refused: 409 with ``conflict``, the deck as it is saved now
    and its version (both null: deleted)."""
    from fastapi.responses import JSONResponse

    from toolkit.web.saved import SavedConflict, SavedDecks

    request_lang(request)
    loaded = deckwork.read_json_deck(web.deck_pool, body.deck)
    if loaded.deck is None:
        first = loaded.errors()[:1]
        raise DossierError(deckwork.finding_text(first[0]) if first else i18n.tr("not a deck"))
    try:
        deck_id, base = SavedDecks(web.settings.data_path).store(loaded.deck, body.id, body.base, existing=True)
    except SavedConflict as exc:
        return JSONResponse({"detail": exc.message, "conflict": {"deck": exc.deck, "base": exc.base}}, status_code=409)
    return {"id": deck_id, "url": f"/decks/build?saved={deck_id}", "base": base}


@router.delete("/decks/saved/{deck_id}", dependencies=[Depends(require_write)])
def api_delete_saved(request: Request, deck_id: str, web: Web) -> dict[str, str]:
    from toolkit.web.saved import SavedDecks

    request_lang(request)
    SavedDecks(web.settings.data_path).delete(deck_id)
    return {"deleted": deck_id}
