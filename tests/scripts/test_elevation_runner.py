"""The Elevation runner card scripts, each played through a scenario that checks what changes."""

from __future__ import annotations

from typing import Any

from toolkit.importers.nrdb_text import read_card
from toolkit.models import RECORD_ADAPTER

from .kit import bundled, card, events, ids, play


def identity(card_id: str, english: list[str], faction: str) -> Any:
    """A fixture runner identity of ``card_id`` with our own ``english`` paragraphs."""
    reading = read_card(english, None, None, card_id=card_id)
    data = {
        "game": "netrunner",
        "kind": "identity",
        "id": card_id,
        "side": "runner",
        "faction": faction,
        "min_deck_size": 40,
        "influence_limit": 15,
        "base_link": 0,
        "name": {"zh-Hans": card_id, "en": card_id},
        "text": reading.texts(),
        "printed_text": {"en": english},
        "reading": reading.record(),
    }
    return RECORD_ADAPTER.validate_python(data)


RITUAL = card("ritual", "event", ["Draw a card per click you still have."], cost=0, faction="shaper")
CLEAN_GETAWAY = card("clean_getaway", "event", ["Run a server of your choice; if it succeeds you gain 6[credit]."],
                     cost=3, subtypes=["run"], faction="criminal")  # fmt: skip
TRANSFER = card("transfer_of_wealth", "event",
                ["Run HQ. On success: you take a tag, the Corp loses up to 3[credit], you gain double that."],
                cost=0, subtypes=["run"], faction="criminal")  # fmt: skip
LIE_LOW = card("lie_low", "event", ["Playing this takes one more [click].",
                                    "Pick one: draw four cards, or shed as many as two tags."],
               cost=1, subtypes=["double"], faction="criminal")  # fmt: skip
SCROUNGE = card("scrounge", "event", ["Playing this takes one more [click].",
                                      "Install a program out of your heap; then you may tuck a heap program "
                                      "under your stack."], cost=1, subtypes=["double"], faction="anarch")  # fmt: skip
ILLUMINATION = card("illumination", "event",
                    ["Run R&D. On success, install as many as 3 grip cards in turn, each for 1[credit] less."],
                    cost=0, subtypes=["run"], faction="shaper")  # fmt: skip
CHARM = card("charm_offensive", "event",
             ["Run Archives. Once the run is over you may trash a rezzed card titled like one you accessed there."],
             cost=0, subtypes=["run"], faction="anarch")  # fmt: skip
RISING_TIDE = card("rising_tide", "program", ["One more strength per fracter in your heap.",
                                              "Interface → 1[credit]: Break 1 barrier subroutine.",
                                              "1[credit]: +1 strength."],
                   cost=1, memory_cost=1, strength=1, subtypes=["icebreaker", "fracter"], faction="anarch")  # fmt: skip
DEVADATTA = card("devadatta_drone", "program", ["When you install this program, place 2 power counters on it.",
                                                "Each R&D breach, you may spend one of its power counters to "
                                                "access another card."], cost=1, memory_cost=1, faction="shaper")  # fmt: skip
GOURMAND = card("gourmand", "program", ["While you access a card that is no agenda, you may trash this to trash "
                                        "that card and draw a card."], cost=0, memory_cost=1, faction="anarch")  # fmt: skip
CHROMATOPHORES = card("chromatophores", "program", ["Goes on ice only.", "Its ice counts as every ice type."],
                      cost=1, memory_cost=1, subtypes=["trojan"], faction="shaper")  # fmt: skip
MAGLECTRIC = card("maglectric_rapid_748_mod", "hardware",
                  ["After a successful HQ run you may trash this to derez an installed Corp card."],
                  cost=1, unique=True, subtypes=["weapon"], faction="criminal")  # fmt: skip
MADANI = card("madani", "hardware", ["[click]: Park programs from your grip on this card, uninstalled.",
                                     "Once a turn, free: install a parked program, paying for it.",
                                     "Just one console each."],
              cost=2, unique=True, subtypes=["console"], faction="shaper")  # fmt: skip
BLING = card("bling", "hardware", ["+1[mu]", "Free installs park your top card here.", "Parked cards act as grip "
                                   "cards.", "They go to the heap after discarding.", "Just one console each."],
             cost=2, unique=True, subtypes=["console"], faction="anarch")  # fmt: skip
DETENTE = card("detente", "hardware", ["+1[mu]", "Park an HQ card here after an HQ run.", "Swap parked cards for an "
                                       "access.", "Just one console each."],
               cost=3, unique=True, subtypes=["console"], faction="criminal")  # fmt: skip
SIDE_HUSTLE = card("side_hustle", "resource", ["Put 1[credit] here when installed and at the start of every run.",
                                               "At 6[credit] or more here: take them, trash this, draw a card."],
                   cost=2, subtypes=["job"])  # fmt: skip
KNICKKNACK = card("knickknack_obrian", "resource",
                  ["At the first run of a turn you may trash another of your installed cards to gain its printed "
                   "cost and draw a card."], cost=2, unique=True, subtypes=["connection"], faction="shaper")  # fmt: skip
OPEN_MARKET = card("open_market", "resource", ["Comes loaded with 6[credit]; once empty it is trashed.",
                                               "Its credits pay for connection and job installs.",
                                               "When your turn begins, take 1[credit] from this resource."],
                   cost=2, subtypes=["job", "location"], faction="criminal")  # fmt: skip
FRANSOFIA = card("fransofia_ward", "resource", ["Ice costs 1[credit] more to rez.",
                                                "Trash this to bypass ice while the Corp is rich."],
                 cost=3, unique=True, subtypes=["connection"], faction="criminal")  # fmt: skip
MUSLIHAT = identity("muslihat_multifarious_marketeer", ["At turn start peek at your top card; an icebreaker or a run "
                                                        "event may be shown and taken into your grip."], "criminal")  # fmt: skip
TOPAN = identity("topan_ormas_leader", ["Once a turn, [click]: install a grip card for 2[credit] less, then take 1 "
                                        "meat damage."], "anarch")  # fmt: skip
RYO = identity("ryo_phoenix_ono_out_of_the_ashes", ["First successful run each turn in which a subroutine fired: "
                                                    "gain 1[credit]; the Corp trashes an HQ card."], "anarch")  # fmt: skip
MAGDALENE = identity("magdalene_keino_chemutai_cryptarchitect", ["Discarding to hand size, you may install a program "
                                                                 "or hardware among the discards."], "shaper")  # fmt: skip

AZIMAT = card("azimat", "program", ["2[recurring-credit] (Topped up to 2 when installed and before each of your "
                                    "turns.)", "They pay trash costs only."], cost=1, memory_cost=2, faction="shaper")  # fmt: skip
PRINCIPIA = card("principia", "program", ["1[credit] less to install per other icebreaker you have installed.",
                                          "Interface → 1[credit]: Break 1 <strong>barrier</strong> subroutine.",
                                          "2[credit]: +2 strength."],
                 cost=4, memory_cost=1, strength=2, subtypes=["icebreaker", "fracter"], faction="shaper")  # fmt: skip
GAMEDRAGON = card("gamedragon_pro", "hardware", ["On install and at your turn's start you may move this onto an "
                                                 "icebreaker that is not an AI.",
                                                 "That breaker is 1 stronger, and its boosts last until the run ends."],
                  cost=2, unique=True, subtypes=["mod"], faction="shaper")  # fmt: skip
CACOPHONY = card("cacophony", "resource", ["Your first steal or trash of a Corp card each turn adds a power counter "
                                           "here.", "As your action phase ends, 2 power counters from here may make the "
                                           "Corp trash 3 cards of HQ or the top of R&D."],
                 cost=3, unique=True, subtypes=["virtual"], faction="anarch")  # fmt: skip
BARRY = identity("barry_baz_wong_tri_maf_veteran", ["Each time the Corp rezzes ice, you may install a resource or "
                                                    "hardware out of your grip."], "criminal")  # fmt: skip

FIXTURES = [RITUAL, CLEAN_GETAWAY, TRANSFER, LIE_LOW, SCROUNGE, ILLUMINATION, CHARM, RISING_TIDE, DEVADATTA, GOURMAND,
            MADANI, MAGLECTRIC, SIDE_HUSTLE, KNICKKNACK, MUSLIHAT, TOPAN, RYO, MAGDALENE, FRANSOFIA, AZIMAT,
            PRINCIPIA, GAMEDRAGON, CACOPHONY, BARRY, CHROMATOPHORES, BLING, OPEN_MARKET]  # fmt: skip
PARTIAL = [DETENTE]
RECORDS = [*bundled(), *FIXTURES, *PARTIAL]


def test_the_readings() -> None:
    for fixture in FIXTURES:
        assert fixture.reading.status == "executable", fixture.id
    assert DEVADATTA.reading.read == [0] and DEVADATTA.reading.scripted == [1]
    assert RISING_TIDE.reading.read == [1, 2] and RISING_TIDE.reading.scripted == [0]
    assert OPEN_MARKET.reading.scripted == [0, 1] and OPEN_MARKET.reading.read == [2]
    assert BLING.reading.scripted == [1, 2, 3, 4] and DETENTE.reading.scripted == [1, 3]
    assert CHROMATOPHORES.reading.scripted == [0, 1] and FRANSOFIA.reading.scripted == [0, 1]
    for fixture in PARTIAL:
        assert fixture.reading.status == "partial", fixture.id


def rig(r: Any, card_id: str) -> Any:
    return next(c for c in r.game.runner.rig if c.id == card_id)


STACK = ["overnight_takeout"] * 5
RND = ["hb_quarterly_review"] * 3  # the corp's turn draws from it


# ---------------------------------------------------------------- events


def test_ritual_draws_a_card_per_click_left() -> None:
    r = play(RECORDS, ["play:ritual"], runner={"hand": ["ritual"], "deck": STACK, "clicks": 4})
    g = r.game
    assert len(g.runner.hand) == 3 and len(g.runner.deck) == 2  # 4 clicks, 1 spent on playing it
    assert ids(g.runner.discard) == ["ritual"]


def test_clean_getaway_pays_6_after_a_successful_run() -> None:
    r = play(RECORDS, ["play:clean_getaway", "hq", "continue"], runner={"hand": ["clean_getaway"], "credits": 3},
             corp={"hand": ["hb_quarterly_review"], "deck": RND})  # fmt: skip
    assert r.game.runner.credits == 6  # 3 - 3 + 6
    r = play(RECORDS, ["play:clean_getaway", "hq", "jack_out"], runner={"hand": ["clean_getaway"], "credits": 3},
             corp={"hand": ["hb_quarterly_review"], "deck": RND})  # fmt: skip
    assert r.game.runner.credits == 0


def test_transfer_of_wealth_tags_the_runner_and_doubles_what_the_corp_loses() -> None:
    r = play(RECORDS, ["play:transfer_of_wealth", "continue"], runner={"hand": ["transfer_of_wealth"], "credits": 0},
             corp={"credits": 10, "deck": RND})  # fmt: skip
    g = r.game
    assert (g.runner.credits, g.runner.tags, g.corp.credits) == (6, 1, 7)
    r = play(RECORDS, ["play:transfer_of_wealth", "continue"], runner={"hand": ["transfer_of_wealth"], "credits": 0},
             corp={"identity": "weyland_skyward_holdings", "credits": 1, "deck": RND})  # fmt: skip
    assert (r.game.runner.credits, r.game.corp.credits) == (2, 0)  # 1 lost, 2 gained


def test_lie_low_costs_an_extra_click_and_draws_or_removes_tags() -> None:
    start = {"hand": ["lie_low"], "clicks": 2, "tags": 3, "deck": STACK}
    r = play(RECORDS, ["play:lie_low"], runner=start, corp={"deck": RND})
    assert r.game.runner.clicks == 0 and [o.label for o in r.pending.options] == ["draw", "tags:1", "tags:2"]
    r = play(RECORDS, ["play:lie_low", "tags:2"], runner=start, corp={"deck": RND})
    assert r.game.runner.tags == 1 and not r.game.runner.hand
    r = play(RECORDS, ["play:lie_low", "draw"], runner=start, corp={"deck": RND})
    assert r.game.runner.tags == 3 and len(r.game.runner.hand) == 4
    r = play(RECORDS, [], runner={**start, "clicks": 1}, corp={"deck": RND})
    assert "play:lie_low" not in [o.label.split("#")[0] for o in r.pending.options]  # one click is not enough


def test_scrounge_installs_from_the_heap_and_may_tuck_a_program_under_the_stack() -> None:
    start = {"hand": ["scrounge"], "clicks": 2, "credits": 6, "deck": ["overnight_takeout"],
             "discard": ["rockbit_drill", "sleeve_blade", "light_fingers"]}  # fmt: skip
    r = play(RECORDS, ["play:scrounge", "rockbit_drill", "sleeve_blade"], runner=start, corp={"deck": RND})
    g = r.game
    assert ids(g.runner.rig) == ["rockbit_drill"] and g.runner.credits == 2  # 6 - 1 - 3
    assert ids(g.runner.deck) == ["sleeve_blade", "overnight_takeout"]  # the bottom first
    assert ids(g.runner.discard) == ["light_fingers", "scrounge"] and g.runner.clicks == 0
    r = play(RECORDS, ["play:scrounge", "sleeve_blade", "done"], runner=start, corp={"deck": RND})
    assert ids(r.game.runner.rig) == ["sleeve_blade"] and ids(r.game.runner.deck) == ["overnight_takeout"]


def test_illumination_installs_up_to_3_cards_each_1_credit_cheaper() -> None:
    hand = ["illumination", "rockbit_drill", "sleeve_blade", "light_fingers", "spare_laptop", "overdrive_cell"]
    decisions = ["play:illumination", "continue", "rockbit_drill", "overdrive_cell", "spare_laptop"]
    r = play(RECORDS, decisions, runner={"hand": hand, "credits": 6}, corp={"deck": RND})
    g = r.game
    assert ids(g.runner.rig) == ["rockbit_drill", "overdrive_cell", "spare_laptop"]
    assert g.runner.credits == 3  # (3 - 1) + (1 - 1) + (2 - 1)
    assert ids(g.runner.hand) == ["sleeve_blade", "light_fingers"]
    r = play(RECORDS, ["play:illumination", "continue", "done"], runner={"hand": hand, "credits": 6},
             corp={"deck": RND})  # fmt: skip
    assert not r.game.runner.rig and r.game.runner.credits == 6


def test_charm_offensive_trashes_a_rezzed_copy_of_an_archives_card() -> None:
    corp = {"discard": ["nbn_billboard_network", "hb_quarterly_review"], "deck": RND,
            "servers": {"remote1": {"root": [{"card": "nbn_billboard_network", "rezzed": True}]},
                        "remote2": {"root": [{"card": "nbn_press_office", "rezzed": True}]}}}  # fmt: skip
    r = play(RECORDS, ["play:charm_offensive", "continue", "nbn_billboard_network"], runner={"hand": ["charm_offensive"]},
             corp=corp)  # fmt: skip
    assert [o.label.split("#")[0] for o in r.pending.options] == ["nbn_billboard_network", "done"]
    r = play(RECORDS, ["play:charm_offensive", "continue", "nbn_billboard_network", "nbn_billboard_network"],
             runner={"hand": ["charm_offensive"]}, corp=corp)  # fmt: skip
    g = r.game
    assert "remote1" not in g.servers and "remote2" in g.servers
    assert ids(g.corp.discard).count("nbn_billboard_network") == 2


# ---------------------------------------------------------------- programs


def test_rising_tide_is_stronger_for_each_fracter_in_the_heap() -> None:
    r = play(RECORDS, [], runner={"rig": [{"card": "rising_tide"}],
                                  "discard": ["rockbit_drill", "pry_script", "sleeve_blade"]})  # fmt: skip
    assert r.game.strength_of(rig(r, "rising_tide")) == 3  # 1 + 2 fracters (a killer does not count)


def test_devadatta_drone_spends_a_counter_for_another_rnd_access() -> None:
    corp = {"deck": ["hb_quarterly_review", "neutral_board_resolution", "hb_quarterly_review"]}
    r = play(RECORDS, ["install:devadatta_drone", "run:rnd", "continue", "yes"], runner={"hand": ["devadatta_drone"]},
             corp=corp)  # fmt: skip
    assert rig(r, "devadatta_drone").counters == {"power": 1}
    assert ids(r.game.runner.score_area) == ["neutral_board_resolution"]
    r = play(RECORDS, ["install:devadatta_drone", "run:rnd", "continue", "no"], runner={"hand": ["devadatta_drone"]},
             corp=corp)  # fmt: skip
    assert rig(r, "devadatta_drone").counters == {"power": 2} and not r.game.runner.score_area


def test_gourmand_trashes_itself_and_the_accessed_card_and_draws() -> None:
    runner = {"rig": [{"card": "gourmand"}], "deck": ["overnight_takeout"]}
    r = play(RECORDS, ["run:hq", "continue", "yes"], runner=runner, corp={"hand": ["hb_quarterly_review"], "deck": RND})
    g = r.game
    assert ids(g.corp.discard) == ["hb_quarterly_review"] and not g.corp.hand
    assert ids(g.runner.discard) == ["gourmand"] and ids(g.runner.hand) == ["overnight_takeout"]
    remote = {"remote1": {"root": [{"card": "nbn_billboard_network", "rezzed": True}]}}
    r = play(RECORDS, ["run:remote1", "continue", "yes"], runner=runner, corp={"servers": remote, "deck": RND})
    assert "remote1" not in r.game.servers and ids(r.game.corp.discard) == ["nbn_billboard_network"]
    r = play(RECORDS, ["run:hq", "continue"], runner=runner, corp={"hand": ["neutral_board_resolution"], "deck": RND})
    assert ids(r.game.runner.score_area) == ["neutral_board_resolution"] and ids(r.game.runner.rig) == ["gourmand"]


def test_chromatophores_goes_only_on_ice() -> None:
    r = play(RECORDS, [], runner={"hand": ["chromatophores"]})
    assert not any(o.label.startswith("install:") for o in r.pending.options)
    corp = {"servers": {"hq": {"ice": [{"card": "nbn_static_veil"}]}}, "deck": RND}
    r = play(RECORDS, ["install:chromatophores"], runner={"hand": ["chromatophores"]}, corp=corp)
    assert rig(r, "chromatophores").host is r.game.servers["hq"].ice[0]


# ---------------------------------------------------------------- hardware


def test_maglectric_rapid_derezzes_a_card_after_an_hq_run() -> None:
    corp = {"hand": ["hb_quarterly_review"], "deck": RND,
            "servers": {"hq": {"ice": [{"card": "nbn_banner_storm", "rezzed": True}]},
                        "remote1": {"root": [{"card": "nbn_billboard_network", "rezzed": True}]}}}  # fmt: skip
    runner = {"rig": [{"card": "maglectric_rapid_748_mod"}]}
    r = play(RECORDS, ["run:hq", "continue", "yes", "nbn_banner_storm"], runner=runner, corp=corp)
    g = r.game
    assert not g.servers["hq"].ice[0].rezzed and g.servers["remote1"].root[0].rezzed
    assert ids(g.runner.discard) == ["maglectric_rapid_748_mod"]
    r = play(RECORDS, ["run:hq", "continue", "no"], runner=runner, corp=corp)
    assert r.game.servers["hq"].ice[0].rezzed and ids(r.game.runner.rig) == ["maglectric_rapid_748_mod"]


def test_madani_hosts_programs_and_installs_one_a_turn() -> None:
    hand = ["madani", "rockbit_drill", "sleeve_blade", "light_fingers"]
    decisions = ["install:madani", "use:madani/0", "rockbit_drill", "sleeve_blade", "use:madani/1", "rockbit_drill"]
    r = play(RECORDS, decisions, runner={"hand": hand, "credits": 8})
    g = r.game
    madani = rig(r, "madani")
    assert ids(g.runner.rig) == ["madani", "rockbit_drill"] and ids(madani.hosted) == ["sleeve_blade"]
    assert g.runner.credits == 3 and g.runner.clicks == 2  # 8 - 2 - 3; the install took no click
    assert g.memory_used() == 1  # the hosted program is not installed
    assert not any(o.label.startswith("use:madani") for o in r.pending.options)  # once a turn


def test_one_console_per_player() -> None:
    hand = ["modular_rigframe", "bling", "detente", "madani", "spare_laptop"]
    r = play(RECORDS, [], runner={"hand": hand, "credits": 9})
    installs = {o.label.split("#")[0] for o in r.pending.options if o.label.startswith("install:")}
    assert {"install:bling", "install:detente", "install:madani"} <= installs
    for console in ("modular_rigframe", "bling", "detente", "madani"):
        r = play(RECORDS, [], runner={"rig": [{"card": console}], "hand": hand, "credits": 9})
        installs = {o.label.split("#")[0] for o in r.pending.options if o.label.startswith("install:")}
        assert not installs & {"install:bling", "install:detente", "install:madani"}, console


# ---------------------------------------------------------------- resources


def test_side_hustle_fills_up_then_pays_out_and_goes() -> None:
    r = play(RECORDS, ["install:side_hustle", "run:hq", "continue", "run:hq", "continue"],
             runner={"hand": ["side_hustle"], "clicks": 3}, corp={"deck": RND})  # fmt: skip
    assert rig(r, "side_hustle").credits == 3 and r.game.runner.credits == 3
    r = play(RECORDS, ["run:hq", "continue"], runner={"rig": [{"card": "side_hustle", "credits": 5}], "deck": STACK},
             corp={"deck": RND})  # fmt: skip
    g = r.game
    assert g.runner.credits == 11 and ids(g.runner.discard) == ["side_hustle"] and len(g.runner.hand) == 1


def test_knickknack_obrian_cashes_in_a_card_at_the_first_run_only() -> None:
    runner = {"rig": [{"card": "knickknack_obrian"}, {"card": "rockbit_drill"}, {"card": "spare_laptop"}],
              "deck": ["overnight_takeout"]}  # fmt: skip
    r = play(RECORDS, ["run:hq", "rockbit_drill", "continue", "run:hq"], runner=runner, corp={"deck": RND})
    g = r.game
    assert g.runner.credits == 8 and ids(g.runner.hand) == ["overnight_takeout"]  # 5 + 3, 1 card
    assert ids(g.runner.discard) == ["rockbit_drill"] and r.pending.kind == "jack_out"  # no offer at the 2nd run
    r = play(RECORDS, ["run:hq", "done", "continue", "run:hq"], runner=runner, corp={"deck": RND})
    assert r.game.runner.credits == 5 and r.pending.kind == "jack_out"  # declined at the first run: no offer after


def test_open_market_is_loaded_with_6_and_trashed_once_empty() -> None:
    r = play(RECORDS, ["install:open_market"], runner={"identity": "ada_voss_tinker", "hand": ["open_market"]})
    g = r.game
    market = rig(r, "open_market")
    assert market.credits == 6 and g.runner.credits == 3
    market.credits = 1
    g.fire("your_turn_start", g.active_cards("runner"))  # the template-read paragraph takes the last one
    assert g.runner.credits == 4 and ids(g.runner.discard) == ["open_market"]


def test_fransofia_ward_makes_ice_dearer_to_rez() -> None:
    corp = {"credits": 6, "deck": RND, "servers": {"hq": {"ice": [{"card": "nbn_static_veil"}]},
                                                   "remote1": {"root": [{"card": "nbn_billboard_network"}]}}}  # fmt: skip
    r = play(RECORDS, ["run:hq", "rez:nbn_static_veil"], runner={"rig": [{"card": "fransofia_ward"}]}, corp=corp)
    g = r.game
    assert g.servers["hq"].ice[0].rezzed and g.corp.credits == 4  # 1 + 1
    assert g.rez_cost(g.servers["remote1"].root[0]) == 2  # assets as printed


# ---------------------------------------------------------------- identities


def test_muslihat_takes_a_breaker_or_run_event_off_the_top() -> None:
    def turn(deck: list[str], decisions: list[str]) -> Any:
        runner = {"identity": "muslihat_multifarious_marketeer", "deck": deck}
        return play(RECORDS, decisions, active="corp", corp={"clicks": 0, "deck": RND}, runner=runner)

    g = turn(["rockbit_drill", "overnight_takeout"], ["yes"]).game
    assert ids(g.runner.hand) == ["rockbit_drill"] and ids(g.runner.deck) == ["overnight_takeout"]
    g = turn(["clean_getaway", "overnight_takeout"], ["yes"]).game
    assert ids(g.runner.hand) == ["clean_getaway"]
    r = turn(["spare_laptop", "overnight_takeout"], [])
    assert r.pending.kind == "action" and not r.game.runner.hand  # not offered


def test_topan_installs_2_credits_cheaper_for_a_meat_damage() -> None:
    runner = {"identity": "topan_ormas_leader", "hand": ["rockbit_drill", "light_fingers", "spare_laptop"], "credits": 1}
    r = play(RECORDS, ["use:topan_ormas_leader/0", "rockbit_drill"], runner=runner)
    g = r.game
    assert ids(g.runner.rig) == ["rockbit_drill"] and g.runner.credits == 0 and g.runner.clicks == 3
    assert len(g.runner.hand) == 1 and len(g.runner.discard) == 1  # 1 meat damage
    assert events(r, "damage")[0]["damage"] == "meat"
    assert not any(o.label.startswith("use:topan") for o in r.pending.options)  # once a turn


def test_ryo_gains_and_trims_hq_after_a_subroutine_once_a_turn() -> None:
    corp = {"hand": ["hb_quarterly_review", "nbn_press_office"], "deck": RND,
            "servers": {"rnd": {"ice": [{"card": "nbn_banner_storm", "rezzed": True}]}}}  # fmt: skip
    runner = {"identity": "ryo_phoenix_ono_out_of_the_ashes"}
    decisions = ["run:rnd", "continue", "nbn_press_office", "run:rnd", "continue"]
    r = play(RECORDS, decisions, runner=runner, corp=corp)
    g = r.game
    assert g.runner.credits == 4  # 5 - 1 (subroutine) + 1 - 1 (subroutine), the second time nothing
    assert ids(g.corp.hand) == ["hb_quarterly_review"] and ids(g.corp.discard) == ["nbn_press_office"]
    r = play(RECORDS, ["run:hq", "continue"], runner=runner, corp=corp)
    assert r.pending.kind == "trash" and r.game.runner.credits == 5  # no subroutine: no trigger


def test_magdalene_installs_a_card_discarded_to_hand_size() -> None:
    hand = ["rockbit_drill", "spare_laptop", "light_fingers", "overnight_takeout", "sleeve_blade", "garage_lab",
            "swapped_papers"]  # fmt: skip
    runner = {"identity": "magdalene_keino_chemutai_cryptarchitect", "clicks": 0, "hand": hand}
    r = play(RECORDS, ["rockbit_drill", "light_fingers", "rockbit_drill"], runner=runner, corp={"deck": RND})
    g = r.game
    assert ids(g.runner.rig) == ["rockbit_drill"] and g.runner.credits == 2
    assert ids(g.runner.discard) == ["light_fingers"]
    r = play(RECORDS, ["rockbit_drill", "light_fingers"], runner=runner, corp={"deck": RND})
    assert [o.label.split("#")[0] for o in r.pending.options] == ["rockbit_drill", "done"]  # only the discards


# ---------------------------------------------------------------- the second pass


def test_fransofia_ward_is_trashed_to_bypass_ice_while_the_corp_is_rich() -> None:
    corp = {"credits": 15, "hand": RND, "servers": {"hq": {"ice": [{"card": "nbn_static_veil", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq", "yes", "continue"], runner={"rig": [{"card": "fransofia_ward"}]}, corp=corp)
    g = r.game
    assert g.run_history[-1][2] and ids(g.runner.discard) == ["fransofia_ward"]
    poor = play(RECORDS, ["run:hq"], runner={"rig": [{"card": "fransofia_ward"}]}, corp={**corp, "credits": 14})
    assert not poor.game.run_history[-1][2] and not poor.game.runner.discard  # not offered: the wall ended the run


def test_azimat_pays_trash_costs_and_refills() -> None:
    corp = {"deck": RND, "servers": {"remote1": {"root": [{"card": "nbn_billboard_network"}]}}}
    r = play(RECORDS, ["install:azimat", "run:remote1", "continue", "done", "trash:nbn_billboard_network"], corp=corp,
             runner={"identity": "ada_voss_tinker", "hand": ["azimat"], "credits": 1})  # fmt: skip
    g = r.game
    assert ids(g.corp.discard) == ["nbn_billboard_network"] and g.runner.credits == 0 and rig(r, "azimat").credits == 0
    later = play(RECORDS, [], active="corp", corp={"clicks": 0, "deck": RND},
                 runner={"identity": "ada_voss_tinker", "rig": [{"card": "azimat"}], "credits": 0})  # fmt: skip
    assert rig(later, "azimat").credits == 2
    assert later.game.available("runner") == 0 and later.game.available("runner", "trash") == 2


def test_principia_is_cheaper_for_each_other_icebreaker() -> None:
    r = play(RECORDS, ["install:principia"], runner={"hand": ["principia"], "credits": 2,
                                                     "rig": [{"card": "cog_key"}, {"card": "gray_rat"}]})  # fmt: skip
    assert rig(r, "principia") is not None and r.game.runner.credits == 0
    alone = play(RECORDS, [], runner={"hand": ["principia"], "credits": 3})
    assert not any(o.label.startswith("install:principia") for o in alone.pending.options)


def test_gamedragon_pro_makes_its_breaker_stronger_for_the_whole_run() -> None:
    corp = {"deck": RND, "servers": {"hq": {"ice": [{"card": "nbn_subscription_gate", "rezzed": True},
                                                    {"card": "hb_archivist_mk2", "rezzed": True}]}}}  # fmt: skip
    r = play(RECORDS, ["install:gamedragon_pro", "shade_key", "run:hq", "boost:shade_key/1", "break:shade_key/0",
                       "sub:1", "break:shade_key/0", "continue"], corp=corp,
             runner={"hand": ["gamedragon_pro"], "rig": [{"card": "shade_key"}], "credits": 9})  # fmt: skip
    g = r.game
    key = rig(r, "shade_key")
    assert rig(r, "gamedragon_pro").host is key and g.runner.credits == 9 - 2 - 1 - 2
    assert g.strength_of(key) == 4 and "break:shade_key/0" in [o.label.split("#")[0] + "/0" for o in r.pending.options
                                                                 if o.label.startswith("break:")]  # fmt: skip
    assert not any(o.label.startswith("boost:") for o in r.pending.options)  # 2 + 1 + the boost kept: enough
    plain = play(RECORDS, ["run:hq", "boost:shade_key/1", "boost:shade_key/1", "break:shade_key/0", "sub:1",
                           "break:shade_key/0", "continue"], corp=corp,
                 runner={"rig": [{"card": "shade_key"}], "credits": 9})  # fmt: skip
    assert plain.game.strength_of(rig(plain, "shade_key")) == 2  # without it, the boosts ended with the encounter


def test_cacophony_charges_once_a_turn_and_sabotages() -> None:
    corp = {"deck": RND, "servers": {"remote1": {"root": [{"card": "nbn_billboard_network"}]},
                                     "remote2": {"root": [{"card": "nbn_press_office"}]}}}  # fmt: skip
    r = play(RECORDS, ["run:remote1", "continue", "done", "trash:nbn_billboard_network", "run:remote2", "continue",
                       "done", "trash:nbn_press_office"], corp=corp,
             runner={"rig": [{"card": "cacophony"}], "credits": 9, "clicks": 2})  # fmt: skip
    assert rig(r, "cacophony").counters == {"power": 1}
    r2 = play(RECORDS, ["yes", "jinteki_ritual_preparation", "done"],
              corp={"hand": ["jinteki_ritual_preparation", "jinteki_quiet_harvest"], "deck": RND * 2},
              runner={"rig": [{"card": "cacophony", "counters": {"power": 2}}], "clicks": 0})  # fmt: skip
    g = r2.game
    assert rig(r2, "cacophony").counters == {} and ids(g.corp.hand) == ["jinteki_quiet_harvest", "hb_quarterly_review"]
    assert ids(g.corp.discard) == ["jinteki_ritual_preparation", "hb_quarterly_review", "hb_quarterly_review"]
    assert len(g.corp.deck) == 3  # 6 - 2 trashed - the corp's draw of its turn


def test_detente_hosts_a_random_hq_card_at_the_first_hq_run() -> None:
    corp = {"hand": ["hb_quarterly_review", "jinteki_quiet_harvest"], "deck": RND}
    r = play(RECORDS, ["run:hq", "continue", "yes", "run:hq", "continue"], corp=corp,
             runner={"rig": [{"card": "detente"}]})  # fmt: skip
    g = r.game
    detente = rig(r, "detente")
    assert len(detente.hosted) == 1 and len(g.corp.hand) == 1 and g.memory_limit() == 4 + 1 + 1


def test_barry_installs_from_the_grip_when_ice_is_rezzed() -> None:
    corp = {"deck": RND, "servers": {"hq": {"ice": [{"card": "nbn_static_veil"}]}}}
    r = play(RECORDS, ["run:hq", "rez:nbn_static_veil", "dockside_tipster"], corp=corp,
             runner={"identity": "barry_baz_wong_tri_maf_veteran", "hand": ["dockside_tipster", "gray_rat"]})  # fmt: skip
    g = r.game
    assert rig(r, "dockside_tipster") is not None and g.runner.credits == 2 and ids(g.runner.hand) == ["gray_rat"]


# ---------------------------------------------------------------- the third pass

SANG_KANCIL = card("sang_kancil", "program", ["Interface → 1[credit]: Break 1 <strong>code gate</strong> subroutine.",
                                              "3[credit] buys +2 strength, or 1[credit] while a run event is "
                                              "active."],
                   cost=3, memory_cost=1, strength=2, subtypes=["icebreaker", "decoder"], faction="criminal")  # fmt: skip
SHRED = card("shred", "event", ["Run any server. The first time the Corp would end that run, it goes on unless "
                                "the Corp reveals and trashes random HQ cards, one per card in that server's root."],
             cost=1, subtypes=["run"], faction="anarch")  # fmt: skip
THIRD = [SANG_KANCIL, SHRED]
MORE = [*RECORDS, *THIRD]
GATE_HQ = {"hand": ["hb_quarterly_review"], "servers": {"hq": {"ice": [{"card": "weyland_customs_checkpoint",
                                                                         "rezzed": True}]}}}  # fmt: skip


def test_the_third_pass_readings() -> None:
    for fixture in (*THIRD, CHROMATOPHORES):
        assert fixture.reading.status == "executable", fixture.id
    assert SANG_KANCIL.reading.read == [0] and SANG_KANCIL.reading.scripted == [1]


def test_chromatophores_makes_its_host_every_subtype_while_installed() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "neutral_plywood_screen", "rezzed": True}]}}}
    r = play(MORE, ["install:chromatophores", "run:hq"], runner={"hand": ["chromatophores"], "rig": [
        {"card": "shade_key"}]}, corp=corp)  # fmt: skip
    g = r.game
    screen = g.servers["hq"].ice[0]
    assert {"barrier", "code_gate", "sentry"} <= set(screen.subtypes)
    assert "break:shade_key/0" in [o.label.split("#")[0] + "/0" for o in r.pending.options if o.label.startswith(
        "break:")]  # fmt: skip
    g.trash(rig(r, "chromatophores"), "test")
    assert screen.subtypes == ("barrier",)


def test_sang_kancil_boosts_cheaper_during_a_run_event() -> None:
    r = play(MORE, ["run:hq", "use:sang_kancil/1", "use:sang_kancil/1"], corp=GATE_HQ,
             runner={"rig": [{"card": "sang_kancil"}], "credits": 9})  # fmt: skip
    g = r.game
    assert g.runner.credits == 3 and g.strength_of(rig(r, "sang_kancil")) == 6
    r = play(MORE, ["play:lobby_crash", "use:sang_kancil/1", "use:sang_kancil/1"], corp=GATE_HQ,
             runner={"rig": [{"card": "sang_kancil"}], "hand": ["lobby_crash"], "credits": 9})  # fmt: skip
    g = r.game
    assert g.runner.credits == 5 and g.strength_of(rig(r, "sang_kancil")) == 6  # 9 - 2 (the event) - 1 - 1


def test_shred_makes_the_corp_pay_hq_cards_to_end_the_run() -> None:
    corp = {"hand": ["hb_quarterly_review", "jinteki_quiet_harvest"], "servers": {"hq": {
        "ice": [{"card": "neutral_plywood_screen", "rezzed": True}], "root": [{"card": "hb_director_hale", "rezzed": True}]}}}
    r = play(MORE, ["play:shred", "hq", "yes"], runner={"hand": ["shred"]}, corp=corp)
    g = r.game
    assert g.run_history[-1][2] is False and len(g.corp.hand) == 1 and len(g.corp.discard) == 1
    assert events(r, "reveal")
    r = play(MORE, ["play:shred", "hq", "no", "continue", "leave"], runner={"hand": ["shred"]}, corp=corp)
    g = r.game
    assert g.run_history[-1][2] and len(g.corp.hand) == 2 and not g.corp.discard
    assert not g.lasting  # over with its run


def test_bling_hosts_the_top_card_after_a_free_install_and_lets_it_be_played() -> None:
    runner = {"rig": [{"card": "bling"}], "hand": ["rust_yard"], "deck": ["light_fingers", "overnight_takeout"],
              "credits": 1}  # fmt: skip
    r = play(MORE, ["install:rust_yard", "yes", "use:bling/2"], runner=runner)
    g = r.game
    assert g.runner.credits == 4 and ids(g.runner.discard) == ["light_fingers"]  # 1 - 1 + 4
    assert rig(r, "bling").hosted == [] and g.runner.clicks == 2
    r = play(MORE, ["install:rust_yard", "yes"], runner={**runner, "clicks": 1}, corp={"deck": RND})
    g = r.game
    assert g.active == "corp" and ids(g.runner.discard) == ["light_fingers"]  # trashed as the turn ended
    r = play(MORE, ["install:basement_flat"], runner={**runner, "hand": ["basement_flat"]})
    assert rig(r, "bling").hosted == [] and len(r.game.runner.deck) == 2  # credits were spent: nothing hosted


# ---------------------------------------------------------------- the fourth pass

MAINTENANCE = card("maintenance_access", "event", ["Playing this takes one more [click].",
                                                   "Run Archives; rather than approaching Archives once its ice is "
                                                   "behind you, switch the attack to HQ and approach HQ."],
                   cost=0, subtypes=["double", "run"], faction="criminal")  # fmt: skip
FOURTH = [MAINTENANCE]


def test_the_fourth_pass_readings() -> None:
    for fixture in [*FOURTH, OPEN_MARKET]:
        assert fixture.reading.status == "executable", fixture.id


def test_open_market_credits_pay_for_connection_and_job_resources_only() -> None:
    runner = {"rig": [{"card": "open_market", "credits": 6}], "hand": ["dockside_tipster", "basement_flat"],
              "credits": 0}  # fmt: skip
    r = play(RECORDS, [], runner=runner)
    labels = [o.label for o in r.pending.options]
    assert any(lb.startswith("install:dockside_tipster") for lb in labels)  # a connection: the hosted credits pay
    assert not any(lb.startswith("install:basement_flat") for lb in labels)  # a location: they do not
    r = play(RECORDS, ["install:dockside_tipster"], runner=runner)
    g = r.game
    assert rig(r, "open_market").credits == 3 and g.runner.credits == 0 and "dockside_tipster" in ids(g.runner.rig)


def test_maintenance_access_costs_2_clicks_and_turns_an_archives_run_into_hq() -> None:
    corp = {"hand": ["neutral_emergency_audit"], "discard": ["hb_quarterly_review"],
            "servers": {"archives": {"ice": [{"card": "neutral_plywood_screen", "rezzed": True}]},
                        "hq": {"ice": [{"card": "hb_warden_unit", "rezzed": True}]}}}  # fmt: skip
    runner = {"hand": ["maintenance_access"], "clicks": 4, "rig": [{"card": "pry_script"}], "credits": 5}
    r = play([*RECORDS, *FOURTH], ["play:maintenance_access", "break:pry_script/0", "continue"], corp=corp,
             runner=runner)  # fmt: skip
    g = r.game
    assert g.runner.clicks == 2  # the play action and its additional click
    assert g.run_history[-1] == (g.turns, "hq", True)  # Archives' ice passed, then HQ itself: HQ's ice never met
    plywood, warden = g.servers["archives"].ice[0], g.servers["hq"].ice[0]
    assert [e["ice"] for e in events(r, "encounter")] == [str(plywood)] and str(warden) not in str(r.game.log.to_json())
    accessed = [e.get("card") for e in events(r, "access")]
    assert accessed == [str(g.corp.hand[0])]  # HQ breached; Archives never was
    assert ids(g.runner.discard) == ["maintenance_access"] and not g.in_play
