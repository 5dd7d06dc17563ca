"""A tactics squad counts the agents it holds (stop 70's sweep): an id that names no agent (a card's, a misspelling) is
``deck.agent.unknown`` and never one of the squad, as an unknown id among the cards never counts toward the deck's
size, so a squad short of agents by it is told ``deck.squad.min`` too, and the summary counts the agents alone."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from toolkit.catalog import load_catalog
from toolkit.cli import app
from toolkit.decks import NameIndex, read_deck
from toolkit.models.deck import Deck
from validators.deck import DeckPool, summary_line, validate_deck

from .conftest import CARDS, ROOT

CATALOG = load_catalog([CARDS])
POOL = DeckPool(CATALOG.records)
NAMES = NameIndex(CATALOG.records)


def _duo(agents: list[str]) -> Deck:
    loaded = read_deck(ROOT / "examples" / "decks" / "tactics" / "duo.json", NAMES, default_modes={})
    assert loaded.deck is not None
    return loaded.deck.model_copy(update={"agents": agents})


def _codes(deck: Deck) -> list[str]:
    return sorted(f.code for f in validate_deck(deck, POOL).findings if f.code.startswith(("deck.agent", "deck.squad")))


def test_a_card_or_a_misspelt_id_among_the_agents_is_no_agent_of_the_squad() -> None:
    """Duo needs 2 agents: 烈风 with 急救包 (a card) or with ``galee`` (no record) is one agent."""
    for other in ("med_kit", "galee"):
        deck = _duo(["gale", other])
        assert _codes(deck) == ["deck.agent.unknown", "deck.squad.min"], other
        report = validate_deck(deck, POOL)
        assert report.summary["squad"] == (1, 2, 2)
        assert "1 agent (2)" in summary_line(deck, report), summary_line(deck, report)


def test_the_squad_past_its_limit_is_pointed_at_its_first_agent_too_many() -> None:
    """Duo allows 2: 烈风, an unknown id, 铁砧, 寒鸦 is three agents, the finding at 寒鸦 (the list's fourth)."""
    deck = _duo(["gale", "ghost", "anvil", "jackdaw"])
    report = validate_deck(deck, POOL)
    [too_many] = [f for f in report.findings if f.code == "deck.squad.max"]
    assert report.summary["squad"] == (3, 2, 2)
    assert too_many.pointer == "/agents/3"


def test_deck_validate_tells_the_squad_short(tmp_path: Path) -> None:
    """The sweep's command: `dossier deck validate duo_fakeagent.json` said "2 agents (2)" with one error."""
    deck = _duo(["gale", "med_kit"])
    path = tmp_path / "duo_fakeagent.json"
    path.write_text(deck.model_dump_json(exclude_none=True), encoding="utf-8")
    result = CliRunner().invoke(app, ["--lang", "en", "deck", "validate", str(path)])
    assert "deck.squad.min" in result.output and "deck.agent.unknown" in result.output, result.output
    assert "1 agent (2)" in result.output, result.output


def test_an_id_that_names_no_agent_counts_toward_no_deck_size() -> None:
    """The house rule ``agents_count_toward_deck_size`` counts the squad's agents: not an id that names none."""
    loaded = read_deck(ROOT / "examples" / "decks" / "tactics" / "duel.json", NAMES, default_modes={})
    assert loaded.deck is not None
    deck = loaded.deck.model_copy(
        update={"cards": {k: v for k, v in loaded.deck.cards.items() if k != "smoke_grenade"}}
    )
    pool = DeckPool(CATALOG.records)
    duel = pool.game("tactics").modes["duel"]
    pool.game("tactics").modes["duel"] = duel.model_copy(update={"agents_count_toward_deck_size": True})
    assert validate_deck(deck, pool).findings == []  # (9 cards and the agent: 10)
    short = deck.model_copy(update={"agents": ["med_kit"]})
    codes = sorted(f.code for f in validate_deck(short, pool).findings)
    assert "deck.size.min" in codes and "deck.squad.min" in codes, codes
