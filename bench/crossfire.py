"""Benchmark: Crossfire tables resolved per second, 10 players, Dossier against a hand-coded resolver.

The corpus is K random legal 10-player tables (crossfire mode with the Enforcer
and the Bodyguard, so protection and two guns are exercised), as JSON-like
dicts. In the same run it times

  baseline  a hand-written resolver keyed on role ids (the usual way: an if/else
            per role, no text, no validation beyond what it needs to run);
  dossier   Crossfire.table (validation, with one-line errors for bad input)
            + Crossfire.resolve (roles compiled from their parsed ability text);
  resolve   Crossfire.resolve alone, on tables validated beforehand.

It checks that the baseline and Dossier agree on every table, then prints
tables per second and the ratios (target: >= 50,000 tables/s for 10 players).
Run: `python bench/crossfire.py [--tables K]`.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from toolkit.catalog import load_catalog  # noqa: E402
from toolkit.engine.crossfire import Crossfire  # noqa: E402

BLUE_TEAM = {"vip", "agent", "bodyguard", "enforcer"}


def baseline_resolve(table: dict[str, Any]) -> dict[str, Any]:
    """Hand-coded crossfire-mode resolution (RULINGS C2, C3, C7, C8), keyed on role ids."""
    players = table["players"]
    role = {p["seat"]: p["role"] for p in players}
    aim = {p["seat"]: p["aim"] for p in players}
    seats = sorted(role)
    shields: dict[int, int] = {}
    for seat in seats:
        if role[seat] == "bodyguard" or role[seat] == "peacekeeper":
            shields[aim[seat][0]] = shields.get(aim[seat][0], 0) + 1
    hit: dict[int, list[int]] = {}

    def fire(shooter: int) -> None:
        for target in aim[shooter]:
            if shields.get(target, 0) > 0:
                shields[target] -= 1
            else:
                hit.setdefault(target, []).append(shooter)

    for seat in seats:
        if role[seat] in ("agent", "enforcer"):
            fire(seat)
    standing = [seat for seat in seats if role[seat] == "assassin" and seat not in hit]
    for seat in standing:  # the assassins fire at once
        fire(seat)
    vip = next(s for s in seats if role[s] == "vip")
    team = "red" if vip in hit else "blue"
    bystanders = {s for s in seats if role[s] in ("bystander", "protester", "supporter")}
    shooters_of_bystanders = {shooter for s in bystanders for shooter in hit.get(s, [])}
    winners = []
    for seat in seats:
        r = role[seat]
        shot = seat in hit
        if r == "bomber":
            if not shot:
                return {"team": team, "shot": sorted(hit), "winners": [seat]}
            continue
        if r in ("agent", "bodyguard", "enforcer"):
            won = team == "blue"
        elif r == "vip":
            won = not shot and team == "blue"
        elif r == "assassin":
            won = team == "red"
        elif r == "bystander":
            won = not shot
        elif r == "decoy":
            won = shot
        elif r == "red_decoy":
            won = shot or team == "red"
        elif r == "blue_decoy":
            won = shot or team == "blue"
        elif r == "peacekeeper":
            won = not any(s in hit for s in bystanders)
        elif r == "protester":
            won = not shot and team == "red"
        elif r == "supporter":
            won = not shot and team == "blue"
        else:
            won = False
        if seat in shooters_of_bystanders:
            won = False
        if won:
            winners.append(seat)
    return {"team": team, "shot": sorted(hit), "winners": winners}


def timed(function: Callable[[Any], Any], items: list[Any], rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for item in items:
            function(item)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=20000, help="random 10-player tables (default 20,000)")
    parser.add_argument("--rounds", type=int, default=3, help="timed passes; the best one counts (default 3)")
    args = parser.parse_args()
    game = Crossfire.from_records(load_catalog([ROOT / "cards" / "crossfire"]).records)
    rng = random.Random(2024)
    tables = [game.random_table(rng, "crossfire", 10, ["enforcer", "bodyguard"]) for _ in range(args.tables)]
    validated = [game.table(t) for t in tables]
    disagree = sum(
        1 for t, v in zip(tables, validated, strict=True) if baseline_resolve(t) != game.resolve(v).to_json()
    )
    n = len(tables)
    base = timed(baseline_resolve, tables, args.rounds)
    full = timed(lambda t: game.resolve(game.table(t)), tables, args.rounds)
    only = timed(game.resolve, validated, args.rounds)
    print(f"{n} random 10-player crossfire tables (Enforcer, Bodyguard); best of {args.rounds} passes")
    print(f"baseline (hand-coded, role ids, no validation): {n / base:10,.0f} tables/s")
    print(f"dossier  (validate + resolve from role text):   {n / full:10,.0f} tables/s   ratio {base / full:.2f}x")
    print(f"dossier  (resolve validated tables):            {n / only:10,.0f} tables/s   ratio {base / only:.2f}x")
    print(f"outcomes that differ from the baseline: {disagree} of {n}")
    print("target: >= 50,000 tables/s for 10 players")


if __name__ == "__main__":
    main()
