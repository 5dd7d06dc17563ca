"""s76 deck lists and deck statistics (helper 791), bundled cards and example decks:

1. a text list's identity line is the identity wherever it stands, a second one ``deck.identity.count``;
2. a text list's ``# game:`` that names no game is told at its line with the games there are and the one it is
   close to (English and Chinese);
3. `deck odds` heads its columns with words, the turn the rule documents' (turn 1 / 第 1 回合), aligned in Chinese.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from toolkit.cli import app
from toolkit.textwidth import display_width

ROOT = Path(__file__).resolve().parent.parent
EX = ROOT / "examples" / "decks"
HB = EX / "netrunner" / "corp-hb-tireless-hands.json"
FINGERS_LIST = EX / "netrunner" / "runner-criminal-fingers-list.txt"
DUO = EX / "tactics" / "duo.json"

def _run(*args: Any, lang: str = "en") -> Any:
    return CliRunner().invoke(app, [str(a) for a in args], env={"DOSSIER_LANG": lang, "COLUMNS": "200"})


# --- 1. a text list names its identity on a line of its own, wherever it stands -----------------------------------


def test_a_text_list_s_identity_line_is_its_identity_wherever_it_stands(tmp_path: Path) -> None:
    lines = FINGERS_LIST.read_text(encoding="utf-8").splitlines()
    identity = next(line for line in lines if "维拉" in line)
    moved = tmp_path / "moved.txt"
    moved.write_text("\n".join([*(line for line in lines if line != identity), identity]) + "\n", encoding="utf-8")
    checked = _run("deck", "validate", moved)
    assert checked.exit_code == 0 and "deck.card.kind" not in checked.output, checked.output
    twice = tmp_path / "twice.txt"
    twice.write_text("\n".join([*lines, identity]) + "\n", encoding="utf-8")
    findings = json.loads(_run("deck", "validate", twice, "-f", "json").stdout)[0]["findings"]
    assert [(f["code"], f["severity"], f["line"]) for f in findings] == [
        ("deck.identity.count", "error", len(lines) + 1)
    ], findings


# --- 2. a `# game:` line that names no game ------------------------------------------------------------------------


def _list_with_game(tmp_path: Path, game: str) -> Path:
    path = tmp_path / "list.txt"
    path.write_text(f"# name: Slip\n# mode: standard\n# game: {game}\n3x Sure Gamble\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("game", "hint"),
    [("netruner", "; did you mean 'netrunner'?"), ("Tactic", "; did you mean 'tactics'?"),
     ("谍战特攻", "; did you mean 'crossfire'?"), ("chess", "")],
)  # fmt: skip
def test_an_unknown_game_line_is_told_at_its_line_with_the_close_game(tmp_path: Path, game: str, hint: str) -> None:
    path = _list_with_game(tmp_path, game)
    checked = _run("deck", "validate", path)
    assert checked.exit_code == 1, checked.output
    said = f"{path}:3:1: error deck.game: unknown game {game!r}; games: tactics, netrunner, crossfire{hint}"
    assert checked.stdout.splitlines()[0] == said, checked.output
    refused = _run("deck", "stats", path)  # the same line from a command that refuses the deck
    assert refused.exit_code == 1 and said in refused.output, refused.output


def test_an_unknown_game_line_in_chinese(tmp_path: Path) -> None:
    path = _list_with_game(tmp_path, "netruner")
    checked = _run("deck", "validate", path, lang="zh-Hans")
    said = f"{path}:3:1：错误 deck.game：未知的游戏 'netruner'；现有游戏：tactics、netrunner、crossfire；是否想写 'netrunner'？"
    assert checked.stdout.splitlines()[0] == said, checked.output


# --- 3. draw odds headings ----------------------------------------------------------------------------------------


def _columns_end_alike(table: str) -> None:
    """Every right-aligned column ends at the same display column in each line as its heading does."""
    rows = table.splitlines()
    ends = [m.end() for m in re.finditer(r"\d%", rows[1])]  # where each odds cell ends, in characters
    widths = [display_width(rows[1][:end]) for end in ends]
    for row in rows[2:]:
        assert [display_width(row[: m.end()]) for m in re.finditer(r"\d%", row)] == widths, (row, rows[1])
    assert display_width(rows[0]) == widths[-1], table  # the last heading ends where its column's cells do


@pytest.mark.parametrize("deck", [HB, DUO])
def test_odds_headings_are_words_in_english(deck: Path) -> None:
    table = _run("deck", "odds", deck, "--turns", "3").stdout
    heading = table.splitlines()[0].split()
    assert heading == ["card", "n", "hand", "turn", "1", "turn", "2", "turn", "3"], heading
    assert not re.search(r"\bT\d", table), table
    _columns_end_alike(table)


def test_odds_headings_are_the_rule_documents_turn_in_chinese() -> None:
    table = _run("deck", "odds", DUO, "--turns", "10", lang="zh-Hans").stdout
    first = table.splitlines()[0]
    assert first.split()[:3] == ["卡牌", "张数", "起手"], first
    assert re.findall(r"第 (\d+) 回合", first) == [str(n) for n in range(1, 11)], first
    assert not re.search(r"\bT\d", table), table
    _columns_end_alike(table)
