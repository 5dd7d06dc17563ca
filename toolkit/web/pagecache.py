"""Pages drawn once per card-pool generation: :class:`PageCache`, an LRU of rendered HTML bounded in bytes.

A page that depends only on the pool, its address and the language (a card page) is rendered once with
placeholders where the per-request values go (the CSRF token, the Content-Security-Policy nonce); each answer
is the stored text with the placeholders replaced, which costs microseconds where drawing the page cost
milliseconds. The cache holds at most ``limit`` bytes of text (default 32 MiB, a few thousand card pages);
the least recently used pages go first. A new generation (after :meth:`toolkit.web.app.WebState.reload`)
makes every stored page stale. ``$DOSSIER_WEB_CACHE=0`` turns it off, as the answer cache.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

CSRF_PLACEHOLDER = "dossier-csrf-9c1e7a4f0b2d"
NONCE_PLACEHOLDER = "dossier-nonce-3b8f6d2e5a17"
LIMIT = 32 * 1024 * 1024


class PageCache:
    """Rendered pages by key and generation, at most ``limit`` bytes of text (see the module)."""

    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self.size = 0
        self._pages: OrderedDict[Any, tuple[str, int]] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, key: Any) -> tuple[str, int] | None:
        with self._lock:
            found = self._pages.get(key)
            if found is not None:
                self._pages.move_to_end(key)
                self.hits += 1
            else:
                self.misses += 1
            return found

    def put(self, key: Any, text: str, status: int) -> None:
        cost = len(text)
        if cost > self.limit // 8:  # one huge page may not push out everything else
            return
        with self._lock:
            old = self._pages.pop(key, None)
            if old is not None:
                self.size -= len(old[0])
            self._pages[key] = (text, status)
            self.size += cost
            while self.size > self.limit and self._pages:
                _, (dropped, _) = self._pages.popitem(last=False)
                self.size -= len(dropped)

    def clear(self) -> None:
        with self._lock:
            self._pages.clear()
            self.size = 0


def fill(text: str, csrf: str, nonce: str) -> str:
    """A stored page with this request's CSRF token and nonce in place of the placeholders."""
    return text.replace(CSRF_PLACEHOLDER, csrf).replace(NONCE_PLACEHOLDER, nonce)


def cached_page(request: Any, web: Any, key: Any, draw: Callable[[dict[str, str]], Any]) -> Any:
    """The page ``key`` (with the request's language and query string) from ``web.pages``, else drawn by
    ``draw(placeholders)`` (a function returning an HTMLResponse made with ``render(…, **placeholders)``)
    and stored when it is a 200 page (not a 404: any address may be asked, and none may fill the cache). The answer carries this request's token and nonce."""
    from fastapi.responses import HTMLResponse

    from toolkit.web.app import CACHE_ON
    from toolkit.web.templating import csrf_token, request_tag

    csrf = csrf_token(request)
    nonce = str(getattr(request.state, "csp_nonce", ""))
    if not CACHE_ON:
        return draw({"csrf_token": csrf, "csp_nonce": nonce})
    full = (web.generation, key, request_tag(request), request.url.query)
    found = web.pages.get(full)
    if found is None:
        response = draw({"csrf_token": CSRF_PLACEHOLDER, "csp_nonce": NONCE_PLACEHOLDER})
        text = bytes(response.body).decode("utf-8")
        found = (text, response.status_code)
        if response.status_code == 200:
            web.pages.put(full, text, response.status_code)
        headers = {k: v for k, v in response.headers.items() if k.lower() in ("vary", "content-language")}
    else:
        lang = request_tag(request)
        from toolkit import i18n

        headers = {"Vary": "Accept-Language, Cookie", "Content-Language": i18n.set_lang(lang)}
    text, status = found
    return HTMLResponse(fill(text, csrf, nonce), status_code=status, headers=headers)


__all__ = ["CSRF_PLACEHOLDER", "LIMIT", "NONCE_PLACEHOLDER", "PageCache", "cached_page", "fill"]
