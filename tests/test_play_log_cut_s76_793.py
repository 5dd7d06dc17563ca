"""Sweep of s76 (helper 793): the full-screen views of `dossier play` show the latest entries of the log; when the
earlier ones are cut, a line under the log (its panel's lower edge) says so, how many of how many, and where every entry
is (`--plain`)."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from tests.test_tactics_decisions import RECORDS as TACTICS
from tests.test_tactics_decisions import _setup
from toolkit.cli._lang import LogNames
from toolkit.engine.keys import log_cut
from toolkit.engine.netrunner import NetrunnerGame
from toolkit.engine.netrunner.players import make_policy
from toolkit.engine.netrunner.screen import ScreenPolicy
from toolkit.engine.tactics.screen import play_screen
from toolkit.engine.tactics.session import TacticsSession

from .test_netrunner_screen import RECORDS as NETRUNNER
from .test_netrunner_screen import example_deck
from .test_tactics_screen import _keys

CUT = re.compile(r"^╰─ the latest (\d+) entr(?:y|ies) of (\d+); --plain shows them all ─", re.MULTILINE)



@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_the_line_says_the_log_is_cut_only_when_it_is(lang: str) -> None:
    assert log_cut(lang, 5, 5) is None
    cut = log_cut(lang, 3, 40).plain
    assert "3" in cut and "40" in cut and "--plain" in cut


def test_the_netrunner_screen_says_when_the_log_is_cut() -> None:
    out = io.StringIO()
    console = Console(file=out, width=150, height=40, color_system=None, force_terminal=False)
    person = ScreenPolicy(console, _keys(["enter"] + ["2", "enter", "down", "enter"] * 12 + ["q"]), "en")
    decks = {"corp": example_deck(NETRUNNER, "hb_tireless_hands"), "runner": example_deck(NETRUNNER, "zero_weaver")}
    game = NetrunnerGame(NETRUNNER, seed=4, decks=decks, policies={"runner": person,
                                                                   "corp": make_policy("heuristic", "corp", 4)})  # fmt: skip
    with pytest.raises(EOFError):
        game.play_game(max_turns=20)
    cuts = [(int(n), int(total)) for n, total in CUT.findall(out.getvalue())]
    assert cuts, out.getvalue()[-3000:]
    assert all(n < total for n, total in cuts)
    assert cuts[-1][1] == len(game.log.seen_by(2))  # (the last screen: every entry the runner has seen, counted)


def test_the_tactics_screen_says_when_the_log_is_cut() -> None:
    session = TacticsSession(TACTICS, _setup("duel", ["human", "heuristic"]))
    out = io.StringIO()
    console = Console(file=out, width=150, height=30, color_system=None, force_terminal=False)
    with pytest.raises(EOFError):
        play_screen(session, 1, "en", LogNames(TACTICS, "en"), console, _keys(["enter"] * 40 + ["q"]))
    cuts = [(int(n), int(total)) for n, total in CUT.findall(out.getvalue())]
    assert cuts and all(n < total for n, total in cuts), out.getvalue()[-3000:]
