"""The Mumbad cycle card scripts, each played through a scenario that checks what changes. The fixtures' paragraphs
are our own wording (template-read ones in the formulas the templates read)."""

from __future__ import annotations

from typing import Any

from .kit import bundled, card, corp_card, ended, events, ice_on, identity, ids, labels, play, rig

QUIET = "hb_mirror_foundry"  # a corp identity without triggers
ADA = "ada_voss_tinker"  # a runner identity without triggers
RND = ["hb_quarterly_review"] * 6  # the corp's turns draw from it
GRIP = ["light_fingers", "overnight_takeout", "spark_of_insight", "bench_night", "bin_diving"]

# ---------------------------------------------------------------- icebreakers

AGHORA = card("aghora", "program",
              ["Interface → 1[credit]: one subroutine breaks, on ice that costs 5 or more to rez.",
               "1[credit]: +1 strength.",
               "2[credit]: trade places with a deva program in your grip."],
              cost=5, memory_cost=1, strength=2, unique=True, subtypes=["icebreaker", "ai", "deva"],
              faction="anarch")  # fmt: skip
SADYOJATA = card("sadyojata", "program",
                 ["Interface → 1[credit]: one subroutine breaks, on ice carrying three subtypes or more.",
                  "1[credit]: +1 strength.",
                  "2[credit]: trade places with a deva program in your grip."],
                 cost=4, memory_cost=1, strength=2, unique=True, subtypes=["icebreaker", "ai", "deva"],
                 faction="shaper")  # fmt: skip
VAMADEVA = card("vamadeva", "program",
                ["Interface → 1[credit]: the subroutine breaks, on ice with a single subroutine.",
                 "1[credit]: +1 strength.",
                 "2[credit]: trade places with a deva program in your grip."],
                cost=6, memory_cost=1, strength=2, unique=True, subtypes=["icebreaker", "ai", "deva"],
                faction="criminal")  # fmt: skip
BRAHMAN = card("brahman", "program",
               ["Interface → 1[credit]: as many as 2 subroutines of any kind break.",
                "2[credit]: +1 strength.",
                "An encounter it broke something in ends with one of your non-virus programs going on top of the "
                "stack."],
               cost=4, memory_cost=2, strength=3, subtypes=["icebreaker", "ai"], faction="shaper")  # fmt: skip
ANKUSA = card("ankusa", "program",
              ["A barrier it breaks completely goes back to HQ.",
               "Interface → 2[credit]: Break 1 barrier subroutine.",
               "1[credit]: +1 strength."],
              cost=6, memory_cost=1, strength=0, subtypes=["icebreaker", "fracter"], faction="shaper")  # fmt: skip
MONGOOSE = card("mongoose", "program",
                ["In a run it breaks subroutines on one piece of ice only.",
                 "Interface → 1[credit]: as many as 2 sentry subroutines break.",
                 "2[credit]: +2 strength."],
                cost=3, memory_cost=1, strength=1, subtypes=["icebreaker", "killer"], faction="criminal")  # fmt: skip

# ---------------------------------------------------------------- ice

BAILIFF = card("bailiff", "ice", ["Each subroutine broken here pays the Corp 1[credit].", "[subroutine] End the run."],
               rez_cost=2, strength=0, subtypes=["barrier"], faction="weyland_consortium")  # fmt: skip
BRAINSTORM = card("brainstorm", "ice",
                  ["Met by the Runner, it grows one '1 core damage' subroutine per grip card, for the run."],
                  rez_cost=9, strength=2, subtypes=["sentry", "ap"], faction="haas_bioroid")  # fmt: skip
CHETANA = card("chetana", "ice",
               ["[subroutine] Both players take 2[credit].",
                "[subroutine] A psi game; unequal bids mean 1 net damage per card the Runner holds."],
               rez_cost=4, strength=3, subtypes=["sentry", "ap", "psi"], faction="jinteki")  # fmt: skip
HARVESTER = card("harvester", "ice",
                 ["[subroutine] The Runner draws 3, then trims the grip to the hand size.",
                  "[subroutine] The Runner draws 3, then trims the grip to the hand size."],
                 rez_cost=1, strength=3, subtypes=["code_gate"], faction="jinteki")  # fmt: skip
RED_TAPE = card("red_tape", "ice", ["[subroutine] Every ice is 3 stronger until the run is over."],
                rez_cost=2, strength=5, subtypes=["code_gate"], faction="weyland_consortium")  # fmt: skip
UPAYOGA = card("upayoga", "ice",
               ["[subroutine] A psi game; unequal bids cost the Runner 2[credit].",
                "[subroutine] Fire a subroutine of any rezzed psi ice."],
               rez_cost=3, strength=4, subtypes=["code_gate", "psi"], faction="jinteki")  # fmt: skip
VIKRAM = card("vikram_1_0", "ice",
              ["A Runner-only option: giving up [click] breaks one subroutine here.",
               "[subroutine] No programs for the Runner during the rest of the run.",
               "[subroutine] Trace[4]. If successful, do 1 core damage.",
               "[subroutine] Trace[4]. If successful, do 1 core damage."],
              rez_cost=6, strength=5, subtypes=["sentry", "bioroid", "tracer", "ap"], faction="haas_bioroid")  # fmt: skip
WAIVER = card("waiver", "ice",
              ["[subroutine] Trace[5]; on success the grip is shown and every card in it costing at most the margin "
               "is trashed."],
              rez_cost=5, strength=5, subtypes=["code_gate", "tracer"], faction="nbn")  # fmt: skip

# ---------------------------------------------------------------- assets and upgrades

AAL = card("advanced_assembly_lines", "asset",
           ["When you rez this asset, gain 3[credit].",
            "Send this asset to Archives (never mid-run): install a card other than an agenda from HQ, paying for it."],
           rez_cost=1, trash_cost=1, subtypes=["facility"], faction="haas_bioroid")  # fmt: skip
BIO_ETHICS = card("bio_ethics_association", "asset",
                  ["At the start of your turn, 1 net damage, unless ice guards this server."],
                  rez_cost=1, trash_cost=2, subtypes=["political"], faction="jinteki")  # fmt: skip
BANKERS = card("commercial_bankers_group", "asset",
               ["At the start of your turn, 3[credit] for you, unless ice guards this server."],
               rez_cost=1, trash_cost=2, subtypes=["political"], faction="weyland_consortium")  # fmt: skip
SUFFRAGE = card("clone_suffrage_movement", "asset",
                ["At the start of your turn, unless ice guards this server, an operation may come back from Archives "
                 "to HQ."],
                rez_cost=1, trash_cost=2, subtypes=["political"], faction="haas_bioroid")  # fmt: skip
SENSIE = card("sensie_actors_union", "asset",
              ["At the start of your turn, unless ice guards this server, you may draw 3 and then tuck 1 HQ card "
               "under R&D."],
              rez_cost=0, trash_cost=2, subtypes=["political"], faction="nbn")  # fmt: skip
AGROPLEX = card("palana_agroplex", "asset", ["At the start of your turn, both players draw a card."],
                rez_cost=1, trash_cost=5, subtypes=["facility"], faction="jinteki")  # fmt: skip
KALA_GHODA = card("kala_ghoda_real_tv", "asset",
                  ["At the start of your turn you may peek at the top card of the stack.",
                   "Trash this asset: the top card of the stack goes to the heap."],
                  rez_cost=0, trash_cost=4, subtypes=["cast"], faction="nbn")  # fmt: skip
CONSTRUCTION = card("mumbad_construction_co", "asset",
                    ["When your turn begins, place 1 advancement token on this asset.",
                     "2[credit]: shift one advancement counter from here onto another face-up card."],
                    rez_cost=4, trash_cost=3, faction="weyland_consortium")  # fmt: skip
CITY_HALL = card("mumbad_city_hall", "asset",
                 ["[click]: fetch an alliance card from R&D, show it, and play or install it at full price; shuffle "
                  "R&D."],
                 rez_cost=1, trash_cost=3, subtypes=["facility", "government"], faction="weyland_consortium")  # fmt: skip
CITY_GRID = card("mumbad_city_grid", "upgrade",
                 ["When the Runner gets past ice guarding this server, you may trade its place with other ice "
                  "guarding it.",
                  "One region per server."],
                 rez_cost=3, trash_cost=3, subtypes=["region"], faction="jinteki")  # fmt: skip
SURAT = card("surat_city_grid", "upgrade",
             ["When you rez some other card in this server's root or ice, you may rez a card for 2[credit] less.",
              "One region per server."],
             rez_cost=2, trash_cost=3, subtypes=["region"], faction="weyland_consortium")  # fmt: skip
DISPOSABLE = card("disposable_hq", "upgrade",
                  ["Accessed in R&D, this upgrade is shown to both players.",
                   "Accessed anywhere, it lets you tuck any number of HQ cards under R&D."],
                  rez_cost=0, trash_cost=5, subtypes=["ambush"], faction="nbn")  # fmt: skip
TOUR = card("mumbad_virtual_tour", "upgrade",
            ["It costs no influence in a deck of 7 or more assets.",
             "A Runner accessing it while it is installed has to trash it if they can pay."],
            rez_cost=0, trash_cost=5, subtypes=["alliance"])  # fmt: skip
MUSEUM = card("museum_of_history", "asset",
              ["It costs no influence in a deck of 50 or more cards.",
               "At the start of your turn you may shuffle one Archives card back into R&D."],
              rez_cost=1, trash_cost=3, unique=True, subtypes=["alliance", "ritzy"])  # fmt: skip
SEARCH_FIRM = card("executive_search_firm", "asset",
                   ["It costs no influence with 6 or more non-alliance Weyland cards in the deck.",
                    "[click]: fetch an executive, sysop or character from R&D, show it, and put it in HQ; shuffle "
                    "R&D."],
                   rez_cost=0, trash_cost=3, subtypes=["alliance", "ritzy"], faction="weyland_consortium")  # fmt: skip
IBRAHIM = card("ibrahim_salem", "asset",
               ["It costs no influence with 6 or more non-alliance NBN cards in the deck.",
                "Rezzing it also takes one of your scored agendas, forfeited.",
                "At the start of your turn, name a card type, see the grip, and trash one card of that type from it."],
               rez_cost=2, trash_cost=5, unique=True, subtypes=["alliance", "character"], faction="nbn")  # fmt: skip
MUMBA = card("mumba_temple", "asset",
             ["It costs no influence in a deck with 15 or fewer ice.", "It holds 2 credits that come back each turn.",
              "Those credits go only toward rezzing."],
             rez_cost=1, trash_cost=3, subtypes=["alliance", "facility"])  # fmt: skip
PAD = card("pad_factory", "asset",
           ["It costs no influence with 3 PAD Campaigns in the deck.",
            "[click]: one advancement counter onto a card, which cannot be scored before your next turn."],
           rez_cost=2, trash_cost=3, subtypes=["alliance", "facility"])  # fmt: skip
JUDGE = card("zealous_judge", "asset",
             ["Only a tagged Runner lets you rez this asset.", "[click], 1[credit]: Give the Runner 1 tag."],
             rez_cost=2, trash_cost=2, subtypes=["character"], faction="weyland_consortium")  # fmt: skip
IUSE = card("indian_union_stock_exchange", "asset",
            ["Rezzing or playing a card from outside your faction (this one too) pays you 1[credit]."],
            rez_cost=1, trash_cost=3, faction="weyland_consortium")  # fmt: skip

# ---------------------------------------------------------------- agendas

HOPPER = card("advanced_concept_hopper", "agenda",
              ["The Runner's first run of each turn lets you draw 1 card or take 1[credit]."],
              agenda_points=2, advancement_requirement=4, subtypes=["research"], faction="haas_bioroid")  # fmt: skip
SALES_TEAM = card("corporate_sales_team", "agenda",
                  ["Scoring it puts 10[credit] on it.", "At the start of each player's turn you take 1[credit] off it."],
                  agenda_points=2, advancement_requirement=4, subtypes=["expansion"])  # fmt: skip
PROTEIN = card("improved_protein_source", "agenda", ["Scored or stolen, it hands the Runner 4[credit]."],
               agenda_points=3, advancement_requirement=4, subtypes=["research"], faction="jinteki")  # fmt: skip
MERGER = card("merger", "agenda", ["In the Runner's score area it counts one point more."],
              agenda_points=2, advancement_requirement=3, subtypes=["expansion"])  # fmt: skip
PUPPET = card("puppet_master", "agenda",
              ["Each successful run lets you put 1 advancement counter on a card that can be advanced."],
              agenda_points=3, advancement_requirement=5, subtypes=["initiative"], faction="nbn")  # fmt: skip
VOTING = card("voting_machine_initiative", "agenda",
              ["When you score this agenda, place 3 agenda counters on it.",
               "When the Runner's turn begins, you may spend an agenda counter here to take [click] from them."],
              agenda_points=3, advancement_requirement=5, subtypes=["initiative"], faction="haas_bioroid")  # fmt: skip

# ---------------------------------------------------------------- operations

CLONES = card("clones_are_not_people", "operation",
              ["It stays in play until a new current arrives or an agenda is stolen.",
               "When you score an agenda it joins your score area as a 1-point agenda."],
              cost=3, subtypes=["current"], faction="jinteki")  # fmt: skip
CONSULTING = card("consulting_visit", "operation",
                  ["It costs no influence with 6 or more non-alliance Weyland cards in the deck.",
                   "Playing it takes one more [click].",
                   "Fetch an operation from R&D and play it at full price; shuffle R&D."],
                  cost=2, subtypes=["alliance", "double"], faction="weyland_consortium")  # fmt: skip
DEDICATION = card("dedication_ceremony", "operation",
                  ["Put 3 advancement counters on a face-up installed card; it cannot be scored before your next turn."],
                  cost=1, faction="weyland_consortium")  # fmt: skip
ELECTION = card("election_day", "operation", ["With another card in HQ: trash all of HQ, then draw 5."],
                cost=0, faction="weyland_consortium")  # fmt: skip
EXCHANGE = card("exchange_of_information", "operation",
                ["Only against a tagged Runner.", "Trade one of your scored agendas for one the Runner stole."],
                cost=0, subtypes=["gray_ops"], faction="nbn")  # fmt: skip
HERITAGE = card("heritage_committee", "operation",
                ["It costs no influence with 6 or more non-alliance Jinteki cards in the deck.",
                 "Draw 3, then put a card from HQ on top of R&D."],
                cost=1, subtypes=["alliance"], faction="jinteki")  # fmt: skip
LATERAL = card("lateral_growth", "operation", ["Take 4[credit]; you may install a card, paying for it."],
               cost=2, subtypes=["transaction"], faction="haas_bioroid")  # fmt: skip
LOCALIZED = card("localized_product_line", "operation",
                 ["Pull any number of copies of one card from R&D into HQ, shown; shuffle R&D."], cost=4)  # fmt: skip
RECALL = card("product_recall", "operation",
              ["It costs no influence with 6 or more non-alliance HB cards in the deck.",
               "Trash one of your rezzed assets or upgrades for credits equal to its trash cost."],
              cost=0, subtypes=["alliance"], faction="haas_bioroid")  # fmt: skip
SALEM = card("salems_hospitality", "operation",
             ["It costs no influence with 6 or more non-alliance NBN cards in the deck.",
              "Name a card; the Runner shows the grip and loses every card of that name."],
             cost=2, subtypes=["alliance", "gray_ops"], faction="nbn")  # fmt: skip
SUBCONTRACT = card("subcontract", "operation",
                   ["Only against a tagged Runner.", "Play as many as 2 operations from HQ in turn, paying for each."],
                   cost=0, subtypes=["gray_ops"], faction="weyland_consortium")  # fmt: skip
VOTER = card("voter_intimidation", "operation",
             ["Only once the Runner has stolen an agenda.", "A psi game: if the bids differ, trash a resource."],
             cost=1, subtypes=["gray_ops", "psi"], faction="jinteki")  # fmt: skip

# ---------------------------------------------------------------- runner events

CBI = card("cbi_raid", "event",
           ["Run HQ; on success, rather than breaching it, the Corp stacks all of HQ on R&D in an order it picks."],
           cost=3, subtypes=["run", "sabotage"], faction="criminal")  # fmt: skip
FEAR = card("fear_the_masses", "event",
            ["Run HQ; on success, rather than breaching it, show copies of this event from your grip; R&D loses its "
             "top card and one more per copy shown.", "Limit 6 per deck."],
            cost=1, subtypes=["run", "sabotage"], faction="anarch", deck_limit=6)  # fmt: skip
SIFTING = card("information_sifting", "event",
               ["Run HQ; on success, rather than breaching it, the Corp deals HQ into two face-down piles and you "
                "access all of the pile you pick."],
               cost=1, subtypes=["run"], faction="criminal")  # fmt: skip
HIGH_STAKES = card("high_stakes_job", "event",
                   ["Run a server with some unrezzed ice in front of it; once the run ends, 12[credit] if it "
                    "succeeded."],
                   cost=6, subtypes=["run", "job"], faction="criminal")  # fmt: skip
PARTY = card("exclusive_party", "event",
             ["Draw 1; 1[credit] per copy of this event in your heap.", "Limit 6 per deck."],
             cost=0, faction="criminal", deck_limit=6)  # fmt: skip
ENTRANCE = card("making_an_entrance", "event",
                ["Only as the first [click] of your turn.",
                 "See the top 6 cards of your stack; trash any of them and put the rest back in any order."],
                cost=0, subtypes=["priority"], faction="anarch")  # fmt: skip
ASHES = card("out_of_the_ashes", "event",
             ["Run any server.", "At your turn's start, from your heap, you may remove it from the game to run.",
              "Limit 6 per deck."],
             cost=1, subtypes=["run"], faction="shaper", deck_limit=6)  # fmt: skip
GRAFFITI = card("political_graffiti", "event",
                ["Run Archives; on success, rather than breaching it, sit on one of the Corp's scored agendas as a "
                 "condition counter: that agenda is worth 1 point less, and a purge sends this to the heap."],
                cost=0, subtypes=["run"], faction="anarch")  # fmt: skip
RALLY = card("populist_rally", "event",
             ["Only with a seedy card installed.", "The Corp's next turn has one [click] fewer."], cost=2)  # fmt: skip
REBIRTH = card("rebirth", "event",
               ["Trade your identity for another of your faction; this event then leaves the game.",
                "Limit 1 per deck."],
               cost=0, deck_limit=1)  # fmt: skip
RIGGED = card("rigged_results", "event",
              ["Spend up to 2[credit] in secret; the Corp guesses the sum. A wrong guess lets you pick a piece of ice, "
               "run its server and bypass that ice the first time you meet it."],
              cost=0)  # fmt: skip
RUN_AMOK = card("run_amok", "event",
                ["Run anywhere; when it is over, trash a piece of ice that was rezzed during it."],
                cost=3, subtypes=["run", "sabotage"], faction="anarch")  # fmt: skip
FREEDOM = card("freedom_through_equality", "event",
               ["It stays in play until a new current arrives or an agenda is scored.",
                "When you steal an agenda it joins your score area as a 1-point agenda."],
               cost=3, subtypes=["current"])  # fmt: skip

# ---------------------------------------------------------------- runner cards in play

AKSHARA = card("akshara_sareen", "resource", ["Both players get one more [click] every turn."],
               cost=0, unique=True, subtypes=["connection"])  # fmt: skip
ARTIST = card("artist_colony", "resource",
              ["Forfeit an agenda: find a program, resource or hardware in your stack and install it."],
              cost=0, subtypes=["location"], faction="shaper")  # fmt: skip
BHAGAT = card("bhagat", "resource", ["Your first successful HQ run of a turn makes the Corp trash R&D's top card."],
              cost=3, unique=True, subtypes=["connection"], faction="anarch")  # fmt: skip
CHATTERJEE = card("chatterjee_university", "resource",
                  ["[click]: Place 1 power counter on this resource.",
                   "[click]: install a program from your grip, 1[credit] cheaper per power counter here; then take a "
                   "power counter off."],
                  cost=1, unique=True, subtypes=["location", "ritzy"])  # fmt: skip
EMPTIED = card("emptied_mind", "resource", ["At the start of your turn, with an empty grip, gain [click]."],
               cost=0, unique=True, faction="anarch")  # fmt: skip
CHELA = card("liberated_chela", "resource",
             ["[click][click][click][click][click], forfeit an agenda: unless the Corp forfeits an agenda to send it "
              "out of the game, it becomes a 2-point agenda in your score area."],
             cost=0, subtypes=["connection"], faction="shaper")  # fmt: skip
MAYA = card("maya", "hardware",
            ["+2[mu]", "Once a turn, after accessing an R&D card, you may put it under R&D and take a tag.",
             "Only 1 console per player."],
            cost=3, unique=True, subtypes=["console"], faction="shaper")  # fmt: skip
REFLECTION = card("reflection", "hardware",
                  ["+1[mu] +1[link]", "Jacking out makes the Corp show a random card of HQ.",
                   "Only 1 console per player."],
                  cost=2, unique=True, subtypes=["console"], faction="criminal")  # fmt: skip
PANCHATANTRA = card("panchatantra", "program",
                    ["Once a turn, meeting a piece of ice, you may give it one subtype other than barrier, code gate "
                     "or sentry until the run is over."],
                    cost=2, memory_cost=1, faction="shaper")  # fmt: skip
PATRON = card("patron", "resource",
              ["At the start of your turn you may pick a server.",
               "Your first successful run there that turn draws 2 cards in place of the breach."],
              cost=3, subtypes=["connection"], faction="shaper")  # fmt: skip
OPERATIVE = card("political_operative", "resource",
                 ["Installable only after a successful HQ run this turn.",
                  "Trash this resource, pay X[credit]: trash a rezzed card whose trash cost is X."],
                 cost=1, subtypes=["connection"], faction="criminal")  # fmt: skip
RAMUJAN = card("ramujan_reliant_550_bmi", "hardware",
               ["Trash it to prevent as much as X core or net damage (X: 1 plus your other copies installed), milling "
                "your stack once per damage prevented.", "Limit 6 per deck."],
               cost=1, subtypes=["consumer_grade"], faction="anarch", deck_limit=6)  # fmt: skip
SLUMS = card("salsette_slums", "resource",
             ["Once a turn, accessing a card, you may pay its trash cost to remove it from the game instead."],
             cost=2, subtypes=["location", "seedy"], faction="anarch")  # fmt: skip
SPY = card("spy_camera", "hardware",
           ["[click]: see the top cards of your stack, one per Spy Camera you have installed, and reorder them.",
            "Trash it: peek at R&D's top card.", "Limit 6 per deck."],
           cost=0, subtypes=["consumer_grade"], faction="criminal", deck_limit=6)  # fmt: skip
TECH_TRADER = card("tech_trader", "resource", ["Each time you use a trash-this-card ability, 1[credit] for you."],
                   cost=1, subtypes=["connection"], faction="criminal")  # fmt: skip
TEMPLE = card("temple_of_the_liberated_mind", "resource",
              ["[click]: Place 1 power counter on this resource.",
               "Once a turn, during your turn, a power counter here: gain [click]."],
              cost=2, unique=True, subtypes=["location", "ritzy"], faction="shaper")  # fmt: skip
WHEEL = card("the_turning_wheel", "resource",
             ["A run on HQ or R&D that ends with nothing stolen puts a power counter here.",
              "2 power counters here: pick HQ or R&D; breaching it during this run, access 1 card more."],
             cost=2, unique=True, subtypes=["virtual"])  # fmt: skip
NERO = identity("nero_severn_information_broker", "runner", ["Once per turn, meeting a sentry, you may jack out."],
                faction="criminal", subtypes=["natural"], base_link=1)  # fmt: skip

BREAKERS = [AGHORA, SADYOJATA, VAMADEVA, BRAHMAN, ANKUSA, MONGOOSE]
ICE = [BAILIFF, BRAINSTORM, CHETANA, HARVESTER, RED_TAPE, UPAYOGA, WAIVER]
PLACED = [AAL, BIO_ETHICS, BANKERS, SUFFRAGE, SENSIE, AGROPLEX, KALA_GHODA, CONSTRUCTION, CITY_HALL, CITY_GRID, SURAT,
          DISPOSABLE, JUDGE, IUSE]  # fmt: skip
AGENDAS = [HOPPER, SALES_TEAM, PROTEIN, MERGER, PUPPET, VOTING]
OPERATIONS = [CLONES, DEDICATION, ELECTION, EXCHANGE, LATERAL, LOCALIZED, SUBCONTRACT, VOTER]
EVENTS = [CBI, FEAR, SIFTING, HIGH_STAKES, PARTY, ENTRANCE, GRAFFITI, RALLY, REBIRTH, RIGGED, RUN_AMOK,
          FREEDOM]  # fmt: skip
RUNNER_CARDS = [AKSHARA, ARTIST, BHAGAT, CHATTERJEE, EMPTIED, CHELA, REFLECTION, PANCHATANTRA, PATRON, OPERATIVE,
                RAMUJAN, SLUMS, SPY, TECH_TRADER, TEMPLE, WHEEL, NERO]  # fmt: skip
FULL = [*BREAKERS, *ICE, *PLACED, *AGENDAS, *OPERATIONS, *EVENTS, *RUNNER_CARDS]
ALLIANCE = [TOUR, MUSEUM, SEARCH_FIRM, IBRAHIM, MUMBA, PAD, CONSULTING, HERITAGE, RECALL, SALEM]  # influence left unread
PARTIAL: list[Any] = [VIKRAM, MAYA, ASHES, *ALLIANCE]
RECORDS: list[Any] = [*bundled(), *FULL, *PARTIAL]


def go(decisions: list[str], corp: dict[str, Any] | None = None, runner: dict[str, Any] | None = None,
       active: str = "runner") -> Any:  # fmt: skip
    """A scenario with quiet identities (no triggers of their own)."""
    return play(RECORDS, decisions, corp={"identity": QUIET, **(corp or {})},
                runner={"identity": ADA, **(runner or {})}, active=active)  # fmt: skip


# ---------------------------------------------------------------- icebreakers


def test_readings() -> None:
    for fixture in FULL:
        assert fixture.reading.status == "executable", fixture.id
    for fixture in PARTIAL:
        assert fixture.reading.status == "partial", fixture.id
    for fixture in ALLIANCE:
        assert 0 not in fixture.reading.scripted, fixture.id
    assert MAYA.reading.read == [0] and MAYA.reading.scripted == [2]
    assert REFLECTION.reading.read == [0] and REFLECTION.reading.scripted == [1, 2]
    assert PARTY.reading.rules == [1] and RAMUJAN.reading.rules == [1] and REBIRTH.reading.rules == [1]
    assert CHATTERJEE.reading.read == [0] and TEMPLE.reading.read == [0] and CONSTRUCTION.reading.read == [0]
    assert VOTING.reading.read == [0] and JUDGE.reading.read == [1] and AAL.reading.read == [0]
    assert VIKRAM.reading.status == "partial" and VIKRAM.reading.scripted == [0] and VIKRAM.reading.read == [2, 3]
    assert AGHORA.reading.scripted == [0, 2] and AGHORA.reading.read == [1]
    assert MONGOOSE.reading.scripted == [0, 1] and MONGOOSE.reading.read == [2]
    assert ANKUSA.reading.scripted == [0] and ANKUSA.reading.read == [1, 2]


def test_aghora_breaks_only_expensive_ice_and_swaps_with_a_deva() -> None:
    runner = {"rig": [{"card": "aghora"}], "credits": 5}
    r = go(["run:hq", "boost:aghora/1", "boost:aghora/1", "boost:aghora/1", "use:aghora/0", "sub:2", "done"],
           corp=ice_on("hq", "weyland_customs_checkpoint"), runner=runner)  # fmt: skip
    assert [e["index"] for e in events(r, "break")] == [2] and not ended(r) and r.game.runner.credits == 0  # 3 lost
    r = go(["run:hq"], corp=ice_on("hq", "hb_lattice_gate"), runner=runner)
    assert ended(r) and not events(r, "break")  # lattice gate costs 2 to rez: nothing to break with
    r = go(["use:aghora/2"], runner={**runner, "hand": ["vamadeva"]})
    g = r.game
    assert ids(g.runner.rig) == ["vamadeva"] and ids(g.runner.hand) == ["aghora"] and g.runner.credits == 3


def test_sadyojata_and_vamadeva_break_the_ice_that_fits() -> None:
    runner = {"rig": [{"card": "sadyojata"}], "credits": 5}
    three = ice_on("hq", "neutral_tripwire_daemon")  # sentry, tracer: 2 subtypes
    r = go(["run:hq"], corp=three, runner=runner)
    assert not any(o.startswith("use:sadyojata") for o in labels(r))
    r = go(["run:hq", "boost:sadyojata/1", "use:sadyojata/0", "sub:2", "done", "continue"], corp=ice_on("hq", "chetana"),
           runner=runner)  # fmt: skip
    assert [e["index"] for e in events(r, "break")] == [2] and r.game.runner.credits == 5 - 2 + 2
    runner = {"rig": [{"card": "vamadeva"}], "credits": 5}
    r = go(["run:hq", "use:vamadeva/0", "continue"], corp=ice_on("hq", "hb_lattice_gate"), runner=runner)
    assert events(r, "break") and not ended(r) and r.game.runner.credits == 4
    r = go(["run:hq"], corp=ice_on("hq", "nbn_subscription_gate"), runner=runner)
    assert not any(o.startswith("use:vamadeva") for o in labels(r))  # 2 subroutines


def test_brahman_breaks_two_and_then_stacks_a_program() -> None:
    runner = {"rig": [{"card": "brahman"}, {"card": "veneer_layer"}], "credits": 5, "deck": ["light_fingers"]}
    r = go(["run:hq", "use:brahman/0", "sub:1", "veneer_layer", "continue"],
           corp=ice_on("hq", "nbn_subscription_gate"), runner=runner)  # fmt: skip
    g = r.game
    assert len(events(r, "break")) == 2 and not ended(r)
    assert ids(g.runner.rig) == ["brahman"] and g.runner.deck[-1].id == "veneer_layer"
    r = go(["run:hq", "done"], corp=ice_on("hq", "hb_lattice_gate"), runner=runner)
    assert ids(r.game.runner.rig) == ["brahman", "veneer_layer"]  # nothing broken: nothing stacked


def test_ankusa_sends_a_fully_broken_barrier_to_hq() -> None:
    runner = {"rig": [{"card": "ankusa"}], "credits": 6}
    corp = {"servers": {"hq": {"ice": [{"card": "nbn_static_veil", "rezzed": True}]}}, "hand": []}
    r = go(["run:hq", "boost:ankusa/2", "break:ankusa/1", "continue"], corp=corp, runner=runner)
    g = r.game
    assert not g.servers["hq"].ice and ids(g.corp.hand) == ["nbn_static_veil"] and not ended(r)
    r = go(["run:hq", "done"], corp=corp, runner=runner)
    assert ids(r.game.servers["hq"].ice) == ["nbn_static_veil"]


def test_mongoose_breaks_on_one_ice_a_run() -> None:
    two = {"servers": {"hq": {"ice": [{"card": "neutral_patrol_script", "rezzed": True},
                                      {"card": "neutral_patrol_script", "rezzed": True}]}}}  # fmt: skip
    runner = {"rig": [{"card": "mongoose"}, {"card": "veneer_layer"}], "credits": 9}
    r = go(["run:hq", "boost:mongoose/2", "use:mongoose/1", "continue"], corp=two, runner=runner)
    assert len(events(r, "break")) == 1 and r.pending.kind == "break"
    assert not any(o.startswith("use:mongoose") for o in labels(r))  # the second patrol script
    assert any(o.startswith("boost:mongoose") for o in labels(r))


# ---------------------------------------------------------------- ice


def test_bailiff_pays_for_each_break() -> None:
    r = go(["run:hq", "break:rockbit_drill/0", "continue"], corp={**ice_on("hq", "bailiff"), "credits": 0},
           runner={"rig": [{"card": "rockbit_drill"}], "credits": 3})  # fmt: skip
    assert r.game.corp.credits == 1 and not ended(r)


def test_brainstorm_grows_a_subroutine_per_grip_card() -> None:
    r = go(["run:hq"], corp=ice_on("hq", "brainstorm"), runner={"hand": GRIP[:3]})
    g = r.game
    assert events(r, "encounter")[0]["subroutines"] == 3 and len(events(r, "subroutine")) == 3  # (all gained)
    assert g.runner.brain_damage == 3 and not g.runner.hand and not g.over


def test_chetana_pays_both_and_hurts_per_grip_card() -> None:
    r = go(["run:hq", "bid:1", "bid:0", "continue"], corp=ice_on("hq", "chetana"), runner={"hand": GRIP[:2]})
    g = r.game
    assert g.corp.credits == 6 and g.runner.credits == 7 and not g.runner.hand and not g.over
    r = go(["run:hq", "bid:1", "bid:1", "continue"], corp=ice_on("hq", "chetana"), runner={"hand": GRIP[:2]})
    assert len(r.game.runner.hand) == 2  # equal bids: no damage


def test_harvester_draws_and_trims_the_grip() -> None:
    r = go(["run:hq", "light_fingers", "light_fingers", "light_fingers", "continue"], corp=ice_on("hq", "harvester"),
           runner={"hand": GRIP[:2], "deck": ["light_fingers"] * 6})  # fmt: skip
    g = r.game
    assert len(g.runner.hand) == 5 and ids(g.runner.discard) == ["light_fingers"] * 3 and not g.runner.deck


def test_red_tape_makes_every_ice_stronger_for_the_run() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "hb_lattice_gate", "rezzed": True},
                                       {"card": "red_tape", "rezzed": True}]}}}  # fmt: skip
    r = go(["run:hq", "done", "continue"], corp=corp, runner={"rig": [{"card": "cog_key"}]})
    assert [e["strength"] for e in events(r, "encounter")] == [5, 5]  # lattice gate: 2 + 3
    r = go(["run:hq", "done", "continue", "done"], corp=corp, runner={"rig": [{"card": "cog_key"}]})
    assert ended(r) and r.game.strength_of(corp_card(r, "hb_lattice_gate")) == 2  # lifted with the run


def test_upayoga_taxes_and_borrows_a_psi_subroutine() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "hb_reading_gate", "rezzed": True},
                                       {"card": "upayoga", "rezzed": True}]}}}  # fmt: skip
    r = go(["run:hq", "bid:1", "bid:0", "hb_reading_gate", "bid:0", "bid:0"], corp=corp)
    g = r.game
    assert g.runner.credits == 3 and g.corp.credits == 4 and g.runner.clicks == 2  # lost a click to the gate
    assert [e["ice"] for e in events(r, "subroutine")][-1] == str(corp_card(r, "hb_reading_gate"))


def test_vikram_can_be_broken_with_a_click() -> None:
    r = go(["run:hq"], corp=ice_on("hq", "vikram_1_0"), runner={"hand": GRIP[:2]})
    assert any(o.startswith("clickbreak:vikram_1_0") for o in labels(r))


def test_waiver_trashes_the_cheap_cards_of_the_grip() -> None:
    grip = ["light_fingers", "night_shift_bonus", "fuse_burst"]
    r = go(["run:hq", "pay:0", "pay:2", "continue"], corp=ice_on("hq", "waiver"), runner={"hand": grip})
    g = r.game
    assert ids(g.runner.hand) == ["fuse_burst"] and sorted(ids(g.runner.discard)) == sorted(grip[:2])
    assert g.runner.credits == 3


# ---------------------------------------------------------------- assets and upgrades


def corp_turn(decisions: list[str], corp: dict[str, Any], runner: dict[str, Any] | None = None) -> Any:
    """The runner's turn ends at once; the corp's begins (with a deck to draw from)."""
    return go(decisions, corp={"deck": RND, **corp}, runner={"clicks": 0, **(runner or {})})


def runner_turn(decisions: list[str], runner: dict[str, Any], corp: dict[str, Any] | None = None) -> Any:
    """The corp's turn ends at once; the runner's begins."""
    return go(decisions, corp={"clicks": 0, **(corp or {})}, runner=runner, active="corp")


def remote(*root: dict[str, Any], ice: list[str] | None = None) -> dict[str, Any]:
    return {"root": list(root), "ice": [{"card": i, "rezzed": True} for i in ice or []]}


def test_advanced_assembly_lines_installs_from_hq() -> None:
    corp = {"clicks": 3, "hand": ["nbn_static_veil", "neutral_pilot_scheme"],
            "servers": {"remote1": remote({"card": "advanced_assembly_lines", "rezzed": True})}}  # fmt: skip
    r = go(["use:advanced_assembly_lines/1", "hq"], corp=corp, active="corp")
    g = r.game
    assert ids(g.servers["hq"].ice) == ["nbn_static_veil"] and ids(g.corp.discard) == ["advanced_assembly_lines"]
    assert g.corp.clicks == 3 and ids(g.corp.hand) == ["neutral_pilot_scheme"]


def test_political_assets_act_only_without_ice() -> None:
    bare = {"servers": {"remote1": remote({"card": "bio_ethics_association", "rezzed": True})}}
    r = corp_turn([], bare, runner={"hand": GRIP[:2]})
    assert len(r.game.runner.hand) == 1
    iced = {"servers": {"remote1": remote({"card": "bio_ethics_association", "rezzed": True}, ice=["nbn_static_veil"])}}
    r = corp_turn([], iced, runner={"hand": GRIP[:2]})
    assert len(r.game.runner.hand) == 2
    r = corp_turn([], {"servers": {"remote1": remote({"card": "commercial_bankers_group", "rezzed": True})}})
    assert r.game.corp.credits == 8
    r = corp_turn(["jinteki_quiet_harvest"], {"discard": ["jinteki_quiet_harvest"],
                                              "servers": {"remote1": remote({"card": "clone_suffrage_movement",
                                                                             "rezzed": True})}})  # fmt: skip
    assert sorted(ids(r.game.corp.hand)) == ["hb_quarterly_review", "jinteki_quiet_harvest"]
    r = corp_turn(["yes", "hb_quarterly_review"],
                  {"servers": {"remote1": remote({"card": "sensie_actors_union", "rezzed": True})}})  # fmt: skip
    assert len(r.game.corp.hand) == 3 and len(r.game.corp.deck) == 3


def test_palana_agroplex_makes_both_draw() -> None:
    r = corp_turn([], {"servers": {"remote1": remote({"card": "palana_agroplex", "rezzed": True})}},
                  runner={"deck": ["light_fingers"]})  # fmt: skip
    assert len(r.game.corp.hand) == 2 and ids(r.game.runner.hand) == ["light_fingers"]


def test_kala_ghoda_peeks_and_mills_the_stack() -> None:
    corp = {"servers": {"remote1": remote({"card": "kala_ghoda_real_tv", "rezzed": True})}}
    r = corp_turn(["yes", "use:kala_ghoda_real_tv/1"], corp, runner={"deck": ["light_fingers", "spark_of_insight"]})
    g = r.game
    assert events(r, "look")[0]["cards"] == [str(g.runner.discard[0])]
    assert ids(g.runner.discard) == ["light_fingers"] and ids(g.runner.deck) == ["spark_of_insight"]
    assert ids(g.corp.discard) == ["kala_ghoda_real_tv"]


def test_mumbad_construction_moves_a_counter() -> None:
    corp = {"servers": {"remote1": remote({"card": "mumbad_construction_co", "rezzed": True,
                                           "counters": {"advancement": 2}}),
                        "remote2": remote({"card": "weyland_ore_refinery", "rezzed": True})}}  # fmt: skip
    r = go(["use:mumbad_construction_co/1"], corp=corp, active="corp")
    g = r.game
    assert corp_card(r, "mumbad_construction_co").advancement == 1 and corp_card(r, "weyland_ore_refinery").advancement == 1
    assert g.corp.credits == 3


def test_mumbad_city_hall_plays_or_installs_an_alliance_card() -> None:
    corp = {"clicks": 3, "deck": ["hb_quarterly_review", "museum_of_history", "heritage_committee"],
            "servers": {"remote1": remote({"card": "mumbad_city_hall", "rezzed": True})}}  # fmt: skip
    r = go(["use:mumbad_city_hall/0", "museum_of_history", "new remote"], corp=corp, active="corp")  # (not over the hall)
    g = r.game
    assert ids(g.servers["remote2"].root) == ["museum_of_history"] and g.corp.clicks == 2
    r = go(["use:mumbad_city_hall/0", "heritage_committee", "hb_quarterly_review"], corp=corp, active="corp")
    g = r.game
    assert ids(g.corp.discard) == ["heritage_committee"] and g.corp.credits == 4 and len(g.corp.hand) == 1


def test_mumbad_city_grid_swaps_the_passed_ice_inward() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "mumbad_city_grid", "rezzed": True}],
                                    "ice": [{"card": "hb_lattice_gate", "rezzed": True},
                                            {"card": "nbn_static_veil", "rezzed": True}]}}}  # fmt: skip
    r = go(["run:remote1", "break:rockbit_drill/0", "hb_lattice_gate", "continue", "break:rockbit_drill/0"],
           corp=corp, runner={"rig": [{"card": "rockbit_drill"}]})  # fmt: skip
    veil = str(corp_card(r, "nbn_static_veil"))
    assert [e["ice"] for e in events(r, "encounter")] == [veil, veil] and r.pending.seat == 1


def test_surat_city_grid_rezzes_another_card_cheaper() -> None:
    corp = {"servers": {"remote1": remote({"card": "surat_city_grid", "rezzed": True}, {"card": "weyland_ore_refinery"}),
                        "hq": {"ice": [{"card": "hb_lattice_gate"}]}}}  # fmt: skip
    r = go(["rez:weyland_ore_refinery", "hb_lattice_gate"], corp=corp, active="corp")
    g = r.game
    assert corp_card(r, "hb_lattice_gate").rezzed and g.corp.credits == 0 and not g.lasting


def test_disposable_hq_tucks_hq_cards_under_rnd() -> None:
    corp = {"deck": ["disposable_hq", "hb_quarterly_review"], "hand": ["nbn_static_veil", "hb_lattice_gate"]}
    r = go(["run:rnd", "continue", "nbn_static_veil", "done", "leave"], corp=corp)
    g = r.game
    assert g.corp.deck[0].id == "nbn_static_veil" and ids(g.corp.hand) == ["hb_lattice_gate"]
    assert events(r, "reveal")[0]["zone"] == "rnd"


def test_mumbad_virtual_tour_must_be_trashed() -> None:
    corp = {"servers": {"remote1": remote({"card": "mumbad_virtual_tour"})}}
    r = go(["run:remote1", "continue", "done"], corp=corp, runner={"credits": 6})
    assert ids(r.game.corp.discard) == ["mumbad_virtual_tour"] and r.game.runner.credits == 1
    r = go(["run:remote1", "continue", "done"], corp=corp, runner={"credits": 4})
    assert not r.game.corp.discard and r.game.runner.credits == 4


def test_museum_of_history_shuffles_archives_into_rnd() -> None:
    r = corp_turn(["jinteki_quiet_harvest"], {"discard": ["jinteki_quiet_harvest"],
                                              "servers": {"remote1": remote({"card": "museum_of_history",
                                                                             "rezzed": True})}})  # fmt: skip
    g = r.game
    assert not g.corp.discard and len(g.corp.deck) == 6 and len(g.corp.hand) == 1


def test_executive_search_firm_fetches_an_executive() -> None:
    corp = {"deck": ["hb_quarterly_review", "hb_chief_engineer_okafor", "neutral_central_auditor"],
            "servers": {"remote1": remote({"card": "executive_search_firm", "rezzed": True})}}  # fmt: skip
    r = go(["use:executive_search_firm/0", "hb_chief_engineer_okafor"], corp=corp, active="corp")
    assert ids(r.game.corp.hand) == ["hb_chief_engineer_okafor"] and len(r.game.corp.deck) == 2


def test_ibrahim_salem_costs_an_agenda_and_trashes_a_named_type() -> None:
    corp = {"servers": {"remote1": remote({"card": "ibrahim_salem"})}}
    r = go([], corp=corp, active="corp")
    assert not any(o.startswith("rez:ibrahim_salem") for o in labels(r))
    r = go(["rez:ibrahim_salem"], corp={**corp, "score_area": ["neutral_pilot_scheme"]}, active="corp")
    g = r.game
    assert corp_card(r, "ibrahim_salem").rezzed and not g.corp.score_area and g.corp.credits == 3
    rezzed = {"servers": {"remote1": remote({"card": "ibrahim_salem", "rezzed": True})}}
    r = corp_turn(["event"], rezzed, runner={"hand": ["light_fingers", "cog_key"]})
    assert ids(r.game.runner.discard) == ["light_fingers"] and ids(r.game.runner.hand) == ["cog_key"]


def test_mumba_temple_pays_for_rezzing() -> None:
    corp = {"credits": 3, "servers": {"remote1": remote({"card": "mumba_temple", "rezzed": True}),
                                      "remote2": remote({"card": "weyland_ore_refinery"})}}  # fmt: skip
    r = go(["rez:weyland_ore_refinery"], corp=corp, active="corp")
    assert corp_card(r, "weyland_ore_refinery").rezzed and r.game.corp.credits == 0


def test_pad_factory_advances_but_delays_the_score() -> None:
    corp = {"clicks": 3, "servers": {"remote1": remote({"card": "pad_factory", "rezzed": True}),
                                     "remote2": remote({"card": "neutral_pilot_scheme",
                                                        "counters": {"advancement": 1}})}}  # fmt: skip
    r = go(["use:pad_factory/0", "neutral_pilot_scheme"], corp=corp, active="corp")
    assert corp_card(r, "neutral_pilot_scheme").advancement == 2
    assert not any(o.startswith("score:") for o in labels(r))


def test_zealous_judge_needs_a_tag_to_rez() -> None:
    corp = {"servers": {"remote1": remote({"card": "zealous_judge"})}}
    r = go([], corp=corp, active="corp")
    assert not any(o.startswith("rez:zealous_judge") for o in labels(r))
    r = go([], corp=corp, runner={"tags": 1}, active="corp")
    assert any(o.startswith("rez:zealous_judge") for o in labels(r))


def test_indian_union_pays_for_cards_of_other_factions() -> None:
    corp = {"clicks": 2, "hand": ["jinteki_quiet_harvest", "hb_quarterly_review"],
            "servers": {"remote1": remote({"card": "indian_union_stock_exchange"})}}  # fmt: skip
    r = go(["rez:indian_union_stock_exchange", "play:jinteki_quiet_harvest", "play:hb_quarterly_review"],
           corp={**corp, "deck": RND}, active="corp")  # fmt: skip
    assert r.game.corp.credits == 5 - 1 + 1 - 1 + 4 + 1 - 1  # the identity is haas-bioroid


# ---------------------------------------------------------------- agendas


def test_advanced_concept_hopper_answers_the_first_run() -> None:
    r = go(["run:hq", "credit", "continue", "run:hq", "continue"], corp={"score_area": ["advanced_concept_hopper"]})
    assert r.game.corp.credits == 6 and len(r.game.run_history) == 2
    r = go(["run:hq", "draw", "continue"], corp={"score_area": ["advanced_concept_hopper"], "deck": RND})
    assert len(r.game.corp.hand) == 1


def test_corporate_sales_team_pays_out_each_turn() -> None:
    corp = {"clicks": 1, "servers": {"remote1": remote({"card": "corporate_sales_team",
                                                        "counters": {"advancement": 4}})}}  # fmt: skip
    r = go(["score:corporate_sales_team"], corp=corp, active="corp")  # its last click: a credit
    g = r.game
    team = g.corp.score_area[0]
    assert team.credits == 9 and g.corp.credits == 7 and g.active == "runner"


def test_improved_protein_source_pays_the_runner() -> None:
    corp = {"servers": {"remote1": remote({"card": "improved_protein_source"})}}
    r = go(["run:remote1", "continue"], corp=corp)
    assert r.game.runner.credits == 9 and ids(r.game.runner.score_area) == ["improved_protein_source"]


def test_merger_is_worth_more_to_the_runner() -> None:
    corp = {"servers": {"remote1": remote({"card": "merger"})}}
    r = go(["run:remote1", "continue"], corp=corp)
    assert r.game.agenda_points("runner") == 3
    r = go(["score:merger"], corp={"clicks": 1, "servers": {"remote1": remote({"card": "merger",
                                                                               "counters": {"advancement": 3}})}},
           active="corp")  # fmt: skip
    assert r.game.agenda_points("corp") == 2


def test_puppet_master_advances_after_successful_runs() -> None:
    corp = {"score_area": ["puppet_master"], "servers": {"remote1": remote({"card": "neutral_board_resolution"})}}
    r = go(["run:hq", "continue", "neutral_board_resolution"], corp=corp)
    assert corp_card(r, "neutral_board_resolution").advancement == 1
    r = go(["play:fear_the_masses", "continue", "neutral_board_resolution"], corp={**corp, "deck": RND},
           runner={"hand": ["fear_the_masses"]})  # fmt: skip
    assert corp_card(r, "neutral_board_resolution").advancement == 1  # a breach replaced: at the run's end


def test_voting_machine_initiative_takes_a_click() -> None:
    corp = {"clicks": 1, "servers": {"remote1": remote({"card": "voting_machine_initiative",
                                                        "counters": {"advancement": 5}})}}  # fmt: skip
    r = go(["score:voting_machine_initiative", "yes"], corp=corp, active="corp")  # its last click: a credit
    g = r.game
    assert g.runner.clicks == 3 and g.corp.score_area[0].counters == {"agenda": 2}


# ---------------------------------------------------------------- operations


def test_clones_are_not_people_becomes_a_point() -> None:
    corp = {"clicks": 2, "credits": 5, "hand": ["clones_are_not_people"],
            "servers": {"remote1": remote({"card": "neutral_board_resolution", "counters": {"advancement": 4}})}}  # fmt: skip
    r = go(["play:clones_are_not_people", "score:neutral_board_resolution"], corp=corp, active="corp")
    g = r.game
    assert g.agenda_points("corp") == 3 and "clones_are_not_people" in ids(g.corp.score_area) and not g.in_play


def test_consulting_visit_plays_an_operation_from_rnd() -> None:
    corp = {"clicks": 2, "hand": ["consulting_visit"], "deck": ["hb_quarterly_review", "jinteki_quiet_harvest"]}
    r = go(["play:consulting_visit", "jinteki_quiet_harvest"], corp=corp, active="corp")
    g = r.game
    assert g.corp.credits == 5 - 2 - 1 + 4 and g.corp.clicks == 0
    assert sorted(ids(g.corp.discard)) == ["consulting_visit", "jinteki_quiet_harvest"]


def test_dedication_ceremony_advances_a_face_up_card() -> None:
    corp = {"hand": ["dedication_ceremony"], "deck": RND, "servers": {"remote1": remote({"card": "weyland_ore_refinery",
                                                                            "rezzed": True})}}  # fmt: skip
    r = go(["play:dedication_ceremony"], corp=corp, active="corp")
    assert corp_card(r, "weyland_ore_refinery").advancement == 3 and r.game.corp.credits == 4


def test_election_day_replaces_hq() -> None:
    r = go([], corp={"hand": ["election_day"], "deck": RND}, active="corp")
    assert not any(o.startswith("play:election_day") for o in labels(r))
    r = go(["play:election_day"], corp={"hand": ["election_day", "nbn_static_veil", "hb_lattice_gate"], "deck": RND},
           active="corp")  # fmt: skip
    g = r.game
    assert len(g.corp.hand) == 5 and len(g.corp.deck) == 1
    assert sorted(ids(g.corp.discard)) == ["election_day", "hb_lattice_gate", "nbn_static_veil"]


def test_exchange_of_information_swaps_agendas() -> None:
    corp = {"hand": ["exchange_of_information"], "score_area": ["neutral_pilot_scheme"]}
    r = go([], corp=corp, runner={"score_area": ["nbn_total_coverage"]}, active="corp")
    assert not any(o.startswith("play:exchange_of_information") for o in labels(r))
    r = go(["play:exchange_of_information"], corp=corp, runner={"tags": 1, "score_area": ["nbn_total_coverage"]},
           active="corp")  # fmt: skip
    g = r.game
    assert ids(g.corp.score_area) == ["nbn_total_coverage"] and ids(g.runner.score_area) == ["neutral_pilot_scheme"]


def test_heritage_committee_draws_and_stacks() -> None:
    r = go(["play:heritage_committee", "hb_quarterly_review"], corp={"hand": ["heritage_committee"], "deck": RND},
           active="corp")  # fmt: skip
    assert len(r.game.corp.hand) == 2 and len(r.game.corp.deck) == 4


def test_lateral_growth_gains_and_installs() -> None:
    r = go(["play:lateral_growth", "nbn_static_veil", "hq"], corp={"hand": ["lateral_growth", "nbn_static_veil"], "deck": RND},
           active="corp")  # fmt: skip
    assert r.game.corp.credits == 7 and ids(r.game.servers["hq"].ice) == ["nbn_static_veil"]


def test_localized_product_line_fetches_copies() -> None:
    deck = ["jinteki_quiet_harvest", "nbn_static_veil", "jinteki_quiet_harvest", "jinteki_quiet_harvest"]
    r = go(["play:localized_product_line", "jinteki_quiet_harvest", "2"],
           corp={"hand": ["localized_product_line"], "deck": deck}, active="corp")  # fmt: skip
    assert ids(r.game.corp.hand) == ["jinteki_quiet_harvest"] * 2 and len(r.game.corp.deck) == 2


def test_product_recall_cashes_in_a_rezzed_asset() -> None:
    corp = {"hand": ["product_recall"], "deck": RND, "servers": {"remote1": remote({"card": "weyland_ore_refinery",
                                                                       "rezzed": True})}}  # fmt: skip
    r = go(["play:product_recall"], corp=corp, active="corp")
    assert r.game.corp.credits == 8 and "weyland_ore_refinery" in ids(r.game.corp.discard)


def test_salems_hospitality_trashes_every_copy_named() -> None:
    r = go(["play:salems_hospitality", "light_fingers"], corp={"hand": ["salems_hospitality"]},
           runner={"hand": ["light_fingers", "light_fingers", "cog_key"]}, active="corp")  # fmt: skip
    assert ids(r.game.runner.hand) == ["cog_key"] and ids(r.game.runner.discard) == ["light_fingers"] * 2


def test_subcontract_plays_two_operations() -> None:
    corp = {"hand": ["subcontract", "jinteki_quiet_harvest", "nbn_ad_revenue_share"], "deck": RND}
    r = go(["play:subcontract", "jinteki_quiet_harvest", "nbn_ad_revenue_share"], corp=corp, runner={"tags": 1},
           active="corp")  # fmt: skip
    assert r.game.corp.credits == 5 - 1 + 4 - 2 + 5 and r.game.corp.clicks == 2


def test_voter_intimidation_trashes_a_resource_on_different_bids() -> None:
    corp = {"hand": ["voter_intimidation"]}
    runner = {"score_area": ["neutral_pilot_scheme"], "rig": [{"card": "dockside_tipster"}]}
    r = go(["play:voter_intimidation", "bid:1", "bid:0"], corp=corp, runner=runner, active="corp")
    assert ids(r.game.runner.discard) == ["dockside_tipster"]
    r = go([], corp=corp, runner={"rig": [{"card": "dockside_tipster"}]}, active="corp")
    assert not any(o.startswith("play:voter_intimidation") for o in labels(r))


# ---------------------------------------------------------------- runner events


def test_cbi_raid_stacks_hq_on_rnd() -> None:
    corp = {"hand": ["nbn_static_veil", "hb_lattice_gate"], "deck": ["hb_quarterly_review"]}
    r = go(["play:cbi_raid", "continue", "hb_lattice_gate"], corp=corp, runner={"hand": ["cbi_raid"]})
    g = r.game
    assert not g.corp.hand and ids(g.corp.deck) == ["hb_quarterly_review", "nbn_static_veil", "hb_lattice_gate"]


def test_fear_the_masses_mills_more_per_copy_revealed() -> None:
    r = go(["play:fear_the_masses", "continue", "2"], corp={"deck": RND},
           runner={"hand": ["fear_the_masses"] * 3})  # fmt: skip
    assert len(r.game.corp.discard) == 3 and len(r.game.corp.deck) == 3


def test_information_sifting_accesses_the_chosen_pile() -> None:
    corp = {"hand": ["nbn_static_veil", "hb_lattice_gate", "neutral_pilot_scheme"]}
    r = go(["play:information_sifting", "continue", "neutral_pilot_scheme", "done", "pile:1"], corp=corp,
           runner={"hand": ["information_sifting"]})  # fmt: skip
    g = r.game
    assert ids(g.runner.score_area) == ["neutral_pilot_scheme"] and len(events(r, "access")) == 1


def test_high_stakes_job_pays_12_for_a_successful_run() -> None:
    corp = {"credits": 0, "servers": {"hq": {"ice": [{"card": "hb_lattice_gate"}]}}}
    r = go(["play:high_stakes_job", "continue"], corp=corp, runner={"hand": ["high_stakes_job"], "credits": 6})
    assert r.game.runner.credits == 12
    r = go([], corp={"credits": 0}, runner={"hand": ["high_stakes_job"], "credits": 6})
    assert not any(o.startswith("play:high_stakes_job") for o in labels(r))


def test_exclusive_party_counts_its_copies_in_the_heap() -> None:
    r = go(["play:exclusive_party"], runner={"hand": ["exclusive_party"], "discard": ["exclusive_party"] * 2,
                                             "deck": ["light_fingers"]})  # fmt: skip
    assert r.game.runner.credits == 7 and "light_fingers" in ids(r.game.runner.hand)


def test_making_an_entrance_digs_on_the_first_click_only() -> None:
    runner = {"hand": ["making_an_entrance"], "deck": ["light_fingers", "overnight_takeout", "spark_of_insight"]}
    r = go(["play:making_an_entrance", "overnight_takeout", "done", "spark_of_insight"], runner=runner)
    g = r.game
    assert ids(g.runner.discard) == ["overnight_takeout", "making_an_entrance"]
    assert ids(g.runner.deck) == ["light_fingers", "spark_of_insight"]  # spark on top
    r = go(["credit"], runner=runner)
    assert not any(o.startswith("play:making_an_entrance") for o in labels(r))


def test_out_of_the_ashes_runs() -> None:
    r = go(["play:out_of_the_ashes", "hq", "continue"], runner={"hand": ["out_of_the_ashes"]})
    assert r.game.run_history[-1][1:] == ("hq", True)


def test_political_graffiti_costs_a_point_until_a_purge() -> None:
    r = go(["play:political_graffiti", "continue", "purge"], corp={"score_area": ["nbn_total_coverage"], "deck": RND},
           runner={"hand": ["political_graffiti"], "clicks": 1})  # fmt: skip
    g = r.game
    assert ids(g.runner.discard) == ["political_graffiti"] and g.agenda_points("corp") == 3
    r = go(["play:political_graffiti", "continue"], corp={"score_area": ["nbn_total_coverage"]},
           runner={"hand": ["political_graffiti"]})  # fmt: skip
    assert r.game.agenda_points("corp") == 2 and ids(r.game.in_play) == ["political_graffiti"]
    r = go(["play:political_graffiti", "continue"], runner={"hand": ["political_graffiti"]})
    assert ids(r.game.runner.discard) == ["political_graffiti"] and not r.game.in_play


def test_populist_rally_costs_the_corp_a_click() -> None:
    r = go(["play:populist_rally"], corp={"deck": RND},
           runner={"hand": ["populist_rally"], "clicks": 1, "rig": [{"card": "forged_alibi"}]})  # fmt: skip
    g = r.game
    assert g.active == "corp" and g.corp.clicks == 2 and ids(g.runner.discard) == ["populist_rally"]
    r = go([], runner={"hand": ["populist_rally"]})
    assert not any(o.startswith("play:populist_rally") for o in labels(r))


def test_rebirth_switches_the_identity() -> None:
    r = go(["play:rebirth"], runner={"identity": "zero_weaver", "hand": ["rebirth"]})
    g = r.game
    assert g.runner.identity.id == "cassia_rust_moreau" and ids(g.removed) == ["rebirth"]


def test_rigged_results_bypasses_the_chosen_ice_on_a_wrong_guess() -> None:
    r = go(["play:rigged_results", "bid:1", "bid:0", "continue"], corp=ice_on("hq", "hb_lattice_gate"),
           runner={"hand": ["rigged_results"]})  # fmt: skip
    g = r.game
    assert events(r, "bypass") and g.run_history[-1][1:] == ("hq", True) and g.runner.credits == 4
    r = go(["play:rigged_results", "bid:1", "bid:1"], corp=ice_on("hq", "hb_lattice_gate"),
           runner={"hand": ["rigged_results"]})  # fmt: skip
    assert not r.game.run_history


def test_run_amok_trashes_ice_rezzed_in_the_run() -> None:
    r = go(["play:run_amok", "hq", "rez:hb_lattice_gate"], corp=ice_on("hq", "hb_lattice_gate", rezzed=False),
           runner={"hand": ["run_amok"]})  # fmt: skip
    assert ids(r.game.corp.discard) == ["hb_lattice_gate"] and not r.game.servers["hq"].ice


def test_freedom_through_equality_becomes_a_point() -> None:
    corp = {"servers": {"remote1": remote({"card": "neutral_pilot_scheme"})}}
    r = go(["play:freedom_through_equality", "run:remote1", "continue"], corp=corp,
           runner={"hand": ["freedom_through_equality"]})  # fmt: skip
    g = r.game
    assert g.agenda_points("runner") == 2 and ids(g.runner.score_area) == ["neutral_pilot_scheme",
                                                                          "freedom_through_equality"]  # fmt: skip


# ---------------------------------------------------------------- runner cards in play


def test_akshara_sareen_gives_each_player_a_click() -> None:
    r = corp_turn([], {}, runner={"rig": [{"card": "akshara_sareen"}]})
    assert r.game.corp.clicks == 4


def test_artist_colony_trades_an_agenda_for_an_install() -> None:
    runner = {"rig": [{"card": "artist_colony"}], "score_area": ["neutral_pilot_scheme"],
              "deck": ["light_fingers", "cog_key", "debug_lamp"]}  # fmt: skip
    r = go(["use:artist_colony/0", "cog_key"], runner=runner)
    g = r.game
    assert rig(r, "cog_key") is not None and g.runner.credits == 1 and not g.runner.score_area


def test_bhagat_mills_on_the_first_hq_run() -> None:
    r = go(["run:hq", "continue", "run:hq", "continue"], corp={"deck": RND}, runner={"rig": [{"card": "bhagat"}]})
    assert len(r.game.corp.discard) == 1


def test_chatterjee_university_installs_programs_cheaper() -> None:
    runner = {"rig": [{"card": "chatterjee_university", "counters": {"power": 2}}], "hand": ["cog_key"], "credits": 2}
    r = go(["use:chatterjee_university/1"], runner=runner)
    g = r.game
    assert rig(r, "cog_key") is not None and g.runner.credits == 0
    assert rig(r, "chatterjee_university").counters == {"power": 1}


def test_emptied_mind_gives_a_click_with_an_empty_grip() -> None:
    r = runner_turn([], {"rig": [{"card": "emptied_mind"}]})
    assert r.game.runner.clicks == 5
    r = runner_turn([], {"rig": [{"card": "emptied_mind"}], "hand": ["light_fingers"]})
    assert r.game.runner.clicks == 4


def test_liberated_chela_scores_unless_the_corp_pays() -> None:
    runner = {"clicks": 5, "rig": [{"card": "liberated_chela"}], "score_area": ["neutral_pilot_scheme"]}
    r = go(["use:liberated_chela/0"], runner=runner)
    g = r.game
    assert ids(g.runner.score_area) == ["liberated_chela"] and g.agenda_points("runner") == 2
    r = go(["use:liberated_chela/0", "yes"], corp={"score_area": ["neutral_board_resolution"]}, runner=runner)
    g = r.game
    assert ids(g.removed) == ["neutral_pilot_scheme", "neutral_board_resolution", "liberated_chela"]
    assert g.agenda_points("runner") == 0


def test_maya_is_a_console() -> None:
    r = go([], runner={"hand": ["maya"], "rig": [{"card": "modular_rigframe"}]})
    assert not any(o.startswith("install:maya") for o in labels(r))


def test_reflection_reveals_hq_on_a_jack_out() -> None:
    r = go(["run:hq", "jack_out"], corp={"hand": ["nbn_static_veil"]}, runner={"rig": [{"card": "reflection"}]})
    assert events(r, "reveal")[0]["zone"] == "hq"
    r = go([], runner={"hand": ["reflection"], "rig": [{"card": "modular_rigframe"}]})
    assert not any(o.startswith("install:reflection") for o in labels(r))


def test_panchatantra_gives_the_ice_a_subtype_for_the_run() -> None:
    r = go(["run:hq", "subtype:psi", "run:hq"], corp=ice_on("hq", "hb_lattice_gate"),
           runner={"rig": [{"card": "panchatantra"}]})  # fmt: skip
    assert [e["subtype"] for e in events(r, "gain_subtype")] == ["psi"]
    assert "psi" not in corp_card(r, "hb_lattice_gate").subtypes  # the run is over; once a turn


def test_patron_draws_instead_of_breaching() -> None:
    r = runner_turn(["hq", "run:hq", "continue"], {"rig": [{"card": "patron"}], "deck": ["light_fingers"] * 3},
                    corp={"hand": ["nbn_static_veil"]})  # fmt: skip
    g = r.game
    assert len(g.runner.hand) == 2 and not events(r, "access")


def test_political_operative_needs_an_hq_run_and_trashes_by_cost() -> None:
    corp = {"servers": {"remote1": remote({"card": "weyland_ore_refinery", "rezzed": True})}}
    r = go([], corp=corp, runner={"hand": ["political_operative"]})
    assert not any(o.startswith("install:political_operative") for o in labels(r))
    r = go(["run:hq", "continue", "install:political_operative", "use:political_operative/0"], corp=corp,
           runner={"hand": ["political_operative"]})  # fmt: skip
    g = r.game
    assert "weyland_ore_refinery" in ids(g.corp.discard) and g.runner.credits == 1


def test_ramujan_prevents_damage_and_mills() -> None:
    r = go(["run:hq", "use:ramujan_reliant_550_bmi/0", "2"], corp=ice_on("hq", "jinteki_needle_choir"),
           runner={"rig": [{"card": "ramujan_reliant_550_bmi"}, {"card": "ramujan_reliant_550_bmi"}],
                   "hand": GRIP[:3], "deck": ["light_fingers"] * 3})  # fmt: skip
    g = r.game
    assert len(g.runner.hand) == 3 and len(g.runner.deck) == 1
    assert sorted(ids(g.runner.discard)) == ["light_fingers", "light_fingers", "ramujan_reliant_550_bmi"]


def test_salsette_slums_removes_an_accessed_card() -> None:
    corp = {"servers": {"remote1": remote({"card": "weyland_ore_refinery"})}}
    r = go(["run:remote1", "continue", "done", "yes"], corp=corp, runner={"rig": [{"card": "salsette_slums"}]})
    g = r.game
    assert ids(g.removed) == ["weyland_ore_refinery"] and g.runner.credits == 2


def test_spy_camera_arranges_the_stack_and_peeks_at_rnd() -> None:
    runner = {"rig": [{"card": "spy_camera"}, {"card": "spy_camera"}],
              "deck": ["light_fingers", "overnight_takeout", "spark_of_insight"]}  # fmt: skip
    r = go(["use:spy_camera/0", "overnight_takeout", "use:spy_camera/1"], corp={"deck": RND}, runner=runner)
    g = r.game
    assert ids(g.runner.deck) == ["spark_of_insight", "light_fingers", "overnight_takeout"]
    assert events(r, "look")[-1]["zone"] == "rnd" and ids(g.runner.discard) == ["spy_camera"]


def test_tech_trader_pays_for_trash_abilities() -> None:
    r = go(["use:overdrive_cell/0"], runner={"rig": [{"card": "tech_trader"}, {"card": "overdrive_cell"}]})
    assert r.game.runner.credits == 6 and r.game.runner.clicks == 5


def test_temple_gives_a_click_once_a_turn() -> None:
    r = go(["use:temple_of_the_liberated_mind/1"], runner={"clicks": 1, "rig": [
        {"card": "temple_of_the_liberated_mind", "counters": {"power": 2}}]})  # fmt: skip
    g = r.game
    assert g.runner.clicks == 2 and rig(r, "temple_of_the_liberated_mind").counters == {"power": 1}
    assert not any(o.startswith("use:temple_of_the_liberated_mind") and o.endswith("/1") for o in labels(r))


def test_the_turning_wheel_charges_and_digs_deeper() -> None:
    r = go(["run:rnd", "continue"], corp={"deck": RND}, runner={"rig": [{"card": "the_turning_wheel"}]})
    assert rig(r, "the_turning_wheel").counters == {"power": 1}
    r = go(["run:rnd", "use:the_turning_wheel/1", "rnd", "continue"], corp={"deck": RND},
           runner={"rig": [{"card": "the_turning_wheel", "counters": {"power": 2}}]})  # fmt: skip
    assert len([e for e in events(r, "access") if e.get("card")]) == 2
    corp = {"servers": {"remote1": remote({"card": "neutral_pilot_scheme"})}, "deck": ["neutral_pilot_scheme"]}
    r = go(["run:rnd", "continue"], corp=corp, runner={"rig": [{"card": "the_turning_wheel"}]})
    assert rig(r, "the_turning_wheel").counters == {}  # an agenda was stolen


def test_nero_severn_may_jack_out_at_a_sentry() -> None:
    r = go(["run:hq", "yes", "run:hq"], corp=ice_on("hq", "neutral_patrol_script"),
           runner={"identity": "nero_severn_information_broker", "hand": GRIP[:1]})  # fmt: skip
    assert events(r, "jack_out")[0]["jacked_out"] and r.pending.kind != "optional"
