"""Stop 69's Netrunner fixes, found by the sweep of the real card pool (our own fixtures here, never its text):

1. The heuristic runner ran every click into ice that gains its "end the run" subroutines as it is met (Echo-,
   Envelopment-, Ireress-, Marker-, Swarm-like): the card scripts giving them logged nothing, so the runner took the
   ice for one with nothing to break. Every script that gives ice subroutines does it through one helper that logs
   ``gain_subroutines``; and the runner goes by what it saw: rezzed ice that ended one of its runs and that it cannot
   break is not free to get through (it does not run into it, jacks out before it, and draws for a breaker).
2. The encounter's log entry counted the subroutines of the ice's text only, before the cards that add some as the
   ice is met: it counts those the runner faces.
3. A scenario's agenda laid out with advancement counters scored with no Dividends agenda counters (they were read
   from the log's changes of counters, which a scenario's set-up never writes): they are the card's own when scored.
4. Midnight-3 Arcology's "skip your discard" raised the corp's hand size by its hand (the turn's end said hand size
   15): the discard phase is skipped (and logged so), the maximum hand size stays what it is.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.scripts.kit import bundled, card, corp, events, play, runner
from toolkit.engine.netrunner.players import HeuristicRunner
from toolkit.engine.netrunner.scripts import Builder, Exec
from toolkit.engine.netrunner.scripts import card as script

ETR = "[subroutine] End the run."

# our own wording of real cards' effects (their ids give them their card scripts)
ECHO = card("echo", "ice", ["Whenever a harmonic ice of yours is rezzed, this ice takes a power counter.",
                            "For each power counter here it has one end-the-run subroutine."],
            rez_cost=2, strength=0, subtypes=["barrier", "harmonic"])  # fmt: skip
ENVELOPMENT = card("envelopment", "ice", ["Rezzing it puts 4 power counters on it.",
                                          "At the start of your turn one of its power counters goes.",
                                          "Before its own subroutine: one end-the-run subroutine per power counter.",
                                          "[subroutine] Trash this ice."],
                   rez_cost=5, strength=5, subtypes=["barrier"])  # fmt: skip
IRERESS = card("ireress", "ice", ["For each bad publicity the Corp has it has a subroutine: the Runner loses "
                                  "1[credit]."], rez_cost=0, strength=2, subtypes=["code_gate"])  # fmt: skip
MARKER = card("marker", "ice", ["[subroutine] In this run the next ice met gets one more end-the-run subroutine, "
                                "after its others."], rez_cost=0, strength=3, subtypes=["code_gate"])  # fmt: skip
SWARM = card("swarm", "ice", ["Rezzing it gives you 1 bad publicity.",
                              "It may be advanced; each advancement counter gives it a subroutine: trash a program "
                              "unless the Runner pays 3[credit]."],
             rez_cost=8, strength=5, subtypes=["sentry", "destroyer"])  # fmt: skip
INGATAN = card("project_ingatan", "agenda",
               ["Dividends 1: scoring it puts 1 agenda counter here per advancement counter past the requirement.",
                "When your discard phase ends you may spend an agenda counter here to install a card from Archives "
                "for free."], agenda_points=2, advancement_requirement=3)  # fmt: skip
EMBEDDED = card("embedded_reporting", "agenda",
                ["Dividends 2: scoring it puts 2 agenda counters here per advancement counter past the requirement.",
                 "When your discard phase ends you may spend an agenda counter here to put an operation of R&D on "
                 "top."], agenda_points=2, advancement_requirement=3)  # fmt: skip
MIDNIGHT = card("midnight_3_arcology", "agenda",
                ["Scoring it draws you 3 cards, and this turn you do not discard down to your hand size."],
                advancement_requirement=4, agenda_points=2)  # fmt: skip


@script("zz_s69_tollgate", paragraphs=(0,), summary="When encountered, the run ends (no subroutine).")
def _tollgate(b: Builder) -> None:
    def met(x: Exec) -> None:
        x.game.runs.end_run(str(x.card), by=x.card)

    b.when("encounter", met, only=lambda x: x.event.get("ice") is x.card)


@script("zz_s69_late_courier", paragraphs=(0,), summary="When the corp's action phase ends, it draws 7 cards.")
def _late_courier(b: Builder) -> None:
    b.when("action_phase_ends", lambda x: x.game.draw("corp", 7))


TOLLGATE = card("zz_s69_tollgate", "ice", ["Meeting it ends the run."], rez_cost=0, strength=0, subtypes=["barrier"])
COURIER = card("zz_s69_late_courier", "asset", ["As your action phase ends, draw 7 cards."], rez_cost=0,
               trash_cost=1)  # fmt: skip
RECORDS = [*bundled(), ECHO, ENVELOPMENT, IRERESS, MARKER, SWARM, INGATAN, EMBEDDED, MIDNIGHT, TOLLGATE, COURIER]


def _choice(r: Any) -> str:
    """What the heuristic runner chooses at the position's pending decision."""
    assert r.pending is not None and r.pending.seat == 2
    return HeuristicRunner(random.Random(0)).decide(r.game, r.pending)


# ---------------------------------------------------------------- 1. ice that gains its subroutines as it is met

GAINERS = [  # (the ice of HQ, innermost first; the corp's other fields; the decisions; the ice that gains; how many)
    ([{"card": "echo", "rezzed": True, "counters": {"power": 2}}], {}, ["run:hq"], "echo", 2),
    ([{"card": "envelopment", "rezzed": True, "counters": {"power": 2}}], {}, ["run:hq"], "envelopment", 2),
    ([{"card": "ireress", "rezzed": True}], {"bad_publicity": 2}, ["run:hq"], "ireress", 2),
    ([{"card": "swarm", "rezzed": True, "counters": {"advancement": 2}}], {}, ["run:hq"], "swarm", 2),
    ([{"card": "neutral_plywood_screen", "rezzed": True}, {"card": "marker", "rezzed": True}], {},
     ["run:hq", "continue"], "neutral_plywood_screen", 1),
]  # fmt: skip


@pytest.mark.parametrize(("ice", "fields", "decisions", "gainer", "count"), GAINERS, ids=[g[3] for g in GAINERS])
def test_ice_that_gains_subroutines_as_it_is_met_logs_them(ice: list[dict[str, Any]], fields: dict[str, Any],
                                                           decisions: list[str], gainer: str, count: int) -> None:  # fmt: skip
    r = play(RECORDS, decisions, corp=corp(servers={"hq": {"ice": ice}}, **fields), runner=runner(credits=5))
    ice_met = next(c for c in r.game.servers["hq"].ice if c.id == gainer)
    assert [(e["ice"], e["count"]) for e in events(r, "gain_subroutines")] == [(str(ice_met), count)]


def _echo_twice(**runner_fields: Any) -> dict[str, Any]:
    """Echo with one power counter on HQ and on R&D; the runner without an icebreaker."""
    ice = {"ice": [{"card": "echo", "rezzed": True, "counters": {"power": 1}}]}
    fields = {"hand": ["basement_flat"], "credits": 5, "deck": ["spark_of_insight"] * 5, **runner_fields}
    return {"corp": corp(servers={"hq": ice, "rnd": ice}, hand=["neutral_plywood_screen"]), "runner": runner(**fields)}


def test_the_runner_does_not_run_again_into_ice_whose_gained_subroutine_ended_its_run() -> None:
    fields = _echo_twice()
    r = play(RECORDS, ["run:hq"], **fields)
    assert any(e["ended"] for e in events(r, "end_run")) and r.pending is not None and r.pending.kind == "action"
    player = HeuristicRunner(random.Random(0))
    assert player.break_cost(r.game, r.game.servers["hq"].ice[0]) is None  # (no barrier breaker for what it met)
    assert player.path_cost(r.game, "hq") is None
    assert player.breaker_wanted(r.game)
    assert _choice(r) != "run:hq"


def test_the_runner_facing_ice_it_met_with_gained_subroutines_counts_them_to_break() -> None:
    """With a barrier breaker installed, Echo's gained subroutine costs credits to break (it was free before)."""
    r = play(RECORDS, ["run:hq", "done"], **_echo_twice(rig=[{"card": "rockbit_drill"}]))  # (it lets it fire)
    assert any(e["ended"] for e in events(r, "end_run"))
    player = HeuristicRunner(random.Random(0))
    cost = player.break_cost(r.game, r.game.servers["hq"].ice[0])
    assert cost is not None and cost > 0
    assert player.path_cost(r.game, "hq") == cost and player.path_cost(r.game, "rnd") == 0  # (R&D's: never met)


def _tollgate_behind(decisions: list[str]) -> Any:
    """HQ: the tollgate (ends the run as it is met, no subroutine) inside an Ireress with nothing to fire."""
    ice = {"ice": [{"card": "zz_s69_tollgate", "rezzed": True}, {"card": "ireress", "rezzed": True}]}
    return play(RECORDS, decisions, corp=corp(servers={"hq": ice}, hand=["neutral_plywood_screen"]),
                runner=runner(hand=["basement_flat"], credits=5, deck=["spark_of_insight"] * 5))  # fmt: skip


def test_ice_that_ended_a_run_without_subroutines_is_not_free_to_get_through() -> None:
    player = HeuristicRunner(random.Random(0))
    r = _tollgate_behind([])
    assert player.path_cost(r.game, "hq") == 0  # (never met: nothing in its text)
    r = _tollgate_behind(["run:hq", "continue"])
    assert any(e["ended"] for e in events(r, "end_run")) and r.pending is not None and r.pending.kind == "action"
    assert player.path_cost(r.game, "hq") is None and player.breaker_wanted(r.game)
    assert _choice(r) != "run:hq"


def test_the_runner_jacks_out_before_ice_that_ended_its_run() -> None:
    r = _tollgate_behind(["run:hq", "continue", "run:hq"])
    assert r.pending is not None and r.pending.kind == "jack_out"
    assert _choice(r) == "jack_out"
    r = _tollgate_behind(["run:hq"])  # (the first time it does not know)
    assert r.pending is not None and r.pending.kind == "jack_out" and _choice(r) == "continue"


# ---------------------------------------------------------------- 2. the encounter's count of subroutines


@pytest.mark.parametrize(("ice", "fields", "count"), [
    ({"card": "echo", "rezzed": True, "counters": {"power": 2}}, {}, 2),
    ({"card": "envelopment", "rezzed": True, "counters": {"power": 2}}, {}, 3),
    ({"card": "ireress", "rezzed": True}, {"bad_publicity": 1}, 1),
    ({"card": "neutral_plywood_screen", "rezzed": True}, {}, 1),
])  # fmt: skip
def test_the_encounter_entry_counts_the_subroutines_the_runner_faces(ice: dict[str, Any], fields: dict[str, Any],
                                                                     count: int) -> None:  # fmt: skip
    r = play(RECORDS, ["run:hq"], corp=corp(servers={"hq": {"ice": [ice]}}, **fields),
             runner=runner(credits=5, rig=[{"card": "rockbit_drill"}]))  # fmt: skip
    assert [e["subroutines"] for e in events(r, "encounter")] == [count]
    if r.pending is not None and r.pending.kind == "break":  # the option to let them fire says the same number
        done = next(o for o in r.pending.options if o.label == "done")
        assert f"{count} unbroken" in str(done.text)


# ---------------------------------------------------------------- 3. Dividends from a scenario's counters


@pytest.mark.parametrize(("agenda", "advancement", "counters"), [
    ("project_ingatan", 5, 2), ("embedded_reporting", 4, 2), ("project_ingatan", 3, 0),
])  # fmt: skip
def test_an_agenda_laid_out_with_advancement_counters_pays_its_dividends(agenda: str, advancement: int,
                                                                         counters: int) -> None:  # fmt: skip
    servers = {"remote1": {"root": [{"card": agenda, "counters": {"advancement": advancement}}]}}
    r = play(RECORDS, [f"score:{agenda}"], active="corp", corp=corp(servers=servers))
    scored = r.game.corp.score_area[0]
    assert scored.id == agenda and scored.counters.get("agenda", 0) == counters


def test_dividends_count_the_counters_advanced_in_play_too() -> None:
    servers = {"remote1": {"root": [{"card": "project_ingatan", "counters": {"advancement": 3}}]}}
    r = play(RECORDS, ["advance:project_ingatan", "score:project_ingatan"], active="corp",
             corp=corp(servers=servers, credits=5))  # fmt: skip
    assert r.game.corp.score_area[0].counters.get("agenda", 0) == 1


# ---------------------------------------------------------------- 4. Midnight-3 Arcology skips the discard


def _midnight(decisions: list[str], **fields: Any) -> Any:
    servers = {"remote1": {"root": [{"card": "midnight_3_arcology", "counters": {"advancement": 4}}]}, **fields.pop(
        "servers", {})}  # fmt: skip
    return play(RECORDS, ["score:midnight_3_arcology", *decisions], active="corp",
                corp=corp(clicks=0, servers=servers, hand=["neutral_plywood_screen"] * 6, **fields))  # fmt: skip


def test_midnight_3_arcology_skips_the_discard_and_keeps_the_hand_size() -> None:
    r = _midnight([])
    g = r.game
    assert g.active == "runner" and len(g.corp.hand) == 9 and g.corp.discard == []
    ends = [e for e in events(r, "turn_end") if e["side"] == "corp"]
    assert ends and ends[-1]["hand"] == 9 and ends[-1]["hand_size"] == g.hand_size("corp") == 6
    assert "hand_size" not in g.corp.extra
    skipped = [e for e in events(r, "rule") if e.get("side") == "corp"]
    assert len(skipped) == 1 and skipped[0]["card"] == str(g.corp.score_area[0])
    assert "discard phase is skipped" in str(skipped[0]["reason"].message)


def test_midnight_3_arcology_skips_the_discard_however_many_cards_come_after_the_action_phase() -> None:
    r = _midnight([], deck=["neutral_plywood_screen"] * 12,
                  servers={"remote2": {"root": [{"card": "zz_s69_late_courier", "rezzed": True}]}})  # fmt: skip
    g = r.game
    assert g.active == "runner" and len(g.corp.hand) == 16 and g.corp.discard == []
    assert [e["hand_size"] for e in events(r, "turn_end") if e["side"] == "corp"] == [6]  # (it said 22)


def test_the_next_turn_discards_again() -> None:
    """The skip is for the turn Midnight-3 Arcology was scored in: the corp's next turn discards down to 6."""
    r = _midnight(["credit", "credit", "credit", "credit", "credit", "credit", "credit"],
                  deck=["neutral_plywood_screen"] * 6)  # fmt: skip
    assert r.pending is not None and r.pending.kind == "discard" and r.pending.seat == 1
