"""Fixtures of the web tests: a card pool copy, the app over it (TestClient), a live server, Chromium pages.

- ``web_cards``: a copy of the bundled cards/ (and schema/) under tmp_path; the cards directory.
- ``web_settings``: WebSettings over ``web_cards`` with a tmp SQLite database and cache.
- ``ro_client`` (session): the same over one shared app, for tests that change nothing (fast).
- ``client``: a TestClient (base URL http://127.0.0.1:8000) whose writes pass the same-site checks: it
  sends Origin and a CSRF token that equals its ``csrf`` cookie. ``bare_client`` sends none of that.
- ``live_server``: uvicorn in a background thread on a free loopback port; yields the base URL
  (``http://127.0.0.1:PORT``, no trailing slash).
- ``browser`` (session): Playwright's Chromium driving Debian's ``chromium``; skips with the reason when
  either is missing (``.ci/run`` installs both). ``page`` (1280x800) and ``phone_page`` (390x844).
"""

from __future__ import annotations

import contextlib
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from toolkit.web.settings import WebSettings

ROOT = Path(__file__).resolve().parent.parent.parent
CARDS = ROOT / "cards"
SCHEMA = ROOT / "schema"
TEST_CSRF = "test-csrf-token-0123456789abcdef"
BASE = "http://127.0.0.1:8000"


@pytest.fixture
def web_cards(tmp_path: Path) -> Path:
    """A copy of the bundled cards/ (with schema/ beside it, so "$schema" paths resolve); returns the cards dir."""
    shutil.copytree(SCHEMA, tmp_path / "schema")
    shutil.copytree(CARDS, tmp_path / "cards")
    return tmp_path / "cards"


@pytest.fixture
def web_settings(web_cards: Path, tmp_path: Path) -> WebSettings:
    return WebSettings(
        cards=[web_cards],
        db_url=str(tmp_path / "web.db"),
        cache=tmp_path / "web-cache",
        data=tmp_path / "web-data",
    )


@pytest.fixture
def web_app(web_settings: WebSettings) -> Any:
    from toolkit.web.app import create_app

    return create_app(web_settings)


def writing_client(app: Any) -> Iterator[Any]:
    """A TestClient of ``app`` (an app, or the WebSettings to make one) whose POSTs pass require_write on loopback
    (Origin + matching CSRF cookie and header)."""
    from fastapi.testclient import TestClient

    from toolkit.web.app import create_app

    with TestClient(create_app(app) if isinstance(app, WebSettings) else app, base_url=BASE) as c:
        c.cookies.set("csrf", TEST_CSRF)
        c.headers.update({"Origin": BASE, "X-CSRF-Token": TEST_CSRF})
        yield c


@pytest.fixture
def client(web_app: Any) -> Iterator[Any]:
    """A TestClient whose POSTs pass require_write on loopback (:func:`writing_client`)."""
    yield from writing_client(web_app)


@pytest.fixture
def bare_client(web_app: Any) -> Iterator[Any]:
    """A TestClient that sends no Origin and no CSRF token (for the security tests)."""
    from fastapi.testclient import TestClient

    with TestClient(web_app, base_url=BASE) as c:
        yield c


def copied_settings(root: Path) -> WebSettings:
    """Settings of an app over a copy of the bundled cards and schemas in ``root`` (its database, cache and data
    there too), so that nothing a test does reaches the checkout."""
    shutil.copytree(SCHEMA, root / "schema")
    shutil.copytree(CARDS, root / "cards")
    return WebSettings(
        cards=[root / "cards"], db_url=str(root / "web.db"), cache=root / "web-cache", data=root / "web-data"
    )


@pytest.fixture(scope="session")
def shared_app(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """One app for the whole session over its own copy of the cards: for tests that only read."""
    from toolkit.web.app import create_app

    return create_app(copied_settings(tmp_path_factory.mktemp("web-shared")))


@pytest.fixture(scope="session")
def ro_client(shared_app: Any) -> Iterator[Any]:
    """A session-wide TestClient (same headers as ``client``) over ``shared_app``: fast, for tests that change
    nothing (no saved decks, no card files)."""
    from fastapi.testclient import TestClient

    with TestClient(shared_app, base_url=BASE) as c:
        c.cookies.set("csrf", TEST_CSRF)
        c.headers.update({"Origin": BASE, "X-CSRF-Token": TEST_CSRF})
        yield c


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def served(settings: WebSettings) -> Iterator[str]:
    """The app over ``settings`` served by uvicorn in a thread on a free loopback port; yields its base URL."""
    import uvicorn

    from toolkit.web.app import create_app

    settings.port = free_port()
    app = create_app(settings)
    config = uvicorn.Config(app, host="127.0.0.1", port=settings.port, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{settings.port}"
    finally:
        server.should_exit = True
        thread.join(10)


@pytest.fixture
def live_server(web_settings: WebSettings) -> Iterator[str]:
    """The app served by uvicorn in a thread on a free loopback port; yields ``http://127.0.0.1:PORT``."""
    with served(web_settings) as url:
        yield url


def chromium() -> tuple[str, Any]:
    """Debian's chromium and Playwright's ``sync_playwright``; the test is skipped without either."""
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        pytest.skip("Debian's chromium is not installed (apt-get install chromium; .ci/run does it)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("playwright is not installed (pip install -e '.[dev]')")
    return path, sync_playwright


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    path, sync_playwright = chromium()
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=["--no-sandbox"])
        try:
            yield b
        finally:
            b.close()


def _page(browser: Any, **options: Any) -> Iterator[Any]:
    # Playwright evaluates test predicates (wait_for_function) as strings, which the pages' Content-Security-
    # Policy forbids; tests/web/test_hardening.py loads the pages with the policy enforced
    options.setdefault("bypass_csp", True)
    context = browser.new_context(**options)
    context.set_default_timeout(10_000)
    page = context.new_page()
    try:
        yield page
    finally:
        context.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh desktop page (1280x800)."""
    yield from _page(browser, viewport={"width": 1280, "height": 800})


@pytest.fixture
def phone_page(browser: Any) -> Iterator[Any]:
    """A fresh phone-sized page (390x844, touch)."""
    yield from _page(
        browser, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=2
    )


def with_chromium(use: Any) -> None:
    """``use(browser)`` with a Chromium of its own, in a thread of its own: Playwright's sync API runs an event loop
    in its thread, and the session browser (:func:`browser`) may hold this one's. Skipped without Debian's chromium
    or playwright."""
    from concurrent.futures import ThreadPoolExecutor

    path, sync_playwright = chromium()

    def run() -> None:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=path, args=["--no-sandbox"])
            try:
                use(browser)
            finally:
                browser.close()

    with ThreadPoolExecutor(1) as pool:
        pool.submit(run).result()


def in_chromium(url: str, drive: Any, timeout: int = 15_000) -> None:
    """``drive(page)`` on a fresh Chromium page at ``url`` (1280x800), as :func:`with_chromium` runs it."""

    def use(browser: Any) -> None:
        context = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
        context.set_default_timeout(timeout)
        page = context.new_page()
        page.goto(url)
        drive(page)

    with_chromium(use)
