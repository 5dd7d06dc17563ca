"""A game saved as its seed, its decks and its decisions; loading replays them (the same state again)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from toolkit.i18n import tr
from toolkit.jsonio import atomic_write_text
from toolkit.models.deck import Deck

from ..core import EngineError
from .game import NetrunnerGame

FORMAT = "dossier-netrunner-game/1"


def game_record(game: NetrunnerGame, decks: Mapping[str, Deck], turns: int) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "seed": game.seed,
        "netrunner_format": game.format,
        "turns": turns,
        "decks": {side: deck.model_dump(mode="json", by_alias=True, exclude_none=True) for side, deck in decks.items()},
        "decisions": [d["label"] for d in game.decisions],
    }


def save_game(path: Path, game: NetrunnerGame, decks: Mapping[str, Deck], turns: int) -> None:
    atomic_write_text(path, json.dumps(game_record(game, decks, turns), ensure_ascii=False, indent=1) + "\n")


def replay_game(records: Any, data: dict[str, Any], policies: Mapping[str, Any] | None = None) -> NetrunnerGame:
    """A new game from a saved record with its decisions queued (answered before any policy)."""
    if data.get("format") != FORMAT:
        raise EngineError(
            tr(
                "not a saved netrunner game (format {format}, expected {expected})",
                format=repr(data.get("format")),
                expected=repr(FORMAT),
            )
        )
    decks = {side: Deck.model_validate(deck) for side, deck in data["decks"].items()}
    game = NetrunnerGame(
        records,
        seed=int(data["seed"]),
        decks=decks,
        fmt=data.get("netrunner_format", "standard"),
        policies=dict(policies or {}),
    )
    game.replay.extend(data["decisions"])
    return game
