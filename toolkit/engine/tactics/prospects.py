"""What each of a seat's units on the map may do from where it stands: the cells a 行进 takes it to and the attacks
it can make now, each with its hit chance, the cover (T17) and the damage to expect, for the player at the table
(the page of ``/play`` shows them when a unit is clicked).

The cells of a 行进 are those the engine's move may end on (:meth:`~.board.BoardRules.move_options`): own and
friendly units' cells among them (§3.3 "己方单位坐标可重叠", T18), hostile units', walls' and scene obstacles' not. An
attack whose 攻击时 lets the attacker first move (the melee move 0-1 and turn, §13.1, T21, or its own text's) is
reckoned from the best cell that move reaches, range and sight checked there, as the engine checks them after it:
``from`` is that cell and ``step`` says the attacker must move or turn first (False: it hits from where it stands as
it faces).

Only what the seat may see goes in: a unit hidden from it is a target by its cell alone (``hidden#N``, N its alias), and the
attacker's own 攻击前/攻击时 texts are weighed without reading such a target (their conditions on it are left out);
its shields and temporary HP are its own, so the damage is the dice's, before them.
"""

from __future__ import annotations

import copy
from typing import Any

from toolkit.board import FACINGS

from .decisions import hidden_from
from .game import TacticsGame
from .state import Cell, Unit


def _label(unit: Unit, seat: int) -> str:
    return f"hidden#{unit.alias}" if hidden_from(unit, seat) else f"{unit.id}#{unit.uid}"


def hit_odds(game: TacticsGame, speed: int, modifier: int) -> tuple[float, float]:
    """(chance of at least 1 damage, damage to expect) of ``speed`` hit dice with ``modifier`` (§13.2, T9)."""
    from .tactician import hit_distribution

    dist = hit_distribution(tuple(game.rules.hit_die), max(1, speed), modifier)
    return 1.0 - dist[0], sum(damage * p for damage, p in enumerate(dist))


def _stand_in(unit: Unit, cell: Cell, facing: str | None) -> Unit:
    """``unit`` as it would stand on ``cell`` facing ``facing``: a copy (the game itself is not changed), its cards
    and effects the unit's own, for the engine's range, sight, cover and distance rules to be asked from there."""
    moved = copy.copy(unit)
    moved.pos, moved.facing = cell, facing
    return moved


def _spots(game: TacticsGame, unit: Unit, steps: int) -> list[tuple[Unit, bool]]:
    """Where ``unit`` may attack from once its 攻击时 move of 0..``steps`` has happened: (it there, whether it had to
    move or turn), first where it stands as it faces. The cells are those the engine's move may end on, the facing
    any (a move ends with the choice of facing, T15); none but the first when it cannot move."""
    assert unit.pos is not None
    spots: list[tuple[Unit, bool]] = [(unit, False)]
    if steps <= 0 or game.cannot_quiet(unit, "move"):
        return spots
    cells = game.move_options(unit, steps)
    for cell in sorted(cells, key=lambda c: (cells[c], c[1], c[0])):  # nearest first, as the engine offers them
        spots += [(_stand_in(unit, cell, f), True) for f in FACINGS if (cell, f) != (unit.pos, unit.facing)]
    return spots


def _may_attack(game: TacticsGame, unit: Unit, seat: int) -> bool:
    """Whether ``unit`` has a way to attack: nothing forbids it, and it is untapped (袭击 taps it: "主动 横置"), or
    the seat holds a card that makes an attack and that it may play without tapping (as 屏息凝神)."""
    if game.cannot_quiet(unit, "attack"):
        return False
    if not unit.tapped:
        return True
    return any(game._plays_attack(card) and game.card_user_ok(card, unit, seat) for card in game.player(seat).hand)


def prospects(game: TacticsGame, seat: int) -> list[dict[str, Any]]:
    """For each unit ``seat`` controls on the map: its label, cell, the cells a 行进 may end on (none when it is
    tapped or cannot move) and the attacks it can make now (in range, sight and vision, after the move its 攻击时
    makes first, if any), best chance first: none when it has no way to attack (:func:`_may_attack`)."""
    import random

    from .tactician import TacticianDecider

    reader = TacticianDecider(random.Random(0)).bind(game)  # its reading of the attacker's texts, nothing decided
    out: list[dict[str, Any]] = []
    units = game.units()
    for unit in units:
        if unit.pos is None or unit.seat != seat or unit.kind == "obstacle":
            continue
        moves: list[list[int]] = []
        if not unit.tapped and not game.cannot_quiet(unit, "move"):
            steps = max(0, getattr(unit.record, "move", 2) + game.stat_bonus(unit, "move"))
            moves = sorted([list(c) for c in game.move_options(unit, steps) if c != unit.pos])
        attacks: list[dict[str, Any]] = []
        if _may_attack(game, unit, seat):
            for profile in game.profiles(unit):
                spots = _spots(game, unit, reader.mobility(game, unit, profile))
                for target in units:
                    if target is unit or target.pos is None or not game.hostile(seat, target.seat):
                        continue
                    hidden = hidden_from(target, seat)
                    speed_mod, hit_mod, damage_mod = reader.attack_mods(game, unit, None if hidden else target, profile)
                    best: tuple[float, float, dict[str, Any]] | None = None
                    for attacker, step in spots:
                        assert attacker.pos is not None
                        if not game.can_hit(attacker, target, profile.profile):
                            continue
                        cover = game.cover_of(attacker, target)
                        pit = -1 if game.board.is_pit(target.pos) and attacker.pos != target.pos else 0
                        modifier = hit_mod + game.stat_bonus(unit, "hit_result") + cover + pit
                        chance, expected = hit_odds(game, profile.profile.speed + speed_mod, modifier)
                        if expected > 0:
                            expected = max(0.0, expected + damage_mod * chance)
                        if best is not None and (chance, expected) <= best[:2]:
                            continue  # (ties: the spot found first, the nearest: no move when none is needed)
                        best = chance, expected, {
                            "attack": profile.name, "weapon": f"{profile.weapon.id}#{profile.weapon.uid}"
                            if profile.weapon else None, "target": _label(target, seat),
                            "target_name": None if hidden else target.name, "pos": list(target.pos),
                            "distance": game.distance(attacker, target, profile.profile.through_walls), "cover": cover,
                            "pit": pit, "chance": round(chance, 3), "expected": round(expected, 2),
                            "from": list(attacker.pos), "step": step,
                        }  # fmt: skip
                    if best is not None:
                        attacks.append(best[2])
        attacks.sort(key=lambda a: (-a["chance"], -a["expected"], a["target"], a["attack"]))
        out.append({"unit": _label(unit, seat), "uid": unit.uid, "name": unit.name, "pos": list(unit.pos),
                    "tapped": unit.tapped, "moves": moves, "attacks": attacks})  # fmt: skip
    return out
