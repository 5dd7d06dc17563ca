"""Round 59 of a player's report, the tactics engine's part: undo takes back a decision only while nothing was shown
or drawn since (no peeking and taking it back), and the seed stays out of a seat's view while the game is on.

- :meth:`TacticsSession.undo` refuses (``refused`` says why) when a machine's seat has decided since the person's
  last decision (``machine``: choosing ``end`` shows the machine's whole turn), when the game's dice were rolled or
  its cards shuffled since (``rolled``), or when the seat has seen a card or unit it could not see before (``seen``:
  a card drawn, a unit exposed); else it goes back to that decision, asked again as it was.
- :func:`view`: the set-up's log entry has no seed while the game goes on (the seed rebuilds the deal: the other
  hand, the deck order, the hidden obstacles, the aliases of face-down units); once it is over, it has.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from tests.conftest import ROOT
from toolkit.catalog import load_catalog
from toolkit.decks.random_deck import deck_card_ids, random_legal_deck
from toolkit.engine.tactics.session import UNDO_REFUSALS, TacticsSession, TacticsSetup, view

RECORDS = list(load_catalog([ROOT / "cards" / "tactics"]).records)
SEED = 987654321  # digits that appear nowhere by chance


def _setup(mode: str, seed: int, players: tuple[str, str] = ("human", "heuristic")) -> TacticsSetup:
    rng = random.Random(seed)
    mine = random_legal_deck(RECORDS, mode, rng, name="mine")
    theirs = random_legal_deck(RECORDS, mode, rng, name="theirs", taken=list(mine.agents or []))
    decks = [mine, theirs]
    return TacticsSetup(mode, [list(d.agents or []) for d in decks], [deck_card_ids(d) for d in decks], list(players),
                        seed=seed)  # fmt: skip


def _seen_uids(game: Any, seat: int) -> set[int]:
    """The uids of the cards and units the seat's view names (``name#uid``, never an alias ``hidden#N``)."""
    text = json.dumps(view(game, seat), ensure_ascii=False)
    return {int(m[2]) for m in re.finditer(r"([^\W\d][\w\-]*|[\u4e00-\u9fff]+)#(\d+)", text) if m[1] != "hidden"}


def test_end_of_turn_shows_the_machine_s_turn_and_cannot_be_undone() -> None:
    session = TacticsSession(RECORDS, _setup("duel", 3))
    while session.pending is not None and "end" not in session.pending.labels():
        session.apply(session.pending.labels()[-1])
    assert session.pending is not None
    before = session.labels
    session.apply("end")
    assert len(session.labels) > len(before) + 1  # the machine decided in between
    assert session.undo(1) is False and session.refused == "machine"
    assert session.labels[: len(before)] == before and len(session.labels) > len(before)  # nothing taken back
    assert "machine" in UNDO_REFUSALS["machine"]


@pytest.mark.slow
def test_undo_refuses_after_dice_or_a_new_card_and_allows_what_revealed_nothing() -> None:
    """Over a few games, at each decision of the person: the undo is refused exactly when the machine decided since
    (a pass at a response window, which shows nothing, aside: sweep 69), the generator was used since, or a card or
    unit already in the game came into the seat's view; an undo allowed asks the same decision again. Each case
    happens, a machine's pass too."""
    happened: dict[str | None, int] = {}
    for mode, seed, walk in (("duel", 4, 3), ("duel", 5, 3), ("duo", 3, 1)):
        session = TacticsSession(RECORDS, _setup(mode, seed))
        pick = random.Random(walk)
        for _ in range(45):
            decision = session.pending
            if decision is None:
                break
            labels = decision.labels()
            strike = [x for x in labels if x.startswith("attack:") or (x.startswith("ability") and ":strike" in x)]
            label = (strike or [pick.choice([x for x in labels if x != "end"] or labels)])[0]
            asked, state, uids, made = decision.to_json(), session.game.rng.getstate(), _seen_uids(session.game, 1), \
                session.game._uid  # fmt: skip
            taken = session.labels
            session.apply(label)
            # (a machine's pass at a response window shows nothing: it does not count, sweep 69)
            machine = not all(session.decider.silent[len(taken) + 1 :])
            passed = not machine and len(session.labels) > len(taken) + 1
            rolled = session.game.rng.getstate() != state
            seen = any(uid <= made for uid in _seen_uids(session.game, 1) - uids)
            probe = TacticsSession(RECORDS, session.setup, session.labels)
            allowed = probe.undo(1)
            expected = "machine" if machine else "rolled" if rolled else "seen" if seen else None
            assert probe.refused == expected and allowed == (expected is None), (mode, seed, label, probe.refused)
            if allowed:
                assert probe.labels == taken and probe.pending is not None and probe.pending.to_json() == asked
            happened[expected] = happened.get(expected, 0) + 1
            happened["passed"] = happened.get("passed", 0) + passed
    assert set(happened) == {None, "machine", "rolled", "seen", "passed"} and happened["passed"], happened


def test_undo_of_nothing_and_of_the_other_person_s_decision() -> None:
    session = TacticsSession(RECORDS, _setup("duel", 3, ("human", "human")))
    assert session.pending is not None and session.undo(1) is False and session.refused == "nothing"
    seat = session.pending.seat
    while session.pending is not None and session.pending.seat == seat:
        session.apply(session.pending.labels()[0])
    assert session.pending is not None and session.undo(3 - seat) is False and session.refused == "nothing"
    session.apply(session.pending.labels()[0])  # the other person decides
    labels = session.labels
    assert session.undo(seat) is False and session.refused == "other" and session.labels == labels


def test_the_seed_is_out_of_the_seat_s_view_until_the_game_is_over() -> None:
    session = TacticsSession(RECORDS, _setup("duel", SEED))
    for seat in (1, 2):
        seen = view(session.game, seat, session.pending)
        assert str(SEED) not in json.dumps(seen), seat
        setup = next(e for e in seen["log"] if e["event"] == "setup")
        assert "seed" not in setup and setup["map"]  # the rest of the entry is as before
    assert next(e for e in view(session.game, 1, over=True)["log"] if e["event"] == "setup")["seed"] == SEED
    while session.pending is not None:
        session.apply(session.pending.labels()[0])
    assert next(e for e in view(session.game, 1)["log"] if e["event"] == "setup")["seed"] == SEED
