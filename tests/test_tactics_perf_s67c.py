"""Issue 27 (games per second), session 67, round 2: the short cuts give what the plain way gives, on positions of
seeded heuristic games. :meth:`Board.nearest` is the least :meth:`Board.distance`; what an attack on a face-down agent
rolls and is worth (:meth:`TacticianDecider._hit`) is worked out once for every agent it could be (each gives the
same); the obstacles' cells are numbered once a decision (:meth:`TacticianDecider._obstacles_numbered`)."""

from __future__ import annotations

import random

import pytest

from toolkit.board import Board
from toolkit.catalog import load_catalog
from toolkit.engine.tactics import TacticsGame
from toolkit.engine.tactics.state import Unit
from toolkit.engine.tactics.tactician import TacticianDecider

from .test_tactics_perf_s67b import POSITIONS, fresh, pieces, position

Cell = tuple[int, int]


def _maps() -> list[object]:
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    return list(load_catalog([root / "cards" / "tactics"]).of_kind("tactics", "map"))


def test_nearest_is_the_least_distance() -> None:
    rng = random.Random(5)
    asked = 0
    for record in _maps():
        board = Board.from_record(record)
        cells = board.cells()
        outside: list[Cell] = [(-1, 0), (board.width, 2), (3, board.height)]
        for _ in range(60):
            cell = rng.choice(cells + outside[:1])
            others = rng.sample(cells, rng.randint(0, 4)) + rng.sample(outside, rng.randint(0, 1))
            if rng.random() < 0.2:
                others.append(cell)  # the cell itself: 0 (as distance says of a cell and itself, even a wall)
            found = [d for o in others if (d := board.distance(cell, o)) is not None]
            assert board.nearest(cell, others) == (min(found) if found else None), (record.id, cell, others)
            asked += 1
        board = board.destroy(cells[len(cells) // 2])  # another wall state: its own table
        cell = cells[len(cells) // 3]
        found = [d for o in cells[:9] if (d := board.distance(cell, o)) is not None]
        assert board.nearest(cell, cells[:9]) == (min(found) if found else None)
    assert asked > 100


def _face_down_agents(game: TacticsGame, seat: int) -> list[Unit]:
    return [u for u in pieces(game) if u.kind == "agent" and TacticianDecider.unseen(u, seat)]


# (duo 6 at round 5 and duo 0 at round 4 had agents face down before session 68, where an agent's own triggered
# ability came to expose it; duo 8 and 12 at round 3 have)
@pytest.mark.parametrize(("mode", "seed", "rounds"), [*POSITIONS, ("duo", 4, 3), ("duo", 12, 3)])
def test_an_attack_on_a_face_down_agent_is_worked_out_once_for_its_guesses(mode: str, seed: int, rounds: int) -> None:
    game = position(mode, seed, rounds)
    decider = fresh(game)
    worked = 0
    plain = TacticianDecider._work_hit

    def counting(self: TacticianDecider, *args: object) -> tuple[object, ...]:
        nonlocal worked
        worked += 1
        return plain(self, *args)  # type: ignore[arg-type]

    checked = 0
    for attacker in pieces(game):
        for hidden in _face_down_agents(game, attacker.seat):
            guesses = decider.guesses(game, hidden, attacker.seat)
            for profile in decider.all_profiles(game, attacker):
                worked = 0
                TacticianDecider._work_hit = counting  # type: ignore[method-assign]
                try:
                    each = [decider._hit(game, attacker, profile, guess) for guess in guesses]
                finally:
                    TacticianDecider._work_hit = plain  # type: ignore[method-assign]
                assert worked <= 1  # once for the face-down agent, not once per agent it could be
                for guess, hit in zip(guesses, each, strict=True):
                    assert hit == plain(decider, game, attacker, profile, guess)  # what each would give on its own
                    checked += 1
    if (mode, seed, rounds) in (("duo", 4, 3), ("duo", 8, 3), ("duo", 12, 3)):
        assert checked  # (these positions have agents face down)


@pytest.mark.parametrize(("mode", "seed", "rounds"), POSITIONS)
def test_the_obstacles_are_numbered_once_a_decision(mode: str, seed: int, rounds: int) -> None:
    game = position(mode, seed, rounds)
    decider = fresh(game)
    cells, number = decider._obstacles_numbered(game)
    assert cells is decider.obstacle_cells(game)
    assert number == decider._number(game, list(cells)) == decider._number(game, tuple(cells))
    assert decider._obstacles_numbered(game) == (cells, number)
    decider._geo = {}  # the geometry kept dropped (it grew too large): numbered anew, as _number does then
    again = decider._obstacles_numbered(game)
    assert again[1] == decider._number(game, cells) and again[1] != number


def test_a_units_seat_is_its_controller_as_a_plain_attribute() -> None:
    import copy
    import dataclasses

    from toolkit.engine.tactics.state import copy_unit

    unit = Unit(7, "a", "A", 2, "agent", 3, 3, None)
    assert unit.seat == unit.controller == 2 and vars(unit)["seat"] == 2  # read without a property's call
    obstacle = Unit(8, "o", "O", 0, "obstacle", 1, 1, None)
    assert obstacle.seat == obstacle.controller == 0
    unit.controller = 1  # taken control of (§5.4)
    assert unit.seat == 1
    unit.seat = 2
    assert unit.controller == 2
    assert "controller=2" in repr(unit)
    for other in (copy_unit(unit, lambda card: card), copy.deepcopy(unit), dataclasses.replace(unit)):
        assert other.seat == other.controller == 2
        other.controller = 1
        assert other.seat == 1 and unit.seat == 2
    assert Unit(9, "b", "B", 1, "minion", 1, 1, None, controller=2).seat == 2


def _landed_plainly(d: TacticianDecider, g: TacticsGame, attacker: Unit, profile: object, target: Unit,
                    spot: Cell) -> float:  # fmt: skip
    """:meth:`TacticianDecider._landed` on a face-down target: the mean of each guess's, one at a time."""
    each = [d._landed(g, attacker, profile, guess, d._pair(g, attacker, profile, guess), spot, attacker.pos, None, 0,  # type: ignore[arg-type]
                      0, 0, False, True)[0] for guess in d.guesses(g, target, attacker.seat)]  # fmt: skip
    return sum(each) / len(each)


@pytest.mark.parametrize(("mode", "seed", "rounds"), [("duo", 8, 3), ("duo", 4, 3), ("duo", 12, 3)])
def test_an_attack_landing_on_a_face_down_unit_is_the_mean_over_its_guesses(mode: str, seed: int, rounds: int) -> None:
    game = position(mode, seed, rounds)
    checked = 0
    for attacker in pieces(game):
        assert attacker.pos is not None
        for hidden in _face_down_agents(game, attacker.seat):
            for profile in fresh(game).all_profiles(game, attacker):
                fast, slow = fresh(game), fresh(game)
                found = fast._landed(game, attacker, profile, hidden, fast._pair(game, attacker, profile, hidden),
                                     attacker.pos, attacker.pos, None, 0, 0, 0, False, True)  # fmt: skip
                assert found[0] == _landed_plainly(slow, game, attacker, profile, hidden, attacker.pos)
                checked += 1
    assert checked
