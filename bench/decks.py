"""Benchmark: validating netrunner decks against an imported, real-sized pool, against a plain validator.

The pool: NetrunnerDB card data (the v2 layout) generated here — invented cards,
about as many as NetrunnerDB has (1,850 cards, 144 identities, 9 factions, 24
sets in 8 cycles, formats with card pools, ban lists with banned and restricted
cards, universal faction cost and an Eternal-style points list) — and imported
with ``dossier import netrunnerdb``, as a user's pool is.

Decks: N decks of each identity's minimum size from its faction, neutral cards
and some influence, in the formats the pool has; many are then broken on
purpose (a fourth copy, a banned card, too much influence, the other side's
card, another faction's agenda, too few cards, two restricted titles, cards
outside the format's pool).

Timed, each with the pool loaded once before the clock starts:

  baseline  a plain validator written here: the pool's JSON files read into
            dicts, one dict lookup per card, every rule of the format and the
            identity checked and every error collected (code and message), the
            rules a table of small functions like Dossier's;
  dossier   validators.deck: a DeckPool built once from the loaded catalog, then
            validate_deck per deck.

Scaling: 1,000 and 10,000 decks (100,000 too with ``--full``), each with its
time (best of ``--repeat``, the two sides alternating) and its peak memory: the
most Python memory (tracemalloc, in a separate untimed pass) that validating
all the decks and keeping every verdict takes beyond the loaded pool and the
decks themselves. Target (issue 13): dossier within 1.5x of the baseline's
time (a speed ratio of at least 0.67) at 10,000 decks and above; a missed
target ends the run with an error, as bench/db.py does.

Both must find the same errors for every deck (the same codes, as many times):
checked before the ratio is printed. Rules the baseline covers: unknown cards,
a card of the wrong kind, identities among the cards, an unknown identity, an
unknown or incomplete format; one_identity, side_match, identity_min_deck_size,
copy_limit (the card's deck limit, the identity's own limit), influence_limit
(identity's free copies of a type, universal faction cost, global penalty),
no_out_of_faction_agendas, agenda_points_band, ban_list (banned cards and
identity, restricted titles, points limit), card_pool (the format's sets) and
forbid_faction. A rule kind the baseline does not know stops the run: add it to
BASELINE_RULES. Run: `python bench/decks.py [--full] [--scales 1000,10000] [--repeat R] [--seed S]`.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from toolkit.catalog import load_catalog  # noqa: E402
from toolkit.importers import import_netrunnerdb  # noqa: E402
from toolkit.models.deck import Deck  # noqa: E402
from validators.deck import DeckPool, validate_deck  # noqa: E402

CORP_TYPES = ("agenda", "asset", "ice", "operation", "upgrade")
RUNNER_TYPES = ("event", "hardware", "program", "resource")
FACTIONS = {
    "runner": ("anarch", "criminal", "shaper"),
    "corp": ("haas_bioroid", "jinteki", "nbn", "weyland_consortium"),
}
NEUTRAL = {"runner": "neutral_runner", "corp": "neutral_corp"}
WORDS = ("Amber", "Vault", "Tide", "Static", "Ember", "Quiet", "Glass", "Hollow", "Signal", "Drift", "Harbor", "Iron")
NOUNS = ("Gambit", "Array", "Protocol", "Charter", "Engine", "Shelter", "Ward", "Circuit", "Lattice", "Node", "Gate")
TARGET_RATIO = 1 / 1.5  # dossier's speed over the baseline's: within 1.5x of its time (issue 13)
TARGET_FROM = 10_000  # decks: smaller runs are reported, too short to judge


# --------------------------------------------------------------------------
# the pool: NetrunnerDB's v2 layout, generated, then imported


def _write(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")


def _title(rng: random.Random, used: set[str]) -> str:
    while True:
        title = f"{rng.choice(WORDS)} {rng.choice(NOUNS)} {rng.randint(1, 999)}"
        if title not in used:
            used.add(title)
            return title


def generate_source(root: Path, cards: int = 1850, identities: int = 144, seed: int = 7) -> Path:
    """NetrunnerDB card data in the v2 layout under ``root``; returns the checkout's directory."""
    rng = random.Random(seed)
    v2 = root / "v2"
    cycles = [{"id": f"cycle_{c}", "name": f"Cycle {c}", "position": c} for c in range(1, 9)]
    sets = [
        {
            "id": f"set_{c}_{s}",
            "name": f"Set {c}.{s}",
            "legacy_code": f"s{c}{s}",
            "card_cycle_id": f"cycle_{c}",
            "card_set_type_id": "data_pack",
            "date_release": f"{2012 + c}-{s * 3:02d}-01",
            "position": s,
        }
        for c in range(1, 9)
        for s in range(1, 4)
    ]
    _write(v2 / "card_cycles.json", cycles)
    _write(v2 / "card_sets.json", sets)
    colors = iter(["FF4500", "4169E1", "32CD32", "808080", "8A2BE2", "DC143C", "FF8C00", "006400", "708090"])
    factions = [
        {"id": f, "name": f.replace("_", " ").title(), "side_id": side, "color": next(colors), "is_mini": False}
        for side in ("runner", "corp")
        for f in (*FACTIONS[side], NEUTRAL[side])
    ]
    _write(v2 / "factions.json", factions)
    types = [{"id": t, "name": t.title(), "side_id": "corp"} for t in (*CORP_TYPES, "corp_identity")]
    types += [{"id": t, "name": t.title(), "side_id": "runner"} for t in (*RUNNER_TYPES, "runner_identity")]
    _write(v2 / "card_types.json", types)
    subtypes = [
        "barrier",
        "code_gate",
        "sentry",
        "icebreaker",
        "fracter",
        "decoder",
        "killer",
        "virus",
        "console",
        "connection",
        "job",
        "run",
        "transaction",
        "facility",
        "initiative",
        "megacorp",
    ]
    _write(v2 / "card_subtypes.json", [{"id": s, "name": s.replace("_", " ").title()} for s in subtypes])
    used: set[str] = set()
    printings: dict[str, list[dict[str, Any]]] = {str(s["id"]): [] for s in sets}
    ids: list[tuple[str, str, str, str]] = []  # (id, side, faction, type)

    def add_printings(card_id: str) -> None:
        for chosen in sorted(rng.sample(range(len(sets)), rng.choice([1, 1, 1, 2, 3]))):
            entries = printings[str(sets[chosen]["id"])]
            code = f"{chosen + 1:02d}{len(entries) + 1:03d}"
            entries.append(
                {
                    "id": code,
                    "card_id": card_id,
                    "card_set_id": sets[chosen]["id"],
                    "position": len(entries) + 1,
                    "quantity": 3,
                    "illustrator": "Bench Artist",
                }
            )

    for i in range(identities):
        side = "runner" if i % 2 else "corp"
        faction = FACTIONS[side][i // 2 % len(FACTIONS[side])]
        title = f"{_title(rng, used)}: {rng.choice(NOUNS)}"
        card_id = f"identity_{i}"
        entry = {
            "id": card_id,
            "title": title,
            "card_type_id": f"{side}_identity",
            "side_id": side,
            "faction_id": faction,
            "minimum_deck_size": rng.choice([40, 45, 45]),
            "influence_limit": rng.choice([12, 15, 15, 17]),
            "subtypes": [],
            "text": "Identity text.",
            "is_unique": False,
            "deck_limit": 1,
        }
        if side == "runner":
            entry["base_link"] = rng.choice([0, 1])
        _write(v2 / "cards" / f"{card_id}.json", entry)
        add_printings(card_id)
        ids.append((card_id, side, faction, "identity"))
    for i in range(cards):
        side = "runner" if i % 2 else "corp"
        neutral = rng.random() < 0.12
        faction = NEUTRAL[side] if neutral else rng.choice(FACTIONS[side])
        card_type = rng.choice(CORP_TYPES if side == "corp" else RUNNER_TYPES)
        card_id = f"card_{i}"
        entry = {
            "id": card_id,
            "title": _title(rng, used),
            "card_type_id": card_type,
            "side_id": side,
            "faction_id": faction,
            "influence_cost": 0 if neutral and rng.random() < 0.8 else rng.randint(0, 4),
            "subtypes": [],
            "text": "Printed text.",
            "is_unique": rng.random() < 0.1,
            "deck_limit": 1 if rng.random() < 0.04 else 3,
        }
        if card_type == "agenda":
            entry.update(advancement_requirement=rng.randint(2, 5), agenda_points=rng.choice([1, 2, 2, 3]))
            entry["influence_cost"] = 0
            entry["subtypes"] = ["initiative"]
        elif card_type == "ice":
            entry.update(cost=rng.randint(0, 9), strength=rng.randint(0, 8))
            entry["subtypes"] = [rng.choice(["barrier", "code_gate", "sentry"])]
        elif card_type in ("asset", "upgrade"):
            entry.update(cost=rng.randint(0, 5), trash_cost=rng.randint(0, 5))
        elif card_type == "program":
            entry.update(cost=rng.randint(0, 6), memory_cost=rng.randint(0, 2))
            if rng.random() < 0.4:
                entry.update(strength=rng.randint(0, 5), subtypes=["icebreaker", rng.choice(["fracter", "decoder"])])
        else:
            entry["cost"] = rng.randint(0, 6)
        _write(v2 / "cards" / f"{card_id}.json", entry)
        add_printings(card_id)
        ids.append((card_id, side, faction, card_type))
    for set_id, entries in printings.items():
        _write(v2 / "printings" / f"{set_id}.json", entries)
    plain = [c for c, _, _, t in ids if t != "identity"]
    cycle_ids = [c["id"] for c in cycles]
    pools = [
        {"id": "standard_pool", "format_id": "standard", "name": "Standard", "card_cycle_ids": cycle_ids[-4:]},
        {"id": "startup_pool", "format_id": "startup", "name": "Startup", "card_cycle_ids": cycle_ids[-2:]},
        {"id": "eternal_pool", "format_id": "eternal", "name": "Eternal", "card_cycle_ids": cycle_ids},
    ]
    _write(v2 / "card_pools" / "pools.json", pools)
    banned = rng.sample(plain, 25)
    restricted = rng.sample([c for c in plain if c not in banned], 6)
    ufc = rng.sample([c for c in plain if c not in banned], 8)
    _write(
        v2 / "restrictions" / "standard" / "standard_ban_list.json",
        {
            "id": "standard_ban_list",
            "name": "Standard Ban List",
            "date_start": "2021-01-01",
            "format_id": "standard",
            "banned": banned,
            "restricted": restricted,
            "universal_faction_cost": {"1": ufc},
        },
    )
    points = rng.sample(plain, 50)
    _write(
        v2 / "restrictions" / "eternal" / "eternal_points.json",
        {
            "id": "eternal_points",
            "name": "Eternal Points List",
            "date_start": "2021-01-01",
            "format_id": "eternal",
            "banned": rng.sample(plain, 5),
            "points": {"1": points[:25], "2": points[25:40], "3": points[40:]},
            "point_limit": 7,
        },
    )
    _write(
        v2 / "restrictions" / "startup" / "startup_ban_list.json",
        {
            "id": "startup_ban_list",
            "name": "Startup Ban List",
            "date_start": "2021-01-01",
            "format_id": "startup",
            "banned": rng.sample(plain, 3),
        },
    )
    for fmt in ("standard", "startup", "eternal"):
        restriction = {"standard": "standard_ban_list", "startup": "startup_ban_list", "eternal": "eternal_points"}
        _write(
            v2 / "formats" / f"{fmt}.json",
            {
                "id": fmt,
                "name": fmt.title(),
                "snapshots": [
                    {
                        "id": f"{fmt}_1",
                        "active": True,
                        "card_pool_id": f"{fmt}_pool",
                        "date_start": "2021-01-01",
                        "restriction_id": restriction[fmt],
                    }
                ],
            },
        )
    return root


def imported_pool(workdir: Path, seed: int) -> Path:
    """Generate the source, import it like a user would; the imported directory."""
    source = generate_source(workdir / "netrunnerdb", seed=seed)
    into = workdir / "pool"
    report = import_netrunnerdb(source, into)
    if report.counts.get("card", 0) < 1000:
        problems = [line for line in report.lines() if line.startswith("skipped")][:3]
        sys.exit(f"the import kept {report.counts.get('card', 0)} cards: {'; '.join(problems)}")
    return into


# --------------------------------------------------------------------------
# the baseline: the pool as dicts, a plain validator


class DictPool:
    """Every record of the imported directory as the dict its JSON file holds, by id and kind; loaded once."""

    def __init__(self, directory: Path) -> None:
        self.records: dict[str, dict[str, Any]] = {}
        self.formats: dict[str, dict[str, Any]] = {}
        for path in sorted(directory.rglob("*.json")):
            if any(part.startswith(".") for part in path.relative_to(directory).parts):
                continue
            data = json.loads(path.read_text(encoding="utf-8"))
            kind = data.get("kind")
            if kind in ("format", "mode"):
                self.formats[data["id"]] = data
            elif kind != "game":
                self.records[data["id"]] = data


def _label(record: dict[str, Any]) -> str:
    return repr(record["name"].get("en") or record["name"]["zh-Hans"])


class Ctx:
    """One deck being checked: the resolved records and the errors so far."""

    def __init__(self, deck: dict[str, Any], pool: DictPool, fmt: dict[str, Any]) -> None:
        self.deck, self.pool, self.fmt = deck, pool, fmt
        self.errors: list[tuple[str, str]] = []
        self.cards: dict[str, dict[str, Any]] = {}
        self.identity: dict[str, Any] | None = None
        self.identity_rules: list[dict[str, Any]] = []
        self.copy_limit = 3
        self.ban = _ban_in_force(fmt)

    def error(self, code: str, message: str) -> None:
        self.errors.append((code, message))


def _ban_in_force(fmt: dict[str, Any]) -> dict[str, Any]:
    named = fmt.get("ban_list")
    for ban in fmt.get("ban_lists") or []:
        if ban["id"] == named:
            return ban
    return {
        "banned": fmt.get("banned", []),
        "restricted": fmt.get("restricted", []),
        "restricted_limit": fmt.get("restricted_limit", 1),
    }


def _size(ctx: Ctx) -> int:
    return sum(ctx.deck["cards"][c] for c in ctx.cards)


def b_one_identity(ctx: Ctx, rule: dict[str, Any]) -> None:
    if ctx.deck["identity"] is None:
        ctx.error("deck.identity.missing", "the deck has no identity")


def b_side_match(ctx: Ctx, rule: dict[str, Any]) -> None:
    if ctx.identity is None:
        return
    for record in ctx.cards.values():
        side = "corp" if record["type"] in CORP_TYPES else "runner"
        if side != ctx.identity["side"]:
            ctx.error("deck.side", f"{_label(record)} is a {side} card in a {ctx.identity['side']} deck")


def b_identity_min_deck_size(ctx: Ctx, rule: dict[str, Any]) -> None:
    if ctx.identity is not None and _size(ctx) < ctx.identity["min_deck_size"]:
        ctx.error("deck.size.min", f"{_size(ctx)} cards; at least {ctx.identity['min_deck_size']}")


def b_copy_limit(ctx: Ctx, rule: dict[str, Any]) -> None:
    ctx.copy_limit = rule["max"]
    own = [r["max"] for r in ctx.identity_rules if r["rule"] == "copy_limit"]
    for card_id, record in ctx.cards.items():
        limit = record.get("deck_limit") or ctx.copy_limit
        limit = min([limit, *own])
        if ctx.deck["cards"][card_id] > limit:
            ctx.error("deck.copies.over", f"{ctx.deck['cards'][card_id]} copies of {_label(record)}; at most {limit}")


def b_influence_limit(ctx: Ctx, rule: dict[str, Any]) -> None:
    identity = ctx.identity
    if identity is None:
        return
    free = {r["type"]: r.get("copies", 1) for r in ctx.identity_rules if r["rule"] == "influence_free"}
    ufc = ctx.ban.get("universal_faction_cost") or {}
    penalty = ctx.ban.get("global_penalty") or {}
    spent = lowered = 0
    for card_id, record in ctx.cards.items():
        copies = ctx.deck["cards"][card_id]
        if record["faction"] != identity["faction"] and record.get("influence"):
            spent += record["influence"] * max(0, copies - free.get(record["type"], 0))
        spent += ufc.get(card_id, 0) * copies
        lowered += penalty.get(card_id, 0) * copies
    limit = identity.get("influence_limit")
    if limit is not None and lowered:
        limit = max(1, limit - lowered)
    if limit is not None and spent > limit:
        ctx.error("deck.influence.over", f"{spent} influence spent; {_label(identity)} allows {limit}")


def _neutral(ctx: Ctx, faction: str) -> bool:
    return bool(ctx.pool.records.get(faction, {}).get("neutral"))


def b_no_out_of_faction_agendas(ctx: Ctx, rule: dict[str, Any]) -> None:
    if ctx.identity is None:
        return
    for record in ctx.cards.values():
        if (
            record["type"] == "agenda"
            and record["faction"] != ctx.identity["faction"]
            and not _neutral(ctx, record["faction"])
        ):
            ctx.error("deck.agenda.faction", f"{_label(record)} is a {record['faction']} agenda")


def b_agenda_points_band(ctx: Ctx, rule: dict[str, Any]) -> None:
    if ctx.identity is None or ctx.identity["side"] != "corp":
        return
    size = _size(ctx)
    points = sum(r["agenda_points"] * ctx.deck["cards"][c] for c, r in ctx.cards.items() if r["type"] == "agenda")
    low = max(size, ctx.identity["min_deck_size"]) // 5 * 2 + 2
    if not low <= points <= low + 1:
        ctx.error("deck.agenda.points", f"{points} agenda points; a {size}-card deck needs {low}–{low + 1}")


def b_ban_list(ctx: Ctx, rule: dict[str, Any]) -> None:
    ban = ctx.ban
    banned, restricted, points = set(ban.get("banned", [])), set(ban.get("restricted", [])), ban.get("points") or {}
    titles = ([(ctx.identity["id"], ctx.identity)] if ctx.identity is not None else []) + list(ctx.cards.items())
    held = total = 0
    for card_id, record in titles:
        if card_id in banned:
            ctx.error("deck.banned", f"{_label(record)} is banned in {ctx.fmt['id']}")
        held += card_id in restricted
        total += points.get(card_id, 0)
    if held > ban.get("restricted_limit", 1):
        ctx.error("deck.restricted", f"{held} restricted titles; {ban.get('restricted_limit', 1)} allowed")
    if ban.get("point_limit") is not None and total > ban["point_limit"]:
        ctx.error("deck.points.over", f"{total} points; {ban['point_limit']} allowed")


def b_card_pool(ctx: Ctx, rule: dict[str, Any]) -> None:
    sets = ctx.fmt.get("sets")
    if sets is None:
        return
    allowed = set(sets)

    def inside(record: dict[str, Any]) -> bool:
        return record.get("set") in allowed or any(p["set"] in allowed for p in record.get("printings") or [])

    if ctx.identity is not None and not inside(ctx.identity):
        ctx.error("deck.pool", f"identity {_label(ctx.identity)} is outside the {ctx.fmt['id']} pool")
    outside = [r for r in ctx.cards.values() if not inside(r)]
    if outside:
        ctx.error("deck.pool", f"{len(outside)} cards outside the {ctx.fmt['id']} pool")


def b_forbid_faction(ctx: Ctx, rule: dict[str, Any]) -> None:
    for record in ctx.cards.values():
        if record["faction"] == rule["faction"]:
            ctx.error("deck.faction.forbidden", f"{_label(record)} is {rule['faction']}")


BASELINE_RULES: dict[str, Callable[[Ctx, dict[str, Any]], None]] = {
    "one_identity": b_one_identity,
    "side_match": b_side_match,
    "identity_min_deck_size": b_identity_min_deck_size,
    "copy_limit": b_copy_limit,
    "influence_limit": b_influence_limit,
    "no_out_of_faction_agendas": b_no_out_of_faction_agendas,
    "agenda_points_band": b_agenda_points_band,
    "ban_list": b_ban_list,
    "card_pool": b_card_pool,
    "forbid_faction": b_forbid_faction,
}
BASELINE_MODIFIERS = {"influence_free"}


def baseline_validate(deck: dict[str, Any], pool: DictPool) -> list[tuple[str, str]]:
    """Every error of a netrunner deck (code, message), the plain way."""
    fmt = pool.formats.get(deck["mode"])
    if fmt is None:
        return [("deck.mode.unknown", f"no format {deck['mode']!r}")]
    ctx = Ctx(deck, pool, fmt)
    if fmt.get("status") == "incomplete":
        ctx.error("deck.mode.incomplete", f"{fmt['id']} is incomplete")
    listed_identities = []
    for card_id in deck["cards"]:
        record = pool.records.get(card_id)
        if record is None:
            ctx.error("deck.card.unknown", f"no netrunner card has id {card_id!r}")
        elif record["kind"] == "identity":
            listed_identities.append(card_id)
        elif record["kind"] != "card":
            ctx.error("deck.card.kind", f"{card_id!r} is a {record['kind']}, not a card")
        else:
            ctx.cards[card_id] = record
    if deck["identity"] is not None:
        record = pool.records.get(deck["identity"])
        if record is None or record["kind"] != "identity":
            ctx.error("deck.identity.unknown", f"no netrunner identity has id {deck['identity']!r}")
        else:
            ctx.identity = record
            ctx.identity_rules = record.get("deck_rules") or []
    for card_id in listed_identities:
        ctx.error("deck.identity.count", f"identity {card_id!r} is listed among the cards")
    rules = list(fmt.get("deck_rules") or [])
    names = {r["rule"] for r in rules}
    rules += [r for r in ctx.identity_rules if r["rule"] not in names]
    for rule in sorted(rules, key=lambda r: r["rule"] != "copy_limit"):
        if rule["rule"] in BASELINE_MODIFIERS:
            continue
        check = BASELINE_RULES.get(rule["rule"])
        if check is None:
            sys.exit(f"the baseline has no rule {rule['rule']!r}: add it to BASELINE_RULES")
        check(ctx, rule)
    return ctx.errors


# --------------------------------------------------------------------------
# decks


def generate_decks(pool: DictPool, count: int, seed: int) -> list[dict[str, Any]]:
    """Decks built for each identity in each format, many broken on purpose (see the module docstring)."""
    rng = random.Random(seed)
    records = list(pool.records.values())
    identities = [r for r in records if r["kind"] == "identity"]
    cards = [r for r in records if r["kind"] == "card"]
    by_side = {s: [c for c in cards if (c["type"] in CORP_TYPES) == (s == "corp")] for s in ("corp", "runner")}
    formats = sorted(f for f in pool.formats if pool.formats[f].get("ban_lists") or pool.formats[f].get("sets"))
    formats = [f for f in ("standard", "startup", "eternal") if f in formats] or sorted(pool.formats)

    def legal_set(record: dict[str, Any], sets: set[str]) -> bool:
        return not sets or any(p["set"] in sets for p in record.get("printings") or [])

    in_format = {f: [r for r in identities if legal_set(r, set(pool.formats[f].get("sets") or []))] for f in formats}
    decks = []
    for i in range(count):
        fmt = pool.formats[formats[i % len(formats)]]
        choices = in_format[fmt["id"]] or identities
        identity = choices[i // len(formats) % len(choices)]
        sets = set(fmt.get("sets") or [])
        side = identity["side"]

        own = [c for c in by_side[side] if c["faction"] == identity["faction"] and legal_set(c, sets)]
        neutral = [c for c in by_side[side] if c["faction"] == NEUTRAL[side] and legal_set(c, sets)]
        rng.shuffle(own)
        chosen: dict[str, int] = {}
        if side == "corp":
            points, target = 0, identity["min_deck_size"] // 5 * 2 + 2
            for card in own:
                if card["type"] == "agenda" and points + card["agenda_points"] <= target + 1:
                    copies = min(3, card.get("deck_limit") or 3, (target + 1 - points) // card["agenda_points"])
                    if copies:
                        chosen[card["id"]] = copies
                        points += copies * card["agenda_points"]
        for card in own + neutral:
            if sum(chosen.values()) >= identity["min_deck_size"]:
                break
            if card["type"] != "agenda" and card["id"] not in chosen:
                chosen[card["id"]] = min(3, card.get("deck_limit") or 3)
        flaw = rng.random()
        others = [c for c in by_side[side] if c["faction"] not in (identity["faction"], NEUTRAL[side])]
        if flaw < 0.08:
            chosen[rng.choice(list(chosen))] = 4
        elif flaw < 0.16:
            chosen[rng.choice(by_side["runner" if side == "corp" else "corp"])["id"]] = 1
        elif flaw < 0.26:
            for card in rng.sample(others, 6):
                chosen[card["id"]] = 3
        elif flaw < 0.32:
            agendas = [c for c in others if c["type"] == "agenda"]
            if agendas:
                chosen[rng.choice(agendas)["id"]] = 1
        elif flaw < 0.38:
            for card_id in rng.sample(list(chosen), 4):
                del chosen[card_id]
        elif flaw < 0.46:
            chosen[rng.choice(cards)["id"]] = 1  # any card: maybe banned, outside the pool, the other side
        elif flaw < 0.50:
            chosen[rng.choice(identities)["id"]] = 1
        elif flaw < 0.56:  # two restricted titles, or more points than the limit
            ban = _ban_in_force(fmt)
            listed = list(ban.get("restricted") or []) + list(ban.get("points") or {})
            for card_id in rng.sample(listed, min(len(listed), 4)):
                chosen[card_id] = 1
        decks.append({"mode": fmt["id"], "name": f"deck {i}", "identity": identity["id"], "cards": chosen})
    return decks


# --------------------------------------------------------------------------


def timed_runs(
    plain: list[dict[str, Any]], models: list[Deck], dict_pool: DictPool, rules: DeckPool, repeat: int
) -> tuple[float, float, list[list[tuple[str, str]]], list[Any]]:
    """(baseline seconds, dossier seconds, their verdicts): best of ``repeat``, the sides alternating."""
    base_time = our_time = float("inf")
    theirs: list[list[tuple[str, str]]] = []
    ours: list[Any] = []
    for _ in range(max(1, repeat)):  # alternate, so both see the same machine
        theirs = ours = []  # the last run's verdicts are freed before the next run
        gc.collect()
        start = time.perf_counter()
        theirs = [baseline_validate(d, dict_pool) for d in plain]
        base_time = min(base_time, time.perf_counter() - start)
        gc.collect()
        start = time.perf_counter()
        ours = [validate_deck(d, rules) for d in models]
        our_time = min(our_time, time.perf_counter() - start)
    return base_time, our_time, theirs, ours


def peak_mib(check: Callable[[Any], Any], decks: list[Any]) -> float:
    """The most Python memory checking every deck holds at once (every verdict kept), beyond what was there."""
    gc.collect()
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        before = tracemalloc.get_traced_memory()[0]
        kept = [check(deck) for deck in decks]
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    del kept
    return (peak - before) / 2**20


def same_errors(plain: list[dict[str, Any]], theirs: list[list[tuple[str, str]]], ours: list[Any]) -> str | None:
    """The first deck where the two disagree on the errors (a message), or None."""
    for deck, base, report in zip(plain, theirs, ours, strict=True):
        mine = Counter(f.code for f in report.findings if f.severity == "error")
        if Counter(code for code, _ in base) != mine:
            return (
                f"{deck['name']}: the baseline finds {sorted(Counter(c for c, _ in base).elements())}, "
                f"dossier {sorted(mine.elements())}"
            )
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="Also 100,000 decks.")
    parser.add_argument("--scales", default="1000,10000", help="Comma-separated deck counts.")
    parser.add_argument("--decks", type=int, help="Only this many decks (instead of --scales).")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="Time each validator this many times; keep the best.")
    args = parser.parse_args()
    scales = [args.decks] if args.decks else [int(s) for s in args.scales.split(",") if s.strip()]
    if args.full and 100_000 not in scales:
        scales.append(100_000)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average at start {load:.2f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory(prefix="dossier-bench-decks-") as tmp:
        directory = imported_pool(Path(tmp), args.seed)

        start = time.perf_counter()
        dict_pool = DictPool(directory)
        base_load = time.perf_counter() - start
        start = time.perf_counter()
        catalog = load_catalog([directory])
        rules = DeckPool(catalog.records)
        our_load = time.perf_counter() - start
    kinds = Counter(r["kind"] for r in dict_pool.records.values())
    print(
        f"pool     {kinds['card']} cards, {kinds['identity']} identities, {kinds['faction']} factions, "
        f"{len(dict_pool.formats)} formats (imported); loaded once: baseline {base_load:.2f} s, dossier {our_load:.2f} s"
    )
    # Deck i is the same whatever the count (one seeded generator, deck by deck): make the most, take prefixes.
    every = generate_decks(dict_pool, max(scales), args.seed)
    every_model = [Deck(game="netrunner", **d) for d in every]
    problems: list[str] = []
    print(f"\n{'decks':>8}  {'':10}{'time':>9} {'decks/s':>10} {'peak':>10}")
    for count in scales:
        plain, models = every[:count], every_model[:count]
        base_time, our_time, theirs, ours = timed_runs(plain, models, dict_pool, rules, args.repeat)
        differ = same_errors(plain, theirs, ours)
        if differ:
            sys.exit(differ)
        illegal = sum(1 for r in ours if not r.legal)
        findings = sum(len(r.findings) for r in ours)
        del theirs, ours
        base_mem = peak_mib(lambda d: baseline_validate(d, dict_pool), plain)
        our_mem = peak_mib(lambda d: validate_deck(d, rules), models)
        ratio = base_time / our_time  # dossier's speed over the baseline's
        print(
            f"{count:>8,}  {'baseline':10}{base_time:>7.3f} s {count / base_time:>10,.0f} {base_mem:>6.1f} MiB"
            "   (plain dicts, every rule, every error)"
        )
        print(
            f"{'':>8}  {'dossier':10}{our_time:>7.3f} s {count / our_time:>10,.0f} {our_mem:>6.1f} MiB"
            f"   ({illegal:,} illegal, {findings:,} findings; the same errors as the baseline)"
        )
        goal = ""
        if count >= TARGET_FROM:
            met = ratio >= TARGET_RATIO
            goal = f"; target >= {TARGET_RATIO:.2f}x (within 1.5x of its time): {'met' if met else 'MISSED'}"
            if not met:
                problems.append(f"{count:,} decks: {ratio:.2f}x the baseline's speed")
        print(f"{'':>8}  {'ratio':10}{ratio:>7.2f}x the baseline's speed (best of {args.repeat}){goal}")
    codes = Counter(f.code for r in [validate_deck(d, rules) for d in every_model[: scales[0]]] for f in r.findings)
    print(f"\nfindings in the first {scales[0]:,} decks: {', '.join(f'{c} {n}' for c, n in codes.most_common())}")
    if problems:
        sys.exit("\n".join(["", "target missed:", *problems]))


if __name__ == "__main__":
    main()
