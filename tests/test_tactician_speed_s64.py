"""The tactician's short cuts (issue 27, part 1: games per second) give what the plain way gives, on positions of
seeded heuristic games: what a cell's attacks are worth (:meth:`TacticianDecider.opportunity`, written out) against the
best :meth:`TacticianDecider._strike` there, what destroying a unit is worth against the rule read afresh, the cost of
attacking a unit against a decider that has worked nothing out, the texts an attack reads against the cards read
afresh. Values only, never timing."""

from __future__ import annotations

import random
from typing import Any

import pytest

from toolkit.board import FACINGS
from toolkit.decks.random_deck import deck_card_ids, random_legal_decks
from toolkit.engine.simulate import simulate_tactics
from toolkit.engine.tactics import TacticsGame
from toolkit.engine.tactics.attack import RecordSource
from toolkit.engine.tactics.state import Card, Unit
from toolkit.engine.tactics.tactician import AGENT_KILL, GAME, MINION_KILL, TacticianDecider

from .tactics_util import RECORDS

POSITIONS = [("duel", 3, 6), ("duel", 6, 6), ("duo", 8, 3), ("duo", 2, 8), ("duo", 4, 14)]  # (mode, seed, rounds);
# duo 8: units face down to the other seat (duo 0 at round 4 and duo 7 at round 14, before: since session 68 an
# agent's own triggered ability exposes it, and those games went otherwise: every agent face up, duo 7 won in round 9)


def position(mode: str, seed: int, rounds: int) -> TacticsGame:
    decks = random_legal_decks(RECORDS, mode, random.Random(seed), 2)
    return simulate_tactics(RECORDS, mode, [list(d.agents or []) for d in decks], [deck_card_ids(d) for d in decks],
                            rounds, seed, decider="heuristic")  # fmt: skip


def fresh(game: TacticsGame) -> TacticianDecider:
    return TacticianDecider(random.Random(0)).bind(game)


def pieces(game: TacticsGame) -> list[Unit]:
    return [u for u in game.units() if u.pos is not None and u.seat and u.kind != "obstacle" and not u.dying]


@pytest.fixture(scope="module", params=POSITIONS, ids=[f"{m}-{s}-r{r}" for m, s, r in POSITIONS])
def game(request: pytest.FixtureRequest) -> TacticsGame:
    return position(*request.param)


def slow_opportunity(d: TacticianDecider, g: TacticsGame, unit: Unit, cell: Any, facing: str | None) -> float:
    """:meth:`TacticianDecider.opportunity` the plain way: the best :meth:`_strike` on any enemy from ``cell``."""
    if d.cannot(g, unit, "attack"):
        return 0.0
    look = None if unit.kind == "obstacle" else facing
    best = 0.0
    for profile in d.all_profiles(g, unit):
        move = d.mobility(g, unit, profile)
        for enemy in d.foes(g, unit.seat):
            found = d._strike(g, unit, profile, enemy, cell, look, move, 0, 0, False, True)
            if found is not None:
                best = max(best, found[0])
    return best


class OneFoe(TacticianDecider):
    """A tactician that sees only ``only`` of the enemies (each enemy's worth is checked alone, not hidden by a
    better one's)."""

    only: Unit | None = None

    def foes(self, g: TacticsGame, seat: int) -> list[Unit]:
        return [e for e in super().foes(g, seat) if self.only is None or e is self.only]


@pytest.mark.slow
def test_what_a_cell_offers_is_the_best_strike_from_there(game: TacticsGame) -> None:
    asked = 0
    for unit in pieces(game):
        assert unit.pos is not None
        for only in [None, *fresh(game).foes(game, unit.seat)]:
            fast, slow = OneFoe(random.Random(0)).bind(game), OneFoe(random.Random(0)).bind(game)
            assert isinstance(fast, OneFoe) and isinstance(slow, OneFoe)
            fast.only = slow.only = only
            for cell in fast.reach(game, unit, unit.pos, 3):
                for facing in (None, *FACINGS):
                    expected = slow_opportunity(slow, game, unit, cell, facing)
                    assert fast.opportunity(game, unit, cell, facing) == expected
                    asked += expected > 0
    assert asked


def slow_unit_worth(g: TacticsGame, unit: Unit, by_seat: int) -> float:
    """What destroying an agent is worth, the rule read afresh (the units on the map walked each time)."""
    worth = AGENT_KILL
    victory = g.mode.victory or []
    points = getattr(g.mode, "first_blood_points", None)
    if "first_blood" in victory and points and by_seat:
        worth += 2.0
        if g.player(by_seat).score + 1 >= points:
            worth += GAME
    if "last_squad_standing" in victory or not victory:
        team = g.team_of(unit.seat)
        others = [u for u in g.units()
                  if u.kind == "agent" and u is not unit and not u.dying and g.team_of(u.seat) == team]  # fmt: skip
        standby = any(p.standby for p in g.players if p.team == team and not p.out)
        if not others and not standby:
            worth += GAME
    return worth


def test_what_destroying_a_unit_is_worth_is_the_rule_read_afresh(game: TacticsGame) -> None:
    d = fresh(game)
    units = pieces(game)
    guesses = [guess for u in units for seat in (1, 2) if d.unseen(u, seat) for guess in d.guesses(game, u, seat)]
    for unit in units + guesses:
        for seat in (0, 1, 2):
            expected = slow_unit_worth(game, unit, seat) if unit.kind == "agent" else MINION_KILL
            if unit.kind in ("agent", "minion"):
                assert d.unit_worth(game, unit, seat) == expected


def test_the_cost_of_an_attack_is_that_of_a_decider_that_worked_nothing_out(game: TacticsGame) -> None:
    warm = fresh(game)
    units = pieces(game)
    pairs = [(a, t) for a in units for t in units if a is not t]
    for attacker, target in pairs:  # worked out once, kept for the decision
        assert attacker.pos is not None
        warm.retaliation(game, attacker, target, attacker.pos, False)
    for attacker, target in pairs:
        assert attacker.pos is not None and target.pos is not None
        for spot in {attacker.pos, target.pos}:
            for counter in (False, True):
                assert warm.retaliation(game, attacker, target, spot, counter) == fresh(game).retaliation(
                    game, attacker, target, spot, counter
                )


def test_the_texts_an_attack_reads_are_the_cards_read_afresh(game: TacticsGame) -> None:
    d = fresh(game)
    for unit in pieces(game):
        for profile in [None, *d.all_profiles(game, unit)]:
            # of the weapons worn, an attack reads its own only (T21: a weapon's attack texts are its attacks')
            used = profile.weapon.uid if profile is not None and profile.weapon is not None else None
            worn = [c for c in unit.equipment if profile is None or c.uid == used or c.record.equipment.attack is None]
            sources: list[Any] = [unit, *worn, *unit.statuses]
            if profile is not None and profile.record is not None:
                sources.append(RecordSource(profile.record))
            expected = [ab for s in sources for _, ab in game.face_abilities(s, _face(s))
                        if ab.kind == "triggered"]  # fmt: skip
            assert d._attack_texts(game, unit, profile) == expected
            assert d._attack_texts(game, unit, profile) == expected  # kept: the same again


def _face(source: Any) -> str:
    """The face whose text is read (:meth:`TacticianDecider.texts`)."""
    reverse = getattr(source.record, "reverse", None)
    if reverse is None or not isinstance(source, Card):
        return "front"
    return str(reverse.active_when_tapped if source.tapped else source.face)
