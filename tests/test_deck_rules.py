"""Deck rules: the example decks are legal; each broken rule gives exactly its finding codes."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from toolkit import i18n
from toolkit.catalog import load_catalog
from toolkit.decks import NameIndex, read_deck
from toolkit.findings import Finding
from toolkit.models import Names
from toolkit.models.deck import Deck
from toolkit.models.netrunner import BanList, CardSet, Printing, RuleSimple
from validators.deck import DeckPool, agenda_band, ban_list_ids, summary_line, validate_deck

from .conftest import CARDS, ROOT

EXAMPLES = sorted((ROOT / "examples" / "decks").rglob("*.*"))
CATALOG = load_catalog([CARDS])
POOL = DeckPool(CATALOG.records)
NAMES = NameIndex(CATALOG.records)
DEFAULTS = {"netrunner": "standard", "crossfire": "crossfire"}


def example(name: str) -> Deck:
    loaded = read_deck(ROOT / "examples" / "decks" / name, NAMES, default_modes=DEFAULTS)
    assert loaded.deck is not None and not loaded.findings
    return loaded.deck


def codes(deck: Deck, mode: str | None = None) -> list[str]:
    return sorted(f.code for f in validate_deck(deck, POOL, mode).findings)


def records(game: str, **where: Any) -> list[Any]:
    pool = POOL.game(game).records.values()
    return [r for r in pool if all(getattr(r, k, None) == v for k, v in where.items())]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_deck_is_legal(path: Path) -> None:
    loaded = read_deck(path, NAMES, default_modes=DEFAULTS)
    assert loaded.findings == [] and loaded.deck is not None
    report = validate_deck(loaded.deck, POOL)
    assert report.findings == [], [f.message for f in report.findings]


def test_examples_cover_every_mode_and_player_count() -> None:
    decks = [read_deck(p, NAMES, default_modes=DEFAULTS).deck for p in EXAMPLES]
    tactics = {d.mode for d in decks if d and d.game == "tactics"}
    assert tactics == {"duel", "duo", "expert", "melee"}
    sides = [
        POOL.game("netrunner").records[d.identity].side for d in decks if d and d.game == "netrunner" and d.identity
    ]
    assert sides.count("corp") >= 2 and sides.count("runner") >= 2
    sets = {(d.mode, d.players) for d in decks if d and d.game == "crossfire"}
    assert {("crossfire", n) for n in range(5, 11)} | {("sniper", n) for n in range(6, 11)} <= sets


# --------------------------------------------------------------------------
# tactics


def with_cards(deck: Deck, **changes: int) -> Deck:
    cards = dict(deck.cards)
    for card_id, count in changes.items():
        if count:
            cards[card_id] = count
        else:
            cards.pop(card_id, None)
    return deck.model_copy(update={"cards": cards})


def token_id() -> str:
    return next(r.id for r in records("tactics", kind="card") if r.token is not None)


def shop_id() -> str:
    return next(r.id for r in records("tactics", kind="card", back="shop"))


TACTICS_CASES: list[tuple[str, str, Callable[[Deck], Deck], list[str]]] = [
    ("duel", "duel.json", lambda d: with_cards(d, smoke_grenade=0), ["deck.size.min"]),
    ("duel", "duel.json", lambda d: with_cards(d, frag_grenade=1), ["deck.size.max"]),
    ("duo", "duo.json", lambda d: with_cards(d, smoke_grenade=2), ["deck.names.duplicate"]),
    (
        "duo",
        "duo.json",
        lambda d: d.model_copy(update={"agents": ["jackdaw"]}),
        ["deck.exclusive.agent"] * 4 + ["deck.squad.min"],
    ),
    (
        "expert",
        "expert.json",
        lambda d: d.model_copy(update={"agents": [*d.agents, "gale"]}),
        ["deck.agents.duplicate", "deck.squad.max"],
    ),
    (
        "duo",
        "duo.json",
        lambda d: d.model_copy(update={"agents": ["private", "private"]}),
        ["deck.exclusive.agent"] * 8,
    ),
    ("duo", "duo.json", lambda d: with_cards(d, **{token_id(): 1}), ["deck.token"]),
    ("duo", "duo.json", lambda d: with_cards(d, **{shop_id(): 1}), ["deck.shop"]),
    ("duo", "duo.json", lambda d: with_cards(d, no_such_card=1), ["deck.card.unknown"]),
    ("duo", "duo.json", lambda d: with_cards(d, jackdaw=1), ["deck.card.kind"]),
    (
        "duo",
        "duo.json",
        lambda d: d.model_copy(update={"agents": ["jackdaw", "ghost"]}),
        ["deck.agent.unknown", "deck.squad.min"] + ["deck.exclusive.agent"] * 4,  # (ghost is no agent of the squad)
    ),
]


@pytest.mark.parametrize(
    ("mode", "file", "change", "expected"), TACTICS_CASES, ids=lambda x: x if isinstance(x, str) else ""
)
def test_tactics_rules(mode: str, file: str, change: Callable[[Deck], Deck], expected: list[str]) -> None:
    assert codes(change(example(f"tactics/{file}"))) == sorted(expected)


def test_several_broken_rules_are_all_reported() -> None:
    deck = with_cards(example("tactics/duo.json"), smoke_grenade=2, **{token_id(): 1, shop_id(): 1})
    deck = deck.model_copy(update={"agents": ["jackdaw"]})
    assert codes(deck) == sorted(
        ["deck.names.duplicate", "deck.token", "deck.shop", "deck.squad.min"] + ["deck.exclusive.agent"] * 4
    )


def test_agents_count_toward_deck_size_is_a_house_rule() -> None:
    deck = with_cards(example("tactics/duel.json"), smoke_grenade=0)
    pool = DeckPool(CATALOG.records)
    duel = pool.game("tactics").modes["duel"]
    pool.game("tactics").modes["duel"] = duel.model_copy(update={"agents_count_toward_deck_size": True})
    assert validate_deck(deck, pool).findings == []
    assert codes(deck) == ["deck.size.min"]


def test_incomplete_mode_is_reported() -> None:
    deck = example("tactics/expert.json").model_copy(update={"mode": "nightmare"})
    report = validate_deck(deck, POOL)
    assert [f.code for f in report.findings] == ["deck.mode.incomplete"]
    assert "unspecified" in report.findings[0].message


def test_unknown_mode() -> None:
    assert codes(example("tactics/duo.json").model_copy(update={"mode": "arena"})) == ["deck.mode.unknown"]


# --------------------------------------------------------------------------
# netrunner


def corp() -> Deck:
    return example("netrunner/corp-hb-tireless-hands.json")


def runner() -> Deck:
    return example("netrunner/runner-anarch-rust.json")


def agenda_ids(faction: str) -> list[str]:
    return sorted(r.id for r in records("netrunner", kind="card", type="agenda", faction=faction))


@pytest.mark.parametrize(
    ("size", "band"),
    [(40, (18, 19)), (44, (18, 19)), (45, (20, 21)), (49, (20, 21)), (50, (22, 23)), (54, (22, 23)), (55, (24, 25))],
)
def test_agenda_band_formula(size: int, band: tuple[int, int]) -> None:
    assert agenda_band(size, 40) == band
    assert agenda_band(38, 45) == (20, 21)


def padded_corp(extra_cards: int) -> Deck:
    """The HB example padded with neutral non-agenda cards (may exceed copy limits)."""
    deck = corp()
    filler = [
        r.id
        for r in records("netrunner", kind="card", faction="neutral_corp")
        if r.type != "agenda" and r.id not in deck.cards
    ]
    cards = dict(deck.cards)
    for i in range(extra_cards):
        cards[filler[i // 3]] = cards.get(filler[i // 3], 0) + 1
    return deck.model_copy(update={"cards": cards})


@pytest.mark.parametrize(("extra", "expected"), [(0, []), (4, []), (5, ["deck.agenda.points"])])
def test_agenda_points_band_edges(extra: int, expected: list[str]) -> None:
    # 21 points: legal at 45-49 cards (20-21), not at 50 (22-23)
    assert codes(padded_corp(extra)) == expected


def test_too_few_agenda_points() -> None:
    deck = corp()
    agenda = next(a for a in agenda_ids("haas_bioroid") if a in deck.cards)
    assert codes(with_cards(deck, **{agenda: 0})) == ["deck.agenda.points", "deck.size.min"]


def test_fourth_copy() -> None:
    deck = runner()
    card = next(c for c, n in deck.cards.items() if n == 3)
    assert codes(with_cards(deck, **{card: 4})) == ["deck.copies.over"]


def test_deck_limit_one() -> None:
    limited = next(r for r in records("netrunner", kind="card", faction="criminal") if r.deck_limit == 1)
    deck = example("netrunner/runner-criminal-fingers.json")
    assert codes(with_cards(deck, **{limited.id: 2})) == ["deck.copies.over"]


def test_influence_at_and_over_the_limit() -> None:
    deck = runner()  # anarch, 6/15 spent
    outsiders = sorted(
        (r for r in records("netrunner", kind="card", faction="shaper") if r.influence and r.id not in deck.cards),
        key=lambda r: r.influence,
    )
    spent, cards = 6, dict(deck.cards)
    for record in outsiders:
        for _ in range(3):
            if spent + record.influence <= 15:
                cards[record.id] = cards.get(record.id, 0) + 1
                spent += record.influence
    assert spent == 15, "the pool can spend exactly 15"
    at_limit = deck.model_copy(update={"cards": cards})
    assert codes(at_limit) == []
    one_card = next(r for r in outsiders if r.influence == 1 or cards.get(r.id, 0) < 3)
    over = with_cards(at_limit, **{one_card.id: cards.get(one_card.id, 0) + 1})
    assert "deck.influence.over" in codes(over)


def test_out_of_faction_agenda() -> None:
    deck = corp()
    foreign = agenda_ids("weyland")[0]
    assert codes(with_cards(deck, **{foreign: 1})) == ["deck.agenda.faction", "deck.agenda.points"]


def test_side_mismatch_and_identity_rules() -> None:
    deck = corp()
    runner_card = next(iter(runner().cards))
    assert codes(with_cards(deck, **{runner_card: 1})) == ["deck.side"]
    assert codes(deck.model_copy(update={"identity": None})) == ["deck.identity.missing"]
    assert codes(deck.model_copy(update={"identity": "nobody"})) == ["deck.identity.unknown"]


def test_identity_copy_limit_exception() -> None:
    """An identity whose deck_rules caps copies is rule data, not code."""
    pool = DeckPool(CATALOG.records)
    records_ = pool.game("netrunner").records
    identity = records_["cassia_rust_moreau"]
    from toolkit.models.netrunner import RuleCopyLimit, RuleForbidFaction

    records_["cassia_rust_moreau"] = identity.model_copy(
        update={"deck_rules": [RuleCopyLimit(rule="copy_limit", max=1)]}
    )
    found = [f.code for f in validate_deck(runner(), pool).findings]
    assert found.count("deck.copies.over") == sum(1 for n in runner().cards.values() if n > 1)
    records_["cassia_rust_moreau"] = identity.model_copy(
        update={"deck_rules": [RuleForbidFaction(rule="forbid_faction", faction="shaper")]}
    )
    assert [f.code for f in validate_deck(runner(), pool).findings] == ["deck.faction.forbidden"]


def test_influence_free_exception() -> None:
    """Ada's first copy of each out-of-faction program costs no influence."""
    ada = POOL.game("netrunner").records["ada_voss_tinker"]
    assert [r.rule for r in ada.deck_rules] == ["influence_free"]
    program = next(r for r in records("netrunner", kind="card", type="program", faction="anarch") if r.influence)
    base = example("netrunner/runner-anarch-rust.json").model_copy(update={"identity": ada.id, "cards": {}})
    shaper = {r.id: 3 for r in records("netrunner", kind="card", faction="shaper")}
    deck = base.model_copy(update={"cards": {**shaper, program.id: 1}})
    report = validate_deck(deck, POOL)
    assert report.summary["influence"][0] == 0
    deck2 = deck.model_copy(update={"cards": {**shaper, program.id: 2}})
    assert validate_deck(deck2, POOL).summary["influence"][0] == program.influence


def test_ban_list() -> None:
    pool = DeckPool(CATALOG.records)
    fmt = pool.game("netrunner").modes["standard"]
    deck = corp()
    held = sorted(deck.cards)
    pool.game("netrunner").modes["standard"] = fmt.model_copy(update={"banned": [held[0]], "restricted": held[1:3]})
    assert sorted(f.code for f in validate_deck(deck, pool).findings) == ["deck.banned", "deck.restricted"]


# --------------------------------------------------------------------------
# netrunner formats as data: card pool, named ban lists, points, universal faction cost, global penalty


def format_pool(
    update: dict[str, Any] | None = None, records_update: dict[str, dict[str, Any]] | None = None
) -> DeckPool:
    """A fresh pool whose standard format (and some records) are changed; the shared POOL stays as it is."""
    pool = DeckPool(CATALOG.records)
    game = pool.game("netrunner")
    game.modes["standard"] = game.modes["standard"].model_copy(update=update or {})
    for record_id, changes in (records_update or {}).items():
        game.records[record_id] = game.records[record_id].model_copy(update=changes)
    return pool


def ban(ban_id: str = "list_b", **verdicts: Any) -> BanList:
    return BanList(id=ban_id, name=Names(zh_hans=f"禁卡表 {ban_id}", en=f"Ban List {ban_id}"), **verdicts)


def named(*lists: BanList, active: str | None = None) -> dict[str, Any]:
    """Format fields for named ban lists, the last one (or ``active``) in force."""
    return {"ban_lists": list(lists), "ban_list": active or lists[-1].id}


def found(deck: Deck, pool: DeckPool, ban_list: str | None = None) -> list[str]:
    return sorted(f.code for f in validate_deck(deck, pool, ban_list=ban_list).findings)


def test_named_ban_list_banned_restricted_and_the_identity() -> None:
    deck = corp()
    held = sorted(deck.cards)
    cases = [
        (ban(banned=[held[0]]), ["deck.banned"]),
        (ban(banned=[deck.identity]), ["deck.banned"]),
        (ban(restricted=held[1:3]), ["deck.restricted"]),
        (ban(restricted=[held[1], deck.identity]), ["deck.restricted"]),  # the identity counts as a title
        (ban(restricted=held[1:3], restricted_limit=2), []),
        (ban(restricted=[held[1]]), []),
    ]
    for ban_list, expected in cases:
        assert found(deck, format_pool(named(ban_list))) == expected, ban_list
    [finding] = validate_deck(deck, format_pool(named(ban(banned=[deck.identity])))).findings
    assert finding.pointer == "/identity" and finding.message.endswith("is banned in Standard (Ban List list_b)")
    with i18n.use_lang("zh-Hans"):  # the finding in the current language, the names in it too
        [chinese] = validate_deck(deck, format_pool(named(ban(banned=[deck.identity])))).findings
    identity = POOL.game("netrunner").records[str(deck.identity)]
    assert chinese.code == finding.code and f"「{identity.name.zh_hans}」" in chinese.message
    assert identity.name.en not in chinese.message and identity.name.zh_hans not in finding.message


@pytest.mark.parametrize(
    ("points", "limit", "expected", "summary"),
    [
        ({}, 7, [], "0/7 points"),
        ({"a": 3, "b": 4}, 7, [], "7/7 points"),  # points are per title: three copies count once
        ({"a": 3, "b": 4, "identity": 1}, 7, ["deck.points.over"], "8/7 points"),
        ({"a": 3, "b": 4, "identity": 1}, None, [], None),
    ],
)
def test_points_list(points: dict[str, int], limit: int | None, expected: list[str], summary: str | None) -> None:
    deck = corp()
    held = sorted(c for c, n in deck.cards.items() if n == 3)
    ids = {"a": held[0], "b": held[1], "identity": deck.identity}
    pool = format_pool(named(ban(points={ids[k]: v for k, v in points.items()}, point_limit=limit)))
    report = validate_deck(deck, pool)
    assert sorted(f.code for f in report.findings) == expected
    line = summary_line(deck, report)
    assert (summary in line) if summary else "points ·" not in line.replace("agenda points", "")


def test_universal_faction_cost_counts_every_copy_in_faction_too() -> None:
    deck = runner()  # anarch, 6/15 spent
    own = next(c for c, n in deck.cards.items() if n == 3 and POOL.game("netrunner").records[c].faction == "anarch")
    spent = validate_deck(deck, POOL).summary["influence"][0]
    for cost, expected in [(1, []), (3, []), (4, ["deck.influence.over"])]:
        report = validate_deck(deck, format_pool(named(ban(universal_faction_cost={own: cost}))))
        assert sorted(f.code for f in report.findings) == expected, cost
        assert report.summary["influence"][0] == spent + 3 * cost
        assert report.summary["influence"][2]["universal faction cost"] == 3 * cost


@pytest.mark.parametrize(
    ("penalty", "limit", "expected"),
    [(1, 12, []), (3, 6, []), (4, 3, ["deck.influence.over"]), (9, 1, ["deck.influence.over"])],
)
def test_global_penalty_lowers_the_limit_per_copy_to_at_least_one(
    penalty: int, limit: int, expected: list[str]
) -> None:
    deck = runner()  # anarch, 6/15 spent; the penalty applies to listed cards of any faction
    listed = next(c for c, n in deck.cards.items() if n == 3)
    report = validate_deck(deck, format_pool(named(ban(global_penalty={listed: penalty}))))
    assert sorted(f.code for f in report.findings) == expected
    assert report.summary["influence"][1] == limit
    if expected:
        assert "less the global penalty of Ban List list_b" in report.findings[0].message


def test_choosing_another_ban_list() -> None:
    deck = corp()
    card = sorted(deck.cards)[0]
    pool = format_pool(named(ban("old", banned=[card]), ban("new")))
    assert found(deck, pool) == []
    assert found(deck, pool, ban_list="old") == ["deck.banned"]
    assert ban_list_ids(pool.game("netrunner").modes["standard"]) == ["old", "new"]
    [unknown] = validate_deck(deck, pool, ban_list="nope").findings
    assert unknown.code == "deck.banlist.unknown" and unknown.message.endswith("ban lists: old, new")
    [none] = validate_deck(deck, POOL, ban_list="old").findings  # the bundled standard names no lists
    assert none.code == "deck.banlist.unknown" and "no named ban lists" in none.message


def test_summary_names_the_format_and_ban_list() -> None:
    deck = corp()
    assert summary_line(deck, validate_deck(deck, POOL)) == (
        "45 cards (min 45) · 0/15 influence · 21 agenda points (20–21) · legal"
    )
    pool = format_pool(named(ban("old"), ban("new")))
    assert summary_line(deck, validate_deck(deck, pool)) == (
        "45 cards (min 45) · 0/15 influence · 21 agenda points (20–21) · Standard · Ban List new · legal"
    )
    assert "· Standard · Ban List old · legal" in summary_line(deck, validate_deck(deck, pool, ban_list="old"))
    pooled = format_pool({"sets": ["dossier_demo"]})
    assert summary_line(deck, validate_deck(deck, pooled)).endswith("· Standard · no ban list · legal")


CARD_POOL = {"sets": ["dossier_demo", "reprints"], "pool_name": "Demo Pool"}
GAME_SETS = [CardSet(id="core", name=Names(zh_hans="核心系列", en="Core Set"))]


def card_pool_case(moved: list[str], reprinted: tuple[str, ...] | list[str] = ()) -> list[Finding]:
    """The corp example under a format whose pool lacks set 'core', where ``moved`` cards were printed."""
    deck = corp()
    updates: dict[str, dict[str, Any]] = {c: {"set": "core", "printings": []} for c in moved}
    for card_id in reprinted:
        updates[card_id] = {
            "set": "core",
            "printings": [Printing(code=f"c{i}", set=s) for i, s in enumerate(("core", "reprints"))],
        }
    pool = format_pool(
        {
            **CARD_POOL,
            "deck_rules": [*POOL.game("netrunner").modes["standard"].deck_rules, RuleSimple(rule="card_pool")],
        },
        updates,
    )
    game = pool.game("netrunner")
    game.game_record = game.game_record.model_copy(update={"sets": GAME_SETS})
    return validate_deck(deck, pool).findings


def test_card_pool() -> None:
    deck = corp()
    cards = list(deck.cards)
    assert card_pool_case([]) == []
    assert card_pool_case([], reprinted=cards[:2]) == []  # a reprint in a pool set makes the card legal
    [one] = card_pool_case(cards[:1])
    record = POOL.game("netrunner").records[cards[0]]
    assert one.code == "deck.pool" and one.pointer == f"/cards/{cards[0]}"
    copies = deck.cards[cards[0]]  # titles and the cards they come to (one copy: as many cards)
    shown = "1 card" if copies == 1 else f"1 title ({copies} cards)"
    assert one.message == f"{shown} outside the Standard pool (Demo Pool): {record.name.en} (Core Set)"
    [many] = card_pool_case(cards[:7])
    total = sum(deck.cards[c] for c in cards[:7])
    assert many.message.startswith(f"7 titles ({total} cards) outside the Standard pool (Demo Pool): ")
    assert "…" not in many.message
    assert many.message.count("Core Set") == 7  # every card named (issue 25: findings list all their cards)
    [identity] = card_pool_case([str(deck.identity)])
    assert identity.pointer == "/identity" and identity.message.startswith("identity ")


def test_card_pool_of_no_sets_allows_every_card() -> None:
    deck = corp()
    pool = format_pool({"deck_rules": [RuleSimple(rule="card_pool")], "sets": None})
    assert found(deck, pool) == []


def test_neutral_cards_cost_their_influence_in_every_faction() -> None:
    deck = corp()
    neutral = next(r for r in records("netrunner", kind="card", faction="neutral_corp") if r.type != "agenda")
    spent = validate_deck(deck, POOL).summary["influence"][0]
    pool = format_pool(records_update={neutral.id: {"influence": 2}})
    with_neutral = with_cards(deck, **{neutral.id: 3})
    assert validate_deck(with_neutral, pool).summary["influence"][0] == spent + 6


# --------------------------------------------------------------------------
# crossfire


def role_deck(mode: str, players: int, **roles: int) -> Deck:
    return Deck(game="crossfire", mode=mode, name="t", players=players, cards=roles)


CROSSFIRE_CASES = [
    (role_deck("crossfire", 5, vip=1, agent=1, assassin=1, red_decoy=1, bystander=1), []),
    (role_deck("crossfire", 5, vip=1, agent=1, assassin=1, decoy=1, bystander=1), ["deck.roles.composition"]),
    (role_deck("crossfire", 4, vip=1, agent=1, assassin=1, bystander=1), ["deck.players.range"]),
    (
        role_deck("crossfire", 5, vip=2, assassin=1, red_decoy=1, bystander=1),
        ["deck.roles.composition", "deck.roles.count"],
    ),
    (
        role_deck("crossfire", 6, vip=1, agent=1, assassin=2, blue_decoy=1, bystander=1, extra=1),
        ["deck.players.count", "deck.roles.unknown"],
    ),
    # bodyguard replaces an agent
    (role_deck("crossfire", 6, vip=1, bodyguard=1, assassin=2, blue_decoy=1, bystander=1), []),
    # enforcer: -agent, -decoy type (else bystander), +assassin
    (role_deck("crossfire", 5, vip=1, enforcer=1, assassin=2, bystander=1), []),
    (role_deck("crossfire", 6, vip=1, enforcer=1, assassin=3, bystander=1), []),
    # peacekeeper only with 7-10 players
    (role_deck("crossfire", 7, vip=1, agent=1, assassin=1, peacekeeper=1, decoy=1, bystander=2), []),
    (role_deck("crossfire", 6, vip=1, assassin=1, peacekeeper=1, blue_decoy=1, bystander=2), ["deck.roles.special"]),
    # bomber, protester and supporter each replace a bystander: two need the peacekeeper's extra bystander
    (role_deck("crossfire", 7, vip=1, agent=2, assassin=2, decoy=1, bomber=1), []),
    (
        role_deck("crossfire", 7, vip=1, agent=2, assassin=2, decoy=1, bomber=1, protester=1),
        ["deck.players.count", "deck.roles.special"],
    ),
    (
        role_deck(
            "crossfire", 8, vip=1, agent=1, assassin=1, peacekeeper=1, decoy=1, red_decoy=1, bomber=1, supporter=1
        ),
        [],
    ),
    # sniper mode
    (role_deck("sniper", 6, sniper=1, vip=1, agent=1, assassin=2, bystander=1), []),
    (role_deck("sniper", 6, vip=1, agent=2, assassin=2, bystander=1), ["deck.roles.composition", "deck.roles.count"]),
    (role_deck("sniper", 5, sniper=1, vip=1, agent=1, assassin=1, bystander=1), ["deck.players.range"]),
    (role_deck("sniper", 7, sniper=1, vip=1, agent=1, assassin=2, blue_decoy=1, bomber=1), []),
    (
        role_deck("sniper", 7, sniper=1, vip=1, bodyguard=1, assassin=2, blue_decoy=1, bystander=1),
        ["deck.roles.special"],
    ),
]


@pytest.mark.parametrize(("deck", "expected"), CROSSFIRE_CASES)
def test_crossfire_role_sets(deck: Deck, expected: list[str]) -> None:
    assert codes(deck) == sorted(expected)


@pytest.mark.parametrize("mode", ["crossfire", "sniper"])
def test_every_player_count_with_each_special(mode: str) -> None:
    from toolkit.models.crossfire import role_set

    record = POOL.game("crossfire").modes[mode]
    for players in range(record.players.min, record.players.max + 1):
        for special in [None, *(s.role for s in record.substitutions)]:
            try:
                roles = role_set(record, players, [special] if special else [])
            except ValueError:
                assert special == "peacekeeper" and players < 7
                continue
            assert codes(role_deck(mode, players, **roles)) == [], (players, special)


# --------------------------------------------------------------------------
# findings in one language


CJK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")


def broken_decks() -> list[tuple[Deck, DeckPool]]:
    """Decks that break every kind of rule of the three games."""
    out = [(change(example(f"tactics/{file}")), POOL) for _, file, change, _ in TACTICS_CASES]
    out += [(deck, POOL) for deck, expected in CROSSFIRE_CASES if expected]
    held = sorted(corp().cards)
    runner_card = next(iter(runner().cards))
    out += [
        (with_cards(runner(), **{runner_card: 4}), POOL),
        (with_cards(corp(), **{runner_card: 1, held[0]: 0}), POOL),
        (corp().model_copy(update={"identity": None}), POOL),
        (corp(), format_pool(named(ban(banned=[str(corp().identity), held[0]], restricted=held[1:4])))),
        (corp().model_copy(update={"mode": "arena"}), POOL),
    ]
    return out


NAMES_KEPT = {"ID", "JSON", "jinteki", "net"}  # Latin words a Chinese finding keeps: ID, a format's and a site's names


def test_findings_are_in_the_current_language_and_name_cards_in_it() -> None:
    """An English finding names a card in English only; a Chinese one in Chinese only (the bug: English
    findings led with the Chinese name)."""
    decks = broken_decks()
    english = [f for deck, pool in decks for f in validate_deck(deck, pool).findings]
    with i18n.use_lang("zh-Hans"):
        chinese = [f for deck, pool in decks for f in validate_deck(deck, pool).findings]
    assert len(english) > 30 and [f.code for f in english] == [f.code for f in chinese]  # the codes do not change
    for finding in english:
        assert not CJK.search(finding.message), finding
    # Chinese: no English word but ids (quoted, or snake_case), record names that have no Chinese, codes, and the
    # names of a format and a site (NAMES_KEPT: a deck without an identity is told of a JSON deck's field and of
    # jinteki.net's lists)
    english_names = {r.name.en for r in CATALOG.records if getattr(r, "name", None) and r.name.en}
    latin_chinese = {r.name.zh_hans for r in CATALOG.records if getattr(r, "name", None)}
    latin_chinese = {name for name in latin_chinese if not CJK.search(name)}
    ids = {r.id for r in CATALOG.records}
    for finding in chinese:
        message = finding.message
        for name in latin_chinese:  # a Chinese name in Latin letters (VIP)
            message = message.replace(name, " ")
        words = re.findall(r"[A-Za-z]{2,}", re.sub(r"'[^']*'|\w*_\w*", " ", message))
        assert CJK.search(finding.message) and not [w for w in words if w not in {*NAMES_KEPT, *ids}], finding
        assert not any(name in message for name in english_names - latin_chinese), finding
