"""`dossier play netrunner`: a person plays a whole game from the terminal as either side, seeing only their side."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from toolkit.catalog import load_catalog
from toolkit.cli import app

from .conftest import CARDS, ROOT

EX = ROOT / "examples" / "decks" / "netrunner"
DECKS = ["--decks", str(EX / "corp-hb-tireless-hands.json"), "--decks", str(EX / "runner-criminal-fingers.json")]


def play(*args: str, answers: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["play", "netrunner", *DECKS, "--lang", "en", *args], input=answers)
    return result.exit_code, result.stdout


@pytest.mark.parametrize("side", ["corp", "runner"])
def test_a_whole_game_from_the_terminal(side: str) -> None:
    """Always the first option: the game runs to its end (or the turn limit) with the person deciding."""
    code, out = play("--side", side, "--seed", "4", "--turns", "200", answers="1\n" * 3000)
    assert code == 0, out
    assert "game over: the" in out and f"you ({side}): keep your opening hand or mulligan?" in out
    other = "runner" if side == "corp" else "corp"
    assert f"you ({other})" not in out


def test_only_what_the_seat_may_see() -> None:
    code, out = play("--side", "runner", "--turns", "2", answers="1\n" * 200)
    assert code == 0, out
    assert "your hand:" in out
    # the corp's hand never shows; the cards it draws and installs are logged for the corp only
    corp = json.loads((EX / "corp-hb-tireless-hands.json").read_text(encoding="utf-8"))
    records = {r.id: r for r in load_catalog([CARDS / "netrunner"]).records}  # type: ignore[attr-defined]
    corp_names = {records[c].name.en for c in corp["cards"]}
    runner = json.loads((EX / "runner-criminal-fingers.json").read_text(encoding="utf-8"))
    corp_names -= {records[c].name.en for c in runner["cards"]}
    for line in out.splitlines():
        if line.startswith("your hand:") and any(name in line for name in corp_names):
            pytest.fail(f"the runner saw the corp's hand: {line}")
        if " corp draw (" in line or " corp install (card:" in line:
            pytest.fail(f"the runner saw a corp secret: {line}")


def test_a_label_or_a_number_and_a_wrong_answer_asked_again() -> None:
    code, out = play("--side", "corp", "--turns", "1", answers="keep\n99\nnonsense\ncredit\n" + "1\n" * 50)
    assert code == 0, out
    assert "type a number from 1 to" in out


def test_save_and_go_on(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    code, out = play("--side", "runner", "--turns", "4", "--save", str(saved), answers="1\n" * 5)
    assert code == 0 and "stopped: end of input" in out
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["format"] == "dossier-netrunner-game/1" and len(data["decisions"]) >= 5
    went_on = CliRunner().invoke(app, ["play", "netrunner", "--lang", "en", "--side", "runner", "--turns", "4",
                                       "--load", str(saved)], input="1\n" * 400)  # the saved game's decks  # fmt: skip
    code, out = went_on.exit_code, went_on.stdout
    assert code == 0, out
