"""The card scripts of Magnum Opus, the Draft set and NAPD Multiplayer, each played through a scenario that
checks what changes."""

from __future__ import annotations

from typing import Any

from .kit import bundled, card, events, identity, ids, play

DRAFT = "Only legal when drafting."  # the format line, left unread

BORDER = card(
    "border_control",
    "ice",
    ["[trash]: End the run. Only while a run on this server is under way.",
     "[subroutine] The corp takes 1[credit] per piece of ice in front of this server.",
     "[subroutine] End the run."],  # fmt: skip
    faction="weyland_consortium", subtypes=["barrier"], rez_cost=4, strength=1,
)  # fmt: skip
CROWDFUNDING = card(
    "crowdfunding",
    "resource",
    ["Installing it puts 3[credit] on it; with none left, trash it and you draw 1 card.",
     "When your turn begins, take 1[credit] from this resource.",
     "(Not scripted: back from the heap after 3 successful runs.)"],  # fmt: skip
    faction="criminal", subtypes=["seedy", "virtual"], cost=0,
)  # fmt: skip
EMBOLUS = card(
    "embolus",
    "upgrade",
    ["As your turn starts, you may spend 1[credit] for 1 power counter on this upgrade.",
     "Each successful run of the Runner takes 1 power counter off this upgrade.",
     "Spend 1 power counter from here: End the run, during a run on this server only."],  # fmt: skip
    faction="jinteki", rez_cost=2, trash_cost=2, unique=True,
)  # fmt: skip
HIRED_HELP = card(
    "hired_help",
    "upgrade",
    ["To run this server the Runner must also trash an agenda they have scored, unless they already ran HQ "
     "successfully this turn.", "Limit 1 per deck."],  # fmt: skip
    subtypes=["orgcrime", "enforcer"], rez_cost=1, trash_cost=3, deck_limit=1,
)  # fmt: skip
LABOR_RIGHTS = card(
    "labor_rights",
    "event",
    ["Your top 3 stack cards go to the heap; 3 heap cards are shuffled into the stack; you draw a card; this event "
     "leaves the game rather than going to the heap."],  # fmt: skip
    faction="anarch", cost=0,
)  # fmt: skip
SLOT = card(
    "slot_machine",
    "ice",
    ["On encounter, the Runner moves their top stack card under the stack; then the corp shows the next 3.",
     "[subroutine] The Runner loses 3[credit].",
     "[subroutine] The corp takes 3[credit] if at least 2 shown cards had a common type.",
     "[subroutine] If all 3 shown cards had a common type, 3 advancement tokens go on an installed card."],  # fmt: skip
    faction="nbn", subtypes=["code_gate"], rez_cost=3, strength=5,
)  # fmt: skip
TIMELY = card(
    "timely_public_release",
    "agenda",
    ["When you score this agenda, place 1 agenda counter on it.",
     "Spend 1 hosted agenda counter: a piece of ice from HQ or Archives is installed free anywhere in front of any "
     "server."],  # fmt: skip
    subtypes=["initiative"], agenda_points=2, advancement_requirement=4,
)  # fmt: skip
WTWB = card(
    "watch_the_world_burn",
    "event",
    ["Once this event resolves, your action phase is over.",
     "Run a remote server; on success the first card you access that is not an agenda leaves the game.",
     "(Not scripted: later copies of it leave the game too.)", "Limit 1 per deck."],  # fmt: skip
    subtypes=["orgcrime", "run", "terminal"], cost=3, deck_limit=1,
)  # fmt: skip

BORIS = identity("boris_syfr_kovac_crafty_veteran", "runner",
                 [DRAFT, "As your turn starts, if criminal cards outnumber those of each other faction in your rig, "
                  "remove 1 tag."], faction="criminal", subtypes=["cyborg"])  # fmt: skip
FRINGE = identity("fringe_applications_tomorrow_today", "corp",
                  [DRAFT, "As the Runner's turn starts, if your rezzed Weyland cards outnumber those of each other "
                   "faction, put 1 advancement token on a piece of ice."], faction="weyland_consortium")  # fmt: skip
INFO = identity("information_dynamics_all_you_need_to_know", "corp",
                [DRAFT, "Each time an agenda is scored or stolen, if your rezzed NBN cards outnumber those of each "
                 "other faction, the runner takes 1 tag."], faction="nbn")  # fmt: skip
JAMIE = identity("jamie_bzzz_micken_techno_savant", "runner",
                 [DRAFT, "Your first install of a turn draws you 1 card, if shaper cards outnumber those of each other "
                  "faction in your rig."], faction="shaper")  # fmt: skip
STRATEGIC = identity("strategic_innovations_future_forward", "corp",
                     [DRAFT, "As the Runner's turn ends, if your rezzed Haas-Bioroid cards outnumber those of each "
                      "other faction, 1 card of Archives is shuffled into R&D."], faction="haas_bioroid")  # fmt: skip
SYNTHETIC = identity("synthetic_systems_the_world_re_imagined", "corp",
                     [DRAFT, "As your turn starts, if your rezzed Jinteki cards outnumber those of each other faction, "
                      "you may exchange the places of 2 installed pieces of ice."], faction="jinteki")  # fmt: skip
WYVERN = identity("wyvern_chemically_enhanced", "runner",
                  [DRAFT, "The heap stays in the order its cards arrived.",
                   "Each Corp card you trash, while anarch cards outnumber those of each other faction in your rig, "
                   "shuffles your heap's top card into your stack."], faction="anarch", subtypes=["g_mod"])  # fmt: skip

CARDS = [BORDER, EMBOLUS, HIRED_HELP, LABOR_RIGHTS, SLOT]
IDENTITIES = [BORIS, FRINGE, INFO, JAMIE, STRATEGIC, SYNTHETIC, WYVERN]
RECORDS = [*bundled(), *CARDS, CROWDFUNDING, TIMELY, WTWB, *IDENTITIES]
QUIET, CALM = "ada_voss_tinker", "hb_mirror_foundry"  # identities with no triggered ability
DECK = ["overnight_takeout", "spark_of_insight", "light_fingers", "night_shift_bonus", "bench_night"]
RND = ["neutral_emergency_audit", "jinteki_quiet_harvest", "nbn_ad_revenue_share"]


def find(cards: list[Any], card_id: str) -> Any:
    return next(c for c in cards if c.id == card_id)


def ice_of(r: Any, server: str) -> list[str]:
    return ids(r.game.servers[server].ice)


def test_the_readings() -> None:
    for record in CARDS:
        assert record.reading.status == "executable", record.id
    assert BORDER.reading.scripted == [0, 1] and BORDER.reading.read == [2]
    assert HIRED_HELP.reading.rules == [1]
    assert CROWDFUNDING.reading.scripted == [0] and CROWDFUNDING.reading.read == [1]
    assert TIMELY.reading.scripted == [1] and TIMELY.reading.read == [0] and TIMELY.reading.status == "executable"
    assert WTWB.reading.scripted == [0, 1] and WTWB.reading.rules == [3] and WTWB.reading.status == "partial"
    for who in IDENTITIES:  # the draft line is a format rule, left unread
        assert who.reading.status == "partial" and 0 not in who.reading.scripted, who.id
    assert WYVERN.reading.scripted == [1, 2]


# ---------------------------------------------------------------- Magnum Opus


def test_border_control_is_trashed_to_end_a_run_on_its_server() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "border_control", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq", "use:border_control/0"], corp=corp)
    g = r.game
    assert ids(g.corp.discard) == ["border_control"] and not g.servers["hq"].ice
    assert g.run_history[-1] == (1, "hq", False)
    r = play(RECORDS, ["run:rnd"], corp=corp)  # no run on its server: not offered
    assert "use:border_control" not in " ".join(o.label for o in r.pending.options)


def test_border_control_pays_for_each_ice_of_its_server_then_ends_the_run() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "neutral_checksum_gate"}, {"card": "border_control", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq", "done"], corp=corp)
    g = r.game
    assert g.corp.credits == 5 + 2 and g.run_history[-1][2] is False
    assert len(events(r, "approach")) == 1  # the run ended at the outer ice


def test_crowdfunding_pays_its_3_credits_then_goes_and_draws() -> None:
    turn = ["credit"] * 3 + ["credit"] * 4  # the corp's clicks, then the runner's (1 credit taken as it begins)
    r = play(RECORDS, ["install:crowdfunding", "credit", "credit", "credit", *turn, *turn, "credit", "credit", "credit"],
             corp={"deck": RND * 2}, runner={"identity": QUIET, "hand": ["crowdfunding"], "deck": DECK})  # fmt: skip
    g = r.game
    assert ids(g.runner.discard) == ["crowdfunding"] and not g.runner.rig
    assert ids(g.runner.hand) == ["overnight_takeout"]  # drawn once it emptied
    r = play(RECORDS, ["install:crowdfunding"], runner={"hand": ["crowdfunding"], "clicks": 2})
    assert find(r.game.runner.rig, "crowdfunding").credits == 3


def test_embolus_buys_counters_loses_them_to_successful_runs_and_ends_runs() -> None:
    root = {"card": "embolus", "rezzed": True}
    r = play(RECORDS, ["yes"], corp={"deck": RND, "servers": {"remote1": {"root": [root]}}}, runner={"clicks": 0})
    g = r.game
    assert find(g.installed("corp"), "embolus").counters == {"power": 1} and g.corp.credits == 4
    charged = {"servers": {"remote1": {"root": [{**root, "counters": {"power": 2}}]}}}
    r = play(RECORDS, ["run:remote1", "continue", "use:embolus/3"], corp=charged)
    assert find(r.game.installed("corp"), "embolus").counters == {"power": 1}
    assert r.game.run_history[-1] == (1, "remote1", False)
    r = play(RECORDS, ["run:hq", "continue"], corp=charged)  # a successful run elsewhere
    assert find(r.game.installed("corp"), "embolus").counters == {"power": 1}
    r = play(RECORDS, ["run:remote1", "continue", "done"], corp=charged)  # a successful run on its own server
    assert find(r.game.installed("corp"), "embolus").counters == {"power": 1}
    assert r.pending is not None and r.pending.kind == "trash"  # the runner is accessing it now


def test_hired_help_takes_a_stolen_agenda_unless_hq_was_run() -> None:
    corp = {"identity": CALM, "servers": {"remote1": {"root": [{"card": "hired_help", "rezzed": True}]}}}
    r = play(RECORDS, [], corp=corp)
    assert "run:remote1" not in [o.label for o in r.pending.options]  # no agenda to pay with
    r = play(RECORDS, ["run:remote1", "continue"], corp=corp, runner={"score_area": ["neutral_board_resolution"]})
    g = r.game
    assert not g.runner.score_area and ids(g.corp.discard) == ["neutral_board_resolution"]
    assert g.corp.discard[0].faceup
    r = play(RECORDS, ["run:hq", "continue", "run:remote1", "continue"], corp=corp,
             runner={"score_area": ["neutral_board_resolution"]})  # fmt: skip
    assert ids(r.game.runner.score_area) == ["neutral_board_resolution"]  # HQ was run: no cost
    assert r.pending is not None and r.pending.kind == "trash"  # accessing the upgrade in remote1


def test_labor_rights_cycles_the_stack_and_leaves_the_game() -> None:
    r = play(RECORDS, ["play:labor_rights", "gray_rat", "rot_worm", "overnight_takeout"],
             runner={"hand": ["labor_rights"], "deck": DECK, "discard": ["gray_rat", "rot_worm"]})  # fmt: skip
    g = r.game
    assert ids(g.removed) == ["labor_rights"]
    assert sorted(ids(g.runner.discard)) == ["light_fingers", "spark_of_insight"]
    assert len(g.runner.hand) == 1 and len(g.runner.deck) == 4
    assert sorted(ids(g.runner.hand + g.runner.deck)) == sorted(
        ["gray_rat", "rot_worm", "overnight_takeout", "night_shift_bonus", "bench_night"]
    )


def test_slot_machine_pays_out_on_matching_types() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "slot_machine", "rezzed": True}]},
                        "remote1": {"root": [{"card": "nbn_billboard_network", "rezzed": True}]}}}  # fmt: skip
    deck = ["light_fingers", "gray_rat", "sleeve_blade", "rot_worm", "spark_of_insight"]
    r = play(RECORDS, ["run:hq", "nbn_billboard_network", "continue"], corp=corp, runner={"deck": deck})
    g = r.game
    assert ids(g.runner.deck)[0] == "light_fingers"  # the top card went to the bottom
    assert g.runner.credits == 5 - 3 and g.corp.credits == 5 + 3
    assert find(g.installed("corp"), "nbn_billboard_network").advancement == 3
    assert len(events(r, "reveal")[0]["cards"]) == 3
    deck = ["light_fingers", "gray_rat", "sleeve_blade", "spark_of_insight"]
    r = play(RECORDS, ["run:hq", "continue"], corp=corp, runner={"deck": deck})
    g = r.game
    assert g.corp.credits == 5 + 3 and find(g.installed("corp"), "nbn_billboard_network").advancement == 0
    deck = ["light_fingers", "gray_rat", "spark_of_insight", "signal_relay"]
    r = play(RECORDS, ["run:hq", "continue"], corp=corp, runner={"deck": deck})
    assert r.game.corp.credits == 5 and r.game.runner.credits == 2  # no type shared: only the first subroutine


def test_timely_public_release_installs_ice_anywhere_even_inside_a_run() -> None:
    corp = {"clicks": 0, "hand": ["nbn_static_veil"], "deck": RND,
            "servers": {"remote1": {"root": [{"card": "timely_public_release", "counters": {"advancement": 4}}]},
                        "hq": {"ice": [{"card": "nbn_banner_storm", "rezzed": True}]}}}  # fmt: skip
    r = play(RECORDS, ["score:timely_public_release", "use:timely_public_release/1", "hq", "1"], active="corp",
             corp=corp)  # fmt: skip
    g = r.game
    assert ice_of(r, "hq") == ["nbn_static_veil", "nbn_banner_storm"] and not g.corp.hand
    assert find(g.corp.score_area, "timely_public_release").counters == {} and g.corp.credits == 5
    during = ["score:timely_public_release", "end", "run:hq", "use:timely_public_release/1", "hq", "1"]
    r = play(RECORDS, [*during, "continue"], active="corp", corp=corp)
    assert ice_of(r, "hq") == ["nbn_static_veil", "nbn_banner_storm"]
    assert r.pending is not None and r.pending.labels()[0].startswith("rez:nbn_static_veil")  # approached next
    assert len(events(r, "approach")) == 2
    from_archives = {**corp, "hand": [], "discard": ["nbn_static_veil"]}
    r = play(RECORDS, ["score:timely_public_release", "use:timely_public_release/1", "archives"], active="corp",
             corp=from_archives)  # fmt: skip
    assert ice_of(r, "archives") == ["nbn_static_veil"] and not r.game.corp.discard


def test_watch_the_world_burn_removes_the_first_card_accessed_and_ends_the_action_phase() -> None:
    corp = {"deck": RND, "servers": {"remote1": {"root": [{"card": "nbn_broadcast_booth"},
                                                          {"card": "nbn_billboard_network"}]}}}  # fmt: skip
    r = play(RECORDS, ["play:watch_the_world_burn", "continue", "done", "leave", "done"], corp=corp,
             runner={"hand": ["watch_the_world_burn"]})  # fmt: skip
    g = r.game
    assert ids(g.removed) == ["nbn_broadcast_booth"]
    assert ids(g.installed("corp")) == ["nbn_billboard_network"]
    assert ids(g.runner.discard) == ["watch_the_world_burn"] and not g.in_play
    assert g.active == "corp" and g.runner.clicks == 0  # three clicks were left: the action phase ended
    r = play(RECORDS, [], runner={"hand": ["watch_the_world_burn"]})  # no remote server to run
    assert not any(o.label.startswith("play:watch_the_world_burn") for o in r.pending.options)


# ---------------------------------------------------------------- Draft identities


def test_boris_removes_a_tag_while_criminal_cards_lead() -> None:
    criminal = [{"card": "shell_ledger"}, {"card": "veneer_layer"}, {"card": "rot_worm"}]
    runner = {"identity": "boris_syfr_kovac_crafty_veteran", "tags": 2, "rig": criminal}
    r = play(RECORDS, [], active="corp", corp={"clicks": 0}, runner=runner)
    assert r.game.runner.tags == 1 and r.game.active == "runner"
    tied = [{"card": "shell_ledger"}, {"card": "rot_worm"}, {"card": "signal_relay"}]
    r = play(RECORDS, [], active="corp", corp={"clicks": 0}, runner={**runner, "rig": tied})
    assert r.game.runner.tags == 2


def test_fringe_applications_advances_ice_as_the_runners_turn_begins() -> None:
    servers: dict[str, Any] = {"hq": {"ice": [{"card": "border_control", "rezzed": True}]}}
    corp = {"identity": "fringe_applications_tomorrow_today", "clicks": 0, "servers": servers}
    r = play(RECORDS, [], active="corp", corp=corp)
    assert find(r.game.servers["hq"].ice, "border_control").advancement == 1
    servers["rnd"] = {"ice": [{"card": "jinteki_bramble_screen", "rezzed": True}]}
    r = play(RECORDS, [], active="corp", corp=corp)  # a tie: nothing
    assert find(r.game.servers["hq"].ice, "border_control").advancement == 0


def test_information_dynamics_tags_the_runner_on_each_score() -> None:
    servers: dict[str, Any] = {
        "hq": {"ice": [{"card": "nbn_static_veil", "rezzed": True}]},
        "remote1": {"root": [{"card": "neutral_board_resolution", "counters": {"advancement": 4}}]},
    }
    corp = {"identity": "information_dynamics_all_you_need_to_know", "servers": servers}
    r = play(RECORDS, ["score:neutral_board_resolution"], active="corp", corp=corp)
    assert r.game.runner.tags == 1
    servers["hq"] = {"ice": [{"card": "nbn_static_veil"}]}  # unrezzed: no lead
    r = play(RECORDS, ["score:neutral_board_resolution"], active="corp", corp=corp)
    assert r.game.runner.tags == 0


def test_jamie_draws_on_the_first_install_of_a_turn() -> None:
    runner = {"identity": "jamie_bzzz_micken_techno_savant", "rig": [{"card": "garage_lab"}],
              "hand": ["lattice_memory", "spare_laptop"], "deck": DECK}  # fmt: skip
    r = play(RECORDS, ["install:lattice_memory", "install:spare_laptop"], runner=runner)
    g = r.game
    assert ids(g.runner.hand) == ["overnight_takeout"] and len(g.runner.rig) == 3
    tied = {**runner, "rig": [{"card": "garage_lab"}, {"card": "shell_ledger"}]}
    r = play(RECORDS, ["install:spare_laptop", "install:lattice_memory"], runner=tied)
    assert not r.game.runner.hand  # no lead at the first install (neutral cards count for no faction); not again


def test_strategic_innovations_shuffles_archives_into_rnd_as_the_runners_turn_ends() -> None:
    corp = {"identity": "strategic_innovations_future_forward", "deck": RND, "discard": ["hb_quarterly_review"],
            "servers": {"hq": {"ice": [{"card": "hb_lattice_gate", "rezzed": True}]}}}  # fmt: skip
    r = play(RECORDS, [], corp=corp, runner={"clicks": 0})
    g = r.game
    assert not g.corp.discard and len(g.corp.deck) + len(g.corp.hand) == 4


def test_synthetic_systems_may_swap_two_pieces_of_ice() -> None:
    corp = {"identity": "synthetic_systems_the_world_re_imagined", "deck": RND,
            "servers": {"hq": {"ice": [{"card": "jinteki_bramble_screen", "rezzed": True}]},
                        "rnd": {"ice": [{"card": "neutral_plywood_screen"}]}}}  # fmt: skip
    r = play(RECORDS, ["yes", "jinteki_bramble_screen"], corp=corp, runner={"clicks": 0})
    assert ice_of(r, "hq") == ["neutral_plywood_screen"] and ice_of(r, "rnd") == ["jinteki_bramble_screen"]
    r = play(RECORDS, ["no"], corp=corp, runner={"clicks": 0})
    assert ice_of(r, "hq") == ["jinteki_bramble_screen"]


def test_wyvern_recycles_the_heap_top_when_trashing_corp_cards() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "nbn_billboard_network"}]}}}
    runner = {"identity": "wyvern_chemically_enhanced", "rig": [{"card": "rot_worm"}], "deck": ["gray_rat"],
              "discard": ["light_fingers", "bench_night"]}  # fmt: skip
    r = play(RECORDS, ["run:remote1", "continue", "done", "trash:nbn_billboard_network"], corp=corp, runner=runner)
    g = r.game
    assert ids(g.runner.discard) == ["light_fingers"] and sorted(ids(g.runner.deck)) == ["bench_night", "gray_rat"]
    r = play(RECORDS, ["run:remote1", "continue", "done", "trash:nbn_billboard_network"], corp=corp,
             runner={**runner, "rig": [{"card": "rot_worm"}, {"card": "shell_ledger"}]})  # fmt: skip
    assert ids(r.game.runner.discard) == ["light_fingers", "bench_night"]
