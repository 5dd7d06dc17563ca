"""`dossier draft`: at the keyboard the rows and prompts go to the terminal (stderr) whatever the format, standard
output holds the result alone; invalid picks exit 1 as the exit-code table says; its messages name the agents
offered, warn in the project's words and leave no dangling "+" for a pool without a 列兵."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CARDS, SCHEMA
from tests.pty_util import at_keyboard as _keyboard

SEED = "3"




def _script(tmp_path: Path, picks: list[str]) -> Path:
    path = tmp_path / "picks.txt"
    path.write_text("\n".join(picks) + "\n", encoding="utf-8")
    return path


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")
@pytest.mark.slow
def test_a_json_draft_at_the_keyboard_writes_json_alone_and_shows_the_rows_on_the_terminal(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    shown, code = _keyboard(["--lang", "en", "draft", "--seed", SEED, "-f", "json"], ["1\n"] * 8, stdout=out)
    assert code == 0, shown
    data = json.loads(out.read_text(encoding="utf-8"))  # nothing but the result: no prompt, no row
    assert [len(s["agents"]) for s in data["squads"]] == [4, 4]
    assert shown.count("face up: [1] ") == 8, shown  # the row before each pick, though the format is json
    assert "player 1 picks" in shown and "player 2 takes" in shown, shown


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")
@pytest.mark.slow
def test_a_text_draft_at_the_keyboard_prints_only_the_squads_to_standard_output(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    shown, code = _keyboard(["--lang", "en", "draft", "--seed", SEED], ["1\n"] * 8, stdout=out)
    assert code == 0, shown
    assert "face up:" in shown and "player 1 picks" in shown, shown
    lines = out.read_text(encoding="utf-8").splitlines()
    assert [line.split(":")[0] for line in lines] == ["player 1", "player 2"], lines


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")
@pytest.mark.slow
def test_end_of_input_at_the_keyboard_exits_1_as_the_docstring_says() -> None:
    shown, code = _keyboard(["--lang", "en", "draft", "--seed", "1"], ["1\n", "\x04"])
    assert "end of input: the draft stopped before every pick was made" in shown and "Aborted" not in shown, shown
    assert code == 1


def test_a_bad_pick_in_a_script_exits_1_naming_the_row_by_numbers_and_names(cli: Any, tmp_path: Path) -> None:
    played = cli("draft", "--seed", SEED, "--script", _script(tmp_path, ["1"] * 8), "-f", "json")
    row = json.loads(played.stdout)["log"][1]["row"]  # the first face-up row
    assert len(row) == 4
    refused = cli("draft", "--seed", SEED, "--script", _script(tmp_path, ["nobody"]), "--lang", "zh-Hans")
    assert refused.exit_code == 1, refused.output
    from toolkit.cli.deck import load_pool

    agents = load_pool(None).rules.game("tactics").records
    offered = "、".join(f"[{i}] {agents[a].name.zh_hans}" for i, a in enumerate(row, 1))
    assert f"picks.txt:1：'nobody' 不在明牌中；请从 {offered} 中选择" in refused.stderr, refused.stderr
    assert not any(f"{a}、" in refused.stderr or f"{a} 中选择" in refused.stderr for a in row)  # no id listed


def test_a_script_that_runs_out_of_picks_exits_1(cli: Any, tmp_path: Path) -> None:
    short = cli("draft", "--seed", SEED, "--script", _script(tmp_path, ["1"]))
    assert short.exit_code == 1 and "ran out of picks" in short.stderr, short.output


def test_picks_past_the_end_are_warned_about_in_the_project_s_words(cli: Any, tmp_path: Path) -> None:
    script = _script(tmp_path, ["1"] * 10)
    result = cli("draft", "--seed", SEED, "--script", script, "--lang", "zh-Hans")
    assert result.exit_code == 0, result.output
    assert f"dossier：警告：{script}:9：轮抓已结束" in result.stderr, result.stderr
    assert "dossier: " not in result.stderr


def test_a_pool_without_a_private_leaves_no_dangling_plus(cli: Any, tmp_path: Path) -> None:
    shutil.copytree(SCHEMA, tmp_path / "schema")
    pool = tmp_path / "cards" / "tactics"
    shutil.copytree(CARDS / "tactics", pool)
    (pool / "agents" / "private.json").unlink()
    result = cli("draft", "--seed", SEED, "--script", _script(tmp_path, ["1"] * 8), "--cards", pool)
    assert result.exit_code == 0, result.output
    squads = [line for line in result.stdout.splitlines() if line.startswith("player ") and " takes " not in line]
    assert len(squads) == 2 and all(not line.rstrip().endswith("+") and " + " not in line for line in squads), squads
