"""`dossier import csv`: one run reports every problem of a row that its cells say on their own, each at its
row and column (a bad cell no longer hides the row's id and its other cells, nor its record's lint findings),
and nothing that follows only from a cell that did not read."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .sheet_util import write

_LINE = re.compile(r"^(?P<file>.*?): (?P<place>row \d+(?: \(line \d+\))?(?:, column [A-Z]+(?: \([^)]*\))?)?): "
                   r"(?P<severity>error|warning) (?P<code>[\w.]+): ")  # fmt: skip


def findings(result: Any, sheet: Path) -> list[tuple[str, str]]:
    """(place, code) of every finding the import printed, in order."""
    found = []
    for line in result.stderr.splitlines():
        match = _LINE.match(line)
        if match and match["file"] == str(sheet):
            found.append((match["place"], match["code"]))
    return found


def run(cli: Any, tmp_path: Path, text: str, game: str = "tactics") -> tuple[Any, Path]:
    sheet = write(tmp_path / "cards.csv", text)
    result = cli("import", "csv", sheet, "--game", game, "--into", tmp_path / "out")
    assert "Traceback" not in result.output
    return result, sheet


def test_a_bad_cell_no_longer_hides_the_rows_bad_id(cli, tmp_path: Path) -> None:
    result, sheet = run(
        cli,
        tmp_path,
        "id,name.zh-Hans,name.en,category,back,cost.mortgage,text\n"
        "Bad Id,坏牌,Bad,itemx,personal,1,你抽 2 张牌。\n",
    )
    assert result.exit_code == 1
    assert findings(result, sheet) == [("row 2, column A (id)", "csv.id"), ("row 2, column D (category)", "csv.value")]
    assert "2 errors in 1 of 1 row; nothing written" in result.stderr
    assert not (tmp_path / "out").exists()


def test_three_bad_cells_and_the_id_in_one_run_with_true_counts(cli, tmp_path: Path) -> None:
    result, sheet = run(
        cli,
        tmp_path,
        "id,name.zh-Hans,name.en,category,back,cost.mortgage,cost.tap\n"
        "Bad Id,坏牌,Bad,itemx,personal,x,maybe\n"
        "good_one,好牌,Good,skill,personal,1,否\n"
        "worse_one,更坏,Worse,skill,personal,x,\n",
    )
    assert result.exit_code == 1
    assert findings(result, sheet) == [
        ("row 2, column A (id)", "csv.id"),
        ("row 2, column D (category)", "csv.value"),
        ("row 2, column F (cost.mortgage)", "csv.value"),
        ("row 2, column G (cost.tap)", "csv.value"),
        ("row 4, column F (cost.mortgage)", "csv.value"),
    ]
    assert "5 errors in 2 of 3 rows; nothing written" in result.stderr
    assert not (tmp_path / "out").exists()


def test_the_record_of_a_row_with_a_bad_cell_is_linted_on_its_other_cells(cli, tmp_path: Path) -> None:
    # 流血 is the zh-Hans name of a bundled card; the text does not parse: both say so now, with the bad cells.
    # The category that did not read is missing from the record, but no finding says so (nor anything about the
    # record as a whole), and the id 'bad_one' is no duplicate of anything.
    result, sheet = run(
        cli,
        tmp_path,
        "id,name.zh-Hans,name.en,category,back,cost.mortgage,text\n"
        "bad_one,流血,Bad One,itemx,personal,x,你抽 两 张牌\n",
    )
    assert result.exit_code == 1
    assert findings(result, sheet) == [
        ("row 2, column B (name.zh-Hans)", "card.name.duplicate"),
        ("row 2, column D (category)", "csv.value"),
        ("row 2, column F (cost.mortgage)", "csv.value"),
        ("row 2, column G (text)", "card.text.parse"),
    ]
    assert "4 errors in 1 of 1 row; nothing written" in result.stderr
    assert not (tmp_path / "out").exists()


def test_nothing_that_follows_from_the_bad_cell_is_invented(cli, tmp_path: Path) -> None:
    # an equipment card whose size did not read: its texts are linted at their columns; the one whose mortgage did
    # not read gets no finding of the record as a whole (an equipment card needs the 'equipment' field: true, but
    # told only of a row whose cells all read, as such a finding may follow from the cell that did not)
    result, sheet = run(
        cli,
        tmp_path,
        "name.zh-Hans,name.en,category,cost.mortgage,equipment.size,equipment.shield,text.0,text.1,text.2\n"
        "坏牌,Bad,equipment,1,hugex,2,你抽 两 张牌,[[,抽牌\n"
        "坏装备,Bad Gear,equipment,x,,,,,\n",
    )
    assert result.exit_code == 1
    codes = findings(result, sheet)
    assert ("row 2, column E (equipment.size)", "csv.value") in codes
    assert ("row 2, column G (text.0)", "card.text.parse") in codes
    assert ("row 2, column H (text.1)", "card.text.parse") in codes
    assert ("row 2, column I (text.2)", "card.text.parse") in codes
    assert [c for c in codes if c[0].startswith("row 3")] == [("row 3, column D (cost.mortgage)", "csv.value")]
    assert all(code != "card.model" for _, code in codes), result.stderr


def test_a_good_row_quoting_a_row_with_a_bad_cell_names_a_record(cli, tmp_path: Path) -> None:
    result, sheet = run(
        cli,
        tmp_path,
        "name.zh-Hans,name.en,category,cost.mortgage,text\n"
        "好牌,Good,skill,1,你搜寻 1 张「坏牌」。\n"
        "坏牌,Bad,skill,x,你抽 1 张牌。\n",
    )
    assert result.exit_code == 1
    assert findings(result, sheet) == [("row 3, column D (cost.mortgage)", "csv.value")]
    assert "1 error in 1 of 2 rows; nothing written" in result.stderr


def test_an_id_is_taken_by_a_row_with_a_bad_cell(cli, tmp_path: Path) -> None:
    result, sheet = run(
        cli,
        tmp_path,
        "id,name.zh-Hans,name.en,category,cost.mortgage\nsame,甲,First,skill,x\nsame,乙,Second,skill,1\n",
    )
    assert result.exit_code == 1
    assert findings(result, sheet) == [
        ("row 2, column E (cost.mortgage)", "csv.value"),
        ("row 3, column A (id)", "csv.id"),
    ]
    assert "id 'same' is also the id of row 2" in result.stderr
    assert "2 errors in 2 of 2 rows; nothing written" in result.stderr


def test_a_name_that_did_not_read_makes_no_missing_id(cli, tmp_path: Path) -> None:
    # the id would come from the name; its JSON cell does not read, so the row's id is not known: not missing
    result, sheet = run(cli, tmp_path, 'name,category,cost.mortgage\n"{""en"": ",skill,x\n')
    assert result.exit_code == 1
    assert findings(result, sheet) == [
        ("row 2, column A (name)", "csv.value"),
        ("row 2, column C (cost.mortgage)", "csv.value"),
    ]


def test_a_type_that_did_not_read_still_checks_the_cells_every_type_reads_alike(cli, tmp_path: Path) -> None:
    # a netrunner card's type decides its fields: with it unknown, the id and the faction (a field of every type)
    # are checked, no record is linted, and no cell is said to be a field the type does not have
    result, sheet = run(
        cli,
        tmp_path,
        "id,zh-Hans,en,type,faction,influence,text\nBad Id,磁轨,Rail,programx,shaperx,2,你获得 4[credit]。\n",
        game="netrunner",
    )
    assert result.exit_code == 1
    assert findings(result, sheet) == [
        ("row 2, column A (id)", "csv.id"),
        ("row 2, column D (type)", "csv.value"),
        ("row 2, column E (faction)", "csv.value"),
    ]
    assert "3 errors in 1 of 1 row; nothing written" in result.stderr


def test_where_a_cell_that_did_not_read_would_be() -> None:
    from toolkit.importers.spreadsheet import RowRecord, _bad_place

    # an item of a numbered list that no other cell gave is known only as its list (the items close up); an item
    # other cells gave is known at its new index
    remap: dict[tuple[str | int, ...], tuple[str | int, ...]] = {
        ("text", 0): ("text", 0),
        ("text", 2): ("text", 1),
        ("abilities", 3): ("abilities", 0),
    }
    assert _bad_place(("text", 1), remap) == ("/text", False)
    assert _bad_place(("abilities", 3, "cost"), remap) == ("/abilities/0/cost", True)
    assert _bad_place(("cost", "mortgage"), remap) == ("/cost/mortgage", True)
    record = RowRecord(2, {}, partial=True, bad=[("/text", False), ("/cost/mortgage", True)])
    assert record.unread("/cost/mortgage") and record.unread("/cost") and record.unread("")
    assert record.unread("/text") and not record.unread("/text/1")  # (an item that read: what it says stands)
    assert not record.unread("/name/en") and not record.unread("/costs")
    assert not RowRecord(2, {}).unread("/text")


def test_a_bad_id_no_longer_hides_the_rows_lint_findings(cli, tmp_path: Path) -> None:
    # the row is linted under a stand-in id that no finding shows: its text that does not parse is told, named by
    # the id the row gives, and nothing about its id beyond the sheet's own error
    result, sheet = run(
        cli,
        tmp_path,
        "id,name.zh-Hans,name.en,category,back,cost.mortgage,text\n"
        "Bad Id,甲,Alpha Card,item,personal,1,你抽 Q 张牌。\n"
        "beta,乙,Beta Card,item,personal,x,你抽 Q 张牌。\n",
    )
    assert result.exit_code == 1
    assert findings(result, sheet) == [
        ("row 2, column A (id)", "csv.id"),
        ("row 2, column G (text)", "card.text.parse"),
        ("row 3, column F (cost.mortgage)", "csv.value"),
        ("row 3, column G (text)", "card.text.parse"),
    ]
    assert "tactics card 'Bad Id': /text/0" in result.stderr
    assert "row-" not in result.stderr  # (the stand-in id)
    assert "4 errors in 2 of 2 rows; nothing written" in result.stderr
    assert not (tmp_path / "out").exists()


def test_a_duplicate_id_no_longer_hides_the_rows_lint_findings(cli, tmp_path: Path) -> None:
    result, sheet = run(
        cli,
        tmp_path,
        "id,name.zh-Hans,name.en,category,back,cost.mortgage,text\n"
        "alpha_card,甲,Alpha,item,personal,1,你抽 1 张牌。\n"
        "alpha_card,乙,Beta,skill,personal,1,你抽 Q 张牌。\n",
    )
    assert result.exit_code == 1
    assert findings(result, sheet) == [("row 3, column A (id)", "csv.id"), ("row 3, column G (text)", "card.text.parse")]
    assert "tactics card 'alpha_card': /text/0" in result.stderr
    assert "card.id.duplicate" not in result.stderr
    assert "2 errors in 1 of 2 rows; nothing written" in result.stderr
    assert not (tmp_path / "out").exists()


def test_an_id_made_from_a_repeated_name_is_one_error_not_two(cli, tmp_path: Path) -> None:
    # no id column: both rows' id is made from the English name; its repeat is told once, as the id's
    result, sheet = run(
        cli,
        tmp_path,
        "name.zh-Hans,name.en,category,cost.mortgage,text\n甲,Alpha,item,1,你抽 1 张牌。\n乙,Alpha,skill,1,你抽 Q 张牌。\n",
    )
    assert result.exit_code == 1
    assert findings(result, sheet) == [("row 3, column B (name.en)", "csv.id"), ("row 3, column E (text)", "card.text.parse")]


def test_a_repeated_name_names_the_row_not_a_file_that_is_not_there(cli, tmp_path: Path) -> None:
    text = (
        "id,name.zh-Hans,name.en,category,back,cost.mortgage,text\n"
        "alpha_card,甲,Alpha Card,item,personal,1,你抽 1 张牌。\n"
        "alpha_two,乙,Alpha Card,skill,personal,1,你抽 1 张牌。\n"
    )
    result, sheet = run(cli, tmp_path, text)
    assert result.exit_code == 1
    assert findings(result, sheet) == [("row 3, column C (name.en)", "card.name.duplicate")]
    assert "tactics card 'alpha_two': en name 'Alpha Card' is also the name of row 2" in result.stderr
    assert "alpha_card.json" not in result.stderr
    # in Chinese the name's language is a word (as the lang vocabulary words it), not the code
    result = cli("--lang", "zh-Hans", "import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out")
    line = next(x for x in result.stderr.splitlines() if "card.name.duplicate" in x)
    assert "英文" in line and "en 名称" not in line and "alpha_card.json" not in line, line
    assert not (tmp_path / "out").exists()
