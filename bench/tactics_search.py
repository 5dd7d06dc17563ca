"""Benchmark: the player that looks ahead (``--decider search``) against the tactician it builds on.

Plays ``--games`` seeded games per mode (random legal decks with no agent on two sides; each deal played twice
with the seats swapped), the searcher thinking at most ``--think`` seconds per main-phase choice (it stops sooner
once the rounds of its mode's plan are played: :data:`toolkit.engine.tactics.search.PLANS`) or, with ``--by-count``,
playing every round of the plan to its count (a budget by count: the same games whatever the machine's load), and
prints its score (a win 1, a draw ½) with the 95% Wilson interval, the rollouts and the seconds it took per choice
(and the longest choice), against the target (70% in 单挑 and 双雄 with two players, at most 2 s a choice). The
baseline is the tactician itself on the other seat; with the tactician on both seats each deal's two games are one
game played twice, so the tactician scores 50% against itself.

With ``--deal-odds N`` each deal is also played N times by the tactician on both seats with other dice: a deal one
deck wins at least 7 in 8 of those games is *decided by the deal* (the decks, not the players, settle it), and the
searcher's score is shown on those deals and on the others apart. Over games 0-199 of 单挑 at 10 rollouts of each
of the best 4 actions (N=8), 64 of the 100 deals were decided by the deal: the searcher scored 59.4% on them and
75.0% on the 36 others, 65.0% in all.

``--games-out FILE`` writes each game's score (JSON Lines: mode, game, score); ``--against FILE`` compares this
run with such a file game by game (the same seeds: another version of the searcher, say): the games both played,
each's score on them, the games this run did better and worse in, and the two-sided sign test on those (a change
that wins 4 more of 200 games with 14 games different is noise: p 0.42).

Run: `python bench/tactics_search.py [--games 200] [--think 2 | --by-count] [--modes duel,duo] [--first 0]
[--jobs 2] [--deal-odds 8] [--games-out FILE] [--against FILE]`.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGET = 0.70
MOST_SECONDS = 2.0  # a choice, on average


def play(job: tuple[str, int, float]) -> tuple[str, float, int, int, float, float]:
    """One game: (mode, the searcher's score, its decisions, its rollouts, its seconds choosing actions, the longest
    of those choices)."""
    from toolkit.engine.simulate import tactics_decider
    from toolkit.engine.tactics.search import SearchDecider
    from toolkit.engine.tactics.tactician import SeatDeciders

    mode, index, think = job  # think 0: a budget by count
    play_deal = deal(mode, index // 2)
    seat = 1 if index % 2 == 0 else 2
    seed = 90_000 + index // 2
    players = tactics_decider(["heuristic", "heuristic"], seed, 2)  # the tactician on the other seat as in simulate
    assert isinstance(players, SeatDeciders)
    rng = random.Random((seed + 104_729 * seat) * 7919 + 1)  # as simulate seeds a seat's player
    searcher = players.by_seat[seat] = SearchDecider(rng, think)
    spent = longest = 0.0
    choose = searcher.choose

    def timed(player: int, prompt: str, options: Any) -> Any:  # the searcher's own time choosing its actions
        nonlocal spent, longest
        if prompt != "choose an action":
            return choose(player, prompt, options)
        started = time.perf_counter()
        try:
            return choose(player, prompt, options)
        finally:
            took = time.perf_counter() - started
            spent += took
            longest = max(longest, took)

    searcher.choose = timed  # type: ignore[method-assign]
    winners = play_deal(seed, players)
    score = 0.5 if not winners else 1.0 if seat in winners else 0.0
    return mode, score, searcher.decisions, searcher.rollouts, spent, longest


def deal(mode: str, number: int) -> Callable[[int, Any], list[int]]:
    """Deal ``number`` of ``mode`` (random legal decks, as the games of a deal are dealt): a function that plays it
    with the given seed and players (simulate_tactics' ``decider``) and returns the winners."""
    from toolkit.catalog import load_catalog
    from toolkit.decks.random_deck import deck_card_ids, random_legal_decks
    from toolkit.engine.simulate import simulate_tactics

    records = list(load_catalog([ROOT / "cards" / "tactics"]).records)
    decks = random_legal_decks(records, mode, random.Random(70_000 + number), 2)
    squads, cards = [list(d.agents or []) for d in decks], [deck_card_ids(d) for d in decks]

    def play_it(seed: int, players: Any) -> list[int]:
        winners: list[int] = simulate_tactics(records, mode, squads, cards, 100, seed, players).result()["winners"]
        return winners

    return play_it


def deal_odds(job: tuple[str, int, int]) -> tuple[str, int, float]:
    """How far a deal decides its games by itself: the tactician on both seats plays it ``count`` times with other
    dice (the first with the deal's own), and the share the first seat's deck wins is returned (a draw ½)."""
    mode, number, count = job
    play_deal = deal(mode, number)
    won = 0.0
    for dice in range(count):
        winners = play_deal(90_000 + number + 7919 * dice, ["heuristic", "heuristic"])
        won += 0.5 if not winners else 1.0 if 1 in winners else 0.0
    return mode, number, won / count


DECIDED = 7 / 8  # a deal whose one deck wins at least this share of the tactician's games against itself


def read_games(path: Path) -> dict[tuple[str, int], float]:
    """The scores of a ``--games-out`` file, by (mode, game); a file that cannot be read or a line that is no
    game's score stops the bench with one line saying where (exit 2)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        print(f"{path}: cannot read: {getattr(exc, 'strerror', None) or exc}", file=sys.stderr)
        sys.exit(2)
    found: dict[tuple[str, int], float] = {}
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            key, score = (str(row["mode"]), int(row["game"])), float(row["score"])
        except (ValueError, TypeError, KeyError) as exc:
            why = f"no {exc}" if isinstance(exc, KeyError) else str(exc)
            print(f"{path}:{number}: not a game's score (mode, game, score): {why}", file=sys.stderr)
            sys.exit(2)
        found[key] = score
    return found


def main() -> None:
    from toolkit.balance.figures import paired, wilson

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per mode (an even number: seats swapped)")
    parser.add_argument("--think", type=float, default=2.0, help="seconds per main-phase choice")
    parser.add_argument(
        "--by-count",
        action="store_true",
        help="a budget by count instead: every round of rollouts of the mode's plan played in full (--think not read)",
    )
    parser.add_argument("--modes", default="duel,duo")
    parser.add_argument("--first", type=int, default=0, help="the first game's number (to run a range in parts)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--deal-odds",
        type=int,
        default=0,
        metavar="N",
        help="also play each deal N times tactician against tactician (other dice) and show the searcher's score on "
        f"the deals one deck wins at least {100 * DECIDED:.0f}%% of those games (decided by the deal) and on the "
        "others",
    )
    parser.add_argument("--games-out", type=Path, metavar="FILE", help="write each game's score (JSON Lines)")
    parser.add_argument("--against", type=Path, metavar="FILE", help="compare game by game with a --games-out file")
    args = parser.parse_args()
    earlier = read_games(args.against) if args.against else None  # (a bad file stops the run before it starts)
    if args.games_out and not args.games_out.resolve().parent.is_dir():
        print(f"{args.games_out}: no such directory to write the games to", file=sys.stderr)
        sys.exit(2)
    jobs = [(mode, i, 0.0 if args.by_count else args.think) for mode in args.modes.split(",")
            for i in range(args.first, args.first + args.games)]  # fmt: skip
    started = time.perf_counter()
    results: dict[str, list[tuple[float, int, int, float, float]]] = {}
    odds: dict[tuple[str, int], float] = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        for mode, *row in pool.map(play, jobs):
            results.setdefault(mode, []).append(tuple(row))  # type: ignore[arg-type]
        if args.deal_odds:
            deals = sorted({(mode, index // 2) for mode, index, _ in jobs})
            for mode, deal, share in pool.map(deal_odds, [(mode, deal, args.deal_odds) for mode, deal in deals]):
                odds[(mode, deal)] = share
    scores = {(mode, args.first + i): row[0] for mode, rows in results.items() for i, row in enumerate(rows)}
    budget = "a budget by count" if args.by_count else f"think {args.think} s"
    print(f"{len(jobs)} games in {time.perf_counter() - started:.0f} s, {args.jobs} processes, {budget}")
    for mode, rows in results.items():
        score = sum(r[0] for r in rows)
        low, high = wilson(score, len(rows))
        decisions = sum(r[1] for r in rows) or 1
        rollouts = sum(r[2] for r in rows)
        seconds = sum(r[3] for r in rows) / decisions
        longest = max(r[4] for r in rows)
        met = low >= TARGET and seconds <= MOST_SECONDS
        print(f"  {mode:8} search v tactician {100 * score / len(rows):5.1f}% [{100 * low:.1f}, {100 * high:.1f}] "
              f"n={len(rows)}; {rollouts / decisions:.0f} rollouts a choice, {seconds:.2f} s a choice "
              f"(longest {longest:.1f} s); target {100 * TARGET:.0f}% at {MOST_SECONDS:g} s: "
              f"{'met' if met else 'not met'}")  # fmt: skip
        games = {game: points for (m, game), points in scores.items() if m == mode}  # this mode's, by number
        if earlier is not None:
            compared = paired(games, {game: points for (m, game), points in earlier.items() if m == mode})
            print(f"           against {args.against}: {compared['n']} games both played, {compared['score']:g} "
                  f"against {compared['against']:g}; {compared['better']} better, {compared['worse']} worse "
                  f"(sign test p = {compared['p']:.3g})")  # fmt: skip
        if odds:
            decided: list[float] = []
            others: list[float] = []
            for game, points in games.items():
                share = odds[(mode, game // 2)]
                (decided if max(share, 1 - share) >= DECIDED else others).append(points)
            for label, part in (("decided by the deal", decided), ("the other deals", others)):
                if part:
                    low, high = wilson(sum(part), len(part))
                    print(f"           {label:20} {len(part) // 2:3} deals: search v tactician "
                          f"{100 * sum(part) / len(part):5.1f}% [{100 * low:.1f}, {100 * high:.1f}] n={len(part)}")
    if args.games_out:  # (after the figures: they are shown even if the file cannot be written)
        from toolkit.jsonio import atomic_write_text

        lines = [json.dumps({"mode": mode, "game": game, "score": score}) for (mode, game), score in sorted(scores.items())]
        try:
            atomic_write_text(args.games_out, "".join(line + "\n" for line in lines))
        except OSError as exc:
            print(f"{args.games_out}: cannot write: {getattr(exc, 'strerror', None) or exc}", file=sys.stderr)
            sys.exit(2)


if __name__ == "__main__":
    main()
