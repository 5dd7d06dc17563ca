"""The games at /play, round 73 of a sweep: the other side's moves (``/play/ID/moves``) play by themselves with a
Pause/Play button (keyboard operable, labelled in both languages, its label saying what it does), stop at the last
step, and each step's log lines are announced (a polite live region); a resignation's log line has the number the
game gives it on every seat's page and in ``/api/play/ID``; the /play deck menu shows a saved deck not legal for its
mode disabled, with the reason; an English game page's map data names the units in English.

The Chinese of this round's new messages: /tmp/fix761/zh.json."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest

from tests.test_web_play_round56 import _decide, _labels, _number, _save_tactics_deck, _start, _store
from tests.web import conftest as web
from tests.web.conftest import BASE, TEST_CSRF

# the web tests' fixtures (tests/web/conftest.py), for this module outside tests/web
web_cards, web_settings, web_app, client = web.web_cards, web.web_settings, web.web_app, web.client

CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


def _with_moves(client: Any, path: str, steps: int = 2, tries: int = 60) -> str:
    """Decide the first option until the other side has moved since in at least ``steps`` steps (the moves page
    shows as many): the path."""
    for _ in range(tries):
        page = client.get(f"{path}?lang=en").text
        if 'id="pl-moves"' in page and client.get(f"{path}/moves?lang=en").text.count('class="pl-step') >= steps:
            return path
        assert _decide(client, path, _labels(page)[0], _number(page)).status_code == 303
    raise AssertionError("the machine never moved so")


# ---------------------------------------------------------------------- 1. the moves page: pause, stop, announce


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_the_moves_page_has_a_pause_button_and_a_polite_live_region_of_the_step_s_lines(client: Any,
                                                                                        lang: str) -> None:  # fmt: skip
    path = _with_moves(client, _start(client, seed="4"))
    page = client.get(f"{path}/moves?lang={lang}").text
    button = re.search(r"<button[^>]*id=\"pl-moves-play\"[^>]*>([^<]*)</button>", page)
    assert button is not None, page[:2000]
    tag = button.group(0)
    assert 'type="button"' in tag
    # its label says what a press does, and the script has both words (in the page's language: /tmp/fix761/zh.json)
    words = re.search(r'data-pause="([^"]+)" data-play="([^"]+)"', tag)
    assert words is not None and words.group(1) != words.group(2), tag
    if lang == "en":
        assert words.groups() == ("pause", "play"), tag
    assert html.unescape(button.group(1)).strip() in words.groups()
    said = re.search(r"<[a-z]+[^>]*id=\"pl-moves-said\"[^>]*>", page)
    assert said is not None and 'aria-live="polite"' in said.group(0), said
    # the script stops the steps at the last one and fills the region with the shown step's lines
    assert "pl-moves-said" in page.split("<script", 1)[1]


@pytest.mark.slow
def test_the_moves_page_pauses_plays_stops_at_the_end_and_announces_each_step_in_chromium(
    client: Any, web_settings: Any
) -> None:
    """The page's timers on Playwright's clock (they run when the test says): it plays from the first step, the button
    (from the keyboard) pauses it and plays it again, it stops at the last step, and the live region holds the shown
    step's number and lines."""
    from tests.web.conftest import served, with_chromium

    path = _with_moves(client, _start(client, seed="4"))
    seen: dict[str, Any] = {}

    def said(page: Any) -> list[str]:  # what the live region holds: a line each
        return [x.strip() for x in page.locator("#pl-moves-said p").all_text_contents()]

    def shown(page: Any) -> list[str]:  # the shown step's number and lines, as the page shows them
        lines = page.locator(".pl-step:not([hidden]) li").all_text_contents()
        return [page.inner_text("#pl-moves-at").strip(), *(x.strip() for x in lines)]

    with served(web_settings) as base:

        def use(browser: Any) -> None:
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            context.set_default_timeout(20_000)
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            try:
                page.clock.install()
                page.goto(f"{base}{path}/moves?lang=en")
                button = page.locator("#pl-moves-play")
                total = int(page.inner_text("#pl-moves-at").split("/")[1])
                seen["start"] = (page.inner_text("#pl-moves-at"), button.inner_text(), said(page) == shown(page))
                page.clock.run_for(900 * total + 2000)  # it plays to the last step and stops there
                seen["end"] = (page.inner_text("#pl-moves-at"), button.inner_text(), said(page) == shown(page))
                button.focus()
                page.keyboard.press("Enter")  # play again: from the first step
                seen["again"] = (page.inner_text("#pl-moves-at"), button.inner_text())
                page.keyboard.press(" ")  # pause
                page.clock.run_for(10_000)
                seen["paused"] = (page.inner_text("#pl-moves-at"), button.inner_text())
                page.keyboard.press("Enter")  # and on
                page.clock.run_for(900)
                seen["on"] = (page.inner_text("#pl-moves-at"), button.inner_text(), said(page) == shown(page))
                seen["total"], seen["errors"] = total, errors
            finally:
                context.close()

        with_chromium(use)
    total = seen["total"]
    assert total >= 2, seen
    assert seen["start"] == (f"1 / {total}", "pause", True), seen
    assert seen["end"] == (f"{total} / {total}", "play", True), seen  # stopped at the last step, saying so
    assert seen["again"] == (f"1 / {total}", "pause"), seen
    assert seen["paused"] == (f"1 / {total}", "play"), seen  # paused: no step in 10 s
    assert seen["on"] == (f"2 / {total}", "pause" if total > 2 else "play", True), seen
    assert seen["errors"] == [], seen


# ---------------------------------------------------------------------- 2. the resignation's number


def _page_log(client: Any, path: str) -> list[str]:
    """The game page's log, a line each (as the page shows it: a line of text each)."""
    log = re.search(r'id="pl-log"[^>]*>(.*?)</div>', client.get(f"{path}?lang=en").text, re.S)
    assert log is not None
    text = html.unescape(re.sub(r"<[^>]+>", "", log.group(1)))
    return [line.strip() for line in text.splitlines() if line.strip()]


def _replay_lines(client: Any, path: str) -> list[str]:
    page = client.get(f"{path}/replay?lang=en").text
    return [html.unescape(re.sub(r"<[^>]+>", "", x)).strip() for x in re.findall(r"<li>(.*?)</li>", page, re.S)]


@pytest.mark.parametrize("decisions", [0, 14])
def test_the_resignation_has_the_game_s_number_on_every_seat_s_page_and_in_the_api(client: Any, web_settings: Any,
                                                                                   decisions: int) -> None:  # fmt: skip
    """Resigned at once, the set-up's entries end with the second seat's, hidden from the first (its deal); after a
    few decisions, in a step still open (whose entries no replay frame holds yet)."""
    from toolkit.catalog import load_catalog
    from toolkit.engine.tactics.session import TacticsSession

    first = _start(client, opponent="hotseat", seed="1")
    link = re.search(r'id="pl-other-link"[^>]*>([^<]+)<', client.get(f"{first}?lang=en").text)
    assert link is not None
    second = link.group(1).removeprefix(BASE)
    for _ in range(decisions):
        path = next(p for p in (first, second) if _number(client.get(f"{p}?lang=en").text))
        page = client.get(f"{path}?lang=en").text
        assert _decide(client, path, _labels(page)[0], _number(page)).status_code == 303
    assert client.post(f"{second}/resign", data={"csrf_token": TEST_CSRF}, follow_redirects=False).status_code == 303
    record = _store(web_settings).load(first.rsplit("/", 1)[1])
    records = list(load_catalog([web_settings.cards[0] / "tactics"]).records)
    whole = len(TacticsSession.from_json(records, record).game.log)  # every seat's entries
    numbers = {}
    for name, path in (("first", first), ("second", second)):
        last = client.get(f"/api{path}?lang=en").json()["log"][-1]
        assert last["event"] == "resigned"
        numbers[f"{name} api"] = (last["seq"], last["line"].strip())
        numbers[f"{name} page"] = _page_log(client, path)[-1]
    expected = f"{whole + 1} P2 resigned"
    assert numbers["first api"] == numbers["second api"] == (whole + 1, expected), numbers
    assert numbers["first page"] == numbers["second page"] == expected, numbers
    # the replay numbers it so too, after every entry of the game (those of the step left open too)
    lines = _replay_lines(client, first)
    assert any(re.match(rf"{whole + 1} .*P2 resigned", x) for x in lines), lines[-5:]
    assert any(x.startswith(f"{whole} ") for x in lines), lines[-5:]


# ---------------------------------------------------------------------- 3. the deck menu: illegal saved decks


def _option(form: str, deck_id: str) -> str:
    found = re.search(rf'<option value="{deck_id}"[^>]*>[^<]*</option>', form)
    assert found is not None, re.findall(r"<option[^>]*>[^<]*</option>", form)
    return html.unescape(found.group(0))


def test_an_illegal_saved_deck_is_listed_disabled_with_its_reason(client: Any, web_settings: Any) -> None:
    small = _save_tactics_deck(web_settings, "Too small", size=1)
    good = _save_tactics_deck(web_settings, "Good deck")
    form = client.get("/play?lang=en").text
    shown = _option(form, small)
    assert " disabled" in shown and "data-illegal" in shown, shown
    assert "Too small (Duel)" in shown and "not legal" in shown, shown
    assert "saved deck 'Too small'" not in shown  # (the reason, not the whole refusal again)
    assert " disabled" not in _option(form, good) and "not legal" not in _option(form, good)
    # the menu's script keeps it disabled when the mode changes back and forth
    script = form.split('id="pl-mode"', 1)[1]
    assert "data-illegal" in script.split("<script", 1)[1]
    chinese = html.unescape(_option(client.get("/play?lang=zh-Hans").text, small))
    assert " disabled" in chinese and "Too small（单挑）" in chinese
    assert CJK.search(chinese.split("（单挑）", 1)[1].split(":", 1)[-1]), chinese  # (the reason in Chinese)
    # the form sent without the menu (no script, or by hand) is refused as before
    refused = client.post("/play?lang=en", data={"deck": small, "mode": "duel", "seat": "1", "seed": "1",
                                                 "opponent": "heuristic", "csrf_token": TEST_CSRF})  # fmt: skip
    assert refused.status_code == 400 and "saved deck 'Too small' is not legal" in html.unescape(refused.text)


# ---------------------------------------------------------------------- 4. the map data's names


def _map_data(page: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="pl-data">(.*?)</script>', page, re.S)
    assert found is not None
    return dict(json.loads(found.group(1)))


def test_an_english_game_page_s_map_data_names_the_units_in_english(client: Any) -> None:
    path = _start(client, seed="4")
    for _ in range(40):
        page = client.get(f"{path}?lang=en").text
        if _map_data(page)["prospects"]:
            break
        assert _decide(client, path, _labels(page)[0], _number(page)).status_code == 303
    data = _map_data(page)
    assert data["prospects"], "no prospects"
    text = json.dumps(data["prospects"], ensure_ascii=False)
    assert not CJK.search(text), text[:500]
    api = client.get(f"/api{path}?lang=en").json()["prospects"]
    assert [p["name"] for p in data["prospects"]] == [p["name"] for p in api]
    chinese = _map_data(client.get(f"{path}?lang=zh-Hans").text)
    assert all(CJK.search(p["name"]) for p in chinese["prospects"]), chinese["prospects"]
