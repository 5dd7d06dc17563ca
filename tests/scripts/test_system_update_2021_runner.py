"""The System Update 2021 runner card scripts, each played through a scenario that checks what changes."""

from __future__ import annotations

from typing import Any

from .kit import bundled, card, events, identity, play

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


def ids(cards: list[Any]) -> list[str]:
    return [c.id for c in cards]


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
                 "rez:neutral_checksum_gate", "done"]  # fmt: skip
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
