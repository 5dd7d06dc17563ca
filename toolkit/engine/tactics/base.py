"""Card-level rules of the tactics game: zones, tokens, equipment, damage, continuous effects, triggers.

- draw from the personal deck, reshuffling the discard when it is empty (§7.5:
  personal cards into the deck, gold ones into the matrix shop); buy from the
  matrix shop, refilling it from every player's discarded gold cards when it is
  empty (预算超支, §2.2), or draw in modes without a shop (§15.1); search,
  reveal-until (翻牌) and mulligan (调度, a token put back removed instead) (§7.5);
- mortgage (-X costs and effects), returning at the start of the owner's turn;
  the hand limit at the end of the turn is 8 minus the mortgaged cards, tokens
  exempt (§2.3, §8.2, RULINGS T8);
- damage goes to shields, then temporary HP, then HP (§8.3, RULINGS T10); own
  shield is capped at 6; a unit at 0 HP is destroyed: 消灭时 while it is still on
  the map, then (after the attack's 攻击后 window when an attack destroyed it) it
  goes to its owner's lost zone, its equipment and statuses self-destruct, and
  消灭后/失联后 trigger; a lost agent gives 失联抚恤 (§14, RULINGS T11, T21); a unit
  whose control was taken goes with everything attached to its owner's zones (§5.4);
- equipment slots (carried 0 / normal 1 / heavy 2 of 2) with self-destruct on
  overflow (§7.3.1); tokens: ``max_in_play`` per player, removed instead of
  discarded (§7.4.2, RULINGS T4);
- continuous effects of a unit's text, its equipment and statuses, and timed ones
  (直到回合结束, 直到你的下个回合开始); reversible cards show one face (§7.4.1);
- triggered abilities resolve through :class:`~toolkit.engine.core.Triggers`
  (§11.4, §11.7); every resolving ability is logged with its ``source`` record id
  and ``ability`` index, and :attr:`coverage` records whether it changed the game;
  a face-down agent's own turns it face up as its text first does something, and is
  logged then (§8.4, :meth:`TacticsBase.use_hidden`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n import current_lang, name_of, tc, tr, trn
from toolkit.i18n.words import N_
from toolkit.models.tactics import SLOTS_BY_SIZE
from toolkit.text import ast as A

from ..core import (
    Decider,
    EngineError,
    Event,
    FirstDecider,
    Log,
    Pending,
    TextRunner,
    Triggers,
    parse_abilities,
    rendered,
)
from .state import CONTINUOUS, Attack, Card, Context, Player, TimedEffect, Unit, Unused

SourceKey = tuple[str, int]


def player_counts(mode: Any) -> list[int]:
    """The player counts ``mode`` may be played with, as its record says: ``players.counts`` where not every
    count from min to max is (§15.2 双雄 "2 或 4 人"), else min to max."""
    allowed = getattr(mode.players, "allowed", None)
    return list(allowed()) if allowed is not None else list(range(mode.players.min, mode.players.max + 1))


def _counts_text(counts: list[int]) -> str:
    """"2", "2 or 4", "2-4": the counts as a reader says them."""
    if len(counts) == 1:
        return str(counts[0])
    if counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]}"
    return tc(current_lang(), "numbers", " or ").join(str(n) for n in counts)  # "2 或 4": spaced as numbers are


class TacticsBase(TextRunner):
    """Zones, cards and units of one game; the board, actions and attacks build on it."""

    def __init__(
        self,
        records: Iterable[Any],
        mode_id: str = "duo",
        players: int = 2,
        seed: int = 0,
        decider: Decider | None = None,
    ) -> None:
        self.records = [r for r in records if getattr(r, "game", None) == "tactics"]
        self.by_id = {(r.kind, r.id): r for r in self.records}
        games = [r for r in self.records if r.kind == "game"]
        if not games:
            raise EngineError(tr("no tactics game record in the data"))
        self.rules = games[0]
        mode = self.by_id.get(("mode", mode_id))
        if mode is None:
            modes = sorted(r.id for r in self.records if r.kind == "mode")
            if not modes:  # (no empty list of modes)
                raise EngineError(tr("unknown tactics mode {mode}: the data has no tactics modes", mode=repr(mode_id)))
            raise EngineError(
                tr("unknown tactics mode {mode}; modes: {modes}", mode=repr(mode_id), modes=", ".join(modes))
            )
        self.mode: Any = mode
        allowed = player_counts(self.mode)
        if players not in allowed:
            raise EngineError(
                tr("{mode} is for {counts} players, not {n}", mode=name_of(self.mode, current_lang()),
                   counts=_counts_text(allowed), n=players)
            )  # fmt: skip
        self.rng = random.Random(seed)
        self.seed = seed
        self.log = Log()
        self.decider = decider or FirstDecider()
        self.players = [Player(seat) for seat in range(1, players + 1)]
        for p in self.players:
            p.team = self.team_of(p.seat)
        self.active = 1
        self.round = 0
        self.shop: list[Card] = []
        self.obstacles: list[Unit] = []  # neutral units on the map
        self._uid = 0
        self.triggers = Triggers(self.turn_order, self.decider)
        self.cards_by_name = {r.name.zh_hans: r for r in self.records if r.kind == "card"}
        self.attacks: list[Attack] = []  # attacks in progress, innermost last
        self.winners: list[int] | None = None
        self.end_reason = ""
        # (record id, ability index) -> [reached, changed the game]
        self.coverage: dict[SourceKey, list[bool]] = {}
        # why an ability never ran or never changed the game (the coverage report's reasons, issue 25):
        # (timing, record id) -> times that timing occurred for a source of that record; and per ability that
        # resolved without changing anything, what its log said (a condition false, no target, …)
        self.occasions: Counter[tuple[str, str]] = Counter()
        self.idle: dict[SourceKey, Counter[str]] = {}
        # whether this game keeps the coverage measure above (a searcher's copies do not: :meth:`clone`)
        self.measures = True
        self._parsed: dict[tuple[str, str, str], list[tuple[int, A.Ability]]] = {}
        # per (kind, id, face): the continuous effects of that face's text, with their source keys
        self._continuous: dict[tuple[str, str, str], list[tuple[A.Node, SourceKey | None]]] = {}
        self._shared: dict[Any, Any] = {}  # what is worked out once from the records or a board, shared with copies

    # -- seats, teams, hostility (§5.3, T22)

    def team_of(self, seat: int) -> int:
        """Seats 1 and 3 against 2 and 4 in team play with four players; otherwise every seat alone."""
        if seat == 0:
            return 0
        if self._paired():
            return 1 if seat % 2 else 2
        return seat

    def _paired(self) -> bool:
        """Team play with four players (seats 1 and 3 against 2 and 4), worked out once."""
        found: bool | None = self.__dict__.get("_pairs")
        if found is None:
            found = self._pairs = self.mode.teams == "teams" and len(self.players) == 4
        return found

    def hostile(self, a: int, b: int) -> bool:
        """Obstacles (seat 0) are hostile to all; teammates are friendly (T22)."""
        if a == 0 or b == 0:
            return True
        if a == b:
            return False
        paired = self.__dict__.get("_pairs")  # (:meth:`_paired`, once worked out)
        if paired is None:
            paired = self._paired()
        return (a % 2 != b % 2) if paired else True

    def opponents(self, seat: int) -> list[int]:
        """Hostile seats in turn order after ``seat`` (§12.3)."""
        seats = [p.seat for p in self.players]
        start = seats.index(seat)
        order = seats[start + 1 :] + seats[:start]
        return [s for s in order if self.hostile(seat, s) and not self.player(s).out]

    def player(self, seat: int) -> Player:
        if not 1 <= seat <= len(self.players):
            raise EngineError(tr("no player in seat {seat}", seat=seat))
        return self.players[seat - 1]

    def turn_order(self) -> list[int]:
        """Seats starting with the current player (§11.7)."""
        seats = [p.seat for p in self.players]
        start = seats.index(self.active)
        return seats[start:] + seats[:start]

    def units(self) -> list[Unit]:
        """Every unit on the map: the players' and the obstacles."""
        return [u for p in self.players for u in p.units if not u.gone] + [u for u in self.obstacles if not u.gone]

    def state(self) -> dict[str, Any]:
        """Zone sizes, the executing player first, and the shop."""
        order = self.turn_order()
        return {"players": [self.player(s).sizes() for s in order], "shop": len(self.shop)}

    def _next_uid(self) -> int:
        self._uid += 1
        return self._uid

    def _card(self, card_id: str, owner: int, shop: bool = False) -> Card:
        record = self.by_id.get(("card", card_id))
        if record is None:
            raise EngineError(tr("unknown tactics card {id}", id=repr(card_id)))
        return Card(self._next_uid(), card_id, record.name.zh_hans, owner, record, record.token is not None, shop)

    # -- zones

    def _to_discard(self, card: Card, why: str, seat: int | None = None) -> None:
        """``card`` to its owner's discard (``seat``: to that player's, §5.4); a token is removed instead."""
        seat = seat or card.owner
        owner = self.player(seat) if seat else None
        left_play(card)
        if card.token:
            self._remove_token(card, why, seat)
            return
        if owner is None:  # a shop card nobody owns goes to the active player's discard
            owner = self.player(self.active)
        owner.discard.append(card)
        self.log.add("discarded", owner.seat, card=str(card), reason=why)

    def _remove_token(self, card: Card, why: str, seat: int | None = None) -> None:
        """A token that would go to the discard or back into the deck is removed instead (§7.4.2, T4): into its
        owner's removed zone (``seat``: that player's)."""
        seat = seat or card.owner
        if seat:
            self.player(seat).removed.append(card)
        reason = Phrase(N_("a token is removed instead ({reason})"), reason=why)
        self.log.add("removed", card.owner, card=str(card), reason=reason)

    def draw(self, seat: int, count: int) -> int:
        """Draw from the personal deck; when it runs out, reshuffle: every command card of the discard is shuffled
        into its own pile, the personal ones into the deck, the gold ones into the matrix shop (§7.5)."""
        player = self.player(seat)
        drawn = 0
        for _ in range(count):
            if not player.deck:
                personal = [c for c in player.discard if not c.shop]
                gold = [c for c in player.discard if c.shop]
                if not personal and not gold:
                    self.log.add("draw_failed", seat, reason=Phrase(N_("deck and discard are empty")))
                    break
                player.discard = []
                self.rng.shuffle(personal)
                player.deck = personal
                if gold:
                    self.shop += gold
                    self.rng.shuffle(self.shop)
                    self.log.add("reshuffle", seat, cards=len(personal), shop=len(gold))
                else:
                    self.log.add("reshuffle", seat, cards=len(personal))
                if not personal:
                    self.log.add("draw_failed", seat, reason=Phrase(N_("deck and discard are empty")))
                    break
            card = player.deck.pop()
            card.owner = seat  # (a card left in this player's discard by a unit of theirs another controlled, §5.4)
            player.hand.append(card)
            drawn += 1
            self.log.add("draw", seat, visible=[seat], card=str(card))
        return drawn

    def buy(self, seat: int, count: int) -> int:
        """Buy from the matrix shop (预算超支 when empty), or draw in modes without a shop (§2.2)."""
        if not self.mode.matrix_shop:
            self.log.add("buy_as_draw", seat, count=count, reason=Phrase(N_("{mode} has no matrix shop"), mode=self.mode.id))
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
                    self.log.add("buy_failed", seat, reason=Phrase(N_("the matrix shop and the discards hold no gold card")))
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
        """调度: put any cards of the hand at the bottom, draw as many, shuffle the deck (a token put back is removed
        instead, §7.4.2; a gold card goes to the bottom of its own pile, the matrix shop: §7.5 "分别洗入对应的牌库",
        §2.2 no common draw takes a shop card)."""
        player = self.player(seat)
        asked = N_("mulligan: put {card} at the bottom?")
        chosen = [c for c in list(player.hand) if self.decider.confirm(seat, Phrase(asked, card=str(c)))]
        for card in chosen:
            player.hand.remove(card)
            if card.token:
                self._remove_token(card, Phrase(N_("put at the bottom of the deck by a mulligan")))
            elif card.shop:
                self.shop.insert(0, card)  # (the shop's top is its end: bought from there)
            else:
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
            raise EngineError(
                trn(
                    "player {seat} cannot pay {cost}: {n} card can be mortgaged",
                    "player {seat} cannot pay {cost}: {n} cards can be mortgaged",
                    len(options),
                    seat=seat,
                    cost=f"-{count}",
                )
            )
        chosen = self.decider.choose_many(seat, Phrase(N_("mortgage a card")), options, count)
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
            raise EngineError(
                tr(
                    "player {seat} cannot discard {count}: the hand holds {n}",
                    seat=seat,
                    count=count,
                    n=len(player.hand),
                )
            )
        chosen = self.decider.choose_many(seat, Phrase(N_("discard a card")), list(player.hand), count)
        for card in chosen:
            player.hand.remove(card)
            self._to_discard(card, Phrase(N_("discarded from the hand")))
        return len(chosen)

    # -- tokens, equipment, statuses

    def gain_token(self, seat: int, name: str) -> Card | None:
        record = self.cards_by_name.get(name)
        if record is None or record.token is None:
            raise EngineError(tr("{name} is no token card", name=f"「{name}」"))
        player = self.player(seat)
        # T4 "max_in_play per player": the player's copies in the hand and in play anywhere, a status on an
        # enemy unit too (counting only the player's own units let 侦察标记 stack past 100 on one enemy)
        held = sum(1 for c in player.hand + player.board if c.id == record.id) + sum(
            1 for u in self.units() for c in u.equipment + u.statuses if c.id == record.id and c.owner == seat
        )
        if held >= record.token.max_in_play:
            self.log.add("token_limit", seat, card=name, max_in_play=record.token.max_in_play)
            return None
        card = self._card(record.id, seat)
        player.hand.append(card)
        self.log.add("gain_token", seat, card=str(card))
        return card

    def equip(self, unit: Unit, card: Card) -> None:
        """Attach equipment; on overflow the owner self-destructs equipment that takes slots until it fits (§7.3.1:
        carried equipment takes none, so destroying it makes no room)."""
        size = SLOTS_BY_SIZE[card.record.equipment.size]
        while sum(SLOTS_BY_SIZE[c.record.equipment.size] for c in unit.equipment) + size > self.rules.equipment_slots:
            asked = Phrase(N_("self-destruct equipment to fit {card}"), card=str(card))
            room = [c for c in unit.equipment if SLOTS_BY_SIZE[c.record.equipment.size]]
            victim = self.decider.choose(unit.seat, asked, room)
            self.self_destruct(victim)
        unit.equipment.append(card)
        self.log.add("equip", unit.seat, unit=str(unit), card=str(card))
        if card.record.agent is not None and unit.kind == "agent":
            self.expose(unit, Phrase(N_("wears exclusive equipment (§8.4)")))
        self.check_exposure()  # (佩戴者获得侧向视野: its wearer may see a hidden enemy now)

    def attach(self, unit: Unit, card: Card) -> None:
        unit.statuses.append(card)
        self.log.add("attach", card.owner, unit=str(unit), card=str(card))
        self.check_exposure()  # (贴附单位获得背向视野)

    def holder(self, card: Card) -> Unit | None:
        return next((u for u in self.units() if card in u.equipment or card in u.statuses), None)

    def self_destruct(self, card: Card, reason: str | None = None) -> None:
        """自毁 (§14.5): it leaves its unit for the discard and its own 消灭时 fires, as when its wearer dies (§7.3.1
        "依然触发消灭时能力", T25)."""
        unit = self.holder(card)
        if unit is not None:
            (unit.equipment if card in unit.equipment else unit.statuses).remove(card)
        if reason is None:
            self.log.add("self_destruct", card.owner, card=str(card))
        else:
            self.log.add("self_destruct", card.owner, card=str(card), reason=reason)
        self._to_discard(card, "self-destructed")
        self.cap_hp()
        self.fire_card("on_destroyed", card, unit)

    def destroy_card(self, card: Card, by: int, cause: str) -> None:
        """An effect destroys ``card`` (§14.4 消灭指令, ``cause`` the card or unit whose effect it is, of ``by``'s): no
        自毁 (§14.5), it is logged as destroyed; it leaves its unit for the discard and its own 消灭时 fires (T25)."""
        unit = self.holder(card)
        if unit is not None:
            (unit.equipment if card in unit.equipment else unit.statuses).remove(card)
        reason = Phrase(N_("destroyed by {source}"), source=cause)
        self.log.add("destroyed", card.owner, card=str(card), by=by, reason=reason)
        self._to_discard(card, reason)
        self.cap_hp()
        self.fire_card("on_destroyed", card, unit)

    def check_exposure(self) -> None:
        """Expose every hidden unit in an enemy unit's sight at distance 0-1 (§8.4): supplied by the board. Run
        after every change of what a unit sees or where it stands: equipment worn and statuses attached
        (:meth:`equip`, :meth:`attach`), whatever an ability does (:meth:`run_ability`: a vision gained for a while,
        a card tapped or reset, a wall destroyed), a move or a deployment, a unit pushed out of a wall, the reset at
        a turn's start, a control changed."""

    def seat_for(self, unit: Unit, by: int | None = None) -> int:
        """Whose abilities a unit's triggers are: its controller's; an obstacle's are the player's whose
        effect caused them (a documented reading: obstacles are neutral and have no player)."""
        return unit.seat or by or self.active

    def expose(self, unit: Unit, reason: str) -> None:
        """Turn a hidden unit face up (§8.4); its 暴露时 abilities fire (T23)."""
        if unit.hidden:
            unit.hidden = False
            self.log.add("exposed", unit.seat or None, unit=str(unit), reason=reason)
            if getattr(self, "started", True):
                self.fire("on_exposed", self.seat_for(unit), unit=unit)

    # -- units

    def damage(self, unit: Unit, amount: int, by: int | None = None) -> int:
        """Shields first (own, then equipment), then temporary HP, then HP (§8.3, RULINGS T10)."""
        if unit.gone or unit.dying:
            return 0
        amount = max(0, amount + self._stat(unit, "damage_taken"))
        left = amount
        used_up: list[Card] = []  # equipment destroyed by the damage: its 消灭时 fires (§8.3, T25)
        absorbed = min(unit.shield, left)
        unit.shield -= absorbed
        left -= absorbed
        by_equipment: list[Phrase] = []  # what each equipment's shield took, named (the line adds up, T10)
        for card in list(unit.equipment):
            shield = card.shield_left if card.shield_left is not None else card.record.equipment.shield or 0
            if left and shield:
                used = min(shield, left)
                card.shield_left = shield - used
                left -= used
                by_equipment.append(Phrase(N_("{field}: {value}"), field=str(card), value=used))
                if card.shield_left <= 0:
                    self.log.add("equipment_destroyed", unit.seat, card=str(card))
                    unit.equipment.remove(card)
                    self._to_discard(card, Phrase(N_("its shield was used up")))
                    used_up.append(card)
        if used_up:
            self.cap_hp()
        temp = min(unit.temp_hp, left)
        unit.temp_hp -= temp
        left -= temp
        unit.hp -= left
        if left > 0:
            self.expose(unit, Phrase(N_("lost HP")))
        # amount = own shield + each equipment's shield (``equipment_shield``, there when one took some) + temp HP + HP
        shields: dict[str, Any] = {"shield": absorbed}
        if by_equipment:
            shields["equipment_shield"] = by_equipment
        self.log.add("damage", unit.seat, unit=str(unit), amount=amount, **shields, temp_hp=temp, hp=left, hp_left=unit.hp)
        for card in used_up:
            self.fire_card("on_destroyed", card, unit)
        if amount:
            self.fire("on_damaged", self.seat_for(unit, by), unit=unit)
        if unit.hp <= 0 and not unit.gone:
            self.destroy(unit, by)
        return amount

    def destroy(self, unit: Unit, by: int | None = None) -> None:
        """消灭: 先发制人 scores at once (§15.2 "消灭敌方特工的玩家得到 1 分", T22), a player reaching the mode's
        points winning there, before a 最后一击 or 消灭时 ability of the unit; 消灭时 triggers while the unit is still
        on the map; during an attack it leaves after the 攻击后 window (T21), otherwise at once (§14.1, §14.7). A
        hidden unit turns face up first: being destroyed lowers its HP to 0 (§14.1 "直接将目标单位的生命值降低至 0"),
        and a hidden unit whose HP drops is exposed, its 暴露时 abilities firing (§8.4 "生命值减少时"), as when
        damage destroys it."""
        if unit.gone or unit.dying:
            return
        if unit.hidden:
            self.expose(unit, Phrase(N_("destroyed: its HP drops to 0 (§14.1)")))
            if unit.gone or unit.dying:  # (its 暴露时 abilities destroyed it already)
                return
        unit.dying = True
        unit.hp = min(unit.hp, 0)
        unit.destroyed_by = by
        self.log.add("destroyed", unit.seat or None, unit=str(unit), by=by)
        self.score_destroyed(unit)
        self.fire("on_destroyed", self.seat_for(unit, by), unit=unit)
        if self.attacks:
            self.attacks[-1].dying.append(unit)
        else:
            self.leave(unit)

    def leave(self, unit: Unit, window: bool = True) -> None:
        """A destroyed unit goes to its owner's lost zone (T11); an obstacle, no player's, to none (nor is it logged
        as lost: its destruction is). A game it decides is over there (尘消 is won the moment
        no enemy agent is on the map): nothing more happens. Otherwise 消灭后 and 失联后 trigger, by its controller, a
        lost agent's owner is offered 失联抚恤, and (``window``; an attack opens one for all the units it destroyed)
        special abilities may be used at that timing point (T26, §14.7). A player it leaves out (no agent left, none
        standing by) takes no more part: no relief, and its own 消灭后 / 失联后 abilities do not trigger."""
        if unit.gone:
            return
        controller = unit.seat
        unit.gone = True
        if unit.hidden:  # its card and piece go face up to the lost zone (§14.1 "以正面朝上放置于所属失联区")
            unit.hidden = False
            face_up = Phrase(N_("goes face up to the lost zone (§14.1)"))
            self.log.add("exposed", unit.seat or None, unit=str(unit), reason=face_up)
        if unit.kind == "obstacle":
            if unit in self.obstacles:
                self.obstacles.remove(unit)
        else:
            self.player(controller).units.remove(unit)
        attached = list(unit.equipment) + list(unit.statuses)
        # they leave with their unit (§7.3); from an enemy unit whose control was taken, to that enemy's discard with
        # it ("其和其上贴覆的所有物件将会置入敌方玩家的弃牌区", §5.4, T11)
        to = unit.owner if unit.owner and unit.owner != controller else None
        for card in attached:
            (unit.equipment if card in unit.equipment else unit.statuses).remove(card)
            self.log.add("self_destruct", card.owner, card=str(card), reason=Phrase(N_("{unit} left play"), unit=str(unit)))
            self._to_discard(card, "self-destructed", to)
        if unit.owner:
            owner = self.player(unit.owner)
            owner.lost.append(unit)
            if unit.card is not None and unit.card in self.player(controller).board:
                self.player(controller).board.remove(unit.card)
                owner.lost.append(unit.card)
        if unit.kind != "obstacle":  # (an obstacle is no player's: it has no lost zone, its destruction is logged)
            self.log.add("lost", unit.owner or None, unit=str(unit), controller=controller)
        self.check_victory()  # (won as it left the map, or before, as it was destroyed: nobody does anything more)
        if self.winners is not None:
            return
        fired_by = controller or (unit.destroyed_by or self.active)
        # leave-play abilities look back: the cards the unit wore when it left trigger too
        self.fire("after_destroyed", fired_by, unit=unit, extra=attached)
        self.fire("after_lost", fired_by, unit=unit, extra=attached)
        relief = Phrase(N_("lost-agent relief: use {ability} for free?"), ability=Term("record", "resupply"))
        over = self.winners is not None  # (a 消灭后 ability won the game: nobody is asked anything more)
        # (nor a player out, its last agent gone: it takes no more part, and buys nothing from the shop the others
        # share, §2.2)
        out = bool(unit.owner) and self.player(unit.owner).out
        if unit.kind == "agent" and unit.owner and not over and not out and self.decider.confirm(unit.owner, relief):
            self.log.add("lost_agent_relief", unit.owner)
            self.buy(unit.owner, 1)
        self.check_victory()
        if window:
            self.destroyed_window(unit)

    def destroyed_window(self, unit: Unit) -> None:
        """The 消灭后 / 失联后 timing point of ``unit``, destroyed outside an attack: supplied by the attack rules."""

    def score_destroyed(self, unit: Unit) -> None:
        """先发制人 (T22): an enemy agent destroyed scores 1 for the player whose unit destroyed it, as it is
        destroyed (消灭); the first player to reach the mode's points wins there."""

    def check_victory(self) -> None:
        """Decided by the game (the board knows which agents are on the map)."""

    def heal(self, unit: Unit, amount: int) -> None:
        if unit.kind == "obstacle":
            self.log.add("heal_refused", unit.seat or None, unit=str(unit), reason=Phrase(N_("obstacles cannot be healed (§5.2)")))
            return
        before = unit.hp
        unit.hp = min(self.max_hp(unit), unit.hp + amount)
        self.log.add("heal", unit.seat, unit=str(unit), amount=unit.hp - before, hp=unit.hp)

    def gain_shield(self, unit: Unit, amount: int) -> None:
        cap = self.rules.self_shield_cap
        gained = max(0, min(cap, unit.shield + amount) - unit.shield)
        unit.shield += gained
        self.log.add("shield", unit.seat, unit=str(unit), amount=gained, shield=unit.shield, cap=cap)

    def gain_temp_hp(self, unit: Unit, amount: int) -> None:
        """Temporary HP, marked with a red d6 (§8.3): at most the game's ``temp_hp_cap`` (6) at a time, as
        own shield is capped; it is gone at its controller's next turn start."""
        cap = self.rules.temp_hp_cap
        gained = max(0, min(cap, unit.temp_hp + amount) - unit.temp_hp)
        unit.temp_hp += gained
        self.log.add("temp_hp", unit.seat, unit=str(unit), amount=gained, temp_hp=unit.temp_hp, cap=cap)

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

    # -- abilities of a source, continuous effects (装备 and 状态 while attached, 直到… durations)

    def indexed_abilities(self, source: Any) -> list[tuple[int, A.Ability]]:
        """The active abilities of ``source`` with their index in the record's ``text`` (a reverse face
        continues the numbering after the front). A tapped reversible card shows only its 此面生效 face."""
        return self.face_abilities(source, self._active_face(source))

    def _active_face(self, source: Any) -> str:
        """The face whose text is active: ``front``, or a reversible card's face played (此面生效 when tapped)."""
        if not isinstance(source, Card):
            return "front"
        reverse = getattr(source.record, "reverse", None)
        if reverse is None:
            return "front"
        return str(reverse.active_when_tapped) if source.tapped else source.face

    def face_abilities(self, source: Any, face: str) -> list[tuple[int, A.Ability]]:
        """The abilities of one face of ``source`` (``front`` or ``reverse``), indexed as above."""
        record = source.record
        key = (record.kind, record.id, face)
        cached = self._parsed.get(key)
        if cached is None:
            front = parse_abilities(source)
            if face == "front" or getattr(record, "reverse", None) is None:
                cached = list(enumerate(front))
            else:
                back = parse_abilities(_Face(record.reverse))
                cached = [(len(front) + i, ab) for i, ab in enumerate(back)]
            self._parsed[key] = cached
        return cached

    def kind_abilities(self, source: Any, kind: str) -> list[tuple[int, A.Ability]]:
        """:meth:`indexed_abilities` of one kind (``special``, ``response``, …), kept per record and face."""
        record = source.record
        face = "front"
        if isinstance(source, Card):  # (:meth:`_active_face`, written out)
            reverse = getattr(record, "reverse", None)
            if reverse is not None:
                face = str(reverse.active_when_tapped) if source.tapped else source.face
        key = (record.kind, record.id, face, kind)
        found: list[tuple[int, A.Ability]] | None = self._shared.get(key)
        if found is None:
            found = self._shared[key] = [(i, ab) for i, ab in self.face_abilities(source, face) if ab.kind == kind]
        return found

    def forget_texts(self, record_id: str) -> None:
        """Drop what was read from the text of the records with id ``record_id`` (their text was replaced)."""
        self._parsed = {k: v for k, v in self._parsed.items() if k[1] != record_id}
        self._continuous = {k: v for k, v in self._continuous.items() if k[1] != record_id}
        self._shared.clear()  # worked out from the records: worked out again as needed

    def _abilities(self, source: Any) -> list[A.Ability]:
        return [ab for _, ab in self.indexed_abilities(source)]

    def continuous_sources(self, unit: Unit) -> list[tuple[A.Node, SourceKey | None]]:
        """Continuous effects on ``unit`` with where they come from: the unit's own text, its equipment's
        and statuses' (while attached, §7.3), and timed ones still running."""
        of = self._continuous_of
        found = list(of(unit))
        for card in unit.equipment:
            found += of(card)
        for card in unit.statuses:
            found += of(card)
        if unit.timed:
            found += [(t.effect, t.source) for t in unit.timed]
        return found

    def _continuous_of(self, source: Any) -> list[tuple[A.Node, SourceKey | None]]:
        """The continuous effects of the active face of ``source``'s text, kept per record and face."""
        record = source.record
        face = "front"
        if isinstance(source, Card):  # (:meth:`_active_face`, written out)
            reverse = getattr(record, "reverse", None)
            if reverse is not None:
                face = str(reverse.active_when_tapped) if source.tapped else source.face
        key = (record.kind, record.id, face)
        found = self._continuous.get(key)
        if found is None:
            found = self._continuous[key] = [
                (e, (record.id, index))
                for index, ability in self.face_abilities(source, face)
                if ability.kind == "effect"
                for sentence in ability.sentences
                for e in sentence.effects
                if isinstance(e, CONTINUOUS)
            ]
        return found

    def continuous(self, unit: Unit) -> list[A.Node]:
        return [e for e, _ in self.continuous_sources(unit)]

    def stat_bonus(self, unit: Unit, stat: str) -> int:
        """Sum of the ±X of continuous 移速 / 生命值上限 / 受到的伤害 / 攻击距离 / 攻击命中骰结果 effects."""
        return sum(e.delta for e in self.continuous(unit) if isinstance(e, A.Modify) and e.stat == stat)

    def _stat(self, unit: Unit, stat: str) -> int:
        """:meth:`stat_bonus` when the game uses the value: the effects that count are marked as executed."""
        total = 0
        for effect, source in self.continuous_sources(unit):
            if isinstance(effect, A.Modify) and effect.stat == stat:
                total += effect.delta
                if source is not None and effect.delta:
                    self.mark(source, True)
        return total

    def cannot(self, unit: Unit, action: str) -> bool:
        for effect, source in self.continuous_sources(unit):
            if isinstance(effect, A.Cannot) and effect.action == action:
                if source is not None:
                    self.mark(source, True)
                return True
        return False

    def extra_vision(self, unit: Unit) -> tuple[bool, bool]:
        """(side, rear) vision: printed on the record, or gained (获得侧向视野 / 获得背向视野)."""
        vision = getattr(unit.record, "vision", None)
        side = bool(vision and vision.side)
        rear = bool(vision and vision.rear)
        for effect, _ in self.continuous_sources(unit):
            if isinstance(effect, A.GainVision):
                side = side or effect.vision == "side"
                rear = rear or effect.vision == "rear"
        return side, rear

    def vision_sources(self, unit: Unit) -> list[tuple[str, SourceKey | None]]:
        return [(e.vision, s) for e, s in self.continuous_sources(unit) if isinstance(e, A.GainVision)]

    def max_hp(self, unit: Unit) -> int:
        return max(1, unit.max_hp + self._stat(unit, "max_hp"))

    def cap_hp(self) -> None:
        """HP is never above the maximum (§8.3 "生命值上限"): once a max-HP bonus ends (its status or equipment gone,
        a timed effect over), a unit's HP above its new maximum goes with it. Not logged: the engine logs no change
        of a maximum either (the board state shows both)."""
        for unit in self.units():
            top = max(1, unit.max_hp + self.stat_bonus(unit, "max_hp"))
            if unit.hp > top:
                unit.hp = top

    def _expire(self, seat: int, moment: str) -> None:
        """End timed effects: every 直到回合结束 at a turn's end, 直到你的下个回合开始 at that player's turn start."""
        for unit in self.units():
            ended = [t for t in unit.timed if t.until == moment and (moment == "turn_end" or t.seat == seat)]
            for timed in ended:
                unit.timed.remove(timed)
                self.log.add("effect_ended", unit.seat, unit=str(unit), text=rendered(timed.effect))
                if isinstance(timed.effect, A.TakeControl):
                    self.end_control(unit, timed.seat)
        self.cap_hp()

    def end_control(self, unit: Unit, seat: int) -> None:
        """A control taken for a while (直到…，你获得…的操控权) ends: supplied by the interpreter."""

    # -- coverage: which abilities ran and changed the game

    def mark(self, source: SourceKey, changed: bool) -> None:
        if not self.measures:  # (a searcher's copy: a continuous effect read as a move is weighed is not counted)
            return
        entry = self.coverage.setdefault(source, [False, False])
        entry[0] = True
        entry[1] = entry[1] or changed

    def fingerprint(self) -> tuple[Any, ...]:
        """A cheap summary of everything an ability can change (to tell whether it changed the game): compare two
        summaries for equality, nothing else."""
        units = tuple([
            (u.uid, u.hp, u.shield, u.temp_hp, u.tapped, u.hidden, u.pos, u.facing, u.controller, u.dying,
             tuple([(c.uid, c.tapped) for c in u.equipment]), tuple([c.uid for c in u.statuses]), len(u.timed))
            for u in self.units()
        ])  # fmt: skip
        players = tuple([
            (len(p.deck), tuple([c.uid for c in p.hand]), len(p.discard), len(p.mortgage), len(p.removed), len(p.lost),
             len(p.standby), p.score, len(p.board))
            for p in self.players
        ])  # fmt: skip
        return units, players, len(self.shop), self._board_key(), self._attack_key()

    def _board_key(self) -> Any:
        return None

    def _attack_key(self) -> Any:
        a = self.attacks[-1] if self.attacks else None
        return None if a is None else (a.speed, a.hit_result, a.damage, a.lost, id(a.target))

    # -- triggers

    def fire(
        self, timing: str, seat: int, unit: Unit | None = None, extra: Sequence[Any] = (), attack: Attack | None = None
    ) -> None:
        """Collect the triggered abilities of ``timing`` and resolve them (§11.4, §11.7); none once the game is
        over (won as an agent was destroyed, say: its 消灭时 and 失联后 abilities no longer matter), and no leave-play
        ability of a player out (its last agent gone: its 失联后 draws nothing). ``attack``: the
        attack whose 攻击前 / 攻击时 / 攻击后 this is, made by ``unit``: a weapon it wears (equipment with an attack)
        takes part only when the attack is made with it (T21: one attack profile; its own attack texts are that
        weapon's attack's); its other equipment and statuses take part as their text says."""
        sources: list[tuple[Any, Unit | None]] = []
        if unit is not None:
            cards = unit.equipment + unit.statuses
            if attack is not None:
                used = attack.weapon.uid if attack.weapon is not None else None
                cards = [c for c in cards if c.uid == used or not _is_weapon(c)]
            sources = [(unit, unit)] + [(c, unit) for c in cards]
        elif timing in ("turn_start", "turn_end"):
            # (a unit's own 回合开始时 / 回合结束时 are its controller's turn's; a card's, its controller's, who played
            # it, wherever it is attached: 你 on it is that player, a documented reading)
            for u in self.player(seat).units:
                sources += [(u, u)] + [(c, u) for c in u.equipment + u.statuses if (c.owner or u.seat) == seat]
            for u in self.units():
                if u.seat != seat:
                    sources += [(c, u) for c in u.equipment + u.statuses if c.owner == seat]
        sources += [(thing, unit) for thing in extra]
        self._fire_sources(timing, seat, sources)

    def fire_card(self, timing: str, card: Card, holder: Unit | None) -> None:
        """The triggered abilities of ``timing`` on one card alone, as worn or attached to ``holder`` (a card
        destroyed on its own fires its own 消灭时, T25; its holder's do not fire)."""
        self._fire_sources(timing, card.owner or self.active, [(card, holder)])

    def _fire_sources(self, timing: str, seat: int, sources: Sequence[tuple[Any, Unit | None]]) -> None:
        if self.winners is not None:
            return
        pending: list[Pending[Any]] = []
        for source, holder in sources:
            if self.measures:
                self.occasions[(timing, source.record.id)] += 1
            for index, ability in self.kind_abilities(source, "triggered"):
                if ability.timing == timing:
                    if isinstance(source, Card) and source.owner:
                        owner = source.owner  # 你 on a card is its owner's (a status may sit on an enemy unit)
                    else:
                        owner = holder.seat if holder is not None and holder.seat else seat
                    if timing in _LEAVE_PLAY and owner and self.player(owner).out:
                        continue  # (a player out, its last agent lost, takes no more part: its 失联后 draws nothing)
                    card = source if isinstance(source, Card) else None
                    # (§8.4: the unit's own text or a card on it; a record's text that takes part, a built-in
                    # attack's 格斗 "攻击时：本单位移动 0-1。", is no text of the agent's: §7.3.1 自带攻击 exposes nobody)
                    own = source is holder or card is not None
                    # (in play as it triggered: a unit on the map, a card its holder wears or bears; one that left
                    # play before its turn in the stack does not resolve, bar a leave-play ability, which looks back)
                    if timing in _LEAVE_PLAY:
                        played: tuple[Any, Unit | None] | None = None
                    elif isinstance(source, Unit) and not source.gone:
                        played = (source, None)
                    elif card is not None and holder is not None and card in holder.equipment + holder.statuses:
                        played = (card, holder)
                    else:
                        played = None

                    def run(
                        ability: A.Ability = ability,
                        owner: int = owner,
                        card: Card | None = card,
                        holder: Unit | None = holder,
                        key: SourceKey = (source.record.id, index),
                        own: bool = own,
                        played: tuple[Any, Unit | None] | None = played,
                    ) -> None:
                        if self.winners is not None or (played is not None and _left_play(*played)):
                            return  # (the game is over; or its source left play before it resolved)
                        entry: dict[str, Any] = {"timing": timing, "source": key[0], "ability": key[1],
                                                 "card": str(card or holder), "text": rendered(ability)}  # fmt: skip
                        ctx = Context(owner, card, holder, source=key)
                        if own and holder is not None and self.exposed_by(holder, card):  # (§8.4: as it is used)
                            ctx.unused = Unused(holder, owner, entry)
                        else:
                            self.log.add("trigger", owner, **entry)
                        self.run_ability(ability, ctx, pay=False)

                    if isinstance(source, Unit | Card):
                        ident = f"{source.id}#{source.uid}"
                    else:  # (a record's own source: the mode's, the map's)
                        ident = str(getattr(getattr(source, "record", None), "id", None) or source)
                    key = f"trigger:{ident}:{timing}"
                    said = Phrase(N_("{source}: {timing}"), source=str(source), timing=Term("timing", timing))
                    pending.append(Pending(owner, said, run, key))
        self.triggers.resolve(pending)

    def exposed_by(self, unit: Unit, card: Card | None) -> bool:
        """Whether a triggered ability of ``unit``'s own (its record's text, ``card`` None, or its exclusive card's)
        exposes it as it is used: while it is a hidden agent (§8.4 "使用其能力、专用牌，或佩戴专用装备时"). Generic
        equipment and statuses do not (§7.3.1 "隐蔽状态特工使用通用指令牌…均不会暴露"), nor a minion's own text (its
        card was played in the open; 外包安保员 deploys face down with a 登场时 text), nor a scene obstacle's, nor the text
        of a record that takes part in its attack (a built-in attack's, 格斗's "攻击时：本单位移动 0-1。": §7.3.1 "自带攻击…
        均不会暴露"; :meth:`_fire_sources` does not ask for those)."""
        if not unit.hidden or unit.kind != "agent" or unit.gone:
            return False
        return card is None or getattr(card.record, "agent", None) == unit.id

    def use_hidden(self, unused: Unused) -> None:
        """A face-down agent's own triggered ability does something (its first effect): the agent turns face up, its
        暴露时 abilities firing (§8.4, T26), then its trigger and what its 如果 and 你可以 checked are logged."""
        unused.used = True
        unit = unused.unit
        if unit.hidden and not unit.gone:
            self.expose(unit, Phrase(N_("uses its own ability (§8.4)")))
        self.log.add("trigger", unused.player, **unused.entry)
        for kind, seat, data in unused.held:
            self.log.add(kind, seat, **data)
        unused.held = []
        if self.measures:
            unused.baseline = (self.fingerprint(), len(self.log))

    def run_ability(self, ability: A.Ability, ctx: Context, pay: bool = True) -> None:
        """Execute an ability, then expose the hidden units it brought into an enemy's sight at 0-1 (§8.4), and, if
        the game :attr:`measures`, record whether it changed the game (for the coverage measure; a face-down agent's
        own ability from where its use turned it face up, :class:`~.state.Unused`)."""
        if ctx.source is None or not self.measures:
            self.execute(ability, ctx, pay=pay)
            self.check_exposure()
            return
        before = self.fingerprint()
        start = len(self.log)
        self.execute(ability, ctx, pay=pay)
        self.check_exposure()  # what it did may let a unit see a hidden enemy at 0-1 (§8.4): its doing too
        events: Sequence[Any] = ()
        if ctx.unused is not None:
            if ctx.unused.baseline is not None:
                before, start = ctx.unused.baseline
            elif not ctx.unused.used:  # (what it checked was never logged)
                events = [Event(0, kind, seat, data) for kind, seat, data in ctx.unused.held]
        changed = self.fingerprint() != before
        self.mark(ctx.source, changed)
        if not changed:
            self.idle.setdefault(ctx.source, Counter())[idle_reason(events or self.log.since(start))] += 1

    def execute(self, ability: A.Ability, ctx: Context, pay: bool = True) -> None:
        raise NotImplementedError


# Log events that tell why an ability changed nothing -> the coverage report's reason code
_LEAVE_PLAY = frozenset({"on_destroyed", "after_destroyed", "after_lost"})  # 消灭时 / 消灭后 / 失联后 look back


def _left_play(thing: Any, holder: Unit | None) -> bool:
    """Whether a trigger's source that was in play as it triggered left play since: a unit gone from the map, a
    card no longer on its ``holder`` (or its holder gone)."""
    if holder is None:
        return bool(thing.gone)
    return holder.gone or (thing not in holder.equipment and thing not in holder.statuses)


_IDLE_EVENTS = {
    "no_target": "no_target",
    "no_choice": "no_target",
    "target_lost": "target_lost",
    "declined": "declined",
    "no_attack": "no_attack",
    "no_card": "no_card",
}


def idle_reason(events: Sequence[Any]) -> str:
    """Why an ability whose resolution changed nothing did not: ``condition_false`` (a 如果 that did not hold),
    ``no_target``, ``target_lost``, ``declined`` (你可以 refused), ``no_attack``, ``no_card``, else
    ``no_change:<the last event's kind>`` (``no_change`` when it logged nothing)."""
    for event in events:
        if event.kind == "condition" and not event.data.get("holds"):
            return "condition_false"
        if event.kind in _IDLE_EVENTS:
            return _IDLE_EVENTS[event.kind]
    return f"no_change:{events[-1].kind}" if events else "no_change"


def left_play(card: Card) -> None:
    """``card`` left play (for a discard or the removed zone): what happened to it in play is forgotten, as a card
    that comes back is a new card (§8.3: a used-up shield does not stay used up): untapped, on its front (§7.4.1:
    "当倒转牌位于牌库或弃牌区中时，只有正面部分生效"), its shield whole."""
    card.tapped = False
    card.face = "front"
    card.shield_left = None


def _is_weapon(card: Card) -> bool:
    """Whether ``card`` is a weapon: equipment with an attack (具有攻击力的装备, §7.3.1, §13.1)."""
    equipment = getattr(card.record, "equipment", None)
    return equipment is not None and equipment.attack is not None


class _Face:
    """The reverse face of a card as something :func:`parse_abilities` can read."""

    def __init__(self, reverse: Any) -> None:
        self.record = reverse

    def __str__(self) -> str:
        return "reverse face"


__all__ = ["Attack", "Card", "Context", "Player", "TacticsBase", "TimedEffect", "Unit"]
