"""The fixed colours of the layouts, and which back each record prints with.

The colours of each game (categories, decks, teams, backs) live in the
templates (``toolkit/sheets/templates``); netrunner faction colours come from
the faction records (``color``). A back is chosen per record by
:func:`back_key`, so a deck that mixes personal (black) and matrix shop (gold)
cards prints each with its own back, and every crossfire role shares one back
(roles are secret).
"""

from __future__ import annotations

from typing import Any

INK = "#1b1d21"
MUTED = "#5c636b"
PAPER = "#ffffff"
PANEL = "#fbfaf7"

GOLD = "#c9a227"
NETRUNNER_FALLBACK = "#6d6d6d"  # a colour for a card whose faction is unknown, or missing from a palette
ROLE_COLORS = {"ink": INK, "muted": MUTED, "paper": PAPER, "panel": PANEL, "gold": GOLD}  # fixed template roles


def back_key(record: Any) -> tuple[str, str]:
    """Which back a record prints with."""
    game, kind = record.game, record.kind
    if game == "tactics":
        if kind == "card":
            return game, str(record.back)
        return game, "agent" if kind == "agent" else "unit"
    if game == "netrunner":
        side = record.side if kind == "identity" else _netrunner_side(str(record.type))
        return game, side
    return game, "role"


def _netrunner_side(card_type: str) -> str:
    return "corp" if card_type in ("operation", "agenda", "ice", "upgrade", "asset") else "runner"


def mix(color: str, other: str, amount: float) -> str:
    """``color`` moved ``amount`` (0..1) of the way to ``other``; both #rrggbb."""
    a = [int(color[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * amount):02x}" for x, y in zip(a, b, strict=True))


def readable_on(background: str) -> str:
    """Black or white, whichever reads better on ``background``."""
    r, g, b = (int(background[i : i + 2], 16) for i in (1, 3, 5))
    luminance = 0.299 * r + 0.587 * g + 0.114 * b
    return INK if luminance > 150 else PAPER
