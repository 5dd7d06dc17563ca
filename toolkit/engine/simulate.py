"""Simulated play with random legal choices, turn by turn; same seed, same log.

Tactics (:func:`simulate_tactics`): set-up on the map (scene obstacles, opening hands and
a mulligan, deployment dice), then rounds of turns: the turn starts (reset, mortgaged
cards return, 回合开始时 triggers), the draw phase runs the mode's ``draw_phase`` text
(e.g. 你抽 1 张牌。你购买 1 张牌。), the main phase takes actions (command cards, basic and
own active abilities, 正义的搜刮) chosen by a heuristic or a random decider, then the
turn ends (hand limit). Play stops at a win condition of the mode or after N rounds.

Netrunner (:func:`simulate_netrunner`): the game plays itself (:meth:`NetrunnerGame.play_game`:
mulligans, then turns, the corp first, each action phase spending every click); every decision
goes to the side's player, the heuristic one (:mod:`toolkit.engine.netrunner.players`) or the
uniformly random one. Play stops when the game ends or after N turns; the last event,
``simulation_end``, gives the result.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from toolkit.i18n import tr
from toolkit.models.deck import Deck

from .core import Decider, EngineError, RandomDecider
from .netrunner import SIDES, NetrunnerGame
from .netrunner.players import make_policy
from .netrunner.replay import record
from .tactics import TacticsGame
from .tactics.players import HeuristicDecider

MAX_TACTICS_ACTIONS = 30  # main-phase actions per turn at most (every unit taps to act, so play ends far sooner)


def make_decider(kind: str, seed: int) -> Decider:
    """``heuristic`` (a player that looks at the board) or ``random`` (uniform legal choices)."""
    rng = random.Random(seed * 7919 + 1)
    if kind == "heuristic":
        return HeuristicDecider(rng)
    if kind == "random":
        return RandomDecider(rng)
    raise EngineError(tr("unknown decider {kind}; deciders: {choices}", kind=repr(kind), choices="heuristic, random"))


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

    snap(tr("set-up"))
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
            snap(tr("round {n} · {player}", n=number, player=tr("P{seat}", seat=seat)))
    game.log.add("simulation_end", **game.result())
    if frames is not None and seen < len(game.log):
        snap(tr("end"))
    return game


def simulate_netrunner(
    records: Iterable[Any],
    decks: Mapping[str, Deck],
    turns: int,
    seed: int,
    fmt: str = "standard",
    players: Sequence[str] = ("heuristic", "heuristic"),
    frames: list[dict[str, Any]] | None = None,
    event: Any = None,
) -> NetrunnerGame:
    """Set up a game of the ``corp`` and ``runner`` decks and play it (mulligans, then turns, the corp
    first) until it ends or ``turns`` turns have begun. ``players`` names the corp's and the runner's
    player (``heuristic`` or ``random``); the log ends with ``simulation_end`` (the ``result``). ``frames``
    (when given) receives a frame per decision for a replay, log entries passed through ``event``."""
    policies: dict[str, Any] = {side: make_policy(kind, side, seed) for side, kind in zip(SIDES, players, strict=True)}
    game = NetrunnerGame(records, seed=seed, decks=decks, fmt=fmt, policies=policies)
    recorder = record(game, event or (lambda e: e)) if frames is not None else None
    game.play_game(max_turns=turns)
    if recorder is not None and frames is not None:
        recorder.snap(tr("end"))
        frames.extend(recorder.frames)
    return game
