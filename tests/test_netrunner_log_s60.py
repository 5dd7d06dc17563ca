"""What each seat reads in a Netrunner game's log (session 60).

1. The corp saw each of its own face-down discards twice: ``corp discarded (card: Patrol Script#46…)`` and then
   ``corp discarded face down (cards: 1…)``: the entry for its eyes and the one for the runner's. The same with a card
   installed face down and counters put on one. Each seat is now told once (the owner the card, the other side the
   count); the full log, which card scripts read, keeps both, and a replay (every seat's entries) has each once.
2. A Netrunner game's last entry read ``simulation ends (winners: P1, winner: corp …)`` (zh-Hans: ``模拟结束（获胜者：
   玩家2，获胜方：潜袭者…）``): a played game called a simulation, and the tactics seat names. It is now ``the game
   ends (winner: corp …)``; the entry's kind (``simulation_end``, in saved logs and read by the web) stays.
"""

from __future__ import annotations

from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.cli._lang import LogNames
from toolkit.engine import logwords
from toolkit.engine.netrunner import NetrunnerGame
from toolkit.engine.netrunner.players import make_policy
from toolkit.engine.netrunner.scenario import run_scenario
from toolkit.engine.netrunner.session import example_deck
from toolkit.models.scenario import Scenario

from .conftest import CARDS

RECORDS = load_catalog([CARDS / "netrunner"]).records
CORP, RUNNER = 1, 2


def play(decisions: list[str], corp: dict[str, Any], runner: dict[str, Any] | None = None, active: str = "corp") -> Any:
    corp = {"identity": "weyland_skyward_holdings", "credits": 5, "deck": ["neutral_pilot_scheme"] * 3, **corp}
    runner = {"identity": "blank_lin", "credits": 5, "deck": ["light_fingers"] * 5, **(runner or {})}
    data = {"game": "netrunner", "name": "log", "active": active, "corp": corp, "runner": runner,
            "decisions": decisions}  # fmt: skip
    return run_scenario(RECORDS, Scenario.model_validate(data))


def labels(result: Any) -> list[str]:
    return [o.label for o in result.pending.options] if result.pending else []


def kinds(events: Any, since: int = 0) -> list[str]:
    return [e.kind if hasattr(e, "kind") else e["event"] for e in events][since:]


# ---------------------------------------------------------------- 1. each seat told once


def test_the_corp_is_told_of_its_own_discard_once_and_the_runner_of_a_card() -> None:
    """The tester's case: the corp discards down to its hand size at the end of its turn."""
    r = play(["credit", "credit", "credit"], {"hand": ["neutral_pilot_scheme"] * 7})
    assert r.pending is not None and r.pending.kind == "discard"
    g = play(["credit", "credit", "credit", labels(r)[0], labels(r)[1]], {"hand": ["neutral_pilot_scheme"] * 7}).game
    start = next(e.seq for e in g.log if e.kind == "action_phase_end")
    assert kinds(g.log)[start : start + 4] == ["discarded", "discarded_facedown"] * 2  # the full log: both, as before
    corp = [e for e in g.seen_log(CORP) if start < e.seq <= start + 4]
    assert kinds(corp) == ["discarded", "discarded"]
    assert all(str(e.data["card"]).startswith("试点方案#") for e in corp)  # the corp is told which card
    runner = [e for e in g.seen_log(RUNNER) if start < e.seq <= start + 4]
    assert kinds(runner) == ["discarded_facedown", "discarded_facedown"] and all(e.data["cards"] == 1 for e in runner)
    names = LogNames(RECORDS, "en")
    lines = [names.line(e.to_json()) for e in corp]
    assert not any("face down" in line for line in lines), lines
    # the runner's own discards are face up: one entry, for both sides, as before
    answers = ["credit"] * 4
    r = play(answers, {}, {"hand": ["light_fingers"] * 7}, active="runner")
    assert r.pending is not None and r.pending.kind == "discard"
    g = play([*answers, labels(r)[0]], {}, {"hand": ["light_fingers"] * 7}, active="runner").game
    heap = [e for e in g.log if e.kind in ("discarded", "discarded_facedown")]
    assert kinds(heap) == ["discarded"] and heap[0].visible == "all"
    assert [e.seq for e in g.seen_log(CORP) if e.kind == "discarded"] == [heap[0].seq]
    assert [e.seq for e in g.seen_log(RUNNER) if e.kind == "discarded"] == [heap[0].seq]


def test_a_face_down_install_and_its_advancement_are_told_once_to_each_side() -> None:
    corp = {"hand": ["neutral_pilot_scheme"], "servers": {"remote1": {"root": [{"card": "neutral_pilot_scheme"}]}}}
    first = labels(play([], corp))
    install = next(o for o in first if o.startswith("install:") and o.endswith("@new"))
    advance = next(o for o in first if o.startswith("advance:"))
    g = play([install, advance], corp).game
    full = kinds(g.log)
    assert "install" in full and "install_facedown" in full and "counter" in full and "counter_facedown" in full
    corp_sees, runner_sees = kinds(g.seen_log(CORP)), kinds(g.seen_log(RUNNER))
    assert "install" in corp_sees and "counter" in corp_sees
    assert "install_facedown" not in corp_sees and "counter_facedown" not in corp_sees
    assert "install_facedown" in runner_sees and "counter_facedown" in runner_sees
    assert "install" not in runner_sees and "counter" not in runner_sees
    # a copy of the game (looking ahead) shows each seat the same
    copy = g.clone()
    assert kinds(copy.seen_log(CORP)) == corp_sees and kinds(copy.seen_log(RUNNER)) == runner_sees


def test_every_seat_s_entries_have_each_discard_once() -> None:
    """What a replay shows (every seat's entries): the corp's entry naming the card, not the runner's count too;
    the full log (:meth:`to_json`) keeps both."""
    r = play(["credit", "credit", "credit"], {"hand": ["neutral_pilot_scheme"] * 6})
    g = play(["credit", "credit", "credit", labels(r)[0]], {"hand": ["neutral_pilot_scheme"] * 6}).game
    everything = g.log.every_seat()
    assert "discarded" in kinds(everything) and "discarded_facedown" not in kinds(everything)
    assert "discarded_facedown" in kinds(g.log.to_json())
    assert len(everything) == len(g.log) - 1
    told = next(e for e in g.log if e.kind == "discarded")  # from an entry on (a replay's frame: the new ones)
    assert kinds(g.log.to_json(told.seq - 1))[:2] == ["discarded", "discarded_facedown"]
    assert kinds(g.log.every_seat(told.seq - 1))[:2] == ["discarded", "turn_end"]


# ---------------------------------------------------------------- 2. the game's end in Netrunner's words


def ended_game() -> NetrunnerGame:
    """A game the runner wins at once: the corp must draw from an empty R&D."""
    decks = {"corp": example_deck(RECORDS, "hb_tireless_hands"), "runner": example_deck(RECORDS, "zero_weaver")}
    game = NetrunnerGame(RECORDS, seed=4, decks=decks,
                         policies={s: make_policy("heuristic", s, 4) for s in ("corp", "runner")})  # fmt: skip
    game.mulligans()
    game.corp.deck.clear()
    game.play_game(max_turns=3, resume=False)
    return game


def test_a_netrunner_game_s_last_entry_names_the_winning_side_not_a_seat() -> None:
    game = ended_game()
    assert game.winner == "runner"
    last = list(game.log)[-1]
    assert last.kind == "simulation_end"  # (the kind saved logs and the web know)
    assert "winners" not in last.data and last.data["winner"] == "runner" and last.data["turns"] == game.turns
    assert game.result()["winners"] == [RUNNER]  # the result keeps the seats (simulate's JSON, benches)
    for seat in (CORP, RUNNER):
        assert game.seen_log(seat)[-1].data == last.data
    english = LogNames(RECORDS, "en").line(last.to_json())
    assert "the game ends (winner: runner, reason: the corp must draw from an empty R&D" in english, english
    assert "simulation" not in english and "P1" not in english and "P2" not in english
    chinese = LogNames(RECORDS, "zh-Hans").line(last.to_json())
    assert "对局结束（获胜方：潜袭者" in chinese and "模拟" not in chinese and "玩家" not in chinese, chinese


@pytest.mark.parametrize(("lang", "said"), [("en", "the game ends"), ("zh-Hans", "对局结束")])
def test_the_last_entry_of_any_game_says_the_game_ends(lang: str, said: str) -> None:
    """The kind is shared with tactics simulations: a simulated game ends as a played one does."""
    assert logwords.word("event", "simulation_end", lang) == said
