"""Android: Netrunner (seed 001): the game as parts the game holds and calls.

- :mod:`.state`: cards, servers, players, the run in progress (plain data);
- :mod:`.decisions`: decisions as data (options with stable labels), policies, the stepper;
- :mod:`.game`: :class:`NetrunnerGame`, the state's operations, turns and who decides;
- :mod:`.interp`: the interpreter of ability text (costs, effects, conditions, traces, psi games);
- :mod:`.run`: the run step by step (RULINGS N5);
- :mod:`.actions`: basic actions and paid abilities as labelled options;
- :mod:`.view`: the state as JSON for a seat;
- :mod:`.players`: heuristic and random players;
- :mod:`.scenario`: a position and its decisions, from a file.
"""

from .actions import Action
from .decisions import DeciderPolicy, Decision, Option, Policy, RandomPolicy, Stepper
from .game import NetrunnerGame
from .interp import side_of_ability
from .state import CENTRALS, SEATS, SIDES, Card, Context, Player, RunState, Server, Side

__all__ = [
    "Action",
    "CENTRALS",
    "Card",
    "Context",
    "Decision",
    "DeciderPolicy",
    "NetrunnerGame",
    "Option",
    "Player",
    "Policy",
    "RandomPolicy",
    "RunState",
    "SEATS",
    "SIDES",
    "Server",
    "Side",
    "Stepper",
    "side_of_ability",
]
