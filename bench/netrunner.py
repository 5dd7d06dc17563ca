"""Netrunner players: games per second, heuristic against random win rates for each side, how games end.

Plays the bundled example decks (every corp deck against every runner deck, seeds in turn)
with each pairing of players, and prints per pairing: games per second (the random pairing
is the floor to compare with: it thinks least), the corp's and the runner's wins, and the
spread of endings (agenda points, flatline, an empty R&D, unfinished at the turn limit).

    .venv/bin/python bench/netrunner.py [--games 200] [--turns 200]
"""

from __future__ import annotations

import argparse
import collections
import time
from pathlib import Path

from toolkit.catalog import load_catalog
from toolkit.decks import NameIndex, read_deck
from toolkit.engine.netrunner import NetrunnerGame
from toolkit.engine.netrunner.players import make_policy

ROOT = Path(__file__).resolve().parent.parent


def ending(reason: str | None) -> str:
    if reason is None:
        return "unfinished"
    if "agenda points" in reason:
        return "agenda points"
    if "flatline" in reason:
        return "flatline"
    return "empty R&D" if "R&D" in reason else reason


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--turns", type=int, default=200)
    args = parser.parse_args()
    records = load_catalog([ROOT / "cards" / "netrunner"]).records
    names = NameIndex(records)
    decks: dict[str, list] = {"corp": [], "runner": []}
    for path in sorted((ROOT / "examples" / "decks" / "netrunner").glob("*.json")):
        deck = read_deck(path, names).deck
        side = next(r.side for r in records if r.kind == "identity" and r.id == deck.identity)
        decks[side].append(deck)
    pairs = [(c, r) for c in decks["corp"] for r in decks["runner"]]
    print(f"{args.games} games per pairing over {len(pairs)} deck pairings, at most {args.turns} turns")
    for corp_player, runner_player in [
        ("random", "random"),
        ("heuristic", "random"),
        ("random", "heuristic"),
        ("heuristic", "heuristic"),
    ]:
        wins: collections.Counter[str] = collections.Counter()
        endings: collections.Counter[str] = collections.Counter()
        turns = 0
        start = time.perf_counter()
        for seed in range(args.games):
            corp, runner = pairs[seed % len(pairs)]
            game = NetrunnerGame(
                records,
                seed=seed,
                decks={"corp": corp, "runner": runner},
                policies={
                    "corp": make_policy(corp_player, "corp", seed),
                    "runner": make_policy(runner_player, "runner", seed),
                },
            )
            game.play_game(max_turns=args.turns)
            wins[game.winner or "nobody"] += 1
            endings[ending(game.end_reason)] += 1
            turns += game.turns
        elapsed = time.perf_counter() - start
        n = args.games
        print(
            f"corp {corp_player:9} runner {runner_player:9}: {n / elapsed:6.1f} games/s, "
            f"corp wins {wins['corp'] / n:5.1%}, runner wins {wins['runner'] / n:5.1%}, "
            f"{turns / n:.1f} turns a game; endings: " + ", ".join(f"{k} {v / n:.0%}" for k, v in endings.most_common())
        )


if __name__ == "__main__":
    main()
