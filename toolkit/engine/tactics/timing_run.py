"""``dossier text run`` with a triggered ability (issue 25): it waits for its timing, so the timing is made to happen.

A designer who runs ``暴露时：…`` wants to see what happens when the unit is exposed, not the effect applied at
once as if it were plain text. :func:`run_triggered` gives the ability to the executing player's first unit on
the map (in place of that unit's own text, so that nothing else of it fires) and makes the timing happen the
way a game would: the unit is hidden and then exposed (暴露时), takes 1 damage from an opponent (受到伤害时),
is destroyed (消灭时, 消灭后, 失联后), moves 1 (移动后); the other timings (回合开始时, 登场时, 攻击时, …) fire
for that unit alone. A timing the tactics engine never runs (a netrunner one) is not simulated: the ability
would never trigger on a tactics card, and lint says so (``text.form.unsupported``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolkit.engine.forms import TACTICS_TIMINGS
from toolkit.engine.phrase import Phrase
from toolkit.i18n.words import N_
from toolkit.text import ast as A

if TYPE_CHECKING:
    from .game import TacticsGame

# timing -> how `text run` makes it happen (the code the command words)
HOW = {
    "on_exposed": "expose",
    "on_damaged": "damage",
    "on_destroyed": "destroy",
    "after_destroyed": "destroy",
    "after_lost": "destroy",
    "after_move": "move",
}


def run_triggered(game: TacticsGame, ability: A.Ability, text: str, seat: int) -> dict[str, Any]:
    """Simulate the timing of the triggered ``ability`` (written ``text``) for player ``seat``; returns what
    was done: ``{"timing", "simulated", "how", "unit"}`` (``how``: expose, damage, destroy, move, fire; None
    when not simulated)."""
    timing = ability.timing or ""
    player = game.player(seat)
    unit = next((u for u in player.units if not u.gone), None)
    out: dict[str, Any] = {"timing": timing, "simulated": False, "how": None, "unit": None}
    if timing not in TACTICS_TIMINGS or unit is None:
        game.log.add("ability", seat, text=text)
        return out
    unit.record = unit.record.model_copy(update={"text": [text]})
    game.forget_texts(unit.record.id)
    out.update(simulated=True, unit=str(unit))
    how = HOW.get(timing, "fire")
    reason = Phrase(N_("`text run` makes the timing happen"))
    opponent = next(iter(game.opponents(seat)), None)
    if how == "expose":
        unit.hidden = True
        game.expose(unit, reason)
    elif how == "damage":
        game.damage(unit, 1, by=opponent)
    elif how == "destroy":
        game.destroy(unit, by=opponent)
    elif how == "move" and not game.move(unit, 1, 1, reason=reason):
        how = "fire"  # no cell to move to: the timing fires alone
        game.fire(timing, seat, unit=unit)
    elif how == "fire":
        game.fire(timing, seat, unit=unit)
    out["how"] = how
    return out


__all__ = ["HOW", "run_triggered"]
