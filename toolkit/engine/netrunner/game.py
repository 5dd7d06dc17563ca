"""The game of Android: Netrunner (seed 001): state, the table's operations, turns, and who decides.

:class:`NetrunnerGame` holds the state (:mod:`.state`), the event log, one seeded RNG
and its parts, each in its own module and each handed the game: the interpreter of
ability text (:mod:`.interp`), the run (:mod:`.run`), the basic actions and paid
abilities (:mod:`.actions`). Every choice is a :class:`~.decisions.Decision` answered
by a policy per seat (or by a person through :class:`~.decisions.Stepper`).

Rules carried out here (seed 001, RULINGS N1-N12): set-up and the mulligan of each
side (N8); turns (clicks, 你的回合开始时, the corp's mandatory draw, an action phase
that ends only when every click is spent (N11), the discard phase, 你的回合结束时);
credits with recurring credits (N10) and bad-publicity credits; damage, tags and
trashing with prevention windows (N12); installing (ice costs, memory, unique cards,
hosting), rezzing, trashing (hosted cards go with their host, counters are lost: N9),
counters and purge (N9); memory rechecked at every change (N11); advancing, scoring
and stealing; Archives face up and face down; the end of the game at the agenda
points, an empty R&D or a flatline (N4).
"""

from __future__ import annotations

import copy
import random
import re
import types
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeVar

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n import Nn_, current_lang, name_of, tr, trn, word
from toolkit.i18n.words import N_
from toolkit.models.deck import Deck
from toolkit.models.netrunner import side_of_type
from toolkit.text import ast as A
from toolkit.text.render import render

from ..core import (
    Decider,
    EngineError,
    Event,
    FirstDecider,
    Log,
    Pending,
    Triggers,
    parse_abilities,
    said,
    side_word,
    type_word,
)
from ..decisions import placeless, worded
from .decisions import Decision, Option, Policy, as_policy, generic_options
from .nodes import effect_nodes
from .state import (
    CENTRALS,
    INSTALLABLE,
    SEATS,
    SIDES,
    ZONE_SIDES,
    Card,
    Context,
    Player,
    RunState,
    Server,
    Side,
    Sub,
    a_or_an,
    ability_text,
    other,
)

T = TypeVar("T")
FIND_NOTHING = "nothing"  # the label of a search's "find nothing" (:meth:`NetrunnerGame.find_in_hidden`)
MAX_FREE_ACTIONS = 20  # actions without a click (rez, score, paid abilities) in one action phase at most


class _Log(Log):
    """The game's log; a trigger's line waits (:meth:`hold`) until the trigger does something: the first entry it
    adds, or the first question it asks, writes it first. A trigger whose condition does not hold (a card's text
    about its own server or ice, another one's event) leaves no line."""

    def __init__(self) -> None:
        super().__init__()
        self.held: list[tuple[str, int | None, dict[str, Any]]] = []
        self.masks: dict[int, dict[int, dict[str, Any]]] = {}  # seq -> seat -> the fields that seat is shown
        self.renames: list[tuple[int, int, int]] = []  # (entries before it, uid, handle): hide()
        self.corp_renames: list[tuple[int, int, int]] = []  # the same for the corp: its handles of runner cards
        self.twins: set[int] = set()  # seqs of entries telling the other seat what one before told its own: apart()
        self.ended = False  # the game is over: the set-up entry's seed is every seat's to see
        self.naming: Callable[[Event], None] | None = None  # the game's: corp cards of R&D or HQ by name for the runner
        self.corp_naming: Callable[[Event], None] | None = None  # the game's: runner cards come out, for the corp
        self.sweep: Callable[[], None] | None = None  # the game's, before each entry: the runner's handles, up to date

    def hold(self, kind: str, player: int | None, **data: Any) -> int:
        """Hold an entry until something else is logged (or :meth:`flush`); its place in the held ones."""
        self.held.append((kind, player, data))
        return len(self.held)

    def drop(self, place: int) -> None:
        """Forget the entry held at ``place`` (and after it) if it was never written."""
        del self.held[place - 1 :]

    def flush(self) -> None:
        if self.sweep is not None:
            self.sweep()
        held, self.held = self.held, []
        for kind, player, data in held:
            self._named(super().add(kind, player, **data))

    def add(self, kind: str, player: int | None = None, /, visible: str | Sequence[int] | None = None,
            **data: Any) -> Event:  # fmt: skip
        """``visible``: by default every seat's, but for an entry of :data:`_OWN_KINDS` (its player's seat's)."""
        if visible is None:
            visible = [player] if kind in _OWN_KINDS and player is not None else "all"
        if self.sweep is not None:
            self.sweep()  # (the runner's handles of cards come out of HQ or R&D, or gone back there, since)
        if self.held:
            self.flush()
        if kind in _ENDS:
            self.ended = True
        return self._named(super().add(kind, player, visible=visible, **data))

    def _named(self, event: Event) -> Event:
        """``event`` once :attr:`naming` has seen it (an entry the runner is shown)."""
        if self.naming is not None and (event.visible == "all" or SEATS["runner"] in event.visible):
            self.naming(event)
        if self.corp_naming is not None and (event.visible == "all" or SEATS["corp"] in event.visible):
            self.corp_naming(event)
        return event

    # What a seat is shown of an entry may be less than the entry (the full log, which card scripts read, is the
    # referee's): ``masks`` give a seat other fields for an entry (the corp is told a card of R&D was accessed, not
    # which), ``renames`` the runner's handles for corp cards (:meth:`NetrunnerGame.hide`).

    def mask(self, event: Event, seat: int, /, hidden: bool = False, kind: str | None = None, **data: Any) -> None:
        """``seat`` is shown ``event`` with these fields instead of its own (a field None: left out); ``hidden``:
        not at all; ``kind``: as an entry of that kind."""
        self.masks.setdefault(event.seq, {})[seat] = {_HIDDEN_ENTRY: True} if hidden else {
            **data, **({_KIND: kind} if kind is not None else {})}  # fmt: skip

    def shown(self, seat: int, start: int) -> bool:
        """Whether an entry from index ``start`` on is shown to ``seat`` (one it may see, not masked away)."""
        masks = self.masks
        return any((e.visible == "all" or seat in e.visible) and _HIDDEN_ENTRY not in masks.get(e.seq, {}).get(seat, {})
                   for e in self._events[start:])  # fmt: skip

    def apart(self, told: Event, others: Event) -> None:
        """``others`` tells every other seat what ``told`` (an entry only its own seats see: the cards a corp discards
        face down) tells those seats (how many cards): each seat is told once, ``told``'s seats by ``told`` only. The
        full log keeps both (card scripts read them); :meth:`every_seat` (a replay) has ``told`` only."""
        if isinstance(told.visible, str):  # ("all": nobody else to tell)
            return
        for seat in told.visible:
            self.mask(others, seat, hidden=True)
        self.twins.add(others.seq)

    def every_seat(self, start: int = 0) -> list[dict[str, Any]]:
        """The entries from index ``start`` on (:meth:`to_json`) as one who sees every seat's is told them (a replay,
        a spectator): each thing once, so not an entry that only tells the other seat what one before it told its
        own seat (:meth:`apart`)."""
        return [e.to_json() for e in self._events[start:] if e.seq not in self.twins]

    def rename(self, uid: int, handle: int, this: bool = False, seat: int = SEATS["runner"]) -> None:
        """From the next entry on (``this``: from the last one on), ``seat`` (the runner, or the corp: its handles
        of runner cards) is shown the card ``uid`` as ``#handle``."""
        renames = self.renames if seat == SEATS["runner"] else self.corp_renames
        renames.append((len(self._events) - (1 if this else 0), uid, handle))

    def named_only(self, seat: int, since: int = 0) -> bool:
        """Whether an entry after the first ``since`` shows ``seat`` a card by its name only (a mask naming it: a
        card of R&D or HQ the seat saw, :meth:`NetrunnerGame.mask`)."""
        return any(seq > since and _KIND not in seats.get(seat, {}) and _names(v)
                   for seq, seats in self.masks.items() for v in seats.get(seat, {}).values())  # fmt: skip

    def seen_by(self, seat: int, over: bool = False) -> list[Event]:
        """What ``seat`` may see, as it is shown to it: each entry's masked fields, and for the runner the corp
        cards by the handles it knows them by (never the number it saw a card by in R&D or HQ). The set-up entry
        has no seed while the game goes on (the seed gives the deal away: every hand, the order of R&D and the
        stack); once it is over (its end logged, or ``over``: ended otherwise, as by a resignation), it has it."""
        events = super().seen_by(seat)
        if not (over or self.ended) and events and events[0].kind == "setup" and "seed" in events[0].data:
            setup = object.__new__(Event)
            setup.__dict__.update(events[0].__dict__, data={k: v for k, v in events[0].data.items() if k != "seed"})
            events[0] = setup
        renames = self.renames if seat == SEATS["runner"] else self.corp_renames if seat == SEATS["corp"] else []
        if not renames and not any(e.seq in self.masks for e in events):
            return events
        shown: dict[int, int] = {}
        pending = iter(renames)
        upcoming = next(pending, None)
        out: list[Event] = []
        for event in events:
            while upcoming is not None and upcoming[0] < event.seq:
                shown[upcoming[1]] = upcoming[2]
                upcoming = next(pending, None)
            data = event.data
            masked = self.masks.get(event.seq, {}).get(seat)
            if masked is not None and _HIDDEN_ENTRY in masked:
                continue
            kind = event.kind
            if masked is not None:
                kind = masked.get(_KIND, kind)
                data = {k: v for k, v in {**data, **masked}.items() if v is not None and k != _KIND}
            if shown:
                data = renamed(data, shown)
            if data is not event.data:
                copied = object.__new__(Event)
                copied.__dict__.update(event.__dict__, data=data, kind=kind)
                event = copied
            out.append(event)
        return out


VIEW_BASE = 1000  # the runner's handles of corp cards come out of HQ or R&D: 1000 on (NetrunnerGame._next_view)
# the corp's handles of runner cards come out of the grip or the stack: 5000 on (NetrunnerGame._next_corp_view), a
# range of their own (the corp's handles never meet a number the other counters give)
CORP_VIEW_BASE = 5000
_HIDDEN_ENTRY = "\0hidden"  # a mask's mark: the seat is not shown the entry
_KIND = "\0kind"  # a mask's field: the seat is shown the entry as one of this kind
# entries their player's seat only sees unless logged otherwise: an install that could not be made (whether a card
# could be installed tells what the hand holds, or Archives' face-down cards: the other side sees no install)
_OWN_KINDS = frozenset({"install_failed"})
_ENDS = frozenset({"game_over", "simulation_end"})  # the entries that end a game (a winner, or the turns ran out)
_CARD_REF = re.compile(r"(.+)#(\d+)")  # a card as a log entry names it: ``name#uid`` (the whole field)
_CARD_IN_LABEL = re.compile(r"([\w-]+)#(\d+)(?!\d)")  # a card as a label names it: ``id#uid`` (part of it)
_CARD_LABEL = re.compile(r"([\w-]+)#(\d+)")  # a label that is a card: ``id#uid``
_SHOWN_UID = re.compile(r"#(\d+)(?!\d)")


def _names(value: Any) -> bool:
    """Whether a masked field names something (a card by its name), not only a count, a zone or a sentence of
    them (``card 1 from the top of R&D``)."""
    if isinstance(value, Phrase):
        return any(_names(v) for v in value.fields.values())
    if isinstance(value, list | tuple):
        return any(_names(v) for v in value)
    return isinstance(value, str) and not isinstance(value, Term)


def _texts(value: Any) -> Iterator[str]:
    """The strings of ``value`` (a log entry's fields: strings, phrases as their text, lists and mappings of them)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _texts(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _texts(v)


def _places(player: Any, deck: str, hand: str) -> dict[int, tuple[Card, str]]:
    """``player``'s cards of its deck and hand by uid, each with where the other side sees it: ``<deck>:<n>``, the
    n-th card from the top of the deck, or ``hand`` (a hand has no order the other side sees); {} for no player."""
    if player is None:
        return {}
    cards = player.deck
    places = {c.uid: (c, f"{deck}:{len(cards) - i}") for i, c in enumerate(cards)}
    places.update((c.uid, (c, hand)) for c in player.hand)
    return places


def renamed(value: Any, handles: Mapping[int, int]) -> Any:
    """``value`` (a log field, a prompt, an option's text or label) with each ``#uid`` of ``handles`` as
    ``#handle``: the number the runner knows that corp card by. The same object when nothing changes."""
    if not handles:
        return value
    if isinstance(value, Phrase):
        fields = {k: renamed(v, handles) for k, v in value.fields.items()}
        if all(fields[k] is v for k, v in value.fields.items()):
            return value
        return Phrase(value.message, **fields)
    if isinstance(value, Term):
        return value
    if isinstance(value, str):
        if "#" not in value:
            return value
        new = _SHOWN_UID.sub(lambda m: f"#{handles.get(int(m.group(1)), m.group(1))}", value)
        return value if new == value else new
    if isinstance(value, dict):
        items = {k: renamed(v, handles) for k, v in value.items()}
        return value if all(items[k] is v for k, v in value.items()) else items
    if isinstance(value, (list, tuple)):
        parts = [renamed(v, handles) for v in value]
        return value if all(a is b for a, b in zip(parts, value, strict=True)) else type(value)(parts)
    return value


class _Trigger(Pending[Any]):
    """A pending trigger that can tell whether it would do anything now (:meth:`NetrunnerGame.would_act`): one
    that would not is not offered when its player orders their triggers."""

    def __init__(self, player: int, label: Any, run: Any, key: str, probe: Any) -> None:
        super().__init__(player, label, run, key)
        self.probe = probe
        self._live: bool | None = None

    def live(self) -> bool:
        if self._live is None:
            self._live = bool(self.probe())
        return self._live


class _AskDecider(Decider):
    """The older Decider interface (used by core.Triggers to order triggers) asking through the game."""

    def __init__(self, game: NetrunnerGame) -> None:
        self.game = game

    def choose(self, player: int, prompt: str, options: Sequence[T]) -> T:
        side: Side = "corp" if player == SEATS["corp"] else "runner"
        if options and all(isinstance(o, _Trigger) for o in options):
            # only triggers whose condition holds are offered; the others resolve after them (doing nothing)
            live = [o for o in options if o.live()]  # type: ignore[attr-defined]
            if len(live) <= 1:
                return (live or list(options))[0]
            options = live
        # labelled by id (``trigger:anoetic_void#39:approach_server``, the same in any language), shown as words
        return self.game.choose(side, "order", prompt, list(options), text=_pending_text)


class NetrunnerGame:
    """A game of Android: Netrunner on the records of one catalog."""

    def __init__(
        self,
        records: Iterable[Any],
        seed: int = 0,
        decider: Decider | Policy | None = None,
        decks: Mapping[str, Deck | None] | None = None,
        identities: Mapping[str, str | None] | None = None,
        fmt: str = "standard",
        opening_hand: bool = True,
        policies: Mapping[str, Decider | Policy | None] | None = None,
        announce: bool = True,
    ) -> None:
        """``announce``: log each side's identity, deck and credits now (a scenario, which sets them after, logs
        them itself: :meth:`announce_identities`)."""
        from .actions import Actions
        from .interp import Interpreter
        from .run import Runs

        self.records = [r for r in records if getattr(r, "game", None) == "netrunner"]
        self.by_id = {(r.kind, r.id): r for r in self.records}
        games = [r for r in self.records if r.kind == "game"]
        if not games:
            raise EngineError(tr("no netrunner game record in the data"))
        self.rules = games[0]
        formats = sorted(r.id for r in self.records if r.kind == "format")
        if formats and fmt not in formats:
            raise EngineError(
                tr(
                    "unknown netrunner format {format}; formats: {formats}",
                    format=repr(fmt),
                    formats=", ".join(formats),
                )
            )
        self.format = fmt
        self.seed = seed
        self.basic_actions = {a.id: a for a in self.rules.actions}
        self.rng = random.Random(seed)
        log = _Log()
        log.naming = self._name_secret_cards
        log.corp_naming = self._name_runner_cards
        log.sweep = self._sweep_handles
        self.log: Log = log
        self.damage_dealt = 0  # damage the runner has suffered this game (the log says it too: this is its count)
        # who answers: a policy per seat; with none, the game pauses for a Stepper (``waiter``)
        if policies is None:
            policy = as_policy(decider if decider is not None else FirstDecider())
            self.policies: dict[int, Policy | None] = {1: policy, 2: policy}
        else:
            self.policies = {SEATS[s]: as_policy(p) for s, p in policies.items()}
        self.replay: deque[str] = deque()  # labels answered before any policy (a saved game, a scenario)
        self.decisions: list[dict[str, Any]] = []
        self.waiter: Any = None
        self.triggers = Triggers(self.trigger_order, _AskDecider(self))
        self.interp = Interpreter(self)
        self.runs = Runs(self)
        self.actions = Actions(self)
        self.active: Side = "corp"
        self.phase = "setup"
        self.turns = 0
        self.winner: Side | None = None
        self.end_reason: str | None = None  # the reason in words (a phrase), for the log and the text output
        self.end_code: str | None = None  # the reason as a code: agenda_points, flatline or empty_rd
        self.end_fields: dict[str, Any] = {}  # the numbers that go with the code (``agenda_points``)
        self.turn_limit = False  # play_game stopped with no winner: the turns ran out
        self.current_run: RunState | None = None
        self.servers: dict[str, Server] = {name: Server(name) for name in CENTRALS}
        self._remotes = 0
        self._uid = 0
        self.keep_server: str | None = None  # the remote a card is being installed in: it stays while left empty
        self.runner_saw: dict[int, tuple[str, int] | None] = {}  # uid -> the card's ``hidden`` when last accessed
        self.emptying: list[Card] | None = None  # cards an ability's costs emptied, while it resolves (check_empty)
        # uid -> the runner's handle of a corp card, from when it last went face down or came out of HQ or R&D
        self.handles: dict[int, int] = {}
        self.dropped: dict[int, int] = {}  # handle -> uid: handles of cards gone back to HQ or R&D (_sweep_handles)
        self._view = VIEW_BASE - 1  # the last handle given to a corp card come out of HQ or R&D (_next_view)
        self.view_handles: set[int] = set()  # the handles given so (a card the runner sees come into its sight)
        self._secret: dict[int, Card] = {}  # the corp's cards in HQ and R&D at the last sweep, by uid (_sweep_handles)
        self._out: dict[int, Card] = {}  # cards come out of them since, not yet in the runner's sight (_sweep_handles)
        # the same the other way: uid -> the corp's handle of a runner card come out of the grip or the stack (its own
        # number is its place in the shuffled stack, which would tell the corp when it was drawn: _sweep_corp_handles)
        self.corp_handles: dict[int, int] = {}
        self.corp_dropped: dict[int, int] = {}  # handle -> uid: handles of runner cards gone back to the grip or stack
        self._corp_view = CORP_VIEW_BASE - 1  # the last handle given so (_next_corp_view)
        self.corp_view_handles: set[int] = set()  # the handles given so (a card the corp sees come into its sight)
        self._grip: dict[int, Card] = {}  # the runner's cards in the grip and the stack at the last sweep, by uid
        self._runner_out: dict[int, Card] = {}  # cards come out of them since, not yet in the corp's sight
        self.window: dict[str, Any] | None = None  # the prevention window open now (N12)
        self._scripted_cache: dict[str, list[A.Ability]] = {}
        # per record (by id): the record, its abilities (abilities()) and their effects by kind (effects_of()); the
        # record is kept with them, so an id reused by another object is never taken for it
        self._abilities: dict[int, tuple[Any, list[A.Ability], dict[str, list[A.Node]]]] = {}
        self.run_history: list[tuple[int, str, bool]] = []  # (turn, server, successful) of every run made
        self.forbidden_now: dict[str, str] = {}  # what is forbidden -> until ("turn" or "run"): forbid()
        self.end_action_phase = False  # a card said the action phase ends now
        self.no_discard: dict[str, str | None] = {}  # side -> the card that skips its discard this turn: skip_discard()
        # the corp's window before the runner's next action was held (a copy resumed at that action, as the
        # searcher's are, does not hold it again); cleared when the runner acts
        self.corp_window_held = False
        # a game of two people (recorded in the game as ``people``): a pause tells the side that waits what the table
        # shows and nothing more. The corp is asked at each of its rez windows even when it can do nothing there
        # ("done" its only option: run.corp_window); the runner at each of its paid-ability and prevention windows
        # where a card of its own might offer something for a reason the corp cannot see (:meth:`hidden_paid`); and a
        # card script's optional pick among cards hidden from the other side (HQ, R&D, the grip, the stack, face-down
        # cards) asks its chooser even when there are none (scripts.ask_none)
        self.people = False
        self.removed: list[Card] = []  # cards removed from the game
        self.lasting: list[tuple[str, Card, Any, str]] = []  # (hook, card, fn, until): add_lasting
        self.at_run_end: list[Any] = []  # delayed effects of this run ("persistent", "when that run ends")
        self.grants: list[tuple[Card, str, str]] = []  # (card, subtype, until): subtypes given for a run or turn
        self.blanks: dict[int, str] = {}  # uid -> until ("run", "turn", "game"): cards that lost their abilities
        self.paying_for: Card | None = None  # the card being paid for or priced (an install, a play): spend_hosted asks
        self.next_turn_clicks: dict[str, int] = {}  # side -> allotted clicks gained or lost for its next turn
        self.next_redirect: str | None = None  # the next run's success counts on this server (a card said so)
        self.in_play: list[Card] = []  # operations and events that stay in play (currents)
        self.turn_started_at = 0  # the log's length when the current turn began (events_this_turn)
        self.tracing: tuple[int, int] | None = None  # a trace being played: (its strength so far, the link)
        self.log.add("setup", game="netrunner", format=fmt, seed=seed)
        self.zoned: list[Card] = []  # cards with script parts that work outside play (zone_of, fire)
        self.listening: set[str] = set()  # every timing some card of this game has a triggered ability on
        self.hooked: dict[str, list[Card]] = {}  # static hook name -> the cards of this game whose script has it
        self.players: dict[Side, Player] = {}
        for side in SIDES:
            deck = (decks or {}).get(side)
            wanted = (identities or {}).get(side)
            identity = self._identity(side, deck.identity if deck is not None else wanted)
            if deck is not None and wanted is not None and deck.identity != wanted:
                raise EngineError(
                    tr(
                        "the {side} deck {deck} is for {identity}, not {wanted}",
                        side=side_word(side),
                        deck=repr(deck.title()),
                        identity=repr(deck.identity),
                        wanted=repr(wanted),
                    )
                )
            card_ids = self._deck_ids(side, deck) if deck is not None else self.example_deck(identity.record)
            player = Player(side, identity, credits=self.rules.starting_credits)
            order = list(card_ids)
            self.rng.shuffle(order)  # before the cards get their uids: a uid says nothing of which card it is
            player.deck = [self.new_card(cid, side) for cid in order]
            self.players[side] = player
            if announce:
                self.announce_identity(side)
        self.set_aside: dict[str, list[Card]] = {side: [] for side in SIDES}  # cards a card set aside (face down)
        if opening_hand:
            # "before you draw your opening hand": the identities' set-up (a card script's "setup" timing)
            self.fire("setup", [self.corp.identity, self.runner.identity])
            for side in SIDES:
                self.draw(side, self.rules.hand_size)

    # ------------------------------------------------------------ set-up

    def announce_identity(self, side: Side) -> None:
        """The log's line of ``side``'s identity, deck size and credits, as they are now."""
        player = self.player(side)
        self.log.add("identity", player.seat, side=side, identity=player.identity.id, deck=len(player.deck),
                     credits=player.credits)  # fmt: skip

    def _next_uid(self) -> int:
        """A number for a new card or a handle of :meth:`hide`: the next one; from :data:`VIEW_BASE` on, past the
        handles :meth:`_next_view` gave too (the two never give the same number)."""
        self._uid += 1
        if self._uid >= VIEW_BASE:
            self._uid = max(self._uid, self._view + 1)
            if self._uid >= CORP_VIEW_BASE:  # (past the corp's handles too: never in a game of a hundred turns)
                self._uid = max(self._uid, self._corp_view + 1)
        return self._uid

    def _next_view(self) -> int:
        """A handle for a corp card come out of HQ or R&D into the runner's sight (:meth:`_sweep_handles`):
        :data:`VIEW_BASE`, then the next one, past every number :meth:`_next_uid` gave too. A number of its own, so
        that the uids of cards and the handles of :meth:`hide` are those of a game saved before (its labels name
        them)."""
        self._view = max(self._view, self._uid) + 1
        if self._view >= CORP_VIEW_BASE:
            self._view = max(self._view, self._corp_view + 1)
        self.view_handles.add(self._view)
        return self._view

    def _next_corp_view(self) -> int:
        """A handle for a runner card come out of the grip or the stack into the corp's sight
        (:meth:`_sweep_corp_handles`): :data:`CORP_VIEW_BASE`, then the next one, past every number the other two
        counters gave (they skip the corp's handles in turn): the runner's numbers are those they were before the
        corp had handles, and a game saved before replays to them."""
        self._corp_view = max(self._corp_view, self._uid, self._view) + 1
        self.corp_view_handles.add(self._corp_view)
        return self._corp_view

    def new_card(self, card_id: str, side: Side | None = None) -> Card:
        record = self.by_id.get(("card", card_id))
        if record is None:
            raise EngineError(tr("unknown netrunner card {id}", id=repr(card_id)))
        owner = side_of_type(record.type)
        if side is not None and owner != side:
            raise EngineError(
                tr(
                    "{id} is a {owner} card; it cannot be in the {side} deck",
                    id=repr(card_id),
                    owner=side_word(owner),
                    side=side_word(side),
                )
            )
        return self._known(Card(self._next_uid(), card_id, record.name.zh_hans, owner, record))

    def _known(self, card: Card) -> Card:
        """A new card of this game: what it may hear and do is indexed once, so that asking costs nothing for
        the cards that have none of it (most cards have no script, no hook and few timings)."""
        for ability in self.abilities(card):
            if ability.kind == "triggered" and ability.timing:
                self.listening.add(ability.timing)
        script = self.script_of(card)
        if script is not None:
            for name in script.hooks:
                self.hooked.setdefault(name, []).append(card)
            if any(p.zone != "play" for p in script.parts):
                self.zoned.append(card)  # it has abilities that work from its hand, discard or a score area
        return card

    _card = new_card  # the name older callers use

    def zone_of(self, card: Card) -> str:
        """Where ``card`` is, as a card script's part zone says it: ``play`` (active), ``hand``, ``discard``,
        ``stolen`` (a corp card in the runner's score area), ``deck`` or ``other``."""
        player = self.player(card.side)
        if card in player.hand:
            return "hand"
        if card in player.discard:
            return "discard"
        if card.side == "corp" and card in self.runner.score_area:
            return "stolen"
        if card in player.deck:
            return "deck"
        return "play" if card in self.active_cards(card.side) else "other"

    def script_part(self, card: Card, ability: A.Ability | A.Scripted) -> Any:
        """The card script's part that ``ability`` (or its ``Scripted`` node) runs; None for any other ability."""
        node = ability if isinstance(ability, A.Scripted) else next(
            (e for s in ability.sentences for e in s.effects if isinstance(e, A.Scripted)), None
        )
        script = self.script_of(card) if node is not None else None
        if node is None or script is None or not 0 <= node.part < len(script.parts):
            return None
        return script.parts[node.part]

    def part_zone(self, card: Card, ability: A.Ability) -> str:
        """The zone a card script's part works from (``play`` for every other ability)."""
        part = self.script_part(card, ability)
        return "play" if part is None else str(part.zone)

    def _identity(self, side: Side, identity_id: str | None) -> Card:
        if identity_id is None:
            choices = sorted(r.id for r in self.records if r.kind == "identity" and r.side == side)
            if not choices:
                raise EngineError(tr("no {side} identity in the data", side=side_word(side)))
            identity_id = choices[0]
        record = identity_record(self.records, side, identity_id)
        return self._known(Card(self._next_uid(), identity_id, record.name.zh_hans, side, record, rezzed=True))

    def set_identity(self, side: Side, identity_id: str) -> None:
        """Replace a side's identity (scenarios)."""
        self.players[side].identity = self._identity(side, identity_id)

    def _deck_ids(self, side: Side, deck: Deck) -> list[str]:
        if deck.game != "netrunner":
            raise EngineError(
                tr(
                    "deck {deck} is a {game} deck, not a netrunner one",
                    deck=repr(deck.title()),
                    game=word("game", deck.game, current_lang()),
                )
            )
        return [cid for cid, count in sorted(deck.cards.items()) for _ in range(count)]

    def example_deck(self, identity: Any) -> list[str]:
        """A legal-looking deck for ``identity``: its faction and neutral cards, at the minimum deck size.

        Corp decks take agendas first until the points reach the band of RULINGS N2
        (18-19 for 40-44 cards, +2 for each further 5), then other cards round by round.
        """
        size = identity.min_deck_size
        neutral = {r.id for r in self.records if r.kind == "faction" and r.side == identity.side and r.neutral}
        pool = sorted(
            (
                r
                for r in self.records
                if r.kind == "card"
                and side_of_type(r.type) == identity.side
                and r.faction in {identity.faction, *neutral}
            ),
            key=lambda r: r.id,
        )
        deck: list[str] = []
        if identity.side == "corp":
            low = size // 5 * 2 + 2
            points = 0
            agendas = sorted((r for r in pool if r.type == "agenda"), key=lambda r: (-r.agenda_points, r.id))
            for record in agendas:
                for _ in range(record.deck_limit or 3):
                    if points + record.agenda_points <= low + 1 and len(deck) < size:
                        deck.append(record.id)
                        points += record.agenda_points
        others = [r for r in pool if r.type != "agenda"]
        for copy_number in range(3):
            for record in others:
                if len(deck) < size and copy_number < (record.deck_limit or 3):
                    deck.append(record.id)
        if len(deck) < size:
            raise EngineError(
                tr("the card pool is too small for a {n}-card deck for {identity}", n=size, identity=repr(identity.id))
            )
        return deck

    # ------------------------------------------------------------ who decides

    def ask(self, side: Side, kind: str, prompt: str, options: list[Option], force: bool = False) -> Option:
        """One decision of ``side``; a single option is taken without asking (and is not recorded), unless ``force``
        (a window a side is always asked in a game of two people: :attr:`people`)."""
        if not options:
            raise EngineError(tr("no option to choose from: {prompt}", prompt=said(prompt)))
        if len(options) == 1 and not force:
            return options[0]
        seat = SEATS[side]
        if isinstance(self.log, _Log) and self.log.held:
            self.log.flush()  # a trigger asking something is doing something: its line comes first
        self._sweep_handles()  # (before any decision: a seat waiting for the other sees the cards by their handles)
        if side == "runner":
            places = self.secret_places()  # corp cards of R&D and HQ: labelled by where they are, not their number
            options = _unique(_hand_by_label([self._secret_labelled(self._unseen(o), places) for o in options], places))
            secret: dict[int, Card] = {}  # corp cards of R&D and HQ by their names only, in the prompt and texts
            prompt = self.secret_named(prompt, secret)
            options = [o if (text := self.secret_named(o.text, secret)) is o.text else Option(o.label, text, o.value)
                       for o in options]  # fmt: skip
            if self.handles:  # corp cards by the runner's handles (runner_uid), in the prompt, texts and labels
                prompt = renamed(prompt, self.handles)
                options = [self._renamed(o) for o in options]
        elif side == "corp":
            # runner cards of the grip and the stack: labelled by where they are (``id@grip``), by their names only
            # in the prompt and texts (never their numbers: the numbers follow the shuffled stack)
            if "#" in str(prompt) or any("#" in o.label or "#" in str(o.text) for o in options):
                places = self.grip_places()
                options = _unique(_hand_by_label([self._secret_labelled(o, places) for o in options], places, "grip"))
                grip: dict[int, Card] = {}
                prompt = self.secret_named(prompt, grip, side="runner")
                options = [o if (text := self.secret_named(o.text, grip, side="runner")) is o.text
                           else Option(o.label, text, o.value) for o in options]  # fmt: skip
            if self._runner_out:  # (a card on its way, an event being played, named before it is in a zone)
                named = {int(n) for n in _SHOWN_UID.findall(" ".join(_texts([prompt, *((o.label, o.text)
                                                                                       for o in options)])))}
                self._bring_out_runner([c for uid, c in self._runner_out.items() if uid in named])
            if self.corp_handles:  # runner cards by the corp's handles (corp_uid), in the prompt, texts and labels
                prompt = renamed(prompt, self.corp_handles)
                options = [self._renamed(o, self.corp_handles) for o in options]
        decision = Decision(seat, kind, prompt, options, len(self.decisions))
        label: str | None = None
        while self.replay and label is None:
            label = self.replay.popleft()
            if _old_order_answer(decision, label):
                label = None  # an order this game no longer asks (the other trigger did nothing): skipped
            elif (not _offers(decision, label) and _older_archives(decision, label) is None
                  and (then := self._older_answer(decision)) is not None):  # fmt: skip
                self.replay.appendleft(label)  # a question a game saved before was not asked: its answer then,
                label = then  # and the label is the next decision's
        replayed = label is not None
        if label is None:
            policy = self.policies.get(seat)
            if policy is not None:
                label = policy.decide(self, decision)
            elif self.waiter is not None:
                label = self.waiter(decision)
            else:
                raise EngineError(
                    tr(
                        "nobody decides for the {side} ({kind}: {prompt})",
                        side=side_word(side),
                        kind=kind,
                        prompt=prompt,
                    )
                )
        older = None
        if replayed:
            older = _older_facedown(decision, label) or _older_archives(decision, label)
            older = older or self.older_handle(decision, label)
        found = _older_trigger(decision, label) or older
        option = found or decision.find(label, term=self.prompt_term, said=self.prompt_words)
        if replayed and found is None and _other_number(label, option.label):
            raise self._not_an_option(decision, label)
        taken: dict[str, Any] = {"seat": seat, "kind": kind, "label": option.label}
        if self.current_run is not None:  # (taken inside a run: a pass there tells the other side something)
            taken["run"] = True
        self.decisions.append(taken)
        return option

    def _not_an_option(self, decision: Decision, label: str) -> EngineError:
        """The refusal of a replayed label (a scenario's decision, a saved game's) that names a card by a number
        none of the options has (``play:account_siphon#99`` where the grip holds ``#9``), worded as
        :meth:`Decision.find` refuses a label that is no option: read without its number, it would take another copy
        of the card (or another card) than the one it names. A label without a number still names the first copy;
        a saved game's label naming a card by a number it had then is read by :meth:`older_handle` first."""
        shown = ", ".join(o.label for o in decision.options[:30]) + (" …" if len(decision.options) > 30 else "")
        prompt = self.prompt_words(decision.prompt)
        if str(decision.prompt).startswith(decision.kind.replace("_", " ")):  # the prompt says its kind
            return EngineError(tr("decision {number} ({prompt}): {label} is not an option; options: {options}",
                                  number=decision.number + 1, prompt=prompt, label=repr(label), options=shown))  # fmt: skip
        kind = worded(Term("decision", decision.kind), term=self.prompt_term)
        return EngineError(tr("decision {number} ({kind}: {prompt}): {label} is not an option; options: {options}",
                              number=decision.number + 1, kind=kind, prompt=prompt, label=repr(label),
                              options=shown))  # fmt: skip

    def _older_answer(self, decision: Decision) -> str | None:
        """What a game saved before this version answered, without being asked, to a question it asks now: the
        corp rezzes nothing and uses no paid ability between turns or between the runner's actions (``rez`` outside
        a run), the runner uses none in the corp's turn (``paid`` outside a run: :meth:`runner_window`), and the
        corp installs an agenda or asset in a new remote server (``server``: remotes holding one were not
        offered); a search of R&D or the stack with one card to find took it (no "find nothing" then:
        :meth:`find_in_hidden`). None for every other decision."""
        labels = decision.labels()
        if decision.kind == "search" and FIND_NOTHING in labels and len(labels) <= 2:
            return labels[0]  # a search of a deck with one card to find, or none: it was taken without asking
        if decision.seat == SEATS["runner"] and decision.kind == "paid" and self.current_run is None:
            return "done" if "done" in labels else None  # the runner's windows in the corp's turn: none then
        if decision.seat == SEATS["runner"]:  # the order of a breach's accesses: the order it took then
            return self.runs.older_answer(decision)
        if decision.seat != SEATS["corp"]:
            return None
        if decision.kind == "rez" and self.current_run is None:
            return "done" if "done" in labels else None
        if decision.kind == "server":  # only a new remote but for the remotes an agenda or asset makes room in
            held = {n for n, s in self.servers.items() if any(c.type in ("agenda", "asset") for c in s.root)}
            return "new remote" if [x for x in labels if x not in held] == ["new remote"] else None
        return None

    def prompt_words(self, prompt: Any) -> str:
        """A decision's prompt in the current language as the text output shows the decision a game waits for (the
        error of a label that is none of its options names the decision so): its cards by their names in that
        language (a card of R&D or HQ by its bare name too), its codes and sentences as the log's words
        (:class:`~toolkit.cli._lang.LogNames`), its symbols in words (``3 credits``, ``3 信用点``:
        :func:`~toolkit.engine.netrunner.screen.icon_words`)."""
        from toolkit.cli._lang import LogNames

        from .screen import icon_words

        lang = current_lang()
        return icon_words(str(LogNames(self.records, lang).say("prompt", prompt)), lang)

    def prompt_term(self, kind: str, code: str) -> str | None:
        """A server (``hq``, ``remote2``) in a prompt, in the current language by the game record's names, as the
        prompt is shown (an error naming a decision words it so); None for any other code."""
        if kind not in ("zone", "server"):
            return None
        zones = {str(z.id): z for z in getattr(self.rules, "zones", None) or []}
        number = code.removeprefix("remote")
        if code in zones:
            return name_of(zones[code], current_lang())
        if number != code and number.isdigit() and "remote" in zones:
            return f"{name_of(zones['remote'], current_lang())} {number}"
        return None

    def _renamed(self, option: Option, handles: Mapping[int, int] | None = None) -> Option:
        """A runner's option with the corp cards it names by the runner's handles (:meth:`runner_uid`); the corp's
        with the runner cards by its own (``handles``: :attr:`corp_handles`, :meth:`corp_uid`)."""
        handles = self.handles if handles is None else handles
        label, text = renamed(option.label, handles), renamed(option.text, handles)
        return option if label is option.label and text is option.text else Option(label, text, option.value)

    def older_handle(self, decision: Decision, label: str) -> Option | None:
        """The option a runner's label of a game saved before names otherwise: a corp card by its own uid where it
        now has the runner's handle (``ice_wall#5`` now ``ice_wall#57``), or where it is in R&D or HQ
        (``ice_wall#5`` now ``ice_wall@hq``: :meth:`secret_places`), or by a handle it has lost since, back in HQ or
        R&D (:meth:`_sweep_handles`), if the decision offers it. The same copy: a card named by a number is found by
        it (a label without the number would find the first copy); a label with no number finds the first copy, as
        :meth:`Decision.find` reads it. Only labels replayed from a saved game or a scenario are read so: a player
        cannot pick a card by a number it should not know. The corp's label the same way: a runner card by its own
        uid where it now has the corp's handle (:meth:`_sweep_corp_handles`), or by a handle it has lost since."""
        if any(o.label == label for o in decision.options):
            return None
        if decision.seat == SEATS["corp"]:  # (the corp's labels: runner cards of the grip and the stack)
            return self._older(decision, label, self.corp_dropped, self.corp_handles, self.grip_places(), corp=True)
        if decision.seat != SEATS["runner"]:
            return None
        return self._older(decision, label, self.dropped, self.handles, self.secret_places(), corp=False)

    def _older(self, decision: Decision, label: str, dropped: dict[int, int], handles: dict[int, int],
               places: Mapping[int, tuple[Card, str]], corp: bool) -> Option | None:  # fmt: skip
        """:meth:`older_handle` for one side: ``dropped`` and ``handles`` its handles of the other side's cards lost
        and held, ``places`` where it sees the other side's secret cards. The runner's face-down cards are not
        offered by their uid; a label is read without its number only when it had none."""
        own = renamed(label, dropped)
        found = _CARD_LABEL.fullmatch(own)
        if found is not None:
            uid = int(found[2])
            offered = (o for o in decision.options
                       if isinstance(o.value, Card) and (corp or not o.label.startswith("facedown#")))  # fmt: skip
            same = next((o for o in offered if o.value.uid == uid and o.value.id == found[1]), None)
            if same is not None:
                return same
        wanted = self._secret_labelled(renamed(own, handles), places)
        if wanted != label and (same := next((o for o in decision.options if o.label == wanted), None)) is not None:
            return same
        # a label without the card's number (a scenario's ``neutral_pilot_scheme``): the first option it names once
        # the numbers, and the places of secret cards, are dropped (as Decision.find reads labels); a label with a
        # number none of the above finds names no card offered (never another copy: NetrunnerGame._not_an_option)
        loose = _UID.sub("", own)
        if loose != label:
            return None
        return next((o for o in decision.options if placeless(o.label) == loose), None)

    def grip_places(self) -> dict[int, tuple[Card, str]]:
        """The runner's cards of the grip and the stack by uid, each with where the corp sees it when it chooses among
        them (:meth:`secret_places` the other way: ``stack:<n>``, the n-th card from the top; ``grip``)."""
        return _places(self.players.get("runner"), "stack", "grip")

    def secret_places(self) -> dict[int, tuple[Card, str]]:
        """The corp's cards of R&D and HQ by uid, each with where the runner sees it when it chooses among them (its
        label: ``rnd:<n>``, the n-th card from the top of R&D; ``hq``, HQ having no order the runner sees)."""
        return _places(self.players.get("corp"), "rnd", "hq")

    def _secret_labelled(self, value: Any, places: Mapping[int, tuple[Card, str]]) -> Any:
        """A runner's option (or label) with each corp card of R&D or HQ its label names ``id#uid`` as ``id@place``
        (:meth:`secret_places`): no number the runner should not know. The same object when nothing changes."""
        label = value.label if isinstance(value, Option) else value
        if "#" not in label or not places:
            return value

        def place(m: re.Match[str]) -> str:
            card = places.get(int(m[2]))
            return f"{m[1]}@{card[1]}" if card is not None and card[0].id == m[1] else m[0]

        new = _CARD_IN_LABEL.sub(place, label)
        if new == label:
            return value
        return Option(new, value.text, value.value) if isinstance(value, Option) else new

    def _sweep_handles(self) -> None:
        """The runner's handles of corp cards brought up to date; called before each log entry and each decision.
        A card back in HQ or R&D loses its handle (:meth:`hide`): there the runner is shown it by its name only. A
        card come out of HQ or R&D gets a new one (:meth:`_next_view`), unless it went face down (:meth:`hide` gave
        it one): an operation played, a card trashed, stolen or revealed there and left in view, a card installed
        face up. Never its own number: the uids were given to the shuffled decks, so a card's number is its place
        in R&D when the game began, and would tell the runner when the card was drawn (that it sat in HQ since the
        opening hand). So neither is a card bounced to HQ and played, revealed or trashed from there told for the one
        the runner saw before."""
        corp = getattr(self, "players", {}).get("corp")
        if corp is None:
            return
        self._secret = self._swept(corp, self.handles, self.dropped, self._secret, self._out, SEATS["runner"])
        if self._out:
            self._bring_out([c for c in self._out.values() if self._in_sight(c)])
        self._sweep_corp_handles()

    def _swept(self, player: Any, handles: dict[int, int], dropped: dict[int, int], known: dict[int, Card],
               out: dict[int, Card], seat: int) -> dict[int, Card]:  # fmt: skip
        """The sweep of one side's handles of ``player``'s cards (:meth:`_sweep_handles` and
        :meth:`_sweep_corp_handles`): a card back in ``player``'s hand or deck loses its handle (``handles`` to
        ``dropped``; the log tells ``seat`` so); a card come out of them since the last sweep (``known``: the cards
        there then) waits in ``out`` until it is in sight, unless it is back or has a handle already (gone face
        down). Returns the cards there now, by uid."""
        now = {c.uid for c in player.hand}
        now.update([c.uid for c in player.deck])
        if handles:
            for uid in [u for u in handles if u in now]:
                dropped[handles.pop(uid)] = uid
                if isinstance(self.log, _Log):
                    self.log.rename(uid, uid, seat=seat)
        if now != known.keys():  # (cards came in or out: a draw moves none)
            out.update((uid, c) for uid, c in known.items() if uid not in now and uid not in handles)
            known = {c.uid: c for c in player.hand}
            known.update((c.uid, c) for c in player.deck)
        for uid in [u for u in out if u in known or u in handles]:  # (back in, or gone face down)
            del out[uid]
        return known

    def _sweep_corp_handles(self) -> None:
        """The corp's handles of runner cards brought up to date (:meth:`_sweep_handles` the other way): a card
        back in the grip or the stack loses its handle; a card come out of them into the corp's sight gets a new
        one (:meth:`_next_corp_view`): an event played, a card installed (the runner installs face up), trashed from
        the grip or milled from the stack. Never its own number: the stack was numbered once shuffled, so the number
        would tell the corp when the card was drawn."""
        runner = self.players.get("runner") if hasattr(self, "players") else None
        if runner is None:
            return
        self._grip = self._swept(runner, self.corp_handles, self.corp_dropped, self._grip, self._runner_out,
                                 SEATS["corp"])  # fmt: skip
        if self._runner_out:
            self._bring_out_runner([c for c in self._runner_out.values() if self._in_corp_sight(c)])

    def _bring_out_runner(self, cards: list[Card], this: bool = False) -> None:
        """The corp's handles (:meth:`_next_corp_view`) for ``cards``, runner cards come out of the grip or the
        stack into its sight: from the next log entry on (``this``: from the last one on, the entry naming them)."""
        for card in sorted(cards, key=lambda c: c.id):  # (by what the corp sees of them, never by their uids)
            del self._runner_out[card.uid]
            self.corp_handles[card.uid] = self._next_corp_view()
            if isinstance(self.log, _Log):
                self.log.rename(card.uid, self.corp_handles[card.uid], this=this, seat=SEATS["corp"])

    def _in_corp_sight(self, card: Card) -> bool:
        """Whether the corp sees the runner's ``card`` where it is: installed (the runner installs face up, on a host
        too), in the heap, in play, removed from the game or in a score area. Not a card set aside face down, nor one
        on its way somewhere (an event being played), unless a log entry the corp sees names it
        (:meth:`_name_runner_cards`)."""
        runner = self.runner
        if card in runner.rig or card in runner.discard or card.host is not None:
            return True
        if card in self.in_play or card in self.removed:
            return True
        return card in runner.score_area or card in self.corp.score_area

    def _bring_out(self, cards: list[Card], this: bool = False) -> None:
        """The runner's handles (:meth:`_next_view`) for ``cards``, corp cards come out of HQ or R&D into its
        sight: from the next log entry on (``this``: from the last one on, the entry naming them)."""
        for card in sorted(cards, key=lambda c: c.id):  # (by what the runner sees of them, never by their uids)
            del self._out[card.uid]
            self.handles[card.uid] = self._next_view()
            if isinstance(self.log, _Log):
                self.log.rename(card.uid, self.handles[card.uid], this=this)

    def _in_sight(self, card: Card) -> bool:
        """Whether the runner sees the corp's ``card`` face up where it is: in Archives face up, in a score area, in
        play, removed from the game, rezzed in a server. Not a card on its way somewhere (taken out of HQ to be
        installed face down: :meth:`hide` gives it its handle), unless a log entry the runner sees names it (an
        operation being played: :meth:`_name_secret_cards`)."""
        if card in self.corp.discard:
            return card.faceup
        if card in self.corp.score_area or card in self.runner.score_area:
            return True
        if card in self.in_play or card in self.removed:
            return True
        return self.server_of(card) is not None and not self.hidden_from_runner(card)

    def _unseen(self, option: Option) -> Option:
        """An option naming a face-down corp card, as the runner may see it: labelled ``facedown#<uid>`` (the uid the
        runner sees it by: :meth:`seen_uid`) and shown as a card in its server, or in Archives, never by its name or
        id."""
        card = option.value
        if not isinstance(card, Card) or card.side != "corp":
            return option
        if card in self.corp.discard and not card.faceup:  # (one of Archives, accessed or not: it stays face down)
            text = Phrase(N_("a face-down card in {server}"), server=Term("zone", "archives"))
            return Option(f"facedown#{self.seen_uid(card)}", text, card)
        if not self.hidden_from_runner(card):
            return option
        where = self.server_of(card)  # (where it is installed: "in HQ" alone would say the corp's hand)
        if where is None:
            text = Phrase(N_("a face-down card"))
        elif card in where.ice:
            text = Phrase(N_("a face-down piece of ice protecting {server}"), server=Term("zone", where.name))
        else:
            text = Phrase(N_("a face-down card installed in {server}"), server=Term("zone", where.name))
        return Option(f"facedown#{self.seen_uid(card)}", text, card)

    def choose(
        self,
        side: Side,
        kind: str,
        prompt: str,
        values: Sequence[T],
        label: Any = None,
        text: Any = None,
    ) -> T:
        """One of ``values``; cards are labelled ``id#uid``, other values by ``label`` (default ``str``)."""
        options = generic_options(values, label or _label, text or _text)
        return self.ask(side, kind, prompt, options).value

    def choose_many(
        self, side: Side, kind: str, prompt: str, values: Sequence[T], count: int, label: Any = None, text: Any = None
    ) -> list[T]:
        """``count`` different values (all of them when there are no more), one decision each."""
        left = list(values)
        chosen: list[T] = []
        for number in range(min(count, len(left))):
            step = Phrase(N_("{prompt} ({n}/{count})"), prompt=prompt, n=number + 1, count=count)
            pick = self.choose(side, kind, step, left, label=label, text=text)
            left.remove(pick)
            chosen.append(pick)
        return chosen

    def confirm(
        self, side: Side, kind: str, prompt: str, yes: str = "yes", no: str = "no", texts: tuple[str, str] | None = None
    ) -> bool:
        """Yes or no; the options are labelled ``yes`` and ``no`` (and shown as ``texts``, default the labels)."""
        shown = texts or (_ANSWERS.get(yes, yes), _ANSWERS.get(no, no))
        return bool(self.ask(side, kind, prompt, [Option(yes, shown[0], True), Option(no, shown[1], False)]).value)

    # ------------------------------------------------------------ who and what

    def player(self, side: Side) -> Player:
        return self.players[side]

    @staticmethod
    def other(side: Side) -> Side:
        return other(side)

    def trigger_order(self) -> list[int]:
        """The order the sides' triggers of one moment are stacked in: the other side's first, so that the active
        side's resolve first (Netrunner's rule for abilities that trigger together; the seed says nothing of it).
        Each side orders its own."""
        return [SEATS[other(self.active)], SEATS[self.active]]

    @property
    def corp(self) -> Player:
        return self.players["corp"]

    @property
    def runner(self) -> Player:
        return self.players["runner"]

    @property
    def over(self) -> bool:
        return self.winner is not None

    def installed(self, side: Side) -> list[Card]:
        if side == "runner":
            return list(self.runner.rig)
        return [c for s in self.servers.values() for c in s.ice + s.root]

    def server_of(self, card: Card) -> Server | None:
        return next((s for s in self.servers.values() if card in s.ice or card in s.root), None)

    def is_installed(self, card: Card) -> bool:
        return card in self.runner.rig or self.server_of(card) is not None

    def active_cards(self, side: Side) -> list[Card]:
        """Cards whose abilities are on: the identity, the rig / rezzed installed cards, scored agendas (corp)."""
        player = self.player(side)
        staying = [c for c in self.in_play if c.side == side]  # currents and other events or operations in play
        if side == "runner":
            return [player.identity, *player.rig, *staying]
        return [player.identity, *[c for c in self.installed("corp") if c.rezzed], *player.score_area, *staying]

    def stay_in_play(self, card: Card) -> None:
        """An operation or event that stays in play after it resolves (a current): active until it is trashed.
        A current played trashes every other current (the rules' one-current-at-a-time)."""
        if "current" in card.subtypes:
            for old in [c for c in self.in_play if "current" in c.subtypes]:
                self.leave_in_play(old, Phrase(N_("another current was played")))
        self.in_play.append(card)
        self.log.add("in_play", SEATS[card.side], card=str(card))

    def leave_in_play(self, card: Card, why: Any) -> None:
        if card in self.in_play:
            self.in_play.remove(card)
            self.to_discard(card, why, faceup=True)

    def abilities(self, card: Card) -> list[A.Ability]:
        """The card's abilities in printed order: its ability text, and the parts of its card script for the
        paragraphs its record says a script implements (``reading.scripted``); none while it is blank."""
        if self.blanks and card.uid in self.blanks:
            return []
        record = card.record
        found = self._abilities.get(id(record))
        if found is None or found[0] is not record:
            script = self.script_of(card)
            found = (record, parse_abilities(card) if script is None else self._merged_abilities(card, script), {})
            self._abilities[id(record)] = found
        return found[1]

    def _merged_abilities(self, card: Card, script: Any) -> list[A.Ability]:
        key = card.record.id
        cached = self._scripted_cache.get(key)
        if cached is None:
            reading = card.record.reading
            texts = parse_abilities(card)
            read = list(reading.read) + [99] * (len(texts) - len(reading.read))
            paired = [(read[i], 0, a) for i, a in enumerate(texts)]
            paired += [(p, 1, a) for p, a in script.placed(reading.scripted)]
            cached = [a for _, _, a in sorted(paired, key=lambda t: (t[0], t[1]))]
            self._scripted_cache[key] = cached
        return cached

    def script_of(self, card: Card) -> Any:
        """The card script whose parts this card's record runs (None for most cards)."""
        reading = getattr(card.record, "reading", None)
        if reading is None or not reading.scripted:
            return None
        from .scripts import script_for

        return script_for(card.record.id)

    def load_of(self, card: Card) -> str | None:
        """What ``card``'s text loads it with ("when it is empty, trash it": ``credit`` or a counter kind), when its
        record runs the script part that says so; else None."""
        script = self.script_of(card)
        if script is None or script.loads is None:
            return None
        what, paragraph = script.loads
        return what if paragraph in card.record.reading.scripted else None

    def scripted_usable(self, card: Card, node: A.Scripted, window: str) -> bool:
        """A scripted paid ability: not again this turn when once per turn; its ``usable`` hook, if any
        (``hook(game, card, window)``), says whether it does anything now."""
        part = self.script_part(card, node)
        if part is None:
            return False
        if part.once_per_turn and card.notes.get(f"part:{node.part}") == self.turns:
            return False
        return part.usable is None or bool(part.usable(self, card, window))

    def may_run(self, server: str) -> bool:
        """Whether the runner may run ``server`` now (active cards may forbid some: ``may_run``)."""
        return all(hook(self, source, server) for source, hook in self.script_hooks("may_run"))

    def scripted_role(self, card: Card, ability: A.Ability | A.Scripted) -> str | None:
        """The role a card script gives one of its paid parts (``break``, ``boost``, ``prevent_damage``, …)."""
        part = self.script_part(card, ability)
        return None if part is None else part.role

    def script_hooks(
        self, name: str, sources: Iterable[Card] | None = None, lasting: bool | None = None
    ) -> list[tuple[Card, Any]]:
        """``(card, hook)`` for every card of ``sources`` (default: the active cards of both sides) whose
        script has the static hook ``name``, and the lasting hooks of that name (by default only with the
        default sources: a hook asked of one card is that card's own)."""
        out = []
        hooked = self.hooked.get(name)
        if hooked:  # only the cards whose script has this hook are looked at
            if sources is None:
                active = {c.uid for s in SIDES for c in self.active_cards(s)}
                candidates = [c for c in hooked if c.uid in active]
            else:
                candidates = [c for c in sources if c in hooked]
            for card in candidates:
                if self.blanks and card.uid in self.blanks:
                    continue
                script = self.script_of(card)
                if script is not None:
                    out.append((card, script.hooks[name]))
        if lasting if lasting is not None else sources is None:
            out += [(card, fn) for hook, card, fn, _ in self.lasting if hook == name]
        return out

    def add_lasting(self, hook: str, card: Card, fn: Any, until: str) -> None:
        """A static hook (``rez_cost``, ``install_cost``, …) that ``card``'s effect leaves in force until the end of
        the ``run`` or ``turn`` (``game``: for good), even once the card itself is gone (an event played for the
        run)."""
        self.lasting.append((hook, card, fn, until))

    def effects_of(self, card: Card, kind: str = "effect") -> list[A.Node]:
        """The effects (top level of each sentence) of ``card``'s abilities of one kind."""
        abilities = self.abilities(card)
        if not abilities:
            return []
        by_kind = self._abilities[id(card.record)][2]
        found = by_kind.get(kind)
        if found is None:
            found = by_kind[kind] = [e for a in abilities if a.kind == kind for s in a.sentences for e in s.effects]
        return found

    # -- limits

    def _limit(self, side: Side, stat: str) -> int:
        total = self.player(side).extra.get(stat, 0)
        sources = [(c, "effect") for s in SIDES for c in self.active_cards(s)]
        sources += [(c, "runner_score_area") for c in self.runner.score_area]
        for card, kind in sources:
            for effect in self.effects_of(card, kind):
                if (
                    isinstance(effect, A.PlayerLimit)
                    and effect.stat == stat
                    and self.interp.party(getattr(effect, "who", "you"), card.side) == side
                ):
                    total += effect.delta
        total += sum(hook(self, source, side, stat) for source, hook in self.script_hooks("limit"))
        return total

    def hand_size(self, side: Side) -> int:
        """Maximum hand size: the game's, changed by cards, less brain damage (runner)."""
        return self.rules.hand_size + self._limit(side, "hand_size") - self.player(side).brain_damage

    def memory_limit(self) -> int:
        return int(self.rules.base_memory) + self._limit("runner", "memory")

    def memory_used(self) -> int:
        return sum(int(c.record.memory_cost or 0) for c in self.runner.rig if c.type == "program")

    def link(self) -> int:
        return int(self.runner.identity.record.base_link or 0) + self._limit("runner", "link")

    def agenda_points(self, side: Side) -> int:
        """The points of ``side``'s score area, and what active cards add (``points``: a card worth points)."""
        printed = sum(int(getattr(c.record, "agenda_points", 0) or 0) for c in self.player(side).score_area)
        if "points" not in self.hooked and not any(entry[0] == "points" for entry in self.lasting):
            return printed  # no card of this game adds points (asked after every ability: check_points)
        sources = self.everyone(*self.runner.score_area)  # cards in the runner's score area count their points too
        hooks = self.script_hooks("points", sources, lasting=True)
        return printed + sum(hook(self, source, side) for source, hook in hooks)

    def advancement_requirement(self, card: Card) -> int | None:
        """The agenda's advancement requirement: printed, changed by active cards and its own text."""
        printed = getattr(card.record, "advancement_requirement", None)
        if printed is None:
            return None
        hooks = self.script_hooks("requirement") + self.script_hooks("own_requirement", [card])
        return max(0, int(printed) + sum(hook(self, source, card) for source, hook in hooks))

    def may_break(self, ice: Card, breaker: Card) -> bool:
        """Whether ``breaker`` may break ``ice``'s subroutines (the ice's text may say some cannot: ``unbreakable``)."""
        if any(hook(self, ice, breaker) for _, hook in self.script_hooks("unbreakable", [ice])):
            return False
        return not any(hook(self, source, ice, breaker) for source, hook in self.script_hooks("unbreakable_all"))

    def strength_of(self, card: Card) -> int:
        """Printed strength, this encounter's boosts, the card's own text (``strength``) and what active cards
        do to others' strength (``strength_all``: "each piece of ice protecting this server gets +1 strength")."""
        base = int(getattr(card.record, "strength", None) or 0) + card.strength_bonus
        base += sum(hook(self, card) for _, hook in self.script_hooks("strength", [card]))
        return base + sum(hook(self, source, card) for source, hook in self.script_hooks("strength_all"))

    def can_advance(self, card: Card) -> bool:
        """Agendas once installed; other cards when their text says so, rezzed or not (seed: 推进一张卡牌)."""
        if card.side != "corp" or self.server_of(card) is None:
            return False
        return card.type == "agenda" or any(isinstance(e, A.CanBeAdvanced) for e in self.effects_of(card))

    # ------------------------------------------------------------ the end of the game

    def game_over(self, winner: Side, reason: str, code: str | None = None, **fields: Any) -> None:
        """``winner`` wins: ``reason`` in words (the log's), ``code`` the same as a code for the JSON result
        (agenda_points, flatline, empty_rd), ``fields`` its numbers."""
        if self.winner is None:
            self.winner = winner
            self.end_reason = reason
            self.end_code = code
            self.end_fields = fields
            self.log.add("game_over", winner=winner, reason=reason)  # (no actor: the winner did not do it)

    def check_points(self) -> None:
        """Seed 001: a side whose score area holds the points to win (seven) at any moment wins at once. Asked
        wherever points may have changed: an agenda entering a score area, the end of every ability's resolution
        (a counter placed on an agenda, a trigger that resolved), every action taken, a card rezzed, and when play
        starts or resumes (a position laid out at seven points is over at once)."""
        if self.winner is not None or len(self.players) < len(SIDES):
            return
        for side in SIDES:
            points = self.agenda_points(side)
            if points >= self.rules.agenda_points_to_win:
                self.game_over(side, Phrase(N_("{n} agenda points"), n=points), "agenda_points", agenda_points=points)
                return

    def flatline(self, reason: str) -> None:
        self.log.add("flatline", SEATS["runner"], reason=reason)
        self.game_over("corp", Phrase(N_("flatline: {reason}"), reason=reason), "flatline")

    # ------------------------------------------------------------ credits and clicks

    def gain_credits(self, side: Side, amount: int, why: str = "") -> None:
        player = self.player(side)
        player.credits += amount
        extra = {"reason": why} if why else {}
        self.log.add("credits", player.seat, side=side, amount=amount, credits=player.credits, **extra)
        if amount > 0:  # ``source``: the card whose ability is resolving, if any
            source = self.interp.resolving[-1] if self.interp.resolving else None
            self.announce("credits_gained", side=side, amount=amount, source=source)

    def lose_credits(self, side: Side, amount: int) -> int:
        player = self.player(side)
        lost = min(amount, player.credits)
        player.credits -= lost
        self.log.add("credits", player.seat, side=side, amount=-lost, credits=player.credits)
        return lost

    def recurring_uses(self, card: Card) -> list[tuple[int, str]]:
        """``(amount, use)`` of each 本牌有 X 点循环信用点 of ``card``."""
        return [(e.amount, e.use) for e in self.effects_of(card) if isinstance(e, A.RecurringCredits)]

    def _recurring_for(self, side: Side, purpose: str | None) -> list[Card]:
        if purpose is None:
            return []
        return [
            c
            for c in self.active_cards(side)
            if c.recurring > 0 and any(use == purpose for _, use in self.recurring_uses(c))
        ]

    def _hosted_for(self, side: Side, purpose: str | None) -> list[Card]:
        """Active cards of ``side`` whose hosted credits their text lets ``side`` spend on ``purpose`` now."""
        if "spend_hosted" not in self.hooked:
            return []
        return [
            card
            for card, hook in self.script_hooks("spend_hosted", self.active_cards(side))
            if card.credits > 0 and hook(self, card, purpose)
        ]

    def available(self, side: Side, purpose: str | None = None) -> int:
        """Credits ``side`` can spend on ``purpose``: the pool, recurring credits for it, credits hosted on cards
        that let them be spent on it, bad-publicity credits."""
        run = self.current_run
        pool = run.bad_pub_credits if side == "runner" and run is not None else 0
        hosted = sum(c.credits for c in self._hosted_for(side, purpose))
        return self.player(side).credits + pool + hosted + sum(c.recurring for c in self._recurring_for(side, purpose))

    def can_pay(self, side: Side, amount: int, purpose: str | None = None) -> bool:
        return self.available(side, purpose) >= amount

    def pay(self, side: Side, amount: int, why: str, purpose: str | None = None) -> None:
        """Spend credits: recurring credits meant for ``purpose`` first (N10), then the run's
        bad-publicity credits (the runner), then the pool. The log adds up: each source but the pool has an entry
        of what it paid (``recurring``, ``take_credits``, ``bad_publicity_credits``), then ``pay`` gives the whole
        cost (``credits``), the pool's part of it (``from_pool``) and what the pool keeps (``credits_left``)."""
        if amount <= 0:
            return
        if not self.can_pay(side, amount, purpose):
            raise EngineError(
                tr(
                    "the {side} cannot pay {amount} for {why}: has {have}",
                    side=side_word(side),
                    amount=f"{amount}[credit]",
                    why=said(why),
                    have=self.player(side).credits,
                )
            )
        player = self.player(side)
        left = amount
        for card in self._recurring_for(side, purpose):
            used = min(card.recurring, left)
            card.recurring -= used
            left -= used
            self.log.add("recurring", player.seat, card=str(card), spent=used, left=card.recurring, reason=why)
            if not left:
                break
        for card in self._hosted_for(side, purpose) if left else []:
            used = min(card.credits, left)
            card.credits -= used
            left -= used
            self.log.add("take_credits", player.seat, card=str(card), amount=used, hosted=card.credits)
            self.check_empty(card)
            if not left:
                break
        run = self.current_run
        if side == "runner" and run is not None and run.bad_pub_credits and left:
            used = min(run.bad_pub_credits, left)
            run.bad_pub_credits -= used
            left -= used
            self.log.add("bad_publicity_credits", player.seat, spent=used, left=run.bad_pub_credits, reason=why)
        player.credits -= left
        self.log.add("pay", player.seat, side=side, credits=amount, from_pool=left, credits_left=player.credits,
                     reason=why)  # fmt: skip

    def refill_recurring(self, card: Card, why: str) -> None:
        for amount, _ in self.recurring_uses(card)[:1]:
            card.recurring = amount
            self.log.add("recurring", SEATS[card.side], card=str(card), credits=amount, reason=why)

    def spend_clicks(self, side: Side, count: int, why: str) -> None:
        player = self.player(side)
        if player.clicks < count:
            raise EngineError(
                tr(
                    "the {side} cannot spend {amount} for {why}: has {have}",
                    side=side_word(side),
                    amount=f"{count}[click]",
                    why=said(why),
                    have=player.clicks,
                )
            )
        player.clicks -= count
        self.log.add("clicks", player.seat, side=side, amount=-count, clicks=player.clicks, reason=why)

    # ------------------------------------------------------------ cards in hand and deck

    def draw(self, side: Side, count: int) -> int:
        """Draw from R&D or the stack. The corp loses when it must draw from an empty R&D."""
        player = self.player(side)
        count += sum(hook(self, source, side, count) for source, hook in self.script_hooks("draw_bonus"))
        drawn = 0
        cards: list[Card] = []
        empty = False
        for _ in range(count):
            if self.over:
                break
            if not player.deck:
                empty = True
                break
            card = player.deck.pop()
            player.hand.append(card)
            cards.append(card)
            drawn += 1
            self.log.add("draw", player.seat, visible=[player.seat], card=str(card))
        if drawn:  # (the cards drawn before R&D ran out are said before the game ends)
            self.log.add("drew", player.seat, side=side, cards=drawn, hand=len(player.hand))
        if empty and side == "corp":
            self.game_over("runner", Phrase(N_("the corp must draw from an empty R&D")), "empty_rd")
        elif empty:
            self.log.add("draw_failed", player.seat, reason=Phrase(N_("the stack is empty")))
        if drawn and not self.over:
            self.announce("cards_drawn", side=side, cards=cards)
        return drawn

    def trash_cost(self, card: Card) -> int | None:
        """An accessed card's trash cost: printed, changed by active cards and lasting hooks (``trash_cost``)."""
        printed = getattr(card.record, "trash_cost", None)
        if printed is None:
            return None
        hooks = self.script_hooks("trash_cost", lasting=True) + self.script_hooks("own_trash_cost", [card])
        return max(0, int(printed) + sum(hook(self, source, card) for source, hook in hooks))

    def to_discard(self, card: Card, why: str, faceup: bool = True, discarded: bool = False) -> None:
        """Archives or the heap; a face-down card in Archives is seen by the corp only. Once the game is over
        the card is put away unsaid (an operation whose resolution ended the game): nothing follows "game over".
        ``discarded``: a card discarded from the hand (logged ``discarded``, not ``trashed``), as ``why`` "discarded"
        is; any other card is trashed (a face-down one logged ``trashed`` for the corp, ``trashed_facedown`` for the
        runner: 销毁, as the seed says of cards leaving play, not 弃除, discarding from the hand)."""
        owner = self.player(card.side)
        card.leave_play()
        card.faceup = faceup or card.side == "runner"
        owner.discard.append(card)
        if not card.faceup:
            self.hide(card)
        if self.winner is not None:
            return
        kind = "discarded" if discarded or why == "discarded" else "trashed"
        if card.faceup:
            self.log.add(kind, owner.seat, card=str(card), reason=why)
        else:
            told = self.log.add(kind, owner.seat, visible=[owner.seat], card=str(card), reason=why)
            facedown = "discarded_facedown" if kind == "discarded" else "trashed_facedown"
            self.apart(told, self.log.add(facedown, owner.seat, cards=1, reason=why))

    def discard(self, side: Side, count: int, required: bool = False) -> int:
        """Discard cards of the player's choice from the hand (face down from HQ)."""
        player = self.player(side)
        if required and len(player.hand) < count:
            raise EngineError(
                tr(
                    "the {side} cannot discard {count}: the hand holds {n}",
                    side=side_word(side),
                    count=count,
                    n=len(player.hand),
                )
            )
        chosen = self.choose_many(side, "discard", Phrase(N_("discard a card")), list(player.hand), count)
        for card in chosen:
            player.hand.remove(card)
            self.to_discard(card, "discarded", faceup=side == "runner")
        return len(chosen)

    def search_type(self, side: Side, zone: str, count: int, card_type: str) -> list[Card]:
        """Find cards of a type in one of the player's zones, reveal them, add them to the hand; shuffle a deck. In a
        deck (R&D, the stack: a hidden zone) the player may fail to find (:meth:`find_in_hidden`)."""
        owner = ZONE_SIDES.get(zone)
        if owner != side:
            raise EngineError(
                tr(
                    "the {side} has no {zone}; it is a {owner} zone",
                    side=side_word(side),
                    zone=zone,
                    owner=side_word(owner) if owner else owner,
                )
            )
        player = self.player(side)
        pile = player.deck if zone in ("rnd", "stack") else player.discard if zone in ("archives", "heap") else None
        if pile is None:
            raise EngineError(tr("cannot search the {zone}: the cards there are in the hand already", zone=zone))
        matches = [c for c in reversed(pile) if c.type == card_type]
        prompt = Phrase(a_or_an(card_type, N_("search the {zone} for a {type}"), N_("search the {zone} for an {type}")),
                        zone=Term("zone", zone), type=Term("card_type", card_type))  # fmt: skip
        if pile is player.deck:
            found = self.find_in_hidden(side, prompt, matches, count)
        else:
            found = self.choose_many(side, "search", prompt, matches, count)
        for card in found:
            pile.remove(card)
            card.faceup = False
            player.hand.append(card)
            self.log.add("search", player.seat, card=str(card), zone=zone)
        if not found:
            self.log.add("search_failed", player.seat, zone=zone, type=Term("card_type", card_type))
        if pile is player.deck:
            self.rng.shuffle(pile)
            self.log.add("shuffle", player.seat, zone=zone)
        return found

    def find_in_hidden(self, side: Side, prompt: Any, matches: Sequence[Card], count: int) -> list[Card]:
        """Up to ``count`` of ``matches``, cards of a zone the other side cannot see (R&D, the stack), one decision
        each: a player searching a hidden zone may fail to find, so each offers ``nothing`` ("find nothing") after
        the cards, and answering it ends the search. With no card left to find the player is not asked, but in a
        game of two people (:attr:`people`), where it is asked all the same until it finds nothing or has found
        ``count``, ``nothing`` its only option then: whether it is asked tells the other side nothing of the zone."""
        left, found = list(matches), []
        for number in range(count):
            if not left and not self.people:
                break
            step = Phrase(N_("{prompt} ({n}/{count})"), prompt=prompt, n=number + 1, count=count)
            options = [*generic_options(left, _label, _text), Option(FIND_NOTHING, Phrase(N_("find nothing")), None)]
            pick = self.ask(side, "search", step, options, force=self.people).value
            if pick is None:
                break
            left.remove(pick)
            found.append(pick)
        return found

    # ------------------------------------------------------------ prevention (N12)

    def prevention_window(self, what: str, amount: int, kind: str | None = None, card: Card | None = None) -> int:
        """Before ``amount`` damage (of ``kind``), tags or trashes (of ``card``) happen, the runner may use abilities
        that prevent or avoid them; returns what is left. A card script reads the open window as ``game.window``."""
        if amount <= 0 or self.over:
            return amount
        outer = self.window
        self.window = {"what": what, "kind": kind, "amount": amount, "card": card}
        try:
            forced = self.people and self.hidden_paid("runner", what)  # (a game of two people)
            while self.window["amount"] > 0 and not self.over:
                options = self.actions.paid_options("runner", window=what, kind=kind)
                if not options and not forced:
                    break
                label = {
                    "damage": Phrase(N_("take the {damage}"), damage=Term("damage", kind or "")),
                    "tags": Phrase(N_("take the tags")),
                    "trash": Phrase(N_("let it be trashed")),
                }
                options.append(Option("done", label.get(what, Phrase(N_("done"))), None))
                if what == "damage":
                    prompt = Phrase(N_("prevent {n} {damage}?"), n=amount, damage=Term("damage", kind or ""))
                elif what == "trash" and card is not None:  # (the card it would trash: a runner's card it sees)
                    prompt = Phrase(N_("prevent {card} from being trashed?"), card=str(card))
                elif what == "tags":
                    prompt = (Phrase(N_("prevent 1 tag?")) if amount == 1 else
                              Phrase(N_("prevent {n} tags?"), n=amount))  # fmt: skip
                else:
                    prompt = Phrase(N_("prevent {n} {what}?"), n=amount, what=Term("prevent", what))
                option = self.ask("runner", "prevent", prompt, options, force=forced)
                if option.value is None:
                    break
                self.actions.take(option.value)
            return int(self.window["amount"])
        finally:
            self.window = outer

    def hidden_paid(self, side: Side, window: str) -> bool:
        """Whether ``side`` has an active card with a paid ability ``window`` might offer (``run``, ``encounter``, or a
        prevention window: ``damage``, ``tags``, ``trash``) for a reason the other side cannot see: a card script's
        part with a ``usable`` hook (it may look at the grip or the stack), or an ability that installs a card from
        the hand (offered only while one there fits). Whether every other ability is offered follows from what both
        sides see (the card, the credits, the counters, the run). In a game of two people
        (:attr:`people`) such a window is asked every time, "done" its only option when nothing is
        offered, so that whether the side is asked tells the other nothing more than the table does."""
        prevention = window in ("damage", "tags", "trash")
        for card in self.active_cards(side):
            for ability in self.abilities(card):
                if ability.kind != "paid" or self.part_zone(card, ability) != "play":
                    continue
                if any(isinstance(c, A.ClickCost) for c in ability.costs):
                    continue  # (no click in these windows)
                nodes = effect_nodes(ability)
                parts = [self.script_part(card, n) for n in nodes if isinstance(n, A.Scripted)]
                roles = {str(p.role) for p in parts if p is not None and p.role}
                if prevention:
                    if f"prevent_{window}" in roles and any(p is not None and p.usable for p in parts):
                        return True
                    continue  # (a read prevention is offered by its card and its costs)
                if any(r.startswith("prevent_") for r in roles) or (window == "run" and roles & {"break", "boost"}):
                    continue  # (a prevention's own window; a break or boost is the encounter's)
                if any(p is not None and p.usable for p in parts):
                    return True
                effects = [e for s in ability.sentences for e in s.effects]
                if effects and all(isinstance(e, A.Install | A.InstallHosted) for e in effects):
                    return True
        return False

    def prevent(self, what: str, amount: int, card: Card | None, kind: str | None = None) -> int:
        """An effect that prevents or avoids: lowers the open window's amount (nothing outside its window)."""
        window = self.window
        seat = SEATS["runner"]
        if window is None or window["what"] != what or (kind not in (None, "any") and window["kind"] != kind):
            self.log.add("prevent_failed", seat, reason=Phrase(N_("nothing of that {what} is about to happen"), what=Term("prevent", what)))
            return 0
        done = min(amount, window["amount"])
        window["amount"] -= done
        # what is prevented: the damage's kind (the damage entry's field), the card that would be trashed
        of: dict[str, Any] = {"damage": window["kind"]} if window["kind"] else {}
        if window.get("card") is not None:
            of["target"] = str(window["card"])
        self.log.add("prevent", seat, card=str(card) if card else None, what=what, **of, amount=done)
        return done

    # ------------------------------------------------------------ damage, tags, bad publicity

    def damage(self, kind: str, amount: int, preventable: bool = True, by: Side | None = None) -> None:
        """Meat, net or brain damage: random cards from the grip to the heap; flatline past the grip (N4).
        Damage a player suffers as a cost (``preventable`` False) opens no prevention window. ``by``: the side that
        does it; by default the side of the card whose ability is resolving (a corp card's effect: the corp's)."""
        if by is None and self.interp.resolving:
            by = self.interp.resolving[-1].side
        amount += sum(hook(self, source, kind, amount) for source, hook in self.script_hooks("damage_bonus"))
        if preventable:
            amount = self.prevention_window("damage", amount, kind)
        if amount <= 0 or self.over:
            return
        runner = self.runner
        if kind == "brain":
            runner.brain_damage += amount
        self.damage_dealt += amount
        flatline = amount > len(runner.hand)
        trashed = self.rng.sample(runner.hand, min(amount, len(runner.hand)))
        for card in trashed:
            runner.hand.remove(card)
            card.faceup = True
            runner.discard.append(card)
        self.log.add(
            "damage",
            runner.seat,
            damage=kind,
            amount=amount,
            by=Term("side", by) if by else by,  # the side in words where the log is shown (a code in the JSON)
            trashed=[str(c) for c in trashed],
            hand=len(runner.hand),
            hand_size=self.hand_size("runner"),
        )
        for card in trashed:  # damage trashes the cards it takes from the grip
            self.announce("trashed", card, card=card, by="corp", rezzed=False, zone="hand")
        self.announce("damage_done", kind=kind, amount=amount, cards=trashed, by=by)
        if flatline and not self.over:
            self.flatline(
                Phrase(
                    Nn_("{amount} {damage} with {n} card in the grip", "{amount} {damage} with {n} cards in the grip"),
                    amount=amount,
                    damage=Term("damage", kind),
                    n=len(trashed),
                )
            )
        elif kind == "brain":
            self.check_memory()

    def gain_tags(self, count: int) -> None:
        count = self.prevention_window("tags", count)
        if count <= 0:
            return
        self.runner.tags += count
        self.log.add("tags", SEATS["runner"], amount=count, tags=self.runner.tags)
        self.announce("tags_taken", amount=count)

    def remove_tags(self, count: int) -> int:
        removed = min(count, self.runner.tags)
        self.runner.tags -= removed
        self.log.add("tags", SEATS["runner"], amount=-removed, tags=self.runner.tags)
        if removed:
            self.announce("tags_removed", amount=removed)
        return removed

    # ------------------------------------------------------------ installing, rezzing, trashing

    def install_cost(self, card: Card, server: str | None = None) -> int:
        if card.side == "runner":
            cost = int(card.record.cost or 0)
        elif card.type == "ice" and server is not None and server in self.servers:
            cost = len(self.servers[server].ice)
        else:
            cost = 0
        sources = self.script_hooks("install_cost") + self.script_hooks("own_install_cost", [card])
        cost += sum(hook(self, source, card) for source, hook in sources)
        return max(0, cost)

    def can_rez(self, card: Card) -> bool:
        """The corp can pay ``card``'s rez cost now, and whatever else its text asks to rez it (``rez_requires``)."""
        self.paying_for = card
        try:
            if not self.can_pay("corp", self.rez_cost(card), "rez"):
                return False
        finally:
            self.paying_for = None
        return all(can(self, card) for _, (can, _pay) in self.script_hooks("rez_requires", [card]))

    def rez_cost(self, card: Card) -> int:
        cost = int(card.record.rez_cost or 0)
        sources = self.script_hooks("rez_cost") + self.script_hooks("own_rez_cost", [card])
        cost += sum(hook(self, source, card) for source, hook in sources)
        return max(0, cost)

    def play_cost(self, card: Card) -> int:
        cost = int(card.record.cost or 0)
        cost += sum(hook(self, card) for _, hook in self.script_hooks("play_cost", [card]))
        return max(0, cost)

    def play_clicks(self, card: Card) -> int:
        """Clicks an operation or event costs to play beyond the action's own ("As an additional cost to play
        this card, spend [click]")."""
        return sum(hook(self, card) for _, hook in self.script_hooks("play_clicks", [card]))

    def consoles_besides(self, card: Card) -> list[Card]:
        """The consoles ``card``'s player has installed other than ``card``: "Limit 1 console per player" is that a
        console is not installed while its player has another console installed. The one reading of it: the
        engine's for every card of the console subtype (:meth:`may_install`, :meth:`check_console`), and the card
        scripts' (:func:`~toolkit.engine.netrunner.scripts.one_console`)."""
        return [o for o in self.player(card.side).rig if o is not card and "console" in o.subtypes]

    def check_console(self, card: Card) -> None:
        """An EngineError if ``card`` is a console and its player has another console installed (one console per
        player): what :meth:`install` and a scenario's rig refuse."""
        if "console" in card.subtypes and (others := self.consoles_besides(card)):
            raise EngineError(tr("{card} is a console, and {console} is installed already (1 console per player)",
                                 card=card, console=others[0]))  # fmt: skip

    def regions_besides(self, card: Card, server: str) -> list[Card]:
        """The regions in the root of ``server`` other than ``card``, when ``card`` is a region: "Limit 1 region per
        server" is that a server's root holds one region. The one reading of it: the engine's for every card of the
        region subtype (Dossier's reading, as for consoles: :meth:`consoles_besides`): installing a region trashes
        the region there first (:meth:`make_room`), and a scenario does not lay out two in one server."""
        there = self.servers.get(server)
        if "region" not in card.subtypes or there is None:
            return []
        return [o for o in there.root if o is not card and "region" in o.subtypes]

    def may_host(self, host: Card, card: Card) -> bool:
        """Whether ``card`` may be hosted on ``host``, as the engine hosts cards: on a card its own text puts it on
        ("Install only on a rezzed piece of ice": the ``hosts`` hook, what :meth:`install` offers), or, for a card
        without such text, on an installed runner card whose text hosts cards of its type ("你将 1 个程序安装在本牌上":
        :meth:`~.interp.Interpreter.install_from_hand`). A card script that hosts cards in its own way (a card moved
        onto ice, an agenda hosted on a runner card) says so in its code only: a host or a hosted card that runs one
        is taken at its word. What a scenario's ``hosted`` cards are checked by."""
        hooks = self.script_hooks("hosts", [card])
        if hooks:
            return all(host in hook(self, card) for _, hook in hooks)
        hosting = [node.card_type for ability in self.abilities(host) for node in effect_nodes(ability)
                   if isinstance(node, A.InstallHosted)]  # fmt: skip
        if card.side == "runner" and host.side == "runner" and card.type in hosting:
            return True
        return self.script_of(host) is not None or self.script_of(card) is not None

    def holds_advancement(self, card: Card) -> bool:
        """Whether advancement counters may be on ``card``: corp cards only (the ability language's corp text places
        them, on the corp's own cards: :meth:`place_advancement`); what a scenario's counters are checked by."""
        return card.side == "corp"

    def may_install(self, card: Card) -> bool:
        """What the rules restrict (one console per player: :meth:`consoles_besides`) and the card's own script
        (``may_install``; ``hosts``: somewhere to go)."""
        if "console" in card.subtypes and self.consoles_besides(card):
            return False
        if not all(hook(self, card) for _, hook in self.script_hooks("may_install", [card])):
            return False
        if not all(hook(self, source, card) for source, hook in self.script_hooks("may_install_all")):
            return False
        return all(hook(self, card) for _, hook in self.script_hooks("hosts", [card]))

    def trash_resource_payable(self, resource: Card) -> bool:
        """Whether the corp can pay every additional cost cards put on trashing ``resource`` with the basic action
        (``trash_resource_requires``: ``can`` False, not payable; None, not this resource's)."""
        return all(can(self, resource) is not False for _, (can, _pay) in self.script_hooks("trash_resource_requires"))

    def may_trash(self, card: Card, by: Side | None = None) -> bool:
        """Whether ``card`` can be trashed (by ``by``): its own text may say it cannot (the ``untrashable`` hook,
        ``hook(game, card, by)``: "cannot be trashed by the runner")."""
        return not any(hook(self, card, by) for _, hook in self.script_hooks("untrashable", [card]))

    def may_play(self, card: Card) -> bool:
        return all(hook(self, card) for _, hook in self.script_hooks("may_play", [card]))

    def server_options(self, card: Card) -> list[str]:
        """Where the corp may install ``card``: by the seed's rules, and a new remote server; a card's text may
        narrow it (``install_servers``: "Remote server only", "Install only in the root of HQ")."""
        names = list(self.servers)
        if card.type in ("ice", "upgrade"):
            options = [*names, "new remote"]
        else:  # an agenda or an asset: any remote whose agenda or asset the corp can trash for it (make_room)
            remotes = [n for n in names if self.servers[n].remote and all(
                self.may_trash(c, "corp") for c in self.servers[n].root if c.type != "upgrade")]  # fmt: skip
            options = ["new remote", *remotes]
        for _, hook in self.script_hooks("install_servers", [card]):
            options = [s for s in options if hook(self, card, s)]
        for source, hook in self.script_hooks("all_install_servers"):  # "Limit 2 remote servers" on an identity
            options = [s for s in options if hook(self, source, card, s)]
        return options

    def trashing_price(self, card: Card, server: str) -> int | None:
        """The credits the corp pays to install the ice ``card`` protecting ``server`` when it first trashes ice
        protecting it (:meth:`make_room`: at least one piece, and as many as it must to pay, each lowering the
        install cost by 1); None when there is no ice there it can trash, or it cannot pay even with all of it
        gone."""
        there = self.servers.get(server)
        spare = sum(1 for c in there.ice if self.may_trash(c, "corp")) if card.type == "ice" and there else 0
        if not spare:
            return None
        cost = self.install_cost(card, server)
        have = self.available("corp", "install")
        return max(0, min(cost - 1, have)) if have >= cost - spare else None

    def make_room(self, card: Card, server: str, trash_ice: bool = False) -> None:
        """Before ``card`` is installed in (or protecting) ``server``: an agenda or an asset trashes the agenda or
        asset in that remote's root (a root holds one of them), a region the region in its root
        (:meth:`regions_besides`); ice the corp installs ``trash_ice`` (its install
        action's ``+trash`` option) first trashes pieces of ice protecting the server, one decision each, one at
        least and as many as the corp must to pay (each lowers the install cost by 1). The server stays, even
        left empty meanwhile. The reason the log gives names where the card goes, not the card."""
        target = self.servers.get(server)
        if target is None:
            return
        why = self.install_reason(card, server)
        self.keep_server = server
        try:
            if card.type in ("agenda", "asset"):
                for old in [c for c in target.root if c.type in ("agenda", "asset")]:
                    self.trash(old, why, by="corp")
            for old in self.regions_besides(card, server):  # limit 1 region per server
                self.trash(old, Phrase(N_("only 1 region per server")), by="corp")
            trashed = 0
            while card.type == "ice" and trash_ice and not self.over:
                options = [Option(c.ref, _text(c), c) for c in reversed(target.ice) if self.may_trash(c, "corp")]
                if not options:
                    break
                self.paying_for = card
                cost = self.install_cost(card, server)
                if trashed and self.can_pay("corp", cost, "install"):  # (the outermost ice is offered first)
                    text = Phrase(N_("install {card} for {n}{credit}"), card=str(card), n=cost, credit="[credit]")
                    options.insert(0, Option("done", text, None))
                self.paying_for = None
                prompt = Phrase(N_("trash a piece of ice protecting {server} before installing {card}"),
                                server=Term("zone", server), card=str(card))  # fmt: skip
                victim = self.ask("corp", "trash", prompt, options).value
                if victim is None:
                    break
                trashed += self.trash(victim, why, by="corp")
        finally:
            self.keep_server = None

    def _new_remote(self) -> Server:
        self._remotes += 1
        server = Server(f"remote{self._remotes}")
        self.servers[server.name] = server
        return server

    def install_reason(self, card: Card, server: str | None = None) -> Phrase:
        """What a payment for installing ``card`` (in ``server``, the corp's) is for, in the log both sides see: the
        runner's card by name, the corp's (installed face down) by where it goes only."""
        if card.side == "runner":
            return Phrase(N_("installing {card}"), card=str(card))
        where = Term("zone", server or "")
        if card.type == "ice":
            return Phrase(N_("installing a piece of ice protecting {server}"), server=where)
        return Phrase(N_("installing a card in {server}"), server=where)

    def can_install(self, card: Card) -> bool:
        if card.type not in INSTALLABLE or not self.may_install(card):
            return False
        if card.side == "corp":
            return any(self.can_pay("corp", self.install_cost(card, s), "install") for s in self.server_options(card))
        if card.type == "program" and int(card.record.memory_cost or 0) > self.memory_limit():
            return False
        return self.can_pay("runner", self.install_cost(card), "install")

    def install(
        self,
        side: Side,
        card: Card,
        server: str | None = None,
        pay: bool = True,
        host: Card | None = None,
        origin: str | None = None,
        trash_ice: bool = False,
    ) -> None:
        """Install from the hand: the corp face down in a server, the runner in the rig (or on a host card).
        ``origin`` says where a card installed by an effect came from (``deck``, ``discard``, ...); the
        ``installed`` events carry it (``hand`` for a card installed from the hand). ``trash_ice``: the corp
        trashes ice protecting the server first (:meth:`make_room`)."""
        player = self.player(side)
        origin = "hand" if card in player.hand else origin
        if card.side != side or card.type not in INSTALLABLE:
            raise EngineError(
                tr(
                    "the {side} cannot install {card} ({type})",
                    side=side_word(side),
                    card=card,
                    type=type_word(card.type),
                )
            )
        self.check_console(card)  # (every way to install offers only what may be installed: may_install)
        if card in player.hand:
            player.hand.remove(card)
        if side == "corp":
            options = self.server_options(card)
            if server is None:
                affordable = [
                    s for s in options if not pay or self.can_pay("corp", self.install_cost(card, s), "install")
                ]
                server = self.choose("corp", "server", Phrase(N_("install {card} in"), card=str(card)), affordable)
            if server not in options:
                raise EngineError(
                    tr(
                        "cannot install {card} in {server}; servers: {servers}",
                        card=card,
                        server=repr(server),
                        servers=", ".join(options),
                    )
                )
            self.make_room(card, server, trash_ice and pay)
            if pay:
                self.paying_for = card
                self.pay("corp", self.install_cost(card, server), self.install_reason(card, server), "install")
                self.paying_for = None
            target = self._new_remote() if server == "new remote" else self.servers[server]
            (target.ice if card.type == "ice" else target.root).append(card)
            self.hide(card)
            told = self.log.add("install", player.seat, visible=[player.seat], card=str(card), server=target.name)
            kind = "ice" if card.type == "ice" else "card"
            self.apart(told, self.log.add("install_facedown", player.seat, server=target.name,
                                          type=Term("card_type", kind)))  # fmt: skip
        else:
            if pay:
                self.paying_for = card
                self.pay("runner", self.install_cost(card), self.install_reason(card), "install")
                self.paying_for = None
            for _, hook in self.script_hooks("hosts", [card]):
                if host is None:
                    prompt = Phrase(N_("install {card} on"), card=str(card))
                    host = self.choose("runner", "host", prompt, hook(self, card))
            if card.record.unique:
                for old in [c for c in player.rig if c.id == card.id]:
                    self.trash(old, Phrase(N_("a unique card was installed again")))
            if card.type == "program":
                need = int(card.record.memory_cost or 0)
                while self.memory_used() + need > self.memory_limit():
                    programs = [c for c in player.rig if c.type == "program"]
                    if not programs:
                        raise EngineError(
                            tr(
                                "{card} needs {need}; the limit is {limit}",
                                card=card,
                                need=f"{need}[mu]",
                                limit=self.memory_limit(),
                            )
                        )
                    prompt = Phrase(N_("trash a program to make room for {card}"), card=str(card))
                    victim = self.choose("runner", "memory", prompt, programs)
                    self.trash(victim, "memory limit")
            player.rig.append(card)
            self.log.add("install", player.seat, card=str(card), type=Term("card_type", card.type))
            if host is not None:
                card.host = host
                host.hosted.append(card)
                self.log.add("host", player.seat, card=str(card), host=str(host))
            self.refill_recurring(card, "installed")
        self.fire("installed", [card], card=card, origin=origin)
        self.announce("any_installed", card=card, origin=origin)
        self.check_memory()

    def rez(self, card: Card, free: bool = False) -> None:
        """Turn an installed corp card face up, paying its rez cost unless ``free``."""
        if card.side != "corp" or self.server_of(card) is None or card.rezzed or card.type == "agenda":
            raise EngineError(tr("{card} cannot be rezzed", card=card))
        cost = 0 if free else self.rez_cost(card)
        if not free:
            self.paying_for = card
            self.pay("corp", cost, Phrase(N_("rezzing {card}"), card=str(card)), "rez")
            self.paying_for = None
            for _, (_can, pay_more) in self.script_hooks("rez_requires", [card]):  # an additional cost to rez it
                pay_more(self, card)
        if card.record.unique:
            for old in [c for c in self.installed("corp") if c.id == card.id and c.rezzed]:
                self.trash(old, Phrase(N_("a unique card was rezzed again")))
        card.rezzed = True
        self.log.add("rez", SEATS["corp"], card=str(card), free=free, cost=cost)
        self.refill_recurring(card, "rezzed")
        self.fire("rezzed", [card], card=card)
        self.announce("any_rezzed", card=card)
        self.check_points()  # (a card worth points while it is active)

    def derez(self, card: Card, why: Any) -> None:
        """Turn a rezzed corp card face down again (it keeps its counters; its abilities are off)."""
        if not card.rezzed or self.server_of(card) is None:
            return
        card.rezzed = False
        self.log.add("derez", SEATS["corp"], card=str(card), reason=why)
        self.announce("derezzed", card, card=card)

    def trash(self, card: Card, why: str, by: Side | None = None) -> bool:
        """An installed card to Archives or the heap, with the cards it hosts (N9). A runner card the corp
        trashes opens a prevention window (N12). Returns whether it was trashed."""
        if not self.may_trash(card, by):
            self.log.add("trash_failed", SEATS[card.side], card=str(card), reason=Phrase(N_("it cannot be trashed")))
            return False
        if (
            card.side == "runner"
            and by == "corp"
            and card in self.runner.rig
            and self.prevention_window("trash", 1, card=card) <= 0
        ):
            return False
        told = self._trash_quietly(card, why, by)
        self.check_memory()
        for gone, side, was_rezzed, origin in told:
            self.announce("trashed", gone, card=gone, by=side, rezzed=was_rezzed, zone=origin)
        return True

    def _trash_quietly(self, card: Card, why: str, by: Side | None) -> list[tuple[Card, Side | None, bool, str]]:
        """``card`` to Archives or the heap (logged), then the cards it hosted, trashed as their host has left play
        (N9: logged after it); ``(card, by, rezzed, zone)`` of each card trashed, for the ``trashed`` timing, which
        fires once all of them are gone (the memory limit is checked then too, never while some are left)."""
        hosted, named = list(card.hosted), str(card)
        owner = self.player(card.side)
        was_rezzed = card.rezzed
        hidden = card in owner.hand or card in owner.deck  # trashed from HQ or R&D (or the grip or stack)
        origin = ("hand" if card in owner.hand else "deck" if card in owner.deck
                  else "installed" if self.is_installed(card) or card in owner.rig else "other")  # fmt: skip
        for zone in (owner.hand, owner.deck, self.corp.score_area, self.runner.score_area):
            if card in zone:
                zone.remove(card)
        faceup = card.side == "runner" or by == "runner" or (not hidden and (card.rezzed or card.type == "operation"))
        if card in self.runner.rig:
            self.runner.rig.remove(card)
        self.trash_from_server(card)
        self.to_discard(card, why, faceup=faceup)
        return [(card, by, was_rezzed, origin), *self._host_left(hosted, named)]

    def _host_left(self, hosted: list[Card], host: str) -> list[tuple[Card, Side | None, bool, str]]:
        """The cards a card (named ``host``) hosted, trashed now that it has left play: :meth:`_trash_quietly`."""
        told: list[tuple[Card, Side | None, bool, str]] = []
        for card in hosted:
            if card.host is None or card not in card.host.hosted:  # (it left its host already)
                continue
            if not self.may_trash(card, None):
                self.log.add("trash_failed", SEATS[card.side], card=str(card), reason=Phrase(N_("it cannot be trashed")))
                continue
            told += self._trash_quietly(card, Phrase(N_("its host {card} left play"), card=host), None)
        return told

    def remove_from_game(self, card: Card, why: Any) -> None:
        """``card`` leaves every zone and the game (hosted cards are trashed, as when it is trashed)."""
        hosted, named = list(card.hosted), str(card)
        for player in self.players.values():
            for zone in (player.hand, player.deck, player.discard, player.score_area, player.rig):
                if card in zone:
                    zone.remove(card)
        self.trash_from_server(card)
        card.leave_play()
        self.removed.append(card)
        self.log.add("removed_from_game", SEATS[card.side], card=str(card), reason=why)
        told = self._host_left(hosted, named)
        self.check_memory()
        for gone, side, was_rezzed, origin in told:
            self.announce("trashed", gone, card=gone, by=side, rezzed=was_rezzed, zone=origin)

    def forfeit(self, card: Card, why: Any) -> None:
        """An agenda in a score area is forfeited: it leaves the game, and its points with it."""
        for player in self.players.values():
            if card in player.score_area:
                player.score_area.remove(card)
                self.removed.append(card)
                self.log.add("forfeit", player.seat, card=str(card), points=card.record.agenda_points, reason=why)
                self.announce("forfeited", card, card=card)

    def trash_from_server(self, card: Card) -> None:
        server = self.server_of(card)
        if server is not None:
            (server.ice if card in server.ice else server.root).remove(card)
            if server.remote and not server.ice and not server.root and server.name != self.keep_server:
                del self.servers[server.name]

    def check_memory(self) -> None:
        """N11: whenever the runner's programs need more memory than the limit, the runner trashes programs."""
        while not self.over and self.memory_used() > self.memory_limit():
            programs = [c for c in self.runner.rig if c.type == "program"]
            if not programs:
                break
            self.log.add("memory", SEATS["runner"], used=self.memory_used(), limit=self.memory_limit())
            prompt = Phrase(
                N_("memory {used}/{limit}: trash a program"), used=self.memory_used(), limit=self.memory_limit()
            )
            victim = self.choose("runner", "memory", prompt, programs)
            self.trash(victim, Phrase(N_("over the memory limit")))

    # ------------------------------------------------------------ counters (N9)

    def add_counters(self, card: Card, kind: str, change: int) -> int:
        """Place (``change`` > 0) or remove counters of ``kind``; returns the change made."""
        have = card.counters.get(kind, 0)
        change = max(change, -have)
        if change == 0:
            return 0
        total = have + change
        if total:
            card.counters[kind] = total
        else:
            card.counters.pop(kind, None)
        seat = SEATS[card.side]
        if self.hidden_from_runner(card):  # the runner sees counters go on a face-down card, not which card
            told = self.log.add("counter", seat, visible=[seat], card=str(card), kind=kind, change=change, total=total)
            where = self.server_of(card)
            self.apart(told, self.log.add("counter_facedown", seat, server=where.name if where else None, kind=kind,
                                          change=change, total=total))  # fmt: skip
        else:
            self.log.add("counter", seat, card=str(card), kind=kind, change=change, total=total)
        if change < 0:
            self.check_empty(card)
        return change

    def check_empty(self, card: Card) -> None:
        """A loaded card (a card script's ``load``: ``notes["loaded"]`` names what was loaded, ``credit`` or a
        counter kind) that has none of it left is empty: its ``emptied`` timing fires, once. Emptied by the costs of
        an ability being used (:attr:`emptying`: its last counter removed to prevent damage), it is empty once the
        ability has resolved (:meth:`~.interp.Interpreter.execute` asks again then): the effect the cost paid for
        comes first, in the log too."""
        loaded = card.notes.get("loaded")
        if loaded is None:
            return
        left = card.credits if loaded == "credit" else card.counters.get(loaded, 0)
        if left <= 0 and self.emptying is not None:
            if card not in self.emptying:
                self.emptying.append(card)
            return
        if left <= 0:
            del card.notes["loaded"]
            self.log.add("emptied", SEATS[card.side], card=str(card))
            self.fire("emptied", [card])

    def hidden_from_runner(self, card: Card) -> bool:
        """An installed corp card the runner has not seen: face down (unrezzed) in a server."""
        return card.side == "corp" and not card.rezzed and self.server_of(card) is not None

    def seen_type(self, card: Card, side: Side) -> str | None:
        """``card``'s type as ``side`` sees it: the type of its own cards and of the cards face up to it, and of a
        face-down card the runner knows (it accessed the card where it still is: :meth:`runner_knows`); any other
        face-down corp card is of no type to the runner (None), but for installed ice, which its place shows. So an
        effect that says "trash an asset" may target only the assets its side can see or knows (as players play it),
        and what it offers never depends on what a card the runner does not know is."""
        if card.side == side or not self.hidden_from_runner(card) or self.runner_knows(card):
            return card.type
        server = self.server_of(card)
        return "ice" if server is not None and card in server.ice else None

    def visible_to(self, card: Card) -> str | list[int]:
        """Who may see ``card`` now, for a log entry that names it: everyone, or its owner only (a card in HQ, R&D,
        the grip or the stack, or a corp card face down in a server or in Archives)."""
        player = self.player(card.side)
        if (self.hidden_from_runner(card) or card in player.hand or card in player.deck
                or (card in player.discard and not card.faceup)):  # fmt: skip
            return [player.seat]
        return "all"

    def hide(self, card: Card) -> None:
        """``card`` goes out of the runner's sight, face down in a server or in Archives: it gets a new uid for the
        runner there (:meth:`seen_uid`), so that the runner cannot tell it for a card it saw before (in R&D, HQ or
        elsewhere). It keeps that uid while it stays face down there (moved between servers, rezzed and derezzed
        in place: the runner sees that happen)."""
        card.hidden = ("installed" if self.server_of(card) is not None else "archives", self._next_uid())
        self.handles[card.uid] = card.hidden[1]
        if isinstance(self.log, _Log):
            self.log.rename(card.uid, card.hidden[1])

    def mask(self, event: Event, seat: int, /, hidden: bool = False, kind: str | None = None, **data: Any) -> None:
        """``seat`` is shown the log entry ``event`` with ``data`` for its fields (as an entry of ``kind``, if given),
        or not at all (``hidden``); the full log keeps the entry as it is (:meth:`_Log.mask`)."""
        if isinstance(self.log, _Log):
            self.log.mask(event, seat, hidden=hidden, kind=kind, **data)

    def shown_since(self, seat: int, start: int) -> bool:
        """Whether a log entry from index ``start`` on is shown to ``seat`` (:meth:`_Log.shown`)."""
        if isinstance(self.log, _Log):
            return self.log.shown(seat, start)
        return any(e.visible == "all" or seat in e.visible for e in self.log.since(start))

    def apart(self, told: Event, others: Event) -> None:
        """``others`` tells the other seat what ``told`` tells its own: each seat is shown one of them, ``told``'s own
        seat ``told`` only; the full log keeps both (:meth:`_Log.apart`). A card script logging such a pair (a card
        for its owner, a count for the other side) says so with this."""
        if isinstance(self.log, _Log):
            self.log.apart(told, others)

    def _name_secret_cards(self, event: Event) -> None:
        """A log entry the runner is shown that names a corp card in R&D or HQ by its number: the runner is shown
        that card by its name only (the number would let it know the copy again, played, installed or trashed later:
        a look at the top of R&D, a card revealed from HQ, an access). The full log keeps the entry as it is."""
        if self._out:  # cards come out of HQ or R&D it names: their handles from this entry on (_sweep_handles)
            named = {int(n) for n in _SHOWN_UID.findall(" ".join(_texts(event.data)))}
            self._bring_out([c for uid, c in self._out.items() if uid in named], this=True)
        secret: dict[int, Card] = {}
        shown = {}
        for key, value in event.data.items():
            if (isinstance(value, str) and "#" in value) or isinstance(value, list | tuple):  # (a phrase's text too)
                named = self.secret_named(value, secret)
                if named is not value:
                    shown[key] = named
        if shown and isinstance(self.log, _Log):
            self.log.mask(event, SEATS["runner"], **{**self.log.masks.get(event.seq, {}).get(SEATS["runner"], {}),
                                                     **shown})  # fmt: skip

    def secret_named(self, value: Any, secret: dict[int, Card] | None = None, side: Side = "corp") -> Any:
        """``value`` (a log field, a prompt, an option's text) as the runner is shown it: each corp card in R&D or HQ
        it names ``name#uid`` (a whole string, or a phrase's field) by its name only; the same object when nothing
        changes. ``secret``: those cards by uid, when known (filled when empty). ``side`` "runner": as the corp is
        shown it, each runner card in the grip or the stack by its name only."""
        if isinstance(value, Phrase):
            fields = {k: self.secret_named(v, secret, side) for k, v in value.fields.items()}
            return value if all(fields[k] is v for k, v in value.fields.items()) else Phrase(value.message, **fields)
        if isinstance(value, list | tuple):
            items = [self.secret_named(v, secret, side) for v in value]
            return value if all(a is b for a, b in zip(items, value, strict=True)) else items
        if not isinstance(value, str) or isinstance(value, Term) or "#" not in value:
            return value
        found = _CARD_REF.fullmatch(value)
        if found is None:
            return value
        if secret is None:
            secret = {}
        if not secret:
            hidden = self.player(side)
            secret.update((c.uid, c) for c in (*hidden.deck, *hidden.hand))
        card = secret.get(int(found[2]))
        return card.name if card is not None and card.name == found[1] else value

    def _name_runner_cards(self, event: Event) -> None:
        """A log entry the corp is shown: the runner cards come out of the grip or the stack it names get their
        handles from this entry on (:meth:`_sweep_corp_handles`: an event being played is in no zone yet), and those
        still in the grip or the stack (a card paid for before it leaves, one searched or revealed there) are shown
        to the corp by their names only, as the runner is shown HQ's and R&D's (:meth:`_name_secret_cards`). The
        full log keeps the entry as it is."""
        if "runner" not in getattr(self, "players", {}):
            return
        if self._runner_out:
            named = {int(n) for n in _SHOWN_UID.findall(" ".join(_texts(event.data)))}
            self._bring_out_runner([c for uid, c in self._runner_out.items() if uid in named], this=True)
        grip: dict[int, Card] = {}
        shown = {}
        for key, value in event.data.items():
            if (isinstance(value, str) and "#" in value) or isinstance(value, list | tuple):  # (a phrase's text too)
                named = self.secret_named(value, grip, side="runner")
                if named is not value:
                    shown[key] = named
        if shown and isinstance(self.log, _Log):
            corp = SEATS["corp"]
            self.log.mask(event, corp, **{**self.log.masks.get(event.seq, {}).get(corp, {}), **shown})

    def seen_log(self, seat: int, over: bool = False) -> list[Event]:
        """The log as ``seat`` is shown it (:meth:`_Log.seen_by`: the seed once the game is over, or ``over``)."""
        return self.log.seen_by(seat, over=over) if isinstance(self.log, _Log) else self.log.seen_by(seat)

    def named_only(self, seat: int, since: int = 0) -> bool:
        """Whether a log entry after the first ``since`` shows ``seat`` a card by its name only (:meth:`_Log.named_only`)."""
        return isinstance(self.log, _Log) and self.log.named_only(seat, since)

    def runner_uid(self, card: Card) -> int:
        """The number the runner knows a card by, face up: a corp card that went face down keeps the one it had
        there (:meth:`hide`: the runner saw it rezzed, trashed or turned face up there), one come out of HQ or R&D
        face up the one it got then (:meth:`_sweep_handles`), so that it never shows the card's own number (its
        place in R&D when the game began) nor the number of a sighting in R&D or HQ; other cards their own."""
        return self.handles.get(card.uid, card.uid) if card.side == "corp" else card.uid

    def corp_uid(self, card: Card) -> int:
        """The number the corp knows a card by: a runner card come out of the grip or the stack the handle it got
        then (:meth:`_sweep_corp_handles`), never its own (its place in the stack when the game began, which would
        tell when it was drawn); other cards their own."""
        return self.corp_handles.get(card.uid, card.uid) if card.side == "runner" else card.uid

    def seen_uid(self, card: Card) -> int:
        """The uid a face-down corp card goes by for the runner (in its view of the state and its options): the one
        :meth:`hide` gave it when it last went out of the runner's sight, from the counter of the cards' uids (so
        never a card's own); 0 when it has none there (it went face down some other way)."""
        where = "installed" if self.server_of(card) is not None else "archives"
        return card.hidden[1] if card.hidden is not None and card.hidden[0] == where else 0

    def runner_knows(self, card: Card) -> bool:
        """Whether the runner knows what the face-down ``card`` is: it accessed the card where it is now, since the
        card last went out of its sight (a card it saw in R&D or HQ is a stranger once installed)."""
        return card.hidden is not None and card.uid in self.runner_saw and self.runner_saw[card.uid] == card.hidden

    def place_advancement(self, card: Card, amount: int, advancing: bool = False) -> None:
        """Advancement counters go on ``card``. ``advancing``: by the advance action (logged as advancing it);
        otherwise a card's effect places them, which is not advancing (the rules: placing is not advancing), and
        the log says counters were placed (add_counters' ``counter`` entry), no more. A runner card takes none
        (:meth:`holds_advancement`)."""
        if not self.holds_advancement(card):
            return
        self.add_counters(card, "advancement", amount)
        if not advancing:
            return
        seat = SEATS["corp"]
        if self.hidden_from_runner(card):
            self.log.add("advancement", seat, visible=[seat], card=str(card), amount=amount, advancement=card.advancement)
        else:
            self.log.add("advancement", seat, card=str(card), amount=amount, advancement=card.advancement)

    def purge(self) -> None:
        """Remove every virus counter from every card (N9)."""
        cards = [
            c
            for c in [
                *self.installed("runner"),
                *self.installed("corp"),
                *self.corp.score_area,
                *self.runner.score_area,
            ]
            if c.counters.get("virus")
        ]
        removed = 0
        for card in cards:
            removed -= self.add_counters(card, "virus", -card.counters["virus"])
        self.log.add("purge", SEATS["corp"], cards=len(cards), removed=removed)
        self.announce("purged", removed=removed)

    # ------------------------------------------------------------ agendas

    def score(self, card: Card) -> None:
        requirement = self.advancement_requirement(card)
        if card.type != "agenda" or self.server_of(card) is None:
            raise EngineError(tr("{card} is not an installed agenda", card=card))
        if requirement is None or card.advancement < requirement:
            raise EngineError(
                trn(
                    "{card} has {n} advancement counter; it needs {requirement}",
                    "{card} has {n} advancement counters; it needs {requirement}",
                    card.advancement,
                    card=card,
                    requirement=requirement,
                )
            )
        self._to_score_area(card, "corp")

    def steal(self, card: Card) -> None:
        for zone in (self.corp.deck, self.corp.hand, self.corp.discard):
            if card in zone:
                zone.remove(card)
        self._to_score_area(card, "runner")

    def _to_score_area(self, card: Card, side: Side) -> None:
        """The agenda ``card`` leaves its server into ``side``'s score area (the corp's scored, face up and
        rezzed; the runner's stolen, face up), is logged, the points are counted, and it fires its trigger. The
        points count as the agenda enters the score area (seed 001: seven points win at any moment), so a side
        that reaches them has won before a "when scored/stolen" ability resolves (no flatline after the win). The
        triggers learn the server it left and the advancement counters it had (``x.event``)."""
        server = self.server_of(card)
        where = {"server": server.name if server is not None else None, "advancement": card.advancement}
        self.trash_from_server(card)
        card.leave_play()
        if side == "corp":
            card.rezzed = True
        else:
            card.faceup = True
        self.player(side).score_area.append(card)
        scored = side == "corp"
        self.log.add("score" if scored else "steal", SEATS[side], card=str(card), points=card.record.agenda_points)
        self.check_points()
        if not self.over:
            self.fire("agenda_scored" if scored else "agenda_stolen", [card], card=card, **where)
            self.fire("any_scored" if scored else "any_stolen", self.everyone(), card=card, **where)
        self.check_memory()

    def forbid(self, what: str, until: str, why: Any = None) -> None:
        """Forbid ``what`` (``score``: the corp scoring agendas; ``steal``: the runner stealing them;
        ``trash_accessed``: the runner trashing cards it accesses) until the end of the ``turn`` or ``run``."""
        self.forbidden_now[what] = until
        self.log.add("forbidden", None, what=what, until=until, reason=why)

    def forbidden(self, what: str) -> bool:
        return what in self.forbidden_now

    def lift(self, until: str) -> None:
        """The end of a turn or a run lifts what was forbidden, and the lasting hooks, until then."""
        for what in [w for w, u in self.forbidden_now.items() if u == until]:
            del self.forbidden_now[what]
        self.lasting = [entry for entry in self.lasting if entry[3] != until]
        for card, subtype, _ in [g for g in self.grants if g[2] == until]:
            if subtype in card.gained_subtypes:
                card.gained_subtypes.remove(subtype)
        self.grants = [g for g in self.grants if g[2] != until]
        self.blanks = {uid: u for uid, u in self.blanks.items() if u != until}

    def events_this_turn(self, kind: str) -> list[dict[str, Any]]:
        """The data of the log's ``kind`` events since the current turn began (what happened this turn)."""
        return [e.data for e in list(self.log)[self.turn_started_at :] if e.kind == kind]

    def add_to_score_area(self, card: Card, side: Side) -> None:
        """``card`` goes to ``side``'s score area as an agenda by a card's effect (not the score action): the
        corp's counts as scored, the runner's as stolen, with their triggers."""
        self._to_score_area(card, side)

    def scorable(self, card: Card) -> bool:
        requirement = self.advancement_requirement(card)
        return (
            not self.forbidden("score")
            and all(hook(self, source, card) for source, hook in self.script_hooks("may_score"))
            and card.type == "agenda"
            and requirement is not None
            and card.advancement >= requirement
            and self.server_of(card) is not None
        )

    # ------------------------------------------------------------ triggers

    def _concerns(self, card: Card, ability: A.Ability, event: dict[str, Any]) -> bool:
        """Whether a card script's triggered part wants this event (its ``only`` test; other abilities always)."""
        part = self.script_part(card, ability)
        if part is None or part.only is None:
            return True
        from .scripts import Exec

        return bool(part.only(Exec(self, Context(card.side, card, self.current_run, event=event or None))))

    def announce(self, timing: str, *first: Card, **event: Any) -> None:
        """Fire ``timing`` to ``first`` and then every active card of both sides (:meth:`everyone`); the list is
        built only when some card of this game has an ability on that timing."""
        if timing in self.listening:
            self.fire(timing, self.everyone(*first), **event)

    def everyone(self, *first: Card) -> list[Card]:
        """``first`` and then every active card of both sides (the sources of an event anyone may answer)."""
        out = list(first)
        for side in SIDES:
            out += [c for c in self.active_cards(side) if c not in out]
        return out

    def fire(self, timing: str, sources: Sequence[Card], **event: Any) -> None:
        """Collect the ``timing`` abilities of ``sources`` and resolve them (core.Triggers); ``event`` is what
        happened (a card script reads it as ``x.event``)."""
        if timing not in self.listening:
            return  # no card of this game has an ability on this timing
        pending: list[Pending[Any]] = []
        given = list(sources)
        zoned = [c for c in self.zoned if c not in given] if self.zoned else []
        for card in [*given, *zoned]:
            for ability in self.abilities(card):
                if ability.kind == "triggered" and ability.timing == timing:
                    zone = self.part_zone(card, ability)
                    if (zone != "play" or card in zoned) and zone != self.zone_of(card):
                        continue  # a part that works from the hand, discard or score area, where the card is not
                    if not self._concerns(card, ability, event):
                        continue

                    def run(ability: A.Ability = ability, card: Card = card) -> None:
                        if self.over:
                            return
                        entry: dict[str, Any] = dict(timing=timing, source=str(card), text=ability_text(card, ability))
                        entry["visible"] = self.visible_to(card)  # (a face-down card's trigger: its owner's line)
                        ctx = Context(card.side, card, self.current_run, event=event or None)
                        if not isinstance(self.log, _Log):
                            self.log.add("trigger", SEATS[card.side], **entry)
                            self.interp.execute(ability, ctx, pay=False)
                            return
                        place = self.log.hold("trigger", SEATS[card.side], **entry)
                        try:
                            self.interp.execute(ability, ctx, pay=False)
                        finally:
                            if len(self.log.held) >= place:
                                self.log.drop(place)  # it did nothing: its condition did not hold

                    def probe(ability: A.Ability = ability, card: Card = card) -> bool:
                        return self.would_act(card, ability, event)

                    # (an engine's sentence: the same words as ever, ``name#43: your_turn_start``, and the card and
                    # the timing in words where it is shown)
                    label = Phrase(N_("{source}: {timing}"), source=str(card), timing=Term("timing", timing))
                    same = sum(1 for p in pending if p.label == label or p.label.startswith(f"{label} ("))
                    key = f"trigger:{card.ref}:{timing}"  # (a second of the same: ~2, as any repeated label)
                    shown = Phrase(N_("{trigger} ({n})"), trigger=label, n=same + 1) if same else label
                    pending.append(_Trigger(SEATS[card.side], shown, run, key, probe))
        self.triggers.resolve(pending)

    # ------------------------------------------------------------ the interpreter and runs (the parts)

    def execute(self, ability: A.Ability, ctx: Context, pay: bool = True) -> None:
        self.interp.execute(ability, ctx, pay)

    def run_text(self, text: str, side: Side | None = None) -> Side:
        return self.interp.run_text(text, side)

    def default_side(self, text: str, identity: str | None = None) -> tuple[Side, str]:
        return self.interp.default_side(text, identity)

    def make_run(self, server: str) -> RunState:
        return self.runs.make_run(server)

    def finish_run(self) -> None:
        self.runs.finish_run()

    def end_run(self, why: str) -> None:
        self.runs.end_run(why)

    def action(self, side: Side, action_id: str, card: Card | None = None, server: str | None = None) -> None:
        self.actions.basic(side, action_id, card, server)

    def legal_actions(self, side: Side) -> list[Any]:
        return [o.value for o in self.actions.options(side)]

    def take(self, action: Any) -> None:
        self.actions.take(action)

    def play(self, side: Side, card: Card) -> None:  # playing an operation or event; the game loop is play_game
        self.actions.play_card(side, card)

    def use_ability(self, side: Side, card: Card, index: int) -> None:
        self.actions.use_ability(side, card, index)

    # ------------------------------------------------------------ turns

    def mulligans(self) -> None:
        """N8: the corp, then the runner, may shuffle the opening hand back and draw a new one, once. The log says
        the decision first (``hand``: the cards of the hand kept, or of the one shuffled back), then the hand shuffled
        into R&D or the stack, then the new hand's draws."""
        for side in SIDES:
            if self.over:
                return
            player = self.player(side)
            prompt = Phrase(N_("keep your opening hand or mulligan?"))
            again = not self.confirm(side, "mulligan", prompt, yes="keep", no="mulligan")
            self.log.add("mulligan", player.seat, side=side, mulligan=again, hand=len(player.hand))
            if again:
                back = len(player.hand)
                player.deck.extend(player.hand)
                player.hand.clear()
                self.rng.shuffle(player.deck)
                zone = Term("zone", "rnd" if side == "corp" else "stack")
                self.log.add("shuffled_into", player.seat, cards=back, zone=zone)
                self.draw(side, self.rules.hand_size)
        self.phase = "turns"

    def begin_turn(self, side: Side) -> None:
        """Clicks for the turn, recurring credits refilled, 你的回合开始时 triggers, the corp's mandatory draw; in the
        corp's, its window (:meth:`rez_window`) and the runner's (:meth:`runner_window`) come first."""
        self.active = side
        self.phase = "turns"
        self.turns += 1
        self.corp_window_held = False
        player = self.player(side)
        player.clicks = max(0, self.rules.clicks[side] + self.next_turn_clicks.pop(side, 0))
        self.turn_started_at = len(self.log)
        self.log.add("turn_start", player.seat, side=side, clicks=player.clicks, turn=self.turns)
        if side == "corp":  # before its recurring credits and its turn-start abilities (a card rezzed now has them)
            self.rez_window(Phrase(N_("your turn begins: rez a card?")))
            self.runner_window(Phrase(N_("the corp's turn begins: use a paid ability?")))
        for card in self.active_cards(side):
            if self.recurring_uses(card):
                self.refill_recurring(card, "turn start")
        self.fire("your_turn_start", self.active_cards(side))
        self.announce("turn_begins", side=side)
        if side == "corp" and not self.over:
            self.log.add("mandatory_draw", player.seat)
            self.draw("corp", 1)

    def rez_window(self, prompt: Any) -> None:
        """Outside a run and the corp's action phase: the corp may rez assets and upgrades (the seed: it can rez them
        at almost any moment) and use paid abilities without a click, one decision each; nothing is asked when it can
        do neither. ``prompt`` says when. The windows (the published turn structure's paid-ability windows): when the
        corp's turn begins (before its turn-start abilities), before each action of the runner (its first included:
        :meth:`action_phase`), and when the runner's turn ends (after its discard, before its turn-end abilities)."""
        if not self.over:
            self.runs.corp_window(None, None, prompt)

    def runner_window(self, prompt: Any) -> None:
        """The runner's paid-ability window in the corp's turn (the published turn structure gives both players one
        at the corp's draw phase, between its actions and in its discard phase; installed runner cards are always
        active, seed 001): the runner uses paid abilities without a click, one decision each ("[trash]: remove 1 tag"
        before an operation asks whether it is tagged), until it is done. Like the corp's (:meth:`rez_window`), it is
        asked only while the runner has an ability it can use there, and a window that offers nothing asks and logs
        nothing; in a game of two people (:attr:`people`) it is asked even with nothing to use ("done" its only
        option) when a card of the runner's might offer something for a reason the corp cannot see
        (:meth:`hidden_paid`), as the run's windows are (:meth:`~.run.Runs.paid_window`). ``prompt`` says when."""
        forced = self.people and self.hidden_paid("runner", "run")
        for _ in range(20):
            if self.over:
                return
            options = self.actions.paid_options("runner", window="run")  # (no clicks: the "run" window's abilities)
            if not options and not forced:
                return
            options.append(Option("done", Phrase(N_("done")), None))
            option = self.ask("runner", "paid", prompt, options, force=forced)
            if option.value is None:
                return
            self.actions.take(option.value)

    def action_phase(self, side: Side) -> None:
        """Actions until every click is spent (N11), then a last window for actions without a click. In the
        runner's, the corp's window (:meth:`rez_window`) comes before each action while the runner has clicks left:
        a card that works "whenever the runner makes a run" can be rezzed before the run it answers. In the corp's,
        the runner's window (:meth:`runner_window`) comes after each action that leaves the corp clicks (after its
        last one, the runner's window is the discard phase's: :meth:`end_turn`)."""
        player = self.player(side)
        free = 0
        while not self.over:
            if side == "runner" and player.clicks > 0 and not self.corp_window_held:
                self.corp_window_held = True
                self.rez_window(Phrase(N_("before the runner's next action: rez a card or use a paid ability?")))
                if self.over:
                    break
            options = self.actions.options(side, free=free < MAX_FREE_ACTIONS)
            if player.clicks <= 0:
                options = [o for o in options if not o.value.clicks]
                if not options:
                    break
                options.append(Option("end", Phrase(N_("end the action phase")), None))
            if not options:
                raise EngineError(
                    tr(
                        "the {side} has {clicks} left and no legal action",
                        side=side_word(side),
                        clicks=f"{player.clicks}[click]",
                    )
                )
            prompt = Phrase(
                N_("take an action ({clicks}{click} and {credits}{credit} left)"),
                click="[click]",
                credit="[credit]",
                clicks=player.clicks,
                credits=player.credits,
            )
            option = self.ask(side, "action", prompt, options)
            self.corp_window_held = False  # (the runner acts: the corp's next window comes after it)
            if option.value is None:
                break
            free += not option.value.clicks
            self.actions.take(option.value)
            self.announce("action_taken", side=side, action=option.label)
            if self.end_action_phase:  # "after you resolve this card, your action phase ends"
                self.end_action_phase = False
                player.clicks = 0
                break
            if side == "corp" and player.clicks > 0 and not self.over:  # (the corp acts: the runner may answer)
                self.runner_window(Phrase(N_("after the corp's action: use a paid ability?")))
        if not self.over:
            self.log.add("action_phase_end", player.seat, side=side, clicks=player.clicks)
            self.fire("action_phase_ends", self.active_cards(side))

    def skip_discard(self, side: Side, card: Card | None = None) -> None:
        """``side`` skips its discard down to its hand size at the end of this turn (``card``'s text says so); its
        maximum hand size stays what it is. Only the side whose turn it is has a discard left this turn."""
        if self.active == side:
            self.no_discard[side] = str(card) if card is not None else None

    def end_turn(self, side: Side) -> None:
        """Discard down to the hand size (unless a card skips it: :meth:`skip_discard`), 你的回合结束时 triggers; a
        runner below hand size 0 is flatlined."""
        player = self.player(side)
        limit = self.hand_size(side)
        if side == "runner" and limit < 0:
            self.flatline(Phrase(N_("the runner's hand size is {n} at the end of the turn"), n=limit))
        skipped = side in self.no_discard
        if skipped and not self.over:
            source = self.no_discard[side]
            self.log.add("rule", player.seat, **({"card": source} if source else {}), side=side,
                         reason=Phrase(N_("the discard phase is skipped this turn")))  # fmt: skip
        self.no_discard.pop(side, None)
        while not skipped and len(player.hand) > max(0, limit) and not self.over:
            card = self.choose(side, "discard", Phrase(N_("discard down to {n}"), n=limit), list(player.hand))
            player.hand.remove(card)
            self.to_discard(card, Phrase(N_("over hand size")), faceup=side == "runner", discarded=True)
        if side == "runner":  # after the runner's discard, before its turn-end abilities
            self.rez_window(Phrase(N_("the runner's turn ends: rez a card?")))
        elif not self.over:  # the corp's discard phase: the runner's window, before the corp's turn-end abilities
            self.runner_window(Phrase(N_("the corp's turn ends: use a paid ability?")))
        if not self.over:
            self.fire("your_turn_end", self.active_cards(side))
            self.announce("turn_ends", side=side)
        player.clicks = 0
        self.lift("turn")
        if not self.over:  # (a flatline, or a trigger that ended the game: nothing follows "game over")
            self.log.add("turn_end", player.seat, side=side, hand=len(player.hand), hand_size=limit)

    def play_turn(self, side: Side, begin: bool = True) -> None:
        if begin:
            self.begin_turn(side)
        if not self.over:
            self.action_phase(side)
        if not self.over:
            self.end_turn(side)

    def play_game(self, max_turns: int = 200, resume: bool = False) -> None:
        """The whole game from set-up (mulligans), or from a position in ``active``'s action phase (``resume``),
        until it ends or ``max_turns`` turns have begun."""
        if self.phase == "setup" and not resume:
            self.mulligans()
        self.check_points()  # a position laid out (a scenario) with a side at the points to win is over at once
        side = self.active
        first = resume
        while not self.over and (first or self.turns < max_turns):
            self.play_turn(side, begin=not first)
            first = False
            side = other(side)
        self.turn_limit = not self.over  # the turns ran out
        # the log's last entry (its kind is the tactics simulation's): the winning side, not seats (P1), and the
        # reason in words; the result (result()) has the seats
        why = "turn_limit" if self.turn_limit else self.end_reason  # (a code, worded by the log as tactics' round_limit)
        self.log.add("simulation_end", winner=self.winner, reason=why, turns=self.turns)

    def result(self) -> dict[str, Any]:
        """``winners`` (seats), ``reason`` and ``turns``, as the tactics result gives them: the reason a code
        (agenda_points, flatline, empty_rd, card_text; turn_limit when the turns ran out with no winner; None while the game
        goes on), its numbers in fields of their own (``agenda_points``)."""
        winners = [SEATS[self.winner]] if self.winner else []
        code = self.end_code if self.winner else "turn_limit" if self.turn_limit else None
        if self.winner and code is None:  # a card's text ended the game
            code = "card_text"
        return {"winners": winners, "winner": self.winner, "reason": code, **self.end_fields, "turns": self.turns}

    # ------------------------------------------------------------ looking ahead

    def would_act(self, card: Card, ability: A.Ability, event: dict[str, Any]) -> bool:
        """Whether ``card``'s triggered ``ability`` would do anything if it resolved now (``event``: what
        happened): played on a copy of the game, it logs something or asks a question. A card whose text is about
        its own server or ice (another's event) would not. Anything unexpected counts as acting."""
        try:
            copy_, memo = self._fork()
            event2 = copy.deepcopy(event, memo) if event else None
            card2 = memo.get(id(card), card)
            asked: list[bool] = []

            class _Probe:
                def decide(self, game: Any, decision: Decision) -> str:
                    asked.append(True)
                    return decision.options[0].label

            copy_.policies = {1: _Probe(), 2: _Probe()}
            start = len(copy_.log)
            copy_.interp.execute(ability, Context(card2.side, card2, copy_.current_run, event=event2), pay=False)
            logged = [e for e in copy_.log.since(start) if not (e.kind == "condition" and not e.data.get("holds"))]
            return bool(asked or logged or copy_.decisions[len(self.decisions) :])
        except Exception:  # noqa: BLE001 - a probe never stops the game; when unsure the trigger is offered
            return True

    def clone(self) -> NetrunnerGame:
        """An independent copy of the game as it stands, for looking ahead (:mod:`.search`): played on, it plays as
        the original would with the same answers (its random generator is in the same state), and nothing done to
        it changes the original. The records, rules and parsed texts are shared; the log's entries too (they are
        never changed), its listeners are not copied. Nobody decides in the copy (no policy, no waiter) until the
        caller says who does. Lasting effects keep working: a card script's function is copied with what it closes
        over (the cards it names are the copy's cards)."""
        return self._fork()[0]

    def _fork(self) -> tuple[NetrunnerGame, dict[int, Any]]:
        """:meth:`clone`, and the memo mapping each object of this game to its copy (``id`` -> copy)."""
        memo: dict[int, Any] = {id(x): x for x in (self.records, self.by_id, self.rules, self.basic_actions)}
        for record in self.records:
            memo[id(record)] = record
        memo[id(self._scripted_cache)] = self._scripted_cache
        memo[id(self._abilities)] = self._abilities
        log = _Log()
        log._events = list(self.log._events)
        if isinstance(self.log, _Log):
            log.masks = dict(self.log.masks)
            log.renames = list(self.log.renames)
            log.corp_renames = list(self.log.corp_renames)
            log.twins = set(self.log.twins)
            log.ended = self.log.ended
            log.naming = None  # (the copy's own, below)
        memo[id(self.log)] = log
        memo[id(self.decisions)] = list(self.decisions)  # its entries are never changed
        for name in ("policies", "waiter", "replay"):
            value = getattr(self, name)
            memo[id(value)] = {} if name == "policies" else deque() if name == "replay" else None
        new: NetrunnerGame = copy.deepcopy(self, memo)
        new.lasting = [(hook, card, _fork_function(fn, memo), until) for hook, card, fn, until in new.lasting]
        new.at_run_end = [_fork_function(fn, memo) for fn in new.at_run_end]
        if new.current_run is not None and new.current_run.instead_of_breach is not None:
            new.current_run.instead_of_breach = _fork_function(new.current_run.instead_of_breach, memo)
        log.naming = new._name_secret_cards
        log.corp_naming = new._name_runner_cards
        log.sweep = new._sweep_handles
        return new, memo

    # ------------------------------------------------------------ views

    def state(self, first: Side = "corp") -> dict[str, Any]:
        """Per side (``first`` first): its zones by their names (the corp's R&D, HQ and Archives, the runner's
        stack, grip and heap) and its own counters; then the active side and the outcome."""
        players = []
        for side in (first, other(first)):
            p = self.player(side)
            if side == "corp":
                zones = {"rnd": len(p.deck), "hq": len(p.hand), "archives": len(p.discard)}
                marks = {"bad_publicity": p.bad_publicity}
            else:
                zones = {"stack": len(p.deck), "grip": len(p.hand), "heap": len(p.discard)}
                marks = {"tags": p.tags}
            entry: dict[str, Any] = {
                "seat": p.seat,
                "side": side,
                "identity": p.identity.id,
                **zones,
                "installed": len(self.installed(side)),
                "credits": p.credits,
                "clicks": p.clicks,
                **marks,
                "agenda_points": self.agenda_points(side),
                "hand_size": self.hand_size(side),
            }
            if side == "runner":
                entry |= {"memory": self.memory_limit(), "memory_used": self.memory_used(), "link": self.link(),
                          "brain_damage": p.brain_damage}  # fmt: skip
            players.append(entry)
        return {
            "players": players,
            "active": self.active,
            "remote_servers": sum(1 for s in self.servers.values() if s.remote),
            "winner": self.winner,
            "reason": self.end_reason,
        }

    def view(self, seat: int | None = None) -> dict[str, Any]:
        from .view import view

        return view(self, seat)


def identity_record(records: Iterable[Any], side: Side, identity_id: str) -> Any:
    """The netrunner identity ``identity_id`` of ``records``; an EngineError when there is none, or it is not
    ``side``'s."""
    known = [r for r in records if getattr(r, "game", None) == "netrunner" and r.kind == "identity"]
    record = next((r for r in known if r.id == identity_id), None)
    if record is None:
        raise EngineError(tr("unknown netrunner identity {id}; identities: {ids}", id=repr(identity_id),
                             ids=", ".join(sorted(r.id for r in known))))  # fmt: skip
    if record.side != side:
        raise EngineError(
            tr(
                "identity {id} is a {owner} identity, not a {side} one",
                id=repr(identity_id),
                owner=side_word(record.side),
                side=side_word(side),
            )
        )
    return record


def _fork_function(fn: Any, memo: dict[int, Any]) -> Any:
    """``fn`` for a copy of the game (:meth:`NetrunnerGame.clone`): a function that closes over cards or the game
    is made again over their copies (``memo``: originals to copies); any other callable is shared."""
    if not isinstance(fn, types.FunctionType) or not fn.__closure__:
        return fn
    found = memo.get(id(fn))
    if found is None:
        cells = tuple(_fork_cell(cell, memo) for cell in fn.__closure__)
        found = types.FunctionType(fn.__code__, fn.__globals__, fn.__name__, fn.__defaults__, cells)
        found.__kwdefaults__ = fn.__kwdefaults__
        memo[id(fn)] = found
    return found


def _fork_cell(cell: Any, memo: dict[int, Any]) -> Any:
    try:
        value = cell.cell_contents
    except ValueError:  # a cell not filled yet
        return types.CellType()
    if isinstance(value, types.FunctionType):
        return types.CellType(_fork_function(value, memo))
    return types.CellType(copy.deepcopy(value, memo))


def _label(value: Any) -> str:
    if isinstance(value, Card):
        return value.ref
    if isinstance(value, Pending) and value.key is not None:
        return value.key
    return str(value)


_UID = re.compile(r"#\d+")
_OLD_FACEDOWN = re.compile(r"facedown#(\d+)")  # a face-down card as a game saved before named it: by its uid
_OLD_TRIGGER = re.compile(r"[^:\s][^:]*: [a-z_]+( \(\d+\))?")  # a trigger as a saved game named it: 寒鸦#3: run_ends


def _other_number(label: str, taken: str) -> bool:
    """Whether ``label`` names a card by a number (``#99``) and ``taken``, the option it was read as, by another
    (``#9``): the label was read without its number, as another copy. An option that names its card by no number
    (``trash:<id>``, a card of R&D: the number a game saved before gave it is dropped) is the card the label
    names."""
    numbers, offered = _UID.findall(label), _UID.findall(taken)
    return bool(numbers) and bool(offered) and label != taken and offered != numbers


def _older_trigger(decision: Decision, label: str) -> Option | None:
    """The trigger a label of a game saved before triggers were labelled by id names (its card's name and the
    timing, ``grimoire#7: any_installed``, with or without the uid), if the decision offers it."""
    if decision.kind != "order" or label.startswith("trigger:") or not _OLD_TRIGGER.fullmatch(label):
        return None
    loose = _UID.sub("", label)
    found = [o for o in decision.options if isinstance(o.value, Pending) and _UID.sub("", str(o.value)) == loose]
    exact = [o for o in found if str(o.value) == label]
    return (exact or found)[0] if found else None


def _older_facedown(decision: Decision, label: str) -> Option | None:
    """The face-down card a label of a game saved before face-down cards had numbers of their own names
    (``facedown#<uid>``), if the decision offers it. Only labels replayed from a saved game or a scenario are read
    so: a player cannot pick a face-down card by the uid it saw it by before."""
    found = _OLD_FACEDOWN.fullmatch(label)
    if found is None or any(o.label == label for o in decision.options):
        return None
    uid = int(found.group(1))
    named = (o for o in decision.options if o.label.startswith("facedown#") and isinstance(o.value, Card))
    return next((o for o in named if o.value.uid == uid), None)


def _older_archives(decision: Decision, label: str) -> Option | None:
    """The face-down card of Archives a runner's label of a game saved before names by its id and the runner's
    number for it (``<id>#<n>``: a breach of Archives turned every card there face up then), if the decision offers
    it face down now (``facedown#<n>``, the same number: :meth:`NetrunnerGame.seen_uid`). Only labels replayed from a
    saved game or a scenario are read so: a player cannot pick a face-down card by its id."""
    found = _CARD_LABEL.fullmatch(label)
    if found is None or decision.seat != SEATS["runner"] or any(o.label == label for o in decision.options):
        return None
    wanted = f"facedown#{found[2]}"
    return next((o for o in decision.options
                 if o.label == wanted and isinstance(o.value, Card) and o.value.id == found[1]), None)  # fmt: skip


def _offers(decision: Decision, label: str) -> bool:
    """Whether ``label`` names one of ``decision``'s options (as :meth:`Decision.find` reads it)."""
    try:
        decision.find(label)
    except EngineError:
        return False
    return True


def _hand_by_label(options: list[Option], places: Mapping[int, tuple[Card, str]], hand: str = "hq") -> list[Option]:
    """A side's ``options`` with those that are cards of the other side's hand (``hand``: ``hq`` for the runner's,
    ``id@hq``; ``grip`` for the corp's, ``id@grip``; ``places``: :meth:`NetrunnerGame.secret_places`,
    :meth:`NetrunnerGame.grip_places`) in the order of their labels, in the places they took among the others: a hand
    has no order the other side sees, and a hand is in the order its cards were drawn (the other side would learn
    which came in last). Copies of a card keep their order (``~2`` the second copy)."""
    at = [i for i, o in enumerate(options) if isinstance(o.value, Card) and places.get(o.value.uid, (o, ""))[1] == hand]
    if len(at) < 2:
        return options
    out = list(options)
    for i, option in zip(at, sorted((options[i] for i in at), key=lambda o: o.label), strict=True):
        out[i] = option
    return out


def _unique(options: list[Option]) -> list[Option]:
    """``options`` with a repeated label made unique (``~2``, ``~3``…, as :func:`generic_options` does)."""
    seen: dict[str, int] = {}
    out = []
    for option in options:
        seen[option.label] = seen.get(option.label, 0) + 1
        count = seen[option.label]
        out.append(option if count == 1 else Option(f"{option.label}~{count}", option.text, option.value))
    return out


def _old_order_answer(decision: Decision, label: str) -> bool:
    """Whether ``label``, replayed for ``decision``, is the answer of a game saved before to a trigger order this
    game no longer asks (a trigger whose condition did not hold is not offered): it is not an option here and
    names a trigger."""
    if any(o.label == label for o in decision.options) or _older_trigger(decision, label) is not None:
        return False
    if decision.kind == "order":
        return False
    return label.startswith("trigger:") or bool(_OLD_TRIGGER.fullmatch(label))


def _pending_text(value: Any) -> Any:
    """A trigger's text in an order prompt: its label (a Phrase naming the card and the timing, in words)."""
    return value.label if isinstance(value, Pending) else _text(value)


def _text(value: Any) -> str:
    """An option's text for people (a Phrase or a Term: the same English, in any language when shown)."""
    if isinstance(value, Card):
        return Phrase(N_("{card} ({type})"), card=str(value), type=Term("type", value.type))
    if isinstance(value, Sub):
        return Phrase(N_("subroutine {index}: {text}"), index=value.index, text=render(value.ability))
    if isinstance(value, str):
        return Term("zone", value)
    return str(value)


_ANSWERS = {  # what yes and no stand for when they are shown
    "yes": Phrase(N_("yes")),
    "no": Phrase(N_("no")),
    "keep": Phrase(N_("keep")),
    "mulligan": Phrase(N_("mulligan")),
    "continue": Phrase(N_("continue")),
    "jack_out": Phrase(N_("jack out")),
    "leave": Phrase(N_("leave it")),
}
