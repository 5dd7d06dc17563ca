"""Deck files in and out: Dossier JSON, plain-text lists, NetrunnerDB text, jinteki.net, OCTGN .o8d.

Reading never stops at the first problem: a reader returns the deck it could
build and a finding (with the line) for every name it could not resolve.

Formats:

- ``json``: ``{"$schema", "game", "mode", "name", "cards": {id: n}, ...}`` (schema/deck.schema.json).
- ``text``: one card per line as ``3x 名称``, ``3 Name`` or ``名称 x3``; ``#`` comments
  (``# game: tactics``, ``# mode: duo``, ``# name: …``, ``# players: 7`` are read),
  lines without a count are headings and ignored. Names in either language or ids.
- ``nrdb``: NetrunnerDB's plain-text export (deck name, identity line, sections
  ``Type (n)``, ``3x Title (Set) ●●``, the summary footer). Read by the text reader.
- ``jinteki``: jinteki.net's list, ``3 Title`` per line (identity first). Read by the text reader.
- ``o8d``: OCTGN's deck XML (sections Identity and R&D / Stack).
"""

from __future__ import annotations

import os
import re
import uuid
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from toolkit.errors import DossierError
from toolkit.findings import Finding
from toolkit.jsonio import JsonSyntaxError, canonical_dumps, loads_strict, loc_pointer, value_positions
from toolkit.models import GAMES
from toolkit.models.deck import Deck

from .names import NameIndex

READ_FORMATS = ("json", "text", "o8d")
WRITE_FORMATS = ("json", "text", "nrdb", "jinteki", "o8d")
NETRUNNER_ONLY = ("nrdb", "jinteki", "o8d")
EXTENSIONS = {".json": "json", ".o8d": "o8d"}
OCTGN_NETRUNNER_GAME = "0f38e453-26df-4c04-9d67-6d43de939c77"
OCTGN_CARD_PREFIX = "bc0f047c-01b1-427f-a439-d451eda"
DOSSIER_UUID_NAMESPACE = uuid.UUID("5f3c52a4-6d0e-4b0e-9a51-3c1c8f2f7d10")


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
) -> LoadedDeck:
    """Read a deck file in any readable format. Unreadable files raise DossierError (exit 2)."""
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
        return _read_o8d(path, text, names, mode, default_modes or {})
    return _read_text(path, text, names, game, mode, default_modes or {})


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
    r"^(\d+\s+influence spent\b|\d+\s+agenda points\b|\d+\s+cards\s*\(|cards up to\b|decklist published\b|format\s*:)",
    re.IGNORECASE,
)
_FORMAT_LINE = re.compile(r"^format\s*:\s*(\S+)\s*$", re.IGNORECASE)
_HEADING = re.compile(r"^.+\(\s*\d+\s*\)\s*$")
_DOTS = re.compile(r"[\s●•○◦]+$")
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


def _infer_game(names: NameIndex, entries: list[_Line], free: list[tuple[int, str]]) -> str | None:
    scores = {g: sum(1 for e in entries if _lookup(names, e.name, g)) for g in GAMES}
    for g in GAMES:
        scores[g] += sum(1 for _, line in free if any(r.kind == "identity" for r in _lookup(names, line, g)))
    best = max(scores.values())
    winners = [g for g, s in scores.items() if s == best]
    return winners[0] if best and len(winners) == 1 else None


def _read_text(
    path: Path, text: str, names: NameIndex, game: str | None, mode: str | None, default_modes: dict[str, str]
) -> LoadedDeck:
    directives, entries, free = _parse_lines(text)
    loaded = LoadedDeck(path, None, lines={"": (1, 1)})
    problems: list[Finding] = []

    def problem(code: str, message: str, line: int) -> None:
        problems.append(Finding(code, message, "error", str(path), None, line, 1))

    if "game" in directives:
        value, line = directives["game"]
        game = value.strip().lower()
        if game not in GAMES:
            problem("deck.game", f"unknown game {value!r}; games: {', '.join(GAMES)}", line)
            loaded.findings = problems
            return loaded
    game = game or _infer_game(names, entries, free)
    if game is None:
        problem(
            "deck.game", "cannot tell which game this list is for; add a line '# game: tactics|netrunner|crossfire'", 1
        )
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
    deck_name = name_value[0] if name_value else path.stem
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
# NetrunnerDB text export, jinteki.net list


def _card_records(deck: Deck, lookup: Callable[[str], Any]) -> list[tuple[Any, int]]:
    """(record, count) for every card of the deck; a card missing from the pool is an error."""
    out = []
    for card_id, count in deck.cards.items():
        record = lookup(card_id)
        if record is None:
            raise DossierError(f"card {card_id!r} is not in the card pool")
        out.append((record, count))
    return out


def _netrunner_only(deck: Deck, fmt: str) -> None:
    if deck.game != "netrunner":
        raise DossierError(f"the {fmt} format is for netrunner decks; this deck is {deck.game}")


NRDB_ICE = {"barrier": "Barrier", "code_gate": "Code Gate", "sentry": "Sentry"}
NRDB_ORDER = ["Agenda", "Asset", "Upgrade", "Operation", "Barrier", "Code Gate", "Sentry", "Ice",
              "Event", "Hardware", "Resource", "Icebreaker", "Program"]  # fmt: skip


def _nrdb_section(record: Any) -> str:
    if record.type == "ice":
        return next((NRDB_ICE[s] for s in record.subtypes if s in NRDB_ICE), "Ice")
    if record.type == "program" and "icebreaker" in record.subtypes:
        return "Icebreaker"
    return str(record.type).capitalize()


def _nrdb_line(record: Any, count: int, identity: Any) -> str:
    suffix = f" ({record.set})" if record.set else ""
    out_of_faction = (
        identity is not None and record.faction != identity.faction and not record.faction.startswith("neutral")
    )
    dots = f" {'●' * (record.influence * count)}" if out_of_faction and record.influence else ""
    return f"{count}x {_title(record, 'en')}{suffix}{dots}"


def deck_to_nrdb(deck: Deck, lookup: Callable[[str], Any], summary: list[str] | None = None) -> str:
    """NetrunnerDB's plain-text export; ``summary`` lines (influence, points, size) go at the end."""
    _netrunner_only(deck, "nrdb")
    identity = lookup(deck.identity) if deck.identity else None
    out = [deck.name, ""]
    if identity is not None:
        out += [f"{_title(identity, 'en')}{f' ({identity.set})' if identity.set else ''}", ""]
    sections: dict[str, list[tuple[Any, int]]] = {}
    for record, count in _card_records(deck, lookup):
        sections.setdefault(_nrdb_section(record), []).append((record, count))
    for section in sorted(sections, key=NRDB_ORDER.index):
        members = sections[section]
        out.append(f"{section} ({sum(c for _, c in members)})")
        out += [_nrdb_line(r, c, identity) for r, c in _sorted(members, "en")]
        out.append("")
    out += summary or []
    out.append(f"Format: {deck.mode}")
    return "\n".join(out) + "\n"


def deck_to_jinteki(deck: Deck, lookup: Callable[[str], Any]) -> str:
    """jinteki.net's import list: ``3 Title`` per line, the identity first."""
    _netrunner_only(deck, "jinteki")
    out = []
    if deck.identity:
        identity = lookup(deck.identity)
        out.append(f"1 {_title(identity, 'en') if identity else deck.identity}")
    out += [f"{count} {_title(record, 'en')}" for record, count in _sorted(_card_records(deck, lookup), "en")]
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------
# OCTGN .o8d


def octgn_id(record: Any) -> str:
    """OCTGN's card GUID: NetrunnerDB's scheme for cards with a code, a stable UUID otherwise."""
    printings = getattr(record, "printings", None) or []
    code = printings[0].code if printings else None
    if code and str(code).isdigit():
        return f"{OCTGN_CARD_PREFIX}{str(code).zfill(5)}"
    return str(uuid.uuid5(DOSSIER_UUID_NAMESPACE, f"{record.game}:{record.id}"))


def deck_to_o8d(deck: Deck, lookup: Callable[[str], Any]) -> str:
    _netrunner_only(deck, "o8d")
    root = ET.Element("deck", game=OCTGN_NETRUNNER_GAME)
    identity = lookup(deck.identity) if deck.identity else None
    stack_name = "R&D / Stack"
    section = ET.SubElement(root, "section", name="Identity", shared="False")
    if identity is not None:
        card = ET.SubElement(section, "card", qty="1", id=octgn_id(identity))
        card.text = _title(identity, "en")
    section = ET.SubElement(root, "section", name=stack_name, shared="False")
    for record, count in _sorted(_card_records(deck, lookup), "en"):
        card = ET.SubElement(section, "card", qty=str(count), id=octgn_id(record))
        card.text = _title(record, "en")
    notes = ET.SubElement(root, "notes")
    notes.text = f"name: {deck.name}\nmode: {deck.mode}"
    ET.indent(root, space="  ")
    body = ET.tostring(root, encoding="unicode")
    return '<?xml version="1.0" encoding="utf-8" standalone="yes"?>\n' + body + "\n"


def _read_o8d(path: Path, text: str, names: NameIndex, mode: str | None, default_modes: dict[str, str]) -> LoadedDeck:
    loaded = LoadedDeck(path, None, lines={"": (1, 1)})
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
        by_guid[octgn_id(record)] = record
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
    """The deck in ``fmt`` (one of WRITE_FORMATS)."""
    if fmt == "json":
        return deck_to_json(deck, options.get("out"), options.get("schema_dir"))
    if fmt == "text":
        return deck_to_text(deck, lookup, options.get("lang", "zh-Hans"))
    if fmt == "nrdb":
        return deck_to_nrdb(deck, lookup, options.get("summary"))
    if fmt == "jinteki":
        return deck_to_jinteki(deck, lookup)
    if fmt == "o8d":
        return deck_to_o8d(deck, lookup)
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
