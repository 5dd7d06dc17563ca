"""What the card-script tests share: fixture records in NetrunnerDB's shape with our own wording, and
scenarios that play them.

A fixture card carries a real card's id (so its script applies) and English paragraphs we write to
describe the card's effect; the import's reader decides the record's ``reading`` as it does on import
(the script's paragraphs scripted, the rest read by templates or not), so the test runs what the
engine runs for the imported card. Never paste NetrunnerDB's text here.
"""

from __future__ import annotations

from typing import Any

from toolkit.catalog import load_catalog
from toolkit.importers.nrdb_text import read_card
from toolkit.models import RECORD_ADAPTER
from toolkit.models.netrunner import RUNNER_TYPES
from toolkit.models.scenario import Scenario

from ..conftest import CARDS

BASE = {"deck_limit": 3, "game": "netrunner", "influence": 0, "kind": "card", "set": "dossier_demo", "unique": False}


def card(card_id: str, type_: str, english: list[str], **fields: Any) -> Any:
    """A fixture record of ``card_id``: our own ``english`` paragraphs, read as the import reads them."""
    limit = fields.get("deck_limit", BASE["deck_limit"])
    reading = read_card(english, type_, fields.pop("title", None), card_id=card_id, deck_limit=limit)
    faction = fields.pop("faction", "neutral_runner" if type_ in RUNNER_TYPES else "neutral_corp")
    data = {
        **BASE,
        "id": card_id,
        "type": type_,
        "text": reading.texts(),
        "faction": faction,
        "subtypes": fields.pop("subtypes", []),
        "name": {"zh-Hans": card_id, "en": card_id},
        "printed_text": {"en": english},
        "reading": reading.record(),
        **fields,
    }
    return RECORD_ADAPTER.validate_python(data)


def identity(card_id: str, side: str, english: list[str], **fields: Any) -> Any:
    """A fixture identity record of ``card_id`` (``side`` corp or runner), read as the import reads it."""
    reading = read_card(english, "identity", fields.pop("title", None), card_id=card_id)
    data = {
        "game": "netrunner",
        "kind": "identity",
        "id": card_id,
        "side": side,
        "faction": fields.pop("faction", f"neutral_{side}"),
        "subtypes": fields.pop("subtypes", []),
        "name": {"zh-Hans": card_id, "en": card_id},
        "text": reading.texts(),
        "printed_text": {"en": english},
        "reading": reading.record(),
        "min_deck_size": fields.pop("min_deck_size", 40),
        "influence_limit": fields.pop("influence_limit", 15),
        **({"base_link": fields.pop("base_link", 0)} if side == "runner" else {}),
        **fields,
    }
    return RECORD_ADAPTER.validate_python(data)


def bundled() -> list[Any]:
    """The bundled netrunner records (game, formats, identities and our demo cards)."""
    return list(load_catalog([CARDS / "netrunner"]).records)


def play(
    records: list[Any],
    decisions: list[str],
    corp: dict[str, Any] | None = None,
    runner: dict[str, Any] | None = None,
    active: str = "runner",
) -> Any:
    """Lay out a position (the bundled identities; 5 credits each unless given) and take ``decisions``."""
    from toolkit.engine.netrunner.scenario import run_scenario

    data = {
        "game": "netrunner",
        "name": "card script",
        "active": active,
        "corp": {"identity": "weyland_iron_ledger", "credits": 5, **(corp or {})},
        "runner": {"identity": "zero_weaver", "credits": 5, **(runner or {})},
        "decisions": decisions,
    }
    return run_scenario(records, Scenario.model_validate(data))


def events(result: Any, kind: str) -> list[dict[str, Any]]:
    """The data of every logged event of ``kind``."""
    return [e.data for e in result.game.log if e.kind == kind]


def card_in(result: Any, zone: list[Any], card_id: str) -> Any:
    """The first card of ``card_id`` in ``zone`` (a list of the game's cards), or None."""
    return next((c for c in zone if c.id == card_id), None)
