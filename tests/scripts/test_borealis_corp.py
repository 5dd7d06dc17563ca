"""The Borealis-cycle corp card scripts, each played through a scenario that checks what changes."""

from __future__ import annotations

from typing import Any

from .kit import bundled, card, corp, events, identity, labels, play, rezzed, runner


def remote(*root: Any, ice: Any = ()) -> dict[str, Any]:
    """A server: ``root`` and ``ice`` entries are card ids or placed-card dicts."""
    def placed(c: Any) -> dict[str, Any]:
        return c if isinstance(c, dict) else {"card": c}

    return {"root": [placed(c) for c in root], "ice": [placed(c) for c in ice]}


GRIP = ["spark_of_insight", "light_fingers", "overnight_takeout"]


# ---------------------------------------------------------------- fixtures (our own wording)

NONEQUIVALENT = card("nonequivalent_exchange", "operation",
                     ["You gain 5[credit]; then you may let both players gain 2[credit] apiece."], cost=2)  # fmt: skip
EXTRACT = card("extract", "operation",
               ["You gain 6[credit]; you may also trash an installed card of yours for 3[credit] more."], cost=3)  # fmt: skip
END_OF_THE_LINE = card("end_of_the_line", "operation",
                       ["Removing 1 tag is an extra cost of playing it.", "Do 4 meat damage."], cost=3)  # fmt: skip
DISTRIBUTED = card("distributed_tracing", "operation",
                   ["Playing it takes one more [click].",
                    "Playable only if an agenda was stolen in the Runner's previous turn.",
                    "Give the Runner 1 tag."], cost=3, subtypes=["double", "gray_ops"])  # fmt: skip
BIG_DEAL = card("big_deal", "operation",
                ["Once it resolves, your action phase is over.",
                 "Put 4 advancement counters on an installed card; you may then score it if you can.",
                 "Afterwards it leaves the game."], cost=17, subtypes=["terminal"])  # fmt: skip
MAD = card("mutually_assured_destruction", "operation",
           ["Playing it takes two more [click].",
            "Trash as many of your rezzed cards as you like; the Runner takes a tag per card trashed."],
           cost=4, subtypes=["triple"])  # fmt: skip
SHIPMENT = card("shipment_from_vladisibirsk", "operation",
                ["Playable only while the Runner has 2 or more tags.",
                 "Spread 4 advancement counters over installed cards you can advance."], cost=1)  # fmt: skip
SIMULATION = card("simulation_reset", "operation",
                  ["Trash as many as 5 cards from HQ; shuffle that number of cards from Archives into R&D, then draw "
                   "that number.", "Afterwards it leaves the game."], cost=1)  # fmt: skip
TRUST = card("trust_operation", "operation",
             ["Playable only while the Runner is tagged.",
              "Trash an installed resource, then install and rez a card from Archives without paying any cost."],
             cost=0)  # fmt: skip
OPERATIONS = [NONEQUIVALENT, EXTRACT, END_OF_THE_LINE, DISTRIBUTED, BIG_DEAL, MAD, SHIPMENT, SIMULATION, TRUST]

ELIVAGAR = card("elivagar_bifurcation", "agenda", ["Once you score it, you may turn an installed card face down."],
                advancement_requirement=2, agenda_points=1)  # fmt: skip
HYBRID = card("hybrid_release", "agenda", ["Once you score it, you may install a face-down card from Archives."],
              advancement_requirement=2, agenda_points=1)  # fmt: skip
KIMBERLITE = card("kimberlite_field", "agenda",
                  ["Once you score it, you may trash a rezzed card of yours; if you do, trash an installed Runner card "
                   "whose printed install cost is no higher than that card's printed rez cost."],
                  advancement_requirement=4, agenda_points=2)  # fmt: skip
REGENESIS = card("regenesis", "agenda",
                 ["Once you score it, if no Corp card went to Archives this turn, you may show a face-down agenda of "
                  "Archives and put it in your score area."], advancement_requirement=3, agenda_points=1)  # fmt: skip
MIDNIGHT = card("midnight_3_arcology", "agenda",
                ["Once you score it, draw 3 cards; this turn you do not discard down to your hand size."],
                advancement_requirement=4, agenda_points=2)  # fmt: skip
AGENDAS = [ELIVAGAR, HYBRID, KIMBERLITE, REGENESIS, MIDNIGHT]

BLADDERWORT = card("bladderwort", "asset",
                   ["As your turn begins, you gain 1[credit]; afterwards, with 4[credit] or fewer, do 1 net damage."],
                   rez_cost=1, trash_cost=3)  # fmt: skip
VIG = card("ubiquitous_vig", "asset",
           ["You can advance this asset.", "As your turn begins, you gain 1[credit] per advancement counter here."],
           rez_cost=1, trash_cost=4)  # fmt: skip
REAPER = card("reaper_function", "asset", ["As your turn begins, you may trash it to deal 2 net damage."],
              rez_cost=3, trash_cost=2)  # fmt: skip
CHEKIST = card("chekist_scion", "asset",
               ["You can advance this asset.",
                "If the Runner accesses it in a server, they take 1 tag, plus 1 more per advancement counter here."],
               rez_cost=0, trash_cost=0)  # fmt: skip
DRAGO = card("drago_ivanov", "asset",
             ["You can advance this asset.",
              "Spend 2 advancement counters from here: the Runner takes 1 tag (only in your own turn)."],
             rez_cost=0, trash_cost=1)  # fmt: skip
GASLIGHT = card("gaslight", "asset",
                ["As your turn begins, you may trash it to fetch an operation from R&D into HQ (shown, then R&D is "
                 "shuffled)."], rez_cost=0, trash_cost=2)  # fmt: skip
SVYATOGOR = card("svyatogor_excavator", "asset",
                 ["As your turn begins, you may trash one of your other installed cards for 3[credit]."],
                 rez_cost=0, trash_cost=4)  # fmt: skip
BOREHOLE = card("superdeep_borehole", "asset",
                ["Rezzing it loads 6 bad publicity counters on it; once it holds none, you win.",
                 "As your turn begins, move 1 of them to your own bad publicity."], rez_cost=6, trash_cost=6)  # fmt: skip
VERA = card("vera_ivanovna_shuyskaya", "asset",
            ["Each time any agenda is scored or stolen, you may look at the Runner's grip openly and trash 1 card "
             "of it."], rez_cost=3, trash_cost=3)  # fmt: skip
MOON_POOL = card("moon_pool", "asset",
                 ["Remove it from the game: trash up to 2 cards of HQ, show up to 2 face-down cards of Archives and "
                  "shuffle them into R&D; per agenda shown, you may advance an installed card once."],
                 rez_cost=3, trash_cost=3)  # fmt: skip
HOSTILE = card("hostile_architecture", "asset",
               ["The first time in a turn the Runner trashes an installed card of yours (this one too), do 2 meat "
                "damage."], rez_cost=5, trash_cost=4)  # fmt: skip
ASSETS = [BLADDERWORT, VIG, REAPER, CHEKIST, DRAGO, GASLIGHT, SVYATOGOR, BOREHOLE, VERA, MOON_POOL, HOSTILE]

DJUPSTAD = card("djupstad_grid", "upgrade",
                ["Scoring an agenda from this server's root does 1 core damage.", "Only one region in a server."],
                rez_cost=4, trash_cost=4, subtypes=["region"])  # fmt: skip
MAVIRUS = card("mavirus", "upgrade",
               ["The Runner shows it when accessing it in R&D.",
                "When it is accessed you may clear every virus counter; if it is rezzed, do 1 net damage too.",
                "[trash]: Purge virus counters."], rez_cost=3, trash_cost=0)  # fmt: skip
HENDRIK = card("mr_hendrik", "upgrade",
               ["Accessed in a server: you may pay 2[credit] to do 1 core damage, unless the Runner gives up all of "
                "their remaining clicks (if any)."], rez_cost=0, trash_cost=2)  # fmt: skip
NANISIVIK = card("nanisivik_grid", "upgrade",
                 ["As the Runner approaches this server, you may flip a face-down ice of Archives face up and fire "
                  "one of its subroutines.", "Only one region in a server."],
                 rez_cost=2, trash_cost=3, subtypes=["region"])  # fmt: skip
VLADISIBIRSK = card("vladisibirsk_city_grid", "upgrade",
                    ["You can advance this upgrade.",
                     "Once a turn, spend 2 advancement counters from here: put 2 advancement counters on another "
                     "advanceable card in this server's root.", "Only one region in a server."],
                    rez_cost=3, trash_cost=4, subtypes=["region"])  # fmt: skip
YAKOV = card("yakov_erikovich_avdakov", "upgrade",
             ["Each time a card of this server's root or ice (this one too) is trashed, not while installing, you "
              "gain 2[credit]."], rez_cost=2, trash_cost=2)  # fmt: skip
UPGRADES = [DJUPSTAD, MAVIRUS, HENDRIK, NANISIVIK, VLADISIBIRSK, YAKOV]

BATHYNOMUS = card("bathynomus", "ice", ["Protecting Archives it is 3 stronger.", "[subroutine] Do 3 net damage."],
                  rez_cost=3, strength=1, subtypes=["sentry", "ap"])  # fmt: skip
ANEMONE = card("anemone", "ice",
               ["Rezzed in a run on its own server: you may trash a card of HQ to deal 2 net damage.",
                "[subroutine] Do 1 net damage."], rez_cost=3, strength=2, subtypes=["sentry", "ap"])  # fmt: skip
PULSE = card("pulse", "ice",
             ["Rezzed in a run on its own server: the Runner's clicks go down by one.",
              "[subroutine] The Runner loses 1[credit] per rezzed harmonic ice.",
              "[subroutine] The run ends unless the Runner spends a click."],
             rez_cost=3, strength=1, subtypes=["code_gate", "harmonic"])  # fmt: skip
WAVE = card("wave", "ice",
            ["Rezzed in a run on its own server: you may fetch a piece of ice from R&D into HQ (shown, then R&D is "
             "shuffled).", "[subroutine] You gain 1[credit] per rezzed harmonic ice."],
            rez_cost=2, strength=3, subtypes=["code_gate", "harmonic"])  # fmt: skip
ECHO = card("echo", "ice",
            ["Each time you rez a harmonic ice, put a power counter here.",
             "It has an end-the-run subroutine for every power counter here."],
            rez_cost=2, strength=0, subtypes=["barrier", "harmonic"])  # fmt: skip
ENVELOPMENT = card("envelopment", "ice",
                   ["When you rez this ice, place 4 power counters on it.",
                    "When your turn begins, remove 1 hosted power counter.",
                    "Ahead of its own subroutine it has an end-the-run subroutine for every power counter here.",
                    "[subroutine] This ice is trashed."], rez_cost=5, strength=5, subtypes=["barrier"])  # fmt: skip
STAVKA = card("stavka", "ice",
              ["On rez you may trash another installed card of yours; then it is 5 stronger for the rest of the run.",
               "[subroutine] Trash 1 program.", "[subroutine] Trash 1 program."],
              rez_cost=4, strength=2, subtypes=["sentry", "destroyer"])  # fmt: skip
MESTNICHESTVO = card("mestnichestvo", "ice",
                     ["You can advance this ice.",
                      "As the Runner meets it, you may spend an advancement counter from it: the Runner loses 3 "
                      "credits.", "[subroutine] The Runner loses 3[credit].", "[subroutine] End the run."],
                     rez_cost=5, strength=4, subtypes=["code_gate"])  # fmt: skip
VASILISA = card("vasilisa", "ice",
                ["As the Runner meets it, you may pay 1 credit to advance an installed card you can advance once.",
                 "[subroutine] Give the Runner 1 tag."], rez_cost=2, strength=2, subtypes=["sentry"])  # fmt: skip
VAMPYRONASSA = card("vampyronassa", "ice",
                    ["[subroutine] The Runner loses 2[credit].", "[subroutine] Gain 2[credit].",
                     "[subroutine] Do 2 net damage.", "[subroutine] You may draw one or two cards."],
                    rez_cost=7, strength=4, subtypes=["code_gate", "ap"])  # fmt: skip
ANVIL = card("anvil", "ice",
             ["(Not scripted: an encounter trade that stops breaking.)",
              "[subroutine] Gain 1[credit]. The Runner loses 1[credit].",
              "[subroutine] The Runner picks one of their installed cards and trashes it."],
             rez_cost=4, strength=3, subtypes=["code_gate"])  # fmt: skip
HAKARL = card("hakarl_1_0", "ice",
              ["(Not scripted: a rez trade that shuts off bioroid abilities.)",
               "The Runner may give up a click to break one subroutine here.",
               "[subroutine] Do 1 core damage.", "[subroutine] End the run."],
              rez_cost=5, strength=4, subtypes=["barrier", "bioroid", "ap"])  # fmt: skip
ZATO = card("zato_city_grid", "upgrade",
            ["(Not scripted: where it may be installed.)",
             "Ice protecting this server gains: as the Runner meets it, pick one of its subroutines; you may trash the "
             "ice to fire that subroutine.", "Only one region in a server."],
            rez_cost=3, trash_cost=3, subtypes=["region"])  # fmt: skip
ICE = [BATHYNOMUS, ANEMONE, PULSE, WAVE, ECHO, ENVELOPMENT, STAVKA, MESTNICHESTVO, VASILISA, VAMPYRONASSA]

OB = identity("ob_superheavy_logistics_extract_export_excel", "corp",
              ["Once a turn, as you trash a rezzed card, you may look through R&D for a card whose printed rez cost is "
               "1 lower, and install and rez it for no credits (R&D is shuffled)."], faction="weyland_consortium")  # fmt: skip
PRAVDIVOST = identity("pravdivost_consulting_political_solutions", "corp",
                      ["On the Runner's first successful run of a turn, you may advance an installed card you can "
                       "advance once."], faction="nbn")  # fmt: skip
THULE = identity("thule_subsea_safety_below", "corp",
                 ["Each time the Runner steals an agenda, do 1 core damage unless they spend a click and 2 credits."],
                 faction="haas_bioroid")  # fmt: skip
IDENTITIES = [OB, PRAVDIVOST, THULE]

EXECUTABLE = [*OPERATIONS, *AGENDAS, *ASSETS, *UPGRADES, *ICE, *IDENTITIES]
RECORDS = [*bundled(), *EXECUTABLE, ANVIL, HAKARL, ZATO]


def test_every_fully_scripted_fixture_is_executable() -> None:
    for record in EXECUTABLE:
        assert record.reading.status == "executable", record.id
    assert CHEKIST.reading.read == [0] and CHEKIST.reading.scripted == [1]
    assert ENVELOPMENT.reading.read == [0, 1] and ENVELOPMENT.reading.scripted == [2, 3]
    assert ANVIL.reading.scripted == [2] and HAKARL.reading.scripted == [1]  # their first paragraph stays unread
    assert ZATO.reading.status == "partial" and ZATO.reading.scripted == [1, 2]


# ---------------------------------------------------------------- operations


def test_nonequivalent_exchange_may_pay_both_players() -> None:
    r = play(RECORDS, ["play:nonequivalent_exchange", "yes"], active="corp",
             corp=corp(clicks=1, hand=["nonequivalent_exchange"]))  # fmt: skip
    assert r.game.corp.credits == 5 - 2 + 5 + 2 and r.game.runner.credits == 7


def test_extract_trades_an_installed_card_for_more_credits() -> None:
    r = play(RECORDS, ["play:extract", "nbn_billboard_network"], active="corp",
             corp=corp(clicks=1, hand=["extract"], servers={"remote1": remote(rezzed("nbn_billboard_network"))}))
    g = r.game
    assert g.corp.credits == 5 - 3 + 6 + 3
    assert [c.id for c in g.corp.discard] == ["nbn_billboard_network", "extract"]


def test_end_of_the_line_needs_a_tag_to_remove() -> None:
    r = play(RECORDS, [], active="corp", corp=corp(clicks=1, hand=["end_of_the_line"]))
    assert not any(o.startswith("play:end_of_the_line") for o in labels(r))
    r = play(RECORDS, ["play:end_of_the_line"], active="corp", corp=corp(clicks=1, hand=["end_of_the_line"]),
             runner=runner(tags=1, hand=GRIP * 2))  # fmt: skip
    assert r.game.runner.tags == 0 and len(r.game.runner.hand) == 2 and len(r.game.runner.discard) == 4


def _steal_then(corp_side: dict[str, Any], decisions: list[str], **runner_side: Any) -> Any:
    """The runner (1 click) steals an agenda from remote1; then the corp's turn and ``decisions``."""
    servers = {"remote1": remote("neutral_board_resolution")}
    return play(RECORDS, ["run:remote1", "continue", *decisions], active="runner",
                corp=corp(servers=servers, **corp_side), runner=runner(clicks=1, **runner_side))  # fmt: skip


def test_distributed_tracing_needs_a_steal_and_two_clicks() -> None:
    r = play(RECORDS, [], active="corp", corp=corp(clicks=3, hand=["distributed_tracing"]))
    assert not any(o.startswith("play:distributed_tracing") for o in labels(r))  # nothing was stolen
    r = _steal_then({"hand": ["distributed_tracing"]}, ["play:distributed_tracing"])
    g = r.game
    assert [c.id for c in g.runner.score_area] == ["neutral_board_resolution"]
    assert g.runner.tags == 1 and g.corp.clicks == 1 and g.corp.credits == 5 - 3


def test_big_deal_advances_scores_ends_the_phase_and_leaves_the_game() -> None:
    r = play(RECORDS, ["play:big_deal", "yes"], active="corp",
             corp=corp(clicks=3, credits=17, hand=["big_deal"],
                       servers={"remote1": remote("neutral_board_resolution")}))  # fmt: skip
    g = r.game
    assert [c.id for c in g.corp.score_area] == ["neutral_board_resolution"]
    assert [c.id for c in g.removed] == ["big_deal"] and g.corp.discard == []
    assert g.active == "runner"  # the corp's turn ended with 2 clicks unspent


def test_mutually_assured_destruction_tags_per_card_trashed() -> None:
    servers = {"remote1": remote(rezzed("nbn_billboard_network")), "remote2": remote(rezzed("nbn_press_office")),
               "remote3": remote("nbn_billboard_network")}  # fmt: skip
    r = play(RECORDS, [], active="corp", corp=corp(clicks=2, hand=["mutually_assured_destruction"], servers=servers))
    assert not any(o.startswith("play:mutually") for o in labels(r))  # three clicks in all
    r = play(RECORDS, ["play:mutually_assured_destruction", "nbn_billboard_network", "nbn_press_office"],
             active="corp", corp=corp(clicks=3, hand=["mutually_assured_destruction"], servers=servers))  # fmt: skip
    g = r.game
    assert g.runner.tags == 2 and g.corp.clicks == 0
    assert sorted(c.id for c in g.corp.discard) == ["mutually_assured_destruction", "nbn_billboard_network",
                                                    "nbn_press_office"]  # fmt: skip
    assert [c.id for c in g.installed("corp")] == ["nbn_billboard_network"]  # the unrezzed one stays


def test_shipment_spreads_four_counters_with_two_tags() -> None:
    servers = {"remote1": remote("neutral_board_resolution"), "remote2": remote("hb_neural_lattice")}
    r = play(RECORDS, [], active="corp", corp=corp(clicks=1, hand=["shipment_from_vladisibirsk"], servers=servers),
             runner=runner(tags=1))  # fmt: skip
    assert not any(o.startswith("play:shipment") for o in labels(r))
    picks = ["neutral_board_resolution"] * 3 + ["hb_neural_lattice"]
    r = play(RECORDS, ["play:shipment_from_vladisibirsk", *picks], active="corp",
             corp=corp(clicks=1, hand=["shipment_from_vladisibirsk"], servers=servers), runner=runner(tags=2))
    g = r.game
    assert g.servers["remote1"].root[0].advancement == 3 and g.servers["remote2"].root[0].advancement == 1


def test_simulation_reset_cycles_hq_through_archives() -> None:
    r = play(RECORDS, ["play:simulation_reset", "nbn_static_veil", "hb_lattice_gate",
                       "neutral_budget_reallocation", "nbn_static_veil"], active="corp",
             corp=corp(clicks=1, hand=["simulation_reset", "nbn_static_veil", "hb_lattice_gate"],
                       discard=["neutral_budget_reallocation"]))  # fmt: skip
    g = r.game
    assert [c.id for c in g.removed] == ["simulation_reset"]
    assert [c.id for c in g.corp.discard] == ["hb_lattice_gate"] and not g.corp.discard[0].faceup
    assert len(g.corp.hand) == 2 and len(g.corp.deck) == 3  # 3 + 2 shuffled in - 2 drawn
    assert sorted(c.id for c in [*g.corp.hand, *g.corp.deck]).count("neutral_budget_reallocation") == 1


def test_trust_operation_trashes_a_resource_and_rezzes_from_archives_for_free() -> None:
    r = play(RECORDS, ["play:trust_operation"], active="corp",
             corp=corp(clicks=1, hand=["trust_operation"], discard=["weyland_ore_refinery"]),
             runner=runner(tags=1, rig=[{"card": "garage_lab"}]))  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.discard] == ["garage_lab"]
    refinery = g.servers["remote1"].root[0]
    assert refinery.id == "weyland_ore_refinery" and refinery.rezzed and g.corp.credits == 5


# ---------------------------------------------------------------- agendas


def test_elivagar_bifurcation_derezzes_a_card() -> None:
    servers = {"remote1": remote({"card": "elivagar_bifurcation", "counters": {"advancement": 2}}),
               "remote2": remote(rezzed("nbn_billboard_network"))}  # fmt: skip
    r = play(RECORDS, ["score:elivagar_bifurcation", "nbn_billboard_network"], active="corp",
             corp=corp(clicks=1, servers=servers))  # fmt: skip
    g = r.game
    assert g.agenda_points("corp") == 1 and not g.servers["remote2"].root[0].rezzed


def test_hybrid_release_installs_a_face_down_card_from_archives() -> None:
    servers = {"remote1": remote({"card": "hybrid_release", "counters": {"advancement": 2}})}
    r = play(RECORDS, ["score:hybrid_release", "nbn_billboard_network"], active="corp",
             corp=corp(clicks=1, servers=servers, discard=["weyland_ore_refinery"],
                       discard_facedown=["nbn_billboard_network"]))  # fmt: skip
    g = r.game
    assert [c.id for c in g.installed("corp")] == ["nbn_billboard_network"]
    assert [c.id for c in g.corp.discard] == ["weyland_ore_refinery"]


def test_kimberlite_field_trades_a_rezzed_card_for_a_cheaper_runner_card() -> None:
    servers = {"remote1": remote({"card": "kimberlite_field", "counters": {"advancement": 4}}),
               "remote2": remote(rezzed("nbn_billboard_network"))}  # fmt: skip
    r = play(RECORDS, ["score:kimberlite_field", "nbn_billboard_network"], active="corp",
             corp=corp(clicks=1, servers=servers),
             runner=runner(rig=[{"card": "garage_lab"}, {"card": "signal_relay"}]))  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.discard] == ["signal_relay"]  # cost 1; the lab costs 4, the billboard rezzes for 2
    assert [c.id for c in g.runner.rig] == ["garage_lab"]


def test_regenesis_scores_a_face_down_agenda_only_if_archives_got_nothing() -> None:
    servers = {"remote1": remote({"card": "regenesis", "counters": {"advancement": 3}})}
    r = play(RECORDS, ["score:regenesis", "neutral_pilot_scheme"], active="corp",
             corp=corp(clicks=1, servers=servers, discard_facedown=["neutral_pilot_scheme"]))  # fmt: skip
    assert r.game.agenda_points("corp") == 2 and r.game.corp.discard == []
    r = play(RECORDS, ["play:jinteki_quiet_harvest", "score:regenesis"], active="corp",
             corp=corp(clicks=1, servers=servers, hand=["jinteki_quiet_harvest"],
                       discard_facedown=["neutral_pilot_scheme"]))  # fmt: skip
    assert r.game.agenda_points("corp") == 1 and len(r.game.corp.discard) == 2


def test_midnight_3_arcology_draws_three_and_skips_the_discard() -> None:
    servers = {"remote1": remote({"card": "midnight_3_arcology", "counters": {"advancement": 4}})}
    r = play(RECORDS, ["score:midnight_3_arcology"], active="corp",
             corp=corp(clicks=0, servers=servers, hand=["nbn_static_veil"] * 6))  # fmt: skip
    g = r.game
    assert g.active == "runner" and len(g.corp.hand) == 9 and g.corp.discard == []
    assert g.hand_size("corp") == 6  # the limit is back once the turn is over


# ---------------------------------------------------------------- assets


def _corp_turn(decisions: list[str], corp_side: dict[str, Any], **runner_side: Any) -> Any:
    """The runner has no click left: its turn ends and the corp's begins; then ``decisions``."""
    return play(RECORDS, decisions, active="runner", corp=corp(**corp_side), runner=runner(clicks=0, **runner_side))


def test_bladderwort_pays_and_bites_when_the_corp_is_poor() -> None:
    r = _corp_turn([], {"credits": 2, "servers": {"remote1": remote(rezzed("bladderwort"))}}, hand=GRIP)
    assert r.game.corp.credits == 3 and len(r.game.runner.hand) == 2
    r = _corp_turn([], {"credits": 4, "servers": {"remote1": remote(rezzed("bladderwort"))}}, hand=GRIP)
    assert r.game.corp.credits == 5 and len(r.game.runner.hand) == 3


def test_ubiquitous_vig_pays_per_advancement_counter() -> None:
    vig = rezzed("ubiquitous_vig", counters={"advancement": 3})
    r = _corp_turn([], {"servers": {"remote1": remote(vig)}})
    assert r.game.corp.credits == 8


def test_reaper_function_trashes_itself_for_net_damage() -> None:
    r = _corp_turn(["yes"], {"servers": {"remote1": remote(rezzed("reaper_function"))}}, hand=GRIP)
    g = r.game
    assert len(g.runner.hand) == 1 and [c.id for c in g.corp.discard] == ["reaper_function"]


def test_chekist_scion_tags_per_advancement_counter_when_accessed() -> None:
    servers = {"remote1": remote({"card": "chekist_scion", "counters": {"advancement": 2}})}
    r = play(RECORDS, ["run:remote1", "continue", "done"], corp=corp(servers=servers), runner=runner())
    assert r.game.runner.tags == 3


def test_drago_ivanov_spends_two_counters_for_a_tag_in_the_corps_turn() -> None:
    servers = {"remote1": remote(rezzed("drago_ivanov", counters={"advancement": 2}))}
    r = play(RECORDS, ["use:drago_ivanov/1"], active="corp", corp=corp(clicks=1, servers=servers))
    g = r.game
    assert g.runner.tags == 1 and g.servers["remote1"].root[0].advancement == 0
    r = play(RECORDS, [], corp=corp(servers=servers))  # the runner's turn: not usable
    assert r.game.actions.paid_options("corp", window="run") == []


def test_gaslight_trades_itself_for_an_operation_from_rnd() -> None:
    r = _corp_turn(["yes", "jinteki_quiet_harvest"], {"servers": {"remote1": remote(rezzed("gaslight"))},
                             "deck": ["nbn_static_veil", "jinteki_quiet_harvest", "hb_lattice_gate"]})  # fmt: skip
    g = r.game
    assert [c.id for c in g.corp.discard] == ["gaslight"]
    assert "jinteki_quiet_harvest" in [c.id for c in g.corp.hand] and len(g.corp.hand) == 2  # and the turn's draw


def test_svyatogor_excavator_trashes_another_card_for_three_credits() -> None:
    servers = {"remote1": remote(rezzed("svyatogor_excavator")), "remote2": remote("nbn_billboard_network")}
    r = _corp_turn(["nbn_billboard_network"], {"servers": servers})
    g = r.game
    assert g.corp.credits == 8 and [c.id for c in g.corp.discard] == ["nbn_billboard_network"]


def test_superdeep_borehole_loads_bad_publicity_and_wins_when_empty() -> None:
    credits = ["credit"] * 4  # the runner's turn, then the corp's begins
    r = play(RECORDS, ["rez:superdeep_borehole", *credits], active="corp",
             corp=corp(clicks=0, credits=6, servers={"remote1": remote("superdeep_borehole")}))  # fmt: skip
    g = r.game
    borehole = g.servers["remote1"].root[0]
    assert borehole.counters == {"bad_publicity": 5} and g.corp.bad_publicity == 1 and g.winner is None
    borehole.counters["bad_publicity"] = 1  # five turns later
    g.fire("your_turn_start", [borehole])
    assert g.corp.bad_publicity == 2 and g.winner == "corp"


def test_vera_trashes_a_card_of_the_grip_when_an_agenda_is_scored() -> None:
    servers = {"remote1": remote(rezzed("vera_ivanovna_shuyskaya")),
               "remote2": remote({"card": "neutral_board_resolution", "counters": {"advancement": 4}})}  # fmt: skip
    r = play(RECORDS, ["score:neutral_board_resolution", "yes", "light_fingers"], active="corp",
             corp=corp(clicks=1, servers=servers), runner=runner(hand=GRIP))  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.discard] == ["light_fingers"] and len(g.runner.hand) == 2
    assert events(r, "reveal")[0]["zone"] == "grip"


def test_moon_pool_recycles_archives_and_advances_for_agendas() -> None:
    servers = {"remote1": remote(rezzed("moon_pool")), "remote2": remote("neutral_board_resolution")}
    r = play(RECORDS, ["use:moon_pool/0", "nbn_static_veil", "neutral_pilot_scheme", "done",
                       "neutral_board_resolution"], active="corp",
             corp=corp(clicks=1, servers=servers, hand=["nbn_static_veil"],
                       discard_facedown=["neutral_pilot_scheme", "nbn_billboard_network"]))  # fmt: skip
    g = r.game
    assert [c.id for c in g.removed] == ["moon_pool"]
    assert sorted(c.id for c in g.corp.discard) == ["nbn_billboard_network", "nbn_static_veil"]
    assert "neutral_pilot_scheme" in [c.id for c in g.corp.deck] and len(g.corp.deck) == 4
    assert g.servers["remote2"].root[0].advancement == 1


def test_hostile_architecture_hurts_once_a_turn_when_installed_cards_are_trashed() -> None:
    servers = {"remote1": remote(rezzed("hostile_architecture")), "remote2": remote("nbn_billboard_network"),
               "remote3": remote("nbn_billboard_network")}  # fmt: skip
    r = play(RECORDS, ["run:remote2", "continue", "done", "trash:nbn_billboard_network", "run:remote3", "continue", "done",
                       "trash:nbn_billboard_network"], corp=corp(servers=servers),
             runner=runner(clicks=2, credits=9, hand=GRIP))  # fmt: skip
    g = r.game
    assert len([c for c in g.corp.discard if c.id == "nbn_billboard_network"]) == 2
    assert [e["amount"] for e in events(r, "damage")] == [2]  # only the first trash of the turn
    r = play(RECORDS, ["run:remote1", "continue", "done", "trash:hostile_architecture"], corp=corp(servers=servers),
             runner=runner(clicks=1, credits=9, hand=GRIP))  # fmt: skip
    assert [e["damage"] for e in events(r, "damage")] == ["meat"] and len(r.game.runner.hand) == 1
    r = play(RECORDS, ["run:hq", "continue", "trash:hostile_architecture"], corp=corp(hand=["hostile_architecture"]),
             runner=runner(clicks=1, credits=9, hand=GRIP))  # fmt: skip
    assert events(r, "damage") == []  # trashed from HQ: it was not installed


# ---------------------------------------------------------------- upgrades


def test_djupstad_grid_does_core_damage_for_agendas_scored_from_its_root() -> None:
    decisions = ["install:neutral_pilot_scheme@remote1", "advance:neutral_pilot_scheme",
                 "advance:neutral_pilot_scheme", "score:neutral_pilot_scheme"]  # fmt: skip
    r = play(RECORDS, decisions, active="corp",
             corp=corp(clicks=3, hand=["neutral_pilot_scheme"], servers={"remote1": remote(rezzed("djupstad_grid"))}),
             runner=runner(hand=GRIP))  # fmt: skip
    g = r.game
    assert g.agenda_points("corp") == 1 and g.runner.brain_damage == 1 and len(g.runner.hand) == 2
    decisions[0] = "install:neutral_pilot_scheme@new"
    r = play(RECORDS, decisions, active="corp",
             corp=corp(clicks=3, hand=["neutral_pilot_scheme"], servers={"remote1": remote(rezzed("djupstad_grid"))}),
             runner=runner(hand=GRIP))  # fmt: skip
    assert r.game.agenda_points("corp") == 1 and r.game.runner.brain_damage == 0


def test_a_second_region_in_a_server_trashes_the_first() -> None:
    servers = {"remote1": remote(rezzed("nanisivik_grid"), rezzed("yakov_erikovich_avdakov"))}
    r = play(RECORDS, ["install:djupstad_grid@remote1"], active="corp",
             corp=corp(clicks=1, hand=["djupstad_grid"], servers=servers))  # fmt: skip
    g = r.game
    assert [c.id for c in g.servers["remote1"].root] == ["yakov_erikovich_avdakov", "djupstad_grid"]
    assert [c.id for c in g.corp.discard] == ["nanisivik_grid"]
    assert g.corp.credits == 5  # trashed while installing: Yakov pays nothing


def test_mavirus_purges_and_bites_when_accessed() -> None:
    r = play(RECORDS, ["run:remote1", "continue", "done", "yes"],
             corp=corp(servers={"remote1": remote(rezzed("mavirus"))}),
             runner=runner(hand=GRIP, rig=[{"card": "hive_siphon", "counters": {"virus": 2}}]))  # fmt: skip
    g = r.game
    assert g.runner.rig[0].counters == {} and len(g.runner.hand) == 2
    r = play(RECORDS, ["run:rnd", "continue", "no"], corp=corp(deck=["mavirus", "neutral_plywood_screen"]),
             runner=runner(hand=GRIP))  # fmt: skip
    assert events(r, "reveal")[0]["zone"] == "rnd" and len(r.game.runner.hand) == 3  # not installed, not rezzed


def test_mr_hendrik_core_damage_unless_the_runner_gives_up_its_clicks() -> None:
    servers = {"remote1": remote("mr_hendrik")}
    r = play(RECORDS, ["run:remote1", "continue", "done", "yes", "yes"], corp=corp(servers=servers),
             runner=runner(clicks=3, hand=GRIP))  # fmt: skip
    g = r.game
    assert g.corp.credits == 3 and g.runner.clicks == 0 and g.runner.brain_damage == 0
    r = play(RECORDS, ["run:remote1", "continue", "done", "yes", "no"], corp=corp(servers=servers),
             runner=runner(clicks=3, hand=GRIP))  # fmt: skip
    assert r.game.runner.brain_damage == 1 and r.game.runner.clicks == 2


def test_nanisivik_grid_fires_a_subroutine_of_ice_in_archives() -> None:
    r = play(RECORDS, ["run:remote1", "continue", "hb_lattice_gate"],
             corp=corp(servers={"remote1": remote(rezzed("nanisivik_grid"))}, discard_facedown=["hb_lattice_gate"]))
    g = r.game
    assert g.corp.discard[0].faceup and events(r, "run_end")[-1]["successful"] is False


def test_vladisibirsk_city_grid_moves_two_counters_once_a_turn() -> None:
    servers = {"remote1": remote(rezzed("vladisibirsk_city_grid", counters={"advancement": 4}),
                                 "neutral_board_resolution")}  # fmt: skip
    r = play(RECORDS, ["use:vladisibirsk_city_grid/1"], active="corp", corp=corp(clicks=1, servers=servers))
    g = r.game
    grid, agenda = g.servers["remote1"].root
    assert agenda.advancement == 2 and grid.advancement == 2
    assert not any(o.startswith("use:vladisibirsk") for o in labels(r))  # once a turn


def test_yakov_pays_for_cards_trashed_from_its_server() -> None:
    servers = {"remote1": remote("nbn_billboard_network", rezzed("yakov_erikovich_avdakov"))}
    r = play(RECORDS, ["run:remote1", "continue", "done", "trash:nbn_billboard_network", "trash:yakov_erikovich_avdakov"],
             corp=corp(servers=servers), runner=runner(credits=9))  # fmt: skip
    g = r.game
    assert g.corp.credits == 5 + 2 + 2 and len(g.corp.discard) == 2


def test_zato_city_grid_trades_the_ice_for_its_subroutine() -> None:
    servers = {"remote1": remote(rezzed("zato_city_grid"), ice=[rezzed("jinteki_needle_choir")])}
    r = play(RECORDS, ["run:remote1", "yes"], corp=corp(servers=servers), runner=runner(hand=GRIP))
    g = r.game
    assert g.servers["remote1"].ice == [] and [c.id for c in g.corp.discard] == ["jinteki_needle_choir"]
    assert [e["amount"] for e in events(r, "damage")] == [2]  # resolved once, by the grid
    r = play(RECORDS, ["run:remote1", "no"], corp=corp(servers=servers), runner=runner(hand=GRIP))
    assert len(r.game.servers["remote1"].ice) == 1 and [e["amount"] for e in events(r, "damage")] == [2]


# ---------------------------------------------------------------- ice


def test_bathynomus_is_stronger_protecting_archives() -> None:
    r = play(RECORDS, [], corp=corp(servers={"archives": remote(ice=[rezzed("bathynomus")]),
                                             "hq": remote(ice=[rezzed("bathynomus")])}))  # fmt: skip
    g = r.game
    assert g.strength_of(g.servers["archives"].ice[0]) == 4 and g.strength_of(g.servers["hq"].ice[0]) == 1


def test_anemone_trades_a_card_of_hq_for_net_damage_when_rezzed_in_a_run() -> None:
    r = play(RECORDS, ["run:remote1", "rez:anemone", "nbn_static_veil", "done"],
             corp=corp(hand=["nbn_static_veil"], servers={"remote1": remote("nbn_billboard_network", ice=["anemone"])}),
             runner=runner(hand=GRIP * 2))  # fmt: skip
    g = r.game
    assert [c.id for c in g.corp.discard] == ["nbn_static_veil"]
    assert [e["amount"] for e in events(r, "damage")] == [2, 1]  # the rez, then its subroutine


def test_pulse_takes_clicks_and_credits() -> None:
    servers = {"remote1": remote("nbn_billboard_network", ice=["pulse"]), "hq": remote(ice=[rezzed("wave")])}
    r = play(RECORDS, ["run:remote1", "rez:pulse", "done", "yes"], corp=corp(servers=servers),
             runner=runner(clicks=3, credits=5))  # fmt: skip
    g = r.game
    assert g.runner.credits == 3 and g.runner.clicks == 0  # the run, the rez, the second subroutine
    assert g.current_run is not None and not g.current_run.ended
    r = play(RECORDS, ["run:remote1", "rez:pulse", "done", "no"], corp=corp(servers=servers),
             runner=runner(clicks=3, credits=5))  # fmt: skip
    assert r.game.runner.clicks == 1 and events(r, "run_end")[-1]["successful"] is False


def test_wave_fetches_ice_and_pays_per_harmonic_ice() -> None:
    r = play(RECORDS, ["run:remote1", "rez:wave", "yes", "done"],
             corp=corp(servers={"remote1": remote("nbn_billboard_network", ice=["wave"])},
                       deck=["jinteki_quiet_harvest", "hb_lattice_gate"]))  # fmt: skip
    g = r.game
    assert [c.id for c in g.corp.hand] == ["hb_lattice_gate"]
    assert g.corp.credits == 5 - 2 + 1


def test_echo_counts_harmonic_rezzes_as_end_the_run_subroutines() -> None:
    r = play(RECORDS, ["run:hq", "rez:echo"], corp=corp(servers={"hq": remote(ice=["echo"])}))
    g = r.game
    assert g.servers["hq"].ice[0].counters == {"power": 1}
    assert events(r, "run_end")[-1]["successful"] is False


def test_envelopment_ends_the_run_per_counter_before_trashing_itself() -> None:
    r = play(RECORDS, ["run:hq"], corp=corp(servers={"hq": remote(ice=[rezzed("envelopment",
                                                                              counters={"power": 2})])}))  # fmt: skip
    assert [e["index"] for e in events(r, "subroutine")] == [1] and events(r, "run_end")[-1]["successful"] is False
    r = play(RECORDS, ["run:hq"], corp=corp(servers={"hq": remote(ice=[rezzed("envelopment")])}))
    assert [c.id for c in r.game.corp.discard] == ["envelopment"] and r.game.servers["hq"].ice == []


def test_stavka_grows_for_the_run_when_it_trashes_a_card() -> None:
    servers = {"remote1": remote(rezzed("nbn_billboard_network"), ice=["stavka"]),
               "remote2": remote("neutral_board_resolution")}  # (one asset or agenda a remote)
    r = play(RECORDS, ["run:remote1", "rez:stavka", "nbn_billboard_network"], corp=corp(servers=servers))
    g = r.game
    stavka = g.servers["remote1"].ice[0]
    assert events(r, "encounter")[0]["strength"] == 7 and g.strength_of(stavka) == 7
    assert [c.id for c in g.corp.discard] == ["nbn_billboard_network"]
    r = play(RECORDS, ["run:remote1", "rez:stavka", "nbn_billboard_network", "continue"], corp=corp(servers=servers))
    g = r.game
    assert g.current_run is None and g.strength_of(g.servers["remote1"].ice[0]) == 2  # the run is over


def test_mestnichestvo_spends_a_counter_to_drain_the_runner() -> None:
    ice = rezzed("mestnichestvo", counters={"advancement": 1})
    r = play(RECORDS, ["run:hq", "yes"], corp=corp(servers={"hq": remote(ice=[ice])}), runner=runner(credits=8))
    g = r.game
    assert g.runner.credits == 8 - 3 - 3 and g.servers["hq"].ice[0].advancement == 0


def test_vasilisa_pays_to_advance_a_card() -> None:
    servers = {"hq": remote(ice=[rezzed("vasilisa")]), "remote1": remote("neutral_board_resolution")}
    r = play(RECORDS, ["run:hq", "yes"], corp=corp(servers=servers))
    g = r.game
    assert g.corp.credits == 4 and g.servers["remote1"].root[0].advancement == 1 and g.runner.tags == 1


def test_vampyronassa_lets_the_corp_draw_up_to_two() -> None:
    r = play(RECORDS, ["run:hq", "2"], corp=corp(servers={"hq": remote(ice=[rezzed("vampyronassa")])}),
             runner=runner(hand=GRIP))  # fmt: skip
    g = r.game
    assert len(g.corp.hand) == 2 and g.corp.credits == 7 and g.runner.credits == 3


def test_anvil_makes_the_runner_trash_one_of_its_cards() -> None:
    r = play(RECORDS, ["run:hq"], corp=corp(servers={"hq": remote(ice=[rezzed("anvil")])}),
             runner=runner(rig=[{"card": "signal_relay"}]))  # fmt: skip
    assert [c.id for c in r.game.runner.discard] == ["signal_relay"] and r.game.corp.credits == 6


def test_hakarl_can_be_broken_with_a_click() -> None:
    r = play(RECORDS, ["run:hq", "clickbreak:hakarl_1_0", "sub:2", "done"],
             corp=corp(servers={"hq": remote(ice=[rezzed("hakarl_1_0")])}), runner=runner(clicks=3, hand=GRIP))
    g = r.game
    assert g.runner.clicks == 1 and g.runner.brain_damage == 1 and events(r, "break")


# ---------------------------------------------------------------- identities


def test_ob_superheavy_installs_and_rezzes_a_cheaper_card_when_a_rezzed_card_is_trashed() -> None:
    r = play([*RECORDS], ["play:extract", "nbn_billboard_network", "yes"], active="corp",
             corp=corp(identity=OB.id, clicks=1, hand=["extract"],
                       servers={"remote1": remote(rezzed("nbn_billboard_network"))},
                       deck=["neutral_plywood_screen", "hb_diagnostic_bay", "weyland_ore_refinery"]))  # fmt: skip
    g = r.game
    bay = [c for c in g.installed("corp") if c.id == "hb_diagnostic_bay"]
    assert bay and bay[0].rezzed and g.corp.credits == 5 - 3 + 6 + 3
    assert len(g.corp.deck) + len(g.corp.hand) == 2  # (the bay draws 2 as the turn ends with HQ empty)


def test_pravdivost_advances_on_the_first_successful_run_of_the_turn() -> None:
    servers = {"remote1": remote("neutral_board_resolution")}
    r = play(RECORDS, ["run:hq", "continue", "neutral_board_resolution", "run:hq", "continue"],
             corp=corp(identity=PRAVDIVOST.id, servers=servers), runner=runner(clicks=3))  # fmt: skip
    g = r.game
    assert g.servers["remote1"].root[0].advancement == 1
    assert len(events(r, "run_end")) == 2


def test_thule_subsea_core_damage_unless_the_runner_pays_a_click_and_credits() -> None:
    servers = {"remote1": remote("neutral_board_resolution")}
    r = play(RECORDS, ["run:remote1", "continue", "yes"], corp=corp(identity=THULE.id, servers=servers),
             runner=runner(clicks=2, hand=GRIP))  # fmt: skip
    g = r.game
    assert g.runner.clicks == 0 and g.runner.credits == 3 and g.runner.brain_damage == 0
    r = play(RECORDS, ["run:remote1", "continue", "no"], corp=corp(identity=THULE.id, servers=servers),
             runner=runner(clicks=2, hand=GRIP))  # fmt: skip
    assert r.game.runner.brain_damage == 1
