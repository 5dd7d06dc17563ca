"""Stop 61: the plain terminal's Netrunner question says what it asks once (`you (runner): runner: 4 clicks 5
credits` said the side twice and asked nothing) and an option whose words are its label is not said twice
(`1. keep — keep`)."""

from __future__ import annotations

from typer.testing import CliRunner

from toolkit.cli import app

from .conftest import ROOT

EX = ROOT / "examples" / "decks" / "netrunner"


def _play(lang: str) -> str:
    args = ["--lang", lang, "play", "netrunner", "--decks", str(EX / "corp-hb-tireless-hands.json"), "--decks",
            str(EX / "runner-anarch-rust.json"), "--side", "runner", "--plain", "--seed", "3"]  # fmt: skip
    result = CliRunner().invoke(app, args, input="1\n1\nq\n")
    return result.output


def test_the_action_question_says_the_clicks_and_credits_left_once() -> None:
    out = _play("en")
    assert "you (runner): take an action (4 clicks and 5 credits left)" in out, out[-2000:]
    assert "you (runner): runner:" not in out


def test_an_option_worded_as_its_label_is_said_once() -> None:
    out = _play("en")
    assert "  1. keep\n" in out and "keep   [keep]" not in out
    assert "  1. draw a card   [draw]" in out


def test_in_chinese_the_options_keep_their_words() -> None:
    out = _play("zh-Hans")
    assert "选择一个行动（还剩 4" in out, out[-2000:]
    assert "  1. 保留   [keep]" in out  # (the words first, the label typed after in brackets, as tactics shows)
