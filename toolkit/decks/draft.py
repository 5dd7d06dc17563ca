"""The tactics 轮抓 draft (seed 000 §15.6, RULINGS T7), for two players.

Both players take every 列兵. Ten agent cards are laid face down (chosen at
random when the pool has more), two are removed unseen, four are turned face up;
players pick one at a time from the first player on; when the face-up row is
empty the next four are turned up; it ends when all eight are taken, four each.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from toolkit.errors import DossierError
from toolkit.i18n import tr

LAYOUT = 10
REMOVED = 2
ROW = 4


@dataclass
class DraftResult:
    squads: list[list[str]]  # agents picked, per player
    privates: list[str]
    log: list[dict[str, Any]] = field(default_factory=list)


Chooser = Callable[[int, list[str]], str]


def run_draft(agents: list[str], privates: list[str], seed: int | None, choose: Chooser) -> DraftResult:
    """Run the draft; ``choose(player, row)`` returns the id picked from the face-up ``row``."""
    if len(agents) < LAYOUT:
        raise DossierError(
            tr("the draft lays out {layout} agent cards; the card pool has {n} real agents", layout=LAYOUT,
               n=len(agents))
        )  # fmt: skip
    rng = random.Random(seed)
    laid = rng.sample(sorted(agents), LAYOUT)
    removed, hidden = laid[:REMOVED], laid[REMOVED:]
    result = DraftResult([[], []], sorted(privates))
    result.log.append({"event": "removed", "count": len(removed)})
    row: list[str] = []
    player = 0
    while hidden or row:
        if not row:
            row, hidden = hidden[:ROW], hidden[ROW:]
            result.log.append({"event": "reveal", "row": list(row)})
        pick = choose(player, list(row))
        if pick not in row:
            raise DossierError(
                tr("player {n} picked {pick}, which is not face up ({row})", n=player + 1, pick=repr(pick),
                   row=tr(", ").join(row))
            )  # fmt: skip
        row.remove(pick)
        result.squads[player].append(pick)
        result.log.append({"event": "pick", "player": player + 1, "agent": pick})
        player = 1 - player
    return result
