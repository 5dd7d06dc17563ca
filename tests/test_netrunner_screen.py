"""The full-screen view of `dossier play netrunner` (issue 28, part 4): the table as the person's side sees it, the
options under a cursor the keys move, Enter takes the option under it, `q` stops; the corp's hand never shows."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from tests.conftest import ROOT
from toolkit.catalog import load_catalog
from toolkit.engine.netrunner import NetrunnerGame
from toolkit.engine.netrunner.players import make_policy
from toolkit.engine.netrunner.screen import ScreenPolicy
from toolkit.engine.netrunner.session import example_deck

RECORDS = list(load_catalog([ROOT / "cards" / "netrunner"]).records)


@pytest.mark.slow
def test_the_runner_plays_with_keys_and_never_sees_the_corp_s_hand() -> None:
    out = io.StringIO()
    console = Console(file=out, width=150, height=50, color_system=None, force_terminal=False)
    keys = iter(["down", "up", "enter"] + ["2", "enter", "down", "enter"] * 12 + ["q"])
    person = ScreenPolicy(console, lambda: next(keys), "en")
    decks = {"corp": example_deck(RECORDS, "hb_tireless_hands"), "runner": example_deck(RECORDS, "zero_weaver")}
    game = NetrunnerGame(RECORDS, seed=4, decks=decks, policies={"runner": person, "corp": make_policy("heuristic",
                                                                                                     "corp", 4)})  # fmt: skip
    with pytest.raises(EOFError):
        game.play_game(max_turns=20)
    mine = [d for d in game.decisions if d["seat"] == 2]
    assert len(mine) >= 10 and mine[0]["label"] == "keep"  # down, up, Enter: the first option (keep the hand)
    shown = out.getvalue()
    assert "You play the runner" in shown and "arrows and Enter choose" in shown and "HQ" in shown
    for card in game.corp.hand:  # what the corp holds is never drawn on the runner's screen
        assert f"{card.record.name.en}#{card.uid}" not in shown
