"""The attack sequence (§13, RULINGS T21).

Declare (attack profile: a built-in attack or one equipped weapon; the target, any unit
but the attacker for 袭击) → 攻击前 → the opponents' responses (the attack action's one window: an ability or a
card whose text makes the attack opens none before it, :func:`makes_attack`) → 攻击时 (a melee attacker
may first move 0-1 and turn) → range and sight checked (else 目标丢失) → as many hit dice
as the profile's attack speed, modified by 本次攻击…, effects, cover (T17) and pits, clamped
1..6 → damage (受到伤害时, 消灭时) → 攻击后 (a lost target too, without the text aimed at it) / 被攻击后 and the
target's counterattack chance (正当防卫, 武装反击; a destroyed target still has it: 最后一击) → 消灭后 / 失联后. Special abilities
may be used at each step (T26): the response window, 攻击时, 伤害结算 (before range and sight are judged),
攻击后 (a target lost too) and, when the attack destroyed a unit, 消灭后 / 失联后.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from toolkit.engine.phrase import Phrase
from toolkit.i18n.words import N_
from toolkit.text import ast as A

from .interp import Interpreter
from .state import Attack, Card, Context, Unit

if TYPE_CHECKING:
    from .specials import SpecialAbilities

SELF_DEFENSE = "self_defense"
"""The counterattack option 正当防卫 (the ability record ``self_defense``): its label in decisions and saved games."""
SELF_DEFENSE_BEFORE = "正当防卫"
"""Its label in games saved before it had an ASCII one (replayed as :data:`SELF_DEFENSE`)."""


@dataclass(frozen=True)
class Profile:
    """One way to attack: a built-in attack (its record), a minion's own attack, or a weapon."""

    name: str
    profile: Any  # AttackProfile
    weapon: Card | None = None
    record: Any = None  # the attack record (格斗, 制式手枪) whose text belongs to the attack

    def __str__(self) -> str:
        return self.name


class RecordSource:
    """A record whose text takes part in play without being a card or a unit (basic abilities, attacks)."""

    def __init__(self, record: Any) -> None:
        self.record = record
        self.tapped = False

    def __str__(self) -> str:
        return str(self.record.name.zh_hans)


class AttackRules(Interpreter):
    """Attacks and counterattacks."""

    specials: SpecialAbilities  # the game's part for special abilities (T26): a window at each attack step

    def profiles(self, unit: Unit, built_in_only: bool = False) -> list[Profile]:
        """The attacks ``unit`` can make: built-in ones (agents: 格斗, 制式手枪; a minion its own) and,
        unless ``built_in_only``, each untapped equipped weapon (§13.1). A new list each time."""
        key = ("profiles", unit.kind, unit.id)
        built_in: list[Profile] | None = self._shared.get(key)
        if built_in is None:  # made once per record (the profiles are frozen)
            built_in = []
            if unit.kind == "agent":
                for attack_id in unit.record.attacks:
                    record = self.by_id.get(("attack", attack_id))
                    if record is not None:
                        built_in.append(Profile(record.name.zh_hans, record.attack, None, record))
            elif unit.kind == "minion" and unit.record.attack is not None:
                built_in.append(Profile(unit.name, unit.record.attack, None, None))
            self._shared[key] = built_in
        out = list(built_in)
        if not built_in_only:
            for card in unit.equipment:
                attack = card.record.equipment.attack
                if attack is not None and not card.tapped:
                    out.append(Profile(card.name, attack, card, None))
        return out

    def attack_range(self, attacker: Unit, profile: Any) -> tuple[int, int]:
        return profile.range.min, max(profile.range.min, profile.range.max + self.stat_bonus(attacker, "range"))

    def cover_of(self, attacker: Unit, target: Unit) -> int:
        """The cover ``target`` has against ``attacker`` where both stand (T17): from the obstacles but the target,
        and in modes where units impede, from the other units but the attacker's own and its teammates' (§6.3
        "己方单位不会阻碍视线"; teammates' units are friendly, T22)."""
        assert attacker.pos is not None and target.pos is not None
        units = self.units()
        cover_from = [u.pos for u in units if u.kind == "obstacle" and u is not target and u.pos is not None]
        if self.mode.units_impede:
            cover_from += [u.pos for u in units if u.kind != "obstacle" and u not in (attacker, target) and u.pos
                           and self.hostile(attacker.seat, u.seat)]  # fmt: skip
        return self.board.cover(attacker.pos, target.pos, cover_from)

    def can_hit(self, attacker: Unit, target: Unit, profile: Any) -> bool:
        """Whether ``target`` is in range and in the attacker's vision and sight now (no side effects)."""
        if attacker.pos is None or target.pos is None or target is attacker:
            return False
        low, high = self.attack_range(attacker, profile)
        d = self.distance(attacker, target, profile.through_walls)
        if d is None or not low <= d <= high:
            return False
        if attacker.facing is None:
            return True
        if not self.board.line_of_sight(attacker.pos, target.pos):
            return False
        side, rear = self.extra_vision(attacker)
        return self.board.in_vision(attacker.pos, attacker.facing, target.pos, side, rear)

    def basic_attack(self, attacker: Unit, ctx: Context, counter: bool = False) -> Attack | None:
        """本单位进行 1 次袭击 (any unit but the attacker, §13.1.1) or 1 次反击 (at the attacker of the
        attack being answered, with a built-in attack: 仓促反击). The attack made (None: none was), which the rest
        of the text reads (如果本次攻击的目标被消灭…)."""
        if counter:
            current = ctx.attack or (self.attacks[-1] if self.attacks else None)
            if current is None or current.attacker.gone:
                self.log.add("counter_failed", attacker.seat, unit=str(attacker), reason=Phrase(N_("no attack to answer")))
                return None
            options = self.profiles(attacker, built_in_only=True)
            if not options:
                self.log.add("counter_failed", attacker.seat, unit=str(attacker), reason=Phrase(N_("no built-in attack")))
                return None
            self.hint = ("attack", (attacker, current.attacker))
            asked = Phrase(N_("counterattack of {unit}: with which attack?"), unit=str(attacker))
            profile = self.decider.choose(attacker.seat, asked, options)
            return self.attack(attacker, current.attacker, profile, counter=True)
        options = self.profiles(attacker)
        if not options:
            self.log.add("attack_failed", attacker.seat, unit=str(attacker), reason=Phrase(N_("no attack profile")))
            return None
        self.hint = ("attack", (attacker, None))
        profile = self.decider.choose(attacker.seat, Phrase(N_("attack of {unit}: with which attack?"),
                                                            unit=str(attacker)), options)  # fmt: skip
        return self.declare_attack(attacker, profile)

    def attack_with(self, attacker: Unit, ctx: Context, name: str) -> Attack | None:
        """本单位使用「名称」攻击 1 次: a built-in attack or an equipped weapon of that name; the attack made (None:
        none was)."""
        options = [p for p in self.profiles(attacker) if p.name == name]
        if not options:
            self.log.add("attack_failed", attacker.seat, unit=str(attacker), reason=Phrase(N_("no attack named {name}"), name=name))
            return None
        return self.declare_attack(attacker, options[0])

    def attack_targets(self, attacker: Unit) -> list[Unit]:
        return [u for u in self.units() if u is not attacker and not u.dying]

    def declare_attack(self, attacker: Unit, profile: Profile) -> Attack | None:
        targets = self.attack_targets(attacker)
        if not targets:
            self.log.add("attack_failed", attacker.seat, unit=str(attacker), reason=Phrase(N_("no other unit on the map")))
            return None
        self.hint = ("attack", (attacker, profile))
        asked = Phrase(N_("target of {unit}'s attack with {attack}"), unit=str(attacker), attack=str(profile))
        target = self.decider.choose(attacker.seat, asked, targets)
        return self.attack(attacker, target, profile)

    def attack(self, attacker: Unit, target: Unit, profile: Profile, counter: bool = False) -> Attack | None:
        """One attack from declaration to 消灭后 (T21)."""
        seat = attacker.seat
        if self.cannot(attacker, "attack"):
            self.log.add("attack_prevented", seat, unit=str(attacker))
            return None
        if profile.weapon is not None:
            if profile.weapon.tapped:
                self.log.add("attack_failed", seat, unit=str(attacker), reason=Phrase(N_("{weapon} is tapped"), weapon=str(profile.weapon)))
                return None
            profile.weapon.tapped = True
            self.log.add("tap", seat, what=str(profile.weapon), reason=Phrase(N_("attacks with it")))
        attack = Attack(attacker, target, profile.profile, profile.name, profile.weapon, counter)
        self.attacks.append(attack)
        ctx = Context(seat, profile.weapon, attacker, attack=attack)
        extra = [RecordSource(profile.record)] if profile.record is not None else []
        try:
            self.log.add(
                "attack",
                seat,
                unit=str(attacker),
                target=str(target),
                attack=profile.name,
                style=profile.profile.style,
                counter=counter,
            )
            self.fire("before_attack", seat, unit=attacker, extra=extra, attack=attack)
            if not counter:
                self.response_window(seat, ctx)
            # (an attacker destroyed or gone, or the game over, before 攻击时: the attack stops there; a unit it
            # destroyed still leaves play below)
            if self.winners is None and not attacker.gone and not (attacker.dying and not counter):
                self._attack_steps(attack, seat, profile, extra)
        finally:
            self.attacks.pop()
        for unit in attack.dying:
            self.leave(unit, window=False)
        if attack.dying:  # 消灭后 / 失联后: a timing point once the units it destroyed are in the lost zone (T26)
            self.specials.window("after_destroyed", lambda viewer: self.attack_words(attack))
        return attack

    def destroyed_window(self, unit: Unit) -> None:
        """消灭后 / 失联后 of a unit destroyed outside an attack (an effect's damage, 消灭): a timing point where special
        abilities may be used too (T26 "at any timing point of any player's turn"; §14.7, §14.8), once the unit is in
        the lost zone, named by it."""
        self.specials.window("after_destroyed", lambda viewer: Phrase(N_("{unit} was destroyed"), unit=str(unit)))

    def _attack_steps(self, attack: Attack, seat: int, profile: Profile, extra: list[Any]) -> None:
        """攻击时, 伤害结算 and 攻击后 of an attack declared by ``seat`` (§13.1, §14.8), each a timing point where
        special abilities may be used (T26)."""
        attacker, target = attack.attacker, attack.target
        # a melee attacker may first move 0-1 and turn, then the 攻击时 abilities resolve (§14.8: "近战攻击时，
        # 攻击者可以先移动0-1"; T21); a weapon whose own 攻击时 text moves it moves there instead
        if profile.profile.style == "melee" and not _moves_on_attack(profile.record):
            self.move(attacker, 0, 1, reason=Phrase(N_("melee attack (§13.1)")))
        about = lambda viewer: self.attack_words(attack)  # noqa: E731 - (the same for every seat)
        self.fire("on_attack", seat, unit=attacker, extra=extra, attack=attack)
        self.specials.window("on_attack", about)
        if self.winners is None and not attacker.gone:
            # 伤害结算: its timing point comes first; range and sight are judged as the damage resolves (§13.1
            # "结算时判定合法性"), so a special ability used here (a move) may still lose the target
            self.specials.window("damage", about)
        resolved = self.winners is None and not attacker.gone
        if resolved:
            self._resolve_hit(attack)
        else:
            attack.lost = True
        if resolved:
            # 攻击后 resolves when the target was lost too: only the text aimed at the target does not (§13.1 "不结算这段
            # 对目标生效的能力文字": 本次攻击的目标 and a bare 目标 name nothing then, :meth:`_attack_target`)
            self.fire("after_attack", seat, unit=attacker, extra=extra, attack=attack)
        self.specials.window("after_attack", about)
        if not attack.lost and not target.gone:
            self.fire("after_attacked", self.seat_for(target, seat), unit=target)
            self.counter_chance(attack)

    def _resolve_hit(self, attack: Attack) -> None:
        attacker, target = attack.attacker, attack.target
        seat = attacker.seat
        if target.gone or target.pos is None or attacker.pos is None:
            attack.lost = True
        else:
            low, high = self.attack_range(attacker, attack.profile)
            high = max(low, attack.profile.range.max + self._stat(attacker, "range"))
            d = self.distance(attacker, target, attack.profile.through_walls)
            in_range = d is not None and low <= d <= high
            attack.lost = not (in_range and self.sees(attacker, target.pos))
            if attack.lost:  # (why, so that a player learns the rule: out of range, else out of vision or sight)
                self.log.add("target_lost", seat, unit=str(attacker), target=str(target), distance=d, range=[low, high],
                             reason="not_in_sight" if in_range else "out_of_range")  # fmt: skip
        if attack.lost:
            return
        assert attacker.pos is not None and target.pos is not None
        cover = self.cover_of(attacker, target)
        # (T17: a target in a pit attacked from outside it; each pit is a cell of its own, T13, T20)
        pit = -1 if self.board.is_pit(target.pos) and attacker.pos != target.pos else 0
        speed = max(1, attack.profile.speed + attack.speed)
        modifier = attack.hit_result + self._stat(attacker, "hit_result") + cover + pit
        self.log.add("hit_roll", seat, dice=speed, cover=cover, pit=pit, modifier=modifier)
        dealt = self.roll_hit_dice(seat, speed, modifier)
        if dealt > 0:
            dealt = max(0, dealt + attack.damage)
        if dealt:
            attack.dealt = self.damage(target, dealt, by=seat)
        attack.destroyed = target.dying or target.gone

    def counter_chance(self, attack: Attack) -> None:
        """The attacked unit's counterattack (§13.1.2): against an attack by a hostile unit, in an enemy's turn
        (index 反击 "己方单位在敌方回合被攻击后", §8.1 "在对手的回合…用于反击": not in its own player's turn nor, in team
        play, a teammate's, T22), never against a counterattack; 正当防卫 (tap the unit, a built-in attack) or 武装反击
        (tap an untapped weapon, attack with it); a destroyed unit still has it (最后一击)."""
        target, attacker = attack.target, attack.attacker
        seat = target.seat
        if attack.counter or not seat or target.gone or attacker.gone or attacker.dying:
            return
        if self.winners is not None:  # (the game is won: nobody is asked)
            return
        if not self.hostile(seat, self.active) or not self.hostile(seat, attacker.seat):
            return
        if self.cannot(target, "attack"):
            return
        options: list[Any] = []
        defense = self.by_id.get(("ability", "self_defense"))
        if defense is not None and not target.tapped and self.profiles(target, built_in_only=True):
            options.append(SELF_DEFENSE)
        options += [p for p in self.profiles(target) if p.weapon is not None]
        if not options:
            return
        asked = Phrase(N_("counterattack of {unit} against {attacker}"), unit=str(target), attacker=str(attacker))
        pick = self.decider.choose(seat, asked, [*options, None])
        if pick is None:
            self.log.add("no_counter", seat, unit=str(target))
            return
        if pick == SELF_DEFENSE and defense is not None:
            for index, ability in self.indexed_abilities(RecordSource(defense)):
                self.log.add(
                    "ability", seat, source=defense.id, ability=index, unit=str(target), text=defense.text[index]
                )
                self.run_ability(  # picking it in the menu was the choice its 你可以 offers: not asked again
                    _accepted(ability), Context(seat, None, target, attack=attack, source=(defense.id, index)),
                    pay=False,
                )
            return
        self.log.add("armed_counter", seat, unit=str(target), weapon=str(pick))
        self.attack(target, attacker, pick, counter=True)

    def response_window(self, seat: int, ctx: Context, action: Any = None, target: Any = None) -> None:
        """Supplied by the action layer."""

    def attack_words(self, attack: Attack) -> str:
        """An attack as a question names it (what is answered, at which step a special ability is asked): its
        attacker, its attack (a minion's own attack, named after the minion, not named: a hidden one would be told
        by it) and its target, by name as the log names them (a decision's prompt is masked for its seat)."""
        unit, target = str(attack.attacker), str(attack.target)
        if attack.weapon is None and attack.profile_name == attack.attacker.name:
            if attack.counter:
                return Phrase(N_("{unit}'s counterattack on {target}"), unit=unit, target=target)
            return Phrase(N_("{unit}'s attack on {target}"), unit=unit, target=target)
        if attack.counter:
            return Phrase(N_("{unit}'s counterattack with {attack} on {target}"), unit=unit, attack=attack.profile_name,
                          target=target)  # fmt: skip
        return Phrase(N_("{unit}'s attack with {attack} on {target}"), unit=unit, attack=attack.profile_name,
                      target=target)  # fmt: skip


def _accepted(ability: A.Ability) -> A.Ability:
    """``ability`` with each 你可以 of its sentences (not one under 如果) taken as accepted: its effects in its place.
    正当防卫 ("你可以横置本单位，本单位进行 1 次反击"), chosen from the counterattack menu, is that choice made."""
    sentences = tuple(
        A.Sentence(tuple(inner for e in s.effects for inner in (e.effects if isinstance(e, A.YouMay) else (e,))),
                   span=s.span)
        for s in ability.sentences
    )  # fmt: skip
    return A.Ability(ability.kind, sentences, ability.timing, ability.costs, span=ability.span)


def makes_attack(abilities: Iterable[A.Ability]) -> bool:
    """Whether resolving ``abilities`` makes an attack for certain: a sentence's own 进行 X 次袭击 or 使用「名称」攻击 X 次
    (not one under 如果 or 你可以, not a 反击, which has no response window). Such an action's response window is that
    of its attack, opened once its attack profile and target are chosen (§13.1, §14.8, T21): the action opens none
    before it."""
    return any(
        isinstance(e, A.AttackWith) or (isinstance(e, A.BasicAttack) and e.kind == "strike")
        for ability in abilities
        for sentence in ability.sentences
        for e in sentence.effects
    )


def _moves_on_attack(record: Any) -> bool:
    """Whether an attack record's own text already gives the melee move (格斗: 攻击时：本单位移动 0-1)."""
    if record is None:
        return False
    from toolkit.text import parse_cached

    for text in record.text:
        ability = parse_cached(text)
        if ability.timing == "on_attack" and any(isinstance(e, A.Move) for s in ability.sentences for e in s.effects):
            return True
    return False
