"""The card browser: the search box, a grid of card images, a page per card."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from toolkit.web.templating import render

router = APIRouter(tags=["pages"])


@router.get("/cards", response_class=HTMLResponse, name="cards_index", include_in_schema=False)
def cards_index(request: Request, q: str = "") -> HTMLResponse:
    return render(request, "cards/index.html", q=q)
