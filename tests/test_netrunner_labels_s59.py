"""Issue 28, the runner's labels: when the runner chooses among corp cards in R&D or HQ, an option's label names the
card by its id and where it is as the runner sees it (``id@rnd:<n from the top>``, ``id@hq``; a second copy
``~2``), never by the card's own number; a game saved when those labels held the number replays to the same copy.
A corp card that goes back to HQ or R&D loses the number the runner knew it by face down (a card bounced to HQ and
later trashed or played from there is not told for the one the runner saw installed), and gets a new one when it
next goes face down. The full log (the referee's record) is unchanged."""

from __future__ import annotations

from typing import Any

import pytest

from toolkit.engine.core import EngineError

from .test_netrunner_hidden_info import seen_by_runner, stepper, uids

DECK = ["weyland_tripmine_lot", "neutral_pilot_scheme", "neutral_pilot_scheme"]  # (top card first)
HAND = ["neutral_pilot_scheme", "weyland_tripmine_lot", "neutral_pilot_scheme"]


def _game(corp: dict[str, Any]) -> Any:
    game, _ = stepper(corp, {"credits": 10}, active="runner")
    return game


def _asked(game: Any, cards: list[Any], answer: str | None = None, replayed: str | None = None) -> tuple[Any, Any]:
    """The runner chooses among ``cards`` (as a card's effect lets it): the decision it is shown and its choice
    (``answer``: the runner's label, default the last option's; ``replayed``: a saved game's label)."""
    shown: list[Any] = []

    def waiter(decision: Any) -> str:
        shown.append(decision)
        return answer if answer is not None else decision.options[-1].label

    game.waiter = None if replayed is not None else waiter
    if replayed is not None:
        game.replay.append(replayed)
    chosen = game.choose("runner", "target", "choose a card", cards)
    return (shown[0] if shown else None), chosen


def _words(decision: Any) -> str:
    return " ".join(
        [str(decision.prompt), *(o.label for o in decision.options), *(str(o.text) for o in decision.options)]
    )


def test_the_runners_labels_for_cards_of_rnd_name_their_place_from_the_top_not_their_number() -> None:
    g = _game({"deck": DECK})
    top = list(reversed(g.corp.deck[-3:]))  # as a card lets the runner look at the top 3 and pick one
    decision, chosen = _asked(g, top)
    assert decision.labels() == ["weyland_tripmine_lot@rnd:1", "neutral_pilot_scheme@rnd:2",
                                 "neutral_pilot_scheme@rnd:3"]  # fmt: skip
    assert not uids(_words(decision)) and "#" not in _words(decision)
    assert chosen is top[2] and g.decisions[-1]["label"] == "neutral_pilot_scheme@rnd:3"


def test_the_runners_labels_for_cards_of_hq_hold_no_number_and_copies_are_told_apart_by_order() -> None:
    g = _game({"hand": HAND})
    hand = list(g.corp.hand)
    decision, chosen = _asked(g, hand, answer="neutral_pilot_scheme@hq~2")
    assert decision.labels() == ["neutral_pilot_scheme@hq", "neutral_pilot_scheme@hq~2", "weyland_tripmine_lot@hq"]
    assert not uids(_words(decision)) and "#" not in _words(decision)
    assert chosen is hand[2] and g.decisions[-1]["label"] == "neutral_pilot_scheme@hq~2"


@pytest.mark.parametrize("hand", [HAND, list(reversed(HAND)), ["weyland_tripmine_lot", *HAND[::2]]])
def test_the_runners_options_of_hq_do_not_tell_the_order_the_corp_drew_its_cards_in(hand: list[str]) -> None:
    """HQ has no order the runner sees: the same cards in HQ, drawn in any order, are offered in one order (by
    label), each where the cards of HQ were among the other options."""
    g = _game({"hand": hand})
    other = g.corp.deck[-1]  # a card of R&D among them, first: it keeps its place
    decision, chosen = _asked(g, [other, *g.corp.hand], answer="weyland_tripmine_lot@hq")
    assert decision.labels()[1:] == ["neutral_pilot_scheme@hq", "neutral_pilot_scheme@hq~2", "weyland_tripmine_lot@hq"]
    assert decision.labels()[0].endswith("@rnd:1") and chosen.id == "weyland_tripmine_lot" and chosen in g.corp.hand


def test_a_runner_cannot_pick_a_card_of_hq_by_its_number() -> None:
    g = _game({"hand": HAND})
    second = g.corp.hand[2]
    with pytest.raises(EngineError):
        _asked(g, list(g.corp.hand), answer=f"neutral_pilot_scheme#{second.uid}")


def test_a_runner_may_name_a_card_of_hq_by_its_id_alone() -> None:
    """Typed by its id alone (as a person may, without the place), a card of HQ is the first copy offered."""
    g = _game({"hand": HAND})
    _, chosen = _asked(g, list(g.corp.hand), answer="neutral_pilot_scheme")
    assert chosen is next(c for c in g.corp.hand if c.id == "neutral_pilot_scheme")


@pytest.mark.parametrize("zone", ["hand", "deck"])
def test_a_game_saved_with_the_cards_numbers_in_the_labels_replays_to_the_same_copy(zone: str) -> None:
    g = _game({zone: HAND})
    cards = list(getattr(g.corp, zone))
    second = cards[2] if zone == "hand" else cards[0]  # (the second copy offered: R&D is offered top first)
    offered = cards if zone == "hand" else list(reversed(cards))
    _, chosen = _asked(g, offered, replayed=f"neutral_pilot_scheme#{second.uid}")  # (a label without the number
    assert chosen is second  # would find the first copy)
    assert "#" not in g.decisions[-1]["label"]  # saved again, the label of this version
    # the replay frames (session.frames) read a record's labels through older_handle
    g2 = _game({zone: HAND})
    cards2 = list(getattr(g2.corp, zone))
    decision, _ = _asked(g2, cards2 if zone == "hand" else list(reversed(cards2)))
    older = g2.older_handle(decision, f"neutral_pilot_scheme#{(cards2[2] if zone == 'hand' else cards2[0]).uid}")
    assert older is not None and older.value is (cards2[2] if zone == "hand" else cards2[0])
    # a scenario's label without a number names the first copy offered, as ever
    g3 = _game({zone: HAND})
    cards3 = list(getattr(g3.corp, zone))
    offered3 = cards3 if zone == "hand" else list(reversed(cards3))
    _, chosen = _asked(g3, offered3, replayed="neutral_pilot_scheme")
    assert chosen is offered3[0] and "#" not in g3.decisions[-1]["label"]


def _bounced() -> tuple[Any, Any, Any, int]:
    """Tripmine Lot rezzed in a remote (the runner knows it by its handle), then returned to HQ by a card's effect
    (as scripts do: out of the server, into HQ, a line for the corp)."""
    corp = {"servers": {"remote1": {"root": [{"card": "weyland_tripmine_lot", "rezzed": True}]}}}
    g, st = stepper(corp, {"credits": 10}, active="runner")
    trip = g.servers["remote1"].root[0]
    handle = g.runner_uid(trip)
    assert handle != trip.uid
    assert next(s["root"][0] for s in g.view(2)["corp"]["servers"] if s["root"])["uid"] == handle
    g.servers["remote1"].root.remove(trip)
    trip.leave_play()
    g.corp.hand.append(trip)
    g.log.add("move", 1, visible=[1], card=str(trip), zone="remote1", to="hq")
    return g, st, trip, handle


def test_a_corp_card_back_in_hq_loses_the_runners_handle() -> None:
    g, st, trip, handle = _bounced()
    assert g.runner_uid(trip) == trip.uid and trip.uid not in g.handles
    start = len(g.log.seen_by(2))
    for label in ("run:hq", "continue", "trash:weyland_tripmine_lot"):  # accessed in HQ and trashed, face up
        st.apply(label)
    assert trip in g.corp.discard and trip.faceup
    shown = seen_by_runner(g, start)
    assert handle not in uids(shown)  # the runner cannot tell it for the card it saw rezzed in the remote
    new = g.runner_uid(trip)  # a number of the runner's own from when it came out of HQ, never its own
    assert new not in (handle, trip.uid) and trip.uid not in uids(shown)
    assert f"{trip.name}#{new}" in shown
    assert g.view(2)["corp"]["archives"][-1]["uid"] == new
    trashed = [e for e in g.log if e.kind == "trashed"]
    assert [e.data["card"] for e in trashed] == [str(trip)]  # the full log as it was


def test_a_corp_card_back_in_hq_is_named_by_no_handle_there_and_gets_a_new_one_face_down() -> None:
    g, _, trip, handle = _bounced()
    g.log.add("turn", 1)  # (any entry: the card is back in HQ by then)
    assert trip.uid not in g.handles and g.dropped == {handle: trip.uid}
    g.install("corp", trip, "new remote", pay=False)
    assert g.runner_uid(trip) not in (handle, trip.uid) and g.seen_uid(trip) == g.runner_uid(trip)


def test_a_game_saved_when_a_card_kept_its_dropped_handle_replays_to_the_same_copy() -> None:
    """A label a game saved before named a face-up corp card by a handle it has lost since (it went back to HQ)."""
    g, _, trip, handle = _bounced()
    other = g.new_card("weyland_tripmine_lot", "corp")
    for card in (other, trip):
        if card in g.corp.hand:
            g.corp.hand.remove(card)
        g.to_discard(card, "test", faceup=True)  # face up in Archives, both
    g.replay.append(f"weyland_tripmine_lot#{handle}")
    chosen = g.choose("runner", "target", "choose a card", [other, trip])
    assert chosen is trip and g.decisions[-1]["label"] == f"weyland_tripmine_lot#{g.runner_uid(trip)}"
    assert g.runner_uid(trip) not in (handle, trip.uid)
