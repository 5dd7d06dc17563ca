"""Netrunner deck building, stop 70's sweep (s70e): ``deck new --fill`` for identities without an influence limit
or with other factions' agendas; a ban list named by its id, its name, any case, ``-`` or ``_`` (``--banlist``, a
text list's ``# ban_list:``); cards outside a format's pool counted as cards; a second identity in a text list;
``deck new --identity`` given a card's name.

The pool is the netrunner fixture pool with invented cards and two invented identities written here: Switchyard
(a neutral corp identity without an influence limit, one copy of each card, two different agendas of each other
faction) and Wren Hollow (a neutral runner identity without an influence limit, one copy of each card).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import NETRUNNER_POOL
from toolkit.catalog import load_catalog
from toolkit.decks import NameIndex, read_deck
from toolkit.decks.netrunner_fill import fill_deck
from toolkit.errors import DossierError
from validators.deck import DeckPool, validate_deck

AMPERE = "switchyard_open_doors"
NOVA = "wren_hollow_any_road"
SPARK = "nell_ashgrove_spark_thief"
# a runner deck of the fixture pool (glasswing and ashgroves_gambit are of second_wave, the rest of first_light)
RUNNER = {"ember_script": 3, "static_hymn": 3, "kiln_rig": 2, "backroom_ledger": 3, "glasswing": 3, "quiet_wire": 3}


def _write(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")


def _card(pool: Path, card_id: str, card_type: str, faction: str, influence: int = 0, **more: Any) -> None:
    code = f"{70000 + len(list((pool / 'cards').glob('*.json')))}"  # a printing code of its own
    title = card_id.replace("_", " ").title()
    data: dict[str, Any] = {
        "game": "netrunner", "kind": "card", "id": card_id, "name": {"en": title, "zh-Hans": title},
        "type": card_type, "faction": faction, "influence": influence, "set": "first_light", "subtypes": [],
        "text": [], "printings": [{"code": code, "set": "first_light"}],
    }  # fmt: skip
    if card_type == "agenda":
        data.update(advancement_requirement=3, agenda_points=2)
    if card_type == "ice":
        data.update(rez_cost=2, strength=2, subtypes=["barrier"])
    if card_type == "program":
        data.update(cost=2, memory_cost=1, strength=1)
    if card_type in ("operation", "event", "hardware", "resource"):
        data["cost"] = 1
    if card_type in ("asset", "upgrade"):
        data.update(rez_cost=1, trash_cost=1)
    data.update(more)
    _write(pool / "cards" / f"{card_id}.json", data)


def _identity(pool: Path, identity_id: str, name: str, side: str, faction: str, rules: list[dict[str, Any]]) -> None:
    data: dict[str, Any] = {
        "game": "netrunner", "kind": "identity", "id": identity_id, "name": {"en": name, "zh-Hans": name},
        "side": side, "faction": faction, "influence_limit": None, "min_deck_size": 12, "set": "first_light",
        "subtypes": [], "text": [], "deck_rules": rules,
    }  # fmt: skip
    if side == "runner":
        data["base_link"] = 0
    _write(pool / "identities" / f"{identity_id}.json", data)


def make_pool(folder: Path) -> Path:
    """The fixture pool and this module's invented records (see the module's text)."""
    pool = folder / "pool"
    shutil.copytree(NETRUNNER_POOL, pool)
    kestrel = {"game": "netrunner", "kind": "faction", "id": "kestrel", "name": {"en": "Kestrel", "zh-Hans": "隼"},
               "neutral": False, "side": "corp", "color": "#336699"}  # fmt: skip
    _write(pool / "factions" / "kestrel.json", kestrel)
    one_copy = {"rule": "copy_limit", "max": 1}
    _identity(pool, AMPERE, "Switchyard: Open Doors", "corp", "tower_neutral",
              [one_copy, {"rule": "out_of_faction_agendas", "per_faction": 2}])  # fmt: skip
    _identity(pool, NOVA, "Wren Hollow: Any Road", "runner", "street_neutral", [one_copy])
    # corp: every agenda is worth 2 (6–7 points for 12 cards: three agendas, at most two of a faction)
    for card_id, faction in (("tide_compact", "orbis"), ("meridian_deed", "orbis"), ("toll_writ", "vantor"),
                             ("vantor_bond", "vantor"), ("kestrel_claim", "kestrel")):  # fmt: skip
        _card(pool, card_id, "agenda", faction)
    for card_id, card_type, faction, influence in (
        ("kestrel_wall", "ice", "kestrel", 2), ("kestrel_rally", "operation", "kestrel", 1),
        ("vantor_lookout", "asset", "vantor", 1), ("tower_signal", "operation", "tower_neutral", 0),
        ("soot_flare", "event", "cinder", 1), ("lattice_key", "program", "lattice", 2),
        ("copper_thread", "hardware", "lattice", 1), ("street_favor", "resource", "street_neutral", 0),
        ("cinder_fuse", "program", "cinder", 3), ("lattice_lens", "event", "lattice", 1),
    ):  # fmt: skip
        extra = {"subtypes": ["icebreaker", "decoder" if faction == "lattice" else "killer"]}
        _card(pool, card_id, card_type, faction, influence, **(extra if card_type == "program" else {}))
    return pool


@pytest.fixture
def pool(tmp_path: Path) -> Path:
    return make_pool(tmp_path)


def _records(pool: Path) -> list[Any]:
    return list(load_catalog([pool]).records)


# ------------------------------------------------------------------ 1. --fill honours the identity's own rules


@pytest.mark.parametrize("identity", [AMPERE, NOVA])
def test_fill_makes_a_legal_deck_for_identities_without_an_influence_limit(pool: Path, identity: str) -> None:
    records = _records(pool)
    rules = DeckPool(records)
    by_id = {r.id: r for r in records}
    factions = set()
    for seed in range(12):
        deck = fill_deck(records, identity, "standard", seed=seed)
        errors = [f.message for f in validate_deck(deck, rules).findings if f.severity == "error"]
        assert errors == [], (seed, errors)
        assert sum(deck.cards.values()) == 12 and set(deck.cards.values()) == {1}  # one copy of each card
        factions |= {by_id[c].faction for c in deck.cards}
    assert len(factions) > 2  # other factions' cards: no influence limit to spend


def test_fill_takes_at_most_the_identitys_agendas_of_each_other_faction(pool: Path) -> None:
    records = _records(pool)
    by_id = {r.id: r for r in records}
    for seed in range(30):  # three agendas of 2 points each; three of orbis would be as few cards, and illegal
        deck = fill_deck(records, AMPERE, "standard", seed=seed)
        agendas = [by_id[c] for c in deck.cards if by_id[c].type == "agenda"]
        assert sum(a.agenda_points for a in agendas) in (6, 7)
        per_faction = [a.faction for a in agendas]
        assert max(per_faction.count(f) for f in per_faction) <= 2, (seed, per_faction)


def test_an_impossible_fill_names_the_identity_by_its_name(pool: Path) -> None:
    records = [r for r in _records(pool) if not (r.kind == "card" and r.type == "agenda" and r.faction == "orbis")]
    records = [r for r in records if r.id not in ("toll_writ", "kestrel_claim")]  # 2 agendas (4 points) are left
    with pytest.raises(DossierError) as raised:
        fill_deck(records, AMPERE, "standard")
    assert "Switchyard: Open Doors" in str(raised.value) and AMPERE not in str(raised.value)
    few = [r for r in _records(pool) if not (r.kind == "card" and r.type in ("event", "program"))]
    with pytest.raises(DossierError, match="its decks need 12") as raised:
        fill_deck(few, NOVA, "standard")
    assert "Wren Hollow: Any Road" in str(raised.value) and NOVA not in str(raised.value)


def test_fill_spends_influence_when_the_free_cards_are_too_few(pool: Path) -> None:
    records = _records(pool)
    spark = next(r for r in records if r.id == SPARK)  # free: its faction's and neutral 0-influence, 21 copies
    records = [r for r in records if r.id != SPARK] + [spark.model_copy(update={"min_deck_size": 30})]
    by_id = {r.id: r for r in records}
    for seed in range(5):
        deck = fill_deck(records, SPARK, "standard", seed=seed)
        report = validate_deck(deck, DeckPool(records))
        assert [f.message for f in report.findings if f.severity == "error"] == []
        assert sum(deck.cards.values()) == 30 and {by_id[c].faction for c in deck.cards} >= {"lattice"}
        spent, limit, _ = report.summary["influence"]
        assert 0 < spent <= limit == 15


def test_fill_takes_a_restricted_identity(pool: Path) -> None:
    path = pool / "modes" / "standard.json"
    mode = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**mode, "restricted": [SPARK, "backroom_ledger"]}), encoding="utf-8")
    records = _records(pool)
    deck = fill_deck(records, SPARK, "standard", seed=3)  # legal: the identity is its one restricted title
    assert [f.message for f in validate_deck(deck, DeckPool(records)).findings if f.severity == "error"] == []
    assert "backroom_ledger" not in deck.cards


def test_the_cli_fills_an_identity_without_an_influence_limit(cli: Any, pool: Path, tmp_path: Path) -> None:
    out = tmp_path / "corp.json"
    made = cli("deck", "new", "--game", "netrunner", "--mode", "standard", "--identity", "Switchyard: Open Doors",
               "--fill", "--seed", "1", "--out", out, "--cards", pool)  # fmt: skip
    assert made.exit_code == 0, made.output
    checked = cli("deck", "validate", out, "--cards", pool)
    assert checked.exit_code == 0 and "· legal" in checked.stdout, checked.output


# ------------------------------------------------------------------ 2. --banlist by id, name, case, - or _

LISTS = [
    {"id": "spring_list_30_01", "name": {"en": "Spring List 30.01", "zh-Hans": "春季禁限表 30.01"},
     "date_start": "2030-01-01", "banned": ["glasswing"], "restricted": [], "restricted_limit": 1},
    {"id": "summer_list_30_06", "name": {"en": "Summer List 30.06", "zh-Hans": "夏季禁限表 30.06"},
     "date_start": "2030-06-01", "banned": [], "restricted": [], "restricted_limit": 1},
]  # fmt: skip


@pytest.fixture
def listed(tmp_path: Path) -> Path:
    from tests.conftest import pool_with_ban_lists

    return pool_with_ban_lists(tmp_path, LISTS, in_force="summer_list_30_06")


def _runner_deck(tmp_path: Path) -> Path:
    path = tmp_path / "runner.json"
    deck = {"game": "netrunner", "mode": "standard", "name": "Spark", "identity": SPARK, "cards": RUNNER}
    path.write_text(json.dumps(deck), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "named", ["spring_list_30_01", "spring-list-30-01", "SPRING_LIST_30_01", "Spring List 30.01", "春季禁限表 30.01"]
)
def test_banlist_takes_a_ban_list_by_its_id_or_name(cli: Any, listed: Path, tmp_path: Path, named: str) -> None:
    deck = _runner_deck(tmp_path)
    assert cli("deck", "validate", deck, "--cards", listed).exit_code == 0  # legal under the list in force
    result = cli("deck", "validate", "--banlist", named, deck, "--cards", listed)
    assert result.exit_code == 1, result.output
    assert "deck.banned" in result.stdout and "Spring List 30.01" in result.stdout, result.output
    stats = cli("deck", "stats", "--banlist", named, deck, "--cards", listed)
    assert stats.exit_code == 0, stats.output


def test_banlist_refuses_a_list_the_format_lacks(cli: Any, listed: Path, tmp_path: Path) -> None:
    result = cli("deck", "validate", "--banlist", "Autumn List 30.09", _runner_deck(tmp_path), "--cards", listed)
    assert result.exit_code == 1 and "error deck.banlist.unknown:" in result.stdout, result.output
    assert "has no such ban list" in result.stdout, result.output


# ------------------------------------------------------------------ 3. a text list's `# ban_list:` by name


def _text_deck(tmp_path: Path, ban_line: str) -> Path:
    path = tmp_path / "runner.txt"
    cards = "\n".join(f"{n}x {card_id.replace('_', ' ').title()}" for card_id, n in RUNNER.items())
    path.write_text(f"Spark test\nNell Ashgrove: Spark Thief\n\n{cards}\n{ban_line}\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("named", ["Spring List 30.01", "spring-list-30-01", "SPRING_LIST_30_01"])
def test_a_text_lists_ban_list_line_takes_the_lists_name(cli: Any, listed: Path, tmp_path: Path, named: str) -> None:
    result = cli("deck", "validate", _text_deck(tmp_path, f"# ban_list: {named}"), "--cards", listed)
    assert "deck.schema" not in result.stdout, result.output
    assert result.exit_code == 1 and "Glasswing is banned in Standard (Spring List 30.01)" in result.stdout


def test_a_text_lists_unknown_ban_list_is_a_warning(cli: Any, listed: Path, tmp_path: Path) -> None:
    result = cli("deck", "validate", _text_deck(tmp_path, "# ban_list: Autumn List 30.09"), "--cards", listed)
    assert result.exit_code == 0, result.output  # checked under the list in force, where the deck is legal
    assert "warning deck.banlist.unknown" in result.stdout and "deck.schema" not in result.stdout
    assert "Summer List 30.06 · legal" in result.stdout


# ------------------------------------------------------------------ 4. cards outside the pool are counted


def test_cards_outside_the_pool_are_counted_as_cards(pool: Path) -> None:
    path = pool / "modes" / "standard.json"
    mode = json.loads(path.read_text(encoding="utf-8"))
    mode.update(sets=["first_light"], deck_rules=[*mode["deck_rules"], {"rule": "card_pool"}], restricted=[])
    path.write_text(json.dumps(mode), encoding="utf-8")
    from toolkit.models.deck import Deck

    rules = DeckPool(_records(pool))
    three = Deck(game="netrunner", mode="standard", name="x", identity=SPARK,
                 cards={**RUNNER, "ashgroves_gambit": 2})  # fmt: skip
    [finding] = [f for f in validate_deck(three, rules).findings if f.code == "deck.pool"]
    assert finding.message.startswith("2 titles (5 cards) outside the Standard pool: "), finding.message
    one = Deck(game="netrunner", mode="standard", name="x", identity=SPARK, cards={**RUNNER, "glasswing": 1})
    [finding] = [f for f in validate_deck(one, rules).findings if f.code == "deck.pool"]
    assert finding.message.startswith("1 card outside the Standard pool: Glasswing"), finding.message


# ------------------------------------------------------------------ 5. a second identity in a text list


def _read(pool: Path, tmp_path: Path, text: str) -> Any:
    path = tmp_path / "deck.txt"
    path.write_text(text, encoding="utf-8")
    return read_deck(path, NameIndex(_records(pool)), default_modes={"netrunner": "standard"})


def test_a_second_identity_line_is_an_identity_count_finding(pool: Path, tmp_path: Path) -> None:
    loaded = _read(pool, tmp_path, "Nell Ashgrove: Spark Thief\nWren Hollow: Any Road\n3x Ember Script\n")
    assert loaded.deck is not None and loaded.deck.identity == SPARK
    assert [(f.code, f.line) for f in loaded.findings] == [("deck.identity.count", 2)]
    assert "'Wren Hollow: Any Road'" in loaded.findings[0].message and "is kept" in loaded.findings[0].message


def test_a_later_identity_card_line_does_not_replace_the_first_identity(pool: Path, tmp_path: Path) -> None:
    text = "Unknown test\nNell Ashgrove: Spark Thief\n3x Ember Script\n1x Wren Hollow: Any Road\n2x Kiln Rig\n"
    loaded = _read(pool, tmp_path, text)
    assert loaded.deck is not None and loaded.deck.identity == SPARK and loaded.deck.name == "Unknown test"
    assert [(f.code, f.line) for f in loaded.findings] == [("deck.identity.count", 4)]
    assert loaded.lines["/identity"] == (2, 1)


def test_a_deck_named_as_its_identity_keeps_its_name(pool: Path, tmp_path: Path) -> None:
    loaded = _read(pool, tmp_path, "Nell Ashgrove: Spark Thief\nNell Ashgrove: Spark Thief\n3x Ember Script\n")
    assert loaded.findings == [] and loaded.deck is not None and loaded.deck.identity == SPARK
    loaded = _read(pool, tmp_path, "My deck\n1x Nell Ashgrove: Spark Thief\n3x Ember Script\n")
    assert loaded.findings == [] and loaded.deck.identity == SPARK and loaded.deck.name == "My deck"


# ------------------------------------------------------------------ 6. --identity given a card's name


def test_deck_new_says_a_cards_name_is_a_card(cli: Any, pool: Path, tmp_path: Path) -> None:
    result = cli("deck", "new", "--game", "netrunner", "--mode", "standard", "--identity", "Ember Script",
                 "--out", tmp_path / "x.json", "--cards", pool)  # fmt: skip
    assert result.exit_code == 2, result.output
    assert "'Ember Script' (it is a card)" in result.stderr and "may not be the one you mean" not in result.stderr
