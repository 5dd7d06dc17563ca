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

The games of a deal are not independent. Games ``N·k`` … ``N·k + N − 1`` (``N`` seats) are deal ``k``: the same
decks on the same map, the seats turned (:mod:`toolkit.balance.games`), and the deck that wins one game of a deal
often wins the others (three deals in four, or more, in the lab's runs). A tactics rate therefore counts its games
in clusters, the deals, and its interval is the *design-adjusted Wilson interval*: the Wilson interval on the
rate's effective number of games ``n_eff = n / deff`` (Kish, 1965; Korn & Graubard, 1998; the modified Wilson
limits of SAS's PROC SURVEYFREQ; Franco et al., 2019, recommend the Wilson form). The design effect is Kish's
``deff = 1 + (m̃ − 1)·ρ``: ``m̃ = Σ mₖ² / n`` the rate's games per deal (deal ``k``: ``mₖ`` of its ``n`` games),
``ρ`` the intraclass correlation of the games of a deal, estimated for each table (agents, cards in the deck…)
over all its rates at once (:func:`intraclass`, the one-way analysis-of-variance estimator: one rate's few deals
say little about it), taken between 0 and 1. A table of a side's rates with nothing to estimate it from (every
rate 0% or 100%, as two given decks, one always winning, give) borrows the ``ρ`` of all the sides' tables at once,
as far as it is sure of it (:func:`borrowed`: the upper end of its 95% interval), and when nothing at all tells,
takes 1. So a rate whose deals' games always go the same way (``ρ = 1``) counts its deals (10 games in 5 deals:
``n_eff`` 5), and one whose games agree no more than chance (``ρ ≤ 0``, as the seats' rates, their decks swapped
within each deal) counts its games, as before. ``ρ`` reads the *games* of a deal: a card (agent, deck…) held by
several sides of one game is one game there, with its team's score, or none when those sides are opponents (a
card in both decks wins and loses every game it is in: :class:`_Tally`); its rate still counts every side, and
its ``n_eff`` weighs each game by the sides whose score varies with it (:func:`effective_n`). A tactics row adds
``deals`` (how many deals it was seen in) and ``n_eff`` to the rate; its ``n`` still counts games (sides) and its
rate is the same; the figures' ``intraclass`` keeps each table's ``ρ`` (None: 1). The flag, ``needed`` and
``balance compare`` (:func:`toolkit.balance.store.compare`) use ``n_eff`` too.

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


def wilson(score: float, n: float, z: float = Z95) -> tuple[float, float]:
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


Cell = tuple[int, float, float]  # a rate's games in one deal: how many, their total score and their total squared score


def intraclass(rows: Iterable[Sequence[Cell]]) -> float | None:
    """The intraclass correlation of the games of a deal, pooled over a table's rates (``rows``: each rate's cells,
    one per deal): the one-way analysis-of-variance estimator, ``ρ = (MSB − MSW) / (MSB + (m₀ − 1)·MSW)``, the
    between-deal and within-deal mean squares summed over the rates that have a spread (a rate of 0% or 100% has
    none), each about its own rate, and ``m₀`` their mean deal size. None when there is nothing to estimate it
    from: no such rate seen in two deals, or none seen twice in one."""
    found = _anova(rows)
    return None if found is None else _estimate(*found)


def _estimate(msb: float, msw: float, _between_df: float, m0: float) -> float | None:
    denominator = msb + (m0 - 1) * msw
    return (msb - msw) / denominator if denominator > 1e-12 else None


def borrowed(rows: Iterable[Sequence[Cell]], z: float = Z95) -> float | None:
    """The intraclass correlation of ``rows`` (:func:`intraclass`) as a table with nothing to estimate its own from
    borrows it: the upper end of its 95% interval, ``ρ̂ + z·√(2 / (m₀·(m₀ − 1)·d))`` (at most 1), ``d`` the deals'
    degrees of freedom (each rate's deals less one, summed), ``m₀`` the mean deal size, and the root the standard
    error of an intraclass correlation where the games of a deal are independent (Fisher's large-sample variance
    at ``ρ = 0``, ``2 / (m₀(m₀ − 1)(k − 1))`` for ``k`` deals of ``m₀`` games; at ``ρ̂`` itself it is 0 when every
    deal splits evenly, the few-deal case it must not trust). Borrowed, ρ sets every interval of the table, and a ρ
    from a few deals is far from sure: ``ρ̂ = −1`` from three deals split 1–1 is within chance of ``0.4`` and must
    not count the table's games as independent, while from sixty it is sure (the bound stays below 0). None when
    there is nothing to estimate it from."""
    found = _anova(rows)
    estimate = None if found is None else _estimate(*found)
    if found is None or estimate is None:
        return None
    _msb, _msw, between_df, m0 = found
    if m0 <= 1:
        return estimate
    return min(1.0, estimate + z * math.sqrt(2 / (m0 * (m0 - 1) * between_df)))


def _anova(rows: Iterable[Sequence[Cell]]) -> tuple[float, float, float, float] | None:
    """The one-way analysis of variance of :func:`intraclass`: the between-deal and within-deal mean squares, the
    between-deal degrees of freedom and ``m₀``, the mean deal size; None when there is nothing to estimate from."""
    between = within = between_df = within_df = sizes = 0.0
    for cells in rows:
        n = sum(m for m, _s, _q in cells)
        if n <= 0:
            continue
        p = sum(s for _m, s, _q in cells) / n
        if sum(q for _m, _s, q in cells) / n - p * p <= 1e-12:  # no spread: nothing said of how its games agree
            continue
        between += sum((s - p * m) ** 2 / m for m, s, _q in cells)
        within += sum(q - s * s / m for m, s, q in cells)
        between_df += len(cells) - 1
        within_df += n - len(cells)
        sizes += n - sum(m * m for m, _s, _q in cells) / n
    if between_df <= 0 or within_df <= 0:
        return None
    return between / between_df, within / within_df, between_df, sizes / between_df


Weights = Sequence[Sequence[float]]  # per deal, each game's weight in a rate's sum (:func:`effective_n`)


def effective_n(n: int, cells: Sequence[Cell], rho: float | None, weights: Weights | None = None) -> float:
    """The effective number of games behind a rate of ``n`` games counted in deals (``cells``): ``n / deff``,
    Kish's design effect ``deff = 1 + (m̃ − 1)·ρ`` for the table's intraclass correlation ``ρ`` (:func:`intraclass`,
    taken between 0 and 1; None, nothing to estimate it from: 1) and ``m̃ = Σ mₖ² / n`` the rate's games per deal.
    ``n`` itself (an int) when the games of its deals agree no more than chance (``ρ ≤ 0``) or every deal counted
    one game; the number of deals when they always agree (``ρ = 1``, deals of the same size).

    ``weights``: per deal, how many of the rate's ``n`` sides each of its games counts whose score varies with the
    game (:meth:`_Tally.weights`): two teammates holding a card are one outcome counted twice (2), the two sides of
    a two-sided game both holding it score 1 between them whatever happens (0). The variance of the rate's total
    score is then ``σ²·Σₖ [(1 − ρ)·Σ w² + ρ·(Σ w)²]`` (a deal's games correlated by ``ρ``), and ``deff`` that over
    ``σ²·n``: Kish's when every weight is 1. An ``n_eff`` above ``n`` (games whose sides' scores are fixed) is
    ``n``: the plain interval, never a narrower one."""
    if n <= 0:
        return n
    rho = 1.0 if rho is None else min(1.0, rho)
    if weights is not None:
        rho = max(0.0, rho)
        spread = sum((1 - rho) * sum(w * w for w in deal) + rho * sum(deal) ** 2 for deal in weights)
        if spread <= 0:
            return n
        eff = round(n * n / spread, DIGITS)
        return n if eff >= n else int(eff) if eff == int(eff) else eff
    per_deal = sum(m * m for m, _s, _q in cells) / n
    if per_deal <= 1 or rho <= 0:
        return n
    eff = round(n / (1 + (per_deal - 1) * rho), DIGITS)
    return n if eff >= n else int(eff) if eff == int(eff) else eff


def clustered(score: float, n: int, cells: Sequence[Cell], rho: float | None,
              weights: Weights | None = None) -> dict[str, Any]:  # fmt: skip
    """A :func:`rate` counted in deals: its ``deals`` and ``n_eff`` (:func:`effective_n`), its interval the Wilson
    interval on ``n_eff`` games (the same as :func:`rate`'s when ``n_eff`` is ``n``)."""
    eff = effective_n(n, cells, rho, weights)
    row = rate(score, n)
    if eff != n:
        low, high = wilson(score * eff / n, eff)
        row.update(low=round(low, DIGITS), high=round(high, DIGITS))
    row.update(deals=len(cells), n_eff=eff)
    return row


def effective(item: dict[str, Any]) -> tuple[float, float]:
    """A rate's (score, n) as its interval counts them: scaled to its ``n_eff`` when it has one below ``n`` (a
    tactics rate counted in deals), else as they are (a rate of independent games, or of an older run)."""
    n, score, eff = item["n"], item["score"], item.get("n_eff")
    if isinstance(eff, int | float) and not isinstance(eff, bool) and 0 < eff < n:
        return score * eff / n, eff
    return score, n


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
    score, n = effective(item)
    low, high = wilson(score, n, z)
    item["flag_low"], item["flag_high"] = round(low, DIGITS), round(high, DIGITS)
    if low > centre + margin:
        item["flag"] = "strong"
    elif high < centre - margin:
        item["flag"] = "weak"
    else:
        item["flag"] = None
        item["needed"] = games_to_decide(score, n, games, margin, z, centre)


def games_to_decide(score: float, n: float, games: int, margin: float, z: float = Z95, centre: float = 0.5) -> int | None:
    """How many games of this run's kind the flag's interval (the Wilson interval at ``z``, as :func:`verdict`
    draws it) would need to decide a rate of ``score / n`` seen over ``games`` games, if the rate ``p = score / n``
    stayed where it is; None when ``p`` lies within ``centre ± margin`` (no number of games flags it) or no side
    was counted.

    The bound to pass is ``x = centre + margin`` (``p`` above it) or ``centre − margin`` (below it). The Wilson
    interval's bounds at ``m`` sides are the roots of ``m·(p − x)² = z²·x·(1 − x)`` in ``x``, and they close in on
    ``p`` as ``m`` grows, so the interval lies wholly beyond ``x`` exactly when ``m·(p − x)² > z²·x·(1 − x)``: the
    first such ``m`` is ``⌊z²·x·(1 − x) / (p − x)²⌋ + 1`` sides. A run's sides grow with its games (``n`` sides in
    ``games`` games), so ``needed = ⌈m · games / n⌉``. The rate was not decided at ``n`` sides, so ``m > n`` and
    ``needed`` is more than ``games``: a rate of 0/2 in a 60-game run needs more than 60 games, never "60". A rate
    counted in deals passes its effective count (:func:`effective`): ``n`` need not be whole."""
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

    m = max(math.floor(n) + 1, math.floor(z * z * x * (1 - x) / ((p - x) ** 2)) + 1)
    for _ in range(4):  # the closed form and the interval may part at the last bit of a float: a step or two
        if decides(m):
            break
        m += 1
    if isinstance(n, int):
        return -(-m * games // n)
    return max(games + 1, math.ceil(m * games / n - 1e-9))


def _share(result: dict[str, Any]) -> float:
    """A seat's fair share of the game: 1 / the number of sides (½ with two players, or two teams of two)."""
    return float(result.get("share", 0.5))


def _score(result: dict[str, Any], seat: int) -> float:
    winners = result["winners"]
    if not winners:
        return _share(result)
    return 1.0 if seat in winners else 0.0


def _team(result: dict[str, Any], seat: int) -> int:
    """The team (side) of ``seat`` in the game ``result``: with fewer sides than seats (4-player 双雄: its share is
    ½) seats 1 and 3 play against 2 and 4 (ruling T22, the engine's ``team_of``); otherwise every seat alone."""
    teams = round(1 / _share(result)) if _share(result) > 0 else len(result["sides"])
    return (seat - 1) % teams if 0 < teams < len(result["sides"]) else seat


class _Tally:
    """A table's rates, each key's games kept by deal, game and team.

    A key held by several sides of one game (a card in both decks, or in two teammates' decks) is one game of its
    deal, not two: the intraclass correlation reads how alike the *games* of a deal go. Its ρ cells
    (:meth:`rho_cells`) hold one score per game: the team's when the key is on one team only (teammates win or lose
    together), and nothing when it is on more than one: whichever side wins, a side holding it does, so the game
    says nothing of how a side holding it fares, and the two sides' scores are tied by the rules (a win and a loss
    in the same game), not by the deal; read as two games of the deal they made every deal look split and dragged ρ
    down (a card in both given decks: ρ = −1/3 for every table). The rate itself still counts every side holding
    the key (its ``n``), and its effective count weighs each game by how many of those sides' scores vary with it
    (:meth:`weights`, :func:`effective_n`)."""

    def __init__(self) -> None:
        self.n: Counter[Any] = Counter()
        self.score: defaultdict[Any, float] = defaultdict(float)
        self.fair: defaultdict[Any, float] = defaultdict(float)  # the sum of the fair shares of the games counted
        self.deals: defaultdict[Any, dict[Any, list[float]]] = defaultdict(dict)  # key -> deal -> [games, Σy, Σy²]
        # key -> deal -> game -> team -> [sides, Σy]: the teams of each game a key was on
        self.games: defaultdict[Any, dict[Any, dict[Any, dict[Any, list[float]]]]] = defaultdict(dict)
        self.sides_of: dict[Any, int] = {}  # game -> how many teams (sides) it had
        self._rho: tuple[float | None] | None = None
        self._added = 0
        self.fallback: float | None = None  # ρ when the table has nothing to estimate it from (None: 1)

    def add(self, key: Any, score: float, fair: float = 0.5, deal: Any = None, game: Any = None, team: Any = None,
            teams: int = 2) -> None:  # fmt: skip
        """Count ``score`` for ``key`` in ``deal``: in ``game`` (None: a game of its own), on ``team`` of the game's
        ``teams``."""
        self.n[key] += 1
        self.score[key] += score
        self.fair[key] += fair
        cell = self.deals[key].setdefault(deal, [0, 0.0, 0.0])
        cell[0] += 1
        cell[1] += score
        cell[2] += score * score
        self._added += 1
        game = ("alone", self._added) if game is None else game
        self.sides_of[game] = teams
        held = self.games[key].setdefault(deal, {}).setdefault(game, {}).setdefault(team, [0, 0.0])
        held[0] += 1
        held[1] += score
        self._rho = None

    def cells(self, key: Any) -> list[Cell]:
        return [(int(m), s, q) for m, s, q in self.deals[key].values()]

    def rho_cells(self, key: Any) -> list[Cell]:
        """The key's cells for the intraclass correlation: per deal, one score per game it was on one team of
        (that team's), the games it was on several teams of left out (see the class)."""
        out = []
        for games in self.deals_of(key):
            scores = [held[1] / held[0] for game in games.values() if len(game) == 1 for held in game.values()]
            if scores:
                out.append((len(scores), sum(scores), sum(y * y for y in scores)))
        return out

    def deals_of(self, key: Any) -> list[dict[Any, dict[Any, list[float]]]]:
        return list(self.games[key].values())

    def weights(self, key: Any) -> list[list[float]] | None:
        """Per deal, each game's weight in the key's total score (:func:`effective_n`): the sides holding it when they
        are one team (1; 2 for two teammates, one outcome counted twice); on the two teams of a two-sided game, the
        difference of their counts (a card in both decks of a duel scores 1 between them whatever happens: 0); on
        several teams of a game of more sides (混战), their count, an upper bound (at most one of them wins). None
        when every weight is 1 (each game of the key one side's: Kish's count of its games)."""
        out: list[list[float]] = []
        for games in self.deals_of(key):
            deal = []
            for game, held in games.items():
                counts = [int(sides) for sides, _score in held.values()]
                if len(counts) == 2 and self.sides_of[game] == 2:
                    deal.append(float(abs(counts[0] - counts[1])))
                else:
                    deal.append(float(sum(counts)))
            out.append(deal)
        return None if all(w == 1 for deal in out for w in deal) else out

    def all_cells(self) -> list[list[Cell]]:
        return [self.rho_cells(key) for key in sorted(self.n, key=repr)]

    def rho(self) -> float | None:
        """The table's intraclass correlation (:func:`intraclass`, over every key, those a table leaves out too), or
        its ``fallback`` when the table has nothing to estimate it from."""
        if self._rho is None:
            self._rho = (intraclass(self.all_cells()),)
        return self._rho[0] if self._rho[0] is not None else self.fallback

    def rate(self, key: Any) -> dict[str, Any]:
        """The key's rate, counted in deals (:func:`clustered`)."""
        return clustered(self.score[key], self.n[key], self.cells(key), self.rho(), self.weights(key))

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
            row.update(_centred(self.rate(key), self.centre(key)))
            out.append(row)
        if margin is not None:
            z = simultaneous_z(len(out))
            for row in out:
                verdict(row, margin, games, z, row.get("centre", 0.5))
        return out


def deal_of(result: dict[str, Any], place: int) -> Any:
    """The deal a game belongs to: game ``N·k + r`` of ``N`` seats is deal ``k`` (:mod:`toolkit.balance.games`); a
    result without its index (``place``: where it is in the list) is a deal of its own."""
    index = result.get("index")
    seats = len(result.get("sides") or ()) or 1
    if isinstance(index, int) and not isinstance(index, bool):
        return index // seats
    return ("game", place)


def figures(results: Sequence[dict[str, Any]], margin: float = 0.02, least_pairs: int = 20) -> dict[str, Any]:
    """The figures of the results (see the module docstring); ``least_pairs``: agent pairs seen fewer times are
    left out of the pair tables. With given decks (a side's ``deck`` key), ``decks``: each deck's rate."""
    played = [r for r in results if r.get("reason") != "error"]
    games = len(played)
    agents, in_deck, used, seats = _Tally(), _Tally(), _Tally(), _Tally()
    together, against, decks, endings = _Tally(), _Tally(), _Tally(), _Tally()
    modes, decided, maps = _Tally(), _Tally(), _Tally()  # the first seat's rate per mode and per map; decided games
    ends: Counter[str] = Counter()
    ends_by_mode: Counter[tuple[str, str]] = Counter()
    lengths: list[int] = []
    length_by_mode: dict[str, list[int]] = defaultdict(list)
    reasons = sorted({result["reason"] for result in played})
    for place, result in enumerate(played):
        deal = deal_of(result, place)
        ends[result["reason"]] += 1
        for reason in reasons:  # every game counts for every ending: 1 where it ended so, else 0
            endings.add(reason, 1.0 if result["reason"] == reason else 0.0, deal=deal, game=place)
        ends_by_mode[result["mode"], result["reason"]] += 1
        lengths.append(result["rounds"])
        length_by_mode[result["mode"]].append(result["rounds"])
        sides = result["sides"]
        fair = _share(result)
        first = _score(result, 1)
        teams = len({_team(result, side["seat"]) for side in sides})
        for side in sides:
            seats.add(side["seat"], _score(result, side["seat"]), fair, deal, place)
        modes.add(result["mode"], first, fair, deal, place)
        decided.add(result["mode"], 1.0 if result["winners"] else 0.0, deal=deal, game=place)
        maps.add(result["map"], first, fair, deal, place)
        for side in sides:
            score = _score(result, side["seat"])
            held = {"deal": deal, "game": place, "team": _team(result, side["seat"]), "teams": teams}
            squad = sorted(set(side["agents"]))
            for agent in squad:
                agents.add(agent, score, fair, **held)
            for card in side["cards"]:
                in_deck.add(card, score, fair, **held)
            for card in side.get("played", ()):
                used.add(card, score, fair, **held)
            for pair in combinations(squad, 2):
                together.add(pair, score, fair, **held)
            if side.get("deck"):  # a given deck (its file's name); "": a random one
                decks.add(side["deck"], score, fair, **held)
        if len(sides) == 2:
            mine, theirs = sides[0], sides[1]
            score = _score(result, mine["seat"])
            for a in set(mine["agents"]):
                for b in set(theirs["agents"]):
                    if a < b:
                        against.add((a, b), score, deal=deal, game=place, team=mine["seat"])
                    elif b < a:
                        against.add((b, a), 1.0 - score, deal=deal, game=place, team=theirs["seat"])
    # a table of a side's rates with nothing to estimate ρ from (every rate 0% or 100%: two given decks, one always
    # winning) borrows the ρ of all the sides' tables at once, the upper end of its interval (:func:`borrowed`: a ρ
    # from a few deals is not sure enough to count the table's games as independent); then, nothing at all to tell,
    # 1 (each deal one game)
    sided = (decks, agents, in_deck, used, together, against)
    pooled = borrowed([cells for tally in sided for cells in tally.all_cells()])
    for tally in sided:
        tally.fallback = pooled
    by_mode = []
    for mode in sorted(modes.n):
        row: dict[str, Any] = {"mode": mode, "games": modes.n[mode]}
        row["first_seat"] = _centred(modes.rate(mode), modes.centre(mode))
        verdict(row["first_seat"], margin, games, simultaneous_z(len(modes.n)), modes.centre(mode))
        row["decided"] = decided.rate(mode)
        row["rounds"] = _length(length_by_mode[mode])
        row["endings"] = {reason: n for (m, reason), n in sorted(ends_by_mode.items()) if m == mode}
        by_mode.append(row)
    by_map = []
    for board in sorted(maps.n):
        row = {"map": board, "games": maps.n[board]}
        centre = maps.centre(board)
        row["first_seat"] = _centred(maps.rate(board), centre)
        verdict(row["first_seat"], margin, games, simultaneous_z(len(maps.n)), centre)
        by_map.append(row)
    ended = [{"reason": reason, **endings.rate(reason)} for reason in sorted(ends)]
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
        "endings": ended,
        # the pairs seen fewer than ``least`` times, left out of the pair tables (too few games to tell anything)
        "pairs_left_out": {"least": least_pairs, "pairs_together": together.fewer(least_pairs),
                           "pairs_against": against.fewer(least_pairs)},  # fmt: skip
    }
    if decks.n:  # given decks (``--decks``): each deck's rate, as the Netrunner figures have
        out["decks"] = decks.rows("deck", margin, games)
    # each table's intraclass correlation of the games of a deal (None: nothing to estimate it from), which sets its
    # rates' design effects
    tallies = {"seats": seats, "decks": decks, "agents": agents, "cards_in_deck": in_deck, "cards_played": used,
               "pairs_together": together, "pairs_against": against, "modes": modes, "maps": maps}  # fmt: skip
    out["intraclass"] = {table: _rounded(tally.rho()) for table, tally in tallies.items() if tally.n}
    out["outliers"] = outliers(out)
    return out


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, DIGITS)


def _centred(row: dict[str, Any], centre: float) -> dict[str, Any]:
    if centre != 0.5:
        row["centre"] = centre
    return row


TABLES = ("seats", "decks", "agents", "cards_in_deck", "cards_played", "pairs_together", "pairs_against")


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
        "median": _median(values),
        "p90": values[min(len(values) - 1, math.ceil(0.9 * len(values)) - 1)],
        "max": values[-1],
        "histogram": [h for h in histogram if h["games"]],
    }


def _median(values: Sequence[int]) -> float:
    """The median of sorted ``values``: the middle one, or the mean of the two middle ones of an even count (a whole
    number as an int: 24, not 24.0)."""
    middle = len(values) // 2
    if len(values) % 2:
        return values[middle]
    total = values[middle - 1] + values[middle]
    return total // 2 if total % 2 == 0 else total / 2


def timing(results: Sequence[dict[str, Any]], wall: float) -> dict[str, Any]:
    """The times of the run (not part of the figures: they differ from run to run): ``game_seconds``, the time the
    games took summed (a crossfire job's result: its tables'), only when the results measured it (no 0.0 for a
    result that did not)."""
    out: dict[str, Any] = {"wall_seconds": round(wall, 3)}
    if any("seconds" in r for r in results):
        out["game_seconds"] = round(sum(float(r.get("seconds", 0.0)) for r in results), 3)
    out["games_per_second"] = round(len(results) / wall, 2) if wall > 0 else None
    return out
