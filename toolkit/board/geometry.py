"""Board geometry of one tactics map: distance, vision, line of sight, cover, movement (RULINGS T13–T20).

A :class:`Board` is one map in one terrain state. It knows nothing of cards,
units or players: the engine asks it questions and passes in what matters
(hostile cells, obstacle cells). Every answer is exact: distances are integer
breadth-first searches, lines of sight are walked with integer arithmetic on
doubled coordinates (cell ``x`` spans ``[2x, 2x + 2]``, its centre is ``2x + 1``),
never sampled with floats.

What is expensive is computed once and shared:

- a :class:`_Layout` per (rows, adjacency): cells, their indices, neighbours,
  zones, and the cells every centre-to-centre segment crosses, by offset;
- a :class:`_Walls` per layout and set of toggled wall cells: the legal steps,
  the all-pairs distance table (one BFS from every non-wall cell, built on the
  first distance query) and a line-of-sight cache. Turning a floor into a pit
  changes neither, so boards that differ only in pits share them, and a board
  whose walls were destroyed and restored finds its old tables again.
"""

from __future__ import annotations

import heapq
import re
from collections import OrderedDict
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from toolkit.i18n import tr
from toolkit.models.tactics import MAP_LEGEND, MAP_LEGEND_TEXT, map_row_problems

Cell = tuple[int, int]
FACINGS: tuple[str, ...] = ("n", "e", "s", "w")
LEGEND: dict[str, str] = MAP_LEGEND
TERRAINS: tuple[str, ...] = ("floor", "outdoor", "wall", "broken_wall", "pit", "stairs")

# Unit step "ahead" for each facing; north is up (y decreases).
_FORWARD: dict[str, tuple[int, int]] = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
_WALLS = frozenset("#%")  # cells whose wall state destroy() toggles
_CELL_TEXT = re.compile(r"\s*(-?\d+)\s*,\s*(-?\d+)\s*")
_LAYOUT_CACHE = 32  # maps kept warm
_WALLS_CACHE = 16  # wall states kept per map (each holds an all-pairs table: about 1 MB for 400 cells)


class MapError(ValueError):
    """A map that is not a rectangle of legend characters (ragged rows, unknown characters, empty)."""


def parse_cell(text: str) -> Cell:
    """``"3,4"`` -> ``(3, 4)``: column x, then row y. A sign is taken (``"-1,2"`` -> ``(-1, 2)``): a cell outside
    every map, which the map's check then says (:meth:`Board.inside`), not a cell written wrong."""
    match = _CELL_TEXT.fullmatch(text)
    if match is None:
        raise ValueError(
            tr(
                "expected a cell as {form} (column, row; e.g. {example}), got {value}",
                form="'x,y'",
                example="'3,4'",
                value=repr(text),
            )
        )
    return int(match.group(1)), int(match.group(2))


def _toggled(char: str) -> str:
    """The legend character of a cell after destroy() (RULINGS T20)."""
    if char == "#":
        return "%"
    if char == "%":
        return "#"
    if char == "o":
        return "."
    return "o"


# --------------------------------------------------------------------------
# shared tables


class _Layout:
    """What never changes for one (rows, adjacency): the grid, its indices, neighbours, zones, rays."""

    __slots__ = (
        "rows",
        "adjacency",
        "width",
        "height",
        "size",
        "cells",
        "index",
        "chars",
        "zone_of",
        "zones",
        "spots",
        "pits",
        "neighbours",
        "links",
        "rays",
        "walls",
    )

    def __init__(self, rows: tuple[str, ...], adjacency: int) -> None:
        if adjacency not in (4, 8):
            raise MapError(tr("adjacency is {value}; a map is 4- or 8-adjacent", value=repr(adjacency)))
        if not rows or not rows[0]:
            raise MapError(tr("a map needs at least one row of at least one cell"))
        problems = map_row_problems(list(rows))
        if problems:
            raise MapError(tr("; ").join(message for _, _, _, message in problems))
        self.rows = rows
        self.adjacency = adjacency
        self.width = width = len(rows[0])
        self.height = height = len(rows)
        self.size = width * height
        self.cells: tuple[Cell, ...] = tuple((x, y) for y in range(height) for x in range(width))
        self.index: dict[Cell, int] = {cell: i for i, cell in enumerate(self.cells)}
        self.chars: str = "".join(rows)
        self.zone_of: tuple[int | None, ...] = tuple(int(c) if c.isdigit() else None for c in self.chars)
        zones: dict[int, list[Cell]] = {}
        for i, zone in enumerate(self.zone_of):
            if zone is not None:
                zones.setdefault(zone, []).append(self.cells[i])
        self.zones: dict[int, tuple[Cell, ...]] = {z: tuple(zones[z]) for z in sorted(zones)}
        self.spots: tuple[Cell, ...] = tuple(self.cells[i] for i, c in enumerate(self.chars) if c == "*")
        self.pits: frozenset[int] = frozenset(i for i, c in enumerate(self.chars) if c == "o")
        offsets = [(0, -1), (1, 0), (0, 1), (-1, 0)]
        if adjacency == 8:
            offsets += [(1, -1), (1, 1), (-1, 1), (-1, -1)]
        neighbours: list[tuple[Cell, ...]] = []
        links: list[tuple[tuple[int, int, int], ...]] = []
        for x, y in self.cells:
            near: list[Cell] = []
            link: list[tuple[int, int, int]] = []
            for dx, dy in offsets:
                nx, ny = x + dx, y + dy
                if 0 <= nx < width and 0 <= ny < height:
                    near.append((nx, ny))
                    if dx and dy:  # a diagonal step passes the corner between these two cells
                        link.append((ny * width + nx, y * width + nx, ny * width + x))
                    else:
                        link.append((ny * width + nx, -1, -1))
            neighbours.append(tuple(near))
            links.append(tuple(link))
        self.neighbours: tuple[tuple[Cell, ...], ...] = tuple(neighbours)
        self.links: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(links)
        self.rays: dict[tuple[int, int], _Ray] = {}
        self.walls: OrderedDict[frozenset[int], _Walls] = OrderedDict()

    def ray(self, dx: int, dy: int) -> _Ray:
        ray = self.rays.get((dx, dy))
        if ray is None:
            ray = self.rays[(dx, dy)] = _Ray(dx, dy, self.width)
        return ray

    def walls_for(self, toggled: frozenset[int]) -> _Walls:
        walls = self.walls.get(toggled)
        if walls is None:
            walls = self.walls[toggled] = _Walls(self, toggled)
            if len(self.walls) > _WALLS_CACHE:
                self.walls.popitem(last=False)
        else:
            self.walls.move_to_end(toggled)
        return walls


class _Ray:
    """The cells a centre-to-centre segment of offset (dx, dy) crosses, and the corner points it passes.

    Walked exactly: the segment crosses its i-th vertical grid line at
    t = (2i + 1) / (2|dx|) and its j-th horizontal one at t = (2j + 1) / (2|dy|);
    comparing (2i + 1)|dy| with (2j + 1)|dx| orders the crossings, and equality
    means the segment passes exactly through a corner point.
    """

    __slots__ = ("offsets", "cells", "corners", "crossed")

    def __init__(self, dx: int, dy: int, width: int) -> None:
        sx = (dx > 0) - (dx < 0)
        sy = (dy > 0) - (dy < 0)
        nx, ny = abs(dx), abs(dy)
        x = y = i = j = 0
        cells: list[Cell] = []
        corners: list[tuple[Cell, Cell]] = []
        while i < nx or j < ny:
            if j >= ny:
                order = -1
            elif i >= nx:
                order = 1
            else:
                order = (2 * i + 1) * ny - (2 * j + 1) * nx
            if order < 0:
                x += sx
                i += 1
            elif order > 0:
                y += sy
                j += 1
            else:  # through the corner point: the two cells beside it are squeezed between
                corners.append(((x + sx, y), (x, y + sy)))
                x += sx
                y += sy
                i += 1
                j += 1
            cells.append((x, y))
        if cells:
            cells.pop()  # the last cell is the target's own
        self.cells: tuple[Cell, ...] = tuple(cells)
        self.crossed: frozenset[Cell] = frozenset(cells)
        self.offsets: tuple[int, ...] = tuple(cy * width + cx for cx, cy in cells)
        self.corners: tuple[tuple[int, int], ...] = tuple(
            (ay * width + ax, by * width + bx) for (ax, ay), (bx, by) in corners
        )


class _Walls:
    """Tables that depend on where the intact walls are: legal steps, distances, lines of sight."""

    __slots__ = ("layout", "wall", "steps", "_distances", "_sight", "_labels")

    def __init__(self, layout: _Layout, toggled: frozenset[int]) -> None:
        self.layout = layout
        chars = layout.chars
        wall = tuple((c == "#") != (i in toggled) if c in _WALLS else False for i, c in enumerate(chars))
        self.wall: tuple[bool, ...] = wall
        # A step enters no wall; a diagonal step does not squeeze between two walls.
        self.steps: tuple[tuple[int, ...], ...] = tuple(
            tuple(j for j, s1, s2 in links if not wall[j] and not (s1 >= 0 and wall[s1] and wall[s2]))
            for links in layout.links
        )
        self._distances: list[list[int | None]] | None = None
        self._sight: bytearray | None = None
        self._labels: tuple[int, ...] | None = None

    def distances(self) -> list[list[int | None]]:
        table = self._distances
        if table is None:
            table = self._distances = self._all_pairs()
        return table

    def _all_pairs(self) -> list[list[int | None]]:
        size, wall, steps = self.layout.size, self.wall, self.steps
        unreachable: list[int | None] = [None] * size  # shared by every wall source, never written
        table: list[list[int | None]] = []
        for source in range(size):
            if wall[source]:
                table.append(unreachable)
                continue
            row: list[int | None] = [None] * size
            row[source] = 0
            frontier = [source]
            depth = 0
            while frontier:
                depth += 1
                following = []
                for i in frontier:
                    for j in steps[i]:
                        if row[j] is None:
                            row[j] = depth
                            following.append(j)
                frontier = following
            table.append(row)
        return table

    def sight(self) -> bytearray:
        cache = self._sight
        if cache is None:
            cache = self._sight = bytearray(self.layout.size * self.layout.size)  # 0 unknown, 1 blocked, 2 clear
        return cache

    def labels(self) -> tuple[int, ...]:
        """Connected region of every cell (-1 for walls): one flood fill, no distance table needed."""
        labels = self._labels
        if labels is None:
            out = [-1] * self.layout.size
            region = 0
            for start in range(self.layout.size):
                if self.wall[start] or out[start] >= 0:
                    continue
                out[start] = region
                stack = [start]
                while stack:
                    for j in self.steps[stack.pop()]:
                        if out[j] < 0:
                            out[j] = region
                            stack.append(j)
                region += 1
            labels = self._labels = tuple(out)
        return labels


_LAYOUTS: OrderedDict[tuple[tuple[str, ...], int], _Layout] = OrderedDict()


def _layout(rows: tuple[str, ...], adjacency: int) -> _Layout:
    key = (rows, adjacency)
    layout = _LAYOUTS.get(key)
    if layout is None:
        layout = _LAYOUTS[key] = _Layout(rows, adjacency)
        if len(_LAYOUTS) > _LAYOUT_CACHE:
            _LAYOUTS.popitem(last=False)
    else:
        _LAYOUTS.move_to_end(key)
    return layout


def clear_caches() -> None:
    """Forget every shared layout and table (the next board starts cold; boards in hand keep theirs)."""
    _LAYOUTS.clear()


# --------------------------------------------------------------------------
# the board


class Board:
    """Geometry of one map in one terrain state. Immutable: :meth:`destroy` and :meth:`restore` return a new Board.

    ``Board(rows, adjacency=4, map_id="", destroyed=())``: ``destroyed`` lists cells whose
    terrain has been toggled by destroying it (as in a game state's ``"destroyed"``).
    """

    __slots__ = (
        "map_id",
        "width",
        "height",
        "adjacency",
        "rows",
        "destroyed",
        "zones",
        "obstacle_spots",
        "_layout",
        "_walls",
        "_pits",
        "_index",
    )

    map_id: str
    width: int
    height: int
    adjacency: int
    rows: tuple[str, ...]
    destroyed: frozenset[Cell]
    zones: dict[int, tuple[Cell, ...]]
    obstacle_spots: tuple[Cell, ...]

    def __init__(
        self, rows: Sequence[str], adjacency: int = 4, map_id: str = "", *, destroyed: Iterable[Cell] = ()
    ) -> None:
        if isinstance(rows, str):
            raise MapError(tr("{key} is a list of strings, one per row, not one string", key="rows"))
        layout = _layout(tuple(rows), adjacency)
        cells = frozenset((int(cell[0]), int(cell[1])) for cell in destroyed)
        outside = sorted(cell for cell in cells if cell not in layout.index)
        if outside:
            raise MapError(
                tr(
                    "destroyed cell {cell} is outside the {size} map",
                    cell=outside[0],
                    size=f"{layout.width}x{layout.height}",
                )
            )
        self._setup(layout, cells, map_id)

    def _setup(self, layout: _Layout, destroyed: frozenset[Cell], map_id: str) -> None:
        self._layout = layout
        self._index = layout.index
        self.map_id = map_id
        self.width = layout.width
        self.height = layout.height
        self.adjacency = layout.adjacency
        self.rows = layout.rows
        self.destroyed = destroyed
        self.zones = dict(layout.zones)
        self.obstacle_spots = layout.spots
        index, chars = layout.index, layout.chars
        changed = {index[cell] for cell in destroyed}
        self._walls = layout.walls_for(frozenset(i for i in changed if chars[i] in _WALLS))
        self._pits = layout.pits ^ {i for i in changed if chars[i] not in _WALLS}

    @classmethod
    def from_record(cls, record: Any) -> Board:
        """The board of a ``TacticsMap`` record (fields ``rows``, ``adjacency``, ``id``)."""
        return cls(record.rows, getattr(record, "adjacency", 4), getattr(record, "id", ""))

    def __repr__(self) -> str:
        name = f" {self.map_id!r}" if self.map_id else ""
        destroyed = f", {len(self.destroyed)} destroyed" if self.destroyed else ""
        return f"<Board{name} {self.width}x{self.height}, {self.adjacency}-adjacent{destroyed}>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (self.rows, self.adjacency, self.destroyed, self.map_id) == (
            other.rows,
            other.adjacency,
            other.destroyed,
            other.map_id,
        )

    def __hash__(self) -> int:
        return hash((self.rows, self.adjacency, self.destroyed, self.map_id))

    # Immutable: copies are the board itself, and a pickle holds the rows, not the tables.
    def __copy__(self) -> Board:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Board:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (self.rows, self.adjacency, self.map_id, tuple(sorted(self.destroyed))))

    # ------------------------------------------------------------------
    # cells and terrain

    def cells(self) -> list[Cell]:
        """Every cell of the grid, row by row from the top."""
        return list(self._layout.cells)

    def inside(self, cell: Cell) -> bool:
        return cell in self._index

    def _require(self, cell: Cell) -> int:
        i = self._index.get(cell)
        if i is None:
            raise ValueError(
                tr(
                    "cell {cell} is outside the {size} map {map}",
                    cell=repr(cell),
                    size=f"{self.width}x{self.height}",
                    map=repr(self.map_id),
                )
            )
        return i

    def terrain(self, cell: Cell) -> str:
        """floor, outdoor, wall, broken_wall, pit or stairs, in the current state (zones and '*' are floor)."""
        i = self._require(cell)
        if i in self._pits:
            return "pit"
        char = self._layout.chars[i]
        if char in _WALLS:
            return "wall" if self._walls.wall[i] else "broken_wall"
        return "floor" if char == "o" else LEGEND[char]

    def is_wall(self, cell: Cell) -> bool:
        """An intact wall in the current state (False outside the grid)."""
        i = self._index.get(cell)
        return i is not None and self._walls.wall[i]

    def is_pit(self, cell: Cell) -> bool:
        i = self._index.get(cell)
        return i is not None and i in self._pits

    def is_outdoor(self, cell: Cell) -> bool:
        """Outdoor floor (',' and not a pit now): where 增援 may deploy."""
        i = self._index.get(cell)
        return i is not None and self._layout.chars[i] == "," and i not in self._pits

    def zone(self, cell: Cell) -> int | None:
        """The deployment zone (1..6) the map puts this cell in, else None."""
        i = self._index.get(cell)
        return None if i is None else self._layout.zone_of[i]

    def neighbours(self, cell: Cell) -> list[Cell]:
        """Adjacent cells inside the grid (4 or 8 of them at most), whatever their terrain."""
        return list(self._layout.neighbours[self._require(cell)])

    def current_rows(self) -> list[str]:
        """The current terrain in legend characters (destroyed cells shown as their new terrain)."""
        if not self.destroyed:
            return list(self.rows)
        grid = [list(row) for row in self.rows]
        for x, y in self.destroyed:
            grid[y][x] = _toggled(grid[y][x])
        return ["".join(row) for row in grid]

    def destroy(self, cell: Cell) -> Board:
        """RULINGS T20: wall <-> broken wall, floor (any kind) <-> pit. A new Board."""
        self._require(cell)
        board = Board.__new__(Board)
        board._setup(self._layout, self.destroyed ^ {cell}, self.map_id)
        return board

    def restore(self, cell: Cell) -> Board:
        """RULINGS T20 ("destroying a broken wall or a pit restores the wall or the floor"; seed §4.2
        "恢复原地形"): a broken wall becomes a wall, a pit a floor. For a destroyed cell that is the terrain
        the map prints; a cell the map prints as a broken wall or a pit becomes the wall or the floor T20
        gives it. Any other cell has nothing to restore: this same Board. Otherwise a new Board, sharing the
        tables of its wall state as :meth:`destroy` does."""
        i = self._require(cell)
        if not (i in self._pits or (self._layout.chars[i] in _WALLS and not self._walls.wall[i])):
            return self
        return self.destroy(cell)

    # ------------------------------------------------------------------
    # distance

    def distance(self, a: Cell, b: Cell) -> int | None:
        """RULINGS T14: fewest adjacent steps from a to b entering no intact wall; None: no such path.

        Pits and broken walls count as floor; units never matter. A diagonal step
        (8-adjacency) does not squeeze between two walls. From or to a wall cell:
        None (unless a == b). Cells outside the grid: None.
        """
        index = self._index
        ia = index.get(a)
        ib = index.get(b)
        if ia is None or ib is None:
            return None
        if ia == ib:
            return 0
        table = self._walls._distances
        if table is None:
            table = self._walls.distances()
        return table[ia][ib]

    def nearest(self, cell: Cell, others: Iterable[Cell]) -> int | None:
        """The least :meth:`distance` from ``cell`` to any of ``others`` (None: none of them can be reached), the
        table read directly."""
        index = self._index
        ia = index.get(cell)
        if ia is None:
            return None
        table = self._walls._distances
        if table is None:
            table = self._walls.distances()
        row = table[ia]
        best: int | None = None
        for other in others:
            ib = index.get(other)
            if ib is None:
                continue
            d = 0 if ib == ia else row[ib]
            if d is not None and (best is None or d < best):
                best = d
        return best

    def through_wall(self, a: Cell, b: Cell) -> int:
        """穿墙 distance: walls ignored, |dx| + |dy| (8-adjacency: max(|dx|, |dy|))."""
        dx = abs(a[0] - b[0])
        dy = abs(a[1] - b[1])
        return max(dx, dy) if self.adjacency == 8 else dx + dy

    def region(self, cell: Cell) -> int | None:
        """The wall-free region ``cell`` lies in (cells of one region are :meth:`connected`); None off the map
        or on a wall."""
        index = self._index.get(cell)
        if index is None:
            return None
        label = self._walls.labels()[index]
        return label if label >= 0 else None

    def connected(self, a: Cell, b: Cell) -> bool:
        """Whether a path entering no wall joins a and b (distance is not None), without the distance table."""
        index = self._index
        ia = index.get(a)
        ib = index.get(b)
        if ia is None or ib is None:
            return False
        if ia == ib:
            return True
        labels = self._walls.labels()
        return labels[ia] >= 0 and labels[ia] == labels[ib]

    # ------------------------------------------------------------------
    # vision and sight

    def in_vision(self, observer: Cell, facing: str, target: Cell, side: bool = False, rear: bool = False) -> bool:
        """RULINGS T15: target in the observer's vision bands (3 columns wide, unbounded); own cell always."""
        if observer == target:
            return True
        forward = _FORWARD.get(facing)
        if forward is None:
            raise ValueError(
                tr("facing {value} is not one of {choices}", value=repr(facing), choices=tr(", ").join(FACINGS))
            )
        if target not in self._index:
            return False
        fx, fy = forward
        dx = target[0] - observer[0]
        dy = target[1] - observer[1]
        ahead = dx * fx + dy * fy
        across = dy * fx - dx * fy
        if -1 <= across <= 1 and (ahead >= 1 or (rear and ahead <= -1)):
            return True
        return side and -1 <= ahead <= 1 and across != 0

    def line_of_sight(self, a: Cell, b: Cell) -> bool:
        """RULINGS T16: the centre-to-centre segment crosses no intact wall's inside and squeezes
        through no corner point between two diagonal walls. The end cells themselves never block.
        """
        index = self._index
        ia = index.get(a)
        ib = index.get(b)
        if ia is None or ib is None:
            return False
        walls = self._walls
        cache = walls._sight
        if cache is None:
            cache = walls.sight()
        key = ia * self._layout.size + ib
        known = cache[key]
        if known:
            return known == 2
        clear = self._clear(ia, a, b)
        cache[key] = cache[ib * self._layout.size + ia] = 2 if clear else 1
        return clear

    def _clear(self, ia: int, a: Cell, b: Cell) -> bool:
        ray = self._layout.ray(b[0] - a[0], b[1] - a[1])
        wall = self._walls.wall
        for offset in ray.offsets:
            if wall[ia + offset]:
                return False
        return not any(wall[ia + first] and wall[ia + second] for first, second in ray.corners)

    def first_in_sight(
        self,
        spots: Iterable[Cell],
        target: Cell,
        low: int,
        high: int,
        through_walls: bool = False,
        facing: str | None = None,
        side: bool = False,
        rear: bool = False,
    ) -> Cell | None:
        """The first of ``spots`` from which ``target`` is at distance ``low``-``high`` (穿墙 with
        ``through_walls``; the spot itself only when ``low`` is 0), in line of sight and in vision: of
        ``facing`` (with side and rear vision as given), or with ``facing`` None in the band of some facing.
        None when no spot does. One call for what an attack asks of each cell it could fire from, with the
        tables read directly (:meth:`distance`, :meth:`line_of_sight` and :meth:`in_vision` give the same
        answers one at a time)."""
        index = self._index
        it = index.get(target)
        if it is None:
            return None  # outside the grid: never in line of sight
        tx, ty = target
        eight = self.adjacency == 8
        walls = self._walls
        table = None
        if not through_walls:
            table = walls._distances
            if table is None:
                table = walls.distances()
        cache = walls._sight
        if cache is None:
            cache = walls.sight()
        size = self._layout.size
        forward = None
        if facing is not None:
            forward = _FORWARD.get(facing)
            if forward is None:
                raise ValueError(
                    tr("facing {value} is not one of {choices}", value=repr(facing), choices=tr(", ").join(FACINGS))
                )
        for spot in spots:
            i = index.get(spot)
            if i is None:
                continue  # outside the grid: never in line of sight
            dx = tx - spot[0]
            dy = ty - spot[1]
            if table is None:
                d: int | None = max(abs(dx), abs(dy)) if eight else abs(dx) + abs(dy)
            else:
                d = 0 if i == it else table[i][it]
            if d is None or not low <= d <= high or (i == it and low > 0):
                continue
            known = cache[i * size + it]
            if not known:
                known = cache[i * size + it] = cache[it * size + i] = 2 if self._clear(i, spot, target) else 1
            if known != 2:
                continue
            if forward is None:
                if -1 <= dx <= 1 or -1 <= dy <= 1:  # in some facing's band (T15)
                    return spot
                continue
            if i == it:
                return spot
            fx, fy = forward
            ahead = dx * fx + dy * fy
            across = dy * fx - dx * fy
            if -1 <= across <= 1 and (ahead >= 1 or (rear and ahead <= -1)):
                return spot
            if side and -1 <= ahead <= 1 and across != 0:
                return spot
        return None

    def in_sight(
        self,
        spot: Cell,
        target: Cell,
        low: int,
        high: int,
        through_walls: bool = False,
        facing: str | None = None,
        side: bool = False,
        rear: bool = False,
    ) -> bool:
        """:meth:`first_in_sight` of the one cell ``spot``: whether ``target`` is in range, sight and vision from
        there (the question an attack that does not move first asks)."""
        index = self._index
        i = index.get(spot)
        it = index.get(target)
        if i is None or it is None:
            return False
        dx = target[0] - spot[0]
        dy = target[1] - spot[1]
        if through_walls:
            d: int | None = max(abs(dx), abs(dy)) if self.adjacency == 8 else abs(dx) + abs(dy)
        elif i == it:
            d = 0
        else:
            table = self._walls._distances
            if table is None:
                table = self._walls.distances()
            d = table[i][it]
        if d is None or not low <= d <= high or (i == it and low > 0):
            return False
        cache = self._walls._sight
        if cache is None:
            cache = self._walls.sight()
        size = self._layout.size
        known = cache[i * size + it]
        if not known:
            known = cache[i * size + it] = cache[it * size + i] = 2 if self._clear(i, spot, target) else 1
        if known != 2:
            return False
        if facing is None:
            return -1 <= dx <= 1 or -1 <= dy <= 1  # in some facing's band (T15)
        if i == it:
            return True
        forward = _FORWARD.get(facing)
        if forward is None:
            raise ValueError(
                tr("facing {value} is not one of {choices}", value=repr(facing), choices=tr(", ").join(FACINGS))
            )
        fx, fy = forward
        ahead = dx * fx + dy * fy
        across = dy * fx - dx * fy
        if -1 <= across <= 1 and (ahead >= 1 or (rear and ahead <= -1)):
            return True
        return side and -1 <= ahead <= 1 and across != 0

    def sight_cells(self, a: Cell, b: Cell) -> tuple[Cell, ...]:
        """Cells whose inside the a-b centre-to-centre segment crosses, from a to b, a and b excluded."""
        self._require(a)
        self._require(b)
        ax, ay = a
        return tuple((ax + x, ay + y) for x, y in self._layout.ray(b[0] - ax, b[1] - ay).cells)

    def cover(self, attacker: Cell, target: Cell, obstacles: Iterable[Cell]) -> int:
        """RULINGS T17: -2 when the segment crosses an obstacle's cell (the two end cells excepted)
        that is more than distance 1 from the attacker (no path counts as more); else 0. Never stacks.
        """
        if attacker == target:
            return 0
        ax, ay = attacker
        crossed = self._layout.ray(target[0] - ax, target[1] - ay).crossed
        for obstacle in obstacles:
            if (obstacle[0] - ax, obstacle[1] - ay) in crossed:
                near = self.distance(attacker, obstacle)
                if near is None or near > 1:
                    return -2
        return 0

    # ------------------------------------------------------------------
    # movement

    def _search(
        self, start: Cell, allowance: int, blocked: Collection[Cell], climb_cost: int, goal: int = -1
    ) -> tuple[dict[int, int], dict[int, int]]:
        """Least-cost search (Dijkstra): cost of every cell within allowance, and each one's predecessor."""
        s = self._require(start)
        if climb_cost < 1:
            raise ValueError(tr("{key} is {value}; a climb costs at least 1", key="climb_cost", value=climb_cost))
        index = self._index
        closed = {index[cell] for cell in blocked if cell in index}
        steps, pits = self._walls.steps, self._pits
        best: dict[int, int] = {s: 0}
        parent: dict[int, int] = {}
        heap = [(0, s)]
        while heap:
            cost, i = heapq.heappop(heap)
            if cost > best[i]:
                continue
            if i == goal:
                break
            after = cost + (climb_cost if i in pits else 1)
            if after > allowance:
                continue
            for j in steps[i]:
                if j in closed:
                    continue
                known = best.get(j)
                if known is None or after < known:
                    best[j] = after
                    parent[j] = i
                    heapq.heappush(heap, (after, j))
        return best, parent

    def reachable(
        self, start: Cell, allowance: int, blocked: Collection[Cell] = (), climb_cost: int = 2
    ) -> dict[Cell, int]:
        """RULINGS T18: every cell a move of at most ``allowance`` steps can end on -> its least cost.

        The start is included at 0. A step enters no wall and no cell in ``blocked``
        (hostile units, scene obstacles); leaving a pit costs ``climb_cost``, any other
        step 1; a diagonal step (8-adjacency) does not squeeze between two walls.
        """
        return self.reach(start, allowance, blocked, climb_cost).costs

    def reach(self, start: Cell, allowance: int, blocked: Collection[Cell] = (), climb_cost: int = 2) -> Reach:
        """One search answering both :meth:`reachable` (``costs``) and :meth:`path` to any of those cells
        (``path_to``): a move asks where it may end, then draws the way there, without searching twice."""
        best, parent = self._search(start, allowance, blocked, climb_cost)
        cells = self._layout.cells
        return Reach({cells[i]: cost for i, cost in sorted(best.items())}, parent, cells, self._index)

    def path(
        self, start: Cell, goal: Cell, allowance: int, blocked: Collection[Cell] = (), climb_cost: int = 2
    ) -> list[Cell] | None:
        """A least-cost move from start to goal: the cells stepped on after start, ending at goal.

        ``[]`` when goal == start; None when goal cannot be reached within ``allowance``.
        """
        g = self._require(goal)
        best, parent = self._search(start, allowance, blocked, climb_cost, g)
        if g not in best:
            return None
        return _walk(parent, g, self._layout.cells)


@dataclass(frozen=True)
class Reach:
    """Where a move of some allowance may end (``costs``: cell -> least cost) and the way to each."""

    costs: dict[Cell, int]
    parent: dict[int, int]
    cells: Sequence[Cell]
    index: Mapping[Cell, int]

    def path_to(self, goal: Cell) -> list[Cell] | None:
        """The cells stepped on after the start, ending at ``goal`` (``[]``: the start; None: out of reach)."""
        if goal not in self.costs:
            return None
        return _walk(self.parent, self.index[goal], self.cells)


def _walk(parent: Mapping[int, int], goal: int, cells: Sequence[Cell]) -> list[Cell]:
    """The cells from after the search's start to ``goal``, following each cell's predecessor."""
    out: list[Cell] = []
    i = goal
    while i in parent:
        out.append(cells[i])
        i = parent[i]
    out.reverse()
    return out


def _restore(rows: tuple[str, ...], adjacency: int, map_id: str, destroyed: tuple[Cell, ...]) -> Board:
    return Board(rows, adjacency, map_id, destroyed=destroyed)


__all__ = [
    "FACINGS",
    "LEGEND",
    "MAP_LEGEND_TEXT",
    "TERRAINS",
    "Board",
    "Cell",
    "MapError",
    "Reach",
    "clear_caches",
    "parse_cell",
]
