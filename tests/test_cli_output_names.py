"""An option naming a file to write, given with a trailing slash (``--out build/``), names a directory: it is
refused in one line (exit 2) and nothing is written, not a file ``build``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import ROOT

EX = ROOT / "examples" / "decks"
DUEL = EX / "tactics" / "duel.json"


@pytest.mark.parametrize(
    "args",
    [
        ["deck", "convert", DUEL, "--to", "text", "--out", "{}"],
        ["deck", "new", "--game", "tactics", "--mode", "duel", "--out", "{}"],
        ["print", DUEL, "--out", "{}"],
        ["print", DUEL, "--tts", "{}"],
        ["map", "render", "dockyard", "--out", "{}"],
        [
            "simulate",
            "tactics",
            "--decks",
            EX / "tactics" / "duo.json",
            "--decks",
            EX / "tactics" / "duo-rival.txt",
            "--seed",
            "1",
            "--turns",
            "3",
            "--replay",
            "{}",
        ],
        ["crossfire", "deal", "--players", "5", "--out", "{}"],
        ["crossfire", "deal", "--players", "5", "--slips", "{}"],
        ["crossfire", "simulate", "--players", "5", "--games", "10", "--plot", "{}"],
        ["db", "build", "--db", "{}"],
    ],
    ids=["convert", "new", "print", "tts", "map", "replay", "deal", "slips", "plot", "db"],
)
def test_a_trailing_slash_is_refused_and_nothing_is_written(args: list[Any], cli: Any, tmp_path: Path) -> None:
    target = tmp_path / "out"
    result = cli(*[f"{target}/" if a == "{}" else a for a in args])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("dossier: error: ") and "ends in '/'" in lines[0]
    assert list(tmp_path.iterdir()) == []


def test_the_same_names_without_the_slash_are_written(cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "duel.txt"
    assert cli("deck", "convert", DUEL, "--to", "text", "--out", out).exit_code == 0
    assert out.is_file()
