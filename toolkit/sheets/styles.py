"""Colours and backs: the look of each game, kept as data.

Netrunner faction colours come from the faction records (``color``); the
rest is here. A back is chosen per record by :func:`back_key`, so a deck that
mixes personal (black) and matrix shop (gold) cards prints each with its own
back, and every crossfire role shares one back (roles are secret).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

INK = "#1b1d21"
MUTED = "#5c636b"
PAPER = "#ffffff"
PANEL = "#fbfaf7"

TACTICS_CATEGORY_COLOR = {
    "equipment": "#3d6a8e",
    "skill": "#3f8a4f",
    "item": "#b8711a",
    "status": "#7a4c9c",
    "minion": "#8a5a3c",
}
TACTICS_FRAME = {
    "personal": "#202326",
    "shop": "#b8901c",
    "token": "#6b7580",
    "agent": "#2b3a4a",
    "minion": "#6b4f3a",
    "obstacle": "#6d6d6d",
}
GOLD = "#c9a227"
TEAM_COLOR = {"blue": "#2458b3", "red": "#b8332e", "none": "#6d6d6d"}
NETRUNNER_FALLBACK = "#6d6d6d"


@dataclass(frozen=True)
class BackStyle:
    """How one kind of back looks."""

    background: str
    ink: str
    accent: str
    label: str  # what deck this back belongs to; the title is the game's name


BACKS: dict[tuple[str, str], BackStyle] = {
    ("tactics", "personal"): BackStyle("#141619", "#eceff2", "#7d848c", "个人牌库"),
    ("tactics", "shop"): BackStyle("#c9a227", "#2e2406", "#f2de8f", "矩阵商店"),
    ("tactics", "agent"): BackStyle("#2b3a4a", "#e6edf4", "#7f93a8", "特工"),
    ("tactics", "unit"): BackStyle("#4a4f55", "#eceff2", "#8e959c", "单位"),
    ("netrunner", "corp"): BackStyle("#1d3357", "#e3ebf7", "#6f8fc2", "公司"),
    ("netrunner", "runner"): BackStyle("#4a1c2c", "#f5e3e9", "#b86f88", "潜袭者"),
    ("crossfire", "role"): BackStyle("#14213d", "#f0e9d8", "#c8a86a", "身份"),
}


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
