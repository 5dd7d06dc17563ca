"""Dossier's JSON files that are not records, told from records by what they say of themselves.

Decks, scenarios, print templates (their ``$schema`` names that schema), JSON Schemas (json-schema.org's
``$schema``), crossfire tables (only a table's keys), saved games (what ``dossier play … --save`` and ``dossier
simulate netrunner --save`` write) and balance reports (the ``report.json`` of ``dossier balance … --out``) may sit
in a designer's folder beside the records. ``lint`` warns of such a file and names the command made for it, ``fmt``
leaves it as it is, and a card pool (:func:`toolkit.catalog.iter_records`) leaves it out, so that what lint lets
pass, every command reads.
"""

from __future__ import annotations

from typing import Any

from toolkit.i18n import N_

NETRUNNER_GAME_FORMAT = "dossier-netrunner-game/1"
"""The ``format`` of a saved Netrunner game (:mod:`toolkit.engine.netrunner.saved`)."""

NOT_RECORDS = {
    "deck": N_("a deck"),
    "scenario": N_("a scenario"),
    "template": N_("a print template"),
    "schema": N_("a JSON Schema"),
    "table": N_("a crossfire table"),
    "tactics_game": N_("a saved tactics game"),
    "netrunner_game": N_("a saved netrunner game"),
    "report": N_("a balance report"),
}
"""What :func:`not_a_record` finds, worded (``tr(NOT_RECORDS[what])``)."""

_OTHER_FILES = {"deck.schema.json": "deck", "scenario.schema.json": "scenario", "template.schema.json": "template"}
"""The schemas of Dossier's JSON files that are not records (a file that names one is said to be such a file)."""


def not_a_record(data: dict[str, Any]) -> str | None:
    """Which of Dossier's other JSON files ``data`` says it is (a key of :data:`NOT_RECORDS`), or None (a record,
    or a file that says nothing of itself): a deck, a scenario or a print template (its ``$schema`` names that
    schema, and it has no ``kind``, as every record has), a JSON Schema (its ``$schema`` is json-schema.org's), a
    crossfire table (only a table's keys, and players each with its seat and only a player's keys), a saved game
    (:func:`saved_game_of`) or a balance report (:func:`balance_report`)."""
    if "kind" in data:
        return None
    schema = data.get("$schema")
    if not isinstance(schema, str):
        if _crossfire_table(data):
            return "table"
        if balance_report(data):
            return "report"
        game = saved_game_of(data)
        return None if game is None else f"{game}_game"
    if schema.startswith(("https://json-schema.org/", "http://json-schema.org/")):
        return "schema"
    return _OTHER_FILES.get(schema.replace("\\", "/").rpartition("/")[2])


def saved_game_of(data: Any) -> str | None:
    """The game of a saved game (``tactics`` or ``netrunner``), or None when ``data`` is none: a tactics game is its
    ``setup`` and ``decisions`` (:meth:`toolkit.engine.tactics.session.TacticsSession.to_json`), a Netrunner game
    says its ``format`` and has its ``decisions``."""
    if not isinstance(data, dict) or "kind" in data or not isinstance(data.get("decisions"), list):
        return None
    if data.get("format") == NETRUNNER_GAME_FORMAT:
        return "netrunner"
    if data.get("game") == "tactics" and isinstance(data.get("setup"), dict):
        return "tactics"
    return None


def balance_report(data: dict[str, Any]) -> bool:
    """Whether ``data`` is a balance run's ``report.json`` (:mod:`toolkit.balance.report`: its ``meta`` and
    ``figures``)."""
    return isinstance(data.get("meta"), dict) and "figures" in data and "kind" not in data


def _crossfire_table(data: dict[str, Any]) -> bool:
    """Whether ``data`` is a crossfire table (the seats, roles and aims of a round, as `dossier crossfire
    resolve` reads it)."""
    players = data.get("players")
    if "game" in data or not isinstance(players, list) or not players:
        return False
    from toolkit.engine.crossfire import PLAYER_KEYS, TABLE_KEYS

    return set(data) <= TABLE_KEYS and all(
        isinstance(p, dict) and "seat" in p and set(p) <= PLAYER_KEYS for p in players
    )
