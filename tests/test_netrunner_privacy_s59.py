"""A card the runner accesses is the runner's to see (rulings, readings: accessed cards are private to the runner):
the corp's log says which zone (and which card from the top of R&D) was accessed, not which card; the runner knows a
card it accessed in R&D or HQ by its name, with no number; and a corp card face up goes, for the runner, by the number
it had face down, so that a copy seen in R&D or HQ is never told apart from another by its number. The full log (what
card scripts read) is unchanged."""

from __future__ import annotations

import json
from typing import Any

from .test_netrunner_hidden_info import play, seen_by_runner, stepper, uids


def seen_by_corp(game: Any) -> str:
    return json.dumps([e.to_json() for e in game.log.seen_by(1)], ensure_ascii=False, default=str)


def _access(game: Any, seat: int) -> Any:
    return next(e for e in game.log.seen_by(seat) if e.kind == "access")


RND = {"hand": [], "deck": ["weyland_tripmine_lot", "neutral_pilot_scheme", "neutral_pilot_scheme"]}


def test_the_corp_is_told_a_card_of_rnd_was_accessed_not_which() -> None:
    g, st = stepper(RND, {"credits": 10}, active="runner")
    for label in ("run:rnd", "continue", "leave"):
        st.apply(label)
    trip = g.corp.deck[-1]
    assert trip.id == "weyland_tripmine_lot"
    corp = _access(g, 1)
    assert str(corp.data["card"]) == "card 1 from the top of rnd" and corp.data["server"] == "rnd"
    assert trip.name not in seen_by_corp(g) and str(trip) not in seen_by_corp(g)
    runner = _access(g, 2)
    assert runner.data["card"] == trip.name  # its name, no number
    assert trip.uid not in uids(seen_by_runner(g))
    full = next(e for e in g.log if e.kind == "access")  # the referee's log (card scripts read it) as it was
    assert full.data["card"] == str(trip) and full.visible == "all"


def test_the_corp_is_told_a_card_of_hq_was_accessed_not_which() -> None:
    g, st = stepper({"hand": ["weyland_tripmine_lot"]}, {"credits": 10}, active="runner")
    start = len(g.log.seen_by(1))
    for label in ("run:hq", "continue", "leave"):
        st.apply(label)
    trip = g.corp.hand[0]
    assert str(_access(g, 1).data["card"]) == "a card in hq"
    after = json.dumps([e.to_json() for e in g.log.seen_by(1)[start:]], ensure_ascii=False, default=str)
    assert trip.name not in after and str(trip) not in after
    assert _access(g, 2).data["card"] == trip.name


def test_the_runners_trash_decision_on_a_card_of_rnd_holds_no_number_and_older_labels_replay() -> None:
    g, st = stepper(RND, {"credits": 10}, active="runner")
    for label in ("run:rnd", "continue"):
        st.apply(label)
    trip = g.corp.deck[-1]
    decision = st.pending
    assert decision is not None and decision.labels() == ["trash:weyland_tripmine_lot", "leave"]
    shown = " ".join([str(decision.prompt), *(str(o.text) for o in decision.options)])
    assert "#" not in shown and trip.name in shown
    # a game saved before named the card by its uid: it still replays, and is saved again without it
    r = play(["run:rnd", "continue", f"trash:weyland_tripmine_lot#{trip.uid}"], RND, {"credits": 10}, active="runner")
    assert [c.id for c in r.game.corp.discard] == ["weyland_tripmine_lot"]
    assert r.game.decisions[-1]["label"] == "trash:weyland_tripmine_lot"


def test_a_card_seen_in_rnd_then_installed_and_rezzed_is_not_told_apart_by_its_number() -> None:
    """The runner sees Tripmine Lot in R&D and leaves it; the corp draws it, installs it and rezzes it: the runner's
    view, log and options name it by the number it had face down, never by its own (nor by one seen in R&D)."""
    g, st = stepper(RND, {"credits": 10}, active="runner")
    for label in ("run:rnd", "continue", "leave", "credit", "credit", "credit"):
        st.apply(label)
    trip = next(c for c in g.corp.hand if c.id == "weyland_tripmine_lot")  # drawn at the corp's turn
    assert st.pending is not None
    labels = st.pending.labels()
    assert f"install:weyland_tripmine_lot#{trip.uid}@new" in labels  # the corp's own labels keep the card's uid
    st.apply(f"install:weyland_tripmine_lot#{trip.uid}@new")
    handle = g.seen_uid(trip)
    st.apply(f"rez:weyland_tripmine_lot#{trip.uid}")
    assert trip.rezzed and handle not in (0, trip.uid)
    root = next(s["root"][0] for s in g.view(2)["corp"]["servers"] if s["root"])
    assert root["id"] == "weyland_tripmine_lot" and root["uid"] == handle
    assert next(s["root"][0] for s in g.view(1)["corp"]["servers"] if s["root"])["uid"] == trip.uid
    text = seen_by_runner(g)
    assert trip.uid not in uids(text)
    rez = [e for e in g.log.seen_by(2) if e.kind == "rez"]
    assert [e.data["card"] for e in rez] == [f"{trip.name}#{handle}"]
    assert [e.data["card"] for e in g.log if e.kind == "rez"] == [str(trip)]  # the full log as it was
    assert g.runner_uid(trip) == handle


def test_the_runners_labels_name_rezzed_ice_by_its_handle_and_older_labels_replay() -> None:
    """Two rezzed copies of one ice: the runner's options name each by its handle; a game saved when labels held
    the cards' own uids replays to the same copy (a label without its number would find the first)."""
    ice = {"servers": {"hq": {"ice": [{"card": "neutral_plywood_screen", "rezzed": True},
                                      {"card": "neutral_plywood_screen", "rezzed": True}]}}}  # fmt: skip
    smash = {"hand": ["t_trash_ice"]}
    r = play(["play:t_trash_ice"], ice, smash, active="runner")
    inner, outer = r.game.servers["hq"].ice
    labels = [o.label for o in r.pending.options]
    handles = [r.game.seen_uid(inner), r.game.seen_uid(outer)]  # (the numbers they had face down)
    assert sorted(labels) == sorted(f"neutral_plywood_screen#{h}" for h in handles)
    assert not {inner.uid, outer.uid} & uids(" ".join(labels) + str(r.pending.prompt))
    r = play(["play:t_trash_ice", f"neutral_plywood_screen#{outer.uid}"], ice, smash, active="runner")
    left = r.game.servers["hq"].ice
    assert len(left) == 1 and left[0].uid == inner.uid
    assert r.game.decisions[-1]["label"] == f"neutral_plywood_screen#{r.game.runner_uid(outer)}"
    saved = r.game.decisions[-1]["label"]  # a game saved by this version replays by the handle, to the same copy
    r = play(["play:t_trash_ice", saved], ice, smash, active="runner")
    assert [c.uid for c in r.game.servers["hq"].ice] == [inner.uid]


def test_what_the_corp_and_the_runner_are_shown_of_one_heuristic_game() -> None:
    """A whole game of the heuristic players: no entry the corp is shown names a card the runner accessed in R&D or
    HQ before it was made public, and the runner is never shown the number of such a card."""
    from .test_netrunner_players import play as heuristic

    g = heuristic(3, "heuristic", "heuristic")
    events = list(g.log)
    secret = [e for e in events if e.kind == "access" and e.data.get("server") in ("rnd", "hq") and "card" in e.data]
    assert secret
    corp = {e.seq: e for e in g.log.seen_by(1)}
    runner = {e.seq: e for e in g.log.seen_by(2)}
    for e in secret:
        assert e.data["card"] not in json.dumps(corp[e.seq].data, ensure_ascii=False, default=str)
        assert "#" not in runner[e.seq].data["card"]
