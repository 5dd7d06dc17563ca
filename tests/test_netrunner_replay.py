"""`dossier simulate netrunner --replay F.html`: one page stepping through the game, a frame per decision."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from .conftest import ROOT

EX = ROOT / "examples" / "decks" / "netrunner"
ARGS = ["simulate", "netrunner", "--decks", EX / "corp-weyland-skyward.json", "--decks", EX / "runner-anarch-rust.json"]


def simulate(cli: Any, out: Path, *extra: str) -> str:
    result = cli(*ARGS, "--seed", "2", "--turns", "8", "--replay", out, *extra)
    assert result.exit_code == 0, result.output
    return out.read_text(encoding="utf-8")


def test_the_replay_steps_through_the_table(cli: Any, tmp_path: Path) -> None:
    page = simulate(cli, tmp_path / "game.html", "--lang", "en")
    figures = re.findall(r"<figure data-label=\"([^\"]*)\"", page)
    assert figures[0] == "set-up" and figures[-1] == "end" and len(figures) > 20
    assert len(re.findall(r'<ol class="step-events"', page)) == len(figures)
    assert any(label.startswith("turn 0 · mulligan") for label in figures)  # before the first turn
    # the servers with their ice, the rig, the score areas; English names, face-down cards dark
    assert 'class="server"><b>HQ</b>' in page and "rig:" in page and "score area:" in page
    assert "Cassia" in page and 'class="card ice down"' in page
    assert "<script" in page and "http://" not in page.split("<script", 1)[1]  # self-contained


def test_the_same_seed_gives_the_same_page(cli: Any, tmp_path: Path) -> None:
    assert simulate(cli, tmp_path / "a.html") == simulate(cli, tmp_path / "b.html")


def test_the_replay_refuses_to_replace_what_is_not_a_page(cli: Any, tmp_path: Path) -> None:
    mine = tmp_path / "notes.html"
    mine.write_text("my notes, not a replay\n", encoding="utf-8")
    result = cli(*ARGS, "--turns", "2", "--replay", mine)
    assert result.exit_code != 0 and mine.read_text(encoding="utf-8") == "my notes, not a replay\n"


def test_save_and_replay_are_checked_before_the_game(cli: Any, tmp_path: Path, monkeypatch: Any) -> None:
    """`simulate netrunner --save` once replaced any file it was given (a deck given by mistake); now a file that
    is no saved game is refused, as is a path that cannot be written, and both before a game is played; a game
    saved earlier is replaced."""
    import toolkit.cli.simulate

    played: list[Any] = []
    real = toolkit.cli.simulate._simulate_netrunner
    def counted(*args: Any, **kwargs: Any) -> Any:
        played.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(toolkit.cli.simulate, "_simulate_netrunner", counted)
    deck = tmp_path / "deck.json"
    deck.write_bytes((EX / "runner-anarch-rust.json").read_bytes())
    for option, path, said in [("--save", deck, "is not a game saved by --save"),
                               ("--save", tmp_path / "none" / "g.json", "does not exist"),
                               ("--replay", tmp_path / "none" / "g.html", "does not exist")]:  # fmt: skip
        result = cli(*ARGS, "--turns", "2", option, path, "--lang", "en")
        assert result.exit_code == 2 and said in result.output, result.output
    assert played == [] and deck.read_bytes() == (EX / "runner-anarch-rust.json").read_bytes()
    saved = tmp_path / "game.json"
    for _ in range(2):  # the second run replaces the game the first saved
        assert cli(*ARGS, "--turns", "2", "--save", saved).exit_code == 0
    assert json.loads(saved.read_text(encoding="utf-8"))["decisions"]
