"""`dossier scenario run FILE`: a position a user writes from schema/scenario.schema.json, its decisions, its checks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .conftest import ROOT

EXAMPLE = ROOT / "examples" / "scenarios" / "run-through-ice.json"


def test_the_example_scenario_passes(cli: Any) -> None:
    result = cli("scenario", "run", EXAMPLE, "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "ok   log.break = 2" in result.stdout and "waiting for the runner (action)" in result.stdout
    data = json.loads(cli("scenario", "run", EXAMPLE, "--format", "json").stdout)
    assert data["passed"] and data["decisions_taken"] == 11 and data["pending"]["kind"] == "action"
    assert {"label", "text"} <= set(data["pending"]["options"][0])
    assert data["state"]["runner"]["rig"][0]["id"] == "fine_line_cutter"


def _write(tmp_path: Path, change: Any) -> Path:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    return path


def test_a_failed_check_exits_1(cli: Any, tmp_path: Path) -> None:
    path = _write(tmp_path, lambda d: d["expect"].update({"runner.credits": 99}))
    result = cli("scenario", "run", path)
    assert result.exit_code == 1 and "FAIL runner.credits = 4 (expected 99)" in result.stdout


def test_a_decision_that_is_not_an_option(cli: Any, tmp_path: Path) -> None:
    path = _write(tmp_path, lambda d: d["decisions"].insert(1, "rez:nothing"))
    result = cli("scenario", "run", path)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"{path}: decision 2 (rez" in result.output and "'rez:nothing' is not an option" in result.output


def test_bad_files_name_the_place(cli: Any, tmp_path: Path) -> None:
    path = _write(tmp_path, lambda d: d["runner"].update({"credits": -1}))
    result = cli("scenario", "run", path)
    assert result.exit_code == 1 and f"{path}:" in result.output and "/runner/credits" in result.output
    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "netrunner",', encoding="utf-8")
    result = cli("scenario", "run", broken)
    assert result.exit_code == 1 and "invalid JSON" in result.output and "Traceback" not in result.output
    result = cli("scenario", "run", tmp_path / "missing.json")
    assert result.exit_code == 2 and "missing.json" in result.output
    path = _write(tmp_path, lambda d: d["corp"].update({"hand": ["no_such_card"]}))
    result = cli("scenario", "run", path)
    assert result.exit_code == 1 and "unknown netrunner card 'no_such_card'" in result.output


def test_the_first_problem_and_how_many_more_problems(cli: Any, tmp_path: Path) -> None:
    """A file with many problems is one line: the first, and how many more *problems* (not more choices of the
    field named first, as "expected one of 'netrunner' (and 5 more)" read); a field with one value allowed
    says that value, not "one of" it."""
    from toolkit.errors import and_more
    from toolkit.i18n import use_lang

    result = cli("scenario", "run", ROOT / "examples" / "decks" / "tactics" / "duel.json", "--lang", "en")
    assert result.exit_code == 1
    assert result.output.strip().endswith("/game: expected 'netrunner' (and 6 more problems)"), result.output
    with use_lang("en"):
        assert and_more("x", 1) == "x (and 1 more problem)" and and_more("x", 5) == "x (and 5 more problems)"
    with use_lang("zh-Hans"):
        assert and_more("x", 5) == "x（另有 5 个问题）"
