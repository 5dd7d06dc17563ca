"""A tactics game's cheap copy for looking ahead (issue 27, part 1): played on with the same answers, a clone plays
exactly as a deep copy of the game does, shares no card or unit with the original, and leaves it untouched."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from tests.conftest import ROOT
from toolkit.catalog import load_catalog
from toolkit.decks.random_deck import deck_card_ids, random_legal_decks
from toolkit.engine.simulate import simulate_tactics
from toolkit.engine.tactics.search import _play_out
from toolkit.engine.tactics.state import Card, Unit
from toolkit.engine.tactics.tactician import SeatDeciders, TacticianDecider

RECORDS = list(load_catalog([ROOT / "cards" / "tactics"]).records)


def _position(mode: str, rounds: int, deal: int) -> Any:
    decks = random_legal_decks(RECORDS, mode, random.Random(deal), 2)
    game = simulate_tactics(RECORDS, mode, [list(d.agents or []) for d in decks], [deck_card_ids(d) for d in decks],
                            rounds, deal, decider="heuristic")  # fmt: skip
    assert game.winners is None  # still going: there is a next turn to play
    return game


def _deep(game: Any) -> Any:
    """The reference copy: everything deep-copied but what never changes in play."""
    keep: dict[int, Any] = {id(r): r for r in game.records}
    for shared in (game.records, game.by_id, game.rules, game.mode, game.decider, game.triggers.decider):
        keep[id(shared)] = shared
    return copy.deepcopy(game, keep)


def _play_on(game: Any) -> tuple[list[dict[str, Any]], Any, float]:
    """The rest of the active seat's turn and the next seats' turns, by tacticians with fixed seeds."""
    players = SeatDeciders({p.seat: TacticianDecider(random.Random(40 + p.seat)) for p in game.players})
    players.bind(game)
    game.decider = game.triggers.decider = players
    seat = game.active
    actions = game.legal_actions(seat)
    _play_out(game, seat, actions[len(actions) // 2], players, 2)
    return [e.to_json() for e in game.log.since(0)], TacticianDecider._state_key(game), game.rng.random()


def _things(game: Any) -> list[Any]:
    out: list[Any] = [*game.shop, *game.obstacles]
    for p in game.players:
        out += [*p.deck, *p.hand, *p.discard, *p.mortgage, *p.removed, *p.lost, *p.units, *p.standby, *p.board]
        for u in (*p.units, *p.standby):
            out += [*u.equipment, *u.statuses]
    return [x for x in out if isinstance(x, Card | Unit)]


@pytest.mark.parametrize(("mode", "rounds", "deal"), [("duel", 3, 5), ("duel", 9, 6), ("duo", 4, 3), ("duo", 10, 8)])
@pytest.mark.slow
def test_a_clone_plays_as_a_deep_copy_and_leaves_the_original_alone(mode: str, rounds: int, deal: int) -> None:
    game = _position(mode, rounds, deal)
    before = (TacticianDecider._state_key(game), len(game.log), game.rng.getstate())
    clone = game.clone()
    mine = {id(x) for x in _things(game)}
    assert mine and not mine & {id(x) for x in _things(clone)}  # every card and unit is the clone's own
    assert clone.records is game.records and clone.board is game.board  # what never changes is shared
    played = _play_on(clone)
    assert played[0][len(game.log) :], "the clone was played on"
    assert played == _play_on(_deep(game))  # the same events, the same end state, the same dice to come
    assert (TacticianDecider._state_key(game), len(game.log), game.rng.getstate()) == before


def test_a_clone_does_not_tell_the_originals_listeners() -> None:
    game = _position("duel", 2, 5)
    heard: list[Any] = []
    with game.log.listening(heard.append):
        clone = game.clone()
        _play_on(clone)
    assert heard == []
