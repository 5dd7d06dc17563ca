"""The Spin-cycle card scripts, each played through a scenario that checks what changes."""

from __future__ import annotations

from typing import Any

from .kit import QUIET_RUNNER, bundled, card, corp, ended, events, identity, ids, labels, play, runner

EXTRA = "Playing it takes one more [click] than usual."  # our wording of the additional-click paragraph

# ---------------------------------------------------------------- fixtures (our own wording)

BLUE = card("blue_level_clearance", "operation", [EXTRA, "Gain 5[credit]. Draw 2 cards."], cost=2,
            subtypes=["double", "transaction"])  # fmt: skip
LUCKY = card("lucky_find", "event", [EXTRA, "Gain 9[credit]."], cost=3, subtypes=["double"])
LAWYER = card("lawyer_up", "event", [EXTRA, "Up to two tags go away; then three draws."], cost=2, subtypes=["double"])
WITNESS = card("witness_tampering", "operation", [EXTRA, "At most two bad publicity are cleared."], cost=4,
               subtypes=["double", "gray_ops"])  # fmt: skip
SHUFFLE = card("corporate_shuffle", "operation", [EXTRA, "HQ goes back into R&D, shuffled; then five draws."], cost=0,
               subtypes=["double"])  # fmt: skip
NAP = card("power_nap", "event", [EXTRA, "Two credits, and one more for every double event already in the heap."],
           cost=0, subtypes=["double"])  # fmt: skip
WIRETAPS = card("executive_wiretaps", "event", [EXTRA, "The Corp shows every card held in HQ."], cost=4,
                subtypes=["double"])  # fmt: skip
SWEEPS = card("sweeps_week", "operation", ["One credit per card the Runner holds."], cost=1)
FRAME = card("frame_job", "event", [EXTRA, "Give up one of your agendas; having done so, the Corp gets 1 bad "
             "publicity."], cost=1, subtypes=["double"])  # fmt: skip
EUREKA = card("eureka", "event", [EXTRA, "Turn over the top of your stack; install it 10[credit] cheaper if you "
              "want and can, else it goes to the heap."], cost=3, subtypes=["double"])  # fmt: skip
HOSTAGE = card("hostage", "event", [EXTRA, "Find a connection in your stack and show it, into the grip; you may "
               "install it at its cost. Shuffle the stack."], cost=1, subtypes=["double"])  # fmt: skip
INTERNS = card("interns", "operation", [EXTRA, "A card other than an operation from HQ or Archives is installed "
               "with no install cost."], cost=0, subtypes=["double"])  # fmt: skip
SANSAN = card("shipment_from_sansan", "operation", [EXTRA, "Up to 2 advancement tokens on one advanceable card."],
              cost=0, subtypes=["double"])  # fmt: skip
RECLAIM = card("reclamation_order", "operation", [EXTRA, "Name some other card; as many copies of it as you want "
               "leave Archives, shown, for HQ."], cost=1, subtypes=["double"])  # fmt: skip
DIAGNOSTICS = card("accelerated_diagnostics", "operation", ["See the top three of R&D; play the operations among "
                   "them you want, paying only their cost; trash the others."], cost=1)  # fmt: skip
SHUTDOWN = card("power_shutdown", "operation", ["Only after a Runner turn with a run.", "Trash cards from the top of "
                "R&D, as many as you like; the Runner trashes a program or hardware whose install cost is at most "
                "that many."], cost=1, subtypes=["gray_ops"])  # fmt: skip
HELLION = card("hellion_alpha_test", "operation", ["Only after a Runner turn in which a resource was installed.",
               "Trace 2: success sends an installed resource to the top of the stack; failure, 1 bad publicity."],
               cost=1, subtypes=["black_ops"])  # fmt: skip
INVASION = card("invasion_of_privacy", "operation", [EXTRA, "Trace 2: success shows the grip and trashes from it "
                "resources or events, up to the margin; failure, 1 bad publicity."], cost=2,
                subtypes=["double", "gray_ops"])  # fmt: skip
RESTORING = card("restoring_face", "operation", ["Trash an installed sysop, executive or clone of yours; if it "
                 "went, shed up to 2 bad publicity."], cost=0)  # fmt: skip
SINGULARITY = card("singularity", "event", [EXTRA, "Run a remote; on success, instead of a breach every card in "
                   "its root is trashed."], cost=4, subtypes=["double", "run"])  # fmt: skip
INTERFERENCE = card("running_interference", "event", [EXTRA, "Run; meanwhile each ice costs the Corp its rez cost "
                    "twice over."], cost=4, subtypes=["double", "run"])  # fmt: skip
QUEST = card("quest_completed", "event", ["Only once R&D, HQ and Archives were each run successfully this turn.",
             "Access one installed card that is not ice."], cost=0)  # fmt: skip
ASSASSINATION = card("character_assassination", "agenda", ["On scoring, a resource is trashed; nothing prevents "
                     "it."], advancement_requirement=4, agenda_points=2)  # fmt: skip
RETIREMENT = card("clone_retirement", "agenda", ["On scoring, 1 bad publicity may go away.",
                  "When the Runner steals this agenda, take 1 bad publicity."],
                  advancement_requirement=2, agenda_points=1)  # fmt: skip
VETERANS = card("veterans_program", "agenda", ["On scoring, up to 2 bad publicity may go away."],
                advancement_requirement=3, agenda_points=1)  # fmt: skip
PROFITEERING = card("profiteering", "agenda", ["On scoring, take 0 to 3 bad publicity, 5[credit] for each."],
                    advancement_requirement=3, agenda_points=1)  # fmt: skip
ARES = card("project_ares", "agenda", ["On scoring, the Runner trashes an installed card of theirs per advancement "
            "counter above 4; 1 bad publicity if any went."], advancement_requirement=4, agenda_points=2)  # fmt: skip
MARKET = card("market_research", "agenda", ["Scored against a tagged Runner, it gets an agenda counter.",
              "An agenda counter on it adds 1 agenda point."], advancement_requirement=4, agenda_points=2)  # fmt: skip
NAPD = card("napd_contract", "agenda", ["Each bad publicity of the Corp raises its requirement by 1.",
            "Stealing it costs the Runner 4[credit] more."], advancement_requirement=4, agenda_points=2)  # fmt: skip
SURVEILLANCE = card("city_surveillance", "asset", ["At the start of the Runner's turn, they pay 1[credit] or get a "
                    "tag."], rez_cost=5, trash_cost=3)  # fmt: skip
MILLS = card("elizabeth_mills", "asset", ["Rezzing it clears 1 bad publicity.", "[click], [trash]: A location is "
             "trashed, and the Corp takes 1 bad publicity."], rez_cost=2, trash_cost=1, unique=True,
             subtypes=["executive"])  # fmt: skip
REFINERY = card("grndl_refinery", "asset", ["This asset can be advanced.", "[click], [trash]: 4[credit] for each "
                "advancement token it held."], rez_cost=0, trash_cost=2)  # fmt: skip
ISABEL = card("isabel_mcguire", "asset", ["[click]: One of your installed cards returns to HQ."], rez_cost=0,
              trash_cost=3, unique=True, subtypes=["executive"])  # fmt: skip
JACKSON = card("jackson_howard", "asset", ["[click]: Draw 2 cards.", "Remove it from the game: up to 3 Archives "
               "cards are shuffled into R&D."], rez_cost=0, trash_cost=3, unique=True)  # fmt: skip
PANIC = card("panic_button", "upgrade", ["Only the root of HQ takes it.", "1[credit]: A draw, during a run on HQ "
             "only."], rez_cost=1, trash_cost=2)  # fmt: skip
REX = card("rex_campaign", "asset", ["Rezzed, it holds 3 power counters; empty, it is trashed and you either shed 1 "
           "bad publicity or take 5[credit].", "When your turn begins, remove 1 power counter from this asset."],
           rez_cost=1, trash_cost=3)  # fmt: skip
TOSHIYUKI = card("toshiyuki_sakai", "asset", ["This asset can be advanced.", "Accessed while installed, it may trade "
                 "places with an agenda or asset from HQ, which keeps its advancement tokens; the Runner may "
                 "decline to access the newcomer."], rez_cost=0, trash_cost=2, unique=True)  # fmt: skip
SHOCK = card("shock", "asset", ["Accessed in R&D, it is shown.", "Accessing it costs the Runner 1 net damage."],
             rez_cost=0, trash_cost=2, subtypes=["ambush"])  # fmt: skip
TGTBT = card("tgtbt", "agenda", ["Accessed in R&D, it is shown.", "Accessing it gives the Runner a tag."],
             advancement_requirement=3, agenda_points=1, subtypes=["ambush"])  # fmt: skip
CAPRICE = card("caprice_nisei", "upgrade", ["Once the Runner is past every ice of this server, a psi game: unequal "
               "bids end the run."], rez_cost=2, trash_cost=1, unique=True, subtypes=["clone", "psi"])  # fmt: skip
OFF_GRID = card("off_the_grid", "upgrade", ["Remote servers only.", "No run may be started on this server.",
                "A successful Runner run on HQ trashes it."], rez_cost=6, trash_cost=0)  # fmt: skip
ETR = "[subroutine] End the run."
CURTAIN = card("curtain_wall", "ice", ["Outermost in its server, it has 4 more strength.", ETR, ETR, ETR],
               rez_cost=14, strength=6, subtypes=["barrier"])  # fmt: skip
BRONZE = card("next_bronze", "ice", ["One more strength for every rezzed NEXT ice.", ETR], rez_cost=2, strength=0,
              subtypes=["code_gate", "next"])  # fmt: skip
BAKO = card("himitsu_bako", "ice", ["1[credit]: Back to HQ it goes.", ETR], rez_cost=2, strength=2,
            subtypes=["barrier"])  # fmt: skip
GYRI = card("gyri_labyrinth", "ice", ["[subroutine] Until the Corp's next turn starts, the Runner's hand size is 2 "
            "smaller."], rez_cost=2, strength=2, subtypes=["code_gate"])  # fmt: skip
IRERESS = card("ireress", "ice", ["Each bad publicity gives it a subroutine costing the Runner 1[credit]."],
               rez_cost=0, strength=2, subtypes=["code_gate"])  # fmt: skip
HIVE = card("hive", "ice", ["One of its printed end-the-run subroutines is gone per agenda point the Corp has "
            "scored.", ETR, ETR, ETR, ETR, ETR], rez_cost=5, strength=3, subtypes=["barrier"])  # fmt: skip
MARKER = card("marker", "ice", ["[subroutine] For the rest of the run, the next ice encountered ends with an extra "
              "end-the-run subroutine."], rez_cost=0, strength=3, subtypes=["code_gate"])  # fmt: skip
NET = "[subroutine] Do 1 net damage."
TSURUGI = card("tsurugi", "ice", ["[subroutine] The run ends, unless the Corp spends 1[credit].", NET, NET, NET],
               rez_cost=6, strength=2, subtypes=["sentry", "ap"])  # fmt: skip
WOTAN = card("wotan", "ice", ["[subroutine] The run ends unless the Runner gives up [click][click].",
             "[subroutine] The run ends unless the Runner gives up 3[credit].",
             "[subroutine] The run ends unless the Runner trashes an installed program.",
             "[subroutine] The run ends unless the Runner takes 1 core damage."],
             rez_cost=14, strength=10, unique=True, subtypes=["barrier", "bioroid"])  # fmt: skip
YAGURA = card("yagura", "ice", ["[subroutine] Peek at the top of R&D; it may go to the bottom.", NET], rez_cost=1,
              strength=0, subtypes=["code_gate", "ap"])  # fmt: skip
SNOOP = card("snoop", "ice", ["Encountering it shows the Runner's grip.", "Hosted power counter: Show the grip and "
             "trash one of its cards.", "[subroutine] Trace[3]. If successful, place 1 power counter on this ice."],
             rez_cost=6, strength=6, subtypes=["sentry", "tracer"])  # fmt: skip
PAPER = card("paper_wall", "ice", ["Once every subroutine of it is broken, it is trashed.", ETR], rez_cost=0,
             strength=1, subtypes=["barrier"])  # fmt: skip
SWARM = card("swarm", "ice", ["When you rez this ice, take 1 bad publicity.", "It can be advanced; per advancement "
             "token, a subroutine: a program is trashed unless the Runner pays 3[credit]."], rez_cost=8, strength=5,
             subtypes=["sentry", "destroyer", "illicit"])  # fmt: skip
ACTIVIST = card("activist_support", "resource", ["As the Corp's turn starts, an untagged Runner gets a tag.",
                "As your turn starts, a Corp without bad publicity gets 1."], cost=1)  # fmt: skip
HARD = card("hard_at_work", "resource", ["As your turn starts, 2[credit] in, one [click] out."], cost=5)
GRIFTER = card("grifter", "resource", ["As your turn ends: 1[credit] after a successful run this turn, else this "
               "card is trashed."], cost=2, subtypes=["virtual"])  # fmt: skip
JOHN = card("john_masanori", "resource", ["Your first successful run of a turn draws a card.", "Your first "
            "unsuccessful run of a turn gives you a tag."], cost=2, unique=True, subtypes=["connection"])  # fmt: skip
MOTIVATION = card("motivation", "resource", ["As your turn starts, you may peek at the top of your stack."], cost=0)
RED_DRESS = card("woman_in_the_red_dress", "resource", ["As your turn starts, the top of R&D is shown and the Corp "
                 "may draw it."], cost=3, unique=True, subtypes=["connection", "virtual"])  # fmt: skip
TALLIE = card("tallie_perrault", "resource", ["A gray ops or black ops operation reaching Archives after resolving "
              "lets you give the Corp 1 bad publicity and take a tag.", "[trash]: A draw per bad publicity of the "
              "Corp."], cost=2, unique=True, subtypes=["connection"])  # fmt: skip
STARLIGHT = card("starlight_crusade_funding", "resource", ["As your turn starts, one [click] out.",
                 "Double events you play need no additional cost."], cost=1)  # fmt: skip
GORMAN = card("gorman_drip_v1", "program", ["A virus counter here whenever the Corp clicks to draw or to take a "
              "credit by the basic action.", "[click], [trash]: 1[credit] per virus counter it held."], cost=1,
              memory_cost=1, subtypes=["virus"])  # fmt: skip
HEMORRHAGE = card("hemorrhage", "program", ["Whenever you make a successful run, place 1 virus counter on this "
                  "program.", "[click], 2 hosted virus counters: The Corp trashes a card of HQ."], cost=3,
                  memory_cost=1, subtypes=["virus"])  # fmt: skip
CAPSTONE = card("capstone", "hardware", ["[click]: Trash grip cards as you like; a draw per trashed card of which "
                "another copy is installed."], cost=2, unique=True)  # fmt: skip
LLDS = card("llds_processor", "hardware", ["An icebreaker you install has 1 more strength this turn."], cost=1,
            subtypes=["chip"])  # fmt: skip
SAVOIR = card("savoir_faire", "program", ["Once a turn at most.", "2[credit]: A program from the grip is installed, "
              "its cost paid."], cost=0, memory_cost=1)  # fmt: skip
ALPHA = card("alpha", "program", ["Interface: 1[credit] breaks a subroutine of any kind.", "1[credit]: +1 strength.",
             "Only the outermost ice of a server can be interfaced."], cost=7, strength=1, memory_cost=1,
             subtypes=["icebreaker", "ai"])  # fmt: skip
OMEGA = card("omega", "program", ["Interface: 1[credit] breaks a subroutine of any kind.", "1[credit]: +1 strength.",
             "Only the innermost ice of a server can be interfaced."], cost=7, strength=1, memory_cost=1,
             subtypes=["icebreaker", "ai"])  # fmt: skip
SHARPSHOOTER = card("sharpshooter", "program", ["Interface: [trash] breaks every destroyer subroutine you want.",
                    "1[credit]: +2 strength."], cost=1, strength=3, memory_cost=1, subtypes=["icebreaker"])  # fmt: skip
KEYHOLE = card("keyhole", "program", ["[click]: Run R&D; on success, no breach: see its top three, trash one, and "
               "the Corp shuffles R&D."], cost=4, memory_cost=2)  # fmt: skip
ESA = card("expert_schedule_analyzer", "program", ["[click]: Run HQ; on success you may show all of HQ instead of "
           "breaching it."], cost=1, memory_cost=1)  # fmt: skip
RECONSTRUCTOR = card("record_reconstructor", "hardware", ["A successful Archives run may, instead of a breach, put "
                     "a face-up Archives card on top of R&D."], cost=0)  # fmt: skip
FALSE_ECHO = card("false_echo", "program", ["Past an unrezzed ice, you may trash this program; the Corp then rezzes "
                  "that ice or returns it to HQ."], cost=1, memory_cost=1)  # fmt: skip
BISHOP = card("bishop", "program", ["The host ice has 2 less strength.", "[click]: Move onto an ice with no Caissa on "
              "it.", "On central ice it may move only to remote ice, and on remote ice only to central ice."], cost=0,
              memory_cost=1, subtypes=["caissa", "trojan"])  # fmt: skip
KNIGHT = card("knight", "program", ["Interface: 2[credit] breaks a subroutine of the host ice.", "[click]: Move onto "
              "an ice with no Caissa on it.", "On ice, it cannot move to the ice just inside or outside its host."],
              cost=2, strength=7, memory_cost=1, subtypes=["icebreaker", "ai", "caissa", "trojan"])  # fmt: skip
ROOK = card("rook", "program", ["On ice, the ice of that server costs 2 more to rez.", "[click]: Move onto an ice "
            "with no Caissa on it.", "On ice, it moves only within the same server or to the same position "
            "elsewhere."], cost=2, memory_cost=1, subtypes=["caissa", "trojan"])  # fmt: skip
PAWN = card("pawn", "program", ["[click]: Move onto the outermost ice of a central server.", "On ice, each "
            "successful run moves it one ice inward; with no ice further in it is trashed and another Caissa from "
            "grip or heap is installed free."], cost=0, memory_cost=0, subtypes=["caissa", "trojan"])  # fmt: skip
BLACKGUARD = card("blackguard", "hardware", ["+2[mu]", "An exposed card must be rezzed by the Corp if it can pay.",
                  "Only one console per player."], cost=11, unique=True, subtypes=["console"])  # fmt: skip
PAINTBRUSH = card("paintbrush", "program", ["[click]: A rezzed ice of your choice is also a sentry, code gate or "
                  "barrier until the next run this turn is over."], cost=3, memory_cost=2)  # fmt: skip
HUDSON = card("hudson_1_0", "ice", ["The Runner alone may lose [click] to break one subroutine of it.",
              "[subroutine] This run, the Runner accesses 1 card at most.",
              "[subroutine] This run, the Runner accesses 1 card at most."], rez_cost=3, strength=5,
              subtypes=["code_gate", "bioroid"])  # fmt: skip
FALL_GUY = card("fall_guy", "resource", ["[interrupt] Trash it: another installed resource is not trashed after "
                "all.", "[trash]: Gain 2[credit]."], cost=0, subtypes=["connection"])  # fmt: skip
DEEP_RED = card("deep_red", "hardware", ["+3[mu]", "That memory serves Caissa programs only.", "Installing a "
                "Caissa lets you use its [click] ability without the [click].", "Only one console per player."],
                cost=2, unique=True, subtypes=["console"])  # fmt: skip

EXECUTABLE = [
    BLUE, LUCKY, LAWYER, WITNESS, SHUFFLE, NAP, WIRETAPS, SWEEPS, FRAME, EUREKA, HOSTAGE, INTERNS, SANSAN, RECLAIM,
    DIAGNOSTICS, SHUTDOWN, HELLION, INVASION, RESTORING, SINGULARITY, INTERFERENCE, QUEST, ASSASSINATION, RETIREMENT,
    VETERANS, PROFITEERING, ARES, MARKET, SURVEILLANCE, MILLS, REFINERY, ISABEL, JACKSON, PANIC, REX, TOSHIYUKI,
    SHOCK, TGTBT, CAPRICE, CURTAIN, BRONZE, BAKO, GYRI, IRERESS, HIVE, MARKER, TSURUGI, WOTAN, YAGURA, SNOOP, PAPER,
    SWARM, ACTIVIST, HARD, GRIFTER, JOHN, MOTIVATION, RED_DRESS, TALLIE, GORMAN, HEMORRHAGE, CAPSTONE, LLDS, SAVOIR,
    ALPHA, OMEGA, SHARPSHOOTER, KEYHOLE, ESA, RECONSTRUCTOR, FALSE_ECHO, BISHOP, KNIGHT, ROOK, PAWN, NAPD,
    PAINTBRUSH, HUDSON, FALL_GUY,
]  # fmt: skip
PARTIAL = [OFF_GRID, STARLIGHT, BLACKGUARD, DEEP_RED]
RECORDS = [*bundled(), *EXECUTABLE, *PARTIAL]


def test_readings() -> None:
    for record in EXECUTABLE:
        assert record.reading.status == "executable", record.id
    for record in PARTIAL:
        assert record.reading.status == "partial", record.id
    assert HIVE.reading.read == [1, 2, 3, 4, 5] and HIVE.reading.scripted == [0]
    assert TSURUGI.reading.read == [1, 2, 3] and SNOOP.reading.scripted == [0, 1]


# ---------------------------------------------------------------- operations and events


def test_an_additional_click_is_spent_to_play() -> None:
    r = play(RECORDS, ["play:blue_level_clearance"], active="corp",
             corp=corp(clicks=3, credits=2, hand=["blue_level_clearance"]))  # fmt: skip
    g = r.game
    assert g.corp.clicks == 1 and g.corp.credits == 5 and len(g.corp.hand) == 2
    r = play(RECORDS, [], active="corp", corp=corp(clicks=1, credits=2, hand=["blue_level_clearance"]))
    assert "play:" + r.game.corp.hand[0].ref not in labels(r)
    r = play(RECORDS, ["play:lucky_find"], runner=runner(clicks=4, credits=3, hand=["lucky_find"]))
    assert r.game.runner.clicks == 2 and r.game.runner.credits == 9


def test_lawyer_up_removes_two_tags_and_draws_three() -> None:
    r = play(RECORDS, ["play:lawyer_up"], runner=runner(clicks=4, tags=3, hand=["lawyer_up"]))
    g = r.game
    assert g.runner.tags == 1 and len(g.runner.hand) == 3 and g.runner.clicks == 2


def test_witness_tampering_and_restoring_face_remove_bad_publicity() -> None:
    r = play(RECORDS, ["play:witness_tampering"], active="corp",
             corp=corp(clicks=3, bad_publicity=3, hand=["witness_tampering"]))  # fmt: skip
    assert r.game.corp.bad_publicity == 1 and r.game.corp.credits == 1 and r.game.corp.clicks == 1
    servers = {"remote1": {"root": [{"card": "elizabeth_mills"}]}}
    r = play(RECORDS, ["play:restoring_face"], active="corp",
             corp=corp(bad_publicity=3, hand=["restoring_face"], servers=servers))  # fmt: skip
    g = r.game
    assert g.corp.bad_publicity == 1 and ids(g.corp.discard) == ["elizabeth_mills", "restoring_face"]
    r = play(RECORDS, ["play:restoring_face"], active="corp", corp=corp(bad_publicity=3, hand=["restoring_face"]))
    assert r.game.corp.bad_publicity == 3  # nothing trashed, nothing removed


def test_corporate_shuffle_returns_hq_and_draws_five() -> None:
    r = play(RECORDS, ["play:corporate_shuffle"], active="corp",
             corp=corp(clicks=3, hand=["corporate_shuffle", "hb_lattice_gate", "hb_lattice_gate"]))  # fmt: skip
    g = r.game
    assert len(g.corp.hand) == 5 and len(g.corp.deck) == 0 and g.corp.clicks == 1
    assert sorted(ids(g.corp.hand)).count("hb_lattice_gate") == 2


def test_power_nap_counts_double_events_in_the_heap() -> None:
    r = play(RECORDS, ["play:power_nap"], runner=runner(hand=["power_nap"], discard=["lucky_find", "eureka",
                                                                                     "spark_of_insight"]))  # fmt: skip
    assert r.game.runner.credits == 5 + 2 + 2 and r.game.runner.clicks == 2


def test_executive_wiretaps_reveals_hq_and_sweeps_week_counts_the_grip() -> None:
    r = play(RECORDS, ["play:executive_wiretaps"], runner=runner(hand=["executive_wiretaps"]),
             corp=corp(hand=["hb_lattice_gate", "neutral_pilot_scheme"]))  # fmt: skip
    shown = events(r, "reveal")
    assert len(shown) == 1 and len(shown[0]["cards"]) == 2 and r.game.runner.credits == 1
    r = play(RECORDS, ["play:sweeps_week"], active="corp", corp=corp(hand=["sweeps_week"]),
             runner=runner(hand=["spark_of_insight"] * 4))  # fmt: skip
    assert r.game.corp.credits == 5 - 1 + 4


def test_frame_job_forfeits_an_agenda_for_bad_publicity() -> None:
    r = play(RECORDS, ["play:frame_job"], runner=runner(hand=["frame_job"], score_area=["neutral_pilot_scheme"]))
    g = r.game
    assert g.runner.score_area == [] and g.corp.bad_publicity == 1 and events(r, "forfeit")
    r = play(RECORDS, ["play:frame_job"], runner=runner(hand=["frame_job"]))
    assert r.game.corp.bad_publicity == 0


def test_eureka_installs_the_top_card_cheaper_or_trashes_it() -> None:
    r = play(RECORDS, ["play:eureka", "yes"], runner=runner(credits=4, hand=["eureka"], deck=["blackguard"]))
    g = r.game
    assert ids(g.runner.rig) == ["blackguard"] and g.runner.credits == 0 and g.runner.clicks == 2  # 4 - 3 - (11 - 10)
    r = play(RECORDS, ["play:eureka"], runner=runner(credits=4, hand=["eureka"], deck=["spark_of_insight", "eureka"]))
    g = r.game
    assert ids(g.runner.discard) == ["spark_of_insight", "eureka"] and ids(g.runner.deck) == ["eureka"]


def test_hostage_fetches_a_connection_and_may_install_it() -> None:
    r = play(RECORDS, ["play:hostage", "yes"],
             runner=runner(credits=4, hand=["hostage"], deck=["spark_of_insight", "john_masanori"]))  # fmt: skip
    g = r.game
    assert ids(g.runner.rig) == ["john_masanori"] and g.runner.credits == 1 and ids(g.runner.deck) == ["spark_of_insight"]
    r = play(RECORDS, ["play:hostage", "no"], runner=runner(credits=4, hand=["hostage"], deck=["john_masanori"]))
    assert ids(r.game.runner.hand) == ["john_masanori"]


def test_interns_installs_from_archives_for_free() -> None:
    r = play(RECORDS, ["play:interns", "hq"], active="corp",
             corp=corp(credits=0, hand=["interns"], discard=["nbn_static_veil", "sweeps_week"],
                       servers={"hq": {"ice": [{"card": "hb_lattice_gate"}]}}))  # fmt: skip
    g = r.game
    assert ids(g.servers["hq"].ice) == ["hb_lattice_gate", "nbn_static_veil"] and g.corp.credits == 0
    assert ids(g.corp.discard) == ["sweeps_week", "interns"] and g.corp.clicks == 1


def test_shipment_from_sansan_places_two_tokens() -> None:
    servers = {"remote1": {"root": [{"card": "neutral_pilot_scheme"}]}}
    r = play(RECORDS, ["play:shipment_from_sansan"], active="corp", corp=corp(hand=["shipment_from_sansan"],
                                                                              servers=servers))  # fmt: skip
    assert r.game.servers["remote1"].root[0].advancement == 0 and r.pending is not None
    r = play(RECORDS, ["play:shipment_from_sansan", "2"], active="corp",
             corp=corp(hand=["shipment_from_sansan"], servers=servers))  # fmt: skip
    assert r.game.servers["remote1"].root[0].advancement == 2


def test_reclamation_order_returns_copies_from_archives() -> None:
    r = play(RECORDS, ["play:reclamation_order", "sweeps_week", "2"], active="corp",
             corp=corp(hand=["reclamation_order"], discard=["sweeps_week", "sweeps_week", "hb_lattice_gate"]))
    g = r.game
    assert ids(g.corp.hand) == ["sweeps_week", "sweeps_week"] and ids(g.corp.discard) == ["hb_lattice_gate",
                                                                                           "reclamation_order"]
    assert events(r, "reveal")


def test_accelerated_diagnostics_plays_operations_and_trashes_the_rest() -> None:
    r = play(RECORDS, ["play:accelerated_diagnostics", "sweeps_week", "done"], active="corp",
             corp=corp(credits=5, hand=["accelerated_diagnostics"],
                       deck=["sweeps_week", "hb_lattice_gate", "nbn_ad_revenue_share", "neutral_plywood_screen"]),
             runner=runner(hand=["spark_of_insight"] * 3))  # fmt: skip
    g = r.game
    assert g.corp.credits == 5 - 1 - 1 + 3
    assert ids(g.corp.deck) == ["neutral_plywood_screen"] and g.corp.clicks == 2
    assert sorted(ids(g.corp.discard)) == ["accelerated_diagnostics", "hb_lattice_gate", "nbn_ad_revenue_share",
                                           "sweeps_week"]  # fmt: skip
    facedown = [c.id for c in g.corp.discard if not c.faceup]
    assert sorted(facedown) == ["hb_lattice_gate", "nbn_ad_revenue_share"]


def test_power_shutdown_needs_a_run_and_trashes_by_cost() -> None:
    r = play(RECORDS, [], active="corp", corp=corp(hand=["power_shutdown"]))
    assert not any(label.startswith("play:") for label in labels(r))
    r = play(RECORDS, ["run:hq", "continue", "credit", "credit", "credit", "play:power_shutdown", "2"],
             corp=corp(hand=["power_shutdown"]),
             runner=runner(rig=[{"card": "capstone"}, {"card": "blackguard"}]))  # fmt: skip
    g = r.game
    assert len(g.corp.deck) == 0 and ids(g.runner.rig) == ["blackguard"] and "capstone" in ids(g.runner.discard)


def test_hellion_alpha_test_needs_a_resource_install_and_traces() -> None:
    turn = ["install:motivation", "credit", "credit", "credit"]
    r = play(RECORDS, [*turn, "play:hellion_alpha_test", "pay:3", "pay:0"], corp=corp(hand=["hellion_alpha_test"]),
             runner=runner(credits=0, hand=["motivation"]))  # fmt: skip
    g = r.game
    assert g.runner.rig == [] and g.runner.deck[-1].id == "motivation" and g.corp.bad_publicity == 0
    r = play(RECORDS, [*turn, "play:hellion_alpha_test", "pay:0", "pay:3"], corp=corp(hand=["hellion_alpha_test"]),
             runner=runner(credits=0, hand=["motivation"]))  # fmt: skip
    assert ids(r.game.runner.rig) == ["motivation"] and r.game.corp.bad_publicity == 1
    r = play(RECORDS, ["credit"] * 4, corp=corp(hand=["hellion_alpha_test"]))
    assert not any(label.startswith("play:") for label in labels(r))


def test_invasion_of_privacy_trashes_by_the_trace_margin() -> None:
    grip = ["motivation", "lucky_find", "capstone", "grifter"]
    r = play(RECORDS, ["play:invasion_of_privacy", "pay:3", "motivation", "lucky_find", "grifter"],
             active="corp", corp=corp(credits=5, hand=["invasion_of_privacy"]),
             runner=runner(credits=0, hand=grip))  # fmt: skip
    g = r.game
    assert ids(g.runner.hand) == ["capstone"] and ids(g.runner.discard) == ["motivation", "lucky_find", "grifter"]
    assert g.corp.clicks == 1 and g.corp.bad_publicity == 0  # trace 5 against link 0: up to 5, but 3 were eligible
    r = play(RECORDS, ["play:invasion_of_privacy", "pay:0", "pay:1", "motivation"], active="corp",
             corp=corp(credits=5, hand=["invasion_of_privacy"]), runner=runner(credits=2, hand=grip))  # fmt: skip
    assert ids(r.game.runner.discard) == ["motivation"] and r.pending is not None and r.pending.kind == "action"
    r = play(RECORDS, ["play:invasion_of_privacy", "pay:0", "pay:2"], active="corp",
             corp=corp(credits=5, hand=["invasion_of_privacy"]), runner=runner(credits=2, hand=grip))  # fmt: skip
    assert r.game.corp.bad_publicity == 1 and len(r.game.runner.hand) == 4


def test_singularity_trashes_the_root_instead_of_breaching() -> None:
    servers = {"remote1": {"root": [{"card": "rex_campaign"}, {"card": "caprice_nisei"}]}}
    r = play(RECORDS, ["play:singularity", "continue"], corp=corp(credits=0, servers=servers),
             runner=runner(hand=["singularity"]))  # fmt: skip
    g = r.game
    assert "remote1" not in g.servers and sorted(ids(g.corp.discard)) == ["caprice_nisei", "rex_campaign"]
    assert all(c.faceup for c in g.corp.discard) and g.runner.clicks == 2 and not events(r, "access")


def test_running_interference_doubles_the_rez_cost_of_ice() -> None:
    servers = {"hq": {"ice": [{"card": "himitsu_bako"}]}}
    r = play(RECORDS, ["play:running_interference", "hq", "rez:himitsu_bako"], corp=corp(credits=4, servers=servers),
             runner=runner(hand=["running_interference"]))  # fmt: skip
    g = r.game
    bako = g.servers["hq"].ice[0]
    assert bako.rezzed and g.corp.credits == 0 and ended(r) and g.rez_cost(bako) == 2
    r = play(RECORDS, ["play:running_interference", "hq"], corp=corp(credits=3, servers=servers),
             runner=runner(hand=["running_interference"]))  # fmt: skip
    assert not r.game.servers["hq"].ice[0].rezzed and not ended(r)


def test_quest_completed_accesses_an_installed_card_after_three_central_runs() -> None:
    servers = {"remote1": {"root": [{"card": "neutral_pilot_scheme"}]}}
    runs = ["run:hq", "continue", "run:rnd", "continue", "run:archives", "continue"]
    r = play(RECORDS, [*runs, "play:quest_completed"], corp=corp(servers=servers),
             runner=runner(hand=["quest_completed"]))  # fmt: skip
    g = r.game
    assert ids(g.runner.score_area) == ["neutral_pilot_scheme"] and "remote1" not in g.servers
    r = play(RECORDS, runs[:4], corp=corp(servers=servers), runner=runner(hand=["quest_completed"]))
    assert not any(label.startswith("play:") for label in labels(r))


# ---------------------------------------------------------------- agendas


def test_character_assassination_trashes_a_resource_without_prevention() -> None:
    servers = {"remote1": {"root": [{"card": "character_assassination", "counters": {"advancement": 4}}]}}
    r = play(RECORDS, ["score:character_assassination", "motivation"], active="corp", corp=corp(servers=servers),
             runner=runner(rig=[{"card": "motivation"}, {"card": "grifter"}, {"card": "backup_mirror"}]))  # fmt: skip
    g = r.game
    assert ids(g.runner.rig) == ["grifter", "backup_mirror"] and ids(g.runner.discard) == ["motivation"]
    assert not events(r, "prevent")


def test_agendas_that_remove_or_take_bad_publicity() -> None:
    servers = {"remote1": {"root": [{"card": "clone_retirement", "counters": {"advancement": 2}}]}}
    r = play(RECORDS, ["score:clone_retirement", "yes"], active="corp", corp=corp(bad_publicity=2, servers=servers))
    assert r.game.corp.bad_publicity == 1
    servers = {"remote1": {"root": [{"card": "veterans_program", "counters": {"advancement": 3}}]}}
    r = play(RECORDS, ["score:veterans_program", "yes"], active="corp", corp=corp(bad_publicity=3, servers=servers))
    assert r.game.corp.bad_publicity == 1
    servers = {"remote1": {"root": [{"card": "profiteering", "counters": {"advancement": 3}}]}}
    r = play(RECORDS, ["score:profiteering", "2"], active="corp", corp=corp(credits=0, servers=servers))
    assert r.game.corp.bad_publicity == 2 and r.game.corp.credits == 10


def test_project_ares_trashes_a_card_per_extra_advancement() -> None:
    servers = {"remote1": {"root": [{"card": "project_ares", "counters": {"advancement": 6}}]}}
    rig = [{"card": "motivation"}, {"card": "grifter"}, {"card": "capstone"}]
    r = play(RECORDS, ["score:project_ares", "motivation", "capstone"], active="corp", corp=corp(servers=servers),
             runner=runner(rig=rig))  # fmt: skip
    g = r.game
    assert ids(g.runner.rig) == ["grifter"] and g.corp.bad_publicity == 1
    servers = {"remote1": {"root": [{"card": "project_ares", "counters": {"advancement": 4}}]}}
    r = play(RECORDS, ["score:project_ares"], active="corp", corp=corp(servers=servers), runner=runner(rig=rig))
    assert len(r.game.runner.rig) == 3 and r.game.corp.bad_publicity == 0


def test_market_research_is_worth_more_when_scored_against_tags() -> None:
    servers = {"remote1": {"root": [{"card": "market_research", "counters": {"advancement": 4}}]}}
    r = play(RECORDS, ["score:market_research"], active="corp", corp=corp(servers=servers), runner=runner(tags=1))
    assert r.game.agenda_points("corp") == 3
    r = play(RECORDS, ["score:market_research"], active="corp", corp=corp(servers=servers))
    assert r.game.agenda_points("corp") == 2


def test_napd_contract_needs_more_advancement_per_bad_publicity_and_costs_4_to_steal() -> None:
    servers = {"remote1": {"root": [{"card": "napd_contract", "counters": {"advancement": 4}}]}}
    r = play(RECORDS, [], active="corp", corp=corp(servers=servers, bad_publicity=1))
    assert not any(label.startswith("score:") for label in labels(r))
    assert r.game.advancement_requirement(r.game.servers["remote1"].root[0]) == 5
    r = play(RECORDS, ["run:remote1", "continue", "steal:napd_contract"], corp=corp(servers=servers))
    assert ids(r.game.runner.score_area) == ["napd_contract"] and r.game.runner.credits == 1
    r = play(RECORDS, ["run:remote1", "continue", "leave"], corp=corp(servers=servers))
    assert r.game.runner.score_area == [] and r.game.runner.credits == 5
    r = play(RECORDS, ["run:remote1", "continue"], corp=corp(servers=servers), runner=runner(credits=3))
    assert r.game.runner.score_area == [] and events(r, "steal_declined")


# ---------------------------------------------------------------- assets and upgrades


def test_city_surveillance_taxes_or_tags_the_runner() -> None:
    servers = {"remote1": {"root": [{"card": "city_surveillance", "rezzed": True}]}}
    r = play(RECORDS, ["yes"], active="corp", corp=corp(clicks=0, servers=servers), runner=runner(credits=3))
    assert r.game.runner.credits == 2 and r.game.runner.tags == 0 and r.pending.kind == "action"
    r = play(RECORDS, ["no"], active="corp", corp=corp(clicks=0, servers=servers), runner=runner(credits=3))
    assert r.game.runner.credits == 3 and r.game.runner.tags == 1
    r = play(RECORDS, [], active="corp", corp=corp(clicks=0, servers=servers), runner=runner(credits=0))
    assert r.game.runner.tags == 1


def test_elizabeth_mills_clears_bad_publicity_then_trashes_a_location() -> None:
    servers = {"remote1": {"root": [{"card": "elizabeth_mills"}]}}
    r = play(RECORDS, ["rez:elizabeth_mills", "use:elizabeth_mills/1"], active="corp",
             corp=corp(bad_publicity=1, servers=servers), runner=runner(rig=[{"card": "garage_lab"}]))  # fmt: skip
    g = r.game
    assert g.runner.rig == [] and g.corp.bad_publicity == 1 and ids(g.corp.discard) == ["elizabeth_mills"]
    assert g.corp.credits == 3 and g.corp.clicks == 2
    r = play(RECORDS, ["rez:elizabeth_mills"], active="corp", corp=corp(bad_publicity=1, servers=servers))
    assert r.game.corp.bad_publicity == 0 and not any(label.startswith("use:") for label in labels(r))


def test_grndl_refinery_pays_for_its_advancement() -> None:
    servers = {"remote1": {"root": [{"card": "grndl_refinery", "rezzed": True, "counters": {"advancement": 2}}]}}
    r = play(RECORDS, ["use:grndl_refinery/1"], active="corp", corp=corp(servers=servers))
    assert r.game.corp.credits == 5 + 8 and ids(r.game.corp.discard) == ["grndl_refinery"]


def test_isabel_mcguire_returns_an_installed_card() -> None:
    servers = {"remote1": {"root": [{"card": "isabel_mcguire", "rezzed": True}]},
               "hq": {"ice": [{"card": "himitsu_bako", "rezzed": True}]}}  # fmt: skip
    r = play(RECORDS, ["use:isabel_mcguire/0", "himitsu_bako"], active="corp", corp=corp(servers=servers))
    g = r.game
    assert ids(g.corp.hand) == ["himitsu_bako"] and g.servers["hq"].ice == [] and not g.corp.hand[0].rezzed


def test_jackson_howard_leaves_the_game_to_refill_rnd() -> None:
    servers = {"remote1": {"root": [{"card": "jackson_howard", "rezzed": True}]}}
    r = play(RECORDS, ["use:jackson_howard/1", "sweeps_week", "hb_lattice_gate", "done"], active="corp",
             corp=corp(servers=servers, deck=[], discard=["sweeps_week", "hb_lattice_gate", "nbn_static_veil"]))
    g = r.game
    assert sorted(ids(g.corp.deck)) == ["hb_lattice_gate", "sweeps_week"] and ids(g.corp.discard) == ["nbn_static_veil"]
    assert ids(g.removed) == ["jackson_howard"] and "remote1" not in g.servers


def test_panic_button_sits_in_hq_and_draws_during_hq_runs() -> None:
    r = play(RECORDS, [], active="corp", corp=corp(hand=["panic_button"]))
    installs = [label for label in labels(r) if label.startswith("install:")]
    assert installs and all(label.endswith("@hq") for label in installs)
    servers = {"hq": {"root": [{"card": "panic_button", "rezzed": True}]}}
    r = play(RECORDS, ["run:hq", "continue", "use:panic_button/0", "done"], corp=corp(servers=servers))
    g = r.game
    assert g.corp.credits == 4 and len(g.corp.deck) == 2
    r = play(RECORDS, ["run:rnd", "continue"], corp=corp(servers=servers))
    assert r.game.corp.credits == 5 and not events(r, "use")


def test_rex_campaign_pays_out_when_its_counters_run_out() -> None:
    servers = {"remote1": {"root": [{"card": "rex_campaign"}]}}
    rounds = ["credit"] * 4 + ["credit"] * 3
    r = play(RECORDS, ["rez:rex_campaign", *rounds, *rounds, *(["credit"] * 4), "bad_publicity"],
             active="corp", corp=corp(clicks=0, servers=servers, bad_publicity=1, deck=["neutral_plywood_screen"] * 5))
    g = r.game
    assert ids(g.corp.discard) == ["rex_campaign"] and g.corp.bad_publicity == 0
    assert g.corp.credits == 5 - 1 + 3 + 3


def test_toshiyuki_sakai_swaps_in_a_card_from_hq() -> None:
    servers = {"remote1": {"root": [{"card": "toshiyuki_sakai", "counters": {"advancement": 2}}]}}
    r = play(RECORDS, ["run:remote1", "continue", "done", "yes", "no"], corp=corp(servers=servers, hand=["rex_campaign"]))
    g = r.game
    root = g.servers["remote1"].root
    assert ids(root) == ["rex_campaign"] and root[0].advancement == 2 and not root[0].rezzed
    assert ids(g.corp.hand) == ["toshiyuki_sakai"] and g.corp.hand[0].advancement == 0
    r = play(RECORDS, ["run:remote1", "continue", "done", "yes", "yes"],
             corp=corp(servers=servers, hand=["neutral_pilot_scheme"]))  # fmt: skip
    assert ids(r.game.runner.score_area) == ["neutral_pilot_scheme"]


def test_shock_and_tgtbt_punish_accessing_them() -> None:
    r = play(RECORDS, ["run:rnd", "continue"], corp=corp(deck=["shock"]), runner=runner(hand=["spark_of_insight"] * 2))
    g = r.game
    assert len(g.runner.hand) == 1 and events(r, "reveal") and r.pending.kind == "trash"
    r = play(RECORDS, ["run:hq", "continue"], corp=corp(hand=["tgtbt"]))
    assert r.game.runner.tags == 1 and ids(r.game.runner.score_area) == ["tgtbt"] and not events(r, "reveal")


def test_caprice_nisei_plays_a_psi_game_past_the_ice() -> None:
    servers = {"remote1": {"root": [{"card": "caprice_nisei", "rezzed": True}]}}
    r = play(RECORDS, ["run:remote1", "bid:0", "bid:1"], corp=corp(servers=servers))
    assert ended(r) and r.game.runner.credits == 4
    r = play(RECORDS, ["run:remote1", "bid:1", "bid:1", "continue"], corp=corp(servers=servers))
    assert not ended(r) and events(r, "access")
    servers = {"hq": {"ice": [{"card": "himitsu_bako"}], "root": [{"card": "caprice_nisei", "rezzed": True}]}}
    r = play(RECORDS, ["run:hq", "bid:1", "bid:0"], corp=corp(credits=1, servers=servers))
    assert ended(r) and len(events(r, "psi")) == 1


def test_off_the_grid_stays_remote_and_goes_after_an_hq_run() -> None:
    r = play(RECORDS, [], active="corp", corp=corp(hand=["off_the_grid"]))
    installs = [label for label in labels(r) if label.startswith("install:")]
    assert installs and not any(label.endswith(("@hq", "@rnd", "@archives")) for label in installs)
    servers = {"remote1": {"root": [{"card": "off_the_grid", "rezzed": True}, {"card": "rex_campaign"}]}}
    r = play(RECORDS, ["run:hq", "continue", "done"], corp=corp(servers=servers))
    assert ids(r.game.corp.discard) == ["off_the_grid"]


# ---------------------------------------------------------------- ice


def _run(server: str, ice: list[dict[str, Any]], decisions: list[str], corp_side: dict[str, Any] | None = None,
         **runner_side: Any) -> Any:  # fmt: skip
    """The runner runs ``server`` protected by ``ice`` (innermost first), then ``decisions``."""
    side = dict(corp_side or {})
    servers = side.pop("servers", {})
    servers.setdefault(server, {})["ice"] = ice
    return play(RECORDS, [f"run:{server}", *decisions], corp=corp(servers=servers, **side), runner=runner(**runner_side))


def test_curtain_wall_and_next_bronze_strength() -> None:
    servers = {"hq": {"ice": [{"card": "neutral_plywood_screen"}, {"card": "curtain_wall", "rezzed": True}]},
               "rnd": {"ice": [{"card": "curtain_wall", "rezzed": True}, {"card": "neutral_plywood_screen"}]},
               "archives": {"ice": [{"card": "next_bronze", "rezzed": True}, {"card": "next_bronze", "rezzed": True},
                                    {"card": "next_bronze"}]}}  # fmt: skip
    g = play(RECORDS, [], active="corp", corp=corp(servers=servers)).game
    assert g.strength_of(g.servers["hq"].ice[1]) == 10 and g.strength_of(g.servers["rnd"].ice[0]) == 6
    assert [g.strength_of(c) for c in g.servers["archives"].ice] == [2, 2, 2]


def test_himitsu_bako_goes_back_to_hq_during_a_run() -> None:
    r = _run("hq", [{"card": "himitsu_bako", "rezzed": True}], ["use:himitsu_bako/0", "continue"])
    g = r.game
    assert ids(g.corp.hand) == ["himitsu_bako"] and g.servers["hq"].ice == [] and g.corp.credits == 4
    assert not ended(r) and not events(r, "encounter")


def test_gyri_labyrinth_shrinks_the_hand_until_the_corp_turn() -> None:
    grip = ["spark_of_insight"] * 5
    r = _run("hq", [{"card": "gyri_labyrinth", "rezzed": True}], ["continue", "credit", "credit", "credit"],
             hand=grip)  # fmt: skip
    g = r.game
    assert r.pending.kind == "discard" and g.hand_size("runner") == 3
    r = _run("hq", [{"card": "gyri_labyrinth", "rezzed": True}],
             ["continue", "credit", "credit", "credit", "spark_of_insight", "spark_of_insight"], hand=grip)  # fmt: skip
    g = r.game
    assert len(g.runner.hand) == 3 and g.hand_size("runner") == 5 and g.active == "corp"


def test_ireress_and_hive_subroutines_follow_the_corp_standing() -> None:
    r = _run("hq", [{"card": "ireress", "rezzed": True}], ["continue"], {"bad_publicity": 2})
    assert r.game.runner.credits == 3  # 2 lost from the pool (the bad publicity credits pay for nothing here)
    r = _run("hq", [{"card": "hive", "rezzed": True}], [], {"score_area": ["neutral_charter_renewal"]},
             rig=[{"card": "rockbit_drill"}])  # fmt: skip
    done = next(o for o in r.pending.options if o.label == "done")
    assert "2 unbroken" in str(done.text) and events(r, "subroutines_lost")[0]["lost"] == 3
    r = _run("hq", [{"card": "hive", "rezzed": True}], [], rig=[{"card": "rockbit_drill"}])
    assert "5 unbroken" in str(next(o.text for o in r.pending.options if o.label == "done"))


def test_marker_gives_the_next_ice_an_end_the_run_subroutine() -> None:
    ice = [{"card": "neutral_plywood_screen", "rezzed": True}, {"card": "marker", "rezzed": True}]
    r = _run("hq", ice, ["continue", "break:rockbit_drill/0"], rig=[{"card": "rockbit_drill"}])
    assert r.pending.kind == "subroutine" and len(r.pending.options) == 2  # the printed one and the gained one
    r = _run("hq", ice, ["continue", "break:rockbit_drill/0", "sub:1", "done"],
             rig=[{"card": "rockbit_drill"}])  # fmt: skip
    assert ended(r)
    r = _run("hq", [{"card": "neutral_plywood_screen", "rezzed": True}], ["break:rockbit_drill/0", "continue"],
             rig=[{"card": "rockbit_drill"}])  # fmt: skip
    assert not ended(r)


def test_tsurugi_lets_the_corp_pay_to_keep_the_runner_in() -> None:
    grip = ["spark_of_insight"] * 5
    r = _run("hq", [{"card": "tsurugi", "rezzed": True}], ["yes", "continue"], hand=grip)
    g = r.game
    assert len(g.runner.hand) == 2 and g.corp.credits == 4 and not ended(r)
    r = _run("hq", [{"card": "tsurugi", "rezzed": True}], ["no"], hand=grip)
    assert len(r.game.runner.hand) == 5 and ended(r)


def test_wotan_ends_the_run_unless_the_runner_pays_each_price() -> None:
    grip = ["spark_of_insight"] * 3
    rig = [{"card": "rockbit_drill"}, {"card": "motivation"}]
    r = _run("hq", [{"card": "wotan", "rezzed": True}], ["done", "yes", "yes", "rockbit_drill", "yes", "continue"],
             hand=grip, rig=rig)  # fmt: skip
    g = r.game
    assert not ended(r) and g.runner.clicks == 1 and g.runner.credits == 2 and g.runner.brain_damage == 1
    assert ids(g.runner.rig) == ["motivation"] and len(g.runner.hand) == 2
    r = _run("hq", [{"card": "wotan", "rezzed": True}], ["done", "yes", "no"], hand=grip, rig=rig)
    assert ended(r) and r.game.runner.credits == 5 and r.game.runner.clicks == 1


def test_yagura_may_bottom_the_top_of_rnd() -> None:
    r = _run("hq", [{"card": "yagura", "rezzed": True}], ["yes", "continue"],
             {"deck": ["sweeps_week", "neutral_plywood_screen"]}, hand=["spark_of_insight"] * 2)  # fmt: skip
    g = r.game
    assert ids(g.corp.deck) == ["sweeps_week", "neutral_plywood_screen"]  # bottom first: sweeps_week went under
    assert len(g.runner.hand) == 1 and events(r, "look")


def test_snoop_reveals_the_grip_and_trashes_with_its_counter() -> None:
    r = _run("hq", [{"card": "snoop", "rezzed": True}], ["pay:0", "continue"], hand=["spark_of_insight", "eureka"],
             credits=0)  # fmt: skip
    g = r.game
    assert events(r, "reveal") and g.servers["hq"].ice[0].counters == {"power": 1}
    servers = {"hq": {"ice": [{"card": "snoop", "rezzed": True, "counters": {"power": 1}}]}}
    r = play(RECORDS, ["use:snoop/1", "eureka"], active="corp", corp=corp(servers=servers),
             runner=runner(hand=["spark_of_insight", "eureka"]))  # fmt: skip
    g = r.game
    assert ids(g.runner.discard) == ["eureka"] and g.servers["hq"].ice[0].counters == {}


def test_paper_wall_is_trashed_once_fully_broken() -> None:
    r = _run("hq", [{"card": "paper_wall", "rezzed": True}], ["break:rockbit_drill/0", "continue"],
             rig=[{"card": "rockbit_drill"}])  # fmt: skip
    g = r.game
    assert ids(g.corp.discard) == ["paper_wall"] and not ended(r) and g.servers["hq"].ice == []


def test_swarm_gains_a_subroutine_per_advancement_token() -> None:
    ice = [{"card": "swarm", "rezzed": True, "counters": {"advancement": 2}}]
    rig = [{"card": "motivation"}, {"card": "rockbit_drill"}]
    r = _run("hq", ice, ["yes", "continue"], rig=rig)
    g = r.game
    assert g.runner.credits == 2 and ids(g.runner.rig) == ["motivation"] and not ended(r)
    r = play(RECORDS, [], active="corp", corp=corp(servers={"hq": {"ice": [{"card": "swarm"}]}}))
    assert any(label.startswith("advance:") for label in labels(r))


def test_hudson_lets_the_runner_access_one_card_only() -> None:
    servers = {"rnd": {"ice": [{"card": "hudson_1_0", "rezzed": True}], "root": [{"card": "caprice_nisei"}]}}
    deck = ["neutral_pilot_scheme", "tgtbt", "neutral_pilot_scheme"]
    r = play(RECORDS, ["play:late_night_dig", "done", "done", "continue", "done", "rnd"],
             corp=corp(servers=servers, deck=deck), runner=runner(hand=["late_night_dig"]))  # fmt: skip
    g = r.game
    assert ids(g.runner.score_area) == ["neutral_pilot_scheme"] and len(events(r, "access")) == 1
    breaks = ["clickbreak:hudson_1_0", "sub:1", "clickbreak:hudson_1_0"]
    r = play(RECORDS, ["play:late_night_dig", "done", *breaks, "continue", "done", "rnd", "rnd"],
             corp=corp(servers=servers, deck=deck), runner=runner(hand=["late_night_dig"]))  # fmt: skip
    g = r.game
    assert ids(g.runner.score_area) == ["neutral_pilot_scheme", "tgtbt"] and r.pending.kind == "trash"
    assert g.runner.clicks == 1  # 4 - 1 (the event) - 2 (the subroutines broken)


# ---------------------------------------------------------------- runner cards


def test_activist_support_tags_and_gives_bad_publicity_at_turn_starts() -> None:
    rig = [{"card": "activist_support"}]
    r = play(RECORDS, [], runner=runner(clicks=0, rig=rig))
    assert r.game.runner.tags == 1 and r.game.active == "corp"
    r = play(RECORDS, [], runner=runner(clicks=0, tags=2, rig=rig))
    assert r.game.runner.tags == 2
    r = play(RECORDS, [], active="corp", corp=corp(clicks=0), runner=runner(rig=rig))
    assert r.game.corp.bad_publicity == 1 and r.game.active == "runner"


def test_turn_start_resources_of_the_runner() -> None:
    rig = [{"card": "hard_at_work"}, {"card": "starlight_crusade_funding"}]
    r = play(RECORDS, [], active="corp", corp=corp(clicks=0), runner=runner(credits=0, rig=rig))
    order = next(o.label for o in r.pending.options if o.label.startswith("trigger:hard_at_work"))
    r = play(RECORDS, [order], active="corp", corp=corp(clicks=0), runner=runner(credits=0, rig=rig))
    assert r.game.runner.credits == 2 and r.game.runner.clicks == 2
    r = play(RECORDS, ["yes"], active="corp", corp=corp(clicks=0), runner=runner(rig=[{"card": "motivation"}]))
    assert [e["cards"] for e in events(r, "look")] == [[str(r.game.runner.deck[-1])]]
    r = play(RECORDS, ["yes"], active="corp", corp=corp(clicks=0, deck=["sweeps_week"]),
             runner=runner(rig=[{"card": "woman_in_the_red_dress"}]))  # fmt: skip
    assert ids(r.game.corp.hand) == ["sweeps_week"] and events(r, "reveal")


def test_grifter_pays_after_a_successful_run_or_goes() -> None:
    r = play(RECORDS, ["run:hq", "continue"], runner=runner(clicks=1, rig=[{"card": "grifter"}]))
    assert r.game.runner.credits == 6 and ids(r.game.runner.rig) == ["grifter"]
    r = play(RECORDS, [], runner=runner(clicks=0, rig=[{"card": "grifter"}]))
    assert r.game.runner.rig == [] and ids(r.game.runner.discard) == ["grifter"]


def test_john_masanori_draws_on_the_first_success_and_tags_on_the_first_failure() -> None:
    rig = [{"card": "john_masanori"}]
    r = play(RECORDS, ["run:hq", "continue", "run:hq", "continue"], runner=runner(rig=rig))
    assert len(r.game.runner.hand) == 1
    servers = {"hq": {"ice": [{"card": "neutral_plywood_screen", "rezzed": True}]}}
    r = play(RECORDS, ["run:hq", "run:hq"], corp=corp(servers=servers), runner=runner(rig=rig))
    assert r.game.runner.tags == 1 and len(events(r, "run_end")) == 2


def test_tallie_perrault_punishes_black_and_gray_ops() -> None:
    rig = [{"card": "tallie_perrault"}]
    r = play(RECORDS, ["play:nbn_exclusive_scoop", "yes"], active="corp", corp=corp(hand=["nbn_exclusive_scoop"]),
             runner=runner(rig=rig))  # fmt: skip
    assert r.game.corp.bad_publicity == 1 and r.game.runner.tags == 2
    r = play(RECORDS, ["use:tallie_perrault/1"], corp=corp(bad_publicity=2), runner=runner(rig=rig))
    assert len(r.game.runner.hand) == 2 and ids(r.game.runner.discard) == ["tallie_perrault"]


def test_gorman_drip_counts_the_corp_basic_clicks() -> None:
    r = play(RECORDS, ["credit", "draw", "credit"], active="corp", runner=runner(rig=[{"card": "gorman_drip_v1"}]))
    assert r.game.runner.rig[0].counters == {"virus": 3}
    rig = [{"card": "gorman_drip_v1", "counters": {"virus": 3}}]
    r = play(RECORDS, ["use:gorman_drip_v1/1"], runner=runner(rig=rig))
    assert r.game.runner.credits == 8 and r.game.runner.rig == []


def test_hemorrhage_makes_the_corp_trash_from_hq() -> None:
    rig = [{"card": "hemorrhage", "counters": {"virus": 2}}]
    r = play(RECORDS, ["use:hemorrhage/1", "sweeps_week"], corp=corp(hand=["sweeps_week", "hb_lattice_gate"]),
             runner=runner(rig=rig))  # fmt: skip
    g = r.game
    assert ids(g.corp.hand) == ["hb_lattice_gate"] and ids(g.corp.discard) == ["sweeps_week"]
    assert g.runner.rig[0].counters == {}


def test_capstone_draws_for_duplicates_of_installed_cards() -> None:
    r = play(RECORDS, ["use:capstone/0", "motivation", "lucky_find", "done"],
             runner=runner(hand=["motivation", "lucky_find", "eureka"], rig=[{"card": "capstone"},
                                                                             {"card": "motivation"}]))  # fmt: skip
    g = r.game
    assert ids(g.runner.discard) == ["motivation", "lucky_find"] and sorted(ids(g.runner.hand)) == ["eureka",
                                                                                                   "spark_of_insight"]


def test_llds_processor_boosts_new_icebreakers_this_turn() -> None:
    r = play(RECORDS, ["install:rockbit_drill"], runner=runner(hand=["rockbit_drill"], rig=[{"card": "llds_processor"}]))
    g = r.game
    drill = g.runner.rig[-1]
    assert g.strength_of(drill) == int(drill.record.strength) + 1
    r = play(RECORDS, ["install:rockbit_drill", "credit", "credit", "credit"],
             runner=runner(hand=["rockbit_drill"], rig=[{"card": "llds_processor"}]))  # fmt: skip
    drill = r.game.runner.rig[-1]
    assert r.game.strength_of(drill) == int(drill.record.strength)


def test_savoir_faire_installs_a_program_once_a_turn() -> None:
    r = play(RECORDS, ["use:savoir_faire/0"], runner=runner(hand=["rockbit_drill", "gorman_drip_v1"],
                                                            rig=[{"card": "savoir_faire"}]))  # fmt: skip
    assert r.pending.kind == "target"
    r = play(RECORDS, ["use:savoir_faire/0", "gorman_drip_v1"],
             runner=runner(hand=["rockbit_drill", "gorman_drip_v1"], rig=[{"card": "savoir_faire"}]))  # fmt: skip
    g = r.game
    assert "gorman_drip_v1" in ids(g.runner.rig) and g.runner.credits == 2 and g.runner.clicks == 4
    assert not any(label.startswith("use:") for label in labels(r))


def test_alpha_breaks_only_the_outermost_ice() -> None:
    ice = [{"card": "nbn_static_veil", "rezzed": True}, {"card": "neutral_checksum_gate", "rezzed": True}]
    r = _run("hq", ice, ["boost:alpha/1", "use:alpha/0", "continue"], rig=[{"card": "alpha"}])
    assert ended(r) and r.game.runner.credits == 3
    assert [e["ice"] for e in events(r, "break")] == [str(r.game.servers["hq"].ice[1])]


def test_omega_breaks_only_the_innermost_ice() -> None:
    ice = [{"card": "nbn_static_veil", "rezzed": True}, {"card": "neutral_plywood_screen", "rezzed": True}]
    r = _run("hq", ice, [], rig=[{"card": "omega"}])
    assert ended(r) and not events(r, "break")
    r = _run("hq", ice[:1], ["use:omega/0", "continue"], rig=[{"card": "omega"}])
    assert not ended(r) and r.game.runner.credits == 4


def test_sharpshooter_trashes_itself_to_break_destroyer_subroutines() -> None:
    ice = [{"card": "swarm", "rezzed": True, "counters": {"advancement": 2}}]
    r = _run("hq", ice, ["boost:sharpshooter/1", "use:sharpshooter/0", "sub:1", "continue"],
             rig=[{"card": "sharpshooter"}, {"card": "rockbit_drill"}])  # fmt: skip
    g = r.game
    assert not ended(r) and g.runner.credits == 4 and ids(g.runner.rig) == ["rockbit_drill"]
    assert ids(g.runner.discard) == ["sharpshooter"] and len(events(r, "break")) == 2


def test_keyhole_trashes_one_of_the_top_three_instead_of_breaching() -> None:
    deck = ["sweeps_week", "neutral_pilot_scheme", "hb_lattice_gate", "nbn_static_veil"]
    r = play(RECORDS, ["use:keyhole/0", "continue", "neutral_pilot_scheme"], corp=corp(deck=deck),
             runner=runner(rig=[{"card": "keyhole"}]))  # fmt: skip
    g = r.game
    assert ids(g.corp.discard) == ["neutral_pilot_scheme"] and g.corp.discard[0].faceup and len(g.corp.deck) == 3
    assert g.runner.score_area == [] and not events(r, "access") and events(r, "shuffle")


def test_expert_schedule_analyzer_reveals_hq_instead_of_breaching() -> None:
    r = play(RECORDS, ["use:expert_schedule_analyzer/0", "continue", "yes"], corp=corp(hand=["neutral_pilot_scheme"]),
             runner=runner(rig=[{"card": "expert_schedule_analyzer"}]))  # fmt: skip
    assert events(r, "reveal") and r.game.runner.score_area == [] and not events(r, "access")
    r = play(RECORDS, ["use:expert_schedule_analyzer/0", "continue", "no"], corp=corp(hand=["neutral_pilot_scheme"]),
             runner=runner(rig=[{"card": "expert_schedule_analyzer"}]))  # fmt: skip
    assert ids(r.game.runner.score_area) == ["neutral_pilot_scheme"]


def test_record_reconstructor_puts_an_archives_card_back_on_rnd() -> None:
    r = play(RECORDS, ["run:archives", "continue", "yes"], corp=corp(discard=["neutral_pilot_scheme"]),
             runner=runner(rig=[{"card": "record_reconstructor"}]))  # fmt: skip
    g = r.game
    assert g.corp.deck[-1].id == "neutral_pilot_scheme" and g.corp.discard == [] and g.runner.score_area == []


def test_false_echo_makes_the_corp_rez_or_return_the_ice() -> None:
    ice = [{"card": "himitsu_bako"}]
    r = _run("hq", ice, ["yes", "continue"], {"credits": 0}, rig=[{"card": "false_echo"}])
    g = r.game
    assert ids(g.corp.hand) == ["himitsu_bako"] and ids(g.runner.discard) == ["false_echo"]
    r = _run("hq", ice, ["done", "yes", "rez", "continue"], {"credits": 2}, rig=[{"card": "false_echo"}])
    g = r.game
    assert g.servers["hq"].ice[0].rezzed and g.corp.credits == 0
    r = _run("hq", ice, ["no", "continue"], {"credits": 0}, rig=[{"card": "false_echo"}])
    assert ids(r.game.runner.rig) == ["false_echo"] and len(r.game.servers["hq"].ice) == 1


# ---------------------------------------------------------------- Caïssa


def test_bishop_weakens_its_host_and_alternates_central_and_remote() -> None:
    servers = {"hq": {"ice": [{"card": "neutral_checksum_gate", "rezzed": True}]},
               "remote1": {"ice": [{"card": "hb_lattice_gate", "rezzed": True}], "root": [{"card": "rex_campaign"}]}}
    r = play(RECORDS, ["use:bishop/0", "neutral_checksum_gate"], corp=corp(servers=servers),
             runner=runner(rig=[{"card": "bishop"}]))  # fmt: skip
    g = r.game
    gate = g.servers["hq"].ice[0]
    assert g.runner.rig[0].host is gate and g.strength_of(gate) == 0 and gate.hosted == [g.runner.rig[0]]
    r = play(RECORDS, ["use:bishop/0", "neutral_checksum_gate", "use:bishop/0"], corp=corp(servers=servers),
             runner=runner(rig=[{"card": "bishop"}]))  # fmt: skip
    g = r.game
    lattice = g.servers["remote1"].ice[0]
    assert g.runner.rig[0].host is lattice and g.strength_of(lattice) == 0 and g.strength_of(g.servers["hq"].ice[0]) == 2
    assert g.runner.clicks == 2


def test_knight_breaks_its_host_and_skips_the_next_ice() -> None:
    servers = {"hq": {"ice": [{"card": "neutral_plywood_screen", "rezzed": True},
                              {"card": "neutral_checksum_gate", "rezzed": True}]}}  # fmt: skip
    r = play(RECORDS, ["use:knight/1", "neutral_checksum_gate", "run:hq", "use:knight/0", "continue"],
             corp=corp(servers=servers), runner=runner(rig=[{"card": "knight"}]))  # fmt: skip
    g = r.game
    assert ended(r) and g.runner.credits == 3 and len(events(r, "break")) == 1
    r = play(RECORDS, ["use:knight/1", "neutral_checksum_gate"], corp=corp(servers=servers),
             runner=runner(rig=[{"card": "knight"}]))  # fmt: skip
    assert not any(label.startswith("use:") for label in labels(r))  # the plywood screen is next to its host


def test_rook_makes_the_ice_of_its_server_dearer() -> None:
    servers = {"hq": {"ice": [{"card": "himitsu_bako"}, {"card": "neutral_checksum_gate", "rezzed": True}]},
               "rnd": {"ice": [{"card": "hb_lattice_gate"}]}}  # fmt: skip
    r = play(RECORDS, ["use:rook/0", "neutral_checksum_gate"], corp=corp(servers=servers),
             runner=runner(rig=[{"card": "rook"}]))  # fmt: skip
    g = r.game
    assert g.rez_cost(g.servers["hq"].ice[0]) == 4 and g.rez_cost(g.servers["rnd"].ice[0]) == 2


def test_pawn_moves_inward_then_makes_way_for_another_caissa() -> None:
    servers = {"hq": {"ice": [{"card": "neutral_plywood_screen", "rezzed": True},
                              {"card": "neutral_checksum_gate", "rezzed": True}]}}  # fmt: skip
    decisions = ["use:pawn/0", "run:rnd", "continue"]
    r = play(RECORDS, decisions, corp=corp(servers=servers), runner=runner(rig=[{"card": "pawn"}], discard=["bishop"]))
    g = r.game
    assert g.runner.rig[0].host is g.servers["hq"].ice[0]
    r = play(RECORDS, [*decisions, "run:rnd", "continue"], corp=corp(servers=servers),
             runner=runner(rig=[{"card": "pawn"}], discard=["bishop"]))  # fmt: skip
    g = r.game
    assert ids(g.runner.rig) == ["bishop"] and ids(g.runner.discard) == ["pawn"] and g.servers["hq"].ice[0].hosted == []


def test_deep_red_hosts_a_caissa_for_free_as_it_is_installed() -> None:
    servers = {"hq": {"ice": [{"card": "neutral_checksum_gate", "rezzed": True}]}}
    r = play(RECORDS, ["install:bishop", "yes"], corp=corp(servers=servers),
             runner=runner(hand=["bishop"], rig=[{"card": "deep_red"}]))  # fmt: skip
    g = r.game
    assert g.runner.rig[-1].host is g.servers["hq"].ice[0] and g.runner.clicks == 3
    r = play(RECORDS, [], runner=runner(hand=["blackguard"], credits=20, rig=[{"card": "deep_red"}]))
    assert not any(label.startswith("install:") for label in labels(r))


def test_paintbrush_adds_a_subtype_until_the_next_run_ends() -> None:
    servers = {"hq": {"ice": [{"card": "neutral_checksum_gate", "rezzed": True}]}}
    r = play(RECORDS, ["use:paintbrush/0", "barrier"], corp=corp(servers=servers),
             runner=runner(rig=[{"card": "paintbrush"}]))  # fmt: skip
    assert "barrier" in r.game.servers["hq"].ice[0].subtypes
    r = play(RECORDS, ["use:paintbrush/0", "barrier", "run:rnd", "continue"], corp=corp(servers=servers),
             runner=runner(rig=[{"card": "paintbrush"}]))  # fmt: skip
    assert "barrier" not in r.game.servers["hq"].ice[0].subtypes
    r = play(RECORDS, ["use:paintbrush/0", "sentry", "credit", "credit", "credit"], corp=corp(servers=servers),
             runner=runner(rig=[{"card": "paintbrush"}]))  # fmt: skip
    assert "sentry" not in r.game.servers["hq"].ice[0].subtypes and r.game.active == "corp"


def test_fall_guy_takes_the_trash_for_another_resource() -> None:
    rig = [{"card": "motivation"}, {"card": "fall_guy"}]
    r = play(RECORDS, ["trash_resource:motivation", "use:fall_guy/0"], active="corp", runner=runner(tags=1, rig=rig))
    g = r.game
    assert ids(g.runner.rig) == ["motivation"] and ids(g.runner.discard) == ["fall_guy"] and g.corp.credits == 3
    r = play(RECORDS, ["trash_resource:fall_guy"], active="corp", runner=runner(tags=1, rig=rig))
    assert ids(r.game.runner.rig) == ["motivation"] and r.pending.kind == "action"


# ---------------------------------------------------------------- identities

GRNDL = identity("grndl_power_unleashed", "corp", ["The game begins with the Corp on 10[credit] and 1 bad publicity."],
                 faction="weyland_consortium", subtypes=["division"], influence_limit=10)  # fmt: skip


def test_grndl_starts_with_ten_credits_and_bad_publicity() -> None:
    from toolkit.engine.core import FirstDecider
    from toolkit.engine.netrunner.game import NetrunnerGame

    assert GRNDL.reading.status == "executable"
    g = NetrunnerGame([*RECORDS, GRNDL], identities={"corp": "grndl_power_unleashed", "runner": QUIET_RUNNER},
                      policies={"corp": FirstDecider(), "runner": FirstDecider()})  # fmt: skip
    g.mulligans()
    g.begin_turn("corp")
    assert g.corp.credits == 10 and g.corp.bad_publicity == 1
    g.begin_turn("runner")
    g.begin_turn("corp")
    assert g.corp.credits == 10 and g.corp.bad_publicity == 1
    r = play([*RECORDS, GRNDL], [], runner=runner(clicks=0), corp={"identity": "grndl_power_unleashed"})
    assert r.game.corp.credits == 5 and r.game.corp.bad_publicity == 0  # a position in play: the game began long ago
