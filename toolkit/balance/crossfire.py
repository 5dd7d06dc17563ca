"""Crossfire / 谍战特工 in the balance lab: random tables (random seats, aims and marks) in batches on Ray.

A run of ``tables`` tables for each player count is cut into jobs of :data:`JOB` tables; job ``k`` of a player
count draws its tables from the seed derived from (run seed, mode, players, k), so the figures do not depend
on the number of workers. A job's result counts, per role and per seat, how often it was dealt and how often
it won (:func:`play_jobs`, what a Ray task runs), and per role how many tables dealt it how often and how often
it won there.

Roles are unequal by design (a team of one against a team of three), so a role's rate is not held against
50%: the baseline is the average seat's rate, the share of seats that win. In a player count's table it is that
count's average seat; in the run's table of roles, each role's own ``centre``: the average seat of the tables the
role was dealt in (each player count's baseline weighted by the role's deals there), so a role dealt only at some
player counts is not held against the others' seats. An outlier wins more (or less) than an average seat by more
than the margin, by its interval (Bonferroni-widened over the table of roles, as for tactics).

A role dealt twice at one table (two assassins; two agents with 7 or 8 players) mostly wins or loses there as one:
its seats are not independent. So a role's rate counts its tables as clusters, as a tactics rate counts its deals
(:func:`toolkit.balance.figures.clustered`): its interval is the Wilson interval on its seats divided by the design
effect ``1 + (seats per table − 1)·ρ``, ``ρ`` the intraclass correlation of the seats of a table over the roles of
its table of figures (:func:`toolkit.balance.figures.intraclass`). A role dealt once at each table keeps the plain
Wilson interval of its seats. A role's row adds ``n_eff``, its effective number of seats (``n`` still counts seats).
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import repeat
from typing import Any

from .figures import Cell, clustered, intraclass, rate, simultaneous_z, verdict
from .games import derive

JOB = 20_000  # tables per job: about a second of play (a table takes some 0.05 ms)


@dataclass(frozen=True)
class TableJob:
    index: int
    mode: str
    players: int
    tables: int
    seed: int
    specials: tuple[str, ...] = ()


def plan_tables(tables: int, players: Sequence[int], mode: str, seed: int, specials: Sequence[str] = ()) -> list[TableJob]:
    jobs: list[TableJob] = []
    for count in players:
        for k, start in enumerate(range(0, tables, JOB)):
            jobs.append(TableJob(len(jobs), mode, count, min(JOB, tables - start), derive(seed, mode, count, k),
                                 tuple(specials)))  # fmt: skip
    return jobs


def play_jobs(records: Sequence[Any], jobs: Sequence[TableJob]) -> list[dict[str, Any]]:
    """Play each job's tables; per job: tables, per role and per seat [dealt, won], per role ``role_tables``:
    [dealt, won, tables], how many tables dealt it ``dealt`` times of which ``won`` won (its seats' clusters), and
    ``seconds``, the time its tables took (a report's ``game_seconds``, as a tactics or Netrunner game's)."""
    import random
    import time

    from toolkit.engine.crossfire import Crossfire

    game = Crossfire.from_records(records)
    out = []
    for job in jobs:
        started = time.perf_counter()
        rng = random.Random(job.seed)
        roles: dict[str, list[int]] = {}
        seats: dict[int, list[int]] = {}
        clusters: dict[str, Counter[tuple[int, int]]] = {}
        for _ in range(job.tables):
            table = game.table(game.random_table(rng, job.mode, job.players, job.specials))
            winners = set(game.resolve(table).winners)
            here: dict[str, list[int]] = {}  # this table's roles: [dealt, won]
            for seat, role in zip(table.seats, table.roles, strict=True):
                won = int(seat in winners)
                mine = here.setdefault(role.id, [0, 0])
                mine[0] += 1
                mine[1] += won
                cell = roles.setdefault(role.id, [0, 0])
                cell[0] += 1
                cell[1] += won
                spot = seats.setdefault(seat, [0, 0])
                spot[0] += 1
                spot[1] += won
            for role_id, (dealt, won) in here.items():
                clusters.setdefault(role_id, Counter())[dealt, won] += 1
        role_tables = {role_id: [[d, w, k] for (d, w), k in sorted(cells.items())]
                       for role_id, cells in sorted(clusters.items())}  # fmt: skip
        out.append({"index": job.index, "mode": job.mode, "players": job.players, "tables": job.tables,
                    "roles": roles, "seats": {str(k): v for k, v in sorted(seats.items())},
                    "role_tables": role_tables, "seconds": time.perf_counter() - started})  # fmt: skip
    return out


def tables_of(results: list[dict[str, Any]]) -> int:
    return sum(int(r["tables"]) for r in results)


def crossfire_figures(results: Sequence[dict[str, Any]], margin: float = 0.02) -> dict[str, Any]:
    """Roles (overall and per player count) and seats with their rates, intervals and outliers."""
    roles: Counter[str] = Counter()
    roles_won: Counter[str] = Counter()
    by_players: dict[int, tuple[Counter[str], Counter[str]]] = {}
    # per role, how many tables dealt it (dealt, won): over the run, and per player count
    clusters: dict[str, Counter[tuple[int, int]]] = {}
    clusters_by: dict[int, dict[str, Counter[tuple[int, int]]]] = {}
    seats: Counter[tuple[int, int]] = Counter()
    seats_won: Counter[tuple[int, int]] = Counter()
    tables: Counter[int] = Counter()
    for result in results:
        count = int(result["players"])
        tables[count] += int(result["tables"])
        dealt, won = by_players.setdefault(count, (Counter(), Counter()))
        for role, (n, w) in result["roles"].items():
            roles[role] += n
            roles_won[role] += w
            dealt[role] += n
            won[role] += w
        given = result.get("role_tables")
        for role, (n, w) in result["roles"].items():
            # (a result without them: each seat its own table, as the figures counted before)
            pairs = given[role] if given is not None else [[1, 1, w], [1, 0, n - w]]
            for d, v, k in pairs:
                if k:
                    clusters.setdefault(role, Counter())[int(d), int(v)] += int(k)
                    clusters_by.setdefault(count, {}).setdefault(role, Counter())[int(d), int(v)] += int(k)
        for seat, (n, w) in result["seats"].items():
            seats[count, int(seat)] += n
            seats_won[count, int(seat)] += w
    total, wins = sum(roles.values()), sum(roles_won.values())
    baseline = wins / total if total else 0.5
    flagged: list[dict[str, Any]] = []
    games = sum(tables.values())

    def rows(dealt: Counter[Any], won: Counter[Any], centre: float | dict[Any, float], key: str,
             tables: dict[str, Counter[tuple[int, int]]] | None = None) -> list[dict[str, Any]]:  # fmt: skip
        """A table's rows, each held against ``centre`` (one for the table, or each item's own, kept in its row);
        ``tables``: each role's tables by (dealt, won), its rate counted in them (:func:`_clustered`)."""
        out = []
        z = simultaneous_z(len(dealt))
        cells = {item: _Cells(tables.get(item, Counter())) for item in dealt} if tables is not None else {}
        rho = intraclass(cells[item] for item in sorted(cells))
        for item in sorted(dealt):
            counted = (_clustered(won[item], dealt[item], cells[item], rho) if tables is not None
                       else rate(won[item], dealt[item]))  # fmt: skip
            row = {key: list(item) if isinstance(item, tuple) else item, **counted}
            if isinstance(centre, dict):
                row["centre"] = round(centre[item], 6)
            verdict(row, margin, games, z, centre[item] if isinstance(centre, dict) else centre)
            out.append(row)
        return out

    # each player count's average seat; a role, over the run, against those of the tables it was dealt in
    centres = {count: _share(by_players[count][1], by_players[count][0]) for count in sorted(by_players)}
    own = {role: sum(by_players[count][0][role] * centres[count] for count in centres) / roles[role] if roles[role]
           else baseline for role in roles}  # fmt: skip
    role_rows = rows(roles, roles_won, own, "role", clusters)
    flagged += [{"table": "roles", **row} for row in role_rows if row["flag"]]
    per_players = []
    for count in sorted(by_players):
        dealt, won = by_players[count]
        centre = centres[count]
        table_rows = rows(dealt, won, centre, "role", clusters_by.get(count, {}))
        flagged += [{"table": "players", "players": count, **row} for row in table_rows if row["flag"]]
        seat_rows = rows(Counter({s: n for (c, s), n in seats.items() if c == count}),
                         Counter({s: n for (c, s), n in seats_won.items() if c == count}), centre, "seat")  # fmt: skip
        flagged += [{"table": "seats", "players": count, **row} for row in seat_rows if row["flag"]]
        per_players.append({"players": count, "tables": tables[count], "baseline": round(centre, 6),
                            "roles": table_rows, "seats": seat_rows})  # fmt: skip
    return {
        "games": games,
        "margin": margin,
        "baseline": round(baseline, 6),
        "roles": role_rows,
        "players": per_players,
        "outliers": flagged,
    }


class _Cells(Sequence[Cell]):
    """A role's cells (:data:`toolkit.balance.figures.Cell`), one per table it was dealt in, from the counts of its
    tables by (dealt, won): each table ``(dealt, won, won)`` (a seat scores 1 or 0), read without a list of them."""

    def __init__(self, tables: Counter[tuple[int, int]]) -> None:
        self._kinds = [((d, float(w), float(w)), k) for (d, w), k in sorted(tables.items()) if k > 0]
        self._ends: list[int] = []
        total = 0
        for _cell, k in self._kinds:
            total += k
            self._ends.append(total)

    def __len__(self) -> int:
        return self._ends[-1] if self._ends else 0

    def __iter__(self) -> Iterator[Cell]:
        for cell, k in self._kinds:
            yield from repeat(cell, k)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return list(self)[index]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        return self._kinds[bisect_right(self._ends, index)][0]


def _clustered(won: int, dealt: int, cells: _Cells, rho: float | None) -> dict[str, Any]:
    """A role's rate counted in its tables (:func:`toolkit.balance.figures.clustered`): its ``n_eff`` kept, its
    ``deals`` (its tables) not, for a report's deals column is a tactics run's."""
    row = clustered(won, dealt, cells, rho)
    row.pop("deals", None)
    return row


def _share(won: Counter[str], dealt: Counter[str]) -> float:
    """The share of the seats dealt that won (an average seat's rate; 50% of none)."""
    total = sum(dealt.values())
    return sum(won.values()) / total if total else 0.5


def unreached(meta: dict[str, Any], figures: dict[str, Any]) -> list[int]:
    """The player counts of an interrupted run (``meta["players"]``) of which no table finished."""
    reached = {int(block["players"]) for block in figures.get("players", [])}
    return [int(count) for count in meta.get("players", []) if int(count) not in reached]


def tables_asked(meta: dict[str, Any]) -> int | None:
    """The tables a run was asked to play (``--tables`` per player count), None when the run does not say."""
    try:
        return int(meta["tables"]) * len(meta["players"])
    except (KeyError, TypeError, ValueError):
        return None
