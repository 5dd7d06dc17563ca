"""Crossfire at a real table: links phones can open, opened marks, a host who plays, stale forms as pages."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any

import pytest

from toolkit.web.settings import WebSettings

from .conftest import BASE, TEST_CSRF

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Fay", "Gus"]
LAN = "192.168.7.23"
TOKEN = "a-write-token-of-24-chars"


def create(client: Any, host: str | None = None, host_seat: int | None = None, lang: str = "en") -> str:
    data: dict[str, Any] = {"mode": "crossfire", "players": "7", "special": ["bomber"]}
    if host is not None:
        data["host"] = host
    if host_seat is not None:
        data["host_seat"] = str(host_seat)
    data.update({f"name_{i}": n for i, n in enumerate(NAMES, start=1)})
    response = client.post(f"/crossfire?lang={lang}", data=data, follow_redirects=False)
    assert response.status_code == 303, response.text[:500]
    return str(response.headers["location"])


def private_links(page_html: str) -> dict[int, str]:
    return {int(seat): html.unescape(url) for seat, url in re.findall(r'id="cf-url-(\d+)" value="([^"]+)"', page_html)}


def error_of(page_html: str) -> str:
    found = re.findall(r'id="cf-error">(.*?)</p>', page_html, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", found[0])) if found else ""


def path_of(url: str) -> str:
    return "/" + url.split("/", 3)[3]


@pytest.fixture
def lan_client(web_settings: WebSettings, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A client of a server listening on every address (``--host 0.0.0.0``, a write token) on a machine whose
    LAN address is :data:`LAN`; the client sends the token, as a browser that opened ``/?token=…``."""
    from fastapi.testclient import TestClient

    from toolkit.web import settings as web_settings_module
    from toolkit.web.app import create_app

    monkeypatch.setattr(web_settings_module, "lan_ipv4", lambda: LAN)
    web_settings.host = "0.0.0.0"
    web_settings.token = TOKEN
    with TestClient(create_app(web_settings), base_url=BASE) as c:
        c.cookies.set("csrf", TEST_CSRF)
        c.headers.update({"Origin": BASE, "X-CSRF-Token": TEST_CSRF, "X-Dossier-Token": TOKEN})
        yield c


# ---------------------------------------------------------------- the address phones open


def test_lan_address_in_links_when_listening_beyond_loopback(lan_client: Any) -> None:
    host = create(lan_client)
    # the host page opens at the address the phones use, the token along (the cookies are per address)
    assert host.startswith(f"http://{LAN}:8000/crossfire/host/") and host.endswith(f"?token={TOKEN}")
    lan_client.headers.update({"Origin": f"http://{LAN}:8000"})
    page = lan_client.get(host)
    assert page.status_code == 200
    links = private_links(page.text)
    assert sorted(links) == list(range(1, 8))
    assert all(url.startswith(f"http://{LAN}:8000/crossfire/p/") for url in links.values())
    assert "127.0.0.1" not in page.text.split('id="cf-links"', 1)[1].split("</section>", 1)[0]
    assert 'id="cf-lan"' in page.text and 'id="cf-loopback"' not in page.text
    # the host page asked at the LAN address stays there (no token added: the cookie is that address's)
    moved = lan_client.post(f"http://{LAN}:8000/crossfire?lang=en", data={"players": "7"}, follow_redirects=False)
    assert moved.status_code == 303 and "token=" not in moved.headers["location"]
    assert moved.headers["location"].startswith(f"http://{LAN}:8000/crossfire/host/")


def test_a_fixed_listening_address_is_the_links_address(lan_client: Any) -> None:
    lan_client.app.state.settings.host = "10.1.2.3"
    page = lan_client.get(create(lan_client))
    assert all(url.startswith("http://10.1.2.3:8000/") for url in private_links(page.text).values())


def test_no_lan_address_found_is_said(lan_client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from toolkit.web import settings as web_settings_module

    monkeypatch.setattr(web_settings_module, "lan_ipv4", lambda: None)
    host = create(lan_client)
    assert host.startswith(BASE)
    page = lan_client.get(host).text
    assert 'id="cf-no-lan"' in page and all(u.startswith(BASE) for u in private_links(page).values())


def test_lan_ipv4_is_never_loopback() -> None:
    from toolkit.web.settings import lan_ipv4

    found = lan_ipv4()
    assert found is None or (not found.startswith("127.") and found.count(".") == 3)


def test_loopback_server_warns_and_names_the_command(client: Any) -> None:
    page = client.get(create(client) + "?lang=en")
    assert 'id="cf-loopback"' in page.text and "Phones cannot open these links." in page.text
    assert '<code id="cf-serve-command">dossier serve --host 0.0.0.0</code>' in page.text
    assert "write token" in page.text
    assert 'id="cf-loopback"' in client.get("/crossfire?lang=en").text  # said before dealing too


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_the_loopback_warning_shows_the_token_address_as_code_not_backticks(client: Any, lang: str) -> None:
    page = client.get(f"/crossfire?lang={lang}").text
    warning = page.split('id="cf-loopback"', 1)[1].split("</div>", 1)[0]
    assert "<code>?token=…</code>" in warning and "`" not in warning
    chinese = client.get(create(client, lang="zh-Hans") + "?lang=zh-Hans").text
    assert "dossier serve --host 0.0.0.0" in chinese and "Phones cannot open" not in chinese


# ---------------------------------------------------------------- opened marks


def opened(client: Any, host: str) -> list[int]:
    return list(client.get(path_of(host) + "/state").json()["opened"])


def test_opened_marks(client: Any, bare_client: Any) -> None:
    host = create(client)
    page = client.get(host).text
    assert page.count("not opened yet") == 7 and 'data-seat-opened="1"' in page
    links = private_links(page)
    assert opened(client, host) == []
    # the moderator checking a link in the host's browser is not the player opening it
    assert client.get(links[2]).status_code == 200
    assert opened(client, host) == []
    # a phone (another browser) opens seats 3 and 5; twice is once
    for seat in (3, 5, 3):
        assert bare_client.get(path_of(links[seat])).status_code == 200
    assert opened(client, host) == [3, 5]
    page = client.get(host).text
    assert re.search(r'id="cf-opened-3"[^>]*><span class="cf-opened-yes">', page)
    assert re.search(r'id="cf-opened-2"[^>]*><span class="cf-opened-yes" hidden>', page)
    assert page.count("not opened yet") == 7  # the words are in the page for the poll; five are shown
    assert client.get(path_of(host).replace("/host/", "/host/x") + "/state").status_code == 404
    # the marks survive a restart of the server
    from toolkit.web.crossfire_rooms import RoomStore

    again = RoomStore(client.app.state.settings.data_path / "crossfire").host(host.rsplit("/", 1)[1])
    assert again is not None and again.opened == [3, 5]


# ---------------------------------------------------------------- a host who plays


def test_a_host_who_plays_cannot_open_other_seats(client: Any, bare_client: Any) -> None:
    host = create(client, host="plays", host_seat=4)
    page = client.get(host + "?lang=en").text
    links = private_links(page)
    assert 'id="cf-my-link"' in page and page.count('class="cf-private-link"') == 1
    assert html.unescape(re.findall(r'href="([^"]+)"[^>]*id="cf-my-link"', page)[0]) == links[4]
    refused = client.get(links[2] + "?lang=en")
    assert refused.status_code == 403 and 'id="cf-role"' not in refused.text
    assert "private link of Bo (seat 2)" in error_of(refused.text)
    assert 'id="cf-back"' in refused.text and path_of(host) in refused.text
    own = client.get(links[4])
    assert own.status_code == 200 and 'id="cf-role"' in own.text
    # the players' own links keep working on their phones
    for seat in (1, 2, 3):
        assert bare_client.get(path_of(links[seat])).status_code == 200
    assert opened(client, host) == [1, 2, 3, 4]
    # in Chinese too
    refused = client.get(links[5] + "?lang=zh-Hans")
    assert refused.status_code == 403 and "Ed" in error_of(refused.text) and "private link" not in refused.text


def test_a_host_who_plays_without_a_seat_keeps_the_first_opened(client: Any) -> None:
    from toolkit.web.routes.crossfire import rooms

    host = create(client, host="plays")  # no seat sent (a table from before the form asked it)
    room = rooms(client.app.state.web).host(host.rsplit("/", 1)[1])
    assert room is not None and room.host_seat is None
    links = private_links(client.get(host).text)
    assert client.get(links[6]).status_code == 200
    assert client.get(links[1]).status_code == 403
    assert room.host_seat == 6


def test_a_host_seat_beyond_the_table_is_a_form_error(client: Any) -> None:
    response = client.post(
        "/crossfire?lang=en", data={"players": "5", "host": "plays", "host_seat": "7"}, follow_redirects=False
    )
    assert response.status_code == 400 and "your seat: 7 is not between 1 and 5" in error_of(response.text)


# ---------------------------------------------------------------- stale forms


def test_stale_forms_are_pages(client: Any) -> None:
    host = create(client)
    token = host.rsplit("/", 1)[1]
    # a bad CSRF token (a form from before the cookie changed): a page in the page's language, a way back
    for lang, words in (("en", "CSRF token"), ("zh-Hans", "令牌")):
        response = client.post(
            f"{host}/next?lang={lang}",
            data={"csrf_token": "an-old-token-from-a-stale-form"},
            headers={"X-CSRF-Token": ""},
        )
        assert response.status_code == 403
        assert response.headers["content-type"].startswith("text/html")
        assert words in error_of(response.text)
        assert 'id="cf-back"' in response.text and f"/crossfire/host/{token}" in response.text
    chinese = client.post("/crossfire?lang=zh-Hans", headers={"X-CSRF-Token": "wrong"}, data={"players": "7"})
    assert chinese.status_code == 403 and "<html" in chinese.text and "reload the page" not in chinese.text
    # a cross-site form
    response = client.post(host + "/reopen?lang=en", headers={"Origin": "http://elsewhere.example"})
    assert response.status_code == 403 and "cross-site" in error_of(response.text) and "<html" in response.text
    # a finished table: the host's old "deal the next round" form
    assert client.post(host + "/delete").status_code == 200  # redirected to a new table's form
    for action in ("next", "resolve", "reopen", "delete"):
        response = client.post(f"{host}/{action}?lang=en", data={"aim_1": "2"})
        assert response.status_code == 404 and "No such table" in error_of(response.text)
        assert response.headers["content-type"].startswith("text/html")
    # an unknown table (expired): the same page
    response = client.post("/crossfire/host/AAAAAAAAAAAAAAAAAAAAAAAA/next?lang=en")
    assert response.status_code == 404 and "No such table" in error_of(response.text)


def test_a_form_without_the_write_token_is_a_page(lan_client: Any) -> None:
    del lan_client.headers["X-Dossier-Token"]
    response = lan_client.post("/crossfire?lang=en", data={"players": "7"})
    assert response.status_code == 403 and "write token" in error_of(response.text)
    assert 'id="cf-back"' in response.text


def test_json_routes_keep_json(client: Any) -> None:
    host = create(client)
    link = private_links(client.get(host).text)[1]
    assert client.get(link.replace("/p/", "/p/x") + "/state").json() == {"detail": "no such table"}
    assert client.get(path_of(host) + "/state").json() == {"round": 1, "opened": []}


def test_scripts_carry_the_nonce_and_no_inline_handlers(client: Any) -> None:
    host = create(client, host="plays")
    for url in (host, "/crossfire", private_links(client.get(host).text)[1]):
        page = client.get(url).text
        assert not re.search(r"<script(?![^>]*(?:nonce=|src=|type=\"application/json\"))[^>]*>", page), url
        assert not re.search(r"\son[a-z]+=", page) and "javascript:" not in page, url


# ---------------------------------------------------------------- through Chromium


@pytest.mark.slow
def test_the_host_page_warns_on_loopback_in_the_browser(live_server: str, page: Any, phone_page: Any) -> None:
    page.goto(f"{live_server}/crossfire?lang=en")
    page.click("#cf-deal")
    page.wait_for_url("**/crossfire/host/**")
    warning = page.locator("#cf-loopback")
    assert warning.is_visible()
    assert "Phones cannot open these links." in warning.inner_text()
    assert page.locator("#cf-serve-command").inner_text().startswith("dossier serve --host 0.0.0.0")
    assert page.locator("#cf-opened-2 .cf-opened-no").is_visible()
    # a player opens their link on their phone: the host page marks it without a reload
    phone_page.goto(page.input_value("#cf-url-2") + "?lang=en")
    assert phone_page.locator("#cf-reveal").is_visible()
    page.locator("#cf-opened-2 .cf-opened-yes").wait_for(state="visible")
    assert page.locator("#cf-opened-3 .cf-opened-no").is_visible()
