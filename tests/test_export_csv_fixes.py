"""`dossier export csv`: an invalid record is refused as every command that reads records refuses it (the file,
line and column of the problem, in the reader's language), never exported; a record that cannot go into a sheet
is told in ``dossier: error:`` lines naming its file; ``--out`` must name a .csv file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from toolkit.i18n import use_lang
from toolkit.importers.sheet_export import SheetPlan

from .conftest import CARDS
from .sheet_util import write

CARD: dict[str, Any] = {
    "category": "item",
    "cost": {"mortgage": 2},
    "game": "tactics",
    "id": "broken",
    "kind": "card",
    "name": {"en": "Bad", "zh-Hans": "坏"},
    "text": ["你抽 1 张牌。"],
}


def _card(tmp_path: Path, **changes: Any) -> Path:
    """A tactics card file in a set folder (``cards/broken.json``), in canonical layout, with ``changes``."""
    (tmp_path / "set" / "cards").mkdir(parents=True, exist_ok=True)
    text = json.dumps({**CARD, **changes}, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    return write(tmp_path / "set" / "cards" / "broken.json", text)


def test_a_record_the_model_refuses_is_placed_as_lint_places_it(cli, tmp_path: Path) -> None:
    path = _card(tmp_path, category="itme")  # line 2: "category": "itme"
    result = cli("export", "csv", path)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        f"dossier: error: {path}:2:3: invalid record at '/category': expected one of 'equipment', 'skill', 'item', "
        f"'status', 'minion' (run `dossier lint {path}` for every problem)"
    ]


def test_an_invalid_value_a_sheet_could_hold_is_not_exported_silently(cli, tmp_path: Path) -> None:
    path = _card(tmp_path, cost={"mortgage": "two"})  # line 4: "mortgage": "two"
    out = tmp_path / "out.csv"
    for args in ((), ("--out", out)):
        result = cli("export", "csv", tmp_path / "set", *args)
        assert result.exit_code == 1, result.output
        assert result.stdout == ""
        assert result.stderr.startswith(
            f"dossier: error: {path}:4:5: invalid record at '/cost/mortgage': expected a whole number"
        ), result.stderr
        assert len(result.stderr.splitlines()) == 1
    assert not out.exists()


def test_an_invalid_record_is_told_in_the_readers_language(cli, tmp_path: Path) -> None:
    path = _card(tmp_path, category="itme")
    result = cli("export", "csv", path, "--lang", "zh-Hans")
    assert result.exit_code == 1
    [line] = result.stderr.splitlines()
    assert line.startswith(f"dossier：错误：{path}:2:3：'/category' 处的记录无效："), line
    assert "tactics" not in line and "cannot" not in line


def test_a_record_that_cannot_go_into_a_sheet_is_named_with_its_file_in_the_readers_language() -> None:
    data = {**CARD, "category": {"not": "a word"}}  # (no model check here: a value no cell holds)
    where = Path("set") / "cards" / "broken.json"

    def plan() -> SheetPlan:
        return SheetPlan(lambda: [data], "tactics", "card", None, {"broken": where})

    assert plan().problems == [
        f"{where}: tactics card 'broken': category cannot be written to a sheet so that the import reads it back "
        "unchanged"
    ]
    with use_lang("zh-Hans"):
        [problem] = plan().problems
    assert problem.startswith(f"{where}：特工战术卡牌 'broken'：category "), problem
    assert "tactics card" not in problem


def test_the_problems_of_a_sheet_are_error_lines(cli, tmp_path: Path) -> None:
    path = _card(tmp_path, text=[" 你抽 1 张牌。"])  # valid, but a cell's leading space is not read back
    result = cli("export", "csv", path)
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.splitlines() == [
        f"dossier: error: {path}: tactics card 'broken': text cannot be written to a sheet so that the import reads "
        "it back unchanged",
        "dossier: error: 1 record cannot go into a sheet unchanged; nothing written",
    ]


def test_out_must_name_a_csv_file(cli, tmp_path: Path) -> None:
    roles = CARDS / "crossfire"
    for name in ("x.xlsx", "x.ods", "x", "x.csv.txt"):
        out = tmp_path / name
        result = cli("export", "csv", roles, "--kind", "role", "--out", out)
        assert result.exit_code == 2, result.output
        assert result.stderr.splitlines() == [f"dossier: error: --out {out}: expected a .csv file name"]
        assert not out.exists()
    zh = cli("export", "csv", roles, "--kind", "role", "--out", tmp_path / "x.xlsx", "--lang", "zh-Hans")
    assert zh.exit_code == 2 and zh.stderr.splitlines() == [f"dossier：错误：--out {tmp_path / 'x.xlsx'}：文件名应以 .csv 结尾"]
    upper = tmp_path / "X.CSV"
    written = cli("export", "csv", roles, "--kind", "role", "--out", upper)
    assert written.exit_code == 0, written.output
    assert upper.read_text(encoding="utf-8-sig").startswith("id,name.zh-Hans,name.en")
