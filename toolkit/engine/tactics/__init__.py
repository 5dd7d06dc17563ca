"""The tactical agents game (seed 000) on the board: state, rules and the interpreter of ability text.

The layers, each building on the one before (one concern per module):

- :mod:`.state` — cards, units (position, facing), players, the attack in progress;
- :mod:`.base` — zones, tokens, equipment, damage and destruction, continuous effects, triggers;
- :mod:`.board` — positions, moves (T18), vision and sight (T15-T16), exposure (§8.4), terrain (T20);
- :mod:`.interp` — the ability language: costs, effects, references, conditions;
- :mod:`.attack` — the attack sequence and counterattacks (§13, T21);
- :mod:`.game` — set-up and deployment (§3, T19), the turn, actions and responses (§9-§12), winning;
- :mod:`.specials` — a part the game holds: special abilities and voluntary 暴露 at every timing point (T26).
"""

from .attack import Profile, RecordSource
from .game import Action, TacticsGame, default_map
from .state import Attack, Card, Context, Player, TimedEffect, Unit

__all__ = [
    "Action",
    "Attack",
    "Card",
    "Context",
    "Player",
    "Profile",
    "RecordSource",
    "TacticsGame",
    "TimedEffect",
    "Unit",
    "default_map",
]
