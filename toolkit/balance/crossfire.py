"""Crossfire / 谍战特工 in the balance lab: random tables (random seats, aims and marks) in batches on Ray.

A run of ``tables`` tables for each player count is cut into jobs of :data:`JOB` tables; job ``k`` of a player
count draws its tables from the seed derived from (run seed, mode, players, k), so the figures do not depend
on the number of workers. A job's result counts, per role and per seat, how often it was dealt and how often
it won (:func:`play_jobs`, what a Ray task runs).

Roles are unequal by design (a team of one against a team of three), so a role's rate is not held against
50%: the baseline is the average seat's rate, the share of seats that win. In a player count's table it is that
count's average seat; in the run's table of roles, each role's own ``centre``: the average seat of the tables the
role was dealt in (each player count's baseline weighted by the role's deals there), so a role dealt only at some
player counts is not held against the others' seats. An outlier wins more (or less) than an average seat by more
than the margin, by its interval (Bonferroni-widened over the table of roles, as for tactics).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .figures import rate, simultaneous_z, verdict
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
    """Play each job's tables; per job: tables, and per role and per seat [dealt, won]."""
    import random

    from toolkit.engine.crossfire import Crossfire

    game = Crossfire.from_records(records)
    out = []
    for job in jobs:
        rng = random.Random(job.seed)
        roles: dict[str, list[int]] = {}
        seats: dict[int, list[int]] = {}
        for _ in range(job.tables):
            table = game.table(game.random_table(rng, job.mode, job.players, job.specials))
            winners = set(game.resolve(table).winners)
            for seat, role in zip(table.seats, table.roles, strict=True):
                won = int(seat in winners)
                cell = roles.setdefault(role.id, [0, 0])
                cell[0] += 1
                cell[1] += won
                spot = seats.setdefault(seat, [0, 0])
                spot[0] += 1
                spot[1] += won
        out.append({"index": job.index, "mode": job.mode, "players": job.players, "tables": job.tables,
                    "roles": roles, "seats": {str(k): v for k, v in sorted(seats.items())}})  # fmt: skip
    return out


def tables_of(results: list[dict[str, Any]]) -> int:
    return sum(int(r["tables"]) for r in results)


def crossfire_figures(results: Sequence[dict[str, Any]], margin: float = 0.02) -> dict[str, Any]:
    """Roles (overall and per player count) and seats with their rates, intervals and outliers."""
    roles: Counter[str] = Counter()
    roles_won: Counter[str] = Counter()
    by_players: dict[int, tuple[Counter[str], Counter[str]]] = {}
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
        for seat, (n, w) in result["seats"].items():
            seats[count, int(seat)] += n
            seats_won[count, int(seat)] += w
    total, wins = sum(roles.values()), sum(roles_won.values())
    baseline = wins / total if total else 0.5
    flagged: list[dict[str, Any]] = []
    games = sum(tables.values())

    def rows(dealt: Counter[Any], won: Counter[Any], centre: float | dict[Any, float], key: str) -> list[dict[str, Any]]:
        """A table's rows, each held against ``centre`` (one for the table, or each item's own, kept in its row)."""
        out = []
        z = simultaneous_z(len(dealt))
        for item in sorted(dealt):
            row = {key: list(item) if isinstance(item, tuple) else item, **rate(won[item], dealt[item])}
            if isinstance(centre, dict):
                row["centre"] = round(centre[item], 6)
            verdict(row, margin, games, z, centre[item] if isinstance(centre, dict) else centre)
            out.append(row)
        return out

    # each player count's average seat; a role, over the run, against those of the tables it was dealt in
    centres = {count: _share(by_players[count][1], by_players[count][0]) for count in sorted(by_players)}
    own = {role: sum(by_players[count][0][role] * centres[count] for count in centres) / roles[role] if roles[role]
           else baseline for role in roles}  # fmt: skip
    role_rows = rows(roles, roles_won, own, "role")
    flagged += [{"table": "roles", **row} for row in role_rows if row["flag"]]
    per_players = []
    for count in sorted(by_players):
        dealt, won = by_players[count]
        centre = centres[count]
        table_rows = rows(dealt, won, centre, "role")
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
