"""The web deck builder, tactics: a squad takes privates by number (they repeat, RULINGS T2) and the page's verdict is
`deck validate`'s; the card search leaves out token cards (T4) and matrix shop cards (T5) and marks the exclusive cards
of agents outside the squad (T3); an unknown mode is said and left out, so the Mode select and the verdict agree.

API-level tests over a TestClient; the page's own behaviour in Chromium (skipped without it, as the web tests are)."""

from __future__ import annotations

import html
import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import CARDS, SCHEMA, in_chromium, served, writing_client
from toolkit.web.settings import WebSettings

LANGS = ("en", "zh-Hans")
TOKENS = {"holo_decoy", "intel_fragment", "smoke_cloud"}  # token cards (T4)
SHOP = "coil_railgun"  # a matrix shop (gold) card (T5)
TWO_PRIVATES = {"game": "tactics", "mode": "duo", "name": "Two privates", "agents": ["private", "private"], "cards": {}}


def _settings(root: Path) -> WebSettings:
    shutil.copytree(SCHEMA, root / "schema")
    shutil.copytree(CARDS, root / "cards")
    return WebSettings(cards=[root / "cards"], db_url=str(root / "web.db"), cache=root / "web-cache",
                       data=root / "web-data")  # fmt: skip


@pytest.fixture(scope="module")
def settings(tmp_path_factory: pytest.TempPathFactory) -> WebSettings:
    """The bundled cards (a copy) and a database of the module's own."""
    return _settings(tmp_path_factory.mktemp("builder-fixes"))


@pytest.fixture(scope="module")
def client(settings: WebSettings) -> Iterator[Any]:
    """A TestClient whose writes pass the same-site checks (it changes nothing: shared by the module)."""
    yield from writing_client(settings)


@pytest.fixture(scope="module")
def server(settings: WebSettings) -> Iterator[str]:
    with served(settings) as url:
        yield url


def tactics(client: Any) -> dict[str, Any]:
    return dict(client.app.state.web.deck_pool.rules.game("tactics").records)


def share(client: Any, deck: dict[str, Any]) -> str:
    answer = client.post("/api/decks/share", json={"deck": deck})
    assert answer.status_code == 200, answer.text
    return str(answer.json()["code"])


def summary(client: Any, deck: dict[str, Any], lang: str) -> str:
    """The summary line `deck validate` gives ``deck`` (the builder's verdict must be the same)."""
    answer = client.post("/api/decks/analyze", json={"deck": deck, "lang": lang})
    assert answer.status_code == 200, answer.text
    return str(answer.json()["summary"])


def boot_of(page_html: str) -> dict[str, Any]:
    match = re.search(r'<script type="application/json" id="boot">(.*?)</script>', page_html, re.S)
    assert match, "no boot JSON"
    return dict(json.loads(match.group(1)))


def problem_of(page_html: str) -> str | None:
    match = re.search(r'<p class="message error" role="alert">(.*?)</p>', page_html, re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", match.group(1))) if match else None


# ---------------------------------------------------------------- the card search (defect 4)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("query", ["", "k:card"])
def test_card_search_leaves_out_token_and_shop_cards(client: Any, lang: str, query: str) -> None:
    records = tactics(client)
    answer = client.get("/api/decks/cards", params={"game": "tactics", "lang": lang, "limit": 500, "q": query})
    assert answer.status_code == 200, answer.text
    ids = {r["id"] for r in answer.json()["results"]}
    assert not ids & (TOKENS | {SHOP}), sorted(ids & (TOKENS | {SHOP}))
    never = {i for i in ids if records[i].kind == "card" and (records[i].token is not None or records[i].back == "shop")}
    assert not never
    allowed = {r.id for r in records.values() if r.kind == "card" and r.token is None and r.back == "personal"}
    assert ids == allowed  # every card a personal deck may hold is still offered


def test_card_search_by_name_of_a_token_finds_nothing_to_add(client: Any) -> None:
    for card in (*sorted(TOKENS), SHOP):
        answer = client.get("/api/decks/cards", params={"game": "tactics", "lang": "en", "q": f"id:{card}"})
        assert answer.status_code == 200, answer.text
        assert answer.json()["results"] == [], card


def test_the_limit_counts_only_cards_a_deck_may_hold(client: Any) -> None:
    records = tactics(client)
    allowed = sum(1 for r in records.values() if r.kind == "card" and r.token is None and r.back == "personal")
    answer = client.get("/api/decks/cards", params={"game": "tactics", "lang": "en", "limit": allowed}).json()
    assert answer["count"] == allowed


def test_agents_are_still_found(client: Any) -> None:
    answer = client.get("/api/decks/cards", params={"game": "tactics", "lang": "en", "q": "k:agent"}).json()
    assert "private" in {r["id"] for r in answer["results"]}


@pytest.mark.parametrize("lang", LANGS)
def test_exclusive_cards_of_agents_outside_the_squad_are_marked(client: Any, lang: str) -> None:
    records = tactics(client)
    squad = ["lynx", "private"]
    answer = client.get("/api/decks/cards", params={"game": "tactics", "lang": lang, "limit": 500,
                                                    "agents": ",".join(squad)})  # fmt: skip
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["scope"]["agents"] == squad
    exclusive = {r["id"]: r for r in body["results"] if records[r["id"]].kind == "card" and records[r["id"]].agent}
    assert exclusive, "the bundled cards have exclusive cards"
    for card_id, entry in exclusive.items():
        agent = records[card_id].agent
        assert entry["agent"] == agent
        assert entry["outside_squad"] is (agent not in squad), card_id
        from toolkit.i18n import name_of

        assert entry["agent_name"] == name_of(records[agent], lang)
    assert any(e["outside_squad"] is False for e in exclusive.values())  # lynx's own
    assert any(e["outside_squad"] is True for e in exclusive.values())
    generic = [r for r in body["results"] if records[r["id"]].kind == "card" and not records[r["id"]].agent]
    assert generic and all("outside_squad" not in r for r in generic)


def test_without_a_squad_said_nothing_is_marked_outside(client: Any) -> None:
    body = client.get("/api/decks/cards", params={"game": "tactics", "lang": "en", "limit": 500}).json()
    assert all(r.get("outside_squad") is None for r in body["results"])
    empty = client.get("/api/decks/cards", params={"game": "tactics", "lang": "en", "limit": 500, "agents": ""}).json()
    assert all(r["outside_squad"] is True for r in empty["results"] if r.get("agent"))  # an empty squad has none


# ---------------------------------------------------------------- an unknown mode (defect 6)


@pytest.mark.parametrize("lang", LANGS)
def test_an_unknown_mode_is_said_and_left_out(client: Any, lang: str) -> None:
    page = client.get("/decks/build", params={"game": "tactics", "mode": "nosuch", "lang": lang})
    assert page.status_code == 200
    boot = boot_of(page.text)
    assert boot["game"] == "tactics" and boot["mode"] is None  # the builder starts the deck in a mode there is
    deck = {"game": "tactics", "mode": "nosuch", "name": "x", "agents": [], "cards": {}}
    verdict = client.post("/api/decks/analyze", json={"deck": deck, "lang": lang}).json()
    said = [f["message"] for f in verdict["findings"] if f["code"] == "deck.mode.unknown"]
    assert said and problem_of(page.text) == said[0]  # worded as `deck validate` words it


def test_an_unknown_netrunner_format_without_a_game_is_said(client: Any) -> None:
    page = client.get("/decks/build", params={"mode": "nosuch", "lang": "en"})
    assert boot_of(page.text)["mode"] is None
    assert problem_of(page.text) == "netrunner has no mode 'nosuch'; modes: standard"


def test_a_known_mode_is_kept(client: Any) -> None:
    page = client.get("/decks/build", params={"game": "tactics", "mode": "duel", "lang": "en"})
    assert boot_of(page.text)["mode"] == "duel"
    assert problem_of(page.text) is None


# ---------------------------------------------------------------- in Chromium


def wait_summary(page: Any, text: str) -> None:
    page.wait_for_function(
        "t => document.getElementById('summary').textContent === t && "
        "document.getElementById('builder').getAttribute('aria-busy') === 'false'",
        arg=text,
    )


def shared_deck(client: Any, page: Any) -> dict[str, Any]:
    """The deck the page's share link holds now."""
    code = page.input_value("#share-url").split("?d=", 1)[1]
    return dict(client.get(f"/api/decks/share/{code}").json()["deck"])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.slow
def test_a_squad_of_two_privates_by_keyboard(client: Any, server: str, lang: str) -> None:
    verdicts = {n: summary(client, dict(TWO_PRIVATES, agents=["private"] * n), lang) for n in (0, 1, 2)}

    def drive(page: Any) -> None:
        wait_summary(page, verdicts[2])  # "2 agents (2)": the page and `deck validate` agree
        count = page.locator("#agent-private")
        assert count.get_attribute("type") == "number"  # how many, not whether
        assert count.input_value() == "2"
        assert page.locator("#deck-agents input[type=checkbox][value=private]").count() == 0
        assert page.locator("#agent-lynx").get_attribute("type") == "checkbox"  # other agents: once each
        label = count.get_attribute("aria-label") or ""
        assert label and "{" not in label
        count.focus()
        page.keyboard.press("ArrowDown")
        wait_summary(page, verdicts[1])  # one taken away, not both
        assert shared_deck(client, page)["agents"] == ["private"]
        page.keyboard.press("ArrowDown")
        wait_summary(page, verdicts[0])
        page.keyboard.press("ArrowUp")
        page.keyboard.press("ArrowUp")
        wait_summary(page, verdicts[2])
        assert shared_deck(client, page)["agents"] == ["private", "private"]
        page.check("#agent-lynx")  # a named agent joins beside them; the privates stay
        page.wait_for_function("() => document.getElementById('summary').textContent.includes('3')")
        assert sorted(shared_deck(client, page)["agents"]) == ["lynx", "private", "private"]
        page.uncheck("#agent-lynx")
        wait_summary(page, verdicts[2])

    in_chromium(f"{server}/decks/build?d={share(client, TWO_PRIVATES)}&lang={lang}", drive)


def test_adding_a_private_from_its_page_adds_one_more(client: Any, server: str) -> None:
    one = dict(TWO_PRIVATES, agents=["private"])

    def drive(page: Any) -> None:
        wait_summary(page, summary(client, TWO_PRIVATES, "en"))
        assert page.input_value("#agent-private") == "2"

    in_chromium(f"{server}/decks/build?d={share(client, one)}&add=private&lang=en", drive)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.slow
def test_the_mode_select_agrees_with_the_verdict(client: Any, server: str, lang: str) -> None:
    bad = dict(TWO_PRIVATES, mode="nosuch")

    def shared(page: Any) -> None:  # a shared deck with a mode the game lacks: the select shows that mode
        page.locator('#findings li[data-code="deck.mode.unknown"]').wait_for()
        assert page.input_value("#deck-mode") == "nosuch"
        assert "nosuch" in page.locator("#deck-mode option:checked").inner_text()
        page.select_option("#deck-mode", "duo")  # and it can be chosen away from, by the select
        wait_summary(page, summary(client, TWO_PRIVATES, lang))

    in_chromium(f"{server}/decks/build?d={share(client, bad)}&lang={lang}", shared)

    def asked(page: Any) -> None:  # ?mode=nosuch: said above the builder, and the deck has the default mode
        assert page.locator("p.message.error[role=alert]").inner_text()
        page.wait_for_function("() => document.getElementById('builder').getAttribute('data-legal') !== null")
        mode = page.input_value("#deck-mode")
        assert mode == "duo"
        assert page.locator('#findings li[data-code="deck.mode.unknown"]').count() == 0

    in_chromium(f"{server}/decks/build?game=tactics&mode=nosuch&lang={lang}", asked)


@pytest.mark.slow
def test_the_search_marks_exclusive_cards_as_the_squad_changes(client: Any, server: str) -> None:
    records = tactics(client)
    lynx_card = sorted(r.id for r in records.values() if r.kind == "card" and r.agent == "lynx")[0]
    deck = dict(TWO_PRIVATES, agents=["private"])

    def drive(page: Any) -> None:
        page.locator(f'#card-results tr[data-id="{lynx_card}"]').wait_for()
        for card in (*TOKENS, SHOP):
            assert page.locator(f'#card-results tr[data-id="{card}"]').count() == 0
        mark = page.locator(f'#card-results tr[data-id="{lynx_card}"] [data-outside="lynx"]')
        mark.wait_for()
        assert "Lynx" in mark.inner_text()
        page.check("#agent-lynx")
        mark.wait_for(state="detached")
        page.uncheck("#agent-lynx")
        mark.wait_for()

    in_chromium(f"{server}/decks/build?d={share(client, deck)}&lang=en", drive)
