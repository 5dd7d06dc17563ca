"""Issue 28 (play against the machine): nothing hidden from a side is in what that side is shown, undo included.

A person's undo against the machine takes back only what revealed nothing: it is refused (``refused`` says why,
with the tactics session's keys and words) when the machine has decided since, when the game's random generator was
used since, and when the person's side has seen a card since that it could not see then (a card drawn, a card of R&D
accessed); a click spent for a credit is still undone. And a corp card in R&D or HQ is shown to the runner by its
name only, in a card script's log line (a look at the top of R&D, a card revealed) and in the runner's prompts; the
full log (the referee's) keeps its number."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.conftest import ROOT
from toolkit.catalog import load_catalog
from toolkit.engine.netrunner import Stepper
from toolkit.engine.netrunner.scenario import set_up
from toolkit.engine.netrunner.session import UNDO_REFUSALS, NetrunnerSession, example_deck, new_record
from toolkit.engine.tactics.session import UNDO_REFUSALS as TACTICS_REFUSALS
from toolkit.models.scenario import Scenario

from .test_netrunner_hidden_info import seen_by_runner, uids

RECORDS = list(load_catalog([ROOT / "cards" / "netrunner"]).records)


def _session(side: str, seed: int) -> NetrunnerSession:
    identity = "zero_weaver" if side == "runner" else "hb_tireless_hands"
    record = new_record(RECORDS, example_deck(RECORDS, identity), side, seed)
    session = NetrunnerSession(RECORDS, record, side, "heuristic")
    while session.pending is not None and session.pending.kind != "action":
        session.apply(session.pending.labels()[0])  # (the mulligan: kept)
    return session


def _run_rnd(session: NetrunnerSession) -> None:
    session.apply("run:rnd")
    while session.pending is not None and session.pending.kind not in ("action", "trash"):
        labels = session.pending.labels()
        session.apply("continue" if "continue" in labels else labels[0])


def test_the_refusals_are_the_tactics_session_s() -> None:
    """The tactics session's keys and words, and one of Netrunner's own (``bid``: a psi game's bids revealed since,
    stop 68); ``seen`` in Netrunner's words (cards, not units: stop 75)."""
    same = {k: v for k, v in TACTICS_REFUSALS.items() if k != "seen"}
    assert {k: v for k, v in UNDO_REFUSALS.items() if k in same} == same
    assert set(UNDO_REFUSALS) - set(TACTICS_REFUSALS) == {"bid"}
    assert UNDO_REFUSALS["seen"] == "you have seen new cards since your last decision, so it cannot be undone"


def test_a_card_of_rnd_accessed_cannot_be_undone_to_access_it_again() -> None:
    """The browser tester's repro: a run on R&D, the card accessed, then undo twice: back before the run with the same
    R&D (a free peek at it). The trash decision after the access is taken back (it revealed nothing); the run is
    not."""
    session = _session("runner", 18)
    _run_rnd(session)
    assert session.pending is not None and session.pending.kind == "trash"
    access = [e for e in session.view()["log"] if e["event"] == "access"]
    assert access and access[-1]["server"] == "rnd"
    session.apply("leave")
    labels = session.labels
    assert session.undo(2) and session.refused is None
    assert session.pending is not None and session.pending.kind == "trash" and session.labels == labels[:-1]
    before = session.labels
    assert not session.undo(2) and session.refused == "seen"
    assert session.labels == before and session.pending.kind == "trash"  # (nothing changed)
    assert UNDO_REFUSALS["seen"].startswith("you have seen new cards")


def test_a_run_on_rnd_with_no_decision_after_it_is_refused_as_seen() -> None:
    session = _session("runner", 1)
    _run_rnd(session)
    assert session.pending is not None and session.pending.kind == "action"
    assert session.game.decisions[-1]["seat"] == 2  # (the machine did not decide since: the refusal is the access)
    assert not session.undo(2) and session.refused == "seen"


@pytest.mark.parametrize("side", ["runner", "corp"])
def test_a_click_for_a_credit_is_undone(side: str) -> None:
    session = _session(side, 987654321)
    seat = 2 if side == "runner" else 1
    credits = session.view()[side]["credits"]
    labels = session.labels
    session.apply("credit")
    assert session.view()[side]["credits"] == credits + 1
    assert session.undo(seat) and session.refused is None
    assert session.view()[side]["credits"] == credits and session.labels == labels
    assert session.pending is not None and session.pending.kind == "action"


@pytest.mark.parametrize("side", ["runner", "corp"])
def test_a_card_drawn_cannot_be_undone(side: str) -> None:
    session = _session(side, 987654321)
    session.apply("draw")
    assert not session.undo() and session.refused == "seen"


def test_the_machine_having_decided_since_refuses_it() -> None:
    record = new_record(RECORDS, example_deck(RECORDS, "zero_weaver"), "runner", 987654321)
    session = NetrunnerSession(RECORDS, record, "runner", "heuristic")
    assert not session.undo() and session.refused == "nothing"
    session.apply("keep")  # the mulligan; then the corp's turn, the machine's decisions
    assert session.game.decisions[-1]["seat"] == 1
    assert not session.undo() and session.refused == "machine"


def test_the_random_generator_used_since_refuses_it() -> None:
    session = _session("runner", 987654321)
    session.apply("credit")
    session.game.rng.random()  # (as a shuffle or a card trashed at random would)
    assert not session.undo() and session.refused == "rolled"


def test_undo_for_the_other_side_is_nothing_to_undo() -> None:
    session = _session("runner", 987654321)
    session.apply("credit")
    assert not session.undo(1) and session.refused == "nothing"


# ---------------------------------------------------------------- a card of R&D or HQ by its name only


def _position(records: list[Any], corp: dict[str, Any], runner: dict[str, Any]) -> tuple[Any, Stepper]:
    data = {"game": "netrunner", "name": "card script", "active": "runner", "decisions": [],
            "corp": {"identity": "hb_mirror_foundry", "credits": 5, **corp},
            "runner": {"identity": "ada_voss_tinker", "credits": 5, **runner}}  # fmt: skip
    game = set_up(records, Scenario.model_validate(data))
    return game, Stepper(game, lambda: game.play_game(50, resume=True)).start()


def test_a_card_revealed_from_rnd_is_named_to_the_runner_without_its_number() -> None:
    """Equivocation: after a run on R&D the runner reveals its top card and is asked whether the corp draws it: the
    runner's log line and prompt name the card, not its number (the number would tell the copy when the corp plays
    it); the full log keeps it, and the runner's undo of the reveal is refused."""
    from tests.scripts.test_flashpoint import ALL

    g, st = _position(ALL, {"deck": ["hb_quarterly_review"] * 6}, {"rig": [{"card": "equivocation"}]})
    for label in ("run:rnd", "continue"):
        st.apply(label)
    while st.pending is not None and not str(st.pending.prompt).startswith(str(g.runner.rig[0])):
        labels = st.pending.labels()
        st.apply("leave" if "leave" in labels else labels[0])
    assert st.pending is not None and "reveal the top card" in str(st.pending.prompt)
    top = g.corp.deck[-1]
    st.apply("yes")
    assert st.pending is not None and "make the corp draw" in str(st.pending.prompt)
    prompt = str(st.pending.prompt)
    reveal = next(e for e in g.log if e.kind == "reveal")
    assert reveal.data["cards"] == [str(top)]  # the referee's log, unchanged
    shown = seen_by_runner(g)
    assert top.name in json.dumps([e.data for e in g.log.seen_by(2) if e.kind == "reveal"], ensure_ascii=False)
    assert top.uid not in uids(shown) and str(top) not in prompt and top.name in prompt
    assert g.named_only(2) and not g.named_only(1)


def test_the_top_card_of_rnd_the_runner_looks_at_is_named_without_its_number() -> None:
    """A look at the top of R&D only the runner sees (GlobalSec Security Clearance's line): by the card's name."""
    corp = {"deck": ["hb_quarterly_review"] * 3}
    g, _ = _position(RECORDS, corp, {})
    top = g.corp.deck[-1]
    event = g.log.add("look", 2, visible=[2], cards=[str(top)], zone="rnd")
    seen = next(e for e in g.log.seen_by(2) if e.seq == event.seq)
    assert seen.data["cards"] == [top.name] and event.data["cards"] == [str(top)]
    assert g.named_only(2, since=event.seq - 1)
    g.corp.hand.append(g.corp.deck.pop())  # in HQ: still by name; the corp's own line keeps its number
    mine = g.log.add("draw", 1, visible=[1], card=str(top))
    assert next(e for e in g.log.seen_by(1) if e.seq == mine.seq).data["card"] == str(top)
    g.corp.hand.remove(top)
    g.corp.discard.append(top)  # face up in Archives: by a number of the runner's own (never its own)
    public = g.log.add("trash", 1, card=str(top))
    assert g.runner_uid(top) != top.uid
    shown = next(e for e in g.log.seen_by(2) if e.seq == public.seq)
    assert shown.data["card"] == f"{top.name}#{g.runner_uid(top)}"
