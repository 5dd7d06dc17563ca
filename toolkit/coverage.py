"""Ability coverage of the tactics game loop: which abilities simulated games reach, and which change the game.

The engine records ``game.coverage`` per game: ``(record id, ability index) ->
[reached, changed]`` (an ability is reached when it resolves, or, for a continuous
effect, when the game uses its value; changed when the game state differed after
it). This module plays many seeded games and adds their coverage up against the
list of every ability of the bundled records (:func:`tactics_abilities`: each entry
of ``text`` and ``reverse.text`` of the cards, agents, units, basic abilities and
built-in attacks; a reverse face continues the numbering after the front).

The games (:func:`plan_games`) cycle through the played configurations (单挑 duel,
双雄 duo with 2 and with 4 players, 专家 expert, 混战 melee with 3 players). Every
other round of configurations uses *covering* decks: the squads rotate through
every agent and the decks through every command card (each agent's exclusive cards
with it), so each bundled card is in some deck at least once per rotation; the
other rounds use plain random legal decks. One round in five is played by the
random decider instead of the heuristic one, so odd choices get their chance too
(those games rarely end, so they stop after :data:`RANDOM_ROUNDS` rounds).
Shop cards, tokens, minions, obstacles and the basic abilities come into play
through the games themselves.

A game that raises is counted and reported (an engine bug to file), not fatal: the ability that was resolving
when it raised (found in the traceback: :func:`_raised_by`) is named with the error and its record's file, and
reported as raised while resolving rather than never reached. What the game reached and changed before the error
counts as any game's does (:func:`_game_of` finds the game in the traceback).

The text report (:meth:`CoverageReport.format_text`) is worded in the current language, the ability texts
rendered in English for English and the abilities numbered from 1 (``card frag_grenade#1``), as players count
them; the JSON report keeps its keys, codes, the records' 0-based indexes and the texts as the records hold them.
"""

from __future__ import annotations

import random
import time
import traceback
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from toolkit.decks.random_deck import deck_card_ids, deckable_cards, random_legal_deck
from toolkit.i18n import chinese, current_lang, tc, tr, trn, word
from toolkit.meter import Meter, meter_or_silent
from toolkit.models.deck import Deck

CONFIGS: tuple[tuple[str, int], ...] = (("duel", 2), ("duo", 2), ("duo", 4), ("expert", 2), ("melee", 3))
KINDS = ("card", "agent", "unit", "ability", "attack")
ROUNDS = 100  # rounds a game may last at most
RANDOM_ROUNDS = 30  # the random decider rarely ends a game: its games stop sooner (they are there for odd choices)
RANDOM_EVERY = 5  # one round of configurations in this many uses the random decider
DEFAULT_GAMES = 150

Key = tuple[str, int]


@dataclass(frozen=True)
class AbilityRef:
    """One ability of one record: its place (kind, id, index, face) and its text."""

    kind: str
    id: str
    index: int
    face: str  # front | reverse
    text: str

    @property
    def key(self) -> Key:
        return (self.id, self.index)

    def label(self) -> str:
        """``card frag_grenade#0 (reverse)``: the ability's place, as the JSON report names it."""
        face = " (reverse)" if self.face == "reverse" else ""
        return f"{self.kind} {self.id}#{self.index}{face}"

    def shown(self) -> str:
        """:meth:`label` in the current language, the abilities numbered from 1 as players count them (the text
        report; the JSON keeps the record's 0-based index)."""
        kind = _kind_word(self.kind)
        if self.face == "reverse":
            return tr("{kind} {id}#{index} (reverse)", kind=kind, id=self.id, index=self.index + 1)
        return tr("{kind} {id}#{index}", kind=kind, id=self.id, index=self.index + 1)


# The kinds of records whose abilities are counted, as the report names them (English: their ids)


def _kind_word(kind: str) -> str:
    return word("record", kind, current_lang())


def _ability_text(text: str, names: Mapping[str, str]) -> str:
    """An ability as the report shows it: in English for English (when it parses), the cards it quotes by their
    English names from ``names`` (zh-Hans → English, as ``show`` and ``print`` call them); else as written."""
    if chinese(current_lang()):
        return text
    from toolkit.names import with_english_names
    from toolkit.text import AbilitySyntaxError, parse_cached, render

    try:
        return with_english_names(str(render(parse_cached(text), "en")), names)
    except (AbilitySyntaxError, ValueError, KeyError, NotImplementedError):
        return text


def tactics_abilities(records: Iterable[Any]) -> list[AbilityRef]:
    """Every ability of the bundled tactics cards, agents, units, basic abilities and attacks, in record order."""
    out: list[AbilityRef] = []
    chosen = [r for r in records if getattr(r, "game", None) == "tactics" and r.kind in KINDS]
    for record in sorted(chosen, key=lambda r: (KINDS.index(r.kind), r.id)):
        front = list(getattr(record, "text", None) or [])
        out += [AbilityRef(record.kind, record.id, i, "front", t) for i, t in enumerate(front)]
        reverse = getattr(record, "reverse", None)
        if reverse is not None:
            out += [
                AbilityRef(record.kind, record.id, len(front) + i, "reverse", t) for i, t in enumerate(reverse.text)
            ]
    return out


@dataclass(frozen=True)
class GameSpec:
    """One game to play: mode, seat count, seed, decider and one legal deck per seat."""

    mode: str
    players: int
    seed: int
    decider: str  # heuristic | random
    decks: tuple[Deck, ...]
    covering: bool  # decks built to rotate through every card

    def label(self, mode: str | None = None) -> str:
        """``duo/4p seed 12 heuristic (covering decks)``, in the current language: the mode by ``mode`` (its name in
        that language; else its id), the decider as ``balance`` and the play page name it (战术型)."""
        from toolkit.balance.report import player_word

        words = {
            "mode": mode or self.mode,
            "players": self.players,
            "seed": self.seed,
            "decider": player_word("tactics", self.decider, current_lang()),
        }
        if self.covering:
            return tr("{mode}/{players}p seed {seed} {decider} (covering decks)", **words)
        return tr("{mode}/{players}p seed {seed} {decider} (random decks)", **words)


class _Rotation:
    """Hands out agents and generic command cards in turn, so every one of them gets into some deck."""

    def __init__(self, records: Sequence[Any], rng: random.Random, focus: frozenset[str] | None = None) -> None:
        self.rng = rng
        self.agents = sorted(r.id for r in records if r.kind == "agent" and not r.private)
        self.exclusive: dict[str, list[str]] = {}
        self.generic: list[str] = []
        for card in deckable_cards(records):
            if card.agent is None:
                self.generic.append(card.id)
            else:
                self.exclusive.setdefault(card.agent, []).append(card.id)
        if focus:  # a designer's set: rotate through its agents and cards (all the others when it has none)
            exclusive_of = {c: a for a, cards in self.exclusive.items() for c in cards}
            agents = sorted({a for a in self.agents if a in focus} | {exclusive_of[c] for c in focus if c in exclusive_of})
            self.agents = agents or self.agents
            self.generic = [c for c in self.generic if c in focus] or self.generic
        self.agent_queue: deque[str] = deque()
        self.card_queue: deque[str] = deque()

    def _refill(self, queue: deque[str], items: list[str]) -> None:
        if not queue:
            fresh = list(items)
            self.rng.shuffle(fresh)
            queue.extend(fresh)

    def deck(self, records: Sequence[Any], mode: Any, name: str, taken: Sequence[str] = ()) -> Deck:
        """A legal deck with the next agents (and their exclusive cards) and the next generic cards; an agent
        in ``taken`` (another seat's in the same game, T24) waits in the queue for a later game."""
        squad: list[str] = []
        passed: list[str] = []
        while len(squad) < mode.max_agents:
            self._refill(self.agent_queue, self.agents)
            if not self.agent_queue or len(passed) >= len(self.agents):
                break
            agent = self.agent_queue.popleft()
            if agent in taken or agent in squad:
                if agent not in passed:
                    passed.append(agent)
            else:
                squad.append(agent)
        self.agent_queue.extendleft(reversed(passed))
        self._refill(self.card_queue, self.generic)
        generic = list(self.card_queue)
        include = squad + [c for a in squad for c in self.exclusive.get(a, [])] + generic
        deck = random_legal_deck(
            records,
            mode.id,
            self.rng,
            squad_size=max(len(squad), mode.starting_agents),  # 列兵 fill a squad when the agents run out
            include=include,
            name=name,
            taken=taken,
        )
        self.card_queue = deque(c for c in self.card_queue if c not in deck.cards)
        return deck


def plan_games(
    records: Iterable[Any], games: int = DEFAULT_GAMES, seed: int = 0, focus: Iterable[str] | None = None
) -> list[GameSpec]:
    """``games`` games cycling through :data:`CONFIGS`; decks and seeds follow from ``seed``. With ``focus``
    (the record ids of a designer's set), the covering decks rotate through that set's agents and cards."""
    pool = [r for r in records if getattr(r, "game", None) == "tactics"]
    modes = {r.id: r for r in pool if r.kind == "mode"}
    rng = random.Random(seed)
    rotation = _Rotation(pool, random.Random(seed + 1), frozenset(focus) if focus is not None else None)
    specs: list[GameSpec] = []
    for number in range(games):
        mode_id, players = CONFIGS[number % len(CONFIGS)]
        block = number // len(CONFIGS)
        covering = block % 2 == 0
        decider = "random" if block % RANDOM_EVERY == RANDOM_EVERY - 1 else "heuristic"
        decks: list[Deck] = []
        for seat in range(1, players + 1):
            name = f"{mode_id} game {number} seat {seat}"
            taken = [a for d in decks for a in d.agents or []]  # one piece per agent in a game (T24)
            if covering:
                decks.append(rotation.deck(pool, modes[mode_id], name, taken))
            else:
                decks.append(random_legal_deck(pool, mode_id, rng, name=name, taken=taken))
        specs.append(GameSpec(mode_id, players, seed * 100_003 + number, decider, tuple(decks), covering))
    return specs


@dataclass
class GameOutcome:
    """What one game gave: its result (or the error it raised) and its coverage."""

    spec: GameSpec
    result: dict[str, Any] | None
    coverage: dict[Key, list[bool]]
    error: str | None = None
    # for the reasons of the report (issue 25): (timing, record id) -> times the timing occurred for it; per
    # ability that changed nothing, why (``TacticsBase.idle``); record id -> times the card was played
    occasions: dict[tuple[str, str], int] = field(default_factory=dict)
    idle: dict[Key, dict[str, int]] = field(default_factory=dict)
    played: dict[str, int] = field(default_factory=dict)
    # a game that raised, its error in parts (the exception's type and message, the engine's source line) and the
    # ability resolving when it raised, (kind, record id, 0-based index), when one was (None: the engine itself)
    error_type: str = ""
    message: str = ""
    where: str = ""
    raised_by: tuple[str, str, int] | None = None

    def summary(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "mode": self.spec.mode,
            "players": self.spec.players,
            "seed": self.spec.seed,
            "decider": self.spec.decider,
            "covering": self.spec.covering,
        }
        if self.error is not None:
            out["error"] = self.error
            if self.raised_by is not None:
                kind, record, index = self.raised_by
                out["raised_by"] = {"kind": kind, "id": record, "ability": index}
        else:
            out["result"] = self.result
        return out


def play_game(records: Sequence[Any], spec: GameSpec, rounds: int = ROUNDS) -> GameOutcome:
    """Play one game; an exception becomes the outcome's ``error`` (type, message and where it was raised)."""
    from toolkit.engine.simulate import simulate_tactics

    if spec.decider == "random":
        rounds = min(rounds, RANDOM_ROUNDS)
    try:
        game = simulate_tactics(
            records,
            spec.mode,
            [d.agents or [] for d in spec.decks],
            [deck_card_ids(d) for d in spec.decks],
            rounds,
            spec.seed,
            decider=spec.decider,
        )
    except Exception as exc:  # a coverage run reports engine bugs instead of stopping
        frame = traceback.extract_tb(exc.__traceback__)[-1]
        where = f"{frame.filename.rsplit('/toolkit/', 1)[-1]}:{frame.lineno}"
        kind = type(exc).__name__
        # what the game resolved before the error counts: its coverage so far (the ability resolving when it
        # raised is not marked, as it did not finish: the report names it as raised while resolving)
        played = _game_of(exc)
        return GameOutcome(
            spec,
            None,
            error=f"{kind}: {exc} (at {where})",
            error_type=kind,
            message=str(exc),
            where=where,
            raised_by=_raised_by(records, exc),
            **_measured(played),
        )
    return GameOutcome(spec, game.result(), **_measured(game))


def _measured(game: Any) -> dict[str, Any]:
    """A game's coverage, occasions, idle reasons and cards played (:class:`GameOutcome`'s fields), as far as it
    went; all empty for no game (one that raised before it was made)."""
    if game is None:
        return {"coverage": {}}
    played = Counter(str(e.data.get("record")) for e in game.log if e.kind == "play")
    return {
        "coverage": {k: list(v) for k, v in game.coverage.items()},
        "occasions": dict(game.occasions),
        "idle": {k: dict(v) for k, v in game.idle.items()},
        "played": dict(played),
    }


def _game_of(exc: BaseException) -> Any:
    """The game that was playing when ``exc`` was raised: the outermost frame of its traceback holding a tactics
    game that keeps the coverage measure (``game`` or ``self``; a searcher's copies do not keep it); None when
    the game was not made yet."""
    from toolkit.engine.tactics.base import TacticsBase

    for frame, _ in traceback.walk_tb(exc.__traceback__):
        for name in ("game", "self"):
            value = frame.f_locals.get(name)
            if isinstance(value, TacticsBase) and getattr(value, "measures", False):  # (set after its log and measure)
                return value
    return None


def _raised_by(records: Sequence[Any], exc: BaseException) -> tuple[str, str, int] | None:
    """The ability that was resolving when ``exc`` was raised: the innermost frame of its traceback that resolves
    one (a ``ctx``, the engine's :class:`~toolkit.engine.tactics.state.Context`, naming its ``source``), as (kind,
    record id, index); None when the engine raised outside any ability."""
    frames = [frame for frame, _ in traceback.walk_tb(exc.__traceback__)]
    for frame in reversed(frames):
        source = getattr(frame.f_locals.get("ctx"), "source", None)
        if isinstance(source, tuple) and len(source) == 2:
            record, index = str(source[0]), int(source[1])
            kind = next((r.kind for r in records if r.id == record and r.kind in KINDS), "card")
            return (kind, record, index)
    return None


@dataclass
class CoverageReport:
    """The abilities, what the games reached and changed, and the games themselves."""

    abilities: list[AbilityRef]
    reached: set[Key] = field(default_factory=set)
    changed: set[Key] = field(default_factory=set)
    unknown: set[Key] = field(default_factory=set)  # marked by the engine but no such ability in the data
    reached_in: Counter[Key] = field(default_factory=Counter)  # games in which the ability was reached
    changed_in: Counter[Key] = field(default_factory=Counter)  # games in which it changed the game
    games: list[GameOutcome] = field(default_factory=list)
    seconds: float = 0.0
    occasions: Counter[tuple[str, str]] = field(default_factory=Counter)  # (timing, record id) -> times
    idle: dict[Key, Counter[str]] = field(default_factory=dict)  # ability -> why it changed nothing -> times
    played: Counter[str] = field(default_factory=Counter)  # card id -> times played
    in_games: Counter[str] = field(default_factory=Counter)  # card or agent id -> games it was in a deck of
    focus: frozenset[str] | None = None  # a designer's set (--cards): the report is restricted to its records
    names: dict[str, str] = field(default_factory=dict)  # the English name of each zh-Hans name of the pool
    raised: Counter[Key] = field(default_factory=Counter)  # ability -> games that raised while it resolved
    raised_errors: dict[Key, GameOutcome] = field(default_factory=dict)  # ability -> the first such game
    files: dict[str, str] = field(default_factory=dict)  # record id -> the file it was read from (where known)
    modes: dict[str, Any] = field(default_factory=dict)  # mode id -> its record (its name in the report's words)

    def add(self, outcome: GameOutcome) -> None:
        self.games.append(outcome)
        if outcome.raised_by is not None:
            key = (outcome.raised_by[1], outcome.raised_by[2])
            self.raised[key] += 1
            self.raised_errors.setdefault(key, outcome)
        self.occasions.update(outcome.occasions)
        self.played.update(outcome.played)
        for key, reasons in outcome.idle.items():
            self.idle.setdefault((key[0], key[1]), Counter()).update(reasons)
        present: set[str] = set()
        for deck in outcome.spec.decks:
            present.update(deck.agents or [])
            present.update(deck.cards)
        self.in_games.update(present)
        known = {a.key for a in self.abilities}
        for key, (reached, changed) in outcome.coverage.items():
            key = (key[0], key[1])
            if key not in known and (self.focus is None or key[0] in self.focus):
                self.unknown.add(key)
            if reached:
                self.reached.add(key)
                self.reached_in[key] += 1
            if changed:
                self.changed.add(key)
                self.changed_in[key] += 1

    def never_reached(self) -> list[AbilityRef]:
        """Never reached, and never raised while resolving (:meth:`raised_abilities`)."""
        return [a for a in self.abilities if a.key not in self.reached and not self.raised[a.key]]

    def never_changed(self) -> list[AbilityRef]:
        """Reached, but never changed the game (nor raised while resolving)."""
        return [
            a for a in self.abilities if a.key in self.reached and a.key not in self.changed and not self.raised[a.key]
        ]

    def raised_abilities(self) -> list[AbilityRef]:
        """Never changed the game, and raised while resolving in some game (the game stopped there)."""
        return [a for a in self.abilities if self.raised[a.key] and a.key not in self.changed]

    def reason(self, a: AbilityRef) -> dict[str, Any] | None:
        """Why ``a`` never changed the game (None: it did), as a code and its details (:meth:`reason_text`
        words it): its resolving raised (in how many games, the first game's error), a form the tactics engine does not run, a card in no deck or never played, a timing that
        never occurred for it, no player using it, or what its resolutions said (a condition never true, no
        legal target, …)."""
        if a.key in self.changed:
            return None
        if self.raised[a.key]:  # its resolving raised: an engine bug (or a text it cannot run) to see to first
            first = self.raised_errors[a.key]
            return {
                "code": "raised",
                "games": self.raised[a.key],
                "error": first.error,
                "error_type": first.error_type,
                "message": first.message,
                "where": first.where,
            }
        from toolkit.engine.forms import form_words, unsupported
        from toolkit.engine.tactics.state import CONTINUOUS
        from toolkit.text import AbilitySyntaxError, parse_cached

        try:
            ability = parse_cached(a.text)
        except (AbilitySyntaxError, ValueError):
            return {"code": "unparsable"}
        missing = unsupported("tactics", ability)
        if missing:
            form, node = missing[0]
            zh, en = form_words(form, node)
            return {"code": "unsupported", "form": form[1], "zh": zh, "en": en}
        if a.key in self.reached:
            causes = self.idle.get(a.key)
            return {"code": "idle", "causes": dict(causes.most_common()) if causes else {}}
        games = len(self.games)
        if a.kind == "agent" and not self.in_games[a.id]:
            return {"code": "not_in_squads", "games": games}
        if a.kind == "card" and not self.played[a.id]:
            return {"code": "never_played", "games": games, "in_decks": self.in_games[a.id]}
        if ability.kind == "triggered" and ability.timing is not None:
            zh, en = form_words(("timing", ability.timing))
            times = self.occasions[(ability.timing, a.id)]
            code = "timing_never" if not times else "timing_unresolved"
            return {"code": code, "timing": ability.timing, "zh": zh, "en": en, "times": times, "games": games}
        if ability.kind in ("active", "special", "response"):
            return {"code": "never_used", "games": games}
        continuous = any(isinstance(e, CONTINUOUS) for s in ability.sentences for e in s.effects)
        return {"code": "value_unused" if continuous else "never_resolved", "games": games}

    def reason_text(self, a: AbilityRef) -> str:
        """:meth:`reason` in words of the current language."""
        reason = self.reason(a)
        if reason is None:
            return ""
        return reason_words(reason)

    def totals(self) -> dict[str, Any]:
        total = len(self.abilities)
        reached = sum(1 for a in self.abilities if a.key in self.reached)
        changed = sum(1 for a in self.abilities if a.key in self.changed)
        reasons = Counter(g.result["reason"] for g in self.games if g.result is not None)
        return {
            "abilities": total,
            "reached": reached,
            "changed": changed,
            "reached_percent": round(100 * reached / total, 1) if total else 0.0,
            "changed_percent": round(100 * changed / total, 1) if total else 0.0,
            "games": len(self.games),
            "errors": sum(1 for g in self.games if g.error is not None),
            "raised_abilities": len(self.raised_abilities()),
            "results": dict(sorted(reasons.items())),
            "seconds": round(self.seconds, 2),
        }

    def per_kind(self) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for a in self.abilities:
            row = out.setdefault(a.kind, {"abilities": 0, "reached": 0, "changed": 0})
            row["abilities"] += 1
            row["reached"] += a.key in self.reached
            row["changed"] += a.key in self.changed
        return out

    def to_json(self) -> dict[str, Any]:
        return self._json(list)

    def json_stream(self) -> dict[str, Any]:
        """:meth:`to_json` with its lists (one item per ability, per game that raised) as
        :class:`toolkit.jsonstream.Stream`: made as :func:`toolkit.jsonstream.write_json` writes them."""
        from toolkit.jsonstream import Stream

        return self._json(Stream)

    def _json(self, listed: Callable[[Iterable[Any]], Any]) -> dict[str, Any]:
        return {
            "totals": self.totals(),
            "per_kind": self.per_kind(),
            "abilities": listed(
                {
                    "kind": a.kind,
                    "id": a.id,
                    "ability": a.index,
                    "face": a.face,
                    "text": a.text,
                    "reached": a.key in self.reached,
                    "changed": a.key in self.changed,
                    "games_reached": self.reached_in[a.key],
                    "games_changed": self.changed_in[a.key],
                    **({"reason": reason} if (reason := self.reason(a)) is not None else {}),
                }
                for a in self.abilities
            ),
            "never_reached": listed(a.label() for a in self.never_reached()),
            "never_changed": listed(a.label() for a in self.never_changed()),
            "raised": listed(a.label() for a in self.raised_abilities()),
            "unknown": [f"{i}#{n}" for i, n in sorted(self.unknown)],
            "errors": listed(self._error_json(g) for g in self.games if g.error is not None),
        }

    def _error_json(self, game: GameOutcome) -> dict[str, Any]:
        """A game that raised, in the JSON report: :meth:`GameOutcome.summary`, the file of the record whose ability
        was resolving added where it is known."""
        out = game.summary()
        raised = out.get("raised_by")
        if raised is not None and raised["id"] in self.files:
            raised["file"] = self.files[raised["id"]]
        return out

    def format_text(self, every: bool = True) -> str:
        """:meth:`text_lines` as one text."""
        return "\n".join(self.text_lines(every))

    def text_lines(self, every: bool = True) -> Iterator[str]:
        """Per ability (``every``) a line ``RC  reached/changed  kind id#index  text`` (R reached, C changed,
        '.' not; then in how many games), then the abilities whose resolving raised (with the error), those never
        reached and never changing, the games that raised (naming the ability resolving and its file), and the
        totals: one line at a time, as they are made."""
        from toolkit.textwidth import pad

        if every:
            for a in self.abilities:
                marks = ("R" if a.key in self.reached else ".") + ("C" if a.key in self.changed else ".")
                counts = f"{self.reached_in[a.key]:>4}/{self.changed_in[a.key]:<4}"
                yield f"{marks} {counts} {a.shown()}  {_ability_text(a.text, self.names)}"
            yield ""
        raised = self.raised_abilities()
        if raised:
            yield tr("raised while resolving ({n}):", n=len(raised))
            for a in raised:
                yield f"  {a.shown()}  {_ability_text(a.text, self.names)}"
                yield "    " + tr("why: {reason}", reason=self.reason_text(a))
        missed = self.never_reached()
        yield tr("never reached ({n}):", n=len(missed))
        for a in missed:
            yield f"  {a.shown()}  {_ability_text(a.text, self.names)}"
            yield "    " + tr("why: {reason}", reason=self.reason_text(a))
        idle = self.never_changed()
        yield tr("reached but never changed the game ({n}):", n=len(idle))
        for a in idle:
            games = trn("(reached in {n} game)", "(reached in {n} games)", self.reached_in[a.key])
            yield f"  {a.shown()} {games}  {_ability_text(a.text, self.names)}"
            yield "    " + tr("why: {reason}", reason=self.reason_text(a))
        if self.unknown:
            yield tr("marked by the engine but not in the data ({n}):", n=len(self.unknown))
            yield from (f"  {i}#{n + 1}" for i, n in sorted(self.unknown))
        failed = [g for g in self.games if g.error is not None]
        if failed:
            yield tr("games that raised ({n}):", n=len(failed))
            yield from ("  " + self._raised_line(g) for g in failed[:20])
            if len(failed) > 20:
                yield "  " + tr("… and {n} more", n=len(failed) - 20)
        t = self.totals()
        for kind, row in self.per_kind().items():
            reached, abilities, changed = (str(row[k]) for k in ("reached", "abilities", "changed"))
            yield tr(
                "{kind} {reached}/{abilities} reached  {changed} changed",
                kind=pad(_kind_word(kind), 8),
                reached=reached.rjust(4),
                abilities=abilities.ljust(4),
                changed=changed.rjust(4),
            )
        from toolkit.engine.logwords import word

        lang = current_lang()  # each way a game ended in words, as simulate says it (the code where none is known)
        results = tc(lang, "list", ", ").join(f"{word('reason', k, lang) or k} {v}" for k, v in t["results"].items())
        seconds = f"{t['seconds']:.1f}"
        if results:
            yield tr(
                "games    {games} ({results}; {errors} raised) in {seconds} s",
                games=t["games"],
                results=results,
                errors=t["errors"],
                seconds=seconds,
            )
        elif t["errors"]:  # every game raised: no way a game ended to list before them
            yield tr(
                "games    {games} ({errors} raised) in {seconds} s",
                games=t["games"],
                errors=t["errors"],
                seconds=seconds,
            )
        else:
            yield tr("games    {games} in {seconds} s", games=t["games"], seconds=seconds)
        yield tr(
            "total    {reached}/{abilities} reached ({reached_percent}%), "
            "{changed}/{abilities} changed the game ({changed_percent}%)",
            reached=t["reached"],
            abilities=t["abilities"],
            reached_percent=t["reached_percent"],
            changed=t["changed"],
            changed_percent=t["changed_percent"],
        )

    def _raised_line(self, game: GameOutcome) -> str:
        """A game that raised, in words of the current language: the game, the ability whose text was resolving
        (and the file of its record, where known), the error and the engine's source line."""
        from toolkit.i18n import name_of

        mode = self.modes.get(game.spec.mode)
        label = game.spec.label(name_of(mode, current_lang()) if mode is not None else None)
        if not game.where:  # an outcome made without the error's parts: its error as it is
            return tr("{game}: {error}", game=label, error=game.error)
        error = _error_words(game.error_type, game.message)
        if game.raised_by is None:
            return tr("{game}: {error} (at {where})", game=label, error=error, where=game.where)
        kind, record, index = game.raised_by
        ability = tr("{kind} {id}#{index}", kind=_kind_word(kind), id=record, index=index + 1)
        path = self.files.get(record)
        if path is None:
            return tr(
                "{game}: {ability} raised while resolving: {error} (at {where})",
                game=label,
                ability=ability,
                error=error,
                where=game.where,
            )
        return tr(
            "{game}: {ability} ({file}) raised while resolving: {error} (at {where})",
            game=label,
            ability=ability,
            file=path,
            error=error,
            where=game.where,
        )


def _error_words(kind: str, message: str) -> str:
    """An error a game raised: the engine's own (an ``EngineError``, worded in the current language) by its
    message; another exception (a bug) by its type and message."""
    if kind == "EngineError" or not kind:
        return message
    return tr("{type}: {message}", type=kind, message=message)


def _cause_words(cause: str) -> str:
    if cause == "condition_false":
        return tr("its condition was not true")
    if cause == "no_target":
        return tr("no target was legal")
    if cause == "target_lost":
        return tr("its target was out of range or out of sight when it resolved")
    if cause == "declined":
        return tr("the player declined it ({you_may})", you_may="你可以")
    if cause == "no_attack":
        return tr("there was no attack to modify")
    if cause == "no_card":
        return tr("the text was not on a card in play")
    if cause.startswith("no_change:"):
        from toolkit.engine.logwords import word

        kind = cause.partition(":")[2]
        return tr("the effect changed nothing: {event}", event=word("event", kind, current_lang()) or kind)
    return tr("the effect changed nothing")


def reason_words(reason: dict[str, Any]) -> str:
    """A :meth:`CoverageReport.reason` in words of the current language."""
    code = reason["code"]
    if code == "raised":
        if not reason.get("where"):
            return trn(
                "resolving it raised in {n} game: {error}",
                "resolving it raised in {n} games: {error}",
                reason["games"],
                error=reason["error"],
            )
        return trn(
            "resolving it raised in {n} game: {error} (at {where})",
            "resolving it raised in {n} games: {error} (at {where})",
            reason["games"],
            error=_error_words(reason["error_type"], reason["message"]),
            where=reason["where"],
        )
    if code == "unparsable":
        return tr("its text does not parse (see `dossier lint`)")
    if code == "unsupported":
        return tr(
            "the tactics engine does not run {zh} ({en}); `dossier lint` warns about it",
            zh=reason["zh"],
            en=reason["en"],
        )
    if code == "idle":
        causes = reason["causes"]
        if not causes:
            return tr("the effect changed nothing")
        parts = [trn("{cause} ({n} time)", "{cause} ({n} times)", n, cause=_cause_words(c)) for c, n in causes.items()]
        return tc(current_lang(), "list", ", ").join(parts)
    if code == "not_in_squads":
        return trn("the agent was in no squad of the {n} game", "the agent was in no squad of the {n} games", reason["games"])
    if code == "never_played":
        if not reason["in_decks"]:
            return trn(
                "the card was in no deck, and never bought or gained, in the {n} game",
                "the card was in no deck, and never bought or gained, in the {n} games",
                reason["games"],
            )
        return trn(
            "the card was in decks in {n} game but never played",
            "the card was in decks in {n} games but never played",
            reason["in_decks"],
        )
    if code in ("timing_never", "timing_unresolved"):
        timing = reason["zh"] if chinese(current_lang()) else reason["en"]  # as the card's text and the log name it
        if code == "timing_unresolved":
            return trn(
                "its timing “{timing}” occurred {n} time, but the ability did not resolve (another face was up, or "
                "the game ended first)",
                "its timing “{timing}” occurred {n} times, but the ability did not resolve (another face was up, or "
                "the game ended first)",
                reason["times"],
                timing=timing,
            )
        if reason["timing"] == "on_exposed":
            return trn(
                "its timing “{timing}” never occurred for it in {n} game: no unit carrying it was hidden when it "
                "turned face up",
                "its timing “{timing}” never occurred for it in {n} games: no unit carrying it was hidden when it "
                "turned face up",
                reason["games"],
                timing=timing,
            )
        return trn(
            "its timing “{timing}” never occurred for it in {n} game",
            "its timing “{timing}” never occurred for it in {n} games",
            reason["games"],
            timing=timing,
        )
    if code == "never_used":
        return tr("no player chose to use it")
    if code == "value_unused":
        return tr("the game never used the value it changes")
    return tr("it never resolved")


_WORKER_RECORDS: list[Any] = []


def _init_worker(records: list[Any]) -> None:
    _WORKER_RECORDS[:] = records


def _play_in_worker(spec: GameSpec, rounds: int) -> GameOutcome:
    return play_game(_WORKER_RECORDS, spec, rounds)


def run_coverage(
    records: Iterable[Any],
    games: int = DEFAULT_GAMES,
    seed: int = 0,
    rounds: int = ROUNDS,
    jobs: int = 1,
    meter: Meter | None = None,
    focus: Iterable[str] | None = None,
    files: Mapping[str, Any] | None = None,
) -> CoverageReport:
    """Plan and play ``games`` games (in ``jobs`` processes); the coverage of all of them against every
    bundled ability. The report is the same whatever ``jobs`` is (only ``seconds`` differs). ``meter``
    counts the games as they finish (:mod:`toolkit.meter`). ``focus``: the record ids of a designer's set,
    played among the pool (:func:`plan_games`); the report is restricted to their abilities. ``files``: record id
    -> the file it was read from (``Catalog.file_of``; by default, :data:`toolkit.engine.core.RECORD_FILES`, set by
    :func:`toolkit.config.pool_catalog`), for the report to name the file of a card whose text raised."""
    pool = [r for r in records if getattr(r, "game", None) == "tactics"]
    start = time.perf_counter()
    chosen = frozenset(focus) if focus is not None else None
    abilities = tactics_abilities(pool)
    if chosen is not None:
        abilities = [a for a in abilities if a.id in chosen]
    from toolkit.names import english_names

    named = (getattr(record, "name", None) for record in pool)
    names = english_names((getattr(name, "zh_hans", None), getattr(name, "en", None)) for name in named)
    report = CoverageReport(abilities, focus=chosen, names=names)
    report.modes = {r.id: r for r in pool if r.kind == "mode"}
    specs = plan_games(pool, games, seed, chosen)
    count = meter_or_silent(meter)
    count.start(tr("playing games"), len(specs))
    from toolkit.forking import may_fork

    if jobs > 1 and len(specs) > 1 and may_fork():  # (the pool forks its workers)
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(jobs, initializer=_init_worker, initargs=(pool,)) as executor:
            for outcome in executor.map(_play_in_worker, specs, [rounds] * len(specs), chunksize=4):
                report.add(outcome)
                count.advance()
    else:
        for spec in specs:
            report.add(play_game(pool, spec, rounds))
            count.advance()
    report.seconds = time.perf_counter() - start
    report.files = _files_of(pool, {g.raised_by[1] for g in report.games if g.raised_by is not None}, files)
    return report


def _files_of(pool: Sequence[Any], ids: set[str], files: Mapping[str, Any] | None) -> dict[str, str]:
    """The file of each record of ``ids`` where it is known: by ``files`` (record id -> file), else by the pool's
    :data:`toolkit.engine.core.RECORD_FILES` (the pool the command read)."""
    from toolkit.engine.core import RECORD_FILES

    out: dict[str, str] = {}
    file_of = RECORD_FILES.get()
    for record in pool:
        if record.id not in ids or record.kind not in KINDS or record.id in out:
            continue
        found = files.get(record.id) if files is not None else file_of(record) if file_of is not None else None
        if found is not None:
            out[record.id] = str(found)
    return out


__all__ = [
    "CONFIGS",
    "AbilityRef",
    "CoverageReport",
    "GameOutcome",
    "GameSpec",
    "ReadingReport",
    "play_game",
    "netrunner_reading",
    "plan_games",
    "run_coverage",
    "tactics_abilities",
]


# ---------------------------------------------------------------- netrunner: the import's reading of printed text


@dataclass
class ReadingReport:
    """How much of an imported netrunner pool's printed English was read into ability text
    (the ``reading`` verdict the NetrunnerDB import stores on each card and identity)."""

    cards: list[dict[str, Any]]
    set_names: dict[str, Any] = field(default_factory=dict)  # set id -> CardSet (for names and cycles)
    cycle_names: dict[str, Any] = field(default_factory=dict)  # cycle id -> Cycle (the game record's, for names)
    not_imported: int = 0  # netrunner cards and identities without a verdict (written in the ability language)

    @staticmethod
    def _count(rows: Iterable[dict[str, Any]]) -> dict[str, Any]:
        statuses = Counter(r["status"] for r in rows)
        total = sum(statuses.values())
        out: dict[str, Any] = {"cards": total}
        for status in ("executable", "partial", "printed_only"):
            out[status] = statuses[status]
        out["executable_percent"] = round(100 * statuses["executable"] / total, 1) if total else 0.0
        return out

    def _grouped(self, key: str) -> dict[str, dict[str, Any]]:
        groups: dict[str, list[dict[str, Any]]] = {}
        for row in self.cards:
            groups.setdefault(row[key] or "", []).append(row)
        return {name: self._count(rows) for name, rows in sorted(groups.items())}

    def _printed(self) -> dict[str, dict[str, Any]]:
        """Per set, every card printed in it (reprints too: a System Gateway card first printed in the Core
        Set counts in both), as a player opening that set sees it."""
        groups: dict[str, list[dict[str, Any]]] = {}
        for row in self.cards:
            for set_id in row["printed_in"]:
                groups.setdefault(set_id, []).append(row)
        return {name: self._count(rows) for name, rows in sorted(groups.items())}

    def totals(self) -> dict[str, Any]:
        return {**self._count(self.cards), "not_imported": self.not_imported}

    def reasons(self) -> dict[str, int]:
        counts = Counter(u["reason"] for row in self.cards for u in row["unread"])
        return dict(sorted(counts.items()))

    def zh_check(self) -> dict[str, Any]:
        """The second check: paragraphs of NetrunnerDB's zh-Hans translation that the Chinese grammar reads, and
        whether each gives the same ability as the English reading of the same paragraph (compared only where
        both languages have as many paragraphs, so that the indexes match)."""
        rows = [(row["id"], check) for row in self.cards for check in row.get("zh", [])]
        return {
            "parsed": len(rows),
            "compared": sum(1 for _, c in rows if c["same"] is not None),
            "agree": sum(1 for _, c in rows if c["same"] is True),
            "disagree": [{"id": card_id, "index": c["index"]} for card_id, c in rows if c["same"] is False],
        }

    def to_json(self) -> dict[str, Any]:
        return self._json(list)

    def json_stream(self) -> dict[str, Any]:
        """:meth:`to_json` with its list of cards as a :class:`toolkit.jsonstream.Stream`, written a card at a
        time by :func:`toolkit.jsonstream.write_json`."""
        from toolkit.jsonstream import Stream

        return self._json(Stream)

    def _json(self, listed: Callable[[Iterable[Any]], Any]) -> dict[str, Any]:
        return {
            "totals": self.totals(),
            "reasons": self.reasons(),
            "zh_check": self.zh_check(),
            "per_cycle": self._grouped("cycle"),
            "per_set": self._grouped("set"),
            "per_set_printed": self._printed(),
            "cards": self.cards if listed is list else listed(self.cards),
        }

    def format_text(self, every: bool = True) -> str:
        """:meth:`text_lines` as one text."""
        return "\n".join(self.text_lines(every))

    def text_lines(self, every: bool = True) -> Iterator[str]:
        """Per card (``every``) a line ``status  id  title  set  cycle  #paragraph reason, …`` (the paragraphs not
        read, numbered from 1 as players count them and as ``show`` says them; the JSON keeps the record's 0-based
        ``index``), then per cycle, per set, the unread reasons and the totals, in the current language (a cycle
        and a set by name, where the game record has one, else by id): one line at a time."""
        from toolkit.importers.nrdb_text import reason_text, status_text
        from toolkit.textwidth import display_width, pad

        lang = current_lang()
        if every:
            for row in self.cards:
                unread = tc(lang, "list", ", ").join(
                    tr("#{index} {reason}", index=u["index"] + 1, reason=reason_text(u["reason"]))
                    for u in row["unread"]
                )
                parts = [pad(status_text(row["status"]), 12), row["id"], row["title"], row["set"] or "-", row["cycle"] or "-"]
                yield "  ".join(parts) + (f"  {unread}" if unread else "")
            yield ""
        lines: list[str] = []  # the summaries: a line per cycle and per set (bounded by the pool's sets)
        cycles = [(self._cycle_name(cycle), counts) for cycle, counts in self._grouped("cycle").items()]
        sets = [(self._set_name(s), counts) for s, counts in self._grouped("set").items()]
        printed = [(self._set_name(s), counts) for s, counts in self._printed().items()]
        total = tr("total")
        # the figures start in one column: after the longest name, at least 24 columns in
        width = max([24, display_width(total)] + [display_width(name) for name, _ in cycles + sets + printed])

        def line(name: str, counts: dict[str, Any]) -> str:
            return tr(
                "{name} {executable}/{cards} executable ({percent}%), {partial} partial, {printed} printed only",
                name=pad(name, width),
                executable=counts["executable"],
                cards=counts["cards"],
                percent=counts["executable_percent"],
                partial=counts["partial"],
                printed=counts["printed_only"],
            )

        lines.append(tr("per cycle:"))
        lines += ["  " + line(name, counts) for name, counts in cycles]
        lines.append(tr("per set:"))
        lines += ["  " + line(name, counts) for name, counts in sets]
        lines.append(tr("per set, reprints included:"))
        lines += ["  " + line(name, counts) for name, counts in printed]
        reasons = self.reasons()
        if reasons:
            lines.append(tr("unread paragraphs by reason:"))
            lines += [f"  {pad(reason_text(code), 40)} {n}" for code, n in reasons.items()]
        check = self.zh_check()
        if check["parsed"]:
            lines.append(
                trn(
                    "zh-Hans translations the grammar reads: {parsed} paragraphs; {agree} of {compared} compared give "
                    "the English reading's ability, {disagree} does not",
                    "zh-Hans translations the grammar reads: {parsed} paragraphs; {agree} of {compared} compared give "
                    "the English reading's ability, {disagree} do not",
                    len(check["disagree"]),
                    parsed=check["parsed"],
                    agree=check["agree"],
                    compared=check["compared"],
                    disagree=len(check["disagree"]),
                )
            )
        lines.append(line(total, self.totals()))
        if self.not_imported:
            lines.append(
                trn(
                    "{n} card has no verdict (not imported: its text is ability text)",
                    "{n} cards have no verdict (not imported: their text is ability text)",
                    self.not_imported,
                )
            )
        yield from lines

    def _set_name(self, set_id: str) -> str:
        from toolkit.i18n import name_of

        known = self.set_names.get(set_id)
        return name_of(known, current_lang()) if known is not None else (set_id or "-")

    def _cycle_name(self, cycle_id: str) -> str:
        from toolkit.i18n import name_of

        known = self.cycle_names.get(cycle_id)
        return name_of(known, current_lang()) if known is not None else (cycle_id or "-")


def _zh_check(record: Any) -> list[dict[str, Any]]:
    """Each zh-Hans printed paragraph of ``record`` the Chinese grammar reads: its index, and whether its ability
    is the one the English reading of the same paragraph ran (None: not comparable)."""
    from toolkit.text import AbilitySyntaxError, parse_cached

    printed = getattr(record, "printed_text", None)
    zh = (printed.zh_hans if printed is not None else None) or []
    english = (printed.en if printed is not None else None) or []
    read = dict(zip(record.reading.read, record.text, strict=False))
    out: list[dict[str, Any]] = []
    for index, paragraph in enumerate(zh):
        try:
            ability = parse_cached(paragraph)
        except (AbilitySyntaxError, ValueError):
            continue
        same = None
        if len(zh) == len(english) and index in read:
            same = parse_cached(read[index]) == ability
        out.append({"index": index, "same": same})
    return out


def netrunner_reading(records: Iterable[Any]) -> ReadingReport:
    """The reading verdicts of the netrunner cards and identities in ``records``, sorted by set and id."""
    from toolkit.i18n import name_of

    lang = current_lang()
    rows: list[dict[str, Any]] = []
    sets: dict[str, Any] = {}
    cycles: dict[str, Any] = {}
    not_imported = 0
    for record in records:
        if getattr(record, "game", None) != "netrunner":
            continue
        if record.kind == "game":
            sets.update({s.id: s for s in record.sets})
            cycles.update({c.id: c for c in getattr(record, "cycles", [])})
        if record.kind not in ("card", "identity"):
            continue
        reading = getattr(record, "reading", None)
        if reading is None:
            not_imported += 1
            continue
        printing = record.printings[0] if record.printings else None
        rows.append(
            {
                "id": record.id,
                "title": name_of(record, lang),
                "set": record.set,
                "cycle": printing.cycle if printing is not None else None,
                "printed_in": list(dict.fromkeys(p.set for p in record.printings)) or [record.set],
                "status": reading.status,
                "scripted": list(reading.scripted),
                "unread": [{"index": u.index, "reason": u.reason} for u in reading.unread],
                "zh": _zh_check(record),
            }
        )
    for row in rows:  # a printing without a cycle: the set's cycle, where the game record knows it
        if row["cycle"] is None and row["set"] in sets:
            row["cycle"] = sets[row["set"]].cycle
    rows.sort(key=lambda r: (r["set"] or "", r["id"]))
    return ReadingReport(rows, sets, cycles, not_imported)
