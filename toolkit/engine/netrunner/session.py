"""A Netrunner game played a decision at a time by a person on one side against the machine on the other, or by two
people (:data:`PERSON`), for a page that keeps nothing between requests (``/play`` in the web app).

The game is its saved record (:mod:`.saved`: seed, format, decks, turns, every decision's label) plus who plays
the other side. :class:`NetrunnerSession` replays the record and stops at the person's first decision the record
does not answer (``pending``); ``apply(label)`` answers it and the game goes on to the next one; ``undo`` replays all
but the person's last decision and what followed it. In a game of two people both sides stop for a person, each
seeing only its side (``view(seat=…)``), and no side's wait tells the other more than the table shows
(:attr:`~.game.NetrunnerGame.people`: the corp is asked at every rez window, the runner at each window where one of
its cards might offer something for a reason the corp cannot see, and a card's optional pick among cards the other
side cannot see asks even when there are none: "done" then the only option). :func:`example_decks` gives each identity's deck as the engine builds it, for a player without a
saved deck.
"""

from __future__ import annotations

import contextlib
import dataclasses
import random
import re
from typing import Any

from toolkit.i18n import tr
from toolkit.i18n.words import N_
from toolkit.models.deck import Deck

from ..core import EngineError, search_think
from ..decisions import Decision, Option, Stepper, shown_nodes
from ..phrase import Phrase
from ..tactics.session import UNDO_REFUSALS as TACTICS_REFUSALS
from .game import NetrunnerGame
from .players import make_policy
from .saved import FORMAT, game_record, opened, replay_game, sealed_decisions
from .state import SEATS

SIDES = ("corp", "runner")
UNDO_REFUSALS = {
    **TACTICS_REFUSALS,
    "seen": N_("you have seen new cards since your last decision, so it cannot be undone"),  # (no units here)
    "bid": N_("the other side's secret bid has been revealed since your last decision, so it cannot be undone"),
}
"""Why :meth:`NetrunnerSession.undo` refused (its ``refused``), as a person is told (through ``tr``): the tactics
session's keys and words (``seen`` in Netrunner's own: cards, not units), and ``bid``: a psi game's bids were
revealed since (N7)."""
SECRET_REVEALS = ("psi",)
"""The log's entries that reveal what a side chose in secret (N7: both psi bids, revealed together). A trace hides
nothing (N6: the corp pays first, and the runner is told the trace strength before it pays)."""
MACHINES = ("search:1", "heuristic", "random")  # the machine's players, the strongest first
PERSON = "person"  # the other side is a person too (the session's ``machine``): a game of two people


def is_machine(name: str) -> bool:
    """Whether ``name`` is a player of the machine a session plays: one of :data:`MACHINES`, or a player that looks
    ahead thinking as long as ``dossier play --think`` lets it (``search``: 1 s; ``search:SECONDS``, more than 0 and
    at most 60: :func:`~toolkit.engine.core.search_think`)."""
    if name in MACHINES:
        return True
    try:
        return search_think(name) is not None
    except EngineError:
        return False


def example_deck(records: list[Any], identity_id: str, fmt: str = "standard") -> Deck:
    """The deck the engine builds for ``identity_id`` (its faction's and neutral cards at the minimum size)."""
    game = NetrunnerGame(records, fmt=fmt, opening_hand=False)
    identity = game.by_id.get(("identity", identity_id))
    if identity is None:
        known = sorted(r.id for r in game.records if r.kind == "identity")
        raise EngineError(tr("unknown netrunner identity {id}; identities: {ids}", id=repr(identity_id),
                             ids=", ".join(known)))  # fmt: skip
    cards: dict[str, int] = {}
    for card in game.example_deck(identity):
        cards[card] = cards.get(card, 0) + 1
    return Deck(game="netrunner", mode=fmt, name=str(identity.name.en or identity.name.zh_hans), identity=identity.id,
                cards=cards)  # fmt: skip


def identities(records: list[Any], side: str) -> list[Any]:
    return sorted((r for r in records if getattr(r, "game", None) == "netrunner" and r.kind == "identity"
                   and r.side == side), key=lambda r: r.id)  # fmt: skip


def new_record(records: list[Any], mine: Deck, side: str, seed: int, turns: int = 100, theirs: Deck | None = None,
               people: bool = False) -> dict[str, Any]:  # fmt: skip
    """A new game's record: ``mine`` on ``side``, the other side ``theirs`` (by default an identity drawn by ``seed``
    with its example deck); ``people``: a game of two people (the record says so, ``people``, so that it replays
    with the windows it was played with: :attr:`~.game.NetrunnerGame.people`)."""
    other = "runner" if side == "corp" else "corp"
    if theirs is None:
        choices = identities(records, other)
        if not choices:
            raise EngineError(tr("no {side} identity in the data", side=other))
        theirs = example_deck(records, random.Random(seed).choice(choices).id, mine.mode)
    game = NetrunnerGame(records, seed=seed, decks={side: mine, other: theirs}, fmt=mine.mode)
    record = game_record(game, {side: mine, other: theirs}, turns)
    if not people:
        return record
    return {**record, "people": True}


class _Stop(Exception):
    """The record ran out: the game was stopped there."""


class NetrunnerSession:
    """One game: ``record`` (the saved game) replayed with a person on ``side`` and ``machine`` on the other (a
    person too: :data:`PERSON`; ``side`` is then the side of the person who started the game). ``machine`` is made
    by its name (:func:`is_machine`), so a player that looks ahead thinks its own time (``search:2``) from its first
    move, those it makes before the person's first decision too."""

    def __init__(self, records: list[Any], record: dict[str, Any], side: str, machine: str) -> None:
        if side not in SIDES or not (machine == PERSON or is_machine(machine)) or record.get("format") != FORMAT:
            raise EngineError(tr("not a game against the machine: {reason}", reason=f"{side}, {machine}"))
        record = opened(record)  # (a person's saved file: the other side's decisions sealed)
        self.records, self.record, self.side, self.machine = records, record, side, machine
        self.people = machine == PERSON  # both sides are people's
        self.refused: str | None = None  # why the last undo was refused (a key of UNDO_REFUSALS)
        self.seat = SEATS[side]
        other = "runner" if side == "corp" else "corp"
        player = None if self.people else make_policy(machine, other, int(record["seed"]))
        self.game = replay_game(records, record, {side: None, other: player})
        self.game.people = self.people  # (before the game is played: the windows it asks are the record's)
        self.decks = {s: Deck.model_validate(d) for s, d in record["decks"].items()}
        self.stepper = Stepper(self.game, lambda: self.game.play_game(max_turns=int(record.get("turns", 100)))).start()
        if self.game.replay and self.stepper.pending is not None:
            raise EngineError(tr("the saved decisions stop fitting the game at decision {n}",
                                 n=len(self.game.decisions) + 1))  # fmt: skip

    @property
    def pending(self) -> Decision | None:
        return self.stepper.pending

    @property
    def labels(self) -> list[str]:
        return [str(d["label"]) for d in self.game.decisions]

    def apply(self, label: str) -> Option:
        """Answer the pending decision; a label that is none of its options is refused naming the decision by its
        number as the person is shown it (:meth:`own_number`)."""
        pending = self.pending
        if pending is not None:
            names, terms = getattr(self.game, "prompt_names", None), getattr(self.game, "prompt_term", None)
            dataclasses.replace(pending, number=self.own_number(pending) - 1).find(label, names, terms)
        return self.stepper.apply(label)

    def own_number(self, decision: Decision) -> int:
        """``decision``'s number as its side is shown it and sends it back (the page, ``/api/play/ID``): its place
        among that side's own decisions (its 1st, 2nd…), never the game's count of both sides' (``decision.number``,
        kept for the record): a jump in that count would tell the side the other was asked something it cannot see
        (the corp is offered a rez only when it can pay for one)."""
        return 1 + sum(1 for d in self.game.decisions[: decision.number] if d["seat"] == decision.seat)

    def saved(self, sealed: bool = False) -> dict[str, Any]:
        """The saved record of the game so far (the format :mod:`.saved` reads: ``dossier play --load`` goes on).
        ``sealed``: for a file the person keeps, the decisions of the other side (the machine's, or the other
        person's) sealed (:func:`~.saved.sealed_decisions`); the person's own stay as they are."""
        labels = self.labels
        if sealed:
            seats = [int(d["seat"]) for d in self.game.decisions]
            labels = sealed_decisions(labels, seats, int(self.record["seed"]), self.seat)
        return {**self.record, "decisions": labels}

    def to_json(self) -> dict[str, Any]:
        """The game as kept: the saved record, the person's side and the machine's player."""
        return {"game": "netrunner", "side": self.side, "machine": self.machine, "record": self.saved()}

    @classmethod
    def from_json(cls, records: list[Any], data: dict[str, Any]) -> NetrunnerSession:
        if not isinstance(data, dict) or data.get("game") != "netrunner" or not isinstance(data.get("record"), dict):
            raise EngineError(tr("not a saved netrunner game against the machine: {reason}", reason="game, record"))
        return cls(records, data["record"], str(data.get("side")), str(data.get("machine")))

    def result(self) -> dict[str, Any]:
        return self.game.result()

    def undo(self, seat: int | None = None) -> bool:
        """Replay all but the person's last decision (the same state: a game is its decisions). The person takes back
        only what revealed nothing: False (and :attr:`refused` says why, a key of :data:`UNDO_REFUSALS`, as the
        tactics session says it) when the person has not decided yet or ``seat`` is not the person's (``nothing``);
        when the machine has decided since (``machine``: a pass of the machine corp's window between the runner's
        actions shows nothing and does not count, a pass inside a run does, :func:`_passed_between_actions`); when
        the game's random generator was used since (a shuffle, a card trashed at random: ``rolled``); when the other
        side's secret bid was revealed since (a psi game the decision bid in, or led to: ``bid``, N7); when the
        person's side has seen since a card it could not see then (a card drawn, accessed, looked at or revealed, the
        other side's card rezzed or played: ``seen``).
        In a game of two people, ``seat``'s (default: the side that decided last) last decision, and only while the
        other has not been asked since: not when the other has decided since (``other``), nor while the pending
        decision is the other's (``asked``: taking it back would tell whether the other had something to do)."""
        self.refused, fresh = self._weigh(seat)
        if fresh is None:
            return False
        self.game, self.stepper = fresh.game, fresh.stepper
        return True

    def undo_refusal(self, seat: int | None = None) -> str | None:
        """Why :meth:`undo` (of ``seat``) would be refused now, a key of :data:`UNDO_REFUSALS`; None when it would
        take the decision back. Nothing is undone: the web's game page asks this, so that it offers only an undo
        that is taken (as the tactics session's :meth:`~toolkit.engine.tactics.session.TacticsSession.undo_refusal`)."""
        return self._weigh(seat)[0]

    def _weigh(self, seat: int | None) -> tuple[str | None, NetrunnerSession | None]:
        """:meth:`undo`'s weighing: why it is refused (and None), or None and the session replayed to before the
        decision taken back."""
        if self.people:
            return self._weigh_person(seat)
        mine = [i for i, d in enumerate(self.game.decisions) if d["seat"] == self.seat]
        if not mine or (seat is not None and seat != self.seat):
            return "nothing", None
        # (every decision after the person's last is the machine's; a window the machine corp passed between the
        # runner's actions changes nothing, and refusing for it would tell the runner the corp could rez something.
        # A pass inside a run tells the runner the corp would not rez what it met: taken back, it would run again
        # knowing that)
        if not all(_passed_between_actions(d) for d in self.game.decisions[mine[-1] + 1 :]):
            return "machine", None
        return self._fresh(mine[-1], self.seat)

    def _weigh_person(self, seat: int | None) -> tuple[str | None, NetrunnerSession | None]:
        """:meth:`_weigh` in a game of two people."""
        decisions = self.game.decisions
        if seat is None and decisions:
            seat = int(decisions[-1]["seat"])
        mine = [i for i, d in enumerate(decisions) if d["seat"] == seat]
        if not mine:
            return "nothing", None
        if len(decisions) > mine[-1] + 1:  # (every decision after it is the other person's)
            return "other", None
        if self.pending is not None and self.pending.seat != seat:
            return "asked", None
        return self._fresh(mine[-1], int(seat or 0))

    def _fresh(self, index: int, seat: int) -> tuple[str | None, NetrunnerSession | None]:
        """The game replayed without decision ``index`` and what followed it, unless that replay would differ
        from what ``seat`` lived through in what it cannot see: the random generator used since (``rolled``), the
        other side's secret bid revealed since (``bid``: a psi game's, :data:`SECRET_REVEALS`), or a card it could not
        see then seen since (``seen``)."""
        fresh = NetrunnerSession(self.records, {**self.record, "decisions": self.labels[:index]}, self.side,
                                 self.machine)  # fmt: skip
        if fresh.game.rng.getstate() != self.game.rng.getstate():
            return "rolled", None
        if _secrets_revealed(self.game, seat) > _secrets_revealed(fresh.game, seat):
            return "bid", None
        if revealed(fresh.game, self.game, seat):
            return "seen", None
        return None, fresh

    def frames(self) -> list[dict[str, Any]]:
        """The game's replay frames (:mod:`.replay`: one before each decision, every side's cards), played again
        from the record; a game stopped before its end (resigned) ends where it stopped."""
        from .replay import record

        labels = iter(self.labels)

        class Script:
            def decide(self, game: NetrunnerGame, decision: Decision) -> str:
                try:
                    label = next(labels)
                except StopIteration:
                    raise _Stop from None
                older = game.older_handle(decision, label)  # a record saved before named a corp card by its uid
                return older.label if older is not None else label

        decks = {s: Deck.model_validate(d) for s, d in self.record["decks"].items()}
        game = NetrunnerGame(self.records, seed=int(self.record["seed"]), decks=decks,
                             fmt=self.record.get("netrunner_format", "standard"),
                             policies={"corp": Script(), "runner": Script()})  # fmt: skip
        game.people = self.people  # (the windows the record answers)
        recorder = record(game, lambda e: e)
        with contextlib.suppress(_Stop):
            game.play_game(max_turns=int(self.record.get("turns", 100)))
        recorder.snap(tr("end"))
        return recorder.frames

    def view(self, over: bool = False, seat: int | None = None) -> dict[str, Any]:
        """What the person's side (``seat``'s, in a game of two people) may see, with its pending decision (its
        ``number``: :meth:`own_number`); the log's set-up entry without the seed while the game goes on (it gives the
        deal away: every hand and the order of R&D and the stack), with it once the game is over (``over``: ended
        otherwise, as by a resignation)."""
        seat = self.seat if seat is None else seat
        seen = self.game.view(seat)
        pending = self.pending
        seen["decision"] = None
        if pending is not None and pending.seat == seat:  # numbered among the side's own decisions
            seen["decision"] = {**pending.to_json(), "number": self.own_number(pending)}
        seen["log"] = [e.to_json() for e in self.game.seen_log(seat, over=over)]
        return seen


def _passed_between_actions(decision: dict[str, Any]) -> bool:
    """Whether the machine's ``decision`` is the corp passing its window outside a run (between the runner's
    actions, as a turn ends or begins: :meth:`~.game.NetrunnerGame.rez_window`), which shows the person nothing:
    the one machine decision an undo may take back. A pass inside a run (``run``: the corp would not rez the ice
    the runner met), and any other decision of the machine, revealed something."""
    corp_pass = decision["seat"] == SEATS["corp"] and decision["kind"] == "rez" and decision["label"] == "done"
    return corp_pass and not decision.get("run")


def _secrets_revealed(game: NetrunnerGame, seat: int) -> int:
    """How many of the log's entries ``seat`` sees reveal a side's secret choice (:data:`SECRET_REVEALS`)."""
    return sum(1 for e in game.log.seen_by(seat) if e.kind in SECRET_REVEALS)


_CARD_REF = re.compile(r"(.+)#(\d+)")  # a card as a log entry names it: ``name#uid`` (the whole field)


def _cards(value: Any, out: set[tuple[Any, ...]]) -> set[tuple[Any, ...]]:
    """The cards ``value`` (a seat's view of the state, or a log entry's fields) shows whole: each card of the view
    with its id (by the uid that seat sees it by), each field naming a card ``name#uid``."""
    for node in shown_nodes(value):
        if isinstance(node, dict):
            if isinstance(node.get("uid"), int) and node.get("id") is not None:
                out.add(("card", node["id"], node["uid"]))
        elif not isinstance(node, Phrase) and (found := _CARD_REF.fullmatch(node)) is not None:
            out.add(("named", found[1], int(found[2])))
    return out


def _shown(game: NetrunnerGame, seat: int) -> set[tuple[Any, ...]]:
    out = _cards(game.view(seat), set())
    for event in game.log.seen_by(seat):
        _cards(event.data, out)
    return out


def revealed(before: NetrunnerGame, after: NetrunnerGame, seat: int) -> bool:
    """Whether ``seat`` sees in ``after`` a card it could not see in ``before`` (the same game, earlier), though
    the card was in the game then: a card drawn, accessed, looked at or revealed, the other side's card rezzed or
    played. A card is new to it when the seat's view or log shows it whole by a number it did not show it by then
    (the numbers handed out since are new cards, or new handles of cards gone out of sight: nothing revealed; but
    a handle of a card come out of HQ or R&D into the runner's sight is a card seen,
    :meth:`~.game.NetrunnerGame._next_view`), or when a log entry added since names it by its name only (a card of
    R&D or HQ, :meth:`~.game.NetrunnerGame.mask` with the name: that seat knows which card it is, never by a
    number). The corp's handles of runner cards come out of the grip or the stack likewise
    (:meth:`~.game.NetrunnerGame._next_corp_view`)."""
    made = before._uid  # the numbers handed out by then; the handles of cards come out into the seat's sight
    seen = after.corp_view_handles if seat == SEATS["corp"] else after.view_handles
    if any(entry[2] <= made or entry[2] in seen for entry in _shown(after, seat) - _shown(before, seat)):
        return True
    return after.named_only(seat, since=len(before.log))
