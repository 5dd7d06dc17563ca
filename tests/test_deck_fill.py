"""``dossier deck new --fill``: a legal, seeded netrunner deck from the pool (toolkit.decks.netrunner_fill)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.decks.netrunner_fill import fill_deck, runs_whole
from toolkit.errors import DossierError
from validators.deck import DeckPool, validate_deck

from .conftest import CARDS

RECORDS = load_catalog([CARDS / "netrunner"]).records
IDENTITIES = sorted(r.id for r in RECORDS if r.kind == "identity")


@pytest.mark.parametrize("identity", IDENTITIES)
def test_every_bundled_identity_gets_a_legal_deck(identity: str) -> None:
    deck = fill_deck(RECORDS, identity, "standard", seed=4)
    report = validate_deck(deck, DeckPool(RECORDS))
    assert [f.message for f in report.findings if f.severity == "error"] == []
    record = next(r for r in RECORDS if r.id == identity)
    assert sum(deck.cards.values()) == record.min_deck_size
    by_id = {r.id: r for r in RECORDS if r.kind == "card"}
    assert {by_id[c].faction for c in deck.cards} <= {record.faction, f"neutral_{record.side}"}


def test_the_same_seed_gives_the_same_deck_and_another_seed_may_not() -> None:
    decks = [fill_deck(RECORDS, "weyland_iron_ledger", "standard", seed=s).cards for s in (1, 1, 2, 3, 4)]
    assert decks[0] == decks[1]
    assert any(d != decks[0] for d in decks[2:])


def test_a_corp_deck_has_agendas_in_the_band_and_ice() -> None:
    deck = fill_deck(RECORDS, "weyland_iron_ledger", "standard", seed=7)
    by_id = {r.id: r for r in RECORDS if r.kind == "card"}
    points = sum(by_id[c].agenda_points * n for c, n in deck.cards.items() if by_id[c].type == "agenda")
    assert 18 <= points <= 19
    assert sum(n for c, n in deck.cards.items() if by_id[c].type == "ice") >= 8


def test_executable_only_leaves_out_cards_the_interpreter_does_not_run_whole() -> None:
    first = next(r for r in RECORDS if r.kind == "card" and r.faction == "weyland" and r.type == "operation")
    assert runs_whole(first.model_copy(update={"reading": None}))  # ability-language cards always run
    from toolkit.models.netrunner import TextReading

    half = first.model_copy(update={"reading": TextReading(status="partial", read=[0])})
    assert not runs_whole(half)
    records = [r for r in RECORDS if r.id != first.id] + [half]
    assert first.id not in fill_deck(records, "weyland_iron_ledger", "standard", seed=1, executable_only=True).cards


def test_what_cannot_be_filled_is_one_error() -> None:
    with pytest.raises(DossierError, match="no netrunner identity"):
        fill_deck(RECORDS, "nobody", "standard")
    with pytest.raises(DossierError, match="no netrunner format"):
        fill_deck(RECORDS, "weyland_iron_ledger", "nowhere")
    few = [r for r in RECORDS if not (r.kind == "card" and r.type != "agenda")]
    with pytest.raises(DossierError, match="its decks need"):
        fill_deck(few, "weyland_iron_ledger", "standard")


def test_the_cli_writes_a_filled_deck_that_validates(cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "corp.json"
    result = cli("deck", "new", "--game", "netrunner", "--mode", "standard", "--identity", "weyland_iron_ledger",
                 "--fill", "--seed", "2", "--out", out)  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert sum(json.loads(out.read_text(encoding="utf-8"))["cards"].values()) >= 40
    assert cli("deck", "validate", out).exit_code == 0
    refused = cli("deck", "new", "--game", "tactics", "--mode", "duel", "--fill", "--out", tmp_path / "t.json")
    assert refused.exit_code == 2 and "--fill" in refused.stderr and "Traceback" not in refused.stderr


def test_a_starter_game_only_identity_or_card_is_refused_by_every_format() -> None:
    from toolkit.importers.nrdb_text import read_card
    from toolkit.models.deck import Deck

    assert read_card(["Starter game only."], "identity").record() == {"status": "executable", "rules": [0]}
    identity = next(r for r in RECORDS if r.kind == "identity" and r.id == "weyland_iron_ledger")
    starter = identity.model_copy(update={"starter_only": True})
    records = [r for r in RECORDS if r.id != identity.id] + [starter]
    deck = fill_deck(RECORDS, "weyland_iron_ledger", "standard", seed=4)
    findings = validate_deck(deck, DeckPool(records)).findings
    assert [f.code for f in findings if f.severity == "error"] == ["deck.starter_only"]
    assert "starter game only" in findings[0].message and findings[0].pointer == "/identity"
    card_id = next(iter(deck.cards))
    card = next(r for r in RECORDS if r.id == card_id).model_copy(update={"starter_only": True})
    records = [r for r in RECORDS if r.id != card_id] + [card]
    errors = [f for f in validate_deck(Deck(**deck.model_dump()), DeckPool(records)).findings if f.severity == "error"]
    assert [(f.code, f.pointer) for f in errors] == [("deck.starter_only", f"/cards/{card_id}")]
