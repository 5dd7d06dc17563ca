"""The web deck builder (sweep 76a): a saved deck of a game the server does not offer is not opened (nor saved
over); a saved deck's unsaved changes ask before leaving; an "Add to deck" keeps the saved deck it adds to; New
deck starts empty (Continue, the deck kept); a crossfire deck's player count follows a new mode; the deck list's
tactics cost is the printed one; ``mode`` applies to analyze, stats, odds and draw; a share link whose fields have
the wrong types is bad (and a damaged stored copy never stops the page).

API and page tests over a TestClient; the page's own behaviour in Chromium (skipped without it, as the web tests
are)."""

from __future__ import annotations

import base64
import html
import json
import re
import shutil
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import CARDS, SCHEMA, in_chromium, served, with_chromium, writing_client
from toolkit.web.settings import WebSettings

LANGS = ("en", "zh-Hans")
DUO = json.loads((Path(__file__).parent.parent / "examples/decks/tactics/duo.json").read_text("utf-8"))
DUO.pop("$schema", None)


def _settings(root: Path, data: Path, *, games: tuple[str, ...] = ("tactics", "netrunner", "crossfire")) -> WebSettings:
    shutil.copytree(SCHEMA, root / "schema")
    (root / "cards").mkdir()
    for game in games:
        shutil.copytree(CARDS / game, root / "cards" / game)
    return WebSettings(cards=[root / "cards"], db_url=str(root / "web.db"), cache=root / "web-cache", data=data)


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("s76-795-data")


@pytest.fixture(scope="module")
def settings(tmp_path_factory: pytest.TempPathFactory, data_dir: Path) -> WebSettings:
    return _settings(tmp_path_factory.mktemp("s76-795-all"), data_dir)


@pytest.fixture(scope="module")
def client(settings: WebSettings) -> Iterator[Any]:
    yield from writing_client(settings)


@pytest.fixture(scope="module")
def nr_client(tmp_path_factory: pytest.TempPathFactory, data_dir: Path) -> Iterator[Any]:
    """A second server on the same data folder whose card pool has no tactics."""
    yield from writing_client(_settings(tmp_path_factory.mktemp("s76-795-nr"), data_dir, games=("netrunner",)))


@pytest.fixture(scope="module")
def server(settings: WebSettings) -> Iterator[str]:
    with served(settings) as url:
        yield url


def boot_of(page_html: str) -> dict[str, Any]:
    match = re.search(r'<script type="application/json" id="boot">(.*?)</script>', page_html, re.S)
    assert match, "no boot JSON"
    return dict(json.loads(match.group(1)))


def code_of(deck: Any) -> str:
    raw = json.dumps(deck, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def save(client: Any, deck: dict[str, Any]) -> str:
    answer = client.post("/api/decks/saved", json={"deck": deck})
    assert answer.status_code == 200, answer.text
    return str(answer.json()["id"])


def saved_file(data_dir: Path, deck_id: str) -> Path:
    found = list(data_dir.rglob(f"{deck_id}.json"))
    assert len(found) == 1, found
    return found[0]


def idle(page: Any) -> None:
    page.wait_for_function("() => document.getElementById('builder').getAttribute('aria-busy') === 'false'")


# ---------------------------------------------------------------------- 1. a game the server does not offer


@pytest.mark.parametrize("lang", LANGS)
def test_a_saved_deck_of_a_game_not_offered_is_said_and_not_opened(
    client: Any, nr_client: Any, data_dir: Path, lang: str
) -> None:
    deck_id = save(client, DUO)
    page = nr_client.get(f"/decks/build?saved={deck_id}&lang={lang}")
    boot = boot_of(page.text)
    assert boot["deck"] is None and boot["saved"] is None and boot["saved_base"] is None and boot["new"]
    assert deck_id in page.text and 'class="message error"' in page.text
    assert lang != "en" or "card pool does not have" in page.text
    # an unknown game in a saved file: the same
    path = saved_file(data_dir, deck_id)
    path.write_text(json.dumps({**DUO, "game": "chess"}), "utf-8")
    page = client.get(f"/decks/build?saved={deck_id}&lang={lang}")
    boot = boot_of(page.text)
    assert boot["deck"] is None and boot["saved"] is None and "'chess'" in html.unescape(page.text)


@pytest.mark.slow
def test_save_never_writes_over_a_saved_deck_not_offered(client: Any, nr_client: Any, data_dir: Path,
                                                         tmp_path_factory: pytest.TempPathFactory) -> None:  # fmt: skip
    deck_id = save(client, DUO)
    before = saved_file(data_dir, deck_id).read_bytes()
    nr = _settings(tmp_path_factory.mktemp("s76-795-nr-served"), data_dir, games=("netrunner",))
    with served(nr) as url:

        def drive(page: Any) -> None:
            idle(page)
            assert "saved=" not in page.url
            page.click("#save-deck")
            page.wait_for_function("() => document.getElementById('save-status').textContent !== ''")

        in_chromium(f"{url}/decks/build?saved={deck_id}&lang=en", drive)
    assert saved_file(data_dir, deck_id).read_bytes() == before


# ---------------------------------------------------------------------- 2, 3, 4. unsaved changes, Add to deck, New


def leaving_asks(page: Any) -> bool:
    return bool(page.evaluate(
        "() => { const e = new Event('beforeunload', { cancelable: true }); window.dispatchEvent(e); "
        "return e.defaultPrevented; }"
    ))  # fmt: skip


@pytest.mark.slow
def test_unsaved_changes_of_a_saved_deck_ask_before_leaving(client: Any, server: str) -> None:
    deck_id = save(client, DUO)

    def drive(page: Any) -> None:
        idle(page)
        assert not leaving_asks(page)
        page.click('#decklist [data-add="steady_aim"]')
        page.wait_for_function("() => document.querySelector('#decklist [data-count=\"steady_aim\"]').value === '2'")
        assert leaving_asks(page)
        page.click('#decklist [data-remove="steady_aim"]')  # back as saved: nothing to lose
        page.wait_for_function("() => document.querySelector('#decklist [data-count=\"steady_aim\"]').value === '1'")
        assert not leaving_asks(page)
        page.click('#decklist [data-add="steady_aim"]')
        assert leaving_asks(page)
        page.click("#save-deck")
        page.wait_for_function("() => document.getElementById('save-status').textContent !== ''")
        assert not leaving_asks(page)

    in_chromium(f"{server}/decks/build?saved={deck_id}&lang=en", drive)


@pytest.mark.slow
def test_add_to_deck_keeps_the_saved_deck_and_new_deck_starts_empty(client: Any, server: str) -> None:
    deck_id = save(client, {**DUO, "name": "Add keeps me"})
    before = {d["id"] for d in client.get("/api/decks/saved").json()["decks"]}

    def use(browser: Any) -> None:
        page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        page.set_default_timeout(15_000)
        page.goto(f"{server}/decks/build?saved={deck_id}&lang=en")
        idle(page)
        page.goto(f"{server}/decks/build?game=tactics&add=adrenaline_shot&lang=en")
        idle(page)
        page.wait_for_function("() => location.search.indexOf('saved=') >= 0")
        assert f"saved={deck_id}" in page.url
        page.click("#save-deck")
        page.wait_for_function("() => document.getElementById('save-status').textContent !== ''")
        # New deck from the decks page: empty; Continue: the deck kept
        page.goto(f"{server}/decks?lang=en")
        page.select_option("#start-game", "tactics")
        page.click("#start-new")
        idle(page)
        assert page.input_value("#deck-name") == "New deck"
        assert page.eval_on_selector_all("#decklist tr[data-id]", "rs => rs.length") == 0
        assert "saved=" not in page.url
        page.goto(f"{server}/decks?lang=en")
        page.select_option("#start-game", "tactics")
        page.click("#start-continue")
        idle(page)
        assert page.input_value("#deck-name") == "Add keeps me"
        assert page.locator('#decklist tr[data-id="adrenaline_shot"]').count() == 1

    with_chromium(use)
    after = {d["id"] for d in client.get("/api/decks/saved").json()["decks"]}
    assert after == before  # updated, not a second one
    assert client.get(f"/api/decks/saved/{deck_id}").json()["deck"]["cards"].get("adrenaline_shot") == 1


# ---------------------------------------------------------------------- 5. crossfire players


@pytest.mark.slow
def test_crossfire_players_follow_a_new_mode(client: Any, server: str) -> None:
    modes = client.get("/api/decks/options?lang=en").json()["games"]["crossfire"]["modes"]
    small = next(m for m in modes if 5 in m["players"] and 7 in m["players"])
    other = next(m for m in modes if 5 not in m["players"] and m["players"])

    def players(page: Any) -> tuple[str, list[str]]:
        offered = page.eval_on_selector_all("#deck-players option", "os => os.map(o => o.value)")
        return page.input_value("#deck-players"), offered

    def drive(page: Any) -> None:
        idle(page)
        page.wait_for_function("() => document.getElementById('share-url').value.indexOf('?d=') > 0")
        first = page.input_value("#share-url")
        page.select_option("#deck-players", "5")
        page.wait_for_function("was => document.getElementById('share-url').value !== was", arg=first)
        before = page.input_value("#share-url")
        page.select_option("#deck-mode", other["id"])
        value, offered = players(page)
        assert offered == [str(n) for n in other["players"]] and value in offered
        page.wait_for_function("was => document.getElementById('share-url').value !== was", arg=before)
        shared = page.input_value("#share-url").split("?d=", 1)[1]
        assert client.get(f"/api/decks/share/{shared}").json()["deck"]["players"] == int(value)

    seven = {"game": "crossfire", "mode": small["id"], "name": "Seven", "players": 7, "cards": {}}
    in_chromium(f"{server}/decks/build?d={code_of(seven)}&lang=en", drive)

    deck = {"game": "crossfire", "mode": other["id"], "name": "No count", "cards": {}}

    def drive_unsaid(page: Any) -> None:  # a deck without its count: the menu says so, and a choice is a change
        idle(page)
        value, offered = players(page)
        assert value == "" and offered[0] == ""
        assert page.get_attribute("#deck-players", "aria-invalid") == "true"
        page.select_option("#deck-players", str(other["players"][0]))
        value, offered = players(page)
        assert value == str(other["players"][0]) and "" not in offered

    in_chromium(f"{server}/decks/build?d={code_of(deck)}&lang=en", drive_unsaid)


# ---------------------------------------------------------------------- 6. the printed cost in the deck list


def test_the_deck_list_shows_the_printed_cost(client: Any) -> None:
    rows = client.post("/api/decks/analyze", json={"deck": DUO, "lang": "en"}).json()["rows"]
    rifle = next(r for r in rows if r["id"] == "longbow_sniper_rifle")
    shown = client.get("/api/search?q=longbow_sniper_rifle&game=tactics&lang=en").json()["results"]
    assert rifle["cost"] < 0 and f"cost {rifle['cost']}" in next(r for r in shown if r["id"] == rifle["id"])["stats"]


# ---------------------------------------------------------------------- 7. mode on analyze, stats, odds, draw


def test_mode_applies_to_analyze_stats_odds_and_draw(client: Any) -> None:
    modes = [m["id"] for m in client.get("/api/decks/options?lang=en").json()["games"]["tactics"]["modes"]]
    other = next(m for m in modes if m != "duo")
    plain = client.post("/api/decks/analyze", json={"deck": DUO, "lang": "en"}).json()
    under = client.post("/api/decks/analyze", json={"deck": DUO, "lang": "en", "mode": other}).json()
    said = client.post("/api/decks/validate", json={"deck": DUO, "lang": "en", "mode": other}).json()
    assert under["summary"] == said["summary"] != plain["summary"]
    refused = client.post("/api/decks/validate", json={"deck": DUO, "lang": "en", "mode": "nosuch"})
    assert refused.status_code == 400
    for endpoint in ("analyze", "stats", "odds", "draw"):
        answer = client.post(f"/api/decks/{endpoint}", json={"deck": DUO, "lang": "en", "mode": "nosuch"})
        assert answer.status_code == 400 and answer.json() == refused.json(), endpoint
        assert client.post(f"/api/decks/{endpoint}", json={"deck": DUO, "lang": "en", "mode": other}).status_code == 200


# ---------------------------------------------------------------------- 8. a share link of the wrong types


@pytest.mark.parametrize(
    "fields",
    [{"agents": "jackdaw"}, {"cards": ["x"]}, {"cards": {"steady_aim": "2"}}, {"name": 3}, {"mode": ["duo"]}],
)
def test_a_share_link_of_the_wrong_types_is_bad(client: Any, fields: dict[str, Any]) -> None:
    deck = {"game": "tactics", "mode": "duo", "name": "x", "agents": [], "cards": {}, **fields}
    answer = client.get(f"/api/decks/share/{code_of(deck)}?lang=en")
    assert answer.status_code == 400 and "the share link is bad" in answer.json()["detail"]
    page = client.get(f"/decks/build?d={code_of(deck)}&lang=en")
    assert boot_of(page.text)["deck"] is None and "the share link is bad" in page.text


@pytest.mark.slow
def test_a_damaged_stored_deck_never_stops_the_page(server: str) -> None:
    def use(browser: Any) -> None:
        page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        page.set_default_timeout(15_000)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server}/decks?lang=en")
        page.evaluate("""() => localStorage.setItem('dossier.deck.tactics', JSON.stringify(
            {game: 'tactics', mode: 'duo', name: 7, agents: 'jackdaw', cards: {steady_aim: '2', folding_bipod: 1}}))""")
        page.goto(f"{server}/decks/build?game=tactics&lang=en")
        idle(page)
        assert errors == []
        assert page.locator('#decklist tr[data-id="folding_bipod"]').count() == 1
        assert page.locator('#decklist tr[data-id="steady_aim"]').count() == 0

    with_chromium(use)
