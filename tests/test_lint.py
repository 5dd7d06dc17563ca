"""`dossier lint` on bad card files: each problem found, located, and no traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from toolkit.jsonio import canonical_dumps

from .conftest import CARDS, ROOT


def edit(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(canonical_dumps(data), encoding="utf-8")


def exclusive_card(root: Path) -> Path:
    for path in sorted((root / "cards").glob("*.json")):
        if '"agent": ' in path.read_text(encoding="utf-8"):
            return path
    raise AssertionError("no exclusive card")


def break_json(root: Path) -> str:
    path = root / "cards" / "broken.json"
    path.write_text('{\n  "game": "tactics",\n  "kind": "card"\n  "id": "broken"\n}\n', encoding="utf-8")
    return "cards/broken.json:4:3: error card.json: invalid JSON: Expecting ',' delimiter"


def drop_required(root: Path) -> str:
    path = exclusive_card(root)
    edit(path, lambda d: d.pop("category"))
    return f"cards/{path.name}:1:1: error card.schema: tactics card '{path.stem}': missing required field '/category'"


def wrong_type(root: Path) -> str:
    edit(root / "agents" / "private.json", lambda d: d.update(hp="ten"))
    return "agents/private.json:"  # position checked below


def negative_cost(root: Path) -> str:
    path = exclusive_card(root)
    edit(path, lambda d: d.update(cost={"mortgage": -2}))
    return "/cost/mortgage: -2 is less than the minimum of 0"


def duplicate_id(root: Path) -> str:
    agent = json.loads((root / "agents" / "private.json").read_text(encoding="utf-8"))
    path = exclusive_card(root)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["id"] = "private"
    (root / "cards" / "private.json").write_text(canonical_dumps(data), encoding="utf-8")
    assert agent["id"] == "private"
    return "error card.id.duplicate: tactics"


def missing_agent(root: Path) -> str:
    path = exclusive_card(root)
    edit(path, lambda d: d.update(agent="nobody"))
    return f"cards/{path.name}:3:3: error card.ref: tactics card '{path.stem}': exclusive to agent 'nobody', which does not exist"


def unknown_field(root: Path) -> str:
    edit(root / "agents" / "private.json", lambda d: d.update(nickname="小兵"))
    return "error card.schema: tactics agent 'private': unknown field 'nickname'"


def id_not_file_name(root: Path) -> str:
    edit(root / "agents" / "private.json", lambda d: d.update(id="grunt"))
    return "error card.id: tactics agent 'grunt': id does not match the file name 'private.json'"


def unresolved_text_name(root: Path) -> str:
    path = exclusive_card(root)
    edit(path, lambda d: d.update(text=["你搜寻 1 张「不存在的牌」。"]))
    return "error card.text.ref"


CASES = [
    break_json,
    drop_required,
    wrong_type,
    negative_cost,
    duplicate_id,
    missing_agent,
    unknown_field,
    id_not_file_name,
    unresolved_text_name,
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.__name__)
def test_bad_tactics_file(case: Callable[[Path], str], game_copy, cli, monkeypatch) -> None:
    root = game_copy("tactics")
    expected = case(root)
    monkeypatch.chdir(root.parent)
    result = cli("lint", "tactics")
    assert result.exit_code == 1, result.output
    assert expected in result.output
    assert "Traceback" not in result.output


def test_wrong_type_is_located_at_the_value(game_copy, cli, monkeypatch) -> None:
    root = game_copy("tactics")
    wrong_type(root)
    monkeypatch.chdir(root.parent)
    result = cli("lint", "tactics/agents/private.json")
    assert result.exit_code == 1
    line = next(ln for ln in result.output.splitlines() if "card.schema" in ln)
    text = (root / "agents" / "private.json").read_text(encoding="utf-8").splitlines()
    number, column = (int(x) for x in line.split(":")[1:3])
    assert text[number - 1][column - 1 :].startswith('"hp"')
    assert "/hp: \"ten\" is not of type 'integer'" in line


def test_all_problems_reported_not_the_first(game_copy, cli, monkeypatch) -> None:
    root = game_copy("tactics")
    expected = [case(root) for case in (break_json, missing_agent, unknown_field)]
    monkeypatch.chdir(root.parent)
    result = cli("lint", "tactics")
    assert all(e in result.output for e in expected), result.output


def test_single_file_is_checked_in_its_games_context(cli) -> None:
    path = next((CARDS / "tactics" / "cards").glob("*.json"))
    result = cli("lint", path)
    assert result.exit_code == 0, result.output
    assert "1 file: 0 errors" in result.output


@pytest.mark.parametrize("where", ["cards", "agents"])
def test_a_file_named_that_repeats_another_records_id_or_name_is_told(where: str, game_copy, cli, monkeypatch) -> None:
    """A new file named alone (a designer's copy of a card, linted on save) is told of the id and names it shares
    with a record of its game, as the later of the two is in a lint of the whole game; so is the file it copied,
    when named alone; and a subdirectory linted is told of one it shares with a record outside it."""
    root = game_copy("tactics")
    original = sorted((root / where).glob("*.json"))[0]
    for name in ("aa_copy.json", "zz_copy.json"):  # (before and after the original, walked in order)
        copy = root / where / name
        copy.write_bytes(original.read_bytes())
        monkeypatch.chdir(root.parent)
        for named, other in ((copy, original), (original, copy)):
            given = str(named.relative_to(root.parent))
            result = cli("lint", given, "--no-cache")
            assert result.exit_code == 1, result.output
            found = {ln.split()[2] for ln in result.output.splitlines() if ln.startswith(given)}
            assert {"card.id.duplicate:", "card.name.duplicate:"} <= found, result.output
            # the other file named as the one asked about was: relative to the working directory
            assert f"id already used by {other.relative_to(root.parent)}" in result.output, result.output
            assert str(root) not in result.output
        whole = cli("lint", "tactics", "--no-cache").output
        assert sum("card.id.duplicate" in ln for ln in whole.splitlines()) == 1  # (on the later file only)
        copy.unlink()
    outside = root / "extra"
    outside.mkdir()
    (outside / original.name).write_bytes(original.read_bytes())
    result = cli("lint", "tactics/extra", "--no-cache")
    [told] = [ln for ln in result.output.splitlines() if "card.id.duplicate" in ln]
    assert told.startswith(f"tactics/extra/{original.name}:")
    assert told.endswith(f"id already used by {original.relative_to(root.parent)}"), told
    given = str(outside / original.name)  # named in full: the other named in full too
    told = next(ln for ln in cli("lint", given, "--no-cache").output.splitlines() if "card.id.duplicate" in ln)
    assert told.startswith(given) and told.endswith(f"id already used by {original}"), told


def test_crossfire_composition_must_add_up(game_copy, cli, monkeypatch) -> None:
    root = game_copy("crossfire")

    def change(d: dict[str, Any]) -> None:
        d["compositions"][2]["roles"]["agent"] = 3

    edit(root / "modes" / "crossfire.json", change)
    monkeypatch.chdir(root.parent)
    result = cli("lint", "crossfire")
    assert result.exit_code == 1
    assert (
        "error card.mode.composition: crossfire mode 'crossfire': the 7-player composition deals 8 roles"
        in result.output
    )


def test_crossfire_substitution_unknown_role_reported_once_at_its_field(game_copy, cli, monkeypatch) -> None:
    """A role the substitution is for and adds is one finding, at the substitution's "role" (not two at the
    substitution); a removed role that does not exist is its own finding, at its place in "remove"."""
    root = game_copy("crossfire")

    def change(d: dict[str, Any]) -> None:
        d["substitutions"].append({"add": {"ghost": 1}, "remove": [{"roles": ["bystander", "phantom"]}], "role": "ghost"})

    edit(root / "modes" / "crossfire.json", change)
    monkeypatch.chdir(root.parent)
    result = cli("lint", "crossfire", "--no-cache")
    assert result.exit_code == 1
    lines = [ln for ln in result.output.splitlines() if "which does not exist" in ln]
    assert len(lines) == 2, result.output
    assert sum("'ghost'" in ln for ln in lines) == 1 and sum("'phantom'" in ln for ln in lines) == 1, lines
    text = (root / "modes" / "crossfire.json").read_text(encoding="utf-8").splitlines()
    ghost = next(ln for ln in lines if "'ghost'" in ln)
    line = int(ghost.split(":")[1])
    assert '"role": "ghost"' in text[line - 1], (ghost, text[line - 1])
    phantom = next(ln for ln in lines if "'phantom'" in ln)
    assert '"phantom"' in text[int(phantom.split(":")[1]) - 1], phantom


def test_netrunner_faction_side_mismatch(game_copy, cli, monkeypatch) -> None:
    root = game_copy("netrunner")
    program = next(
        p for p in sorted((root / "cards").glob("*.json")) if '"type": "program"' in p.read_text(encoding="utf-8")
    )
    edit(program, lambda d: d.update(faction="jinteki"))
    monkeypatch.chdir(root.parent)
    result = cli("lint", "netrunner")
    assert result.exit_code == 1
    assert "error card.side" in result.output


def test_json_output(game_copy, cli, monkeypatch) -> None:
    root = game_copy("tactics")
    missing_agent(root)
    monkeypatch.chdir(root.parent)
    result = cli("lint", "tactics", "--format", "json")
    assert result.exit_code == 1
    data = json.loads(result.output)
    [finding] = data["findings"]
    assert finding["code"] == "card.ref" and finding["pointer"] == "/agent" and finding["line"] == 3
    assert data["summary"]["errors"] == 1
    assert data["summary"]["games"]["tactics"]["agent"] == len(list((root / "agents").glob("*.json")))


def test_non_utf8_file(tmp_path: Path, cli) -> None:
    (tmp_path / "x.json").write_bytes(b'{"id": "\xff"}')
    result = cli("lint", tmp_path)
    assert result.exit_code == 1
    assert "error card.encoding: cannot decode file: not UTF-8" in result.output


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["lint", "no/such/dir"], 2, "dossier: error: no/such/dir: no such file or directory"),
        (["lint", "--format", "xml", "cards"], 2, "choose one of text, json"),
        (["fmt", "no/such/dir"], 2, "no such file or directory"),
    ],
)
def test_usage_errors_exit_2_without_traceback(args: list[str], code: int, message: str) -> None:
    """Through the real console entry point, as a user runs it."""
    proc = subprocess.run(
        [sys.executable, "-c", "from toolkit.cli import app; app()", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == code
    assert message in proc.stderr + proc.stdout
    assert "Traceback" not in proc.stderr + proc.stdout
