"""The server's outer guards, plain ASGI middlewares around every request (no task group, no buffering):

- :class:`BodyLimit`: a request body larger than ``settings.max_body`` is refused with 413 and one line in the
  request's language (JSON, or a short page with a way back for a browser's form) *before* anything reads it: at once when ``Content-Length`` says so, else as soon as the
  bytes received pass the limit (a chunked upload); the app never parses an oversized body.
- :class:`SecurityHeaders`: every answer says ``X-Content-Type-Options: nosniff``, ``Referrer-Policy:
  same-origin``, ``X-Frame-Options: DENY``, and every HTML page a Content-Security-Policy that runs only this
  server's scripts and the page's own inline ones (they carry the request's nonce, ``csp_nonce`` in the
  templates), takes images from here (and ``data:``/``blob:``, the QR codes and previews), sends forms only
  here and may not be framed.

Compression is Starlette's GZipMiddleware (text answers over 1 KB; images, PDFs and archives as they are).
"""

from __future__ import annotations

import json
from typing import Any

from toolkit import i18n

MAX_BODY = 2 * 1024 * 1024
"""The largest request body (bytes) by default: a card file in the editor (at most 1 MiB of text, escaped),
an uploaded deck (256 KiB) or print list, with room; ``dossier serve --max-body`` changes it."""

BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
NO_CSP_PATHS = ("/docs", "/redoc")  # FastAPI's API pages load their scripts from a CDN


def _too_large(limit: int, scope: Any) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
    """The refusal: JSON (``{"detail": …}``, as every API error), or a short page for a browser's form."""
    from html import escape
    from urllib.parse import urlsplit

    detail = i18n.tr(
        "the request is larger than {n} KiB, the limit of this server (`dossier serve --max-body`)", n=limit // 1024
    )
    headers = dict(scope.get("headers", ()))
    if b"text/html" in headers.get(b"accept", b""):
        back = urlsplit(headers.get(b"referer", b"").decode("latin-1"))
        back_path = back.path if back.netloc == headers.get(b"host", b"").decode("latin-1") and back.path else "/"
        lang = i18n.current_lang()
        page = (
            f'<!doctype html><html lang="{escape(lang)}"><head><meta charset="utf-8"><title>413</title>'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>'
            f'<p id="error" role="alert">{escape(detail)}</p>'
            f'<p><a href="{escape(back_path)}">{escape(i18n.tr("Back"))}</a></p></body></html>'
        )
        body, kind = page.encode(), b"text/html; charset=utf-8"
    else:
        body, kind = json.dumps({"detail": detail}, ensure_ascii=False).encode(), b"application/json"
    out = [(b"content-type", kind), (b"content-length", str(len(body)).encode()), (b"connection", b"close")]
    return 413, out, body


class BodyLimit:
    """Refuse a request body over ``limit`` bytes with 413 before the app reads it (see the module)."""

    def __init__(self, app: Any, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def _refuse(self, scope: Any, send: Any) -> None:
        status, headers, body = _too_large(self.limit, scope)
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope.get("method") not in BODY_METHODS:
            await self.app(scope, receive, send)
            return
        declared = next((v for k, v in scope.get("headers", ()) if k == b"content-length"), None)
        if declared is not None:
            try:
                size = int(declared)
            except ValueError:
                size = -1
            if size < 0 or size > self.limit:
                await self._refuse(scope, send)
                return
        received = 0
        over = False
        started = False

        async def counting_receive() -> Any:
            nonlocal received, over
            if over:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    over = True  # the app sees the client gone and stops reading; the refusal follows
                    return {"type": "http.disconnect"}
            return message

        async def watching_send(message: Any) -> None:
            nonlocal started
            if over and not started:
                return  # the app's own answer to a body it never got whole is replaced by the 413
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counting_receive, watching_send)
        except Exception:
            if not over:
                raise
        if over and not started:
            await self._refuse(scope, send)


def content_security_policy(nonce: str) -> str:
    script = f"'self' 'nonce-{nonce}'" if nonce else "'self'"
    return "; ".join(
        (
            "default-src 'self'",
            f"script-src {script}",
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data: blob:",
            "connect-src 'self'",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        )
    )


class SecurityHeaders:
    """The security headers of every answer, and the CSP of every HTML page (see the module)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        csp_ok = not path.startswith(NO_CSP_PATHS)

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                names = {k.lower() for k, _ in headers}
                extra = [
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"same-origin"),
                    (b"x-frame-options", b"DENY"),
                ]
                kind = next((v for k, v in headers if k.lower() == b"content-type"), b"")
                if csp_ok and kind.startswith(b"text/html"):
                    nonce = str(scope.get("state", {}).get("csp_nonce", ""))
                    extra.append((b"content-security-policy", content_security_policy(nonce).encode()))
                message["headers"] = [*headers, *((k, v) for k, v in extra if k not in names)]
            await send(message)

        await self.app(scope, receive, send_with_headers)


__all__ = ["MAX_BODY", "BodyLimit", "SecurityHeaders", "content_security_policy"]
