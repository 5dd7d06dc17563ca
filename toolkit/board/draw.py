"""Drawing a map and a game state: one function builds primitives, two back-ends render them.

:func:`draw` turns a :class:`~toolkit.board.Board` and, optionally, the game-state
JSON the engine hands out (``TacticsGame.board_state()``, see the board contract)
into a :class:`Drawing`: a flat, ordered list of rectangles, lines, polygons,
circles and texts, grouped where a group means something (a unit, a vision band).
:func:`to_svg` writes that list as self-contained SVG text and :func:`to_png`
paints it with Pillow, so the map, the PNG for a README and each frame of a
replay are the same picture. Everything is deterministic: the same board and
state give byte-identical output.

Layers, bottom to top: terrain, deployment-zone tint, obstacle spots, the grid,
zone borders and numbers, vision bands, coordinates, a replay step's paths, units (each with its
number in the log), the step's attack lines, dice and damage, caption.
"""

from __future__ import annotations

import functools
import io
import math
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

from toolkit.i18n import current_lang, tc, tr, word
from toolkit.jsonio import json_kind

if TYPE_CHECKING:
    from toolkit.board import Board

Point = tuple[float, float]

CELL = 48
MARGIN_TOP = 24
MARGIN_LEFT = 30
MARGIN_RIGHT = 10
CAPTION = 26
IMAGE_SUFFIXES = (".svg", ".png")
MAX_PIXELS = 40_000_000
FONT_FAMILY = "'Dossier Sans SC', 'Noto Sans CJK SC', 'Source Han Sans SC', 'Microsoft YaHei', sans-serif"

BACKGROUND = "#ffffff"
INK = "#1b1b1b"
MUTED = "#6b6b6b"
GRID = "#cfc8ba"
TERRAIN = {
    "floor": "#f3efe6",
    "outdoor": "#dcebd0",
    "wall": "#3d3d3d",
    "broken_wall": "#b9b1a3",
    "pit": "#f3efe6",
    "stairs": "#e7e1d4",
}
PIT = "#4b3a2e"
DETAIL = "#6d6559"
GRASS = "#8fb27a"
SPOT = "#8c8c8c"
ZONE_COLOURS = {1: "#8e5bc7", 2: "#c08f00", 3: "#17a2b8", 4: "#d45d9a", 5: "#8d6e63", 6: "#4f6d7a"}
SEAT_COLOURS = {1: "#d0342c", 2: "#1f6fd0", 3: "#e08a00", 4: "#2e9e4f", 5: "#7b3fb0", 6: "#00897b"}
OBSTACLE = "#8c8c8c"
TAPPED = "#f0c040"
DAMAGE = "#c62828"
HEAL = "#2e7d32"
FACING_VECTORS = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}


# --------------------------------------------------------------------------
# primitives


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0
    opacity: float = 1.0
    dash: bool = False
    role: str = ""


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = INK
    width: float = 1.0
    dash: bool = False
    role: str = ""


@dataclass(frozen=True, slots=True)
class Polygon:
    points: tuple[Point, ...]
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0
    opacity: float = 1.0
    role: str = ""


@dataclass(frozen=True, slots=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0
    opacity: float = 1.0
    dash: bool = False
    role: str = ""


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text, vertically centred on ``y``; ``anchor`` is start, middle or end."""

    x: float
    y: float
    text: str
    size: float = 11.0
    fill: str = INK
    anchor: str = "middle"
    bold: bool = False
    role: str = ""


@dataclass(frozen=True, slots=True)
class Group:
    """Shapes that belong together (a unit, a vision band); ``title`` is its tooltip in SVG."""

    role: str
    items: tuple[Shape, ...]
    title: str = ""


Shape = Rect | Line | Polygon | Circle | Text | Group


@dataclass(frozen=True, slots=True)
class Drawing:
    width: int
    height: int
    items: tuple[Shape, ...]
    title: str = ""
    # the slices of ``items`` (start, end) drawn from the map alone (as the state leaves its walls): every
    # drawing of one map in one state of its walls has them alike, so a page of many shares them
    shared: tuple[tuple[int, int], ...] = ()

    def walk(self) -> Iterable[Shape]:
        """Every shape, groups first and then their members, in drawing order."""
        return _walk(self.items)


def _walk(items: Iterable[Shape]) -> Iterable[Shape]:
    for item in items:
        yield item
        if isinstance(item, Group):
            yield from _walk(item.items)


# --------------------------------------------------------------------------
# the state


class StateError(ValueError):
    """A game state that does not fit the board; ``pointer`` (RFC 6901) says where, ``problem`` what (worded in
    the current language); the message is ``pointer: problem``."""

    def __init__(self, problem: str, pointer: str = "") -> None:
        message = tr("{field}: {problem}", field=pointer, problem=problem) if pointer else problem
        super().__init__(message)
        self.message = message
        self.problem = problem
        self.pointer = pointer


def _cell_of(value: Any, board: Board, where: str) -> tuple[int, int]:
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise StateError(
            tr("a cell is {form} (two integers), not {found}", form="[x, y]", found=json_kind(value)), where
        )
    cell = (int(value[0]), int(value[1]))
    if not board.inside(cell):
        raise StateError(
            tr("cell {cell} is outside the {size} map", cell=list(cell), size=f"{board.width}x{board.height}"), where
        )
    return cell


def validate_state(board: Board, state: Any, *, dying: bool = False) -> None:
    """Check that ``state`` is a game state this board can draw; raise :class:`StateError` if not. HP and maximum
    HP are never below 0, but with ``dying``: a unit being destroyed inside an attack stands on the map until the
    attack ends (T21), below 0 HP when the damage went past its HP, and a replay's frame inside the attack shows
    it so; between actions (a game state as the engine writes it) no unit is below 0."""
    if not isinstance(state, Mapping):
        raise StateError(
            tr("a game state is a {format} object, not {found}", format="JSON", found=json_kind(state))
        )
    map_id = state.get("map")
    if map_id is not None and board.map_id and map_id != board.map_id:
        shown = repr(map_id) if isinstance(map_id, str) and len(map_id) <= 40 else json_kind(map_id)
        raise StateError(tr("the state is for map {map}, not {board}", map=shown, board=repr(board.map_id)), "/map")
    destroyed = state.get("destroyed", [])
    if not isinstance(destroyed, list):
        raise StateError(tr("a list of {form} cells", form="[x, y]"), "/destroyed")
    for index, cell in enumerate(destroyed):
        _cell_of(cell, board, f"/destroyed/{index}")
    units = state.get("units", [])
    if not isinstance(units, list):
        raise StateError(tr("a list of units"), "/units")
    if len(units) > board.width * board.height:  # each unit stands on a cell of its own
        cells = board.width * board.height
        raise StateError(
            tr("{n} units on a map of {cells} cells; at most one a cell", n=len(units), cells=cells), "/units"
        )
    terrain = board_for_state(board, state) if units else board  # (its walls as the state left them: T20)
    for index, unit in enumerate(units):
        where = f"/units/{index}"
        if not isinstance(unit, Mapping):
            raise StateError(tr("a unit is a {format} object", format="JSON"), where)
        cell = _cell_of(unit.get("pos"), board, f"{where}/pos")
        if terrain.is_wall(cell):  # T20: a unit never stays in a wall (a destroyed one, a broken wall, is passable)
            message = tr("cell {cell} is an intact wall; no unit stands in one", cell=list(cell))
            raise StateError(message, f"{where}/pos")
        facing = unit.get("facing")
        if unit.get("kind") != "obstacle" and facing is not None and (
            not isinstance(facing, str) or facing not in FACING_VECTORS
        ):
            raise StateError(
                tr("one of {choices}, not {found}", choices="n, e, s, w", found=json_kind(facing)), f"{where}/facing"
            )
        for key in ("hp", "max_hp", "seat", "uid"):
            value = unit.get(key)
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                raise StateError(tr("an integer, not {found}", found=json_kind(value)), f"{where}/{key}")
            least = {"max_hp": 1, "hp": None if dying else 0}.get(key)
            if value is not None and least is not None and value < least:
                raise StateError(tr("at least {limit}, not {value}", limit=least, value=value), f"{where}/{key}")
        vision = unit.get("vision")
        if vision is not None and not isinstance(vision, Mapping):
            example = '{"side": true}'
            message = tr("an object such as {example}, not {found}", example=example, found=json_kind(vision))
            raise StateError(message, f"{where}/vision")


def named_state(state: Mapping[str, Any], name: Callable[[str], str]) -> dict[str, Any]:
    """A copy of ``state`` with each unit's name put through ``name`` (a log's names in the output language:
    the engine names units in zh-Hans), so the drawing's tooltips and letters speak that language."""
    units = [
        {**unit, "name": name(unit["name"])} if isinstance(unit, Mapping) and isinstance(unit.get("name"), str)
        else unit
        for unit in state.get("units") or []
    ]  # fmt: skip
    return {**state, "units": units} if "units" in state else dict(state)


def board_for_state(board: Board, state: Mapping[str, Any] | None) -> Board:
    """The board in the state's terrain: its ``destroyed`` cells toggled (T20) relative to the map as written."""
    if not state or "destroyed" not in state:
        return board
    wanted = {(int(c[0]), int(c[1])) for c in state["destroyed"]}
    for cell in sorted(wanted.symmetric_difference(board.destroyed), key=lambda c: (c[1], c[0])):
        board = board.destroy(cell)
    return board


# --------------------------------------------------------------------------
# the one drawing function


def _num(value: float) -> str:
    """A coordinate as short, stable text: integers bare, others to two decimals."""
    rounded = round(float(value), 2)
    if rounded == int(rounded):
        return str(int(rounded))
    return f"{rounded:.2f}".rstrip("0").rstrip(".")


def _origin(cell: tuple[int, int]) -> tuple[int, int]:
    return MARGIN_LEFT + cell[0] * CELL, MARGIN_TOP + cell[1] * CELL


def _terrain(board: Board, cell: tuple[int, int]) -> list[Shape]:
    x0, y0 = _origin(cell)
    kind = board.terrain(cell)
    fill = TERRAIN.get(kind, TERRAIN["floor"])
    if kind == "pit" and board.rows[cell[1]][cell[0]] == ",":  # a destroyed outdoor floor keeps its ground
        fill = TERRAIN["outdoor"]
    shapes: list[Shape] = [Rect(x0, y0, CELL, CELL, fill=fill, role=kind)]
    if kind == "outdoor":
        for dx, dy in ((10, 12), (30, 30), (14, 36)):
            shapes.append(Line(x0 + dx, y0 + dy, x0 + dx + 3, y0 + dy - 5, stroke=GRASS, width=1.2, role="detail"))
    elif kind == "broken_wall":
        shapes.append(Line(x0 + 6, y0 + 6, x0 + CELL - 6, y0 + CELL - 6, stroke=DETAIL, width=2, role="detail"))
        shapes.append(Line(x0 + CELL - 6, y0 + 6, x0 + 6, y0 + CELL - 6, stroke=DETAIL, width=2, role="detail"))
    elif kind == "pit":
        shapes.append(Rect(x0 + 6, y0 + 6, CELL - 12, CELL - 12, fill=PIT, role="detail"))
    elif kind == "stairs":
        for step in range(1, 5):
            y = y0 + step * CELL / 5
            shapes.append(Line(x0 + 6, y, x0 + CELL - 6, y, stroke=DETAIL, width=1.5, role="detail"))
    return shapes


def _zone_shapes(board: Board) -> tuple[list[Shape], list[Shape]]:
    """The tint under the grid, and the borders and numbers above it."""
    tint: list[Shape] = []
    marks: list[Shape] = []
    for number in sorted(board.zones):
        cells = board.zones[number]
        members = set(cells)
        colour = ZONE_COLOURS.get(number, MUTED)
        inset = 1.5
        for cell in cells:
            x0, y0 = _origin(cell)
            tint.append(Rect(x0, y0, CELL, CELL, fill=colour, opacity=0.14, role="zone-tint"))
            x, y = cell
            edges = (
                ((x, y - 1), (x0, y0 + inset, x0 + CELL, y0 + inset)),
                ((x, y + 1), (x0, y0 + CELL - inset, x0 + CELL, y0 + CELL - inset)),
                ((x - 1, y), (x0 + inset, y0, x0 + inset, y0 + CELL)),
                ((x + 1, y), (x0 + CELL - inset, y0, x0 + CELL - inset, y0 + CELL)),
            )
            for neighbour, (x1, y1, x2, y2) in edges:
                if neighbour not in members:
                    marks.append(Line(x1, y1, x2, y2, stroke=colour, width=3, role="zone-border"))
            marks.append(
                Text(x0 + 4, y0 + 9, str(number), size=10, fill=colour, anchor="start", bold=True, role="zone-label")
            )
    return tint, marks


def _grid(board: Board) -> list[Shape]:
    right = MARGIN_LEFT + board.width * CELL
    bottom = MARGIN_TOP + board.height * CELL
    lines: list[Shape] = []
    for x in range(board.width + 1):
        lines.append(
            Line(MARGIN_LEFT + x * CELL, MARGIN_TOP, MARGIN_LEFT + x * CELL, bottom, stroke=GRID, width=1, role="grid")
        )
    for y in range(board.height + 1):
        lines.append(
            Line(MARGIN_LEFT, MARGIN_TOP + y * CELL, right, MARGIN_TOP + y * CELL, stroke=GRID, width=1, role="grid")
        )
    return lines


def _coordinates(board: Board) -> list[Shape]:
    texts: list[Shape] = []
    for x in range(board.width):
        texts.append(
            Text(MARGIN_LEFT + x * CELL + CELL / 2, MARGIN_TOP / 2, str(x), size=11, fill=MUTED, role="coord-x")
        )
    for y in range(board.height):
        texts.append(
            Text(
                MARGIN_LEFT - 6,
                MARGIN_TOP + y * CELL + CELL / 2,
                str(y),
                size=11,
                fill=MUTED,
                anchor="end",
                role="coord-y",
            )
        )
    return texts


def _spot(cell: tuple[int, int]) -> Shape:
    x0, y0 = _origin(cell)
    cx, cy, d = x0 + CELL / 2, y0 + CELL / 2, 6
    return Polygon(
        ((cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)),
        fill=None,
        stroke=SPOT,
        width=1.5,
        role="obstacle-spot",
    )


def _seat_colour(unit: Mapping[str, Any]) -> str:
    if unit.get("kind") == "obstacle":
        return OBSTACLE
    seat = unit.get("seat")
    return SEAT_COLOURS.get(seat, MUTED) if isinstance(seat, int) else MUTED


def _pos(unit: Mapping[str, Any]) -> tuple[int, int]:
    pos = unit["pos"]
    return int(pos[0]), int(pos[1])


def _sort_key(unit: Mapping[str, Any]) -> tuple[Any, ...]:
    uid = unit.get("uid")
    return (0, uid, "") if isinstance(uid, int) else (1, 0, str(unit.get("id", "")))


def _vision(board: Board, unit: Mapping[str, Any], log_names: bool = False) -> Shape | None:
    facing = unit.get("facing")
    if unit.get("kind") == "obstacle" or facing not in FACING_VECTORS:
        return None
    pos = _pos(unit)
    extra = unit.get("vision") or {}
    side, rear = bool(extra.get("side")), bool(extra.get("rear"))
    colour = _seat_colour(unit)
    cells = [
        Rect(*_origin(cell), CELL, CELL, fill=colour, opacity=0.1, role="vision-cell")
        for cell in board.cells()
        if cell != pos and not board.is_wall(cell) and board.in_vision(pos, facing, cell, side=side, rear=rear)
    ]
    lang = current_lang()
    bands = [word("band", "front", lang)] + [word("band", b, lang) for b, on in (("side", side), ("rear", rear)) if on]
    who = log_name(unit) if log_names else _name(unit)
    title = tr("vision of {unit} ({bands})", unit=who, bands=tc(lang, "list", ", ").join(bands))
    return Group("vision", tuple(cells), title)


def _name(unit: Mapping[str, Any]) -> str:
    return str(unit.get("name") or unit.get("id") or f"unit {unit.get('uid', '?')}")


@functools.lru_cache(maxsize=1)
def _font_chars() -> frozenset[str]:
    from toolkit.sheets.fonts import read_coverage

    return read_coverage()


def unit_label(unit: Mapping[str, Any]) -> str:
    """The letter drawn in a unit's circle: the first character of its name when the
    bundled font has it, else the first two letters of its id (``gale`` -> ``GA``)."""
    name = str(unit.get("name") or "")
    if name and name[0] in _font_chars():
        return name[0]
    ident = "".join(ch for ch in str(unit.get("id") or "") if ch.isalnum())
    if ident:
        return ident[:2].upper()
    return str(unit.get("uid", "?"))[:2]


def _offsets(count: int) -> tuple[float, list[Point]]:
    """Radius and centre offsets of ``count`` units sharing one cell."""
    if count == 1:
        return CELL * 0.3, [(0.0, 0.0)]
    radius = CELL * (0.19 if count <= 4 else 0.14)
    ring = CELL * 0.2
    points = []
    for index in range(count):
        angle = -math.pi / 2 - math.pi / 4 + 2 * math.pi * index / count
        points.append((round(ring * math.cos(angle), 2), round(ring * math.sin(angle), 2)))
    return radius, points


def _unit(unit: Mapping[str, Any], cx: float, cy: float, r: float, log_names: bool = False) -> Group:
    colour = _seat_colour(unit)
    hidden = bool(unit.get("hidden"))
    obstacle = unit.get("kind") == "obstacle"
    shapes: list[Shape] = []
    facing = unit.get("facing")
    if not obstacle and facing in FACING_VECTORS:
        dx, dy = FACING_VECTORS[facing]
        px, py = -dy, dx
        tip = (cx + dx * (r + 7), cy + dy * (r + 7))
        base = (cx + dx * (r - 1), cy + dy * (r - 1))
        half = max(3.0, r * 0.4)
        shapes.append(
            Polygon(
                (
                    (round(tip[0], 2), round(tip[1], 2)),
                    (round(base[0] + px * half, 2), round(base[1] + py * half, 2)),
                    (round(base[0] - px * half, 2), round(base[1] - py * half, 2)),
                ),
                fill=INK,
                role="facing",
            )
        )
    shapes.append(
        Circle(
            cx,
            cy,
            r,
            fill=colour,
            stroke=INK,
            width=1.5,
            opacity=0.45 if hidden else 1.0,
            dash=hidden,
            role="unit-body",
        )
    )
    shapes.append(Text(cx, cy, unit_label(unit), size=round(r * 0.95, 1), fill="#ffffff", bold=True, role="label"))
    hp = unit.get("hp")
    if isinstance(hp, int) and not isinstance(hp, bool):
        bx, by = cx + r * 0.55, cy + r * 0.45
        width = 8 + 6 * len(str(hp))
        shapes.append(Rect(bx, by, width, 12, fill="#ffffff", stroke=INK, width=1, role="hp-box"))
        shapes.append(Text(bx + width / 2, by + 6, str(hp), size=9, fill=INK, role="hp"))
    uid = unit.get("uid")
    if isinstance(uid, int) and not isinstance(uid, bool):  # its number in the log (寒鸦#3): two alike differ by it
        width = 6 + 5 * len(str(uid))
        bx, by = cx - r * 0.55 - width, cy + r * 0.45
        shapes.append(Rect(bx, by, width, 12, fill=INK, role="uid-box"))
        shapes.append(Text(bx + width / 2, by + 6, str(uid), size=8.5, fill="#ffffff", role="uid"))
    if unit.get("tapped"):
        shapes.append(Rect(cx + r * 0.45, cy - r - 3, 11, 7, fill=TAPPED, stroke=INK, width=1, role="tapped"))
    return Group("unit", tuple(shapes), _unit_title(unit, log_names))


def log_name(unit: Mapping[str, Any]) -> str:
    """A unit as the engine's log names it: ``寒鸦#3`` (its name and number), or its name alone."""
    uid = unit.get("uid")
    return f"{_name(unit)}#{uid}" if isinstance(uid, int) and not isinstance(uid, bool) else _name(unit)


def _unit_title(unit: Mapping[str, Any], log_names: bool = False) -> str:
    """A unit's tooltip (ending with its ``notes``, if any); with ``log_names``, it is named as in the log (``寒鸦#3``) and its record id is left out, as
    it is for a unit whose ``id_in_title`` is false (a page that names the units in its reader's language: a record id
    is no word of it)."""
    parts = [log_name(unit) if log_names else _name(unit)]
    if not log_names and unit.get("id_in_title", True) and unit.get("id") and unit.get("id") != unit.get("name"):
        parts.append(str(unit["id"]))
    if unit.get("kind") == "obstacle":
        parts.append(tr("obstacle"))
    elif unit.get("seat") is not None:
        parts.append(tr("P{seat}", seat=unit["seat"]))  # (玩家2 in Chinese, as the page's headings)
    if unit.get("hp") is not None:
        hp, most = unit["hp"], unit.get("max_hp")
        parts.append(tr("{hp}/{max_hp} HP", hp=hp, max_hp=most) if most is not None else tr("{hp} HP", hp=hp))
    if unit.get("facing"):
        parts.append(tr("facing {facing}", facing=word("facing", str(unit["facing"]), current_lang())))
    if unit.get("hidden"):
        parts.append(tr("hidden"))
    if unit.get("tapped"):
        parts.append(tr("tapped"))
    pos = unit.get("pos")
    if pos is not None:
        parts.append(tr("at {x},{y}", x=pos[0], y=pos[1]))
    if unit.get("notes"):  # (words a page adds: its statuses, shields … as the terminal says them)
        parts.append(str(unit["notes"]))
    return " · ".join(parts)


def _units(units: Sequence[Mapping[str, Any]], log_names: bool = False) -> list[Shape]:
    by_cell: dict[tuple[int, int], list[Mapping[str, Any]]] = {}
    for unit in units:
        by_cell.setdefault(_pos(unit), []).append(unit)
    shapes: list[Shape] = []
    for cell in sorted(by_cell, key=lambda c: (c[1], c[0])):
        group = by_cell[cell]
        radius, offsets = _offsets(len(group))
        x0, y0 = _origin(cell)
        for unit, (dx, dy) in zip(group, offsets, strict=True):
            shapes.append(_unit(unit, x0 + CELL / 2 + dx, y0 + CELL / 2 + dy, radius, log_names))
    return shapes


# --------------------------------------------------------------------------
# the marks of a replay's step: what its log entries did on the map


def unit_ref(value: Any) -> int | None:
    """The number of a unit as the log names it (``寒鸦#3`` -> 3); None for anything else."""
    if not isinstance(value, str):
        return None
    head, sep, tail = value.rpartition("#")
    if not (sep and head and tail.isascii() and tail.isdigit() and len(tail) <= 9):
        return None
    return int(tail)


@dataclass(frozen=True, slots=True)
class Marks:
    """What a step of a replay did, drawn on its map: ``under`` the units (the paths they walked), ``over``
    them (attack lines, dice, damage, healing, destroyed units); ``attack`` is the attack still resolving
    when the step ended (its dice come in the next step, which draws its line again)."""

    under: tuple[Shape, ...] = ()
    over: tuple[Shape, ...] = ()
    attack: Mapping[str, Any] | None = None


def _centre(pos: tuple[int, int]) -> Point:
    x0, y0 = _origin(pos)
    return x0 + CELL / 2, y0 + CELL / 2


def _as_cell(value: Any) -> tuple[int, int] | None:
    if (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return int(value[0]), int(value[1])
    return None


def _arrowhead(tip: Point, towards: Point, size: float, colour: str, role: str) -> Polygon:
    """A triangle with its point at ``tip``, pointing away from ``towards``."""
    dx, dy = tip[0] - towards[0], tip[1] - towards[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    bx, by = tip[0] - ux * size, tip[1] - uy * size
    half = size * 0.55
    return Polygon(
        (
            (round(tip[0], 2), round(tip[1], 2)),
            (round(bx - uy * half, 2), round(by + ux * half, 2)),
            (round(bx + uy * half, 2), round(by - ux * half, 2)),
        ),
        fill=colour,
        role=role,
    )


def _badge(x: float, y: float, text: str, fill: str, ink: str, role: str, title: str) -> Group:
    """A small box with a word or a number, its top left corner at ``x``, ``y``."""
    width = 8 + 6.5 * len(text)
    return Group(
        role,
        (
            Rect(x, y, width, 14, fill=fill, stroke=INK, width=1, role=f"{role}-box"),
            Text(x + width / 2, y + 7, text, size=10, fill=ink, bold=True, role=f"{role}-text"),
        ),
        title,
    )


def _path_mark(event: Mapping[str, Any], unit: Mapping[str, Any] | None) -> Group | None:
    """The cells a unit stepped on: a line in its player's colour from a ring where it started, a dot on each
    cell and an arrowhead on the last step."""
    start = _as_cell(event.get("start"))
    path = event.get("path")
    if start is None or not isinstance(path, list) or not path:
        return None
    cells = [start]
    for value in path:
        cell = _as_cell(value)
        if cell is None:
            return None
        cells.append(cell)
    colour = _seat_colour(unit) if unit is not None else MUTED
    points = [_centre(cell) for cell in cells]
    shapes: list[Shape] = [
        Line(a[0], a[1], b[0], b[1], stroke=colour, width=3, role="path-line")
        for a, b in zip(points, points[1:], strict=False)
    ]
    shapes.append(Circle(points[0][0], points[0][1], 6, fill="#ffffff", stroke=colour, width=2.5, role="path-start"))
    shapes.extend(Circle(x, y, 3, fill=colour, role="path-step") for x, y in points[1:-1])
    last, before = points[-1], points[-2]
    middle = ((last[0] + before[0]) / 2, (last[1] + before[1]) / 2)
    shapes.append(_arrowhead(middle, before, 10, colour, "path-arrow"))
    who = log_name(unit) if unit is not None else ""
    route = " → ".join(f"{x},{y}" for x, y in cells)
    return Group("path", tuple(shapes), tr("{unit} moves: {cells}", unit=who, cells=route) if who else route)


def _ends(a: Point, b: Point, inset: float) -> tuple[Point, Point] | None:
    """The segment from ``a`` to ``b`` shortened by ``inset`` at both ends (None when they are too close)."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length < 2 * inset + 4:
        return None
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    return (a[0] + ux * inset, a[1] + uy * inset), (b[0] - ux * inset, b[1] - uy * inset)


def _attack_mark(attacker: Mapping[str, Any], target: Mapping[str, Any], counter: bool) -> Group | None:
    """A line from the attacker to its target with an arrowhead at the target: solid for an attack, dashed for
    a counterattack; a white casing keeps it readable over any terrain."""
    ends = _ends(_centre(_pos(attacker)), _centre(_pos(target)), 15)
    if ends is None:
        return None
    (x1, y1), (x2, y2) = ends
    role = "counterattack" if counter else "attack"
    shapes: list[Shape] = [
        Line(x1, y1, x2, y2, stroke="#ffffff", width=6, role=f"{role}-casing"),
        Line(x1, y1, x2, y2, stroke=INK, width=2.5, dash=counter, role=f"{role}-line"),
        _arrowhead((x2, y2), (x1, y1), 11, INK, f"{role}-arrow"),
    ]
    who, whom = log_name(attacker), log_name(target)
    if counter:
        return Group(role, tuple(shapes), tr("{unit} counterattacks {target}", unit=who, target=whom))
    return Group(role, tuple(shapes), tr("{unit} attacks {target}", unit=who, target=whom))


def _middle(attacker: Mapping[str, Any], target: Mapping[str, Any]) -> Point:
    """Where a mark on an attack's line goes: its middle, or beside it when the units are near (a short line
    between two tokens would hide it)."""
    (ax, ay), (tx, ty) = _centre(_pos(attacker)), _centre(_pos(target))
    x, y = (ax + tx) / 2, (ay + ty) / 2
    length = math.hypot(tx - ax, ty - ay)
    if 0 < length <= 1.5 * CELL:
        px, py = (ty - ay) / length, -(tx - ax) / length  # a perpendicular, turned to point up (or left)
        if py > 0 or (py == 0 and px > 0):
            px, py = -px, -py
        x, y = x + px * 16, y + py * 16
    return round(x, 2), round(y, 2)


def step_marks(
    state: Mapping[str, Any] | None,
    events: Sequence[Mapping[str, Any]],
    seen: Mapping[int, Mapping[str, Any]] | None = None,
    attack: Mapping[str, Any] | None = None,
) -> Marks:
    """The marks of one step of a replay: its log entries (``events``) drawn on ``state``, the board after them.

    A unit the log names (``寒鸦#3``) is found by its number among the state's units, else among ``seen``
    (units by number as an earlier step last showed them: a destroyed target is marked where it fell).
    ``move`` draws the path (``start``, then ``path``); ``attack`` a line to the target (dashed when
    ``counter``); ``hit_dice`` the results beside that line; ``target_lost`` a cross there; ``damage`` the HP
    lost and ``heal`` the HP gained beside the unit; ``destroyed`` a cross where it stood. ``attack`` is the
    previous step's attack still resolving (see :class:`Marks`). Entries that name nothing on the map, or name
    it in a form this does not know, draw nothing."""
    units: dict[int, Mapping[str, Any]] = dict(seen or {})
    for unit in (state or {}).get("units", []):
        uid = unit.get("uid") if isinstance(unit, Mapping) else None
        if isinstance(uid, int) and not isinstance(uid, bool) and _as_cell(unit.get("pos")) is not None:
            units[uid] = unit

    def find(value: Any) -> Mapping[str, Any] | None:
        uid = unit_ref(value)
        return units.get(uid) if uid is not None else None

    under: list[Shape] = []
    over: list[Shape] = []
    current = attack  # the attack the next dice belong to
    drawn = attack is None  # whether the current attack's line is drawn in this step
    resolved = False
    lost: dict[int, int] = {}
    gained: dict[int, int] = {}

    def draw_attack() -> Mapping[str, Any] | None:
        nonlocal drawn
        if current is None:
            return None
        attacker, target = find(current.get("unit")), find(current.get("target"))
        if attacker is None or target is None:
            return None
        if not drawn:
            mark = _attack_mark(attacker, target, current.get("counter") is True)
            if mark is not None:
                over.append(mark)
            drawn = True
        return {"attacker": attacker, "target": target}

    for event in events:
        kind = event.get("event")
        if kind == "move":
            mark = _path_mark(event, find(event.get("unit")))
            if mark is not None:
                under.append(mark)
        elif kind == "attack":
            current, drawn, resolved = event, False, False
            draw_attack()
        elif kind == "hit_dice" and current is not None and not resolved:
            pair = draw_attack()
            resolved = True
            results = event.get("results")
            if pair is not None and isinstance(results, list):
                text = " ".join(str(r) for r in results if isinstance(r, int) and not isinstance(r, bool))
                x, y = _middle(pair["attacker"], pair["target"])
                title = tr("hit dice {results}: {damage} damage", results=text, damage=event.get("damage", "?"))
                width = 8 + 6.5 * len(text)
                over.append(_badge(x - width / 2, y - 7, text, "#ffffff", INK, "dice", title))
        elif (
            kind in ("target_lost", "attack_failed", "attack_prevented")
            and current is not None
            and not resolved
            and "ref" not in event  # (an effect's target lost, 攻击时 or 移动后 during the attack: not the attack's)
        ):
            pair = draw_attack()
            resolved = True
            if pair is not None:
                x, y = _middle(pair["attacker"], pair["target"])
                over.append(_badge(x - 7.25, y - 7, "×", "#ffffff", DAMAGE, "miss", tr("the attack did not happen")))
        elif kind in ("damage", "heal"):
            uid = unit_ref(event.get("unit"))
            amount = event.get("hp") if kind == "damage" else event.get("amount")
            if kind == "damage" and not isinstance(amount, int):
                amount = event.get("amount")
            if uid is not None and uid in units and isinstance(amount, int) and not isinstance(amount, bool):
                tally = lost if kind == "damage" else gained
                tally[uid] = tally.get(uid, 0) + amount
        elif kind == "destroyed":
            unit = find(event.get("unit"))
            if unit is not None:
                cx, cy = _centre(_pos(unit))
                d = 13
                over.append(
                    Group(
                        "destroyed",
                        (
                            Line(cx - d, cy - d, cx + d, cy + d, stroke=DAMAGE, width=4, role="destroyed-line"),
                            Line(cx + d, cy - d, cx - d, cy + d, stroke=DAMAGE, width=4, role="destroyed-line"),
                        ),
                        tr("{unit} is destroyed", unit=log_name(unit)),
                    )
                )
    for uid, amount in lost.items():
        unit = units[uid]
        x0, y0 = _origin(_pos(unit))
        text = f"−{amount}" if amount else "0"
        width = 8 + 6.5 * len(text)
        title = tr("{unit} loses {n} HP", unit=log_name(unit), n=amount)
        over.append(_badge(x0 + CELL - width - 1, y0 + 1, text, DAMAGE, "#ffffff", "damage", title))
    for uid, amount in gained.items():
        unit = units[uid]
        x0, y0 = _origin(_pos(unit))
        title = tr("{unit} heals {n} HP", unit=log_name(unit), n=amount)
        over.append(_badge(x0 + 1, y0 + 1, f"+{amount}", HEAL, "#ffffff", "heal", title))
    return Marks(tuple(under), tuple(over), current if current is not None and not resolved else None)


def caption(board: Board, state: Mapping[str, Any] | None, map_name: str | None = None) -> str:
    parts = [map_name or board.map_id or tr("map")]
    if state:
        if state.get("round") is not None:
            parts.append(tr("round {n}", n=state["round"]))
        if state.get("active") is not None:
            parts.append(tr("P{seat} to act", seat=state["active"]))
    return " · ".join(parts)


def draw(
    board: Board,
    state: Mapping[str, Any] | None = None,
    marks: Marks | None = None,
    log_names: bool = False,
    map_name: str | None = None,
) -> Drawing:
    """The picture of ``board`` and, when given, the game ``state`` on it (see the module docstring).

    ``state`` is the engine's board-state JSON; call :func:`validate_state` first on
    states that come from a user's file. ``marks`` (a replay's step, :func:`step_marks`) are drawn under
    and over the units; ``log_names`` names the units in their tooltips as the log does (``寒鸦#3``);
    ``map_name`` names the map in the caption (default: its id).
    """
    if state is not None:
        board = board_for_state(board, state)
    width = MARGIN_LEFT + board.width * CELL + MARGIN_RIGHT
    height = MARGIN_TOP + board.height * CELL + CAPTION
    items: list[Shape] = [Rect(0, 0, width, height, fill=BACKGROUND, role="background")]
    for cell in board.cells():
        items.extend(_terrain(board, cell))
    tint, borders = _zone_shapes(board)
    items.extend(tint)
    items.extend(_spot(cell) for cell in board.obstacle_spots)
    items.extend(_grid(board))
    items.extend(borders)
    shared = [(0, len(items))]
    units = sorted((state or {}).get("units", []), key=_sort_key)
    for unit in units:
        band = _vision(board, unit, log_names)
        if band is not None:
            items.append(band)
    start = len(items)
    items.extend(_coordinates(board))
    shared.append((start, len(items)))
    if marks is not None:
        items.extend(marks.under)
    items.extend(_units(units, log_names))
    if marks is not None:
        items.extend(marks.over)
    items.append(
        Text(
            MARGIN_LEFT,
            MARGIN_TOP + board.height * CELL + CAPTION / 2 + 1,
            caption(board, state, map_name),
            size=12,
            fill=INK,
            anchor="start",
            role="caption",
        )
    )
    return Drawing(width, height, tuple(items), caption(board, state, map_name), tuple(shared))


# --------------------------------------------------------------------------
# SVG


def _paint(fill: str | None, stroke: str | None, width: float, opacity: float, dash: bool) -> str:
    attrs = f' fill="{fill or "none"}"'
    if fill and opacity < 1:
        attrs += f' fill-opacity="{_num(opacity)}"'
    if stroke and width:
        attrs += f' stroke="{stroke}" stroke-width="{_num(width)}"'
        if dash:
            attrs += ' stroke-dasharray="4 3"'
    return attrs


def _cls(role: str) -> str:
    return f' class="{role}"' if role else ""


def _svg_shape(shape: Shape, out: list[str]) -> None:
    if isinstance(shape, Rect):
        out.append(
            f'<rect{_cls(shape.role)} x="{_num(shape.x)}" y="{_num(shape.y)}" width="{_num(shape.w)}" '
            f'height="{_num(shape.h)}"{_paint(shape.fill, shape.stroke, shape.width, shape.opacity, shape.dash)}/>'
        )
    elif isinstance(shape, Line):
        dash = ' stroke-dasharray="4 3"' if shape.dash else ""
        out.append(
            f'<line{_cls(shape.role)} x1="{_num(shape.x1)}" y1="{_num(shape.y1)}" x2="{_num(shape.x2)}" '
            f'y2="{_num(shape.y2)}" stroke="{shape.stroke}" stroke-width="{_num(shape.width)}"{dash}/>'
        )
    elif isinstance(shape, Polygon):
        points = " ".join(f"{_num(x)},{_num(y)}" for x, y in shape.points)
        out.append(
            f'<polygon{_cls(shape.role)} points="{points}"'
            f"{_paint(shape.fill, shape.stroke, shape.width, shape.opacity, False)}/>"
        )
    elif isinstance(shape, Circle):
        out.append(
            f'<circle{_cls(shape.role)} cx="{_num(shape.cx)}" cy="{_num(shape.cy)}" r="{_num(shape.r)}"'
            f"{_paint(shape.fill, shape.stroke, shape.width, shape.opacity, shape.dash)}/>"
        )
    elif isinstance(shape, Text):
        weight = ' font-weight="bold"' if shape.bold else ""
        out.append(
            f'<text{_cls(shape.role)} x="{_num(shape.x)}" y="{_num(shape.y)}" font-size="{_num(shape.size)}" '
            f'text-anchor="{shape.anchor}" dominant-baseline="central" fill="{shape.fill}"{weight}>'
            f"{escape(shape.text)}</text>"
        )
    else:
        out.append(f"<g{_cls(shape.role)}>")
        if shape.title:
            out.append(f"<title>{escape(shape.title)}</title>")
        cells = _cells_path(shape.items)
        if cells is not None:
            out.append(cells)
        else:
            for item in shape.items:
                _svg_shape(item, out)
        out.append("</g>")


def _cells_path(items: Sequence[Shape]) -> str | None:
    """Cells of one paint (a vision band's) as one ``<path>``, a fifth the text of their ``<rect>`` s; None for
    anything else."""
    first = items[0] if items else None
    if not isinstance(first, Rect) or first.role != "vision-cell" or first.stroke or len(items) < 2:
        return None
    paint = (first.fill, first.opacity, first.role)
    if not all(isinstance(r, Rect) and not r.stroke and (r.fill, r.opacity, r.role) == paint for r in items):
        return None
    d = "".join(
        f"M{_num(r.x)} {_num(r.y)}h{_num(r.w)}v{_num(r.h)}h{_num(-r.w)}z" for r in items if isinstance(r, Rect)
    )
    return f'<path{_cls(first.role)} d="{d}"{_paint(first.fill, None, 0, first.opacity, False)}/>'


def to_svg_sharing(drawing: Drawing, shared: dict[str, str], parts: Collection[str] = ()) -> str:
    """SVG text of ``drawing`` (as ``to_svg(drawing, standalone=False)`` draws it) in which each of its shared
    slices is a ``<use>`` of a group kept in ``shared`` (its SVG text -> its id, made here on first sight):
    :func:`shared_defs` writes the groups once for a page of many drawings of one map.

    ``parts`` names roles of the drawing's groups (``unit``, ``vision``) whose shapes are kept in ``shared``
    too: such a group is written with its tooltip around a ``<use class="part">`` of its shapes, so a unit
    that stands as it stood in an earlier drawing costs a line, not its drawing again."""
    out = [_svg_open(drawing)]
    if drawing.title:
        out.append(f"<title>{escape(drawing.title)}</title>")
    starts = dict(drawing.shared)
    index = 0
    while index < len(drawing.items):
        end = starts.get(index)
        if end is None or end <= index:
            item = drawing.items[index]
            index += 1
            if not isinstance(item, Group) or item.role not in parts:
                _svg_shape(item, out)
                continue
            cells = _cells_path(item.items)
            body: list[str] = [cells] if cells is not None else []
            for shape in item.items if cells is None else ():
                _svg_shape(shape, body)
            ref = shared.setdefault("\n".join(body), f"part-{len(shared)}")
            out.append(f"<g{_cls(item.role)}>")
            if item.title:
                out.append(f"<title>{escape(item.title)}</title>")
            out.append(f'<use class="part" href="#{ref}"/>')
            out.append("</g>")
            continue
        layer: list[str] = []
        for shape in drawing.items[index:end]:
            _svg_shape(shape, layer)
        text = "\n".join(layer)
        ref = shared.setdefault(text, f"map-layer-{len(shared)}")
        out.append(f'<use href="#{ref}"/>')
        index = end
    out.append("</svg>")
    return "\n".join(out) + "\n"


def shared_defs(shared: dict[str, str]) -> str:
    """The groups of :func:`to_svg_sharing` as one hidden SVG of definitions ("" when there are none)."""
    if not shared:
        return ""
    groups = [f'<g id="{ref}">\n{text}\n</g>' for text, ref in shared.items()]
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" aria-hidden="true" '
        f'style="position:absolute" font-family={quoteattr(FONT_FAMILY)}><defs>\n'
        + "\n".join(groups)
        + "\n</defs></svg>"
    )


def _svg_open(drawing: Drawing) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{drawing.width}" height="{drawing.height}" '
        f'viewBox="0 0 {drawing.width} {drawing.height}" font-family={quoteattr(FONT_FAMILY)} role="img">'
    )


def to_svg(drawing: Drawing, *, standalone: bool = True) -> str:
    """SVG text of ``drawing``: no external references, no ids (several can share one HTML page).

    ``standalone`` adds the XML declaration a ``.svg`` file starts with, the comment naming Dossier as its writer
    (:data:`toolkit.safewrite.SVG_MARK`: the next ``map render`` replaces the file, and only such a file), and the
    bundled font cut down to the drawing's characters (a page of several drawings embeds it once itself).
    """
    from toolkit.safewrite import SVG_MARK

    out = ['<?xml version="1.0" encoding="UTF-8"?>'] if standalone else []
    out.append(_svg_open(drawing))
    if standalone:
        out.append(SVG_MARK)
    if drawing.title:
        out.append(f"<title>{escape(drawing.title)}</title>")
    body: list[str] = []
    for shape in drawing.items:
        _svg_shape(shape, body)
    if standalone:
        font = embedded_font_css("".join(body))
        if font:
            out.append(f"<style>{font}</style>")
    out += body
    out.append("</svg>")
    return "\n".join(out) + "\n"


def embedded_font_css(page: str) -> str:
    """An ``@font-face`` rule carrying the bundled font, cut down to the characters ``page`` uses, so the
    map labels and the log read the same on a machine without Chinese fonts ("" when the font is absent)."""
    import base64
    import io

    from fontTools import subset
    from fontTools.ttLib import TTFont

    from toolkit.sheets.fonts import BUNDLED, FONT_DIR, bundled_file

    if not (FONT_DIR / BUNDLED["regular"]).is_file():
        return ""
    path = bundled_file("regular")  # a damaged font is one line naming it, not the font library's traceback
    chars = {ord(c) for c in set(page) if not c.isspace()} | set(range(0x20, 0x7F))  # set(): C speed on 200 MB
    font = TTFont(str(path), recalcTimestamp=False)
    options = subset.Options()
    options.name_IDs = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(chars))
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    data = base64.b64encode(out.getvalue()).decode("ascii")
    return f"@font-face {{ font-family: 'Dossier Sans SC'; src: url(data:font/ttf;base64,{data}) format('truetype'); }}"


# --------------------------------------------------------------------------
# PNG (Pillow)


def _rgba(colour: str | None, opacity: float = 1.0) -> tuple[int, int, int, int] | None:
    if colour is None:
        return None
    value = colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16), round(255 * opacity)


@functools.lru_cache(maxsize=32)
def _font(size: int, bold: bool) -> Any:
    from PIL import ImageFont

    from toolkit.sheets.fonts import BUNDLED, FONT_DIR

    return ImageFont.truetype(str(FONT_DIR / BUNDLED["bold" if bold else "regular"]), size)


def _dashed(draw: Any, start: Point, end: Point, fill: Any, width: int, dash: float, gap: float) -> None:
    (x1, y1), (x2, y2) = start, end
    length = math.hypot(x2 - x1, y2 - y1)
    if not length:
        return
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    pos = 0.0
    while pos < length:
        stop = min(pos + dash, length)
        draw.line([(x1 + ux * pos, y1 + uy * pos), (x1 + ux * stop, y1 + uy * stop)], fill=fill, width=width)
        pos = stop + gap


def _png_shape(draw: Any, shape: Shape, s: float) -> None:
    if isinstance(shape, Group):
        for item in shape.items:
            _png_shape(draw, item, s)
    elif isinstance(shape, Rect):
        box = [shape.x * s, shape.y * s, (shape.x + shape.w) * s - 1, (shape.y + shape.h) * s - 1]
        if shape.fill:
            draw.rectangle(box, fill=_rgba(shape.fill, shape.opacity))
        if shape.stroke and shape.width:
            draw.rectangle(box, outline=_rgba(shape.stroke), width=max(1, round(shape.width * s)))
    elif isinstance(shape, Line):
        start, end = (shape.x1 * s, shape.y1 * s), (shape.x2 * s, shape.y2 * s)
        width = max(1, round(shape.width * s))
        if shape.dash:
            _dashed(draw, start, end, _rgba(shape.stroke), width, 4 * s, 3 * s)
        else:
            draw.line([start, end], fill=_rgba(shape.stroke), width=width)
    elif isinstance(shape, Polygon):
        points = [(x * s, y * s) for x, y in shape.points]
        if shape.fill:
            draw.polygon(points, fill=_rgba(shape.fill, shape.opacity))
        if shape.stroke and shape.width:
            draw.line(
                [*points, points[0]], fill=_rgba(shape.stroke), width=max(1, round(shape.width * s)), joint="curve"
            )
    elif isinstance(shape, Circle):
        box = [(shape.cx - shape.r) * s, (shape.cy - shape.r) * s, (shape.cx + shape.r) * s, (shape.cy + shape.r) * s]
        if shape.fill:
            draw.ellipse(box, fill=_rgba(shape.fill, shape.opacity))
        if shape.stroke and shape.width:
            width = max(1, round(shape.width * s))
            if shape.dash:
                steps = max(8, int(2 * math.pi * shape.r / 7))
                for index in range(steps):
                    angle = 360 * index / steps
                    draw.arc(box, angle, angle + 360 / steps * 0.55, fill=_rgba(shape.stroke), width=width)
            else:
                draw.ellipse(box, outline=_rgba(shape.stroke), width=width)
    else:
        anchor = {"start": "lm", "middle": "mm", "end": "rm"}[shape.anchor]
        font = _font(max(1, round(shape.size * s)), shape.bold)
        draw.text((shape.x * s, shape.y * s), shape.text, fill=_rgba(shape.fill), font=font, anchor=anchor)


def to_png(drawing: Drawing, scale: float = 2.0) -> bytes:
    """PNG bytes of ``drawing``, ``scale`` pixels per SVG unit (the image is width*scale x height*scale)."""
    from PIL import Image, ImageDraw

    size = (round(drawing.width * scale), round(drawing.height * scale))
    if size[0] * size[1] > MAX_PIXELS:
        raise ValueError(tr("a {size} image is too large; use a smaller scale", size=f"{size[0]}x{size[1]}"))
    image = Image.new("RGB", size, BACKGROUND)
    painter = ImageDraw.Draw(image, "RGBA")
    for shape in drawing.items:
        _png_shape(painter, shape, scale)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


# --------------------------------------------------------------------------
# files


def render_svg(board: Board, state: Mapping[str, Any] | None = None, map_name: str | None = None) -> str:
    return to_svg(draw(board, state, map_name=map_name))


def render_png(
    board: Board, state: Mapping[str, Any] | None = None, scale: float = 2.0, map_name: str | None = None
) -> bytes:
    return to_png(draw(board, state, map_name=map_name), scale)


def write_image(
    path: Path,
    board: Board,
    state: Mapping[str, Any] | None = None,
    scale: float = 2.0,
    map_name: str | None = None,
    *,
    force: bool | None = None,
) -> None:
    """Write the picture to ``path`` (.svg or .png, by its suffix) atomically; ``map_name`` names the map in the
    caption (default: its id). The image names Dossier as its writer, and an existing file is replaced only when it
    does too (an earlier ``map render``) or with ``force`` (``--force``; None: the command has no such option): a
    drawing or a photo of the user's is kept (:func:`toolkit.safewrite.replacing`)."""
    from toolkit.jsonio import atomic_write_bytes, atomic_write_text
    from toolkit.safewrite import DOSSIER_PNG, DOSSIER_SVG, mark_png, replacing

    suffix = Path(path).suffix.lower()
    if suffix == ".svg":
        atomic_write_text(Path(path), render_svg(board, state, map_name), replaces=replacing(DOSSIER_SVG, force))
    elif suffix == ".png":
        image = mark_png(render_png(board, state, scale, map_name))
        atomic_write_bytes(Path(path), image, replaces=replacing(DOSSIER_PNG, force))
    else:
        raise ValueError(
            tr(
                "{path}: the image format follows the suffix: {first} or {second}",
                path=path,
                first=IMAGE_SUFFIXES[0],
                second=IMAGE_SUFFIXES[1],
            )
        )


# --------------------------------------------------------------------------
# an example state (docs/map.png)

EXAMPLE_UNITS = (
    # seat, id, name, steps out of its zone, vision extras, hidden, tapped, hp, max_hp
    (1, "gale", "烈风", 7, {"side": True, "rear": False}, False, False, 9, 11),
    (1, "lynx", "山猫", 2, {"side": False, "rear": False}, True, True, 7, 7),
    (2, "anvil", "铁砧", 5, {"side": False, "rear": True}, False, False, 12, 14),
    (2, "egret", "白鹭", 1, {"side": False, "rear": False}, False, True, 5, 8),
)


def _facing_towards(a: tuple[int, int], b: tuple[int, int]) -> str:
    dx, dy = b[0] - a[0], b[1] - a[1]
    if abs(dx) > abs(dy):
        return "e" if dx > 0 else "w"
    return "s" if dy > 0 else "n"


def example_state(board: Board) -> dict[str, Any]:
    """A small example state for the README picture and ``dossier map render --example``.

    Two agents a side: seat 1 starts in the first zone, seat 2 in the second, and each
    agent has walked a fixed number of steps along a shortest route towards the other
    zone, facing its next step. One has side vision, one rear vision, one is hidden,
    two are tapped. A scene obstacle stands on the first obstacle spot and the middle
    intact wall (in reading order) is broken.
    """
    zone_numbers = sorted(board.zones)
    if not zone_numbers:
        raise ValueError(tr("map {map} has no deployment zones", map=repr(board.map_id)))
    first = board.zones[zone_numbers[0]]
    second = board.zones[zone_numbers[1]] if len(zone_numbers) > 1 else first
    homes = {1: (first, second[0]), 2: (second, first[0])}
    allowance = 2 * board.width * board.height
    units: list[dict[str, Any]] = []
    taken: dict[tuple[int, int], int] = {}
    for uid, (seat, ident, name, steps, vision, hidden, tapped, hp, max_hp) in enumerate(EXAMPLE_UNITS, start=1):
        zone, goal = homes[seat]
        start = zone[0] if uid % 2 else zone[-1]
        walk = [start, *(board.path(start, goal, allowance) or [])]
        index = min(steps, len(walk) - 1)
        while index > 0 and taken.get(walk[index], seat) != seat:  # never on an enemy's cell
            index -= 1
        pos = walk[index]
        taken[pos] = seat
        facing = _facing_towards(pos, walk[index + 1] if index + 1 < len(walk) else goal)
        units.append(
            {
                "uid": uid,
                "id": ident,
                "name": name,
                "seat": seat,
                "team": seat,
                "kind": "agent",
                "pos": list(pos),
                "facing": facing,
                "hidden": hidden,
                "tapped": tapped,
                "hp": hp,
                "max_hp": max_hp,
                "vision": vision,
            }
        )
    if board.obstacle_spots:
        spot = board.obstacle_spots[0]
        units.append(
            {
                "uid": len(units) + 1,
                "id": "filing_cabinet",
                "name": "文件柜",
                "seat": 0,
                "team": 0,
                "kind": "obstacle",
                "pos": list(spot),
                "facing": None,
                "hidden": False,
                "tapped": False,
                "hp": 3,
                "max_hp": 3,
                "vision": {"side": False, "rear": False},
            }
        )
    walls = [cell for cell in board.cells() if board.is_wall(cell)]
    destroyed = [list(walls[len(walls) // 2])] if walls else []
    return {"map": board.map_id, "round": 2, "active": 1, "destroyed": destroyed, "units": units}
