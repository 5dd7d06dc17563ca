"""The Creation and Control card scripts, each played through a scenario that checks what changes."""

from __future__ import annotations

from typing import Any

from .kit import bundled, card, events, identity, ids, play

CLICK_BREAK_2 = "The Runner, and only the Runner, may give up [click][click] to break as many as 2 subroutines here."
HEIMDALL = card("heimdall_2_0", "ice", [CLICK_BREAK_2, "[subroutine] Do 1 core damage.",
                                        "[subroutine] Do 1 core damage and end the run.", "[subroutine] End the run."],
                rez_cost=11, strength=7, subtypes=["barrier", "bioroid", "ap"], faction="haas_bioroid")  # fmt: skip
ICHI = card("ichi_2_0", "ice", [CLICK_BREAK_2, "[subroutine] Trash 1 installed program.",
                                "[subroutine] Trash 1 installed program.",
                                "[subroutine] Trace[3]. If successful, do 1 core damage and give the Runner 1 tag."],
            rez_cost=8, strength=5, subtypes=["sentry", "bioroid", "destroyer", "tracer"],
            faction="haas_bioroid")  # fmt: skip
VIKTOR = card("viktor_2_0", "ice", [CLICK_BREAK_2, "<strong>Hosted power counter:</strong> Do 1 core damage.",
                                    "[subroutine] Trace[2]. If successful, place 1 power counter on this ice.",
                                    "[subroutine] End the run."],
              rez_cost=5, strength=5, subtypes=["code_gate", "bioroid", "tracer", "ap"],
              faction="haas_bioroid")  # fmt: skip
ZED = card("zed_1_0", "ice", ["The Runner, and only the Runner, may give up [click] to break 1 subroutine here.",
                              "[subroutine] 1 core damage, but only once the Runner gave up a click this run to "
                              "break a subroutine.",
                              "[subroutine] Again 1 core damage, on the same condition as the first subroutine."],
           rez_cost=2, strength=1, subtypes=["sentry", "bioroid", "ap"], faction="haas_bioroid")  # fmt: skip
DATAPIKE = card("datapike", "ice", ["[subroutine] The Runner hands over 2[credit] when it has them; a Runner "
                                    "short of them sees the run end.", "[subroutine] End the run."],
                rez_cost=4, strength=2, subtypes=["code_gate"])  # fmt: skip
MINELAYER = card("minelayer", "ice", ["[subroutine] The Corp may put a piece of ice from HQ on the outside of this "
                                      "server for free."],
                 rez_cost=1, strength=4, subtypes=["code_gate"], faction="haas_bioroid")  # fmt: skip
HOWLER = card("howler", "ice", ["[subroutine] The Corp may take a bioroid piece of ice from HQ or Archives and put it "
                                "rezzed just inside this ice, paying nothing; if so, once the run is over that ice "
                                "turns face down and this ice goes to Archives."],
              rez_cost=1, strength=0, subtypes=["trap"], faction="haas_bioroid")  # fmt: skip
ALIX = card("alix_t4lb07", "asset", ["Each card the Corp installs adds a power counter to this asset.",
                                     "[click], [trash]: The Corp is paid 2[credit] per power counter that was here."],
            rez_cost=1, trash_cost=2, unique=True, subtypes=["bioroid"], faction="haas_bioroid")  # fmt: skip
THOMAS = card("thomas_haas", "asset", ["This asset can be advanced.",
                                       "[trash]: The Corp is paid 2[credit] per advancement token that was here."],
              rez_cost=1, trash_cost=1, unique=True, subtypes=["executive"], faction="haas_bioroid")  # fmt: skip
DIAGNOSTICS = card("server_diagnostics", "asset", ["When your turn begins, gain 2[credit].",
                                                   "Installing a piece of ice sends this asset to Archives."],
                   rez_cost=3, trash_cost=2)  # fmt: skip
LEVY_U = card("levy_university", "asset", ["[click], 1[credit]: Find a piece of ice in R&D, show it, take it into "
                                           "HQ, then shuffle R&D."],
              rez_cost=3, trash_cost=1, unique=True, subtypes=["ritzy"])  # fmt: skip
DEMO = card("successful_demonstration", "operation", ["Playable only after a run the Runner failed to complete "
                                                      "in its previous turn.", "Gain 7[credit]."],
            cost=2, subtypes=["transaction"], faction="haas_bioroid")  # fmt: skip
SENTINEL = card("sentinel_defense_program", "agenda", ["Core damage to the Runner is followed by 1 net damage."],
                agenda_points=2, advancement_requirement=4, subtypes=["security"],
                faction="haas_bioroid")  # fmt: skip
PET = card("director_haas_pet_project", "agenda", ["On scoring, the Corp may build a new remote server out of as "
                                                   "many as 3 cards from HQ and Archives (root or ice), for free.",
                                                   "Limit 1 per deck."],
           agenda_points=1, advancement_requirement=3, deck_limit=1, unique=True, subtypes=["initiative"],
           faction="haas_bioroid")  # fmt: skip
WOTAN = card("project_wotan", "agenda", ["When you score this agenda, place 3 agenda counters on it.",
                                         "Hosted agenda counter: until the run is over, the rezzed bioroid ice "
                                         "being approached ends with one more subroutine that ends the run."],
             agenda_points=3, advancement_requirement=5, subtypes=["research"], faction="haas_bioroid")  # fmt: skip
BER = card("bioroid_efficiency_research", "operation", ["A bioroid piece of ice is rezzed for free and this card "
                                                        "sits on it; once every subroutine of that ice is broken in "
                                                        "one encounter, this card goes and the ice turns face down."],
           cost=3, subtypes=["condition"], faction="haas_bioroid")  # fmt: skip
CEREBRAL = identity("cerebral_imaging_infinite_frontiers", "corp", ["The Corp may hold as many cards as it has "
                                                                    "credits."],
                    faction="haas_bioroid", subtypes=["division"])  # fmt: skip
CHAKANA = card("chakana", "program", ["Whenever you make a successful run on R&D, place 1 virus counter on this "
                                      "program.",
                                      "From its third virus counter on, every agenda needs one more advancement."],
               cost=2, memory_cost=1, subtypes=["virus"], faction="shaper")  # fmt: skip
INTI = card("inti", "program", ["Interface → 1[credit]: Break 1 barrier subroutine.",
                                "2[credit]: one more strength until this run is over."],
            cost=0, memory_cost=1, strength=1, subtypes=["icebreaker", "fracter"], faction="shaper")  # fmt: skip
CYPHER = card("cyber_cypher", "program", ["On install, name a server; outside runs on it this program does nothing.",
                                          "Interface → 1[credit]: Break 1 code gate subroutine.",
                                          "1[credit]: +1 strength."],
              cost=2, memory_cost=1, strength=4, subtypes=["icebreaker", "decoder"], faction="shaper")  # fmt: skip
DAGGER = card("dagger", "program", ["Interface → 1[credit]: Break 1 sentry subroutine.",
                                    "1[credit] taken from a stealth card: +5 strength."],
              cost=3, memory_cost=1, strength=0, subtypes=["icebreaker", "killer"], faction="shaper")  # fmt: skip
POUCH = card("zz_stealth_pouch", "hardware", ["1[recurring-credit]", "Use this credit to pay for using icebreakers."],
             cost=0, subtypes=["stealth"])  # fmt: skip
CLONE = card("clone_chip", "hardware", ["[trash]: A program from your heap is installed, at its install cost."],
             cost=1, subtypes=["chip"], faction="shaper")  # fmt: skip
FILTER = card("feedback_filter", "hardware", ["Interrupt, 3[credit]: 1 net damage does not happen.",
                                              "Interrupt, [trash]: as much as 2 core damage does not happen."],
              cost=2, subtypes=["gear"], faction="shaper")  # fmt: skip
MONOLITH = card("monolith", "hardware", ["+3[mu]", "On install, up to 3 programs from your grip go into play, each "
                                         "for 4[credit] under its cost.",
                                         "Interrupt, discarding a program from the grip: one core or net damage "
                                         "fewer.", "Only one console in a rig."],
                cost=18, unique=True, subtypes=["console"], faction="shaper")  # fmt: skip
FREELANCE = card("freelance_coding_contract", "event", ["Send as many as 5 programs from the grip to the heap; 2"
                                                        "[credit] for each."],
                 cost=0, subtypes=["job"], faction="shaper")  # fmt: skip
LEVY_AR = card("levy_ar_lab_access", "event", ["Grip and heap go back into the stack, shuffled; draw 5; this event "
                                               "leaves the game instead of the heap."], cost=5,
               faction="shaper")  # fmt: skip
ROMP = card("exploratory_romp", "event", ["Run a server you pick; on success, skip the breach and take up to 3 "
                                          "advancement counters off one card in or protecting it."],
            cost=1, subtypes=["run"], faction="shaper")  # fmt: skip
ESCHER = card("escher", "event", ["Run HQ; on success, skip the breach and reorder the installed ice between servers, "
                                  "each keeping as many pieces."], cost=3, subtypes=["run"], faction="shaper")  # fmt: skip
SCAVENGE = card("scavenge", "event", ["Playing it also costs one of your installed programs, trashed.",
                                      "Then a program from grip or heap is installed, cheaper by the trashed one's "
                                      "install cost."], cost=0, faction="shaper")  # fmt: skip
SOURCE = card("the_source", "resource", ["Every agenda needs one more advancement token.",
                                        "Stealing an agenda costs the Runner 3[credit] on top.",
                                        "Once any agenda is scored or stolen, this resource is trashed."],
              cost=2, unique=True, subtypes=["connection"])  # fmt: skip
SOT = card("same_old_thing", "resource", ["[click], [click], [trash]: An event in your heap is played, at its cost."],
           cost=0)  # fmt: skip

FIXTURES = [HEIMDALL, ICHI, VIKTOR, ZED, DATAPIKE, MINELAYER, HOWLER, ALIX, THOMAS, DIAGNOSTICS, LEVY_U, DEMO,
            SENTINEL, PET, WOTAN, BER, CEREBRAL, CHAKANA, INTI, CYPHER, DAGGER, CLONE, FILTER, FREELANCE, LEVY_AR,
            ROMP, ESCHER, SCAVENGE, SOT, SOURCE, MONOLITH]  # fmt: skip
RECORDS = [*bundled(), *FIXTURES, POUCH]

GRIP = ["overnight_takeout", "spark_of_insight", "light_fingers"]  # cards to lose to damage
RND = ["hb_quarterly_review"] * 4  # the corp's turns draw from it


def rig(r: Any, card_id: str) -> Any:
    return next(c for c in r.game.runner.rig if c.id == card_id)


def labels(r: Any) -> list[str]:
    return [o.label.split("#")[0] + ("/" + o.label.split("/")[1] if "/" in o.label else "")
            for o in r.pending.options] if r.pending else []  # fmt: skip


def ice(card_id: str, rezzed: bool = True, **more: Any) -> dict[str, Any]:
    return {"card": card_id, "rezzed": rezzed, **more}


def test_the_readings() -> None:
    for fixture in FIXTURES:
        assert fixture.reading.status == "executable", fixture.id
    assert HEIMDALL.reading.scripted == [0] and HEIMDALL.reading.read == [1, 2, 3]
    assert VIKTOR.reading.scripted == [0] and VIKTOR.reading.read == [1, 2, 3]
    assert DATAPIKE.reading.scripted == [0] and DATAPIKE.reading.read == [1]
    assert PET.reading.scripted == [0] and PET.reading.rules == [1]
    assert CYPHER.reading.scripted == [0, 1, 2]
    assert INTI.reading.read == [0] and INTI.reading.scripted == [1]
    assert MONOLITH.reading.scripted == [1, 2, 3] and MONOLITH.reading.read == [0]


# ---------------------------------------------------------------- ice


def test_heimdall_2_lets_the_runner_lose_2_clicks_to_break_2_subroutines() -> None:
    corp = {"servers": {"hq": {"ice": [ice("heimdall_2_0")]}}, "hand": ["hb_quarterly_review"]}
    r = play(RECORDS, ["run:hq", "clickbreak:heimdall_2_0", "sub:1", "sub:2"], runner={"hand": GRIP}, corp=corp)
    g = r.game
    assert g.runner.clicks == 1  # 4 - 1 (run) - 2
    assert not events(r, "damage")  # both damage subroutines broken
    assert [e["index"] for e in events(r, "subroutine")] == [3]
    assert g.run_history[-1][2] is False


def test_ichi_and_viktor_2_offer_the_click_break_only_with_2_clicks() -> None:
    corp = {"servers": {"hq": {"ice": [ice("ichi_2_0")]}, "rnd": {"ice": [ice("viktor_2_0")]}},
            "hand": ["hb_quarterly_review"]}  # fmt: skip
    r = play(RECORDS, ["run:hq"], runner={"hand": GRIP, "clicks": 3}, corp=corp)
    assert "clickbreak:ichi_2_0" in labels(r)
    r = play(RECORDS, ["run:rnd"], runner={"hand": GRIP, "clicks": 2}, corp=corp)
    assert "clickbreak:viktor_2_0" not in labels(r)  # 1 click left after the run's


def test_zed_1_does_core_damage_only_after_a_click_break() -> None:
    corp = {"servers": {"hq": {"ice": [ice("zed_1_0")]}}, "hand": ["hb_quarterly_review"]}
    r = play(RECORDS, ["run:hq", "done"], runner={"hand": GRIP}, corp=corp)
    assert r.game.runner.brain_damage == 0 and not events(r, "damage")
    r = play(RECORDS, ["run:hq", "clickbreak:zed_1_0", "sub:1", "done"], runner={"hand": GRIP}, corp=corp)
    g = r.game
    assert g.runner.brain_damage == 1 and len(g.runner.hand) == 2
    assert g.runner.clicks == 2


def test_datapike_takes_2_credits_or_ends_the_run() -> None:
    corp = {"servers": {"hq": {"ice": [ice("datapike")]}}, "hand": ["hb_quarterly_review"]}
    decisions = ["run:hq", "break:cog_key/0", "sub:2", "done", "continue"]
    r = play(RECORDS, decisions, runner={"credits": 3, "rig": [{"card": "cog_key"}]}, corp=corp)
    g = r.game
    assert g.runner.credits == 0  # 1 to break the second subroutine, 2 to the first
    assert g.run_history[-1] == (g.turns, "hq", True)
    r = play(RECORDS, decisions[:4], runner={"credits": 2, "rig": [{"card": "cog_key"}]}, corp=corp)
    g = r.game
    assert g.runner.credits == 1  # could not pay: the run ends instead
    assert g.run_history[-1] == (g.turns, "hq", False)


def test_minelayer_installs_ice_from_hq_for_free() -> None:
    corp = {"servers": {"hq": {"ice": [ice("minelayer")]}}, "credits": 5,
            "hand": ["neutral_plywood_screen", "hb_quarterly_review"]}  # fmt: skip
    r = play(RECORDS, ["run:hq", "neutral_plywood_screen", "continue"], corp=corp)
    g = r.game
    assert ids(g.servers["hq"].ice) == ["minelayer", "neutral_plywood_screen"]
    assert g.corp.credits == 5  # the second ice's install cost ignored
    assert ids(g.corp.hand) == ["hb_quarterly_review"]
    assert g.run_history[-1][2] is True  # the new outermost ice was already behind the runner


def test_howler_brings_in_a_bioroid_behind_it_until_the_run_ends() -> None:
    corp = {"servers": {"hq": {"ice": [ice("howler")]}}, "credits": 4, "hand": ["hb_warden_unit"]}
    r = play(RECORDS, ["run:hq", "hb_warden_unit", "continue"], runner={"hand": GRIP}, corp=corp)
    g = r.game
    warden = g.servers["hq"].ice[0]
    assert [e["ice"] for e in events(r, "subroutine")][1:] == [str(warden), str(warden)]
    assert g.runner.clicks == 2  # the warden took a click, then ended the run
    assert ids(g.servers["hq"].ice) == ["hb_warden_unit"]
    assert not g.servers["hq"].ice[0].rezzed
    assert ids(g.corp.discard) == ["howler"]
    assert g.corp.credits == 4


def test_howler_may_take_the_bioroid_from_archives() -> None:
    corp = {"servers": {"hq": {"ice": [ice("neutral_plywood_screen"), ice("howler")]}}, "discard": ["hb_warden_unit"]}
    r = play(RECORDS, ["run:hq", "hb_warden_unit", "continue"], runner={"hand": GRIP}, corp=corp)
    g = r.game
    assert ids(g.servers["hq"].ice) == ["neutral_plywood_screen", "hb_warden_unit"]  # howler trashed after the run
    assert ids(g.corp.discard) == ["howler"]


# ---------------------------------------------------------------- assets


def test_alix_counts_installs_and_cashes_them_in() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "alix_t4lb07", "rezzed": True}]}}, "clicks": 3,
            "hand": ["neutral_plywood_screen", "nbn_press_office"]}  # fmt: skip
    r = play(RECORDS, ["install:neutral_plywood_screen@hq", "install:nbn_press_office@new", "use:alix_t4lb07/1"],
             corp=corp, active="corp")  # fmt: skip
    g = r.game
    assert g.corp.credits == 9  # 5 + 2 x 2 power counters
    assert ids(g.corp.discard) == ["alix_t4lb07"]


def test_thomas_haas_pays_for_its_advancement() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "thomas_haas", "rezzed": True, "counters": {"advancement": 3}}]}}}
    r = play(RECORDS, ["use:thomas_haas/1"], corp=corp, active="corp")
    g = r.game
    assert g.corp.credits == 11
    assert ids(g.corp.discard) == ["thomas_haas"]


def test_server_diagnostics_goes_when_ice_is_installed() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "server_diagnostics", "rezzed": True}]}},
            "hand": ["nbn_press_office", "neutral_plywood_screen"]}  # fmt: skip
    r = play(RECORDS, ["install:nbn_press_office@new"], corp=corp, active="corp")
    assert ids(r.game.servers["remote1"].root) == ["server_diagnostics"]
    r = play(RECORDS, ["install:nbn_press_office@new", "install:neutral_plywood_screen@hq"], corp=corp, active="corp")
    g = r.game
    assert "remote1" not in g.servers
    assert ids(g.corp.discard) == ["server_diagnostics"]


def test_levy_university_fetches_ice_from_rnd() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "levy_university", "rezzed": True}]}},
            "deck": ["hb_quarterly_review", "neutral_plywood_screen", "nbn_press_office"]}  # fmt: skip
    r = play(RECORDS, ["use:levy_university/0", "neutral_plywood_screen"], corp=corp, active="corp")
    g = r.game
    assert ids(g.corp.hand) == ["neutral_plywood_screen"]
    assert g.corp.credits == 4 and len(g.corp.deck) == 2
    assert events(r, "search")


# ---------------------------------------------------------------- operations, agendas and the identity


def test_successful_demonstration_needs_an_unsuccessful_run_last_turn() -> None:
    corp = {"deck": RND, "hand": ["successful_demonstration"]}
    r = play(RECORDS, ["run:hq", "jack_out", "play:successful_demonstration"], runner={"clicks": 1}, corp=corp)
    g = r.game
    assert g.active == "corp"
    assert g.corp.credits == 10  # 5 - 2 + 7
    r = play(RECORDS, ["run:hq", "continue"], runner={"clicks": 1}, corp=corp)
    assert r.game.active == "corp"
    assert "play:successful_demonstration" not in labels(r)


def test_sentinel_defense_program_adds_net_damage_to_core_damage() -> None:
    corp = {"servers": {"hq": {"ice": [ice("jinteki_veil_trellis")]}}, "score_area": ["sentinel_defense_program"]}
    r = play(RECORDS, ["run:hq"], runner={"hand": GRIP}, corp=corp)
    g = r.game
    assert [(e["damage"], e["amount"]) for e in events(r, "damage")] == [("brain", 1), ("net", 1)]
    assert len(g.runner.hand) == 1


def test_director_haas_pet_project_builds_a_server_for_free() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "director_haas_pet_project", "counters": {"advancement": 3}}]}},
            "hand": ["nbn_press_office", "neutral_checksum_gate"], "discard": ["neutral_plywood_screen"],
            "credits": 0}  # fmt: skip
    decisions = ["score:director_haas_pet_project", "nbn_press_office", "neutral_plywood_screen",
                 "neutral_checksum_gate"]  # fmt: skip
    r = play(RECORDS, decisions, corp=corp, active="corp")
    g = r.game
    server = g.servers["remote2"]
    assert ids(server.root) == ["nbn_press_office"]
    assert ids(server.ice) == ["neutral_plywood_screen", "neutral_checksum_gate"]
    assert g.corp.credits == 0 and g.corp.hand == [] and g.corp.discard == []
    r = play(RECORDS, ["score:director_haas_pet_project", "done"], corp=corp, active="corp")
    assert "remote2" not in r.game.servers


def test_project_wotan_gives_approached_bioroid_ice_an_end_the_run() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "project_wotan", "counters": {"advancement": 5}}]},
                        "hq": {"ice": [ice("hb_sentinel_frame")]}},
            "clicks": 0, "deck": RND, "hand": ["hb_quarterly_review"]}  # fmt: skip
    r = play(RECORDS, ["score:project_wotan", "run:hq", "done", "continue"], runner={"hand": GRIP}, corp=corp,
             active="corp")  # fmt: skip
    assert r.game.run_history[-1][2] is True  # without it the frame does not end the run
    r = play(RECORDS, ["score:project_wotan", "run:hq", "use:project_wotan/1", "done"], runner={"hand": GRIP},
             corp=corp, active="corp")  # fmt: skip
    g = r.game
    assert [e["index"] for e in events(r, "subroutine")] == [1, 2, 3]
    assert g.run_history[-1][2] is False
    assert g.corp.score_area[0].counters == {"agenda": 2}


def test_bioroid_efficiency_research_rezzes_and_derezzes_when_broken() -> None:
    corp = {"servers": {"hq": {"ice": [ice("hb_warden_unit", rezzed=False)]}}, "clicks": 1, "credits": 3,
            "hand": ["bioroid_efficiency_research"], "deck": RND}  # fmt: skip
    r = play(RECORDS, ["play:bioroid_efficiency_research"], corp=corp, active="corp")
    g = r.game
    warden = g.servers["hq"].ice[0]
    assert warden.rezzed and g.corp.credits == 0
    assert ids(g.in_play) == ["bioroid_efficiency_research"] and ids(warden.hosted) == ["bioroid_efficiency_research"]
    g.trash(warden, "test")  # its host leaving play takes it along
    assert g.in_play == [] and sorted(ids(g.corp.discard)) == ["bioroid_efficiency_research", "hb_warden_unit"]
    breaks = ["boost:frame_hammer/1", "boost:frame_hammer/1", "break:frame_hammer/0", "sub:1", "break:frame_hammer/0"]
    r = play(RECORDS, ["play:bioroid_efficiency_research", "run:hq", *breaks, "continue"], corp=corp, active="corp",
             runner={"credits": 5, "rig": [{"card": "frame_hammer"}]})  # fmt: skip
    g = r.game
    assert not g.servers["hq"].ice[0].rezzed
    assert g.in_play == [] and ids(g.corp.discard) == ["bioroid_efficiency_research"]
    assert g.run_history[-1][2] is True


def test_cerebral_imaging_hand_size_is_the_credit_pool() -> None:
    corp = {"identity": "cerebral_imaging_infinite_frontiers", "credits": 2, "clicks": 0,
            "hand": ["hb_quarterly_review"] * 4}  # fmt: skip
    r = play(RECORDS, [], corp=corp, active="corp")
    g = r.game
    assert g.hand_size("corp") == 2
    assert r.pending is not None and r.pending.kind == "discard"
    g.corp.credits = 9
    assert g.hand_size("corp") == 9


# ---------------------------------------------------------------- programs


def test_chakana_raises_advancement_requirements_from_3_counters() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "nbn_open_channel_act", "counters": {"advancement": 4}}]}},
            "clicks": 1}  # fmt: skip
    runner = {"rig": [{"card": "chakana", "counters": {"virus": 3}}]}
    r = play(RECORDS, [], corp=corp, runner=runner, active="corp")
    agenda = r.game.servers["remote1"].root[0]
    assert r.game.advancement_requirement(agenda) == 5
    assert "score:nbn_open_channel_act" not in labels(r)
    r = play(RECORDS, [], corp=corp, runner={"rig": [{"card": "chakana", "counters": {"virus": 2}}]}, active="corp")
    assert "score:nbn_open_channel_act" in labels(r)


def test_inti_boosts_for_the_whole_run() -> None:
    corp = {"servers": {"hq": {"ice": [ice("jinteki_bramble_screen"), ice("jinteki_bramble_screen")]}},
            "hand": ["hb_quarterly_review"]}  # fmt: skip
    first = ["use:inti/1", "use:inti/1", "break:inti/0", "sub:1", "break:inti/0", "continue"]
    second = ["break:inti/0", "sub:1", "break:inti/0", "continue"]
    r = play(RECORDS, ["run:hq", *first, *second], runner={"credits": 8, "rig": [{"card": "inti"}]}, corp=corp)
    g = r.game
    assert g.runner.credits == 0  # 4 for strength once, 2 x 2 breaks
    assert g.run_history[-1][2] is True
    assert g.strength_of(rig(r, "inti")) == 1


def test_cyber_cypher_works_only_on_its_server() -> None:
    corp = {"servers": {"hq": {"ice": [ice("weyland_customs_checkpoint")]}, "rnd": {"ice": [ice("neutral_checksum_gate")]}},
            "hand": ["hb_quarterly_review"], "deck": RND}  # fmt: skip
    decisions = ["install:cyber_cypher", "hq", "run:hq", "use:cyber_cypher/2", "use:cyber_cypher/1", "sub:1",
                 "use:cyber_cypher/1", "continue", "run:rnd"]  # fmt: skip
    r = play(RECORDS, decisions, runner={"credits": 8, "hand": ["cyber_cypher"]}, corp=corp)
    g = r.game
    assert rig(r, "cyber_cypher").notes["server"] == "hq"
    assert g.runner.credits == 3  # 2 install, 1 strength, 2 breaks
    assert [(s, ok) for _, s, ok in g.run_history] == [("hq", True), ("rnd", False)]


def test_dagger_boosts_only_with_a_stealth_credit() -> None:
    corp = {"servers": {"hq": {"ice": [ice("hb_sentinel_frame")]}}, "hand": ["hb_quarterly_review"]}
    decisions = ["run:hq", "use:dagger/1", "break:dagger/0", "sub:1", "break:dagger/0", "continue"]
    runner = {"credits": 3, "hand": GRIP, "rig": [{"card": "dagger"}, {"card": "zz_stealth_pouch"}]}
    r = play(RECORDS, decisions, runner=runner, corp=corp)
    g = r.game
    assert g.runner.credits == 1 and rig(r, "zz_stealth_pouch").recurring == 0
    assert g.run_history[-1][2] is True
    r = play(RECORDS, ["run:hq"], runner={"credits": 3, "hand": GRIP, "rig": [{"card": "dagger"}]}, corp=corp)
    assert "use:dagger/1" not in labels(r)


# ---------------------------------------------------------------- hardware


def test_clone_chip_installs_a_program_from_the_heap() -> None:
    r = play(RECORDS, ["use:clone_chip/0"], runner={"rig": [{"card": "clone_chip"}], "discard": ["sleeve_blade"]})
    g = r.game
    assert ids(g.runner.rig) == ["sleeve_blade"] and ids(g.runner.discard) == ["clone_chip"]
    assert g.runner.credits == 3


def test_feedback_filter_prevents_net_and_core_damage() -> None:
    corp = {"servers": {"hq": {"ice": [ice("jinteki_needle_choir")]}, "rnd": {"ice": [ice("jinteki_veil_trellis")]}},
            "hand": ["hb_quarterly_review"]}  # fmt: skip
    runner = {"credits": 4, "hand": GRIP, "rig": [{"card": "feedback_filter"}]}
    r = play(RECORDS, ["run:hq", "use:feedback_filter/0", "continue"], runner=runner, corp=corp)
    assert [e["amount"] for e in events(r, "damage")] == [1]
    assert r.game.runner.credits == 1
    r = play(RECORDS, ["run:rnd", "use:feedback_filter/1"], runner=runner, corp=corp)
    g = r.game
    assert not events(r, "damage") and g.runner.brain_damage == 0
    assert ids(g.runner.discard) == ["feedback_filter"]


def test_monolith_installs_programs_cheaper_and_is_a_console() -> None:
    hand = ["monolith", "sleeve_blade", "pest_repellent", "garble_torch"]
    r = play(RECORDS, ["install:monolith", "sleeve_blade", "pest_repellent", "garble_torch"],
             runner={"credits": 20, "hand": hand})  # fmt: skip
    g = r.game
    assert ids(g.runner.rig) == ["monolith", "sleeve_blade", "pest_repellent", "garble_torch"]
    assert g.runner.credits == 2  # 20 - 18, the programs free
    r = play(RECORDS, [], runner={"credits": 20, "hand": hand, "rig": [{"card": "modular_rigframe"}]})
    assert "install:monolith" not in labels(r)


def test_monolith_trades_a_program_in_the_grip_for_a_damage() -> None:
    corp = {"servers": {"hq": {"ice": [ice("jinteki_needle_choir")]}}, "hand": ["hb_quarterly_review"]}
    runner = {"hand": ["sleeve_blade", *GRIP], "rig": [{"card": "monolith"}]}
    r = play(RECORDS, ["run:hq", "use:monolith/2"], runner=runner, corp=corp)
    g = r.game
    assert [e["amount"] for e in events(r, "damage")] == [1]  # 2 net damage, 1 prevented
    assert "sleeve_blade" in ids(g.runner.discard) and len(g.runner.hand) == 2


# ---------------------------------------------------------------- events


def test_freelance_coding_contract_sells_programs() -> None:
    hand = ["freelance_coding_contract", "sleeve_blade", "pest_repellent", "lattice_memory"]
    r = play(RECORDS, ["play:freelance_coding_contract", "sleeve_blade", "pest_repellent"], runner={"hand": hand})
    g = r.game
    assert g.runner.credits == 9
    assert ids(g.runner.hand) == ["lattice_memory"]
    assert sorted(ids(g.runner.discard)) == ["freelance_coding_contract", "pest_repellent", "sleeve_blade"]


def test_levy_ar_lab_access_recycles_and_leaves_the_game() -> None:
    runner = {"hand": ["levy_ar_lab_access", *GRIP[:2]], "discard": GRIP, "deck": ["sleeve_blade", "dagger"]}
    r = play(RECORDS, ["play:levy_ar_lab_access"], runner=runner)
    g = r.game
    assert len(g.runner.hand) == 5 and len(g.runner.deck) == 2 and g.runner.discard == []
    assert ids(g.removed) == ["levy_ar_lab_access"]
    assert g.runner.credits == 0


def test_exploratory_romp_removes_advancement_instead_of_breaching() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "nbn_open_channel_act", "counters": {"advancement": 4}}]}}}
    r = play(RECORDS, ["play:exploratory_romp", "remote1", "continue", "facedown", "3"], corp=corp,
             runner={"hand": ["exploratory_romp"]})  # fmt: skip
    g = r.game
    agenda = g.servers["remote1"].root[0]
    assert agenda.advancement == 1
    assert g.runner.score_area == [] and not events(r, "access")


def test_escher_rearranges_ice_instead_of_breaching() -> None:
    corp = {"servers": {"rnd": {"ice": [ice("neutral_checksum_gate"), ice("neutral_patrol_script")]},
                        "remote1": {"ice": [ice("nbn_static_veil")], "root": [{"card": "nbn_press_office", "rezzed": True}]}},
            "hand": ["hb_quarterly_review"]}  # fmt: skip
    decisions = ["play:escher", "continue", "neutral_checksum_gate", "nbn_static_veil", "done"]
    r = play(RECORDS, decisions, corp=corp, runner={"hand": ["escher"]})
    g = r.game
    assert ids(g.servers["rnd"].ice) == ["nbn_static_veil", "neutral_patrol_script"]
    assert ids(g.servers["remote1"].ice) == ["neutral_checksum_gate"]
    assert not events(r, "access") and g.runner.credits == 2


def test_scavenge_trades_an_installed_program_for_a_cheaper_install() -> None:
    runner = {"hand": ["scavenge", "pest_repellent"], "rig": [{"card": "sleeve_blade"}]}
    r = play(RECORDS, ["play:scavenge", "pest_repellent"], runner=runner)
    g = r.game
    assert ids(g.runner.rig) == ["pest_repellent"]
    assert g.runner.credits == 4  # 3 - 2 for the trashed sleeve blade
    assert sorted(ids(g.runner.discard)) == ["scavenge", "sleeve_blade"]
    r = play(RECORDS, [], runner={"hand": ["scavenge", "pest_repellent"]})
    assert "play:scavenge" not in labels(r)


def test_same_old_thing_replays_an_event_from_the_heap() -> None:
    r = play(RECORDS, ["use:same_old_thing/0"], runner={"rig": [{"card": "same_old_thing"}], "discard": ["light_fingers"]})
    g = r.game
    assert g.runner.credits == 8 and g.runner.clicks == 2
    assert sorted(ids(g.runner.discard)) == ["light_fingers", "same_old_thing"]
    r = play(RECORDS, [], runner={"rig": [{"card": "same_old_thing"}], "discard": ["sleeve_blade"]})
    assert "use:same_old_thing/0" not in labels(r)


def test_the_source_taxes_steals_and_goes_when_an_agenda_is_stolen() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "nbn_open_channel_act", "counters": {"advancement": 4}}]}}}
    runner = {"credits": 4, "rig": [{"card": "the_source"}]}
    r = play(RECORDS, ["run:remote1", "continue", "steal:nbn_open_channel_act"], runner=runner, corp=corp)
    g = r.game
    assert ids(g.runner.score_area) == ["nbn_open_channel_act"] and g.runner.credits == 1
    assert ids(g.runner.discard) == ["the_source"]
    r = play(RECORDS, ["run:remote1", "continue", "leave"], runner=runner, corp=corp)
    g = r.game
    agenda = g.servers["remote1"].root[0]
    assert g.runner.score_area == [] and g.runner.credits == 4
    assert g.advancement_requirement(agenda) == 5
    r = play(RECORDS, [], corp={**corp, "clicks": 1}, runner=runner, active="corp")
    assert "score:nbn_open_channel_act" not in labels(r)
