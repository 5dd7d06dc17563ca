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


class BoardRules(TacticsBase):
    """Positions, moves, vision and terrain of one game."""

    board: Board
    hint: tuple[str, Any] | None = None  # what the decider is being asked about (heuristic players)
    acting: Unit | None = None  # the unit whose ability is choosing a target

    # -- who stands where

    def at(self, cell: Cell) -> list[Unit]:
        return [u for u in self.units() if u.pos == cell]

    def blocked_for(self, unit: Unit) -> set[Cell]:
        """Cells a step of ``unit`` may not enter: hostile units' and scene obstacles' (T18)."""
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
        options = self.move_options(unit, allowance)
        cells = sorted(options, key=lambda c: (options[c], c[1], c[0]))
        if low > 0:
            cells = [c for c in cells if c != unit.pos] or cells
        start = unit.pos
        self.hint = ("move", unit)
        dest = self.decider.choose(unit.seat, f"move {unit} (up to {allowance})", cells) if len(cells) > 1 else start
        moved = dest != start
        # the cells stepped on, for a replay to draw (a least-cost way there, blocked as the move was)
        path = self.board.path(start, dest, allowance, self.blocked_for(unit), self.mode.climb_cost) if moved else []
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
        unit.facing = self.decider.choose(unit.seat, f"facing of {unit}", options)

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
        """A hidden unit in an enemy unit's sight at distance 0-1 is exposed (§8.4); a hidden scene obstacle
        is hostile to every unit, so any agent or minion that sees it at 0-1 exposes it (§5.2, T23)."""
        if getattr(self, "deploying", False):
            return
        for unit in self.units():
            if not unit.hidden or unit.pos is None:
                continue
            for other in self.units():
                if other.kind == "obstacle" or not self.hostile(unit.seat, other.seat):
                    continue
                if self.within(other, unit, 0, 1) and self.sees(other, unit.pos):
                    self.expose(unit, Phrase(N_("in sight of {unit} at distance 0-1"), unit=str(other)))
                    break

    # -- terrain (T20)

    def destroy_terrain(self, cell: Cell) -> None:
        before = self.board.terrain(cell)
        self.board = self.board.destroy(cell)
        after = self.board.terrain(cell)
        self.log.add("terrain_destroyed", cell=list(cell), before=before, after=after)
        if after == "wall":
            for unit in self.at(cell):
                seat = unit.seat or self.active
                options = self.nearest_free(unit, cell)
                dest = self.decider.choose(seat, f"where {unit} goes out of the wall", options) if options else None
                if dest is None:
                    raise EngineError(tr("no free cell for {unit} next to {cell}", unit=unit, cell=cell))
                unit.pos = dest
                self.log.add("pushed", unit.seat or None, unit=str(unit), to=list(dest))

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
