"""The figures of a balance run, from its games' results: rates with 95% Wilson intervals, outliers, games needed.

A side's *score* in a game is 1 for a win, ½ for a draw (the round limit, no winner) and 0 for a loss, so
with two seats the scores of a game add up to 1 and a fair agent, card or seat scores 50%. With more players
(3 or 4 seats) a draw scores each seat its fair share, 1 / the number of sides (½ with two teams of two in
双雄, ⅓ or ¼ in 混战), and a rate is held against the average of the fair shares of the games it counts
(its ``centre``, written when it is not 50%) instead of 50%. Every rate is
``{"n", "score", "rate", "low", "high"}``: ``n`` sides (or games), their total score, the rate and its 95%
Wilson score interval. An item is an *outlier* only when its whole interval lies beyond 50% ± ``margin``
(``strong`` above, ``weak`` below), the interval widened for the number of rates in its table (Bonferroni:
``flag_low``..``flag_high`` hold for the whole table at 95%, so a table of 90 cards does not flag four of them
by chance alone); for the others, ``needed`` is how many games of this run's kind the same flag interval
would need to decide, if the rate stayed where it is: always more than the games played (None: the rate is within
the margin, no number of games would flag it; :func:`games_to_decide`).

Everything here is a pure function of the results (sorted by game index), so the same games give the
same figures, byte for byte; timings are kept apart (:func:`timing`).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from itertools import combinations
from statistics import NormalDist
from typing import Any

Z95 = 1.959963984540054
DIGITS = 6
LENGTH_BINS = (1, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 50, 100)


def wilson(score: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``score / n`` (a score may count draws as ½)."""
    if n <= 0:
        return 0.0, 1.0
    p = score / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(max(0.0, p * (1 - p)) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(score: float, n: int) -> dict[str, Any]:
    low, high = wilson(score, n)
    return {
        "n": n,
        "score": round(score, DIGITS),
        "rate": round(score / n, DIGITS) if n else None,
        "low": round(low, DIGITS),
        "high": round(high, DIGITS),
    }


def paired(these: dict[Any, float], those: dict[Any, float]) -> dict[str, Any]:
    """Two players' scores on the same games (each a dict game -> score: two versions of a player, say, on the
    same seeds), compared game by game: ``n`` games both played, each's ``score`` on them, how many games the first
    did ``better`` and ``worse`` in, and ``p``, the two-sided sign test on those games (the chance of a split at
    least this uneven if neither were the stronger: a difference of a few games among many the same is noise)."""
    shared = sorted(set(these) & set(those), key=repr)
    better = sum(1 for game in shared if these[game] > those[game])
    worse = sum(1 for game in shared if these[game] < those[game])
    differ = better + worse
    tail = sum(math.comb(differ, k) for k in range(min(better, worse) + 1)) / 2**differ if differ else 1.0
    return {"n": len(shared), "score": sum(these[g] for g in shared), "against": sum(those[g] for g in shared),
            "better": better, "worse": worse, "p": round(min(1.0, 2 * tail), DIGITS)}  # fmt: skip


def simultaneous_z(tests: int, level: float = 0.95) -> float:
    """The z of a two-sided interval that holds for ``tests`` rates at once at ``level`` (Bonferroni)."""
    return NormalDist().inv_cdf(1 - (1 - level) / (2 * max(1, tests)))


def verdict(item: dict[str, Any], margin: float, games: int, z: float = Z95, centre: float = 0.5) -> None:
    """Mark ``item`` (a :func:`rate`) ``strong``/``weak`` when its interval at ``z`` (``flag_low``..``flag_high``;
    the simultaneous interval of its table) lies wholly beyond 50% (or ``centre``) ± ``margin``, else tell how many
    games would decide: ``needed`` (:func:`games_to_decide`; None when the rate is within the margin)."""
    n = item["n"]
    low, high = wilson(item["score"], n, z)
    item["flag_low"], item["flag_high"] = round(low, DIGITS), round(high, DIGITS)
    if low > centre + margin:
        item["flag"] = "strong"
    elif high < centre - margin:
        item["flag"] = "weak"
    else:
        item["flag"] = None
        item["needed"] = games_to_decide(item["score"], n, games, margin, z, centre)


def games_to_decide(score: float, n: int, games: int, margin: float, z: float = Z95, centre: float = 0.5) -> int | None:
    """How many games of this run's kind the flag's interval (the Wilson interval at ``z``, as :func:`verdict`
    draws it) would need to decide a rate of ``score / n`` seen over ``games`` games, if the rate ``p = score / n``
    stayed where it is; None when ``p`` lies within ``centre ± margin`` (no number of games flags it) or no side
    was counted.

    The bound to pass is ``x = centre + margin`` (``p`` above it) or ``centre − margin`` (below it). The Wilson
    interval's bounds at ``m`` sides are the roots of ``m·(p − x)² = z²·x·(1 − x)`` in ``x``, and they close in on
    ``p`` as ``m`` grows, so the interval lies wholly beyond ``x`` exactly when ``m·(p − x)² > z²·x·(1 − x)``: the
    first such ``m`` is ``⌊z²·x·(1 − x) / (p − x)²⌋ + 1`` sides. A run's sides grow with its games (``n`` sides in
    ``games`` games), so ``needed = ⌈m · games / n⌉``. The rate was not decided at ``n`` sides, so ``m > n`` and
    ``needed`` is more than ``games``: a rate of 0/2 in a 60-game run needs more than 60 games, never "60"."""
    if n <= 0 or games <= 0:
        return None
    p = score / n
    if p > centre + margin + 1e-9:
        x = centre + margin
    elif p < centre - margin - 1e-9:
        x = centre - margin
    else:
        return None

    def decides(m: int) -> bool:  # the flag's own test, on the interval it draws
        low, high = wilson(p * m, m, z)
        return low > x if p > x else high < x

    m = max(n + 1, math.floor(z * z * x * (1 - x) / ((p - x) ** 2)) + 1)
    for _ in range(4):  # the closed form and the interval may part at the last bit of a float: a step or two
        if decides(m):
            break
        m += 1
    return -(-m * games // n)


def _share(result: dict[str, Any]) -> float:
    """A seat's fair share of the game: 1 / the number of sides (½ with two players, or two teams of two)."""
    return float(result.get("share", 0.5))


def _score(result: dict[str, Any], seat: int) -> float:
    winners = result["winners"]
    if not winners:
        return _share(result)
    return 1.0 if seat in winners else 0.0


class _Tally:
    def __init__(self) -> None:
        self.n: Counter[Any] = Counter()
        self.score: defaultdict[Any, float] = defaultdict(float)
        self.fair: defaultdict[Any, float] = defaultdict(float)  # the sum of the fair shares of the games counted

    def add(self, key: Any, score: float, fair: float = 0.5) -> None:
        self.n[key] += 1
        self.score[key] += score
        self.fair[key] += fair

    def centre(self, key: Any) -> float:
        """What an average seat would score in the same games: 50% when every game had two sides."""
        return round(self.fair[key] / self.n[key], DIGITS) if self.n[key] else 0.5

    def fewer(self, least: int) -> int:
        """How many items were seen fewer than ``least`` times (what :meth:`rows` leaves out)."""
        return sum(1 for n in self.n.values() if n < least)

    def rows(self, label: str | Sequence[str], margin: float | None, games: int, least: int = 1) -> list[dict[str, Any]]:
        out = []
        for key in sorted(self.n):
            if self.n[key] < least:
                continue
            row: dict[str, Any] = dict(zip(label, key, strict=True)) if isinstance(label, tuple) else {str(label): key}
            row.update(_centred(rate(self.score[key], self.n[key]), self.centre(key)))
            out.append(row)
        if margin is not None:
            z = simultaneous_z(len(out))
            for row in out:
                verdict(row, margin, games, z, row.get("centre", 0.5))
        return out


def figures(results: Sequence[dict[str, Any]], margin: float = 0.02, least_pairs: int = 20) -> dict[str, Any]:
    """The figures of the results (see the module docstring); ``least_pairs``: agent pairs seen fewer times are
    left out of the pair tables."""
    played = [r for r in results if r.get("reason") != "error"]
    games = len(played)
    agents, in_deck, used, seats = _Tally(), _Tally(), _Tally(), _Tally()
    together, against = _Tally(), _Tally()
    modes: dict[str, _Tally] = defaultdict(_Tally)
    maps: dict[str, _Tally] = defaultdict(_Tally)
    ends: Counter[str] = Counter()
    ends_by_mode: Counter[tuple[str, str]] = Counter()
    lengths: list[int] = []
    length_by_mode: dict[str, list[int]] = defaultdict(list)
    for result in played:
        ends[result["reason"]] += 1
        ends_by_mode[result["mode"], result["reason"]] += 1
        lengths.append(result["rounds"])
        length_by_mode[result["mode"]].append(result["rounds"])
        sides = result["sides"]
        fair = _share(result)
        first = _score(result, 1)
        for side in sides:
            seats.add(side["seat"], _score(result, side["seat"]), fair)
        modes[result["mode"]].add("first", first, fair)
        modes[result["mode"]].add("decided", 1.0 if result["winners"] else 0.0)
        maps[result["map"]].add("first", first, fair)
        for side in sides:
            score = _score(result, side["seat"])
            squad = sorted(set(side["agents"]))
            for agent in squad:
                agents.add(agent, score, fair)
            for card in side["cards"]:
                in_deck.add(card, score, fair)
            for card in side.get("played", ()):
                used.add(card, score, fair)
            for pair in combinations(squad, 2):
                together.add(pair, score, fair)
        if len(sides) == 2:
            mine, theirs = sides[0], sides[1]
            score = _score(result, mine["seat"])
            for a in set(mine["agents"]):
                for b in set(theirs["agents"]):
                    if a < b:
                        against.add((a, b), score)
                    elif b < a:
                        against.add((b, a), 1.0 - score)
    by_mode = []
    for mode in sorted(modes):
        tally = modes[mode]
        row: dict[str, Any] = {"mode": mode, "games": tally.n["first"]}
        row["first_seat"] = _centred(rate(tally.score["first"], tally.n["first"]), tally.centre("first"))
        verdict(row["first_seat"], margin, games, simultaneous_z(len(modes)), tally.centre("first"))
        row["decided"] = rate(tally.score["decided"], tally.n["decided"])
        row["rounds"] = _length(length_by_mode[mode])
        row["endings"] = {reason: n for (m, reason), n in sorted(ends_by_mode.items()) if m == mode}
        by_mode.append(row)
    by_map = []
    for board in sorted(maps):
        row = {"map": board, "games": maps[board].n["first"]}
        centre = maps[board].centre("first")
        row["first_seat"] = _centred(rate(maps[board].score["first"], maps[board].n["first"]), centre)
        verdict(row["first_seat"], margin, games, simultaneous_z(len(maps)), centre)
        by_map.append(row)
    endings = [{"reason": reason, **rate(n, games)} for reason, n in sorted(ends.items())]
    out: dict[str, Any] = {
        "games": games,
        "errors": len(results) - games,
        "margin": margin,
        "seats": seats.rows("seat", margin, games),
        "modes": by_mode,
        "maps": by_map,
        "agents": agents.rows("agent", margin, games),
        "cards_in_deck": in_deck.rows("card", margin, games),
        "cards_played": used.rows("card", margin, games),
        "pairs_together": together.rows(("agent", "with"), margin, games, least_pairs),
        "pairs_against": against.rows(("agent", "against"), margin, games, least_pairs),
        "length": _length(lengths),
        "endings": endings,
        # the pairs seen fewer than ``least`` times, left out of the pair tables (too few games to tell anything)
        "pairs_left_out": {"least": least_pairs, "pairs_together": together.fewer(least_pairs),
                           "pairs_against": against.fewer(least_pairs)},  # fmt: skip
    }
    out["outliers"] = outliers(out)
    return out


def _centred(row: dict[str, Any], centre: float) -> dict[str, Any]:
    if centre != 0.5:
        row["centre"] = centre
    return row


TABLES = ("seats", "agents", "cards_in_deck", "cards_played", "pairs_together", "pairs_against")


def outliers(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Every flagged row of the figures, with its table's name."""
    found = []
    for table in TABLES:
        for row in data.get(table, ()):
            if row.get("flag"):
                found.append({"table": table, **row})
    for table in ("modes", "maps"):
        for row in data.get(table, ()):
            if row["first_seat"].get("flag"):
                found.append({"table": table, table[:-1]: row[table[:-1]], **row["first_seat"]})
    return found


def _length(lengths: Iterable[int]) -> dict[str, Any]:
    values = sorted(lengths)
    if not values:
        return {"n": 0, "mean": None, "median": None, "p90": None, "max": None, "histogram": []}
    histogram: list[dict[str, int | None]] = []
    low = 0
    for high in LENGTH_BINS:
        histogram.append({"from": low + 1, "to": high, "games": sum(1 for v in values if low < v <= high)})
        low = high
    over = sum(1 for v in values if v > LENGTH_BINS[-1])
    if over:
        histogram.append({"from": LENGTH_BINS[-1] + 1, "to": None, "games": over})
    return {
        "n": len(values),
        "mean": round(sum(values) / len(values), DIGITS),
        "median": values[len(values) // 2],
        "p90": values[min(len(values) - 1, math.ceil(0.9 * len(values)) - 1)],
        "max": values[-1],
        "histogram": [h for h in histogram if h["games"]],
    }


def timing(results: Sequence[dict[str, Any]], wall: float) -> dict[str, Any]:
    """The times of the run (not part of the figures: they differ from run to run)."""
    spent = sum(float(r.get("seconds", 0.0)) for r in results)
    return {
        "wall_seconds": round(wall, 3),
        "game_seconds": round(spent, 3),
        "games_per_second": round(len(results) / wall, 2) if wall > 0 else None,
    }
