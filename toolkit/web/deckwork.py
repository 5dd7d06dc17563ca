"""Deck work for the web: read a pasted or uploaded deck, validate, export, stats, odds, share codes.

Every step calls the library the CLI calls (:mod:`toolkit.decks`, :mod:`validators.deck`); this
module only adapts inputs (text in a request instead of a file) and outputs (dicts for JSON).
A deck given as text is read through :func:`toolkit.decks.read_deck` from a private temporary
file, so the web reports exactly the findings `dossier deck validate` reports for that file.
"""

from __future__ import annotations

import atexit
import base64
import contextlib
import itertools
import json
import os
import re
import shutil
import tempfile
import threading
import zlib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from toolkit.errors import DossierError, and_more
from toolkit.findings import Finding, finding_line, severity_word
from toolkit.i18n import N_, current_lang, name_of, t, tn, tr, word
from toolkit.i18n import namer as i18n_namer

MAX_TEXT = 256 * 1024  # the deck readers' own limit (toolkit.decks.formats.MAX_DECK_BYTES)
MEDIA = {
    "json": ("application/json", ".json"),
    "text": ("text/plain", ".txt"),
    "nrdb": ("text/plain", ".txt"),
    "jinteki": ("text/plain", ".txt"),
    "o8d": ("application/xml", ".o8d"),
}
FORMAT_NAMES = {
    "json": N_("Dossier JSON"),
    "text": N_("Text list"),
    "nrdb": N_("NetrunnerDB text"),
    "jinteki": N_("jinteki.net text"),
    "o8d": N_("OCTGN .o8d"),
}


def format_names(lang: str) -> dict[str, str]:
    """The deck formats read and written, by id, named in ``lang``."""
    return {fmt: t(lang, name) for fmt, name in FORMAT_NAMES.items()}


class DeckPoolView:
    """The card pool as the deck commands see it: rule index, name index, per-game lookups."""

    def __init__(self, records: list[Any]) -> None:
        from toolkit.decks import NameIndex
        from validators.deck import DeckPool

        self.records = records
        self.rules = DeckPool(records)
        self.names = NameIndex(records)
        self._crossfire_lock = threading.Lock()

    def lookup(self, game: str) -> Any:
        return self.rules.game(game).records.get

    def default_modes(self) -> dict[str, str]:
        """As `dossier deck`: netrunner lists default to the standard format, crossfire to its base mode."""
        return self.rules.default_modes()

    def crossfire(self) -> Any:
        """The crossfire rules of the pool (:class:`toolkit.engine.crossfire.Crossfire`), made on first use: what
        reads a mode's or a role's name as every other entry point reads it."""
        game = getattr(self, "_crossfire", None)
        if game is None:
            from toolkit.engine.crossfire import Crossfire

            with self._crossfire_lock:
                game = getattr(self, "_crossfire", None)
                if game is None:
                    game = self._crossfire = Crossfire.from_records(self.records)
        return game


def sniff_format(text: str, filename: str | None = None) -> str:
    """json, o8d or text: from the file name's extension when it has a known one, else from the content."""
    if filename:
        suffix = Path(filename).suffix.lower()
        if suffix == ".json":
            return "json"
        if suffix == ".o8d":
            return "o8d"
        if suffix == ".txt":
            return "text"
    head = text.lstrip("\ufeff \t\r\n")[:1]
    return "json" if head == "{" else "o8d" if head == "<" else "text"


def safe_name(filename: str | None, fmt: str) -> str:
    """A display name for findings (``deck.txt``, or the uploaded file's own base name)."""
    base = Path(filename or "").name.strip()
    if not base or len(base) > 100 or not base.isprintable() or base.startswith("."):
        base = "deck" + {"json": ".json", "o8d": ".o8d"}.get(fmt, ".txt")
    return base


_SERIAL = itertools.count()
_SCRATCH: list[Path] = []
_SCRATCH_LOCK = threading.Lock()


def _scratch() -> Path:
    """This process's private directory for deck text being read (made once: creating and removing a
    directory per request cost more than reading the deck). In /dev/shm when there is one."""
    with _SCRATCH_LOCK:
        if not _SCRATCH or not _SCRATCH[0].is_dir():
            base = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
            directory = Path(tempfile.mkdtemp(prefix="dossier-web-", dir=base))
            atexit.register(shutil.rmtree, directory, True)
            _SCRATCH[:] = [directory]
        return _SCRATCH[0]


def read_text(
    pool: DeckPoolView,
    text: str,
    *,
    filename: str | None = None,
    fmt: str | None = None,
    mode: str | None = None,
    shown: str | None = None,
    default_modes: dict[str, str] | None = None,
) -> Any:
    """A :class:`toolkit.decks.LoadedDeck` from deck text in any readable format; findings name ``shown``, else
    ``filename``, else "the pasted list" (never the name of the scratch file it is read from). A deck that names
    no mode is read in ``default_modes``'s mode of its game (default: the deck commands', ``pool.default_modes()``;
    printing passes its own, :func:`toolkit.sheets.selection.print_default_modes`)."""
    from toolkit.decks import read_deck

    fmt = fmt or sniff_format(text, filename)
    if fmt in ("nrdb", "jinteki"):
        fmt = "text"  # read by the text reader
    if fmt not in ("json", "text", "o8d"):
        raise DossierError(
            tr("unknown deck format {format}; formats: {formats}", format=repr(fmt), formats=", ".join(MEDIA))
        )
    data = text.encode("utf-8")
    if len(data) > MAX_TEXT:
        raise DossierError(tr("the deck is larger than {n} KiB, the limit for a deck file", n=MAX_TEXT // 1024))
    given = safe_name(filename, fmt)
    # a deck without a name line is named after its file's stem: the uploaded file's, else "New deck" (in the
    # request's language) -- so the file is written under that name, in a directory of its own
    stem = Path(given).stem if filename and given == Path(filename).name.strip() else tr("New deck")
    shown = shown or (given if filename else tr("the pasted list"))
    folder = _scratch() / str(next(_SERIAL))
    folder.mkdir(mode=0o700)
    path = folder / f"{stem}{ {'json': '.json', 'o8d': '.o8d'}.get(fmt, '.txt') }"
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError:  # a name the file system will not take (too long in bytes): the default name
        path = folder / f"deck{path.suffix}"
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        loaded = read_deck(
            path,
            pool.names,
            fmt=fmt,
            mode=mode,
            default_modes=pool.default_modes() if default_modes is None else default_modes,
            pool=tr("the server's card pool"),
            # (the command's hint names --cards and the settings, which a browser's user cannot give)
            pool_hint=tr("check the names: the server knows only the cards it was started with"),
        )
    finally:
        with contextlib.suppress(OSError):
            path.unlink()
        with contextlib.suppress(OSError):
            folder.rmdir()
    loaded.path = Path(shown)
    loaded.findings = [_renamed(f, str(path), shown) for f in loaded.findings]
    return loaded


def _renamed(finding: Finding, old: str, new: str) -> Finding:
    if finding.file != old:
        return finding
    return replace(finding, message=finding.message.replace(old, new), file=new)


def read_json_deck(pool: DeckPoolView, deck: dict[str, Any], default_modes: dict[str, str] | None = None) -> Any:
    """A LoadedDeck from a deck as JSON data (the builder's state), through the JSON reader. Its findings name "the
    deck" and its fields (their pointers), never a line and column: of text the user never wrote. ``default_modes``
    as :func:`read_text`'s."""
    text = json.dumps(deck, ensure_ascii=False)
    loaded = read_text(pool, text, fmt="json", shown=tr("the deck"), default_modes=default_modes)
    loaded.findings = [replace(f, line=None, column=None) for f in loaded.findings]
    loaded.source, loaded.lines = None, {}  # (the checks' findings after it are placed by their pointers only)
    return loaded


finding_text = finding_line  # (a finding as the pages tell it: as the commands do)


def finding_json(finding: Finding, lang: str | None = None) -> dict[str, Any]:
    data = finding.to_json()
    data["text"] = finding_text(finding, lang)
    data["severity_name"] = severity_word(finding.severity, lang or current_lang())
    return data


@dataclass
class Verdict:
    """What `deck validate` says of one deck: every finding, the summary line, legal or not."""

    findings: list[Finding]
    summary: str
    legal: bool
    deck: Any
    lang: str
    report: Any = None

    def to_json(self) -> dict[str, Any]:
        deck = self.deck.model_dump(by_alias=True, exclude_none=True) if self.deck is not None else None
        if deck is not None:
            deck.pop("$schema", None)
        return {
            "legal": self.legal,
            "summary": self.summary,
            "errors": sum(1 for f in self.findings if f.severity == "error"),
            "warnings": sum(1 for f in self.findings if f.severity == "warning"),
            "findings": [finding_json(f, self.lang) for f in self.findings],
            "deck": deck,
            "lang": self.lang,
        }


def namer(pool: DeckPoolView, game: str, lang: str) -> Any:
    return i18n_namer(pool.lookup(game), lang)


def validate(
    pool: DeckPoolView,
    loaded: Any,
    *,
    lang: str | None = None,
    mode: str | None = None,
    banlist: str | None = None,
    carried: list[Finding] | None = None,
) -> Verdict:
    """`dossier deck validate` for one read deck: the reader's findings, then the rules'; the summary line.
    ``carried``: findings of reading the list the deck came from (lines it could not place), kept and
    counted until the user fixes them. ``mode`` and ``banlist`` are read as the command reads ``--mode`` and
    ``--banlist`` (:func:`validators.deck.deck_under`: a mode by its id or its name in either language); one the
    deck's game or format lacks is refused (DossierError, one line) in the command's words."""
    from validators.deck import deck_under, summary_line, validate_deck

    language = lang or loaded.lang or "zh-Hans"
    findings: list[Finding] = list(carried or []) + [loaded.place(f) for f in loaded.findings]
    report = None
    deck = loaded.deck
    if deck is not None:
        ruled = deck_under(deck, pool.rules, pool.names, mode, banlist, options=False)
        report = validate_deck(deck, pool.rules, ruled.mode if mode is not None else None, banlist)
        findings += [loaded.locate(f) for f in report.findings]  # worded in the current language
    errors = sum(1 for f in findings if f.severity == "error")
    if report is not None and deck is not None:
        summary = summary_line(deck, report, errors, lang=language, name=namer(pool, deck.game, language))
    else:
        n = max(errors, 1)
        summary = tn(language, "illegal ({n} error)", "illegal ({n} errors)", n)
    return Verdict(findings, summary, errors == 0, deck, language, report)


def under_mode(pool: DeckPoolView, deck: Any, mode: str | None) -> Any:
    """``deck`` under ``mode`` (read as :func:`validate` reads it: an id or a name in either language); the deck
    itself for None. A mode its game lacks is refused (DossierError, one line) as :func:`validate` refuses it."""
    from validators.deck import deck_under

    return deck if mode is None else deck_under(deck, pool.rules, pool.names, mode, None, options=False)


def usable(loaded: Any, pool: DeckPoolView) -> Any:
    """The deck when it was read without an error and names only known records; else DossierError (one line)."""
    from toolkit.decks.formats import unresolved

    problems = loaded.errors()
    if loaded.deck is not None:
        problems += [loaded.locate(f) for f in unresolved(loaded.deck, pool.rules.game(loaded.deck.game).records)]
    if problems:
        if len(problems) > 1:
            raise DossierError(and_more(finding_text(problems[0]), len(problems) - 1))
        raise DossierError(finding_text(problems[0]))
    if loaded.deck is None:
        raise DossierError(tr("{path}: not a deck", path=loaded.path))
    return loaded.deck


def export(pool: DeckPoolView, deck: Any, fmt: str, *, lang: str = "zh-Hans", printing: str | None = None) -> str:
    """The deck in ``fmt`` (json, text, nrdb, jinteki, o8d), as `dossier deck convert --to FMT` writes it."""
    from toolkit.decks import WRITE_FORMATS, render_deck
    from toolkit.decks.exports import PRINTINGS, nrdb_options
    from validators.deck import validate_deck

    if fmt not in WRITE_FORMATS:
        raise DossierError(tr("format must be one of {formats}, not {format}", formats=", ".join(WRITE_FORMATS),
                              format=repr(fmt)))  # fmt: skip
    if printing is not None and printing not in PRINTINGS:
        raise DossierError(tr("printing must be one of {printings}, not {printing}", printings=", ".join(PRINTINGS),
                              printing=repr(printing)))  # fmt: skip
    game = pool.rules.game(deck.game)
    options: dict[str, Any] = {"lang": lang, "printing": printing}
    if fmt == "nrdb":  # what the footer and the lines say is what `deck validate` says
        options.update(nrdb_options(validate_deck(deck, pool.rules), game.game_record))
    return str(render_deck(deck, fmt, pool.lookup(deck.game), **options))


# a run of anything but letters and digits (any script's) and ``_``: one ``-`` in a file name
_NOT_A_NAME = re.compile(r"[^\w]+")


def export_filename(deck: Any, fmt: str) -> str:
    """A file name for a download, the same in every format but for the format's extension: the deck's name (in
    the current language; Chinese kept), each run of punctuation and spaces one ``-``, none at either end
    (``Fingers: Night Raid on the Archives``: ``Fingers-Night-Raid-on-the-Archives.txt``)."""
    stem = _NOT_A_NAME.sub("-", deck.title()).strip("-")[:60].rstrip("-")
    return (stem or "deck") + MEDIA[fmt][1]


def opening_hand(pool: DeckPoolView, deck: Any) -> int:
    game = pool.rules.game(deck.game).game_record
    if deck.game == "tactics":
        return int(game.opening_hand) if game else 3
    if deck.game == "netrunner":
        return int(game.hand_size) if game else 5
    raise DossierError(tr("crossfire role sets are dealt, not drawn; deal them on the Crossfire page"))


def stats(pool: DeckPoolView, deck: Any, lang: str) -> dict[str, Any]:
    """`deck stats` as data, with each key's label in ``lang`` for the charts; a netrunner deck's influence as
    `deck validate` counts it (the ban list's universal faction cost and global penalty included)."""
    from toolkit.decks.stats import GENERIC, count_titles, deck_stats, generic_label
    from validators.deck import UNIVERSAL, validate_deck

    data = deck_stats(deck, pool.lookup(deck.game), lang=lang)
    spent = validate_deck(deck, pool.rules).summary.get("influence") if deck.game == "netrunner" else None
    if spent is not None:
        data["influence"] = dict(sorted(spent[2].items()))
        data["influence_spent"], data["influence_limit"] = spent[0], spent[1]
    name = namer(pool, deck.game, lang)

    def label(key: str, value: str) -> str:
        if key == "by_type":
            return word("type", value, lang) if deck.game != "crossfire" else word("team", value, lang)
        if key == "influence" and value == UNIVERSAL:
            return t(lang, UNIVERSAL)
        if key in ("by_faction", "influence"):
            return generic_label(lang) if value == GENERIC else name(value)
        return value

    data["labels"] = {
        key: {k: label(key, k) for k in data[key]} for key in ("by_type", "by_faction", "cost_curve", "influence")
    }
    data["titles"] = {
        **count_titles(deck.game, lang),  # (by team, by agent: as `deck stats` titles them)
        "cost_curve": t(lang, "cost curve"),
        "influence": t(lang, "influence"),
        "agenda_points": t(lang, "agenda points"),
    }
    return data


def odds(
    pool: DeckPoolView, deck: Any, lang: str, *, turns: int = 5, per_turn: int = 1, hand: int | None = None
) -> dict[str, Any]:
    """`deck odds --format json`: the chance of having seen a copy of each card by each turn."""
    from toolkit.decks.stats import draw_odds, pile

    if not 0 <= turns <= 30:
        raise DossierError(tr("{name} must be {low}-{high}, not {value}", name="turns", low=0, high=30, value=turns))
    if not 0 <= per_turn <= 20:
        raise DossierError(
            tr("{name} must be {low}-{high}, not {value}", name="per_turn", low=0, high=20, value=per_turn)
        )
    if hand is not None and not 1 <= hand <= 100:
        raise DossierError(tr("{name} must be {low}-{high}, not {value}", name="hand", low=1, high=100, value=hand))
    opening = hand or opening_hand(pool, deck)
    deck, left = pile(deck, pool.lookup(deck.game))  # the draw pile, as `deck validate` counts the deck
    rows = draw_odds(deck, opening, turns, per_turn, pool.lookup(deck.game), lang=lang)
    name = namer(pool, deck.game, lang)
    return {
        "deck_size": deck.total(),
        **({"left_out": left} if left else {}),
        "hand": opening,
        "seen": [opening + per_turn * n for n in range(turns + 1)],
        "cards": [{"id": c, "name": name(c), "copies": n, "p": p} for c, n, p in rows],
    }


def sample(
    pool: DeckPoolView, deck: Any, lang: str, *, hand: int | None = None, seed: int | None = None
) -> list[dict[str, str]]:
    """`deck draw`: a sample opening hand."""
    from toolkit.decks.stats import sample_hand

    if hand is not None and not 1 <= hand <= 100:
        raise DossierError(tr("{name} must be {low}-{high}, not {value}", name="hand", low=1, high=100, value=hand))
    name = namer(pool, deck.game, lang)
    drawn = sample_hand(deck, hand or opening_hand(pool, deck), seed, pool.lookup(deck.game))
    return [{"id": c, "name": name(c)} for c in drawn]


# ---------------------------------------------------------------------- share codes


def share_code(deck: dict[str, Any]) -> str:
    """base64url (no padding) of the deck's compact JSON, deflated: the ``d=`` of a share URL."""
    data = {k: v for k, v in deck.items() if k != "$schema" and v not in (None, [], {})}
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def decode_share(code: str) -> dict[str, Any]:
    """The deck data of a share code; DossierError (one line) for a code that is not one."""
    if len(code) > 64 * 1024:
        raise DossierError(tr("the share code is too long"))
    try:
        packed = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_TEXT)
        if inflater.unconsumed_tail:
            raise ValueError("too large")
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, zlib.error, UnicodeDecodeError, RecursionError):  # RecursionError: absurdly deep nesting
        raise DossierError(tr("the share code is damaged: copy the whole link")) from None
    if not isinstance(data, dict):
        raise DossierError(tr("the share code does not hold a deck"))
    _check_shared(data)
    return data


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# the fields of a shared deck the builder reads, and what each must be when it is there (null: not there)
_SHARED_TYPES: dict[str, Any] = {
    "mode": lambda v: isinstance(v, str),
    "name": lambda v: isinstance(v, str) or (isinstance(v, dict) and all(isinstance(x, str) for x in v.values())),
    "description": lambda v: isinstance(v, str),
    "cards": lambda v: isinstance(v, dict) and all(_is_count(n) for n in v.values()),
    "agents": lambda v: isinstance(v, list) and all(isinstance(a, str) for a in v),
    "identity": lambda v: isinstance(v, str),
    "ban_list": lambda v: isinstance(v, str),
    "players": _is_count,
}


def _check_shared(data: dict[str, Any]) -> None:
    """Refuse, in one line, a shared deck the builder would misread: a game this server does not know (it would
    be dropped for the deck last open), a field of the wrong type (agents not a list, a count not a whole number:
    the page could not show it) or a card count out of the 1 to MAX_COPIES range."""
    from toolkit.decks.formats import MAX_COPIES
    from toolkit.models import GAMES

    game = data.get("game")
    if game not in GAMES:
        shown = repr(game[:40]) if isinstance(game, str) else tr("none")
        raise DossierError(tr("the share link is bad: its game {game} is none of {games}", game=shown,
                              games=", ".join(GAMES)))  # fmt: skip
    for field, fits in _SHARED_TYPES.items():
        if data.get(field) is not None and not fits(data[field]):
            raise DossierError(tr("the share link is bad: its field {field} does not hold what a deck's does",
                                  field=repr(field)))  # fmt: skip
    for card, count in (data.get("cards") or {}).items():  # (whole numbers, as _SHARED_TYPES has seen)
        if not 1 <= count <= MAX_COPIES:
            shown = str(count) if len(str(count)) <= 12 else str(count)[:12] + "…"
            raise DossierError(
                tr("the share link is bad: {count} copies of {card} is out of range (1 to {max})",
                   count=shown, card=repr(str(card)[:40]), max=MAX_COPIES)  # fmt: skip
            )


# ---------------------------------------------------------------------- builder choices


def builder_options(pool: DeckPoolView, lang: str, pools: dict[str, FormatPool] | None = None) -> dict[str, Any]:
    """What the builder offers per game: modes/formats (a netrunner format with the ids of the identities in
    its pool), identities (netrunner), agents (tactics), crossfire player counts and special roles. Names in
    ``lang``; ``pools``: :func:`format_pools` when the caller holds it."""
    if pools is None:
        pools = format_pools(pool)
    games: dict[str, Any] = {}
    for game in ("tactics", "netrunner", "crossfire"):
        gp = pool.rules.games.get(game)
        if gp is None:
            continue
        game_name = name_of(gp.game_record, lang) if gp.game_record is not None else game
        modes = []
        for mode in sorted(gp.modes.values(), key=lambda m: m.id):
            entry: dict[str, Any] = {"id": mode.id, "name": name_of(mode, lang), "kind": mode.kind}
            if game == "netrunner" and mode.id in pools:
                entry["identities"] = list(pools[mode.id].identities)
            if game == "crossfire":
                entry["players"] = sorted(c.players for c in mode.compositions)
                entry["specials"] = [
                    {
                        "id": s.role,
                        "name": name_of(gp.records[s.role], lang) if s.role in gp.records else s.role,
                        "players": [s.players.min, s.players.max] if s.players else None,
                    }
                    for s in mode.substitutions
                ]
            modes.append(entry)
        options: dict[str, Any] = {"name": game_name, "modes": modes}
        if game == "netrunner":
            named = namer(pool, game, lang)
            options["identities"] = [
                {
                    "id": r.id,
                    "name": name_of(r, lang),
                    "side": r.side,
                    "faction": r.faction,
                    "label": f"{name_of(r, lang)} · {word('side', r.side, lang)} · {named(r.faction)}",
                }
                for r in sorted(
                    (r for r in gp.records.values() if r.kind == "identity"), key=lambda r: (r.side, r.faction, r.id)
                )
            ]
            options["default_mode"] = pool.default_modes().get(game)
        if game == "tactics":
            options["agents"] = [
                {"id": r.id, "name": name_of(r, lang), "private": bool(getattr(r, "private", False))}
                for r in sorted(gp.records.values(), key=lambda r: r.id)
                if r.kind == "agent"
            ]
        if game == "crossfire":
            options["default_mode"] = pool.default_modes().get(game)
        games[game] = options
    return games


def role_set(pool: DeckPoolView, mode_id: str, players: int, specials: list[str]) -> dict[str, int]:
    """The crossfire role set for ``players`` with ``specials`` joining (`deck new --game crossfire`). The mode and
    the special roles are read as the CLI reads them (:meth:`~toolkit.engine.crossfire.Crossfire.mode`,
    :meth:`~toolkit.engine.crossfire.Crossfire.special_id`): an id, or a name in either language, any case; an
    unknown one is told as unknown (with the names closest to it), not as a role that cannot join."""
    from toolkit.models.crossfire import role_set as make

    game = pool.crossfire()
    mode = pool.rules.game("crossfire").modes.get(game.mode(mode_id).id)  # (RequestError: one line, a 400)
    if mode is None:  # (not reached: the engine's modes are the pool's)
        raise DossierError(tr("crossfire has no mode {mode}", mode=repr(mode_id)))
    specials = [game.special_id(special) for special in specials]
    records = pool.lookup("crossfire")

    def word(role_id: str) -> str:  # a role inside a message: its name in the request's language, as `deck new`
        record = records(role_id)
        return name_of(record, current_lang()) if getattr(record, "name", None) is not None else repr(role_id)

    try:
        return dict(make(mode, players, specials, word))
    except ValueError as exc:
        raise DossierError(str(exc)) from None


# ---------------------------------------------------------------------- the builder's one call per change


def deck_rows(pool: DeckPoolView, deck: Any, lang: str) -> list[dict[str, Any]]:
    """The deck's cards for the list: id, name, count, group (type / category / team) and its word, cost."""
    from toolkit.decks.stats import group_key, printed_cost

    lookup = pool.lookup(deck.game)
    rows = []
    for card_id, count in deck.cards.items():
        record = lookup(card_id)
        if record is None:
            rows.append({"id": card_id, "name": card_id, "count": count, "group": "?", "group_name": "?", "cost": None})
            continue
        group = group_key(record)
        kind = "team" if deck.game == "crossfire" else "type"
        try:  # as `show`, `search` and the cost curve say it (a tactics mortgage as -X)
            cost = printed_cost(record)
        except (AttributeError, TypeError, ValueError):
            cost = None
        rows.append(
            {
                "id": card_id,
                "name": name_of(record, lang),
                "count": count,
                "group": group,
                "group_name": word(kind, group, lang),
                "cost": cost,
                "faction": getattr(record, "faction", None) or getattr(record, "agent", None),
                "influence": getattr(record, "influence", None),
            }
        )
    rows.sort(key=lambda r: (str(r["group_name"]), str(r["name"])))
    return rows


def analyze(
    pool: DeckPoolView,
    loaded: Any,
    lang: str,
    *,
    turns: int = 5,
    per_turn: int = 1,
    banlist: str | None = None,
    carried: list[Finding] | None = None,
    mode: str | None = None,
) -> dict[str, Any]:
    """Everything the builder shows for one state of the deck: the verdict (findings, summary), the list
    with names and influence spent per row, stats, draw odds and the share code; stats and odds only when
    the deck's cards are known. ``mode``: as :func:`validate`'s (the deck's verdict, stats and odds under it)."""
    verdict = validate(pool, loaded, lang=lang, mode=mode, banlist=banlist, carried=carried)
    out = verdict.to_json()
    deck = loaded.deck
    out["share"] = share_code(out["deck"]) if out["deck"] else None
    out["rows"] = deck_rows(pool, deck, lang) if deck is not None else []
    out["influence"] = None
    if deck is not None and verdict.report is not None:
        spent = row_influence(pool, deck, verdict.report, banlist)
        for row in out["rows"]:
            row["influence_spent"] = spent.get(row["id"], 0)
        total = verdict.report.summary.get("influence")
        if total is not None:
            out["influence"] = {"spent": total[0], "limit": total[1]}
    out["stats"] = out["odds"] = None
    out["extra"] = {}
    if deck is not None:
        try:
            ready = usable(loaded, pool)
        except DossierError as exc:
            out["not_ready"] = exc.message
        else:
            ready = under_mode(pool, ready, mode)
            out["stats"] = stats(pool, ready, lang)
            if deck.game != "crossfire" and deck.total() > 0:
                out["odds"] = odds(pool, ready, lang, turns=turns, per_turn=per_turn)
        lookup = pool.lookup(deck.game)
        if deck.identity:
            identity = lookup(deck.identity)
            if identity is not None:
                out["extra"]["identity"] = {
                    "id": identity.id,
                    "name": name_of(identity, lang),
                    "side": getattr(identity, "side", None),
                    "faction": getattr(identity, "faction", None),
                    "min_deck_size": getattr(identity, "min_deck_size", None),
                    "influence_limit": getattr(identity, "influence_limit", None),
                }
        if deck.agents:
            out["extra"]["agents"] = [
                {"id": a, "name": name_of(lookup(a), lang) if lookup(a) is not None else a} for a in deck.agents
            ]
    return out


# ---------------------------------------------------------------------- format pools, scoped search, influence


@dataclass(frozen=True)
class FormatPool:
    """What one netrunner format lets a deck hold: its sets (None: every set), the identities in its pool (not
    the starter game's), and the cards its ban list in force bans."""

    id: str
    sets: frozenset[str] | None
    identities: tuple[str, ...]
    banned: frozenset[str]

    def holds(self, record: Any) -> bool:
        """``record`` is in this format's pool (a printing in one of its sets; not for the starter game only)."""
        if getattr(record, "starter_only", False):
            return False
        if self.sets is None:
            return True
        if getattr(record, "set", None) in self.sets:
            return True
        return any(p.set in self.sets for p in getattr(record, "printings", None) or [])


def format_pools(pool: DeckPoolView) -> dict[str, FormatPool]:
    """Every netrunner format's :class:`FormatPool`, by id (the web computes it once per card-pool generation)."""
    gp = pool.rules.games.get("netrunner")
    if gp is None:
        return {}
    identities = sorted(
        (r for r in gp.records.values() if r.kind == "identity"), key=lambda r: (r.side, r.faction, r.id)
    )
    out: dict[str, FormatPool] = {}
    for mode in gp.modes.values():
        if getattr(mode, "kind", None) != "format":
            continue
        sets = frozenset(mode.sets) if getattr(mode, "sets", None) is not None else None
        probe = FormatPool(mode.id, sets, (), frozenset())
        ban = _ban_in_force(mode)
        out[mode.id] = FormatPool(
            mode.id,
            sets,
            tuple(r.id for r in identities if probe.holds(r)),
            frozenset(ban.banned) if ban is not None else frozenset(),
        )
    return out


def _ban_in_force(mode: Any, banlist: str | None = None) -> Any:
    """The ban list a netrunner format applies (``banlist``, else the one in force), or None."""
    from validators.deck import _ban_list

    if mode is None or getattr(mode, "kind", None) != "format":
        return None
    try:
        return _ban_list(mode, banlist)[0]
    except (KeyError, ValueError, LookupError):
        return None


def influence_cost(card: Any, identity: Any) -> int:
    """The influence one copy of ``card`` costs a deck of ``identity``: its influence out of the identity's
    faction (neutral cards too, as the rules count them: theirs is nearly always 0), none in it."""
    if identity is None or getattr(card, "faction", None) == identity.faction:
        return 0
    return int(getattr(card, "influence", 0) or 0)


def playable(card: Any, identity: Any, lookup: Any) -> bool:
    """A card a deck of ``identity`` may hold, as the deck validator reads the identity's own rules: its side, no
    card of a faction the identity forbids (``forbid_faction``), and no other faction's agenda (neutral ones are
    fine) unless the identity takes them (``out_of_faction_agendas``: its cap counts titles, so each is offered)."""
    from validators.deck import forbidden_factions, other_faction_agendas

    if identity is None:
        return True
    faction = lookup(card.faction) if getattr(card, "faction", None) else None
    side = getattr(card, "side", None) or getattr(faction, "side", None)
    if side is not None and side != identity.side:
        return False
    rules = getattr(identity, "deck_rules", None) or []
    if getattr(card, "faction", None) in forbidden_factions(rules):
        return False
    if getattr(card, "type", None) == "agenda" and card.faction != identity.faction:
        return bool(faction is not None and getattr(faction, "neutral", False)) or other_faction_agendas(rules)[0]
    return True


def row_influence(pool: DeckPoolView, deck: Any, report: Any, banlist: str | None = None) -> dict[str, int]:
    """Influence spent on each row of a netrunner deck, as `deck validate` counts it (the identity's free
    copies, the ban list's universal faction cost); the rows sum to its influence total."""
    if deck.game != "netrunner" or not deck.identity:
        return {}
    counted = getattr(report, "summary", {}).get("influence_by_card") if report is not None else None
    if counted is not None:  # as the validator counted each card (alliance cards whose condition is met: none)
        return dict(counted)
    lookup = pool.lookup("netrunner")
    identity = lookup(deck.identity)
    if identity is None or identity.kind != "identity":
        return {}
    free = {r.type: r.copies for r in identity.deck_rules or [] if r.rule == "influence_free"}
    ban = getattr(report, "ban", None) or _ban_in_force(getattr(report, "mode", None), banlist)
    universal = getattr(ban, "universal_faction_cost", None) or {}
    spent: dict[str, int] = {}
    for card_id, copies in deck.cards.items():
        card = lookup(card_id)
        if card is None or card.kind != "card":
            continue
        cost = influence_cost(card, identity)
        paid = cost * max(0, copies - free.get(card.type, 0)) if free else cost * copies
        paid += universal.get(card_id, 0) * copies
        if paid:
            spent[card_id] = paid
    return spent


# ---------------------------------------------------------------------- lines a list could not place

READING_CODES = frozenset(
    {
        "deck.line.unplaced",
        "deck.card.unknown",
        "deck.card.ambiguous",
        "deck.card.kind",
        "deck.count",
        "deck.identity.count",
    }
)


def carried_findings(items: list[dict[str, Any]]) -> list[Finding]:
    """The builder's findings of reading a pasted list, sent back with each change until fixed: reading codes
    only, each an error at its line of ``deck.txt`` (or the file's own name)."""
    out = []
    for item in items[:200]:
        code = str(item.get("code") or "deck.line.unplaced")
        if code not in READING_CODES:
            code = "deck.line.unplaced"
        line = item.get("line")
        message = " ".join(str(item.get("message") or "").split())[:600]
        if not isinstance(line, int) or isinstance(line, bool) or not 1 <= line <= 1_000_000 or not message:
            continue
        file = str(item.get("file") or "deck.txt")[:100]
        out.append(Finding(code, message, "error", file, None, line, 1))
    return out
