"""A legal, playable netrunner deck for an identity and a format, filled from the pool (``deck new --fill``).

What goes in, as a player building a first deck of a format would do it:

- only cards the format allows: a printing in its card pool, not banned or restricted by the ban list
  in force, of the identity's side and faction or neutral, at most the copy limit (the identity's own when
  lower, e.g. one copy of each card) and the card's own ``deck_limit``;
- only cards that cost this identity no influence: its own faction's, and neutral ones whose influence
  cost is 0 (a neutral card with an influence cost costs it in every deck); never a card the ban list in
  force gives universal faction cost. No influence is spent, so the influence limit always holds;
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
from collections.abc import Iterable, Sequence
from typing import Any

from toolkit.errors import DossierError
from toolkit.i18n import tr
from toolkit.models.deck import Deck
from toolkit.models.netrunner import side_of_type

BREAKER_KINDS = ("fracter", "decoder", "killer")
ICE_SHARE = 0.4  # of a corp deck's non-agenda cards


def runs_whole(record: Any) -> bool:
    """Whether the interpreter runs every paragraph of the card (always, for ability-language cards)."""
    reading = getattr(record, "reading", None)
    return reading is None or reading.status == "executable"


def _banned(fmt: Any) -> set[str]:
    out = set(fmt.banned) | set(fmt.restricted)
    for ban in fmt.ban_lists:
        if ban.id == fmt.ban_list:
            out |= set(ban.banned) | set(ban.restricted)
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
    limit = next((rule.max for rule in fmt.deck_rules if rule.rule == "copy_limit" and rule.max), 3)
    own = [rule.max for rule in getattr(identity, "deck_rules", None) or [] if rule.rule == "copy_limit"]
    return min([limit, *own])


def _in_pool(record: Any, sets: set[str] | None) -> bool:
    if sets is None:
        return True
    printed = {p.set for p in getattr(record, "printings", None) or []} | {getattr(record, "set", None)}
    return bool(printed & sets)


def candidates(records: Iterable[Any], identity: Any, fmt: Any, executable_only: bool = False) -> list[Any]:
    """The cards a deck of ``identity`` may take in ``fmt`` without spending influence, sorted by id."""
    records = list(records)
    neutral = {r.id for r in records if r.kind == "faction" and r.side == identity.side and r.neutral}
    banned = _banned(fmt) | _universal_cost(fmt)
    sets = set(fmt.sets) if fmt.sets is not None else None
    return sorted(
        (
            r
            for r in records
            if r.kind == "card"
            and getattr(r, "game", None) == "netrunner"
            and side_of_type(r.type) == identity.side
            and r.faction in {identity.faction, *neutral}
            and costs_no_influence(r, identity)
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
    agendas: Sequence[Any], low: int, high: int, limit: int, rng: random.Random, big_cap: int | None = None
) -> dict[str, int] | None:
    """Agenda copies whose points are inside [low, high], fewest cards first, at most ``big_cap`` copies of
    agendas worth 3 or more points (the ban list's ``max_3_point_agendas``; None: any); None when no mix
    reaches it."""
    order = list(agendas)
    rng.shuffle(order)
    # best[(points, big)] = the fewest-card mix reaching exactly that many points with ``big`` copies worth
    # 3 or more, over the agendas seen so far
    best: dict[tuple[int, int], dict[str, int]] = {(0, 0): {}}
    for record in order:
        step: dict[tuple[int, int], dict[str, int]] = dict(best)
        worth_three = big_cap is not None and record.agenda_points >= 3  # without a cap, ``big`` stays 0
        for (points, big), mix in best.items():
            for copies in range(1, _copies(record, limit) + 1):
                total = points + copies * record.agenda_points
                bigger = big + copies if worth_three else big
                if total > high or (big_cap is not None and bigger > big_cap):
                    break
                candidate = {**mix, record.id: copies}
                key = (total, bigger)
                if key not in step or sum(candidate.values()) < sum(step[key].values()):
                    step[key] = candidate
        best = step
    for points in range(low, high + 1):
        found = [mix for (total, _), mix in sorted(best.items()) if total == points]
        if found:
            return min(found, key=lambda mix: sum(mix.values()))
    return None


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
    if identity.id in _banned(fmt):
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
        mix = _agendas([r for r in pool if r.type == "agenda"], low, low + 1, limit, rng, cap)
        if mix is None:
            raise DossierError(
                tr("the pool has no agendas for {identity} worth {low}–{high} points", identity=identity_id,
                   low=low, high=low + 1)
            )  # fmt: skip
        cards.update(mix)
        rest = size - sum(cards.values())
        take([r for r in pool if r.type == "ice"], round(rest * ICE_SHARE))
    else:
        for kind in BREAKER_KINDS:
            take([r for r in pool if r.type == "program" and kind in r.subtypes], 2)
    take([r for r in pool if r.type != "agenda"], size)
    if sum(cards.values()) < size:
        raise DossierError(
            tr("the pool has {n} cards for {identity} in {format}; its decks need {size}", n=sum(cards.values()),
               identity=identity_id, format=fmt_id, size=size)
        )  # fmt: skip
    return Deck(
        game="netrunner",
        mode=fmt_id,
        name=name or f"{identity_id} ({fmt_id})",
        identity=identity_id,
        cards=dict(sorted(cards.items())),
    )
