"""Deck rules: each rule kind a mode or identity lists is one function here.

``validate_deck(deck, pool)`` runs the rules of the deck's mode (tactics,
crossfire) or format (netrunner) plus its identity's exceptions, and returns
every finding, not the first or the last, with stable codes:

- common: ``deck.mode.unknown``, ``deck.mode.incomplete``, ``deck.card.unknown``,
  ``deck.card.kind``, ``deck.card.game``
- tactics: ``deck.size.min``, ``deck.size.max``, ``deck.names.duplicate``,
  ``deck.squad.min``, ``deck.squad.max``, ``deck.agents.duplicate``,
  ``deck.agent.unknown``, ``deck.exclusive.agent``, ``deck.token``, ``deck.shop``
- netrunner: ``deck.identity.missing``, ``deck.identity.unknown``,
  ``deck.identity.count``, ``deck.side``, ``deck.size.min``, ``deck.copies.over``,
  ``deck.influence.over``, ``deck.agenda.faction``, ``deck.agenda.points``,
  ``deck.banned``, ``deck.restricted``, ``deck.points.over``, ``deck.pool``,
  ``deck.banlist.unknown``, ``deck.faction.forbidden``
- crossfire: ``deck.players.missing``, ``deck.players.range``, ``deck.players.count``,
  ``deck.roles.unknown``, ``deck.roles.special``, ``deck.roles.composition``,
  ``deck.roles.count``

A :class:`DeckPool` indexes one card pool once, so validating thousands of decks
does no file I/O and no repeated lookups: what a format or an identity implies
(its rules in order, the ban list's sets, which cards are in its card pool) is
worked out once per pool and reused, and a pointer is formed only for a finding,
never for a card that passes.
"""

from __future__ import annotations

import difflib
import itertools
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from toolkit.i18n import t, tn
from toolkit.jsonio import pointer
from toolkit.models import RecordBase, namespace
from toolkit.models.crossfire import role_set
from toolkit.models.deck import Deck
from toolkit.models.netrunner import CORP_TYPES, BanList, side_of_type

from .findings import Finding, Severity

DEFAULT_COPY_LIMIT = 3
POOL_NAMES_SHOWN = 5  # out-of-pool cards named in a deck.pool finding before "…"


@dataclass
class GamePool:
    """The records of one game, indexed for deck checks."""

    game: str
    records: dict[str, Any] = field(default_factory=dict)  # id -> record (non-mode namespace)
    modes: dict[str, Any] = field(default_factory=dict)  # mode / format id -> record
    game_record: Any = None
    # What a mode, a ban list or an identity implies, worked out on first use. Keyed by the
    # objects' id() and holding the objects themselves, so a mode or record replaced in the
    # dicts above (frozen records are replaced, never changed) is worked out afresh.
    memo: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)

    def memoized(self, key: tuple[Any, ...], owners: tuple[Any, ...], make: Callable[[], Any]) -> Any:
        """``make()`` once per ``key`` while the objects ``owners`` are the same (or equal) ones."""
        hit = self.memo.get(key)
        if hit is not None and hit[0] == owners:  # identity first: the usual hit costs no model comparison
            return hit[1]
        value = make()
        self.memo[key] = (owners, value)
        return value


class DeckPool:
    """A card pool (the bundled cards/ or any --cards directories), indexed per game."""

    def __init__(self, records: Iterable[RecordBase]) -> None:
        self.games: dict[str, GamePool] = {}
        for record in records:
            game: str = record.game  # type: ignore[attr-defined]
            kind: str = record.kind  # type: ignore[attr-defined]
            pool = self.games.setdefault(game, GamePool(game))
            space = namespace(kind)
            if space == "game":
                pool.game_record = record
            elif space == "mode":
                pool.modes[record.id] = record
            else:
                pool.records[record.id] = record

    def game(self, game: str) -> GamePool:
        return self.games.get(game) or GamePool(game)

    def default_modes(self) -> dict[str, str]:
        """The mode a deck that names none is checked in: netrunner's standard format (else the first
        format), crossfire's base mode."""
        modes: dict[str, str] = {}
        for game, pool in self.games.items():
            if game == "netrunner" and pool.modes:
                modes[game] = "standard" if "standard" in pool.modes else sorted(pool.modes)[0]
            if game == "crossfire" and "crossfire" in pool.modes:
                modes[game] = "crossfire"
        return modes


@dataclass
class Check:
    """What one validation run knows; rule functions read it and add findings."""

    deck: Deck
    pool: GamePool
    mode: Any
    findings: list[Finding] = field(default_factory=list)
    summary: dict[str, Any] = field(default_factory=dict)
    cards: dict[str, Any] = field(default_factory=dict)  # resolved card records by id
    identity: Any = None
    identity_rules: list[Any] = field(default_factory=list)
    ban: BanList | None = None  # netrunner: the ban list in force (named or the format's inline one)

    def add(self, code: str, message: str, ptr: str = "", severity: Severity = "error", *, zh: str) -> None:
        """A finding; ``zh``: its message in Chinese (the web app shows findings in the page's language)."""
        self.findings.append(Finding(code, message, severity, None, ptr or None, zh=zh))

    def add_at(self, code: str, message: str, *tokens: str | int, zh: str) -> None:
        """A finding at ``/tokens…``: the pointer is formed here, for the finding, never for a card that passes."""
        self.findings.append(Finding(code, message, "error", None, pointer(*tokens), zh=zh))

    @property
    def mode_zh(self) -> str:
        """The mode's Chinese name, for the Chinese messages."""
        name = getattr(self.mode, "name", None)
        return getattr(name, "zh_hans", None) or str(self.mode.id)

    def size(self) -> int:
        """Copies of the resolved cards (the identity and unknown ids not counted)."""
        counts = self.deck.cards
        return sum(counts[cid] for cid in self.cards)


def _suggest(word: str, candidates: Iterable[str]) -> tuple[str, str]:
    """ "did you mean" the ids close to ``word``, in English and Chinese (empty strings: none is close)."""
    close = difflib.get_close_matches(word, list(candidates), n=3, cutoff=0.6)
    if not close:
        return "", ""
    return f"; did you mean {', '.join(repr(c) for c in close)}?", f"；是否想写 {'、'.join(repr(c) for c in close)}？"


def _name(record: Any) -> str:
    en = record.name.en
    return f"{record.name.zh_hans!r}" + (f" ({en})" if en and en != record.name.zh_hans else "")


def _zh(record: Any) -> str:
    return f"「{record.name.zh_hans}」"


_KIND_ZH = {"card": "卡牌", "identity": "特性", "agent": "特工", "role": "身份", "faction": "派系", "map": "地图"}


def _hints(record_id: str, record: Any, records: Iterable[str]) -> tuple[str, str]:
    """What to add to "no such record" in English and Chinese: the kind of the record of that id, or the
    ids it may be a slip for."""
    if record is not None:
        return f" (it is a {record.kind})", f"（它是{_KIND_ZH.get(record.kind, record.kind)}）"
    return _suggest(record_id, records)


# --------------------------------------------------------------------------
# resolution shared by the games


def _resolve_cards(check: Check, kinds: tuple[str, ...], what: str) -> list[str]:
    """Resolve the deck's card ids into ``check.cards``; the ids that are identities when ``kinds`` allows
    them are returned instead, in deck order (netrunner lists them as findings)."""
    records, cards = check.pool.records, check.cards
    identities: list[str] = []
    for card_id in check.deck.cards:
        record = records.get(card_id)
        if record is None:
            hint, hint_zh = _suggest(card_id, records)
            check.add_at(
                "deck.card.unknown",
                f"no {check.deck.game} {what} has id {card_id!r}{hint}",
                "cards",
                card_id,
                zh=f"卡池中没有 id 为 {card_id!r} 的{_WHAT_ZH.get(what, what)}{hint_zh}",
            )
        elif record.kind not in kinds:
            check.add_at(
                "deck.card.kind",
                f"{card_id!r} is a {record.kind}, not a {what}",
                "cards",
                card_id,
                zh=f"{card_id!r} 是{_KIND_ZH.get(record.kind, record.kind)}，不是{_WHAT_ZH.get(what, what)}",
            )
        elif record.kind == "identity":
            identities.append(card_id)
        else:
            cards[card_id] = record
    return identities


# --------------------------------------------------------------------------
# tactics


_WHAT_ZH = {"command card": "指令牌", "card": "卡牌"}


def _tactics_prepare(check: Check) -> None:
    _resolve_cards(check, ("card",), "command card")
    agents = []
    for i, agent_id in enumerate(check.deck.agents or []):
        record = check.pool.records.get(agent_id)
        if record is None or record.kind != "agent":
            hint, hint_zh = _hints(agent_id, record, check.pool.records)
            check.add(
                "deck.agent.unknown",
                f"no tactics agent has id {agent_id!r}{hint}",
                pointer("agents", i),
                zh=f"没有 id 为 {agent_id!r} 的特工{hint_zh}",
            )
        else:
            agents.append(record)
    check.summary["agents"] = agents


def _tactics_size(check: Check) -> int:
    size = sum(check.deck.cards.values())
    if check.mode.agents_count_toward_deck_size:
        size += len(check.deck.agents or [])
    return size


def rule_deck_size(check: Check, rule: Any) -> None:
    size = _tactics_size(check)
    counted = "cards and agents" if check.mode.agents_count_toward_deck_size else "command cards"
    check.summary["size"] = (size, rule.min, rule.max, counted)
    counted_zh = "张牌（含特工）" if check.mode.agents_count_toward_deck_size else "张指令牌"
    if rule.min is not None and size < rule.min:
        check.add(
            "deck.size.min",
            f"{size} {counted}; {check.mode.id} needs at least {rule.min}",
            "/cards",
            zh=f"{size} {counted_zh}；{check.mode_zh}至少需要 {rule.min} 张",
        )
    if rule.max is not None and size > rule.max:
        check.add(
            "deck.size.max",
            f"{size} {counted}; {check.mode.id} allows at most {rule.max}",
            "/cards",
            zh=f"{size} {counted_zh}；{check.mode_zh}至多允许 {rule.max} 张",
        )


def rule_squad_size(check: Check, rule: Any) -> None:
    count = len(check.deck.agents or [])
    low, high = check.mode.starting_agents, check.mode.max_agents
    check.summary["squad"] = (count, low, high)
    if count < low:
        check.add(
            "deck.squad.min",
            f"{count} agents in the squad; {check.mode.id} needs at least {low}",
            "/agents",
            zh=f"小队有 {count} 名特工；{check.mode_zh}至少需要 {low} 名",
        )
    if count > high:
        check.add(
            "deck.squad.max",
            f"{count} agents in the squad; {check.mode.id} allows at most {high}",
            "/agents",
            zh=f"小队有 {count} 名特工；{check.mode_zh}至多允许 {high} 名",
        )


def rule_unique_names(check: Check, rule: Any) -> None:
    if rule.of == "command":
        by_name: dict[str, list[str]] = {}
        for card_id, record in check.cards.items():
            by_name.setdefault(record.name.zh_hans, []).extend([card_id] * check.deck.cards[card_id])
        for name, ids in by_name.items():
            if len(ids) > 1:
                check.add(
                    "deck.names.duplicate",
                    f"{len(ids)} command cards named {name!r}; a personal deck holds one card of each name",
                    pointer("cards", ids[0]),
                    zh=f"{len(ids)} 张指令牌名为「{name}」；个人牌库中同名牌只能有一张",
                )
    else:
        seen: dict[str, int] = {}
        for i, agent in enumerate(check.summary.get("agents", [])):
            if agent.private:
                continue
            name = agent.name.zh_hans
            if name in seen:
                check.add(
                    "deck.agents.duplicate",
                    f"agent {name!r} is in the squad twice; only 列兵 may repeat",
                    pointer("agents", i),
                    zh=f"特工「{name}」在小队中出现了两次；只有列兵可以重复",
                )
            seen.setdefault(name, i)


def rule_exclusive_needs_agent(check: Check, rule: Any) -> None:
    squad = {a.id for a in check.summary.get("agents", [])}
    for card_id, record in check.cards.items():
        if record.agent is not None and record.agent not in squad:
            check.add(
                "deck.exclusive.agent",
                f"{_name(record)} is exclusive to agent {record.agent!r}, who is not in the squad",
                pointer("cards", card_id),
                zh=f"{_zh(record)}是特工 {record.agent!r} 的专属牌，但该特工不在小队中",
            )


def rule_no_tokens(check: Check, rule: Any) -> None:
    for card_id, record in check.cards.items():
        if record.token is not None:
            check.add(
                "deck.token",
                f"{_name(record)} is a token card (衍生牌); tokens never go in a deck",
                pointer("cards", card_id),
                zh=f"{_zh(record)}是衍生牌；衍生牌不能放入牌库",
            )


def rule_no_shop_cards(check: Check, rule: Any) -> None:
    for card_id, record in check.cards.items():
        if record.back == "shop":
            check.add(
                "deck.shop",
                f"{_name(record)} is a matrix shop (gold) card; it belongs in the shop, not a personal deck",
                pointer("cards", card_id),
                zh=f"{_zh(record)}是矩阵商店（金色）牌；它属于商店，不能放入个人牌库",
            )


# --------------------------------------------------------------------------
# netrunner


def _netrunner_prepare(check: Check) -> None:
    identities = _resolve_cards(check, ("card", "identity"), "card")
    deck = check.deck
    if deck.identity is not None:
        record = check.pool.records.get(deck.identity)
        if record is None or record.kind != "identity":
            hint, hint_zh = _hints(deck.identity, record, check.pool.records)
            check.add(
                "deck.identity.unknown",
                f"no netrunner identity has id {deck.identity!r}{hint}",
                "/identity",
                zh=f"没有 id 为 {deck.identity!r} 的特性{hint_zh}",
            )
        else:
            check.identity = record
            check.identity_rules = record.deck_rules
    for cid in identities:
        check.add_at(
            "deck.identity.count",
            f"identity {cid!r} is listed among the cards; a deck has one identity",
            "cards",
            cid,
            zh=f"特性 {cid!r} 被列在卡牌中；一副牌组只有一张特性",
        )


def _own_copy_limit(check: Check) -> int | None:
    """The lowest copy limit the identity's own rules set (None: they set none)."""
    own = [rule.max for rule in check.identity_rules if rule.rule == "copy_limit"]
    return min(own) if own else None


def rule_one_identity(check: Check, rule: Any) -> None:
    if check.deck.identity is None:
        check.add("deck.identity.missing", "the deck has no identity", "", zh="牌组没有特性")


def rule_side_match(check: Check, rule: Any) -> None:
    if check.identity is None:
        return
    side = check.identity.side
    corp = side == "corp"
    for card_id, record in check.cards.items():
        if (record.type in CORP_TYPES) is not corp:
            check.add_at(
                "deck.side",
                f"{_name(record)} is a {side_of_type(record.type)} card in a {side} deck",
                "cards",
                card_id,
                zh=f"{_zh(record)}是{_SIDE_ZH[side_of_type(record.type)]}牌，不能放入{_SIDE_ZH[side]}牌组",
            )


_SIDE_ZH = {"corp": "公司", "runner": "潜袭者"}


def rule_identity_min_deck_size(check: Check, rule: Any) -> None:
    size = check.size()
    minimum = check.identity.min_deck_size if check.identity is not None else None
    check.summary["size"] = (size, minimum)
    if minimum is not None and size < minimum:
        check.add(
            "deck.size.min",
            f"{size} cards; {_name(check.identity)} needs at least {minimum}",
            "/cards",
            zh=f"{size} 张牌；{_zh(check.identity)}至少需要 {minimum} 张",
        )


def rule_copy_limit(check: Check, rule: Any) -> None:
    check.summary["copy_limit"] = rule.max
    own = _own_copy_limit(check)
    counts = check.deck.cards
    for card_id, record in check.cards.items():
        limit = record.deck_limit if record.deck_limit is not None else rule.max
        if own is not None and own < limit:
            limit = own
        count = counts[card_id]
        if count > limit:
            check.add_at(
                "deck.copies.over",
                f"{count} copies of {_name(record)}; at most {int(limit)}",
                "cards",
                card_id,
                zh=f"{_zh(record)} {count} 张；至多 {int(limit)} 张",
            )


def _out_of_faction(check: Check, record: Any) -> bool:
    """An agenda a deck may not take: another faction's (neutral agendas are fine)."""
    faction = check.pool.records.get(record.faction)
    neutral = faction is not None and faction.neutral
    return check.identity is not None and record.faction != check.identity.faction and not neutral


def rule_influence_limit(check: Check, rule: Any) -> None:
    """Influence of other factions' cards (neutral ones too: their cost is paid by every faction).

    The ban list in force adds universal faction cost for each copy of its listed
    cards, in-faction too, and its global penalty lowers the limit by each copy of
    its listed cards, to no less than 1 (NetrunnerDB's reading of the NAPD MWL).
    """
    if check.identity is None:
        return
    free = {r.type: r.copies for r in check.identity_rules if r.rule == "influence_free"}
    ban = check.ban
    universal = ban.universal_faction_cost if ban is not None else {}
    global_penalty = ban.global_penalty if ban is not None else {}
    own_faction = check.identity.faction
    counts = check.deck.cards
    spent = 0
    per_faction: Counter[str] = Counter()
    penalty: list[str] = []
    lowered = 0
    for card_id, record in check.cards.items():
        copies = counts[card_id]
        if record.faction != own_faction and record.influence:
            cost = record.influence * max(0, copies - free.get(record.type, 0)) if free else record.influence * copies
            spent += cost
            per_faction[record.faction] += cost
        if card_id in universal:
            cost = universal[card_id] * copies
            spent += cost
            per_faction["universal faction cost"] += cost
        if card_id in global_penalty:
            lowered += global_penalty[card_id] * copies
            penalty.append(f"{_name(record)} ×{copies}")
    base = check.identity.influence_limit
    limit = None if base is None else (max(1, base - lowered) if lowered else base)
    check.summary["influence"] = (spent, limit, dict(per_faction))
    if limit is not None and spent > limit:
        detail = ", ".join(f"{f} {n}" for f, n in sorted(per_faction.items()))
        allows = allows_zh = f"{limit}"
        if lowered:
            allows = f"{limit} ({base} less the global penalty of {_ban_name(ban)}: {', '.join(penalty)})"
            allows_zh = f"{limit}（{base} 减去{_ban_name(ban)}的全局惩罚：{'、'.join(penalty)}）"
        check.add(
            "deck.influence.over",
            f"{spent} influence spent ({detail}); {_name(check.identity)} allows {allows}",
            "/cards",
            zh=f"已用影响力 {spent}（{detail}）；{_zh(check.identity)}允许 {allows_zh}",
        )


def rule_no_out_of_faction_agendas(check: Check, rule: Any) -> None:
    for card_id, record in check.cards.items():
        if record.type == "agenda" and _out_of_faction(check, record):
            check.add_at(
                "deck.agenda.faction",
                f"{_name(record)} is a {record.faction} agenda; a deck takes only its own faction's and neutral agendas",
                "cards",
                card_id,
                zh=f"{_zh(record)}是 {record.faction} 的议案；牌组只能使用本派系和中立的议案",
            )


def agenda_band(size: int, minimum: int) -> tuple[int, int]:
    """Agenda points a corp deck of ``size`` cards needs: 40–44 → 18–19, then +2 per 5 cards."""
    low = max(size, minimum) // 5 * 2 + 2
    return low, low + 1


def rule_agenda_points_band(check: Check, rule: Any) -> None:
    if check.identity is None or check.identity.side != "corp":
        return
    size = check.size()
    counts = check.deck.cards
    points = sum(r.agenda_points * counts[cid] for cid, r in check.cards.items() if r.type == "agenda")
    low, high = agenda_band(size, check.identity.min_deck_size)
    check.summary["agenda_points"] = (points, low, high)
    if not low <= points <= high:
        check.add(
            "deck.agenda.points",
            f"{points} agenda points; a {size}-card deck needs {low}–{high}",
            "/cards",
            zh=f"议案分 {points}；{size} 张牌的牌组需要 {low}–{high} 分",
        )


def _ban_name(ban: BanList | None) -> str:
    if ban is None:
        return "no ban list"
    return ban.name.en or ban.name.zh_hans


def _under(check: Check) -> str:
    """'standard' or 'standard (Standard Ban List 25.08)': where a verdict comes from."""
    mode_id, ban_name = check.summary.get("format", (check.mode.id, None))
    return f"{mode_id} ({ban_name})" if ban_name else str(mode_id)


@dataclass(frozen=True)
class _BanSets:
    """A ban list's verdicts as sets, made once per ban list: ``listed`` is every id it names."""

    banned: frozenset[str]
    restricted: frozenset[str]
    listed: frozenset[str]

    @classmethod
    def of(cls, ban: BanList) -> _BanSets:
        banned, restricted = frozenset(ban.banned), frozenset(ban.restricted)
        return cls(banned, restricted, banned | restricted | frozenset(ban.points))


def rule_ban_list(check: Check, rule: Any) -> None:
    """The ban list in force: banned cards, at most ``restricted_limit`` restricted titles, the points limit.

    The identity counts like any card (NetrunnerDB's reading); points are per title.
    """
    ban = check.ban
    if ban is None:
        return
    sets: _BanSets = check.pool.memoized(("ban", id(ban)), (ban,), lambda: _BanSets.of(ban))
    held: list[tuple[str, str]] = []  # (name, pointer)
    held_zh: list[str] = []
    points: list[tuple[str, int]] = []

    def title(card_id: str, record: Any, ptr: str) -> None:
        what = "identity " if ptr == "/identity" else ""
        if card_id in sets.banned:
            what_zh = "特性" if what else ""
            check.add(
                "deck.banned",
                f"{what}{_name(record)} is banned in {_under(check)}",
                ptr,
                zh=f"{what_zh}{_zh(record)}在{_under(check)}中被禁用",
            )
        if card_id in sets.restricted:
            held.append((_name(record), ptr))
            held_zh.append(_zh(record))
        if card_id in ban.points:
            points.append((f"{_name(record)} {ban.points[card_id]}", ban.points[card_id]))

    listed = sets.listed
    if check.identity is not None and check.identity.id in listed:
        title(check.identity.id, check.identity, "/identity")
    for card_id, record in check.cards.items():
        if card_id in listed:  # the rest pass: no pointer, no name
            title(card_id, record, pointer("cards", card_id))
    if len(held) > ban.restricted_limit:
        check.add(
            "deck.restricted",
            f"{len(held)} restricted titles ({', '.join(c for c, _ in held)}); "
            f"{_under(check)} allows {ban.restricted_limit}",
            held[-1][1],
            zh=f"{len(held)} 种限制牌（{'、'.join(held_zh)}）；{_under(check)}只允许 {ban.restricted_limit} 种",
        )
    if ban.point_limit is not None:
        total = sum(n for _, n in points)
        check.summary["points"] = (total, ban.point_limit)
        if total > ban.point_limit:
            check.add(
                "deck.points.over",
                f"{total} points ({', '.join(p for p, _ in points)}); {_under(check)} allows {ban.point_limit}",
                "/cards",
                zh=f"{total} 点（{'、'.join(p for p, _ in points)}）；{_under(check)}只允许 {ban.point_limit} 点",
            )


def _set_name(check: Check, set_id: str | None) -> str:
    if set_id is None:
        return "no set"
    game_record = check.pool.game_record
    sets = check.pool.memoized(
        ("sets", id(game_record)),
        (game_record,),
        lambda: {s.id: s for s in getattr(game_record, "sets", None) or []},
    )
    known = sets.get(set_id)
    return (known.name.en or known.name.zh_hans) if known is not None else set_id


def _in_sets(record: Any, sets: frozenset[str]) -> bool:
    if record.set is not None and record.set in sets:
        return True
    return any(p.set in sets for p in getattr(record, "printings", None) or [])


def rule_card_pool(check: Check, rule: Any) -> None:
    """Every card and the identity in the format's card pool: a printing in one of its sets.

    Whether a record is in the pool is worked out once per format and record (and again
    only for a record replaced in the pool), not once per deck.
    """
    mode = check.mode
    if mode.sets is None:
        return
    sets, known = check.pool.memoized(("card_pool", id(mode)), (mode,), lambda: (frozenset(mode.sets), {}))

    def inside(card_id: str, record: Any) -> bool:
        hit = known.get(card_id)
        if hit is None or hit[0] is not record:
            hit = known[card_id] = (record, _in_sets(record, sets))
        return bool(hit[1])

    def pool() -> str:
        return f"the {mode.id} pool" + (f" ({mode.pool_name})" if mode.pool_name else "")

    def pool_zh() -> str:
        return f"{mode.id} 卡池" + (f"（{mode.pool_name}）" if mode.pool_name else "")

    identity = check.identity
    if identity is not None and not inside(identity.id, identity):
        check.add(
            "deck.pool",
            f"identity {_name_in_set(check, identity)} is outside {pool()}",
            "/identity",
            zh=f"特性 {_name_in_set(check, identity)} 不在{pool_zh()}中",
        )
    outside = [(card_id, record) for card_id, record in check.cards.items() if not inside(card_id, record)]
    if outside:
        names = [_name_in_set(check, r) for _, r in outside[:POOL_NAMES_SHOWN]]
        more = ", …" if len(outside) > POOL_NAMES_SHOWN else ""
        noun = "card" if len(outside) == 1 else "cards"
        check.add_at(
            "deck.pool",
            f"{len(outside)} {noun} outside {pool()}: {', '.join(names)}{more}",
            "cards",
            outside[0][0],
            zh=f"{len(outside)} 张牌不在{pool_zh()}中：{'、'.join(names)}{more}",
        )


def _name_in_set(check: Check, record: Any) -> str:
    """'对冲基金' (Hedge Fund, Core Set): the name and the set of its first printing."""
    en = record.name.en
    extra = [en] if en and en != record.name.zh_hans else []
    return f"{record.name.zh_hans!r} ({', '.join([*extra, _set_name(check, record.set)])})"


def rule_forbid_faction(check: Check, rule: Any) -> None:
    for card_id, record in check.cards.items():
        if record.faction == rule.faction:
            check.add_at(
                "deck.faction.forbidden",
                f"{_name(record)} is {rule.faction}; {_name(check.identity)} may not use {rule.faction} cards",
                "cards",
                card_id,
                zh=f"{_zh(record)}属于 {rule.faction}；{_zh(check.identity)}不能使用 {rule.faction} 的牌",
            )


# --------------------------------------------------------------------------
# crossfire


def _crossfire_prepare(check: Check) -> None:
    for role_id in check.deck.cards:
        record = check.pool.records.get(role_id)
        if record is None or record.kind != "role":
            hint, hint_zh = _suggest(role_id, check.pool.records)
            check.add(
                "deck.roles.unknown",
                f"no crossfire role has id {role_id!r}{hint}",
                pointer("cards", role_id),
                zh=f"没有 id 为 {role_id!r} 的身份{hint_zh}",
            )
        else:
            check.cards[role_id] = record


def rule_player_count(check: Check, rule: Any) -> None:
    players, deck = check.deck.players, check.deck
    low, high = check.mode.players.min, check.mode.players.max
    if players is None:
        check.add("deck.players.missing", "the role set does not say how many players", "", zh="身份组没有写明玩家人数")
        return
    check.summary["players"] = players
    if not low <= players <= high:
        check.add(
            "deck.players.range",
            f"{players} players; {check.mode.id} mode is for {low}–{high}",
            "/players",
            zh=f"{players} 名玩家；{check.mode_zh}适合 {low}–{high} 人",
        )
    if deck.total() != players:
        check.add(
            "deck.players.count",
            f"{deck.total()} roles for {players} players",
            "/cards",
            zh=f"{players} 名玩家却有 {deck.total()} 张身份牌",
        )


def _diff(expected: dict[str, int], actual: dict[str, int], zh: bool = False) -> str:
    missing = Counter(expected) - Counter(actual)
    extra = Counter(actual) - Counter(expected)
    parts = []
    if missing:
        listed = ", ".join(f"{r} ×{n}" for r, n in sorted(missing.items()))
        parts.append(f"缺少 {listed}" if zh else f"missing {listed}")
    if extra:
        listed = ", ".join(f"{r} ×{n}" for r, n in sorted(extra.items()))
        parts.append(f"多出 {listed}" if zh else f"extra {listed}")
    return ("；" if zh else "; ").join(parts)


def rule_composition(check: Check, rule: Any) -> None:
    players = check.deck.players
    if players is None or not check.mode.players.min <= players <= check.mode.players.max:
        return
    specials = [r for r, rec in check.cards.items() if rec.special and r not in check.mode.public_roles]
    joined = sorted(itertools.chain.from_iterable([r] * check.deck.cards[r] for r in specials))
    actual = {r: n for r, n in check.deck.cards.items() if r in check.cards}
    first_error: str | None = None
    expected: dict[str, int] | None = None
    for order in sorted(set(itertools.permutations(joined))):
        try:
            candidate = role_set(check.mode, players, list(order))
        except ValueError as exc:
            first_error = first_error or str(exc)
            continue
        if candidate == actual:
            return
        expected = expected or candidate
    if expected is None:
        check.add(
            "deck.roles.special",
            f"special roles {joined}: {first_error}",
            "/cards",
            zh=f"特殊身份 {'、'.join(joined)}：{first_error}",
        )
        return
    with_specials = f" with {', '.join(joined)}" if joined else ""
    with_zh = f"（含 {'、'.join(joined)}）" if joined else ""
    check.add(
        "deck.roles.composition",
        f"not the {players}-player {check.mode.id} set-up{with_specials}: {_diff(expected, actual)}",
        "/cards",
        zh=f"不是{check.mode_zh} {players} 人局的身份配置{with_zh}：{_diff(expected, actual, zh=True)}",
    )


def rule_role_count(check: Check, rule: Any) -> None:
    count = check.deck.cards.get(rule.role, 0)
    if count < rule.min or (rule.max is not None and count > rule.max):
        want = (
            f"exactly {rule.min}" if rule.max == rule.min else f"{rule.min}–{rule.max if rule.max is not None else '∞'}"
        )
        want_zh = f"恰好 {rule.min}" if rule.max == rule.min else want
        check.add(
            "deck.roles.count",
            f"{count} × {rule.role!r}; {check.mode.id} mode needs {want}",
            "/cards",
            zh=f"{rule.role!r} ×{count}；{check.mode_zh}需要 {want_zh} 张",
        )


# --------------------------------------------------------------------------
# driver

RULES: dict[str, Callable[[Check, Any], None]] = {
    "deck_size": rule_deck_size,
    "squad_size": rule_squad_size,
    "unique_names": rule_unique_names,
    "exclusive_needs_agent": rule_exclusive_needs_agent,
    "no_tokens": rule_no_tokens,
    "no_shop_cards": rule_no_shop_cards,
    "one_identity": rule_one_identity,
    "side_match": rule_side_match,
    "identity_min_deck_size": rule_identity_min_deck_size,
    "copy_limit": rule_copy_limit,
    "influence_limit": rule_influence_limit,
    "no_out_of_faction_agendas": rule_no_out_of_faction_agendas,
    "agenda_points_band": rule_agenda_points_band,
    "ban_list": rule_ban_list,
    "card_pool": rule_card_pool,
    "forbid_faction": rule_forbid_faction,
    "player_count": rule_player_count,
    "composition": rule_composition,
    "role_count": rule_role_count,
}
PREPARE: dict[str, Callable[[Check], None]] = {
    "tactics": _tactics_prepare,
    "netrunner": _netrunner_prepare,
    "crossfire": _crossfire_prepare,
}
# Rules that others read must run first.
FIRST = ("copy_limit",)
# Rule data that modifies other rules instead of checking anything by itself.
MODIFIERS = {"influence_free"}


@dataclass
class DeckReport:
    findings: list[Finding]
    summary: dict[str, Any]
    mode: Any

    @property
    def legal(self) -> bool:
        return not any(f.severity == "error" for f in self.findings)


def ban_list_ids(mode: Any) -> list[str]:
    """Ids of the ban lists a mode (netrunner format) knows, oldest first."""
    return [b.id for b in getattr(mode, "ban_lists", None) or []]


def _ban_list(mode: Any, wanted: str | None) -> tuple[BanList | None, bool]:
    """(the ban list in force, whether it is a named one) for a netrunner format."""
    if wanted is not None:
        return mode.find_ban_list(wanted), True
    if mode.ban_list is not None:
        return mode.find_ban_list(mode.ban_list), True
    inline = BanList(
        id=mode.id,
        name=mode.name,
        banned=mode.banned,
        restricted=mode.restricted,
        restricted_limit=mode.restricted_limit,
    )
    return inline, False


def validate_deck(deck: Deck, pool: DeckPool, mode_id: str | None = None, ban_list: str | None = None) -> DeckReport:
    """Every finding for ``deck`` under its mode's rules (or ``mode_id``'s).

    For a netrunner format, ``ban_list`` picks one of the format's ban lists
    instead of the one in force (``deck.banlist.unknown`` if it has none such).
    """
    game = pool.game(deck.game)
    wanted = mode_id or deck.mode
    mode = game.modes.get(wanted)
    if mode is None:
        finding = Finding(
            "deck.mode.unknown",
            f"{deck.game} has no mode {wanted!r}; modes: {sorted(game.modes)}",
            "error",
            None,
            "/mode",
            zh=f"{deck.game} 没有 {wanted!r} 模式；现有模式：{'、'.join(sorted(game.modes))}",
        )
        return DeckReport([finding], {}, None)
    if ban_list is not None and ban_list not in ban_list_ids(mode):
        known = ban_list_ids(mode)
        finding = Finding(
            "deck.banlist.unknown",
            f"{deck.game} {mode.kind} {mode.id!r} has no ban list {ban_list!r}; "
            + (f"ban lists: {', '.join(known)}" if known else "it has no named ban lists"),
            "error",
            None,
            "/mode",
            zh=f"{mode.id!r} 没有禁限表 {ban_list!r}；"
            + (f"现有禁限表：{'、'.join(known)}" if known else "它没有具名的禁限表"),
        )
        return DeckReport([finding], {}, mode)
    check = Check(deck, game, mode)
    if mode.kind == "format":  # an inline ban list is a model made once per format, not once per deck
        check.ban, named = game.memoized(("ban_list", id(mode), ban_list), (mode,), lambda: _ban_list(mode, ban_list))
        check.summary["format"] = (mode.id, _ban_name(check.ban) if named else None)
        check.summary["pool"] = mode.sets is not None
    if mode.status == "incomplete":
        check.add(
            "deck.mode.incomplete",
            f"the rules leave {mode.name.zh_hans} ({mode.id}) unspecified, so no deck can be verified for it",
            "/mode",
            zh=f"规则没有写明{mode.name.zh_hans}（{mode.id}）的构筑要求，无法验证这种模式的牌组",
        )
    PREPARE[deck.game](check)
    identity = check.identity
    plan = game.memoized(("rules", id(mode), id(identity)), (mode, identity), lambda: _rule_plan(mode, check))
    for rule in plan:
        RULES[rule.rule](check, rule)
    return DeckReport(check.findings, check.summary, mode)


def _rule_plan(mode: Any, check: Check) -> list[Any]:
    """The rules to run, in order: the mode's, then the identity's own kinds; the ones others read first;
    modifiers left out (the rules they modify read them). The same for every deck of a mode and identity."""
    rules = list(mode.deck_rules)
    kinds = {x.rule for x in rules}
    own = [r for r in check.identity_rules if r.rule not in kinds]
    ordered = sorted(rules + own, key=lambda r: r.rule not in FIRST)
    return [rule for rule in ordered if rule.rule not in MODIFIERS]


def summary_line(
    deck: Deck,
    report: DeckReport,
    errors: int | None = None,
    *,
    lang: str = "en",
    name: Callable[[str], str] | None = None,
) -> str:
    """One line in the manner of NetrunnerDB's deck summary, in ``lang`` (zh-Hans or en).

    ``errors`` counts every error found for the deck (reading it included); by
    default the report's own. ``name`` gives a role's name for an id (crossfire;
    default: the id).
    """
    s = report.summary
    parts: list[str] = []

    def bound(low: Any, high: Any) -> str:
        return t(lang, "min {n}", n=low) if high is None else f"{low}" if low == high else f"{low}–{high}"

    if deck.game == "tactics":
        if "size" in s:
            size, low, high, counted = s["size"]
            what = t(lang, "cards and agents") if counted == "cards and agents" else t(lang, "command cards")
            parts.append(t(lang, "{n} {counted} ({bound})", n=size, counted=what, bound=bound(low, high)))
        if "squad" in s:
            count, low, high = s["squad"]
            parts.append(tn(lang, "{n} agent ({bound})", "{n} agents ({bound})", count, bound=bound(low, high)))
    elif deck.game == "netrunner":
        if "size" in s:
            size, minimum = s["size"]
            parts.append(
                t(lang, "{n} cards (min {min})", n=size, min=minimum)
                if minimum is not None
                else tn(lang, "{n} card", "{n} cards", size)
            )
        if "influence" in s:
            spent, limit, _ = s["influence"]
            parts.append(t(lang, "{spent}/{limit} influence", spent=spent, limit=limit if limit is not None else "∞"))
        if "points" in s:
            points, limit = s["points"]
            parts.append(t(lang, "{n}/{limit} points", n=points, limit=limit))
        if "agenda_points" in s:
            points, low, high = s["agenda_points"]
            between = f"{low}–{high}"
            parts.append(t(lang, "{n} agenda points ({bound})", n=points, bound=between))
        mode_id, ban_name = s.get("format", (None, None))
        if ban_name or s.get("pool"):
            parts.append(f"{mode_id} · {ban_name or t(lang, 'no ban list')}")
    else:
        players = s.get("players", deck.players)
        roles = t(lang, ", ").join(f"{name(r) if name else r} {n}" for r, n in sorted(deck.cards.items()))
        parts.append(f"{t(lang, '{n} players', n=players)} · {roles}")
    if errors is None:
        errors = sum(1 for f in report.findings if f.severity == "error")
    verdict = t(lang, "legal") if errors == 0 else tn(lang, "illegal ({n} error)", "illegal ({n} errors)", errors)
    return " · ".join([*parts, verdict])
