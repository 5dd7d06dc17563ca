"""The application factory: :func:`create_app` over :class:`~toolkit.web.settings.WebSettings`.

At start the card pool is loaded (one :class:`~toolkit.catalog.Catalog`) and the database is
built when it is missing or older than the card files, then opened for reading. Routes reach
both through :func:`state` (``request.app.state.web``); after a card file changes,
:meth:`WebState.reload` loads the pool again and rebuilds the database: the editor calls it when it
saves, and :class:`PoolWatch` when a request finds the card files changed on disk (looked at every
:data:`POOL_CHECK` seconds at most); a database rebuilt by another `dossier db build` is opened again
(:meth:`WebState.reopen_if_rebuilt`, at the same look).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Iterable, Mapping
from contextlib import asynccontextmanager
from http import HTTPStatus
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any
from urllib.parse import urlencode

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from toolkit import i18n
from toolkit.errors import DossierError
from toolkit.i18n.words import Nc_
from toolkit.web.settings import WebSettings, is_loopback

if TYPE_CHECKING:
    from toolkit.catalog import Catalog
    from toolkit.db import Database

STATIC_DIR = Path(__file__).resolve().parent / "static"
CSRF_COOKIE = "csrf"
TOKEN_COOKIE = "token"
LANG_COOKIE = "lang"  # toolkit.web.templating reads it
CACHE_SIZE = 2048
CACHE_BYTES = 64 * 1024 * 1024


def _weight(value: Any) -> int:
    """About how many bytes ``value`` (an answer's bytes, a key of strings and numbers) holds."""
    if isinstance(value, (bytes, bytearray, str)):
        return len(value) + 64
    if isinstance(value, tuple):
        return sum(_weight(v) for v in value) + 64
    return 64
CACHE_ON = os.environ.get("DOSSIER_WEB_CACHE", "1") != "0"
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "[::1]", "::1")
POOL_CHECK = 2.0  # seconds: the card files are looked at (a walk and a stat of each) at most this often


def build_identity(meta: Mapping[str, str]) -> str:
    """One string for a build of the database, from its ``meta`` table (what every build writes: the card files it
    read, with their fingerprints, the record counts, the text index): another build, from other card files or
    from the same files changed, has another one."""
    import hashlib
    import json

    return hashlib.sha256(json.dumps(sorted(meta.items())).encode("utf-8")).hexdigest()[:20]


def pool_signature(paths: Iterable[Path]) -> int | None:
    """One number for the record files under ``paths`` as they are on disk: it changes when one is added, removed,
    renamed or written (each file's path and :func:`~toolkit.catalog.signature_of` its status; no file is read).
    None when the files cannot be walked (a card directory removed): the pool is then left as it is."""
    from toolkit.catalog import discover, file_signature

    try:
        files = discover(paths, [])
    except (DossierError, OSError):
        return None
    total = 0
    for path in files:  # a sum: the order of the walk does not matter
        total = (total + hash((str(path), file_signature(path)))) & 0xFFFF_FFFF_FFFF_FFFF
    return total


class WebState:
    """The catalog and the open database of one app; :meth:`reload` after a card file changed."""

    def __init__(self, settings: WebSettings) -> None:
        self.settings = settings
        # the server's own language (its terminal's warnings): ``serve --lang``, else the one current when the app
        # is made (`dossier serve` makes the settings' one current: DOSSIER_LANG, dossier.toml, the locale)
        self.lang = i18n.asked(settings.lang) or (i18n.PSEUDO if i18n.pseudo_active() else i18n.current_lang())
        self.lock = threading.RLock()
        self._catalog: Catalog | None = None
        self._database: Database | None = None
        self.generation = 0  # bumped by reload(): caches keyed on it go stale
        self._memo: dict[str, tuple[int, Any]] = {}
        self._memo_locks: dict[str, threading.Lock] = {}
        self._memo_locks_lock = threading.Lock()
        self._warming: threading.Thread | None = None
        self._warming_lock = threading.Lock()  # the warm-up is made, started and recorded as one step
        self._cache: OrderedDict[Any, Any] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._cache_bytes = 0
        from toolkit.web.pagecache import PageCache

        self.pages = PageCache()  # rendered pages (card pages), bounded in bytes; see toolkit.web.pagecache
        from toolkit.web.heavy import HeavyPool

        self.heavy = HeavyPool()  # print sheets: a few at a time off the event loop, 503 beyond the queue
        self._pool_signature = pool_signature(settings.cards)  # the card files the pool is (to be) loaded from
        self._pool_next = time.monotonic() + POOL_CHECK  # when the card files may be looked at again
        self._pool_lock = threading.Lock()
        # the build of the database in use (build_identity), what says cheaply that the file was replaced (SQLite:
        # its inode, time and size), and whether it was built from other card files than the server's
        self.build: str | None = None
        self._build_stamp: Any = None
        self.built_elsewhere = False

    def memo(self, name: str, make: Any) -> Any:
        """``make()`` once per generation (per reload, or database rebuilt elsewhere), kept under ``name``. Each name has its own
        lock: a slow table (legality, made in the background at start) keeps no other page waiting."""
        held = self._memo.get(name)
        if held is None or held[0] != self.generation:
            with self._memo_locks_lock:
                lock = self._memo_locks.setdefault(name, threading.Lock())
            with lock:
                held = self._memo.get(name)
                generation = self.generation
                if held is None or held[0] != generation:
                    held = self._memo[name] = (generation, make())
        return held[1]

    def cached(self, key: Any, make: Any) -> Any:
        """``make()`` remembered under ``key`` for this catalog generation (an LRU of at most :data:`CACHE_SIZE`
        answers and :data:`CACHE_BYTES` of keys and answers: a deck's text is part of its key, so many large
        decks cannot pin memory): search results and deck verdicts depend only on the request and the card
        pool, which changes only through :meth:`reload`. ``$DOSSIER_WEB_CACHE=0`` turns it off (for measuring)."""
        if not CACHE_ON:
            return make()
        full = (self.generation, key)
        with self._cache_lock:
            if full in self._cache:
                self._cache.move_to_end(full)
                return self._cache[full][0]
        value = make()
        weight = _weight(key) + _weight(value)
        if weight > CACHE_BYTES // 16:  # one huge answer may not push out everything else
            return value
        with self._cache_lock:
            old = self._cache.pop(full, None)
            if old is not None:
                self._cache_bytes -= old[1]
            self._cache[full] = (value, weight)
            self._cache_bytes += weight
            while len(self._cache) > CACHE_SIZE or self._cache_bytes > CACHE_BYTES:
                _, (_, dropped) = self._cache.popitem(last=False)
                self._cache_bytes -= dropped
        return value

    async def cached_async(self, key: Any, make: Any, *, small: bool = True) -> Any:
        """:meth:`cached` for an ``async`` route. A remembered answer is given on the event loop. New work is
        done on the event loop too when it is ``small`` (a search, a deck of ordinary size: about a
        millisecond of CPU, bounded by the request's limits) and the database is SQLite (a local file):
        a worker thread would add no parallelism to CPU-bound Python, and the loop and 20 busy worker
        threads passing the GIL to each other (each SQLite call releases and takes it back, waiting up
        to the 5 ms switch interval) tripled the p95 latency under load (bench/serve.py). Work that
        waits on the network (PostgreSQL) or may be large runs in the thread pool, as a sync route's would."""
        if CACHE_ON:
            full = (self.generation, key)
            with self._cache_lock:
                if full in self._cache:
                    self._cache.move_to_end(full)
                    return self._cache[full][0]
        if small and self.inline_ok:
            return self.cached(key, make)
        from starlette.concurrency import run_in_threadpool

        return await run_in_threadpool(self.cached, key, make)

    @property
    def inline_ok(self) -> bool:
        """Small work may run on the event loop: the database is a local SQLite file (no network wait)."""
        return self.database.backend == "sqlite"

    @property
    def deck_pool(self) -> Any:
        """The card pool as the deck commands index it (:class:`toolkit.web.deckwork.DeckPoolView`)."""
        from toolkit.web.deckwork import DeckPoolView

        return self.memo("deck_pool", lambda: DeckPoolView(self.catalog.records))

    @property
    def images(self) -> Any:
        """Card images drawn by the print layouts, cached by content (:class:`toolkit.web.images.CardImages`)."""
        from toolkit.web.images import CardImages

        return self.memo("images", lambda: CardImages(self.catalog, self.settings.cache_path / "cards"))

    @property
    def catalog(self) -> Catalog:
        if self._catalog is None:
            with self.lock:
                if self._catalog is None:
                    from toolkit.catalog import load_catalog

                    self._catalog = load_catalog(self.settings.cards)
        return self._catalog

    @property
    def database(self) -> Database:
        if self._database is None:
            with self.lock:
                if self._database is None:
                    self._database = self._open()
                    self._note_build(self._database)
        return self._database

    def _open(self) -> Database:
        from toolkit.db import Database, build_database, resolve_target
        from toolkit.db.fresh import changed_sources, recorded_sources

        target = resolve_target(self.settings.db_url)
        wanted = {str(p.resolve()) for p in self.settings.cards}
        if target.backend == "sqlite" and target.path is not None and not target.path.is_file():
            build_database(self.catalog, target, sources=self.settings.cards)
            return Database(target)
        try:
            database = Database(target)
        except DossierError:
            build_database(self.catalog, target, sources=self.settings.cards)
            return Database(target)
        recorded = recorded_sources(database.meta)
        if recorded is None or set(recorded) != wanted or changed_sources(database.meta):
            database.close()
            build_database(self.catalog, target, sources=self.settings.cards)
            database = Database(target)
        return database

    def reload(self) -> None:
        """Load the card pool again and rebuild the database (after the editor saved a card, or the card files
        changed on disk: :meth:`reload_if_changed`)."""
        from toolkit.db import Database, build_database, resolve_target

        self._wait_warming()  # its queries must end before the old database closes (and it may need self.lock)
        with self.lock:
            from toolkit.catalog import load_catalog

            self._pool_signature = pool_signature(self.settings.cards)  # before the load: a later change is seen
            catalog = load_catalog(self.settings.cards)
            target = resolve_target(self.settings.db_url)
            build_database(catalog, target, sources=self.settings.cards)
            old = self._database
            self._catalog = catalog
            stamp = self._file_stamp(target)  # (before the open: a build replacing the file after it is seen)
            self._database = Database(target)
            self._note_build(self._database, stamp)
            self.generation += 1
            self.pages.clear()
            with self._cache_lock:  # the answers of the old pool can never be asked again
                self._cache.clear()
                self._cache_bytes = 0
            if old is not None:
                old.close()
        self.warm_later()

    def pool_due(self) -> bool:
        """Whether the card files may be looked at again (:data:`POOL_CHECK` seconds since the last look): a
        clock read, cheap enough for every request."""
        return time.monotonic() >= self._pool_next

    def reload_if_changed(self) -> bool:
        """Look at the card files (when :meth:`pool_due`; one thread at a time, the others go on with the pool as
        it is) and :meth:`reload` when they changed since the pool was loaded; True when it did. A pool that no
        longer loads (a card file saved half-edited) is not retried until the files change again: the server
        keeps the pool it has and says why on stderr."""
        if not self._pool_lock.acquire(blocking=False):
            return False
        try:
            if not self.pool_due():
                return False
            self._pool_next = time.monotonic() + POOL_CHECK  # the other requests meanwhile: not due
            signature = pool_signature(self.settings.cards)
            changed = signature is not None and signature != self._pool_signature
            if not changed:
                self.reopen_if_rebuilt()  # (a reload rebuilds the database itself)
            if changed:
                try:
                    with i18n.use_lang(self.lang):  # (what the load says is for the server's terminal)
                        self.reload()
                except DossierError as exc:
                    self._pool_signature = signature
                    self.log_warning(exc)
                    changed = False
            self._pool_next = time.monotonic() + POOL_CHECK  # from the end of the look (a walk or a reload)
            return changed
        finally:
            self._pool_lock.release()

    def log_warning(self, exc: DossierError) -> None:
        """Say on the server's terminal (stderr) that the card files changed but did not load (``exc``: why, worded
        by the load in the same language), in the server's own language (:attr:`lang`), whichever language the
        request that looked at them asked for."""
        from toolkit.errors import warning_line

        with i18n.use_lang(self.lang):
            message = i18n.tr("the card files changed, but the card pool did not reload: {message}",
                              message=exc.message)  # fmt: skip
            print(warning_line(message), file=sys.stderr, flush=True)

    @staticmethod
    def _file_stamp(target: Any) -> Any:
        """SQLite: the database file's inode, time and size (a build replaces the file, and an open connection goes on
        reading the old one); None when it cannot be read (being replaced) or on PostgreSQL."""
        if target.backend != "sqlite" or target.path is None:
            return None
        try:
            st = os.stat(target.path)
        except OSError:
            return None
        return (st.st_dev, st.st_ino, st.st_mtime_ns, st.st_size)

    def _build_stamp_now(self, database: Database) -> Any:
        """What changes when the database is rebuilt, read cheaply: SQLite, :meth:`_file_stamp`; PostgreSQL, the
        identity of the build in the schema (one small query: a build swaps the schema in, and the same connection
        pool then reads the new one). None when it cannot be read (the server unreachable): nothing changes then."""
        if database.backend == "sqlite":
            return self._file_stamp(database.target)
        try:
            rows = database.rows('SELECT "key", value FROM meta')
        except DossierError:
            return None
        return build_identity({str(key): str(value) for key, value in rows})

    def _note_build(self, database: Database, stamp: Any = None) -> None:
        """Remember the build of ``database``, now in use: its identity, its stamp (SQLite: ``stamp``, the file's as
        read before ``database`` was opened, else now), and whether it was built from other card files than the
        server's (another `dossier db build` over a shared database)."""
        from toolkit.db.fresh import recorded_sources

        self.build = build_identity(database.meta)
        if database.backend == "sqlite":
            self._build_stamp = stamp if stamp is not None else self._file_stamp(database.target)
        else:
            self._build_stamp = self.build  # (what the database read when opened: no later build taken for it)
        recorded = recorded_sources(database.meta)
        wanted = {str(p.resolve()) for p in self.settings.cards}
        self.built_elsewhere = recorded is None or set(recorded) != wanted

    def reopen_if_rebuilt(self) -> bool:
        """Open the database again when someone else rebuilt it since it was opened (`dossier db build` over the
        same file or PostgreSQL schema, perhaps from other card files): the search answers, pages and tables made
        over the old build go stale (a new generation), and :attr:`built_elsewhere` tells whether the build read
        other card files than the server's, which the pages then say. True when it did. Called with the look at the
        card files (:meth:`reload_if_changed`), so at most every :data:`POOL_CHECK` seconds."""
        from toolkit.db import Database

        current = self._database
        if current is None:
            return False
        stamp = self._build_stamp_now(current)
        if stamp is None or stamp == self._build_stamp:
            return False
        try:
            database = Database(current.target)
        except DossierError:
            return False  # (being replaced, or not a database now: the next look tries again)
        if build_identity(database.meta) == self.build:
            database.close()
            self._build_stamp = stamp  # the same build (a file copied back, touched): nothing to redo
            return False
        self._wait_warming()
        with self.lock:
            old = self._database
            self._database = database
            self._note_build(database, stamp)
            self.generation += 1
            self.pages.clear()
            with self._cache_lock:
                self._cache.clear()
                self._cache_bytes = 0
            if old is not None:
                old.close()
        self.warm_later()
        return True

    def warm_later(self) -> threading.Thread:
        """Make the tables pages look things up in (legality per format) in a background thread, so the first
        card page after start or after :meth:`reload` does not wait for them."""

        def warm() -> None:
            from toolkit.web.cardview import legality_sets

            with contextlib.suppress(Exception):  # a page asking for it meets the same error and reports it
                legality_sets(self)

        with self._warming_lock:  # a reload on another thread waits for a started warm-up, never a thread yet to start
            thread = threading.Thread(target=warm, name="dossier-warm", daemon=True)
            thread.start()
            self._warming = thread
        return thread

    def _wait_warming(self) -> None:
        """Let a warm-up under way finish before its database is closed (SQLite must not lose a connection
        in the middle of a query on another thread)."""
        with self._warming_lock:
            thread = self._warming
        if thread is not None and thread is not threading.current_thread():
            thread.join(60)

    def close(self) -> None:
        self._wait_warming()
        if self._database is not None:
            self._database.close()
            self._database = None


def state(request: Request) -> WebState:
    """The app's :class:`WebState` (a FastAPI dependency too)."""
    return request.app.state.web


async def _web(request: Request) -> WebState:
    """The same as :func:`state`, as an async dependency: FastAPI runs a plain ``def`` dependency in a worker
    thread, a hop each request would pay for nothing."""
    return request.app.state.web


Web = Annotated[WebState, Depends(_web)]
"""A route parameter ``web: Web`` receives the app's :class:`WebState`."""


class PoolWatch:
    """Every HTTP request but a static file's: when the card files are due to be looked at
    (:meth:`WebState.pool_due`), they are, in a worker thread, and the pool is reloaded before the request goes on
    when they changed on disk (:meth:`WebState.reload_if_changed`): a card edited in another program is seen
    by the search, the card pages and the editor within :data:`POOL_CHECK` seconds. A database rebuilt by someone
    else (`dossier db build` over the same file or schema) is opened again then too
    (:meth:`WebState.reopen_if_rebuilt`)."""

    def __init__(self, app: Any, web: WebState) -> None:
        self.app = app
        self.web = web

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        path = scope.get("path", "")
        if scope["type"] == "http" and not path.startswith("/static/"):
            from starlette.concurrency import run_in_threadpool

            from toolkit.web.routes.editor import reload_under_way, wait_for_reload

            # a large pool reloads after a save has answered: what reads it next waits for the saved card
            if not path.startswith(("/editor/check", "/editor/save")) and reload_under_way(self.web):
                await run_in_threadpool(wait_for_reload, self.web)
            if self.web.pool_due():
                await run_in_threadpool(self.web.reload_if_changed)
        await self.app(scope, receive, send)


# The addresses of a seat's private link (a game against the machine or a person, a crossfire table's seat and
# host): opening one claims the seat or marks the role seen.
PRIVATE_LINKS = ("/play/", "/api/play/", "/crossfire/p/", "/crossfire/host/")


class HeadAsGet:
    """``HEAD`` on every address that takes ``GET`` (the pages, the API's reads, card images, share links: what
    monitoring and link checkers probe with): answered as ``GET`` is, status and headers (``Content-Length``,
    ``Content-Type``, ``ETag`` …), with no body. In one place for every route (FastAPI's routes take only the
    methods they name). An address that takes no ``GET`` answers ``HEAD`` as before (404, 405 with ``Allow``), and so
    does a private link (:data:`PRIVATE_LINKS`): its ``GET`` claims a seat or marks a role seen, which a link
    checker's ``HEAD`` must not do for the player it was sent to."""

    def __init__(self, app: Any, router: Any) -> None:
        self.app = app
        self.router = router

    def _takes_get(self, scope: Any) -> bool:
        from starlette.routing import Match

        if str(scope.get("path", "")).startswith(PRIVATE_LINKS):
            return False
        asked = {**scope, "method": "GET"}
        return any(route.matches(asked)[0] is Match.FULL for route in self.router.routes)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope.get("method") != "HEAD" or not self._takes_get(scope):
            await self.app(scope, receive, send)
            return

        async def headers_only(message: Any) -> None:
            if message["type"] == "http.response.body":
                if message.get("more_body", False):
                    return  # (the last one ends the answer)
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, headers_only)


class RequestCookies:
    """Every HTTP request: its language becomes the current one (:func:`toolkit.web.templating.request_tag`:
    ``?lang=``, the cookie, Accept-Language), so every message made for it speaks it; the loopback-only
    Host check (DNS rebinding) when no token is needed; a CSRF
    cookie for a browser that has none (``request.state.csrf`` is the request's token); a right ``?token=``
    becomes a cookie, and so does ``?lang=`` on a page (an HTML answer: an image's or the API's ``lang``
    chooses that answer's language only, not the visitor's).

    A plain ASGI middleware: Starlette's ``@app.middleware("http")`` runs the rest of the app in a task
    group of its own and streams the response through memory, which cost more per request than a search
    (bench/serve.py)."""

    def __init__(self, app: Any, settings: WebSettings) -> None:
        self.app = app
        self.settings = settings

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        from starlette.datastructures import Headers, QueryParams
        from starlette.requests import cookie_parser

        headers = Headers(scope=scope)
        settings = self.settings
        from starlette.requests import Request as Asked

        from toolkit.web.templating import request_tag

        i18n.set_lang(request_tag(Asked(scope)))  # the request's language: its errors and findings speak it
        if not settings.needs_token():
            host = headers.get("host", "")
            name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
            if not is_loopback(name) and name not in LOOPBACK_HOSTS:
                detail = i18n.tr("host {host} not allowed: this server answers on loopback only", host=repr(host))
                refusal: Response = JSONResponse({"detail": detail}, 403)
                if "text/html" in headers.get("accept", ""):  # a phone that opened a link: say what to do
                    from html import escape

                    advice = i18n.tr(
                        "To let phones and other computers open this server, start it with {command}.",
                        command="dossier serve --host 0.0.0.0",
                    )
                    refusal = HTMLResponse(
                        f'<!doctype html><html lang="{escape(i18n.current_lang())}"><head><meta charset="utf-8">'
                        f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>403</title>'
                        f'</head><body><p role="alert">{escape(detail)}</p><p>{escape(advice)}</p></body></html>',
                        403,
                    )
                await refusal(scope, receive, send)
                return
        cookie_header = headers.get("cookie")
        csrf = cookie_parser(cookie_header).get(CSRF_COOKIE, "") if cookie_header else ""
        new_csrf = None
        if len(csrf) < 16:
            new_csrf = csrf = secrets.token_urlsafe(24)
        scope.setdefault("state", {})["csrf"] = csrf
        scope["state"]["csp_nonce"] = secrets.token_urlsafe(16)  # the page's inline scripts carry it (CSP)
        lang = token = None
        if scope.get("query_string"):
            query = QueryParams(scope["query_string"])
            lang = query.get("lang")
            token = query.get("token")
        setting = Response()
        secure = scope.get("scheme") == "https"
        if new_csrf is not None:
            setting.set_cookie(CSRF_COOKIE, new_csrf, httponly=False, samesite="strict", secure=secure)
        if token and settings.token and secrets.compare_digest(token.encode(), settings.token.encode()):
            setting.set_cookie(TOKEN_COOKIE, token, httponly=True, samesite="strict", secure=secure)
            if scope.get("method") == "GET":
                # the token has become a cookie: take it out of the address bar (and of history and bookmarks)
                rest = urlencode([(k, v) for k, v in QueryParams(scope["query_string"]).multi_items() if k != "token"])
                where = scope.get("root_path", "") + scope.get("path", "/") + (f"?{rest}" if rest else "")
                moved = RedirectResponse(where, 303, headers={"Cache-Control": "no-store"})
                moved.raw_headers.extend((k, v) for k, v in setting.raw_headers if k == b"set-cookie")
                await moved(scope, receive, send)
                return
        cookies = [(k, v) for k, v in setting.raw_headers if k == b"set-cookie"]
        lang = i18n.asked(lang)
        page_cookies: list[tuple[bytes, bytes]] = []
        if lang is not None:
            chosen = Response()
            chosen.set_cookie(LANG_COOKIE, lang, max_age=3600 * 24 * 365, samesite="lax", secure=secure)
            page_cookies = [(k, v) for k, v in chosen.raw_headers if k == b"set-cookie"]
        if not cookies and not page_cookies:
            await self.app(scope, receive, send)
            return

        async def send_with_cookies(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                kind = next((v for k, v in headers if k.lower() == b"content-type"), b"")
                page = kind.startswith(b"text/html") or 300 <= int(message.get("status", 200)) < 400
                message["headers"] = [*headers, *cookies, *(page_cookies if page else ())]
            await send(message)

        await self.app(scope, receive, send_with_cookies)


def _schema_type(schema: dict[str, Any]) -> str:
    """A parameter's or body's type as the page shows it: ``integer``, ``array of string``, ``DeckIn``, ``a | b``."""
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[-1]
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return " | ".join(_schema_type(part) for part in schema[key])
    kind = str(schema.get("type", "object"))
    if kind == "array" and isinstance(schema.get("items"), dict):
        return f"{kind} of {_schema_type(schema['items'])}"
    return kind


# the columns of an operation's parameters on the /docs page (api_page)
API_COLUMNS = (
    Nc_("api page", "Name"),
    Nc_("api page", "In"),
    Nc_("api page", "Type"),
    Nc_("api page", "Required"),
    Nc_("api page", "Description"),
)


def api_page(openapi: dict[str, Any], lang: str) -> str:
    """The /docs page: every operation of the JSON API (``openapi``: the app's OpenAPI description) with its
    parameters, request body and answers, in one self-contained page of this server (its stylesheet; no script,
    nothing from another site: FastAPI's Swagger UI loads from a CDN, and is blank offline). Each operation's
    anchor is the one Swagger UI gives it (``#/api/api_search_api_search_get``), so links to it still land. The
    page's own words are in the current language; the operations' descriptions are the code's (English)."""
    from html import escape

    def word(marked: tuple[str, str]) -> str:  # the page's headings and column names
        return escape(i18n.tc(lang, *marked))

    parameters_word = word(Nc_("api page", "Parameters"))
    body_word = word(Nc_("api page", "Request body"))
    responses_word = word(Nc_("api page", "Responses"))
    yes, no = i18n.t(lang, "yes"), i18n.t(lang, "no")
    toc: list[str] = []
    sections: list[str] = []
    for path, operations in openapi.get("paths", {}).items():
        for method, op in operations.items():
            tags = op.get("tags") or ["default"]
            anchor = escape(f"/{tags[0]}/{op.get('operationId', method + path)}")
            title = f"<code>{escape(method.upper())}</code> <code>{escape(path)}</code>"
            summary = escape(op.get("summary", ""))
            toc.append(f'<li><a href="#{anchor}">{title}</a> {summary}</li>')
            parts = [f'<section id="{anchor}"><h2>{title}</h2><p>{summary}</p>']
            if op.get("description"):
                parts.append(f'<pre class="api-text">{escape(op["description"])}</pre>')
            parameters = op.get("parameters", [])
            if parameters:
                head = "".join(f"<th>{word(w)}</th>" for w in API_COLUMNS)
                rows = "".join(
                    f"<tr><td><code>{escape(p['name'])}</code></td><td>{escape(p.get('in', ''))}</td>"
                    f"<td>{escape(_schema_type(p.get('schema', {})))}</td>"
                    f"<td>{escape(yes if p.get('required') else no)}</td>"
                    f"<td>{escape(p.get('description', ''))}</td></tr>"
                    for p in parameters
                )
                parts.append(f"<h3>{parameters_word}</h3><table><tr>{head}</tr>{rows}</table>")
            body = op.get("requestBody", {}).get("content", {})
            if body:
                items = "".join(
                    f"<li><code>{escape(kind)}</code>: {escape(_schema_type(content.get('schema', {})))}</li>"
                    for kind, content in body.items()
                )
                parts.append(f"<h3>{body_word}</h3><ul>{items}</ul>")
            answers = "".join(
                f"<li><code>{escape(code)}</code> {escape(answer.get('description', ''))}</li>"
                for code, answer in op.get("responses", {}).items()
            )
            if answers:
                parts.append(f"<h3>{responses_word}</h3><ul>{answers}</ul>")
            sections.append("".join(parts) + "</section>")
    mark = "\0"  # where the link goes in the escaped sentence
    intro = i18n.t(
        lang,
        "Every operation, its parameters and its answers; the whole description, with the schemas of the bodies, "
        "is {link} ({format}).",
        link=mark,
        format="OpenAPI",
    )
    link = '<a href="/openapi.json"><code>/openapi.json</code></a>'
    page_title, heading = i18n.t(lang, "API"), i18n.t(lang, "The JSON API of this server")
    return (
        f'<!doctype html><html lang="{escape(lang)}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(page_title)} · Dossier</title>"
        f'<link rel="stylesheet" href="/static/app.css"><link rel="icon" href="data:,"></head><body>'
        f'<header class="top"><a class="brand" href="/cards" translate="no">Dossier</a></header>'
        f'<main id="main"><h1>{escape(heading)}</h1>'
        f"<p>{escape(intro).replace(mark, link)}</p>"
        f"<nav><ul>{''.join(toc)}</ul></nav>{''.join(sections)}</main></body></html>"
    )


STATUS_WORDS = {status.value: status.phrase for status in HTTPStatus}  # what Starlette says when no route said why


def _wants_page(request: Request) -> bool:
    """The client asks for a page (``Accept: text/html``: a browser following a link, sending a form), so an error
    is answered as a page of the app; the API's clients (``application/json``, ``*/*``) get JSON."""
    return "text/html" in request.headers.get("accept", "")


def http_error_message(request: Request, status: int, allowed: str | None = None) -> str:
    """What an HTTP error says when no route gave a reason, in the current language: an address no route has
    (404), a method the address does not take (405: ``allowed``, the ``Allow`` header, names those it takes),
    else the status."""
    path = request.url.path
    if status == 404:
        return i18n.tr("{path}: no such address", path=path)
    if status == 405 and allowed:
        return i18n.tr("{method} {path}: not allowed; this address takes {allowed}", method=request.method,
                       path=path, allowed=allowed)  # fmt: skip
    return i18n.tr("The request failed (HTTP {status}).", status=status)


def create_app(settings: WebSettings) -> FastAPI:
    """The FastAPI application: routers from :data:`toolkit.web.routes.ROUTERS`, /static, /docs (a page of
    this server listing the JSON API: :func:`api_page`; FastAPI's Swagger UI and ReDoc are off, as they load
    from a CDN), /openapi.json."""
    from toolkit.web.routes import ROUTERS

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.web.warm_later()
        yield
        app.state.web.close()

    app = FastAPI(
        lifespan=lifespan,
        title="Dossier",
        description="Card database and deck builder for tactics, netrunner and crossfire.",
        version="0.1.0",
        docs_url=None,  # (Swagger UI, from a CDN: /docs is api_page)
        redoc_url=None,
    )
    app.state.settings = settings
    app.state.web = web = WebState(settings)
    web.database  # build or open now: a bad --db or card pool fails at start, not at the first request  # noqa: B018

    from starlette.middleware.gzip import DEFAULT_EXCLUDED_CONTENT_TYPES, GZipMiddleware

    from toolkit.web.guard import BodyLimit, JsonBodies, SecurityHeaders, validation_detail

    # the first added is the innermost: bodies are measured in the request's language, after the Host check;
    # a JSON body is looked at (JsonBodies) only once it is known to be within the limit
    app.add_middleware(PoolWatch, web=web)  # (after the Host check: a refused request looks at no file)
    app.add_middleware(JsonBodies)
    app.add_middleware(BodyLimit, limit=settings.max_body)
    app.add_middleware(RequestCookies, settings=settings)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(GZipMiddleware, minimum_size=1024, compresslevel=6,
                       exclude_content_types=(*DEFAULT_EXCLUDED_CONTENT_TYPES, "application/pdf"))  # fmt: skip
    app.add_middleware(HeadAsGet, router=app.router)  # (outermost: the headers are those GET answers with)

    @app.exception_handler(DossierError)
    async def dossier_error(request: Request, exc: DossierError) -> JSONResponse:
        return JSONResponse({"detail": exc.message}, status_code=getattr(exc, "status", 400))  # NotFound: 404

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> Response:
        """422 with one line (bad JSON with its place, else each refused field): FastAPI's own answer echoes the
        input, which may be large or hold what JSON cannot carry (a 500 instead of the refusal). A browser asking
        for a page (``Accept: text/html``: a link, a form) gets it as a page of the app, not as JSON."""
        detail = validation_detail(exc.errors(), exc.body)
        if _wants_page(request):
            from toolkit.web.templating import render

            return render(request, "error.html", status_code=422, message=detail)
        return JSONResponse({"detail": detail}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        """An address no route has (404), a method the route does not take (405, with ``Allow``), a route's own
        refusal (403, 503 …): a browser asking for a page gets it as a page of the app, a client of the API the
        same JSON as before (``{"detail": …}``, the headers kept). Starlette's bare words ("Not Found") become a
        sentence in the request's language."""
        from fastapi.utils import is_body_allowed_for_status_code

        headers = getattr(exc, "headers", None)
        if not is_body_allowed_for_status_code(exc.status_code):
            return Response(status_code=exc.status_code, headers=headers)
        detail = exc.detail
        if detail == STATUS_WORDS.get(exc.status_code):  # no route said why (or said only the status's name)
            detail = http_error_message(request, exc.status_code, (headers or {}).get("Allow"))
        if isinstance(detail, str) and _wants_page(request):
            from toolkit.web.templating import render

            page = render(request, "error.html", status_code=exc.status_code, message=detail)
            page.headers.update(headers or {})
            return page
        return JSONResponse({"detail": detail}, status_code=exc.status_code, headers=headers)

    @app.get("/", include_in_schema=False)
    def home(request: Request) -> RedirectResponse:
        return RedirectResponse(request.url_for("cards_index").include_query_params(**request.query_params), 303)

    @app.get("/docs", include_in_schema=False)
    def api_docs(request: Request) -> HTMLResponse:
        from toolkit.web.templating import request_lang

        lang = request_lang(request)
        response = HTMLResponse(api_page(app.openapi(), lang))
        response.headers["Vary"] = "Accept-Language, Cookie"
        response.headers["Content-Language"] = lang
        return response

    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    for router in ROUTERS:
        app.include_router(router)

    from toolkit.models import build_all

    build_all()  # (the models' validators, built on first use elsewhere: here, before the request threads use them)
    return app
