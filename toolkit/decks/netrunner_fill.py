"""A legal, playable netrunner deck for an identity and a format, filled from the pool (``deck new --fill``).

What goes in, as a player building a first deck of a format would do it:

- only cards the format allows: a printing in its card pool, not banned or restricted by the ban list
  in force, of the identity's side and faction or neutral, at most the copy limit (the identity's own when
  lower, e.g. one copy of each card) and the card's own ``deck_limit``;
- the identity's own deck rules as the deck validator reads them (:func:`validators.deck.own_copy_limit`,
  :func:`~validators.deck.other_faction_agendas`, :func:`~validators.deck.forbidden_factions`): one copy of
  each card, other factions' agendas (at most so many different titles of each other faction), no card of a
  forbidden faction;
- only cards that cost this identity no influence: its own faction's, and neutral ones whose influence
  cost is 0 (a neutral card with an influence cost costs it in every deck); never a card the ban list in
  force gives universal faction cost. An identity without an influence limit (Ampère, Nova Initiumia) takes
  every faction's cards. When such cards are too few for the deck's size (a small pool: System Gateway),
  other factions' cards fill the rest, the cheapest first, inside the influence limit (never a card of the
  ban list's global penalty), so the influence limit always holds;
- a restricted identity is the deck's one restricted title: no restricted card goes with it;
- with ``executable_only``, only cards the interpreter runs whole (imported cards whose reading is
  ``executable``; cards written in the ability language always run), and an identity it does not run
  whole is refused (``simulate --strict`` would refuse the deck for it);
- corp: agendas first, exactly inside the points band of the deck size (RULINGS N2), then ice (about
  two fifths of the other cards), then the rest; runner: an icebreaker for each of fracter, decoder and
  killer where the pool has one, then the rest;
- the identity's minimum deck size; cards are drawn from ``seed``, so the same seed gives the same deck.

The result is checked by the deck validator; a pool that cannot make a legal deck is a DossierError
naming what was missing.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from toolkit.errors import DossierError
from toolkit.i18n import current_lang, name_of, tr
from toolkit.models.deck import Deck
from toolkit.models.netrunner import side_of_type

BREAKER_KINDS = ("fracter", "decoder", "killer")
ICE_SHARE = 0.4  # of a corp deck's non-agenda cards


def runs_whole(record: Any) -> bool:
    """Whether the interpreter runs every paragraph of the card (always, for ability-language cards)."""
    reading = getattr(record, "reading", None)
    return reading is None or reading.status == "executable"


def _banned(fmt: Any, restricted: bool = True) -> set[str]:
    """Ids the format's ban list in force bans (and restricts, with ``restricted``: the fill takes none)."""
    out = set(fmt.banned) | (set(fmt.restricted) if restricted else set())
    for ban in fmt.ban_lists:
        if ban.id == fmt.ban_list:
            out |= set(ban.banned) | (set(ban.restricted) if restricted else set())
    return out


def _ban_in_force(fmt: Any) -> Any:
    return next((b for b in fmt.ban_lists if b.id == fmt.ban_list), None)


def _universal_cost(fmt: Any) -> set[str]:
    """Ids the ban list in force gives universal faction cost: they cost influence in every deck."""
    ban = _ban_in_force(fmt)
    return set(ban.universal_faction_cost) if ban is not None else set()


def costs_no_influence(record: Any, identity: Any) -> bool:
    """Whether a copy of ``record`` costs a deck of ``identity`` no influence (before any ban list): a card
    of the identity's faction, or one without an influence cost."""
    return record.faction == identity.faction or not getattr(record, "influence", 0)


def copy_limit(fmt: Any, identity: Any) -> int:
    """Most copies of a title: the format's copy limit, or the identity's own when lower (e.g. one copy)."""
    from validators.deck import own_copy_limit

    limit = next((rule.max for rule in fmt.deck_rules if rule.rule == "copy_limit" and rule.max), 3)
    own = own_copy_limit(getattr(identity, "deck_rules", None) or [])
    return limit if own is None else min(limit, own)


def _in_pool(record: Any, sets: set[str] | None) -> bool:
    if sets is None:
        return True
    printed = {p.set for p in getattr(record, "printings", None) or []} | {getattr(record, "set", None)}
    return bool(printed & sets)


def _penalised(fmt: Any) -> set[str]:
    """Ids the ban list in force lowers the influence limit for (its global penalty)."""
    ban = _ban_in_force(fmt)
    return set(ban.global_penalty) if ban is not None else set()


def candidates(
    records: Iterable[Any], identity: Any, fmt: Any, executable_only: bool = False, paying: bool = False
) -> list[Any]:
    """The cards a deck of ``identity`` may take in ``fmt`` by its own rules without spending influence (any
    faction's when it has no influence limit), sorted by id; with ``paying``, instead the other factions' cards
    (agendas aside) that cost it influence, for a pool whose free cards are too few (none without a limit)."""
    from validators.deck import forbidden_factions, other_faction_agendas

    records = list(records)
    neutral = {r.id for r in records if r.kind == "faction" and r.side == identity.side and r.neutral}
    rules = getattr(identity, "deck_rules", None) or []
    unlimited = identity.influence_limit is None  # (the validator's reading: no limit, no influence counted)
    other_agendas = other_faction_agendas(rules)[0]
    forbidden = forbidden_factions(rules)
    banned = _banned(fmt) | _universal_cost(fmt) | (_penalised(fmt) if paying else set())
    sets = set(fmt.sets) if fmt.sets is not None else None

    def faction_allowed(record: Any) -> bool:
        if record.faction in forbidden:
            return False
        if paying:
            return not unlimited and record.type != "agenda" and not costs_no_influence(record, identity)
        if record.type == "agenda" and record.faction not in {identity.faction, *neutral}:
            return other_agendas and (unlimited or costs_no_influence(record, identity))
        return unlimited or (record.faction in {identity.faction, *neutral} and costs_no_influence(record, identity))

    return sorted(
        (
            r
            for r in records
            if r.kind == "card"
            and getattr(r, "game", None) == "netrunner"
            and side_of_type(r.type) == identity.side
            and faction_allowed(r)
            and r.id not in banned
            and not getattr(r, "starter_only", False)
            and (r.deck_limit is None or r.deck_limit > 0)
            and _in_pool(r, sets)
            and (not executable_only or runs_whole(r))
        ),
        key=lambda r: r.id,
    )


def _copies(record: Any, limit: int) -> int:
    return min(limit, record.deck_limit if record.deck_limit is not None else limit)


def _agendas(
    agendas: Sequence[Any],
    low: int,
    high: int,
    limit: int,
    rng: random.Random,
    big_cap: int | None = None,
    titles_cap: Mapping[str, int] | None = None,
) -> dict[str, int] | None:
    """Agenda copies whose points are inside [low, high], fewest cards first, at most ``big_cap`` copies of
    agendas worth 3 or more points (the ban list's ``max_3_point_agendas``; None: any) and at most
    ``titles_cap[faction]`` different titles of each faction it names (the identity's ``out_of_faction_agendas``);
    None when no mix reaches it."""
    order = list(agendas)
    rng.shuffle(order)
    capped = sorted(titles_cap or {})
    slot_of = {faction: i for i, faction in enumerate(capped)}
    # best[(points, big, titles)] = the fewest-card mix reaching exactly that many points with ``big`` copies
    # worth 3 or more and ``titles[i]`` titles of the capped faction ``capped[i]``, over the agendas seen so far
    Key = tuple[int, int, tuple[int, ...]]
    best: dict[Key, dict[str, int]] = {(0, 0, (0,) * len(capped)): {}}
    for record in order:
        step: dict[Key, dict[str, int]] = dict(best)
        worth_three = big_cap is not None and record.agenda_points >= 3  # without a cap, ``big`` stays 0
        slot = slot_of.get(record.faction)
        for (points, big, titles), mix in best.items():
            if slot is not None:
                if titles[slot] >= (titles_cap or {})[record.faction]:
                    continue
                titles = (*titles[:slot], titles[slot] + 1, *titles[slot + 1 :])
            for copies in range(1, _copies(record, limit) + 1):
                total = points + copies * record.agenda_points
                bigger = big + copies if worth_three else big
                if total > high or (big_cap is not None and bigger > big_cap):
                    break
                candidate = {**mix, record.id: copies}
                key = (total, bigger, titles)
                if key not in step or sum(candidate.values()) < sum(step[key].values()):
                    step[key] = candidate
        best = step
    for points in range(low, high + 1):
        found = [mix for (total, _, _), mix in sorted(best.items()) if total == points]
        if found:
            return min(found, key=lambda mix: sum(mix.values()))
    return None


def _titles_cap(records: Sequence[Any], identity: Any, agendas: Sequence[Any]) -> dict[str, int]:
    """At most how many different agendas of each other faction a deck of ``identity`` takes (its own
    ``out_of_faction_agendas``' ``per_faction``, read as the deck validator reads it); empty: no such cap."""
    from validators.deck import other_faction_agendas, out_of_faction

    per_faction = other_faction_agendas(getattr(identity, "deck_rules", None) or [])[1]
    if per_faction is None:
        return {}
    factions = {r.id: r for r in records if r.kind == "faction"}
    return {r.faction: per_faction for r in agendas if out_of_faction(identity, r, factions)}


def _named(record: Any) -> str:
    """A record's name in the current language (its id when it has none), as the deck validator names it."""
    return name_of(record, current_lang()) if getattr(record, "name", None) is not None else str(record.id)


def fill_deck(
    records: Iterable[Any],
    identity_id: str,
    fmt_id: str,
    seed: int = 0,
    executable_only: bool = False,
    name: str | None = None,
) -> Deck:
    """A deck for ``identity_id`` in format ``fmt_id`` as the module says; raises DossierError when impossible."""
    records = list(records)
    identity = next((r for r in records if r.kind == "identity" and r.id == identity_id), None)
    fmt = next((r for r in records if r.kind == "format" and r.id == fmt_id), None)
    if identity is None or getattr(identity, "game", None) != "netrunner":
        raise DossierError(tr("no netrunner identity {id}", id=repr(identity_id)))
    if fmt is None:
        raise DossierError(tr("no netrunner format {id}", id=repr(fmt_id)))
    if getattr(identity, "starter_only", False):  # outside every format's pool, not banned in one
        raise DossierError(tr("identity {id} is for the starter game only", id=repr(identity_id)))
    ban = _ban_in_force(fmt)
    restricted_limit = ban.restricted_limit if ban is not None else fmt.restricted_limit
    if identity.id in _banned(fmt, restricted=restricted_limit < 1):  # a restricted identity is the deck's one
        raise DossierError(tr("identity {id} is banned in {format}", id=repr(identity_id), format=fmt_id))
    if executable_only and not runs_whole(identity):  # the deck is for the interpreter: its identity runs too
        raise DossierError(
            tr("{option}: identity {id} is not executable: the interpreter does not run all of its text",
               option="--executable-only", id=repr(identity_id))
        )  # fmt: skip
    limit = copy_limit(fmt, identity)
    rng = random.Random(seed)
    pool = candidates(records, identity, fmt, executable_only)
    size = identity.min_deck_size
    cards: dict[str, int] = {}

    def take(group: Sequence[Any], wanted: int) -> None:
        order = list(group)
        rng.shuffle(order)
        for record in order:
            room = size - sum(cards.values())
            if wanted <= 0 or room <= 0:
                return
            if record.id in cards:
                continue
            copies = min(_copies(record, limit), wanted, room)
            if copies > 0:
                cards[record.id] = copies
                wanted -= copies

    if identity.side == "corp":
        low = size // 5 * 2 + 2
        ban = _ban_in_force(fmt)
        cap = ban.max_3_point_agendas if ban is not None else None
        agendas = [r for r in pool if r.type == "agenda"]
        mix = _agendas(agendas, low, low + 1, limit, rng, cap, _titles_cap(records, identity, agendas))
        if mix is None:
            raise DossierError(
                tr("the pool has no agendas for {identity} worth {low}–{high} points", identity=_named(identity),
                   low=low, high=low + 1)
            )  # fmt: skip
        cards.update(mix)
        rest = size - sum(cards.values())
        take([r for r in pool if r.type == "ice"], round(rest * ICE_SHARE))
    else:
        for kind in BREAKER_KINDS:
            take([r for r in pool if r.type == "program" and kind in r.subtypes], 2)
    take([r for r in pool if r.type != "agenda"], size)
    if sum(cards.values()) < size and identity.influence_limit is not None:
        # too few free cards: other factions' cards fill the rest, the cheapest first, inside the influence limit
        budget = identity.influence_limit
        paid = candidates(records, identity, fmt, executable_only, paying=True)
        rng.shuffle(paid)
        for record in sorted(paid, key=lambda r: r.influence):
            room = size - sum(cards.values())
            if room <= 0 or budget < record.influence:
                break
            copies = min(_copies(record, limit), room, budget // record.influence)
            if copies > 0:
                cards[record.id] = copies
                budget -= copies * record.influence
    if sum(cards.values()) < size:
        raise DossierError(
            tr("the pool has {n} cards for {identity} in {format}; its decks need {size}", n=sum(cards.values()),
               identity=_named(identity), format=_named(fmt), size=size)
        )  # fmt: skip
    return Deck(
        game="netrunner",
        mode=fmt_id,
        name=name or f"{identity_id} ({fmt_id})",
        identity=identity_id,
        cards=dict(sorted(cards.items())),
    )
