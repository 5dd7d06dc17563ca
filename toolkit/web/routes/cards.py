"""The card browser: the search language in one box (errors inline, as the CLI words them), results as a
grid of card images drawn by the print layouts, a page per record, and the images themselves."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response

from toolkit.errors import DossierError
from toolkit.web.app import Web
from toolkit.web.templating import render, request_lang

router = APIRouter(tags=["pages"])

PAGE = 60
EXAMPLES = (
    ("t:装备 攻速>=2", "tactics"),
    ("k:agent", "tactics"),
    ("f:criminal t:event", "netrunner"),
    ("t:ice o<=3", "netrunner"),
    ("legal:standard inf>=3", "netrunner"),
    ("team:red", "crossfire"),
    ("抽牌", ""),
)


def key_lines() -> list[str]:
    """The search keys, one line each (``name, aliases: meaning``), as `dossier search --help` lists them."""
    from toolkit.search import key_help

    return [line.strip() for line in key_help().splitlines() if ":" in line]


@router.get("/cards", response_class=HTMLResponse, name="cards_index", include_in_schema=False)
def cards_index(
    request: Request,
    web: Web,
    q: str = Query("", max_length=2000),
    game: str = Query("", max_length=40),
    limit: int = Query(PAGE, ge=1, le=1000),
) -> HTMLResponse:
    from toolkit.search import QueryError
    from toolkit.web.routes.api import run_search

    lang = request_lang(request)
    result = error = None
    status = 200
    if q.strip():
        try:
            result = run_search(web, q, game or None, limit + 1, lang)
        except QueryError as exc:
            error = {"message": exc.message, "query": exc.query, "column": exc.column, "problem": exc.problem}
            status = 400
        except DossierError as exc:
            error = {"message": exc.message, "query": q, "column": None, "problem": exc.message}
            status = 400
    more = bool(result and result["count"] > limit)
    results = result["results"][:limit] if result else []
    return render(
        request,
        "cards/index.html",
        status_code=status,
        q=q,
        game=game,
        limit=limit,
        results=results,
        more=more,
        error=error,
        searched=bool(q.strip()),
        examples=EXAMPLES,
        keys=key_lines(),
        more_url="/cards?" + urlencode({"q": q, "game": game, "limit": limit + PAGE}),
    )


@router.get("/cards/{game}/{record_id}", response_class=HTMLResponse, name="card_page", include_in_schema=False)
def card_page(request: Request, web: Web, game: str, record_id: str, kind: str | None = None) -> HTMLResponse:
    from toolkit.web.cardview import describe

    lang = request_lang(request)
    try:
        card = describe(web, game, record_id, kind, lang)
    except DossierError as exc:
        return render(request, "cards/missing.html", status_code=404, message=exc.message)
    return render(request, "cards/card.html", card=card)


@router.get("/images/{game}/{kind}/{record_id}.png", name="card_image", include_in_schema=False)
def card_image(request: Request, web: Web, game: str, kind: str, record_id: str, lang: str = "zh-Hans") -> Response:
    """The card drawn by the print layouts (PNG), cached by content; the ETag is the content key."""
    if lang not in ("zh-Hans", "en"):
        lang = "zh-Hans"
    record: Any = web.catalog.get(game, record_id, kind)
    if record is None or record.kind != kind:
        return Response(f"no {game} {kind} {record_id!r}", status_code=404, media_type="text/plain")
    images = web.images
    if not images.printable(record):
        return Response(f"{game}/{record_id}: no printed card", status_code=404, media_type="text/plain")
    etag = f'"{images.key(record, lang)}"'
    headers = {"ETag": etag, "Cache-Control": "public, max-age=300, must-revalidate"}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    data, _ = images.png(record, lang)
    return Response(data, media_type="image/png", headers=headers)
