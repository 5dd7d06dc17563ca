"""A tactics game as its set-up plus its decisions: played a decision at a time, saved, resumed and undone.

:class:`TacticsSetup` is what a game starts from (mode, squads, decks, map, seed, rounds, and who plays each seat:
``human`` for a person, else a player of the machine: ``heuristic``, ``brawler``, ``random``). A
:class:`TacticsSession` plays it in a :class:`~toolkit.engine.decisions.Stepper`: the machine's seats decide
themselves, and the game stops at the first decision of a person's seat (``pending``), to go on with
``apply(label)``. The game is its set-up and the labels taken (``labels``): :meth:`TacticsSession.to_json` writes
them, :meth:`TacticsSession.from_json` replays them into the same state, and :meth:`TacticsSession.undo` replays
all but the person's last decision and what followed it (in place); :meth:`TacticsSession.resign` ends the game as a
loss for the seat that resigns (the browser's Resign and the terminal's). :func:`view` is what one seat may see.

A game saved to a file the person keeps (``to_json(sealed=True)``: ``dossier play tactics --save``) holds nothing
their seat may not see in plain text: the machine's decisions name cards of its hand (those it mortgages) and tell
its hidden units' facings and which of them it put where, so each is written sealed (:func:`seal`: ``sealed:…``, read back by :meth:`TacticsSession.from_json`), and
so are the squad and deck the machine made up for itself (``made_up``), which the person did not choose. The seed
stays as it is: the game is replayed from it (it rebuilds the deal, as the engine alone can).
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import json
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from toolkit.i18n import tr
from toolkit.i18n.words import N_

from ..core import Decider, EngineError
from ..decisions import Decision, Option, Stepper, shown_nodes, worded
from ..phrase import Term
from .attack import SELF_DEFENSE, SELF_DEFENSE_BEFORE
from .decisions import DecisionDecider, decision_for, hidden_from, kind_of, mask_data, masks
from .game import TacticsGame
from .prospects import prospects
from .state import Card, hidden_alias

HUMAN = "human"
SEAT_SEED = 104_729  # a machine seat's player draws from seed + SEAT_SEED × seat, as `simulate` seeds it


@dataclass
class TacticsSetup:
    """What a game starts from. ``players``: per seat, ``human`` or a machine player's name."""

    mode: str
    squads: list[list[str]]
    decks: list[list[str]]
    players: list[str]
    seed: int = 0
    board: str | None = None
    rounds: int = 100
    draft: bool = False
    ask_people: bool = True
    """In a game of two people or more, each person's seat but the acting one is asked at every response window,
    even with no response to offer (it may only pass), so that whether it is asked tells the other nothing of its
    hand (:attr:`~.game.TacticsGame.always_asked`). False: only a seat that has a response is asked, as in games
    saved before (a saved set-up without the field)."""

    def to_json(self, sealed: Iterable[int] = ()) -> dict[str, Any]:
        """The set-up as a saved game holds it; the squad and deck of each seat of ``sealed`` sealed
        (:func:`seal`)."""
        out = asdict(self)
        for seat in sealed:
            for key in ("squads", "decks"):
                out[key][seat - 1] = seal(json.dumps(out[key][seat - 1]), self.seed, f"{key}:{seat}")
        return out

    @classmethod
    def from_json(cls, data: Any) -> TacticsSetup:
        """The set-up of a saved game (its ``setup``, a sealed squad or deck opened): an EngineError names the first
        field (``/setup/…``) that is missing or of the wrong kind."""
        if not isinstance(data, dict):
            raise EngineError(tr("{field}: {problem}", field="/setup", problem=tr("expected an object")))
        _check_seed(data)  # (first: the sealed squads and decks are opened with it)
        data = _opened_setup(data)
        for key, fits, problem in _SETUP_FIELDS:
            if key not in data:
                if key in _SETUP_REQUIRED:
                    raise EngineError(tr("{field}: {problem}", field=f"/setup/{key}",
                                         problem=tr("a required field is missing")))  # fmt: skip
            elif not fits(data[key]):
                raise EngineError(tr("{field}: {problem}", field=f"/setup/{key}", problem=problem()))
        if len(data["squads"]) != len(data["players"]):  # (a seat with no squad is no game to set up)
            raise EngineError(tr("{field}: {problem}", field="/setup/squads", problem=tr(
                "expected one squad per player ({n}), not {found}", n=len(data["players"]),
                found=len(data["squads"]))))  # fmt: skip
        return cls(
            mode=data["mode"], squads=[list(s) for s in data["squads"]], decks=[list(d) for d in data["decks"]],
            players=list(data["players"]), seed=data.get("seed", 0), board=data.get("board"),
            rounds=data.get("rounds", 100), draft=data.get("draft", False),
            ask_people=data.get("ask_people", False),  # (saved before it was asked: as it was played then)
        )  # fmt: skip


def _texts(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(x, str) for x in value)


SEALED = "sealed:"
"""How a sealed entry of a saved game begins (a decision's label never does)."""


def _keystream(seed: int, where: str, size: int) -> bytes:
    blocks = (hashlib.sha256(f"dossier-seal:{seed}:{where}:{n}".encode()).digest() for n in range(size // 32 + 1))
    return b"".join(blocks)[:size]


def seal(text: str, seed: int, where: str) -> str:
    """``text`` as a saved game's file holds what the person's seat may not see: not in plain text (mixed with a
    stream of the game's seed and the entry's place, ``where``), read back by :func:`unseal`. It keeps a reader of
    the file from the machine's secrets at a glance; the seed it is made from rebuilds the deal anyway, for whoever
    replays the game with the engine."""
    raw = text.encode("utf-8")
    mixed = bytes(a ^ b for a, b in zip(raw, _keystream(seed, where, len(raw)), strict=True))
    return SEALED + base64.urlsafe_b64encode(mixed).decode("ascii").rstrip("=")


def unseal(text: str, seed: int, where: str) -> str:
    """What :func:`seal` sealed; anything else (a label of a game saved before, a sealed entry changed by hand
    that is no longer text: :func:`_opened`) as it is, to be refused as the label it is."""
    if not text.startswith(SEALED):
        return text
    opened = _opened(text, seed, where)
    return text if opened is None else opened


def _opened(text: str, seed: int, where: str) -> str | None:
    """What the sealed entry ``text`` sealed, opened with ``seed``; None when it does not open: not the letters
    :func:`seal` writes, or bytes that are no text, none or not printable (a seal changed by hand, or one sealed with
    another seed: the file's seed changed). (A seal holds no check of its own: one sealed with another seed may
    still open as printable text, rarely for more than a few letters.)"""
    body = text[len(SEALED) :]
    try:
        mixed = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=True)
        opened = bytes(a ^ b for a, b in zip(mixed, _keystream(seed, where, len(mixed)), strict=True)).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return None
    if not opened or any(unicodedata.category(c).startswith("C") for c in opened):
        return None
    return opened


def seal_mismatch(field: str) -> EngineError:
    """The refusal of a sealed entry (at ``field``) that does not open with the save's seed (a saved Netrunner game's
    sealed decisions too): the file was changed, not a misfit blamed on the rules."""
    return EngineError(tr("{field}: {problem}", field=field,
                          problem=tr("the sealed entry does not match the seed (the file was changed)")))  # fmt: skip


def _check_seed(data: dict[str, Any]) -> None:
    """A saved set-up's seed, checked before its sealed squads and decks are opened with it: a whole number (else
    the field is refused as the seed's, not as a sealed squad's that no seed opens) from 0 up (``--seed``'s range:
    a negative one would deal the game of its absolute value)."""
    seed = data.get("seed", 0)
    if not _whole(seed):
        raise EngineError(tr("{field}: {problem}", field="/setup/seed", problem=tr("expected a whole number")))
    if seed < 0:
        raise EngineError(tr("{option} {value}: a seed is a whole number from 0 up", option="/setup/seed", value=seed))


def _opened_setup(data: dict[str, Any]) -> dict[str, Any]:
    """A saved set-up (its seed checked: :func:`_check_seed`) with its sealed squads and decks opened; one that
    does not open with the seed (a seal or the seed changed by hand) is refused, naming it."""
    seed = data.get("seed", 0)
    out = dict(data)
    for key in ("squads", "decks"):
        entries = data.get(key)
        if not isinstance(entries, list):
            continue
        opened: list[Any] = []
        for seat, entry in enumerate(entries, 1):
            if isinstance(entry, str) and entry.startswith(SEALED):
                text = _opened(entry, seed, f"{key}:{seat}")
                try:
                    entry = json.loads(text) if text is not None else None
                except ValueError:
                    entry = None
                if entry is None:
                    raise seal_mismatch(f"/setup/{key}/{seat - 1}")
            opened.append(entry)
        out[key] = opened
    return out


def _sealed_seats(data: Any) -> frozenset[int]:
    """The seats whose squad or deck a saved set-up holds sealed."""
    if not isinstance(data, dict):
        return frozenset()
    return frozenset(seat for key in ("squads", "decks") if isinstance(data.get(key), list)
                     for seat, entry in enumerate(data[key], 1)
                     if isinstance(entry, str) and entry.startswith(SEALED))  # fmt: skip


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_SETUP_FIELDS: tuple[tuple[str, Callable[[Any], bool], Callable[[], str]], ...] = (
    ("mode", lambda v: isinstance(v, str), lambda: tr("expected a string")),
    ("squads", lambda v: isinstance(v, list) and all(map(_texts, v)), lambda: tr("expected a list of lists of ids")),
    ("decks", lambda v: isinstance(v, list) and all(map(_texts, v)), lambda: tr("expected a list of lists of ids")),
    ("players", _texts, lambda: tr("expected a list of strings")),
    ("seed", _whole, lambda: tr("expected a whole number")),
    ("board", lambda v: v is None or isinstance(v, str), lambda: tr("expected a string")),
    ("rounds", lambda v: _whole(v) and v >= 1, lambda: tr("expected a number of at least {limit}", limit=1)),
    ("draft", lambda v: isinstance(v, bool), lambda: tr("expected {true} or {false}", true="true", false="false")),
    ("ask_people", lambda v: isinstance(v, bool),
     lambda: tr("expected {true} or {false}", true="true", false="false")),
)
"""Each field of a saved set-up: its key, what a good value is, what is said of a bad one (in the language then)."""
_SETUP_REQUIRED = frozenset({"mode", "squads", "decks", "players"})


def _machine(kind: str, seed: int) -> Decider:
    from ..simulate import make_decider

    return make_decider(kind, seed)


@dataclass
class TacticsSession:
    """One game played a decision at a time (see the module docstring)."""

    records: list[Any]
    setup: TacticsSetup
    script: list[str] = field(default_factory=list)
    frames: list[dict[str, Any]] | None = None  # given: the replay's frames are made as the game plays
    resigned: int | None = None  # the seat that resigned (:meth:`resign`): the game is over, lost by that seat
    made_up: frozenset[int] = frozenset()  # the seats whose squad and deck the machine made up: sealed when saved
    refused: str | None = field(default=None, init=False)  # why the last undo was refused (UNDO_REFUSALS' key)
    game: TacticsGame = field(init=False)
    decider: _Replaying = field(init=False)
    stepper: Stepper = field(init=False)

    def __post_init__(self) -> None:
        setup = self.setup
        # a game saved when the counterattack 正当防卫 had its Chinese label replays with the label it has now
        self.script = [SELF_DEFENSE if label == SELF_DEFENSE_BEFORE else label for label in self.script]
        if len(setup.players) != len(setup.decks):
            raise EngineError(tr("{n} players for {decks} decks: name one player per deck", n=len(setup.players),
                                 decks=len(setup.decks)))  # fmt: skip
        players = {seat: None if kind == HUMAN else _machine(kind, setup.seed + SEAT_SEED * seat)
                   for seat, kind in enumerate(setup.players, 1)}  # fmt: skip
        self.decider = _Replaying(players, self.script)
        self.game = TacticsGame(self.records, setup.mode, players=len(setup.decks), seed=setup.seed,
                                decider=self.decider, decks=setup.decks, squads=setup.squads, board=setup.board,
                                setup=False, draft=setup.draft)  # fmt: skip
        self.decider.bind(self.game)
        people = [seat for seat, kind in enumerate(setup.players, 1) if kind == HUMAN]
        if setup.ask_people and len(people) > 1:  # (the machine answers at once: nothing to hide from it)
            self.game.always_asked = frozenset(people)
        self.stepper = Stepper(self.decider, self._play).start()
        if len(self.decider.taken) < len(self.script) and self.stepper.pending is not None:
            # the game waits for a person while the saved labels are not all used: they did not fit this game
            raise SavedMisfit(tr("the saved decisions stop fitting the game at decision {n}",
                                 n=len(self.decider.taken) + 1))  # fmt: skip

    def _play(self) -> None:
        from ..simulate import play_tactics

        self.game.set_up()
        play_tactics(self.game, self.decider, self.setup.rounds, self.frames)

    # -- playing

    @property
    def pending(self) -> Decision | None:
        """The decision a person's seat is asked now; None once the game is over (a seat resigned too)."""
        return None if self.resigned is not None else self.stepper.pending

    @property
    def over(self) -> bool:
        """Whether the game is over: played to its end, or a seat resigned."""
        return self.pending is None

    def resign(self, seat: int) -> None:
        """``seat`` resigns: the game is over, won by every seat hostile to it (:meth:`result`), and saved so
        (``to_json``: its ``status`` ``resigned`` and ``resigned_by``). An EngineError once the game is over."""
        if self.pending is None:
            raise EngineError(tr("the game is over: no decision is pending"))
        seats = range(1, len(self.setup.players) + 1)
        if seat not in seats:
            raise EngineError(tr("{field}: {problem}", field="seat", problem=tr(
                "expected one of {choices}", choices=tr(", ").join(map(str, seats)))))  # fmt: skip
        self.resigned = seat

    @property
    def labels(self) -> list[str]:
        """Every decision's label so far, the machine's and the people's, in order: the game's record."""
        return list(self.decider.taken)

    def apply(self, label: str) -> Option:
        """Answer the pending decision; an EngineError names the options when ``label`` is not one of them (and the
        decision by its number as its seat is shown it: :func:`own_number`)."""
        if self.resigned is not None:
            raise EngineError(tr("the game is over: no decision is pending"))
        pending = self.pending
        if pending is not None:
            names, terms = self.decider.prompt_names, getattr(self.decider, "prompt_term", None)
            dataclasses.replace(pending, number=own_number(self.game, pending) - 1).find(label, names, terms)
        return self.stepper.apply(label)

    def own_number(self, decision: Decision) -> int:
        """``decision``'s number as its seat is shown it (:func:`own_number`)."""
        return own_number(self.game, decision)

    def result(self) -> dict[str, Any]:
        """How the game ended (the engine's ``winners``, ``reason`` and ``rounds``); a game a seat resigned is won by
        every seat hostile to it, its reason ``resigned``."""
        if self.resigned is None:
            return self.game.result()
        game, by = self.game, self.resigned
        winners = [p.seat for p in game.players if p.seat != by and game.hostile(by, p.seat)]
        return {"winners": winners, "reason": "resigned", "rounds": game.round}

    def last_decider(self) -> int | None:
        """The seat of the last decision another seat may know of (None: none yet): a machine's decision that showed
        nothing (:data:`UNSEEN`: a pass at a response window, asked only of a seat that holds a response) is left
        out, as :meth:`undo` leaves it out, so that whether undo is offered tells nothing of it either."""
        silent = self.decider.silent
        for seat, quiet in zip(reversed(self.decider.asked), reversed(silent), strict=True):
            if not quiet or self.setup.players[seat - 1] == HUMAN:
                return seat
        return None

    def undo_refusal(self, seat: int | None = None) -> str | None:
        """Why :meth:`undo` (of ``seat``) would be refused now, one of :data:`UNDO_REFUSALS`; None when it would take
        the decision back. Nothing is undone: what offers Undo (the web's game page) asks this, so that it offers
        only an undo that is taken."""
        return self._taken_back(seat)[0]

    def _taken_back(self, seat: int | None) -> tuple[str | None, TacticsSession | None]:
        """:meth:`undo`'s weighing: why it is refused (and None), or None and the session replayed to before the
        people's last decision."""
        people = [(i, s) for i, s in enumerate(self.decider.asked) if self.setup.players[s - 1] == HUMAN]
        if not people or self.resigned is not None or (seat is not None and seat not in (s for _, s in people)):
            return "nothing", None
        index, who = people[-1]
        if seat is not None and who != seat:
            return "other", None
        # (every decision after the people's last is a machine's)
        if not all(self.decider.silent[index + 1 :]):
            return "machine", None
        if self.pending is not None and self.pending.seat != who:
            return "asked", None
        fresh = TacticsSession(self.records, self.setup, self.labels[:index])
        if fresh.game.rng.getstate() != self.game.rng.getstate():
            return "rolled", None
        if revealed(fresh.game, self.game, who):
            return "seen", None
        return None, fresh

    def undo(self, seat: int | None = None) -> bool:
        """Go back to when the people's last decision was asked: the game replayed from its set-up with every label
        before it (the same state: a game is its decisions). A player takes back only what revealed nothing: False
        (and :attr:`refused` says why, one of :data:`UNDO_REFUSALS`) when nothing was decided yet; when (``seat``
        given) that last decision was another person's (``other``); when a machine's seat has decided since it
        and its seat may have seen the result (``machine``; a machine's pass that showed nothing, :data:`UNSEEN`,
        does not count: refusing would tell the person the machine was asked, that is, held a response; replayed,
        the machine passes again, as its player is replayed too);
        when another seat is asked a decision since it (the pending one is not ``seat``'s, so taking it back would
        tell whether the other had an answer: ``asked``);
        when the game's dice were rolled or its cards shuffled since (its random generator used: ``rolled``); when
        the deciding seat has seen since a card or unit it could not see then (a card drawn, a unit exposed, a card
        the other side played: ``seen``)."""
        self.refused, fresh = self._taken_back(seat)
        if fresh is None:
            return False
        self.script, self.game, self.decider, self.stepper = fresh.script, fresh.game, fresh.decider, fresh.stepper
        return True

    # -- saving

    def to_json(self, sealed: bool = False) -> dict[str, Any]:
        """The game as it is saved: its set-up, every decision's label, its ``cards`` (the fingerprint of the cards it
        is played with: :func:`toolkit.filekinds.card_prints`) and (resigned) ``status`` ``resigned`` and
        ``resigned_by``. ``sealed``: for a file the person keeps, each decision of a machine's seat is sealed
        (:func:`seal`), and the squad and deck of each seat of ``made_up`` (and then the fingerprint, which names
        their cards)."""
        labels = self.labels
        if sealed:
            seed, players = self.setup.seed, self.setup.players
            labels = [seal(label, seed, f"decision:{i}") if players[seat - 1] != HUMAN else label
                      for i, (label, seat) in enumerate(zip(labels, self.decider.asked, strict=True))]  # fmt: skip
        setup = self.setup.to_json(sorted(self.made_up) if sealed else ())
        out: dict[str, Any] = {"game": "tactics", "setup": setup, "decisions": labels, "hidden": HIDDEN_NAMES}
        from toolkit.filekinds import card_prints  # (its cards' fingerprint: a card changed since is told on loading)

        prints = card_prints(self.records, self.setup.to_json())
        out["cards"] = seal(json.dumps(prints), self.setup.seed, "cards") if sealed and self.made_up else prints
        if self.resigned is not None:
            out.update(status="resigned", resigned_by=self.resigned)
        return out

    @classmethod
    def from_json(cls, records: Iterable[Any], data: dict[str, Any]) -> TacticsSession:
        if not isinstance(data, dict) or data.get("game") != "tactics":
            wrong = tr("{field}: {problem}", field="/game", problem=tr("expected {value}", value="'tactics'"))
            raise EngineError(tr("not a saved tactics game: {reason}", reason=wrong))
        if not _texts(data.get("decisions")):
            raise EngineError(tr("{field}: {problem}", field="/decisions", problem=tr("expected a list of strings")))
        setup = TacticsSetup.from_json(data.get("setup"))
        labels = []
        for i, x in enumerate(data["decisions"]):
            label = _opened(x, setup.seed, f"decision:{i}") if x.startswith(SEALED) else x
            if label is None:  # (not a misfit blamed on the rules: the file was changed)
                raise seal_mismatch(f"/decisions/{i}")
            labels.append(label)
        if data.get("hidden") != HIDDEN_NAMES:  # saved when a hidden unit went by its uid: by its alias now
            labels = [_HIDDEN_UID.sub(lambda m: f"hidden#{hidden_alias(setup.seed, int(m[1]))}", x) for x in labels]
        session = cls(list(records), setup, labels, made_up=_sealed_seats(data.get("setup")))
        if data.get("status") == "resigned":  # (a game resigned: over, lost by that seat)
            by, seats = data.get("resigned_by"), range(1, len(setup.players) + 1)
            if not _whole(by) or by not in seats:
                raise EngineError(tr("{field}: {problem}", field="/resigned_by", problem=tr(
                    "expected one of {choices}", choices=tr(", ").join(map(str, seats)))))  # fmt: skip
            session.resigned = by
        return session


class SavedMisfit(EngineError):
    """A saved game's decisions stop fitting the game: a saved label that is no option of its decision (a file
    changed by hand, or saved before a change to the rules)."""


UNSEEN = frozenset({"respond", "special"})
"""The kinds of decision whose answer none (passing: no response, no special ability) shows the other seats nothing:
nothing is logged, nothing changes, and only a seat with something to use is asked (:meth:`TacticsSession.undo`)."""


class _Replaying(DecisionDecider):
    """The decider of a session: a saved label that is no option of its decision is refused by the decision's seat
    and kind only (``decision 6 (P2, mulligan): 'zzz' is not an option``), never with its prompt and options, which
    may be another seat's secrets (the machine's hand); the label itself only when it is a person's (a machine's
    decision is sealed in the person's file: :meth:`sealed`, ``the sealed decision is not an option``). ``silent``: per decision taken, whether it was a pass that
    showed the other seats nothing (:data:`UNSEEN`)."""

    def __init__(self, players: Mapping[int, Decider | None], script: Sequence[str] = ()) -> None:
        super().__init__(players, script)
        self.silent: list[bool] = []

    def _decide(self, player: int, prompt: str, values: Sequence[Any], proposal: Callable[[], Any] | None,
                follow: Callable[[Any], None] | None = None) -> Any:  # fmt: skip
        number = len(self.taken)
        try:
            value = super()._decide(player, prompt, values, proposal, follow)
            self.silent.append(value is None and kind_of(prompt) in UNSEEN)
            return value
        except EngineError:
            if self.game is None or number >= len(self.script) or len(self.taken) != number:
                raise
            seat = self._seat(player)
            decision = decision_for(self.game, seat, prompt, values, number)
            try:
                decision.find(self.script[number], self.prompt_names)
            except EngineError:
                kind = worded(Term("decision", decision.kind))
                if kind == decision.kind:  # (a kind the log's vocabulary has no word for: its code as words)
                    kind = kind.replace("_", " ")
                side = tr("P{seat}", seat=seat)
                if self.sealed(seat):  # (its label names what that seat keeps hidden: a card of its hand)
                    raise SavedMisfit(tr("decision {number} ({side}, {kind}): the sealed decision is not an option",
                                         number=number + 1, side=side, kind=kind)) from None  # fmt: skip
                raise SavedMisfit(tr("decision {number} ({side}, {kind}): {label} is not an option",
                                     number=number + 1, side=side, kind=kind,
                                     label=repr(self.script[number]))) from None  # fmt: skip
            raise

    def sealed(self, seat: int) -> bool:
        """Whether a decision of ``seat`` is sealed in a person's saved file (:meth:`TacticsSession.to_json`): the
        game has a person's seat, and ``seat`` is a machine's."""
        people = [s for s, player in self.players.items() if player is None]
        return bool(people) and seat not in people


UNDO_REFUSALS = {
    "nothing": N_("nothing to undo"),
    "other": N_("the other player has decided since your last decision, so it cannot be undone"),
    "machine": N_("the machine has played since your last decision, so it cannot be undone"),
    "asked": N_("the other player has been asked to decide since your last decision, so it cannot be undone"),
    "rolled": N_("dice were rolled or cards shuffled since your last decision, so it cannot be undone"),
    "seen": N_("you have seen new cards or units since your last decision, so it cannot be undone"),
}
"""Why :meth:`TacticsSession.undo` refused (its ``refused``), as a person is told (through ``tr``)."""
_SHOWN_UID = re.compile(r"(?<!hidden)#(\d+)(?!\d)")  # a card or unit named in a view by its uid (not an alias)


def _uids(value: Any, out: set[int]) -> set[int]:
    """The uids of the cards and units ``value`` (a view, or a part of it) names: every ``name#uid`` in its
    strings."""
    for node in shown_nodes(value):
        if isinstance(node, str):
            out.update(int(x) for x in _SHOWN_UID.findall(node))
    return out


def revealed(before: TacticsGame, after: TacticsGame, seat: int) -> bool:
    """Whether ``seat`` sees in ``after`` a card or unit it could not see in ``before`` (the same game, earlier),
    though it was already in the game then: a card drawn, a unit exposed, a card another seat played or discarded.
    (What was made since, a token or a status, reveals nothing that was there.)"""
    made = before._uid  # the uids handed out by then
    new = _uids(view(after, seat), set()) - _uids(view(before, seat), set())
    return any(uid <= made for uid in new)


HIDDEN_NAMES = "alias"
"""How a saved game's labels name a unit hidden from the seat deciding: ``hidden#N``, N its alias
(:func:`~.state.hidden_alias`). Games saved before (no ``hidden`` field) named it by its uid; they are read with
each such label turned into the alias."""
_HIDDEN_UID = re.compile(r"\bhidden#(\d+)")


def own_number(game: TacticsGame, decision: Decision) -> int:
    """``decision``'s number as its seat is shown it and sends it back (a page, ``/api/play/ID``, the terminal): its
    place among that seat's own decisions (its 1st, 2nd…), never the game's count of every seat's
    (``decision.number``, kept for the record): a jump in that count would tell the seat another was asked something
    it cannot see (whether to respond, asked only of a seat that holds a response)."""
    asked = getattr(game.decider, "asked", None)  # the seat of each decision taken (a session's DecisionDecider)
    if not isinstance(asked, list):
        return decision.number + 1
    return 1 + asked[: decision.number].count(decision.seat)


def _asked(game: TacticsGame, seat: int, pending: Decision | None) -> dict[str, Any] | None:
    """The pending decision as ``seat`` is shown it (None when it is another seat's): numbered among its own."""
    if pending is None or pending.seat != seat:
        return None
    return {**pending.to_json(), "number": own_number(game, pending)}


def _card(card: Card) -> dict[str, Any]:
    return {"label": f"{card.id}#{card.uid}", "id": card.id, "name": card.name, "tapped": card.tapped}


def view(game: TacticsGame, seat: int, pending: Decision | None = None, over: bool = False) -> dict[str, Any]:
    """What ``seat`` may see: the map's units (a unit hidden from it as ``hidden#N``, its alias, with its cell and the
    equipment and statuses on it only, cards played face up), its own
    hand and standby agents, the other players' counts and public piles (every player's discard pile, its own too),
    the matrix shop's size (``shop``: its count only, never its cards or their order; None in a mode without the
    shop), the log it may see (masked), and its pending decision, and what each of its units may do from where it
    stands (:func:`.prospects.prospects`: moves, attacks with hit chance and cover). Nothing another seat keeps hidden is in it: not the seed either, while the
    game goes on (the set-up's entry without it: the seed rebuilds the deal, every hand, deck order, hidden obstacle
    and alias); once the game is over (``over``: ended otherwise, as by a resignation), the set-up's entry has it. The
    decision's ``number`` counts the seat's own decisions only (:func:`own_number`)."""
    over = over or game.winners is not None
    table = masks(game, seat)
    units: list[dict[str, Any]] = []
    for unit in game.units():
        if unit.pos is None:
            continue
        if hidden_from(unit, seat):  # (its cell, and the cards on it, played face up: nothing of the unit itself)
            units.append({"label": f"hidden#{unit.alias}", "seat": unit.seat, "kind": "hidden", "pos": list(unit.pos),
                          "hidden": True, "equipment": [_card(c) for c in unit.equipment],
                          "statuses": [_card(c) for c in unit.statuses]})  # fmt: skip
            continue
        units.append({
            "label": f"{unit.id}#{unit.uid}", "id": unit.id, "name": unit.name, "seat": unit.seat, "kind": unit.kind,
            "pos": list(unit.pos), "facing": unit.facing, "hp": unit.hp, "max_hp": game.max_hp(unit),
            "temp_hp": unit.temp_hp, "shield": unit.shield, "tapped": unit.tapped, "hidden": unit.hidden,
            "equipment": [_card(c) for c in unit.equipment], "statuses": [_card(c) for c in unit.statuses],
        })  # fmt: skip
    players = []
    for player in game.players:
        own = player.seat == seat
        entry: dict[str, Any] = {
            "seat": player.seat, "score": player.score, "out": player.out, "hand": len(player.hand),
            "deck": len(player.deck), "mortgage": len(player.mortgage), "discard": [_card(c) for c in player.discard],
            "standby": len(player.standby),
        }  # fmt: skip
        if own:
            entry["hand_cards"] = [_card(c) for c in player.hand]
            entry["mortgage_cards"] = [_card(c) for c in player.mortgage]
            entry["standby_agents"] = [{"label": f"{u.id}#{u.uid}", "id": u.id, "name": u.name} for u in player.standby]
        players.append(entry)
    log = []
    for event in game.log.seen_by(seat):
        data = dict(event.data)
        if event.player not in (None, seat):
            if event.kind == "deck" and game.mode.hidden_agents:
                data.pop("squad", None)  # the other squads are face down on their boards (§2.2)
            if event.kind == "buy":
                data.pop("card", None)  # a card bought goes to its buyer's hand unseen
        if event.kind == "setup" and not over:
            data.pop("seed", None)
        masked = mask_data(data, game, seat, table, seq=event.seq)
        log.append({"seq": event.seq, "event": event.kind, "player": event.player, **masked})
    return {
        "seat": seat,
        "round": game.round,
        "active": game.active,
        "map": game.board.map_id,
        "units": units,
        "players": players,
        "shop": len(game.shop) if game.mode.matrix_shop else None,
        "result": game.result() if game.winners is not None else None,
        "log": log,
        "decision": _asked(game, seat, pending),
        "prospects": prospects(game, seat) if game.winners is None else [],
    }
