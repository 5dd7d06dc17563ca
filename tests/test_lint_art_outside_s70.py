"""Lint, round 70: art leading out of a set folder read with --cards (no game.json: its folder is the card folder
that holds it) is card.art.outside, as the web editor and print say it (validators/lint.py: lint_files checks the
records inside validators.art_lint.reading of the folders it walks and the pool)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from PIL import Image

from tests.conftest import CARDS
from tests.test_editor_s58 import set_card

SCHEMA = Path(__file__).resolve().parent.parent / "schema"


def test_lint_reports_art_leading_out_of_a_set_folder_read_with_cards(cli: Any, tmp_path: Path) -> None:
    shutil.copytree(SCHEMA, tmp_path / "schema")
    Image.new("RGB", (80, 60), (255, 0, 255)).save(tmp_path / "outside.png")
    (tmp_path / "set" / "art").mkdir(parents=True)
    Image.new("RGB", (80, 60), (0, 200, 0)).save(tmp_path / "set" / "art" / "ok.png")
    path = set_card(tmp_path / "set", "my_card", "我的卡", "你抽 1 张牌。", art="../../outside.png")
    set_card(tmp_path / "set", "good_card", "好卡", "你抽 1 张牌。", art="../art/ok.png")
    line = next(n for n, t in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if '"art"' in t)
    result = cli("lint", "--no-cache", "--cards", CARDS, "--cards", tmp_path / "set")
    assert f"{path}:{line}:3: error card.art.outside: " in result.stdout, result.stdout
    assert "leads out of its card folder 'set'" in result.stdout
    assert "good_card" not in result.stdout  # art inside the set folder is fine
    result = cli("lint", "--no-cache", tmp_path / "set")  # the folder named: the same
    assert f"{path}:{line}:3: error card.art.outside: " in result.stdout, result.stdout
