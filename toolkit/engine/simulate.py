"""Simulated play with random legal choices, turn by turn; same seed, same log.

Tactics (:func:`simulate_tactics`): set-up on the map (scene obstacles, opening hands and
a mulligan, deployment dice), then rounds of turns: the turn starts (reset, mortgaged
cards return, 回合开始时 triggers), the draw phase runs the mode's ``draw_phase`` text
(e.g. 你抽 1 张牌。你购买 1 张牌。), the main phase takes actions (command cards, basic and
own active abilities, 正义的搜刮) chosen by a heuristic or a random decider, then the
turn ends (hand limit). Play stops at a win condition of the mode or after N rounds.

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
from .tactics.players import HeuristicDecider

MAX_TACTICS_ACTIONS = 30  # main-phase actions per turn at most (every unit taps to act, so play ends far sooner)
MAX_FREE_ACTIONS = 10  # netrunner: actions without a click (rez, [trash] abilities) per turn at most


def make_decider(kind: str, seed: int) -> Decider:
    """``heuristic`` (a player that looks at the board) or ``random`` (uniform legal choices)."""
    rng = random.Random(seed * 7919 + 1)
    if kind == "heuristic":
        return HeuristicDecider(rng)
    if kind == "random":
        return RandomDecider(rng)
    raise EngineError(f"unknown decider {kind!r}; deciders: heuristic, random")


def simulate_tactics(
    records: Iterable[Any],
    mode: str,
    squads: Sequence[Sequence[str]],
    decks: Sequence[Sequence[str]],
    turns: int,
    seed: int,
    decider: str = "heuristic",
    board: str | None = None,
    frames: list[dict[str, Any]] | None = None,
) -> TacticsGame:
    """Set up a game (map, obstacles, hands, deployment) and play up to ``turns`` rounds."""
    chooser = make_decider(decider, seed)
    game = TacticsGame(
        records,
        mode,
        players=len(decks),
        seed=seed,
        decider=chooser,
        decks=decks,
        squads=squads,
        board=board,
        setup=False,
    )
    if isinstance(chooser, HeuristicDecider):
        chooser.bind(game)
    game.set_up()
    return play_tactics(game, chooser, turns, frames)


def play_tactics(
    game: TacticsGame, decider: Decider, rounds: int, frames: list[dict[str, Any]] | None = None
) -> TacticsGame:
    """Play rounds (every player's turn in seat order, §9) until a win condition or ``rounds``.

    A turn: turn start (reset, mortgaged cards return, 回合开始时), the draw phase (the mode's
    ``draw_phase`` text), then main-phase actions chosen by the decider among
    :meth:`TacticsGame.legal_actions` until it ends the phase, then the turn end (hand limit).
    ``frames`` (when given) receives the board and the new log entries after set-up and after
    every turn, for a replay.
    """
    seen = 0

    def snap(label: str) -> None:
        nonlocal seen
        if frames is None:
            return
        events = game.log.to_json(seen)  # only the new entries: the whole log each turn made replays quadratic
        seen = len(game.log)
        frames.append({"label": label, "state": game.board_state(), "events": events})

    snap("set-up")
    for number in range(1, rounds + 1):
        if game.winners is not None:
            break
        game.round = number
        for player in game.players:
            if game.winners is not None:
                break
            if player.out:
                continue
            seat = player.seat
            game.start_turn(seat)
            if game.winners is None:
                game.draw_phase(seat)
            for _ in range(MAX_TACTICS_ACTIONS):
                if game.winners is not None:
                    break
                action = decider.choose(seat, "choose an action", game.legal_actions(seat))
                game.take(action)
                if action.kind == "end":
                    break
            if game.winners is None:
                game.end_turn(seat)
            snap(f"round {number} · P{seat}")
    game.log.add("simulation_end", **game.result())
    if frames is not None and seen < len(game.log):
        snap("end")
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
