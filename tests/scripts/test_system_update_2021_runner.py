"""The System Update 2021 runner card scripts, each played through a scenario that checks what changes."""

from __future__ import annotations

from typing import Any

from .kit import bundled, card, events, identity, ids, play

CAREER_FAIR = card("career_fair", "event", ["Put a resource from your grip into play for 3[credit] under its cost."],
                   cost=0, faction="criminal")  # fmt: skip
DIRTY_LAUNDRY = card("dirty_laundry", "event", ["Run a server you pick; after that run, 5[credit] for you if it "
                                                "succeeded."], cost=2, subtypes=["run"])  # fmt: skip
SHUTDOWN = card("emergency_shutdown", "event", ["Needs a successful HQ run earlier this turn.",
                                                "A piece of installed ice turns face down."],
                cost=0, subtypes=["sabotage"], faction="criminal")  # fmt: skip
EN_PASSANT = card("en_passant", "event", ["Needs a successful run earlier this turn.",
                                          "Trash a face-down piece of ice your latest run went past."],
                  cost=0, subtypes=["sabotage"], faction="anarch")  # fmt: skip
FORGED = card("forged_activation_orders", "event", ["Point at a face-down piece of ice; the Corp rezzes it or else "
                                                    "must trash it."], cost=1, subtypes=["sabotage"],
              faction="criminal")  # fmt: skip
ATMAN = card("atman", "program", ["On install, buy power counters for this program at 1[credit] each, as many as "
                                  "you like.",
                                  "Each power counter here is one more strength; it only interfaces with ice whose "
                                  "strength is the same as its own.",
                                  "Interface, 1[credit]: one subroutine of any kind is broken."],
             cost=3, memory_cost=1, strength=0, subtypes=["icebreaker", "ai"], faction="shaper")  # fmt: skip
CHAMELEON = card("chameleon", "program", ["On install, name barrier, code gate or sentry.",
                                          "Back to your grip once your discard phase is over.",
                                          "Interface, 1[credit]: one subroutine of ice of the named kind is broken."],
                 cost=2, memory_cost=1, strength=3, subtypes=["icebreaker"], faction="shaper")  # fmt: skip
GORDIAN = card("gordian_blade", "program", ["Interface → 1[credit]: Break 1 code gate subroutine.",
                                            "1[credit]: one more strength until the run is over."],
               cost=4, memory_cost=1, strength=2, subtypes=["icebreaker", "decoder"], faction="shaper")  # fmt: skip
IMP = card("imp", "program", ["When you install this program, place 2 virus counters on it.",
                              "Once a turn while accessing a card, spend a virus counter from here to trash it."],
           cost=2, memory_cost=1, subtypes=["virus"], faction="anarch")  # fmt: skip
PARICIA = card("paricia", "program", ["Holds 2 recurring credits, refilled on install and at your turn start.",
                                      "Those credits go only toward trashing assets."],
               cost=0, memory_cost=1, faction="shaper")  # fmt: skip
ICE_CARVER = card("ice_carver", "resource", ["Ice you encounter is one strength weaker during that encounter."],
                  cost=3, unique=True, subtypes=["virtual"], faction="anarch")  # fmt: skip
SCRUBBER = card("scrubber", "resource", ["Holds 2 recurring credits, refilled on install and at your turn start.",
                                         "Those credits go only toward trash costs."],
                cost=2, subtypes=["connection", "seedy"], faction="anarch")  # fmt: skip
AESOP = card("aesops_pawnshop", "resource", ["At the start of your turn you may trash one more of your installed "
                                             "cards for 3[credit]."], cost=1, unique=True,
             subtypes=["connection", "location"], faction="shaper")  # fmt: skip
EARTHRISE = card("earthrise_hotel", "resource", ["It comes with 3 power counters; once it has none it is trashed.",
                                                 "When your turn begins, remove 1 power counter from this resource "
                                                 "and draw 2 cards."], cost=4, unique=True,
                 subtypes=["location", "ritzy"])  # fmt: skip
LIBERATED = card("liberated_account", "resource", ["It comes with 16[credit]; once it has none it is trashed.",
                                                   "[click]: Take 4[credit] from this resource."],
                 cost=6, faction="anarch")  # fmt: skip
XANADU = card("xanadu", "resource", ["Ice costs the Corp 1[credit] more to rez."], cost=3, unique=True,
              subtypes=["virtual"], faction="anarch")  # fmt: skip
KEN = identity("ken_express_tenma_disappeared_clone", "runner", ["Your first run event of a turn pays you 1[credit]."],
               faction="criminal")  # fmt: skip
QUETZAL = identity("quetzal_free_spirit", "runner", ["Once a turn, at no cost, one barrier subroutine is broken."],
                   faction="anarch")  # fmt: skip
REINA = identity("reina_roja_freedom_fighter", "runner", ["Rezzing the first ice of each turn costs the Corp "
                                                          "1[credit] extra."], faction="anarch", base_link=1)  # fmt: skip
STEVE = identity("steve_cambridge_master_grifter", "runner", ["On your first successful HQ run of a turn you may pick "
                                                              "2 heap cards: the Corp exiles one from the game and "
                                                              "the other goes to your grip."], faction="criminal")  # fmt: skip

FIXTURES = [CAREER_FAIR, DIRTY_LAUNDRY, SHUTDOWN, EN_PASSANT, FORGED, ATMAN, CHAMELEON, GORDIAN, IMP, PARICIA,
            ICE_CARVER, SCRUBBER, AESOP, EARTHRISE, LIBERATED, XANADU, KEN, QUETZAL, REINA, STEVE]  # fmt: skip
RECORDS = [*bundled(), *FIXTURES]

RND = ["hb_quarterly_review"] * 6  # the corp's turns draw from it
ADA = "ada_voss_tinker"  # a runner identity without triggers


def rig(r: Any, card_id: str) -> Any:
    return next(c for c in r.game.runner.rig if c.id == card_id)


def labels(r: Any) -> list[str]:
    return [o.label.split("#")[0] + ("/" + o.label.split("/")[1] if "/" in o.label else "")
            for o in r.pending.options] if r.pending else []  # fmt: skip


def test_the_readings() -> None:
    for fixture in FIXTURES:
        assert fixture.reading.status == "executable", fixture.id
    assert GORDIAN.reading.read == [0] and GORDIAN.reading.scripted == [1]
    assert IMP.reading.read == [0] and IMP.reading.scripted == [1]
    assert EARTHRISE.reading.read == [1] and EARTHRISE.reading.scripted == [0]
    assert LIBERATED.reading.read == [1] and LIBERATED.reading.scripted == [0]
    assert ATMAN.reading.scripted == [0, 1, 2] and CHAMELEON.reading.scripted == [0, 1, 2]


# ---------------------------------------------------------------- events


def test_career_fair_installs_a_resource_3_credits_cheaper() -> None:
    r = play(RECORDS, ["play:career_fair"], runner={"hand": ["career_fair", "backroom_bookie"], "credits": 5})
    g = r.game
    assert ids(g.runner.rig) == ["backroom_bookie"]
    assert g.runner.credits == 4  # 4 - 3 for the resource
    assert ids(g.runner.discard) == ["career_fair"]


def test_dirty_laundry_pays_once_a_successful_run_is_over() -> None:
    r = play(RECORDS, ["play:dirty_laundry", "hq", "continue"], runner={"hand": ["dirty_laundry"], "credits": 5},
             corp={"hand": ["hb_quarterly_review"]})  # fmt: skip
    g = r.game
    assert g.runner.credits == 8  # 5 - 2 + 5
    kinds = [e.kind for e in g.log]
    gained = max(i for i, e in enumerate(g.log) if e.kind == "credits" and e.data.get("amount") == 5)
    assert kinds.index("run_end") < gained  # after the run, access included
    r2 = play(RECORDS, ["play:dirty_laundry", "hq", "jack_out"], runner={"hand": ["dirty_laundry"], "credits": 5},
              corp={"hand": ["hb_quarterly_review"]})  # fmt: skip
    assert r2.game.runner.credits == 3


def test_emergency_shutdown_needs_an_hq_run_and_derezzes_ice() -> None:
    corp = {"hand": ["hb_quarterly_review"], "servers": {"rnd": {"ice": [{"card": "neutral_plywood_screen",
                                                                          "rezzed": True}]}}}  # fmt: skip
    r = play(RECORDS, [], runner={"hand": ["emergency_shutdown"]}, corp=corp)
    assert "play:emergency_shutdown" not in labels(r)
    r = play(RECORDS, ["run:hq", "continue", "play:emergency_shutdown"], runner={"hand": ["emergency_shutdown"]},
             corp=corp)  # fmt: skip
    g = r.game
    assert not g.servers["rnd"].ice[0].rezzed
    assert ids(g.runner.discard) == ["emergency_shutdown"]


def test_en_passant_trashes_unrezzed_ice_passed_in_the_last_run() -> None:
    corp = {"credits": 0, "hand": ["hb_quarterly_review"],
            "servers": {"hq": {"ice": [{"card": "neutral_checksum_gate"}]}}}  # fmt: skip
    r = play(RECORDS, [], runner={"hand": ["en_passant"]}, corp=corp)
    assert "play:en_passant" not in labels(r)
    r = play(RECORDS, ["run:hq", "done", "continue", "play:en_passant"], runner={"hand": ["en_passant"]}, corp=corp)
    g = r.game
    assert g.servers["hq"].ice == []
    assert ids(g.corp.discard) == ["neutral_checksum_gate"]


def test_en_passant_finds_nothing_when_the_passed_ice_is_rezzed() -> None:
    corp = {"hand": ["hb_quarterly_review"],
            "servers": {"hq": {"ice": [{"card": "neutral_plywood_screen", "rezzed": True}]}}}  # fmt: skip
    decisions = ["run:hq", "boost:fine_line_cutter/1", "break:fine_line_cutter/0", "continue", "play:en_passant"]
    r = play(RECORDS, decisions, runner={"hand": ["en_passant"], "rig": [{"card": "fine_line_cutter"}]}, corp=corp)
    g = r.game
    assert g.run_history[-1][2] and len(g.servers["hq"].ice) == 1 and g.corp.discard == []
    assert ids(g.runner.discard) == ["en_passant"] and events(r, "no_target")


def test_forged_activation_orders_makes_the_corp_rez_or_trash() -> None:
    corp = {"credits": 5, "servers": {"rnd": {"ice": [{"card": "neutral_checksum_gate"}]}}}
    r = play(RECORDS, ["play:forged_activation_orders", "yes"], runner={"hand": ["forged_activation_orders"]},
             corp=corp)  # fmt: skip
    g = r.game
    assert g.servers["rnd"].ice[0].rezzed and g.corp.credits == 4
    r = play(RECORDS, ["play:forged_activation_orders", "no"], runner={"hand": ["forged_activation_orders"]},
             corp=corp)  # fmt: skip
    g = r.game
    assert g.servers["rnd"].ice == [] and ids(g.corp.discard) == ["neutral_checksum_gate"]
    assert not g.corp.discard[0].faceup and g.corp.credits == 5


# ---------------------------------------------------------------- programs


LATTICE_HQ = {"hand": ["hb_quarterly_review"], "servers": {"hq": {"ice": [{"card": "hb_lattice_gate",
                                                                            "rezzed": True}]}}}  # fmt: skip


def test_atman_buys_strength_and_breaks_only_ice_of_equal_strength() -> None:
    r = play(RECORDS, ["install:atman", "pay:2", "run:hq", "use:atman/1", "continue"],
             runner={"hand": ["atman"], "credits": 6}, corp=LATTICE_HQ)  # fmt: skip
    g = r.game
    atman = rig(r, "atman")
    assert atman.counters == {"power": 2} and g.strength_of(atman) == 2
    assert g.runner.credits == 0  # 6 - 3 (install) - 2 (counters) - 1 (break)
    assert [e["by"] for e in events(r, "break")] == [str(atman)]
    assert g.run_history[-1][2]  # the run was successful
    r = play(RECORDS, ["install:atman", "pay:1", "run:hq"], runner={"hand": ["atman"], "credits": 6}, corp=LATTICE_HQ)
    assert r.game.run_history[-1][2] is False  # strength 1 against 2: no break offered, the gate ended the run
    assert not events(r, "break")


def test_chameleon_breaks_its_named_subtype_and_goes_back_to_the_grip() -> None:
    r = play(RECORDS, ["install:chameleon", "code_gate", "run:hq", "use:chameleon/2", "continue"],
             runner={"hand": ["chameleon"], "credits": 5, "clicks": 2}, corp={**LATTICE_HQ, "deck": RND})  # fmt: skip
    g = r.game
    assert len(events(r, "break")) == 1 and g.run_history[-1][2]
    assert ids(g.runner.hand) == ["chameleon"] and g.runner.rig == []  # back to the grip at the end of the turn
    assert g.runner.credits == 2  # 5 - 2 - 1
    r = play(RECORDS, ["install:chameleon", "barrier", "run:hq"], runner={"hand": ["chameleon"], "credits": 5},
             corp=LATTICE_HQ)  # fmt: skip
    assert not events(r, "break") and r.game.run_history[-1][2] is False


def test_gordian_blade_keeps_its_boost_for_the_whole_run() -> None:
    corp = {"hand": ["hb_quarterly_review"], "servers": {"hq": {"ice": [
        {"card": "neutral_checksum_gate", "rezzed": True}, {"card": "nbn_subscription_gate", "rezzed": True}]}}}
    decisions = ["run:hq", "use:gordian_blade/1", "break:gordian_blade/0", "sub:1", "break:gordian_blade/0", "done",
                 "continue", "break:gordian_blade/0"]  # fmt: skip
    r = play(RECORDS, decisions, runner={"rig": [{"card": "gordian_blade"}], "credits": 5}, corp=corp)
    g = r.game
    blade = rig(r, "gordian_blade")
    assert g.current_run is not None and g.strength_of(blade) == 3  # still 3 at the second ice
    assert len(events(r, "break")) == 3 and g.runner.credits == 1
    r = play(RECORDS, [*decisions, "done", "continue"], runner={"rig": [{"card": "gordian_blade"}], "credits": 5},
             corp=corp)  # fmt: skip
    assert r.game.current_run is None and r.game.strength_of(rig(r, "gordian_blade")) == 2


def test_imp_trashes_an_accessed_card_once_a_turn() -> None:
    runner = {"rig": [{"card": "imp", "counters": {"virus": 2}}]}
    corp = {"hand": ["hb_quarterly_review", "hb_quarterly_review"]}
    r = play(RECORDS, ["run:hq", "continue", "trash:hb_quarterly_review", "run:hq", "continue"], runner=runner,
             corp=corp)  # fmt: skip
    g = r.game
    assert ids(g.corp.discard) == ["hb_quarterly_review"] and g.corp.discard[0].faceup
    assert rig(r, "imp").counters == {"virus": 1}
    assert len(events(r, "access")) == 2 and "trash:hb_quarterly_review" not in labels(r)


def test_imp_may_trash_an_agenda_instead_of_stealing_it() -> None:
    runner = {"rig": [{"card": "imp", "counters": {"virus": 1}}]}
    corp = {"hand": ["neutral_pilot_scheme"]}
    r = play(RECORDS, ["run:hq", "continue", "trash:neutral_pilot_scheme"], runner=runner, corp=corp)
    assert ids(r.game.corp.discard) == ["neutral_pilot_scheme"] and r.game.runner.score_area == []
    r = play(RECORDS, ["run:hq", "continue", "continue"], runner=runner, corp=corp)
    assert ids(r.game.runner.score_area) == ["neutral_pilot_scheme"]


def test_imp_trashing_an_agenda_leaves_the_next_one_stealable() -> None:
    runner = {"rig": [{"card": "imp", "counters": {"virus": 2}}], "hand": ["late_night_dig"]}
    corp = {"deck": ["neutral_pilot_scheme", "neutral_pilot_scheme", "hb_quarterly_review"]}
    r = play(RECORDS, ["play:late_night_dig", "continue", "trash:neutral_pilot_scheme"], runner=runner, corp=corp)
    g = r.game
    assert ids(g.corp.discard) == ["neutral_pilot_scheme"] and ids(g.runner.score_area) == ["neutral_pilot_scheme"]
    assert not g.forbidden("steal")


def test_ice_carver_weakens_the_ice_being_encountered() -> None:
    corp = {"hand": ["hb_quarterly_review"], "servers": {"hq": {"ice": [{"card": "nbn_subscription_gate",
                                                                          "rezzed": True}]}}}  # fmt: skip
    runner = {"rig": [{"card": "ice_carver"}, {"card": "shade_key"}], "credits": 5}
    r = play(RECORDS, ["run:hq"], runner=runner, corp=corp)
    g = r.game
    gate = g.servers["hq"].ice[0]
    assert g.strength_of(gate) == 2  # 3 - 1 while encountered
    assert "break:shade_key/0" in labels(r) and "boost:shade_key/1" not in labels(r)
    r = play(RECORDS, ["run:hq", "break:shade_key/0", "sub:1", "break:shade_key/0", "continue"], runner=runner,
             corp=corp)  # fmt: skip
    g = r.game
    assert g.run_history[-1][2] and g.runner.credits == 3
    assert g.strength_of(g.servers["hq"].ice[0]) == 3  # back once passed


def test_paricia_pays_an_asset_trash_cost() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "nbn_press_office"}]}}}
    r = play(RECORDS, ["install:paricia", "run:remote1", "continue", "done", "trash:nbn_press_office"],
             runner={"hand": ["paricia"], "credits": 5}, corp=corp)  # fmt: skip
    g = r.game
    assert ids(g.corp.discard) == ["nbn_press_office"]
    assert g.runner.credits == 4 and rig(r, "paricia").recurring == 0  # trash cost 3: 2 hosted, 1 from the pool


def test_paricia_does_not_pay_for_an_upgrade() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "nbn_broadcast_booth"}]}}}
    r = play(RECORDS, ["install:paricia", "run:remote1", "continue", "done", "trash:nbn_broadcast_booth"],
             runner={"hand": ["paricia"], "credits": 5}, corp=corp)  # fmt: skip
    g = r.game
    assert ids(g.corp.discard) == ["nbn_broadcast_booth"]
    assert g.runner.credits == 3 and rig(r, "paricia").recurring == 2  # the engine's own trash, from the pool


def test_scrubber_pays_any_trash_cost_and_refills_each_turn() -> None:
    corp = {"deck": RND, "servers": {"remote1": {"root": [{"card": "neutral_central_auditor"}]}}}
    decisions = ["install:scrubber", "run:remote1", "continue", "done", "trash:neutral_central_auditor",
                 "credit", "credit", "credit"]  # fmt: skip
    r = play(RECORDS, decisions, runner={"hand": ["scrubber"], "credits": 6, "clicks": 2, "identity": ADA}, corp=corp)
    g = r.game
    assert ids(g.corp.discard) == ["neutral_central_auditor"]
    assert g.runner.credits == 2  # 6 - 2 (install) - 2 (trash cost 4 less the 2 hosted)
    assert g.active == "runner" and rig(r, "scrubber").recurring == 2  # refilled at the start of the next turn


# ---------------------------------------------------------------- resources


def test_aesops_pawnshop_trashes_another_card_for_3_credits() -> None:
    runner = {"rig": [{"card": "aesops_pawnshop"}, {"card": "backroom_bookie"}], "credits": 0, "clicks": 0,
              "identity": ADA}  # fmt: skip
    r = play(RECORDS, ["credit", "credit", "credit", "backroom_bookie"], runner=runner, corp={"deck": RND})
    g = r.game
    assert ids(g.runner.rig) == ["aesops_pawnshop"] and ids(g.runner.discard) == ["backroom_bookie"]
    assert g.runner.credits == 3
    r = play(RECORDS, ["credit", "credit", "credit", "done"], runner=runner, corp={"deck": RND})
    assert len(r.game.runner.rig) == 2 and r.game.runner.credits == 0


def test_earthrise_hotel_is_loaded_with_3_counters_and_trashed_when_empty() -> None:
    turn = ["credit"] * 4 + ["credit"] * 3  # the runner's 4 clicks, then the corp's 3
    r = play(RECORDS, ["install:earthrise_hotel", "credit", "credit", "credit", *turn, *turn],
             runner={"hand": ["earthrise_hotel"], "deck": ["overnight_takeout"] * 8, "credits": 4, "clicks": 1,
                     "identity": ADA}, corp={"deck": RND})  # fmt: skip
    g = r.game
    assert ids(g.runner.discard) == ["earthrise_hotel"] and g.runner.rig == []
    assert len(g.runner.hand) == 6  # 2 cards at each of 3 turn starts
    assert events(r, "emptied")


def test_liberated_account_pays_16_then_is_trashed() -> None:
    r = play(RECORDS, ["install:liberated_account", *["use:liberated_account/2"] * 4],
             runner={"hand": ["liberated_account"], "credits": 6, "clicks": 5})  # fmt: skip
    g = r.game
    assert g.runner.credits == 16 and ids(g.runner.discard) == ["liberated_account"]


def test_xanadu_raises_ice_rez_costs() -> None:
    corp = {"credits": 5, "hand": ["hb_quarterly_review"],
            "servers": {"hq": {"ice": [{"card": "neutral_checksum_gate"}]}}}  # fmt: skip
    r = play(RECORDS, ["run:hq", "rez:neutral_checksum_gate"], runner={"rig": [{"card": "xanadu"}]}, corp=corp)
    g = r.game
    assert g.servers["hq"].ice[0].rezzed and g.corp.credits == 3  # 1 + 1


# ---------------------------------------------------------------- identities


def test_ken_gains_a_credit_for_the_first_run_event_as_its_run_begins() -> None:
    r = play(RECORDS, ["play:lobby_crash", "continue", "play:lobby_crash", "continue"],
             runner={"identity": KEN.id, "hand": ["lobby_crash", "lobby_crash"], "credits": 4},
             corp={"hand": ["hb_quarterly_review"] * 3})  # fmt: skip
    g = r.game
    assert g.runner.credits == 1  # 4 - 2 + 1 - 2
    gained = [i for i, e in enumerate(g.log) if e.kind == "credits" and e.data.get("amount") == 1]
    first_run = next(i for i, e in enumerate(g.log) if e.kind == "run")
    first_end = next(i for i, e in enumerate(g.log) if e.kind == "run_end")
    assert len(gained) == 1 and first_run < gained[0] < first_end  # during the play, before the run is over


def test_ken_ignores_events_without_run() -> None:
    r = play(RECORDS, ["play:overnight_takeout"], runner={"identity": KEN.id, "hand": ["overnight_takeout"],
                                                          "deck": ["spark_of_insight"] * 3, "credits": 4})  # fmt: skip
    assert r.game.runner.credits == 4


def test_quetzal_breaks_a_barrier_subroutine_once_a_turn() -> None:
    corp = {"hand": ["hb_quarterly_review"], "servers": {"hq": {"ice": [{"card": "neutral_plywood_screen",
                                                                          "rezzed": True}]}}}  # fmt: skip
    r = play(RECORDS, ["run:hq", "use:quetzal_free_spirit/0", "continue", "run:hq"],
             runner={"identity": QUETZAL.id, "credits": 0}, corp=corp)  # fmt: skip
    g = r.game
    assert [ok for _, _, ok in g.run_history] == [True, False]  # the second run: no break left, the screen ended it
    assert len(events(r, "break")) == 1


def test_reina_roja_taxes_the_first_ice_rezzed_each_turn() -> None:
    corp = {"credits": 5, "hand": ["hb_quarterly_review"], "servers": {"hq": {"ice": [
        {"card": "neutral_checksum_gate"}, {"card": "nbn_static_veil"}]}}}
    decisions = ["run:hq", "rez:nbn_static_veil", "boost:fine_line_cutter/1", "break:fine_line_cutter/0", "continue",
                 "rez:neutral_checksum_gate"]  # fmt: skip
    r = play(RECORDS, decisions, runner={"identity": REINA.id, "rig": [{"card": "fine_line_cutter"}]}, corp=corp)
    g = r.game
    assert all(ice.rezzed for ice in g.servers["hq"].ice)
    assert g.corp.credits == 2  # 1 + 1 for the first, 1 for the second


def test_steve_cambridge_splits_two_heap_cards() -> None:
    runner = {"identity": STEVE.id, "discard": ["overnight_takeout", "spark_of_insight"]}
    r = play(RECORDS, ["run:hq", "continue", "yes", "overnight_takeout", "spark_of_insight", "run:hq", "continue"],
             runner=runner, corp={"hand": ["hb_quarterly_review"]})  # fmt: skip
    g = r.game
    assert ids(g.runner.hand) == ["overnight_takeout"] and ids(g.removed) == ["spark_of_insight"]
    assert g.runner.discard == []
    assert len(events(r, "removed_from_game")) == 1


# ---------------------------------------------------------------- third pass

ABAGNALE = card("abagnale", "program", ["Interface → 1[credit]: Break 1 code gate subroutine.",
                                        "2[credit]: +2 strength.",
                                        "Trash this program to get past the code gate you are facing right now."],
                cost=4, memory_cost=1, strength=2, subtypes=["icebreaker", "decoder"], faction="criminal")  # fmt: skip
CLOT = card("clot", "program", ["An agenda the Corp installed this turn cannot be scored this turn.",
                                "A purge of virus counters sends this program to the heap."],
            cost=2, memory_cost=1, subtypes=["virus"], faction="anarch")  # fmt: skip
EGRET = card("egret", "program", ["Goes only on a piece of ice that is rezzed.",
                                  "The ice under it counts as barrier, code gate and sentry too."],
             cost=2, memory_cost=1, subtypes=["trojan"], faction="shaper")  # fmt: skip
FEMME = card("femme_fatale", "program", ["Interface → 1[credit]: Break 1 sentry subroutine.",
                                         "2[credit]: +1 strength.",
                                         "On install, point at one installed piece of ice.",
                                         "Meeting that ice, you may pay 1[credit] per subroutine on it to get past "
                                         "it without an encounter going on."],
             cost=9, memory_cost=1, strength=2, subtypes=["icebreaker", "killer"], faction="criminal")  # fmt: skip
INSIDE_JOB = card("inside_job", "event", ["Run a server of your choice; the first ice you meet in that run is got "
                                          "past."], cost=2, subtypes=["run"], faction="criminal")  # fmt: skip
NETWORKING = card("networking", "event", ["Lose a tag; afterwards 1[credit] may bring this card back to your grip."],
                  cost=0, faction="criminal")  # fmt: skip
VOICEPAD = card("prepaid_voicepad", "hardware", ["Holds 1 recurring credit, refilled on install and as your turn "
                                                 "starts.", "That credit only goes toward playing events."],
                cost=2, subtypes=["gear"])  # fmt: skip
RETRIEVAL = card("retrieval_run", "event", ["Run Archives; on success you may skip the breach and put a program from "
                                            "your heap into play for free."], cost=3, subtypes=["run"],
                 faction="anarch")  # fmt: skip
TESTING = card("security_testing", "resource", ["As your turn starts you may name a server.",
                                                "Your first successful run of a turn on it pays 2[credit] and skips "
                                                "the breach."], cost=0, subtypes=["job"], faction="criminal")  # fmt: skip
TEST_RUN = card("test_run", "event", ["Find a program in your stack or heap and put it into play for free; as your "
                                      "turn ends, if it is still in play, it goes back on top of your stack."],
                cost=3, faction="shaper")  # fmt: skip
RIELLE = identity("rielle_kit_peddler_transhuman", "runner", ["Each turn the first ice you meet is a code gate as "
                                                              "well until the run is over."], faction="shaper")  # fmt: skip
THIRD = [ABAGNALE, CLOT, EGRET, FEMME, INSIDE_JOB, NETWORKING, VOICEPAD, RETRIEVAL, TESTING, TEST_RUN, RIELLE]
MORE = [*RECORDS, *THIRD]


def test_the_third_pass_readings() -> None:
    for fixture in THIRD:
        assert fixture.reading.status == "executable", fixture.id
    assert ABAGNALE.reading.read == [0, 1] and ABAGNALE.reading.scripted == [2]
    assert FEMME.reading.read == [0, 1] and FEMME.reading.scripted == [2, 3]


def test_abagnale_trashes_itself_to_bypass_a_code_gate() -> None:
    r = play(MORE, ["run:hq", "use:abagnale/2", "continue"], runner={"rig": [{"card": "abagnale"}], "credits": 0},
             corp=LATTICE_HQ)  # fmt: skip
    g = r.game
    assert g.run_history[-1][2] and ids(g.runner.discard) == ["abagnale"] and g.runner.rig == []
    assert len(events(r, "bypass")) == 1 and not events(r, "subroutine")
    corp = {"hand": ["hb_quarterly_review"], "servers": {"hq": {"ice": [{"card": "neutral_plywood_screen",
                                                                          "rezzed": True}]}}}  # fmt: skip
    r = play(MORE, ["run:hq"], runner={"rig": [{"card": "abagnale"}], "credits": 0}, corp=corp)
    assert r.pending is None or "use:abagnale/2" not in labels(r)  # not on a barrier
    assert r.game.run_history[-1][2] is False


def test_clot_forbids_scoring_an_agenda_installed_this_turn() -> None:
    corp = {"hand": ["neutral_pilot_scheme"], "clicks": 4, "credits": 5, "deck": RND}
    decisions = ["install:neutral_pilot_scheme@new", "advance:neutral_pilot_scheme", "advance:neutral_pilot_scheme"]
    r = play(MORE, decisions, active="corp", corp=corp, runner={"rig": [{"card": "clot"}]})
    assert "score:neutral_pilot_scheme" not in labels(r) and r.game.corp.score_area == []
    r = play(MORE, [*decisions, "score:neutral_pilot_scheme"], active="corp", corp=corp)
    assert ids(r.game.corp.score_area) == ["neutral_pilot_scheme"]  # without Clot
    old = {"clicks": 3, "deck": RND, "servers": {"remote1": {"root": [{"card": "neutral_pilot_scheme",
                                                                       "counters": {"advancement": 2}}]}}}  # fmt: skip
    r = play(MORE, ["score:neutral_pilot_scheme"], active="corp", corp=old, runner={"rig": [{"card": "clot"}]})
    assert ids(r.game.corp.score_area) == ["neutral_pilot_scheme"]  # installed in an earlier turn


def test_clot_is_trashed_by_a_purge() -> None:
    r = play(MORE, ["purge"], active="corp", corp={"deck": RND}, runner={"rig": [{"card": "clot"}]})
    assert ids(r.game.runner.discard) == ["clot"] and r.game.runner.rig == []


def test_egret_gives_its_host_every_breaker_subtype_until_it_is_trashed() -> None:
    corp = {"hand": ["hb_quarterly_review"], "servers": {"hq": {"ice": [{"card": "neutral_checksum_gate",
                                                                          "rezzed": True}]},
                                                         "rnd": {"ice": [{"card": "neutral_plywood_screen"}]}}}
    r = play(MORE, ["install:egret", "run:hq"], runner={"hand": ["egret"], "rig": [{"card": "frame_hammer"}],
                                                      "credits": 5}, corp=corp)  # fmt: skip
    g = r.game
    gate = g.servers["hq"].ice[0]
    assert rig(r, "egret").host is gate  # the only rezzed ice: no choice
    assert {"code_gate", "barrier", "sentry"} <= set(gate.subtypes)
    assert "break:frame_hammer/0" in labels(r)  # a fracter breaks the code gate now
    g.trash(rig(r, "egret"), "test")
    assert gate.subtypes == ("code_gate",) and gate.gained_subtypes == []


def test_femme_fatale_pays_per_subroutine_to_bypass_its_chosen_ice() -> None:
    corp = {"hand": ["hb_quarterly_review"], "servers": {"hq": {"ice": [{"card": "hb_warden_unit", "rezzed": True}]}}}
    r = play(MORE, ["install:femme_fatale", "run:hq", "yes", "continue"],
             runner={"hand": ["femme_fatale"], "credits": 12}, corp=corp)  # fmt: skip
    g = r.game
    assert g.run_history[-1][2] and g.runner.credits == 1  # 12 - 9 - 2 (two subroutines)
    assert len(events(r, "bypass")) == 1 and not events(r, "subroutine")
    r = play(MORE, ["install:femme_fatale", "run:hq", "no", "done"], runner={"hand": ["femme_fatale"], "credits": 12},
             corp=corp)  # fmt: skip
    assert r.game.run_history[-1][2] is False and not events(r, "bypass")


def test_inside_job_bypasses_only_the_first_ice_encountered() -> None:
    corp = {"hand": ["hb_quarterly_review"], "servers": {"hq": {"ice": [
        {"card": "nbn_banner_storm", "rezzed": True}, {"card": "neutral_plywood_screen", "rezzed": True}]}}}
    r = play(MORE, ["play:inside_job", "hq", "continue", "continue"],
             runner={"hand": ["inside_job"], "credits": 3}, corp=corp)  # fmt: skip
    g = r.game
    assert g.run_history[-1][2] and [e["ice"] for e in events(r, "bypass")] == [str(g.servers["hq"].ice[1])]
    assert len(events(r, "encounter")) == 2 and g.runner.credits == 0  # 3 - 2 - 1 (the storm's subroutine)
    assert ids(g.runner.discard) == ["inside_job"] and not g.in_play


def test_networking_removes_a_tag_and_may_come_back_to_the_grip() -> None:
    r = play(MORE, ["play:networking", "yes"], runner={"hand": ["networking"], "tags": 1, "credits": 2})
    g = r.game
    assert g.runner.tags == 0 and g.runner.credits == 1 and ids(g.runner.hand) == ["networking"]
    assert g.runner.discard == [] and not g.in_play
    r = play(MORE, ["play:networking", "no"], runner={"hand": ["networking"], "tags": 1, "credits": 2})
    g = r.game
    assert g.runner.credits == 2 and ids(g.runner.discard) == ["networking"] and g.runner.hand == []


def test_prepaid_voicepad_pays_for_an_event() -> None:
    r = play(MORE, ["play:light_fingers"], runner={"rig": [{"card": "prepaid_voicepad", "credits": 1}],
                                                   "hand": ["light_fingers"], "credits": 0})  # fmt: skip
    g = r.game
    assert g.runner.credits == 4 and rig(r, "prepaid_voicepad").credits == 0
    r = play(MORE, ["install:prepaid_voicepad"], runner={"hand": ["prepaid_voicepad", "basement_flat"], "credits": 2})
    assert rig(r, "prepaid_voicepad").credits == 1
    assert "install:basement_flat" not in labels(r)  # its credit pays for events only


def test_retrieval_run_installs_a_heap_program_instead_of_the_breach() -> None:
    corp = {"discard": ["neutral_pilot_scheme"]}
    runner = {"hand": ["retrieval_run"], "discard": ["shade_key"], "credits": 3}
    r = play(MORE, ["play:retrieval_run", "continue", "shade_key"], runner=runner, corp=corp)
    g = r.game
    assert ids(g.runner.rig) == ["shade_key"] and g.runner.credits == 0 and g.runner.score_area == []
    assert events(r, "breach_replaced") and not [e for e in events(r, "access") if "card" in e]
    r = play(MORE, ["play:retrieval_run", "continue", "done"], runner=runner, corp=corp)
    assert ids(r.game.runner.score_area) == ["neutral_pilot_scheme"] and r.game.runner.rig == []


def test_security_testing_pays_2_instead_of_the_first_breach_of_the_chosen_server() -> None:
    runner = {"rig": [{"card": "security_testing"}], "clicks": 0, "credits": 3, "identity": ADA}
    decisions = ["credit", "credit", "credit", "hq", "run:hq", "continue", "run:hq", "continue"]
    r = play(MORE, decisions, runner=runner, corp={"deck": RND, "hand": ["hb_quarterly_review"]})
    g = r.game
    assert [ok for _, _, ok in g.run_history] == [True, True]
    assert g.runner.credits == 5 and len(events(r, "breach_replaced")) == 1
    assert len([e for e in events(r, "access") if "card" in e]) == 1  # the second run breached HQ


def test_test_run_installs_a_program_for_the_turn_then_stacks_it() -> None:
    runner = {"hand": ["test_run"], "deck": ["overnight_takeout", "shade_key"], "credits": 3, "clicks": 1,
              "identity": ADA}  # fmt: skip
    r = play(MORE, ["play:test_run"], runner=runner, corp={"deck": RND})
    g = r.game
    assert g.active == "corp"  # the runner's turn has ended
    assert g.runner.rig == [] and g.runner.deck[-1].id == "shade_key" and ids(g.runner.discard) == ["test_run"]
    assert g.runner.credits == 0 and not g.in_play
    r = play(MORE, ["play:test_run"], runner={**runner, "clicks": 2}, corp={"deck": RND})
    assert ids(r.game.runner.rig) == ["shade_key"] and r.game.in_play  # still the runner's turn


def test_rielle_makes_the_first_ice_of_the_turn_a_code_gate_for_the_run() -> None:
    corp = {"hand": ["hb_quarterly_review"], "servers": {"hq": {"ice": [{"card": "neutral_plywood_screen",
                                                                          "rezzed": True}]}}}  # fmt: skip
    runner = {"identity": RIELLE.id, "rig": [{"card": "shade_key"}], "credits": 2}
    r = play(MORE, ["run:hq", "break:shade_key/0", "continue", "run:hq"], runner=runner, corp=corp)
    g = r.game
    screen = g.servers["hq"].ice[0]
    assert [ok for _, _, ok in g.run_history] == [True, False]  # a decoder broke the screen once only
    assert screen.subtypes == ("barrier",) and len(events(r, "break")) == 1


# ---------------------------------------------------------------- the fourth pass

SNEAKDOOR = card("sneakdoor_beta", "program", ["[click]: Make a run on Archives; should it be about to succeed, the "
                                               "attack turns to HQ for what is left of that run."],
                 cost=4, memory_cost=2, faction="criminal")  # fmt: skip
AYLA = identity("ayla_bios_rahim_simulant_specialist", "runner",
                ["Ahead of your opening hand, the 6 top cards of your stack go aside face down (you may look at "
                 "them); 2 of those you shuffle back in.", "[click]: One card set aside by this identity joins your "
                 "grip."], faction="shaper")  # fmt: skip
FOURTH = [SNEAKDOOR, AYLA]
EVERY = [*MORE, *FOURTH]


def test_the_fourth_pass_readings() -> None:
    for fixture in FOURTH:
        assert fixture.reading.status == "executable", fixture.id


def test_sneakdoor_beta_runs_archives_and_breaches_hq_when_it_succeeds() -> None:
    corp = {"hand": ["neutral_emergency_audit"], "discard": ["hb_quarterly_review"],
            "servers": {"archives": {"ice": [{"card": "neutral_plywood_screen"}]}}}  # fmt: skip
    r = play(EVERY, ["use:sneakdoor_beta/0", "done", "continue"], corp=corp,
             runner={"rig": [{"card": "sneakdoor_beta"}], "identity": ADA})  # fmt: skip
    g = r.game
    assert g.run_history[-1] == (g.turns, "hq", True) and g.runner.clicks == 3
    assert [e["server"] for e in events(r, "run")] == ["archives"]
    assert [e.get("card") for e in events(r, "access")] == [str(g.corp.hand[0])]  # HQ's card; not Archives'
    r = play(EVERY, ["use:sneakdoor_beta/0", "done", "jack_out", "run:archives", "done", "continue"],
             corp=corp,
             runner={"rig": [{"card": "sneakdoor_beta"}], "identity": ADA})  # fmt: skip
    g = r.game
    assert [s for _, s, _ in g.run_history] == ["archives", "archives"] and g.run_history[-1][2]  # no HQ left over


def test_ayla_sets_6_cards_aside_before_the_opening_hand_and_takes_them_for_a_click() -> None:
    from toolkit.engine.core import FirstDecider
    from toolkit.engine.netrunner import NetrunnerGame
    from toolkit.models.deck import Deck

    decks = {
        "corp": Deck(game="netrunner", mode="standard", name="corp", identity="weyland_iron_ledger",
                     cards={"hb_quarterly_review": 12}),
        "runner": Deck(game="netrunner", mode="standard", name="runner", identity="ayla_bios_rahim_simulant_specialist",
                       cards={"overnight_takeout": 4, "spark_of_insight": 4, "bench_night": 4}),
    }  # fmt: skip
    g = NetrunnerGame(EVERY, seed=3, decks=decks, decider=FirstDecider())
    aside = list(g.set_aside["runner"])
    assert len(aside) == 4 and len(g.runner.hand) == 5 and len(g.runner.deck) == 12 - 4 - 5
    assert all(c not in g.runner.deck and c not in g.runner.hand for c in aside)
    seen = [e for e in g.log if e.kind == "move" and e.data.get("to") == "set_aside"]
    assert seen[0].visible == (2,) and len(seen[0].data["cards"]) == 6 and seen[1].visible == "all"
    g.active, g.runner.clicks = "runner", 4
    ayla = g.runner.identity
    option = next(o for o in g.actions.options("runner") if o.label.startswith(f"use:{ayla.ref}/"))
    g.actions.take(option.value)
    assert len(g.set_aside["runner"]) == 3 and len(g.runner.hand) == 6 and g.runner.clicks == 3
    r = play(EVERY, [], runner={"identity": "ayla_bios_rahim_simulant_specialist"})
    assert not any(label.startswith("use:ayla") for label in labels(r))  # nothing set aside in a laid-out position
