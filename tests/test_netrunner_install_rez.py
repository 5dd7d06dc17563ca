"""Installing over the corp's own cards and rezzing between turns: an agenda or asset installed in a remote trashes
the one there (seed 001: "在一台远程服务器上，同一时刻只能安装一个议案或资产"), ice may first trash ice protecting
the server to lower its install cost, and the corp may rez assets and upgrades when the runner's turn ends and
when its own begins (seed 001: "当一个资产或升级被安装后，公司几乎能在任何时刻支付激活费用来激活它")."""

from __future__ import annotations

import random
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.engine.core import EngineError
from toolkit.engine.netrunner import NetrunnerGame, Stepper
from toolkit.engine.netrunner.decisions import Decision, Option
from toolkit.engine.netrunner.players import HeuristicCorp
from toolkit.engine.netrunner.scenario import run_scenario, set_up
from toolkit.models.scenario import Scenario

from .conftest import CARDS

RECORDS = load_catalog([CARDS / "netrunner"]).records
RUNNER = {"identity": "blank_lin", "credits": 5, "deck": ["light_fingers"] * 5}


def data(decisions: list[str], corp: dict[str, Any], active: str = "corp") -> dict[str, Any]:
    corp = {"identity": "weyland_skyward_holdings", "credits": 5, "deck": ["neutral_pilot_scheme"] * 3, **corp}
    return {"game": "netrunner", "name": "install", "active": active, "corp": corp, "runner": RUNNER,
            "decisions": decisions}  # fmt: skip


def play(decisions: list[str], corp: dict[str, Any], active: str = "corp") -> Any:
    return run_scenario(RECORDS, Scenario.model_validate(data(decisions, corp, active)))


def labels(result: Any) -> list[str]:
    return [o.label for o in result.pending.options] if result.pending else []


def texts(result: Any) -> dict[str, str]:
    return {o.label: str(o.text) for o in result.pending.options} if result.pending else {}


# ---------------------------------------------------------------- installing over the corp's own cards

REMOTE = {"remote1": {"ice": [{"card": "weyland_slag_rampart", "rezzed": True}],
                      "root": [{"card": "nbn_billboard_network"}, {"card": "neutral_central_auditor"}]}}  # fmt: skip


def test_an_agenda_installed_in_a_remote_trashes_the_asset_there() -> None:
    corp = {"hand": ["weyland_skyhook_expansion"], "servers": REMOTE}
    r = play([], corp)
    assert "install:weyland_skyhook_expansion@remote1" in [o.split("#")[0] + o[o.index("@"):] for o in labels(r)
                                                            if o.startswith("install:")]  # fmt: skip
    shown = next(t for label, t in texts(r).items() if label.endswith("@remote1"))
    assert "trashing 广告牌网络" in shown  # the corp's option says what goes
    r = play(["install:weyland_skyhook_expansion@remote1"], corp)
    g = r.game
    server = g.servers["remote1"]
    assert [c.id for c in server.root] == ["neutral_central_auditor", "weyland_skyhook_expansion"]  # the upgrade stays
    assert [c.id for c in g.corp.discard] == ["nbn_billboard_network"] and not g.corp.discard[0].faceup
    trashed = next(e for e in g.log if e.kind == "trashed_facedown")  # (trashed, not discarded: stop 75)
    assert str(trashed.data["reason"]) == "installing a card in remote1"  # the new card is not named


def test_the_last_card_of_a_remote_makes_room_and_the_server_stays() -> None:
    corp = {"hand": ["weyland_ore_refinery"], "servers": {"remote1": {"root": [{"card": "nbn_billboard_network",
                                                                                "rezzed": True}]}}}  # fmt: skip
    g = play(["install:weyland_ore_refinery@remote1"], corp).game
    assert [c.id for c in g.servers["remote1"].root] == ["weyland_ore_refinery"] and list(g.servers)[-1] == "remote1"
    assert [c.id for c in g.corp.discard] == ["nbn_billboard_network"] and g.corp.discard[0].faceup  # it was rezzed


def test_ice_may_trash_ice_protecting_the_server_to_cost_less() -> None:
    """Each piece of ice protecting the server costs 1 more to install past it; trashing one first costs 1 less. The
    corp chooses which, one at a time, and installs once it can pay."""
    corp = {"credits": 1, "hand": ["weyland_slag_rampart"],
            "servers": {"hq": {"ice": [{"card": "neutral_plywood_screen"}, {"card": "neutral_plywood_screen",
                                                                                 "rezzed": True}]}}}  # fmt: skip
    r = play([], corp)
    hq = [o for o in labels(r) if o.startswith("install:weyland_slag_rampart") and "@hq" in o]
    assert len(hq) == 1 and hq[0].endswith("@hq+trash")  # 2 to pay with 1: only by trashing ice first
    assert texts(r)[hq[0]].endswith("trashing ice protecting it first (1[credit])")
    r = play(["install:weyland_slag_rampart@hq+trash"], corp)
    assert r.pending.kind == "trash" and "done" not in labels(r)  # one piece at least
    outer = r.game.servers["hq"].ice[-1]
    assert labels(r)[0] == outer.ref  # the outermost first
    r = play(["install:weyland_slag_rampart@hq+trash", outer.ref], corp)
    assert labels(r)[0] == "done" and texts(r)["done"] == "install 熔渣壁垒#3 for 1[credit]"
    g = play(["install:weyland_slag_rampart@hq+trash", outer.ref, "done"], corp).game
    assert [c.id for c in g.servers["hq"].ice] == ["neutral_plywood_screen", "weyland_slag_rampart"]
    assert g.corp.credits == 0 and [c.id for c in g.corp.discard] == ["neutral_plywood_screen"]


def test_an_install_without_trash_pays_the_whole_cost() -> None:
    corp = {"hand": ["weyland_slag_rampart"], "servers": {"hq": {"ice": [{"card": "neutral_plywood_screen"}]}}}
    g = play(["install:weyland_slag_rampart@hq"], corp).game
    assert g.corp.credits == 5 - 1 and len(g.servers["hq"].ice) == 2 and not g.corp.discard


def test_the_heuristic_corp_keeps_its_ice_unless_it_must_trash_some() -> None:
    game = NetrunnerGame(RECORDS, seed=1, opening_hand=False)
    cheap, dear = game.new_card("neutral_plywood_screen", "corp"), game.new_card("weyland_slag_rampart", "corp")
    corp = HeuristicCorp(random.Random(1))
    must = Decision(1, "trash", "trash", [Option(dear.ref, "", dear), Option(cheap.ref, "", cheap)])
    assert corp.decide(game, must) == cheap.ref  # the cheapest to rez goes
    may = Decision(1, "trash", "trash", [Option("done", "", None), *must.options])
    assert corp.decide(game, may) == "done"


def test_a_game_saved_before_asks_no_server_it_did_not_ask() -> None:
    """A game saved before installing over a remote's asset was offered: its agenda went to a new remote without a
    question; replayed, the new question takes that answer and the saved labels go on."""
    corp = {"clicks": 2, "hand": ["weyland_skyhook_expansion", "weyland_ore_refinery"],
            "servers": {"remote1": {"root": [{"card": "nbn_billboard_network"}]}}}  # fmt: skip
    g = play(["install:weyland_skyhook_expansion@new", "install:weyland_ore_refinery@new"], corp).game
    assert sorted(g.servers) == ["archives", "hq", "remote1", "remote2", "remote3", "rnd"]


# ---------------------------------------------------------------- rezzing between turns


BILLBOARD = {"remote1": {"root": [{"card": "nbn_billboard_network"}]}}


def test_the_corp_may_rez_when_the_runners_turn_ends() -> None:
    corp = {"identity": "hb_tireless_hands", "hand": ["neutral_pilot_scheme"], "servers": BILLBOARD}
    r = play(["credit"] * 4, corp, active="runner")
    assert r.pending.seat == 1 and r.pending.kind == "rez" and labels(r) == [r.game.installed("corp")[0].ref.join(
        ["rez:", ""]), "done"]  # fmt: skip
    assert str(r.pending.prompt) == "the runner's turn ends: rez a card?" and r.game.active == "runner"


def test_an_asset_rezzed_as_the_corps_turn_begins_works_that_turn() -> None:
    """The corp's window at the start of its turn comes before its turn-start abilities: a Billboard Network
    rezzed then gains its credit that turn."""
    corp = {"identity": "hb_tireless_hands", "hand": ["neutral_pilot_scheme"], "servers": BILLBOARD}
    r = play(["credit"] * 4 + ["done", "rez:nbn_billboard_network"], corp, active="runner")
    g = r.game
    kinds = [e.kind for e in g.log]
    rez, start = kinds.index("rez"), max(i for i, k in enumerate(kinds) if k == "turn_start")
    assert start < rez < kinds.index("mandatory_draw")
    assert g.corp.credits == 5 - 2 + 1 and r.pending.kind == "action"  # its rez cost, then its credit


def test_nothing_to_rez_asks_nothing() -> None:
    corp = {"identity": "hb_tireless_hands", "credits": 1, "hand": ["neutral_pilot_scheme"], "servers": BILLBOARD}
    r = play(["credit"] * 4, corp, active="runner")  # 1 credit: the Billboard (2) cannot be rezzed
    assert r.pending.seat == 1 and r.pending.kind == "action" and r.game.active == "corp"


def test_a_game_saved_before_the_rez_windows_replays() -> None:
    """A saved game's labels knew no rez window between turns: the corp rezzed nothing there."""
    corp = {"identity": "hb_tireless_hands", "hand": ["neutral_pilot_scheme"], "servers": BILLBOARD}
    r = play(["credit"] * 4 + ["install:neutral_pilot_scheme@new"], corp, active="runner")
    assert r.game.corp.clicks == 3 - 1 and not r.game.installed("corp")[0].rezzed
    with pytest.raises(EngineError, match="'bogus' is not an option"):
        play(["credit"] * 4 + ["bogus"], corp, active="runner")  # (a wrong label is still refused, at the next one)


def test_a_stepped_game_offers_the_corp_its_rez_window() -> None:
    corp = {"identity": "hb_tireless_hands", "hand": ["neutral_pilot_scheme"], "servers": BILLBOARD}
    game = set_up(RECORDS, Scenario.model_validate(data([], corp, active="runner")))
    stepper = Stepper(game, lambda: game.play_game(10, resume=True)).start()
    for _ in range(4):  # before each of the runner's actions, the corp's window (the Billboard can be rezzed)
        assert stepper.pending is not None and stepper.pending.kind == "rez" and stepper.pending.seat == 1
        assert str(stepper.pending.prompt) == "before the runner's next action: rez a card or use a paid ability?"
        stepper.apply("done")
        stepper.apply("credit")
    assert stepper.pending is not None and stepper.pending.kind == "rez"  # the runner's turn ends
    stepper.apply("done")
    assert stepper.pending is not None and stepper.pending.kind == "rez"  # the corp's turn begins: asked again
    stepper.apply("done")
    assert stepper.pending is not None and stepper.pending.kind == "action"
