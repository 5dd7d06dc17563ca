"""The interpreter of tactics ability text: costs, effects, references and conditions on the board."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from toolkit.engine.phrase import Phrase
from toolkit.i18n import tr
from toolkit.i18n.words import N_
from toolkit.text import ast as A
from toolkit.text.limits import MAX_COUNT

from ..core import EngineError, rendered
from .base import left_play
from .board import BoardRules
from .state import CONTINUOUS, Attack, Card, Cell, Context, TimedEffect, Unit

MAX_REPEAT = MAX_COUNT  # a text asking for more repetitions than this is refused (no game needs it)
NAMED = "named_target"
"""The attribute of a :class:`Context` that holds what its text last named as a target: an :class:`Attack` it made
(本单位进行 1 次袭击), or ``(ref, picked)``, a 目标<单位> and what was picked for it. A bare 目标 later in the text names
that (:meth:`Interpreter._antecedent`). Set with ``setattr``: a context is made in many places, this is the
interpreter's own note on it."""


@dataclass
class Determined(Context):
    """The context of an action once determined (§11.5 确定行动): ``picks`` holds what the targets (目标), choices
    (你选择的) and cells of its text were chosen as then, under the reference in the text (``id`` of the node; a
    reference met twice has two entries, in order; None: nothing could be named). The text resolving takes them
    from here and checks them then (§11.6)."""

    picks: dict[int, list[list[Any] | None]] = field(default_factory=dict)


class Interpreter(BoardRules):
    """Executes parsed abilities; targets are chosen by the decider and checked at resolution (§11.6)."""

    def execute(self, ability: A.Ability, ctx: Context, pay: bool = True) -> None:
        if pay:
            if _taps(ability.costs) > 1:
                raise EngineError(tr("{text}: its cost taps the same thing more than once, so it can never be paid "
                                     "({rule})", text=repr(rendered(ability)), rule="§8.1"))  # fmt: skip
            for cost in ability.costs:
                self._pay(cost, ctx)
        for sentence in ability.sentences:
            self._effects(sentence.effects, ctx)

    def can_pay(self, costs: Sequence[A.Node], seat: int, thing: Any) -> bool:
        """Whether ``costs`` can be paid now (``thing``: what 横置 taps; a cost that taps it twice never can)."""
        if not costs:
            return True
        if _taps(costs) > 1:
            return False
        for cost in costs:
            if isinstance(cost, A.TapCost):
                if thing is None or thing.tapped:
                    return False
            elif isinstance(cost, _CARD_COSTS):
                hand = self.player(seat).hand
                usable = sum(1 for c in hand if not c.token) if isinstance(cost, A.MortgageCost) else len(hand)
                if usable < cost.count:
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

    def _tell(self, ctx: Context, kind: str, **data: Any) -> None:
        """Log that a reference named nothing (``no_target``, ``target_lost``…); held as :meth:`_checked` holds what
        a 如果 checked while a face-down agent's own triggered ability is not used yet: one that names nothing does
        nothing, and tells nothing (§8.4)."""
        self._checked(ctx, kind, ctx.player, data)

    def _checked(self, ctx: Any, kind: str, seat: int, data: dict[str, Any]) -> None:
        """What a 如果 or 你可以 checked; while a face-down agent's own triggered ability is not used yet
        (``ctx.unused``, §8.4) it waits to be logged until it is: a 如果 that does not hold or a 你可以 declined uses
        nothing and tells nothing (:class:`~.state.Unused`)."""
        unused = ctx.unused if isinstance(ctx, Context) else None
        if unused is None or unused.used:
            super()._checked(ctx, kind, seat, data)
        else:
            unused.held.append((kind, seat, data))

    def _effect(self, e: A.Node, ctx: Context) -> None:  # noqa: C901 - one branch per effect of the language
        seat = ctx.player
        if self._control(e, ctx, seat):
            return
        if ctx.unused is not None and not ctx.unused.used:  # a face-down agent's own text does something (§8.4) …
            ctx.unused.aim = _aim(e)
            if ctx.unused.aim is None:
                self.use_hidden(ctx.unused)
                if self.winners is not None:  # (its 暴露时 abilities won the game)
                    return
            # (… an effect aimed at a target, a choice or cells once it names one: :meth:`_things`, :meth:`_cells`)
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
            # the result of several dice is the highest one (the seed says nothing: ABILITY_TEXT.md); each is logged
            faces = [self.rng.randint(1, 6) for _ in range(self._count(e.count))]
            ctx.result = max(faces)
            self.log.add("roll", seat, faces=faces, result=ctx.result)
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
                if isinstance(thing, Unit):
                    self.destroy(thing, by=seat)
                else:  # (§14.4: destroyed, not 自毁; its 消灭时 fires, T25)
                    self.destroy_card(thing, seat, str(ctx.card or ctx.unit or seat))
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
        elif isinstance(e, A.BasicAttack | A.AttackWith):
            made: Attack | None = None
            for attacker in self._units(e.ref, ctx):
                for _ in range(self._count(e.count)):
                    if isinstance(e, A.BasicAttack):
                        made = self.basic_attack(attacker, ctx, counter=e.kind == "counter") or made
                    else:
                        made = self.attack_with(attacker, ctx, e.name) or made
            if made is not None:  # the rest of the text reads it: 本次攻击…, 如果目标是特工…, 如果本次攻击的目标被消灭…
                ctx.attack = made
                setattr(ctx, NAMED, made)
        elif isinstance(e, A.AttackMod):
            attack = self._attack(ctx)
            if attack is not None:
                setattr(attack, e.stat, getattr(attack, e.stat) + e.delta)
                self.log.add("attack_modifier", seat, stat=e.stat, delta=e.delta, attack=str(attack.attacker))
            else:
                self.log.add("no_attack", seat, stat=e.stat, reason=Phrase(N_("an attack is modified outside an attack")))
        elif isinstance(e, CONTINUOUS):
            self._apply_continuous(e, ctx, ctx.until)  # (under a 直到 around a condition: as long as it; else while in play)
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
        """横置 / 重置 ``thing`` (an effect of ``seat``'s); a reversible card with 切换 that is reset, tapped or not, may
        then be turned over by the player whose it is (:meth:`_may_switch`)."""
        if thing.tapped == tapped:
            self.log.add("already_tapped" if tapped else "already_reset", seat, what=str(thing))
        else:
            thing.tapped = tapped
            self.log.add("tap" if tapped else "reset", seat, what=str(thing))
        if not tapped and isinstance(thing, Card):
            holder = self.holder(thing)
            self._may_switch(holder.seat if holder is not None and thing in holder.equipment else thing.owner or seat,
                             thing)  # fmt: skip

    def _may_switch(self, seat: int, card: Card) -> None:
        """切换 (§7.4.1 "切换能力表示可以在重置倒转牌后将其倒转，即使其尚未横置"): a reversible card with the switch ability
        may be turned over by ``seat`` once it is reset (at its player's turn start, or by an effect), even when it
        was not tapped."""
        reverse = card.record.reverse
        if (
            reverse is not None
            and reverse.switch
            and self.decider.confirm(seat, Phrase(N_("switch {card} to its other face?"), card=str(card)))
        ):
            card.face = "reverse" if card.face == "front" else "front"
            self.log.add("switch", seat, card=str(card), face=card.face)

    def remove_card(self, card: Card) -> None:
        holder = self.holder(card)
        if holder is not None:
            (holder.equipment if card in holder.equipment else holder.statuses).remove(card)
        owner = self.player(card.owner)
        for zone in (owner.hand, owner.discard, owner.board):
            if card in zone:
                zone.remove(card)
        left_play(card)
        owner.removed.append(card)
        self.log.add("removed", card.owner, card=str(card))
        self.cap_hp()

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
        """The cells ``距离 a-b 内的 N 个<地形>`` names here, chosen by the player (:meth:`cell_options`) when the action
        was determined (:meth:`determine`; a cell no longer among the options now is lost), or now. A face-down
        agent's own triggered ability aimed at them is used once it names one (:meth:`_used_by`)."""
        return self._used_by(cells, ctx, self._cells_now(cells, ctx, restore))

    def _cells_now(self, cells: A.Cells, ctx: Context, restore: bool) -> list[Cell]:
        queue = ctx.picks.get(id(cells)) if isinstance(ctx, Determined) else None
        picked = queue.pop(0) if queue else self._choose_cells(cells, ctx, restore)
        if picked is None:
            self._tell(ctx, "no_target", ref=rendered(cells))
            return []
        now = self.cell_options(ctx.unit, cells, restore)
        kept = []
        for cell in picked:
            if cell in now:
                kept.append(cell)
            else:
                self._tell(ctx, "target_lost", cell=list(cell), ref=rendered(cells))
        return kept

    def _choose_cells(self, cells: A.Cells, ctx: Context, restore: bool) -> list[Cell] | None:
        options = self.cell_options(ctx.unit, cells, restore)
        if not options:
            return None
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
        ``keep`` keeps, when given). A face-down agent's own triggered ability aimed at it is used once it names
        something (:meth:`_used_by`)."""
        return self._used_by(ref, ctx, self._refer(ref, ctx, keep))

    def _used_by(self, aim: A.Node, ctx: Context, found: list[Any]) -> list[Any]:
        """What the effect aimed at ``aim`` acts on, ``found``. While it is the effect a face-down agent's own
        triggered ability waits on (``ctx.unused.aim``, §8.4 "使用其能力…时"), the ability is used only if that names
        something: the agent turns face up then (:meth:`use_hidden`), and what its 暴露时 abilities took off the map
        is no longer acted on. One that names nothing (no target in its distance and sight, §11.6) does nothing: the
        agent stays face down."""
        unused = ctx.unused
        if unused is None or unused.used or unused.aim is not aim or not found:
            return found
        self.use_hidden(unused)
        if self.winners is not None:  # (its 暴露时 abilities won the game)
            return []
        return [t for t in found if not (isinstance(t, Unit) and (t.gone or t.dying))]

    def _refer(self, ref: A.Node, ctx: Context, keep: Callable[[Any], bool] | None) -> list[Any]:
        if isinstance(ref, A.Fixed):
            if ref.ref == "self_unit":
                return [ctx.unit] if ctx.unit and not ctx.unit.gone else []
            if ref.ref in ("wearer", "attached"):
                # a card destroyed on its own has left its unit when its 消灭时 runs: the unit it was on (T25)
                holder = (self.holder(ctx.card) if ctx.card else None) or ctx.unit
                return [holder] if holder and not holder.gone else []
            if ref.ref == "this_card":
                if ctx.card is None:
                    self._tell(ctx, "no_card", reason=Phrase(N_("the text is not on a card in play")))
                    return []
                return [ctx.card]
            if ref.ref == "attack_target":
                return self._attack_target(self._attack(ctx), ref, ctx)
            if ref.ref == "attacker":
                attack = self._attack(ctx)
                return [attack.attacker] if attack and not attack.attacker.gone else []
        if isinstance(ref, A.Target) and ref.noun is None:
            return self._named(ref, ctx)
        if isinstance(ref, A.Target | A.Chosen):
            # chosen when the action was determined (:meth:`determine`), or now (a triggered ability, say)
            queue = ctx.picks.get(id(ref)) if isinstance(ctx, Determined) else None
            picked = queue.pop(0) if queue else self._choose_ref(ref, ctx, keep)
            if isinstance(ref, A.Target):
                setattr(ctx, NAMED, (ref, picked or []))  # what a bare 目标 later in the text names
            if picked is None:
                self._tell(ctx, "no_target" if isinstance(ref, A.Target) else "no_choice", ref=rendered(ref))
                return []
            return self._still_legal(ref, ctx, picked)
        raise EngineError(tr("cannot resolve {node}", node=type(ref).__name__))

    def _attack(self, ctx: Context) -> Attack | None:
        """The attack 本次攻击 means: the one the text made or is part of, else the innermost one in progress."""
        return ctx.attack or (self.attacks[-1] if self.attacks else None)

    def _attack_target(self, attack: Attack | None, ref: A.Node, ctx: Context) -> list[Unit]:
        """The target of ``attack`` as ``ref`` names it: none when it is gone, or when the attack lost it (§13.1
        目标丢失: "不结算这段对目标生效的能力文字"; the rest of the text still resolves: 攻击后：你抽 1 张牌。)."""
        return [u for u in self._lost_or_target(attack, ref, ctx) if not u.gone]

    def _antecedent(self, ctx: Context) -> Attack | tuple[A.Target, list[Any]] | None:
        """What a bare 目标 names here: the target the text last named (a 目标<单位> and what was picked for it, or an
        attack the text made: its target), else the target of the attack the text is part of (攻击后：对目标…)."""
        named: Attack | tuple[A.Target, list[Any]] | None = getattr(ctx, NAMED, None)
        return named if named is not None else self._attack(ctx)

    def _named(self, ref: A.Target, ctx: Context) -> list[Any]:
        """A bare 目标: the target the text already named (:meth:`_antecedent`), never a new one. A target named
        by 目标<单位> must still be legal (§11.6: it is checked again, as that reference is); an attack's target is
        as the attack left it (none when lost). Nothing named yet: nothing (``no_target``)."""
        named = self._antecedent(ctx)
        if isinstance(named, Attack):
            return self._attack_target(named, ref, ctx)
        if named is None or not named[1]:
            self._tell(ctx, "no_target", ref=rendered(ref))
            return []
        return self._still_legal(named[0], ctx, named[1])

    def _choose_ref(
        self, ref: A.Target | A.Chosen, ctx: Context, keep: Callable[[Any], bool] | None, ahead: bool = False
    ) -> list[Any] | None:
        """Ask ``ctx.player`` for what ``ref`` names among the candidates (``keep`` keeps); None when there is none.
        A target chosen as the text resolves (not ``ahead`` of it, :meth:`determine`: a move may bring one in) is
        offered among those in the distance and in the acting unit's vision and sight only (§11.6: any other is lost
        at once); with none the log says so (``no_target``, with the reason) and nothing is named ([]). Chosen
        ahead, a decider that takes only legal options (``legal_only``: `text run`) is offered those first."""
        options = [o for o in self.candidates(ref.noun, ctx.player) if keep is None or keep(o)]
        if not options:
            return None
        self.acting = ctx.unit
        if isinstance(ref, A.Target) and (not ahead or getattr(self.decider, "legal_only", False)):
            legal = [o for o in options if not isinstance(o, Unit) or self.target_ok_quiet(ctx.unit, o, ref.within)]
            if not legal and not ahead:
                self._tell(ctx, "no_target", ref=rendered(ref), reason=self._out_of_reach(ctx.unit, ref.within))
                return []
            options = legal + ([o for o in options if not any(o is x for x in legal)] if ahead else [])
        if isinstance(ref, A.Target):
            asked = Phrase(N_("target: {ref} [{within}]"), ref=rendered(ref), within=_range(ref.within))
            return [self.decider.choose(ctx.player, asked, options)]
        asked = Phrase(N_("choose: {ref}"), ref=rendered(ref))
        return list(self.decider.choose_many(ctx.player, asked, options, ref.count))

    @staticmethod
    def _out_of_reach(unit: Unit | None, within: tuple[int, int] | None) -> Phrase:
        """Why no candidate may be the target (:meth:`_choose_ref`): none at the ability's distance and in
        ``unit``'s vision and sight (no unit acting: a distance is measured from none)."""
        if unit is None or unit.pos is None:
            return Phrase(N_("no acting unit on the map to measure the distance from"))
        if within is None:
            return Phrase(N_("none is in the vision and sight of {unit}"), unit=str(unit))
        return Phrase(N_("none is at {distance} and in the vision and sight of {unit}"), distance=_range(within),
                      unit=str(unit))  # fmt: skip

    def _still_legal(self, ref: A.Target | A.Chosen, ctx: Context, picked: list[Any]) -> list[Any]:
        """What of ``picked`` ``ref`` may still name at resolution (§11.6): a choice (你选择的) what still exists and
        meets the noun; a target (目标) that too, and in the distance and in the acting unit's vision and sight. The
        rest is lost (``target_lost``): the text does nothing to it."""
        now = self.candidates(ref.noun, ctx.player)
        kept = []
        for thing in picked:
            legal = any(thing is other for other in now)
            if legal and isinstance(ref, A.Target) and isinstance(thing, Unit):
                legal = self.target_ok(ctx.unit, thing, ref.within)
            if legal:
                kept.append(thing)
            else:
                self._tell(ctx, "target_lost", target=str(thing), ref=rendered(ref))
        return kept

    # -- determining an action (§11.5)

    def determine(self, abilities: Sequence[A.Ability], ctx: Determined) -> None:
        """§11.5 为该行动选择选项、对象或目标: the targets, choices and cells the texts of ``abilities`` name (the texts
        the action resolves, top to bottom), chosen now, before the response window (§12.2), each logged
        (``target_chosen``: the opponents are told), and kept in ``ctx.picks`` for the resolution, which checks them
        (:meth:`_still_legal`). Those under 如果 and 你可以 too (the player names them now; whether those happen is
        known only at resolution), and those a text's earlier effects bear on (本单位移动 0-2。暴露距离 0-3 内的目标…:
        the target is named now, its distance measured after the move)."""
        for ability in abilities:
            for sentence in ability.sentences:
                self._determine(sentence.effects, ctx)

    def _determine(self, effects: Sequence[A.Node], ctx: Determined) -> None:
        """The references of ``effects`` in the order the resolution meets them (:meth:`_effect`)."""
        for e in effects:
            if isinstance(e, A.If):
                self._determine_condition(e.condition, ctx)
                self._determine(e.effects, ctx)
            elif isinstance(e, A.YouMay):
                self._determine(e.effects, ctx)
            elif isinstance(e, A.Until):
                for inner in e.effects:
                    if isinstance(inner, CONTINUOUS):
                        self._determine_ref(inner.ref, ctx, e)
                    else:
                        self._determine([inner], ctx)
            elif isinstance(e, A.DestroyTerrain | A.RestoreTerrain):
                self.hint = ("effect", e)
                picked = self._choose_cells(e.cells, ctx, isinstance(e, A.RestoreTerrain))
                for cell in picked or ():
                    self.log.add("target_chosen", ctx.player, cell=list(cell), ref=rendered(e.cells))
                ctx.picks.setdefault(id(e.cells), []).append(picked)
            else:
                ref = getattr(e, "ref", None)
                if isinstance(ref, A.Target | A.Chosen):
                    self._determine_ref(ref, ctx, e)

    def _determine_condition(self, c: A.Node, ctx: Determined) -> None:
        """A target or choice a condition names (如果距离 0-2 内的目标单位…); a bare 目标 (如果目标是特工) names a target
        named before it (:meth:`_named`): nothing to choose."""
        if isinstance(c, A.All):
            for part in c.parts:
                self._determine_condition(part, ctx)
        elif isinstance(c, A.IsState | A.HpAtMost | A.IsKind | A.IsDestroyed):
            self._determine_ref(c.ref, ctx, c)

    def _determine_ref(self, ref: A.Node, ctx: Determined, effect: A.Node) -> None:
        if not isinstance(ref, A.Target | A.Chosen) or (isinstance(ref, A.Target) and ref.noun is None):
            return  # (a bare 目标 names a target named before it: nothing to choose)
        self.hint = ("effect", effect)  # what it is chosen for (heuristic players), as at resolution
        keep = None
        if isinstance(effect, A.TakeControl):
            keep = lambda u: self.control_refusal(u, ctx.player) is None  # noqa: E731 - as :meth:`_effect` keeps
        picked = self._choose_ref(ref, ctx, keep, ahead=True)
        for thing in picked or ():
            self.log.add("target_chosen", ctx.player, target=str(thing), ref=rendered(ref))
        ctx.picks.setdefault(id(ref), []).append(picked)

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
            return any(isinstance(t, Unit) and t.kind == c.noun.rpartition("_")[2] for t in self._things(c.ref, ctx))
        if isinstance(c, A.IsDestroyed):
            return any(u.dying or u.gone for u in self._destroyed_candidates(c.ref, ctx))
        raise EngineError(tr("{text} is not a tactics condition", text=repr(rendered(c))))

    def _destroyed_candidates(self, ref: A.Node, ctx: Context) -> list[Unit]:
        """The units ``<对象>被消灭`` asks about, destroyed ones included (those no longer on the map are still the
        ones named): 本次攻击的目标 / a bare 目标 naming it (none when the attack lost it, §13.1), 攻击者, 本单位,
        佩戴者 / 贴附单位, a target named before (a bare 目标), else what the reference names now."""
        if isinstance(ref, A.Target) and ref.noun is None:
            named = self._antecedent(ctx)
            if isinstance(named, tuple):
                return [t for t in named[1] if isinstance(t, Unit)]
            return self._lost_or_target(named, ref, ctx)
        if isinstance(ref, A.Fixed):
            attack = self._attack(ctx)
            if ref.ref == "attack_target":
                return self._lost_or_target(attack, ref, ctx)
            if ref.ref == "attacker":
                return [attack.attacker] if attack else []
            if ref.ref == "self_unit":
                return [ctx.unit] if ctx.unit else []
            if ref.ref in ("wearer", "attached"):
                holder = (self.holder(ctx.card) if ctx.card else None) or ctx.unit
                return [holder] if holder else []
            return []  # (本牌: a card is not destroyed as a unit is)
        return self._units(ref, ctx)

    def _lost_or_target(self, attack: Attack | None, ref: A.Node, ctx: Context) -> list[Unit]:
        """The target of ``attack``, gone or not; none when the attack lost it (logged as :meth:`_attack_target`)."""
        if attack is None:
            return []
        if attack.lost:
            self._tell(ctx, "target_lost", target=str(attack.target), ref=rendered(ref))
            return []
        return [attack.target]

    # supplied by the attack and action layers
    def basic_attack(self, attacker: Unit, ctx: Context, counter: bool = False) -> Attack | None:
        raise NotImplementedError

    def attack_with(self, attacker: Unit, ctx: Context, name: str) -> Attack | None:
        raise NotImplementedError

    def reinforce(self, seat: int) -> None:
        raise NotImplementedError

    def take_control(self, unit: Unit, seat: int) -> None:
        raise NotImplementedError


_CARD_COSTS = (A.MortgageCost, A.DiscardCost)  # (an isinstance union written in a call is built anew each time)


def _taps(costs: Sequence[A.Node]) -> int:
    """How many times ``costs`` tap what has the ability (横置): more than once can never be paid."""
    return sum(isinstance(cost, A.TapCost) for cost in costs)


def _aim(e: A.Node) -> A.Node | None:
    """What ``e`` acts on only once it is named (a target or choice, 目标<单位> / 你选择的, a bare 目标, cells to
    destroy or restore), else None: a face-down agent's own triggered ability is used by ``e`` then only (§8.4)."""
    if isinstance(e, A.DestroyTerrain | A.RestoreTerrain):
        return e.cells
    ref = getattr(e, "ref", None)
    return ref if isinstance(ref, A.Target | A.Chosen) else None


def _range(within: tuple[int, int] | None) -> str:
    if within is None:
        return Phrase(N_("any distance"))
    return Phrase(N_("distance {low}-{high}"), low=within[0], high=within[1])
