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
    response = bare_client.post("/_probe", headers=headers)
    assert response.status_code == 403
    assert words in response.json()["detail"]
    assert "\n" not in response.json()["detail"]


def test_browser_sees_the_page(live_server: str, page: Any) -> None:
    page.goto(live_server + "/cards?lang=en")
    assert page.locator("h1").inner_text() == "Cards"
