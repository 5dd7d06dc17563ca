"""`dossier scenario run FILE`: a position a user writes from schema/scenario.schema.json, its decisions, its checks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

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
    assert result.output.strip().endswith("/game: expected 'netrunner' (and 5 more problems)"), result.output
    with use_lang("en"):
        assert and_more("x", 1) == "x (and 1 more problem)" and and_more("x", 5) == "x (and 5 more problems)"
    with use_lang("zh-Hans"):
        assert and_more("x", 5) == "x（另有 5 个问题）"


def _scenario(tmp_path: Path, corp: dict[str, Any], runner: dict[str, Any] | None = None, **more: Any) -> Path:
    data = {"game": "netrunner", "name": "layout", "active": "runner", **more,
            "corp": {"identity": "weyland_skyward_holdings", "deck": ["neutral_pilot_scheme"] * 2, **corp},
            "runner": {"identity": "blank_lin", "deck": ["light_fingers"], **(runner or {})}}  # fmt: skip
    path = tmp_path / "layout.json"
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return path


def _place(path: Path, pointer: str) -> str:
    """``file:line:column: pointer`` of the value at ``pointer``, as the error names it."""
    from toolkit.jsonio import pointer_position, value_positions

    line, column = pointer_position(value_positions(path.read_text(encoding="utf-8")), pointer)
    return f"{path}:{line}:{column}: {pointer}: "


@pytest.mark.parametrize(
    ("corp", "runner", "pointer", "problem"),
    [
        ({"servers": {"hq": {"root": [{"card": "weyland_skyhook_expansion"}]}}}, None, "/corp/servers/hq/root/0",
         "'weyland_skyhook_expansion' (agenda) cannot be in the root of a central server; only upgrades can"),
        ({"servers": {"remote1": {"root": [{"card": "weyland_ore_refinery"}, {"card": "weyland_mineral_rights"}]}}},
         None, "/corp/servers/remote1/root/1", "'weyland_mineral_rights' (agenda) cannot join 'weyland_ore_refinery' "
         "in the root of a remote server, which holds one agenda or asset"),
        ({}, {"rig": [{"card": "modular_rigframe"}, {"card": "modular_rigframe"}]}, "/runner/rig/1",
         "'modular_rigframe' is unique, and another copy is active already"),
        ({"identity": "nope"}, None, "/corp/identity", "unknown netrunner identity 'nope'; identities: "),
        ({"hand": ["no_such_card"]}, None, "/corp/hand/0", "unknown netrunner card 'no_such_card'"),
    ],
    ids=["agenda-in-hq", "two-in-a-remote", "unique-twice", "unknown-identity", "unknown-card"],
)
def test_a_position_the_rules_forbid_is_refused_at_its_place(
    cli: Any, tmp_path: Path, corp: dict[str, Any], runner: dict[str, Any] | None, pointer: str, problem: str
) -> None:
    """The sweep's sc_bad.json and sc_unk.json: a layout the rules forbid (seed 001: "升级是唯一可以被安装在中央服务器
    根目录的卡牌类型", "在一台远程服务器上，同一时刻只能安装一个议案或资产"; a unique card active once) or an
    identity the pool lacks is one line naming the file, the line and column, and the field, as a schema error."""
    path = _scenario(tmp_path, corp, runner)
    result = cli("scenario", "run", path, "--lang", "en")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"{_place(path, pointer)}{problem}" in result.output, result.output


def test_a_decision_error_words_the_prompt_as_the_prompt_is_shown(cli: Any, tmp_path: Path) -> None:
    """The sweep's sc_host2.json and sc_rez2.json: the Chinese error said ``将一个program安装在…`` and ``rez：接近（hq）``
    where the prompt says ``将一个程序安装在…`` and ``接近（总部）``."""
    rez = _scenario(tmp_path, {"credits": 5, "servers": {"hq": {"ice": [{"card": "neutral_plywood_screen"}]}}},
                    {"credits": 10}, decisions=["run:hq", "bogus"])  # fmt: skip
    result = cli("scenario", "run", rez, "--lang", "zh-Hans")
    assert result.exit_code == 1 and "第 2 个决定（激活：接近（总部）：激活或使用付费能力？）" in result.output, result.output
    host = _scenario(tmp_path, {}, {"credits": 10, "hand": ["fine_line_cutter", "shade_key"],
                                    "rig": [{"card": "piggyback_rack"}]},
                     decisions=["use:piggyback_rack/1", "credit"])  # fmt: skip
    result = cli("scenario", "run", host, "--lang", "zh-Hans")
    assert result.exit_code == 1 and "将一个程序安装在挂载支架#" in result.output, result.output
    english = cli("scenario", "run", host, "--lang", "en")
    assert "(install a program on Piggyback Rack#" in english.output, english.output
