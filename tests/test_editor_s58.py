"""The web card editor never loses or breaks a designer's work: a change that breaks another record's reference (a
rename) is said, with that record's findings and a link to it, in the check as one types and after the save (which
it does not stop); a save of an existing record without the digest it was opened at is refused; a save refused for
a change on disk carries the text on disk (the page's choice between the two is tested in
tests/web/test_editor_web.py)."""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import BASE, TEST_CSRF
from toolkit.web.settings import WebSettings

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "cards"
SCHEMA = ROOT / "schema"
TARGET = "cards/ref_target.json"  # in the designer's set folder my-set (root 1)
USER = "cards/ref_user.json"
SHOWN_USER = f"my-set/{USER}"  # as the editor names it to another record's page: with its card folder, as lint


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def set_card(folder: Path, record_id: str, zh: str, text: str, **fields: Any) -> Path:
    """A tactics skill card of the set folder ``folder`` (my-set/cards/<id>.json), in canonical form (``fields``
    added or replaced)."""
    data = {
        "$schema": "../../schema/tactics/card.schema.json",
        "category": "skill",
        "game": "tactics",
        "id": record_id,
        "kind": "card",
        "name": {"zh-Hans": zh},
        "text": [text],
        **fields,
    }
    path = folder / "cards" / f"{record_id}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def base(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """tmp/cards (a copy of the bundled cards), tmp/schema, and the sweep's set folder tmp/my-set: ref_target
    (目标牌) and ref_user, whose text names it."""
    shutil.copytree(SCHEMA, tmp_path / "schema")
    shutil.copytree(CARDS, tmp_path / "cards")
    set_card(tmp_path / "my-set", "ref_target", "目标牌", "你抽 1 张牌。")
    set_card(tmp_path / "my-set", "ref_user", "使用牌", "你搜寻 1 张「目标牌」。")
    monkeypatch.setattr("toolkit.paths.CARDS_DIR", tmp_path / "cards")
    return tmp_path


@pytest.fixture
def client(base: Path) -> Iterator[Any]:
    """The app over the pool [cards, my-set], its writes passing the same-site checks."""
    from fastapi.testclient import TestClient

    from toolkit.web.app import create_app

    cards = [base / "cards", base / "my-set"]
    settings = WebSettings(cards=cards, db_url=str(base / "web.db"), cache=base / "web-cache", data=base / "web-data")
    with TestClient(create_app(settings), base_url=BASE) as c:
        c.cookies.set("csrf", TEST_CSRF)
        c.headers.update({"Origin": BASE, "X-CSRF-Token": TEST_CSRF})
        yield c


def renamed(path: Path, zh: str) -> str:
    data = json.loads(path.read_text(encoding="utf-8"))
    data["name"]["zh-Hans"] = zh
    return json.dumps(data, ensure_ascii=False)


def check(client: Any, rel: str, text: str, root: int = 1) -> dict[str, Any]:
    body = {"root": root, "path": rel, "text": text, "canonical": True, "preview": False, "lang": "en"}
    response = client.post("/editor/check", json=body)
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def save(client: Any, rel: str, text: str, base: str | None, root: int = 1) -> Any:
    return client.post("/editor/save", json={"root": root, "path": rel, "text": text, "base": base, "lang": "en"})


# ---------------------------------------------------------------- a change that breaks another record


def test_a_rename_says_what_it_breaks_as_one_types(client: Any, base: Path) -> None:
    result = check(client, TARGET, renamed(base / "my-set" / TARGET, "改名牌"))
    assert result["findings"] == [] and result["errors"] == 0  # the record itself is fine: it can be saved
    [other] = result["others"]
    assert other["file"] == SHOWN_USER and other["code"] == "card.text.ref" and other["severity"] == "error"
    assert "「目标牌」" in other["message"] and other["text"].startswith(f"{SHOWN_USER}:")
    assert other["url"] == f"{BASE}/editor/edit?root=1&path=cards%2Fref_user.json"
    assert str(base) not in json.dumps(result)  # files named from their card folder, never by the server's path
    breaks = result["breaks"]
    assert breaks["records"] == [{"file": SHOWN_USER, "url": other["url"]}]
    assert breaks["message"] == (
        "This change breaks 1 other record: it gets a lint error it did not have. That does not stop saving; "
        "fix that record next."
    )
    assert client.get(other["url"]).status_code == 200  # the link opens that record in the editor
    unchanged = check(client, TARGET, (base / "my-set" / TARGET).read_text(encoding="utf-8"))
    assert unchanged["others"] == [] and unchanged["breaks"] is None  # ref_user names it and is fine


def test_a_rename_is_saved_and_says_plainly_what_it_broke(client: Any, base: Path) -> None:
    """The sweep's case: `200 Saved cards/ref_target.json.` with findings [], and lint then failing ref_user."""
    path = base / "my-set" / TARGET
    response = save(client, TARGET, renamed(path, "改名牌"), digest(path))
    assert response.status_code == 200, response.text
    body = response.json()
    assert json.loads(path.read_text(encoding="utf-8"))["name"]["zh-Hans"] == "改名牌"
    assert body["message"] == "Saved cards/ref_target.json in the card folder my-set." and body["findings"] == []
    assert body["breaks"]["message"] == (
        f"It broke 1 other record, which gets a lint error it did not have: {SHOWN_USER}. Fix that record next."
    )
    [other] = body["others"]
    # the finding `dossier lint` now gives for ref_user
    from toolkit.catalog import context_sources, discover, pool_context
    from validators.lint import lint_sources

    sources, wanted = context_sources(discover([base / "my-set"]))
    sources += pool_context(sources, wanted, [base / "cards"])
    [cli] = lint_sources(sources, wanted).findings
    assert [cli.code, cli.message, cli.line, cli.column] == [other[k] for k in ("code", "message", "line", "column")]
    assert cli.file is not None and cli.file.endswith(USER)


def test_the_same_in_a_game_directory(client: Any, base: Path) -> None:
    """The bundled tactics game: 情报碎片 is named by a card and a unit."""
    rel = "tactics/cards/intel_fragment.json"
    result = check(client, rel, renamed(base / "cards" / rel, "情报残片"), root=0)
    files = ["cards/tactics/cards/hack_cameras.json", "cards/tactics/units/server_rack.json"]
    assert [r["file"] for r in result["breaks"]["records"]] == files
    assert sorted({f["file"] for f in result["others"]}) == files
    assert result["breaks"]["message"].startswith("This change breaks 2 other records: they get lint errors")


def test_a_reference_by_id_that_a_change_breaks(client: Any, base: Path) -> None:
    """Security Contract deploys the minion contract_guard: made an obstacle, it is no minion."""
    rel = "tactics/units/contract_guard.json"
    data = json.loads((base / "cards" / rel).read_text(encoding="utf-8"))
    for key in ("attack", "can_use_command_cards", "deploy", "move", "vision"):
        data.pop(key)
    data.update(type="obstacle", obstacle="scene")
    result = check(client, rel, json.dumps(data, ensure_ascii=False), root=0)
    assert [r["file"] for r in result["breaks"]["records"]] == ["cards/tactics/cards/security_contract.json"]
    [other] = result["others"]
    assert other["code"] == "card.ref" and "'contract_guard', which is no minion unit" in other["message"]


def test_an_error_the_other_record_had_already_is_not_the_change_s(client: Any, base: Path) -> None:
    set_card(base / "my-set", "ref_user", "使用牌", "你搜寻 1 张「目标牌」。你搜寻 1 张「不存在」。")
    path = base / "my-set" / TARGET
    data = json.loads(path.read_text(encoding="utf-8"))
    data["text"] = ["你抽 2 张牌。"]
    result = check(client, TARGET, json.dumps(data, ensure_ascii=False))
    [other] = result["others"]  # ref_user names it: its findings are shown, its own error among them
    assert "「不存在」" in other["message"] and result["breaks"] is None
    renamed_too = check(client, TARGET, renamed(path, "改名牌"))  # a second error at the same place: the change's
    assert len(renamed_too["others"]) == 2 and [r["file"] for r in renamed_too["breaks"]["records"]] == [SHOWN_USER]


def test_a_rename_that_mends_a_reference_breaks_nothing(client: Any, base: Path) -> None:
    set_card(base / "my-set", "ref_user", "使用牌", "你搜寻 1 张「改名牌」。")  # names the new name
    result = check(client, TARGET, renamed(base / "my-set" / TARGET, "改名牌"))
    assert result["others"] == [] and result["breaks"] is None


def test_a_name_another_record_has_is_told_on_the_edited_record(client: Any, base: Path) -> None:
    """The other records are linted with it, but a second record of a name is still the edited one's error, and
    stops the save."""
    path = base / "my-set" / TARGET
    before = path.read_bytes()
    text = renamed(path, "使用牌")  # ref_user's name
    result = check(client, TARGET, text)
    assert [f["code"] for f in result["findings"]] == ["card.name.duplicate"]
    assert not any(f["code"] == "card.name.duplicate" for f in result["others"])
    refused = save(client, TARGET, text, digest(path))
    assert refused.status_code == 422 and refused.json()["findings"][0]["code"] == "card.name.duplicate"
    assert refused.json()["breaks"]["records"][0]["file"] == SHOWN_USER  # and what it would break is said there too
    assert path.read_bytes() == before


def test_no_other_record_is_linted_for_a_text_that_is_not_json(client: Any, base: Path) -> None:
    result = check(client, TARGET, '{"id": "ref_target", "name": {"zh-Hans": "改名')
    assert result["errors"] and result["others"] == [] and result["breaks"] is None


# ---------------------------------------------------------------- saving over a file that changed


def test_a_save_of_an_existing_record_without_its_base_is_refused(client: Any, base: Path) -> None:
    path = base / "my-set" / TARGET
    path.write_text(path.read_text(encoding="utf-8").replace("你抽 1 张牌。", "你抽 2 张牌。"), encoding="utf-8")
    on_disk = path.read_bytes()  # an edit made on disk since the page opened the file
    text = renamed(path, "改名牌")
    for body in ({"base": None, "new": False}, {}):
        response = client.post("/editor/save", json={"root": 1, "path": TARGET, "text": text, "lang": "en", **body})
        assert response.status_code == 400, response.text
        assert response.json()["detail"] == (
            "cards/ref_target.json: not saved: a save of an existing record gives base, the sha256 the file had "
            "when it was opened (without it, a change made on disk since would be overwritten)"
        )
    assert path.read_bytes() == on_disk


def test_a_stale_save_carries_the_text_on_disk_and_keep_mine_saves_over_it(client: Any, base: Path) -> None:
    path = base / "my-set" / TARGET
    opened = digest(path)
    path.write_text(path.read_text(encoding="utf-8").replace("你抽 1 张牌。", "你抽 2 张牌。"), encoding="utf-8")
    on_disk = path.read_text(encoding="utf-8")
    mine = json.loads(on_disk.replace("你抽 2 张牌。", "你抽 1 张牌。"))
    mine["name"]["en"] = "Target"
    refused = save(client, TARGET, json.dumps(mine, ensure_ascii=False), opened)
    assert refused.status_code == 409
    body = refused.json()
    assert body["detail"] == (
        "cards/ref_target.json changed on disk since you opened it; not saved: your version and the one on disk are "
        "both kept for you to choose from"
    )
    assert body["conflict"] == {"text": on_disk, "base": digest(path)}
    assert path.read_text(encoding="utf-8") == on_disk
    kept = save(client, TARGET, json.dumps(mine, ensure_ascii=False), body["conflict"]["base"])  # "keep mine"
    assert kept.status_code == 200, kept.text
    assert json.loads(path.read_text(encoding="utf-8")) == mine
