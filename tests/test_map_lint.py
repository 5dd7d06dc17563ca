"""Lint of tactics maps (validators/map_lint.py): each problem found and located to the cell."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from toolkit.board import Board
from toolkit.catalog import load_catalog
from toolkit.jsonio import canonical_dumps
from toolkit.models import parse_record

from .conftest import CARDS

GOOD_DUEL = [
    "1..#..",
    "1..%..",
    "...#.2",
]


def map_data(rows: list[str], modes: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "$schema": "../../../schema/tactics/map.schema.json",
        "game": "tactics",
        "kind": "map",
        "id": "test_map",
        "name": {"zh-Hans": "测试地图", "en": "Test map"},
        "rows": rows,
        "modes": modes or ["duel"],
        "players": {"min": 2, "max": 2},
    }
    data.update(extra)
    return data


def write_map(root: Path, data: dict[str, Any]) -> Path:
    path = root / "maps" / f"{data['id']}.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(canonical_dumps(data), encoding="utf-8")
    return path


def where(path: Path, row: str, x: int | None) -> str:
    """``file:line:column`` of character x of a row string in the file (the opening quote if x is None)."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        column = line.find(f'"{row}"')
        if column >= 0:
            return f"{path}:{number}:{column + 1 + (0 if x is None else x + 1)}"
    raise AssertionError(f"row {row!r} not in {path}")


def lint_lines(cli: Any, path: Path) -> list[str]:
    result = cli("lint", path)
    assert result.exit_code in (0, 1), result.output
    return [line for line in result.output.splitlines() if ": error " in line or ": warning " in line]


@pytest.fixture
def tactics(game_copy: Any) -> Path:
    root: Path = game_copy("tactics")
    for stale in (root / "maps").glob("*.json"):
        stale.unlink()
    return root


@pytest.mark.parametrize(
    ("rows", "modes", "expected"),
    [
        (
            ["1...", "..#", "...2"],
            ["duel"],
            [("..#", 3, "error map.rows.ragged: tactics map 'test_map': row 1 has 3 cells; row 0 has 4")],
        ),
        (
            ["1..#", ".x#.", "..?2"],
            ["duel"],
            [
                (".x#.", 1, "error map.rows.char: tactics map 'test_map': unknown character 'x' at cell 1,1"),
                ("..?2", 2, "error map.rows.char: tactics map 'test_map': unknown character '?' at cell 2,2"),
            ],
        ),
        (
            ["1.#..", "..#..", "..#.2"],
            ["duel"],
            [
                (
                    "..#.2",
                    4,
                    "error map.zone.unreachable: tactics map 'test_map': zone 2 has no path without walls to zone 1",
                )
            ],
        ),
        (
            ["1.#..3", "..#...", "######", "2....4"],  # zones 1 and 3 cut off; zones 2 and 4 together
            ["duo"],
            [
                ("", None, "error map.obstacles.few"),
                (
                    "1.#..3",
                    0,
                    "error map.zone.unreachable: tactics map 'test_map': zone 1 has no path without walls to zones 2, 3, 4",
                ),
                (
                    "1.#..3",
                    5,
                    "error map.zone.unreachable: tactics map 'test_map': zone 3 has no path without walls to zones 1, 2, 4",
                ),
            ],
        ),
        (
            ["1#...", "#1...", "1...2"],
            ["duel"],
            [
                (
                    "1#...",
                    0,
                    "error map.zone.unreachable: tactics map 'test_map': zone 1 cell 0,0 has no path "
                    "without walls to zone 2",
                )
            ],
        ),
        (
            ["11.#.", "...%.", "..#.1"],  # one zone only: nothing to reach
            ["duel"],
            [("", None, "error map.zone.missing: tactics map 'test_map': mode 'duel' deploys to zones 1-2")],
        ),
    ],
    ids=["ragged", "unknown-characters", "sealed-zones", "zone-groups", "stranded-cells", "missing-zone"],
)
def test_map_findings(
    tactics: Path, cli: Any, rows: list[str], modes: list[str], expected: list[tuple[str, int | None, str]]
) -> None:
    path = write_map(tactics, map_data(rows, modes))
    lines = lint_lines(cli, path)
    assert len(lines) == len(expected), lines
    for line, (row, x, message) in zip(lines, expected, strict=True):
        assert message in line
        if row:
            assert line.startswith(where(path, row, x) + ": "), line
    assert not any("card.model" in line for line in lines)


def test_missing_zone_points_at_the_mode(tactics: Path, cli: Any) -> None:
    path = write_map(tactics, map_data(["1.*.2", "*.*.*", "..*.."], ["duel", "duo"], players={"min": 2, "max": 4}))
    lines = lint_lines(cli, path)
    text = path.read_text(encoding="utf-8")
    line = next(n for n, t in enumerate(text.splitlines(), start=1) if t.strip() == '"duo"')
    assert lines == [
        f"{path}:{line}:5: error map.zone.missing: tactics map 'test_map': mode 'duo' deploys to zones 1-4; "
        "the map has no cell of zone 3, 4"
    ]


@pytest.mark.parametrize(
    ("rows", "modes", "code", "severity"),
    [
        (["1.*.2", "*...3", "4.*.."], ["duo"], "map.obstacles.few", "error"),  # 3 spots, standard deployment needs 5
        (["1.*.2", "*.*.3", "4.*.*"], ["expert"], "map.outdoor.none", "warning"),  # standby agents, no outdoor cell
        (GOOD_DUEL, ["duel", "no_such_mode"], "map.ref.mode", "error"),
    ],
)
def test_mode_requirements(
    tactics: Path, cli: Any, rows: list[str], modes: list[str], code: str, severity: str
) -> None:
    path = write_map(tactics, map_data(rows, modes))
    lines = lint_lines(cli, path)
    assert [line.split(": ", 2)[1].split() for line in lines] == [[severity, code]], lines


@pytest.mark.parametrize(
    ("rows", "modes"),
    [
        (GOOD_DUEL, ["duel"]),
        (["1,*,2", "*,*,3", "4,*,*"], ["expert"]),  # outdoor cells: 增援 can deploy
        (["1.*.2", "*.*.3", "4.*.*"], ["duo"]),  # duo has no standby agents, so no outdoor cell is needed
    ],
)
def test_clean_maps(tactics: Path, cli: Any, rows: list[str], modes: list[str]) -> None:
    assert lint_lines(cli, write_map(tactics, map_data(rows, modes))) == []


def test_duplicate_map_names(tactics: Path, cli: Any) -> None:
    write_map(tactics, map_data(GOOD_DUEL))
    write_map(tactics, map_data(GOOD_DUEL, id="other_map"))
    assert any("card.name.duplicate" in line for line in lint_lines(cli, tactics / "maps"))


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (["1..", "..", "..2"], "row 1 has 2 cells; row 0 has 3"),
        (["1..", ".!.", "..2"], "unknown character '!' at cell 1,1"),
        ([], "at least 1 item"),
    ],
)
def test_model_rejects_bad_grids(rows: list[str], message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        parse_record(map_data(rows))


def test_bundled_maps_cover_every_complete_mode() -> None:
    catalog = load_catalog([CARDS / "tactics"])
    maps: list[Any] = catalog.of_kind("tactics", "map")
    assert len(maps) >= 3
    for mode in catalog.of_kind("tactics", "mode"):
        if mode.status == "complete":  # type: ignore[attr-defined]
            assert any(mode.id in m.modes for m in maps), mode.id
    for record in maps:
        board = Board.from_record(record)
        assert board.width * board.height <= 400, record.id
        assert board.map_id == record.id
    assert any(m.players.max >= 4 for m in maps)
