"""``dossier print --check --template DIR`` (sweep 75): every problem of every template, lint-style, exit 1."""

from __future__ import annotations

import json
from pathlib import Path

from toolkit.sheets.template import TEMPLATE_DIR


def _template(directory: Path, name: str, change) -> Path:
    data = json.loads((TEMPLATE_DIR / name).read_text("utf-8"))
    change(data)
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2), "utf-8")
    return path


def test_check_reports_every_problem_of_every_template(cli, tmp_path: Path) -> None:
    def fields(data: dict) -> None:
        data["boxes"]["art"]["width"] = "x"
        data["boxes"]["art"]["foo"] = 1

    def boxes(data: dict) -> None:
        data["boxes"]["name"]["x"] = 60
        data["boxes"]["badge"]["give_to"] = "symbol"

    tactics = _template(tmp_path, "tactics/card.json", fields)
    netrunner = _template(tmp_path, "netrunner/card.json", boxes)
    _template(tmp_path, "crossfire/role.json", lambda d: d["boxes"]["text"].update(x=0.5))  # (a warning)
    result = cli("print", "--check", "--template", tmp_path)
    assert result.exit_code == 1, result.output
    lines = result.stdout.splitlines()
    assert [line.split(": ", 2)[1] for line in lines[:-1]] == [
        "warning template.box.safe",
        "error template.box",
        "error template.box",
        "error template.schema",
        "error template.schema",
    ], lines
    assert lines[1].startswith(f"{netrunner}:") and lines[3].startswith(f"{tactics}:8:7: ")
    assert lines[4] == f"{tactics}:11:7: error template.schema: /boxes/art/foo: not a field of this template"
    assert lines[-1] == "3 templates: 4 errors, 1 warning"
    printed = cli("print", "--template", tmp_path, "tactics/med_kit", "--out", tmp_path / "x.pdf")
    assert printed.exit_code == 2 and "(and 1 more problem)" in printed.stderr, printed.output
