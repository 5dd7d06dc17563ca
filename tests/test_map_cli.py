"""`dossier map show | render | measure | replay` as a user runs them, on a hand-made map with known answers."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from toolkit.board import Board
from toolkit.board.draw import CAPTION, CELL, MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, example_state
from toolkit.cli.map import grid_text

from .conftest import ROOT

# x: 0123456
ROWS = [
    "1..#..2",  # 0
    "1..#..2",  # 1
    ".......",  # 2
    ".*=..o.",  # 3
    ",,,,,,%",  # 4
]


def map_record(rows: list[str] = ROWS, map_id: str = "tiny") -> dict[str, Any]:
    return {
        "$schema": "../../../schema/tactics/map.schema.json",
        "game": "tactics",
        "kind": "map",
        "id": map_id,
        "name": {"zh-Hans": "小图", "en": "Tiny"},
        "modes": ["duel"],
        "players": {"min": 2, "max": 2},
        "rows": rows,
    }


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    folder = tmp_path / "maps"
    folder.mkdir()
    path = folder / "tiny.json"
    path.write_text(json.dumps(map_record(), ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return path


def one_line_error(result: Any, code: int = 2) -> str:
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("dossier: error: ")
    return lines[0]


# --------------------------------------------------------------------------
# show


def test_show_prints_the_grid_with_coordinates_zones_and_spots(cli: Any, tiny: Path) -> None:
    result = cli("map", "show", tiny, "--lang", "en")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "tiny: Tiny, 7x5, 4-adjacency",  # the name in the language asked for only
        "  0 1 2 3 4 5 6",
        "0 1 . . # . . 2",
        "1 1 . . # . . 2",
        "2 . . . . . . .",
        "3 . * = . . o .",
        "4 , , , , , , %",
        "legend: . floor  , outdoor  # wall  % broken wall  o pit  = stairs  * obstacle spot  1-6 deployment zone",
        "zone 1: 2 cells (0,0 0,1)",
        "zone 2: 2 cells (6,0 6,1)",
        "obstacle spots: 1",
    ]


BUNDLED = sorted(p.stem for p in (ROOT / "cards" / "tactics" / "maps").glob("*.json"))


@pytest.mark.parametrize("map_id", BUNDLED)
@pytest.mark.lang_default
def test_every_bundled_map_shows_and_draws(cli: Any, tmp_path: Path, map_id: str) -> None:
    result = cli("map", "show", map_id)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"{map_id}：")  # the default language: zh-Hans
    out = tmp_path / f"{map_id}.svg"
    assert cli("map", "render", map_id, "--example", "--out", out).exit_code == 0
    assert out.read_text(encoding="utf-8").count('class="facing"') == 4


def test_an_unknown_id_lists_the_bundled_maps(cli: Any) -> None:
    line = one_line_error(cli("map", "show", "nowhere"))
    listed = "dockyard (Dockyard Depot), headquarters (Headquarters), hideout (Hideout)"  # each map's id and name
    assert line == f"dossier: error: unknown map 'nowhere'; known maps: {listed}"


def test_wide_and_tall_maps_number_columns_in_two_lines() -> None:
    board = Board(["." * 12] * 11)
    lines = grid_text(board)
    assert lines[1] == "   0 1 2 3 4 5 6 7 8 9 0 1"
    assert lines[0] == " " * lines[1].index("0 1", 4) + "1 1"  # the tens above the units
    assert lines[2].startswith(" 0 . .") and lines[-1].startswith("10 . .")


@pytest.mark.lang_default
def test_a_map_id_is_looked_up_in_the_card_pool(cli: Any, tiny: Path) -> None:
    result = cli("map", "show", "tiny", "--cards", tiny.parent)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("tiny：小图，7x5")


# --------------------------------------------------------------------------
# measure


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        # around the wall at x=3 (rows 0-1): down to row 2 and back up
        (["0,0", "6,0", "--facing", "e"], {"distance": 10, "through_wall": 6, "in_vision": True, "in_sight": False}),
        (["0,0", "6,0"], {"distance": 10, "in_vision": False, "in_sight": False}),
        # a clear line along row 2; an obstacle in the middle gives cover...
        (["0,2", "6,2", "--facing", "e", "--obstacle", "3,2"], {"distance": 6, "in_sight": True, "cover": -2}),
        # ...unless the attacker stands next to it
        (["2,2", "6,2", "--facing", "e", "--obstacle", "3,2"], {"distance": 4, "cover": 0}),
        # obstacles off the line give no cover; several never stack
        (["0,2", "6,2", "--obstacle", "3,3", "--obstacle", "1,2", "--obstacle", "4,2"], {"cover": -2}),
        (["0,2", "6,2", "--obstacle", "3,3"], {"cover": 0}),
        # side and rear vision
        (["0,2", "6,2"], {"in_vision": False}),
        (["0,2", "6,2", "--vision", "side"], {"in_vision": True}),
        (["1,0", "1,4", "--vision", "rear"], {"in_vision": True}),
        (["1,0", "1,4", "--vision", "side"], {"in_vision": False}),
        # a wall cell is allowed: no path, but 穿墙 distance
        (["3,0", "0,0"], {"distance": None, "through_wall": 3, "cover": 0}),
        (["2,2", "2,2"], {"distance": 0, "through_wall": 0, "in_vision": True, "in_sight": True}),
        # the broken wall 6,4 and the pit 5,3 are passable
        (["6,4", "5,3"], {"distance": 2}),
    ],
)
def test_measure_json(cli: Any, tiny: Path, args: list[str], expected: dict[str, Any]) -> None:
    result = cli("map", "measure", tiny, *args, "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert list(data) == ["distance", "through_wall", "in_vision", "in_sight", "cover"]
    assert {key: data[key] for key in expected} == expected


def test_measure_json_is_exactly_one_object(cli: Any, tiny: Path) -> None:
    result = cli("map", "measure", tiny, "0,0", "6,0", "--facing", "e", "-f", "json")
    assert result.stdout == (
        '{"distance": 10, "through_wall": 6, "in_vision": true, "in_sight": false, "cover": null}\n'
    )


def test_measure_text_is_one_line_per_field(cli: Any, tiny: Path) -> None:
    result = cli("map", "measure", tiny, "3,0", "0,0", "--vision", "side", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "distance: none (FROM 3,0 is a wall)",
        "distance through walls: 3",
        "in vision: yes (facing north, front+side)",
        "line of sight: yes",
        "cover: 0",
    ]


# --------------------------------------------------------------------------
# render


@pytest.mark.parametrize("with_state", [False, True])
def test_render_svg_and_png(cli: Any, tiny: Path, tmp_path: Path, with_state: bool) -> None:
    extra: list[Any] = []
    if with_state:
        game = example_state(Board(ROWS, map_id="tiny"))
        state = tmp_path / "state.json"
        state.write_text(json.dumps(game, ensure_ascii=False), encoding="utf-8")
        extra = ["--state", state]
    svg, png = tmp_path / "tiny.svg", tmp_path / "tiny.PNG"
    result = cli("map", "render", tiny, "--out", svg, *extra)
    assert result.exit_code == 0, result.output
    text = svg.read_text(encoding="utf-8")
    assert text.startswith("<?xml") and text.count('class="wall"') == (1 if with_state else 2)  # one destroyed
    assert text.count('class="unit"') == (5 if with_state else 0)
    result = cli("map", "render", tiny, "-o", png, "--scale", "1", *extra)
    assert result.exit_code == 0, result.output
    image = Image.open(io.BytesIO(png.read_bytes()))
    assert image.format == "PNG"
    assert image.size == (MARGIN_LEFT + 7 * CELL + MARGIN_RIGHT, MARGIN_TOP + 5 * CELL + CAPTION)
    # rendering again gives the same bytes
    before = svg.read_bytes()
    assert cli("map", "render", tiny, "--out", svg, *extra).exit_code == 0
    assert svg.read_bytes() == before


def test_render_an_example_state(cli: Any, tiny: Path, tmp_path: Path) -> None:
    out = tmp_path / "example.svg"
    result = cli("map", "render", tiny, "--example", "--out", out)
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{out}: map Tiny with an example state\n"  # the map by its name, as `map show` says it
    text = out.read_text(encoding="utf-8")
    assert text.count('class="unit"') == 5 and text.count('class="facing"') == 4


# --------------------------------------------------------------------------
# replay


def test_replay_writes_one_html_page(cli: Any, tiny: Path, tmp_path: Path) -> None:
    game = example_state(Board(ROWS, map_id="tiny"))
    frames = [
        {"state": game, "events": [{"seq": 1, "event": "deploy"}], "label": "round 1 · P1"},
        {"state": game, "events": [{"seq": 2, "event": "attack", "target": 3}], "label": "round 1 · P2"},
    ]
    path = tmp_path / "frames.json"
    path.write_text(json.dumps({"title": "a test game", "frames": frames}, ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "replay.html"
    result = cli("map", "replay", tiny, path, "--out", out)
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert "<title>a test game</title>" in page and page.count("<figure") == 2
    assert page.count("<svg") == 3  # the two frames and, once, the map's layers they share
    assert "   2 attack (target: 3)</li>" in page  # the log in words, as `simulate --replay` writes it


# --------------------------------------------------------------------------
# errors: one line, exit 2, no traceback


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["show", "nope", "--cards", "{maps}"], "unknown map 'nope'; known maps: tiny"),
        (["show", "{tmp}/missing.json"], "missing.json: no such file"),
        (["measure", "{tiny}", "3,x", "0,0"], "FROM: expected a cell as 'x,y'"),
        (["measure", "{tiny}", "0,0", "7,0"], "TO: cell 7,0 is outside the map 'tiny' (x 0..6, y 0..4)"),
        (["measure", "{tiny}", "0,0", "1,0", "--obstacle", "1"], "--obstacle: expected a cell as 'x,y'"),
        (["render", "{tiny}", "--out", "{tmp}/map.gif"], "the image format follows the suffix: .svg or .png"),
        (["render", "{tiny}", "--out", "{tmp}/map"], "the image format follows the suffix"),
        (["render", "{tiny}", "--out", "{tmp}/no/map.svg"], "no such directory"),
        (["render", "{tiny}", "--out", "{tmp}/map.svg", "--state", "{tmp}/none.json"], "none.json: no such file"),
        (["render", "{tiny}", "--out", "{tmp}/map.svg", "--state", "{tiny}", "--example"], "give one of them"),
        (["replay", "{tiny}", "{tiny}", "--out", "{tmp}/r.txt"], "a replay is an .html file"),
    ],
)
def test_usage_errors(cli: Any, tiny: Path, tmp_path: Path, args: list[str], message: str) -> None:
    filled = [a.format(tiny=tiny, tmp=tmp_path, maps=tiny.parent) for a in args]
    line = one_line_error(cli("map", *filled))
    assert message in line


def line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), start=1) if needle in line)


RAGGED = json.dumps(map_record(["1..#", "1..", "...."]), indent=2)
UNKNOWN = json.dumps(map_record(["1..#", "1.x.", "...."]), indent=2)
RAGGED_ROW = '"1.."'
ADJACENCY = json.dumps({**map_record(), "adjacency": 6}, indent=2)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"game": "tactics",\n  "kind": "map",\n  "rows": [\n', "bad.json:4:1: invalid JSON"),
        # the rows are at 4 spaces: the quote is column 5, the row's first cell column 6
        (RAGGED, f"bad.json:{line_of(RAGGED, RAGGED_ROW)}:9: invalid map: row 1 has 3 cells; row 0 has 4"),
        (UNKNOWN, f"bad.json:{line_of(UNKNOWN, '1.x.')}:8: invalid map: unknown character 'x' at cell 2,1"),
        (ADJACENCY, f"bad.json:{line_of(ADJACENCY, 'adjacency')}:3: invalid map at '/adjacency': expected one of 4, 8"),
        (json.dumps({k: v for k, v in map_record().items() if k != "rows"}), "bad.json:1:1: invalid map at '/rows'"),
        (json.dumps({"game": "tactics", "kind": "card", "id": "x"}), "bad.json:1:1: not a tactics map"),
        ("[1, 2]", "bad.json:1:1: not a tactics map (not a record)"),
    ],
)
def test_malformed_map_files(cli: Any, tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, "bad.json", text)
    line = one_line_error(cli("map", "show", path))
    assert message in line


def test_a_png_too_large_is_refused(cli: Any, tmp_path: Path) -> None:
    path = write(tmp_path, "big.json", json.dumps(map_record(["1" + "." * 62 + "2"] * 64, "big")))
    line = one_line_error(cli("map", "render", path, "--out", tmp_path / "big.png", "--scale", "8"))
    assert "--scale 8: a 24896x24976 image is too large; use a smaller scale" in line
    assert not (tmp_path / "big.png").exists()


def test_a_state_that_does_not_fit_is_located_in_its_file(cli: Any, tiny: Path, tmp_path: Path) -> None:
    game = example_state(Board(ROWS, map_id="tiny"))
    game["units"][1]["pos"] = [7, 0]
    state = write(tmp_path, "state.json", json.dumps(game, indent=2))
    line = one_line_error(cli("map", "render", tiny, "--out", tmp_path / "x.svg", "--state", state))
    lines = json.dumps(game, indent=2).splitlines()
    second = [n for n, text in enumerate(lines, start=1) if text == '      "pos": ['][1]
    assert f"state.json:{second}:7: /units/1/pos: cell [7, 0] is outside the 7x5 map" in line
    assert not (tmp_path / "x.svg").exists()


def test_a_replay_frame_that_does_not_fit_is_located(cli: Any, tiny: Path, tmp_path: Path) -> None:
    frames = [{"state": {"units": []}}, {"state": {"units": [], "destroyed": [[0, 9]]}}]
    text = json.dumps(frames)
    path = write(tmp_path, "frames.json", text)
    line = one_line_error(cli("map", "replay", tiny, path, "--out", tmp_path / "r.html"))
    assert f"frames.json:1:{text.index('[0, 9]') + 1}: /1/state/destroyed/0: cell [0, 9] is outside the 7x5 map" in line


def test_errors_through_the_real_entry_point(tiny: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-c", "from toolkit.cli import app; app()", "map", "measure", str(tiny), "0,0", "x"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.strip() == "dossier: error: TO: expected a cell as 'x,y' (column, row; e.g. '3,4'), got 'x'"
