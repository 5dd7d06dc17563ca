"""Netrunner in the balance lab: every corp deck against every runner deck, seeded games in batches on Ray.

Game ``i`` of a run pairs corp deck ``(i // R) % C`` with runner deck ``i % R`` (``C`` corp and ``R`` runner decks,
sorted by name), so every pairing is played as often as every other, give or take one game; its dice, shuffles
and choices come from the seed derived from (run seed, "netrunner", ``i``) (:func:`plan_matches`). The sides are
not seats to swap: the corp always goes first (§ the game's turn order), so the first-player question of tactics
is here the question of the sides: does the corp or the runner win more.

:func:`play_matches` plays a batch of specs in this process and returns one plain result per game (ids only): the
decks, their identities, the winning side (None: the turn limit came first, a draw), how the game ended
(:func:`ending_of`), its turns, and the cards each side played or installed. It is what a Ray task runs.

:func:`netrunner_figures` turns the results into rates with 95% Wilson intervals. A side's *score* is 1 for a win,
½ for a draw, 0 for a loss. The sides are held against 50%; an identity, a deck or a card against its side's rate
over the run (a corp identity is not strong because corps win this run: it is strong when it wins more than the
other corps do), with the interval widened for every row of its table at once (Bonferroni), as for tactics.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .figures import _length, rate, simultaneous_z, verdict
from .games import derive

SIDES = ("corp", "runner")
TURNS = 100  # turns per game at most (both sides' turns; a game still going then is a draw)
TABLES = ("sides", "identities", "pairings", "decks", "cards_in_deck", "cards_played")


@dataclass(frozen=True)
class MatchSpec:
    """One game: the corp's and the runner's deck (their keys, and the decks themselves, in that order)."""

    index: int
    corp: str
    runner: str
    seed: int
    decider: str
    turns: int
    fmt: str
    decks: tuple[Any, Any]


def plan_matches(games: int, corps: dict[str, Any], runners: dict[str, Any], seed: int, decider: str = "heuristic",
                 turns: int = TURNS, fmt: str = "standard") -> list[MatchSpec]:  # fmt: skip
    """``games`` specs, the pairings of ``corps`` × ``runners`` (key → deck) in turn (see the module docstring)."""
    corp_keys, runner_keys = sorted(corps), sorted(runners)
    specs = []
    for i in range(games):
        corp = corp_keys[(i // len(runner_keys)) % len(corp_keys)]
        runner = runner_keys[i % len(runner_keys)]
        specs.append(MatchSpec(i, corp, runner, derive(seed, "netrunner", i), decider, turns, fmt,
                               (corps[corp], runners[runner])))  # fmt: skip
    return specs


def ending_of(reason: Any) -> str:
    """The code of how a game ended, from the engine's reason (a phrase whose message names it): ``agenda_points``,
    ``flatline``, ``empty_rd`` (the corp had to draw from an empty R&D), ``turn_limit`` (no winner)."""
    if reason is None:
        return "turn_limit"
    message = getattr(reason, "message", str(reason))
    if "agenda points" in message:
        return "agenda_points"
    if message.startswith("flatline"):
        return "flatline"
    if "empty R&D" in message:
        return "empty_rd"
    return "other"


def play_matches(records: Sequence[Any], specs: Sequence[MatchSpec]) -> list[dict[str, Any]]:
    """Play each spec in this process; one result per game (see the module docstring)."""
    from toolkit.engine.netrunner import NetrunnerGame
    from toolkit.engine.netrunner.players import make_policy

    by_id = {r.id: r for r in records if getattr(r, "game", None) == "netrunner" and r.kind == "card"}
    out = []
    for spec in specs:
        started = time.perf_counter()
        decks = dict(zip(SIDES, spec.decks, strict=True))
        policies = {side: make_policy(spec.decider, side, spec.seed) for side in SIDES}
        game = NetrunnerGame(records, seed=spec.seed, decks=decks, fmt=spec.fmt, policies=policies)
        game.play_game(max_turns=spec.turns)
        # the log names a card "name#uid": each side's deck tells which card a name is (a name two of its cards
        # share is left uncounted rather than guessed)
        named: dict[str, dict[str, str | None]] = {}
        for side, deck in decks.items():
            names: dict[str, str | None] = {}
            for card_id in deck.cards:
                record = by_id.get(card_id)
                if record is not None:
                    name = record.name.zh_hans
                    names[name] = None if name in names and names[name] != card_id else card_id
            named[side] = names
        played: dict[str, set[str]] = {side: set() for side in SIDES}
        for event in game.log:
            if event.kind in ("play", "install") and event.player is not None:
                side = SIDES[event.player - 1]
                card = named[side].get(str(event.data.get("card", "")).rsplit("#", 1)[0])
                if card is not None:
                    played[side].add(card)
        out.append({
            "index": spec.index,
            "corp": spec.corp,
            "runner": spec.runner,
            "identities": {side: deck.identity for side, deck in decks.items()},
            "cards": {side: sorted(deck.cards) for side, deck in decks.items()},
            "played": {side: sorted(played[side]) for side in SIDES},
            "winner": game.winner,
            "ending": ending_of(game.end_reason),
            "turns": game.turns,
            "seconds": time.perf_counter() - started,
        })  # fmt: skip
    return out


def _score(result: dict[str, Any], side: str) -> float:
    winner = result["winner"]
    return 0.5 if winner is None else 1.0 if winner == side else 0.0


def netrunner_figures(results: Sequence[dict[str, Any]], margin: float = 0.02) -> dict[str, Any]:
    """The figures of a Netrunner run (see the module docstring)."""
    games = len(results)
    tallies: dict[str, dict[tuple[str, ...], list[float]]] = {table: defaultdict(lambda: [0, 0.0]) for table in TABLES}
    endings: Counter[tuple[str, str]] = Counter()
    lengths: list[int] = []

    def add(table: str, key: tuple[str, ...], score: float) -> None:
        cell = tallies[table][key]
        cell[0] += 1
        cell[1] += score

    for result in results:
        endings[result["winner"] or "draw", result["ending"]] += 1
        lengths.append(int(result["turns"]))
        add("pairings", (result["identities"]["corp"], result["identities"]["runner"]), _score(result, "corp"))
        for side in SIDES:
            score = _score(result, side)
            add("sides", (side,), score)
            add("identities", (side, result["identities"][side]), score)
            add("decks", (side, result[side]), score)
            for card in result["cards"][side]:
                add("cards_in_deck", (side, card), score)
            for card in result["played"][side]:
                add("cards_played", (side, card), score)
    side_rate = {key[0]: score / n for key, (n, score) in tallies["sides"].items() if n}
    keys = {"sides": ("side",), "identities": ("side", "identity"), "pairings": ("corp", "runner"),
            "decks": ("side", "deck"), "cards_in_deck": ("side", "card"), "cards_played": ("side", "card")}  # fmt: skip
    out: dict[str, Any] = {"game": "netrunner", "games": games, "margin": margin,
                           "baseline": {side: round(side_rate.get(side, 0.5), 6) for side in SIDES}}  # fmt: skip
    outliers = []
    for table in TABLES:
        cells = tallies[table]
        z = simultaneous_z(len(cells))
        rows = []
        for key in sorted(cells):
            n, score = cells[key]
            row: dict[str, Any] = {**dict(zip(keys[table], key, strict=True)), **rate(score, int(n))}
            # the sides against an even game; the rest against their side's rate (a pairing: the corp's)
            centre = 0.5 if table == "sides" else side_rate.get("corp" if table == "pairings" else key[0], 0.5)
            verdict(row, margin, games, z, centre)
            rows.append(row)
            if row["flag"]:
                outliers.append({"table": table, **row})
        out[table] = rows
    out["length"] = _length(lengths)
    out["endings"] = [{"winner": winner, "ending": ending, **rate(n, games)}
                      for (winner, ending), n in sorted(endings.items())]  # fmt: skip
    out["outliers"] = outliers
    return out
