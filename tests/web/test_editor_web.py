"""The card editor: lint findings and preview of an edited record, saving only valid records, atomically,
only inside the card directories."""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

CARD = "tactics/cards/adrenaline_shot.json"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def edited(web_cards: Path, **changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((web_cards / CARD).read_text(encoding="utf-8"))
    data.update(changes)
    return data


# ---------------------------------------------------------------- where the editor may read and write


OUTSIDE = [
    "../schema/tactics/card.schema.json",
    "tactics/../../schema/tactics/card.schema.json",
    "/etc/passwd",
    "//etc/passwd",
    "tactics/cards/../../../x.json",
    "tactics/./cards/x.json",
    "tactics//cards/x.json",
    "tactics/cards/.hidden.json",
    "tactics\\cards\\x.json",
    "tactics/cards/x.txt",
    "tactics/cards/x.json\x00.json",
    "",
]


def test_paths_outside_the_card_directories_are_refused(client: Any, web_cards: Path) -> None:
    text = json.dumps(edited(web_cards))
    for path in OUTSIDE:  # one app for the table: building one per row costs a second each
        for response in (
            client.post("/editor/check", json={"path": path, "text": text}),
            client.post("/editor/save", json={"path": path, "text": text, "new": True}),
        ):
            assert response.status_code in (403, 422), (path, response.text)
            if response.status_code == 403:
                assert "\n" not in response.json()["detail"]
        assert client.get("/editor/edit", params={"path": path}).status_code in (403, 422), path
    assert not (web_cards.parent / "x.json").exists()


def test_symbolic_links_are_not_followed(client: Any, web_cards: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "victim.json").write_text("{}\n", encoding="utf-8")
    os.symlink(outside, web_cards / "tactics" / "linked")  # a directory link leading out
    os.symlink(outside / "victim.json", web_cards / "tactics" / "cards" / "victim.json")  # a file link
    data = edited(web_cards, id="victim")
    for path in ("tactics/linked/victim.json", "tactics/cards/victim.json", "tactics/linked/new.json"):
        for new in (True, False):
            response = client.post("/editor/save?lang=en", json={"path": path, "text": json.dumps(data), "new": new})
            assert response.status_code == 403 and "symbolic link" in response.json()["detail"], response.text
        assert client.get("/editor/edit", params={"path": path}).status_code == 403
    assert (outside / "victim.json").read_text(encoding="utf-8") == "{}\n"
    assert sorted(p.name for p in outside.iterdir()) == ["victim.json"]


def test_a_second_root_index_that_does_not_exist(client: Any, web_cards: Path) -> None:
    response = client.post("/editor/check", json={"root": 5, "path": CARD, "text": "{}"})
    assert response.status_code == 404  # (no such card directory: not found, stop 73)


def test_saving_is_a_write(bare_client: Any, web_cards: Path) -> None:
    before = digest(web_cards / CARD)
    response = bare_client.post("/editor/save", json={"path": CARD, "text": json.dumps(edited(web_cards))})
    assert response.status_code == 403
    assert digest(web_cards / CARD) == before


# ---------------------------------------------------------------- lint, preview, save


def test_check_gives_lint_findings_with_positions_and_a_preview(client: Any, web_cards: Path) -> None:
    text = (web_cards / CARD).read_text(encoding="utf-8")
    clean = client.post("/editor/check", json={"path": CARD, "text": text}).json()
    assert clean["findings"] == [] and clean["errors"] == 0
    assert clean["preview"]["image"].startswith("data:image/png;base64,")
    bad = text.replace('"item"', '"itemz"')
    result = client.post("/editor/check", json={"path": CARD, "text": bad, "preview": False, "lang": "en"}).json()
    [finding] = result["findings"]
    assert finding["code"] == "card.schema" and finding["pointer"] == "/category"
    assert (finding["line"], finding["column"]) == (4, 3)
    assert 'did you mean "item"?' in finding["message"]  # (a value written as JSON)
    # the same finding `dossier lint` gives for that file
    from toolkit.catalog import context_sources
    from validators.lint import lint_sources

    (web_cards / CARD).write_text(bad, encoding="utf-8")
    sources, wanted = context_sources([web_cards / CARD])
    [cli] = lint_sources(sources, wanted).findings
    assert (cli.code, cli.message, cli.line, cli.column) == (
        finding["code"],
        finding["message"],
        finding["line"],
        finding["column"],
    )


def test_a_record_with_lint_errors_is_refused_with_the_findings(client: Any, web_cards: Path) -> None:
    before = digest(web_cards / CARD)
    data = edited(web_cards, text=["响应：本单位获得两点临时生命"])
    response = client.post("/editor/save?lang=en", json={"path": CARD, "text": json.dumps(data), "base": before})
    assert response.status_code == 422
    body = response.json()
    assert body["saved"] is False and "1 lint error" in body["detail"]
    assert [f["code"] for f in body["findings"]] == ["card.text.parse"]
    assert digest(web_cards / CARD) == before
    response = client.post("/editor/save", json={"path": CARD, "text": "{not json", "base": before})
    assert response.status_code == 422 and response.json()["findings"][0]["code"] == "card.json"
    assert digest(web_cards / CARD) == before


def test_a_valid_record_is_saved_atomically_in_canonical_form(client: Any, web_cards: Path, web_app: Any) -> None:
    path = web_cards / CARD
    before = digest(path)
    inode = path.stat().st_ino
    data = edited(web_cards, text=["你抽 2 张牌。"])
    response = client.post("/editor/save", json={"path": CARD, "text": json.dumps(data), "base": before})
    assert response.status_code == 200, response.text
    assert response.json()["saved"] is True
    from toolkit.jsonio import canonical_dumps

    assert path.read_text(encoding="utf-8") == canonical_dumps(data)
    assert path.stat().st_ino != inode  # a new file renamed over the old one, not rewritten in place
    assert not [p for p in path.parent.iterdir() if p.name.startswith(".")]  # no temporary file left
    record = web_app.state.web.catalog.get("tactics", "adrenaline_shot")
    assert record is not None and list(record.text) == ["你抽 2 张牌。"]  # the pool was reloaded
    # the editor that still holds the old version is told, not allowed to overwrite
    stale = client.post(
        "/editor/save?lang=en", json={"path": CARD, "text": json.dumps(edited(web_cards)), "base": before}
    )
    assert stale.status_code == 409 and "changed on disk" in stale.json()["detail"]


def test_search_answers_follow_a_saved_card(client: Any, web_cards: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The search's per-record entries are kept per card-pool generation: a saved card is searched anew."""
    import toolkit.web.app

    monkeypatch.setattr(toolkit.web.app, "CACHE_ON", False)  # the entries, not the answer cache, are tested

    def found(query: str) -> list[tuple[str, str]]:
        body = client.get("/api/search", params={"q": query, "game": "tactics", "lang": "zh-Hans"}).json()
        return [(r["id"], r["name"]) for r in body["results"]]

    assert ("adrenaline_shot", "肾上腺素针") in found("k:card 肾上腺素针")
    data = edited(web_cards, name={"zh-Hans": "强心针", "en": "Adrenaline Shot"})
    saved = client.post("/editor/save", json={"path": CARD, "text": json.dumps(data), "base": digest(web_cards / CARD)})
    assert saved.status_code == 200, saved.text
    assert ("adrenaline_shot", "强心针") in found("k:card 强心针")
    assert ("adrenaline_shot", "强心针") in found("k:card")


def test_a_new_card_starts_from_its_kind_template(client: Any, web_cards: Path) -> None:
    page = client.get("/editor/new", params={"kindref": "tactics/card", "id": "smoke_test", "name": "烟雾测试"})
    assert page.status_code == 200
    config = json.loads(re.search(r'id="ed-config">(.*?)</script>', page.text, re.S).group(1))  # type: ignore[union-attr]
    record = json.loads(config["text"])
    assert record["id"] == "smoke_test" and record["kind"] == "card" and record["name"] == {"zh-Hans": "烟雾测试"}
    assert record["$schema"] == "../../../schema/tactics/card.schema.json"
    assert config["new"] == {"root": 0, "rel": "tactics/cards/smoke_test.json"}
    assert config["schema"]["title"]  # the form is generated from the kind's schema
    target = web_cards / "tactics" / "cards" / "smoke_test.json"
    assert not target.exists()
    record["text"] = ["你抽 1 张牌。"]
    assert record["category"] == "equipment" and record["equipment"] == {}  # a new card starts valid
    body = {"path": config["new"]["rel"], "text": json.dumps(record), "new": True}
    assert client.post("/editor/save", json=body).status_code == 200
    assert json.loads(target.read_text(encoding="utf-8"))["text"] == ["你抽 1 张牌。"]
    again = client.post("/editor/save", json=body)
    assert again.status_code == 409  # a new card never replaces an existing file
    taken = client.get(
        "/editor/new", params={"kindref": "tactics/card", "id": "smoke_test", "lang": "en"}, follow_redirects=False
    )
    assert taken.status_code == 400 and "exists" in taken.text  # the index, saying why
    bad = client.get("/editor/new", params={"kindref": "tactics/card", "id": "Bad Id"}, follow_redirects=False)
    assert bad.status_code == 400


def test_the_index_shows_no_message_from_the_address(client: Any) -> None:
    """Only what the server refused is shown as an error: a link cannot plant words there."""
    page = client.get("/editor", params={"error": "Your session expired, visit evil.example", "lang": "en"})
    assert page.status_code == 200 and "Your session expired, visit evil.example" not in page.text


def test_index_lists_records_and_links_open_them(client: Any) -> None:
    page = client.get("/editor?lang=en")
    assert page.status_code == 200 and "adrenaline_shot" in page.text
    opened = client.get("/editor/record/tactics/adrenaline_shot")
    assert opened.status_code == 200 and 'id="ed-config"' in opened.text
    assert "卡牌编辑器" in client.get("/editor?lang=zh-Hans").text


# ---------------------------------------------------------------- through Chromium


@pytest.mark.slow
def test_edit_a_card_into_a_lint_error_fix_it_and_save(live_server: str, page: Any, web_cards: Path) -> None:
    path = web_cards / CARD
    before = path.read_bytes()
    inode = path.stat().st_ino
    page.goto(f"{live_server}/editor/edit?lang=en&path={CARD}")
    page.wait_for_selector("#ed-root[data-ready]")
    page.wait_for_selector("#ed-summary:has-text('No findings')")
    page.wait_for_selector("#ed-preview:not([hidden])")
    text = page.locator('[data-pointer="/text/0"] textarea')
    text.fill("响应：本单位获得两点临时生命")
    page.wait_for_selector("#ed-findings li.error:has-text('card.text.parse')")
    assert page.locator('[data-pointer="/text/0"].ed-bad').count() == 1  # the field with the error is marked
    assert "1 error" in page.locator("#ed-summary").inner_text()
    page.click("#ed-save")  # refused: the file stays as it was
    page.wait_for_selector("#ed-message.error:has-text('Not saved')")
    assert path.read_bytes() == before
    text.fill("响应：本单位获得 3 点临时生命值。")
    page.wait_for_selector("#ed-summary:has-text('No findings')")
    page.click("#ed-save")
    page.wait_for_selector("#ed-message.ok")
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["text"] == ["响应：本单位获得 3 点临时生命值。"]
    assert path.stat().st_ino != inode
    # the raw JSON view shows the same record, and its findings carry line and column
    page.check("#ed-mode")
    raw = page.locator("#ed-raw")
    assert json.loads(raw.input_value()) == saved
    raw.fill(raw.input_value().replace('"item"', '"itemz"'))
    page.wait_for_selector("#ed-findings li.error:has-text('line 4, column 3')")


def test_a_finding_names_the_other_record_from_its_card_folder(client: Any, web_cards: Path) -> None:
    """An id already used elsewhere: the other file is named from its card folder, never by the server's path."""
    text = (web_cards / CARD).read_text(encoding="utf-8")
    body = client.post("/editor/check", json={"path": "tactics/cards/zzz_copy.json", "text": text, "lang": "en"}).json()
    messages = [f["message"] for f in body["findings"]] + [f["text"] for f in body["findings"]]
    assert any(f"{web_cards.name}/{CARD}" in m for m in messages), messages
    assert not any(str(web_cards) in m or str(web_cards.resolve()) in m for m in messages), messages


# ---------------------------------------------------------------- what a change breaks; a file changed on disk


@pytest.mark.slow
def test_a_rename_in_the_form_says_what_it_breaks_with_links(live_server: str, page: Any, web_cards: Path) -> None:
    """情报碎片 is named by a card and a unit: renaming it shows their findings and links to them as one types, and
    the save goes through, saying what it broke."""
    rel = "tactics/cards/intel_fragment.json"
    page.goto(f"{live_server}/editor/edit?lang=en&path={rel}")
    page.wait_for_selector("#ed-root[data-ready]")
    page.wait_for_selector("#ed-summary:has-text('No findings')")
    assert page.locator("#ed-breaks").is_hidden()
    page.locator('[data-pointer="/name/zh-Hans"] input').fill("情报残片")
    page.wait_for_selector("#ed-breaks:has-text('This change breaks 2 other records')")
    links = page.locator("#ed-breaks a")
    assert links.count() == 2 and links.first.get_attribute("target") == "_blank"  # this tab keeps the edit
    assert "path=tactics%2Fcards%2Fhack_cameras.json" in (links.first.get_attribute("href") or "")
    others = page.locator("#ed-findings li.ed-other")
    assert others.count() == 2 and "tactics/units/server_rack.json" in others.nth(1).inner_text()
    assert "「情报碎片」" in others.first.inner_text()
    assert page.locator("#ed-summary").inner_text() == "No findings"  # the record itself: it can be saved
    page.click("#ed-save")
    page.wait_for_selector("#ed-message.warning:has-text('It broke 2 other records')")
    assert json.loads((web_cards / rel).read_text(encoding="utf-8"))["name"]["zh-Hans"] == "情报残片"
    assert page.locator("#ed-breaks a").count() == 2  # still said after the save


def _changed_on_disk(path: Path, text: str) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    data["text"] = [text]
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")


MINE = "响应：本单位获得 3 点临时生命值。"
DISK = "响应：本单位获得 4 点临时生命值。"


def test_a_save_refused_for_a_change_on_disk_keeps_both_versions(live_server: str, page: Any, web_cards: Path) -> None:
    """The unsaved edit stays; the difference, "take the disk's" (and back) and "keep mine" work from the keyboard."""
    path = web_cards / CARD
    page.goto(f"{live_server}/editor/edit?lang=en&path={CARD}")
    page.wait_for_selector("#ed-root[data-ready]")
    field = page.locator('[data-pointer="/text/0"] textarea')
    field.fill(MINE)
    _changed_on_disk(path, DISK)  # saved from another tab or program meanwhile
    page.keyboard.press("Control+s")
    page.wait_for_selector("#ed-conflict:not([hidden]) h2:has-text('The file changed on disk')")
    assert page.evaluate("document.activeElement.id") == "ed-conflict-h"
    assert "changed on disk since you opened it" in page.locator("#ed-message").inner_text()
    assert field.input_value() == MINE and json.loads(path.read_text(encoding="utf-8"))["text"] == [DISK]
    page.keyboard.press("Tab")  # to "See the difference"
    page.keyboard.press("Enter")
    page.wait_for_selector("#ed-diff[open] table tbody tr")
    row = page.locator("#ed-diff table tbody tr")
    assert row.count() == 1
    cells = [row.locator(c).inner_text() for c in ("th", "td >> nth=0", "td >> nth=1")]
    assert cells == ["Ability text #1", DISK, MINE]  # the field, the disk's, mine
    field.fill(MINE + "！")  # the difference follows the edit
    page.wait_for_selector(f"#ed-diff td:has-text('{MINE}！')")
    field.fill(MINE)
    page.focus("#ed-take-disk")
    page.keyboard.press("Enter")
    page.wait_for_selector("#ed-conflict h2:has-text('Your version is set aside')")
    assert field.input_value() == DISK and json.loads(path.read_text(encoding="utf-8"))["text"] == [DISK]
    page.focus("#ed-back-mine")
    page.keyboard.press("Enter")
    page.wait_for_selector("#ed-conflict", state="hidden")
    assert field.input_value() == MINE
    # another change on disk: "keep mine" saves over it
    _changed_on_disk(path, DISK.replace("4", "5"))
    page.keyboard.press("Control+s")
    page.wait_for_selector("#ed-keep-mine")
    page.focus("#ed-keep-mine")
    page.keyboard.press("Enter")
    page.wait_for_selector("#ed-message.ok")
    assert json.loads(path.read_text(encoding="utf-8"))["text"] == [MINE]
    assert page.locator("#ed-conflict").is_hidden()


@pytest.mark.slow
def test_the_language_switch_keeps_the_choice_and_the_edit(live_server: str, page: Any, web_cards: Path) -> None:
    path = web_cards / CARD
    page.goto(f"{live_server}/editor/edit?lang=en&path={CARD}")
    page.wait_for_selector("#ed-root[data-ready]")
    page.locator('[data-pointer="/text/0"] textarea').fill(MINE)
    _changed_on_disk(path, DISK)
    page.click("#ed-save")
    page.wait_for_selector("#ed-keep-mine")
    page.click("a[data-lang-switch='zh-Hans']")
    page.wait_for_url("**lang=zh-Hans**")
    page.wait_for_selector("#ed-root[data-ready]")
    assert page.evaluate("document.documentElement.lang") == "zh-Hans"
    assert page.locator('[data-pointer="/text/0"] textarea').input_value() == MINE
    page.click("#ed-keep-mine")  # the choice is still offered, over the file on disk as the save found it
    page.wait_for_selector("#ed-message.ok")
    assert json.loads(path.read_text(encoding="utf-8"))["text"] == [MINE]
