"""The player that looks ahead samples what its seat cannot know (issue 28): besides the dice, the decks, the other
seats' hands and the agents face down, the matrix shop's order (§2.2: nobody knows it), which scene obstacle each
face-down one is (§3.1: dealt face down at random from the supply) and the cards the other seats hold face down in
their mortgage zones (§2.3). Each copy it plays on is drawn from what its seat sees alone: two games that differ only
in those give it the very same copies."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from tests.conftest import ROOT
from toolkit.catalog import load_catalog
from toolkit.decks.random_deck import deck_card_ids, random_legal_decks
from toolkit.engine.simulate import simulate_tactics
from toolkit.engine.tactics.decisions import hidden_from
from toolkit.engine.tactics.game import OBSTACLE_COPIES
from toolkit.engine.tactics.search import _as_unit, _copy, _unseen_obstacles, determinize

RECORDS = list(load_catalog([ROOT / "cards" / "tactics"]).records)
SCENE = sorted(r.id for r in RECORDS if r.kind == "unit" and r.type == "obstacle" and r.obstacle == "scene")
SEAT = 1


def _game(rounds: int = 1) -> Any:
    """双雄 after a round: 11 cards in the shop, the 5 scene obstacles face down, 3 cards in seat 2's mortgage (after
    3 rounds: 4 in the shop, 4 mortgaged)."""
    decks = random_legal_decks(RECORDS, "duo", random.Random(2), 2)
    g: Any = simulate_tactics(RECORDS, "duo", [list(d.agents or []) for d in decks], [deck_card_ids(d) for d in decks],
                              rounds, 2, ["heuristic", "heuristic"])  # fmt: skip
    assert len(g.shop) > 2 and len(g.player(2).mortgage) >= 2
    assert sum(o.hidden for o in g.obstacles) >= 3
    return g


def _seen(g: Any, seat: int) -> tuple[Any, ...]:
    """What ``seat`` sees: its own hand and mortgaged cards, every unit's place (a face-down one's without what it
    is), every zone's count, the public piles, the shop's count and cards (not their order)."""
    units = [(u.uid, u.pos, u.hidden, None if hidden_from(u, seat) else (u.id, u.hp))
             for u in (*g.units(), *(u for p in g.players for u in p.standby))]  # fmt: skip
    piles = [(p.sizes(), [c.id for c in p.discard], [c.id for c in p.removed], [str(x) for x in p.lost])
             for p in g.players]  # fmt: skip
    own = g.player(seat)
    return (units, piles, [c.id for c in own.hand], [c.id for c in own.mortgage], sorted(c.id for c in g.shop))


def _hidden(g: Any, seat: int) -> tuple[Any, ...]:
    """What ``seat`` cannot know of these: the shop's order, the face-down obstacles, the others' mortgaged cards."""
    return (
        [c.id for c in g.shop],
        [o.id for o in g.obstacles if hidden_from(o, seat)],
        [[c.id for c in p.mortgage] for p in g.players if p.seat != seat],
    )


def _world(g: Any, seat: int) -> tuple[Any, ...]:
    """All of a copy the searcher plays on."""
    return (_seen(g, seat), _hidden(g, seat), [([c.id for c in p.hand], [c.id for c in p.deck]) for p in g.players],
            [(u.uid, u.id) for p in g.players for u in (*p.units, *p.standby)], g.rng.random())  # fmt: skip


def test_a_drawn_copy_keeps_what_the_seat_sees_and_draws_the_shop_obstacles_and_mortgages_anew() -> None:
    game = _game()
    seen, truth = _seen(game, SEAT), _hidden(game, SEAT)
    drawn = []
    for seed in range(6):
        copy = _copy(game)
        determinize(copy, SEAT, random.Random(seed))
        assert _seen(copy, SEAT) == seen  # its hand, the units' places, the counts, the public piles: as they are
        assert _seen(game, SEAT) == seen and _hidden(game, SEAT) == truth  # (the game itself untouched)
        faces = Counter(o.id for o in copy.obstacles)
        assert all(faces[i] <= OBSTACLE_COPIES for i in faces) and set(faces) <= set(SCENE)
        assert all(o.hidden and o.hp == o.max_hp == o.record.hp for o in copy.obstacles if hidden_from(o, SEAT))
        drawn.append(_hidden(copy, SEAT))
    for part in range(3):  # the shop's order, the face-down obstacles, seat 2's mortgage: not always the real ones
        assert any(d[part] != truth[part] for d in drawn), part


def test_the_copies_drawn_do_not_depend_on_what_the_seat_cannot_know() -> None:
    game = _game()
    a, b = _copy(game), _copy(game)
    b.shop.reverse()  # the shop in another order
    at = next(i for i, o in enumerate(b.obstacles) if hidden_from(o, SEAT))
    faces = Counter(o.id for o in b.obstacles)
    other = next(i for i in SCENE if i != b.obstacles[at].id and faces[i] < OBSTACLE_COPIES)
    b.obstacles[at] = _as_unit(b, b.obstacles[at], ("unit", other))  # another scene obstacle under a face-down piece
    theirs = b.player(2)
    theirs.mortgage[0], theirs.deck[-1] = theirs.deck[-1], theirs.mortgage[0]  # another card in their mortgage zone
    assert theirs.mortgage[0].id != game.player(2).mortgage[0].id
    assert _seen(a, SEAT) == _seen(b, SEAT)
    assert all(x != y for x, y in zip(_hidden(a, SEAT), _hidden(b, SEAT), strict=True))
    for seed in (3, 7):
        x, y = _copy(a), _copy(b)
        determinize(x, SEAT, random.Random(seed))
        determinize(y, SEAT, random.Random(seed))
        assert _world(x, SEAT) == _world(y, SEAT)


def test_a_face_down_obstacle_is_never_one_already_seen() -> None:
    """The pieces a face-down obstacle is drawn from: the supply's less those seen face up, on the map or gone from
    it (a unit leaving the map turns face up)."""
    game = _game()
    copy = _copy(game)
    down = [o for o in copy.obstacles if o.hidden]
    assert sum(_unseen_obstacles(copy, SEAT).values()) == OBSTACLE_COPIES * len(SCENE) - (5 - len(down))
    shown, gone = down[0], down[1]
    copy.expose(shown, "test")
    copy.destroy(gone)
    assert gone.gone and gone not in copy.obstacles
    pool = _unseen_obstacles(copy, SEAT)
    expected = Counter({i: OBSTACLE_COPIES for i in SCENE})
    expected.subtract(o.id for o in copy.obstacles if not o.hidden)
    expected.subtract([gone.id])
    assert pool == +expected
    for seed in range(8):  # every face-down one drawn from that pool, none more often than it holds
        world = _copy(copy)
        determinize(world, SEAT, random.Random(seed))
        drawn = Counter(o.id for o in world.obstacles if o.hidden)
        assert not drawn - pool and sum(drawn.values()) == sum(o.hidden for o in copy.obstacles)


def test_the_tactician_weighs_its_actions_without_them_either() -> None:
    """The searcher's candidates and its rollouts' players are tacticians: what they make of a position does not
    depend on the shop's order, which obstacle is face down where, or what another seat has mortgaged (they read
    the shop's count, the mortgage zones' counts, and of a face-down obstacle every one it could be)."""
    from toolkit.engine.tactics.tactician import TacticianDecider

    game = _game(3)
    game.round += 1
    game.start_turn(SEAT)
    game.draw_phase(SEAT)  # (it buys from the shop: the copies differ after this)
    a, b = _copy(game), _copy(game)
    b.shop.reverse()
    faces = Counter(o.id for o in b.obstacles)
    for at, unit in enumerate(list(b.obstacles)):
        other = next((i for i in SCENE if i != unit.id and faces[i] < OBSTACLE_COPIES), None)
        if unit.hidden and other is not None:
            faces[other], faces[unit.id] = faces[other] + 1, faces[unit.id] - 1
            b.obstacles[at] = _as_unit(b, unit, ("unit", other))
    theirs = b.player(2)
    for k in range(len(theirs.mortgage)):
        theirs.mortgage[k], theirs.deck[k] = theirs.deck[k], theirs.mortgage[k]
    assert all(x != y for x, y in zip(_hidden(a, SEAT), _hidden(b, SEAT), strict=True))

    def scores(g: Any) -> list[float]:
        player = TacticianDecider(random.Random(0))
        player.bind(g)
        return list(player.scores(g, SEAT, "choose an action", g.legal_actions(SEAT)))

    assert len(scores(a)) > 5 and scores(a) == scores(b)
    for g in (a, b):  # (where it may know which obstacles they are, it weighs them otherwise: the test can fail)
        for unit in g.obstacles:
            unit.hidden = False
    assert scores(a) != scores(b)
