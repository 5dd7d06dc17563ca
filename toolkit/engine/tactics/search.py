"""A tactics player that looks ahead (``--decider search``): determinized Monte Carlo over its main-phase actions,
the tactician as the rollout policy.

At each "choose an action" of its own, the searcher takes the tactician's best few actions and weighs them in
rounds of rollouts (its :class:`Plan`, by mode: :data:`PLANS`): in each round it plays each action still in the
running out a number of times on copies of the game (the rest of its turn and the other seats' next turns,
``horizon`` rounds, every seat played by a tactician) and scores the position from its seat (:func:`evaluate`);
after each round but the last the better half by mean goes on (*successive halving*: the close ones are played out
most). Each rollout of a round plays every action in the same drawn world (the same hidden cards, the same dice to
start with), so they are compared on a par. The action with the best mean wins; the tactician's own first choice
gets a small head start (:data:`PRIOR`), so noise does not overturn it for nothing. Every other question (moves,
targets, responses) goes to its tactician.

``think`` seconds is the most a choice takes, shared out between the rounds as their rollouts are (a round that
runs out of its share ends, after at least :data:`LEAST` rollouts of each action in it); with time to spare it
chooses once its rounds are played, since more did not play better (:data:`PLANS`). With ``think`` 0 the budget is
by count: every round plays all its rollouts, so a seeded game is the same whatever the machine's load.

It sees only what its seat may see: each copy is *determinized* first (:func:`determinize`). What it cannot know is
drawn at random, never read: the dice (a new seed), the order of its own deck, the other seats' hands, mortgaged cards
and decks (their unseen cards shuffled together and dealt again, as many to each zone as it holds: it takes their
decklists as known, as open decklists are), the agent under each enemy unit still face down (drawn from the agents
it has not seen, none twice), the matrix shop's order (its cards shuffled: nobody knows it, §2.2) and which scene
obstacle each face-down one is (drawn from the supply's pieces not seen face up, §3.1: the face-down ones and those
not dealt; each stays where it stands, face down).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from ..core import Decider
from .decisions import hidden_from
from .game import OBSTACLE_COPIES, SCENE_OBSTACLES, Action, TacticsGame
from .state import Unit
from .tactician import LogRead, SeatDeciders, TacticianDecider, read_log

T = TypeVar("T")

LEAST = 2  # rollouts of each action in a round at least, whatever the time


@dataclass(frozen=True)
class Plan:
    """How a choice is weighed: the tactician's best ``candidates`` actions, then ``rounds``: the rollouts of each
    action still in the running, round by round, the better half going on after each round but the last."""

    candidates: int
    rounds: tuple[int, ...]

    def planned(self, actions: int) -> list[int]:
        """The rollouts each round plays in all, ``actions`` weighed at the start (once one action is left, no more
        rounds are played)."""
        out = []
        for count in self.rounds:
            out.append(actions * count)
            actions = better_half(actions)
            if actions == 1:
                break
        return out


def better_half(actions: int) -> int:
    """How many of ``actions`` go on to the next round: the better half, rounded up."""
    return (actions + 1) // 2


PLAN = Plan(4, (10,))
"""The best 4 actions, 10 rollouts each (one round). In 双雄 with two players it scored 75.3% of 400 games against
the tactician (0.31 s a choice). More did not play better: in 单挑, over the 200 games 0-199, 30 rollouts of each of
the best 6 actions (4 times the rollouts) won 134.5 against 130 (19 games better, 14 worse: p 0.49); an earlier
version thinking 0.5 s a choice scored 60.5% of games 0-99 against 63.5% at 10."""
PLANS = {"duel": Plan(8, (6, 10, 20))}
"""单挑: the best 8 actions, 6 rollouts each, 10 more for the best 4, 20 more for the best 2 (about 100 rollouts and
0.25 s a choice): 68.4% of the 400 games 0-399 against 65.6% for :data:`PLAN` (34 games better, 20 worse). In
双雄 a rollout plays longer turns: there it took 0.86 s a choice (over 2 s in 11 of 40 games) for 29 of 40 games
against 28, so 双雄 and the other modes keep :data:`PLAN`."""
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
        # the hand and the mortgage zone (face down, §2.3) as many cards as they hold, their tokens kept (the hand's
        # are known: a token card is given in the open; none can be mortgaged), the rest the deck
        tokens = [c for c in player.hand if c.token]
        pledged = [c for c in player.mortgage if c.token]
        unseen = _shuffled([c for c in (*player.hand, *player.mortgage) if not c.token] + player.deck, rng)
        held, owed = len(player.hand) - len(tokens), len(player.mortgage) - len(pledged)
        player.hand, player.mortgage = tokens + unseen[:held], pledged + unseen[held : held + owed]
        player.deck = unseen[held + owed :]
        for zone in (player.units, player.standby):
            for i, unit in enumerate(zone):
                if unit.kind == "agent" and hidden_from(unit, seat) and pool:
                    zone[i] = _as_agent(game, unit, pool.pop())
    game.shop = _shuffled(game.shop, rng)  # nobody knows its order (§2.2): its cards and their count are all it shows
    face_down = [o for o in game.obstacles if _scene(o) and hidden_from(o, seat)]
    if face_down:
        pieces = sorted(_unseen_obstacles(game, seat).elements())
        rng.shuffle(pieces)
        for i, unit in enumerate(game.obstacles):
            if _scene(unit) and hidden_from(unit, seat) and pieces:
                game.obstacles[i] = _as_unit(game, unit, ("unit", pieces.pop()))


def _scene(unit: Unit) -> bool:
    return unit.kind == "obstacle" and getattr(unit.record, "obstacle", None) == "scene"


def _unseen_obstacles(game: TacticsGame, seat: int) -> Counter[str]:
    """The scene obstacles a face-down one could be, by id, as many as there are pieces: the supply's pieces (each
    scene obstacle :data:`OBSTACLE_COPIES` times, §3.1) less those ``seat`` has seen, face up on the map or gone from
    it (a unit leaving the map turns face up, §14.1: it is named in the log then)."""
    pieces = Counter({r.id: OBSTACLE_COPIES for r in game.records if r.kind == "unit" and r.type == "obstacle"
                      and r.obstacle == "scene"})  # fmt: skip
    here = {o.uid for o in game.obstacles if _scene(o)}
    for unit in game.obstacles:
        if _scene(unit) and not hidden_from(unit, seat):
            pieces[unit.id] -= 1
    dealt = min(SCENE_OBSTACLES, len(game.board.obstacle_spots))
    if len(here) < dealt:  # some left the map: which they were, by the deal's log entries (setting up, in order)
        ids = {r.name.zh_hans: r.id for r in game.records if r.kind == "unit" and r.type == "obstacle"}
        found = 0
        for event in game.log._events:
            if event.kind != "scene_obstacle":
                continue
            name, _, uid = str(event.data.get("unit", "")).rpartition("#")
            if uid.isdigit() and int(uid) not in here and name in ids:
                pieces[ids[name]] -= 1
            found += 1
            if found >= dealt:
                break
    return +pieces


def _shuffled(cards: list[Any], rng: random.Random) -> list[Any]:
    out = sorted(cards, key=lambda c: (c.id, c.uid))
    rng.shuffle(out)
    return out


def _as_agent(game: TacticsGame, unit: Unit, agent_id: str) -> Unit:
    """``unit`` (face down, so at full HP: damage exposes it) as agent ``agent_id``: where it stands, what it wears."""
    return _as_unit(game, unit, ("agent", agent_id))


def _as_unit(game: TacticsGame, unit: Unit, key: tuple[str, str]) -> Unit:
    """``unit`` (face down, so at full HP: damage exposes it) as the record of ``key`` (an agent's, or a scene
    obstacle's: ``("unit", id)``): where it stands, what it wears, of the same kind."""
    record = game.by_id[key]
    other = Unit(unit.uid, record.id, record.name.zh_hans, unit.owner, unit.kind, record.hp, record.hp, record)
    for name in ("hidden", "tapped", "pos", "facing", "controller", "equipment", "statuses", "timed", "shield",
                 "temp_hp", "alias"):  # fmt: skip
        setattr(other, name, getattr(unit, name))
    return other


def _copy(game: TacticsGame) -> TacticsGame:
    """A copy of ``game`` to play a rollout on (:meth:`TacticsGame.clone`: the records, rules and board shared;
    without the coverage measure); the rollout brings its own players."""
    return game.clone(measure=False)


class SearchDecider(Decider):
    """See the module docstring. ``think``: the most seconds per main-phase choice (0: a budget by count);
    ``horizon``: rounds played out; ``plan``: how a choice is weighed (by default the mode's, :data:`PLANS`)."""

    def __init__(self, rng: random.Random, think: float = 1.0, horizon: int = 1, plan: Plan | None = None) -> None:
        self.rng = rng
        self.think = think
        self.horizon = horizon
        self.plan = plan
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
        plan = self.plan or PLANS.get(g.mode.id, PLAN)
        scores = self.base.scores(g, player, prompt, options)
        ranked = sorted(range(len(options)), key=lambda i: -scores[i])[: plan.candidates]
        if len(ranked) == 1:
            return self.base.choose(player, prompt, options)
        totals = [0.0] * len(ranked)
        counts = [0] * len(ranked)
        read = read_log(g)  # the log so far, read once for the rollouts' players (every copy starts with it)

        def mean(j: int) -> float:
            return totals[j] / counts[j] + (PRIOR if j == 0 else 0.0)

        alive = list(range(len(ranked)))
        planned = plan.planned(len(ranked))  # the rounds played: none once one action is left
        started, done, total = time.perf_counter(), 0, sum(planned)
        for step, (count, rollouts) in enumerate(zip(plan.rounds, planned, strict=False)):
            done += rollouts  # this round ends by its share of the time (the rounds' shares as their rollouts)
            deadline = started + self.think * done / total
            for played in range(count):
                if self.think and played >= LEAST and time.perf_counter() >= deadline:
                    break
                world = self.rng.getrandbits(64)  # each action played out in the same drawn world (the same hidden
                for j in alive:  # cards, the same dice to start with): compared on a par
                    totals[j] += self._rollout(g, player, ranked[j], random.Random(world), read)
                    counts[j] += 1
            if step < len(planned) - 1:
                alive = sorted(alive, key=lambda j: -mean(j))[: better_half(len(alive))]
        pick = options[ranked[max(alive, key=mean)]]
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
