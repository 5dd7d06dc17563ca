"""A crossfire role's fields (guns, protects, marks, counts_as, armed) against its own text: the engine plays the
text (compile_role), so lint reports each field that says otherwise, at the field, naming the sentence and the
value it implies (card.role.field). The records are those of the sweep that found it (setcf)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CARDS
from toolkit.engine.crossfire import compile_role, role_traits
from toolkit.i18n import use_lang
from toolkit.models.crossfire import CrossfireRole
from validators.crossfire_lint import role_field_problems

GUNS = "你有 2 把枪：你可以同时指向 2 名不同的玩家，各射 1 发。"
PROTECT = "你不射击；你保护你指向的玩家：抵消 1 发射向该玩家的子弹。"


def _role(rid: str, **fields: Any) -> dict[str, Any]:
    data = {
        "armed": False,
        "counts_as": "agent",
        "game": "crossfire",
        "guns": 1,
        "id": rid,
        "kind": "role",
        "name": {"en": f"C {rid}", "zh-Hans": f"丙{rid}"},
        "protects": True,
        "special": False,
        "team": "blue",
        "text": ["你视为特工。", PROTECT],
        "win": ["如果蓝队获胜，你获胜。"],
    }
    data.update(fields)
    return {k: v for k, v in data.items() if v is not None or k != "counts_as"}


# the bodyguard with a two-gun text and no protection; a role that counts as an agent by its field and as a
# bystander by its text; an unarmed role with no guns and a two-gun text
SWEPT = {
    "c_guns2": _role("c_guns2", text=["你视为特工。", GUNS]),
    "c_counts": _role("c_counts", text=["你视为旁观者。", PROTECT]),
    "c_byst_guns": _role(
        "c_byst_guns", counts_as=None, guns=0, protects=False, team="none", text=[GUNS], win=["如果你未被击中，你获胜。"]
    ),
}


def _model(data: dict[str, Any]) -> CrossfireRole:
    return CrossfireRole.model_validate(data)


def _problems(rid: str, lang: str = "en") -> dict[str, str]:
    with use_lang(lang):
        return dict(role_field_problems(_model(SWEPT[rid]), repr(rid)))


def test_the_bodyguard_with_two_guns_is_told_at_guns_protects_and_armed() -> None:
    found = _problems("c_guns2")
    assert set(found) == {"/armed", "/guns", "/protects"}, found
    assert "guns is 1, but /text/1 says" in found["/guns"] and found["/guns"].endswith("guns should be 2")
    assert "你有 2 把枪" in found["/guns"] and "(you have 2 guns" in found["/guns"]
    assert "protects is true, but no sentence of its text says" in found["/protects"]
    assert "你不射击；你保护你指向的玩家" in found["/protects"] and found["/protects"].endswith("should be false")
    assert found["/armed"].endswith("armed should be true")
    rules = compile_role(_model(SWEPT["c_guns2"]))  # what the engine plays: the text
    assert (rules.guns, rules.protects) == (2, False)


def test_counts_as_is_told_with_the_text_s_role() -> None:
    found = _problems("c_counts")
    assert list(found) == ["/counts_as"], found
    assert 'counts_as is "agent", but /text/0 says "你视为旁观者 (you count as a Bystander)"' in found["/counts_as"]
    assert found["/counts_as"].endswith('counts_as should be "bystander"')
    assert compile_role(_model(SWEPT["c_counts"])).counts_as == {"c_counts", "bystander"}


def test_an_unarmed_role_with_no_guns_and_a_two_gun_text() -> None:
    found = _problems("c_byst_guns")
    assert set(found) == {"/armed", "/guns"}, found
    assert "guns is 0, but /text/0 says" in found["/guns"] and found["/guns"].endswith("should be 2")
    assert "armed is false, but /text/0 says" in found["/armed"]
    assert compile_role(_model(SWEPT["c_byst_guns"])).guns == 2


def test_in_chinese_the_sentence_is_the_card_s_words_alone() -> None:
    found = _problems("c_guns2", "zh-Hans")
    assert "你有 2 把枪：你可以同时指向 2 名不同的玩家，各射 1 发" in found["/guns"]
    assert "you have" not in found["/guns"] and "you do not shoot" not in found["/protects"]


@pytest.mark.parametrize(
    ("fields", "pointer", "implied"),
    [
        ({"counts_as": "agent", "text": [PROTECT]}, "/counts_as", "null"),  # no 你视为 sentence
        ({"counts_as": None}, "/counts_as", '"agent"'),  # the text counts it as an agent, the field as nothing
        ({"guns": 2, "armed": True, "protects": False, "text": ["你视为特工。"]}, "/guns", "1"),  # no 2-gun sentence
        ({"guns": 0, "protects": False, "text": ["你视为特工。"], "win": ["如果蓝队获胜，你获胜。", PROTECT]},
         "/protects", "true"),  # the win texts count too, as compile_role reads them
    ],
)  # fmt: skip
def test_each_field_against_its_sentence(fields: dict[str, Any], pointer: str, implied: str) -> None:
    with use_lang("en"):
        found = dict(role_field_problems(_model(_role("x", **fields)), "'x'"))
    assert pointer in found and found[pointer].endswith(f"should be {implied}"), found


def test_the_bundled_roles_say_what_their_texts_say() -> None:
    roles = sorted((CARDS / "crossfire" / "roles").glob("*.json"))
    assert len(roles) >= 14
    for path in roles:
        data = json.loads(path.read_text(encoding="utf-8"))
        data.pop("$schema", None)
        record = _model(data)
        assert role_field_problems(record, record.id) == [], path.name
        traits, rules = role_traits(record), compile_role(record)
        assert traits is not None
        assert (traits.guns, traits.protects, traits.marks, traits.public) == (
            rules.guns, rules.protects, rules.marks, rules.public)  # fmt: skip
        assert {record.id, *traits.counts_as} == rules.counts_as


def test_a_text_that_does_not_parse_is_left_to_its_own_finding() -> None:
    record = _model(_role("x", text=["你有 2 把枪：你可以同时指向 3 名不同的玩家，各射 1 发。"]))
    assert role_traits(record) is None and role_field_problems(record, "'x'") == []


def test_lint_reports_each_field_at_its_line(game_copy: Any, cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Through ``dossier lint``: passes once validators/lint.py calls check_role_fields for each crossfire role."""
    root = game_copy("crossfire")
    for rid, data in SWEPT.items():
        record = {"$schema": "../../../schema/crossfire/role.schema.json", **data}
        (root / "roles" / f"{rid}.json").write_text(json.dumps(record, ensure_ascii=False, indent=2, sort_keys=True)
                                                    + "\n", encoding="utf-8")  # fmt: skip
    monkeypatch.chdir(root.parent)
    result = cli("lint", "crossfire", "--no-cache", "--lang", "en")
    assert result.exit_code == 1, result.output
    told = [ln for ln in result.output.splitlines() if " card.role.field: " in ln]
    assert len(told) == 6, result.output
    for line in told:
        path, number = line.split(":")[:2]
        field = line.split(": ")[3].split(" is ")[0]
        text = Path(path).read_text(encoding="utf-8").splitlines()
        assert f'"{field}":' in text[int(number) - 1], (line, text[int(number) - 1])
        assert "error card.role.field" in line
