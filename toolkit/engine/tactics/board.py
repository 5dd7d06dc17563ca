"""The tactics game on the map: positions and facing, moves, vision and sight, exposure, terrain.

The geometry (:class:`toolkit.board.Board`) answers every question of distance, vision,
line of sight, cover and reachable cells; this layer knows which units stand where,
who is hostile to whom (§5.3, T22) and what a move may pass (T18), and asks the
geometry at resolution time (§11.6).
"""

from __future__ import annotations

from typing import Any

from toolkit.board import FACINGS, Board
from toolkit.engine.phrase import Phrase
from toolkit.i18n import tr
from toolkit.i18n.words import N_
from toolkit.text import ast as A

from ..core import EngineError
from .base import TacticsBase
from .state import Cell, Unit

# 距离 a-b 内的 N 个<地形>: the current terrains each noun names (None: any cell)
_TERRAIN_KINDS: dict[str, tuple[str, ...] | None] = {
    "wall": ("wall",),
    "floor": ("floor", "outdoor"),
    "broken_wall": ("broken_wall",),
    "pit": ("pit",),
    "terrain": None,
}


class BoardRules(TacticsBase):
    """Positions, moves, vision and terrain of one game."""

    board: Board
    hint: tuple[str, Any] | None = None  # what the decider is being asked about (heuristic players)
    acting: Unit | None = None  # the unit whose ability is choosing a target

    # -- who stands where

    def at(self, cell: Cell) -> list[Unit]:
        return [u for u in self.units() if u.pos == cell]

    def blocked_for(self, unit: Unit) -> set[Cell]:
        """Cells a step of ``unit`` may not enter: hostile units' and scene obstacles' (T18). An obstacle is hostile to
        every unit (§5.2): moved (正义的搜刮, a player choosing its way), it enters no other unit's cell."""
        if unit.kind == "obstacle":
            return {u.pos for u in self.units() if u.pos is not None and u is not unit}
        return {u.pos for u in self.units() if u.pos is not None and u is not unit and self.hostile(unit.seat, u.seat)}

    def move_allowance(self, unit: Unit, high: int, basic: bool = False) -> int:
        """The most steps of a move: 行进 moves up to the unit's 移速 (with 移速 modifiers), other moves as printed."""
        if basic:
            return max(0, getattr(unit.record, "move", high) + self._stat(unit, "move"))
        return max(0, high)

    def move_options(self, unit: Unit, high: int) -> dict[Cell, int]:
        if unit.pos is None:
            return {}
        return self.board.reachable(unit.pos, high, self.blocked_for(unit), self.mode.climb_cost)

    def move(self, unit: Unit, low: int, high: int, reason: str = "move", basic: bool = False) -> bool:
        """Move ``unit`` 0..high steps (T18), then choose its facing (T15); True when it 位移过."""
        if unit.pos is None or unit.gone:
            return False
        if self.cannot(unit, "move"):
            self.log.add("move_prevented", unit.seat, unit=str(unit))
            return False
        allowance = self.move_allowance(unit, high, basic)
        reach = self.board.reach(unit.pos, allowance, self.blocked_for(unit), self.mode.climb_cost)
        options = reach.costs
        cells = sorted(options, key=lambda c: (options[c], c[1], c[0]))
        if low > 0:
            cells = [c for c in cells if c != unit.pos] or cells
        start = unit.pos
        self.hint = ("move", unit)
        dest = (
            self.decider.choose(unit.seat, Phrase(N_("move {unit} (up to {n})"), unit=str(unit), n=allowance), cells)
            if len(cells) > 1
            else start
        )
        moved = dest != start
        path = reach.path_to(dest) if moved else []  # the cells stepped on, for a replay to draw
        unit.pos = dest
        self.choose_facing(unit)
        self.log.add(
            "move",
            unit.seat,
            unit=str(unit),
            start=list(start),
            to=list(dest),
            path=[list(c) for c in path or ()],
            steps=options.get(dest, 0),
            allowance=allowance,
            facing=unit.facing,
            reason=reason,
        )
        if moved:
            self.fire("after_move", unit.seat, unit=unit)
        self.check_exposure()
        return moved

    def choose_facing(self, unit: Unit) -> None:
        if unit.kind == "obstacle":
            return
        self.hint = ("facing", unit)
        options = list(FACINGS)
        if unit.facing in options:  # keeping the facing comes first
            options.remove(unit.facing)
            options.insert(0, unit.facing)
        unit.facing = self.decider.choose(unit.seat, Phrase(N_("facing of {unit}"), unit=str(unit)), options)

    def place(self, unit: Unit, cell: Cell, facing: str | None) -> None:
        if not self.board.inside(cell) or self.board.is_wall(cell):
            raise EngineError(tr("{unit} cannot stand on {cell}", unit=unit, cell=f"{cell[0]},{cell[1]}"))
        unit.pos = cell
        unit.facing = facing if unit.kind != "obstacle" else None

    def free_cells(self, seat: int, cells: Any) -> list[Cell]:
        """Cells without a hostile unit (own units may share a cell, §3.3)."""
        hostile = {u.pos for u in self.units() if self.hostile(seat, u.seat)}
        return [c for c in cells if c not in hostile and not self.board.is_wall(c)]

    # -- vision, sight, range (§6, T14-T17)

    def sees(self, observer: Unit, cell: Cell, mark: bool = True) -> bool:
        """In the observer's vision (facing, side and rear vision) and in its line of sight (§6.1).
        Units without facing (obstacles) have no vision: they are not observers, so nothing limits them."""
        if observer.pos is None:
            return False
        if observer.facing is None:
            return True
        if not self.board.line_of_sight(observer.pos, cell):
            return False
        if self.board.in_vision(observer.pos, observer.facing, cell):
            return True
        side, rear = self.extra_vision(observer)
        if not (side or rear):
            return False
        for vision, source in self.vision_sources(observer):
            extra = self.board.in_vision(observer.pos, observer.facing, cell, vision == "side", vision == "rear")
            if extra and source is not None and mark:
                self.mark(source, True)
                return True
        return self.board.in_vision(observer.pos, observer.facing, cell, side, rear)

    def distance(self, a: Unit, b: Unit, through_walls: bool = False) -> int | None:
        if a.pos is None or b.pos is None:
            return None
        return self.board.through_wall(a.pos, b.pos) if through_walls else self.board.distance(a.pos, b.pos)

    def within(self, a: Unit, b: Unit, low: int, high: int, through_walls: bool = False) -> bool:
        d = self.distance(a, b, through_walls)
        return d is not None and low <= d <= high

    def target_ok_quiet(self, observer: Unit | None, target: Unit, within: tuple[int, int] | None) -> bool:
        """:meth:`target_ok` for a player weighing options (it does not count as the game using vision)."""
        return self.target_ok(observer, target, within, mark=False)

    def cannot_quiet(self, unit: Unit, action: str) -> bool:
        return any(isinstance(e, A.Cannot) and e.action == action for e in self.continuous(unit))

    def target_ok(self, observer: Unit | None, target: Unit, within: tuple[int, int] | None, mark: bool = True) -> bool:
        """A target is legal at resolution when it is on the map, in the ability's distance and in the
        observer's vision and sight (§11.6)."""
        if target.gone or target.pos is None:
            return False
        if observer is None or observer.pos is None:
            return within is None
        if within is not None and not self.within(observer, target, *within):
            return False
        return observer is target or self.sees(observer, target.pos, mark)

    def check_exposure(self) -> None:
        """A hidden unit in an enemy unit's sight (视线, line of sight: T16) at distance 0-1 is exposed (§8.4),
        whichever way that unit faces: sight is not vision (视野, the band ahead, T15); a hidden scene obstacle is
        hostile to every unit, so any agent or minion with it in sight at 0-1 exposes it (§5.2, T23)."""
        if getattr(self, "deploying", False):
            return
        units = self.units()
        for unit in self.units():
            if not unit.hidden or unit.pos is None:
                continue
            for other in units:
                if other.kind == "obstacle" or not self.hostile(unit.seat, other.seat):
                    continue
                if (
                    self.within(other, unit, 0, 1)
                    and other.pos is not None
                    and self.board.line_of_sight(other.pos, unit.pos)
                ):
                    self.expose(unit, Phrase(N_("in sight of {unit} at distance 0-1"), unit=str(other)))
                    units = self.units()  # (its 暴露时 abilities may have changed who is on the map)
                    break

    # -- terrain (T20)

    def destroy_terrain(self, cell: Cell) -> None:
        before = self.board.terrain(cell)
        self.board = self.board.destroy(cell)
        after = self.board.terrain(cell)
        self.log.add("terrain_destroyed", cell=list(cell), before=before, after=after)
        if after == "wall":
            self._push_out_of_wall(cell)

    def restore_terrain(self, cell: Cell) -> bool:
        """T20: a broken wall becomes a wall again, a pit a floor (:meth:`Board.restore`); units in a new wall
        are moved out as :meth:`destroy_terrain` moves them. False (nothing logged) when the cell is neither."""
        before = self.board.terrain(cell)
        board = self.board.restore(cell)
        if board is self.board:
            return False
        self.board = board
        after = board.terrain(cell)
        self.log.add("terrain_restored", cell=list(cell), before=before, after=after)
        if after == "wall":
            self._push_out_of_wall(cell)
        return True

    def terrain_distance(self, start: Cell, cell: Cell) -> int | None:
        """The distance from ``start`` to ``cell`` (T14); an intact wall, which no path enters, is one step
        past its nearest open neighbour (a wall next to a unit is at distance 1). None: out of every range."""
        board = self.board
        if not board.is_wall(cell):
            return board.distance(start, cell)
        steps = [board.distance(start, c) for c in board.neighbours(cell) if not board.is_wall(c)]
        found = [d for d in steps if d is not None]
        return min(found) + 1 if found else None

    def cell_options(self, unit: Unit | None, cells: A.Cells, restore: bool = False) -> list[Cell]:
        """The cells ``距离 a-b 内的 N 个<地形>`` may name for ``unit`` (本单位), row by row: of that terrain
        (for 恢复: the broken walls and pits among them) at distance a-b from the unit."""
        if unit is None or unit.pos is None or unit.gone:
            return []
        kinds = _TERRAIN_KINDS[cells.terrain]
        if restore:
            kinds = tuple(k for k in kinds or ("broken_wall", "pit") if k in ("broken_wall", "pit"))
        low, high = cells.within
        out = []
        for cell in self.board.cells():
            if kinds is not None and self.board.terrain(cell) not in kinds:
                continue
            d = self.terrain_distance(unit.pos, cell)
            if d is not None and low <= d <= high:
                out.append(cell)
        return out

    def _push_out_of_wall(self, cell: Cell) -> None:
        """Units in a cell that has become a wall go to the nearest free cell, chosen by their controller (T20)."""
        for unit in self.at(cell):
            seat = unit.seat or self.active
            options = self.nearest_free(unit, cell)
            dest = (
                self.decider.choose(seat, Phrase(N_("where {unit} goes out of the wall"), unit=str(unit)), options)
                if options
                else None
            )
            if dest is None:
                raise EngineError(tr("no free cell for {unit} next to {cell}", unit=unit, cell=cell))
            unit.pos = dest
            self.log.add("pushed", unit.seat or None, unit=str(unit), to=list(dest))
        self.check_exposure()  # (where they stand now, they may see or be seen at 0-1)

    def nearest_free(self, unit: Unit, cell: Cell) -> list[Cell]:
        """The non-wall cells without hostile units closest to ``cell`` (through walls)."""
        blocked = self.blocked_for(unit)
        free = [c for c in self.board.cells() if not self.board.is_wall(c) and c not in blocked]
        if not free:
            return []
        best = min(self.board.through_wall(cell, c) for c in free)
        return [c for c in free if self.board.through_wall(cell, c) == best]

    def _board_key(self) -> Any:
        return self.board.destroyed if getattr(self, "board", None) is not None else None

    # -- the picture of the board (drawing, replay)

    def board_state(self) -> dict[str, Any]:
        units = []
        for u in self.units():
            if u.pos is None:
                continue
            side, rear = self.extra_vision(u) if u.kind != "obstacle" else (False, False)
            units.append(
                {
                    "uid": u.uid,
                    "id": u.id,
                    "name": u.name,
                    "seat": u.seat,
                    "team": self.team_of(u.seat),
                    "kind": u.kind,
                    "pos": list(u.pos),
                    "facing": u.facing,
                    "hidden": u.hidden,
                    "tapped": u.tapped,
                    "hp": u.hp,
                    "max_hp": max(1, u.max_hp + self.stat_bonus(u, "max_hp")),
                    "temp_hp": u.temp_hp,
                    "shield": u.shield,
                    "vision": {"side": side, "rear": rear},
                }
            )
        return {
            "map": self.board.map_id,
            "round": self.round,
            "active": self.active,
            "destroyed": [list(c) for c in sorted(self.board.destroyed)],
            "units": units,
        }
