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
    ("duel", 3): "4b61be44a289d4769c75ddd0dbf259537672f21a2e24a0e97ac8ede08412246f",
    ("duel", 6): "30dd169f030c72c5270a99e171026604c77ecaed7d3550d02a1cf83d415ad5f2",
    ("duo", 2): "3f740f3ca21baaf3d03f2e71c3163161637999fad0a3eae33f734a12b91bd4cb",
    ("duo", 7): "aa7f715e0de05d7cc3dbac94677d47314b6759a43b03a77cdc9bd4ce526fface",
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
