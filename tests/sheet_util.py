"""Helpers of the spreadsheet tests (tests/test_import_csv.py, tests/test_sheet_round_trip.py)."""

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
