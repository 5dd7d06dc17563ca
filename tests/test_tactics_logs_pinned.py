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

# session 61: an action's targets, choices and a status's unit are chosen before the responses and logged
# (target_chosen), so a target may be lost to a response (§11.5, §12.2); the engine bench plays the older tree so too
PINNED = {
    ("duel", 3): "5d2ed2948864d2edcde16e22f987c4027b4d4b82e086594211e3bbfbf851bc7e",
    ("duel", 6): "684e3611c27460b77a1bd76a91aedc0383611b07cf5d0a4d71d7fc58b151839e",
    ("duo", 2): "b2be943106e86b7560ce400778af9c6ac7454d058e879050a3edb59858ad6212",
    ("duo", 7): "b4babaa92e731b65f52ecf3653d73348288467d5fc24b373165d807557ffb524",
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
