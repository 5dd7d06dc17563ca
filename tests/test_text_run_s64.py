"""Stop 64: `dossier text run` takes the first LEGAL option, as its help says: a target (目标) in the ability's
distance and in the acting unit's vision and sight (§11.6), not the first enemy unit wherever it stands (which the
text then lost at once: "target lost", nothing damaged); with none legal, the log says so and why. The deciders of
seeded games (FirstDecider, RandomDecider, the players) are offered what they were: their games do not change.
And `text parse -f json` gives the grammar's expected words in full (the text output keeps its "… (n more)")."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, TypeVar

from toolkit.engine.core import Decider, FirstDecider, FirstLegalDecider
from toolkit.engine.tactics import TacticsGame
from toolkit.engine.tactics.interp import Determined
from toolkit.text import AbilitySyntaxError, parse

from .tactics_util import board_game, events, put

T = TypeVar("T")

DAMAGE = "对距离 0-2 内的目标敌方单位造成 2 点伤害。"
TUTORIAL = "攻击后：对目标敌方单位造成 1 点伤害。"  # docs/tutorials/tactics-game.md §4


def _far_then_near(decider: Decider) -> tuple[TacticsGame, Any, Any]:
    """Gale (seat 1) at (2,5) facing east; the enemy's first unit (jackdaw) far away, its second (egret) next to
    gale, in its sight."""
    game = board_game(squads=(("gale", "anvil"), ("jackdaw", "egret")), decider=decider)
    put(game, 1, "gale", (2, 5), "e")
    jackdaw = put(game, 2, "jackdaw", (9, 6), "w")
    egret = put(game, 2, "egret", (3, 5), "w")
    return game, jackdaw, egret


def test_the_first_legal_decider_takes_the_enemy_in_distance_and_sight_not_the_first_one() -> None:
    game, jackdaw, egret = _far_then_near(FirstLegalDecider())
    game.run_text(DAMAGE, seat=1)
    assert egret.hp == game.max_hp(egret) - 2 and jackdaw.hp == game.max_hp(jackdaw)
    assert not events(game, "target_lost") and not events(game, "no_target")


def test_first_decider_is_offered_only_targets_in_reach_as_the_text_resolves() -> None:
    """FirstDecider (tests, netrunner's default) takes the first candidate offered; since session 74 a target chosen
    as the text resolves is offered among those in its distance and sight only (§11.6), so it takes the enemy in
    reach too, and no target is lost (it took the first enemy, which the text then lost)."""
    game, jackdaw, egret = _far_then_near(FirstDecider())
    game.run_text(DAMAGE, seat=1)
    assert not events(game, "target_lost")
    assert egret.hp == game.max_hp(egret) - 2 and jackdaw.hp == game.max_hp(jackdaw)


def test_with_no_legal_target_the_log_says_none_and_why() -> None:
    game = board_game(squads=(("gale", "anvil"), ("jackdaw", "egret")), decider=FirstLegalDecider())
    gale = put(game, 1, "gale", (2, 5), "e")
    put(game, 2, "jackdaw", (9, 6), "w")
    put(game, 2, "egret", (8, 5), "w")
    game.run_text(DAMAGE, seat=1)
    assert not events(game, "target_lost") and not events(game, "damage")
    (none,) = events(game, "no_target")
    assert str(none.data["reason"]) == f"none is at distance 0-2 and in the vision and sight of {gale}"


class Offered(FirstLegalDecider):
    """Records the options of every target question."""

    def __init__(self) -> None:
        self.offered: list[list[Any]] = []

    def choose(self, player: int, prompt: str, options: Sequence[T]) -> T:
        if str(prompt).startswith("target:"):
            self.offered.append(list(options))
        return super().choose(player, prompt, options)


def test_a_target_named_ahead_of_the_resolution_is_offered_every_candidate_the_legal_first() -> None:
    """When an action is determined (§11.5) a move may still bring a target in: nothing is left out, the legal
    ones come first."""
    decider = Offered()
    game, jackdaw, egret = _far_then_near(decider)
    ctx = Determined(1, None, game.player(1).units[0])
    game.determine([parse(DAMAGE)], ctx)
    assert decider.offered == [[egret, jackdaw]]


def test_text_run_of_the_tutorial_example_says_no_target_is_in_sight(cli: Any) -> None:
    """Seed 1: no enemy unit is in sight of the acting unit on the fresh map (it said "target lost (target:
    Cipher#18, …)", naming a unit it could never target)."""
    result = cli("text", "run", TUTORIAL, "--mode", "duo", "--seed", "1", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "target lost" not in result.output
    assert "no target (as written: “target enemy unit”, reason: none is in the vision and sight of " in result.output
    result = cli("text", "run", DAMAGE, "--mode", "duel", "--seed", "1", "-f", "json", "--lang", "en")
    kinds = [e["event"] for e in json.loads(result.output)["log"]]
    assert "target_lost" not in kinds and "no_target" in kinds


def test_text_run_still_damages_an_enemy_in_sight(cli: Any) -> None:
    result = cli("text", "run", "对目标敌方单位造成 1 点伤害。", "--seed", "9", "-f", "json", "--lang", "en")
    assert [e["event"] for e in json.loads(result.output)["log"]][-1] == "damage"


# ---------------------------------------------------------------- text parse -f json: expected in full


def test_text_parse_json_gives_every_expected_word(cli: Any) -> None:
    try:
        parse("你飞行 2 格。")
    except AbilitySyntaxError as exc:
        error = exc
    assert error.expected[-1].endswith("more)")  # (the summary's shortened list)
    result = cli("text", "parse", "-f", "json", "你飞行 2 格。")
    expected = json.loads(result.output)["error"]["expected"]
    assert expected == error.alternatives and len(expected) > 12
    assert not any("more" in word for word in expected)
    result = cli("text", "parse", "你飞行 2 格。")  # the text keeps its shortened form
    assert "(17 more)" in result.output


def test_text_parse_json_gives_the_suggestions_the_text_says(cli: Any) -> None:
    result = cli("text", "parse", "-f", "json", "被攻击后：对攻击者照成 1 点伤害。")  # 照成 for 造成
    error = json.loads(result.output)["error"]
    assert "造成" in error["suggestions"] and "。" in error["expected"]
