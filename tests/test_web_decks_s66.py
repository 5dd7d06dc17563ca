"""The web deck builder in Chromium: a draw-odds field outside its range is said at the field and leaves only the odds
out (the deck is still checked); the lines of an imported list that could not be placed are said in the new language
after a language switch; the focus stays on the deck list's control as its rows are made again.

Skipped without Debian's chromium or playwright, as the other browser tests are."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from annotated_types import Ge, Le

from tests.web.conftest import CARDS, SCHEMA, in_chromium, served, writing_client
from toolkit.web.routes.api import AnalyzeInput
from toolkit.web.settings import WebSettings

LANGS = ("en", "zh-Hans")
UNPLACED = "# game: tactics\n# mode: duo\n2x 不存在的卡\n"  # its third line names no card


@pytest.fixture(scope="module")
def settings(tmp_path_factory: pytest.TempPathFactory) -> WebSettings:
    """The bundled cards (a copy) and a database of the module's own."""
    root: Path = tmp_path_factory.mktemp("builder-s66")
    shutil.copytree(SCHEMA, root / "schema")
    shutil.copytree(CARDS, root / "cards")
    return WebSettings(cards=[root / "cards"], db_url=str(root / "web.db"), cache=root / "web-cache",
                       data=root / "web-data")  # fmt: skip


@pytest.fixture(scope="module")
def client(settings: WebSettings) -> Iterator[Any]:
    yield from writing_client(settings)


@pytest.fixture(scope="module")
def server(settings: WebSettings) -> Iterator[str]:
    with served(settings) as url:
        yield url


def idle(page: Any) -> None:
    """The builder's last analysis has come back."""
    page.wait_for_function("() => document.getElementById('builder').getAttribute('aria-busy') === 'false'")


def shared_deck(client: Any, page: Any) -> dict[str, Any]:
    code = page.input_value("#share-url").split("?d=", 1)[1]
    return dict(client.get(f"/api/decks/share/{code}").json()["deck"])


def share(client: Any, deck: dict[str, Any]) -> str:
    answer = client.post("/api/decks/share", json={"deck": deck})
    assert answer.status_code == 200, answer.text
    return str(answer.json()["code"])


def limits(field: str) -> tuple[int, int]:
    """The range /api/decks/analyze takes ``field`` in."""
    metadata = AnalyzeInput.model_fields[field].metadata
    low = [m.ge for m in metadata if isinstance(m, Ge)]
    high = [m.le for m in metadata if isinstance(m, Le)]
    assert isinstance(low[0], int) and isinstance(high[0], int)
    return low[0], high[0]


# ---------------------------------------------------------------- defect 1: the odds fields' range


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("field", "selector"), [("turns", "#odds-turns"), ("per_turn", "#odds-per-turn")])
@pytest.mark.slow
def test_an_odds_field_out_of_range_leaves_only_the_odds_out(
    client: Any, server: str, lang: str, field: str, selector: str
) -> None:
    low, high = limits(field)

    def drive(page: Any) -> None:
        odds = page.locator(selector)
        assert (odds.get_attribute("min"), odds.get_attribute("max")) == (str(low), str(high))  # the API's range
        idle(page)
        page.locator("#card-results [data-add]").first.wait_for()
        scope = page.locator("#card-scope").inner_text()
        identity = page.locator("#deck-identity option").nth(1).get_attribute("value")
        page.select_option("#deck-identity", identity)
        page.wait_for_function("t => document.getElementById('card-scope').textContent !== t", arg=scope)
        idle(page)
        odds.fill(str(high + 1))
        odds.press("Tab")  # committed: the change is sent
        adds = page.locator("#card-results [data-add]")
        for i in range(4):
            adds.nth(i).click()
        page.wait_for_function("() => document.querySelectorAll('#decklist tr[data-id]').length === 4")
        idle(page)
        summary = page.locator("#summary").inner_text()
        assert f"/{field}" not in summary
        deck = shared_deck(client, page)
        assert len(deck["cards"]) == 4 and deck["identity"] == identity
        verdict = client.post("/api/decks/analyze", json={"deck": deck, "lang": lang}).json()
        assert summary == verdict["summary"]  # still checked: `deck validate`'s verdict
        assert odds.get_attribute("aria-invalid") == "true"
        message = page.locator(f"{selector}-error")
        assert message.is_visible()
        assert str(high) in message.inner_text() and "{" not in message.inner_text()
        assert f"{selector[1:]}-error" in (odds.get_attribute("aria-describedby") or "").split()
        assert page.locator("#odds table").count() == 0  # the odds alone left out
        odds.fill(str(high))  # back in range: the odds come back, the mark goes
        odds.press("Tab")
        page.locator("#odds table").wait_for()
        assert odds.get_attribute("aria-invalid") is None
        assert not message.is_visible()

    in_chromium(f"{server}/decks/build?game=netrunner&lang={lang}", drive)


@pytest.mark.slow
def test_an_empty_or_negative_odds_field_is_marked_too(server: str) -> None:
    def drive(page: Any) -> None:
        idle(page)
        for value in ("-1", ""):
            page.fill("#odds-per-turn", value)
            page.press("#odds-per-turn", "Tab")
            page.wait_for_function("() => document.getElementById('odds-per-turn').getAttribute('aria-invalid')")
            idle(page)
            assert page.locator("#builder").get_attribute("data-legal") in ("yes", "no")
            assert not page.locator("#summary").inner_text().startswith("/")
            page.fill("#odds-per-turn", "1")
            page.press("#odds-per-turn", "Tab")
            page.wait_for_function("() => !document.getElementById('odds-per-turn').hasAttribute('aria-invalid')")

    in_chromium(f"{server}/decks/build?game=tactics&lang=en", drive)


# ---------------------------------------------------------------- defect 2: unplaced lines after a language switch


def unplaced_messages(client: Any, lang: str) -> list[str]:
    answer = client.post("/api/decks/import", json={"text": UNPLACED, "lang": lang}).json()
    return [f["message"] for f in answer["findings"] if f["code"] == "deck.card.unknown" and f["line"] == 3]


@pytest.mark.parametrize("how", ["paste", "file"])
@pytest.mark.parametrize(("first", "then"), [("zh-Hans", "en"), ("en", "zh-Hans")])
@pytest.mark.slow
def test_unplaced_lines_are_said_in_the_new_language(client: Any, server: str, how: str, first: str, then: str) -> None:
    before, after = unplaced_messages(client, first), unplaced_messages(client, then)
    assert len(before) == len(after) == 1 and before != after

    def drive(page: Any) -> None:
        idle(page)
        if how == "paste":
            page.fill("#import-text", UNPLACED)
        else:
            page.set_input_files("#import-file", files=[
                {"name": "squad.txt", "mimeType": "text/plain", "buffer": UNPLACED.encode("utf-8")}
            ])  # fmt: skip
        page.click("#import button[type=submit]")
        line = page.locator('#unplaced-list li[data-line="3"] .text')
        line.wait_for()
        assert line.inner_text() == before[0]
        idle(page)
        with page.expect_navigation():
            page.click(f'a[data-lang-switch="{then}"]')
        assert page.get_attribute("html", "lang") == then
        page.wait_for_function(
            "t => (document.querySelector('#unplaced-list li[data-line=\"3\"] .text') || {}).textContent === t",
            arg=after[0],
        )
        assert page.locator("#unplaced-list li").count() == 1  # the same lines, none added
        idle(page)
        assert "不存在的卡" in page.locator("#unplaced-list").inner_text()
        with page.expect_navigation():  # and back again
            page.click(f'a[data-lang-switch="{first}"]')
        page.wait_for_function(
            "t => (document.querySelector('#unplaced-list li[data-line=\"3\"] .text') || {}).textContent === t",
            arg=before[0],
        )

    in_chromium(f"{server}/decks/build?game=tactics&lang={first}", drive)


@pytest.mark.slow
def test_a_dismissed_line_stays_dismissed_after_the_switch(server: str) -> None:
    text = UNPLACED + "1x 另一张不存在的卡\n"

    def drive(page: Any) -> None:
        idle(page)
        page.fill("#import-text", text)
        page.click("#import button[type=submit]")
        page.locator('#unplaced-list li[data-line="4"]').wait_for()
        page.click('#unplaced-list li[data-line="3"] [data-dismiss]')
        page.locator('#unplaced-list li[data-line="3"]').wait_for(state="detached")
        idle(page)
        with page.expect_navigation():
            page.click('a[data-lang-switch="en"]')
        page.wait_for_function(
            "() => /另一张不存在的卡/.test(document.getElementById('unplaced-list').textContent) && "
            "!/[没名]/.test(document.querySelector('#unplaced-list li .text').textContent)"
        )
        assert page.locator("#unplaced-list li").count() == 1
        assert page.locator('#unplaced-list li[data-line="4"]').count() == 1

    in_chromium(f"{server}/decks/build?game=tactics&lang=zh-Hans", drive)


# ---------------------------------------------------------------- defect 3: the focus in the deck list


def netrunner_cards(client: Any, n: int) -> list[str]:
    answer = client.get("/api/decks/cards", params={"game": "netrunner", "lang": "en", "q": "k:card", "limit": 50})
    ids = [r["id"] for r in answer.json()["results"] if r["kind"] == "card"]
    assert len(ids) >= n
    return ids[:n]


def focused(page: Any) -> dict[str, Any]:
    """The focused element: its tag, which control of which deck-list row (or none)."""
    return dict(
        page.evaluate(
            """() => {
            const a = document.activeElement;
            const row = a && a.closest ? a.closest('#decklist tr[data-id]') : null;
            const kind = ['data-count', 'data-remove', 'data-add'].find(k => a.hasAttribute(k)) || a.tagName;
            return {tag: a.tagName, id: a.id, row: row ? row.getAttribute('data-id') : null, kind: kind};
        }"""
        )
    )


def count_is(page: Any, card: str, n: int) -> None:
    """The deck list made again with ``n`` copies of ``card`` (the row gone at 0)."""
    if n:
        page.wait_for_function(
            "([c, n]) => { const i = document.querySelector(`#decklist [data-count=\"${c}\"]`); "
            "return i && i.value === String(n); }",
            arg=[card, n],
        )
    else:
        page.locator(f'#decklist tr[data-id="{card}"]').wait_for(state="detached")
    idle(page)


@pytest.mark.slow
def test_focus_stays_on_the_deck_list_control(client: Any, server: str) -> None:
    cards = netrunner_cards(client, 3)
    deck = {"game": "netrunner", "mode": "standard", "name": "Focus", "cards": dict.fromkeys(cards, 1)}

    def drive(page: Any) -> None:
        page.locator("#decklist tr[data-id]").nth(2).wait_for()
        idle(page)
        rows = page.eval_on_selector_all("#decklist tr[data-id]", "rs => rs.map(r => r.getAttribute('data-id'))")
        assert sorted(rows) == sorted(cards)
        middle = rows[1]
        page.focus(f'#decklist tr[data-id="{middle}"] [data-remove]')
        page.keyboard.press("Tab")  # to its + by keyboard
        assert focused(page) == {"tag": "BUTTON", "id": "", "row": middle, "kind": "data-add"}
        page.keyboard.press("Enter")
        count_is(page, middle, 2)
        assert focused(page) == {"tag": "BUTTON", "id": "", "row": middle, "kind": "data-add"}
        page.keyboard.press("Enter")
        count_is(page, middle, 3)
        assert focused(page)["row"] == middle and focused(page)["kind"] == "data-add"
        page.keyboard.press("Shift+Tab")  # its −
        assert focused(page)["kind"] == "data-remove"
        for n in (2, 1):
            page.keyboard.press("Enter")
            count_is(page, middle, n)
            assert focused(page) == {"tag": "BUTTON", "id": "", "row": middle, "kind": "data-remove"}
        page.keyboard.press("Enter")  # the row goes: the − of the row now in its place
        count_is(page, middle, 0)
        now = page.eval_on_selector_all("#decklist tr[data-id]", "rs => rs.map(r => r.getAttribute('data-id'))")
        assert focused(page) == {"tag": "BUTTON", "id": "", "row": now[1], "kind": "data-remove"}
        # a count typed and committed by Tab: the focus on the next control of the same row (its name's link)
        count = page.locator(f'#decklist [data-count="{now[0]}"]')
        count.focus()
        page.keyboard.press("Control+A")
        page.keyboard.type("3")
        page.keyboard.press("Tab")
        count_is(page, now[0], 3)
        assert focused(page) == {"tag": "A", "id": "", "row": now[0], "kind": "A"}
        page.keyboard.press("Shift+Tab")
        assert focused(page)["kind"] == "data-count"
        page.keyboard.press("ArrowDown")  # the number field's own step: it stays focused as the rows come again
        count_is(page, now[0], 2)
        assert focused(page) == {"tag": "INPUT", "id": "", "row": now[0], "kind": "data-count"}
        for card in now:  # every row gone: the focus on the list's heading, not lost
            page.focus(f'#decklist tr[data-id="{card}"] [data-count]')
            page.keyboard.press("Control+A")
            page.keyboard.type("0")
            page.keyboard.press("Enter")
            count_is(page, card, 0)
        assert focused(page)["id"] == "cards-h"

    in_chromium(f"{server}/decks/build?d={share(client, deck)}&lang=en", drive)

