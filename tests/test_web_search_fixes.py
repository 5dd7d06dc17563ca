"""The card search on the web: a database rebuilt by someone else (another `dossier db build` over the same file or
PostgreSQL schema, perhaps from other card files) is seen, and said, instead of three names for one card; the error
caret stands under the character named, Chinese ones too; "Back to search" returns to the search the card was
opened from; an unknown game is told in the page's words, not the CLI's --game."""

from __future__ import annotations

import html
import os
import re
import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.web.conftest import CARDS, SCHEMA, in_chromium, served, writing_client
from toolkit.web.settings import WebSettings

PG_URL = os.environ.get("DOSSIER_TEST_PG_URL")
CARD = Path("tactics") / "cards" / "adrenaline_shot.json"


def _pool(folder: Path, rename: str | None = None) -> Path:
    """A copy of the bundled cards (schema/ beside it) in ``folder``; adrenaline_shot renamed to ``rename``."""
    shutil.copytree(SCHEMA, folder / "schema")
    shutil.copytree(CARDS, folder / "cards")
    if rename is not None:
        path = folder / "cards" / CARD
        path.write_text(path.read_text(encoding="utf-8").replace("Adrenaline Shot", rename), encoding="utf-8")
    return folder / "cards"


def _database_url(backend: str, tmp_path: Path) -> str:
    if backend == "sqlite":
        return str(tmp_path / "shared.db")
    assert PG_URL is not None
    return f"{PG_URL}{'&' if '?' in PG_URL else '?'}schema=web_{uuid.uuid4().hex[:12]}"


def _build(cards: Path, url: str) -> None:
    """`dossier db build --db URL --cards CARDS`, as someone else would run it from another folder."""
    from toolkit.catalog import load_catalog
    from toolkit.db import build_database, resolve_target

    build_database(load_catalog([cards]), resolve_target(url), sources=[cards])


def _client(settings: WebSettings) -> Iterator[Any]:
    yield from writing_client(settings)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    """The app over a copy of the bundled cards and a SQLite database of its own."""
    settings = WebSettings(cards=[_pool(tmp_path / "own")], db_url=str(tmp_path / "web.db"),
                           cache=tmp_path / "cache", data=tmp_path / "data")  # fmt: skip
    yield from _client(settings)


# ---------------------------------------------------------------------- 3. a database rebuilt elsewhere


def _names(client: Any) -> list[str]:
    answer = client.get("/api/search", params={"q": "Adrenaline", "lang": "en"})
    assert answer.status_code == 200, answer.text
    return [r["name"] for r in answer.json()["results"]]


BACKENDS = [
    pytest.param("sqlite", id="sqlite"),
    pytest.param("postgresql", id="postgresql",
                 marks=pytest.mark.skipif(not PG_URL, reason="DOSSIER_TEST_PG_URL is not set (.ci/postgres.sh)")),
]  # fmt: skip


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_database_rebuilt_elsewhere_is_seen_and_said(backend: str, tmp_path: Path) -> None:
    url = _database_url(backend, tmp_path)
    own = _pool(tmp_path / "cc")
    elsewhere = _pool(tmp_path / "other" / "cc2", rename="Adrenaline Zapper")
    settings = WebSettings(cards=[own], db_url=url, cache=tmp_path / "cache", data=tmp_path / "data")
    for client in _client(settings):
        web = client.app.state.web
        assert _names(client) == ["Adrenaline Shot"]  # (the search's memo and answer cache now hold it)
        page = client.get("/cards", params={"q": "Adrenaline", "lang": "en"}).text
        assert "Adrenaline Shot" in page and 'id="built-elsewhere"' not in page
        assert "notice" not in client.get("/api/search", params={"q": "Adrenaline"}).json()

        _build(elsewhere, url)  # another folder rebuilds the shared database from cards that rename the card
        web._pool_next = 0.0  # (the look is due: instead of waiting POOL_CHECK seconds)
        assert _names(client) == ["Adrenaline Zapper"]  # as `dossier search` now answers: not an older build's
        answer = client.get("/api/search", params={"q": "Adrenaline", "lang": "en"}).json()
        assert "built elsewhere" in answer["notice"]
        page = client.get("/cards", params={"q": "Adrenaline", "lang": "en"}).text
        assert "Adrenaline Zapper" in page and 'id="built-elsewhere"' in page
        card = client.get("/cards/tactics/adrenaline_shot", params={"lang": "en"}).text
        assert 'id="built-elsewhere"' in card  # its name is the server's own files': the page says why it differs
        zh = client.get("/cards", params={"q": "Adrenaline", "lang": "zh-Hans"}).text
        assert 'id="built-elsewhere"' in zh

        _build(own, url)  # and rebuilt from the server's own cards: one name again, no notice
        web._pool_next = 0.0
        assert _names(client) == ["Adrenaline Shot"]
        assert 'id="built-elsewhere"' not in client.get("/cards/tactics/adrenaline_shot", params={"lang": "en"}).text
        assert "notice" not in client.get("/api/search", params={"q": "Adrenaline"}).json()


def test_the_database_is_looked_at_only_when_the_files_are(tmp_path: Path) -> None:
    """The build is looked at with the card files (every POOL_CHECK seconds at most), not on every request; the
    server's own rebuild (a reload) is not taken for another's."""
    own = _pool(tmp_path / "cc")
    url = str(tmp_path / "shared.db")
    settings = WebSettings(cards=[own], db_url=url, cache=tmp_path / "cache", data=tmp_path / "data")
    for client in _client(settings):
        web = client.app.state.web
        assert _names(client) == ["Adrenaline Shot"]
        web._pool_next = float("inf")
        _build(_pool(tmp_path / "other", rename="Adrenaline Zapper"), url)
        assert _names(client) == ["Adrenaline Shot"]  # not looked at yet
        web._pool_next = 0.0
        assert _names(client) == ["Adrenaline Zapper"]
        web.reload()  # the server rebuilds from its own cards (as after the editor saved)
        generation = web.generation
        web._pool_next = 0.0
        assert _names(client) == ["Adrenaline Shot"] and web.generation == generation and not web.built_elsewhere


# ---------------------------------------------------------------------- 8. the caret under a Chinese character


def _caret(page: str) -> tuple[str, str]:
    """(the text before the marked character, the marked character) of the page's error, and checks the caret line
    is set after that same text."""
    found = re.search(r'<pre class="caret"[^>]*>(.*?)<mark id="q-bad">(.*?)</mark>(.*?)\n'
                      r'<span style="visibility: hidden">(.*?)</span><span id="q-caret-mark">\^</span></pre>',
                      page, re.S)  # fmt: skip
    assert found is not None, page[page.find('id="q-error"') :][:800]
    before, bad, _, under = (html.unescape(g) for g in found.groups())
    assert under == before
    return before, bad


@pytest.mark.parametrize(
    ("query", "lang", "before", "bad"),
    [
        ("攻速>>2", "zh-Hans", "攻速", ">"),
        ("t:装备 攻速:abc", "en", "t:装备 攻速:", "a"),
        ("t:ice o<<3", "en", "t:ice o", "<"),
        ("攻速>=", "zh-Hans", "攻速>=", " "),  # the end of the query: after its last character
    ],
)
def test_the_error_marks_the_character_it_names(client: Any, query: str, lang: str, before: str, bad: str) -> None:
    answer = client.get("/cards", params={"q": query, "lang": lang})
    assert answer.status_code == 400
    assert _caret(answer.text) == (before, bad)


@pytest.mark.slow
def test_the_caret_stands_under_the_chinese_character_in_a_browser(tmp_path: Path) -> None:
    settings = WebSettings(cards=[_pool(tmp_path / "own")], db_url=str(tmp_path / "web.db"),
                           cache=tmp_path / "cache", data=tmp_path / "data")  # fmt: skip
    places: list[tuple[float, float]] = []

    def drive(page: Any) -> None:
        for query in ("t:装备 攻速:abc", "t:ice o<<3"):
            page.goto(f"{url}/cards?lang=en&q={query}")
            bad = page.locator("#q-bad").bounding_box()
            caret = page.locator("#q-caret-mark").bounding_box()
            places.append((bad["x"], caret["x"]))

    with served(settings) as url:
        in_chromium(url, drive)
    assert len(places) == 2
    for bad_x, caret_x in places:
        assert abs(bad_x - caret_x) < 1.0, places


# ---------------------------------------------------------------------- 9. back to the search


def test_back_to_search_returns_to_the_search_the_card_was_opened_from(client: Any) -> None:
    search = {"q": "t:ice", "game": "netrunner", "sort": "-cost", "page": "2", "limit": "5", "lang": "en"}
    page = client.get("/cards", params=search).text
    links = [html.unescape(h) for h in re.findall(r'<a class="tile" href="([^"]+)"', page)]
    assert links
    card = client.get(links[0]).text
    back = html.unescape(re.search(r'<a href="([^"]+)" id="back-to-search">', card).group(1))  # type: ignore[union-attr]
    parts = urlsplit(back)
    assert parts.path == "/cards" and not parts.netloc and not parts.scheme
    assert parse_qs(parts.query) == {"q": ["t:ice"], "game": ["netrunner"], "sort": ["-cost"], "page": ["2"],
                                     "limit": ["5"]}  # fmt: skip
    # and that address is the same search page again
    again = client.get(back + "&lang=en").text
    assert html.escape(links[0]) in again


@pytest.mark.parametrize(
    "back",
    ["//evil.example/x", "https://evil.example/", "javascript:alert(1)", "q=a&next=//evil.example&page=1",
     "\\\\evil.example", "q=%22%3E%3Cscript%3E"],
)  # fmt: skip
@pytest.mark.slow
def test_back_to_search_goes_nowhere_but_the_search_page(client: Any, back: str) -> None:
    card = client.get("/cards/tactics/adrenaline_shot", params={"back": back, "lang": "en"}).text
    link = re.search(r'<a href="([^"]*)" id="back-to-search">', card)
    assert link is not None
    target = urlsplit(html.unescape(link.group(1)))
    assert target.path == "/cards" and not target.netloc and not target.scheme
    assert set(parse_qs(target.query)) <= {"q", "game", "sort", "limit", "page"}
    assert "<script>" not in card


def test_a_card_without_a_search_leads_back_to_the_search_page(client: Any) -> None:
    card = client.get("/cards/tactics/adrenaline_shot", params={"lang": "en"}).text
    assert '<a href="/cards" id="back-to-search">' in card
    missing = client.get("/cards/tactics/nothing_here", params={"back": "q=x", "lang": "en"})
    assert missing.status_code == 404 and '<a href="/cards?q=x" id="back-to-search">' in missing.text


# ---------------------------------------------------------------------- 12a. the game, in the page's words


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@pytest.mark.slow
def test_an_unknown_game_is_told_in_the_page_s_words(client: Any, lang: str) -> None:
    answer = client.get("/cards", params={"q": "t:ice", "game": "bogus", "lang": lang})
    assert answer.status_code == 400
    assert "--game" not in answer.text and "bogus" in answer.text
    if lang == "en":
        assert "choose one in the Game menu (Tactics, Netrunner, Crossfire)" in answer.text


def test_the_api_names_its_own_parameter(client: Any) -> None:
    answer = client.get("/api/search", params={"q": "t:ice", "game": "bogus", "lang": "en"})
    assert answer.status_code == 400
    assert "--game" not in answer.json()["detail"] and "?game=" in answer.json()["detail"]
    # a game's name still chooses it, as `dossier search --game 矩阵潜袭` does
    named = client.get("/api/search", params={"q": "t:ice", "game": "矩阵潜袭", "lang": "en", "limit": 1}).json()
    assert named["total"] > 0 and named["results"][0]["game"] == "netrunner"
