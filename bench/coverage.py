"""Ability coverage of the tactics game loop: which bundled abilities simulated games reach and change.

Plays N seeded games (default 150) cycling through duel, duo with 2 and with 4
players, expert and melee with 3 players: half with random legal decks, half with
*covering* decks that rotate through every agent and every command card (each
agent's exclusive cards with it), one round of configurations in five with the
random decider instead of the heuristic one (see toolkit/coverage.py). It adds up
each game's ``game.coverage`` and reports, for every ability of every bundled
tactics record (each entry of ``text`` and ``reverse.text`` of the cards, agents,
units, basic abilities and attacks):

  RC  reached/changed  kind id#index  text

R: the game loop reached it (it resolved, or a continuous effect's value was used);
C: it changed the game state at least once; the counts say in how many games.
Then the abilities never reached, those reached but never changing the game, the
games that raised (engine bugs), totals per kind and the percentages.

Run: `python bench/coverage.py [--games N] [--seed S] [--jobs J] [--summary] [--format json]`
(about 25 s for 150 games on one core; `--jobs 2` halves it, with the same report).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from toolkit.catalog import load_catalog  # noqa: E402
from toolkit.coverage import DEFAULT_GAMES, run_coverage  # noqa: E402

CARDS = ROOT / "cards" / "tactics"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, help="games to play (default %(default)s)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the decks and the games")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play the games in")
    parser.add_argument("--summary", action="store_true", help="text: leave out the line per ability")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    records = load_catalog([CARDS]).records
    report = run_coverage(records, games=args.games, seed=args.seed, jobs=max(1, args.jobs))
    if args.format == "json":
        print(json.dumps(report.to_json(), ensure_ascii=False, indent=2))
    else:
        print(report.format_text(every=not args.summary))


if __name__ == "__main__":
    main()
