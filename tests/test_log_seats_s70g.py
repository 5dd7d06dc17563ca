"""Seats in log lines (sweep 70g): ``P1 lost (unit: Mistblade#1, controller: 1)``, ``P1 destroyed (unit: Mistblade#1,
by: 2)``, Chinese ``控制者：1``: a field holding a player by seat is said as the player (P2, 玩家2), as the line's head
is; the JSON log keeps the number."""

from __future__ import annotations

import pytest

from tests.test_tactics_decisions import RECORDS
from toolkit.cli._lang import LogNames
from toolkit.i18n import t


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_a_seat_field_is_said_as_the_player(lang: str) -> None:
    names = LogNames(RECORDS, lang)
    lost = names.line({"seq": 502, "event": "lost", "player": 1, "unit": "Mistblade#1", "controller": 1})
    destroyed = names.line({"seq": 493, "event": "destroyed", "player": 1, "unit": "Mistblade#1", "by": 2})
    control = names.line({"seq": 90, "event": "control", "player": 2, "unit": "Gale#19", "owner": 1})
    p1, p2 = t(lang, "P{seat}", seat=1), t(lang, "P{seat}", seat=2)
    sep = ": " if lang == "en" else "："
    assert f"{sep}{p1}" in lost and not lost.rstrip(")）").endswith(f"{sep}1"), lost
    assert f"{sep}{p2}" in destroyed and not destroyed.rstrip(")）").endswith(f"{sep}2"), destroyed
    assert f"{sep}{p1}" in control, control


def test_a_number_that_is_no_seat_stays_a_number() -> None:
    names = LogNames(RECORDS, "en")
    assert "amount: 2" in names.line({"seq": 1, "event": "damage", "player": 1, "unit": "Mistblade#1", "amount": 2})
    assert "by: Jackdaw#1" in names.line({"seq": 2, "event": "play", "player": 1, "card": "Aim#3", "by": "Jackdaw#1"})
