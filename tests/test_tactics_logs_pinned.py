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
    ("duel", 3): "38a21af9bf011a5e28415061fa175cd07626c90881475759f7bb3033271ddfd2",
    ("duel", 6): "9b7b21022347e322c323ada54afd192e9473ac50b6aa01658c1951d40fcebabd",
    ("duo", 2): "a13934c1003022b9dca9a96dcda33c76eadeac93ea153a97edbe016fba17b579",
    ("duo", 7): "c0c6193b4cd5b0156b6ceb77292d206e8f2ba8285c19237db85e2c609156a2a6",
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
