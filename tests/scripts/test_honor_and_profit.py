"""The Honor and Profit card scripts, each played through a scenario that checks what changes."""

from __future__ import annotations

from typing import Any

from .kit import bundled, card, corp, events, identity, labels, play, runner


def find(zone: list[Any], card_id: str) -> Any:
    """The first card of ``card_id`` in ``zone``, or None."""
    return next((c for c in zone if c.id == card_id), None)


def hq_ice(*ids: str) -> dict[str, Any]:
    """HQ protected by rezzed ``ids``, innermost first."""
    return {"hq": {"ice": [{"card": i, "rezzed": True} for i in ids]}}


# ---------------------------------------------------------------- fixtures (our own wording)

CENTRAL_ONLY = "Its interface works only on ice guarding HQ, R&D or Archives, never on ice guarding a remote server."
ALIAS = card(
    "alias",
    "program",
    ["Interface → 1[credit]: Break 1 <strong>sentry</strong> subroutine.", "2[credit]: +3 strength.", CENTRAL_ONLY],
    subtypes=["icebreaker", "killer"], cost=3, strength=1, memory_cost=1, faction="criminal",
)  # fmt: skip
BREACH = card(
    "breach",
    "program",
    ["Interface → 2[credit]: Break up to 3 <strong>barrier</strong> subroutines.", "2[credit]: +4 strength.",
     CENTRAL_ONLY],  # fmt: skip
    subtypes=["icebreaker", "fracter"], cost=2, strength=2, memory_cost=1, faction="criminal",
)  # fmt: skip
PASSPORT = card(
    "passport",
    "program",
    ["Interface → 1[credit]: Break 1 <strong>code gate</strong> subroutine.", "2[credit]: +2 strength.",
     CENTRAL_ONLY],  # fmt: skip
    subtypes=["icebreaker", "decoder"], cost=1, strength=2, memory_cost=1, faction="criminal",
)  # fmt: skip
GINGERBREAD = card(
    "gingerbread",
    "program",
    ["Interface → 1[credit]: break one subroutine that starts a trace.", "2[credit]: +3 strength."],
    subtypes=["icebreaker"], cost=2, strength=2, memory_cost=1, faction="criminal",
)  # fmt: skip
GRAPPLING_HOOK = card(
    "grappling_hook",
    "program",
    ["Trash this program to break every subroutine of the ice you are encountering except one you leave."],
    cost=2, memory_cost=1, faction="criminal",
)  # fmt: skip
OVERMIND = card(
    "overmind",
    "program",
    ["On installation it receives a power counter for each MU still free once its own MU is counted.",
     "Interface → spend one of its power counters to break a subroutine of any kind.",
     "1[credit]: +1 strength."],  # fmt: skip
    subtypes=["icebreaker", "ai"], cost=4, strength=0, memory_cost=1,
)  # fmt: skip
CALLING = card(
    "calling_in_favors",
    "event",
    ["Take one credit per connection resource you have installed."],
    cost=0, faction="criminal",
)  # fmt: skip
EARLY_BIRD = card(
    "early_bird",
    "event",
    ["It can be played only with the first click you spend this turn.",
     "You get an extra [click], then make a run against a server of your choice."],  # fmt: skip
    subtypes=["priority", "run"], cost=1, faction="criminal",
)  # fmt: skip
EXPRESS = card(
    "express_delivery",
    "event",
    ["Check the four cards on top of your stack, keep one of them in your grip, then shuffle the stack."],
    cost=1, faction="criminal",
)  # fmt: skip
FEINT = card(
    "feint",
    "event",
    ["Make a run on HQ in which the first two encounters with ice are bypassed; on success HQ is not breached."],
    subtypes=["run"], cost=2, faction="criminal",
)  # fmt: skip
MASS_INSTALL = card(
    "mass_install",
    "event",
    ["Put as many as three programs from your grip into play, each at its install cost."],
    cost=1,
)  # fmt: skip
PLANNED = card(
    "planned_assault",
    "event",
    ["Playing it takes one more [click].",
     "Find a run event in your stack and play it at its play cost, skipping any additional cost; shuffle the "
     "stack."],  # fmt: skip
    subtypes=["double"], cost=2, faction="criminal",
)  # fmt: skip
PUSH = card(
    "push_your_luck",
    "event",
    ["Hide any number of your credits as spent; the Corp calls even or odd. Show them: on a wrong call you get "
     "double that number back."],  # fmt: skip
    cost=2, faction="criminal",
)  # fmt: skip
LOGOS = card(
    "logos",
    "hardware",
    ["+1[mu]",
     "You get +1 maximum hand size.",
     "Each time the Corp scores an agenda you may take any card from your stack into your grip, then shuffle it.",
     "Only one console may be installed per player."],  # fmt: skip
    subtypes=["console"], cost=4, unique=True, faction="criminal",
)  # fmt: skip
Q_CHIP = card(
    "q_coherence_chip",
    "hardware",
    ["+1[mu]", "Once one of your installed programs is trashed, this chip is trashed too."],
    subtypes=["chip"], cost=0,
)  # fmt: skip
SW35 = card(
    "unregistered_s_w_35",
    "hardware",
    ["Usable only on a turn when you have already run HQ successfully.",
     "[click][click]: a rezzed bioroid, clone, executive or sysop in a remote server's root is trashed."],  # fmt: skip
    subtypes=["weapon"], cost=1, faction="criminal",
)  # fmt: skip
WINDOW = card(
    "window",
    "hardware",
    ["[click]: the bottom card of your stack goes to your grip."],
    cost=2, faction="criminal",
)  # fmt: skip
ORACLE = card(
    "oracle_may",
    "resource",
    ["At most one use of this resource a turn.",
     "[click]: name a card type and show your top stack card; a match is drawn and pays 2[credit], anything "
     "else is trashed."],  # fmt: skip
    subtypes=["connection"], cost=1, unique=True,
)  # fmt: skip
THEOPHILIUS = card(
    "theophilius_bagbiter",
    "resource",
    ["Installing it empties your credit pool.", "The credits in your pool are your maximum hand size."],
    subtypes=["connection"], cost=3, unique=True, faction="criminal",
)  # fmt: skip
TRI_MAF = card(
    "tri_maf_contact",
    "resource",
    ["This resource works at most once each turn.",
     "[click]: Gain 2[credit].",
     "Should it be trashed, you take 3 meat damage."],  # fmt: skip
    subtypes=["connection"], cost=2, faction="criminal",
)  # fmt: skip
IAIN = identity(
    "iain_stirling_retired_spook",
    "runner",
    ["At the start of your turn you take 2[credit] while the Corp is ahead of you on scored agenda points."],
    faction="criminal", base_link=1, influence_limit=10,
)  # fmt: skip
SILHOUETTE = identity(
    "silhouette_stealth_operative",
    "runner",
    ["Your first successful HQ run of a turn lets you expose one card."],
    faction="criminal",
)  # fmt: skip
CEREBRAL = card(
    "cerebral_cast",
    "operation",
    ["Playable only after a runner turn that had a successful run.",
     "Both sides secretly bid 0 to 2[credit]; if the bids are not equal, the Runner picks 1 core damage or 1 tag."],
    subtypes=["gray_ops", "psi"], cost=1, faction="jinteki",
)  # fmt: skip
PORTFOLIO = card(
    "diversified_portfolio",
    "operation",
    ["One credit to you for each remote server whose root holds a card."],
    subtypes=["transaction"], cost=1,
)  # fmt: skip
FUNDRAISER = card(
    "medical_research_fundraiser",
    "operation",
    ["You take 8[credit] and the Runner takes 3[credit]."],
    subtypes=["transaction"], cost=3, faction="jinteki",
)  # fmt: skip
BREAKTHROUGH = card(
    "medical_breakthrough",
    "agenda",
    ["Every copy of this agenda needs one advancement less per copy scored or stolen, in either score area."],
    subtypes=["research"], agenda_points=2, advancement_requirement=4, faction="jinteki",
)  # fmt: skip
PHILOTIC = card(
    "philotic_entanglement",
    "agenda",
    ["Scoring it does 1 net damage per agenda the Runner has in their score area.",
     "A deck holds a single copy."],  # fmt: skip
    subtypes=["security"], agenda_points=2, advancement_requirement=3, deck_limit=1, unique=True,
    faction="jinteki",
)  # fmt: skip
HIRO = card(
    "chairman_hiro",
    "asset",
    ["The Runner's maximum hand size is 2 lower.",
     "If it is trashed while the Runner accesses it, it moves to the Runner's score area as a 2-point agenda."],
    subtypes=["executive"], rez_cost=2, trash_cost=6, unique=True, faction="jinteki",
)  # fmt: skip
PLAN_B = card(
    "plan_b",
    "asset",
    ["This asset can be advanced.",
     "When the Runner accesses it, you may show and score an agenda from HQ whose advancement requirement is at "
     "most its advancement counters."],  # fmt: skip
    subtypes=["ambush"], rez_cost=0, trash_cost=1,
)  # fmt: skip
SHI_KYU = card(
    "shi_kyu",
    "asset",
    ["Accessed anywhere but R&D: you spend credits as you like, and the Runner takes that much net damage or "
     "keeps this card in their score area as a -1 point agenda."],  # fmt: skip
    subtypes=["ambush"], rez_cost=0, trash_cost=0, faction="jinteki",
)  # fmt: skip
TENMA = card(
    "tenma_line",
    "asset",
    ["[click]: two installed pieces of ice change places."],
    subtypes=["clone"], rez_cost=2, trash_cost=4, faction="jinteki",
)  # fmt: skip
KOMAINU = card(
    "komainu",
    "ice",
    ["Each encounter gives it, until the run ends, one more net-damage subroutine per card in the grip."],
    subtypes=["sentry", "ap"], rez_cost=5, strength=1, faction="jinteki",
)  # fmt: skip
PUP = card(
    "pup",
    "ice",
    ["[subroutine] 1 net damage, unless the Runner spends 1[credit].",
     "[subroutine] 1 net damage, unless the Runner spends 1[credit]."],  # fmt: skip
    subtypes=["sentry", "ap"], rez_cost=1, strength=0, faction="jinteki",
)  # fmt: skip
SHIRO = card(
    "shiro",
    "ice",
    ["[subroutine] You put the top 3 cards of R&D back in the order you like.",
     "[subroutine] Unless you spend 1[credit], the Runner breaches R&D, leaving its root unaccessed."],
    subtypes=["code_gate"], rez_cost=6, strength=5, faction="jinteki",
)  # fmt: skip
TENNIN = identity(
    "tennin_institute_the_secrets_within",
    "corp",
    ["As your turn begins, if the Runner's last turn saw no successful run, you may advance any installed card "
     "once for free."],  # fmt: skip
    faction="jinteki",
)  # fmt: skip

CARDS = [ALIAS, BREACH, PASSPORT, GINGERBREAD, GRAPPLING_HOOK, OVERMIND, CALLING, EARLY_BIRD, EXPRESS, FEINT,
         MASS_INSTALL, PLANNED, PUSH, LOGOS, Q_CHIP, SW35, WINDOW, ORACLE, THEOPHILIUS, TRI_MAF, CEREBRAL, PORTFOLIO,
         FUNDRAISER, BREAKTHROUGH, PHILOTIC, HIRO, PLAN_B, SHI_KYU, TENMA, KOMAINU, PUP, SHIRO]  # fmt: skip
IDENTITIES = [IAIN, SILHOUETTE, TENNIN]
RECORDS = [*bundled(), *CARDS, *IDENTITIES]


def test_every_fixture_is_executable_and_template_lines_stay_read() -> None:
    for record in CARDS + IDENTITIES:
        assert record.reading.status == "executable", record.id
    assert ALIAS.reading.read == [1] and ALIAS.reading.scripted == [0, 2]
    assert GINGERBREAD.reading.read == [1] and OVERMIND.reading.read == [2]
    assert LOGOS.reading.read == [0, 1] and Q_CHIP.reading.read == [0] and PLAN_B.reading.read == [0]
    assert TRI_MAF.reading.scripted == [0, 1, 2]


# ---------------------------------------------------------------- icebreakers


def test_alias_breaks_a_sentry_of_a_central_server_only() -> None:
    rig = runner(rig=[{"card": "alias"}], credits=5)
    r = play(RECORDS, ["run:hq", "boost:alias/1", "use:alias/0", "continue"],
             corp=corp(servers=hq_ice("neutral_patrol_script")), runner=rig)  # fmt: skip
    g = r.game
    assert g.runner.credits == 2  # 2 (boost) + 1 (break)
    assert [e["index"] for e in events(r, "break")] == [1]
    assert find(g.runner.rig, "alias") is not None and g.run_history[-1][2]
    remote = {"remote1": {"ice": [{"card": "neutral_patrol_script", "rezzed": True}],
                          "root": [{"card": "neutral_records_vault"}]}}  # fmt: skip
    r2 = play(RECORDS, ["run:remote1", "boost:alias/1"], corp=corp(credits=0, servers=remote), runner=rig)
    assert not events(r2, "break")  # no break offered once strong enough: the subroutine trashed it
    assert find(r2.game.runner.discard, "alias") is not None


def test_breach_and_passport_break_on_central_ice() -> None:
    r = play(RECORDS, ["run:hq", "use:breach/0", "continue"], corp=corp(servers=hq_ice("neutral_plywood_screen")),
             runner=runner(rig=[{"card": "breach"}], credits=5))  # fmt: skip
    assert r.game.runner.credits == 3 and r.game.run_history[-1][2]
    r = play(RECORDS, ["run:hq", "use:passport/0", "continue"], corp=corp(servers=hq_ice("hb_lattice_gate")),
             runner=runner(rig=[{"card": "passport"}], credits=5))  # fmt: skip
    assert r.game.runner.credits == 4 and r.game.run_history[-1][2]
    remote = {"remote1": {"ice": [{"card": "hb_lattice_gate", "rezzed": True}], "root": [{"card": "plan_b"}]}}
    r = play(RECORDS, ["run:remote1", "done"], corp=corp(credits=0, servers=remote),
             runner=runner(rig=[{"card": "passport"}], credits=5))  # fmt: skip
    assert not events(r, "break") and r.game.run_history[-1][1:] == ("remote1", False)  # its subroutine ended it


def test_gingerbread_breaks_trace_subroutines_only() -> None:
    rig = runner(rig=[{"card": "gingerbread"}], credits=5)
    r = play(RECORDS, ["run:hq", "boost:gingerbread/1", "use:gingerbread/0", "sub:2", "use:gingerbread/0", "continue"],
             corp=corp(servers=hq_ice("weyland_searchlight_tower")), runner=rig)  # fmt: skip
    g = r.game
    assert [e["index"] for e in events(r, "break")] == [2, 1]
    assert g.runner.credits == 1 and not events(r, "trace") and g.run_history[-1][2]
    r2 = play(RECORDS, ["run:hq"], corp=corp(servers=hq_ice("neutral_patrol_script")), runner=rig)
    assert r2.pending.kind == "jack_out" and not events(r2, "break")  # no break offered: its subroutine fired


def test_grappling_hook_is_trashed_to_break_all_but_one_subroutine() -> None:
    r = play(RECORDS, ["run:hq", "use:grappling_hook/0", "sub:1", "continue"],
             corp=corp(servers=hq_ice("hb_archivist_mk2")),
             runner=runner(rig=[{"card": "grappling_hook"}], clicks=4))  # fmt: skip
    g = r.game
    assert find(g.runner.discard, "grappling_hook") is not None
    assert [e["index"] for e in events(r, "break")] == [2]  # the end-the-run subroutine; the kept one fired
    assert g.runner.clicks == 2 and g.run_history[-1][2]


def test_overmind_gets_counters_for_free_memory_and_spends_them_to_break() -> None:
    r = play(RECORDS, ["install:overmind", "run:hq", "boost:overmind/2", "use:overmind/1", "continue"],
             corp=corp(servers=hq_ice("neutral_plywood_screen")), runner=runner(hand=["overmind"], credits=6))
    g = r.game
    overmind = find(g.runner.rig, "overmind")
    assert overmind.counters == {"power": 3}  # 5 MU, 1 used: 4 counters, 1 spent
    assert g.runner.credits == 1 and g.run_history[-1][2]


# ---------------------------------------------------------------- runner events


def test_calling_in_favors_counts_connections() -> None:
    rig = [{"card": c} for c in ("old_school_mentor", "dockside_tipster", "basement_flat", "oracle_may")]
    r = play(RECORDS, ["play:calling_in_favors"], runner=runner(hand=["calling_in_favors"], rig=rig, credits=1))
    assert r.game.runner.credits == 4


def test_early_bird_only_as_the_first_click_gains_a_click_and_runs() -> None:
    r = play(RECORDS, ["play:early_bird", "archives", "continue"],
             runner=runner(hand=["early_bird"], credits=3, clicks=4))  # fmt: skip
    g = r.game
    assert g.runner.clicks == 4 and g.runner.credits == 2
    assert g.run_history[-1][1:] == ("archives", True)
    r2 = play(RECORDS, ["credit"], runner=runner(hand=["early_bird"], credits=3, clicks=4))
    assert "play:early_bird" not in [label.split("#")[0] for label in labels(r2)]


def test_express_delivery_keeps_one_of_the_top_four() -> None:
    deck = ["light_fingers", "overnight_takeout", "spark_of_insight", "night_shift_bonus", "black_market_dump"]
    r = play(RECORDS, ["play:express_delivery"], runner=runner(hand=["express_delivery"], deck=deck))
    assert "black_market_dump" not in [label.split("#")[0] for label in labels(r)]
    r = play(RECORDS, ["play:express_delivery", "night_shift_bonus"],
             runner=runner(hand=["express_delivery"], deck=deck))  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.hand] == ["night_shift_bonus"] and len(g.runner.deck) == 4
    assert events(r, "shuffle")


def test_feint_bypasses_the_first_two_ice_and_does_not_breach() -> None:
    servers = hq_ice("nbn_banner_storm", "neutral_patrol_script", "hb_lattice_gate")
    r = play(RECORDS, ["play:feint", "continue", "continue", "continue"],
             corp=corp(servers=servers, hand=["neutral_pilot_scheme"]),
             runner=runner(hand=["feint"], rig=[{"card": "sleeve_blade"}], credits=5))  # fmt: skip
    g = r.game
    assert len(events(r, "bypass")) == 2
    assert g.runner.credits == 2  # 2 to play, 1 lost to the third ice encountered
    assert g.run_history[-1][1:] == ("hq", True) and events(r, "breach_replaced")
    assert not g.runner.score_area and find(g.corp.hand, "neutral_pilot_scheme") is not None
    assert find(g.runner.discard, "feint") is not None and not g.in_play


def test_mass_install_installs_up_to_three_programs_paying_each() -> None:
    hand = ["mass_install", "rockbit_drill", "sleeve_blade", "veneer_layer", "cache_sorter"]
    r = play(RECORDS, ["play:mass_install", "rockbit_drill", "sleeve_blade", "veneer_layer"],
             runner=runner(hand=hand, credits=10))  # fmt: skip
    g = r.game
    assert sorted(c.id for c in g.runner.rig) == ["rockbit_drill", "sleeve_blade", "veneer_layer"]
    assert g.runner.credits == 3 and [c.id for c in g.runner.hand] == ["cache_sorter"]
    r = play(RECORDS, ["play:mass_install", "veneer_layer", "done"], runner=runner(hand=hand, credits=10))
    assert [c.id for c in r.game.runner.rig] == ["veneer_layer"] and r.game.runner.credits == 8


def test_planned_assault_plays_a_run_event_from_the_stack() -> None:
    deck = ["spark_of_insight", "lobby_crash", "strongbox_raid"]
    r = play(RECORDS, ["play:planned_assault", "strongbox_raid", "continue"],
             runner=runner(hand=["planned_assault"], deck=deck, credits=10, clicks=4))  # fmt: skip
    g = r.game
    assert g.runner.clicks == 2 and g.runner.credits == 10  # 2 + 2 paid, 4 gained
    assert sorted(c.id for c in g.runner.discard) == ["planned_assault", "strongbox_raid"]
    assert len(g.runner.deck) == 2 and g.run_history[-1][1:] == ("hq", True)
    r2 = play(RECORDS, [], runner=runner(hand=["planned_assault"], deck=deck, credits=10, clicks=1))
    assert "play:planned_assault" not in [label.split("#")[0] for label in labels(r2)]


def test_push_your_luck_pays_double_on_a_wrong_guess() -> None:
    r = play(RECORDS, ["play:push_your_luck", "pay:3", "even"], runner=runner(hand=["push_your_luck"], credits=7))
    assert r.game.runner.credits == 8  # 7 - 2 - 3 + 6
    r = play(RECORDS, ["play:push_your_luck", "pay:3", "odd"], runner=runner(hand=["push_your_luck"], credits=7))
    assert r.game.runner.credits == 2


# ---------------------------------------------------------------- runner hardware and resources


def test_logos_searches_the_stack_when_the_corp_scores() -> None:
    deck = ["light_fingers", "overnight_takeout", "night_shift_bonus"]
    agenda = {"remote1": {"root": [{"card": "neutral_pilot_scheme", "counters": {"advancement": 2}}]}}
    r = play(RECORDS, ["score:neutral_pilot_scheme", "yes", "night_shift_bonus"], active="corp",
             corp=corp(servers=agenda), runner=runner(rig=[{"card": "logos"}], deck=deck))  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.hand] == ["night_shift_bonus"] and len(g.runner.deck) == 2
    assert g.hand_size("runner") == 6 and g.memory_limit() == 6
    r2 = play(RECORDS, [], runner=runner(rig=[{"card": "modular_rigframe"}], hand=["logos"], credits=9))
    assert not any(label.startswith("install:logos") for label in labels(r2))
    r3 = play(RECORDS, [], runner=runner(hand=["logos"], credits=9))
    assert any(label.startswith("install:logos") for label in labels(r3))


def test_q_coherence_chip_goes_with_an_installed_program_only() -> None:
    r = play(RECORDS, ["install:sleeve_blade", "run:hq", "done", "continue"],
             corp=corp(servers=hq_ice("neutral_patrol_script")),
             runner=runner(hand=["sleeve_blade"], rig=[{"card": "q_coherence_chip"}], credits=5))  # fmt: skip
    g = r.game
    assert sorted(c.id for c in g.runner.discard) == ["q_coherence_chip", "sleeve_blade"]
    r2 = play(RECORDS, ["use:oracle_may/0", "event"],
              runner=runner(rig=[{"card": "oracle_may"}, {"card": "q_coherence_chip"}], deck=["sleeve_blade"]))
    assert [c.id for c in r2.game.runner.discard] == ["sleeve_blade"]
    assert find(r2.game.runner.rig, "q_coherence_chip") is not None


def test_unregistered_s_w_35_needs_a_successful_hq_run() -> None:
    remote = {"remote1": {"root": [{"card": "hb_chief_engineer_okafor", "rezzed": True}]}}
    r = play(RECORDS, [], corp=corp(servers=remote), runner=runner(rig=[{"card": "unregistered_s_w_35"}]))
    assert not any(label.startswith("use:unregistered") for label in labels(r))
    r = play(RECORDS, ["run:hq", "continue", "use:unregistered_s_w_35/0"], corp=corp(servers=remote),
             runner=runner(rig=[{"card": "unregistered_s_w_35"}], clicks=4))  # fmt: skip
    g = r.game
    assert find(g.corp.discard, "hb_chief_engineer_okafor") is not None and g.runner.clicks == 1


def test_window_draws_from_the_bottom_of_the_stack() -> None:
    deck = ["light_fingers", "overnight_takeout", "night_shift_bonus"]
    r = play(RECORDS, ["use:window/0"], runner=runner(rig=[{"card": "window"}], deck=deck))
    assert [c.id for c in r.game.runner.hand] == ["night_shift_bonus"] and r.game.runner.clicks == 3


def test_oracle_may_draws_a_match_and_trashes_a_miss_once_a_turn() -> None:
    rig = [{"card": "oracle_may"}]
    r = play(RECORDS, ["use:oracle_may/0", "event"], runner=runner(rig=rig, deck=["spark_of_insight", "window"],
                                                                      credits=0))  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.hand] == ["spark_of_insight"] and g.runner.credits == 2
    assert not any(label.startswith("use:oracle_may") for label in labels(r))
    r = play(RECORDS, ["use:oracle_may/0", "program"],
             runner=runner(rig=rig, deck=["tri_maf_contact"], hand=["window"] * 3, credits=0))  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.discard] == ["tri_maf_contact"] and g.runner.credits == 0
    assert len(g.runner.hand) == 3 and not events(r, "damage")  # trashed from the stack: no meat damage


def test_theophilius_bagbiter_empties_the_pool_and_sets_the_hand_size() -> None:
    r = play(RECORDS, ["install:theophilius_bagbiter", "credit"],
             runner=runner(hand=["theophilius_bagbiter"], credits=8))  # fmt: skip
    g = r.game
    assert g.runner.credits == 1 and g.hand_size("runner") == 1
    g.runner.brain_damage = 1
    assert g.hand_size("runner") == 0


def test_tri_maf_contact_pays_once_a_turn_and_hurts_when_trashed() -> None:
    r = play(RECORDS, ["install:tri_maf_contact", "use:tri_maf_contact/0", "trash_resource:tri_maf_contact"],
             corp=corp(credits=5), runner=runner(hand=["tri_maf_contact", *["window"] * 4], credits=2, clicks=2,
                                                 tags=1))  # fmt: skip
    g = r.game
    assert events(r, "damage")[0]["damage"] == "meat" and events(r, "damage")[0]["amount"] == 3
    assert len(g.runner.hand) == 1 and find(g.runner.discard, "tri_maf_contact") is not None
    r2 = play(RECORDS, ["use:tri_maf_contact/0"], runner=runner(rig=[{"card": "tri_maf_contact"}], credits=0))
    assert r2.game.runner.credits == 2
    assert not any(label.startswith("use:tri_maf_contact") for label in labels(r2))


# ---------------------------------------------------------------- runner identities


def test_iain_stirling_gains_while_behind() -> None:
    r = play(RECORDS, [], active="corp", corp=corp(clicks=0, score_area=["neutral_pilot_scheme"]),
             runner=runner(identity="iain_stirling_retired_spook", credits=0))  # fmt: skip
    assert r.game.active == "runner" and r.game.runner.credits == 2
    r = play(RECORDS, [], active="corp", corp=corp(clicks=0, score_area=["neutral_pilot_scheme"]),
             runner=runner(identity="iain_stirling_retired_spook", credits=0, score_area=["neutral_pilot_scheme"]))
    assert r.game.runner.credits == 0


def test_silhouette_exposes_a_card_at_the_first_successful_hq_run() -> None:
    remote = {"remote1": {"root": [{"card": "neutral_records_vault"}]}}
    who = runner(identity="silhouette_stealth_operative")
    r = play(RECORDS, ["run:hq", "continue"], corp=corp(credits=0, servers=remote), runner=who)
    assert r.pending is not None and "done" in labels(r)
    facedown = next(label for label in labels(r) if label.startswith("facedown#"))
    r = play(RECORDS, ["run:hq", "continue", facedown, "run:hq", "continue"], corp=corp(credits=0, servers=remote),
             runner=who)  # fmt: skip
    assert [e["card"] for e in events(r, "exposed")] == [str(r.game.servers["remote1"].root[0])]
    assert r.pending is not None and r.pending.kind == "action"  # no second exposure this turn


# ---------------------------------------------------------------- corp operations


def test_cerebral_cast_needs_a_successful_run_and_gives_core_damage_or_a_tag() -> None:
    r = play(RECORDS, [], active="corp", corp=corp(hand=["cerebral_cast"]))
    assert not any(label.startswith("play:cerebral_cast") for label in labels(r))
    r = play(RECORDS, ["run:hq", "continue", "play:cerebral_cast", "bid:0", "bid:1", "tag"],
             corp=corp(hand=["cerebral_cast"], credits=5), runner=runner(clicks=1, credits=3))  # fmt: skip
    g = r.game
    assert g.runner.tags == 1 and g.corp.credits == 4 and g.runner.credits == 2
    assert find(g.corp.discard, "cerebral_cast") is not None


def test_diversified_portfolio_counts_remote_roots() -> None:
    servers = {
        "remote1": {"root": [{"card": "neutral_records_vault"}]},
        "remote2": {"root": [{"card": "neutral_pilot_scheme"}]},
        "remote3": {"ice": [{"card": "neutral_plywood_screen"}]},
    }
    r = play(RECORDS, ["play:diversified_portfolio"], active="corp",
             corp=corp(hand=["diversified_portfolio"], servers=servers, credits=1))  # fmt: skip
    assert r.game.corp.credits == 2


def test_medical_research_fundraiser_pays_both_sides() -> None:
    r = play(RECORDS, ["play:medical_research_fundraiser"], active="corp",
             corp=corp(hand=["medical_research_fundraiser"], credits=3), runner=runner(credits=1))  # fmt: skip
    assert r.game.corp.credits == 8 and r.game.runner.credits == 4


# ---------------------------------------------------------------- agendas


def test_medical_breakthrough_needs_less_for_each_one_scored_or_stolen() -> None:
    agenda = {"remote1": {"root": [{"card": "medical_breakthrough", "counters": {"advancement": 2}}]}}
    r = play(RECORDS, [], active="corp", corp=corp(servers=agenda, score_area=["medical_breakthrough"]),
             runner=runner(score_area=["medical_breakthrough"]))  # fmt: skip
    g = r.game
    installed = g.servers["remote1"].root[0]
    assert g.advancement_requirement(installed) == 2 and any(label.startswith("score:") for label in labels(r))
    r = play(RECORDS, [], active="corp", corp=corp(servers=agenda))
    assert r.game.advancement_requirement(r.game.servers["remote1"].root[0]) == 4
    assert not any(label.startswith("score:") for label in labels(r))


def test_philotic_entanglement_does_net_damage_per_stolen_agenda() -> None:
    agenda = {"remote1": {"root": [{"card": "philotic_entanglement", "counters": {"advancement": 3}}]}}
    r = play(RECORDS, ["score:philotic_entanglement"], active="corp", corp=corp(servers=agenda),
             runner=runner(hand=["window"] * 3, score_area=["neutral_pilot_scheme", "hb_cortex_mapping"]))
    assert events(r, "damage")[0]["amount"] == 2 and len(r.game.runner.hand) == 1
    assert PHILOTIC.reading.scripted == [0, 1]


# ---------------------------------------------------------------- assets


def test_chairman_hiro_shrinks_the_hand_and_becomes_points_when_trashed_on_access() -> None:
    remote = {"remote1": {"root": [{"card": "chairman_hiro", "rezzed": True}]}}
    r = play(RECORDS, ["run:remote1", "continue", "trash:chairman_hiro"], corp=corp(servers=remote),
             runner=runner(credits=6))  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.score_area] == ["chairman_hiro"] and not g.corp.discard
    assert g.agenda_points("runner") == 2 and g.hand_size("runner") == 5
    r = play(RECORDS, [], corp=corp(servers=remote))
    assert r.game.hand_size("runner") == 3


def test_plan_b_scores_an_agenda_from_hq_when_accessed() -> None:
    remote = {"remote1": {"root": [{"card": "plan_b", "counters": {"advancement": 2}}]}}
    r = play(RECORDS, ["run:remote1", "continue", "done", "yes", "leave"],
             corp=corp(servers=remote, hand=["neutral_pilot_scheme", "hb_cortex_mapping"]))  # fmt: skip
    g = r.game
    assert [c.id for c in g.corp.score_area] == ["neutral_pilot_scheme"]
    assert [c.id for c in g.corp.hand] == ["hb_cortex_mapping"] and events(r, "score")


def test_shi_kyu_costs_net_damage_or_a_negative_point() -> None:
    remote = {"remote1": {"root": [{"card": "shi_kyu"}]}}
    r = play(RECORDS, ["run:remote1", "continue", "done", "pay:2", "damage"], corp=corp(servers=remote, credits=4),
             runner=runner(hand=["window"] * 3))  # fmt: skip
    g = r.game
    assert g.corp.credits == 2 and len(g.runner.hand) == 1 and events(r, "damage")[0]["amount"] == 2
    r = play(RECORDS, ["run:remote1", "continue", "done", "pay:2", "score"], corp=corp(servers=remote, credits=4),
             runner=runner(hand=["window"] * 3))  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.score_area] == ["shi_kyu"] and g.agenda_points("runner") == -1
    assert len(g.runner.hand) == 3 and "remote1" not in g.servers
    r = play(RECORDS, ["run:rnd", "continue"], corp=corp(deck=["shi_kyu"], credits=4))
    assert r.pending is not None and r.pending.kind == "trash"  # from R&D: no credits asked


def test_tenma_line_swaps_two_pieces_of_ice() -> None:
    servers = {
        "hq": {"ice": [{"card": "neutral_plywood_screen"}]},
        "rnd": {"ice": [{"card": "nbn_static_veil", "rezzed": True}]},
        "remote1": {"root": [{"card": "tenma_line", "rezzed": True}]},
    }
    r = play(RECORDS, ["use:tenma_line/0", "neutral_plywood_screen"], active="corp", corp=corp(servers=servers))
    g = r.game
    assert [c.id for c in g.servers["hq"].ice] == ["nbn_static_veil"]
    assert [c.id for c in g.servers["rnd"].ice] == ["neutral_plywood_screen"] and g.corp.clicks == 2


# ---------------------------------------------------------------- ice


def test_komainu_gains_a_net_damage_subroutine_per_grip_card() -> None:
    r = play(RECORDS, ["run:hq", "continue"], corp=corp(servers=hq_ice("komainu")),
             runner=runner(hand=["window"] * 3))  # fmt: skip
    g = r.game
    assert [e["amount"] for e in events(r, "damage")] == [1, 1, 1]
    assert not g.runner.hand and len(g.runner.discard) == 3 and not g.over


def test_pup_does_net_damage_unless_the_runner_pays() -> None:
    r = play(RECORDS, ["run:hq", "yes", "continue"], corp=corp(servers=hq_ice("pup")),
             runner=runner(hand=["window"] * 2, credits=1))  # fmt: skip
    g = r.game
    assert g.runner.credits == 0 and len(g.runner.hand) == 1 and len(events(r, "damage")) == 1


def test_shiro_arranges_rnd_then_lets_the_runner_breach_it_unless_paid() -> None:
    deck = ["nbn_static_veil", "hb_cortex_mapping", "neutral_pilot_scheme", "jinteki_quiet_harvest"]
    r = play(RECORDS, ["run:hq", "neutral_pilot_scheme", "hb_cortex_mapping", "continue"],
             corp=corp(servers=hq_ice("shiro"), deck=deck, credits=0))  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.score_area] == ["neutral_pilot_scheme"]
    assert [c.id for c in reversed(g.corp.deck)] == ["hb_cortex_mapping", "nbn_static_veil", "jinteki_quiet_harvest"]
    r = play(RECORDS, ["run:hq", "neutral_pilot_scheme", "hb_cortex_mapping", "yes", "continue"],
             corp=corp(servers=hq_ice("shiro"), deck=deck, credits=1))  # fmt: skip
    g = r.game
    assert not g.runner.score_area and g.corp.credits == 0 and g.corp.deck[-1].id == "neutral_pilot_scheme"


# ---------------------------------------------------------------- corp identities


def test_tennin_institute_advances_after_a_runner_turn_without_success() -> None:
    remote = {"remote1": {"root": [{"card": "neutral_records_vault"}]}}
    r = play(RECORDS, ["neutral_records_vault"], corp=corp(identity="tennin_institute_the_secrets_within",
                                                           servers=remote), runner=runner(clicks=0))  # fmt: skip
    g = r.game
    assert g.active == "corp" and g.servers["remote1"].root[0].advancement == 1
    tennin = corp(identity="tennin_institute_the_secrets_within", servers=remote, credits=0)
    r = play(RECORDS, ["run:hq", "continue"], corp=tennin, runner=runner(clicks=1))
    g = r.game
    assert g.active == "corp" and g.servers["remote1"].root[0].advancement == 0
    assert r.pending is not None and r.pending.kind == "action"  # nothing was offered
