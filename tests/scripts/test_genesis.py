"""The Genesis-cycle card scripts, each played through a scenario that checks what changes."""

from __future__ import annotations

from typing import Any

from .kit import bundled, card, card_in, corp, events, identity, ids, labels, play, rezzed, runner, scorable

# ---------------------------------------------------------------- fixtures (our own wording)

# corp operations
BIG_BROTHER = card("big_brother", "operation", ["Only while the Runner has a tag can this be played.",
                                                "Give the Runner 2 tags."], cost=0)  # fmt: skip
FREELANCER = card("freelancer", "operation", ["Only while the Runner has a tag can this be played.",
                                              "Trash as many as 2 of the Runner's resources."], cost=0)  # fmt: skip
COMMERCIALIZATION = card("commercialization", "operation",
                         ["Pick an ice; you gain a credit for every advancement token it holds."], cost=0)
REWORK = card("rework", "operation", ["One card from HQ is shuffled into R&D."], cost=1)
SUNSET = card("sunset", "operation", ["Pick a server and put the ice protecting it in whatever order you like."],
              cost=0)  # fmt: skip
MIDSEASON = card("midseason_replacements", "operation",
                 ["Needs a steal by the Runner in their previous turn.",
                  "Trace[6]; on success the Runner takes a tag per point your strength beat their link."], cost=1)
PGO = card("power_grid_overload", "operation",
           ["Needs a successful run by the Runner in their previous turn.",
            "Trace[2]; on success trash a hardware costing no more to install than your strength beat their link."],
           cost=2)  # fmt: skip
FOXFIRE = card("foxfire", "operation", ["Trace[7]; on success trash a virtual resource or a link card."], cost=1)
OVERSIGHT = card("oversight_ai", "operation",
                 ["Rez an ice for free and host this on it; the host is trashed once all its subroutines get broken "
                  "in a single encounter."], cost=1, subtypes=["condition"])  # fmt: skip
# agendas
CORPORATE_WAR = card("corporate_war", "agenda",
                     ["Scoring it: holding 7[credit] or more you gain 7[credit], otherwise your pool empties."],
                     advancement_requirement=4, agenda_points=2)  # fmt: skip
RETREAT = card("executive_retreat", "agenda",
               ["Scoring it puts an agenda counter on it and shuffles HQ into R&D.",
                "[click], hosted agenda counter: Draw 5 cards."], advancement_requirement=3, agenda_points=1)
MANDATORY = card("mandatory_upgrades", "agenda", ["One extra [click] for you every turn."],
                 advancement_requirement=6, agenda_points=2)  # fmt: skip
BRAINTRUST = card("braintrust", "agenda",
                  ["Scoring it: one agenda counter per 2 advancement tokens above 3.",
                   "Each agenda counter here makes every ice 1[credit] cheaper to rez."],
                  advancement_requirement=6, agenda_points=2)  # fmt: skip
FETAL = card("fetal_ai", "agenda", ["Accessed in R&D, it is shown to both players.",
                                    "Accessed anywhere but Archives, it deals 2 net damage.",
                                    "Stealing it costs the Runner 2[credit] on top."],
             advancement_requirement=5, agenda_points=2, subtypes=["ambush"])  # fmt: skip
# assets and upgrades
EVE = card("eve_campaign", "asset", ["On rez it gets 16[credit] from the bank and goes to Archives once empty.",
                                     "When your turn begins, take 2[credit] from this asset."], rez_cost=5,
           trash_cost=4)  # fmt: skip
CONTRACTS = card("private_contracts", "asset", ["On rez it gets 14[credit] from the bank and goes to Archives once "
                                                "empty.", "[click]: Take 2[credit] from this asset."], rez_cost=0,
                 trash_cost=2)  # fmt: skip
MARKED = card("marked_accounts", "asset", ["At the start of your turn you take 1[credit] off it if there is one.",
                                           "For a [click], the bank puts 3[credit] on it."], rez_cost=0,
              trash_cost=1)  # fmt: skip
DRT = card("dedicated_response_team", "asset",
           ["While the Runner is tagged, every successful run ends with 2 meat damage."], rez_cost=2, trash_cost=3)
EDGE = card("edge_of_world", "asset",
            ["Accessed while installed: you may pay 3[credit] for 1 core damage per ice on this server."],
            rez_cost=5, trash_cost=0, subtypes=["ambush"])  # fmt: skip
NET_POLICE = card("net_police", "asset", ["X[recurring-credit]", "Only for traces; X is the Runner's link."],
                  rez_cost=1, trash_cost=3)  # fmt: skip
AMAZON = card("amazon_industrial_zone", "upgrade",
              ["Installing ice in front of this server, you may rez it at 3[credit] less.",
               "One region per server at most."], rez_cost=1, trash_cost=3, subtypes=["region"])  # fmt: skip
ASH = card("ash_2x3zb9cy", "upgrade", ["A successful run here starts Trace[4]; on success this upgrade is the only "
                                       "card the Runner accesses in the run."], rez_cost=2, trash_cost=3,
           unique=True)  # fmt: skip
BERNICE = card("bernice_mai", "upgrade", ["A successful run here starts Trace[5]: success tags the Runner, failure "
                                          "trashes this upgrade."], rez_cost=0, trash_cost=3, unique=True)  # fmt: skip
# ice
JANUS = card("janus_1_0", "ice", ["The Runner alone may lose [click] to break one subroutine here.",
                                  *["[subroutine] Do 1 core damage."] * 4], rez_cost=8, strength=7,
             subtypes=["code_gate", "bioroid"])  # fmt: skip
SHERLOCK = card("sherlock_1_0", "ice", ["The Runner alone may lose [click] to break one subroutine here.",
                                        "[subroutine] Trace[4]; on success an installed program goes on top of the "
                                        "Runner's stack.",
                                        "[subroutine] Trace[4]; on success an installed program goes on top of the "
                                        "Runner's stack."], rez_cost=5, strength=3,
                subtypes=["sentry", "bioroid"])  # fmt: skip
BURKE = card("burke_bugs", "ice", ["[subroutine] Trace[0]; on success the Runner picks a program and trashes it."],
             rez_cost=0, strength=3, subtypes=["sentry", "tracer"])  # fmt: skip
DATA_HOUND = card("data_hound", "ice", ["[subroutine] Trace[2]; on success look at that many top stack cards as you "
                                        "beat the link by, trash one and put back the rest as you like."],
                  rez_cost=2, strength=2, subtypes=["sentry", "tracer"])  # fmt: skip
SNOWFLAKE = card("snowflake", "ice", ["[subroutine] Psi game: when the secret bids differ, the run ends."],
                 rez_cost=3, strength=4, subtypes=["barrier", "psi"])  # fmt: skip
TMI = card("tmi", "ice", ["Rezzing it starts Trace[2]; if that fails it is derezzed.", "[subroutine] End the run."],
           rez_cost=3, strength=4, subtypes=["barrier"])  # fmt: skip
DRACO = card("draco", "ice", ["Rezzing it, you may spend credits for the same number of power counters on it.",
                              "Each power counter on it adds 1 strength.",
                              "[subroutine] Trace[2]. If successful, give the Runner 1 tag and end the run."],
             rez_cost=0, strength=0, subtypes=["sentry", "tracer"])  # fmt: skip
FLARE = card("flare", "ice", ["[subroutine] Trace[6]; on success trash a hardware, deal 2 meat damage nothing can "
                              "prevent, and end the run."], rez_cost=5, strength=0,
             subtypes=["sentry", "tracer", "ap"])  # fmt: skip
CHIMERA = card("chimera", "ice", ["Rezzing it, pick sentry, code gate or barrier: it is that too until derezzed.",
                                  "Any turn's end derezzes it.", "[subroutine] End the run."], rez_cost=4,
               strength=2, subtypes=["mythic"])  # fmt: skip
SENSEI = card("sensei", "ice", ["[subroutine] Until the run is over, every other ice encountered gets a final "
                                "subroutine that ends the run."], rez_cost=3, strength=5,
              subtypes=["code_gate"])  # fmt: skip
# corp identity
STRONGER = identity("haas_bioroid_stronger_together", "corp", ["Bioroid ice is 1 stronger."],
                    faction="haas_bioroid")  # fmt: skip
# runner events
KRAKEN = card("kraken", "event", ["Needs a steal this turn.", "You name a server; the Corp trashes one ice in front "
                                  "of it."], cost=2)  # fmt: skip
SURGE = card("surge", "event", ["Needs a virus counter placed on a program this turn.",
                                "That program gets 2 more virus counters."], cost=0)  # fmt: skip
UPLINK = card("satellite_uplink", "event", ["Expose as many as 2 cards."], cost=0)
VAMP = card("vamp", "event", ["Run HQ; on success you may skip the breach to spend X[credit]: the Corp loses "
                              "X[credit] and you take a tag."], cost=0)  # fmt: skip
INDEXING = card("indexing", "event", ["Run R&D; on success you may skip the breach to look at the top 5 cards of "
                                      "R&D and reorder them."], cost=0)  # fmt: skip
# runner programs
DARWIN = card("darwin", "program", ["Interface: 2[credit] breaks any 1 subroutine.",
                                    "Its strength is its number of virus counters.",
                                    "At the start of your turn, 1[credit] may buy it a virus counter."],
              cost=3, memory_cost=1, strength=None, subtypes=["icebreaker", "ai", "virus"])  # fmt: skip
FAERIE = card("faerie", "program", ["Interface → 0[credit]: Break 1 sentry subroutine.", "1[credit]: +1 strength.",
                                    "Once an encounter in which it broke a subroutine is over, trash it."],
              cost=0, memory_cost=1, strength=0, subtypes=["icebreaker", "killer"])  # fmt: skip
SNOWBALL = card("snowball", "program", ["Interface → 1[credit]: Break 1 barrier subroutine.",
                                        "1[credit]: +1 strength.",
                                        "Each subroutine it breaks adds 1 strength until the run is over."],
                cost=2, memory_cost=1, strength=0, subtypes=["icebreaker", "fracter"])  # fmt: skip
DEEP_THOUGHT = card("deep_thought", "program",
                    ["Whenever you make a successful run on R&D, place 1 virus counter on this program.",
                     "Holding 3 virus counters or more, it lets you peek at R&D's top card as your turn begins."],
                    cost=3, memory_cost=1, subtypes=["virus"])  # fmt: skip
NERVE = card("nerve_agent", "program", ["Whenever you make a successful run on HQ, place 1 virus counter on this "
                                        "program.", "Breaching HQ, access up to one fewer extra cards than its "
                                        "virus counters."], cost=3, memory_cost=1, subtypes=["virus"])  # fmt: skip
DEUS_X = card("deus_x", "program", ["Interface: trash it to break every AP subroutine you like.",
                                    "Interrupt: trash it to prevent all net damage."], cost=3, memory_cost=1,
              subtypes=["icebreaker", "ai"])  # fmt: skip
CRESCENTUS = card("crescentus", "program", ["Trash it: derez an ice whose subroutines were all broken in this "
                                            "encounter."], cost=3, memory_cost=1)  # fmt: skip
SNITCH = card("snitch", "program", ["Once each run, approaching unrezzed ice, you may expose it and then may jack "
                                    "out."], cost=2, memory_cost=1)  # fmt: skip
PHEROMONES = card("pheromones", "program", ["X[recurring-credit]",
                                            "Only in HQ runs; X is its virus counter count.",
                                            "Whenever you make a successful run on HQ, place 1 virus counter on "
                                            "this program."], cost=2, memory_cost=1, subtypes=["virus"])  # fmt: skip
# runner hardware
HQ_INTERFACE = card("hq_interface", "hardware", ["Breaching HQ, you access an extra card."], cost=4)
RD_INTERFACE = card("r_d_interface", "hardware", ["Breaching R&D, you access an extra card."], cost=4)
CORTEZ = card("cortez_chip", "hardware", ["Trash it: an ice costs the Corp 2[credit] more to rez this turn."],
              cost=1, subtypes=["mod"])  # fmt: skip
E3 = card("e3_feedback_implants", "hardware", ["After each subroutine you break, 1[credit] may break one more on "
                                               "the same ice."], cost=2, subtypes=["cybernetic"])  # fmt: skip
REPLICATOR = card("replicator", "hardware", ["Installing hardware, this one included, you may fetch another copy of "
                                             "it from your stack to your grip, then shuffle."], cost=3)  # fmt: skip
PLASCRETE = card("plascrete_carapace", "hardware", ["Install it with 4 power counters; trash it once they are gone.",
                                                    "Interrupt: a hosted power counter prevents 1 meat damage."],
                 cost=3, subtypes=["gear"])  # fmt: skip
DOPPEL = card("doppelganger", "hardware", ["+1[mu]", "Once each turn, after a successful run ends you may run any "
                                           "server.", "One console per player."], cost=3,
              subtypes=["console"], unique=True)  # fmt: skip
# runner resources
EMPLOYEE = card("compromised_employee", "resource", ["1[recurring-credit]", "Use this credit during traces.",
                                                     "Each ice the Corp rezzes pays you 1[credit]."],
                cost=1, subtypes=["connection"])  # fmt: skip
DLR = card("data_leak_reversal", "resource", ["Needs a successful central run this turn to install.",
                                              "While you are tagged: [click] makes the Corp trash R&D's top card."],
           cost=1, subtypes=["link"])  # fmt: skip
JOSHUA = card("joshua_b", "resource", ["As your turn begins you may gain [click], then take a tag as it ends."],
              cost=1, subtypes=["connection"])  # fmt: skip
KATI = card("kati_jones", "resource", ["Only one use of this resource per turn.",
                                       "[click]: 3[credit] go onto it.",
                                       "[click]: all of its credits are yours."], cost=2,
            subtypes=["connection"], unique=True)  # fmt: skip
MR_LI = card("mr_li", "resource", ["[click]: two draws, then one of those cards goes under your stack."],
             cost=0, subtypes=["connection"])  # fmt: skip
NACH = card("new_angeles_city_hall", "resource", ["Interrupt: 2[credit] avoids a tag.",
                                                  "Trash it as you steal an agenda."], cost=2,
            subtypes=["location"])  # fmt: skip
HELPFUL = card("the_helpful_ai", "resource", ["+1[link]", "Trash it: an icebreaker of yours is 2 stronger until the "
                                              "turn ends."], cost=2, subtypes=["link"])  # fmt: skip
UNDERWORLD = card("underworld_contact", "resource", ["With at least 2[link], 1[credit] as your turn begins."],
                  cost=0, subtypes=["connection"])  # fmt: skip
# runner identity
WHIZZARD = identity("whizzard_master_gamer", "runner", ["3[recurring-credit]", "Only for trashing cards."],
                    faction="anarch", base_link=0)  # fmt: skip

FIXTURES = [
    BIG_BROTHER, FREELANCER, COMMERCIALIZATION, REWORK, SUNSET, MIDSEASON, PGO, FOXFIRE, OVERSIGHT,
    CORPORATE_WAR, RETREAT, MANDATORY, BRAINTRUST, FETAL, FLARE, CHIMERA,
    EVE, CONTRACTS, MARKED, DRT, EDGE, NET_POLICE, AMAZON, ASH, BERNICE,
    JANUS, SHERLOCK, BURKE, DATA_HOUND, SNOWFLAKE, TMI, DRACO, SENSEI, STRONGER,
    KRAKEN, SURGE, UPLINK, VAMP, INDEXING,
    DARWIN, FAERIE, SNOWBALL, DEEP_THOUGHT, NERVE, DEUS_X, CRESCENTUS, SNITCH, PHEROMONES,
    HQ_INTERFACE, RD_INTERFACE, CORTEZ, E3, REPLICATOR, PLASCRETE, DOPPEL,
    EMPLOYEE, DLR, JOSHUA, KATI, MR_LI, NACH, HELPFUL, UNDERWORLD, WHIZZARD,
]  # fmt: skip
RECORDS = [*bundled(), *FIXTURES]


def test_every_fixture_is_executable() -> None:
    for record in FIXTURES:
        assert record.reading.status == "executable", record.id
    assert BIG_BROTHER.reading.read == [1] and BIG_BROTHER.reading.scripted == [0]
    assert KATI.reading.scripted == [0, 1, 2] and EMPLOYEE.reading.read == [0]
    assert FAERIE.reading.read == [0, 1] and FAERIE.reading.scripted == [2]


# ---------------------------------------------------------------- corp operations


def test_big_brother_needs_a_tagged_runner() -> None:
    r = play(RECORDS, [], active="corp", corp=corp(hand=["big_brother"]))
    assert "play:big_brother" not in [label.split("#")[0] for label in labels(r)]
    r = play(RECORDS, ["play:big_brother"], active="corp", corp=corp(hand=["big_brother"]), runner=runner(tags=1))
    assert r.game.runner.tags == 3


def test_freelancer_trashes_up_to_two_resources() -> None:
    r = play(RECORDS, ["play:freelancer", "garage_lab", "dockside_tipster"], active="corp",
             corp=corp(hand=["freelancer"]),
             runner=runner(tags=1, rig=[{"card": "garage_lab"}, {"card": "dockside_tipster"},
                                        {"card": "lattice_memory"}]))  # fmt: skip
    g = r.game
    assert ids(g.runner.rig) == ["lattice_memory"]
    assert sorted(ids(g.runner.discard)) == ["dockside_tipster", "garage_lab"]
    r = play(RECORDS, ["play:freelancer", "garage_lab", "done"], active="corp", corp=corp(hand=["freelancer"]),
             runner=runner(tags=1, rig=[{"card": "garage_lab"}, {"card": "dockside_tipster"}]))  # fmt: skip
    assert ids(r.game.runner.rig) == ["dockside_tipster"]


def test_commercialization_pays_for_advancement_tokens() -> None:
    servers = {"hq": {"ice": [{"card": "nbn_static_veil", "counters": {"advancement": 3}},
                              {"card": "hb_lattice_gate", "rezzed": True}]}}  # fmt: skip
    r = play(RECORDS, ["play:commercialization", "nbn_static_veil"], active="corp",
             corp=corp(hand=["commercialization"], credits=1, servers=servers))  # fmt: skip
    assert r.game.corp.credits == 4


def test_rework_shuffles_a_card_of_hq_into_rnd() -> None:
    r = play(RECORDS, ["play:rework", "neutral_board_resolution"], active="corp",
             corp=corp(hand=["rework", "neutral_board_resolution", "nbn_static_veil"]))  # fmt: skip
    g = r.game
    assert ids(g.corp.hand) == ["nbn_static_veil"] and len(g.corp.deck) == 4
    assert "neutral_board_resolution" in ids(g.corp.deck) and g.corp.credits == 4


def test_sunset_reorders_the_ice_of_a_server() -> None:
    servers = {"hq": {"ice": [{"card": "nbn_static_veil"}, {"card": "hb_lattice_gate"}, {"card": "neutral_plywood_screen"}]},
               "rnd": {"ice": [{"card": "nbn_static_veil"}, {"card": "hb_lattice_gate"}]}}  # fmt: skip
    r = play(RECORDS, ["play:sunset", "hq", "neutral_plywood_screen", "nbn_static_veil"], active="corp",
             corp=corp(hand=["sunset"], servers=servers))  # fmt: skip
    g = r.game
    assert ids(g.servers["hq"].ice) == ["neutral_plywood_screen", "nbn_static_veil", "hb_lattice_gate"]
    assert ids(g.servers["rnd"].ice) == ["nbn_static_veil", "hb_lattice_gate"]


def _runner_turn_then(runner_decisions: list[str], corp_decisions: list[str], corp_side: dict[str, Any],
                      **runner_side: Any) -> Any:
    """The runner's turn (``runner_decisions``, one click), then the corp's (``corp_decisions``)."""
    return play(RECORDS, [*runner_decisions, *corp_decisions], active="runner", corp=corp(**corp_side),
                runner=runner(clicks=1, **runner_side))  # fmt: skip


def test_midseason_replacements_tags_by_the_trace_margin_after_a_steal() -> None:
    servers = {"remote1": {"root": [{"card": "neutral_board_resolution"}]}}
    r = play(RECORDS, [], active="corp", corp=corp(hand=["midseason_replacements"], credits=9))
    assert "play:midseason_replacements" not in [label.split("#")[0] for label in labels(r)]
    r = _runner_turn_then(["run:remote1", "continue"], ["play:midseason_replacements", "pay:2", "pay:1"],
                          {"hand": ["midseason_replacements"], "credits": 9, "servers": servers}, credits=1)
    g = r.game
    assert ids(g.runner.score_area) == ["neutral_board_resolution"]
    assert g.runner.tags == 7 and g.corp.credits == 9 - 1 - 2 and g.runner.credits == 0  # 8 against a link of 1


def test_power_grid_overload_trashes_cheap_enough_hardware() -> None:
    rig = [{"card": "lattice_memory"}, {"card": "debug_lamp"}]
    r = _runner_turn_then(["run:archives", "continue"], ["play:power_grid_overload", "pay:1", "lattice_memory"],
                          {"hand": ["power_grid_overload"], "credits": 3}, credits=0, rig=rig)  # fmt: skip
    g = r.game
    assert ids(g.runner.rig) == ["debug_lamp"] and ids(g.runner.discard) == ["lattice_memory"]  # 3 beat 0 by 3
    r = play(RECORDS, [], active="corp", corp=corp(hand=["power_grid_overload"], credits=3))
    assert "play:power_grid_overload" not in [label.split("#")[0] for label in labels(r)]


def test_foxfire_trashes_a_virtual_resource_or_a_link_card() -> None:
    rig = [{"card": "dormant_account"}, {"card": "garage_lab"}, {"card": "data_leak_reversal"}]
    r = play(RECORDS, ["play:foxfire", "dormant_account"], active="corp", corp=corp(hand=["foxfire"], credits=1),
             runner=runner(credits=0, rig=rig))  # fmt: skip
    g = r.game
    assert ids(g.runner.rig) == ["garage_lab", "data_leak_reversal"] and ids(g.runner.discard) == ["dormant_account"]


def test_oversight_ai_rezzes_ice_and_trashes_it_once_fully_broken() -> None:
    servers = {"hq": {"ice": [{"card": "nbn_static_veil"}]}}
    r = play(RECORDS, ["play:oversight_ai"], active="corp", corp=corp(hand=["oversight_ai"], servers=servers,
                                                                      credits=1))  # fmt: skip
    g = r.game
    ice = g.servers["hq"].ice[0]
    assert ice.rezzed and g.corp.credits == 0 and card_in(r, g.in_play, "oversight_ai") is not None
    # the runner breaks its subroutine: the ice and the condition go to Archives
    rig = [{"card": "rockbit_drill"}]
    servers = {"hq": {"ice": [{"card": "nbn_static_veil"}]}}
    r = play(RECORDS, ["play:oversight_ai", "run:hq", "break:rockbit_drill/0", "continue"],
             active="corp", corp=corp(hand=["oversight_ai"], servers=servers, credits=1, clicks=1),
             runner=runner(rig=rig, credits=2))  # fmt: skip
    g = r.game
    assert g.servers["hq"].ice == [] and sorted(ids(g.corp.discard)) == ["nbn_static_veil", "oversight_ai"]
    assert g.in_play == []


# ---------------------------------------------------------------- corp agendas


def test_corporate_war_pays_7_or_empties_the_pool() -> None:
    r = play(RECORDS, ["score:corporate_war"], active="corp", corp=corp(credits=7, servers=scorable("corporate_war", 4)))
    assert r.game.corp.credits == 14
    r = play(RECORDS, ["score:corporate_war"], active="corp", corp=corp(credits=6, servers=scorable("corporate_war", 4)))
    assert r.game.corp.credits == 0


def test_executive_retreat_shuffles_hq_away_and_draws_5_later() -> None:
    r = play(RECORDS, ["score:executive_retreat"], active="corp",
             corp=corp(hand=["nbn_static_veil", "hb_lattice_gate"], servers=scorable("executive_retreat", 3)))
    g = r.game
    retreat = card_in(r, g.corp.score_area, "executive_retreat")
    assert g.corp.hand == [] and len(g.corp.deck) == 5 and retreat.counters == {"agenda": 1}
    r = play(RECORDS, ["score:executive_retreat", "use:executive_retreat/1"], active="corp",
             corp=corp(hand=["nbn_static_veil", "hb_lattice_gate"], servers=scorable("executive_retreat", 3)))
    g = r.game
    assert len(g.corp.hand) == 5 and g.corp.deck == [] and g.corp.clicks == 2


def test_mandatory_upgrades_gives_a_click_now_and_every_turn() -> None:
    r = play(RECORDS, ["score:mandatory_upgrades"], active="corp",
             corp=corp(clicks=3, servers=scorable("mandatory_upgrades", 6)))  # fmt: skip
    assert r.game.corp.clicks == 4
    r = play(RECORDS, [], active="runner", corp=corp(score_area=["mandatory_upgrades"]), runner=runner(clicks=0))
    g = r.game
    assert g.active == "corp" and g.corp.clicks == 4


def test_braintrust_lowers_the_rez_cost_of_ice() -> None:
    servers = {**scorable("braintrust", 8), "hq": {"ice": [{"card": "weyland_slag_rampart"}]}}
    r = play(RECORDS, ["score:braintrust"], active="corp", corp=corp(servers=servers))
    g = r.game
    trust = card_in(r, g.corp.score_area, "braintrust")
    assert trust.counters == {"agenda": 2}
    assert g.rez_cost(g.servers["hq"].ice[0]) == 3 - 2


# ---------------------------------------------------------------- corp assets and upgrades


def test_eve_campaign_and_private_contracts_are_loaded_when_rezzed() -> None:
    servers = {"remote1": {"root": [{"card": "eve_campaign"}]}, "remote2": {"root": [{"card": "private_contracts"}]}}
    r = play(RECORDS, ["rez:eve_campaign", "rez:private_contracts", "use:private_contracts/2"], active="corp",
             corp=corp(credits=5, servers=servers))  # fmt: skip
    g = r.game
    eve, contracts = g.servers["remote1"].root[0], g.servers["remote2"].root[0]
    assert eve.credits == 16 and contracts.credits == 12 and g.corp.credits == 2


def test_marked_accounts_fills_up_and_pays_out_as_the_turn_begins() -> None:
    servers = {"remote1": {"root": [rezzed("marked_accounts")]}}
    r = play(RECORDS, ["use:marked_accounts/1"], active="corp", corp=corp(clicks=1, servers=servers))
    assert r.game.servers["remote1"].root[0].credits == 3
    servers = {"remote1": {"root": [rezzed("marked_accounts", credits=3)]}}
    r = play(RECORDS, [], active="runner", corp=corp(credits=0, servers=servers), runner=runner(clicks=0))
    g = r.game
    assert g.active == "corp" and g.corp.credits == 1 and g.servers["remote1"].root[0].credits == 2


def test_dedicated_response_team_hurts_a_tagged_runner_after_a_successful_run() -> None:
    servers = {"remote1": {"root": [rezzed("dedicated_response_team")]}}
    hand = ["spark_of_insight"] * 3
    r = play(RECORDS, ["run:archives", "continue"], corp=corp(servers=servers), runner=runner(tags=1, hand=hand))
    assert len(r.game.runner.hand) == 1 and events(r, "damage")[0]["damage"] == "meat"
    r = play(RECORDS, ["run:archives", "continue"], corp=corp(servers=servers), runner=runner(hand=hand))
    assert len(r.game.runner.hand) == 3


def test_edge_of_world_does_brain_damage_per_ice() -> None:
    ice = [{"card": "weyland_customs_checkpoint"}, {"card": "weyland_customs_checkpoint"}]  # too dear to rez
    servers = {"remote1": {"ice": ice, "root": [{"card": "edge_of_world"}]}}
    r = play(RECORDS, ["run:remote1", "continue", "continue", "yes"],
             corp=corp(credits=3, servers=servers), runner=runner(hand=["spark_of_insight"] * 3))  # fmt: skip
    g = r.game
    assert g.runner.brain_damage == 2 and len(g.runner.hand) == 1 and g.corp.credits == 0


def test_net_police_pays_for_traces_up_to_the_runners_link() -> None:
    servers = {"remote1": {"root": [rezzed("net_police")]}}
    rig = [{"card": "signal_relay"}, {"card": "signal_relay"}, {"card": "dormant_account"}]
    r = play(RECORDS, ["play:foxfire", "pay:2"], active="runner",
             corp=corp(credits=1, hand=["foxfire"], servers=servers), runner=runner(clicks=0, credits=0, rig=rig))
    g = r.game
    police = g.servers["remote1"].root[0]
    assert police.credits == 0 and g.corp.credits == 0  # 2 hosted credits raised the trace to 9
    assert ids(g.runner.discard) == ["dormant_account"]
    assert [e["strength"] for e in events(r, "trace")] == [9]


def test_amazon_industrial_zone_rezzes_new_ice_3_cheaper() -> None:
    servers = {"hq": {"root": [rezzed("amazon_industrial_zone")]}}
    r = play(RECORDS, ["install:weyland_slag_rampart@hq", "yes"], active="corp",
             corp=corp(credits=1, hand=["weyland_slag_rampart"], servers=servers))  # fmt: skip
    g = r.game
    assert g.servers["hq"].ice[0].rezzed and g.corp.credits == 1 and g.lasting == []
    r = play(RECORDS, ["install:weyland_slag_rampart@rnd"], active="corp",
             corp=corp(credits=1, hand=["weyland_slag_rampart"], servers=servers))  # fmt: skip
    assert not r.game.servers["rnd"].ice[0].rezzed


def test_ash_keeps_the_runner_to_itself_when_its_trace_succeeds() -> None:
    servers = {"remote1": {"root": [rezzed("ash_2x3zb9cy"), {"card": "neutral_board_resolution"}]}}
    r = play(RECORDS, ["run:remote1", "continue"], corp=corp(credits=0, servers=servers), runner=runner(credits=0))
    g = r.game
    assert g.runner.score_area == [] and [e.get("card", "").split("#")[0] for e in events(r, "access")] == [
        "ash_2x3zb9cy"]  # fmt: skip
    r = play(RECORDS, ["run:remote1", "continue", "pay:5", "ash_2x3zb9cy"], corp=corp(credits=0, servers=servers),
             runner=runner(credits=5))  # fmt: skip
    assert ids(r.game.runner.score_area) == ["neutral_board_resolution"]


def test_bernice_mai_tags_or_is_trashed() -> None:
    servers = {"remote1": {"root": [rezzed("bernice_mai")]}}
    r = play(RECORDS, ["run:remote1", "continue"], corp=corp(credits=0, servers=servers), runner=runner(credits=0))
    assert r.game.runner.tags == 1
    r = play(RECORDS, ["run:remote1", "continue", "pay:5"], corp=corp(credits=0, servers=servers),
             runner=runner(credits=5))  # fmt: skip
    g = r.game
    assert g.runner.tags == 0 and ids(g.corp.discard) == ["bernice_mai"] and "remote1" not in g.servers


# ---------------------------------------------------------------- corp ice and identity


def test_janus_lets_the_runner_spend_clicks_on_its_subroutines() -> None:
    servers = {"hq": {"ice": [rezzed("janus_1_0")]}}
    r = play(RECORDS, ["run:hq", "clickbreak:janus_1_0", "sub:1", "clickbreak:janus_1_0", "sub:2", "done", "continue"],
             corp=corp(servers=servers), runner=runner(hand=["spark_of_insight"] * 3))  # fmt: skip
    g = r.game
    assert g.runner.clicks == 4 - 1 - 2 and g.runner.brain_damage == 2 and len(g.runner.hand) == 1


def test_sherlock_puts_programs_back_on_the_stack() -> None:
    servers = {"hq": {"ice": [rezzed("sherlock_1_0")]}}
    rig = [{"card": "hermit_shell"}, {"card": "cache_sorter"}]
    r = play(RECORDS, ["run:hq", "done", "hermit_shell", "continue"], corp=corp(credits=0, servers=servers),
             runner=runner(credits=0, rig=rig))  # fmt: skip
    g = r.game
    assert g.runner.rig == [] and ids(g.runner.deck)[-2:] == ["hermit_shell", "cache_sorter"]
    r = play(RECORDS, ["run:hq", "clickbreak:sherlock_1_0", "sub:1", "done", "hermit_shell", "continue"],
             corp=corp(credits=0, servers=servers), runner=runner(credits=0, rig=rig))  # fmt: skip
    assert len(r.game.runner.rig) == 1 and r.game.runner.clicks == 2


def test_burke_bugs_makes_the_runner_trash_a_program() -> None:
    servers = {"hq": {"ice": [rezzed("burke_bugs")]}}
    rig = [{"card": "hermit_shell"}, {"card": "cache_sorter"}]
    r = play(RECORDS, ["run:hq", "pay:1", "hermit_shell", "continue"], corp=corp(credits=1, servers=servers),
             runner=runner(credits=0, rig=rig))  # fmt: skip
    g = r.game
    assert ids(g.runner.rig) == ["cache_sorter"] and ids(g.runner.discard) == ["hermit_shell"]


def test_data_hound_trashes_from_the_top_of_the_stack_and_rearranges() -> None:
    servers = {"hq": {"ice": [rezzed("data_hound")]}}
    stack = ["spark_of_insight", "light_fingers", "overnight_takeout", "bench_night"]
    r = play(RECORDS, ["run:hq", "pay:1", "light_fingers", "overnight_takeout", "continue"],
             corp=corp(credits=1, servers=servers), runner=runner(credits=0, deck=stack))  # fmt: skip
    g = r.game
    assert ids(g.runner.discard) == ["light_fingers"]
    assert ids(list(reversed(g.runner.deck))) == ["overnight_takeout", "spark_of_insight", "bench_night"]


def test_snowflake_ends_the_run_when_the_bids_differ() -> None:
    servers = {"hq": {"ice": [rezzed("snowflake")]}}
    r = play(RECORDS, ["run:hq", "bid:0", "bid:1"], corp=corp(servers=servers))
    g = r.game
    assert g.runner.credits == 4 and any(e.get("ended") for e in events(r, "end_run"))
    r = play(RECORDS, ["run:hq", "bid:1", "bid:1", "continue"], corp=corp(servers=servers))
    assert not any(e.get("ended") for e in events(r, "end_run")) and events(r, "run_successful")


def test_tmi_is_derezzed_when_its_trace_fails() -> None:
    servers = {"hq": {"ice": [{"card": "tmi"}]}}
    r = play(RECORDS, ["run:hq", "rez:tmi", "pay:0", "pay:3", "continue"], corp=corp(servers=servers))
    g = r.game
    assert not g.servers["hq"].ice[0].rezzed and g.corp.credits == 2 and events(r, "run_successful")
    r = play(RECORDS, ["run:hq", "rez:tmi", "pay:0"], corp=corp(servers=servers), runner=runner(credits=0))
    g = r.game
    assert g.servers["hq"].ice[0].rezzed and any(e.get("ended") for e in events(r, "end_run"))


def test_draco_buys_power_counters_for_strength() -> None:
    servers = {"hq": {"ice": [{"card": "draco"}]}}
    r = play(RECORDS, ["run:hq", "rez:draco", "2", "pay:0"], corp=corp(credits=3, servers=servers),
             runner=runner(credits=0))  # fmt: skip
    g = r.game
    draco = g.servers["hq"].ice[0]
    assert draco.counters == {"power": 2} and g.strength_of(draco) == 2 and g.corp.credits == 1
    assert g.runner.tags == 1 and any(e.get("ended") for e in events(r, "end_run"))


def test_sensei_gives_the_next_ice_an_end_the_run_subroutine() -> None:
    servers = {"hq": {"ice": [rezzed("nbn_banner_storm"), rezzed("sensei")]}}
    r = play(RECORDS, ["run:hq", "continue"], corp=corp(credits=0, servers=servers), runner=runner(credits=2))
    g = r.game
    gained = [(e["ice"], e["count"], e["by"]) for e in events(r, "gain_subroutines")]
    assert gained == [(str(g.servers["hq"].ice[0]), 1, str(g.servers["hq"].ice[1]))]
    assert g.runner.credits == 1 and g.corp.credits == 1
    assert any(e.get("ended") for e in events(r, "end_run")) and not events(r, "run_successful")


def test_stronger_together_strengthens_bioroid_ice() -> None:
    servers = {"hq": {"ice": [rezzed("hb_warden_unit"), rezzed("nbn_static_veil")]}}
    r = play(RECORDS, [], active="corp",
             corp=corp(identity="haas_bioroid_stronger_together", servers=servers))  # fmt: skip
    g = r.game
    assert [g.strength_of(c) for c in g.servers["hq"].ice] == [6, 1]


# ---------------------------------------------------------------- runner events


def test_kraken_needs_a_steal_and_makes_the_corp_trash_ice() -> None:
    servers = {"remote1": {"root": [{"card": "neutral_board_resolution"}]},
               "hq": {"ice": [{"card": "nbn_static_veil"}, rezzed("hb_lattice_gate")]}}  # fmt: skip
    r = play(RECORDS, [], corp=corp(servers=servers), runner=runner(hand=["kraken"]))
    assert "play:kraken" not in [label.split("#")[0] for label in labels(r)]
    r = play(RECORDS, ["run:remote1", "continue", "play:kraken", "nbn_static_veil"], corp=corp(servers=servers),
             runner=runner(hand=["kraken"]))  # fmt: skip
    g = r.game
    assert ids(g.servers["hq"].ice) == ["hb_lattice_gate"] and "nbn_static_veil" in ids(g.corp.discard)


def test_surge_adds_virus_counters_where_one_went_this_turn() -> None:
    r = play(RECORDS, [], runner=runner(hand=["surge", "hive_siphon"]))
    assert "play:surge" not in [label.split("#")[0] for label in labels(r)]
    r = play(RECORDS, ["install:hive_siphon", "play:surge"], runner=runner(hand=["surge", "hive_siphon"]))
    assert card_in(r, r.game.runner.rig, "hive_siphon").counters == {"virus": 3}


def test_satellite_uplink_exposes_two_cards() -> None:
    servers = {"remote1": {"root": [{"card": "neutral_board_resolution"}]}, "hq": {"ice": [{"card": "nbn_static_veil"}]}}
    r = play(RECORDS, ["play:satellite_uplink"], corp=corp(servers=servers), runner=runner(hand=["satellite_uplink"]))
    faces = [label for label in labels(r) if label.startswith("facedown#")]
    assert len(faces) == 2
    r = play(RECORDS, ["play:satellite_uplink", *faces], corp=corp(servers=servers),
             runner=runner(hand=["satellite_uplink"]))  # fmt: skip
    g = r.game
    shown = {str(g.servers["remote1"].root[0]), str(g.servers["hq"].ice[0])}
    assert {e["card"] for e in events(r, "exposed")} == shown


def test_vamp_drains_the_corp_instead_of_breaching() -> None:
    r = play(RECORDS, ["play:vamp", "continue", "yes", "3"], corp=corp(hand=["nbn_static_veil"]),
             runner=runner(hand=["vamp"]))  # fmt: skip
    g = r.game
    assert g.runner.credits == 2 and g.corp.credits == 2 and g.runner.tags == 1 and not events(r, "access")
    r = play(RECORDS, ["play:vamp", "continue", "no"], corp=corp(hand=["nbn_static_veil"]), runner=runner(hand=["vamp"]))
    g = r.game
    assert g.runner.credits == 5 and g.runner.tags == 0 and events(r, "access")


def test_indexing_rearranges_the_top_of_rnd() -> None:
    deck = ["nbn_static_veil", "hb_lattice_gate", "neutral_plywood_screen", "weyland_slag_rampart",
            "jinteki_quiet_harvest", "nbn_ad_revenue_share"]  # fmt: skip
    order = ["jinteki_quiet_harvest", "weyland_slag_rampart", "neutral_plywood_screen", "hb_lattice_gate"]
    r = play(RECORDS, ["play:indexing", "continue", "yes", *order], corp=corp(deck=deck), runner=runner(hand=["indexing"]))
    g = r.game
    assert ids(list(reversed(g.corp.deck))) == [*order, "nbn_static_veil", "nbn_ad_revenue_share"]
    assert not events(r, "access")


# ---------------------------------------------------------------- runner programs


def test_darwin_breaks_with_its_virus_strength_and_grows() -> None:
    servers = {"hq": {"ice": [rezzed("nbn_static_veil")]}}
    rig = [{"card": "darwin", "counters": {"virus": 1}}]
    r = play(RECORDS, ["run:hq", "use:darwin/0", "continue"], corp=corp(servers=servers), runner=runner(rig=rig))
    g = r.game
    assert g.runner.credits == 3 and events(r, "run_successful")
    r = play(RECORDS, ["yes"], active="corp", corp=corp(clicks=0), runner=runner(rig=rig, credits=2))
    g = r.game
    darwin = g.runner.rig[0]
    assert g.active == "runner" and darwin.counters == {"virus": 2} and g.strength_of(darwin) == 2
    assert g.runner.credits == 1


def test_faerie_is_trashed_after_the_encounter_it_broke_in() -> None:
    servers = {"hq": {"ice": [rezzed("neutral_patrol_script")]}}
    r = play(RECORDS, ["run:hq", "boost:faerie/1", "boost:faerie/1", "break:faerie/0", "continue"],
             corp=corp(servers=servers), runner=runner(rig=[{"card": "faerie"}]))  # fmt: skip
    g = r.game
    assert g.runner.rig == [] and ids(g.runner.discard) == ["faerie"] and g.runner.credits == 3


def test_snowball_grows_with_each_break_during_the_run() -> None:
    servers = {"hq": {"ice": [rezzed("nbn_static_veil"), rezzed("nbn_static_veil")]}}
    r = play(RECORDS, ["run:hq", "boost:snowball/1", "break:snowball/0", "continue", "break:snowball/0", "continue"],
             corp=corp(servers=servers), runner=runner(rig=[{"card": "snowball"}]))  # fmt: skip
    g = r.game
    assert g.runner.credits == 5 - 3 and events(r, "run_successful") and g.strength_of(g.runner.rig[0]) == 0


def test_deep_thought_peeks_at_rnd_with_3_counters() -> None:
    rig = [{"card": "deep_thought", "counters": {"virus": 3}}]
    r = play(RECORDS, ["yes"], active="corp", corp=corp(clicks=0, deck=["hb_lattice_gate", "nbn_static_veil"]),
             runner=runner(rig=rig))  # fmt: skip
    seen = [e for e in r.game.log if e.kind == "reveal"]
    assert seen and seen[0].data["card"] == str(r.game.corp.deck[-1]) and seen[0].visible == (2,)
    assert r.game.corp.deck[-1].id == "hb_lattice_gate"


def test_nerve_agent_accesses_more_of_hq() -> None:
    rig = [{"card": "nerve_agent", "counters": {"virus": 3}}]
    r = play(RECORDS, ["run:hq", "continue", "2"], corp=corp(hand=["jinteki_quiet_harvest"] * 5),
             runner=runner(rig=rig))  # fmt: skip
    g = r.game
    assert g.runner.rig[0].counters == {"virus": 4} and len(events(r, "access")) == 3


def test_deus_x_breaks_ap_subroutines_or_prevents_net_damage() -> None:
    servers = {"hq": {"ice": [rezzed("jinteki_needle_choir")]}}
    hand = ["spark_of_insight"] * 3
    r = play(RECORDS, ["run:hq", "use:deus_x/0", "continue"], corp=corp(servers=servers),
             runner=runner(rig=[{"card": "deus_x"}], hand=hand))  # fmt: skip
    g = r.game
    assert ids(g.runner.discard) == ["deus_x"] and len(g.runner.hand) == 3 and events(r, "run_successful")
    r = play(RECORDS, ["run:hq", "done", "use:deus_x/1", "continue"], corp=corp(servers=servers),
             runner=runner(rig=[{"card": "deus_x"}], hand=hand))  # fmt: skip
    g = r.game
    assert ids(g.runner.discard) == ["deus_x"] and len(g.runner.hand) == 3 and not events(r, "damage")


def test_crescentus_derezzes_fully_broken_ice() -> None:
    servers = {"hq": {"ice": [rezzed("nbn_static_veil")]}}
    rig = [{"card": "rockbit_drill"}, {"card": "crescentus"}]
    r = play(RECORDS, ["run:hq", "break:rockbit_drill/0", "use:crescentus/0", "continue"], corp=corp(servers=servers),
             runner=runner(rig=rig))  # fmt: skip
    g = r.game
    assert not g.servers["hq"].ice[0].rezzed and ids(g.runner.discard) == ["crescentus"]


def test_snitch_exposes_approached_ice_and_may_jack_out() -> None:
    servers = {"hq": {"ice": [{"card": "weyland_customs_checkpoint"}]}}
    r = play(RECORDS, ["run:hq", "yes", "jack_out"], corp=corp(servers=servers), runner=runner(rig=[{"card": "snitch"}]))
    g = r.game
    assert events(r, "exposed")[0]["card"] == str(g.servers["hq"].ice[0])
    assert any(e.get("jacked_out") for e in events(r, "jack_out")) and not events(r, "run_successful")


def test_pheromones_credits_pay_during_hq_runs_only() -> None:
    rig = [{"card": "pheromones", "counters": {"virus": 2}}, {"card": "fine_line_cutter"}]
    r = play(RECORDS, [], active="corp", corp=corp(clicks=0), runner=runner(rig=rig, credits=0))
    g = r.game
    assert g.runner.rig[0].credits == 2 and g.available("runner") == 0
    servers = {"hq": {"ice": [rezzed("nbn_static_veil")]}}
    r = play(RECORDS, ["run:hq", "boost:fine_line_cutter/1", "break:fine_line_cutter/0", "continue"], active="corp",
             corp=corp(clicks=0, servers=servers), runner=runner(rig=rig, credits=0))  # fmt: skip
    g = r.game
    assert g.runner.rig[0].credits == 0 and events(r, "run_successful")


# ---------------------------------------------------------------- runner hardware


def test_interfaces_access_one_more_card() -> None:
    r = play(RECORDS, ["run:hq", "continue"], corp=corp(hand=["jinteki_quiet_harvest"] * 3),
             runner=runner(rig=[{"card": "hq_interface"}]))  # fmt: skip
    assert len(events(r, "access")) == 2
    r = play(RECORDS, ["run:rnd", "continue"], corp=corp(), runner=runner(rig=[{"card": "r_d_interface"}]))
    assert len(events(r, "access")) == 2
    r = play(RECORDS, ["run:rnd", "continue"], corp=corp(), runner=runner(rig=[{"card": "hq_interface"}]))
    assert len(events(r, "access")) == 1


def test_cortez_chip_makes_a_piece_of_ice_dearer_this_turn() -> None:
    servers = {"hq": {"ice": [{"card": "weyland_slag_rampart"}]}}
    r = play(RECORDS, ["use:cortez_chip/0", "run:hq", "continue"], corp=corp(credits=4, servers=servers),
             runner=runner(rig=[{"card": "cortez_chip"}]))  # fmt: skip
    g = r.game
    ice = g.servers["hq"].ice[0]
    assert g.rez_cost(ice) == 5 and not ice.rezzed and ids(g.runner.discard) == ["cortez_chip"]
    assert events(r, "run_successful")
    # an additional cost: a reduction of the rez cost (Braintrust's 2 counters) does not lower it
    servers = {**scorable("braintrust", 8), "hq": {"ice": [{"card": "nbn_static_veil"}]}}
    r = play(RECORDS, ["score:braintrust", "done", "use:cortez_chip/0"], active="corp",
             corp=corp(clicks=0, servers=servers), runner=runner(rig=[{"card": "cortez_chip"}]))  # fmt: skip
    g = r.game
    assert g.active == "runner" and g.rez_cost(g.servers["hq"].ice[0]) == 0 + 2


def test_e3_breaks_another_subroutine_after_a_break() -> None:
    servers = {"hq": {"ice": [rezzed("jinteki_bramble_screen")]}}
    rig = [{"card": "rockbit_drill"}, {"card": "e3_feedback_implants"}]
    r = play(RECORDS, ["run:hq", "boost:rockbit_drill/1", "break:rockbit_drill/0", "sub:1",
                       "use:e3_feedback_implants/0", "continue"],
             corp=corp(servers=servers), runner=runner(rig=rig, hand=["spark_of_insight"]))  # fmt: skip
    g = r.game
    assert g.runner.credits == 2 and len(g.runner.hand) == 1 and events(r, "run_successful")


def test_replicator_fetches_another_copy_of_installed_hardware() -> None:
    r = play(RECORDS, ["install:replicator", "yes", "install:lattice_memory", "yes"],
             runner=runner(hand=["replicator", "lattice_memory"],
                           deck=["spark_of_insight", "replicator", "lattice_memory"]))  # fmt: skip
    g = r.game
    assert sorted(ids(g.runner.hand)) == ["lattice_memory", "replicator"] and ids(g.runner.deck) == ["spark_of_insight"]


def test_plascrete_carapace_soaks_meat_damage() -> None:
    servers = {"archives": {"root": [rezzed("weyland_foreman_krug")]}}
    r = play(RECORDS, ["install:plascrete_carapace", "run:archives", "continue", "use:plascrete_carapace/2",
                       "use:plascrete_carapace/2"],
             corp=corp(servers=servers), runner=runner(hand=["plascrete_carapace", "spark_of_insight"]))  # fmt: skip
    g = r.game
    assert g.runner.rig[0].counters == {"power": 2} and ids(g.runner.hand) == ["spark_of_insight"]


def test_doppelganger_runs_again_after_a_successful_run() -> None:
    r = play(RECORDS, ["run:archives", "continue", "yes", "rnd", "continue"],
             runner=runner(rig=[{"card": "doppelganger"}]))  # fmt: skip
    g = r.game
    assert [e["server"] for e in events(r, "run_successful")] == ["archives", "rnd"] and g.runner.clicks == 3
    assert r.pending is not None and r.pending.kind == "action"  # once a turn: no third run offered
    r = play(RECORDS, [], runner=runner(hand=["doppelganger"], rig=[{"card": "modular_rigframe"}]))
    assert "install:doppelganger" not in [label.split("#")[0] for label in labels(r)]


# ---------------------------------------------------------------- runner resources and identity


def test_compromised_employee_pays_for_each_rezzed_ice() -> None:
    servers = {"hq": {"ice": [{"card": "nbn_static_veil"}]}}
    r = play(RECORDS, ["run:hq", "rez:nbn_static_veil"], corp=corp(servers=servers),
             runner=runner(rig=[{"card": "compromised_employee"}]))  # fmt: skip
    assert r.game.runner.credits == 6 and r.game.corp.credits == 4


def test_data_leak_reversal_mills_rnd_while_tagged() -> None:
    r = play(RECORDS, [], runner=runner(hand=["data_leak_reversal"], tags=1))
    assert "install:data_leak_reversal" not in [label.split("#")[0] for label in labels(r)]
    r = play(RECORDS, ["run:archives", "continue", "install:data_leak_reversal", "use:data_leak_reversal/0"],
             corp=corp(), runner=runner(hand=["data_leak_reversal"], tags=1))  # fmt: skip
    g = r.game
    assert len(g.corp.deck) == 2 and len(g.corp.discard) == 1 and not g.corp.discard[0].faceup


def test_joshua_b_trades_a_click_for_a_tag_at_the_end_of_the_turn() -> None:
    r = play(RECORDS, ["yes", *["credit"] * 5], active="corp", corp=corp(clicks=0),
             runner=runner(rig=[{"card": "joshua_b"}]))  # fmt: skip
    g = r.game
    assert g.active == "corp" and g.runner.credits == 10 and g.runner.tags == 1


def test_kati_jones_is_used_once_a_turn() -> None:
    r = play(RECORDS, ["use:kati_jones/0"], runner=runner(rig=[{"card": "kati_jones"}]))
    g = r.game
    assert g.runner.rig[0].credits == 3 and not any(label.startswith("use:kati") for label in labels(r))
    r = play(RECORDS, ["use:kati_jones/1"], runner=runner(rig=[{"card": "kati_jones", "credits": 6}]))
    g = r.game
    assert g.runner.rig[0].credits == 0 and g.runner.credits == 11
    assert not any(label.startswith("use:kati") for label in labels(r))


def test_mr_li_draws_two_and_buries_one() -> None:
    r = play(RECORDS, ["use:mr_li/0", "light_fingers"],
             runner=runner(rig=[{"card": "mr_li"}], deck=["light_fingers", "overnight_takeout", "spark_of_insight"]))
    g = r.game
    assert ids(g.runner.hand) == ["overnight_takeout"] and ids(g.runner.deck) == ["light_fingers", "spark_of_insight"]


def test_new_angeles_city_hall_avoids_tags_and_goes_with_a_steal() -> None:
    r = play(RECORDS, ["play:nbn_exclusive_scoop", "use:new_angeles_city_hall/0"], active="corp",
             corp=corp(hand=["nbn_exclusive_scoop"]), runner=runner(rig=[{"card": "new_angeles_city_hall"}],
                                                                   credits=2))  # fmt: skip
    g = r.game
    assert g.runner.tags == 0 and g.runner.credits == 0
    servers = {"remote1": {"root": [{"card": "neutral_board_resolution"}]}}
    r = play(RECORDS, ["run:remote1", "continue"], corp=corp(servers=servers),
             runner=runner(rig=[{"card": "new_angeles_city_hall"}]))  # fmt: skip
    assert ids(r.game.runner.discard) == ["new_angeles_city_hall"]


def test_the_helpful_ai_boosts_an_icebreaker_for_the_turn() -> None:
    r = play(RECORDS, ["use:the_helpful_ai/1"], runner=runner(rig=[{"card": "the_helpful_ai"}, {"card": "rockbit_drill"}]))
    g = r.game
    drill = card_in(r, g.runner.rig, "rockbit_drill")
    assert g.strength_of(drill) == 4 and ids(g.runner.discard) == ["the_helpful_ai"]


def test_underworld_contact_pays_with_2_link() -> None:
    rig = [{"card": "underworld_contact"}, {"card": "signal_relay"}, {"card": "signal_relay"}]
    r = play(RECORDS, [], active="corp", corp=corp(clicks=0), runner=runner(rig=rig, credits=0))
    assert r.game.runner.credits == 1
    r = play(RECORDS, [], active="corp", corp=corp(clicks=0), runner=runner(rig=rig[:2], credits=0))
    assert r.game.runner.credits == 0


def test_whizzard_credits_pay_trash_costs() -> None:
    servers = {"remote1": {"root": [{"card": "eve_campaign"}]}}
    r = play(RECORDS, ["run:remote1", "continue", "trash:eve_campaign"], active="corp",
             corp=corp(clicks=0, credits=0, servers=servers),
             runner=runner(identity="whizzard_master_gamer", credits=1))  # fmt: skip
    g = r.game
    assert ids(g.corp.discard) == ["eve_campaign"] and g.runner.credits == 0 and g.runner.identity.credits == 0


def test_fetal_ai_hurts_when_accessed_and_costs_2_to_steal() -> None:
    servers = {"remote1": {"root": [{"card": "fetal_ai"}]}}
    hand = ["spark_of_insight"] * 3
    r = play(RECORDS, ["run:remote1", "continue", "steal:fetal_ai"], corp=corp(servers=servers),
             runner=runner(hand=hand))  # fmt: skip
    g = r.game
    assert ids(g.runner.score_area) == ["fetal_ai"] and g.runner.credits == 3 and len(g.runner.hand) == 1
    r = play(RECORDS, ["run:remote1", "continue", "leave"], corp=corp(servers=servers), runner=runner(hand=hand))
    g = r.game
    assert g.runner.score_area == [] and g.runner.credits == 5 and len(g.runner.hand) == 1
    r = play(RECORDS, ["run:rnd", "continue", "leave"], corp=corp(deck=["fetal_ai"]), runner=runner(hand=hand))
    assert events(r, "reveal") and len(r.game.runner.hand) == 1
    r = play(RECORDS, ["run:archives", "continue", "leave"], corp=corp(discard=["fetal_ai"]), runner=runner(hand=hand))
    assert len(r.game.runner.hand) == 3 and not events(r, "reveal")


def test_flare_trashes_hardware_and_does_unpreventable_meat_damage() -> None:
    servers = {"hq": {"ice": [rezzed("flare")]}}
    rig = [{"card": "lattice_memory"}, {"card": "plascrete_carapace", "counters": {"power": 2}}]
    r = play(RECORDS, ["run:hq", "lattice_memory"], corp=corp(credits=0, servers=servers),
             runner=runner(credits=0, rig=rig, hand=["spark_of_insight"] * 3))  # fmt: skip
    g = r.game
    assert ids(g.runner.rig) == ["plascrete_carapace"] and g.runner.rig[0].counters == {"power": 2}
    assert len(g.runner.hand) == 1 and any(e.get("ended") for e in events(r, "end_run"))


def test_chimera_takes_a_chosen_subtype_until_the_turn_ends() -> None:
    servers = {"hq": {"ice": [{"card": "chimera"}]}}
    r = play(RECORDS, ["run:hq", "rez:chimera", "barrier", "break:rockbit_drill/0", "continue"],
             corp=corp(servers=servers), runner=runner(clicks=1, rig=[{"card": "rockbit_drill"}]))  # fmt: skip
    g = r.game
    chimera = g.servers["hq"].ice[0]
    assert events(r, "run_successful") and g.active == "corp"
    assert not chimera.rezzed and chimera.subtypes == ("mythic",)
