"""`dossier play --load` speaks the saved game's language from the start: a refusal of an option given with the save
(here --seed, which the save keeps) was told in the configured language, not the game's (session 68 sweep)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.conftest import ROOT
from toolkit.cli import app

DUO = ROOT / "examples" / "decks" / "tactics" / "duo.json"


@pytest.mark.parametrize(("saved", "said"), [("en", "does not go with"), ("zh-Hans", "不能与")])
def test_a_refusal_of_a_loaded_game_is_in_the_game_s_language(tmp_path: Path, saved: str, said: str) -> None:
    game = tmp_path / "game.json"
    runner = CliRunner()
    started = runner.invoke(app, ["play", "tactics", "--decks", str(DUO), "--vs", "heuristic", "--seed", "3",
                                  "--lang", saved, "--plain", "--save", str(game)], input="")  # fmt: skip
    assert game.exists(), started.output
    # the language the command would speak without the save: the system's locale, the other language
    locale = "en_US.UTF-8" if saved == "zh-Hans" else "C"
    refused = runner.invoke(app, ["play", "tactics", "--load", str(game), "--save", str(game), "--seed", "5"],
                            env={"DOSSIER_LANG": "", "LANG": locale, "LC_ALL": "", "LC_MESSAGES": ""})
    assert refused.exit_code == 2
    assert said in refused.output, refused.output
    assert "--seed" in refused.output
