"""A unit hidden from a seat goes by an alias, not by its uid: a uid tells the order units were made in, so which
agent of a squad a face-down unit is (``hidden#19`` was always the first agent of the squad's list)."""

from __future__ import annotations

import json
import random
import re

from tests.conftest import ROOT
from tests.test_tactics_decisions import _play
from toolkit.catalog import load_catalog
from toolkit.decks.random_deck import deck_card_ids, random_legal_decks
from toolkit.engine.simulate import make_decider
from toolkit.engine.tactics.decisions import hidden_from
from toolkit.engine.tactics.game import TacticsGame
from toolkit.engine.tactics.session import TacticsSession, TacticsSetup, view
from toolkit.engine.tactics.state import ALIASES, hidden_alias

RECORDS = list(load_catalog([ROOT / "cards" / "tactics"]).records)
HIDDEN = re.compile(r"hidden#(\d+)")


def _setup(seed: int, players: list[str], deal: int = 8) -> TacticsSetup:
    decks = random_legal_decks(RECORDS, "duo", random.Random(deal), 2)
    return TacticsSetup("duo", [list(d.agents or []) for d in decks], [deck_card_ids(d) for d in decks], players,
                        seed=seed, rounds=30)  # fmt: skip


def test_aliases_are_a_keyed_shuffle_of_the_uids() -> None:
    for seed in (0, 1, 12345):
        aliases = [hidden_alias(seed, uid) for uid in range(ALIASES)]
        assert len(set(aliases)) == ALIASES and min(aliases) == 1000 and max(aliases) == 9999  # no two units share one
        assert aliases == [hidden_alias(seed, uid) for uid in range(ALIASES)]  # the same in every replay
    first = [hidden_alias(0, uid) for uid in range(1, 40)]
    assert first != sorted(first)  # the order units were made in does not show
    assert first != [hidden_alias(1, uid) for uid in range(1, 40)]  # nor is it the same shuffle in every game
    assert hidden_alias(0, ALIASES) == 10_000 + ALIASES  # (past the shuffle: no game makes so many)


def test_a_hidden_agent_s_number_does_not_tell_which_agent_it_is() -> None:
    """The same two squads over 12 seeds: the number seat 2 sees for seat 1's first agent is never its uid, and it
    is the larger of seat 1's two numbers in some games and the smaller in others (with uids it always was the
    smaller: the first agent of the list is made first)."""
    orders = set()
    for seed in range(12):
        setup = _setup(seed, ["heuristic", "heuristic"])
        game = TacticsGame(RECORDS, "duo", players=2, seed=seed, decider=make_decider("heuristic", seed),
                           decks=setup.decks, squads=setup.squads, setup=False)  # fmt: skip
        first, second = game.player(1).standby[:2]  # (the squads' agents, face down: the first of the list first)
        assert first.id == setup.squads[0][0] and first.uid < second.uid
        assert hidden_from(first, 2) and hidden_from(second, 2)
        assert first.alias != first.uid and first.alias >= 1000
        orders.add(first.alias < second.alias)
    assert orders == {True, False}


def test_a_seat_s_view_names_no_hidden_unit_by_its_uid() -> None:
    session = _play(TacticsSession(RECORDS, _setup(3, ["human", "heuristic"])), random.Random(5), 60)
    game = session.game
    hidden = [u for u in game.units() if u.pos is not None and hidden_from(u, 1)]
    assert hidden, "the test needs a unit hidden from seat 1 on the map"
    shown = json.dumps(view(game, 1, session.pending), ensure_ascii=False)
    numbers = {int(n) for n in HIDDEN.findall(shown)}
    assert {u.alias for u in hidden} <= numbers  # each is on the map by its alias
    assert not numbers & {u.uid for u in hidden}  # (aliases are 1000 and up, these uids far below)


def test_a_game_saved_when_hidden_units_went_by_their_uids_still_loads() -> None:
    """A save without the ``hidden`` field names a hidden unit by its uid in its labels: it replays into the same game,
    its labels read with the alias."""
    for seed in range(6):
        session = _play(TacticsSession(RECORDS, _setup(seed, ["human", "heuristic"])), random.Random(seed), 80)
        saved = json.loads(json.dumps(session.to_json()))
        assert saved["hidden"] == "alias"
        by_alias = {hidden_alias(seed, uid): uid for uid in range(1, 400)}
        old = [HIDDEN.sub(lambda m, uids=by_alias: f"hidden#{uids[int(m[1])]}", x) for x in saved["decisions"]]
        if old == saved["decisions"]:
            continue  # no label of this game named a hidden unit: try the next
        before = {k: v for k, v in saved.items() if k != "hidden"}
        resumed = TacticsSession.from_json(RECORDS, {**before, "decisions": old})
        assert resumed.labels == session.labels
        assert [(e.kind, e.data) for e in resumed.game.log] == [(e.kind, e.data) for e in session.game.log]
        return
    raise AssertionError("no game of these seeds had a decision that named a hidden unit")
