"""Stop 61: a saved game whose decisions stop fitting the game says why that may be (a game saved before a change
to the rules stops where the rules differ: this stop changed the order of tactics' questions), and a save broken
otherwise does not."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .test_play_s58 import DUEL, _netrunner_save, _play

HINT = "a game saved before a change to the rules stops where the rules differ"


def _tactics_save(tmp_path: Path) -> dict[str, Any]:
    saved = tmp_path / "t.json"
    result = _play("tactics", "--decks", DUEL, "--seed", 4, "--turns", 2, "--save", saved, "--plain",
                   answers="1\n" * 30 + "q\n")  # fmt: skip
    assert saved.is_file(), result.output
    data: dict[str, Any] = json.loads(saved.read_text(encoding="utf-8"))
    assert len(data["decisions"]) > 5
    return data


@pytest.mark.parametrize("game", ["tactics", "netrunner"])
def test_a_save_whose_decisions_no_longer_fit_says_the_rules_may_have_changed(tmp_path: Path, game: str) -> None:
    data = _tactics_save(tmp_path) if game == "tactics" else _netrunner_save(tmp_path)
    data["decisions"][3] = "no-such-option"
    broken = tmp_path / "old.json"
    broken.write_text(json.dumps(data), encoding="utf-8")
    result = _play(game, "--load", broken, "--plain", answers="1\n" * 5 + "q\n")
    assert result.exit_code == 1, result.output
    said = " ".join(result.output.split())
    assert f"{broken}: not a saved game this pool can replay: decision 4 (" in said and HINT in said


def test_a_save_broken_otherwise_does_not_blame_the_rules(tmp_path: Path) -> None:
    data = _netrunner_save(tmp_path)
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({**data, "decisions": "keep"}), encoding="utf-8")
    result = _play("netrunner", "--load", broken, "--plain", answers="1\n" * 5)
    assert result.exit_code == 1 and HINT not in " ".join(result.output.split())
