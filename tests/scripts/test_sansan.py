"""The SanSan cycle's card scripts, each played through a scenario that checks what changes."""

from __future__ import annotations

from functools import partial
from typing import Any

from . import kit
from .kit import bundled, card, card_in, events, identity, ids, labels, play, rezzed

ETR = "[subroutine] End the run."
IN_RND = "Should the Runner access this card inside R&D, it is shown to both players."


corp = partial(kit.corp, deck=["neutral_plywood_screen"] * 4)
runner = partial(kit.runner, deck=["spark_of_insight"] * 4)


# ---------------------------------------------------------------- runner fixtures (our own wording)

BEACH_PARTY = card(
    "beach_party",
    "resource",
    ["Each of your turns starts with you losing a [click].", "You get +5 maximum hand size."],
    cost=0,
)
DRUG_DEALER = card(
    "drug_dealer",
    "resource",
    ["When your turn begins, lose 1[credit].", "Each time a Corp turn starts, you draw a card."],
    subtypes=["connection"], cost=1, faction="criminal",
)  # fmt: skip
CLOUD_NOTE = "With 2[link] or more, this program takes no memory, installed or not."
PER_BREAKER = "It is 1 stronger for every icebreaker you have installed."
CROWBAR = card(
    "crowbar",
    "program",
    [CLOUD_NOTE, PER_BREAKER, "Interface → [trash]: Break up to 3 <strong>code gate</strong> subroutines."],
    subtypes=["icebreaker", "decoder", "cloud"], cost=1, strength=0, memory_cost=1, faction="criminal",
)  # fmt: skip
SHIV = card(
    "shiv",
    "program",
    [CLOUD_NOTE, PER_BREAKER, "Interface → [trash]: Break up to 3 <strong>sentry</strong> subroutines."],
    subtypes=["icebreaker", "killer", "cloud"], cost=0, strength=0, memory_cost=1, faction="criminal",
)  # fmt: skip
SPIKE = card(
    "spike",
    "program",
    [CLOUD_NOTE, PER_BREAKER, "Interface → [trash]: Break up to 3 <strong>barrier</strong> subroutines."],
    subtypes=["icebreaker", "fracter", "cloud"], cost=1, strength=0, memory_cost=1, faction="criminal",
)  # fmt: skip
STUDY_GUIDE = card(
    "study_guide",
    "program",
    ["Each power counter on it makes this breaker 1 stronger.",
     "Interface → 1[credit]: Break 1 <strong>code gate</strong> subroutine.",
     "2[credit]: Place 1 power counter on this program."],  # fmt: skip
    subtypes=["icebreaker", "decoder"], cost=3, strength=0, memory_cost=1, faction="shaper",
)  # fmt: skip
TYSON = card(
    "tyson_observatory",
    "resource",
    ["Two [click]: look through your stack for a hardware, show it and take it into your grip; shuffle."],
    subtypes=["location"], cost=2, unique=True, faction="shaper",
)  # fmt: skip
FORGER = card(
    "forger",
    "hardware",
    ["+1[link]", "[trash] as a tag is about to be taken: avoid that tag.", "[trash]: You remove 1 tag.",
     "You may have only one console installed."],  # fmt: skip
    subtypes=["console"], cost=1, faction="criminal",
)  # fmt: skip
HYPERDRIVER = card(
    "hyperdriver",
    "program",
    ["As your turn starts you may take this program out of the game for three extra [click]."],
    cost=1, memory_cost=3, faction="shaper",
)  # fmt: skip
GAME_DAY = card(
    "game_day",
    "event",
    ["Playing it takes one more [click].", "Draw until your grip holds as many cards as your maximum hand size."],
    subtypes=["double"], cost=1, faction="shaper",
)  # fmt: skip
FISK_SEMINAR = card(
    "fisk_investment_seminar",
    "event",
    ["Playable only before you have spent any [click] this turn.", "Both players draw 3 cards."],
    subtypes=["priority"], cost=0, faction="criminal",
)  # fmt: skip
VISAGE = card(
    "symmetrical_visage",
    "resource",
    ["Your first basic draw action each turn also pays you 1[credit]."],
    subtypes=["genetics"], cost=2, unique=True,
)  # fmt: skip
SYNTHETIC_BLOOD = card(
    "synthetic_blood",
    "resource",
    ["Once a turn, the first damage you suffer draws you a card."],
    subtypes=["genetics"], cost=3, unique=True, faction="shaper",
)  # fmt: skip
ENHANCED_VISION = card(
    "enhanced_vision",
    "resource",
    ["Your first successful run of a turn makes the Corp show a random HQ card."],
    subtypes=["genetics"], cost=1, unique=True, faction="criminal",
)  # fmt: skip
LARAMY = identity(
    "laramy_fisk_savvy_investor",
    "runner",
    ["Once a turn, on a successful run against a central server, you may make the Corp draw a card."],
    faction="criminal",
)  # fmt: skip
GEIST = identity(
    "armand_geist_walker_tech_lord",
    "runner",
    ["Each [trash] ability you use draws you a card."],
    faction="criminal", base_link=1,
)  # fmt: skip
HAYLEY = identity(
    "hayley_kaplan_universal_scholar",
    "runner",
    ["After your first install of a turn, you may also install a grip card of that type, paying for it."],
    faction="shaper",
)  # fmt: skip
PAIGE = card(
    "paige_piper",
    "resource",
    ["After your first install of a turn (this card's own included), you may move copies of that card from your "
     "stack into your heap, then shuffle the stack."],  # fmt: skip
    subtypes=["connection"], cost=0, unique=True, faction="anarch",
)  # fmt: skip
NET_READY = card(
    "net_ready_eyes",
    "hardware",
    ["When you install this hardware, suffer 2 meat damage.",
     "As a run begins, pick an icebreaker: it is 1 stronger until the run is over."],  # fmt: skip
    subtypes=["cybernetic"], cost=0, unique=True, faction="shaper",
)  # fmt: skip
DAVINCI = card(
    "davinci",
    "program",
    ["Whenever you make a successful run, place 1 power counter on this program.",
     "[trash]: put into play from your grip, at no cost, a card whose install cost does not exceed the power "
     "counters here."],  # fmt: skip
    cost=1, memory_cost=1, faction="shaper",
)  # fmt: skip
TROPE = card(
    "trope",
    "program",
    ["When your turn begins, place 1 power counter on this program.",
     "[click], removing this program from the game: per power counter, move a heap card into your stack and "
     "shuffle."],  # fmt: skip
    cost=1, memory_cost=1, faction="anarch",
)  # fmt: skip
ROLODEX = card(
    "rolodex",
    "resource",
    ["On install, order the top 5 cards of your stack as you like.", "When it is trashed, so are your stack's top 3."],
    subtypes=["virtual"], cost=0, faction="criminal",
)  # fmt: skip
FAN_SITE = card(
    "fan_site",
    "resource",
    ["When the Corp scores, move this resource into your score area as a 0-point agenda."],
    subtypes=["virtual"], cost=0, faction="shaper",
)  # fmt: skip
GANG_SIGN = card(
    "gang_sign",
    "resource",
    ["When the Corp scores, you breach HQ, leaving its root alone."],
    subtypes=["virtual"], cost=1, faction="criminal",
)  # fmt: skip
SPOILERS = card(
    "spoilers",
    "resource",
    ["When the Corp scores, R&D loses its top card to Archives."],
    subtypes=["virtual"], cost=1, faction="anarch",
)  # fmt: skip
TURNTABLE = card(
    "turntable",
    "hardware",
    ["+1[mu]", "After you steal an agenda, you may trade it for one in the Corp's score area.",
     "You may have only one console installed."],  # fmt: skip
    subtypes=["console"], cost=2, unique=True, faction="anarch",
)  # fmt: skip
COMET = card(
    "comet",
    "hardware",
    ["+1[mu]", "After your first event of a turn resolves, you may play a second one without a [click].",
     "You may have only one console installed."],  # fmt: skip
    subtypes=["console"], cost=4, unique=True, faction="shaper",
)  # fmt: skip
DRIVE_BY = card(
    "drive_by",
    "event",
    ["Playing it takes one more [click].",
     "Expose a card in a remote server's root; should it be an asset or an upgrade, trash it."],  # fmt: skip
    subtypes=["double"], cost=0, faction="criminal",
)  # fmt: skip
ANALOG_DREAMERS = card(
    "analog_dreamers",
    "program",
    ["[click]: Run R&D; on success you may skip the breach and have the Corp shuffle into R&D one installed "
     "unrezzed card that is not ice and has no advancement counters."],  # fmt: skip
    cost=2, memory_cost=1, faction="shaper",
)  # fmt: skip
IMMOLATION = card(
    "immolation_script",
    "event",
    ["Run Archives; once in that run, on accessing a faceup ice there, you may trash a rezzed installed copy of it."],
    subtypes=["run"], cost=0, faction="anarch",
)  # fmt: skip
SURFER = card(
    "surfer",
    "program",
    ["2[credit]: the barrier you are encountering trades places with an adjacent ice; you keep encountering it "
     "there."],  # fmt: skip
    cost=2, memory_cost=1, faction="anarch",
)  # fmt: skip
FAUST = card(
    "faust",
    "program",
    ["Interface → trash a grip card: break a subroutine.", "Trash a grip card: 2 more strength."],
    subtypes=["icebreaker", "ai"], cost=3, strength=2, memory_cost=1, faction="anarch",
)  # fmt: skip
FILM_CRITIC = card(
    "film_critic",
    "resource",
    ["It can hold one agenda at a time.",
     "On accessing an agenda you may put it on this resource instead, out of the server.",
     "[click][click]: move the agenda on it to your score area."],  # fmt: skip
    subtypes=["connection"], cost=1, faction="shaper",
)  # fmt: skip
LONDON_LIBRARY = card(
    "london_library",
    "resource",
    ["At the end of your turn, the programs on it are trashed.",
     "[click]: put a non-virus program from your grip on it, free.",
     "[click]: take a program on it back into your grip."],  # fmt: skip
    subtypes=["location"], cost=3, unique=True, faction="shaper",
)  # fmt: skip
TRAFFIC_JAM = card(
    "traffic_jam",
    "event",
    ["It stays in play until another current is played or an agenda is scored.",
     "Every agenda needs one more advancement per copy of it the Corp has scored."],  # fmt: skip
    subtypes=["current"], cost=2,
)  # fmt: skip
MUERTOS = card(
    "muertos_gang_member",
    "resource",
    ["Installing it makes the Corp derez one of its cards.",
     "When it leaves play, the Corp may rez a card without paying its rez cost.",
     "[trash]: You draw 1 card."],  # fmt: skip
    subtypes=["connection"], cost=0, faction="criminal",
)  # fmt: skip

RUNNER_CARDS = [
    BEACH_PARTY, DRUG_DEALER, CROWBAR, SHIV, SPIKE, STUDY_GUIDE, TYSON, FORGER, HYPERDRIVER, GAME_DAY, FISK_SEMINAR,
    VISAGE, SYNTHETIC_BLOOD, ENHANCED_VISION, PAIGE, NET_READY, DAVINCI, TROPE, ROLODEX, FAN_SITE, GANG_SIGN,
    SPOILERS, TURNTABLE, COMET, DRIVE_BY, ANALOG_DREAMERS, IMMOLATION, SURFER, FAUST, FILM_CRITIC, LONDON_LIBRARY,
    TRAFFIC_JAM, MUERTOS,
]  # fmt: skip
PARTIAL = {"crowbar", "shiv", "spike"}  # the memory cost of a cloud breaker stays unread
RUNNER_IDS = [LARAMY, GEIST, HAYLEY]

# ---------------------------------------------------------------- corp fixtures (our own wording)

GUTENBERG = card(
    "gutenberg",
    "ice",
    ["Protecting R&D, it is 3 stronger.", "[subroutine] Trace[7]. If successful, give the Runner 1 tag."],
    subtypes=["sentry", "tracer"], rez_cost=2, strength=3, faction="nbn",
)  # fmt: skip
MERU_MATI = card(
    "meru_mati",
    "ice",
    ["Protecting HQ, it is 3 stronger.", ETR],
    subtypes=["barrier"], rez_cost=2, strength=1, faction="weyland_consortium",
)  # fmt: skip
CRICK = card(
    "crick",
    "ice",
    ["Protecting Archives, it is 3 stronger.", "[subroutine] Put a card from Archives into play, paying for it."],
    subtypes=["code_gate"], rez_cost=1, strength=3, faction="jinteki",
)  # fmt: skip
TURING = card(
    "turing",
    "ice",
    ["Protecting a remote server, it is 3 stronger.", "AI programs cannot break its subroutines.",
     "[subroutine] The run ends, unless the Runner gives up three [click]."],  # fmt: skip
    subtypes=["code_gate"], rez_cost=4, strength=2, faction="haas_bioroid",
)  # fmt: skip
QUICKSAND = card(
    "quicksand",
    "ice",
    ["Each encounter with it adds a power counter here.", "It is 1 stronger per power counter here.", ETR],
    subtypes=["barrier"], rez_cost=3, strength=0,
)  # fmt: skip
LITTLE_ENGINE = card(
    "little_engine",
    "ice",
    [ETR, ETR, "[subroutine] Five credits go to the Runner."],
    subtypes=["code_gate"], rez_cost=5, strength=7, faction="nbn",
)  # fmt: skip
CORTEX_LOCK = card(
    "cortex_lock",
    "ice",
    ["[subroutine] Net damage equal to the Runner's free memory units."],
    subtypes=["sentry", "ap"], rez_cost=2, strength=4, faction="jinteki",
)  # fmt: skip
BANDWIDTH = card(
    "bandwidth",
    "ice",
    ["[subroutine] The Runner gets a tag, and loses a tag again should this run succeed."],
    subtypes=["code_gate"], rez_cost=0, strength=5, faction="nbn",
)  # fmt: skip
CLAIRVOYANT = card(
    "clairvoyant_monitor",
    "ice",
    ["[subroutine] Play a psi game; with unequal bids, put an advancement token on any installed card and end the "
     "run."],  # fmt: skip
    subtypes=["code_gate", "psi"], rez_cost=4, strength=3, faction="jinteki",
)  # fmt: skip
LAB_DOG = card(
    "lab_dog",
    "ice",
    ["[subroutine] The Runner trashes a hardware of theirs; this ice is then trashed."],
    subtypes=["trap"], rez_cost=2, strength=0, faction="haas_bioroid",
)  # fmt: skip
ITS_A_TRAP = card(
    "its_a_trap",
    "ice",
    ["Exposing this ice deals 2 net damage.",
     "[subroutine] The Runner trashes an installed card of theirs; this ice is then trashed."],  # fmt: skip
    subtypes=["trap"], rez_cost=2, strength=0, faction="jinteki",
)  # fmt: skip
NEXT_GOLD = card(
    "next_gold",
    "ice",
    ["Let X be how many NEXT ice are rezzed.", "[subroutine] X net damage.", "[subroutine] X programs are trashed."],
    subtypes=["sentry", "next", "ap", "destroyer"], rez_cost=8, strength=4, faction="haas_bioroid",
)  # fmt: skip
ENFORCER = card(
    "enforcer_1_0",
    "ice",
    ["Rezzing it also costs you an agenda of your score area, forfeited.",
     "The Runner alone may give up a [click] to break one of its subroutines.",
     "[subroutine] Trash 1 program.",
     "[subroutine] Do 1 core damage.",
     "[subroutine] A console of the Runner is trashed.",
     "[subroutine] Every virtual resource of the Runner is trashed."],  # fmt: skip
    subtypes=["sentry", "bioroid", "destroyer", "ap"], rez_cost=1, strength=5, faction="haas_bioroid",
)  # fmt: skip
BRAIN_TAPING = card(
    "brain_taping_warehouse",
    "asset",
    ["Bioroid ice costs 1[credit] less to rez for every [click] the Runner has not spent."],
    subtypes=["facility"], rez_cost=1, trash_cost=4, faction="haas_bioroid",
)  # fmt: skip
BREAKER_BAY = card(
    "breaker_bay_grid",
    "upgrade",
    ["Cards in this server's root cost 5[credit] less to rez.", "One region at most in a server."],
    subtypes=["region"], rez_cost=0, trash_cost=2,
)  # fmt: skip
EXPO_GRID = card(
    "expo_grid",
    "upgrade",
    ["As your turn starts, take 1[credit] if this server's root holds a rezzed asset.",
     "One region at most in a server."],  # fmt: skip
    subtypes=["region"], rez_cost=0, trash_cost=3, faction="weyland_consortium",
)  # fmt: skip
VALLEY_GRID = card(
    "valley_grid",
    "upgrade",
    ["Each time the Runner breaks every subroutine of an ice protecting this server, their maximum hand size is 1 "
     "lower until your next turn begins.",
     "One region at most in a server."],  # fmt: skip
    subtypes=["region"], rez_cost=3, trash_cost=3, faction="jinteki",
)  # fmt: skip
RYON = card(
    "ryon_knight",
    "upgrade",
    ["[trash], only in a run on this server while the Runner has no [click] left: 1 core damage."],
    subtypes=["sysop"], rez_cost=2, trash_cost=3, unique=True, faction="haas_bioroid",
)  # fmt: skip
MARCUS = card(
    "marcus_batty",
    "upgrade",
    ["[trash], only in a run on this server: a psi game; with unequal bids, fire one subroutine of a rezzed ice "
     "protecting this server."],  # fmt: skip
    subtypes=["sysop", "psi"], rez_cost=0, trash_cost=1, unique=True, faction="jinteki",
)  # fmt: skip
CONTRACT_KILLER = card(
    "contract_killer",
    "asset",
    ["This asset can be advanced.",
     "With at least 2 advancement tokens here: [click], [trash]: trash a connection, or 2 meat damage."],  # fmt: skip
    subtypes=["hostile"], rez_cost=2, trash_cost=3, faction="weyland_consortium",
)  # fmt: skip
EXPOSE = card(
    "expose",
    "asset",
    ["This asset can be advanced.", "[trash]: shed a bad publicity per advancement token on it."],
    rez_cost=2, trash_cost=2, faction="nbn",
)  # fmt: skip
TEST_GROUND = card(
    "test_ground",
    "asset",
    ["This asset can be advanced.", "[trash]: derez a card per advancement token on it."],
    rez_cost=0, trash_cost=2, faction="haas_bioroid",
)  # fmt: skip
ALLELE = card(
    "allele_repression",
    "asset",
    ["This asset can be advanced.", "[trash]: per advancement token on it, trade a card of HQ for one in Archives."],
    rez_cost=2, trash_cost=2, faction="jinteki",
)  # fmt: skip
BACK_CHANNELS = card(
    "back_channels",
    "operation",
    ["Pick a card in a remote root: 3[credit] per advancement token on it, and it is trashed."],
    subtypes=["transaction"], cost=0, faction="weyland_consortium",
)  # fmt: skip
EARLY_PREMIERE = card(
    "early_premiere",
    "asset",
    ["As your turn starts you may spend 1[credit] to advance an advanceable card in a server root once."],
    rez_cost=0, trash_cost=2, faction="nbn",
)  # fmt: skip
TECH_STARTUP = card(
    "tech_startup",
    "asset",
    ["As your turn starts you may trash this to fetch an asset from R&D, show it and install it; shuffle R&D."],
    rez_cost=0, trash_cost=1,
)  # fmt: skip
TEAM_SPONSORSHIP = card(
    "team_sponsorship",
    "asset",
    ["Each agenda you score lets you install a card from HQ or Archives at no install cost."],
    rez_cost=1, trash_cost=4, faction="haas_bioroid",
)  # fmt: skip
RONALD = card(
    "ronald_five",
    "asset",
    ["The Runner gives up a [click] each time they trash a Corp card, this one included."],
    subtypes=["bioroid"], rez_cost=3, trash_cost=3, unique=True, faction="haas_bioroid",
)  # fmt: skip
PUBLIC_SUPPORT = card(
    "public_support",
    "asset",
    ["Rezzing it puts 3 power counters on it; once they are gone it joins your score area as a 1-point agenda.",
     "When your turn begins, remove 1 power counter from this asset."],  # fmt: skip
    rez_cost=2, trash_cost=4, faction="weyland_consortium",
)  # fmt: skip
FRANCHISE_CITY = card(
    "franchise_city",
    "asset",
    ["Agendas the Runner accesses in R&D are shown to both players.",
     "Once the Runner accesses an agenda, this asset joins your score area as a 1-point agenda."],  # fmt: skip
    subtypes=["facility"], rez_cost=3, trash_cost=2, faction="nbn",
)  # fmt: skip
EXPLODE = card(
    "explode_a_palooza",
    "agenda",
    [IN_RND, "As the Runner accesses this agenda, you may take 5[credit]."],
    subtypes=["sensie"], agenda_points=2, advancement_requirement=4, faction="nbn",
)  # fmt: skip
AWARD_BAIT = card(
    "award_bait",
    "agenda",
    [IN_RND, "As the Runner accesses this agenda, you may put up to 2 advancement tokens on one installed card you "
     "can advance."],  # fmt: skip
    subtypes=["sensie"], agenda_points=1, advancement_requirement=3, faction="nbn",
)  # fmt: skip
PRODUCT_PLACEMENT = card(
    "product_placement",
    "upgrade",
    [IN_RND, "As the Runner accesses this upgrade outside Archives, you take 2[credit]."],
    subtypes=["advertisement"], rez_cost=0, trash_cost=2, faction="nbn",
)  # fmt: skip
ANCESTRAL = card(
    "ancestral_imager",
    "agenda",
    ["Every jack out costs the Runner 1 net damage."],
    subtypes=["security"], agenda_points=1, advancement_requirement=3, faction="jinteki",
)  # fmt: skip
RESEQUENCING = card(
    "genetic_resequencing",
    "agenda",
    ["On scoring it, you may add an agenda counter to an agenda you have scored."],
    subtypes=["research"], agenda_points=1, advancement_requirement=3, faction="jinteki",
)  # fmt: skip
FUTURE = card(
    "the_future_is_now",
    "agenda",
    ["On scoring it, move any card of R&D into HQ, then shuffle R&D."],
    subtypes=["initiative"], agenda_points=1, advancement_requirement=3,
)  # fmt: skip
RESEARCH_GRANT = card(
    "research_grant",
    "agenda",
    ["On scoring it, you may also score another installed copy of it."],
    subtypes=["research"], agenda_points=1, advancement_requirement=3, faction="haas_bioroid",
)  # fmt: skip
RECRUITING = card(
    "recruiting_trip",
    "operation",
    ["Pay X: fetch up to X sysops with different titles from R&D into HQ, shown to both; shuffle R&D."],
    cost=None, faction="jinteki",
)  # fmt: skip
HOLLYWOOD = card(
    "hollywood_renovation",
    "agenda",
    ["It is installed faceup.",
     "Each advance of it may put 1 advancement token (2 once it holds 6 or more) on another advanceable card."],
    subtypes=["initiative", "public"], agenda_points=3, advancement_requirement=5, faction="weyland_consortium",
)  # fmt: skip
UNDERWAY_RENOVATION = card(
    "underway_renovation",
    "agenda",
    ["It is installed faceup.",
     "Each advance of it trashes the Runner's top stack card (the top 2 once it holds 4 or more tokens)."],
    subtypes=["initiative", "public"], agenda_points=1, advancement_requirement=3, faction="weyland_consortium",
)  # fmt: skip
CASTING_CALL = card(
    "casting_call",
    "operation",
    ["Put an agenda from HQ into a server faceup, with this operation on it: a Runner accessing that agenda gets "
     "2 tags."],  # fmt: skip
    subtypes=["condition"], cost=0, faction="nbn",
)  # fmt: skip
CYBERNETICS = identity(
    "cybernetics_division_humanity_upgraded",
    "corp",
    ["Both players' maximum hand sizes are 1 smaller."],
    faction="haas_bioroid",
)  # fmt: skip
HAARPSICHORD = identity(
    "haarpsichord_studios_entertainment_unleashed",
    "corp",
    ["In a turn the Runner may steal just one agenda."],
    faction="nbn",
)  # fmt: skip

CORP_CARDS = [
    GUTENBERG, MERU_MATI, CRICK, TURING, QUICKSAND, LITTLE_ENGINE, CORTEX_LOCK, BANDWIDTH, CLAIRVOYANT, LAB_DOG,
    NEXT_GOLD, ENFORCER, BRAIN_TAPING, BREAKER_BAY, EXPO_GRID, VALLEY_GRID, RYON, MARCUS, CONTRACT_KILLER, EXPOSE,
    TEST_GROUND, ALLELE, BACK_CHANNELS, EARLY_PREMIERE, TECH_STARTUP, TEAM_SPONSORSHIP, RONALD, PUBLIC_SUPPORT,
    FRANCHISE_CITY, EXPLODE, AWARD_BAIT, PRODUCT_PLACEMENT, ANCESTRAL, RESEQUENCING, FUTURE, RESEARCH_GRANT,
    RECRUITING, HOLLYWOOD, UNDERWAY_RENOVATION, CASTING_CALL,
]  # fmt: skip
CORP_IDS = [CYBERNETICS, HAARPSICHORD]
RECORDS = [*bundled(), *RUNNER_CARDS, *RUNNER_IDS, *CORP_CARDS, ITS_A_TRAP, *CORP_IDS]


def test_every_fixture_is_read_as_the_scripts_claim() -> None:
    for record in [*RUNNER_CARDS, *RUNNER_IDS, *CORP_CARDS, *CORP_IDS]:
        want = "partial" if record.id in PARTIAL else "executable"
        assert record.reading.status == want, record.id
    assert CROWBAR.reading.scripted == [1] and CROWBAR.reading.read == [2]
    assert ITS_A_TRAP.reading.status == "partial" and ITS_A_TRAP.reading.scripted == [1]
    assert ENFORCER.reading.read == [2, 3] and ENFORCER.reading.scripted == [0, 1, 4, 5]


# ---------------------------------------------------------------- runner: static changes and turn triggers


def test_beach_party_takes_a_click_at_the_start_of_the_runner_turn() -> None:
    r = play(RECORDS, ["credit"], active="corp", corp=corp(clicks=1),
             runner=runner(rig=[{"card": "beach_party"}]))  # fmt: skip
    g = r.game
    assert g.active == "runner" and g.runner.clicks == 3
    assert g.hand_size("runner") == 10


def test_drug_dealer_draws_when_the_corp_turn_begins() -> None:
    r = play(RECORDS, ["credit"], corp=corp(), runner=runner(clicks=1, credits=3, rig=[{"card": "drug_dealer"}]))
    g = r.game
    assert g.active == "corp" and len(g.runner.hand) == 1 and g.runner.credits == 4


def test_cloud_breakers_grow_with_each_installed_icebreaker() -> None:
    rig = [{"card": "crowbar"}, {"card": "shiv"}, {"card": "spike"}, {"card": "cog_key"}]
    r = play(RECORDS, ["run:hq"], corp=corp(servers={"hq": {"ice": [rezzed("hb_lattice_gate")]}}),
             runner=runner(rig=rig))  # fmt: skip
    g = r.game
    crowbar = card_in(r, g.runner.rig, "crowbar")
    assert g.strength_of(crowbar) == 4 and g.strength_of(card_in(r, g.runner.rig, "shiv")) == 4
    assert "break:crowbar/0" in [lab.split("#")[0] + "/" + lab.split("/")[-1] for lab in labels(r)]


def test_study_guide_counts_its_power_counters() -> None:
    r = play(RECORDS, [], runner=runner(rig=[{"card": "study_guide", "counters": {"power": 3}}]))
    assert r.game.strength_of(r.game.runner.rig[0]) == 3


def test_tyson_observatory_fetches_a_hardware() -> None:
    r = play(RECORDS, ["use:tyson_observatory/0", "spare_laptop"],
             runner=runner(clicks=3, rig=[{"card": "tyson_observatory"}], deck=["spark_of_insight", "spare_laptop"]))
    g = r.game
    assert ids(g.runner.hand) == ["spare_laptop"] and g.runner.clicks == 1


def test_forger_avoids_a_tag_and_is_one_console() -> None:
    r = play(RECORDS, ["play:nbn_exclusive_scoop", "use:forger/1"], active="corp",
             corp=corp(clicks=2, hand=["nbn_exclusive_scoop"]), runner=runner(rig=[{"card": "forger"}]))  # fmt: skip
    g = r.game
    assert g.runner.tags == 0 and ids(g.runner.discard) == ["forger"]
    r = play(RECORDS, [], runner=runner(hand=["forger"], rig=[{"card": "pocket_terminal"}]))
    assert not any(lab.startswith("install:forger") for lab in labels(r))


def test_hyperdriver_leaves_the_game_for_three_clicks() -> None:
    r = play(RECORDS, ["credit", "yes"], active="corp", corp=corp(clicks=1),
             runner=runner(rig=[{"card": "hyperdriver"}]))  # fmt: skip
    g = r.game
    assert g.runner.clicks == 7 and not g.runner.rig and ids(g.removed) == ["hyperdriver"]


def test_game_day_costs_two_clicks_and_fills_the_grip() -> None:
    r = play(RECORDS, ["play:game_day"], runner=runner(clicks=3, hand=["game_day", "spare_laptop"],
                                                       deck=["spark_of_insight"] * 6))  # fmt: skip
    g = r.game
    assert g.runner.clicks == 1 and len(g.runner.hand) == 5 and g.runner.credits == 4


def test_fisk_investment_seminar_only_as_the_first_click() -> None:
    r = play(RECORDS, ["play:fisk_investment_seminar"], corp=corp(),
             runner=runner(hand=["fisk_investment_seminar"]))  # fmt: skip
    g = r.game
    assert len(g.runner.hand) == 3 and len(g.corp.hand) == 3
    r = play(RECORDS, ["credit"], runner=runner(hand=["fisk_investment_seminar"]))
    assert not any(lab.startswith("play:fisk") for lab in labels(r))


def test_symmetrical_visage_pays_for_the_first_draw_action_only() -> None:
    r = play(RECORDS, ["draw", "draw"], runner=runner(credits=0, rig=[{"card": "symmetrical_visage"}]))
    assert r.game.runner.credits == 1 and len(r.game.runner.hand) == 2


def test_synthetic_blood_draws_after_the_first_damage_of_the_turn() -> None:
    servers = {"hq": {"ice": [rezzed("jinteki_needle_choir")]}}
    r = play(RECORDS, ["run:hq", "continue", "run:hq", "continue"], corp=corp(servers=servers),
             runner=runner(hand=["spare_laptop"] * 6, deck=["spark_of_insight"] * 3,
                           rig=[{"card": "synthetic_blood"}]))  # fmt: skip
    g = r.game
    assert len(events(r, "damage")) == 2
    assert len(g.runner.hand) == 6 - 2 + 1 - 2 and len(g.runner.deck) == 2


def test_enhanced_vision_reveals_at_the_first_successful_run() -> None:
    r = play(RECORDS, ["run:hq", "continue", "run:hq", "continue"], corp=corp(hand=["nbn_static_veil"]),
             runner=runner(rig=[{"card": "enhanced_vision"}]))  # fmt: skip
    shown = events(r, "reveal")
    assert len(shown) == 1 and shown[0]["zone"] == "hq" and "#" in shown[0]["card"]


def test_laramy_fisk_makes_the_corp_draw_once_a_turn() -> None:
    r = play(RECORDS, ["run:rnd", "continue", "yes", "run:hq", "continue"], corp=corp(),
             runner=runner(identity="laramy_fisk_savvy_investor"))  # fmt: skip
    g = r.game
    assert len(g.corp.hand) == 1 and len(g.corp.deck) == 3
    assert "yes" not in labels(r)


def test_geist_draws_for_each_trash_ability() -> None:
    r = play(RECORDS, ["use:hush_box/0"], runner=runner(identity="armand_geist_walker_tech_lord", tags=1,
                                                      rig=[{"card": "hush_box"}]))  # fmt: skip
    g = r.game
    assert g.runner.tags == 0 and len(g.runner.hand) == 1
    r = play(RECORDS, ["play:nbn_exclusive_scoop", "use:forged_alibi/0"], active="corp",
             corp=corp(clicks=2, hand=["nbn_exclusive_scoop"]),
             runner=runner(identity="armand_geist_walker_tech_lord", rig=[{"card": "forged_alibi"}]))  # fmt: skip
    assert r.game.runner.tags == 0 and len(r.game.runner.hand) == 1


def test_hayley_kaplan_installs_a_second_card_of_the_same_type() -> None:
    r = play(RECORDS, ["install:sleeve_blade", "gray_rat", "install:spare_laptop"],
             runner=runner(identity="hayley_kaplan_universal_scholar", credits=10,
                           hand=["sleeve_blade", "gray_rat", "spare_laptop", "lattice_memory"]))  # fmt: skip
    g = r.game
    assert ids(g.runner.rig) == ["sleeve_blade", "gray_rat", "spare_laptop"]
    assert g.runner.credits == 10 - 2 - 2 - 2 and g.runner.clicks == 2


def test_paige_piper_sends_copies_to_the_heap() -> None:
    r = play(RECORDS, ["install:sleeve_blade", "2"],
             runner=runner(credits=5, hand=["sleeve_blade"], rig=[{"card": "paige_piper"}],
                           deck=["sleeve_blade", "spare_laptop", "sleeve_blade", "sleeve_blade"]))  # fmt: skip
    g = r.game
    assert ids(g.runner.discard) == ["sleeve_blade", "sleeve_blade"] and len(g.runner.deck) == 2


def test_net_ready_eyes_boosts_a_breaker_for_the_run() -> None:
    r = play(RECORDS, ["run:hq"], corp=corp(servers={"hq": {"ice": [rezzed("hb_lattice_gate")]}}),
             runner=runner(rig=[{"card": "net_ready_eyes"}, {"card": "cog_key"}]))  # fmt: skip
    g = r.game
    assert g.strength_of(card_in(r, g.runner.rig, "cog_key")) == 3
    r = play(RECORDS, ["run:archives", "continue"], runner=runner(rig=[{"card": "net_ready_eyes"}, {"card": "cog_key"}]))
    assert r.game.strength_of(card_in(r, r.game.runner.rig, "cog_key")) == 2


def test_davinci_installs_for_free_up_to_its_counters() -> None:
    r = play(RECORDS, ["use:davinci/1"], runner=runner(credits=0, hand=["sleeve_blade", "garage_lab"],
                                                    rig=[{"card": "davinci", "counters": {"power": 2}}]))  # fmt: skip
    g = r.game
    assert ids(g.runner.rig) == ["sleeve_blade"] and g.runner.credits == 0 and ids(g.runner.discard) == ["davinci"]


def test_trope_shuffles_heap_cards_back() -> None:
    r = play(RECORDS, ["use:trope/1", "spare_laptop", "garage_lab"],
             runner=runner(rig=[{"card": "trope", "counters": {"power": 2}}],
                           discard=["spare_laptop", "garage_lab", "light_fingers"]))  # fmt: skip
    g = r.game
    assert ids(g.runner.discard) == ["light_fingers"] and len(g.runner.deck) == 6 and ids(g.removed) == ["trope"]


def test_rolodex_orders_the_stack_and_costs_three_cards_when_trashed() -> None:
    deck = ["light_fingers", "spark_of_insight", "overnight_takeout", "bench_night", "bin_diving", "night_shift_bonus"]
    r = play(RECORDS, ["install:rolodex", "bin_diving", "light_fingers", "bench_night", "spark_of_insight"],
             runner=runner(hand=["rolodex"], deck=deck))  # fmt: skip
    top = [c.id for c in reversed(r.game.runner.deck)]
    assert top == ["bin_diving", "light_fingers", "bench_night", "spark_of_insight", "overnight_takeout",
                   "night_shift_bonus"]  # fmt: skip
    r = play(RECORDS, ["trash_resource:rolodex"], active="corp", corp=corp(clicks=1, credits=5),
             runner=runner(tags=1, rig=[{"card": "rolodex"}], deck=deck))  # fmt: skip
    g = r.game
    assert ids(g.runner.discard) == ["rolodex", "light_fingers", "spark_of_insight", "overnight_takeout"]
    c = corp(servers={"hq": {"ice": [rezzed("weyland_slag_rampart")]}})
    r = play(RECORDS, ["draw", "run:hq", "use:faust/1", "rolodex"], corp=c,
             runner=runner(hand=["spare_laptop"], rig=[{"card": "faust"}], deck=["rolodex", "spark_of_insight"]))
    assert ids(r.game.runner.discard) == ["rolodex"] and len(r.game.runner.deck) == 1  # trashed from the grip


def _score(card_id: str, requirement: int, **runner_fields: Any) -> Any:
    servers = {"remote1": {"root": [{"card": card_id, "counters": {"advancement": requirement}}]}}
    return corp(clicks=1, servers=servers), runner(**runner_fields)


def test_fan_site_becomes_a_zero_point_agenda() -> None:
    c, rn = _score("neutral_pilot_scheme", 2, rig=[{"card": "fan_site"}])
    r = play(RECORDS, ["score:neutral_pilot_scheme"], active="corp", corp=c, runner=rn)
    g = r.game
    assert ids(g.runner.score_area) == ["fan_site"] and not g.runner.rig and g.agenda_points("runner") == 0


def test_gang_sign_breaches_hq_when_the_corp_scores() -> None:
    c, rn = _score("neutral_pilot_scheme", 2, rig=[{"card": "gang_sign"}])
    c["hand"] = ["neutral_board_resolution"]
    r = play(RECORDS, ["score:neutral_pilot_scheme"], active="corp", corp=c, runner=rn)
    g = r.game
    assert ids(g.runner.score_area) == ["neutral_board_resolution"] and g.agenda_points("runner") == 2


def test_spoilers_trashes_the_top_of_rnd() -> None:
    c, rn = _score("neutral_pilot_scheme", 2, rig=[{"card": "spoilers"}])
    c["deck"] = ["hb_lattice_gate", "neutral_plywood_screen"]
    r = play(RECORDS, ["score:neutral_pilot_scheme"], active="corp", corp=c, runner=rn)
    g = r.game
    assert ids(g.corp.discard) == ["hb_lattice_gate"] and not g.corp.discard[0].faceup and len(g.corp.deck) == 1


def test_turntable_swaps_a_stolen_agenda() -> None:
    c = corp(score_area=["neutral_charter_renewal"], servers={"remote1": {"root": [{"card": "neutral_pilot_scheme"}]}})
    r = play(RECORDS, ["run:remote1", "continue", "neutral_charter_renewal"], corp=c,
             runner=runner(rig=[{"card": "turntable"}]))  # fmt: skip
    g = r.game
    assert ids(g.runner.score_area) == ["neutral_charter_renewal"] and ids(g.corp.score_area) == ["neutral_pilot_scheme"]
    assert g.agenda_points("runner") == 3 and g.agenda_points("corp") == 1


def test_comet_plays_a_second_event_without_a_click() -> None:
    r = play(RECORDS, ["play:light_fingers", "night_shift_bonus"],
             runner=runner(credits=3, hand=["light_fingers", "night_shift_bonus", "overnight_takeout"],
                           rig=[{"card": "comet"}]))  # fmt: skip
    g = r.game
    assert g.runner.clicks == 3 and g.runner.credits == 3 - 1 + 4 - 2 + 5
    r = play(RECORDS, ["play:light_fingers", "done", "play:overnight_takeout"],
             runner=runner(hand=["light_fingers", "night_shift_bonus", "overnight_takeout"], rig=[{"card": "comet"}]))
    assert r.game.runner.clicks == 2 and r.pending is not None and r.pending.kind == "action"


def test_drive_by_costs_two_clicks_and_trashes_an_exposed_asset() -> None:
    c = corp(servers={"remote1": {"root": [{"card": "nbn_billboard_network"}]}})
    r = play(RECORDS, ["play:drive_by"], corp=c, runner=runner(hand=["drive_by"]))
    g = r.game
    assert ids(g.corp.discard) == ["nbn_billboard_network"] and g.runner.clicks == 2
    assert events(r, "exposed")[0]["type"] == "asset"


def test_analog_dreamers_shuffles_a_card_into_rnd_instead_of_breaching() -> None:
    c = corp(servers={"remote1": {"root": [{"card": "nbn_billboard_network"}]}})
    r = play(RECORDS, ["use:analog_dreamers/0", "continue", "done", "facedown"], corp=c,
             runner=runner(rig=[{"card": "analog_dreamers"}]))  # fmt: skip
    g = r.game
    assert "remote1" not in g.servers and "nbn_billboard_network" in ids(g.corp.deck) and len(g.corp.deck) == 5
    assert not events(r, "access") and g.run_history[-1][2]


def test_immolation_script_trashes_a_rezzed_copy_of_archived_ice() -> None:
    c = corp(discard=["neutral_plywood_screen"], servers={"hq": {"ice": [rezzed("neutral_plywood_screen")]}})
    r = play(RECORDS, ["play:immolation_script", "continue", "neutral_plywood_screen"], corp=c,
             runner=runner(hand=["immolation_script"]))  # fmt: skip
    g = r.game
    assert not g.servers["hq"].ice and ids(g.corp.discard) == ["neutral_plywood_screen"] * 2
    assert ids(g.runner.discard) == ["immolation_script"] and not g.in_play


def test_surfer_swaps_the_barrier_with_the_next_ice() -> None:
    c = corp(servers={"hq": {"ice": [rezzed("hb_lattice_gate"), rezzed("nbn_static_veil")]}})
    r = play(RECORDS, ["run:hq", "use:surfer/0", "done"], corp=c, runner=runner(rig=[{"card": "surfer"}]))
    g = r.game
    assert ids(g.servers["hq"].ice) == ["nbn_static_veil", "hb_lattice_gate"] and g.runner.credits == 3
    assert not g.run_history[-1][2]


def test_faust_breaks_and_boosts_by_trashing_grip_cards() -> None:
    c = corp(servers={"hq": {"ice": [rezzed("weyland_slag_rampart")]}})
    r = play(RECORDS, ["run:hq", "use:faust/1", "spare_laptop", "use:faust/1", "garage_lab", "use:faust/0", "continue"], corp=c,
             runner=runner(hand=["spare_laptop", "garage_lab", "light_fingers"], rig=[{"card": "faust"}]))  # fmt: skip
    g = r.game
    assert g.run_history[-1][2] and not g.runner.hand and len(g.runner.discard) == 3


def test_film_critic_hosts_an_agenda_and_scores_it_later() -> None:
    c = corp(servers={"remote1": {"root": [{"card": "neutral_board_resolution"}]}})
    r = play(RECORDS, ["run:remote1", "continue", "yes", "use:film_critic/1"], corp=c,
             runner=runner(rig=[{"card": "film_critic"}]))  # fmt: skip
    g = r.game
    assert ids(g.runner.score_area) == ["neutral_board_resolution"] and g.runner.clicks == 1
    assert not card_in(r, g.runner.rig, "film_critic").hosted and "remote1" not in g.servers
    r = play(RECORDS, ["run:remote1", "continue", "yes"], corp=c, runner=runner(rig=[{"card": "film_critic"}]))
    critic = card_in(r, r.game.runner.rig, "film_critic")
    assert ids(critic.hosted) == ["neutral_board_resolution"] and not r.game.runner.score_area


def test_london_library_hosts_programs_for_the_turn() -> None:
    r = play(RECORDS, ["use:london_library/1", "use:london_library/2"],
             runner=runner(credits=0, hand=["sleeve_blade"], rig=[{"card": "london_library"}]))  # fmt: skip
    g = r.game
    assert ids(g.runner.hand) == ["sleeve_blade"] and ids(g.runner.rig) == ["london_library"]
    r = play(RECORDS, ["use:london_library/1"], corp=corp(),
             runner=runner(clicks=1, credits=0, hand=["sleeve_blade"], rig=[{"card": "london_library"}]))  # fmt: skip
    g = r.game
    assert g.active == "corp" and ids(g.runner.discard) == ["sleeve_blade"] and ids(g.runner.rig) == ["london_library"]


def test_traffic_jam_raises_the_requirement_of_scored_titles() -> None:
    c = corp(score_area=["neutral_board_resolution"],
             servers={"remote1": {"root": [{"card": "neutral_board_resolution", "counters": {"advancement": 4}}]}})
    r = play(RECORDS, ["play:traffic_jam"], corp=c, runner=runner(hand=["traffic_jam"]))
    g = r.game
    agenda = g.servers["remote1"].root[0]
    assert ids(g.in_play) == ["traffic_jam"] and g.advancement_requirement(agenda) == 5


def test_muertos_gang_member_derezzes_then_rezzes_for_free() -> None:
    c = corp(credits=0, servers={"remote1": {"root": [rezzed("nbn_billboard_network")]}})
    r = play(RECORDS, ["install:muertos_gang_member"], corp=c, runner=runner(hand=["muertos_gang_member"]))
    assert not r.game.servers["remote1"].root[0].rezzed
    r = play(RECORDS, ["install:muertos_gang_member", "use:muertos_gang_member/2", "nbn_billboard_network"], corp=c,
             runner=runner(hand=["muertos_gang_member"]))  # fmt: skip
    g = r.game
    assert g.servers["remote1"].root[0].rezzed and g.corp.credits == 0 and len(g.runner.hand) == 1


# ---------------------------------------------------------------- corp: ice


def test_ice_stronger_where_it_protects() -> None:
    servers = {"rnd": {"ice": [rezzed("gutenberg")]}, "hq": {"ice": [rezzed("meru_mati"), rezzed("gutenberg")]},
               "archives": {"ice": [rezzed("crick")]}, "remote1": {"ice": [rezzed("turing"), rezzed("crick")]}}
    r = play(RECORDS, [], corp=corp(servers=servers))
    g = r.game
    strengths = {name: [g.strength_of(c) for c in s.ice] for name, s in g.servers.items()}
    assert strengths == {"hq": [4, 3], "rnd": [6], "archives": [6], "remote1": [5, 3]}


def test_crick_installs_a_card_from_archives() -> None:
    c = corp(discard=["nbn_billboard_network"], servers={"archives": {"ice": [rezzed("crick")]}})
    r = play(RECORDS, ["run:archives", "continue", "done"], corp=c, runner=runner())
    g = r.game
    assert not g.corp.discard and ids(g.servers["remote1"].root) == ["nbn_billboard_network"]
    assert g.run_history[-1][2] and g.corp.credits == 5


def test_turing_costs_three_clicks_or_the_run_and_refuses_ai_breakers() -> None:
    c = corp(servers={"remote1": {"ice": [rezzed("turing")], "root": [rezzed("nbn_billboard_network")]}})
    r = play(RECORDS, ["run:remote1"], corp=c, runner=runner(hand=["spare_laptop"] * 3, rig=[{"card": "faust"}]))
    assert "use:faust/1" in [lab.replace(lab[lab.find("#"):lab.find("/")], "") for lab in labels(r)]
    assert not any(lab.startswith("use:faust") and lab.endswith("/0") for lab in labels(r))
    r = play(RECORDS, ["run:remote1", "yes", "continue", "leave"], corp=c, runner=runner())
    g = r.game
    assert g.runner.clicks == 0 and g.run_history[-1][2]
    r = play(RECORDS, ["run:remote1", "no"], corp=c, runner=runner())
    assert r.game.runner.clicks == 3 and not r.game.run_history[-1][2]


def test_quicksand_grows_with_each_encounter() -> None:
    c = corp(servers={"hq": {"ice": [rezzed("quicksand")]}})
    r = play(RECORDS, ["run:hq", "run:hq"], corp=c, runner=runner())
    g = r.game
    sand = g.servers["hq"].ice[0]
    assert sand.counters == {"power": 2} and g.strength_of(sand) == 2 and len(g.run_history) == 2


def test_little_engine_pays_the_runner_for_its_last_subroutine() -> None:
    c = corp(servers={"hq": {"ice": [rezzed("little_engine")]}})
    decisions = ["run:hq", *["boost:cog_key/1"] * 5, "break:cog_key/0", "sub:1", "break:cog_key/0", "sub:2"]
    r = play(RECORDS, decisions, corp=c, runner=runner(credits=7, rig=[{"card": "cog_key"}]))
    g = r.game
    assert g.runner.credits == 5 and r.pending is not None and r.pending.kind == "jack_out"


def test_cortex_lock_deals_net_damage_for_free_memory() -> None:
    c = corp(servers={"hq": {"ice": [rezzed("cortex_lock")]}})
    r = play(RECORDS, ["run:hq", "done"], corp=c,
             runner=runner(hand=["spare_laptop"] * 6, rig=[{"card": "sleeve_blade"}]))  # fmt: skip
    g = r.game
    assert len(g.runner.hand) == 2 and events(r, "damage")[0]["amount"] == 4


def test_bandwidth_takes_the_tag_back_after_a_successful_run() -> None:
    c = corp(servers={"hq": {"ice": [rezzed("bandwidth")]}})
    r = play(RECORDS, ["run:hq", "continue"], corp=c, runner=runner())
    assert r.game.runner.tags == 0 and len(events(r, "tags")) == 2
    r = play(RECORDS, ["run:hq", "jack_out"], corp=c, runner=runner())
    assert r.game.runner.tags == 1


def test_clairvoyant_monitor_advances_and_ends_the_run_on_unequal_bids() -> None:
    c = corp(servers={"hq": {"ice": [rezzed("clairvoyant_monitor")]},
                      "remote1": {"root": [{"card": "neutral_board_resolution"}]}})  # fmt: skip
    r = play(RECORDS, ["run:hq", "bid:1", "bid:0", "neutral_board_resolution"], corp=c, runner=runner())
    g = r.game
    assert g.servers["remote1"].root[0].advancement == 1 and not g.run_history[-1][2] and g.corp.credits == 4
    r = play(RECORDS, ["run:hq", "bid:1", "bid:1", "continue"], corp=c, runner=runner())
    assert r.game.run_history[-1][2]


def test_lab_dog_and_its_a_trap_take_a_card_and_leave() -> None:
    c = corp(servers={"hq": {"ice": [rezzed("lab_dog")]}})
    r = play(RECORDS, ["run:hq"], corp=c, runner=runner(rig=[{"card": "spare_laptop"}, {"card": "sleeve_blade"}]))
    g = r.game
    assert ids(g.runner.rig) == ["sleeve_blade"] and not g.servers["hq"].ice and ids(g.corp.discard) == ["lab_dog"]
    c = corp(servers={"hq": {"ice": [rezzed("its_a_trap")]}})
    r = play(RECORDS, ["run:hq", "sleeve_blade"], corp=c,
             runner=runner(rig=[{"card": "spare_laptop"}, {"card": "sleeve_blade"}]))  # fmt: skip
    g = r.game
    assert ids(g.runner.rig) == ["spare_laptop"] and ids(g.corp.discard) == ["its_a_trap"]


def test_next_gold_counts_rezzed_next_ice() -> None:
    c = corp(servers={"hq": {"ice": [rezzed("next_gold")]}, "rnd": {"ice": [rezzed("next_gold")]}})
    r = play(RECORDS, ["run:hq", "sleeve_blade", "gray_rat"], corp=c,
             runner=runner(credits=0, hand=["spare_laptop"] * 3,
                           rig=[{"card": "sleeve_blade"}, {"card": "gray_rat"}, {"card": "analog_dreamers"}]))
    g = r.game
    assert len(g.runner.hand) == 1
    assert ids(g.runner.rig) == ["analog_dreamers"]


def test_enforcer_forfeits_to_rez_and_its_subroutines_trash_console_and_virtual() -> None:
    c = corp(score_area=["neutral_pilot_scheme"], servers={"hq": {"ice": [{"card": "enforcer_1_0"}]}})
    rig = [{"card": "pocket_terminal"}, {"card": "dormant_account"}, {"card": "garage_lab"}]
    r = play(RECORDS, ["run:hq", "rez:enforcer_1_0", "clickbreak:enforcer_1_0", "sub:2", "done"], corp=c,
             runner=runner(hand=["spare_laptop"], rig=rig))  # fmt: skip
    g = r.game
    assert not g.corp.score_area and ids(g.removed) == ["neutral_pilot_scheme"] and g.corp.credits == 4
    assert ids(g.runner.rig) == ["garage_lab"] and g.runner.clicks == 2 and g.runner.brain_damage == 0
    r = play(RECORDS, ["run:hq"], corp=corp(servers={"hq": {"ice": [{"card": "enforcer_1_0"}]}}), runner=runner())
    assert not any(lab.startswith("rez:") for lab in labels(r))


# ---------------------------------------------------------------- corp: assets and upgrades


def test_brain_taping_warehouse_discounts_bioroids_by_the_runner_clicks() -> None:
    c = corp(credits=2, servers={"hq": {"ice": [{"card": "hb_sentinel_frame"}]},
                                 "remote1": {"root": [rezzed("brain_taping_warehouse")]}})  # fmt: skip
    r = play(RECORDS, ["run:hq", "rez:hb_sentinel_frame"], corp=c, runner=runner())
    assert r.game.corp.credits == 0 and r.game.servers["hq"].ice[0].rezzed


def test_breaker_bay_grid_makes_its_root_cheaper() -> None:
    c = corp(credits=1, servers={"remote1": {"root": [rezzed("breaker_bay_grid"),
                                                      {"card": "hb_chief_engineer_okafor"}]}})  # fmt: skip
    r = play(RECORDS, ["rez:hb_chief_engineer_okafor"], active="corp", corp=c, runner=runner())
    assert r.game.corp.credits == 1 and r.game.servers["remote1"].root[1].rezzed


def test_expo_grid_pays_with_a_rezzed_asset_in_its_root() -> None:
    c = corp(credits=0, servers={"remote1": {"root": [rezzed("expo_grid"), rezzed("nbn_press_office")]},
                                 "remote2": {"root": [rezzed("expo_grid")]}})  # fmt: skip
    r = play(RECORDS, ["credit"], corp=c, runner=runner(clicks=1))
    assert r.game.active == "corp" and r.game.corp.credits == 1


def test_valley_grid_lowers_the_hand_size_after_a_full_break() -> None:
    c = corp(servers={"remote1": {"ice": [rezzed("nbn_static_veil")], "root": [rezzed("valley_grid")]}})
    r = play(RECORDS, ["run:remote1", "break:rockbit_drill/0"], corp=c, runner=runner(rig=[{"card": "rockbit_drill"}]))
    assert r.game.hand_size("runner") == 4


def test_ryon_knight_only_against_a_runner_out_of_clicks() -> None:
    c = corp(servers={"remote1": {"root": [rezzed("ryon_knight")]}})
    r = play(RECORDS, ["run:remote1", "continue", "use:ryon_knight/0"], corp=c,
             runner=runner(clicks=1, hand=["spare_laptop"] * 2))  # fmt: skip
    g = r.game
    assert g.runner.brain_damage == 1 and ids(g.corp.discard) == ["ryon_knight"]
    r = play(RECORDS, ["run:remote1", "continue"], corp=c, runner=runner(clicks=2))
    assert not any(lab.startswith("use:ryon") for lab in labels(r))


def test_marcus_batty_fires_a_subroutine_on_unequal_bids() -> None:
    c = corp(servers={"remote1": {"ice": [rezzed("nbn_banner_storm")], "root": [rezzed("marcus_batty")]}})
    r = play(RECORDS, ["run:remote1", "use:marcus_batty/0", "bid:2", "bid:0", "sub:2", "done", "continue"],
             corp=c, runner=runner(rig=[{"card": "cog_key"}]))  # fmt: skip
    g = r.game
    assert g.corp.credits == 5 - 2 + 1 + 1 and ids(g.corp.discard) == ["marcus_batty"] and g.runner.credits == 4


def test_contract_killer_trashes_a_connection_or_deals_meat_damage() -> None:
    c = corp(servers={"remote1": {"root": [rezzed("contract_killer", counters={"advancement": 2})]}})
    r = play(RECORDS, ["use:contract_killer/1", "trash"], active="corp", corp=c,
             runner=runner(rig=[{"card": "old_school_mentor"}]))  # fmt: skip
    assert not r.game.runner.rig and ids(r.game.corp.discard) == ["contract_killer"]
    r = play(RECORDS, ["use:contract_killer/1", "damage"], active="corp", corp=c,
             runner=runner(hand=["spare_laptop"] * 3, rig=[{"card": "old_school_mentor"}]))  # fmt: skip
    assert len(r.game.runner.hand) == 1 and r.game.runner.rig
    low = corp(servers={"remote1": {"root": [rezzed("contract_killer", counters={"advancement": 1})]}})
    r = play(RECORDS, [], active="corp", corp=low, runner=runner())
    assert not any(lab.startswith("use:contract_killer") for lab in labels(r))


def test_expose_test_ground_and_allele_repression_spend_their_advancements() -> None:
    c = corp(bad_publicity=3, servers={"remote1": {"root": [rezzed("expose", counters={"advancement": 2})]}})
    r = play(RECORDS, ["use:expose/1"], active="corp", corp=c, runner=runner())
    assert r.game.corp.bad_publicity == 1
    c = corp(servers={"remote1": {"root": [rezzed("test_ground", counters={"advancement": 2})]},
                      "remote2": {"root": [rezzed("nbn_press_office")]}, "hq": {"ice": [rezzed("hb_lattice_gate")]}})
    r = play(RECORDS, ["use:test_ground/1", "nbn_press_office"], active="corp", corp=c, runner=runner())
    g = r.game
    assert not g.servers["remote2"].root[0].rezzed and not g.servers["hq"].ice[0].rezzed
    c = corp(hand=["nbn_press_office"], discard=["hb_lattice_gate"],
             servers={"remote1": {"root": [rezzed("allele_repression", counters={"advancement": 1})]}})
    r = play(RECORDS, ["use:allele_repression/1", "hb_lattice_gate"], active="corp", corp=c, runner=runner())
    g = r.game
    assert ids(g.corp.hand) == ["hb_lattice_gate"] and ids(g.corp.discard) == ["allele_repression", "nbn_press_office"]
    assert not g.corp.discard[1].faceup


def test_back_channels_cashes_in_advancements() -> None:
    c = corp(credits=0, hand=["back_channels"],
             servers={"remote1": {"root": [{"card": "weyland_tripmine_lot", "counters": {"advancement": 2}}]}})
    r = play(RECORDS, ["play:back_channels"], active="corp", corp=c, runner=runner())
    g = r.game
    assert g.corp.credits == 6 and "remote1" not in g.servers


def test_early_premiere_and_tech_startup_at_the_turn_start() -> None:
    c = corp(servers={"remote1": {"root": [rezzed("early_premiere")]},
                      "remote2": {"root": [{"card": "weyland_tripmine_lot"}]}})  # fmt: skip
    r = play(RECORDS, ["credit", "weyland_tripmine_lot"], corp=c, runner=runner(clicks=1))
    g = r.game
    assert g.servers["remote2"].root[0].advancement == 1 and g.corp.credits == 4
    c = corp(deck=["nbn_press_office", "neutral_plywood_screen", "neutral_plywood_screen"],
             servers={"remote1": {"root": [rezzed("tech_startup")]}})
    r = play(RECORDS, ["credit", "yes"], corp=c, runner=runner(clicks=1))
    g = r.game
    assert ids(g.corp.discard) == ["tech_startup"] and ids(g.servers["remote2"].root) == ["nbn_press_office"]
    assert events(r, "reveal")[0]["zone"] == "rnd"


def test_team_sponsorship_installs_for_free_on_a_score() -> None:
    c = corp(credits=0, hand=["weyland_ore_refinery"],
             servers={"remote1": {"root": [{"card": "neutral_pilot_scheme", "counters": {"advancement": 2}}]},
                      "remote2": {"root": [rezzed("team_sponsorship")]}})
    r = play(RECORDS, ["score:neutral_pilot_scheme", "weyland_ore_refinery", "new remote"], active="corp", corp=c,
             runner=runner())  # fmt: skip
    g = r.game
    assert ids(g.servers["remote3"].root) == ["weyland_ore_refinery"] and g.corp.credits == 0


def test_ronald_five_costs_the_runner_a_click_per_trashed_card() -> None:
    c = corp(servers={"remote1": {"root": [rezzed("ronald_five")]}, "remote2": {"root": [rezzed("nbn_press_office")]}})
    r = play(RECORDS, ["run:remote2", "continue", "trash:nbn_press_office", "run:remote1", "continue",
                       "trash:ronald_five"], corp=c, runner=runner(credits=8))  # fmt: skip
    g = r.game
    assert g.runner.clicks == 0 and ids(g.corp.discard) == ["nbn_press_office", "ronald_five"]


def test_public_support_scores_itself_once_its_counters_are_gone() -> None:
    c = corp(clicks=3, deck=["neutral_plywood_screen"] * 6, servers={"remote1": {"root": [{"card": "public_support"}]}})
    corp_turn, runner_turn = ["credit"] * 3, ["credit"] * 4
    decisions = ["rez:public_support", *corp_turn, *runner_turn, *corp_turn, *runner_turn, *corp_turn, *runner_turn]
    r = play(RECORDS, decisions, active="corp", corp=c, runner=runner())
    g = r.game
    assert ids(g.corp.score_area) == ["public_support"] and g.agenda_points("corp") == 1
    assert "remote1" not in g.servers


def test_franchise_city_scores_itself_when_an_agenda_is_accessed() -> None:
    c = corp(deck=["neutral_pilot_scheme"], servers={"remote1": {"root": [rezzed("franchise_city")]}})
    r = play(RECORDS, ["run:rnd", "continue"], corp=c, runner=runner())
    g = r.game
    assert ids(g.corp.score_area) == ["franchise_city"] and g.agenda_points("corp") == 1
    assert ids(g.runner.score_area) == ["neutral_pilot_scheme"] and events(r, "reveal")[0]["zone"] == "rnd"


def test_sensie_cards_pay_the_corp_when_accessed() -> None:
    r = play(RECORDS, ["run:rnd", "continue", "yes"], corp=corp(deck=["explode_a_palooza"]), runner=runner())
    assert r.game.corp.credits == 10 and ids(r.game.runner.score_area) == ["explode_a_palooza"]
    c = corp(deck=["award_bait"], servers={"remote1": {"root": [{"card": "weyland_tripmine_lot"}]}})
    r = play(RECORDS, ["run:rnd", "continue", "done", "weyland_tripmine_lot", "2"], corp=c, runner=runner())
    assert r.game.servers["remote1"].root[0].advancement == 2
    r = play(RECORDS, ["run:rnd", "continue", "leave"], corp=corp(deck=["product_placement"]), runner=runner())
    assert r.game.corp.credits == 7 and events(r, "reveal")
    c = corp(servers={"archives": {"root": [{"card": "product_placement"}]}})
    r = play(RECORDS, ["run:archives", "continue", "done", "leave"], corp=c, runner=runner())
    assert r.game.corp.credits == 5


def test_ancestral_imager_punishes_a_jack_out() -> None:
    r = play(RECORDS, ["run:hq", "jack_out"], corp=corp(score_area=["ancestral_imager"]),
             runner=runner(hand=["spare_laptop"] * 2))  # fmt: skip
    assert len(r.game.runner.hand) == 1
    r = play(RECORDS, ["run:hq", "continue"], corp=corp(score_area=["ancestral_imager"]),
             runner=runner(hand=["spare_laptop"] * 2))  # fmt: skip
    assert len(r.game.runner.hand) == 2


def _scoring(card_id: str, **fields: Any) -> dict[str, Any]:
    root = {"remote1": {"root": [{"card": card_id, "counters": {"advancement": 3}}]}}
    return corp(servers={**root, **fields.pop("servers", {})}, **fields)


def test_agendas_that_act_when_scored() -> None:
    r = play(RECORDS, ["score:genetic_resequencing", "neutral_charter_renewal"], active="corp",
             corp=_scoring("genetic_resequencing", score_area=["neutral_charter_renewal"]), runner=runner())
    assert card_in(r, r.game.corp.score_area, "neutral_charter_renewal").counters == {"agenda": 1}
    r = play(RECORDS, ["score:the_future_is_now", "hb_lattice_gate"], active="corp",
             corp=_scoring("the_future_is_now", deck=["neutral_plywood_screen", "hb_lattice_gate"]), runner=runner())
    assert ids(r.game.corp.hand) == ["hb_lattice_gate"] and len(r.game.corp.deck) == 1
    second = {"remote2": {"root": [{"card": "research_grant"}]}}
    r = play(RECORDS, ["score:research_grant", "research_grant"], active="corp",
             corp=_scoring("research_grant", servers=second), runner=runner())  # fmt: skip
    assert ids(r.game.corp.score_area) == ["research_grant"] * 2 and r.game.agenda_points("corp") == 2


def test_recruiting_trip_fetches_different_sysops_for_x() -> None:
    deck = ["hb_director_hale", "hb_director_hale", "weyland_foreman_krug", "neutral_central_auditor", "hb_lattice_gate"]
    r = play(RECORDS, ["play:recruiting_trip", "2", "hb_director_hale", "weyland_foreman_krug"], active="corp",
             corp=corp(hand=["recruiting_trip"], deck=deck), runner=runner())  # fmt: skip
    g = r.game
    assert sorted(ids(g.corp.hand)) == ["hb_director_hale", "weyland_foreman_krug"] and g.corp.credits == 3
    assert len(events(r, "reveal")) == 2


def test_renovations_are_installed_faceup_and_act_when_advanced() -> None:
    c = corp(credits=5, hand=["hollywood_renovation"], servers={"remote1": {"root": [{"card": "weyland_tripmine_lot"}]}})
    r = play(RECORDS, ["install:hollywood_renovation@new", "advance:hollywood_renovation", "weyland_tripmine_lot"],
             active="corp", corp=c, runner=runner())  # fmt: skip
    g = r.game
    agenda = g.servers["remote2"].root[0]
    assert agenda.rezzed and not g.hidden_from_runner(agenda) and agenda.advancement == 1
    assert g.servers["remote1"].root[0].advancement == 1
    c = corp(hand=["underway_renovation"])
    r = play(RECORDS, ["install:underway_renovation@new", "advance:underway_renovation"], active="corp", corp=c,
             runner=runner(deck=["spare_laptop", "garage_lab", "light_fingers"]))  # fmt: skip
    g = r.game
    assert ids(g.runner.discard) == ["spare_laptop"] and len(g.runner.deck) == 2


def test_casting_call_tags_the_runner_accessing_its_agenda() -> None:
    c = corp(clicks=1, hand=["casting_call", "neutral_board_resolution"])
    r = play(RECORDS, ["play:casting_call", "run:remote1", "continue"], active="corp", corp=c, runner=runner())
    g = r.game
    assert g.runner.tags == 2 and ids(g.runner.score_area) == ["neutral_board_resolution"]
    assert not g.in_play and ids(g.corp.discard) == ["casting_call"]
    r = play(RECORDS, ["play:casting_call"], active="corp", corp=corp(clicks=2, hand=["casting_call",
                                                                                      "neutral_board_resolution"]))
    g = r.game
    assert ids(g.in_play) == ["casting_call"] and events(r, "install_faceup")[0]["server"] == "remote1"
    assert not g.servers["remote1"].root[0].rezzed  # its own text stays off until it is scored


def test_corp_identities() -> None:
    r = play(RECORDS, [], corp=corp(identity="cybernetics_division_humanity_upgraded"), runner=runner())
    assert r.game.hand_size("corp") == 4 and r.game.hand_size("runner") == 4
    c = corp(identity="haarpsichord_studios_entertainment_unleashed",
             servers={"remote1": {"root": [{"card": "neutral_pilot_scheme"}]},
                      "remote2": {"root": [{"card": "neutral_board_resolution"}]}})
    r = play(RECORDS, ["run:remote1", "continue", "run:remote2", "continue"], corp=c, runner=runner())
    g = r.game
    assert ids(g.runner.score_area) == ["neutral_pilot_scheme"] and events(r, "steal_forbidden")
