"""A designer's round trip in sweep 71: an import that breaks another record of the set is refused (naming it); a
sheet is known to the manifest wherever the project is (a moved folder, a clone), and a renamed copy is told as
another sheet; a record two sheets hold stays until neither does; --force keeps the fields a sheet has no column
for; and missing art is told at the path the sheet gives, from the sheet's folder."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from .sheet_util import DRESSING, HEADER, QUICK, load, write
from .sheet_util import import_sheet as _import


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)  # (no cards/ here: the pool is the bundled one)
    return tmp_path


def _hand_made(into: Path, name: str, text: str, **more: Any) -> Path:
    """A record written by hand in the set (not by any sheet)."""
    data = {
        "$schema": "../../../schema/tactics/card.schema.json",
        "back": "personal",
        "category": "skill",
        "game": "tactics",
        "id": name,
        "kind": "card",
        "name": {"en": name.replace("_", " ").title(), "zh-Hans": f"手工{name}"},
        "text": [text],
        **more,
    }
    path = into / "cards" / f"{name}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return path


# ---------------------------------------------------------------- 1. an import that breaks another record


def test_removing_a_row_another_record_quotes_is_refused_naming_that_record(cli, here: Path) -> None:
    sheet = write(here / "my-cards.csv", HEADER + DRESSING + QUICK)
    into = here / "set4"
    assert _import(cli, sheet, into).exit_code == 0
    quoting = _hand_made(into, "trick_shot", "你从矩阵商店搜寻 1 张「快速拔枪」。")
    assert cli("lint", into).exit_code == 0, cli("lint", into).output
    write(sheet, HEADER + DRESSING)  # quick_draw, which trick_shot quotes, is gone
    result = _import(cli, sheet, into)
    assert result.exit_code == 1, result.output
    assert (into / "cards" / "quick_draw.json").is_file()  # nothing removed
    lines = [line for line in result.stderr.splitlines() if "csv.breaks" in line]
    assert len(lines) == 1 and str(quoting) in lines[0] and "card.text.ref" in lines[0], result.stderr
    assert "did not have" in lines[0]
    assert cli("lint", into).exit_code == 0


def test_renaming_a_row_another_record_quotes_is_refused(cli, here: Path) -> None:
    sheet = write(here / "my-cards.csv", HEADER + DRESSING + QUICK)
    into = here / "set4"
    assert _import(cli, sheet, into).exit_code == 0
    quoting = _hand_made(into, "trick_shot", "你从矩阵商店搜寻 1 张「快速拔枪」。")
    write(sheet, HEADER + DRESSING + QUICK.replace("快速拔枪", "快速抽枪"))
    result = _import(cli, sheet, into, "--dry-run")
    assert result.exit_code == 1, result.output
    assert "csv.breaks" in result.stderr and str(quoting) in result.stderr, result.stderr


def test_an_error_another_record_had_before_does_not_stop_an_import(cli, here: Path) -> None:
    sheet = write(here / "my-cards.csv", HEADER + DRESSING + QUICK)
    into = here / "set4"
    assert _import(cli, sheet, into).exit_code == 0
    _hand_made(into, "trick_shot", "你从矩阵商店搜寻 1 张「不存在的牌」。")
    assert "card.text.ref" in cli("lint", into).output
    write(sheet, HEADER + DRESSING.replace(",1,响应", ",2,响应") + QUICK)
    result = _import(cli, sheet, into)
    assert result.exit_code == 0, result.output
    assert "csv.breaks" not in result.output
    assert load(into / "cards" / "field_dressing.json")["cost"]["mortgage"] == 2


# ---------------------------------------------------------------- 2. where the sheet is


def test_a_moved_project_imports_its_sheet_again(cli, here: Path) -> None:
    project = here / "project"
    project.mkdir()
    sheet = write(project / "my-cards.csv", HEADER + DRESSING + QUICK)
    assert _import(cli, sheet, project / "set4").exit_code == 0
    moved = here / "elsewhere" / "project"
    moved.parent.mkdir()
    shutil.move(str(project), str(moved))
    sheet, into = moved / "my-cards.csv", moved / "set4"
    write(sheet, HEADER + DRESSING.replace(",1,响应", ",2,响应"))  # a changed row, a deleted one
    result = _import(cli, sheet, into)
    assert result.exit_code == 0, result.output
    assert "csv.exists" not in result.output
    assert load(into / "cards" / "field_dressing.json")["cost"]["mortgage"] == 2
    assert not (into / "cards" / "quick_draw.json").exists()
    assert str(project) not in (into / ".dossier-import" / "manifest.json").read_text("utf-8")


def test_an_old_manifest_of_absolute_paths_still_knows_the_sheet(cli, here: Path) -> None:
    sheet = write(here / "my-cards.csv", HEADER + DRESSING + QUICK)
    into = here / "set4"
    assert _import(cli, sheet, into).exit_code == 0
    path = into / ".dossier-import" / "manifest.json"
    data = json.loads(path.read_text("utf-8"))
    for entry in data["records"].values():  # as imports before sweep 71 wrote it
        entry.pop("sheets", None)
        entry["sheet"] = os.path.abspath(sheet)
    path.write_text(json.dumps(data), encoding="utf-8")
    write(sheet, HEADER + DRESSING.replace(",1,响应", ",2,响应"))
    result = _import(cli, sheet, into)
    assert result.exit_code == 0, result.output
    assert load(into / "cards" / "field_dressing.json")["cost"]["mortgage"] == 2
    assert not (into / "cards" / "quick_draw.json").exists()


def test_an_old_manifest_in_a_moved_project_still_knows_the_sheet(cli, here: Path) -> None:
    project = here / "project"
    project.mkdir()
    sheet = write(project / "my-cards.csv", HEADER + DRESSING + QUICK)
    assert _import(cli, sheet, project / "set4").exit_code == 0
    path = project / "set4" / ".dossier-import" / "manifest.json"
    data = json.loads(path.read_text("utf-8"))
    for entry in data["records"].values():
        entry.pop("sheets", None)
        entry["sheet"] = os.path.abspath(sheet)
    path.write_text(json.dumps(data), encoding="utf-8")
    moved = here / "clone"
    shutil.move(str(project), str(moved))
    write(moved / "my-cards.csv", HEADER + DRESSING.replace(",1,响应", ",2,响应"))
    result = _import(cli, moved / "my-cards.csv", moved / "set4")
    assert result.exit_code == 0, result.output
    assert not (moved / "set4" / "cards" / "quick_draw.json").exists()


def test_a_renamed_copy_of_the_sheet_is_another_sheet_named_from_the_set(cli, here: Path) -> None:
    sheet = write(here / "my-cards.csv", HEADER + DRESSING + QUICK)
    into = here / "set4"
    assert _import(cli, sheet, into).exit_code == 0
    copy = write(here / "my-cards-v2.csv", HEADER + DRESSING.replace(",1,响应", ",2,响应") + QUICK)
    result = _import(cli, copy, into)
    assert result.exit_code == 1, result.output
    line = next(line for line in result.stderr.splitlines() if "csv.exists" in line)
    assert "../my-cards.csv" in line and str(here) + "/my-cards.csv" not in line, line
    assert "--force" in line
    assert _import(cli, copy, into, "--force").exit_code == 0


# ---------------------------------------------------------------- 3. a record two sheets hold


def test_a_record_another_sheet_still_holds_is_not_removed(cli, here: Path) -> None:
    into = here / "set4"
    first = write(here / "my-cards.csv", HEADER + DRESSING + QUICK)
    assert _import(cli, first, into).exit_code == 0
    # an export of the set, edited (field_dressing) and imported with --force; quick_draw unchanged
    second = write(here / "edited.csv", HEADER + DRESSING.replace(",1,响应", ",2,响应") + QUICK)
    assert _import(cli, second, into, "--force").exit_code == 0
    write(second, HEADER + DRESSING.replace(",1,响应", ",2,响应"))  # the second no longer holds quick_draw
    result = _import(cli, second, into)
    assert result.exit_code == 0, result.output
    assert (into / "cards" / "quick_draw.json").is_file()  # the first sheet (and its print deck) still holds it
    deck = json.loads((into / ".dossier-import" / "my_cards.deck.json").read_text("utf-8"))
    assert "quick_draw" in deck["cards"]
    assert cli("lint", into).exit_code == 0
    # now neither holds it: gone
    write(first, HEADER + DRESSING.replace(",1,响应", ",2,响应"))
    result = _import(cli, first, into, "--force")
    assert result.exit_code == 0, result.output
    assert not (into / "cards" / "quick_draw.json").exists()


# ---------------------------------------------------------------- 4. --force and the fields a sheet lacks


def test_force_keeps_the_fields_the_sheet_has_no_column_for(cli, here: Path) -> None:
    into = here / "set4"
    hand = _hand_made(into, "quick_draw", "你抽 1 张牌。", flavor={"en": "Fast.", "zh-Hans": "快。"})
    sheet = write(here / "my-cards.csv", HEADER + QUICK)
    assert _import(cli, sheet, into).exit_code == 1  # (not without --force)
    result = _import(cli, sheet, into, "--force")
    assert result.exit_code == 0, result.output
    data = load(hand)
    assert data["flavor"] == {"en": "Fast.", "zh-Hans": "快。"}
    assert data["text"] == ["你抽 2 张牌。"] and data["name"]["zh-Hans"] == "快速拔枪"


def test_a_blank_cell_of_a_column_the_sheet_has_clears_the_field_and_a_dry_run_says_so(cli, here: Path) -> None:
    into = here / "set4"
    hand = _hand_made(into, "quick_draw", "你抽 1 张牌。", flavor={"en": "Fast.", "zh-Hans": "快。"})
    sheet = write(here / "my-cards.csv", HEADER.replace("\n", ",flavor.en\n") + QUICK.replace("\n", ",\n"))
    would = _import(cli, sheet, into, "--force", "--dry-run")
    assert would.exit_code == 0, would.output
    lines = [line for line in would.stderr.splitlines() if "csv.lost" in line]
    assert len(lines) == 1 and "flavor.en" in lines[0] and "flavor.zh-Hans" not in lines[0], would.stderr
    assert load(hand)["flavor"] == {"en": "Fast.", "zh-Hans": "快。"}  # (a dry run)
    assert _import(cli, sheet, into, "--force").exit_code == 0
    assert load(hand)["flavor"] == {"zh-Hans": "快。"}


def test_a_dry_run_that_loses_nothing_says_nothing_of_it(cli, here: Path) -> None:
    into = here / "set4"
    _hand_made(into, "quick_draw", "你抽 1 张牌。", flavor={"en": "Fast.", "zh-Hans": "快。"})
    sheet = write(here / "my-cards.csv", HEADER + QUICK)
    would = _import(cli, sheet, into, "--force", "--dry-run")
    assert would.exit_code == 0 and "csv.lost" not in would.output, would.output


# ---------------------------------------------------------------- 5. missing art


def test_missing_art_is_told_from_the_sheets_folder_at_its_row_and_column(cli, here: Path) -> None:
    (here / "art").mkdir()
    sheet = write(here / "my-cards.csv", HEADER.replace("\n", ",art\n") + QUICK.replace("\n", ",art/missing.png\n"))
    into = here / "set4"
    result = _import(cli, sheet, into)
    assert result.exit_code == 1, result.output
    line = next(line for line in result.stderr.splitlines() if "card.art.missing" in line)
    assert "row 2" in line and "column I (art)" in line, line
    assert str(here / "art" / "missing.png") in line and "'art/missing.png'" in line, line
    assert "set4/cards/art" not in line, line
