"""A Netrunner player that looks ahead (``--corp search``, ``--runner search``): determinized Monte Carlo over its
actions, the heuristic players as the rollout policy.

At each action of its own (a click to spend, or the choice to end the action phase), the searcher takes a few
candidate actions (:func:`candidates`: its heuristic's own choice first, then one of each other kind of action on
offer) and, until its time is up (``think`` seconds; at least :data:`LEAST` rollouts each), plays each one out on
copies of the game (:meth:`~.game.NetrunnerGame.clone`): the rest of the turn and the next ``horizon`` turns (two
of each side by default), both sides played by the heuristic players, then scores the position from its side
(:func:`evaluate`: a win 1, a loss 0, else by the agenda points, scored and on their way, and credits). Four turns
weigh an action better than playing on to the end of the game, at a quarter of the time: with 40 rollouts an
action, 24 seeds a side, the corp won 21 games against 18 and the runner 15 against 11 (a game's end is far, and
its outcome a coin thrown few times). Each round of rollouts plays every candidate in the same drawn world (the
same hidden cards, the same dice), so the candidates are compared on a par. The action with the best mean wins;
the heuristic's choice gets a small head start (:data:`PRIOR`), so noise does not overturn it for nothing. Every
other decision (rez, break, jack out, access, trash, discard…) goes to its heuristic.

It sees only what its side may see: each copy is *determinized* first (:func:`determinize`). What it cannot know is
drawn at random, never read: the dice (a new seed), the order of its own deck, and the other side's hidden cards.

- The corp does not see the runner's grip or the order of the stack: they are shuffled together and dealt again.
- The runner does not see HQ, the order of R&D, the face-down cards in Archives, nor the corp's installed cards it
  has not seen (unrezzed, and not accessed where they are: :meth:`~.game.NetrunnerGame.runner_knows`): all of them
  are shuffled together and dealt again, a piece of ice only where ice is installed and a card of the root only
  where one is (both can be told on the table).

Like the tactics searcher, it takes the other side's decklist as known (open decklists), and it does not remember
what it saw in HQ or R&D before those cards moved.
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING, Any

from ..core import EngineError
from .decisions import Decision, Option
from .players import HeuristicCorp, HeuristicRunner, make_policy
from .state import SEATS, SIDE_OF_SEAT, Card, Side, other

if TYPE_CHECKING:
    from .game import NetrunnerGame

CANDIDATES = 5  # actions weighed by rollouts at most (the heuristic's own choice among them)
LEAST = 2  # rollouts of each candidate at least, whatever the time
PRIOR = 0.03  # the heuristic's choice's head start (a share of a win)
HORIZON = 4  # turns a rollout plays on after the current one


POINT = 0.07  # a scored agenda point (a share of a win)
CREDIT = 0.005  # a credit
ADVANCED = 0.065  # an agenda point fully advanced but not scored: a little less than scored (a runner may still steal it)


def evaluate(game: NetrunnerGame, side: Side) -> float:
    """The game for ``side``: 1 for a win, 0 for a loss; unfinished, a half plus the difference of agenda points
    (the race the game is), the corp's advancement on the agendas it has installed (:func:`advanced`: the points
    on their way, for the corp and against the runner) and a little for credits."""
    if game.winner is not None:
        return 1.0 if game.winner == side else 0.0
    points = game.agenda_points(side) - game.agenda_points(other(side))
    credits = game.player(side).credits - game.player(other(side)).credits
    on_the_way = ADVANCED * advanced(game) * (1 if side == "corp" else -1)
    return min(0.95, max(0.05, 0.5 + POINT * points + on_the_way + CREDIT * credits))


def advanced(game: NetrunnerGame) -> float:
    """The agenda points installed, each agenda counted by the share of its advancement requirement it has: what
    the corp has built towards its next scores (with 40 rollouts an action, 80 seeds, the corp searcher that
    counted it at :data:`ADVANCED` won 53 games
    against 47 without; the runner's won as many as before, 26 of 40)."""
    out = 0.0
    for server in game.servers.values():
        for card in server.root:
            if card.record.type == "agenda" and card.advancement:
                requirement = game.advancement_requirement(card) or 1
                out += int(getattr(card.record, "agenda_points", 0) or 0) * min(1.0, card.advancement / requirement)
    return out


def determinize(game: NetrunnerGame, side: Side, rng: random.Random) -> None:
    """Draw at random, in ``game`` (a copy), what ``side`` cannot know (see the module docstring)."""
    game.rng = random.Random(rng.getrandbits(64))
    own = game.player(side)
    own.deck = _shuffled(own.deck, rng)
    them = game.player(other(side))
    if side == "corp":  # the grip and the stack, dealt again
        pool = _shuffled(them.hand + them.deck, rng)
        held = len(them.hand)
        them.hand, them.deck = pool[:held], pool[held:]
        return
    ice: list[Card] = []
    roots: list[Card] = []
    for server in game.servers.values():
        ice += [c for c in server.ice if game.hidden_from_runner(c) and not game.runner_knows(c)]
        roots += [c for c in server.root if game.hidden_from_runner(c) and not game.runner_knows(c)]
    loose = them.hand + them.deck + [c for c in them.discard if not c.faceup and not game.runner_knows(c)]
    slots = ice + roots + loose
    faces = _shuffled([(c.id, c.name, c.record) for c in slots], rng, key=lambda f: f[0])
    dealt: list[tuple[str, str, Any]] = []
    for wanted in (ice, roots):  # a face of the right kind for each installed card, drawn in the shuffled order
        for _ in wanted:
            at = next(
                (i for i, f in enumerate(faces) if (f[2].type == "ice") == (wanted is ice)), None
            )  # the true faces fit, so one is always there
            dealt.append(faces.pop(at if at is not None else 0))
    dealt += faces
    changed = [c for c, face in zip(slots, dealt, strict=True) if c.id != face[0]]
    for card, (card_id, name, record) in zip(slots, dealt, strict=True):
        card.id, card.name, card.record = card_id, name, record
    _reindex(game, changed)


def _shuffled(items: list[Any], rng: random.Random, key: Any = None) -> list[Any]:
    """``items`` in a random order that depends only on what they are, never on the order they were in."""
    out = sorted(items, key=key or (lambda c: (c.id, c.uid)))
    rng.shuffle(out)
    return out


def _reindex(game: NetrunnerGame, cards: list[Card]) -> None:
    """The game's indexes of what cards may hear and do (:meth:`~.game.NetrunnerGame._known`), for cards whose
    face was drawn again."""
    if not cards:
        return
    uids = {c.uid for c in cards}
    game.hooked = {name: [c for c in held if c.uid not in uids] for name, held in game.hooked.items()}
    game.zoned = [c for c in game.zoned if c.uid not in uids]
    for card in cards:
        game._known(card)


def candidates(decision: Decision, first: str, rng: random.Random, count: int = CANDIDATES) -> list[Option]:
    """The actions to weigh: ``first`` (the heuristic's), then one of each other kind of action on offer
    (:func:`_kind`; drawn at random among its options), in a random order of kinds, ``count`` at most."""
    chosen = [decision.find(first)]
    kinds: dict[str, list[Option]] = {}
    for option in decision.options:
        if option.label != chosen[0].label:
            kinds.setdefault(_kind(option), []).append(option)
    order = sorted(kinds)
    rng.shuffle(order)
    for kind in order:
        if len(chosen) >= count:
            break
        chosen.append(rng.choice(kinds[kind]))
    return chosen


def _kind(option: Option) -> str:
    """The kind of action ``option`` is, the corp's install told apart by the type of the card it installs (ice, an
    agenda, an asset…): installing an agenda and installing ice are different plans (at 10 rollouts a candidate,
    seeds 0-39, the corp searcher won 26 games with installs told apart, 24 without). The runner's installs stay
    one kind: told apart too, the runner searcher won only 25 of seeds 0-39 (it won 32 there at 0.25 s an action,
    an earlier version)."""
    value = option.value
    if value is None:
        return "end"
    card = getattr(value, "card", None)
    if value.kind == "corp_install" and card is not None:
        return f"{value.kind}:{card.type}"
    return str(value.kind)


class _First:
    """A rollout's searcher: the candidate first, then its heuristic."""

    def __init__(self, label: str, then: Any) -> None:
        self.label: str | None = label
        self.then = then

    def decide(self, game: NetrunnerGame, decision: Decision) -> str:
        if self.label is not None:
            label, self.label = self.label, None
            return label
        return str(self.then.decide(game, decision))


class SearchPolicy:
    """See the module docstring. ``think``: seconds per action; ``horizon``: turns a rollout plays on; ``least``:
    rollouts of each candidate at least (with ``think`` 0, a budget by count rather than by time)."""

    def __init__(
        self, side: Side, rng: random.Random, think: float = 1.0, horizon: int = HORIZON, least: int = LEAST
    ) -> None:
        self.side = side
        self.rng = rng
        self.think = think
        self.horizon = horizon
        self.least = least
        self.base: HeuristicCorp | HeuristicRunner = (
            HeuristicCorp(random.Random(rng.getrandbits(64)))
            if side == "corp"
            else HeuristicRunner(random.Random(rng.getrandbits(64)))
        )
        self.rollouts = 0  # how many it has played (for the bench)
        self.decisions = 0
        self.failed = 0  # rollouts the engine refused (scored as a draw)

    def decide(self, game: NetrunnerGame, decision: Decision) -> str:
        first = self.base.decide(game, decision)
        if decision.kind != "action" or game.current_run is not None or len(decision.options) < 2:
            return first
        weighed = candidates(decision, first, self.rng)
        if len(weighed) < 2:
            return first
        totals = [0.0] * len(weighed)
        counts = [0] * len(weighed)
        deadline = time.perf_counter() + self.think
        while min(counts) < self.least or time.perf_counter() < deadline:
            world = self.rng.getrandbits(64)  # each candidate played out in the same drawn world
            for j, option in enumerate(weighed):
                totals[j] += self._rollout(game, option.label, random.Random(world))
                counts[j] += 1
        means = [t / n + (PRIOR if j == 0 else 0.0) for j, (t, n) in enumerate(zip(totals, counts, strict=True))]
        self.decisions += 1
        return weighed[max(range(len(weighed)), key=lambda j: means[j])].label

    def _rollout(self, game: NetrunnerGame, label: str, rng: random.Random) -> float:
        self.rollouts += 1
        copy = game.clone()
        determinize(copy, self.side, rng)
        seed = rng.getrandbits(32)
        mine, theirs = SEATS[self.side], SEATS[other(self.side)]
        copy.policies = {
            mine: _First(label, make_policy("heuristic", self.side, seed)),
            theirs: make_policy("heuristic", SIDE_OF_SEAT[theirs], seed),
        }
        try:
            copy.play_game(max_turns=copy.turns + self.horizon, resume=True)
        except EngineError:
            self.failed += 1
            return 0.5
        return evaluate(copy, self.side)
