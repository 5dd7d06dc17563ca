"""The Netrunner players on the bundled example decks: games end, every rule shows up in the logs, and the
heuristic players beat the random one (issue 20's bar: 75% of games for each side)."""

from __future__ import annotations

import collections
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.decks import NameIndex, read_deck
from toolkit.engine.netrunner import NetrunnerGame
from toolkit.engine.netrunner.players import make_policy

from .conftest import CARDS, ROOT

RECORDS = load_catalog([CARDS / "netrunner"]).records
NAMES = NameIndex(RECORDS)
DECKS: dict[str, list[Any]] = {"corp": [], "runner": []}
for _path in sorted((ROOT / "examples" / "decks" / "netrunner").glob("*.json")):
    _deck = read_deck(_path, NAMES).deck
    assert _deck is not None
    DECKS[next(r.side for r in RECORDS if r.kind == "identity" and r.id == _deck.identity)].append(_deck)
PAIRS = [(c, r) for c in DECKS["corp"] for r in DECKS["runner"]]
NAMED = ["mulligan", "rez", "encounter", "break", "subroutine", "jack_out", "trace", "psi", "counter", "purge", "host", "recurring", "prevent", "access", "steal", "score", "flatline"]


def play(seed: int, corp: str, runner: str) -> NetrunnerGame:
    corp_deck, runner_deck = PAIRS[seed % len(PAIRS)]
    game = NetrunnerGame(
        RECORDS,
        seed=seed,
        decks={"corp": corp_deck, "runner": runner_deck},
        policies={"corp": make_policy(corp, "corp", seed), "runner": make_policy(runner, "runner", seed)},
    )
    game.play_game(max_turns=200)
    return game


@pytest.mark.slow
def test_200_heuristic_games_end_and_log_every_rule() -> None:
    """Every corp deck against every runner deck: each game ends by agenda points, a flatline or an empty R&D,
    and the logs hold each event the rules make, named so."""
    seen: collections.Counter[str] = collections.Counter()
    for seed in range(200):
        game = play(seed, "heuristic", "heuristic")
        reason = game.end_reason or ""
        assert game.winner is not None, f"seed {seed} did not end"
        assert "agenda points" in reason or "flatline" in reason or "empty R&D" in reason, reason
        seen.update({e.kind for e in game.log})
    assert [name for name in NAMED if not seen[name]] == []


@pytest.mark.slow
def test_log_entries_carry_what_happened() -> None:
    fields = {
        "trace": {"base", "corp_boost", "strength", "link", "runner_boost", "link_strength", "successful"},
        "psi": {"corp", "runner", "equal"},
        "counter": {"card", "kind", "change", "total"},
        "break": {"ice", "index", "by"},
        "mulligan": {"side", "mulligan"},
    }
    for seed in range(40):
        game = play(seed, "heuristic", "heuristic")
        for event in game.log:
            if event.kind in fields:
                assert fields[event.kind] <= set(event.data), event


@pytest.mark.parametrize("side", ["corp", "runner"])
@pytest.mark.slow
def test_the_heuristic_player_beats_the_random_one(side: str) -> None:
    games = 80
    wins = 0
    for seed in range(games):
        players = ("heuristic", "random") if side == "corp" else ("random", "heuristic")
        wins += play(seed, *players).winner == side
    assert wins / games >= 0.75, f"the heuristic {side} won {wins} of {games}"
