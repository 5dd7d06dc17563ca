"""The editor's "New card" in a pool of several card folders: it offers the pool's writable folders that can take
the kind, the designer's own folder (the last one that is not the bundled cards) first; a set folder without a
game.json counts; the file follows the chosen folder's layout; the pages say which folder a record is in; a folder
that is not one of the pool's writable folders for the kind is refused in one line."""

from __future__ import annotations

import html
import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import BASE, TEST_CSRF, in_chromium, served
from toolkit.web.settings import WebSettings

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "cards"
SCHEMA = ROOT / "schema"
SHOT = "tactics/cards/adrenaline_shot.json"


def _set_card(folder: Path, rel: str, record_id: str, zh: str, en: str) -> Path:
    """A bundled card copied into a designer's set folder under a new id and name, its "$schema" from there."""
    data = json.loads((CARDS / SHOT).read_text(encoding="utf-8"))
    data.update(id=record_id, name={"zh-Hans": zh, "en": en})
    path = folder / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    depth = len(Path(rel).parts) - 1
    data["$schema"] = "../" * (depth + 1) + "schema/tactics/card.schema.json"
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def base(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """tmp/cards (a copy of the bundled cards, standing for them), tmp/schema, and a designer's set folder tmp/my-set
    without a game.json, laid out as `import csv --into my-set` lays it out (my-set/cards/<id>.json)."""
    shutil.copytree(SCHEMA, tmp_path / "schema")
    shutil.copytree(CARDS, tmp_path / "cards")
    _set_card(tmp_path / "my-set", "cards/my_shot.json", "my_shot", "我的强心针", "My Shot")
    monkeypatch.setattr("toolkit.paths.CARDS_DIR", tmp_path / "cards")  # the copy is the bundled card directory
    return tmp_path


def _settings(base: Path, *cards: Path) -> WebSettings:
    return WebSettings(cards=list(cards), db_url=str(base / "web.db"), cache=base / "web-cache", data=base / "web-data")


def _client(settings: WebSettings) -> Iterator[Any]:
    from fastapi.testclient import TestClient

    from toolkit.web.app import create_app

    with TestClient(create_app(settings), base_url=BASE) as c:
        c.cookies.set("csrf", TEST_CSRF)
        c.headers.update({"Origin": BASE, "X-CSRF-Token": TEST_CSRF})
        yield c


@pytest.fixture
def client(base: Path) -> Iterator[Any]:
    """The app over the pool [cards, my-set]."""
    yield from _client(_settings(base, base / "cards", base / "my-set"))


def config_of(page: Any) -> dict[str, Any]:
    found = re.search(r'id="ed-config">(.*?)</script>', page.text, re.S)
    assert found is not None, page.text[:2000]
    config: dict[str, Any] = json.loads(found.group(1))
    return config


def where(page: Any) -> str:
    """The line of an editor page that says which folder the record is (or will be) in, as text."""
    found = re.search(r'id="ed-where">(.*?)</p>', page.text, re.S)
    assert found is not None, "the page says nothing of the folder"
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1)))


def error_line(page: Any) -> str:
    found = re.search(r'id="ed-error">(.*?)</p>', page.text, re.S)
    assert found is not None, page.text[:2000]
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1)))


def new(client: Any, record_id: str = "web_card", **params: Any) -> Any:
    query = {"kindref": "tactics/card", "id": record_id, "name": "网页卡", "lang": "en", **params}
    return client.get("/editor/new", params=query, follow_redirects=False)


# ---------------------------------------------------------------- the default: the designer's own folder


def test_a_new_card_goes_into_the_designers_folder_not_the_bundled_cards(client: Any, base: Path) -> None:
    page = new(client)
    assert page.status_code == 200
    config = config_of(page)
    assert config["root"] == 1 and config["path"] == "cards/web_card.json"
    assert config["new"] == {"root": 1, "rel": "cards/web_card.json"}
    assert where(page) == "Saving writes cards/web_card.json in the card folder my-set."
    assert str(base) not in where(page)  # the folder as the pool names it, not the server's path
    record = json.loads(config["text"])
    assert record["$schema"] == "../../schema/tactics/card.schema.json"  # the set's own records' "$schema"


@pytest.mark.parametrize("order", ["bundled first", "bundled last"])
def test_the_designers_pool_beside_the_real_bundled_cards(tmp_path: Path, order: str) -> None:
    """The designer's report: cards = ["<bundled cards>", "my-set"] (only read here: nothing is saved)."""
    _set_card(tmp_path / "my-set", "cards/my_shot.json", "my_shot", "我的强心针", "My Shot")
    pool = [CARDS, tmp_path / "my-set"] if order == "bundled first" else [tmp_path / "my-set", CARDS]
    for client in _client(_settings(tmp_path, *pool)):
        page = new(client)
        config = config_of(page)
        assert config["root"] == pool.index(tmp_path / "my-set") and config["path"] == "cards/web_card.json"
        assert "in the card folder my-set" in where(page)


def test_the_new_form_offers_the_pools_writable_folders(client: Any) -> None:
    page = client.get("/editor", params={"lang": "en"})
    form = page.text[page.text.index('id="ed-new"') : page.text.index("</form>")]
    select = re.search(r'<select id="ed-new-root" name="root"[^>]*>(.*?)</select>', form, re.S)
    assert select is not None, form
    options = re.findall(r'<option value="(\d+)" data-games="([^"]*)"( selected)?>([^<]*)</option>', select.group(1))
    assert [(o[0], o[3]) for o in options] == [("0", "cards (the bundled cards)"), ("1", "my-set")]
    assert [o[0] for o in options if o[2]] == ["1"]  # the designer's folder is chosen
    assert all(set(o[1].split()) == {"tactics", "netrunner", "crossfire"} for o in options)
    defaults = re.search(r'data-defaults="([^"]*)"', form)
    assert defaults is not None and json.loads(html.unescape(defaults.group(1))) == {
        "crossfire": 1,
        "netrunner": 1,
        "tactics": 1,
    }


# ---------------------------------------------------------------- another folder, its layout


def test_a_chosen_folder_and_its_layout(client: Any, base: Path) -> None:
    page = new(client, root=0)
    config = config_of(page)
    assert config["new"] == {"root": 0, "rel": "tactics/cards/web_card.json"}  # the game's directory there
    assert where(page) == "Saving writes tactics/cards/web_card.json in the card folder cards."
    assert new(client, root=1).status_code == 200
    assert config_of(new(client, root=1))["new"] == {"root": 1, "rel": "cards/web_card.json"}


def test_a_set_folder_keeps_its_own_layout(base: Path) -> None:
    """A set folder laid out like the pool (tactics/cards/, no game.json) keeps it; an empty one gets cards/, as
    `import csv --into` writes a set."""
    _set_card(base / "mirror", "tactics/cards/mirror_shot.json", "mirror_shot", "镜像强心针", "Mirror Shot")
    (base / "empty").mkdir()
    for client in _client(_settings(base, base / "cards", base / "mirror", base / "empty")):
        assert config_of(new(client, root=1))["new"] == {"root": 1, "rel": "tactics/cards/web_card.json"}
        fresh = new(client)  # the last folder that is not the bundled cards
        config = config_of(fresh)
        assert config["new"] == {"root": 2, "rel": "cards/web_card.json"}
        assert where(fresh) == "Saving writes cards/web_card.json in the card folder empty."
        assert json.loads(config["text"])["$schema"] == "../../schema/tactics/card.schema.json"  # tmp/schema


def test_two_folders_of_the_same_name_are_told_apart(base: Path) -> None:
    _set_card(base / "a" / "my-set", "cards/a_shot.json", "a_shot", "甲强心针", "A Shot")
    _set_card(base / "b" / "my-set", "cards/b_shot.json", "b_shot", "乙强心针", "B Shot")
    for client in _client(_settings(base, base / "cards", base / "a" / "my-set", base / "b" / "my-set")):
        assert "in the card folder b/my-set" in where(new(client))
        assert "in the card folder a/my-set" in where(new(client, root=1))
        edit = client.get("/editor/edit", params={"root": 1, "path": "cards/a_shot.json", "lang": "en"})
        assert where(edit) == "In the card folder a/my-set."


# ---------------------------------------------------------------- refused


def test_a_folder_that_is_not_a_writable_folder_of_the_pool_is_refused(client: Any, base: Path) -> None:
    for root in (2, 999):
        page = new(client, root=root)
        assert page.status_code == 400
        line = error_line(page)
        assert "\n" not in line and f"root {root}: there are 2 card directories" == line
    assert new(client, root=-1).status_code == 422
    assert not (base / "my-set" / "cards" / "web_card.json").exists()


def test_a_folder_of_another_game_is_refused(base: Path) -> None:
    pool = [base / "cards" / "tactics", base / "cards" / "netrunner", base / "my-set"]
    for client in _client(_settings(base, *pool)):
        page = new(client, root=1)  # the netrunner game directory takes no tactics card
        assert page.status_code == 400
        line = error_line(page)
        assert "\n" not in line and line.startswith("card folder netrunner: a tactics/card cannot be written there")
        assert line.endswith("the folders for it: tactics, my-set")
        assert str(base) not in line
        assert config_of(new(client, root=0))["new"] == {"root": 0, "rel": "cards/web_card.json"}
        assert config_of(new(client))["new"] == {"root": 2, "rel": "cards/web_card.json"}
        netrunner = client.get(
            "/editor/new", params={"kindref": "netrunner/card", "id": "web_run", "root": 1, "lang": "en"}
        )
        assert config_of(netrunner)["new"] == {"root": 1, "rel": "cards/web_run.json"}


def test_an_id_the_pool_has_elsewhere_is_refused(client: Any) -> None:
    """A new card in the set with the id of a bundled card would stop the pool from loading."""
    page = new(client, "adrenaline_shot", root=1)
    assert page.status_code == 400
    assert error_line(page) == "cards/tactics/cards/adrenaline_shot.json exists already; open it to edit it"
    assert error_line(new(client, "my_shot", root=0)) == "my-set/cards/my_shot.json exists already; open it to edit it"


# ---------------------------------------------------------------- saving there; the pages of existing records


def test_save_a_new_card_into_the_set_folder(client: Any, base: Path) -> None:
    before = sorted(p.relative_to(base) for p in (base / "cards").rglob("*.json"))
    config = config_of(new(client))
    record = json.loads(config["text"])
    record.update(text=["你抽 1 张牌。"])
    body = {"root": config["root"], "path": config["path"], "text": json.dumps(record), "new": True, "lang": "en"}
    saved = client.post("/editor/save", json=body)
    assert saved.status_code == 200, saved.text
    assert saved.json()["note"] is None  # the pool reloaded with the new card
    assert json.loads((base / "my-set" / "cards" / "web_card.json").read_text(encoding="utf-8"))["id"] == "web_card"
    assert sorted(p.relative_to(base) for p in (base / "cards").rglob("*.json")) == before
    opened = client.get("/editor/record/tactics/web_card", params={"lang": "en"})
    assert config_of(opened)["root"] == 1 and where(opened) == "In the card folder my-set."
    index = client.get("/editor", params={"lang": "en", "q": "web_card"}).text
    assert '<span class="meta ed-folder">my-set</span> <code>cards/web_card.json</code>' in index


def test_existing_records_pages_name_their_folder(client: Any) -> None:
    bundled = client.get("/editor/edit", params={"root": 0, "path": SHOT, "lang": "en"})
    assert where(bundled) == "In the card folder cards."
    mine = client.get("/editor/edit", params={"root": 1, "path": "cards/my_shot.json", "lang": "en"})
    assert where(mine) == "In the card folder my-set."
    assert "我的强心针" in client.get("/editor", params={"q": "my-set", "lang": "en"}).text  # the folder filters too


def test_a_set_record_is_linted_among_the_pool(client: Any, base: Path) -> None:
    """As `dossier lint my-set`: the records its text names are found in the pool, a name the bundled cards have is
    found too, and the other file is named from its card folder, never by the server's path."""
    data = json.loads((base / "cards" / "tactics" / "cards" / "smoke_grenade.json").read_text(encoding="utf-8"))
    data.update(id="my_smoke", **{"$schema": "../../schema/tactics/card.schema.json"})
    body = {"root": 1, "path": "cards/my_smoke.json", "text": json.dumps(data), "preview": False, "lang": "en"}
    findings = client.post("/editor/check", json=body).json()["findings"]
    duplicate = [f["message"] for f in findings if f["code"] == "card.name.duplicate"]
    assert duplicate and all("cards/tactics/cards/smoke_grenade.json" in m for m in duplicate), findings
    assert not any(str(base) in f["message"] or str(base) in f["text"] for f in findings), findings
    assert not any(f["code"].startswith(("card.ref", "card.text.ref")) for f in findings), findings  # 「烟幕」 is one


# ---------------------------------------------------------------- the form in Chromium


@pytest.mark.slow
def test_the_folder_follows_the_kind_in_chromium(base: Path) -> None:
    def drive(page: Any) -> None:
        page.wait_for_selector("#ed-find[data-ready]")
        folder = page.locator("#ed-new-root")
        assert folder.input_value() == "2"
        assert page.locator('#ed-new-root option[value="1"]').is_disabled()  # the netrunner directory
        page.select_option("#ed-new-kind", "netrunner/card")
        assert not page.locator('#ed-new-root option[value="1"]').is_disabled()
        assert page.locator('#ed-new-root option[value="0"]').is_disabled()
        page.select_option("#ed-new-root", "1")
        page.select_option("#ed-new-kind", "tactics/card")  # the chosen folder cannot take it: the default again
        assert folder.input_value() == "2"
        page.select_option("#ed-new-root", "0")
        page.fill("#ed-new-id", "web_card")
        page.fill("#ed-new-name", "网页卡")
        page.click("#ed-new-go")
        page.wait_for_selector("#ed-root[data-ready]")
        assert page.locator("#ed-where").inner_text() == "Saving writes cards/web_card.json in the card folder tactics."
        assert json.loads(page.locator("#ed-config").inner_text())["new"] == {"root": 0, "rel": "cards/web_card.json"}

    pool = [base / "cards" / "tactics", base / "cards" / "netrunner", base / "my-set"]
    with served(_settings(base, *pool)) as url:
        in_chromium(f"{url}/editor?lang=en", drive)
