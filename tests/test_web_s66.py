"""The web app, round 66: /cards sorts as /api/search does (descending sorts too) and says an unknown sort; a page
past the end is said when every result fits on one page; HEAD is answered on every address GET is; the server's
terminal speaks the server's language, whatever a request asked for; a saved deck is deleted only after a page
that asks (a form post), never by one click."""

from __future__ import annotations

import asyncio
import html
import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.web.conftest import CARDS, SCHEMA, writing_client
from toolkit.web.settings import WebSettings

ROOT = Path(__file__).resolve().parent.parent
DUO = ROOT / "examples" / "decks" / "tactics" / "duo.json"
ICE = {"q": "t:ice", "game": "netrunner"}
PAGE = {"Accept": "text/html,application/xhtml+xml"}


def _pool(folder: Path) -> Path:
    shutil.copytree(SCHEMA, folder / "schema")
    shutil.copytree(CARDS, folder / "cards")
    return folder / "cards"


def _settings(folder: Path, lang: str | None = None) -> WebSettings:
    return WebSettings(cards=[_pool(folder)], db_url=str(folder / "web.db"), cache=folder / "cache",
                       data=folder / "data", lang=lang)  # fmt: skip


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One app over a copy of the bundled cards for the module (its saved decks in a data directory of its own)."""
    yield from writing_client(_settings(tmp_path_factory.mktemp("s66")))


def tiles(page: str) -> list[str]:
    return re.findall(r'<a class="tile" href="[^"]*" data-ref="([^"]+)"', page)


# ---------------------------------------------------------------------- 1. the sorts the documentation names


def test_the_sort_menu_offers_every_sort_each_way() -> None:
    from toolkit.search.compile import SORTS
    from toolkit.web.routes.cards import SORT_CHOICES

    assert set(SORT_CHOICES) == {"", *SORTS, *(f"-{s}" for s in SORTS)}


@pytest.mark.parametrize("sort", ["-strength", "-name", "-influence", "-faction", "-type", "-set", "strength"])
def test_cards_sorts_as_the_api_does_and_the_menu_shows_it(client: Any, sort: str) -> None:
    page = client.get("/cards", params={**ICE, "sort": sort, "lang": "en"})
    api = client.get("/api/search", params={**ICE, "sort": sort, "limit": 60, "lang": "en"}).json()
    assert page.status_code == 200 and len(api["results"]) > 1
    assert tiles(page.text) == [r["ref"] for r in api["results"]]
    assert f'<option value="{sort}" selected>' in page.text and '<option value="" selected>' not in page.text
    assert 'id="sort-error"' not in page.text


def test_a_sort_written_otherwise_is_the_menu_s_choice(client: Any) -> None:
    page = client.get("/cards", params={**ICE, "sort": "+Strength", "lang": "en"}).text
    assert '<option value="strength" selected>' in page
    api = client.get("/api/search", params={**ICE, "sort": "strength", "limit": 60}).json()
    assert tiles(page) == [r["ref"] for r in api["results"]]


def test_an_unknown_sort_is_said_on_the_page(client: Any) -> None:
    page = client.get("/cards", params={**ICE, "sort": "colour", "lang": "en"})
    # (sweep 67: a 400, as /api/search answers; the Sort menu keeps what was asked, marked)
    assert page.status_code == 400 and '<option value="colour" selected>' in page.text
    said = re.search(r'<p class="message error" role="alert" id="sort-error">(.*?)</p>', page.text, re.S)
    assert said is not None
    text = html.unescape(re.sub(r"<[^>]+>", "", said.group(1)))
    assert "unknown sort 'colour'; one of name, cost" in text and "default order" in text
    default = client.get("/api/search", params={**ICE, "limit": 60}).json()
    assert tiles(page.text) == [r["ref"] for r in default["results"]]  # the results, in the default order
    chinese = client.get("/cards", params={**ICE, "sort": "colour", "lang": "zh-Hans"}).text
    assert 'id="sort-error"' in chinese and "未知的排序 &#39;colour&#39;" in chinese


# ---------------------------------------------------------------------- 2. a page past the end of one page


def test_a_page_past_the_end_of_a_single_page_says_so_and_links_back(client: Any) -> None:
    total = client.get("/api/search", params={**ICE, "limit": 1}).json()["total"]
    assert 1 < total <= 60
    page = client.get("/cards", params={**ICE, "page": 2, "lang": "en"}).text
    assert tiles(page) == []
    assert "No records on page 2; they are all on page 1." in page
    back = re.search(r'<a href="([^"]+)" rel="prev" id="page-previous">', page)
    assert back is not None
    query = parse_qs(urlsplit(html.unescape(back.group(1))).query)
    assert query["q"] == ["t:ice"] and "page" not in query  # page 1
    far = client.get("/cards", params={**ICE, "page": 9, "lang": "en"}).text
    back = re.search(r'<a href="([^"]+)" rel="prev" id="page-previous">', far)
    assert back is not None and "page" not in parse_qs(urlsplit(html.unescape(back.group(1))).query)


def test_a_page_past_the_end_of_many_links_the_last_page(client: Any) -> None:
    params = {"q": "k:card", "game": "netrunner", "limit": 40, "lang": "en"}
    total = client.get("/api/search", params={**params, "limit": 1}).json()["total"]
    pages = -(-total // 40)
    page = client.get("/cards", params={**params, "page": pages + 5}).text
    assert f"No records on page {pages + 5}; there are {pages} pages." in page
    back = re.search(r'<a href="([^"]+)" rel="prev" id="page-previous">', page)
    assert back is not None
    assert parse_qs(urlsplit(html.unescape(back.group(1))).query)["page"] == [str(pages)]


# ---------------------------------------------------------------------- 3. HEAD


def _addresses(client: Any) -> list[str]:
    from toolkit.web import deckwork

    found = client.get("/api/search", params={**ICE, "limit": 1}).json()["results"][0]
    deck = json.loads(DUO.read_text(encoding="utf-8"))
    return ["/cards", "/cards?q=t:ice", found["url"], "/api/health", found["image"], "/decks",
            f"/decks/build?d={deckwork.share_code(deck)}", "/api/search?q=t:ice"]  # fmt: skip


def test_head_answers_every_get_address_as_get_does(client: Any) -> None:
    for address in _addresses(client):
        get = client.get(address)
        head = client.head(address)
        assert head.status_code == get.status_code == 200, address
        assert head.headers["content-type"] == get.headers["content-type"], address
        assert head.content == b"", address
    assert client.head("/", follow_redirects=False).status_code == 303
    health = client.get("/api/health")
    assert client.head("/api/health").headers["content-length"] == str(len(health.content))


def test_head_on_what_takes_no_get_is_refused_as_before(client: Any) -> None:
    refused = client.head("/decks/import")
    assert refused.status_code == 405 and refused.headers["allow"] == "POST"
    assert client.head("/nosuch").status_code == 404
    assert client.head("/static/app.css").status_code == 200


def test_head_sends_no_body(client: Any) -> None:
    """(The test client drops a HEAD answer's body itself: the app is called here as the server calls it.)"""
    app = client.app
    messages: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        messages.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "HEAD", "scheme": "http",
             "path": "/cards", "raw_path": b"/cards", "query_string": b"q=t%3Aice&lang=en", "root_path": "",
             "headers": [(b"host", b"127.0.0.1:8000"), (b"accept", b"text/html")], "client": ("127.0.0.1", 1),
             "server": ("127.0.0.1", 8000)}  # fmt: skip
    asyncio.run(app(scope, receive, send))
    start = messages[0]
    assert start["type"] == "http.response.start" and start["status"] == 200
    headers = dict(start["headers"])
    assert headers[b"content-type"].startswith(b"text/html") and int(headers[b"content-length"]) > 1000
    assert b"".join(m.get("body", b"") for m in messages[1:]) == b""


# ---------------------------------------------------------------------- 4. the server's terminal


@pytest.mark.parametrize(("server", "asked", "said", "not_said"), [
    ("zh-Hans", "en", "dossier：警告：卡牌文件已改动", "dossier: warning:"),
    ("en", "zh-Hans", "dossier: warning: the card files changed", "警告"),
])  # fmt: skip
def test_the_terminal_warning_speaks_the_server_s_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], server: str, asked: str, said: str, not_said: str
) -> None:
    settings = _settings(tmp_path, lang=server)
    for each in writing_client(settings):
        web = each.app.state.web
        card = settings.cards[0] / "tactics" / "cards" / "adrenaline_shot.json"
        card.write_text("{broken", encoding="utf-8")
        capsys.readouterr()
        web._pool_next = 0.0
        assert each.get("/api/health", headers={"Accept-Language": asked}).status_code == 200
        err = capsys.readouterr().err
        assert said in err and not_said not in err, err
        card.write_text("{broken again", encoding="utf-8")
        web._pool_next = 0.0
        each.get("/api/health", headers={"Accept-Language": server})
        again = capsys.readouterr().err
        assert said in again and not_said not in again, again


# ---------------------------------------------------------------------- 5. deleting a saved deck asks first


def _save(client: Any, name: str) -> tuple[str, Path]:
    deck = {**json.loads(DUO.read_text(encoding="utf-8")), "name": name}
    saved = client.post("/api/decks/saved", json={"deck": deck}).json()
    data = client.app.state.web.settings.data_path
    return saved["id"], data / "decks" / f"{saved['id']}.json"


def test_the_saved_list_s_delete_is_a_link_to_a_page_that_asks(client: Any) -> None:
    deck_id, path = _save(client, "Keep me")
    listing = client.get("/decks?lang=en").text
    assert f'action="/decks/saved/{deck_id}/delete"' not in listing  # no form that deletes at one click
    link = re.search(rf'<a href="(/decks/saved/{deck_id}/delete)"[^>]*aria-label="Delete: Keep me"', listing)
    assert link is not None
    asked = client.get(link.group(1) + "?lang=en")
    assert asked.status_code == 200 and path.is_file()  # asking deletes nothing
    assert "Delete the saved deck Keep me?" in asked.text and "cannot be undone" in asked.text
    form = re.search(r'<form method="post" action="([^"]+)"[^>]*id="deck-delete-form"', asked.text)
    assert form is not None and form.group(1) == f"/decks/saved/{deck_id}/delete"
    assert 'name="csrf_token"' in asked.text and 'id="deck-delete-confirm"' in asked.text
    assert '<a href="/decks" id="deck-delete-back">Keep the deck</a>' in asked.text
    done = client.post(form.group(1), data={"csrf_token": "x"}, follow_redirects=False)
    assert done.status_code == 303 and not path.exists()


def test_the_page_that_asks_speaks_the_visitor_s_language_and_a_missing_deck_is_said(client: Any) -> None:
    deck_id, path = _save(client, "Zhong")
    asked = client.get(f"/decks/saved/{deck_id}/delete?lang=zh-Hans").text
    assert '<html lang="zh-Hans"' in asked and "Zhong" in asked and path.is_file()
    pseudo = client.get(f"/decks/saved/{deck_id}/delete?lang=en-XA").text  # every word through the catalog
    assert "Đéĺéťé ťĥé šáṽéđ đéçķ Zhong?" in pseudo and "‹Ķééþ ťĥé đéçķ›" in pseudo
    missing = client.get("/decks/saved/no-such-deck/delete?lang=en", headers=PAGE)
    assert missing.status_code == 404 and "no saved deck 'no-such-deck'" in html.unescape(missing.text)


# ---------------------------------------------------------------------- the builder reads an imported list again


def test_an_import_without_script_gives_the_builder_the_list_it_read(client: Any) -> None:
    """The decks page's import form (no script) opens the builder with the lines it could not place: the page
    carries the list read too, so that a switch of language says those lines again in the new one."""
    text = "# game: tactics\n# mode: duo\n2x 不存在的卡\n"
    page = client.post("/decks/import", data={"text": text, "lang": "en"})
    assert page.status_code == 200, page.text
    found = re.search(r'<script type="application/json" id="boot">(.*?)</script>', page.text, re.S)
    assert found is not None
    boot = json.loads(html.unescape(found.group(1)))
    assert boot["carried"] and boot["source"] == {"text": text, "filename": None}
