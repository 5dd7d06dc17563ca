"""Turn validated records into table rows (plain dicts, ready for executemany).

One :class:`RowSet` per record: its ``records`` row, its game's attribute row,
names, abilities, subtypes, printings, format lists and format card pools.
Vocabulary rows (``terms``) come from the game, faction, agent and mode records.
Names are also written folded (:func:`toolkit.names.fold`), the key deck
lists and ``dossier show`` resolve names by, so the database finds what they find.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.models import GAMES, RecordBase, iter_texts, namespace
from toolkit.names import compact, fold, folded_names

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
_FACES = {("text",): "front", ("reverse", "text"): "reverse", ("win",): "win", ("draw_phase",): "draw_phase"}

# A number (or X, or a range such as 0-3), with an optional sign and measure word:
# dropped from text_compact so that 抽牌 finds 你抽 2 张牌 and 造成伤害 finds 造成 1 点伤害.
_QUANTITY = re.compile(r"[+\-]?(?:\d+(?:-\d+)?|(?<![A-Za-z])X(?![A-Za-z]))\s*[张点个名次枚层回轮格项颗]?")
_SPACE = re.compile(r"\s+")


def compact_text(text: str) -> str:
    """Text without whitespace, numbers and measure words (NFKC first)."""
    return _SPACE.sub("", _QUANTITY.sub("", unicodedata.normalize("NFKC", text)))


_CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]+")


def is_cjk(word: str) -> bool:
    """Whether ``word`` is Chinese characters only (what :func:`cjk_grams` indexes)."""
    return bool(word) and _CJK_RUN.fullmatch(word) is not None


def cjk_grams(*texts: str | None) -> str:
    """Every Chinese character and every pair of adjacent ones, space-separated.

    Indexed by an FTS5 table, it makes one- and two-character words (抽牌, 伤害)
    index lookups; the trigram index needs three characters or more.
    """
    tokens: dict[str, None] = {}
    for text in texts:
        for run in _CJK_RUN.findall(unicodedata.normalize("NFKC", text or "")):
            for i, char in enumerate(run):
                tokens[char] = None
                if i + 1 < len(run):
                    tokens[run[i : i + 2]] = None
    return " ".join(tokens)


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


def sort_key(record: Any) -> tuple[int, int, str, str]:
    """Display order: game, kind, type, id."""
    kind = record.kind
    return (
        GAMES.index(record.game),
        KIND_ORDER.index(kind) if kind in KIND_ORDER else len(KIND_ORDER),
        record_type(record),
        record.id,
    )


@dataclass
class RowSet:
    """All rows of one record."""

    record: dict[str, Any]
    attrs: tuple[str, dict[str, Any]] | None = None
    mode: dict[str, Any] | None = None
    names: list[dict[str, Any]] = field(default_factory=list)
    abilities: list[dict[str, Any]] = field(default_factory=list)
    subtypes: list[dict[str, Any]] = field(default_factory=list)
    printings: list[dict[str, Any]] = field(default_factory=list)
    format_cards: list[dict[str, Any]] = field(default_factory=list)
    format_sets: list[dict[str, Any]] = field(default_factory=list)


def record_data(record: RecordBase) -> str:
    """The record in full as compact, key-sorted JSON (without its file-relative "$schema")."""
    data = record.model_dump(mode="json", by_alias=True, exclude={"schema_"})
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _abilities(record: Any) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for path, text in iter_texts(record):
        out.append((_FACES.get(tuple(str(p) for p in path[:-1]), str(path[0])), text))
    printed = getattr(record, "printed_text", None)
    if printed is not None:
        out.extend(("printed_en", line) for line in printed.en)
        out.extend(("printed_zh", line) for line in printed.zh_hans)
    return out


def rows_for(record: Any, pk: int, source: Path | str) -> RowSet:
    abilities = _abilities(record)
    text = "\n".join(line for _, line in abilities)
    flavor = getattr(record, "flavor", None)
    rows = RowSet(
        record={
            "pk": pk,
            "game": record.game,
            "kind": record.kind,
            "namespace": namespace(record.kind),
            "id": record.id,
            "type": record_type(record),
            "name_zh": record.name.zh_hans,
            "name_en": record.name.en,
            "name_folded": "\n".join(dict.fromkeys([*folded_names(record), *map(compact, folded_names(record))])),
            "text": text,
            "text_compact": compact_text(text),
            "flavor_zh": flavor.zh_hans if flavor is not None else None,
            "flavor_en": flavor.en if flavor is not None else None,
            "source": str(source),
            "data": record_data(record),
        }
    )
    languages = [("zh-Hans", record.name.zh_hans), ("en", record.name.en)]
    search_name = getattr(record, "search_name", None)
    if search_name and fold(search_name) not in {fold(name) for _, name in languages if name}:
        languages.append(("search", search_name))
    for lang, name in languages:
        if name is not None:
            rows.names.append({"record_pk": pk, "lang": lang, "name": name, "folded": fold(name)})
    counters: dict[str, int] = {}
    for face, line in abilities:
        position = counters.get(face, 0)
        counters[face] = position + 1
        rows.abilities.append({"record_pk": pk, "face": face, "position": position, "text": line})
    subtypes = list(getattr(record, "subtypes", [])) if record.kind in ("card", "identity", "agent") else []
    _ATTRS[record.game](record, pk, rows, subtypes)
    for subtype in dict.fromkeys(subtypes):
        rows.subtypes.append({"record_pk": pk, "subtype": subtype})
    if record.kind in ("game", "mode", "format", "map"):
        players = record.players
        rows.mode = {
            "pk": pk,
            "players_min": players.min,
            "players_max": players.max,
            "status": getattr(record, "status", None),
            "matrix_shop": getattr(record, "matrix_shop", None),
            "starting_agents": getattr(record, "starting_agents", None),
            "max_agents": getattr(record, "max_agents", None),
            "all_sets": _pool_sets(record) is None if record.kind == "format" else None,
        }
    return rows


def _tactics(record: Any, pk: int, rows: RowSet, subtypes: list[str]) -> None:
    kind = record.kind
    attrs: dict[str, Any] = {"pk": pk}
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
        attrs.update(hp=record.hp, move=getattr(record, "move", None))
        attack = getattr(record, "attack", None)
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


def _netrunner(record: Any, pk: int, rows: RowSet, subtypes: list[str]) -> None:
    from toolkit.models.netrunner import side_of_type

    kind = record.kind
    attrs: dict[str, Any] = {"pk": pk}
    if kind == "card":
        cost = getattr(record, "cost", None)
        if cost is None:
            cost = getattr(record, "rez_cost", None)
        attrs.update(
            side=side_of_type(record.type),
            faction=record.faction,
            cost=cost,
            influence=record.influence,
            deck_limit=record.deck_limit,
            unique=record.unique,
            agenda_points=getattr(record, "agenda_points", None),
            advancement_requirement=getattr(record, "advancement_requirement", None),
            strength=getattr(record, "strength", None),
            memory_cost=getattr(record, "memory_cost", None),
            trash_cost=getattr(record, "trash_cost", None),
            set=record.set,
            cycle=cycle_of(record),
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
                                "format_pk": pk,
                                "ban_list": ban_list,
                                "in_force": in_force,
                                "list": list_name,
                                "card_id": card_id,
                            }
                        )
            for set_id in dict.fromkeys(_pool_sets(record) or []):
                rows.format_sets.append({"format_pk": pk, "set": set_id})
        return
    for printing in getattr(record, "printings", []) or []:
        if any(p["code"] == printing.code for p in rows.printings):
            continue
        rows.printings.append(
            {
                "record_pk": pk,
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
    cycle = getattr(item, "cycle", None)
    if isinstance(cycle, str) and cycle:
        return cycle
    set_id = getattr(item, "set", None)
    for printing in getattr(item, "printings", None) or []:
        if printing.set == set_id and getattr(printing, "cycle", None):
            return str(printing.cycle)
    return None


def finish_rows(rowsets: Iterable[RowSet], records: Iterable[Any]) -> None:
    """What one record alone cannot say: the cycle of each set.

    A set's cycle is the one its printing or the game's set list (``sets[].cycle``)
    gives; a set with none is its own cycle, as NetrunnerDB has it for a set
    released alone (Core Set, System Gateway, Elevation).
    """
    cycles: dict[str, str] = {}
    for record in records:
        if record.kind == "game":
            for card_set in getattr(record, "sets", None) or []:
                cycle = getattr(card_set, "cycle", None)
                if cycle:
                    cycles[card_set.id] = cycle
    for rowset in rowsets:
        rows = [*rowset.printings, *([rowset.attrs[1]] if rowset.attrs and rowset.attrs[0] == "netrunner" else [])]
        for row in rows:
            if row.get("cycle") is None and row.get("set"):
                row["cycle"] = cycles.get(row["set"], row["set"])


# What a ban list says of a card, as format_cards.list: banned, restricted, and the verdicts some lists add.
BAN_LIST_VERDICTS = ("banned", "restricted", "points", "universal_faction_cost", "global_penalty")


def format_lists(record: Any) -> list[tuple[str, bool, dict[str, list[str]]]]:
    """A format's ban lists as (id, in force, {verdict: card ids}); its inline lists have the id ''."""
    in_force = getattr(record, "ban_list", None)
    out = []
    for ban_list in getattr(record, "ban_lists", None) or []:
        verdicts = {name: list(getattr(ban_list, name, None) or []) for name in BAN_LIST_VERDICTS}
        out.append((ban_list.id, ban_list.id == in_force, verdicts))
    if in_force is None:
        inline = {name: list(getattr(record, name, None) or []) for name in ("banned", "restricted")}
        out.append(("", True, inline))
    return out


def _pool_sets(record: Any) -> list[str] | None:
    """The sets of a format's card pool; None: every set."""
    sets = getattr(record, "sets", None)
    return None if sets is None else list(sets)


def _crossfire(record: Any, pk: int, rows: RowSet, subtypes: list[str]) -> None:
    if record.kind != "role":
        return
    rows.attrs = (
        "crossfire",
        {
            "pk": pk,
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


def term_rows(records: Iterable[Any]) -> list[dict[str, Any]]:
    """Vocabulary rows: games, factions, subtypes, agents, modes, sets, cycles, ban lists, with their names."""
    out: dict[tuple[str, str, str], dict[str, Any]] = {}

    def add(game: str, vocab: str, term_id: str, names: Any, extra: str | None = None) -> None:
        key = (game, vocab, term_id)
        if key not in out:
            out[key] = {
                "game": game,
                "vocab": vocab,
                "id": term_id,
                "name_zh": names.zh_hans if names is not None else None,
                "name_en": names.en if names is not None else None,
                "extra": extra,
            }

    for record in records:
        game, kind = record.game, record.kind
        if kind == "game":
            add(game, "game", game, record.name)
            for attr, vocab in (("subtypes", "subtype"), ("agent_subtypes", "subtype"), ("attack_subtypes", "subtype")):
                for term in getattr(record, attr, []) or []:
                    add(game, vocab, term.id, term.name)
            for card_set in getattr(record, "sets", None) or []:
                add(game, "set", card_set.id, card_set.name)
                if getattr(card_set, "cycle", None):
                    add(game, "cycle", card_set.cycle, None)
        elif kind == "faction":
            add(game, "faction", record.id, record.name)
        elif kind == "agent":
            add(game, "agent", record.id, record.name, record.symbol)
        elif kind in ("mode", "format"):
            add(game, "mode", record.id, record.name)
            for ban_list in getattr(record, "ban_lists", None) or []:
                add(game, "ban_list", ban_list.id, ban_list.name)
    return [out[key] for key in sorted(out)]
