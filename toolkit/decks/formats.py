"""Deck files in and out: Dossier JSON, plain-text lists, NetrunnerDB text, jinteki.net, OCTGN .o8d.

Reading never stops at the first problem: a reader returns the deck it could
build and a finding (with the line) for every name it could not resolve.

Formats:

- ``json``: ``{"$schema", "game", "mode", "name", "cards": {id: n}, ...}`` (schema/deck.schema.json); a mode
  written by its name (``"Duo"``, ``"双雄"``) is read as its id, the form a deck is written in.
- ``text``: one card per line as ``3x 名称``, ``3 Name``, ``x3 Name`` or ``名称 x3``; ``#`` comments
  (``# game: tactics``, ``# mode: duo``, ``# name: …``, ``# players: 7``, ``# ban_list: …`` are read; a game or a
  mode by its id or its name in either language, in any case: :func:`game_named`), lines without a count are headings and ignored. Names in either language or ids. The deck's name
  may be the first line, above the identity and the cards (as NetrunnerDB writes it), even when it is a card's
  name; a line that is an identity's name misspelt is said to be one, with the names it is close to.
  A count is written with the digits 0-9 (full-width ones are read as such; direction
  marks and other invisible characters around it are ignored); a line that starts
  with any other number (``100x``, ``-3x``, ``³x``, ``٣x``) is an error, never a heading.
- ``nrdb``: NetrunnerDB's plain-text export (deck name, identity line, sections
  ``Type (n)``, ``3x Title (Set) ••``, the footer: ``Format: …`` and ``Ban list: …`` in it are read). Read by
  the text reader, as are its
  Markdown export (``## Deck name``, the identity as a link, ``###Event (3)``,
  ``* 3x [Title](https://netrunnerdb.com/en/card/30030) _(Set)_ ●●``) and its BBCode export
  (``3x [url=…/card/30030]Title[/url] [i](Set)[/i]``): a link's printing code names the card
  (through the pool's ``printings[].code``), its title when the pool lacks the code.
- NetrunnerDB's deck JSON (its public API's decklist or deck: ``{"data": [{"name", "mwl_code",
  "cards": {printing code: n}, …}], "success": …}``, or the object inside alone): read by the JSON
  reader when the object has no ``game``; printing codes map to card ids through the pool's
  printings, the identity is the card among them that is an identity; no format (standard, or --mode);
  ``mwl_code`` is the deck's ``ban_list``. Its v3 API's decklist (JSON:API: ``{"data": {"type": "decklists",
  "attributes": {"identity_card_id", "card_slots": {card id: n}, "name", "notes", …}}}``, ``data`` a list of
  one, or the resource alone): its card ids are Dossier's.
- ``jinteki``: jinteki.net's list, ``3 Title`` per card (no identity). Read by the text reader.
- ``o8d``: OCTGN's deck XML (sections Identity and R&D / Stack). Read without DTDs or
  entities: a file that declares any is refused.

A file's format is its extension's (``.json``, ``.o8d``); any other file is JSON when it starts
with ``{``, OCTGN XML when it starts with ``<?xml`` or ``<deck``, else a text list. A text list none of whose lines
is a card line gets ``deck.format`` naming its first line not understood (not a hint that the card
pool is missing, when one is loaded). A finding that says how to name the mode advises ``--mode``
only when the running command has that option.

Limits (every reader; a file past one gets a ``deck.limit.*`` finding naming the limit,
and no deck): a deck file is at most :data:`MAX_DECK_BYTES`; a text line at most
:data:`MAX_LINE_CHARS` characters; a count (a text line's, an ``.o8d`` ``qty``) is 1 to
:data:`MAX_COPIES`, as is a card's total; a deck holds at most :data:`MAX_CARDS` cards
(agents and the identity included); JSON nests at most :data:`MAX_JSON_DEPTH` levels and
its integers have at most :data:`MAX_JSON_DIGITS` digits; XML nests at most
:data:`MAX_XML_DEPTH` elements. The work of reading a file is linear in its size.

The nrdb, jinteki and o8d writers are in :mod:`toolkit.decks.exports`.
"""

from __future__ import annotations

import contextlib
import difflib
import functools
import json
import os
import re
import stat
import unicodedata
from collections.abc import Callable, Container, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from xml.parsers import expat

from pydantic import ValidationError

from toolkit.config import MISSING_POOL
from toolkit.errors import DossierError, os_reason, value_reason
from toolkit.findings import Finding, Severity
from toolkit.i18n import chinese, current_lang, majority, t, t_beside, tc, tr, trn, word
from toolkit.jsonio import (
    JsonSyntaxError,
    canonical_dumps,
    dangling_link,
    loads_limited,
    loc_pointer,
    pointer,
    value_positions,
)
from toolkit.model_errors import model_error
from toolkit.models import GAMES, SLUG_PATTERN
from toolkit.models.deck import Deck

from .exports import (
    DEFAULT_PRINTING,
    deck_to_jinteki,
    deck_to_nrdb,
    deck_to_o8d,
    mode_lines,
    name_lines,
    octgn_id,
    octgn_ids,
    one_line,
    visible,
)
from .names import NameIndex, fold, folded_names, name_language, record_names

READ_FORMATS = ("json", "text", "o8d")
WRITE_FORMATS = ("json", "text", "nrdb", "jinteki", "o8d")
NETRUNNER_ONLY = ("nrdb", "jinteki", "o8d")
EXTENSIONS = {".json": "json", ".o8d": "o8d"}

MAX_DECK_BYTES = 256 * 1024
MAX_LINE_CHARS = 4000
MAX_COPIES = 99  # per line and per card: the deck model's limit
MAX_CARDS = 1000  # per deck
MAX_JSON_DEPTH = 32
MAX_JSON_DIGITS = 20
MAX_XML_DEPTH = 32
MAX_SUGGESTED = 20  # unknown names per file that get a "did you mean"
IDENTITY_LINES = 20  # lines without a count looked at for a netrunner identity
DESCRIPTION_CHARS = 20000  # the deck model's limit on a description
# the kinds of record a list of each game names (its squad's agents, a netrunner deck's identity): what a name no
# record has is offered, never an ability, a unit or a faction
DECK_KINDS = {"tactics": ("card", "agent"), "netrunner": ("card", "identity"), "crossfire": ("role",)}


# the findings of a whole deck that the deck validator points at "/cards" (a crossfire deck's role mix too,
# deck.roles.*): none is the first card's, which a list's "/cards" maps to (JSON: the "cards" key)
WHOLE_DECK = frozenset(
    {"deck.size.min", "deck.size.max", "deck.agenda.points", "deck.influence.over", "deck.players.count"}
)  # fmt: skip
GIVEN_MODE = frozenset({"deck.mode.incomplete"})
"""Findings of the deck's mode: without a pointer, of a mode given to the command (validators.deck.validate_deck's
``mode_id`` or ``mode_option``), not the deck's own at ``/mode``."""


@dataclass
class LoadedDeck:
    """A deck read from a file, the problems met reading it, and where things are in the file."""

    path: Path
    deck: Deck | None
    findings: list[Finding] = field(default_factory=list)
    lines: dict[str, tuple[int, int]] = field(default_factory=dict)  # pointer -> (line, column)
    # The deck's own language: the one most of the card names its list matched are in (zh-Hans or en);
    # None for a JSON deck (it names ids) or a list of ids, or when the two languages are tied.
    lang: str | None = None
    # A JSON deck's text, not yet mapped: its positions go into ``lines`` when a finding first needs
    # one (see :meth:`positions`), so a clean deck's file is never mapped.
    source: str | None = field(default=None, repr=False, compare=False)

    def positions(self) -> dict[str, tuple[int, int]]:
        """Pointer -> (line, column) of everything located in the file; a JSON deck's text is mapped here,
        on first use."""
        if self.source is not None:
            for ptr, position in value_positions(self.source).items():
                self.lines.setdefault(ptr, position)
            self.source = None
        return self.lines

    def locate(self, finding: Finding) -> Finding:
        """The finding with this file's name and the position of its pointer. A finding of the whole deck (its
        size, its agenda points: :data:`WHOLE_DECK`, at ``/cards``) has no line, the influence spent is at the
        identity's line (the identity allows it), never at the first card's. A finding of a mode the command was
        given (``--mode``: :data:`GIVEN_MODE`, without a pointer) has none either: the file's ``# mode:`` line, if
        it has one, is not the mode checked."""
        if finding.pointer is None and finding.code in GIVEN_MODE:
            return replace(finding, file=str(self.path), line=None, column=None)
        lines = self.positions()
        ptr = finding.pointer or ""
        if ptr == "/cards" and (finding.code in WHOLE_DECK or finding.code.startswith("deck.roles.")):
            at = lines.get("/identity") if finding.code == "deck.influence.over" else None
            return replace(finding, file=str(self.path), line=at[0] if at else None, column=at[1] if at else None)
        position = None
        while position is None:
            position = lines.get(ptr)
            if not ptr:
                break
            ptr = ptr.rsplit("/", 1)[0]
        line, column = position or (None, None)
        return replace(finding, file=str(self.path), line=line, column=column)

    def place(self, finding: Finding) -> Finding:
        """The finding as it is when it names a file already, else located by its pointer."""
        return finding if finding.file is not None else self.locate(finding)

    def errors(self) -> list[Finding]:
        return [self.place(f) for f in self.findings if f.severity == "error"]


@dataclass(frozen=True)
class Where:
    """The card pool a list was read against, for findings that say it lacks the list's game; and the option of
    the command reading it that names a mode, if it has one (a finding advises no option the command lacks:
    ``print --deck`` has no ``--mode``)."""

    name: str
    hint: str
    mode_option: str | None = None
    games: tuple[Any, ...] = ()  # the pool's game records: a list's `# game:` may give one's name

    def pool(self) -> str:
        return tr(" ({name})", name=self.name) if self.name else ""


def _mode_missing(game: str, how: str | None, where: Where) -> str:
    """Why a deck that names no mode is not read, and how to name one: ``how`` (a line of the file, when its
    format has one), the command's option when it has one (:attr:`Where.mode_option`)."""
    option = where.mode_option
    if how and option:
        return tr("say which {game} mode this deck is for: {how} or {option}", game=_game(game), how=how, option=option)
    if how:
        return tr("say which {game} mode this deck is for: {how}", game=_game(game), how=how)
    if option:
        return tr("say which {game} mode this deck is for: {option}", game=_game(game), option=option)
    return tr(
        "cannot tell which {game} mode this deck is for: the file cannot name one and the card pool{pool} has "
        "no {game} format to take by default; {hint}",
        game=_game(game),
        pool=where.pool(),
        hint=where.hint,
    )


def detect_format(path: Path) -> str:
    return EXTENSIONS.get(path.suffix.lower(), "text")


def sniff_format(text: str) -> str:
    """The format of a file whose extension says none: JSON when it starts with ``{`` (NetrunnerDB's deck
    JSON saved as ``deck.txt``), OCTGN XML when it starts with ``<?xml`` or ``<deck``, else a text list."""
    head = text.lstrip("\ufeff \t\r\n")[:5].lower()
    if head.startswith("{"):
        return "json"
    return "o8d" if head.startswith(("<?xml", "<deck")) else "text"


def _read_bytes(path: Path) -> bytes | None:
    """The file's bytes, at most one more than MAX_DECK_BYTES (None: it has more); DossierError (exit 2)
    when it cannot be read at all."""
    try:
        mode = path.stat().st_mode
        if stat.S_ISDIR(mode):
            raise DossierError(tr("{path}: cannot read: {reason}", path=path, reason=tr("it is a directory")))
        if not stat.S_ISREG(mode):
            from toolkit.jsonio import _not_regular

            raise DossierError(tr("{path}: cannot read: {reason}", path=path, reason=_not_regular(mode)))
        with path.open("rb") as handle:
            raw = handle.read(MAX_DECK_BYTES + 1)
    except OSError as exc:
        reason = dangling_link(path) or os_reason(exc)
        raise DossierError(tr("{path}: cannot read: {reason}", path=path, reason=reason)) from None
    except ValueError as exc:  # e.g. a NUL in the path
        raise DossierError(tr("{path}: cannot read: {reason}", path=repr(str(path)), reason=value_reason(exc))) from None
    return raw if len(raw) <= MAX_DECK_BYTES else None


def game_named(written: str, games: Iterable[Any] = ()) -> str | None:
    """The id of the game ``written`` names (a text list's ``# game:``, ``deck new --game``): its id, its word in
    either language (``Netrunner``, 矩阵潜袭, 谍战特工), or the name in either language of its game record among
    ``games`` (the card pool's: ``Android: Netrunner``, 安卓纪元：矩阵潜袭), any case, as a mode is named by its
    name. None when it names no game, or more than one."""
    key = fold(written)
    if not key:
        return None
    found: set[str] = set()
    for game in GAMES:
        spellings = {game, *(word(kind, game, lang) for kind in ("game", "web.game") for lang in ("en", "zh-Hans"))}
        if key in {fold(spelling) for spelling in spellings}:
            found.add(game)
    for record in games:
        named = getattr(record, "game", None) in GAMES and getattr(record, "name", None) is not None
        if named and key in folded_names(record):
            found.add(record.game)
    return found.pop() if len(found) == 1 else None


def close_game(written: str, games: Iterable[Any] = ()) -> str:
    """ "; did you mean 'netrunner'?" for a ``# game:`` that names no game (:func:`game_named`) but is close to a
    game's id, or to its word or name in either language (a slip: ``netruner``, 谍战特攻); "" when none is."""
    spellings: dict[str, set[str]] = {}
    for game in GAMES:
        words = [word(kind, game, lang) for kind in ("game", "web.game") for lang in ("en", "zh-Hans")]
        for spelling in (game, *words):
            spellings.setdefault(fold(spelling), set()).add(game)
    for record in games:
        if getattr(record, "game", None) in GAMES and getattr(record, "name", None) is not None:
            for name in folded_names(record):
                spellings.setdefault(name, set()).add(record.game)
    close = difflib.get_close_matches(fold(written), [key for key in spellings if key], n=3, cutoff=0.6)
    found = [game for game in GAMES if any(game in spellings[key] for key in close)]
    return tr("; did you mean {ids}?", ids=tr(", ").join(repr(game) for game in found)) if found else ""


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
    mode_option: str | None = None,
    games: Iterable[Any] = (),
) -> LoadedDeck:
    """Read a deck file in any readable format. Unreadable files raise DossierError (exit 2).

    For a list that fits no game of the card pool, the finding names ``pool`` (which
    directories were read) and ends with ``pool_hint`` (how to read another). ``mode_option``: the
    calling command's option that names the mode (``--mode``), advised to a list that names none. ``games``:
    the pool's game records, whose names a text list's ``# game:`` may give (:func:`game_named`).
    """
    where = Where(pool, pool_hint, mode_option, tuple(games))
    sniff = fmt is None and path.suffix.lower() not in EXTENSIONS
    fmt = fmt or detect_format(path)
    if fmt not in READ_FORMATS and fmt not in WRITE_FORMATS:
        raise DossierError(
            tr("unknown deck format {format}; formats: {formats}", format=repr(fmt), formats=", ".join(WRITE_FORMATS))
        )
    raw = _read_bytes(path)
    if raw is None:
        message = tr("the file is larger than {size}, the limit for a deck file", size=f"{MAX_DECK_BYTES // 1024} KiB")
        return LoadedDeck(path, None, [Finding("deck.limit.size", message, file=str(path), line=1, column=1)])
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - raw.rfind(b"\n", 0, exc.start)
        message = tr("not {encoding} (byte {n})", encoding="UTF-8", n=exc.start)
        finding = Finding("deck.encoding", message, "error", str(path), None, line, column)
        return LoadedDeck(path, None, [finding])
    if sniff:
        fmt = sniff_format(text)
    if fmt == "json":
        return _read_json(path, text, names, mode, default_modes or {}, where)
    if fmt == "o8d":
        return _read_o8d(path, text, names, mode, default_modes or {}, where)
    return _read_text(path, text, names, game, mode, default_modes or {}, where)


def deck_size(deck: Deck) -> int:
    """Every card of the deck, its agents and identity included: what MAX_CARDS bounds."""
    return deck.total() + len(deck.agents or []) + (deck.identity is not None)


def _over_size(loaded: LoadedDeck, ptr: str = "/cards") -> None:
    """Drop the deck of ``loaded`` with a finding when it holds more than MAX_CARDS cards."""
    if loaded.deck is not None and deck_size(loaded.deck) > MAX_CARDS:
        message = tr("the deck holds {n} cards; the limit is {max}", n=deck_size(loaded.deck), max=MAX_CARDS)
        loaded.findings.append(loaded.locate(Finding("deck.limit.cards", message, pointer=ptr)))
        loaded.deck = None


def _game(game: str) -> str:
    """A game's name in the current language (findings are worded in it)."""
    return word("game", game, current_lang())


def kind_with_article(kind: str) -> str:
    """A kind of record as a word of the current language, with its article (``an identity``)."""
    return {
        "card": tr("a card"),
        "command card": tr("a command card"),
        "identity": tr("an identity"),
        "agent": tr("an agent"),
        "role": tr("a role"),
        "faction": tr("a faction"),
        "map": tr("a map"),
        "mode": tr("a mode"),
        "format": tr("a format"),
        "game": tr("a game record"),
        "unit": tr("a unit"),
        "attack": tr("an attack"),
        "ability": tr("an ability"),
    }.get(kind, kind)


def _what(kind: str) -> str:
    """A kind of record as a word of the current language, without an article."""
    return {"card": tr("card"), "identity": tr("identity"), "agent": tr("agent"), "role": tr("role")}.get(kind, kind)


def suggest_ids(typed: str, candidates: Iterable[str], prefer: Container[str] | None = None) -> str:
    """ "; did you mean ..." the ids of ``candidates`` close to ``typed`` (an empty string: none is close), as every
    command that meets an unknown id words it. ``prefer``: the ids the place may hold (a deck's: those of its side,
    :func:`side_ids`): only those are offered when any of them is close, else the others."""
    ids = list(candidates)
    close = difflib.get_close_matches(typed, [c for c in ids if c in prefer], n=3, cutoff=0.6) if prefer else []
    if not close:
        close = difflib.get_close_matches(typed, ids, n=3, cutoff=0.6)
    if not close:
        return ""
    return tr("; did you mean {ids}?", ids=tr(", ").join(repr(c) for c in close))


def record_side(record: Any) -> str | None:
    """The side a Netrunner record is of: an identity's or a faction's own, a card's by its type; None for a record
    of no side (a game or format record, a record of another game)."""
    if getattr(record, "game", None) != "netrunner":
        return None
    side = getattr(record, "side", None)
    if side is None and getattr(record, "kind", None) == "card":
        from toolkit.models.netrunner import side_of_type

        return side_of_type(str(record.type))
    return str(side) if side is not None else None


def side_ids(deck: Deck, records: Mapping[str, Any]) -> set[str] | None:
    """The ids of ``records`` (by id: a game's records) that ``deck``'s identity may include by its side (a
    runner's, never a corp card), records of no side too: what a slip in the deck is offered first
    (:func:`suggest_ids`). None when the deck has no side (another game, no identity or an unknown one)."""
    identity = records.get(deck.identity) if deck.identity is not None else None
    side = record_side(identity) if identity is not None and identity.kind == "identity" else None
    if side is None:
        return None
    return {record_id for record_id, record in records.items() if record_side(record) in (side, None)}


def unresolved(deck: Deck, records: Mapping[str, Any]) -> list[Finding]:
    """A finding (with a pointer) for each id of ``deck`` the card pool ``records`` (by id) lacks, with the ids it
    may be a slip for, or holds as another kind.

    The text readers resolve names as they read; this is for JSON decks, which name ids.
    """
    out: list[Finding] = []
    card_kind, noun, code = (
        ("role", "role", "deck.roles.unknown") if deck.game == "crossfire" else ("card", "card", "deck.card.unknown")
    )

    prefer = side_ids(deck, records)  # (a card of the deck's side before one of the other)

    def check(record_id: str, kind: str, what: str, unknown: str, ptr: str) -> None:
        record = records.get(record_id)
        if record is None:
            # the ids of records of the kind the place asks for: an identity field is offered no agenda
            hint = suggest_ids(record_id, [rid for rid, r in records.items() if r.kind == kind], prefer)
            message = tr("no {game} {what} has id {id}{hint}", game=_game(deck.game), what=_what(what),
                         id=repr(record_id), hint=hint)  # fmt: skip
            out.append(Finding(unknown, message, pointer=ptr))
        elif record.kind != kind:
            message = tr("{id} is {kind}, not {what}", id=repr(record_id), kind=kind_with_article(record.kind),
                         what=kind_with_article(what))  # fmt: skip
            out.append(Finding("deck.card.kind", message, pointer=ptr))

    if deck.identity is not None:
        check(deck.identity, "identity", "identity", "deck.identity.unknown", "/identity")
    for index, agent in enumerate(deck.agents or []):
        check(agent, "agent", "agent", "deck.agent.unknown", pointer("agents", index))
    for card_id in deck.cards:
        check(card_id, card_kind, noun, code, pointer("cards", card_id))
    return out


# the findings of a mode or an id the card pool lacks: a deck made on another pool (one imported from NetrunnerDB)
UNKNOWN_TO_POOL = ("deck.mode.unknown", "deck.card.unknown", "deck.identity.unknown", "deck.agent.unknown",
                   "deck.roles.unknown")  # fmt: skip


def not_this_pool(problem: str, pool: str = "") -> str:
    """``problem`` (a mode, an id or a name the card pool lacks) with how to read another pool: ``pool`` says which
    directories were read (``/work/cards, the default``)."""
    from toolkit.config import how_to_set, missing_pool
    from toolkit.i18n import current_lang, t_beside

    if not pool:
        return problem + tr("; ") + missing_pool()
    # (t_beside: the pool, a path that may end in Chinese, spaced from the words beside it as its own text needs)
    if problem.endswith(("?", "？")):  # after "did you mean …?": a sentence of its own
        return t_beside(current_lang(), "{problem} The card pool ({pool}) may not be the one you mean: {how}",
                        problem=problem, pool=pool, how=how_to_set())  # fmt: skip
    return t_beside(current_lang(), "{problem}; the card pool ({pool}) may not be the one you mean: {how}",
                    problem=problem, pool=pool, how=how_to_set())  # fmt: skip


def pool_hinted(findings: list[Finding], deck: Deck | None, lookup: Callable[[str], Any] | None,
                pool: str = "") -> list[Finding]:  # fmt: skip
    """``findings`` of one deck, the first that names a mode or an id the card pool lacks (:data:`UNKNOWN_TO_POOL`)
    saying that the pool may not be the deck's and how to read another (:func:`not_this_pool`), once a deck: when
    the deck's mode is unknown or at least as many of its ids are unknown as known (``lookup``: the pool's record of
    an id of the deck's game). One slip among known ids gets its own finding only."""
    first = next((i for i, f in enumerate(findings) if f.code in UNKNOWN_TO_POOL), None)
    if first is None:
        return findings
    unknown = sum(1 for f in findings if f.code in UNKNOWN_TO_POOL and f.code != "deck.mode.unknown")
    known = 0
    if deck is not None and lookup is not None:
        ids = {*deck.cards, *(deck.agents or []), *([deck.identity] if deck.identity else [])}
        known = sum(1 for record_id in ids if lookup(record_id) is not None)
    if unknown < max(known, 1) and not any(f.code == "deck.mode.unknown" for f in findings):
        return findings
    out = list(findings)
    out[first] = replace(out[first], message=not_this_pool(out[first].message, pool))
    return out


# --------------------------------------------------------------------------
# JSON


_OWNERS = {"agents": "tactics", "identity": "netrunner", "ban_list": "netrunner", "players": "crossfire"}


_SPARED = (("name",), ("description",))  # fields a JSON deck is checked without when the model refuses them
_NAMES_FORM = '{"zh-Hans": …, "en": …}'


def _schema_problems(data: Any, errors: list[Any]) -> list[tuple[str, str]]:
    """(pointer, message) of each error of a JSON deck the model refuses, in the current language. The deck's
    name is a string or a name in each language: it gets the errors of the one of the two its value is (not
    the other's too), or one error when it is neither."""
    out: list[tuple[str, str]] = []
    value = data.get("name") if isinstance(data, dict) else None
    for err in errors:
        loc = tuple(err["loc"])
        if loc[:1] == ("name",) and len(loc) > 1 and isinstance(data, dict):
            as_text = str(loc[1]).endswith("str")  # the branch of the union: "constrained-str", or the Names model
            if not isinstance(value, (str, dict)):
                if as_text:  # (once, for both branches)
                    problem = tr("expected a string or a name in each language, {form}", form=_NAMES_FORM)
                    out.append(("/name", problem))
                continue
            if isinstance(value, str) != as_text:
                continue
            if err["type"] == "missing" and loc[2:] == ("zh-Hans",):
                out.append(("/name", tr("a name in each language needs {key}, as {form}", key='"zh-Hans"',
                                        form=_NAMES_FORM)))  # fmt: skip
                continue
            loc = ("name", *loc[2:])
        where = loc_pointer(data, loc) or _foreign_field(data)
        out.append((where, one_line(model_error(err))))
    return out


def _foreign_field(data: Any) -> str:
    """The pointer of the first field of another game's decks that ``data`` holds ("/players" on a tactics deck),
    where the deck model's one whole-deck error belongs; "" when there is none."""
    if not isinstance(data, dict):
        return ""
    return next((pointer(f) for f, g in _OWNERS.items() if data.get(f) is not None and data.get("game") != g), "")


def _mode_named(names: NameIndex | None, game: Any, written: str | None) -> str | None:
    """The id of the mode a deck names: a mode's id, or its name in either language as card names are read
    (``Duo``, ``DUO``, ``双雄``); None when it names none of the game's modes."""
    if names is None or not isinstance(game, str) or not written or not written.strip():
        return None
    return names.mode_id(written.strip(), game)


def _text_mode(
    names: NameIndex | None, game: str, option: str | None, written: str | None, ban_list: str | None = None
) -> str | None:
    """The mode of a text list, an .o8d or NetrunnerDB's JSON: the command's ``--mode``, else the file's line
    (``# mode: …``), each read as the id of the mode it names (:func:`_mode_named`); else as written (the line's in
    lower case: a mode in any case names its id), which the checks judge. Without either, the format whose ban list
    the deck names (``ban_list``, as written: :func:`ban_list_format`), when that is one format; else None (the
    pool's default mode)."""
    if option:
        return _mode_named(names, game, option) or option
    if written and written.strip():
        return _mode_named(names, game, written) or written.strip().lower()
    if ban_list and names is not None:
        return ban_list_format(names._modes.get(game, []), ban_list)
    return None


def ban_list_formats(modes: Iterable[Any], written: str) -> list[str]:
    """The ids of the formats among ``modes`` that have a ban list ``written`` names (:func:`ban_list_id`), sorted;
    a snapshot of a format (``startup_7``) counts as that format (``startup``)."""
    found = {
        str(getattr(mode, "snapshot_of", None) or mode.id)
        for mode in modes
        if getattr(mode, "kind", None) == "format" and ban_list_id(getattr(mode, "ban_lists", None) or [], written)
    }
    return sorted(found)


def ban_list_format(modes: Iterable[Any], written: str) -> str | None:
    """The id of the one format among ``modes`` whose ban list ``written`` names (NetrunnerDB's ``mwl_code``
    ``startup_balance_update_25_04``: startup), a deck that names no format is checked as; None when no format has
    it, or more than one (:func:`ban_list_formats`)."""
    found = ban_list_formats(modes, written)
    return found[0] if len(found) == 1 else None


def mode_choices(modes: Iterable[Any]) -> str:
    """The modes (netrunner formats) ``modes``, their records, as a refusal lists them, by id, as ``search`` lists
    the values of a key (:func:`toolkit.search.vocab.describe`): their ids in English (``duel, duo``), each id with
    its name in Chinese (``duel（单挑）、duo（双雄）``)."""
    from toolkit.i18n import current_lang
    from toolkit.search import vocab

    named: dict[str, tuple[str, ...]] = {
        str(mode.id): (str(mode.name.zh_hans),) if getattr(mode, "name", None) is not None else ()
        for mode in sorted(modes, key=lambda mode: str(mode.id))
    }
    return vocab.describe(named, current_lang())


def _unknown_mode(
    names: NameIndex | None, game: Any, mode: Any, option: str | None = None, given: str | None = None
) -> str | None:
    """The message for a mode that names no mode of the game and is no id either, which the deck model would
    refuse in words that list no mode: the game's modes are listed (:func:`mode_choices`), as ``deck validate``
    lists them for an unknown id. A mode the command's ``option`` gave (``--mode``; ``given``: as written) is told
    as that option's, in the words ``deck validate`` tells an unknown id of it in, never as the file's. None when the
    mode is an id (the checks judge it) or the pool has no modes of the game."""
    if names is None or not isinstance(game, str) or not isinstance(mode, str) or re.match(SLUG_PATTERN, mode):
        return None
    known = names._modes.get(game, [])  # (the records of names.mode_ids: their names are listed too)
    if not known:
        return None
    if option is not None:
        return tr("{option} {mode}: {game} has no such mode; modes: {modes}", option=option,
                  mode=repr(given if given is not None else mode), game=_game(game), modes=mode_choices(known))  # fmt: skip
    return tr("{game} has no mode {mode}; modes: {modes}", game=_game(game), mode=repr(mode), modes=mode_choices(known))


def _other_file(data: Any) -> str | None:
    """What a file given as a deck is when it says it is another of Dossier's files: a record (``tactics map
    'hideout'``: its game and kind, as the card pool reads a file with a ``kind``), or a saved game, a scenario, …
    (:func:`toolkit.filekinds.not_a_record`); else None (the deck's own findings say what is wrong with it)."""
    if not isinstance(data, dict):
        return None
    if "kind" in data:
        from validators.wording import record_label

        game, kind = data.get("game"), data.get("kind")
        return record_label(game, kind, data.get("id")) if isinstance(game, str) and isinstance(kind, str) else None
    from toolkit.filekinds import NOT_RECORDS, not_a_record

    other = not_a_record(data)
    return tr(NOT_RECORDS[other]) if other is not None and other != "deck" else None


def _read_json(
    path: Path,
    text: str,
    names: NameIndex | None = None,
    mode: str | None = None,
    default_modes: dict[str, str] | None = None,
    pool: Where | None = None,
) -> LoadedDeck:
    try:
        data = loads_limited(text, max_depth=MAX_JSON_DEPTH, max_digits=MAX_JSON_DIGITS)
    except JsonSyntaxError as exc:
        code = "deck.limit.json" if exc.limit else "deck.json"
        message = tr("invalid JSON: {problem}", problem=exc.message)
        finding = Finding(code, message, "error", str(path), None, exc.line, exc.column)
        return LoadedDeck(path, None, [finding])
    if names is not None and _is_nrdb_json(data):
        return _read_nrdb_json(path, text, data, names, mode, default_modes or {}, pool or Where("", MISSING_POOL))
    loaded = LoadedDeck(path, None, source=text)  # mapped only if a finding needs a position
    if isinstance(data, dict) and "name" not in data:  # a deck without a name: its file's, as a text list's
        data = {**data, "name": path.stem}
    unknown_mode = None
    if isinstance(data, dict) and isinstance(data.get("mode"), str):
        # a mode's name (either language, any case) is read as its id, the deck's canonical form
        data = {**data, "mode": _mode_named(names, data.get("game"), data["mode"]) or data["mode"]}
        unknown_mode = _unknown_mode(names, data.get("game"), data["mode"])
        if unknown_mode is not None:
            loaded.findings.append(loaded.locate(Finding("deck.mode.unknown", unknown_mode, pointer="/mode")))
    try:
        loaded.deck = Deck.model_validate(data)
    except ValidationError as exc:
        what = _other_file(data)
        if what is not None:  # one line, not the deck fields it lacks and the fields it has that a deck has not
            loaded.findings.append(loaded.locate(Finding("deck.not_deck", tr("{what}, not a deck", what=what))))
            return loaded
        errors = exc.errors()
        if unknown_mode is not None:  # said above, with the modes listed
            errors = [err for err in errors if tuple(err["loc"][:1]) != ("mode",)]
        for where, problem in _schema_problems(data, errors):
            message = tr("{field}: {problem}", field=visible(where or "/"), problem=problem)
            loaded.findings.append(loaded.locate(Finding("deck.schema", message, pointer=where)))
        if isinstance(data, dict) and all(err["loc"][:1] in _SPARED for err in errors):
            # only the name or the description is refused (said above): the rest of the deck is still checked
            spared = {key: value for key, value in data.items() if (key,) not in _SPARED}
            with contextlib.suppress(ValidationError):
                loaded.deck = Deck.model_validate({**spared, "name": path.stem})
    if loaded.deck is not None and names is not None:
        _identity_from_cards(loaded, names)
    if loaded.deck is not None and names is not None and pool is not None and not names.lookup_all(loaded.deck.game):
        # as a text list says it: a pool without the deck's game is named, not its empty list of modes
        message = tr("the card pool{pool} has no {game} cards; {hint}", pool=pool.pool(), game=_game(loaded.deck.game),
                     hint=pool.hint)  # fmt: skip
        loaded.findings.append(loaded.locate(Finding("deck.game.pool", message, pointer="/game")))
        loaded.deck = None
    _over_size(loaded)
    return loaded


def _identity_from_cards(loaded: LoadedDeck, names: NameIndex) -> None:
    """A netrunner JSON deck without an ``identity`` that lists one identity, once, among its cards: that is its
    identity, as NetrunnerDB's JSON and a text list give it (the warning ``deck.identity.listed`` says where a
    Dossier JSON deck gives it; `deck convert --to json` writes it there). Any other deck is left as it is (the
    validator tells an identity among the cards of a deck with one, or more than one)."""
    deck = loaded.deck
    if deck is None or deck.game != "netrunner" or deck.identity is not None:
        return
    found = [
        record
        for card_id in deck.cards
        for record in names.lookup(card_id, "netrunner")
        if record.id == card_id and record.kind == "identity"
    ]
    if len(found) != 1 or deck.cards[found[0].id] != 1:
        return
    record = found[0]
    cards = {card_id: n for card_id, n in deck.cards.items() if card_id != record.id}
    loaded.deck = deck.model_copy(update={"identity": record.id, "cards": cards})
    at = pointer("cards", record.id)
    lines = loaded.positions()
    if at in lines:  # (where a finding of the identity goes: the influence it allows)
        lines.setdefault("/identity", lines[at])
    message = tr("identity {card} is listed among the cards; it is taken as the deck's identity (a Dossier JSON deck "
                 "gives it as {field})", card=_title(record, current_lang()), field=repr("identity"))  # fmt: skip
    loaded.findings.append(loaded.locate(Finding("deck.identity.listed", message, "warning", pointer=at)))


# NetrunnerDB's deck JSON: its public API answers {"data": [deck], "success", "total", "version_number",
# "last_updated"}; a decklist or a deck there is {"id", "uuid", "date_creation", "date_update", "name",
# "description", "mwl_code", "cards": {printing code: n}, …}, the identity among the cards. Its v3 API answers
# JSON:API: {"data": {"id", "type": "decklists", "attributes": {"identity_card_id", "card_slots": {card id: n},
# "name", "notes", …}}, "meta", "links"} ("data" a list for a listing), the card ids Dossier's own.
_NRDB_ANSWER = ("success", "version_number", "total", "last_updated")
_NRDB_DECK = ("mwl_code", "uuid", "date_creation", "date_update", "user_id", "user_name", "tournament_badge")
_NRDB_V3 = ("card_slots", "identity_card_id")


def _is_nrdb_v3(item: Any) -> bool:
    """Whether ``item`` is a decklist (or deck) resource of NetrunnerDB's v3 API: attributes with its fields."""
    attributes = item.get("attributes") if isinstance(item, dict) else None
    return isinstance(attributes, dict) and any(key in attributes for key in _NRDB_V3)


def _is_nrdb_json(data: Any) -> bool:
    """Whether ``data`` is NetrunnerDB's deck JSON (the API's answer, or the deck object in it): an object
    without Dossier's ``game``, that wraps ``data`` as the API does, or holds ``cards`` with NetrunnerDB's
    keys beside them or printing codes (digits) for keys; or its v3 API's decklist, answer or resource."""
    if not isinstance(data, dict) or "game" in data or "$schema" in data:
        return False
    inner = data.get("data")
    if _is_nrdb_v3(data) or _is_nrdb_v3(inner) or (isinstance(inner, list) and any(map(_is_nrdb_v3, inner))):
        return True
    if "cards" not in data and isinstance(inner, list):
        return any(key in data for key in _NRDB_ANSWER)
    cards = data.get("cards")
    if not isinstance(cards, dict):
        return False
    return any(key in data for key in _NRDB_DECK) or (bool(cards) and all(k.isascii() and k.isdigit() for k in cards))


def _shown(value: Any) -> str:
    """A JSON value for a message: as JSON, on one line, at most 20 characters."""
    text = one_line(json.dumps(value, ensure_ascii=False))
    return text if len(text) <= 20 else text[:19] + "…"


def _another_identity(name: str, kept: Any) -> str:
    """Why an identity after the first is an error: the line (or key) that names it, and the identity kept."""
    return tr("a deck has one identity; {name} makes it more ({kept} is kept)", name=name,
              kept=repr(_title(kept, current_lang())))  # fmt: skip


def _identity_copies(name: str, count: int) -> str:
    """Why an identity of more than one copy is an error."""
    return tr("a deck has one identity; {name} is listed with the count {n}", name=name, n=count)


def ban_list_slug(mwl: Any) -> str | None:
    """The ban list a deck file names (NetrunnerDB's ``mwl_code``, a text list's ``# ban_list:`` line, an .o8d's
    note), as the deck's ``ban_list``: its code or id as written, in lower case as an id is, or its name as one
    (``Standard Ban List 25.10``: ``standard_ban_list_25_10``), which the deck validator matches to the format's
    lists (:func:`ban_list_id`); None for none."""
    if not isinstance(mwl, str) or not mwl.strip():
        return None
    spelt = mwl.strip().lower()
    if not re.match(SLUG_PATTERN, spelt) or len(spelt) > 64:
        from toolkit.importers.netrunnerdb import as_slug  # (the import names each ban list by its code so)

        spelt = as_slug(spelt)
    return spelt if re.match(SLUG_PATTERN, spelt) and len(spelt) <= 64 else None


def ban_list_id(ban_lists: Iterable[Any], written: str) -> str | None:
    """The id of the ban list among ``ban_lists`` (a format's) that ``written`` names: its id, or its id or its
    name in any language as names are read, in any case, with ``-``, ``_``, ``.`` or spaces between its words
    (``standard-ban-list-25-10``, ``STANDARD_BAN_LIST_25_10``, ``Standard Ban List 25.10``); None when it names
    none of them, or more than one. The one reading of ``--banlist`` and of a deck's own ``ban_list`` (a text
    list's line, NetrunnerDB's ``mwl_code``: :func:`ban_list_slug`)."""
    lists = list(ban_lists)
    if any(ban.id == written for ban in lists):
        return written
    key = fold(written)
    found = {ban.id for ban in lists if key and (key == fold(ban.id) or key in folded_names(ban))}
    return found.pop() if len(found) == 1 else None


def _read_nrdb_json(
    path: Path, text: str, data: Any, names: NameIndex, mode: str | None, default_modes: dict[str, str], where: Where
) -> LoadedDeck:
    """NetrunnerDB's deck JSON: v2's printing codes to card ids through the pool's printings, the identity the
    card among them that is one; v3's card ids as they are, the identity its ``identity_card_id``. The format is
    ``mode``, else the pool's default (v2's ``mwl_code`` names a ban list, not a format: it is the deck's
    ``ban_list``, which the deck validator checks it under)."""
    loaded = LoadedDeck(path, None, lines=value_positions(text))
    lines = loaded.lines
    findings: list[Finding] = []

    def problem(code: str, message: str, ptr: str, severity: Severity = "error") -> None:
        findings.append(Finding(code, message, severity, pointer=ptr))

    def done() -> LoadedDeck:
        loaded.findings = sorted((loaded.locate(f) for f in findings), key=lambda f: (f.line or 0, f.column or 0))
        _over_size(loaded, pointer(*base, slots_key))
        return loaded

    base: tuple[str | int, ...] = ()
    deck = data
    v3 = _is_nrdb_v3(data)
    slots_key = "card_slots" if v3 else "cards"
    if not v3 and "cards" not in data:  # the API's answer: one deck in "data" (v3: the resource, or a list)
        decks = data["data"]
        if isinstance(decks, list) and len(decks) != 1:
            message = trn(
                "NetrunnerDB's JSON holds {n} deck; a deck file is one deck",
                "NetrunnerDB's JSON holds {n} decks; a deck file is one deck",
                len(decks),
                n=len(decks),
            )
            problem("deck.schema", message, "/data")
            return done()
        base, deck = (("data", 0), decks[0]) if isinstance(decks, list) else (("data",), decks)
        v3 = _is_nrdb_v3(deck)
    if v3:
        base, deck, slots_key = (*base, "attributes"), deck["attributes"], "card_slots"
    if not isinstance(deck, dict) or not isinstance(deck.get(slots_key), dict):
        field_ptr = pointer(*base, slots_key) if isinstance(deck, dict) else pointer(*base)
        form = '{"sure_gamble": 3, …}' if v3 else '{"30030": 3, …}'
        message = tr("{field}: NetrunnerDB's deck JSON names its cards as {form}", field=field_ptr, form=form)
        problem("deck.schema", message, field_ptr)
        return done()
    if not names.lookup_all("netrunner"):
        game = _game("netrunner")
        message = tr("the card pool{pool} has no {game} cards; {hint}", pool=where.pool(), game=game, hint=where.hint)
        problem("deck.game.pool", message, "")
        return done()
    description_key = "notes" if v3 else "description"
    for key, own in (("name", "name"), ("description", description_key), ("cards", slots_key)):
        if pointer(*base, own) in lines:  # where a finding on the deck's field goes
            lines[pointer(key)] = lines[pointer(*base, own)]

    def by_id(card_id: str) -> list[Any]:
        return [r for r in names.lookup(card_id, "netrunner") if r.id == card_id]

    cards: dict[str, int] = {}
    kept: Any = None  # the identity's record
    if v3 and isinstance(deck.get("identity_card_id"), str):
        ptr = pointer(*base, "identity_card_id")
        found = by_id(deck["identity_card_id"])
        if found and found[0].kind == "identity":
            kept = found[0]
            if ptr in lines:
                lines["/identity"] = lines[ptr]
        elif found:
            message = tr("{id} is {kind}, not {what}", id=repr(deck["identity_card_id"]),
                         kind=kind_with_article(found[0].kind), what=kind_with_article("identity"))  # fmt: skip
            problem("deck.card.kind", message, ptr)
        else:
            message = tr("no {game} {what} has id {id}", game=_game("netrunner"), what=_what("identity"),
                         id=repr(deck["identity_card_id"]))  # fmt: skip
            problem("deck.identity.unknown", message, ptr)
    for key, count in deck[slots_key].items():
        ptr = pointer(*base, slots_key, key)
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COPIES:
            message = tr("{code} has count {count}; a deck holds 1 to {max} copies of a card", code=repr(key),
                         count=_shown(count), max=MAX_COPIES)  # fmt: skip
            problem("deck.count", message, ptr)
            continue
        found = by_id(key) if v3 else names.by_code(key, "netrunner") or by_id(key)
        if not found:
            if v3:
                message = tr("no {game} {what} has id {id}", game=_game("netrunner"), what=_what("card"), id=repr(key))
            else:
                message = tr("no {game} card has the printing code {code} in the card pool{pool}",
                             game=_game("netrunner"), code=repr(key), pool=where.pool())  # fmt: skip
            problem("deck.card.unknown", message, ptr)
            continue
        record = found[0]
        named = repr(_title(record, current_lang()))
        if not v3 and key != record.id:  # a printing code: the card's name and the code written
            named = tr("{card} (printing code {code})", card=named, code=repr(key))
        if record.kind == "identity":
            if v3 and record is kept and count == 1:  # the decklist's identity among its cards as well: the same one
                continue
            if kept is not None:
                problem("deck.identity.count", _another_identity(named, kept), ptr)
            elif count != 1:
                problem("deck.identity.count", _identity_copies(named, count), ptr)
            if kept is None:
                kept = record
                if ptr in lines:
                    lines.setdefault("/identity", lines[ptr])
        elif record.kind == "card":
            copies = cards.get(record.id, 0) + count
            if copies > MAX_COPIES:
                message = tr("{name} comes to {n} copies; a deck holds at most {max} of a card", name=named,
                             n=copies, max=MAX_COPIES)  # fmt: skip
                problem("deck.count", message, ptr)
                continue
            cards[record.id] = copies
            if ptr in lines:
                lines.setdefault(pointer("cards", record.id), lines[ptr])
        else:
            message = tr("{name} is {kind}, which does not go in a deck", name=named,
                         kind=kind_with_article(record.kind))  # fmt: skip
            problem("deck.card.kind", message, ptr)
    mwl = None if v3 or not isinstance(deck.get("mwl_code"), str) else deck["mwl_code"]
    # no format in the file: --mode, else the one format whose ban list its mwl_code is, else the pool's default
    deck_mode = _text_mode(names, "netrunner", mode, None, mwl) or default_modes.get("netrunner")
    if deck_mode is None:
        problem("deck.mode.missing", _mode_missing("netrunner", None, where), "")
        return done()
    # `--mode 标准`: the modes listed, as a list's are, and told as --mode's (the file names no mode)
    unknown_mode = _unknown_mode(names, "netrunner", deck_mode, (where.mode_option or "--mode") if mode else None, mode)
    if unknown_mode is not None:  # at no line of the file (a finding's pointer, even "", is placed at one)
        done().findings.insert(0, Finding("deck.mode.unknown", unknown_mode, "error", str(path)))
        return loaded
    ban_list = None if v3 else ban_list_slug(deck.get("mwl_code"))
    if ban_list is not None and pointer(*base, "mwl_code") in lines:
        lines["/ban_list"] = lines[pointer(*base, "mwl_code")]
    raw_name = deck.get("name")
    name = one_line(raw_name.strip()) if isinstance(raw_name, str) and raw_name.strip() else path.stem
    description = deck.get(description_key)
    if not isinstance(description, str) or not description.strip():
        description = None
    elif len(description) > DESCRIPTION_CHARS:
        message = tr(
            "the description has {n} characters, more than the {max} a deck keeps; it is left out",
            n=len(description),
            max=DESCRIPTION_CHARS,
        )
        problem("deck.description", message, pointer(*base, description_key), "warning")
        description = None
    try:
        loaded.deck = Deck(
            game="netrunner",
            mode=deck_mode,
            name=name,
            description=description,
            cards=cards,
            identity=kept.id if kept is not None else None,
            ban_list=ban_list,
        )
    except ValidationError as exc:
        for err in exc.errors():
            field_name = "/".join(map(str, err["loc"]))
            message = tr("{field}: {problem}", field=field_name, problem=one_line(model_error(err)))
            problem("deck.schema", message, pointer(*err["loc"][:1]))
    return done()


def deck_to_json(deck: Deck, out: Path | None = None, schema_dir: Path | None = None) -> str:
    data = deck.model_dump(by_alias=True, exclude_none=True)
    data.pop("$schema", None)
    if out is not None and schema_dir is not None:
        # the nearest schema/ (or .schema/) above the deck that holds the deck schema, else Dossier's own: the one
        # rule of fmt and import (toolkit.paths.schema_ref)
        from toolkit.paths import SCHEMA_DIR, schema_ref

        if Path(os.path.abspath(schema_dir)) == Path(os.path.abspath(SCHEMA_DIR)):
            data["$schema"] = schema_ref(Path(os.path.abspath(out)).parent, "deck.schema.json")
        else:
            target = schema_dir / "deck.schema.json"
            data["$schema"] = os.path.relpath(target, Path(os.path.abspath(out)).parent).replace(os.sep, "/")
    return canonical_dumps(data)


# --------------------------------------------------------------------------
# plain text (Dossier list, NetrunnerDB export, jinteki.net list)
#
# Every pattern here runs in linear time: no two unbounded repetitions that can
# match the same text follow one another (a long run of spaces once took minutes);
# the rest is done by hand with str methods.

_DIRECTIVE = re.compile(
    r"^#+\s*(game|mode|format|name(?:\.(?:en|zh-hans))?|players|ban[ _-]?list)\s*[:：](.*)$", re.IGNORECASE
)
_FOOTER = re.compile(
    r"^(\d+\s+influence spent\b|\d+\s+agenda points\b|\d+\s+(format )?points\b|\d+\s+cards?\s*(\(|$)|"
    r"cards up to\b|decklist published\b|deck built on\b|warning\s*:|format\s*:|ban[ _-]?list\s*:)",
    re.IGNORECASE,
)
_FORMAT_LINE = re.compile(r"^(format|ban[ _-]?list)\s*:(.*)$", re.IGNORECASE)  # (the value is stripped after)
_LINE_BREAK = re.compile(r"\r\n?|\n")
# Direction marks, zero-width characters, the BOM, soft hyphens: nothing a reader sees.
_INVISIBLE = re.compile("[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]")
_WIDE = str.maketrans("０１２３４５６７８９ｘＸ＊", "0123456789xX*")
_MARKS = "x×X*"
_DOT_CHARS = frozenset("●•○◦♘★☆")
_SIGNS = "+-−－"


def _strip_dots(name: str) -> str:
    """``Title ••••• •`` → ``Title``: influence dots, marks and spaces off the end."""
    end = len(name)
    while end and (name[end - 1] in _DOT_CHARS or name[end - 1].isspace()):
        end -= 1
    return name[:end]


def _strip_set(name: str) -> str:
    """``Title (Set Name)`` → ``Title``: one parenthesised group (without parentheses inside) off the end."""
    body = name.rstrip()
    if not body.endswith(")"):
        return name
    opening = body.rfind("(")
    if opening < 0 or ")" in body[opening + 1 : -1]:
        return name
    return body[:opening].rstrip()


def _is_heading(line: str) -> bool:
    """``Event (3)``: some text, then a number in parentheses."""
    body = line.rstrip()
    opening = body.rfind("(")
    return body.endswith(")") and opening > 0 and body[opening + 1 : -1].strip().isdigit()


@functools.cache
def _section_words() -> frozenset[str]:
    """The words a list may head a section with, alone on a line (``装备``, ``Events``, ``Ice:``): every card
    type in Chinese and English, singular and plural, folded."""
    from toolkit.i18n import t
    from toolkit.i18n.words import WORDS

    words: set[str] = set()
    for value, message in WORDS.get("type", {}).items():
        english = message[1] if isinstance(message, tuple) else message
        for spelling in (value, english, t("zh-Hans", english)):
            folded = spelling.casefold()
            words |= {folded, folded + "s", folded + "es", folded.rstrip("s")}
    return frozenset(words)


def _is_section(line: str) -> bool:
    """``Event (3)``, or a card type alone on a line (``装备``, ``Events:``): a section heading."""
    return _is_heading(line) or line.strip().rstrip(":：").strip().casefold() in _section_words()


def _candidates(name: str) -> list[str]:
    out = [name]
    stripped = _strip_dots(name)
    if stripped != name:
        out.append(stripped)
    without_set = _strip_set(stripped)
    if without_set != stripped:
        out.append(without_set)
    return out


@dataclass
class _Line:
    number: int
    count: int
    name: str
    code: str | None = None  # the printing code of the line's card link (NetrunnerDB's Markdown, BBCode)


def _numeral(char: str) -> bool:
    """A digit of any script, or another number character (³, ½, ①): what may start a count.

    Not letters with a numeric value (一, 三, Ⅲ): a Chinese name may start with one.
    """
    return char.isdigit() or unicodedata.category(char) in ("Nd", "No")


def _count_first(line: str) -> tuple[str, str] | None:
    """(count, name) of ``3x Name``, ``3 Name``, ``3 x Name``, ``3xName``, ``x3 Name``; the count as written,
    any digits.

    None when the line does not start with a number followed by a space or a mark (a heading,
    ``2024-worlds``), or with a mark, a number and a space; ("3", "") for a count without a name.
    """
    if line[:1] in _MARKS and line[1:2] and _numeral(line[1]):  # ``x3 Name``: the mark before the count
        end = 1
        while end < len(line) and _numeral(line[end]):
            end += 1
        return (line[1:end], line[end:].strip()) if line[end : end + 1].isspace() and line[end:].strip() else None
    start = 1 if line[:1] in _SIGNS and line[1:2] and _numeral(line[1]) else 0
    end = start
    while end < len(line) and _numeral(line[end]):
        end += 1
    if end == start:
        return None
    count, rest = line[:end], line[end:]
    if not rest:
        return None
    if rest[0].isspace():
        name = rest.strip()
        if name[:1] in _MARKS and name[1:2].isspace():
            name = name[1:].strip()
        return count, name
    if rest[0] in _MARKS:
        return count, rest[1:].strip()
    return None


def _count_last(line: str) -> tuple[str, str] | None:
    """(count, name) of ``Name x3``, ``名称 * 3``, ``名称*3``, ``名称×3``, ``名称x3`` (a mark, maybe spaces, digits at
    the end; a space before the mark, or none when it is ``*`` or ``×`` or follows a character that is not a Latin
    letter or digit: ``Box2`` and ``Matrix2`` are names, not counts), else None."""
    end = len(line)
    while end and _numeral(line[end - 1]):
        end -= 1
    if end == len(line):
        return None
    mark = end
    while mark and line[mark - 1].isspace():
        mark -= 1
    if mark < 2 or line[mark - 1] not in _MARKS:
        return None
    before = line[mark - 2]
    if not (before.isspace() or line[mark - 1] in "*×" or not (before.isascii() and before.isalnum())):
        return None
    name = line[: mark - 1].strip()
    return (line[end:], name) if name else None


def _copies(count: str) -> tuple[int | None, str]:
    """The number of copies a count stands for, or None and why it is not one."""
    digits = count.lstrip(_SIGNS)
    shown = count if len(count) <= 12 else count[:10] + "…"
    if not (digits.isascii() and digits.isdigit()):
        return None, tr("count {count} is not written with the digits 0-9", count=repr(shown))
    if digits != count:
        return None, tr("count {count}: a line holds 1 to {max} copies", count=repr(shown), max=MAX_COPIES)
    significant = digits.lstrip("0")
    if len(significant) > len(str(MAX_COPIES)) or int(significant or "0") > MAX_COPIES:
        return None, tr("count {count} is over the limit of {max} copies per line", count=shown, max=MAX_COPIES)
    if not significant:
        return None, tr("count {count}: a line holds 1 to {max} copies", count=shown, max=MAX_COPIES)
    return int(significant), ""


@dataclass
class _Parsed:
    directives: dict[str, tuple[str, int]] = field(default_factory=dict)
    entries: list[_Line] = field(default_factory=list)
    free: list[tuple[int, str]] = field(default_factory=list)
    problems: list[tuple[str, str, int]] = field(default_factory=list)  # code, message, line
    warnings: list[tuple[str, str, int]] = field(default_factory=list)  # code, message, line
    over_limit: bool = False
    codes: dict[int, str] = field(default_factory=dict)  # line -> the printing code its card link names
    headings: list[tuple[int, str]] = field(default_factory=list)  # Markdown ``## …`` lines, not directives
    marked: bool = False  # some line had Markdown or BBCode links (NetrunnerDB's exports)
    heads: list[tuple[int, str]] = field(default_factory=list)  # the first two lines that are no directive or heading


# NetrunnerDB's Markdown and BBCode exports: ``* 3x [Title](https://netrunnerdb.com/en/card/30030) _(Set)_``,
# ``3x [url=https://netrunnerdb.com/en/card/30030]Title[/url] [i](Set)[/i]``, ``[b]Event (3)[/b]``. Each pattern
# is linear: no part of it can match a bracket, so a failed match ends at the next one.
_MD_LINK = re.compile(r"\[([^\[\]]*)\]\(([^()\[\]\s]+)\)")
_BB_LINK = re.compile(r"\[url=([^\[\]\s]+)\]([^\[\]]*)\[/url\]", re.IGNORECASE)
_BB_TAG = re.compile(r"\[/?(?:b|i|u|s|color(?:=[^\[\]\s]*)?|size(?:=[^\[\]\s]*)?)\]", re.IGNORECASE)
_CARD_URL = re.compile(r"/card/([A-Za-z0-9][A-Za-z0-9_-]{0,31})/?(?:[?#]|$)")
_BULLETS = ("* ", "- ", "+ ")


def _unmark(line: str) -> tuple[str, str | None, bool]:
    """The line without NetrunnerDB's Markdown or BBCode markup: (text, the printing code of its first card
    link, whether it had a link or a tag). A list bullet (``* ``) before a count goes too."""
    code: str | None = None
    marked = False
    if "[" in line:

        def link(text: str, url: str) -> str:
            nonlocal code, marked
            if "://" not in url and not url.startswith("/"):
                return f"[{text}]({url})" if url else text
            marked = True
            found = _CARD_URL.search(url)
            if found and code is None:
                code = found.group(1)
            return text

        line = _MD_LINK.sub(lambda m: link(m.group(1), m.group(2)), line)
        line = _BB_LINK.sub(lambda m: link(m.group(2), m.group(1)), line)
        unmarked = _BB_TAG.sub("", line)
        marked = marked or unmarked != line
        line = unmarked.strip()
        if marked:  # ``_(Set)_``: the set in italics
            line = line.replace("_(", "(").replace(")_", ")").replace("*(", "(").replace(")*", ")")
    if line[:2] in _BULLETS and line[2:].lstrip()[:1].translate(_WIDE).isdigit():
        line = line[2:].lstrip()
    return line, code, marked


def _parse_lines(text: str) -> _Parsed:
    parsed = _Parsed()
    total = 0
    for number, raw in enumerate(_LINE_BREAK.split(text), start=1):
        if len(raw) > MAX_LINE_CHARS:
            message = tr("the line has {n} characters; the limit is {max}", n=len(raw), max=MAX_LINE_CHARS)
            parsed.problems.append(("deck.limit.line", message, number))
            parsed.over_limit = True
            continue
        line = _INVISIBLE.sub("", raw).strip()
        if not line:
            continue
        line, code, marked = _unmark(line)
        parsed.marked = parsed.marked or marked
        if not line:
            continue
        if line.startswith("#"):
            if match := _DIRECTIVE.match(line):
                key, value = match.group(1).lower(), match.group(2).strip()
                key = "mode" if key == "format" else "ban_list" if key.startswith("ban") else key
                if value:
                    parsed.directives[key] = (value, number)
            elif heading := line.lstrip("#").strip():
                parsed.headings.append((number, heading))
            continue
        if code is not None:
            parsed.codes[number] = code
        plain = line.translate(_WIDE)
        if len(parsed.heads) < 2:
            parsed.heads.append((number, line))
        if _FOOTER.match(plain):
            # ``Format: System Gateway``, ``Ban list: Standard Ban List 25.04`` (the nrdb export's): an id or a name,
            # as a ``# format:`` line's; one that names nothing is told, never passed over in silence
            if match := _FORMAT_LINE.match(plain):
                key = "mode" if match.group(1).lower() == "format" else "ban_list"
                value = match.group(2).strip()
                if value:
                    parsed.directives.setdefault(key, (value, number))
                else:
                    form = "'Format: …'" if key == "mode" else "'Ban list: …'"
                    message = tr("{line} is not read: it names nothing; write {form}", line=repr(line), form=form)
                    parsed.warnings.append(("deck.line.footer", message, number))
            continue
        found = _count_first(plain) or _count_last(plain)
        if found is None:
            parsed.free.append((number, line))
            continue
        count, name = found
        copies, problem = _copies(count)
        if copies is None:
            message = tr("{problem}; {name} is not read", problem=problem, name=repr(name)) if name else problem
            parsed.problems.append(("deck.count", message, number))
            continue
        if not name:
            parsed.problems.append(("deck.count", tr("count {count} without a card name", count=count), number))
            continue
        total += copies
        if total > MAX_CARDS:
            message = tr(
                "the list holds more than {max} cards, the limit for a deck; the rest is not read", max=MAX_CARDS
            )
            parsed.problems.append(("deck.limit.cards", message, number))
            parsed.over_limit = True
            break
        parsed.entries.append(_Line(number, copies, name, code))
    return parsed


class _Resolver:
    """Names of one list resolved against the index, each at most once per game; suggestions for a few."""

    def __init__(self, names: NameIndex) -> None:
        self.names = names
        self.cache: dict[tuple[str, str], list[Any]] = {}
        self.matched: dict[tuple[str, str], str] = {}  # the spelling (name without dots or set) that matched
        self.suggested = 0
        self.sided: dict[tuple[str, str], dict[str, str]] = {}  # (game, side) -> its records' names by their fold

    def lookup(self, name: str, game: str) -> list[Any]:
        key = (name, game)
        if key not in self.cache:
            found: list[Any] = []
            for candidate in _candidates(name):
                found = self.names.lookup(candidate, game)
                if found:
                    self.matched[key] = candidate
                    break
            if not found and name.isascii() and name.isdigit():  # NetrunnerDB's printing code: ``3x 30030``
                found = self.names.by_code(name, game)
            self.cache[key] = found
        return self.cache[key]

    def named(self, name: str, game: str, code: str | None = None) -> list[Any]:
        """The records a line names: by the printing code of its card link when the pool has that code (the
        title is the link's text; the code names the card whatever the language), else by its name."""
        if code is not None:
            found = self.names.by_code(code, game)
            if found:
                key = (name, game)
                if key not in self.matched:  # the spelling of the title, for the deck's language
                    spelt = [c for c in _candidates(name) if name_language(c, found[0]) is not None]
                    self.matched[key] = spelt[0] if spelt else name
                return found
        return self.lookup(name, game)

    def language(self, name: str, game: str, record: Any) -> str | None:
        """The language of the name by which ``name`` found ``record`` (None: by its id)."""
        return name_language(self.matched.get((name, game), name), record)

    def hint(self, name: str, game: str, side: str | None = None) -> str:
        """ "did you mean" the names close to ``name`` (none past the first few), in the current language: of the
        records a deck of ``game`` holds (:data:`DECK_KINDS`); with ``side`` (the deck's identity's), only the names
        of records of that side (or of none) when any is close."""
        if self.suggested >= MAX_SUGGESTED:
            return ""
        self.suggested += 1
        hints = self._of_side(name, game, side) if side is not None else []
        hints = hints or self.names.suggestions(name, game, kinds=DECK_KINDS.get(game))
        if not hints:
            return ""
        return _did_you_mean(hints)

    def _of_side(self, name: str, game: str, side: str) -> list[str]:
        """The names closest to ``name`` of ``game``'s records of ``side`` or of none that a deck holds, as
        :meth:`NameIndex.suggestions` finds them among all."""
        key = (game, side)
        by_fold = self.sided.get(key)
        if by_fold is None:
            kinds = DECK_KINDS.get(game)
            names = {n for r in self.names.lookup_all(game)
                     if record_side(r) in (side, None) and (kinds is None or r.kind in kinds)
                     for n in record_names(r)}  # fmt: skip
            by_fold = self.sided[key] = {fold(n): n for n in sorted(names)}
        close = difflib.get_close_matches(fold(name), list(by_fold), n=3, cutoff=0.5)
        return [by_fold[c] for c in close]


def quoted_name(name: str) -> str:
    """A card's (or identity's) name as a message of the current language quotes it: ``'Sure Gamble'`` in English
    (as repr writes it), 「顺手牵羊」 in Chinese, as the findings of a deck quote the names they speak of."""
    # TRANSLATORS: a card's name as a message quotes it; {name!r} writes it between straight quotes: write your
    # language's quotes around {name} instead (Chinese: 「{name}」)
    return tc(current_lang(), "quoted card name", "{name!r}", name=name)


def _did_you_mean(names: Iterable[str]) -> str:
    """ "; did you mean" the card names ``names``, each quoted as the current language quotes names (no space between
    Chinese and 「」: :func:`toolkit.i18n.t_beside`)."""
    return t_beside(current_lang(), "; did you mean {ids}?", ids=tr(", ").join(quoted_name(n) for n in names))


def _no_such_name(game: str, name: str, hint: str, *, identity: bool = False) -> str:
    """ "no {game} card (identity) is called {name}{hint}" with the name quoted as the current language quotes names
    (``'x'``; 「x」 with no space beside it)."""
    lang, quoted = current_lang(), quoted_name(name)
    if identity:
        return t_beside(lang, "no {game} identity is called {name}{hint}", game=_game(game), name=quoted, hint=hint)
    return t_beside(lang, "no {game} card is called {name}{hint}", game=_game(game), name=quoted, hint=hint)


def _numbered_name(parsed: _Parsed, resolve: _Resolver, game: str) -> int | None:
    """The number of a netrunner list's first line when that line starts with a number yet is the deck's name, as
    NetrunnerDB writes it above the identity (``2015 World Champion Corp Deck``, ``4 Day Week HB``), else None.

    It is when the identity's line comes right after it and what follows its count names no card, nor is close
    to a card's name (``3 Hedge Fnd`` is a misspelt card line, said as one); its count may be over the limit. A
    first line ``3 Hedge Fund`` is a card line, above the identity or not."""
    if len(parsed.heads) < 2 or parsed.marked:
        return None
    (number, line), (after, then) = parsed.heads
    if (number, line) in parsed.free or (after, then) not in parsed.free:
        return None
    if not any(r.kind == "identity" for r in resolve.named(then, game, parsed.codes.get(after))):
        return None
    plain = line.translate(_WIDE)
    found = _count_first(plain) or _count_last(plain)
    if found is None or not found[1] or number in parsed.codes:
        return None
    name = found[1]
    if resolve.named(name, game) or resolve.named(line, game):
        return None
    kinds = DECK_KINDS[game]
    typed = fold(_candidates(name)[-1])
    known = {fold(n) for r in resolve.names.lookup_all(game) if r.kind in kinds for n in record_names(r)}
    if difflib.get_close_matches(typed, list(known), n=1, cutoff=_IdentityNames.CLOSE):
        return None
    return number


class _IdentityNames:
    """The names of a game's identities (full and short), folded, for telling a misspelt identity line from the
    deck's name: made when a list has no identity, once per list."""

    CLOSE = 0.8  # how alike (difflib's ratio of the folded names) a line must be to an identity's name

    def __init__(self, names: NameIndex, game: str) -> None:
        self.shown: dict[str, str] = {}  # a folded name (or short name: before the colon) -> the full name
        for record in names.lookup_all(game):
            if record.kind == "identity":
                for name in record_names(record):
                    for spelling in (name, re.split(r"[:：]", name, maxsplit=1)[0]):
                        self.shown.setdefault(fold(spelling), name)

    def near(self, line: str) -> list[str]:
        """The names of the identities ``line`` (its set left out) is close to, the closest first."""
        typed = fold(_candidates(line)[-1])
        if not typed:
            return []
        close = difflib.get_close_matches(typed, list(self.shown), n=3, cutoff=self.CLOSE)
        return list(dict.fromkeys(self.shown[c] for c in close))


def _game_scores(
    resolve: _Resolver, entries: list[_Line], free: list[tuple[int, str]], codes: dict[int, str]
) -> dict[str, int]:
    """For each game, how many of the list's names are its cards (and free lines its identities)."""
    scores: dict[str, int] = {g: sum(1 for e in entries if resolve.named(e.name, g, e.code)) for g in GAMES}
    for g in GAMES:
        scores[g] += sum(
            1
            for number, line in free[:IDENTITY_LINES]
            if any(r.kind == "identity" for r in resolve.named(line, g, codes.get(number)))
        )
    return scores


def _game_problem(
    scores: dict[str, int], entries: list[_Line], free: list[tuple[int, str]], names: NameIndex, where: Where
) -> tuple[str, str, int]:
    """Why no game could be chosen, and what to do about it: (code, message, line)."""
    directive = "'# game: tactics|netrunner|crossfire'"
    best = max(scores.values())
    if best:
        tied = tr(", ").join(_game(g) for g, n in scores.items() if n == best)
        return "deck.game", tr(
            "cannot tell which game this list is for: its names fit {games} alike; add a line {directive}",
            games=tied,
            directive=directive,
        ), 1  # fmt: skip
    if not entries and names.pooled():  # the pool is there: the lines are what was not understood
        unread = [(n, line) for n, line in free if not _is_section(line) and line.strip("-=*_~ \t")]
        if unread:  # the first that holds a number, as a card line does (not the deck's name above it)
            number, line = next((u for u in unread if any(c.isdigit() for c in u[1])), unread[0])
            shown = line if len(line) <= 120 else line[:119] + "…"
            return "deck.format", tr(
                "no line of this list is a card line such as {example}: line {line} is not understood: {text}",
                example="'3x Name'",
                line=number,
                text=repr(shown),
            ), number  # fmt: skip
        return "deck.game", tr(
            "cannot tell which game this list is for: it has no card line such as {example}; add one, or a line "
            "{directive}",
            example="'3x Name'",
            directive=directive,
        ), 1  # fmt: skip
    if entries:
        return "deck.game", trn(
            "cannot tell which game this list is for: its {n} card name is not in the card pool{pool}; "
            "{hint}; or add a line {directive}",
            "cannot tell which game this list is for: none of its {n} card names is in the card pool{pool}; "
            "{hint}; or add a line {directive}",
            len(entries),
            pool=where.pool(),
            hint=where.hint,
            directive=directive,
        ), 1  # fmt: skip
    return "deck.game", tr(
        "cannot tell which game this list is for: it names no card in the card pool{pool}; {hint}; "
        "or add a line {directive}",
        pool=where.pool(),
        hint=where.hint,
        directive=directive,
    ), 1  # fmt: skip


def _small_number(value: str) -> int | None:
    """A number of at most three digits 0-9 (full-width ones too), else None."""
    value = value.strip().translate(_WIDE)
    return int(value) if value.isascii() and value.isdigit() and len(value) <= 3 else None


def _read_text(
    path: Path,
    text: str,
    names: NameIndex,
    game: str | None,
    mode: str | None,
    default_modes: dict[str, str],
    where: Where,
) -> LoadedDeck:
    parsed = _parse_lines(text)
    directives, entries, free = parsed.directives, parsed.entries, parsed.free
    loaded = LoadedDeck(path, None, lines={"": (1, 1)})
    problems: list[Finding] = []
    resolve = _Resolver(names)

    def problem(code: str, message: str, line: int) -> None:
        problems.append(Finding(code, message, "error", str(path), None, line, 1))

    def done() -> LoadedDeck:
        loaded.findings = sorted(problems, key=lambda f: f.line or 0)
        return loaded

    for code, message, line in parsed.problems:
        problem(code, message, line)
    for code, message, line in parsed.warnings:
        problems.append(Finding(code, message, "warning", str(path), None, line, 1))
    game_line = 1
    if "game" in directives:
        value, game_line = directives["game"]
        listed_game = game_named(value.strip(), where.games)  # its id or its name in either language
        if listed_game is None:
            message = tr("unknown game {game}; games: {games}{hint}", game=repr(value), games=tr(", ").join(GAMES),
                         hint=close_game(value, where.games))  # fmt: skip
            problem("deck.game", message, game_line)
            return done()
        game = listed_game
    if game is None:
        scores = _game_scores(resolve, entries, free, parsed.codes)
        best = max(scores.values())
        winners = [g for g, n in scores.items() if n == best]
        if not best or len(winners) != 1:
            problem(*_game_problem(scores, entries, free, names, where))
            return done()
        game = winners[0]
    if not names.lookup_all(game):
        message = tr(
            "the card pool{pool} has no {game} cards; {hint}", pool=where.pool(), game=_game(game), hint=where.hint
        )
        problem("deck.game.pool", message, game_line)
        return done()

    if game == "netrunner" and not any(key.startswith("name") for key in directives):
        # a first line that starts with a number and is the deck's name: free text, as any other name line
        name_line = _numbered_name(parsed, resolve, game)
        if name_line is not None:
            entries = [e for e in entries if e.number != name_line]
            free.insert(0, parsed.heads[0])
            problems[:] = [p for p in problems if not (p.line == name_line and p.code == "deck.count")]
    cards: dict[str, int] = {}
    agents: list[str] = []
    identity: str | None = None
    kept: Any = None  # the identity's record
    lines = loaded.lines
    langs: list[str | None] = []
    unknown: list[_Line] = []  # said once the identity is known: their "did you mean" offers its side's cards
    listed: list[tuple[_Line, Any]] = []  # lines with a count naming an identity: the first identity line is kept
    for entry in entries:
        found = resolve.named(entry.name, game, entry.code)
        if not found:
            unknown.append(entry)
            continue
        if len(found) > 1:
            ids = tr(", ").join(tr("{kind} {id}", kind=_what(r.kind), id=repr(r.id)) for r in found)
            problem(
                "deck.card.ambiguous",
                tr("{name} could be any of: {ids}; write its id instead", name=repr(entry.name), ids=ids),
                entry.number,
            )
            continue
        record = found[0]
        langs.append(resolve.language(entry.name, game, record))
        if game == "tactics" and record.kind == "agent":
            lines.setdefault("/agents", (entry.number, 1))  # the squad's size: at its first agent line
            for _ in range(entry.count):
                lines.setdefault(f"/agents/{len(agents)}", (entry.number, 1))
                agents.append(record.id)
        elif game == "netrunner" and record.kind == "identity":
            listed.append((entry, record))  # kept or said below, with the identity lines without a count
        elif record.kind in ("card", "role"):
            copies = cards.get(record.id, 0) + entry.count
            if copies > MAX_COPIES:
                problem(
                    "deck.count",
                    tr(
                        "{name} comes to {n} copies; a deck holds at most {max} of a card",
                        name=repr(entry.name),
                        n=copies,
                        max=MAX_COPIES,
                    ),
                    entry.number,
                )
                continue
            cards[record.id] = copies
            # a card on more than one line is found at its last: the line that adds the copies one too many
            lines[f"/cards/{record.id}"] = (entry.number, 1)
            lines.setdefault("/cards", (entry.number, 1))  # (the whole deck's findings have no line: LoadedDeck.locate)
        else:
            problem(
                "deck.card.kind",
                tr("{name} is {kind}, which does not go in a deck", name=repr(entry.name),
                   kind=kind_with_article(record.kind)),  # fmt: skip
                entry.number,
            )

    loaded.lang = majority(langs)
    name_value = directives.get("name")
    identity_line = lines["/identity"][0] if "/identity" in lines else None
    placed: set[int] = set()  # free lines read as the identity, or said to be a misspelt one

    def names_card(number: int, line: str) -> bool:
        return any(r.kind in ("card", "agent", "role") for r in resolve.named(line, game, parsed.codes.get(number)))

    def identities(number: int, line: str) -> list[Any]:
        return [r for r in resolve.named(line, game, parsed.codes.get(number)) if r.kind == "identity"]

    # the deck's identity: the first line that names one, with a count (``1x Name``) or without (NetrunnerDB's
    # text); every later one is a second identity (deck.identity.count), as a JSON deck's is
    named: list[tuple[int, str, int, Any]] = [(e.number, e.name, e.count, r) for e, r in listed]
    if game == "netrunner":
        heads = free[:IDENTITY_LINES]
        for index, (number, free_line) in enumerate(heads):
            if listed and number > listed[0][0].number:
                break  # an identity line with a count comes first
            found = identities(number, free_line)
            if found and index == 0 and name_value is None and not parsed.marked:
                # NetrunnerDB writes the deck's name, then its identity: a deck named as its identity (``Vera
                # "Fingers" Thorne`` above ``Vera "Fingers" Thorne (Dossier Demo)``) has its name first
                then = identities(*heads[1]) if len(heads) > 1 else []
                if then and then[0].id == found[0].id:
                    (number, free_line), found = heads[1], then
                elif listed and listed[0][1].id == found[0].id:
                    continue  # the deck's name, above its identity's line ``1x Name``
            if found:
                named.append((number, free_line, 1, found[0]))
                langs.append(resolve.language(free_line, game, found[0]))
                placed.add(number)
                break
    named.sort(key=lambda item: item[0])
    for number, written, count, record in named:
        if kept is not None:
            problem("deck.identity.count", _another_identity(repr(written), kept), number)
            continue
        if count != 1:
            problem("deck.identity.count", _identity_copies(repr(written), count), number)
        kept = record
        identity, identity_line = record.id, number
        lines["/identity"] = (number, 1)
    if game == "netrunner" and identity is None:
        # a line close to an identity's name is that identity misspelt, not the deck's name: said, with the names
        close = _IdentityNames(names, game)
        for number, free_line in free[:IDENTITY_LINES]:
            if _is_section(free_line) or resolve.named(free_line, game, parsed.codes.get(number)):
                continue
            hints = close.near(free_line)
            if hints:
                problem(
                    "deck.identity.unknown",
                    _no_such_name(game, free_line, _did_you_mean(hints), identity=True),
                    number,
                )
                placed.add(number)
                identity_line = number
                break
    side = record_side(kept) if kept is not None else None
    for entry in unknown:
        hint = resolve.hint(_candidates(entry.name)[-1], game, side)
        problem("deck.card.unknown", _no_such_name(game, entry.name, hint), entry.number)
    first_card = entries[0].number if entries else None
    if name_value is None and parsed.marked:
        # NetrunnerDB's Markdown export: the deck's name is its first heading (``## Name``), not a section's
        for number, heading in parsed.headings:
            if first_card is not None and number > first_card:
                break
            if not _is_section(heading) and heading.strip("-=*_~ \t"):
                name_value = heading, number
                break
    if name_value is None:
        # the deck's name: the first line that is no heading, above the first card line and above the identity, as
        # NetrunnerDB writes a deck (its name, then its identity); a card's name there is the deck's when the
        # identity follows it ("Hedge Fund"), else a card written without its count
        bounds = [n for n in (first_card, identity_line) if n is not None]
        for number, free_line in free:
            if bounds and number > min(bounds):
                break
            if number in placed or _is_section(free_line) or not free_line.strip("-=*_~ \t"):
                continue
            if identity_line is None and names_card(number, free_line):
                continue
            name_value = free_line, number
            break
    deck_name: str | dict[str, str] = name_value[0] if name_value and name_value[0].strip("-") else path.stem
    if name_value:
        lines["/name"] = (name_value[1], 1)
    # a name in each language, as a JSON deck's {"zh-Hans": …, "en": …}: `# name.en:` beside `# name:` (the
    # Chinese), or `# name.zh-Hans:` beside `# name:` (the English), or both; one of them alone is the one name
    english, chinese = directives.get("name.en"), directives.get("name.zh-hans")
    plain = name_value[0] if name_value and name_value[0].strip("-") else None
    deck_name = _both_names(plain, chinese and chinese[0], english and english[0]) or deck_name
    for given in (chinese, english):
        if given is not None:
            lines.setdefault("/name", (given[1], 1))
    for number, free_line in free:
        if number in placed or (name_value and number == name_value[1]):
            continue
        if names_card(number, free_line):
            # a card or agent named without a count is no heading and no deck name: say what to write
            problem(
                "deck.count.missing",
                tr("{name} has no count; write {line}", name=repr(free_line), line=repr(f"1x {free_line}")),
                number,
            )
            continue
        if _is_section(free_line) or not free_line.strip("-=*_~ \t"):
            continue
        if game == "netrunner" and kept is not None and identities(number, free_line):
            problem("deck.identity.count", _another_identity(repr(free_line), kept), number)  # a second identity
            continue
        # a line that is no card, not the identity, not the deck's name, no heading and no rule: named, never
        # passed over in silence (a typo without a count, a pasted sentence)
        shown = free_line if len(free_line) <= 120 else free_line[:119] + "…"
        problem("deck.line.unplaced", _unplaced(game, repr(shown)), number)
    mode_value, ban_value = directives.get("mode"), directives.get("ban_list")
    # a mode is named by its id or its name, in any case: `# mode: Standard` names standard, `# mode: 双雄` duo; a
    # list that names none is of the format its ban list is one of (`Ban list: Startup Ban List 24.09`)
    deck_mode = _text_mode(
        names, game, mode, mode_value[0] if mode_value else None, ban_value[0] if ban_value else None
    ) or default_modes.get(game)
    if mode_value:
        lines["/mode"] = (mode_value[1], 1)
    # a mode --mode gives is told as the option's, at no line; the file's `# mode:` at its line
    unknown_mode = _unknown_mode(names, game, deck_mode, (where.mode_option or "--mode") if mode else None, mode)
    if unknown_mode is not None and mode:
        problems.append(Finding("deck.mode.unknown", unknown_mode, "error", str(path)))
    elif unknown_mode is not None:
        problem("deck.mode.unknown", unknown_mode, lines.get("/mode", (1, 1))[0])
    if ban_value:
        lines["/ban_list"] = (ban_value[1], 1)
    if deck_mode is None:
        problem("deck.mode.missing", _mode_missing(game, tr("a line {directive}", directive="'# mode: …'"), where), 1)
        return done()
    players: int | None = None
    if "players" in directives and game != "crossfire":
        problem("deck.schema", tr("{directive} is for {game} role sets", directive="'# players:'",
                                  game=_game("crossfire")), directives["players"][1])  # fmt: skip
    elif "players" in directives:  # without the line, no count (as a JSON role set without "players")
        value, line = directives["players"]
        lines["/players"] = (line, 1)
        players = _small_number(value)
        if players is None:
            problem(
                "deck.players.missing",
                tr("{directive} needs a number, not {value}", directive="'# players:'", value=repr(value)),
                line,
            )
    if parsed.over_limit:
        return done()
    try:
        loaded.deck = Deck(
            game=game,
            mode=deck_mode,
            name=deck_name,
            cards=cards,
            agents=agents if game == "tactics" else None,
            identity=identity,
            ban_list=ban_list_slug(ban_value[0]) if ban_value else None,  # an id or a name: the validator reads it
            players=players,
        )
    except ValidationError as exc:
        for err in exc.errors():
            ptr = pointer(*err["loc"][:1])
            if unknown_mode is not None and ptr == "/mode":
                continue  # said above, with the modes listed
            problem(
                "deck.schema",
                tr("{field}: {problem}", field="/".join(map(str, err["loc"])), problem=one_line(model_error(err))),
                lines.get(ptr, (1, 1))[0],
            )
    _over_size(loaded)
    problems.extend(loaded.findings)  # the limit's finding, if any: the rest are gathered in problems
    return done()


def _unplaced(game: str, text: str) -> str:
    """Why a line of a text list is not read, in its game's words: what lines the list is made of."""
    if game == "tactics":
        return tr("{text} was not read: it is not a card or agent line (1x Name) or the deck's name", text=text)
    if game == "crossfire":
        return tr("{text} was not read: it is not a role line (1x Name) or the role set's name", text=text)
    return tr("{text} was not read: it is not a card line (3x Name), the identity or the deck's name", text=text)


def _title(record: Any, lang: str) -> str:
    return one_line(str(record.name.zh_hans) if chinese(lang) else str(record.name.en or record.name.zh_hans))


def _sorted(records: list[tuple[Any, int]], lang: str) -> list[tuple[Any, int]]:
    return sorted(records, key=lambda rc: _title(rc[0], lang))


def _both_names(plain: str | None, chinese: str | None, english: str | None) -> str | dict[str, str] | None:
    """A deck's name from a list's lines: ``name`` (``plain``), ``name.zh-Hans`` and ``name.en``; a name in each
    language as a JSON deck's ({"zh-Hans": …, "en": …}) where two are given (``name`` is then the other
    language's), else the one given; None for none."""
    zh = chinese or (plain if english else None)
    en = english or (plain if chinese else None)
    if zh and en:
        return {"zh-Hans": zh, "en": en}
    return zh or en or plain


def _heading(group: str, n: int, lang: str) -> str:
    """A text list's heading with its count, in ``lang``'s brackets: ``Agents (2)``, ``特工（2）``."""
    # TRANSLATORS: a heading of a deck's text list with how many cards are under it
    return tc(lang, "deck heading", "{heading} ({n})", heading=group, n=n)


def deck_to_text(deck: Deck, lookup: Callable[[str], Any], lang: str = "zh-Hans") -> str:
    """Dossier's plain-text list: directives, then sections by kind, ``3x 名称`` lines; names and
    headings in ``lang`` (a heading has no count, so the reader skips it in either language)."""
    out = [f"# {line}" for line in name_lines(deck, lang)]
    out += [f"# game: {deck.game}", *(f"# {line}" for line in mode_lines(deck))]
    if deck.players is not None:
        out.append(f"# players: {deck.players}")
    if deck.identity is not None:
        record = lookup(deck.identity)
        out += ["", f"## {t(lang, 'Identity')}", f"1x {_title(record, lang) if record else deck.identity}"]
    if deck.agents:
        counts: dict[str, int] = {}
        for agent in deck.agents:
            counts[agent] = counts.get(agent, 0) + 1
        out += ["", f"## {_heading(t(lang, 'Agents'), len(deck.agents), lang)}"]
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
        groups.setdefault(_group_of(record, lang), []).append((record, count))
    for group in sorted(groups):
        members = groups[group]
        out += ["", f"## {_heading(group, sum(c for _, c in members), lang)}"]
        out += [f"{count}x {_title(record, lang)}" for record, count in _sorted(members, lang)]
    if unknown:
        out += ["", "## ?"] + [f"{count}x {card_id}" for card_id, count in unknown]
    return "\n".join(out) + "\n"


def _group_of(record: Any, lang: str) -> str:
    if record.game == "tactics":
        return word("type", str(record.category), lang)
    if record.game == "netrunner":
        return word("type", str(record.type), lang)
    return t(lang, "Roles")


# --------------------------------------------------------------------------
# OCTGN .o8d (the writers of nrdb, jinteki and o8d are in exports.py)


@dataclass
class _Element:
    """An XML element as the .o8d reader needs it: tag, attributes, text, where it starts."""

    tag: str
    attrs: dict[str, str]
    line: int
    column: int
    children: list[_Element] = field(default_factory=list)
    parts: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "".join(self.parts)


class _XmlRefused(Exception):
    """What a deck's XML holds that is refused: ``limit`` when it is past a limit (``deck.limit.xml``), not a
    construct a deck file never needs (``deck.o8d``)."""

    def __init__(self, message: str, line: int, column: int, *, limit: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.limit = limit


def _xml_error(exc: expat.ExpatError) -> str:
    """The parser's error in the current language: the XML ending too soon, else not well-formed where it is."""
    if exc.code == expat.errors.codes[expat.errors.XML_ERROR_NO_ELEMENTS]:
        return tr("the XML ends before its elements are closed (or holds none)")
    if exc.code == expat.errors.codes[expat.errors.XML_ERROR_UNKNOWN_ENCODING]:
        return tr("an encoding the XML parser does not know")
    return tr("not well-formed XML at line {line}, column {column}", line=exc.lineno, column=exc.offset + 1)


def _parse_xml(data: bytes) -> _Element:
    """Parse with expat, refusing what a deck file never needs: a DOCTYPE (so no entity can be
    declared, expanded or fetched) and elements nested deeper than MAX_XML_DEPTH."""
    parser = expat.ParserCreate(encoding="utf-8")
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.buffer_text = True
    stack: list[_Element] = []
    roots: list[_Element] = []

    def refuse(message: str, limit: bool = False) -> None:
        raise _XmlRefused(message, parser.CurrentLineNumber, parser.CurrentColumnNumber + 1, limit=limit)

    def start(tag: str, attrs: dict[str, str]) -> None:
        if len(stack) >= MAX_XML_DEPTH:
            refuse(tr("elements nested deeper than {n} levels (the limit)", n=MAX_XML_DEPTH), limit=True)
        element = _Element(tag, attrs, parser.CurrentLineNumber, parser.CurrentColumnNumber + 1)
        (stack[-1].children if stack else roots).append(element)
        stack.append(element)

    def end(tag: str) -> None:
        stack.pop()

    def data_handler(text: str) -> None:
        if stack:
            stack[-1].parts.append(text)

    def doctype(*args: Any) -> None:
        refuse(tr("a DOCTYPE: deck files are read without DTDs or entities"))

    def entity(*args: Any) -> Any:
        refuse(tr("an entity: deck files are read without DTDs or entities"))

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = data_handler
    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = entity
    parser.ExternalEntityRefHandler = entity
    parser.Parse(data, True)
    return roots[0]


def _read_o8d(
    path: Path, text: str, names: NameIndex, mode: str | None, default_modes: dict[str, str], where: Where
) -> LoadedDeck:
    loaded = LoadedDeck(path, None, lines={"": (1, 1)})
    file = str(path)

    def problem(code: str, message: str, line: int = 1, column: int = 1) -> None:
        loaded.findings.append(Finding(code, message, "error", file, None, line, column))

    if not names.lookup_all("netrunner"):
        game = _game("netrunner")
        message = tr("the card pool{pool} has no {game} cards; {hint}", pool=where.pool(), game=game, hint=where.hint)
        problem("deck.game.pool", message)
        return loaded
    try:
        root = _parse_xml(text.encode("utf-8"))
    except expat.ExpatError as exc:
        message = tr("invalid OCTGN deck XML: {problem}", problem=_xml_error(exc))
        problem("deck.o8d", message, exc.lineno, exc.offset + 1)
        return loaded
    except _XmlRefused as exc:
        code = "deck.limit.xml" if exc.limit else "deck.o8d"
        problem(code, tr("refused OCTGN deck XML: {problem}", problem=exc.message), exc.line, exc.column)
        return loaded
    except RecursionError:  # not expected: expat is not recursive and the depth is limited
        problem("deck.limit.xml", tr("refused OCTGN deck XML: {problem}", problem=tr("nested too deeply")))
        return loaded
    if root.tag != "deck":
        message = tr("the root element is {element}, not {deck}", element=f"<{one_line(root.tag)}>", deck="<deck>")
        problem("deck.o8d", message, root.line, root.column)
        return loaded
    by_guid: dict[str, Any] = {}
    for record in names.lookup_all("netrunner"):
        for guid in octgn_ids(record):
            by_guid.setdefault(guid, record)
    resolve = _Resolver(names)
    identity: str | None = None
    kept: Any = None  # the identity's record
    cards: dict[str, int] = {}
    total = 0
    unknown: list[Any] = []  # the <card>s no card is called: said once the identity is known (its side's offered)

    def say_unknown() -> None:
        side = record_side(kept) if kept is not None else None
        for card in unknown:
            title = one_line(card.text.strip())
            hint = resolve.hint(title, "netrunner", side)
            message = _no_such_name("netrunner", title, hint)
            problem("deck.card.unknown", message, card.line, card.column)
        if unknown:
            loaded.findings.sort(key=lambda f: f.line or 0)  # (each at its place among the others)
        unknown.clear()

    langs: list[str | None] = []
    read: set[int] = set()
    notes: dict[str, tuple[str, int]] = {}
    for child in root.children:
        if child.tag == "notes":
            for offset, note in enumerate(_LINE_BREAK.split(child.text)):
                key, _, value = note.partition(":")
                key = re.sub(r"^ban[ _-]?list$", "ban_list", key.strip().lower())
                if value.strip():
                    notes[key] = (one_line(value.strip()), child.line + offset)
        if child.tag != "section":
            continue
        for card in child.children:
            if card.tag != "card":
                continue
            read.add(id(card))
            title = one_line(card.text.strip())
            qty = card.attrs.get("qty", "1")
            count, why = _copies(qty.strip())
            if count is None:
                message = tr("{name} has qty {qty}: {problem}", name=repr(title), qty=repr(qty[:12]), problem=why)
                problem("deck.count", message, card.line, card.column)
                continue
            total += count
            if total > MAX_CARDS:
                message = tr(
                    "the deck holds more than {max} cards, the limit for a deck; the rest is not read", max=MAX_CARDS
                )
                problem("deck.limit.cards", message, card.line, card.column)
                say_unknown()
                return loaded
            record = by_guid.get(card.attrs.get("id", ""))
            if record is None:
                found = resolve.lookup(title, "netrunner")
                record = found[0] if len(found) == 1 else None
            if record is None:
                unknown.append(card)
                continue
            langs.append(name_language(title, record))
            if record.kind == "identity":
                if kept is not None:
                    problem("deck.identity.count", _another_identity(repr(title), kept), card.line, card.column)
                elif count != 1:
                    problem("deck.identity.count", _identity_copies(repr(title), count), card.line, card.column)
                kept = kept or record
                identity = kept.id
                loaded.lines.setdefault("/identity", (card.line, card.column))
            elif record.kind == "card":
                copies = cards.get(record.id, 0) + count
                if copies > MAX_COPIES:
                    message = tr(
                        "{name} comes to {n} copies; a deck holds at most {max} of a card",
                        name=repr(title),
                        n=copies,
                        max=MAX_COPIES,
                    )
                    problem("deck.count", message, card.line, card.column)
                    continue
                cards[record.id] = copies
                loaded.lines.setdefault(pointer("cards", record.id), (card.line, card.column))
            else:
                message = tr("{name} is {kind}, which does not go in a deck", name=repr(title),
                             kind=kind_with_article(record.kind))  # fmt: skip
                problem("deck.card.kind", message, card.line)
    stack = list(root.children)
    while stack:  # a <card> anywhere else is not read: say so
        element = stack.pop()
        if element.tag == "card" and id(element) not in read:
            title = one_line(element.text.strip())
            message = tr(
                "{name} is not read: a {card} belongs in a {section} of the {deck}",
                name=repr(title),
                card="<card>",
                section="<section>",
                deck="<deck>",
            )
            problem("deck.o8d", message, element.line)
        stack.extend(element.children)
    say_unknown()
    loaded.lang = majority(langs)
    mode_note, ban_note = notes.get("mode"), notes.get("ban_list")
    deck_mode = _text_mode(
        names, "netrunner", mode, mode_note[0] if mode_note else None, ban_note[0] if ban_note else None
    ) or default_modes.get("netrunner")
    if deck_mode is None:
        how = tr("a line {line} in its {notes}", line="'mode: …'", notes="<notes>")
        problem("deck.mode.missing", _mode_missing("netrunner", how, where))
        return loaded
    name_note = notes.get("name")
    for key, (_, line) in notes.items():
        if key in ("name", "mode", "name.en", "name.zh-hans", "ban_list"):
            loaded.lines.setdefault(f"/{key.split('.')[0]}", (line, 1))
    try:
        loaded.deck = Deck(
            game="netrunner",
            mode=deck_mode,
            name=_both_names(
                name_note[0] if name_note else None,
                notes["name.zh-hans"][0] if "name.zh-hans" in notes else None,
                notes["name.en"][0] if "name.en" in notes else None,
            )
            or path.stem,
            cards=cards,
            identity=identity,
            ban_list=ban_list_slug(ban_note[0]) if ban_note else None,
        )
    except ValidationError as exc:
        for err in exc.errors():
            ptr = pointer(*err["loc"][:1])
            line = loaded.lines.get(ptr, (1, 1))[0]
            message = tr("{field}: {problem}", field="/".join(map(str, err["loc"])), problem=one_line(model_error(err)))
            problem("deck.schema", message, line)
    loaded.findings.sort(key=lambda f: f.line or 0)
    return loaded


def render_deck(deck: Deck, fmt: str, lookup: Callable[[str], Any], **options: Any) -> str:
    """The deck in ``fmt`` (one of WRITE_FORMATS).

    Options: ``out`` and ``schema_dir`` (json: the relative "$schema"), ``lang`` (text),
    ``printing`` ("latest" or "oldest"; nrdb, o8d), ``game_record`` (nrdb: set names and
    order), ``influence`` (nrdb: (spent, limit) as validated), ``paid`` (nrdb: the validator's
    ``influence_by_card``), ``restricted`` (nrdb: ids), ``agenda`` (nrdb: the agenda points band),
    ``sets`` (nrdb: the format's card pool): :func:`toolkit.decks.exports.nrdb_options` gives the nrdb ones.
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
            paid=options.get("paid"),
            agenda=options.get("agenda"),
            sets=options.get("sets"),
        )
    if fmt == "jinteki":
        return deck_to_jinteki(deck, lookup)
    if fmt == "o8d":
        return deck_to_o8d(deck, lookup, printing=printing)
    raise DossierError(
        tr("unknown deck format {format}; formats: {formats}", format=repr(fmt), formats=", ".join(WRITE_FORMATS))
    )


__all__ = [
    "NETRUNNER_ONLY",
    "READ_FORMATS",
    "WRITE_FORMATS",
    "LoadedDeck",
    "MAX_CARDS",
    "MAX_COPIES",
    "MAX_DECK_BYTES",
    "detect_format",
    "octgn_id",
    "read_deck",
    "render_deck",
    "unresolved",
]
