"""The Flashpoint cycle card scripts, each played through a scenario that checks what changes. The fixtures'
paragraphs are our own wording (template-read ones in the formulas the templates read)."""

from __future__ import annotations

from typing import Any

from .kit import bundled, card, card_in, events, identity, labels, play

QUIET = "hb_mirror_foundry"  # a corp identity without triggers
ADA = "ada_voss_tinker"  # a runner identity without triggers
RND = ["hb_quarterly_review"] * 6  # the corp's turns draw from it
GRIP = ["light_fingers", "overnight_takeout", "spark_of_insight", "bench_night", "bin_diving"]


def corp(**fields: Any) -> dict[str, Any]:
    return {"identity": QUIET, "deck": RND, **fields}


def runner(**fields: Any) -> dict[str, Any]:
    return {"identity": ADA, **fields}


# ---------------------------------------------------------------- fixtures: corp operations

BOOM = card("boom", "operation",
            ["Only while the Runner carries 2 tags or more.", "Playing it takes one more [click].",
             "Do 7 meat damage."],
            cost=4, subtypes=["double", "black_ops"], faction="weyland_consortium")  # fmt: skip
VIOLET = card("violet_level_clearance", "operation",
              ["Your action phase is over once this resolves.", "Gain 8[credit] and draw 4 cards."],
              cost=5, subtypes=["terminal", "transaction"], faction="haas_bioroid")  # fmt: skip
HHN = card("hard_hitting_news", "operation",
           ["Your action phase is over once this resolves.",
            "Only if the Runner ran at least once in their previous turn.",
            "Trace[4]. If successful, give the Runner 4 tags."],
           cost=3, subtypes=["terminal"], faction="nbn")  # fmt: skip
BUYBACK = card("stock_buy_back", "operation",
               ["Your action phase is over once this resolves.",
                "Take 3[credit] per agenda the Runner has scored points from."],
               cost=1, subtypes=["terminal", "transaction"], faction="weyland_consortium")  # fmt: skip
PREEMPTIVE = card("preemptive_action", "operation",
                  ["Your action phase is over once this resolves.",
                   "Three Archives cards go back into R&D, which is shuffled; this card then leaves the game."],
                  cost=0, subtypes=["terminal"])  # fmt: skip
FRIENDS = card("friends_in_high_places", "operation",
               ["Your action phase is over once this resolves.",
                "Two cards or fewer come out of Archives and get installed at their usual cost."],
               cost=2, subtypes=["terminal"], faction="haas_bioroid")  # fmt: skip
PSYCHO = card("psychokinesis", "operation",
              ["Your action phase is over once this resolves.",
               "Peek at 5 cards off the top of R&D; an agenda, asset or upgrade among them may go into a remote."],
              cost=1, subtypes=["terminal"], faction="jinteki")  # fmt: skip
SPECIAL = card("special_report", "operation",
               ["Any number of HQ cards go into R&D before a shuffle; draw as many afterwards."],
               cost=1, faction="nbn")  # fmt: skip
HASTY = card("hasty_relocation", "operation",
             ["Playing it also sends the top card of R&D to Archives.",
              "Draw 3 cards, then stack 3 HQ cards on R&D in an order you pick."],
             cost=0, faction="jinteki")  # fmt: skip
LOYALTY = card("enforcing_loyalty", "operation",
               ["Playing it takes one more [click].",
                "Trace[3]; on success one installed Runner card outside their identity's faction goes to the heap."],
               cost=2, subtypes=["double", "gray_ops"], faction="jinteki")  # fmt: skip
HATCHET = card("hatchet_job", "operation",
               ["Playing it takes one more [click].",
                "Trace[5]; on success a non-virtual Runner card in the rig returns to the grip."],
               cost=2, subtypes=["double", "gray_ops"], faction="nbn")  # fmt: skip
LIQUIDATION = card("liquidation", "operation",
                   ["Playing it takes one more [click].",
                    "Send as many of your rezzed cards to Archives as you like; 3[credit] for each."],
                   cost=1, subtypes=["double", "gray_ops", "transaction"], faction="weyland_consortium")  # fmt: skip
HELLION = card("hellion_beta_test", "operation",
               ["Only after a Runner turn in which they trashed a card they were accessing.",
                "Trace[2]; on success two installed non-programs are trashed, on failure you take 1 bad publicity."],
               cost=1, subtypes=["black_ops"], faction="haas_bioroid")  # fmt: skip
OBSERVE = card("observe_and_destroy", "operation",
               ["Only while the Runner holds under 6[credit].", "Playing it also strips the Runner of 1 tag.",
                "Send 1 installed card to the discard."],
               cost=0, subtypes=["gray_ops"], faction="nbn")  # fmt: skip
BEST = card("best_defense", "operation",
            ["Send to the discard 1 installed card costing no more to install than the Runner's tag count."],
            cost=2, subtypes=["gray_ops"])  # fmt: skip
COLLAPSE = card("financial_collapse", "operation",
                ["Only while the Runner holds 6[credit] or more.",
                 "Per installed resource the Runner loses 2[credit], unless they send a resource to the heap."],
                cost=0)  # fmt: skip
ARK = card("ark_lockdown", "operation", ["Pick a card name; its copies in the heap leave the game."],
           cost=1, faction="haas_bioroid")  # fmt: skip
DOOR = card("door_to_door", "operation",
            ["It stays in play until a new current or a stolen agenda.",
             "At the start of the Runner's turn, Trace[1]: on success 1 meat damage to a tagged Runner, otherwise "
             "1 tag."],
            cost=3, subtypes=["current", "black_ops"], faction="weyland_consortium")  # fmt: skip
CURFEW = card("enforced_curfew", "operation",
              ["It stays in play until a new current or a stolen agenda.",
               "The Runner's maximum hand size is reduced by 1."],
              cost=0, subtypes=["current"])  # fmt: skip
SCARCITY = card("scarcity_of_resources", "operation",
                ["It stays in play until a new current or a stolen agenda.", "Resources cost 2 more to install."],
                cost=1, subtypes=["current"])  # fmt: skip

# ---------------------------------------------------------------- fixtures: corp agendas, assets, upgrades

CRISIS = card("crisis_management", "agenda", ["With the Runner tagged: 1 meat damage as your turn starts."],
              agenda_points=1, advancement_requirement=3, subtypes=["security"],
              faction="weyland_consortium")  # fmt: skip
SENSOR = card("sensor_net_activation", "agenda",
              ["Place 1 agenda counter on this agenda when you score it.",
               "Spend an agenda counter here: a bioroid rezzes for free and derezzes when the turn is over."],
              agenda_points=1, advancement_requirement=3, subtypes=["security"], faction="haas_bioroid")  # fmt: skip
ANSON = card("anson_rose", "asset",
             ["When your turn begins, place 1 advancement token on this asset.",
              "Rezzing ice lets you shift any number of this asset's advancement tokens onto it."],
             rez_cost=1, trash_cost=4, unique=True, subtypes=["executive"], faction="weyland_consortium")  # fmt: skip
DRONE = card("drone_screen", "upgrade",
             ["Against a tagged Runner, each run here opens with Trace[3]: on success 1 meat damage, not "
              "preventable."],
             rez_cost=1, trash_cost=4, faction="nbn")  # fmt: skip
GEORGIA = card("georgia_emelyov", "upgrade",
               ["A failed run on this server costs the Runner 1 net damage.",
                "2[credit]: this upgrade relocates to a different server."],
               rez_cost=1, trash_cost=3, unique=True, subtypes=["sysop"], faction="jinteki")  # fmt: skip
MANTA = card("manta_grid", "upgrade",
             ["A successful run here ending with the Runner under 6[credit] or out of clicks gives you an extra "
              "click next turn.",
              "Just one region in each server."],
             rez_cost=1, trash_cost=5, unique=True, subtypes=["region"], faction="haas_bioroid")  # fmt: skip
NIHONGAI = card("nihongai_grid", "upgrade",
                ["A successful run here by a Runner short of 2 grip cards and 6[credit] lets you trade a card "
                 "among the top 5 of R&D for one in HQ.",
                 "Just one region in each server."],
                rez_cost=1, trash_cost=5, unique=True, subtypes=["region"], faction="jinteki")  # fmt: skip
PRISEC = card("prisec", "upgrade",
              ["Accessed while installed, it lets you pay 2[credit] for a tag and 1 meat damage to the Runner."],
              rez_cost=0, trash_cost=3, subtypes=["ambush"])  # fmt: skip
SANDBURG = card("sandburg", "asset", ["From 10[credit] up, ice gets +1 strength per 5[credit] in your pool."],
                rez_cost=0, trash_cost=4, unique=True)  # fmt: skip
WATCHDOG = card("watchdog", "asset",
                ["The first ice rezzed in a turn costs 1[credit] less per Runner tag."],
                rez_cost=0, trash_cost=4, faction="nbn")  # fmt: skip
RECORDS = [*bundled(), BOOM, VIOLET, HHN, BUYBACK, PREEMPTIVE, FRIENDS, PSYCHO, SPECIAL, HASTY, LOYALTY, HATCHET,
           LIQUIDATION, HELLION, OBSERVE, BEST, COLLAPSE, ARK, DOOR, CURFEW, SCARCITY, CRISIS, SENSOR, ANSON, DRONE,
           GEORGIA, MANTA, NIHONGAI, PRISEC, SANDBURG, WATCHDOG]  # fmt: skip


def test_boom_needs_two_tags_and_two_clicks() -> None:
    assert BOOM.reading.status == "executable"
    hand = ["light_fingers"] * 8
    r = play(RECORDS, [], active="corp", corp=corp(hand=["boom"], credits=5, clicks=3), runner=runner(hand=hand, tags=1))
    assert "play:boom" not in labels(r)
    r = play(RECORDS, ["play:boom"], active="corp", corp=corp(hand=["boom"], credits=5, clicks=3),
             runner=runner(hand=hand, tags=2))  # fmt: skip
    g = r.game
    assert g.corp.clicks == 1 and g.corp.credits == 1 and len(g.runner.hand) == 1


def test_violet_level_clearance_ends_the_action_phase() -> None:
    assert VIOLET.reading.status == "executable"
    r = play(RECORDS, ["play:violet_level_clearance"], active="corp",
             corp=corp(hand=["violet_level_clearance"], credits=5, clicks=3))  # fmt: skip
    g = r.game
    assert g.corp.credits == 8 and len(g.corp.hand) == 4
    assert g.active == "runner" and r.pending.seat == 2


def test_hard_hitting_news_needs_a_run_last_turn() -> None:
    assert HHN.reading.status == "executable"
    setup: dict[str, Any] = {"corp": corp(hand=["hard_hitting_news"], credits=8), "runner": runner(clicks=1, credits=0)}
    r = play(RECORDS, ["credit"], **setup)
    assert r.game.active == "corp" and "play:hard_hitting_news" not in labels(r)
    r = play(RECORDS, ["run:archives", "continue", "play:hard_hitting_news", "pay:0"], **setup)
    g = r.game
    assert g.runner.tags == 4 and g.corp.clicks == 0 and g.active == "runner"


def test_stock_buy_back_pays_per_stolen_agenda() -> None:
    r = play(RECORDS, ["play:stock_buy_back"], active="corp", corp=corp(hand=["stock_buy_back"], credits=1),
             runner=runner(score_area=["neutral_pilot_scheme", "neutral_charter_renewal"]))  # fmt: skip
    assert r.game.corp.credits == 6 and r.game.active == "runner"


def test_preemptive_action_shuffles_archives_back_and_leaves_the_game() -> None:
    archives = ["neutral_emergency_audit", "jinteki_quiet_harvest", "nbn_ad_revenue_share", "hb_quarterly_review"]
    r = play(RECORDS, ["play:preemptive_action", "neutral_emergency_audit", "jinteki_quiet_harvest",
                       "nbn_ad_revenue_share"], active="corp",
             corp=corp(hand=["preemptive_action"], discard=archives))  # fmt: skip
    g = r.game
    assert [c.id for c in g.corp.discard] == ["hb_quarterly_review"]
    assert any(c.id == "preemptive_action" for c in g.removed) and g.active == "runner"
    assert len(g.corp.deck) == 6 + 3


def test_friends_in_high_places_installs_from_archives() -> None:
    r = play(RECORDS, ["play:friends_in_high_places", "nbn_billboard_network", "nbn_broadcast_booth", "hq"], active="corp",
             corp=corp(hand=["friends_in_high_places"], discard=["nbn_billboard_network", "nbn_broadcast_booth"]))  # fmt: skip
    g = r.game
    assert [c.id for c in g.corp.discard] == ["friends_in_high_places"] and g.active == "runner"
    assert card_in(r, g.servers["hq"].root, "nbn_broadcast_booth") is not None
    assert card_in(r, g.servers["remote1"].root, "nbn_billboard_network") is not None


def test_psychokinesis_installs_from_the_top_of_rnd_in_a_remote() -> None:
    deck = ["neutral_emergency_audit", "nbn_billboard_network", "hb_quarterly_review", *RND]
    r = play(RECORDS, ["play:psychokinesis", "nbn_billboard_network"], active="corp",
             corp=corp(hand=["psychokinesis"], deck=deck))  # fmt: skip
    g = r.game
    assert card_in(r, g.servers["remote1"].root, "nbn_billboard_network") is not None
    assert not any(c.id == "nbn_billboard_network" for c in g.corp.deck)


def test_special_report_trades_hq_cards_for_fresh_draws() -> None:
    hand = ["special_report", "nbn_static_veil", "nbn_static_veil", "neutral_emergency_audit"]
    r = play(RECORDS, ["play:special_report", "nbn_static_veil", "nbn_static_veil", "done"], active="corp",
             corp=corp(hand=hand, clicks=1))  # fmt: skip
    g = r.game
    assert sum(1 for c in g.corp.hand if c.id == "neutral_emergency_audit") == 1
    assert len(g.corp.deck) == 6 and len(g.corp.hand) == 3


def test_hasty_relocation_trashes_the_top_draws_and_stacks_three() -> None:
    deck = ["nbn_static_veil", "neutral_emergency_audit", "jinteki_quiet_harvest", "nbn_ad_revenue_share",
            "hb_quarterly_review"]  # fmt: skip
    r = play(RECORDS, ["play:hasty_relocation", "neutral_emergency_audit", "jinteki_quiet_harvest"], active="corp",
             corp=corp(hand=["hasty_relocation"], deck=deck, clicks=1))  # fmt: skip
    g = r.game
    assert [c.id for c in g.corp.discard] == ["nbn_static_veil", "hasty_relocation"]
    top = [c.id for c in reversed(g.corp.deck)]
    assert top[:4] == ["neutral_emergency_audit", "jinteki_quiet_harvest", "nbn_ad_revenue_share",
                       "hb_quarterly_review"]  # fmt: skip


def test_enforcing_loyalty_trashes_an_off_faction_card() -> None:
    rig = [{"card": "debug_lamp"}, {"card": "dockside_tipster"}]
    r = play(RECORDS, ["play:enforcing_loyalty", "pay:0", "pay:0"], active="corp",
             corp=corp(hand=["enforcing_loyalty"], credits=5, clicks=2), runner=runner(rig=rig))  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.rig] == ["debug_lamp"] and g.corp.clicks == 0 and g.corp.credits == 3


def test_hatchet_job_bounces_a_runner_card() -> None:
    r = play(RECORDS, ["play:hatchet_job", "pay:0", "pay:0"], active="corp",
             corp=corp(hand=["hatchet_job"], clicks=2), runner=runner(rig=[{"card": "debug_lamp"}]))  # fmt: skip
    g = r.game
    assert not g.runner.rig and [c.id for c in g.runner.hand] == ["debug_lamp"]


def test_liquidation_sells_rezzed_cards() -> None:
    servers = {"remote1": {"root": [{"card": "nbn_billboard_network", "rezzed": True}]},
               "hq": {"ice": [{"card": "nbn_static_veil", "rezzed": True}]}}  # fmt: skip
    r = play(RECORDS, ["play:liquidation", "nbn_billboard_network", "nbn_static_veil"], active="corp",
             corp=corp(hand=["liquidation"], credits=1, clicks=2, servers=servers))  # fmt: skip
    g = r.game
    assert g.corp.credits == 6 and not g.installed("corp")


def test_hellion_beta_test_after_the_runner_trashed_an_accessed_card() -> None:
    servers = {"remote1": {"root": [{"card": "nbn_billboard_network"}]}}
    rig = [{"card": "debug_lamp"}, {"card": "garage_lab"}, {"card": "cog_key"}]
    setup: dict[str, Any] = {"corp": corp(hand=["hellion_beta_test"], servers=servers), "runner": runner(clicks=1, credits=5, rig=rig)}
    r = play(RECORDS, ["run:remote1", "continue", "done", "trash:nbn_billboard_network", "play:hellion_beta_test",
                       "pay:0", "pay:0", "debug_lamp"], **setup)  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.rig] == ["cog_key"]
    r = play(RECORDS, ["run:remote1", "continue", "done", "leave"], **setup)
    assert "play:hellion_beta_test" not in labels(r)
    r = play(RECORDS, ["run:remote1", "continue", "done", "trash:nbn_billboard_network", "play:hellion_beta_test",
                       "pay:0", "pay:2"], **setup)  # fmt: skip
    assert r.game.corp.bad_publicity == 1


def test_observe_and_destroy_needs_a_poor_tagged_runner() -> None:
    rig = [{"card": "garage_lab"}]
    r = play(RECORDS, [], active="corp", corp=corp(hand=["observe_and_destroy"]), runner=runner(tags=0, rig=rig))
    assert "play:observe_and_destroy" not in labels(r)
    r = play(RECORDS, [], active="corp", corp=corp(hand=["observe_and_destroy"]),
             runner=runner(tags=1, credits=6, rig=rig))  # fmt: skip
    assert "play:observe_and_destroy" not in labels(r)
    r = play(RECORDS, ["play:observe_and_destroy"], active="corp",
             corp=corp(hand=["observe_and_destroy"]), runner=runner(tags=1, credits=5, rig=rig))  # fmt: skip
    g = r.game
    assert g.runner.tags == 0 and not g.runner.rig


def test_best_defense_reaches_cards_as_cheap_as_the_tags() -> None:
    rig = [{"card": "garage_lab"}, {"card": "debug_lamp"}]
    r = play(RECORDS, ["play:best_defense"], active="corp", corp=corp(hand=["best_defense"]),
             runner=runner(tags=2, rig=rig))  # fmt: skip
    assert len(r.game.runner.rig) == 2
    r = play(RECORDS, ["play:best_defense"], active="corp", corp=corp(hand=["best_defense"]),
             runner=runner(tags=3, rig=rig))  # fmt: skip
    assert [c.id for c in r.game.runner.rig] == ["garage_lab"]


def test_financial_collapse_costs_credits_per_resource_or_a_resource() -> None:
    rig = [{"card": "garage_lab"}, {"card": "dockside_tipster"}]
    setup: dict[str, Any] = {"active": "corp", "corp": corp(hand=["financial_collapse"]), "runner": runner(credits=9, rig=rig)}
    r = play(RECORDS, ["play:financial_collapse", "done"], **setup)
    assert r.game.runner.credits == 5 and len(r.game.runner.rig) == 2
    r = play(RECORDS, ["play:financial_collapse", "dockside_tipster"], **setup)
    assert r.game.runner.credits == 9 and [c.id for c in r.game.runner.rig] == ["garage_lab"]
    r = play(RECORDS, [], active="corp", corp=corp(hand=["financial_collapse"]), runner=runner(credits=5, rig=rig))
    assert "play:financial_collapse" not in labels(r)


def test_ark_lockdown_removes_every_copy_in_the_heap() -> None:
    r = play(RECORDS, ["play:ark_lockdown", "light_fingers"], active="corp", corp=corp(hand=["ark_lockdown"]),
             runner=runner(discard=["light_fingers", "debug_lamp", "light_fingers"]))  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.discard] == ["debug_lamp"]
    assert sum(1 for c in g.removed if c.id == "light_fingers") == 2


def test_door_to_door_traces_when_the_runner_turn_begins() -> None:
    r = play(RECORDS, ["play:door_to_door", "pay:0", "pay:0"], active="corp",
             corp=corp(hand=["door_to_door"], clicks=1))  # fmt: skip
    g = r.game
    assert g.runner.tags == 1 and any(c.id == "door_to_door" for c in g.in_play)
    r = play(RECORDS, ["play:door_to_door", "pay:0", "pay:0"], active="corp",
             corp=corp(hand=["door_to_door"], clicks=1), runner=runner(tags=1, hand=GRIP))  # fmt: skip
    assert r.game.runner.tags == 1 and len(r.game.runner.hand) == 4


def test_enforced_curfew_lowers_the_hand_size_while_in_play_only() -> None:
    assert CURFEW.reading.status == "executable"
    servers = {"remote1": {"root": [{"card": "neutral_pilot_scheme"}]}}
    r = play(RECORDS, ["play:enforced_curfew"], active="corp",
             corp=corp(hand=["enforced_curfew"], clicks=1, servers=servers))  # fmt: skip
    assert r.game.hand_size("runner") == 4
    r = play(RECORDS, ["play:enforced_curfew", "run:remote1", "continue"], active="corp",
             corp=corp(hand=["enforced_curfew"], clicks=1, servers=servers))  # fmt: skip
    g = r.game
    assert g.hand_size("runner") == 5 and not g.in_play and len(g.runner.score_area) == 1


def test_scarcity_of_resources_raises_resource_install_costs() -> None:
    r = play(RECORDS, ["play:scarcity_of_resources", "install:garage_lab"], active="corp",
             corp=corp(hand=["scarcity_of_resources"], clicks=1),
             runner=runner(hand=["garage_lab", "debug_lamp"], credits=9))  # fmt: skip
    assert r.game.runner.credits == 3


def test_crisis_management_hurts_a_tagged_runner_each_corp_turn() -> None:
    r = play(RECORDS, [], corp=corp(score_area=["crisis_management"]), runner=runner(clicks=0, tags=1, hand=GRIP))
    assert len(r.game.runner.hand) == 4 and r.game.active == "corp"
    r = play(RECORDS, [], corp=corp(score_area=["crisis_management"]), runner=runner(clicks=0, tags=0, hand=GRIP))
    assert len(r.game.runner.hand) == 5


def test_sensor_net_activation_rezzes_a_bioroid_until_the_turn_ends() -> None:
    assert SENSOR.reading.status == "executable"
    servers = {"hq": {"ice": [{"card": "hb_warden_unit"}]},
               "remote1": {"root": [{"card": "sensor_net_activation", "counters": {"advancement": 3}}]}}  # fmt: skip
    r = play(RECORDS, ["score:sensor_net_activation", "use:sensor_net_activation/1"], active="corp",
             corp=corp(clicks=1, servers=servers, credits=0))  # fmt: skip
    g = r.game
    ice = g.servers["hq"].ice[0]
    assert ice.rezzed and not g.corp.score_area[0].counters
    r = play(RECORDS, ["score:sensor_net_activation", "use:sensor_net_activation/1", "credit"], active="corp",
             corp=corp(clicks=1, servers=servers, credits=0))  # fmt: skip
    g = r.game
    assert not g.servers["hq"].ice[0].rezzed and events(r, "derez") and g.active == "runner"


def test_anson_rose_moves_its_tokens_onto_rezzed_ice() -> None:
    assert ANSON.reading.status == "executable"
    servers = {"hq": {"ice": [{"card": "nbn_static_veil"}]},
               "remote1": {"root": [{"card": "anson_rose", "rezzed": True, "counters": {"advancement": 3}}]}}  # fmt: skip
    r = play(RECORDS, ["run:hq", "rez:nbn_static_veil", "2"], corp=corp(servers=servers), runner=runner())
    g = r.game
    assert g.servers["hq"].ice[0].advancement == 2 and g.servers["remote1"].root[0].advancement == 1


def test_drone_screen_traces_a_tagged_runner_running_its_server() -> None:
    servers = {"hq": {"root": [{"card": "drone_screen", "rezzed": True}]}}
    r = play(RECORDS, ["run:hq", "pay:0", "pay:0"], corp=corp(servers=servers), runner=runner(tags=1, hand=GRIP))
    assert len(r.game.runner.hand) == 4 and events(r, "damage")
    r = play(RECORDS, ["run:hq"], corp=corp(servers=servers), runner=runner(tags=0, hand=GRIP))
    assert not events(r, "trace")


def test_georgia_emelyov_punishes_failed_runs_and_moves() -> None:
    servers = {"hq": {"root": [{"card": "georgia_emelyov", "rezzed": True}]}}
    r = play(RECORDS, ["run:hq", "jack_out"], corp=corp(servers=servers), runner=runner(hand=GRIP))
    assert len(r.game.runner.hand) == 4
    r = play(RECORDS, ["use:georgia_emelyov/1", "rnd"], active="corp", corp=corp(servers=servers))
    g = r.game
    assert card_in(r, g.servers["rnd"].root, "georgia_emelyov") is not None and g.corp.credits == 3


def test_manta_grid_gives_a_click_after_a_cheap_successful_run() -> None:
    servers = {"hq": {"root": [{"card": "manta_grid", "rezzed": True}]}}
    r = play(RECORDS, ["run:hq", "continue", "hq"], corp=corp(servers=servers, hand=["nbn_static_veil"]),
             runner=runner(credits=3))  # fmt: skip
    assert r.game.next_turn_clicks.get("corp") == 1
    r = play(RECORDS, ["run:hq", "continue", "hq"], corp=corp(servers=servers, hand=["nbn_static_veil"]),
             runner=runner(credits=8))  # fmt: skip
    assert not r.game.next_turn_clicks.get("corp")


def test_nihongai_grid_swaps_a_card_of_rnd_with_one_of_hq() -> None:
    servers = {"remote1": {"root": [{"card": "nihongai_grid", "rezzed": True}]}}
    deck = ["neutral_pilot_scheme", "hb_quarterly_review", "hb_quarterly_review"]
    r = play(RECORDS, ["run:remote1", "continue", "yes", "neutral_pilot_scheme"],
             corp=corp(servers=servers, hand=["nbn_static_veil"], deck=deck), runner=runner(credits=3))  # fmt: skip
    g = r.game
    assert [c.id for c in g.corp.hand] == ["neutral_pilot_scheme"] and g.corp.deck[-1].id == "nbn_static_veil"


def test_prisec_tags_and_hurts_the_runner_who_accesses_it() -> None:
    servers = {"remote1": {"root": [{"card": "prisec"}]}}
    r = play(RECORDS, ["run:remote1", "continue", "done", "yes"], corp=corp(servers=servers),
             runner=runner(hand=GRIP, credits=0))  # fmt: skip
    g = r.game
    assert g.runner.tags == 1 and len(g.runner.hand) == 4 and g.corp.credits == 3


def test_sandburg_makes_ice_stronger_with_a_rich_corp() -> None:
    servers = {"hq": {"ice": [{"card": "nbn_static_veil", "rezzed": True}]},
               "remote1": {"root": [{"card": "sandburg", "rezzed": True}]}}  # fmt: skip
    r = play(RECORDS, [], corp=corp(servers=servers, credits=14), runner=runner())
    assert r.game.strength_of(r.game.servers["hq"].ice[0]) == 1 + 2
    r = play(RECORDS, [], corp=corp(servers=servers, credits=9), runner=runner())
    assert r.game.strength_of(r.game.servers["hq"].ice[0]) == 1


def test_watchdog_discounts_the_first_ice_rezzed_each_turn() -> None:
    servers = {"hq": {"ice": [{"card": "weyland_watchdog_drone"}, {"card": "neutral_tripwire_daemon"}]},
               "remote1": {"root": [{"card": "watchdog", "rezzed": True}]}}  # fmt: skip
    r = play(RECORDS, ["run:hq", "rez:neutral_tripwire_daemon", "continue", "rez:weyland_watchdog_drone"],
             corp=corp(servers=servers, credits=5), runner=runner(tags=2))  # fmt: skip
    assert r.game.corp.credits == 5 - (3 - 2) - 2


# ---------------------------------------------------------------- fixtures: corp ice and identities

AIKI = card("aiki", "ice",
            ["[subroutine] A psi game; unequal bids let the Runner draw 2 cards.",
             "[subroutine] Do 1 net damage.", "[subroutine] Do 1 net damage."],
            rez_cost=1, strength=3, subtypes=["code_gate", "psi", "ap"], faction="jinteki")  # fmt: skip
BULWARK = card("bulwark", "ice",
               ["When you rez this ice, take 1 bad publicity.",
                "Met by the Runner while an AI program is installed, it gives you 2[credit].",
                "[subroutine] The Runner sends 1 of their installed programs to the heap.",
                "[subroutine] Gain 2[credit]. End the run.", "[subroutine] Gain 2[credit]. End the run."],
               rez_cost=10, strength=8, subtypes=["barrier", "illicit"], faction="weyland_consortium")  # fmt: skip
CHIYASHI = card("chiyashi", "ice",
                ["Each subroutine the Runner breaks here with an AI installed mills 2 cards of their stack.",
                 "[subroutine] Do 2 net damage.", "[subroutine] Do 2 net damage.", "[subroutine] End the run."],
                rez_cost=12, strength=8, subtypes=["barrier", "ap"], faction="jinteki")  # fmt: skip
DATA_WARD = card("data_ward", "ice",
                 ["Met by the Runner, it tags them unless they hand over 3[credit].",
                  "[subroutine] End the run if the Runner is tagged.", "[subroutine] End the run if the Runner is tagged.",
                  "[subroutine] End the run if the Runner is tagged.",
                  "[subroutine] End the run if the Runner is tagged."],
                 rez_cost=6, strength=8, subtypes=["barrier"], faction="nbn")  # fmt: skip
IP_BLOCK = card("ip_block", "ice",
                ["Met by the Runner while an AI program is installed, it tags them.",
                 "[subroutine] Trace[3]. If successful, give the Runner 1 tag.",
                 "[subroutine] End the run if the Runner is tagged."],
                rez_cost=2, strength=4, subtypes=["barrier", "tracer"], faction="nbn")  # fmt: skip
THOTH = card("thoth", "ice",
             ["Met by the Runner, it tags them.",
              "[subroutine] Trace[4]; on success 1 net damage per Runner tag.",
              "[subroutine] Trace[4]; on success the Runner loses 1[credit] per tag."],
             rez_cost=7, strength=6, unique=True, subtypes=["sentry", "tracer"], faction="nbn")  # fmt: skip
TRIBUNAL = card("tribunal", "ice",
                ["[subroutine] The Runner gives up 1 of their installed cards to the heap."] * 3,
                rez_cost=7, strength=3, subtypes=["sentry"])  # fmt: skip
MAUSOLUS = card("mausolus", "ice",
                ["You can advance this ice.",
                 "[subroutine] You take 1[credit], or 3[credit] with 3 advancement counters here.",
                 "[subroutine] 1 net damage, or 3 with 3 advancement counters here.",
                 "[subroutine] 1 tag for the Runner; with 3 advancement counters here the run ends too."],
                rez_cost=4, strength=5, subtypes=["code_gate", "ap"], faction="weyland_consortium")  # fmt: skip
MACROPHAGE = card("macrophage", "ice",
                  ["[subroutine] Trace[4]. If successful, purge virus counters.",
                   "[subroutine] Trace[3]; on success a virus program goes to the heap.",
                   "[subroutine] Trace[2]; on success a virus in the heap leaves the game.",
                   "[subroutine] Trace[1]. If successful, end the run."],
                  rez_cost=3, strength=7, subtypes=["code_gate", "tracer"])  # fmt: skip
SHERLOCK = card("sherlock_2_0", "ice",
                ["A Runner-only option: giving up [click][click] breaks as many as 2 subroutines here.",
                 "[subroutine] Trace[4]; on success an installed program goes under the Runner's stack.",
                 "[subroutine] Trace[4]; on success an installed program goes under the Runner's stack.",
                 "[subroutine] Give the Runner 1 tag."],
                rez_cost=7, strength=6, subtypes=["sentry", "bioroid", "tracer"], faction="haas_bioroid")  # fmt: skip
FAIRCHILD = card("fairchild", "ice",
                 ["[subroutine] The run is over unless the Runner hands over 4[credit].",
                  "[subroutine] The run is over unless the Runner hands over 4[credit].",
                  "[subroutine] The run is over unless the Runner gives up 1 of their installed cards.",
                  "[subroutine] The run is over unless the Runner takes 1 core damage."],
                 rez_cost=9, strength=8, unique=True, subtypes=["code_gate", "bioroid", "ap"],
                 faction="haas_bioroid")  # fmt: skip
FAIRCHILD_1 = card("fairchild_1_0", "ice",
                   ["A Runner-only option: giving up [click] breaks 1 subroutine here.",
                    "[subroutine] The Runner hands over 1[credit] or gives up 1 of their installed cards.",
                    "[subroutine] The Runner hands over 1[credit] or gives up 1 of their installed cards."],
                   rez_cost=1, strength=2, subtypes=["code_gate", "bioroid"], faction="haas_bioroid")  # fmt: skip
FAIRCHILD_2 = card("fairchild_2_0", "ice",
                   ["A Runner-only option: giving up [click][click] breaks as many as 2 subroutines here.",
                    "[subroutine] The Runner hands over 2[credit] or gives up 1 of their installed cards.",
                    "[subroutine] The Runner hands over 2[credit] or gives up 1 of their installed cards.",
                    "[subroutine] Do 1 core damage."],
                   rez_cost=4, strength=3, subtypes=["code_gate", "bioroid", "ap"], faction="haas_bioroid")  # fmt: skip
FAIRCHILD_3 = card("fairchild_3_0", "ice",
                   ["A Runner-only option: giving up [click][click][click] breaks as many as 3 subroutines here.",
                    "[subroutine] The Runner hands over 3[credit] or gives up 1 of their installed cards.",
                    "[subroutine] The Runner hands over 3[credit] or gives up 1 of their installed cards.",
                    "[subroutine] Your pick: 1 core damage, or the run is over."],
                   rez_cost=6, strength=5, subtypes=["code_gate", "bioroid", "ap"], faction="haas_bioroid")  # fmt: skip
UNLEASHED = identity("jinteki_potential_unleashed", "corp",
                     ["Net damage to the Runner also mills the top card of their stack."],
                     faction="jinteki", subtypes=["megacorp"])  # fmt: skip
BUILDER = identity("weyland_consortium_builder_of_nations", "corp",
                   ["Once a turn, as an encounter with advanced ice finishes, 1 meat damage."],
                   faction="weyland_consortium", subtypes=["megacorp"])  # fmt: skip
AI_BREAKER = card("dossier_test_ai", "program", ["Interface → 1[credit]: Break 1 barrier subroutine."],
                  cost=0, memory_cost=1, strength=9, subtypes=["icebreaker", "ai"])  # fmt: skip
ICE = [AIKI, BULWARK, CHIYASHI, DATA_WARD, IP_BLOCK, THOTH, TRIBUNAL, MAUSOLUS, MACROPHAGE, SHERLOCK, FAIRCHILD,
       FAIRCHILD_1, FAIRCHILD_2, FAIRCHILD_3, UNLEASHED, BUILDER, AI_BREAKER]  # fmt: skip
ICE_RECORDS = [*RECORDS, *ICE]


def on_hq(ice: str, **fields: Any) -> dict[str, Any]:
    return corp(servers={"hq": {"ice": [{"card": ice, "rezzed": True, **fields}]}})


def test_ice_fixtures_are_executable() -> None:
    for record in ICE:
        assert record.reading.status == "executable", record.id


def test_aiki_draws_cards_on_different_bids() -> None:
    r = play(ICE_RECORDS, ["run:hq", "bid:0", "bid:1"], corp=on_hq("aiki"),
             runner=runner(hand=["light_fingers"], deck=GRIP, credits=3))  # fmt: skip
    g = r.game
    assert len(g.runner.hand) == 1 + 2 - 2 and len(g.runner.discard) == 2


def test_bulwark_pays_the_corp_against_ai_and_trashes_a_program() -> None:
    rig = [{"card": "dossier_test_ai"}, {"card": "cog_key"}]
    r = play(ICE_RECORDS, ["run:hq", "done", "cog_key"], corp=on_hq("bulwark"), runner=runner(rig=rig))
    g = r.game
    assert g.corp.credits == 5 + 2 + 2 and [c.id for c in g.runner.rig] == ["dossier_test_ai"]


def test_chiyashi_mills_when_broken_with_an_ai_installed() -> None:
    rig = [{"card": "dossier_test_ai"}]
    r = play(ICE_RECORDS, ["run:hq", "break:dossier_test_ai/0", "sub:1"], corp=on_hq("chiyashi"),
             runner=runner(rig=rig, deck=GRIP, hand=GRIP, credits=5))  # fmt: skip
    assert len(r.game.runner.deck) == 3 and events(r, "break")


def test_data_ward_tags_unless_paid() -> None:
    r = play(ICE_RECORDS, ["run:hq", "no"], corp=on_hq("data_ward"), runner=runner(credits=5))
    assert r.game.runner.tags == 1 and r.game.current_run is None
    r = play(ICE_RECORDS, ["run:hq", "yes"], corp=on_hq("data_ward"), runner=runner(credits=5))
    assert r.game.runner.tags == 0 and r.game.runner.credits == 2


def test_ip_block_tags_a_runner_with_an_ai() -> None:
    r = play(ICE_RECORDS, ["run:hq", "pay:0"], corp=on_hq("ip_block"),
             runner=runner(rig=[{"card": "dossier_test_ai"}], credits=0))  # fmt: skip
    assert r.game.runner.tags >= 1 and events(r, "tags")[0]["amount"] == 1


def test_thoth_tags_then_hurts_per_tag() -> None:
    r = play(ICE_RECORDS, ["run:hq", "pay:0", "pay:0", "pay:0", "pay:0"], corp=on_hq("thoth"), runner=runner(credits=4, hand=GRIP))
    g = r.game
    assert g.runner.tags == 1 and len(g.runner.hand) == 4 and g.runner.credits == 3


def test_tribunal_makes_the_runner_trash_installed_cards() -> None:
    rig = [{"card": "cog_key"}, {"card": "debug_lamp"}]
    r = play(ICE_RECORDS, ["run:hq", "cog_key"], corp=on_hq("tribunal"), runner=runner(rig=rig))
    assert not r.game.runner.rig


def test_mausolus_grows_with_advancement() -> None:
    r = play(ICE_RECORDS, ["run:hq"], corp=on_hq("mausolus", counters={"advancement": 3}), runner=runner(hand=GRIP))
    g = r.game
    assert g.corp.credits == 5 + 3 and len(g.runner.hand) == 2 and g.runner.tags == 1 and g.current_run is None
    r = play(ICE_RECORDS, ["run:hq", "continue"], corp=on_hq("mausolus"), runner=runner(hand=GRIP))
    g = r.game
    assert g.corp.credits == 5 + 1 and len(g.runner.hand) == 4 and g.runner.tags == 1 and g.run_history[-1][2]


def test_macrophage_trashes_and_removes_viruses() -> None:
    r = play(ICE_RECORDS, ["run:hq", "pay:0", "pay:0", "pay:0", "static_spore", "pay:0"], corp=on_hq("macrophage"),
             runner=runner(rig=[{"card": "rot_worm"}], discard=["static_spore"], credits=0))  # fmt: skip
    g = r.game
    assert not g.runner.rig and [c.id for c in g.removed] == ["static_spore"] and g.current_run is None


def test_sherlock_sends_programs_under_the_stack() -> None:
    rig = [{"card": "cog_key"}]
    r = play(ICE_RECORDS, ["run:hq", "done", "pay:0", "pay:0"], corp=on_hq("sherlock_2_0"),
             runner=runner(rig=rig, deck=GRIP, credits=0))  # fmt: skip
    g = r.game
    assert g.runner.deck[0].id == "cog_key" and not g.runner.rig and g.runner.tags == 1
    r = play(ICE_RECORDS, ["run:hq", "clickbreak:sherlock_2_0", "sub:1", "sub:2"], corp=on_hq("sherlock_2_0"),
             runner=runner(rig=rig, credits=0))  # fmt: skip
    g = r.game
    assert g.runner.rig and g.runner.tags == 1 and g.runner.clicks == 1


def test_fairchild_ends_the_run_unless_the_runner_pays_its_prices() -> None:
    rig = [{"card": "debug_lamp"}]
    r = play(ICE_RECORDS, ["run:hq", "pay", "pay", "yes", "yes", "continue"], corp=on_hq("fairchild"),
             runner=runner(rig=rig, credits=8, hand=GRIP))  # fmt: skip
    g = r.game
    assert g.runner.credits == 0 and not g.runner.rig and g.runner.brain_damage == 1 and g.run_history[-1][2]
    r = play(ICE_RECORDS, ["run:hq", "end_run"], corp=on_hq("fairchild"), runner=runner(rig=rig, credits=8))
    assert r.game.current_run is None and not r.game.run_history[-1][2]


def test_fairchild_versions_take_credits_or_cards() -> None:
    rig = [{"card": "debug_lamp"}]
    r = play(ICE_RECORDS, ["run:hq", "done", "pay", "debug_lamp", "continue"], corp=on_hq("fairchild_1_0"),
             runner=runner(rig=rig, credits=3))  # fmt: skip
    g = r.game
    assert g.runner.credits == 2 and not g.runner.rig
    r = play(ICE_RECORDS, ["run:hq", "clickbreak:fairchild_2_0", "sub:1", "sub:2"], corp=on_hq("fairchild_2_0"),
             runner=runner(rig=rig, credits=3, hand=GRIP))  # fmt: skip
    g = r.game
    assert g.runner.clicks == 1 and g.runner.brain_damage == 1 and g.runner.rig
    r = play(ICE_RECORDS, ["run:hq", "done", "pay", "pay", "end_run"], corp=on_hq("fairchild_3_0"),
             runner=runner(rig=rig, credits=6, hand=GRIP))  # fmt: skip
    g = r.game
    assert g.runner.credits == 0 and g.current_run is None and not g.run_history[-1][2] and g.runner.brain_damage == 0


def test_potential_unleashed_mills_on_net_damage() -> None:
    data = on_hq("jinteki_needle_choir")
    data["identity"] = "jinteki_potential_unleashed"
    r = play(ICE_RECORDS, ["run:hq", "continue"], corp=data, runner=runner(hand=GRIP, deck=GRIP))
    g = r.game
    assert len(g.runner.hand) == 3 and len(g.runner.deck) == 4


def test_builder_of_nations_hurts_after_advanced_ice_once_a_turn() -> None:
    data = corp(servers={"hq": {"ice": [{"card": "mausolus", "rezzed": True, "counters": {"advancement": 1}}]}})
    data["identity"] = "weyland_consortium_builder_of_nations"
    r = play(ICE_RECORDS, ["run:hq", "continue", "run:hq", "continue"], corp=data, runner=runner(hand=GRIP))
    assert sum(1 for e in events(r, "damage") if e["damage"] == "meat") == 1
    assert sum(1 for e in events(r, "damage") if e["damage"] == "net") == 2


# ---------------------------------------------------------------- fixtures: runner cards (first batch)

PEACE = card("peace_in_our_time", "event",
             ["Only as your opening [click], after a Corp turn that scored nothing.",
              "You take 10[credit], the Corp 5[credit], and you make no runs this turn."],
             cost=1, subtypes=["priority"])  # fmt: skip
FRANTIC = card("frantic_coding", "event",
               ["See the top 10 cards of your stack; one program among them may be installed 5[credit] cheaper, the "
                "rest go to the heap."],
               cost=3, faction="anarch")  # fmt: skip
INJECTION = card("injection_attack", "event",
                 ["Pick an installed icebreaker and run anywhere; that icebreaker is 2 stronger for the run."],
                 cost=1, subtypes=["run"])  # fmt: skip
MIRROR = card("mirror", "hardware",
              ["+2[mu]", "A successful R&D run lets you restore 1 spent recurring credit.",
               "One console per player."],
              cost=3, unique=True, subtypes=["console"], faction="shaper")  # fmt: skip
RECON = card("recon_drone", "hardware",
             ["Pay X[credit] and trash this hardware: X damage from a card you are accessing is prevented."],
             cost=1, faction="criminal")  # fmt: skip
MISDIRECTION = card("misdirection", "program", ["[click][click] and X[credit]: X of your tags go away."],
                    cost=0, memory_cost=1, faction="shaper")  # fmt: skip
REAVER = card("reaver", "program", ["Once a turn, trashing an installed card draws you 1 card."],
              cost=2, memory_cost=1, faction="apex")  # fmt: skip
TAPWRM = card("tapwrm", "program",
              ["Install it only after a successful central run this turn.",
               "As your turn starts, 1[credit] for each 5[credit] the Corp holds.",
               "A purge of virus counters sends it to the heap."],
              cost=0, memory_cost=1, subtypes=["virus"], faction="criminal")  # fmt: skip
AARON = card("aaron_marron", "resource",
             ["Every scored or stolen agenda puts 2 power counters here.",
              "Hosted power counter: Remove 1 tag and draw 1 card."],
             cost=2, unique=True, subtypes=["connection"], faction="criminal")  # fmt: skip
BETH = card("beth_kilrain_chang", "resource",
            ["As your turn starts with the Corp at 5 to 9[credit], take 1[credit].",
             "As your turn starts with the Corp at 10 to 14[credit], draw a card.",
             "As your turn starts with the Corp at 15[credit] or more, gain [click]."],
            cost=2, unique=True, subtypes=["connection"], faction="shaper")  # fmt: skip
BLOCKADE = card("blockade_runner", "resource",
                ["[click][click]: three cards drawn, then one grip card shuffled back into the stack."],
                cost=1, subtypes=["connection"], faction="criminal")  # fmt: skip
CITADEL = card("citadel_sanctuary", "resource",
               ["Tagged as your discard phase finishes, the Corp must Trace[1]; if that fails, lose 1 tag.",
                "Trash this and your whole grip: no meat damage this time."],
               cost=2, unique=True, subtypes=["location"])  # fmt: skip
KHAN = identity("khan_savvy_skiptracer", "runner",
                ["Passing ice for the first time in a turn lets you install an icebreaker from your grip 1[credit] "
                 "cheaper."],
                faction="criminal", subtypes=["natural"])  # fmt: skip
NULL = identity("null_whistleblower", "runner",
                ["Once a turn, meeting ice, you may discard a grip card to give that ice -2 strength for the run."],
                faction="anarch", subtypes=["natural"])  # fmt: skip
RUNNER_CARDS = [PEACE, FRANTIC, INJECTION, MIRROR, RECON, MISDIRECTION, REAVER, TAPWRM, AARON, BETH, BLOCKADE, CITADEL,
                KHAN, NULL]  # fmt: skip
RUNNER_RECORDS = [*ICE_RECORDS, *RUNNER_CARDS]


def test_runner_fixtures_are_executable() -> None:
    for record in RUNNER_CARDS:
        assert record.reading.status == "executable", record.id


def test_peace_in_our_time_pays_both_and_stops_runs() -> None:
    r = play(RUNNER_RECORDS, ["play:peace_in_our_time"],
             runner=runner(hand=["peace_in_our_time"], deck=GRIP, credits=1))  # fmt: skip
    g = r.game
    assert g.runner.credits == 10 and g.corp.credits == 10
    assert not any(label.startswith("run:") for label in labels(r))
    r = play(RUNNER_RECORDS, ["credit"], runner=runner(hand=["peace_in_our_time"], credits=1))
    assert "play:peace_in_our_time" not in " ".join(labels(r))


def test_frantic_coding_installs_cheaply_and_trashes_the_rest() -> None:
    deck = ["light_fingers", "garble_torch", "debug_lamp", *GRIP]
    r = play(RUNNER_RECORDS, ["play:frantic_coding", "garble_torch"],
             runner=runner(hand=["frantic_coding"], deck=deck, credits=3))  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.rig] == ["garble_torch"] and not g.runner.deck and len(g.runner.discard) == 8
    assert g.runner.credits == 0


def test_injection_attack_boosts_an_icebreaker_for_the_run() -> None:
    r = play(RUNNER_RECORDS, ["play:injection_attack", "hq", "break:frame_hammer/0", "continue"],
             corp=on_hq("weyland_slag_rampart"),
             runner=runner(hand=["injection_attack"], rig=[{"card": "frame_hammer"}], credits=2))  # fmt: skip
    g = r.game
    assert events(r, "break") and g.runner.credits == 0
    assert g.strength_of(g.runner.rig[0]) == 3  # the boost is gone with the run


def test_mirror_refills_a_spent_recurring_credit_after_rnd() -> None:
    rig = [{"card": "mirror"}, {"card": "breaker_coprocessor"}, {"card": "cog_key"}]
    data = corp(servers={"rnd": {"ice": [{"card": "hb_lattice_gate", "rezzed": True}]}})
    r = play(RUNNER_RECORDS, ["run:rnd", "break:cog_key/0", "continue", "breaker_coprocessor"], corp=data,
             runner=runner(rig=rig, credits=0))  # fmt: skip
    g = r.game
    assert card_in(r, g.runner.rig, "breaker_coprocessor").recurring == 2 and g.run_history[-1][2]


def test_recon_drone_prevents_damage_while_accessing() -> None:
    servers = {"remote1": {"root": [{"card": "prisec"}]}}
    r = play(RUNNER_RECORDS, ["run:remote1", "continue", "done", "yes", "use:recon_drone/0"],
             corp=corp(servers=servers), runner=runner(rig=[{"card": "recon_drone"}], hand=GRIP, credits=1))  # fmt: skip
    g = r.game
    assert len(g.runner.hand) == 5 and g.runner.credits == 0 and not g.runner.rig and g.runner.tags == 1


def test_misdirection_removes_tags_for_clicks_and_credits() -> None:
    r = play(RUNNER_RECORDS, ["use:misdirection/0", "2"], runner=runner(rig=[{"card": "misdirection"}], tags=2))
    g = r.game
    assert g.runner.tags == 0 and g.runner.credits == 3 and g.runner.clicks == 2


def test_reaver_draws_on_the_first_installed_card_trashed_each_turn() -> None:
    servers = {"remote1": {"root": [{"card": "nbn_billboard_network"}]},
               "remote2": {"root": [{"card": "neutral_records_vault"}]}}  # fmt: skip
    r = play(RUNNER_RECORDS, ["run:remote1", "continue", "done", "trash:nbn_billboard_network", "run:remote2",
                              "continue", "done", "trash:neutral_records_vault"],
             corp=corp(servers=servers), runner=runner(rig=[{"card": "reaver"}], deck=GRIP, credits=5))  # fmt: skip
    g = r.game
    assert len(g.runner.hand) == 1 and len(g.corp.discard) == 2


def test_tapwrm_installs_after_a_central_run_pays_and_dies_to_a_purge() -> None:
    r = play(RUNNER_RECORDS, [], runner=runner(hand=["tapwrm"]))
    assert "install:tapwrm" not in " ".join(labels(r))
    r = play(RUNNER_RECORDS, ["run:archives", "continue", "install:tapwrm"], runner=runner(hand=["tapwrm"]))
    assert [c.id for c in r.game.runner.rig] == ["tapwrm"]
    r = play(RUNNER_RECORDS, [], active="corp", corp=corp(clicks=0, credits=11),
             runner=runner(rig=[{"card": "tapwrm"}], credits=0))  # fmt: skip
    assert r.game.runner.credits == 2
    r = play(RUNNER_RECORDS, ["purge"], active="corp", corp=corp(clicks=3), runner=runner(rig=[{"card": "tapwrm"}]))
    assert not r.game.runner.rig and [c.id for c in r.game.runner.discard] == ["tapwrm"]


def test_aaron_marron_collects_power_counters_and_spends_them() -> None:
    servers = {"remote1": {"root": [{"card": "neutral_pilot_scheme"}]}}
    r = play(RUNNER_RECORDS, ["run:remote1", "continue", "use:aaron_marron/2"], corp=corp(servers=servers),
             runner=runner(rig=[{"card": "aaron_marron"}], tags=1, deck=GRIP))  # fmt: skip
    g = r.game
    assert g.runner.rig[0].counters == {"power": 1} and g.runner.tags == 0 and len(g.runner.hand) == 1


def test_beth_kilrain_chang_reads_the_corp_credits_at_turn_start() -> None:
    setup: dict[str, Any] = {"active": "corp", "runner": runner(rig=[{"card": "beth_kilrain_chang"}], deck=GRIP, credits=0)}
    r = play(RUNNER_RECORDS, [], corp=corp(clicks=0, credits=7), **setup)
    assert r.game.runner.credits == 1 and not r.game.runner.hand
    r = play(RUNNER_RECORDS, [], corp=corp(clicks=0, credits=12), **setup)
    assert r.game.runner.credits == 0 and len(r.game.runner.hand) == 1
    r = play(RUNNER_RECORDS, [], corp=corp(clicks=0, credits=20), **setup)
    assert r.game.runner.clicks == 5


def test_blockade_runner_draws_three_and_shuffles_one_back() -> None:
    r = play(RUNNER_RECORDS, ["use:blockade_runner/0", "light_fingers"],
             runner=runner(rig=[{"card": "blockade_runner"}], deck=GRIP))  # fmt: skip
    g = r.game
    assert len(g.runner.hand) == 2 and len(g.runner.deck) == 3 and g.runner.clicks == 2
    assert "light_fingers" not in [c.id for c in g.runner.hand]


def test_citadel_sanctuary_sheds_a_tag_and_stops_meat_damage() -> None:
    rig = [{"card": "citadel_sanctuary"}]
    r = play(RUNNER_RECORDS, ["pay:0", "pay:1"], runner=runner(rig=rig, tags=2, clicks=0, credits=1))
    assert r.game.runner.tags == 1
    r = play(RUNNER_RECORDS, ["pay:0", "pay:0"], runner=runner(rig=rig, tags=2, clicks=0, credits=1))
    assert r.game.runner.tags == 2
    r = play(RUNNER_RECORDS, ["play:weyland_orbital_strike", "use:citadel_sanctuary/1"], active="corp",
             corp=corp(hand=["weyland_orbital_strike"]), runner=runner(rig=rig, tags=1, hand=GRIP))  # fmt: skip
    g = r.game
    assert not g.over and not events(r, "damage") and len(g.runner.discard) == 6 and not g.runner.hand


def test_khan_installs_an_icebreaker_after_passing_ice() -> None:
    r = play(RUNNER_RECORDS, ["run:hq", "cog_key", "continue"], corp=on_hq("weyland_watchdog_drone"),
             runner={"identity": "khan_savvy_skiptracer", "hand": ["cog_key"], "credits": 3})  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.rig] == ["cog_key"] and g.runner.credits == 0


def test_null_weakens_the_ice_for_a_grip_card() -> None:
    r = play(RUNNER_RECORDS, ["run:hq", "yes", "break:frame_hammer/0", "continue"],
             corp=on_hq("weyland_slag_rampart"),
             runner={"identity": "null_whistleblower", "hand": ["light_fingers"], "rig": [{"card": "frame_hammer"}],
                     "credits": 1})  # fmt: skip
    g = r.game
    assert g.runner.credits == 0 and g.run_history[-1][2] and [c.id for c in g.runner.discard] == ["light_fingers"]


# ---------------------------------------------------------------- fixtures: the second batch

CI_FUND = card("c_i_fund", "asset",
               ["As your turn starts, up to 3[credit] of your pool may move onto this asset.",
                "As your turn starts, the bank adds 2[credit] here if it already holds 6[credit] or more.",
                "2[credit] and trash it: every credit on it is yours."],
               rez_cost=0, trash_cost=2, faction="weyland_consortium")  # fmt: skip
ALGO = card("algo_trading", "resource",
            ["As your turn starts, up to 3[credit] of your pool may move onto this resource.",
             "As your turn starts, the bank adds 2[credit] here if it already holds 6[credit] or more.",
             "[click] and trash it: every credit on it is yours."],
            cost=0, subtypes=["job"], faction="shaper")  # fmt: skip
ALEXA = card("alexa_belsky", "asset",
             ["Trash it: HQ goes into R&D, except one random card for every 2[credit] the Runner chooses to pay."],
             rez_cost=1, trash_cost=5, unique=True, subtypes=["character"], faction="nbn")  # fmt: skip
BRYAN = card("bryan_stinson", "upgrade",
             ["With the Runner under 6[credit]: [click] plays a transaction from Archives for free, which then "
              "leaves the game."],
             rez_cost=2, trash_cost=5, unique=True, subtypes=["character"], faction="weyland_consortium")  # fmt: skip
SLEE = card("chief_slee", "asset",
            ["An encounter ending leaves a power counter here per subroutine nobody broke.",
             "[click] and 5 power counters from here: 5 meat damage."],
            rez_cost=2, trash_cost=3, unique=True, subtypes=["character"], faction="weyland_consortium")  # fmt: skip
CTM = identity("nbn_controlling_the_message", "corp",
               ["Once a turn, when the Runner trashes an installed Corp card, you may Trace[4]; on success 1 tag that "
                "cannot be avoided."],
               faction="nbn", subtypes=["megacorp"])  # fmt: skip
OUTAGE = card("service_outage", "operation",
              ["It stays in play until a new current or a stolen agenda.",
               "The Runner's first run of each of their turns costs them 1[credit] extra."],
              cost=1, subtypes=["current"], faction="nbn")  # fmt: skip
PAYCHECK = card("another_day_another_paycheck", "event",
                ["It stays in play until a new current or a scored agenda.",
                 "Stealing an agenda makes the Corp Trace[0]; if it fails, you gain 1[credit] per agenda point "
                 "scored or stolen."],
                cost=0, subtypes=["current"], faction="sunny_lebeau")  # fmt: skip
COLD_READ = card("cold_read", "event",
                 ["4[credit] here, spendable during a run on any server; afterwards a program you used then goes to "
                  "the heap, unpreventably."],
                 cost=0, subtypes=["run", "stealth"], faction="shaper")  # fmt: skip
CRASH = card("credit_crash", "event",
             ["Run; the first non-agenda card you access goes to Archives for free unless the Corp pays its rez or "
              "play cost."],
             cost=1, subtypes=["run"], faction="anarch")  # fmt: skip
BREACH = card("data_breach", "event", ["Run R&D; success lets you run R&D once more afterwards."],
              cost=0, subtypes=["run"], faction="shaper")  # fmt: skip
DEUCES = card("deuces_wild", "event",
              ["Two of these, your order: 3[credit]; draw 2; lose 1 tag; expose ice then run."],
              cost=2)  # fmt: skip
EQUIVOCATION = card("equivocation", "program",
                    ["A successful R&D run lets you show its top card and then hand that card to the Corp."],
                    cost=2, memory_cost=1, unique=True, faction="shaper")  # fmt: skip
GPI = card("gpi_net_tap", "hardware",
           ["Approaching ice, you may expose it, and then trash this hardware to jack out."],
           cost=3, faction="criminal")  # fmt: skip
OBELUS = card("obelus", "hardware",
              ["+1[mu]", "Each tag adds 1 to your maximum hand size.",
               "Once a turn, a successful HQ or R&D run ending draws you a card per card accessed in it.",
               "One console per player."],
              cost=4, unique=True, subtypes=["console"], faction="anarch")  # fmt: skip
SIFR = card("sifr", "hardware",
            ["+2[mu]", "Once a turn, meeting ice, take -1 hand size until your next turn to drop that ice to 0 "
             "strength for the encounter.", "One console per player."],
            cost=5, unique=True, subtypes=["console"], faction="anarch")  # fmt: skip
GAUNTLET = card("the_gauntlet", "hardware",
                ["+2[mu]", "Breaching HQ, one extra access per HQ ice you fully broke on the way.",
                 "One console per player."],
                cost=5, unique=True, subtypes=["console"], faction="criminal")  # fmt: skip
TOP_HAT = card("top_hat", "hardware",
               ["A successful R&D run may, in place of the breach, access one of its top 5 cards."],
               cost=0, faction="shaper")  # fmt: skip
RESPONDERS = card("first_responders", "resource",
                  ["2[credit]: one card drawn, only on a turn you already took damage."],
                  cost=2, subtypes=["connection"])  # fmt: skip
TEMUJIN = card("temujin_contract", "resource",
               ["Installing it, name a server and put 20[credit] here; empty, it goes to the heap.",
                "A successful run on the named server takes 4[credit] from here."],
               cost=4, unique=True, subtypes=["job"], faction="criminal")  # fmt: skip
LAM = card("on_the_lam", "event",
           ["Sits on an installed resource; trash it to stop up to 3 tags or 3 damage."],
           cost=3, subtypes=["condition"], faction="criminal")  # fmt: skip
BLACKSTONE = card("blackstone", "program",
                  ["Interface → 1[credit]: Break 1 barrier subroutine.",
                   "3[credit], one from a stealth card at least: 4 more strength for the run."],
                  cost=4, memory_cost=1, strength=3, subtypes=["icebreaker", "fracter"], faction="shaper")  # fmt: skip
HOUDINI = card("houdini", "program",
               ["Interface → 1[credit]: Break 1 code gate subroutine.",
                "2[credit], one from a stealth card at least: 4 more strength for the run."],
               cost=2, memory_cost=1, strength=2, subtypes=["icebreaker", "decoder"], faction="shaper")  # fmt: skip
FAWKES = card("fawkes", "program",
              ["Interface → 1[credit]: Break 1 sentry subroutine.",
               "X[credit], one from a stealth card at least: X more strength for the run."],
              cost=5, memory_cost=1, strength=1, subtypes=["icebreaker", "killer"], faction="shaper")  # fmt: skip
DAI_V = card("dai_v", "program",
             ["Interface → 2[credit] paid from stealth cards only: every subroutine breaks.", "1[credit]: +1 strength."],
             cost=6, memory_cost=1, strength=1, subtypes=["icebreaker", "ai"], faction="shaper")  # fmt: skip
NFR = card("nfr", "program",
           ["Each piece of ice it fully breaks leaves a power counter on it.", "1 strength more per power counter.",
            "Interface → 1[credit]: Break 1 barrier subroutine."],
           cost=3, memory_cost=1, strength=1, subtypes=["icebreaker", "fracter"], faction="anarch")  # fmt: skip
SAKER = card("saker", "program",
             ["Interface → 1[credit]: Break 1 barrier subroutine.", "2[credit]: +2 strength.",
              "2[credit] and back to your grip: derez a barrier it fully broke in this encounter."],
             cost=4, memory_cost=1, strength=1, subtypes=["icebreaker", "fracter"], faction="criminal")  # fmt: skip
SECOND = [CI_FUND, ALGO, ALEXA, BRYAN, SLEE, CTM, OUTAGE, PAYCHECK, COLD_READ, CRASH, BREACH, DEUCES, EQUIVOCATION,
          GPI, OBELUS, SIFR, GAUNTLET, TOP_HAT, RESPONDERS, TEMUJIN, LAM, BLACKSTONE, HOUDINI, FAWKES, DAI_V, NFR,
          SAKER]  # fmt: skip
ALL = [*RUNNER_RECORDS, *SECOND]


def test_second_batch_fixtures_are_executable() -> None:
    for record in SECOND:
        assert record.reading.status == "executable", record.id


def test_c_i_fund_saves_grows_and_pays_out() -> None:
    servers = {"remote1": {"root": [{"card": "c_i_fund", "rezzed": True, "credits": 4}]}}
    r = play(ALL, ["c_i_fund: your_turn_start", "3", "use:c_i_fund/2"], corp=corp(servers=servers, credits=5),
             runner=runner(clicks=0))  # fmt: skip
    g = r.game
    assert g.corp.credits == 5 - 3 - 2 + 9 and not g.installed("corp")


def test_algo_trading_saves_for_the_runner() -> None:
    r = play(ALL, ["algo_trading: your_turn_start", "2", "use:algo_trading/2"], active="corp",
             corp=corp(clicks=0), runner=runner(rig=[{"card": "algo_trading", "credits": 5}], credits=2))  # fmt: skip
    g = r.game
    assert g.runner.credits == 9 and not g.runner.rig and g.runner.clicks == 3


def test_alexa_belsky_sends_hq_back_unless_the_runner_pays() -> None:
    servers = {"remote1": {"root": [{"card": "alexa_belsky", "rezzed": True}]}}
    hand = ["nbn_static_veil", "neutral_emergency_audit", "jinteki_quiet_harvest"]
    r = play(ALL, ["use:alexa_belsky/0", "2"], active="corp", corp=corp(servers=servers, hand=hand, clicks=1),
             runner=runner(credits=3))  # fmt: skip
    g = r.game
    assert len(g.corp.hand) == 1 and len(g.corp.deck) == 6 + 2 and g.runner.credits == 1


def test_bryan_stinson_replays_a_transaction_from_archives() -> None:
    servers = {"hq": {"root": [{"card": "bryan_stinson", "rezzed": True}]}}
    r = play(ALL, ["use:bryan_stinson/0"], active="corp",
             corp=corp(servers=servers, discard=["jinteki_quiet_harvest", "nbn_static_veil"], credits=0),
             runner=runner(credits=5))  # fmt: skip
    g = r.game
    assert g.corp.credits == 4 and [c.id for c in g.removed] == ["jinteki_quiet_harvest"] and g.corp.clicks == 2
    r = play(ALL, [], active="corp", corp=corp(servers=servers, discard=["jinteki_quiet_harvest"]),
             runner=runner(credits=6))  # fmt: skip
    assert "use:bryan_stinson" not in " ".join(labels(r))


def test_chief_slee_counts_unbroken_subroutines_and_fires() -> None:
    servers = {"hq": {"ice": [{"card": "neutral_tripwire_daemon", "rezzed": True}]},
               "remote1": {"root": [{"card": "chief_slee", "rezzed": True, "counters": {"power": 3}}]}}  # fmt: skip
    r = play(ALL, ["run:hq", "continue"], corp=corp(servers=servers), runner=runner(credits=5))
    assert r.game.servers["remote1"].root[0].counters == {"power": 5}
    servers["remote1"]["root"][0]["counters"] = {"power": 5}
    r = play(ALL, ["use:chief_slee/2"], active="corp", corp=corp(servers=servers), runner=runner(hand=GRIP * 2))
    assert len(r.game.runner.hand) == 5 and not r.game.servers["remote1"].root[0].counters


def test_controlling_the_message_tags_when_a_corp_card_is_trashed() -> None:
    servers = {"remote1": {"root": [{"card": "nbn_billboard_network"}]},
               "remote2": {"root": [{"card": "neutral_records_vault"}]}}  # fmt: skip
    data = corp(servers=servers)
    data["identity"] = "nbn_controlling_the_message"
    r = play(ALL, ["run:remote1", "continue", "done", "trash:nbn_billboard_network", "yes", "pay:0", "pay:0",
                   "run:remote2", "continue", "done", "trash:neutral_records_vault"],
             corp=data, runner=runner(rig=[{"card": "forged_alibi"}], credits=5))  # fmt: skip
    g = r.game
    assert g.runner.tags == 1 and len(g.runner.rig) == 1 and len(events(r, "trace")) == 1


def test_service_outage_charges_the_first_run_of_the_turn() -> None:
    r = play(ALL, ["play:service_outage", "run:archives", "continue", "run:archives", "continue"], active="corp",
             corp=corp(hand=["service_outage"], clicks=1, credits=1), runner=runner(credits=3))  # fmt: skip
    assert r.game.runner.credits == 2
    r = play(ALL, ["play:service_outage"], active="corp", corp=corp(hand=["service_outage"], clicks=1, credits=1),
             runner=runner(credits=0, deck=GRIP))  # fmt: skip
    assert not any(label.startswith("run:") for label in labels(r))


def test_another_day_another_paycheck_pays_after_a_steal() -> None:
    servers = {"remote1": {"root": [{"card": "neutral_pilot_scheme"}]}}
    r = play(ALL, ["play:another_day_another_paycheck", "run:remote1", "continue", "pay:0"],
             corp=corp(servers=servers, score_area=["nbn_total_coverage"]),
             runner=runner(hand=["another_day_another_paycheck"], credits=0))  # fmt: skip
    g = r.game
    points = g.agenda_points("corp") + g.agenda_points("runner")
    assert points > 0 and g.runner.credits == points and g.in_play


def test_cold_read_pays_for_the_run_then_trashes_a_used_program() -> None:
    rig = [{"card": "frame_hammer"}, {"card": "cog_key"}]
    r = play(ALL, ["play:cold_read", "hq", "break:frame_hammer/0", "continue"],
             corp=on_hq("nbn_static_veil"), runner=runner(hand=["cold_read"], rig=rig, credits=0))  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.rig] == ["cog_key"] and g.run_history[-1][2]
    assert sorted(c.id for c in g.runner.discard) == ["cold_read", "frame_hammer"]


def test_credit_crash_trashes_the_first_card_accessed_unless_the_corp_pays() -> None:
    servers = {"remote1": {"root": [{"card": "nbn_billboard_network"}]}}
    setup: dict[str, Any] = {"corp": corp(servers=servers, credits=5), "runner": runner(hand=["credit_crash"], credits=1)}
    r = play(ALL, ["play:credit_crash", "remote1", "continue", "done", "no"], **setup)
    assert not r.game.installed("corp") and r.game.corp.credits == 5
    r = play(ALL, ["play:credit_crash", "remote1", "continue", "done", "yes"], **setup)
    assert r.game.installed("corp") and r.game.corp.credits == 3


def test_data_breach_runs_rnd_twice() -> None:
    r = play(ALL, ["play:data_breach", "continue", "yes", "continue"], runner=runner(hand=["data_breach"]))
    g = r.game
    assert [s for _, s, ok in g.run_history if ok] == ["rnd", "rnd"] and g.runner.clicks == 3


def test_deuces_wild_resolves_two_choices() -> None:
    r = play(ALL, ["play:deuces_wild", "credits", "tag"], runner=runner(hand=["deuces_wild"], tags=1, credits=2))
    g = r.game
    assert g.runner.credits == 3 and g.runner.tags == 0
    r = play(ALL, ["play:deuces_wild", "run", "archives", "continue", "draw"],
             corp=corp(servers={"hq": {"ice": [{"card": "nbn_static_veil"}]}}),
             runner=runner(hand=["deuces_wild"], deck=GRIP, credits=2))  # fmt: skip
    g = r.game
    assert events(r, "exposed") and g.run_history[-1][1] == "archives" and len(g.runner.hand) == 2


def test_equivocation_can_make_the_corp_draw_the_top_card() -> None:
    r = play(ALL, ["run:rnd", "continue", "yes", "yes"], corp=corp(), runner=runner(rig=[{"card": "equivocation"}]))
    g = r.game
    assert len(g.corp.hand) == 1 and events(r, "reveal")


def test_gpi_net_tap_exposes_and_jacks_out() -> None:
    data = corp(servers={"hq": {"ice": [{"card": "weyland_slag_rampart"}]}})
    r = play(ALL, ["run:hq", "yes", "yes"], corp=data, runner=runner(rig=[{"card": "gpi_net_tap"}]))
    g = r.game
    assert events(r, "exposed") and not g.runner.rig and not g.run_history[-1][2] and g.current_run is None


def test_obelus_grows_the_hand_and_draws_per_access() -> None:
    r = play(ALL, ["play:lobby_crash", "continue"], corp=corp(hand=["nbn_static_veil", "nbn_static_veil"]),
             runner=runner(rig=[{"card": "obelus"}], tags=2, hand=["lobby_crash"], deck=GRIP, credits=2))  # fmt: skip
    g = r.game
    assert g.hand_size("runner") == 7 and len(g.runner.hand) == 2


def test_sifr_drops_the_ice_strength_to_zero() -> None:
    r = play(ALL, ["run:hq", "yes", "break:frame_hammer/0", "continue"], corp=on_hq("weyland_slag_rampart"),
             runner=runner(rig=[{"card": "sifr"}, {"card": "frame_hammer"}], credits=1))  # fmt: skip
    g = r.game
    assert g.run_history[-1][2] and g.runner.credits == 0 and g.hand_size("runner") == 4


def test_the_gauntlet_adds_accesses_for_fully_broken_hq_ice() -> None:
    r = play(ALL, ["run:hq", "break:frame_hammer/0", "continue"], corp={**on_hq("nbn_static_veil"),
             "hand": ["neutral_emergency_audit", "jinteki_quiet_harvest"]},
             runner=runner(rig=[{"card": "the_gauntlet"}, {"card": "frame_hammer"}], credits=1))  # fmt: skip
    assert len([e for e in events(r, "access") if e.get("card")]) == 2


def test_top_hat_accesses_a_chosen_card_of_the_top_five() -> None:
    deck = ["hb_quarterly_review", "hb_quarterly_review", "neutral_pilot_scheme", *RND]
    r = play(ALL, ["run:rnd", "continue", "yes", "3"], corp=corp(deck=deck), runner=runner(rig=[{"card": "top_hat"}]))
    g = r.game
    assert [c.id for c in g.runner.score_area] == ["neutral_pilot_scheme"]


def test_first_responders_draws_after_damage() -> None:
    rig = [{"card": "first_responders"}]
    r = play(ALL, [], runner=runner(rig=rig, deck=GRIP))
    assert not any(label.startswith("use:first_responders") for label in labels(r))
    r = play(ALL, ["run:hq", "use:first_responders/0", "continue"], corp=on_hq("jinteki_needle_choir"),
             runner=runner(rig=rig, deck=GRIP, hand=GRIP, credits=2))  # fmt: skip
    assert len(r.game.runner.hand) == 5 - 2 + 1 and r.game.runner.credits == 0


def test_temujin_contract_pays_out_on_its_server() -> None:
    r = play(ALL, ["install:temujin_contract", "hq", "run:hq", "continue"], runner=runner(hand=["temujin_contract"]))
    g = r.game
    assert g.runner.credits == 5 - 4 + 4 and g.runner.rig[0].credits == 16
    r = play(ALL, ["run:hq", "continue"], runner=runner(rig=[{"card": "temujin_contract", "credits": 4}]))
    assert r.game.runner.rig[0].credits == 4  # no server was named when laid out: nothing to take


def test_on_the_lam_prevents_tags() -> None:
    r = play(ALL, ["play:on_the_lam", "play:nbn_exclusive_scoop", "use:on_the_lam/1"],
             corp=corp(hand=["nbn_exclusive_scoop"]),
             runner=runner(hand=["on_the_lam"], rig=[{"card": "garage_lab"}], clicks=1, credits=3))  # fmt: skip
    g = r.game
    assert g.runner.tags == 0 and not g.in_play and card_in(r, g.runner.discard, "on_the_lam") is not None


def test_stealth_boosts_last_the_run() -> None:
    r = play(ALL, ["play:cold_read", "hq", "use:blackstone/1", "break:blackstone/0", "continue"],
             corp=on_hq("weyland_slag_rampart"), runner=runner(hand=["cold_read"], rig=[{"card": "blackstone"}],
                                                                credits=0))  # fmt: skip
    g = r.game
    assert g.run_history[-1][2] and events(r, "break")
    r = play(ALL, ["play:cold_read", "hq", "use:fawkes/1", "2", "break:fawkes/0", "continue"],
             corp=on_hq("neutral_patrol_script"), runner=runner(hand=["cold_read"], rig=[{"card": "fawkes"}],
                                                                credits=0))  # fmt: skip
    assert r.game.run_history[-1][2]


def test_dai_v_breaks_everything_with_stealth_credits() -> None:
    r = play(ALL, ["play:cold_read", "hq", "use:dai_v/0", "continue"], corp=on_hq("nbn_banner_storm"),
             runner=runner(hand=["cold_read"], rig=[{"card": "dai_v"}], credits=0))  # fmt: skip
    g = r.game
    assert len(events(r, "break")) == 2 and g.run_history[-1][2]


def test_nfr_grows_when_it_fully_breaks_ice() -> None:
    r = play(ALL, ["run:hq", "break:nfr/1", "continue"], corp=on_hq("nbn_static_veil"),
             runner=runner(rig=[{"card": "nfr"}], credits=1))  # fmt: skip
    g = r.game
    assert g.runner.rig[0].counters == {"power": 1} and g.strength_of(g.runner.rig[0]) == 2


def test_saker_derezzes_the_barrier_it_broke() -> None:
    r = play(ALL, ["run:hq", "break:saker/0", "use:saker/2", "continue"], corp=on_hq("nbn_static_veil"),
             runner=runner(rig=[{"card": "saker"}], credits=3))  # fmt: skip
    g = r.game
    assert not g.servers["hq"].ice[0].rezzed and [c.id for c in g.runner.hand] == ["saker"] and g.runner.credits == 0


# ---------------------------------------------------------------- cards scripted in part (a paragraph left unread)

ORCHESTRA = card("black_orchestra", "program",
                 ["Meeting a code gate, you may install this program from your heap.",
                  "3[credit]: 2 more strength, then as many as 2 subroutines of the code gate met break if it can "
                  "interface."],
                 cost=3, memory_cost=1, strength=2, subtypes=["icebreaker", "decoder"], faction="anarch")  # fmt: skip
MKULTRA = card("mkultra", "program",
               ["Meeting a sentry, you may install this program from your heap.",
                "3[credit]: 2 more strength, then as many as 2 subroutines of the sentry met break if it can "
                "interface."],
               cost=2, memory_cost=1, strength=1, subtypes=["icebreaker", "killer"], faction="anarch")  # fmt: skip
PAPERCLIP = card("paperclip", "program",
                 ["Meeting a barrier, you may install this program from your heap.",
                  "X[credit]: X more strength, then as many as X subroutines of the barrier met break if it can "
                  "interface."],
                 cost=4, memory_cost=1, strength=1, subtypes=["icebreaker", "fracter"], faction="anarch")  # fmt: skip
HERALD = card("herald", "ice",
              ["Accessed in R&D it is shown to the Corp too.", "Accessed outside Archives, it is encountered.",
               "[subroutine] Gain 2[credit].",
               "[subroutine] Up to 2[credit] from you become as many advancement counters on 1 advanceable card."],
              rez_cost=2, strength=1, trash_cost=1, subtypes=["code_gate"], faction="nbn")  # fmt: skip
PARTIAL = [ORCHESTRA, MKULTRA, PAPERCLIP, HERALD]
EVERY = [*ALL, *PARTIAL]


def test_heap_breakers_are_whole_and_herald_leaves_its_access_paragraphs_unread() -> None:
    for record in (ORCHESTRA, MKULTRA, PAPERCLIP):
        assert record.reading.status == "executable", record.id
    assert HERALD.reading.status == "partial"
    assert HERALD.reading.scripted == [3] and HERALD.reading.read == [2]


def test_a_heap_breaker_installs_itself_on_meeting_its_ice() -> None:
    r = play(EVERY, ["run:hq", "yes", "use:mkultra/1", "sub:1", "continue"], corp=on_hq("neutral_patrol_script"),
             runner=runner(discard=["mkultra"], credits=5))  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.rig] == ["mkultra"] and g.runner.credits == 0 and g.run_history[-1][2]
    r = play(EVERY, ["run:hq"], corp=on_hq("nbn_static_veil"), runner=runner(discard=["mkultra"], credits=5))
    assert not r.game.runner.rig  # a barrier: no offer


def test_black_orchestra_boosts_then_breaks_two() -> None:
    r = play(EVERY, ["run:hq", "use:black_orchestra/1", "use:black_orchestra/1", "sub:1", "sub:2", "continue"],
             corp=on_hq("weyland_customs_checkpoint"), runner=runner(rig=[{"card": "black_orchestra"}], credits=6))  # fmt: skip
    g = r.game
    assert len(events(r, "break")) == 2 and g.runner.credits == 0 and g.run_history[-1][2]


def test_mkultra_breaks_only_once_strong_enough() -> None:
    r = play(EVERY, ["run:hq", "use:mkultra/1", "sub:1", "continue"], corp=on_hq("neutral_patrol_script"),
             runner=runner(rig=[{"card": "mkultra"}], credits=3))  # fmt: skip
    g = r.game
    assert len(events(r, "break")) == 1 and g.runner.rig and g.run_history[-1][2]
    r = play(EVERY, ["run:hq", "use:mkultra/1"], corp=on_hq("weyland_crane_arm"),
             runner=runner(rig=[{"card": "mkultra"}], credits=3))  # fmt: skip
    assert not events(r, "break")  # strength 3 against 4: no interface


def test_paperclip_pays_x_for_x_strength_and_breaks() -> None:
    r = play(EVERY, ["run:hq", "use:paperclip/1", "4", "sub:1", "continue"], corp=on_hq("weyland_slag_rampart"),
             runner=runner(rig=[{"card": "paperclip"}], credits=4))  # fmt: skip
    g = r.game
    assert len(events(r, "break")) == 1 and g.runner.credits == 0 and g.run_history[-1][2]


def test_herald_advances_a_card_for_credits() -> None:
    servers = {"hq": {"ice": [{"card": "herald", "rezzed": True}]},
               "remote1": {"root": [{"card": "neutral_pilot_scheme"}]}}  # fmt: skip
    r = play(EVERY, ["run:hq", "neutral_pilot_scheme", "2"], corp=corp(servers=servers, credits=3), runner=runner())
    g = r.game
    assert g.servers["remote1"].root[0].advancement == 2 and g.corp.credits == 3 + 2 - 2


SUNYA = card("sunya", "program",
             ["Each piece of ice it fully breaks leaves a power counter on it.", "1 strength more per power counter.",
              "Interface → 2[credit]: Break 1 sentry subroutine."],
             cost=3, memory_cost=1, strength=1, subtypes=["icebreaker", "killer"], faction="anarch")  # fmt: skip
GOLDEN = card("golden", "program",
              ["Interface → 2[credit]: Break up to 2 sentry subroutines.", "2[credit]: +4 strength.",
               "2[credit] and back to your grip: derez a sentry it fully broke in this encounter."],
              cost=5, memory_cost=1, strength=1, subtypes=["icebreaker", "killer"], faction="criminal")  # fmt: skip
PEREGRINE = card("peregrine", "program",
                 ["Interface → 1[credit]: Break 1 code gate subroutine.", "3[credit]: +3 strength.",
                  "2[credit] and back to your grip: derez a code gate it fully broke in this encounter."],
                 cost=5, memory_cost=1, strength=2, subtypes=["icebreaker", "decoder"], faction="criminal")  # fmt: skip
QUARANTINE = card("net_quarantine", "agenda",
                  ["The first trace of each turn sees the Runner's link as 0; credits can still raise it.",
                   "Credits the Runner spends on link pay you 1[credit] per 2[credit]."],
                  agenda_points=2, advancement_requirement=4, subtypes=["security"], faction="nbn")  # fmt: skip
LAST = [SUNYA, GOLDEN, PEREGRINE, QUARANTINE]
FINAL = [*EVERY, *LAST]


def test_houdini_boosts_with_a_stealth_credit() -> None:
    r = play(FINAL, ["play:cold_read", "hq", "use:houdini/1", "break:houdini/0", "sub:2", "done", "continue"],
             corp=on_hq("weyland_customs_checkpoint"), runner=runner(hand=["cold_read"], rig=[{"card": "houdini"}],
                                                                      credits=0))  # fmt: skip
    g = r.game
    assert g.run_history[-1][2] and len(events(r, "break")) == 1  # 2 + 4 strength against 5; one ETR broken


def test_sunya_grows_and_golden_derezzes() -> None:
    assert SUNYA.reading.status == GOLDEN.reading.status == PEREGRINE.reading.status == "executable"
    r = play(FINAL, ["run:hq", "break:sunya/1", "continue"], corp=on_hq("jinteki_needle_choir"),
             runner=runner(rig=[{"card": "sunya"}], credits=2))  # fmt: skip
    assert r.game.runner.rig[0].counters == {"power": 1}
    r = play(FINAL, ["run:hq", "boost:golden/1", "break:golden/0", "sub:1", "use:golden/2", "continue"],
             corp=on_hq("weyland_crane_arm"), runner=runner(rig=[{"card": "golden"}], credits=6))  # fmt: skip
    g = r.game
    assert not g.servers["hq"].ice[0].rezzed and [c.id for c in g.runner.hand] == ["golden"]


def test_peregrine_derezzes_a_fully_broken_code_gate() -> None:
    r = play(FINAL, ["run:hq", "break:peregrine/0", "use:peregrine/2", "continue"], corp=on_hq("hb_lattice_gate"),
             runner=runner(rig=[{"card": "peregrine"}], credits=3))  # fmt: skip
    g = r.game
    assert not g.servers["hq"].ice[0].rezzed and not g.runner.rig and g.runner.credits == 0


def test_net_quarantine_zeroes_the_link_of_the_first_trace_each_turn() -> None:
    assert QUARANTINE.reading.status == "partial"
    data = on_hq("thoth")
    data["score_area"] = ["net_quarantine"]
    r = play(FINAL, ["run:hq", "pay:0", "pay:0", "pay:0", "pay:0"], corp=data,
             runner=runner(rig=[{"card": "signal_relay"}], credits=4, hand=GRIP))  # fmt: skip
    assert [e["link"] for e in events(r, "trace")] == [0, 1]


OMAR = identity("omar_keung_conspiracy_theorist", "runner",
                ["Once a turn, [click]: run Archives; a success there may count as one on HQ or R&D instead."],
                faction="anarch", subtypes=["natural"])  # fmt: skip


def test_omar_keung_turns_an_archives_run_into_hq() -> None:
    assert OMAR.reading.status == "executable"
    records = [*FINAL, OMAR]
    r = play(records, ["use:omar_keung_conspiracy_theorist/0", "continue", "hq"],
             corp=corp(hand=["neutral_pilot_scheme"], discard=["nbn_static_veil"]),
             runner={"identity": "omar_keung_conspiracy_theorist"})  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.score_area] == ["neutral_pilot_scheme"] and g.run_history[-1][1] == "hq"
    assert not any(label.startswith("use:omar") for label in labels(r))


NASX = card("nasx", "asset",
            ["Gain 1[credit] when your turn begins.",
             "Gaining credits through another card's ability, you may pay up to 2[credit] for as many power counters "
             "here.",
             "[click] and trash it: 2[credit] per power counter on it."],
            rez_cost=2, trash_cost=4, unique=True)  # fmt: skip


def test_nasx_banks_power_counters_from_card_gains_only() -> None:
    assert NASX.reading.status == "executable"
    records = [*FINAL, NASX]
    servers = {"remote1": {"root": [{"card": "nasx", "rezzed": True}]}}
    r = play(records, ["credit", "play:jinteki_quiet_harvest", "2", "use:nasx/2"], active="corp",
             corp=corp(servers=servers, hand=["jinteki_quiet_harvest"], credits=1))  # fmt: skip
    g = r.game
    assert g.corp.credits == 1 + 1 - 1 + 4 - 2 + 4 and not g.installed("corp")


KUSANAGI = card("project_kusanagi", "agenda",
                ["Scored, it takes an agenda counter per advancement counter beyond 2.",
                 "Spend an agenda counter here: one piece of ice has an extra last subroutine doing 1 net damage for "
                 "the run."],
                agenda_points=0, advancement_requirement=2, subtypes=["security"], faction="jinteki")  # fmt: skip
WETWORK = card("wetwork_refit", "operation",
               ["Sits on a rezzed bioroid ice as a condition counter; that ice opens with a subroutine doing 1 core "
                "damage."],
               cost=1, subtypes=["condition"], faction="haas_bioroid")  # fmt: skip


def test_project_kusanagi_gives_ice_a_net_damage_subroutine_for_the_run() -> None:
    assert KUSANAGI.reading.status == WETWORK.reading.status == "executable"
    records = [*FINAL, KUSANAGI, WETWORK]
    servers = {"remote1": {"root": [{"card": "project_kusanagi", "counters": {"advancement": 4}}]},
               "hq": {"ice": [{"card": "neutral_checksum_gate", "rezzed": True}]}}  # fmt: skip
    r = play(records, ["score:project_kusanagi"], active="corp", corp=corp(servers=servers, clicks=1))
    assert r.game.corp.score_area[0].counters == {"agenda": 2}
    servers["hq"] = {"ice": [{"card": "jinteki_needle_choir", "rezzed": True}]}
    steps = ["score:project_kusanagi", "credit", "run:hq", "use:project_kusanagi/1", "done", "continue", "done"]
    r = play(records, steps, active="corp", corp=corp(servers=servers, clicks=1), runner=runner(hand=GRIP))
    g = r.game
    assert g.corp.score_area[0].counters == {"agenda": 1} and len(g.runner.hand) == 5 - 2 - 1
    assert events(r, "gain_subroutines") and g.run_history[-1][2]


def test_wetwork_refit_adds_a_core_damage_subroutine_first() -> None:
    records = [*FINAL, KUSANAGI, WETWORK]
    servers = {"hq": {"ice": [{"card": "hb_warden_unit", "rezzed": True}]}}
    r = play(records, ["play:wetwork_refit", "run:hq"], active="corp",
             corp=corp(servers=servers, hand=["wetwork_refit"], clicks=1), runner=runner(hand=GRIP))  # fmt: skip
    g = r.game
    assert g.runner.brain_damage == 1 and len(g.runner.hand) == 4 and g.runner.clicks == 2 and not g.run_history[-1][2]
    assert any(c.id == "wetwork_refit" for c in g.in_play)


RUMOR = card("rumor_mill", "event",
             ["It stays in play until a new current or a scored agenda.",
              "Unique assets and upgrades, regions aside, have no abilities."],
             cost=1, subtypes=["current"], faction="anarch")  # fmt: skip
UNIQUE_ASSET = card("dossier_test_unique_asset", "asset", ["When your turn begins, gain 1[credit]."],
                    rez_cost=0, trash_cost=1, unique=True)  # fmt: skip


def test_rumor_mill_silences_unique_assets_until_another_current() -> None:
    assert RUMOR.reading.status == "executable"
    records = [*FINAL, RUMOR, UNIQUE_ASSET]
    servers = {"remote1": {"root": [{"card": "dossier_test_unique_asset", "rezzed": True}]}}
    r = play(records, ["play:rumor_mill", "credit", "credit", "credit"], corp=corp(servers=servers, credits=0),
             runner=runner(hand=["rumor_mill"], credits=1))  # fmt: skip
    g = r.game
    assert g.corp.credits == 0 and g.in_play and g.active == "corp"  # the asset gave nothing as the turn began
    r = play(records, ["play:rumor_mill", "credit", "credit", "credit", "play:enforced_curfew", "credit", "credit",
                       "credit"],
             corp=corp(servers=servers, credits=0, hand=["enforced_curfew"]),
             runner=runner(hand=["rumor_mill"], credits=1, clicks=4))  # fmt: skip
    g = r.game
    assert [c.id for c in g.in_play] == ["enforced_curfew"] and not g.blanks
