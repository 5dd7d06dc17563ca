"""Turn validated records into table rows: tuples in each table's column order, ready for executemany.

One :class:`RowSet` per record: its ``records`` row, its game's attribute row,
names, abilities, subtypes, printings, format lists and format card pools, and
the Chinese characters and pairs its text index holds. No row carries the
record's primary key (the first column of every per-record table): keys follow
display order (:func:`sort_key`), known only when every record has been read, so
the build puts them in front as it writes (see :mod:`toolkit.db.build`).
Vocabulary rows (``terms``) come from the game, faction, agent and mode records
(:class:`Terms`). Names are also written folded (:func:`toolkit.names.fold`),
the key deck lists and ``dossier show`` resolve names by, so the database finds
what they find.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping
from typing import Any, NamedTuple

from toolkit.markup import to_plain
from toolkit.models import GAMES, RecordBase, namespace
from toolkit.names import compact, fold, folded_names, with_english_names

from .constants import ATTR_TABLES, COLUMNS, reading_status
from .grams import cjk_grams, compact_normal, compact_text, is_cjk, normal_grams, searched_spaces

__all__ = [
    "KIND_ORDER",
    "Cycles",
    "RowSet",
    "Terms",
    "cjk_grams",
    "compact_text",
    "is_cjk",
    "record_type",
    "rows_for",
    "sort_key",
]

KIND_ORDER = (
    "identity",
    "agent",
    "card",
    "unit",
    "role",
    "ability",
    "attack",
    "map",
    "faction",
    "format",
    "mode",
    "game",
)
Row = tuple[Any, ...]


def record_type(record: Any) -> str:
    """The one ``type`` a query's ``t:`` compares with, per game and kind."""
    kind = record.kind
    if record.game == "tactics":
        if kind == "card":
            return str(record.category)
        if kind == "unit":
            return str(record.type)
        return str(kind)
    if record.game == "netrunner" and kind == "card":
        return str(record.type)
    return str(kind)


SortKey = tuple[int, int, str, str]


def sort_key(record: Any) -> SortKey:
    """Display order: game, kind, type, id."""
    kind = record.kind
    return (
        GAMES.index(record.game),
        KIND_ORDER.index(kind) if kind in KIND_ORDER else len(KIND_ORDER),
        record_type(record),
        record.id,
    )


class RowSet(NamedTuple):
    """All rows of one record, each without its leading pk; ``tuple(rowset)`` is plain data (marshal-able)."""

    record: Row
    attrs: tuple[str, Row] | None  # (table, row)
    mode: Row | None
    names: list[Row]
    abilities: list[Row]
    subtypes: list[Row]
    printings: list[Row]
    format_cards: list[Row]
    format_sets: list[Row]
    grams: Row | None  # the record_grams columns (name, text, flavor)


class _Rows:
    """What the per-game functions add to while a record's rows are made."""

    __slots__ = ("attrs", "format_cards", "format_sets", "printings")

    def __init__(self) -> None:
        self.attrs: tuple[str, dict[str, Any]] | None = None
        self.printings: list[dict[str, Any]] = []
        self.format_cards: list[dict[str, Any]] = []
        self.format_sets: list[dict[str, Any]] = []


_JSON = json.JSONEncoder(ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def record_data(record: RecordBase) -> str:
    """The record in full as compact, key-sorted JSON (without its file-relative "$schema")."""
    return _JSON.encode(record.model_dump(mode="json", by_alias=True, exclude={"schema_"}))


def _counts_column(counts: list[int] | None) -> str | None:
    """A mode's only player counts as the search compares them (``,2,4,``), None when it takes min to max."""
    return None if counts is None else "," + ",".join(map(str, counts)) + ","


def _get(model: Any, name: str) -> Any:
    """A field of a record (or of a part of one), None where its model has no such field.

    Like ``getattr(model, name, None)`` for fields, without the cost of pydantic's
    ``__getattr__`` raising for a field the model lacks (most records lack most fields).
    """
    return model.__dict__.get(name)


def _abilities(record: Any) -> list[tuple[str, str]]:
    """(face, text) of every ability (the fields of :data:`toolkit.models.TEXT_FIELDS`) and printed line, in order."""
    out: list[tuple[str, str]] = []
    fields = record.__dict__
    for face, value in (
        ("front", fields.get("text")),
        ("reverse", _get(fields["reverse"], "text") if fields.get("reverse") is not None else None),
        ("win", fields.get("win")),
        ("draw_phase", fields.get("draw_phase")),
    ):
        if isinstance(value, list):
            out.extend((face, text) for text in value)
    printed = fields.get("printed_text")
    if printed is not None:
        out.extend(("printed_en", line) for line in printed.en)
        out.extend(("printed_zh", line) for line in printed.zh_hans)
    return out


def shown_line(face: str, line: str) -> str:
    """An ability text or printed line as ``dossier show`` prints it, which text search reads: a printed line
    (NetrunnerDB's markup: ``<strong>``, ``<ul><li>``, ``trace[4]``, …) as its plain text
    (:func:`toolkit.markup.to_plain`: no tags, a trace ``trace 4``, list items after a bullet); an ability text as
    written."""
    return to_plain(line) if face.startswith("printed_") else line


def searched_text(text: str) -> str:
    """Text as the search compares it (records.text, flavour): in NFKC, as a query's words are read
    (:func:`toolkit.search.parser._normalize`: ``…`` is ``...``, ``™`` ``TM``, ``₂`` ``2``, full-width marks ASCII),
    and its spaces as :func:`searched_spaces` leaves them."""
    return searched_spaces(text if text.isascii() else unicodedata.normalize("NFKC", text))


def _shown_flavor(flavor: str | None) -> str | None:
    """A flavour text as ``dossier show`` prints it (:func:`toolkit.markup.to_plain`), as search reads it."""
    return searched_text(to_plain(flavor)) if flavor else flavor


def english_lines(abilities: list[tuple[str, str]]) -> list[str]:
    """The English of a record's ability texts ((face, text) pairs, as :func:`_abilities` gives them), which the
    searched text holds beside them so that an English word finds them as ``dossier show --lang en`` prints them:
    each text that parses, rendered in English (:func:`toolkit.text.render`). None for a record that prints its own
    English (``printed_en``: an imported Netrunner card), nor for a text that does not parse."""
    if any(face == "printed_en" for face, _ in abilities):
        return []
    from toolkit.text import AbilitySyntaxError, parse_cached, render

    out = []
    for face, line in abilities:
        if face.startswith("printed_"):
            continue
        try:
            english = render(parse_cached(line), "en")
        except (AbilitySyntaxError, ValueError):
            continue
        if english != line:
            out.append(english)
    return out


def english_of(record: Any) -> list[str]:
    """:func:`english_lines` of a record's ability texts."""
    return english_lines(_abilities(record))


_TEXT = COLUMNS["records"][1:].index("text")  # where a record's row (without its pk) holds the searched text
_SOURCE = COLUMNS["records"][1:].index("source")


def with_english(rows: RowSet, english: Mapping[str, list[str]] | None, names: Mapping[str, str]) -> Row:
    """The record's row of ``rows`` with the English of its ability texts after them, which searches read too: as
    ``english`` (by source file, worked out by another process) has it, else worked out here from its ability rows;
    each card a text quotes called by its English name from ``names`` (:func:`toolkit.names.english_names`)."""
    row = rows.record
    if english is not None:
        lines = english.get(row[_SOURCE]) or []
    else:
        lines = english_lines([(face, line) for face, _position, line in rows.abilities])
    if not lines:
        return row
    lines = [searched_text(with_english_names(line, names)) for line in lines]
    return (*row[:_TEXT], "\n".join([row[_TEXT], *lines]), *row[_TEXT + 1 :])


def _row(table: str, values: dict[str, Any]) -> Row:
    """``values`` as a row of ``table`` without its first column (the pk); absent columns are NULL."""
    return tuple(map(values.get, COLUMNS[table][1:]))


def rows_for(record: Any, source: str, *, grams: bool = True) -> RowSet:
    """Every row of one record read from ``source``; ``grams``: also what the Chinese-pairs index holds. The
    record's row holds its texts (and flavour) as ``dossier show`` prints them (:func:`shown_line`), in NFKC
    (:func:`searched_text`), the ability rows as written: :func:`with_english` adds their English once every record is
    read (the English calls the cards a text quotes by their English names)."""
    abilities = _abilities(record)
    # (searched as shown: printed lines without their markup)
    text = "\n".join(shown_line(face, line) for face, line in abilities)
    normal = unicodedata.normalize("NFKC", text)
    compacted = compact_normal(normal)  # (of the text as shown, no markup: the Chinese words without their counts)
    flavor = _get(record, "flavor")
    name = record.name
    folded = folded_names(record)
    name_folded = "\n".join(dict.fromkeys([*folded, *map(compact, folded)]))
    flavor_zh = _shown_flavor(flavor.zh_hans if flavor is not None else None)
    kind = record.kind
    reading = _get(record, "reading")
    printed = sum(1 for face, _ in abilities if face.startswith("printed_"))
    record_row = (
        record.game,
        kind,
        namespace(kind),
        record.id,
        record_type(record),
        name.zh_hans,
        name.en,
        name_folded,
        searched_spaces(normal),  # (as a query's words are: toolkit.search.parser, toolkit.search.compile)
        compacted,
        flavor_zh,
        _shown_flavor(flavor.en if flavor is not None else None),
        reading_status(
            _get(reading, "status") if reading is not None else None,
            "text" in type(record).model_fields,
            len(abilities) - printed,
            printed,
        ),
        source,
        record_data(record),
    )
    names = [("zh-Hans", name.zh_hans, fold(name.zh_hans))]
    if name.en is not None:
        names.append(("en", name.en, fold(name.en)))
    search_name = _get(record, "search_name")
    if search_name:
        folded_search = fold(search_name)
        if folded_search not in {row[2] for row in names if row[1]}:
            names.append(("search", search_name, folded_search))
    counters: dict[str, int] = {}
    ability_rows = []
    for face, line in abilities:
        position = counters.get(face, 0)
        counters[face] = position + 1
        ability_rows.append((face, position, line))
    subtypes = list(_get(record, "subtypes") or []) if kind in ("card", "identity", "agent") else []
    extra = _Rows()
    _ATTRS[record.game](record, extra, subtypes)
    mode = None
    if kind in ("game", "mode", "format", "map"):
        players = record.players
        mode = _row(
            "mode_attrs",
            {
                "players_min": players.min,
                "players_max": players.max,
                "players_counts": _counts_column(_get(players, "counts")),
                "status": _get(record, "status"),
                "matrix_shop": _get(record, "matrix_shop"),
                "starting_agents": _get(record, "starting_agents"),
                "max_agents": _get(record, "max_agents"),
                "all_sets": _pool_sets(record) is None if kind == "format" else None,
            },
        )
    return RowSet(
        record=record_row,
        attrs=None
        if extra.attrs is None
        else (ATTR_TABLES[extra.attrs[0]], _row(ATTR_TABLES[extra.attrs[0]], extra.attrs[1])),
        mode=mode,
        names=names,
        abilities=ability_rows,
        subtypes=[(subtype,) for subtype in dict.fromkeys(subtypes)],
        printings=[_row("printings", row) for row in extra.printings],
        format_cards=[_row("format_cards", row) for row in extra.format_cards],
        format_sets=[_row("format_sets", row) for row in extra.format_sets],
        grams=(
            (
                cjk_grams(name.zh_hans, name.en, name_folded),
                # cjk_grams(text, compacted), the text normalized once
                normal_grams(normal + "\n" + unicodedata.normalize("NFKC", compacted)) if not text.isascii() else "",
                cjk_grams(flavor_zh),
            )
            if grams
            else None
        ),
    )


def _tactics(record: Any, rows: _Rows, subtypes: list[str]) -> None:
    kind = record.kind
    attrs: dict[str, Any] = {}
    attack = None
    if kind == "card":
        attrs.update(
            category=record.category,
            back=record.back,
            shop=record.back == "shop",
            agent=record.agent,
            token=record.token is not None,
            max_in_play=record.token.max_in_play if record.token is not None else None,
            mortgage=record.cost.mortgage,
            tap=record.cost.tap,
            status_target=record.status.target if record.status is not None else None,
            minion=record.minion,
            reversible=record.reverse is not None,
            response=record.is_response,
        )
        if record.equipment is not None:
            attrs.update(size=record.equipment.size, slots=record.equipment.slots, shield=record.equipment.shield)
            attack = record.equipment.attack
    elif kind == "agent":
        attrs.update(hp=record.hp, move=record.move, private=record.private, symbol=record.symbol)
    elif kind == "unit":
        attrs.update(hp=record.hp, move=_get(record, "move"))
        attack = _get(record, "attack")
    elif kind == "attack":
        attack = record.attack
    else:
        return
    if attack is not None:
        attrs.update(
            style=attack.style,
            attack_subtype=attack.subtype,
            speed=attack.speed,
            range_min=attack.range.min,
            range_max=attack.range.max,
            through_walls=attack.through_walls,
        )
        if attack.subtype is not None:
            subtypes.append(attack.subtype)
    rows.attrs = ("tactics", attrs)


def _netrunner(record: Any, rows: _Rows, subtypes: list[str]) -> None:
    from toolkit.models.netrunner import side_of_type

    kind = record.kind
    attrs: dict[str, Any] = {}
    if kind == "card":
        cost = _get(record, "cost")
        if cost is None:
            cost = _get(record, "rez_cost")
        attrs.update(
            side=side_of_type(record.type),
            faction=record.faction,
            cost=cost,
            influence=record.influence,
            deck_limit=record.deck_limit,
            unique=record.unique,
            agenda_points=_get(record, "agenda_points"),
            advancement_requirement=_get(record, "advancement_requirement"),
            strength=_get(record, "strength"),
            memory_cost=_get(record, "memory_cost"),
            trash_cost=_get(record, "trash_cost"),
            set=record.set,
            cycle=cycle_of(record),
            starter_only=bool(_get(record, "starter_only")),
        )
    elif kind == "identity":
        attrs.update(
            side=record.side,
            faction=record.faction,
            min_deck_size=record.min_deck_size,
            influence_limit=record.influence_limit,
            base_link=record.base_link,
            set=record.set,
            cycle=cycle_of(record),
            starter_only=bool(_get(record, "starter_only")),
        )
    elif kind == "faction":
        attrs.update(side=record.side, faction=record.id, neutral=record.neutral)
    else:
        if kind == "format":
            for ban_list, in_force, verdicts in format_lists(record):
                for list_name, card_ids in verdicts.items():
                    for card_id in dict.fromkeys(card_ids):
                        rows.format_cards.append(
                            {
                                "ban_list": ban_list,
                                "in_force": in_force,
                                "list": list_name,
                                "card_id": card_id,
                            }
                        )
            for set_id in dict.fromkeys(_pool_sets(record) or []):
                rows.format_sets.append({"set": set_id})
        return
    for printing in _get(record, "printings") or []:
        if any(p["code"] == printing.code for p in rows.printings):
            continue
        rows.printings.append(
            {
                "code": printing.code,
                "set": printing.set,
                "cycle": cycle_of(printing),
                "position": printing.position,
                "quantity": printing.quantity,
                "illustrator": printing.illustrator,
            }
        )
    rows.attrs = ("netrunner", attrs)


def cycle_of(item: Any) -> str | None:
    """The cycle the data gives a printing (its ``cycle``) or a record (that of its printing in its ``set``)."""
    cycle = _get(item, "cycle")
    if isinstance(cycle, str) and cycle:
        return cycle
    set_id = _get(item, "set")
    for printing in _get(item, "printings") or []:
        if printing.set == set_id and _get(printing, "cycle"):
            return str(printing.cycle)
    return None


class Cycles:
    """What one record alone cannot say: the cycle of each set.

    A set's cycle is the one its printing or the game's set list (``sets[].cycle``)
    gives; a set with none is its own cycle, as NetrunnerDB has it for a set
    released alone (Core Set, System Gateway, Elevation). :meth:`add` every record
    (in any order), then :meth:`fill` each record's rows.
    """

    _SET = COLUMNS["netrunner_attrs"].index("set") - 1
    _CYCLE = COLUMNS["netrunner_attrs"].index("cycle") - 1
    _PRINTING_SET = COLUMNS["printings"].index("set") - 1
    _PRINTING_CYCLE = COLUMNS["printings"].index("cycle") - 1

    def __init__(self) -> None:
        self._lists: list[tuple[SortKey, list[tuple[str, str]]]] = []
        self._cycles: dict[str, str] | None = None

    def add(self, record: Any, key: SortKey) -> None:
        if record.kind == "game":
            pairs = [(s.id, s.cycle) for s in _get(record, "sets") or [] if _get(s, "cycle")]
            self._lists.append((key, pairs))

    @property
    def cycles(self) -> dict[str, str]:
        """set -> cycle, from the game records' set lists (a later record in display order wins)."""
        if self._cycles is None:
            self._cycles = {s: c for _, pairs in sorted(self._lists) for s, c in pairs}
        return self._cycles

    def fill(self, rows: RowSet) -> RowSet:
        """``rows`` with the cycle of each set its netrunner row and printings leave empty."""
        attrs, printings = rows.attrs, rows.printings
        if not printings and (attrs is None or attrs[0] != "netrunner_attrs"):
            return rows
        if attrs is not None and attrs[0] == "netrunner_attrs":
            row = attrs[1]
            if row[self._CYCLE] is None and row[self._SET]:
                row = (*row[: self._CYCLE], self.cycles.get(row[self._SET], row[self._SET]), *row[self._CYCLE + 1 :])
                attrs = (attrs[0], row)
        if printings:
            printings = [self._printing(p) for p in printings]
        return rows._replace(attrs=attrs, printings=printings)

    def _printing(self, row: Row) -> Row:
        set_id = row[self._PRINTING_SET]
        if row[self._PRINTING_CYCLE] is not None or not set_id:
            return row
        cycle = self.cycles.get(set_id, set_id)
        return (*row[: self._PRINTING_CYCLE], cycle, *row[self._PRINTING_CYCLE + 1 :])


# What a ban list says of a card, as format_cards.list: banned, restricted, and the verdicts some lists add.
BAN_LIST_VERDICTS = ("banned", "restricted", "points", "universal_faction_cost", "global_penalty")


def format_lists(record: Any) -> list[tuple[str, bool, dict[str, list[str]]]]:
    """A format's ban lists as (id, in force, {verdict: card ids}); its inline lists have the id ''."""
    in_force = _get(record, "ban_list")
    out = []
    for ban_list in _get(record, "ban_lists") or []:
        verdicts = {name: list(_get(ban_list, name) or []) for name in BAN_LIST_VERDICTS}
        out.append((ban_list.id, ban_list.id == in_force, verdicts))
    if in_force is None:
        inline = {name: list(_get(record, name) or []) for name in ("banned", "restricted")}
        out.append(("", True, inline))
    return out


def _pool_sets(record: Any) -> list[str] | None:
    """The sets of a format's card pool; None: every set."""
    sets = _get(record, "sets")
    return None if sets is None else list(sets)


def _crossfire(record: Any, rows: _Rows, subtypes: list[str]) -> None:
    if record.kind != "role":
        return
    rows.attrs = (
        "crossfire",
        {
            "team": record.team,
            "armed": record.armed,
            "guns": record.guns,
            "protects": record.protects,
            "marks": record.marks,
            "special": record.special,
            "counts_as": record.counts_as,
        },
    )


_ATTRS = {"tactics": _tactics, "netrunner": _netrunner, "crossfire": _crossfire}


class Terms:
    """Vocabulary rows: games, factions, subtypes, agents, modes, sets, cycles, ban lists, with their names.

    :meth:`add` every record (in any order); :attr:`rows` are in key order. Where two
    records name the same term, the first in display order (:func:`sort_key`) gives its names.
    """

    def __init__(self) -> None:
        self._found: dict[tuple[str, str, str], tuple[SortKey, Row]] = {}

    @property
    def rows(self) -> list[Row]:
        return [self._found[key][1] for key in sorted(self._found)]

    def add(self, record: Any, key: SortKey) -> None:
        game, kind = record.game, record.kind
        if kind not in ("game", "faction", "agent", "mode", "format"):
            return
        terms: dict[tuple[str, str, str], Row] = {}

        def add(game: str, vocab: str, term_id: str, names: Any, extra: str | None = None) -> None:
            name_zh = names.zh_hans if names is not None else None
            name_en = names.en if names is not None else None
            terms.setdefault((game, vocab, term_id), (game, vocab, term_id, name_zh, name_en, extra))

        if kind == "game":
            add(game, "game", game, record.name)
            for attr, vocab in (("subtypes", "subtype"), ("agent_subtypes", "subtype"), ("attack_subtypes", "subtype")):
                for term in _get(record, attr) or []:
                    add(game, vocab, term.id, term.name)
            for cycle in _get(record, "cycles") or []:  # named first: a set's cycle below adds no name
                add(game, "cycle", cycle.id, cycle.name)
            for card_set in _get(record, "sets") or []:
                add(game, "set", card_set.id, card_set.name)
                if _get(card_set, "cycle"):
                    add(game, "cycle", card_set.cycle, None)
        elif kind == "faction":
            add(game, "faction", record.id, record.name)
        elif kind == "agent":
            add(game, "agent", record.id, record.name, record.symbol)
        else:
            add(game, "mode", record.id, record.name)
            for ban_list in _get(record, "ban_lists") or []:
                add(game, "ban_list", ban_list.id, ban_list.name)
        for term, row in terms.items():
            known = self._found.get(term)
            if known is None or key < known[0]:
                self._found[term] = (key, row)
