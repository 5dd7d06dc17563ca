"""Stop 61: a scavenge whose obstacle is out of reach once its agent has moved says so in the reader's language (its
log entry named the reference card 正义的搜刮 in Chinese to every reader)."""

from __future__ import annotations

from typing import Any

import pytest

from toolkit.cli._lang import LogNames

from .tactics_util import board_game, obstacle, put
from .test_tactics_rules_s58 import Asked


@pytest.mark.parametrize(("lang", "said"), [("en", "as written: scavenging"), ("zh-Hans", "原文：正义的搜刮")])
def test_a_scavenge_s_lost_obstacle_is_worded_in_the_readers_language(lang: str, said: str) -> None:
    game = board_game()
    put(game, 1, "gale", (2, 3), "w")
    cabinet = obstacle(game, "filing_cabinet", (3, 3))
    action = next(a for a in game.legal_actions(1) if a.kind == "scavenge")

    def away(prompt: str, options: list[Any]) -> Any:  # the agent steps away: the cabinet is 2 cells off
        return (1, 3) if (1, 3) in options else NotImplemented

    game.decider = Asked(away)
    game.take(action)
    lost = [e for e in game.log if e.kind == "target_lost"]
    assert lost and lost[-1].data["target"] == str(cabinet)
    line = LogNames(game.records, lang).line(lost[-1].to_json())
    assert said in line, line
    assert lang == "zh-Hans" or "正义" not in line
