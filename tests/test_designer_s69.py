"""A designer's round trip in sweep 69: a refused record's references are checked in the same run as its schema
and model errors (lint and `import csv`); an ability text's parse error is placed at its character in the file; a
crossfire role's guns are told at /guns with what to write; an operation's trash cost that the import leaves out
is listed; and a new special role is told to join a mode of its own."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from toolkit.jsonio import canonical_dumps

from .conftest import CARDS, ROOT, SCHEMA
from .sheet_util import write

TOLL_GATE: dict[str, Any] = {
    "$schema": "",
    "deck_limit": 3,
    "faction": "haas_bioroid",
    "game": "netrunner",
    "id": "hb_toll_gate",
    "influence": 2,
    "kind": "card",
    "name": {"en": "Toll Gate", "zh-Hans": "收费闸门"},
    "rez_cost": 3,
    "set": "dossier_demo",
    "strength": 4,
    "subtypes": ["code_gate"],
    "text": ["[subroutine] 潜袭者失去 2[credit]。", "[subroutine] 终止潜袭。"],
    "type": "ice",
    "unique": False,
}


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)  # (no cards/ here: the pool is the bundled one)
    return tmp_path


def _card(folder: Path, data: dict[str, Any], text: str | None = None) -> Path:
    """``data`` written as a record of the set ``folder`` (its "$schema" pointing at the checkout's), canonical unless
    ``text`` is given (then ``text`` is the file, with ``SCHEMA`` in it replaced by the schema's path)."""
    path = folder / "cards" / f"{data['id']}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    ref = str(SCHEMA / "netrunner" / "card.schema.json")
    if text is None:
        data = {**data, "$schema": ref}
        text = json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    path.write_text(text.replace("SCHEMA", ref), encoding="utf-8")
    return path


def _lines(output: str, code: str) -> list[str]:
    return [line for line in output.splitlines() if f" {code}: " in line]


# ---------------------------------------------------------------- 1. a refused record's references, at once


def test_a_refused_card_is_told_its_unknown_faction_in_the_same_run(cli, here: Path) -> None:
    data = {k: v for k, v in TOLL_GATE.items() if k != "strength"}
    data["faction"] = "haas_biorod"
    data["text"] = ["[subroutine] 潜袭者失去 2[credit]。", "[subroutine] 终止潜袭吧。"]
    _card(here / "set2", data)
    result = cli("lint", "set2")
    assert result.exit_code == 1
    out = result.output
    assert "missing required field '/strength'" in out, out
    assert _lines(out, "card.text.parse"), out
    refs = _lines(out, "card.ref")
    assert len(refs) == 1, out
    assert refs[0].startswith("set2/cards/hb_toll_gate.json:4:3: error card.ref: ")
    assert refs[0].endswith("faction 'haas_biorod' does not exist; did you mean 'haas_bioroid'?")


def test_a_refused_cards_references_read_as_those_of_a_valid_card(cli, here: Path) -> None:
    """The same messages and places as for a card the model takes: an unknown subtype, a faction of the other
    side."""
    good = {**TOLL_GATE, "faction": "anarch", "subtypes": ["code_gat"]}
    _card(here / "good", good)
    bad = {k: v for k, v in good.items() if k != "strength"}
    _card(here / "bad", bad)
    told = cli("lint", "good").output
    refused = cli("lint", "bad").output
    for code in ("card.side", "card.ref"):  # (the lines differ: the refused card lacks a field)
        expected = [line.partition(" error ")[2] for line in _lines(told, code)]
        assert expected, told
        assert [line.partition(" error ")[2] for line in _lines(refused, code)] == expected, refused
    assert "missing required field '/strength'" in refused


def test_a_reference_the_schema_refused_is_not_told_twice(cli, here: Path) -> None:
    data = {k: v for k, v in TOLL_GATE.items() if k != "strength"}
    data["faction"] = "Haas Bioroid"  # (no id: the schema says so at /faction)
    data["subtypes"] = ["code_gate", "barier"]
    _card(here / "set3", data)
    out = cli("lint", "set3").output
    assert [line for line in out.splitlines() if "/faction" in line or "'Haas Bioroid'" in line], out
    refs = _lines(out, "card.ref")
    assert len(refs) == 1 and "'barier' is not in the game's subtypes; did you mean 'barrier'?" in refs[0], out


def test_a_refused_crossfire_role_and_tactics_card_are_told_their_references(cli, here: Path) -> None:
    role = json.loads((CARDS / "crossfire" / "roles" / "bodyguard.json").read_text("utf-8"))
    role["counts_as"] = "agnet"
    del role["win"]
    role["$schema"] = str(SCHEMA / "crossfire" / "role.schema.json")
    (here / "mine" / "roles").mkdir(parents=True)
    (here / "mine" / "roles" / "bodyguard.json").write_text(json.dumps(role, ensure_ascii=False), "utf-8")
    out = cli("lint", "mine").output
    assert "missing required field '/win'" in out, out
    assert "counts as 'agnet', which is no role; did you mean 'agent'?" in out, out


def test_a_refused_exclusive_card_and_mode_are_told_their_references(cli, here: Path) -> None:
    card = json.loads((CARDS / "tactics" / "cards" / "armored_medpack.json").read_text("utf-8"))
    card.update(id="my_medpack", agent="egert", name={"en": "My Medpack", "zh-Hans": "我的医疗包"})
    card["$schema"] = str(SCHEMA / "tactics" / "card.schema.json")
    card["cost"] = "two"  # (refused by the schema: not a cost)
    (here / "mine" / "cards").mkdir(parents=True)
    (here / "mine" / "cards" / "my_medpack.json").write_text(canonical_dumps(card), "utf-8")
    mode = json.loads((CARDS / "crossfire" / "modes" / "crossfire.json").read_text("utf-8"))
    mode.update(id="crossfire_mine", name={"en": "Mine", "zh-Hans": "我的"}, players={"min": 5, "max": "ten"})
    mode["$schema"] = str(SCHEMA / "crossfire" / "mode.schema.json")
    mode["substitutions"].append({"add": {"medik": 1}, "remove": [{"roles": ["bystanderr"]}], "role": "medik"})
    (here / "mine" / "modes").mkdir(parents=True)
    (here / "mine" / "modes" / "crossfire_mine.json").write_text(canonical_dumps(mode), "utf-8")
    out = cli("lint", "mine").output
    assert "/cost" in out and "/players/max" in out, out
    refs = _lines(out, "card.ref")
    assert any("exclusive to agent 'egert', which does not exist; did you mean 'egret'?" in line for line in refs), out
    roles = [line for line in refs if "substitution names role" in line]
    assert len(roles) == 2, out  # (each unknown role once: 'medik' at the role it is for, not at what it adds)
    [medik] = [line for line in roles if "'medik'" in line]
    [bystander] = [line for line in roles if "'bystanderr'" in line]
    assert "did you mean 'bystander'?" in bystander, out
    lines = (here / "mine" / "modes" / "crossfire_mine.json").read_text("utf-8").splitlines()
    assert lines[int(medik.split(":")[1]) - 1].strip() == '"role": "medik"', out


def test_the_csv_import_tells_a_missing_field_beside_a_bad_faction(cli, here: Path) -> None:
    sheet = write(
        here / "nr_sheet.csv",
        "id,name.zh-Hans,name.en,type,faction,cost,rez_cost,influence,deck_limit,unique,set,subtypes,text,copies\n"
        "cash_grab,抢钱,Cash Grab,event,criminal,1,,2,3,false,dossier_demo,,你获得 4[credit]。,3\n"
        "wall_two,二号墙,Wall Two,ice,weylnd,,3,1,3,false,dossier_demo,barrier,[subroutine] 终止潜袭。,2\n",
    )
    result = cli("import", "csv", sheet, "--game", "netrunner", "--into", "nr-set", "--dry-run")
    assert result.exit_code == 1
    out = result.output
    faction = [line for line in out.splitlines() if "'weylnd'" in line]
    assert len(faction) == 1 and "row 3, column E (faction)" in faction[0], out  # (told once, at its cell)
    assert "row 3" in out and "missing required field '/strength'" in out, out


# ---------------------------------------------------------------- 2. a parse error at its character in the file


def _parse_place(output: str) -> tuple[int, int]:
    found = _lines(output, "card.text.parse")
    assert len(found) == 1, output
    where = found[0].split(": error ")[0]
    _, line, column = where.rsplit(":", 2)
    return int(line), int(column)


def test_a_parse_error_is_placed_at_its_character(cli, here: Path) -> None:
    data = {**TOLL_GATE, "text": ["[subroutine] 潜袭者失去 2[credit]。", "[subroutine] 终止潜袭吧。"]}
    path = _card(here / "set2", data)
    out = cli("lint", "set2").output
    line = path.read_text("utf-8").splitlines().index('    "[subroutine] 终止潜袭吧。"') + 1
    assert _parse_place(out) == (line, 5 + 1 + 17), out  # (the quote, then the text's 18th character: 吧)
    assert "/text/1: column 18 of the text: unexpected '吧。'" in out  # (the message still says where in the text)


def test_a_parse_error_is_placed_past_the_escapes_of_the_json_string(cli, here: Path) -> None:
    # the file writes two characters of the text as \\u escapes (6 characters each): the
    # column in the file counts them as written
    text = (
        '{"$schema": "SCHEMA", "deck_limit": 3, "faction": "haas_bioroid", "game": "netrunner",\n'
        '"id": "hb_toll_gate", "influence": 2, "kind": "card", "name": {"en": "Toll Gate", "zh-Hans": "收费闸门"},\n'
        '"rez_cost": 3, "set": "dossier_demo", "strength": 4, "subtypes": ["code_gate"], "type": "ice",\n'
        '"unique": false, "text": ["[subroutine] \\u7ec8\\u6b62潜袭吧。"]}\n'
    )
    _card(here / "set2", {"id": "hb_toll_gate"}, text)
    out = cli("lint", "set2").output
    start = text.splitlines()[3].index('["') + 1  # (0-based: the string's opening quote)
    assert _parse_place(out) == (4, start + 1 + 1 + 13 + 6 + 6 + 2), out


def test_a_parse_error_of_a_refused_record_and_of_a_second_line_are_placed_too(cli, here: Path) -> None:
    data = {k: v for k, v in TOLL_GATE.items() if k != "strength"}  # (refused: its texts are read from the JSON)
    data["text"] = ["[subroutine] 终止潜袭。\n[subroutine] 终止潜袭。"]
    path = _card(here / "set2", data)
    out = cli("lint", "set2").output
    line = next(i for i, text in enumerate(path.read_text("utf-8").splitlines(), 1) if "\\n" in text)
    column = path.read_text("utf-8").splitlines()[line - 1].index("\\n") + 1
    assert _parse_place(out) == (line, column), out  # (the line break, written \\n in the file)


def test_a_name_no_record_has_is_placed_at_its_character(cli, here: Path) -> None:
    # (a symbol the game does not know, the same: tests/test_lint_scale_summaries.py)
    data = {**TOLL_GATE, "text": ["[subroutine] 终止潜袭。", "[subroutine] 你获得 1[credit]。「收费闸们」「收费闸们」"]}
    path = _card(here / "set2", data)
    out = cli("lint", "set2").output
    name = _lines(out, "card.text.ref")
    assert len(name) == 1, out  # (once a text, at the first place it is quoted)
    text = '    "[subroutine] 你获得 1[credit]。「收费闸们」「收费闸们」"'
    line = path.read_text("utf-8").splitlines().index(text) + 1
    assert name[0].startswith(f"set2/cards/hb_toll_gate.json:{line}:{5 + 1 + 27}: "), out  # (the first 「)


def test_the_place_of_a_character_counts_the_escapes_as_written() -> None:
    from toolkit.findings import at_character
    from toolkit.jsonio import value_positions

    text = '{"a": "x\\"y\\\\z\\ud83d\\ude00吧",\n "b": ["\\n\\u4f60!"]}'
    at = value_positions(text, ["/a", "/b/0"])
    assert text[at_character(text, at["/a"], 0)[1] - 1] == "x"  # (the member's key is its place: its value after it)
    assert at_character(text, at["/a"], 2) == (1, 11)  # y, past \"
    assert at_character(text, at["/a"], 4) == (1, 14)  # z, past \\
    assert at_character(text, at["/a"], 5) == (1, 15)  # the pair of escapes, one character
    assert at_character(text, at["/a"], 6) == (1, 27)  # 吧
    assert at_character(text, at["/a"], 99) == (1, 28)  # (past the end: the closing quote)
    assert at_character(text, at["/b/0"], 2) == (2, 17)  # !, past \n and \u4f60
    assert at_character(text, (1, 1), 1) == (1, 1) and at_character(text, (9, 1), 1) == (9, 1)  # (no string there)


# ---------------------------------------------------------------- 3. a crossfire role's guns, at /guns


def _role(folder: Path, **fields: Any) -> Path:
    data = json.loads((CARDS / "crossfire" / "roles" / "bodyguard.json").read_text("utf-8"))
    data.update(id="medic", name={"en": "Medic", "zh-Hans": "军医"}, counts_as=None, win=["如果蓝队获胜，你获胜。"])
    data.update(text=["你不射击；你保护你指向的玩家：抵消 1 发射向该玩家的子弹。"], **fields)
    data = {k: v for k, v in data.items() if v is not None}
    data["$schema"] = str(SCHEMA / "crossfire" / "role.schema.json")
    path = folder / "roles" / "medic.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", "utf-8")
    return path


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"protects": True, "armed": False, "guns": 0}, "guns", "a role that protects points at one player"),
        ({"protects": False, "armed": True, "guns": 0}, "guns", "an armed role shoots: write guns 1"),
        ({"protects": False, "armed": False, "guns": 1}, "guns", "write guns 0, or armed true for a role that shoots"),
        ({"protects": False, "armed": True, "guns": 1, "marks": True}, "guns", "write guns 0"),
        ({"protects": False, "armed": False, "guns": 0, "marks": True}, "armed", "write armed true"),
    ],
)
def test_a_roles_guns_are_told_at_the_field_with_what_to_write(
    cli, here: Path, fields: dict[str, Any], field: str, words: str
) -> None:
    path = _role(here / "myset", **fields)
    out = cli("lint", "myset").output
    found = _lines(out, "card.model")
    assert len(found) == 1, out
    line = next(i for i, text in enumerate(path.read_text("utf-8").splitlines(), 1) if text.startswith(f'  "{field}"'))
    assert found[0].startswith(f"myset/roles/medic.json:{line}:3: error card.model: crossfire role 'medic': "), out
    assert words in found[0], out
    assert "exactly when" not in found[0]


# ---------------------------------------------------------------- 4. an operation's trash cost, imported


FIXTURES = ROOT / "tests" / "fixtures"


@pytest.mark.parametrize("layout", ["netrunnerdb_v2", "netrunnerdb_v1"])
def test_an_operations_trash_cost_is_imported(tmp_path: Path, layout: str) -> None:
    """(It was listed as not imported; the runner who accesses the operation in HQ or R&D may pay it: session 75.)"""
    from toolkit.importers import import_netrunnerdb

    source = tmp_path / "checkout"
    shutil.copytree(FIXTURES / layout, source)
    if layout == "netrunnerdb_v2":
        path = source / "v2" / "cards" / "quarterly_windfall_memo.json"
        card = json.loads(path.read_text("utf-8"))
        card["trash_cost"] = 3
        path.write_text(json.dumps(card), "utf-8")
    else:
        path = source / "pack" / "sd.json"
        pack = json.loads(path.read_text("utf-8"))
        next(c for c in pack if c["title"] == "Quarterly Windfall Memo")["trash_cost"] = 3
        path.write_text(json.dumps(pack), "utf-8")
    into = tmp_path / "netrunnerdb"
    report = import_netrunnerdb(source, into)
    imported = json.loads((into / "cards" / "quarterly_windfall_memo.json").read_text("utf-8"))
    assert imported["trash_cost"] == 3
    assert [line for line in report.lines() if "trash_cost" in line] == [], report.lines()


# ---------------------------------------------------------------- 5. a new special role: a mode of its own


def test_a_special_role_no_mode_deals_is_told_to_join_a_mode_of_its_own(cli, here: Path) -> None:
    _role(here / "myset", protects=True, armed=False, guns=1, special=True)
    result = cli("lint", "myset")
    [said] = _lines(result.output, "card.role.special")
    assert "no mode lets this special role join, so no deal gives it" in said
    assert "a mode of its own" in said and "`--mode ID`" in said, said
    assert "(modes: 'crossfire', 'sniper')" not in said  # (a bundled mode cannot be replaced from a set: no use)
    # what it says works: a copy of the crossfire mode under a new id, with a substitution for the role
    mode = json.loads((CARDS / "crossfire" / "modes" / "crossfire.json").read_text("utf-8"))
    mode.update(id="crossfire_medic", name={"en": "Crossfire with Medic", "zh-Hans": "交火（军医）"})
    mode["$schema"] = str(SCHEMA / "crossfire" / "mode.schema.json")
    mode["substitutions"].append({"add": {"medic": 1}, "remove": [{"roles": ["bystander"]}], "role": "medic"})
    (here / "myset" / "modes").mkdir()
    (here / "myset" / "modes" / "crossfire_medic.json").write_text(canonical_dumps(mode), "utf-8")
    linted = cli("lint", "myset")
    assert "card.role.special" not in linted.output and " error " not in linted.output, linted.output
    dealt = cli("crossfire", "deal", "--cards", CARDS, "--cards", "myset", "--mode", "crossfire_medic", "--players",
                "7", "--special", "medic", "--seed", "1")  # fmt: skip
    assert dealt.exit_code == 0 and "Medic ×1" in dealt.output, dealt.output


def test_the_editor_places_a_parse_error_at_its_character_and_keeps_its_text_offset(tmp_path: Path) -> None:
    from toolkit.web.settings import WebSettings

    from .web.conftest import writing_client

    shutil.copytree(SCHEMA, tmp_path / "schema")
    shutil.copytree(CARDS, tmp_path / "cards")
    settings = WebSettings(cards=[tmp_path / "cards"], db_url=str(tmp_path / "web.db"), cache=tmp_path / "cache",
                           data=tmp_path / "data")  # fmt: skip
    path = "tactics/cards/adrenaline_shot.json"
    data = json.loads((tmp_path / "cards" / path).read_text("utf-8"))
    data["text"] = ["你抽 1 牌。"]
    text = canonical_dumps(data)
    for client in writing_client(settings):
        result = client.post("/editor/check", json={"path": path, "text": text, "preview": False, "lang": "en"})
        [finding] = result.json()["findings"]
    assert finding["code"] == "card.text.parse" and finding["text_offset"] == 5  # (the form's field: its character)
    line = text.splitlines().index('    "你抽 1 牌。"') + 1
    assert (finding["line"], finding["column"]) == (line, 5 + 1 + 5)  # (the raw JSON: the same character)
