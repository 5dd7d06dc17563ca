"""Lint of tactics maps (RULINGS T13, T19): the grid, its deployment zones, and the modes it names.

Findings point at the cell itself: the line and column of its character
inside the row string of the JSON file, and the message names the cell as
``x,y`` (column, row from the top left).

- ``map.rows.ragged`` / ``map.rows.char``: a row of another length than most
  rows have (a tie: row 0's length), so only the odd rows are blamed, and a
  character outside the legend (reported even when the model rejects the map);
- ``map.ref.mode``: ``modes`` names a mode that does not exist;
- a mode marked ``status: "incomplete"`` (梦魇通廊, RULINGS T6) leaves its zones,
  scene obstacles and agents unspecified: the checks below ask nothing of a map for it;
- ``map.zone.missing``: a mode needs deployment zones 1..N (its
  ``deployment_zones``) and the map lacks some;
- ``map.zone.unreachable``: zone cells with no wall-free path to any cell of
  another zone;
- ``map.obstacles.few``: a mode with standard scene obstacles places 5, on
  ``*`` cells, and the map has fewer;
- ``map.outdoor.none`` (warning): a mode has standby agents (max_agents >
  starting_agents) to bring in with 增援, which deploys on outdoor cells, and the
  map has none.

The geometry (which cells connect) is :mod:`toolkit.board`'s, a leaf that
imports only the models, so lint and the engine agree on every path.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from toolkit.board import Board, Cell, MapError
from toolkit.i18n import current_lang, tc, tr, trn
from toolkit.jsonio import pointer, value_positions
from toolkit.models.tactics import map_legend_text, map_row_problems

from .findings import Finding, Severity
from .wording import listing, record_label

if TYPE_CHECKING:
    from .lint import Entry, GameIndex

STANDARD_OBSTACLES = 5  # standard deployment draws 5 scene obstacles (seed 000 §3.1)


class _Locator:
    """Line and column of a cell's character in a map file (computed once per file, when first asked; the file's
    text too: the checks across records have let a clean map's text go, and read it again only for a finding)."""

    def __init__(self, entry: Entry) -> None:
        self._entry = entry

    @functools.cached_property
    def text(self) -> str:
        return self._entry.source.text or ""

    @functools.cached_property
    def positions(self) -> dict[str, tuple[int, int]]:
        """Computed on the first finding: a clean map file never pays for it."""
        return value_positions(self.text) if self.text else {}

    @functools.cached_property
    def line_starts(self) -> list[int]:
        starts = [0]
        for i, char in enumerate(self.text):
            if char == "\n":
                starts.append(i + 1)
        return starts

    def at(self, ptr: str) -> tuple[int, int]:
        while ptr not in self.positions and ptr:
            ptr = ptr.rsplit("/", 1)[0]
        return self.positions.get(ptr, (1, 1))

    def cell(self, x: int, y: int) -> tuple[int, int]:
        """Line and column of character x of row y (the row's opening quote if x is past its end)."""
        ptr = pointer("rows", y)
        if ptr not in self.positions:
            return self.at("/rows")
        line, column = self.positions[ptr]
        start = self.line_starts[line - 1]
        i = start + column - 1  # the opening quote
        text = self.text
        if not text.startswith('"', i):
            return line, column
        i += 1
        for _ in range(x):
            if i >= len(text) or text[i] == '"':
                return line, column
            if text[i] == "\\":
                i += 6 if text.startswith("u", i + 1) else 2
            else:
                i += 1
        return line, i - start + 1


def _emit(
    entry: Entry,
    locator: _Locator,
    code: str,
    message: str,
    ptr: str,
    cell: Cell | None = None,
    severity: Severity = "error",
) -> None:
    if not entry.target:
        return
    line, column = locator.cell(*cell) if cell is not None else locator.at(ptr)
    entry.findings.append(Finding(code, message, severity, str(entry.source.path), ptr, line, column))


def _label(data: Any) -> str:
    return record_label("tactics", "map", data.get("id") if isinstance(data, dict) else None)


def check_map_rows(entry: Entry) -> bool:
    """Ragged rows and unknown characters of a map file's raw data; True if any was reported."""
    data = entry.data
    rows = data.get("rows") if isinstance(data, dict) else None
    if not isinstance(rows, list) or not rows or not all(isinstance(row, str) for row in rows):
        return False  # the schema reports these shapes
    problems = map_row_problems(rows)
    if not problems:
        return False
    locator = _Locator(entry)
    label = _label(data)
    for code, x, y, message in problems:
        if code == "map.rows.char":
            message = tr("{problem}; legend: {legend}", problem=message, legend=map_legend_text())
        _emit(entry, locator, code, tr("{label}: {problem}", label=label, problem=message), pointer("rows", y), (x, y))
    return True


def _cells(cells: list[Cell]) -> str:
    shown = _joined(f"{x},{y}" for x, y in cells[:6])
    return tr("{cells} and {n} more", cells=shown, n=len(cells) - 6) if len(cells) > 6 else shown


def _joined(items: Any) -> str:
    """Cells, zones or ids one after another (``1, 2, 3``)."""
    return tc(current_lang(), "list", ", ").join(map(str, items))


def check_maps(index: GameIndex) -> None:
    """Cross-record checks of every tactics map against the game's modes."""
    for entry in index.entries:
        record: Any = entry.record
        if record is None or record.kind != "map":
            continue
        try:
            board = Board.from_record(record)
        except MapError:  # the model accepted it, so this cannot happen; never crash lint
            continue
        _check_map(entry, index, record, board)


def _check_map(entry: Entry, index: GameIndex, record: Any, board: Board) -> None:
    locator = _Locator(entry)
    label = entry.label
    known = sorted(index.ids("mode"))
    needs_spots: list[str] = []
    reinforces: list[str] = []
    for i, mode_id in enumerate(record.modes):
        mode: Any = index.record("mode", mode_id)
        where = pointer("modes", i)
        if mode is None and index.is_refused("mode", mode_id):  # a mode the model refused: it exists, its content unknown
            continue
        if mode is None:
            message = tr("{label}: mode {mode} does not exist; known: {choices}", label=label, mode=repr(mode_id),
                         choices=listing(known))  # fmt: skip
            _emit(entry, locator, "map.ref.mode", message, where)
            continue
        if mode.status == "incomplete":  # its zones, obstacles and agents are unspecified (RULINGS T6): no guess
            continue
        gap = _zone_gap(label, mode_id, mode, board)
        if gap is not None:
            _emit(entry, locator, "map.zone.missing", gap, where)
        if mode.scene_obstacles == "standard":
            needs_spots.append(mode_id)
        if mode.max_agents > mode.starting_agents:
            reinforces.append(mode_id)
    spots = len(board.obstacle_spots)
    if needs_spots and spots < STANDARD_OBSTACLES:
        message = tr(
            "{label}: standard deployment ({modes}) places {n} scene obstacles on {spot} cells; the map has {spots}",
            label=label,
            modes=_joined(map(repr, needs_spots)),
            n=STANDARD_OBSTACLES,
            spot="'*'",
            spots=spots,
        )
        _emit(entry, locator, "map.obstacles.few", message, "/rows")
    if reinforces and not any(board.is_outdoor(cell) for cell in board.cells()):
        message = tr(
            "{label}: no outdoor ({outdoor}) cell, so reinforce cannot deploy standby agents in {modes}",
            label=label,
            outdoor="','",
            modes=_joined(map(repr, reinforces)),
        )
        _emit(entry, locator, "map.outdoor.none", message, "/rows", severity="warning")
    _check_zone_paths(entry, locator, label, board)


def _zone_gap(label: str, mode_id: str, mode: Any, board: Board) -> str | None:
    """``map.zone.missing``'s message when ``mode`` deploys to zones the map lacks (None: it has them all)."""
    missing = [z for z in range(1, mode.deployment_zones + 1) if z not in board.zones]
    if not missing:
        return None
    return tr(
        "{label}: mode {mode} deploys to zones 1-{n}; the map has no cell of zone {zones}",
        label=label,
        mode=repr(mode_id),
        n=mode.deployment_zones,
        zones=_joined(missing),
    )


def zone_gaps(label: str, record: Any, board: Board, mode_of: Callable[[str], Any]) -> list[tuple[int, str]]:
    """The deployment zones a map lacks for the modes it names (lint's ``map.zone.missing``, which
    ``dossier map show`` tells as a warning): per such mode, its index in ``modes`` and the message, in the current
    language, starting with ``label``. ``mode_of`` gives a mode's record by id (None: no such mode, which is another
    finding); a mode whose rules leave its zones unspecified (``status: "incomplete"``, RULINGS T6) asks for none."""
    gaps: list[tuple[int, str]] = []
    for i, mode_id in enumerate(record.modes):
        mode = mode_of(mode_id)
        if mode is None or mode.status == "incomplete":
            continue
        message = _zone_gap(label, mode_id, mode, board)
        if message is not None:
            gaps.append((i, message))
    return gaps


def _check_zone_paths(entry: Entry, locator: _Locator, label: str, board: Board) -> None:
    """Every zone cell needs a wall-free path to some cell of every other zone.

    Zones that share no path at all are grouped; every zone outside the largest
    group (ties: the one holding the lowest zone) gets one finding naming the
    zones it cannot reach. Within a group, a zone's cells cut off from a zone
    the rest of it reaches get one finding per zone.
    """
    zones = board.zones
    if len(zones) < 2:
        return

    # the wall-free regions each zone's cells lie in: a cell reaches a zone if its region holds a cell of it
    regions = {zone: {board.region(cell) for cell in cells} - {None} for zone, cells in zones.items()}

    def reaches(cell: Cell, other: int) -> bool:
        region = board.region(cell)
        return region is not None and region in regions[other]

    group = {zone: zone for zone in zones}

    def root(zone: int) -> int:
        while group[zone] != zone:
            zone = group[zone]
        return zone

    for zone, cells in zones.items():
        for other in zones:
            if other > zone and any(reaches(cell, other) for cell in cells):
                group[root(other)] = root(zone)
    members: dict[int, list[int]] = {}
    for zone in zones:
        members.setdefault(root(zone), []).append(zone)
    main = max(members.values(), key=lambda m: (len(m), -min(m)))
    for zone, cells in zones.items():
        together = members[root(zone)]
        if together is not main:
            apart = [z for z in zones if z not in together]
            message = trn(
                "{label}: zone {zone} has no path without walls to zone {zones}",
                "{label}: zone {zone} has no path without walls to zones {zones}",
                len(apart),
                label=label,
                zone=zone,
                zones=_joined(apart),
            )
            x, y = cells[0]
            _emit(entry, locator, "map.zone.unreachable", message, pointer("rows", y), (x, y))
            continue
        cut = {cell: [z for z in together if z != zone and not reaches(cell, z)] for cell in cells}
        stranded = [cell for cell in cells if cut[cell]]
        if stranded:
            targets = sorted({z for cell in stranded for z in cut[cell]})
            to = trn("zone {zones}", "zones {zones}", len(targets), zones=_joined(targets))
            message = trn(
                "{label}: zone {zone} cell {cells} has no path without walls to {targets}",
                "{label}: zone {zone} cells {cells} have no path without walls to {targets}",
                len(stranded),
                label=label,
                zone=zone,
                cells=_cells(stranded),
                targets=to,
            )
            x, y = stranded[0]
            _emit(entry, locator, "map.zone.unreachable", message, pointer("rows", y), (x, y))


__all__ = ["check_map_rows", "check_maps", "zone_gaps"]
