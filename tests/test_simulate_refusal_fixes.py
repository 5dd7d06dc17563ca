"""`dossier simulate`'s refusals: --draft judges the command cards, not the squad the deck lists; a game's and a
mode's names (not their ids) in the messages; every agent two squads share named in the one refusal (T24)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from toolkit.engine.core import EngineError

from .conftest import ROOT
from .tactics_util import board_game

Cli = Callable[..., Any]  # the `cli` fixture: `dossier ARGS` run in-process
EX = ROOT / "examples" / "decks"
DUO = EX / "tactics" / "duo.json"  # jackdaw and egret
GENERIC = [  # fifteen generic command cards: a legal duo deck with any squad
    "adrenaline_shot", "advance_funding", "ambush_flare", "anti_materiel_rifle", "assault_stance", "ballistic_shield",
    "bleeding", "breach_in", "breaching_charge", "breaching_shotgun", "building_lockdown", "ceramic_body_armor",
    "comms_jammed", "compact_carbine", "contingency_plan",
]  # fmt: skip


def _deck(tmp_path: Path, name: str, agents: list[str], cards: list[str]) -> Path:
    path = tmp_path / f"{name}.json"
    deck = {"game": "tactics", "mode": "duo", "name": name, "agents": agents, "cards": dict.fromkeys(cards, 1)}
    path.write_text(json.dumps(deck), "utf-8")
    return path


def _deck_events(output: str) -> dict[int, dict[str, Any]]:
    return {e["player"]: e for e in json.loads(output)["log"] if e.get("event") == "deck"}


# ---------------------------------------------------------------- --draft: the decks give the command cards


@pytest.mark.parametrize("agents", [[], ["gale"], ["no_such_agent", "gale"], ["gale", "gale", "lynx"]])
def test_draft_plays_decks_whatever_squad_they_list(cli: Cli, tmp_path: Path, agents: list[str]) -> None:
    """With --draft the squads come from the draft: a deck that lists no agent, too few, an unknown one or one twice
    is not refused for it (it was: `deck.squad.min: 0 agents in the squad; Duo needs at least 2 … refusing to
    simulate`); the drafted squad plays."""
    mine = _deck(tmp_path, "mine", agents, GENERIC)
    played = cli("simulate", "tactics", "--draft", "--decks", mine, "--decks", DUO, "--turns", "1", "-f", "json")
    assert played.exit_code == 0, played.output
    squads = {p: e["squad"] for p, e in _deck_events(played.stdout).items()}
    assert len(squads) == 2 and all(len(s) == 2 for s in squads.values())
    without = cli("simulate", "tactics", "--decks", mine, "--decks", DUO, "--turns", "1", "--lang", "en")
    assert without.exit_code == 1 and "refusing to simulate" in without.output  # the squad is judged without it


def test_draft_keeps_an_exclusive_card_of_an_agent_not_listed(cli: Cli, tmp_path: Path) -> None:
    """An exclusive card of an agent the deck does not list is not refused before the draft, which may hand that
    agent over; one whose agent is not drafted gives way after it (`TacticsGame._deck_for_squad`, §15.6)."""
    mine = _deck(tmp_path, "mine", ["jackdaw", "egret"], [*GENERIC, "cicada_wing_dagger"])  # mistblade's card
    refused = cli("simulate", "tactics", "--decks", mine, "--decks", DUO, "--turns", "1", "--lang", "en")
    assert refused.exit_code == 1 and "deck.exclusive.agent" in refused.output  # without --draft: judged
    for seed in ("0", "2"):
        played = cli("simulate", "tactics", "--draft", "--decks", mine, "--decks", DUO, "--turns", "1", "--seed", seed,
                     "-f", "json")  # fmt: skip
        assert played.exit_code == 0, played.output
        first = _deck_events(played.stdout)[1]
        assert first["cards"] == len(GENERIC) + 1
        if "mistblade" not in first["squad"]:
            assert first["swapped"] == 1


@pytest.mark.parametrize(
    ("cards", "code"),
    [(GENERIC[:14], "deck.size.min"), ([*GENERIC, "holo_decoy"], "deck.token"), ([*GENERIC, "no_such_card"], "")],
)
def test_draft_still_judges_the_command_cards(cli: Cli, tmp_path: Path, cards: list[str], code: str) -> None:
    """--draft leaves the squad to the draft, not the command cards: their size, tokens, unknown ids are judged."""
    mine = _deck(tmp_path, "mine", [], cards)
    refused = cli("simulate", "tactics", "--draft", "--decks", mine, "--decks", DUO, "--turns", "1", "--lang", "en")
    assert refused.exit_code == 1, refused.output
    assert "refusing to simulate" in refused.output and code in refused.output
    assert "deck.squad" not in refused.output


# ---------------------------------------------------------------- the game's and the modes' names


def test_two_corp_decks_are_refused_naming_the_game(cli: Cli) -> None:
    """`…都是公司牌组；netrunner 需要…`: the game's name, not its id, in a Chinese message."""
    corps = ("--decks", EX / "netrunner" / "corp-hb-tireless-hands.json", "--decks",
             EX / "netrunner" / "corp-weyland-skyward.json")  # fmt: skip
    refused = cli("simulate", "netrunner", *corps, "--lang", "zh-Hans")
    assert refused.exit_code != 0
    said = refused.output.split("；")[-1]  # (after the paths, which hold the word)
    assert "矩阵潜袭" in said and "netrunner" not in said


@pytest.mark.parametrize("option", [["--strict"], ["--save", "game.json"]])
def test_netrunner_only_options_name_the_game(cli: Cli, tmp_path: Path, option: list[str]) -> None:
    """--strict and --save, given for tactics decks, say the game they are for by its name."""
    args = [a if a != "game.json" else tmp_path / a for a in option]
    refused = cli("simulate", "tactics", *args, "--decks", DUO, "--decks", EX / "tactics" / "duo-rival.txt",
                  "--lang", "zh-Hans")  # fmt: skip
    assert refused.exit_code == 2
    assert "矩阵潜袭" in refused.output and "netrunner" not in refused.output


@pytest.mark.parametrize(("lang", "names"), [("zh-Hans", ("双雄", "专家")), ("en", ("Duo", "Expert"))])
def test_decks_of_different_modes_are_refused_naming_the_modes(cli: Cli, lang: str, names: tuple[str, str]) -> None:
    """`这些牌组属于不同的模式：duo、expert`: the modes' names, not their ids."""
    refused = cli("simulate", "tactics", "--decks", DUO, "--decks", EX / "tactics" / "expert.json", "--lang", lang)
    assert refused.exit_code != 0
    last = refused.output.strip().splitlines()[-1]
    assert all(name in last for name in names), last
    assert "duo" not in last and "expert" not in last


# ---------------------------------------------------------------- T24: every shared agent in one refusal


def test_every_agent_two_squads_share_is_named_at_once() -> None:
    """§7.2 "每张特工牌对应 1 枚棋子" (T24): the refusal names each shared agent, not the first only, so a user
    who fixes one does not meet a second refusal."""
    with pytest.raises(EngineError) as raised:
        board_game(squads=(("gale", "jackdaw"), ("jackdaw", "gale")))
    message = str(raised.value)
    assert "(gale) is in the squads of players 1, 2" in message
    assert "(jackdaw) is in the squads of players 1, 2" in message
    assert message.count("T24") == 1


def test_simulate_names_both_agents_of_a_mirror_match(cli: Cli) -> None:
    """`simulate` with the same squad twice: one line (exit 1) naming Jackdaw and Egret both."""
    refused = cli("simulate", "tactics", "--decks", DUO, "--decks", EX / "tactics" / "duo-list.txt", "--lang", "en")
    assert refused.exit_code == 1
    last = refused.output.strip().splitlines()[-1]
    assert "Jackdaw (jackdaw)" in last and "Egret (egret)" in last and "T24" in last
