"""The whole real NetrunnerDB pool, where a developer has it: ``pytest --pool DIR`` (or ``$DOSSIER_NRDB``).

NetrunnerDB's data is not ours and never enters the repository, so these tests skip without it. With it,
they import the checkout and check what the fixtures elsewhere cannot: that every card script names a real
card and paragraphs the card has, that no script paragraph is one the templates already read, that the
Startup pool's decks are legal, and that seeded heuristic games between Startup decks of every faction,
filled only with cards that run whole, end by a win condition. The coverage table is printed (``-s``).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.coverage import netrunner_reading
from toolkit.decks.netrunner_fill import fill_deck
from toolkit.engine.netrunner import NetrunnerGame
from toolkit.engine.netrunner.players import make_policy
from toolkit.engine.netrunner.scripts import scripts
from toolkit.errors import DossierError
from toolkit.importers import import_netrunnerdb
from toolkit.importers.nrdb_text import read_card
from validators.deck import DeckPool, validate_deck

FACTIONS = {
    "corp": ("haas_bioroid", "jinteki", "nbn", "weyland_consortium"),
    "runner": ("anarch", "criminal", "shaper"),
}


@pytest.fixture(scope="module")
def pool(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    source = request.config.getoption("--pool") or os.environ.get("DOSSIER_NRDB")
    if not source or not Path(source).is_dir():
        pytest.skip("no NetrunnerDB checkout: pass --pool DIR or set DOSSIER_NRDB")
    into = tmp_path_factory.mktemp("nrdb") / "pool"
    import_netrunnerdb(Path(source), into)
    return into


@pytest.fixture(scope="module")
def records(pool: Path) -> list[Any]:
    return list(load_catalog([pool]).records)


def test_every_script_names_a_real_card_and_its_paragraphs(records: list[Any]) -> None:
    by_id = {r.id: r for r in records if r.kind in ("card", "identity")}
    for card_id, script in scripts().items():
        if card_id.startswith("zz_"):  # the engine tests' own
            continue
        record = by_id.get(card_id)
        assert record is not None, f"script for {card_id}: no such card"
        english = (record.printed_text.en if record.printed_text else None) or []
        assert all(0 <= i < len(english) for i in script.paragraphs), (card_id, script.paragraphs, len(english))
        assert sorted(record.reading.scripted) == sorted(script.paragraphs), card_id


def test_a_script_does_not_claim_what_a_template_reads(records: list[Any]) -> None:
    """Unless it says which it replaces and why (``replaces``): the card's other text changes their meaning."""
    for record in records:
        reading = getattr(record, "reading", None)
        if reading is None or not reading.scripted:
            continue
        english = record.printed_text.en
        plain = read_card(english, record.type if record.kind == "card" else "identity", record.name.en,
                          deck_limit=getattr(record, "deck_limit", None))  # fmt: skip
        template_read = {i for p in plain.paragraphs if p.text is not None for i in p.indexes}
        script = scripts()[record.id]
        assert template_read & set(reading.scripted) <= set(script.replaces), record.id


def test_the_coverage_table(records: list[Any]) -> None:
    report = netrunner_reading(records)
    print(report.format_text(every=False))
    totals = report.totals()
    assert totals["cards"] > 1500 and totals["executable"] > 0


def _startup(records: list[Any]) -> Any:
    return next(r for r in records if r.kind == "format" and r.id == "startup")


def _decks(records: list[Any], side: str) -> list[Any]:
    fmt = _startup(records)
    identities = sorted(
        (r for r in records if r.kind == "identity" and r.side == side and any(p.set in fmt.sets for p in r.printings)),
        key=lambda r: r.id,
    )
    decks = []
    for faction in FACTIONS[side]:
        for identity in (i for i in identities if i.faction == faction):
            try:
                decks.append(fill_deck(records, identity.id, "startup", seed=1, executable_only=True))
                break
            except DossierError:
                continue
    return decks


def test_startup_decks_of_every_faction_play_whole_games(records: list[Any]) -> None:
    checker = DeckPool(records)
    corps, runners = _decks(records, "corp"), _decks(records, "runner")
    print(f"startup decks that run whole: {len(corps)} corp, {len(runners)} runner")
    assert corps and runners
    for deck in [*corps, *runners]:
        assert [f.message for f in validate_deck(deck, checker).findings if f.severity == "error"] == [], deck.name
    endings: dict[str, int] = {}
    for seed, (corp, runner) in enumerate((c, r) for c in corps for r in runners):
        game = NetrunnerGame(records, seed=seed, decks={"corp": corp, "runner": runner}, fmt="startup",
                             policies={"corp": make_policy("heuristic", "corp", seed),
                                       "runner": make_policy("heuristic", "runner", seed)})  # fmt: skip
        game.play_game(max_turns=300)
        assert game.winner is not None, (corp.identity, runner.identity, game.turns)
        endings[str(game.end_reason)] = endings.get(str(game.end_reason), 0) + 1
    print(json.dumps(endings, ensure_ascii=False))
