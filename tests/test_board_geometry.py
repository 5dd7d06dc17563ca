"""toolkit.board geometry: distance, vision, line of sight, cover, moves and destroying terrain (RULINGS T13–T20)."""

from __future__ import annotations

import copy
import pickle
from collections import deque
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.board import FACINGS, Board, Cell, MapError, parse_cell

OPEN = ("......", "......", "......")
BAR = (
    "......",
    ".####.",
    "......",
)
SEALED = (
    "..#..",
    "..#..",
)
DETOUR = (
    ".....",
    "####.",
    ".....",
    ".####",
    ".....",
)
SQUEEZE = (
    ".#",
    "#.",
)
ONE_CORNER = (
    ".#",
    "..",
)


# --------------------------------------------------------------------------
# distance (T14)


@pytest.mark.parametrize(
    ("rows", "adjacency", "a", "b", "expected"),
    [
        (OPEN, 4, (0, 0), (0, 0), 0),
        (OPEN, 4, (0, 0), (5, 2), 7),
        (OPEN, 8, (0, 0), (5, 2), 5),
        (BAR, 4, (0, 0), (0, 2), 2),
        (BAR, 4, (2, 0), (2, 2), 6),  # around the west end of the wall
        (BAR, 4, (4, 0), (4, 2), 4),  # around the east end
        (BAR, 4, (1, 1), (0, 0), None),  # from a wall cell
        (BAR, 4, (0, 0), (1, 1), None),  # to a wall cell
        (BAR, 4, (1, 1), (1, 1), 0),
        (SEALED, 4, (0, 0), (4, 0), None),  # no path at all
        (SEALED, 8, (1, 1), (3, 1), None),
        (DETOUR, 4, (0, 0), (4, 4), 16),  # a zig-zag corridor
        (DETOUR, 4, (0, 2), (0, 4), 2),
        (SQUEEZE, 8, (0, 0), (1, 1), None),  # a diagonal step does not squeeze between two walls
        (ONE_CORNER, 8, (0, 0), (1, 1), 1),  # passing one wall corner is fine
        (ONE_CORNER, 4, (0, 0), (1, 1), 2),
        (OPEN, 4, (0, 0), (9, 9), None),  # outside the grid
    ],
)
def test_distance(rows: tuple[str, ...], adjacency: int, a: Cell, b: Cell, expected: int | None) -> None:
    board = Board(rows, adjacency)
    assert board.distance(a, b) == expected
    assert board.distance(b, a) == expected


@pytest.mark.parametrize(
    ("adjacency", "a", "b", "expected"),
    [(4, (0, 0), (4, 0), 4), (4, (2, 0), (2, 2), 2), (4, (0, 0), (3, 2), 5), (8, (0, 0), (3, 2), 3)],
)
def test_through_wall(adjacency: int, a: Cell, b: Cell, expected: int) -> None:
    board = Board(SEALED if adjacency == 4 else OPEN, adjacency)
    assert board.through_wall(a, b) == expected


def test_connected_agrees_with_distance() -> None:
    for rows in (BAR, SEALED, DETOUR):
        board = Board(rows)
        for a, b in product(board.cells(), repeat=2):
            assert board.connected(a, b) == (board.distance(a, b) is not None), (rows, a, b)


# --------------------------------------------------------------------------
# vision (T15): observer at (3, 3) on an open 7x7 board


CENTRE = (3, 3)
VISION_CASES = [
    # facing, target, front only, with side, with rear
    ("n", (3, 3), True, True, True),  # own cell
    ("n", (3, 0), True, True, True),
    ("n", (4, 2), True, True, True),  # 1 ahead, 1 to the side
    ("n", (4, 0), True, True, True),
    ("n", (5, 1), False, False, False),  # 2 columns off
    ("n", (2, 3), False, True, False),  # beside
    ("n", (0, 3), False, True, False),  # the side bands are unbounded too
    ("n", (0, 2), False, True, False),
    ("n", (0, 1), False, False, False),
    ("n", (3, 4), False, False, True),  # directly behind: the rear band only
    ("n", (2, 4), False, True, True),  # 1 behind and 1 beside: the left band and the rear band
    ("n", (3, 6), False, False, True),
    ("n", (4, 6), False, False, True),
    ("e", (6, 3), True, True, True),
    ("e", (6, 4), True, True, True),
    ("e", (6, 5), False, False, False),
    ("e", (3, 0), False, True, False),
    ("e", (0, 3), False, False, True),
    ("s", (3, 6), True, True, True),
    ("s", (2, 4), True, True, True),
    ("s", (3, 0), False, False, True),
    ("s", (6, 3), False, True, False),
    ("w", (0, 3), True, True, True),
    ("w", (0, 2), True, True, True),
    ("w", (6, 3), False, False, True),
    ("w", (3, 6), False, True, False),
    ("w", (5, 5), False, False, False),
]


@pytest.mark.parametrize(("facing", "target", "front", "side", "rear"), VISION_CASES)
def test_in_vision(facing: str, target: Cell, front: bool, side: bool, rear: bool) -> None:
    board = Board(("." * 7,) * 7)
    assert board.in_vision(CENTRE, facing, target) is front
    assert board.in_vision(CENTRE, facing, target, side=True) is side
    assert board.in_vision(CENTRE, facing, target, rear=True) is rear
    assert board.in_vision(CENTRE, facing, target, side=True, rear=True) is (side or rear)


def test_vision_outside_grid_and_bad_facing() -> None:
    board = Board(("." * 7,) * 7)
    assert board.in_vision((3, 0), "n", (3, -1)) is False
    with pytest.raises(ValueError, match="facing 'x'"):
        board.in_vision(CENTRE, "x", (3, 0))
    assert FACINGS == ("n", "e", "s", "w")


# --------------------------------------------------------------------------
# line of sight (T16)


SIGHT_CASES = [
    ("clear", OPEN, (0, 0), (5, 2), True),
    ("through a wall", ("......", "..#...", "......"), (0, 1), (5, 1), False),
    ("through a wall, slanted", ("......", "..#...", "......"), (0, 0), (4, 2), False),
    ("along the wall's edge", ("......", "######", "......"), (0, 0), (5, 0), True),
    ("passing by a wall", ("......", "..#...", "......"), (0, 0), (5, 0), True),
    ("touching one corner (45°)", (".#.", "...", "..."), (0, 0), (2, 2), True),
    ("squeezing between diagonal walls (45°)", (".#.", "#..", "..."), (0, 0), (2, 2), False),
    ("squeezing between diagonal walls, adjacent", SQUEEZE, (0, 0), (1, 1), False),
    ("touching one corner, adjacent", ONE_CORNER, (0, 0), (1, 1), True),
    ("touching one corner (slope 1/3)", ("..#.", "...."), (0, 0), (3, 1), True),
    ("squeezing between diagonal walls (slope 1/3)", ("..#.", ".#.."), (0, 0), (3, 1), False),
    ("touching one corner from below (slope 1/3)", ("....", ".#.."), (0, 0), (3, 1), True),
    ("the target's own wall cell does not block", ("...", "..#"), (0, 0), (2, 1), True),
    ("broken wall does not block", ("......", "..%...", "......"), (0, 1), (5, 1), True),
    ("pits do not block", ("......", "..o...", "......"), (0, 1), (5, 1), True),
    ("same cell", OPEN, (2, 1), (2, 1), True),
]


@pytest.mark.parametrize(("rows", "a", "b", "expected"), [c[1:] for c in SIGHT_CASES], ids=[c[0] for c in SIGHT_CASES])
def test_line_of_sight(rows: tuple[str, ...], a: Cell, b: Cell, expected: bool) -> None:
    board = Board(rows)
    assert board.line_of_sight(a, b) is expected
    assert board.line_of_sight(b, a) is expected
    assert board.line_of_sight(a, b) is expected  # cached answer


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ((0, 0), (0, 0), ()),
        ((0, 0), (1, 0), ()),
        ((0, 0), (3, 0), ((1, 0), (2, 0))),
        ((0, 0), (2, 2), ((1, 1),)),  # the corner points between are not insides
        ((0, 0), (3, 1), ((1, 0), (2, 1))),  # through the corner point (2, 1)
        ((3, 1), (0, 0), ((2, 1), (1, 0))),
        ((0, 0), (5, 2), ((1, 0), (1, 1), (2, 1), (3, 1), (4, 1), (4, 2))),
    ],
)
def test_sight_cells(a: Cell, b: Cell, expected: tuple[Cell, ...]) -> None:
    assert Board(OPEN).sight_cells(a, b) == expected


# --------------------------------------------------------------------------
# cover (T17)


@pytest.mark.parametrize(
    ("rows", "adjacency", "attacker", "target", "obstacles", "expected"),
    [
        (OPEN, 4, (0, 0), (5, 0), [], 0),
        (OPEN, 4, (0, 0), (5, 0), [(3, 0)], -2),
        (OPEN, 4, (0, 0), (5, 0), [(2, 0)], -2),
        (OPEN, 4, (0, 0), (5, 0), [(1, 0)], 0),  # the attacker is at distance 1 from it
        (OPEN, 4, (0, 0), (5, 0), [(0, 0)], 0),  # on the attacker's own cell
        (OPEN, 4, (0, 0), (5, 0), [(5, 0)], 0),  # on the target's own cell
        (OPEN, 4, (0, 0), (5, 0), [(3, 1)], 0),  # off the line
        (OPEN, 4, (0, 0), (5, 0), [(1, 0), (4, 0)], -2),  # one exempt, the other not
        (OPEN, 4, (0, 0), (5, 0), [(2, 0), (3, 0), (4, 0)], -2),  # never stacks
        (OPEN, 4, (0, 0), (2, 2), [(1, 1)], -2),  # diagonal: distance 2 with 4-adjacency
        (OPEN, 8, (0, 0), (2, 2), [(1, 1)], 0),  # distance 1 with 8-adjacency
        (OPEN, 4, (0, 0), (3, 1), [(2, 0)], 0),  # the line only touches that cell's corner
        ((".#.#.",), 4, (0, 0), (4, 0), [(2, 0)], -2),  # no path to the obstacle counts as far
    ],
)
def test_cover(
    rows: tuple[str, ...], adjacency: int, attacker: Cell, target: Cell, obstacles: list[Cell], expected: int
) -> None:
    assert Board(rows, adjacency).cover(attacker, target, obstacles) == expected


# --------------------------------------------------------------------------
# movement (T18)


@pytest.mark.parametrize(
    ("rows", "adjacency", "start", "allowance", "blocked", "climb", "expected"),
    [
        ((".....",), 4, (0, 0), 2, [], 2, {(0, 0): 0, (1, 0): 1, (2, 0): 2}),
        ((".....",), 4, (0, 0), 0, [], 2, {(0, 0): 0}),
        ((".....",), 4, (0, 0), 5, [(1, 0)], 2, {(0, 0): 0}),  # a hostile unit in the corridor
        (
            ("....", "...."),
            4,
            (0, 0),
            3,
            [(1, 0)],
            2,
            {(0, 0): 0, (0, 1): 1, (1, 1): 2, (2, 1): 3},  # around it
        ),
        ((".#..",), 4, (0, 0), 5, [], 2, {(0, 0): 0}),
        (("o...",), 4, (0, 0), 1, [], 2, {(0, 0): 0}),  # climbing out of a pit costs 2
        (("o...",), 4, (0, 0), 2, [], 2, {(0, 0): 0, (1, 0): 2}),
        (("o...",), 4, (0, 0), 3, [], 2, {(0, 0): 0, (1, 0): 2, (2, 0): 3}),
        (("o...",), 4, (0, 0), 3, [], 3, {(0, 0): 0, (1, 0): 3}),  # house rule climb_cost
        ((".o..",), 4, (0, 0), 3, [], 2, {(0, 0): 0, (1, 0): 1, (2, 0): 3}),  # dropping in costs 1
        (SQUEEZE, 8, (0, 0), 3, [], 2, {(0, 0): 0}),
        (ONE_CORNER, 8, (0, 0), 1, [], 2, {(0, 0): 0, (1, 1): 1, (0, 1): 1}),
    ],
)
def test_reachable(
    rows: tuple[str, ...],
    adjacency: int,
    start: Cell,
    allowance: int,
    blocked: list[Cell],
    climb: int,
    expected: dict[Cell, int],
) -> None:
    assert Board(rows, adjacency).reachable(start, allowance, blocked, climb) == expected


def test_path() -> None:
    board = Board((".o..", "...."))
    assert board.path((0, 0), (0, 0), 0) == []
    assert board.path((0, 0), (2, 0), 3) == [(1, 0), (2, 0)]  # through the pit: 1 + climb 2
    assert board.path((0, 0), (3, 0), 4) == [(1, 0), (2, 0), (3, 0)]
    assert board.path((0, 0), (2, 0), 2) is None
    assert board.path((0, 0), (2, 0), 3, blocked=[(1, 0)]) is None
    assert board.path((0, 0), (2, 0), 4, blocked=[(1, 0)]) == [(0, 1), (1, 1), (2, 1), (2, 0)]
    assert board.path((0, 0), (1, 0), 5, blocked=[(1, 0)]) is None
    pit = Board(("o..",))
    assert pit.path((0, 0), (2, 0), 3) == [(1, 0), (2, 0)]
    assert pit.path((0, 0), (2, 0), 2) is None


def test_path_cost_matches_reachable() -> None:
    board = Board(("..o..", ".#o#.", "....."))
    costs = board.reachable((0, 0), 8)
    for goal, cost in costs.items():
        steps = board.path((0, 0), goal, 8)
        assert steps is not None
        spent, here = 0, (0, 0)
        for cell in steps:
            assert cell in board.neighbours(here)
            spent += 2 if board.is_pit(here) else 1
            here = cell
        assert (here, spent) == (goal, cost)


def test_one_search_gives_the_costs_and_the_same_paths() -> None:
    """``reach``: what a move asks (where it may end, then the way there) from one search, as ``reachable`` and
    ``path`` answer them."""
    board = Board(("..o..", ".#o#.", ".....", "o.#.."))
    for blocked in ((), [(1, 0)], [(2, 2), (4, 2)]):
        reach = board.reach((0, 0), 7, blocked)
        assert reach.costs == board.reachable((0, 0), 7, blocked)
        for goal in reach.costs:
            assert reach.path_to(goal) == board.path((0, 0), goal, 7, blocked)
    assert board.reach((0, 0), 1).path_to((4, 2)) is None


# --------------------------------------------------------------------------
# terrain and destroying it (T13, T20)


LEGEND_MAP = (".,#%o=*1",)


@pytest.mark.parametrize(
    ("x", "terrain", "destroyed_terrain", "destroyed_char"),
    [
        (0, "floor", "pit", "o"),
        (1, "outdoor", "pit", "o"),
        (2, "wall", "broken_wall", "%"),
        (3, "broken_wall", "wall", "#"),
        (4, "pit", "floor", "."),
        (5, "stairs", "pit", "o"),
        (6, "floor", "pit", "o"),
        (7, "floor", "pit", "o"),
    ],
)
def test_destroy_round_trip(x: int, terrain: str, destroyed_terrain: str, destroyed_char: str) -> None:
    board = Board(LEGEND_MAP, map_id="legend")
    cell = (x, 0)
    assert board.terrain(cell) == terrain
    broken = board.destroy(cell)
    assert broken.terrain(cell) == destroyed_terrain
    assert broken.destroyed == frozenset({cell})
    assert broken.current_rows() == [LEGEND_MAP[0][:x] + destroyed_char + LEGEND_MAP[0][x + 1 :]]
    assert broken.rows == board.rows  # the record's rows never change
    assert board.terrain(cell) == terrain  # the old board is untouched
    restored = broken.destroy(cell)
    assert restored == board
    assert restored.terrain(cell) == terrain and restored.current_rows() == list(LEGEND_MAP)
    assert Board(LEGEND_MAP, map_id="legend", destroyed=[cell]) == broken


def test_destroying_a_wall_changes_distance_and_sight() -> None:
    board = Board(("...", "###", "..."))
    assert board.distance((0, 0), (0, 2)) is None
    assert not board.line_of_sight((1, 0), (1, 2))
    breach = board.destroy((1, 1))
    assert breach.distance((0, 0), (0, 2)) == 4
    assert breach.distance((1, 0), (1, 2)) == 2
    assert breach.line_of_sight((1, 0), (1, 2))
    assert breach.reachable((1, 0), 2) == {(1, 0): 0, (0, 0): 1, (2, 0): 1, (1, 1): 1, (1, 2): 2}
    sealed = breach.destroy((1, 1))
    assert sealed.distance((0, 0), (0, 2)) is None and not sealed.line_of_sight((1, 0), (1, 2))


def test_copies_and_pickles_share_nothing_big() -> None:
    board = Board(BAR, map_id="bar").destroy((2, 1))
    board.distance((0, 0), (5, 2))
    assert copy.copy(board) is board and copy.deepcopy({"b": board})["b"] is board
    data = pickle.dumps(board)
    assert len(data) < 300  # the rows and the destroyed cells, not the tables
    again = pickle.loads(data)
    assert again == board and again.distance((2, 0), (2, 2)) == 2


def test_terrain_queries() -> None:
    board = Board(("1,.*", "#%o=", "2..*"), map_id="t")
    assert (board.width, board.height, board.adjacency, board.map_id) == (4, 3, 4, "t")
    assert board.zones == {1: ((0, 0),), 2: ((0, 2),)}
    assert board.obstacle_spots == ((3, 0), (3, 2))
    assert board.zone((0, 0)) == 1 and board.zone((1, 0)) is None and board.zone((9, 9)) is None
    assert board.is_outdoor((1, 0)) and not board.is_outdoor((2, 0))
    assert not board.destroy((1, 0)).is_outdoor((1, 0))
    assert board.is_wall((0, 1)) and not board.is_wall((1, 1)) and not board.is_wall((-1, 0))
    assert board.is_pit((2, 1)) and not board.destroy((2, 1)).is_pit((2, 1))
    assert board.inside((3, 2)) and not board.inside((4, 0))
    assert board.cells()[:5] == [(0, 0), (1, 0), (2, 0), (3, 0), (0, 1)]
    assert board.neighbours((0, 0)) == [(1, 0), (0, 1)]
    assert sorted(Board(OPEN, 8).neighbours((1, 1))) == sorted(
        (x, y) for x in range(3) for y in range(3) if (x, y) != (1, 1)
    )
    with pytest.raises(ValueError, match="outside"):
        board.terrain((4, 0))


@pytest.mark.parametrize(
    ("rows", "adjacency", "message"),
    [
        (("...", ".."), 4, "row 1 has 2 cells; row 0 has 3"),
        (("...", ".x."), 4, r"unknown character 'x' at cell 1,1"),
        ((), 4, "at least one row"),
        (("",), 4, "at least one row"),
        (("...",), 6, "adjacency is 6"),
    ],
)
def test_map_errors(rows: tuple[str, ...], adjacency: int, message: str) -> None:
    with pytest.raises(MapError, match=message):
        Board(rows, adjacency)


@pytest.mark.parametrize(
    ("text", "expected"), [("3,4", (3, 4)), (" 0 , 12 ", (0, 12)), ("3;4", None), ("3", None), ("-1,2", (-1, 2))]
)
def test_parse_cell(text: str, expected: Cell | None) -> None:
    if expected is None:
        with pytest.raises(ValueError, match="expected a cell as 'x,y'"):
            parse_cell(text)
    else:
        assert parse_cell(text) == expected


# --------------------------------------------------------------------------
# properties against naive references


def naive_distance(rows: tuple[str, ...], adjacency: int, a: Cell, b: Cell) -> int | None:
    """A plain BFS from scratch with the same step rule."""

    def wall(x: int, y: int) -> bool:
        return rows[y][x] == "#"

    height, width = len(rows), len(rows[0])
    if a == b:
        return 0
    if wall(*a) or wall(*b):
        return None
    moves = [(1, 0), (-1, 0), (0, 1), (0, -1)] + ([(1, 1), (1, -1), (-1, 1), (-1, -1)] if adjacency == 8 else [])
    seen = {a: 0}
    queue = deque([a])
    while queue:
        x, y = queue.popleft()
        for dx, dy in moves:
            nx, ny = x + dx, y + dy
            if not (0 <= nx < width and 0 <= ny < height) or wall(nx, ny) or (nx, ny) in seen:
                continue
            if dx and dy and wall(x + dx, y) and wall(x, y + dy):
                continue
            seen[(nx, ny)] = seen[(x, y)] + 1
            queue.append((nx, ny))
    return seen.get(b)


def naive_sight(rows: tuple[str, ...], a: Cell, b: Cell) -> tuple[bool, set[Cell]]:
    """Line of sight by clipping the segment against every cell with fractions (a reference, slow)."""
    ax, ay, bx, by = 2 * a[0] + 1, 2 * a[1] + 1, 2 * b[0] + 1, 2 * b[1] + 1
    dx, dy = bx - ax, by - ay
    crossed: set[Cell] = set()
    xs = range(min(a[0], b[0]), max(a[0], b[0]) + 1)  # the segment stays in the cells' bounding box
    ys = range(min(a[1], b[1]), max(a[1], b[1]) + 1)
    for cx, cy in product(xs, ys):
        lo, hi = Fraction(0), Fraction(1)
        for start, delta, low, high in ((ax, dx, 2 * cx, 2 * cx + 2), (ay, dy, 2 * cy, 2 * cy + 2)):
            if delta == 0:
                if not low < start < high:
                    lo, hi = Fraction(1), Fraction(0)
                continue
            t1, t2 = Fraction(low - start, delta), Fraction(high - start, delta)
            lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
        if lo < hi and (cx, cy) not in (a, b):
            crossed.add((cx, cy))
    clear = not any(rows[y][x] == "#" for x, y in crossed)
    for px, py in product(range(2 * xs[0] + 2, 2 * xs[-1] + 1, 2), range(2 * ys[0] + 2, 2 * ys[-1] + 1, 2)):
        if not (dx and dy) or (px - ax) * dy != (py - ay) * dx:
            continue
        t = Fraction(px - ax, dx)
        if not 0 < t < 1:
            continue
        left, top = px // 2 - 1, py // 2 - 1
        sides = [(left + 1, top), (left, top + 1)] if (dx > 0) == (dy > 0) else [(left, top), (left + 1, top + 1)]
        if all(rows[y][x] == "#" for x, y in sides):
            clear = False
    return clear, crossed


def grids(max_side: int = 6) -> st.SearchStrategy[tuple[str, ...]]:
    return st.integers(1, max_side).flatmap(
        lambda w: st.lists(st.text(alphabet=".#o", min_size=w, max_size=w), min_size=1, max_size=max_side).map(tuple)
    )


@settings(max_examples=150, deadline=None)
@given(rows=grids(), adjacency=st.sampled_from([4, 8]))
@pytest.mark.slow
def test_distance_is_a_metric_equal_to_naive_bfs(rows: tuple[str, ...], adjacency: int) -> None:
    board = Board(rows, adjacency)
    cells = board.cells()
    for a, b in product(cells, repeat=2):
        d = board.distance(a, b)
        assert d == naive_distance(rows, adjacency, a, b)
        assert d == board.distance(b, a)
    for a, b, c in product(cells, repeat=3):
        ab, bc, ac = board.distance(a, b), board.distance(b, c), board.distance(a, c)
        if ab is not None and bc is not None:
            assert ac is not None and ac <= ab + bc


@settings(max_examples=100, deadline=None)
@given(rows=grids())
@pytest.mark.slow
def test_line_of_sight_is_symmetric_and_exact(rows: tuple[str, ...]) -> None:
    board = Board(rows)
    for a, b in product(board.cells(), repeat=2):
        clear, crossed = naive_sight(rows, a, b)
        assert board.line_of_sight(a, b) is clear, (a, b)
        assert board.line_of_sight(b, a) is clear, (b, a)
        assert set(board.sight_cells(a, b)) == crossed
        assert board.sight_cells(b, a) == tuple(reversed(board.sight_cells(a, b)))


@settings(max_examples=60, deadline=None)
@given(rows=grids(5), adjacency=st.sampled_from([4, 8]))
def test_reachable_without_pits_is_distance(rows: tuple[str, ...], adjacency: int) -> None:
    rows = tuple(row.replace("o", ".") for row in rows)
    board = Board(rows, adjacency)
    for start in board.cells():
        if board.is_wall(start):
            continue
        reach = board.reachable(start, 99)
        expected = {c: d for c in board.cells() if (d := board.distance(start, c)) is not None}
        assert reach == expected
