"""Helpers of the spreadsheet tests (tests/test_import_csv.py, tests/test_sheet_round_trip.py, the designer's)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def write(path: Path, text: str, encoding: str = "utf-8") -> Path:
    path.write_bytes(text.encode(encoding))
    return path


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def error_lines(result: Any) -> list[str]:
    return [line for line in result.stderr.splitlines() if ": error " in line]


# a sheet of two tactics cards (tests/test_designer_s67.py, tests/test_spreadsheet_s71.py)
HEADER = "id,name.zh-Hans,name.en,category,back,cost.mortgage,text,copies\n"
DRESSING = "field_dressing,战地包扎,Field Dressing,item,personal,1,响应：本单位获得 2 点临时生命值。,3\n"
QUICK = "quick_draw,快速拔枪,Quick Draw,skill,personal,,你抽 2 张牌。,2\n"


def import_sheet(cli: Any, sheet: Path, into: Path, *more: str) -> Any:
    """`dossier import csv SHEET --game tactics --into INTO`, never a traceback."""
    result = cli("import", "csv", sheet, "--game", "tactics", "--into", into, *more)
    assert "Traceback" not in result.output, result.output
    return result


def manifest(into: Path) -> dict[str, Any]:
    """The records of the import manifest of the set ``into``."""
    records: dict[str, Any] = json.loads((into / ".dossier-import" / "manifest.json").read_text("utf-8"))["records"]
    return records
