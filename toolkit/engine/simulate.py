"""Simulated play with random legal choices, turn by turn; same seed, same log.

Tactics (:func:`simulate_tactics`): the turn starts (reset, mortgaged cards return,
回合开始时 triggers), the draw phase runs the mode's ``draw_phase`` text (e.g.
你抽 1 张牌。你购买 1 张牌。), then the main phase plays command cards chosen at
random among those that can be played (or ends at random), then the turn ends
(hand limit). The map is a later step, so targets and attacks come from the decider.

Netrunner (:func:`simulate_netrunner`): the corp takes the first turn, then the
sides alternate. A turn starts (clicks, 你的回合开始时 triggers, the corp's
mandatory draw); the side scores every agenda it can, then spends all its clicks
on actions of :meth:`NetrunnerGame.legal_actions`, picking first a kind of action
(draw, gain a credit, install, play, advance, run, …) and then one of that kind,
both at random, so a hand full of cards does not crowd out running or drawing;
then the turn ends (你的回合结束时 triggers, discard down to the hand size). Every
choice inside an action (rez on approach, which icebreaker, trash on access, …)
comes from the same seeded decider. Play stops when the game ends; the last
event, ``simulation_end``, gives the turns played and the winner.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from toolkit.models.deck import Deck

from .core import Decider, EngineError, RandomDecider
from .netrunner import SEATS, SIDES, NetrunnerGame
from .tactics import TacticsGame

MAX_ACTIONS = 6  # main-phase actions per turn at most; the decider may end sooner
MAX_FREE_ACTIONS = 10  # netrunner: actions without a click (rez, [trash] abilities) per turn at most


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


def simulate_netrunner(
    records: Iterable[Any],
    decks: Mapping[str, Deck],
    turns: int,
    seed: int,
    fmt: str = "standard",
) -> NetrunnerGame:
    """Set up a game of the ``corp`` and ``runner`` decks and play ``turns`` turns (corp first)."""
    decider = RandomDecider(random.Random(seed * 7919 + 1))
    game = NetrunnerGame(records, seed=seed, decider=decider, decks=decks, fmt=fmt)
    return play_netrunner(game, decider, turns)


def play_netrunner(game: NetrunnerGame, decider: Decider, turns: int) -> NetrunnerGame:
    """Play ``turns`` turns of ``game`` from its current state, the corp first; stop when the game ends.

    The log ends with ``simulation_end``: the turns played, the winner and the reason (both null
    when the game is still on).
    """
    played = 0
    for turn in range(turns):
        if game.over:
            break
        played += 1
        side = SIDES[turn % 2]
        seat = SEATS[side]
        player = game.player(side)
        game.begin_turn(side)
        free = 0
        while not game.over:
            actions = game.legal_actions(side)
            scores = [a for a in actions if a.kind == "score"]
            if scores:  # scoring costs no click: the simulated corp always scores
                game.take(scores[0])
                continue
            if player.clicks == 0:
                break
            if free >= MAX_FREE_ACTIONS:
                actions = [a for a in actions if a.clicks]
            if not actions:
                raise EngineError(f"the {side} has {player.clicks}[click] left and no legal action")
            kinds = list(dict.fromkeys(a.kind for a in actions))
            kind = decider.choose(seat, "choose an action", kinds)
            options = [a for a in actions if a.kind == kind]
            action = options[0] if len(options) == 1 else decider.choose(seat, f"{kind}: choose one", options)
            free += not action.clicks
            game.take(action)
        if game.over:
            break
        game.log.add("action_phase_end", seat, side=side, clicks=player.clicks)
        game.end_turn(side)
    game.log.add("simulation_end", turns=played, winner=game.winner, reason=game.end_reason)
    return game
