"""Stop 64: `dossier play tactics --plain` takes an option's words as shown (either language, any case), as Netrunner's
line-by-line play does, through one shared matcher (:func:`toolkit.engine.decisions.named_options`); its refusal lists
the options as the player sees them; a game played to its end with --save says where it was saved, and its summary
says "no winners" with the log's dash."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.conftest import ROOT
from toolkit.cli import app

DUEL = ROOT / "examples" / "decks" / "tactics" / "duel.json"
NR = ROOT / "examples" / "decks" / "netrunner"


def _answer(kind: str, lang: str, answers: list[str]) -> tuple[str | None, list[str]]:
    """A session at its first decision of ``kind``, answered at the plain terminal with ``answers`` (then the end of
    input): the label taken at that decision (None: none) and what was written."""
    from tests.test_play_round56 import _tactics_at
    from tests.test_tactics_decisions import RECORDS
    from toolkit.cli._lang import LogNames
    from toolkit.engine.tactics.terminal import play_terminal

    session = _tactics_at(kind)
    before = len(session.labels)
    written: list[str] = []
    left = list(answers)

    def read(prompt: str) -> str:
        if not left:
            raise EOFError
        return left.pop(0)

    with pytest.raises(EOFError):
        play_terminal(session, 1, lang, LogNames(RECORDS, lang), read=read, write=written.append)
    return (session.labels[before] if len(session.labels) > before else None), written


@pytest.mark.parametrize(("lang", "answer", "facing"), [("zh-Hans", "north", "n"), ("zh-Hans", "西", "w"),
                                                        ("en", "South", "s"), ("en", "东", "e")])  # fmt: skip
def test_a_facing_by_its_words_in_either_language(lang: str, answer: str, facing: str) -> None:
    taken, written = _answer("facing", lang, [answer])
    assert taken == facing, written
    assert not any("not an option" in line or "不是选项" in line for line in written), written


def test_a_question_by_its_words_and_a_refusal_in_the_players_words() -> None:
    taken, written = _answer("mulligan", "zh-Hans", ["x"])
    assert taken is None
    refusal = next(line for line in written if "'x'" in line)
    assert "1. 是" in refusal and "2. 否" in refusal and "yes" not in refusal, refusal  # (never the codes)
    taken, written = _answer("mulligan", "en", ["否"])
    assert taken == "no", written
    assert not any("not an option" in line for line in written), written


def test_one_matcher_words_several_options_share() -> None:
    from toolkit.engine.decisions import Option, named_options

    options = [Option("a#1", "x"), Option("a#2", "x"), Option("b#3", "y")]
    words = [["Medpack", "Medpack", "Flash"], ["急救包", "急救包", "目眩"]]
    assert named_options("medpack", options, words) == [options[0], options[1]]  # (the caller asks the number)
    assert named_options("目眩", options, words) == [options[2]]
    assert named_options("  FLASH ", options, words) == [options[2]]
    assert named_options("", options, words) == [] and named_options("a#1", options, words) == []


def _saved_at_end(tmp_path: Path, args: list[str], lang: str) -> tuple[Any, Path]:
    saved = tmp_path / "end.json"
    result = CliRunner().invoke(app, ["play", *args, "--plain", "--turns", "1", "--save", str(saved), "--lang", lang],
                                input="1\n" * 400)  # fmt: skip
    assert result.exit_code == 0, result.output
    assert saved.exists()
    return result, saved


def test_a_finished_tactics_game_says_where_it_was_saved(tmp_path: Path) -> None:
    result, saved = _saved_at_end(tmp_path, ["tactics", "--decks", str(DUEL), "--seed", "4"], "en")
    lines = result.output.strip().splitlines()
    assert lines[-1].startswith(f"the game is over; saved to {saved}"), lines[-3:]
    assert f"`dossier play tactics --load {saved} --plain`" in lines[-1]
    assert lines[-2] == "game over after 1 round: no winner (round limit reached; --turns raises the limit)"
    assert "winners: —" in lines[-3]
    again = CliRunner().invoke(app, ["play", "tactics", "--load", str(saved), "--plain", "--lang", "en"], input="")
    assert again.exit_code == 0 and again.output.strip().splitlines()[-1] == lines[-2], again.output


def test_a_finished_netrunner_game_says_where_it_was_saved(tmp_path: Path) -> None:
    decks = ["--decks", str(NR / "corp-hb-tireless-hands.json"), "--decks", str(NR / "runner-anarch-rust.json")]
    result, saved = _saved_at_end(tmp_path, ["netrunner", *decks, "--seed", "4"], "en")
    lines = result.output.strip().splitlines()
    assert lines[-1].startswith(f"the game is over; saved to {saved}"), lines[-3:]
    assert lines[-2].startswith("stopped at the turn limit (1 turn)")
