"""A tactics player that looks ahead (``--decider search``): determinized Monte Carlo over its main-phase actions,
the tactician as the rollout policy.

At each "choose an action" of its own, the searcher takes the tactician's best few actions (:data:`CANDIDATES`) and,
until it has played :data:`ENOUGH` rollouts of each or its time is up (``think`` seconds, the most it takes; at least
:data:`LEAST` rollouts each whatever the time), plays each one out on copies of the
game: the rest of its turn and the other seats' next turns (``horizon`` rounds), every seat played by a tactician,
then scores the position from its seat (:func:`evaluate`). Each round of rollouts plays every candidate in the same
drawn world (the same hidden cards, the same dice to start with), so the candidates are compared on a par. The
action with the best mean wins; the tactician's own first choice gets a small head start (:data:`PRIOR`), so noise
does not overturn it for nothing. Every other question (moves, targets, responses) goes to its tactician.

It sees only what its seat may see: each copy is *determinized* first (:func:`determinize`). What it cannot know is
drawn at random, never read: the dice (a new seed), the order of its own deck, the other seats' hands and decks (their
unseen cards shuffled together and dealt again: it takes their decklists as known, as open decklists are), and the
agent under each enemy unit still face down (drawn from the agents it has not seen, none twice).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any, TypeVar

from ..core import Decider
from .decisions import hidden_from
from .game import Action, TacticsGame
from .state import Unit
from .tactician import LogRead, SeatDeciders, TacticianDecider, read_log

T = TypeVar("T")

CANDIDATES = 4  # the tactician's best actions weighed by rollouts
LEAST = 2  # rollouts of each candidate at least, whatever the time
ENOUGH = 10
"""Rollouts of each candidate after which the searcher chooses, time left or not: more did not play better. In 单挑,
on the first 27 of games 0-39, it won 15 at 40 rollouts a candidate against 17 at 10 (and an earlier version, a
fresh tactician in each rollout, 18 at 30 against 16 at 10); that earlier version thinking 0.5 s a choice scored
60.5% of games 0-99 against 63.5% at 10; over all 200 games 0-199, 30 rollouts of each of the best 6 actions (4
times the rollouts a choice) won 134.5 against 130 (19 games better, 14 worse: p 0.49). So ``think`` is a bound, not
a time it always takes: about 0.14 s a choice in 单挑 and 0.5 s in 双雄 on the 2-core machine."""
PRIOR = 1.0  # the tactician's first choice's head start (points of :func:`evaluate`)
WIN = 100.0


def evaluate(game: TacticsGame, seat: int) -> float:
    """The position for ``seat``: a win or a loss outright; else its side's agents (each worth 10 and its HP) less
    the others', 10 a point of score, a little for cards in hand."""
    if game.winners is not None:
        return WIN if seat in game.winners else -WIN if game.winners else 0.0
    team = game.team_of(seat)
    value = 0.0
    for unit in game.units():
        if unit.kind not in ("agent", "minion") or not unit.seat:
            continue
        worth = (10.0 if unit.kind == "agent" else 3.0) + unit.hp + 0.5 * unit.temp_hp
        value += worth if game.team_of(unit.seat) == team else -worth
    for player in game.players:
        mine = game.team_of(player.seat) == team
        value += (1 if mine else -1) * (10.0 * player.score + 10.0 * len(player.standby) + 0.3 * len(player.hand))
    return value


def determinize(game: TacticsGame, seat: int, rng: random.Random) -> None:
    """Draw at random, in ``game`` (a copy), what ``seat`` cannot know (see the module docstring)."""
    game.rng = random.Random(rng.getrandbits(64))
    own = game.player(seat)
    own.deck = _shuffled(own.deck, rng)  # sorted first: the draw depends on what is unknown, never on its order
    seen = {u.id for p in game.players for u in (*p.units, *p.standby) if not hidden_from(u, seat)}
    seen |= {u.id for p in game.players for u in p.lost if isinstance(u, Unit)}
    pool = sorted(r.id for r in game.records if r.kind == "agent" and r.id not in seen)
    rng.shuffle(pool)
    for player in game.players:
        if player.seat == seat:
            continue
        tokens = [c for c in player.hand if c.token]
        unseen = _shuffled([c for c in player.hand if not c.token] + player.deck, rng)
        held = len(player.hand) - len(tokens)
        player.hand, player.deck = tokens + unseen[:held], unseen[held:]
        for zone in (player.units, player.standby):
            for i, unit in enumerate(zone):
                if unit.kind == "agent" and hidden_from(unit, seat) and pool:
                    zone[i] = _as_agent(game, unit, pool.pop())


def _shuffled(cards: list[Any], rng: random.Random) -> list[Any]:
    out = sorted(cards, key=lambda c: (c.id, c.uid))
    rng.shuffle(out)
    return out


def _as_agent(game: TacticsGame, unit: Unit, agent_id: str) -> Unit:
    """``unit`` (face down, so at full HP: damage exposes it) as agent ``agent_id``: where it stands, what it wears."""
    record = game.by_id[("agent", agent_id)]
    other = Unit(unit.uid, agent_id, record.name.zh_hans, unit.owner, "agent", record.hp, record.hp, record)
    for name in ("hidden", "tapped", "pos", "facing", "controller", "equipment", "statuses", "timed", "shield",
                 "temp_hp"):  # fmt: skip
        setattr(other, name, getattr(unit, name))
    return other


def _copy(game: TacticsGame) -> TacticsGame:
    """A copy of ``game`` to play a rollout on (:meth:`TacticsGame.clone`: the records, rules and board shared;
    without the coverage measure); the rollout brings its own players."""
    return game.clone(measure=False)


class SearchDecider(Decider):
    """See the module docstring. ``think``: the most seconds per main-phase choice; ``horizon``: rounds played out;
    ``least``: rollouts of each candidate at least (with ``think`` 0, a budget by count rather than by time);
    ``enough``: rollouts of each candidate after which it stops thinking (:data:`ENOUGH`)."""

    def __init__(
        self, rng: random.Random, think: float = 1.0, horizon: int = 1, least: int = LEAST, enough: int = ENOUGH
    ) -> None:
        self.rng = rng
        self.think = think
        self.horizon = horizon
        self.least = least
        self.enough = enough
        self._players: dict[int, TacticianDecider] = {}  # the rollouts' tacticians, per seat (:meth:`_player`)
        self.base = TacticianDecider(random.Random(rng.getrandbits(64)))
        self.game: TacticsGame | None = None
        self.rollouts = 0  # how many it has played (for the bench)
        self.decisions = 0

    def bind(self, game: TacticsGame) -> SearchDecider:
        if game is not self.game:
            self._players = {}
        self.game = game
        self.base.bind(game)
        return self

    def confirm(self, player: int, prompt: str) -> bool:
        return self.base.confirm(player, prompt)

    def choose_many(self, player: int, prompt: str, options: Sequence[T], count: int) -> list[T]:
        return self.base.choose_many(player, prompt, options, count)

    def choose(self, player: int, prompt: str, options: Sequence[T]) -> T:
        g = self.game
        if g is None or prompt != "choose an action" or len(options) < 2:
            return self.base.choose(player, prompt, options)
        scores = self.base.scores(g, player, prompt, options)
        ranked = sorted(range(len(options)), key=lambda i: -scores[i])[:CANDIDATES]
        if len(ranked) == 1:
            return self.base.choose(player, prompt, options)
        totals = [0.0] * len(ranked)
        counts = [0] * len(ranked)
        deadline = time.perf_counter() + self.think
        read = read_log(g)  # the log so far, read once for the rollouts' players (every copy starts with it)
        while min(counts) < self.least or (min(counts) < self.enough and time.perf_counter() < deadline):
            world = self.rng.getrandbits(64)  # each candidate played out in the same drawn world (the same hidden
            for j, index in enumerate(ranked):  # cards, the same dice to start with): compared on a par
                totals[j] += self._rollout(g, player, index, random.Random(world), read)
                counts[j] += 1
        means = [t / n + (PRIOR if j == 0 else 0.0) for j, (t, n) in enumerate(zip(totals, counts, strict=True))]
        pick = options[ranked[max(range(len(ranked)), key=lambda j: means[j])]]
        self.decisions += 1
        self.base._remember(g, pick)  # the tactician answers the moves and targets the action asks for
        return pick

    def follow(self, player: int, prompt: str, options: Sequence[T], pick: T) -> None:
        """Told what it chose, as a game is replayed from its record (a saved game, a page reloaded): its tactician
        moves on as when it chose (the same scores worked out, the same action remembered), without thinking
        again."""
        g = self.game
        if g is None or prompt != "choose an action" or len(options) < 2:
            self.base.choose(player, prompt, options)  # what it asks its tactician, as in :meth:`choose`
            return
        self.base.scores(g, player, prompt, options)
        self.decisions += 1
        self.base._remember(g, pick)

    def _player(self, seat: int, clone: TacticsGame, rng: random.Random, read: LogRead) -> TacticianDecider:
        """The tactician that plays ``seat`` in a rollout on ``clone``: the same one in every rollout of this game
        (:meth:`TacticianDecider.play_copy`: what it worked out in one rollout is not worked out again in the
        next; its log read anew, its plan and dice its own). About 1.5x the rollouts a second of a new tactician each
        time, and as strong: at 10 rollouts a candidate, over 40 单挑 games, 26 wins against 25 (one game of the 40
        went the other way)."""
        found = self._players.get(seat)
        if found is None:
            found = self._players[seat] = TacticianDecider(random.Random(0))
        return found.play_copy(clone, random.Random(rng.getrandbits(64)), read)

    def _rollout(self, game: TacticsGame, seat: int, index: int, rng: random.Random, read: LogRead) -> float:
        self.rollouts += 1
        clone = _copy(game)
        determinize(clone, seat, rng)
        players = SeatDeciders({p.seat: self._player(p.seat, clone, rng, read) for p in clone.players})
        players.bind(clone)
        clone.decider = clone.triggers.decider = players
        action = clone.legal_actions(seat)[index]
        _play_out(clone, seat, action, players, self.horizon)
        return evaluate(clone, seat)


def _main_phase(game: TacticsGame, seat: int, players: Decider, first: Action | None = None) -> None:
    ended = False
    for count in range(40):
        if game.winners is not None:
            return
        action = first if first is not None and count == 0 else players.choose(seat, "choose an action",
                                                                              game.legal_actions(seat))  # fmt: skip
        ended = action.kind == "end"
        game.take(action)
        if ended:
            break
    if game.winners is None:
        game.end_turn(seat)


def _play_out(game: TacticsGame, seat: int, first: Action, players: Decider, horizon: int) -> None:
    """The rest of ``seat``'s turn from ``first``, then the turns that follow, as the game loop plays them
    (:func:`toolkit.engine.simulate.play_tactics`), until ``seat``'s turn comes round again ``horizon`` rounds on:
    the position is scored at that turn's start (its own turns in between played by its tactician)."""
    _main_phase(game, seat, players, first)
    order = [p.seat for p in game.players]
    at = order.index(seat)
    for step in range(1, horizon * len(order)):
        if game.winners is not None:
            return
        index = (at + step) % len(order)
        turn = order[index]
        if index == 0:
            game.round += 1
        if game.player(turn).out:
            continue
        game.start_turn(turn)
        if game.winners is None:
            game.draw_phase(turn)
        if game.winners is None:
            _main_phase(game, turn, players)
