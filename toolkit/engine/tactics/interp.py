"""The interpreter of tactics ability text: costs, effects, references and conditions on the board."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from toolkit.engine.phrase import Phrase
from toolkit.i18n import tr
from toolkit.i18n.words import N_
from toolkit.text import ast as A
from toolkit.text.limits import MAX_COUNT

from ..core import EngineError, rendered
from .board import BoardRules
from .state import CONTINUOUS, Card, Cell, Context, TimedEffect, Unit

MAX_REPEAT = MAX_COUNT  # a text asking for more repetitions than this is refused (no game needs it)


class Interpreter(BoardRules):
    """Executes parsed abilities; targets are chosen by the decider and checked at resolution (§11.6)."""

    def execute(self, ability: A.Ability, ctx: Context, pay: bool = True) -> None:
        if pay:
            for cost in ability.costs:
                self._pay(cost, ctx)
        for sentence in ability.sentences:
            self._effects(sentence.effects, ctx)

    def can_pay(self, costs: Sequence[A.Node], seat: int, thing: Any) -> bool:
        """Whether ``costs`` can be paid now (``thing``: what 横置 taps)."""
        for cost in costs:
            if isinstance(cost, A.TapCost):
                if thing is None or thing.tapped:
                    return False
            elif isinstance(cost, A.MortgageCost | A.DiscardCost):
                usable = [c for c in self.player(seat).hand if not (isinstance(cost, A.MortgageCost) and c.token)]
                if len(usable) < cost.count:
                    return False
            else:
                return False
        return True

    def _pay(self, cost: A.Node, ctx: Context) -> None:
        if isinstance(cost, A.TapCost):
            thing: Any = ctx.card or ctx.unit
            if thing is None:
                return
            if thing.tapped:
                raise EngineError(
                    tr("{thing} is already tapped; its tap cost cannot be paid ({rule})", thing=thing, rule="§8.1")
                )
            thing.tapped = True
            self.log.add("tap", ctx.player, what=str(thing), reason="cost")
        elif isinstance(cost, A.MortgageCost):
            self.mortgage(ctx.player, cost.count, required=True)
        elif isinstance(cost, A.DiscardCost):
            self.discard(ctx.player, cost.count, required=True)
        else:
            raise EngineError(tr("{cost} is a netrunner cost, not a tactics one", cost=type(cost).__name__))

    def _effects(self, effects: Sequence[A.Node], ctx: Context) -> None:
        for effect in effects:
            if self.winners is not None:
                return
            self._effect(effect, ctx)

    def _count(self, count: int) -> int:
        if count > MAX_REPEAT:
            raise EngineError(tr("{n} repetitions: more than {limit} is refused", n=count, limit=MAX_REPEAT))
        return count

    def _effect(self, e: A.Node, ctx: Context) -> None:  # noqa: C901 - one branch per effect of the language
        seat = ctx.player
        if self._control(e, ctx, seat):
            return
        self.hint = ("effect", e)  # what a target is chosen for (heuristic players)
        if isinstance(e, A.Until):
            outer, ctx.until = ctx.until, e.until  # what the effects start lasts that long (a control taken)
            try:
                for inner in e.effects:
                    if isinstance(inner, CONTINUOUS):
                        self._apply_continuous(inner, ctx, e.until)
                    else:
                        self._effect(inner, ctx)
            finally:
                ctx.until = outer
        elif isinstance(e, A.Draw):
            self.draw(seat, self._count(e.count))
        elif isinstance(e, A.Buy):
            self.buy(seat, self._count(e.count))
        elif isinstance(e, A.Discard):
            target = seat if e.who == "you" else self._opponent(seat)
            if target is not None:
                self.discard(target, self._count(e.count))
        elif isinstance(e, A.Search):
            for _ in range(self._count(e.count)):
                self.search(seat, e.name, e.source)
        elif isinstance(e, A.Reveal):
            for _ in range(self._count(e.count)):
                self.reveal_until(seat, e.category)
        elif isinstance(e, A.Mulligan):
            for _ in range(self._count(e.count)):
                self.mulligan(seat)
        elif isinstance(e, A.Mortgage):
            self.mortgage(seat, self._count(e.count))
        elif isinstance(e, A.GainToken):
            for _ in range(self._count(e.count)):
                self.gain_token(seat, e.name)
        elif isinstance(e, A.Roll):
            ctx.result = max(self.rng.randint(1, 6) for _ in range(self._count(e.count)))
            self.log.add("roll", seat, result=ctx.result)
        elif isinstance(e, A.Damage):
            for unit in self._units(e.ref, ctx):
                self.damage(unit, e.amount, by=seat)
        elif isinstance(e, A.Heal):
            for unit in self._units(e.ref, ctx):
                self.heal(unit, e.amount)
        elif isinstance(e, A.GainShield):
            for unit in self._units(e.ref, ctx):
                self.gain_shield(unit, e.amount)
        elif isinstance(e, A.GainTempHp):
            for unit in self._units(e.ref, ctx):
                self.gain_temp_hp(unit, e.amount)
        elif isinstance(e, A.Tap | A.Reset):
            for thing in self._things(e.ref, ctx):
                self.set_tapped(thing, isinstance(e, A.Tap), seat)
        elif isinstance(e, A.Destroy):
            for thing in self._things(e.ref, ctx):
                self.destroy(thing, by=seat) if isinstance(thing, Unit) else self.self_destruct(thing)
        elif isinstance(e, A.SelfDestruct):
            for thing in self._things(e.ref, ctx):
                if isinstance(thing, Card):
                    self.self_destruct(thing)
        elif isinstance(e, A.Remove):
            for thing in self._things(e.ref, ctx):
                if isinstance(thing, Card):
                    self.remove_card(thing)
        elif isinstance(e, A.Expose):
            for unit in self._units(e.ref, ctx):
                if unit.hidden:
                    self.expose(unit, Phrase(N_("an effect")))
                else:
                    self.log.add("already_exposed", unit.seat, unit=str(unit))
        elif isinstance(e, A.BasicAttack):
            for attacker in self._units(e.ref, ctx):
                for _ in range(self._count(e.count)):
                    self.basic_attack(attacker, ctx, counter=e.kind == "counter")
        elif isinstance(e, A.AttackWith):
            for attacker in self._units(e.ref, ctx):
                for _ in range(self._count(e.count)):
                    self.attack_with(attacker, ctx, e.name)
        elif isinstance(e, A.AttackMod):
            attack = ctx.attack or (self.attacks[-1] if self.attacks else None)
            if attack is not None:
                setattr(attack, e.stat, getattr(attack, e.stat) + e.delta)
                self.log.add("attack_modifier", seat, stat=e.stat, delta=e.delta, attack=str(attack.attacker))
            else:
                self.log.add("no_attack", seat, stat=e.stat, reason=Phrase(N_("an attack is modified outside an attack")))
        elif isinstance(e, CONTINUOUS):
            self._apply_continuous(e, ctx, None)  # e.g. `dossier text run '本单位移速 +1。'`
        elif isinstance(e, A.Move):
            for unit in self._units(e.ref, ctx):
                self.move(unit, e.low, e.high, reason="effect", basic=e.speed)
        elif isinstance(e, A.Deploy):
            for _ in range(self._count(e.count)):
                self.reinforce(seat)
        elif isinstance(e, A.Switch):
            if ctx.card is not None and ctx.card.record.reverse is not None:
                ctx.card.face = "reverse" if ctx.card.face == "front" else "front"
                self.log.add("switch", seat, card=str(ctx.card), face=ctx.card.face)
        elif isinstance(e, A.TakeControl):
            for unit in self._units(e.ref, ctx, keep=lambda u: self.control_refusal(u, seat) is None):
                self.gain_control(unit, seat, e, ctx)
        elif isinstance(e, A.DestroyTerrain):
            for cell in self._cells(e.cells, ctx):
                self.destroy_terrain(cell)
        elif isinstance(e, A.RestoreTerrain):
            for cell in self._cells(e.cells, ctx, restore=True):
                self.restore_terrain(cell)
        else:
            raise EngineError(
                tr("{text} ({node}) is not a tactics effect", text=repr(rendered(e)), node=type(e).__name__)
            )

    def set_tapped(self, thing: Card | Unit, tapped: bool, seat: int) -> None:
        if thing.tapped == tapped:
            self.log.add("already_tapped" if tapped else "already_reset", seat, what=str(thing))
            return
        thing.tapped = tapped
        self.log.add("tap" if tapped else "reset", seat, what=str(thing))

    def remove_card(self, card: Card) -> None:
        holder = self.holder(card)
        if holder is not None:
            (holder.equipment if card in holder.equipment else holder.statuses).remove(card)
        owner = self.player(card.owner)
        for zone in (owner.hand, owner.discard, owner.board):
            if card in zone:
                zone.remove(card)
        owner.removed.append(card)
        self.log.add("removed", card.owner, card=str(card))

    # -- control (§5.4, T11)

    def control_refusal(self, unit: Unit, seat: int) -> Phrase | None:
        """Why ``seat`` cannot take control of ``unit`` (None: it can): only a unit a hostile player controls
        changes control; obstacles are neutral (§5.2), teammates' units are never yours to control (§5.3)."""
        if unit.kind == "obstacle" or not unit.seat:
            return Phrase(N_("an obstacle is neutral and never changes control (§5.2)"))
        if unit.gone or unit.dying:
            return Phrase(N_("it is being destroyed"))
        if unit.seat == seat:
            return Phrase(N_("it is already under your control"))
        if not self.hostile(seat, unit.seat):
            return Phrase(N_("a teammate's unit is never yours to control (§5.3)"))
        return None

    def gain_control(self, unit: Unit, seat: int, effect: A.Node, ctx: Context) -> bool:
        """你获得…的操控权: the unit moves to ``seat`` (:meth:`take_control`); inside 直到…，it goes back to its
        owner when the duration ends (:meth:`end_control`). Who sees whom and who is left with agents change:
        exposure (§8.4) and victory are checked at once. False (logged) when the unit cannot change control."""
        refused = self.control_refusal(unit, seat)
        if refused is not None:
            self.log.add("control_refused", seat, unit=str(unit), reason=refused)
            return False
        self.take_control(unit, seat)
        if ctx.until is not None:
            unit.timed.append(TimedEffect(effect, ctx.until, seat, ctx.source))
            self.log.add("effect", seat, unit=str(unit), text=rendered(effect), until=ctx.until)
        self.check_exposure()
        self.check_victory()
        return True

    def end_control(self, unit: Unit, seat: int) -> None:
        """A control taken 直到… ends: the unit and what is attached go back to its owner (§5.4 "当你失去该单位
        操控权时，将它们一起归还"), unless it changed hands again meanwhile."""
        if unit.gone or unit.seat != seat or not unit.owner or unit.owner == seat:
            return
        self.take_control(unit, unit.owner)
        self.check_exposure()
        self.check_victory()

    # -- terrain (§4.2, T20)

    def _cells(self, cells: A.Cells, ctx: Context, restore: bool = False) -> list[Cell]:
        """The cells ``距离 a-b 内的 N 个<地形>`` names here, chosen by the player (:meth:`cell_options`)."""
        options = self.cell_options(ctx.unit, cells, restore)
        if not options:
            self.log.add("no_target", ctx.player, ref=rendered(cells))
            return []
        self.acting = ctx.unit
        asked = Phrase(N_("cell: {ref}"), ref=rendered(cells))
        return list(self.decider.choose_many(ctx.player, asked, options, self._count(cells.count)))

    def _apply_continuous(self, effect: A.Node, ctx: Context, until: str | None) -> None:
        for unit in self._units(effect.ref, ctx):  # type: ignore[attr-defined]
            unit.timed.append(TimedEffect(effect, until, ctx.player, ctx.source))
            self.log.add("effect", ctx.player, unit=str(unit), text=rendered(effect), until=until or "leaves play")

    def _opponent(self, seat: int) -> int | None:
        others = self.opponents(seat)
        if not others:
            return None
        return others[0] if len(others) == 1 else self.decider.choose(seat, Phrase(N_("which opponent")), others)

    # -- references

    def _units(self, ref: A.Node, ctx: Context, keep: Callable[[Any], bool] | None = None) -> list[Unit]:
        return [t for t in self._things(ref, ctx, keep) if isinstance(t, Unit)]

    def _things(self, ref: A.Node, ctx: Context, keep: Callable[[Any], bool] | None = None) -> list[Any]:
        """What a reference means here; targets and choices come from the decider (among the candidates
        ``keep`` keeps, when given)."""
        if isinstance(ref, A.Fixed):
            if ref.ref == "self_unit":
                return [ctx.unit] if ctx.unit and not ctx.unit.gone else []
            if ref.ref in ("wearer", "attached"):
                # a card destroyed on its own has left its unit when its 消灭时 runs: the unit it was on (T25)
                holder = (self.holder(ctx.card) if ctx.card else None) or ctx.unit
                return [holder] if holder and not holder.gone else []
            if ref.ref == "this_card":
                if ctx.card is None:
                    self.log.add("no_card", ctx.player, reason=Phrase(N_("the text is not on a card in play")))
                    return []
                return [ctx.card]
            if ref.ref == "attack_target":
                attack = ctx.attack or (self.attacks[-1] if self.attacks else None)
                return [attack.target] if attack and not attack.target.gone else []
            if ref.ref == "attacker":
                attack = ctx.attack or (self.attacks[-1] if self.attacks else None)
                return [attack.attacker] if attack and not attack.attacker.gone else []
        if isinstance(ref, A.Target):
            options = [o for o in self.candidates(ref.noun, ctx.player) if keep is None or keep(o)]
            if not options:
                self.log.add("no_target", ctx.player, ref=rendered(ref))
                return []
            self.acting = ctx.unit
            asked = Phrase(N_("target: {ref} [{within}]"), ref=rendered(ref), within=_range(ref.within))
            pick = self.decider.choose(ctx.player, asked, options)
            if isinstance(pick, Unit) and not self.target_ok(ctx.unit, pick, ref.within):
                self.log.add("target_lost", ctx.player, target=str(pick), ref=rendered(ref))
                return []
            return [pick]
        if isinstance(ref, A.Chosen):
            options = [o for o in self.candidates(ref.noun, ctx.player) if keep is None or keep(o)]
            if not options:
                self.log.add("no_choice", ctx.player, ref=rendered(ref))
                return []
            self.acting = ctx.unit
            asked = Phrase(N_("choose: {ref}"), ref=rendered(ref))
            return list(self.decider.choose_many(ctx.player, asked, options, ref.count))
        raise EngineError(tr("cannot resolve {node}", node=type(ref).__name__))

    def candidates(self, noun: str | None, seat: int) -> list[Any]:
        """Units on the map (or equipment) a noun may name for ``seat`` (§5.3): 己方 = controlled by
        the player, 敌方 = controlled by a hostile player (obstacles are neutral, not 敌方)."""
        units = [u for u in self.units() if not u.dying]
        if noun in ("equipment", "enemy_equipment"):
            cards: list[Any] = []
            for u in units:
                if noun == "enemy_equipment" and not (u.seat and self.hostile(seat, u.seat)):
                    continue
                cards += u.equipment
            return cards
        if noun is None or noun == "unit":
            return units
        side, _, kind = noun.rpartition("_")
        out = [u for u in units if u.kind == kind or kind == "unit"]
        if side == "friendly":
            out = [u for u in out if u.seat == seat]
        elif side == "enemy":
            out = [u for u in out if u.seat and self.hostile(seat, u.seat)]
        return out

    def _condition(self, c: A.Node, ctx: Context) -> bool:
        seat = ctx.player
        attack = ctx.attack or (self.attacks[-1] if self.attacks else None)
        if isinstance(c, A.All):
            return all(self._condition(p, ctx) for p in c.parts)
        if isinstance(c, A.HandAtMost):
            return len(self.player(seat).hand) <= c.count
        if isinstance(c, A.MortgageNotEmpty):
            return bool(self.player(seat).mortgage)
        if isinstance(c, A.ShopEmpty):
            return not self.shop
        if isinstance(c, A.ResultAtLeast):
            return ctx.result is not None and ctx.result >= c.value
        if isinstance(c, A.IsState):
            return any(u.hidden == (c.state == "hidden") for u in self._units(c.ref, ctx))
        if isinstance(c, A.HpAtMost):
            return any(u.hp <= c.value for u in self._units(c.ref, ctx))
        if isinstance(c, A.IsKind):
            things = ([attack.target] if attack else []) if isinstance(c.ref, A.Target) else self._things(c.ref, ctx)
            return any(isinstance(t, Unit) and t.kind == c.noun.rpartition("_")[2] for t in things)
        if isinstance(c, A.IsDestroyed):
            return bool(attack and (attack.destroyed or attack.target.dying or attack.target.gone))
        raise EngineError(tr("{text} is not a tactics condition", text=repr(rendered(c))))

    # supplied by the attack and action layers
    def basic_attack(self, attacker: Unit, ctx: Context, counter: bool = False) -> None:
        raise NotImplementedError

    def attack_with(self, attacker: Unit, ctx: Context, name: str) -> None:
        raise NotImplementedError

    def reinforce(self, seat: int) -> None:
        raise NotImplementedError

    def take_control(self, unit: Unit, seat: int) -> None:
        raise NotImplementedError


def _range(within: tuple[int, int] | None) -> str:
    if within is None:
        return Phrase(N_("any distance"))
    return Phrase(N_("distance {low}-{high}"), low=within[0], high=within[1])
