"""The tactical agents game (seed 000): card-level rules and the interpreter of ability text.

State: per player the personal deck, hand, mortgage zone, discard, removed zone,
lost zone (失联区), the cards in play and the units (agents and minions with HP,
own shield, temporary HP, tapped and hidden flags, equipment and statuses); the
shared matrix shop. One seeded ``random.Random`` per game; an append-only log.

Rules carried out here (seed 000 and RULINGS):

- draw from the personal deck, reshuffling the discarded personal cards when it
  is empty (§7.5); buy from the matrix shop, refilling it from every player's
  discarded gold cards when it is empty (预算超支, §2.2), or draw in modes without
  a shop (§15.1); search, reveal-until (翻牌) and mulligan (调度) (§7.5);
- mortgage (-X costs and effects), returning at the start of the owner's turn;
  the hand limit at the end of the turn is 8 minus the mortgaged cards, tokens
  exempt (§2.3, §8.2, RULINGS T8);
- tap and reset (§8.1); damage goes to shields, then temporary HP, then HP
  (§8.3, RULINGS T10); own shield is capped at 6; a unit at 0 HP is destroyed to
  its owner's lost zone, its equipment and statuses self-destruct, and a lost
  agent gives 失联抚恤 (a free 物资补充, i.e. buy 1) (§14);
- equipment slots (carried 0 / normal 1 / heavy 2 of 2) with self-destruct on
  overflow (§7.3.1); tokens: ``max_in_play`` per player, and a token that would
  go to the discard or the deck is removed instead (§7.4.2, RULINGS T4);
- hit dice: modifiers, results clamped to 1..6, damage from the game's face
  table, 马枪税 when every result is 1 (§13.2, RULINGS T9);
- continuous effects: those of a unit's own text and of its equipment and statuses
  while attached, and timed ones (直到回合结束 ends at the end of the turn,
  直到你的下个回合开始 at that player's next turn start) change damage taken,
  maximum HP, hit-die results and movement, and stop attacks or moves (无法…);
- triggered abilities (``……时`` during, ``……后`` after) resolve through
  :class:`~toolkit.engine.core.Triggers` (§11.4, §11.7), with loop detection.

The map (distance, vision, walls) is a later step: targets come from the decider,
and range, vision and movement bonuses are tracked and logged but measure nothing.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from toolkit.models.tactics import SLOTS_BY_SIZE
from toolkit.text import AbilitySyntaxError, parse_cached
from toolkit.text import ast as A
from toolkit.text.render import render

from .core import Decider, EngineError, FirstDecider, Log, Pending, TextRunner, Triggers, parse_abilities

# ---------------------------------------------------------------- state


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

    def __str__(self) -> str:
        return f"{self.name}#{self.uid}"


@dataclass(frozen=True)
class TimedEffect:
    """A continuous effect on a unit for a while (直到回合结束 / 直到你的下个回合开始), or for good."""

    effect: A.Node  # Modify, Cannot or GainVision
    until: str | None  # "turn_end", "your_next_turn_start", or None: until the unit leaves play
    seat: int  # whose effect it is ("你的下个回合" is this player's)


CONTINUOUS = (A.Modify, A.Cannot, A.GainVision)


@dataclass(eq=False)
class Unit:
    """An agent or minion in play."""

    uid: int
    id: str
    name: str
    owner: int
    kind: str  # agent | minion
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

    def __str__(self) -> str:
        return f"{self.name}#{self.uid}"


@dataclass
class Player:
    seat: int
    deck: list[Card] = field(default_factory=list)  # top = last
    hand: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    mortgage: list[Card] = field(default_factory=list)
    removed: list[Card] = field(default_factory=list)
    lost: list[Any] = field(default_factory=list)  # units and their cards
    units: list[Unit] = field(default_factory=list)

    def sizes(self) -> dict[str, int]:
        return {
            "seat": self.seat,
            "deck": len(self.deck),
            "hand": len(self.hand),
            "discard": len(self.discard),
            "mortgage": len(self.mortgage),
            "removed": len(self.removed),
            "lost": len(self.lost),
        }


@dataclass
class Context:
    """Who is executing an ability and what it refers to."""

    player: int
    card: Card | None = None
    unit: Unit | None = None
    result: int | None = None  # the last die rolled
    attack: dict[str, Any] | None = None


# ---------------------------------------------------------------- the game


class TacticsGame(TextRunner):
    """A game of the tactical agents game on the records of one catalog."""

    def __init__(
        self,
        records: Iterable[Any],
        mode_id: str = "duo",
        players: int = 2,
        seed: int = 0,
        decider: Decider | None = None,
        decks: Sequence[Sequence[str]] | None = None,
        squads: Sequence[Sequence[str]] | None = None,
        opening_hand: bool = True,
    ) -> None:
        self.records = [r for r in records if getattr(r, "game", None) == "tactics"]
        self.by_id = {(r.kind, r.id): r for r in self.records}
        games = [r for r in self.records if r.kind == "game"]
        if not games:
            raise EngineError("no tactics game record in the data")
        self.rules = games[0]
        mode = self.by_id.get(("mode", mode_id))
        if mode is None:
            modes = sorted(r.id for r in self.records if r.kind == "mode")
            raise EngineError(f"unknown tactics mode {mode_id!r}; modes: {', '.join(modes)}")
        self.mode: Any = mode
        if not self.mode.players.min <= players <= self.mode.players.max:
            raise EngineError(
                f"{mode_id} is for {self.mode.players.min}-{self.mode.players.max} players, not {players}"
            )
        self.rng = random.Random(seed)
        self.log = Log()
        self.decider = decider or FirstDecider()
        self.players = [Player(seat) for seat in range(1, players + 1)]
        self.active = 1
        self.shop: list[Card] = []
        self._uid = 0
        self.triggers = Triggers(self.turn_order, self.decider)
        cards_by_name = {r.name.zh_hans: r for r in self.records if r.kind == "card"}
        self.cards_by_name = cards_by_name
        self.log.add("setup", mode=self.mode.id, players=players, seed=seed, shop=self.mode.matrix_shop)
        for index, player in enumerate(self.players):
            squad = list(squads[index]) if squads else self.example_squad()
            for agent_id in squad:
                self._add_agent(player, agent_id)
            deck_ids = list(decks[index]) if decks else self.example_deck(squad)
            player.deck = [self._card(cid, player.seat) for cid in deck_ids]
            self.rng.shuffle(player.deck)
            self.log.add("deck", player.seat, cards=len(player.deck))
        if self.mode.matrix_shop:
            self.shop = [self._card(r.id, 0, shop=True) for r in self.records if r.kind == "card" and r.back == "shop"]
            self.rng.shuffle(self.shop)
            self.log.add("shop", cards=len(self.shop))
        if opening_hand:
            for player in self.players:
                self.draw(player.seat, self.rules.opening_hand)

    # -- set-up helpers

    def example_squad(self) -> list[str]:
        agents = sorted(r.id for r in self.records if r.kind == "agent" and not r.private)
        return agents[: max(1, self.mode.starting_agents)]

    def example_deck(self, squad: Sequence[str]) -> list[str]:
        """A legal-looking deck: the mode's minimum size of distinct generic cards, then the squad's exclusives."""
        size = 10
        for rule in self.mode.deck_rules:
            if getattr(rule, "rule", None) == "deck_size":
                size = rule.min or rule.max or size
        pool = [
            r
            for r in sorted(self.records, key=lambda r: r.id)
            if r.kind == "card" and r.back == "personal" and r.token is None and (r.agent is None or r.agent in squad)
        ]
        names: set[str] = set()
        deck: list[str] = []
        for record in sorted(pool, key=lambda r: (r.agent is not None, r.id)):
            if record.name.zh_hans not in names and len(deck) < size:
                names.add(record.name.zh_hans)
                deck.append(record.id)
        return deck

    def _next_uid(self) -> int:
        self._uid += 1
        return self._uid

    def _card(self, card_id: str, owner: int, shop: bool = False) -> Card:
        record = self.by_id.get(("card", card_id))
        if record is None:
            raise EngineError(f"unknown tactics card {card_id!r}")
        return Card(self._next_uid(), card_id, record.name.zh_hans, owner, record, record.token is not None, shop)

    def _add_agent(self, player: Player, agent_id: str) -> Unit:
        record = self.by_id.get(("agent", agent_id))
        if record is None:
            raise EngineError(f"unknown tactics agent {agent_id!r}")
        unit = Unit(self._next_uid(), agent_id, record.name.zh_hans, player.seat, "agent", record.hp, record.hp, record)
        unit.hidden = self.mode.hidden_agents
        player.units.append(unit)
        return unit

    def player(self, seat: int) -> Player:
        return self.players[seat - 1]

    def turn_order(self) -> list[int]:
        """Seats starting with the current player (§11.7)."""
        seats = [p.seat for p in self.players]
        start = seats.index(self.active)
        return seats[start:] + seats[:start]

    def units(self) -> list[Unit]:
        return [u for p in self.players for u in p.units if not u.gone]

    def state(self) -> dict[str, Any]:
        """Zone sizes, the executing player first, and the shop."""
        order = self.turn_order()
        return {"players": [self.player(s).sizes() for s in order], "shop": len(self.shop)}

    # -- zones

    def _to_discard(self, card: Card, why: str) -> None:
        owner = self.player(card.owner) if card.owner else None
        card.tapped = False
        if card.token:
            if owner is not None:
                owner.removed.append(card)
            self.log.add("removed", card.owner, card=str(card), reason=f"a token is removed instead ({why})")
            return
        if owner is None:  # a shop card nobody owns goes to the active player's discard
            owner = self.player(self.active)
        owner.discard.append(card)
        self.log.add("discarded", owner.seat, card=str(card), reason=why)

    def draw(self, seat: int, count: int) -> int:
        """Draw from the personal deck, reshuffling the discarded personal cards when it runs out (§7.5)."""
        player = self.player(seat)
        drawn = 0
        for _ in range(count):
            if not player.deck:
                personal = [c for c in player.discard if not c.shop]
                if not personal:
                    self.log.add("draw_failed", seat, reason="deck and discard are empty")
                    break
                player.discard = [c for c in player.discard if c.shop]
                self.rng.shuffle(personal)
                player.deck = personal
                self.log.add("reshuffle", seat, cards=len(personal))
            card = player.deck.pop()
            player.hand.append(card)
            drawn += 1
            self.log.add("draw", seat, visible=[seat], card=str(card))
        return drawn

    def buy(self, seat: int, count: int) -> int:
        """Buy from the matrix shop (预算超支 when empty), or draw in modes without a shop (§2.2)."""
        if not self.mode.matrix_shop:
            self.log.add("buy_as_draw", seat, count=count, reason=f"{self.mode.id} has no matrix shop")
            return self.draw(seat, count)
        player = self.player(seat)
        bought = 0
        for _ in range(count):
            if not self.shop:
                gold = [c for p in self.players for c in p.discard if c.shop]
                for p in self.players:
                    p.discard = [c for c in p.discard if not c.shop]
                self.rng.shuffle(gold)
                self.shop = gold
                self.log.add("budget_overrun", seat, cards=len(gold))
                if not gold:
                    self.log.add("buy_failed", seat, reason="the matrix shop and the discards hold no gold card")
                    break
            card = self.shop.pop()
            card.owner = seat
            player.hand.append(card)
            bought += 1
            self.log.add("buy", seat, card=str(card))
        return bought

    def search(self, seat: int, name: str, source: str = "deck") -> Card | None:
        """Find a named card in the deck or the shop, show it, add it to the hand, shuffle the pile (§7.5)."""
        player = self.player(seat)
        pile = self.shop if source == "shop" else player.deck
        found = next((c for c in reversed(pile) if c.name == name), None)
        if found is not None:
            pile.remove(found)
            found.owner = seat
            player.hand.append(found)
            self.log.add("search", seat, card=str(found), source=source)
        else:
            self.log.add("search_failed", seat, name=name, source=source)
        self.rng.shuffle(pile)
        return found

    def reveal_until(self, seat: int, category: str) -> Card | None:
        """翻牌: reveal from the top until a card of the category; it goes to the hand, the rest to the bottom."""
        player = self.player(seat)
        aside: list[Card] = []
        found = None
        while player.deck:
            card = player.deck.pop()
            self.log.add("reveal", seat, card=str(card))
            if card.record.category == category:
                found = card
                player.hand.append(card)
                break
            aside.append(card)
        self.rng.shuffle(aside)
        player.deck[:0] = aside
        return found

    def mulligan(self, seat: int) -> int:
        """调度: put any cards of the hand at the bottom, draw as many, shuffle the deck."""
        player = self.player(seat)
        chosen = [c for c in list(player.hand) if self.decider.confirm(seat, f"put {c} at the bottom?")]
        for card in chosen:
            player.hand.remove(card)
            player.deck.insert(0, card)
        self.log.add("mulligan", seat, cards=len(chosen))
        self.draw(seat, len(chosen))
        self.rng.shuffle(player.deck)
        return len(chosen)

    def mortgage(self, seat: int, count: int, required: bool = False) -> int:
        """Put cards of the hand face down in the mortgage zone (tokens cannot be mortgaged)."""
        player = self.player(seat)
        options = [c for c in player.hand if not c.token]
        if required and len(options) < count:
            raise EngineError(f"player {seat} cannot pay -{count}: {len(options)} card(s) can be mortgaged")
        chosen = self.decider.choose_many(seat, "mortgage a card", options, count)
        for card in chosen:
            player.hand.remove(card)
            player.mortgage.append(card)
            self.log.add("mortgage", seat, visible=[seat], card=str(card))
        if chosen:
            self.log.add("mortgaged", seat, cards=len(chosen))
        return len(chosen)

    def discard(self, seat: int, count: int, required: bool = False) -> int:
        player = self.player(seat)
        if required and len(player.hand) < count:
            raise EngineError(f"player {seat} cannot discard {count}: the hand holds {len(player.hand)}")
        chosen = self.decider.choose_many(seat, "discard a card", list(player.hand), count)
        for card in chosen:
            player.hand.remove(card)
            self._to_discard(card, "discarded from the hand")
        return len(chosen)

    def start_turn(self, seat: int) -> None:
        """Reset, mortgaged cards back to the hand, temporary HP gone (§8.1-§8.3)."""
        self.active = seat
        player = self.player(seat)
        self.log.add("turn_start", seat)
        self._expire(seat, "your_next_turn_start")
        for unit in player.units:
            unit.tapped = False
            unit.temp_hp = 0
            for card in unit.equipment + unit.statuses:
                card.tapped = False
        player.hand.extend(player.mortgage)
        if player.mortgage:
            self.log.add("mortgage_returned", seat, cards=len(player.mortgage))
        player.mortgage.clear()
        self.fire("turn_start", seat)

    def end_turn(self, seat: int) -> None:
        """Hand limit: 8 minus mortgaged cards, tokens exempt (§2.3, §8.2)."""
        self.fire("turn_end", seat)
        player = self.player(seat)
        limit = self.rules.hand_limit - len(player.mortgage)
        while sum(1 for c in player.hand if not c.token) > limit:
            options = [c for c in player.hand if not c.token]
            if self.mode.discard_from_mortgage:
                options += player.mortgage
            card = self.decider.choose(seat, f"discard down to {limit}", options)
            (player.hand if card in player.hand else player.mortgage).remove(card)
            self._to_discard(card, f"hand limit {limit}")
        self.log.add("turn_end", seat, hand=len(player.hand), limit=limit)
        self._expire(seat, "turn_end")

    # -- tokens, equipment, statuses

    def gain_token(self, seat: int, name: str) -> Card | None:
        record = self.cards_by_name.get(name)
        if record is None or record.token is None:
            raise EngineError(f"「{name}」 is no token card")
        player = self.player(seat)
        held = sum(1 for c in player.hand if c.id == record.id) + sum(
            1 for u in player.units for c in u.equipment + u.statuses if c.id == record.id
        )
        if held >= record.token.max_in_play:
            self.log.add("token_limit", seat, card=name, max_in_play=record.token.max_in_play)
            return None
        card = self._card(record.id, seat)
        player.hand.append(card)
        self.log.add("gain_token", seat, card=str(card))
        return card

    def equip(self, unit: Unit, card: Card) -> None:
        """Attach equipment; on overflow the owner self-destructs equipment until it fits (§7.3.1)."""
        size = SLOTS_BY_SIZE[card.record.equipment.size]
        while sum(SLOTS_BY_SIZE[c.record.equipment.size] for c in unit.equipment) + size > self.rules.equipment_slots:
            victim = self.decider.choose(unit.owner, f"self-destruct equipment to fit {card}", list(unit.equipment))
            self.self_destruct(victim)
        unit.equipment.append(card)
        self.log.add("equip", unit.owner, unit=str(unit), card=str(card))

    def attach(self, unit: Unit, card: Card) -> None:
        unit.statuses.append(card)
        self.log.add("attach", card.owner, unit=str(unit), card=str(card))

    def holder(self, card: Card) -> Unit | None:
        return next((u for u in self.units() if card in u.equipment or card in u.statuses), None)

    def self_destruct(self, card: Card) -> None:
        unit = self.holder(card)
        if unit is not None:
            (unit.equipment if card in unit.equipment else unit.statuses).remove(card)
        self.log.add("self_destruct", card.owner, card=str(card))
        self._to_discard(card, "self-destructed")

    # -- units

    def damage(self, unit: Unit, amount: int, source: str = "") -> int:
        """Shields first (own, then equipment), then temporary HP, then HP (§8.3, RULINGS T10)."""
        amount = max(0, amount + self._damage_taken_modifier(unit))
        left = amount
        absorbed = min(unit.shield, left)
        unit.shield -= absorbed
        left -= absorbed
        for card in list(unit.equipment):
            shield = card.shield_left if card.shield_left is not None else card.record.equipment.shield or 0
            if left and shield:
                used = min(shield, left)
                card.shield_left = shield - used
                left -= used
                if card.shield_left <= 0:
                    self.log.add("equipment_destroyed", unit.owner, card=str(card))
                    unit.equipment.remove(card)
                    self._to_discard(card, "its shield was used up")
        temp = min(unit.temp_hp, left)
        unit.temp_hp -= temp
        left -= temp
        unit.hp -= left
        if left > 0 and unit.hidden:
            unit.hidden = False
            self.log.add("exposed", unit.owner, unit=str(unit), reason="lost HP")
        self.log.add(
            "damage", unit.owner, unit=str(unit), amount=amount, shield=absorbed, temp_hp=temp, hp=left, hp_left=unit.hp
        )
        if amount:
            self.fire("on_damaged", unit.owner, unit=unit)
        if unit.hp <= 0 and not unit.gone:
            self.destroy(unit)
        return amount

    def _damage_taken_modifier(self, unit: Unit) -> int:
        return self.stat_bonus(unit, "damage_taken")

    # -- continuous effects (装备 and 状态 while attached, 直到… durations)

    def continuous(self, unit: Unit) -> list[A.Node]:
        """Continuous effects on ``unit``: the unit's own, its equipment's and statuses' (while
        attached, §7.3), and timed ones still running."""
        found: list[A.Node] = []
        sources: list[Card | Unit] = [unit, *unit.equipment, *unit.statuses]
        for source in sources:
            for ability in self._abilities(source):
                if ability.kind != "effect":
                    continue
                for sentence in ability.sentences:
                    found += [e for e in sentence.effects if isinstance(e, CONTINUOUS)]
        return found + [t.effect for t in unit.timed]

    def stat_bonus(self, unit: Unit, stat: str) -> int:
        """Sum of the ±X of continuous 移速 / 生命值上限 / 受到的伤害 / 攻击距离 / 攻击命中骰结果 effects."""
        return sum(e.delta for e in self.continuous(unit) if isinstance(e, A.Modify) and e.stat == stat)

    def cannot(self, unit: Unit, action: str) -> bool:
        return any(isinstance(e, A.Cannot) and e.action == action for e in self.continuous(unit))

    def max_hp(self, unit: Unit) -> int:
        return max(1, unit.max_hp + self.stat_bonus(unit, "max_hp"))

    def _expire(self, seat: int, moment: str) -> None:
        """End timed effects: every 直到回合结束 at a turn's end, 直到你的下个回合开始 at that player's turn start."""
        for unit in self.units():
            ended = [t for t in unit.timed if t.until == moment and (moment == "turn_end" or t.seat == seat)]
            for timed in ended:
                unit.timed.remove(timed)
                self.log.add("effect_ended", unit.owner, unit=str(unit), text=render(timed.effect))

    def _apply_continuous(self, effect: A.Node, ctx: Context, until: str | None) -> None:
        for unit in self._units(effect.ref, ctx):  # type: ignore[attr-defined]
            unit.timed.append(TimedEffect(effect, until, ctx.player))
            self.log.add("effect", ctx.player, unit=str(unit), text=render(effect), until=until or "leaves play")

    def destroy(self, unit: Unit) -> None:
        """消灭: 消灭时 triggers, then the unit goes to its owner's lost zone (§14.1, §14.7)."""
        self.fire("on_destroyed", unit.owner, unit=unit)
        if unit.gone:
            return
        unit.gone = True
        owner = self.player(unit.owner)
        owner.units.remove(unit)
        for card in list(unit.equipment) + list(unit.statuses):  # they leave with their unit (§7.3)
            (unit.equipment if card in unit.equipment else unit.statuses).remove(card)
            self.log.add("self_destruct", card.owner, card=str(card), reason=f"{unit} left play")
            self._to_discard(card, "self-destructed")
        owner.lost.append(unit)
        self.log.add("lost", unit.owner, unit=str(unit))
        self.fire("after_destroyed", unit.owner, unit=unit)
        self.fire("after_lost", unit.owner, unit=unit)
        if unit.kind == "agent" and self.decider.confirm(unit.owner, "失联抚恤: use 物资补充 for free?"):
            self.log.add("lost_agent_relief", unit.owner)
            self.buy(unit.owner, 1)

    def heal(self, unit: Unit, amount: int) -> None:
        before = unit.hp
        unit.hp = min(self.max_hp(unit), unit.hp + amount)
        self.log.add("heal", unit.owner, unit=str(unit), amount=unit.hp - before, hp=unit.hp)

    def gain_shield(self, unit: Unit, amount: int) -> None:
        cap = self.rules.self_shield_cap
        gained = max(0, min(cap, unit.shield + amount) - unit.shield)
        unit.shield += gained
        self.log.add("shield", unit.owner, unit=str(unit), amount=gained, shield=unit.shield, cap=cap)

    def roll_hit_dice(self, seat: int, count: int, modifier: int = 0) -> int:
        """Hit dice: modified results clamped to 1..6, damage from the face table, 马枪税 on all 1s (§13.2)."""
        faces = [self.rng.randint(1, 6) for _ in range(count)]
        results = [min(6, max(1, f + modifier)) for f in faces]
        damage = sum(self.rules.hit_die[r - 1] for r in results)
        self.log.add("hit_dice", seat, faces=faces, modifier=modifier, results=results, damage=damage)
        if results and all(r == 1 for r in results):
            self.log.add("consolation_buy", seat)
            self.buy(seat, 1)
        return damage

    # -- playing command cards (§7.3, §11.1)

    def can_play(self, seat: int, card: Card) -> Unit | None:
        """The unit that could play ``card`` now (cost payable, a legal user), or None.

        Response cards wait for a response timing, and a status that names no
        target cannot be played directly (§7.3.2); both are not playable here.
        """
        record = card.record
        player = self.player(seat)
        if card not in player.hand or record.is_response:
            return None
        if record.category == "status" and (record.status.target == "none" or not self._status_targets(seat, card)):
            return None
        mortgageable = sum(1 for c in player.hand if c is not card and not c.token)
        if record.cost.mortgage > mortgageable:
            return None
        for unit in player.units:
            if unit.gone or unit.kind != "agent" and not unit.record.can_use_command_cards:
                continue
            if record.cost.tap and unit.tapped:
                continue
            if record.agent is not None and unit.id != record.agent:
                continue
            if record.category == "equipment" and unit.kind not in record.equipment.users:
                continue
            return unit
        return None

    def _status_targets(self, seat: int, card: Card) -> list[Unit]:
        return [u for u in self._candidates(card.record.status.target, seat) if isinstance(u, Unit)]

    def play_card(self, seat: int, card: Card) -> None:
        """Play a command card from the hand: pay its cost, then equip, attach, deploy or resolve it."""
        unit = self.can_play(seat, card)
        if unit is None:
            raise EngineError(f"player {seat} cannot play {card} now")
        record = card.record
        player = self.player(seat)
        player.hand.remove(card)
        self.log.add("play", seat, card=str(card), by=str(unit), category=record.category)
        if record.cost.mortgage:
            self.mortgage(seat, record.cost.mortgage, required=True)
        if record.cost.tap:
            unit.tapped = True
            self.log.add("tap", seat, what=str(unit), reason="cost")
        for ability in self._abilities(card):
            if ability.kind == "triggered" and ability.timing == "on_play":
                self.log.add("trigger", seat, timing="on_play", source=str(card), text=render(ability))
                self.execute(ability, Context(seat, card, unit), pay=False)
        if record.category == "equipment":
            self.equip(unit, card)
        elif record.category == "status":
            target = self.decider.choose(seat, f"attach {card} to", self._status_targets(seat, card))
            self.attach(target, card)
        elif record.category == "minion":
            self.deploy_minion(seat, record.minion)
            self._resolve_effects(card, Context(seat, card, unit))
            self._to_discard(card, "minion deployed")
        else:
            self._resolve_effects(card, Context(seat, card, unit))
            if card not in player.removed:
                self._to_discard(card, "resolved")

    def _resolve_effects(self, card: Card, ctx: Context) -> None:
        """The card's plain abilities, top to bottom (§7.3.4)."""
        for ability in self._abilities(card):
            if ability.kind == "effect":
                self.execute(ability, ctx, pay=False)

    def deploy_minion(self, seat: int, unit_id: str) -> Unit:
        record = self.by_id.get(("unit", unit_id))
        if record is None or record.type != "minion":
            raise EngineError(f"{unit_id!r} is no minion")
        unit = Unit(self._next_uid(), unit_id, record.name.zh_hans, seat, "minion", record.hp, record.hp, record)
        unit.hidden = record.deploy.hidden
        unit.tapped = record.deploy.tapped
        self.player(seat).units.append(unit)
        self.log.add("deploy", seat, unit=str(unit))
        self.fire("on_enter", seat, unit=unit)
        return unit

    # -- triggers

    def _abilities(self, source: Card | Unit) -> list[A.Ability]:
        return parse_abilities(source)

    def fire(self, timing: str, seat: int, unit: Unit | None = None) -> None:
        """Collect the triggered abilities of ``timing`` and resolve them (§11.4, §11.7)."""
        pending: list[Pending[Any]] = []
        sources: list[tuple[Card | Unit, Unit]] = []
        if unit is not None:
            sources = [(unit, unit)] + [(c, unit) for c in unit.equipment + unit.statuses]
        elif timing in ("turn_start", "turn_end"):
            for u in self.player(seat).units:
                sources += [(u, u)] + [(c, u) for c in u.equipment + u.statuses]
        for source, holder in sources:
            for ability in self._abilities(source):
                if ability.kind == "triggered" and ability.timing == timing:
                    owner = holder.owner
                    card = source if isinstance(source, Card) else None

                    def run(
                        ability: A.Ability = ability,
                        owner: int = owner,
                        card: Card | None = card,
                        holder: Unit = holder,
                    ) -> None:
                        self.log.add("trigger", owner, timing=timing, source=str(card or holder), text=render(ability))
                        self.execute(ability, Context(owner, card, holder), pay=False)

                    pending.append(Pending(owner, f"{source}: {timing}", run))
        self.triggers.resolve(pending)

    # -- the interpreter

    def run_text(self, text: str, seat: int = 1) -> None:
        """Execute one ability as player ``seat``, with that player's first unit as 本单位."""
        try:
            ability = parse_cached(text)
        except AbilitySyntaxError as exc:
            raise EngineError(f"<text>:{exc.line}:{exc.column}: {exc.summary()}") from None
        player = self.player(seat)
        unit = player.units[0] if player.units else None
        self.log.add("ability", seat, text=render(ability))
        self.execute(ability, Context(seat, None, unit))

    def execute(self, ability: A.Ability, ctx: Context, pay: bool = True) -> None:
        if pay:
            for cost in ability.costs:
                self._pay(cost, ctx)
        for sentence in ability.sentences:
            self._effects(sentence.effects, ctx)

    def _pay(self, cost: A.Node, ctx: Context) -> None:
        if isinstance(cost, A.TapCost):
            thing: Any = ctx.card or ctx.unit
            if thing is None:
                return
            if thing.tapped:
                raise EngineError(f"{thing} is already tapped; 横置 cannot be paid (§8.1)")
            thing.tapped = True
            self.log.add("tap", ctx.player, what=str(thing), reason="cost")
        elif isinstance(cost, A.MortgageCost):
            self.mortgage(ctx.player, cost.count, required=True)
        elif isinstance(cost, A.DiscardCost):
            self.discard(ctx.player, cost.count, required=True)
        else:
            raise EngineError(f"{type(cost).__name__} is a netrunner cost, not a tactics one")

    def _effects(self, effects: Sequence[A.Node], ctx: Context) -> None:
        for effect in effects:
            self._effect(effect, ctx)

    def _effect(self, e: A.Node, ctx: Context) -> None:  # noqa: C901 - one branch per effect of the language
        seat = ctx.player
        if self._control(e, ctx, seat):
            return
        if isinstance(e, A.Until):
            for inner in e.effects:
                if isinstance(inner, CONTINUOUS):
                    self._apply_continuous(inner, ctx, e.until)
                else:
                    self._effect(inner, ctx)
        elif isinstance(e, A.Draw):
            self.draw(seat, e.count)
        elif isinstance(e, A.Buy):
            self.buy(seat, e.count)
        elif isinstance(e, A.Discard):
            target = seat if e.who == "you" else self._opponent(seat)
            self.discard(target, e.count)
        elif isinstance(e, A.Search):
            for _ in range(e.count):
                self.search(seat, e.name, e.source)
        elif isinstance(e, A.Reveal):
            for _ in range(e.count):
                self.reveal_until(seat, e.category)
        elif isinstance(e, A.Mulligan):
            for _ in range(e.count):
                self.mulligan(seat)
        elif isinstance(e, A.Mortgage):
            self.mortgage(seat, e.count)
        elif isinstance(e, A.GainToken):
            for _ in range(e.count):
                self.gain_token(seat, e.name)
        elif isinstance(e, A.Roll):
            ctx.result = max(self.rng.randint(1, 6) for _ in range(e.count))
            self.log.add("roll", seat, result=ctx.result)
        elif isinstance(e, A.Damage):
            for unit in self._units(e.ref, ctx):
                self.damage(unit, e.amount)
        elif isinstance(e, A.Heal):
            for unit in self._units(e.ref, ctx):
                self.heal(unit, e.amount)
        elif isinstance(e, A.GainShield):
            for unit in self._units(e.ref, ctx):
                self.gain_shield(unit, e.amount)
        elif isinstance(e, A.GainTempHp):
            for unit in self._units(e.ref, ctx):
                unit.temp_hp += e.amount
                self.log.add("temp_hp", unit.owner, unit=str(unit), amount=e.amount, temp_hp=unit.temp_hp)
        elif isinstance(e, A.Tap | A.Reset):
            for thing in self._things(e.ref, ctx):
                thing.tapped = isinstance(e, A.Tap)
                self.log.add("tap" if thing.tapped else "reset", seat, what=str(thing))
        elif isinstance(e, A.Destroy):
            for thing in self._things(e.ref, ctx):
                self.destroy(thing) if isinstance(thing, Unit) else self.self_destruct(thing)
        elif isinstance(e, A.SelfDestruct):
            for thing in self._things(e.ref, ctx):
                if isinstance(thing, Card):
                    self.self_destruct(thing)
        elif isinstance(e, A.Remove):
            for thing in self._things(e.ref, ctx):
                if isinstance(thing, Card):
                    self.player(thing.owner).removed.append(thing)
                    self.log.add("removed", thing.owner, card=str(thing))
        elif isinstance(e, A.Expose):
            for unit in self._units(e.ref, ctx):
                unit.hidden = False
                self.log.add("exposed", unit.owner, unit=str(unit))
        elif isinstance(e, A.BasicAttack | A.AttackWith):
            for attacker in self._units(e.ref, ctx):
                for _ in range(e.count):
                    self._attack(attacker, ctx, getattr(e, "name", None))
        elif isinstance(e, A.AttackMod):
            if ctx.attack is not None:
                ctx.attack[e.stat] = ctx.attack.get(e.stat, 0) + e.delta
            self.log.add("attack_modifier", seat, stat=e.stat, delta=e.delta)
        elif isinstance(e, CONTINUOUS):
            self._apply_continuous(e, ctx, None)  # e.g. `dossier text run '本单位移速 +1。'`
        elif isinstance(e, A.Move):
            for unit in self._units(e.ref, ctx):
                if self.cannot(unit, "move"):
                    self.log.add("move_prevented", unit.owner, unit=str(unit))
                else:
                    bonus = self.stat_bonus(unit, "move") if e.high > 1 else 0
                    self.log.add("move", unit.owner, unit=str(unit), low=e.low, high=max(e.low, e.high + bonus))
        elif isinstance(e, A.Deploy | A.Switch):
            self.log.add("effect", seat, text=render(e))  # positions and facing come with the map step
        else:
            raise EngineError(f"{render(e)!r} ({type(e).__name__}) is not a tactics effect")

    def _attack(self, attacker: Unit, ctx: Context, name: str | None) -> None:
        """One attack (§13.1): choose the target, 攻击时 triggers, hit dice, damage, 攻击后 triggers."""
        enemies = [u for u in self.units() if u.owner != attacker.owner]
        if not enemies:
            self.log.add("attack_failed", attacker.owner, unit=str(attacker), reason="no enemy unit")
            return
        if self.cannot(attacker, "attack"):
            self.log.add("attack_prevented", attacker.owner, unit=str(attacker))
            return
        target = self.decider.choose(attacker.owner, f"target of {attacker}'s attack", enemies)
        profile = self._attack_profile(name)
        attack: dict[str, Any] = {"target": target}
        previous = ctx.attack
        ctx.attack = attack
        self.log.add("attack", attacker.owner, unit=str(attacker), target=str(target), attack=name or "袭击")
        self.fire("on_attack", attacker.owner, unit=attacker)
        speed = max(1, profile + attack.get("speed", 0))
        modifier = attack.get("hit_result", 0) + self.stat_bonus(attacker, "hit_result")
        damage = self.roll_hit_dice(attacker.owner, speed, modifier) + attack.get("damage", 0)
        if damage:
            self.damage(target, damage)
        attack["destroyed"] = target.gone
        self.fire("after_attack", attacker.owner, unit=attacker)
        ctx.attack = previous

    def _attack_profile(self, name: str | None) -> int:
        for record in self.records:
            if record.kind == "attack" and (name is None or record.name.zh_hans == name):
                speed: int = record.attack.speed
                return speed
        return 1

    def _opponent(self, seat: int) -> int:
        others = [p.seat for p in self.players if p.seat != seat]
        return others[0] if len(others) == 1 else self.decider.choose(seat, "which opponent", others)

    def _units(self, ref: A.Node, ctx: Context) -> list[Unit]:
        return [t for t in self._things(ref, ctx) if isinstance(t, Unit)]

    def _things(self, ref: A.Node, ctx: Context) -> list[Any]:
        """What a reference means here; targets and choices come from the decider."""
        if isinstance(ref, A.Fixed):
            if ref.ref == "self_unit":
                return [ctx.unit] if ctx.unit else []
            if ref.ref in ("wearer", "attached"):
                holder = self.holder(ctx.card) if ctx.card else ctx.unit
                return [holder] if holder else []
            if ref.ref == "this_card":
                if ctx.card is None:
                    self.log.add("no_card", ctx.player, reason="the text is not on a card in play")
                    return []
                return [ctx.card]
            if ref.ref == "attack_target":
                return [ctx.attack["target"]] if ctx.attack else []
            if ref.ref == "attacker":
                return [ctx.unit] if ctx.unit else []
        if isinstance(ref, A.Target | A.Chosen):
            options = self._candidates(ref.noun, ctx.player)
            if not options:
                self.log.add("target_lost", ctx.player, ref=render(ref))
                return []
            count = ref.count if isinstance(ref, A.Chosen) else 1
            return list(self.decider.choose_many(ctx.player, render(ref), options, count))
        raise EngineError(f"cannot resolve {type(ref).__name__}")

    def _candidates(self, noun: str | None, seat: int) -> list[Any]:
        units = self.units()
        if noun in ("equipment", "enemy_equipment"):
            cards = [c for u in units for c in u.equipment]
            return [c for c in cards if noun == "equipment" or self.holder(c) and self.holder(c).owner != seat]  # type: ignore[union-attr]
        if noun is None or noun == "unit":
            return units
        side, _, kind = noun.rpartition("_")
        out = [u for u in units if u.kind == kind or kind == "unit"]
        if side == "friendly":
            out = [u for u in out if u.owner == seat]
        elif side == "enemy":
            out = [u for u in out if u.owner != seat]
        return out

    def _condition(self, c: A.Node, ctx: Context) -> bool:
        seat = ctx.player
        if isinstance(c, A.All):
            return all(self._condition(p, ctx) for p in c.parts)
        if isinstance(c, A.HandAtMost):
            return len(self.player(seat).hand) <= c.count
        if isinstance(c, A.MortgageNotEmpty):
            return bool(self.player(seat).mortgage)
        if isinstance(c, A.ShopEmpty):
            return not self.shop
        if isinstance(c, A.ResultAtLeast):
            return ctx.result is not None and ctx.result >= c.value
        if isinstance(c, A.IsState):
            return any(u.hidden == (c.state == "hidden") for u in self._units(c.ref, ctx))
        if isinstance(c, A.HpAtMost):
            return any(u.hp <= c.value for u in self._units(c.ref, ctx))
        if isinstance(c, A.IsKind):
            things = [ctx.attack["target"]] if isinstance(c.ref, A.Target) and ctx.attack else self._things(c.ref, ctx)
            return any(isinstance(t, Unit) and t.kind == c.noun.rpartition("_")[2] for t in things)
        if isinstance(c, A.IsDestroyed):
            return bool(ctx.attack and ctx.attack.get("destroyed"))
        raise EngineError(f"{render(c)!r} is not a tactics condition")
