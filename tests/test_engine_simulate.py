"""Playing command cards and `dossier simulate`: legal plays only, same seed same log."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.engine.core import FirstDecider
from toolkit.engine.simulate import simulate_tactics
from toolkit.engine.tactics import TacticsGame

from .conftest import CARDS, ROOT

RECORDS = load_catalog([CARDS / "tactics"]).records
EX = ROOT / "examples" / "decks" / "tactics"


def game_with(hand: list[str], squad: list[str], mode: str = "duo") -> TacticsGame:
    filler = ["smoke_grenade", "med_kit", "supply_crate", "intel_dossier", "zip_cuffs"]
    game = TacticsGame(
        RECORDS,
        mode,
        seed=1,
        decider=FirstDecider(),
        decks=[filler, filler],
        squads=[squad, ["lynx", "cipher"]],  # one piece per agent: the other side's squad shares none (T24)
        opening_hand=False,
    )
    player = game.player(1)
    player.hand = [game._card(card_id, 1) for card_id in hand]
    return game


def card(game: TacticsGame, card_id: str) -> Any:
    return next(c for c in game.player(1).hand if c.id == card_id)


@pytest.mark.parametrize(
    ("card_id", "squad", "playable"),
    [
        ("longbow_sniper_rifle", ["jackdaw", "egret"], True),  # exclusive, its agent in play
        ("longbow_sniper_rifle", ["egret", "gale"], False),  # exclusive, its agent absent
        ("building_lockdown", ["jackdaw", "egret"], False),  # status with no target: not played directly
        ("grit_teeth", ["anvil", "gale"], False),  # a response card waits for a response timing
        ("tactical_knife", ["jackdaw", "egret"], True),
    ],
)
def test_can_play(card_id: str, squad: list[str], playable: bool) -> None:
    game = game_with([card_id, "smoke_grenade", "med_kit"], squad)
    assert (game.can_play(1, card(game, card_id)) is not None) is playable


def test_mortgage_cost_needs_other_cards() -> None:
    game = game_with(["longbow_sniper_rifle"], ["jackdaw", "egret"])
    rifle = card(game, "longbow_sniper_rifle")
    assert rifle.record.cost.mortgage >= 1
    assert game.can_play(1, rifle) is None
    game.player(1).hand += [game._card("smoke_grenade", 1), game._card("med_kit", 1)]
    assert game.can_play(1, rifle) is not None
    game.play_card(1, rifle)
    jackdaw = next(u for u in game.player(1).units if u.id == "jackdaw")
    assert rifle in jackdaw.equipment and len(game.player(1).mortgage) == rifle.record.cost.mortgage


def test_skill_resolves_then_goes_to_the_discard() -> None:
    game = game_with(["mission_briefing", "smoke_grenade"], ["jackdaw", "egret"])
    before = len(game.player(1).hand)
    game.play_card(1, card(game, "mission_briefing"))
    assert [c.id for c in game.player(1).discard] == ["mission_briefing"]
    assert any(e.kind == "play" for e in game.log)
    assert len(game.player(1).hand) >= before - 1


def test_minion_card_deploys_its_minion() -> None:
    game = game_with(["security_contract", "smoke_grenade", "med_kit", "supply_crate"], ["jackdaw", "egret"])
    game.play_card(1, card(game, "security_contract"))
    assert [u.id for u in game.player(1).units if u.kind == "minion"] == ["contract_guard"]


def squads_and_decks(*names: str) -> tuple[list[list[str]], list[list[str]]]:
    decks = [json.loads((EX / name).read_text(encoding="utf-8")) for name in names]
    return [d["agents"] for d in decks], [[c for c, n in sorted(d["cards"].items()) for _ in range(n)] for d in decks]


def test_same_seed_same_log() -> None:
    squads, decks = squads_and_decks("duo.json", "duo.json")
    squads[1] = ["gale", "lynx"]  # no agent on both sides (T24)
    first = simulate_tactics(RECORDS, "duo", squads, decks, turns=12, seed=5).log.to_json()
    second = simulate_tactics(RECORDS, "duo", squads, decks, turns=12, seed=5).log.to_json()
    other = simulate_tactics(RECORDS, "duo", squads, decks, turns=12, seed=6).log.to_json()
    assert first == second and first != other
    kinds = {e["event"] for e in first}
    assert {"turn_start", "draw_phase", "main_phase_end", "turn_end"} <= kinds


def test_cli_refuses_an_illegal_deck(cli, tmp_path: Path) -> None:
    bad = json.loads((EX / "duo.json").read_text(encoding="utf-8"))
    bad["agents"] = ["jackdaw"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad, ensure_ascii=False), encoding="utf-8")
    result = cli("simulate", "tactics", "--decks", EX / "duo.json", "--decks", path, "--turns", "2")
    assert result.exit_code == 1
    assert "deck.squad.min" in result.output and "refusing to simulate" in result.output


def test_cli_same_seed_same_output(cli) -> None:
    args = (
        "simulate",
        "tactics",
        "--decks",
        EX / "duo.json",
        "--decks",
        EX / "duo-rival.txt",
        "--turns",
        "6",
        "--seed",
        "2",
        "--format",
        "json",
    )
    first, second = cli(*args), cli(*args)
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    assert json.loads(first.output)["state"]["players"][0]["seat"] in (1, 2)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["crossfire", "--decks", "a", "--decks", "b"], "dossier crossfire simulate"),
        (["tactics", "--decks", str(EX / "duo.json")], "takes 2 to 4 deck files"),
        (["tactics", "--decks", str(EX / "duo.json"), "--decks", str(EX / "melee.json")], "different modes"),
    ],
)
def test_cli_usage_errors(cli, args: list[str], message: str) -> None:
    result = cli("simulate", *args)
    assert result.exit_code == 2 and message in result.output


# ---------------------------------------------------------------- the log and the result in one language


@pytest.mark.slow
def test_the_result_and_its_reason_are_in_the_language_asked(cli) -> None:
    duo = ROOT / "examples" / "decks" / "tactics" / "duo.json"
    rival = ROOT / "examples" / "decks" / "tactics" / "duo-rival.txt"
    args = ["simulate", "tactics", "--decks", duo, "--decks", rival, "--turns", 40, "--seed", 3]
    data = json.loads(cli(*args, "--format", "json").stdout)
    result = data["result"]  # JSON keeps the codes
    assert result["reason"] in ("first_blood", "last_squad_standing") and len(result["winners"]) == 1
    seat, rounds = result["winners"][0], result["rounds"]
    zh_reason = {"first_blood": "先发制人", "last_squad_standing": "尘消"}[result["reason"]]
    en_reason = {"first_blood": "first blood", "last_squad_standing": "last squad standing"}[result["reason"]]
    assert cli(*args, "--lang", "zh-Hans").stdout.splitlines()[-1] == f"结果：玩家{seat}，共 {rounds} 轮（{zh_reason}）"
    assert cli(*args, "--lang", "en").stdout.splitlines()[-1] == f"result: P{seat} after {rounds} rounds ({en_reason})"
    short = cli("simulate", "tactics", "--decks", duo, "--decks", rival, "--turns", 1, "--lang", "zh-Hans").stdout
    assert short.splitlines()[-1] == "结果：无人获胜，共 1 轮（达到轮数上限；用 --turns 可提高上限）"


def test_log_lines_put_events_fields_and_codes_in_words(cli) -> None:
    duo = ROOT / "examples" / "decks" / "tactics" / "duo.json"
    rival = ROOT / "examples" / "decks" / "tactics" / "duo-rival.txt"
    args = ["simulate", "tactics", "--decks", duo, "--decks", rival, "--turns", 2, "--seed", 0]
    english = cli(*args, "--lang", "en").stdout.splitlines()
    assert "  20 P1 deploy (unit: Jackdaw#1, record: Jackdaw, cell: 1,10, facing: west, hidden: yes, tapped: no)" in (
        english
    )
    # an engine's sentence
    assert "  64 P1 exposed (unit: Jackdaw#1, reason: plays an exclusive card (§8.4))" in english
    chinese = cli(*args, "--lang", "zh-Hans").stdout.splitlines()
    deployed = "  20 玩家1 部署（单位：寒鸦#1，记录：寒鸦，格子：1,10，朝向：西，隐蔽：是，横置：否）"
    assert deployed in chinese
    assert "  64 玩家1 暴露（单位：寒鸦#1，原因：打出专用牌（§8.4））" in chinese
    # the JSON log keeps its events, keys and codes; the engine's sentences in the language asked for
    log = json.loads(cli(*args, "--format", "json", "--lang", "zh-Hans").stdout)["log"]
    deploy = next(e for e in log if e["seq"] == 20)
    assert deploy == {
        "seq": 20,
        "event": "deploy",
        "player": 1,
        "unit": "寒鸦#1",
        "record": "jackdaw",
        "cell": [1, 10],
        "facing": "w",
        "hidden": True,
        "tapped": False,
        "visible": "all",
    }
    assert any(e.get("reason") == "打出专用牌（§8.4）" for e in log)


def test_the_json_board_names_its_units_in_the_language_asked(cli) -> None:
    args = ["simulate", "tactics", "--decks", EX / "duel.json", "--decks", EX / "duel-rival.json", "--seed", 2,
            "--format", "json"]  # fmt: skip
    english = [u["name"] for u in json.loads(cli(*args, "--lang", "en").stdout)["board"]["units"]]
    chinese = [u["name"] for u in json.loads(cli(*args, "--lang", "zh-Hans").stdout)["board"]["units"]]
    assert "Mistblade" in english and "雾刃" in chinese and len(english) == len(chinese)
