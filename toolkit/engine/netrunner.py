"""Android: Netrunner (seed 001): game state, basic actions, runs and the interpreter of ability text.

State: the corp's credits and clicks, HQ (hand), R&D (deck), Archives (discard),
score area, bad publicity and servers (HQ, R&D, Archives and remote servers,
each with its ice, innermost first, and the cards in its root, with rezzed
flags, advancement tokens and hosted credits); the runner's credits and clicks,
grip (hand), stack (deck), heap (discard), rig (programs, hardware, resources),
tags, brain damage and score area. Memory limit, link and hand size are
computed from the game record, the identity and the active cards' ``你的…上限
+X`` texts. One seeded ``random.Random`` per game; the append-only
:class:`~toolkit.engine.core.Log` (seat 1 is the corp, seat 2 the runner; a
draw is seen only by the drawer, a facedown install or a card discarded from
HQ only by the corp); choices through a :class:`~toolkit.engine.core.Decider`;
triggered abilities through :class:`~toolkit.engine.core.Triggers`.

Rules carried out (seed 001 and RULINGS N1-N4):

- set-up: identities, shuffled decks (a deck given, or a legal-looking one
  built for the identity), ``starting_credits`` each and an opening hand of
  ``hand_size`` cards;
- turns: clicks per side from the game record, 你的回合开始时 triggers, the
  corp's mandatory draw, 你的回合结束时 triggers, discarding down to the hand
  size; the basic actions of the game record at their costs (RULINGS N3);
- playing operations and events, installing (ice costs 1 credit per ice
  already protecting the server; programs need memory, and the runner trashes
  programs to make room; a unique card replaces its older copy), rezzing,
  advancing and scoring agendas, paid abilities of installed cards;
- damage: meat and net damage trash random cards from the grip, brain damage
  too and lowers the hand size by 1 each; the runner is flatlined when damage
  exceeds the cards in the grip, or when the hand size is below 0 at the end
  of the runner's turn (RULINGS N4);
- the game ends at ``agenda_points_to_win`` agenda points, when the corp must
  draw from an empty R&D, or on a flatline.

Runs are simplified:

- the run goes to one server, chosen by the runner (``1 台中央服务器``,
  ``1 台远程服务器``); bad publicity gives the runner that many credits for
  the run; 每当潜袭者发起潜袭时 triggers fire at its start;
- each ice is approached outermost first; the corp may rez it then (paying
  its rez cost); rezzed ice is encountered: the runner may pick one
  icebreaker whose ``破解 X 个<子类型>子进程`` matches a subtype of the ice and
  whose own ``强度 +X`` and break abilities (read from its text, paid in
  credits) can break **every** subroutine; the engine then runs those
  abilities. Unbroken subroutines fire in order; 终止潜袭 ends the run. There
  is no partial breaking, no jack-out, no passing unrezzed ice abilities and
  no trace or psi game;
- when the run reaches the server, the corp may rez upgrades and assets in its
  root; the run is successful, 当潜袭成功时 triggers fire (the runner's cards
  and identity, and the corp's rezzed cards in that server);
- access happens when the ability that made the run has resolved (so
  ``如果潜袭成功，…`` and ``你额外读取 X 张牌`` apply first): R&D shows the top
  1+X cards, HQ 1+X random cards, Archives every card, a remote server the cards
  in its root (and a central server's root upgrades too). Agendas are stolen
  (当潜袭者窃取本议案时 triggers); other cards with a trash cost may be trashed
  if the runner pays it; the rest stay where they are.

Not modelled: virus counters (purge only spends its clicks), traces, psi games,
prevention and avoidance, the mulligan, and card texts outside the ability
language (the bundled cards say everything in it).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from toolkit.models.deck import Deck
from toolkit.models.netrunner import CORP_TYPES, RUNNER_TYPES, side_of_type
from toolkit.text import AbilitySyntaxError, parse_cached
from toolkit.text import ast as A
from toolkit.text.limits import MAX_COUNT
from toolkit.text.render import render

from .core import Decider, EngineError, FirstDecider, Log, Pending, TextRunner, Triggers, parse_abilities

Side = Literal["corp", "runner"]
SIDES: tuple[Side, Side] = ("corp", "runner")
SEATS: dict[str, int] = {"corp": 1, "runner": 2}  # the corp takes the first turn
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

# ---------------------------------------------------------------- state


@dataclass(eq=False)
class Card:
    """One physical card (or the identity) in the game."""

    uid: int
    id: str
    name: str
    side: Side
    record: Any
    rezzed: bool = False
    advancement: int = 0
    credits: int = 0  # hosted credits (在本牌上放置 X[credit])
    strength_bonus: int = 0  # an icebreaker's boosts for the current encounter

    @property
    def type(self) -> str:
        return str(getattr(self.record, "type", "identity"))

    def __str__(self) -> str:
        return f"{self.name}#{self.uid}"


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
    rig: list[Card] = field(default_factory=list)  # runner: installed programs, hardware, resources
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


@dataclass
class RunState:
    """The run in progress (or the last one an ability made)."""

    server: str
    successful: bool = False
    ended: bool = False
    extra_access: int = 0
    bad_pub_credits: int = 0
    encounter: Encounter | None = None


@dataclass
class Context:
    """Who executes an ability (``你``), on which card, during which run and encounter."""

    side: Side
    card: Card | None = None
    run: RunState | None = None
    owns_run: bool = False
    encounter: Encounter | None = None


@dataclass(frozen=True)
class BreakPlan:
    """How one icebreaker gets past one ice: its boosts and breaks, and what they cost in credits."""

    breaker: Card
    pumps: tuple[A.Ability, ...]
    breaks: tuple[A.Ability, ...]
    cost: int

    def __str__(self) -> str:
        return f"{self.breaker}: {len(self.pumps)} boost(s), {len(self.breaks)} break(s), {self.cost}[credit]"


@dataclass(frozen=True)
class Action:
    """One thing the active side may do in its action phase (:meth:`NetrunnerGame.legal_actions`).

    ``kind`` is a basic action id of the game record (``corp_install``, ``run``, …) or one of
    ``use`` (a paid ability of an active card: ``card`` and the ability's ``index``), ``rez``
    (an asset or upgrade, paying its rez cost) and ``score`` (a fully advanced agenda).
    ``clicks`` and ``credits`` are what taking it costs up front (install and play costs included).
    """

    side: Side
    kind: str
    card: Card | None = None
    server: str | None = None
    index: int | None = None
    clicks: int = 0
    credits: int = 0

    def __str__(self) -> str:
        parts = [self.kind]
        if self.card is not None:
            parts.append(str(self.card))
        if self.index is not None:
            parts.append(f"ability {self.index}")
        if self.server is not None:
            parts.append(f"-> {self.server}")
        return " ".join(parts)


# ---------------------------------------------------------------- the game


class NetrunnerGame(TextRunner):
    """A game of Android: Netrunner on the records of one catalog."""

    def __init__(
        self,
        records: Iterable[Any],
        seed: int = 0,
        decider: Decider | None = None,
        decks: Mapping[str, Deck | None] | None = None,
        identities: Mapping[str, str | None] | None = None,
        fmt: str = "standard",
        opening_hand: bool = True,
    ) -> None:
        self.records = [r for r in records if getattr(r, "game", None) == "netrunner"]
        self.by_id = {(r.kind, r.id): r for r in self.records}
        games = [r for r in self.records if r.kind == "game"]
        if not games:
            raise EngineError("no netrunner game record in the data")
        self.rules = games[0]
        formats = sorted(r.id for r in self.records if r.kind == "format")
        if formats and fmt not in formats:
            raise EngineError(f"unknown netrunner format {fmt!r}; formats: {', '.join(formats)}")
        self.format = fmt
        self.actions = {a.id: a for a in self.rules.actions}
        self.rng = random.Random(seed)
        self.log = Log()
        self.decider = decider or FirstDecider()
        self.triggers = Triggers(self.turn_order, self.decider)
        self.active: Side = "corp"
        self.winner: Side | None = None
        self.end_reason: str | None = None
        self.current_run: RunState | None = None
        self.servers: dict[str, Server] = {name: Server(name) for name in CENTRALS}
        self._remotes = 0
        self._uid = 0
        self.log.add("setup", game="netrunner", format=fmt, seed=seed)
        self.players: dict[Side, Player] = {}
        for side in SIDES:
            deck = (decks or {}).get(side)
            wanted = (identities or {}).get(side)
            identity = self._identity(side, deck.identity if deck is not None else wanted)
            if deck is not None and wanted is not None and deck.identity != wanted:
                raise EngineError(f"the {side} deck {deck.name!r} is for {deck.identity!r}, not {wanted!r}")
            card_ids = self._deck_ids(side, deck) if deck is not None else self.example_deck(identity.record)
            player = Player(side, identity, credits=self.rules.starting_credits)
            player.deck = [self._card(cid, side) for cid in card_ids]
            self.rng.shuffle(player.deck)
            self.players[side] = player
            self.log.add(
                "identity", player.seat, side=side, identity=identity.id, deck=len(player.deck), credits=player.credits
            )
        if opening_hand:
            for side in SIDES:
                self.draw(side, self.rules.hand_size)

    # -- set-up helpers

    def _next_uid(self) -> int:
        self._uid += 1
        return self._uid

    def _card(self, card_id: str, side: Side) -> Card:
        record = self.by_id.get(("card", card_id))
        if record is None:
            raise EngineError(f"unknown netrunner card {card_id!r}")
        if side_of_type(record.type) != side:
            raise EngineError(f"{card_id!r} is a {side_of_type(record.type)} card; it cannot be in the {side} deck")
        return Card(self._next_uid(), card_id, record.name.zh_hans, side, record)

    def _identity(self, side: Side, identity_id: str | None) -> Card:
        if identity_id is None:
            choices = sorted(r.id for r in self.records if r.kind == "identity" and r.side == side)
            if not choices:
                raise EngineError(f"no {side} identity in the data")
            identity_id = choices[0]
        record = self.by_id.get(("identity", identity_id))
        if record is None:
            known = sorted(r.id for r in self.records if r.kind == "identity")
            raise EngineError(f"unknown netrunner identity {identity_id!r}; identities: {', '.join(known)}")
        if record.side != side:
            raise EngineError(f"identity {identity_id!r} is a {record.side} identity, not a {side} one")
        return Card(self._next_uid(), identity_id, record.name.zh_hans, side, record, rezzed=True)

    def _deck_ids(self, side: Side, deck: Deck) -> list[str]:
        if deck.game != "netrunner":
            raise EngineError(f"deck {deck.name!r} is a {deck.game} deck, not a netrunner one")
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
        for copy in range(3):
            for record in others:
                if len(deck) < size and copy < (record.deck_limit or 3):
                    deck.append(record.id)
        if len(deck) < size:
            raise EngineError(f"the card pool is too small for a {size}-card deck for {identity.id!r}")
        return deck

    # -- who and what

    def player(self, side: Side) -> Player:
        return self.players[side]

    @staticmethod
    def other(side: Side) -> Side:
        return "runner" if side == "corp" else "corp"

    def turn_order(self) -> list[int]:
        """Seats starting with the active side (the order triggers are stacked in)."""
        return [SEATS[self.active], SEATS[self.other(self.active)]]

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

    def active_cards(self, side: Side) -> list[Card]:
        """Cards whose abilities are on: the identity, the rig / rezzed installed cards, scored agendas (corp)."""
        player = self.player(side)
        if side == "runner":
            return [player.identity, *player.rig]
        return [player.identity, *[c for c in self.installed("corp") if c.rezzed], *player.score_area]

    def _limit(self, side: Side, stat: str) -> int:
        total = self.player(side).extra.get(stat, 0)
        for card in self.active_cards(side):
            for ability in self.abilities(card):
                if ability.kind == "effect":
                    for sentence in ability.sentences:
                        for effect in sentence.effects:
                            if isinstance(effect, A.PlayerLimit) and effect.stat == stat:
                                total += effect.delta
        return total

    def hand_size(self, side: Side) -> int:
        """Maximum hand size: the game's, changed by cards, less brain damage (runner)."""
        return self.rules.hand_size + self._limit(side, "hand_size") - self.player(side).brain_damage

    def memory_limit(self) -> int:
        return self.rules.base_memory + self._limit("runner", "memory")

    def memory_used(self) -> int:
        return sum(c.record.memory_cost for c in self.runner.rig if c.type == "program")

    def link(self) -> int:
        return (self.runner.identity.record.base_link or 0) + self._limit("runner", "link")

    def agenda_points(self, side: Side) -> int:
        return sum(c.record.agenda_points for c in self.player(side).score_area)

    def state(self, first: Side = "corp") -> dict[str, Any]:
        """Per side (``first`` first): zone sizes and counters; then the active side and the outcome."""
        players = []
        for side in (first, self.other(first)):
            p = self.player(side)
            runner = side == "runner"
            players.append(
                {
                    "seat": p.seat,
                    "side": side,
                    "identity": p.identity.id,
                    "deck": len(p.deck),
                    "hand": len(p.hand),
                    "discard": len(p.discard),
                    "installed": len(self.installed(side)),
                    "credits": p.credits,
                    "clicks": p.clicks,
                    "tags": p.tags,
                    "bad_publicity": p.bad_publicity,
                    "agenda_points": self.agenda_points(side),
                    "hand_size": self.hand_size(side),
                    "memory": self.memory_limit() if runner else 0,
                    "memory_used": self.memory_used() if runner else 0,
                    "link": self.link() if runner else 0,
                    "brain_damage": p.brain_damage,
                }
            )
        return {
            "players": players,
            "active": self.active,
            "remote_servers": sum(1 for s in self.servers.values() if s.remote),
            "winner": self.winner,
            "reason": self.end_reason,
        }

    # -- the end of the game

    def _game_over(self, winner: Side, reason: str) -> None:
        if self.winner is None:
            self.winner = winner
            self.end_reason = reason
            self.log.add("game_over", SEATS[winner], winner=winner, reason=reason)

    def _check_points(self) -> None:
        for side in SIDES:
            if self.agenda_points(side) >= self.rules.agenda_points_to_win:
                self._game_over(side, f"{self.agenda_points(side)} agenda points")

    # -- credits and clicks

    def gain_credits(self, side: Side, amount: int, why: str = "") -> None:
        player = self.player(side)
        player.credits += amount
        extra = {"reason": why} if why else {}
        self.log.add("credits", player.seat, side=side, amount=amount, credits=player.credits, **extra)

    def lose_credits(self, side: Side, amount: int) -> int:
        player = self.player(side)
        lost = min(amount, player.credits)
        player.credits -= lost
        self.log.add("credits", player.seat, side=side, amount=-lost, credits=player.credits)
        return lost

    def can_pay(self, side: Side, amount: int) -> bool:
        pool = self.current_run.bad_pub_credits if side == "runner" and self.current_run else 0
        return self.player(side).credits + pool >= amount

    def pay(self, side: Side, amount: int, why: str) -> None:
        """Spend credits (the runner spends bad-publicity credits of the run first)."""
        if amount <= 0:
            return
        if not self.can_pay(side, amount):
            raise EngineError(f"the {side} cannot pay {amount}[credit] for {why}: has {self.player(side).credits}")
        player = self.player(side)
        left = amount
        run = self.current_run
        if side == "runner" and run is not None and run.bad_pub_credits:
            used = min(run.bad_pub_credits, left)
            run.bad_pub_credits -= used
            left -= used
        player.credits -= left
        self.log.add("pay", player.seat, side=side, credits=amount, credits_left=player.credits, reason=why)

    def spend_clicks(self, side: Side, count: int, why: str) -> None:
        player = self.player(side)
        if player.clicks < count:
            raise EngineError(f"the {side} cannot spend {count}[click] for {why}: has {player.clicks}")
        player.clicks -= count
        self.log.add("clicks", player.seat, side=side, amount=-count, clicks=player.clicks, reason=why)

    # -- cards in hand and deck

    def draw(self, side: Side, count: int) -> int:
        """Draw from R&D or the stack. The corp loses when it must draw from an empty R&D."""
        player = self.player(side)
        drawn = 0
        for _ in range(count):
            if self.over:
                break
            if not player.deck:
                if side == "corp":
                    self._game_over("runner", "the corp must draw from an empty R&D")
                else:
                    self.log.add("draw_failed", player.seat, reason="the stack is empty")
                break
            card = player.deck.pop()
            player.hand.append(card)
            drawn += 1
            self.log.add("draw", player.seat, visible=[player.seat], card=str(card))
        if drawn:
            self.log.add("drew", player.seat, side=side, cards=drawn, hand=len(player.hand))
        return drawn

    def _to_discard(self, card: Card, why: str, faceup: bool = True) -> None:
        """Archives or the heap; a card discarded from HQ goes face down (only the corp sees which)."""
        owner = self.player(card.side)
        card.rezzed = False
        card.advancement = card.credits = card.strength_bonus = 0
        owner.discard.append(card)
        if faceup:
            self.log.add("trashed" if why != "discarded" else "discarded", owner.seat, card=str(card), reason=why)
        else:
            self.log.add("discarded", owner.seat, visible=[owner.seat], card=str(card), reason=why)
            self.log.add("discarded_facedown", owner.seat, cards=1, reason=why)

    def discard(self, side: Side, count: int, required: bool = False) -> int:
        """Discard cards of the player's choice from the hand."""
        player = self.player(side)
        if required and len(player.hand) < count:
            raise EngineError(f"the {side} cannot discard {count}: the hand holds {len(player.hand)}")
        chosen = self.decider.choose_many(player.seat, "discard a card", list(player.hand), count)
        for card in chosen:
            player.hand.remove(card)
            self._to_discard(card, "discarded", faceup=side == "runner")
        return len(chosen)

    def search_type(self, side: Side, zone: str, count: int, card_type: str) -> list[Card]:
        """Find cards of a type in one of the player's zones, reveal them, add them to the hand; shuffle a deck."""
        owner = ZONE_SIDES.get(zone)
        if owner != side:
            raise EngineError(f"the {side} has no {zone}; it is a {owner} zone")
        player = self.player(side)
        pile = player.deck if zone in ("rnd", "stack") else player.discard if zone in ("archives", "heap") else None
        if pile is None:
            raise EngineError(f"cannot search the {zone}: the cards there are in the hand already")
        matches = [c for c in reversed(pile) if c.type == card_type]
        found = self.decider.choose_many(player.seat, f"search the {zone} for a {card_type}", matches, count)
        for card in found:
            pile.remove(card)
            player.hand.append(card)
            self.log.add("search", player.seat, card=str(card), zone=zone)
        if not found:
            self.log.add("search_failed", player.seat, zone=zone, type=card_type)
        if pile is player.deck:
            self.rng.shuffle(pile)
            self.log.add("shuffle", player.seat, zone=zone)
        return found

    # -- damage, tags, bad publicity

    def damage(self, kind: str, amount: int) -> None:
        """Meat, net or brain damage: random cards from the grip to the heap; flatline past the grip (N4)."""
        runner = self.runner
        if kind == "brain":
            runner.brain_damage += amount
        flatline = amount > len(runner.hand)
        trashed = self.rng.sample(runner.hand, min(amount, len(runner.hand)))
        for card in trashed:
            runner.hand.remove(card)
            runner.discard.append(card)
        self.log.add(
            "damage",
            runner.seat,
            damage=kind,
            amount=amount,
            trashed=[str(c) for c in trashed],
            hand=len(runner.hand),
            hand_size=self.hand_size("runner"),
        )
        if flatline:
            self._game_over("corp", f"flatline: {amount} {kind} damage with {len(trashed)} card(s) in the grip")

    def gain_tags(self, count: int) -> None:
        self.runner.tags += count
        self.log.add("tags", SEATS["runner"], amount=count, tags=self.runner.tags)

    def remove_tags(self, count: int) -> int:
        removed = min(count, self.runner.tags)
        self.runner.tags -= removed
        self.log.add("tags", SEATS["runner"], amount=-removed, tags=self.runner.tags)
        return removed

    # -- installing, rezzing, trashing

    def install_cost(self, card: Card, server: str | None = None) -> int:
        if card.side == "runner":
            return int(card.record.cost or 0)
        if card.type == "ice" and server is not None and server in self.servers:
            return len(self.servers[server].ice)
        return 0

    def _server_options(self, card: Card) -> list[str]:
        """Where the corp may install ``card``: existing servers (by rule) and a new remote server."""
        names = list(self.servers)
        if card.type in ("ice", "upgrade"):
            return [*names, "new remote"]
        free = [
            n for n in names if self.servers[n].remote and not any(c.type != "upgrade" for c in self.servers[n].root)
        ]
        return ["new remote", *free]

    def _new_remote(self) -> Server:
        self._remotes += 1
        server = Server(f"remote{self._remotes}")
        self.servers[server.name] = server
        return server

    def can_install(self, card: Card) -> bool:
        if card.type not in INSTALLABLE:
            return False
        if card.side == "corp":
            return any(self.can_pay("corp", self.install_cost(card, s)) for s in self._server_options(card))
        if card.type == "program" and card.record.memory_cost > self.memory_limit():
            return False
        return self.can_pay("runner", self.install_cost(card))

    def install(self, side: Side, card: Card, server: str | None = None, pay: bool = True) -> None:
        """Install from the hand: the corp face down in a server, the runner in the rig (paying its cost)."""
        player = self.player(side)
        if card.side != side or card.type not in INSTALLABLE:
            raise EngineError(f"the {side} cannot install {card} ({card.type})")
        if card in player.hand:
            player.hand.remove(card)
        if side == "corp":
            options = self._server_options(card)
            if server is None:
                affordable = [s for s in options if not pay or self.can_pay("corp", self.install_cost(card, s))]
                server = self.decider.choose(player.seat, f"install {card} in", affordable)
            if server not in options:
                raise EngineError(f"cannot install {card} in {server!r}; servers: {', '.join(options)}")
            if pay:
                self.pay("corp", self.install_cost(card, server), f"installing {card}")
            target = self._new_remote() if server == "new remote" else self.servers[server]
            (target.ice if card.type == "ice" else target.root).append(card)
            self.log.add("install", player.seat, visible=[player.seat], card=str(card), server=target.name)
            self.log.add(
                "install_facedown", player.seat, server=target.name, type="ice" if card.type == "ice" else "card"
            )
        else:
            if pay:
                self.pay("runner", self.install_cost(card), f"installing {card}")
            if card.record.unique:
                for old in [c for c in player.rig if c.id == card.id]:
                    self.trash(old, "a unique card was installed again")
            if card.type == "program":
                while self.memory_used() + card.record.memory_cost > self.memory_limit():
                    programs = [c for c in player.rig if c.type == "program"]
                    if not programs:
                        raise EngineError(
                            f"{card} needs {card.record.memory_cost}[mu]; the limit is {self.memory_limit()}"
                        )
                    victim = self.decider.choose(player.seat, f"trash a program to make room for {card}", programs)
                    self.trash(victim, "memory limit")
            player.rig.append(card)
            self.log.add("install", player.seat, card=str(card), type=card.type)
        self.fire("installed", [card])

    def rez(self, card: Card, free: bool = False) -> None:
        """Turn an installed corp card face up, paying its rez cost unless ``free``."""
        if card.side != "corp" or self.server_of(card) is None or card.rezzed or card.type == "agenda":
            raise EngineError(f"{card} cannot be rezzed")
        if not free:
            self.pay("corp", int(card.record.rez_cost or 0), f"rezzing {card}")
        if card.record.unique:
            for old in [c for c in self.installed("corp") if c.id == card.id and c.rezzed]:
                self.trash(old, "a unique card was rezzed again")
        card.rezzed = True
        self.log.add("rez", SEATS["corp"], card=str(card), free=free)
        self.fire("rezzed", [card])

    def trash(self, card: Card, why: str) -> None:
        """An installed card to Archives (face up) or the heap."""
        if card in self.runner.rig:
            self.runner.rig.remove(card)
        self.trash_from_server(card)
        self._to_discard(card, why)

    # -- advancing and agendas

    def place_advancement(self, card: Card, amount: int) -> None:
        card.advancement += amount
        self.log.add("advancement", SEATS["corp"], card=str(card), amount=amount, advancement=card.advancement)
        self._offer_score(card)

    def _offer_score(self, card: Card) -> None:
        """In the corp's turn, outside a run, a fully advanced agenda may be scored at once."""
        requirement = getattr(card.record, "advancement_requirement", None)
        if (
            card.type == "agenda"
            and requirement is not None
            and card.advancement >= requirement
            and self.active == "corp"
            and self.current_run is None
            and self.server_of(card) is not None
            and self.decider.confirm(SEATS["corp"], f"score {card}?")
        ):
            self.score(card)

    def score(self, card: Card) -> None:
        requirement = getattr(card.record, "advancement_requirement", None)
        if card.type != "agenda" or self.server_of(card) is None:
            raise EngineError(f"{card} is not an installed agenda")
        if requirement is None or card.advancement < requirement:
            raise EngineError(f"{card} has {card.advancement} advancement token(s); it needs {requirement}")
        self.trash_from_server(card)
        self.corp.score_area.append(card)
        self.log.add("score", SEATS["corp"], card=str(card), points=card.record.agenda_points)
        self.fire("agenda_scored", [card])
        self._check_points()

    def trash_from_server(self, card: Card) -> None:
        server = self.server_of(card)
        if server is not None:
            (server.ice if card in server.ice else server.root).remove(card)
            if server.remote and not server.ice and not server.root:
                del self.servers[server.name]

    def steal(self, card: Card) -> None:
        for zone in (self.corp.deck, self.corp.hand, self.corp.discard):
            if card in zone:
                zone.remove(card)
        self.trash_from_server(card)
        card.advancement = 0
        self.runner.score_area.append(card)
        self.log.add("steal", SEATS["runner"], card=str(card), points=card.record.agenda_points)
        self.fire("agenda_stolen", [card])
        self._check_points()

    # -- turns and actions

    def begin_turn(self, side: Side) -> None:
        """Clicks for the turn, 你的回合开始时 triggers, then the corp's mandatory draw."""
        self.active = side
        player = self.player(side)
        player.clicks = self.rules.clicks[side]
        self.log.add("turn_start", player.seat, side=side, clicks=player.clicks)
        self.fire("your_turn_start", self.active_cards(side))
        if side == "corp" and not self.over:
            self.log.add("mandatory_draw", player.seat)
            self.draw("corp", 1)

    def end_turn(self, side: Side) -> None:
        """你的回合结束时 triggers, discard down to the hand size; a runner below hand size 0 is flatlined."""
        player = self.player(side)
        self.fire("your_turn_end", self.active_cards(side))
        limit = self.hand_size(side)
        if side == "runner" and limit < 0:
            self._game_over("corp", f"flatline: the runner's hand size is {limit} at the end of the turn")
        while len(player.hand) > max(0, limit) and not self.over:
            card = self.decider.choose(player.seat, f"discard down to {limit}", list(player.hand))
            player.hand.remove(card)
            self._to_discard(card, "discarded", faceup=side == "runner")
        player.clicks = 0
        self.log.add("turn_end", player.seat, side=side, hand=len(player.hand), hand_size=limit)

    def action(self, side: Side, action_id: str, card: Card | None = None, server: str | None = None) -> None:
        """A basic action of the game record (RULINGS N3): its clicks and credits are paid first."""
        act = self.actions.get(action_id)
        if act is None or act.side != side:
            known = sorted(a.id for a in self.actions.values() if a.side == side)
            raise EngineError(f"the {side} has no basic action {action_id!r}; actions: {', '.join(known)}")
        if self.over:
            raise EngineError(f"the game is over ({self.end_reason})")
        kind = action_id.removeprefix(f"{side}_")
        if kind in ("install", "play") and (card is None or card not in self.player(side).hand):
            raise EngineError(f"{action_id} needs a card from the {side}'s hand")
        if kind == "advance" and (card is None or card.type != "agenda" or self.server_of(card) is None):
            raise EngineError("advance needs an installed agenda")
        if kind == "remove_tag" and not self.runner.tags:
            raise EngineError("the runner has no tag to remove")
        if kind == "trash_resource" and not self.runner.tags:
            raise EngineError("the corp may trash a resource only while the runner is tagged")
        self.spend_clicks(side, act.clicks, action_id)
        self.pay(side, act.credits, action_id)
        self.log.add("action", SEATS[side], action=action_id)
        if kind == "draw":
            self.draw(side, 1)
        elif kind == "credit":
            self.gain_credits(side, 1, action_id)
        elif kind == "install":
            assert card is not None
            self.install(side, card, server)
        elif kind == "play":
            assert card is not None
            self.play(side, card)
        elif kind == "advance":
            assert card is not None
            self.place_advancement(card, 1)
        elif kind == "remove_tag":
            self.remove_tags(1)
        elif kind == "trash_resource":
            resources = [c for c in self.runner.rig if c.type == "resource"]
            if resources:
                self.trash(self.decider.choose(SEATS["corp"], "trash a resource", resources), action_id)
            else:
                self.log.add("trash_failed", SEATS["corp"], reason="the runner has no resource")
        elif kind == "purge":
            self.log.add("purge", SEATS["corp"], note="virus counters are not modelled")
        elif kind == "run":
            target = self._choose_server(server or "central", 1)
            if target is not None:
                self.make_run(target)
                self.finish_run()

    def play(self, side: Side, card: Card) -> None:
        """Play an operation or event from the hand: pay its cost, resolve its text, then to the discard."""
        player = self.player(side)
        if card.side != side or card.type not in ("operation", "event") or card not in player.hand:
            raise EngineError(f"the {side} cannot play {card} ({card.type})")
        self.pay(side, int(card.record.cost or 0), f"playing {card}")
        player.hand.remove(card)
        self.log.add("play", player.seat, card=str(card))
        for ability in self.abilities(card):
            if ability.kind == "effect":
                self.execute(ability, Context(side, card), pay=False)
        self._to_discard(card, "played")

    def use_ability(self, side: Side, card: Card, index: int) -> None:
        """A paid ability (``<费用>：<效果>``) of an active card: pay its costs, then resolve it."""
        if card not in self.active_cards(side):
            raise EngineError(f"{card} is not an active {side} card")
        abilities = self.abilities(card)
        if not 0 <= index < len(abilities) or abilities[index].kind != "paid":
            raise EngineError(f"{card} has no paid ability {index}")
        self.log.add("use", SEATS[side], card=str(card), text=render(abilities[index]))
        self.execute(abilities[index], Context(side, card, self.current_run))

    # -- what the active side may do (simulations, tools)

    def legal_actions(self, side: Side) -> list[Action]:
        """Every action ``side`` can afford now, at the costs of the game record (RULINGS N3).

        Basic actions with a card or a server are listed once per card (and server);
        ``score``, ``rez`` and paid abilities without a click cost need no click. Left out
        because they would only throw clicks away or lose the game: drawing from an empty
        R&D or stack, purging (virus counters are not modelled), trashing a resource when
        the runner has none, paid abilities that boost or break (they are used during
        encounters), and abilities that remove tags the runner does not have or take
        credits from a card that hosts none. Nothing is legal once the game is over or
        during a run.
        """
        if self.over or self.current_run is not None:
            return []
        player = self.player(side)
        out: list[Action] = []

        def basic(kind: str, card: Card | None = None, server: str | None = None, extra: int = 0) -> None:
            act = self.actions.get(kind)
            if act is None or act.side != side:
                return
            clicks, credits = act.clicks, (act.credits or 0) + extra
            if player.clicks >= clicks and self.can_pay(side, credits):
                out.append(Action(side, kind, card, server, clicks=clicks, credits=credits))

        prefix = f"{side}_"
        if player.deck:
            basic(prefix + "draw")
        basic(prefix + "credit")
        for card in player.hand:
            if card.type in INSTALLABLE:
                if side == "corp":
                    for server in self._server_options(card):
                        basic("corp_install", card, server, self.install_cost(card, server))
                elif card.type != "program" or card.record.memory_cost <= self.memory_limit():
                    basic("runner_install", card, None, self.install_cost(card))
            elif card.type in ("operation", "event"):
                basic(prefix + "play", card, None, int(card.record.cost or 0))
        if side == "corp":
            for card in self.installed("corp"):
                requirement = getattr(card.record, "advancement_requirement", None)
                if card.type == "agenda" and requirement is not None and card.advancement >= requirement:
                    out.append(Action(side, "score", card))
                elif card.type == "agenda":
                    basic("advance", card)
                elif card.type in ("asset", "upgrade") and not card.rezzed:
                    cost = int(card.record.rez_cost or 0)
                    if self.can_pay("corp", cost):
                        out.append(Action(side, "rez", card, credits=cost))
            if self.runner.tags and any(c.type == "resource" for c in self.runner.rig):
                basic("trash_resource")
        else:
            if player.tags:
                basic("remove_tag")
            for server in self.servers:
                basic("run", None, server)
        for card in self.active_cards(side):
            for index, ability in enumerate(self.abilities(card)):
                if ability.kind == "paid" and self._ability_usable(side, card, ability):
                    clicks = sum(c.count for c in ability.costs if isinstance(c, A.ClickCost))
                    credits = sum(c.count for c in ability.costs if isinstance(c, A.CreditCost))
                    out.append(Action(side, "use", card, None, index, clicks, credits))
        return out

    def _ability_usable(self, side: Side, card: Card, ability: A.Ability) -> bool:
        """A paid ability outside a run: affordable, and not one that only works in an encounter or does nothing."""
        player = self.player(side)
        clicks = sum(c.count for c in ability.costs if isinstance(c, A.ClickCost))
        credits = sum(c.count for c in ability.costs if isinstance(c, A.CreditCost))
        if player.clicks < clicks or not self.can_pay(side, credits):
            return False
        if any(isinstance(c, A.TrashCost) for c in ability.costs) and card not in self.installed(side):
            return False
        effects = [e for s in ability.sentences for e in s.effects]
        nodes = [n for e in effects for n in A.walk(e)]
        if any(isinstance(n, A.BreakSubroutine | A.Strength) for n in nodes):
            return False
        if all(isinstance(e, A.RemoveTags) for e in effects) and not self.runner.tags:
            return False
        return not (all(isinstance(e, A.TakeCredits) for e in effects) and not card.credits)

    def take(self, action: Action) -> None:
        """Carry out one action of :meth:`legal_actions`."""
        if action.kind == "score":
            assert action.card is not None
            self.score(action.card)
        elif action.kind == "rez":
            assert action.card is not None
            self.rez(action.card)
        elif action.kind == "use":
            assert action.card is not None and action.index is not None
            self.use_ability(action.side, action.card, action.index)
        else:
            self.action(action.side, action.kind, action.card, action.server)

    # -- runs

    def _choose_server(self, server: str, count: int | None) -> str | None:
        if server in self.servers:
            return server
        if server == "central":
            options = list(CENTRALS)
        elif server == "remote":
            options = [n for n, s in self.servers.items() if s.remote]
        else:
            raise EngineError(f"no server {server!r}; servers: {', '.join(self.servers)}")
        if not options:
            self.log.add("run_failed", SEATS["runner"], reason=f"the corp has no {server} server")
            return None
        return str(self.decider.choose(SEATS["runner"], f"run on which {server} server", options))

    def make_run(self, server: str) -> RunState:
        """Approach and encounter the ice of ``server``; the run is successful if it was not ended."""
        if self.current_run is not None:
            raise EngineError("a run is already in progress")
        run = RunState(server, bad_pub_credits=self.corp.bad_publicity)
        self.current_run = run
        runner = SEATS["runner"]
        self.log.add("run", runner, server=server, bad_publicity_credits=run.bad_pub_credits)
        self.fire("run_begins", self.active_cards("runner") + self.active_cards("corp"))
        target = self.servers[server]
        for ice in list(reversed(target.ice)):
            if run.ended or self.over or ice not in target.ice:
                break
            self.log.add("approach", runner, ice=str(ice) if ice.rezzed else "unrezzed ice", server=server)
            if not ice.rezzed and self._corp_rezzes(ice):
                self.rez(ice)
            if ice.rezzed:
                self._encounter(ice, run)
        if not run.ended and not self.over:
            self.log.add("approach_server", runner, server=server)
            for card in list(target.root):
                if card.type in ("asset", "upgrade") and not card.rezzed and self._corp_rezzes(card):
                    self.rez(card)
            run.successful = True
            self.log.add("run_successful", runner, server=server)
            corp_cards = [c for c in target.root if c.rezzed]
            self.fire("run_successful", self.active_cards("runner") + corp_cards)
        return run

    def _corp_rezzes(self, card: Card) -> bool:
        cost = int(card.record.rez_cost or 0)
        return self.can_pay("corp", cost) and self.decider.confirm(SEATS["corp"], f"rez {card} for {cost}[credit]?")

    def end_run(self, why: str) -> None:
        run = self.current_run
        if run is None or run.ended:
            self.log.add("end_run", None, ended=False, reason="no run in progress")
            return
        run.ended = True
        self.log.add("end_run", None, ended=True, server=run.server, reason=why)

    def _encounter(self, ice: Card, run: RunState) -> None:
        subs = [Sub(i, a) for i, a in enumerate((a for a in self.abilities(ice) if a.kind == "subroutine"), start=1)]
        encounter = Encounter(ice, subs)
        run.encounter = encounter
        strength = ice.record.strength or 0
        self.log.add(
            "encounter",
            SEATS["runner"],
            ice=str(ice),
            strength=strength,
            subtypes=list(ice.record.subtypes),
            subroutines=len(subs),
        )
        plans = self.break_plans(ice, len(subs)) if subs else []
        plan = (
            self.decider.choose(SEATS["runner"], f"break the subroutines of {ice}", [*plans, None]) if plans else None
        )
        if plan is not None:
            ctx = Context("runner", plan.breaker, run, encounter=encounter)
            for ability in (*plan.pumps, *plan.breaks):
                self.log.add("use", SEATS["runner"], card=str(plan.breaker), text=render(ability))
                self.execute(ability, ctx)
        for sub in subs:
            if run.ended or self.over:
                break
            if sub.broken:
                continue
            self.log.add("subroutine", SEATS["corp"], ice=str(ice), index=sub.index, text=render(sub.ability))
            self.execute(sub.ability, Context("corp", ice, run, encounter=encounter), pay=False)
        for card in self.runner.rig:
            card.strength_bonus = 0
        run.encounter = None

    def break_plans(self, ice: Card, subroutines: int) -> list[BreakPlan]:
        """For each installed icebreaker that can break every subroutine of ``ice``: its boosts, breaks, cost."""
        plans = []
        strength = ice.record.strength or 0
        for breaker in self.runner.rig:
            breaks: list[tuple[int, A.Ability, int]] = []
            pumps: list[tuple[int, A.Ability, int]] = []
            for ability in self.abilities(breaker):
                if ability.kind != "paid" or any(not isinstance(c, A.CreditCost) for c in ability.costs):
                    continue
                cost = sum(c.count for c in ability.costs if isinstance(c, A.CreditCost))
                for sentence in ability.sentences:
                    for effect in sentence.effects:
                        if isinstance(effect, A.BreakSubroutine) and effect.subtype in ice.record.subtypes:
                            breaks.append((cost, ability, effect.count))
                        elif isinstance(effect, A.Strength) and effect.delta > 0:
                            pumps.append((cost, ability, effect.delta))
            if not breaks:
                continue
            gap = strength - (breaker.record.strength or 0)
            pump_abilities: tuple[A.Ability, ...] = ()
            total = 0
            if gap > 0:
                if not pumps:
                    continue
                cost, ability, delta = min(pumps, key=lambda p: (-(-gap // p[2]) * p[0], p[2]))
                times = -(-gap // delta)
                pump_abilities = (ability,) * times
                total += times * cost
            cost, ability, count = min(breaks, key=lambda b: -(-subroutines // b[2]) * b[0])
            times = -(-subroutines // count)
            total += times * cost
            if self.can_pay("runner", total):
                plans.append(BreakPlan(breaker, pump_abilities, (ability,) * times, total))
        return plans

    def strength_of(self, card: Card) -> int:
        return int(getattr(card.record, "strength", None) or 0) + card.strength_bonus

    def finish_run(self) -> None:
        """Access (if the run was successful), then the run ends; bad-publicity credits vanish."""
        run = self.current_run
        if run is None:
            return
        if run.successful and not run.ended and not self.over:
            self._access(run)
        self.current_run = None
        self.log.add("run_end", SEATS["runner"], server=run.server, successful=run.successful and not run.ended)

    def _access(self, run: RunState) -> None:
        count = 1 + run.extra_access
        server = self.servers.get(run.server)
        cards: list[Card] = []
        if run.server == "rnd":
            cards = list(reversed(self.corp.deck[-count:]))
        elif run.server == "hq":
            cards = self.rng.sample(self.corp.hand, min(count, len(self.corp.hand)))
        elif run.server == "archives":
            cards = list(self.corp.discard)
        if server is not None:
            cards += list(server.root)
        if not cards:
            self.log.add("access", SEATS["runner"], server=run.server, cards=0)
        for card in cards:
            if self.over:
                break
            self._access_card(card, run.server)

    def _access_card(self, card: Card, server: str) -> None:
        runner = SEATS["runner"]
        self.log.add("access", runner, server=server, card=str(card))
        if card.type == "agenda":
            self.steal(card)
            return
        cost = getattr(card.record, "trash_cost", None)
        if (
            cost is not None
            and card not in self.corp.discard
            and self.can_pay("runner", cost)
            and self.decider.confirm(runner, f"trash {card} for {cost}[credit]?")
        ):
            self.pay("runner", cost, f"trashing {card}")
            for zone in (self.corp.deck, self.corp.hand):
                if card in zone:
                    zone.remove(card)
            self.trash_from_server(card)
            self._to_discard(card, "trashed by the runner")

    # -- triggers

    def abilities(self, card: Card) -> list[A.Ability]:
        return parse_abilities(card)

    def fire(self, timing: str, sources: Sequence[Card]) -> None:
        """Collect the ``timing`` abilities of ``sources`` and resolve them (core.Triggers)."""
        pending: list[Pending[Any]] = []
        for card in sources:
            for ability in self.abilities(card):
                if ability.kind == "triggered" and ability.timing == timing:

                    def run(ability: A.Ability = ability, card: Card = card) -> None:
                        if self.over:
                            return
                        self.log.add("trigger", SEATS[card.side], timing=timing, source=str(card), text=render(ability))
                        self.execute(ability, Context(card.side, card, self.current_run), pay=False)

                    pending.append(Pending(SEATS[card.side], f"{card}: {timing}", run))
        self.triggers.resolve(pending)

    # -- the interpreter

    def parse_text(self, text: str) -> A.Ability:
        try:
            return parse_cached(text)
        except AbilitySyntaxError as exc:
            raise EngineError(f"<text>:{exc.line}:{exc.column}: {exc.summary()}") from None

    def default_side(self, text: str, identity: str | None = None) -> tuple[Side, str]:
        """Who ``你`` is when no side is given: the side of the bundled card with this text, of the
        identity, or of what the text does (a subroutine, a run, …); the corp (first player) otherwise."""
        ability = self.parse_text(text)
        owners: dict[Side, list[str]] = {}
        for record in self.records:
            if record.kind in ("card", "identity") and any(parse_cached(t) == ability for t in record.text):
                owner: Side = record.side if record.kind == "identity" else side_of_type(record.type)
                owners.setdefault(owner, []).append(record.id)
        if len(owners) == 1:
            owner, ids = next(iter(owners.items()))
            return owner, f"the text of {ids[0]}"
        if identity is not None:
            record = self.by_id.get(("identity", identity))
            if record is not None:
                return record.side, f"the identity {identity}"
        implied = side_of_ability(ability)
        if implied is not None:
            return implied, "what the text does"
        return "corp", "the corp takes the first turn"

    def run_text(self, text: str, side: Side | None = None) -> Side:
        """Execute one ability as ``side`` (default: :meth:`default_side`), outside any card; returns the side."""
        ability = self.parse_text(text)
        if side is None:
            side, why = self.default_side(text)
            self.log.add("side", SEATS[side], side=side, reason=why)
        self.log.add("ability", SEATS[side], side=side, text=render(ability))
        self.execute(ability, Context(side, None, self.current_run))
        return side

    def execute(self, ability: A.Ability, ctx: Context, pay: bool = True) -> None:
        if self.over:
            return
        if pay:
            for cost in ability.costs:
                self._pay(cost, ctx)
        for sentence in ability.sentences:
            self._effects(sentence.effects, ctx)
        if ctx.owns_run and ctx.run is not None and ctx.run is self.current_run:
            self.finish_run()

    def _pay(self, cost: A.Node, ctx: Context) -> None:
        if isinstance(cost, A.ClickCost):
            self.spend_clicks(ctx.side, cost.count, f"{ctx.card or 'an ability'}")
        elif isinstance(cost, A.CreditCost):
            self.pay(ctx.side, cost.count, f"{ctx.card or 'an ability'}")
        elif isinstance(cost, A.TrashCost):
            if ctx.card is None or self.server_of(ctx.card) is None and ctx.card not in self.runner.rig:
                self.log.add("no_card", SEATS[ctx.side], reason="[trash]: the text is not on an installed card")
            else:
                self.trash(ctx.card, "trash cost")
        else:
            raise EngineError(f"{type(cost).__name__} is a tactics cost, not a netrunner one")

    def _effects(self, effects: Sequence[A.Node], ctx: Context) -> None:
        for effect in effects:
            if self.over:
                return
            self._effect(effect, ctx)

    def _party(self, who: str, ctx: Context) -> Side:
        if who == "you":
            return ctx.side
        if who == "opponent":
            return self.other(ctx.side)
        if who in SIDES:
            return "corp" if who == "corp" else "runner"
        raise EngineError(f"no netrunner party {who!r}")

    def _effect(self, e: A.Node, ctx: Context) -> None:  # noqa: C901 - one branch per effect of the language
        side = ctx.side
        seat = SEATS[side]
        count = getattr(e, "count", None)
        if isinstance(count, int) and count > MAX_COUNT:  # the parser refuses such text; an AST built in code may not
            raise EngineError(f"{count} repetitions: more than {MAX_COUNT} is refused")
        if self._control(e, ctx, seat):
            return
        if isinstance(e, A.GainCredits):
            self.gain_credits(self._party(e.who, ctx), e.count)
        elif isinstance(e, A.LoseCredits):
            self.lose_credits(self._party(e.who, ctx), e.count)
        elif isinstance(e, A.GainClicks | A.LoseClicks):
            who = self._party(e.who, ctx)
            player = self.player(who)
            before = player.clicks
            player.clicks = max(0, player.clicks + (e.count if isinstance(e, A.GainClicks) else -e.count))
            self.log.add("clicks", player.seat, side=who, amount=player.clicks - before, clicks=player.clicks)
        elif isinstance(e, A.Draw):
            self.draw(side, e.count)
        elif isinstance(e, A.Discard):
            self.discard(self._party(e.who, ctx), e.count)
        elif isinstance(e, A.SearchType):
            self.search_type(side, e.zone, e.count, e.card_type)
        elif isinstance(e, A.TypedDamage):
            self.damage(e.kind, e.amount)
        elif isinstance(e, A.GainTags):
            if self._party(e.who, ctx) != "runner":
                raise EngineError("only the runner takes tags")
            self.gain_tags(e.count)
        elif isinstance(e, A.RemoveTags):
            if side != "runner":
                raise EngineError("the corp has no tags to remove; 你移除 X 个锁定标记 is runner text")
            self.remove_tags(e.count)
        elif isinstance(e, A.GainBadPublicity):
            if side != "corp":
                raise EngineError("only the corp takes bad publicity; 你获得 X 个负面声誉 is corp text")
            self.corp.bad_publicity += e.count
            self.log.add("bad_publicity", seat, amount=e.count, bad_publicity=self.corp.bad_publicity)
        elif isinstance(e, A.EndRun):
            self.end_run(f"{ctx.card}" if ctx.card else "the text")
        elif isinstance(e, A.Trash):
            self._trash_type(ctx, e.count, e.card_type)
        elif isinstance(e, A.Install):
            self._install_from_hand(ctx, e.count, e.card_type)
        elif isinstance(e, A.RezFree):
            if side != "corp":
                raise EngineError("only the corp rezzes cards")
            options = [c for c in self.installed("corp") if not c.rezzed and c.type != "agenda"]
            chosen = self.decider.choose_many(seat, "rez a card, ignoring all costs", options, e.count)
            if not chosen:
                self.log.add("rez_failed", seat, reason="no unrezzed card is installed")
            for card in chosen:
                self.rez(card, free=True)
        elif isinstance(e, A.Run):
            if side != "runner":
                raise EngineError("only the runner makes runs; 你对…发起潜袭 is runner text")
            target = self._choose_server(e.server, e.count)
            if target is None:
                ctx.run = RunState(e.server, ended=True)
            else:
                ctx.run = self.make_run(target)
                ctx.owns_run = True
        elif isinstance(e, A.Access):
            run = ctx.run
            if run is None or run is not self.current_run or not run.successful:
                self.log.add("access_failed", seat, reason="no successful run to access more cards in")
            else:
                run.extra_access += e.count
                self.log.add("extra_access", seat, cards=e.count, server=run.server)
        elif isinstance(e, A.PlaceCredits | A.TakeCredits | A.PlaceAdvancement):
            host = ctx.card
            if host is None:
                self.log.add("no_card", seat, reason=f"{render(e)}: the text is not on a card in play")
            elif isinstance(e, A.PlaceCredits):
                host.credits += e.amount
                self.log.add("place_credits", seat, card=str(host), amount=e.amount, hosted=host.credits)
            elif isinstance(e, A.TakeCredits):
                taken = min(e.amount, host.credits)
                host.credits -= taken
                self.log.add("take_credits", seat, card=str(host), amount=taken, hosted=host.credits)
                self.gain_credits(side, taken, f"taken from {host}")
            else:
                self.place_advancement(host, e.amount)
        elif isinstance(e, A.AdvanceInstalled):
            options = sorted(self.installed("corp"), key=lambda c: c.type != "agenda")
            chosen = self.decider.choose_many(SEATS["corp"], "place advancement tokens on", options, e.cards)
            if not chosen:
                self.log.add("advance_failed", seat, reason="the corp has no installed card")
            for card in chosen:
                self.place_advancement(card, e.amount)
        elif isinstance(e, A.PlayerLimit):
            active = ctx.card is not None and ctx.card in self.active_cards(ctx.card.side)
            if not active:  # text outside a card in play: it lasts for the game
                extra = self.player(side).extra
                extra[e.stat] = extra.get(e.stat, 0) + e.delta
            value = {"hand_size": self.hand_size(side), "memory": self.memory_limit(), "link": self.link()}[e.stat]
            self.log.add("limit", seat, stat=e.stat, delta=e.delta, value=value)
        elif isinstance(e, A.BreakSubroutine):
            self._break(ctx, e)
        elif isinstance(e, A.Strength):
            if ctx.encounter is None or ctx.card is None:
                self.log.add("strength_failed", seat, reason="no icebreaker is encountering ice")
            else:
                ctx.card.strength_bonus += e.delta
                self.log.add("strength", seat, card=str(ctx.card), delta=e.delta, strength=self.strength_of(ctx.card))
        else:
            raise EngineError(f"{render(e)!r} ({type(e).__name__}) is not a netrunner effect")

    def _break(self, ctx: Context, e: A.BreakSubroutine) -> None:
        seat = SEATS[ctx.side]
        enc = ctx.encounter
        if enc is None or ctx.card is None:
            self.log.add("break_failed", seat, reason="no ice is being encountered")
            return
        ice = enc.ice
        if e.subtype not in ice.record.subtypes:
            self.log.add("break_failed", seat, ice=str(ice), reason=f"{ice} is not a {e.subtype}")
            return
        strength, needed = self.strength_of(ctx.card), self.strength_of(ice)
        if strength < needed:
            self.log.add("break_failed", seat, ice=str(ice), reason=f"strength {strength} is below {needed}")
            return
        unbroken = [s for s in enc.subs if not s.broken]
        for sub in self.decider.choose_many(seat, f"break a subroutine of {ice}", unbroken, e.count):
            sub.broken = True
            self.log.add("break", seat, ice=str(ice), index=sub.index, by=str(ctx.card))

    def _trash_type(self, ctx: Context, count: int, card_type: str) -> None:
        owner = side_of_type(card_type)
        options = [c for c in self.installed(owner) if c.type == card_type]
        chosen = self.decider.choose_many(SEATS[ctx.side], f"trash a {card_type}", options, count)
        if not chosen:
            self.log.add("trash_failed", SEATS[ctx.side], reason=f"no {card_type} is installed")
        for card in chosen:
            self.trash(card, f"trashed by the {ctx.side}")

    def _install_from_hand(self, ctx: Context, count: int, card_type: str) -> None:
        side = ctx.side
        if card_type not in INSTALLABLE or side_of_type(card_type) != side:
            raise EngineError(f"the {side} cannot install a {card_type}")
        for _ in range(count):
            options = [c for c in self.player(side).hand if c.type == card_type and self.can_install(c)]
            if not options:
                self.log.add("install_failed", SEATS[side], reason=f"no {card_type} in the hand can be installed")
                return
            self.install(side, self.decider.choose(SEATS[side], f"install a {card_type}", options))

    def _condition(self, c: A.Node, ctx: Context) -> bool:
        if isinstance(c, A.All):
            return all(self._condition(p, ctx) for p in c.parts)
        if isinstance(c, A.RunnerTagged):
            return self.runner.tags > 0
        if isinstance(c, A.RunSuccessful):
            return ctx.run is not None and ctx.run.successful and not ctx.run.ended
        if isinstance(c, A.CreditsAtMost):
            return self.player(ctx.side).credits <= c.value
        if isinstance(c, A.NoHand):
            return not self.player(ctx.side).hand
        if isinstance(c, A.HandAtMost):
            return len(self.player(ctx.side).hand) <= c.count
        raise EngineError(f"{render(c)!r} is not a netrunner condition")


# ---------------------------------------------------------------- which side a text belongs to

_RUNNER_NODES = (A.Run, A.Access, A.BreakSubroutine, A.Strength, A.RemoveTags)
_CORP_NODES = (A.GainBadPublicity, A.AdvanceInstalled, A.PlaceAdvancement, A.RezFree, A.TypedDamage, A.EndRun)
_CORP_TIMINGS = ("agenda_scored", "agenda_stolen", "rezzed")


def side_of_ability(ability: A.Ability) -> Side | None:
    """The side whose card would say this, when the text tells (a subroutine is the corp's, a run the runner's)."""
    votes: set[Side] = set()
    if ability.kind == "subroutine" or ability.timing in _CORP_TIMINGS:
        votes.add("corp")
    for node in A.walk(ability):
        if isinstance(node, _RUNNER_NODES):
            votes.add("runner")
        elif isinstance(node, _CORP_NODES):
            votes.add("corp")
        elif isinstance(node, A.PlayerLimit) and node.stat in ("memory", "link"):
            votes.add("runner")
        elif isinstance(node, A.LoseCredits | A.LoseClicks | A.GainTags) and node.who in SIDES:
            votes.add("corp" if node.who == "runner" else "runner")
        elif isinstance(node, A.SearchType) and node.zone in ZONE_SIDES:
            votes.add(ZONE_SIDES[node.zone])
        elif isinstance(node, A.Install) and node.card_type in CORP_TYPES + RUNNER_TYPES:
            votes.add(side_of_type(node.card_type))
        elif isinstance(node, A.Trash) and node.card_type in CORP_TYPES + RUNNER_TYPES:
            votes.add("runner" if side_of_type(node.card_type) == "corp" else "corp")
    return votes.pop() if len(votes) == 1 else None
