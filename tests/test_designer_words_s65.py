"""Findings word what a designer reads: a tactics card's categories in the language of the output (装备, 技能 in
Chinese, not the ids), and the web editor names another record it breaks with its card folder, as lint does
(``my-set/cards/ref_user.json``), never relative to a folder the reader cannot see."""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from tests.web.conftest import writing_client
from toolkit.i18n import use_lang
from toolkit.model_errors import model_errors
from toolkit.models.tactics import TacticsCard
from toolkit.web.settings import WebSettings

from .test_editor_s58 import set_card  # (a set folder's card, as the editor's tests write it)

ROOT = Path(__file__).resolve().parent.parent

SKILL_WITH_EQUIPMENT = {
    "category": "skill",
    "equipment": {},
    "game": "tactics",
    "id": "scout_call",
    "kind": "card",
    "name": {"zh-Hans": "侦察呼叫"},
    "text": ["你抽 1 张牌。"],
}


def category_error(lang: str) -> str:
    with use_lang(lang), pytest.raises(ValidationError) as caught:
        TacticsCard.model_validate(SKILL_WITH_EQUIPMENT)
    with use_lang(lang):
        return model_errors(caught.value)[1]


def test_a_field_of_another_category_says_the_categories_in_chinese() -> None:
    message = category_error("zh-Hans")
    assert "装备" in message and "技能" in message, message
    assert "equipment 卡牌" not in message and "skill" not in message, message


def test_a_field_of_another_category_keeps_the_ids_in_english() -> None:
    assert category_error("en") == "'equipment' is only for equipment cards, not skill"


# ---------------------------------------------------------------- the web editor names a broken record's folder


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """`dossier serve --cards cards --cards my-set`: my-set/cards/ref_user.json quotes 「目标牌」 of ref_target."""
    shutil.copytree(ROOT / "schema", tmp_path / "schema")
    shutil.copytree(ROOT / "cards", tmp_path / "cards")
    set_card(tmp_path / "my-set", "ref_target", "目标牌", "你抽 1 张牌。")
    set_card(tmp_path / "my-set", "ref_user", "使用牌", "你搜寻 1 张「目标牌」。")
    monkeypatch.setattr("toolkit.paths.CARDS_DIR", tmp_path / "cards")
    cards = [tmp_path / "cards", tmp_path / "my-set"]
    settings = WebSettings(
        cards=cards, db_url=str(tmp_path / "web.db"), cache=tmp_path / "web-cache", data=tmp_path / "web-data"
    )
    yield from writing_client(settings)


def test_a_save_names_the_record_it_broke_with_its_card_folder(client: Any, tmp_path: Path) -> None:
    path = tmp_path / "my-set" / "cards" / "ref_target.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["name"]["zh-Hans"] = "改名牌"
    base = hashlib.sha256(path.read_bytes()).hexdigest()
    body = {"root": 1, "path": "cards/ref_target.json", "text": json.dumps(data, ensure_ascii=False), "base": base}
    response = client.post("/editor/save", json={**body, "lang": "en"})
    assert response.status_code == 200, response.text
    result = response.json()
    assert result["saved"] and result["message"] == "Saved cards/ref_target.json in the card folder my-set."
    message = result["breaks"]["message"]
    assert message.startswith("It broke 1 other record") and message.endswith(
        ": my-set/cards/ref_user.json. Fix that record next."
    ), message
    assert [r["file"] for r in result["breaks"]["records"]] == ["my-set/cards/ref_user.json"]
    [other] = result["others"]
    assert other["file"] == "my-set/cards/ref_user.json"
    assert other["text"].startswith("my-set/cards/ref_user.json:"), other["text"]
