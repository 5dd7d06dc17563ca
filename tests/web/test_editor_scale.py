"""The card editor at scale: the index pages each game (100 records a page) and filters on the server; an
ability text error says "did you mean" first, where it is once, in the page's language."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest

from toolkit.web.routes.editor import PAGE_SIZE, page_links

TYPO_CARD = "tactics/cards/shock_plate_armor.json"  # its text says 造成


def count_line(html: str) -> str:
    found = re.search(r'id="ed-count"[^>]*>([^<]*)<', html)
    assert found, html[:500]
    return found.group(1)


def listed(html: str) -> list[str]:
    """The record paths the page lists."""
    return re.findall(r"<code>([^<]+\.json)</code>", html)


def sections(html: str) -> list[str]:
    return re.findall(r'<details class="ed-group" open data-game="([^"]+)"', html)


# ---------------------------------------------------------------- pages and counts


def test_each_game_shows_its_first_page_and_the_total(ro_client: Any) -> None:
    html = ro_client.get("/editor?lang=en").text
    total = int(re.sub(r"\D", "", count_line(html)))
    assert total > PAGE_SIZE and count_line(html) == f"{total} records"
    games = sections(html)
    assert games == sorted(games) and {"netrunner", "tactics"} <= set(games)
    paths = listed(html)
    assert len(paths) < total and len(set(paths)) == len(paths)
    netrunner = [p for p in paths if p.startswith("netrunner/")]
    assert len(netrunner) == PAGE_SIZE  # the bundled netrunner cards are more than a page
    assert "tactics/cards/adrenaline_shot.json" in paths  # each game starts on its own first page
    assert 'rel="next"' in html and "game=netrunner" in html and "page=2" in html
    assert re.search(r"Records 1–100 of \d+", html)


def test_the_next_page_of_a_game(ro_client: Any) -> None:
    first = ro_client.get("/editor?lang=en&game=netrunner").text
    second = ro_client.get("/editor?lang=en&game=netrunner&page=2").text
    assert sections(second) == ["netrunner"]
    n = int(re.search(r"Records 101–\d+ of (\d+)", second).group(1))  # type: ignore[union-attr]
    assert count_line(second) == count_line(first) and count_line(first).startswith(f"{n} of ")
    a, b = listed(first), listed(second)
    assert len(a) == PAGE_SIZE and len(b) == n - PAGE_SIZE and not set(a) & set(b)
    assert a[0] == "netrunner/game.json"  # the game record first, then by kind and id
    assert 'aria-current="page" class="ed-page current">2<' in second and 'rel="prev"' in second
    beyond = ro_client.get("/editor?lang=en&game=netrunner&page=99").text  # past the end: the last page
    assert listed(beyond) == b


def test_the_pager_numbers_the_first_last_and_nearby_pages() -> None:
    links = page_links(10, 23, lambda n: f"?page={n}")
    shown = [(link["n"], link["gap"]) for link in links]
    assert [n for n, gap in shown if not gap] == [1, 8, 9, 10, 11, 12, 23]
    assert [gap for _, gap in shown].count(True) == 2
    assert [link for link in links if link.get("current")][0]["n"] == 10
    assert [link["n"] for link in page_links(1, 2, str)] == [1, 2]


# ---------------------------------------------------------------- the filter


@pytest.mark.parametrize(
    "query",
    ["adrenaline_shot", "Adrenaline Shot", "肾上腺素针", "adrenaline 肾上腺素", "ADRENALINE"],
)
def test_filter_by_id_or_a_name_in_either_language(ro_client: Any, query: str) -> None:
    for lang in ("en", "zh-Hans"):
        html = ro_client.get("/editor", params={"lang": lang, "q": query}).text
        assert listed(html) == ["tactics/cards/adrenaline_shot.json"], (lang, query)
    html = ro_client.get("/editor", params={"lang": "en", "q": query}).text
    assert re.fullmatch(r"1 of \d+ record(s)? match(es)?", count_line(html))
    assert f'value="{query}"' in html  # the box keeps what was asked


def test_filter_by_game_and_kind(ro_client: Any, web_cards: Path) -> None:
    agents = sorted(p.name for p in (web_cards / "tactics" / "agents").glob("*.json"))
    html = ro_client.get("/editor", params={"lang": "en", "game": "tactics", "q": "agent"}).text
    assert sections(html) == ["tactics"]
    paths = listed(html)
    assert {f"tactics/agents/{name}" for name in agents} <= set(paths)
    by_word = ro_client.get("/editor", params={"lang": "en", "q": "netrunner identity"}).text
    assert listed(by_word) and all(p.startswith("netrunner/identities/") for p in listed(by_word))
    zh_game = ro_client.get("/editor", params={"lang": "en", "q": "矩阵潜袭 identity"}).text  # the game's Chinese name
    assert listed(zh_game) == listed(by_word)
    assert ro_client.get("/editor", params={"lang": "en", "game": "nope"}).status_code == 200  # an unknown game: all


def test_no_match_says_so_in_the_page_language(ro_client: Any) -> None:
    en = ro_client.get("/editor", params={"lang": "en", "q": "zzqqxx"}).text
    assert listed(en) == [] and "No record matches zzqqxx." in en and count_line(en).startswith("0 of ")
    zh = ro_client.get("/editor", params={"lang": "zh-Hans", "q": "zzqqxx"}).text
    assert "没有记录匹配 zzqqxx。" in zh and "中有 0 条匹配" in count_line(zh)


def test_the_index_is_built_once_per_catalog_generation(shared_app: Any, ro_client: Any) -> None:
    ro_client.get("/editor?lang=en")
    web = shared_app.state.web
    held = web._memo["editor.index"]
    ro_client.get("/editor?lang=en&q=shot&page=3")
    assert web._memo["editor.index"] is held and held[0] == web.generation
    assert "editor.index.en" in web._memo


def test_scripts_carry_the_nonce_and_no_inline_handlers(ro_client: Any) -> None:
    html = ro_client.get("/editor?lang=en").text
    tags = re.findall(r"<script\b[^>]*>", html)
    inline = [tag for tag in tags if "src=" not in tag and "application/json" not in tag]
    assert inline and all("nonce=" in tag for tag in inline)
    assert not re.search(r"\son[a-z]+=", html) and "javascript:" not in html


# ---------------------------------------------------------------- an ability text with a typo


def typo_text(web_cards: Path) -> str:
    text = (web_cards / TYPO_CARD).read_text(encoding="utf-8")
    assert "造成" in text
    return text.replace("造成", "照成", 1)


def text_finding(result: dict[str, Any]) -> dict[str, Any]:
    found = [f for f in result["findings"] if f["code"] == "card.text.parse"]
    assert len(found) == 1, result
    return found[0]


def test_a_typo_on_a_chinese_page(ro_client: Any, web_cards: Path) -> None:
    body = {"path": TYPO_CARD, "text": typo_text(web_cards), "preview": False, "lang": "zh-Hans"}
    finding = text_finding(ro_client.post("/editor/check", json=body).json())
    first = finding["message"].split("\n")[0]
    assert first.startswith("是不是想写 造成？"), first
    assert "第 1 行第 10 列" in first and first.count("列") == 1 and "column" not in first
    assert "意外的 '照成'" in first and re.search(r"此处应为 造成 · .* 等另外 \d+ 个", first)
    assert finding["where"] == ""  # the page shows no line of the record file for it
    assert finding["suggestions"] == ["造成"] and finding["alternatives"][0] == "造成"
    assert len(finding["alternatives"]) > 12 and finding["text_offset"] == 9
    caret = finding["message"].split("\n")[1:]
    assert caret[0].strip() == "被攻击后：对攻击者照成 1 点伤害。" and caret[1].endswith("^")


def test_a_typo_on_an_english_page(ro_client: Any, web_cards: Path) -> None:
    body = {"path": TYPO_CARD, "text": typo_text(web_cards), "preview": False, "lang": "en"}
    finding = text_finding(ro_client.post("/editor/check", json=body).json())
    first = finding["message"].split("\n")[0]
    assert first.startswith("Did you mean 造成? "), first
    assert "line 1, column 10: unexpected '照成'" in first and first.count("column") == 1
    assert re.search(r"expected 造成 · 。 · .* and \d+ more$", first), first
    assert not any(w in first for w in ("是不是", "第 1 行", "意外", "此处应为", "等另外"))  # nothing of the Chinese


def test_a_refused_save_says_the_same(client: Any, web_cards: Path) -> None:
    base = hashlib.sha256((web_cards / TYPO_CARD).read_bytes()).hexdigest()  # the file as it was opened
    body = {"path": TYPO_CARD, "text": typo_text(web_cards), "base": base, "lang": "en"}
    response = client.post("/editor/save", json=body)
    assert response.status_code == 422
    assert text_finding(response.json())["message"].startswith("Did you mean 造成?")


def test_other_findings_keep_their_place_in_the_file(ro_client: Any, web_cards: Path) -> None:
    data = json.loads((web_cards / TYPO_CARD).read_text(encoding="utf-8"))
    data["itemz"] = 1
    body = {"path": TYPO_CARD, "text": json.dumps(data, indent=2), "preview": False, "lang": "en"}
    findings = ro_client.post("/editor/check", json=body).json()["findings"]
    assert findings and all("where" not in f and f["line"] for f in findings)


# ---------------------------------------------------------------- through Chromium


@pytest.mark.slow
def test_filter_and_turn_the_page_in_chromium(live_server: str, page: Any) -> None:
    page.goto(f"{live_server}/editor?lang=en")
    page.wait_for_selector("#ed-find[data-ready]")
    page.fill("#ed-filter", "adrenaline")
    page.wait_for_selector("#ed-count:has-text('1 of ')")
    assert page.locator(".ed-list li").count() == 1
    assert "q=adrenaline" in page.url
    page.fill("#ed-filter", "")
    page.select_option("#ed-game", "netrunner")
    page.wait_for_selector("#ed-results[data-game='netrunner'] .ed-next")
    assert page.locator(".ed-list li").count() == 100
    first = page.locator(".ed-list code").first.inner_text()
    page.click(".ed-next")
    page.wait_for_selector(".ed-page.current:has-text('2')")
    assert "page=2" in page.url and "game=netrunner" in page.url
    assert page.locator(".ed-list code").first.inner_text() != first
    assert page.locator("#ed-game").input_value() == "netrunner"
    page.click(".ed-list a >> nth=0")
    page.wait_for_selector("#ed-root[data-ready]")


def test_a_typo_in_the_form_in_chromium(live_server: str, page: Any) -> None:
    page.goto(f"{live_server}/editor/edit?lang=zh-Hans&path={TYPO_CARD}")
    page.wait_for_selector("#ed-root[data-ready]")
    text = page.locator('[data-pointer="/text/0"] textarea')
    text.fill("被攻击后：对攻击者照成 1 点伤害。")
    finding = page.locator("#ed-findings li.error:has-text('card.text.parse')")
    finding.wait_for()
    shown = finding.locator(".ed-msg").inner_text()
    assert shown.startswith("是不是想写 造成？") and shown.count("列") == 1, shown
    assert "第 1 行第 10 列" in shown and finding.locator(".ed-caret").inner_text().rstrip().endswith("^")
    assert page.locator('[data-pointer="/text/0"] .ed-errs li').first.inner_text().startswith("是不是想写 造成？")
    finding.locator("details.ed-alts summary").click()
    assert "造成 · " in finding.locator("details.ed-alts").inner_text()
    finding.locator(".ed-finding-go").click()  # goes to the character in the text field
    assert page.evaluate("document.activeElement.selectionStart") == 9


def test_no_match_in_the_chosen_game(ro_client: Any) -> None:
    html = ro_client.get("/editor", params={"lang": "en", "q": "adrenaline", "game": "netrunner"}).text
    assert sections(html) == [] and "No record matches adrenaline." in html
