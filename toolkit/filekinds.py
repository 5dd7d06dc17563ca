"""Dossier's JSON files that are not records, told from records by what they say of themselves.

Decks, scenarios, print templates (their ``$schema`` names that schema), JSON Schemas (json-schema.org's
``$schema``), crossfire tables (only a table's keys), saved games (what ``dossier play … --save`` and ``dossier
simulate netrunner --save`` write) and balance reports (the ``report.json`` of ``dossier balance … --out``) may sit
in a designer's folder beside the records. ``lint`` warns of such a file and names the command made for it, ``fmt``
leaves it as it is, and a card pool (:func:`toolkit.catalog.iter_records`) leaves it out, so that what lint lets
pass, every command reads.
"""

from __future__ import annotations

from collections.abc import Iterator
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


def go_on_command(game: str, path: Any) -> str:
    """The command, quoted as a message gives it (the path shell-quoted), that goes on with the game of ``game``
    saved in ``path`` and keeps what is played: ``dossier play tactics --load g.json --save g.json`` (without
    ``--save`` it would be lost). Every message that sends a person back to a saved game names this one."""
    import shlex

    quoted = shlex.quote(str(path))
    return f"`dossier play {game} --load {quoted} --save {quoted}`"

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


CARD_KINDS = frozenset({"card", "identity", "agent", "unit", "ability", "attack", "map"})
"""The kinds of record a saved game's fingerprint covers (:func:`card_prints`): what its decks, squads and map are
made of; a game's, a mode's or a format's record are its rules (a change to them is told as such)."""

_NOT_PLAYED = frozenset({"$schema", "name", "flavor", "set"})
"""The fields of a record that change nothing in a game (its names, its flavor text, its set): left out of its
fingerprint, so that a translation put right does not make a saved game another."""


def _record_data(record: Any) -> dict[str, Any]:
    if hasattr(record, "model_dump"):
        return dict(record.model_dump(mode="json", by_alias=True, exclude_none=True))
    return dict(record) if isinstance(record, dict) else {}


def _strings(value: Any) -> Iterator[str]:
    """Every string in ``value`` (a record's or a set-up's JSON), keys of objects too (a deck's card counts)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def card_prints(records: Any, used: Any) -> dict[str, str]:
    """The fingerprint of the cards a game is played with, as a saved game keeps it (``cards``): for each record of
    :data:`CARD_KINDS` that ``used`` (the game's decks, squads and map, as JSON) names, and each such record those
    name in turn, its id and a digest of its JSON (the fields that change nothing in a game left out:
    :data:`_NOT_PLAYED`). :func:`changed_cards` tells the records that differ when the game is loaded again."""
    import hashlib
    import json

    by_id: dict[str, list[Any]] = {}
    for record in records:
        kind, name = (record.get("kind"), record.get("id")) if isinstance(record, dict) else \
            (getattr(record, "kind", None), getattr(record, "id", None))  # fmt: skip
        if kind in CARD_KINDS and isinstance(name, str):
            by_id.setdefault(name, []).append(record)
    prints: dict[str, str] = {}
    todo = [s for s in _strings(used) if s in by_id]
    while todo:
        name = todo.pop()
        if name in prints:
            continue
        played = [{k: v for k, v in _record_data(r).items() if k not in _NOT_PLAYED} for r in by_id[name]]
        text = json.dumps(sorted(played, key=lambda d: json.dumps(d, sort_keys=True)), sort_keys=True,
                          ensure_ascii=False, separators=(",", ":"))  # fmt: skip
        prints[name] = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
        todo.extend(s for s in _strings(played) if s in by_id and s not in prints)
    return dict(sorted(prints.items()))


def changed_cards(records: Any, data: Any, used: Any) -> list[str]:
    """The ids of the cards of the saved game ``data`` that are not as they were when it was saved: its ``cards``
    (:func:`card_prints`, of what ``used`` names) against the records of now, a card gone counted as changed; none
    for a game saved without a fingerprint (before there was one), or with one that is no object of digests."""
    saved = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(saved, dict) or not all(isinstance(v, str) for v in saved.values()):
        return []
    now = card_prints(records, [used, list(saved)])
    return sorted(name for name, digest in saved.items() if now.get(name) != digest)


def saved_changed_cards(records: Any, data: Any) -> list[str]:
    """The ids of the cards of the saved game ``data`` (either game's, :func:`saved_game_of`) that changed since it
    was saved (:func:`changed_cards`: a tactics game's fingerprint may be sealed with its seed, as its machine's
    deck is); none when it has no fingerprint, or is no saved game to read (its own checks say so)."""
    import json

    game = saved_game_of(data)
    if game == "netrunner":
        return changed_cards(records, data, data.get("decks"))
    if game != "tactics":
        return []
    from toolkit.engine.core import EngineError
    from toolkit.engine.tactics.session import SEALED, TacticsSetup, unseal

    try:
        setup = TacticsSetup.from_json(data.get("setup"))
    except EngineError:
        return []  # (said, naming the field, as the game is read)
    prints = data.get("cards")
    if isinstance(prints, str) and prints.startswith(SEALED):
        try:
            prints = json.loads(unseal(prints, setup.seed, "cards"))
        except (ValueError, RecursionError):
            return []
    return changed_cards(records, {"cards": prints}, setup.to_json())


def fingerprint_problem(data: Any) -> str | None:
    """What is wrong with the ``cards`` of the saved game ``data`` (either game's, :func:`saved_game_of`), in one
    line naming the field, or None (none, or a fingerprint as :func:`card_prints` writes it: an object of digests; a
    tactics game's may be sealed with its seed). A broken one is refused, not taken for no fingerprint: that would
    turn off the check of the cards changed since (:func:`saved_changed_cards`) without a word."""
    import json

    from toolkit.i18n import tr

    game = saved_game_of(data)
    if game is None or "cards" not in data:
        return None
    prints = data["cards"]
    if game == "tactics" and isinstance(prints, str):
        from toolkit.engine.tactics.session import SEALED, unseal

        seed = data["setup"].get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            return None  # (the seed's field is refused as the set-up is read)
        text = unseal(prints, seed, "cards")  # (as it is when it does not open)
        try:
            prints = None if text.startswith(SEALED) or not prints.startswith(SEALED) else json.loads(text)
        except (ValueError, RecursionError):
            prints = None
    if isinstance(prints, dict) and all(isinstance(v, str) for v in prints.values()):
        return None
    return tr("{field}: {problem}", field="/cards", problem=tr("not a fingerprint of the cards this version wrote"))


def seen_changed_cards(data: Any, changed: list[str], records: Any) -> tuple[list[str], int]:
    """The cards of ``changed`` (:func:`saved_changed_cards` of the saved game ``data``) a person's seat could have
    seen, and how many others there are: a tactics game's squad and deck the machine made up for itself are sealed
    in the person's file (:meth:`~toolkit.engine.tactics.session.TacticsSession.to_json`), and their cards are only
    counted, unless the seats' squads and decks that are not sealed, or the map, hold them too. (Which of them were
    played face up since is not told: the file keeps no record of what was shown, and replaying the game on the
    cards that changed could show a card the person never saw.) A Netrunner game's decks are both in the file:
    every card is named."""
    if saved_game_of(data) != "tactics":
        return changed, 0
    from toolkit.engine.tactics.session import SEALED

    setup = data["setup"]
    shown = {key: [x for x in value if not (isinstance(x, str) and x.startswith(SEALED))]
             if key in ("squads", "decks") and isinstance(value, list) else value
             for key, value in setup.items()}  # fmt: skip
    if shown == setup:
        return changed, 0
    seen = set(_strings(shown)) | set(card_prints(records, shown))
    named = [name for name in changed if name in seen]
    return named, len(changed) - len(named)


def cards_changed_reason(cards: list[str], option: str | None = None, sealed: int = 0) -> str:
    """A saved game whose ``cards`` changed since it was saved (:func:`saved_changed_cards`), in one line: the game
    would replay as another; ``option`` the option that replays it all the same (if the command has one); ``sealed``
    the number of other cards that changed, the machine's that its side keeps hidden (:func:`seen_changed_cards`),
    counted and not named."""
    from toolkit.i18n import tr

    said = tr(", ").join(cards[:8]) + (tr(", ") + "…" if len(cards) > 8 else "")
    if sealed and cards:
        said = tr("{cards} and {n} of the machine's cards", cards=said, n=sealed)
    elif sealed:
        said = tr("{n} of the machine's cards", n=sealed)
    if option is None:
        return tr("its cards changed since the game was saved ({cards}): it would replay as another game",
                  cards=said)  # fmt: skip
    return tr("its cards changed since the game was saved ({cards}): it would replay as another game (give "
              "{option} to replay it all the same)", cards=said, option=option)  # fmt: skip
