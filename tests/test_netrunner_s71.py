"""Stop 71's Netrunner engine fixes (found by a read-only sweep of the engine against seed 001 and N1–N12):

1. The corp's log numbered R&D accesses by where each card was at its access: a card stolen (or trashed) before
   left the deck, so the next was told as the same depth again ("card 2", "card 2"). Each is told by its depth as
   the breach began.
2. A corp's install label naming no server (``install:hb_lattice_gate``) was taken as ``…@hq``: ``@hq`` was read as
   the runner's "a card seen in HQ" place. After a card's number it is the server the card goes to: such a label is
   refused with the options.
3. The state JSON said the runner's installed cards and both identities were face down (``faceup`` false). It says
   face up for every card the table sees face up, and false for face-down corp cards.
4. A face-down piece of ice was offered to the runner as "a face-down card in HQ" (HQ is also the corp's hand): an
   installed card says where it is installed.
5. The discard down to the hand size gave "discarded" as its reason: it is "over hand size".
6. A game ending at the turn limit logged no reason in its last entry (``simulation_end``).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.conftest import CARDS, ROOT
from tests.scripts.kit import bundled, events, play
from toolkit.catalog import load_catalog
from toolkit.cli.app import app
from toolkit.decks import NameIndex, read_deck
from toolkit.engine.core import EngineError
from toolkit.engine.decisions import Decision, Option
from toolkit.engine.netrunner.scenario import ScenarioError, run_scenario
from toolkit.engine.simulate import simulate_netrunner
from toolkit.models.scenario import Scenario

RECORDS = bundled()
CORP, RUNNER = 1, 2
FINGERS = "vera_fingers_thorne"
HB = "hb_tireless_hands"


# ---------------------------------------------------------------- 1. R&D accesses numbered by their depth


def test_the_corp_is_told_each_r_and_d_access_by_its_depth_when_the_breach_began() -> None:
    """The sweep's repro: Layer Sweep (3 accesses) on R&D whose 2nd card is an agenda the runner steals; the 3rd card
    is told to the corp as card 3 (it was "card 2" again: the stolen agenda had left the deck)."""
    deck = ["neutral_emergency_audit", "neutral_pilot_scheme", "hb_lattice_gate", "neutral_board_resolution"]
    r = play(RECORDS, ["play:layer_sweep", "continue"], corp={"identity": HB, "credits": 5, "deck": deck},
             runner={"identity": FINGERS, "credits": 10, "clicks": 4, "hand": ["layer_sweep"]})  # fmt: skip
    told = [e.data["card"] for e in r.game.seen_log(CORP) if e.kind == "access" and "card" in e.data]
    assert [p.fields["n"] for p in told] == [1, 2, 3]
    assert [p.message for p in told] == ["card {n} from the top of {zone}"] * 3
    seen = [e.data["card"] for e in r.game.seen_log(RUNNER) if e.kind == "access" and "card" in e.data]
    assert [str(s) for s in seen] == ["紧急审计", "试点方案", "格栅闸门"]  # (the runner's: the real order)
    assert [e["points"] for e in events(r, "steal")] == [1]


def test_a_card_trashed_on_access_does_not_shift_the_depth_of_the_next() -> None:
    """The same with a card the runner trashes (an asset of R&D): the card after it is still told by its depth."""
    deck = ["neutral_emergency_audit", "hb_capacitor_bank", "hb_lattice_gate", "neutral_board_resolution"]
    r = play(RECORDS, ["play:layer_sweep", "continue", "trash:hb_capacitor_bank"],
             corp={"identity": HB, "credits": 5, "deck": deck},
             runner={"identity": FINGERS, "credits": 10, "clicks": 4, "hand": ["layer_sweep"]})  # fmt: skip
    assert [c.id for c in r.game.corp.discard] == ["hb_capacitor_bank"]
    told = [e.data["card"] for e in r.game.seen_log(CORP) if e.kind == "access" and "card" in e.data]
    assert [p.fields["n"] for p in told] == [1, 2, 3]


# ---------------------------------------------------------------- 2. an install label with no server

ICE_COST = {
    "identity": HB, "credits": 5, "clicks": 3, "deck": ["neutral_emergency_audit"],
    "hand": ["hb_lattice_gate", "weyland_ore_refinery", "neutral_pilot_scheme"],
    "servers": {"hq": {"ice": [{"card": "neutral_plywood_screen"}, {"card": "neutral_checksum_gate"}]},
                "remote1": {"root": [{"card": "hb_capacitor_bank"}]}},
}  # fmt: skip


@pytest.mark.parametrize("label", ["install:hb_lattice_gate", "install:hb_lattice_gate+trash"])
def test_an_install_label_naming_no_server_is_refused_with_the_options(label: str) -> None:
    """The sweep's repro: the corp's ``install:hb_lattice_gate`` installed it in HQ, unasked (HQ was the first
    option): the label names no server; it is refused, the options listed."""
    with pytest.raises((EngineError, ScenarioError)) as caught:
        play(RECORDS, [label], active="corp", corp=ICE_COST, runner={"identity": FINGERS, "credits": 10})
    assert "install:hb_lattice_gate#3@hq" in str(caught.value) and "install:hb_lattice_gate#3@rnd" in str(caught.value)


@pytest.mark.parametrize(("label", "server"), [("install:hb_lattice_gate@hq", "hq"),
                                               ("install:hb_lattice_gate@rnd", "rnd")])  # fmt: skip
def test_an_install_label_naming_its_server_without_the_card_s_number_installs_there(label: str, server: str) -> None:
    r = play(RECORDS, [label], active="corp", corp=ICE_COST, runner={"identity": FINGERS, "credits": 10})
    assert [e["server"] for e in events(r, "install")] == [server]


def _decision(*labels: str) -> Decision:
    return Decision(2, "target", "pick", [Option(label, label, label) for label in labels])


@pytest.mark.parametrize(("label", "found"), [
    ("access:ice_wall", "access:ice_wall@hq"),  # the runner's card seen in HQ, by its id alone
    ("trash:ice_wall", "trash:ice_wall@rnd:2"),  # …in R&D
    ("trash:sure_gamble", "trash:sure_gamble@grip"),  # the corp's runner card seen in the grip
    ("trash:sure_gamble", "trash:sure_gamble@stack:1~2"),  # …in the stack, a second copy
    ("install:ice_wall@hq", "install:ice_wall#3@hq"),  # the server named, the card's number left out
])  # fmt: skip
def test_decision_find_still_reads_a_card_by_its_id_where_it_is_seen(label: str, found: str) -> None:
    """``_PLACE``'s use: a card a side sees in the other side's hand or deck is labelled by where it is, not by a
    number; its id alone names it. A place after a card's number is a server and stays."""
    assert _decision("done", found).find(label).label == found


@pytest.mark.parametrize("label", ["install:ice_wall", "install:ice_wall+trash", "install:ice_wall@rnd"])
def test_decision_find_never_leaves_out_the_server_after_a_card_s_number(label: str) -> None:
    with pytest.raises(EngineError, match="is not an option"):
        _decision("install:ice_wall#3@hq", "install:ice_wall#3@hq+trash").find(label)


# ---------------------------------------------------------------- 3. faceup in the state JSON


def _cards(value: Any) -> list[dict[str, Any]]:
    """Every card of a view (a dict with ``faceup``), depth first."""
    found: list[dict[str, Any]] = []
    if isinstance(value, dict):
        if "faceup" in value:
            found.append(value)
        for inner in value.values():
            found += _cards(inner)
    elif isinstance(value, list):
        for inner in value:
            found += _cards(inner)
    return found


def test_the_example_state_shows_identities_and_the_runner_s_rig_face_up() -> None:
    """The sweep's repro: ``dossier scenario run examples/scenarios/run-through-ice.json -f json``."""
    data = json.loads((ROOT / "examples" / "scenarios" / "run-through-ice.json").read_text(encoding="utf-8"))
    r = run_scenario(RECORDS, Scenario.model_validate(data))
    state = r.game.view()
    assert state["corp"]["identity"]["faceup"] and state["runner"]["identity"]["faceup"]
    assert [(c["id"], c["faceup"]) for c in state["runner"]["rig"]] == [("fine_line_cutter", True)]
    assert all(c["faceup"] is c["rezzed"] for s in state["corp"]["servers"] for c in s["ice"] + s["root"])
    assert not any(c["faceup"] for c in state["corp"]["hand"])


def test_faceup_is_what_the_table_sees_and_face_down_corp_cards_stay_hidden() -> None:
    """Rezzed and unrezzed corp cards, a stolen agenda, Archives face up and face down, the heap, hosted cards;
    the runner's view of a face-down card still hides it (no id, no name) and says it is face down."""
    corp = {
        "identity": HB, "credits": 5, "deck": ["hb_capacitor_bank"] * 3,
        "discard": ["neutral_plywood_screen"], "discard_facedown": ["neutral_pilot_scheme"],
        "servers": {"hq": {"ice": [{"card": "neutral_plywood_screen"}]},
                    "remote1": {"ice": [{"card": "hb_warden_unit", "rezzed": True}],
                                "root": [{"card": "hb_cortex_mapping"}]}},
    }  # fmt: skip
    runner = {"identity": FINGERS, "credits": 5, "deck": ["spark_of_insight"] * 3, "discard": ["spark_of_insight"],
              "score_area": ["neutral_pilot_scheme"], "hand": ["fuse_burst"]}  # fmt: skip
    r = play(RECORDS, [], corp=corp, runner=runner)
    whole, theirs = r.game.view(), r.game.view(RUNNER)
    servers = {s["name"]: s for s in whole["corp"]["servers"]}
    assert [c["faceup"] for c in servers["hq"]["ice"]] == [False]
    assert [c["faceup"] for c in servers["remote1"]["ice"]] == [True]
    assert [c["faceup"] for c in servers["remote1"]["root"]] == [False]
    assert [(c["id"], c["faceup"]) for c in whole["corp"]["archives"]] == [
        ("neutral_plywood_screen", True), ("neutral_pilot_scheme", False)]  # fmt: skip
    assert [c["faceup"] for c in whole["runner"]["score_area"] + whole["runner"]["heap"]] == [True, True]
    assert [c["faceup"] for c in whole["runner"]["hand"]] == [False]
    seen = {s["name"]: s for s in theirs["corp"]["servers"]}
    hidden = seen["remote1"]["root"][0]
    assert (hidden["id"], hidden["name"], hidden["faceup"]) == (None, None, False)
    assert (seen["hq"]["ice"][0]["id"], seen["hq"]["ice"][0]["faceup"]) == (None, False)
    assert [(c["id"], c["faceup"]) for c in theirs["corp"]["archives"]] == [
        ("neutral_plywood_screen", True), (None, False)]  # fmt: skip
    assert theirs["corp"]["hand"] is None


def test_an_installed_runner_card_is_face_up() -> None:
    r = play(RECORDS, [], runner={"identity": FINGERS, "rig": [{"card": "fine_line_cutter"}]})
    card = r.game.runner.rig[0]
    assert r.game.view()["runner"]["rig"][0]["faceup"] is True and card.faceup is False  # (Card.faceup: Archives')


# ---------------------------------------------------------------- 4. a face-down installed card, where it is

FUSE_CORP = {
    "identity": HB, "credits": 5, "deck": ["hb_capacitor_bank"] * 3, "hand": ["neutral_pilot_scheme"],
    "servers": {"hq": {"ice": [{"card": "neutral_plywood_screen"}]},
                "remote1": {"ice": [{"card": "hb_warden_unit", "rezzed": True}],
                            "root": [{"card": "hb_cortex_mapping"}]}},
}  # fmt: skip


def _fuse(decisions: list[str]) -> Any:
    runner = {"identity": FINGERS, "credits": 8, "clicks": 4, "hand": ["fuse_burst", "smash_night"],
              "deck": ["spark_of_insight"] * 3}  # fmt: skip
    return play(RECORDS, decisions, corp=FUSE_CORP, runner=runner)


def test_a_face_down_piece_of_ice_is_offered_as_ice_protecting_its_server() -> None:
    """The sweep's repro: Fuse Burst-like "trash a piece of ice" offered the unrezzed ice of HQ as "a face-down
    card in HQ" (the corp's hand, to a player)."""
    r = _fuse(["play:fuse_burst", "rnd", "continue"])
    texts = {o.label.split("#")[0]: o.text for o in r.pending.options}
    assert texts["facedown"] == "a face-down piece of ice protecting hq"


@pytest.mark.parametrize(("server", "where", "text"), [
    ("hq", "root", "a face-down card installed in hq"),
    ("remote1", "root", "a face-down card installed in remote1"),
    ("remote1", "ice", "a face-down piece of ice protecting remote1"),
])  # fmt: skip
def test_a_face_down_installed_card_is_offered_where_it_is_installed(server: str, where: str, text: str) -> None:
    card_id = "neutral_plywood_screen" if where == "ice" else "hb_overseer_node"
    r = play(RECORDS, [], corp={"identity": HB, "servers": {server: {where: [{"card": card_id}]}}})
    card = next(c for c in r.game.installed("corp") if c.id == card_id)
    offered = r.game._unseen(Option(card.ref, str(card), card))
    assert offered.label.startswith("facedown#") and str(offered.text) == text
    assert card_id not in offered.label and card.name not in str(offered.text)


# ---------------------------------------------------------------- 5. the reason of a discard to hand size


def test_the_discard_down_to_hand_size_gives_over_hand_size_as_its_reason() -> None:
    """The sweep's repro: the corp ends its turn with 7 cards in HQ (hand size 5): two discards, each for being
    over the hand size (it said "discarded")."""
    corp = {"identity": HB, "credits": 5, "clicks": 1, "deck": ["hb_capacitor_bank"] * 3,
            "hand": ["neutral_pilot_scheme"] * 3 + ["jinteki_quiet_harvest"] * 4}  # fmt: skip
    r = play(RECORDS, ["credit", "neutral_pilot_scheme#3", "jinteki_quiet_harvest#6"], active="corp", corp=corp,
             runner={"identity": FINGERS, "credits": 2, "deck": ["spark_of_insight"] * 3})  # fmt: skip
    told = [e for e in r.game.log if e.kind == "discarded"]
    assert len(told) == 2 and all(e.data["reason"] == "over hand size" for e in told)
    assert all(e.data["reason"] == "over hand size" for e in r.game.log if e.kind == "discarded_facedown")


def test_a_discard_a_card_asks_for_keeps_its_reason() -> None:
    """The other "discarded" of the engine: a card's "discard N cards" (NetrunnerGame.discard) is no hand size."""
    r = play(RECORDS, [], runner={"identity": FINGERS, "hand": ["spark_of_insight", "light_fingers"]})
    r.game.policies[RUNNER] = None
    r.game.replay.extend(["spark_of_insight"])
    r.game.discard("runner", 1)
    assert [(e.kind, e.data["reason"]) for e in r.game.log if e.kind == "discarded"] == [("discarded", "discarded")]


# ---------------------------------------------------------------- 6. the reason of the turn limit


def test_a_game_ending_at_the_turn_limit_logs_why() -> None:
    names = NameIndex(load_catalog([CARDS / "netrunner"]).records)
    ex = ROOT / "examples" / "decks" / "netrunner"
    decks = {side: read_deck(ex / name, names).deck for side, name in
             (("corp", "corp-hb-tireless-hands.json"), ("runner", "runner-anarch-rust.json"))}  # fmt: skip
    game = simulate_netrunner(RECORDS, decks, turns=3, seed=1)  # type: ignore[arg-type]
    last = list(game.log)[-1]
    assert game.result()["reason"] == "turn_limit" and game.winner is None
    assert last.kind == "simulation_end" and last.data["reason"] == "turn_limit"  # a code in the JSON, as tactics'
    out = CliRunner().invoke(app, ["simulate", "netrunner", "--decks", str(ex / "corp-hb-tireless-hands.json"),
                                   "--decks", str(ex / "runner-anarch-rust.json"), "--seed", "1", "--turns", "3",
                                   "--lang", "en"])  # fmt: skip
    assert "the game ends (winner: —, reason: turn limit reached, turns: 3)" in out.output
