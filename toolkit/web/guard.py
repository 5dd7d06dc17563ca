"""The server's outer guards, plain ASGI middlewares around every request (no task group, no buffering):

- :class:`BodyLimit`: a request body larger than ``settings.max_body`` is refused with 413 and one line in the
  request's language (JSON, or a short page with a way back for a browser's form) *before* anything reads it: at once when ``Content-Length`` says so, else as soon as the
  bytes received pass the limit (a chunked upload); the app never parses an oversized body.
- :class:`JsonBodies`: a JSON request body that holds what JSON cannot carry into an answer or a file (``NaN``,
  ``Infinity``, a number too large for a float such as ``1e400``, a lone surrogate such as ``"\\ud800"``, bytes
  that are not UTF-8) is refused with 400 and one line naming the problem and its place, before any route
  reads it; every route takes the same rule. :func:`validation_detail` words FastAPI's own refusals (bad JSON,
  a field of the wrong type) as one line too, without echoing the input.
- :class:`SecurityHeaders`: every answer says ``X-Content-Type-Options: nosniff``, ``Referrer-Policy:
  same-origin``, ``X-Frame-Options: DENY``, and every HTML page a Content-Security-Policy that runs only this
  server's scripts and the page's own inline ones (they carry the request's nonce, ``csp_nonce`` in the
  templates), takes images from here (and ``data:``/``blob:``, the QR codes and previews), fonts from here
  and ``data:`` (the maps' and replays' embedded font, cut down to the page's characters), sends forms only
  here and may not be framed.

Compression is Starlette's GZipMiddleware (text answers over 1 KB; images, PDFs and archives as they are).
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Sequence
from typing import Any

from toolkit import i18n

MAX_BODY = 2 * 1024 * 1024
"""The largest request body (bytes) by default: a card file in the editor (at most 1 MiB of text, escaped),
an uploaded deck (256 KiB) or print list, with room; ``dossier serve --max-body`` changes it."""

BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


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


_SUSPECT = re.compile(rb"NaN|Infinity|\\u[dD][89a-fA-F]|[0-9][eE]|[0-9]{300}")
"""What a body that JSON cannot carry must hold somewhere (in a string too, which only costs the full check):
a non-JSON constant, an escaped surrogate, an exponent, or a run of digits long enough to overflow a float."""


def _bad_constant(literal: str) -> Any:
    from toolkit.jsonio import Refused

    return Refused(literal, i18n.tr("{literal} is not a JSON value", literal=literal))


def _checked_float(literal: str) -> Any:
    value = float(literal)
    if math.isfinite(value):
        return value
    from toolkit.jsonio import Refused

    shown = literal if len(literal) <= 24 else literal[:20] + "…"
    return Refused(literal, i18n.tr("number {number} is too large to read", number=shown))


def json_body_problem(body: bytes) -> str | None:
    """None when ``body`` is JSON whose values any answer can carry back (or is not JSON at all: the route's own
    parse reports that); else one line in the current language naming the problem and where it is. Cheap for
    the common body: one scan of the bytes, the full parse only when the scan finds what may be a problem."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        return i18n.tr("the request body is not UTF-8 (byte {n})", n=exc.start)
    if _SUSPECT.search(body) is None:
        return None
    try:
        data = json.loads(text, parse_constant=_bad_constant, parse_float=_checked_float)
    except (ValueError, RecursionError):
        return None  # not JSON: FastAPI's parse says so (validation_detail)
    from toolkit.jsonio import first_problem, pointer_position, value_positions

    found = first_problem(data, sys.maxsize)  # a refused value, or a lone surrogate in a string or a key
    if found is None:
        return None

    ptr, problem = found
    line, column = pointer_position(value_positions(text), ptr)
    return i18n.tr("the request body is not valid JSON: {reason} (line {line}, column {column})",
                   reason=problem, line=line, column=column)  # fmt: skip


def _is_json(scope: Any) -> bool:
    """Whether FastAPI reads this request's body as JSON: a JSON media type, or none at all."""
    kind = next((v for k, v in scope.get("headers", ()) if k == b"content-type"), None)
    if kind is None:
        return True
    media = kind.split(b";", 1)[0].strip().lower()
    return media == b"application/json" or (media.startswith(b"application/") and media.endswith(b"+json"))


class JsonBodies:
    """Refuse a JSON request body holding ``NaN``, ``Infinity``, an infinite number or a lone surrogate with 400
    and one line (:func:`json_body_problem`) before the app reads it (see the module)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope.get("method") not in BODY_METHODS or not _is_json(scope):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client left (or BodyLimit cut it off): the app sees it
                await self.app(scope, _replay([message], receive), send)
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        problem = json_body_problem(body) if body else None
        if problem is not None:
            answer = json.dumps({"detail": problem}, ensure_ascii=False).encode()
            headers = [(b"content-type", b"application/json"), (b"content-length", str(len(answer)).encode())]
            await send({"type": "http.response.start", "status": 400, "headers": headers})
            await send({"type": "http.response.body", "body": answer})
            return
        await self.app(scope, _replay([{"type": "http.request", "body": body, "more_body": False}], receive), send)


def _replay(messages: list[Any], receive: Any) -> Any:
    """A ``receive`` that gives ``messages`` first, then what the client sends (a disconnect)."""
    queue = list(messages)

    async def replayed() -> Any:
        if queue:
            return queue.pop(0)
        return await receive()

    return replayed


def _where(loc: Sequence[Any]) -> str:
    """Where a refused value of a request is: a pointer into the body (``/deck/name``), ``?name`` of the query,
    the name of a header, cookie or path parameter."""
    from toolkit.jsonio import pointer

    if not loc:
        return "/"
    source, rest = loc[0], [t for t in loc[1:] if isinstance(t, (str, int))]
    if source == "body":
        return pointer(*rest) or "/"
    name = ".".join(str(t) for t in rest)
    return f"?{name}" if source == "query" else name


def validation_detail(errors: Sequence[Any], body: Any = None) -> str:
    """One line in the current language for FastAPI's refusal of a request (``RequestValidationError.errors()``):
    bad JSON with its line and column, else each refused field (at most three) with what it should be. The input
    is never echoed (it may be large, or hold what JSON cannot carry). ``body``: the text FastAPI parsed, for
    the line and column of a JSON syntax error."""
    from toolkit.jsonio import decode_message, line_col
    from toolkit.model_errors import model_error

    lines: list[str] = []
    for error in errors:
        if error.get("type") == "json_invalid":
            reason = decode_message(str(error.get("ctx", {}).get("error", "")))
            loc = error.get("loc", ())
            offset = loc[-1] if loc and isinstance(loc[-1], int) else 0
            line, column = line_col(body, offset) if isinstance(body, str) else (1, offset + 1)
            return i18n.tr("the request body is not valid JSON: {reason} (line {line}, column {column})",
                           reason=reason, line=line, column=column)  # fmt: skip
        lines.append(i18n.tr("{field}: {problem}", field=_where(error.get("loc", ())), problem=model_error(error)))
    shown = i18n.tr("; ").join(lines[:3])
    if len(lines) > 3:
        shown += i18n.trn(" (and {n} more)", " (and {n} more)", len(lines) - 3)
    return shown


def content_security_policy(nonce: str) -> str:
    script = f"'self' 'nonce-{nonce}'" if nonce else "'self'"
    return "; ".join(
        (
            "default-src 'self'",
            f"script-src {script}",
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data: blob:",
            "font-src 'self' data:",
            "connect-src 'self'",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        )
    )


LANG_VARY = (b"accept-language", b"cookie")  # what an answer in the request's language depends on


def _varying(headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    """``headers`` of an API answer saying it varies with the language asked for (``Accept-Language``, the
    ``lang`` cookie), as every page does: its words (a record's names, a refusal) are in that language, so a
    cache must not give one reader's answer to another."""
    said = [v for k, v in headers if k.lower() == b"vary"]
    have = {part.strip().lower() for value in said for part in value.split(b",")}
    missing = [name for name in LANG_VARY if name not in have]
    if not missing or b"*" in have:
        return headers
    if not said:
        return [*headers, (b"vary", b"Accept-Language, Cookie")]
    added = b", ".join(b"-".join(w.capitalize() for w in name.split(b"-")) for name in missing)
    return [(k, v + b", " + added if k.lower() == b"vary" else v) for k, v in headers]


class SecurityHeaders:
    """The security headers of every answer, and the CSP of every HTML page (see the module)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                names = {k.lower() for k, _ in headers}
                extra = [
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"same-origin"),
                    (b"x-frame-options", b"DENY"),
                ]
                if scope.get("path", "").startswith("/api/"):
                    headers = _varying(headers)
                kind = next((v for k, v in headers if k.lower() == b"content-type"), b"")
                if kind.startswith(b"text/html"):  # every page, /docs too (our own page: no CDN, no script)
                    nonce = str(scope.get("state", {}).get("csp_nonce", ""))
                    extra.append((b"content-security-policy", content_security_policy(nonce).encode()))
                message["headers"] = [*headers, *((k, v) for k, v in extra if k not in names)]
            await send(message)

        await self.app(scope, receive, send_with_headers)


__all__ = [
    "MAX_BODY",
    "BodyLimit",
    "JsonBodies",
    "SecurityHeaders",
    "content_security_policy",
    "json_body_problem",
    "validation_detail",
]
