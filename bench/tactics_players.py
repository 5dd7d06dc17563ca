"""Benchmark: the tactics players against each other — the tactician (``heuristic``) against the brawler.

For each configuration (Duel, Duo with 2 players, Expert, and Duo with 4
players unless ``--no-4p``), seeded games with random legal decks whose squads share no
agent (T24; ``toolkit.decks.random_deck.random_legal_decks``):

  vs        the tactician against the brawler, ``--games`` games: each deal (seed, decks) is
            played twice with the players' seats swapped (the decks stay with the seats), so
            half the games each player sits first; 4 players: seats 1 and 3 against 2 and 4;
  mirror    ``--mirror`` games of tactician against tactician, and as many of brawler against
            brawler (the baseline): the first player's win rate, and games per second.

It prints, per configuration, the tactician's win rate against the brawler with its 95 %
Wilson interval, the first player's win rate in each mirror, games per second and the
seconds each player spends deciding per game; then the behaviour of each player in the
``vs`` games (the brawler is the baseline, measured in the same run):

  near      share of own agents ending their turn 1-4 steps from an enemy with a clear line
            of sight (T16), of those: covered (every such enemy's line crosses an obstacle,
            −2, T17) and seen (in such an enemy's vision band, T15);
  exposed   hidden units of the player exposed on its own turn by standing in an enemy's
            sight at distance 0-1 (§8.4), per 10 games;
  full-HP   heals chosen (a card or an ability) that restored nothing: the unit was at full HP;
  counters  counterattacks that lost their target (could not hit: range, vision, sight);
  shock     attacks declared on a unit wearing armour that hurts attackers (Shock-Plate Armor);
  Aim / Resupply / scavenging   uses per 10 games.

The target (issue: "a player that plays like a tactician"): the tactician wins at least 65 %
against the brawler in every configuration and costs at most about 3 times the brawler's
time per game. Run: `python bench/tactics_players.py [--games N] [--mirror M] [--seed S]
[--modes duel,duo,expert] [--no-4p] [--jobs J]` (the full run: --games 400 --mirror 200).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from toolkit.catalog import load_catalog  # noqa: E402
from toolkit.decks.random_deck import deck_card_ids, random_legal_decks  # noqa: E402
from toolkit.engine.core import Decider  # noqa: E402
from toolkit.engine.simulate import make_decider, play_tactics  # noqa: E402
from toolkit.engine.tactics import Action, TacticsGame, Unit  # noqa: E402
from toolkit.engine.tactics.tactician import SeatDeciders  # noqa: E402

CARDS = ROOT / "cards" / "tactics"
ROUNDS = 100
NAMES = {"heuristic": "tactician", "brawler": "brawler"}
SHOCK = "shock_plate_armor"
SHOCK_NAME = "Shock-Plate Armor"  # the record's name.en: the bench speaks English (Aim, Resupply: the abilities')


@dataclass
class Behaviour:
    """What one player did, added up over games."""

    games: int = 0
    decide_seconds: float = 0.0
    turn_agents: int = 0  # own agents on the map at the end of the player's turns
    near: int = 0
    near_covered: int = 0
    near_seen: int = 0
    idle_near: int = 0  # the same, for agents that did not attack in that turn
    idle_covered: int = 0
    idle_seen: int = 0
    idle_safe: int = 0  # covered or out of every such enemy's vision band
    self_exposed: int = 0
    heals: int = 0
    heals_full: int = 0
    counters: int = 0
    counters_lost: int = 0
    attacks: int = 0
    shock: int = 0
    uses: Counter[str] = field(default_factory=Counter)

    def add(self, other: Behaviour) -> None:
        for name in self.__dataclass_fields__:
            mine = getattr(self, name)
            if isinstance(mine, Counter):
                mine.update(getattr(other, name))
            else:
                setattr(self, name, mine + getattr(other, name))


class Watch(Decider):
    """Passes every decision to the seat's player, timing it and noting what it decided."""

    def __init__(self, inner: SeatDeciders, kinds: dict[int, str]) -> None:
        self.inner = inner
        self.kinds = kinds
        self.seen: dict[str, Behaviour] = {k: Behaviour() for k in set(kinds.values())}
        self.game: TacticsGame | None = None
        self.attacked: set[int] = set()  # units that attacked in the current turn

    def bind(self, game: TacticsGame) -> Watch:
        self.game = game
        self.inner.bind(game)
        return self

    def _of(self, player: int) -> Behaviour:
        g = self.game
        seat = player if player in self.kinds else (g.active if g is not None else 1)
        return self.seen[self.kinds[seat]]

    def choose(self, player: int, prompt: str, options: Sequence[Any]) -> Any:
        start = time.perf_counter()
        pick = self.inner.choose(player, prompt, options)
        mine = self._of(player)
        mine.decide_seconds += time.perf_counter() - start
        g = self.game
        if g is None:
            return pick
        if prompt == "choose an action" and isinstance(pick, Action) and pick.kind == "end":
            self._turn_end(g, player, mine)
            self.attacked.clear()
        elif prompt.startswith("target of") and isinstance(pick, Unit):
            mine.attacks += 1
            mine.shock += any(c.id == SHOCK for c in pick.equipment)
            hint = g.hint
            if hint and hint[0] == "attack" and isinstance(hint[1][0], Unit):
                self.attacked.add(hint[1][0].uid)
        return pick

    def confirm(self, player: int, prompt: str) -> bool:
        start = time.perf_counter()
        answer = self.inner.confirm(player, prompt)
        self._of(player).decide_seconds += time.perf_counter() - start
        return answer

    def choose_many(self, player: int, prompt: str, options: Sequence[Any], count: int) -> list[Any]:
        start = time.perf_counter()
        answer = self.inner.choose_many(player, prompt, options, count)
        self._of(player).decide_seconds += time.perf_counter() - start
        return answer

    def _turn_end(self, g: TacticsGame, seat: int, mine: Behaviour) -> None:
        board = g.board
        obstacles = [o.pos for o in g.obstacles if not o.gone and o.pos is not None]
        enemies = [
            u for u in g.units() if u.seat and u.kind != "obstacle" and g.hostile(seat, u.seat) and not u.dying and u.pos
        ]
        for agent in g.player(seat).units:
            if agent.kind != "agent" or agent.pos is None or agent.dying:
                continue
            mine.turn_agents += 1
            near = []
            for enemy in enemies:
                assert enemy.pos is not None
                d = board.distance(enemy.pos, agent.pos)
                if d is not None and 1 <= d <= 4 and board.line_of_sight(enemy.pos, agent.pos):
                    near.append(enemy)
            if not near:
                continue
            mine.near += 1
            covered = all(board.cover(e.pos, agent.pos, obstacles) for e in near if e.pos is not None)
            seen = False
            for enemy in near:
                side, rear = g.extra_vision(enemy)
                if enemy.pos and enemy.facing and board.in_vision(enemy.pos, enemy.facing, agent.pos, side, rear):
                    seen = True
                    break
            mine.near_covered += covered
            mine.near_seen += seen
            if agent.uid not in self.attacked:
                mine.idle_near += 1
                mine.idle_covered += covered
                mine.idle_seen += seen
                mine.idle_safe += covered or not seen


def read_log(game: TacticsGame, kinds: dict[int, str], seen: dict[str, Behaviour]) -> None:
    """The behaviour figures the log tells: heals, counterattacks, exposures, basic abilities used."""
    active = 1
    decided = False  # the last thing resolving was a player's choice (a card, an ability), not a trigger
    counter: int | None = None  # seat of a counterattack waiting for its outcome
    for event in game.log:
        kind, seat = event.kind, event.player
        if kind == "turn_start" and seat:
            active = seat
        elif kind in ("play", "respond", "ability"):
            decided = True
            if kind == "ability" and seat in kinds:
                source = event.data.get("source")
                if source in ("aim", "resupply"):
                    seen[kinds[seat]].uses[source] += 1
        elif kind == "trigger":
            decided = False
        elif kind == "scavenge" and seat in kinds:
            seen[kinds[seat]].uses["scavenge"] += 1
        elif kind == "heal" and decided and seat in kinds:
            who = seen[kinds[seat]]
            who.heals += 1
            who.heals_full += event.data.get("amount", 0) == 0
        elif kind == "attack" and event.data.get("counter") and seat in kinds:
            counter = seat
            seen[kinds[seat]].counters += 1
        elif kind in ("target_lost", "hit_roll") and counter is not None and (kind == "hit_roll" or "range" in event.data):
            seen[kinds[counter]].counters_lost += kind == "target_lost"
            counter = None
        elif kind == "exposed" and seat == active and seat in kinds and str(event.data.get("reason", "")).startswith(
            "in sight of"
        ):
            seen[kinds[seat]].self_exposed += 1


def deal(records: list[Any], mode: str, players: int, seed: int) -> list[Any]:
    """One random legal deck per seat, no agent in two squads (T24)."""
    return random_legal_decks(records, mode, random.Random(seed), players)


@dataclass(frozen=True)
class Job:
    mode: str
    players: int
    seed: int
    kinds: tuple[str, ...]  # the player of each seat
    run: str  # vs | mirror


@dataclass
class Played:
    job: Job
    winners: list[int]
    rounds: int
    seconds: float
    seen: dict[str, Behaviour]
    error: str | None = None


_RECORDS: list[Any] = []


def _init(records: list[Any]) -> None:
    _RECORDS[:] = records


def play(job: Job, records: list[Any] | None = None) -> Played:
    records = records if records is not None else _RECORDS
    decks = deal(records, job.mode, job.players, job.seed)
    kinds = dict(enumerate(job.kinds, 1))
    inner = SeatDeciders({seat: make_decider(kind, job.seed + 104_729 * seat) for seat, kind in kinds.items()})
    watch = Watch(inner, kinds)
    start = time.perf_counter()
    try:
        game = TacticsGame(
            records, job.mode, players=job.players, seed=job.seed, decider=watch,
            decks=[deck_card_ids(d) for d in decks], squads=[d.agents or [] for d in decks], setup=False,
        )  # fmt: skip
        watch.bind(game)
        game.set_up()
        play_tactics(game, watch, ROUNDS)
    except Exception as exc:  # a bench reports engine errors instead of stopping
        return Played(job, [], 0, time.perf_counter() - start, {}, f"{type(exc).__name__}: {exc}")
    seconds = time.perf_counter() - start
    read_log(game, kinds, watch.seen)
    for behaviour in watch.seen.values():
        behaviour.games = 1
    result = game.result()
    return Played(job, list(result["winners"]), int(result["rounds"]), seconds, watch.seen)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float, float]:
    """The win rate and its 95 % Wilson score interval."""
    if n == 0:
        return 0.0, 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def plan(configs: list[tuple[str, int]], games: int, mirror: int, seed: int) -> list[Job]:
    jobs: list[Job] = []
    for index, (mode, players) in enumerate(configs):
        base = seed * 1_000_003 + index * 100_000
        for number in range(games):
            deal_seed = base + number // 2
            first = number % 2 == 0  # the tactician on seat 1 (and 3), then the same deal swapped
            kinds = tuple(
                "heuristic" if (seat % 2 == 1) == first else "brawler" for seat in range(1, players + 1)
            )
            jobs.append(Job(mode, players, deal_seed, kinds, "vs"))
        for kind in ("heuristic", "brawler"):
            for number in range(mirror):
                jobs.append(Job(mode, players, base + 50_000 + number, (kind,) * players, "mirror"))
    return jobs


def pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def share(part: int, whole: int) -> str:
    return f"{100 * part / whole:5.1f}% ({part}/{whole})" if whole else "    - (0/0)"


def report(results: list[Played], configs: list[tuple[str, int]], target: float) -> bool:
    errors = [r for r in results if r.error]
    ok = True
    print()
    print(
        f"{'config':<10} {'tactician v brawler (95% CI)':<32} {'draws':>5}  {'1st wins T-T':>13} "
        f"{'1st wins B-B':>13}  {'games/s T-T':>11} {'games/s B-B':>11} {'time T/B':>8}  "
        f"{'rounds T-T':>10} {'rounds B-B':>10}"
    )
    for mode, players in configs:
        label = f"{mode}/{players}p"
        mine = [r for r in results if r.job.mode == mode and r.job.players == players and not r.error]
        vs = [r for r in mine if r.job.run == "vs"]
        wins = sum(1 for r in vs if any(r.job.kinds[s - 1] == "heuristic" for s in r.winners))
        draws = sum(1 for r in vs if not r.winners)
        p, low, high = wilson(wins, len(vs))
        ok = ok and p >= target
        row = f"{label:<10} {pct(p)} [{pct(low)}, {pct(high)}] n={len(vs):<4}  {draws:>5}  "
        speed: dict[str, tuple[float, float, float]] = {}
        for kind in ("heuristic", "brawler"):
            mirror = [r for r in mine if r.job.run == "mirror" and r.job.kinds[0] == kind]
            first = sum(1 for r in mirror if 1 in r.winners)
            fp, _, _ = wilson(first, len(mirror))
            seconds = sum(r.seconds for r in mirror)
            rounds = sum(r.rounds for r in mirror) / len(mirror) if mirror else 0.0
            speed[kind] = (len(mirror) / seconds if seconds else 0.0, seconds / len(mirror) if mirror else 0.0, rounds)
            row += f"{pct(fp):>13} " if mirror else f"{'-':>13} "
        ts, bs = speed["heuristic"], speed["brawler"]
        ratio = ts[1] / bs[1] if bs[1] else 0.0
        row += f" {ts[0]:>11.1f} {bs[0]:>11.1f} {ratio:>7.1f}x  {ts[2]:>10.1f} {bs[2]:>10.1f}"
        print(row)
    print()
    print("deciding, seconds per game in the vs games (the rest is the engine):")
    for mode, players in configs:
        vs = [r for r in results if r.job.mode == mode and r.job.players == players and r.job.run == "vs" and not r.error]
        total = {k: Behaviour() for k in ("heuristic", "brawler")}
        for r in vs:
            for kind, b in r.seen.items():
                total[kind].add(b)
        t, b = total["heuristic"], total["brawler"]
        tt = t.decide_seconds / max(1, len(vs))
        bb = b.decide_seconds / max(1, len(vs))
        engine = sum(r.seconds for r in vs) / max(1, len(vs)) - tt - bb
        print(f"  {mode}/{players}p  tactician {tt:.3f}  brawler {bb:.3f}  engine {engine:.3f}")
    print()
    print("behaviour in the vs games (same games, same decks):")
    total = {k: Behaviour() for k in ("heuristic", "brawler")}
    for r in results:
        if r.job.run == "vs" and not r.error:
            for kind, b in r.seen.items():
                total[kind].add(b)
    rows = [
        ("agents ending a turn 1-4 from an enemy, clear line", lambda b: share(b.near, b.turn_agents)),
        ("  of those, in cover (-2)", lambda b: share(b.near_covered, b.near)),
        ("  of those, in that enemy's vision band", lambda b: share(b.near_seen, b.near)),
        ("same, agents that did not attack that turn", lambda b: share(b.idle_near, b.turn_agents)),
        ("  of those, in cover (-2)", lambda b: share(b.idle_covered, b.idle_near)),
        ("  of those, in an enemy's vision band", lambda b: share(b.idle_seen, b.idle_near)),
        ("  of those, covered or out of every band", lambda b: share(b.idle_safe, b.idle_near)),
        ("hidden units exposed on own turn, per 10 games", lambda b: f"{10 * b.self_exposed / max(1, b.games):.2f}"),
        ("heals chosen at full HP", lambda b: share(b.heals_full, b.heals)),
        ("counterattacks that could not hit", lambda b: share(b.counters_lost, b.counters)),
        (f"attacks on units wearing {SHOCK_NAME}", lambda b: share(b.shock, b.attacks)),
        ("Aim, per 10 games", lambda b: f"{10 * b.uses['aim'] / max(1, b.games):.2f}"),
        ("Resupply, per 10 games", lambda b: f"{10 * b.uses['resupply'] / max(1, b.games):.2f}"),
        ("scavenging, per 10 games", lambda b: f"{10 * b.uses['scavenge'] / max(1, b.games):.2f}"),
    ]
    print(f"  {'':<52} {'tactician':>22} {'brawler (baseline)':>22}")
    for name, shown in rows:
        print(f"  {name:<52} {shown(total['heuristic']):>22} {shown(total['brawler']):>22}")
    if errors:
        print(f"\n{len(errors)} games raised:")
        for r in errors[:10]:
            print(f"  {r.job}: {r.error}")
    print()
    print(f"target: the tactician wins >= {pct(target).strip()} in every configuration: {'met' if ok else 'NOT met'}")
    return ok


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="tactician v brawler games per configuration")
    parser.add_argument("--mirror", type=int, default=200, help="games of each player against itself per configuration")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--modes", default="duel,duo,expert", help="comma-separated mode ids (2 players each)")
    parser.add_argument("--no-4p", action="store_true", help="leave out duo with 4 players")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play the games in")
    parser.add_argument("--target", type=float, default=0.65)
    args = parser.parse_args(argv)
    records = list(load_catalog([CARDS]).records)
    configs = [(m.strip(), 2) for m in args.modes.split(",") if m.strip()]
    if not args.no_4p and any(m == "duo" for m, _ in configs):
        configs.append(("duo", 4))
    jobs = plan(configs, args.games, args.mirror, args.seed)
    start = time.perf_counter()
    results: list[Played] = []
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs, initializer=_init, initargs=(records,)) as pool:
            results = list(pool.map(play, jobs, chunksize=8))
    else:
        for number, job in enumerate(jobs, 1):
            results.append(play(job, records))
            if number % 100 == 0:
                print(f"  {number}/{len(jobs)} games, {time.perf_counter() - start:.0f} s", file=sys.stderr)
    print(f"{len(jobs)} games in {time.perf_counter() - start:.0f} s")
    report(results, configs, args.target)


if __name__ == "__main__":
    main()
