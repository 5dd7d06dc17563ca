"""The Ashes cycle's runner card scripts, each played through a scenario that checks what changes."""

from __future__ import annotations

from .kit import accessed, bundled, card, events, ice_on, identity, ids, labels, loose, play, rig

BREAK_SENTRY = "Interface → 1[credit]: Break 1 <strong>sentry</strong> subroutine."
BOOST_1 = "1[credit]: +1 strength."

AFTERIMAGE = card(
    "afterimage",
    "program",
    ["Once each turn, meeting a sentry, you may spend 2[credit] taken from stealth cards to slip past it.",
     "Interface → 1[credit]: Break up to 2 <strong>sentry</strong> subroutines.",
     "1[credit] drawn from a stealth card: this breaker is 2 stronger."],  # fmt: skip
    subtypes=["icebreaker", "killer"], cost=4, strength=2, memory_cost=1, faction="criminal",
)  # fmt: skip
ANICCAM = card(
    "aniccam",
    "hardware",
    ["+1[mu]",
     "Each turn, the first time an event of yours goes to the heap by being trashed, draw a card.",
     "You may have only one console installed."],  # fmt: skip
    subtypes=["console"], cost=3, unique=True, faction="shaper",
)  # fmt: skip
BAKLAN = card(
    "baklan_bochkin",
    "resource",
    ["On the first encounter of each run, add a power counter here.",
     "Trash this and spend X power counters here: derez the ice met if its strength is at most X; take a tag."],
    subtypes=["connection"], cost=2, unique=True, faction="criminal",
)  # fmt: skip
BLUEBERRY = card(
    "blueberry_diesel",
    "event",
    ["See your stack's top 2 cards, optionally tuck one under the stack, then draw 2."],
    cost=0, faction="criminal",
)  # fmt: skip
BRAVADO = card(
    "bravado",
    "event",
    ["Run a server that has ice; as the run ends take 6[credit], plus 1[credit] per ice you got past."],
    subtypes=["run"], cost=3, faction="criminal",
)  # fmt: skip
BUKHGALTER = card(
    "bukhgalter",
    "program",
    [BREAK_SENTRY, BOOST_1, "Once a turn, when this alone breaks every subroutine of an ice, take 2[credit]."],
    subtypes=["icebreaker", "killer"], cost=3, strength=1, memory_cost=1, faction="criminal",
)  # fmt: skip
CHISEL = card(
    "chisel",
    "program",
    ["Goes on a piece of ice only.",
     "The ice it is on loses 1 strength per virus counter here.",
     "Meeting the ice it is on: at 0 strength or less that ice is trashed; otherwise add a virus counter here."],
    subtypes=["virus", "trojan"], cost=2, memory_cost=1, faction="anarch",
)  # fmt: skip
CORDYCEPS = card(
    "cordyceps",
    "program",
    ["When you install this program, place 2 virus counters on it.",
     "Once a turn, after a successful central run, you may spend a virus counter here to trade places between an "
     "ice of that server and any other installed ice."],  # fmt: skip
    subtypes=["virus"], cost=3, memory_cost=1, faction="shaper",
)  # fmt: skip
TALUT = card(
    "cybertrooper_talut",
    "resource",
    ["+1[link]", "An icebreaker (not an AI) that you install is 2 stronger until the turn ends."],
    subtypes=["connection", "virtual"], cost=2, unique=True, faction="shaper",
)  # fmt: skip
DAILY_CASTS = card(
    "daily_casts",
    "resource",
    ["Installed, it holds 8[credit]; emptied, it goes to the heap.",
     "When your turn begins, take 2[credit] from this resource."],  # fmt: skip
    cost=3,
)  # fmt: skip
DEVIL_CHARM = card(
    "devil_charm",
    "hardware",
    ["Meeting any ice, you may exile this card: the ice is 6 weaker until the run is over."],
    subtypes=["chip"], cost=1, unique=True, faction="anarch",
)  # fmt: skip
DREAMNET = card(
    "dreamnet",
    "resource",
    ["Your first successful run of a turn draws a card; a digital identity or 2[link] or more adds 1[credit]."],
    subtypes=["virtual"], cost=3, unique=True,
)  # fmt: skip
EULER = card(
    "euler",
    "program",
    ["Interface → free: break a code gate subroutine; only in the turn you installed this.",
     "Interface → 2[credit]: Break up to 2 <strong>code gate</strong> subroutines.",
     BOOST_1],  # fmt: skip
    subtypes=["icebreaker", "decoder"], cost=2, strength=2, memory_cost=1, faction="shaper",
)  # fmt: skip
FENCER = card(
    "fencer_fueno",
    "resource",
    ["Add 1[credit] here as each of your turns begins and each time you steal an agenda.",
     "Once a run is successful, the credits here pay for anything until it ends.",
     "At your turn's end, holding 3[credit] or more here, pay 1[credit] or lose this card."],  # fmt: skip
    subtypes=["companion", "virtual"], cost=0, unique=True, faction="anarch",
)  # fmt: skip
GACHAPON = card(
    "gachapon",
    "hardware",
    ["[trash]: turn up your stack's top 6; you may install a program or virtual resource among them at 2[credit] "
     "off; shuffle 3 of the others back, and the rest leave the game."],
    subtypes=["chip"], cost=0, faction="anarch",
)  # fmt: skip
GAUSS = card(
    "gauss",
    "program",
    ["Installed, it is 3 stronger until the turn ends.",
     "Interface → 1[credit]: Break 1 <strong>barrier</strong> subroutine.",
     "2[credit]: +2 strength."],  # fmt: skip
    subtypes=["icebreaker", "fracter"], cost=2, strength=1, memory_cost=1, faction="shaper",
)  # fmt: skip
HARMONY = card(
    "harmony_ar_therapy",
    "event",
    ["Pick as many as 5 heap cards, no two with the same title, and shuffle them into your stack.",
     "Then this event leaves the game."],  # fmt: skip
    cost=2, faction="shaper",
)  # fmt: skip
ISOLATION = card(
    "isolation",
    "event",
    ["To play this you must also trash one of your installed resources.", "Gain 7[credit]."],
    cost=2, faction="anarch",
)  # fmt: skip
KHUSYUK = card(
    "khusyuk",
    "event",
    ["Run R&D; on success, skip the breach: name an install cost above 0, the Corp turns up that many R&D cards "
     "as you have installed cards printed at that cost (6 at most), you access one, and R&D is shuffled."],
    subtypes=["run"], cost=3, faction="shaper",
)  # fmt: skip
MAKLER = card(
    "makler",
    "program",
    ["Interface → 2[credit]: Break up to 2 <strong>barrier</strong> subroutines.",
     "2[credit]: +2 strength.",
     "Once a turn, when this alone breaks every subroutine of an ice, take 1[credit]."],  # fmt: skip
    subtypes=["icebreaker", "fracter"], cost=5, strength=2, memory_cost=1, faction="criminal",
)  # fmt: skip
MASTERWORK = card(
    "masterwork_v37",
    "hardware",
    ["+1[mu]",
     "The first piece of hardware you install in a turn draws you a card.",
     "As any run begins, you may install hardware from your grip at 1[credit] over its cost.",
     "You may have only one console installed."],  # fmt: skip
    subtypes=["console"], cost=2, unique=True, faction="criminal",
)  # fmt: skip
MOSHING = card(
    "moshing",
    "event",
    ["To play this you must also trash 3 cards from your grip.", "Gain 3[credit] and draw 3 cards."],
    cost=0, faction="anarch",
)  # fmt: skip
MU_SAFECRACKER = card(
    "mu_safecracker",
    "hardware",
    ["Its costs are paid only with credits from stealth cards.",
     "After a successful HQ run you may pay 1[credit] for 1 more access there.",
     "After a successful R&D run you may pay 2[credit] for 1 more access there."],  # fmt: skip
    cost=2, unique=True, faction="criminal",
)  # fmt: skip
ODORE = card(
    "odore",
    "program",
    ["Interface → 2[credit]: Break any number of <strong>sentry</strong> subroutines.",
     "Interface → free: break a sentry subroutine, if 3 or more virtual resources of yours are installed.",
     "3[credit]: +3 strength."],  # fmt: skip
    subtypes=["icebreaker", "killer"], cost=4, strength=0, memory_cost=1, faction="anarch",
)  # fmt: skip
PAULES_CAFE = card(
    "paules_cafe",
    "resource",
    ["[click]: put a program or hardware from your grip here face up, not installed.",
     "1[credit]: install a card kept here; your first such install in each of your turns is 1[credit] cheaper per "
     "unique connection resource you have installed."],  # fmt: skip
    subtypes=["location", "seedy"], cost=1, unique=True, faction="shaper",
)  # fmt: skip
PENROSE = card(
    "penrose",
    "program",
    ["Interface → 1[credit]: break a barrier subroutine; only in the turn you installed this.",
     "Interface → 1[credit]: Break 1 <strong>code gate</strong> subroutine.",
     "1[credit] drawn from a stealth card: this breaker is 3 stronger."],  # fmt: skip
    subtypes=["icebreaker", "decoder", "fracter"], cost=3, strength=2, memory_cost=1, faction="shaper",
)  # fmt: skip
PENUMBRAL = card(
    "penumbral_toolkit",
    "resource",
    ["After a successful HQ run this turn, installing this costs 2[credit] less.",
     "Installed, it holds 4[credit]; emptied, it goes to the heap.",
     "Its credits pay for anything while a run is on."],  # fmt: skip
    subtypes=["stealth", "virtual"], cost=2, faction="criminal",
)  # fmt: skip
Q_LOOP = card(
    "prognostic_q_loop",
    "hardware",
    ["As your first run of a turn starts, you may look at your stack's top 2 cards.",
     "Once a turn, 1[credit]: show your stack's top card; a program or hardware shown may be installed."],
    subtypes=["chip"], cost=1, unique=True, faction="criminal",
)  # fmt: skip
REJIG = card(
    "rejig",
    "event",
    ["To play this you must also return an installed program or hardware of yours to your grip.",
     "Install a program or hardware from your grip at a discount of the returned card's printed cost."],
    subtypes=["mod"], cost=0,
)  # fmt: skip
SMC = card(
    "self_modifying_code",
    "program",
    ["2[credit], [trash]: find a program in your stack and install it, then shuffle."],
    cost=0, memory_cost=2, faction="shaper",
)  # fmt: skip
SIMULCHIP = card(
    "simulchip",
    "hardware",
    ["Using this also costs trashing an installed program, unless an installed program was trashed this turn.",
     "[trash]: install a program from your heap at 3[credit] off."],  # fmt: skip
    subtypes=["chip"], cost=1, faction="shaper",
)  # fmt: skip
SPEC_WORK = card(
    "spec_work",
    "event",
    ["To play this you must also trash one of your installed programs.", "Gain 4[credit] and draw 2 cards."],
    subtypes=["job"], cost=1, faction="shaper",
)  # fmt: skip
STARGATE = card(
    "stargate",
    "program",
    ["Once a turn, [click]: run R&D; on success, skip the breach, turn up R&D's top 3 cards and trash one."],
    cost=4, memory_cost=2, faction="anarch",
)  # fmt: skip
SUPERCORRIDOR = card(
    "supercorridor",
    "hardware",
    ["+2[mu]",
     "You get +1 maximum hand size.",
     "As your turn ends, if your credits equal the Corp's, you may take 2[credit].",
     "You may have only one console installed."],  # fmt: skip
    subtypes=["console"], cost=4, unique=True, faction="shaper",
)  # fmt: skip
SWIFT = card(
    "swift",
    "hardware",
    ["+1[mu]", "Your first run event of each turn gives you [click].", "You may have only one console installed."],
    subtypes=["console", "vehicle"], cost=2, unique=True, faction="criminal",
)  # fmt: skip
THE_ARTIST = card(
    "the_artist",
    "resource",
    ["Once a turn, [click]: take 2[credit].",
     "Once a turn, [click]: install a program or hardware from your grip at 1[credit] off."],  # fmt: skip
    subtypes=["connection"], cost=4, unique=True, faction="shaper",
)  # fmt: skip
THE_BACK = card(
    "the_back",
    "resource",
    ["The first time in a turn you use hardware during a run, add a power counter here.",
     "[click], exile this card: per power counter here, shuffle up to 2 heap cards that have [trash] abilities "
     "into your stack."],  # fmt: skip
    subtypes=["job", "location"], cost=1, unique=True, faction="criminal",
)  # fmt: skip
NIHILIST = card(
    "the_nihilist",
    "resource",
    ["The first virus program you install in a turn adds 2 virus counters here.",
     "As your turn begins you may spend 2 virus counters from your installed cards: draw 2, unless the Corp "
     "trashes R&D's top card instead."],  # fmt: skip
    subtypes=["connection", "seedy"], cost=4, unique=True, faction="anarch",
)  # fmt: skip
UTAE = card(
    "utae",
    "program",
    ["Interface → X[credit]: break X code gate subroutines; once in a run.",
     "Interface → 1[credit]: break a code gate subroutine, if 3 or more virtual resources of yours are installed.",
     BOOST_1],  # fmt: skip
    subtypes=["icebreaker", "decoder"], cost=2, strength=1, memory_cost=1, faction="anarch",
)  # fmt: skip
AZ = identity(
    "az_mccaffrey_mechanical_prodigy",
    "runner",
    ["Each turn, your first install of hardware or of a job or connection resource is 1[credit] cheaper."],
    faction="criminal", subtypes=["cyborg"], base_link=1,
)  # fmt: skip
LAT = identity(
    "lat_ethical_freelancer",
    "runner",
    ["After your discard phase, if your grip and HQ hold as many cards, you may draw 1."],
    faction="shaper", subtypes=["natural"], base_link=1,
)  # fmt: skip
CLOAK = card(
    "cloak",
    "program",
    ["1[recurring-credit]", "Use this credit to pay for using icebreakers."],
    subtypes=["stealth"], cost=1, memory_cost=1, faction="shaper",
)  # fmt: skip

SCRIPTED = [AFTERIMAGE, ANICCAM, BAKLAN, BLUEBERRY, BRAVADO, BUKHGALTER, CHISEL, CORDYCEPS, TALUT, DAILY_CASTS,
            DEVIL_CHARM, DREAMNET, EULER, FENCER, GACHAPON, GAUSS, HARMONY, ISOLATION, KHUSYUK, MAKLER, MASTERWORK,
            MOSHING, MU_SAFECRACKER, ODORE, PAULES_CAFE, PENROSE, PENUMBRAL, Q_LOOP, REJIG, SMC, SIMULCHIP,
            SPEC_WORK, STARGATE, SUPERCORRIDOR, SWIFT, THE_ARTIST, THE_BACK, NIHILIST, UTAE, AZ, LAT]  # fmt: skip
RECORDS = [*bundled(), *SCRIPTED, CLOAK]
OPS = ["hb_quarterly_review", "jinteki_quiet_harvest", "nbn_ad_revenue_share"]  # no trash cost, nothing to steal


def test_every_fixture_runs_whole_with_its_script_and_templates() -> None:
    for fixture in [*SCRIPTED, CLOAK]:
        assert fixture.reading.status == "executable", fixture.id
    assert EULER.reading.read == [1, 2] and EULER.reading.scripted == [0]
    assert ODORE.reading.read == [0, 2] and ODORE.reading.scripted == [1]
    assert MAKLER.reading.read == [0, 1] and AFTERIMAGE.reading.read == [1]


CALM = {"identity": "hb_mirror_foundry", "credits": 0}  # a corp that gains nothing when runs begin


# ---------------------------------------------------------------- events


def test_isolation_and_spec_work_cost_an_installed_card_of_their_kind() -> None:
    r = play(RECORDS, ["play:isolation"], runner={"hand": ["isolation"], "rig": [{"card": "dockside_tipster"}]})
    g = r.game
    assert g.runner.credits == 10 and g.runner.rig == []  # 5 - 2 + 7
    assert ids(g.runner.discard) == ["dockside_tipster", "isolation"]
    bare = play(RECORDS, [], runner={"hand": ["isolation", "spec_work"], "rig": [{"card": "dockside_tipster"}]})
    assert "play:isolation" in loose(bare) and "play:spec_work" not in loose(bare)
    r = play(RECORDS, ["play:spec_work", "sleeve_blade"],
             runner={"hand": ["spec_work"], "rig": [{"card": "gray_rat"}, {"card": "sleeve_blade"}],
                     "deck": ["light_fingers", "spark_of_insight", "hush_box"]})  # fmt: skip
    g = r.game
    assert ids(g.runner.rig) == ["gray_rat"] and ids(g.runner.hand) == ["light_fingers", "spark_of_insight"]
    assert g.runner.credits == 8  # 5 - 1 + 4


def test_moshing_trashes_three_grip_cards_and_aniccam_draws_for_the_first_event_trashed() -> None:
    r = play(RECORDS, ["play:moshing", "light_fingers", "gray_rat"],
             runner={"hand": ["moshing", "light_fingers", "gray_rat", "spark_of_insight"], "rig": [{"card": "aniccam"}],
                     "deck": ["sleeve_blade", "hush_box", "cloak", "dockside_tipster", "old_school_mentor"]})  # fmt: skip
    g = r.game
    assert ids(g.runner.discard) == ["light_fingers", "gray_rat", "spark_of_insight", "moshing"]
    assert ids(g.runner.hand) == ["sleeve_blade", "hush_box", "cloak", "dockside_tipster"]  # 1 (Aniccam) + 3
    assert g.runner.credits == 8 and ids(g.runner.deck) == ["old_school_mentor"]
    short = play(RECORDS, [], runner={"hand": ["moshing", "light_fingers", "gray_rat"]})
    assert "play:moshing" not in loose(short)


def test_aniccam_draws_when_damage_trashes_an_event_once_a_turn() -> None:
    r = play(RECORDS, [], runner={"hand": ["light_fingers"], "rig": [{"card": "aniccam"}],
                                  "deck": ["gray_rat", "sleeve_blade"]})  # fmt: skip
    g = r.game
    g.damage("net", 1)
    assert ids(g.runner.discard) == ["light_fingers"] and ids(g.runner.hand) == ["gray_rat"]
    g.damage("net", 1)  # not an event, and not the first time anyway
    assert ids(g.runner.hand) == [] and ids(g.runner.deck) == ["sleeve_blade"]


def test_rejig_returns_a_card_and_installs_another_for_its_printed_cost_less() -> None:
    r = play(RECORDS, ["play:rejig", "gray_rat"], runner={"hand": ["rejig", "gray_rat"], "rig": [{"card": "sleeve_blade"}]})
    g = r.game
    assert ids(g.runner.rig) == ["gray_rat"] and ids(g.runner.hand) == ["sleeve_blade"]
    assert g.runner.credits == 5  # gray rat's 2 less sleeve blade's printed 2
    assert "play:rejig" not in loose(play(RECORDS, [], runner={"hand": ["rejig", "gray_rat"]}))


def test_harmony_shuffles_differently_named_heap_cards_back_and_leaves_the_game() -> None:
    runner = {"hand": ["harmony_ar_therapy"], "discard": ["light_fingers", "light_fingers", "gray_rat", "sleeve_blade"]}
    first = play(RECORDS, ["play:harmony_ar_therapy"], runner=runner)
    assert loose(first) == ["sleeve_blade", "gray_rat", "light_fingers", "done"]  # one copy of a title on offer
    r = play(RECORDS, ["play:harmony_ar_therapy", "light_fingers", "gray_rat", "done"], runner=runner)
    g = r.game
    assert sorted(ids(g.runner.deck)) == ["gray_rat", "light_fingers"]
    assert ids(g.runner.discard) == ["light_fingers", "sleeve_blade"] and ids(g.removed) == ["harmony_ar_therapy"]


def test_blueberry_diesel_tucks_one_of_the_top_two_and_draws_two() -> None:
    r = play(RECORDS, ["play:blueberry_diesel", "light_fingers"],
             runner={"hand": ["blueberry_diesel"], "deck": ["light_fingers", "gray_rat", "sleeve_blade"]})  # fmt: skip
    g = r.game
    assert ids(g.runner.hand) == ["gray_rat", "sleeve_blade"] and ids(g.runner.deck) == ["light_fingers"]
    seen = [e for e in g.log if e.kind == "reveal"]
    assert seen[0].visible == (2,) and len(seen[0].data["cards"]) == 2


def test_bravado_pays_six_and_one_per_ice_passed() -> None:
    corp = {**CALM, **ice_on("hq", "nbn_static_veil", "nbn_static_veil", rezzed=False)}
    r = play(RECORDS, ["play:bravado", "continue", "continue"], corp=corp, runner={"hand": ["bravado"]})
    assert r.game.runner.credits == 10  # 5 - 3 + 6 + 2
    assert "play:bravado" not in loose(play(RECORDS, [], runner={"hand": ["bravado"]}))  # no ice anywhere


def test_khusyuk_replaces_the_breach_with_a_pick_among_the_top_cards() -> None:
    corp = {**CALM, "deck": ["hb_quarterly_review", "neutral_pilot_scheme", "jinteki_quiet_harvest",
                             "nbn_ad_revenue_share"]}  # fmt: skip
    runner = {"hand": ["khusyuk"], "rig": [{"card": "gray_rat"}, {"card": "sleeve_blade"}, {"card": "spare_laptop"},
                                           {"card": "cloak"}]}  # fmt: skip
    r = play(RECORDS, ["play:khusyuk", "continue"], corp=corp, runner=runner)
    assert labels(r) == ["cost:1", "cost:2"]
    r = play(RECORDS, ["play:khusyuk", "continue", "cost:2", "neutral_pilot_scheme"], corp=corp, runner=runner)
    g = r.game
    assert ids(g.runner.score_area) == ["neutral_pilot_scheme"] and accessed(r) == 1
    assert len(events(r, "reveal")[0]["cards"]) == 3 and events(r, "breach_replaced") and not events(r, "breach")
    assert sorted(ids(g.corp.deck)) == ["hb_quarterly_review", "jinteki_quiet_harvest", "nbn_ad_revenue_share"]


# ---------------------------------------------------------------- icebreakers


def test_euler_breaks_a_code_gate_subroutine_for_free_only_on_its_install_turn() -> None:
    corp = {**CALM, **ice_on("hq", "hb_lattice_gate")}
    r = play(RECORDS, ["install:euler", "run:hq", "use:euler/0", "continue"], corp=corp, runner={"hand": ["euler"]})
    g = r.game
    assert g.runner.credits == 3 and [e["by"] for e in events(r, "break")] == [str(rig(r, "euler"))]
    assert g.run_history[-1][2]
    later = play(RECORDS, ["run:hq"], corp=corp, runner={"rig": [{"card": "euler"}]})
    assert "use:euler/0" not in loose(later) and "break:euler/1" in loose(later)


def test_penrose_breaks_barriers_on_its_install_turn_and_boosts_with_stealth_credits() -> None:
    r = play(RECORDS, ["install:penrose", "run:hq", "use:penrose/0", "continue"],
             corp={**CALM, **ice_on("hq", "nbn_static_veil")}, runner={"hand": ["penrose"]})  # fmt: skip
    assert r.game.runner.credits == 1 and r.game.run_history[-1][2]  # 5 - 3 - 1
    gate = {**CALM, **ice_on("hq", "nbn_subscription_gate")}
    r = play(RECORDS, ["run:hq", "use:penrose/2", "break:penrose/1", "sub:2", "break:penrose/1", "continue"],
             corp=gate, runner={"rig": [{"card": "penrose"}, {"card": "cloak"}]})  # fmt: skip
    g = r.game
    assert rig(r, "cloak").recurring == 0 and g.runner.credits == 3  # the boost came from the cloak's credit
    assert events(r, "strength")[0]["strength"] == 5 and g.run_history[-1][2]
    no_stealth = play(RECORDS, ["run:hq"], corp=gate, runner={"rig": [{"card": "penrose"}]})
    assert "use:penrose/2" not in loose(no_stealth)


def test_odore_breaks_for_free_with_three_virtual_resources() -> None:
    patrol = {**CALM, **ice_on("hq", "neutral_patrol_script")}
    virtual = [{"card": "dormant_account"}] * 3
    r = play(RECORDS, ["run:hq", "boost:odore/2", "use:odore/1", "continue"], corp=patrol,
             runner={"rig": [{"card": "odore"}, *virtual]})  # fmt: skip
    assert r.game.runner.credits == 2 and len(events(r, "break")) == 1 and r.game.run_history[-1][2]
    two = play(RECORDS, ["run:hq", "boost:odore/2"], corp=patrol, runner={"rig": [{"card": "odore"}, *virtual[:2]]})
    assert "use:odore/1" not in loose(two) and "break:odore/0" in loose(two)


def test_utae_breaks_x_code_gate_subroutines_once_a_run() -> None:
    gate = {**CALM, **ice_on("hq", "nbn_subscription_gate")}
    r = play(RECORDS, ["run:hq", "boost:utae/2", "boost:utae/2", "use:utae/0", "pay:2", "sub:1", "continue"],
             corp=gate, runner={"rig": [{"card": "utae"}]})  # fmt: skip
    assert r.game.runner.credits == 1 and len(events(r, "break")) == 2 and r.game.run_history[-1][2]
    once = play(RECORDS, ["run:hq", "boost:utae/2", "boost:utae/2", "use:utae/0", "pay:1", "sub:1"], corp=gate,
                runner={"rig": [{"card": "utae"}], "credits": 9})  # fmt: skip
    assert len(events(once, "break")) == 1 and not once.game.run_history[-1][2]  # not offered again: it fired
    virtual = [{"card": "dormant_account"}] * 3
    r = play(RECORDS, ["run:hq", "boost:utae/2", "boost:utae/2", "use:utae/1", "sub:1", "use:utae/1", "continue"],
             corp=gate, runner={"rig": [{"card": "utae"}, *virtual]})  # fmt: skip
    assert r.game.runner.credits == 1 and r.game.run_history[-1][2]


def test_bukhgalter_and_makler_pay_for_a_full_break_once_a_turn() -> None:
    r = play(RECORDS, ["run:hq", "boost:bukhgalter/1", "break:bukhgalter/0", "continue", "run:hq",
                       "boost:bukhgalter/1", "break:bukhgalter/0", "continue"],
             corp={**CALM, **ice_on("hq", "neutral_patrol_script")}, runner={"rig": [{"card": "bukhgalter"}]})  # fmt: skip
    assert r.game.runner.credits == 3  # 5 - 2 + 2 - 2
    r = play(RECORDS, ["run:hq", "boost:makler/1", "break:makler/0", "sub:1", "continue"],
             corp={**CALM, **ice_on("hq", "jinteki_bramble_screen")}, runner={"rig": [{"card": "makler"}]})  # fmt: skip
    assert r.game.runner.credits == 2  # 5 - 2 - 2 + 1
    shared = play(RECORDS, ["run:hq", "boost:rockbit_drill/1", "break:rockbit_drill/0", "sub:1", "boost:makler/1",
                            "break:makler/0", "continue"],
                  corp={**CALM, **ice_on("hq", "jinteki_bramble_screen")},
                  runner={"rig": [{"card": "makler"}, {"card": "rockbit_drill"}], "credits": 9})  # fmt: skip
    assert shared.game.runner.credits == 3 and shared.game.run_history[-1][2]  # 9 - 6: not broken by it alone


def test_gauss_is_three_stronger_on_the_turn_it_is_installed() -> None:
    r = play(RECORDS, ["install:gauss", "run:hq", "break:gauss/1", "sub:2", "break:gauss/1", "continue"],
             corp={**CALM, **ice_on("hq", "jinteki_bramble_screen")}, runner={"hand": ["gauss"]})  # fmt: skip
    g = r.game
    gauss = rig(r, "gauss")
    assert g.strength_of(gauss) == 4 and g.runner.credits == 1 and g.run_history[-1][2]
    g.turns += 1
    assert g.strength_of(gauss) == 1


def test_afterimage_bypasses_a_sentry_with_stealth_credits_and_boosts_with_one() -> None:
    patrol = {**CALM, **ice_on("hq", "neutral_patrol_script")}
    runner = {"rig": [{"card": "afterimage"}, {"card": "penumbral_toolkit", "credits": 3}]}
    r = play(RECORDS, ["run:hq", "yes", "continue"], corp=patrol, runner=runner)
    g = r.game
    assert events(r, "bypass") and not events(r, "subroutine") and g.run_history[-1][2]
    assert rig(r, "penumbral_toolkit").credits == 1 and g.runner.credits == 5
    r = play(RECORDS, ["run:hq", "yes", "continue", "run:hq"], corp=patrol, runner=runner)
    assert r.pending is not None and r.pending.kind == "break"  # once a turn: no second offer
    beacon = {**CALM, **ice_on("hq", "nbn_echo_beacon")}
    r = play(RECORDS, ["run:hq", "use:afterimage/2", "break:afterimage/1", "sub:1", "continue"], corp=beacon,
             runner={"rig": [{"card": "afterimage"}, {"card": "cloak"}]})  # fmt: skip
    assert r.game.runner.credits == 4 and r.game.run_history[-1][2] and rig(r, "cloak").recurring == 0


# ---------------------------------------------------------------- other programs


def test_self_modifying_code_finds_and_installs_a_program() -> None:
    r = play(RECORDS, ["use:self_modifying_code/0"],
             runner={"rig": [{"card": "self_modifying_code"}], "deck": ["gray_rat", "light_fingers"]})  # fmt: skip
    g = r.game
    assert ids(g.runner.rig) == ["gray_rat"] and ids(g.runner.discard) == ["self_modifying_code"]
    assert g.runner.credits == 1 and ids(g.runner.deck) == ["light_fingers"]  # 5 - 2 - 2


def test_cordyceps_swaps_ice_after_a_successful_central_run() -> None:
    corp = {**CALM, "servers": {"hq": {"ice": [{"card": "nbn_static_veil"}]},
                                "rnd": {"ice": [{"card": "hb_lattice_gate", "rezzed": True}, {"card": "nbn_static_veil"}]}}}  # fmt: skip
    runner = {"rig": [{"card": "cordyceps", "counters": {"virus": 2}}]}
    r = play(RECORDS, ["run:hq", "continue", "yes"], corp=corp, runner=runner)
    assert loose(r) == ["hb_lattice_gate", "facedown"]  # the unrezzed one stays unnamed
    r = play(RECORDS, ["run:hq", "continue", "yes", "hb_lattice_gate"], corp=corp, runner=runner)
    g = r.game
    assert ids(g.servers["hq"].ice) == ["hb_lattice_gate"] and ids(g.servers["rnd"].ice) == ["nbn_static_veil"] * 2
    assert rig(r, "cordyceps").counters == {"virus": 1}
    assert all("静电" not in str(e["card"]) for e in events(r, "move"))  # the face-down ice is not named
    r = play(RECORDS, ["run:hq", "continue", "yes", "hb_lattice_gate", "run:rnd", "continue", "continue"], corp=corp,
             runner=runner)  # fmt: skip
    assert r.game.run_history[-1] == (1, "rnd", True) and rig(r, "cordyceps").counters == {"virus": 1}
    assert r.pending is not None and r.pending.kind == "action"  # once a turn: no offer after the second run


def test_chisel_wears_its_host_down_and_trashes_it_at_zero() -> None:
    r = play(RECORDS, ["install:chisel", "run:hq", "run:hq", "continue"],
             corp={**CALM, **ice_on("hq", "neutral_plywood_screen")}, runner={"hand": ["chisel"]})  # fmt: skip
    g = r.game
    assert [ok for _, _, ok in g.run_history] == [False, True]  # 1 strength: a counter; then 0: trashed
    assert ids(g.corp.discard) == ["neutral_plywood_screen"] and ids(g.runner.discard) == ["chisel"]
    one = play(RECORDS, ["install:chisel", "run:hq"], corp={**CALM, **ice_on("hq", "weyland_slag_rampart")},
               runner={"hand": ["chisel"]})  # fmt: skip
    assert one.game.strength_of(one.game.servers["hq"].ice[0]) == 4


def test_stargate_trashes_one_of_the_top_three_instead_of_breaching() -> None:
    corp = {**CALM, "deck": ["hb_quarterly_review", "neutral_pilot_scheme", "jinteki_quiet_harvest",
                             "nbn_ad_revenue_share"]}  # fmt: skip
    r = play(RECORDS, ["use:stargate/0", "continue", "neutral_pilot_scheme"], corp=corp,
             runner={"rig": [{"card": "stargate"}]})  # fmt: skip
    g = r.game
    assert ids(g.corp.discard) == ["neutral_pilot_scheme"] and g.runner.score_area == [] and accessed(r) == 0
    assert "use:stargate/0" not in loose(r) and g.runner.clicks == 3


# ---------------------------------------------------------------- hardware


def test_supercorridor_pays_two_when_credits_are_level_at_turn_end() -> None:
    corp = {**CALM, "credits": 5, "deck": OPS}
    r = play(RECORDS, ["yes"], corp=corp, runner={"clicks": 0, "rig": [{"card": "supercorridor"}]})
    assert r.game.runner.credits == 7
    uneven = play(RECORDS, [], corp={**corp, "credits": 4}, runner={"clicks": 0, "rig": [{"card": "supercorridor"}]})
    assert uneven.game.runner.credits == 5 and uneven.pending is not None and uneven.pending.kind == "action"
    second = play(RECORDS, [], runner={"hand": ["supercorridor"], "rig": [{"card": "swift"}], "credits": 9})
    assert "install:supercorridor" not in loose(second)  # one console


def test_swift_gives_a_click_for_the_first_run_event_each_turn() -> None:
    r = play(RECORDS, ["play:data_ramble", "hq", "continue", "play:lobby_crash", "continue"], corp=CALM,
             runner={"hand": ["data_ramble", "lobby_crash"], "deck": ["light_fingers"], "rig": [{"card": "swift"}]})  # fmt: skip
    assert r.game.runner.clicks == 3  # 4 - 1 + 1 - 1


def test_masterwork_draws_for_the_first_hardware_and_installs_hardware_as_runs_begin() -> None:
    runner = {"hand": ["masterwork_v37", "spare_laptop"], "deck": ["light_fingers", "spark_of_insight"]}
    r = play(RECORDS, ["install:masterwork_v37", "run:hq", "spare_laptop", "continue"], corp=CALM, runner=runner)
    g = r.game
    assert ids(g.runner.rig) == ["masterwork_v37", "spare_laptop"] and g.runner.credits == 0  # 5 - 2 - (2 + 1)
    assert ids(g.runner.hand) == ["light_fingers"]  # one draw: the first hardware only


def test_gachapon_installs_one_of_six_shuffles_three_back_and_removes_the_rest() -> None:
    deck = ["sleeve_blade", "dormant_account", "light_fingers", "spark_of_insight", "gray_rat", "hush_box",
            "old_school_mentor"]  # fmt: skip
    r = play(RECORDS, ["use:gachapon/0"], runner={"rig": [{"card": "gachapon"}], "deck": deck})
    assert loose(r) == ["sleeve_blade", "dormant_account", "gray_rat", "done"]  # programs and virtual resources
    r = play(RECORDS, ["use:gachapon/0", "sleeve_blade", "light_fingers", "spark_of_insight", "gray_rat"],
             runner={"rig": [{"card": "gachapon"}], "deck": deck})  # fmt: skip
    g = r.game
    assert ids(g.runner.rig) == ["sleeve_blade"] and g.runner.credits == 5
    assert sorted(ids(g.runner.deck)) == ["gray_rat", "light_fingers", "old_school_mentor", "spark_of_insight"]
    assert ids(g.removed) == ["dormant_account", "hush_box"] and ids(g.runner.discard) == ["gachapon"]


def test_simulchip_needs_an_installed_program_unless_one_was_trashed_this_turn() -> None:
    r = play(RECORDS, ["use:simulchip/0", "sleeve_blade"],
             runner={"rig": [{"card": "simulchip"}, {"card": "gray_rat"}], "discard": ["sleeve_blade"]})  # fmt: skip
    g = r.game
    assert ids(g.runner.rig) == ["sleeve_blade"] and ids(g.runner.discard) == ["simulchip", "gray_rat"]
    assert g.runner.credits == 5
    r = play(RECORDS, ["install:gray_rat", "play:spec_work", "use:simulchip/0"],
             runner={"hand": ["spec_work", "gray_rat"], "rig": [{"card": "simulchip"}],
                     "deck": ["light_fingers", "hush_box"]})  # fmt: skip
    g = r.game
    assert ids(g.runner.rig) == ["gray_rat"] and g.runner.credits == 6  # 5 - 2 - 1 + 4; the reinstall is free
    bare = play(RECORDS, [], runner={"rig": [{"card": "simulchip"}], "discard": ["sleeve_blade"]})
    assert "use:simulchip/0" not in loose(bare)


def test_prognostic_q_loop_looks_at_the_first_run_and_installs_the_top_card() -> None:
    r = play(RECORDS, ["run:hq", "yes", "done", "continue", "use:prognostic_q_loop/1", "yes"], corp=CALM,
             runner={"rig": [{"card": "prognostic_q_loop"}], "deck": ["gray_rat", "light_fingers"]})  # fmt: skip
    g = r.game
    looked, shown = [e for e in g.log if e.kind == "reveal"]
    assert looked.visible == (2,) and len(looked.data["cards"]) == 2 and shown.visible == "all"
    assert rig(r, "gray_rat") is not None and g.runner.credits == 2  # 5 - 1 - 2
    assert "use:prognostic_q_loop/1" not in loose(r)


def test_mu_safecracker_buys_an_access_with_stealth_credits_only() -> None:
    r = play(RECORDS, ["run:hq", "continue", "yes"], corp={**CALM, "hand": OPS},
             runner={"rig": [{"card": "mu_safecracker"}, {"card": "penumbral_toolkit", "credits": 3}]})  # fmt: skip
    assert accessed(r) == 2 and rig(r, "penumbral_toolkit").credits == 2 and r.game.runner.credits == 5
    r = play(RECORDS, ["run:rnd", "continue"], corp={**CALM, "deck": OPS},
             runner={"rig": [{"card": "mu_safecracker"}, {"card": "penumbral_toolkit", "credits": 1}]})  # fmt: skip
    assert accessed(r) == 1 and r.game.runner.credits == 5  # R&D costs 2 from stealth cards: no offer


def test_devil_charm_weakens_the_ice_for_the_run_and_leaves_the_game() -> None:
    r = play(RECORDS, ["run:hq", "yes", "break:rockbit_drill/0", "continue"],
             corp={**CALM, **ice_on("hq", "weyland_slag_rampart")},
             runner={"rig": [{"card": "devil_charm"}, {"card": "rockbit_drill"}]})  # fmt: skip
    g = r.game
    assert g.run_history[-1][2] and g.runner.credits == 4 and ids(g.removed) == ["devil_charm"]
    assert g.strength_of(g.servers["hq"].ice[0]) == 5  # the run is over


# ---------------------------------------------------------------- resources


def test_daily_casts_loads_eight_and_goes_when_empty() -> None:
    r = play(RECORDS, ["install:daily_casts"], runner={"identity": "ada_voss_tinker", "hand": ["daily_casts"]})
    g = r.game
    casts = rig(r, "daily_casts")
    assert casts.credits == 8 and g.runner.credits == 2
    casts.credits = 2
    g.begin_turn("runner")  # the template takes the last 2
    assert g.runner.credits == 4 and ids(g.runner.discard) == ["daily_casts"]


def test_penumbral_toolkit_is_cheaper_after_hq_and_pays_only_during_runs() -> None:
    r = play(RECORDS, ["run:hq", "continue", "install:penumbral_toolkit"], corp=CALM,
             runner={"hand": ["penumbral_toolkit"]})  # fmt: skip
    g = r.game
    assert g.runner.credits == 5 and rig(r, "penumbral_toolkit").credits == 4
    assert g.available("runner") == 5  # no run: its credits stay put
    full = play(RECORDS, ["install:penumbral_toolkit"], corp=CALM, runner={"hand": ["penumbral_toolkit"]})
    assert full.game.runner.credits == 3


def test_fencer_fueno_gathers_credits_pays_after_success_and_taxes_the_turn_end() -> None:
    quiet = "ada_voss_tinker"
    asset = {**CALM, "servers": {"remote1": {"root": [{"card": "nbn_billboard_network"}]}}}
    r = play(RECORDS, ["run:remote1", "continue", "trash:nbn_billboard_network"], corp=asset,
             runner={"identity": quiet, "credits": 0, "rig": [{"card": "fencer_fueno", "credits": 2}]})  # fmt: skip
    assert ids(r.game.corp.discard) == ["nbn_billboard_network"] and rig(r, "fencer_fueno").credits == 0
    agenda = {**CALM, "servers": {"remote1": {"root": [{"card": "neutral_pilot_scheme"}]}}}
    r = play(RECORDS, ["run:remote1", "continue"], corp=agenda, runner={"identity": quiet, "rig": [{"card": "fencer_fueno"}]})
    assert rig(r, "fencer_fueno").credits == 1
    r = play(RECORDS, [], active="corp", corp={**CALM, "clicks": 0, "deck": OPS},
             runner={"identity": quiet, "rig": [{"card": "fencer_fueno"}]})  # fmt: skip
    assert rig(r, "fencer_fueno").credits == 1 and r.game.active == "runner"
    full = {"identity": quiet, "clicks": 0, "rig": [{"card": "fencer_fueno", "credits": 3}]}
    r = play(RECORDS, ["pay"], corp={**CALM, "deck": OPS}, runner=full)
    assert r.game.runner.credits == 4 and rig(r, "fencer_fueno") is not None
    r = play(RECORDS, ["trash"], corp={**CALM, "deck": OPS}, runner=full)
    assert ids(r.game.runner.discard) == ["fencer_fueno"] and r.game.runner.credits == 5


def test_dreamnet_draws_on_the_first_successful_run_and_pays_a_digital_identity() -> None:
    r = play(RECORDS, ["run:hq", "continue", "run:hq", "continue"], corp=CALM,
             runner={"rig": [{"card": "dreamnet"}], "deck": ["light_fingers", "gray_rat"]})  # fmt: skip
    assert ids(r.game.runner.hand) == ["light_fingers"] and r.game.runner.credits == 6  # zero_weaver is digital
    r = play(RECORDS, ["run:hq", "continue"], corp=CALM,
             runner={"identity": "ada_voss_tinker", "rig": [{"card": "dreamnet"}], "deck": ["light_fingers"]})  # fmt: skip
    assert ids(r.game.runner.hand) == ["light_fingers"] and r.game.runner.credits == 5


def test_the_artist_gives_credits_and_a_cheaper_install_once_a_turn_each() -> None:
    r = play(RECORDS, ["use:the_artist/0", "use:the_artist/1"],
             runner={"identity": "ada_voss_tinker", "rig": [{"card": "the_artist"}], "hand": ["gray_rat"]})  # fmt: skip
    g = r.game
    assert g.runner.credits == 6 and g.runner.clicks == 2 and rig(r, "gray_rat") is not None  # 5 + 2 - 1
    assert not [label for label in loose(r) if label.startswith("use:the_artist")]


def test_paules_cafe_hosts_cards_and_installs_the_first_cheaper_per_unique_connection() -> None:
    runner = {"identity": "ada_voss_tinker", "rig": [{"card": "paules_cafe"}, {"card": "baklan_bochkin"}],
              "hand": ["gray_rat", "spare_laptop"], "clicks": 4}  # fmt: skip
    r = play(RECORDS, ["use:paules_cafe/0", "gray_rat", "use:paules_cafe/0", "use:paules_cafe/1", "gray_rat",
                       "use:paules_cafe/1"], runner=runner)  # fmt: skip
    g = r.game
    assert rig(r, "gray_rat").host is None and rig(r, "spare_laptop") is not None
    assert g.runner.credits == 0 and rig(r, "paules_cafe").hosted == []  # 5 - (1 + 1) - (1 + 2)


def test_baklan_counts_the_first_encounter_and_derezzes_ice_for_a_tag() -> None:
    corp = {**CALM, "servers": {"hq": {"ice": [{"card": "neutral_patrol_script", "rezzed": True},
                                               {"card": "weyland_watchdog_drone", "rezzed": True}]}}}  # fmt: skip
    r = play(RECORDS, ["run:hq", "use:baklan_bochkin/1", "continue", "continue"], corp=corp,
             runner={"identity": "ada_voss_tinker", "rig": [{"card": "baklan_bochkin", "counters": {"power": 1}}]})  # fmt: skip
    g = r.game
    drone = g.servers["hq"].ice[1]
    assert not drone.rezzed and g.runner.tags == 1 and ids(g.runner.discard) == ["baklan_bochkin"]
    assert [e["ice"] for e in events(r, "subroutine")] == [str(g.servers["hq"].ice[0])]  # the drone's never fired
    r = play(RECORDS, ["run:hq"], corp=corp, runner={"rig": [{"card": "baklan_bochkin"}]})
    assert rig(r, "baklan_bochkin").counters == {"power": 1} and "use:baklan_bochkin/1" not in loose(r)


def test_the_nihilist_loads_on_a_virus_install_and_trades_counters_for_cards() -> None:
    quiet = "ada_voss_tinker"
    r = play(RECORDS, ["install:hive_siphon", "install:rot_worm"],
             runner={"identity": quiet, "rig": [{"card": "the_nihilist"}], "hand": ["hive_siphon", "rot_worm"]})  # fmt: skip
    assert rig(r, "the_nihilist").counters == {"virus": 2}
    rig_cards = [{"card": "the_nihilist", "counters": {"virus": 1}}, {"card": "hive_siphon", "counters": {"virus": 2}}]
    runner = {"identity": quiet, "rig": rig_cards, "deck": ["light_fingers", "gray_rat", "sleeve_blade"]}
    corp = {**CALM, "clicks": 0, "deck": OPS}
    r = play(RECORDS, ["yes", "the_nihilist", "draw"], active="corp", corp=corp, runner=runner)
    g = r.game
    assert ids(g.runner.hand) == ["light_fingers", "gray_rat"] and rig(r, "hive_siphon").counters == {"virus": 1}
    r = play(RECORDS, ["yes", "the_nihilist", "trash"], active="corp", corp=corp, runner=runner)
    assert r.game.runner.hand == [] and len(r.game.corp.discard) == 1 and len(r.game.corp.deck) == 2


def test_the_back_counts_hardware_used_in_runs_and_recycles_trash_cards() -> None:
    quiet = "ada_voss_tinker"
    r = play(RECORDS, ["run:hq", "use:hush_box/0", "done", "continue", "run:hq", "use:overdrive_cell/0", "continue"],
             corp=CALM, runner={"identity": quiet, "tags": 1, "rig": [{"card": "the_back"}, {"card": "hush_box"},
                                                                       {"card": "overdrive_cell"}]})  # fmt: skip
    assert rig(r, "the_back").counters == {"power": 1}  # the first time each turn only
    r = play(RECORDS, ["run:hq", "use:hush_box/0", "continue", "use:the_back/1", "hush_box", "overdrive_cell"],
             corp=CALM, runner={"identity": quiet, "tags": 1, "rig": [{"card": "the_back"}, {"card": "hush_box"}],
                                "discard": ["overdrive_cell", "light_fingers", "backup_mirror", "gray_rat"]})  # fmt: skip
    g = r.game
    assert sorted(ids(g.runner.deck)) == ["hush_box", "overdrive_cell"] and ids(g.removed) == ["the_back"]
    assert ids(g.runner.discard) == ["light_fingers", "backup_mirror", "gray_rat"]


def test_cybertrooper_talut_makes_a_new_icebreaker_stronger_for_the_turn() -> None:
    r = play(RECORDS, ["install:gray_rat"], runner={"hand": ["gray_rat"], "rig": [{"card": "cybertrooper_talut"}]})
    g = r.game
    assert g.strength_of(rig(r, "gray_rat")) == 3 and g.link() == 1
    g.lift("turn")  # the turn ends
    assert g.strength_of(rig(r, "gray_rat")) == 1


# ---------------------------------------------------------------- identities


def test_az_makes_the_first_hardware_or_connection_install_cheaper() -> None:
    runner = {"identity": "az_mccaffrey_mechanical_prodigy", "hand": ["spare_laptop", "dockside_tipster", "gray_rat"],
              "credits": 9}  # fmt: skip
    r = play(RECORDS, ["install:gray_rat", "install:spare_laptop", "install:dockside_tipster"], runner=runner)
    assert r.game.runner.credits == 3  # 9 - 2 - 1 - 3
    r = play(RECORDS, ["install:dockside_tipster", "install:spare_laptop"], runner=runner)
    assert r.game.runner.credits == 5  # 9 - 2 - 2


def test_lat_draws_when_the_grip_matches_hq_after_the_discard_phase() -> None:
    r = play(RECORDS, ["yes"], corp={**CALM, "deck": OPS},
             runner={"identity": "lat_ethical_freelancer", "clicks": 0, "deck": ["gray_rat"]})  # fmt: skip
    assert ids(r.game.runner.hand) == ["gray_rat"]
    r = play(RECORDS, [], corp={**CALM, "deck": OPS, "hand": ["hb_quarterly_review"]},
             runner={"identity": "lat_ethical_freelancer", "clicks": 0, "deck": ["gray_rat"]})  # fmt: skip
    assert r.game.runner.hand == [] and r.pending is not None and r.pending.kind == "action"
