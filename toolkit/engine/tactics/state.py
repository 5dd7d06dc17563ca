"""The state of a tactics game: cards, units on the map, players and the context of an ability."""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from toolkit.text import ast as A
from toolkit.text.render import render

Cell = tuple[int, int]


@dataclass(eq=False)
class Card:
    """One physical card in the game."""

    uid: int
    id: str
    name: str
    owner: int
    record: Any
    token: bool = False
    shop: bool = False
    tapped: bool = False
    shield_left: int | None = None  # equipment: shield not yet used up
    face: str = "front"  # reversible cards (§7.4.1): the face played

    def __str__(self) -> str:
        return f"{self.name}#{self.uid}"


@dataclass(frozen=True)
class TimedEffect:
    """A continuous effect on a unit for a while (直到回合结束 / 直到你的下个回合开始), or for good."""

    effect: A.Node  # Modify, Cannot or GainVision; TakeControl: the control ends with it
    until: str | None  # "turn_end", "your_next_turn_start", or None: until the unit leaves play
    seat: int  # whose effect it is ("你的下个回合" is this player's)
    source: tuple[str, int] | None = None  # (record id, ability index) it came from


CONTINUOUS = (A.Modify, A.Cannot, A.GainVision)


@dataclass(eq=False)
class Unit:
    """An agent, minion or obstacle: on the map (``pos``), standing by, or lost."""

    uid: int
    id: str
    name: str
    owner: int  # 0: neutral (obstacles)
    kind: str  # agent | minion | obstacle
    max_hp: int
    hp: int
    record: Any
    shield: int = 0  # own shield (自带护盾值), capped
    temp_hp: int = 0
    tapped: bool = False
    hidden: bool = False
    equipment: list[Card] = field(default_factory=list)
    statuses: list[Card] = field(default_factory=list)
    timed: list[TimedEffect] = field(default_factory=list)
    gone: bool = False
    pos: Cell | None = None
    facing: str | None = None  # n e s w; None for obstacles
    controller: int = -1  # who controls it now (§5.4); -1: the owner
    card: Card | None = None  # the minion card on the player board
    dying: bool = False  # destroyed (消灭时), not yet in the lost zone (消灭后)
    destroyed_by: int | None = None  # the seat whose effect destroyed it
    alias: int = 0  # the number it goes by where it is hidden (``hidden#N``): :func:`hidden_alias`, never its uid
    # the controlling seat (0 for obstacles): :attr:`controller`, kept as a plain attribute (:class:`_Controller`), as
    # it is read more than anything else of a unit (who is hostile to whom)
    seat: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.controller == -1:
            self.controller = self.owner

    def __str__(self) -> str:
        return f"{self.name}#{self.uid}"


class _Controller:
    """:attr:`Unit.controller`, stored as the unit's :attr:`Unit.seat` (one value, two names: setting either sets
    both; reading ``seat`` is an attribute read, not a property's call)."""

    def __get__(self, unit: Unit | None, owner: type | None = None) -> int:
        if unit is None:
            return -1  # (the field's default)
        return unit.seat

    def __set__(self, unit: Unit, value: int) -> None:
        unit.seat = value


setattr(Unit, "controller", _Controller())  # noqa: B010 (after the dataclass made its __init__, which sets it)


ALIASES = 9000  # hidden units go by 1000-9999 (a unit of uid 9000 or more, which no game reaches, by 10000 + uid)


@functools.lru_cache(maxsize=4096)
def hidden_alias(seed: int, uid: int) -> int:
    """The number the unit of ``uid`` goes by for the seats it is hidden from (``hidden#N``) in the game of ``seed``.

    A unit's uid tells the order units were made in (a squad's agents in the order of its list), so naming a face-down
    agent by it would tell which agent it is. The alias is a keyed shuffle of the uids instead: a four-round Feistel
    permutation of 14 bits keyed by the seed, walked until it falls among the :data:`ALIASES` numbers (so two units
    of a game never share one), the same in every replay of the game (its decisions' labels stay the same)."""
    if not 0 <= uid < ALIASES:
        return 10_000 + uid
    key = hashlib.blake2b(str(seed).encode(), digest_size=16, person=b"dossier-hidden").digest()
    x = uid
    while True:
        left, right = x >> 7, x & 0x7F
        for step in range(4):
            mixed = hashlib.blake2b(bytes((step, right)), digest_size=1, key=key).digest()[0] & 0x7F
            left, right = right, left ^ mixed
        x = (left << 7) | right
        if x < ALIASES:
            return 1000 + x


def hidden_from(unit: Unit, seat: int) -> bool:
    """Whether ``seat`` may not know which unit ``unit`` is: it is face down and not that seat's (a hidden scene
    obstacle is hidden from everyone)."""
    return bool(unit.hidden) and (unit.seat == 0 or unit.seat != seat)


def copy_card(card: Card) -> Card:
    """A copy of ``card`` (its record shared): every other field is a plain value."""
    new = object.__new__(Card)
    new.__dict__.update(card.__dict__)
    return new


def copy_unit(unit: Unit, card: Callable[[Card], Card]) -> Unit:
    """A copy of ``unit`` (its record shared), its cards mapped by ``card`` (so each card is copied once)."""
    new = object.__new__(Unit)
    new.__dict__.update(unit.__dict__)
    new.equipment = [card(c) for c in unit.equipment]
    new.statuses = [card(c) for c in unit.statuses]
    new.timed = list(unit.timed)  # frozen entries
    if unit.card is not None:
        new.card = card(unit.card)
    return new


@dataclass
class Player:
    seat: int
    team: int = 0
    deck: list[Card] = field(default_factory=list)  # top = last
    hand: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    mortgage: list[Card] = field(default_factory=list)
    removed: list[Card] = field(default_factory=list)
    lost: list[Any] = field(default_factory=list)  # units and their cards
    units: list[Unit] = field(default_factory=list)  # controlled units on the map
    standby: list[Unit] = field(default_factory=list)  # 待命 agents on the player board
    board: list[Card] = field(default_factory=list)  # minion cards on the player board
    score: int = 0
    out: bool = False  # melee: no agent left anywhere

    def sizes(self) -> dict[str, int]:
        return {
            "seat": self.seat,
            "deck": len(self.deck),
            "hand": len(self.hand),
            "discard": len(self.discard),
            "mortgage": len(self.mortgage),
            "removed": len(self.removed),
            "lost": sum(1 for x in self.lost if isinstance(x, Unit)),  # (a minion's card goes with its unit: one lost)
            "standby": len(self.standby),
            "score": self.score,
        }


@dataclass
class Attack:
    """One attack in progress (T21): who, with what, at whom, and what 本次攻击… changed."""

    attacker: Unit
    target: Unit
    profile: Any  # an AttackProfile
    profile_name: str
    weapon: Card | None = None
    counter: bool = False
    speed: int = 0
    hit_result: int = 0
    damage: int = 0
    lost: bool = False
    dealt: int = 0
    destroyed: bool = False
    dying: list[Unit] = field(default_factory=list)


@dataclass
class Context:
    """Who is executing an ability and what it refers to."""

    player: int
    card: Card | None = None
    unit: Unit | None = None
    result: int | None = None  # the last die rolled
    attack: Attack | None = None
    source: tuple[str, int] | None = None  # (record id, ability index) being resolved
    until: str | None = None  # inside 直到…，: how long what the effects start lasts (turn_end, your_next_turn_start)
    unused: Unused | None = None  # a hidden agent's own triggered ability, until its text first does something


@dataclass(eq=False)
class Unused:
    """A face-down agent's own triggered ability, resolving but not used yet (§8.4 "使用其能力…时" exposes it). Its
    trigger entry (``entry``, of ``player``'s) and what its 如果 and 你可以 check (``held``: kind, seat, data) wait;
    its text's first effect that does something turns the agent face up (one aimed at a target, a choice or cells: once
    it names one, ``aim``), then they are logged. A text that never does anything (a 如果 that does not hold, a 你可以
    declined, a target none is in reach for) is not used and logs nothing: an entry its player alone saw would still
    leave a gap in the others' numbering where a face-down unit's text ran. ``baseline``: what the game was
    (fingerprint, log length) once the agent was face up (whether the ability changed the game is measured from
    there: exposing its user is the rules' doing, not the text's)."""

    unit: Unit
    player: int
    entry: dict[str, Any]
    held: list[tuple[str, int, dict[str, Any]]] = field(default_factory=list)
    used: bool = False
    baseline: tuple[Any, int] | None = None
    aim: Any = None  # the reference (or cells) the effect resolving acts on: used once that names something


@dataclass(eq=False)
class Action:
    """One thing a player may do in the main phase (§11.1)."""

    kind: str  # play | ability | scavenge | expose (voluntary 暴露, a special ability) | end
    seat: int
    unit: Unit | None = None
    card: Card | None = None
    source: Any = None  # Card | Unit | RecordSource whose ability is used
    index: int = -1
    ability: A.Ability | None = None
    face: str = "front"
    target: Unit | None = None  # scavenge: the obstacle

    def __str__(self) -> str:
        if self.kind == "end":
            return "end the main phase"
        if self.kind == "play":
            face = " (reverse)" if self.face == "reverse" else ""
            return f"play {self.card}{face} with {self.unit}"
        if self.kind == "scavenge":
            return f"{self.unit}: scavenge {self.target}"
        if self.kind == "expose":
            return f"expose {self.unit} (a special ability)"
        return f"{self.unit}: {render(self.ability) if self.ability else self.source}"
