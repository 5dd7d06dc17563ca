"""A tactics game on a small hand-made board, with units placed by hand (tests of the engine on the map)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from toolkit.board import Board
from toolkit.catalog import load_catalog
from toolkit.engine.core import Decider, FirstDecider
from toolkit.engine.tactics import TacticsGame, Unit

from .conftest import CARDS

RECORDS = load_catalog([CARDS / "tactics"]).records

# x: 0123456789
OPEN = [
    "11.....,,,",  # y0
    "11.....,,,",  # y1
    ".....#....",  # y2
    ".....#..o.",  # y3
    "..*..#....",  # y4
    "........22",  # y5
    "........22",  # y6
]
FILLER = ["smoke_grenade", "med_kit", "supply_crate", "intel_dossier", "zip_cuffs", "forged_orders"]


class Dice:
    """A stand-in RNG whose d6 rolls are scripted (shuffles do nothing)."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def randint(self, low: int, high: int) -> int:
        return self.faces.pop(0)

    def shuffle(self, items: list[Any]) -> None:
        return None

    def random(self) -> float:
        return 0.5


def board_game(
    mode: str = "duo",
    squads: Sequence[Sequence[str]] = (("gale", "anvil"), ("jackdaw", "egret")),
    decider: Decider | None = None,
    rows: Sequence[str] = OPEN,
    seed: int = 1,
    decks: Sequence[Sequence[str]] | None = None,
) -> TacticsGame:
    """A started game with nobody on the map yet: place units with :func:`put`."""
    game = TacticsGame(
        RECORDS,
        mode,
        players=len(squads),
        seed=seed,
        decider=decider or FirstDecider(),
        squads=squads,
        decks=decks or [FILLER] * len(squads),
        board=Board(rows, map_id="test"),
        setup=False,
        opening_hand=False,
    )
    game.started = True
    return game


def put(
    game: TacticsGame, seat: int, agent_id: str, cell: tuple[int, int], facing: str = "n", hidden: bool = False
) -> Unit:
    """Deploy the standby agent ``agent_id`` of ``seat`` on ``cell``."""
    player = game.player(seat)
    unit = next(u for u in player.standby if u.id == agent_id)
    player.standby.remove(unit)
    game.place(unit, cell, facing)
    unit.hidden = hidden
    player.units.append(unit)
    return unit


def obstacle(game: TacticsGame, unit_id: str, cell: tuple[int, int]) -> Unit:
    record = game.by_id[("unit", unit_id)]
    unit = Unit(game._next_uid(), unit_id, record.name.zh_hans, 0, "obstacle", record.hp, record.hp, record)
    game.place(unit, cell, None)
    game.obstacles.append(unit)
    return unit


def hand(game: TacticsGame, seat: int, *card_ids: str) -> list[Any]:
    cards = [game._card(card_id, seat) for card_id in card_ids]
    game.player(seat).hand = cards
    return cards


def events(game: TacticsGame, kind: str) -> list[Any]:
    return [e for e in game.log if e.kind == kind]
