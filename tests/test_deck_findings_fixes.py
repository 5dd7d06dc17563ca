"""A user-tester's deck findings: a mode named by its name, a role set without roles, an identity among the cards
and a misspelt one, what `deck stats`/`odds`/`draw` count, and where a text list's findings point.

The decks are the tester's small files, inline."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.decks import NameIndex, read_deck, render_deck, stats
from toolkit.decks.formats import LoadedDeck, unresolved
from validators.deck import DeckPool, summary_line, validate_deck

from .conftest import CARDS

CATALOG = load_catalog([CARDS])
POOL = DeckPool(CATALOG.records)
NAMES = NameIndex(CATALOG.records)
DEFAULTS = {"netrunner": "standard", "crossfire": "crossfire"}

DUO_CARDS = [
    "adrenaline_shot",
    "advance_funding",
    "ambush_flare",
    "anti_materiel_rifle",
    "assault_stance",
    "ballistic_shield",
    "bleeding",
    "breach_in",
    "breaching_charge",
    "breaching_shotgun",
    "building_lockdown",
    "ceramic_body_armor",
    "comms_jammed",
    "compact_carbine",
    "contingency_plan",
]
DUO: dict[str, Any] = {"game": "tactics", "mode": "duo", "name": "duo_ok", "agents": ["jackdaw", "egret"],
       "cards": dict.fromkeys(DUO_CARDS, 1)}  # fmt: skip
HB_CARDS = {
    "hb_archivist_mk2": 3,
    "hb_assembly_floor": 1,
    "hb_calibration_cycle": 3,
    "hb_capacitor_bank": 2,
    "hb_chief_engineer_okafor": 1,
    "hb_cortex_mapping": 3,
    "hb_diagnostic_bay": 1,
    "hb_director_hale": 1,
    "hb_efficiency_mandate": 3,
    "hb_endless_shift": 3,
    "hb_lattice_gate": 2,
    "hb_overseer_node": 1,
    "hb_overtime_protocol": 1,
    "hb_quarterly_review": 2,
    "hb_reading_gate": 2,
    "hb_sentinel_frame": 3,
    "hb_warden_unit": 3,
    "neutral_budget_reallocation": 3,
    "neutral_central_auditor": 1,
    "neutral_patrol_script": 3,
    "neutral_plywood_screen": 2,
    "neutral_quarantine_sweep": 1,
}
HB: dict[str, Any] = {
    "game": "netrunner",
    "mode": "standard",
    "name": "hb",
    "identity": "hb_tireless_hands",
    "cards": HB_CARDS,
}


def read(tmp_path: Path, name: str, content: str | dict[str, Any]) -> LoadedDeck:
    path = tmp_path / name
    text = json.dumps(content, ensure_ascii=False) if isinstance(content, dict) else content
    path.write_text(text, encoding="utf-8")
    return read_deck(path, NAMES, default_modes=DEFAULTS)


def lookup(record_id: str) -> Any:
    return POOL.game("tactics").records.get(record_id)


def placed(loaded: LoadedDeck) -> list[tuple[str, int | None]]:
    """(code, line) of every finding of a read deck, its checks' located in the file."""
    assert loaded.deck is not None, loaded.findings
    found = [loaded.place(f) for f in loaded.findings]
    found += [loaded.locate(f) for f in validate_deck(loaded.deck, POOL).findings]
    return [(f.code, f.line) for f in found]


# ---------------------------------------------------------------- 3: a mode named by its name


@pytest.mark.parametrize("written", ["双雄", "Duo", "DUO", "duo"])
def test_a_text_list_names_its_mode_by_id_or_name_in_either_language(tmp_path: Path, written: str) -> None:
    lines = "\n".join(
        ["# game: tactics", f"# mode: {written}", "1x jackdaw", "1x egret", *(f"1x {c}" for c in DUO_CARDS)]
    )
    loaded = read(tmp_path, "duo.txt", lines + "\n")
    assert loaded.findings == [] and loaded.deck is not None and loaded.deck.mode == "duo"
    assert validate_deck(loaded.deck, POOL).findings == []


@pytest.mark.parametrize("written", ["Duo", "双雄", "DUO"])
def test_a_json_deck_names_its_mode_by_name_and_is_written_back_with_its_id(tmp_path: Path, written: str) -> None:
    loaded = read(tmp_path, "duo.json", {**DUO, "mode": written})
    assert loaded.findings == [] and loaded.deck is not None and loaded.deck.mode == "duo"
    assert validate_deck(loaded.deck, POOL).findings == []
    assert json.loads(render_deck(loaded.deck, "json", lookup))["mode"] == "duo"  # the canonical form: the id


@pytest.mark.parametrize(("name", "content"), [("j.json", {**DUO, "mode": "Duos"}),
                                               ("t.txt", "# game: tactics\n# mode: 双雄x\n1x jackdaw\n")])  # fmt: skip
def test_a_mode_that_is_neither_a_name_nor_an_id_is_unknown_and_the_modes_listed(
    tmp_path: Path, name: str, content: Any
) -> None:
    loaded = read(tmp_path, name, content)
    codes = [f.code for f in loaded.findings]
    assert codes == ["deck.mode.unknown"], loaded.findings  # not deck.schema's "expected an id"
    assert "; modes: duel, duo, expert, melee" in loaded.findings[0].message
    assert loaded.place(loaded.findings[0]).line == (1 if name.endswith(".json") else 2)


# ---------------------------------------------------------------- 5: a role set without roles


def test_a_role_set_without_roles_has_no_empty_field_in_its_summary() -> None:
    loaded_deck = {"game": "crossfire", "mode": "crossfire", "name": "e", "players": 6, "cards": {}}
    from toolkit.models.deck import Deck

    deck = Deck.model_validate(loaded_deck)
    report = validate_deck(deck, POOL)
    line = summary_line(deck, report)
    assert line == f"6 players · illegal ({len(report.findings)} errors)"
    assert "·  ·" not in line


# ---------------------------------------------------------------- 9, 10: identities


def test_an_identity_among_the_cards_is_named_by_its_name(tmp_path: Path) -> None:
    loaded = read(tmp_path, "hb.json", {**HB, "cards": {**HB_CARDS, "hb_mirror_foundry": 1}})
    assert loaded.deck is not None
    [finding] = [f for f in validate_deck(loaded.deck, POOL).findings if f.code == "deck.identity.count"]
    name = POOL.game("netrunner").records["hb_mirror_foundry"].name.en
    assert finding.message == f"identity {name} is listed among the cards; a deck has one identity"


def test_a_misspelt_identity_is_offered_identities_only(tmp_path: Path) -> None:
    loaded = read(tmp_path, "hb.json", {**HB, "identity": "hb_tireless_handz"})
    assert loaded.deck is not None
    [finding] = validate_deck(loaded.deck, POOL).findings
    assert finding.code == "deck.identity.unknown"
    assert finding.message.endswith("; did you mean 'hb_tireless_hands'?"), finding.message  # not the agenda
    # as the commands that use a deck (stats, odds, draw) refuse it
    [refusal] = unresolved(loaded.deck, POOL.game("netrunner").records)
    assert refusal.message == finding.message


def test_a_misspelt_agent_is_offered_agents_only() -> None:
    from toolkit.models.deck import Deck

    deck = Deck.model_validate({**DUO, "agents": ["jackdaw", "gales"]})  # the agent Gale, not the card Gale's Order
    [message] = [f.message for f in validate_deck(deck, POOL).findings if f.code == "deck.agent.unknown"]
    assert message.endswith("; did you mean 'gale'?"), message


# ---------------------------------------------------------------- 11: stats, odds and draw count as validate does


@pytest.mark.parametrize("extra", ["holo_decoy", "coil_railgun"])  # a token card, a matrix shop (gold) card
def test_stats_odds_and_draw_leave_out_what_is_never_in_a_deck(extra: str) -> None:
    from toolkit.models.deck import Deck

    deck = Deck.model_validate({**DUO, "cards": {**DUO["cards"], extra: 1}})
    report = validate_deck(deck, POOL)
    size = report.summary["size"][0]
    assert size == 15
    data = stats.deck_stats(deck, lookup)
    assert data["cards"] == size and sum(data["by_type"].values()) == size
    assert data["left_out"] == {extra: 1}
    assert "left_out" not in stats.deck_stats(Deck.model_validate(DUO), lookup)  # said only when something is left out
    rows = stats.draw_odds(deck, 3, 1, 1, lookup)
    assert extra not in [card for card, _, _ in rows] and len(rows) == 15
    assert rows[0][2][0] == pytest.approx(3 / 15)  # one copy among 15 cards, 3 seen
    hand = stats.sample_hand(deck, 20, seed=1, lookup=lookup)
    assert sorted(hand) == sorted(DUO_CARDS)  # the whole pile, without the card never in a deck
    kept, left = stats.pile(deck, lookup)
    assert kept.total() == size and left == {extra: 1}
    name = lookup(extra).name.en
    assert stats.left_out_note(left, lambda i: lookup(i).name.en, "en") == (
        f"{name} ×1: never in a deck, so neither counted nor drawn"
    )


# ---------------------------------------------------------------- smaller: where a text list's findings point


def test_a_text_lists_squad_size_and_copy_findings_point_at_their_lines(tmp_path: Path) -> None:
    text = "\n".join(
        [
            "# game: tactics",  # 1
            "# mode: duo",  # 2
            "# agents",  # 3
            "1x jackdaw",  # 4
            "1x egret",  # 5
            "1x cinder",  # 6: the agent one too many
            "# cards",  # 7
            "1x adrenaline_shot",  # 8: the first card line
            "1x advance_funding",  # 9
            "1x adrenaline_shot",  # 10: the copy one too many
        ]
    )
    found = placed(read(tmp_path, "squad.txt", text + "\n"))
    assert ("deck.squad.max", 6) in found
    assert ("deck.size.min", None) in found  # (the deck's size: no line of it)
    assert ("deck.names.duplicate", 10) in found


def test_a_text_lists_copies_over_points_at_the_line_that_adds_the_copy(tmp_path: Path) -> None:
    hb = POOL.game("netrunner").records
    lines = ["# game: netrunner", "# mode: standard", f"1x {hb['hb_tireless_hands'].name.en}"]
    lines += [f"{n}x {card}" for card, n in HB_CARDS.items()]
    lines.append("1x hb_archivist_mk2")  # the fourth copy, on the last line
    found = placed(read(tmp_path, "hb.txt", "\n".join(lines) + "\n"))
    assert [f for f in found if f[0] == "deck.copies.over"] == [("deck.copies.over", len(lines))]


def test_the_other_sides_card_spends_no_influence(tmp_path: Path) -> None:
    cards = {**HB_CARDS, "sleeve_blade": 1}  # (45 corp cards: the runner card is not counted, s72)
    loaded = read(tmp_path, "hb.json", {**HB, "cards": cards})
    assert loaded.deck is not None
    report = validate_deck(loaded.deck, POOL)
    assert [f.code for f in report.findings] == ["deck.side"]
    assert report.summary["influence"][0] == 0
    assert "0/15 influence" in summary_line(loaded.deck, report)
