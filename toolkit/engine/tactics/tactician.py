"""A tactics player that plays like a tactician (``--decider heuristic``), and deciders per seat.

:class:`TacticianDecider` weighs what it is offered in one currency, expected hit points
(an enemy agent's HP lost is worth 1, a destroyed agent a bonus, a card in hand about 1):

- **attacks** are valued by the exact distribution of the hit dice (the game's face
  table, cover −2 (T17), pits, 攻击前/攻击时 modifiers of the attacker's text, shields
  and temporary HP, 受到的伤害 ±X), the chance to destroy and what destroying is worth
  in the mode (先发制人 points, the last agent), less what the attack costs: the
  target's counterattack (正当防卫 of an untapped target, 武装反击 with its untapped
  weapons, also when destroyed: 最后一击), armour that hurts attackers (被攻击后：对攻击者
  造成伤害); the profile and the target are chosen together;
- **where to stand**: a cell is worth the attacks it offers next turn less the threat
  of every enemy there (what it can hit from where it stands and faces; melee and
  攻击时-moving attackers turn first), so a unit that cannot attack ends its move in
  cover or out of the enemies' vision bands; a hidden unit does not step within 0-1
  of an enemy with it in sight, whichever way that enemy faces (§8.4) unless it attacks;
- **counterattacks** only with an attack that can hit (range, sight, the melee move);
- **heals** only what is missing; **responses** only when they change something (an
  attack on its own unit made weaker or dodged, an enemy in reach);
- 瞄准 before an attack card that does not tap, 物资补充 with a unit that has nothing
  better to do, 正义的搜刮 to pull a scene obstacle into the line of an enemy's fire,
  voluntary 暴露 only when the unit's own text gains by it (暴露时, 处于暴露状态);
- **only what its seat may see** (§8.4, T23): a unit face down to it is each unit it
  could be (:meth:`TacticianDecider.guesses`: the agents its seat has not seen, the
  scene obstacles not all face up), facing any way; its threat is the worst of them,
  what attacking or destroying it is worth the mean.

The longer a game runs, the more urgent it gets (:meth:`TacticianDecider.urgency`): a game that
runs out of rounds is won by nobody, so fear of the enemies' fire, healing and drawing give way
to attacking. Valuations that depend only on a unit and its enemies are kept across decisions
(keyed by the unit's cards and state and by the enemies'), which keeps the player within a few
times the brawler's cost; what depends only on the terrain (the cells a move reaches past given
blocked cells, the cell an attack fires from, cover) and what a unit's cards make of it
(:meth:`TacticianDecider.kit`) are kept too, by exactly what they depend on. Ties break with its seeded RNG, so the same seed gives the same game.
:class:`SeatDeciders` hands each seat's decisions to that seat's decider (one player type per seat).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar

from toolkit.board import FACINGS
from toolkit.i18n import tr
from toolkit.text import ast as A

from ..core import Decider, EngineError, Pending, said
from .attack import SELF_DEFENSE, Profile, RecordSource
from .game import OBSTACLE_COPIES, Action, TacticsGame
from .players import HeuristicDecider
from .state import Attack, Card, Cell, Unit, copy_unit, hidden_from

T = TypeVar("T")

CARD = 0.9  # a card in the hand
CYCLE = 0.3  # a card that replaces itself (draws one): it only cycles the deck
MORTGAGE = 0.3  # a card mortgaged until the next turn
KEEP = 0.25  # what a command card is worth kept in the hand rather than played for nothing
AGENT_KILL = 5.0  # an enemy agent destroyed, besides its HP
MINION_KILL = 1.5
GAME = 40.0  # winning (or losing) the game
THREAT = 0.85  # weight of the damage enemies could deal next turn
OPPORTUNITY = 0.45  # weight of the attacks a cell offers next turn
APPROACH = 0.12  # per step to the nearest enemy (keeps games moving)
HIDDEN = 0.8  # a hidden unit exposed by stepping into sight
LASTING_COVER = 0.25  # per enemy line an obstacle moved by 正义的搜刮 covers from now on
DODGED = 0.1  # what an attack is worth when its target can step out of reach in answer
DODGE_SPENT = 0.5  # … and what making it spend a response to dodge is worth
STALL = 16  # rounds without a unit brought to a new low of HP or destroyed: the game is going round in circles
EXPLORE = 0.3  # … and how often, then, the player tries another action that is nearly as good
FUTILE = 3  # attacks in a row a target has stepped out of: it dodges every time (it regains its means each turn)
IN_LINE = 0.12  # per enemy 1-4 steps away with a clear, uncovered line to the cell (it may turn and fire later)

# isinstance tuples (a union written in a call is built anew each time it is evaluated)
_GAINS_CARDS = (A.Draw, A.Buy, A.GainToken)
_NESTING = (A.If, A.YouMay)
_DRAWS = (A.Draw, A.Buy, A.Search, A.Reveal)
_ATTACKS = (A.BasicAttack, A.AttackWith)
_ON_UNITS = (A.Damage, A.Heal, A.Tap, A.Move)
_CONTINUOUS = (A.Modify, A.Cannot, A.GainVision)
_GUARDS = (A.GainTempHp, A.GainShield)
_DRAW_BUY = (A.Draw, A.Buy)
_CARD_COSTS = (A.MortgageCost, A.DiscardCost)
_PIECES = (Unit, Card)


@lru_cache(maxsize=1024)
def hit_distribution(table: tuple[int, ...], speed: int, modifier: int) -> tuple[float, ...]:
    """Probability of each total damage of ``speed`` hit dice with ``modifier`` (clamped 1..6, T9)."""
    one = [0.0] * (max(table) + 1)
    for face in range(1, 7):
        one[table[min(6, max(1, face + modifier)) - 1]] += 1 / 6
    dist = [1.0]
    for _ in range(max(0, speed)):
        out = [0.0] * (len(dist) + len(one) - 1)
        for i, p in enumerate(dist):
            if p:
                for j, q in enumerate(one):
                    out[i + j] += p * q
        dist = out
    return tuple(dist)


@dataclass(frozen=True)
class LogRead:
    """What a tactician reads from the first ``events`` events of a game's log (:meth:`TacticianDecider._watch`):
    the dodges in a row and lowest HP of each unit, whether a dodge or damage was met (``relevant``), and whether a
    unit reached a new low or was destroyed (``progressed``). See :func:`read_log`."""

    events: int
    dodged: Mapping[str, int]
    low: Mapping[str, int]
    relevant: bool
    progressed: bool


def read_log(game: TacticsGame) -> LogRead:
    """What a tactician reads from ``game``'s log so far, read once for every copy a searcher plays
    (:meth:`TacticianDecider.play_copy`) rather than once in each."""
    dodged: dict[str, int] = {}
    low: dict[str, int] = {}
    relevant, progressed = _read_events(game.log.since(0), dodged, low)
    return LogRead(len(game.log), dodged, low, relevant, progressed)


def _read_events(events: Iterable[Any], dodged: dict[str, int], low: dict[str, int]) -> tuple[bool, bool]:
    """Read ``events`` into ``dodged`` and ``low`` (see :class:`LogRead`); (relevant, progressed)."""
    relevant = progressed = False
    for event in events:
        kind = event.kind
        if kind == "target_lost" and "unit" in event.data:
            relevant = True
            label = event.data["target"]
            dodged[label] = dodged.get(label, 0) + 1
        elif kind == "damage":
            relevant = True
            label = event.data.get("unit", "")
            dodged.pop(label, None)
            left = event.data.get("hp_left")
            if isinstance(left, int) and left < low.get(label, left + 1):
                low[label] = left
                progressed = True
        elif kind == "destroyed":
            progressed = True
    return relevant, progressed


def bind_each(deciders: Iterable[Decider | None], game: TacticsGame) -> None:
    """Bind to ``game`` every decider that looks at the board, each once (one may play several seats)."""
    seen: set[int] = set()
    for decider in deciders:
        bind = getattr(decider, "bind", None)
        if decider is not None and callable(bind) and id(decider) not in seen:
            seen.add(id(decider))
            bind(game)


class SeatDeciders(Decider):
    """Each seat's decisions go to that seat's decider (``{1: a, 2: b}``); a seat without one (an obstacle's
    move, seat 0) to the active player's. ``bind`` binds every decider that looks at the board."""

    def __init__(self, by_seat: Mapping[int, Decider]) -> None:
        if not by_seat:
            raise EngineError(tr("no decider for any seat"))
        self.by_seat = dict(by_seat)
        self.game: TacticsGame | None = None

    def bind(self, game: TacticsGame) -> SeatDeciders:
        self.game = game
        bind_each(self.by_seat.values(), game)
        return self

    def decider_for(self, player: int) -> Decider:
        found = self.by_seat.get(player)
        if found is None and self.game is not None:
            found = self.by_seat.get(self.game.active)
        return found if found is not None else self.by_seat[min(self.by_seat)]

    def choose(self, player: int, prompt: str, options: Sequence[T]) -> T:
        return self.decider_for(player).choose(player, prompt, options)

    def confirm(self, player: int, prompt: str) -> bool:
        return self.decider_for(player).confirm(player, prompt)

    def choose_many(self, player: int, prompt: str, options: Sequence[T], count: int) -> list[T]:
        return self.decider_for(player).choose_many(player, prompt, options, count)


class TacticianDecider(HeuristicDecider):
    """A player that fights from cover, flanks, and counts the cost of an attack. Bind it with :meth:`bind`."""

    threat_weight = THREAT
    opportunity_weight = OPPORTUNITY
    approach = APPROACH
    in_line = IN_LINE

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self._memo: dict[Any, Any] = {}  # what this decision has worked out, kept while the board is the same
        self._state: Any = None
        self._texts: dict[tuple[str, str, str], list[A.Ability]] = {}
        self._card_sentences: dict[tuple[str, str, str], tuple[list[A.Sentence], list[A.Sentence]]] = {}
        self._lasting: dict[Any, Any] = {}  # what depends on a unit and its enemies, not on the rest of the board
        self._ids: dict[Any, int] = {}
        self._plan: dict[str, Any] = {}  # what the chosen action is for (its moves, its attack)
        self._turn: tuple[int, int] = (-1, -1)
        self._played: dict[str, int] = {}  # cards played this turn, by id
        self._seen = 0  # how much of the log :meth:`_watch` has read
        self._dodged: dict[str, int] = {}  # attacks in a row each unit (by label) has stepped out of
        self._low: dict[str, int] = {}  # the lowest HP each unit (by label) has been brought to
        self._progress = 0  # the last round a unit reached a new low of HP or was destroyed
        self._primed: tuple[bool, bool] | None = None  # a log read before (play_copy): (relevant, progressed)
        self._board: Any = None  # the board :attr:`_geo` was worked out on
        self._geo: dict[Any, Any] = {}  # see :meth:`_geometry`
        self._searches = 0  # the searches of :meth:`_cells_within`, numbered (never again the same number)
        self._kits: dict[Any, list[Any]] = {}  # see :meth:`kit`
        self._call: dict[Any, Any] | None = None  # what one :meth:`scores` call works out (the game stands still)
        self._guessed: dict[int, Unit] = {}  # the face-down unit each guess stands for, by the guess's uid

    def texts(self, g: TacticsGame, source: Any) -> list[A.Ability]:
        """:meth:`TacticsGame.indexed_abilities` without the indexes, kept for the game (by record and face)."""
        record = source.record
        face = "front"
        if isinstance(source, Card):
            reverse = getattr(record, "reverse", None)
            if reverse is not None:
                face = reverse.active_when_tapped if source.tapped else source.face
        key = (record.kind, record.id, face)
        found = self._texts.get(key)
        if found is None:
            found = self._texts[key] = [ab for _, ab in g.face_abilities(source, face)]
        return found

    def _intern(self, value: Any) -> int:
        found = self._ids.get(value)
        if found is None:
            found = self._ids[value] = len(self._ids)
        return found

    def loadout(self, unit: Unit) -> int:
        """An id for what a unit's attacks and defence depend on besides where it stands: its HP and shields,
        its cards, effects and state."""
        key = ("loadout", unit.uid)
        found: int | None = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._intern((
                unit.uid, unit.hidden, unit.kind, unit.controller, unit.hp, unit.shield, unit.temp_hp,
                tuple([(c.uid, c.face, c.tapped, c.shield_left) for c in unit.equipment]),
                tuple([c.uid for c in unit.statuses]), tuple([(t.effect, t.until, t.seat) for t in unit.timed]),
            ))  # fmt: skip
        return found

    def world(self, g: TacticsGame, seat: int) -> int:
        """An id for what ``seat``'s valuations of a cell depend on: the enemies (where, facing, tapped, their
        loadout; of one face down to ``seat``, what it may see: :meth:`seen_loadout`), the obstacles (and which are
        face down), the terrain, the scores, the agents left, the round."""
        key = ("world", seat)
        found: int | None = self._memo.get(key)
        if found is None:
            foes = tuple([(self.seen_loadout(e), e.pos, None, e.tapped) if self.unseen(e, seat) else
                          (self.loadout(e), e.pos, e.facing, e.tapped) for e in self.foes(g, seat)])  # fmt: skip
            agents = tuple([u.uid for u in g.units() if u.kind == "agent" and not u.dying])
            players = tuple([(p.score, len(p.standby), p.out) for p in g.players])
            hidden = tuple([o.uid for o in g.obstacles if o.hidden])
            found = self._memo[key] = self._intern(
                (seat, foes, tuple(self.obstacle_cells(g)), hidden, g.board.destroyed, agents, players, g.active,
                 round(self.urgency(g), 3))
            )  # fmt: skip
        return found

    def seen_loadout(self, unit: Unit) -> int:
        """:meth:`loadout` of a unit face down to the seat weighing it: what that seat may see of it (which unit it
        is, and so its HP, left out)."""
        return self._intern((
            "face down", unit.uid, unit.kind, unit.controller, unit.shield, unit.temp_hp,
            tuple([(c.uid, c.face, c.tapped, c.shield_left) for c in unit.equipment]),
            tuple([c.uid for c in unit.statuses]), tuple([(t.effect, t.until, t.seat) for t in unit.timed]),
        ))  # fmt: skip

    def _lasting_get(self, key: Any) -> Any:
        return self._lasting.get(key)

    def _lasting_put(self, key: Any, value: Any) -> Any:
        self._lasting[key] = value
        return value

    @staticmethod
    def _state_key(g: TacticsGame) -> Any:
        """Everything on the board a valuation reads (units, their cards and effects, terrain, scores)."""
        units = tuple([
            (u.uid, u.pos, u.facing, u.hp, u.shield, u.temp_hp, u.tapped, u.hidden, u.dying, u.controller,
             tuple([(c.uid, c.tapped, c.shield_left, c.face) for c in u.equipment]),
             tuple([c.uid for c in u.statuses]), len(u.timed))
            for u in g.units()
        ])  # fmt: skip
        players = tuple([(p.score, len(p.standby), p.out) for p in g.players])
        attack = g.attacks[-1] if g.attacks else None
        fight = None if attack is None else (id(attack), attack.speed, attack.hit_result, attack.damage)
        return units, players, g.board.destroyed, g.active, fight, len(g.shop) == 0

    # -- entry points

    def bind(self, game: TacticsGame) -> TacticianDecider:
        if game is not self.game:  # a new game: nothing read from another game's log (or of its units) carries over
            self._read_anew()
            self._kits, self._guessed = {}, {}
        super().bind(game)
        return self

    def _read_anew(self, read: LogRead | None = None) -> None:
        """Forget what was read from a game's log (:meth:`_watch`): the next decision reads the log from its start,
        or (``read``, :func:`read_log` of the first events of this game's log) from where that left off."""
        self._seen, self._dodged, self._low, self._progress, self._primed = 0, {}, {}, 0, None
        if read is not None:
            self._seen, self._dodged, self._low = read.events, dict(read.dodged), dict(read.low)
            self._primed = (read.relevant, read.progressed)

    def play_copy(self, game: TacticsGame, rng: random.Random, read: LogRead | None = None) -> TacticianDecider:
        """Play ``game``, a copy (:meth:`TacticsGame.clone`) of the game this player played a copy of before, as a
        fresh tactician would (its log read anew, no plan, nothing played this turn; ``rng`` its dice), but
        keeping what it worked out there: what cells, attacks and kits are worth, under the keys it keeps them by
        between decisions (the units are the same units in every copy). A searcher's rollouts play many copies of
        one game: each costs about two thirds of a fresh tactician's. ``read``: :func:`read_log` of the game the
        copy was made from, when it was made (the copy's log starts with those events): not read again, with
        the same outcome as reading it."""
        self.rng = rng
        self._read_anew(read)
        self._memo, self._state, self._plan, self._turn, self._played = {}, None, {}, (-1, -1), {}
        self.game = game
        return self

    def choose(self, player: int, prompt: str, options: Sequence[T]) -> T:
        if not options:
            raise EngineError(tr("no option to choose from: {prompt}", prompt=said(prompt)))
        g = self.game
        if g is None or len(options) == 1:
            pick = options[0]
            if g is not None and prompt == "choose an action":
                self._remember(g, pick)
            return pick
        scores = self.scores(g, player, prompt, options)
        best = max(scores)
        picks = [o for o, s in zip(options, scores, strict=True) if s >= best - 1e-9]
        if prompt == "choose an action" and g.round - self._progress >= STALL and self.rng.random() < EXPLORE:
            # a stalemate: the same best actions answer each other turn after turn (a dodge made again each turn,
            # heals as large as the damage), so this player, as one at the table would, tries something else
            # that is nearly as good (never ending the phase, never far worse)
            others = [o for o, s in zip(options, scores, strict=True)
                      if s >= best - 1.5 and not (isinstance(o, Action) and o.kind == "end")]  # fmt: skip
            picks = others or picks
        pick = picks[self.rng.randrange(len(picks))] if len(picks) > 1 else picks[0]
        if prompt == "choose an action":
            self._remember(g, pick)
        return pick

    def scores(self, g: TacticsGame, player: int, prompt: str, options: Sequence[Any]) -> list[float]:
        """What each option is worth now (the log read, what the last decision worked out dropped if the board
        changed since): what :meth:`choose` picks the best of, and what a player that looks ahead starts from."""
        self._watch(g)
        if len(self._lasting) > 100_000:  # a long game: start afresh (between decisions, never inside one)
            self._lasting.clear()
            self._ids.clear()
            self._state = None
        state = self._state_key(g)
        if state != self._state:
            self._memo = {}
            self._state = state
        self._call = {}
        try:
            return [self._value(g, player, prompt, option) for option in options]
        finally:
            self._call = None

    def confirm(self, player: int, prompt: str) -> bool:
        return not prompt.startswith(("mulligan", "switch"))

    def _watch(self, g: TacticsGame) -> None:
        """Reads what the log added since the last decision (all of it public): which units keep stepping out of
        the attacks made on them. One that has dodged :data:`FUTILE` attacks in a row without being damaged
        regains its means each turn (a token card it makes again, say), so attacking it where it can step away
        is no longer worth making it spend them. A log read before (:meth:`play_copy`) is taken as read here."""
        primed, self._primed = self._primed, None
        if primed is None and len(g.log) == self._seen:
            return
        futile = self._futile() if primed is None else set()  # (read from the start: no dodge before it)
        relevant, progressed = _read_events(g.log.since(self._seen), self._dodged, self._low)
        if primed is not None:
            relevant, progressed = relevant or primed[0], progressed or primed[1]
        if progressed:
            self._progress = g.round
        self._seen = len(g.log)
        if relevant and self._futile() != futile:
            self._lasting.clear()  # what attacks are worth has changed for every cell
            self._ids.clear()
            self._state = None

    def _futile(self) -> set[str]:
        return {label for label, n in self._dodged.items() if n >= FUTILE}

    def choose_many(self, player: int, prompt: str, options: Sequence[T], count: int) -> list[T]:
        if prompt.startswith("squad from the draft"):  # offered best first (exclusive cards in the deck, HP)
            return list(options[:count])
        return super().choose_many(player, prompt, options, count)

    # -- scoring

    def _value(self, g: TacticsGame, seat: int, prompt: str, option: Any) -> float:  # noqa: C901
        hint = g.hint
        if isinstance(option, Action):
            if prompt.startswith(("respond", "special")):
                return self.response_value(g, seat, option)
            return self.main_value(g, option) + self.rng.random() * 0.01
        if option is None:
            return 0.0
        if prompt.startswith("move ") and isinstance(option, tuple) and hint and hint[0] == "move":
            return self.move_value(g, hint[1], option)
        if prompt.startswith("facing") and isinstance(option, str) and hint and hint[0] == "facing":
            return self.facing_score(g, hint[1], option)
        if prompt.startswith("deploy") and isinstance(option, tuple):
            unit = hint[1] if hint and hint[0] == "deploy" else None
            return self.deploy_score(g, seat, unit, option)
        if prompt.startswith("counterattack") and " against " in prompt:
            return self.counter_option_value(g, option)
        if prompt.startswith("target of") and isinstance(option, Unit):
            attacker, profile = self._attacking(g)
            if attacker is None or not isinstance(profile, Profile):
                return self.attack_target_value(g, seat, option)
            value = self.attack_value(g, attacker, profile, option)
            return -50.0 - (g.distance(attacker, option) or 99) * 0.01 if value is None else value
        if isinstance(option, Profile):
            return self.profile_score(g, option)
        if prompt.startswith(("target:", "choose:")) and isinstance(option, _PIECES):
            return self.reference_value(g, seat, prompt, option)
        if prompt.startswith("attach") and isinstance(option, Unit):
            card = hint[1] if hint and hint[0] == "status" else None
            return self.attach_value(g, seat, card, option)
        if prompt.startswith(("discard", "mortgage", "self-destruct")) and isinstance(option, Card):
            return -self.hold_value(g, seat, option, prompt)
        if prompt.startswith("deployment die"):
            return 1.0 if option is not None else 0.5
        if prompt.startswith("draft") and isinstance(option, str):
            record = g.by_id.get(("agent", option))
            mine = sum(1 for c in g.player(seat).deck if c.record.agent == option)
            return mine + (record.hp / 10 if record is not None else 0.0)
        if prompt.startswith("which trigger") and isinstance(option, Pending):
            # a face-down agent's own text exposes it as it is used (§8.4): resolved last, what needs it hidden
            # (光学迷彩's 如果本单位处于隐蔽状态) resolves while it is
            return self.rng.random() - (1.0 if _exposes(g, option) else 0.0)
        return self.rng.random()

    # -- the plan of the chosen action

    def _remember(self, g: TacticsGame, action: Any) -> None:
        """What the moves and targets asked for while ``action`` resolves are for."""
        self._plan = {}
        turn = (g.round, g.active)
        if turn != self._turn:
            self._turn, self._played = turn, {}
        if isinstance(action, Action) and action.kind == "play" and action.card is not None:
            self._played[action.card.id] = self._played.get(action.card.id, 0) + 1
        if not isinstance(action, Action) or action.unit is None:
            return
        unit = action.unit
        self._plan["unit"] = unit.uid
        if action.kind == "scavenge" and action.target is not None:
            self._memo = {}
            best = self.scavenge_plan(g, unit, action.target)
            if best is not None:
                self._plan["scavenge"] = (action.target.uid, best[1], best[2])
            return
        sentences = self._sentences(g, action)
        kinds = [type(e) for e in _flat(sentences)]
        attack_at = next((i for i, k in enumerate(kinds) if k in (A.BasicAttack, A.AttackWith)), None)
        if attack_at is not None and any(k is A.Move for k in kinds[:attack_at]):
            self._plan["strike_after_move"] = True

    def _sentences(self, g: TacticsGame, action: Action) -> Sequence[A.Sentence]:
        """The sentences ``action`` resolves (shared, and read once by :func:`_read`: callers do not change them)."""
        if action.kind == "play" and action.card is not None:
            return self._card_texts(g, action.card, action.face)[0]
        if action.ability is not None:
            return action.ability.sentences
        return []

    # -- the board as this player sees it

    def foes(self, g: TacticsGame, seat: int) -> list[Unit]:
        key = ("foes", seat)
        found: list[Unit] | None = self._memo.get(key)
        if found is None:
            found = self._memo[key] = [
                u
                for u in g.units()
                if u.seat and u.kind != "obstacle" and g.hostile(seat, u.seat) and not u.dying and u.pos is not None
            ]
        return found  # shared: callers do not change it

    def _foe_cells(self, g: TacticsGame, seat: int) -> list[Cell]:
        """Where each of :meth:`foes` stands, kept for the decision (callers do not change the list)."""
        key = ("foe cells", seat)
        found: list[Cell] | None = self._memo.get(key)
        if found is None:
            found = self._memo[key] = [e.pos for e in self.foes(g, seat) if e.pos is not None]
        return found

    def _foe_key(self, g: TacticsGame, seat: int) -> tuple[Cell, ...]:
        """:meth:`_foe_cells` as a tuple (for keys), kept for the decision."""
        key = ("foe key", seat)
        found: tuple[Cell, ...] | None = self._memo.get(key)
        if found is None:
            found = self._memo[key] = tuple(self._foe_cells(g, seat))
        return found

    def _obstacle_key(self, g: TacticsGame) -> tuple[Cell, ...]:
        """:meth:`obstacle_cells` as a tuple (for keys), kept for the decision."""
        found: tuple[Cell, ...] | None = self._memo.get(("obstacle key",))
        if found is None:
            found = self._memo[("obstacle key",)] = tuple(self.obstacle_cells(g))
        return found

    def obstacle_cells(self, g: TacticsGame) -> list[Cell]:
        key = ("obstacles",)
        found: list[Cell] | None = self._memo.get(key)
        if found is None:
            cells = [o.pos for o in g.obstacles if not o.gone and o.pos is not None]
            if getattr(g.mode, "units_impede", False):
                cells += [u.pos for u in g.units() if u.kind != "obstacle" and u.pos is not None]
            found = self._memo[key] = cells
        return found  # shared: callers do not change it

    def _obstacles_numbered(self, g: TacticsGame) -> tuple[list[Cell], int]:
        """:meth:`obstacle_cells` and its :meth:`_number`, worked out once a decision (while the geometry kept is)."""
        geo = self._geometry(g)
        found: tuple[list[Cell], int, dict[Any, Any]] | None = self._memo.get(("obstacles numbered",))
        if found is None or found[2] is not geo:
            cells = self.obstacle_cells(g)
            found = self._memo[("obstacles numbered",)] = (cells, self._number(g, cells), geo)
        return found[0], found[1]

    # -- what this player's seat cannot see (§8.4, T23): a face-down unit is one of the units it could be

    @staticmethod
    def unseen(unit: Unit, seat: int) -> bool:
        """Whether ``seat`` may not know which unit ``unit`` is (face down and not its own: :func:`hidden_from`). A
        guess (:meth:`guesses`) is known: it is one of the units the face-down one could be."""
        seen_by = unit.controller  # (:func:`hidden_from`, written out: the controller is the unit's seat)
        return unit.uid > 0 and bool(unit.hidden) and (seen_by == 0 or seen_by != seat)

    def seen_as(self, g: TacticsGame, unit: Unit, seat: int) -> list[Unit]:
        """``unit`` as ``seat`` may know it: itself, or where it is face down to ``seat``, the units it could be."""
        return self.guesses(g, unit, seat) if self.unseen(unit, seat) else [unit]

    def mean_seen(self, g: TacticsGame, unit: Unit, seat: int, worth: Callable[[Unit], float]) -> float:
        """``worth(unit)``, or where ``unit`` is face down to ``seat``, its mean over the units it could be."""
        if not self.unseen(unit, seat):
            return worth(unit)
        guesses = self.guesses(g, unit, seat)
        return sum(worth(guess) for guess in guesses) / len(guesses)

    def guesses(self, g: TacticsGame, unit: Unit, seat: int) -> list[Unit]:
        """The units ``unit``, face down to ``seat``, could be, as this player weighs it (every one, no dice: the same
        each time): a face-down agent is each agent ``seat`` has not seen (as :func:`.search.determinize` draws one; a
        列兵 always, every player has their own), at its full HP (damage exposes it), standing where it stands and
        wearing what it wears (cards are played face up); a hidden minion is itself (its card was played face up); a
        face-down scene obstacle is each scene obstacle of which fewer pieces than the supply holds are face up on the
        map. Its facing is not known: None, every facing (the band of some facing, :meth:`Board.in_sight`). Kept for
        the decision; each guess has a uid of its own, below 0 (a piece's never is), the same in every decision."""
        key = ("guesses", seat, unit.uid)
        found: list[Unit] | None = self._memo.get(key)
        if found is None:
            if unit.kind == "agent":
                seen = self._seen_agents(g, seat)
                records = [(i, r) for i, r in enumerate(self._pool(g, "agent")) if r.private or r.id not in seen]
            elif unit.kind == "obstacle":
                shown = Counter(o.id for o in g.obstacles if not o.hidden and not o.gone)
                records = [(i, r) for i, r in enumerate(self._pool(g, "scene")) if shown[r.id] < OBSTACLE_COPIES]
            else:
                records = []
            found = self._memo[key] = [_guess(unit, i, r) for i, r in records or [(-1, None)]]
            for guess in found:
                self._guessed[guess.uid] = unit
        return found

    def _seen_agents(self, g: TacticsGame, seat: int) -> set[str]:
        """The agents ``seat`` has seen: its own, the others' face up on the map or lost (kept for the decision)."""
        key = ("seen agents", seat)
        found: set[str] | None = self._memo.get(key)
        if found is None:
            units = [u for p in g.players for u in (*p.units, *p.standby) if not hidden_from(u, seat)]
            found = self._memo[key] = {u.id for u in units} | {u.id for p in g.players for u in p.lost
                                                              if isinstance(u, Unit)}  # fmt: skip
        return found

    def _pool(self, g: TacticsGame, kind: str) -> list[Any]:
        """The records a face-down unit could be, by id: every ``agent``, or every ``scene`` obstacle."""
        key = ("pool", kind)
        found: list[Any] | None = self._memo.get(key)
        if found is None:
            if kind == "agent":
                found = [r for r in g.records if r.kind == "agent"]
            else:
                found = [r for r in g.records if r.kind == "unit" and r.type == "obstacle" and r.obstacle == "scene"]
            found = self._memo[key] = sorted(found, key=lambda r: r.id)
        return found

    def _label(self, unit: Unit) -> str:
        """How the log names ``unit``, or the face-down unit a guess stands for."""
        return str(self._guessed.get(unit.uid, unit))

    def stat(self, g: TacticsGame, unit: Unit, stat: str) -> int:
        """:meth:`TacticsGame.stat_bonus` (it adds up every continuous effect), read from :meth:`kit`."""
        found = self._memo.get(("kit", unit.uid))
        stats: dict[str, int] = (found if found is not None else self.kit(g, unit))[0]
        return stats.get(stat, 0)

    def cannot(self, g: TacticsGame, unit: Unit, action: str) -> bool:
        """:meth:`TacticsGame.cannot_quiet`, read from :meth:`kit`."""
        found = self._memo.get(("kit", unit.uid))
        return action in (found if found is not None else self.kit(g, unit))[1]

    def vision(self, g: TacticsGame, unit: Unit) -> tuple[bool, bool]:
        """:meth:`TacticsGame.extra_vision` (none for an obstacle), read from :meth:`kit`."""
        found = self._memo.get(("kit", unit.uid))
        vision: tuple[bool, bool] = (found if found is not None else self.kit(g, unit))[2]
        return vision

    def kit(self, g: TacticsGame, unit: Unit) -> list[Any]:
        """What ``unit``'s cards and effects make of it, whatever its HP or place: [the ±X of each stat, the actions
        it cannot take, its (side, rear) vision, :meth:`striker_steps`, :meth:`all_profiles`, :meth:`_aim` per
        attack] — :meth:`TacticsGame.stat_bonus`, :meth:`TacticsGame.cannot_quiet` and
        :meth:`TacticsGame.extra_vision` in one pass over the continuous effects. Kept by the unit's record, the
        cards it wears and carries (their faces, tapped or not) and its timed effects, so across decisions."""
        key = ("kit", unit.uid)
        found: list[Any] | None = self._memo.get(key)
        if found is None:
            signature = (
                unit.uid, unit.id, unit.kind, tuple([(c.uid, c.id, c.face, c.tapped) for c in unit.equipment]),
                tuple([(c.uid, c.id, c.face, c.tapped) for c in unit.statuses]), tuple(unit.timed),
            )  # fmt: skip
            found = self._kits.get(signature)
            if found is None:
                if len(self._kits) > 20_000:
                    self._kits.clear()
                found = self._kits[signature] = self._make_kit(g, unit)
            self._memo[key] = found
        return found

    def _make_kit(self, g: TacticsGame, unit: Unit) -> list[Any]:
        """:meth:`kit`, worked out."""
        stats: dict[str, int] = {}
        cannot = set()
        vision = getattr(unit.record, "vision", None)
        side = bool(vision and vision.side)
        rear = bool(vision and vision.rear)
        for effect in g.continuous(unit):
            if isinstance(effect, A.Modify):
                stats[effect.stat] = stats.get(effect.stat, 0) + effect.delta
            elif isinstance(effect, A.Cannot):
                cannot.add(effect.action)
            elif isinstance(effect, A.GainVision):
                side = side or effect.vision == "side"
                rear = rear or effect.vision == "rear"
        kit: list[Any] = [stats, frozenset(cannot), (side, rear) if unit.kind != "obstacle" else (False, False)]
        steps = 0
        if "move" not in cannot:
            for source in [unit, *unit.equipment]:
                for ability in self.texts(g, source):
                    if ability.kind != "active":
                        continue
                    moved = 0
                    for effect in _flat(ability.sentences):
                        if isinstance(effect, A.Move) and _is_self(effect.ref):
                            moved = _steps(g, unit, effect)
                        elif isinstance(effect, _ATTACKS) and moved:
                            steps = max(steps, moved)
        profiles = g.profiles(unit, built_in_only=True)
        for card in unit.equipment:
            attack = card.record.equipment.attack
            if attack is not None:
                profiles.append(Profile(card.name, attack, card, None))
        kit += [steps, profiles, {}]
        return kit

    def attack_range(self, g: TacticsGame, unit: Unit, profile: Any) -> tuple[int, int]:
        low = profile.range.min
        return low, max(low, profile.range.max + self.stat(g, unit, "range"))

    def all_profiles(self, g: TacticsGame, unit: Unit) -> list[Profile]:
        """Every attack of ``unit`` once reset: built-in ones and every equipped weapon (from :meth:`kit`)."""
        found: list[Profile] = self.kit(g, unit)[4]
        return found  # shared: callers do not change it

    def _attack_texts(self, g: TacticsGame, unit: Unit, profile: Profile | None) -> list[A.Ability]:
        """The triggered abilities of ``unit``, its equipment and statuses, and of ``profile``'s attack record (kept
        for the decision; callers do not change the list). With a ``profile``, of the weapons worn only its own: a
        weapon's attack texts belong to attacks made with it (T21)."""
        record = profile.record if profile is not None else None
        weapon = profile.weapon if profile is not None else None
        kit = self._memo.get(("kit", unit.uid))
        if kit is None:
            kit = self.kit(g, unit)
        # the texts of the unit's record, the cards it wears and carries (by their faces) and of the attack's record:
        # kept with the kit (whose signature holds the unit, its cards and their faces), across decisions
        key = ("attack texts", None if record is None else (record.kind, record.id),
               None if profile is None else (weapon.uid if weapon is not None else 0))  # fmt: skip
        found: list[A.Ability] | None = kit[5].get(key)
        if found is None:
            used = weapon.uid if weapon is not None else None  # (by uid: a kept profile may be a copy's)
            worn = [c for c in unit.equipment if profile is None or c.uid == used or c.record.equipment.attack is None]
            sources: list[Any] = [unit, *worn, *unit.statuses]
            if record is not None:
                sources.append(RecordSource(record))
            found = []
            for source in sources:
                found += [ab for ab in self.texts(g, source) if ab.kind == "triggered"]
            kit[5][key] = found
        return found

    def attack_mods(self, g: TacticsGame, attacker: Unit, target: Unit | None, profile: Profile) -> tuple[int, int, int]:
        """(attack speed, hit result, damage) added by the attacker's 攻击前 and 攻击时 texts."""
        key = ("mods", self.loadout(attacker), target.kind if target else None, target.hidden if target else None,
               profile.name)  # fmt: skip
        found: tuple[int, int, int] | None = self._lasting.get(key)
        if found is not None:
            return found
        speed = hit = damage = 0
        for ability in self._attack_texts(g, attacker, profile):
            if ability.timing not in ("before_attack", "on_attack"):
                continue
            for effect in _conditional(ability.sentences, lambda c: _holds(c, attacker, target)):
                if isinstance(effect, A.AttackMod):
                    if effect.stat == "speed":
                        speed += effect.delta
                    elif effect.stat == "hit_result":
                        hit += effect.delta
                    else:
                        damage += effect.delta
        self._lasting[key] = (speed, hit, damage)
        return speed, hit, damage

    def mobility(self, g: TacticsGame, unit: Unit, profile: Profile) -> int:
        """Steps the unit may take (and turn) before the range and sight check of an attack with ``profile`` (kept
        by the unit's loadout; read once a decision)."""
        front = ("move", unit.uid, profile.name)
        found: int | None = self._memo.get(front)
        if found is None:
            found = self._memo[front] = self._mobility(g, unit, profile)
        return found

    def _mobility(self, g: TacticsGame, unit: Unit, profile: Profile) -> int:
        """:meth:`mobility`, kept by the unit's :meth:`loadout` across decisions."""
        key = ("mobility", self.loadout(unit), profile.name)
        found = self._lasting.get(key)
        if found is not None:
            return int(found)
        steps = 1 if profile.profile.style == "melee" else 0
        if self.cannot(g, unit, "move"):
            self._lasting[key] = 0
            return 0
        for ability in self._attack_texts(g, unit, profile):
            if ability.timing == "on_attack":
                for effect in _flat(ability.sentences):
                    if isinstance(effect, A.Move) and _is_self(effect.ref):
                        steps = max(steps, _steps(g, unit, effect))
        self._lasting[key] = steps
        return steps

    def reach_bound(self, g: TacticsGame, unit: Unit, range_bonus: int = 0) -> int:
        """The farthest (穿墙) distance any attack of ``unit`` could reach, moves first included."""
        key = ("bound", unit.uid)
        found = self._memo.get(key)
        if found is None:
            kit = self.kit(g, unit)
            extra: int = kit[3]  # (:meth:`striker_steps`)
            bonus: int = kit[0].get("range", 0)  # (:meth:`attack_range`'s, written out)
            found = None
            for p in kit[4]:  # (:meth:`all_profiles`)
                low = p.profile.range.min
                steps = self.mobility(g, unit, p)
                reach = max(low, p.profile.range.max + bonus) + (extra if extra > steps else steps)
                if found is None or reach > found:
                    found = reach
            found = self._memo[key] = -1 if found is None else found
        return int(found) + range_bonus

    def striker_steps(self, g: TacticsGame, unit: Unit) -> int:
        """Steps an enemy's own ability moves it before it attacks (铁砧: 移动 0-1，进行 1 次袭击), from :meth:`kit`."""
        steps: int = self.kit(g, unit)[3]
        return steps

    def reach(self, g: TacticsGame, unit: Unit, cell: Cell, steps: int) -> list[Cell]:
        """The cells ``unit`` could end a move of up to ``steps`` on from ``cell``, nearest first (then by cell)."""
        if steps <= 0:
            return [cell]
        return self._reach(g, unit, cell, steps)[1]

    def _reach(self, g: TacticsGame, unit: Unit, cell: Cell, steps: int) -> tuple[int, list[Cell]]:
        """:meth:`reach` (``steps`` > 0) with the number of its search (:meth:`_cells_within`), kept for the decision."""
        key = ("reach", unit.uid, cell, steps)
        found: tuple[int, list[Cell]] | None = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._cells_within(g, cell, steps, self.blocked(g, unit))
        return found

    def blocked(self, g: TacticsGame, unit: Unit) -> frozenset[Cell]:
        """:meth:`TacticsGame.blocked_for`, kept for the decision."""
        key = ("blocked", unit.uid)
        found: frozenset[Cell] | None = self._memo.get(key)
        if found is None:
            found = self._memo[key] = frozenset(g.blocked_for(unit))
        return found

    def _geometry(self, g: TacticsGame) -> dict[Any, Any]:
        """What was worked out on this board (one terrain state) from geometry alone: the cells a move reaches
        from a cell past given blocked cells, and the cell an attack fires from. It holds whatever the units do,
        so it is kept across decisions (and dropped when the terrain changes or it grows large)."""
        board = g.board
        if board is not self._board or len(self._geo) > 200_000:
            self._board, self._geo = board, {}
        return self._geo

    def _cells_within(self, g: TacticsGame, cell: Cell, steps: int, blocked: frozenset[Cell]) -> tuple[int, list[Cell]]:
        """The cells a move of up to ``steps`` from ``cell`` past ``blocked`` ends on, nearest first, and a number
        for that search (never given to another)."""
        geo = self._geometry(g)
        key = (cell, steps, blocked)
        found: tuple[int, list[Cell]] | None = geo.get(key)
        if found is None:
            costs = g.board.reachable(cell, steps, blocked, g.mode.climb_cost)
            self._searches += 1
            found = geo[key] = (self._searches, sorted(costs, key=lambda c: (costs[c], c)))
        return found

    def firing_cell(
        self,
        g: TacticsGame,
        unit: Unit,
        profile: Profile,
        cell: Cell,
        facing: str | None,
        target: Cell,
        steps: int = 0,
        range_bonus: int = 0,
        stepped_from: Cell | None = None,
    ) -> Cell | None:
        """The cell from which ``unit`` (standing on ``cell`` facing ``facing``; None: any facing) hits ``target``
        with ``profile``, after the ``steps`` it may take first (and turn); None when it cannot. ``stepped_from``:
        the target has just stepped from there to ``target`` (the cell it left no longer blocks the way)."""
        low, high, through = self._aim(g, unit, profile)
        return self._fire(g, unit, low, high + range_bonus, through, cell, facing, target, steps, stepped_from)

    def _aim(self, g: TacticsGame, unit: Unit, profile: Profile) -> tuple[int, int, bool]:
        """(least range, greatest range with the unit's 攻击距离 ±X, 穿墙) of ``unit``'s attack with ``profile``."""
        kit = self._memo.get(("kit", unit.uid))
        if kit is None:
            kit = self.kit(g, unit)
        key = (profile.name, id(profile.profile))
        found: tuple[int, int, bool] | None = kit[5].get(key)
        if found is None:
            attack = profile.profile
            low = attack.range.min
            found = kit[5][key] = (low, max(low, attack.range.max + kit[0].get("range", 0)), attack.through_walls)
        return found

    def _fire(self, g: TacticsGame, unit: Unit, low: int, high: int, through: bool, cell: Cell, facing: str | None,
              target: Cell, steps: int, stepped_from: Cell | None = None) -> Cell | None:  # fmt: skip
        """:meth:`firing_cell` with the range worked out (``high`` with any bonus). After a move (``steps`` > 0) the
        answer depends only on the cells the move reaches, the range and the target: it is kept by those
        (:meth:`_geometry`), across decisions."""
        board = g.board
        dx, dy = abs(cell[0] - target[0]), abs(cell[1] - target[1])
        if (max(dx, dy) if board.adjacency == 8 else dx + dy) > high + steps:
            return None  # out of reach whatever the way (a quick bound before the exact check)
        if steps <= 0:
            if facing is None:
                return cell if board.in_sight(cell, target, low, high, through) else None
            side, rear = self.vision(g, unit)
            return cell if board.in_sight(cell, target, low, high, through, facing, side, rear) else None
        if stepped_from is not None:  # the cell the target left is free, the one it stepped to taken
            number, spots = self._cells_within(g, cell, steps, self.blocked(g, unit) - {stepped_from} | {target})
        else:
            number, spots = self._reach(g, unit, cell, steps)
        geo = self._geo
        if board is not self._board or len(geo) > 200_000:
            geo = self._geometry(g)
        key = (number, target, low, high, through)
        found: Cell | None | bool = geo.get(key, False)
        if found is False:
            found = geo[key] = board.first_in_sight(spots, target, low, high, through)
        return found  # type: ignore[return-value]

    def _hit(self, g: TacticsGame, attacker: Unit, profile: Profile, target: Unit) -> tuple[Any, ...]:
        """What an attack of ``attacker`` with ``profile`` on ``target`` rolls and is worth wherever they stand:
        (attack speed, hit result modifier, damage modifier, the target's HP weight, what destroying it is worth
        to the attacker, whether it is friendly, its own cover cells, whether it stands in a pit, the number of
        those cover cells), kept for the
        decision. Worked out once the attack is known to land (the attacker's 攻击前/攻击时 texts are read then)."""
        key = ("hit", attacker.uid, profile.name, id(profile.profile), target.uid)
        memo = self._memo
        found: tuple[Any, ...] | None = memo.get(key)
        if found is None:
            shared = None
            if target.uid < 0 and target.kind == "agent":
                # every agent a face-down one could be (:meth:`guesses`) gives the same: the texts read see its kind
                # and whether it is hidden, it stands where the face-down one does, for the same side, and what
                # destroying it is worth (:meth:`_unit_worth` of an agent) does not depend on which agent it is
                face_down = self._guessed.get(target.uid)
                if face_down is not None:
                    shared = ("hit guess", attacker.uid, profile.name, id(profile.profile), face_down.uid)
                    found = memo.get(shared)
                    if found is not None:
                        memo[key] = found
                        return found
            found = memo[key] = self._work_hit(g, attacker, profile, target)
            if shared is not None:
                memo[shared] = found
        return found

    def _work_hit(self, g: TacticsGame, attacker: Unit, profile: Profile, target: Unit) -> tuple[Any, ...]:
        """:meth:`_hit`, worked out."""
        speed_mod, hit_mod, damage_mod = self.attack_mods(g, attacker, target, profile)
        seat = attacker.seat
        if target.kind == "obstacle":  # an obstacle attacked gives itself no cover
            cover_from = [c for c in self.obstacle_cells(g) if c != target.pos]
            number = self._number(g, cover_from)
        else:
            cover_from, number = self._obstacles_numbered(g)
        target_seat = target.seat
        return (
            profile.profile.speed + speed_mod, hit_mod + self.stat(g, attacker, "hit_result"), damage_mod,
            self.hp_weight(target), self.unit_worth(g, target, seat),
            target_seat != 0 and not g.hostile(seat, target_seat), cover_from,
            target.pos is not None and g.board.is_pit(target.pos), number,
        )  # fmt: skip

    # -- what an attack does

    def outcome(self, g: TacticsGame, target: Unit, speed: int, modifier: int, bonus: int) -> tuple[float, float, float]:
        """(expected HP lost, expected shield and temporary HP used, chance to destroy) of one attack."""
        key = ("outcome", target.uid, target.hp, target.temp_hp, speed, modifier, bonus)
        found: tuple[float, float, float] | None = self._memo.get(key)
        if found is not None:
            return found
        dist = hit_distribution(tuple(g.rules.hit_die), max(1, speed), modifier)
        absorb = target.shield + target.temp_hp
        for card in target.equipment:
            left = card.shield_left if card.shield_left is not None else card.record.equipment.shield or 0
            absorb += max(0, left)
        taken = self.stat(g, target, "damage_taken")
        hp = max(0, target.hp)
        lost = used = kill = 0.0
        for dealt, p in enumerate(dist):
            if not p or dealt == 0:
                continue
            amount = max(0, max(0, dealt + bonus) + taken)
            stopped = min(absorb, amount)
            through = amount - stopped
            lost += p * min(through, hp)
            used += p * stopped
            if through >= hp:
                kill += p
        self._memo[key] = (lost, used, kill)
        return lost, used, kill

    def unit_worth(self, g: TacticsGame, unit: Unit, by_seat: int) -> float:
        """What destroying ``unit`` is worth to ``by_seat`` besides its HP (and to its owner, lost)."""
        key = ("worth", unit.uid, by_seat)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._unit_worth(g, unit, by_seat)
        return float(found)

    def _unit_worth(self, g: TacticsGame, unit: Unit, by_seat: int) -> float:
        if unit.kind == "agent":
            worth = AGENT_KILL
            victory = g.mode.victory or []
            points = getattr(g.mode, "first_blood_points", None)
            if "first_blood" in victory and points and by_seat:
                worth += 2.0
                if g.player(by_seat).score + 1 >= points:
                    worth += GAME
            if "last_squad_standing" in victory or not victory:
                team = g.team_of(unit.seat)
                others = any(u is not unit and t == team for u, t in self._agent_teams(g))
                if not others and not any(p.standby for p in g.players if p.team == team and not p.out):
                    worth += GAME
            return worth
        if unit.kind == "minion":
            return MINION_KILL
        return self.obstacle_worth(g, unit, by_seat)

    def _agent_teams(self, g: TacticsGame) -> list[tuple[Unit, int]]:
        """Each agent on the map not being destroyed, with its team (kept for the decision)."""
        found: list[tuple[Unit, int]] | None = self._memo.get(("agent teams",))
        if found is None:
            team_of = g.team_of
            found = self._memo[("agent teams",)] = [
                (u, team_of(u.seat)) for u in g.units() if u.kind == "agent" and not u.dying
            ]
        return found

    def obstacle_worth(self, g: TacticsGame, obstacle: Unit, seat: int) -> float:
        """An obstacle destroyed: what its 消灭时/消灭后 text gives the destroyer (read from the text; of one face
        down, the mean over the obstacles it could be)."""
        if self.unseen(obstacle, seat):
            return self.mean_seen(g, obstacle, seat, lambda guess: self.obstacle_worth(g, guess, seat))
        worth = 0.1
        if obstacle.pos is None:
            return worth
        for ability in self.texts(g, obstacle):
            if ability.kind != "triggered" or ability.timing not in ("on_destroyed", "after_destroyed", "after_lost"):
                continue
            for effect in _flat(ability.sentences):
                if isinstance(effect, _GAINS_CARDS):
                    worth += CARD * getattr(effect, "count", 1)
                elif isinstance(effect, A.Damage):
                    within = getattr(effect.ref, "within", None) or (0, 1)
                    near = [
                        u for u in g.units() if u.kind != "obstacle" and u.pos is not None and u.seat
                        and (d := g.board.distance(obstacle.pos, u.pos)) is not None and within[0] <= d <= within[1]
                    ]  # fmt: skip
                    hostile = [u for u in near if g.hostile(seat, u.seat)]
                    if hostile:

                        def hurt(unit: Unit, amount: int = effect.amount) -> float:
                            return min(amount, unit.hp) + (self.unit_worth(g, unit, seat) if unit.hp <= amount else 0)

                        # (of a unit face down to ``seat``, the mean over the units it could be)
                        worth += max(self.mean_seen(g, u, seat, hurt) for u in hostile)
                    elif near:
                        worth -= 0.2  # the 目标 can be chosen out of reach: nothing happens
        return worth

    def hp_weight(self, unit: Unit) -> float:
        return 1.0 if unit.kind == "agent" else 0.7 if unit.kind == "minion" else 0.05

    def attack_value(
        self,
        g: TacticsGame,
        attacker: Unit,
        profile: Profile,
        target: Unit,
        cell: Cell | None = None,
        facing: str | None = "keep",
        range_bonus: int = 0,
        hit_bonus: int = 0,
        steps: int | None = None,
        counter: bool = False,
        costs: bool = True,
        dodge: bool = True,
    ) -> float | None:
        """The worth of attacking ``target`` with ``profile`` from ``cell`` (default: where ``attacker`` stands);
        None when it cannot hit. An own or friendly target is worth its loss, negatively. With ``dodge``, a target
        that can step out of reach in answer (:meth:`escapes`) is worth a fraction of it."""
        start = cell if cell is not None else attacker.pos
        spot_to = target.pos
        if start is None or spot_to is None or target is attacker or target.gone:
            return None
        dx, dy = abs(start[0] - spot_to[0]), abs(start[1] - spot_to[1])
        if (max(dx, dy) if g.board.adjacency == 8 else dx + dy) > self.reach_bound(g, attacker, range_bonus) + (
            steps or 0
        ):
            return None  # out of every reach (a quick bound before the exact check)
        look = None if attacker.kind == "obstacle" else attacker.facing if facing == "keep" else facing
        move = self.mobility(g, attacker, profile) if steps is None else steps
        found = self._strike(g, attacker, profile, target, start, look, move, range_bonus, hit_bonus, counter, dodge)
        if found is None:
            return None
        worth, spot, friendly = found
        if friendly or not costs:
            return worth
        urgency = self.urgency(g)
        return worth * (1.0 + urgency) - max(0.1, 1.0 - 0.7 * urgency) * self.retaliation(g, attacker, target, spot, counter)

    def _strike(self, g: TacticsGame, attacker: Unit, profile: Profile, target: Unit, start: Cell, look: str | None,
                move: int, range_bonus: int, hit_bonus: int, counter: bool,
                dodge: bool) -> tuple[float, Cell, bool] | None:  # fmt: skip
        """:meth:`attack_value` without its costs, from ``start`` facing ``look`` after ``move`` steps: (worth, the
        cell it fires from, whether the target is friendly: then the worth is its loss, final), or None."""
        pair = self._pair(g, attacker, profile, target)
        return self._strike_pair(g, attacker, profile, target, pair, start, look, move, range_bonus, hit_bonus,
                                 counter, dodge)  # fmt: skip

    def _pair(self, g: TacticsGame, attacker: Unit, profile: Profile, target: Unit) -> list[Any]:
        """The pair of :meth:`_strike_pair`, kept for the decision."""
        key = ("pair", attacker.uid, profile.name, id(profile.profile), target.uid)
        pair: list[Any] | None = self._memo.get(key)
        if pair is None:
            pair = self._memo[key] = [*self._aim(g, attacker, profile), None, {}]
        return pair

    def _guess_pairs(self, g: TacticsGame, attacker: Unit, profile: Profile,
                     target: Unit) -> list[tuple[Unit, list[Any]]]:  # fmt: skip
        """Each unit ``target`` (face down to ``attacker``'s seat) could be (:meth:`guesses`) with its :meth:`_pair`,
        kept for the decision."""
        key = ("guess pairs", attacker.uid, profile.name, id(profile.profile), target.uid)
        found: list[tuple[Unit, list[Any]]] | None = self._memo.get(key)
        if found is None:
            found = self._memo[key] = [(guess, self._pair(g, attacker, profile, guess))
                                       for guess in self.guesses(g, target, attacker.seat)]  # fmt: skip
        return found

    def _attack_plans(self, g: TacticsGame, unit: Unit) -> list[tuple[Profile, int, dict[int, list[Any]]]]:
        """Per attack of ``unit`` (:meth:`all_profiles`): (profile, :meth:`mobility`, its pairs by target uid, as
        they are needed), kept for the decision."""
        key = ("attack plans", unit.uid)
        found: list[tuple[Profile, int, dict[int, list[Any]]]] | None = self._memo.get(key)
        if found is None:
            found = self._memo[key] = [(p, self.mobility(g, unit, p), {}) for p in self.all_profiles(g, unit)]
        return found

    def _strike_pair(self, g: TacticsGame, attacker: Unit, profile: Profile, target: Unit, pair: list[Any],
                     start: Cell, look: str | None, move: int, range_bonus: int, hit_bonus: int, counter: bool,
                     dodge: bool) -> tuple[float, Cell, bool] | None:  # fmt: skip
        """:meth:`_strike` with what the pair (attacker, profile, target) depends on in hand: [range low, high,
        穿墙, :meth:`_hit` (None until the attack first lands), the outcomes by hit result modifier]."""
        spot_to = target.pos
        assert spot_to is not None
        low, high, through, hit, outcomes = pair
        high += range_bonus
        board = g.board
        if move <= 0:
            dx, dy = abs(start[0] - spot_to[0]), abs(start[1] - spot_to[1])
            if (max(dx, dy) if board.adjacency == 8 else dx + dy) > high + move:
                return None
            if look is None:
                spot = start if board.in_sight(start, spot_to, low, high, through) else None
            else:
                side, rear = self.vision(g, attacker)
                spot = start if board.in_sight(start, spot_to, low, high, through, look, side, rear) else None
        else:
            spot = self._fire(g, attacker, low, high, through, start, look, spot_to, move)
        if spot is None:
            return None
        return self._landed(g, attacker, profile, target, pair, spot, start, look, move, range_bonus, hit_bonus,
                            counter, dodge)  # fmt: skip

    def _landed(self, g: TacticsGame, attacker: Unit, profile: Profile, target: Unit, pair: list[Any], spot: Cell,
                start: Cell, look: str | None, move: int, range_bonus: int, hit_bonus: int, counter: bool,
                dodge: bool) -> tuple[float, Cell, bool]:  # fmt: skip
        """:meth:`_strike_pair` once the attack is known to land from ``spot``: what it is worth (on a target face down
        to the attacker's seat, the mean over the units it could be)."""
        if self.unseen(target, attacker.seat):
            return self._landed_guesses(g, attacker, profile, target, spot, start, look, move, range_bonus, hit_bonus,
                                        counter, dodge)  # fmt: skip
        spot_to = target.pos
        assert spot_to is not None
        low, high, through, hit, outcomes = pair
        high += range_bonus
        if hit is None:
            hit = pair[3] = self._hit(g, attacker, profile, target)
        speed, hit_mod, damage, weight, kill_worth, friendly, cover_from, pit_to, cover_number = hit
        modifier = hit_mod + hit_bonus + self._cover(g, spot, spot_to, cover_from, cover_number) + (
            -1 if pit_to and spot != spot_to else 0  # (T17: from outside the target's pit, another pit too)
        )
        found = outcomes.get(modifier)
        if found is None:
            found = outcomes[modifier] = self.outcome(g, target, speed, modifier, damage)
        lost, used, kill = found
        worth = lost * weight + used * 0.5 + kill * kill_worth
        if friendly:
            return -worth - 1.0, spot, True
        if dodge and not counter and self.dodge_steps(g, target) > 0:
            worth = self._dodged_worth(g, attacker, profile, target, start, look, move, range_bonus, worth)
        return worth, spot, False

    def _landed_guesses(self, g: TacticsGame, attacker: Unit, profile: Profile, target: Unit, spot: Cell, start: Cell,
                        look: str | None, move: int, range_bonus: int, hit_bonus: int, counter: bool,
                        dodge: bool) -> tuple[float, Cell, bool]:  # fmt: skip
        """:meth:`_landed` on a target face down to the attacker's seat: the mean over the units it could be
        (:meth:`_landed` of each guess, written out: they stand on one cell, so the cover and the pit are read once
        for each set of cover cells)."""
        total = 0.0  # (added up in order, as sum() did)
        first: bool | None = None
        each = self._guess_pairs(g, attacker, profile, target)
        spot_to = target.pos  # (every guess stands where the face-down unit does)
        assert spot_to is not None
        covers: dict[int, int] = {}
        for guess, pair in each:  # (a guess is never face down itself)
            hit = pair[3]
            if hit is None:
                hit = pair[3] = self._hit(g, attacker, profile, guess)
            speed, hit_mod, damage, weight, kill_worth, friendly, cover_from, pit_to, cover_number = hit
            covered = covers.get(cover_number)
            if covered is None:
                covered = covers[cover_number] = self._cover(g, spot, spot_to, cover_from, cover_number)
            modifier = hit_mod + hit_bonus + covered
            if pit_to and spot != spot_to:
                modifier -= 1
            outcomes = pair[4]
            found = outcomes.get(modifier)
            if found is None:
                found = outcomes[modifier] = self.outcome(g, guess, speed, modifier, damage)
            lost, used, kill = found
            worth = lost * weight + used * 0.5 + kill * kill_worth
            if friendly:
                worth = -worth - 1.0
            elif dodge and not counter and self.dodge_steps(g, guess) > 0:
                worth = self._dodged_worth(g, attacker, profile, guess, start, look, move, range_bonus, worth)
            total += worth
            if first is None:
                first = bool(friendly)
        return total / len(each), spot, bool(first)

    def _dodged_worth(self, g: TacticsGame, attacker: Unit, profile: Profile, target: Unit, start: Cell,
                      look: str | None, move: int, range_bonus: int, worth: float) -> float:  # fmt: skip
        """The worth of an attack that lands on ``target``, which can step aside (:meth:`dodge_steps`)."""
        # it steps out of reach in answer (a response or special move everyone can see): the attack is worth
        # little, but where it takes a response (a token, an ability that taps) it spends that, and the next
        # attack may land. Any facing (None) is a facing the attacker picks before the target steps: the target
        # escapes when it escapes every facing the attacker could pick to hit it
        key = ("dodged", attacker.uid, profile.name, id(profile.profile), target.uid, start, look, move, range_bonus)
        memo = self._memo
        found: bool | None = memo.get(key)  # (None: it does not step out of reach; else whether that spends)
        if found is None and key not in memo:
            found = memo[key] = self._dodges(g, attacker, profile, target, start, look, move, range_bonus)
        if found is not None:
            if self._dodged.get(self._label(target), 0) >= FUTILE:
                worth *= DODGED * DODGED  # it has stepped away every time: spending its means gains nothing
            else:
                worth = worth * DODGED + (DODGE_SPENT if found else 0.0)
        return worth

    def _dodges(self, g: TacticsGame, attacker: Unit, profile: Profile, target: Unit, start: Cell, look: str | None,
                move: int, range_bonus: int) -> bool | None:  # fmt: skip
        """For :meth:`_dodged_worth`: None when ``target`` cannot step out of reach of the attack, else whether
        stepping out of reach spends more than its special abilities (kept for the decision: it depends on where
        the two stand, the attack's range and the means of each, as :meth:`escapes` does)."""
        spot_to = target.pos
        assert spot_to is not None
        low, high, through = self._aim(g, attacker, profile)
        high += range_bonus
        looks: list[str | None]
        if look is not None or attacker.kind == "obstacle" or move > 0:
            looks = [look]
        else:  # the facings from which it hits (:meth:`_fire` of an attack that does not move first, written out)
            dx, dy = abs(start[0] - spot_to[0]), abs(start[1] - spot_to[1])
            if (max(dx, dy) if g.board.adjacency == 8 else dx + dy) > high + move:
                looks = []
            else:
                in_sight = g.board.in_sight
                side, rear = self.vision(g, attacker)
                looks = [f for f in FACINGS if in_sight(start, spot_to, low, high, through, f, side, rear)]
        if looks and all(self.escapes(g, attacker, profile, start, f, target, move, range_bonus) for f in looks):
            return not all(
                self.escapes(g, attacker, profile, start, f, target, move, range_bonus, special_only=True)
                for f in looks
            )
        return None

    def dodge_steps(self, g: TacticsGame, unit: Unit) -> int:
        """How far ``unit`` can step aside in answer to an attack, by what everyone can see: the response and
        special abilities of the unit, its equipment and its statuses that move it, when they can be paid for now,
        and the token cards its owner holds (全息诱饵: gaining one is done in the open, §7.4.2; the rest of the hand
        is hidden and not counted). One response answers the attack; a special ability may be used at the
        response window and again at 攻击时, before the range check (T21, T26). 0 when it cannot move."""
        key = ("dodge", unit.uid)
        found = self._memo.get(key)
        if found is not None:
            return int(found)
        response = special = 0
        if unit.pos is not None and unit.kind != "obstacle" and unit.seat and not self.cannot(g, unit, "move"):
            held = g.player(unit.seat).hand
            tokens = [c for c in held if c.token]
            payable = len(held) - len(tokens)  # a token cannot be mortgaged (§8.2)
            kit = self.kit(g, unit)
            # what it depends on besides the unit's kit: whether it is tapped (横置 costs), the open tokens of its
            # owner and how many cards the hand holds (mortgage and discard costs): kept with the kit
            means = ("dodge", unit.tapped, unit.seat, tuple([(c.uid, c.id, c.face, c.tapped) for c in tokens]),
                     len(held), payable)  # fmt: skip
            both: tuple[int, int] | None = kit[5].get(means)
            if both is None:
                both = kit[5][means] = self._dodge_means(g, unit, tokens, payable)
            response, special = both
        steps = response + special
        self._memo[key] = steps
        self._memo[("dodge_special", unit.uid)] = special
        return steps

    def _dodge_means(self, g: TacticsGame, unit: Unit, tokens: list[Card], payable: int) -> tuple[int, int]:
        """(steps of its best response move, steps of its special moves) for :meth:`dodge_steps`."""
        response = special = 0
        sources: list[Any] = [unit, *unit.equipment, *unit.statuses, *tokens]
        respond = not self.cannot(g, unit, "respond")
        for source in sources:
            for ability in self.texts(g, source):
                if ability.kind == "response" and respond:
                    uses = min(1, _uses(g, ability, source, unit.seat, payable))
                elif ability.kind == "special":
                    uses = _uses(g, ability, source, unit.seat, payable)
                else:
                    continue
                for effect in _flat(ability.sentences):
                    if isinstance(effect, A.Move) and _is_self(effect.ref):
                        if ability.kind == "response":
                            response = max(response, _steps(g, unit, effect) * uses)
                        else:
                            special = max(special, _steps(g, unit, effect) * uses)
        return response, special

    def escapes(self, g: TacticsGame, attacker: Unit, profile: Profile, start: Cell, look: str | None, target: Unit,
                move: int, range_bonus: int, special_only: bool = False) -> bool:  # fmt: skip
        """Whether ``target`` can step (:meth:`dodge_steps`) to a cell that ``attacker``, declaring from
        ``start``, can no longer hit with ``profile`` (the response comes before the attack's own move, T21).
        ``special_only``: with its special abilities alone (they cost nothing that lasts: a mortgaged card
        comes back)."""
        steps = self.dodge_steps(g, target)
        if special_only:
            steps = int(self._memo.get(("dodge_special", target.uid), 0))
        if steps <= 0 or target.pos is None:
            return False
        key = ("escapes", attacker.uid, start, look, profile.name, target.uid, move, range_bonus, steps)
        found = self._memo.get(key)
        if found is None:
            # it depends on the cells the target reaches (their search), where the attacker declares from, its range
            # and vision or, when it moves first, what blocks its way: kept by those, across decisions
            number, cells = self._reach(g, target, target.pos, steps)
            low, high, through = self._aim(g, attacker, profile)
            high += range_bonus
            if move > 0:
                means: Any = (None, self._number(g, self.blocked(g, attacker)))
            else:
                means = (look, self.vision(g, attacker) if look is not None else None)
            geo = self._geometry(g)
            known = ("escapes", number, start, low, high, through, move, means)
            found = geo.get(known)
            if found is None:
                if move > 0:
                    found = any(
                        self._fire(g, attacker, low, high, through, start, look, cell, move, target.pos) is None
                        for cell in cells
                    )
                else:  # :meth:`_fire` of an attack that does not move first, written out
                    board = g.board
                    eight = board.adjacency == 8
                    in_sight = board.in_sight
                    x, y = start
                    side, rear = means[1] if look is not None else (False, False)
                    found = False
                    for cell in cells:
                        dx, dy = abs(x - cell[0]), abs(y - cell[1])
                        if (max(dx, dy) if eight else dx + dy) > high + move or not in_sight(
                            start, cell, low, high, through, look, side, rear
                        ):
                            found = True
                            break
                geo[known] = found
            self._memo[key] = found
        return bool(found)

    def _number(self, g: TacticsGame, cells: Any) -> int:
        """A number for a set or list of cells, the same for the same cells while the board stays (for keys)."""
        geo = self._geo
        if g.board is not self._board or len(geo) > 200_000:
            geo = self._geometry(g)
        key = ("cells", cells if isinstance(cells, frozenset) else tuple(cells))
        found: int | None = geo.get(key)
        if found is None:
            self._searches += 1
            found = geo[key] = self._searches
        return found

    def _cover(self, g: TacticsGame, spot: Cell, target: Cell, cover_from: list[Cell], number: int) -> int:
        """:meth:`Board.cover` from ``spot`` to ``target`` by the obstacles ``cover_from`` (numbered ``number``,
        :meth:`_number`), kept while the board stays."""
        geo = self._geo
        if g.board is not self._board or len(geo) > 200_000:
            geo = self._geometry(g)
        key = ("cover", spot, target, number)
        found: int | None = geo.get(key)
        if found is None:
            found = geo[key] = g.board.cover(spot, target, cover_from)
        return found

    def pin_worth(self, g: TacticsGame, unit: Unit, ref: A.Node, spent: bool = False) -> float:
        """无法移动 on an enemy that would dodge: the best attack of ``unit``'s side that lands once it cannot.
        The whole attack, not what it gains over the dodged one: the pin comes first and the attack still follows,
        while attacking first leaves nothing for the pin to do. ``spent``: ``unit`` itself cannot attack after
        (pinning taps it)."""
        strikers = [u for u in g.player(unit.seat).units
                    if not u.tapped and u.pos is not None and not u.gone and not (spent and u is unit)]  # fmt: skip

        def worth(target: Unit) -> float | None:
            if not target.seat or not g.hostile(unit.seat, target.seat):
                return None
            if max(self.dodge_steps(g, t) for t in self.seen_as(g, target, unit.seat)) <= 0:
                return None  # (face down: it could be a unit that steps aside)
            gain = 0.0
            for striker in strikers:
                if self.cannot(g, striker, "attack"):
                    continue
                for profile in self.all_profiles(g, striker):
                    pinned = self.attack_value(g, striker, profile, target, dodge=False)
                    if pinned is None:
                        continue
                    free = self.attack_value(g, striker, profile, target)
                    if free is None or free < pinned:
                        gain = max(gain, pinned)
            return gain

        values = [v for u in self._targets(g, unit, ref) if (v := worth(u)) is not None]
        return max(values) if values else 0.0

    def retaliation(self, g: TacticsGame, attacker: Unit, target: Unit, spot: Cell, counter: bool) -> float:
        """What attacking ``target`` from ``spot`` costs: its counterattack (unless this is one) and armour
        that hurts attackers (被攻击后：对攻击者造成 N 点伤害); of a target face down to the attacker's seat, the mean
        over the units it could be (each facing every way)."""
        key = ("retaliation", attacker.uid, target.uid, spot, counter)
        found: float | None = self._memo.get(key)
        if found is None:  # (kept for the decision: it reads the units as they stand and what the decision keeps)
            found = self._memo[key] = self._retaliation(g, attacker, target, spot, counter)
        return found

    def _retaliation(self, g: TacticsGame, attacker: Unit, target: Unit, spot: Cell, counter: bool) -> float:
        """:meth:`retaliation`, worked out."""
        if self.unseen(target, attacker.seat):
            return self.mean_seen(g, target, attacker.seat, lambda guess: self.retaliation(g, attacker, guess, spot,
                                                                                         counter))  # fmt: skip
        key = ("armour", attacker.uid, target.uid)
        cost: float | None = self._memo.get(key)
        if cost is None:
            cost = self._memo[key] = self._armour_cost(g, attacker, target)
        hostile = g.hostile
        if counter or not target.seat or not hostile(target.seat, g.active) or not hostile(target.seat, attacker.seat):
            return cost  # (no counterattack but in an enemy's turn, against a hostile attacker: §13.1.2, T22)
        if target.kind == "obstacle" or self.cannot(g, target, "attack"):
            return cost
        options = [p for p in g.profiles(target) if p.weapon is not None]
        if not target.tapped:
            options += g.profiles(target, built_in_only=True)
        best = 0.0
        for profile in options:
            back = self.threat_of(g, target, profile, attacker, spot, target.pos, target.facing)
            best = max(best, back)
        return cost + best

    def _armour_cost(self, g: TacticsGame, attacker: Unit, target: Unit) -> float:
        """What ``target``'s 被攻击后 texts cost ``attacker`` (armour that hurts attackers, 猎杀令 on the target, a discard)
        for :meth:`retaliation`; it does not depend on where they stand (kept for the decision)."""
        cost = 0.0
        for source in [target, *target.equipment, *target.statuses]:
            for ability in self.texts(g, source):
                if ability.kind == "triggered" and ability.timing == "after_attacked":
                    for effect in _flat(ability.sentences):
                        if isinstance(effect, A.Damage) and isinstance(effect.ref, A.Fixed):
                            if effect.ref.ref == "attacker":
                                cost += self.damage_cost(g, attacker, effect.amount)
                            elif effect.ref.ref in ("attached", "wearer", "self_unit") and isinstance(source, Card):
                                cost -= min(effect.amount, target.hp) * self.hp_weight(target)  # 猎杀令
                        elif isinstance(effect, A.Discard) and effect.who == "opponent":
                            cost += 0.4 * effect.count
        return cost

    def damage_cost(self, g: TacticsGame, unit: Unit, amount: int) -> float:
        """The worth to its side of ``unit`` taking ``amount`` damage for sure."""
        absorb = unit.shield + unit.temp_hp + sum(
            max(0, c.shield_left if c.shield_left is not None else c.record.equipment.shield or 0) for c in unit.equipment
        )
        through = max(0, amount + g.stat_bonus(unit, "damage_taken") - absorb)
        cost = min(through, unit.hp) * self.hp_weight(unit)
        if through >= unit.hp:
            cost += self.unit_worth(g, unit, 0)
        return cost

    def threat_of(
        self,
        g: TacticsGame,
        enemy: Unit,
        profile: Profile,
        victim: Unit,
        cell: Cell,
        at: Cell | None = None,
        facing: str | None = "keep",
        obstacles: list[Cell] | None = None,
        extra_steps: int = 0,
        steps: int | None = None,
    ) -> float:
        """The worth to its side of what ``enemy`` (on ``at``, facing ``facing``) does to ``victim`` standing
        on ``cell`` with one attack of ``profile``; 0 when it cannot hit."""
        at = at if at is not None else enemy.pos
        if at is None:
            return 0.0
        look = enemy.facing if facing == "keep" else facing
        if steps is None:
            steps = max(self.mobility(g, enemy, profile), extra_steps)
        low, high, through = self._aim(g, enemy, profile)
        spot = self._fire(g, enemy, low, high, through, at, look, cell, steps)
        if spot is None:
            return 0.0
        speed, hit, damage, weight, kill_worth = self._hit(g, enemy, profile, victim)[:5]
        board = g.board
        if obstacles is None:  # (:meth:`Board.cover`, kept while the board stays: :meth:`_cover`)
            cover_from, number = self._obstacles_numbered(g)
        else:
            cover_from, number = obstacles, self._number(g, obstacles)
        cover = self._cover(g, spot, cell, cover_from, number)
        pit = -1 if board.is_pit(cell) and spot != cell else 0
        lost, used, kill = self.outcome(g, victim, speed, hit + cover + pit, damage)
        return lost * weight + used * 0.3 + kill * kill_worth

    # -- where to stand

    def threat(self, g: TacticsGame, unit: Unit, cell: Cell, obstacles: list[Cell] | None = None) -> float:
        """What the enemies could do to ``unit`` on ``cell`` in their next turn, each with its best attack
        (:meth:`threat_of`, with what does not depend on the cell worked out once a decision: :meth:`_enemy_plans`)."""
        obstacle_key = tuple(obstacles) if obstacles is not None else None
        return self._threat(g, unit, cell, obstacles, self.loadout(unit), self.world(g, unit.seat), obstacle_key)

    def _threat(self, g: TacticsGame, unit: Unit, cell: Cell, obstacles: list[Cell] | None, loadout: int, world: int,
                obstacle_key: tuple[Cell, ...] | None) -> float:  # fmt: skip
        """:meth:`threat` with the unit's :meth:`loadout`, its side's :meth:`world` and the obstacles as a key."""
        key = ("threat", loadout, cell, obstacle_key, world)
        found = self._lasting.get(key)
        if found is not None:
            return float(found)
        total = 0.0
        board = g.board
        eight = board.adjacency == 8
        cover = board.cover
        is_pit = board.is_pit
        first_in_sight = board.first_in_sight
        in_sight = board.in_sight
        if obstacles is None:
            cover_from, cover_number = self._obstacles_numbered(g)
        else:
            cover_from, cover_number = obstacles, self._number(g, obstacles)
        pit_here = is_pit(cell)
        geo = self._geometry(g)
        x, y = cell
        uid = unit.uid
        for at, bound, attacks in self._enemy_plans(g, unit.seat):
            dx, dy = abs(at[0] - x), abs(at[1] - y)
            if (max(dx, dy) if eight else dx + dy) > bound or attacks is None:
                continue
            best = 0.0
            for plan in attacks:
                attacker, profile, low, high, through, look, steps, side, rear, number, spots, victims = plan
                if (max(dx, dy) if eight else dx + dy) > high + steps:
                    continue  # out of reach whatever the way
                if number is None:
                    spot = at if in_sight(at, cell, low, high, through, look, side, rear) else None
                else:
                    fire_key = (number, cell, low, high, through)
                    spot = geo.get(fire_key, False)
                    if spot is False:
                        spot = geo[fire_key] = first_in_sight(spots, cell, low, high, through)
                if spot is None:
                    continue
                hit = victims.get(uid)
                if hit is None:
                    hit = victims[uid] = (self._hit(g, attacker, profile, unit), {})
                (speed, hit_mod, damage, weight, kill_worth, *_), outcomes = hit
                cover_key = ("cover", spot, cell, cover_number)
                covered = geo.get(cover_key)
                if covered is None:
                    covered = geo[cover_key] = cover(spot, cell, cover_from)
                modifier = hit_mod + covered + (-1 if pit_here and spot != cell else 0)
                result = outcomes.get(modifier)
                if result is None:
                    result = outcomes[modifier] = self.outcome(g, unit, speed, modifier, damage)
                lost, used, kill = result
                worth = lost * weight + used * 0.3 + kill * kill_worth
                if worth > best:  # (max(best, worth), written out)
                    best = worth
            total += best
        self._lasting[key] = total
        return total

    def _enemy_plans(self, g: TacticsGame, seat: int) -> list[tuple[Cell, int, list[list[Any]] | None]]:
        """Per enemy of ``seat`` (:meth:`foes`), what its threat to a cell depends on besides the cell, kept for the
        decision: (where it stands, :meth:`reach_bound`, per attack [the attacker, profile, range low, high, 穿墙,
        facing, steps first, side and rear vision, the number and cells of the move first (None, None when it does
        not move), what it does to each victim (by uid, worked out as needed)], or None when it cannot attack). An
        enemy face down to ``seat`` is each unit it could be (:meth:`guesses`) facing every way: the attacks of them
        all, so that its threat is the worst of them (the bound the farthest)."""
        key = ("enemy plans", seat)
        found: list[tuple[Cell, int, list[list[Any]] | None]] | None = self._memo.get(key)
        if found is None:
            found = []
            for foe in self.foes(g, seat):
                assert foe.pos is not None
                bound = -1
                attacks: list[list[Any]] | None = None
                for enemy in self.seen_as(g, foe, seat):
                    bound = max(bound, self.reach_bound(g, enemy))
                    if self.cannot(g, enemy, "attack"):
                        continue
                    extra = self.striker_steps(g, enemy)
                    side, rear = self.vision(g, enemy)
                    attacks = attacks or []
                    for profile in self.all_profiles(g, enemy):
                        steps = max(self.mobility(g, enemy, profile), extra)
                        number, spots = self._reach(g, enemy, foe.pos, steps) if steps > 0 else (None, None)
                        attacks.append([enemy, profile, *self._aim(g, enemy, profile), enemy.facing, steps, side, rear,
                                        number, spots, {}])  # fmt: skip
                found.append((foe.pos, bound, attacks))
            self._memo[key] = found
        return found

    def opportunity(self, g: TacticsGame, unit: Unit, cell: Cell, facing: str | None = None) -> float:
        """The best attack ``unit`` on ``cell`` (facing ``facing``; None: the best facing) could make next turn."""
        return self._opportunity(g, unit, cell, facing, self.loadout(unit), self.world(g, unit.seat))

    def _opportunity(self, g: TacticsGame, unit: Unit, cell: Cell, facing: str | None, loadout: int,
                     world: int) -> float:  # fmt: skip
        """:meth:`opportunity` with the unit's :meth:`loadout` and its side's :meth:`world`."""
        key = ("opportunity", loadout, cell, facing, world)
        found = self._lasting.get(key)
        if found is not None:
            return float(found)
        best = 0.0
        if not self.cannot(g, unit, "attack"):
            bound = self.reach_bound(g, unit)
            eight = g.board.adjacency == 8
            x, y = cell
            seat = unit.seat
            unseen = self.unseen
            foes = []
            for e in self.foes(g, seat):
                pos = e.pos
                if pos is not None:
                    dx, dy = abs(x - pos[0]), abs(y - pos[1])
                    if (max(dx, dy) if eight else dx + dy) <= bound:
                        foes.append((e, pos, unseen(e, seat)))
            if foes:
                look = None if unit.kind == "obstacle" else unit.facing if facing == "keep" else facing
                board = g.board
                in_sight = board.in_sight
                geo = self._geometry(g)
                side = rear = False
                if look is not None:
                    side, rear = self.vision(g, unit)
                dodges: dict[int, int] = {}
                for profile, move, pairs in self._attack_plans(g, unit):
                    for enemy, spot_to, face_down in foes:
                        pair = pairs.get(enemy.uid)
                        if pair is None:
                            pair = pairs[enemy.uid] = self._pair(g, unit, profile, enemy)
                        low, high, through = pair[0], pair[1], pair[2]
                        dx, dy = abs(x - spot_to[0]), abs(y - spot_to[1])
                        if (max(dx, dy) if eight else dx + dy) > high + move:
                            continue  # out of reach whatever the way (:meth:`_fire`'s quick bound)
                        if move <= 0:  # :meth:`_strike_pair`, the attack that does not move first written out
                            if not in_sight(cell, spot_to, low, high, through, look, side, rear):
                                continue
                            spot = cell
                        else:
                            fired = self._fire(g, unit, low, high, through, cell, look, spot_to, move)
                            if fired is None:
                                continue
                            spot = fired
                        if face_down:  # the mean over the units it could be
                            worth = self._landed(g, unit, profile, enemy, pair, spot, cell, look, move, 0, 0, False,
                                                 True)[0]  # fmt: skip
                            if worth > best:  # (max(best, worth), written out)
                                best = worth
                            continue
                        # :meth:`_landed`, written out
                        hit = pair[3]
                        if hit is None:
                            hit = pair[3] = self._hit(g, unit, profile, enemy)
                        speed, hit_mod, damage, weight, kill_worth, friendly, cover_from, pit_to, cover_number = hit
                        cover_key = ("cover", spot, spot_to, cover_number)
                        covered = geo.get(cover_key)
                        if covered is None:
                            covered = geo[cover_key] = board.cover(spot, spot_to, cover_from)
                        modifier = hit_mod + covered + (-1 if pit_to and spot != spot_to else 0)
                        outcomes = pair[4]
                        result = outcomes.get(modifier)
                        if result is None:
                            result = outcomes[modifier] = self.outcome(g, enemy, speed, modifier, damage)
                        lost, used, kill = result
                        worth = lost * weight + used * 0.5 + kill * kill_worth
                        if friendly:
                            worth = -worth - 1.0
                        else:
                            steps = dodges.get(enemy.uid)  # (:meth:`dodge_steps`, asked once a call)
                            if steps is None:
                                steps = dodges[enemy.uid] = self.dodge_steps(g, enemy)
                            if steps > 0:
                                worth = self._dodged_worth(g, unit, profile, enemy, cell, look, move, 0, worth)
                        if worth > best:  # (max(best, worth), written out)
                            best = worth
        self._lasting[key] = best
        return best

    def exposure(self, g: TacticsGame, unit: Unit, cell: Cell) -> bool:
        """Whether a hidden ``unit`` on ``cell`` would be exposed: an enemy has it in sight (line of sight, T16) at
        distance 0-1, whichever way that enemy faces (§8.4, T23): :meth:`BoardRules.check_exposure`'s rule, for a
        cell the unit is not on yet (so an enemy's facing, and whether this seat knows it, do not matter)."""
        board = g.board
        distance, line_of_sight = board.distance, board.line_of_sight
        for enemy in self.foes(g, unit.seat):
            assert enemy.pos is not None
            d = distance(enemy.pos, cell)
            if d is not None and d <= 1 and line_of_sight(enemy.pos, cell):
                return True
        return False

    def hidden_gain(self, g: TacticsGame, unit: Unit) -> float:
        """What staying hidden is worth to ``unit``: its texts that need 处于隐蔽状态."""
        key = ("hidden_gain", unit.uid)
        if key not in self._memo:
            gain = 0.0
            for ability in self._attack_texts(g, unit, None):
                for sentence in ability.sentences:
                    for effect in sentence.effects:
                        if isinstance(effect, A.If) and _mentions_state(effect.condition, "hidden"):
                            gain += 0.6
            self._memo[key] = gain
        return float(self._memo[key])

    def stand_value(
        self, g: TacticsGame, unit: Unit, cell: Cell, obstacles: list[Cell] | None = None, facing: str | None = None
    ) -> float:
        """The worth of ``unit`` ending its turn on ``cell``: attacks offered next turn, less the threat there."""
        loadout, world = self.loadout(unit), self.world(g, unit.seat)
        obstacle_key = tuple(obstacles) if obstacles is not None else None
        key = ("stand", loadout, cell, obstacle_key, facing, world)
        found = self._lasting.get(key)
        if found is not None:
            return float(found)
        foes = self.foes(g, unit.seat)
        if not foes:
            value = 0.0
        else:
            urgency = self.urgency(g)
            threat = self.threat_weight * max(0.0, 1.0 - 0.7 * urgency) * self._threat(
                g, unit, cell, obstacles, loadout, world, obstacle_key
            )
            value = self.opportunity_weight * self._opportunity(g, unit, cell, facing, loadout, world) - threat
            near = g.board.nearest(cell, self._foe_cells(g, unit.seat))
            if near is None:
                near = min(g.board.through_wall(cell, e.pos) for e in foes if e.pos is not None) + 6
            value -= self.approach * (1.0 + 3.0 * urgency) * near
            value -= self.in_line * self.lines(g, unit, cell, obstacles)
            if unit.hidden and self.exposure(g, unit, cell):
                value -= HIDDEN + self.hidden_gain(g, unit)
            if g.board.is_pit(cell):
                value -= 0.3
        self._lasting[key] = value
        return value

    def lines(self, g: TacticsGame, unit: Unit, cell: Cell, obstacles: list[Cell] | None = None) -> int:
        """Enemies 1-4 steps from ``cell`` with a clear line of sight to it and no cover on that line. It depends on
        the terrain, the cell, where the enemies stand and the cells that give cover: kept by those while the board
        stays (:meth:`_geometry`), across decisions."""
        if obstacles is None:
            cover_from, number = self._obstacles_numbered(g)
        else:
            cover_from, number = obstacles, self._number(g, obstacles)
        foes = self._foe_cells(g, unit.seat)
        key = ("lines", cell, self._foe_key(g, unit.seat), number)
        geo = self._geo  # (current: _obstacles_numbered and _number asked for it)
        found: int | None = geo.get(key)
        if found is None:
            board = g.board
            count = 0
            for pos in foes:
                d = board.distance(pos, cell)
                if d is not None and 1 <= d <= 4 and board.line_of_sight(pos, cell):
                    count += not self._cover(g, pos, cell, cover_from, number)
            found = geo[key] = count
        return found

    def strike_now(self, g: TacticsGame, unit: Unit, cell: Cell | None = None, facing: str | None = "keep",
                   range_bonus: int = 0, hit_bonus: int = 0, only: str | None = None, steps: int | None = None,
                   weapons: bool = True) -> tuple[float, Profile | None, Unit | None]:  # fmt: skip
        """The best attack ``unit`` can make now (from ``cell``): (worth, profile, target); worth 0 when none."""
        if self.cannot(g, unit, "attack"):
            return 0.0, None, None
        key = ("strike", self.loadout(unit), unit.pos, unit.facing, cell, facing, range_bonus, hit_bonus, only, steps,
               weapons, self.world(g, unit.seat), self._obstacle_key(g))  # fmt: skip
        found: tuple[float, Profile | None, Unit | None] | None = self._lasting.get(key)
        if found is None:
            found = self._lasting[key] = self._strike_now(g, unit, cell, facing, range_bonus, hit_bonus, only,
                                                          steps, weapons)  # fmt: skip
        return found

    def _strike_now(self, g: TacticsGame, unit: Unit, cell: Cell | None, facing: str | None, range_bonus: int,
                    hit_bonus: int, only: str | None, steps: int | None,
                    weapons: bool) -> tuple[float, Profile | None, Unit | None]:  # fmt: skip
        best: tuple[float, Profile | None, Unit | None] = (0.0, None, None)
        profiles = g.profiles(unit, built_in_only=not weapons)
        if only is not None:
            profiles = [p for p in profiles if p.name == only]
        start = cell if cell is not None else unit.pos
        bound = self.reach_bound(g, unit, range_bonus) + (steps or 0)
        if start is None:
            return best
        key = ("strike targets", unit.seat)
        every: list[Unit] | None = self._memo.get(key)  # (the enemies and the obstacles, kept for the decision)
        if every is None:
            every = self._memo[key] = self.foes(g, unit.seat) + [o for o in g.obstacles if not o.gone
                                                                 and o.pos is not None]  # fmt: skip
        eight = g.board.adjacency == 8
        x, y = start
        targets = []
        for t in every:  # (:meth:`Board.through_wall`, written out)
            pos = t.pos
            if pos is not None:
                dx, dy = abs(x - pos[0]), abs(y - pos[1])
                if (max(dx, dy) if eight else dx + dy) <= bound:
                    targets.append(t)
        if not targets:
            return best
        look = None if unit.kind == "obstacle" else unit.facing if facing == "keep" else facing
        urgency = self.urgency(g)
        for profile in profiles:
            move = self.mobility(g, unit, profile) if steps is None else steps
            for target in targets:  # :meth:`attack_value` (the quick bound already checked), written out
                if target is unit:
                    continue
                found = self._strike_pair(g, unit, profile, target, self._pair(g, unit, profile, target), start, look,
                                          move, range_bonus, hit_bonus, False, True)  # fmt: skip
                if found is None:
                    continue
                value, spot, friendly = found
                if not friendly:
                    value = value * (1.0 + urgency) - max(0.1, 1.0 - 0.7 * urgency) * self.retaliation(
                        g, unit, target, spot, False
                    )
                if value > best[0]:
                    best = (value, profile, target)
        return best

    resupply_gain = CARD  # 物资补充 buys from the matrix shop
    draw_gain = CARD  # … or draws from the personal deck where there is no shop (单挑)
    patience = 8  # rounds before urgency starts to grow
    hurry = 24  # rounds for it to grow by 1

    def urgency(self, g: TacticsGame) -> float:
        """0 early in the game, 1 by round 32, 2 by round 56: a game that runs out of rounds is won by nobody,
        so the longer it lasts the less the player shies from an even exchange (and the less it heals and draws
        instead); by round 56 it no longer fears the enemies' fire at all."""
        return min(2.0, max(0.0, (g.round - self.patience) / self.hurry))

    def tap_cost(self, g: TacticsGame, unit: Unit) -> float:
        """What tapping ``unit`` now costs: no 正当防卫 against the enemies that could attack it next turn."""
        if unit.pos is None or unit.kind == "obstacle":
            return 0.0
        key = ("tap", unit.uid)
        if key in self._memo:
            return float(self._memo[key])
        cost = 0.05
        own = g.profiles(unit, built_in_only=True)
        if own and not unit.tapped:
            for enemy in self.foes(g, unit.seat):
                if enemy.pos is None or not any(
                    self.threat_of(g, foe, p, unit, unit.pos) > 0
                    for foe in self.seen_as(g, enemy, unit.seat) for p in self.all_profiles(g, foe)
                ):
                    continue
                for profile in own:
                    back = self.attack_value(g, unit, profile, enemy, costs=False)
                    if back is not None:
                        cost = max(cost, 0.45 * back)
        self._memo[key] = cost
        return cost

    # -- main-phase actions

    def main_value(self, g: TacticsGame, action: Action) -> float:
        """The worth of a main-phase action (ending the phase: 0), kept while the board and the hand stay."""
        source = action.source
        hand = self._hand_key(g, action.seat)
        key = (
            "main", action.kind, action.seat, action.unit.uid if action.unit else None,
            action.card.uid if action.card else None, action.face, action.index,
            getattr(source, "uid", None) or getattr(getattr(source, "record", None), "id", None),
            action.target.uid if action.target else None, *hand,
        )  # fmt: skip
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._main_value(g, action)
        return float(found)

    def _hand_key(self, g: TacticsGame, seat: int) -> tuple[Any, ...]:
        """What :meth:`main_value` keeps its worth by besides the action: ``seat``'s hand and mortgaged cards, an
        empty shop, the cards played this turn (worked out once a :meth:`scores` call: none of it changes then)."""
        call = self._call
        found = call.get(seat) if call is not None else None
        if found is None:
            player = g.player(seat)
            found = (tuple([c.uid for c in player.hand]), len(player.mortgage), len(g.shop) == 0,
                     tuple(sorted(self._played.items())))  # fmt: skip
            if call is not None:
                call[seat] = found
        return found

    def _main_value(self, g: TacticsGame, action: Action) -> float:  # noqa: C901
        kind = action.kind
        if kind == "end":
            return 0.0
        unit = action.unit
        if kind == "expose":
            return self.expose_value(g, unit)
        if unit is None or unit.pos is None:
            return -0.5
        if kind == "scavenge":
            if action.target is None:
                return -0.5
            plan = self.scavenge_plan(g, unit, action.target)
            return -0.5 if plan is None else plan[0]
        if kind == "play" and action.card is not None:
            return self.play_worth(g, action)
        if kind != "ability" or action.ability is None:
            return -0.5  # an action this player does not know
        record_id = getattr(getattr(action.source, "record", None), "id", "")
        if record_id == "strike":
            return self.strike_now(g, unit)[0] - self.tap_cost(g, unit)
        if record_id == "march":
            return self.march_value(g, unit, g.move_allowance(unit, 2, basic=True)) - self.tap_cost(g, unit)
        if record_id == "aim":
            return self.aim_value(g, unit)
        if record_id == "resupply":
            hand = len(g.player(action.seat).hand)
            gain = self.resupply_gain if g.mode.matrix_shop else self.draw_gain  # a shop card, or one more of the deck
            return (gain if hand < 7 else 0.2) * max(0.2, 1.0 - 0.5 * self.urgency(g)) - self.tap_cost(g, unit) - 0.35
        if record_id == "reinforce":
            return (4.0 if g.player(action.seat).standby else -1.0) - self.tap_cost(g, unit)
        return self.ability_worth(g, action)

    def march_value(self, g: TacticsGame, unit: Unit, steps: int, strike_after: bool = False) -> float:
        """The best gain of moving ``unit`` up to ``steps`` (T18); with ``strike_after``, then attacking from there."""
        assert unit.pos is not None
        if steps <= 0 or self.cannot(g, unit, "move"):
            return -0.5
        key = ("march", self.loadout(unit), unit.pos, unit.facing, steps, strike_after, self.world(g, unit.seat))
        found = self._lasting.get(key)
        if found is None:
            found = self._lasting[key] = self._march_value(g, unit, steps, strike_after)
        return float(found)

    def _march_value(self, g: TacticsGame, unit: Unit, steps: int, strike_after: bool) -> float:
        assert unit.pos is not None
        # staying keeps the facing; any move, even of 0 steps, turns the unit (T15)
        here = self.stand_value(g, unit, unit.pos, facing=unit.facing) + (self.strike_now(g, unit)[0] if strike_after else 0.0)
        best = here
        for cell in self.reach(g, unit, unit.pos, steps):
            value = self.stand_value(g, unit, cell)
            if strike_after:
                value += self.strike_now(g, unit, cell, None)[0]
            best = max(best, value)
        return best - here

    def aim_value(self, g: TacticsGame, unit: Unit) -> float:
        """瞄准 taps the unit: worth it before an attack card that does not tap it (稳定瞄准, 屏息凝神)."""
        best = -1.0
        player = g.player(unit.seat)
        for card in player.hand:
            record = card.record
            if record.cost.tap or record.is_response or not g.card_user_ok(card, unit, unit.seat):
                continue
            sentences = self._card_texts(g, card, "front")[0]  # (the same list each time: read once, :func:`_read`)
            if not any(isinstance(e, _ATTACKS) for e in _flat(sentences)):
                continue
            bonus = _range_bonus(sentences)
            before = self.strike_now(g, unit, range_bonus=bonus)[0]
            after = self.strike_now(g, unit, range_bonus=bonus, hit_bonus=1)[0]
            if before > 0:
                best = max(best, after - before - self.tap_cost(g, unit))
        return best

    def scavenge_plan(self, g: TacticsGame, unit: Unit, obstacle: Unit) -> tuple[float, Cell, Cell] | None:
        """正义的搜刮: the best (gain, cell for the agent, cell for the obstacle), pulling the obstacle into the
        enemies' line of fire; None when it cannot be done."""
        if unit.pos is None or obstacle.pos is None or unit.tapped:
            return None
        key = ("scavenge", unit.uid, obstacle.uid)
        if key in self._memo:
            found: tuple[float, Cell, Cell] | None = self._memo[key]
            return found
        board = g.board
        others = [c for c in self.obstacle_cells(g) if c != obstacle.pos]
        mine = [u for u in g.player(unit.seat).units if u is not unit and u.pos is not None and not u.dying]
        before = self.stand_value(g, unit, unit.pos, facing=unit.facing) + sum(
            -THREAT * self.threat(g, u, u.pos) for u in mine if u.pos
        )
        spots = board.reachable(obstacle.pos, 1, g.blocked_for(obstacle), g.mode.climb_cost)  # (no unit's cell, §5.2)
        best: tuple[float, Cell, Cell] | None = None
        for cell in self.reach(g, unit, unit.pos, 1):
            if board.distance(cell, obstacle.pos) not in (0, 1) or not board.line_of_sight(cell, obstacle.pos):
                continue
            for spot in spots:
                if spot == cell:
                    continue
                moved = [*others, spot]
                value = self.stand_value(g, unit, cell, moved) + sum(
                    -THREAT * self.threat(g, u, u.pos, moved) for u in mine if u.pos
                )
                value += LASTING_COVER * self.new_cover(g, unit, cell, obstacle.pos, moved)
                if best is None or value > best[0]:
                    best = (value, cell, spot)
        if best is not None:
            best = (best[0] - before - self.tap_cost(g, unit) - 0.1, best[1], best[2])
        self._memo[key] = best
        return best

    def new_cover(self, g: TacticsGame, unit: Unit, cell: Cell, old: Cell, moved: list[Cell]) -> int:
        """Enemies in sight of ``cell`` whose line to it the obstacle, moved from ``old``, now covers (cover that
        lasts beyond this turn, unlike a step out of a vision band)."""
        board = g.board
        before = [c for c in moved[:-1]] + [old]
        count = 0
        for enemy in self.foes(g, unit.seat):
            assert enemy.pos is not None
            if board.line_of_sight(enemy.pos, cell) and board.cover(enemy.pos, cell, moved) and not board.cover(
                enemy.pos, cell, before
            ):
                count += 1
        return count

    def expose_value(self, g: TacticsGame, unit: Unit | None) -> float:
        """Voluntary 暴露: only when the unit's own text gains by it (暴露时, 如果…处于暴露状态)."""
        if unit is None or not unit.hidden:
            return -1.0
        gain = -0.5 - self.hidden_gain(g, unit)
        for source in [unit, *unit.equipment, *unit.statuses]:
            for ability in self.texts(g, source):
                if ability.kind == "triggered" and ability.timing == "on_exposed":
                    gain += 0.6 + max(0.0, self.effects_worth(g, unit, ability.sentences))
                for sentence in ability.sentences:
                    for effect in sentence.effects:
                        if isinstance(effect, A.If) and _mentions_state(effect.condition, "exposed"):
                            gain += 0.8
        return gain

    def ability_worth(self, g: TacticsGame, action: Action) -> float:
        """An active or special ability of the unit, its equipment or a status: its effects less its costs."""
        unit, ability = action.unit, action.ability
        assert unit is not None and ability is not None
        value = self.effects_worth(g, unit, ability.sentences, tapped=_taps_unit(action))
        for cost in ability.costs:
            if isinstance(cost, A.TapCost):
                value -= self.tap_cost(g, unit) if _taps_unit(action) else 0.1 + self.tapped_face_cost(g, unit, action)
            elif isinstance(cost, A.MortgageCost):
                value -= MORTGAGE * cost.count
            elif isinstance(cost, A.DiscardCost):
                value -= CARD * cost.count
        if action.source is unit and unit.hidden and unit.kind == "agent":
            value -= 0.2 + self.hidden_gain(g, unit)  # using its own ability exposes it (§8.4)
        return value

    def tapped_face_cost(self, g: TacticsGame, unit: Unit, action: Action) -> float:
        """Tapping a reversible card shows its 此面生效 face (§7.4.1): what its 无法移动 / 无法攻击 takes from the
        unit for the rest of the turn (do the attack first)."""
        card = action.source
        reverse = getattr(card.record, "reverse", None) if isinstance(card, Card) else None
        if reverse is None or reverse.active_when_tapped != "reverse" or unit.tapped:
            return 0.0
        cannot = {e.action for _, ab in g.face_abilities(card, "reverse") for e in _flat(ab.sentences)
                  if isinstance(e, A.Cannot) and _is_self(e.ref)}  # fmt: skip
        if "attack" in cannot:
            return self.strike_now(g, unit)[0]
        if "move" in cannot:
            return max(0.0, self.strike_now(g, unit)[0] - self.strike_now(g, unit, steps=0)[0]) + 0.2
        return 0.0

    def play_worth(self, g: TacticsGame, action: Action) -> float:  # noqa: C901
        card, unit = action.card, action.unit
        assert card is not None and unit is not None
        record = card.record
        cost = MORTGAGE * record.cost.mortgage + KEEP
        if record.cost.tap:
            cost += self.tap_cost(g, unit)
        if record.agent is not None and unit.hidden:
            cost += 0.2 + self.hidden_gain(g, unit)
        if record.category == "equipment":
            return self.equipment_worth(g, unit, card) - cost
        if record.category == "status":
            targets = [u for u in g.candidates(record.status.target, action.seat) if isinstance(u, Unit)]
            best = max((self.status_worth(g, action.seat, card, u) for u in targets), default=-1.0)
            return best - cost
        if record.category == "minion":
            return 2.5 - cost
        sentences, triggered = self._card_texts(g, card, action.face)
        value = self.effects_worth(g, unit, sentences, tapped=bool(record.cost.tap), card=True)
        value -= 0.6 * self._played.get(card.id, 0)  # the same card again this turn: a loop, not a plan
        value += 0.5 * self.effects_worth(g, unit, triggered)
        return value - cost

    def _card_texts(self, g: TacticsGame, card: Card, face: str) -> tuple[list[A.Sentence], list[A.Sentence]]:
        """The sentences of ``card``'s effect abilities and of its triggered ones on ``face``, kept per record."""
        record = card.record
        key = (record.kind, record.id, face)
        found = self._card_sentences.get(key)
        if found is None:
            abilities = g.face_abilities(card, face)
            found = self._card_sentences[key] = (
                [s for _, ab in abilities if ab.kind == "effect" for s in ab.sentences],
                [s for _, ab in abilities if ab.kind == "triggered" for s in ab.sentences],
            )
        return found

    def equipment_worth(self, g: TacticsGame, unit: Unit, card: Card, worn: bool = False) -> float:
        """What wearing ``card`` adds to ``unit``; where its slots are full, less what must self-destruct to make
        room (§7.3.1: the cheapest of what it wears that takes slots, a card lost each). ``worn``: ``card`` is already
        worn."""
        record = card.record
        equipment = record.equipment
        value = 0.0
        slots = sum(c.record.equipment.slots for c in unit.equipment) if not worn else 0
        if slots + equipment.slots > g.rules.equipment_slots:
            room = [c for c in unit.equipment if c.record.equipment.slots]
            for victim in sorted(room, key=lambda c: (self.equipment_worth(g, unit, c, worn=True), c.uid)):
                value -= CARD + max(0.0, self.equipment_worth(g, unit, victim, worn=True))
                slots -= victim.record.equipment.slots
                if slots + equipment.slots <= g.rules.equipment_slots:
                    break
        value += 0.3
        weapon, shield, texts = self._equipment_terms(g, unit, card)
        if weapon is not None:
            value += weapon
            if not worn and unit.pos is not None:
                value += 0.5 * self.weapon_gain(g, unit, Profile(card.name, equipment.attack, card, None))
        value += shield
        for term in texts:
            value += term
        return value

    def _equipment_terms(self, g: TacticsGame, unit: Unit, card: Card) -> tuple[float | None, float, list[float]]:
        """The terms of :meth:`equipment_worth` that depend only on the card (its face, its shield left), the unit's
        attacks (:meth:`kit`) and whether it is hidden: (the weapon's worth over the unit's attacks, or None for no
        weapon; the shield's; each of its text's effects', in order). Kept with the unit's kit, across decisions."""
        kit = self.kit(g, unit)
        key = ("equipment", card.uid, card.id, card.face, card.shield_left, unit.hidden)
        found: tuple[float | None, float, list[float]] | None = kit[5].get(key)
        if found is not None:
            return found
        equipment = card.record.equipment
        weapon: float | None = None
        if equipment.attack is not None:
            attack = equipment.attack
            reach = min(attack.range.max, 8) - attack.range.min * 0.3
            score = attack.speed * (0.8 + 0.12 * reach)
            best = max((p.profile.speed * (0.8 + 0.12 * (min(p.profile.range.max, 8) - p.profile.range.min * 0.3))
                        for p in kit[4]), default=0.0)  # fmt: skip
            weapon = max(0.4, score - best + 0.6) if score > best else 0.5
        shield = card.shield_left if card.shield_left is not None else equipment.shield or 0
        texts: list[float] = []
        for _, ability in g.face_abilities(card, card.face):
            for effect in _flat(ability.sentences):
                if isinstance(effect, A.Modify):
                    weight = {"move": 0.3, "range": 0.4, "max_hp": 0.5, "damage_taken": -0.8, "hit_result": 0.6}
                    texts.append(weight.get(effect.stat, 0.2) * effect.delta)
                elif isinstance(effect, A.GainVision):
                    texts.append(0.5)
                elif isinstance(effect, A.Cannot):
                    texts.append(-0.5)
                elif isinstance(effect, A.Damage) and ability.timing == "after_attacked":
                    texts.append(0.8 * effect.amount)
                elif ability.timing == "on_exposed":  # fires when the wearer turns face up: only a hidden one
                    texts.append((0.9 * getattr(effect, "amount", 1)) if unit.hidden else -0.2)
                elif ability.kind in ("active", "response"):
                    texts.append(0.15)
        found = kit[5][key] = (weapon, 0.6 * shield, texts)
        return found

    def weapon_gain(self, g: TacticsGame, unit: Unit, profile: Profile) -> float:
        """How much better the best attack ``unit`` could make next turn, from a cell it can reach now, is with
        the weapon of ``profile`` than with what it has (a launcher that cannot fire at 1 step fires from 2)."""
        assert unit.pos is not None
        steps = g.move_allowance(unit, 2, basic=True)
        key = ("gain", self.loadout(unit), unit.pos, profile.name, steps, self.world(g, unit.seat))
        found = self._lasting.get(key)
        if found is None:
            found = self._lasting[key] = self._weapon_gain(g, unit, profile, steps)
        return float(found)

    def _weapon_gain(self, g: TacticsGame, unit: Unit, profile: Profile, steps: int) -> float:
        assert unit.pos is not None
        cells = [unit.pos, *self.reach(g, unit, unit.pos, steps)]
        low, high = self.attack_range(g, unit, profile.profile)
        board, move = g.board, self.mobility(g, unit, profile)
        measure = board.through_wall if profile.profile.through_walls else board.distance
        foes = self.foes(g, unit.seat)
        bound: int | None = None
        then: float | None = None
        for cell in cells:
            for enemy in foes:
                assert enemy.pos is not None
                if not move:  # a quick test before the exact one (a weapon that moves first may reach from anywhere near)
                    d = measure(cell, enemy.pos)
                    if d is None or not low <= d <= high:
                        continue
                if bound is None:
                    bound = self.reach_bound(g, unit)
                if board.through_wall(cell, enemy.pos) > bound:
                    continue
                found = self._strike(g, unit, profile, enemy, cell, None, move, 0, 0, False, True)
                if found is not None and (then is None or found[0] > then):
                    then = found[0]
        if then is None:
            then = 0.0
        if then <= self.opportunity(g, unit, unit.pos):  # no better than what it has where it stands: no gain
            return 0.0
        return max(0.0, then - max(self.opportunity(g, unit, cell) for cell in cells))

    def status_worth(self, g: TacticsGame, seat: int, card: Card, unit: Unit) -> float:
        """A status on ``unit``: good on an own unit if its text helps, on an enemy if it hurts (on a unit face down
        to ``seat``, the mean over the units it could be)."""
        if self.unseen(unit, seat):
            return self.mean_seen(g, unit, seat, lambda guess: self.status_worth(g, seat, card, guess))
        mine = unit.seat == seat or (unit.seat != 0 and not g.hostile(seat, unit.seat))
        if unit.kind == "obstacle":
            return -2.0
        good = 0.0
        for ability in self.texts(g, card):
            for effect in _flat(ability.sentences):
                good += self._status_effect(g, unit, effect, ability)
        value = good if mine else -good
        if not mine and unit.kind == "agent":
            value += 0.2
        return value

    def _status_effect(self, g: TacticsGame, unit: Unit, effect: A.Node, ability: A.Ability) -> float:  # noqa: C901
        """How much one effect of a status helps the unit it sits on (negative: hurts it)."""
        if isinstance(effect, A.Modify):
            weight = {"move": 0.3, "range": 0.4, "max_hp": 0.5, "damage_taken": -0.9, "hit_result": 0.6}
            return weight.get(effect.stat, 0.2) * effect.delta
        if isinstance(effect, A.Cannot):
            return {"attack": -1.8, "respond": -0.4, "move": -0.7}.get(effect.action, -0.3)
        if isinstance(effect, A.GainVision):
            return 0.5
        if ability.kind != "triggered":
            return 0.0
        if isinstance(effect, A.Damage) and _is_self(effect.ref):
            hurt = -min(effect.amount, unit.hp) * self.hp_weight(unit) * (1.5 if ability.timing == "turn_start" else 0.7)
            if unit.hp <= effect.amount:
                hurt -= self.unit_worth(g, unit, 0)
            return hurt
        if isinstance(effect, A.Heal) and _is_self(effect.ref):
            return 1.5 if unit.hp < g.max_hp(unit) else 0.6
        if isinstance(effect, _GAINS_CARDS):
            return -0.6 if ability.timing == "turn_start" else 0.4  # a status drawing its owner cards sits on an enemy
        if isinstance(effect, A.Expose):
            return -0.2
        return 0.0

    def effects_worth(  # noqa: C901
        self, g: TacticsGame, unit: Unit, sentences: Sequence[A.Sentence], tapped: bool = False, card: bool = False
    ) -> float:
        """The worth of resolving ``sentences`` now with ``unit`` as 本单位 (an attack after a move is made
        from the best cell; a heal only counts what is missing). ``card``: the text is a card played from the
        hand, so the first card it draws only replaces it (worth cycling the deck, not a card more)."""
        _, flat, conditional, bonus = _read(sentences)
        effects = list(_conditional(sentences, lambda c: self._condition(g, unit, c))) if conditional else flat
        value = -(CARD - CYCLE) if card and any(isinstance(e, _DRAWS) for e in effects) else 0.0
        moved = 0
        attack_later = [i for i, e in enumerate(effects) if isinstance(e, _ATTACKS)]
        hand = len(g.player(unit.seat).hand)
        for i, e in enumerate(effects):
            if isinstance(e, _DRAWS):
                value += (CARD if hand < 7 else 0.3) * getattr(e, "count", 1) * max(0.2, 1.0 - 0.5 * self.urgency(g))
            elif isinstance(e, A.GainToken):
                value += 0.7 * e.count
            elif isinstance(e, A.Mulligan):
                value += 0.2
            elif isinstance(e, A.Mortgage):
                value -= MORTGAGE * e.count
            elif isinstance(e, A.Discard):
                value += 0.5 * e.count if e.who == "opponent" else -0.7 * e.count
            elif isinstance(e, A.Damage):
                value += self.damage_worth(g, unit, e.ref, e.amount)
            elif isinstance(e, A.Heal):
                value += self.heal_worth(g, unit, e.ref, e.amount)
            elif isinstance(e, A.GainShield):
                value += 0.6 * min(e.amount, max(0, g.rules.self_shield_cap - unit.shield)) if _is_self(e.ref) else 0.4
            elif isinstance(e, A.GainTempHp):
                threat = self.threat(g, unit, unit.pos) if unit.pos is not None else 0.0
                value += 0.2 + min(e.amount, threat) * 0.8
            elif isinstance(e, A.Tap):
                value += self.tap_worth(g, unit, e.ref)
            elif isinstance(e, A.Reset):
                value += self.reset_worth(g, unit)
            elif isinstance(e, A.Expose):
                value += self._pick_worth(g, unit, e.ref, lambda u: 0.3 + self.mean_seen(
                    g, u, unit.seat, lambda x: self.hidden_gain(g, x)) if u.hidden else None)
            elif isinstance(e, A.Destroy):
                value += self.destroy_worth(g, unit, e.ref)
            elif isinstance(e, A.Move):
                if _is_self(e.ref):
                    if any(j > i for j in attack_later):
                        moved = max(moved, _steps(g, unit, e))
                    elif unit.pos is not None:
                        can_strike = not tapped and not unit.tapped
                        value += max(0.0, self.march_value(g, unit, _steps(g, unit, e), strike_after=can_strike))
                else:
                    value += 0.4
            elif isinstance(e, A.BasicAttack):
                if _is_self(e.ref) and e.kind == "strike":
                    if moved:
                        here = unit.pos
                        best = self.strike_now(g, unit, range_bonus=bonus)[0]
                        if here is not None:
                            for cell in self.reach(g, unit, here, moved):
                                best = max(best, self.strike_now(g, unit, cell, None, range_bonus=bonus)[0]
                                           + self.stand_value(g, unit, cell) - self.stand_value(g, unit, here, facing=unit.facing))  # fmt: skip
                        value += best * e.count
                    else:
                        value += self.strike_now(g, unit, range_bonus=bonus)[0] * e.count
                else:
                    value += 0.3
            elif isinstance(e, A.AttackWith):
                value += self.strike_now(g, unit, range_bonus=bonus, only=e.name, steps=moved or None)[0] * e.count
            elif isinstance(e, A.Deploy):
                value += 3.0 if g.player(unit.seat).standby else -0.5
            elif isinstance(e, A.AttackMod):
                value += 0.0  # 本次攻击… outside an attack does nothing
            elif isinstance(e, A.Until):
                value += self.until_worth(g, unit, e, bool(attack_later) or tapped or unit.tapped)
            elif isinstance(e, A.Cannot) and e.action == "move" and not _is_self(e.ref):
                value += 0.3 + self.pin_worth(g, unit, e.ref, spent=tapped)
            elif isinstance(e, _CONTINUOUS):
                value += 0.3
            elif isinstance(e, A.Switch):
                value += 0.0
            else:
                value += 0.1
        return value

    def until_worth(self, g: TacticsGame, unit: Unit, until: A.Until, no_strike: bool) -> float:
        """直到…: a range bonus worth the better attack it gives now, less damage taken worth the threat."""
        value = 0.0
        for x in until.effects:
            if isinstance(x, A.Modify) and _is_self(x.ref) and x.stat in ("range", "hit_result"):
                if not no_strike:
                    reach, aim = (x.delta, 0) if x.stat == "range" else (0, x.delta)
                    better = self.strike_now(g, unit, range_bonus=reach, hit_bonus=aim)[0]
                    value += max(0.0, better - self.strike_now(g, unit)[0])
            elif isinstance(x, A.Modify) and _is_self(x.ref) and x.stat == "damage_taken" and x.delta < 0:
                threat = self.threat(g, unit, unit.pos) if unit.pos is not None else 0.0
                value += min(-x.delta, threat) * 0.8
            elif isinstance(x, A.Cannot):
                pin = x.action == "move" and not _is_self(x.ref)
                value += 0.25 + (self.pin_worth(g, unit, x.ref, spent=no_strike) if pin else 0.0)
            else:
                value += 0.1
        return value

    def _condition(self, g: TacticsGame, unit: Unit, c: A.Node) -> bool | None:
        """A condition of a sentence as far as it can be told now (None: cannot tell)."""
        player = g.player(unit.seat)
        if isinstance(c, A.HandAtMost):
            return len(player.hand) - 1 <= c.count
        if isinstance(c, A.MortgageNotEmpty):
            return bool(player.mortgage)
        if isinstance(c, A.ShopEmpty):
            return not g.shop
        if isinstance(c, A.IsState) and _is_self(c.ref):
            return unit.hidden == (c.state == "hidden")
        if isinstance(c, A.HpAtMost) and _is_self(c.ref):
            return unit.hp <= c.value
        if isinstance(c, A.IsDestroyed):
            return False  # 如果本次攻击的目标被消灭: the attack's own worth counts the kill
        if isinstance(c, A.ResultAtLeast):
            return c.value <= 3  # a die: at least even odds
        if isinstance(c, A.All):
            parts = [self._condition(g, unit, p) for p in c.parts]
            return False if False in parts else (None if None in parts else True)
        return None

    def _targets(self, g: TacticsGame, unit: Unit, ref: A.Node) -> list[Unit]:
        """The units ``ref`` may name for ``unit`` now that would be legal at resolution."""
        if isinstance(ref, A.Fixed):
            return [unit] if ref.ref in ("self_unit", "wearer") else []
        key = ("targets", unit.uid, id(ref))
        found: tuple[A.Node, list[Unit]] | None = self._memo.get(key)
        if found is not None and found[0] is ref:
            return found[1]
        noun = getattr(ref, "noun", None)
        within = getattr(ref, "within", None)
        out = []
        for option in g.candidates(noun, unit.seat):
            if not isinstance(option, Unit):
                continue
            if isinstance(ref, A.Chosen) or g.target_ok_quiet(unit, option, within):
                out.append(option)
        self._memo[key] = (ref, out)  # kept for the decision (the ref is kept with it: its id stays its own)
        return out

    def _pick_worth(self, g: TacticsGame, unit: Unit, ref: A.Node, worth: Any) -> float:
        values = [v for u in self._targets(g, unit, ref) if (v := worth(u)) is not None]
        return max(values) if values else -0.3

    def damage_worth(self, g: TacticsGame, unit: Unit, ref: A.Node, amount: int) -> float:
        def worth(target: Unit) -> float | None:
            if target.seat and not g.hostile(unit.seat, target.seat):
                return None
            seat = unit.seat  # (a target face down to it: the mean over the units it could be)
            if target.kind == "obstacle":
                return self.mean_seen(g, target, seat, lambda o: self.obstacle_worth(g, o, seat)
                                      if o.hp <= amount else 0.05)  # fmt: skip
            hit = self.mean_seen(g, target, seat, lambda t: self.damage_cost(g, t, amount))
            return hit + 0.3

        return self._pick_worth(g, unit, ref, worth)

    def heal_worth(self, g: TacticsGame, unit: Unit, ref: A.Node, amount: int) -> float:
        """Only what is missing counts; healing a unit at full HP is worth less than nothing."""

        def worth(target: Unit) -> float | None:
            if target.kind == "obstacle" or target.seat != unit.seat:
                return None
            missing = g.max_hp(target) - target.hp
            if missing <= 0:
                return None
            late = max(0.0, 1.0 - 0.7 * self.urgency(g))
            return min(amount, missing) * self.hp_weight(target) * (1.3 if target.hp <= 3 else 1.0) * late

        values = [v for u in self._targets(g, unit, ref) if (v := worth(u)) is not None]
        return max(values) if values else -10.0

    def tap_worth(self, g: TacticsGame, unit: Unit, ref: A.Node) -> float:
        def worth(target: Unit) -> float | None:
            if not target.seat or not g.hostile(unit.seat, target.seat) or target.tapped:
                return None
            return self.mean_seen(g, target, unit.seat, lambda t: 0.5 + (0.4 if g.profiles(t) else 0.0))

        return self._pick_worth(g, unit, ref, worth)

    def reset_worth(self, g: TacticsGame, unit: Unit) -> float:
        mine = g.player(unit.seat).units
        if any(c.tapped and c.record.equipment.attack for u in mine for c in u.equipment):
            return 0.8
        if any(u.tapped and u.kind == "agent" and self.strike_now(g, u)[0] > 0 for u in mine):
            return 1.2
        return -0.3

    def destroy_worth(self, g: TacticsGame, unit: Unit, ref: A.Node) -> float:
        noun = getattr(ref, "noun", None)
        if noun in ("equipment", "enemy_equipment"):
            cards = [c for c in g.candidates(noun, unit.seat) if isinstance(c, Card)]
            enemy = [c for c in cards if (h := g.holder(c)) is not None and h.seat and g.hostile(unit.seat, h.seat)]
            return 1.2 if enemy else -0.5
        return self._pick_worth(
            g, unit, ref,
            lambda t: self.obstacle_worth(g, t, unit.seat) + 0.2 if t.kind == "obstacle"
            else (self.unit_worth(g, t, unit.seat) + self.mean_seen(g, t, unit.seat, lambda x: x.hp)
                  if g.hostile(unit.seat, t.seat) else None),
        )  # fmt: skip

    # -- moves, facing, deployment

    def move_value(self, g: TacticsGame, unit: Unit, cell: Cell) -> float:
        plan = self._plan.get("scavenge")
        if unit.kind == "obstacle":
            if plan is not None and plan[0] == unit.uid:
                return 10.0 if cell == plan[2] else 0.0
            return self.rng.random() * 0.01
        attack = g.attacks[-1] if g.attacks else None
        if attack is not None and attack.attacker is unit:  # the melee (or 攻击时) move: get the target in reach
            return self.attack_move_value(g, unit, attack, cell)
        if attack is not None and attack.target is unit and attack.attacker.seat != unit.seat:
            return self.dodge_value(g, unit, attack, cell)
        if plan is not None and self._plan.get("unit") == unit.uid:
            return 10.0 if cell == plan[1] else self.stand_value(g, unit, cell)
        value = self.stand_value(g, unit, cell)
        strike = self._plan.get("strike_after_move") and self._plan.get("unit") == unit.uid
        if strike or (not unit.tapped and unit.seat == g.active):
            value += self.strike_now(g, unit, cell, None)[0]
        return value

    def attack_move_value(self, g: TacticsGame, unit: Unit, attack: Attack, cell: Cell) -> float:
        target = attack.target
        if target.pos is None:
            return 0.0
        profile = self.attack_profile(g, unit, attack)
        value = self.attack_value(g, unit, profile, target, cell, None, steps=0, counter=attack.counter)
        if value is None:
            return -20.0 - g.board.through_wall(cell, target.pos)
        return 20.0 + value + 0.3 * self.stand_value(g, unit, cell)

    def dodge_value(self, g: TacticsGame, unit: Unit, attack: Attack, cell: Cell) -> float:
        """A move in answer to an attack on ``unit``: out of the attacker's reach if it can be (of an attacker face
        down to ``unit``'s seat, the reach of every unit it could be, facing every way)."""
        hit = max(self.threat_of(g, attacker, self.attack_profile(g, attacker, attack), unit, cell)
                  for attacker in self.seen_as(g, attack.attacker, unit.seat))  # fmt: skip
        return -2.0 * hit + 0.3 * self.stand_value(g, unit, cell)

    def attack_profile(self, g: TacticsGame, attacker: Unit, attack: Attack) -> Profile:
        """The profile of ``attack`` among the attacks of ``attacker`` (the attack's own attacker, or a guess at it)."""
        profile = next((p for p in self.all_profiles(g, attacker) if p.name == attack.profile_name), None)
        return profile if profile is not None else Profile(attack.profile_name, attack.profile)

    def facing_score(self, g: TacticsGame, unit: Unit, facing: str) -> float:
        if unit.pos is None:
            return 0.0
        board = g.board
        side, rear = self.vision(g, unit)
        plan = self._plan.get("scavenge")
        if plan is not None and self._plan.get("unit") == unit.uid:
            obstacle = next((o for o in g.obstacles if o.uid == plan[0] and o.pos is not None), None)
            spot = obstacle.pos if obstacle is not None else None
            if spot is not None and board.line_of_sight(unit.pos, spot) and board.in_vision(unit.pos, facing, spot, side, rear):
                return 10.0 + self.opportunity(g, unit, unit.pos, facing)
        attack = g.attacks[-1] if g.attacks else None
        if attack is not None and attack.attacker is unit and attack.target.pos is not None:
            seen = board.in_vision(unit.pos, facing, attack.target.pos, side, rear)
            return (10.0 if seen else 0.0) + self.opportunity(g, unit, unit.pos, facing) * 0.1
        value = self.opportunity(g, unit, unit.pos, facing)
        for enemy in self.foes(g, unit.seat):
            assert enemy.pos is not None
            d = board.through_wall(unit.pos, enemy.pos)
            if board.in_vision(unit.pos, facing, enemy.pos, side, rear):
                value += 0.3 / (1 + d) + (0.2 if self.threat(g, unit, unit.pos) > 0 else 0.0)
            dx, dy = enemy.pos[0] - unit.pos[0], enemy.pos[1] - unit.pos[1]
            ahead = {"n": -dy, "s": dy, "e": dx, "w": -dx}[facing]
            value += 0.05 * ahead / (1 + d)
        return value + FACINGS.index(facing) * 1e-6

    def deploy_score(self, g: TacticsGame, seat: int, unit: Unit | None, cell: Cell) -> float:
        if unit is None or not self.foes(g, seat):
            return self.deploy_value(g, seat, unit, cell)
        return self.stand_value(g, unit, cell) + self.rng.random() * 0.01

    # -- attacks declared: profile, target, counterattacks

    def profile_score(self, g: TacticsGame, profile: Profile) -> float:
        attacker, target = self._attacking(g)
        if attacker is None:
            return float(profile.profile.speed)
        counter = bool(g.attacks) and g.attacks[-1].target is attacker
        targets = [target] if isinstance(target, Unit) else None
        if targets is None:
            value, _, _ = self.strike_now(g, attacker, only=profile.name)
            return value if value > 0 else -1.0 + profile.profile.speed * 0.01
        value2 = self.attack_value(g, attacker, profile, targets[0], counter=counter)
        return -5.0 if value2 is None else value2

    def counter_option_value(self, g: TacticsGame, option: Any) -> float:
        """正当防卫, a weapon (武装反击) or None: only an attack that can hit, worth more than nothing."""
        if option is None or not g.attacks:
            return 0.0
        attack = g.attacks[-1]
        unit, enemy = attack.target, attack.attacker
        if option == SELF_DEFENSE:
            best = None
            for profile in g.profiles(unit, built_in_only=True):
                value = self.attack_value(g, unit, profile, enemy, counter=True)
                if value is not None and (best is None or value > best):
                    best = value
            return -1.0 if best is None else best - 0.05
        if isinstance(option, Profile):
            value = self.attack_value(g, unit, option, enemy, counter=True)
            return -1.0 if value is None else value
        return -1.0

    # -- responses and special abilities in a response window

    def response_value(self, g: TacticsGame, seat: int, action: Action) -> float:
        """A response (or a special ability, or 暴露) in answer to an action: worth it only when it changes
        something now; less the card and its costs."""
        unit = action.unit
        if action.kind == "expose":
            return self.expose_value(g, unit)
        if unit is None or unit.pos is None:
            return -1.0
        hint = g.hint
        ctx = hint[1] if hint and hint[0] == "response" else None
        attack = getattr(ctx, "attack", None)
        point = hint[1] if hint and hint[0] == "special" else "response"
        if attack is None and hint and hint[0] == "special" and g.attacks:
            attack = g.attacks[-1]
        if action.kind == "play" and action.card is not None:
            abilities = [ab for _, ab in g.face_abilities(action.card, action.face) if ab.kind == "response"]
            record = action.card.record
            cost = CARD * 0.6 + MORTGAGE * record.cost.mortgage + (self.tap_cost(g, unit) if record.cost.tap else 0.0)
        elif action.ability is not None:
            abilities = [action.ability]
            cost = 0.0
            for c in action.ability.costs:
                if isinstance(c, A.TapCost):
                    cost += self.tap_cost(g, unit) if _taps_unit(action) else 0.1
                elif isinstance(c, A.MortgageCost):
                    cost += MORTGAGE * c.count
                elif isinstance(c, A.DiscardCost):
                    cost += CARD * c.count
        else:
            return -1.0
        gain = sum(self.answer_worth(g, unit, ab.sentences, attack, point) for ab in abilities)
        return gain - cost

    def answer_worth(  # noqa: C901
        self, g: TacticsGame, unit: Unit, sentences: Sequence[A.Sentence], attack: Attack | None, point: str = "response"
    ) -> float:
        """What answering with ``sentences`` (本单位 = ``unit``) is worth during ``attack`` (or outside one), at
        ``point`` (a response window, or a special ability's timing point: ``on_attack`` and ``damage`` come after
        the attacker's melee move, a move there may still lose the attack its target; ``after_attack`` before the
        target's counterattack; ``after_destroyed`` once the attack is over)."""
        mine = attack is not None and attack.target.seat == unit.seat and attack.attacker.seat != unit.seat
        target = attack.target if attack is not None else None
        value = 0.0
        hit_change = 0
        absorb = 0
        for e in _flat(sentences):
            if isinstance(e, A.AttackMod):
                if attack is not None and e.stat == "hit_result":
                    hit_change += e.delta
                elif attack is not None and e.stat in ("damage", "speed"):
                    hit_change += e.delta * 2
            elif isinstance(e, _GUARDS):
                if mine and (_is_self(e.ref) and unit is target or isinstance(e.ref, A.Chosen)):
                    absorb += e.amount
            elif isinstance(e, A.Until):
                for inner in e.effects:
                    if isinstance(inner, A.Modify) and inner.stat == "damage_taken" and mine and unit is target:
                        absorb -= inner.delta
                        value += 0.3
                    elif isinstance(inner, A.Cannot):
                        value += 0.2
            elif isinstance(e, A.Heal):
                if _is_self(e.ref) and unit.hp >= g.max_hp(unit):
                    return -5.0  # never a heal on a unit at full HP, whatever else the card does
                if _is_self(e.ref):
                    value += min(e.amount, g.max_hp(unit) - unit.hp)
            elif isinstance(e, A.Move) and _is_self(e.ref):
                if mine and unit is target and attack is not None and point not in ("after_attack", "after_destroyed"):
                    value += self.dodge_gain(g, unit, attack, _steps(g, unit, e), moved=point in ("on_attack", "damage"))
                elif attack is not None and attack.attacker is unit and point == "after_attack":
                    value += max(0.0, self.march_value(g, unit, _steps(g, unit, e)))  # out of reach before the counterattack
            elif isinstance(e, A.Damage):
                value += self.damage_worth(g, unit, e.ref, e.amount)
            elif isinstance(e, _ATTACKS):
                if attack is not None and attack.attacker.seat != unit.seat:
                    only = e.name if isinstance(e, A.AttackWith) else None
                    value += self.strike_now(g, unit, only=only, weapons=only is not None)[0]
            elif isinstance(e, A.Tap):
                value += 0.2
            elif isinstance(e, A.Discard) and e.who == "opponent":
                value += 0.4 * e.count
            elif isinstance(e, _DRAW_BUY):
                value += CARD * e.count
        if mine and attack is not None and (hit_change or absorb):
            value += self.attack_change(g, attack, hit_change, absorb)
        return value

    def expected_attack(
        self, g: TacticsGame, attack: Attack, hit_change: int = 0, absorb: int = 0, moved: bool = False
    ) -> float:
        """The worth to the target's side of what ``attack`` is expected to do to its target (of an attacker face
        down to that side, the worst of the units it could be, facing every way)."""
        if attack.attacker.pos is None or attack.target.pos is None:
            return 0.0
        return max(self._expected(g, attack, attacker, hit_change, absorb, moved)
                   for attacker in self.seen_as(g, attack.attacker, attack.target.seat))  # fmt: skip

    def _expected(self, g: TacticsGame, attack: Attack, attacker: Unit, hit_change: int, absorb: int,
                  moved: bool) -> float:  # fmt: skip
        """:meth:`expected_attack` of ``attack`` made by ``attacker`` (its attacker, or a guess at it)."""
        target = attack.target
        assert attacker.pos is not None and target.pos is not None
        profile = self.attack_profile(g, attacker, attack)
        steps = 0 if moved else self.mobility(g, attacker, profile)
        if self.firing_cell(g, attacker, profile, attacker.pos, attacker.facing, target.pos, steps) is None:
            return 0.0
        cover = g.board.cover(attacker.pos, target.pos, self.obstacle_cells(g))
        speed = attack.profile.speed + attack.speed
        modifier = attack.hit_result + g.stat_bonus(attacker, "hit_result") + cover + hit_change
        saved = (target.shield, target.temp_hp)
        target.temp_hp += max(0, absorb)
        try:
            lost, used, kill = self.outcome(g, target, speed, modifier, attack.damage)
        finally:
            target.shield, target.temp_hp = saved
        return lost * self.hp_weight(target) + used * 0.3 + kill * self.unit_worth(g, target, attacker.seat)

    def attack_change(self, g: TacticsGame, attack: Attack, hit_change: int, absorb: int) -> float:
        before = self.expected_attack(g, attack)
        after = self.expected_attack(g, attack, hit_change, absorb)
        return max(0.0, before - after)

    def dodge_gain(self, g: TacticsGame, unit: Unit, attack: Attack, steps: int, moved: bool = False) -> float:
        """What moving ``unit`` up to ``steps`` saves of ``attack`` on it (``moved``: the attacker has made its
        melee move already and cannot turn again)."""
        if unit.pos is None or self.cannot(g, unit, "move"):
            return 0.0
        attackers = [(attacker, self.attack_profile(g, attacker, attack))
                     for attacker in self.seen_as(g, attack.attacker, unit.seat)]  # fmt: skip
        before = self.expected_attack(g, attack, moved=moved)
        best = before
        for cell in self.reach(g, unit, unit.pos, steps):
            threat = max(self.threat_of(g, attacker, profile, unit, cell, steps=0 if moved else None)
                         for attacker, profile in attackers)  # fmt: skip
            best = min(best, threat)
        return max(0.0, before - best)

    # -- references and choices

    def reference_value(self, g: TacticsGame, seat: int, prompt: str, option: Unit | Card) -> float:  # noqa: C901
        effect = g.hint[1] if g.hint and g.hint[0] == "effect" else None
        actor = self._actor(g, seat)
        within = _within(prompt)
        if isinstance(option, Card) or actor is None or not isinstance(effect, _ON_UNITS):
            return self.ref_value(g, seat, prompt, option)
        legal = "choose:" in prompt or g.target_ok_quiet(actor, option, within)
        own = option.seat == seat or (option.seat != 0 and not g.hostile(seat, option.seat))
        if isinstance(effect, A.Damage):
            if not legal:
                return -0.5  # out of reach: nothing happens (better than hurting an own unit)
            if own:
                return -5.0 - self.damage_cost(g, option, effect.amount)
            if option.kind == "obstacle":  # (face down to it: the mean over the units it could be)
                return self.mean_seen(g, option, seat, lambda o: self.obstacle_worth(g, o, seat)
                                      if o.hp <= effect.amount else 0.0)  # fmt: skip
            return 1.0 + self.mean_seen(g, option, seat, lambda t: self.damage_cost(g, t, effect.amount))
        if isinstance(effect, A.Heal):
            if not legal or not own or option.kind == "obstacle":
                return -2.0
            missing = g.max_hp(option) - option.hp
            return min(effect.amount, missing) - (1.0 if missing <= 0 else 0.0)
        if isinstance(effect, A.Tap):
            if not legal:
                return -0.5
            if own:
                return -2.0
            return 1.0 + (0.5 if not option.tapped else -1.5)
        if isinstance(effect, A.Move):
            if not own or option.pos is None:
                return -2.0
            return max(0.0, self.march_value(g, option, _steps(g, option, effect), strike_after=not option.tapped)) + (
                0.5 if not option.tapped else 0.0
            )
        return self.ref_value(g, seat, prompt, option)

    def attach_value(self, g: TacticsGame, seat: int, card: Card | None, option: Unit) -> float:
        if card is None:
            return 0.0
        return self.status_worth(g, seat, card, option)

    def hold_value(self, g: TacticsGame, seat: int, card: Card, prompt: str) -> float:
        """How much a card is worth keeping (the lowest is discarded or mortgaged first)."""
        if card.token:
            return 0.5
        record = card.record
        value = 1.0 + record.cost.mortgage * 0.2
        if record.category == "equipment":
            value += 0.8
        if record.is_response:
            value += 0.6 if prompt.startswith("mortgage") else 0.3  # a mortgaged response cannot answer
        texts = [ab for _, ab in g.face_abilities(card, "front")]
        if any(isinstance(e, A.Heal) for ab in texts for e in _flat(ab.sentences)):
            hurt = any(u.hp < g.max_hp(u) for u in g.player(seat).units if u.kind != "obstacle")
            value += 0.3 if hurt else -0.5
        return value


# -- reading ability text


_READ: dict[int, tuple[Any, list[A.Node], bool, int]] = {}  # see :func:`_read`
_READ_MOST = 20_000


def _read(sentences: Sequence[A.Sentence]) -> tuple[Any, list[A.Node], bool, int]:
    """(``sentences``, every effect of them in order (:func:`_flat`), whether any is under 如果, the 攻击距离 bonus
    they give: :func:`_range_bonus`), kept per sequence of sentences (the parsed texts are frozen and kept; the
    entry holds the sequence, so its id is never another's while kept)."""
    found = _READ.get(id(sentences))
    if found is None or found[0] is not sentences:
        effects = list(_flat_walk(sentences))
        conditional = any(isinstance(e, A.If) for e in _nodes(sentences))
        bonus = 0
        for e in effects:
            inner = e.effects if isinstance(e, A.Until) else (e,)
            for x in inner:
                if isinstance(x, A.Modify) and x.stat == "range" and _is_self(x.ref):
                    bonus += x.delta
        if len(_READ) >= _READ_MOST:
            _READ.clear()
        found = _READ[id(sentences)] = (sentences, effects, conditional, bonus)
    return found


def _nodes(sentences: Sequence[A.Sentence]) -> Iterator[A.Node]:
    """Every effect node of the sentences, 如果 and 你可以 themselves included."""
    stack = [e for sentence in reversed(sentences) for e in reversed(sentence.effects)]
    while stack:
        e = stack.pop()
        yield e
        if isinstance(e, _NESTING):
            stack.extend(reversed(e.effects))


def _flat(sentences: Sequence[A.Sentence]) -> list[A.Node]:
    """Every effect of the sentences, those under 如果 / 你可以 / 直到 included, in order."""
    return _read(sentences)[1]


def _flat_walk(sentences: Sequence[A.Sentence]) -> Iterator[A.Node]:
    """:func:`_flat`, walked (what :func:`_read` keeps)."""
    for sentence in sentences:
        yield from _flat_effects(sentence.effects)


def _flat_effects(effects: Sequence[A.Node]) -> Iterator[A.Node]:
    for e in effects:
        if isinstance(e, _NESTING):
            yield from _flat_effects(e.effects)
        else:
            yield e


def _conditional(sentences: Sequence[A.Sentence], holds: Any) -> Iterator[A.Node]:
    """The effects that happen: under 如果 only when ``holds(condition)`` is True (None: assume it does not
    hold for modifiers, but the effect may still be worth something: it is yielded when None too)."""
    _, effects, conditional, _ = _read(sentences)
    if not conditional:  # no 如果: every effect happens
        yield from effects
        return
    for sentence in sentences:
        yield from _conditional_effects(sentence.effects, holds)


def _conditional_effects(effects: Sequence[A.Node], holds: Any) -> Iterator[A.Node]:
    for e in effects:
        if isinstance(e, A.If):
            verdict = holds(e.condition)
            if verdict is None or verdict:
                yield from _conditional_effects(e.effects, holds)
        elif isinstance(e, A.YouMay):
            yield from _conditional_effects(e.effects, holds)
        else:
            yield e


def _holds(condition: A.Node, attacker: Unit, target: Unit | None) -> bool:
    """A condition of an attacker's 攻击前/攻击时 text, for the attack being weighed."""
    if isinstance(condition, A.All):
        return all(_holds(p, attacker, target) for p in condition.parts)
    if isinstance(condition, A.IsState):
        if _is_self(condition.ref):
            return attacker.hidden == (condition.state == "hidden")
        return target is not None and target.hidden == (condition.state == "hidden")
    if isinstance(condition, A.IsKind):
        return target is not None and target.kind == condition.noun.rpartition("_")[2]
    if isinstance(condition, A.HpAtMost) and _is_self(condition.ref):
        return attacker.hp <= condition.value
    return False


def _uses(g: TacticsGame, ability: A.Ability, source: Any, seat: int, cards: int, most: int = 2) -> int:
    """How many times (up to ``most``) ``ability`` on ``source`` can be paid for now: none where the engine's
    :meth:`can_pay` says no; once where it taps; else as often as ``cards`` (the hand, tokens aside) allows."""
    if not g.can_pay(ability.costs, seat, source):
        return 0
    if any(isinstance(cost, A.TapCost) for cost in ability.costs):
        return 1
    each = sum(cost.count for cost in ability.costs if isinstance(cost, _CARD_COSTS))
    return most if each == 0 else min(most, cards // each)


def _exposes(g: TacticsGame, pending: Pending[Any]) -> bool:
    """Whether the trigger ``pending`` is a face-down agent's own (its text, or its exclusive card's), which exposes it
    as it is used (:meth:`~.base.TacticsBase.exposed_by`): its key names its source, ``trigger:<id>#<uid>:<timing>``."""
    ident = (pending.key or "").split(":")[1:2]
    for unit in g.units():
        if not unit.hidden or unit.kind != "agent":
            continue
        if ident == [f"{unit.id}#{unit.uid}"]:
            return g.exposed_by(unit, None)
        for card in (*unit.equipment, *unit.statuses):
            if ident == [f"{card.id}#{card.uid}"]:
                return g.exposed_by(unit, card)
    return False


def _is_self(ref: A.Node) -> bool:
    """本单位, 佩戴者, 贴附单位: the unit the text is on (a status's is the unit it sits on)."""
    return isinstance(ref, A.Fixed) and ref.ref in ("self_unit", "wearer", "attached")


def _mentions_state(condition: A.Node, state: str) -> bool:
    if isinstance(condition, A.All):
        return any(_mentions_state(p, state) for p in condition.parts)
    return isinstance(condition, A.IsState) and condition.state == state


def _range_bonus(sentences: Sequence[A.Sentence]) -> int:
    """攻击距离 +X of 本单位 the sentences give (直到回合结束, before an attack of the same text)."""
    return _read(sentences)[3]


def _taps_unit(action: Action) -> bool:
    """Whether the action's 横置 cost taps the unit (its own or a basic ability) rather than a card."""
    return not isinstance(action.source, Card)


def _within(prompt: str) -> tuple[int, int] | None:
    if "distance " not in prompt:
        return None
    low, _, high = prompt.rsplit("distance ", 1)[1].rstrip("]").partition("-")
    return (int(low), int(high)) if low.isdigit() and high.isdigit() else None


__all__ = ["SeatDeciders", "TacticianDecider", "hit_distribution"]


def _guess(unit: Unit, index: int, record: Any) -> Unit:
    """A guess at the face-down ``unit`` (:meth:`TacticianDecider.guesses`): the unit with the facing unknown, as the
    ``index``-th of the records it could be, ``record`` at its full HP (None: as itself)."""
    guess = copy_unit(unit, lambda card: card)  # the same cards: a guess is read, never played
    guess.uid = -(unit.uid * 1000 + index + 2)
    guess.facing = None
    if record is not None:
        guess.id, guess.name, guess.record = record.id, record.name.zh_hans, record
        guess.hp = guess.max_hp = record.hp
    return guess


def _steps(g: TacticsGame, unit: Unit, move: A.Move) -> int:
    """The most steps ``move`` lets ``unit`` make: as printed, or its 移速 for a move at its speed (行进)."""
    return g.move_allowance(unit, move.high, basic=True) if move.speed else move.high
