"""What the runner may not learn of the corp's face-down cards: the log never names a card installed face down,
a face-down card goes by a uid of its own that is new each time it goes out of the runner's sight (so a card the
runner saw before cannot be told apart once face down), and an effect that names a card type chooses among the
cards its side can see to be of that type."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.engine.core import EngineError
from toolkit.engine.netrunner import Card, NetrunnerGame, Stepper
from toolkit.engine.netrunner.scenario import run_scenario, set_up
from toolkit.models import RECORD_ADAPTER
from toolkit.models.scenario import Scenario

from .conftest import CARDS

BASE = {"deck_limit": 3, "game": "netrunner", "influence": 0, "kind": "card", "set": "dossier_demo", "unique": False}


def _event(card_id: str, text: str) -> Any:
    return RECORD_ADAPTER.validate_python({**BASE, "id": card_id, "type": "event", "text": [text], "cost": 0,
                                           "faction": "neutral_runner", "subtypes": [],
                                           "name": {"zh-Hans": card_id, "en": card_id}})  # fmt: skip


EXTRA = [_event("t_trash_asset", "销毁 1 个资产。"), _event("t_trash_ice", "销毁 1 个防火墙。")]
RECORDS = [*load_catalog([CARDS / "netrunner"]).records, *EXTRA]
RUNNER = {"identity": "blank_lin", "credits": 5, "deck": ["light_fingers"] * 5}


def data(decisions: list[str], corp: dict[str, Any], runner: dict[str, Any] | None = None,
         active: str = "corp") -> dict[str, Any]:  # fmt: skip
    corp = {"identity": "weyland_skyward_holdings", "credits": 5, "deck": ["neutral_pilot_scheme"] * 3, **corp}
    return {"game": "netrunner", "name": "hidden", "active": active, "corp": corp,
            "runner": {**RUNNER, **(runner or {})}, "decisions": decisions}  # fmt: skip


def play(decisions: list[str], corp: dict[str, Any], runner: dict[str, Any] | None = None, active: str = "corp") -> Any:
    return run_scenario(RECORDS, Scenario.model_validate(data(decisions, corp, runner, active)))


def stepper(corp: dict[str, Any], runner: dict[str, Any] | None = None, active: str = "corp") -> tuple[Any, Stepper]:
    game = set_up(RECORDS, Scenario.model_validate(data([], corp, runner, active)))
    return game, Stepper(game, lambda: game.play_game(50, resume=True)).start()


def seen_by_runner(game: NetrunnerGame, start: int = 0) -> str:
    """Every log entry the runner may see from ``start`` on, as JSON text."""
    return json.dumps([e.to_json() for e in game.log.seen_by(2)[start:]], ensure_ascii=False, default=str)


def uids(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"#(\d+)", text)}


# ---------------------------------------------------------------- the log of an install


def test_paying_for_a_face_down_install_names_where_it_goes_not_the_card() -> None:
    """The corp's payment for installing ice is public; the ice is face down: the runner learns the server, not the
    card (the sweep's t17: ``pay … reason: installing Slag Rampart#3``)."""
    corp = {"hand": ["weyland_slag_rampart"], "servers": {"hq": {"ice": [{"card": "neutral_plywood_screen"}]}}}
    r = play(["install:weyland_slag_rampart@hq"], corp)
    g = r.game
    ice = g.servers["hq"].ice[-1]
    shown = seen_by_runner(g)
    assert ice.id == "weyland_slag_rampart" and g.corp.credits == 5 - 1
    assert ice.name not in shown and ice.id not in shown and ice.uid not in uids(shown)
    pay = next(e for e in g.log if e.kind == "pay")
    assert pay.visible == "all" and str(pay.data["reason"]) == "installing a piece of ice protecting hq"
    # the corp's own log still says which card it installed
    assert any(e.kind == "install" and e.data["card"] == str(ice) and e.visible == (1,) for e in g.log)


def test_the_install_reason_names_a_runner_card_and_only_the_place_of_a_corp_card() -> None:
    game = NetrunnerGame(RECORDS, seed=1)
    asset, program = game.new_card("weyland_ore_refinery", "corp"), game.new_card("fine_line_cutter", "runner")
    assert str(game.install_reason(asset, "new remote")) == "installing a card in new remote"
    assert str(game.install_reason(program)) == f"installing {program}"


# ---------------------------------------------------------------- a face-down card's uid


def test_a_card_the_runner_saw_cannot_be_told_apart_once_installed() -> None:
    """The sweep's t13: the runner accesses R&D's top card and leaves it; the corp draws it and installs it and
    another asset in two new remotes. Nothing the runner sees afterwards carries the uid it saw the card by."""
    corp = {"hand": ["weyland_ore_refinery"], "deck": ["weyland_tripmine_lot", "neutral_pilot_scheme",
                                                        "neutral_pilot_scheme"]}  # fmt: skip
    g, st = stepper(corp, {"credits": 10}, active="runner")
    for label in ("run:rnd", "continue", "leave"):
        st.apply(label)
    seen = next(e for e in g.log if e.kind == "access")
    trip = next(c for c in g.corp.deck if c.id == "weyland_tripmine_lot")
    assert seen.data["card"] == str(trip)
    start = len(g.log.seen_by(2))
    for label in ("credit", "credit", "credit", "install:weyland_ore_refinery@new",
                  "install:weyland_tripmine_lot@new"):  # fmt: skip
        st.apply(label)
    assert {c.id for c in g.installed("corp")} == {"weyland_ore_refinery", "weyland_tripmine_lot"}
    roots = [card for s in g.view(2)["corp"]["servers"] for card in s["root"]]
    assert [c["id"] for c in roots] == [None, None]
    own = {c.uid for c in g.corp.hand + g.corp.deck + g.runner.hand + g.runner.deck + g.installed("corp")}
    assert trip.uid not in {c["uid"] for c in roots} and not {c["uid"] for c in roots} & own
    assert trip.uid not in uids(seen_by_runner(g, start))
    assert not g.runner_knows(trip)  # the heuristic runner and the searcher read it so too


def test_the_runners_uid_of_a_face_down_card_is_new_each_time_it_goes_out_of_sight() -> None:
    game = NetrunnerGame(RECORDS, seed=1, opening_hand=False)
    agenda = game.new_card("neutral_pilot_scheme", "corp")
    game.corp.hand.append(agenda)
    game.install("corp", agenda, "new remote", pay=False)
    first = game.seen_uid(agenda)
    assert first > 0 and first != agenda.uid
    ice = game.new_card("neutral_plywood_screen", "corp")
    game.corp.hand.append(ice)
    game.install("corp", ice, "hq", pay=False)
    game.rez(ice, free=True)
    game.derez(ice, "test")  # rezzed and derezzed in place, under the runner's eyes: the same card to it
    kept = game.seen_uid(ice)
    assert kept == ice.hidden[1]  # type: ignore[index]
    game.trash(agenda, "test", by="corp")  # face down into Archives: out of sight again
    archived = game.seen_uid(agenda)
    assert agenda in game.corp.discard and not agenda.faceup and archived not in (first, agenda.uid)
    assert game.view(2)["corp"]["archives"][-1]["uid"] == archived
    game.corp.discard.remove(agenda)  # back to HQ and installed again: a stranger
    game.corp.hand.append(agenda)
    game.install("corp", agenda, "new remote", pay=False)
    assert game.seen_uid(agenda) not in (first, archived, agenda.uid)
    numbers = [first, kept, archived, game.seen_uid(agenda)]
    every = {c.uid for p in game.players.values() for c in (p.identity, *p.deck, *p.hand, *p.discard)}
    assert len(set(numbers)) == 4 and not set(numbers) & (every | {c.uid for c in game.installed("corp")})


def test_the_runner_names_a_face_down_card_by_its_own_uid_and_older_labels_still_replay() -> None:
    """A card the runner targets face down is labelled ``facedown#<the uid it sees>``; a game saved when the label
    held the card's uid replays (only a replayed label is read so: a player cannot pick a card by its true uid)."""
    smash = {"hand": ["t_trash_ice"]}
    corp_ice = {"servers": {"hq": {"ice": [{"card": "neutral_plywood_screen"}, {"card": "weyland_slag_rampart"}]}}}
    r = play(["play:t_trash_ice"], corp_ice, smash, active="runner")
    outer, inner = r.game.servers["hq"].ice[1], r.game.servers["hq"].ice[0]
    labels = [o.label for o in r.pending.options]
    assert labels == [f"facedown#{r.game.seen_uid(inner)}", f"facedown#{r.game.seen_uid(outer)}"]
    assert inner.uid not in uids(" ".join(labels)) and outer.uid not in uids(" ".join(labels))
    r = play(["play:t_trash_ice", f"facedown#{outer.uid}"], corp_ice, smash, active="runner")  # an older save's label
    assert [c.id for c in r.game.corp.discard] == ["weyland_slag_rampart"]
    assert r.game.decisions[-1]["label"] == labels[1]  # saved again, it holds the label of this version


# ---------------------------------------------------------------- an effect that names a type


def _trash_asset_options(root: list[dict[str, Any]]) -> Any:
    corp = {"servers": {f"remote{i + 1}": {"root": [card]} for i, card in enumerate(root)}}
    return play(["play:t_trash_asset"], corp, {"hand": ["t_trash_asset"]}, active="runner")


def test_trash_an_asset_offers_only_the_assets_the_runner_can_see() -> None:
    """The sweep's t22: "trash 1 asset" offered only the face-down assets, telling them from the agendas. A
    face-down card is of no type to the runner: only the rezzed assets are offered."""
    r = _trash_asset_options([{"card": "weyland_ore_refinery"}, {"card": "weyland_skyhook_expansion"},
                              {"card": "nbn_billboard_network", "rezzed": True},
                              {"card": "weyland_tripmine_lot"}])  # fmt: skip
    g = r.game
    trashed = [c.id for c in g.corp.discard]
    assert trashed == ["nbn_billboard_network"]  # the only asset in sight: taken without asking
    assert all(not c.rezzed and c.id != "nbn_billboard_network" for c in g.installed("corp"))


def test_nothing_the_runner_sees_depends_on_what_a_face_down_card_is() -> None:
    as_asset = _trash_asset_options([{"card": "weyland_ore_refinery"}])
    as_agenda = _trash_asset_options([{"card": "weyland_skyhook_expansion"}])
    for r in (as_asset, as_agenda):
        failed = [e for e in r.game.log if e.kind == "trash_failed"]
        assert len(failed) == 1 and str(failed[0].data["reason"]) == "no installed asset the runner can see"
        assert r.game.installed("corp") and not r.game.corp.discard
    assert seen_by_runner(as_asset.game) == seen_by_runner(as_agenda.game)
    assert as_asset.game.view(2) == as_agenda.game.view(2)


def test_face_down_ice_is_ice_to_the_runner() -> None:
    """Ice shows it is ice by its place: "trash 1 piece of ice" may target unrezzed ice (by its place only)."""
    corp = {"servers": {"hq": {"ice": [{"card": "neutral_plywood_screen"}]},
                        "remote1": {"root": [{"card": "weyland_ore_refinery"}]}}}  # fmt: skip
    r = play(["play:t_trash_ice"], corp, {"hand": ["t_trash_ice"]}, active="runner")
    g = r.game
    assert [c.id for c in g.corp.discard] == ["neutral_plywood_screen"] and not g.servers["hq"].ice
    card: Card = g.installed("corp")[0]
    assert g.seen_type(card, "runner") is None and g.seen_type(card, "corp") == "asset"


def test_a_face_down_cards_trigger_is_logged_for_the_corp_only() -> None:
    """A region installed face down trashes the region already in its server ("limit 1 region per server", as it is
    installed: stop 69, no trigger line then); a line naming the new region is the corp's only, and the runner sees
    the old region trashed."""
    from .scripts.test_system_update_2021_corp import RECORDS as REGIONS

    position = data(["install:crisium_grid@remote1"], {"identity": "hb_mirror_foundry", "clicks": 2,
                     "hand": ["crisium_grid"], "servers": {"remote1": {"root": [{"card": "hokusai_grid",
                                                                                 "rezzed": True}]}}})  # fmt: skip
    g = run_scenario(REGIONS, Scenario.model_validate(position)).game
    assert [c.id for c in g.corp.discard] == ["hokusai_grid"] and g.hidden_from_runner(g.servers["remote1"].root[0])
    triggers = [e for e in g.log if e.kind == "trigger" and e.data["source"].startswith("crisium_grid")]
    assert all(e.visible == (1,) for e in triggers)
    shown = seen_by_runner(g)
    assert "crisium_grid" not in shown and "hokusai_grid" in shown


def test_a_face_down_card_is_not_found_by_its_name_or_its_own_uid() -> None:
    """A person answering for the runner cannot pick (or probe for) a face-down card by the name and uid it saw it
    by: neither ``<name>#<uid>`` nor ``facedown#<uid>`` names it."""
    corp = {"servers": {"hq": {"ice": [{"card": "neutral_plywood_screen"}, {"card": "weyland_slag_rampart"}]}}}
    game, st = stepper(corp, {"hand": ["t_trash_ice"]}, active="runner")
    st.apply("play:t_trash_ice")
    assert st.pending is not None and st.pending.kind == "target"
    inner, outer = game.servers["hq"].ice
    with pytest.raises(EngineError, match="is not an option"):
        st.apply(str(outer))
    st.apply(f"facedown#{outer.uid}")  # no such label: read without the number, the first face-down card
    assert [c.id for c in game.corp.discard] == [inner.id]
