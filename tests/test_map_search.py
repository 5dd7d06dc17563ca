"""Tactics maps in the card database: `dossier db build`, `dossier search` and `dossier show`."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from .conftest import CARDS

Run = Callable[..., Any]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> str:
    from typer.testing import CliRunner

    from toolkit.cli import app

    path = tmp_path_factory.mktemp("maps") / "cards.db"
    result = CliRunner().invoke(app, ["db", "build", "--db", str(path), "--cards", str(CARDS / "tactics")])
    assert result.exit_code == 0, result.output
    return str(path)


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("k:map", ["tactics/dockyard", "tactics/headquarters", "tactics/hideout"]),
        ("t:地图", ["tactics/dockyard", "tactics/headquarters", "tactics/hideout"]),
        ("k:map players:4", ["tactics/headquarters"]),
        ("k:map players:2", ["tactics/dockyard", "tactics/headquarters", "tactics/hideout"]),
        ("据点", ["tactics/hideout"]),
        ("name:Dockyard", ["tactics/dockyard"]),
    ],
)
def test_search_finds_maps(cli: Run, built: str, query: str, expected: list[str]) -> None:
    result = cli("search", "--db", built, query, "--format", "ids")
    assert result.exit_code == 0, result.output
    assert result.stdout.split() == expected


def test_search_table_shows_map_stats(cli: Run, built: str) -> None:
    result = cli("search", "--db", built, "k:map")
    assert result.exit_code == 0, result.output
    line = next(line for line in result.stdout.splitlines() if line.startswith("tactics/headquarters "))
    assert line.split()[1] == "map"
    assert line.endswith("cells 18x18 · modes Duo, Melee · players 2-4")  # the modes by name, as the web shows them


@pytest.mark.lang_default
def test_show_map_draws_its_rows(cli: Run, built: str) -> None:
    result = cli("show", "--db", built, "hideout")
    assert result.exit_code == 0, result.output
    rows = json.loads((CARDS / "tactics" / "maps" / "hideout.json").read_text(encoding="utf-8"))["rows"]
    lines = result.stdout.splitlines()
    assert lines[:2] == ["据点", "特工战术 地图 hideout"]  # one language: the default
    start = lines.index("地图（x → 东，y ↓ 南）：")
    assert lines[start + 1 : start + 1 + len(rows)] == [f"  {row}" for row in rows]
    assert not any(line.lstrip().startswith("rows ") for line in lines)
    data = json.loads(cli("show", "--db", built, "tactics/hideout", "--format", "json").stdout)
    assert data["rows"] == rows and data["kind"] == "map"


def test_build_from_a_maps_directory(cli: Run, tmp_path: Path) -> None:
    result = cli("db", "build", "--db", tmp_path / "x.db", "--cards", CARDS / "tactics")
    assert result.exit_code == 0, result.output
    assert "tactics " in result.stdout
