"""The card browser: the search language in one box (errors inline, as the CLI words them), results as a
grid of card images drawn by the print layouts, a page per record, and the images themselves."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response

from toolkit import i18n
from toolkit.errors import DossierError
from toolkit.i18n import tr
from toolkit.i18n.words import N_
from toolkit.web import vocab
from toolkit.web.app import Web
from toolkit.web.templating import render, request_lang, request_tag

router = APIRouter(tags=["pages"])

PAGE = 60
# queries to try, in the words of the page's language (the search language reads both)
EXAMPLES = {
    "zh-Hans": (
        ("t:装备 攻速>=2", "tactics"),
        ("种类:特工", "tactics"),
        ("派系:criminal t:事件", "netrunner"),
        ("t:防火墙 o<=3", "netrunner"),
        ("legal:standard inf>=3", "netrunner"),
        ("队伍:红", "crossfire"),
        ("抽牌", ""),
    ),
    "en": (
        ("t:equipment speed>=2", "tactics"),
        ("k:agent", "tactics"),
        ("f:criminal t:event", "netrunner"),
        ("t:ice o<=3", "netrunner"),
        ("legal:standard inf>=3", "netrunner"),
        ("team:red", "crossfire"),
        ("heist", ""),
    ),
}


def examples(lang: str) -> tuple[tuple[str, str], ...]:
    from toolkit.i18n import text_lang

    return EXAMPLES.get(lang, EXAMPLES[text_lang(lang)])


@router.get("/cards", response_class=HTMLResponse, name="cards_index", include_in_schema=False)
def cards_index(
    request: Request,
    web: Web,
    q: str = "",
    game: str = Query("", max_length=40),
    limit_text: str = Query("", alias="limit"),
    sort: str = Query("", max_length=20),
    page_text: str = Query("", alias="page"),
) -> HTMLResponse:
    from toolkit.search import QueryError
    from toolkit.search.parser import MAX_QUERY_LENGTH
    from toolkit.web.routes.api import built_elsewhere_notice, keys_address, run_search, web_game

    lang = request_lang(request)
    result = None
    error: dict[str, Any] | None = None
    status = 200
    game = menu_game(game)
    game_problem = None
    if game.strip():
        try:
            web_game(game, menu=True)
        except DossierError as exc:  # said at the Game menu, which keeps it; nothing is searched (as /api/search)
            game_problem = exc.message
            status = 400
    asked_sort = sort
    sort, sort_problem = menu_sort(sort)
    if sort_problem is not None:  # said at the Sort menu, which keeps it; the results in the default order
        status = 400
    q = q[: MAX_QUERY_LENGTH + 1]  # the parser refuses a longer one, inline; the page need not echo all of it
    # odd ?page= / ?limit= values (a hand-edited link) are told on the page, as a malformed query is
    page, problem = _whole(page_text, 1, 100_000, "page")
    limit, limit_problem = _whole(limit_text, PAGE, 1000, "limit")
    problem = problem or limit_problem
    if problem is not None:
        error = {"message": "", "query": q, "column": None, "problem": problem}
        status = 400
    elif q.strip() and game_problem is None:
        try:
            chosen = web_game(game or None, menu=True)  # (worded for the page: the Game menu, not --game)
            # (an unknown key is pointed at this page's list of the search keys, shown under the error)
            result = run_search(web, q, chosen, limit, lang, offset=(page - 1) * limit, sort=sort or None,
                                keys=keys_address(request))  # fmt: skip
        except QueryError as exc:
            error = {"message": exc.message, "query": exc.query, "column": exc.column, "problem": exc.problem,
                     "keys_at": keys_address(request), **marked(exc.query, exc.column)}  # fmt: skip
            status = 400
        except DossierError as exc:
            error = {"message": "", "query": q, "column": None, "problem": exc.message}
            status = 400
    results = result["results"] if result else []
    total = result["total"] if result else 0
    pages = -(-total // limit)

    def url(number: int) -> str:
        params: dict[str, Any] = {"q": q, "game": game}
        if sort:
            params["sort"] = sort
        if limit != PAGE:
            params["limit"] = limit
        if number > 1:
            params["page"] = number
        return "/cards?" + urlencode(params)

    # each result links its card page with this search (query, game, sort, page), for the page's way back
    back = quote(url(page).partition("?")[2], safe="")
    results = [{**r, "url": f"{r['url']}&back={back}"} for r in results]
    return render(
        request,
        "cards/index.html",
        status_code=status,
        q=q,
        game=game,
        limit=limit,
        results=results,
        total=total,
        first=(page - 1) * limit + 1,
        last=(page - 1) * limit + len(results),
        page=page,
        pages=pages,
        pager=[(n, url(n)) if n else (None, None) for n in page_numbers(page, pages)],
        # past the last page: back to the last one (the one before is empty too)
        previous_url=url(max(1, min(page - 1, pages))) if page > 1 else None,
        next_url=url(page + 1) if page < pages else None,
        sort=asked_sort[:20] if sort_problem else sort,
        sorts=SORT_CHOICES,
        sort_problem=sort_problem,
        game_problem=game_problem,
        error=error,
        searched=bool(q.strip()),
        examples=examples(lang),
        keys=vocab.search_keys(lang, web),  # (the set and released keys: examples the served cards answer)
        notice=built_elsewhere_notice() if web.built_elsewhere else None,  # (search and card pages may differ)
    )


def menu_game(game: str) -> str:
    """``game`` as the Game menu holds it: the id of the game a name means (``Netrunner``, 矩阵潜袭, ``NETRUNNER``:
    ``netrunner``), so that the menu shows the game searched and the next search keeps it; as given when it
    names no game (the search says so)."""
    from toolkit.search import vocab as search_vocab

    found = search_vocab.lookup(search_vocab.GAMES, game) if game.strip() else None
    return found if found is not None else game


def menu_label_sort(sort: str) -> str | None:
    """The key of :data:`SORT_CHOICES` whose label ``sort`` is, in English or Chinese (费用，从高到低: ``-cost``, a
    link written with the menu's words), else None."""
    wanted = " ".join(sort.split()).casefold()
    if not wanted:
        return None
    for lang in ("en", i18n.DEFAULT_LANG):
        for value, label in SORT_CHOICES.items():
            if value and i18n.t(lang, label).casefold() == wanted:
                return value
    return None


def menu_sort(sort: str) -> tuple[str, str | None]:
    """``sort`` as the Sort menu holds it (a key of :data:`SORT_CHOICES`: ``+Cost`` and 费用 are ``cost``, the menu's
    whole label 费用，从高到低 ``-cost``) and None; for an unknown sort, ("", why, in the words /api/search refuses
    it with): the page then says so, and shows the results in the default order (the menu's choice)."""
    from toolkit.search.compile import sort_choices, sort_order

    labelled = menu_label_sort(sort)
    if labelled is not None:
        return labelled, None
    try:
        chosen = sort_order(sort)
    except ValueError:
        return "", tr("unknown sort {sort}; one of {choices} (a {minus} first: descending)", sort=repr(sort[:20]),
                      choices=sort_choices(), minus="'-'")  # fmt: skip
    if chosen is None:
        return "", None
    name, descending = chosen
    return ("-" if descending else "") + name, None


def marked(query: str, column: int) -> dict[str, str]:
    """The query around the 1-based ``column`` a QueryError names: the text before it, the character there (empty at
    the end of the query) and the rest. The page marks the character and sets the caret under it after the text
    before it, drawn the same (hidden), so the caret stands under it whatever the characters' widths (a Chinese
    character is two columns wide, in a font of its own): counting characters put it under the wrong one."""
    index = max(column - 1, 0)
    return {"before": query[:index], "bad": query[index : index + 1], "after": query[index + 1 :]}


BACK_KEYS = ("q", "game", "sort", "limit", "page")  # what a card page's way back to the search carries


def back_url(back: str) -> str:
    """The search page a card page leads back to: ``/cards`` with the search ``back`` carries (a query string: the
    result links give it), only its ``q``, ``game``, ``sort``, ``limit`` and ``page`` kept and encoded again; always
    an address of this site's search page, whatever ``back`` holds (never another site's: no open redirect)."""
    kept = [(k, v[:2001]) for k, v in parse_qsl(back[:8000], keep_blank_values=False) if k in BACK_KEYS]
    seen: set[str] = set()
    params = []
    for key, value in kept:
        if key not in seen:
            seen.add(key)
            params.append((key, value))
    return "/cards?" + urlencode(params) if params else "/cards"


# The sorts the page offers (value -> label): every one of toolkit.search.compile.SORTS, each way (as the API and the
# CLI take them).
SORT_CHOICES: dict[str, str] = {
    "": N_("Default order"),
    "name": N_("Name"),
    "-name": N_("Name, reversed"),
    "cost": N_("Cost"),
    # (a tactics card's cost is the cards it mortgages, printed as a negative cost: "dearest" holds for both games)
    "-cost": N_("Cost, dearest first"),
    "faction": N_("Faction"),
    "-faction": N_("Faction, reversed"),
    "type": N_("Type"),
    "-type": N_("Type, reversed"),
    "set": N_("Set"),
    "-set": N_("Set, reversed"),
    "release": N_("Release date, oldest first"),
    "-release": N_("Release date, newest first"),
    "strength": N_("Strength"),
    "-strength": N_("Strength, highest first"),
    "influence": N_("Influence"),
    "-influence": N_("Influence, highest first"),
}


def _whole(value: str, default: int, high: int, name: str) -> tuple[int, str | None]:
    """``value`` (a query parameter) as a whole number from 1 to ``high``: (number, None), else (``default``, why)."""
    text = value.strip()
    if not text:
        return default, None
    if text.isascii() and text.isdigit() and len(text) <= 9 and 1 <= int(text) <= high:
        return int(text), None
    problem = tr("{option} {value}: a whole number from {low} to {high}", option=f"?{name}=", value=repr(text[:20]),
                 low=1, high=high)  # fmt: skip
    return default, problem


def page_numbers(page: int, pages: int, around: int = 2) -> list[int]:
    """The page numbers a pager links: the first, the last, and those near ``page``; 0 marks a gap."""
    if pages <= 1:
        return []
    wanted = sorted({1, pages, *range(max(1, page - around), min(pages, page + around) + 1)})
    out: list[int] = []
    for number in wanted:
        if out and number > out[-1] + 1:
            out.append(0)
        out.append(number)
    return out


@router.get("/cards/{game}/{record_id}", response_class=HTMLResponse, name="card_page", include_in_schema=False)
async def card_page(
    request: Request,
    web: Web,
    game: str,
    record_id: str,
    kind: str | None = None,
    back: str = "",
) -> HTMLResponse:
    """A record's page, drawn once per pool generation, language and address (:mod:`toolkit.web.pagecache`);
    drawn on the event loop over SQLite (about a millisecond), in a worker thread over PostgreSQL. ``back``: the
    search the page was opened from (its query string), which "Back to search" returns to (:func:`back_url`). A game
    named otherwise than by its id (``Tactics``, 特工战术) leads to the page's own address (307); an id two records
    share, without ``kind``, is a 400 naming both."""
    from fastapi.responses import RedirectResponse

    from toolkit.models import GAMES
    from toolkit.web.cardview import describe, game_id
    from toolkit.web.pagecache import cached_page
    from toolkit.web.routes.api import built_elsewhere_notice

    if game not in GAMES and (known := game_id(game)) is not None:
        query = request.url.query
        address = f"/cards/{known}/{quote(record_id, safe='')}" + (f"?{query}" if query else "")
        return RedirectResponse(address, status_code=307)  # type: ignore[return-value]  # (a page's address)

    def draw(placeholders: dict[str, Any]) -> HTMLResponse:
        lang = request_lang(request)
        way_back = back_url(back)
        try:
            card = describe(web, game, record_id, kind, lang)
        except DossierError as exc:  # not there (404), or an id that names two records (400)
            return render(request, "cards/missing.html", status_code=getattr(exc, "status", 400), message=exc.message,
                          back_url=way_back, **placeholders)  # fmt: skip
        notice = built_elsewhere_notice() if web.built_elsewhere else None
        return render(request, "cards/card.html", card=card, back_url=way_back, notice=notice, **placeholders)

    key = ("card", game, record_id, kind)
    if web.inline_ok:
        page: HTMLResponse = cached_page(request, web, key, draw)
        return page
    from starlette.concurrency import run_in_threadpool

    page = await run_in_threadpool(cached_page, request, web, key, draw)
    return page


_ENTITY_TAG = re.compile(r'[\s,]*(?:W/)?("[^"]*")[ \t]*(?=,|$)')


def none_match(header: str | None, etag: str) -> bool:
    """Whether an If-None-Match ``header`` matches the current ``etag`` (``"…"``) by the weak comparison HTTP
    prescribes for it (RFC 9110 §13.1.2): ``*``, or a list of entity tags one of which, weak (``W/"…"``) or not,
    has the same opaque tag (empty list elements allowed). A malformed header matches nothing: the full answer."""
    if header is None:
        return False
    if header.strip() == "*":
        return True
    tags, at = [], 0
    while header[at:].strip(" \t,"):
        found = _ENTITY_TAG.match(header, at)
        if found is None:
            return False
        tags.append(found.group(1))
        at = found.end()
    return etag.removeprefix("W/") in tags


@router.get("/images/{game}/{kind}/{record_id}.png", name="card_image", include_in_schema=False)
def card_image(request: Request, web: Web, game: str, kind: str, record_id: str, lang: str | None = None) -> Response:
    """The card drawn by the print layouts (PNG) in ``lang`` (default: the page's language), cached by content
    and language; the ETag is the content key."""
    from toolkit.web import cardview

    images = web.images
    page = request_lang(request)
    lang = images.face_lang(lang if i18n.accept(lang) is not None else request_tag(request))
    record: Any = web.catalog.get(game, record_id, kind)
    if record is None or record.kind != kind:  # (worded as the card page words it: the game by its name)
        message = cardview.missing(game, record_id, kind, page)
        return Response(message, status_code=404, media_type="text/plain; charset=utf-8")
    if not images.printable(record):
        message = cardview.unprinted(game, record_id, kind, page)
        return Response(message, status_code=404, media_type="text/plain; charset=utf-8")
    etag = f'"{images.key(record, lang)}"'
    headers = {"ETag": etag, "Cache-Control": "public, max-age=300, must-revalidate", "Vary": "Accept-Language, Cookie"}
    if none_match(request.headers.get("if-none-match"), etag):
        return Response(status_code=304, headers=headers)
    data, _ = images.png(record, lang)
    return Response(data, media_type="image/png", headers=headers)
