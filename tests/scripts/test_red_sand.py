"""The Red Sand cycle card scripts, each played through a scenario that checks what changes. The fixtures' paragraphs
are our own wording (template-read ones in the formulas the templates read)."""

from __future__ import annotations

from typing import Any

from .kit import bundled, card, corp_card, ended, events, ice_on, identity, ids, labels, play, rig

QUIET = "hb_mirror_foundry"  # a corp identity without triggers
ADA = "ada_voss_tinker"  # a runner identity without triggers
RND = ["hb_quarterly_review"] * 6  # the corp's turns draw from it
GRIP = ["light_fingers", "overnight_takeout", "spark_of_insight", "bench_night", "bin_diving"]

# ---------------------------------------------------------------- identities

ALICE = identity("alice_merchant_clan_agitator", "runner",
                 ["Your first successful Archives run of a turn costs the Corp a card of HQ, its pick."],
                 faction="anarch", subtypes=["cyborg"])  # fmt: skip
LOS = identity("los_data_hijacker", "runner", ["The Corp's first ice rez of each turn pays you 2[credit]."],
               faction="criminal", subtypes=["g_mod"])  # fmt: skip
JEMISON = identity("jemison_astronautics_sacrifice_audacity_success", "corp",
                   ["Forfeiting an agenda puts its points plus one in advancement counters on an installed card."],
                   faction="weyland_consortium", subtypes=["corp"])  # fmt: skip

# ---------------------------------------------------------------- runner programs and hardware

ADJUSTED = card("adjusted_matrix", "hardware",
                ["It goes on an icebreaker only.",
                 "That icebreaker is an AI and can give up [click] to break one subroutine."],
                cost=5, subtypes=["mod"], faction="shaper")  # fmt: skip
BERSERKER = card("berserker", "program",
                 ["Meeting a barrier, it grows 1 strength per subroutine there until the encounter is over.",
                  "Interface → 2[credit]: Break up to 2 barrier subroutines."],
                 cost=4, memory_cost=1, strength=2, subtypes=["icebreaker", "fracter"], faction="anarch")  # fmt: skip
PROCESSOR = card("dedicated_processor", "hardware",
                 ["It goes on an icebreaker that is no AI.",
                  "That icebreaker can pay 2[credit] for 4 more strength."],
                 cost=2, subtypes=["mod"], faction="shaper")  # fmt: skip
FLASHBANG = card("flashbang", "program",
                 ["Interface → 6[credit]: the sentry in front of you turns face down.", "1[credit]: +1 strength."],
                 cost=5, memory_cost=1, strength=0, subtypes=["icebreaker", "killer"], faction="criminal")  # fmt: skip
GOD_OF_WAR = card("god_of_war", "program",
                  ["As your turn starts, a tag may buy 2 virus counters for it.",
                   "Interface → spend a virus counter here: one subroutine of any kind breaks.",
                   "2[credit]: +1 strength."],
                  cost=4, memory_cost=1, strength=0, subtypes=["icebreaker", "ai", "virus"], faction="anarch")  # fmt: skip
INVERSIFICATOR = card("inversificator", "program",
                      ["Once a turn, getting past ice it broke completely, you may trade that ice's place with "
                       "another installed ice.",
                       "Interface → 1[credit]: Break 1 code gate subroutine.",
                       "1[credit]: +1 strength."],
                      cost=6, memory_cost=1, strength=2, subtypes=["icebreaker", "decoder"], faction="shaper")  # fmt: skip
MAVEN = card("maven", "program",
             ["One strength more per program you have installed.",
              "Interface → 2[credit]: one subroutine of any kind breaks."],
             cost=5, memory_cost=2, strength=0, subtypes=["icebreaker", "ai"], faction="shaper")  # fmt: skip
NA_NOT_K = card("na_not_k", "program",
                ["In a run, one strength more per ice guarding the server you attack.",
                 "Interface → 1[credit]: Break 1 sentry subroutine.",
                 "3[credit]: +2 strength."],
                cost=4, memory_cost=1, strength=1, subtypes=["icebreaker", "killer"], faction="shaper")  # fmt: skip
PERSEPHONE = card("persephone", "program",
                  ["Interface → 2[credit]: Break 1 sentry subroutine.",
                   "1[credit]: +1 strength.",
                   "Past a sentry you met, you may mill your own top card; then R&D loses its top card for each "
                   "subroutine that fired there."],
                  cost=5, memory_cost=2, strength=1, subtypes=["icebreaker", "killer"], faction="anarch")  # fmt: skip
SECRETARY = card("customized_secretary", "program",
                 ["Installing it shows your top 5 stack cards; any programs among them may sit on it; shuffle.",
                  "[click]: pay to install one of the programs sitting on it."],
                 cost=2, memory_cost=1, faction="shaper")  # fmt: skip
ROSETTA = card("rosetta_2_0", "resource",
               ["[click] and an installed program out of the game: fetch a non-virus program from the stack "
                "(shuffle) and install it, cheaper by the cost of the one removed."],
               cost=3, subtypes=["virtual"], faction="criminal")  # fmt: skip
DAREDEVIL = card("daredevil", "hardware",
                 ["+2[mu]",
                  "Your first run of a turn into a server with two ice or more draws you 2 cards.",
                  "Only one console per player."],
                 cost=5, unique=True, subtypes=["console"], faction="shaper")  # fmt: skip
MAUI = card("maui", "hardware",
            ["+2[mu]", "It holds X credits that come back each turn;",
             "they pay only while you run HQ, X being the ice guarding HQ.", "Only one console per player."],
            cost=5, unique=True, subtypes=["console"], faction="criminal")  # fmt: skip
MAW = card("maw", "hardware",
           ["+2[mu]",
            "Once a turn, a card you access outside Archives and leave where it is costs the Corp a random HQ card.",
            "Only one console per player."],
           cost=6, unique=True, subtypes=["console"], faction="anarch")  # fmt: skip
RUBICON = card("rubicon_switch", "hardware",
               ["Once a turn, [click] and X[credit]: ice rezzed this turn whose printed rez cost is X turns face "
                "down."],
               cost=3, unique=True, faction="criminal")  # fmt: skip
SEVERNIUS = card("severnius_stim_implant", "hardware",
                 ["[click]: throw away at least 2 grip cards, run HQ or R&D, and access one more card there per "
                  "pair thrown away."],
                 cost=2, subtypes=["cybernetic"], faction="anarch")  # fmt: skip

# ---------------------------------------------------------------- runner resources

AENEAS = card("aeneas_informant", "resource",
              ["Leaving an accessed card with a trash cost (outside Archives) where it is, you may show it for "
               "1[credit]."],
              cost=0, subtypes=["connection"], faction="criminal")  # fmt: skip
BIO_NET = card("bio_modeled_network", "resource", ["[interrupt] → trash it: of the net damage coming, only 1 lands."],
               cost=1, subtypes=["virtual"], faction="shaper")  # fmt: skip
BLOO = card("bloo_moose", "resource", ["As your turn starts, a heap card may leave the game for 2[credit]."],
            cost=4, unique=True, subtypes=["location", "seedy"])  # fmt: skip
BUG_OUT = card("bug_out_bag", "resource",
               ["Install it for X credits and it holds X power counters.",
                "Ending a turn with an empty grip, draw one card per counter on it, then trash it."],
               cost=None, faction="criminal")  # fmt: skip
CALDERA = card("caldera", "resource", ["[interrupt] → 3[credit]: stop 1 core or 1 net damage."],
               cost=3, subtypes=["virtual"], faction="criminal")  # fmt: skip
CLAN_VENGEANCE = card("clan_vengeance", "resource",
                      ["Each time you take damage it gets a power counter.",
                       "[trash]: HQ loses one random card per counter it had."],
                      cost=3, subtypes=["clan"], faction="anarch")  # fmt: skip
DEFECTOR = card("corporate_defector", "resource", ["A card the Corp draws with its draw action is shown to all."],
                cost=0, subtypes=["connection"])  # fmt: skip
COUNTER_SURVEILLANCE = card("counter_surveillance", "resource",
                            ["[click], [trash]: run anywhere; on success, skip the breach: pay 1[credit] per tag and "
                             "access up to that many cards there or in its root."],
                            cost=1, subtypes=["clan"], faction="anarch")  # fmt: skip
DUMMY_BOX = card("dummy_box", "resource",
                 ["[interrupt] → throw away a grip card: the Corp does not trash your installed card of that type."],
                 cost=1, subtypes=["virtual"], faction="shaper")  # fmt: skip
JAROGNIEW = card("jarogniew_mercs", "resource",
                 ["Installed, it tags you once and takes power counters equal to your tags plus 3; empty, it goes.",
                  "While you have another resource, the Corp cannot trash it.",
                  "[interrupt] → spend a counter here: 1 meat damage is stopped."],
                 cost=0, unique=True, subtypes=["clan", "connection"], faction="anarch")  # fmt: skip
ARCHIVIST = card("the_archivist", "resource",
                 ["+1[link]",
                  "A scored initiative or security agenda makes the Corp trace[1]; failing, it takes 1 bad "
                  "publicity."],
                 cost=1, unique=True, subtypes=["connection"], faction="anarch")  # fmt: skip

# ---------------------------------------------------------------- runner events

DIANA = card("dianas_hunt", "event",
             ["Run; at each ice met you may put a grip program into play for nothing; those programs are trashed "
              "when the run is over."],
             cost=4, subtypes=["run"], faction="shaper")  # fmt: skip
EXPLOIT = card("exploit", "event",
               ["Only after successful runs on all three central servers this turn.", "Up to 3 ice turn face down."],
               cost=2, faction="criminal")  # fmt: skip
LEAN = card("lean_and_mean", "event",
            ["Run; icebreakers are 2 stronger for it if you have no more than 3 programs."],
            cost=2, subtypes=["run"], faction="shaper")  # fmt: skip
PUSHING = card("pushing_the_envelope", "event",
               ["Run; icebreakers are 2 stronger for it if your grip holds no more than 2 cards."],
               cost=3, subtypes=["run"], faction="anarch")  # fmt: skip
LEAVE_NO_TRACE = card("leave_no_trace", "event",
                      ["Run; when it is over, ice rezzed during it turns face down again."],
                      cost=2, subtypes=["run"], faction="criminal")  # fmt: skip
MAD_DASH = card("mad_dash", "event",
                ["Run; stealing an agenda in it puts this event in your score area as 1 point, otherwise 1 meat "
                 "damage."],
                cost=0, subtypes=["run"])  # fmt: skip
MARS = card("mars_for_martians", "event",
            ["Only as the first [click] of your turn.", "A card per clan resource you have and 1[credit] per tag."],
            cost=0, subtypes=["priority"], faction="anarch")  # fmt: skip
MINING_ACCIDENT = card("mining_accident", "event",
                       ["Only after a successful central run this turn.",
                        "The Corp pays 5[credit] or takes a bad publicity; the event then leaves the game."],
                       cost=2, faction="anarch")  # fmt: skip
MOBIUS = card("mobius", "event",
              ["Run R&D; on success you may run it again, and a second success pays 4[credit]."],
              cost=0, subtypes=["run"], faction="criminal")  # fmt: skip
RESHAPE = card("reshape", "event", ["Two face-down ice trade places."], cost=3, faction="shaper")
RIP_DEAL = card("rip_deal", "event",
                ["Run HQ; breaching it you may take as many heap cards into your grip as HQ cards you would see, and "
                 "see none of those.",
                 "After the run this event leaves the game."],
                cost=3, subtypes=["run"], faction="criminal")  # fmt: skip
SPOT = card("spot_the_prey", "event", ["Expose a corp card that is not ice, then run."], cost=2, faction="criminal")

# ---------------------------------------------------------------- corp ice

AUTHENTICATOR = card("authenticator", "ice",
                     ["Met by the Runner, it lets them take a tag to go around it.",
                      "[subroutine] The Corp gains 2[credit].", "[subroutine] End the run."],
                     rez_cost=2, strength=4, subtypes=["code_gate"], faction="nbn")  # fmt: skip
BLOOM = card("bloom", "ice",
             ["[subroutine] An ice from HQ may go on another server for nothing.",
              "[subroutine] An ice from HQ may go just inside this one for nothing."],
             rez_cost=2, strength=3, subtypes=["code_gate", "observer"], faction="jinteki")  # fmt: skip
CONUNDRUM = card("conundrum", "ice",
                 ["Three strength more while any AI is installed.",
                  "[subroutine] The Runner picks one of their programs to trash.",
                  "[subroutine] The Runner loses [click], if able.", "[subroutine] End the run."],
                 rez_cost=8, strength=4, subtypes=["code_gate"])  # fmt: skip
DATA_LOOP = card("data_loop", "ice",
                 ["Met by the Runner, it makes them put 2 grip cards on top of the stack.",
                  "[subroutine] End the run if the Runner is tagged.", "[subroutine] End the run."],
                 rez_cost=7, strength=4, subtypes=["barrier"], faction="nbn")  # fmt: skip
KAKUGO = card("kakugo", "ice", ["Getting past it costs the Runner 1 net damage.", "[subroutine] End the run."],
              rez_cost=4, strength=1, subtypes=["barrier", "ap"], faction="jinteki")  # fmt: skip
LOKI = card("loki", "ice",
            ["Met, it borrows the subtypes and, ahead of its own, the subroutines of another rezzed ice for the run.",
             "[subroutine] The Runner ends the run or shuffles the grip into the stack."],
            rez_cost=6, strength=3, unique=True, subtypes=["bioroid"], faction="haas_bioroid")  # fmt: skip
METAMORPH = card("metamorph", "ice",
                 ["[subroutine] Two other ice, or two of your installed cards that are not ice, trade places."],
                 rez_cost=3, strength=4, subtypes=["code_gate", "observer"], faction="jinteki")  # fmt: skip
NERINE = card("nerine_2_0", "ice",
              ["A Runner-only option: giving up [click][click] breaks two subroutines here.",
               "[subroutine] Do 1 core damage. You may draw 1 card.",
               "[subroutine] Do 1 core damage. You may draw 1 card."],
              rez_cost=6, strength=4, subtypes=["code_gate", "bioroid", "ap"], faction="haas_bioroid")  # fmt: skip
NEXT_OPAL = card("next_opal", "ice",
                 ["Per rezzed NEXT ice, it has a subroutine letting you install a card from HQ."],
                 rez_cost=4, strength=3, subtypes=["code_gate", "observer", "next"], faction="haas_bioroid")  # fmt: skip
OWL = card("owl", "ice", ["[subroutine] One of the Runner's programs goes on top of the stack, your pick."],
           rez_cost=2, strength=1, subtypes=["sentry"])  # fmt: skip
SEIDR = card("seidr_adaptive_barrier", "ice",
             ["One strength more per ice guarding its server.", "[subroutine] End the run."],
             rez_cost=4, strength=2, subtypes=["barrier"], faction="haas_bioroid")  # fmt: skip
CODE_WALL = card("self_adapting_code_wall", "ice", ["Nothing lowers its strength.", "[subroutine] End the run."],
                 rez_cost=3, strength=1, subtypes=["barrier"])  # fmt: skip
WATCHTOWER = card("watchtower", "ice", ["[subroutine] A card of your choice from R&D goes to HQ; shuffle R&D."],
                  rez_cost=4, strength=3, subtypes=["code_gate"], faction="weyland_consortium")  # fmt: skip
ZED = card("zed_2_0", "ice",
           ["A Runner-only option: giving up [click][click] breaks two subroutines here.",
            "[subroutine] Trash 1 installed piece of hardware.", "[subroutine] Trash 1 installed piece of hardware.",
            "[subroutine] 2 core damage, if the Runner gave up clicks to break subroutines this run."],
           rez_cost=6, strength=4, subtypes=["sentry", "bioroid", "ap", "destroyer"], faction="haas_bioroid")  # fmt: skip

# ---------------------------------------------------------------- corp assets and upgrades

BAMBOO = card("bamboo_dome", "upgrade",
              ["Only in R&D's root.",
               "[click]: show R&D's top 3, keep one in HQ without saying which, the rest back on top as you like.",
               "Only one region per server."],
              rez_cost=1, trash_cost=2, subtypes=["region"], faction="jinteki")  # fmt: skip
BEN = card("ben_musashi", "upgrade",
           ["Persistent → stealing an agenda from here also costs the Runner 2 net damage, even after trashing this."],
           rez_cost=1, trash_cost=3, unique=True, subtypes=["clone"], faction="jinteki")  # fmt: skip
WORK_CREW = card("bioroid_work_crew", "asset",
                 ["[trash]: right after an operation resolves, install a card from HQ, paying for it."],
                 rez_cost=2, trash_cost=4, subtypes=["bioroid"], faction="haas_bioroid")  # fmt: skip
BREACHED = card("breached_dome", "asset",
                ["Accessed in R&D, it is shown.",
                 "Accessed anywhere, 1 meat damage and the Runner's top stack card goes to the heap."],
                rez_cost=0, trash_cost=0, subtypes=["ambush"], faction="jinteki")  # fmt: skip
CLYDE = card("clyde_van_rite", "asset",
             ["As your turn starts, the Runner pays 1[credit] or loses the top card of the stack."],
             rez_cost=2, trash_cost=3, unique=True, subtypes=["executive"], faction="weyland_consortium")  # fmt: skip
CPC = card("cpc_generator", "asset", ["The Runner's first click for a credit each turn pays you 1[credit] too."],
           rez_cost=0, trash_cost=2, subtypes=["advertisement"], faction="nbn")  # fmt: skip
CONSTRUCT = card("defense_construct", "upgrade",
                 ["This upgrade can be advanced.",
                  "[trash]: in a run on Archives, one face-down Archives card per advancement counter goes to HQ."],
                 rez_cost=2, trash_cost=0, faction="haas_bioroid")  # fmt: skip
FRACTAL = card("fractal_threat_matrix", "upgrade",
               ["Ice here broken completely costs the Runner their top 2 stack cards."],
               rez_cost=4, trash_cost=3, subtypes=["security_protocol"], faction="weyland_consortium")  # fmt: skip
HELHEIM = card("helheim_servers", "upgrade",
               ["In a run here, throw away an HQ card: this server's ice is 2 stronger for the run."],
               rez_cost=2, trash_cost=3, unique=True, subtypes=["facility"], faction="haas_bioroid")  # fmt: skip
HENRY = card("henry_phillips", "upgrade",
             ["Each break by a tagged Runner in a run here pays you 2[credit]."],
             rez_cost=2, trash_cost=2, unique=True, subtypes=["sysop"], faction="nbn")  # fmt: skip
AUSTERITY = card("mca_austerity_policy", "asset",
                 ["Once a turn, [click]: a power counter here, and the Runner's next turn has one click less.",
                  "[click], [trash], 3 power counters here: four more clicks for you."],
                 rez_cost=1, trash_cost=3, unique=True, faction="haas_bioroid")  # fmt: skip
OBERTH = card("oberth_protocol", "upgrade",
              ["Rezzing it also forfeits one of your agendas.",
               "Your first advance each turn of a card here or guarding here adds a counter more."],
              rez_cost=2, trash_cost=2, unique=True, faction="weyland_consortium")  # fmt: skip
QUARANTINE = card("quarantine_system", "asset",
                  ["Forfeit an agenda: rez as many as 3 ice, each 2[credit] cheaper per point printed on it."],
                  rez_cost=1, trash_cost=3, faction="weyland_consortium")  # fmt: skip
TRAFFIC = card("traffic_analyzer", "upgrade",
               ["Rezzing ice here sets off trace[2]; success pays you 1[credit]."],
               rez_cost=0, trash_cost=3, faction="nbn")  # fmt: skip
SYNTH = card("synth_dna_modification", "asset",
             ["The first AP subroutine broken each turn means 1 net damage."],
             rez_cost=2, trash_cost=2, faction="jinteki")  # fmt: skip
WHAMPOA = card("whampoa_reclamation", "asset",
               ["Once a turn, throw away an HQ card: an Archives card goes under R&D."],
               rez_cost=3, trash_cost=3, subtypes=["corporation"])  # fmt: skip

# ---------------------------------------------------------------- corp agendas

AR_SECURITY = card("ar_enhanced_security", "agenda", ["The Runner's first corp card trashed each turn tags them."],
                   agenda_points=1, advancement_requirement=3, subtypes=["security"], faction="nbn")  # fmt: skip
CFC = card("cfc_excavation_contract", "agenda", ["Scoring it pays 2[credit] per rezzed bioroid."],
           agenda_points=2, advancement_requirement=4, faction="haas_bioroid")  # fmt: skip
VITRIOL = card("escalate_vitriol", "agenda", ["Once a turn, [click]: a credit per tag the Runner has."],
               agenda_points=2, advancement_requirement=4, subtypes=["initiative"], faction="nbn")  # fmt: skip
SEED = card("mandatory_seed_replacement", "agenda", ["Scoring it lets you move ice around as you like."],
            agenda_points=2, advancement_requirement=4, subtypes=["security"], faction="jinteki")  # fmt: skip
METEOR = card("meteor_mining", "agenda",
              ["Scoring it may pay 7[credit], or with the Runner on 2 tags or more, do 7 meat damage instead."],
              agenda_points=2, advancement_requirement=5, faction="weyland_consortium")  # fmt: skip
NEXT_WAVE = card("next_wave_2", "agenda", ["Scoring it with NEXT ice rezzed may do 1 core damage."],
                 agenda_points=2, advancement_requirement=4, subtypes=["next"], faction="haas_bioroid")  # fmt: skip
OBOKATA = card("obokata_protocol", "agenda", ["Stealing it also costs the Runner 4 net damage."],
               agenda_points=3, advancement_requirement=5, subtypes=["ambush"], faction="jinteki")  # fmt: skip
REEDUCATION = card("reeducation", "agenda",
                   ["Scoring it: tuck HQ cards under R&D, draw that many, and a Runner holding enough tucks as many "
                    "random grip cards under the stack."],
                   agenda_points=3, advancement_requirement=5, subtypes=["initiative"], faction="nbn")  # fmt: skip
STANDOFF = card("standoff", "agenda",
                ["Scoring it: the Runner may trash an installed card; if not, you draw 1 and gain 5[credit]; if so, "
                 "your own trash starts it over."],
                agenda_points=0, advancement_requirement=2, faction="weyland_consortium")  # fmt: skip
WATER = card("water_monopoly", "agenda", ["Resources that are not virtual cost 1[credit] more to install."],
             agenda_points=1, advancement_requirement=3, subtypes=["initiative"], faction="jinteki")  # fmt: skip

# ---------------------------------------------------------------- corp operations

AUDACITY = card("audacity", "operation",
                ["Only with 2 other cards or more in HQ.",
                 "HQ is emptied into Archives; then 2 advancement counters go on cards you can advance."],
                cost=0, faction="weyland_consortium")  # fmt: skip
BIASED = card("biased_reporting", "operation",
              ["Name resource, hardware or program; the Runner may trash such cards for 1[credit] each; then "
               "2[credit] for you per such card left."],
              cost=2, faction="nbn")  # fmt: skip
LOAD_TESTING = card("load_testing", "operation", ["The Runner's next turn has one click less."], cost=0,
                    faction="haas_bioroid")  # fmt: skip
MASS_COMM = card("mass_commercialization", "operation", ["2[credit] per card carrying an advancement counter."],
                 cost=0, subtypes=["transaction"])  # fmt: skip
O2 = card("o_shortage", "operation",
          ["The Runner may throw away a random grip card; otherwise you gain [click][click]."],
          cost=3, faction="haas_bioroid")  # fmt: skip
PRIORITY = card("priority_construction", "operation",
                ["Playing it takes one more [click].",
                 "An ice from HQ goes on a remote server for nothing, with 3 advancement counters."],
                cost=1, subtypes=["double"], faction="weyland_consortium")  # fmt: skip
COURIERS = card("red_planet_couriers", "operation",
                ["Playing it takes two more [click].",
                 "Every advancement counter on the table moves onto one card that can be advanced."],
                cost=5, subtypes=["triple"], faction="weyland_consortium")  # fmt: skip
REPLANTING = card("replanting", "operation",
                  ["Playing it takes one more [click].",
                   "One of your installed cards back to HQ; then two HQ cards go in for nothing."],
                  cost=1, subtypes=["double"], faction="jinteki")  # fmt: skip
RESTORE = card("restore", "operation",
               ["Pay to install and rez an Archives card; its other copies there leave the game."],
               cost=1, faction="haas_bioroid")  # fmt: skip
SACRIFICE = card("sacrifice", "operation",
                 ["Playing it also forfeits an agenda.",
                  "Bad publicity goes down by its points, and each one removed pays 1[credit]."],
                 cost=0, faction="weyland_consortium")  # fmt: skip
TENNIN = card("shipment_from_tennin", "operation",
              ["Only if the Runner had no successful run last turn.", "2 advancement counters on an installed card."],
              cost=2, faction="jinteki")  # fmt: skip
SUCCESS = card("success", "operation",
               ["Playing it also forfeits an agenda and takes two more [click].",
                "Advance one card as often as that agenda needed advancing."],
               cost=0, subtypes=["triple"], faction="weyland_consortium")  # fmt: skip
TLA = card("threat_level_alpha", "operation",
           ["Playing it takes one more [click].",
            "Trace[1]; on success as many tags as the Runner has, or 1 with none."],
           cost=3, subtypes=["double"], faction="nbn")  # fmt: skip
ROVER = card("rover_algorithm", "operation",
             ["It rides a rezzed ice: the ice is 1 stronger per power counter on it, and each pass adds one."],
             cost=2)  # fmt: skip

FULL = [ALICE, LOS, JEMISON, ADJUSTED, PROCESSOR, MAVEN, SECRETARY, ROSETTA, RUBICON, SEVERNIUS, AENEAS, BIO_NET,
        BLOO, BUG_OUT, CALDERA, CLAN_VENGEANCE, COUNTER_SURVEILLANCE, DEFECTOR, DUMMY_BOX, JAROGNIEW, DIANA, EXPLOIT, LEAN, PUSHING,
        LEAVE_NO_TRACE, MAD_DASH, MARS, MINING_ACCIDENT, MOBIUS, RESHAPE, RIP_DEAL, SPOT, BLOOM, LOKI, METAMORPH,
        NEXT_OPAL, OWL, WATCHTOWER, BAMBOO, BEN, WORK_CREW, BREACHED, CLYDE, CPC, FRACTAL, HELHEIM, HENRY, AUSTERITY,
        OBERTH, QUARANTINE, TRAFFIC, SYNTH, WHAMPOA, AR_SECURITY, CFC, VITRIOL, SEED, METEOR, NEXT_WAVE, OBOKATA,
        REEDUCATION, STANDOFF, WATER, AUDACITY, BIASED, LOAD_TESTING, MASS_COMM, O2, PRIORITY, COURIERS, REPLANTING,
        RESTORE, SACRIFICE, TENNIN, SUCCESS, TLA, ROVER,
        # partly read by templates, the rest scripted
        BERSERKER, FLASHBANG, GOD_OF_WAR, INVERSIFICATOR, NA_NOT_K, PERSEPHONE, DAREDEVIL, MAUI, MAW, ARCHIVIST,
        AUTHENTICATOR, CONUNDRUM, DATA_LOOP, KAKUGO, NERINE, SEIDR, CODE_WALL, ZED, CONSTRUCT]  # fmt: skip
RECORDS = [*bundled(), *FULL]


def go(decisions: list[str], corp: dict[str, Any] | None = None, runner: dict[str, Any] | None = None,
       active: str = "runner") -> Any:  # fmt: skip
    """A scenario with quiet identities (no triggers of their own) unless given; a corp playing has cards in R&D
    (else a lone credit action would be taken for it)."""
    deck = {"deck": RND} if active == "corp" else {}
    return play(RECORDS, decisions, corp={"identity": QUIET, **deck, **(corp or {})},
                runner={"identity": ADA, **(runner or {})}, active=active)  # fmt: skip


def remote(*root: Any, ice: list[str] | None = None) -> dict[str, Any]:
    cards = [r if isinstance(r, dict) else {"card": r, "rezzed": True} for r in root]
    return {"root": cards, "ice": [{"card": i, "rezzed": True} for i in ice or []]}


def corp_turn(decisions: list[str], corp: dict[str, Any], runner: dict[str, Any] | None = None) -> Any:
    """The runner's turn ends at once; the corp's begins (with a deck to draw from)."""
    return go(decisions, corp={"deck": RND, **corp}, runner={"clicks": 0, **(runner or {})})


def test_readings() -> None:
    for fixture in FULL:
        assert fixture.reading.status == "executable", fixture.id
    assert BERSERKER.reading.scripted == [0] and BERSERKER.reading.read == [1]
    assert PERSEPHONE.reading.scripted == [2] and PERSEPHONE.reading.read == [0, 1]
    assert ZED.reading.scripted == [0, 3] and ZED.reading.read == [1, 2]
    assert MAUI.reading.scripted == [1, 2, 3] and MAW.reading.read == [0] and CONSTRUCT.reading.read == [0]


# ---------------------------------------------------------------- identities


def test_alice_merchant_makes_the_corp_trash_from_hq_once_a_turn() -> None:
    corp = {"hand": ["hb_quarterly_review", "jinteki_quiet_harvest"]}
    r = go(["run:archives", "continue", "jinteki_quiet_harvest", "run:archives", "continue"], corp=corp,
           runner={"identity": "alice_merchant_clan_agitator"})  # fmt: skip
    g = r.game
    assert ids(g.corp.hand) == ["hb_quarterly_review"] and ids(g.corp.discard) == ["jinteki_quiet_harvest"]
    assert len(events(r, "run_successful")) == 2  # the second run trashed nothing more


def test_los_gains_on_the_first_ice_rez_of_a_turn() -> None:
    corp = ice_on("hq", "nbn_banner_storm", "nbn_banner_storm", rezzed=False)
    r = go(["run:hq", "rez:nbn_banner_storm", "continue", "rez:nbn_banner_storm", "continue"], corp=corp,
           runner={"identity": "los_data_hijacker", "credits": 0})  # fmt: skip
    gains = [e for e in events(r, "credits") if e["side"] == "runner" and e["amount"] > 0]
    assert len(events(r, "rez")) == 2 and [e["amount"] for e in gains] == [2]


def test_jemison_advances_a_card_when_an_agenda_is_forfeited() -> None:
    corp = {"identity": "jemison_astronautics_sacrifice_audacity_success", "hand": ["sacrifice"],
            "score_area": ["hb_cortex_mapping"], "bad_publicity": 1,
            "servers": {"remote1": remote({"card": "weyland_tripmine_lot"})}}  # fmt: skip
    r = go(["play:sacrifice"], corp=corp, active="corp")
    g = r.game
    assert corp_card(r, "weyland_tripmine_lot").advancement == 3  # 2 points + 1
    assert g.corp.bad_publicity == 0 and g.corp.credits == 6 and not g.corp.score_area


# ---------------------------------------------------------------- runner programs and hardware


def test_adjusted_matrix_makes_an_ai_that_breaks_any_ice_for_a_click() -> None:
    runner = {"rig": [{"card": "frame_hammer"}], "hand": ["adjusted_matrix"], "credits": 8}
    r = go(["install:adjusted_matrix", "run:hq", "use:adjusted_matrix/2", "continue"],
           corp=ice_on("hq", "hb_lattice_gate"), runner=runner)  # fmt: skip
    g = r.game
    cutter = rig(r, "frame_hammer")
    assert "ai" in cutter.subtypes and rig(r, "adjusted_matrix").host is cutter
    assert [e["by"] for e in events(r, "break")] == [str(cutter)] and not ended(r) and g.runner.clicks == 1
    assert g.run_history[-1][2]


def test_dedicated_processor_pumps_a_non_ai_icebreaker() -> None:
    runner = {"rig": [{"card": "shade_key"}], "hand": ["dedicated_processor"], "credits": 6}
    r = go(["install:dedicated_processor", "run:hq", "use:dedicated_processor/0", "break:shade_key/0", "sub:1",
            "break:shade_key/0", "continue"], corp=ice_on("hq", "weyland_customs_checkpoint"), runner=runner)  # fmt: skip
    assert len(events(r, "break")) == 2 and not ended(r) and r.game.runner.credits == 0
    r = go([], runner={"rig": [{"card": "maven"}], "hand": ["dedicated_processor"]})
    assert "install:dedicated_processor" not in labels(r)  # an AI cannot host it


def test_maven_counts_programs_and_breaks_anything() -> None:
    r = go(["run:hq", "use:maven/0", "continue"], corp=ice_on("hq", "hb_lattice_gate"),
           runner={"rig": [{"card": "maven"}, {"card": "veneer_layer"}], "credits": 2})  # fmt: skip
    assert r.game.strength_of(rig(r, "maven")) == 2 and len(events(r, "break")) == 1 and not ended(r)


def test_flashbang_derezzes_the_sentry() -> None:
    r = go(["run:hq", "boost:flashbang/1", "boost:flashbang/1", "use:flashbang/0", "continue"],
           corp=ice_on("hq", "neutral_patrol_script"), runner={"rig": [{"card": "flashbang"}], "credits": 8})  # fmt: skip
    g = r.game
    assert not g.servers["hq"].ice[0].rezzed and not events(r, "subroutine") and rig(r, "flashbang")
    assert g.runner.credits == 0 and g.run_history[-1][2]


def test_god_of_war_trades_a_tag_for_virus_counters_that_break() -> None:
    runner = {"rig": [{"card": "god_of_war"}], "credits": 4}
    r = go(["yes", "run:hq", "boost:god_of_war/2", "use:god_of_war/1", "sub:1", "use:god_of_war/1", "continue"],
           corp={**ice_on("hq", "nbn_banner_storm"), "clicks": 0}, runner=runner, active="corp")  # fmt: skip
    g = r.game
    assert g.runner.tags == 1 and len(events(r, "break")) == 2 and not events(r, "subroutine")
    assert not rig(r, "god_of_war").counters and g.runner.credits == 2


def test_inversificator_swaps_ice_it_broke_completely() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "hb_lattice_gate", "rezzed": True}]},
                        "remote1": remote("weyland_ore_refinery", ice=["nbn_static_veil"])}}  # fmt: skip
    r = go(["run:hq", "break:inversificator/3", "nbn_static_veil", "continue"], corp=corp,
           runner={"rig": [{"card": "inversificator"}]})  # fmt: skip
    g = r.game
    assert ids(g.servers["hq"].ice) == ["nbn_static_veil"] and ids(g.servers["remote1"].ice) == ["hb_lattice_gate"]
    r = go(["run:hq", "done"], corp=corp, runner={"rig": [{"card": "inversificator"}]})
    assert ids(r.game.servers["hq"].ice) == ["hb_lattice_gate"]  # nothing broken: no swap


def test_na_not_k_grows_with_the_ice_of_the_server() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "nbn_static_veil", "rezzed": True},
                                      {"card": "neutral_patrol_script", "rezzed": True}]}}}  # fmt: skip
    r = go(["run:hq", "break:na_not_k/0"], corp=corp, runner={"rig": [{"card": "na_not_k"}]})
    assert len(events(r, "break")) == 1 and r.game.runner.credits == 4
    assert r.game.strength_of(rig(r, "na_not_k")) == 3
    assert go([], runner={"rig": [{"card": "na_not_k"}]}).game.strength_of(rig(r, "na_not_k")) == 1


def test_persephone_mills_r_and_d_for_the_subroutines_that_fired() -> None:
    r = go(["run:hq", "done", "yes", "continue"], corp={**ice_on("hq", "weyland_watchdog_drone"), "deck": RND},
           runner={"rig": [{"card": "persephone"}], "deck": ["light_fingers", "spark_of_insight"]})  # fmt: skip
    g = r.game
    assert g.runner.tags == 1 and ids(g.runner.discard) == ["light_fingers"] and len(g.corp.discard) == 1


def test_customized_secretary_hosts_programs_and_installs_them() -> None:
    deck = ["cog_key", "light_fingers", "shade_key", "spark_of_insight", "overnight_takeout", "bench_night"]
    r = go(["install:customized_secretary", "cog_key", "shade_key", "use:customized_secretary/1", "cog_key"],
           runner={"hand": ["customized_secretary"], "deck": deck, "credits": 10})  # fmt: skip
    g = r.game
    secretary = rig(r, "customized_secretary")
    assert ids(g.runner.rig) == ["customized_secretary", "cog_key"] and ids(secretary.hosted) == ["shade_key"]
    assert len(g.runner.deck) == 4 and g.runner.credits == 4 and g.runner.clicks == 2


def test_rosetta_trades_a_program_for_a_cheaper_one_from_the_stack() -> None:
    r = go(["use:rosetta_2_0/0", "garble_torch"],
           runner={"rig": [{"card": "rosetta_2_0"}, {"card": "sleeve_blade"}], "deck": ["garble_torch", "rot_worm"]})
    g = r.game
    assert ids(g.runner.rig) == ["rosetta_2_0", "garble_torch"] and ids(g.removed) == ["sleeve_blade"]
    assert g.runner.credits == 3 and ids(g.runner.deck) == ["rot_worm"]


def test_daredevil_draws_on_the_first_run_into_two_ice() -> None:
    corp = {**ice_on("hq", "hb_lattice_gate", "hb_lattice_gate", rezzed=False), "credits": 0}
    runner = {"rig": [{"card": "daredevil"}], "deck": GRIP}
    r = go(["run:hq", "continue", "continue", "run:hq", "continue", "continue"], corp=corp, runner=runner)
    assert len(r.game.runner.hand) == 2 and len(events(r, "run_successful")) == 2
    r = go([], runner={"rig": [{"card": "modular_rigframe"}], "hand": ["daredevil"], "credits": 9})
    assert "install:daredevil" not in labels(r)  # one console per player


def test_maui_pays_during_runs_on_hq_only() -> None:
    corp = {**ice_on("hq", "hb_lattice_gate", "hb_lattice_gate", rezzed=False), "credits": 0}
    corp["servers"]["hq"]["root"] = [{"card": "nbn_broadcast_booth"}]
    r = go(["install:maui"], corp=corp, runner={"hand": ["maui"], "credits": 5})
    assert rig(r, "maui").credits == 2 and r.game.available("runner") == 0
    r = go(["install:maui", "run:hq", "continue", "continue", "trash:nbn_broadcast_booth"], corp=corp,
           runner={"hand": ["maui"], "credits": 5})  # fmt: skip
    g = r.game
    assert ids(g.corp.discard) == ["nbn_broadcast_booth"] and rig(r, "maui").credits == 0 and g.runner.credits == 0


def test_maw_trashes_a_random_hq_card_once_a_turn() -> None:
    corp = {"deck": RND, "hand": ["jinteki_quiet_harvest", "neutral_emergency_audit"]}
    r = go(["run:rnd", "continue", "run:rnd", "continue"], corp=corp, runner={"rig": [{"card": "maw"}]})
    g = r.game
    assert len(g.corp.discard) == 1 and len(g.corp.hand) == 1 and not g.corp.discard[0].faceup
    assert len(events(r, "access")) == 2


def test_rubicon_switch_derezzes_ice_rezzed_this_turn() -> None:
    r = go(["run:hq", "rez:nbn_static_veil", "use:rubicon_switch/0"], corp=ice_on("hq", "nbn_static_veil", rezzed=False),
           runner={"rig": [{"card": "rubicon_switch"}]})  # fmt: skip
    g = r.game
    assert ended(r) and not g.servers["hq"].ice[0].rezzed and g.runner.credits == 4 and g.runner.clicks == 2
    assert not any(o.startswith("use:rubicon_switch") for o in labels(r))  # once a turn


def test_severnius_stim_implant_trades_grip_cards_for_accesses() -> None:
    r = go(["use:severnius_stim_implant/0", "light_fingers", "overnight_takeout", "spark_of_insight", "done", "rnd",
            "continue"], corp={"deck": RND}, runner={"rig": [{"card": "severnius_stim_implant"}], "hand": GRIP[:4]})
    g = r.game
    assert len(g.runner.discard) == 3 and len(events(r, "access")) == 2 and ids(g.runner.hand) == ["bench_night"]


# ---------------------------------------------------------------- runner resources


def test_aeneas_informant_pays_for_a_card_left_where_it_is() -> None:
    corp = {"credits": 0, "servers": {"remote1": remote({"card": "weyland_ore_refinery"})}}
    r = go(["run:remote1", "continue", "leave", "yes"], corp=corp, runner={"rig": [{"card": "aeneas_informant"}]})
    assert r.game.runner.credits == 6 and events(r, "reveal")
    r = go(["run:remote1", "continue", "trash:weyland_ore_refinery"], corp=corp,
           runner={"rig": [{"card": "aeneas_informant"}]})  # fmt: skip
    assert r.game.runner.credits == 2 and not events(r, "reveal")  # trashed: nothing to reveal


def test_bio_modeled_network_lets_only_1_net_damage_through() -> None:
    r = go(["run:hq", "use:bio_modeled_network/0", "continue"], corp=ice_on("hq", "jinteki_needle_choir"),
           runner={"rig": [{"card": "bio_modeled_network"}], "hand": GRIP[:3]})  # fmt: skip
    g = r.game
    assert len(g.runner.hand) == 2 and "bio_modeled_network" in ids(g.runner.discard) and not g.runner.rig


def test_bloo_moose_removes_a_heap_card_for_credits() -> None:
    r = go(["light_fingers"], corp={"clicks": 0}, runner={"rig": [{"card": "bloo_moose"}], "discard": ["light_fingers"]},
           active="corp")  # fmt: skip
    g = r.game
    assert not g.runner.discard and ids(g.removed) == ["light_fingers"] and g.runner.credits == 7


def test_bug_out_bag_holds_x_counters_and_pays_out_on_an_empty_grip() -> None:
    r = go(["install:bug_out_bag", "2"], corp={"deck": RND},
           runner={"hand": ["bug_out_bag"], "clicks": 1, "credits": 3, "deck": GRIP[:3]})  # fmt: skip
    g = r.game
    assert len(g.runner.hand) == 2 and ids(g.runner.discard) == ["bug_out_bag"] and g.runner.credits == 1
    assert [e["change"] for e in events(r, "counter") if e["kind"] == "power"] == [2]


def test_caldera_prevents_net_damage_for_3_credits_each() -> None:
    r = go(["run:hq", "use:caldera/0", "use:caldera/0", "continue"], corp=ice_on("hq", "jinteki_needle_choir"),
           runner={"rig": [{"card": "caldera"}], "hand": GRIP[:3], "credits": 6})  # fmt: skip
    assert len(r.game.runner.hand) == 3 and r.game.runner.credits == 0


def test_clan_vengeance_counts_damage_and_burns_hq() -> None:
    r = go(["run:hq", "continue"], corp=ice_on("hq", "jinteki_needle_choir"),
           runner={"rig": [{"card": "clan_vengeance"}], "hand": GRIP[:3]})  # fmt: skip
    assert rig(r, "clan_vengeance").counters == {"power": 1}
    r = go(["use:clan_vengeance/1"], corp={"hand": ["jinteki_quiet_harvest"] * 3},
           runner={"rig": [{"card": "clan_vengeance", "counters": {"power": 2}}]})  # fmt: skip
    g = r.game
    assert len(g.corp.hand) == 1 and len(g.corp.discard) == 2 and "clan_vengeance" in ids(g.runner.discard)


def test_counter_surveillance_pays_per_tag_for_accesses() -> None:
    runner = {"rig": [{"card": "counter_surveillance"}], "tags": 2}
    r = go(["use:counter_surveillance/0", "rnd", "continue", "2"], corp={"deck": RND}, runner=runner)
    g = r.game
    assert len(events(r, "access")) == 2 and not events(r, "breach") and g.runner.credits == 3
    assert ids(g.runner.discard) == ["counter_surveillance"]
    corp = {"credits": 0, "servers": {"remote1": remote({"card": "weyland_ore_refinery", "rezzed": False})}}
    r = go(["use:counter_surveillance/0", "remote1", "continue", "1", "leave"], corp=corp, runner=runner)
    assert len(events(r, "access")) == 1 and r.game.runner.credits == 3 and r.game.servers["remote1"].root


def test_corporate_defector_reveals_drawn_cards() -> None:
    r = go(["draw"], corp={"deck": ["nbn_ad_revenue_share", *RND]}, runner={"rig": [{"card": "corporate_defector"}]},
           active="corp")  # fmt: skip
    assert [e["card"] for e in events(r, "reveal")] == [str(r.game.corp.hand[0])]


def test_dummy_box_saves_a_resource_for_a_grip_resource() -> None:
    r = go(["trash_resource:dockside_tipster", "use:dummy_box/0"], corp={"credits": 5}, active="corp",
           runner={"rig": [{"card": "dummy_box"}, {"card": "dockside_tipster"}], "tags": 1,
                   "hand": ["backroom_bookie", "light_fingers"]})  # fmt: skip
    g = r.game
    assert ids(g.runner.rig) == ["dummy_box", "dockside_tipster"] and ids(g.runner.discard) == ["backroom_bookie"]


def test_jarogniew_mercs_loads_counters_and_stops_meat_damage() -> None:
    r = go(["install:jarogniew_mercs"], runner={"hand": ["jarogniew_mercs"], "tags": 1})
    assert r.game.runner.tags == 2 and rig(r, "jarogniew_mercs").counters == {"power": 5}
    runner = {"rig": [{"card": "jarogniew_mercs", "counters": {"power": 2}}, {"card": "dockside_tipster"}],
              "tags": 1, "hand": GRIP[:3]}  # fmt: skip
    r = go(["trash_resource:jarogniew_mercs", "play:weyland_orbital_strike", "use:jarogniew_mercs/2",
            "use:jarogniew_mercs/2"], corp={"hand": ["weyland_orbital_strike"], "credits": 6}, runner=runner,
           active="corp")  # fmt: skip
    g = r.game
    assert events(r, "trash_failed") and len(g.runner.hand) == 1 and "jarogniew_mercs" in ids(g.runner.discard)


def test_the_archivist_traces_scored_initiatives() -> None:
    corp = {"servers": {"remote1": remote({"card": "nbn_open_channel_act", "counters": {"advancement": 4}})}}
    r = go(["score:nbn_open_channel_act", "pay:0", "pay:0"], corp=corp, runner={"rig": [{"card": "the_archivist"}]},
           active="corp")  # fmt: skip
    assert r.game.corp.bad_publicity == 1 and events(r, "trace")[0]["link"] == 1


# ---------------------------------------------------------------- runner events


def test_dianas_hunt_installs_programs_for_the_run_only() -> None:
    r = go(["play:dianas_hunt", "hq", "cog_key", "break:cog_key/0", "continue"], corp=ice_on("hq", "hb_lattice_gate"),
           runner={"hand": ["dianas_hunt", "cog_key"]})  # fmt: skip
    g = r.game
    assert g.run_history[-1][2] and sorted(ids(g.runner.discard)) == ["cog_key", "dianas_hunt"] and g.runner.credits == 0


def test_exploit_needs_three_central_runs_then_derezzes() -> None:
    corp = {"servers": {"remote1": remote("weyland_ore_refinery", ice=["nbn_static_veil", "hb_lattice_gate"])}}
    r = go([], corp=corp, runner={"hand": ["exploit"]})
    assert "play:exploit" not in labels(r)
    r = go(["run:hq", "continue", "run:rnd", "continue", "run:archives", "continue", "play:exploit", "nbn_static_veil",
            "done"], corp=corp, runner={"hand": ["exploit"], "clicks": 5})  # fmt: skip
    ice = r.game.servers["remote1"].ice
    assert not ice[0].rezzed and ice[1].rezzed and r.game.runner.credits == 3


def test_lean_and_mean_and_pushing_the_envelope_strengthen_icebreakers() -> None:
    for event in ("lean_and_mean", "pushing_the_envelope"):
        r = go([f"play:{event}", "hq", "break:cog_key/0", "sub:1", "break:cog_key/0", "continue"],
               corp=ice_on("hq", "nbn_subscription_gate"), runner={"hand": [event], "rig": [{"card": "cog_key"}]})
        assert len(events(r, "break")) == 2 and not events(r, "strength") and r.game.run_history[-1][2], event
    r = go(["play:pushing_the_envelope", "hq"], corp=ice_on("hq", "nbn_subscription_gate"),
           runner={"hand": ["pushing_the_envelope", *GRIP[:3]], "rig": [{"card": "cog_key"}]})  # fmt: skip
    assert r.game.strength_of(rig(r, "cog_key")) == 2  # three cards left in the grip: no bonus


def test_leave_no_trace_derezzes_ice_rezzed_during_the_run() -> None:
    r = go(["play:leave_no_trace", "hq", "rez:nbn_static_veil"], corp=ice_on("hq", "nbn_static_veil", rezzed=False),
           runner={"hand": ["leave_no_trace"]})  # fmt: skip
    assert events(r, "rez") and ended(r) and not r.game.servers["hq"].ice[0].rezzed


def test_mad_dash_scores_itself_after_a_steal_or_hurts() -> None:
    corp = {"servers": {"remote1": remote({"card": "neutral_pilot_scheme"})}}
    r = go(["play:mad_dash", "remote1", "continue"], corp=corp, runner={"hand": ["mad_dash"]})
    g = r.game
    assert ids(g.runner.score_area) == ["neutral_pilot_scheme", "mad_dash"] and g.agenda_points("runner") == 2
    assert not g.in_play and not g.runner.discard
    r = go(["play:mad_dash", "hq", "continue"], runner={"hand": ["mad_dash", "light_fingers"]})
    g = r.game
    assert sorted(ids(g.runner.discard)) == ["light_fingers", "mad_dash"] and not g.in_play


def test_mars_for_martians_is_a_first_click_play() -> None:
    runner = {"hand": ["mars_for_martians"], "deck": GRIP[:3], "tags": 2,
              "rig": [{"card": "clan_vengeance"}, {"card": "clan_vengeance"}]}  # fmt: skip
    r = go(["play:mars_for_martians"], runner=runner)
    assert len(r.game.runner.hand) == 2 and r.game.runner.credits == 7
    r = go(["credit"], runner=runner)
    assert "play:mars_for_martians" not in labels(r)


def test_mining_accident_taxes_the_corp_and_leaves_the_game() -> None:
    r = go(["run:hq", "continue", "play:mining_accident", "pay"], runner={"hand": ["mining_accident"]})
    g = r.game
    assert g.corp.credits == 0 and ids(g.removed) == ["mining_accident"] and not g.runner.discard
    r = go(["run:hq", "continue", "play:mining_accident", "bad_publicity"], runner={"hand": ["mining_accident"]})
    assert r.game.corp.bad_publicity == 1 and r.game.corp.credits == 5


def test_mobius_runs_r_and_d_twice_for_credits() -> None:
    r = go(["play:mobius", "continue", "yes", "continue"], corp={"deck": RND}, runner={"hand": ["mobius"]})
    g = r.game
    assert [ok for _, _, ok in g.run_history] == [True, True] and g.runner.credits == 9


def test_reshape_swaps_two_unrezzed_ice() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "hb_lattice_gate"}]},
                        "remote1": remote("weyland_ore_refinery", ice=[])}}  # fmt: skip
    corp["servers"]["remote1"]["ice"] = [{"card": "nbn_static_veil"}]
    r = go(["play:reshape"], corp=corp, runner={"hand": ["reshape"]})
    first = labels(r)[0]
    assert first.startswith("facedown#")
    r = go(["play:reshape", first], corp=corp, runner={"hand": ["reshape"]})
    g = r.game
    assert ids(g.servers["hq"].ice) == ["nbn_static_veil"] and ids(g.servers["remote1"].ice) == ["hb_lattice_gate"]


def test_rip_deal_takes_heap_cards_instead_of_hq_cards() -> None:
    corp = {"hand": ["jinteki_quiet_harvest", "neutral_pilot_scheme"], "credits": 0,
            "servers": {"hq": {"root": [{"card": "nbn_broadcast_booth"}]}}}  # fmt: skip
    r = go(["play:rip_deal", "continue", "yes", "light_fingers", "leave"], corp=corp,
           runner={"hand": ["rip_deal"], "discard": ["light_fingers", "spark_of_insight"]})  # fmt: skip
    g = r.game
    assert ids(g.runner.hand) == ["light_fingers"] and [e.get("card") for e in events(r, "access")] == [
        str(g.servers["hq"].root[0])
    ]
    assert ids(g.removed) == ["rip_deal"] and not g.runner.score_area


def test_spot_the_prey_exposes_then_runs() -> None:
    corp = {"credits": 0, "servers": {"remote1": remote({"card": "weyland_ore_refinery", "rezzed": False})}}
    r = go(["play:spot_the_prey", "hq", "continue"], corp=corp, runner={"hand": ["spot_the_prey"]})
    assert events(r, "exposed")[0]["card"] == str(r.game.servers["remote1"].root[0])
    assert r.game.run_history[-1][1:] == ("hq", True)


# ---------------------------------------------------------------- corp ice


def test_authenticator_can_be_bypassed_for_a_tag() -> None:
    r = go(["run:hq", "yes", "continue"], corp=ice_on("hq", "authenticator"))
    g = r.game
    assert g.runner.tags == 1 and not events(r, "subroutine") and g.run_history[-1][2]
    r = go(["run:hq", "no"], corp=ice_on("hq", "authenticator"))
    assert r.game.runner.tags == 0 and ended(r) and r.game.corp.credits == 7


def test_bloom_installs_ice_elsewhere_and_just_inward() -> None:
    corp = {**ice_on("hq", "bloom"), "hand": ["nbn_static_veil", "neutral_plywood_screen"]}
    r = go(["run:hq", "nbn_static_veil", "rnd", "neutral_plywood_screen", "continue", "done", "continue"], corp=corp)
    g = r.game
    assert ids(g.servers["hq"].ice) == ["neutral_plywood_screen", "bloom"] and ids(g.servers["rnd"].ice) == [
        "nbn_static_veil"
    ]
    assert len(events(r, "approach")) == 2 and g.run_history[-1][2] and g.corp.credits == 5


def test_conundrum_grows_against_ai_and_trashes_a_program() -> None:
    r = go(["run:hq", "veneer_layer"], corp=ice_on("hq", "conundrum"),
           runner={"rig": [{"card": "maven"}, {"card": "veneer_layer"}]})  # fmt: skip
    g = r.game
    assert events(r, "encounter")[0]["strength"] == 7 and ids(g.runner.rig) == ["maven"]
    assert "veneer_layer" in ids(g.runner.discard) and ended(r) and g.runner.clicks == 2
    r = go([], corp=ice_on("hq", "conundrum"))
    assert r.game.strength_of(corp_card(r, "conundrum")) == 4  # no AI installed


def test_data_loop_puts_grip_cards_back_on_the_stack() -> None:
    r = go(["run:hq", "light_fingers", "overnight_takeout"], corp=ice_on("hq", "data_loop"), runner={"hand": GRIP[:3]})
    g = r.game
    assert ids(g.runner.hand) == ["spark_of_insight"] and ids(g.runner.deck) == ["light_fingers", "overnight_takeout"]
    assert ended(r)


def test_kakugo_hurts_the_runner_passing_it() -> None:
    r = go(["run:hq", "break:rockbit_drill/0", "continue"], corp=ice_on("hq", "kakugo"),
           runner={"rig": [{"card": "rockbit_drill"}], "hand": GRIP[:2]})  # fmt: skip
    assert len(r.game.runner.hand) == 1 and r.game.run_history[-1][2]


def test_loki_borrows_another_ices_subroutines() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "hb_lattice_gate", "rezzed": True}, {"card": "loki", "rezzed": True}]},
                        "remote1": remote("weyland_ore_refinery", ice=["nbn_banner_storm"])}}  # fmt: skip
    r = go(["run:hq", "nbn_banner_storm", "end"], corp=corp)
    g = r.game
    assert len(events(r, "subroutine")) == 3 and ended(r) and g.corp.credits == 6 and g.runner.credits == 4
    assert "code_gate" not in corp_card(r, "loki").subtypes  # the subtypes lasted for the run
    r = go(["run:hq", "nbn_banner_storm", "shuffle", "continue"], corp=corp, runner={"hand": GRIP[:2]})
    assert ended(r) and not r.game.runner.hand and len(r.game.runner.deck) == 2  # the lattice gate ends it


def test_metamorph_swaps_ice_or_other_cards() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "metamorph", "rezzed": True}]},
                        "remote1": remote("weyland_ore_refinery", ice=["nbn_static_veil"]),
                        "remote2": remote("weyland_tracking_bureau", ice=["hb_lattice_gate"])}}  # fmt: skip
    r = go(["run:hq", "ice", "nbn_static_veil", "continue"], corp=corp)
    g = r.game
    assert ids(g.servers["remote1"].ice) == ["hb_lattice_gate"] and ids(g.servers["remote2"].ice) == ["nbn_static_veil"]
    r = go(["run:hq", "root", "weyland_ore_refinery", "continue"], corp=corp)
    g = r.game
    assert ids(g.servers["remote1"].root) == ["weyland_tracking_bureau"]


def test_nerine_and_zed_can_be_broken_with_clicks() -> None:
    r = go(["run:hq"], corp=ice_on("hq", "nerine_2_0"), runner={"hand": GRIP[:2]})
    assert any(o.startswith("clickbreak:nerine_2_0") for o in labels(r))
    r = go(["run:hq", "clickbreak:zed_2_0", "sub:1", "sub:2"], corp=ice_on("hq", "zed_2_0"), runner={"hand": GRIP[:3]})
    g = r.game
    assert g.runner.brain_damage == 2 and len(g.runner.hand) == 1 and g.runner.clicks == 1
    r = go(["run:hq", "done"], corp=ice_on("hq", "zed_2_0"), runner={"hand": GRIP[:3], "rig": [{"card": "spare_laptop"}]})
    g = r.game
    assert g.runner.brain_damage == 0 and not g.runner.rig  # its first subroutine trashed the hardware


def test_next_opal_installs_from_hq_per_next_ice() -> None:
    r = go(["run:hq", "nbn_static_veil", "rnd"], corp={**ice_on("hq", "next_opal"), "hand": ["nbn_static_veil"]})
    g = r.game
    assert len(events(r, "subroutine")) == 1 and ids(g.servers["rnd"].ice) == ["nbn_static_veil"]


def test_owl_stacks_a_program() -> None:
    r = go(["run:hq"], corp=ice_on("hq", "owl"), runner={"rig": [{"card": "cog_key"}]})
    g = r.game
    assert not g.runner.rig and ids(g.runner.deck) == ["cog_key"]


def test_seidr_and_the_code_wall_strength() -> None:
    r = go([], corp=ice_on("hq", "nbn_static_veil", "seidr_adaptive_barrier", "self_adapting_code_wall"))
    g = r.game
    assert g.strength_of(corp_card(r, "seidr_adaptive_barrier")) == 5
    g.add_lasting("strength_all", g.corp.identity, lambda game, this, c: -1 if c.type == "ice" else 0, "turn")
    assert g.strength_of(corp_card(r, "self_adapting_code_wall")) == 1
    assert g.strength_of(corp_card(r, "nbn_static_veil")) == 0


def test_watchtower_fetches_a_card_from_r_and_d() -> None:
    r = go(["run:hq", "nbn_ad_revenue_share"], corp={**ice_on("hq", "watchtower"), "deck": ["nbn_ad_revenue_share", *RND]})
    g = r.game
    assert ids(g.corp.hand) == ["nbn_ad_revenue_share"] and len(g.corp.deck) == 6


# ---------------------------------------------------------------- corp assets and upgrades


def test_bamboo_dome_sorts_the_top_of_r_and_d() -> None:
    deck = ["jinteki_quiet_harvest", "nbn_ad_revenue_share", "weyland_cargo_dividend", "hb_quarterly_review"]
    corp = {"deck": deck, "servers": {"rnd": {"root": [{"card": "bamboo_dome", "rezzed": True}]}}}
    r = go(["use:bamboo_dome/0", "nbn_ad_revenue_share", "weyland_cargo_dividend"], corp=corp, active="corp")
    g = r.game
    assert ids(g.corp.hand) == ["nbn_ad_revenue_share"]
    assert ids(g.corp.deck) == ["hb_quarterly_review", "jinteki_quiet_harvest", "weyland_cargo_dividend"]  # top last
    r = go([], corp={"hand": ["bamboo_dome"]}, active="corp")
    assert [o for o in labels(r) if o.startswith("install:")] == ["install:bamboo_dome#3@rnd"]


def test_ben_musashi_charges_net_damage_to_steal_even_once_trashed() -> None:
    corp = {"credits": 0, "servers": {"remote1": remote("ben_musashi", {"card": "neutral_pilot_scheme"})}}
    r = go(["run:remote1", "continue", "leave", "steal:neutral_pilot_scheme"], corp=corp, runner={"hand": GRIP[:3]})
    g = r.game
    assert ids(g.runner.score_area) == ["neutral_pilot_scheme"] and len(g.runner.hand) == 1
    r = go(["run:remote1", "continue", "trash:ben_musashi", "steal:neutral_pilot_scheme"], corp=corp,
           runner={"hand": GRIP[:3]})  # fmt: skip
    g = r.game
    assert ids(g.runner.score_area) == ["neutral_pilot_scheme"] and len(g.runner.hand) == 1 and g.runner.credits == 2
    r = go(["run:rnd", "continue"], corp={"deck": ["neutral_pilot_scheme"], **corp}, runner={"hand": GRIP[:3]})
    assert ids(r.game.runner.score_area) == ["neutral_pilot_scheme"] and len(r.game.runner.hand) == 3  # elsewhere


def test_bioroid_work_crew_installs_right_after_an_operation() -> None:
    corp = {"hand": ["jinteki_quiet_harvest", "nbn_static_veil"],
            "servers": {"remote1": remote("bioroid_work_crew")}}  # fmt: skip
    r = go([], corp=corp, active="corp")
    assert not any(o.startswith("use:bioroid_work_crew") for o in labels(r))
    r = go(["play:jinteki_quiet_harvest", "use:bioroid_work_crew/0", "hq"], corp=corp, active="corp")
    g = r.game
    assert ids(g.servers["hq"].ice) == ["nbn_static_veil"] and "bioroid_work_crew" in ids(g.corp.discard)
    assert g.corp.clicks == 2


def test_breached_dome_hurts_and_mills_when_accessed() -> None:
    r = go(["run:rnd", "continue", "leave"], corp={"deck": ["breached_dome", *RND]},
           runner={"hand": GRIP[:2], "deck": ["light_fingers", "bench_night"]})  # fmt: skip
    g = r.game
    assert len(g.runner.hand) == 1 and len(g.runner.discard) == 2 and ids(g.runner.deck) == ["bench_night"]
    assert events(r, "reveal")


def test_clyde_van_rite_taxes_the_runner_at_turn_start() -> None:
    corp = {"servers": {"remote1": remote("clyde_van_rite")}}
    r = corp_turn(["pay"], corp, runner={"deck": ["light_fingers"]})
    assert r.game.runner.credits == 4 and r.game.runner.deck
    r = corp_turn(["trash"], corp, runner={"deck": ["light_fingers"]})
    assert r.game.runner.credits == 5 and ids(r.game.runner.discard) == ["light_fingers"]
    r = corp_turn([], corp, runner={"credits": 0, "deck": ["light_fingers"]})
    assert ids(r.game.runner.discard) == ["light_fingers"]  # no credit: the stack pays


def test_cpc_generator_pays_for_the_first_credit_click() -> None:
    r = go(["credit", "credit"], corp={"servers": {"remote1": remote("cpc_generator")}})
    assert r.game.corp.credits == 6 and r.game.runner.credits == 7


def test_defense_construct_returns_archives_cards_to_hq() -> None:
    corp = {"discard_facedown": ["hb_quarterly_review", "jinteki_quiet_harvest"],
            "servers": {"archives": {"root": [{"card": "defense_construct", "rezzed": True,
                                               "counters": {"advancement": 2}}]}}}  # fmt: skip
    r = go(["run:archives", "continue", "use:defense_construct/1", "hb_quarterly_review"], corp=corp)
    g = r.game
    assert sorted(ids(g.corp.hand)) == ["hb_quarterly_review", "jinteki_quiet_harvest"]
    assert ids(g.corp.discard) == ["defense_construct"]


def test_fractal_threat_matrix_mills_when_ice_is_fully_broken() -> None:
    corp = ice_on("hq", "hb_lattice_gate")
    corp["servers"]["hq"]["root"] = [{"card": "fractal_threat_matrix", "rezzed": True}]
    r = go(["run:hq", "break:cog_key/0", "continue", "leave"], corp=corp,
           runner={"rig": [{"card": "cog_key"}], "deck": GRIP[:3]})  # fmt: skip
    assert len(r.game.runner.discard) == 2 and len(r.game.runner.deck) == 1


def test_helheim_servers_strengthens_the_ice_of_its_server() -> None:
    corp = {**ice_on("hq", "nbn_static_veil"), "hand": ["jinteki_quiet_harvest"]}
    corp["servers"]["hq"]["root"] = [{"card": "helheim_servers", "rezzed": True}]
    r = go(["run:hq", "use:helheim_servers/0", "boost:rockbit_drill/1", "break:rockbit_drill/0", "continue", "leave"],
           corp=corp, runner={"rig": [{"card": "rockbit_drill"}]})  # fmt: skip
    g = r.game
    assert events(r, "encounter")[0]["strength"] == 3 and not g.corp.hand and g.runner.credits == 3
    assert g.strength_of(g.servers["hq"].ice[0]) == 1  # for the run only


def test_henry_phillips_pays_for_breaks_against_a_tagged_runner() -> None:
    corp = ice_on("hq", "hb_lattice_gate")
    corp["servers"]["hq"]["root"] = [{"card": "henry_phillips", "rezzed": True}]
    r = go(["run:hq", "break:cog_key/0", "continue", "leave"], corp=corp,
           runner={"rig": [{"card": "cog_key"}], "tags": 1})  # fmt: skip
    assert r.game.corp.credits == 7


def test_mca_austerity_policy_slows_the_runner_and_cashes_in() -> None:
    corp = {"clicks": 1, "servers": {"remote1": remote("mca_austerity_policy")}}
    r = go(["use:mca_austerity_policy/0"], corp=corp, active="corp")
    assert corp_card(r, "mca_austerity_policy").counters == {"power": 1} and r.game.runner.clicks == 3
    corp = {"servers": {"remote1": remote({"card": "mca_austerity_policy", "rezzed": True,
                                           "counters": {"power": 3}})}}  # fmt: skip
    r = go(["use:mca_austerity_policy/1"], corp=corp, active="corp")
    assert r.game.corp.clicks == 6 and ids(r.game.corp.discard) == ["mca_austerity_policy"]


def test_oberth_protocol_forfeits_to_rez_and_adds_an_advancement() -> None:
    corp = {"score_area": ["neutral_pilot_scheme"],
            "servers": {"remote1": remote({"card": "oberth_protocol", "rezzed": False}, {"card": "hb_cortex_mapping"})}}
    r = go(["rez:oberth_protocol", "advance:hb_cortex_mapping", "advance:hb_cortex_mapping"], corp=corp, active="corp")
    g = r.game
    assert not g.corp.score_area and corp_card(r, "hb_cortex_mapping").advancement == 3 and g.corp.credits == 1


def test_quarantine_system_rezzes_ice_cheaper_for_a_forfeit() -> None:
    corp = {"credits": 2, "score_area": ["hb_cortex_mapping"],
            "servers": {"remote1": remote("quarantine_system"),
                        "hq": {"ice": [{"card": "weyland_customs_checkpoint"}]}}}  # fmt: skip
    r = go(["use:quarantine_system/0", "weyland_customs_checkpoint"], corp=corp, active="corp")
    g = r.game
    assert g.servers["hq"].ice[0].rezzed and g.corp.credits == 0 and not g.corp.score_area
    assert g.rez_cost(g.servers["hq"].ice[0]) == 6  # the discount was for that rez only


def test_traffic_analyzer_traces_on_ice_rez() -> None:
    corp = ice_on("hq", "nbn_static_veil", rezzed=False)
    corp["servers"]["hq"]["root"] = [{"card": "traffic_analyzer", "rezzed": True}]
    r = go(["run:hq", "rez:nbn_static_veil", "pay:0", "pay:0"], corp=corp)
    assert r.game.corp.credits == 5 and events(r, "trace")[0]["successful"]


def test_synth_dna_modification_hurts_on_the_first_ap_break() -> None:
    corp = ice_on("hq", "weyland_crane_arm")
    corp["servers"]["remote1"] = remote("synth_dna_modification")
    r = go(["run:hq", "boost:falcon_protocol/1", "break:falcon_protocol/0", "sub:1", "break:falcon_protocol/0",
            "continue"], corp=corp, runner={"rig": [{"card": "falcon_protocol"}], "hand": GRIP[:3]})  # fmt: skip
    assert len(r.game.runner.hand) == 2 and len(events(r, "break")) == 2


def test_whampoa_reclamation_recycles_archives_once_a_turn() -> None:
    corp = {"hand": ["jinteki_quiet_harvest", "hb_quarterly_review"], "discard": ["nbn_ad_revenue_share"],
            "deck": RND, "servers": {"remote1": remote("whampoa_reclamation")}}  # fmt: skip
    r = go(["use:whampoa_reclamation/0", "jinteki_quiet_harvest", "nbn_ad_revenue_share"], corp=corp, active="corp")
    g = r.game
    assert g.corp.deck[0].id == "nbn_ad_revenue_share" and ids(g.corp.discard) == ["jinteki_quiet_harvest"]
    assert not any(o.startswith("use:whampoa_reclamation") for o in labels(r))


# ---------------------------------------------------------------- corp agendas


def test_ar_enhanced_security_tags_the_first_trash_of_a_turn() -> None:
    corp = {"credits": 0, "score_area": ["ar_enhanced_security"],
            "servers": {"remote1": remote({"card": "weyland_ore_refinery"})}}  # fmt: skip
    r = go(["run:remote1", "continue", "trash:weyland_ore_refinery"], corp=corp)
    assert r.game.runner.tags == 1


def test_cfc_excavation_contract_pays_per_rezzed_bioroid() -> None:
    corp = {**ice_on("hq", "hb_sentinel_frame", "hb_warden_unit"),
            "servers": {"hq": {"ice": [{"card": "hb_sentinel_frame", "rezzed": True},
                                       {"card": "hb_warden_unit", "rezzed": True}]},
                        "remote1": remote({"card": "cfc_excavation_contract", "counters": {"advancement": 4}})}}
    r = go(["score:cfc_excavation_contract"], corp=corp, active="corp")
    assert r.game.corp.credits == 9


def test_escalate_vitriol_pays_per_tag_once_a_turn() -> None:
    r = go(["use:escalate_vitriol/0"], corp={"score_area": ["escalate_vitriol"]}, runner={"tags": 2}, active="corp")
    assert r.game.corp.credits == 7 and not any(o.startswith("use:escalate_vitriol") for o in labels(r))


def test_mandatory_seed_replacement_rearranges_ice() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "hb_lattice_gate", "rezzed": True}]},
                        "rnd": {"ice": [{"card": "nbn_static_veil"}]},
                        "remote1": remote({"card": "mandatory_seed_replacement", "counters": {"advancement": 4}})}}
    r = go(["score:mandatory_seed_replacement", "hb_lattice_gate", "nbn_static_veil", "done"], corp=corp,
           active="corp")  # fmt: skip
    g = r.game
    assert ids(g.servers["hq"].ice) == ["nbn_static_veil"] and ids(g.servers["rnd"].ice) == ["hb_lattice_gate"]


def test_meteor_mining_pays_or_flatlines() -> None:
    corp = {"servers": {"remote1": remote({"card": "meteor_mining", "counters": {"advancement": 5}})}}
    r = go(["score:meteor_mining", "credits"], corp=corp, active="corp")
    assert r.game.corp.credits == 12
    r = go(["score:meteor_mining", "damage"], corp=corp, runner={"tags": 2, "hand": GRIP[:3]}, active="corp")
    assert r.game.winner == "corp"
    r = go(["score:meteor_mining"], corp=corp, active="corp")
    assert "damage" not in labels(r)  # the runner has fewer than 2 tags


def test_next_wave_2_may_do_core_damage_with_next_ice() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "next_opal", "rezzed": True}]},
                        "remote1": remote({"card": "next_wave_2", "counters": {"advancement": 4}})}}
    r = go(["score:next_wave_2", "yes"], corp=corp, runner={"hand": GRIP[:2]}, active="corp")
    assert r.game.runner.brain_damage == 1 and len(r.game.runner.hand) == 1


def test_obokata_protocol_costs_4_net_damage_to_steal() -> None:
    corp = {"credits": 0, "servers": {"remote1": remote({"card": "obokata_protocol"})}}
    r = go(["run:remote1", "continue", "steal:obokata_protocol"], corp=corp, runner={"hand": GRIP})
    g = r.game
    assert ids(g.runner.score_area) == ["obokata_protocol"] and len(g.runner.hand) == 1
    r = go(["run:remote1", "continue", "leave"], corp=corp, runner={"hand": GRIP})
    assert not r.game.runner.score_area and len(r.game.runner.hand) == 5
    scored = {**corp, "score_area": ["obokata_protocol"]}
    r = go(["run:remote1", "continue", "steal:obokata_protocol"], corp=scored, runner={"hand": GRIP})
    assert len(r.game.runner.hand) == 1 and not r.game.over  # the scored copy does not charge it again


def test_reeducation_tucks_hq_and_the_grip() -> None:
    corp = {"hand": ["jinteki_quiet_harvest", "nbn_ad_revenue_share"], "deck": RND,
            "servers": {"remote1": remote({"card": "reeducation", "counters": {"advancement": 5}})}}  # fmt: skip
    r = go(["score:reeducation", "jinteki_quiet_harvest", "nbn_ad_revenue_share"], corp=corp,
           runner={"hand": GRIP[:3]}, active="corp")  # fmt: skip
    g = r.game
    assert ids(g.corp.hand) == ["hb_quarterly_review"] * 2 and ids(g.corp.deck[:2]) == ["nbn_ad_revenue_share",
                                                                                           "jinteki_quiet_harvest"]
    assert len(g.runner.hand) == 1 and len(g.runner.deck) == 2


def test_standoff_pays_the_corp_unless_the_runner_trashes() -> None:
    corp: dict[str, Any] = {"deck": RND, "servers": {"remote1": remote({"card": "standoff", "counters": {"advancement": 2}})}}
    r = go(["score:standoff", "done"], corp=corp, runner={"rig": [{"card": "dockside_tipster"}]}, active="corp")
    assert r.game.corp.credits == 10 and len(r.game.corp.hand) == 1
    corp["servers"]["remote2"] = remote("weyland_ore_refinery")
    r = go(["score:standoff", "dockside_tipster", "weyland_ore_refinery"], corp=corp,
           runner={"rig": [{"card": "dockside_tipster"}]}, active="corp")  # fmt: skip
    g = r.game  # trashed in turn until the runner has nothing left to trash: then the corp is paid
    assert not g.runner.rig and ids(g.corp.discard) == ["weyland_ore_refinery"] and g.corp.credits == 10


def test_water_monopoly_taxes_non_virtual_resources() -> None:
    r = go([], corp={"score_area": ["water_monopoly"]}, runner={"hand": ["dockside_tipster", "dormant_account"]})
    g = r.game
    assert [g.install_cost(c) for c in g.runner.hand] == [4, 2]


# ---------------------------------------------------------------- corp operations


def test_audacity_empties_hq_for_two_advancement_counters() -> None:
    corp = {"hand": ["audacity", "jinteki_quiet_harvest", "hb_quarterly_review"],
            "servers": {"remote1": remote({"card": "hb_cortex_mapping"})}}  # fmt: skip
    r = go(["play:audacity"], corp=corp, active="corp")
    g = r.game
    assert not g.corp.hand and len(g.corp.discard) == 3 and corp_card(r, "hb_cortex_mapping").advancement == 2
    r = go([], corp={**corp, "hand": ["audacity", "jinteki_quiet_harvest"]}, active="corp")
    assert not any(o.startswith("play:audacity") for o in labels(r))


def test_biased_reporting_pays_per_card_left_installed() -> None:
    runner = {"rig": [{"card": "dockside_tipster"}, {"card": "backroom_bookie"}, {"card": "garage_lab"}]}
    r = go(["play:biased_reporting", "resource", "dockside_tipster", "done"], corp={"hand": ["biased_reporting"]},
           runner=runner, active="corp")  # fmt: skip
    g = r.game
    assert g.corp.credits == 7 and g.runner.credits == 6 and len(g.runner.rig) == 2


def test_load_testing_takes_a_click_from_the_next_turn() -> None:
    r = go(["play:load_testing"], corp={"hand": ["load_testing"], "clicks": 1}, active="corp")
    assert r.game.runner.clicks == 3 and r.game.active == "runner"


def test_mass_commercialization_pays_per_advanced_card() -> None:
    corp = {"hand": ["mass_commercialization"],
            "servers": {"remote1": remote({"card": "hb_cortex_mapping", "counters": {"advancement": 1}}),
                        "remote2": remote({"card": "weyland_tripmine_lot", "counters": {"advancement": 2}}),
                        "remote3": remote("weyland_ore_refinery")}}  # fmt: skip
    r = go(["play:mass_commercialization"], corp=corp, active="corp")
    assert r.game.corp.credits == 9


def test_o_shortage_costs_a_grip_card_or_gives_clicks() -> None:
    r = go(["play:o_shortage", "refuse"], corp={"hand": ["o_shortage"]}, runner={"hand": GRIP[:2]}, active="corp")
    assert r.game.corp.clicks == 4 and len(r.game.runner.hand) == 2
    r = go(["play:o_shortage", "trash"], corp={"hand": ["o_shortage"]}, runner={"hand": GRIP[:2]}, active="corp")
    assert r.game.corp.clicks == 2 and len(r.game.runner.hand) == 1


def test_priority_construction_installs_advanced_ice_on_a_remote() -> None:
    corp = {"hand": ["priority_construction", "nbn_static_veil"], "servers": {"remote1": remote("weyland_ore_refinery")}}
    r = go(["play:priority_construction", "remote1"], corp=corp, active="corp")
    g = r.game
    assert ids(g.servers["remote1"].ice) == ["nbn_static_veil"] and g.servers["remote1"].ice[0].advancement == 3
    assert g.corp.clicks == 1 and g.corp.credits == 4


def test_red_planet_couriers_gathers_every_advancement_counter() -> None:
    corp = {"hand": ["red_planet_couriers"],
            "servers": {"remote1": remote({"card": "hb_cortex_mapping", "counters": {"advancement": 1}}),
                        "remote2": remote({"card": "weyland_tripmine_lot", "counters": {"advancement": 2}})}}
    r = go(["play:red_planet_couriers", "hb_cortex_mapping"], corp=corp, active="corp")
    assert corp_card(r, "hb_cortex_mapping").advancement == 3 and corp_card(r, "weyland_tripmine_lot").advancement == 0
    assert r.game.corp.clicks == 0


def test_replanting_reinstalls_for_free() -> None:
    corp = {"hand": ["replanting", "nbn_static_veil"], "servers": {"remote1": remote("weyland_ore_refinery")}}
    r = go(["play:replanting", "nbn_static_veil", "hq"], corp=corp, active="corp")  # the refinery: a new remote
    g = r.game
    assert ids(g.servers["hq"].ice) == ["nbn_static_veil"] and ids(g.servers["remote2"].root) == ["weyland_ore_refinery"]
    assert not g.servers["remote2"].root[0].rezzed and g.corp.credits == 4 and g.corp.clicks == 1


def test_restore_installs_and_rezzes_from_archives() -> None:
    corp = {"hand": ["restore"], "credits": 6, "discard": ["weyland_ore_refinery", "weyland_ore_refinery"]}
    r = go(["play:restore", "weyland_ore_refinery"], corp=corp, active="corp")
    g = r.game
    assert corp_card(r, "weyland_ore_refinery").rezzed and g.corp.credits == 0
    assert ids(g.removed) == ["weyland_ore_refinery"] and ids(g.corp.discard) == ["restore"]


def test_shipment_from_tennin_needs_a_quiet_runner_turn() -> None:
    corp = {"hand": ["shipment_from_tennin"], "servers": {"remote1": remote("weyland_ore_refinery")}}
    r = go(["play:shipment_from_tennin"], corp=corp, active="corp")
    assert corp_card(r, "weyland_ore_refinery").advancement == 2
    r = go(["run:hq", "continue"], corp={**corp, "deck": RND}, runner={"clicks": 1})
    assert r.game.active == "corp" and not any(o.startswith("play:shipment") for o in labels(r))


def test_success_advances_by_the_forfeited_agendas_requirement() -> None:
    corp = {"hand": ["success"], "score_area": ["neutral_charter_renewal"],
            "servers": {"remote1": remote({"card": "hb_cortex_mapping"})}}  # fmt: skip
    r = go(["play:success"], corp=corp, active="corp")
    g = r.game
    assert corp_card(r, "hb_cortex_mapping").advancement == 5 and not g.corp.score_area and g.corp.clicks == 0


def test_threat_level_alpha_doubles_the_tags() -> None:
    r = go(["play:threat_level_alpha", "pay:1", "pay:0"], corp={"hand": ["threat_level_alpha"]}, runner={"tags": 2},
           active="corp")  # fmt: skip
    assert r.game.runner.tags == 4 and r.game.corp.credits == 1 and r.game.corp.clicks == 1


def test_rover_algorithm_grows_its_host_each_pass() -> None:
    r = go(["play:rover_algorithm", "run:hq", "break:cog_key/0", "continue"],
           corp={**ice_on("hq", "hb_lattice_gate"), "hand": ["rover_algorithm"], "clicks": 1},
           runner={"rig": [{"card": "cog_key"}]}, active="corp")  # fmt: skip
    g = r.game
    assert ids(g.in_play) == ["rover_algorithm"] and g.in_play[0].counters == {"power": 1}
    assert g.strength_of(g.servers["hq"].ice[0]) == 3
