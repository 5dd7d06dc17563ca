"""Sweep of s76 (helper 793): a Netrunner game with more decisions than a replay holds frames loses none of them:
its frames are merged in pairs (the log of every decision kept) and the last frame is still the end."""

from __future__ import annotations

from typing import Any

import pytest

from toolkit.engine.netrunner import replay
from toolkit.engine.simulate import simulate_netrunner

from .test_engine_simulate_netrunner import RECORDS, decks


def _game(frames: list[dict[str, Any]]) -> Any:
    return simulate_netrunner(RECORDS, decks("corp-hb-tireless-hands.json", "runner-anarch-rust.json"), 6, seed=3,
                              frames=frames)  # fmt: skip


@pytest.mark.parametrize("limit", [8, 9, 25])
def test_a_long_netrunner_replay_merges_frames_and_keeps_the_end(monkeypatch: pytest.MonkeyPatch, limit: int) -> None:
    whole: list[dict[str, Any]] = []
    _game(whole)
    assert len(whole) > limit  # (the game is longer than the limit: the test would not test it otherwise)
    monkeypatch.setattr(replay, "MAX_FRAMES", limit)
    fitted: list[dict[str, Any]] = []
    _game(fitted)
    assert 1 < len(fitted) <= limit
    assert fitted[-1]["label"] == whole[-1]["label"] and fitted[-1]["state"] == whole[-1]["state"]  # the end
    assert [e for f in fitted for e in f["events"]] == [e for f in whole for e in f["events"]]  # no entry lost
