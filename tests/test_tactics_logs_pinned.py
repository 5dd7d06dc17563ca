"""The tactics engine and the tactician play the same seeded games move for move (issue 27: speed work keeps the
logs identical). The digests below are of whole heuristic games' logs; a change that alters them on purpose (a rule
fixed, the tactician taught something) updates them in the same commit and says why in its message."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from tests.conftest import ROOT
from toolkit.catalog import load_catalog
from toolkit.decks.random_deck import deck_card_ids, random_legal_decks
from toolkit.engine.simulate import simulate_tactics

RECORDS = list(load_catalog([ROOT / "cards" / "tactics"]).records)

PINNED = {
    ("duel", 3): "4f888b3047bf515d8d2e779bb649dab0133801996a8521fc5a6e40ff9a580e41",
    ("duel", 6): "9b7b21022347e322c323ada54afd192e9473ac50b6aa01658c1951d40fcebabd",
    ("duo", 2): "30b2c482f749163e4c43109fbb3494f0e94e603f870c49ebf9ecf21f8738c14f",
    ("duo", 7): "052f267e7291604433c8a1ca58c9661a9e77541f8b60f5bb9e7b7c8cafebf02c",
}


def _digest(mode: str, seed: int) -> str:
    decks = random_legal_decks(RECORDS, mode, random.Random(seed), 2)
    game = simulate_tactics(RECORDS, mode, [list(d.agents or []) for d in decks], [deck_card_ids(d) for d in decks],
                            30, seed, decider="heuristic")  # fmt: skip
    events = [e.to_json() for e in game.log.since(0)]
    return hashlib.sha256(json.dumps(events, sort_keys=True, ensure_ascii=False, default=str).encode()).hexdigest()


@pytest.mark.parametrize(("mode", "seed"), sorted(PINNED))
def test_a_seeded_heuristic_game_plays_move_for_move_as_pinned(mode: str, seed: int) -> None:
    assert _digest(mode, seed) == PINNED[(mode, seed)]
