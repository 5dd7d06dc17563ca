"""The Borealis cycle's runner card scripts, each played through a scenario that checks what changes."""

from __future__ import annotations

from typing import Any

from .kit import accessed, bundled, card, card_in, events, identity, labels, loose, play, rig

MARK_NOTE = "(No mark yet this turn: a central server picked at random becomes it.)"
SABOTAGE_NOTE = "(The Corp picks that many cards among HQ and the top of R&D and trashes them.)"
CHARGE_NOTE = "(One more power counter on a card that holds one already.)"

ABAASY = card(
    "abaasy",
    "program",
    ["Once per turn, after this program breaks every subroutine on a piece of ice, you may discard a grip card "
     "to draw a card.",
     "Interface → 1[credit]: Break 1 <strong>code gate</strong> subroutine.",
     "2[credit]: +2 strength."],  # fmt: skip
    subtypes=["icebreaker", "decoder"], cost=2, strength=1, memory_cost=1, faction="anarch",
)  # fmt: skip
ASMUND = card(
    "asmund_pudlat",
    "resource",
    ["On install, look through your stack for as many as 2 virus or weapon cards, no two alike by name, and put "
     "them faceup on this card without installing them.",
     "At the start of your turn, you may move one card off this resource into your grip; once it carries none, "
     "trash it."],  # fmt: skip
    subtypes=["connection", "seedy"], cost=2, unique=True, faction="criminal",
)  # fmt: skip
AVGUSTINA = card(
    "avgustina_ivanovskaya",
    "resource",
    [f"Your first virus program install of each turn makes you sabotage 1. {SABOTAGE_NOTE}"],
    subtypes=["connection"], cost=1, unique=True, faction="anarch",
)  # fmt: skip
BASILAR = card(
    "basilar_synthgland_2kvj",
    "hardware",
    ["When you install this hardware, suffer 2 core damage.",
     "Each of your turns gives you one click above the usual."],  # fmt: skip
    subtypes=["cybernetic"], cost=1, unique=True, faction="shaper",
)  # fmt: skip
BEGEMOT = card(
    "begemot",
    "program",
    ["When you install this program, suffer 1 core damage.",
     "This breaker is stronger by 1 for every core damage you have suffered in the game.",
     "Interface → 1[credit]: Break any number of <strong>barrier</strong> subroutines."],  # fmt: skip
    subtypes=["icebreaker", "fracter"], cost=5, strength=2, memory_cost=2, faction="anarch",
)  # fmt: skip
CARPE_DIEM = card(
    "carpe_diem",
    "event",
    [f"Find your mark. {MARK_NOTE}",
     "Take 4[credit]; then you may make a run against your mark."],  # fmt: skip
    subtypes=["run"], cost=1, faction="criminal",
)  # fmt: skip
CATS_CRADLE = card(
    "cats_cradle",
    "program",
    ["Code gate ice costs 1[credit] more to rez.",
     "Interface → 1[credit]: Break 1 <strong>code gate</strong> subroutine.",
     "1[credit]: +1 strength."],  # fmt: skip
    subtypes=["icebreaker", "decoder"], cost=2, strength=1, memory_cost=1, faction="criminal",
)  # fmt: skip
CHASTUSHKA = card(
    "chastushka",
    "event",
    [f"Make a run on HQ; when it succeeds, skip the breach and sabotage 4 in its place. {SABOTAGE_NOTE}"],
    subtypes=["run", "sabotage"], cost=3, faction="anarch",
)  # fmt: skip
DAEG = card(
    "daeg_first_net_cat",
    "resource",
    [f"Each time either side scores or steals an agenda, you may charge an installed card of yours. {CHARGE_NOTE}"],
    subtypes=["companion", "virtual"], cost=1, unique=True, faction="shaper",
)  # fmt: skip
DEEP_DIVE = card(
    "deep_dive",
    "event",
    ["You can play this only after successful runs this turn on each of HQ, R&D and Archives.",
     "The top 8 cards of R&D are laid out faceup; access one of them, and for [click] more another one. The Corp "
     "then shuffles them back into R&D."],  # fmt: skip
    cost=2, faction="shaper",
)  # fmt: skip
DR_NUKA = card(
    "dr_nuka_vrolyck",
    "resource",
    ["As this resource is installed, load it with 2 power counters; once none are left, trash it.",
     "[click], <strong>hosted power counter:</strong> Draw 3 cards."],  # fmt: skip
    subtypes=["connection"], cost=1, unique=True, faction="shaper",
)  # fmt: skip
ENDURANCE = card(
    "endurance",
    "hardware",
    ["+2[mu]",
     "When you install this hardware, place 3 power counters on it.",
     "On your first successful run of a turn, add a power counter here.",
     "Spend 2 power counters from here: break as many as 2 subroutines.",
     "You may have only one console installed."],  # fmt: skip
    subtypes=["console", "vehicle"], cost=8, unique=True, faction="shaper",
)  # fmt: skip
ENV_TESTING = card(
    "environmental_testing",
    "resource",
    ["Each program or hardware you install adds a power counter here.",
     "Once this holds at least 4 power counters, trash it and take 9[credit]."],  # fmt: skip
    cost=3, faction="shaper",
)  # fmt: skip
FINALITY = card(
    "finality",
    "event",
    ["Playing this also costs you 1 core damage.",
     "Run R&D. If successful, access 3 additional cards when you breach R&D."],  # fmt: skip
    subtypes=["run"], cost=2, faction="anarch",
)  # fmt: skip
HYPERBARIC = card(
    "hyperbaric",
    "program",
    ["When you install this program, place 1 power counter on it.",
     "Each power counter here adds 1 to this breaker's strength.",
     "Interface → 1[credit]: Break 1 <strong>code gate</strong> subroutine.",
     "2[credit]: Place 1 power counter on this program."],  # fmt: skip
    subtypes=["icebreaker", "decoder"], cost=3, strength=0, memory_cost=1, faction="shaper",
)  # fmt: skip
INFO_BOUNTY = card(
    "info_bounty",
    "resource",
    [f"As your turn starts, find your mark. {MARK_NOTE}",
     "When your first run of the turn on your mark is over, take 2[credit] if that run breached it."],  # fmt: skip
    subtypes=["job"], cost=2, unique=True, faction="criminal",
)  # fmt: skip
INTO_THE_DEPTHS = card(
    "into_the_depths",
    "event",
    ["Make a run on any server. When it succeeds, pick one new option for each piece of ice you passed: take "
     "4[credit]; fetch a program from your stack and install it (shuffle after); or charge an installed card."],
    subtypes=["run"], cost=1, faction="shaper",
)  # fmt: skip
KATORGA = card(
    "katorga_breakout",
    "event",
    ["Make a run on any server; when it succeeds, return a card from your heap to your grip."],
    subtypes=["run"], cost=2, faction="anarch",
)  # fmt: skip
MARROW = card(
    "marrow",
    "hardware",
    ["+1[mu]",
     "You get +3 maximum hand size.",
     "When you install this hardware, suffer 1 core damage.",
     f"Each agenda the Corp scores makes you sabotage 1. {SABOTAGE_NOTE}",
     "You may have only one console installed."],  # fmt: skip
    subtypes=["console", "cybernetic"], cost=2, unique=True, faction="anarch",
)  # fmt: skip
MATRYOSHKA = card(
    "matryoshka",
    "program",
    ["As your turn starts, every card hosted here turns faceup.",
     "[click]: put another Matryoshka from your grip faceup on this program, not installed.",
     "Interface → X[credit] and turning one faceup hosted Matryoshka facedown: break X subroutines.",
     "1[credit]: +1 strength.",
     "Limit 6 per deck."],  # fmt: skip
    subtypes=["icebreaker", "ai"], cost=3, strength=2, memory_cost=2, deck_limit=6,
)  # fmt: skip
NANUQ = card(
    "nanuq",
    "program",
    ["If this program leaves the rig, it leaves the game.",
     "It also leaves the game as soon as an agenda is scored or stolen.",
     "Interface → 2[credit]: break as many as 2 subroutines.",
     "1[credit]: +1 strength."],  # fmt: skip
    subtypes=["icebreaker", "ai"], cost=4, strength=3, memory_cost=2, faction="shaper",
)  # fmt: skip
NGA = card(
    "nga",
    "program",
    ["As this program is installed, load it with 3 power counters; once none are left, trash it.",
     f"On your first successful run of a turn, you may spend a power counter here to sabotage 1. {SABOTAGE_NOTE}"],
    cost=2, memory_cost=1, unique=True, faction="anarch",
)  # fmt: skip
ORCA = card(
    "orca",
    "program",
    [f"Once per turn, after this program breaks every subroutine on a piece of ice, you may charge an installed "
     f"card. {CHARGE_NOTE}",
     "Interface → 2[credit]: Break any number of <strong>sentry</strong> subroutines.",
     "2[credit]: +3 strength."],  # fmt: skip
    subtypes=["icebreaker", "killer"], cost=10, strength=3, memory_cost=2, faction="shaper",
)  # fmt: skip
PAN_WEAVE = card(
    "pan_weave",
    "hardware",
    ["When you install this hardware, suffer 1 meat damage.",
     "Your first successful HQ run of each turn takes 1[credit] from the Corp; you gain it if they lost it."],
    subtypes=["cybernetic"], cost=2, unique=True, faction="criminal",
)  # fmt: skip
PINHOLE = card(
    "pinhole_threading",
    "event",
    ["Make a run on any server. When it succeeds, do not breach; access one card from the root of a different "
     "server instead. An agenda accessed that way can be neither stolen nor trashed."],
    subtypes=["run"], cost=1, faction="criminal",
)  # fmt: skip
POISON_VIAL = card(
    "poison_vial",
    "hardware",
    ["As this hardware is installed, load it with 3 power counters; once none are left, trash it.",
     "Spend a power counter from here: break as many as 2 subroutines, but only once you have broken a "
     "subroutine in this encounter already."],  # fmt: skip
    subtypes=["weapon"], cost=2, faction="criminal",
)  # fmt: skip
RAINDROPS = card(
    "raindrops_cut_stone",
    "event",
    ["Make a run on any server. Every subroutine resolving during it, run-ending ones included, adds a power "
     "counter to this event.",
     "After the run, draw a card per power counter here and take 3[credit]."],  # fmt: skip
    subtypes=["run"], cost=1, faction="anarch",
)  # fmt: skip
REPRISE = card(
    "reprise",
    "event",
    ["You can play this only in a turn in which you stole an agenda.",
     "Return an installed Corp card to HQ. Then you may make a run on any server."],  # fmt: skip
    subtypes=["run"], cost=2, faction="criminal",
)  # fmt: skip
REVOLVER = card(
    "revolver",
    "program",
    ["When you install this program, place 6 power counters on it.",
     "Interface → trash this program, or spend a power counter from it: break 1 sentry subroutine.",
     "2[credit]: +3 strength."],  # fmt: skip
    subtypes=["icebreaker", "killer", "weapon"], cost=2, strength=1, memory_cost=1, faction="criminal",
)  # fmt: skip
RIGGING_UP = card(
    "rigging_up",
    "event",
    [f"Install a program or hardware from your grip for 3[credit] less; you may then charge it. {CHARGE_NOTE}"],
    subtypes=["mod"], cost=0, faction="shaper",
)  # fmt: skip
RUNNING_HOT = card(
    "running_hot",
    "event",
    ["Playing this also costs you 1 core damage.",
     "Gain [click][click][click]."],  # fmt: skip
    cost=1, faction="anarch",
)  # fmt: skip
SPARK = card(
    "spark_of_inspiration",
    "event",
    ["Turn over cards from the top of your stack until a program shows; you may install it for 10[credit] less. "
     "Shuffle everything turned over back into the stack."],
    subtypes=["mod"], cost=3, faction="shaper",
)  # fmt: skip
STONESHIP = card(
    "stoneship_chart_room",
    "resource",
    ["[trash]: Draw 2 cards.",
     f"[trash]: charge an installed card. {CHARGE_NOTE}"],  # fmt: skip
    subtypes=["location"], cost=0, faction="shaper",
)  # fmt: skip
TIME_BOMB = card(
    "time_bomb",
    "hardware",
    ["Installable only after a successful run on a central server this turn; it comes in with a power counter.",
     f"As your turn starts: with 3 or more power counters here, trash it and sabotage 3 {SABOTAGE_NOTE}; "
     "otherwise add a power counter here."],  # fmt: skip
    subtypes=["weapon"], cost=1, unique=True, faction="anarch",
)  # fmt: skip
TREMOLO = card(
    "tremolo",
    "program",
    ["Interface → 3[credit], 1[credit] less per installed cybernetic hardware: break as many as 2 barrier "
     "subroutines.",
     "2[credit]: +2 strength."],  # fmt: skip
    subtypes=["icebreaker", "fracter"], cost=3, strength=2, memory_cost=1, faction="criminal",
)  # fmt: skip
TSAKHIA = card(
    "tsakhia_bankhar_gantulga",
    "resource",
    ["As your turn starts, you may name a server.",
     "In the first encounter of the turn with ice guarding that server, each subroutine the Corp resolves does 1 "
     "net damage and nothing else."],  # fmt: skip
    subtypes=["connection"], cost=1, unique=True, faction="anarch",
)  # fmt: skip
TUNNEL_VISION = card(
    "tunnel_vision",
    "program",
    [f"As your turn starts, find your mark. {MARK_NOTE}",
     "Interface → 2[credit]: break as many as 2 subroutines of ice guarding your mark.",
     "2[credit]: +2 strength."],  # fmt: skip
    subtypes=["icebreaker", "ai"], cost=2, strength=2, memory_cost=2, faction="criminal",
)  # fmt: skip
WAKE = card(
    "wake_implant_v2a_jrj",
    "hardware",
    ["When you install this hardware, suffer 1 meat damage.",
     "Whenever you make a successful run on HQ, place 1 power counter on this hardware.",
     "Breaching R&D, you may spend as many as 3 power counters from here to access that many more cards."],
    subtypes=["cybernetic"], cost=1, unique=True, faction="criminal",
)  # fmt: skip
WORLD_TREE = card(
    "world_tree",
    "program",
    ["On your first successful run of a turn, you may trash another installed card of yours to look through your "
     "stack for a card of its type (shuffle after) and install that card for 3[credit] less."],
    subtypes=["deep_net"], cost=6, memory_cost=2, faction="shaper",
)  # fmt: skip
ZENIT = card(
    "zenit_chip_jz_2mj",
    "hardware",
    ["When you install this hardware, suffer 1 core damage.",
     "Your first successful run on a central server in a turn draws you a card."],  # fmt: skip
    subtypes=["cybernetic", "chip"], cost=1, unique=True, faction="criminal",
)  # fmt: skip
K2CP = card(
    "k2cp_turbine",
    "program",
    ["Every installed icebreaker other than an AI has 2 more strength."],
    cost=4, memory_cost=1, faction="shaper",
)  # fmt: skip
BACKSTITCHING = card(
    "backstitching",
    "resource",
    [f"As your turn starts, find your mark. {MARK_NOTE}",
     "On meeting a piece of ice while running your mark, you may trash this resource to bypass it."],  # fmt: skip
    subtypes=["virtual"], cost=2, faction="criminal",
)  # fmt: skip
CEZVE = card(
    "cezve",
    "program",
    ["It keeps 2 credits of its own, refilled to 2 on install and before each of your turns.",
     "Those credits can be spent during runs on a central server."],  # fmt: skip
    cost=2, memory_cost=1, faction="criminal",
)  # fmt: skip
CONCERTO = card(
    "concerto",
    "event",
    ["Show the top card of your stack, put on this event as many credits as the play or install cost printed on "
     "it, and take that card into your grip.",
     "Make a run on any server; the credits on this event can pay for anything during it."],  # fmt: skip
    subtypes=["run"], cost=0, faction="criminal",
)  # fmt: skip
ESA = identity(
    "esa_afontov_eco_insurrectionist",
    "runner",
    [f"Once per turn, when you first suffer core damage, you may draw a card and sabotage 2. {SABOTAGE_NOTE}"],
    faction="anarch", subtypes=["cyborg"],
)  # fmt: skip
PADMA = identity(
    "captain_padma_isbister_intrepid_explorer",
    "runner",
    [f"When your first run of the turn on R&D begins, you may charge an installed card. {CHARGE_NOTE}"],
    faction="shaper", subtypes=["cyborg"],
)  # fmt: skip
NYUSHA = identity(
    "nyusha_sable_sintashta_symphonic_prodigy",
    "runner",
    [f"As your turn starts, find your mark. {MARK_NOTE}",
     "Your first successful run of the turn on your mark gives you [click]."],  # fmt: skip
    faction="criminal", subtypes=["g_mod"],
)  # fmt: skip

FIXTURES = [ABAASY, ASMUND, AVGUSTINA, BASILAR, BEGEMOT, CARPE_DIEM, CATS_CRADLE, CHASTUSHKA, DAEG, DEEP_DIVE,
            DR_NUKA, ENDURANCE, ENV_TESTING, FINALITY, HYPERBARIC, INFO_BOUNTY, INTO_THE_DEPTHS, KATORGA, MARROW,
            MATRYOSHKA, NANUQ, NGA, ORCA, PAN_WEAVE, PINHOLE, POISON_VIAL, RAINDROPS, REPRISE, REVOLVER, RIGGING_UP,
            RUNNING_HOT, SPARK, STONESHIP, TIME_BOMB, TREMOLO, TSAKHIA, TUNNEL_VISION, WAKE, WORLD_TREE, ZENIT, PADMA,
            NYUSHA, K2CP, BACKSTITCHING, CEZVE, CONCERTO, ESA]  # fmt: skip
RECORDS = [*bundled(), *FIXTURES]
OPS = ["hb_quarterly_review", "jinteki_quiet_harvest", "nbn_ad_revenue_share"]  # no trash cost, nothing to steal
QUIET = "ada_voss_tinker"  # a runner identity without a turn-start ability


def ids(cards: list[Any]) -> list[str]:
    return sorted(c.id for c in cards)


def test_every_fixture_reads_whole() -> None:
    for fixture in FIXTURES:
        assert fixture.reading.status == "executable", (fixture.id, fixture.reading)


def runner_turn(corp: dict[str, Any] | None = None) -> dict[str, Any]:
    """A corp position with no click left: the corp's turn ends at once and the runner's begins."""
    return {"clicks": 0, "deck": OPS, **(corp or {})}


# ---------------------------------------------------------------- static changes and costs


def test_cats_cradle_makes_code_gates_dearer_to_rez() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "hb_lattice_gate"}]}}}
    r = play(RECORDS, ["run:hq", "rez:hb_lattice_gate"], corp=corp, runner={"rig": [{"card": "cats_cradle"}]})
    g = r.game
    assert g.corp.credits == 2  # 5 - (2 + 1)
    wall = g.new_card("nbn_static_veil", "corp")
    assert g.rez_cost(wall) == 1


def test_hyperbaric_grows_with_its_counters() -> None:
    r = play(RECORDS, ["install:hyperbaric", "use:hyperbaric/2"], runner={"hand": ["hyperbaric"], "credits": 6})
    g = r.game
    breaker = rig(r, "hyperbaric")
    assert breaker.counters == {"power": 2} and g.strength_of(breaker) == 2 and g.runner.credits == 1


def test_begemot_is_as_strong_as_the_core_damage_taken_and_breaks_every_barrier_subroutine() -> None:
    corp = {"hand": OPS, "servers": {"hq": {"ice": [{"card": "hb_warden_unit", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq", "break:begemot/1", "sub:1", "yes", "continue"], corp=corp,
             runner={"rig": [{"card": "begemot"}], "brain_damage": 3})  # fmt: skip
    g = r.game
    assert g.strength_of(rig(r, "begemot")) == 5
    assert len(events(r, "break")) == 2 and g.runner.credits == 4 and g.run_history[-1][2]
    weak = play(RECORDS, ["run:hq"], corp=corp, runner={"rig": [{"card": "begemot"}], "brain_damage": 1})
    assert "break:begemot/1" not in loose(weak)


def test_basilar_synthgland_gives_a_fifth_click_each_turn() -> None:
    r = play(RECORDS, [], active="corp", corp=runner_turn(),
             runner={"identity": QUIET, "rig": [{"card": "basilar_synthgland_2kvj"}]})  # fmt: skip
    assert r.game.active == "runner" and r.game.runner.clicks == 5


def test_running_hot_costs_a_core_damage_for_three_clicks() -> None:
    r = play(RECORDS, ["play:running_hot"], runner={"hand": ["running_hot", "light_fingers"]})
    g = r.game
    assert g.runner.clicks == 6 and g.runner.brain_damage == 1 and g.runner.credits == 4
    assert ids(g.runner.discard) == ["light_fingers", "running_hot"] and not g.runner.hand
    empty = play(RECORDS, ["play:running_hot"], runner={"hand": ["running_hot"]})
    assert empty.game.winner == "corp"


def test_finality_costs_a_core_damage_and_digs_four_deep_into_rnd() -> None:
    r = play(RECORDS, ["play:finality", "continue"], corp={"deck": [*OPS, *OPS]},
             runner={"hand": ["finality", "light_fingers"]})  # fmt: skip
    g = r.game
    assert g.runner.brain_damage == 1 and accessed(r) == 4 and g.runner.credits == 3


# ---------------------------------------------------------------- loaded cards


def test_dr_nuka_holds_two_draws_and_goes_when_empty() -> None:
    r = play(RECORDS, ["install:dr_nuka_vrolyck", "use:dr_nuka_vrolyck/2", "use:dr_nuka_vrolyck/2"],
             runner={"hand": ["dr_nuka_vrolyck"], "deck": ["light_fingers"] * 6})  # fmt: skip
    g = r.game
    assert len(g.runner.hand) == 6 and card_in(r, g.runner.discard, "dr_nuka_vrolyck") is not None


def test_nga_spends_a_counter_to_sabotage_on_the_first_successful_run() -> None:
    r = play(RECORDS, ["install:nga", "run:hq", "continue", "yes", "rnd", "run:hq", "continue"],
             corp={"hand": OPS, "deck": ["neutral_emergency_audit", "hb_quarterly_review"]},
             runner={"hand": ["nga"]})  # fmt: skip
    g = r.game
    assert rig(r, "nga").counters == {"power": 2}
    assert [(c.id, c.faceup) for c in g.corp.discard] == [("neutral_emergency_audit", False)]  # R&D's top card
    assert r.pending is not None and r.pending.kind == "action"  # the second run asked nothing


def test_poison_vial_finishes_what_a_breaker_started() -> None:
    corp = {"hand": OPS, "servers": {"hq": {"ice": [{"card": "jinteki_bramble_screen", "rezzed": True}]}}}
    runner = {"rig": [{"card": "frame_hammer"}, {"card": "poison_vial", "counters": {"power": 3}}]}
    first = play(RECORDS, ["run:hq"], corp=corp, runner=runner)
    assert "use:poison_vial/2" not in loose(first) and "break:frame_hammer/0" in loose(first)
    r = play(RECORDS, ["run:hq", "break:frame_hammer/0", "sub:1", "use:poison_vial/2", "continue"], corp=corp,
             runner=runner)  # fmt: skip
    g = r.game
    assert rig(r, "poison_vial").counters == {"power": 2} and len(events(r, "break")) == 2
    assert g.run_history[-1][2] and g.runner.credits == 4 and len(g.runner.hand) == 0


# ---------------------------------------------------------------- consoles


def test_endurance_gains_a_counter_a_turn_and_breaks_with_two() -> None:
    corp = {"hand": OPS, "servers": {"hq": {"ice": [{"card": "hb_archivist_mk2", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq", "use:endurance/3", "sub:2", "continue", "run:rnd", "continue"],
             corp={**corp, "deck": OPS}, runner={"rig": [{"card": "endurance", "counters": {"power": 2}}]})  # fmt: skip
    g = r.game
    assert rig(r, "endurance").counters == {"power": 1} and g.run_history[0][2] and g.runner.clicks == 2
    r2 = play(RECORDS, [], runner={"hand": ["endurance"], "rig": [{"card": "modular_rigframe"}], "credits": 9})
    assert "install:endurance" not in loose(r2)


def test_marrow_sabotages_when_the_corp_scores() -> None:
    corp = {"hand": ["hb_quarterly_review"], "deck": OPS,
            "servers": {"remote1": {"root": [{"card": "neutral_pilot_scheme", "counters": {"advancement": 2}}]}}}
    r = play(RECORDS, ["score:neutral_pilot_scheme", "hb_quarterly_review"], active="corp", corp=corp,
             runner={"rig": [{"card": "marrow"}]})  # fmt: skip
    g = r.game
    assert not g.corp.hand and [(c.id, c.faceup) for c in g.corp.discard] == [("hb_quarterly_review", False)]
    r2 = play(RECORDS, [], runner={"hand": ["marrow"], "rig": [{"card": "pocket_terminal"}]})
    assert "install:marrow" not in loose(r2)


# ---------------------------------------------------------------- hardware and resources that trigger


def test_zenit_chip_draws_on_the_first_successful_central_run() -> None:
    r = play(RECORDS, ["run:hq", "continue", "run:hq", "continue"], corp={"hand": OPS},
             runner={"rig": [{"card": "zenit_chip_jz_2mj"}], "deck": ["light_fingers", "spark_of_insight"]})  # fmt: skip
    assert ids(r.game.runner.hand) == ["light_fingers"]


def test_pan_weave_skims_a_credit_on_the_first_hq_success() -> None:
    r = play(RECORDS, ["run:hq", "continue", "run:hq", "continue"], corp={"hand": OPS},
             runner={"rig": [{"card": "pan_weave"}]})  # fmt: skip
    assert (r.game.corp.credits, r.game.runner.credits) == (4, 6)


def test_wake_implant_spends_counters_for_rnd_accesses() -> None:
    r = play(RECORDS, ["run:rnd", "continue", "remove:2"], corp={"deck": [*OPS, *OPS]},
             runner={"rig": [{"card": "wake_implant_v2a_jrj", "counters": {"power": 3}}]})  # fmt: skip
    assert accessed(r) == 3 and rig(r, "wake_implant_v2a_jrj").counters == {"power": 1}


def test_time_bomb_needs_a_central_success_then_ticks_and_goes_off() -> None:
    early = play(RECORDS, [], runner={"hand": ["time_bomb"]})
    assert "install:time_bomb" not in loose(early)
    r = play(RECORDS, ["run:archives", "continue", "install:time_bomb"], runner={"hand": ["time_bomb"]})
    assert rig(r, "time_bomb").counters == {"power": 1}
    ticking = play(RECORDS, [], active="corp", corp=runner_turn(),
                   runner={"identity": QUIET, "rig": [{"card": "time_bomb", "counters": {"power": 2}}]})  # fmt: skip
    assert rig(ticking, "time_bomb").counters == {"power": 3}
    corp = runner_turn({"hand": ["hb_quarterly_review", "jinteki_quiet_harvest"], "deck": [*OPS, *OPS]})
    boom = play(RECORDS, ["hb_quarterly_review", "rnd"], active="corp", corp=corp,
                runner={"identity": QUIET, "rig": [{"card": "time_bomb", "counters": {"power": 3}}]})  # fmt: skip
    g = boom.game
    assert card_in(boom, g.runner.discard, "time_bomb") is not None
    assert len(g.corp.discard) == 3 and not any(c.faceup for c in g.corp.discard)
    assert ids(g.corp.hand) == ["jinteki_quiet_harvest"]


def test_environmental_testing_pays_nine_at_four_counters() -> None:
    r = play(RECORDS, ["install:gray_rat"], runner={"hand": ["gray_rat"], "credits": 2,
                                                    "rig": [{"card": "environmental_testing", "counters": {"power": 3}}]})
    g = r.game
    assert card_in(r, g.runner.discard, "environmental_testing") is not None and g.runner.credits == 9
    r2 = play(RECORDS, ["install:dockside_tipster"], runner={"hand": ["dockside_tipster"],
                                                             "rig": [{"card": "environmental_testing"}]})
    assert rig(r2, "environmental_testing").counters == {}


def test_avgustina_sabotages_for_the_first_virus_of_the_turn() -> None:
    corp = {"hand": ["hb_quarterly_review"], "deck": OPS}
    r = play(RECORDS, ["install:static_spore", "hb_quarterly_review", "install:rot_worm"], corp=corp,
             runner={"hand": ["static_spore", "rot_worm"], "rig": [{"card": "avgustina_ivanovskaya"}]})  # fmt: skip
    g = r.game
    assert [c.id for c in g.corp.discard] == ["hb_quarterly_review"] and len(g.corp.deck) == 3
    assert r.pending is not None and r.pending.kind == "action"


def test_daeg_charges_a_card_when_an_agenda_is_scored() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "neutral_pilot_scheme", "counters": {"advancement": 2}}]}}}
    runner = {"rig": [{"card": "daeg_first_net_cat"}, {"card": "dr_nuka_vrolyck", "counters": {"power": 1}}]}
    r = play(RECORDS, ["score:neutral_pilot_scheme", "dr_nuka_vrolyck"], active="corp", corp=corp, runner=runner)
    assert rig(r, "dr_nuka_vrolyck").counters == {"power": 2}


def test_stoneship_chart_room_trashes_itself_to_charge() -> None:
    runner = {"rig": [{"card": "stoneship_chart_room"}, {"card": "dr_nuka_vrolyck", "counters": {"power": 1}}]}
    r = play(RECORDS, ["use:stoneship_chart_room/1"], runner=runner)
    g = r.game
    assert rig(r, "dr_nuka_vrolyck").counters == {"power": 2} and ids(g.runner.discard) == ["stoneship_chart_room"]
    bare = play(RECORDS, [], runner={"rig": [{"card": "stoneship_chart_room"}]})
    assert "use:stoneship_chart_room/1" not in loose(bare) and "use:stoneship_chart_room/0" in loose(bare)


def test_asmund_hosts_two_different_cards_and_hands_them_out() -> None:
    decisions = ["install:asmund_pudlat", "static_spore", "rot_worm", "credit", "credit", "credit", "rot_worm"]
    r = play(RECORDS, decisions, corp={"deck": OPS},
             runner={"identity": QUIET, "hand": ["asmund_pudlat"], "clicks": 1,
                     "deck": ["static_spore", "static_spore", "rot_worm", "light_fingers"]})  # fmt: skip
    g = r.game
    asmund = rig(r, "asmund_pudlat")
    assert [c.id for c in asmund.hosted] == ["static_spore"] and asmund.hosted[0] not in g.runner.rig
    assert ids(g.runner.hand) == ["rot_worm"] and ids(g.runner.deck) == ["light_fingers", "static_spore"]


# ---------------------------------------------------------------- the mark


def mark_of(result: Any) -> str:
    note = result.game.runner.identity.notes.get("borealis:mark")
    assert note is not None and note[0] == result.game.turns
    return str(note[1])


ICED_CENTRALS = {"hand": OPS, "deck": OPS,
                 "servers": {s: {"ice": [{"card": "nbn_static_veil", "rezzed": True}]} for s in ("hq", "rnd", "archives")}}  # fmt: skip


def test_nyusha_gains_a_click_on_the_first_successful_run_on_the_mark() -> None:
    runner = {"identity": "nyusha_sable_sintashta_symphonic_prodigy"}
    start = play(RECORDS, [], active="corp", corp=runner_turn({"hand": OPS}), runner=runner)
    mark = mark_of(start)
    assert mark in ("hq", "rnd", "archives") and start.game.runner.clicks == 4
    r = play(RECORDS, [f"run:{mark}", "continue", f"run:{mark}", "continue"], active="corp",
             corp=runner_turn({"hand": OPS}), runner=runner)  # fmt: skip
    assert mark_of(r) == mark and r.game.runner.clicks == 3  # 4 - 2 runs + 1


def test_carpe_diem_pays_and_runs_the_mark() -> None:
    r = play(RECORDS, ["play:carpe_diem", "yes", "continue"], corp={"hand": OPS, "deck": OPS},
             runner={"hand": ["carpe_diem"]})  # fmt: skip
    g = r.game
    mark = mark_of(r)
    assert g.runner.credits == 8 and g.run_history == [(g.turns, mark, True)]


def test_info_bounty_pays_when_the_first_run_on_the_mark_breaches() -> None:
    runner = {"identity": QUIET, "rig": [{"card": "info_bounty"}]}
    mark = mark_of(play(RECORDS, [], active="corp", corp=runner_turn({"hand": OPS}), runner=runner))
    r = play(RECORDS, [f"run:{mark}", "continue", f"run:{mark}", "continue"], active="corp",
             corp=runner_turn({"hand": OPS}), runner=runner)  # fmt: skip
    assert r.game.runner.credits == 7
    walled = runner_turn(ICED_CENTRALS)
    r2 = play(RECORDS, [f"run:{mark}", "done", f"run:{mark}", "break:rockbit_drill/0", "continue"], active="corp", corp=walled,
              runner={**runner, "rig": [*runner["rig"], {"card": "rockbit_drill"}]})  # fmt: skip
    assert r2.game.runner.credits == 4  # the first run on the mark ended at the wall; the second pays nothing


def test_tunnel_vision_breaks_only_ice_protecting_the_mark() -> None:
    runner = {"identity": QUIET, "rig": [{"card": "tunnel_vision"}]}
    corp = runner_turn(ICED_CENTRALS)
    mark = mark_of(play(RECORDS, [], active="corp", corp=corp, runner=runner))
    other = next(s for s in ("hq", "rnd", "archives") if s != mark)
    r = play(RECORDS, [f"run:{mark}", "use:tunnel_vision/1", "continue"], active="corp", corp=corp, runner=runner)
    assert r.game.run_history[-1] == (r.game.turns, mark, True) and r.game.runner.credits == 3
    elsewhere = play(RECORDS, [f"run:{other}"], active="corp", corp=corp, runner=runner)
    assert "use:tunnel_vision/1" not in loose(elsewhere)


# ---------------------------------------------------------------- icebreakers


def test_abaasy_cycles_a_card_after_fully_breaking_a_code_gate() -> None:
    corp = {"hand": OPS, "servers": {"hq": {"ice": [{"card": "hb_lattice_gate", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq", "boost:abaasy/2", "break:abaasy/1", "light_fingers", "continue"], corp=corp,
             runner={"rig": [{"card": "abaasy"}], "hand": ["light_fingers", "gray_rat"],
                     "deck": ["spark_of_insight"]})  # fmt: skip
    g = r.game
    assert ids(g.runner.hand) == ["gray_rat", "spark_of_insight"] and ids(g.runner.discard) == ["light_fingers"]
    assert g.runner.credits == 2 and g.run_history[-1][2]


def test_orca_breaks_sentries_and_charges_after_a_full_break() -> None:
    corp = {"hand": OPS, "servers": {"hq": {"ice": [{"card": "neutral_patrol_script", "rezzed": True}]}}}
    runner = {"rig": [{"card": "orca"}, {"card": "dr_nuka_vrolyck", "counters": {"power": 1}}]}
    r = play(RECORDS, ["run:hq", "break:orca/1", "dr_nuka_vrolyck", "continue"], corp=corp, runner=runner)
    g = r.game
    assert rig(r, "dr_nuka_vrolyck").counters == {"power": 2} and g.runner.credits == 3 and g.run_history[-1][2]


def test_revolver_breaks_sentries_with_counters_or_by_going() -> None:
    corp = {"hand": OPS, "servers": {"hq": {"ice": [{"card": "neutral_patrol_script", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq", "boost:revolver/3", "use:revolver/2", "continue"], corp=corp,
             runner={"rig": [{"card": "revolver", "counters": {"power": 6}}]})  # fmt: skip
    assert rig(r, "revolver").counters == {"power": 5} and r.game.run_history[-1][2]
    r2 = play(RECORDS, ["run:hq", "boost:revolver/3", "use:revolver/1", "continue"], corp=corp,
              runner={"rig": [{"card": "revolver"}]})  # fmt: skip
    assert card_in(r2, r2.game.runner.discard, "revolver") is not None and r2.game.run_history[-1][2]


def test_nanuq_breaks_any_two_and_leaves_the_game_instead_of_the_heap() -> None:
    corp = {"hand": OPS, "servers": {"hq": {"ice": [{"card": "hb_archivist_mk2", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq", "boost:nanuq/4", "use:nanuq/3", "sub:1", "continue"], corp=corp,
             runner={"rig": [{"card": "nanuq"}]})  # fmt: skip
    assert r.game.runner.credits == 2 and r.game.run_history[-1][2]
    patrol = {"hand": OPS, "servers": {"hq": {"ice": [{"card": "neutral_patrol_script", "rezzed": True}]}}}
    r2 = play(RECORDS, ["run:hq", "done"], corp=patrol, runner={"rig": [{"card": "nanuq"}]})
    g = r2.game
    assert not g.runner.rig and not g.runner.discard and [c.id for c in g.removed] == ["nanuq"]
    scored = {"servers": {"remote1": {"root": [{"card": "neutral_pilot_scheme", "counters": {"advancement": 2}}]}}}
    r3 = play(RECORDS, ["score:neutral_pilot_scheme"], active="corp", corp=scored, runner={"rig": [{"card": "nanuq"}]})
    assert not r3.game.runner.rig and [c.id for c in r3.game.removed] == ["nanuq"]


def test_tremolo_is_cheaper_with_cybernetics() -> None:
    corp = {"hand": OPS, "servers": {"hq": {"ice": [{"card": "jinteki_bramble_screen", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq", "boost:tremolo/1", "use:tremolo/0", "sub:1", "continue"], corp=corp,
             runner={"rig": [{"card": "tremolo"}, {"card": "cortex_sleeve"}], "credits": 9})  # fmt: skip
    assert r.game.runner.credits == 5 and r.game.run_history[-1][2]
    poor = play(RECORDS, ["run:hq", "boost:tremolo/1"], corp=corp, runner={"rig": [{"card": "tremolo"}], "credits": 4})
    assert "use:tremolo/0" not in loose(poor)


def test_matryoshka_hosts_copies_and_spends_them_to_break() -> None:
    corp = {"hand": OPS, "deck": OPS, "servers": {"hq": {"ice": [{"card": "hb_archivist_mk2", "rezzed": True}]}}}
    decisions = ["use:matryoshka/1", "run:hq", "boost:matryoshka/3", "boost:matryoshka/3", "use:matryoshka/2",
                 "pay:2", "sub:1", "continue"]  # fmt: skip
    r = play(RECORDS, decisions, corp=corp,
             runner={"identity": QUIET, "rig": [{"card": "matryoshka"}], "hand": ["matryoshka"], "credits": 6,
                     "clicks": 2})  # fmt: skip
    g = r.game
    host = rig(r, "matryoshka")
    assert [c.faceup for c in host.hosted] == [False] and g.runner.credits == 2 and g.run_history[-1][2]
    assert "use:matryoshka/2" not in loose(r)
    r2 = play(RECORDS, [*decisions, "credit", "credit", "credit"], corp=corp,
              runner={"identity": QUIET, "rig": [{"card": "matryoshka"}], "hand": ["matryoshka"], "credits": 6,
                      "clicks": 2})  # fmt: skip
    assert r2.game.active == "runner" and [c.faceup for c in rig(r2, "matryoshka").hosted] == [True]


def test_world_tree_swaps_a_card_for_one_of_its_type_from_the_stack() -> None:
    runner = {"rig": [{"card": "world_tree"}, {"card": "sleeve_blade"}], "deck": ["gray_rat", "light_fingers"]}
    r = play(RECORDS, ["run:hq", "continue", "sleeve_blade", "gray_rat", "run:hq", "continue"], corp={"hand": OPS},
             runner=runner)  # fmt: skip
    g = r.game
    assert rig(r, "gray_rat") is not None and ids(g.runner.discard) == ["sleeve_blade"]
    assert g.runner.credits == 5 and ids(g.runner.deck) == ["light_fingers"]  # 2 - 3: free


# ---------------------------------------------------------------- events


def test_katorga_breakout_brings_back_a_heap_card() -> None:
    r = play(RECORDS, ["play:katorga_breakout", "hq", "continue", "spark_of_insight"], corp={"hand": OPS},
             runner={"hand": ["katorga_breakout"], "discard": ["light_fingers", "spark_of_insight"]})  # fmt: skip
    g = r.game
    assert ids(g.runner.hand) == ["spark_of_insight"] and ids(g.runner.discard) == ["katorga_breakout", "light_fingers"]


def test_chastushka_sabotages_four_instead_of_breaching_hq() -> None:
    corp = {"hand": ["hb_quarterly_review", "jinteki_quiet_harvest", "nbn_ad_revenue_share"],
            "deck": ["neutral_emergency_audit", "hb_calibration_cycle"]}  # fmt: skip
    r = play(RECORDS, ["play:chastushka", "continue", "jinteki_quiet_harvest"], corp=corp,
             runner={"hand": ["chastushka"]})  # fmt: skip
    assert r.pending is not None and "rnd" not in labels(r)  # HQ must give 2 while R&D holds 2
    r = play(RECORDS, ["play:chastushka", "continue", "jinteki_quiet_harvest", "hb_quarterly_review", "rnd"],
             corp=corp, runner={"hand": ["chastushka"]})  # fmt: skip
    g = r.game
    assert ids(g.corp.discard) == ["hb_calibration_cycle", "hb_quarterly_review", "jinteki_quiet_harvest",
                                   "neutral_emergency_audit"] and not any(c.faceup for c in g.corp.discard)
    assert ids(g.corp.hand) == ["nbn_ad_revenue_share"] and not g.corp.deck
    assert accessed(r) == 0 and g.run_history == [(g.turns, "hq", True)]
    hidden = [e for e in g.log if e.kind == "trashed" and e.player == 1 and e.data.get("card")]  # (sabotage: 销毁)
    assert hidden and all(e.visible == (1,) for e in hidden)


def test_pinhole_threading_accesses_another_root_and_cannot_take_its_agenda() -> None:
    corp = {"hand": OPS, "credits": 0,
            "servers": {"remote1": {"root": [{"card": "neutral_pilot_scheme"}]},
                        "remote2": {"root": [{"card": "nbn_billboard_network", "rezzed": True}]}}}  # fmt: skip
    r = play(RECORDS, ["play:pinhole_threading", "hq", "continue", "facedown"], corp=corp,
             runner={"hand": ["pinhole_threading"]})  # fmt: skip
    g = r.game
    assert not g.runner.score_area and g.servers["remote1"].root[0].id == "neutral_pilot_scheme"
    assert accessed(r) == 1 and g.run_history == [(g.turns, "hq", True)] and not g.forbidden("steal")
    r2 = play(RECORDS, ["play:pinhole_threading", "hq", "continue", "nbn_billboard_network"], corp=corp,
              runner={"hand": ["pinhole_threading"], "credits": 3})  # fmt: skip
    assert r2.pending is not None and r2.pending.kind == "trash"
    shown = [o.text for o in play(RECORDS, ["play:pinhole_threading", "hq", "continue"], corp=corp,
                                  runner={"hand": ["pinhole_threading"]}).pending.options]  # fmt: skip
    assert not any("pilot" in str(t) for t in shown)


def test_into_the_depths_pays_out_per_ice_passed() -> None:
    corp = {"hand": OPS, "credits": 0,
            "servers": {"hq": {"ice": [{"card": "hb_lattice_gate"}, {"card": "neutral_patrol_script"}]}}}  # fmt: skip
    r = play(RECORDS, ["play:into_the_depths", "hq", "continue", "continue", "credits", "gray_rat"], corp=corp,
             runner={"hand": ["into_the_depths"], "deck": ["gray_rat", "light_fingers"]})  # fmt: skip
    g = r.game
    assert g.runner.credits == 6 and rig(r, "gray_rat") is not None  # 5 - 1 + 4 - 2
    bare = play(RECORDS, ["play:into_the_depths", "hq", "continue"], corp={"hand": OPS},
                runner={"hand": ["into_the_depths"]})  # fmt: skip
    assert bare.game.runner.credits == 4


def test_raindrops_cut_stone_draws_for_each_subroutine_fired() -> None:
    corp = {"hand": OPS, "servers": {"hq": {"ice": [{"card": "nbn_banner_storm", "rezzed": True}]}}}
    r = play(RECORDS, ["play:raindrops_cut_stone", "hq", "continue"], corp=corp,
             runner={"hand": ["raindrops_cut_stone"], "deck": ["light_fingers", "spark_of_insight", "gray_rat"]})
    g = r.game
    assert ids(g.runner.hand) == ["light_fingers", "spark_of_insight"] and g.runner.credits == 6  # 5 - 1 - 1 + 3
    assert ids(g.runner.discard) == ["raindrops_cut_stone"] and not g.runner.discard[0].counters


def test_reprise_needs_a_steal_and_sends_a_card_back_to_hq() -> None:
    corp = {"credits": 0, "servers": {"remote1": {"root": [{"card": "neutral_board_resolution"}]},
                                      "remote2": {"root": [{"card": "nbn_billboard_network"}]}}}  # fmt: skip
    early = play(RECORDS, [], corp=corp, runner={"hand": ["reprise"]})
    assert "play:reprise" not in loose(early)
    r = play(RECORDS, ["run:remote1", "continue", "play:reprise", "yes", "hq", "continue", "leave"],
             corp=corp, runner={"hand": ["reprise"]})  # fmt: skip
    g = r.game
    assert "remote2" not in g.servers and card_in(r, g.corp.hand, "nbn_billboard_network") is not None
    assert g.run_history[-1] == (g.turns, "hq", True)
    moved = [e for e in events(r, "move") if e.get("to") is not None]
    assert moved and "billboard" not in str(moved[0]["card"])


def test_deep_dive_needs_three_central_runs_and_accesses_two_of_eight() -> None:
    deck = [*OPS, "hb_calibration_cycle", "neutral_emergency_audit", "neutral_pilot_scheme", *OPS]
    runs = ["run:hq", "continue", "run:rnd", "continue", "run:archives", "continue"]
    early = play(RECORDS, runs[:4], corp={"deck": deck}, runner={"hand": ["deep_dive"]})
    assert "play:deep_dive" not in loose(early)
    r = play(RECORDS, [*runs, "play:deep_dive", "neutral_pilot_scheme", "yes", "hb_calibration_cycle"],
             corp={"deck": deck}, runner={"hand": ["deep_dive"], "clicks": 5})  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.score_area] == ["neutral_pilot_scheme"] and g.runner.clicks == 0
    assert len(g.corp.deck) + len(g.corp.hand) == 8 and accessed(r) == 3  # R&D's top card in the run, then two


def test_rigging_up_installs_cheaply_and_charges() -> None:
    r = play(RECORDS, ["play:rigging_up", "endurance"], runner={"hand": ["rigging_up", "endurance"]})
    g = r.game
    assert rig(r, "endurance").counters == {"power": 4} and g.runner.credits == 0


def test_spark_of_inspiration_finds_a_program_and_installs_it_cheaply() -> None:
    r = play(RECORDS, ["play:spark_of_inspiration", "yes"],
             runner={"hand": ["spark_of_inspiration"], "deck": ["light_fingers", "sleeve_blade", "gray_rat"]})  # fmt: skip
    g = r.game
    assert rig(r, "sleeve_blade") is not None and g.runner.credits == 2 and ids(g.runner.deck) == ["gray_rat",
                                                                                                  "light_fingers"]


# ---------------------------------------------------------------- identities and the rest


def test_padma_charges_at_the_first_rnd_run_of_the_turn() -> None:
    runner = {"identity": "captain_padma_isbister_intrepid_explorer",
              "rig": [{"card": "dr_nuka_vrolyck", "counters": {"power": 1}}]}  # fmt: skip
    r = play(RECORDS, ["run:rnd", "dr_nuka_vrolyck", "continue", "run:rnd", "continue"], corp={"deck": OPS},
             runner=runner)  # fmt: skip
    assert rig(r, "dr_nuka_vrolyck").counters == {"power": 2} and r.pending.kind == "action"


def test_tsakhia_turns_the_first_encounter_at_the_chosen_server_into_net_damage() -> None:
    corp = runner_turn({"hand": OPS, "servers": {"hq": {"ice": [{"card": "weyland_watchdog_drone", "rezzed": True}]}}})
    runner = {"identity": QUIET, "rig": [{"card": "tsakhia_bankhar_gantulga"}], "hand": ["light_fingers", "gray_rat"]}
    r = play(RECORDS, ["hq", "run:hq", "continue", "run:hq", "continue"], active="corp", corp=corp, runner=runner)
    g = r.game
    assert len(g.runner.hand) == 1 and g.runner.tags == 1  # 1 net damage the first time, the tag the second
    skipped = play(RECORDS, ["done", "run:hq", "continue"], active="corp", corp=corp, runner=runner)
    assert len(skipped.game.runner.hand) == 2 and skipped.game.runner.tags == 1


def test_k2cp_turbine_strengthens_every_breaker_but_ais() -> None:
    r = play(RECORDS, [], runner={"rig": [{"card": "k2cp_turbine"}, {"card": "gray_rat"}, {"card": "nanuq"}]})
    g = r.game
    assert g.strength_of(rig(r, "gray_rat")) == 3 and g.strength_of(rig(r, "nanuq")) == 3
    assert g.strength_of(rig(r, "k2cp_turbine")) == 0


def test_backstitching_is_trashed_to_bypass_ice_on_the_mark() -> None:
    runner = {"identity": QUIET, "rig": [{"card": "backstitching"}]}
    corp = runner_turn(ICED_CENTRALS)
    mark = mark_of(play(RECORDS, [], active="corp", corp=corp, runner=runner))
    r = play(RECORDS, [f"run:{mark}", "yes", "continue"], active="corp", corp=corp, runner=runner)
    g = r.game
    assert g.run_history[-1] == (g.turns, mark, True) and ids(g.runner.discard) == ["backstitching"]
    kept = play(RECORDS, [f"run:{mark}", "no"], active="corp", corp=corp, runner=runner)
    assert kept.game.run_history[-1][2] is False and rig(kept, "backstitching") is not None


def test_cezve_pays_during_central_runs_only() -> None:
    corp = {"hand": OPS, "servers": {"hq": {"ice": [{"card": "hb_lattice_gate", "rezzed": True}]},
                                     "remote1": {"ice": [{"card": "hb_lattice_gate", "rezzed": True}],
                                                 "root": [{"card": "neutral_board_resolution"}]}}}  # fmt: skip
    runner = {"hand": ["cezve"], "rig": [{"card": "cog_key"}]}
    r = play(RECORDS, ["install:cezve", "run:hq", "break:cog_key/0", "continue"], corp=corp, runner=runner)
    g = r.game
    assert rig(r, "cezve").credits == 1 and g.runner.credits == 3 and g.run_history[-1][2]
    r2 = play(RECORDS, ["install:cezve", "run:remote1", "break:cog_key/0", "continue"], corp=corp, runner=runner)
    assert rig(r2, "cezve").credits == 2 and r2.game.runner.credits == 2


def test_concerto_loads_the_cost_of_the_top_card_for_its_run() -> None:
    corp = {"hand": OPS, "servers": {"hq": {"ice": [{"card": "hb_lattice_gate", "rezzed": True}]}}}
    r = play(RECORDS, ["play:concerto", "hq", "break:cog_key/0", "continue"], corp=corp,
             runner={"hand": ["concerto"], "deck": ["sleeve_blade", "light_fingers"], "rig": [{"card": "cog_key"}]})
    g = r.game
    assert g.runner.credits == 5 and ids(g.runner.hand) == ["sleeve_blade"] and g.run_history[-1][2]
    assert ids(g.runner.discard) == ["concerto"] and g.runner.discard[0].credits == 0 and not g.in_play


def test_esa_draws_and_sabotages_at_the_first_core_damage() -> None:
    r = play(RECORDS, ["play:running_hot", "yes", "hb_quarterly_review", "rnd"], corp={"hand": OPS, "deck": OPS},
             runner={"identity": "esa_afontov_eco_insurrectionist", "hand": ["running_hot", "light_fingers"],
                     "deck": ["spark_of_insight"]})  # fmt: skip
    g = r.game
    assert ids(g.runner.hand) == ["spark_of_insight"] and len(g.corp.discard) == 2 and len(g.corp.hand) == 2
    again = play(RECORDS, ["play:running_hot", "no", "play:running_hot"],
                 runner={"identity": "esa_afontov_eco_insurrectionist", "hand": ["running_hot", "running_hot", "gray_rat",
                                                                                 "light_fingers"]})  # fmt: skip
    assert again.game.runner.brain_damage == 2 and again.pending.kind == "action"

