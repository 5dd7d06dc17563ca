"""The card browser: search and records through the API (TestClient, fast), the images, and the pages in a
real Chromium (Playwright): search, open a card, an error inline, both languages, a phone-sized screen."""

from __future__ import annotations

import json
from typing import Any

import pytest


def cli_ids(cli: Any, query: str, *args: str) -> list[str]:
    return cli("search", query, "--format", "ids", *args).stdout.split()


@pytest.mark.parametrize(
    "query, game",
    [("t:装备 攻速>=2", "tactics"), ("f:criminal", None), ("legal:standard inf>=2", "netrunner"), ("抽牌", None)],
)
def test_search_finds_what_the_cli_finds(
    ro_client: Any, cli: Any, shared_app: Any, query: str, game: str | None
) -> None:
    params = {"q": query, "limit": 500, **({"game": game} if game else {})}
    body = ro_client.get("/api/search", params=params).json()
    db = str(shared_app.state.settings.db_url)
    expected = cli_ids(cli, query, "--db", db, *(["--game", game] if game else []))
    assert [r["id"] if game else r["ref"] for r in body["results"]] == expected
    assert body["count"] == len(expected) > 0
    first = body["results"][0]
    assert {"id", "name", "type", "image", "url", "stats"} <= set(first)


def test_search_errors_are_one_line_with_the_column(ro_client: Any) -> None:
    response = ro_client.get("/api/search", params={"q": "t:ice o>=x", "lang": "en"})
    assert response.status_code == 400
    detail = response.json()["detail"]
    assert detail["column"] == 10 and "\n" not in detail["message"] and detail["message"].startswith("query ")


def test_search_limit_and_language(ro_client: Any) -> None:
    body = ro_client.get("/api/search", params={"q": "k:card", "limit": 3, "lang": "en", "game": "netrunner"}).json()
    assert body["count"] == 3
    assert all(r["name"] == (r["name_en"] or r["name_zh"]) for r in body["results"])
    assert ro_client.get("/api/search", params={"q": "k:card", "limit": 0}).status_code == 422


def test_record_has_fields_both_languages_and_legality(ro_client: Any) -> None:
    body = ro_client.get("/api/records/netrunner/archive_heist", params={"lang": "en"}).json()
    assert body["names"] == {"zh-Hans": "档案库劫案", "en": "Archive Heist"}
    line = body["texts"][0]["lines"][0]
    assert line["zh-Hans"].startswith("你对档案库发起潜袭") and line["en"].startswith("You make a run on Archives")
    assert {f["key"] for f in body["fields"]} >= {"cost", "faction", "influence"}
    standard = next(f for f in body["legality"] if f["id"] == "standard")
    assert standard["legal"] and standard["pool"] and not standard["banned"]
    assert body["image"].startswith("/images/netrunner/card/archive_heist.png")
    assert ro_client.get("/api/records/netrunner/no_such_card").status_code == 404


def test_images_are_drawn_once_and_cached_by_content(ro_client: Any, shared_app: Any) -> None:
    first = ro_client.get("/images/tactics/card/adrenaline_shot.png")
    assert first.status_code == 200 and first.content.startswith(b"\x89PNG")
    etag = first.headers["etag"]
    cached = list((shared_app.state.settings.cache_path / "cards").rglob("*.png"))
    assert any(p.stem == etag.strip('"') for p in cached)
    assert ro_client.get("/images/tactics/card/adrenaline_shot.png", headers={"If-None-Match": etag}).status_code == 304
    assert ro_client.get("/images/tactics/mode/duo.png").status_code == 404
    assert ro_client.get("/images/tactics/card/nothing.png").status_code == 404


def test_a_changed_card_gets_a_new_image_key(shared_app: Any) -> None:
    web = shared_app.state.web
    record = web.catalog.get("tactics", "adrenaline_shot", "card")
    changed = record.model_copy(update={"text": ["你抽 2 张牌。"]})
    assert web.images.key(record, "zh-Hans") != web.images.key(changed, "zh-Hans")


def test_card_page_and_search_page_render(ro_client: Any) -> None:
    page = ro_client.get("/cards/netrunner/vera_fingers_thorne?kind=identity&lang=en")
    assert page.status_code == 200 and "Vera" in page.text and "维拉" in page.text
    assert ro_client.get("/cards/netrunner/nothing").status_code == 404
    bad = ro_client.get("/cards", params={"q": "t:ice o>=x", "lang": "en"})
    assert bad.status_code == 400 and 'role="alert"' in bad.text and "column 10" in bad.text
    assert 'aria-invalid="true"' in bad.text


# ---------------------------------------------------------------------- in Chromium


@pytest.mark.slow
def test_search_and_open_a_card(live_server: str, page: Any) -> None:
    page.goto(live_server + "/cards?lang=en")
    page.get_by_label("Search", exact=True).fill("f:criminal t:event")
    page.get_by_label("Game").select_option("netrunner")
    page.keyboard.press("Enter")
    tile = page.locator('#results a[data-ref="netrunner/archive_heist"]')
    tile.wait_for()
    image = tile.locator("img")
    page.wait_for_function("img => img.complete && img.naturalWidth > 100", arg=image.element_handle())
    tile.click()
    page.wait_for_url("**/cards/netrunner/archive_heist*")
    assert page.locator("h1").inner_text().startswith("Archive Heist")
    assert "You make a run on Archives" in page.locator(".abilities").inner_text()
    assert "你对档案库发起潜袭" not in page.locator(".abilities").inner_text()  # the page's language only
    assert page.locator("#legality").inner_text().count("Legal") >= 2
    page.get_by_role("link", name="中文").click()
    page.wait_for_function("document.documentElement.lang === 'zh-Hans'")
    assert page.locator("h1").inner_text().startswith("档案库劫案")
    assert "你对档案库发起潜袭" in page.locator(".abilities").inner_text()


def test_a_query_error_is_shown_inline(live_server: str, page: Any) -> None:
    page.goto(live_server + "/cards?lang=en")
    page.fill("#q", "t:ice o>=x")
    page.press("#q", "Enter")
    alert = page.get_by_role("alert")
    alert.wait_for()
    assert "column 10" in alert.inner_text() and "cost needs a whole number" in alert.inner_text()
    assert page.get_attribute("#q", "aria-invalid") == "true"


def test_keyboard_only_search(live_server: str, page: Any) -> None:
    page.goto(live_server + "/cards?lang=en")
    page.keyboard.press("Tab")  # the skip link first
    assert page.evaluate("document.activeElement.className") == "skip"
    page.focus("#q")
    page.keyboard.type("k:agent")
    page.keyboard.press("Enter")
    page.locator("#results li").first.wait_for()
    assert page.locator("#results li").count() >= 5


def test_cards_on_a_phone(live_server: str, phone_page: Any) -> None:
    phone_page.goto(live_server + "/cards?q=k%3Aagent&lang=zh-Hans")
    phone_page.locator("#results li").first.wait_for()
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390
    columns = phone_page.evaluate("getComputedStyle(document.getElementById('results')).gridTemplateColumns")
    assert len(columns.split()) == 2
    phone_page.goto(live_server + "/cards/tactics/anvil?kind=agent")
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390
    record = json.loads(phone_page.locator("details pre").text_content() or "")
    assert record["id"] == "anvil"


def test_many_threads_search_one_database(shared_app: Any) -> None:
    """The server's worker threads share one Database: more threads than SQLAlchemy's SingletonThreadPool keeps
    (it closed connections other threads were using, and the process crashed)."""
    from concurrent.futures import ThreadPoolExecutor

    from toolkit.search import search

    database = shared_app.state.web.database
    queries = ["k:card", "f:criminal", "t:装备", "抽牌", "hp>=10", "team:red"] * 20
    with ThreadPoolExecutor(max_workers=32) as pool:
        counts = list(pool.map(lambda q: len(search(database, q)), queries))
    assert len(counts) == len(queries) and all(n > 0 for n in counts)


def test_card_page_links_to_the_editor(ro_client: Any) -> None:
    page = ro_client.get("/cards/tactics/anvil?kind=agent&lang=en")
    assert 'href="/editor/record/tactics/anvil?kind=agent"' in page.text and "Edit this card" in page.text
    editor = ro_client.get("/editor/record/tactics/anvil?kind=agent", follow_redirects=False)
    assert editor.status_code == 303 and "/editor/edit" in editor.headers["location"]
