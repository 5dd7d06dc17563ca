"""What each of a seat's units on the map may do from where it stands: the cells a 行进 takes it to and the attacks
it can make now, each with its hit chance, the cover (T17) and the damage to expect, for the player at the table
(the page of ``/play`` shows them when a unit is clicked).

Only what the seat may see goes in: a unit hidden from it is a target by its cell alone (``hidden#N``, N its alias), and the
attacker's own 攻击前/攻击时 texts are weighed without reading such a target (their conditions on it are left out);
its shields and temporary HP are its own, so the damage is the dice's, before them.
"""

from __future__ import annotations

from typing import Any

from .decisions import hidden_from
from .game import TacticsGame
from .state import Unit


def _label(unit: Unit, seat: int) -> str:
    return f"hidden#{unit.alias}" if hidden_from(unit, seat) else f"{unit.id}#{unit.uid}"


def hit_odds(game: TacticsGame, speed: int, modifier: int) -> tuple[float, float]:
    """(chance of at least 1 damage, damage to expect) of ``speed`` hit dice with ``modifier`` (§13.2, T9)."""
    from .tactician import hit_distribution

    dist = hit_distribution(tuple(game.rules.hit_die), max(1, speed), modifier)
    return 1.0 - dist[0], sum(damage * p for damage, p in enumerate(dist))


def prospects(game: TacticsGame, seat: int) -> list[dict[str, Any]]:
    """For each unit ``seat`` controls on the map: its label, cell, the cells a 行进 may end on (none when it is
    tapped or cannot move) and the attacks it can make now (in range, sight and vision), best chance first."""
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
            cells = game.board.reachable(unit.pos, steps, game.blocked_for(unit), game.mode.climb_cost)
            moves = sorted([list(c) for c in cells if c != unit.pos and not game.at(c)])
        attacks: list[dict[str, Any]] = []
        if not game.cannot_quiet(unit, "attack"):
            for profile in game.profiles(unit):
                for target in units:
                    if target is unit or target.pos is None or not game.hostile(seat, target.seat):
                        continue
                    if not game.can_hit(unit, target, profile.profile):
                        continue
                    hidden = hidden_from(target, seat)
                    speed_mod, hit_mod, damage_mod = reader.attack_mods(game, unit, None if hidden else target, profile)
                    cover = game.cover_of(unit, target)
                    pit = -1 if game.board.is_pit(target.pos) and not game.board.is_pit(unit.pos) else 0
                    modifier = hit_mod + game.stat_bonus(unit, "hit_result") + cover + pit
                    chance, expected = hit_odds(game, profile.profile.speed + speed_mod, modifier)
                    if expected > 0:
                        expected = max(0.0, expected + damage_mod * chance)
                    attacks.append({
                        "attack": profile.name, "weapon": f"{profile.weapon.id}#{profile.weapon.uid}" if profile.weapon
                        else None, "target": _label(target, seat), "target_name": None if hidden else target.name,
                        "pos": list(target.pos), "distance": game.distance(unit, target, profile.profile.through_walls),
                        "cover": cover, "pit": pit, "chance": round(chance, 3), "expected": round(expected, 2),
                    })  # fmt: skip
        attacks.sort(key=lambda a: (-a["chance"], -a["expected"], a["target"], a["attack"]))
        out.append({"unit": _label(unit, seat), "uid": unit.uid, "name": unit.name, "pos": list(unit.pos),
                    "tapped": unit.tapped, "moves": moves, "attacks": attacks})  # fmt: skip
    return out
