"""Random legal tactics decks, for simulations, coverage runs and tests.

:func:`random_legal_deck` builds a squad and a personal deck that a mode's deck
rules accept (``validators.deck.validate_deck`` reports no error):

- the squad: between the mode's ``starting_agents`` and ``max_agents`` agents, no
  two with the same name except 列兵, which may repeat (RULINGS T2);
- the deck: distinct command cards (one per name), a size the mode's
  ``deck_size`` rule allows (counting the squad when the mode's house rule
  ``agents_count_toward_deck_size`` says so, T1), exclusive cards only for agents
  in the squad (T3), never a token (T4) or a matrix shop card (T5).

``include`` asks for particular cards or agents (a coverage run uses it to give
every card its turn): each is taken when the rules allow it, an exclusive card
bringing its agent into the squad while there is room. The rest is drawn from
``rng``, so the same seed gives the same deck.

Modes whose rules are ``status: "incomplete"`` (梦魇通廊, T6) have no legal deck,
so asking for one is an error.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from toolkit.errors import DossierError
from toolkit.i18n import current_lang, name_of, tr, word
from toolkit.models.deck import Deck

EXTRA_CARDS = 5  # modes with no maximum deck size: up to this many cards over the minimum


def tactics_records(records: Iterable[Any]) -> dict[tuple[str, str], Any]:
    """The tactics records of a pool by (kind, id)."""
    return {(r.kind, r.id): r for r in records if getattr(r, "game", None) == "tactics"}


def deck_size_bounds(mode: Any) -> tuple[int, int | None]:
    """(min, max) command cards (and agents, under T1) of the mode's ``deck_size`` rules; max None: no limit."""
    low, high = 0, None
    for rule in mode.deck_rules:
        if rule.rule == "deck_size":
            if rule.min is not None:
                low = max(low, rule.min)
            if rule.max is not None:
                high = rule.max if high is None else min(high, rule.max)
    return low, high


def deckable_cards(records: Iterable[Any]) -> list[Any]:
    """Command cards that may go in a personal deck: black back, not a token (sorted by id)."""
    return sorted(
        (r for r in records if r.kind == "card" and r.back == "personal" and r.token is None),
        key=lambda r: r.id,
    )


def random_squad(
    agents: Sequence[Any], size: int, rng: random.Random, include: Sequence[str] = (), taken: Iterable[str] = ()
) -> list[str]:
    """``size`` agent ids: the ``include``d ones first, then drawn at random; names unique except 列兵;
    never an agent in ``taken`` (another seat's in the same game: one piece per agent, T24)."""
    squad: list[str] = []
    taken = set(taken)
    by_id = {a.id: a for a in agents}
    names: set[str] = {by_id[i].name.zh_hans for i in taken if i in by_id and not by_id[i].private}

    def take(agent: Any) -> None:
        squad.append(agent.id)
        if not agent.private:
            names.add(agent.name.zh_hans)

    for agent_id in include:
        agent = by_id.get(agent_id)
        if agent is not None and len(squad) < size and (agent.private or agent.name.zh_hans not in names):
            take(agent)
    while len(squad) < size:
        options = [a for a in agents if a.private or a.name.zh_hans not in names]
        if not options:
            raise DossierError(tr("the card pool has too few distinct agents for a squad of {n}", n=size))
        take(rng.choice(options))
    return squad


def random_legal_deck(
    records: Iterable[Any],
    mode_id: str,
    rng: random.Random,
    squad_size: int | None = None,
    include: Iterable[str] = (),
    name: str | None = None,
    taken: Iterable[str] = (),
) -> Deck:
    """A random squad and personal deck for ``mode_id`` that its deck rules accept.

    ``squad_size`` fixes the number of agents (else drawn between the mode's
    starting and maximum counts). ``include``: card or agent ids wanted in the
    deck, taken in order while the rules allow. ``taken``: agents of the other
    seats of the same game, never in this squad (T24).
    """
    pool = tactics_records(records)
    mode = pool.get(("mode", mode_id))
    if mode is None:
        modes = sorted(i for k, i in pool if k == "mode")
        raise DossierError(
            tr("{game} has no mode {mode}; modes: {modes}", game=word("game", "tactics", current_lang()),
               mode=repr(mode_id), modes=tr(", ").join(modes))
        )  # fmt: skip
    if mode.status == "incomplete":
        raise DossierError(
            tr("the rules leave {name} ({id}) unspecified: no deck is legal for it",
               name=name_of(mode, current_lang()), id=mode_id)
        )  # fmt: skip
    low_agents, high_agents = mode.starting_agents, mode.max_agents
    if squad_size is None:
        squad_size = rng.randint(low_agents, high_agents)
    elif not low_agents <= squad_size <= high_agents:
        raise DossierError(
            tr("{mode} squads have {low}-{high} agents, not {n}", mode=mode_id, low=low_agents, high=high_agents,
               n=squad_size)
        )  # fmt: skip
    wanted = list(dict.fromkeys(include))
    agents = sorted((r for (kind, _), r in pool.items() if kind == "agent"), key=lambda r: r.id)
    cards = deckable_cards(pool.values())
    card_ids = {c.id for c in cards}
    by_id = {c.id: c for c in cards}

    # agents named in include, then the agents of included exclusive cards, first come first served
    want_agents = [i for i in wanted if ("agent", i) in pool]
    want_agents += [by_id[i].agent for i in wanted if i in card_ids and by_id[i].agent is not None]
    squad = random_squad(agents, squad_size, rng, list(dict.fromkeys(want_agents)), taken)

    low, high = deck_size_bounds(mode)
    counted = len(squad) if mode.agents_count_toward_deck_size else 0
    low, high = max(0, low - counted), (None if high is None else high - counted)
    in_squad = set(squad)
    usable = [c for c in cards if c.agent is None or c.agent in in_squad]
    distinct = len({c.name.zh_hans for c in usable})
    cap = distinct if high is None else min(high, distinct)
    if cap < low:
        bound = tr("at least {n}", n=low) if high is None else f"{low}-{high}"
        raise DossierError(
            tr("the card pool has {n} distinct command cards for the squad {squad}; {mode} needs {bound}", n=distinct,
               squad=tr(", ").join(squad), mode=mode_id, bound=bound)
        )  # fmt: skip
    size = min(cap, low + rng.randint(0, EXTRA_CARDS)) if high is None else rng.randint(low, cap)

    chosen: list[Any] = []
    names: set[str] = set()

    def take(card: Any) -> None:
        chosen.append(card)
        names.add(card.name.zh_hans)

    for card_id in wanted:
        card = by_id.get(card_id)
        if card is not None and len(chosen) < size and card in usable and card.name.zh_hans not in names:
            take(card)
    rest = [c for c in usable if c.name.zh_hans not in names]
    rng.shuffle(rest)
    for card in rest:
        if len(chosen) >= size:
            break
        if card.name.zh_hans not in names:
            take(card)
    return Deck(
        game="tactics",
        mode=mode_id,
        name=name or f"random {mode_id} deck",
        agents=squad,
        cards={c.id: 1 for c in sorted(chosen, key=lambda c: c.id)},
    )


def random_legal_decks(records: Iterable[Any], mode_id: str, rng: random.Random, players: int) -> list[Deck]:
    """One random legal deck per seat for one game: no agent in two squads (T24; 列兵 excepted)."""
    records = list(records)
    decks: list[Deck] = []
    taken: list[str] = []
    for seat in range(1, players + 1):
        deck = random_legal_deck(records, mode_id, rng, name=f"random {mode_id} deck {seat}", taken=taken)
        decks.append(deck)
        taken += deck.agents or []
    return decks


def deck_card_ids(deck: Deck) -> list[str]:
    """The deck's command cards as a list of ids, one per copy, sorted (what the engine takes)."""
    return [card_id for card_id, count in sorted(deck.cards.items()) for _ in range(count)]


__all__ = [
    "deck_card_ids",
    "deck_size_bounds",
    "deckable_cards",
    "random_legal_deck",
    "random_legal_decks",
    "random_squad",
]
