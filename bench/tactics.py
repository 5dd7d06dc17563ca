"""Benchmark: tactics board geometry queries per second against per-query searches from scratch.

On a bundled map (default: the largest), with seeded random queries between
floor cells, each benchmark times

  baseline  what a naive engine does per question: a plain breadth-first search
            from scratch for every distance (early exit at the goal), and the
            exact integer walk of the centre-to-centre segment for every line of
            sight, nothing kept between queries;
  dossier   toolkit.board.Board: all-pairs distances (built once per wall state,
            its cost printed separately), cached lines of sight, vision bands by
            arithmetic.

and prints queries per second for both and the ratio. The benchmarks are a list
(BENCHMARKS); a new one is one function appended to it. The last one, ``games``,
plays whole heuristic games (duel and 2-player duo, random legal decks, each mode
on its own map) and counts games per second; its baseline plays the same games
with distance and line of sight computed from scratch per query, and both runs
must give identical logs. Run: `python bench/tactics.py [--map ID] [--queries N]`.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from toolkit.board import FACINGS, Board  # noqa: E402
from toolkit.board.geometry import clear_caches  # noqa: E402
from toolkit.catalog import load_catalog  # noqa: E402
from toolkit.decks.random_deck import deck_card_ids, random_legal_decks  # noqa: E402
from toolkit.engine.simulate import simulate_tactics  # noqa: E402

Cell = tuple[int, int]


@dataclass
class Setup:
    record: Any
    rows: list[str]
    board: Board
    pairs: list[tuple[Cell, Cell]]
    repeat: int


@dataclass
class Row:
    name: str
    baseline: float  # queries per second
    dossier: float
    note: str = ""


# --------------------------------------------------------------------------
# baselines: from scratch for every query


def bfs_distance(rows: list[str], a: Cell, b: Cell) -> int | None:
    """A plain BFS over the map's characters, 4 neighbours, walls '#' impassable, early exit."""
    if a == b:
        return 0
    height, width = len(rows), len(rows[0])
    if rows[a[1]][a[0]] == "#" or rows[b[1]][b[0]] == "#":
        return None
    seen = {a: 0}
    queue = deque([a])
    while queue:
        x, y = queue.popleft()
        d = seen[(x, y)] + 1
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < width and 0 <= ny < height and (nx, ny) not in seen and rows[ny][nx] != "#":
                if (nx, ny) == b:
                    return d
                seen[(nx, ny)] = d
                queue.append((nx, ny))
    return None


def walk_sight(rows: list[str], a: Cell, b: Cell) -> bool:
    """The exact segment walk (same rule as the board), recomputed for every query."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    nx, ny = abs(dx), abs(dy)
    x, y = a
    i = j = 0
    while i < nx or j < ny:
        order = -1 if j >= ny else 1 if i >= nx else (2 * i + 1) * ny - (2 * j + 1) * nx
        if order < 0:
            x += sx
            i += 1
        elif order > 0:
            y += sy
            j += 1
        else:
            if rows[y][x + sx] == "#" and rows[y + sy][x] == "#":
                return False
            x += sx
            y += sy
            i += 1
            j += 1
        if (x, y) != b and rows[y][x] == "#":
            return False
    return True


def naive_vision(observer: Cell, facing: str, target: Cell) -> bool:
    fx, fy = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}[facing]
    dx, dy = target[0] - observer[0], target[1] - observer[1]
    return observer == target or (dx * fx + dy * fy >= 1 and abs(dy * fx - dx * fy) <= 1)


# --------------------------------------------------------------------------
# timing


def rate(fn: Callable[[], int], queries: int, repeat: int) -> float:
    """Queries per second, best of ``repeat`` runs."""
    best = min(_timed(fn) for _ in range(repeat))
    return queries / best


def _timed(fn: Callable[[], int]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


# --------------------------------------------------------------------------
# benchmarks: each takes the setup and returns one table row


def bench_distance(s: Setup) -> Row:
    rows, board = s.rows, s.board
    few = s.pairs[: max(1, len(s.pairs) // 50)]  # the baseline is slow: fewer queries, same kind

    def baseline() -> int:
        return sum(1 for a, b in few if bfs_distance(rows, a, b) is not None)

    def dossier() -> int:
        distance = board.distance
        return sum(1 for a, b in s.pairs if distance(a, b) is not None)

    assert all(bfs_distance(rows, a, b) == board.distance(a, b) for a, b in few)
    return Row("distance", rate(baseline, len(few), s.repeat), rate(dossier, len(s.pairs), s.repeat))


def bench_sight(s: Setup) -> Row:
    rows, board = s.rows, s.board
    pairs = s.pairs

    def baseline() -> int:
        return sum(1 for a, b in pairs if walk_sight(rows, a, b))

    def dossier() -> int:
        sight = board.line_of_sight
        return sum(1 for a, b in pairs if sight(a, b))

    assert all(walk_sight(rows, a, b) == board.line_of_sight(a, b) for a, b in pairs[:2000])
    return Row("line_of_sight", rate(baseline, len(pairs), s.repeat), rate(dossier, len(pairs), s.repeat))


def bench_vision(s: Setup) -> Row:
    board = s.board
    asks = [(a, FACINGS[i % 4], b) for i, (a, b) in enumerate(s.pairs)]

    def baseline() -> int:
        return sum(1 for a, f, b in asks if naive_vision(a, f, b))

    def dossier() -> int:
        vision = board.in_vision
        return sum(1 for a, f, b in asks if vision(a, f, b))

    return Row(
        "in_vision", rate(baseline, len(asks), s.repeat), rate(dossier, len(asks), s.repeat), "arithmetic either way"
    )


def bench_targeting(s: Setup) -> Row:
    """What the engine asks at resolution (§11.6): in vision, in sight, and within range 0-6."""
    rows, board = s.rows, s.board
    asks = [(a, FACINGS[i % 4], b) for i, (a, b) in enumerate(s.pairs)]
    few = asks[: max(1, len(asks) // 50)]

    def baseline() -> int:
        hits = 0
        for a, f, b in few:
            if naive_vision(a, f, b) and walk_sight(rows, a, b):
                d = bfs_distance(rows, a, b)
                hits += d is not None and d <= 6
        return hits

    def dossier() -> int:
        hits = 0
        vision, sight, distance = board.in_vision, board.line_of_sight, board.distance
        for a, f, b in asks:
            if vision(a, f, b) and sight(a, b):
                d = distance(a, b)
                hits += d is not None and d <= 6
        return hits

    return Row("vision+sight+range", rate(baseline, len(few), s.repeat), rate(dossier, len(asks), s.repeat))


BENCHMARKS: list[Callable[[Setup], Row]] = [bench_distance, bench_sight, bench_vision, bench_targeting]


# --------------------------------------------------------------------------
# whole games: heuristic games per second (each mode plays on its own default map; --map does not apply)

GAME_CONFIGS = (("duel", 2), ("duo", 2))
GAME_SEEDS = range(8)
GAME_ROUNDS = 100


@cache
def _game_plan() -> tuple[list[Any], list[tuple[str, int, list[list[str]], list[list[str]]]]]:
    """The catalog and, per game, (mode, seed, squads, decks): random legal decks, built once, not timed."""
    records = list(load_catalog([ROOT / "cards" / "tactics"]).records)
    plan = []
    for mode, players in GAME_CONFIGS:
        for seed in GAME_SEEDS:
            rng = random.Random(seed)
            decks = random_legal_decks(records, mode, rng, players)  # no agent on two sides (T24)
            plan.append((mode, seed, [list(d.agents or []) for d in decks], [deck_card_ids(d) for d in decks]))
    return records, plan


def _play_games(records: list[Any], plan: list[tuple[str, int, list[list[str]], list[list[str]]]]) -> list[Any]:
    """Play every planned game with the heuristic decider; their JSON logs."""
    logs = []
    for mode, seed, squads, decks in plan:
        game = simulate_tactics(records, mode, squads, decks, GAME_ROUNDS, seed, decider="heuristic")
        logs.append(game.log.to_json())
    return logs


@contextmanager
def _naive_geometry() -> Iterator[None]:
    """Board.distance and Board.line_of_sight answered from scratch per query (a BFS, the segment walk),
    as a naive engine would; the rows of each board state are read once (boards are immutable)."""
    distance, sight = Board.distance, Board.line_of_sight
    rows_of: dict[int, tuple[Board, list[str]]] = {}

    def rows(board: Board) -> list[str]:
        known = rows_of.get(id(board))
        if known is None or known[0] is not board:
            known = rows_of[id(board)] = (board, board.current_rows())
        return known[1]

    def naive_distance(board: Board, a: Cell, b: Cell) -> int | None:
        if not (board.inside(a) and board.inside(b)):
            return None
        return bfs_distance(rows(board), a, b)

    def naive_sight(board: Board, a: Cell, b: Cell) -> bool:
        return board.inside(a) and board.inside(b) and walk_sight(rows(board), a, b)

    Board.distance = naive_distance  # type: ignore[method-assign, assignment]
    Board.line_of_sight = naive_sight  # type: ignore[method-assign, assignment]
    try:
        yield
    finally:
        Board.distance = distance  # type: ignore[method-assign]
        Board.line_of_sight = sight  # type: ignore[method-assign]


def bench_games(s: Setup) -> Row:
    """Whole 2-player heuristic games (duel and duo, random legal decks) per second; the baseline plays the
    same games with geometry from scratch per query. Both must give the same logs."""
    records, plan = _game_plan()
    logs: dict[str, list[Any]] = {}

    def baseline() -> int:
        with _naive_geometry():
            logs["baseline"] = _play_games(records, plan)
        return len(plan)

    def dossier() -> int:
        clear_caches()  # the precomputed tables are part of the cost
        logs["dossier"] = _play_games(records, plan)
        return len(plan)

    ours = rate(dossier, len(plan), s.repeat)
    theirs = rate(baseline, len(plan), 1)  # slow: one run
    assert logs["baseline"] == logs["dossier"], "the naive geometry changed a game"
    modes = " + ".join(f"{m} {p}p" for m, p in GAME_CONFIGS)
    return Row("games", theirs, ours, f"games/s: {len(plan)} heuristic games, {modes}")


BENCHMARKS.append(bench_games)


# --------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--map", default=None, help="Map id (default: the bundled map with the most cells).")
    parser.add_argument("--queries", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=3, help="Best of N runs for each side.")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    maps: list[Any] = load_catalog([ROOT / "cards" / "tactics"]).of_kind("tactics", "map")
    if args.map:
        maps = [m for m in maps if m.id == args.map]
        if not maps:
            sys.exit(f"no bundled map {args.map!r}")
    record = max(maps, key=lambda m: (len(m.rows) * len(m.rows[0]), m.id))
    rows = list(record.rows)

    clear_caches()
    start = time.perf_counter()
    board = Board.from_record(record)
    board.distance((0, 0), (0, 0))  # same cell: no table yet
    floor = [c for c in board.cells() if not board.is_wall(c)]
    board.distance(floor[0], floor[-1])  # builds the all-pairs table
    build = time.perf_counter() - start

    rng = random.Random(args.seed)
    pairs = [(rng.choice(floor), rng.choice(floor)) for _ in range(args.queries)]
    setup = Setup(record, rows, board, pairs, args.repeat)
    print(f"map         {record.id}: {board.width}x{board.height}, {len(floor)} non-wall cells")
    print(f"precompute  {build * 1000:.1f} ms  (layout + all-pairs distances, once per wall state)")
    print(f"queries     {len(pairs)} random pairs of non-wall cells (baselines with BFS run 1/50 of them)")
    print()
    print(f"{'benchmark':<20} {'baseline q/s':>14} {'dossier q/s':>14} {'ratio':>9}")
    for bench in BENCHMARKS:
        row = bench(setup)
        note = f"  ({row.note})" if row.note else ""
        print(f"{row.name:<20} {row.baseline:>14,.0f} {row.dossier:>14,.0f} {row.dossier / row.baseline:>8.1f}x{note}")
    print()
    print("ratio = dossier queries per second / baseline queries per second; > 1 means dossier is faster")


if __name__ == "__main__":
    main()
