"""The Core Set card scripts, each played through a scenario that checks what changes. The fixtures' paragraphs
are our own wording (template-read ones in the formulas the templates read)."""

from __future__ import annotations

from typing import Any

from .kit import bundled, card, corp_card, ended, events, identity, ids, labels, play, rig

# ---------------------------------------------------------------- corp fixtures

HADRIAN = card("hadrians_wall", "ice",
               ["The Corp may advance this wall; it is 1 stronger per advancement counter on it.",
                "[subroutine] End the run.", "[subroutine] End the run."],
               rez_cost=10, strength=7, subtypes=["barrier"], faction="weyland_consortium")  # fmt: skip
SHADOW = card("shadow", "ice",
              ["The Corp may advance this ice; it is 1 stronger per advancement counter on it.",
               "[subroutine] The Corp gains 2[credit].", "[subroutine] Trace[3]. If successful, give the Runner 1 tag."],
              rez_cost=3, strength=1, subtypes=["sentry", "tracer"], faction="weyland_consortium")  # fmt: skip
HEIMDALL = card("heimdall_1_0", "ice",
                ["A Runner-only option: giving up [click] breaks one subroutine here.",
                 "[subroutine] Do 1 core damage.", "[subroutine] End the run.", "[subroutine] End the run."],
                rez_cost=8, strength=6, subtypes=["barrier", "bioroid", "ap"], faction="haas_bioroid")  # fmt: skip
ICHI = card("ichi_1_0", "ice",
            ["A Runner-only option: giving up [click] breaks one subroutine here.",
             "[subroutine] Trash 1 installed program.", "[subroutine] Trash 1 installed program.",
             "[subroutine] Trace[1]. If successful, do 1 core damage and give the Runner 1 tag."],
            rez_cost=5, strength=4, subtypes=["sentry", "bioroid", "tracer", "destroyer"],
            faction="haas_bioroid")  # fmt: skip
VIKTOR = card("viktor_1_0", "ice",
              ["A Runner-only option: giving up [click] breaks one subroutine here.",
               "[subroutine] Do 1 core damage.", "[subroutine] End the run."],
              rez_cost=3, strength=3, subtypes=["code_gate", "bioroid", "ap"], faction="haas_bioroid")  # fmt: skip
DATA_MINE = card("data_mine", "ice", ["[subroutine] The Runner takes 1 net damage, and this trap goes to Archives."],
                 rez_cost=0, strength=2, subtypes=["trap", "ap"], faction="jinteki")  # fmt: skip
DATA_RAVEN = card("data_raven", "ice",
                  ["Met by the Runner, it demands a tag; refusing ends the run.",
                   "Hosted power counter: Give the Runner 1 tag.",
                   "[subroutine] Trace[3]. If successful, place 1 power counter on this ice."],
                  rez_cost=4, strength=4, subtypes=["sentry", "tracer", "observer"], faction="nbn")  # fmt: skip
MATRIX = card("matrix_analyzer", "ice",
              ["Met by the Runner, it lets the Corp spend 1[credit] on an advancement counter for an advanceable card.",
               "[subroutine] Trace[2]. If successful, give the Runner 1 tag."],
              rez_cost=1, strength=3, subtypes=["sentry", "tracer", "observer"], faction="nbn")  # fmt: skip
CELL_PORTAL = card("cell_portal", "ice",
                   ["[subroutine] Back out to the outside of this server (jacking out allowed), and this ice turns "
                    "face down."],
                   rez_cost=5, strength=7, subtypes=["code_gate", "deflector"], faction="jinteki")  # fmt: skip
CHUM = card("chum", "ice",
            ["[subroutine] The next ice met this run is 2 stronger; unless the Runner breaks all of it, 3 net damage "
             "when that meeting is over."],
            rez_cost=1, strength=4, subtypes=["code_gate"], faction="jinteki")  # fmt: skip
ADONIS = card("adonis_campaign", "asset",
              ["Rezzing it loads 12[credit] onto it; once it holds none it goes to the trash.",
               "When your turn begins, take 3[credit] from this asset."],
              rez_cost=4, trash_cost=3, subtypes=["advertisement"], faction="haas_bioroid")  # fmt: skip
SECRETARY = card("aggressive_secretary", "asset",
                 ["You can advance this asset.",
                  "Accessed, it lets the Corp spend 2[credit] to trash a program per advancement counter here."],
                 rez_cost=0, trash_cost=0, subtypes=["ambush"], faction="haas_bioroid")  # fmt: skip
GHOST = card("ghost_branch", "asset",
             ["You can advance this asset.",
              "Accessed, it lets the Corp tag the Runner once per advancement counter here."],
             rez_cost=0, trash_cost=0, subtypes=["ambush", "facility"], faction="nbn")  # fmt: skip
JUNEBUG = card("project_junebug", "asset",
               ["You can advance this asset.",
                "Accessed, it lets the Corp spend 1[credit] for 2 net damage per advancement counter here."],
               rez_cost=0, trash_cost=0, subtypes=["ambush", "research"], faction="jinteki")  # fmt: skip
RED_HERRINGS = card("red_herrings", "upgrade",
                    ["While a run on this server lasts, each agenda stolen in it costs the Runner 5[credit] more, "
                     "even once this upgrade is trashed in that run."],
                    rez_cost=1, trash_cost=1, faction="nbn")  # fmt: skip
AKITARO = card("akitaro_watanabe", "upgrade", ["Ice in front of this server costs 2[credit] less to rez."],
               rez_cost=1, trash_cost=3, unique=True, subtypes=["sysop", "unorthodox"], faction="jinteki")  # fmt: skip
EXPERIENTIAL = card("experiential_data", "upgrade", ["Ice in front of this server is 1 stronger."],
                    rez_cost=2, trash_cost=2, faction="haas_bioroid")  # fmt: skip
RESEARCH_STATION = card("research_station", "upgrade",
                        ["It goes only into the root of HQ.", "Your maximum hand size is +2."],
                        rez_cost=2, trash_cost=3, subtypes=["facility"], faction="weyland_consortium")  # fmt: skip
SUBCONTRACT = card("security_subcontract", "asset",
                   ["[click], send a rezzed piece of ice to Archives: the Corp takes 4[credit]."],
                   rez_cost=0, trash_cost=3, subtypes=["transaction"], faction="weyland_consortium")  # fmt: skip
BETA_TEST = card("accelerated_beta_test", "agenda",
                 ["On scoring, the Corp may peek at R&D's top 3: ice among them may go into play rezzed, free; the "
                  "others are trashed."],
                 agenda_points=2, advancement_requirement=3, subtypes=["research"], faction="haas_bioroid")  # fmt: skip
ASTROSCRIPT = card("astroscript_pilot_program", "agenda",
                   ["When you score this agenda, place 1 agenda counter on it.",
                    "Spend an agenda counter here: one advancement counter onto an installed card that may be "
                    "advanced."],
                   agenda_points=2, advancement_requirement=3, subtypes=["initiative"], faction="nbn")  # fmt: skip
BREAKING_NEWS = card("breaking_news", "agenda",
                     ["When you score this agenda, give the Runner 2 tags.",
                      "Once the discard phase of the turn it was scored in is over, the Runner sheds 2 tags."],
                     agenda_points=1, advancement_requirement=2, faction="nbn")  # fmt: skip
POSTED_BOUNTY = card("posted_bounty", "agenda",
                     ["On scoring, the Corp may give it up: a tag for the Runner, bad publicity for the Corp."],
                     agenda_points=1, advancement_requirement=3, subtypes=["security"],
                     faction="weyland_consortium")  # fmt: skip
PRIORITY = card("priority_requisition", "agenda", ["On scoring, the Corp may turn one piece of ice face up for free."],
                agenda_points=3, advancement_requirement=5, subtypes=["security"])  # fmt: skip
PSF = card("private_security_force", "agenda", ["While the Runner has a tag, it has \"[click]: 1 meat damage\"."],
           agenda_points=2, advancement_requirement=4, subtypes=["security"])  # fmt: skip
NEGOTIATION = card("aggressive_negotiation", "operation",
                   ["Needs an agenda scored by the Corp this turn.",
                    "Fetch any card from R&D into HQ, then shuffle R&D."],
                   cost=1, faction="weyland_consortium")  # fmt: skip
CLOSED = card("closed_accounts", "operation", ["Needs the Runner to be tagged.", "The Runner's credit pool empties."],
              cost=1, subtypes=["gray_ops"], faction="nbn")  # fmt: skip
NEURAL_EMP = card("neural_emp", "operation", ["Needs a run by the Runner in its previous turn.", "Do 1 net damage."],
                  cost=2, subtypes=["gray_ops"], faction="jinteki")  # fmt: skip
SEA_SOURCE = card("sea_source", "operation",
                  ["Needs a successful run by the Runner in its previous turn.",
                   "Trace[3]. If successful, give the Runner 1 tag."],
                  cost=2, faction="nbn")  # fmt: skip
SCORCHED = card("scorched_earth", "operation", ["Needs the Runner to be tagged.", "Do 4 meat damage."],
                cost=3, subtypes=["black_ops"], faction="weyland_consortium")  # fmt: skip
PRECOGNITION = card("precognition", "operation", ["Reorder the top 5 cards of R&D as you like, after a look."],
                    cost=0, faction="jinteki")  # fmt: skip
KAGUYA = card("shipment_from_kaguya", "operation",
              ["One advancement counter each onto as many as 2 different installed cards that may be advanced."],
              cost=0, faction="weyland_consortium")  # fmt: skip
MIRRORMORPH = card("shipment_from_mirrormorph", "operation",
                   ["Put as many as 3 HQ cards into play one after another, paying for each."],
                   cost=1, faction="haas_bioroid")  # fmt: skip
ETF = identity("haas_bioroid_engineering_the_future", "corp", ["Your first install of a turn pays you 1[credit]."],
               faction="haas_bioroid", subtypes=["megacorp"])  # fmt: skip
MAKING_NEWS = identity("nbn_making_news", "corp",
                       ["It holds 2 credits that come back each turn.", "Those credits go only toward traces."],
                       faction="nbn", subtypes=["megacorp"])  # fmt: skip

# ---------------------------------------------------------------- runner fixtures

SIPHON = card("account_siphon", "event",
              ["Run HQ; on success, rather than breaching it, drain up to 5[credit] from the Corp, get twice that, "
               "and take 2 tags."],
              cost=0, subtypes=["run", "sabotage"], faction="criminal")  # fmt: skip
DEMOLITION = card("demolition_run", "event",
                  ["Run HQ or R&D.", "During the run, any card being accessed may be trashed for nothing."],
                  cost=2, subtypes=["run", "sabotage"], faction="anarch")  # fmt: skip
STIMHACK = card("stimhack", "event",
                ["Run anywhere with 9[credit] on this event to spend as your own; once the run is over, 1 core damage "
                 "nothing can prevent."],
                cost=0, subtypes=["run"], faction="anarch")  # fmt: skip
DEJA_VU = card("deja_vu", "event", ["Back to your grip from your heap: one card, or as many as 2 virus cards."],
               cost=2, faction="anarch")  # fmt: skip
INFILTRATION = card("infiltration", "event", ["Either take 2[credit] or expose a card."], cost=0)
TINKERING = card("tinkering", "event", ["A piece of ice of your choice is a sentry, a code gate and a barrier as "
                                        "well until the turn is over."], cost=0, subtypes=["mod"],
                 faction="shaper")  # fmt: skip
MODDED = card("modded", "event", ["Put a program or hardware from your grip into play for 3[credit] under its cost."],
              cost=0, subtypes=["mod"], faction="shaper")  # fmt: skip
SPECIAL_ORDER = card("special_order", "event", ["Fetch an icebreaker from your stack, show it, keep it in your grip."],
                     cost=1, faction="criminal")  # fmt: skip
BATTERING_RAM = card("battering_ram", "program",
                     ["Interface → 2[credit]: Break up to 2 barrier subroutines.",
                      "1[credit]: one more strength until the run is over."],
                     cost=5, memory_cost=2, strength=3, subtypes=["icebreaker", "fracter"], faction="shaper")  # fmt: skip
PIPELINE = card("pipeline", "program",
                ["Interface → 1[credit]: Break 1 sentry subroutine.",
                 "2[credit]: one more strength until the run is over."],
                cost=3, memory_cost=1, strength=1, subtypes=["icebreaker", "killer"], faction="shaper")  # fmt: skip
CRYPSIS = card("crypsis", "program",
               ["Interface, 1[credit]: one subroutine of any kind is broken.",
                "1[credit]: +1 strength.",
                "[click]: Place 1 virus counter on this program.",
                "Each encounter it broke something in costs it a virus counter afterwards, or else it is trashed."],
               cost=5, memory_cost=1, strength=0, subtypes=["icebreaker", "ai", "virus"])  # fmt: skip
WYRM = card("wyrm", "program",
            ["Interface, 3[credit]: one subroutine is broken on ice at strength 0 or below.",
             "Interface, 1[credit]: the ice being met is 1 weaker for this encounter.",
             "1[credit]: +1 strength."],
            cost=1, memory_cost=1, strength=1, subtypes=["icebreaker", "ai"], faction="anarch")  # fmt: skip
DATASUCKER = card("datasucker", "program",
                  ["Whenever you make a successful run on a central server, place 1 virus counter on this program.",
                   "Spend a virus counter here: the ice being met is 1 weaker for this encounter."],
                  cost=1, memory_cost=1, subtypes=["virus"], faction="anarch")  # fmt: skip
MEDIUM = card("medium", "program",
              ["Whenever you make a successful run on R&D, place 1 virus counter on this program.",
               "At an R&D breach, access as many extra cards as you pick, fewer than the virus counters here."],
              cost=3, memory_cost=1, subtypes=["virus"], faction="anarch")  # fmt: skip
PARASITE = card("parasite", "program",
                ["It goes only onto a rezzed piece of ice.",
                 "When your turn begins, place 1 virus counter on this program.",
                 "Its host is 1 weaker per virus counter here.",
                 "A host brought to 0 strength or lower is trashed."],
                cost=2, memory_cost=1, subtypes=["virus", "trojan"], faction="anarch")  # fmt: skip
DJINN = card("djinn", "program",
             ["It may host non-icebreaker programs worth up to 3[mu].",
              "Programs it hosts use none of your memory.",
              "[click], 1[credit]: fetch a virus program from your stack, show it, keep it in your grip."],
             cost=2, memory_cost=1, subtypes=["daemon"], faction="anarch")  # fmt: skip
DESPERADO = card("desperado", "hardware",
                 ["+1[mu]", "Each successful run pays you 1[credit].", "Only one console per player."],
                 cost=3, unique=True, subtypes=["console"], faction="criminal")  # fmt: skip
GRIMOIRE = card("grimoire", "hardware",
                ["+2[mu]", "Each virus program you install arrives with a virus counter.",
                 "Only one console per player."],
                cost=3, unique=True, subtypes=["console"], faction="anarch")  # fmt: skip
TOOLBOX = card("the_toolbox", "hardware",
               ["+2[mu] +2[link]", "2[recurring-credit]", "Use these credits to pay for using icebreakers.",
                "Only one console per player."],
               cost=9, unique=True, subtypes=["console"], faction="shaper")  # fmt: skip
LEMURIA = card("lemuria_codecracker", "hardware",
               ["[click], 1[credit]: expose a card, if an HQ run of yours succeeded this turn."],
               cost=1, faction="criminal")  # fmt: skip
RABBIT_HOLE = card("rabbit_hole", "hardware",
                   ["+1[link]", "On install, you may fetch one more of it from your stack and install it, paying."],
                   cost=2, subtypes=["link"], faction="shaper")  # fmt: skip
PERSONAL_TOUCH = card("the_personal_touch", "hardware",
                      ["It goes only onto an icebreaker.", "Its host is 1 stronger."],
                      cost=2, subtypes=["mod"], faction="shaper")  # fmt: skip
ARMITAGE = card("armitage_codebusting", "resource",
                ["It comes with 12[credit]; once it has none it is trashed.",
                 "[click]: Take 2[credit] from this resource."],
                cost=1, subtypes=["job"])  # fmt: skip
BANK_JOB = card("bank_job", "resource",
                ["It comes with 8[credit]; once it has none it is trashed.",
                 "On a successful remote run you may, rather than breaching, take as much as you like from it."],
                cost=1, subtypes=["job"], faction="criminal")  # fmt: skip
CRASH_SPACE = card("crash_space", "resource",
                   ["It holds 2 credits that come back each turn.", "They pay only the basic action to remove a tag.",
                    "Trash it: up to 3 meat damage is prevented."],
                   cost=2, subtypes=["location"], faction="criminal")  # fmt: skip
DECOY = card("decoy", "resource", ["Trash it: one tag is avoided."], cost=1, subtypes=["connection"],
             faction="criminal")  # fmt: skip
DATA_DEALER = card("data_dealer", "resource", ["[click], give up a stolen agenda: 9[credit] for you."],
                   cost=0, subtypes=["connection", "seedy"], faction="criminal")  # fmt: skip
WYLDSIDE = card("wyldside", "resource", ["At your turn's start you draw 2 cards and give up [click]."],
                cost=3, unique=True, subtypes=["location", "seedy"], faction="anarch")  # fmt: skip
GABRIEL = identity("gabriel_santiago_consummate_professional", "runner",
                   ["Your first successful HQ run of a turn pays you 2[credit]."],
                   faction="criminal", subtypes=["cyborg"])  # fmt: skip
KATE = identity("kate_mac_mccaffrey_digital_tinker", "runner",
                ["Your first program or hardware of a turn costs 1[credit] less to install."],
                faction="shaper", subtypes=["natural"], base_link=1)  # fmt: skip
NOISE = identity("noise_hacker_extraordinaire", "runner",
                 ["Each virus program you install sends the top card of R&D to Archives."],
                 faction="anarch", subtypes=["g_mod"])  # fmt: skip
VIRUS = card("core_test_virus", "program", ["A virus program with no text of interest."],
             cost=0, memory_cost=1, subtypes=["virus"])  # fmt: skip

FULL = [HADRIAN, SHADOW, HEIMDALL, ICHI, VIKTOR, DATA_MINE, DATA_RAVEN, MATRIX, CELL_PORTAL, CHUM, ADONIS, SECRETARY,
        GHOST, JUNEBUG, RED_HERRINGS, AKITARO, EXPERIENTIAL, RESEARCH_STATION, SUBCONTRACT, BETA_TEST, ASTROSCRIPT, BREAKING_NEWS,
        POSTED_BOUNTY, PRIORITY, PSF, NEGOTIATION, CLOSED, NEURAL_EMP, SEA_SOURCE, SCORCHED, PRECOGNITION, KAGUYA,
        MIRRORMORPH, ETF, MAKING_NEWS, SIPHON, DEMOLITION, STIMHACK, DEJA_VU, INFILTRATION, TINKERING, MODDED, SPECIAL_ORDER,
        BATTERING_RAM, PIPELINE, CRYPSIS, WYRM, DATASUCKER, MEDIUM, PARASITE, DESPERADO, GRIMOIRE, TOOLBOX, LEMURIA,
        RABBIT_HOLE, PERSONAL_TOUCH, ARMITAGE, BANK_JOB, DECOY, DATA_DEALER, WYLDSIDE, GABRIEL, KATE,
        NOISE]  # fmt: skip
PARTIAL = [DJINN, CRASH_SPACE]
RECORDS = [*bundled(), *FULL, *PARTIAL, VIRUS]

GRIP = ["light_fingers", "overnight_takeout", "spark_of_insight", "bench_night", "bin_diving"]
RND = ["hb_quarterly_review"] * 6  # the corp's turns draw from it
QUIET = "hb_mirror_foundry"  # a corp identity without triggers
ADA = "ada_voss_tinker"  # a runner identity without triggers


def test_the_readings() -> None:
    for fixture in FULL:
        assert fixture.reading.status == "executable", fixture.id
    for fixture in PARTIAL:
        assert fixture.reading.status == "partial", fixture.id
    assert DJINN.reading.scripted == [2] and CRASH_SPACE.reading.scripted == [2]
    assert HEIMDALL.reading.scripted == [0] and HEIMDALL.reading.read == [1, 2, 3]
    assert DATA_RAVEN.reading.scripted == [0] and DATA_RAVEN.reading.read == [1, 2]
    assert CRYPSIS.reading.scripted == [0, 3] and CRYPSIS.reading.read == [1, 2]
    assert PARASITE.reading.scripted == [0, 2, 3] and PARASITE.reading.read == [1]
    assert TOOLBOX.reading.scripted == [3] and TOOLBOX.reading.read == [0, 1]
    assert MAKING_NEWS.reading.scripted == [0, 1]


# ---------------------------------------------------------------- ice


def test_hadrians_wall_and_shadow_are_advanced_and_grow() -> None:
    corp = {"clicks": 3, "credits": 5, "servers": {"hq": {"ice": [{"card": "hadrians_wall", "rezzed": True},
                                                                  {"card": "shadow", "rezzed": True}]}}}  # fmt: skip
    r = play(RECORDS, ["advance:hadrians_wall", "advance:shadow", "advance:shadow"], corp=corp, active="corp")
    assert r.game.strength_of(corp_card(r, "hadrians_wall")) == 8
    assert r.game.strength_of(corp_card(r, "shadow")) == 3
    assert r.game.corp.credits == 2 and r.game.corp.clicks == 0


def test_a_bioroid_lets_the_runner_spend_a_click_to_break() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "viktor_1_0", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq", "clickbreak:viktor_1_0", "sub:2", "done", "continue"], corp=corp,
             runner={"hand": GRIP[:2], "clicks": 4})  # fmt: skip
    g = r.game
    assert g.runner.clicks == 2 and g.runner.brain_damage == 1 and not ended(r)
    for ice in ("heimdall_1_0", "ichi_1_0"):
        r2 = play(RECORDS, ["run:hq"], corp={"servers": {"hq": {"ice": [{"card": ice, "rezzed": True}]}}},
                  runner={"hand": GRIP[:2], "clicks": 4})  # fmt: skip
        assert any(label.startswith("clickbreak:" + ice) for label in labels(r2))


def test_data_mine_hurts_and_trashes_itself() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "data_mine", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq", "continue"], corp=corp, runner={"hand": GRIP[:2]})
    g = r.game
    assert len(g.runner.hand) == 1 and ids(g.corp.discard) == ["data_mine"]
    assert not g.servers["hq"].ice


def test_data_raven_asks_for_a_tag_or_ends_the_run() -> None:
    corp = {"credits": 0, "servers": {"hq": {"ice": [{"card": "data_raven", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq", "tag", "pay:0", "pay:0"], corp=corp)
    assert r.game.runner.tags == 1 and not ended(r)
    r2 = play(RECORDS, ["run:hq", "end_run"], corp=corp)
    assert r2.game.runner.tags == 0 and ended(r2)


def test_matrix_analyzer_lets_the_corp_advance_a_card() -> None:
    corp = {"credits": 5, "servers": {"hq": {"ice": [{"card": "matrix_analyzer", "rezzed": True}]},
                                      "remote1": {"root": [{"card": "neutral_pilot_scheme"}]}}}  # fmt: skip
    r = play(RECORDS, ["run:hq", "yes"], corp=corp)
    g = r.game
    assert corp_card(r, "neutral_pilot_scheme").advancement == 1 and g.corp.credits == 4
    assert r.pending is not None and r.pending.kind == "trace_corp"  # its subroutine comes next


def test_cell_portal_sends_the_runner_back_out_and_derezzes() -> None:
    corp = {"identity": QUIET, "credits": 0, "servers": {"hq": {"ice": [{"card": "cell_portal", "rezzed": True},
                                                     {"card": "neutral_checksum_gate"}]}}}  # fmt: skip
    r = play(RECORDS, ["run:hq", "continue", "continue", "continue", "continue"], corp=corp)
    g = r.game
    portal = corp_card(r, "cell_portal")
    assert not portal.rezzed
    approaches = [e["position"] for e in events(r, "approach")]
    assert approaches == [2, 1, 2, 1]  # the outer ice, the portal, then both again
    assert [e["successful"] for e in events(r, "run_end")] == [True]
    assert g.current_run is None
    r2 = play(RECORDS, ["run:hq", "continue", "jack_out"], corp=corp)
    assert [e["successful"] for e in events(r2, "run_end")] == [False]


def test_chum_makes_the_next_ice_stronger_and_hurts_if_it_is_not_broken() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "neutral_checksum_gate", "rezzed": True},
                                       {"card": "chum", "rezzed": True}]}}}  # fmt: skip
    runner = {"hand": GRIP, "rig": [{"card": "shade_key"}], "credits": 1}
    r = play(RECORDS, ["run:hq", "done", "continue"], corp=corp, runner=runner)
    checksum = corp_card(r, "neutral_checksum_gate")
    assert r.pending.kind == "break" and r.game.strength_of(checksum) == 4  # 2 + 2 while it is encountered
    r = play(RECORDS, ["run:hq", "done", "continue", "done"], corp=corp, runner=runner)
    g = r.game
    assert ended(r) and len(g.runner.hand) == 2  # 3 net damage when the encounter ended with the run
    assert g.strength_of(checksum) == 2
    r2 = play(RECORDS, ["run:hq", "jack_out"], corp=corp, runner={"hand": GRIP})
    assert len(r2.game.runner.hand) == 5  # jacking out before the next encounter: no damage


# ---------------------------------------------------------------- assets and upgrades


def test_adonis_campaign_is_loaded_when_rezzed() -> None:
    corp = {"credits": 4, "servers": {"remote1": {"root": [{"card": "adonis_campaign"}]}}}
    r = play(RECORDS, ["rez:adonis_campaign"], corp=corp, active="corp")
    assert corp_card(r, "adonis_campaign").credits == 12 and r.game.corp.credits == 0


def test_ambushes_pay_off_per_advancement_counter() -> None:
    runner = {"rig": [{"card": "rockbit_drill"}, {"card": "sleeve_blade"}], "hand": GRIP}
    corp = {"credits": 5, "servers": {"remote1": {"root": [{"card": "aggressive_secretary",
                                                            "counters": {"advancement": 2}}]}}}  # fmt: skip
    r = play(RECORDS, ["run:remote1", "continue", "done", "yes", "rockbit_drill"], corp=corp, runner=runner)
    g = r.game
    assert not [c for c in g.runner.rig if c.type == "program"] and g.corp.credits == 3
    corp = {"servers": {"remote1": {"root": [{"card": "ghost_branch", "counters": {"advancement": 2}}]}}}
    r2 = play(RECORDS, ["run:remote1", "continue", "done", "yes"], corp=corp, runner=runner)
    assert r2.game.runner.tags == 2
    corp = {"credits": 5, "servers": {"remote1": {"root": [{"card": "project_junebug",
                                                            "counters": {"advancement": 2}}]}}}  # fmt: skip
    r3 = play(RECORDS, ["run:remote1", "continue", "done", "yes"], corp=corp, runner=runner)
    assert len(r3.game.runner.hand) == 1 and r3.game.corp.credits == 4
    corp = {"servers": {"remote1": {"root": [{"card": "ghost_branch"}]}}}
    r4 = play(RECORDS, ["run:remote1", "continue", "done"], corp=corp, runner=runner)
    assert r4.game.runner.tags == 0 and r4.pending.kind == "trash"  # no counter: the corp is not asked


def test_red_herrings_charges_for_steals_in_its_server_for_the_whole_run() -> None:
    corp = {"identity": QUIET, "servers": {"remote1": {"root": [{"card": "red_herrings", "rezzed": True},
                                             {"card": "neutral_pilot_scheme"}]}}}  # fmt: skip
    runner = {"credits": 10}
    r = play(RECORDS, ["run:remote1", "continue", "trash:red_herrings", "steal:neutral_pilot_scheme"], corp=corp,
             runner=runner)  # fmt: skip
    g = r.game
    assert ids(g.runner.score_area) == ["neutral_pilot_scheme"] and g.runner.credits == 4  # 1 to trash, 5 to steal
    r2 = play(RECORDS, ["run:remote1", "continue", "leave", "leave"], corp=corp, runner=runner)
    assert not r2.game.runner.score_area and events(r2, "steal_declined") and r2.game.runner.credits == 10
    r3 = play(RECORDS, ["run:remote1", "continue", "leave"], corp=corp, runner={"credits": 4})
    assert not r3.game.runner.score_area and events(r3, "steal_declined")  # 4 credits: no way to pay
    unrezzed = {"identity": QUIET,
                "servers": {"remote1": {"root": [{"card": "red_herrings"}, {"card": "neutral_pilot_scheme"}]}}}
    r4 = play(RECORDS, ["run:remote1", "continue", "rez:red_herrings", "leave"], corp=unrezzed, runner=runner)
    assert r4.pending is not None and r4.pending.kind == "steal"  # rezzed during the run: the cost applies
    r5 = play(RECORDS, ["run:remote1", "continue", "done", "leave"], corp=unrezzed, runner=runner)
    assert ids(r5.game.runner.score_area) == ["neutral_pilot_scheme"] and r5.game.runner.credits == 10


def test_akitaro_and_experiential_data_change_the_ice_of_their_server() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "nbn_echo_beacon"}, {"card": "nbn_static_veil", "rezzed": True}],
                               "root": [{"card": "akitaro_watanabe", "rezzed": True},
                                        {"card": "experiential_data", "rezzed": True}]},
                        "rnd": {"ice": [{"card": "weyland_watchdog_drone", "rezzed": True}]}}}  # fmt: skip
    r = play(RECORDS, [], corp=corp, active="corp")
    g = r.game
    assert g.rez_cost(corp_card(r, "nbn_echo_beacon")) == 1
    assert g.strength_of(corp_card(r, "nbn_static_veil")) == 2
    assert g.strength_of(corp_card(r, "weyland_watchdog_drone")) == 2


def test_research_station_goes_only_into_hq() -> None:
    r = play(RECORDS, [], corp={"hand": ["research_station"], "servers": {"remote1": {"root": [{"card": "adonis_campaign"}]}}},
             active="corp")  # fmt: skip
    installs = [label for label in labels(r) if label.startswith("install:research_station")]
    assert [label.split("@")[1] for label in installs] == ["hq"]


def test_security_subcontract_trades_a_rezzed_ice_for_credits() -> None:
    corp = {"credits": 0, "deck": RND, "servers": {"hq": {"ice": [{"card": "nbn_static_veil", "rezzed": True}]},
                                                   "remote1": {"root": [{"card": "security_subcontract",
                                                                         "rezzed": True}]}}}  # fmt: skip
    r = play(RECORDS, ["use:security_subcontract/0"], corp=corp, active="corp")
    g = r.game
    assert g.corp.credits == 4 and ids(g.corp.discard) == ["nbn_static_veil"] and g.corp.clicks == 2


# ---------------------------------------------------------------- agendas


def scoring(agenda: str, advancement: int, **more: Any) -> dict[str, Any]:
    """The corp, about to score ``agenda`` from a remote server."""
    root = [{"card": agenda, "counters": {"advancement": advancement}}]
    return {"deck": RND, "clicks": 3, **more, "servers": {"remote1": {"root": root}, **more.pop("servers", {})}}


def test_accelerated_beta_test_installs_ice_from_r_and_d_and_trashes_the_rest() -> None:
    corp = scoring("accelerated_beta_test", 3, credits=0)
    corp["deck"] = ["nbn_static_veil", "adonis_campaign", "weyland_slag_rampart", *RND]
    r = play(RECORDS, ["score:accelerated_beta_test", "yes", "yes", "hq", "no"], corp=corp, active="corp")
    g = r.game
    veil = corp_card(r, "nbn_static_veil")
    assert veil.rezzed and g.server_of(veil).name == "hq" and g.corp.credits == 0
    assert sorted(ids(g.corp.discard)) == ["adonis_campaign", "weyland_slag_rampart"]
    assert not any(c.faceup for c in g.corp.discard)  # trashed from R&D unseen
    assert len(g.corp.deck) == 6


def test_astroscript_spends_agenda_counters_on_advancement() -> None:
    other = {"remote2": {"root": [{"card": "neutral_pilot_scheme"}]}}
    corp = scoring("astroscript_pilot_program", 3, servers=other)
    r = play(RECORDS, ["score:astroscript_pilot_program", "use:astroscript_pilot_program/1"], corp=corp,
             active="corp")  # fmt: skip
    astro = r.game.corp.score_area[0]
    assert corp_card(r, "neutral_pilot_scheme").advancement == 1 and not astro.counters
    assert not any(label.startswith("use:astroscript") for label in labels(r))


def test_breaking_news_tags_go_away_when_the_turn_ends() -> None:
    corp = scoring("breaking_news", 2, clicks=1)
    r = play(RECORDS, ["score:breaking_news"], corp=corp, active="corp")
    assert r.game.runner.tags == 2
    r2 = play(RECORDS, ["score:breaking_news", "credit"], corp=corp, active="corp")
    assert r2.game.runner.tags == 0 and r2.game.active == "runner"
    assert [e["amount"] for e in events(r2, "tags")] == [2, -2]


def test_posted_bounty_may_be_forfeited_for_a_tag() -> None:
    r = play(RECORDS, ["score:posted_bounty", "forfeit"], corp=scoring("posted_bounty", 3), active="corp")
    g = r.game
    assert g.runner.tags == 1 and g.corp.bad_publicity == 1 and not g.corp.score_area
    r2 = play(RECORDS, ["score:posted_bounty", "keep"], corp=scoring("posted_bounty", 3), active="corp")
    assert r2.game.runner.tags == 0 and ids(r2.game.corp.score_area) == ["posted_bounty"]


def test_priority_requisition_rezzes_ice_for_free() -> None:
    ice = {"hq": {"ice": [{"card": "weyland_slag_rampart"}]}}
    r = play(RECORDS, ["score:priority_requisition", "weyland_slag_rampart"],
             corp=scoring("priority_requisition", 5, credits=0, servers=ice), active="corp")  # fmt: skip
    assert corp_card(r, "weyland_slag_rampart").rezzed and r.game.corp.credits == 0


def test_private_security_force_hurts_a_tagged_runner() -> None:
    corp = {"deck": RND, "score_area": ["private_security_force"]}
    r = play(RECORDS, ["use:private_security_force/0"], corp=corp, runner={"tags": 1, "hand": GRIP[:2]},
             active="corp")  # fmt: skip
    assert len(r.game.runner.hand) == 1 and r.game.corp.clicks == 2
    r2 = play(RECORDS, [], corp=corp, runner={"hand": GRIP[:2]}, active="corp")
    assert not any(label.startswith("use:private_security_force") for label in labels(r2))


# ---------------------------------------------------------------- operations


def test_aggressive_negotiation_needs_an_agenda_scored_this_turn() -> None:
    corp = scoring("neutral_pilot_scheme", 2, hand=["aggressive_negotiation"], credits=1)
    corp["deck"] = ["adonis_campaign", "weyland_slag_rampart", *RND]
    r = play(RECORDS, [], corp=corp, active="corp")
    assert not any(label.startswith("play:aggressive_negotiation") for label in labels(r))
    r = play(RECORDS, ["score:neutral_pilot_scheme", "play:aggressive_negotiation", "weyland_slag_rampart"],
             corp=corp, active="corp")  # fmt: skip
    g = r.game
    assert ids(g.corp.hand) == ["weyland_slag_rampart"] and len(g.corp.deck) == 7 and g.corp.credits == 0


def test_closed_accounts_and_scorched_earth_need_a_tag() -> None:
    corp = {"deck": RND, "hand": ["closed_accounts", "scorched_earth"], "credits": 4}
    r = play(RECORDS, [], corp=corp, active="corp")
    assert not any(label.startswith("play:") for label in labels(r))
    r = play(RECORDS, ["play:closed_accounts", "play:scorched_earth"], corp=corp, runner={"tags": 1, "hand": GRIP},
             active="corp")  # fmt: skip
    assert r.game.runner.credits == 0 and len(r.game.runner.hand) == 1


def test_neural_emp_and_sea_source_need_a_run_last_turn() -> None:
    corp = {"identity": "nbn_making_news", "deck": RND, "hand": ["neural_emp", "sea_source"], "credits": 4}
    runner = {"clicks": 1, "hand": GRIP}
    r = play(RECORDS, ["credit"], corp=corp, runner=runner)
    assert r.game.active == "corp" and not any(label.startswith(("play:neural", "play:sea")) for label in labels(r))
    r = play(RECORDS, ["run:archives", "continue"], corp=corp, runner=runner)
    assert {"play:neural_emp", "play:sea_source"} <= {label.split("#")[0] for label in labels(r)}
    # Making News's 2 recurring credits pay for the trace
    r = play(RECORDS, ["run:archives", "continue", "play:sea_source", "pay:4", "pay:0"], corp=corp, runner=runner)
    g = r.game
    assert g.corp.credits == 0 and g.runner.tags == 1
    r = play(RECORDS, ["run:hq", "done", "jack_out", "play:neural_emp"], corp={**corp, "servers": {
        "hq": {"ice": [{"card": "nbn_static_veil"}]}}}, runner=runner)  # fmt: skip
    assert len(r.game.runner.hand) == 4
    assert "play:sea_source" not in {label.split("#")[0] for label in labels(r)}


def test_precognition_reorders_the_top_of_r_and_d() -> None:
    deck = ["nbn_static_veil", "adonis_campaign", "weyland_slag_rampart", "neutral_pilot_scheme",
            "hb_lattice_gate", "neutral_checksum_gate"]  # fmt: skip
    corp = {"deck": deck, "hand": ["precognition"]}
    r = play(RECORDS, ["play:precognition", "hb_lattice_gate", "nbn_static_veil", "neutral_pilot_scheme",
                       "adonis_campaign"], corp=corp, active="corp")  # fmt: skip
    top = list(reversed(r.game.corp.deck))
    assert ids(top) == ["hb_lattice_gate", "nbn_static_veil", "neutral_pilot_scheme", "adonis_campaign",
                        "weyland_slag_rampart", "neutral_checksum_gate"]  # fmt: skip


def test_shipment_from_kaguya_advances_two_cards() -> None:
    corp = {"deck": RND, "hand": ["shipment_from_kaguya"],
            "servers": {"remote1": {"root": [{"card": "neutral_pilot_scheme"}]},
                        "remote2": {"root": [{"card": "ghost_branch"}]}}}  # fmt: skip
    r = play(RECORDS, ["play:shipment_from_kaguya", "ghost_branch", "neutral_pilot_scheme"], corp=corp, active="corp")
    assert corp_card(r, "ghost_branch").advancement == 1 and corp_card(r, "neutral_pilot_scheme").advancement == 1
    assert r.game.corp.clicks == 2


def test_shipment_from_mirrormorph_installs_cards_from_hq() -> None:
    corp = {"deck": RND, "credits": 1, "hand": ["shipment_from_mirrormorph", "adonis_campaign", "nbn_static_veil",
                                                "neutral_pilot_scheme"]}  # fmt: skip
    r = play(RECORDS, ["play:shipment_from_mirrormorph", "adonis_campaign", "nbn_static_veil", "hq",
                       "done"], corp=corp, active="corp")  # fmt: skip
    g = r.game
    assert ids(g.corp.hand) == ["neutral_pilot_scheme"] and g.corp.clicks == 2
    assert g.server_of(corp_card(r, "nbn_static_veil")).name == "hq"


def test_engineering_the_future_pays_for_the_first_install_of_a_turn() -> None:
    corp = {"identity": "haas_bioroid_engineering_the_future", "deck": RND, "credits": 0,
            "hand": ["adonis_campaign", "neutral_pilot_scheme"]}  # fmt: skip
    r = play(RECORDS, ["install:adonis_campaign@new", "install:neutral_pilot_scheme@new"], corp=corp, active="corp")
    assert r.game.corp.credits == 1


# ---------------------------------------------------------------- events


def test_account_siphon_drains_the_corp_instead_of_breaching() -> None:
    corp = {"credits": 7, "hand": ["neutral_pilot_scheme"]}
    r = play(RECORDS, ["play:account_siphon", "continue", "yes", "x:5"], corp=corp,
             runner={"hand": ["account_siphon"], "credits": 0})  # fmt: skip
    g = r.game
    assert g.corp.credits == 2 and g.runner.credits == 10 and g.runner.tags == 2
    assert not events(r, "steal") and ids(g.corp.hand) == ["neutral_pilot_scheme"]
    r2 = play(RECORDS, ["play:account_siphon", "continue", "no"], corp=corp,
              runner={"hand": ["account_siphon"], "credits": 0})  # fmt: skip
    assert r2.game.runner.tags == 0 and events(r2, "steal")


def test_demolition_run_trashes_what_it_accesses_for_free() -> None:
    corp = {"hand": ["adonis_campaign"]}
    r = play(RECORDS, ["play:demolition_run", "hq", "continue", "trash:adonis_campaign"], corp=corp,
             runner={"hand": ["demolition_run"], "credits": 2})  # fmt: skip
    g = r.game
    assert ids(g.corp.discard) == ["adonis_campaign"] and g.runner.credits == 0
    assert ids(g.runner.discard) == ["demolition_run"] and not g.in_play


def test_stimhack_pays_from_its_credits_then_hurts() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "adonis_campaign"}]}}}
    r = play(RECORDS, ["play:stimhack", "remote1", "continue", "done", "trash:adonis_campaign"], corp=corp,
             runner={"hand": ["stimhack", "light_fingers"], "credits": 0})  # fmt: skip
    g = r.game
    assert ids(g.corp.discard) == ["adonis_campaign"] and g.runner.credits == 0
    assert g.runner.brain_damage == 1 and not g.runner.hand and not g.in_play
    assert sorted(ids(g.runner.discard)) == ["light_fingers", "stimhack"]


def test_deja_vu_brings_back_one_card_or_two_viruses() -> None:
    runner = {"hand": ["deja_vu"], "discard": ["core_test_virus", "light_fingers", "datasucker"]}
    r = play(RECORDS, ["play:deja_vu", "datasucker", "core_test_virus"], runner=runner)
    assert sorted(ids(r.game.runner.hand)) == ["core_test_virus", "datasucker"]
    r2 = play(RECORDS, ["play:deja_vu", "light_fingers"], runner=runner)
    assert ids(r2.game.runner.hand) == ["light_fingers"]


def test_infiltration_gains_credits_or_exposes() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "adonis_campaign"}]}}}
    r = play(RECORDS, ["play:infiltration", "credits"], corp=corp, runner={"hand": ["infiltration"], "credits": 0})
    assert r.game.runner.credits == 2
    r2 = play(RECORDS, ["play:infiltration", "expose"], corp=corp, runner={"hand": ["infiltration"], "credits": 0})
    assert [e["card"] for e in events(r2, "exposed")] == [str(corp_card(r2, "adonis_campaign"))]
    assert r2.game.runner.credits == 0 and not corp_card(r2, "adonis_campaign").rezzed


def test_tinkering_gives_ice_every_subtype_for_the_turn() -> None:
    corp = {"deck": RND, "servers": {"hq": {"ice": [{"card": "nbn_static_veil", "rezzed": True}]}}}
    runner = {"hand": ["tinkering"], "clicks": 2, "rig": [{"card": "sleeve_blade"}], "credits": 1}
    r = play(RECORDS, ["play:tinkering", "run:hq"], corp=corp, runner=runner)
    veil = corp_card(r, "nbn_static_veil")
    assert set(veil.subtypes) == {"barrier", "sentry", "code_gate"}
    assert any(label.startswith("break:sleeve_blade") for label in labels(r))  # a killer breaks it now
    r2 = play(RECORDS, ["play:tinkering", "credit"], corp=corp, runner=runner)
    assert r2.game.active == "corp" and corp_card(r2, "nbn_static_veil").subtypes == ("barrier",)


def test_modded_installs_for_less() -> None:
    r = play(RECORDS, ["play:modded"], runner={"hand": ["modded", "rockbit_drill"], "credits": 0})
    assert rig(r, "rockbit_drill") is not None and r.game.runner.credits == 0


def test_special_order_fetches_an_icebreaker() -> None:
    runner = {"hand": ["special_order"], "deck": ["light_fingers", "rockbit_drill", "bin_diving"]}
    r = play(RECORDS, ["play:special_order"], runner=runner)
    assert ids(r.game.runner.hand) == ["rockbit_drill"] and len(r.game.runner.deck) == 2


# ---------------------------------------------------------------- programs


def test_battering_ram_keeps_its_strength_for_the_run() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "weyland_slag_rampart", "rezzed": True},
                                       {"card": "weyland_slag_rampart", "rezzed": True}]}}}  # fmt: skip
    runner = {"rig": [{"card": "battering_ram"}], "credits": 8}
    r = play(RECORDS, ["run:hq", "use:battering_ram/1", "use:battering_ram/1", "break:battering_ram/0", "continue",
                       "break:battering_ram/0", "continue"], corp=corp, runner=runner)  # fmt: skip
    g = r.game
    assert not ended(r) and g.runner.credits == 2  # 2 boosts, then 2 breaks at 2 each
    assert g.strength_of(rig(r, "battering_ram")) == 3  # back to 3 once the run is over
    r2 = play(RECORDS, ["run:hq", "use:battering_ram/1", "use:battering_ram/1"], corp=corp, runner=runner)
    assert not any(label.startswith("use:battering_ram#") and label.endswith("/1") for label in labels(r2))
    assert r2.game.strength_of(rig(r2, "battering_ram")) == 5  # strong enough: no more boosts offered


def test_pipeline_boosts_for_2_credits() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "nbn_echo_beacon", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq", "use:pipeline/1", "use:pipeline/1", "break:pipeline/0", "sub:1", "break:pipeline/0",
                       "continue"], corp=corp, runner={"rig": [{"card": "pipeline"}], "credits": 6})  # fmt: skip
    assert r.game.runner.credits == 0 and r.game.runner.tags == 0 and not ended(r)


def test_crypsis_breaks_anything_and_pays_a_virus_counter_after() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "nbn_static_veil", "rezzed": True}]}}}
    runner = {"rig": [{"card": "crypsis", "counters": {"virus": 1}}], "credits": 2}
    r = play(RECORDS, ["run:hq", "boost:crypsis/1", "use:crypsis/0", "continue"], corp=corp, runner=runner)
    assert not ended(r) and not rig(r, "crypsis").counters and r.game.runner.credits == 0
    runner = {"rig": [{"card": "crypsis"}], "credits": 2}
    r2 = play(RECORDS, ["run:hq", "boost:crypsis/1", "use:crypsis/0", "continue"], corp=corp, runner=runner)
    assert rig(r2, "crypsis") is None and ids(r2.game.runner.discard) == ["crypsis"]


def test_wyrm_weakens_ice_and_breaks_it_at_zero() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "nbn_static_veil", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq", "use:wyrm/1", "use:wyrm/0", "continue"], corp=corp,
             runner={"rig": [{"card": "wyrm"}], "credits": 4})  # fmt: skip
    veil = corp_card(r, "nbn_static_veil")
    assert not ended(r) and r.game.runner.credits == 0 and r.game.strength_of(veil) == 1


def test_datasucker_weakens_and_parasite_trashes_the_weakened_host() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "weyland_watchdog_drone", "rezzed": True}]}}}
    runner = {"hand": ["parasite"], "credits": 2,
              "rig": [{"card": "grimoire"}, {"card": "datasucker", "counters": {"virus": 1}}]}  # fmt: skip
    r = play(RECORDS, ["install:parasite"], corp=corp, runner=runner)
    drone = corp_card(r, "weyland_watchdog_drone")
    parasite = rig(r, "parasite")
    assert parasite.host is drone and parasite.counters == {"virus": 1}  # Grimoire's counter
    assert r.game.strength_of(drone) == 1
    r = play(RECORDS, ["install:parasite", "run:hq", "use:datasucker/1"], corp=corp, runner=runner)
    g = r.game
    assert ids(g.corp.discard) == ["weyland_watchdog_drone"] and "parasite" in ids(g.runner.discard)
    assert g.runner.tags == 0 and not rig(r, "datasucker").counters


def test_parasite_goes_only_on_rezzed_ice_and_grows_each_turn() -> None:
    unrezzed: dict[str, Any] = {"servers": {"hq": {"ice": [{"card": "weyland_slag_rampart"}]}}}
    r = play(RECORDS, [], corp=unrezzed, runner={"hand": ["parasite"], "credits": 2})
    assert not any(label.startswith("install:parasite") for label in labels(r))
    corp: dict[str, Any] = {"deck": RND, "servers": {"hq": {"ice": [{"card": "hb_lattice_gate", "rezzed": True}]}}}
    runner = {"identity": ADA, "hand": ["parasite"], "credits": 2, "clicks": 1, "rig": [{"card": "grimoire"}]}
    r = play(RECORDS, ["install:parasite", "credit", "credit"], corp=corp, runner=runner)
    assert r.game.active == "corp" and r.game.strength_of(corp_card(r, "hb_lattice_gate")) == 1
    r = play(RECORDS, ["install:parasite", "credit", "credit", "credit"], corp=corp, runner=runner)
    g = r.game
    assert g.active == "runner" and ids(g.corp.discard) == ["hb_lattice_gate"]  # 2 counters at the turn's start
    assert ids(g.runner.discard) == ["parasite"]


def test_medium_accesses_more_of_r_and_d() -> None:
    corp = {"deck": ["adonis_campaign", "nbn_static_veil", "hb_lattice_gate", "neutral_checksum_gate"]}
    r = play(RECORDS, ["run:rnd", "continue", "x:2", "leave"], corp=corp,
             runner={"rig": [{"card": "medium", "counters": {"virus": 3}}]})  # fmt: skip
    accessed = [e["card"] for e in events(r, "access") if "card" in e]
    assert len(accessed) == 3


def test_djinn_fetches_a_virus_program() -> None:
    runner = {"rig": [{"card": "djinn"}], "deck": ["light_fingers", "datasucker", "rockbit_drill"], "credits": 1}
    r = play(RECORDS, ["use:djinn/0"], runner=runner)
    g = r.game
    assert ids(g.runner.hand) == ["datasucker"] and g.runner.credits == 0 and g.runner.clicks == 3


# ---------------------------------------------------------------- hardware


def test_consoles_one_per_player() -> None:
    runner = {"hand": ["desperado", "grimoire", "the_toolbox"], "credits": 20}
    r = play(RECORDS, ["install:grimoire"], runner=runner)
    offered = {label.split("#")[0] for label in labels(r)}
    assert not {"install:desperado", "install:the_toolbox"} & offered
    r2 = play(RECORDS, [], runner=runner)
    assert {"install:desperado", "install:grimoire", "install:the_toolbox"} <= {
        label.split("#")[0] for label in labels(r2)}  # fmt: skip


def test_desperado_pays_for_each_successful_run() -> None:
    r = play(RECORDS, ["run:archives", "continue", "run:archives", "jack_out"], runner={"rig": [{"card": "desperado"}]})
    assert r.game.runner.credits == 6


def test_grimoire_and_noise_react_to_virus_installs() -> None:
    corp = {"deck": ["adonis_campaign", "nbn_static_veil"]}
    runner = {"identity": "noise_hacker_extraordinaire", "rig": [{"card": "grimoire"}],
              "hand": ["core_test_virus", "rockbit_drill"]}  # fmt: skip
    r = play(RECORDS, ["install:core_test_virus", "grimoire: any_installed", "install:rockbit_drill"], corp=corp, runner=runner)
    g = r.game
    assert rig(r, "core_test_virus").counters == {"virus": 1} and not rig(r, "rockbit_drill").counters
    assert ids(g.corp.discard) == ["adonis_campaign"] and not g.corp.discard[0].faceup
    assert ids(g.corp.deck) == ["nbn_static_veil"]


def test_lemuria_exposes_after_a_successful_hq_run() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "adonis_campaign"}]}}}
    runner = {"rig": [{"card": "lemuria_codecracker"}]}
    r = play(RECORDS, [], corp=corp, runner=runner)
    assert not any(label.startswith("use:lemuria") for label in labels(r))
    r = play(RECORDS, ["run:hq", "continue", "done", "use:lemuria_codecracker/0"], corp=corp, runner=runner)
    assert [e["card"] for e in events(r, "exposed")] == [str(corp_card(r, "adonis_campaign"))]
    assert r.game.runner.credits == 4 and r.game.runner.clicks == 2


def test_rabbit_hole_brings_in_another_copy() -> None:
    runner = {"hand": ["rabbit_hole"], "deck": ["light_fingers", "rabbit_hole", "rabbit_hole"], "credits": 6}
    r = play(RECORDS, ["install:rabbit_hole", "yes", "yes"], runner=runner)
    g = r.game
    assert ids(g.runner.rig) == ["rabbit_hole"] * 3 and g.runner.credits == 0 and g.link() == 3
    assert ids(g.runner.deck) == ["light_fingers"]


def test_the_personal_touch_strengthens_its_icebreaker() -> None:
    runner = {"hand": ["the_personal_touch"], "rig": [{"card": "rockbit_drill"}, {"card": "datasucker"}]}
    r = play(RECORDS, ["install:the_personal_touch"], runner=runner)
    touch = rig(r, "the_personal_touch")
    assert touch.host is rig(r, "rockbit_drill") and r.game.strength_of(touch.host) == 3
    r2 = play(RECORDS, [], runner={"hand": ["the_personal_touch"], "rig": [{"card": "datasucker"}]})
    assert not any(label.startswith("install:the_personal_touch") for label in labels(r2))


# ---------------------------------------------------------------- resources


def test_armitage_codebusting_is_loaded_when_installed() -> None:
    r = play(RECORDS, ["install:armitage_codebusting", "use:armitage_codebusting/2"],
             runner={"hand": ["armitage_codebusting"], "credits": 1})  # fmt: skip
    assert rig(r, "armitage_codebusting").credits == 10 and r.game.runner.credits == 2


def test_bank_job_pays_out_instead_of_a_remote_breach() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "neutral_pilot_scheme"}]}}}
    runner = {"hand": ["bank_job"], "credits": 1}
    r = play(RECORDS, ["install:bank_job", "run:remote1", "continue", "yes", "x:5"], corp=corp, runner=runner)
    g = r.game
    assert g.runner.credits == 5 and rig(r, "bank_job").credits == 3 and not events(r, "steal")
    r2 = play(RECORDS, ["install:bank_job", "run:remote1", "continue", "yes", "x:8"], corp=corp, runner=runner)
    assert r2.game.runner.credits == 8 and ids(r2.game.runner.discard) == ["bank_job"]
    r3 = play(RECORDS, ["install:bank_job", "run:hq", "continue"], corp=corp, runner=runner)
    assert r3.game.runner.credits == 0 and r3.pending.kind == "action"  # a central server: no question


def test_crash_space_and_decoy_prevent() -> None:
    corp = {"deck": RND, "hand": ["scorched_earth", "nbn_exclusive_scoop"], "credits": 6}
    runner = {"tags": 1, "hand": GRIP, "rig": [{"card": "crash_space"}, {"card": "decoy"}]}
    r = play(RECORDS, ["play:scorched_earth", "use:crash_space/0", "play:nbn_exclusive_scoop", "use:decoy/0"],
             corp=corp, runner=runner, active="corp")  # fmt: skip
    g = r.game
    assert len(g.runner.hand) == 4 and g.runner.tags == 1 and {"crash_space", "decoy"} <= set(ids(g.runner.discard))
    assert not g.runner.rig


def test_data_dealer_sells_a_stolen_agenda() -> None:
    runner = {"rig": [{"card": "data_dealer"}], "score_area": ["neutral_pilot_scheme"], "credits": 0}
    r = play(RECORDS, ["use:data_dealer/0"], runner=runner)
    g = r.game
    assert g.runner.credits == 9 and not g.runner.score_area and g.agenda_points("runner") == 0


def test_wyldside_draws_and_takes_a_click() -> None:
    runner = {"identity": ADA, "rig": [{"card": "wyldside"}], "deck": GRIP}
    r = play(RECORDS, [], corp={"deck": RND, "clicks": 0}, runner=runner, active="corp")
    g = r.game
    assert g.active == "runner" and len(g.runner.hand) == 2 and g.runner.clicks == 3


# ---------------------------------------------------------------- identities


def test_gabriel_gains_on_the_first_successful_hq_run() -> None:
    runner = {"identity": "gabriel_santiago_consummate_professional", "credits": 0}
    r = play(RECORDS, ["run:hq", "continue", "run:hq", "continue"], runner=runner)
    assert r.game.runner.credits == 2


def test_kate_installs_the_first_program_or_hardware_cheaper() -> None:
    runner = {"identity": "kate_mac_mccaffrey_digital_tinker", "credits": 8,
              "hand": ["rockbit_drill", "spare_laptop", "garage_lab"]}  # fmt: skip
    r = play(RECORDS, ["install:garage_lab", "install:rockbit_drill", "install:spare_laptop"], runner=runner)
    assert r.game.runner.credits == 0  # 8 - 4 (resource) - 2 (first program: 3 - 1) - 2 (hardware at full cost)
