"""Simulated play of the tactical agents game: random legal choices, turn by turn.

Each turn: the turn starts (reset, mortgaged cards return, 回合开始时 triggers),
the draw phase runs the mode's ``draw_phase`` text (e.g. 你抽 1 张牌。你购买 1 张牌。),
then the main phase plays command cards chosen at random among those that can be
played (or ends at random), then the turn ends (hand limit). The map is a later
step, so targets and attacks come from the decider. Same seed, same log.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from .core import RandomDecider
from .tactics import TacticsGame

MAX_ACTIONS = 6  # main-phase actions per turn at most; the decider may end sooner


def simulate_tactics(
    records: Iterable[Any],
    mode: str,
    squads: Sequence[Sequence[str]],
    decks: Sequence[Sequence[str]],
    turns: int,
    seed: int,
) -> TacticsGame:
    """Play ``turns`` turns (all players in seat order) and return the game with its log."""
    decider = RandomDecider(random.Random(seed * 7919 + 1))
    game = TacticsGame(records, mode, players=len(decks), seed=seed, decider=decider, decks=decks, squads=squads)
    order = [p.seat for p in game.players]
    for turn in range(turns):
        seat = order[turn % len(order)]
        game.start_turn(seat)
        game.log.add("draw_phase", seat)
        for text in game.mode.draw_phase:
            game.run_text(text, seat)
        for _ in range(MAX_ACTIONS):
            playable = [c for c in game.player(seat).hand if game.can_play(seat, c) is not None]
            choice = decider.choose(seat, "play a command card or end the main phase", [*playable, None])
            if choice is None:
                break
            game.play_card(seat, choice)
        game.log.add("main_phase_end", seat)
        game.end_turn(seat)
        standing = [p.seat for p in game.players if any(u.kind == "agent" for u in p.units)]
        if len(standing) <= 1:
            game.log.add("game_over", winner=standing[0] if standing else None, reason="last squad standing")
            break
    return game
