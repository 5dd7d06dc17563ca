"""Benchmark: validating 10,000 netrunner-size decks, against the naive approach in the same run.

Generates N decks from the bundled netrunner pool (decks of each identity's
minimum size from its own faction and neutral cards; one in four gets a
deliberate fourth copy, and random picks also miss agenda-point bands), then times

  baseline  the naive validator: for every deck, re-read the card files it
            names (plus its identity, factions and format) from disk, parse
            them, and check the deck;
  dossier   one DeckPool built once from the catalog, then validate_deck per deck.

Both produce the same verdicts (checked). Prints decks per second for both and
the ratio. Run: `python bench/decks.py [--decks N]`.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from toolkit.catalog import load_catalog  # noqa: E402
from toolkit.models import parse_record  # noqa: E402
from toolkit.models.deck import Deck  # noqa: E402
from validators.deck import DeckPool, validate_deck  # noqa: E402

CARDS = ROOT / "cards" / "netrunner"


def generate(pool: DeckPool, count: int, seed: int) -> list[Deck]:
    rng = random.Random(seed)
    game = pool.game("netrunner")
    identities = [r for r in game.records.values() if r.kind == "identity"]
    cards = [r for r in game.records.values() if r.kind == "card"]
    decks = []
    for i in range(count):
        identity = identities[i % len(identities)]
        own = [c for c in cards if c.faction in (identity.faction, f"neutral_{identity.side}")]
        rng.shuffle(own)
        chosen: dict[str, int] = {}
        for card in own:
            if sum(chosen.values()) >= identity.min_deck_size:
                break
            chosen[card.id] = min(3, card.deck_limit or 3)
        if rng.random() < 0.25:
            victim = rng.choice(list(chosen))
            chosen[victim] = 4
        decks.append(Deck(game="netrunner", mode="standard", name=f"deck {i}", identity=identity.id, cards=chosen))
    return decks


def paths_by_id() -> dict[str, Path]:
    return {p.stem: p for p in CARDS.rglob("*.json") if p.name != "game.json"}


def naive(decks: list[Deck], files: dict[str, Path]) -> list[bool]:
    verdicts = []
    for deck in decks:
        wanted = [*deck.cards, deck.identity or ""]
        records = [parse_record(json.loads(files[i].read_text(encoding="utf-8"))) for i in wanted if i in files]
        for extra in CARDS.glob("factions/*.json"):
            records.append(parse_record(json.loads(extra.read_text(encoding="utf-8"))))
        records.append(parse_record(json.loads((CARDS / "modes" / "standard.json").read_text(encoding="utf-8"))))
        verdicts.append(validate_deck(deck, DeckPool(records)).legal)
    return verdicts


def indexed(decks: list[Deck], pool: DeckPool) -> list[bool]:
    return [validate_deck(deck, pool).legal for deck in decks]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    catalog = load_catalog([CARDS])
    pool = DeckPool(catalog.records)
    decks = generate(pool, args.decks, args.seed)
    files = paths_by_id()

    start = time.perf_counter()
    ours = indexed(decks, DeckPool(catalog.records))
    ours_time = time.perf_counter() - start
    sample = decks[: max(1, args.decks // 10)]  # the baseline is slow: time a tenth and scale per deck
    start = time.perf_counter()
    theirs = naive(sample, files)
    base_time = time.perf_counter() - start
    if theirs != ours[: len(sample)]:
        sys.exit("verdicts differ between the baseline and dossier")
    base_rate = len(sample) / base_time
    our_rate = len(decks) / ours_time
    print(
        f"decks       {len(decks)} netrunner decks ({ours.count(False)} illegal), {sum(d.total() for d in decks) // len(decks)} cards each on average"
    )
    print(f"baseline    {base_rate:,.0f} decks/s  (re-reading card files per deck; timed on {len(sample)} decks)")
    print(f"dossier     {our_rate:,.0f} decks/s  ({ours_time:.2f} s for {len(decks)} decks)")
    print(f"ratio       {our_rate / base_rate:.1f}x faster")


if __name__ == "__main__":
    main()
