"""Benchmark: the player that looks ahead (``--decider search``) against the tactician it builds on.

Plays ``--games`` seeded games per mode (random legal decks with no agent on two sides; each deal played twice
with the seats swapped), the searcher thinking ``--think`` seconds per main-phase choice, and prints its score
(a win 1, a draw ½) with the 95% Wilson interval, the seconds it took per decision and the rollouts it played per
decision, against the target (70% in 单挑 and 双雄 with two players, at most 2 s a decision). The baseline is the
tactician itself on the other seat.

Run: `python bench/tactics_search.py [--games 200] [--think 2] [--modes duel,duo] [--jobs 2]`.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGET = 0.70


def play(job: tuple[str, int, float]) -> tuple[str, float, int, int, float]:
    """One game: (mode, the searcher's score, its decisions, its rollouts, its seconds deciding)."""
    from toolkit.catalog import load_catalog
    from toolkit.decks.random_deck import deck_card_ids, random_legal_decks
    from toolkit.engine.simulate import simulate_tactics

    mode, index, think = job
    records = list(load_catalog([ROOT / "cards" / "tactics"]).records)
    decks = random_legal_decks(records, mode, random.Random(70_000 + index // 2), 2)
    seat = 1 if index % 2 == 0 else 2
    kinds = ["heuristic", "heuristic"]
    kinds[seat - 1] = f"search:{think}"
    started = time.perf_counter()
    game = simulate_tactics(records, mode, [list(d.agents or []) for d in decks], [deck_card_ids(d) for d in decks],
                            100, 90_000 + index // 2, kinds)  # fmt: skip
    spent = time.perf_counter() - started
    searcher = game.decider.by_seat[seat]
    winners = game.result()["winners"]
    score = 0.5 if not winners else 1.0 if seat in winners else 0.0
    return mode, score, searcher.decisions, searcher.rollouts, spent


def main() -> None:
    from toolkit.balance.figures import wilson

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per mode (an even number: seats swapped)")
    parser.add_argument("--think", type=float, default=2.0, help="seconds per main-phase choice")
    parser.add_argument("--modes", default="duel,duo")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    jobs = [(mode, i, args.think) for mode in args.modes.split(",") for i in range(args.games)]
    started = time.perf_counter()
    results: dict[str, list[tuple[float, int, int, float]]] = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        for mode, score, decisions, rollouts, spent in pool.map(play, jobs):
            results.setdefault(mode, []).append((score, decisions, rollouts, spent))
    print(f"{len(jobs)} games in {time.perf_counter() - started:.0f} s, {args.jobs} processes, think {args.think} s")
    for mode, rows in results.items():
        score = sum(r[0] for r in rows)
        low, high = wilson(score, len(rows))
        decisions = sum(r[1] for r in rows) or 1
        rollouts = sum(r[2] for r in rows)
        print(f"  {mode:8} search v tactician {100 * score / len(rows):5.1f}% [{100 * low:.1f}, {100 * high:.1f}] "
              f"n={len(rows)}; {rollouts / decisions:.0f} rollouts a decision; "
              f"target {100 * TARGET:.0f}%: {'met' if low >= TARGET else 'not met'}")  # fmt: skip


if __name__ == "__main__":
    main()
