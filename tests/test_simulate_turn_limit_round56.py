"""`dossier simulate` says when the turn limit stopped the game, and which option raises it (round 56).

Before, a netrunner simulation that ran out of turns ended on each side's numbers after the log's
``simulation ends (winners: —, winner: —, reason: —, turns: 10)``; a tactics one said "round limit reached"
but not how to play longer.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
EX = ROOT / "examples" / "decks"


def test_a_netrunner_game_stopped_by_the_turn_limit_says_so(cli: Any) -> None:
    decks = [
        "--decks",
        EX / "netrunner" / "corp-hb-tireless-hands.json",
        "--decks",
        EX / "netrunner" / "runner-anarch-rust.json",
    ]
    result = cli("simulate", "netrunner", *decks, "--turns", 2, "--lang", "en")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[-1] == "stopped at the turn limit (2 turns); no winner (--turns raises the limit)"
    assert lines[-3].startswith("corp (") and lines[-2].startswith("runner (")  # after each side's numbers
    one = cli("simulate", "netrunner", *decks, "--turns", 1, "--lang", "en").stdout.splitlines()
    assert one[-1] == "stopped at the turn limit (1 turn); no winner (--turns raises the limit)"


def test_a_tactics_game_stopped_by_the_round_limit_names_the_option(cli: Any) -> None:
    decks = ["--decks", EX / "tactics" / "duo.json", "--decks", EX / "tactics" / "duo-rival.txt"]
    result = cli("simulate", "tactics", *decks, "--turns", 1, "--lang", "en")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == (
        "result: nobody after 1 round (round limit reached; --turns raises the limit)"
    )


def test_the_replay_title_names_the_mode_in_the_readers_language(cli, tmp_path) -> None:
    """The replay page's title names the mode by its name (Duo, 双雄), not its id."""
    import re

    from .conftest import ROOT

    decks = ROOT / "examples" / "decks" / "tactics"
    for lang, name in (("en", "Duo"), ("zh-Hans", "双雄")):
        out = tmp_path / f"{lang}.html"
        args = ("simulate", "tactics", "--decks", decks / "duo.json", "--decks", decks / "duo-rival.txt")
        result = cli(*args, "--turns", 1, "--lang", lang, "--replay", out)
        assert result.exit_code == 0, result.output
        title = re.search(r"<title>([^<]*)</title>", out.read_text(encoding="utf-8"))
        assert title is not None and title.group(1).startswith(f"{name} · "), title
