"""Deck files in and out: Dossier JSON, plain-text lists, NetrunnerDB text, jinteki.net, OCTGN .o8d.

Reading never stops at the first problem: a reader returns the deck it could
build and a finding (with the line) for every name it could not resolve.

Formats:

- ``json``: ``{"$schema", "game", "mode", "name", "cards": {id: n}, ...}`` (schema/deck.schema.json).
- ``text``: one card per line as ``3x 名称``, ``3 Name`` or ``名称 x3``; ``#`` comments
  (``# game: tactics``, ``# mode: duo``, ``# name: …``, ``# players: 7`` are read),
  lines without a count are headings and ignored. Names in either language or ids.
- ``nrdb``: NetrunnerDB's plain-text export (deck name, identity line, sections
  ``Type (n)``, ``3x Title (Set) ••``, the footer). Read by the text reader.
- ``jinteki``: jinteki.net's list, ``3 Title`` per card (no identity). Read by the text reader.
- ``o8d``: OCTGN's deck XML (sections Identity and R&D / Stack).

The nrdb, jinteki and o8d writers are in :mod:`toolkit.decks.exports`.
"""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from toolkit.config import MISSING_POOL
from toolkit.errors import DossierError
from toolkit.findings import Finding
from toolkit.jsonio import JsonSyntaxError, canonical_dumps, loads_strict, loc_pointer, value_positions
from toolkit.models import GAMES
from toolkit.models.deck import Deck

from .exports import DEFAULT_PRINTING, deck_to_jinteki, deck_to_nrdb, deck_to_o8d, octgn_id, octgn_ids
from .names import NameIndex

READ_FORMATS = ("json", "text", "o8d")
WRITE_FORMATS = ("json", "text", "nrdb", "jinteki", "o8d")
NETRUNNER_ONLY = ("nrdb", "jinteki", "o8d")
EXTENSIONS = {".json": "json", ".o8d": "o8d"}


@dataclass
class LoadedDeck:
    """A deck read from a file, the problems met reading it, and where things are in the file."""

    path: Path
    deck: Deck | None
    findings: list[Finding] = field(default_factory=list)
    lines: dict[str, tuple[int, int]] = field(default_factory=dict)  # pointer -> (line, column)

    def locate(self, finding: Finding) -> Finding:
        """The finding with this file's name and the position of its pointer."""
        ptr = finding.pointer or ""
        position = None
        while position is None:
            position = self.lines.get(ptr)
            if not ptr:
                break
            ptr = ptr.rsplit("/", 1)[0]
        line, column = position or (None, None)
        return Finding(finding.code, finding.message, finding.severity, str(self.path), finding.pointer, line, column)


@dataclass(frozen=True)
class Where:
    """The card pool a list was read against, for findings that say it lacks the list's game."""

    name: str
    hint: str

    def pool(self) -> str:
        return f" ({self.name})" if self.name else ""


def detect_format(path: Path) -> str:
    return EXTENSIONS.get(path.suffix.lower(), "text")


def read_deck(
    path: Path,
    names: NameIndex,
    *,
    fmt: str | None = None,
    game: str | None = None,
    mode: str | None = None,
    default_modes: dict[str, str] | None = None,
    pool: str = "",
    pool_hint: str = MISSING_POOL,
) -> LoadedDeck:
    """Read a deck file in any readable format. Unreadable files raise DossierError (exit 2).

    For a list that fits no game of the card pool, the finding names ``pool`` (which
    directories were read) and ends with ``pool_hint`` (how to read another).
    """
    where = Where(pool, pool_hint)
    fmt = fmt or detect_format(path)
    if fmt not in READ_FORMATS and fmt not in WRITE_FORMATS:
        raise DossierError(f"unknown deck format {fmt!r}; formats: {', '.join(WRITE_FORMATS)}")
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise DossierError(f"{path}: cannot read: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return LoadedDeck(path, None, [Finding("deck.encoding", f"not UTF-8 (byte {exc.start})", file=str(path))])
    if fmt == "json":
        return _read_json(path, text)
    if fmt == "o8d":
        return _read_o8d(path, text, names, mode, default_modes or {}, where)
    return _read_text(path, text, names, game, mode, default_modes or {}, where)


# --------------------------------------------------------------------------
# JSON


def _read_json(path: Path, text: str) -> LoadedDeck:
    try:
        data = loads_strict(text)
    except JsonSyntaxError as exc:
        finding = Finding("deck.json", f"invalid JSON: {exc.message}", "error", str(path), None, exc.line, exc.column)
        return LoadedDeck(path, None, [finding])
    positions = value_positions(text)
    loaded = LoadedDeck(path, None, lines=positions)
    try:
        loaded.deck = Deck.model_validate(data)
    except ValidationError as exc:
        for err in exc.errors():
            where = loc_pointer(data, err["loc"])
            message = err["msg"].removeprefix("Value error, ")
            loaded.findings.append(loaded.locate(Finding("deck.schema", f"{where or '/'}: {message}", pointer=where)))
    return loaded


def deck_to_json(deck: Deck, out: Path | None = None, schema_dir: Path | None = None) -> str:
    data = deck.model_dump(by_alias=True, exclude_none=True)
    data.pop("$schema", None)
    if out is not None and schema_dir is not None:
        target = schema_dir / "deck.schema.json"
        data["$schema"] = os.path.relpath(target, Path(os.path.abspath(out)).parent).replace(os.sep, "/")
    return canonical_dumps(data)


# --------------------------------------------------------------------------
# plain text (Dossier list, NetrunnerDB export, jinteki.net list)

_DIRECTIVE = re.compile(r"^#+\s*(game|mode|format|name|players)\s*[:：]\s*(.+?)\s*$", re.IGNORECASE)
_COUNT_FIRST = re.compile(r"^(\d{1,2})\s*[x×X*]?\s+(\S.*?)$|^(\d{1,2})[x×X*](\S.*?)$")
_COUNT_LAST = re.compile(r"^(\S.*?)\s+[x×X*]\s*(\d{1,2})$")
_FOOTER = re.compile(
    r"^(\d+\s+influence spent\b|\d+\s+agenda points\b|\d+\s+(format )?points\b|\d+\s+cards?\s*(\(|$)|"
    r"cards up to\b|decklist published\b|deck built on\b|warning\s*:|format\s*:)",
    re.IGNORECASE,
)
_FORMAT_LINE = re.compile(r"^format\s*:\s*(\S+)\s*$", re.IGNORECASE)
_HEADING = re.compile(r"^.+\(\s*\d+\s*\)\s*$")
_DOTS = re.compile(r"[\s●•○◦♘★☆]+$")
_SET = re.compile(r"\s*\([^()]*\)\s*$")


def _candidates(name: str) -> list[str]:
    out = [name]
    stripped = _DOTS.sub("", name)
    if stripped != name:
        out.append(stripped)
    without_set = _SET.sub("", stripped)
    if without_set != stripped:
        out.append(without_set)
    return out


@dataclass
class _Line:
    number: int
    count: int
    name: str


def _parse_lines(text: str) -> tuple[dict[str, tuple[str, int]], list[_Line], list[tuple[int, str]]]:
    directives: dict[str, tuple[str, int]] = {}
    entries: list[_Line] = []
    free: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if match := _DIRECTIVE.match(line):
                key = match.group(1).lower()
                directives["mode" if key == "format" else key] = (match.group(2), number)
            continue
        if _FOOTER.match(line):
            if match := _FORMAT_LINE.match(line):
                directives.setdefault("mode", (match.group(1), number))
            continue
        if match := _COUNT_FIRST.match(line):
            count, name = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), match.group(4))
            entries.append(_Line(number, int(count), name.strip()))
        elif match := _COUNT_LAST.match(line):
            entries.append(_Line(number, int(match.group(2)), match.group(1).strip()))
        else:
            free.append((number, line))
    return directives, entries, free


def _lookup(names: NameIndex, name: str, game: str) -> list[Any]:
    for candidate in _candidates(name):
        found = names.lookup(candidate, game)
        if found:
            return found
    return []


def _game_scores(names: NameIndex, entries: list[_Line], free: list[tuple[int, str]]) -> dict[str, int]:
    """For each game, how many of the list's names are its cards (and free lines its identities)."""
    scores: dict[str, int] = {g: sum(1 for e in entries if _lookup(names, e.name, g)) for g in GAMES}
    for g in GAMES:
        scores[g] += sum(1 for _, line in free if any(r.kind == "identity" for r in _lookup(names, line, g)))
    return scores


def _game_problem(scores: dict[str, int], entries: list[_Line], where: Where) -> str:
    """Why no game could be chosen, and what to do about it."""
    directive = "'# game: tactics|netrunner|crossfire'"
    best = max(scores.values())
    if best:
        tied = " and ".join(g for g, n in scores.items() if n == best)
        return f"cannot tell which game this list is for: its names fit {tied} alike; add a line {directive}"
    names = f"none of its {len(entries)} card names is" if entries else "it names no card"
    return (
        f"cannot tell which game this list is for: {names} in the card pool{where.pool()}; {where.hint}; "
        f"or add a line {directive}"
    )


def _read_text(
    path: Path,
    text: str,
    names: NameIndex,
    game: str | None,
    mode: str | None,
    default_modes: dict[str, str],
    where: Where,
) -> LoadedDeck:
    directives, entries, free = _parse_lines(text)
    loaded = LoadedDeck(path, None, lines={"": (1, 1)})
    problems: list[Finding] = []

    def problem(code: str, message: str, line: int) -> None:
        problems.append(Finding(code, message, "error", str(path), None, line, 1))

    game_line = 1
    if "game" in directives:
        value, game_line = directives["game"]
        game = value.strip().lower()
        if game not in GAMES:
            problem("deck.game", f"unknown game {value!r}; games: {', '.join(GAMES)}", game_line)
            loaded.findings = problems
            return loaded
    if game is None:
        scores = _game_scores(names, entries, free)
        best = max(scores.values())
        winners = [g for g, n in scores.items() if n == best]
        if not best or len(winners) != 1:
            problem("deck.game", _game_problem(scores, entries, where), 1)
            loaded.findings = problems
            return loaded
        game = winners[0]
    if not names.lookup_all(game):
        problem("deck.game.pool", f"the card pool{where.pool()} has no {game} cards; {where.hint}", game_line)
        loaded.findings = problems
        return loaded

    cards: dict[str, int] = {}
    agents: list[str] = []
    identity: str | None = None
    lines = loaded.lines
    for entry in entries:
        found = _lookup(names, entry.name, game)
        if not found:
            hints = names.suggestions(_candidates(entry.name)[-1], game)
            hint = f"; did you mean {', '.join(repr(h) for h in hints)}?" if hints else ""
            problem("deck.card.unknown", f"no {game} card is called {entry.name!r}{hint}", entry.number)
            continue
        if len(found) > 1:
            ids = ", ".join(f"{r.kind} {r.id!r}" for r in found)
            problem("deck.card.ambiguous", f"{entry.name!r} could be any of: {ids}; write its id instead", entry.number)
            continue
        record = found[0]
        if game == "tactics" and record.kind == "agent":
            for _ in range(entry.count):
                lines.setdefault(f"/agents/{len(agents)}", (entry.number, 1))
                agents.append(record.id)
        elif game == "netrunner" and record.kind == "identity":
            if identity is not None or entry.count != 1:
                problem("deck.identity.count", f"a deck has one identity; {entry.name!r} makes it more", entry.number)
            identity = identity or record.id
            lines.setdefault("/identity", (entry.number, 1))
        elif record.kind in ("card", "role"):
            cards[record.id] = cards.get(record.id, 0) + entry.count
            lines.setdefault(f"/cards/{record.id}", (entry.number, 1))
        else:
            problem("deck.card.kind", f"{entry.name!r} is a {record.kind}, which does not go in a deck", entry.number)

    name_value = directives.get("name")
    heading_free = []
    for number, free_line in free:
        if game == "netrunner" and identity is None:
            found = [r for r in _lookup(names, free_line, game) if r.kind == "identity"]
            if found:
                identity = found[0].id
                lines["/identity"] = (number, 1)
                continue
        heading_free.append((number, free_line))
    if name_value is None and heading_free and not _HEADING.match(heading_free[0][1]):
        name_value = heading_free[0][1], heading_free[0][0]
    deck_name = name_value[0] if name_value and name_value[0].strip("-") else path.stem
    mode_value = directives.get("mode")
    deck_mode = mode or (mode_value[0].strip() if mode_value else None) or default_modes.get(game)
    if mode_value:
        lines["/mode"] = (mode_value[1], 1)
    if deck_mode is None:
        problem("deck.mode.missing", f"say which {game} mode this deck is for: a line '# mode: …' or --mode", 1)
        loaded.findings = problems
        return loaded
    players: int | None = None
    if game == "crossfire":
        if "players" in directives:
            value, line = directives["players"]
            lines["/players"] = (line, 1)
            if value.strip().isdigit():
                players = int(value)
            else:
                problem("deck.players.missing", f"'# players:' needs a number, not {value!r}", line)
        else:
            players = sum(cards.values())
    try:
        loaded.deck = Deck(
            game=game,
            mode=deck_mode,
            name=deck_name,
            cards=cards,
            agents=agents if game == "tactics" else None,
            identity=identity,
            players=players,
        )
    except ValidationError as exc:
        for err in exc.errors():
            problem("deck.schema", f"{'/'.join(map(str, err['loc']))}: {err['msg']}", 1)
    loaded.findings = problems
    return loaded


def _title(record: Any, lang: str) -> str:
    return str(record.name.en or record.name.zh_hans) if lang == "en" else str(record.name.zh_hans)


def _sorted(records: list[tuple[Any, int]], lang: str) -> list[tuple[Any, int]]:
    return sorted(records, key=lambda rc: _title(rc[0], lang))


def deck_to_text(deck: Deck, lookup: Callable[[str], Any], lang: str = "zh-Hans") -> str:
    """Dossier's plain-text list: directives, then sections by kind, ``3x 名称`` lines."""
    out = [
        f"# name: {deck.name}",
        f"# game: {deck.game}",
        f"# mode: {deck.mode}",
    ]
    if deck.players is not None:
        out.append(f"# players: {deck.players}")
    if deck.identity is not None:
        record = lookup(deck.identity)
        out += ["", "## 特性 Identity", f"1x {_title(record, lang) if record else deck.identity}"]
    if deck.agents:
        counts: dict[str, int] = {}
        for agent in deck.agents:
            counts[agent] = counts.get(agent, 0) + 1
        out += ["", f"## 特工 Agents ({len(deck.agents)})"]
        for agent_id, count in counts.items():
            record = lookup(agent_id)
            out.append(f"{count}x {_title(record, lang) if record else agent_id}")
    groups: dict[str, list[tuple[Any, int]]] = {}
    unknown: list[tuple[str, int]] = []
    for card_id, count in deck.cards.items():
        record = lookup(card_id)
        if record is None:
            unknown.append((card_id, count))
            continue
        groups.setdefault(_group_of(record), []).append((record, count))
    for group in sorted(groups):
        members = groups[group]
        out += ["", f"## {group} ({sum(c for _, c in members)})"]
        out += [f"{count}x {_title(record, lang)}" for record, count in _sorted(members, lang)]
    if unknown:
        out += ["", "## ?"] + [f"{count}x {card_id}" for card_id, count in unknown]
    return "\n".join(out) + "\n"


def _group_of(record: Any) -> str:
    if record.game == "tactics":
        return {"equipment": "装备", "skill": "技能", "item": "道具", "status": "状态", "minion": "随从"}[
            record.category
        ]
    if record.game == "netrunner":
        return str(record.type).capitalize()
    return "角色 Roles"


# --------------------------------------------------------------------------
# OCTGN .o8d (the writers of nrdb, jinteki and o8d are in exports.py)


def _read_o8d(
    path: Path, text: str, names: NameIndex, mode: str | None, default_modes: dict[str, str], where: Where
) -> LoadedDeck:
    loaded = LoadedDeck(path, None, lines={"": (1, 1)})
    if not names.lookup_all("netrunner"):
        message = f"the card pool{where.pool()} has no netrunner cards; {where.hint}"
        loaded.findings.append(Finding("deck.game.pool", message, file=str(path), line=1))
        return loaded
    try:
        root = ET.fromstring(text.encode("utf-8"))
    except ET.ParseError as exc:
        line, column = exc.position
        loaded.findings.append(
            Finding("deck.o8d", f"invalid OCTGN deck XML: {exc}", "error", str(path), None, line, column + 1)
        )
        return loaded
    if root.tag != "deck":
        loaded.findings.append(
            Finding("deck.o8d", f"the root element is <{root.tag}>, not <deck>", file=str(path), line=1)
        )
        return loaded
    by_guid: dict[str, Any] = {}
    for record in names.lookup_all("netrunner"):
        for guid in octgn_ids(record):
            by_guid.setdefault(guid, record)
    identity: str | None = None
    cards: dict[str, int] = {}
    for section in root.iter("section"):
        for card in section.iter("card"):
            title = (card.text or "").strip()
            record = by_guid.get(card.get("id", ""))
            if record is None:
                found = names.lookup(title, "netrunner")
                record = found[0] if len(found) == 1 else None
            if record is None:
                hints = names.suggestions(title, "netrunner")
                hint = f"; did you mean {', '.join(repr(h) for h in hints)}?" if hints else ""
                loaded.findings.append(
                    Finding("deck.card.unknown", f"no netrunner card is called {title!r}{hint}", file=str(path))
                )
                continue
            qty = card.get("qty", "1")
            count = int(qty) if qty.isdigit() else 0
            if count < 1:
                loaded.findings.append(Finding("deck.o8d", f"{title!r} has qty {qty!r}", file=str(path)))
                continue
            if record.kind == "identity":
                identity = record.id
            else:
                cards[record.id] = cards.get(record.id, 0) + count
    notes = {}
    for element in root.iter("notes"):
        for note in (element.text or "").splitlines():
            key, _, value = note.partition(":")
            if value.strip():
                notes[key.strip().lower()] = value.strip()
    deck_mode = mode or notes.get("mode") or default_modes.get("netrunner")
    if deck_mode is None:
        loaded.findings.append(Finding("deck.mode.missing", "say which format: --mode", file=str(path)))
        return loaded
    loaded.deck = Deck(
        game="netrunner", mode=deck_mode, name=notes.get("name") or path.stem, cards=cards, identity=identity
    )
    return loaded


def render_deck(deck: Deck, fmt: str, lookup: Callable[[str], Any], **options: Any) -> str:
    """The deck in ``fmt`` (one of WRITE_FORMATS).

    Options: ``out`` and ``schema_dir`` (json: the relative "$schema"), ``lang`` (text),
    ``printing`` ("latest" or "oldest"; nrdb, o8d), ``game_record`` (nrdb: set names and
    order), ``influence`` (nrdb: (spent, limit) as validated), ``restricted`` (nrdb: ids).
    """
    if fmt == "json":
        return deck_to_json(deck, options.get("out"), options.get("schema_dir"))
    if fmt == "text":
        return deck_to_text(deck, lookup, options.get("lang", "zh-Hans"))
    printing = options.get("printing") or DEFAULT_PRINTING.get(fmt, "latest")
    if fmt == "nrdb":
        return deck_to_nrdb(
            deck,
            lookup,
            printing=printing,
            game_record=options.get("game_record"),
            influence=options.get("influence"),
            restricted=options.get("restricted") or (),
        )
    if fmt == "jinteki":
        return deck_to_jinteki(deck, lookup)
    if fmt == "o8d":
        return deck_to_o8d(deck, lookup, printing=printing)
    raise DossierError(f"unknown deck format {fmt!r}; formats: {', '.join(WRITE_FORMATS)}")


__all__ = [
    "NETRUNNER_ONLY",
    "READ_FORMATS",
    "WRITE_FORMATS",
    "LoadedDeck",
    "detect_format",
    "octgn_id",
    "read_deck",
    "render_deck",
]
