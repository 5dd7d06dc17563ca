"""Protection of every state-changing route: :func:`require_write`, a FastAPI dependency.

- Cross-site requests are refused: an ``Origin`` (else ``Referer``) header must name this
  server's own host, and the CSRF token of the request (header ``X-CSRF-Token`` or form field
  ``csrf_token``) must equal the ``csrf`` cookie (double submit; every page carries the token
  in ``<meta name="csrf-token">`` and in its forms as ``csrf_token``).
- When the server listens on anything but loopback, the write token is needed too: header
  ``X-Dossier-Token``, or the ``token`` cookie set by visiting ``/?token=…``.

Every refusal is a 403 with one line. Reading routes and pure computations (search, deck
validation, export) need none of this.
"""

from __future__ import annotations

import secrets
from urllib.parse import urlsplit

from fastapi import HTTPException, Request

from toolkit.i18n import tr
from toolkit.web.app import CSRF_COOKIE, TOKEN_COOKIE

CSRF_HEADER = "x-csrf-token"
CSRF_FIELD = "csrf_token"
TOKEN_HEADER = "x-dossier-token"


def _same(a: str, b: str) -> bool:
    return bool(a) and bool(b) and secrets.compare_digest(a.encode(), b.encode())


def check_origin(request: Request) -> None:
    """Origin (else Referer) must name the Host the request was sent to; a request naming neither is refused."""
    from toolkit.web.templating import request_lang

    request_lang(request)  # the refusal in the page's language
    host = request.headers.get("host", "")
    source = request.headers.get("origin")
    what = "Origin"
    if not source or source == "null":
        source = request.headers.get("referer")
        what = "Referer"
    if not source:
        raise HTTPException(403, tr("cross-site check failed: the request has no Origin or Referer header"))
    if urlsplit(source).netloc.lower() != host.lower():
        raise HTTPException(
            403,
            tr("cross-site request refused: {what} {source} is not this server ({host})", what=what,
               source=repr(source), host=host),
        )  # fmt: skip


async def check_csrf(request: Request) -> None:
    cookie = request.cookies.get(CSRF_COOKIE, "")
    sent = request.headers.get(CSRF_HEADER, "")
    if not sent and request.headers.get("content-type", "").startswith(
        ("application/x-www-form-urlencoded", "multipart/form-data")
    ):
        form = await request.form()  # Starlette caches it: the route reads the same form
        value = form.get(CSRF_FIELD)
        sent = value if isinstance(value, str) else ""
    if not _same(sent, cookie):
        raise HTTPException(
            403, tr("cross-site request refused: the CSRF token is missing or does not match; reload the page")
        )


def check_token(request: Request) -> None:
    settings = request.app.state.settings
    if not settings.needs_token():
        return
    expected = settings.token or ""
    sent = request.headers.get(TOKEN_HEADER) or request.cookies.get(TOKEN_COOKIE) or ""
    if not expected or not _same(sent, expected):
        raise HTTPException(
            403,
            tr("this server needs the write token: open the address printed at start (`…/?token=…`) or send "
               "`X-Dossier-Token`"),
        )  # fmt: skip


async def require_write(request: Request) -> None:
    """The dependency of every POST/PUT/DELETE that changes state: same-site, CSRF token, write token."""
    check_origin(request)
    await check_csrf(request)
    check_token(request)


__all__ = ["CSRF_FIELD", "CSRF_HEADER", "TOKEN_HEADER", "check_csrf", "check_origin", "check_token", "require_write"]
