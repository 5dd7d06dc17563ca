"""The pieces of a Netrunner game on the table: cards, servers, players, the run in progress.

Plain data with no rules: the game (:mod:`.game`) and its parts change them. A card
carries everything the rules put on it: rezzed or not, face up in Archives or not,
counters of every kind (``advancement``, ``virus``, ``power``, ``agenda``), hosted
credits, recurring credits, the icebreaker boosts of the current encounter, and the
cards it hosts.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any, Literal

from toolkit.text import ast as A
from toolkit.text.render import render

Side = Literal["corp", "runner"]
SIDES: tuple[Side, Side] = ("corp", "runner")
SEATS: dict[str, int] = {"corp": 1, "runner": 2}  # the corp takes the first turn
SIDE_OF_SEAT: dict[int, Side] = {1: "corp", 2: "runner"}
CENTRALS = ("hq", "rnd", "archives")
ZONE_SIDES: dict[str, Side] = {
    "rnd": "corp",
    "hq": "corp",
    "archives": "corp",
    "stack": "runner",
    "grip": "runner",
    "heap": "runner",
}
INSTALLABLE = {"ice", "asset", "upgrade", "agenda", "program", "hardware", "resource"}
AN_TYPES = frozenset({"ice", "asset", "upgrade", "agenda", "operation", "event", "identity"})
"""The card types whose English word begins with a vowel sound: "an ice", "an asset" (never "a ice")."""


def a_or_an(card_type: str, a: str, an: str) -> str:
    """The message (``a``, or ``an`` for a type of :data:`AN_TYPES`) whose ``{type}`` is ``card_type``: its article
    fits the English word (both read the same in Chinese)."""
    return an if card_type in AN_TYPES else a
COUNTER_KINDS = ("advancement", "virus", "power", "agenda")


_MARKUP = re.compile(r"</?[a-z]+>")


def ability_text(card: Any, ability: A.Ability) -> str:
    """An ability of ``card`` for people (menus, the terminal, the log): its ability text (zh-Hans, put in the
    reader's language when shown); a part a card script carries out (no ability text of its own) as the card's
    printed paragraph, in the current language (English where there is no translation), not a stand-in."""
    paragraphs = {n.paragraph for s in ability.sentences for n in s.effects if isinstance(n, A.Scripted)}
    whole = all(isinstance(n, A.Scripted) for s in ability.sentences for n in s.effects)
    printed = getattr(getattr(card, "record", None), "printed_text", None)
    if printed is not None and whole and len(paragraphs) == 1:
        (index,) = paragraphs
        from toolkit.i18n import current_lang

        lang = current_lang()
        for tag in (lang, "en"):
            texts = list(getattr(printed, tag.replace("-", "_").lower(), None) or (printed.model_extra or {}).get(tag)
                         or [])  # fmt: skip
            if 0 <= index < len(texts):
                return " ".join(_MARKUP.sub("", texts[index]).split())
    return render(ability)


def other(side: Side) -> Side:
    return "runner" if side == "corp" else "corp"


@dataclass(eq=False)
class Card:
    """One physical card (or an identity) in the game."""

    uid: int
    id: str
    name: str
    side: Side
    record: Any
    rezzed: bool = False
    faceup: bool = False  # in Archives: face up (both players see it) or face down (the corp only)
    counters: dict[str, int] = field(default_factory=dict)
    credits: int = 0  # credits placed on the card (在本牌上放置 X[credit])
    recurring: int = 0  # recurring credits left this turn (RULINGS N10)
    strength_bonus: int = 0  # an icebreaker's boosts for the current encounter
    host: Card | None = None
    hosted: list[Card] = field(default_factory=list)
    notes: dict[str, Any] = field(default_factory=dict)  # a card script's own memory (cleared when it leaves play)
    last_known: dict[str, Any] = field(default_factory=dict)  # as it was when it last left play (rezzed, counters…)
    gained_subtypes: list[str] = field(default_factory=list)  # subtypes a card's text gave it (lost leaving play)
    # while face down to the runner: where it went face down ("installed" or "archives") and the uid the runner sees
    # it by there, new each time it goes out of the runner's sight (NetrunnerGame.hide); None once it left play
    hidden: tuple[str, int] | None = None

    @property
    def type(self) -> str:
        return str(getattr(self.record, "type", "identity"))

    @property
    def ref(self) -> str:
        """The card's stable handle in decision labels: ``id#uid``."""
        return f"{self.id}#{self.uid}"

    @property
    def advancement(self) -> int:
        return self.counters.get("advancement", 0)

    @advancement.setter
    def advancement(self, value: int) -> None:
        if value:
            self.counters["advancement"] = value
        else:
            self.counters.pop("advancement", None)

    @property
    def subtypes(self) -> tuple[str, ...]:
        printed = tuple(getattr(self.record, "subtypes", ()) or ())
        return printed + tuple(s for s in self.gained_subtypes if s not in printed) if self.gained_subtypes else printed

    def leave_play(self) -> None:
        """What a card loses when it leaves play: rez state, counters, credits, boosts (N9). What it had is kept
        in ``last_known`` (an ability whose cost trashed the card still counts what was on it)."""
        self.last_known = {"rezzed": self.rezzed, "counters": dict(self.counters), "credits": self.credits}
        self.gained_subtypes.clear()
        self.rezzed = False
        self.counters.clear()
        self.credits = self.recurring = self.strength_bonus = 0
        self.notes.clear()
        self.hidden = None
        if self.host is not None and self in self.host.hosted:
            self.host.hosted.remove(self)
        self.host = None

    def __str__(self) -> str:
        return f"{self.name}#{self.uid}"

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        """A copy for a copy of the game (:meth:`~.game.NetrunnerGame.clone`), field by field (several times faster
        than the generic copy, and cards are most of a game): the record is shared, what the card holds copied."""
        new = Card(self.uid, self.id, self.name, self.side, self.record, self.rezzed, self.faceup, dict(self.counters),
                   self.credits, self.recurring, self.strength_bonus)  # fmt: skip
        memo[id(self)] = new
        if self.host is not None:
            new.host = copy.deepcopy(self.host, memo)
        if self.hosted:
            new.hosted = [copy.deepcopy(c, memo) for c in self.hosted]
        if self.notes:
            new.notes = copy.deepcopy(self.notes, memo)
        if self.last_known:
            new.last_known = copy.deepcopy(self.last_known, memo)
        if self.gained_subtypes:
            new.gained_subtypes = list(self.gained_subtypes)
        new.hidden = self.hidden
        return new


@dataclass
class Server:
    """A corp server: ice protecting it (innermost first) and the cards in its root."""

    name: str
    ice: list[Card] = field(default_factory=list)
    root: list[Card] = field(default_factory=list)

    @property
    def remote(self) -> bool:
        return self.name not in CENTRALS


@dataclass
class Player:
    """One side. ``deck``/``hand``/``discard`` are R&D/HQ/Archives (corp) or stack/grip/heap (runner)."""

    side: Side
    identity: Card
    deck: list[Card] = field(default_factory=list)  # top = last
    hand: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    score_area: list[Card] = field(default_factory=list)
    rig: list[Card] = field(default_factory=list)  # runner: installed programs, hardware, resources (hosted too)
    credits: int = 0
    clicks: int = 0
    tags: int = 0
    bad_publicity: int = 0
    brain_damage: int = 0
    extra: dict[str, int] = field(default_factory=dict)  # limits changed by text outside any card

    @property
    def seat(self) -> int:
        return SEATS[self.side]


@dataclass
class Sub:
    """One subroutine of the ice being encountered."""

    index: int
    ability: A.Ability
    broken: bool = False

    def __str__(self) -> str:
        return f"subroutine {self.index}: {render(self.ability)}"


@dataclass
class Encounter:
    ice: Card
    subs: list[Sub]
    bypassed: bool = False  # a card let the runner bypass the ice mid-encounter: no more breaks, no subroutine fires


@dataclass
class RunState:
    """The run in progress: where it is (N5) and what it has gathered."""

    server: str
    step: str = "initiation"  # initiation, approach, encounter, movement, success, access, over
    position: int = 0  # ice left to pass (the next ice approached is ice[position - 1])
    successful: bool = False
    ended: bool = False
    jacked_out: bool = False
    extra_access: int = 0
    bypass_next: bool = False  # the ice approached now is bypassed: passed without an encounter
    instead_of_breach: Any = None  # a card's effect replacing the breach of a successful run (fn(), no access)
    redirect: str | None = None  # a successful run counts as one on this server instead (Runs.make_run)
    moved: bool = False  # a card moved the run to another server during this approach or encounter
    bad_pub_credits: int = 0
    encounter: Encounter | None = None


@dataclass
class Context:
    """Who executes an ability (``你``), on which card, during which run and encounter; what it rolled."""

    side: Side
    card: Card | None = None
    run: RunState | None = None
    owns_run: bool = False
    encounter: Encounter | None = None
    trace: bool | None = None  # the last trace of this ability: successful?
    psi_equal: bool | None = None  # the last psi game of this ability: equal bids?
    event: dict[str, Any] | None = None  # what fired a triggered ability (a card script's x.event)
