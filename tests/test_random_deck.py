"""Random legal tactics decks: every complete mode, many seeds, validate_deck finds no error."""

from __future__ import annotations

import random
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.decks.random_deck import deck_card_ids, deck_size_bounds, random_legal_deck
from toolkit.errors import DossierError
from validators.deck import DeckPool, validate_deck

from .conftest import CARDS

RECORDS: list[Any] = list(load_catalog([CARDS / "tactics"]).records)
POOL = DeckPool(RECORDS)
MODES = {r.id: r for r in RECORDS if r.kind == "mode"}
COMPLETE = sorted(m for m, r in MODES.items() if r.status != "incomplete")
BY_ID = {r.id: r for r in RECORDS if r.kind in ("card", "agent")}
SEEDS = range(60)


def test_the_complete_modes_are_the_four_played_ones() -> None:
    assert set(COMPLETE) >= {"duel", "duo", "expert", "melee"}
    assert "nightmare" not in COMPLETE


def errors(deck: Any, records: Any = None) -> list[str]:
    pool = POOL if records is None else DeckPool(records)
    return [f"{f.code}: {f.message}" for f in validate_deck(deck, pool).findings if f.severity == "error"]


@pytest.mark.parametrize("mode", COMPLETE)
def test_every_seed_gives_a_legal_deck(mode: str) -> None:
    squads, sizes = set(), set()
    for seed in SEEDS:
        deck = random_legal_deck(RECORDS, mode, random.Random(seed))
        assert errors(deck) == [], (mode, seed)
        assert deck.game == "tactics" and deck.mode == mode
        squads.add(len(deck.agents or []))
        sizes.add(deck.total())
    record = MODES[mode]
    assert squads == set(range(record.starting_agents, record.max_agents + 1))  # every squad size turns up
    low, high = deck_size_bounds(record)
    assert min(sizes) >= low and (high is None or max(sizes) <= high)


@pytest.mark.parametrize("mode", COMPLETE)
def test_deck_contents_follow_the_rulings(mode: str) -> None:
    for seed in SEEDS:
        deck = random_legal_deck(RECORDS, mode, random.Random(seed))
        squad = deck.agents or []
        named = [BY_ID[a].name.zh_hans for a in squad if not BY_ID[a].private]
        assert len(named) == len(set(named))  # T2: only 列兵 repeat
        cards = [BY_ID[c] for c in deck.cards]
        assert all(n == 1 for n in deck.cards.values())
        assert len({c.name.zh_hans for c in cards}) == len(cards)
        assert all(c.token is None and c.back == "personal" for c in cards)  # T4, T5
        assert all(c.agent is None or c.agent in squad for c in cards)  # T3


def test_same_seed_same_deck() -> None:
    first = random_legal_deck(RECORDS, "expert", random.Random(7))
    again = random_legal_deck(RECORDS, "expert", random.Random(7))
    other = random_legal_deck(RECORDS, "expert", random.Random(8))
    assert first == again and first != other


@pytest.mark.parametrize(("mode", "size"), [("expert", 2), ("expert", 4), ("duel", 1), ("duo", 2)])
def test_squad_size_is_honoured(mode: str, size: int) -> None:
    for seed in range(10):
        deck = random_legal_deck(RECORDS, mode, random.Random(seed), squad_size=size)
        assert len(deck.agents or []) == size and errors(deck) == []


@pytest.mark.parametrize(("mode", "size"), [("duel", 2), ("expert", 1), ("duo", 5)])
def test_squad_size_out_of_the_mode_range_is_refused(mode: str, size: int) -> None:
    with pytest.raises(DossierError, match="squads have"):
        random_legal_deck(RECORDS, mode, random.Random(0), squad_size=size)


def test_include_brings_cards_and_the_agents_of_exclusive_cards() -> None:
    exclusive = next(r for r in BY_ID.values() if r.kind == "card" and r.agent is not None)
    generic = next(r for r in BY_ID.values() if r.kind == "card" and r.agent is None and r.back == "personal")
    for seed in range(10):
        deck = random_legal_deck(RECORDS, "duo", random.Random(seed), include=[exclusive.id, generic.id])
        assert exclusive.id in deck.cards and generic.id in deck.cards
        assert exclusive.agent in (deck.agents or [])
        assert errors(deck) == []


def test_include_skips_what_the_rules_forbid() -> None:
    shop = next(r for r in BY_ID.values() if r.kind == "card" and r.back == "shop")
    token = next(r for r in BY_ID.values() if r.kind == "card" and r.token is not None)
    deck = random_legal_deck(RECORDS, "duel", random.Random(0), include=[shop.id, token.id])
    assert shop.id not in deck.cards and token.id not in deck.cards and errors(deck) == []
    # duel has one agent: a second agent's exclusive card cannot come along
    a, b = [r for r in BY_ID.values() if r.kind == "agent" and not r.private][:2]
    card_b = next(r for r in BY_ID.values() if r.kind == "card" and r.agent == b.id)
    deck = random_legal_deck(RECORDS, "duel", random.Random(0), include=[a.id, card_b.id])
    assert deck.agents == [a.id] and card_b.id not in deck.cards and errors(deck) == []


def test_incomplete_mode_has_no_legal_deck() -> None:
    with pytest.raises(DossierError, match="unspecified"):
        random_legal_deck(RECORDS, "nightmare", random.Random(0))


def test_unknown_mode() -> None:
    with pytest.raises(DossierError, match="no mode 'chess'"):
        random_legal_deck(RECORDS, "chess", random.Random(0))


def test_house_rule_agents_count_toward_deck_size() -> None:
    records = [r.model_copy(update={"agents_count_toward_deck_size": True}) if r.kind == "mode" else r for r in RECORDS]
    for seed in range(20):
        deck = random_legal_deck(records, "duel", random.Random(seed))
        assert errors(deck, records) == []
        assert deck.total() + len(deck.agents or []) == 10


def test_a_pool_too_small_is_an_error() -> None:
    few = [r for r in RECORDS if r.kind != "card"] + [r for r in RECORDS if r.kind == "card"][:5]
    with pytest.raises(DossierError, match="distinct command cards"):
        random_legal_deck(few, "duo", random.Random(0))


def test_deck_card_ids_lists_one_id_per_copy() -> None:
    deck = random_legal_deck(RECORDS, "duel", random.Random(3))
    ids = deck_card_ids(deck)
    assert len(ids) == deck.total() and ids == sorted(ids) and set(ids) == set(deck.cards)
