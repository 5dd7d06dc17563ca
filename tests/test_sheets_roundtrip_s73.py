"""The designer's spreadsheet round trip (sweep 73f): a print deck per sheet, X only where null means X, art paths
an exported sheet can be imported with, names in a third language, a bad cell in a mode row, the PDF the import
suggests, typos in nested columns, and Excel's ``sep=`` line."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest

from toolkit.importers.spreadsheet import _BadCell, coerce

from . import test_spreadsheet_s71 as _s71
from .conftest import CARDS
from .sheet_util import DRESSING, HEADER, QUICK, error_lines, load, write
from .sheet_util import import_sheet as _import
from .test_sheets_art import _test_image
from .test_spreadsheet_s71 import _hand_made

here = _s71.here  # the fixture: a folder with no cards/ of its own, the working directory
DECKS = ".dossier-import"


# ---------------------------------------------------------------- 1. one print deck per sheet


def _decks(into: Path) -> dict[str, dict[str, Any]]:
    return {p.name: load(p) for p in sorted((into / DECKS).glob("*.deck.json"))}


def test_two_sheets_of_the_same_name_in_other_folders_keep_their_own_decks(cli, here: Path) -> None:
    into = here / "set"
    (here / "a").mkdir()
    (here / "b").mkdir()
    first = write(here / "a" / "cards.csv", HEADER + DRESSING)
    second = write(here / "b" / "cards.csv", HEADER + QUICK)
    assert _import(cli, first, into).exit_code == 0
    assert _import(cli, second, into).exit_code == 0
    decks = _decks(into)
    assert len(decks) == 2, decks
    assert sorted(tuple(d["cards"]) for d in decks.values()) == [("field_dressing",), ("quick_draw",)]
    # a sheet imported again keeps writing its own deck, never the other's
    again = write(first, HEADER + DRESSING.replace(",3\n", ",4\n"))
    assert _import(cli, again, into).exit_code == 0
    decks = _decks(into)
    assert len(decks) == 2, decks
    assert sorted(tuple(d["cards"].items()) for d in decks.values()) == [
        (("field_dressing", 4),),
        (("quick_draw", 2),),
    ]


def test_chinese_named_sheets_keep_their_names_in_their_decks(cli, here: Path) -> None:
    into = here / "set"
    assert _import(cli, write(here / "数量表.csv", HEADER + DRESSING), into).exit_code == 0
    result = _import(cli, write(here / "新卡.csv", HEADER + QUICK), into)
    assert result.exit_code == 0, result.output
    decks = _decks(into)
    assert set(decks) == {"数量表.deck.json", "新卡.deck.json"}, decks
    assert decks["新卡.deck.json"]["cards"] == {"quick_draw": 2}
    assert decks["数量表.deck.json"]["cards"] == {"field_dressing": 3}


def test_a_deck_of_an_older_import_stays_with_its_sheet(cli, here: Path) -> None:
    # an import before decks were owned: the manifest names no deck; the sheet that wrote it keeps it
    into = here / "set"
    sheet = write(here / "cards.csv", HEADER + DRESSING)
    assert _import(cli, sheet, into).exit_code == 0
    manifest_file = into / DECKS / "manifest.json"
    data = json.loads(manifest_file.read_text("utf-8"))
    data.pop("decks", None)
    manifest_file.write_text(json.dumps(data), encoding="utf-8")
    assert _import(cli, write(sheet, HEADER + DRESSING.replace(",3\n", ",5\n")), into).exit_code == 0
    assert _decks(into) == {"cards.deck.json": {**_decks(into)["cards.deck.json"], "cards": {"field_dressing": 5}}}
    # and another sheet of that name does not take it
    (here / "b").mkdir()
    assert _import(cli, write(here / "b" / "cards.csv", HEADER + QUICK), into).exit_code == 0
    decks = _decks(into)
    assert decks["cards.deck.json"]["cards"] == {"field_dressing": 5} and len(decks) == 2, decks


# ---------------------------------------------------------------- 2. X only where null means X


NR_HEADER = (
    "id,name.zh-Hans,name.en,type,faction,influence,subtypes,text,cost,rez_cost,strength,trash_cost,memory_cost\n"
)


def test_x_is_refused_where_null_means_none(cli, tmp_path: Path) -> None:
    sheet = write(
        tmp_path / "nr.csv",
        NR_HEADER + "x_breaker,X破解器,X Breaker,program,anarch,2,icebreaker,你获得 1[credit]。,1,,X,,1\n"
        "x_asset,X资产,X Asset,asset,haas_bioroid,2,,你获得 1[credit]。,,3,,X,\n",
    )
    result = cli("import", "csv", sheet, "--game", "netrunner", "--into", tmp_path / "mine")
    assert result.exit_code == 1, result.output
    lines = error_lines(result)
    strength = next(line for line in lines if "row 2" in line)
    assert "column K (strength): error csv.value: 'X'" in strength and "whole number" in strength, lines
    trash = next(line for line in lines if "row 3" in line)
    assert "column L (trash_cost): error csv.value: 'X'" in trash, lines
    assert len(lines) == 2, lines


def test_x_is_still_null_where_the_card_says_x(cli, tmp_path: Path) -> None:
    sheet = write(
        tmp_path / "nr.csv",
        NR_HEADER + "x_wall,X墙,X Wall,ice,haas_bioroid,2,barrier,[subroutine] 终止潜袭。,,X,X,,\n"
        "x_event,X事件,X Event,event,criminal,1,run,你获得 4[credit]。,X,,,,\n",
    )
    into = tmp_path / "mine"
    result = cli("import", "csv", sheet, "--game", "netrunner", "--into", into)
    assert result.exit_code == 0, result.output
    wall = load(into / "cards" / "x_wall.json")
    assert wall["rez_cost"] is None and wall["strength"] is None
    assert load(into / "cards" / "x_event.json")["cost"] is None


def test_coerce_takes_x_only_when_told_null_is_x() -> None:
    assert coerce("X", int, True) is None
    with pytest.raises(_BadCell, match="'X'"):
        coerce("X", int, True, x=False)
    assert coerce("null", int, True, x=False) is None


# ---------------------------------------------------------------- 3. art from the sheet's folder


def _set_with_art(root: Path) -> Path:
    """A set of one tactics card whose art is ``../art/t_a.png`` from its record."""
    _test_image(root / "art" / "t_a.png")
    _hand_made(root, "t_a", "你抽 2 张牌。", art="../art/t_a.png")
    return root


def test_an_exported_sheet_names_art_from_its_own_folder_and_imports_elsewhere(cli, here: Path) -> None:
    source = _set_with_art(here / "set3")
    (here / "sheets").mkdir()
    sheet = here / "sheets" / "set3.csv"
    exported = cli("export", "csv", source / "cards", "--out", sheet)
    assert exported.exit_code == 0, exported.output
    text = sheet.read_text("utf-8-sig")
    assert "../set3/art/t_a.png" in text, text
    other = here / "other"
    result = _import(cli, sheet, other)
    assert result.exit_code == 0, result.output
    record = load(other / "cards" / "t_a.json")
    assert (other / "cards" / record["art"]).resolve() == (source / "art" / "t_a.png").resolve()


def test_an_exported_sheet_beside_its_set_imports_back_unchanged(cli, here: Path) -> None:
    source = _set_with_art(here / "set3")
    assert cli("fmt", source).exit_code == 0
    before = (source / "cards" / "t_a.json").read_bytes()
    sheet = source / "set3.csv"
    assert cli("export", "csv", source / "cards", "--out", sheet).exit_code == 0
    assert ",art/t_a.png" in sheet.read_text("utf-8-sig")
    result = _import(cli, sheet, source, "--force")
    assert result.exit_code == 0, result.output
    assert "1 unchanged" in result.stdout, result.stdout
    assert (source / "cards" / "t_a.json").read_bytes() == before


# ---------------------------------------------------------------- 4. names in a third language


def _french_card(folder: Path) -> Path:
    data = json.loads((CARDS / "netrunner" / "cards" / "blight_culture.json").read_text("utf-8"))
    data.update(
        id="culture_test",
        name={"en": "Culture Test", "fr": "Culture d'essai", "zh-Hans": "试验培养皿"},
        flavor={"en": "It eats.", "fr": "Elle mange.", "zh-Hans": "它吃。"},
    )
    path = folder / "cards" / "culture_test.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_a_third_language_is_its_own_column_and_reads_back(cli, tmp_path: Path) -> None:
    _french_card(tmp_path / "nrset")
    sheet = tmp_path / "nr.csv"
    exported = cli("export", "csv", tmp_path / "nrset" / "cards", "--out", sheet)
    assert exported.exit_code == 0, exported.output
    header = sheet.read_text("utf-8-sig").splitlines()[0].split(",")
    assert {"name.fr", "flavor.fr", "name.en", "flavor.zh-Hans"} <= set(header), header
    assert "name" not in header and "flavor" not in header, header
    into = tmp_path / "mine"
    result = cli("import", "csv", sheet, "--game", "netrunner", "--into", into)
    assert result.exit_code == 0, result.output
    record = load(into / "cards" / "culture_test.json")
    assert record["name"]["fr"] == "Culture d'essai" and record["flavor"]["fr"] == "Elle mange."


def test_a_name_column_of_no_language_tag_is_refused_saying_so(cli, tmp_path: Path) -> None:
    sheet = write(tmp_path / "cards.csv", "name.zh-Hans,name.pt-BR,name.French,category\n快抽,Saque,Rapide,skill\n")
    result = cli("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out")
    assert result.exit_code == 1, result.output
    lines = error_lines(result)
    assert len(lines) == 1, lines
    assert "column C (name.French)" in lines[0] and "'French' is not a language tag" in lines[0], lines


# ---------------------------------------------------------------- 5. a bad cell in a mode row


def test_a_bad_cell_in_a_mode_row_breaks_no_other_record(cli, game_copy, tmp_path: Path) -> None:
    game = game_copy("tactics")
    sheet = tmp_path / "modes.csv"
    exported = cli("export", "csv", game / "modes", "--kind", "mode", "--out", sheet)
    assert exported.exit_code == 0, exported.output
    rows = list(csv.reader(io.StringIO(sheet.read_text("utf-8-sig"), newline="")))
    melee = next(row for row in rows if row[0] == "melee")
    melee[rows[0].index("max_agents")] = "2.5"
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    sheet.write_text(out.getvalue(), encoding="utf-8")
    result = cli("import", "csv", sheet, "--game", "tactics", "--kind", "mode", "--into", game)
    assert result.exit_code == 1, result.output
    errors = error_lines(result)
    assert len(errors) == 1 and "(max_agents): error csv.value: '2.5' is not a whole number" in errors[0], errors
    assert "csv.breaks" not in result.stderr


# ---------------------------------------------------------------- 6. the PDF the import suggests


def test_the_print_command_names_the_pdf_after_the_sheets_deck(cli, here: Path) -> None:
    into = here / "set"
    result = _import(cli, write(here / "数量表.csv", HEADER + DRESSING), into)
    assert result.exit_code == 0, result.output
    deck = into / DECKS / "数量表.deck.json"
    assert f"dossier print --deck {deck} --cards {into} --out 数量表.pdf" in result.stdout, result.stdout
    assert "my-cards.pdf" not in result.stdout


# ---------------------------------------------------------------- 7. a typo in a nested column


@pytest.mark.parametrize(
    ("column", "said"),
    [
        ("cost.mortage", "'cost' has no field 'mortage'; did you mean 'mortgage'? 'cost' takes: mortgage, tap"),
        ("equipment.atack.speed", "'equipment' has no field 'atack'; did you mean 'attack'? 'equipment' takes: "),
        ("equipment.attack.sped", "'equipment.attack' has no field 'sped'; did you mean 'speed'?"),
    ],
)
def test_a_typo_in_a_nested_column_names_its_level_and_a_suggestion(
    cli, tmp_path: Path, column: str, said: str
) -> None:
    sheet = write(tmp_path / "cards.csv", f"name.zh-Hans,name.en,category,{column}\n快抽,Quick,skill,1\n")
    result = cli("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out")
    assert result.exit_code == 1, result.output
    (line,) = error_lines(result)
    assert f"column D ({column}): error csv.header: column '{column}': {said}" in line, line
    assert "$schema" not in line, line


def test_a_typo_in_a_top_level_column_suggests_the_field(cli, tmp_path: Path) -> None:
    sheet = write(tmp_path / "cards.csv", "name.zh-Hans,name.en,categroy\n快抽,Quick,skill\n")
    result = cli("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out")
    (line,) = error_lines(result)
    assert "column 'categroy' names no field of a tactics card; did you mean 'category'?" in line, line


# ---------------------------------------------------------------- 8. Excel's sep= line


def test_excels_sep_line_gives_the_delimiter_and_is_no_header(cli, tmp_path: Path) -> None:
    sheet = write(
        tmp_path / "cards.csv", "sep=;\r\nname.zh-Hans;name.en;category;text\r\n快抽;Quick Draw;skill;你抽 2 张牌。\r\n"
    )
    into = tmp_path / "out"
    result = cli("import", "csv", sheet, "--game", "tactics", "--into", into)
    assert result.exit_code == 0, result.output
    assert load(into / "cards" / "quick_draw.json")["text"] == ["你抽 2 张牌。"]


def test_a_bad_cell_under_a_sep_line_is_placed_at_its_row_and_file_line(cli, tmp_path: Path) -> None:
    sheet = write(
        tmp_path / "cards.csv", "\ufeffsep=,\nname.zh-Hans,name.en,category,cost.mortgage\n快抽,Quick,skill,x\n"
    )
    result = cli("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out")
    assert result.exit_code == 1, result.output
    (line,) = error_lines(result)
    assert line.startswith(f"{sheet}: row 2 (line 3), column D (cost.mortgage): error csv.value: 'x'"), line


def test_a_sep_line_and_nothing_else_has_no_header(cli, tmp_path: Path) -> None:
    sheet = write(tmp_path / "cards.csv", "sep=;\n")
    result = cli("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out")
    assert result.exit_code == 1 and "csv.header" in result.stderr, result.output
