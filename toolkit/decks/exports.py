"""Netrunner decks as other tools write them: NetrunnerDB's text file, jinteki.net's list, OCTGN's .o8d.

Each writer produces what that tool itself produces, so the file loads there:

- ``nrdb``: NetrunnerDB's plain-text download (its ``text/plain`` deck export). The deck's
  name as typed, on one line (the English name of a deck named in both languages), as the
  plain-text export on NetrunnerDB's deck page writes it. (The download writes there the
  name spelt for a file name, and NetrunnerDB's file import names a deck by the file's name,
  never by that line; read back, that spelling would be the deck's name, so the line keeps the
  name as typed.) Then the identity with its set, then one section
  per card type in NetrunnerDB's order with the count of cards, one line per title as
  ``3x Title (Set Name) ••``: the set of the printing (the latest by default, of the format's
  card pool where the card has one there), a dot per point of influence the copies cost
  as the deck validator counts it (a space after every fifth, ``♘`` first for a restricted
  card). Then the footer: influence spent (max, available), agenda points and their band
  for a corp deck, the card count and the identity's minimum, ``Cards up to`` the newest
  set the deck uses, and the deck's ``Format:`` and ``Ban list:`` (when it names one),
  which Dossier reads back. A name the text reader would take for something else (a card
  line ``3x Rush``, a heading, a footer line) is not the first line but the last, ``# name: …``.
- ``jinteki``: what jinteki.net's deck editor takes: ``3 Title`` per card, typographic
  apostrophes and quotes made straight. The identity is not in the list (the editor
  chooses it apart, and an identity line would count as a card).
- ``o8d``: OCTGN's deck XML: sections ``Identity`` and ``R&D / Stack``, each card's
  OCTGN id ``bc0f047c-01b1-427f-a439-d451eda`` + its five-digit NetrunnerDB code, and the
  notes. OCTGN's card database holds the original printings, so the oldest printing's
  code is written by default.

Set names and their order come from the netrunner game record's ``sets`` (imported
data); without them a set id reads as a title (``system_gateway`` → System Gateway)
and sets are ordered by printing code.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from toolkit.errors import DossierError
from toolkit.i18n import chinese, current_lang, tr, word
from toolkit.models.deck import Deck

OCTGN_NETRUNNER_GAME = "0f38e453-26df-4c04-9d67-6d43de939c77"
OCTGN_CARD_PREFIX = "bc0f047c-01b1-427f-a439-d451eda"
DOSSIER_UUID_NAMESPACE = uuid.UUID("5f3c52a4-6d0e-4b0e-9a51-3c1c8f2f7d10")
PRINTINGS = ("latest", "oldest")
DEFAULT_PRINTING = {"nrdb": "latest", "jinteki": "latest", "o8d": "oldest"}

# NetrunnerDB's sections, in the order its text export writes them; ice by its last matching
# subtype in (barrier, code gate, sentry), programs with the icebreaker subtype apart.
NRDB_SECTIONS = ("Event", "Hardware", "Resource", "Icebreaker", "Program",
                 "Agenda", "Asset", "Upgrade", "Operation", "Barrier", "Code Gate", "Sentry", "Ice")  # fmt: skip
ICE_SECTIONS = (("barrier", "Barrier"), ("code_gate", "Code Gate"), ("sentry", "Sentry"))
DOT = "•"
RESTRICTED_MARK = "♘"
_SMALL_WORDS = frozenset(["a", "an", "and", "at", "by", "for", "in", "of", "on", "or", "the", "to", "with"])
_STRAIGHT = str.maketrans({"ʼ": "'", "’": "'", "‘": "'", "“": '"', "”": '"'})
# Line breaks, other control characters, lone surrogates and the two non-characters XML refuses.
_NOT_ONE_LINE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]")


def one_line(text: str) -> str:
    """``text`` as one line of a list, an XML text or a message: each line break or other control
    character a space, so a name can never start a line of its own (nor make a file invalid)."""
    return _NOT_ONE_LINE.sub(" ", text)


def visible(text: str) -> str:
    """``text`` for a one-line message: each line break or other control character written as its
    escape (``\\n``, ``\\x1e``), as a pointer into a document with such a key must be shown."""
    return _NOT_ONE_LINE.sub(lambda m: m.group().encode("unicode_escape", "backslashreplace").decode("ascii"), text)


@dataclass(frozen=True)
class Slot:
    """One title of the deck as an export writes it: the record, its copies and the chosen printing."""

    record: Any
    count: int
    set_id: str | None
    code: str | None


def title(record: Any) -> str:
    """The English title (the other tools are English), the Chinese name where there is none."""
    return one_line(str(record.name.en or record.name.zh_hans))


def netrunner_only(deck: Deck, fmt: str) -> None:
    if deck.game != "netrunner":
        lang = current_lang()
        raise DossierError(
            tr("the {format} format is for {game} decks; this deck is for {other}", format=fmt,
               game=word("game", "netrunner", lang), other=word("game", deck.game, lang))
        )  # fmt: skip


def choose_printing(
    record: Any, which: str = "latest", sets: Collection[str] | None = None
) -> tuple[str | None, str | None]:
    """(set id, printing code) of the latest or oldest printing; the record's ``set`` without printings. With
    ``sets`` (a format's card pool), of the printings in those sets when it has any: a deck of an old format is
    written with the printings that format knew."""
    if which not in PRINTINGS:
        raise DossierError(
            tr("{option} must be one of {choices}, not {value}", option="--printing", choices=tr(", ").join(PRINTINGS),
               value=repr(which))
        )  # fmt: skip
    printings = list(getattr(record, "printings", None) or [])
    if sets is not None:
        printings = [p for p in printings if p.set in sets] or printings
    if printings:
        chosen = printings[-1] if which == "latest" else printings[0]
        return str(chosen.set), str(chosen.code)
    return getattr(record, "set", None), None


def slots(
    deck: Deck, lookup: Callable[[str], Any], which: str, sets: Collection[str] | None = None
) -> tuple[Slot | None, list[Slot]]:
    """The identity's slot and the cards' slots (printings in ``sets`` where a card has one: see
    :func:`choose_printing`); a card missing from the pool is an error."""
    identity = None
    if deck.identity is not None:
        record = lookup(deck.identity)
        if record is None:
            raise DossierError(tr("identity {id} is not in the card pool", id=repr(deck.identity)), exit_code=1)
        identity = Slot(record, 1, *choose_printing(record, which, sets))
    cards = []
    for card_id, count in deck.cards.items():
        record = lookup(card_id)
        if record is None:
            raise DossierError(tr("card {id} is not in the card pool", id=repr(card_id)), exit_code=1)
        cards.append(Slot(record, count, *choose_printing(record, which, sets)))
    return identity, cards


class SetNames:
    """Names and release order of card sets, from the game record's ``sets`` where it has them."""

    def __init__(self, game_record: Any = None) -> None:
        known = list(getattr(game_record, "sets", None) or [])
        self._names = {s.id: str(s.name.en or s.name.zh_hans) for s in known}
        self._order = {s.id: i for i, s in enumerate(known)}

    def name(self, set_id: str | None) -> str:
        if set_id is None:
            return "Unknown Set"
        if set_id in self._names:
            return self._names[set_id]
        words = set_id.split("_")
        return " ".join(w if i and w in _SMALL_WORDS else w[:1].upper() + w[1:] for i, w in enumerate(words))

    def newest(self, chosen: Iterable[Slot]) -> str | None:
        """The set released last among the slots' printings (by the game record's order, else by code)."""

        def rank(slot: Slot) -> tuple[int, int, str]:
            code = slot.code or ""
            return (self._order.get(slot.set_id or "", -1), int(code) if code.isdigit() else -1, slot.set_id or "")

        ordered = sorted((s for s in chosen if s.set_id is not None), key=rank)
        return ordered[-1].set_id if ordered else None


def nrdb_section(record: Any) -> str:
    if record.type == "ice":
        found = [label for subtype, label in ICE_SECTIONS if subtype in record.subtypes]
        return found[-1] if found else "Ice"
    if record.type == "program" and "icebreaker" in record.subtypes:
        return "Icebreaker"
    return str(record.type).capitalize()


def by_section(cards: list[Slot]) -> list[tuple[str, list[Slot]]]:
    """Sections in NetrunnerDB's order, titles sorted within each."""
    groups: dict[str, list[Slot]] = {}
    for slot in cards:
        groups.setdefault(nrdb_section(slot.record), []).append(slot)
    return [
        (section, sorted(groups[section], key=lambda s: title(s.record)))
        for section in NRDB_SECTIONS
        if section in groups
    ]


def influence_cost(slot: Slot, identity: Any) -> int:
    """Influence the copies cost, as NetrunnerDB counts it per line: other factions' cards (neutral ones with a
    cost too), less the identity's free copies of a type (``influence_free``)."""
    record = slot.record
    if identity is None or record.faction == identity.faction or not record.influence:
        return 0
    free = sum(
        r.copies for r in getattr(identity, "deck_rules", []) if r.rule == "influence_free" and r.type == record.type
    )
    return int(record.influence) * max(0, slot.count - free)


def name_lines(deck: Deck, lang: str) -> list[str]:
    """The lines that name ``deck`` in a list (``name: …``): the name in ``lang`` first, the other language's on a
    line of its own (``name.en: …`` / ``name.zh-Hans: …``) for a name in each language."""
    name = deck.name
    if isinstance(name, str) or not name.en:
        return [f"name: {one_line(deck.title(lang))}"]
    if not chinese(lang):  # English, and any language but Chinese (a catalog's: fr)
        return [f"name: {one_line(name.en)}", f"name.zh-Hans: {one_line(name.zh_hans)}"]
    return [f"name: {one_line(name.zh_hans)}", f"name.en: {one_line(name.en)}"]


def mode_lines(deck: Deck) -> list[str]:
    """The lines that name the format of ``deck`` in a list (``mode: …``) and the ban list it names (``ban_list:
    …``), if any."""
    return [f"mode: {deck.mode}", *([f"ban_list: {deck.ban_list}"] if deck.ban_list is not None else [])]


def influence_marks(influence: int, restricted: bool) -> str:
    """``♘ ••••• •``: the restricted mark, then a dot per point with a space before every fifth."""
    marks = RESTRICTED_MARK if restricted else ""
    for i in range(influence):
        marks += (" " if i % 5 == 0 else "") + DOT
    return marks.strip()


def nrdb_options(report: Any, game_record: Any = None) -> dict[str, Any]:
    """The options of :func:`deck_to_nrdb` from the deck validator's report of the deck
    (:class:`validators.deck.DeckReport`), so that the export says what ``deck validate`` says: influence spent
    and the limit (the ban list's global penalty and universal faction cost included), each card's influence,
    the agenda points band, the restricted cards of the ban list the deck is checked under, and the format's
    card pool for the printings."""
    summary = report.summary
    spent = summary.get("influence")
    band = summary.get("agenda_points")
    ban = getattr(report, "ban", None)
    mode = getattr(report, "mode", None)
    return {
        "game_record": game_record,
        "influence": spent[:2] if spent else None,
        "paid": summary.get("influence_by_card"),
        "agenda": band[1:] if band else None,
        "restricted": set(ban.restricted) if ban is not None else set(),
        "sets": getattr(mode, "sets", None),
    }


def deck_to_nrdb(
    deck: Deck,
    lookup: Callable[[str], Any],
    *,
    printing: str = DEFAULT_PRINTING["nrdb"],
    game_record: Any = None,
    influence: tuple[int, int | None] | None = None,
    restricted: Iterable[str] = (),
    paid: Mapping[str, int] | None = None,
    agenda: tuple[int, int] | None = None,
    sets: Collection[str] | None = None,
) -> str:
    """NetrunnerDB's plain-text deck export.

    ``influence`` is (spent, limit) as the deck validator counted it (ban-list costs
    included, the limit lowered by a global penalty); without it the lines' influence is
    summed and the identity's limit used. ``paid``: the influence the validator counted for
    each card (``influence_by_card``, universal faction cost included): a line shows its dots,
    and a line of any other card shows none (an alliance card whose condition the deck meets).
    ``agenda``: the agenda points band the validator asks for (:func:`validators.deck.agenda_band`).
    ``sets``: the format's card pool, whose printings are written (:func:`choose_printing`).
    :func:`nrdb_options` gives all of these from the validator's report. The footer ends
    with the deck's format and the ban list it names, so that the file reads back to the
    same deck.
    """
    netrunner_only(deck, "nrdb")
    identity, cards = slots(deck, lookup, printing, sets)
    if identity is None:
        raise DossierError(tr("the {format} format starts with the identity; this deck has none", format="nrdb"),
                           exit_code=1)  # fmt: skip
    set_names = SetNames(game_record)
    held = set(restricted)
    ident = identity.record
    name = one_line(deck.title("en")).strip()
    first = [name] if _reads_back_as_name(name) else []  # else `# name:` last (see below)
    out = [*first, f"{title(ident)} ({set_names.name(identity.set_id)})"]
    lines_spent = 0
    for section, members in by_section(cards):
        out += ["", f"{section} ({sum(s.count for s in members)})"]
        for slot in members:
            cost = paid.get(slot.record.id, 0) if paid is not None else influence_cost(slot, ident)
            lines_spent += cost
            marks = influence_marks(cost, slot.record.id in held)
            out.append(f"{slot.count}x {title(slot.record)} ({set_names.name(slot.set_id)}) {marks}")
    spent, limit = influence if influence is not None else (lines_spent, ident.influence_limit)
    size = sum(s.count for s in cards)
    out.append("")
    if limit is None:
        out.append(f"{spent} influence spent (max infinite, available 0)")
    else:
        out.append(f"{spent} influence spent (max {limit}, available {limit - spent})")
    if ident.side == "corp":
        points = sum(s.record.agenda_points * s.count for s in cards if s.record.type == "agenda")
        low, high = agenda or _agenda_band(size, ident.min_deck_size)
        out.append(f"{points} agenda points (between {low} and {high})")
    out.append(f"{size} cards (min {ident.min_deck_size})")
    newest = set_names.newest([identity, *cards])
    out.append(f"Cards up to {set_names.name(newest)}")
    out.append(f"Format: {deck.mode}")
    if deck.ban_list is not None:
        out.append(f"Ban list: {deck.ban_list}")
    if not first:  # a name that would read as a card, a heading or the footer: said as a list says it
        out.append(f"# name: {name}")
    return "\n".join(out) + "\n"


def _reads_back_as_name(line: str) -> bool:
    """Whether ``line`` (a deck's name) above the identity reads back as the deck's name, as the text reader reads
    the first line (:mod:`toolkit.decks.formats`): not a card line (``3x Rush``), a comment or heading (``# …``), a
    section (``Event (3)``) or a footer line (``Format: …``, ``Cards up to …``)."""
    from toolkit.decks import formats  # (it imports this module)

    parsed = formats._parse_lines(line)
    return parsed.free == [(1, line)] and not formats._is_section(line) and bool(line.strip("-=*_~ \t"))


def _agenda_band(size: int, minimum: int) -> tuple[int, int]:
    """The agenda points band when no validator's is given: :func:`validators.deck.agenda_band`'s rule (a deck
    smaller than the minimum counted at the minimum)."""
    low = max(size, minimum) // 5 * 2 + 2
    return low, low + 1


def deck_to_jinteki(deck: Deck, lookup: Callable[[str], Any]) -> str:
    """jinteki.net's deck list: ``3 Title`` per card, in NetrunnerDB's section order; no identity line."""
    netrunner_only(deck, "jinteki")
    _, cards = slots(deck, lookup, DEFAULT_PRINTING["jinteki"])
    out = [f"{s.count} {title(s.record).translate(_STRAIGHT)}" for _, members in by_section(cards) for s in members]
    return "\n".join(out) + "\n"


def octgn_id(record: Any, code: str | None = None) -> str:
    """OCTGN's card GUID: the NetrunnerDB code after OCTGN's prefix; a stable UUID for a card without one."""
    if code is None:
        code = choose_printing(record, DEFAULT_PRINTING["o8d"])[1]
    if code is not None and code.isdigit() and len(code) <= 5:  # a GUID ends in 12 hex digits
        return f"{OCTGN_CARD_PREFIX}{code.zfill(5)}"
    return str(uuid.uuid5(DOSSIER_UUID_NAMESPACE, f"{record.game}:{record.id}"))


def octgn_ids(record: Any) -> list[str]:
    """Every GUID ``record`` may have in an .o8d file: one per printing, or the stand-in UUID."""
    ids = [octgn_id(record, str(p.code)) for p in getattr(record, "printings", None) or []]
    return ids or [octgn_id(record)]


def _cdata(text: str) -> str:
    return "<![CDATA[" + text.replace("]]>", "]]]]><![CDATA[>") + "]]>"


def deck_to_o8d(deck: Deck, lookup: Callable[[str], Any], *, printing: str = DEFAULT_PRINTING["o8d"]) -> str:
    """OCTGN's deck file, laid out as NetrunnerDB writes it; the notes keep the deck's name and format."""
    from xml.sax.saxutils import escape, quoteattr  # (here: it imports urllib.request, 45 ms a command)

    netrunner_only(deck, "o8d")
    identity, cards = slots(deck, lookup, printing)

    def card(slot: Slot) -> str:
        guid = quoteattr(octgn_id(slot.record, slot.code))
        return f'    <card qty="{slot.count}" id={guid}>{escape(title(slot.record))}</card>'

    out = [
        '<?xml version="1.0" encoding="utf-8" standalone="yes"?>',
        f'<deck game="{OCTGN_NETRUNNER_GAME}">',
        '  <section name="Identity">',
        *([card(identity)] if identity is not None else []),
        "  </section>",
        '  <section name="R&amp;D / Stack">',
        *[card(slot) for _, members in by_section(cards) for slot in members],
        "  </section>",
        f"  <notes>{_cdata(chr(10).join([*name_lines(deck, 'en'), *mode_lines(deck)]))}</notes>",
        "</deck>",
    ]
    return "\n".join(out) + "\n"


def restricted_ids(mode: Any, ban_list: str | None = None) -> set[str]:
    """Ids restricted by a netrunner format's ban list in force (or ``ban_list``), or by its inline list."""
    if mode is None:
        return set()
    wanted = ban_list or getattr(mode, "ban_list", None)
    for listed in getattr(mode, "ban_lists", None) or []:
        if listed.id == wanted:
            return set(listed.restricted)
    return set(getattr(mode, "restricted", None) or [])


__all__ = [
    "DEFAULT_PRINTING",
    "OCTGN_CARD_PREFIX",
    "OCTGN_NETRUNNER_GAME",
    "PRINTINGS",
    "SetNames",
    "deck_to_jinteki",
    "deck_to_nrdb",
    "deck_to_o8d",
    "mode_lines",
    "nrdb_options",
    "octgn_id",
    "one_line",
    "visible",
    "octgn_ids",
    "restricted_ids",
]
