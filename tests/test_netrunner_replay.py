"""`dossier simulate netrunner --replay F.html`: one page stepping through the game, a frame per decision."""

from __future__ import annotations

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
