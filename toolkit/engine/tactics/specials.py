"""Special abilities (§11.3, §8.4.2, RULINGS T26): a part the tactics game holds.

A special ability is not an action and is never responded to; "满足发动条件时，可在任何时机插入": its owner may
use it at any timing point — between two actions of the main phase, at each response window (before the
responses are declared), at each step of an attack (攻击时 after its abilities and the melee move, 伤害结算 before
range and sight are judged, 攻击后, and 消灭后 / 失联后 when it destroyed a unit) — each name once at one timing
point ("同一时机，若未特殊说明，同名特殊能力仅可使用1次"). Voluntary 暴露 is one for every hidden unit (index:
"可在主动和响应时机使用").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n.words import N_

from .state import Action, Unit

if TYPE_CHECKING:
    from .game import TacticsGame

MAX_SPECIALS = 20  # special abilities one player uses at one timing point at most (each name once anyway)


class SpecialAbilities:
    """The special abilities of one game: what each player may insert now, the windows, their use."""

    def __init__(self, game: TacticsGame) -> None:
        self.game = game
        self.used: set[str] = set()  # names used at the current timing point

    @staticmethod
    def name(source: Any, index: int) -> str:
        """A special ability's name for "同名特殊能力": its record and its place in the text."""
        return f"{source.record.id}:{index}"

    @staticmethod
    def is_special(action: Action) -> bool:
        return action.kind == "expose" or (action.ability is not None and action.ability.kind == "special")

    def unused(self, source: Any, index: int) -> bool:
        return self.name(source, index) not in self.used

    def mark_used(self, source: Any, index: int) -> None:
        self.used.add(self.name(source, index))

    def new_point(self) -> None:
        """A new timing point: every name may be used again."""
        self.used = set()

    def options(self, seat: int) -> list[Action]:
        """What ``seat`` may insert now: each unit's special abilities it can pay for, unused at this timing
        point, and voluntary 暴露 for each hidden unit."""
        game = self.game
        out: list[Action] = []
        for unit in game.player(seat).units:
            if unit.dying or unit.gone:
                continue
            if unit.hidden:
                out.append(Action("expose", seat, unit))
            sources: list[Any] = [unit, *unit.equipment, *[c for c in unit.statuses if c.owner == seat]]
            for source in sources:
                for index, ability in game.kind_abilities(source, "special"):
                    if not self.unused(source, index):
                        continue
                    if game.can_pay(ability.costs, seat, unit if isinstance(source, Unit) else source):
                        out.append(Action("ability", seat, unit, None, source, index, ability))
        return out

    def window(self, point: str, about: Callable[[int], str] | None = None) -> None:
        """A timing point outside the main phase (``response``; an attack's ``on_attack``, ``damage``,
        ``after_attack``, ``after_destroyed``): each player in turn order may use any number of special abilities,
        then passes. ``about(seat)``: what the point belongs to, as that seat is asked it (the action answered, the
        attack), said in the question.

        Only a seat with something to use is asked: unlike a response window's, its options tell the others nothing
        hidden (voluntary 暴露 for each hidden unit, whom everyone sees face down; the special abilities of face-up
        units, their equipment and statuses, whether they are tapped, the count of the hand)."""
        game = self.game
        if not game.started or game.winners is not None:
            return
        outer, self.used = self.used, set()
        try:
            for seat in game.turn_order():
                if game.player(seat).out:
                    continue
                for _ in range(MAX_SPECIALS):
                    options = self.options(seat)
                    if not options or game.winners is not None:
                        break
                    game.hint = ("special", point)
                    # passing comes first: a player who does not look (the first-option decider) passes
                    asked = (Phrase(N_("special ability ({point})?"), point=Term("point", point)) if about is None
                             else Phrase(N_("special ability ({point}: {action})?"), point=Term("point", point),
                                         action=about(seat)))  # fmt: skip
                    pick = game.decider.choose(seat, asked, [None, *options])
                    if pick is None:
                        break
                    self.use(pick, point)
        finally:
            self.used = outer

    def use(self, action: Action, point: str) -> None:
        """Use a special ability at a timing point (``main`` or one of :meth:`window`'s)."""
        game = self.game
        unit = action.unit
        assert unit is not None
        game.log.add("special", action.seat, unit=str(unit), point=point)
        if action.kind == "expose":
            self.used.add(f"expose:{unit.uid}")
            game.expose(unit, Phrase(N_("voluntary exposure, a special ability (§8.4.2)")))
            game.check_exposure()
            return
        game.use_ability(action)
