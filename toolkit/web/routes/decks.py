"""The deck builder: game and mode, cards with counts, live findings, stats, odds, import, export, save, share."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from toolkit.web.templating import render

router = APIRouter(tags=["pages"])


@router.get("/decks", response_class=HTMLResponse, name="decks_index", include_in_schema=False)
def decks_index(request: Request) -> HTMLResponse:
    return render(request, "decks/index.html")
