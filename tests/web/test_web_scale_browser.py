"""In Chromium: a card page of a large pool (many formats with dated snapshots) stays short and readable, and an
oversized form post is refused with a page the browser shows (issue 24)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolkit.web.settings import WebSettings

FORMATS = 8  # formats in their own right, besides the bundled standard
SNAPSHOTS = 6  # dated snapshots of each


@pytest.fixture
def large_pool(web_cards: Path) -> Path:
    """The bundled cards plus 8 formats with 6 dated snapshots each (57 formats in all, as an imported pool)."""
    modes = web_cards / "netrunner" / "modes"
    standard = json.loads((modes / "standard.json").read_text(encoding="utf-8"))
    for f in range(FORMATS):
        base = dict(standard, id=f"league_{f}", name={"zh-Hans": f"联赛 {f}", "en": f"League {f}"})
        (modes / f"league_{f}.json").write_text(json.dumps(base), encoding="utf-8")
        for n in range(SNAPSHOTS):
            snapshot = dict(base, id=f"league_{f}_{n}", snapshot_of=f"league_{f}", date_start=f"20{10 + n}-01-01",
                            name={"zh-Hans": f"联赛 {f} 20{10 + n}", "en": f"League {f} 20{10 + n}"})  # fmt: skip
            (modes / f"league_{f}_{n}.json").write_text(json.dumps(snapshot), encoding="utf-8")
    return web_cards


@pytest.mark.slow
def test_a_card_page_of_a_large_pool(large_pool: Path, live_server: str, page: Any) -> None:
    page.goto(f"{live_server}/cards/netrunner/backroom_bookie?lang=en")
    current = page.locator("#legality tbody tr")
    assert current.count() == FORMATS + 1  # today's formats; the snapshots are folded away
    history = page.locator("#legality-snapshots")
    assert not history.is_visible()
    summary = page.locator("#legality-history summary")
    assert summary.inner_text() == f"Earlier snapshots of these formats ({FORMATS * SNAPSHOTS})"
    height = page.evaluate("() => document.documentElement.scrollHeight")
    assert height < 3000, height
    summary.click()
    assert history.is_visible() and page.locator("#legality-snapshots tbody tr").count() == FORMATS * SNAPSHOTS
    first = page.locator("#legality-snapshots tbody tr").first.inner_text()
    assert "League 0 2015" in first  # each format's snapshots newest first
    icon = page.locator("#text-h ~ ul svg.icon-credit").first
    assert icon.is_visible() and icon.get_attribute("aria-label") == "credit"
    assert "[credit]" not in page.locator("#text-h ~ ul").first.inner_text()


@pytest.fixture
def small_bodies(web_settings: WebSettings) -> WebSettings:
    web_settings.max_body = 64 * 1024
    return web_settings


def test_an_oversized_form_is_refused_with_a_page(small_bodies: WebSettings, live_server: str, page: Any) -> None:
    page.goto(f"{live_server}/print?lang=en")
    page.check("#pr-source-paste")
    # about 90 KB (set as a paste would: typing it key by key takes Playwright longer than the test's timeout)
    page.locator("#pr-deck").evaluate("(box, text) => { box.value = text; }", "3x Sure Gamble\n" * 6000)
    with page.expect_navigation():
        page.click("#pr-go")
    assert "larger than 64 KiB" in page.locator("#error").inner_text()
    page.click("text=Back")
    page.wait_for_url(f"{live_server}/print")
    assert page.locator("#pr-form").is_visible()
