"""The games at /play in Chromium, round 56 of a player's report (the rest: tests/test_web_play_round56.py): the play
pages run under their real content security policy with no console or script error (the maps' embedded font was
refused), the log opens at its newest lines, and the Netrunner form's deck menu offers the chosen side's decks."""

from __future__ import annotations

from typing import Any

import pytest

from tests.test_web_play_round56 import _save_netrunner_decks


@pytest.mark.slow
def test_the_play_pages_log_no_error_in_chromium(browser: Any, live_server: str) -> None:
    """Every play page under its real policy (no bypass): the form, a tactics game, the other side's moves, its
    replay, a Netrunner game and its replay; no console error (the embedded font was refused) and no script error.
    The log opens scrolled to its newest lines."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(30_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(f"{page.url}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"{page.url}: {e}"))
    try:
        page.goto(f"{live_server}/play?lang=en")
        page.wait_for_load_state("networkidle")
        page.select_option("#pl-mode", "duel")
        page.fill("#pl-seed", "4")
        page.click("#pl-start")
        page.wait_for_selector("#pl-board svg")
        game = page.url.split("?")[0]
        sizes = [0, 0, 0]
        for _ in range(40):  # the first option until the machine has moved since and the log has filled its box
            sizes = page.locator("#pl-log").evaluate("e => [e.scrollTop, e.scrollHeight, e.clientHeight]")
            if page.locator("#pl-moves").count() and sizes[1] > sizes[2] + 50:
                break
            with page.expect_navigation():
                page.locator("#pl-decision button").first.click()
        assert page.locator("#pl-moves").count()
        page.click("#pl-moves")
        page.wait_for_selector(".pl-step svg")
        page.goto(game)
        with page.expect_navigation():
            page.click("#pl-resign")
        with page.expect_navigation():
            page.click("#pl-resign-confirm")
        page.goto(f"{game}/replay")
        page.wait_for_load_state("networkidle")
        page.goto(f"{live_server}/play?lang=en")
        page.click("#pl-nr-start")
        page.wait_for_selector("#nr-servers")
        netrunner = page.url.split("?")[0]
        with page.expect_navigation():
            page.click("#pl-resign")
        with page.expect_navigation():
            page.click("#pl-resign-confirm")
        page.goto(f"{netrunner}/replay")
        page.wait_for_load_state("networkidle")
    finally:
        context.close()
    assert errors == [], errors
    assert sizes[1] > sizes[2] + 50 and sizes[0] + sizes[2] >= sizes[1] - 2, sizes  # the log opened at its end


def test_the_netrunner_deck_menu_offers_the_chosen_side_s_decks(browser: Any, live_server: str,
                                                               web_settings: Any) -> None:  # fmt: skip
    _save_netrunner_decks(web_settings)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        page.goto(f"{live_server}/play?lang=en")

        def offered() -> list[str]:
            return list(page.eval_on_selector_all(
                "#pl-nr-deck option", "os => os.filter(o => !o.parentNode.disabled).map(o => o.textContent)"))  # fmt: skip

        runner = offered()
        assert "My runner" in runner and "My corp" not in runner
        page.select_option("#pl-nr-side", "corp")
        corp = offered()
        assert "My corp" in corp and "My runner" not in corp
        chosen = page.eval_on_selector("#pl-nr-deck", "s => s.options[s.selectedIndex].parentNode.dataset.side")
        assert chosen == "corp"
    finally:
        context.close()
