"""Crossfire set-up (substitutions, RULINGS C4/C5) and the deal of seed 003 with RULINGS C1."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.engine.crossfire import Crossfire, TableError

from .conftest import CARDS

GOLDEN = Path(__file__).parent / "golden" / "engine"


@pytest.fixture(scope="module")
def game() -> Crossfire:
    return Crossfire.from_records(load_catalog([CARDS / "crossfire"]).records)


@pytest.mark.parametrize(
    ("mode", "players", "specials", "expected"),
    [
        ("crossfire", 5, [], {"vip": 1, "agent": 1, "assassin": 1, "red_decoy": 1, "bystander": 1}),
        ("crossfire", 6, ["bodyguard"], {"vip": 1, "bodyguard": 1, "assassin": 2, "blue_decoy": 1, "bystander": 1}),
        # the enforcer: -1 agent +1 enforcer, a decoy-type role becomes an assassin (C4)
        ("crossfire", 7, ["enforcer"], {"vip": 1, "agent": 1, "enforcer": 1, "assassin": 3, "bystander": 1}),
        (
            "crossfire",
            10,
            ["enforcer"],
            {"vip": 1, "agent": 2, "enforcer": 1, "assassin": 4, "blue_decoy": 1, "bystander": 1},
        ),
        # ... else the bystander: 5 players have a red decoy, so it goes first
        ("crossfire", 5, ["enforcer"], {"vip": 1, "enforcer": 1, "assassin": 2, "bystander": 1}),
        ("crossfire", 5, ["bomber"], {"vip": 1, "agent": 1, "assassin": 1, "red_decoy": 1, "bomber": 1}),
        (
            "crossfire",
            8,
            ["protester"],
            {"vip": 1, "agent": 2, "assassin": 2, "decoy": 1, "red_decoy": 1, "protester": 1},
        ),
        (
            "crossfire",
            8,
            ["supporter"],
            {"vip": 1, "agent": 2, "assassin": 2, "decoy": 1, "red_decoy": 1, "supporter": 1},
        ),
        # the peacekeeper: -1 agent -1 assassin +1 peacekeeper +1 bystander (7-10 players)
        (
            "crossfire",
            9,
            ["peacekeeper"],
            {"vip": 1, "agent": 2, "assassin": 2, "decoy": 1, "bystander": 2, "peacekeeper": 1},
        ),
        # a second bystander lets two of bomber / protester / supporter join
        (
            "crossfire",
            9,
            ["peacekeeper", "bomber", "protester"],
            {"vip": 1, "agent": 2, "assassin": 2, "decoy": 1, "peacekeeper": 1, "bomber": 1, "protester": 1},
        ),
        ("sniper", 6, [], {"sniper": 1, "vip": 1, "agent": 1, "assassin": 2, "bystander": 1}),
        (
            "sniper",
            10,
            ["bomber"],
            {"sniper": 1, "vip": 1, "agent": 2, "assassin": 3, "red_decoy": 1, "blue_decoy": 1, "bomber": 1},
        ),
    ],
)
def test_setup(game: Crossfire, mode: str, players: int, specials: list[str], expected: dict[str, int]) -> None:
    roles = game.setup(mode, players, specials)
    assert dict(roles) == expected
    assert sum(roles.values()) == players


@pytest.mark.parametrize(
    ("mode", "players", "specials", "message"),
    [
        ("crossfire", 6, ["peacekeeper"], "with 7-10 players, not 6"),
        ("crossfire", 5, ["bomber", "protester"], "replaces Bystander, but the 5-player set-up has none left"),
        ("sniper", 7, ["bodyguard"], "Bodyguard cannot join Sniper mode"),
        ("crossfire", 4, [], "Crossfire mode is for 5-10 players, not 4"),
        ("sniper", 5, [], "Sniper mode is for 6-10 players, not 5"),
        ("duel", 5, [], "unknown mode 'duel'"),
    ],
)
def test_setup_errors(game: Crossfire, mode: str, players: int, specials: list[str], message: str) -> None:
    with pytest.raises(TableError, match=message):
        game.setup(mode, players, specials)


@pytest.mark.parametrize(("players", "shuffles"), [(5, 2), (6, 2), (7, 3), (8, 3), (9, 3), (10, 4)])
def test_every_third_player_shuffles_until_every_card_is_done(game: Crossfire, players: int, shuffles: int) -> None:
    deal = game.deal("crossfire", players, seed=11)
    assert len(deal.shuffles) == shuffles
    assert [by for by, _ in deal.shuffles] == [1 + 3 * k for k in range(shuffles)]
    covered = Counter(seat for _, trio in deal.shuffles for seat in trio)
    assert set(covered) == set(range(1, players + 1))
    # "部分人数下个别玩家的卡会被洗两次": only some seats twice, none more
    assert max(covered.values()) <= 2
    assert (players % 3 == 0) == all(v == 1 for v in covered.values())


@pytest.mark.parametrize(
    ("mode", "players", "specials"), [("crossfire", 7, ["bodyguard"]), ("sniper", 8, ["supporter"])]
)
def test_deal_hands_out_the_setup_and_players_see_their_cards(
    game: Crossfire, mode: str, players: int, specials: list[str]
) -> None:
    deal = game.deal(mode, players, specials, seed=5)
    assert Counter(deal.roles.values()) == game.setup(mode, players, specials)
    for seat, role in deal.roles.items():
        if seat in deal.public:
            assert deal.seen[seat] == []  # the Sniper takes no part in the deal
            continue
        assert deal.seen[seat][-1] == role or role in deal.seen[seat]
        assert 2 <= len(deal.seen[seat]) <= 4  # own card, the passed card, one or two shuffles
    assert set(deal.public.values()) <= {"sniper"}


def test_sniper_sits_out_of_the_shuffles(game: Crossfire) -> None:
    deal = game.deal("sniper", 7, seed=3, public_seats={"sniper": 4})
    assert deal.public == {4: "sniper"}
    assert all(4 not in trio for _, trio in deal.shuffles)
    assert deal.shuffles[0] == (1, (7, 1, 2))  # the circle closes over the empty seat


@pytest.mark.parametrize("seed", [0, 1, 42])
def test_same_seed_same_deal(game: Crossfire, seed: int) -> None:
    first = game.deal("crossfire", 10, ["enforcer"], seed=seed).to_json()
    assert first == game.deal("crossfire", 10, ["enforcer"], seed=seed).to_json()
    assert first != game.deal("crossfire", 10, ["enforcer"], seed=seed + 1000).to_json()


def test_deal_golden(cli: Any, update_golden: bool) -> None:
    result = cli("crossfire", "deal", "--players", "8", "--special", "bomber", "--seed", "7", "--format", "json")
    assert result.exit_code == 0, result.output
    golden = GOLDEN / "crossfire_deal_8_bomber_seed7.json"
    if update_golden:
        golden.write_text(result.stdout, encoding="utf-8")
    assert json.loads(result.stdout) == json.loads(golden.read_text(encoding="utf-8"))
