"""The Terminal Directive card scripts, each played through a scenario that checks what changes. The fixtures'
paragraphs are our own wording (template-read ones in the formulas the templates read)."""

from __future__ import annotations

from typing import Any

from .kit import bundled, card, corp_card, ended, events, identity, ids, labels, play, rig

# ---------------------------------------------------------------- corp fixtures

BLOODLETTER = card("bloodletter", "ice",
                   ["[subroutine] The Runner picks: one installed program goes to the heap, or the 2 top cards of "
                    "the stack do."],
                   rez_cost=3, strength=4, subtypes=["sentry", "destroyer"], faction="weyland_consortium")  # fmt: skip
ELI_2 = card("eli_2_0", "ice",
             ["Only the Runner may do this: give up [click][click] to break as many as 2 subroutines here.",
              "[subroutine] You may draw 1 card.", "[subroutine] End the run.", "[subroutine] End the run."],
             rez_cost=5, strength=4, subtypes=["barrier", "bioroid"], faction="haas_bioroid")  # fmt: skip
HAILSTORM = card("hailstorm", "ice",
                 ["[subroutine] One card of the heap leaves the game.", "[subroutine] End the run."],
                 rez_cost=6, strength=5, subtypes=["barrier"], faction="weyland_consortium")  # fmt: skip
HOLMEGAARD = card("holmegaard", "ice",
                  ["[subroutine] Trace 4; on success, this run gets no breach of its server and no access at all.",
                   "[subroutine] An installed icebreaker goes to the heap."],
                  rez_cost=7, strength=5, subtypes=["sentry", "tracer", "destroyer"], faction="haas_bioroid")  # fmt: skip
TAPESTRY = card("tapestry", "ice",
                ["[subroutine] The Runner loses [click], if able.",
                 "[subroutine] The Corp has the option of drawing a card.",
                 "[subroutine] The Corp has the option of putting an HQ card on top of R&D."],
                rez_cost=5, strength=6, subtypes=["code_gate"], faction="haas_bioroid")  # fmt: skip
WEIR = card("weir", "ice",
            ["[subroutine] The Runner loses [click].", "[subroutine] The Runner sends a card of its choice from the "
             "grip to the heap."],
            rez_cost=3, strength=3, subtypes=["code_gate"])  # fmt: skip
BLC = card("black_level_clearance", "upgrade",
           ["A successful run here costs the Runner 1 core damage, or a jack out that pays the Corp 5[credit] and a "
            "card and sends this upgrade to Archives."],
           rez_cost=4, trash_cost=1, subtypes=["security_protocol"], faction="haas_bioroid")  # fmt: skip
ESTELLE = card("estelle_moon", "asset",
               ["Each card the Corp puts into the root of a remote server adds a power counter here.",
                "Trash it: per power counter here, 2[credit] and a card."],
               rez_cost=2, trash_cost=3, unique=True, subtypes=["executive"], faction="haas_bioroid")  # fmt: skip
HONEYFARM = card("honeyfarm", "asset",
                 ["Accessed in R&D, it is shown to both players.", "Accessing it costs the Runner 1[credit]."],
                 rez_cost=0, trash_cost=2, subtypes=["ambush"])  # fmt: skip
IAF = card("illegal_arms_factory", "asset",
           ["The Runner trashing it from a server gives the Corp a bad publicity.",
            "When your turn begins, gain 1[credit] and draw 1 card."],
           rez_cost=3, trash_cost=6, subtypes=["facility", "illicit"], faction="weyland_consortium")  # fmt: skip
INEZ_A = card("investigator_inez_delgado_a", "asset",
              ["After each agenda the Corp scores, it may trade it for a Runner's agenda worth a point or more, whose "
               "scoring ability then resolves."],
              rez_cost=0, trash_cost=5, unique=True, subtypes=["character"])  # fmt: skip
INEZ_A2 = card("investigator_inez_delgado_a_2", "asset",
               ["After each agenda the Runner steals, the Corp may resolve its scoring ability and then trade it for "
                "one of the Corp's scored agendas."],
               rez_cost=0, trash_cost=5, unique=True, subtypes=["character"])  # fmt: skip
KP_LYNN = card("k_p_lynn", "upgrade",
               ["Once the Runner is past every piece of ice in front of this server, it takes a tag or the run ends."],
               rez_cost=1, trash_cost=3, unique=True, subtypes=["executive"], faction="weyland_consortium")  # fmt: skip
LTI = card("long_term_investment", "asset",
           ["Each Corp turn starts with 2[credit] put here; holding 8[credit] or more, it lets the Corp spend [click] "
            "to take as many of them as it wants."],
           rez_cost=2, trash_cost=4)  # fmt: skip
TODACHINE = card("lt_todachine", "asset", ["Each piece of ice the Corp rezzes tags the Runner once."],
                 rez_cost=3, trash_cost=5, unique=True, subtypes=["character"])  # fmt: skip
TODACHINE_2 = card("lt_todachine_2", "asset",
                   ["Each piece of ice the Corp rezzes tags the Runner once.",
                    "A tagged Runner accesses one card fewer, one at least."],
                   rez_cost=3, trash_cost=5, unique=True, subtypes=["character"])  # fmt: skip
MASON = card("mason_bellamy", "upgrade",
             ["An encounter with ice in front of this server that ends with a subroutine broken costs the Runner a "
              "[click]."],
             rez_cost=2, trash_cost=3, unique=True, subtypes=["sysop"], faction="haas_bioroid")  # fmt: skip
MR_STONE = card("mr_stone", "asset", ["Each time tags reach the Runner, 1 meat damage follows."],
                rez_cost=2, trash_cost=2, unique=True, subtypes=["executive"], faction="weyland_consortium")  # fmt: skip
TROJAN = card("trojan", "asset",
              ["Accessed in R&D, it is shown to both players.",
               "Accessed anywhere but Archives: the Corp loses 2[credit], a random HQ card goes to Archives, and this "
               "card leaves the game."],
              rez_cost=0, trash_cost=0)  # fmt: skip
BRAIN_REWIRING = card("brain_rewiring", "agenda",
                      ["On scoring, the Corp may pay credits: that many random grip cards go under the stack, and "
                       "the Runner draws a card."],
                      agenda_points=1, advancement_requirement=3, subtypes=["security"],
                      faction="haas_bioroid")  # fmt: skip
OVERSIGHT_A = card("corporate_oversight_a", "agenda",
                   ["On scoring, the Corp may fetch ice from R&D and put it rezzed in front of a remote server, for "
                    "free; R&D is shuffled.",
                    "Campaign note: winning with it scored destroys it."],
                   agenda_points=0, advancement_requirement=2, subtypes=["initiative"])  # fmt: skip
OVERSIGHT_B = card("corporate_oversight_b", "agenda",
                   ["On scoring, the Corp may fetch ice from R&D and put it rezzed in front of a central server, for "
                    "free; R&D is shuffled.",
                    "Campaign note: winning with it scored destroys it."],
                   agenda_points=0, advancement_requirement=2, subtypes=["initiative"])  # fmt: skip
ELECTIVE = card("elective_upgrade", "agenda",
                ["When you score this agenda, place 2 agenda counters on it.",
                 "Once a turn, [click] and an agenda counter from here: [click][click] for the Corp."],
                agenda_points=3, advancement_requirement=5, subtypes=["initiative"], faction="haas_bioroid")  # fmt: skip
EVIDENCE_4 = card("evidence_collection_4", "agenda", ["Stolen, it counts a point less."],
                  agenda_points=2, advancement_requirement=3, subtypes=["research"])  # fmt: skip
GRAFT = card("graft", "agenda", ["On scoring, the Corp may fetch as many as 3 R&D cards into HQ, shown; R&D is "
                                 "shuffled."],
             agenda_points=3, advancement_requirement=5, faction="weyland_consortium")  # fmt: skip
ILLICIT = card("illicit_sales", "agenda",
               ["On scoring, the Corp may take a bad publicity, then earns 3[credit] per bad publicity it has."],
               agenda_points=1, advancement_requirement=3, subtypes=["expansion"],
               faction="weyland_consortium")  # fmt: skip
PAPER_TRAIL = card("paper_trail", "agenda",
                   ["On scoring, trace 6; on success every connection and job resource is trashed."],
                   agenda_points=2, advancement_requirement=4, subtypes=["security"])  # fmt: skip
SFT = card("successful_field_test", "agenda", ["On scoring, the Corp puts any number of HQ cards into play for "
                                               "free."],
           agenda_points=2, advancement_requirement=4, subtypes=["research"], faction="haas_bioroid")  # fmt: skip
HUNTER = card("hunter_seeker", "operation",
              ["Playing it takes an extra [click].", "Only after a steal in the Runner's previous turn.",
               "One installed card goes to the trash."],
              cost=2, subtypes=["double", "gray_ops"], faction="weyland_consortium")  # fmt: skip
IPO = card("ipo", "operation", ["Once it is done, no more actions this turn.", "Gain 13[credit]."],
           cost=8, subtypes=["terminal", "transaction"])  # fmt: skip
UV = card("ultraviolet_clearance", "operation",
          ["Playing it takes two extra [click].", "10[credit] and 4 cards for the Corp, then one HQ card may be "
           "installed."],
          cost=6, subtypes=["transaction", "triple"], faction="haas_bioroid")  # fmt: skip
SKORPIOS = identity("skorpios_defense_systems_persuasive_power", "corp",
                    ["Once a turn, of Runner cards being trashed, the Corp may take one out of the game."],
                    faction="weyland_consortium", subtypes=["subsidiary"])  # fmt: skip

# ---------------------------------------------------------------- runner fixtures

ADEPT = card("adept", "program",
             ["One more strength per free MU.", "Interface, 2[credit]: one subroutine of a sentry or barrier breaks."],
             cost=5, strength=2, memory_cost=2, subtypes=["icebreaker", "fracter", "killer"], faction="shaper")  # fmt: skip
SAVANT = card("savant", "program",
              ["One more strength per free MU.",
               "Interface, 2[credit]: one subroutine of a sentry breaks, or two of a code gate."],
              cost=4, strength=1, memory_cost=2, subtypes=["icebreaker", "killer", "decoder"], faction="shaper")  # fmt: skip
DEMARA = card("demara", "program",
              ["Interface → 2[credit]: Break up to 2 barrier subroutines.", "2[credit]: +3 strength.",
               "Trash it: the barrier being met is bypassed."],
              cost=4, strength=1, memory_cost=1, subtypes=["icebreaker", "fracter"], faction="criminal")  # fmt: skip
LUSTIG = card("lustig", "program",
              ["Interface → 1[credit]: Break 1 sentry subroutine.", "3[credit]: +5 strength.",
               "Trash it: the sentry being met is bypassed."],
              cost=5, strength=1, memory_cost=1, subtypes=["icebreaker", "killer"], faction="criminal")  # fmt: skip
MAMMON = card("mammon", "program",
              ["At your turn's start, buy power counters here at 1[credit] each, as many as you like.",
               "They all go away once your discard phase is over.",
               "Interface, a power counter from here: one subroutine breaks.", "2[credit]: +2 strength."],
              cost=3, strength=0, memory_cost=1, subtypes=["icebreaker", "ai"], faction="criminal")  # fmt: skip
SNK = card("surveillance_network_key", "program",
           ["Each Corp [click] spent on drawing shows the Runner the first card drawn."],
           cost=2, memory_cost=1)  # fmt: skip
SNK_2 = card("surveillance_network_key_2", "program",
             ["Each Corp [click] spent on drawing shows the Runner the first card drawn.",
              "Once a turn, 2[credit]: in this run, each access in HQ or R&D takes one more card."],
             cost=2, memory_cost=1)  # fmt: skip
POLYHISTOR = card("polyhistor", "hardware",
                  ["+1[mu], +1[link]", "Past all of HQ's ice for the first time in a turn, you may draw a card, and "
                   "then the Corp draws one too.", "Only one console per player."],
                  cost=4, unique=True, subtypes=["console"], faction="criminal")  # fmt: skip
BMI = card("bmi_buffer", "hardware",
           ["A program going from your grip to the heap is hosted on this card instead.",
            "[click][click]: a program hosted here is installed, its costs paid."],
           cost=3)  # fmt: skip
BMI_2 = card("bmi_buffer_2", "hardware",
             ["A program going from your grip to the heap is hosted on this card instead.",
              "[click][click]: a program hosted here is installed for nothing."],
             cost=3)  # fmt: skip
UBAX = card("ubax", "hardware", ["+1[mu]", "When your turn begins, draw 1 card.", "Only one console per player."],
            cost=5, unique=True, subtypes=["console"], faction="shaper")  # fmt: skip
SPOOFING = card("biometric_spoofing", "resource", ["Trash it: 2 damage of any kind is prevented."], cost=2)
CHARLATAN = card("charlatan", "resource",
                 ["[click][click]: run anywhere; the first rezzed ice approached in it may be bypassed for its "
                  "strength in credits."],
                 cost=5, subtypes=["virtual"], faction="criminal")  # fmt: skip
DEAN = card("dean_lister", "resource",
            ["Trash it: until the run is over, an icebreaker of yours is one stronger per card in your grip."],
            cost=2, unique=True, subtypes=["connection"])  # fmt: skip
INEZ_1 = card("investigator_inez_delgado", "resource",
              ["Campaign note: winning with it scored unlocks set 2.",
               "Having stolen this turn, move it to your score area (0 points): every card of a remote server is "
               "exposed."],
              cost=0, unique=True, subtypes=["connection"])  # fmt: skip
INEZ_2 = card("investigator_inez_delgado_2", "resource",
              ["Campaign note: winning with it scored unlocks set 5.",
               "Having stolen this turn, move it to your score area (0 points): R&D's 3 top cards are shown."],
              cost=0, unique=True, subtypes=["connection"])  # fmt: skip
INEZ_3 = card("investigator_inez_delgado_3", "resource",
              ["Campaign note: winning with it scored unlocks set 8.",
               "Having stolen this turn, move it to your score area (0 points): HQ is shown."],
              cost=0, unique=True, subtypes=["connection"])  # fmt: skip
INEZ_4 = card("investigator_inez_delgado_4", "resource",
              ["Having stolen this turn, move it to your score area (0 points): HQ and R&D's top card are shown."],
              cost=0, unique=True, subtypes=["connection"])  # fmt: skip
LAGUNA = card("laguna_velasco_district", "resource", ["The basic draw action draws one card more."],
              cost=5, unique=True, subtypes=["location", "ritzy"], faction="shaper")  # fmt: skip
LEVY = card("levy_advanced_research_lab", "resource",
            ["[click]: the 4 top stack cards are shown; one program among them may join your grip, the others go "
             "under the stack in an order you pick."],
            cost=4, subtypes=["location", "ritzy"], faction="shaper")  # fmt: skip
MAXWELL = card("maxwell_james", "resource",
               ["+1[link]", "Trash it: a piece of ice in front of a remote server turns face down; only in the paid "
                "ability window right after a successful HQ run."],
               cost=1, unique=True, subtypes=["connection"], faction="criminal")  # fmt: skip
FRANK = card("officer_frank", "resource",
             ["Trash it, 1[credit]: 2 random HQ cards go to Archives; only after meat damage this turn."],
             cost=0, unique=True, subtypes=["connection"])  # fmt: skip
MASQUE_A = card("the_masque_a", "resource", ["[click], trash it: one [click] back and a run; success draws a card."],
                cost=1, unique=True, subtypes=["connection"])  # fmt: skip
MASQUE_B = card("the_masque_b", "resource",
                ["[click], trash it: one [click] back and a run; if it ends in success, another run on another "
                 "server may follow at once."],
                cost=1, unique=True, subtypes=["connection"])  # fmt: skip
SHADOW_NET = card("the_shadow_net", "resource",
                  ["[click], give up a stolen agenda: an event from your heap is played for free."],
                  cost=0, unique=True, subtypes=["virtual"])  # fmt: skip
BRUTE = card("brute_force_hack", "event",
             ["Playing it takes an extra [click].", "Pay X: a piece of ice with a rez cost of X or less turns face "
              "down."],
             cost=0, subtypes=["double"], faction="criminal")  # fmt: skip
DDM = card("deep_data_mining", "event",
           ["Run R&D; on success, access extra cards there: one per free MU, 4 at most."],
           cost=3, subtypes=["run"], faction="shaper")  # fmt: skip
SPEAR = card("spear_phishing", "event", ["Run anywhere; the innermost ice there is bypassed when met."],
             cost=2, subtypes=["run"], faction="criminal")  # fmt: skip
SYN = card("syn_attack", "event",
           ["Playing it takes an extra [click].", "The Corp picks: discard 2 cards or draw 4."],
           cost=2, subtypes=["double"], faction="criminal")  # fmt: skip

FULL = [BLOODLETTER, ELI_2, HAILSTORM, HOLMEGAARD, TAPESTRY, WEIR, BLC, ESTELLE, HONEYFARM, IAF, INEZ_A, INEZ_A2,
        KP_LYNN, LTI, TODACHINE, MASON, MR_STONE, TROJAN, BRAIN_REWIRING, ELECTIVE, EVIDENCE_4, GRAFT, ILLICIT,
        PAPER_TRAIL, SFT, HUNTER, IPO, UV, SKORPIOS, ADEPT, SAVANT, DEMARA, LUSTIG, MAMMON, POLYHISTOR, UBAX, SPOOFING,
        CHARLATAN, DEAN, INEZ_4, LAGUNA, LEVY, MAXWELL, FRANK, MASQUE_A, MASQUE_B, SHADOW_NET, BRUTE, DDM, SPEAR,
        SYN, SNK, SNK_2, BMI, BMI_2]  # fmt: skip
PARTIAL = [TODACHINE_2, OVERSIGHT_A, OVERSIGHT_B, INEZ_1, INEZ_2, INEZ_3]
RECORDS = [*bundled(), *FULL, *PARTIAL]

GRIP = ["light_fingers", "overnight_takeout", "spark_of_insight", "bench_night", "bin_diving"]
RND = ["hb_quarterly_review"] * 6
QUIET = "hb_mirror_foundry"  # a corp identity without triggers
ADA = "ada_voss_tinker"  # a runner identity without triggers (+1 MU)


def runner(**more: Any) -> dict[str, Any]:
    return {"identity": ADA, "hand": GRIP[:3], **more}


def corp(**more: Any) -> dict[str, Any]:
    return {"identity": QUIET, "deck": RND, **more}


def on_hq(*ice: str, rezzed: bool = True, **more: Any) -> dict[str, Any]:
    return corp(servers={"hq": {"ice": [{"card": i, "rezzed": rezzed} for i in ice]}}, **more)


def scoring(agenda: str, advancement: int, **more: Any) -> dict[str, Any]:
    """The corp, about to score ``agenda`` from a remote server."""
    servers = {"remote1": {"root": [{"card": agenda, "counters": {"advancement": advancement}}]},
               **more.pop("servers", {})}  # fmt: skip
    return corp(clicks=3, servers=servers, **more)


def test_the_readings() -> None:
    for fixture in FULL:
        assert fixture.reading.status == "executable", fixture.id
    for fixture in PARTIAL:
        assert fixture.reading.status == "partial", fixture.id
    assert DEMARA.reading.scripted == [2] and DEMARA.reading.read == [0, 1]
    assert MAMMON.reading.scripted == [0, 1, 2] and MAMMON.reading.read == [3]
    assert ELI_2.reading.scripted == [0] and ELI_2.reading.read == [1, 2, 3]
    assert INEZ_1.reading.scripted == [1] and OVERSIGHT_A.reading.scripted == [0]


# ---------------------------------------------------------------- ice


def test_bloodletter_takes_a_program_or_the_top_of_the_stack() -> None:
    run = runner(rig=[{"card": "cache_sorter"}], deck=["bench_night", "bin_diving", "light_fingers"])
    r = play(RECORDS, ["run:hq", "program", "continue"], corp=on_hq("bloodletter"), runner=run)
    g = r.game
    assert not g.runner.rig and ids(g.runner.discard) == ["cache_sorter"] and len(g.runner.deck) == 3
    r = play(RECORDS, ["run:hq", "stack", "continue"], corp=on_hq("bloodletter"), runner=run)
    g = r.game
    assert ids(g.runner.rig) == ["cache_sorter"] and ids(g.runner.discard) == ["bench_night", "bin_diving"]
    assert ids(g.runner.deck) == ["light_fingers"]
    r = play(RECORDS, ["run:hq", "continue"], corp=on_hq("bloodletter"), runner=runner(deck=["bench_night"]))
    assert ids(r.game.runner.discard) == ["bench_night"]  # no program: only the stack is offered


def test_eli_2_lets_the_runner_lose_two_clicks_to_break_two_subroutines() -> None:
    r = play(RECORDS, ["run:hq", "clickbreak:eli_2_0", "sub:2", "sub:3", "no", "continue"],
             corp=on_hq("eli_2_0"), runner=runner(clicks=4))  # fmt: skip
    g = r.game
    assert g.runner.clicks == 1 and not ended(r)  # 1 for the run, 2 for the break
    assert [e["index"] for e in events(r, "break")] == [2, 3]


def test_hailstorm_removes_a_heap_card_from_the_game() -> None:
    run = runner(discard=["bench_night", "bin_diving"])
    r = play(RECORDS, ["run:hq", "bin_diving"], corp=on_hq("hailstorm"), runner=run)
    g = r.game
    assert ids(g.runner.discard) == ["bench_night"] and ids(g.removed) == ["bin_diving"] and ended(r)


def test_holmegaard_stops_the_breach_and_trashes_an_icebreaker() -> None:
    run = runner(rig=[{"card": "rockbit_drill"}, {"card": "pry_script"}, {"card": "cache_sorter"}])
    r = play(RECORDS, ["run:hq", "pay:0", "pry_script", "continue"],
             corp=on_hq("holmegaard", credits=0, hand=["neutral_pilot_scheme"]), runner=run)  # fmt: skip
    g = r.game
    assert ids(g.runner.discard) == ["pry_script"] and ids(g.runner.rig) == ["rockbit_drill", "cache_sorter"]
    assert g.run_history[-1][2] and not events(r, "access") and not g.runner.score_area
    assert events(r, "no_breach")
    r = play(RECORDS, ["run:hq", "pay:4", "pry_script", "continue"],
             corp=on_hq("holmegaard", credits=0, hand=["neutral_pilot_scheme"]), runner=run)  # fmt: skip
    assert ids(r.game.runner.score_area) == ["neutral_pilot_scheme"]  # the trace failed: HQ is breached


def test_tapestry_may_draw_and_stack_r_and_d() -> None:
    c = on_hq("tapestry", hand=["nbn_static_veil"], deck=["nbn_billboard_network", *RND])
    r = play(RECORDS, ["run:hq", "yes", "nbn_billboard_network", "jack_out"], corp=c, runner=runner(clicks=4))
    g = r.game
    assert g.runner.clicks == 2 and g.corp.deck[-1].id == "nbn_billboard_network"
    assert ids(g.corp.hand) == ["nbn_static_veil"]  # drew the top card, then put it back
    r = play(RECORDS, ["run:hq", "no", "done", "jack_out"], corp=c, runner=runner(clicks=4))
    assert ids(r.game.corp.hand) == ["nbn_static_veil"] and r.game.corp.deck[-1].id == "nbn_billboard_network"


def test_weir_makes_the_runner_trash_a_card_from_the_grip() -> None:
    r = play(RECORDS, ["run:hq", "spark_of_insight", "jack_out"], corp=on_hq("weir"), runner=runner(clicks=4))
    g = r.game
    assert ids(g.runner.discard) == ["spark_of_insight"] and len(g.runner.hand) == 2 and g.runner.clicks == 2


# ---------------------------------------------------------------- assets and upgrades


def remote(*root: str, rezzed: bool = True, **more: Any) -> dict[str, Any]:
    return corp(servers={"remote1": {"root": [{"card": c, "rezzed": rezzed} for c in root]}}, **more)


def test_black_level_clearance_hurts_or_sends_the_runner_out() -> None:
    r = play(RECORDS, ["run:remote1", "continue", "damage", "leave"], corp=remote("black_level_clearance", credits=0),
             runner=runner())  # fmt: skip
    g = r.game
    assert g.runner.brain_damage == 1 and len(g.runner.hand) == 2 and g.run_history[-1][2]
    r = play(RECORDS, ["run:remote1", "continue", "jack_out"], corp=remote("black_level_clearance", credits=0),
             runner=runner())  # fmt: skip
    g = r.game
    assert g.runner.brain_damage == 0 and not g.run_history[-1][2] and not events(r, "access")
    assert g.corp.credits == 5 and len(g.corp.hand) == 1 and ids(g.corp.discard) == ["black_level_clearance"]


def test_estelle_moon_counts_remote_installs_and_cashes_them_in() -> None:
    c = remote("estelle_moon", credits=0, hand=["nbn_billboard_network", "neutral_pilot_scheme", "nbn_static_veil"])
    r = play(RECORDS, ["install:nbn_billboard_network@new", "install:neutral_pilot_scheme@new",
                       "install:nbn_static_veil@hq", "use:estelle_moon/1"], corp=c, active="corp")  # fmt: skip
    g = r.game
    assert g.corp.credits == 4 and len(g.corp.hand) == 2 and ids(g.corp.discard) == ["estelle_moon"]


def test_honeyfarm_is_revealed_in_r_and_d_and_costs_a_credit() -> None:
    r = play(RECORDS, ["run:rnd", "continue", "leave"], corp=corp(deck=["honeyfarm", *RND]), runner=runner())
    g = r.game
    assert g.runner.credits == 4 and [e["card"] for e in events(r, "reveal")] == [str(g.corp.deck[-1])]
    r = play(RECORDS, ["run:hq", "continue", "leave"], corp=corp(hand=["honeyfarm"]), runner=runner())
    assert r.game.runner.credits == 4 and not events(r, "reveal")


def test_illegal_arms_factory_gives_bad_publicity_when_trashed_from_a_server() -> None:
    r = play(RECORDS, ["run:remote1", "continue", "trash:illegal_arms_factory"],
             corp=remote("illegal_arms_factory"), runner=runner(credits=6))  # fmt: skip
    assert r.game.corp.bad_publicity == 1 and ids(r.game.corp.discard) == ["illegal_arms_factory"]
    r = play(RECORDS, ["run:hq", "continue", "trash:illegal_arms_factory"], corp=corp(hand=["illegal_arms_factory"]),
             runner=runner(credits=6))  # fmt: skip
    assert r.game.corp.bad_publicity == 0 and ids(r.game.corp.discard) == ["illegal_arms_factory"]


def test_inez_a_swaps_a_scored_agenda_for_a_stolen_one() -> None:
    c = scoring("neutral_pilot_scheme", 2, credits=0, servers={"remote2": {"root": [
        {"card": "investigator_inez_delgado_a", "rezzed": True}]}})  # fmt: skip
    r = play(RECORDS, ["score:neutral_pilot_scheme", "yes"], corp=c, runner=runner(score_area=["nbn_open_channel_act"]),
             active="corp")  # fmt: skip
    g = r.game
    assert ids(g.corp.score_area) == ["nbn_open_channel_act"] and ids(g.runner.score_area) == ["neutral_pilot_scheme"]
    assert g.corp.credits == 4 and g.agenda_points("corp") == 2 and g.agenda_points("runner") == 1
    r = play(RECORDS, ["score:neutral_pilot_scheme", "no"], corp=c, runner=runner(score_area=["nbn_open_channel_act"]),
             active="corp")  # fmt: skip
    assert ids(r.game.corp.score_area) == ["neutral_pilot_scheme"] and r.game.corp.credits == 0


def test_inez_a_2_resolves_a_stolen_agenda_and_swaps_it() -> None:
    c = remote("nbn_ratings_mandate", rezzed=False, score_area=["neutral_charter_renewal"])
    c["servers"]["remote2"] = {"root": [{"card": "investigator_inez_delgado_a_2", "rezzed": True}]}
    r = play(RECORDS, ["run:remote1", "continue", "yes"], corp=c, runner=runner())
    g = r.game
    assert g.runner.tags == 1
    assert ids(g.corp.score_area) == ["nbn_ratings_mandate"] and ids(g.runner.score_area) == ["neutral_charter_renewal"]
    assert g.agenda_points("runner") == 3


def test_k_p_lynn_asks_for_a_tag_once_the_ice_is_passed() -> None:
    c = corp(credits=0, servers={"hq": {"ice": [{"card": "nbn_static_veil"}],
                                        "root": [{"card": "k_p_lynn", "rezzed": True}]}})  # fmt: skip
    r = play(RECORDS, ["run:hq", "tag", "continue", "leave"], corp=c, runner=runner())
    assert r.game.runner.tags == 1 and r.game.run_history[-1][2]
    r = play(RECORDS, ["run:hq", "end_run"], corp=c, runner=runner())
    assert r.game.runner.tags == 0 and ended(r) and not r.game.run_history[-1][2]
    bare = corp(servers={"hq": {"root": [{"card": "k_p_lynn", "rezzed": True}]}})
    r = play(RECORDS, ["run:hq", "tag"], corp=bare, runner=runner())
    assert r.game.runner.tags == 1  # no ice: passed as the run begins
    r = play(RECORDS, ["run:rnd", "continue"], corp=bare, runner=runner())
    assert r.game.runner.tags == 0 and r.game.run_history[-1][2]  # another server


def test_long_term_investment_grows_and_pays_out_from_8() -> None:
    c = remote("long_term_investment", credits=0)
    c["servers"]["remote1"]["root"][0]["credits"] = 4
    r = play(RECORDS, ["credit"], corp=c, runner=runner(clicks=1))
    lti = corp_card(r, "long_term_investment")
    assert lti.credits == 6 and not any(label.startswith("use:long_term") for label in labels(r))
    c["servers"]["remote1"]["root"][0]["credits"] = 6
    r = play(RECORDS, ["credit", "use:long_term_investment/1", "x:5"], corp=c, runner=runner(clicks=1))
    assert corp_card(r, "long_term_investment").credits == 3 and r.game.corp.credits == 5


def test_lt_todachine_tags_for_each_ice_rezzed() -> None:
    for todachine in ("lt_todachine", "lt_todachine_2"):
        c = corp(servers={"hq": {"ice": [{"card": "nbn_static_veil"}]},
                          "remote1": {"root": [{"card": todachine, "rezzed": True}]}})  # fmt: skip
        r = play(RECORDS, ["run:hq", "rez:nbn_static_veil"], corp=c, runner=runner())
        assert r.game.runner.tags == 1 and ended(r)


def test_mason_bellamy_takes_a_click_after_a_broken_encounter() -> None:
    c = corp(servers={"hq": {"ice": [{"card": "hb_lattice_gate", "rezzed": True}],
                             "root": [{"card": "mason_bellamy", "rezzed": True}]}})  # fmt: skip
    run = runner(rig=[{"card": "shade_key"}], clicks=4)
    r = play(RECORDS, ["run:hq", "break:shade_key/0", "continue"], corp=c, runner=run)
    assert r.game.runner.clicks == 2 and not ended(r)
    r = play(RECORDS, ["run:hq", "done"], corp=c, runner=run)
    assert r.game.runner.clicks == 3 and ended(r)  # nothing broken: no click lost


def test_mr_stone_hurts_whenever_tags_are_taken() -> None:
    c = remote("mr_stone", hand=["nbn_exclusive_scoop"])
    r = play(RECORDS, ["play:nbn_exclusive_scoop"], corp=c, runner=runner(), active="corp")
    g = r.game
    assert g.runner.tags == 1 and len(g.runner.hand) == 2 and events(r, "damage")[0]["damage"] == "meat"


def test_trojan_hurts_the_corp_when_accessed() -> None:
    c = corp(credits=5, deck=["trojan", *RND], hand=["nbn_static_veil"])
    r = play(RECORDS, ["run:rnd", "continue"], corp=c, runner=runner())
    g = r.game
    assert g.corp.credits == 3 and ids(g.corp.discard) == ["nbn_static_veil"] and ids(g.removed) == ["trojan"]
    assert events(r, "reveal")
    r = play(RECORDS, ["run:archives", "continue"], corp=corp(credits=5, discard=["trojan"], hand=["nbn_static_veil"]),
             runner=runner())  # fmt: skip
    assert r.game.corp.credits == 5 and ids(r.game.corp.hand) == ["nbn_static_veil"] and not r.game.removed


# ---------------------------------------------------------------- agendas


def test_brain_rewiring_sends_grip_cards_under_the_stack() -> None:
    c = scoring("brain_rewiring", 3, credits=3)
    r = play(RECORDS, ["score:brain_rewiring", "x:2"], corp=c, runner=runner(deck=["bench_night"]), active="corp")
    g = r.game
    assert g.corp.credits == 1 and len(g.runner.hand) == 2 and "bench_night" in ids(g.runner.hand)
    assert len(g.runner.deck) == 2 and not {"bench_night"} & set(ids(g.runner.deck))
    r = play(RECORDS, ["score:brain_rewiring", "x:0"], corp=c, runner=runner(deck=["bench_night"]), active="corp")
    assert r.game.corp.credits == 3 and len(r.game.runner.hand) == 3


def test_corporate_oversight_installs_and_rezzes_ice_from_r_and_d() -> None:
    c = scoring("corporate_oversight_a", 2, credits=0, deck=["nbn_static_veil", "weyland_slag_rampart", *RND])
    r = play(RECORDS, ["score:corporate_oversight_a", "yes", "weyland_slag_rampart"], corp=c, active="corp")
    g = r.game
    ice = corp_card(r, "weyland_slag_rampart")
    assert ice.rezzed and g.server_of(ice).remote and g.corp.credits == 0 and len(g.corp.deck) == 7
    c = scoring("corporate_oversight_b", 2, credits=0, deck=["nbn_static_veil", *RND])
    r = play(RECORDS, ["score:corporate_oversight_b", "yes", "nbn_static_veil", "rnd"], corp=c, active="corp")
    assert corp_card(r, "nbn_static_veil").rezzed and r.game.server_of(corp_card(r, "nbn_static_veil")).name == "rnd"


def test_elective_upgrade_trades_a_counter_for_clicks_once_a_turn() -> None:
    r = play(RECORDS, ["score:elective_upgrade", "use:elective_upgrade/1"], corp=scoring("elective_upgrade", 5),
             active="corp")  # fmt: skip
    g = r.game
    assert g.corp.clicks == 4 and g.corp.score_area[0].counters == {"agenda": 1}
    assert not any(label.startswith("use:elective_upgrade") for label in labels(r))


def test_evidence_collection_4_counts_less_for_the_runner() -> None:
    r = play(RECORDS, [], corp=corp(score_area=["evidence_collection_4"]), runner=runner(score_area=[
        "evidence_collection_4"]))  # fmt: skip
    assert r.game.agenda_points("runner") == 1 and r.game.agenda_points("corp") == 2


def test_graft_fetches_up_to_three_cards() -> None:
    c = scoring("graft", 5, deck=["nbn_static_veil", "nbn_billboard_network", "neutral_pilot_scheme", *RND])
    r = play(RECORDS, ["score:graft", "yes", "nbn_static_veil", "neutral_pilot_scheme", "done"], corp=c, active="corp")
    g = r.game
    assert ids(g.corp.hand) == ["nbn_static_veil", "neutral_pilot_scheme"] and len(g.corp.deck) == 7
    assert [e["card"] for e in events(r, "search")] == [str(c) for c in g.corp.hand]


def test_illicit_sales_pays_for_bad_publicity() -> None:
    c = scoring("illicit_sales", 3, credits=0, bad_publicity=1)
    r = play(RECORDS, ["score:illicit_sales", "yes"], corp=c, active="corp")
    assert r.game.corp.bad_publicity == 2 and r.game.corp.credits == 6
    r = play(RECORDS, ["score:illicit_sales", "no"], corp=c, active="corp")
    assert r.game.corp.bad_publicity == 1 and r.game.corp.credits == 3


def test_paper_trail_trashes_connections_and_jobs_on_a_successful_trace() -> None:
    run = runner(rig=[{"card": "old_school_mentor"}, {"card": "garage_lab"}, {"card": "dockside_tipster"}])
    r = play(RECORDS, ["score:paper_trail", "pay:0", "pay:0"], corp=scoring("paper_trail", 4), runner=run,
             active="corp")  # fmt: skip
    g = r.game
    assert ids(g.runner.rig) == ["garage_lab"] and sorted(ids(g.runner.discard)) == ["dockside_tipster",
                                                                                      "old_school_mentor"]  # fmt: skip


def test_successful_field_test_installs_from_hq_for_free() -> None:
    c = scoring("successful_field_test", 4, credits=0, hand=["nbn_static_veil", "nbn_billboard_network", "hb_lattice_gate"],
                servers={"hq": {"ice": [{"card": "weyland_slag_rampart"}]}})  # fmt: skip
    r = play(RECORDS, ["score:successful_field_test", "nbn_static_veil", "hq", "nbn_billboard_network", "done"],
             corp=c, active="corp")  # fmt: skip
    g = r.game
    assert ids(g.corp.hand) == ["hb_lattice_gate"] and g.corp.credits == 0
    assert ids(g.servers["hq"].ice) == ["weyland_slag_rampart", "nbn_static_veil"]
    assert g.server_of(corp_card(r, "nbn_billboard_network")).remote


# ---------------------------------------------------------------- operations


def test_hunter_seeker_needs_a_steal_last_turn_and_trashes_a_card() -> None:
    c = remote("neutral_pilot_scheme", rezzed=False, hand=["hunter_seeker"], credits=5)
    run = runner(clicks=1, rig=[{"card": "garage_lab"}])
    r = play(RECORDS, ["run:remote1", "continue", "play:hunter_seeker"], corp=c, runner=run)
    g = r.game
    assert ids(g.runner.discard) == ["garage_lab"] and g.corp.clicks == 1
    assert g.corp.credits == 5  # 5 + 2 (the stolen agenda's ability) - 2
    r = play(RECORDS, ["credit"], corp=c, runner=run)
    assert r.game.active == "corp" and not any(label.startswith("play:hunter") for label in labels(r))


def test_ipo_ends_the_action_phase() -> None:
    r = play(RECORDS, ["play:ipo"], corp=corp(hand=["ipo"], credits=8), runner=runner(), active="corp")
    g = r.game
    assert g.corp.credits == 13 and g.active == "runner" and g.corp.clicks == 0


def test_ultraviolet_clearance_gains_draws_and_installs() -> None:
    c = corp(hand=["ultraviolet_clearance", "nbn_billboard_network"], credits=6, deck=RND)
    r = play(RECORDS, ["play:ultraviolet_clearance", "nbn_billboard_network"], corp=c, active="corp")
    g = r.game
    assert g.corp.credits == 10 and len(g.corp.hand) == 4 and g.corp.clicks == 0
    assert g.server_of(corp_card(r, "nbn_billboard_network")).remote


def test_skorpios_removes_one_trashed_runner_card_a_turn() -> None:
    c = corp(identity="skorpios_defense_systems_persuasive_power",
             servers={"hq": {"ice": [{"card": "neutral_patrol_script", "rezzed": True},
                                     {"card": "jinteki_needle_choir", "rezzed": True}]}})  # fmt: skip
    run = runner(hand=GRIP[:2], rig=[{"card": "cache_sorter"}])
    r = play(RECORDS, ["run:hq", "light_fingers", "continue"], corp=c, runner=run)
    g = r.game
    assert ids(g.removed) == ["light_fingers"] and sorted(ids(g.runner.discard)) == ["cache_sorter",
                                                                                      "overnight_takeout"]  # fmt: skip


# ---------------------------------------------------------------- events


def test_brute_force_hack_derezzes_ice_up_to_x() -> None:
    c = on_hq("weyland_slag_rampart", "hb_lattice_gate")
    r = play(RECORDS, ["play:brute_force_hack", "x:2"], corp=c, runner=runner(hand=["brute_force_hack"]))
    g = r.game
    assert not corp_card(r, "hb_lattice_gate").rezzed and corp_card(r, "weyland_slag_rampart").rezzed
    assert g.runner.credits == 3 and g.runner.clicks == 2


def test_deep_data_mining_accesses_more_for_free_memory() -> None:
    r = play(RECORDS, ["play:deep_data_mining", "continue"], corp=corp(deck=RND),
             runner=runner(hand=["deep_data_mining"]))  # fmt: skip
    assert len(events(r, "access")) == 5 and r.game.runner.credits == 2
    run = runner(hand=["deep_data_mining"], rig=[{"card": "rockbit_drill"}, {"card": "shade_key"}])
    r = play(RECORDS, ["play:deep_data_mining", "continue"], corp=corp(deck=RND), runner=run)
    assert len(events(r, "access")) == 4  # 5 MU, 2 used: 3 more


def test_spear_phishing_bypasses_the_innermost_ice() -> None:
    c = on_hq("weyland_slag_rampart", "hb_lattice_gate")
    run = runner(hand=["spear_phishing"], rig=[{"card": "shade_key"}])
    r = play(RECORDS, ["play:spear_phishing", "hq", "break:shade_key/0", "continue", "continue"], corp=c, runner=run)
    g = r.game
    assert g.run_history[-1][2] and not ended(r) and not g.in_play
    assert [e["ice"] for e in events(r, "bypass")] == [str(corp_card(r, "weyland_slag_rampart"))]


def test_syn_attack_lets_the_corp_discard_or_draw() -> None:
    c = corp(hand=["nbn_static_veil", "hb_lattice_gate", "neutral_pilot_scheme"], deck=RND)
    r = play(RECORDS, ["play:syn_attack", "draw"], corp=c, runner=runner(hand=["syn_attack"]))
    assert len(r.game.corp.hand) == 7 and r.game.runner.clicks == 2
    r = play(RECORDS, ["play:syn_attack", "discard", "nbn_static_veil", "hb_lattice_gate"], corp=c,
             runner=runner(hand=["syn_attack"]))  # fmt: skip
    assert ids(r.game.corp.hand) == ["neutral_pilot_scheme"] and len(r.game.corp.discard) == 2


# ---------------------------------------------------------------- programs


def test_adept_grows_with_free_memory_and_breaks_sentries_and_barriers() -> None:
    r = play(RECORDS, ["run:hq", "use:adept/0", "continue"], corp=on_hq("weyland_slag_rampart"),
             runner=runner(rig=[{"card": "adept"}]))  # fmt: skip
    g = r.game
    assert g.strength_of(rig(r, "adept")) == 5 and g.runner.credits == 3 and g.run_history[-1][2]
    r = play(RECORDS, ["run:hq"], corp=on_hq("hb_lattice_gate"), runner=runner(rig=[{"card": "adept"}]))
    assert not any(label.startswith("use:adept") for label in labels(r))  # a code gate
    r = play(RECORDS, ["run:hq"], corp=on_hq("weyland_slag_rampart"),
             runner=runner(rig=[{"card": "adept"}, {"card": "cache_sorter"}]))  # fmt: skip
    assert r.game.strength_of(rig(r, "adept")) == 4 and not any(label.startswith("use:adept") for label in labels(r))


def test_savant_breaks_two_code_gate_subroutines() -> None:
    r = play(RECORDS, ["run:hq", "use:savant/0", "sub:1", "continue"], corp=on_hq("nbn_subscription_gate"),
             runner=runner(rig=[{"card": "savant"}]))  # fmt: skip
    g = r.game
    assert g.strength_of(rig(r, "savant")) == 4 and g.runner.credits == 3 and len(events(r, "break")) == 2
    assert g.run_history[-1][2] and g.corp.credits == 5


def test_demara_and_lustig_bypass_by_trashing_themselves() -> None:
    r = play(RECORDS, ["run:hq", "use:demara/2", "continue"], corp=on_hq("weyland_slag_rampart"),
             runner=runner(rig=[{"card": "demara"}]))  # fmt: skip
    g = r.game
    assert ids(g.runner.discard) == ["demara"] and g.run_history[-1][2] and not ended(r)
    r = play(RECORDS, ["run:hq", "use:lustig/2", "continue"], corp=on_hq("neutral_patrol_script"),
             runner=runner(rig=[{"card": "lustig"}, {"card": "cache_sorter"}]))  # fmt: skip
    g = r.game
    assert ids(g.runner.discard) == ["lustig"] and ids(g.runner.rig) == ["cache_sorter"] and g.run_history[-1][2]
    r = play(RECORDS, ["run:hq"], corp=on_hq("weyland_slag_rampart"), runner=runner(rig=[{"card": "lustig"}]))
    assert not any(label.startswith("use:lustig") for label in labels(r))  # a barrier


def test_mammon_buys_power_counters_that_break_and_then_vanish() -> None:
    c = on_hq("hb_lattice_gate", clicks=1)
    run = runner(rig=[{"card": "mammon"}], credits=5)
    r = play(RECORDS, ["credit", "x:3", "run:hq", "boost:mammon/3", "use:mammon/2", "continue"], corp=c, runner=run,
             active="corp")  # fmt: skip
    g = r.game
    assert rig(r, "mammon").counters == {"power": 2} and g.runner.credits == 0 and g.run_history[-1][2]
    r = play(RECORDS, ["credit", "x:3", "run:hq", "boost:mammon/3", "use:mammon/2", "continue", "credit", "credit",
                       "credit"], corp=c, runner=run, active="corp")  # fmt: skip
    assert not rig(r, "mammon").counters and r.game.active == "corp"


def test_surveillance_network_key_reveals_the_first_card_a_click_draws() -> None:
    c = remote("nbn_press_office", deck=["nbn_static_veil", "hb_lattice_gate", *RND], hand=["hb_quarterly_review"])
    for snk in ("surveillance_network_key", "surveillance_network_key_2"):
        r = play(RECORDS, ["draw", "use:nbn_press_office/0", "play:hb_quarterly_review"], corp=c,
                 runner=runner(rig=[{"card": snk}]), active="corp")  # fmt: skip
        g = r.game
        shown = [e["card"] for e in events(r, "reveal")]
        assert len(shown) == 2 and [s.split("#")[0] for s in shown] == [g.corp.hand[0].name, g.corp.hand[1].name]
        assert len(g.corp.hand) == 5


def test_surveillance_network_key_2_accesses_one_more_card() -> None:
    c = corp(hand=["nbn_static_veil", "weyland_slag_rampart", "hb_lattice_gate"])
    run = runner(rig=[{"card": "surveillance_network_key_2"}])
    r = play(RECORDS, ["run:hq", "use:surveillance_network_key_2/1", "continue"], corp=c, runner=run)
    g = r.game
    assert len(events(r, "access")) == 2 and g.runner.credits == 3
    r = play(RECORDS, ["run:hq", "use:surveillance_network_key_2/1", "continue", "run:hq"], corp=c, runner=run)
    assert not any(label.startswith("use:surveillance") for label in labels(r))  # once per turn


# ---------------------------------------------------------------- hardware


def test_polyhistor_draws_for_both_once_a_turn_after_hq_ice() -> None:
    c = corp(credits=0, servers={"hq": {"ice": [{"card": "nbn_static_veil"}]}}, deck=RND)
    run = runner(rig=[{"card": "polyhistor"}], deck=["bench_night", "bin_diving"])
    r = play(RECORDS, ["run:hq", "yes", "continue", "run:hq", "continue"], corp=c, runner=run)
    g = r.game
    assert ids(g.runner.hand)[-1] == "bench_night" and len(g.runner.hand) == 4 and len(g.corp.hand) == 1
    assert g.memory_limit() == 6 and g.link() == 1


def test_bmi_buffer_keeps_programs_trashed_from_the_grip_and_installs_them() -> None:
    run = runner(hand=["cache_sorter", "nightly_compiler"], rig=[{"card": "bmi_buffer"}], credits=5)
    r = play(RECORDS, ["run:hq", "continue", "use:bmi_buffer/2", "nightly_compiler"],
             corp=on_hq("jinteki_needle_choir"), runner=run)  # fmt: skip
    g = r.game
    bmi = rig(r, "bmi_buffer")
    assert not g.runner.discard and ids(bmi.hosted) == ["cache_sorter"] and not g.runner.hand
    assert rig(r, "nightly_compiler") is not None and g.runner.credits == 3 and g.runner.clicks == 1
    g.trash(bmi, "test", by="corp")
    assert sorted(ids(g.runner.discard)) == ["bmi_buffer", "cache_sorter"]
    run = runner(hand=["cache_sorter", "light_fingers"], rig=[{"card": "bmi_buffer_2"}], credits=0)
    r = play(RECORDS, ["run:hq", "cache_sorter", "jack_out", "use:bmi_buffer_2/2"], corp=on_hq("weir"), runner=run)
    g = r.game
    assert rig(r, "cache_sorter") is not None and not rig(r, "bmi_buffer_2").hosted and g.runner.clicks == 0
    assert not g.runner.discard


def test_consoles_allow_only_one() -> None:
    run = runner(hand=["polyhistor", "ubax"], rig=[{"card": "pocket_terminal"}], credits=10)
    r = play(RECORDS, [], runner=run)
    assert not any(label.startswith(("install:polyhistor", "install:ubax")) for label in labels(r))
    r = play(RECORDS, [], runner=runner(hand=["polyhistor", "ubax"], credits=10))
    assert {"install:polyhistor", "install:ubax"} <= {label.split("#")[0] for label in labels(r)}


# ---------------------------------------------------------------- resources


def test_biometric_spoofing_prevents_two_damage() -> None:
    r = play(RECORDS, ["run:hq", "use:biometric_spoofing/0", "continue"], corp=on_hq("jinteki_needle_choir"),
             runner=runner(rig=[{"card": "biometric_spoofing"}]))  # fmt: skip
    g = r.game
    assert len(g.runner.hand) == 3 and ids(g.runner.discard) == ["biometric_spoofing"]


def test_charlatan_runs_and_pays_to_bypass_the_first_rezzed_ice() -> None:
    c = on_hq("weyland_slag_rampart")
    r = play(RECORDS, ["use:charlatan/0", "hq", "yes", "continue"], corp=c, runner=runner(rig=[{"card": "charlatan"}]))
    g = r.game
    assert g.runner.credits == 0 and g.runner.clicks == 2 and g.run_history[-1][2] and not ended(r)
    r = play(RECORDS, ["use:charlatan/0", "hq", "no"], corp=c, runner=runner(rig=[{"card": "charlatan"}]))
    assert ended(r) and r.game.runner.credits == 5


def test_dean_lister_makes_an_icebreaker_stronger_for_the_run() -> None:
    c = on_hq("weyland_slag_rampart")
    run = runner(rig=[{"card": "rockbit_drill"}, {"card": "dean_lister"}], credits=1)
    r = play(RECORDS, ["run:hq", "use:dean_lister/0", "break:rockbit_drill/0", "continue"], corp=c, runner=run)
    g = r.game
    assert g.run_history[-1][2] and ids(g.runner.discard) == ["dean_lister"] and g.runner.credits == 0
    assert g.strength_of(rig(r, "rockbit_drill")) == 2  # the run is over


def test_inez_goes_to_the_score_area_to_reveal_after_a_steal() -> None:
    c = remote("neutral_pilot_scheme", rezzed=False, hand=["nbn_static_veil"], deck=["hb_lattice_gate", *RND], credits=0)
    c["servers"]["remote2"] = {"root": [{"card": "nbn_billboard_network"}]}
    run = runner(rig=[{"card": "investigator_inez_delgado_4"}, {"card": "investigator_inez_delgado"}])
    r = play(RECORDS, [], corp=c, runner=run)
    assert not any(label.startswith("use:investigator") for label in labels(r))
    r = play(RECORDS, ["run:remote1", "continue", "use:investigator_inez_delgado_4/0"], corp=c, runner=run)
    g = r.game
    assert ids(g.runner.score_area) == ["neutral_pilot_scheme", "investigator_inez_delgado_4"]
    assert g.agenda_points("runner") == 1 and ids(g.runner.rig) == ["investigator_inez_delgado"]
    shown = [e["cards"] for e in events(r, "reveal")]
    assert shown == [[str(g.corp.hand[0])], [str(g.corp.deck[-1])]]
    r = play(RECORDS, ["run:remote1", "continue", "use:investigator_inez_delgado/0"], corp=c, runner=run)
    assert [e["card"] for e in events(r, "exposed")] == [str(corp_card(r, "nbn_billboard_network"))]


def test_laguna_velasco_district_draws_one_more() -> None:
    r = play(RECORDS, ["draw"], runner=runner(rig=[{"card": "laguna_velasco_district"}], deck=GRIP[3:]))
    assert len(r.game.runner.hand) == 5 and r.game.runner.clicks == 3


def test_levy_lab_finds_a_program_and_sorts_the_rest_under_the_stack() -> None:
    deck = ["cache_sorter", "bench_night", "nightly_compiler", "light_fingers", "bin_diving"]
    run = runner(rig=[{"card": "levy_advanced_research_lab"}], deck=deck, hand=[])
    r = play(RECORDS, ["use:levy_advanced_research_lab/0", "nightly_compiler", "bench_night", "light_fingers"],
             runner=run)  # fmt: skip
    g = r.game
    assert ids(g.runner.hand) == ["nightly_compiler"]
    assert ids(reversed(g.runner.deck)) == ["bin_diving", "cache_sorter", "light_fingers", "bench_night"]


def test_maxwell_james_derezzes_remote_ice_right_after_a_successful_hq_run() -> None:
    c = corp(credits=0, servers={"remote1": {"ice": [{"card": "weyland_slag_rampart", "rezzed": True}],
                                  "root": [{"card": "nbn_billboard_network"}]}})  # fmt: skip
    run = runner(rig=[{"card": "maxwell_james"}])
    r = play(RECORDS, ["run:hq", "continue"], corp=c, runner=run)
    assert "use:maxwell_james/3" in {label.split("#")[0] + "/" + label.split("/")[-1] for label in labels(r)}
    r = play(RECORDS, ["run:hq", "continue", "use:maxwell_james/3"], corp=c, runner=run)
    assert not corp_card(r, "weyland_slag_rampart").rezzed and ids(r.game.runner.discard) == ["maxwell_james"]
    r = play(RECORDS, ["run:hq", "continue", "credit"], corp=c, runner=run)
    assert not any(label.startswith("use:maxwell") for label in labels(r))  # the window passed
    r = play(RECORDS, ["run:hq", "jack_out"], corp=c, runner=run)
    assert not any(label.startswith("use:maxwell") for label in labels(r))  # not successful


def test_officer_frank_trashes_hq_cards_after_meat_damage() -> None:
    c = corp(hand=["nbn_static_veil", "hb_lattice_gate", "neutral_pilot_scheme"],
             servers={"remote1": {"root": [{"card": "weyland_foreman_krug", "rezzed": True}]}})  # fmt: skip
    run = runner(rig=[{"card": "officer_frank"}], hand=GRIP)
    r = play(RECORDS, [], corp=c, runner=run)
    assert not any(label.startswith("use:officer_frank") for label in labels(r))
    r = play(RECORDS, ["run:remote1", "continue", "leave", "use:officer_frank/0"], corp=c, runner=run)
    g = r.game
    assert len(g.corp.hand) == 1 and len(g.corp.discard) == 2 and g.runner.credits == 4
    assert not any(card.faceup for card in g.corp.discard)


def test_the_masque_runs_with_a_click_back() -> None:
    r = play(RECORDS, ["use:the_masque_a/0", "hq", "continue"], corp=corp(hand=["nbn_static_veil"]),
             runner=runner(rig=[{"card": "the_masque_a"}], deck=["bench_night"]))  # fmt: skip
    g = r.game
    assert g.runner.clicks == 4 and ids(g.runner.hand)[-1] == "bench_night" and g.run_history[-1][2]
    r = play(RECORDS, ["use:the_masque_b/0", "hq", "continue", "yes", "rnd", "continue"],
             corp=corp(hand=["nbn_static_veil"]), runner=runner(rig=[{"card": "the_masque_b"}]))  # fmt: skip
    g = r.game
    assert [(server, ok) for _, server, ok in g.run_history] == [("hq", True), ("rnd", True)] and g.runner.clicks == 4


def test_the_shadow_net_plays_an_event_from_the_heap() -> None:
    run = runner(rig=[{"card": "the_shadow_net"}], score_area=["neutral_pilot_scheme"], discard=["light_fingers"])
    r = play(RECORDS, ["use:the_shadow_net/0"], runner=run)
    g = r.game
    assert g.runner.credits == 9 and not g.runner.score_area and ids(g.runner.discard) == ["light_fingers"]
    assert g.runner.clicks == 3
    r = play(RECORDS, [], runner=runner(rig=[{"card": "the_shadow_net"}], discard=["light_fingers"]))
    assert not any(label.startswith("use:the_shadow_net") for label in labels(r))
