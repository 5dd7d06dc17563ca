"""What /play shows a seat its units may do (:func:`prospects`), held to what the engine then lets them do (helper 652):
a 行进 may end on an own unit's cell (§3.3 "己方单位坐标可重叠", T18), never on a hostile one's; a melee target the
free move 0-1 and turn of 攻击时 brings into range and sight is listed (§13.1, T21), reckoned from the cell that move
reaches, which the engine's attack then hits from; a hidden target is still its cell alone."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from toolkit.engine.core import FirstDecider
from toolkit.engine.tactics import TacticsGame, Unit
from toolkit.engine.tactics.prospects import prospects
from toolkit.engine.tactics.state import Cell

from .tactics_util import Dice, board_game, put

T = TypeVar("T")


class Steer(FirstDecider):
    """Moves to ``to`` when a move offers it, faces ``toward`` when a facing is asked (the first facing that sees
    it), declines a counterattack, else the first option; keeps the cells each move offered."""

    def __init__(self) -> None:
        self.game: TacticsGame | None = None
        self.mover: Unit | None = None
        self.to: Cell | None = None
        self.toward: Cell | None = None
        self.offered: list[list[Cell]] = []

    def choose(self, player: int, prompt: str, options: Sequence[T]) -> T:
        asked = str(prompt)
        if asked.startswith("move "):
            self.offered.append([o for o in options])  # type: ignore[misc]
            for option in options:
                if option == self.to:
                    return option
        if asked.startswith("facing of") and self.game is not None and self.toward is not None:
            assert self.mover is not None and self.mover.pos is not None
            for option in options:
                if self.game.board.in_vision(self.mover.pos, str(option), self.toward):
                    return option
        if asked.startswith("counterattack of") and None in options:
            return None  # type: ignore[return-value]
        return options[0]


def _game() -> tuple[TacticsGame, Steer]:
    decider = Steer()
    game = board_game(decider=decider)
    game.active = 1
    decider.game = game
    return game, decider


def _mine(game: TacticsGame, unit: Unit) -> dict[str, Any]:
    return next(p for p in prospects(game, unit.seat) if p["uid"] == unit.uid)


def _brawl(game: TacticsGame, unit: Unit) -> Any:
    return next(p for p in game.profiles(unit) if p.profile.style == "melee")


def test_a_march_may_end_on_an_own_unit_s_cell_as_the_engine_lets_it_never_on_a_hostile_one() -> None:
    game, decider = _game()
    gale = put(game, 1, "gale", (2, 2), "s")
    put(game, 1, "anvil", (2, 3), "n")
    put(game, 2, "jackdaw", (3, 2), "w")
    put(game, 2, "egret", (8, 6), "n")
    moves = _mine(game, gale)["moves"]
    assert [2, 3] in moves and [3, 2] not in moves  # the own unit's cell is offered, the enemy's is not
    march = next(a for a in game.legal_actions(1)
                 if a.kind == "ability" and a.source.record.id == "march" and a.unit is gale)  # fmt: skip
    decider.mover, decider.to = gale, (2, 3)
    game.take(march)
    assert gale.pos == (2, 3)  # the engine's 行进 ends there
    (offered,) = decider.offered
    assert sorted([list(c) for c in offered if c != (2, 2)]) == moves  # the cells shown are the cells the move offers


def test_a_melee_target_the_free_step_reaches_is_listed_from_that_cell_and_the_engine_hits_it_from_there() -> None:
    game, decider = _game()
    gale = put(game, 1, "gale", (2, 2), "s")
    jackdaw = put(game, 2, "jackdaw", (2, 4), "n")  # distance 2: out of the melee range 0-1 until the free step
    put(game, 2, "egret", (8, 6), "n")
    brawl = _brawl(game, gale)
    assert not game.can_hit(gale, jackdaw, brawl.profile)
    (shown,) = [a for a in _mine(game, gale)["attacks"] if a["attack"] == brawl.name]
    assert shown["target"] == f"jackdaw#{jackdaw.uid}" and shown["pos"] == [2, 4]
    assert shown["step"] is True and shown["from"] == [2, 3] and shown["distance"] == 1 and 0 < shown["chance"] <= 1
    decider.mover, decider.to, decider.toward = gale, tuple(shown["from"]), jackdaw.pos
    game.rng = Dice(6, 6, 6, 6)  # type: ignore[assignment]
    attack = game.attack(gale, jackdaw, brawl)
    assert attack is not None and not attack.lost and gale.pos == (2, 3)  # the target is not lost (T21)


def test_a_melee_target_adjacent_in_vision_needs_no_step_one_behind_needs_the_turn() -> None:
    game, _ = _game()
    gale = put(game, 1, "gale", (3, 3), "n")
    ahead = put(game, 2, "jackdaw", (3, 2), "s")
    behind = put(game, 2, "egret", (3, 4), "n")
    brawl = _brawl(game, gale)
    shown = {a["target"]: a for a in _mine(game, gale)["attacks"] if a["attack"] == brawl.name}
    now = shown[f"jackdaw#{ahead.uid}"]
    assert now["step"] is False and now["from"] == [3, 3]  # in range and vision now: no move needed
    turned = shown[f"egret#{behind.uid}"]
    assert not game.can_hit(gale, behind, brawl.profile)  # out of its vision as it faces
    assert turned["step"] is True and turned["from"] in ([3, 3], [2, 4], [4, 4], [2, 3], [4, 3])


def test_no_free_step_out_of_a_pit_so_no_melee_target_two_cells_away() -> None:
    """Leaving a pit costs 2 steps (T18): the melee move 0-1 cannot, so a target 2 cells away stays out of reach."""
    game, _ = _game()
    gale = put(game, 1, "gale", (8, 3), "s")  # a pit
    put(game, 2, "jackdaw", (8, 5), "n")
    put(game, 2, "egret", (2, 6), "n")
    assert game.board.is_pit((8, 3))
    brawl = _brawl(game, gale)
    assert not [a for a in _mine(game, gale)["attacks"] if a["attack"] == brawl.name]


def test_a_hidden_melee_target_is_its_cell_alone() -> None:
    game, _ = _game()
    gale = put(game, 1, "gale", (2, 2), "s")
    jackdaw = put(game, 2, "jackdaw", (2, 4), "n", hidden=True)
    put(game, 2, "egret", (8, 6), "n")
    seen = _mine(game, gale)
    (shown,) = [a for a in seen["attacks"] if a["attack"] == _brawl(game, gale).name]
    assert shown["target"] == f"hidden#{jackdaw.alias}" and shown["target_name"] is None and shown["step"] is True
    assert "jackdaw" not in repr(seen) and jackdaw.name not in repr(seen) and f"#{jackdaw.uid}'" not in repr(seen)
    assert [2, 4] not in seen["moves"]  # its cell (known: it is on the map face down) is still no move's end


def test_prospects_change_nothing_in_the_game() -> None:
    game, _ = _game()
    gale = put(game, 1, "gale", (3, 3), "n")
    put(game, 2, "jackdaw", (3, 5), "s")
    before = game.fingerprint()
    _mine(game, gale)
    assert game.fingerprint() == before and gale.pos == (3, 3) and gale.facing == "n"
