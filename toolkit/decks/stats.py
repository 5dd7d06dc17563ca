"""Deck statistics, sample hands and draw odds."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from math import comb
from typing import Any

from toolkit.errors import DossierError
from toolkit.models.deck import Deck


def group_key(record: Any) -> str:
    """The group a card is listed under: its category (tactics), type (netrunner) or team (crossfire); a record of
    another kind (an agent, an identity, a map named among a deck's cards, which the deck's findings refuse) under
    its kind."""
    field = {"tactics": "category", "netrunner": "type"}.get(record.game, "team")
    return str(getattr(record, field, None) or record.kind)


def cost_of(record: Any) -> int | None:
    """The number players curve on: tactics mortgage cost, netrunner play/install or rez cost."""
    if record.game == "tactics":
        return int(record.cost.mortgage)
    for attr in ("cost", "rez_cost"):
        value = getattr(record, attr, None)
        if value is not None:
            return int(value)
    return None


def printed_cost(record: Any) -> int | None:
    """A card's cost as the card prints it, as `show` and `search` say it: a tactics card's mortgage as ``-X``
    (``-2``; 0 without one), a netrunner play/install or rez cost as it is (:func:`cost_of`)."""
    cost = cost_of(record)
    return -cost if cost is not None and record.game == "tactics" else cost


def _cheapest_first(entry: tuple[str, int]) -> tuple[bool, int]:
    """The order of a cost curve's entries: 0, 1, 2 credits; 0, -1, -2 (a tactics mortgage); X last."""
    return entry[0] == "X", 0 if entry[0] == "X" else abs(int(entry[0]))


def in_pile(record: Any) -> bool:
    """Whether a card listed in a deck is in its draw pile, as `deck validate` counts the deck's size: a tactics
    token card or matrix shop (gold) card never is (RULINGS T4, T5), nor a record that is no card (a netrunner
    identity listed among the cards). The one rule of the deck's size for ``validate``, ``stats``, ``odds`` and
    ``draw``."""
    if record.kind != "card":
        return False
    return getattr(record, "token", None) is None and getattr(record, "back", None) != "shop"


def pile(deck: Deck, lookup: Callable[[str], Any]) -> tuple[Deck, dict[str, int]]:
    """(the deck as it is drawn from, the cards left out of it by id with their copies): the cards that are never
    in a deck (:func:`in_pile`) left out. A crossfire role set is dealt, not drawn: nothing is left out of it, nor
    an id the pool lacks (a finding of its own)."""
    if deck.game == "crossfire":
        return deck, {}
    left: dict[str, int] = {}
    for card_id, count in deck.cards.items():
        record = lookup(card_id)
        if record is not None and not in_pile(record):
            left[card_id] = count
    if not left:
        return deck, {}
    kept = {card_id: count for card_id, count in deck.cards.items() if card_id not in left}
    return deck.model_copy(update={"cards": kept}), left


def left_out_note(left: dict[str, int], name: Callable[[str], str], lang: str) -> str:
    """The line that says which cards ``stats``, ``odds`` and ``draw`` left out of the deck (:func:`pile`), in
    ``lang``; "" when none was."""
    from toolkit.i18n import t

    if not left:
        return ""
    # by the names shown, as `deck show` orders a section's cards (:func:`name_key`)
    ordered = sorted(left.items(), key=lambda item: (name(item[0]), item[0]))
    cards = t(lang, ", ").join(t(lang, "{card} ×{n}", card=name(card_id), n=n) for card_id, n in ordered)
    return t(lang, "{cards}: never in a deck, so neither counted nor drawn", cards=cards)


GENERIC = "generic"
"""``by_faction``'s key of the cards of no faction and no agent (a tactics deck's generic cards)."""


def generic_label(lang: str) -> str:
    """:data:`GENERIC` as `deck stats` and the web's deck builder label it, beside the agents' (factions') names."""
    from toolkit.i18n import t

    # TRANSLATORS: `deck stats` "by agent": the tactics cards that belong to no agent, beside the agents' names
    return t(lang, "Generic")


def deck_stats(deck: Deck, lookup: Callable[[str], Any], lang: str | None = None) -> dict[str, Any]:
    """Counts by type/category and faction, cost curve, agenda points, influence by faction. A crossfire role
    set has no faction and no cost (those stay empty): its counts by team, of each role (``roles``: with
    ``lang``, in the order `deck show` lists them, by the names shown in ``lang``; else by id) and its player
    count (``players``).

    The cards that are never in a deck (a tactics token or matrix shop card: :func:`pile`) are counted nowhere,
    as `deck validate` counts the deck's size; ``left_out`` names them by id with their copies (only when there
    are any)."""
    deck, left = pile(deck, lookup)
    by_group: Counter[str] = Counter()
    by_faction: Counter[str] = Counter()
    curve: Counter[str] = Counter()
    points = 0
    influence: Counter[str] = Counter()
    agendas: Counter[str] = Counter()
    roles: Counter[str] = Counter()
    identity = lookup(deck.identity) if deck.identity else None
    for card_id, count in deck.cards.items():
        record = lookup(card_id)
        if record is None:
            by_group["?"] += count
            continue
        by_group[group_key(record)] += count
        if deck.game == "crossfire":
            roles[card_id] += count
            continue
        faction = getattr(record, "faction", None) or getattr(record, "agent", None) or GENERIC
        by_faction[str(faction)] += count
        if getattr(record, "type", None) == "agenda":
            # an agenda has no cost: NetrunnerDB shows its advancement requirement and points (``4/2``)
            points += record.agenda_points * count
            agendas[agenda_label(record)] += count
        else:
            cost = printed_cost(record)  # (a tactics mortgage as the card prints it: -2)
            curve["X" if cost is None else str(cost)] += count
        if identity is not None and record.faction != identity.faction and record.influence:
            influence[record.faction] += record.influence * count
    data: dict[str, Any] = {
        "cards": deck.total(),
        "by_type": dict(sorted(by_group.items())),
        "by_faction": dict(sorted(by_faction.items())),
        "cost_curve": dict(sorted(curve.items(), key=_cheapest_first)),
        "agenda_points": points,
        "agendas": dict(sorted(agendas.items(), key=lambda kv: _agenda_order(kv[0]))),
        "influence": dict(sorted(influence.items())),
    }
    if deck.game == "crossfire":
        order = by_name(roles, lookup, lang) if lang is not None else sorted(roles)
        data["roles"] = {role: roles[role] for role in order}
        data["players"] = deck.players
    if left:
        data["left_out"] = left
    return data


def agenda_label(record: Any) -> str:
    """An agenda as NetrunnerDB shows it in place of a cost: advancement requirement / points (``4/2``;
    ``X/2`` where the requirement is X)."""
    adv = getattr(record, "advancement_requirement", None)
    return f"{'X' if adv is None else adv}/{record.agenda_points}"


def _agenda_order(label: str) -> tuple[int, int, int]:
    adv, points = label.split("/")
    return (adv == "X", int(adv) if adv != "X" else 0, int(points))


def expand(deck: Deck) -> list[str]:
    """The draw pile: each card id as many times as it is in the deck, in a stable order.

    A deck of more than MAX_CARDS cards (which no reader returns) is refused, not laid out.
    """
    from .formats import MAX_CARDS

    if deck.total() > MAX_CARDS:
        from toolkit.i18n import tr

        raise DossierError(tr("the deck holds {n} cards; the limit is {max}", n=deck.total(), max=MAX_CARDS), exit_code=1)
    return [card_id for card_id, count in sorted(deck.cards.items()) for _ in range(count)]


def sample_hand(deck: Deck, size: int, seed: int | None, lookup: Callable[[str], Any] | None = None) -> list[str]:
    """``size`` cards off the top of the shuffled deck; with ``lookup``, of its draw pile (:func:`pile`: the
    cards that are never in a deck left out)."""
    cards = expand(deck if lookup is None else pile(deck, lookup)[0])
    random.Random(seed).shuffle(cards)
    return cards[:size]


def p_at_least_one(deck_size: int, copies: int, seen: int) -> float:
    """Hypergeometric: chance that ``seen`` cards from ``deck_size`` include at least one of ``copies``."""
    seen = min(seen, deck_size)
    if copies <= 0 or seen <= 0:
        return 0.0
    return 1.0 - comb(deck_size - copies, seen) / comb(deck_size, seen)


def draw_odds(
    deck: Deck,
    hand: int,
    turns: int,
    per_turn: int,
    lookup: Callable[[str], Any] | None = None,
    lang: str | None = None,
) -> list[tuple[str, int, list[float]]]:
    """For each card: copies and the chance of having seen one by the opening hand and each turn. With
    ``lookup``, of the deck's draw pile (:func:`pile`): a card that is never in a deck is neither drawn nor
    counted in the deck's size; with ``lang`` too, the cards in the order `deck show` lists them, by the names
    shown in ``lang`` (:func:`by_name`); else by id."""
    if lookup is not None:
        deck = pile(deck, lookup)[0]
    size = deck.total()
    seen = [hand + per_turn * t for t in range(turns + 1)]
    ids = by_name(deck.cards, lookup, lang) if lookup is not None and lang is not None else sorted(deck.cards)
    return [(card_id, deck.cards[card_id], [p_at_least_one(size, deck.cards[card_id], s) for s in seen])
            for card_id in ids]  # fmt: skip


def name_key(lookup: Callable[[str], Any], lang: str) -> Callable[[str], tuple[bool, str, str]]:
    """The sort key of a card id as `deck show` orders a section's cards: the name shown in ``lang`` (English:
    the English name, else the Chinese one; Chinese: the Chinese name, by code point, as `deck show` sorts it),
    then the id; an id the pool lacks after every card."""
    from .formats import _title

    def key(card_id: str) -> tuple[bool, str, str]:
        record = lookup(card_id)
        return (record is None, "" if record is None else _title(record, lang), card_id)

    return key


def by_name(card_ids: Iterable[str], lookup: Callable[[str], Any], lang: str) -> list[str]:
    """``card_ids`` in the order `deck show` lists cards: by the name shown in ``lang`` (:func:`name_key`)."""
    return sorted(card_ids, key=name_key(lookup, lang))


@dataclass(frozen=True)
class Inert:
    """A title in a deck whose ability text the engine cannot run, and why."""

    id: str
    name: str
    kind: str
    copies: int
    reason: str  # "no text" (printed text only), "partial: …" (paragraphs not read) or "text does not parse: …"

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "kind": self.kind, "copies": self.copies, "reason": self.reason}


def inert_titles(deck: Deck, lookup: Callable[[str], Any], lang: str = "zh-Hans") -> list[Inert]:
    """The identity and cards of ``deck`` that are not executable, in deck order: printed text the import did not
    read into the ability language (``no text``: imported cards keep it in ``printed_text``), an import read
    only in part (``partial``: its ``reading`` names the paragraphs not read), or ability text that does not
    parse. A card with no text at all has nothing to run and is executable."""
    from toolkit.i18n import chinese
    from toolkit.text import AbilitySyntaxError, parse_cached

    wanted = ([(deck.identity, 1)] if deck.identity else []) + list(deck.cards.items())
    out = []
    for record_id, copies in wanted:
        record = lookup(record_id)
        if record is None:
            continue
        texts = list(getattr(record, "text", None) or [])
        reading = getattr(record, "reading", None)
        status = getattr(reading, "status", None)
        printed = getattr(record, "printed_text", None)
        reason = ""
        if status == "partial":
            unread = ", ".join(str(u.index + 1) for u in getattr(reading, "unread", []))
            reason = f"partial: {unread}"
        elif status == "printed_only" or (status is None and not texts and printed is not None and printed.en):
            reason = "no text"
        for text in texts:
            try:
                parse_cached(text)
            except AbilitySyntaxError as exc:
                reason = f"text does not parse: {exc.for_game(getattr(record, 'game', None)).summary()}"
                break
        if reason:
            name = str(record.name.zh_hans) if chinese(lang) else str(record.name.en or record.name.zh_hans)
            out.append(Inert(record.id, name, record.kind, copies, reason))
    return out


def count_titles(game: str, lang: str) -> dict[str, str]:
    """The titles of a deck's counts ``by_type`` and ``by_faction`` (:func:`deck_stats`' keys)
    in ``lang``, as `deck stats` prints them and the web's deck builder titles its charts: a crossfire role set's
    counts by type are by team, a tactics deck's by faction are by agent."""
    from toolkit.i18n import t

    return {
        "by_type": t(lang, "by team") if game == "crossfire" else t(lang, "by type"),
        "by_faction": t(lang, "by agent") if game == "tactics" else t(lang, "by faction"),
    }
