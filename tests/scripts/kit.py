"""What the card-script tests share: fixture records in NetrunnerDB's shape with our own wording, and
scenarios that play them.

A fixture card carries a real card's id (so its script applies) and English paragraphs we write to
describe the card's effect; the import's reader decides the record's ``reading`` as it does on import
(the script's paragraphs scripted, the rest read by templates or not), so the test runs what the
engine runs for the imported card. Never paste NetrunnerDB's text here.
"""

from __future__ import annotations

import re
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


# ---------------------------------------------------------------- positions

QUIET_CORP = "hb_mirror_foundry"  # identities whose own text stays out of the way: HQ holds 6 cards at most,
QUIET_RUNNER = "ada_voss_tinker"  # and the runner has +1 memory (5 MU in all)


def corp(**fields: Any) -> dict[str, Any]:
    """The corp's side of a position: the quiet identity, three cards in R&D to draw, then ``fields``.

    A file that needs another default (say a longer deck) binds it: ``partial(kit.corp, deck=[...])``.
    """
    return {"identity": QUIET_CORP, "deck": ["neutral_plywood_screen"] * 3, **fields}


def runner(**fields: Any) -> dict[str, Any]:
    """The runner's side of a position: the quiet identity, three cards in the stack to draw, then ``fields``."""
    return {"identity": QUIET_RUNNER, "deck": ["spark_of_insight"] * 3, **fields}


def rezzed(card_id: str, **fields: Any) -> dict[str, Any]:
    """A placed card (ice, or a card in a server's root) of ``card_id``, rezzed, with more ``fields``."""
    return {"card": card_id, "rezzed": True, **fields}


def ice_on(server: str, *ice_ids: str, rezzed: bool = True) -> dict[str, Any]:
    """Corp fields putting ``ice_ids`` (innermost first) in front of ``server``, rezzed unless told."""
    return {"servers": {server: {"ice": [{"card": i, "rezzed": rezzed} for i in ice_ids]}}}


def scorable(card_id: str, advancement: int, **servers: Any) -> dict[str, Any]:
    """Servers with agenda ``card_id`` alone in remote1 holding ``advancement`` counters, plus ``servers``."""
    return {"remote1": {"root": [{"card": card_id, "counters": {"advancement": advancement}}]}, **servers}


def agenda(card_id: str, english: list[str], points: int, requirement: int, **fields: Any) -> Any:
    """A fixture agenda record (see ``card``) worth ``points`` that needs ``requirement`` advancement counters."""
    return card(card_id, "agenda", english, agenda_points=points, advancement_requirement=requirement, **fields)


# ---------------------------------------------------------------- reading a result


def labels(result: Any) -> list[str]:
    """The labels of the pending decision's options (none when nothing is pending)."""
    return [o.label for o in result.pending.options] if result.pending else []


def loose(result: Any) -> list[str]:
    """The pending options' labels without card uids ("use:x#12/0" reads "use:x/0")."""
    return [re.sub(r"#\d+", "", label) for label in labels(result)]


def ids(cards: list[Any]) -> list[str]:
    """The ids of ``cards``, in their order."""
    return [c.id for c in cards]


def one(result: Any, zone: list[Any], card_id: str) -> Any:
    """The first card of ``card_id`` in ``zone``; the test fails when there is none."""
    found = card_in(result, zone, card_id)
    assert found is not None, f"{card_id} not in {ids(zone)}"
    return found


def rig(result: Any, card_id: str) -> Any:
    """The first card of ``card_id`` in the runner's rig, or None."""
    return card_in(result, result.game.runner.rig, card_id)


def corp_card(result: Any, card_id: str) -> Any:
    """The first installed corp card of ``card_id`` (it must be there)."""
    return next(c for c in result.game.installed("corp") if c.id == card_id)


def ended(result: Any) -> bool:
    """Whether some run was ended (an ``end_run`` event that ended it)."""
    return any(e["ended"] for e in events(result, "end_run"))


def last_run_successful(result: Any) -> bool:
    """Whether the last run of the game (there must be one) was successful."""
    return bool(result.game.run_history[-1][2])


def accessed(result: Any) -> int:
    """How many cards the runner accessed."""
    return len([e for e in events(result, "access") if "card" in e])


def pass_lone_corp_windows(stepper: Any) -> None:
    """Answer "done" to each corp rez window offering nothing else (a game of two people asks the corp at every one),
    so that a test of the runner's decisions steps past them."""
    while stepper.pending is not None and stepper.pending.kind == "rez" and stepper.pending.labels() == ["done"]:
        stepper.apply("done")
