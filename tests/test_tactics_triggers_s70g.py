"""Triggers that resolve when they no longer may (sweep 70g): after the game is over, and from a status that left
play with its unit (``Dazzled#4 ... self-destructed`` ... ``game over`` ... ``P1 trigger (... source: Dazzled``).
A leave-play ability (消灭时 / 消灭后 / 失联后) still looks back on purpose."""

from __future__ import annotations

from toolkit.engine.tactics import TacticsGame

from .tactics_util import board_game, events, put

OPEN = [".........."] * 8


def _bled(squads: tuple[tuple[str, ...], ...]) -> TacticsGame:
    """P1's first agent at 1 HP bearing P2's 流血 (Bleeding: 1 damage at the turn's start) and then P2's 目眩
    (Dazzled: self-destructs at the turn's start), both of P2's turn start (a card's turn-start text is its
    controller's turn's): 流血 resolves first."""
    game = board_game("duel", squads=squads, rows=OPEN)
    game.active = 1
    victim = put(game, 1, squads[0][0], (0, 0))
    if len(squads[0]) > 1:
        put(game, 1, squads[0][1], (0, 4))
    put(game, 2, squads[1][0], (5, 7))
    victim.hp = 1
    game.attach(victim, game._card("bleeding", 2))
    game.attach(victim, game._card("dazzled", 2))
    return game


def test_no_trigger_resolves_after_the_game_is_over() -> None:
    game = _bled((("gale",), ("jackdaw",)))
    game.fire("turn_start", 2)
    assert game.winners == [2]
    kinds = [e.kind for e in game.log]
    over = kinds.index("game_over")
    assert "trigger" not in kinds[over:], [(e.kind, e.data) for e in list(game.log)[over:]]


def test_a_status_that_left_play_with_its_unit_does_not_trigger() -> None:
    game = _bled((("gale", "anvil"), ("jackdaw",)))
    game.fire("turn_start", 2)
    assert game.winners is None
    sources = [e.data["source"] for e in events(game, "trigger")]
    assert "bleeding" in sources and "dazzled" not in sources, sources
