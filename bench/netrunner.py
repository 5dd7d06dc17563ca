"""Netrunner players: games per second, heuristic against random win rates for each side, how games end.

Plays the bundled example decks (every corp deck against every runner deck, seeds in turn)
with each pairing of players, and prints per pairing: games per second (the random pairing
is the floor to compare with: it thinks least), the corp's and the runner's wins, and the
spread of endings (agenda points, flatline, an empty R&D, unfinished at the turn limit).

Then the engine before and after issue 27's Netrunner work: the same heuristic games (``--engine-games``) on the
tree of commit :data:`BEFORE` and on this one, each in a child process, best of ``--repeat``, and the logs must be
identical; and copies of a game in play per second (:meth:`NetrunnerGame.clone`, what the searcher plays out on).

    .venv/bin/python bench/netrunner.py [--games 200] [--turns 200] [--engine-only]
"""

from __future__ import annotations

import argparse
import collections
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from toolkit.catalog import load_catalog
from toolkit.decks import NameIndex, read_deck
from toolkit.engine.netrunner import NetrunnerGame
from toolkit.engine.netrunner.players import make_policy

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
BEFORE = "52e9d02"  # the last commit before the Netrunner engine's work of issue 27

CHILD = r"""
import hashlib, json, sys, time
tree, games, examples = sys.argv[1], int(sys.argv[2]), sys.argv[3]
sys.path.insert(0, tree)
from pathlib import Path
from toolkit.catalog import load_catalog
from toolkit.decks import NameIndex, read_deck
from toolkit.engine.netrunner import NetrunnerGame
from toolkit.engine.netrunner.players import make_policy
records = load_catalog([Path(tree) / "cards" / "netrunner"]).records
names = NameIndex(records)
decks = {"corp": [], "runner": []}
for path in sorted(Path(examples, "decks", "netrunner").glob("*.json")):
    deck = read_deck(path, names).deck
    decks[next(r.side for r in records if r.kind == "identity" and r.id == deck.identity)].append(deck)
pairs = [(c, r) for c in decks["corp"] for r in decks["runner"]]
logs, start = [], time.perf_counter()
for seed in range(games):
    corp, runner = pairs[seed % len(pairs)]
    policies = {side: make_policy("heuristic", side, seed) for side in ("corp", "runner")}
    game = NetrunnerGame(records, seed=seed, decks={"corp": corp, "runner": runner}, policies=policies)
    game.play_game()
    logs.append(game.log.to_json())
seconds = time.perf_counter() - start
digest = hashlib.sha256(json.dumps(logs, sort_keys=True, default=str).encode()).hexdigest()
print(json.dumps({"seconds": seconds, "games": games, "logs": digest}))
"""


def engine_before_after(before: str, games: int, repeat: int) -> None:
    """Heuristic games per second, this tree against ``before``'s, taking turns, best of ``repeat``; identical logs.
    Then copies of a game in play per second: :meth:`NetrunnerGame.clone` against a plain deep copy."""
    import copy

    from bench.tactics import _tree_at, best_in_turns

    with tempfile.TemporaryDirectory() as tmp:
        old = _tree_at(before, Path(tmp))  # its toolkit and cards; the example decks are this tree's
        if old is None:
            print(f"engine before/after: skipped (no git checkout with commit {before} here)")
        else:
            def child(tree: Path) -> dict[str, Any]:
                out = subprocess.run([sys.executable, "-c", CHILD, str(tree), str(games), str(ROOT / "examples")],
                                     capture_output=True, text=True, check=True)  # fmt: skip
                return dict(json.loads(out.stdout.strip().splitlines()[-1]))

            best = best_in_turns({"before": old, "now": ROOT}, child, repeat)
            rates = {name: run["games"] / run["seconds"] for name, run in best.items()}
            same = best["before"]["logs"] == best["now"]["logs"]
            print(f"engine before/after ({games} heuristic games, best of {repeat}, each in a child process):")
            print(f"  before (commit {before}): {rates['before']:8.2f} games/s")
            print(f"  now:                    {rates['now']:8.2f} games/s   {rates['now'] / rates['before']:.2f}x, "
                  f"logs identical: {same}")  # fmt: skip
            if not same:
                sys.exit("the engine's logs changed for the same seeds")
    records = load_catalog([ROOT / "cards" / "netrunner"]).records
    names = NameIndex(records)
    decks = [read_deck(p, names).deck for p in sorted((ROOT / "examples" / "decks" / "netrunner").glob("*.json"))]
    corp = next(d for d in decks if d.identity in {r.id for r in records if r.kind == "identity" and r.side == "corp"})
    runner = next(d for d in decks if d is not corp and d.identity not in {corp.identity} and any(
        r.id == d.identity and r.side == "runner" for r in records if r.kind == "identity"))  # fmt: skip
    kept: list[NetrunnerGame] = []

    class Keep:  # the corp's heuristic, keeping a copy of the game at its 60th decision
        def __init__(self, inner: Any) -> None:
            self.inner = inner

        def decide(self, game: NetrunnerGame, decision: Any) -> str:
            if len(game.decisions) >= 60 and not kept and decision.kind == "action":
                kept.append(game.clone())
            return str(self.inner.decide(game, decision))

    policies = {"corp": Keep(make_policy("heuristic", "corp", 1)), "runner": make_policy("heuristic", "runner", 1)}
    NetrunnerGame(records, seed=1, decks={"corp": corp, "runner": runner}, policies=policies).play_game()
    game = kept[0]
    memo = {id(r): r for r in records}
    rates = {}
    for name, make, count in (("copy.deepcopy (records shared)", lambda: copy.deepcopy(game, dict(memo)), 20),
                              ("NetrunnerGame.clone", game.clone, 200)):  # fmt: skip
        best_seconds = float("inf")
        for _ in range(repeat):
            start = time.perf_counter()
            for _ in range(count):
                make()
            best_seconds = min(best_seconds, time.perf_counter() - start)
        rates[name] = count / best_seconds
    print(f"copies of a game at its 60th decision (turn {game.turns}, {len(game.log)} log events), per second:")
    for name, value in rates.items():
        print(f"  {name:32} {value:10,.0f}")


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
    parser.add_argument("--engine-only", action="store_true", help="only the engine before/after and the copies")
    parser.add_argument("--engine-games", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--before", default=BEFORE)
    args = parser.parse_args()
    if args.engine_only:
        engine_before_after(args.before, args.engine_games, args.repeat)
        return
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
    print()
    engine_before_after(args.before, args.engine_games, args.repeat)


if __name__ == "__main__":
    main()
