"""Deciders that play the tactics game sensibly (issue: "deciders that play sensibly").

:class:`HeuristicDecider` scores what it is offered from the game's point of view: it
attacks what it can hit (in range and sight, the weakest enemy first, without cover
when it can), moves to bring enemies into range and sight (and out of cover), faces
the nearest enemy, plays cards whose effects do something now (a damage card when a
target is in reach, a heal when a unit is hurt, equipment when a slot is free),
reinforces, answers attacks on its units with responses and counterattacks, and
goes for the mode's win condition (destroying enemy agents). Ties break with its own
seeded RNG, so the same seed gives the same game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

from toolkit.board import FACINGS
from toolkit.i18n import tr
from toolkit.text import ast as A

from ..core import Decider, EngineError, said
from .attack import SELF_DEFENSE, Profile
from .game import Action, TacticsGame
from .state import Card, Cell, Unit

T = TypeVar("T")
HIT = 4 / 6  # expected damage of one hit die with the default face table


class HeuristicDecider(Decider):
    """A player that looks at the board. Bind it to the game with :meth:`bind` before play."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.game: TacticsGame | None = None

    def bind(self, game: TacticsGame) -> HeuristicDecider:
        self.game = game
        return self

    # -- the entry points

    def choose(self, player: int, prompt: str, options: Sequence[T]) -> T:
        if not options:
            raise EngineError(tr("no option to choose from: {prompt}", prompt=said(prompt)))
        g = self.game
        if g is None or len(options) == 1:
            return options[0]
        scores = [self._score(g, player, prompt, option) for option in options]
        best = max(scores)
        picks = [o for o, s in zip(options, scores, strict=True) if s >= best - 1e-9]
        return picks[self.rng.randrange(len(picks))]

    def confirm(self, player: int, prompt: str) -> bool:
        return not prompt.startswith(("mulligan", "switch"))

    def choose_many(self, player: int, prompt: str, options: Sequence[T], count: int) -> list[T]:
        g = self.game
        if prompt.startswith("squad from the draft"):  # the engine lists the agents that suit the deck first
            return list(options[:count])
        if g is None or prompt.startswith("starting agent"):
            ranked = sorted(options, key=lambda o: -getattr(o, "hp", 0))
            return list(ranked[:count])
        return super().choose_many(player, prompt, options, count)

    # -- scoring

    def _score(self, g: TacticsGame, seat: int, prompt: str, option: Any) -> float:  # noqa: C901
        if isinstance(option, Action):
            value = self.action_value(g, option) + self.rng.random() * 0.3
            return value - 1.0 if prompt.startswith("special") else value  # a special outside its turn: rarely
        if option is None:
            return 0.4 if prompt.startswith(("respond", "special")) else 0.0
        hint = g.hint
        if prompt.startswith("move ") and isinstance(option, tuple) and hint and hint[0] == "move":
            return self.cell_value(g, hint[1], option)
        if prompt.startswith("facing") and isinstance(option, str) and hint and hint[0] == "facing":
            return self.facing_value(g, hint[1], option)
        if prompt.startswith("deploy") and isinstance(option, tuple):
            unit = hint[1] if hint and hint[0] == "deploy" else None
            return self.deploy_value(g, seat, unit, option)
        if prompt.startswith("target of") and isinstance(option, Unit):
            return self.attack_target_value(g, seat, option)
        if isinstance(option, Profile):
            return self.profile_value(g, seat, option)
        if prompt.startswith("counterattack") and option == SELF_DEFENSE:
            if not g.attacks:
                return -1.0
            attack = g.attacks[-1]
            unit = attack.target
            return 2.0 if any(g.can_hit(unit, attack.attacker, p.profile) for p in g.profiles(unit, True)) else -1.0
        if prompt.startswith(("target:", "choose:")) and isinstance(option, Unit | Card):
            return self.ref_value(g, seat, prompt, option)
        if prompt.startswith("attach") and isinstance(option, Unit):
            card = hint[1] if hint and hint[0] == "status" else None
            return self.status_target_value(g, seat, card, option)
        if prompt.startswith(("discard", "mortgage", "self-destruct")) and isinstance(option, Card):
            return -self.card_value(g, seat, option)
        if prompt.startswith("deployment die"):
            return 1.0 if option is not None else 0.5
        return self.rng.random()

    # -- the board

    def enemies(self, g: TacticsGame, seat: int) -> list[Unit]:
        return [u for u in g.units() if u.seat and u.kind != "obstacle" and g.hostile(seat, u.seat) and not u.dying]

    def best_range(self, g: TacticsGame, unit: Unit) -> list[Any]:
        return [p.profile for p in g.profiles(unit)]

    def hits_from(self, g: TacticsGame, unit: Unit, cell: Cell, target: Unit, facing: str | None = None) -> bool:
        """Whether ``unit`` standing on ``cell`` could hit ``target`` with one of its attacks."""
        if target.pos is None:
            return False
        board = g.board
        for profile in self.best_range(g, unit):
            low, high = g.attack_range(unit, profile)
            d = board.through_wall(cell, target.pos) if profile.through_walls else board.distance(cell, target.pos)
            if d is None or not low <= d <= high or not board.line_of_sight(cell, target.pos):
                continue
            if facing is None:
                return True
            side, rear = g.extra_vision(unit)
            if board.in_vision(cell, facing, target.pos, side, rear):
                return True
        return False

    def cell_value(self, g: TacticsGame, unit: Unit, cell: Cell) -> float:
        attack = g.attacks[-1] if g.attacks and g.attacks[-1].attacker is unit else None
        if unit.kind == "obstacle":
            return self.rng.random()
        if attack is not None:  # the melee move of an attack: get the target in reach
            return (
                10.0
                if self.hits_from(g, unit, cell, attack.target)
                else -g.board.through_wall(cell, attack.target.pos or cell)
            )
        enemies = self.enemies(g, unit.seat)
        if not enemies:
            return 0.0
        obstacles = [o.pos for o in g.obstacles if o.pos is not None and not o.gone]
        value = 0.0
        reachable = [e for e in enemies if self.hits_from(g, unit, cell, e)]
        if reachable:
            value += 6.0 + max(3.0 - e.hp / 4 for e in reachable)
            covered = all(g.board.cover(cell, e.pos, obstacles) for e in reachable if e.pos is not None)
            value -= 2.0 if covered else 0.0
        nearest = min((g.board.distance(cell, e.pos) or 99) for e in enemies if e.pos is not None)
        value -= nearest * 0.3
        if g.board.is_pit(cell):
            value -= 1.0
        return value

    def facing_value(self, g: TacticsGame, unit: Unit, facing: str) -> float:
        if unit.pos is None:
            return 0.0
        attack = g.attacks[-1] if g.attacks and g.attacks[-1].attacker is unit else None
        targets = [attack.target] if attack else self.enemies(g, unit.seat)
        value = 0.0
        side, rear = g.extra_vision(unit)
        for enemy in targets:
            if enemy.pos is None:
                continue
            d = g.board.through_wall(unit.pos, enemy.pos)
            if g.board.in_vision(unit.pos, facing, enemy.pos, side, rear):
                value += 10.0 / (1 + d)
            dx, dy = enemy.pos[0] - unit.pos[0], enemy.pos[1] - unit.pos[1]
            ahead = {"n": -dy, "s": dy, "e": dx, "w": -dx}[facing]
            value += ahead / (1 + d) * 0.5
        return value + FACINGS.index(facing) * 1e-6

    def deploy_value(self, g: TacticsGame, seat: int, unit: Unit | None, cell: Cell) -> float:
        enemies = self.enemies(g, seat)
        if not enemies:
            cx, cy = g.board.width / 2, g.board.height / 2
            return -abs(cell[0] - cx) - abs(cell[1] - cy) + self.rng.random() * 0.1
        nearest = min((g.board.distance(cell, e.pos) or 99) for e in enemies if e.pos is not None)
        return -abs(nearest - 4) + self.rng.random() * 0.1

    # -- attacks

    def _attacking(self, g: TacticsGame) -> tuple[Unit | None, Any]:
        """(attacker, profile or counter target) of the attack being declared, from the game's hint."""
        hint = g.hint
        if hint and hint[0] == "attack":
            return hint[1]
        if g.attacks:
            return g.attacks[-1].attacker, None
        return None, None

    def attack_target_value(self, g: TacticsGame, seat: int, target: Unit) -> float:
        attacker, profile = self._attacking(g)
        if target.seat == 0:
            base = 1.0
        elif not g.hostile(seat, target.seat):
            return -10.0
        else:
            base = 5.0 + (2.0 if target.kind == "agent" else 0.0) + max(0.0, 4.0 - target.hp / 3)
        if attacker is None or attacker.pos is None:
            return base
        profiles = [profile] if isinstance(profile, Profile) else g.profiles(attacker)
        if any(g.can_hit(attacker, target, p.profile) for p in profiles):
            return base
        melee = any(p.profile.style == "melee" for p in profiles)
        near = g.distance(attacker, target)
        if melee and near is not None and near <= 2:
            return base - 3.0  # the melee move may bring it into reach
        return base - 12.0

    def profile_value(self, g: TacticsGame, seat: int, profile: Profile) -> float:
        attacker, target = self._attacking(g)
        if attacker is None:
            return float(profile.profile.speed)
        targets = [target] if isinstance(target, Unit) else self.enemies(g, seat)
        hittable = [t for t in targets if g.can_hit(attacker, t, profile.profile)]
        melee_near = profile.profile.style == "melee" and any((g.distance(attacker, t) or 99) <= 2 for t in targets)
        value = 6.0 if hittable else (2.0 if melee_near else 0.0)
        return value + profile.profile.speed * HIT - (0.3 if profile.weapon else 0.0)

    def best_attack(self, g: TacticsGame, unit: Unit) -> float:
        """Expected value of one attack by ``unit`` now (0: nothing in reach)."""
        if unit.pos is None or g.cannot_quiet(unit, "attack"):
            return 0.0
        best = 0.0
        for profile in g.profiles(unit):
            for target in self.enemies(g, unit.seat):
                if g.can_hit(unit, target, profile.profile):
                    expected = profile.profile.speed * HIT
                    value = 4.0 + expected + (3.0 if target.hp <= expected + 1 else 0.0)
                    value += 1.0 if target.kind == "agent" else 0.0
                    best = max(best, value)
                elif profile.profile.style == "melee" and (g.distance(unit, target) or 99) <= 2:
                    best = max(best, 3.0)
        if best == 0.0:
            for obstacle in g.obstacles:
                if not obstacle.gone and any(g.can_hit(unit, obstacle, p.profile) for p in g.profiles(unit)):
                    best = max(best, 1.2)
        return best

    # -- actions and effects

    def action_value(self, g: TacticsGame, action: Action) -> float:
        if action.kind == "end":
            return 0.5
        unit = action.unit
        if unit is None:
            return 0.0
        if action.kind == "scavenge":
            return 0.7
        if action.kind == "play" and action.card is not None:
            return self.play_value(g, action.card, unit, action.face)
        ability = action.ability
        if ability is None:
            return 0.0
        record_id = action.source.record.id
        if record_id == "march":
            return 0.6 if self.best_attack(g, unit) >= 4 else 2.5
        if record_id == "aim":
            return 0.3
        if record_id == "resupply":
            return 1.2 if len(g.player(action.seat).hand) < 4 else 0.3
        value = self.effects_value(g, action.seat, unit, ability.sentences)
        for cost in ability.costs:
            if isinstance(cost, A.MortgageCost):
                value -= 0.6 * cost.count
        if action.kind == "ability" and ability.kind == "response":
            value -= 1.0
        return value

    def play_value(self, g: TacticsGame, card: Card, unit: Unit, face: str) -> float:
        record = card.record
        value = -0.4 * record.cost.mortgage
        if record.category == "equipment":
            slots = sum(c.record.equipment.slots for c in unit.equipment)
            if slots + record.equipment.slots > g.rules.equipment_slots:
                return value - 1.0
            has_weapon = any(c.record.equipment.attack for c in unit.equipment)
            if record.equipment.attack is not None:
                value += 4.0 if not has_weapon else 1.0
            else:
                value += 2.5
            return value + (0.3 if face == "front" else 0.0)
        if record.category == "status":
            target = record.status.target
            return value + (3.0 if target.startswith("enemy") else 2.0)
        if record.category == "minion":
            return value + 3.5
        abilities = [ab for _, ab in g.indexed_abilities(card) if ab.kind == "effect"]
        return value + sum(self.effects_value(g, card.owner, unit, ab.sentences) for ab in abilities)

    def effects_value(self, g: TacticsGame, seat: int, unit: Unit, sentences: Sequence[A.Sentence]) -> float:
        return sum(self.effect_value(g, seat, unit, e) for s in sentences for e in s.effects)

    def effect_value(self, g: TacticsGame, seat: int, unit: Unit, e: A.Node) -> float:  # noqa: C901
        if isinstance(e, A.If | A.YouMay | A.Until):
            inner = sum(self.effect_value(g, seat, unit, x) for x in e.effects)
            return inner * (0.6 if isinstance(e, A.If) else 1.0)
        if isinstance(e, A.Draw | A.Buy | A.Search | A.Reveal | A.GainToken):
            return 1.2 * getattr(e, "count", 1)
        if isinstance(e, A.Mortgage):
            return -0.5 * e.count
        if isinstance(e, A.Discard):
            return 1.2 * e.count if e.who == "opponent" else -0.8 * e.count
        if isinstance(e, A.Damage):
            return 3.0 + e.amount if self._valid(g, seat, unit, e.ref, hostile=True) else -1.0
        if isinstance(e, A.Heal):
            hurt = self._valid(g, seat, unit, e.ref, hostile=False, hurt=True)
            return 1.5 + e.amount if hurt else -0.5
        if isinstance(e, A.GainShield | A.GainTempHp):
            return 0.8
        if isinstance(e, A.Tap):
            return 2.0 if self._valid(g, seat, unit, e.ref, hostile=True) else -0.3
        if isinstance(e, A.Reset):
            tapped = [u for u in g.player(seat).units if u.tapped] + [
                c for u in g.player(seat).units for c in u.equipment if c.tapped
            ]
            return 1.5 if tapped else -0.3
        if isinstance(e, A.Expose):
            return 1.0 if self._valid(g, seat, unit, e.ref, hostile=True, hidden=True) else -0.3
        if isinstance(e, A.Destroy):
            return 2.0 if self._valid(g, seat, unit, e.ref, hostile=True) else -0.5
        if isinstance(e, A.Move):
            return 0.3 if self.best_attack(g, unit) >= 4 else 1.5
        if isinstance(e, A.BasicAttack | A.AttackWith):
            return self.best_attack(g, unit) or -1.0
        if isinstance(e, A.Deploy):
            return 5.0 if g.player(seat).standby else -1.0
        if isinstance(e, A.Modify | A.Cannot | A.GainVision | A.AttackMod):
            return 0.6
        if isinstance(e, A.TakeControl):  # a unit of theirs becomes one of ours: worth a good attack
            if isinstance(e.ref, A.Fixed):
                return 3.0
            within = getattr(e.ref, "within", None)
            takes = [
                u for u in g.candidates(e.ref.noun, seat) if isinstance(u, Unit) and not g.control_refusal(u, seat)
            ]
            reach = [u for u in takes if isinstance(e.ref, A.Chosen) or g.target_ok_quiet(unit, u, within)]
            return max((5.0 if u.kind == "agent" else 4.0 for u in reach), default=-1.0)
        if isinstance(e, A.DestroyTerrain | A.RestoreTerrain):  # a way through, or a breach sealed
            restore = isinstance(e, A.RestoreTerrain)
            return (0.6 if restore else 0.8) if g.cell_options(unit, e.cells, restore) else -0.5
        return 0.2

    def _valid(
        self,
        g: TacticsGame,
        seat: int,
        unit: Unit,
        ref: A.Node,
        hostile: bool,
        hurt: bool = False,
        hidden: bool = False,
    ) -> bool:
        """Whether the reference has a worthwhile legal target now."""
        if isinstance(ref, A.Fixed):
            return True
        noun = getattr(ref, "noun", None)
        options = g.candidates(noun, seat)
        within = getattr(ref, "within", None)
        for option in options:
            if isinstance(option, Card):
                return True
            if hostile and option.seat and not g.hostile(seat, option.seat):
                continue
            if not hostile and option.seat != seat:
                continue
            if hurt and option.hp >= g.max_hp(option):
                continue
            if hidden and not option.hidden:
                continue
            if isinstance(ref, A.Chosen) or g.target_ok_quiet(unit, option, within):
                return True
        return False

    def ref_value(self, g: TacticsGame, seat: int, prompt: str, option: Unit | Card) -> float:
        friendly = "己方" in prompt
        if isinstance(option, Card):
            holder = g.holder(option)
            mine = holder is not None and holder.seat == seat
            return (1.0 if mine == friendly else -1.0) + (1.0 if option.tapped == friendly else 0.0)
        mine = option.seat == seat or (option.seat != 0 and not g.hostile(seat, option.seat))
        if friendly != mine and "单位" in prompt and "己方" not in prompt and "敌方" not in prompt:
            value = 2.0 if not mine else -2.0  # 目标单位: hurt an enemy, not a friend
        else:
            value = 2.0 if friendly == mine else -2.0
        if friendly and option.hp < g.max_hp(option):
            value += 1.0
        if not friendly and option.kind == "agent":
            value += 1.0
        effect = g.hint[1] if g.hint and g.hint[0] == "effect" else None
        if isinstance(effect, A.Expose):
            value += 3.0 if option.hidden else -3.0
        elif isinstance(effect, A.Tap):
            value += 2.0 if not option.tapped else -2.0
        elif isinstance(effect, A.Heal):
            value += 2.0 if option.hp < g.max_hp(option) else -1.0
        within = None
        if "distance " in prompt:
            low, _, high = prompt.rsplit("distance ", 1)[1].rstrip("]").partition("-")
            if low.isdigit() and high.isdigit():
                within = (int(low), int(high))
        actor = self._actor(g, seat)
        if actor is not None and not g.target_ok_quiet(actor, option, within):
            value -= 5.0
        return value

    def _actor(self, g: TacticsGame, seat: int) -> Unit | None:
        acting = g.acting
        return acting if acting is not None and (acting.seat == seat or acting.kind == "obstacle") else None

    def status_target_value(self, g: TacticsGame, seat: int, card: Card | None, option: Unit) -> float:
        if card is None:
            return 0.0
        target = card.record.status.target
        mine = option.seat == seat
        if target.startswith("enemy") or (not target.startswith("friendly") and _harmful(g, card)):
            return (3.0 if not mine else -3.0) + (1.0 if option.kind == "agent" else 0.0)
        return 3.0 if mine else -3.0

    def card_value(self, g: TacticsGame, seat: int, card: Card) -> float:
        if card.token:
            return 0.5
        return 1.0 + card.record.cost.mortgage * 0.3 + (1.0 if card.record.category == "equipment" else 0.0)


def _harmful(g: TacticsGame, card: Card) -> bool:
    """A status whose text hurts the unit it sits on (damage, 无法…, 受到的伤害 +X)."""
    for _, ability in g.indexed_abilities(card):
        for sentence in ability.sentences:
            for e in sentence.effects:
                if isinstance(e, A.Damage | A.Cannot):
                    return True
                if isinstance(e, A.Modify) and (e.stat == "damage_taken") == (e.delta > 0):
                    return True
    return False
