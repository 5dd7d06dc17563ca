"""NetrunnerDB imports: identities' deck-building rules, alliance influence, invisible characters, --fill.

A copy of the invented v2 fixture (tests/fixtures/netrunnerdb_v2) gets a set of invented cards and identities
written for these tests. The identities carry the NetrunnerDB printing codes of the real identities whose
deck-building rules Dossier knows by code (03029, 03002, 33093, 33128); their titles and texts are our own
words. Alliance cards state their condition in the one sentence frame the importer reads, with invented
numbers, names and titles.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from toolkit.importers import import_netrunnerdb

from .conftest import CARDS, ROOT

FIXTURE = ROOT / "tests" / "fixtures" / "netrunnerdb_v2"
SET = "round_archive"  # in the harbor cycle: inside the Eternal pool
DRAFT_SET = "draft_crate"  # in no format's pool


def write(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def card(card_id: str, title: str, card_type: str, faction: str, **fields: Any) -> dict[str, Any]:
    side = "corp" if card_type in ("agenda", "asset", "ice", "operation", "upgrade") else "runner"
    data: dict[str, Any] = {
        "id": card_id,
        "title": title,
        "card_type_id": card_type,
        "side_id": side,
        "faction_id": faction,
        "influence_cost": 0,
        "subtypes": [],
        "text": "",
        "is_unique": False,
        "deck_limit": 3,
        "cost": 1,
    }
    if card_type == "program":
        data["memory_cost"] = 1
    if card_type == "ice":
        data["strength"] = 2
    data.update(fields)
    return data


def identity(card_id: str, title: str, side: str, faction: str, text: str, **fields: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": card_id,
        "title": title,
        "card_type_id": f"{side}_identity",
        "side_id": side,
        "faction_id": faction,
        "minimum_deck_size": 45,
        "influence_limit": 15,
        "subtypes": ["megacorp"] if side == "corp" else ["natural"],
        "text": text,
        "is_unique": False,
        "deck_limit": 1,
    }
    if side == "runner":
        data["base_link"] = 0
    data.update(fields)
    return data


IDENTITIES = [  # (printing code, set, record)
    ("03029", SET, identity("tome_warden_first_edition", "Tome Warden: First Edition", "runner", "shaper",
                            "Each program's first copy in this deck is free of influence.", influence_limit=1)),
    ("03002", SET, identity("loomwork_clean_lines", "Loomwork: Clean Lines", "corp", "haas_bioroid",
                            "Jinteki cards are not allowed in this deck.", influence_limit=22)),
    ("33093", SET, identity("solo_spark_one_of_each", "Solo Spark: One of Each", "runner", "neutral_runner",
                            "Your deck can hold only a single copy of each card.", influence_limit=None,
                            minimum_deck_size=40)),
    ("33128", SET, identity("open_house_all_comers", "Open House: All Comers", "corp", "neutral_corp",
                            "Your deck cannot hold two copies of one card.\n"
                            "Your deck may take two different agendas of each Corp faction.", influence_limit=None)),
    ("99901", SET, identity("odd_ledger_house_rules", "Odd Ledger: House Rules", "runner", "criminal",
                            "Your deck must hold at least 5 events.\nWhen your turn begins, gain 1[credit].")),
    ("00006", DRAFT_SET, identity("crate_rival_picked_last", "Crate Rival: Picked Last", "runner", "neutral_runner",
                                  "Draft format only.\nWhen your turn begins, gain 1[credit].",
                                  influence_limit=None, minimum_deck_size=30)),
]  # fmt: skip

ALLIANCE = ["alliance"]
CARDS_ADDED = [
    # runner cards for the program rule
    card("ember_cutter", "Ember Cutter", "program", "anarch", influence_cost=2, subtypes=["icebreaker", "fracter"],
         strength=1),
    card("veil_shiv", "Veil Shiv", "program", "criminal", influence_cost=1, subtypes=["icebreaker", "killer"],
         strength=1),
    card("pocket_change", "Pocket Change", "event", "neutral_runner", text="Gain 3[credit]."),
    card("gilded_exit", "Gilded Exit", "event", "neutral_runner", influence_cost=2, text="Gain 4[credit]."),
    # corp cards
    card("needle_garden", "Needle Garden", "ice", "jinteki", influence_cost=1, subtypes=["sentry"]),
    card("moss_wall", "Moss Wall", "ice", "jinteki", influence_cost=1, subtypes=["barrier"]),
    card("ridge_wall", "Ridge Wall", "ice", "weyland_consortium", subtypes=["barrier"]),
    card("ridge_gate", "Ridge Gate", "ice", "weyland_consortium", subtypes=["code_gate"]),
    card("ridge_spike", "Ridge Spike", "ice", "weyland_consortium", subtypes=["sentry"]),
    card("ridge_fence", "Ridge Fence", "ice", "weyland_consortium", subtypes=["barrier"]),
    card("ridge_moat", "Ridge Moat", "ice", "weyland_consortium", subtypes=["barrier"]),
    card("lantern_kiosk", "Lantern Kiosk", "asset", "weyland_consortium", trash_cost=2),
    card("hb_charter", "Bright Charter", "agenda", "haas_bioroid", advancement_requirement=3, agenda_points=1,
         cost=None),
    card("hb_covenant", "Bright Covenant", "agenda", "haas_bioroid", advancement_requirement=3, agenda_points=1,
         cost=None),
    card("hb_compact", "Bright Compact", "agenda", "haas_bioroid", advancement_requirement=3, agenda_points=1,
         cost=None),
    # alliance cards: one of each kind of condition, and one Dossier cannot read
    card("quiet_shrine", "Quiet Shrine", "asset", "neutral_corp", influence_cost=2, subtypes=[*ALLIANCE, "facility"],
         text="This asset costs 0 influence if you have 12 or fewer ice in your deck.\n[click]: Gain 1[credit].",
         trash_cost=2),
    card("tea_house_accord", "Tea House Accord", "operation", "jinteki", influence_cost=3, subtypes=ALLIANCE,
         text="This card costs 0 influence if you have 5 or more non-<strong>alliance</strong> [jinteki] cards in "
              "your deck.\nGain 2[credit]."),
    card("kiosk_works", "Kiosk Works", "asset", "neutral_corp", influence_cost=2, subtypes=ALLIANCE,
         text="This card costs 0 influence if you have 3 Lantern Kiosks in your deck.", trash_cost=2),
    card("grand_gallery", "Grand Gallery", "asset", "neutral_corp", influence_cost=2, subtypes=ALLIANCE,
         text="This asset costs 0 influence if you have 20 or more cards in your deck.", trash_cost=2),
    card("tour_booth", "Tour Booth", "upgrade", "neutral_corp", influence_cost=2, subtypes=ALLIANCE,
         text="This upgrade costs 0 influence if you have 4 or more assets in your deck.", trash_cost=2),
    card("odd_favour", "Odd Favour", "operation", "nbn", influence_cost=2, subtypes=ALLIANCE,
         text="This operation costs 0 influence if the Runner has no cards in their grip."),
]  # fmt: skip


def checkout(tmp: Path) -> Path:
    """The v2 fixture with the cards and identities above, and invisible characters in translated names."""
    root = tmp / "nrdb"
    shutil.copytree(FIXTURE, root)
    v2 = root / "v2"
    sets = json.loads((v2 / "card_sets.json").read_text(encoding="utf-8"))
    sets += [
        {"id": SET, "legacy_code": "ra", "name": "Round Archive", "card_cycle_id": "harbor",
         "card_set_type_id": "data_pack", "date_release": "2030-07-01", "position": 2, "size": 40},
        {"id": DRAFT_SET, "legacy_code": "dc", "name": "Draft Crate", "card_cycle_id": "crate",
         "card_set_type_id": "draft", "date_release": "2030-08-01", "position": 1, "size": 1},
    ]  # fmt: skip
    write(v2 / "card_sets.json", sets)
    printings = []
    for number, (code, card_set, record) in enumerate(IDENTITIES):
        write(v2 / "cards" / f"{record['id']}.json", record)
        printings.append({"id": code, "card_id": record["id"], "card_set_id": card_set, "position": number + 1,
                          "quantity": 1})  # fmt: skip
    for number, record in enumerate(CARDS_ADDED):
        write(v2 / "cards" / f"{record['id']}.json", record)
        printings.append({"id": f"95{number:03d}", "card_id": record["id"], "card_set_id": SET,
                          "position": 20 + number, "quantity": 3})  # fmt: skip
    write(v2 / "printings" / f"{SET}.json", printings)
    # a byte-order mark after a set name and a zero-width space inside a card title, as translations have them
    write(root / "translations" / "fr" / "packs.fr.json", [{"code": "sd", "name": "Dérive du Signal\ufeff"}])
    fr_cards = json.loads((root / "translations" / "fr" / "pack" / "sd.fr.json").read_text(encoding="utf-8"))
    fr_cards[0]["title"] = "Accord\u200b des Marées"
    write(root / "translations" / "fr" / "pack" / "sd.fr.json", fr_cards)
    return root


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Any]:
    from toolkit.i18n import use_lang

    tmp = tmp_path_factory.mktemp("round56")
    into = tmp / "pool"
    with use_lang("en"):
        report = import_netrunnerdb(checkout(tmp), into)
    return into, report


@pytest.fixture(scope="module")
def pool(imported: tuple[Path, Any]) -> Any:
    from toolkit.catalog import load_catalog
    from validators.deck import DeckPool

    return DeckPool(load_catalog([imported[0]]).records)


def load(into: Path, folder: str, record_id: str) -> dict[str, Any]:
    return json.loads((into / folder / f"{record_id}.json").read_text(encoding="utf-8"))


def validate(pool: Any, identity_id: str, cards: dict[str, int], mode: str = "eternal") -> Any:
    from toolkit.i18n import use_lang
    from toolkit.models.deck import Deck
    from validators.deck import validate_deck

    deck = Deck.model_validate(
        {"name": "Round", "game": "netrunner", "mode": mode, "identity": identity_id, "cards": cards}
    )
    with use_lang("en"):
        return validate_deck(deck, pool)


def codes(report: Any, severity: str | None = None) -> list[str]:
    return sorted(f.code for f in report.findings if severity is None or f.severity == severity)


def spent(report: Any) -> int:
    return int(report.summary["influence"][0])


# ---------------------------------------------------------------- identities


def test_known_identities_get_their_deck_rules_by_code(imported: tuple[Path, Any]) -> None:
    into, _ = imported
    rules = {i: load(into, "identities", i).get("deck_rules") for _, _, r in IDENTITIES for i in [r["id"]]}
    assert rules["tome_warden_first_edition"] == [{"rule": "influence_free", "type": "program", "copies": 1}]
    assert rules["loomwork_clean_lines"] == [{"rule": "forbid_faction", "faction": "jinteki"}]
    assert rules["solo_spark_one_of_each"] == [{"rule": "copy_limit", "max": 1}]
    assert rules["open_house_all_comers"] == [
        {"rule": "copy_limit", "max": 1},
        {"rule": "out_of_faction_agendas", "per_faction": 2},
    ]
    assert rules["crate_rival_picked_last"] == [{"rule": "draft_only"}]
    assert rules["odd_ledger_house_rules"] == [{"rule": "not_checked", "paragraphs": [0]}]


def test_the_enforced_paragraphs_read_as_deck_rules(imported: tuple[Path, Any]) -> None:
    into, report = imported
    assert load(into, "identities", "tome_warden_first_edition")["reading"] == {"status": "executable", "rules": [0]}
    assert load(into, "identities", "open_house_all_comers")["reading"] == {"status": "executable", "rules": [0, 1]}
    odd = load(into, "identities", "odd_ledger_house_rules")["reading"]
    assert "rules" not in odd and {u["index"] for u in odd["unread"]} >= {0}
    assert any("'odd_ledger_house_rules'" in w and "paragraph 1 " in w for w in report.warnings)


def test_first_copy_of_each_program_costs_no_influence(pool: Any) -> None:
    report = validate(pool, "tome_warden_first_edition", {"ember_cutter": 3, "veil_shiv": 1, "pocket_change": 3})
    assert spent(report) == 4  # Ember Cutter: 2 copies × 2; Veil Shiv: its one copy is free
    assert report.summary["influence"][2] == {"anarch": 4}
    assert report.summary["influence_by_card"] == {"ember_cutter": 4}
    assert "deck.influence.over" in codes(report)  # the identity allows 1


def test_one_copy_of_any_card(pool: Any) -> None:
    report = validate(pool, "solo_spark_one_of_each", {"pocket_change": 2, "gilded_exit": 1})
    over = [f for f in report.findings if f.code == "deck.copies.over"]
    assert [f.pointer for f in over] == ["/cards/pocket_change"]
    assert "at most 1" in over[0].message


def test_a_forbidden_faction(pool: Any) -> None:
    report = validate(pool, "loomwork_clean_lines", {"needle_garden": 1, "lattice_thornwall": 1})
    forbidden = [f for f in report.findings if f.code == "deck.faction.forbidden"]
    assert [f.pointer for f in forbidden] == ["/cards/needle_garden"]


def test_two_different_agendas_of_each_other_faction(pool: Any) -> None:
    two = validate(pool, "open_house_all_comers", {"hb_charter": 1, "hb_covenant": 1, "tidewater_accord": 1})
    assert "deck.agenda.faction" not in codes(two) and "deck.agenda.per_faction" not in codes(two)
    three = validate(pool, "open_house_all_comers", {"hb_charter": 1, "hb_covenant": 1, "hb_compact": 1})
    [finding] = [f for f in three.findings if f.code == "deck.agenda.per_faction"]
    assert "deck.agenda.faction" not in codes(three)
    assert "3 different agendas of Haas-Bioroid" in finding.message and "allows 2" in finding.message
    twice = validate(pool, "open_house_all_comers", {"hb_charter": 2})
    assert "deck.copies.over" in codes(twice)
    other = validate(pool, "kestrel_dynamics_sky_is_ours", {"hb_charter": 1})
    assert "deck.agenda.faction" in codes(other)  # the rule is the identity's, no one else's


def test_draft_only_identity_is_refused_outside_draft(pool: Any) -> None:
    report = validate(pool, "crate_rival_picked_last", {"pocket_change": 3})
    [finding] = [f for f in report.findings if f.code == "deck.draft_only"]
    assert finding.severity == "error" and finding.pointer == "/identity"


def test_an_unmodelled_deck_building_text_is_a_warning_not_a_silent_verdict(pool: Any) -> None:
    report = validate(pool, "odd_ledger_house_rules", {"pocket_change": 3})
    [finding] = [f for f in report.findings if f.code == "deck.identity.unchecked"]
    assert finding.severity == "warning"
    assert "Odd Ledger: House Rules" in finding.message and "not check" in finding.message
    plain = validate(pool, "mira_okonjo_static_saint", {"pocket_change": 3})
    assert "deck.identity.unchecked" not in codes(plain)


# ---------------------------------------------------------------- alliance cards


def test_alliance_conditions_are_imported(imported: tuple[Path, Any]) -> None:
    into, report = imported
    conditions = {c: load(into, "cards", c).get("influence_free_if") for c in
                  ("quiet_shrine", "tea_house_accord", "kiosk_works", "grand_gallery", "tour_booth", "odd_favour")}  # fmt: skip
    assert conditions == {
        "quiet_shrine": {"type": "ice", "max": 12},
        "tea_house_accord": {"faction": "jinteki", "non_alliance": True, "min": 5},
        "kiosk_works": {"card": "lantern_kiosk", "min": 3},
        "grand_gallery": {"min": 20},
        "tour_booth": {"type": "asset", "min": 4},
        "odd_favour": None,
    }
    assert load(into, "cards", "quiet_shrine")["reading"]["rules"] == [0]
    assert any("'odd_favour'" in w and "costs no influence" in w for w in report.warnings)


ICE_12 = {"ridge_wall": 3, "ridge_gate": 3, "ridge_spike": 3, "ridge_fence": 3}


def test_few_enough_ice_makes_the_card_free(pool: Any) -> None:
    report = validate(pool, "kestrel_dynamics_sky_is_ours", {**ICE_12, "quiet_shrine": 3})
    assert spent(report) == 0
    more = validate(pool, "kestrel_dynamics_sky_is_ours", {**ICE_12, "ridge_moat": 1, "quiet_shrine": 3})
    assert spent(more) == 6


def test_non_alliance_cards_of_the_faction(pool: Any) -> None:
    jinteki = {"needle_garden": 3, "moss_wall": 2}
    five = validate(pool, "kestrel_dynamics_sky_is_ours", {**jinteki, "tea_house_accord": 2})
    assert spent(five) == 5  # the five ice cost 1 each; the accord is free
    four = validate(pool, "kestrel_dynamics_sky_is_ours", {"needle_garden": 3, "moss_wall": 1, "tea_house_accord": 2})
    assert spent(four) == 4 + 6  # the accords themselves do not count


def test_copies_of_a_named_card_deck_size_and_assets(pool: Any) -> None:
    kiosks = validate(pool, "kestrel_dynamics_sky_is_ours", {"lantern_kiosk": 3, "kiosk_works": 1})
    assert spent(kiosks) == 0
    two = validate(pool, "kestrel_dynamics_sky_is_ours", {"lantern_kiosk": 2, "kiosk_works": 1})
    assert spent(two) == 2
    assets = validate(pool, "kestrel_dynamics_sky_is_ours", {"lantern_kiosk": 3, "tour_booth": 1})
    assert spent(assets) == 2  # 3 assets: the booth itself is an upgrade
    four = validate(pool, "kestrel_dynamics_sky_is_ours", {"lantern_kiosk": 3, "kiosk_works": 1, "tour_booth": 1})
    assert spent(four) == 0
    ice = {"ridge_wall": 3, "ridge_gate": 3, "ridge_spike": 3, "ridge_fence": 3, "ridge_moat": 3}
    nineteen = validate(pool, "kestrel_dynamics_sky_is_ours", {**ice, "lantern_kiosk": 3, "grand_gallery": 1})
    assert spent(nineteen) == 2  # 19 cards, the gallery counted
    twenty = validate(pool, "kestrel_dynamics_sky_is_ours", {**ice, "lantern_kiosk": 3, "grand_gallery": 2})
    assert spent(twenty) == 0
    assert "grand_gallery" not in twenty.summary["influence_by_card"]


def test_an_alliance_card_without_a_condition_read_warns(pool: Any) -> None:
    report = validate(pool, "kestrel_dynamics_sky_is_ours", {"odd_favour": 2})
    [finding] = [f for f in report.findings if f.code == "deck.alliance.unchecked"]
    assert finding.severity == "warning" and finding.pointer == "/cards/odd_favour"
    assert "Odd Favour" in finding.message and "4 influence" in finding.message
    assert spent(report) == 4
    in_faction = validate(pool, "kestrel_dynamics_sky_is_ours", {"lantern_kiosk": 1})
    assert "deck.alliance.unchecked" not in codes(in_faction)


# ---------------------------------------------------------------- invisible characters


def test_byte_order_marks_and_zero_width_characters_are_left_out(imported: tuple[Path, Any]) -> None:
    into, _ = imported
    game = (into / "game.json").read_text(encoding="utf-8")
    assert "\ufeff" not in game
    names = {s["id"]: s["name"] for s in json.loads(game)["sets"]}
    assert names["signal_drift"]["fr"] == "Dérive du Signal"
    for path in into.rglob("*.json"):
        text = path.read_text(encoding="utf-8")
        assert not set(text) & {"\ufeff", "\u200b", "\u200c", "\u200d", "\u2060"}, path
    assert load(into, "cards", "tidewater_accord")["name"]["fr"] == "Accord des Marées"


# ---------------------------------------------------------------- deck new --fill


def test_fill_takes_no_card_that_costs_influence() -> None:
    from toolkit.catalog import load_catalog
    from toolkit.decks.netrunner_fill import candidates, fill_deck
    from validators.deck import DeckPool, validate_deck

    records: list[Any] = list(load_catalog([CARDS / "netrunner"]).records)
    runner = next(r for r in records if r.kind == "identity" and r.side == "runner")
    fmt = next(r for r in records if r.kind == "format" and r.id == "standard")
    neutral = next(r for r in records if r.kind == "card" and r.faction == "neutral_runner" and not r.influence)
    costly = [
        neutral.model_copy(update={"id": f"costly_{i}", "influence": 2, "name": neutral.name.model_copy(
            update={"en": f"Costly {i}", "zh_hans": f"昂贵{i}"})})
        for i in range(12)
    ]  # fmt: skip
    records += costly
    assert not {c.id for c in costly} & {r.id for r in candidates(records, runner, fmt)}
    for seed in range(6):
        deck = fill_deck(records, runner.id, "standard", seed=seed)
        assert not {c.id for c in costly} & set(deck.cards)
        report = validate_deck(deck, DeckPool(records))
        assert report.summary["influence"][0] == 0


def test_fill_keeps_to_the_identity_copy_limit() -> None:
    from toolkit.catalog import load_catalog
    from toolkit.decks.netrunner_fill import fill_deck
    from toolkit.models.netrunner import RuleCopyLimit
    from validators.deck import DeckPool, validate_deck

    records: list[Any] = list(load_catalog([CARDS / "netrunner"]).records)
    runner = next(r for r in records if r.kind == "identity" and r.side == "runner")
    one = runner.model_copy(update={"deck_rules": [RuleCopyLimit(rule="copy_limit", max=1)], "min_deck_size": 20})
    records = [r for r in records if r.id != runner.id] + [one]
    deck = fill_deck(records, runner.id, "standard", seed=2)
    assert sum(deck.cards.values()) == 20 and set(deck.cards.values()) == {1}
    report = validate_deck(deck, DeckPool(records))
    assert [f.code for f in report.findings if f.severity == "error"] == []


def test_the_nrdb_export_and_the_builder_show_no_influence_on_a_free_alliance_card(
    imported: tuple[Path, Any], pool: Any, tmp_path: Path, cli: Any
) -> None:
    """The NetrunnerDB text export's dots per line and the web builder's influence per row follow the
    validator: a free alliance card shows none, and the lines add up to the total."""
    from toolkit.models.deck import Deck
    from toolkit.web.deckwork import row_influence

    into, _ = imported
    cards = {**ICE_12, "quiet_shrine": 3}
    deck_file = tmp_path / "deck.json"
    deck = {"name": "Round", "game": "netrunner", "mode": "eternal", "identity": "kestrel_dynamics_sky_is_ours",
            "cards": cards}  # fmt: skip
    deck_file.write_text(json.dumps(deck), encoding="utf-8")
    out = tmp_path / "deck.txt"
    result = cli("deck", "convert", deck_file, "--to", "nrdb", "--out", out, "--cards", into, "--lang", "en")
    assert result.exit_code == 0, result.output
    [shrine] = [ln for ln in out.read_text(encoding="utf-8").splitlines() if ln.startswith("3x ") and "●" not in ln
                and "•" not in ln and "Shrine" in ln]  # fmt: skip
    assert "0 influence spent" in out.read_text(encoding="utf-8"), shrine
    report = validate(pool, "kestrel_dynamics_sky_is_ours", cards)
    assert row_influence(None, Deck.model_validate(deck), report) == {}  # type: ignore[arg-type]
