"""The tactician predicts exposure by the engine's rule (sweep 65): a hidden unit or hidden scene obstacle is exposed
by an enemy unit that has it in sight (line of sight, T16) at distance 0-1, whichever way that unit faces (§8.4, T23;
:meth:`BoardRules.check_exposure`). It used the old rule (the enemy's vision band), so it let a hidden unit step
right behind an enemy, thinking it stayed hidden, and feared no exposure beside an enemy looking away."""

from __future__ import annotations

import random

import pytest

from toolkit.board import FACINGS
from toolkit.engine.tactics import TacticsGame, Unit
from toolkit.engine.tactics.tactician import TacticianDecider

from .tactics_util import board_game, obstacle, put


def predicted(game: TacticsGame, unit: Unit, cell: tuple[int, int]) -> bool:
    """What a fresh tactician expects for hidden ``unit`` ending on ``cell``."""
    return TacticianDecider(random.Random(0)).bind(game).exposure(game, unit, cell)


def engine_exposes(game: TacticsGame, unit: Unit, cell: tuple[int, int]) -> bool:
    """Whether the engine exposes hidden ``unit`` standing on ``cell`` (the unit is put back as it was)."""
    pos, hidden = unit.pos, unit.hidden
    unit.pos, unit.hidden = cell, True
    try:
        game.check_exposure()
        return not unit.hidden
    finally:
        unit.pos, unit.hidden = pos, hidden


def test_an_enemy_right_behind_at_distance_1_exposes() -> None:
    """§8.4 "位于敌方单位的视线中，且 2 者的距离为 0-1 时", T23: 烈风 faces north; the cell right behind it is out of its
    vision band but in its sight at distance 1, so 寒鸦 hidden there is exposed, and the tactician expects it."""
    game = board_game()
    put(game, 1, "gale", (3, 3), "n")
    jackdaw = put(game, 2, "jackdaw", (8, 6), "n", hidden=True)
    assert engine_exposes(game, jackdaw, (3, 4))
    assert predicted(game, jackdaw, (3, 4))
    assert predicted(game, jackdaw, (2, 3)) and predicted(game, jackdaw, (4, 3))  # beside, out of the band too


def test_an_enemy_two_cells_ahead_does_not_expose() -> None:
    """§8.4's distance 0-1: two cells ahead, in 烈风's vision band and sight, is not close enough."""
    game = board_game()
    put(game, 1, "gale", (3, 3), "n")
    jackdaw = put(game, 2, "jackdaw", (8, 6), "n", hidden=True)
    assert not engine_exposes(game, jackdaw, (3, 1))
    assert not predicted(game, jackdaw, (3, 1))


def test_a_hidden_scene_obstacle_beside_a_unit_looking_away() -> None:
    """T23: a hidden scene obstacle in sight of any agent at 0-1 is turned face up, whichever way the agent looks."""
    game = board_game()
    put(game, 1, "gale", (3, 3), "e")
    rack = obstacle(game, "server_rack", (0, 6))
    rack.hidden = True
    assert engine_exposes(game, rack, (2, 3))
    assert predicted(game, rack, (2, 3))


@pytest.mark.parametrize("facing", FACINGS)
def test_the_prediction_is_the_engine_s_rule_on_every_cell(facing: str) -> None:
    """On every open cell of the board (walls between some of them, the enemy's own cell included), with the enemy
    facing each way: the tactician's prediction and the engine's exposure agree."""
    game = board_game()
    put(game, 1, "gale", (4, 3), facing)  # beside the wall at x 5
    put(game, 1, "anvil", (6, 2), FACINGS[(FACINGS.index(facing) + 2) % len(FACINGS)])
    jackdaw = put(game, 2, "jackdaw", (9, 6), "n", hidden=True)
    cells = [c for c in game.board.cells() if not game.board.is_wall(c)]
    got = {c: predicted(game, jackdaw, c) for c in cells}
    wanted = {c: engine_exposes(game, jackdaw, c) for c in cells}
    assert got == wanted
    assert sum(wanted.values()) == 8  # both enemies' cells and their open neighbours (behind them too), no more
