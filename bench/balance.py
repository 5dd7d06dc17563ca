"""Benchmark: the balance lab's games on Ray (1 and 2 workers) against the same games in one process.

Plans ``--games`` seeded games of random legal decks (``toolkit.balance.games.plan_random``), plays them
once in this process (the baseline: ``play_batch`` one game at a time, no Ray), then as Ray tasks with
``--workers 1`` and with 2 workers (``toolkit.balance.runner.run_games``, a fresh local Ray each time), and
prints for each: games per second, the wall time, and apart from it the time Ray took to start. The figures
of every run must be identical (the same games); the script says so or fails.

The overhead per game is what Ray with one worker adds to the baseline's time per game, the start of Ray
excluded (a run starts Ray once) but the start of its worker process included; the target: under 10%.
Scaling: 2 workers' games per second over 1 worker's (at most 2; on a 2-core machine the driver and Ray's
own processes share the cores with the workers, so expect less).

Run: `python bench/balance.py [--games 300] [--modes duel] [--decider heuristic] [--seed 0]` (needs Ray:
``pip install -e '.[lab]'``).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from toolkit.balance.figures import figures  # noqa: E402
from toolkit.balance.games import plan_random  # noqa: E402
from toolkit.balance.runner import import_ray, run_games, run_in_process  # noqa: E402
from toolkit.catalog import load_catalog  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--modes", default="duel")
    parser.add_argument("--decider", default="heuristic")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    ray = import_ray()
    records = list(load_catalog([ROOT / "cards" / "tactics"]).records)
    specs = plan_random(records, args.games, args.modes.split(","), args.seed, args.decider)
    print(f"{args.games} games, modes {args.modes}, decider {args.decider}, {os.cpu_count()} cores")

    start = time.perf_counter()
    baseline = run_in_process(records, specs)
    one_process = time.perf_counter() - start
    per_game = one_process / args.games
    print(f"one process      {args.games / one_process:6.2f} games/s  {one_process:7.1f} s  ({1000 * per_game:.0f} ms/game)")
    reference = figures(baseline)

    rates = {}
    for workers in (1, 2):
        start = time.perf_counter()
        ray.init(num_cpus=workers, include_dashboard=False, logging_level=logging.ERROR, log_to_driver=False)
        startup = time.perf_counter() - start
        start = time.perf_counter()
        outcome = run_games(records, specs, workers=workers)
        wall = time.perf_counter() - start
        ray.shutdown()
        if figures(outcome.results) != reference:
            raise SystemExit(f"{workers} worker(s): the figures differ from the one-process run's")
        rates[workers] = args.games / wall
        overhead = (wall * workers - one_process) / one_process if workers == 1 else None
        line = (f"Ray, {workers} worker(s) {rates[workers]:6.2f} games/s  {wall:7.1f} s  (+ {startup:.1f} s to start Ray; "
                f"{outcome.batch} games per task)")
        if overhead is not None:
            line += f"; overhead per game {100 * overhead:+.1f}%"
        print(line)
    print(f"scaling 1 → 2 workers: ×{rates[2] / rates[1]:.2f}; figures identical in all three runs")


if __name__ == "__main__":
    main()
