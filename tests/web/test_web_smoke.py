"""The app factory and its contracts: pages render in both languages, static, OpenAPI, security basics."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.mark.parametrize("lang, word", [("en", "Cards"), ("zh-Hans", "卡牌")])
def test_pages_render_in_both_languages(client: Any, lang: str, word: str) -> None:
    response = client.get(f"/cards?lang={lang}")
    assert response.status_code == 200
    assert f'<html lang="{lang}">' in response.text
    assert word in response.text
    assert response.cookies.get("lang") == lang or client.cookies.get("lang") == lang
    assert 'name="csrf-token"' in response.text


def test_home_redirects_to_cards(client: Any) -> None:
    response = client.get("/", follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"].endswith("/cards")


def test_static_and_openapi(client: Any) -> None:
    assert client.get("/static/app.css").status_code == 200
    assert client.get("/openapi.json").json()["info"]["title"] == "Dossier"
    assert client.get("/docs").status_code == 200
    assert client.get("/api/health").json() == {"status": "ok"}


def test_foreign_host_refused_on_loopback(bare_client: Any) -> None:
    response = bare_client.get("/cards", headers={"Host": "evil.example:8000"})
    assert response.status_code == 403


@pytest.fixture
def write_probe(web_app: Any) -> Any:
    from fastapi import Depends

    from toolkit.web.security import require_write

    @web_app.post("/_probe", dependencies=[Depends(require_write)])
    def probe() -> dict[str, bool]:
        return {"ok": True}

    return web_app


def test_require_write_passes_same_site(client: Any, write_probe: Any) -> None:
    assert client.post("/_probe").json() == {"ok": True}


@pytest.mark.parametrize(
    "headers, cookie, words",
    [
        ({}, None, "no Origin"),
        ({"Origin": "https://evil.example"}, "c" * 20, "cross-site request refused: Origin"),
        ({"Origin": "http://127.0.0.1:8000"}, None, "CSRF"),
        ({"Origin": "http://127.0.0.1:8000", "X-CSRF-Token": "x" * 20}, "c" * 20, "CSRF"),
    ],
)
def test_require_write_refuses_cross_site(
    bare_client: Any, write_probe: Any, headers: dict[str, str], cookie: str | None, words: str
) -> None:
    if cookie:
        bare_client.cookies.set("csrf", cookie)
    response = bare_client.post("/_probe?lang=en", headers=headers)
    assert response.status_code == 403
    assert words in response.json()["detail"]
    assert "\n" not in response.json()["detail"]


def test_browser_sees_the_page(live_server: str, page: Any) -> None:
    page.goto(live_server + "/cards?lang=en")
    assert page.locator("h1").inner_text() == "Cards"


# ---------------------------------------------------------------------- beyond loopback: the write token

TOKEN = "a-write-token-of-enough-length"


@pytest.fixture
def open_client(web_settings: Any) -> Any:
    """A client of an app listening on every address (0.0.0.0) with a write token."""
    from fastapi.testclient import TestClient

    from toolkit.web.app import create_app

    web_settings.host = "0.0.0.0"
    web_settings.token = TOKEN
    with TestClient(create_app(web_settings), base_url="http://dossier.example:8000") as c:
        c.cookies.set("csrf", "c" * 20)
        c.headers.update({"Origin": "http://dossier.example:8000", "X-CSRF-Token": "c" * 20})
        yield c


DECK = {"game": "tactics", "mode": "duo", "name": "t", "cards": {}, "agents": []}


def test_writes_need_the_token_beyond_loopback(open_client: Any) -> None:
    assert open_client.get("/cards").status_code == 200  # reading needs nothing, from any host name
    refused = open_client.post("/api/decks/saved?lang=en", json={"deck": DECK})
    assert refused.status_code == 403 and "write token" in refused.json()["detail"]
    wrong = open_client.post("/api/decks/saved", json={"deck": DECK}, headers={"X-Dossier-Token": "x" * 30})
    assert wrong.status_code == 403
    assert (
        open_client.post("/api/decks/saved", json={"deck": DECK}, headers={"X-Dossier-Token": TOKEN}).status_code == 200
    )


def test_the_token_link_sets_a_cookie(open_client: Any) -> None:
    open_client.get(f"/?token={TOKEN}")
    assert open_client.cookies.get("token") == TOKEN
    assert open_client.post("/api/decks/saved", json={"deck": DECK}).status_code == 200


def test_a_wrong_token_link_sets_nothing(open_client: Any) -> None:
    open_client.get("/?token=guess-guess-guess-guess")
    assert open_client.cookies.get("token") is None


@pytest.mark.parametrize("guess", ["é" * 20, "x" * 20 + "; Path=/", ""])
def test_an_odd_token_link_sets_nothing(open_client: Any, guess: str) -> None:
    response = open_client.get("/cards", params={"token": guess})
    assert response.status_code == 200 and open_client.cookies.get("token") is None


def test_the_search_api_sets_the_csrf_cookie_once(client: Any) -> None:
    client.cookies.clear()
    first = client.get("/api/search", params={"q": "k:agent"})
    assert first.status_code == 200 and "csrf=" in first.headers.get("set-cookie", "")
    again = client.get("/api/search", params={"q": "k:agent"})
    assert again.status_code == 200 and "set-cookie" not in again.headers


def test_the_token_does_not_replace_the_csrf_check(open_client: Any) -> None:
    response = open_client.post(
        "/api/decks/saved",
        json={"deck": DECK},
        headers={"X-Dossier-Token": TOKEN, "Origin": "https://evil.example", "X-CSRF-Token": ""},
    )
    assert response.status_code == 403


@pytest.mark.parametrize(
    "host, loopback", [("127.0.0.1", True), ("localhost", True), ("::1", True), ("127.0.0.2", True),
                       ("0.0.0.0", False), ("192.168.1.5", False), ("", False), ("example.com", False)],
)  # fmt: skip
def test_needs_token(host: str, loopback: bool) -> None:
    from toolkit.web.settings import WebSettings

    assert WebSettings(cards=[], db_url=None, host=host).needs_token() is not loopback


# ---------------------------------------------------------------------- dossier serve


@pytest.fixture
def no_uvicorn(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    import uvicorn

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append({"app": app, **kw}))
    return calls


def test_serve_prints_the_address(cli: Any, web_cards: Any, tmp_path: Any, no_uvicorn: list[dict[str, Any]]) -> None:
    from tests.web.conftest import free_port

    port = free_port()
    result = cli("serve", "--cards", web_cards, "--db", tmp_path / "s.db", "--port", port)
    assert result.exit_code == 0, result.output
    assert f"serving on http://127.0.0.1:{port}/" in result.stdout and "token" not in result.stdout
    assert (tmp_path / "s.db").is_file()
    assert no_uvicorn[0]["host"] == "127.0.0.1" and no_uvicorn[0]["port"] == port


def test_serve_beyond_loopback_prints_a_token(
    cli: Any, web_cards: Any, tmp_path: Any, no_uvicorn: list[dict[str, Any]]
) -> None:
    from tests.web.conftest import free_port

    result = cli("serve", "--cards", web_cards, "--db", tmp_path / "s.db", "--host", "0.0.0.0", "--port", free_port())
    assert result.exit_code == 0, result.output
    token = result.stdout.split("write token: ")[1].split()[0]
    assert len(token) >= 16 and f"?token={token}" in result.stdout
    assert no_uvicorn[0]["app"].state.settings.token == token
    given = cli("serve", "--cards", web_cards, "--db", tmp_path / "s.db", "--host", "0.0.0.0", "--port", free_port(),
                "--token", TOKEN)  # fmt: skip
    assert f"write token: {TOKEN}" in given.stdout
    short = cli("serve", "--host", "0.0.0.0", "--token", "short")
    assert short.exit_code == 2 and "--token" in short.stderr


def test_serve_a_port_in_use_is_one_line(cli: Any, web_cards: Any, tmp_path: Any, no_uvicorn: list[Any]) -> None:
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = cli("serve", "--cards", web_cards, "--db", tmp_path / "s.db", "--port", port)
    assert result.exit_code == 2
    assert result.stderr.startswith("dossier: error: cannot listen on 127.0.0.1:") and result.stderr.count("\n") == 1
    assert not no_uvicorn


def test_serve_keeps_its_options_for_the_phone_command(
    cli: Any, web_cards: Any, tmp_path: Any, no_uvicorn: list[dict[str, Any]]
) -> None:
    """The crossfire pages of a loopback server name the command that serves the same data to phones: every option
    it was started with but the address (and never the write token)."""
    from fastapi.testclient import TestClient

    from tests.web.conftest import BASE, free_port

    port = free_port()
    cards = tmp_path / "my cards"
    cards.mkdir()
    db = tmp_path / "s.db"
    result = cli("serve", "--cards", web_cards, "--cards", cards, "--db", db, "--port", port, "--max-body", "64",
                 "--lang", "en")  # fmt: skip
    assert result.exit_code == 0, result.output
    app = no_uvicorn[0]["app"]
    with TestClient(app, base_url=BASE) as client:
        page = client.get("/crossfire?lang=en").text
    expected = (
        f"dossier serve --host 0.0.0.0 --port {port} --cards {web_cards} --cards '{cards}' --db {db} --max-body 64 "
        "--lang en"
    )
    assert f'<code id="cf-serve-command">{expected}</code>' in page.replace("&#39;", "'")


def test_the_phone_command_never_shows_a_database_password() -> None:
    """(review 75) A --db URL's password is masked in the options the crossfire pages repeat; a URL without one, or
    a path, is kept as written."""
    from toolkit.cli.serve import _without_password

    assert _without_password("postgresql+psycopg://me:secret@db.local/cards?schema=x") == (
        "postgresql+psycopg://me:***@db.local/cards?schema=x"
    )
    assert _without_password("postgresql://me@/cards?host=/run/pg") == "postgresql://me@/cards?host=/run/pg"
    assert _without_password("build/my cards.db") == "build/my cards.db"
