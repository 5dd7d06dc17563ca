"""toolkit.coverage: the list of abilities, the game plan, the report, and `dossier text coverage`."""

from __future__ import annotations

import json
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.coverage import (
    CONFIGS,
    CoverageReport,
    GameOutcome,
    plan_games,
    run_coverage,
    tactics_abilities,
)
from toolkit.decks.random_deck import deckable_cards
from validators.deck import DeckPool, validate_deck

from .conftest import CARDS

RECORDS: list[Any] = list(load_catalog([CARDS / "tactics"]).records)


def test_every_text_entry_is_one_ability_and_the_reverse_continues_the_numbering() -> None:
    abilities = tactics_abilities(RECORDS)
    expected = 0
    for record in RECORDS:
        if record.kind in ("card", "agent", "unit", "ability", "attack"):
            expected += len(record.text) + (len(record.reverse.text) if getattr(record, "reverse", None) else 0)
    assert len(abilities) == expected
    assert len({a.key for a in abilities}) == len(abilities)
    reversible = next(r for r in RECORDS if r.kind == "card" and r.reverse is not None)
    faces = [(a.index, a.face, a.text) for a in abilities if a.id == reversible.id]
    front = [(i, "front", t) for i, t in enumerate(reversible.text)]
    back = [(len(reversible.text) + i, "reverse", t) for i, t in enumerate(reversible.reverse.text)]
    assert faces == front + back


def test_the_plan_cycles_the_configurations_and_its_decks_are_legal() -> None:
    specs = plan_games(RECORDS, 25, seed=3)
    assert [(s.mode, s.players) for s in specs[: len(CONFIGS)]] == list(CONFIGS)
    assert all(len(s.decks) == s.players for s in specs)
    assert {s.decider for s in specs} == {"heuristic", "random"}
    assert {s.covering for s in specs} == {True, False}
    pool = DeckPool(RECORDS)
    for spec in specs:
        for deck in spec.decks:
            assert validate_deck(deck, pool).legal, (spec.label(), deck)
    assert plan_games(RECORDS, 25, seed=3) == specs


def test_covering_decks_hold_every_deckable_card_in_one_rotation() -> None:
    specs = plan_games(RECORDS, 40, seed=0)
    seen = {card for s in specs if s.covering for d in s.decks for card in d.cards}
    agents = {a for s in specs if s.covering for d in s.decks for a in d.agents or []}
    assert {c.id for c in deckable_cards(RECORDS)} <= seen
    assert {r.id for r in RECORDS if r.kind == "agent" and not r.private} <= agents


def outcome(coverage: dict[tuple[str, int], list[bool]], error: str | None = None) -> GameOutcome:
    spec = plan_games(RECORDS, 1)[0]
    return GameOutcome(spec, None if error else {"winners": [1], "reason": "first_blood", "rounds": 3}, coverage, error)


def test_the_report_adds_games_up() -> None:
    abilities = tactics_abilities(RECORDS)
    a, b, c = abilities[0].key, abilities[1].key, abilities[2].key
    report = CoverageReport(abilities)
    report.add(outcome({a: [True, False], b: [True, True]}))
    report.add(outcome({a: [True, True], ("no_such_card", 0): [True, True]}))
    report.add(outcome({}, error="EngineError: boom"))
    assert report.reached >= {a, b} and c not in report.reached
    assert report.reached_in[a] == 2 and report.changed_in[a] == 1
    assert report.unknown == {("no_such_card", 0)}
    totals = report.totals()
    assert totals["reached"] == 2 and totals["changed"] == 2 and totals["errors"] == 1 and totals["games"] == 3
    assert totals["abilities"] == len(abilities)
    data: dict[str, Any] = report.to_json()
    assert json.loads(json.dumps(data, ensure_ascii=False)) == data
    assert len(data["abilities"]) == len(abilities)
    assert data["errors"][0]["error"] == "EngineError: boom"
    text = report.format_text()
    assert "never reached" in text and "no_such_card#1" in text and "EngineError: boom" in text
    assert text.splitlines()[-1].startswith("total    2/")
    # the ways the games ended in words, not the engine's codes
    assert "(first blood 2; 1 raised)" in text and "first_blood" not in text, text


@pytest.mark.slow
def test_a_small_run_reaches_abilities_and_is_reproducible() -> None:
    first = run_coverage(RECORDS, games=3, seed=1)
    again = run_coverage(RECORDS, games=3, seed=1)
    assert first.totals()["errors"] == 0, first.to_json()["errors"]
    assert first.reached and first.changed <= first.reached
    assert (first.reached, first.changed, first.reached_in) == (again.reached, again.changed, again.reached_in)


@pytest.mark.slow
def test_cli_text_coverage(cli) -> None:
    result = cli("text", "coverage", "--games", "2", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["totals"]["games"] == 2 and data["totals"]["abilities"] == len(tactics_abilities(RECORDS))
    result = cli("text", "coverage", "--games", "1", "--summary")
    assert result.exit_code == 0 and result.output.splitlines()[-1].startswith("total ")


def test_cli_text_coverage_is_for_tactics(cli) -> None:
    result = cli("text", "coverage", "--game", "crossfire")
    assert result.exit_code == 2 and "coverage is measured for tactics" in result.output and "netrunner" in result.output
    assert "Traceback" not in result.output
