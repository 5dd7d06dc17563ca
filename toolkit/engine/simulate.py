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

import contextlib
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from toolkit.i18n import tr
from toolkit.i18n.words import N_
from toolkit.models.deck import Deck

from .core import Decider, EngineError, RandomDecider, search_think
from .netrunner import SIDES, NetrunnerGame
from .netrunner.players import make_policy
from .netrunner.replay import record
from .phrase import Phrase
from .tactics import TacticsGame
from .tactics.players import HeuristicDecider
from .tactics.tactician import SeatDeciders, TacticianDecider

CHOOSE_AN_ACTION = Phrase(N_("choose an action"))  # the main phase's question (a Phrase: shown in any language)
MAX_TACTICS_ACTIONS = 30  # main-phase actions per turn at most (every unit taps to act, so play ends far sooner)


TACTICS_DECIDERS = ("heuristic", "brawler", "random", "search")


def make_decider(kind: str, seed: int) -> Decider:
    """A tactics player: ``heuristic`` (the tactician, :mod:`.tactics.tactician`: cover, flanks, the cost of an
    attack), ``brawler`` (the earlier heuristic player, :mod:`.tactics.players`: attacks whatever it reaches),
    ``random`` (uniform legal choices) or ``search`` (``search:SECONDS``: looks ahead, :mod:`.tactics.search`)."""
    rng = random.Random(seed * 7919 + 1)
    if kind == "heuristic":
        return TacticianDecider(rng)
    if kind == "brawler":
        return HeuristicDecider(rng)
    if kind == "random":
        return RandomDecider(rng)
    think = search_think(kind)  # search:SECONDS thinks that long per main-phase choice
    if think is not None:
        from .tactics.search import SearchDecider

        return SearchDecider(rng, think)
    raise EngineError(
        tr("unknown decider {kind}; deciders: {choices}", kind=repr(kind), choices=", ".join(TACTICS_DECIDERS))
    )


def tactics_decider(kinds: str | Sequence[str], seed: int, players: int) -> Decider:
    """One decider for every seat (a name, or a list of one), or one per seat in seat order (a list of
    ``players`` names: :class:`SeatDeciders`, each seat's player with its own seeded RNG)."""
    if isinstance(kinds, str):
        return make_decider(kinds, seed)
    kinds = list(kinds)
    if len(kinds) == 1:
        return make_decider(kinds[0], seed)
    if len(kinds) != players:
        raise EngineError(
            tr("{n} deciders for {players} players: give one for every player, or one per player", n=len(kinds),
               players=players)
        )  # fmt: skip
    return SeatDeciders({seat: make_decider(kind, seed + 104_729 * seat) for seat, kind in enumerate(kinds, 1)})


def simulate_tactics(
    records: Iterable[Any],
    mode: str,
    squads: Sequence[Sequence[str]],
    decks: Sequence[Sequence[str]],
    turns: int,
    seed: int,
    decider: str | Sequence[str] | Decider = "heuristic",
    board: str | None = None,
    frames: list[dict[str, Any]] | None = None,
    draft: bool = False,
) -> TacticsGame:
    """Set up a game (map, obstacles, hands, deployment) and play up to ``turns`` rounds. ``decider``: one
    player type for every seat, or a list of one per seat (:func:`tactics_decider`), or the players themselves
    (a :class:`~toolkit.engine.core.Decider`). ``draft``: the squads come from the 轮抓 draft played first (two
    players; ``squads`` is then not used)."""
    chooser = decider if isinstance(decider, Decider) else tactics_decider(decider, seed, len(decks))
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
        draft=draft,
    )
    bind = getattr(chooser, "bind", None)  # the players that look at the board (heuristic, brawler, per seat)
    if callable(bind):
        bind(game)
    game.set_up()
    return play_tactics(game, chooser, turns, frames)


class TacticsFrames:
    """The frames of a tactics game's replay (:mod:`toolkit.board.replay`), made as its log grows.

    The play is cut into steps (the set-up, a turn's start and draw phase, each main-phase action, the turn's
    end, the end): :meth:`begin` opens one, :meth:`close` ends it with a frame of the board, the players'
    numbers and the log entries since the frame before. Inside a step, each move along a path and each attack
    gets a frame of its own: while it plays, the game's log tells :meth:`logged` of every entry, and such an
    entry logged when the entries not yet in a frame hold one already makes those entries a frame, with the
    board as it was after the last of them. A step of several frames labels them ``… (1/3)``, ``… (2/3)``.
    Each frame's ``step`` ([turn, action, part]) and ``step_labels`` let
    :func:`toolkit.board.replay.fit_frames` merge a long game's frames by action and by turn. With ``frames``
    None, nothing is recorded."""

    def __init__(self, game: TacticsGame, frames: list[dict[str, Any]] | None) -> None:
        self.game = game
        self.frames = frames
        self.start = len(frames) if frames is not None else 0
        self.seen = 0  # log entries already in a frame
        self.marked = False  # the entries not yet in a frame hold a move along a path or an attack
        self.after: tuple[Any, ...] | None = None  # the board, players and result after the last entry, when marked
        self.turn = 0
        self.turn_label = ""
        self.action = 0
        self.label = ""
        self.first = self.start  # the first frame of the current step

    def begin(self, label: str, turn: str | None = None) -> None:
        """Open a step labelled ``label``; with ``turn``, the first step of a turn of that label."""
        if turn is not None:
            self.turn, self.turn_label, self.action = self.turn + 1, turn, 0
        else:
            self.action += 1
        self.label = label
        self.first = len(self.frames) if self.frames is not None else 0

    def close(self, always: bool = True) -> None:
        """End the step with a frame of what is new (unless nothing is and not ``always``); label its frames."""
        if self.frames is None:
            return
        if always or self.seen < len(self.game.log):
            self._frame(len(self.game.log), self._look())
        parts = self.frames[self.first :]
        if len(parts) > 1:
            for number, frame in enumerate(parts, start=1):
                frame["label"] = tr("{step} ({part}/{parts})", step=self.label, part=number, parts=len(parts))
        self.first = len(self.frames)
        self.marked, self.after = False, None

    def logged(self, event: Any) -> None:
        """Told of each new log entry (see the class)."""
        if event.kind == "attack" or (event.kind == "move" and event.data.get("path")):
            if self.marked and self.after is not None:
                self._frame(len(self.game.log) - 1, self.after)
            self.marked = True
        if self.marked:
            self.after = self._look()

    @contextlib.contextmanager
    def listening(self) -> Iterator[None]:
        """While inside, the game's log tells :meth:`logged` of each entry it adds."""
        if self.frames is None:
            yield
            return
        with self.game.log.listening(self.logged):
            yield

    def fit(self) -> None:
        """Merge the frames made here down to the most a replay page holds."""
        from toolkit.board.replay import fit_frames

        if self.frames is not None:
            self.frames[self.start :] = fit_frames(self.frames[self.start :])

    def _look(self) -> tuple[Any, ...]:
        game = self.game
        players = [
            {
                "seat": p.seat,
                "team": game.team_of(p.seat),
                "score": p.score,
                "hand": len(p.hand),
                "deck": len(p.deck),
                "discard": len(p.discard),
                "mortgage": len(p.mortgage),
                "lost": len(p.lost),
                "standby": [str(unit) for unit in p.standby],
                "out": p.out,
            }
            for p in game.players
        ]
        return game.board_state(), players, game.result() if game.winners is not None else None

    def _frame(self, upto: int, look: tuple[Any, ...]) -> None:
        assert self.frames is not None
        state, players, result = look
        events = self.game.log.to_json(self.seen)[: upto - self.seen]  # only the new entries
        self.seen = upto
        frame: dict[str, Any] = {
            "label": self.label,
            "state": state,
            "events": events,
            "players": players,
            "step": [self.turn, self.action, len(self.frames) - self.first],
            "step_labels": [self.turn_label, self.label],
        }
        if result is not None:
            frame["result"] = result
        self.frames.append(frame)


def play_tactics(
    game: TacticsGame, decider: Decider, rounds: int, frames: list[dict[str, Any]] | None = None
) -> TacticsGame:
    """Play rounds (every player's turn in seat order, §9) until a win condition or ``rounds``.

    A turn: turn start (reset, mortgaged cards return, 回合开始时), the draw phase (the mode's
    ``draw_phase`` text), then main-phase actions chosen by the decider among
    :meth:`TacticsGame.legal_actions` until it ends the phase, then the turn end (hand limit).
    ``frames`` (when given) receives frames for a replay (:class:`TacticsFrames`): after set-up, after each
    turn's start, after every action (and inside one, a frame per move and per attack), after each turn's
    end, and at the end, with the game's result; a game too long for one page has them merged
    (:func:`toolkit.board.replay.fit_frames`).
    """
    recorder = TacticsFrames(game, frames)
    recorder.begin(tr("set-up"), turn=tr("set-up"))
    recorder.close()
    with recorder.listening():
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
                turn = tr("round {n} · {player}", n=number, player=tr("P{seat}", seat=seat))
                recorder.begin(tr("{turn} · start of turn", turn=turn), turn=turn)
                game.start_turn(seat)
                if game.winners is None:
                    game.draw_phase(seat)
                recorder.close()
                ended = False
                for count in range(1, MAX_TACTICS_ACTIONS + 1):
                    if game.winners is not None:
                        break
                    action = decider.choose(seat, CHOOSE_AN_ACTION, game.legal_actions(seat))
                    ended = action.kind == "end"  # ending the main phase opens the turn's end
                    if ended:
                        recorder.begin(tr("{turn} · end of turn", turn=turn))
                    else:
                        recorder.begin(tr("{turn} · action {n}", turn=turn, n=count))
                    game.take(action)
                    if ended:
                        break
                    recorder.close()
                if not ended:
                    recorder.begin(tr("{turn} · end of turn", turn=turn))
                if game.winners is None:
                    game.end_turn(seat)
                recorder.close(always=ended)
    game.log.add("simulation_end", **game.result())
    recorder.begin(tr("end"), turn=tr("end"))
    recorder.close(always=False)
    recorder.fit()
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
