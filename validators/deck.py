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
  ``deck.banlist.unknown``, ``deck.faction.forbidden``, ``deck.agenda.per_faction``, ``deck.draft_only``;
  warnings ``deck.identity.unchecked`` (an identity's deck-building text no rule models) and
  ``deck.alliance.unchecked`` (an alliance card whose condition no data models: its influence counts)
- every game: the warning ``deck.text.unreadable`` (an ability text of a card, agent, identity or role of the
  deck that does not parse: the deck is legal, but the interpreter cannot run that text)
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

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from toolkit.decks.formats import ban_list_formats, ban_list_id, side_ids, suggest_ids
from toolkit.decks.stats import in_pile
from toolkit.errors import DossierError
from toolkit.i18n import current_lang, name_of, t, tc, tn, tr, trn, word
from toolkit.jsonio import pointer
from toolkit.models import RecordBase, namespace
from toolkit.models.crossfire import composition_problem, role_count_problem
from toolkit.models.deck import Deck
from toolkit.models.netrunner import CORP_TYPES, BanList

from .findings import Finding, Severity

DEFAULT_COPY_LIMIT = 3
ALLIANCE = "alliance"  # the subtype of netrunner cards that cost no influence when the deck meets their condition
DRAFT = "draft"  # the id of the netrunner format draft-only identities are for
UNIVERSAL = "universal faction cost"  # the key of a ban list's universal faction cost in the influence summary


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

    def add(self, code: str, message: str, ptr: str = "", severity: Severity = "error") -> None:
        """A finding; ``message`` is worded in the current language (:func:`toolkit.i18n.tr`)."""
        self.findings.append(Finding(code, message, severity, None, ptr or None))

    def add_at(self, code: str, message: str, *tokens: str | int) -> None:
        """A finding at ``/tokens…``: the pointer is formed here, for the finding, never for a card that passes."""
        self.findings.append(Finding(code, message, "error", None, pointer(*tokens)))

    @property
    def mode_name(self) -> str:
        """The mode's name in the current language (its id when it has none)."""
        return _mode_name(self.mode)

    def faction(self, faction_id: str) -> str:
        """A faction's name in the current language (its id when the pool has no such faction)."""
        record = self.pool.records.get(faction_id)
        return _name(record) if record is not None and getattr(record, "name", None) is not None else faction_id

    def role(self, role_id: str) -> str:
        """A crossfire role's name in the current language (its id when the pool has no such role)."""
        record = self.pool.records.get(role_id)
        return _name(record) if record is not None and getattr(record, "name", None) is not None else role_id

    def size(self) -> int:
        """Copies of the resolved cards of the identity's side (netrunner, RULINGS N2): the identity, unknown ids
        and the other side's cards (``deck.side``'s findings, as influence leaves them out) not counted, so a deck
        that holds one and too few cards is told both at once."""
        counts = self.deck.cards
        side = getattr(self.identity, "side", None)
        if side is None:
            return sum(counts[cid] for cid in self.cards)
        corp = side == "corp"
        return sum(counts[cid] for cid, record in self.cards.items() if (record.type in CORP_TYPES) is corp)

    def own_side(self, record: Any) -> bool:
        """Whether ``record`` is of the identity's side (netrunner; any card when there is no identity): the other
        side's card is ``deck.side``'s finding alone."""
        side = getattr(self.identity, "side", None)
        return side is None or (record.type in CORP_TYPES) is (side == "corp")


def _listed(items: Iterable[str]) -> str:
    """Items one after another as the current language lists them (``a, b`` / ``a、b``)."""
    # TRANSLATORS: the separator of a list of names or ids in a finding
    return tr(", ").join(items)


def _name(record: Any) -> str:
    """A record's name in the current language (the one findings are worded in)."""
    return name_of(record, current_lang())


def _game(game: str) -> str:
    """A game's name in the current language."""
    return word("game", game, current_lang())


def _mode_name(mode: Any) -> str:
    return _name(mode) if getattr(mode, "name", None) is not None else str(mode.id)


def _kind(kind: str) -> str:
    """A kind of record as a word of the current language."""
    return {
        "card": tr("card"),
        "identity": tr("identity"),
        "agent": tr("agent"),
        "role": tr("role"),
        "faction": tr("faction"),
        "map": tr("map"),
        "command card": tr("command card"),
    }.get(kind, kind)


def kind_hint(record: Any) -> str:
    """What to add to "no such record" when the id or name is another kind of record's: `` (it is a card)``."""
    return tr(" (it is a {kind})", kind=_kind(record.kind))


def _hints(record_id: str, record: Any, records: Iterable[str]) -> str:
    """What to add to "no such record": the kind of the record of that id, or the ids it may be a slip for."""
    if record is not None:
        return kind_hint(record)
    return suggest_ids(record_id, records)


def _ids_of(check: Check, kind: str, side: str | None = None) -> list[str]:
    """The ids of the pool's records of ``kind`` (of ``side`` too, when given): what a slip in a field that names
    one kind of record is offered (an identity field is offered identities, never an agenda)."""
    return [
        rid
        for rid, r in check.pool.records.items()
        if r.kind == kind and (side is None or getattr(r, "side", None) == side)
    ]


def _deck_side(check: Check) -> str | None:
    """The side most of the deck's resolved cards are of (netrunner), None when there are none or it is a tie."""
    sides = Counter("corp" if r.type in CORP_TYPES else "runner" for r in check.cards.values())
    ranked = sides.most_common()
    if not ranked or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
        return None
    return ranked[0][0]


# --------------------------------------------------------------------------
# resolution shared by the games


def _resolve_cards(check: Check, kinds: tuple[str, ...], what: str) -> list[str]:
    """Resolve the deck's card ids into ``check.cards``; the ids that are identities when ``kinds`` allows
    them are returned instead, in deck order (netrunner lists them as findings)."""
    records, cards = check.pool.records, check.cards
    identities: list[str] = []
    prefer = side_ids(check.deck, records)  # a slip is offered the cards of the deck's side (its identity's)
    for card_id in check.deck.cards:
        record = records.get(card_id)
        if record is None:
            check.add_at(
                "deck.card.unknown",
                tr(
                    "no {game} {what} has id {id}{hint}",
                    game=_game(check.deck.game),
                    what=_kind(what),
                    id=repr(card_id),
                    hint=suggest_ids(card_id, records, prefer),
                ),
                "cards",
                card_id,
            )
        elif record.kind not in kinds:
            from toolkit.decks.formats import kind_with_article

            check.add_at(
                "deck.card.kind",
                tr("{name} ({id}) is {kind}, not {what}", name=_name(record), id=repr(card_id),
                   kind=kind_with_article(record.kind), what=kind_with_article(what)),  # fmt: skip
                "cards",
                card_id,
            )
        elif record.kind == "identity":
            identities.append(card_id)
        else:
            cards[card_id] = record
    return identities


# --------------------------------------------------------------------------
# tactics


def _tactics_prepare(check: Check) -> None:
    _resolve_cards(check, ("card",), "command card")
    agents = []
    for i, agent_id in enumerate(check.deck.agents or []):
        record = check.pool.records.get(agent_id)
        if record is None or record.kind != "agent":
            check.add(
                "deck.agent.unknown",
                tr(
                    "no {game} agent has id {id}{hint}",
                    game=_game("tactics"),
                    id=repr(agent_id),
                    hint=_hints(agent_id, record, _ids_of(check, "agent")),
                ),
                pointer("agents", i),
            )
        else:
            agents.append(record)
    check.summary["agents"] = agents


def _tactics_size(check: Check) -> int:
    """Copies of the command cards that may be in a personal deck: an unknown id, an agent or other record listed
    among the cards, a token and a matrix shop card are findings of their own and never count, so a deck that
    holds one and too few cards is told both at once."""
    counts = check.deck.cards
    size = sum(counts[cid] for cid, record in check.cards.items() if in_pile(record))
    if check.mode.agents_count_toward_deck_size:
        size += len(_squad_places(check))
    return size


def rule_deck_size(check: Check, rule: Any) -> None:
    size = _tactics_size(check)
    with_agents = check.mode.agents_count_toward_deck_size
    counted = "cards and agents" if with_agents else "command cards"
    check.summary["size"] = (size, rule.min, rule.max, counted)
    if with_agents:
        what = trn("{n} card (agents included)", "{n} cards (agents included)", size)
    else:
        what = trn("{n} command card", "{n} command cards", size)
    if rule.min is not None and size < rule.min:
        check.add(
            "deck.size.min",
            tr("{cards}; {mode} needs at least {min}", cards=what, mode=check.mode_name, min=rule.min),
            "/cards",
        )
    if rule.max is not None and size > rule.max:
        check.add(
            "deck.size.max",
            tr("{cards}; {mode} allows at most {max}", cards=what, mode=check.mode_name, max=rule.max),
            "/cards",
        )


def _squad_places(check: Check) -> list[int]:
    """Where the squad's agents stand in the deck's list of agents: an id that names no agent (an unknown id, a card's)
    is a finding of its own (``deck.agent.unknown``) and never one of the squad, as an unknown card never counts toward
    the deck's size."""
    records = check.pool.records
    return [i for i, agent_id in enumerate(check.deck.agents or [])
            if (record := records.get(agent_id)) is not None and record.kind == "agent"]  # fmt: skip


def rule_squad_size(check: Check, rule: Any) -> None:
    places = _squad_places(check)
    count = len(places)
    low, high = check.mode.starting_agents, check.mode.max_agents
    check.summary["squad"] = (count, low, high)
    squad = trn("{n} agent in the squad", "{n} agents in the squad", count)
    if count < low:
        check.add(
            "deck.squad.min",
            tr("{squad}; {mode} needs at least {min}", squad=squad, mode=check.mode_name, min=low),
            "/agents",
        )
    if count > high:  # at the first agent past the limit (its line in a text list)
        check.add(
            "deck.squad.max",
            tr("{squad}; {mode} allows at most {max}", squad=squad, mode=check.mode_name, max=high),
            pointer("agents", places[high]),
        )


def rule_unique_names(check: Check, rule: Any) -> None:
    if rule.of == "command":
        by_name: dict[str, list[str]] = {}
        shown: dict[str, str] = {}
        for card_id, record in check.cards.items():
            if not in_pile(record):  # a token or shop card is deck.token's or deck.shop's finding alone
                continue
            by_name.setdefault(record.name.zh_hans, []).extend([card_id] * check.deck.cards[card_id])
            shown.setdefault(record.name.zh_hans, _name(record))
        for name, ids in by_name.items():
            if len(ids) > 1:
                check.add(
                    "deck.names.duplicate",
                    trn(
                        "{n} command card named {name}; a personal deck holds one card of each name",
                        "{n} command cards named {name}; a personal deck holds one card of each name",
                        len(ids),
                        name=shown[name],
                    ),
                    pointer("cards", ids[1]),  # the copy that is one too many (its line in a text list)
                )
    else:
        seen: dict[str, int] = {}
        for i, agent in enumerate(check.summary.get("agents", [])):
            if agent.private:
                continue
            name = agent.name.zh_hans
            if name in seen:
                privates = [a for a in check.pool.records.values() if getattr(a, "kind", None) == "agent" and a.private]
                check.add(
                    "deck.agents.duplicate",
                    tr(
                        "agent {name} is in the squad twice; only {private} may repeat",
                        name=_name(agent),
                        private=_name(privates[0]) if privates else tr("privates"),
                    ),
                    pointer("agents", i),
                )
            seen.setdefault(name, i)


def rule_exclusive_needs_agent(check: Check, rule: Any) -> None:
    squad = {a.id for a in check.summary.get("agents", [])}
    for card_id, record in check.cards.items():
        if record.agent is not None and record.agent not in squad:
            agent = check.pool.records.get(record.agent)
            check.add(
                "deck.exclusive.agent",
                tr(
                    "{card} is exclusive to agent {agent}, who is not in the squad",
                    card=_name(record),
                    agent=_name(agent) if agent is not None else repr(record.agent),
                ),
                pointer("cards", card_id),
            )


def rule_no_tokens(check: Check, rule: Any) -> None:
    for card_id, record in check.cards.items():
        if record.token is not None:
            check.add(
                "deck.token",
                tr("{card} is a token card; tokens never go in a deck", card=_name(record)),
                pointer("cards", card_id),
            )


def rule_no_shop_cards(check: Check, rule: Any) -> None:
    for card_id, record in check.cards.items():
        if record.back == "shop":
            check.add(
                "deck.shop",
                tr(
                    "{card} is a matrix shop (gold) card; it belongs in the shop, not a personal deck",
                    card=_name(record),
                ),
                pointer("cards", card_id),
            )


# --------------------------------------------------------------------------
# netrunner


def _netrunner_prepare(check: Check) -> None:
    identities = _resolve_cards(check, ("card", "identity"), "card")
    deck = check.deck
    if deck.identity is not None:
        record = check.pool.records.get(deck.identity)
        if record is None or record.kind != "identity":
            check.add(
                "deck.identity.unknown",
                tr(
                    "no {game} identity has id {id}{hint}",
                    game=_game("netrunner"),
                    id=repr(deck.identity),
                    # identities of the deck's side, else any: never a card of another kind
                    hint=_hints(deck.identity, record, _ids_of(check, "identity", _deck_side(check)))
                    or _hints(deck.identity, record, _ids_of(check, "identity")),
                ),
                "/identity",
            )
        else:
            check.identity = record
            check.identity_rules = record.deck_rules
    elif len(identities) == 1:
        # no identity, and one among the cards: said once, where it is and where it goes; the deck is checked with it
        # as its identity (its size, its influence), as NetrunnerDB's JSON and text lists give an identity
        record = check.pool.records[identities[0]]
        check.identity = record
        check.identity_rules = record.deck_rules
        check.add_at(
            "deck.identity.missing",
            tr("the deck has no identity, but {card} is listed among its cards; give it as {field}",
               card=_name(record), field=repr("identity")),
            "cards",
            record.id,
        )  # fmt: skip
        return
    for cid in identities:  # named as every other finding names a card: by its name in the reader's language
        check.add_at(
            "deck.identity.count",
            tr("identity {card} is listed among the cards; a deck has one identity",
               card=_name(check.pool.records[cid])),
            "cards",
            cid,
        )  # fmt: skip


# An identity's own deck rules as the rules below read them: `deck new --fill` (toolkit.decks.netrunner_fill)
# builds its deck by the same readings, so every identity a legal deck exists for is filled legally.


def own_copy_limit(rules: Iterable[Any]) -> int | None:
    """The lowest copy limit an identity's own ``rules`` set (None: they set none)."""
    own = [rule.max for rule in rules if rule.rule == "copy_limit"]
    return min(own) if own else None


def other_faction_agendas(rules: Iterable[Any]) -> tuple[bool, int | None]:
    """(whether an identity's own ``rules`` let its deck take other factions' agendas, at most how many different
    titles of each other faction: None for any) (``out_of_faction_agendas``)."""
    allowed = [rule for rule in rules if rule.rule == "out_of_faction_agendas"]
    caps = [rule.per_faction for rule in allowed if rule.per_faction is not None]
    return bool(allowed), min(caps) if caps else None


def forbidden_factions(rules: Iterable[Any]) -> frozenset[str]:
    """The factions an identity's own ``rules`` forbid its deck (``forbid_faction``)."""
    return frozenset(rule.faction for rule in rules if rule.rule == "forbid_faction")


def out_of_faction(identity: Any, record: Any, factions: Mapping[str, Any]) -> bool:
    """Whether ``record`` is of another faction than ``identity``'s and not a neutral one (``factions``: the
    game's records by id): an agenda such a deck takes only by the identity's own rule."""
    faction = factions.get(record.faction)
    neutral = faction is not None and faction.neutral
    return record.faction != identity.faction and not neutral


def _own_copy_limit(check: Check) -> int | None:
    """The lowest copy limit the identity's own rules set (None: they set none)."""
    return own_copy_limit(check.identity_rules)


def rule_one_identity(check: Check, rule: Any) -> None:
    if check.deck.identity is None and check.identity is None:  # (one among the cards: said where it is)
        check.add(
            "deck.identity.missing",
            # a jinteki.net list (`deck convert --to jinteki`) names none: the site's editor chooses it
            tr("the deck has no identity; name it on a line of its own above the cards of a text list (jinteki.net's "
               "lists leave it out), or as {field} in a JSON deck", field=repr("identity")),
            "",
        )  # fmt: skip


def rule_side_match(check: Check, rule: Any) -> None:
    if check.identity is None:
        return
    side = check.identity.side
    corp = side == "corp"
    for card_id, record in check.cards.items():
        if (record.type in CORP_TYPES) is not corp:
            message = (
                tr("{card} is a runner card in a corp deck", card=_name(record))
                if corp
                else tr("{card} is a corp card in a runner deck", card=_name(record))
            )
            check.add_at("deck.side", message, "cards", card_id)


def rule_identity_min_deck_size(check: Check, rule: Any) -> None:
    size = check.size()
    minimum = check.identity.min_deck_size if check.identity is not None else None
    check.summary["size"] = (size, minimum)
    if minimum is not None and size < minimum:
        check.add(
            "deck.size.min",
            tr(
                "{cards}; {identity} needs at least {min}",
                cards=trn("{n} card", "{n} cards", size),
                identity=_name(check.identity),
                min=minimum,
            ),
            "/cards",
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
            check.add_at("deck.copies.over", _copies_over(check, record, count, int(limit), rule.max), "cards", card_id)


def _copies_over(check: Check, record: Any, count: int, limit: int, usual: int) -> str:
    """'3 copies of Sure Gamble; …' with the rule that sets the limit, as deck.influence.over names its identity:
    the card's own where it differs from the format's ``usual`` one (``Limit 1 per deck``), else the identity's
    (one copy of each card), else the format's."""
    if record.deck_limit is not None and record.deck_limit == limit != usual:
        return trn(
            "{n} copy of {card}; the card itself allows at most {max} per deck",
            "{n} copies of {card}; the card itself allows at most {max} per deck",
            count,
            card=_name(record),
            max=limit,
        )
    if _own_copy_limit(check) == limit and check.identity is not None:
        return trn(
            "{n} copy of {card}; {identity} allows at most {max} of each card",
            "{n} copies of {card}; {identity} allows at most {max} of each card",
            count,
            card=_name(record),
            identity=_name(check.identity),
            max=limit,
        )
    return trn(
        "{n} copy of {card}; {format} allows at most {max} of each card",
        "{n} copies of {card}; {format} allows at most {max} of each card",
        count,
        card=_name(record),
        format=check.mode_name,
        max=limit,
    )


def _out_of_faction(check: Check, record: Any) -> bool:
    """An agenda a deck may not take: another faction's (neutral agendas are fine)."""
    return check.identity is not None and out_of_faction(check.identity, record, check.pool.records)


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
    corp = check.identity.side == "corp"
    counts = check.deck.cards
    spent = 0
    per_faction: Counter[str] = Counter()
    per_card: dict[str, int] = {}
    penalty: list[str] = []
    lowered = 0
    for card_id, record in check.cards.items():
        if (record.type in CORP_TYPES) is not corp:
            continue  # the other side's card is deck.side's error; it spends none of this identity's influence
        copies = counts[card_id]
        if record.faction != own_faction and record.influence:
            cost = record.influence * max(0, copies - free.get(record.type, 0)) if free else record.influence * copies
            if cost and _alliance_free(check, card_id, record, cost):
                cost = 0
            if cost:  # a card the identity or its condition makes free is not named among the costs
                spent += cost
                per_faction[record.faction] += cost
                per_card[card_id] = cost
        if card_id in universal:
            cost = universal[card_id] * copies
            spent += cost
            per_faction[UNIVERSAL] += cost
            per_card[card_id] = per_card.get(card_id, 0) + cost
        if card_id in global_penalty:
            lowered += global_penalty[card_id] * copies
            penalty.append(tr("{card} ×{n}", card=_name(record), n=copies))
    base = check.identity.influence_limit
    limit = None if base is None else (max(1, base - lowered) if lowered else base)
    check.summary["influence"] = (spent, limit, dict(per_faction))
    check.summary["influence_by_card"] = {card_id: n for card_id, n in per_card.items() if n}
    if limit is not None and spent > limit:
        detail = _listed(
            tr("{faction} {n}", faction=tr("universal faction cost") if f == UNIVERSAL else check.faction(f), n=n)
            for f, n in sorted(per_faction.items())
        )
        allows = str(limit)
        if lowered:
            allows = tr(
                "{limit} ({base} less the global penalty of {ban_list}: {cards})",
                limit=limit,
                base=base,
                ban_list=_ban_name(ban),
                cards=_listed(penalty),
            )
        check.add(
            "deck.influence.over",
            tr(
                "{spent} influence spent ({detail}); {identity} allows {allows}",
                spent=spent,
                detail=detail,
                identity=_name(check.identity),
                allows=allows,
            ),
            "/cards",
        )


def _condition_count(check: Check, condition: Any) -> int:
    """Copies in the deck of the cards an alliance condition counts (the identity never counts)."""
    counts = check.deck.cards
    return sum(
        counts[card_id]
        for card_id, record in check.cards.items()
        if (condition.type is None or record.type == condition.type)
        and (condition.faction is None or record.faction == condition.faction)
        and (condition.card is None or card_id == condition.card)
        and not (condition.non_alliance and ALLIANCE in record.subtypes)
    )


def _alliance_free(check: Check, card_id: str, record: Any, cost: int) -> bool:
    """Whether the deck meets the card's condition for costing no influence (``influence_free_if``). An alliance
    card without a condition Dossier can read is a warning (its ``cost`` is counted), never a silent count."""
    condition = getattr(record, "influence_free_if", None)
    if condition is None:
        if ALLIANCE in (getattr(record, "subtypes", None) or []):
            check.findings.append(
                Finding(
                    "deck.alliance.unchecked",
                    tr(
                        "{card} is an alliance card whose condition for costing no influence is not checked; "
                        "its {n} influence is counted",
                        card=_name(record),
                        n=cost,
                    ),
                    "warning",
                    None,
                    pointer("cards", card_id),
                )
            )
        return False
    count = _condition_count(check, condition)
    return (condition.min is None or count >= condition.min) and (condition.max is None or count <= condition.max)


def _any_faction_agendas(check: Check) -> bool:
    """Whether the identity may take other factions' agendas (``out_of_faction_agendas``)."""
    return other_faction_agendas(check.identity_rules)[0]


def rule_no_out_of_faction_agendas(check: Check, rule: Any) -> None:
    if _any_faction_agendas(check):
        return  # the identity's own rule says how many it may take (rule_out_of_faction_agendas)
    for card_id, record in check.cards.items():  # (the other side's card is deck.side's finding alone)
        if record.type == "agenda" and check.own_side(record) and _out_of_faction(check, record):
            check.add_at(
                "deck.agenda.faction",
                tr(
                    "{card} is an agenda of {faction}; a deck takes only its own faction's and neutral agendas",
                    card=_name(record),
                    faction=check.faction(record.faction),
                ),
                "cards",
                card_id,
            )


def rule_out_of_faction_agendas(check: Check, rule: Any) -> None:
    """Identity exception: other factions' agendas allowed, at most ``per_faction`` different titles of each
    other non-neutral faction."""
    if rule.per_faction is None or check.identity is None:
        return
    by_faction: dict[str, list[str]] = {}
    for card_id, record in check.cards.items():
        if record.type == "agenda" and check.own_side(record) and _out_of_faction(check, record):
            by_faction.setdefault(record.faction, []).append(card_id)
    for faction, ids in sorted(by_faction.items()):
        if len(ids) > rule.per_faction:
            check.add_at(
                "deck.agenda.per_faction",
                trn(
                    "{n} agenda of {faction} ({cards}); {identity} allows {max} of each other faction",
                    "{n} different agendas of {faction} ({cards}); {identity} allows {max} of each other faction",
                    len(ids),
                    faction=check.faction(faction),
                    cards=_listed(_name(check.cards[i]) for i in ids),
                    identity=_name(check.identity),
                    max=rule.per_faction,
                ),
                "cards",
                ids[-1],
            )


def rule_draft_only(check: Check, rule: Any) -> None:
    """Identity exception: "Draft format only"; a format that is not Draft (by id, or a snapshot of it) refuses it."""
    mode = check.mode
    if check.identity is None or DRAFT in (mode.id, getattr(mode, "snapshot_of", None)):
        return
    check.add(
        "deck.draft_only",
        tr("identity {card} is for the Draft format only; {format} is not Draft", card=_name(check.identity),
           format=check.mode_name),
        "/identity",
    )  # fmt: skip


def rule_not_checked(check: Check, rule: Any) -> None:
    """The identity's deck-building text that no rule models: a warning, so the verdict is not taken as whole."""
    if check.identity is None:
        return
    check.add(
        "deck.identity.unchecked",
        tr(
            "{identity} has a deck-building rule in its text that Dossier does not check; check the deck "
            "against the identity's text by hand",
            identity=_name(check.identity),
        ),
        "/identity",
        "warning",
    )


def agenda_band(size: int, minimum: int) -> tuple[int, int]:
    """Agenda points a corp deck of ``size`` cards needs: 40–44 → 18–19, then +2 per 5 cards; a deck smaller
    than the identity's ``minimum`` needs the band of the minimum (the one rule of ``deck validate`` and the
    NetrunnerDB text export)."""
    low = max(size, minimum) // 5 * 2 + 2
    return low, low + 1


def rule_agenda_points_band(check: Check, rule: Any) -> None:
    if check.identity is None or check.identity.side != "corp":
        return
    size = check.size()
    counts = check.deck.cards
    points = sum(r.agenda_points * counts[cid] for cid, r in check.cards.items() if r.type == "agenda")
    minimum = check.identity.min_deck_size
    low, high = agenda_band(size, minimum)
    check.summary["agenda_points"] = (points, low, high)
    if not low <= points <= high:
        if size < minimum:  # the band of the minimum size, and the message says which size it counts
            message = trn(
                "{n} agenda point; a deck below the minimum size counts as {size} cards, which need {low}–{high}",
                "{n} agenda points; a deck below the minimum size counts as {size} cards, which need {low}–{high}",
                points,
                size=minimum,
                low=low,
                high=high,
            )
        else:
            message = trn(
                "{n} agenda point; a {size}-card deck needs {low}–{high}",
                "{n} agenda points; a {size}-card deck needs {low}–{high}",
                points,
                size=size,
                low=low,
                high=high,
            )
        check.add("deck.agenda.points", message, "/cards")


def _ban_name(ban: BanList | None) -> str:
    """The ban list's name in the current language."""
    if ban is None:
        return tr("no ban list")
    return _name(ban)


def _under(check: Check) -> str:
    """'Standard' or 'Standard (Standard Ban List 25.08)': where a verdict comes from (in the current language)."""
    named = check.summary.get("format", (check.mode.id, None))[1] is not None
    mode = check.mode_name
    return tr("{format} ({ban_list})", format=mode, ban_list=_ban_name(check.ban)) if named else mode


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

    The identity counts like any card (NetrunnerDB's reading); points are per title. A card or identity for the
    starter game only ("Starter game only", ``starter_only``) is allowed by no format.
    """
    starters = [(card_id, r) for card_id, r in [*check.cards.items()] if getattr(r, "starter_only", False)]
    if check.identity is not None and getattr(check.identity, "starter_only", False):
        starters.insert(0, (check.identity.id, check.identity))
    for card_id, record in starters:  # "Starter game only": outside every format's pool
        message = tr("{card} is for the starter game only", card=_name(record))
        if record is check.identity:
            check.add("deck.starter_only", message, "/identity")
        else:
            check.add_at("deck.starter_only", message, "cards", card_id)
    ban = check.ban
    if ban is None:
        return
    sets: _BanSets = check.pool.memoized(("ban", id(ban)), (ban,), lambda: _BanSets.of(ban))
    held: list[tuple[str, str]] = []  # (name, pointer)
    points: list[tuple[str, int, str]] = []  # (name and points, points, pointer)

    def title(card_id: str, record: Any, ptr: str) -> None:
        if card_id in sets.banned:
            if ptr == "/identity":
                message = tr("identity {card} is banned in {format}", card=_name(record), format=_under(check))
            else:
                message = tr("{card} is banned in {format}", card=_name(record), format=_under(check))
            check.add("deck.banned", message, ptr)
        if card_id in sets.restricted:
            held.append((_name(record), ptr))
        if card_id in ban.points:
            points.append((tr("{card} {n}", card=_name(record), n=ban.points[card_id]), ban.points[card_id], ptr))

    listed = sets.listed
    if check.identity is not None and check.identity.id in listed:
        title(check.identity.id, check.identity, "/identity")
    for card_id, record in check.cards.items():
        if card_id in listed:  # the rest pass: no pointer, no name
            title(card_id, record, pointer("cards", card_id))
    if len(held) > ban.restricted_limit:
        check.add(
            "deck.restricted",
            tr(
                "{n} restricted titles ({cards}); {format} allows {max}",
                n=len(held),
                cards=_listed(c for c, _ in held),
                format=_under(check),
                max=ban.restricted_limit,
            ),
            held[-1][1],
        )
    if ban.max_3_point_agendas is not None:
        _three_point_agendas(check, ban.max_3_point_agendas)
    if ban.point_limit is not None:
        total = sum(n for _, n, _ in points)
        check.summary["points"] = (total, ban.point_limit)
        if total > ban.point_limit:
            check.add(
                "deck.points.over",
                tr(
                    "{n} points ({cards}); {format} allows {max}",
                    n=total,
                    cards=_listed(p for p, _, _ in points),
                    format=_under(check),
                    max=ban.point_limit,
                ),
                points[0][2],  # at the first title that carries points (the identity's line, else a card's)
            )


def _three_point_agendas(check: Check, cap: int) -> None:
    """NetrunnerDB's ``max_3_point_agendas``: at most ``cap`` agendas worth 3 or more points, copies counted;
    the finding names the restriction, its ban list and every such agenda."""
    held = [
        (card_id, record, check.deck.cards[card_id])
        for card_id, record in check.cards.items()
        if getattr(record, "type", None) == "agenda" and (getattr(record, "agenda_points", 0) or 0) >= 3
    ]
    total = sum(n for _, _, n in held)
    if total > cap:
        check.add(
            "deck.max_3_point_agendas",
            tr(
                "{n} agendas worth 3 or more points ({cards}); {restriction} of {format} allows {max}",
                n=total,
                cards=_listed(tr("{card} ×{n}", card=_name(r), n=n) for _, r, n in held),
                restriction="max_3_point_agendas",
                format=_under(check),
                max=cap,
            ),
            pointer("cards", held[-1][0]),
        )


def _set_name(check: Check, set_id: str | None) -> str:
    if set_id is None:
        return tr("no set")
    game_record = check.pool.game_record
    sets = check.pool.memoized(
        ("sets", id(game_record)),
        (game_record,),
        lambda: {s.id: s for s in getattr(game_record, "sets", None) or []},
    )
    known = sets.get(set_id)
    return _name(known) if known is not None else set_id


def _in_sets(record: Any, sets: frozenset[str]) -> bool:
    if record.set is not None and record.set in sets:
        return True
    return any(p.set in sets for p in getattr(record, "printings", None) or [])


def rule_card_pool(check: Check, rule: Any) -> None:
    """Every card and the identity in the format's card pool: a printing in one of its sets.

    Under an older ban list than the format's in force (``--banlist``, a deck's ``ban_list``, NetrunnerDB's
    ``mwl_code``) the pool is the one that went with that list: that of the format's snapshot whose ban list it
    is (imported data: ``snapshot_of``), the one the deck fits when several are; a deck legal then is legal
    under it. When no snapshot says which pool went with it, the pool is today's, and a finding says so and
    names the snapshot (``--mode``) in force on the list's first day, if one is known.

    Whether a record is in the pool is worked out once per format and record (and again
    only for a record replaced in the pool), not once per deck.
    """
    mode = check.mode
    snapshots = _ban_list_snapshots(check)
    checked: list[tuple[Any, bool, list[tuple[str, Any]]]] = []  # (the pool's record, identity outside, cards)
    for source in snapshots or [mode]:  # the latest first: reported when the deck fits none of them
        if source.sets is None:  # every set: nothing is outside
            return
        identity_out, outside = _outside_pool(check, source)
        if not identity_out and not outside:
            return
        checked.append((source, identity_out, outside))
    source, identity_out, outside = checked[0]
    name = check.mode_name if source is mode else _mode_name(source)
    if source.pool_name:
        pool = tr("the {format} pool ({pool})", format=name, pool=source.pool_name)
    else:
        pool = tr("the {format} pool", format=name)
    note = "" if snapshots else _todays_pool_note(check)

    def noted(problem: str) -> str:
        return tr("{problem} ({note})", problem=problem, note=note) if note else problem

    identity = check.identity
    if identity_out:
        check.add(
            "deck.pool",
            noted(tr("identity {card} is outside {pool}", card=_name_in_set(check, identity), pool=pool)),
            "/identity",
        )
    if outside:
        names = [_name_in_set(check, r) for _, r in outside]  # every one of them: the player fixes them all
        copies = sum(check.deck.cards[card_id] for card_id, _ in outside)
        if copies == len(outside):  # one copy of each: as many cards as titles
            problem = trn("{n} card outside {pool}: {cards}", "{n} cards outside {pool}: {cards}", copies,
                          pool=pool, cards=_listed(names))  # fmt: skip
        else:  # titles, as deck.restricted counts them, and the copies they come to
            problem = trn(
                "{n} title ({copies}) outside {pool}: {cards}",
                "{n} titles ({copies}) outside {pool}: {cards}",
                len(outside),
                copies=trn("{n} card", "{n} cards", copies),
                pool=pool,
                cards=_listed(names),
            )
        check.add_at("deck.pool", noted(problem), "cards", outside[0][0])


def _outside_pool(check: Check, source: Any) -> tuple[bool, list[tuple[str, Any]]]:
    """(whether the identity is outside the card pool of ``source``, a format or snapshot, the deck's cards
    outside it); whether a record is inside is worked out once per pool and record."""
    sets, known = check.pool.memoized(("card_pool", id(source)), (source,), lambda: (frozenset(source.sets), {}))

    def inside(card_id: str, record: Any) -> bool:
        hit = known.get(card_id)
        if hit is None or hit[0] is not record:
            hit = known[card_id] = (record, _in_sets(record, sets))
        return bool(hit[1])

    identity = check.identity
    identity_out = identity is not None and not inside(identity.id, identity)
    return identity_out, [(card_id, record) for card_id, record in check.cards.items() if not inside(card_id, record)]


def _older_ban_list(check: Check) -> BanList | None:
    """The ban list the deck is checked under when it is a named one of the format other than the list in
    force (an older one, or another the format offers); else None."""
    mode, ban = check.mode, check.ban
    if ban is None or getattr(mode, "ban_list", None) is None or ban.id == mode.ban_list:
        return None  # (an inline list is the format's own: a format with one has no named list in force)
    return ban


def _ban_list_snapshots(check: Check) -> list[Any]:
    """The snapshots of the deck's format whose ban list is the older one the deck is checked under (the card
    pools that went with it), latest first; empty under the list in force or when no snapshot has it."""
    ban = _older_ban_list(check)
    if ban is None:
        return []
    mode = check.mode
    found = [
        m for m in check.pool.modes.values() if getattr(m, "snapshot_of", None) == mode.id and m.ban_list == ban.id
    ]
    return sorted(found, key=lambda m: (m.date_start or "", m.id), reverse=True)


def _todays_pool_note(check: Check) -> str:
    """Under an older ban list no snapshot goes with: that the pool checked is today's, and the snapshot of the
    format in force on the list's first day (``--mode``), when the data dates both; "" under the list in force."""
    ban = _older_ban_list(check)
    if ban is None:
        return ""
    mode = check.mode
    day = str(ban.date_start) if ban.date_start is not None else None
    then = [
        m
        for m in check.pool.modes.values()
        if getattr(m, "snapshot_of", None) == mode.id and day is not None and m.date_start and m.date_start <= day
    ]
    if not then:
        return tr(
            "no record says which card pool went with the ban list {banlist}: this is today's pool of {format}",
            banlist=_name(ban),
            format=check.mode_name,
        )
    snapshot = max(then, key=lambda m: (m.date_start, m.id))
    return tr(
        "no record says which card pool went with the ban list {banlist}: this is today's pool of {format}; "
        "{option} checks the deck against the pool in force on {date}, when that list took effect, under its own "
        "ban list",
        banlist=_name(ban),
        format=check.mode_name,
        option=f"--mode {snapshot.id}",
        date=day,
    )


def _name_in_set(check: Check, record: Any) -> str:
    """'Hedge Fund (Core Set)': the name and the set of its first printing, in the current language, the name as
    the findings beside it write one (in Chinese between 「」: 「剁肉刀」（Midnight Sun）)."""
    # TRANSLATORS: a card's name and its set in a deck's finding; quote {card} as your language's findings quote a
    # card's name (Chinese: 「{card}」)
    return tc(current_lang(), "card in its set", "{card} ({set})", card=_name(record), set=_set_name(check, record.set))


def rule_forbid_faction(check: Check, rule: Any) -> None:
    for card_id, record in check.cards.items():
        if record.faction == rule.faction:
            check.add_at(
                "deck.faction.forbidden",
                tr(
                    "{card} is of {faction}; {identity} may not use cards of {faction}",
                    card=_name(record),
                    faction=check.faction(rule.faction),
                    identity=_name(check.identity),
                ),
                "cards",
                card_id,
            )


# --------------------------------------------------------------------------
# crossfire


def _crossfire_prepare(check: Check) -> None:
    for role_id in check.deck.cards:
        record = check.pool.records.get(role_id)
        if record is None or record.kind != "role":
            check.add(
                "deck.roles.unknown",
                tr(
                    "no {game} role has id {id}{hint}",
                    game=_game("crossfire"),
                    id=repr(role_id),
                    hint=suggest_ids(role_id, check.pool.records),
                ),
                pointer("cards", role_id),
            )
        else:
            check.cards[role_id] = record


def rule_player_count(check: Check, rule: Any) -> None:
    players, deck = check.deck.players, check.deck
    low, high = check.mode.players.min, check.mode.players.max
    if players is None:
        check.add(
            "deck.players.missing",
            tr("the role set does not say how many players: give {field} (in a text list, a line {line})",
               field='"players"', line="'# players: N'"),
            "",
        )  # fmt: skip
        return
    check.summary["players"] = players
    if not low <= players <= high:
        check.add(
            "deck.players.range",
            trn(
                "{n} player; {mode} is for {low}–{high}",
                "{n} players; {mode} is for {low}–{high}",
                players,
                mode=check.mode_name,
                low=low,
                high=high,
            ),
            "/players",
        )
    if deck.total() != players:
        check.add(
            "deck.players.count",
            trn("{n} role for {players} players", "{n} roles for {players} players", deck.total(), players=players),
            "/cards",
        )


def rule_composition(check: Check, rule: Any) -> None:
    """The role mix is a set-up the mode deals (§一 compositions, RULINGS C4, C5): the check `crossfire resolve`
    makes of a table too (:func:`toolkit.models.crossfire.composition_problem`)."""
    players = check.deck.players
    if players is None or not check.mode.players.min <= players <= check.mode.players.max:
        return
    if not any(c.players == players for c in check.mode.compositions):
        return
    specials = [r for r, rec in check.cards.items() if rec.special]
    actual = {r: n for r, n in check.deck.cards.items() if r in check.cards}
    problem = composition_problem(check.mode, players, actual, specials, check.role)
    if problem is not None:
        kind, message = problem
        check.add(f"deck.roles.{kind}", message, "/cards")


def rule_role_count(check: Check, rule: Any) -> None:
    """A role's count within the rule's bounds: the check of a mode's rules a deal makes of its set-up and lint of a
    mode's compositions too (:func:`toolkit.models.crossfire.role_count_problem`)."""
    message = role_count_problem(check.mode, rule, check.deck.cards, check.role)
    if message is not None:
        check.add("deck.roles.count", message, "/cards")


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
    "out_of_faction_agendas": rule_out_of_faction_agendas,
    "draft_only": rule_draft_only,
    "not_checked": rule_not_checked,
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
    ban: BanList | None = None  # netrunner: the ban list the deck was checked under (named or the format's inline one)

    @property
    def legal(self) -> bool:
        return not any(f.severity == "error" for f in self.findings)


def ban_list_ids(mode: Any) -> list[str]:
    """Ids of the ban lists a mode (netrunner format) knows, oldest first."""
    return [b.id for b in getattr(mode, "ban_lists", None) or []]


def named_ban_list(mode: Any, named: str) -> str | None:
    """The id of the ban list of ``mode`` that ``--banlist`` or a deck names: its id, or its id or name in any
    case, ``-`` for ``_`` (NetrunnerDB's code of it: ``standard-ban-list-24-12``; ``Standard Ban List 24.12``)
    (:func:`toolkit.decks.formats.ban_list_id`); None when the format has none such."""
    return ban_list_id(getattr(mode, "ban_lists", None) or [], named)


class DeckOptionError(DossierError):
    """A mode or ban list given for a deck (``--mode``, ``--banlist``; the web's ``mode``, ``banlist``) that the
    deck's game or format lacks (:func:`deck_under`), with the finding code `deck validate` reports it under for
    that deck (``deck.mode.unknown``, ``deck.banlist.unknown``)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def deck_under(
    deck: Deck, pool: DeckPool, names: Any, mode: str | None, banlist: str | None, *, options: bool = True
) -> Deck:
    """``deck`` under the mode ``mode`` names (its id, or its name in either language, any case, as a deck file's
    ``mode`` is read: ``names``, a :class:`toolkit.decks.NameIndex`) and the ban list ``banlist`` names (its id or
    its name, as a deck's own: :func:`named_ban_list`): the deck with that ``mode`` and ``ban_list``, as ids; the
    deck itself without either. A mode the game lacks, a ban list for a deck of another game or one the format lacks
    is a :class:`DeckOptionError` naming the game and the format by their names and listing the modes (ban lists)
    as the current language lists them. ``options``: they were given as the command's ``--mode`` and ``--banlist``
    (the messages name the options); else as the web's fields (the messages say "mode", "ban list")."""
    from toolkit.decks.formats import mode_choices

    game_modes = pool.game(deck.game).modes
    mode_id = None if mode is None else names.mode_id(mode.strip(), deck.game) or mode
    if mode_id is not None and mode_id not in game_modes:
        modes = mode_choices(game_modes.values())
        if options:
            message = tr("{option} {mode}: {game} has no such mode; modes: {modes}", option="--mode",
                         mode=repr(mode), game=_game(deck.game), modes=modes)  # fmt: skip
        else:
            message = tr("mode {mode}: {game} has no such mode; modes: {modes}", mode=repr(mode),
                         game=_game(deck.game), modes=modes)  # fmt: skip
        raise DeckOptionError("deck.mode.unknown", message)
    deck_mode = game_modes.get(mode_id or deck.mode)
    if banlist is not None and deck.game != "netrunner":  # ban lists are netrunner formats' own
        if options:
            message = tr("{option} is for {game} decks, not {other}", option="--banlist", game=_game("netrunner"),
                         other=_game(deck.game))  # fmt: skip
        else:
            message = tr("a ban list is for {game} decks, not {other}", game=_game("netrunner"),
                         other=_game(deck.game))  # fmt: skip
        raise DeckOptionError("deck.banlist.unknown", message)
    if banlist is not None and deck_mode is not None:
        listed = named_ban_list(deck_mode, banlist)
        if listed is None:
            known = _listed(ban_list_ids(deck_mode)) or tr("none")
            if options:
                message = tr("{option} {banlist}: {format} has no such ban list; ban lists: {known}",
                             option="--banlist", banlist=repr(banlist), format=_mode_name(deck_mode),
                             known=known)  # fmt: skip
            else:
                message = tr("ban list {banlist}: {format} has no such ban list; ban lists: {known}",
                             banlist=repr(banlist), format=_mode_name(deck_mode), known=known)  # fmt: skip
            raise DeckOptionError("deck.banlist.unknown", message)
        banlist = listed  # its id
    update = {key: value for key, value in (("mode", mode_id), ("ban_list", banlist)) if value is not None}
    return deck.model_copy(update=update) if update else deck


def _unknown_ban_list(mode: Any, named: str, modes: Mapping[str, Any]) -> Finding:
    """The warning for a deck that names a ban list its format does not have: it is checked under the one in
    force; the format's lists are named, or, when the list is one other format's (``modes``, the game's), that
    format and the ``--mode`` that checks the deck as one of it."""
    known = ban_list_ids(mode)
    others = [m for m in ban_list_formats(modes.values(), named) if m != getattr(mode, "snapshot_of", None)]
    if len(others) == 1 and others[0] in modes:
        other = modes[others[0]]
        message = tr(
            "the deck names the ban list {banlist}, a ban list of {other}, not of {format}; it is checked under "
            "the one in force of {format} (to check it as a {other} deck: {option})",
            banlist=repr(named),
            other=_mode_name(other),
            format=_mode_name(mode),
            option=f"--mode {other.id}",
        )
    elif known:
        message = tr(
            "the deck names the ban list {banlist}, which {format} does not have (its ban lists: {ids}); it is "
            "checked under the one in force",
            banlist=repr(named),
            format=_mode_name(mode),
            ids=_listed(known),
        )
    else:
        message = tr(
            "the deck names the ban list {banlist}, which {format} does not have (it has no named ban lists); it "
            "is checked under the one in force",
            banlist=repr(named),
            format=_mode_name(mode),
        )
    return Finding("deck.banlist.unknown", message, "warning", None, "/ban_list")


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


def validate_deck(
    deck: Deck,
    pool: DeckPool,
    mode_id: str | None = None,
    ban_list: str | None = None,
    *,
    mode_option: str | None = None,
) -> DeckReport:
    """Every finding for ``deck`` under its mode's rules (or ``mode_id``'s).

    ``mode_option``: the command's option that gave the deck its mode (``--mode``), when one did: a finding of the
    mode then names the option and has no place in the deck's file (its ``# mode:`` line, if it has one, is not the
    mode checked); so has one of ``mode_id``.

    For a netrunner format, ``ban_list`` picks one of the format's ban lists
    instead of the one in force (``deck.banlist.unknown`` if it has none such);
    without it, the deck's own ``ban_list`` does (one the format lacks is the
    warning ``deck.banlist.unknown``, and the list in force is used): every
    command that checks a deck checks it under the same list.
    """
    game = pool.game(deck.game)
    wanted = mode_id or deck.mode
    mode = game.modes.get(wanted)
    if mode is None:
        if game.modes:
            message = tr(
                "{game} has no mode {mode}; modes: {modes}",
                game=_game(deck.game),
                mode=repr(wanted),
                modes=_listed(sorted(game.modes)),
            )
        else:  # (no empty list of modes: the pool has none, its game record or modes left out)
            message = tr(
                "{game} has no mode {mode}: the card pool has no {game} modes", game=_game(deck.game), mode=repr(wanted)
            )
        finding = Finding(
            "deck.mode.unknown",
            message,
            "error",
            None,
            "/mode",
        )
        return DeckReport([finding], {}, None)
    if ban_list is not None and mode.kind == "format":  # by its id or its name, as a deck's own (named_ban_list)
        ban_list = named_ban_list(mode, ban_list) or ban_list
    if ban_list is not None and ban_list not in ban_list_ids(mode):
        known = ban_list_ids(mode)
        if known:
            message = tr(
                "{format} has no ban list {ban_list}; ban lists: {ids}",
                format=_mode_name(mode),
                ban_list=repr(ban_list),
                ids=_listed(known),
            )
        else:
            message = tr(
                "{format} has no ban list {ban_list}; it has no named ban lists",
                format=_mode_name(mode),
                ban_list=repr(ban_list),
            )
        finding = Finding("deck.banlist.unknown", message, "error", None, "/mode")
        return DeckReport([finding], {}, mode)
    unknown_list: Finding | None = None
    if ban_list is None and deck.ban_list is not None and mode.kind == "format":
        ban_list = named_ban_list(mode, deck.ban_list)
        if ban_list is None:
            unknown_list = _unknown_ban_list(mode, deck.ban_list, game.modes)
    check = Check(deck, game, mode)
    if unknown_list is not None:
        check.findings.append(unknown_list)
    if mode.kind == "format":  # an inline ban list is a model made once per format, not once per deck
        check.ban, named = game.memoized(("ban_list", id(mode), ban_list), (mode,), lambda: _ban_list(mode, ban_list))
        check.summary["format"] = (mode.id, _ban_name(check.ban) if named else None)
        check.summary["pool"] = mode.sets is not None
    if mode.status == "incomplete":
        incomplete = tr(
            "the rules leave {mode} ({id}) unspecified, so no deck can be verified for it",
            mode=_mode_name(mode),
            id=mode.id,
        )
        if mode_option is not None:  # (as an option's problem is said: `--mode: …`, at no line of the file)
            incomplete = tr("{option}: {problem}", option=mode_option, problem=incomplete)
        given = mode_option is not None or mode_id is not None
        check.findings.append(Finding("deck.mode.incomplete", incomplete, "error", None, None if given else "/mode"))
    PREPARE[deck.game](check)
    identity = check.identity
    plan = game.memoized(("rules", id(mode), id(identity)), (mode, identity), lambda: _rule_plan(mode, check))
    for rule in plan:
        RULES[rule.rule](check, rule)
    _unreadable_texts(check)
    return DeckReport(check.findings, check.summary, mode, check.ban)


def _deck_records(check: Check) -> Iterator[tuple[Any, str]]:
    """The records the deck names whose ability text a game with it runs, with the pointer of each in the deck:
    the identity (netrunner), the agents (tactics) and the cards (or roles)."""
    if check.identity is not None:
        yield check.identity, "/identity"
    for index, agent in enumerate(check.summary.get("agents") or []):
        yield agent, pointer("agents", index)
    for card_id, record in check.cards.items():
        yield record, pointer("cards", card_id)


def _syntax_errors(pool: GamePool, record: Any) -> list[tuple[tuple[str | int, ...], Any]]:
    """The ability texts of ``record`` that do not parse, with their errors (worked out once per record)."""

    def make() -> list[tuple[tuple[str | int, ...], Any]]:
        from toolkit.models import iter_texts
        from toolkit.text import AbilitySyntaxError, parse_cached

        found: list[tuple[tuple[str | int, ...], Any]] = []
        for path, text in iter_texts(record):
            try:
                parse_cached(text)
            except AbilitySyntaxError as exc:
                found.append((path, exc.for_game(str(record.game))))
        return found

    found: list[tuple[tuple[str | int, ...], Any]] = pool.memoized(("unreadable", id(record)), (record,), make)
    return found


def _unreadable_texts(check: Check) -> None:
    """A warning per ability text of the deck's records that does not parse (``deck.text.unreadable``): the deck
    is legal by the game's rules, but the interpreter cannot run that text, so a game with the deck stops at it
    (lint's ``card.text.parse`` finding tells the record's own file)."""
    for record, ptr in _deck_records(check):
        for path, exc in _syntax_errors(check.pool, record):
            check.add(
                "deck.text.unreadable",
                tr(
                    "{card}: its ability text {pointer} cannot be read, so the interpreter cannot run it (a game "
                    "with this deck stops with an error); column {column} of the text: {problem}",
                    card=_name(record),
                    pointer=pointer(*path),
                    column=exc.column,
                    problem=exc.summary(located=exc.line != 1),
                ),
                ptr,
                "warning",
            )


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
            if counted == "cards and agents":
                what = t(lang, "cards and agents")
                parts.append(t(lang, "{n} {counted} ({bound})", n=size, counted=what, bound=bound(low, high)))
            else:
                parts.append(tn(lang, "{n} command card ({bound})", "{n} command cards ({bound})", size,
                                bound=bound(low, high)))  # fmt: skip
        if "squad" in s:
            count, low, high = s["squad"]
            parts.append(tn(lang, "{n} agent ({bound})", "{n} agents ({bound})", count, bound=bound(low, high)))
    elif deck.game == "netrunner":
        if "size" in s:
            size, minimum = s["size"]
            parts.append(
                tn(lang, "{n} card (min {min})", "{n} cards (min {min})", size, min=minimum)
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
            # the format's and the ban list's names in ``lang``, not the language the deck was checked in
            mode = report.mode
            format_name = name_of(mode, lang) if getattr(mode, "name", None) is not None else mode_id
            ban = name_of(report.ban, lang) if ban_name and report.ban is not None else t(lang, "no ban list")
            parts.append(f"{format_name} · {ban}")
    else:
        players = s.get("players", deck.players)
        roles = t(lang, ", ").join(f"{name(r) if name else r} {n}" for r, n in sorted(deck.cards.items()))
        # a role set that does not say its player count (an error of its own) shows its roles alone; one with no
        # roles (an error of its own) shows its player count alone, never an empty field
        parts.extend(part for part in (None if players is None else t(lang, "{n} players", n=players), roles) if part)
    if errors is None:
        errors = sum(1 for f in report.findings if f.severity == "error")
    verdict = t(lang, "legal") if errors == 0 else tn(lang, "illegal ({n} error)", "illegal ({n} errors)", errors)
    return " · ".join([*parts, verdict])
