"""The routers of the app, included in order by :func:`toolkit.web.app.create_app`.

Engineers add a router by appending one line to :data:`ROUTERS`.
"""

from __future__ import annotations

from fastapi import APIRouter

from toolkit.web.routes import api, balance, cards, crossfire, decks, editor, play, printing

ROUTERS: list[APIRouter] = [
    api.router,
    cards.router,
    decks.router,
    crossfire.router,
    editor.router,
    printing.router,
    balance.router,
    play.router,
    play.api_router,
]
