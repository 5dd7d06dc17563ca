"""Benchmark: do seeded 单挑 (duel) games between two default players end by a win condition?

Plays ``--games`` seeded duels (seed 0, 1, …) with random legal decks whose squads share no
agent (T24), the default player (``heuristic``, the tactician) on both seats, each capped at
``--rounds`` rounds, and prints how many ended by a win condition of the mode, the rounds they
took, games per second, and for every game that did not end: its seed, the two squads and what
the last quarter of it was made of (attacks, lost targets, damage dealt, heals and temporary HP),
so a stalemate can be read as the card interaction it is. The brawler's figures in the same
run are the baseline (``--baseline brawler``; ``--baseline none`` skips it).

Run: `python bench/tactics_duels.py [--games 1000] [--rounds 300] [--baseline brawler]`.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from toolkit.catalog import load_catalog  # noqa: E402
from toolkit.decks.random_deck import deck_card_ids, random_legal_decks  # noqa: E402
from toolkit.engine.simulate import simulate_tactics  # noqa: E402


def play(records: list, player: str, games: int, rounds: int) -> None:  # type: ignore[type-arg]
    started = time.perf_counter()
    ended, lengths, stalled = 0, [], []
    for seed in range(games):
        decks = random_legal_decks(records, "duel", random.Random(seed), 2)
        squads = [list(d.agents or []) for d in decks]
        game = simulate_tactics(records, "duel", squads, [deck_card_ids(d) for d in decks], rounds, seed, player)
        result = game.result()
        if result["reason"] == "last_squad_standing":
            ended += 1
            lengths.append(result["rounds"])
            continue
        events = list(game.log)
        tail = collections.Counter(e.kind for e in events[len(events) * 3 // 4 :])
        dealt = sum(e.data.get("hp", 0) for e in events[len(events) * 3 // 4 :] if e.kind == "damage")
        stalled.append((seed, squads, tail["attack"], tail["target_lost"], dealt, tail["heal"], tail["temp_hp"]))
    seconds = time.perf_counter() - started
    mean = sum(lengths) / len(lengths) if lengths else 0.0
    print(f"{player:10} {ended}/{games} ended by a win condition ({100 * ended / games:.1f}%), "
          f"{mean:.1f} rounds on average, {games / seconds:.1f} games/s")  # fmt: skip
    for seed, squads, attacks, lost, dealt, heals, temp in stalled:
        print(f"    seed {seed}: {squads[0]} v {squads[1]}; last quarter: {attacks} attacks, {lost} targets lost, "
              f"{dealt} HP lost, {heals} heals, {temp} temporary HP gains")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--baseline", default="brawler", choices=("brawler", "random", "none"))
    args = parser.parse_args()
    records = list(load_catalog([ROOT / "cards" / "tactics"]).records)
    play(records, "heuristic", args.games, args.rounds)
    if args.baseline != "none":
        play(records, args.baseline, args.games, args.rounds)


if __name__ == "__main__":
    main()
