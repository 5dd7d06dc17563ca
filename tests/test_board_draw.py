"""The drawing of a map and a game state (SVG, PNG) and the HTML replay built from it."""

from __future__ import annotations

import copy
import io
import re
from typing import Any

import pytest
from PIL import Image

from toolkit.board import Board
from toolkit.board.draw import (
    CAPTION,
    CELL,
    MARGIN_LEFT,
    MARGIN_RIGHT,
    MARGIN_TOP,
    StateError,
    board_for_state,
    draw,
    example_state,
    render_png,
    render_svg,
    shared_defs,
    to_png,
    to_svg,
    to_svg_sharing,
    unit_label,
    validate_state,
)
from toolkit.board.replay import render_frames_html, write_replay

# x: 0123456
ROWS = [
    "1..#..2",  # 0
    "1..#..2",  # 1
    ".......",  # 2
    ".*=..o.",  # 3
    ",,,,,,%",  # 4
]


@pytest.fixture
def board() -> Board:
    return Board(ROWS, map_id="tiny")


def unit(uid: int, pos: list[int], facing: str | None = "e", **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "uid": uid,
        "id": "gale",
        "name": "烈风",
        "seat": 1,
        "team": 1,
        "kind": "agent",
        "pos": pos,
        "facing": facing,
        "hidden": False,
        "tapped": False,
        "hp": 9,
        "max_hp": 11,
        "vision": {"side": False, "rear": False},
    }
    data.update(extra)
    return data


def state(*units: dict[str, Any], destroyed: list[list[int]] | None = None) -> dict[str, Any]:
    return {"map": "tiny", "round": 2, "active": 1, "destroyed": destroyed or [], "units": list(units)}


def count(svg: str, cls: str) -> int:
    return len(re.findall(rf'class="{re.escape(cls)}"', svg))


def roles(board: Board, game: dict[str, Any] | None = None) -> list[str]:
    return [shape.role for shape in draw(board, game).walk()]


# --------------------------------------------------------------------------
# the map


def test_svg_draws_every_cell_by_terrain(board: Board) -> None:
    svg = render_svg(board)
    assert svg.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"')
    assert count(svg, "wall") == 2
    assert count(svg, "broken_wall") == 1
    assert count(svg, "pit") == 1
    assert count(svg, "stairs") == 1
    assert count(svg, "outdoor") == 6
    assert count(svg, "floor") == 7 * 5 - 2 - 1 - 1 - 1 - 6
    assert count(svg, "obstacle-spot") == 1


def test_zones_are_tinted_bordered_and_numbered(board: Board) -> None:
    svg = render_svg(board)
    assert count(svg, "zone-tint") == 4
    labels = re.findall(r'<text class="zone-label"[^>]*>(\d)</text>', svg)
    assert labels == ["1", "1", "2", "2"]
    # each two-cell zone is outlined by 6 cell edges
    assert count(svg, "zone-border") == 12


def test_coordinates_run_along_the_top_and_down_the_side(board: Board) -> None:
    svg = render_svg(board)
    assert re.findall(r'<text class="coord-x"[^>]*>(\d+)</text>', svg) == [str(x) for x in range(7)]
    assert re.findall(r'<text class="coord-y"[^>]*>(\d+)</text>', svg) == [str(y) for y in range(5)]


def test_svg_is_self_contained(board: Board) -> None:
    svg = render_svg(board, state(unit(1, [0, 2])))
    assert re.findall(r"https?://[^\"]+", svg) == ["http://www.w3.org/2000/svg"]
    assert "href" not in svg and " id=" not in svg


# --------------------------------------------------------------------------
# a state


def test_unit_is_a_circle_with_a_label_hp_and_a_facing_arrow(board: Board) -> None:
    svg = render_svg(board, state(unit(1, [2, 2], "e")))
    assert count(svg, "unit") == 1 and count(svg, "unit-body") == 1 and count(svg, "facing") == 1
    circle = re.search(r'<circle class="unit-body" cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)" fill="#d0342c"', svg)
    assert circle is not None
    cx, cy, r = map(float, circle.groups())
    assert (cx, cy) == (MARGIN_LEFT + 2.5 * CELL, MARGIN_TOP + 2.5 * CELL)
    points = re.search(r'<polygon class="facing" points="([^"]+)"', svg)
    assert points is not None
    tip = tuple(map(float, points.group(1).split()[0].split(",")))
    assert tip[0] > cx + r and tip[1] == cy  # east: the arrow points right, out of the circle
    assert re.search(r'<text class="label"[^>]*>烈</text>', svg)
    assert re.search(r'<text class="hp"[^>]*>9</text>', svg)
    assert "<title>烈风 · gale · P1 · 9/11 HP · facing east · at 2,2</title>" in svg


@pytest.mark.parametrize(
    ("facing", "sign"),
    [("n", (0, -1)), ("e", (1, 0)), ("s", (0, 1)), ("w", (-1, 0))],
)
def test_the_arrow_points_where_the_unit_faces(board: Board, facing: str, sign: tuple[int, int]) -> None:
    drawing = draw(board, state(unit(1, [3, 2], facing)))
    arrow = next(s for s in drawing.walk() if s.role == "facing")
    cx, cy = MARGIN_LEFT + 3.5 * CELL, MARGIN_TOP + 2.5 * CELL
    tip = arrow.points[0]  # type: ignore[union-attr]
    assert (tip[0] - cx) * sign[0] > 0 or sign[0] == 0
    assert (tip[1] - cy) * sign[1] > 0 or sign[1] == 0
    assert tip[0] == cx or sign[0] != 0
    assert tip[1] == cy or sign[1] != 0


@pytest.mark.parametrize(
    ("pos", "facing", "vision", "cells"),
    [
        # facing north from 0,2: rows 0-1, columns -1..1 clipped to 0..1
        ([0, 2], "n", {}, 4),
        # facing east from 0,0: columns 1..6 of rows 0-1, minus the two walls
        ([0, 0], "e", {}, 12 - 2),
        # side vision adds rows 3-5 (clipped: 3-4) left and right of a north-facing unit at 3,4;
        # the front band (rows 0-3, columns 2-4, two of them walls) already has 2,3 and 4,3
        ([3, 4], "n", {"side": True}, (12 - 2) + 12 - 2),
        # rear vision from 1,2 facing north adds rows 3-4 behind it
        ([1, 2], "n", {"rear": True}, 2 * 3 + 2 * 3),
    ],
)
def test_vision_bands_are_shaded_inside_the_grid(
    board: Board, pos: list[int], facing: str, vision: dict[str, bool], cells: int
) -> None:
    u = unit(1, pos, facing, vision={"side": False, "rear": False, **vision})
    shaded = [s for s in draw(board, state(u)).walk() if s.role == "vision-cell"]
    expected = [
        c
        for c in board.cells()
        if c != tuple(pos) and not board.is_wall(c) and board.in_vision(tuple(pos), facing, c, **vision)
    ]
    assert len(shaded) == len(expected) == cells
    right, bottom = MARGIN_LEFT + board.width * CELL, MARGIN_TOP + board.height * CELL
    assert all(MARGIN_LEFT <= s.x < right and MARGIN_TOP <= s.y < bottom for s in shaded)  # type: ignore[union-attr]


def test_obstacles_are_grey_without_facing_or_vision(board: Board) -> None:
    crate = unit(2, [1, 3], None, kind="obstacle", seat=0, id="filing_cabinet", name="文件柜", hp=3, max_hp=3)
    svg = render_svg(board, state(crate))
    assert count(svg, "unit") == 1
    assert count(svg, "facing") == 0 and count(svg, "vision") == 0
    assert 'fill="#8c8c8c"' in svg.split('class="unit-body"')[1].split("/>")[0]


def test_hidden_units_are_dashed_and_tapped_units_marked(board: Board) -> None:
    svg = render_svg(board, state(unit(1, [0, 2], hidden=True, tapped=True), unit(2, [4, 2], seat=2)))
    bodies = re.findall(r'<circle class="unit-body"[^>]*/>', svg)
    assert len(bodies) == 2
    assert "stroke-dasharray" in bodies[0] and "fill-opacity" in bodies[0]
    assert "stroke-dasharray" not in bodies[1] and 'fill="#1f6fd0"' in bodies[1]
    assert count(svg, "tapped") == 1


def test_units_sharing_a_cell_are_drawn_side_by_side(board: Board) -> None:
    drawing = draw(board, state(unit(1, [2, 2]), unit(2, [2, 2])))
    bodies = [s for s in drawing.walk() if s.role == "unit-body"]
    assert len(bodies) == 2
    assert bodies[0].cx != bodies[1].cx  # type: ignore[union-attr]


def test_label_falls_back_to_the_id_when_the_font_lacks_the_character() -> None:
    from toolkit.sheets.fonts import read_coverage

    rare = "\U00020000"
    assert rare not in read_coverage()
    assert unit_label({"name": rare + "x", "id": "crate"}) == "CR"
    assert unit_label({"name": "烈风", "id": "gale"}) == "烈"


def test_destroyed_cells_of_the_state_are_drawn(board: Board) -> None:
    svg = render_svg(board, state(destroyed=[[3, 0], [4, 2], [5, 3]]))
    assert count(svg, "wall") == 1
    assert count(svg, "broken_wall") == 2
    assert count(svg, "pit") == 1  # 4,2 became a pit, 5,3 climbed back to floor
    assert board_for_state(board, state(destroyed=[[3, 0]])).destroyed == {(3, 0)}
    # a board already destroyed elsewhere is brought to the state's terrain
    assert board_for_state(board.destroy((4, 2)), state(destroyed=[[3, 0]])).destroyed == {(3, 0)}


def test_a_destroyed_outdoor_floor_is_a_pit_on_outdoor_ground(board: Board) -> None:
    svg = render_svg(board, state(destroyed=[[0, 4]]))
    assert re.search(rf'<rect class="pit" x="{MARGIN_LEFT}" y="{MARGIN_TOP + 4 * CELL}" [^>]*fill="#dcebd0"', svg)


def test_a_board_in_its_current_terrain_draws_it(board: Board) -> None:
    assert count(render_svg(board.destroy((3, 1))), "wall") == 1


@pytest.mark.parametrize(
    ("game", "pointer"),
    [
        ([], ""),
        ({"units": [unit(1, [7, 0])]}, "/units/0/pos"),
        ({"units": [unit(1, [0, "1"])]}, "/units/0/pos"),
        ({"units": [unit(1, [0, 0], "x")]}, "/units/0/facing"),
        ({"units": [unit(1, [0, 0], hp="9")]}, "/units/0/hp"),
        ({"destroyed": [[0, 5]]}, "/destroyed/0"),
        ({"map": "other"}, "/map"),
    ],
)
def test_a_state_that_does_not_fit_the_board_is_refused(board: Board, game: Any, pointer: str) -> None:
    with pytest.raises(StateError) as raised:
        validate_state(board, game)
    assert raised.value.pointer == pointer


# --------------------------------------------------------------------------
# PNG and determinism


def test_png_is_an_image_of_the_drawing_size(board: Board) -> None:
    data = render_png(board, state(unit(1, [0, 2], hidden=True)), scale=2)
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    width = MARGIN_LEFT + 7 * CELL + MARGIN_RIGHT
    height = MARGIN_TOP + 5 * CELL + CAPTION
    assert image.size == (2 * width, 2 * height)
    assert Image.open(io.BytesIO(render_png(board, scale=1))).size == (width, height)
    # the wall cell 3,0 is dark, a floor cell is light
    wall = image.getpixel((2 * (MARGIN_LEFT + 3 * CELL + CELL // 2), 2 * (MARGIN_TOP + 4)))
    floor = image.getpixel((2 * (MARGIN_LEFT + 4 * CELL + CELL // 2), 2 * (MARGIN_TOP + 3 * CELL + 4)))
    assert sum(wall) < 250 < sum(floor)  # type: ignore[arg-type]


def test_output_is_deterministic(board: Board) -> None:
    game = example_state(board)
    again = Board(list(ROWS), map_id="tiny")
    assert render_svg(board, game) == render_svg(again, copy.deepcopy(game))
    assert render_png(board, game) == render_png(again, copy.deepcopy(game))
    drawing = draw(board, game)
    assert to_svg(drawing) == to_svg(draw(board, game))
    assert to_png(drawing, 1) == to_png(draw(board, game), 1)


def test_example_state_has_two_agents_a_side_and_fits(board: Board) -> None:
    game = example_state(board)
    validate_state(board, game)
    agents = [u for u in game["units"] if u["kind"] == "agent"]
    assert sorted(u["seat"] for u in agents) == [1, 1, 2, 2]
    assert any(u["vision"]["side"] for u in agents) and any(u["vision"]["rear"] for u in agents)
    cells = {u["seat"]: set() for u in agents}
    for u in agents:
        assert not board.is_wall(tuple(u["pos"])) and u["facing"] in ("n", "e", "s", "w")
        cells[u["seat"]].add(tuple(u["pos"]))
    assert not cells[1] & cells[2]  # never on an enemy's cell
    assert example_state(board) == game
    svg = render_svg(board, game)
    assert count(svg, "facing") == 4 and count(svg, "vision") == 4


# --------------------------------------------------------------------------
# the replay


def frames(board: Board) -> list[dict[str, Any]]:
    out = []
    for step in range(3):
        out.append(
            {
                "state": state(unit(1, [step, 2], "e"), destroyed=[[3, 0]] if step == 2 else []),
                "events": [
                    {"seq": 2 * step + 1, "event": "move", "player": 1, "unit": 1, "to": [step, 2]},
                    {"seq": 2 * step + 2, "event": "say", "text": "<b>&", "visible": "all"},
                    {"seq": 2 * step + 3, "event": "draw", "card": "x", "visible": [1]},
                ],
                "label": f"round {step + 1} · P1",
            }
        )
    out.append({"state": out[-1]["state"], "events": [], "label": "end"})
    return out


def test_replay_page_has_a_picture_per_frame_and_the_log(board: Board) -> None:
    page = render_frames_html(board, frames(board), "tiny <test>")
    assert page.startswith("<!DOCTYPE html>")
    assert "<title>tiny &lt;test&gt;</title>" in page
    assert page.count("<figure") == 4 and page.count("<svg") == 5  # and once, the map's layers they share
    assert len(re.findall(r'<figure data-label="[^"]*" hidden>', page)) == 3  # only the first frame shows
    assert '<input id="step" type="range" min="0" max="3" value="0"' in page
    assert 'id="prev"' in page and 'id="next"' in page and "ArrowLeft" in page and "ArrowRight" in page
    assert page.count('<li data-frame="') == 9
    assert "visible=all" not in page and "visible=[1]" in page
    assert '<li data-frame="2"><span class="seq">5</span>P1 <span class="ev">move</span> unit=1 to=[2, 2]</li>' in page
    assert "text=&lt;b&gt;&amp;" in page and "<b>&" not in page
    assert "(no log entries)" in page
    assert "<?xml" not in page
    assert re.findall(r"https?://[^\"]+", page) == ["http://www.w3.org/2000/svg"] * 5
    assert "<script src" not in page and "<link" not in page


def test_a_frame_sharing_the_maps_layers_is_the_drawing_itself(board: Board) -> None:
    """Put back in place, the layers a frame uses give exactly the drawing's own SVG, for every frame, including
    one whose state destroys a wall (another terrain layer)."""
    shared: dict[str, str] = {}
    for frame in frames(board):
        drawing = draw(board, frame["state"])
        text = to_svg_sharing(drawing, shared)
        assert text.count("<use href=") == 2  # the terrain (with zones and grid) and the coordinates
        layers = {ref: body for body, ref in shared.items()}
        rebuilt = re.sub(r'<use href="#([^"]+)"/>', lambda m, layers=layers: layers[m.group(1)], text)
        assert rebuilt == to_svg(drawing, standalone=False)
    assert len(shared) == 3  # the coordinates, and the terrain before and after the wall fell
    defs = shared_defs(shared)
    assert defs.count("<g id=") == 3 and 'width="0" height="0"' in defs


def test_a_long_game_shares_the_map_once(board: Board) -> None:
    """Each frame of a long replay holds only its units: the page grows by a small amount a frame, not by a
    drawing of the whole map."""
    one = len(render_frames_html(board, frames(board)[:1], "t"))
    many = [
        {"state": state(unit(1, [step % board.width, 2], "e")), "events": [{"seq": step, "event": "move"}]}
        for step in range(400)
    ]
    page = render_frames_html(board, many, "t")
    per_frame = (len(page) - one) / (len(many) - 1)
    full = len(to_svg(draw(board, many[0]["state"]), standalone=False))
    assert page.count("<use href=") == 2 * len(many)
    assert per_frame < full / 2, (per_frame, full)


def test_replay_is_deterministic_and_written_atomically(board: Board, tmp_path: Any) -> None:
    out = tmp_path / "replay.html"
    write_replay(out, board, frames(board), "tiny")
    first = out.read_bytes()
    write_replay(out, board, copy.deepcopy(frames(board)), "tiny")
    assert out.read_bytes() == first == render_frames_html(board, frames(board), "tiny").encode()
    assert [p.name for p in tmp_path.iterdir()] == ["replay.html"]


def test_replay_refuses_a_frame_that_does_not_fit(board: Board) -> None:
    bad = frames(board)
    bad[1]["state"]["units"][0]["pos"] = [9, 9]
    with pytest.raises(StateError) as raised:
        render_frames_html(board, bad, "x")
    assert raised.value.pointer == "/1/state/units/0/pos"
    with pytest.raises(StateError):
        render_frames_html(board, [], "x")


def test_the_replay_page_and_the_tooltips_speak_the_current_language(board: Board) -> None:
    # every word of the page around the frames and of a unit's tooltip comes from the catalogs: in the pseudo-locale
    # no plain English word is left outside the names and the log's codes; in zh-Hans they are Chinese
    from toolkit import i18n

    with i18n.use_lang(i18n.PSEUDO):
        page = render_frames_html(board, frames(board), "tiny")
    words = re.sub(r"<script>.*?</script>|<style>.*?</style>|<svg.*?</svg>|<[^>]+>", " ", page, flags=re.S)
    words = re.sub(r"‹[^›]*›", " ", words)
    for label in re.findall(r'data-label="([^"]*)"', page):  # the frames' labels are the caller's (simulate's)
        words = words.replace(label, " ")
    log = re.findall(r'<li data-frame="\d+">.*?</li>', page)
    for entry in log:  # the log's lines are the events' codes: event names and their fields (the player in words)
        words = words.replace(re.sub(r"‹[^›]*›", " ", re.sub(r"<[^>]+>", " ", entry)), " ")
    assert not re.findall(r"\b[A-Za-z]{2,}\b", words.replace("tiny", "")), words
    assert '<html lang="en">' in page
    title = _unit_title_in("zh-Hans", unit(1, [1, 2], hidden=True))
    assert "生命 9/11" in title and "朝向东" in title and "隐蔽" in title and "HP" not in title
    with i18n.use_lang("zh-Hans"):
        page = render_frames_html(board, frames(board), "tiny")
    assert '<html lang="zh-Hans">' in page and "◀ 上一步" in page and "◀ prev" not in page


def _unit_title_in(lang: str, data: dict[str, Any]) -> str:
    from toolkit import i18n
    from toolkit.board.draw import _unit_title

    with i18n.use_lang(lang):
        return _unit_title(data)
