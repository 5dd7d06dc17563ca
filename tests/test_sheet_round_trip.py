"""Spreadsheets both ways: `dossier export csv` writes records in the columns `dossier import csv` reads (and
importing that sheet gives the same records), errors name the sheet's row and column, a re-import updates the
records the sheet made before (also after `fmt`), a quantity column prints copies, and a wrong vocabulary
value is answered with the accepted values in both languages."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from toolkit.importers.sheet_export import build_sheet
from toolkit.importers.spreadsheet import column_letter, ranked, vocabulary_of
from toolkit.models import SLUG_PATTERN

from .conftest import CARDS
from .sheet_util import error_lines, load, write

# ---------------------------------------------------------------------- places


def test_errors_name_the_sheet_row_and_the_column_letter_and_header(cli, tmp_path: Path) -> None:
    sheet = write(
        tmp_path / "cards.csv",
        'name.zh-Hans,name.en,category,cost.mortgage,text\n好牌,Good,skill,1,"你抽 1 张牌。\n你抽 1 张牌。"\n'
        "坏牌,Bad,skill,x,\n\n更坏,Worse,skill,2,\n",
    )
    result = cli("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out")
    assert result.exit_code == 1 and "Traceback" not in result.output
    # the quoted line break: the sheet's row 3 starts on the file's line 4
    assert error_lines(result) == [
        f"{sheet}: row 3 (line 4), column D (cost.mortgage): error csv.value: 'x' is not a whole number"
    ]
    assert "nothing written" in result.stderr and not (tmp_path / "out").exists()


def test_header_and_row_level_errors_are_placed_too(cli, tmp_path: Path) -> None:
    sheet = write(tmp_path / "cards.csv", "name.zh-Hans,category,costt\n坏牌,skill,1\n")
    header = cli("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out")
    assert error_lines(header)[0].startswith(f"{sheet}: row 1, column C (costt): error csv.header: ")
    sheet = write(tmp_path / "cards.csv", "name.zh-Hans,name.en,category\n坏牌,Bad,equipment\n")
    row = cli("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out")
    assert error_lines(row)[0].startswith(f"{sheet}: row 2: error card.model: ")


@pytest.mark.parametrize(("number", "letters"), [(1, "A"), (4, "D"), (26, "Z"), (27, "AA"), (52, "AZ"), (703, "AAA")])
def test_column_letters(number: int, letters: str) -> None:
    assert column_letter(number) == letters


# ---------------------------------------------------------------------- vocabularies


def test_a_wrong_attack_subtype_lists_the_accepted_values_closest_first(cli, tmp_path: Path) -> None:
    sheet = write(
        tmp_path / "cards.csv",
        "id,name.zh-Hans,name.en,category,back,cost.mortgage,cost.tap,equipment.size,equipment.attack.style,"
        "equipment.attack.subtype,equipment.attack.speed,equipment.attack.range.min,equipment.attack.range.max\n"
        "sawn_off,短管霰弹枪,Sawn-off,equipment,personal,2,false,heavy,ranged,霰弹枪,2,0,2\n",
    )
    result = cli("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out")
    assert result.exit_code == 1
    (line,) = error_lines(result)
    assert line.startswith(f"{sheet}: row 2, column J (equipment.attack.subtype): error csv.value: '霰弹枪' ")
    assert "did you mean shotgun (Shotgun / 霰弹枪)?" in line
    accepted = line.split("Accepted: ", 1)[1]
    assert accepted.startswith("shotgun (Shotgun / 霰弹枪), ")
    assert "sniper_rifle (Sniper rifle / 狙击枪)" in accepted and "thrown (Thrown / 投掷)" in accepted
    assert "^[a-z" not in result.stderr and "match" not in result.stderr  # never a regular expression
    zh = cli("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out", "--lang", "zh-Hans")
    assert "shotgun（霰弹枪 / Shotgun）" in zh.stderr and "^[a-z" not in zh.stderr


def test_a_wrong_category_and_netrunner_subtype_and_faction_list_their_values(cli, tmp_path: Path) -> None:
    sheet = write(tmp_path / "cards.csv", "name.zh-Hans,name.en,category\n坏牌,Bad,skil\n")
    result = cli("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out")
    assert "'skil' is not an accepted value; did you mean skill (Skill / 技能)? Accepted: skill" in result.stderr
    sheet = write(
        tmp_path / "nr.csv",
        "zh-Hans,en,type,faction,cost,influence,subtypes,text\n破解器,Breaker,program,shapr,3,2,\"icebreaker, 破墙器\",x\n",
    )
    result = cli("import", "csv", sheet, "--game", "netrunner", "--into", tmp_path / "nr")
    assert result.exit_code == 1
    assert "column D (faction): error csv.value: 'shapr' is not in the game's factions; did you mean shaper" in (
        result.stderr
    )
    assert "'破墙器' is not in the game's subtypes; did you mean fracter (Fracter / 破墙器)?" in result.stderr


def test_vocabulary_fields_and_ranking() -> None:
    assert vocabulary_of("tactics", "card", ("equipment", "attack", "subtype")) == "attack_subtypes"
    assert vocabulary_of("tactics", "agent", ("subtypes", 0)) == "agent_subtypes"
    assert vocabulary_of("netrunner", "card", ("faction",)) == "factions"
    assert vocabulary_of("tactics", "card", ("text",)) is None
    from toolkit.importers.spreadsheet import Term

    order, close = ranked("Rifle", [Term("pistol", "手枪", "Pistol"), Term("rifle", "步枪", "Rifle")])
    assert order[0].id == "rifle" and close
    _order, close = ranked("zzz", [Term("pistol", "手枪", "Pistol")])
    assert not close


def test_a_bad_id_reference_is_said_in_words_not_as_a_pattern(cli, tmp_path: Path) -> None:
    sheet = write(tmp_path / "cards.csv", "name.zh-Hans,name.en,category,agent\n密钥,Key,skill,Cipher Agent\n")
    result = cli("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out")
    assert "column D (agent): error csv.value: 'Cipher Agent' is not an id (lower-case letters and digits" in (
        result.stderr
    )
    assert "^[a-z" not in result.stderr


def test_model_errors_say_an_id_pattern_in_words() -> None:
    from pydantic import ValidationError

    from toolkit.model_errors import _SLUG_PATTERN, model_errors
    from toolkit.models.deck import Deck

    assert _SLUG_PATTERN == SLUG_PATTERN
    with pytest.raises(ValidationError) as caught:
        Deck.model_validate({"game": "tactics", "mode": "Bad Mode", "name": "x"})
    _loc, message, _more = model_errors(caught.value)
    assert message.startswith("expected an id (lower-case letters and digits") and "^[" not in message


# ---------------------------------------------------------------------- export -> import


ROUND_TRIPS = [
    ("tactics", "card"),
    ("tactics", "agent"),
    ("netrunner", "card"),
    ("netrunner", "identity"),
    ("netrunner", "faction"),
    ("crossfire", "role"),
]


@pytest.mark.parametrize(("game", "kind"), ROUND_TRIPS, ids=[f"{g}-{k}" for g, k in ROUND_TRIPS])
@pytest.mark.slow
def test_export_then_import_gives_every_bundled_record_unchanged(
    cli, game_copy, tmp_path: Path, game: str, kind: str
) -> None:
    from toolkit.models import KIND_DIRS

    copy = game_copy(game)
    sheet = tmp_path / f"{game}.csv"
    exported = cli("export", "csv", "--game", game, "--kind", kind, "--cards", CARDS, "--out", sheet)
    assert exported.exit_code == 0, exported.output
    originals = sorted((CARDS / game / KIND_DIRS[kind]).glob("*.json"))
    assert f"{sheet}: {len(originals)} records" in exported.stdout
    assert sheet.read_bytes().startswith(b"\xef\xbb\xbf")  # Excel's "CSV UTF-8"
    imported = cli("import", "csv", sheet, "--game", game, "--kind", kind, "--into", copy)
    assert imported.exit_code == 0, imported.output
    assert f"wrote 0, {len(originals)} unchanged" in imported.stdout
    for original in originals:
        assert (copy / KIND_DIRS[kind] / original.name).read_bytes() == original.read_bytes()


def test_a_sheet_of_one_record_reads_back(tmp_path: Path) -> None:
    data = load(CARDS / "tactics" / "cards" / "anti_materiel_rifle.json")
    sheet = build_sheet([data], "tactics", "card")
    assert not sheet.problems and sheet.rows == 1
    assert sheet.text.splitlines()[0].startswith("id,name.zh-Hans,name.en,category,")
    assert "sniper_rifle" in sheet.text and "$schema" not in sheet.text


def test_lists_nulls_and_empty_lists_survive(cli, tmp_path: Path) -> None:
    records = [
        {"game": "tactics", "kind": "card", "id": "a", "name": {"zh-Hans": "甲"}, "category": "skill", "text": []},
        {
            "game": "tactics",
            "kind": "card",
            "id": "b",
            "name": {"zh-Hans": "乙", "en": "B"},
            "category": "skill",
            "text": ["你抽 1 张牌，然后弃 1 张牌。", "x"],
        },
    ]
    sheet = build_sheet(records, "tactics", "card")
    assert not sheet.problems, sheet.problems
    header = sheet.text.splitlines()[0].lstrip("\ufeff")
    assert header.split(",")[:3] == ["id", "name.zh-Hans", "name.en"]
    assert ",skill,[]\r\n" in sheet.text  # an empty list is there, unlike an empty cell


def test_export_never_replaces_a_file_without_force(cli, tmp_path: Path) -> None:
    out = write(tmp_path / "mine.csv", "my notes\n")
    refused = cli("export", "csv", CARDS / "crossfire", "--kind", "role", "--out", out)
    assert refused.exit_code == 2 and "already exists; use --force to replace it" in refused.stderr
    assert out.read_text(encoding="utf-8") == "my notes\n"
    forced = cli("export", "csv", CARDS / "crossfire", "--kind", "role", "--out", out, "--force")
    assert forced.exit_code == 0 and out.read_text(encoding="utf-8-sig").startswith("id,name.zh-Hans,name.en")
    directory = cli("export", "csv", CARDS / "crossfire", "--kind", "role", "--out", tmp_path)
    assert directory.exit_code == 2 and "is a directory" in directory.stderr



def test_export_out_dash_is_standard_output(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = cli("export", "csv", CARDS / "crossfire", "--kind", "role", "--out", "-")
    assert result.exit_code == 0 and result.stdout.lstrip("\ufeff").startswith("id,name.zh-Hans,name.en")
    assert list(tmp_path.iterdir()) == []  # no file named "-"

def test_export_bad_input_is_one_line(cli, tmp_path: Path) -> None:
    mixed = cli("export", "csv", CARDS)
    assert mixed.exit_code == 2 and "give --game" in mixed.stderr and "Traceback" not in mixed.output
    none = cli("export", "csv", CARDS / "crossfire", "--game", "tactics")
    assert none.exit_code == 1 and "no " in none.stderr
    kind = cli("export", "csv", CARDS / "crossfire", "--kind", "spell")
    assert kind.exit_code == 2 and "--kind 'spell'" in kind.stderr
    broken = write(tmp_path / "x.json", "{")
    bad = cli("export", "csv", broken)
    assert bad.exit_code == 1 and f"{broken}:1:2: invalid JSON" in bad.stderr
    stdout = cli("export", "csv", CARDS / "crossfire", "--kind", "role")
    assert stdout.exit_code == 0 and stdout.stdout.startswith("id,name.zh-Hans,name.en")


# ---------------------------------------------------------------------- re-import


def test_reimport_after_fmt_updates_the_sheets_records_without_force(cli, tmp_path: Path) -> None:
    sheet = write(tmp_path / "cards.csv", "name.zh-Hans,name.en,category,text\n快抽,Quick Draw,skill,你抽1张牌。\n")
    into = tmp_path / "out"
    assert cli("import", "csv", sheet, "--game", "tactics", "--into", into).exit_code == 0
    target = into / "cards" / "quick_draw.json"
    text_fmt = cli("text", "fmt", into)
    assert text_fmt.exit_code == 0 and "rewrote 1 ability text" in text_fmt.stdout
    assert load(target)["text"] == ["你抽 1 张牌。"]
    fmt = cli("fmt", into)
    assert fmt.exit_code == 0, fmt.output
    again = cli("import", "csv", sheet, "--game", "tactics", "--into", into)  # the same sheet, unchanged
    assert again.exit_code == 0, again.output
    assert "1 of them replaced records this sheet made before" in again.stdout
    write(sheet, "name.zh-Hans,name.en,category,text\n快抽,Quick Draw,skill,你抽 2 张牌。\n")  # the designer's edit
    assert cli("text", "fmt", into).exit_code == 0
    edited = cli("import", "csv", sheet, "--game", "tactics", "--into", into)
    assert edited.exit_code == 0, edited.output
    assert load(target)["text"] == ["你抽 2 张牌。"]


def test_reimport_still_never_replaces_a_hand_made_or_hand_edited_record(cli, tmp_path: Path) -> None:
    into = tmp_path / "out"
    (into / "cards").mkdir(parents=True)
    mine = into / "cards" / "steady_hand.json"
    mine.write_text('{"id": "steady_hand"}\n', encoding="utf-8")  # hand-made, the id a sheet row makes too
    sheet = write(
        tmp_path / "cards.csv",
        "name.zh-Hans,name.en,category\n快抽,Quick Draw,skill\n稳手,Steady Hand,skill\n",
    )
    refused = cli("import", "csv", sheet, "--game", "tactics", "--into", into, "--cards", CARDS)
    assert refused.exit_code == 1
    assert f"{sheet}: row 3: error csv.exists: {mine} exists with other content; not replaced" in refused.stderr
    assert mine.read_text(encoding="utf-8") == '{"id": "steady_hand"}\n'
    write(sheet, "name.zh-Hans,name.en,category\n快抽,Quick Draw,skill\n")
    assert cli("import", "csv", sheet, "--game", "tactics", "--into", into, "--cards", CARDS).exit_code == 0
    target = into / "cards" / "quick_draw.json"
    target.write_text(target.read_text(encoding="utf-8").replace("快抽", "快速抽牌"), encoding="utf-8")
    edited = cli("import", "csv", sheet, "--game", "tactics", "--into", into, "--cards", CARDS)
    assert edited.exit_code == 1 and "exists with other content" in edited.stderr  # a hand edit is kept
    other = write(tmp_path / "other.csv", "name.zh-Hans,name.en,category\n快速抽牌,Quick Draw,skill\n")
    (into / "cards" / "quick_draw.json").write_text(
        (into / "cards" / "quick_draw.json").read_text(encoding="utf-8").replace("快速抽牌", "快抽"),
        encoding="utf-8",
    )
    stolen = cli("import", "csv", other, "--game", "tactics", "--into", into, "--cards", CARDS)
    assert stolen.exit_code == 1, stolen.output
    # (the other sheet named by its path from the set folder: a moved project still knows it)
    assert f"was imported from another sheet, {os.path.relpath(sheet, into)} (its path from {into})" in stolen.stderr


def test_the_manifest_is_hidden_from_lint_and_fmt(cli, tmp_path: Path) -> None:
    sheet = write(tmp_path / "cards.csv", "name.zh-Hans,name.en,category,copies\n快抽,Quick Draw,skill,2\n")
    into = tmp_path / "out"
    assert cli("import", "csv", sheet, "--game", "tactics", "--into", into).exit_code == 0
    assert (into / ".dossier-import" / "manifest.json").is_file()
    linted = cli("lint", CARDS / "tactics", into)
    assert linted.exit_code == 0, linted.output
    assert cli("fmt", "--check", into).exit_code == 0


# ---------------------------------------------------------------------- copies


def test_the_quantity_column_prints_that_many_copies(cli, tmp_path: Path) -> None:
    from toolkit.catalog import load_catalog
    from toolkit.decks import NameIndex, read_deck
    from toolkit.sheets.selection import deck_records

    sheet = write(
        tmp_path / "cards.csv",
        "name.zh-Hans,name.en,category,text,数量\n快抽,Quick Draw,skill,你抽 1 张牌。,3\n"
        "连抽,Double Draw,skill,你抽 2 张牌。,\n不印,Not Printed,skill,你抽 3 张牌。,0\n",
    )
    into = tmp_path / "out"
    result = cli("import", "csv", sheet, "--game", "tactics", "--into", into)
    assert result.exit_code == 0, result.output
    deck = into / ".dossier-import" / "cards.deck.json"
    assert f"the copies to print are in {deck}" in result.stdout
    assert load(deck)["cards"] == {"double_draw": 1, "quick_draw": 3}
    catalog = load_catalog([into])
    loaded = read_deck(deck, NameIndex(catalog.records))
    assert loaded.deck is not None
    assert [r.id for r in deck_records(loaded.deck, catalog)] == ["double_draw", "quick_draw", "quick_draw", "quick_draw"]
    pdf = tmp_path / "copies.pdf"
    printed = cli("print", "--deck", deck, "--cards", into, "--out", pdf)
    assert printed.exit_code == 0, printed.output
    assert "4 cards on 1 page" in printed.stdout
    assert len(re.findall(rb"/Type\s*/Page\b", pdf.read_bytes())) == 1
    # the copies come back in an export
    exported = cli("export", "csv", into / "cards")
    assert exported.exit_code == 0, exported.output
    lines = exported.stdout.splitlines()
    assert lines[0].endswith(",copies") and lines[-1].endswith(",3")


@pytest.mark.parametrize(
    ("cell", "message"),
    [("x", "'x' is not a whole number"), ("100", "'100' copies: give a whole number from 0 to 99")],
)
def test_a_bad_quantity_is_placed(cli, tmp_path: Path, cell: str, message: str) -> None:
    sheet = write(tmp_path / "cards.csv", f"name.zh-Hans,name.en,category,copies\n快抽,Quick Draw,skill,{cell}\n")
    result = cli("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out")
    assert result.exit_code == 1
    assert error_lines(result) == [f"{sheet}: row 2, column D (copies): error csv.value: {message}"]


def test_copies_only_for_printed_kinds(cli, tmp_path: Path) -> None:
    sheet = write(tmp_path / "agents.csv", "name.zh-Hans,name.en,symbol,hp,move,copies\n夜鹭,Night Heron,夜,8,4,2\n")
    result = cli("import", "csv", sheet, "--game", "tactics", "--kind", "agent", "--into", tmp_path / "out")
    assert result.exit_code == 1 and "is not printed in copies" in result.stderr


def test_a_workbook_is_refused_in_one_line(cli, tmp_path: Path) -> None:
    book = tmp_path / "cards.xlsx"
    book.write_bytes(b"PK\x03\x04" + b"\x00" * 40)
    result = cli("import", "csv", book, "--game", "tactics", "--into", tmp_path / "out")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f'{book}: a workbook (.xlsx, .ods), not a CSV file; save the sheet as "CSV UTF-8"' in result.stderr
