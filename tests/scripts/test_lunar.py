"""The Lunar cycle's card scripts (corp and runner cards, identities), each played through a scenario that checks
what changes."""

from __future__ import annotations

from typing import Any

from .kit import agenda, bundled, card, corp, events, identity, labels, play, rezzed, runner

ETR = "[subroutine] End the run."

# ---------------------------------------------------------------- fixtures: ice (our own wording)

ARCHITECT = card(
    "architect",
    "ice",
    ["Neither player may trash this ice.",
     "[subroutine] Peek at R&D's top 5; one of them may be installed without paying its install cost.",
     "[subroutine] You may install a card taken from HQ or Archives."],  # fmt: skip
    subtypes=["sentry"], rez_cost=4, strength=3, faction="haas_bioroid",
)  # fmt: skip
ASHIGARU = card(
    "ashigaru",
    "ice",
    ["Has one \"[subroutine] End the run.\" per card held in HQ."],
    subtypes=["barrier"], rez_cost=9, strength=4, faction="jinteki",
)  # fmt: skip
NEXT_SILVER = card(
    "next_silver",
    "ice",
    ["Has one \"[subroutine] End the run.\" per rezzed NEXT ice."],
    subtypes=["barrier", "next"], rez_cost=3, strength=1, faction="haas_bioroid",
)  # fmt: skip
OVERLOAD = card(
    "information_overload",
    "ice",
    ["On encounter, Trace[1]; a success tags the Runner once.",
     "Has one subroutine \"the Runner trashes one installed card of theirs\" per tag the Runner holds."],
    subtypes=["sentry", "tracer"], rez_cost=6, strength=4, faction="nbn",
)  # fmt: skip
GRAIL = "On encounter, you may show at most 2 grail ice from HQ; this ice gets their subroutines, in an order " \
    "you pick, until the run is over."
GALAHAD = card("galahad", "ice", [GRAIL, ETR], subtypes=["barrier", "grail"], rez_cost=2, strength=1)
LANCELOT = card("lancelot", "ice", [GRAIL, "[subroutine] Trash 1 program."], subtypes=["sentry", "grail", "destroyer"],
                rez_cost=4, strength=2)  # fmt: skip
MERLIN = card("merlin", "ice", [GRAIL, "[subroutine] Do 2 net damage."], subtypes=["code_gate", "grail", "ap"],
              rez_cost=6, strength=4)  # fmt: skip
ERRAND_BOY = card(
    "errand_boy",
    "ice",
    ["[subroutine] The Corp takes 1[credit] or a card from R&D.",
     "[subroutine] The Corp takes 1[credit] or a card from R&D.",
     "[subroutine] The Corp takes 1[credit] or a card from R&D."],  # fmt: skip
    subtypes=["sentry"], rez_cost=4, strength=1, faction="weyland_consortium",
)  # fmt: skip
GEMINI = card(
    "gemini",
    "ice",
    ["[subroutine] Trace[2]: on success 1 net damage, and 1 more when the trace strength reached 5."],
    subtypes=["sentry", "tracer", "ap"], rez_cost=3, strength=5, faction="jinteki",
)  # fmt: skip
SAGITTARIUS = card(
    "sagittarius",
    "ice",
    ["[subroutine] Trace[2]: on success a program is trashed, and one more when the trace strength reached 5."],
    subtypes=["sentry", "tracer", "destroyer"], rez_cost=5, strength=4, faction="haas_bioroid",
)  # fmt: skip
TAURUS = card(
    "taurus",
    "ice",
    ["[subroutine] Trace[2]: on success a hardware is trashed, and one more when the trace strength reached 5."],
    subtypes=["sentry", "tracer"], rez_cost=5, strength=5, faction="weyland_consortium",
)  # fmt: skip
VIRGO = card(
    "virgo",
    "ice",
    ["[subroutine] Trace[2]: on success the Runner is tagged, and once more when the trace strength reached 5."],
    subtypes=["sentry", "tracer"], rez_cost=4, strength=5, faction="nbn",
)  # fmt: skip
IQ = card(
    "iq",
    "ice",
    ["Rezzing it costs 1 more per card in HQ.", "It is 1 stronger per card in HQ.", ETR],
    subtypes=["code_gate"], rez_cost=0, strength=0, faction="haas_bioroid",
)  # fmt: skip
KITSUNE = card(
    "kitsune",
    "ice",
    ["[subroutine] You may pick a card in HQ: the Runner breaches HQ, accessing that card first and nothing in "
     "its root; after that breach this ice is trashed."],  # fmt: skip
    subtypes=["mythic", "trap"], rez_cost=2, strength=3, faction="jinteki",
)  # fmt: skip
MAMBA = card(
    "mamba",
    "ice",
    ["Spend a hosted power counter: 1 net damage; only while a run is under way.",
     "[subroutine] Do 1 net damage.",
     "[subroutine] A psi game; when the bids differ, this ice gets a power counter."],  # fmt: skip
    subtypes=["sentry", "psi", "ap"], rez_cost=6, strength=4, faction="jinteki",
)  # fmt: skip
MARKUS = card(
    "markus_1_0",
    "ice",
    ["The Runner alone may lose [click] to break a subroutine of this ice.",
     "[subroutine] The Runner trashes one installed card of theirs.",
     ETR],  # fmt: skip
    subtypes=["barrier", "bioroid"], rez_cost=4, strength=3, faction="haas_bioroid",
)  # fmt: skip
TROLL = card(
    "troll",
    "ice",
    ["On encounter, Trace[2]; a success makes the Runner choose: lose [click], or the run ends."],
    subtypes=["sentry"], rez_cost=1, strength=3, faction="nbn",
)  # fmt: skip
UCF = card(
    "universal_connectivity_fee",
    "ice",
    ["[subroutine] An untagged Runner loses 1[credit]; a tagged one loses the whole credit pool, and this ice is "
     "trashed."],  # fmt: skip
    subtypes=["trap"], rez_cost=2, strength=2, faction="nbn",
)  # fmt: skip
ICE = [ARCHITECT, ASHIGARU, NEXT_SILVER, OVERLOAD, GALAHAD, LANCELOT, MERLIN, ERRAND_BOY, GEMINI, SAGITTARIUS, TAURUS,
       VIRGO, IQ, KITSUNE, MAMBA, MARKUS, TROLL, UCF]  # fmt: skip
RECORDS = [*bundled(), *ICE]


def test_every_ice_fixture_is_executable() -> None:
    for record in ICE:
        assert record.reading.status == "executable", record.id
    assert GALAHAD.reading.read == [1] and GALAHAD.reading.scripted == [0]
    assert MARKUS.reading.read == [2] and MARKUS.reading.scripted == [0, 1]


def _run(server: str, ice: list[dict[str, Any]], decisions: list[str], corp_side: dict[str, Any] | None = None,
         **runner_side: Any) -> Any:  # fmt: skip
    servers = {server: {"ice": ice}}
    servers.update((corp_side or {}).pop("servers", {}))
    return play(RECORDS, [f"run:{server}", *decisions], active="runner",
                corp=corp(servers=servers, **(corp_side or {})), runner=runner(**runner_side))  # fmt: skip


def test_architect_installs_from_rnd_and_hq_and_cannot_be_trashed() -> None:
    deck = ["nbn_billboard_network", "neutral_plywood_screen", "hb_lattice_gate"]
    r = _run("hq", [rezzed("architect")], ["nbn_billboard_network", "nbn_static_veil", "rnd"],
             {"deck": deck, "hand": ["nbn_static_veil"], "credits": 5})  # fmt: skip
    g = r.game
    assert [c.id for c in g.servers["remote1"].root] == ["nbn_billboard_network"]
    assert [c.id for c in g.servers["rnd"].ice] == ["nbn_static_veil"]
    assert g.corp.credits == 5  # the first install was free; the ice on an empty server costs nothing
    architect = g.servers["hq"].ice[0]
    assert g.trash(architect, "test", by="runner") is False and g.is_installed(architect)


def test_ashigaru_ends_the_run_once_per_card_in_hq() -> None:
    r = _run("rnd", [rezzed("ashigaru")], [], {"hand": ["nbn_static_veil"] * 2})
    assert events(r, "gain_subroutines")[0]["count"] == 2
    assert not r.game.run_history[-1][2]
    r = _run("rnd", [rezzed("ashigaru")], ["continue"], {"hand": []})
    assert r.game.run_history[-1][2]  # an empty HQ: no subroutine at all


def test_next_silver_counts_the_rezzed_next_ice() -> None:
    r = _run("hq", [{"card": "next_silver"}, rezzed("next_silver"), rezzed("next_silver")], [])
    assert events(r, "gain_subroutines")[0]["count"] == 2 and not r.game.run_history[-1][2]


def test_information_overload_tags_then_trashes_per_tag() -> None:
    r = _run("hq", [rezzed("information_overload")], ["pry_script"], {"credits": 0},
             tags=1, rig=[{"card": "pry_script"}, {"card": "debug_lamp"}], credits=0)  # fmt: skip
    g = r.game
    assert g.runner.tags == 2 and len(events(r, "gain_subroutines")) == 1
    assert [c.id for c in g.runner.rig] == [] and len(g.runner.discard) == 2


def test_grail_ice_borrows_the_subroutines_of_revealed_grail_ice() -> None:
    r = _run("hq", [rezzed("lancelot")], ["merlin", "done"], {"hand": ["merlin", "galahad"]},
             rig=[{"card": "pry_script"}], hand=["spark_of_insight"] * 3)  # fmt: skip
    g = r.game
    assert [e["card"] for e in events(r, "reveal")] == [str(g.corp.hand[0])]
    assert g.runner.rig == [] and len(g.runner.hand) == 1  # Lancelot's own trash, then Merlin's 2 net damage
    r = _run("hq", [rezzed("galahad")], ["done"], {"hand": ["merlin"]}, hand=["spark_of_insight"] * 3)
    assert not events(r, "reveal") and not r.game.run_history[-1][2] and len(r.game.runner.hand) == 3


def test_errand_boy_gives_a_credit_or_a_card_per_subroutine() -> None:
    r = _run("hq", [rezzed("errand_boy")], ["credit", "draw", "credit"])
    g = r.game
    assert g.corp.credits == 5 + 2 and len(g.corp.hand) == 1


def test_gemini_does_more_damage_at_trace_strength_five() -> None:
    r = _run("hq", [rezzed("gemini")], ["pay:3", "continue"], {"credits": 3}, credits=0, hand=["spark_of_insight"] * 3)
    assert len(r.game.runner.hand) == 1 and r.game.corp.credits == 0
    r = _run("hq", [rezzed("gemini")], ["pay:1", "continue"], {"credits": 3}, credits=0, hand=["spark_of_insight"] * 3)
    assert len(r.game.runner.hand) == 2


def test_sagittarius_taurus_and_virgo_hit_twice_at_strength_five() -> None:
    rig = [{"card": "pry_script"}, {"card": "sleeve_blade"}, {"card": "debug_lamp"}, {"card": "spare_laptop"}]
    r = _run("hq", [rezzed("sagittarius")], ["pay:3", "pry_script", "continue"], {"credits": 3}, credits=0, rig=rig)
    assert sorted(c.id for c in r.game.runner.rig) == ["debug_lamp", "spare_laptop"]
    r = _run("hq", [rezzed("taurus")], ["pay:0", "debug_lamp", "continue"], {"credits": 3}, credits=0, rig=rig)
    assert sorted(c.id for c in r.game.runner.rig) == ["pry_script", "sleeve_blade", "spare_laptop"]
    r = _run("hq", [rezzed("virgo")], ["pay:3", "continue"], {"credits": 3}, credits=0)
    assert r.game.runner.tags == 2


def test_iq_costs_and_strength_grow_with_hq() -> None:
    r = _run("hq", [{"card": "iq"}], ["rez:iq"], {"hand": ["nbn_static_veil"] * 3, "credits": 5})
    g = r.game
    iq = g.servers["hq"].ice[0]
    assert iq.rezzed and g.corp.credits == 2 and g.strength_of(iq) == 3 and not g.run_history[-1][2]


def test_kitsune_makes_the_runner_access_a_chosen_card_and_goes() -> None:
    r = _run("rnd", [rezzed("kitsune")], ["neutral_board_resolution", "continue"],
             {"hand": ["nbn_static_veil", "neutral_board_resolution"]})  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.score_area] == ["neutral_board_resolution"]
    assert not g.servers["rnd"].ice and [c.id for c in g.corp.discard] == ["kitsune"]


def test_mamba_charges_on_a_lost_psi_game_and_spends_it_for_damage() -> None:
    r = _run("hq", [rezzed("mamba")], ["bid:1", "bid:0", "continue", "use:mamba/0"], {"credits": 3},
             hand=["spark_of_insight"] * 3)  # fmt: skip
    g = r.game
    mamba = g.servers["hq"].ice[0]
    assert mamba.counters.get("power", 0) == 0 and len(g.runner.hand) == 1  # 1 from the subroutine, 1 from the counter
    assert len(events(r, "psi")) == 1


def test_markus_lets_the_runner_spend_a_click_on_a_subroutine() -> None:
    r = _run("hq", [rezzed("markus_1_0")], ["clickbreak:markus_1_0", "sub:2", "done", "debug_lamp", "continue"],
             rig=[{"card": "debug_lamp"}, {"card": "spare_laptop"}], clicks=4)  # fmt: skip
    g = r.game
    assert g.runner.clicks == 2 and [c.id for c in g.runner.rig] == ["spare_laptop"] and g.run_history[-1][2]


def test_troll_takes_a_click_or_ends_the_run() -> None:
    r = _run("hq", [rezzed("troll")], ["lose_click", "continue"], {"credits": 0}, clicks=4, credits=0)
    assert r.game.runner.clicks == 2 and r.game.run_history[-1][2]
    r = _run("hq", [rezzed("troll")], ["end_run"], {"credits": 0}, clicks=4, credits=0)
    assert r.game.runner.clicks == 3 and not r.game.run_history[-1][2]


def test_universal_connectivity_fee_is_harsher_on_a_tagged_runner() -> None:
    r = _run("hq", [rezzed("universal_connectivity_fee")], ["continue"], credits=4)
    assert r.game.runner.credits == 3 and r.game.servers["hq"].ice
    r = _run("hq", [rezzed("universal_connectivity_fee")], ["continue"], credits=4, tags=1)
    assert r.game.runner.credits == 0 and not r.game.servers["hq"].ice


# ---------------------------------------------------------------- fixtures: corp assets, upgrades, operations

DOCKLANDS = card(
    "docklands_crackdown",
    "asset",
    ["[click], [click]: Place 1 power counter on this asset.",
     "Each turn the Runner's first install costs 1 more per power counter here."],  # fmt: skip
    rez_cost=2, trash_cost=3,
)  # fmt: skip
ELIZA = card("elizas_toybox", "asset", ["Three [click]: one card is rezzed without any cost."], rez_cost=4,
             trash_cost=4, unique=True, faction="haas_bioroid")  # fmt: skip
BOOT_CAMP = card(
    "executive_boot_camp",
    "asset",
    ["As your turn starts, you may rez one card for 1[credit] under its rez cost.",
     "1[credit], trash this asset: find an asset in R&D, show it, put it in HQ and shuffle R&D."],  # fmt: skip
    rez_cost=0, trash_cost=3, faction="weyland_consortium",
)  # fmt: skip
HOSTILE = card("hostile_infrastructure", "asset", ["Each Corp card the Runner trashes, this one included, deals 1 net "
               "damage."], rez_cost=5, trash_cost=5, faction="jinteki")  # fmt: skip
IT_DEPT = card(
    "it_department",
    "asset",
    ["[click]: Place 1 power counter on this asset.",
     "Spend a hosted power counter: a rezzed ice you choose is stronger by the counters it had, the spent one "
     "included, until the turn ends."],  # fmt: skip
    rez_cost=2, trash_cost=4, faction="haas_bioroid",
)  # fmt: skip
VAULT = card(
    "sealed_vault",
    "asset",
    ["1[credit]: shift as many credits as you like from your pool onto this asset.",
     "[click]: take as many of its credits as you like.",
     "Trash this asset: take as many of its credits as you like."],  # fmt: skip
    rez_cost=0, trash_cost=8, faction="weyland_consortium",
)  # fmt: skip
SELF_DESTRUCT = card(
    "self_destruct",
    "upgrade",
    ["Goes in a remote server only.",
     "Trash it while a run on its server is under way: every card in that server's root or protecting it is "
     "trashed, then Trace[X] for the number of them; success deals 3 net damage."],  # fmt: skip
    rez_cost=2, trash_cost=0,
)  # fmt: skip
SHATTERED = card(
    "shattered_remains",
    "asset",
    ["This asset can be advanced.",
     "Once the Runner accesses it, you may pay 1[credit] to trash a hardware per advancement token on it."],
    subtypes=["ambush"], rez_cost=0, trash_cost=0,
)  # fmt: skip
SHELL = card(
    "shell_corporation",
    "upgrade",
    ["Its abilities are usable once per turn in all.",
     "[click]: Place 3[credit] on this upgrade.",
     "[click]: take every credit it holds."],  # fmt: skip
    rez_cost=2, trash_cost=3,
)  # fmt: skip
TURTLEBACKS = card("turtlebacks", "asset", ["Take 1[credit] each time you make a new server."], rez_cost=2,
                   trash_cost=4, faction="jinteki")  # fmt: skip
WILL_O = card(
    "will_o_the_wisp",
    "upgrade",
    ["After a successful run here you may trash this upgrade; then an installed icebreaker that broke a subroutine "
     "in the run is put under the Runner's stack."],  # fmt: skip
    rez_cost=4, trash_cost=1,
)  # fmt: skip
BAD_TIMES = card("bad_times", "operation", ["Needs a tagged Runner.", "The Runner has 2 less memory this turn."],
                 subtypes=["gray_ops"], cost=4)  # fmt: skip
MUTATE = card(
    "mutate",
    "operation",
    ["Playing it also costs trashing one of your rezzed ice.",
     "Reveal R&D from the top down to the first ice; install and rez that ice where the trashed one was, free, and "
     "shuffle R&D."],  # fmt: skip
    cost=2, faction="jinteki",
)  # fmt: skip
PEAK = card("peak_efficiency", "operation", ["Take 1[credit] per rezzed ice."], cost=1, faction="haas_bioroid")
REUSE = card("reuse", "operation", ["Playing it costs one more [click].", "Trash as many HQ cards as you like for "
             "2[credit] apiece."], subtypes=["double"], cost=0, faction="weyland_consortium")  # fmt: skip
SHOOT = card("shoot_the_moon", "operation", ["Playing it costs one more [click].", "Per Runner tag, one ice may be "
             "rezzed without any cost."], subtypes=["double"], cost=3, faction="nbn")  # fmt: skip
SNATCH = card("snatch_and_grab", "operation", ["Trace[3]: on success a connection goes to the heap, unless the Runner "
              "takes a tag to save it."], subtypes=["gray_ops"], cost=0)  # fmt: skip
CURRENT_STOLEN = "Stays in play until another current is played or an agenda is stolen."
LAG_TIME = card("lag_time", "operation", [CURRENT_STOLEN, "Every ice is 1 stronger."], subtypes=["current"], cost=2)
MANHUNT = card("manhunt", "operation", [CURRENT_STOLEN, "On the Runner's first successful run of a turn, Trace[2]; "
               "success tags them once."], subtypes=["current"], cost=3, faction="nbn")  # fmt: skip
PAYWALL = card("paywall_implementation", "operation", [CURRENT_STOLEN, "Each successful run pays you 1[credit]."],
               subtypes=["current", "transaction"], cost=0, faction="weyland_consortium")  # fmt: skip
TARGETED = card("targeted_marketing", "operation", [CURRENT_STOLEN, "Name a card: 10[credit] to you each time the "
                "Runner plays or installs a copy."], subtypes=["current"], cost=0, faction="nbn")  # fmt: skip
CORP_CARDS = [DOCKLANDS, ELIZA, BOOT_CAMP, HOSTILE, IT_DEPT, VAULT, SELF_DESTRUCT, SHATTERED, SHELL, TURTLEBACKS,
              WILL_O, BAD_TIMES, MUTATE, PEAK, REUSE, SHOOT, SNATCH, LAG_TIME, MANHUNT, PAYWALL, TARGETED]  # fmt: skip
RECORDS += CORP_CARDS


def test_every_corp_card_fixture_is_executable() -> None:
    for record in CORP_CARDS:
        assert record.reading.status == "executable", record.id
    assert SHELL.reading.scripted == [0, 1, 2] and DOCKLANDS.reading.read == [0]


def test_docklands_crackdown_taxes_the_first_install_of_a_turn() -> None:
    servers = {"remote1": {"root": [rezzed("docklands_crackdown", counters={"power": 2})]}}
    r = play(RECORDS, ["install:lattice_memory", "install:lattice_memory"], active="runner",
             corp=corp(servers=servers), runner=runner(clicks=2, credits=10, hand=["lattice_memory"] * 2))  # fmt: skip
    assert r.game.runner.credits == 10 - 3 - 1


def test_elizas_toybox_rezzes_for_free() -> None:
    servers = {"remote1": {"root": [rezzed("elizas_toybox")]}, "hq": {"ice": [{"card": "weyland_slag_rampart"}]}}
    r = play(RECORDS, ["use:elizas_toybox/0"], active="corp", corp=corp(servers=servers, clicks=3, credits=1))
    g = r.game
    assert g.servers["hq"].ice[0].rezzed and g.corp.credits == 1 and g.corp.clicks == 0


def test_executive_boot_camp_rezzes_cheaper_and_finds_an_asset() -> None:
    servers = {"remote1": {"root": [rezzed("executive_boot_camp")]}, "remote2": {"root": [{"card": "weyland_ore_refinery"}]}}
    r = play(RECORDS, ["weyland_ore_refinery"], active="runner", corp=corp(servers=servers, credits=5),
             runner=runner(clicks=0))  # fmt: skip
    g = r.game
    assert g.servers["remote2"].root[0].rezzed and g.corp.credits == 1
    r = play(RECORDS, ["use:executive_boot_camp/1", "nbn_billboard_network"], active="corp",
             corp=corp(servers={"remote1": {"root": [rezzed("executive_boot_camp")]}}, credits=2,
                       deck=["neutral_plywood_screen", "nbn_billboard_network"]))  # fmt: skip
    g = r.game
    assert [c.id for c in g.corp.hand] == ["nbn_billboard_network"] and g.corp.credits == 1
    assert [c.id for c in g.corp.discard] == ["executive_boot_camp"]


def test_hostile_infrastructure_hurts_for_each_corp_card_trashed() -> None:
    servers = {"remote1": {"root": [rezzed("nbn_billboard_network")]}, "remote2": {"root": [rezzed("hostile_infrastructure")]}}
    r = play(RECORDS, ["run:remote1", "continue", "trash:nbn_billboard_network", "run:remote2", "continue",
                       "trash:hostile_infrastructure"], active="runner",
             corp=corp(servers=servers), runner=runner(credits=10, hand=["spark_of_insight"] * 3))  # fmt: skip
    assert len(r.game.runner.hand) == 1 and len(events(r, "damage")) == 2


def test_it_department_boosts_an_ice_for_the_turn() -> None:
    servers = {"remote1": {"root": [rezzed("it_department", counters={"power": 2})]},
               "hq": {"ice": [rezzed("nbn_static_veil")]}}  # fmt: skip
    r = play(RECORDS, ["use:it_department/1"], active="corp", corp=corp(servers=servers, clicks=1))
    g = r.game
    assert g.strength_of(g.servers["hq"].ice[0]) == 1 + 2
    assert g.servers["remote1"].root[0].counters == {"power": 1}


def test_sealed_vault_stores_and_pays_back() -> None:
    servers = {"remote1": {"root": [rezzed("sealed_vault")]}}
    r = play(RECORDS, ["use:sealed_vault/0", "5", "use:sealed_vault/1", "3", "use:sealed_vault/2", "2"],
             active="corp", corp=corp(servers=servers, clicks=2, credits=10))  # fmt: skip
    g = r.game
    assert g.corp.credits == 10 - 1 - 5 + 3 + 2 and [c.id for c in g.corp.discard] == ["sealed_vault"]


def test_self_destruct_goes_in_remotes_and_blows_up_its_server() -> None:
    r = play(RECORDS, [], active="corp", corp=corp(hand=["self_destruct"], clicks=1))
    options = labels(r)
    assert "install:self_destruct@new" in [o.split("#")[0] + "@" + o.split("@")[1] for o in options if "@" in o]
    assert not any(o.startswith("install:self_destruct") and o.endswith(("@hq", "@rnd", "@archives")) for o in options)
    servers = {"remote1": {"ice": [rezzed("nbn_static_veil")],
                           "root": [rezzed("self_destruct"), rezzed("nbn_billboard_network")]}}  # fmt: skip
    r = play(RECORDS, ["run:remote1", "use:self_destruct/0", "continue"], active="runner",
             corp=corp(servers=servers, credits=0), runner=runner(credits=0, hand=["spark_of_insight"] * 4))  # fmt: skip
    g = r.game
    assert "remote1" not in g.servers and len(g.corp.discard) == 3
    assert len(g.runner.hand) == 1 and events(r, "trace")[0]["base"] == 2 and not g.run_history[-1][2]


def test_shattered_remains_trashes_hardware_per_advancement() -> None:
    servers = {"remote1": {"root": [{"card": "shattered_remains", "counters": {"advancement": 2}}]}}
    rig = [{"card": "debug_lamp"}, {"card": "spare_laptop"}, {"card": "hush_box"}]
    r = play(RECORDS, ["run:remote1", "continue", "done", "yes", "debug_lamp", "spare_laptop", "leave"], active="runner",
             corp=corp(servers=servers, credits=1), runner=runner(rig=rig))  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.rig] == ["hush_box"] and g.corp.credits == 0


def test_shell_corporation_is_used_once_a_turn() -> None:
    servers = {"remote1": {"root": [rezzed("shell_corporation", credits=3)]}}
    r = play(RECORDS, ["use:shell_corporation/0"], active="corp", corp=corp(servers=servers, clicks=2))
    shell = r.game.servers["remote1"].root[0]
    assert shell.credits == 6 and not any(o.startswith("use:shell_corporation") for o in labels(r))
    r = play(RECORDS, ["use:shell_corporation/1"], active="corp", corp=corp(servers=servers, clicks=2))
    assert r.game.corp.credits == 5 + 3 and not any(o.startswith("use:shell_corporation") for o in labels(r))


def test_turtlebacks_pays_for_each_new_server() -> None:
    servers = {"remote1": {"root": [rezzed("turtlebacks")]}}
    r = play(RECORDS, ["install:nbn_billboard_network@new", "install:nbn_static_veil@hq"], active="corp",
             corp=corp(servers=servers, clicks=2, hand=["nbn_billboard_network", "nbn_static_veil"]))  # fmt: skip
    assert r.game.corp.credits == 5 + 1


def test_will_o_the_wisp_sends_a_breaker_to_the_bottom_of_the_stack() -> None:
    servers = {"remote1": {"ice": [rezzed("nbn_static_veil")], "root": [rezzed("will_o_the_wisp")]}}
    rig = [{"card": "fine_line_cutter"}]
    r = play(RECORDS, ["run:remote1", "boost:fine_line_cutter/1", "break:fine_line_cutter/0", "continue", "yes"],
             active="runner", corp=corp(servers=servers), runner=runner(rig=rig, credits=5))  # fmt: skip
    g = r.game
    assert g.runner.rig == [] and g.runner.deck[0].id == "fine_line_cutter"
    assert "will_o_the_wisp" in [c.id for c in g.corp.discard]


def test_bad_times_cuts_memory_for_the_turn_when_tagged() -> None:
    r = play(RECORDS, [], active="corp", corp=corp(hand=["bad_times"], clicks=1, credits=4))
    assert not any(o.startswith("play:bad_times") for o in labels(r))
    rig = [{"card": c} for c in ("pry_script", "sleeve_blade", "rot_worm", "static_spore")]
    r = play(RECORDS, ["play:bad_times", "rot_worm"], active="corp", corp=corp(hand=["bad_times"], clicks=1, credits=4),
             runner=runner(tags=1, rig=rig))  # fmt: skip
    g = r.game
    assert g.memory_limit() == 5 and sorted(c.id for c in g.runner.rig) == ["pry_script", "sleeve_blade", "static_spore"]
    assert any(e.get("stat") == "memory" and e.get("value") == 3 for e in events(r, "limit"))


def test_mutate_swaps_a_rezzed_ice_for_the_next_ice_of_rnd() -> None:
    servers = {"hq": {"ice": [rezzed("weyland_slag_rampart"), rezzed("nbn_static_veil")]}}
    r = play(RECORDS, ["play:mutate", "nbn_static_veil"], active="corp",
             corp=corp(servers=servers, hand=["mutate"], clicks=1,
                       deck=["nbn_billboard_network", "hb_lattice_gate", "neutral_plywood_screen"]))  # fmt: skip
    g = r.game
    assert [(c.id, c.rezzed) for c in g.servers["hq"].ice] == [("weyland_slag_rampart", True), ("hb_lattice_gate", True)]
    assert sorted(c.id for c in g.corp.discard) == ["mutate", "nbn_static_veil"] and len(g.corp.deck) == 2


def test_peak_efficiency_pays_per_rezzed_ice() -> None:
    servers = {"hq": {"ice": [rezzed("nbn_static_veil"), {"card": "nbn_static_veil"}]}, "rnd": {"ice": [rezzed("hb_lattice_gate")]}}
    r = play(RECORDS, ["play:peak_efficiency"], active="corp", corp=corp(servers=servers, hand=["peak_efficiency"], clicks=1))
    assert r.game.corp.credits == 5 - 1 + 2


def test_reuse_costs_two_clicks_and_pays_per_card_trashed() -> None:
    r = play(RECORDS, ["play:reuse", "nbn_static_veil", "hb_lattice_gate"], active="corp",
             corp=corp(hand=["reuse", "nbn_static_veil", "hb_lattice_gate"], clicks=3))  # fmt: skip
    g = r.game
    assert g.corp.credits == 5 + 4 and g.corp.clicks == 1 and len(g.corp.discard) == 3


def test_shoot_the_moon_rezzes_one_ice_per_tag() -> None:
    servers = {"hq": {"ice": [{"card": "weyland_slag_rampart"}, {"card": "hb_lattice_gate"}, {"card": "nbn_static_veil"}]}}
    r = play(RECORDS, ["play:shoot_the_moon", "weyland_slag_rampart", "hb_lattice_gate"], active="corp",
             corp=corp(servers=servers, hand=["shoot_the_moon"], clicks=2), runner=runner(tags=2))  # fmt: skip
    g = r.game
    assert [c.rezzed for c in g.servers["hq"].ice] == [True, True, False] and g.corp.credits == 2
    assert g.corp.clicks == 0


def test_snatch_and_grab_trashes_a_connection_unless_the_runner_takes_a_tag() -> None:
    rig = [{"card": "dockside_tipster"}]
    r = play(RECORDS, ["play:snatch_and_grab", "pay:0", "no"], active="corp", corp=corp(hand=["snatch_and_grab"], clicks=1),
             runner=runner(rig=rig, credits=0))  # fmt: skip
    assert r.game.runner.rig == [] and r.game.runner.tags == 0
    r = play(RECORDS, ["play:snatch_and_grab", "pay:0", "yes"], active="corp", corp=corp(hand=["snatch_and_grab"], clicks=1),
             runner=runner(rig=rig, credits=0))  # fmt: skip
    assert len(r.game.runner.rig) == 1 and r.game.runner.tags == 1


def test_lag_time_stays_and_strengthens_every_ice_until_a_steal() -> None:
    servers = {"hq": {"ice": [rezzed("nbn_static_veil")]}, "remote1": {"root": [{"card": "neutral_pilot_scheme"}]}}
    r = play(RECORDS, ["play:lag_time"], active="corp", corp=corp(servers=servers, hand=["lag_time"], clicks=1))
    g = r.game
    assert g.strength_of(g.servers["hq"].ice[0]) == 2 and [c.id for c in g.in_play] == ["lag_time"]
    r = play(RECORDS, ["play:lag_time", "run:remote1", "continue"], active="corp",
             corp=corp(servers=servers, hand=["lag_time"], clicks=1))  # fmt: skip
    g = r.game
    assert not g.in_play and g.strength_of(g.servers["hq"].ice[0]) == 1


def test_manhunt_traces_the_first_successful_run_of_a_turn() -> None:
    r = play(RECORDS, ["play:manhunt", "run:archives", "continue", "run:archives", "continue"],
             active="corp", corp=corp(hand=["manhunt"], clicks=1, credits=3), runner=runner(credits=0))  # fmt: skip
    g = r.game
    assert g.runner.tags == 1 and len(events(r, "trace")) == 1 and len(g.run_history) == 2


def test_paywall_implementation_pays_for_each_successful_run() -> None:
    r = play(RECORDS, ["play:paywall_implementation", "run:archives", "continue", "run:archives", "continue"],
             active="corp", corp=corp(hand=["paywall_implementation"], clicks=1, credits=0))  # fmt: skip
    assert r.game.corp.credits == 2


def test_targeted_marketing_pays_when_the_named_card_comes() -> None:
    r = play(RECORDS, ["play:targeted_marketing", "debug_lamp", "install:debug_lamp", "install:spare_laptop"],
             active="corp", corp=corp(hand=["targeted_marketing"], clicks=1, credits=0),
             runner=runner(hand=["debug_lamp", "spare_laptop"], credits=9))  # fmt: skip
    assert r.game.corp.credits == 10


# ---------------------------------------------------------------- fixtures: agendas and corp identities


BIFROST = agenda("bifrost_array", ["On scoring, you may set off the on-score ability of another agenda (not a Bifrost "
                 "Array) in your score area."], 1, 3, faction="haas_bioroid")  # fmt: skip
CHRONOS = agenda("chronos_project", ["On scoring, every card of the Runner's heap leaves the game."], 1, 3)
SLEEPERS = agenda("domestic_sleepers", ["[click],[click],[click]: Place 1 agenda counter on this agenda.",
                  "With an agenda counter on it, it counts as 1 agenda point."], 0, 2,
                  faction="haas_bioroid")  # fmt: skip
PORTALS = agenda("encrypted_portals", ["Code gates are 1 stronger.", "On scoring, 1[credit] per rezzed code gate."],
                 1, 3, subtypes=["security"], faction="jinteki")  # fmt: skip
CYBERWALLS = agenda("superior_cyberwalls", ["Barriers are 1 stronger.", "On scoring, 1[credit] per rezzed barrier."],
                    1, 3, subtypes=["security"], faction="weyland_consortium")  # fmt: skip
EDEN_FRAGMENT = agenda("eden_fragment", ["Each turn your first ice is installed at no install cost.",
                       "Limit 1 per deck."], 3, 5, unique=True, deck_limit=1)  # fmt: skip
HADES_FRAGMENT = agenda("hades_fragment", ["As your turn starts, you may tuck an Archives card under R&D.",
                        "Limit 1 per deck."], 3, 5, unique=True, deck_limit=1)  # fmt: skip
HELIUM = agenda("helium_3_deposit", ["On scoring, at most 2 power counters go on a card already holding one."], 2, 4,
                faction="weyland_consortium")  # fmt: skip
UTOPIA_FRAGMENT = agenda("utopia_fragment", ["Stealing any agenda also costs the Runner 2[credit] per advancement "
                         "token on it.", "Limit 1 per deck."], 3, 5, unique=True, deck_limit=1)  # fmt: skip
BLUE_SUN = identity("blue_sun_powering_the_future", "corp", ["As your turn starts, you may return a rezzed card to HQ "
                    "and take credits equal to its rez cost."], faction="weyland_consortium")  # fmt: skip
FOUNDRY = identity("the_foundry_refining_the_process", "corp", ["Your first ice rez of each turn lets you find another "
                   "copy of it in R&D, show it, put it in HQ, and shuffle R&D."], faction="haas_bioroid")  # fmt: skip
AGENDAS = [BIFROST, CHRONOS, SLEEPERS, PORTALS, CYBERWALLS, EDEN_FRAGMENT, HADES_FRAGMENT, HELIUM, UTOPIA_FRAGMENT]
RECORDS += [*AGENDAS, BLUE_SUN, FOUNDRY]


def test_every_agenda_and_corp_identity_fixture_is_executable() -> None:
    for record in [*AGENDAS, BLUE_SUN, FOUNDRY]:
        assert record.reading.status == "executable", record.id
    assert SLEEPERS.reading.read == [0] and EDEN_FRAGMENT.reading.scripted == [0]


def _score(card_id: str, advancement: int, decisions: list[str], **corp_side: Any) -> Any:
    servers = {"remote1": {"root": [{"card": card_id, "counters": {"advancement": advancement}}]}}
    servers.update(corp_side.pop("servers", {}))
    runner_side = corp_side.pop("runner", None) or runner()
    return play(RECORDS, [f"score:{card_id}", *decisions], active="corp",
                corp=corp(clicks=1, servers=servers, **corp_side), runner=runner_side)  # fmt: skip


def test_bifrost_array_repeats_another_scoring_ability() -> None:
    r = _score("bifrost_array", 3, ["nbn_open_channel_act"], score_area=["nbn_open_channel_act", "neutral_board_resolution"])
    assert r.game.corp.credits == 5 + 4


def test_chronos_project_removes_the_heap() -> None:
    r = _score("chronos_project", 3, [], runner=runner(discard=["spark_of_insight", "debug_lamp"]))
    g = r.game
    assert g.runner.discard == [] and sorted(c.id for c in g.removed) == ["debug_lamp", "spark_of_insight"]


def test_domestic_sleepers_counts_once_it_has_an_agenda_counter() -> None:
    r = play(RECORDS, ["use:domestic_sleepers/0"], active="corp", corp=corp(clicks=3, score_area=["domestic_sleepers"]))
    g = r.game
    assert g.corp.score_area[0].counters == {"agenda": 1} and g.agenda_points("corp") == 1


def test_security_agendas_strengthen_their_ice_and_pay_when_scored() -> None:
    servers = {"hq": {"ice": [rezzed("hb_lattice_gate"), rezzed("neutral_checksum_gate"), rezzed("nbn_static_veil")]}}
    r = _score("encrypted_portals", 3, [], servers=servers)
    g = r.game
    assert g.corp.credits == 5 + 2
    assert [g.strength_of(c) for c in g.servers["hq"].ice] == [3, 3, 1]
    r = _score("superior_cyberwalls", 3, [], servers=servers)
    g = r.game
    assert g.corp.credits == 5 + 1 and [g.strength_of(c) for c in g.servers["hq"].ice] == [2, 2, 2]


def test_eden_fragment_makes_the_first_ice_of_a_turn_free() -> None:
    servers = {"hq": {"ice": [rezzed("nbn_static_veil"), rezzed("nbn_static_veil")]}}
    r = play(RECORDS, ["install:hb_lattice_gate@hq", "install:hb_lattice_gate@hq"], active="corp",
             corp=corp(servers=servers, clicks=2, hand=["hb_lattice_gate"] * 2, score_area=["eden_fragment"]))  # fmt: skip
    assert r.game.corp.credits == 5 - 0 - 3


def test_hades_fragment_tucks_an_archives_card_under_rnd() -> None:
    r = play(RECORDS, ["jinteki_quiet_harvest"], active="runner", runner=runner(clicks=0),
             corp=corp(score_area=["hades_fragment"], discard=["jinteki_quiet_harvest"],
                       deck=["nbn_static_veil", "hb_lattice_gate"]))  # fmt: skip
    g = r.game
    assert g.corp.discard == [] and g.corp.deck[0].id == "jinteki_quiet_harvest"


def test_helium_3_deposit_charges_a_card_with_power_counters() -> None:
    servers = {"remote2": {"root": [rezzed("hb_capacitor_bank", counters={"power": 1})]}}
    r = _score("helium_3_deposit", 4, ["hb_capacitor_bank", "2"], servers=servers)
    assert r.game.servers["remote2"].root[0].counters == {"power": 3}


def test_utopia_fragment_taxes_steals_by_advancement() -> None:
    servers = {"remote1": {"root": [{"card": "neutral_board_resolution", "counters": {"advancement": 2}}]}}
    r = play(RECORDS, ["run:remote1", "continue", "steal:neutral_board_resolution"], active="runner",
             corp=corp(servers=servers, score_area=["utopia_fragment"]), runner=runner(credits=6))  # fmt: skip
    g = r.game
    assert g.runner.credits == 2 and [c.id for c in g.runner.score_area] == ["neutral_board_resolution"]
    r = play(RECORDS, ["run:remote1", "continue"], active="runner",
             corp=corp(servers=servers, score_area=["utopia_fragment"]), runner=runner(credits=3))  # fmt: skip
    assert r.game.runner.score_area == [] and r.game.runner.credits == 3


def test_blue_sun_returns_a_rezzed_card_for_its_rez_cost() -> None:
    servers = {"hq": {"ice": [rezzed("weyland_slag_rampart")]}}
    r = play(RECORDS, ["weyland_slag_rampart"], active="runner", runner=runner(clicks=0),
             corp={"identity": "blue_sun_powering_the_future", "servers": servers, "credits": 1, "deck": ["nbn_static_veil"]})
    g = r.game
    assert not g.servers["hq"].ice and [c.id for c in g.corp.hand] == ["weyland_slag_rampart", "nbn_static_veil"]
    assert g.corp.credits == 1 + 3


def test_the_foundry_fetches_another_copy_of_the_first_ice_rezzed() -> None:
    servers = {"hq": {"ice": [{"card": "nbn_static_veil"}]}}
    r = play(RECORDS, ["run:hq", "rez:nbn_static_veil", "yes"], active="runner", runner=runner(),
             corp={"identity": "the_foundry_refining_the_process", "servers": servers,
                   "deck": ["hb_lattice_gate", "nbn_static_veil", "neutral_plywood_screen"]})  # fmt: skip
    g = r.game
    assert [c.id for c in g.corp.hand] == ["nbn_static_veil"] and len(g.corp.deck) == 2


# ---------------------------------------------------------------- fixtures: runner cards and identities

BRIBERY = card("bribery", "event", ["Run; in it the Corp pays X[credit] more to rez the first unrezzed ice the Runner "
               "approaches."], subtypes=["run"], cost=None, faction="criminal")  # fmt: skip
CODE_SIPHON = card("code_siphon", "event", ["Run R&D; on success you may skip the breach and instead find a program in "
                   "your stack and install it for 3[credit] less per ice on R&D, then take a tag."],
                   subtypes=["run"], cost=0, faction="shaper")  # fmt: skip
INJECT = card("inject", "event", ["Show the stack's top 4 cards: programs among them go to the heap for 1[credit] "
              "each, the others to your grip."], cost=1, faction="anarch")  # fmt: skip
PAPER_TRIPPING = card("paper_tripping", "event", ["Only as the first [click] of your turn.", "Every tag is removed."],
                      subtypes=["priority"], cost=4, faction="criminal")  # fmt: skip
TRADE_IN = card("trade_in", "event", ["Playing it also costs trashing one of your installed hardware.",
                "Gain half that hardware's install cost, rounded down; then find a hardware in the stack, show it, "
                "put it in your grip and shuffle the stack."], cost=1, faction="shaper")  # fmt: skip
CURRENT_SCORED = "Stays in play until another current is played or an agenda is scored."
NET_CELEBRITY = card("net_celebrity", "event", [CURRENT_SCORED, "Holds 1 recurring credit.",
                     "That credit pays only during runs."], subtypes=["current"], cost=1, faction="shaper")  # fmt: skip
SCRUBBED = card("scrubbed", "event", [CURRENT_SCORED, "The first ice met each turn is 2 weaker for that run."],
                subtypes=["current"], cost=2, faction="anarch")  # fmt: skip
AU_REVOIR = card("au_revoir", "program", ["Each jack out pays you 1[credit]."], cost=1, memory_cost=1,
                 faction="criminal")  # fmt: skip
BLACKAT = card("blackat", "program", ["Interface → 1[credit]: a barrier subroutine is broken, or up to 3 of them when "
               "a stealth card's credit paid.", "2[credit]: 1 stronger, or 2 when a stealth card's credit paid."],
               subtypes=["icebreaker", "fracter"], cost=4, strength=3, memory_cost=1, faction="anarch")  # fmt: skip
COLLECTIVE = card("collective_consciousness", "program", ["Each ice the Corp rezzes draws you a card."], cost=2,
                  memory_cost=2, faction="shaper")  # fmt: skip
D4V1D = card("d4v1d", "program", ["Place 3 power counters on this program when it is installed.",
             "Spend a hosted power counter: break a subroutine of an ice of strength 5 or more."], cost=3,
             memory_cost=1, faction="anarch")  # fmt: skip
INCUBATOR = card("incubator", "program", ["When your turn begins, place 1 virus counter on this program.",
                 "[click], trash this program: its virus counters go to another installed virus program."],
                 subtypes=["virus"], cost=3, memory_cost=1, faction="anarch")  # fmt: skip
IXODIDAE = card("ixodidae", "program", ["Each time the Corp loses credits, you gain 1[credit].",
                "A purge of virus counters sends this program to the heap."], subtypes=["virus"], cost=1,
                memory_cost=1, faction="anarch")  # fmt: skip
LAMPREY = card("lamprey", "program", ["Whenever you make a successful run on HQ, the Corp loses 1[credit].",
               "A purge of virus counters sends this program to the heap."], subtypes=["virus"], cost=1,
               memory_cost=1, faction="anarch")  # fmt: skip
ORIGAMI = card("origami", "program", ["Hand size +1 for every installed copy of this program."], cost=0,
               memory_cost=1, faction="anarch")  # fmt: skip
REFRACTOR = card("refractor", "program", ["Interface → 1[credit]: Break 1 code gate subroutine.",
                 "1[credit], paid with a stealth card's credit only: 3 stronger."],
                 subtypes=["icebreaker", "decoder"], cost=1, strength=2, memory_cost=1, faction="shaper")  # fmt: skip
SAGE = card("sage", "program", ["1 stronger per unused MU.", "Interface → 2[credit]: a code gate or barrier subroutine "
            "is broken."], subtypes=["icebreaker", "decoder", "fracter"], cost=4, strength=0, memory_cost=2,
            faction="shaper")  # fmt: skip
SWITCHBLADE = card("switchblade", "program", ["Interface → 1[credit], paid with a stealth card's credit only: break "
                   "as many sentry subroutines as you like.", "1[credit], paid with a stealth card's credit only: 7 "
                   "stronger."], subtypes=["icebreaker", "killer"], cost=3, strength=0, memory_cost=1,
                   faction="criminal")  # fmt: skip
ASTROLABE = card("astrolabe", "hardware", ["+1[mu]", "Each server the Corp creates draws you a card.",
                 "You may have only one console installed."], subtypes=["console"], cost=1, unique=True,
                 faction="shaper")  # fmt: skip
AUTOSCRIPTER = card("autoscripter", "hardware", ["Your first program installed from the grip in your turn gives you "
                    "[click].", "An unsuccessful run sends this hardware to the heap."], cost=3, unique=True,
                    faction="criminal")  # fmt: skip
BOX_E = card("box_e", "hardware", ["+2[mu]", "Your maximum hand size is increased by 2.",
             "You may have only one console installed."], subtypes=["console"], cost=4, unique=True,
             faction="criminal")  # fmt: skip
EKOMIND = card("ekomind", "hardware", ["Your memory limit is as large as your grip.",
               "You may have only one console installed."], subtypes=["console"], cost=2, unique=True,
               faction="anarch")  # fmt: skip
ANGEL_ARENA = card("angel_arena", "resource", ["Comes in with X power counters; emptied of them, it is trashed.",
                   "Spend a hosted power counter: show your stack's top card; you may put it under the stack."],
                   subtypes=["location"], cost=None, unique=True)  # fmt: skip
GHOST_RUNNER = card("ghost_runner", "resource", ["Comes in holding 3[credit]; emptied, it is trashed.",
                    "Its credits pay for anything during runs."], subtypes=["stealth", "virtual"], cost=1)  # fmt: skip
FESTER = card("fester", "resource", ["Each purge of virus counters costs a Corp with 2[credit] or more 2[credit]."],
              subtypes=["virtual"], cost=1, faction="anarch")  # fmt: skip
RACHEL = card("rachel_beckman", "resource", ["One more [click] allotted each of your turns.",
              "A tagged Runner trashes this resource."], subtypes=["connection"], cost=8, unique=True)  # fmt: skip
ZONA_SUL = card("zona_sul_shipping", "resource", ["Place 1[credit] on this resource when your turn begins.",
                "[click]: take every credit it holds.", "A tagged Runner trashes this resource."], cost=2,
                faction="criminal")  # fmt: skip
SUPPLIER = card("the_supplier", "resource", ["[click]: a resource or hardware from your grip is hosted here.",
                "As your turn starts, you may install a hosted card for 2[credit] less."], subtypes=["connection"],
                cost=3, unique=True, faction="criminal")  # fmt: skip
SHARD_FIRST = "When a run on the server succeeds, you may install this from your grip for free instead of a breach."
EDEN_SHARD = card("eden_shard", "resource", [SHARD_FIRST, "Trash this resource: the Corp draws 2 cards.",
                  "Limit 1 per deck."], subtypes=["virtual", "source"], cost=7, unique=True, deck_limit=1)  # fmt: skip
HADES_SHARD = card("hades_shard", "resource", [SHARD_FIRST, "Trash this resource: breach Archives, leaving its root "
                   "cards alone.", "Limit 1 per deck."], subtypes=["virtual", "source"], cost=7, unique=True,
                   deck_limit=1)  # fmt: skip
UTOPIA_SHARD = card("utopia_shard", "resource", [SHARD_FIRST, "Trash this resource: 2 random HQ cards are discarded.",
                    "Limit 1 per deck."], subtypes=["virtual", "source"], cost=7, unique=True, deck_limit=1)  # fmt: skip
LEELA = identity("leela_patel_trained_pragmatist", "runner", ["Each agenda scored or stolen sends an unrezzed card of "
                 "the Corp back to HQ."], faction="criminal")  # fmt: skip
NASIR = identity("nasir_meidan_cyber_explorer", "runner", ["Meeting an ice rezzed during its approach, you lose your "
                 "credit pool and gain the ice's rez cost."], faction="shaper", base_link=1)  # fmt: skip
RUNNER_CARDS = [BRIBERY, CODE_SIPHON, INJECT, PAPER_TRIPPING, TRADE_IN, NET_CELEBRITY, SCRUBBED, AU_REVOIR, BLACKAT,
                COLLECTIVE, D4V1D, INCUBATOR, LAMPREY, ORIGAMI, REFRACTOR, SAGE, SWITCHBLADE, ASTROLABE, BOX_E,
                EKOMIND, ANGEL_ARENA, GHOST_RUNNER, FESTER, RACHEL, ZONA_SUL, SUPPLIER, LEELA, NASIR]  # fmt: skip
PARTIAL = [IXODIDAE, AUTOSCRIPTER, EDEN_SHARD, HADES_SHARD, UTOPIA_SHARD]
RECORDS += [*RUNNER_CARDS, *PARTIAL]


def test_runner_fixture_readings() -> None:
    for record in RUNNER_CARDS:
        assert record.reading.status == "executable", record.id
    for record in PARTIAL:  # the first paragraph is left out (see the module)
        assert record.reading.status == "partial" and 0 not in record.reading.scripted, record.id
    assert ASTROLABE.reading.read == [0] and ASTROLABE.reading.scripted == [1, 2]


def _runner_turn(decisions: list[str], corp_side: dict[str, Any] | None = None, **runner_side: Any) -> Any:
    return play(RECORDS, decisions, active="runner", corp=corp(**(corp_side or {})), runner=runner(**runner_side))


def test_bribery_raises_the_rez_cost_of_the_first_unrezzed_ice() -> None:
    corp_side = {"servers": {"hq": {"ice": [{"card": "hb_lattice_gate"}]}}, "credits": 4}
    r = _runner_turn(["play:bribery", "2", "hq", "rez:hb_lattice_gate"], corp_side, hand=["bribery"], credits=3)
    g = r.game
    assert g.runner.credits == 1 and g.corp.credits == 0 and g.servers["hq"].ice[0].rezzed
    assert not g.run_history[-1][2] and g.rez_cost(g.servers["hq"].ice[0]) == 2
    r = _runner_turn(["play:bribery", "3", "hq"], dict(corp_side), hand=["bribery"], credits=3)
    assert "rez:hb_lattice_gate" not in labels(r)  # 2 + 3: the corp's 4 credits are not enough


def test_code_siphon_installs_from_the_stack_instead_of_breaching() -> None:
    corp_side = {"servers": {"rnd": {"ice": [{"card": "nbn_static_veil"}]}}, "credits": 0}
    r = _runner_turn(["play:code_siphon", "continue", "yes"], corp_side, hand=["code_siphon"], credits=0,
                     deck=["pry_script", "spark_of_insight"])  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.rig] == ["pry_script"] and g.runner.tags == 1 and not events(r, "access")


def test_inject_trashes_programs_for_credits_and_keeps_the_rest() -> None:
    deck = ["pry_script", "spark_of_insight", "sleeve_blade", "debug_lamp", "hush_box"]
    r = _runner_turn(["play:inject"], hand=["inject"], credits=1, deck=deck)
    g = r.game
    assert g.runner.credits == 2 and sorted(c.id for c in g.runner.hand) == ["debug_lamp", "spark_of_insight"]
    assert sorted(c.id for c in g.runner.discard) == ["inject", "pry_script", "sleeve_blade"]


def test_paper_tripping_clears_tags_only_as_the_first_click() -> None:
    r = _runner_turn(["play:paper_tripping"], hand=["paper_tripping"], credits=4, tags=3)
    assert r.game.runner.tags == 0 and r.game.runner.credits == 0
    r = _runner_turn(["credit"], hand=["paper_tripping"], credits=4, tags=3)
    assert not any(o.startswith("play:paper_tripping") for o in labels(r))


def test_trade_in_trades_a_hardware_for_credits_and_another_hardware() -> None:
    r = _runner_turn(["play:trade_in", "spare_laptop"], hand=["trade_in"], credits=1, rig=[{"card": "debug_lamp"}],
                     deck=["spare_laptop", "spark_of_insight"])  # fmt: skip
    g = r.game
    assert g.runner.credits == 1 and [c.id for c in g.runner.hand] == ["spare_laptop"] and g.runner.rig == []


def test_net_celebrity_pays_a_credit_during_runs() -> None:
    corp_side = {"servers": {"hq": {"ice": [rezzed("nbn_static_veil")]}}}
    r = _runner_turn(["play:net_celebrity", "run:hq", "boost:fine_line_cutter/1", "break:fine_line_cutter/0", "continue"],
                     corp_side, hand=["net_celebrity"], credits=2, rig=[{"card": "fine_line_cutter"}])  # fmt: skip
    g = r.game
    assert g.run_history[-1][2] and g.runner.credits == 0 and g.in_play[0].credits == 0


def test_scrubbed_weakens_the_first_ice_met_each_turn() -> None:
    corp_side = {"servers": {"hq": {"ice": [rezzed("hb_lattice_gate")]}}}
    r = _runner_turn(["play:scrubbed", "run:hq", "break:cog_key/0", "continue", "run:hq"], corp_side,
                     hand=["scrubbed"], credits=3, rig=[{"card": "cog_key"}])  # fmt: skip
    g = r.game
    assert g.run_history[0][2] and g.runner.credits == 0  # cog key (2) broke the gate (2 - 2 = 0) for 1 credit
    assert len(events(r, "strength")) == 1 and "boost:cog_key#3/1" not in labels(r)


def test_au_revoir_pays_for_jacking_out() -> None:
    corp_side = {"servers": {"hq": {"ice": [{"card": "nbn_static_veil"}]}}, "credits": 0}
    r = _runner_turn(["run:hq", "jack_out"], corp_side, rig=[{"card": "au_revoir"}], credits=0)
    assert r.game.runner.credits == 1


def test_blackat_breaks_and_boosts_more_with_stealth_credits() -> None:
    corp_side = {"servers": {"hq": {"ice": [rezzed("hb_warden_unit")]}}}
    rig = [{"card": "blackat"}, {"card": "ghost_runner", "credits": 3}]
    r = _runner_turn(["run:hq", "use:blackat/1", "yes", "use:blackat/0", "yes", "sub:1", "continue"], corp_side,
                     rig=rig, credits=5)  # fmt: skip
    g = r.game  # the boost took 2 credits of the stealth card (the engine spends hosted credits first), the break 1
    assert g.run_history[-1][2] and g.runner.credits == 5  # laid out with its credits, loaded: trashed once empty
    assert [c.id for c in g.runner.rig] == ["blackat"] and [c.id for c in g.runner.discard] == ["ghost_runner"]
    assert len(events(r, "break")) == 2
    r = _runner_turn(["run:hq", "use:blackat/1", "use:blackat/1", "use:blackat/0", "sub:1"], corp_side,
                     rig=[{"card": "blackat"}], credits=5)  # fmt: skip
    assert r.game.runner.credits == 0 and sum(1 for e in events(r, "break")) == 1


def test_collective_consciousness_draws_when_ice_is_rezzed() -> None:
    corp_side = {"servers": {"hq": {"ice": [{"card": "nbn_static_veil"}]}}}
    r = _runner_turn(["run:hq", "rez:nbn_static_veil"], corp_side, rig=[{"card": "collective_consciousness"}])
    assert len(r.game.runner.hand) == 1


def test_d4v1d_breaks_strong_ice_with_its_counters() -> None:
    corp_side = {"servers": {"hq": {"ice": [rezzed("weyland_slag_rampart")]}}}
    r = _runner_turn(["run:hq", "use:d4v1d/1", "continue"], corp_side, rig=[{"card": "d4v1d", "counters": {"power": 3}}])
    g = r.game
    assert g.run_history[-1][2] and g.runner.rig[0].counters == {"power": 2}
    corp_side = {"servers": {"hq": {"ice": [rezzed("nbn_static_veil")]}}}
    r = _runner_turn(["run:hq"], corp_side, rig=[{"card": "d4v1d", "counters": {"power": 3}}])
    assert not r.game.run_history[-1][2]  # a strength 1 ice: nothing to break with it


def test_incubator_moves_its_counters_to_another_virus() -> None:
    rig = [{"card": "incubator", "counters": {"virus": 3}}, {"card": "hive_siphon", "counters": {"virus": 1}}]
    r = _runner_turn(["use:incubator/1"], rig=rig)
    g = r.game
    assert [(c.id, c.counters) for c in g.runner.rig] == [("hive_siphon", {"virus": 4})]


def test_ixodidae_and_lamprey_go_with_a_purge() -> None:
    rig = [{"card": "ixodidae"}, {"card": "lamprey"}, {"card": "pry_script"}]
    r = play(RECORDS, ["purge", "ixodidae: purged"], active="corp", corp=corp(clicks=3), runner=runner(rig=rig))
    assert [c.id for c in r.game.runner.rig] == ["pry_script"]


def test_origami_grows_the_hand_size_per_copy() -> None:
    r = _runner_turn([], rig=[{"card": "origami"}, {"card": "origami"}])
    assert r.game.hand_size("runner") == 5 + 4


def test_refractor_boosts_with_a_stealth_credit() -> None:
    corp_side = {"servers": {"hq": {"ice": [rezzed("iq")]}}, "hand": ["nbn_static_veil"] * 4}
    rig = [{"card": "refractor"}, {"card": "ghost_runner", "credits": 3}]
    r = _runner_turn(["run:hq", "use:refractor/1", "break:refractor/0", "continue"], corp_side, rig=rig, credits=5)
    g = r.game
    assert g.run_history[-1][2] and g.runner.rig[1].credits == 1 and g.runner.credits == 5
    r = _runner_turn(["run:hq"], corp_side, rig=[{"card": "refractor"}], credits=5)
    assert not any(o.startswith("use:refractor") for o in labels(r))


def test_sage_is_as_strong_as_the_free_memory() -> None:
    corp_side = {"servers": {"hq": {"ice": [rezzed("hb_lattice_gate")]}}}
    r = _runner_turn(["run:hq", "use:sage/0", "continue"], corp_side, rig=[{"card": "sage"}], credits=2)
    g = r.game
    assert g.strength_of(g.runner.rig[0]) == 3 and g.run_history[-1][2] and g.runner.credits == 0


def test_switchblade_needs_stealth_credits() -> None:
    corp_side = {"servers": {"hq": {"ice": [rezzed("hb_sentinel_frame")]}}}
    rig = [{"card": "switchblade"}, {"card": "ghost_runner", "credits": 3}]
    r = _runner_turn(["run:hq", "use:switchblade/1", "use:switchblade/0", "sub:1", "continue"], corp_side, rig=rig,
                     credits=5)  # fmt: skip
    g = r.game
    assert g.run_history[-1][2] and g.runner.credits == 5 and g.runner.rig[1].credits == 1


def test_astrolabe_draws_on_new_servers_and_is_one_console() -> None:
    r = play(RECORDS, ["install:nbn_billboard_network@new", "install:nbn_static_veil@hq"], active="corp",
             corp=corp(clicks=2, hand=["nbn_billboard_network", "nbn_static_veil"]),
             runner=runner(rig=[{"card": "astrolabe"}]))  # fmt: skip
    assert len(r.game.runner.hand) == 1 and r.game.memory_limit() == 6
    r = _runner_turn([], rig=[{"card": "modular_rigframe"}], hand=["astrolabe", "box_e"], credits=9)
    assert not any(o.startswith(("install:astrolabe", "install:box_e")) for o in labels(r))


def test_autoscripter_goes_with_an_unsuccessful_run() -> None:
    corp_side = {"servers": {"hq": {"ice": [{"card": "nbn_static_veil"}]}}, "credits": 0}
    r = _runner_turn(["run:hq", "continue", "run:hq", "jack_out"], corp_side, rig=[{"card": "autoscripter"}])
    g = r.game
    assert g.run_history[0][2] and g.runner.rig == []


def test_box_e_is_one_console() -> None:
    r = _runner_turn([], rig=[{"card": "modular_rigframe"}], hand=["box_e"], credits=9)
    assert not any(o.startswith("install:box_e") for o in labels(r))
    r = _runner_turn([], rig=[{"card": "box_e"}])
    assert r.game.hand_size("runner") == 7 and r.game.memory_limit() == 7


def test_ekomind_sets_memory_to_the_grip() -> None:
    rig = [{"card": "ekomind"}, {"card": "pry_script"}, {"card": "sleeve_blade"}]
    r = _runner_turn(["play:overnight_takeout", "install:rot_worm"], rig=rig, hand=["overnight_takeout", "rot_worm"],
                     deck=["spark_of_insight", "lattice_memory"], credits=5)  # fmt: skip
    g = r.game
    assert g.memory_limit() == 2 + 1  # the grip (2 cards) and the identity's +1
    assert len([c for c in g.runner.rig if c.type == "program"]) == 3


def test_angel_arena_is_loaded_with_x_counters() -> None:
    r = _runner_turn(["install:angel_arena", "2", "use:angel_arena/2", "yes", "use:angel_arena/2", "no"],
                     hand=["angel_arena"], credits=3, deck=["spark_of_insight", "debug_lamp", "hush_box"])  # fmt: skip
    g = r.game
    assert g.runner.credits == 1 and g.runner.rig == [] and [c.id for c in g.runner.discard] == ["angel_arena"]
    assert [c.id for c in g.runner.deck] == ["spark_of_insight", "hush_box", "debug_lamp"]  # top = last


def test_ghost_runner_pays_in_runs_and_is_trashed_empty() -> None:
    corp_side = {"servers": {"hq": {"ice": [rezzed("nbn_static_veil")]}}}
    r = _runner_turn(["install:ghost_runner", "run:hq", "boost:fine_line_cutter/1", "break:fine_line_cutter/0",
                      "continue"], corp_side, hand=["ghost_runner"], rig=[{"card": "fine_line_cutter"}],
                     credits=1)  # fmt: skip
    g = r.game
    assert g.run_history[-1][2] and [c.id for c in g.runner.rig] == ["fine_line_cutter", "ghost_runner"]
    assert g.runner.rig[1].credits == 1 and g.runner.credits == 0


def test_fester_taxes_a_purge() -> None:
    r = play(RECORDS, ["purge"], active="corp", corp=corp(clicks=3, credits=5), runner=runner(rig=[{"card": "fester"}]))
    assert r.game.corp.credits == 3


def test_rachel_beckman_adds_a_click_and_leaves_when_tagged() -> None:
    r = play(RECORDS, [], active="corp", corp=corp(clicks=0), runner=runner(rig=[{"card": "rachel_beckman"}]))
    assert r.game.runner.clicks == 5
    r = play(RECORDS, ["play:nbn_exclusive_scoop"], active="corp", corp=corp(clicks=1, hand=["nbn_exclusive_scoop"]),
             runner=runner(rig=[{"card": "rachel_beckman"}]))  # fmt: skip
    assert r.game.runner.rig == [] and r.game.runner.tags == 1


def test_zona_sul_shipping_pays_out_and_leaves_when_tagged() -> None:
    r = _runner_turn(["use:zona_sul_shipping/1"], rig=[{"card": "zona_sul_shipping", "credits": 3}], credits=0)
    assert r.game.runner.credits == 3
    r = play(RECORDS, ["play:nbn_exclusive_scoop"], active="corp", corp=corp(clicks=1, hand=["nbn_exclusive_scoop"]),
             runner=runner(rig=[{"card": "zona_sul_shipping"}]))  # fmt: skip
    assert r.game.runner.rig == []


def test_the_supplier_hosts_then_installs_cheaper() -> None:
    r = play(RECORDS, ["use:the_supplier/0", "credit", "credit", "credit", "debug_lamp"], active="runner", corp=corp(),
             runner=runner(clicks=1, rig=[{"card": "the_supplier"}], hand=["debug_lamp", "spark_of_insight"],
                           credits=1))  # fmt: skip
    g = r.game
    assert g.active == "runner" and g.runner.credits == 0
    assert [c.id for c in g.runner.rig] == ["the_supplier", "debug_lamp"] and g.runner.rig[1].host is None


def test_the_shards_trash_for_their_effect() -> None:
    r = _runner_turn(["use:eden_shard/0"], rig=[{"card": "eden_shard"}])
    assert len(r.game.corp.hand) == 2 and r.game.runner.rig == []
    r = _runner_turn(["use:hades_shard/0"], {"discard": ["neutral_pilot_scheme", "jinteki_quiet_harvest"]},
                     rig=[{"card": "hades_shard"}])  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.score_area] == ["neutral_pilot_scheme"] and len(g.corp.discard) == 1
    r = _runner_turn(["use:utopia_shard/0"], {"hand": ["nbn_static_veil"] * 3}, rig=[{"card": "utopia_shard"}])
    assert len(r.game.corp.hand) == 1 and len(r.game.corp.discard) == 2


def test_leela_sends_an_unrezzed_card_back_to_hq() -> None:
    servers = {"remote1": {"root": [{"card": "neutral_pilot_scheme", "counters": {"advancement": 2}}]},
               "hq": {"ice": [{"card": "nbn_static_veil"}]}}  # fmt: skip
    r = play(RECORDS, ["score:neutral_pilot_scheme"], active="corp", corp=corp(servers=servers, clicks=1),
             runner={"identity": "leela_patel_trained_pragmatist"})  # fmt: skip
    g = r.game
    assert not g.servers["hq"].ice and [c.id for c in g.corp.hand] == ["nbn_static_veil"]
    assert not any(e.get("card") == str(g.corp.hand[0]) for e in (x.data for x in g.log.seen_by(2) if x.kind == "move"))


def test_nasir_trades_the_pool_for_the_rez_cost() -> None:
    corp_side = {"servers": {"hq": {"ice": [{"card": "weyland_slag_rampart"}]}}, "credits": 5}
    r = play(RECORDS, ["run:hq", "rez:weyland_slag_rampart"], active="runner", corp=corp(**corp_side),
             runner={"identity": "nasir_meidan_cyber_explorer", "credits": 7})  # fmt: skip
    assert r.game.runner.credits == 3
    corp_side["servers"] = {"hq": {"ice": [rezzed("weyland_slag_rampart")]}}
    r = play(RECORDS, ["run:hq"], active="runner", corp=corp(**corp_side),
             runner={"identity": "nasir_meidan_cyber_explorer", "credits": 7})  # fmt: skip
    assert r.game.runner.credits == 7  # rezzed before the approach: nothing happens
