"""Benchmark: the Netrunner player that looks ahead (``search``) against the heuristic players it builds on.

Plays ``--games`` seeded games per side on the bundled example decks (every corp deck against every runner deck,
seeds in turn): the searcher on that side thinking ``--think`` seconds per action, the heuristic player on the
other. The baseline is the same seeds and decks with the heuristic player on both sides, so the difference is what
looking ahead adds. Prints, per side, the searcher's wins with the 95% Wilson interval, the heuristic's wins on the
same games, the seconds it took per action and the rollouts per action, against the target (65% of games on each
side, at most 2 s a decision).

``--rollouts N`` plays N rollouts of each candidate per action instead of thinking for a time (a budget by count:
the same games whatever the machine's load).

Run: `python bench/netrunner_search.py [--games 200] [--think 2 | --rollouts 10] [--sides corp,runner] [--seed 0]
[--jobs 2]`.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGET = 0.65


@cache
def _setup() -> tuple[list[Any], list[tuple[Any, Any]]]:
    from toolkit.catalog import load_catalog
    from toolkit.decks import NameIndex, read_deck

    records = list(load_catalog([ROOT / "cards" / "netrunner"]).records)
    names = NameIndex(records)
    decks: dict[str, list[Any]] = {"corp": [], "runner": []}
    for path in sorted((ROOT / "examples" / "decks" / "netrunner").glob("*.json")):
        deck = read_deck(path, names).deck
        decks[next(r.side for r in records if r.kind == "identity" and r.id == deck.identity)].append(deck)
    return records, [(c, r) for c in decks["corp"] for r in decks["runner"]]


def play(job: tuple[str, int, float, int]) -> tuple[str, bool, bool, int, int, float]:
    """One seed: (side, the searcher won, the heuristic won the same game, decisions, rollouts, seconds searching)."""
    from toolkit.engine.netrunner import NetrunnerGame
    from toolkit.engine.netrunner.players import make_policy
    from toolkit.engine.netrunner.search import LEAST, SearchPolicy

    side, seed, think, rollouts = job
    records, pairs = _setup()
    corp, runner = pairs[seed % len(pairs)]
    decks = {"corp": corp, "runner": runner}
    policies: dict[str, Any] = {s: make_policy("heuristic", s, seed) for s in ("corp", "runner")}
    baseline = NetrunnerGame(records, seed=seed, decks=decks, policies=policies)
    baseline.play_game()
    policies = {s: make_policy("heuristic", s, seed) for s in ("corp", "runner")}
    searcher = policies[side] = SearchPolicy(side, random.Random(seed), 0.0 if rollouts else think,  # type: ignore[arg-type]
                                             least=rollouts or LEAST)  # fmt: skip
    game = NetrunnerGame(records, seed=seed, decks=decks, policies=policies)
    started = time.perf_counter()
    game.play_game()
    spent = time.perf_counter() - started
    return side, game.winner == side, baseline.winner == side, searcher.decisions, searcher.rollouts, spent


def main() -> None:
    from toolkit.balance.figures import wilson

    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per side")
    parser.add_argument("--think", type=float, default=2.0, help="seconds per action")
    parser.add_argument("--rollouts", type=int, default=0,
                        help="a budget by count instead: rollouts of each candidate per action (--think not read)")
    parser.add_argument("--sides", default="corp,runner")
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    jobs = [(side, args.seed + i, args.think, args.rollouts) for side in args.sides.split(",")
            for i in range(args.games)]  # fmt: skip
    started = time.perf_counter()
    results: dict[str, list[tuple[bool, bool, int, int, float]]] = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        for side, won, base, decisions, rollouts, spent in pool.map(play, jobs):
            results.setdefault(side, []).append((won, base, decisions, rollouts, spent))
    budget = f"{args.rollouts} rollouts a candidate" if args.rollouts else f"think {args.think} s"
    print(f"{len(jobs)} games in {time.perf_counter() - started:.0f} s, {args.jobs} processes, {budget}")
    for side, rows in results.items():
        n = len(rows)
        wins = sum(r[0] for r in rows)
        base = sum(r[1] for r in rows)
        low, high = wilson(wins, n)
        base_low, base_high = wilson(base, n)
        decisions = sum(r[2] for r in rows) or 1
        rollouts = sum(r[3] for r in rows)
        print(f"  {side:6} search v heuristic {100 * wins / n:5.1f}% [{100 * low:.1f}, {100 * high:.1f}]; "
              f"heuristic v heuristic on the same games {100 * base / n:5.1f}% [{100 * base_low:.1f}, "
              f"{100 * base_high:.1f}]; n={n}; {rollouts / decisions:.0f} rollouts and "
              f"{sum(r[4] for r in rows) / decisions:.2f} s of play per searched action; "
              f"target {100 * TARGET:.0f}%: {'met' if low >= TARGET else 'not met'}")  # fmt: skip


if __name__ == "__main__":
    main()
