"""The Order and Chaos card scripts, each played through a scenario that checks what changes."""

from __future__ import annotations

from typing import Any

from .kit import QUIET_CORP, bundled, card, card_in, corp, events, identity, ids, labels, play, rezzed, runner, scorable


def short(r: Any) -> list[str]:
    """The pending options' labels without card uids."""
    return [label.split("#")[0] for label in labels(r)]


# ---------------------------------------------------------------- fixtures (our own wording)

# corp ice
ASTEROID = card("asteroid_belt", "ice", ["You can advance this ice; each advancement token on it makes it 3[credit] "
                                         "cheaper to rez.", "[subroutine] End the run."],
                rez_cost=9, strength=6, subtypes=["barrier"])  # fmt: skip
NEBULA = card("nebula", "ice", ["Advancing this ice is allowed; each of its advancement tokens takes 3[credit] off "
                                "its rez cost.", "[subroutine] Trash 1 program."],
              rez_cost=9, strength=5, subtypes=["sentry", "destroyer"])  # fmt: skip
WORMHOLE = card("wormhole", "ice", ["You can advance this ice; its rez cost drops by 3 per advancement token.",
                                    "[subroutine] One subroutine of another rezzed ice, your pick, resolves."],
                rez_cost=9, strength=7, subtypes=["code_gate"])  # fmt: skip
ORION = card("orion", "ice", ["You can advance this ice; its rez cost drops by 3 per advancement token.",
                              "[subroutine] Trash 1 program.",
                              "[subroutine] One subroutine of another rezzed ice, your pick, resolves.",
                              "[subroutine] End the run."],
             rez_cost=15, strength=8, subtypes=["sentry", "code_gate", "barrier"], unique=True)  # fmt: skip
FIRE_WALL = card("fire_wall", "ice", ["You can advance this ice; it is 1 stronger per advancement token on it.",
                                      "[subroutine] End the run."], rez_cost=5, strength=5,
                 subtypes=["barrier"])  # fmt: skip
SEARCHLIGHT = card("searchlight", "ice", ["You can advance this ice; X counts its advancement tokens.",
                                          "[subroutine] A Trace[X]: if it works, the Runner gets a tag.",
                                          "[subroutine] A Trace[X]: if it works, the Runner gets a tag."],
                   rez_cost=1, strength=3, subtypes=["sentry", "tracer", "observer"])  # fmt: skip
CHECKPOINT = card("checkpoint", "ice", ["When you rez this ice, take 1 bad publicity.",
                                        "[subroutine] Trace[5]; if it works, 3 meat damage follows as soon as this "
                                        "run succeeds."], rez_cost=4, strength=7,
                  subtypes=["code_gate", "tracer", "illicit"])  # fmt: skip
BUILDER = card("builder", "ice", ["[click]: This ice goes to the outside of the ice of a server you choose.",
                                  "[subroutine] An ice of this server that can take advancement tokens gets 1.",
                                  "[subroutine] An ice of this server that can take advancement tokens gets 1."],
               rez_cost=2, strength=4, subtypes=["code_gate"])  # fmt: skip
# corp operations
TRAFFIC = card("traffic_accident", "operation", ["Only while the Runner has 2 tags or more can this be played.",
                                                 "Do 2 meat damage."], cost=0, subtypes=["black_ops"])  # fmt: skip
HOUSEKEEPING = card("housekeeping", "operation",
                    ["It stays in play until some other current is played or the Runner steals an agenda.",
                     "Each turn, the Runner's first install makes them trash a card from their grip."],
                    cost=2, subtypes=["current", "gray_ops"])  # fmt: skip
PATCH = card("patch", "operation", ["Host this on a rezzed ice as a condition; that ice is 2 stronger."], cost=0,
             subtypes=["condition"])  # fmt: skip
SUB_BOOST = card("sub_boost", "operation", ["Host this on a rezzed ice as a condition; that ice becomes a barrier "
                                            "and ends with one more subroutine that ends the run."], cost=0,
                 subtypes=["condition"])  # fmt: skip
# corp agendas
FIRMWARE = card("firmware_updates", "agenda", ["When you score this agenda, place 3 agenda counters on it.",
                                               "Once a turn, one hosted agenda counter puts 1 advancement token on "
                                               "an installed ice that can be advanced."],
                advancement_requirement=3, agenda_points=1, subtypes=["security"])  # fmt: skip
HRI = card("high_risk_investment", "agenda", ["When you score this agenda, place 1 agenda counter on it.",
                                              "[click] and a hosted agenda counter: gain as many credits as the "
                                              "Runner holds."], advancement_requirement=5, agenda_points=3,
           subtypes=["expansion"])  # fmt: skip
# corp assets and upgrades
CONSTELLATION = card("constellation_protocol", "asset",
                     ["As your turn starts you may shift an advancement token from one ice to another installed ice "
                      "that can be advanced."], rez_cost=0, trash_cost=4)  # fmt: skip
CYBERDEX = card("cyberdex_virus_suite", "upgrade", ["Accessed in R&D, it is shown to you.",
                                                    "Its access lets you purge virus counters if you like.",
                                                    "[trash]: Purge virus counters."], rez_cost=3, trash_cost=1,
                subtypes=["ambush"])  # fmt: skip
SPACE_CAMP = card("space_camp", "asset", ["Accessed in R&D, it is shown to you.",
                                          "Its access lets you put 1 advancement token on an installed card you can "
                                          "advance."], rez_cost=0, trash_cost=3, subtypes=["ambush"])  # fmt: skip
MARK_YALE = card("mark_yale", "asset", ["Each agenda counter you spend earns you 1[credit].",
                                        "[trash], or an agenda counter from any card: 2[credit] for you."],
                 rez_cost=1, trash_cost=3, unique=True, subtypes=["executive"])  # fmt: skip
TWINS = card("the_twins", "upgrade", ["Each time the Runner passes a rezzed ice of this server, you may show and "
                                      "trash another copy of it from HQ; they encounter it once more."],
             rez_cost=2, trash_cost=2, unique=True, subtypes=["sysop"])  # fmt: skip
# corp identities
ARGUS = identity("argus_security_protection_guaranteed", "corp",
                 ["Each agenda the Runner steals costs them a tag or 2 meat damage, their pick."],
                 faction="weyland_consortium")  # fmt: skip
TITAN = identity("titan_transnational_investing_in_your_future", "corp",
                 ["Each agenda you score may get an agenda counter."], faction="weyland_consortium")  # fmt: skip
# runner events
AMPED = card("amped_up", "event", ["You get [click][click][click] and 1 core damage nothing can prevent."], cost=1)
DAY_JOB = card("day_job", "event", ["Playing this also takes [click][click][click].", "Gain 10[credit]."], cost=2)
FORKED = card("forked", "event", ["Pick a server and run it; the first sentry you break every subroutine of in "
                                  "that run is trashed."], cost=2, subtypes=["run", "sabotage"])  # fmt: skip
KNIFED = card("knifed", "event", ["Pick a server and run it; the first barrier you break every subroutine of in "
                                  "that run is trashed."], cost=1, subtypes=["run", "sabotage"])  # fmt: skip
SPOONED = card("spooned", "event", ["Pick a server and run it; the first code gate you break every subroutine of "
                                    "in that run is trashed."], cost=2, subtypes=["run", "sabotage"])  # fmt: skip
SHOWING_OFF = card("showing_off", "event", ["Run R&D; if it succeeds, the breach takes cards from the bottom of R&D, "
                                            "not the top."], cost=2, subtypes=["run"])  # fmt: skip
WANTON = card("wanton_destruction", "event", ["Run HQ; if it succeeds you may skip the breach and spend any clicks "
                                              "you like: the Corp trashes that many random cards from HQ."],
              cost=1, subtypes=["run", "sabotage"])  # fmt: skip
UNINSTALL = card("uninstall", "event", ["One of your installed programs or hardware goes back to your grip."], cost=0)
PROTESTERS = card("itinerant_protesters", "event",
                  ["It stays in play until some other current is played or the Corp scores an agenda.",
                   "Every bad publicity of the Corp is 1 less card of maximum hand size for them."],
                  cost=2, subtypes=["current"])  # fmt: skip
# runner programs and hardware
EATER = card("eater", "program", ["Interface, 1[credit]: break any 1 subroutine; you then access nothing for the rest "
                                  "of the run.", "1[credit]: +1 strength."], cost=4, memory_cost=1, strength=2,
             subtypes=["icebreaker", "ai"])  # fmt: skip
CHOP_BOT = card("chop_bot_3000", "hardware", ["As your turn starts you may trash another installed card of yours to "
                                              "draw a card or lose a tag."], cost=1, unique=True)  # fmt: skip
ARCHIVES_INTERFACE = card("archives_interface", "hardware",
                          ["Once in each breach of Archives, a card you would access there may be removed from the "
                           "game instead."], cost=3)  # fmt: skip
QIANJU = card("qianju_pt", "hardware", ["As your turn starts you may give up [click]; the first tags coming your way "
                                        "before your next turn are then 1 fewer."], cost=2,
              subtypes=["vehicle"])  # fmt: skip
VIGIL = card("vigil", "hardware", ["+1[mu]", "As your turn starts, draw a card if HQ is exactly as full as the Corp's "
                                   "maximum hand size.", "No more than one console per player."], cost=2, unique=True,
             subtypes=["console"])  # fmt: skip
# runner resources
DATA_FOLDING = card("data_folding", "resource", ["As your turn starts, 1[credit] for you if 2 MU or more are free."],
                    cost=3, subtypes=["virtual"])  # fmt: skip
HUMAN_FIRST = card("human_first", "resource", ["Each agenda scored or stolen pays you its agenda points in credits."],
                   cost=1, unique=True, subtypes=["connection"])  # fmt: skip
JOURNALISM = card("investigative_journalism", "resource",
                  ["Only while the Corp has a bad publicity can this be installed.",
                   "[click][click][click][click], trash this: the Corp takes 1 bad publicity."], cost=0)  # fmt: skip
CLONE = card("sacrificial_clone", "resource",
             ["Trash it as damage comes: all of it is prevented, and you trash your hardware, your resources that "
              "are not virtual and your grip, lose your credits and your tags."], cost=3)  # fmt: skip
STIM = card("stim_dealer", "resource", ["As your turn starts: with 2 or more power counters here, clear them and take "
                                        "1 core damage nothing prevents; else add a power counter and gain [click]."],
            cost=4, subtypes=["connection"])  # fmt: skip
VBG = card("virus_breeding_ground", "resource",
           ["When your turn begins, place 1 virus counter on this resource.",
            "[click]: One virus counter here moves to another card that has a virus counter."],
           cost=2, subtypes=["virtual"])  # fmt: skip
# runner identities
EDWARD = identity("edward_kim_humanitys_hammer", "runner", ["Your first operation accessed each turn is trashed, "
                                                            "free."], faction="anarch", base_link=1)  # fmt: skip
MAXX = identity("maxx_maximum_punk_rock", "runner", ["As your turn starts, your top 2 stack cards are trashed and you "
                                                     "draw 1."], faction="anarch")  # fmt: skip
VALENCIA = identity("valencia_estevez_the_angel_of_cayambe", "runner", ["The Corp has 1 bad publicity from the "
                                                                         "start."], faction="anarch")  # fmt: skip

FIXTURES = [
    ASTEROID, NEBULA, WORMHOLE, ORION, FIRE_WALL, SEARCHLIGHT, CHECKPOINT, BUILDER,
    TRAFFIC, HOUSEKEEPING, PATCH, SUB_BOOST, FIRMWARE, HRI,
    CONSTELLATION, CYBERDEX, SPACE_CAMP, MARK_YALE, TWINS, ARGUS, TITAN,
    AMPED, DAY_JOB, FORKED, KNIFED, SPOONED, SHOWING_OFF, WANTON, UNINSTALL, PROTESTERS,
    EATER, CHOP_BOT, ARCHIVES_INTERFACE, QIANJU, VIGIL,
    DATA_FOLDING, HUMAN_FIRST, JOURNALISM, CLONE, STIM, VBG,
    EDWARD, MAXX, VALENCIA,
]  # fmt: skip
RECORDS = [*bundled(), *FIXTURES]


def test_every_fixture_is_executable() -> None:
    for record in FIXTURES:
        assert record.reading.status == "executable", record.id
    assert ORION.reading.read == [1, 3] and ORION.reading.scripted == [0, 2]
    assert CHECKPOINT.reading.read == [0] and CYBERDEX.reading.read == [2] and VIGIL.reading.read == [0]
    assert EATER.reading.read == [1] and DAY_JOB.reading.read == [1] and VBG.reading.read == [0]


# ---------------------------------------------------------------- corp ice


def test_advanceable_ice_is_cheaper_to_rez_for_each_advancement_token() -> None:
    servers = {"hq": {"ice": [{"card": "asteroid_belt", "counters": {"advancement": 2}}]},
               "rnd": {"ice": [{"card": "nebula", "counters": {"advancement": 1}}, {"card": "wormhole"}]}}  # fmt: skip
    r = play(RECORDS, ["advance:asteroid_belt"], active="corp", corp=corp(credits=5, servers=servers))
    g = r.game
    belt = g.servers["hq"].ice[0]
    nebula, wormhole = g.servers["rnd"].ice
    assert belt.advancement == 3 and g.rez_cost(belt) == 0 and g.corp.credits == 4
    assert g.rez_cost(nebula) == 6 and g.rez_cost(wormhole) == 9 and g.can_advance(wormhole)
    servers = {"hq": {"ice": [{"card": "orion", "counters": {"advancement": 4}}]}}
    r = play(RECORDS, ["run:hq", "rez:orion"], corp=corp(credits=4, servers=servers), runner=runner())
    g = r.game
    assert g.servers["hq"].ice[0].rezzed and g.corp.credits == 1  # 15 - 4 x 3


def test_orion_resolves_a_subroutine_of_another_rezzed_ice() -> None:
    servers = {"hq": {"ice": [rezzed("orion")]}, "rnd": {"ice": [rezzed("weyland_watchdog_drone")]}}
    r = play(RECORDS, ["run:hq"], corp=corp(servers=servers), runner=runner())
    g = r.game
    assert g.runner.tags == 1 and not g.run_history[-1][2]  # the drone's tag, then the run ends
    assert [e["index"] for e in events(r, "subroutine")] == [1, 2, 1, 3]


def test_wormhole_lets_the_corp_pick_the_ice_and_the_subroutine() -> None:
    servers = {"hq": {"ice": [rezzed("wormhole")]},
               "rnd": {"ice": [rezzed("jinteki_bramble_screen")]}, "archives": {"ice": [rezzed("nbn_static_veil")]}}  # fmt: skip
    r = play(RECORDS, ["run:hq", "jinteki_bramble_screen", "sub:1", "continue"], corp=corp(servers=servers),
             runner=runner(hand=["spark_of_insight"] * 3))  # fmt: skip
    g = r.game
    assert len(g.runner.hand) == 2 and events(r, "damage")[0]["damage"] == "net"
    assert g.run_history[-1][2]  # the bramble screen's first subroutine only: the run goes on


def test_fire_wall_grows_with_its_advancement_tokens() -> None:
    servers = {"hq": {"ice": [rezzed("fire_wall", counters={"advancement": 2})]}}
    r = play(RECORDS, ["advance:fire_wall"], active="corp", corp=corp(servers=servers))
    g = r.game
    assert g.strength_of(g.servers["hq"].ice[0]) == 8


def test_searchlight_traces_at_its_advancement_tokens() -> None:
    servers = {"hq": {"ice": [rezzed("searchlight", counters={"advancement": 1})]}}
    r = play(RECORDS, ["run:hq", "continue"], corp=corp(credits=0, servers=servers), runner=runner(credits=0))
    g = r.game
    assert g.runner.tags == 2 and [e["base"] for e in events(r, "trace")] == [1, 1]
    servers = {"hq": {"ice": [rezzed("searchlight")]}}
    r = play(RECORDS, ["run:hq", "continue"], corp=corp(credits=0, servers=servers), runner=runner(credits=0))
    assert r.game.runner.tags == 0  # trace 0 against a link of 0


def test_checkpoint_hurts_once_the_run_succeeds() -> None:
    servers = {"hq": {"ice": [rezzed("checkpoint")]}}
    hand = ["spark_of_insight"] * 4
    r = play(RECORDS, ["run:hq", "continue"], corp=corp(credits=0, servers=servers),
             runner=runner(credits=0, hand=hand))  # fmt: skip
    g = r.game
    assert len(g.runner.hand) == 1 and events(r, "damage")[0]["amount"] == 3
    kinds = [e.kind for e in g.log]
    assert kinds.index("damage") > kinds.index("run_successful")
    r = play(RECORDS, ["run:hq", "jack_out"], corp=corp(credits=0, servers=servers),
             runner=runner(credits=0, hand=hand))  # fmt: skip
    assert len(r.game.runner.hand) == 4 and not events(r, "damage")


def test_builder_moves_outermost_and_advances_its_servers_ice() -> None:
    servers = {"hq": {"ice": [{"card": "fire_wall"}, rezzed("builder")]}, "rnd": {"ice": [rezzed("hb_lattice_gate")]}}
    r = play(RECORDS, ["run:hq"], corp=corp(credits=0, servers=servers), runner=runner())
    g = r.game
    assert g.servers["hq"].ice[0].advancement == 2
    r = play(RECORDS, ["use:builder/0", "rnd"], active="corp", corp=corp(servers=servers))
    g = r.game
    assert ids(g.servers["rnd"].ice) == ["hb_lattice_gate", "builder"] and ids(g.servers["hq"].ice) == ["fire_wall"]
    assert g.corp.clicks == 2 and g.servers["rnd"].ice[1].rezzed


# ---------------------------------------------------------------- corp operations


def test_traffic_accident_needs_two_tags() -> None:
    r = play(RECORDS, [], active="corp", corp=corp(hand=["traffic_accident"]), runner=runner(tags=1))
    assert "play:traffic_accident" not in short(r)
    r = play(RECORDS, ["play:traffic_accident"], active="corp", corp=corp(hand=["traffic_accident"]),
             runner=runner(tags=2, hand=["spark_of_insight"] * 3))  # fmt: skip
    assert len(r.game.runner.hand) == 1 and events(r, "damage")[0]["damage"] == "meat"


def test_housekeeping_costs_a_grip_card_on_the_first_install_until_a_steal() -> None:
    servers = {"remote1": {"root": [{"card": "neutral_board_resolution"}]}}
    hand = ["spare_laptop", "lattice_memory", "spark_of_insight", "overnight_takeout"]
    decisions = ["play:housekeeping", "install:spare_laptop", "spark_of_insight", "install:lattice_memory"]
    r = play(RECORDS, decisions, active="corp", corp=corp(clicks=1, hand=["housekeeping"], servers=servers),
             runner=runner(hand=hand, credits=5))  # fmt: skip
    g = r.game
    assert ids(g.runner.discard) == ["spark_of_insight"] and ids(g.runner.hand) == ["overnight_takeout"]
    assert ids(g.in_play) == ["housekeeping"]
    r = play(RECORDS, [*decisions, "run:remote1", "continue"], active="corp",
             corp=corp(clicks=1, hand=["housekeeping"], servers=servers), runner=runner(hand=hand, credits=5))
    g = r.game
    assert ids(g.runner.score_area) == ["neutral_board_resolution"] and g.in_play == []
    assert "housekeeping" in ids(g.corp.discard)


def test_patch_makes_its_host_stronger_until_the_host_goes() -> None:
    servers = {"hq": {"ice": [rezzed("nbn_static_veil"), {"card": "hb_lattice_gate"}]}}
    r = play(RECORDS, ["play:patch"], active="corp", corp=corp(hand=["patch"], servers=servers))
    g = r.game
    veil, gate = g.servers["hq"].ice
    assert g.strength_of(veil) == 3 and g.strength_of(gate) == 2 and ids(g.in_play) == ["patch"]
    r = play(RECORDS, ["play:patch", "run:hq"], active="corp",
             corp=corp(clicks=1, hand=["patch"], servers={"hq": {"ice": [rezzed("nbn_static_veil")]}}),
             runner=runner(clicks=1, rig=[{"card": "rockbit_drill"}], credits=5))  # fmt: skip
    assert short(r) == ["boost:rockbit_drill", "done"]  # strength 3 against the drill's 2: boost before breaking
    r = play(RECORDS, [], active="runner", corp=corp(hand=["patch"], servers=servers))
    assert "play:patch" not in short(r)


def test_sub_boost_adds_barrier_and_an_end_the_run_subroutine() -> None:
    servers = {"hq": {"ice": [rezzed("hb_lattice_gate")]}}
    decisions = ["play:sub_boost", "run:hq", "break:cog_key/0", "sub:1", "done"]
    r = play(RECORDS, decisions, active="corp", corp=corp(clicks=1, hand=["sub_boost"], servers=servers),
             runner=runner(rig=[{"card": "cog_key"}], credits=5))  # fmt: skip
    g = r.game
    gate = g.servers["hq"].ice[0]
    assert "barrier" in gate.subtypes and events(r, "encounter")[0]["subroutines"] == 2  # (its own and the gained)
    assert events(r, "gain_subroutines") and not g.run_history[-1][2] and g.runner.credits == 4
    assert [e["index"] for e in events(r, "subroutine")] == [2]


# ---------------------------------------------------------------- corp agendas


def test_firmware_updates_advances_ice_once_a_turn() -> None:
    servers = scorable("firmware_updates", 3, hq={"ice": [{"card": "fire_wall"}, rezzed("nbn_static_veil")]})
    r = play(RECORDS, ["score:firmware_updates", "use:firmware_updates/1"], active="corp", corp=corp(servers=servers))
    g = r.game
    firmware = card_in(r, g.corp.score_area, "firmware_updates")
    assert firmware.counters == {"agenda": 2} and g.servers["hq"].ice[0].advancement == 1
    assert not [label for label in short(r) if label.startswith("use:firmware_updates")]


def test_high_risk_investment_matches_the_runners_credits() -> None:
    r = play(RECORDS, ["score:high_risk_investment", "use:high_risk_investment/1"], active="corp",
             corp=corp(credits=2, servers=scorable("high_risk_investment", 5)), runner=runner(credits=9))
    g = r.game
    hri = card_in(r, g.corp.score_area, "high_risk_investment")
    assert g.corp.credits == 11 and hri.counters == {} and g.corp.clicks == 2


# ---------------------------------------------------------------- corp assets, upgrades and identities


def test_constellation_protocol_moves_an_advancement_token_as_the_turn_begins() -> None:
    servers = {"hq": {"ice": [{"card": "fire_wall", "counters": {"advancement": 2}}, {"card": "asteroid_belt"}]},
               "remote1": {"root": [rezzed("constellation_protocol")]}}  # fmt: skip
    r = play(RECORDS, ["fire_wall"], corp=corp(servers=servers), runner=runner(clicks=0))
    g = r.game
    wall, belt = g.servers["hq"].ice
    assert g.active == "corp" and wall.advancement == 1 and belt.advancement == 1
    r = play(RECORDS, ["done"], corp=corp(servers=servers), runner=runner(clicks=0))
    assert r.game.servers["hq"].ice[0].advancement == 2


def test_cyberdex_virus_suite_is_revealed_and_purges_when_accessed() -> None:
    rig = [{"card": "blight_culture", "counters": {"virus": 2}}]
    r = play(RECORDS, ["run:rnd", "continue", "yes", "leave"],
             corp=corp(deck=["cyberdex_virus_suite", "neutral_plywood_screen"]), runner=runner(rig=rig))  # fmt: skip
    g = r.game
    assert g.runner.rig[0].counters == {} and events(r, "purge")
    assert events(r, "reveal")[0]["zone"] == "rnd"
    r = play(RECORDS, ["run:rnd", "continue", "no", "leave"],
             corp=corp(deck=["cyberdex_virus_suite", "neutral_plywood_screen"]), runner=runner(rig=rig))  # fmt: skip
    assert r.game.runner.rig[0].counters == {"virus": 2}


def test_space_camp_advances_a_card_when_accessed() -> None:
    servers = {"hq": {"ice": [{"card": "fire_wall"}]}, "remote1": {"root": [{"card": "space_camp"}]}}
    r = play(RECORDS, ["run:remote1", "continue", "done", "fire_wall", "leave"], corp=corp(servers=servers), runner=runner())
    g = r.game
    assert g.servers["hq"].ice[0].advancement == 1 and not events(r, "reveal")


def test_mark_yale_pays_for_agenda_counters_spent() -> None:
    servers = scorable("firmware_updates", 3, remote2={"root": [rezzed("mark_yale")]},
                        hq={"ice": [{"card": "fire_wall"}]})  # fmt: skip
    decisions = ["score:firmware_updates", "use:firmware_updates/1", "use:mark_yale/2", "use:mark_yale/1"]
    r = play(RECORDS, decisions, active="corp", corp=corp(credits=5, servers=servers))
    g = r.game
    firmware = card_in(r, g.corp.score_area, "firmware_updates")
    assert firmware.counters == {"agenda": 1} and g.corp.credits == 5 + 1 + 3 + 2
    assert "mark_yale" in ids(g.corp.discard)


def test_the_twins_make_the_runner_encounter_the_ice_again() -> None:
    servers = {"hq": {"ice": [rezzed("hb_lattice_gate")], "root": [rezzed("the_twins")]}}
    decisions = ["run:hq", "break:cog_key/0", "hb_lattice_gate", "break:cog_key/0", "continue", "leave"]
    r = play(RECORDS, decisions, corp=corp(hand=["hb_lattice_gate"], servers=servers),
             runner=runner(rig=[{"card": "cog_key"}], credits=5))  # fmt: skip
    g = r.game
    assert len(events(r, "encounter")) == 2 and g.runner.credits == 3
    assert ids(g.corp.discard) == ["hb_lattice_gate"] and g.corp.discard[0].faceup and g.run_history[-1][2]
    assert len([e for e in events(r, "trigger") if e["timing"] == "pass_ice"]) == 1  # no copy left: silent


def test_argus_security_tags_or_hurts_a_thief() -> None:
    servers = {"remote1": {"root": [{"card": "neutral_board_resolution"}]}}
    side = corp(identity="argus_security_protection_guaranteed", servers=servers)
    r = play(RECORDS, ["run:remote1", "continue", "tag"], corp=side, runner=runner(hand=["spark_of_insight"] * 3))
    assert r.game.runner.tags == 1 and len(r.game.runner.hand) == 3
    r = play(RECORDS, ["run:remote1", "continue", "damage"], corp=side, runner=runner(hand=["spark_of_insight"] * 3))
    assert r.game.runner.tags == 0 and len(r.game.runner.hand) == 1


def test_titan_transnational_may_add_an_agenda_counter() -> None:
    side = corp(identity="titan_transnational_investing_in_your_future", servers=scorable("firmware_updates", 3))
    r = play(RECORDS, ["score:firmware_updates", "yes"], active="corp", corp=side)
    g = r.game
    assert card_in(r, g.corp.score_area, "firmware_updates").counters == {"agenda": 4}
    side = corp(identity="titan_transnational_investing_in_your_future", servers=scorable("neutral_board_resolution", 4))
    r = play(RECORDS, ["score:neutral_board_resolution", "no"], active="corp", corp=side)
    assert card_in(r, r.game.corp.score_area, "neutral_board_resolution").counters == {}


# ---------------------------------------------------------------- runner events


def test_amped_up_trades_core_damage_for_clicks() -> None:
    r = play(RECORDS, ["play:amped_up"], runner=runner(hand=["amped_up", "spark_of_insight", "spark_of_insight"]))
    g = r.game
    assert g.runner.clicks == 6 and g.runner.brain_damage == 1 and len(g.runner.hand) == 1 and g.runner.credits == 4
    assert not events(r, "prevent")


def test_day_job_costs_three_more_clicks() -> None:
    r = play(RECORDS, [], runner=runner(hand=["day_job"], clicks=3))
    assert "play:day_job" not in short(r)
    r = play(RECORDS, ["play:day_job"], runner=runner(hand=["day_job"], clicks=4, credits=2))
    g = r.game
    assert g.runner.credits == 10 and g.runner.clicks == 0


def test_knifed_trashes_the_first_barrier_fully_broken() -> None:
    servers = {"hq": {"ice": [rezzed("neutral_plywood_screen"), rezzed("nbn_static_veil")]}}
    decisions = ["play:knifed", "hq", "break:rockbit_drill/0", "continue", "break:rockbit_drill/0", "continue"]
    r = play(RECORDS, decisions, corp=corp(servers=servers),
             runner=runner(hand=["knifed"], rig=[{"card": "rockbit_drill"}], credits=5))  # fmt: skip
    g = r.game
    assert ids(g.servers["hq"].ice) == ["neutral_plywood_screen"] and ids(g.corp.discard) == ["nbn_static_veil"]
    assert g.run_history[-1][2] and g.runner.credits == 2 and ids(g.runner.discard) == ["knifed"]


def test_a_patch_goes_with_the_ice_knifed_trashes() -> None:
    decisions = ["play:patch", "play:knifed", "hq", "boost:rockbit_drill/1", "break:rockbit_drill/0", "continue"]
    r = play(RECORDS, decisions, active="corp",
             corp=corp(clicks=1, hand=["patch"], servers={"hq": {"ice": [rezzed("nbn_static_veil")]}}),
             runner=runner(hand=["knifed"], rig=[{"card": "rockbit_drill"}], credits=5))  # fmt: skip
    g = r.game
    assert sorted(ids(g.corp.discard)) == ["nbn_static_veil", "patch"] and g.in_play == []


def test_spooned_and_forked_trash_only_their_subtype() -> None:
    servers = {"hq": {"ice": [rezzed("hb_lattice_gate")]}}
    r = play(RECORDS, ["play:spooned", "hq", "break:cog_key/0", "continue"], corp=corp(servers=servers),
             runner=runner(hand=["spooned"], rig=[{"card": "cog_key"}], credits=5))  # fmt: skip
    assert r.game.servers["hq"].ice == [] and ids(r.game.corp.discard) == ["hb_lattice_gate"]
    r = play(RECORDS, ["play:forked", "hq", "break:cog_key/0", "continue"], corp=corp(servers=servers),
             runner=runner(hand=["forked"], rig=[{"card": "cog_key"}], credits=5))  # fmt: skip
    assert ids(r.game.servers["hq"].ice) == ["hb_lattice_gate"] and r.game.run_history[-1][2]
    servers = {"hq": {"ice": [rezzed("neutral_patrol_script")]}}
    r = play(RECORDS, ["play:forked", "hq", "boost:sleeve_blade/1", "break:sleeve_blade/0", "continue"],
             corp=corp(servers=servers), runner=runner(hand=["forked"], rig=[{"card": "sleeve_blade"}], credits=5))
    assert r.game.servers["hq"].ice == [] and ids(r.game.corp.discard) == ["neutral_patrol_script"]


def test_showing_off_accesses_the_bottom_of_rnd() -> None:
    deck = ["neutral_plywood_screen", "hb_lattice_gate", "neutral_board_resolution"]  # the top first
    r = play(RECORDS, ["play:showing_off", "continue"], corp=corp(deck=deck), runner=runner(hand=["showing_off"]))
    g = r.game
    assert ids(g.runner.score_area) == ["neutral_board_resolution"] and len(g.corp.deck) == 2
    assert events(r, "access")[0]["card"].startswith(g.runner.score_area[0].name)


def test_wanton_destruction_spends_clicks_on_random_trashes_instead_of_breaching() -> None:
    hq = ["neutral_plywood_screen", "hb_lattice_gate", "nbn_static_veil"]
    r = play(RECORDS, ["play:wanton_destruction", "continue", "yes", "x:2"], corp=corp(hand=hq),
             runner=runner(hand=["wanton_destruction"], clicks=4))  # fmt: skip
    g = r.game
    assert len(g.corp.hand) == 1 and len(g.corp.discard) == 2 and g.runner.clicks == 1
    assert not [e for e in events(r, "access") if "card" in e]
    r = play(RECORDS, ["play:wanton_destruction", "continue", "no"], corp=corp(hand=hq),
             runner=runner(hand=["wanton_destruction"], clicks=4))  # fmt: skip
    g = r.game
    assert len(g.corp.hand) == 3 and g.runner.clicks == 3 and events(r, "access")


def test_uninstall_returns_a_program_or_hardware_to_the_grip() -> None:
    rig = [{"card": "cog_key"}, {"card": "spare_laptop"}, {"card": "garage_lab"}]
    r = play(RECORDS, ["play:uninstall", "cog_key"], runner=runner(hand=["uninstall"], rig=rig))
    g = r.game
    assert ids(g.runner.hand) == ["cog_key"] and ids(g.runner.rig) == ["spare_laptop", "garage_lab"]
    r = play(RECORDS, [], runner=runner(hand=["uninstall"], rig=[{"card": "garage_lab"}]))
    assert "play:uninstall" not in short(r)


def test_itinerant_protesters_shrink_hq_until_an_agenda_is_scored() -> None:
    r = play(RECORDS, ["play:itinerant_protesters"], corp=corp(bad_publicity=2),
             runner=runner(hand=["itinerant_protesters"]))  # fmt: skip
    g = r.game
    assert g.hand_size("corp") == 6 - 2 and ids(g.in_play) == ["itinerant_protesters"]
    r = play(RECORDS, ["play:itinerant_protesters", "score:neutral_board_resolution"],
             corp=corp(bad_publicity=2, servers=scorable("neutral_board_resolution", 4)),
             runner=runner(clicks=1, hand=["itinerant_protesters"]))  # fmt: skip
    g = r.game
    assert g.in_play == [] and ids(g.runner.discard) == ["itinerant_protesters"] and g.hand_size("corp") == 6


# ---------------------------------------------------------------- runner programs and hardware


def test_eater_breaks_any_subroutine_but_nothing_is_accessed() -> None:
    servers = {"hq": {"ice": [rezzed("hb_lattice_gate")]}}
    r = play(RECORDS, ["run:hq", "use:eater/0", "continue"], corp=corp(hand=["neutral_board_resolution"], servers=servers),
             runner=runner(rig=[{"card": "eater"}], credits=5))  # fmt: skip
    g = r.game
    assert g.run_history[-1][2] and g.runner.credits == 4 and g.runner.score_area == []
    assert ids(g.corp.hand) == ["neutral_board_resolution"] and events(r, "breach_replaced")
    assert not [e for e in events(r, "access") if "card" in e]


def test_chop_bot_trashes_a_card_to_draw_or_remove_a_tag() -> None:
    rig = [{"card": "chop_bot_3000"}, {"card": "spare_laptop"}]
    r = play(RECORDS, ["spare_laptop", "remove_tag"], active="corp", corp=corp(clicks=0), runner=runner(rig=rig, tags=1))
    g = r.game
    assert g.runner.tags == 0 and ids(g.runner.discard) == ["spare_laptop"] and g.runner.hand == []
    r = play(RECORDS, ["spare_laptop"], active="corp", corp=corp(clicks=0), runner=runner(rig=rig))
    g = r.game
    assert ids(g.runner.hand) == ["spark_of_insight"] and ids(g.runner.rig) == ["chop_bot_3000"]
    r = play(RECORDS, ["done"], active="corp", corp=corp(clicks=0), runner=runner(rig=rig))
    assert ids(r.game.runner.rig) == ["chop_bot_3000", "spare_laptop"]


def test_archives_interface_removes_a_card_of_archives_from_the_game() -> None:
    side = corp(discard=["hb_lattice_gate"], discard_facedown=["neutral_board_resolution"])
    r = play(RECORDS, ["run:archives", "continue", "neutral_board_resolution"], corp=side,
             runner=runner(rig=[{"card": "archives_interface"}]))  # fmt: skip
    g = r.game
    assert g.runner.score_area == [] and ids(g.removed) == ["neutral_board_resolution"]
    assert ids(g.corp.discard) == ["hb_lattice_gate"]
    r = play(RECORDS, ["run:archives", "continue", "done", "hb_lattice_gate"], corp=side, runner=runner(rig=[{"card": "archives_interface"}]))
    assert ids(r.game.runner.score_area) == ["neutral_board_resolution"]


def test_qianju_pt_prevents_the_first_tag_after_a_click_is_lost() -> None:
    servers = {"rnd": {"ice": [rezzed("weyland_watchdog_drone")]}}
    rig = [{"card": "qianju_pt"}]
    decisions = ["yes", "run:rnd", "use:qianju_pt/1", "continue", "run:rnd", "continue"]
    r = play(RECORDS, decisions, active="corp", corp=corp(clicks=0, servers=servers), runner=runner(rig=rig))
    g = r.game
    assert g.runner.tags == 1 and g.runner.clicks == 1 and events(r, "prevent")[0]["what"] == "tags"
    decisions = ["yes", "run:rnd", "done", "continue", "run:rnd", "continue"]
    r = play(RECORDS, decisions, active="corp", corp=corp(clicks=0, servers=servers), runner=runner(rig=rig))
    assert r.game.runner.tags == 2  # declined once: it is spent
    r = play(RECORDS, ["no", "run:rnd", "continue"], active="corp", corp=corp(clicks=0, servers=servers),
             runner=runner(rig=rig))  # fmt: skip
    assert r.game.runner.tags == 1 and r.game.runner.clicks == 3


def test_vigil_draws_when_hq_is_full_and_is_a_console() -> None:
    rig = [{"card": "vigil"}]
    r = play(RECORDS, [], active="corp", corp=corp(clicks=0, hand=["hb_lattice_gate"] * 6), runner=runner(rig=rig))
    g = r.game
    assert g.active == "runner" and len(g.runner.hand) == 1 and g.memory_limit() == 6
    r = play(RECORDS, [], active="corp", corp=corp(clicks=0, hand=["hb_lattice_gate"] * 5), runner=runner(rig=rig))
    assert r.game.runner.hand == []
    r = play(RECORDS, [], runner=runner(rig=[{"card": "modular_rigframe"}], hand=["vigil"], credits=9))
    assert "install:vigil" not in short(r)
    r = play(RECORDS, [], runner=runner(rig=[{"card": "spare_laptop"}], hand=["vigil"], credits=9))
    assert "install:vigil" in short(r)


# ---------------------------------------------------------------- runner resources


def test_data_folding_pays_with_two_free_mu() -> None:
    rig = [{"card": "data_folding"}, {"card": "cog_key"}]
    r = play(RECORDS, [], active="corp", corp=corp(clicks=0), runner=runner(rig=rig, credits=0))
    assert r.game.runner.credits == 1
    rig = [{"card": "data_folding"}, {"card": "cog_key"}, {"card": "rockbit_drill"}, {"card": "falcon_protocol"}]
    r = play(RECORDS, [], active="corp", corp=corp(clicks=0), runner=runner(rig=rig, credits=0))
    assert r.game.runner.credits == 0


def test_human_first_pays_agenda_points() -> None:
    servers = {"remote1": {"root": [{"card": "neutral_board_resolution"}]}}
    r = play(RECORDS, ["run:remote1", "continue"], corp=corp(servers=servers),
             runner=runner(rig=[{"card": "human_first"}], credits=0))  # fmt: skip
    assert r.game.runner.credits == 2
    r = play(RECORDS, ["score:neutral_charter_renewal"], active="corp",
             corp=corp(servers=scorable("neutral_charter_renewal", 5)),
             runner=runner(rig=[{"card": "human_first"}], credits=0))  # fmt: skip
    assert r.game.runner.credits == 3


def test_investigative_journalism_needs_bad_publicity_and_gives_more() -> None:
    r = play(RECORDS, [], runner=runner(hand=["investigative_journalism"]))
    assert "install:investigative_journalism" not in short(r)
    r = play(RECORDS, ["install:investigative_journalism", "use:investigative_journalism/0"],
             corp=corp(bad_publicity=1), runner=runner(hand=["investigative_journalism"], clicks=5))  # fmt: skip
    g = r.game
    assert g.corp.bad_publicity == 2 and ids(g.runner.discard) == ["investigative_journalism"]
    assert g.runner.clicks == 0


def test_sacrificial_clone_prevents_all_damage_at_a_heavy_price() -> None:
    rig = [{"card": "sacrificial_clone"}, {"card": "spare_laptop"}, {"card": "garage_lab"}, {"card": "data_folding"},
           {"card": "cog_key"}]  # fmt: skip
    r = play(RECORDS, ["play:traffic_accident", "use:sacrificial_clone/0"], active="corp",
             corp=corp(hand=["traffic_accident"]),
             runner=runner(rig=rig, hand=["spark_of_insight"] * 3, tags=2, credits=7))  # fmt: skip
    g = r.game
    assert ids(g.runner.rig) == ["data_folding", "cog_key"] and g.runner.hand == []
    assert sorted(ids(g.runner.discard)) == sorted(["sacrificial_clone", "spare_laptop", "garage_lab",
                                                    *["spark_of_insight"] * 3])  # fmt: skip
    assert g.runner.credits == 0 and g.runner.tags == 0 and not events(r, "damage") and not g.over


def test_stim_dealer_gives_clicks_then_core_damage() -> None:
    r = play(RECORDS, [], active="corp", corp=corp(clicks=0), runner=runner(rig=[{"card": "stim_dealer"}]))
    g = r.game
    assert g.runner.clicks == 5 and g.runner.rig[0].counters == {"power": 1}
    rig = [{"card": "stim_dealer", "counters": {"power": 2}}]
    r = play(RECORDS, [], active="corp", corp=corp(clicks=0), runner=runner(rig=rig, hand=["spark_of_insight"] * 2))
    g = r.game
    assert g.runner.clicks == 4 and g.runner.rig[0].counters == {} and g.runner.brain_damage == 1
    assert len(g.runner.hand) == 1


def test_virus_breeding_ground_moves_a_virus_counter() -> None:
    rig = [{"card": "virus_breeding_ground", "counters": {"virus": 2}}, {"card": "blight_culture", "counters": {"virus": 1}}]
    r = play(RECORDS, ["use:virus_breeding_ground/1"], runner=runner(rig=rig))
    g = r.game
    assert [c.counters for c in g.runner.rig] == [{"virus": 1}, {"virus": 2}] and g.runner.clicks == 3
    r = play(RECORDS, [], runner=runner(rig=[{"card": "virus_breeding_ground", "counters": {"virus": 2}}]))
    assert not [label for label in short(r) if label.startswith("use:virus_breeding_ground")]


# ---------------------------------------------------------------- runner identities


def test_edward_kim_trashes_the_first_operation_accessed_each_turn() -> None:
    hq = ["neutral_emergency_audit", "jinteki_quiet_harvest"]
    r = play(RECORDS, ["run:hq", "continue", "run:hq", "continue"], corp=corp(hand=hq),
             runner=runner(identity="edward_kim_humanitys_hammer"))  # fmt: skip
    g = r.game
    assert len(g.corp.discard) == 1 and g.corp.discard[0].faceup and len(g.corp.hand) == 1
    assert len([e for e in events(r, "access") if "card" in e]) == 2


def test_maxx_mills_two_and_draws_one_as_the_turn_begins() -> None:
    deck = ["spark_of_insight", "overnight_takeout", "light_fingers"]
    r = play(RECORDS, [], active="corp", corp=corp(clicks=0),
             runner=runner(identity="maxx_maximum_punk_rock", deck=deck))  # fmt: skip
    g = r.game
    assert ids(g.runner.discard) == ["spark_of_insight", "overnight_takeout"] and ids(g.runner.hand) == ["light_fingers"]


def test_valencia_estevez_gives_the_corp_bad_publicity_from_the_start() -> None:
    from toolkit.engine.netrunner.game import NetrunnerGame

    g = NetrunnerGame(RECORDS, seed=3, identities={"corp": QUIET_CORP, "runner": "valencia_estevez_the_angel_of_cayambe"})
    assert g.corp.bad_publicity == 0
    g.begin_turn("corp")
    assert g.corp.bad_publicity == 1
    g.begin_turn("runner")
    assert g.corp.bad_publicity == 1
