"""Lint's checks across records read nothing they do not need: a clean map's zone paths are found from the
board's wall-free regions, and its file is not read again to place findings it does not have."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

import toolkit.catalog as catalog
from toolkit.board import Board
from toolkit.catalog import discover
from validators.lint import lint_files

ROOT = Path(__file__).resolve().parent.parent


def test_a_clean_map_file_is_read_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cards = tmp_path / "cards"
    shutil.copytree(ROOT / "cards" / "tactics", cards / "tactics")
    reads: Counter[str] = Counter()
    real = catalog.read_source

    def counted(path: Path, *args: object, **kwargs: object) -> object:
        reads[Path(path).name] += 1
        return real(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(catalog, "read_source", counted)
    maps = [p.name for p in (cards / "tactics" / "maps").glob("*.json")]
    assert maps
    result = lint_files(discover([cards], []), [cards], jobs=1, cache=False, cache_dir=None)
    assert result.errors == 0
    assert {name: reads[name] for name in maps} == dict.fromkeys(maps, 1)


def test_region_tells_connected_cells() -> None:
    board = Board(["1.#2", "..#.", "33#4"])
    assert board.region((0, 0)) == board.region((1, 2)) is not None
    assert board.region((3, 0)) == board.region((3, 2)) != board.region((0, 0))
    assert board.region((2, 1)) is None  # a wall
    assert board.region((9, 9)) is None  # off the map
    assert board.connected((0, 0), (1, 2)) and not board.connected((0, 0), (3, 0))
