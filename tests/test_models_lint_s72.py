"""Sweep 72 (a designer linting new card data): a tactics record's own checks are told at the field they are about,
not at the start of the file (as a crossfire role's are); `import csv` tells a missing name at its own empty column,
not at the other name's; and a crossfire role marked armed whose text says it does not shoot (a protector: seed
003, "不射击") is told at ``armed``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from tests.conftest import CARDS, SCHEMA
from toolkit.i18n import use_lang
from toolkit.models.crossfire import CrossfireRole
from toolkit.models.tactics import TacticsAgent, TacticsCard, TacticsMinion, TacticsMode
from validators.crossfire_lint import role_field_problems

from .sheet_util import HEADER, QUICK, error_lines, write
from .sheet_util import import_sheet as _import


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)  # (no cards/ here: the pool is the bundled one)
    return tmp_path


def _write(path: Path, data: dict[str, Any]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", "utf-8")
    return path


def _lint_json(cli: Any, folder: str) -> list[dict[str, Any]]:
    result = cli("lint", folder, "--format", "json")
    assert "Traceback" not in result.output, result.output
    findings: list[dict[str, Any]] = json.loads(result.stdout)["findings"]
    return findings


def _line_of(path: Path, field: str) -> int:
    """The line of the file where the top-level ``field`` is written (the files here are indented by 2)."""
    return next(i for i, text in enumerate(path.read_text("utf-8").splitlines(), 1) if text.startswith(f'  "{field}"'))


# ---------------------------------------------------------------- 1. a tactics record's own checks, at the field

SKILL = {
    "$schema": str(SCHEMA / "tactics" / "card.schema.json"),
    "back": "personal",
    "category": "skill",
    "cost": {"mortgage": 1, "tap": False},
    "game": "tactics",
    "kind": "card",
    "text": ["你抽 2 张牌。"],
}
AGENT = {
    "$schema": str(SCHEMA / "tactics" / "agent.schema.json"),
    "game": "tactics",
    "hp": 14,
    "kind": "agent",
    "move": 2,
    "text": ["回合开始时：如果本单位的生命值不多于 7 点，本单位获得 1 点护盾值。"],
}


@pytest.mark.parametrize(
    ("folder", "data", "field", "words"),
    [
        (
            "cards",
            {**SKILL, "id": "zz_skill_equip", "equipment": {"size": "normal", "users": ["agent"]}},
            "equipment",
            "'equipment' is only for equipment cards, not skill",
        ),
        (
            "cards",
            {
                **SKILL,
                "id": "zz_shop",
                "agent": "jackdaw",
                "back": "shop",
                "category": "equipment",
                "equipment": {"size": "carried"},
            },
            "agent",
            "matrix shop cards are generic: no agent symbol",
        ),
        (
            "cards",
            {**SKILL, "id": "zz_token", "back": "shop", "token": {"max_in_play": 1}},
            "token",
            "a token card is never a matrix shop card",
        ),
        (
            "agents",
            {**AGENT, "id": "zz_priv", "private": True, "symbol": "私"},
            "symbol",
            "a private has no agent symbol",
        ),
    ],
)
def test_a_tactics_records_own_check_is_told_at_its_field(
    cli: Any, here: Path, folder: str, data: dict[str, Any], field: str, words: str
) -> None:
    data = {**data, "name": {"en": data["id"].title(), "zh-Hans": "测试"}}
    path = _write(here / "myset" / folder / f"{data['id']}.json", data)
    found = [f for f in _lint_json(cli, "myset") if f["code"] == "card.model"]
    assert len(found) == 1, found
    assert words in found[0]["message"], found
    assert found[0]["pointer"] == f"/{field}", found
    assert (found[0]["line"], found[0]["column"]) == (_line_of(path, field), 3), found


def _loc(model: Any, data: dict[str, Any]) -> tuple[Any, ...]:
    with pytest.raises(ValidationError) as caught:
        model.model_validate(data)
    [error] = caught.value.errors()
    assert error["type"] == "value_error", error
    return tuple(error["loc"])


def _mode(**fields: Any) -> dict[str, Any]:
    data = {"kind": "mode", "game": "tactics", "id": "m", "name": {"zh-Hans": "m"}, "players": {"min": 2, "max": 2},
            "starting_agents": 1, "max_agents": 1, "matrix_shop": False, "scene_obstacles": "none"}  # fmt: skip
    return {k: v for k, v in {**data, **fields}.items() if v is not None}


def _minion(**deploy: Any) -> dict[str, Any]:
    return {"kind": "unit", "type": "minion", "game": "tactics", "id": "u", "name": {"zh-Hans": "u"}, "hp": 2,
            "move": 1, "deploy": deploy}  # fmt: skip


CARD = {"kind": "card", "game": "tactics", "id": "c", "name": {"zh-Hans": "c"}}


@pytest.mark.parametrize(
    ("model", "data", "loc"),
    [
        (TacticsCard, {**CARD, "category": "equipment"}, ("equipment",)),  # (missing: where it belongs)
        (TacticsCard, {**CARD, "category": "skill", "status": {"target": "agent"}}, ("status",)),
        (TacticsCard, {**CARD, "category": "skill", "minion": "u"}, ("minion",)),
        (TacticsAgent, {**CARD, "kind": "agent", "hp": 5, "move": 2}, ("symbol",)),
        (TacticsMode, _mode(starting_agents=3), ("starting_agents",)),
        (TacticsMode, _mode(max_agents=None), ("max_agents",)),
        (TacticsMode, _mode(victory=["last_squad_standing", "first_blood"]), ("victory", 1)),
        (TacticsMode, _mode(players={"min": 2, "max": 4, "counts": [2, 3]}), ("players", "counts")),
        (TacticsMinion, _minion(position="within"), ("deploy", "distance")),
        (TacticsMinion, _minion(position="adjacent", distance=2), ("deploy", "distance")),
    ],
)
def test_a_tactics_models_own_check_names_its_field(model: Any, data: dict[str, Any], loc: tuple[Any, ...]) -> None:
    assert _loc(model, data) == loc


# ---------------------------------------------------------------- 2. import csv: a missing name at its own column


def test_a_missing_chinese_name_is_told_at_its_own_empty_column(cli: Any, here: Path) -> None:
    sheet = write(here / "s.csv", HEADER + QUICK + "no_zh,,No Chinese,skill,personal,1,你抽 1 张牌。,1\n")
    result = _import(cli, sheet, here / "set1")
    assert result.exit_code == 1, result.output
    [line] = error_lines(result)
    assert "row 3, column B (name.zh-Hans): " in line, line
    assert "missing required field '/name/zh-Hans'" in line, line


def test_a_missing_category_is_told_at_its_own_empty_column(cli: Any, here: Path) -> None:
    sheet = write(here / "s.csv", HEADER + QUICK + "no_cat,无类,No Category,,personal,1,你抽 1 张牌。,1\n")
    result = _import(cli, sheet, here / "set1")
    assert result.exit_code == 1, result.output
    [line] = error_lines(result)
    assert "row 3, column D (category): " in line and "missing required field '/category'" in line, line


def test_a_missing_field_the_sheet_has_no_column_for_is_told_as_before(cli: Any, here: Path) -> None:
    header = "id,name.en,category,back,cost.mortgage,text\n"
    sheet = write(here / "s.csv", header + "no_zh,No Chinese,skill,personal,1,你抽 1 张牌。\n")
    result = _import(cli, sheet, here / "set1")
    assert result.exit_code == 1, result.output
    [line] = error_lines(result)
    assert "row 2, column B (name.en): " in line and "missing required field '/name/zh-Hans'" in line, line


# ---------------------------------------------------------------- 3. a crossfire role armed against its text

PROTECT = "你不射击；你保护你指向的玩家：抵消 1 发射向该玩家的子弹。"
ZZ_R3 = {
    "armed": True,
    "game": "crossfire",
    "guns": 1,
    "id": "zz_r3",
    "kind": "role",
    "name": {"en": "Zz_R3", "zh-Hans": "角色3"},
    "protects": True,
    "special": True,
    "team": "none",
    "text": [PROTECT],
    "win": ["如果你未被击中，你单独获胜，其他所有玩家落败。"],
}


def test_an_armed_protector_is_told_at_armed() -> None:
    found = dict(role_field_problems(CrossfireRole.model_validate(ZZ_R3), "'zz_r3'"))
    assert list(found) == ["/armed"], found
    assert found["/armed"].startswith("'zz_r3': armed is true, but /text/0 says \"你不射击；你保护你指向的玩家"), found
    assert found["/armed"].endswith("armed should be false"), found


def test_an_armed_role_whose_text_protects_is_told_at_armed_and_protects() -> None:
    found = dict(role_field_problems(CrossfireRole.model_validate({**ZZ_R3, "protects": False}), "'zz_r3'"))
    assert set(found) == {"/armed", "/protects"}, found


def test_an_armed_protector_is_an_error_of_lint_at_armed(cli: Any, here: Path) -> None:
    data = {**ZZ_R3, "$schema": str(SCHEMA / "crossfire" / "role.schema.json")}
    path = _write(here / "myset" / "roles" / "zz_r3.json", data)
    found = [f for f in _lint_json(cli, "myset") if f["code"] == "card.role.field"]
    assert [(f["pointer"], f["severity"], f["line"]) for f in found] == [("/armed", "error", _line_of(path, "armed"))]


def test_no_bundled_role_is_told_of_armed() -> None:
    with use_lang("en"):
        for path in sorted((CARDS / "crossfire" / "roles").glob("*.json")):
            role = CrossfireRole.model_validate(json.loads(path.read_text("utf-8")))
            assert role_field_problems(role, repr(role.id)) == [], path
    bodyguard = json.loads((CARDS / "crossfire" / "roles" / "bodyguard.json").read_text("utf-8"))
    assert PROTECT in bodyguard["text"] and bodyguard["armed"] is False  # (the seed's protectors do not shoot)
