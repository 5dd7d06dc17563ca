"""The card editor, round 64: its menus in the page's words, the index filter by a tactics card's category, what an
invalid edit says of the records that name it, plurals, an agent's "vision/side", the preview's alt text."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.web.conftest import CARDS

ANVIL = "tactics/agents/anvil.json"


def config(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="ed-config">(.*?)</script>', html, re.S)
    assert found, html[:300]
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def count_line(html: str) -> str:
    found = re.search(r'id="ed-count"[^>]*>([^<]*)<', html)
    assert found, html[:500]
    return found.group(1)


def listed(html: str) -> list[str]:
    return re.findall(r"path=([^&\"]+)\"", html)


# ---------------------------------------------------------------- the menus show words; the value stays the id


def options(page: Any, pointer: str) -> list[tuple[str, str]]:
    """(value sent, text shown) of the menu of the field at ``pointer``."""
    select = page.locator(f'[data-pointer="{pointer}"] select').first
    pairs: list[tuple[str, str]] = select.evaluate(
        "s => Array.from(s.options).filter(o => o.value).map(o => [o.value, o.textContent])"
    )
    return [tuple(p) for p in pairs]  # type: ignore[misc]


def opened(page: Any, live_server: str, path: str, lang: str) -> None:
    page.goto(f"{live_server}/editor/edit?root=0&path={path}&lang={lang}")
    page.wait_for_selector("#ed-root[data-ready]")


@pytest.mark.slow
def test_menus_show_each_value_in_the_page_language(live_server: str, page: Any) -> None:
    opened(page, live_server, "netrunner/identities/vera_fingers_thorne.json", "zh-Hans")
    assert options(page, "/side") == [('"corp"', "公司"), ('"runner"', "潜袭者")]
    opened(page, live_server, "tactics/cards/whirlwind_lmg.json", "zh-Hans")
    assert [text for _, text in options(page, "/category")] == ["装备", "技能", "道具", "状态", "随从"]
    assert options(page, "/category")[0][0] == '"equipment"'
    assert [text for _, text in options(page, "/back")] == ["个人牌库", "矩阵商店"]
    assert [text for _, text in options(page, "/equipment/size")] == ["随身", "普通", "重型"]  # (普通 as search, lint and the card page say it: stop 73)
    assert [text for _, text in options(page, "/equipment/users/0")] == ["特工", "随从"]
    assert [text for _, text in options(page, "/equipment/attack/style")] == ["近战", "射击"]
    opened(page, live_server, "crossfire/roles/agent.json", "zh-Hans")
    assert [text for _, text in options(page, "/team")] == ["蓝队", "红队", "无阵营"]
    # a discriminated union's type: a netrunner card's
    opened(page, live_server, "netrunner/cards/hb_archivist_mk2.json", "zh-Hans")
    shown = dict(options(page, "/type"))
    assert shown["ice"] != "ice" and shown["agenda"] != "agenda", shown


def test_english_menus_show_english_words_and_send_the_id(live_server: str, page: Any) -> None:
    opened(page, live_server, "netrunner/identities/vera_fingers_thorne.json", "en")
    assert options(page, "/side") == [('"corp"', "Corp"), ('"runner"', "Runner")]
    opened(page, live_server, "tactics/cards/whirlwind_lmg.json", "en")
    assert [text for _, text in options(page, "/category")] == ["Equipment", "Skill", "Item", "Status", "Minion"]
    assert [text for _, text in options(page, "/back")] == ["Personal deck", "Matrix shop"]
    assert [text for _, text in options(page, "/equipment/size")] == ["Carried", "Normal", "Heavy"]
    page.locator('[data-pointer="/equipment/size"] select').select_option(label="Normal")
    page.check("#ed-mode")  # the raw JSON: the id was chosen, not the word
    raw = json.loads(page.locator("#ed-raw").input_value())
    assert raw["equipment"]["size"] == "normal"


@pytest.mark.slow
def test_an_agents_side_vision_is_not_a_netrunner_side(live_server: str, page: Any) -> None:
    for lang, label in (("en", "Side vision"), ("zh-Hans", None)):
        opened(page, live_server, ANVIL, lang)
        field = page.locator('[data-pointer="/vision/side"]')
        text = field.inner_text()
        assert "Corp" not in text and "公司" not in text and "潜袭者" not in text, text
        if label:
            assert label in text and "arrows to the left and right" in text, text
    opened(page, live_server, "netrunner/identities/vera_fingers_thorne.json", "en")
    side = page.locator('[data-pointer="/side"]').inner_text()
    assert "Corp or runner." in side and "tactics" not in side, side


@pytest.mark.slow
def test_the_preview_alt_text_names_the_card(live_server: str, page: Any) -> None:
    opened(page, live_server, ANVIL, "en")
    page.wait_for_selector("#ed-preview:not([hidden])")
    assert page.locator("#ed-preview").get_attribute("alt") == "Anvil, as printed"
    page.locator('[data-pointer="/name/en"] input').fill("Big Anvil")
    page.wait_for_function("document.getElementById('ed-preview').alt === 'Big Anvil, as printed'")


def test_the_preview_alt_text_in_the_page(ro_client: Any) -> None:
    for lang, alt in (("en", "Grit Your Teeth, as printed"), ("zh-Hans", "咬紧牙关")):
        html = ro_client.get(f"/editor/edit?root=0&path=tactics/cards/grit_teeth.json&lang={lang}").text
        found = re.search(r'<img id="ed-preview"[^>]*alt="([^"]*)"', html)
        assert found and alt in found.group(1) and "`" not in found.group(1), found


def test_the_help_of_side_is_keyed_by_kind(ro_client: Any) -> None:
    data = config(ro_client.get(f"/editor/edit?root=0&path={ANVIL}&lang=en").text)
    assert "tactics" not in data["help"]["side"]
    assert "Side vision" in data["kind_help"]["tactics/agent"]["vision/side"]
    assert data["kind_labels"]["tactics/agent"]["vision/side"] == "Side vision"


# ---------------------------------------------------------------- the index finds a tactics card by its category


def test_the_index_filter_finds_tactics_cards_by_category(ro_client: Any) -> None:
    for lang, query in (("en", "equipment"), ("en", "装备"), ("zh-Hans", "skill"), ("zh-Hans", "技能")):
        html = ro_client.get("/editor", params={"lang": lang, "q": query}).text
        paths = listed(html)
        assert paths and all("tactics%2Fcards%2F" in p for p in paths), (query, count_line(html))
    skills = listed(ro_client.get("/editor", params={"lang": "en", "q": "skill"}).text)
    assert "tactics%2Fcards%2Fgrit_teeth.json" in skills
    assert "tactics%2Fcards%2Fwhirlwind_lmg.json" not in skills  # (equipment)
    html = ro_client.get("/editor", params={"lang": "en", "q": "grit_teeth"}).text
    assert "Card · Skill" in html


# ---------------------------------------------------------------- plurals


def test_the_count_agrees_with_the_records_and_the_matches(ro_client: Any) -> None:
    one = count_line(ro_client.get("/editor", params={"lang": "en", "q": "grit_teeth"}).text)
    assert re.fullmatch(r"1 of \d+ records matches", one), one
    two = count_line(ro_client.get("/editor", params={"lang": "en", "q": "skill"}).text)
    assert re.fullmatch(r"\d+ of \d+ records match", two), two


def test_one_card_directory_is_singular(ro_client: Any) -> None:
    html = ro_client.get("/editor/edit", params={"root": 3, "path": ANVIL, "lang": "en"}).text
    assert "root 3: there is 1 card directory" in html
    html = ro_client.get("/editor/new", params={"kindref": "tactics/card", "id": "zz_new", "root": 3, "lang": "en"})
    assert "root 3: there is 1 card directory" in html.text


# ---------------------------------------------------------------- an invalid edit and the records that name it


def anvil(**changes: Any) -> str:
    data = json.loads((CARDS / ANVIL).read_text(encoding="utf-8"))
    data.update(changes)
    return json.dumps(data, ensure_ascii=False)


def test_an_invalid_record_names_the_cause_not_missing_agents(ro_client: Any) -> None:
    for text in (anvil(hp=-5), "{}"):
        body = {"root": 0, "path": ANVIL, "text": text, "preview": False, "lang": "en"}
        check = ro_client.post("/editor/check", json=body).json()
        assert check["errors"] >= 1
        assert not any("does not exist" in f["message"] for f in check["others"]), check["others"]
        if text != "{}":  # (since session 74 lint takes a refused record whose id it can read as existing: the
            # records naming it are checked against what can be read of it, and none is broken; "{}" names no id)
            assert check["breaks"] is None, check["breaks"]
        else:
            message = check["breaks"]["message"]
            assert "not valid" in message and "cannot be checked" in message and "not saved" in message, message
            assert "does not stop saving" not in message
            assert len(check["breaks"]["records"]) == 4
        save = ro_client.post("/editor/save", json={**body, "base": "0" * 64})
        assert save.status_code == 422, save.text
        said = save.json()
        assert said["breaks"] is None or "does not stop saving" not in said["breaks"]["message"]
        assert not any("does not exist" in f["message"] for f in said["others"])


def test_a_refused_edit_that_breaks_others_promises_no_save(ro_client: Any) -> None:
    """A valid record with an error of its own (an ability text that does not parse), renamed: the others break,
    and the page does not say the save goes through."""
    body = {"root": 0, "path": ANVIL, "text": anvil(id="anvil_two", text=["zzz"]), "preview": False, "lang": "en"}
    check = ro_client.post("/editor/check", json=body).json()
    assert check["errors"] >= 1 and check["others"], check
    message = check["breaks"]["message"]
    assert "This change breaks 4 other records" in message and "not saved" in message, message
    assert "does not stop saving" not in message


def test_a_valid_edit_that_breaks_others_still_says_it_saves(ro_client: Any) -> None:
    """情报碎片 renamed: a valid record, no error of its own; the two records that quote it break, and saving goes."""
    path = "tactics/cards/intel_fragment.json"
    data = json.loads((CARDS / path).read_text(encoding="utf-8"))
    data["name"]["zh-Hans"] = "情报残片"
    body = {"root": 0, "path": path, "text": json.dumps(data, ensure_ascii=False), "canonical": True,
            "preview": False, "lang": "en"}  # fmt: skip
    check = ro_client.post("/editor/check", json=body).json()
    assert check["errors"] == 0 and len(check["breaks"]["records"]) == 2, check
    assert "does not stop saving" in check["breaks"]["message"]
