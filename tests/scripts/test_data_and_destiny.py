"""Data and Destiny's card scripts (corp and runner cards, identities), each played through a scenario that checks
what changes."""

from __future__ import annotations

from functools import partial
from typing import Any

from . import kit
from .kit import bundled, card, events, identity, ids, labels, play, rezzed

IN_RND = "A Runner accessing this card while it is in R&D shows it to both players."
CONSOLE = "You may have only one console installed."


corp = partial(kit.corp, deck=["neutral_plywood_screen"] * 4)
runner = partial(kit.runner, deck=["spark_of_insight"] * 4)


# ---------------------------------------------------------------- corp fixtures (our own wording)

SPECIAL_OFFER = card(
    "special_offer",
    "ice",
    ["[subroutine] The Corp takes 5[credit], then this ice goes to Archives."],
    subtypes=["trap", "advertisement"], rez_cost=1, strength=3, faction="nbn",
)  # fmt: skip
RESISTOR = card(
    "resistor",
    "ice",
    ["Every tag the Runner holds makes this ice 1 stronger.", "[subroutine] Trace[4]. If successful, end the run."],
    subtypes=["barrier", "tracer"], rez_cost=0, strength=0, faction="nbn",
)  # fmt: skip
TURNPIKE = card(
    "turnpike",
    "ice",
    ["On encounter the Runner pays a toll of 1[credit].",
     "[subroutine] Trace[5]. If successful, give the Runner 1 tag."],  # fmt: skip
    subtypes=["sentry", "tracer"], rez_cost=2, strength=3, faction="nbn",
)  # fmt: skip
NEWS_HOUND = card(
    "news_hound",
    "ice",
    ["While any current is in play, this ice also has a closing subroutine ending the run.",
     "[subroutine] Trace[3]. If successful, give the Runner 1 tag."],  # fmt: skip
    subtypes=["sentry", "tracer"], rez_cost=2, strength=4, faction="nbn",
)  # fmt: skip
TL_DR = card(
    "tl_dr",
    "ice",
    ["[subroutine] For the next ice met in this run, each of its subroutines fires twice in that encounter."],
    subtypes=["code_gate"], rez_cost=1, strength=4, faction="nbn",
)  # fmt: skip
ARCHANGEL = card(
    "archangel",
    "ice",
    [IN_RND,
     "Accessed outside Archives, the Corp may pay 3[credit] to make the Runner meet it.",
     "[subroutine] Trace[6]; success sends one installed Runner card back to the grip."],  # fmt: skip
    subtypes=["code_gate", "tracer", "ambush"], rez_cost=4, strength=6, faction="nbn",
)  # fmt: skip
GFI = card(
    "global_food_initiative",
    "agenda",
    ["The Runner counts this agenda as 1 point less."],
    subtypes=["initiative"], agenda_points=3, advancement_requirement=5,
)  # fmt: skip
QPM = card(
    "quantum_predictive_model",
    "agenda",
    [IN_RND, "A tagged Runner accessing this agenda sees it go to your score area."],
    subtypes=["security"], agenda_points=1, advancement_requirement=3, faction="nbn",
)  # fmt: skip
TRACERS = card(
    "improved_tracers",
    "agenda",
    ["Each tracer ice is 1 stronger.", "Every subroutine trace starts 1 higher."],
    subtypes=["security"], agenda_points=1, advancement_requirement=3, faction="nbn",
)  # fmt: skip
LAUNCH = card(
    "launch_campaign",
    "asset",
    ["Rezzing this asset loads 6[credit] on it; once it is empty it is trashed.",
     "When your turn begins, take 2[credit] from this asset."],  # fmt: skip
    subtypes=["advertisement"], rez_cost=1, trash_cost=2,
)  # fmt: skip
LILY = card(
    "lily_lockwell",
    "asset",
    ["When you rez this asset, draw 3 cards.",
     "[click], take away 1 of the Runner's tags: find an operation in R&D, show it, shuffle R&D and lay the "
     "operation on top."],  # fmt: skip
    subtypes=["character"], rez_cost=2, trash_cost=3, faction="nbn", unique=True,
)  # fmt: skip
SHANNON = card(
    "shannon_claire",
    "asset",
    ["[click]: Take the bottom card of R&D into HQ.",
     "[trash]: Find an agenda in R&D or Archives, show it, shuffle R&D if you looked there, and slide the agenda "
     "under R&D."],  # fmt: skip
    subtypes=["character"], rez_cost=0, trash_cost=3, faction="nbn", unique=True,
)  # fmt: skip
KEEGAN = card(
    "keegan_lane",
    "upgrade",
    ["[trash], take away 1 of the Runner's tags: one program of the Runner is trashed; only while a run on this "
     "server is under way."],  # fmt: skip
    subtypes=["sysop"], rez_cost=0, trash_cost=3, faction="nbn", unique=True,
)  # fmt: skip
NEWS_TEAM = card(
    "news_team",
    "asset",
    [IN_RND, "On access the Runner either takes 2 tags or keeps this asset in their score area as -1 point."],
    subtypes=["ambush"], rez_cost=0, trash_cost=0, faction="nbn",
)  # fmt: skip
VICTORIA = card(
    "victoria_jenkins",
    "asset",
    ["Each Runner turn starts with one [click] fewer.",
     "Trashed while the Runner accesses it, it becomes a 2-point agenda in the Runner's score area."],  # fmt: skip
    subtypes=["executive"], rez_cost=3, trash_cost=5, faction="nbn", unique=True,
)  # fmt: skip
RUTHERFORD = card(
    "rutherford_grid",
    "upgrade",
    ["Traces in runs on this server start 2 higher.", "Only one region may be in each server."],
    subtypes=["region"], rez_cost=0, trash_cost=4, faction="nbn",
)  # fmt: skip
NEWS_CYCLE = card(
    "24_7_news_cycle",
    "operation",
    ["Playing this costs one of your scored agendas, forfeited.",
     "An agenda in your score area has its scoring ability happen again."],  # fmt: skip
    cost=0, faction="nbn",
)  # fmt: skip
AD_BLITZ = card(
    "ad_blitz",
    "operation",
    ["Playing this takes one more [click].",
     "Bring X advertisements out of HQ or Archives, installing and rezzing them at full cost, as many as you can."],
    subtypes=["double"], cost=None, faction="nbn",
)  # fmt: skip
ALL_SEEING = card(
    "the_all_seeing_i",
    "operation",
    ["Only while the Runner has a tag.",
     "Every resource goes to the heap, unless the Runner takes away 1 of your bad publicity to stop it."],
    cost=1, faction="nbn",
)  # fmt: skip
SOL = identity(
    "new_angeles_sol_your_news",
    "corp",
    ["Each time an agenda is scored or stolen you may play a current out of HQ or Archives at its cost."],
    faction="nbn", subtypes=["division"],
)  # fmt: skip
SPARK = identity(
    "spark_agency_worldswide_reach",
    "corp",
    ["Your first advertisement rezzed each turn costs the Runner 1[credit]."],
    faction="nbn", subtypes=["division"],
)  # fmt: skip
PAYWALL = card(  # a current of another set (its script is in lunar.py)
    "paywall_implementation",
    "operation",
    ["It remains in play until a new current comes or the Runner steals an agenda.",
     "Every successful run earns the Corp 1[credit]."],  # fmt: skip
    subtypes=["current", "transaction"], cost=0,
)  # fmt: skip

CORP_CARDS = [SPECIAL_OFFER, RESISTOR, TURNPIKE, NEWS_HOUND, TL_DR, GFI, QPM, LAUNCH, LILY, SHANNON, KEEGAN,
              NEWS_TEAM, VICTORIA, NEWS_CYCLE, AD_BLITZ, ALL_SEEING, SOL, SPARK]  # fmt: skip
PARTIAL = [ARCHANGEL, TRACERS, RUTHERFORD]

# ---------------------------------------------------------------- runner fixtures (our own wording)

BRAIN_CHIP = card(
    "brain_chip",
    "hardware",
    ["+X[mu]", "X more maximum hand size too.", "X counts your agenda points.", CONSOLE],
    subtypes=["console"], cost=2, faction="adam", unique=True,
)  # fmt: skip
HEARTBEAT = card(
    "heartbeat",
    "hardware",
    ["+1[mu]", "Send one of your installed cards to the heap: 1 damage is prevented.", CONSOLE],
    subtypes=["console"], cost=2, faction="apex", unique=True,
)  # fmt: skip
NEXUS = card(
    "security_nexus",
    "hardware",
    ["+1[mu], +1[link]",
     "Once a turn, meeting ice, you may ask the Corp for a Trace[5]: success tags you once and ends the run, "
     "failure lets you bypass that ice.",
     CONSOLE],  # fmt: skip
    subtypes=["console"], cost=8, faction="sunny_lebeau", unique=True,
)  # fmt: skip
CHIP = card(
    "security_chip",
    "hardware",
    ["[trash]: In a run, one icebreaker (or as many cloud icebreakers as you like) gains strength equal to your "
     "link until the run is over."],  # fmt: skip
    subtypes=["chip"], cost=0, faction="sunny_lebeau",
)  # fmt: skip
HUNGER = card(
    "endless_hunger",
    "program",
    ["Send one of your installed cards to the heap: break a subroutine whose only effect is ending the run."],
    subtypes=["icebreaker"], cost=0, strength=11, memory_cost=4, faction="apex",
)  # fmt: skip
LOVEGOOD = card(
    "dr_lovegood",
    "resource",
    ["Your turn starts with one of your installed cards, your pick, going blank until the turn ends."],
    subtypes=["connection"], cost=2, faction="adam", unique=True,
)  # fmt: skip
SAFETY = card(
    "safety_first",
    "resource",
    ["Your maximum hand size is reduced by 2.",
     "At the end of your turn, draw a card when the grip is below your maximum hand size."],  # fmt: skip
    subtypes=["directive", "virtual"], cost=0, faction="adam", unique=True,
)  # fmt: skip
GLOBALSEC = card(
    "globalsec_security_clearance",
    "resource",
    ["It needs 2[link] or more to be installed.",
     "Starting your turn, you may give up a [click] to peek at the top of R&D."],  # fmt: skip
    subtypes=["virtual"], cost=2, faction="sunny_lebeau",
)  # fmt: skip
JAK = card(
    "jak_sinclair",
    "resource",
    ["Each [link] you have makes installing this 1[credit] cheaper.",
     "Starting your turn, you may make a run in which no program of yours can be used."],  # fmt: skip
    subtypes=["connection"], cost=3, faction="sunny_lebeau", unique=True,
)  # fmt: skip
WRITER = card(
    "technical_writer",
    "resource",
    ["Each hardware or program you install adds 1[credit] from the bank to this resource.",
     "[click], [trash]: Collect the credits on this resource."],  # fmt: skip
    cost=0,
)  # fmt: skip
NAT = card(
    "neutralize_all_threats",
    "resource",
    ["Your first access each turn of a card with a trash cost reveals it, and you must pay to trash it if you can.",
     "Breaching HQ lets you access one more card."],  # fmt: skip
    subtypes=["directive", "virtual"], cost=0, faction="adam", unique=True,
)  # fmt: skip
WASTELAND = card(
    "wasteland",
    "resource",
    ["Your first trash each turn of a card you have installed pays you 1[credit]."],
    subtypes=["location", "virtual"], cost=2, faction="apex",
)  # fmt: skip
WINDFALL = card(
    "windfall",
    "event",
    ["Shuffle the stack, trash its top card, and collect credits equal to what that card costs to install."],
    cost=0,
)  # fmt: skip
THINKING = card(
    "independent_thinking",
    "event",
    ["Up to 5 of your installed cards go to the heap; draw a card for each (two each if a directive was among "
     "them)."],  # fmt: skip
    cost=1, faction="adam",
)  # fmt: skip
PREY = card(
    "prey",
    "event",
    ["Run a server; once in it, passing ice, you may trash as many installed cards of yours as its strength to "
     "trash it too."],  # fmt: skip
    subtypes=["run"], cost=0, faction="apex",
)  # fmt: skip

RUNNER_CARDS = [BRAIN_CHIP, HEARTBEAT, NEXUS, CHIP, HUNGER, LOVEGOOD, SAFETY, GLOBALSEC, JAK, WRITER, NAT, WASTELAND,
                WINDFALL, THINKING, PREY]  # fmt: skip
RECORDS = [*bundled(), *CORP_CARDS, *PARTIAL, *RUNNER_CARDS, PAYWALL]


def test_every_fixture_is_executable_but_the_partial_ones() -> None:
    for record in CORP_CARDS + RUNNER_CARDS:
        assert record.reading.status == "executable", record.id
    for record in PARTIAL:
        assert record.reading.status == "partial", record.id
    assert ARCHANGEL.reading.scripted == [0, 2] and TRACERS.reading.scripted == [0]
    assert NEWS_HOUND.reading.read == [1] and NEWS_HOUND.reading.scripted == [0]
    assert NEXUS.reading.read == [0] and NEXUS.reading.scripted == [1, 2]


def _run(server: str, ice: list[dict[str, Any]], decisions: list[str], corp_side: dict[str, Any] | None = None,
         **runner_side: Any) -> Any:  # fmt: skip
    corp_side = dict(corp_side or {})
    servers = {server: {"ice": ice}}
    servers.update(corp_side.pop("servers", {}))
    return play(RECORDS, [f"run:{server}", *decisions], active="runner",
                corp=corp(servers=servers, **corp_side), runner=runner(**runner_side))  # fmt: skip


# ---------------------------------------------------------------- corp: ice


def test_special_offer_pays_the_corp_and_trashes_itself() -> None:
    r = _run("hq", [rezzed("special_offer")], ["continue"], {"credits": 2})
    g = r.game
    assert g.corp.credits == 7 and ids(g.corp.discard) == ["special_offer"] and not g.servers["hq"].ice
    assert g.run_history[-1][2]


def test_resistor_grows_with_the_runners_tags() -> None:
    r = _run("hq", [rezzed("resistor")], [], {"credits": 0}, tags=2, credits=0)
    g = r.game
    assert events(r, "encounter")[0]["strength"] == 2
    assert not g.run_history[-1][2]  # trace 4 beats link 0: the run ended


def test_turnpike_takes_a_credit_on_encounter() -> None:
    r = _run("hq", [rezzed("turnpike")], ["pay:0", "continue"], {"credits": 0}, credits=3)
    g = r.game
    assert g.runner.credits == 2 and g.runner.tags == 1


def test_news_hound_ends_the_run_only_while_a_current_is_in_play() -> None:
    servers = {"hq": {"ice": [rezzed("news_hound")]}}
    r = play(RECORDS, ["play:paywall_implementation", "run:hq"], active="corp",
             corp=corp(servers=servers, hand=["paywall_implementation"], clicks=1, credits=0),
             runner=runner(credits=0))  # fmt: skip
    g = r.game
    assert ids(g.in_play) == ["paywall_implementation"]
    assert g.runner.tags == 1 and events(r, "gain_subroutines") and not g.run_history[-1][2]
    r = _run("hq", [rezzed("news_hound")], ["continue"], {"credits": 0}, credits=0)
    assert r.game.run_history[-1][2] and not events(r, "gain_subroutines")


def test_tl_dr_doubles_the_subroutines_of_the_next_ice() -> None:
    ice = [rezzed("neutral_tripwire_daemon"), rezzed("tl_dr")]
    r = _run("hq", ice, ["continue"], credits=5)
    g = r.game
    assert events(r, "gain_subroutines")[0]["subroutines"] == 4
    assert g.runner.tags == 2 and g.runner.credits == 1  # two tags, twice 2 credits lost


def test_archangel_sends_an_installed_card_back_to_the_grip() -> None:
    r = _run("hq", [rezzed("archangel")], ["continue"], {"credits": 0}, credits=0, rig=[{"card": "debug_lamp"}])
    g = r.game
    assert ids(g.runner.hand) == ["debug_lamp"] and not g.runner.rig


# ---------------------------------------------------------------- corp: agendas


def test_global_food_initiative_is_worth_one_less_to_the_runner() -> None:
    r = play(RECORDS, [], corp=corp(score_area=["global_food_initiative"]),
             runner=runner(score_area=["global_food_initiative"]))  # fmt: skip
    g = r.game
    assert g.agenda_points("corp") == 3 and g.agenda_points("runner") == 2


def test_quantum_predictive_model_goes_to_the_corp_when_the_runner_is_tagged() -> None:
    servers = {"remote1": {"root": [{"card": "quantum_predictive_model"}]}}
    r = play(RECORDS, ["run:remote1", "continue"], corp=corp(servers=servers), runner=runner(tags=1))
    g = r.game
    assert ids(g.corp.score_area) == ["quantum_predictive_model"] and not g.runner.score_area
    assert g.agenda_points("corp") == 1 and not events(r, "score")
    r = play(RECORDS, ["run:rnd", "continue"], corp=corp(deck=["quantum_predictive_model"]), runner=runner())
    g = r.game
    assert ids(g.runner.score_area) == ["quantum_predictive_model"] and events(r, "reveal")


def test_improved_tracers_strengthens_tracer_ice() -> None:
    servers = {"hq": {"ice": [rezzed("turnpike"), rezzed("nbn_static_veil")]}}
    r = play(RECORDS, [], corp=corp(servers=servers, score_area=["improved_tracers"]), runner=runner())
    g = r.game
    assert [g.strength_of(c) for c in g.servers["hq"].ice] == [4, 1]


# ---------------------------------------------------------------- corp: assets, upgrades


def test_launch_campaign_loads_six_and_pays_two_a_turn() -> None:
    servers = {"remote1": {"root": [{"card": "launch_campaign"}]}}
    r = play(RECORDS, ["rez:launch_campaign"], active="corp", corp=corp(servers=servers, clicks=1, credits=1))
    g = r.game
    campaign = g.servers["remote1"].root[0]
    assert campaign.credits == 6 and g.corp.credits == 0


def test_lily_lockwell_puts_an_operation_on_top_of_rnd() -> None:
    deck = ["neutral_plywood_screen", "neutral_emergency_audit", "neutral_plywood_screen"]
    servers = {"remote1": {"root": [rezzed("lily_lockwell")]}}
    r = play(RECORDS, ["use:lily_lockwell/1"], active="corp", corp=corp(servers=servers, deck=deck),
             runner=runner(tags=1))  # fmt: skip
    g = r.game
    assert g.runner.tags == 0 and g.corp.deck[-1].id == "neutral_emergency_audit" and g.corp.clicks == 2
    assert events(r, "reveal")[0]["type"] == "operation"


def test_shannon_claire_draws_from_the_bottom_and_buries_an_agenda() -> None:
    deck = ["neutral_emergency_audit", "neutral_plywood_screen", "hb_lattice_gate"]
    servers = {"remote1": {"root": [rezzed("shannon_claire")]}}
    r = play(RECORDS, ["use:shannon_claire/0"], active="corp", corp=corp(servers=servers, deck=deck))
    g = r.game
    assert ids(g.corp.hand) == ["hb_lattice_gate"] and len(g.corp.deck) == 2
    r = play(RECORDS, ["use:shannon_claire/1"], active="corp",
             corp=corp(servers=servers, deck=deck, discard=["neutral_pilot_scheme"]))  # fmt: skip
    g = r.game
    assert g.corp.deck[0].id == "neutral_pilot_scheme" and not g.corp.discard[:-1]
    assert ids(g.corp.discard) == ["shannon_claire"]


def test_keegan_lane_trashes_a_program_during_a_run_on_its_server() -> None:
    servers = {"remote1": {"ice": [{"card": "nbn_static_veil"}], "root": [rezzed("keegan_lane"),
                                                                          {"card": "nbn_billboard_network"}]}}
    rn = runner(tags=1, rig=[{"card": "pry_script"}])
    r = play(RECORDS, ["run:remote1"], corp=corp(servers=servers, credits=0), runner=rn)
    assert "use:" in " ".join(labels(r))
    use = next(label for label in labels(r) if label.startswith("use:keegan_lane"))
    r = play(RECORDS, ["run:remote1", use], corp=corp(servers=servers, credits=0), runner=rn)
    g = r.game
    assert g.runner.tags == 0 and not g.runner.rig and "keegan_lane" in ids(g.corp.discard)


def test_news_team_tags_or_joins_the_runners_score_area() -> None:
    servers = {"remote1": {"root": [{"card": "news_team"}]}}
    r = play(RECORDS, ["run:remote1", "continue", "done", "tags"], corp=corp(servers=servers), runner=runner())
    assert r.game.runner.tags == 2 and ids(r.game.servers["remote1"].root) == ["news_team"]
    r = play(RECORDS, ["run:remote1", "continue", "done", "score_area"], corp=corp(servers=servers), runner=runner())
    g = r.game
    assert ids(g.runner.score_area) == ["news_team"] and g.agenda_points("runner") == -1 and g.runner.tags == 0


def test_victoria_jenkins_costs_a_click_and_scores_for_the_runner_when_trashed() -> None:
    servers = {"remote1": {"root": [rezzed("victoria_jenkins")]}}
    r = play(RECORDS, ["run:remote1", "continue", "trash:victoria_jenkins#3"], corp=corp(servers=servers),
             runner=runner(credits=5, clicks=1))  # fmt: skip
    g = r.game
    assert ids(g.runner.score_area) == ["victoria_jenkins"] and g.agenda_points("runner") == 2
    assert g.runner.credits == 0


def test_victoria_jenkins_takes_a_click_from_each_runner_turn() -> None:
    servers = {"remote1": {"root": [rezzed("victoria_jenkins")]}}
    r = play(RECORDS, [], active="corp", corp=corp(servers=servers, clicks=0), runner=runner())
    g = r.game
    assert g.active == "runner" and g.runner.clicks == 3


def test_rutherford_grid_keeps_one_region_per_server() -> None:
    servers = {"remote1": {"root": [{"card": "nbn_relay_tower_grid"}, {"card": "nbn_billboard_network"}]}}
    r = play(RECORDS, ["install:rutherford_grid@remote1"], active="corp",
             corp=corp(servers=servers, hand=["rutherford_grid"]))  # fmt: skip
    g = r.game
    assert ids(g.servers["remote1"].root) == ["nbn_billboard_network", "rutherford_grid"]
    assert ids(g.corp.discard) == ["nbn_relay_tower_grid"]


# ---------------------------------------------------------------- corp: operations


def test_news_cycle_forfeits_an_agenda_to_resolve_a_scoring_ability_again() -> None:
    r = play(RECORDS, ["play:24_7_news_cycle", "neutral_board_resolution"], active="corp",
             corp=corp(hand=["24_7_news_cycle"], score_area=["neutral_board_resolution", "nbn_open_channel_act"],
                       credits=0))  # fmt: skip
    g = r.game
    assert ids(g.corp.score_area) == ["nbn_open_channel_act"] and g.corp.credits == 4
    assert events(r, "forfeit")


def test_news_cycle_needs_an_agenda_to_forfeit() -> None:
    r = play(RECORDS, [], active="corp", corp=corp(hand=["24_7_news_cycle"]))
    assert not [label for label in labels(r) if label.startswith("play:24_7")]


def test_ad_blitz_installs_and_rezzes_advertisements_from_hq_and_archives() -> None:
    r = play(RECORDS, ["play:ad_blitz", "2", "nbn_billboard_network", "new remote"],
             active="corp", corp=corp(hand=["ad_blitz", "nbn_billboard_network"], discard=["launch_campaign"],
                                      credits=6))  # fmt: skip
    g = r.game
    rezzed_ids = sorted(c.id for s in g.servers.values() for c in s.root if c.rezzed)
    assert rezzed_ids == ["launch_campaign", "nbn_billboard_network"]
    assert g.corp.credits == 6 - 2 - 2 - 1 and g.corp.clicks == 1  # X, then the two rez costs; two clicks spent
    assert not g.corp.hand and not g.corp.discard[:-1] and ids(g.corp.discard) == ["ad_blitz"]


def test_the_all_seeing_i_trashes_resources_unless_bad_publicity_goes() -> None:
    rig = [{"card": "garage_lab"}, {"card": "shell_ledger"}, {"card": "debug_lamp"}]
    r = play(RECORDS, ["play:the_all_seeing_i"], active="corp", corp=corp(hand=["the_all_seeing_i"]),
             runner=runner(tags=1, rig=rig))  # fmt: skip
    assert ids(r.game.runner.rig) == ["debug_lamp"]
    r = play(RECORDS, ["play:the_all_seeing_i", "yes"], active="corp",
             corp=corp(hand=["the_all_seeing_i"], bad_publicity=1), runner=runner(tags=1, rig=rig))  # fmt: skip
    assert len(r.game.runner.rig) == 3 and r.game.corp.bad_publicity == 0
    r = play(RECORDS, [], active="corp", corp=corp(hand=["the_all_seeing_i"]), runner=runner(rig=rig))
    assert not [label for label in labels(r) if label.startswith("play:the_all")]


# ---------------------------------------------------------------- corp: identities


def test_new_angeles_sol_plays_a_current_from_archives_on_a_score() -> None:
    servers = {"remote1": {"root": [{"card": "neutral_board_resolution", "counters": {"advancement": 4}}]}}
    r = play(RECORDS, ["score:neutral_board_resolution", "paywall_implementation"], active="corp",
             corp={**corp(servers=servers, discard=["paywall_implementation"]), "identity": "new_angeles_sol_your_news"})
    g = r.game
    assert ids(g.in_play) == ["paywall_implementation"] and not g.corp.discard


def test_spark_agency_drains_a_credit_on_the_first_advertisement_rezzed() -> None:
    servers = {"remote1": {"root": [{"card": "nbn_billboard_network"}]},
               "remote2": {"root": [{"card": "launch_campaign"}]}}  # fmt: skip
    r = play(RECORDS, ["rez:nbn_billboard_network", "rez:launch_campaign"], active="corp",
             corp={**corp(servers=servers), "identity": "spark_agency_worldswide_reach"}, runner=runner(credits=3))
    assert r.game.runner.credits == 2


# ---------------------------------------------------------------- runner: hardware


def test_brain_chip_adds_memory_and_hand_size_for_agenda_points() -> None:
    r = play(RECORDS, [], runner=runner(score_area=["nbn_open_channel_act"], rig=[{"card": "brain_chip"}]))
    g = r.game
    assert g.memory_limit() == 7 and g.hand_size("runner") == 7
    r = play(RECORDS, [], runner=runner(hand=["brain_chip"], rig=[{"card": "pocket_terminal"}]))
    assert not [label for label in labels(r) if label.startswith("install:brain_chip")]


def test_heartbeat_trashes_a_card_to_prevent_damage() -> None:
    servers = {"hq": {"ice": [rezzed("jinteki_needle_choir")]}}
    rig = [{"card": "heartbeat"}, {"card": "debug_lamp"}]
    r = play(RECORDS, ["run:hq", "use:heartbeat/1", "debug_lamp", "done"], corp=corp(servers=servers),
             runner=runner(rig=rig, hand=["spark_of_insight"] * 3))  # fmt: skip
    g = r.game
    assert ids(g.runner.rig) == ["heartbeat"] and len(g.runner.hand) == 2


def test_security_nexus_bypasses_or_ends_the_run_on_a_trace() -> None:
    servers = {"hq": {"ice": [rezzed("nbn_static_veil")]}}
    r = play(RECORDS, ["run:hq", "yes", "pay:5", "continue"], corp=corp(servers=servers, credits=0),
             runner=runner(rig=[{"card": "security_nexus"}], credits=5))  # fmt: skip
    g = r.game
    assert events(r, "bypass") and g.run_history[-1][2] and g.runner.tags == 0
    r = play(RECORDS, ["run:hq", "yes"], corp=corp(servers=servers, credits=0),
             runner=runner(rig=[{"card": "security_nexus"}], credits=0))  # fmt: skip
    g = r.game
    assert g.runner.tags == 1 and not g.run_history[-1][2]


def test_security_chip_gives_an_icebreaker_link_strength_for_the_run() -> None:
    servers = {"hq": {"ice": [rezzed("weyland_slag_rampart")]}}
    rig = [{"card": "security_chip"}, {"card": "pry_script"}, {"card": "pocket_terminal"}, {"card": "signal_relay"}]
    r = play(RECORDS, ["run:hq", "use:security_chip/0"], corp=corp(servers=servers), runner=runner(rig=rig))
    g = r.game
    breaker = next(c for c in g.runner.rig if c.id == "pry_script")
    assert g.strength_of(breaker) == 3 and "security_chip" in ids(g.runner.discard)


def test_endless_hunger_trashes_a_card_to_break_an_end_the_run() -> None:
    servers = {"hq": {"ice": [rezzed("nbn_subscription_gate")]}}
    rig = [{"card": "endless_hunger"}, {"card": "debug_lamp"}]
    r = play(RECORDS, ["run:hq", "use:endless_hunger/0", "debug_lamp", "continue"],
             corp=corp(servers=servers, credits=0), runner=runner(rig=rig))  # fmt: skip
    g = r.game
    assert ids(g.runner.rig) == ["endless_hunger"] and g.run_history[-1][2] and g.corp.credits == 1


# ---------------------------------------------------------------- runner: resources


def test_dr_lovegood_blanks_a_card_for_the_turn() -> None:
    rig = [{"card": "dr_lovegood"}, {"card": "debug_lamp"}]
    r = play(RECORDS, ["debug_lamp"], active="corp", corp=corp(clicks=0), runner=runner(rig=rig))
    g = r.game
    assert g.active == "runner" and events(r, "blank")
    assert not [label for label in labels(r) if label.startswith("use:debug_lamp")]
    r = play(RECORDS, ["dr_lovegood"], active="corp", corp=corp(clicks=0), runner=runner(rig=rig))
    assert [label for label in labels(r) if label.startswith("use:debug_lamp")]


def test_safety_first_draws_below_the_hand_size() -> None:
    r = play(RECORDS, [], runner=runner(rig=[{"card": "safety_first"}], clicks=0, hand=["spark_of_insight"]))
    g = r.game
    assert len(g.runner.hand) == 2 and g.active == "corp"


def test_globalsec_needs_two_link_and_peeks_at_rnd_for_a_click() -> None:
    r = play(RECORDS, [], runner=runner(hand=["globalsec_security_clearance"]))
    assert not [label for label in labels(r) if label.startswith("install:globalsec")]
    rig = [{"card": "globalsec_security_clearance"}, {"card": "pocket_terminal"}, {"card": "signal_relay"}]
    r = play(RECORDS, ["yes"], active="corp", corp=corp(clicks=0), runner=runner(rig=rig))
    g = r.game
    assert g.runner.clicks == 3 and events(r, "look")


def test_jak_sinclair_is_cheaper_and_runs_without_programs() -> None:
    rig = [{"card": "pocket_terminal"}, {"card": "signal_relay"}]
    r = play(RECORDS, ["install:jak_sinclair"], runner=runner(rig=rig, hand=["jak_sinclair"], credits=1))
    assert r.game.runner.credits == 0 and "jak_sinclair" in ids(r.game.runner.rig)
    servers = {"hq": {"ice": [rezzed("nbn_static_veil")]}}
    rig = [{"card": "jak_sinclair"}, {"card": "pry_script"}]
    r = play(RECORDS, ["yes", "hq"], active="corp", corp=corp(clicks=0, servers=servers), runner=runner(rig=rig))
    g = r.game
    assert not g.run_history[-1][2] and events(r, "blank") and g.runner.clicks == 4


def test_technical_writer_collects_a_credit_per_install() -> None:
    r = play(RECORDS, ["install:debug_lamp", "install:pry_script", "use:technical_writer/1"],
             runner=runner(rig=[{"card": "technical_writer"}], hand=["debug_lamp", "pry_script"], credits=6))
    g = r.game
    assert g.runner.credits == 2 and "technical_writer" in ids(g.runner.discard)


def test_neutralize_all_threats_forces_a_trash_and_adds_an_hq_access() -> None:
    r = play(RECORDS, ["run:hq", "continue"], corp=corp(hand=["nbn_billboard_network", "nbn_press_office"]),
             runner=runner(rig=[{"card": "neutralize_all_threats"}], credits=5))  # fmt: skip
    g = r.game
    accessed = events(r, "access")
    assert len(accessed) == 2 and events(r, "reveal")[0]["card"] == accessed[0]["card"]
    first = next(c for c in g.corp.discard)
    assert str(first) == accessed[0]["card"] and g.runner.credits == 5 - first.record.trash_cost
    assert labels(r)[0].startswith("trash:")  # the second card may be left


def test_wasteland_pays_for_the_first_installed_card_trashed() -> None:
    r = play(RECORDS, ["install:cutwire_crew", "use:cutwire_crew/0", "install:fire_escape"],
             runner=runner(rig=[{"card": "wasteland"}], hand=["cutwire_crew", "fire_escape"], credits=3))
    assert r.game.runner.credits == 3 - 2 + 1 - 1


def test_wasteland_ignores_cards_trashed_from_the_stack() -> None:
    r = play(RECORDS, ["play:windfall"], runner=runner(rig=[{"card": "wasteland"}], hand=["windfall"],
                                                      deck=["debug_lamp"], credits=0))  # fmt: skip
    g = r.game
    assert g.runner.credits == 3 and ids(g.runner.discard) == ["debug_lamp", "windfall"]


# ---------------------------------------------------------------- runner: events


def test_independent_thinking_draws_double_for_a_directive() -> None:
    rig = [{"card": "safety_first"}, {"card": "debug_lamp"}]
    r = play(RECORDS, ["play:independent_thinking", "safety_first", "debug_lamp"],
             runner=runner(rig=rig, hand=["independent_thinking"]))  # fmt: skip
    g = r.game
    assert not g.runner.rig and len(g.runner.hand) == 4


def test_prey_trashes_the_passed_ice_for_installed_cards() -> None:
    servers = {"hq": {"ice": [rezzed("nbn_static_veil")]}}
    r = play(RECORDS, ["play:prey", "hq", "break:rockbit_drill/0", "yes", "debug_lamp", "continue"],
             corp=corp(servers=servers), runner=runner(hand=["prey"], rig=[{"card": "rockbit_drill"},
                                                                          {"card": "debug_lamp"}]))  # fmt: skip
    g = r.game
    assert not g.servers["hq"].ice and ids(g.corp.discard) == ["nbn_static_veil"]
    assert ids(g.runner.rig) == ["rockbit_drill"] and not g.in_play
