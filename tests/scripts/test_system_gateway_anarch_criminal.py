"""The System Gateway Anarch and Criminal card scripts, each played through a scenario that checks what changes."""

from __future__ import annotations

from typing import Any

import pytest

from toolkit.importers.nrdb_text import read_card
from toolkit.models import RECORD_ADAPTER

from .kit import bundled, card, card_in, events, labels, play

BUZZSAW = card(
    "buzzsaw",
    "program",
    ["Interface → 1[credit]: break a code gate subroutine, and then one more if you like.",
     "3[credit]: +1 strength."],  # fmt: skip
    subtypes=["icebreaker", "decoder"], cost=4, strength=3, memory_cost=1,
)  # fmt: skip
CLEAVER = card(
    "cleaver",
    "program",
    ["Interface → 1[credit]: break a barrier subroutine, and then one more if you like.",
     "2[credit]: +1 strength."],  # fmt: skip
    subtypes=["icebreaker", "fracter"], cost=3, strength=3, memory_cost=1,
)  # fmt: skip
MARJANAH = card(
    "marjanah",
    "program",
    ["Interface → 2[credit]: break one barrier subroutine; 1[credit] less once you have had a successful run "
     "this turn.",
     "1[credit]: +1 strength."],  # fmt: skip
    subtypes=["icebreaker", "fracter"], cost=0, strength=1, memory_cost=1,
)  # fmt: skip
BOTULUS = card(
    "botulus",
    "program",
    ["Goes on an installed piece of ice and nowhere else; it is trashed along with that ice.",
     "A virus counter is added here on install and at the start of each of your turns.",
     "Spend a virus counter from here: break one subroutine of the ice this program sits on."],
    subtypes=["virus", "trojan"], cost=2, memory_cost=1,
)  # fmt: skip
TRANQUILIZER = card(
    "tranquilizer",
    "program",
    ["Goes on an installed piece of ice and nowhere else; it is trashed along with that ice.",
     "A virus counter is added here on install and at the start of each of your turns; with 3 or more here "
     "after that, the host ice turns face down."],
    subtypes=["virus", "trojan"], cost=2, memory_cost=1,
)  # fmt: skip
FERMENTER = card(
    "fermenter",
    "program",
    ["A virus counter is added here on install and at the start of each of your turns.",
     "[click], [trash]: 2[credit] for every virus counter this program had."],
    subtypes=["virus"], cost=1, memory_cost=1,
)  # fmt: skip
LEECH = card(
    "leech",
    "program",
    ["When you make a successful run on a central server, place 1 virus counter on this program.",
     "Spend a virus counter from here: the ice being encountered has 1 less strength until the encounter ends."],
    subtypes=["virus"], cost=1, memory_cost=1,
)  # fmt: skip
COOKBOOK = card(
    "cookbook",
    "resource",
    ["Each time a virus program of yours is installed, you can add 1 virus counter to it."],
    subtypes=["virtual"], cost=1, unique=True,
)  # fmt: skip
CARNIVORE = card(
    "carnivore",
    "hardware",
    ["+1[mu]",
     "Once a turn, while you access a card: put 2 cards of your grip in the heap to trash that card.",
     "You may have only one console installed."],
    subtypes=["console"], cost=4, unique=True,
)  # fmt: skip
PENNYSHAVER = card(
    "pennyshaver",
    "hardware",
    ["+1[mu]",
     "Whenever you make a successful run, place 1[credit] on this hardware.",
     "[click]: add 1[credit] here, then collect every credit here.",
     "You may have only one console installed."],
    subtypes=["console"], cost=3, unique=True,
)  # fmt: skip
DOCKLANDS = card(
    "docklands_pass",
    "hardware",
    ["Your first breach of HQ in a turn lets you access one card more."],
    cost=2, unique=True,
)  # fmt: skip
MUTUAL_FAVOR = card(
    "mutual_favor",
    "event",
    ["Find an icebreaker in your stack and show it, then shuffle the stack. Had you a successful run this turn, "
     "you can install it; otherwise (or if you do not) it goes to your grip."],
    cost=0,
)  # fmt: skip
WILDCAT = card(
    "wildcat_strike",
    "event",
    ["The Corp picks one for you: 6[credit], or 4 cards drawn."],
    cost=2,
)  # fmt: skip


def identity(card_id: str, english: list[str], **fields: Any) -> Any:
    """A fixture identity of ``card_id`` (our own ``english`` paragraphs, read as the import reads them)."""
    reading = read_card(english, "identity", card_id=card_id)
    data = {
        "game": "netrunner", "kind": "identity", "set": "dossier_demo", "id": card_id, "side": "runner",
        "faction": "criminal", "subtypes": [], "base_link": 0, "influence_limit": 15, "min_deck_size": 40,
        "name": {"zh-Hans": card_id, "en": card_id}, "text": reading.texts(), "printed_text": {"en": english},
        "reading": reading.record(), **fields,
    }  # fmt: skip
    return RECORD_ADAPTER.validate_python(data)


ZAHYA = identity(
    "zahya_sadeghi_versatile_smuggler",
    ["Once a turn, as a run on HQ or R&D finishes, you can take 1[credit] per card you accessed in it."],
    subtypes=["cyborg"],
)
CARMEN = card(
    "carmen",
    "program",
    ["After a successful run this turn, installing this costs 2[credit] less.",
     "Interface → 1[credit]: Break 1 <strong>sentry</strong> subroutine.",
     "2[credit]: +3 strength."],  # fmt: skip
    subtypes=["icebreaker", "killer"], cost=5, strength=2, memory_cost=1, faction="criminal",
)  # fmt: skip
TREAD_LIGHTLY = card(
    "tread_lightly",
    "event",
    ["Run a server of your choice; while that run lasts, rezzing ice costs 3[credit] more."],
    subtypes=["run"], cost=1, faction="criminal",
)  # fmt: skip
RENE = identity(
    "rene_loup_arcemont_party_animal",
    ["Your first trash each turn of a card you are accessing brings 1[credit] and a card."],
    faction="anarch", subtypes=["g_mod"],
)  # fmt: skip
SCRIPTED = [BUZZSAW, CLEAVER, MARJANAH, BOTULUS, TRANQUILIZER, FERMENTER, LEECH, COOKBOOK, PENNYSHAVER, DOCKLANDS,
            MUTUAL_FAVOR, WILDCAT, ZAHYA, CARNIVORE, CARMEN, TREAD_LIGHTLY, RENE]  # fmt: skip
RECORDS = [*bundled(), *SCRIPTED]
CORP_DECK = {"deck": ["neutral_emergency_audit"] * 5}
QUIET = {"identity": "ada_voss_tinker"}  # a runner identity without a trigger of its own at the turn's start


@pytest.mark.parametrize("record", SCRIPTED, ids=lambda r: r.id)
def test_every_fixture_is_executable(record: Any) -> None:
    assert record.reading.status == "executable"
    assert record.reading.scripted


# ---------------------------------------------------------------- icebreakers


def test_buzzsaw_breaks_two_code_gate_subroutines_for_one_credit() -> None:
    corp = {"hand": ["neutral_emergency_audit"],
            "servers": {"hq": {"ice": [{"card": "hb_archivist_mk2", "rezzed": True}]}}}  # fmt: skip
    r = play(RECORDS, ["run:hq", "boost:buzzsaw/1", "use:buzzsaw/0", "sub:2", "yes", "continue"],
             corp=corp, runner={"rig": [{"card": "buzzsaw"}], "credits": 5})  # fmt: skip
    g = r.game
    assert g.runner.credits == 1  # 5 - 3 (boost) - 1 (two breaks)
    assert g.runner.clicks == 3  # the lose-a-click subroutine was broken
    assert [e["index"] for e in events(r, "break")] == [2, 1]
    assert events(r, "run_end")[-1]["successful"] is True


def test_cleaver_may_stop_after_one_break() -> None:
    corp = {"hand": ["neutral_emergency_audit"],
            "servers": {"hq": {"ice": [{"card": "jinteki_bramble_screen", "rezzed": True}]}}}  # fmt: skip
    r = play(RECORDS, ["run:hq", "use:cleaver/0", "sub:2", "no", "done", "continue"],
             corp=corp, runner={"rig": [{"card": "cleaver"}], "hand": ["overnight_takeout"], "credits": 5})  # fmt: skip
    g = r.game
    assert g.runner.credits == 4
    assert [e["index"] for e in events(r, "break")] == [2]
    assert [c.id for c in g.runner.discard] == ["overnight_takeout"]  # the net damage subroutine fired
    assert events(r, "run_end")[-1]["successful"] is True


def test_cleaver_is_not_offered_against_other_ice() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "neutral_checksum_gate", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq"], corp=corp, runner={"rig": [{"card": "cleaver"}]})
    assert not any(label.startswith("use:cleaver") for label in labels(r))


def test_marjanah_costs_one_credit_less_after_a_successful_run() -> None:
    corp = {"hand": ["neutral_emergency_audit"],
            "servers": {"hq": {"ice": [{"card": "neutral_plywood_screen", "rezzed": True}]}}}  # fmt: skip
    runner = {"rig": [{"card": "marjanah"}], "credits": 5}
    first = play(RECORDS, ["run:hq", "use:marjanah/0", "continue"], corp=corp, runner=runner)
    assert first.game.runner.credits == 3
    assert events(first, "break")
    later = play(RECORDS, ["run:archives", "continue", "run:hq", "use:marjanah/0", "continue"],
                 corp=corp, runner=runner)  # fmt: skip
    assert later.game.runner.credits == 4
    assert [e["successful"] for e in events(later, "run_end")] == [True, True]


# ---------------------------------------------------------------- viruses


def test_botulus_goes_on_ice_and_spends_a_counter_to_break_its_subroutine() -> None:
    corp = {"hand": ["neutral_emergency_audit"],
            "servers": {"hq": {"ice": [{"card": "hb_lattice_gate", "rezzed": True}]}}}  # fmt: skip
    r = play(RECORDS, ["install:botulus", "run:hq", "use:botulus/2", "continue"],
             corp=corp, runner={"hand": ["botulus"], "credits": 5})  # fmt: skip
    g = r.game
    botulus = card_in(r, g.runner.rig, "botulus")
    ice = g.servers["hq"].ice[0]
    assert botulus.host is ice and botulus in ice.hosted
    assert botulus.counters == {}  # placed on install, spent on the break
    assert g.runner.credits == 3
    assert events(r, "break") and events(r, "run_end")[-1]["successful"] is True
    g.trash(ice, "test", by="runner")
    assert card_in(r, g.runner.discard, "botulus") is not None


def test_botulus_needs_a_piece_of_ice() -> None:
    r = play(RECORDS, [], runner={"hand": ["botulus"], "credits": 5})
    assert not any(label.startswith("install:botulus") for label in labels(r))


def test_tranquilizer_with_cookbook_derezzes_its_host_when_the_third_counter_comes() -> None:
    corp = {**CORP_DECK, "servers": {"hq": {"ice": [{"card": "hb_lattice_gate", "rezzed": True}]}}}
    r = play(RECORDS, ["install:tranquilizer", "yes", "credit", "credit", "credit"],
             corp=corp, runner={**QUIET, "hand": ["tranquilizer"], "rig": [{"card": "cookbook"}], "clicks": 1})  # fmt: skip
    g = r.game
    tranquilizer = card_in(r, g.runner.rig, "tranquilizer")
    assert tranquilizer.counters == {"virus": 3}  # install, Cookbook, the turn's start
    assert g.servers["hq"].ice[0].rezzed is False
    assert g.active == "runner" and r.pending is not None


def test_cookbook_may_be_declined_and_ignores_other_programs() -> None:
    r = play(RECORDS, ["install:fermenter", "no", "install:cleaver"],
             runner={"hand": ["fermenter", "cleaver"], "rig": [{"card": "cookbook"}], "credits": 5})  # fmt: skip
    g = r.game
    assert card_in(r, g.runner.rig, "fermenter").counters == {"virus": 1}
    assert card_in(r, g.runner.rig, "cleaver").counters == {}
    assert g.runner.clicks == 2


def test_fermenter_grows_each_turn_and_cashes_in() -> None:
    r = play(RECORDS, ["install:fermenter", "credit", "credit", "credit", "use:fermenter/2"],
             corp=CORP_DECK, runner={**QUIET, "hand": ["fermenter"], "clicks": 1, "credits": 5})  # fmt: skip
    g = r.game
    assert card_in(r, g.runner.discard, "fermenter") is not None
    assert g.runner.credits == 4 + 2 * 2  # 5 - 1 (install) + 2 counters x 2
    assert g.runner.clicks == 3


def test_leech_lowers_the_encountered_ice_for_the_encounter_only() -> None:
    corp = {"hand": ["neutral_emergency_audit"],
            "servers": {"hq": {"ice": [{"card": "hb_lattice_gate", "rezzed": True}]}}}  # fmt: skip
    runner = {"rig": [{"card": "leech", "counters": {"virus": 1}}, {"card": "wildcard_key"}], "credits": 5}
    r = play(RECORDS, ["run:hq", "use:leech/1", "break:wildcard_key/0", "continue"], corp=corp, runner=runner)
    g = r.game
    ice = g.servers["hq"].ice[0]
    assert g.strength_of(ice) == 2 and ice.strength_bonus == 0
    assert g.runner.credits == 3  # the break only: no boost was needed
    assert [e["delta"] for e in events(r, "strength")] == [-1, 1]
    assert card_in(r, g.runner.rig, "leech").counters == {"virus": 1}  # spent, then one for the central run


# ---------------------------------------------------------------- hardware


def test_carnivore_keeps_its_memory_and_trashes_an_accessed_card_for_two_grip_cards() -> None:
    assert CARNIVORE.reading.read == [0] and CARNIVORE.reading.scripted == [1, 2]
    r = play(RECORDS, ["install:carnivore"], runner={"hand": ["carnivore"], "credits": 5})
    assert r.game.memory_limit() == 4 + 1 + 1 and r.game.runner.credits == 1
    hand = ["light_fingers", "spark_of_insight", "gray_rat"]
    r2 = play(RECORDS, ["run:rnd", "continue", "yes", "light_fingers", "spark_of_insight", "run:rnd", "continue"],
              corp={"deck": ["neutral_pilot_scheme", "neutral_board_resolution", "neutral_emergency_audit"]},
              runner={"rig": [{"card": "carnivore"}], "hand": hand})  # fmt: skip
    g = r2.game
    assert card_in(r2, g.corp.discard, "neutral_pilot_scheme") is not None  # trashed, not stolen
    assert [c.id for c in g.runner.hand] == ["gray_rat"] and len(g.runner.discard) == 2
    assert [c.id for c in g.runner.score_area] == ["neutral_board_resolution"]  # once a turn: the second is stolen


def test_only_one_console() -> None:
    r = play(RECORDS, [], runner={"rig": [{"card": "soldered_deck"}], "hand": ["pennyshaver", "carnivore"],
                                  "credits": 9})  # fmt: skip
    assert not any(label.startswith(("install:pennyshaver", "install:carnivore")) for label in labels(r))
    free = play(RECORDS, [], runner={"hand": ["pennyshaver"], "credits": 9})
    assert any(label.startswith("install:pennyshaver") for label in labels(free))


def test_pennyshaver_pays_out_what_it_holds_plus_one() -> None:
    r = play(RECORDS, ["run:archives", "continue", "use:pennyshaver/2"],
             runner={"rig": [{"card": "pennyshaver", "credits": 2}], "credits": 5})  # fmt: skip
    g = r.game
    assert g.runner.credits == 5 + 4  # 2 held + 1 for the successful run + 1 placed
    assert card_in(r, g.runner.rig, "pennyshaver").credits == 0
    assert g.runner.clicks == 2


def test_docklands_pass_adds_an_access_on_the_first_hq_breach_only() -> None:
    corp = {"hand": ["neutral_emergency_audit"] * 4}
    r = play(RECORDS, ["run:hq", "continue", "run:hq", "continue"], corp=corp,
             runner={"rig": [{"card": "docklands_pass"}]})  # fmt: skip
    accessed = [e for e in events(r, "access") if "card" in e]
    assert len(accessed) == 3  # 2 in the first run, 1 in the second


# ---------------------------------------------------------------- events


def test_mutual_favor_adds_the_icebreaker_to_the_grip_without_a_successful_run() -> None:
    r = play(RECORDS, ["play:mutual_favor", "sleeve_blade"],
             runner={"hand": ["mutual_favor"], "deck": ["overnight_takeout", "cog_key", "sleeve_blade"]})  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.hand] == ["sleeve_blade"]
    assert sorted(c.id for c in g.runner.deck) == ["cog_key", "overnight_takeout"]
    assert not any(c.id == "sleeve_blade" for c in g.runner.rig)


def test_mutual_favor_may_install_after_a_successful_run() -> None:
    r = play(RECORDS, ["run:archives", "continue", "play:mutual_favor", "cog_key", "yes"],
             runner={"hand": ["mutual_favor"], "deck": ["cog_key", "sleeve_blade"], "credits": 5})  # fmt: skip
    g = r.game
    assert card_in(r, g.runner.rig, "cog_key") is not None
    assert g.runner.credits == 1 and not g.runner.hand


@pytest.mark.parametrize(("pick", "credits", "hand"), [("credits", 9, 0), ("cards", 3, 4)])
def test_wildcat_strike_is_the_corps_choice(pick: str, credits: int, hand: int) -> None:
    r = play(RECORDS, ["play:wildcat_strike", pick],
             runner={"hand": ["wildcat_strike"], "deck": ["overnight_takeout"] * 5, "credits": 5})  # fmt: skip
    assert r.game.runner.credits == credits
    assert len(r.game.runner.hand) == hand


# ---------------------------------------------------------------- identities


def test_zahya_gains_per_access_once_a_turn_and_a_decline_keeps_it() -> None:
    corp = {"hand": ["neutral_emergency_audit"] * 3, "deck": ["neutral_emergency_audit"] * 3}
    runner = {"identity": "zahya_sadeghi_versatile_smuggler", "rig": [{"card": "docklands_pass"}], "credits": 5}
    r = play(RECORDS, ["run:hq", "continue", "no", "run:rnd", "continue", "yes", "run:hq", "continue"],
             corp=corp, runner=runner)  # fmt: skip
    g = r.game
    assert g.runner.credits == 5 + 1  # declined the 2 of the HQ run, took the 1 of the R&D run
    assert g.runner.clicks == 1
    assert labels(r) and "yes" not in labels(r)


def test_carmen_is_cheaper_after_a_successful_run() -> None:
    r = play(RECORDS, [], runner={"hand": ["carmen"], "credits": 4})
    assert "install:carmen" not in [label.split("#")[0] for label in labels(r)]
    r2 = play(RECORDS, ["run:archives", "continue", "install:carmen"], runner={"hand": ["carmen"], "credits": 4})
    assert card_in(r2, r2.game.runner.rig, "carmen") is not None and r2.game.runner.credits == 1


def test_tread_lightly_makes_ice_dearer_to_rez_during_its_run_only() -> None:
    corp = {"credits": 4, "hand": ["neutral_emergency_audit"],
            "servers": {"hq": {"ice": [{"card": "jinteki_bramble_screen"}]}}}  # fmt: skip
    r = play(RECORDS, ["play:tread_lightly", "hq"], corp=corp, runner={"hand": ["tread_lightly"]})
    assert r.pending is not None and r.pending.kind == "jack_out"  # no rez offered: 3 + 3 is more than 4
    assert r.game.rez_cost(r.game.servers["hq"].ice[0]) == 6
    r2 = play(RECORDS, ["play:tread_lightly", "hq", "continue"], corp=corp, runner={"hand": ["tread_lightly"]})
    assert r2.game.rez_cost(r2.game.servers["hq"].ice[0]) == 3 and r2.game.run_history[-1][2]


def test_rene_loup_pays_for_the_first_trash_while_accessing() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "nbn_billboard_network"}]},
                        "remote2": {"root": [{"card": "nbn_press_office"}]}}}  # fmt: skip
    runner = {"identity": "rene_loup_arcemont_party_animal", "credits": 9, "deck": ["light_fingers", "gray_rat"]}
    r = play(RECORDS, ["run:remote1", "continue", "done", "trash:nbn_billboard_network", "run:remote2", "continue",
                       "done", "trash:nbn_press_office"], corp=corp, runner=runner)  # fmt: skip
    g = r.game
    assert g.runner.credits == 9 - 2 + 1 - 3 and [c.id for c in g.runner.hand] == ["light_fingers"]
