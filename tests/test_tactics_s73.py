"""Sweep 73c of saved games, replays and the terminal player, the tactics engine:

1. An attack's "target lost" entry says why the target was lost (``reason``: out of range, or not in sight: the
   attacker had turned, or its line of sight is blocked), worded in the log's words in English and Chinese; it gave
   only the distance and the range, which read as wrong when the distance was inside the range.
2. A saved tactics game's set-up is checked seed first (the sealed squads and decks are opened with it): a bad seed
   is told as the seed's, not as the squads'; a negative seed names its range; a sealed squad, deck or decision that
   does not open with the save's seed (the file was changed: the seal, or the seed) is told so, not as a misfit blamed
   on a change to the rules.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tests.tactics_util import board_game, events, put
from tests.test_tactics_undo_s59 import RECORDS, _setup
from toolkit.cli._lang import LogNames
from toolkit.engine.core import EngineError
from toolkit.engine.logwords import word
from toolkit.engine.tactics import Profile
from toolkit.engine.tactics.session import SEALED, SavedMisfit, TacticsSession, TacticsSetup, seal
from toolkit.i18n import use_lang

# ---------------------------------------------------------------- 1. why a target was lost


def _pistol(game: Any, unit: Any) -> Profile:
    return next(p for p in game.profiles(unit, built_in_only=True) if p.name == "制式手枪")


def _lost(game: Any) -> dict[str, Any]:
    (entry,) = [e.to_json() for e in events(game, "target_lost") if "unit" in e.data]  # (the attack's own)
    return entry


def test_a_target_in_range_but_out_of_sight_is_lost_as_not_in_sight() -> None:
    """The sweep's case: in range (distance 2, the pistol's range 1-4) but the attacker faces away."""
    game = board_game()
    gale = put(game, 1, "gale", (2, 3), "w")  # facing away
    target = put(game, 2, "jackdaw", (4, 3), "w")
    game.attack(gale, target, _pistol(game, gale))
    entry = _lost(game)
    low, high = entry["range"]
    assert low <= entry["distance"] <= high  # (what read as wrong: the distance is inside the range)
    assert entry["reason"] == "not_in_sight"
    en, zh = LogNames(RECORDS, "en").line(entry), LogNames(RECORDS, "zh-Hans").line(entry)
    assert "reason: not in sight" in en, en
    assert word("reason", "not_in_sight", "zh-Hans") in zh and word("field", "reason", "zh-Hans") in zh, zh


def test_a_target_out_of_range_is_lost_as_out_of_range() -> None:
    game = board_game()
    gale = put(game, 1, "gale", (0, 5), "e")  # facing it, 7 steps away
    target = put(game, 2, "jackdaw", (7, 5), "w")
    game.attack(gale, target, _pistol(game, gale))
    entry = _lost(game)
    assert entry["distance"] > entry["range"][1]
    assert entry["reason"] == "out_of_range"
    assert "reason: out of range" in LogNames(RECORDS, "en").line(entry)
    assert word("reason", "out_of_range", "zh-Hans") in LogNames(RECORDS, "zh-Hans").line(entry)


# ---------------------------------------------------------------- 2. a damaged save's seed and seals


@pytest.fixture(scope="module")
def saved() -> dict[str, Any]:
    """A game against the machine saved for the person to keep: the machine's squad, deck and decisions sealed."""
    session = TacticsSession(RECORDS, _setup("duel", 21), made_up=frozenset({2}))
    while len(session.labels) < 12 and session.pending is not None:
        session.apply(session.pending.options[0].label)
    data = session.to_json(sealed=True)
    assert all(isinstance(x, str) and x.startswith(SEALED) for x in (data["setup"]["squads"][1],
                                                                     data["setup"]["decks"][1]))  # fmt: skip
    assert any(x.startswith(SEALED) for x in data["decisions"])
    TacticsSession.from_json(RECORDS, data)  # (as saved: it loads)
    return data


def _refusal(data: dict[str, Any]) -> EngineError:
    with use_lang("en"), pytest.raises(EngineError) as caught:
        TacticsSession.from_json(RECORDS, data)
    return caught.value


def test_a_bad_seed_is_told_as_the_seed_s_not_the_sealed_squads(saved: dict[str, Any]) -> None:
    data = copy.deepcopy(saved)
    data["setup"]["seed"] = "abc"
    assert str(_refusal(data)) == "/setup/seed: expected a whole number"


def test_a_negative_seed_names_the_range(saved: dict[str, Any]) -> None:
    data = copy.deepcopy(saved)
    data["setup"]["seed"] = -1
    assert str(_refusal(data)) == "/setup/seed -1: a seed is a whole number from 0 up"
    with pytest.raises(EngineError, match="/setup/seed -5"):
        TacticsSetup.from_json({**saved["setup"], "seed": -5})


@pytest.mark.parametrize(("key", "index"), [("squads", 1), ("decks", 1)])
def test_a_tampered_sealed_squad_or_deck_is_told_so(saved: dict[str, Any], key: str, index: int) -> None:
    data = copy.deepcopy(saved)
    data["setup"][key][index] = "sealed:zzzz"
    refusal = _refusal(data)
    assert not isinstance(refusal, SavedMisfit)
    assert str(refusal) == f"/setup/{key}/{index}: the sealed entry does not match the seed (the file was changed)"


def test_a_changed_seed_is_told_as_the_seals_that_no_longer_open(saved: dict[str, Any]) -> None:
    data = copy.deepcopy(saved)
    data["setup"]["seed"] = 10**25  # (in range: the sealed squad was sealed with another)
    refusal = _refusal(data)
    assert not isinstance(refusal, SavedMisfit)
    assert "the sealed entry does not match the seed (the file was changed)" in str(refusal)
    assert str(refusal).startswith("/setup/squads/1: ")


def test_a_tampered_sealed_decision_is_told_so_not_blamed_on_the_rules(saved: dict[str, Any]) -> None:
    """bad_sealdec: ``sealed:!!!`` opened as an empty label, refused as a misfit (a change to the rules)."""
    index = next(i for i, x in enumerate(saved["decisions"]) if x.startswith(SEALED))
    for tampered in ("sealed:!!!", "sealed:zzzz", seal("\x00\x01", saved["setup"]["seed"], f"decision:{index}")):
        data = copy.deepcopy(saved)
        data["decisions"][index] = tampered
        refusal = _refusal(data)
        assert not isinstance(refusal, SavedMisfit), tampered
        assert str(refusal) == (f"/decisions/{index}: the sealed entry does not match the seed (the file was "
                                "changed)"), tampered  # fmt: skip


def test_a_decision_sealed_with_another_seed_is_told_so() -> None:
    """Both decks given (nothing made up: the set-up is plain), the seed changed: the machine's decisions no longer
    open (its labels are words: sealed with another seed, they open as bytes that are no text, or not printable)."""
    session = TacticsSession(RECORDS, _setup("duel", 21))
    while len(session.labels) < 12 and session.pending is not None:
        session.apply(session.pending.options[0].label)
    data = session.to_json(sealed=True)
    assert not any(isinstance(x, str) and x.startswith(SEALED) for x in data["setup"]["squads"])
    data["setup"]["seed"] = 22
    refusal = _refusal(data)
    assert not isinstance(refusal, SavedMisfit)
    assert str(refusal).startswith("/decisions/"), str(refusal)
    assert str(refusal).endswith(": the sealed entry does not match the seed (the file was changed)")
