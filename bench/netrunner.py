"""Netrunner players: games per second, heuristic against random win rates for each side, how games end.

Plays the bundled example decks (every corp deck against every runner deck, seeds in turn)
with each pairing of players, and prints per pairing: games per second (the random pairing
is the floor to compare with: it thinks least), the corp's and the runner's wins, and the
spread of endings (agenda points, flatline, an empty R&D, unfinished at the turn limit).

Then the engine before and after issue 27's Netrunner work: the same heuristic games (``--engine-games``) on a
copy of this tree with that work's speed-ups undone (:data:`SPEED_WORK`: the rules as they are now, so that both
play the same games) and on this one, each in a child process, best of ``--repeat``, and the logs must be
identical; and copies of a game in play per second (:meth:`NetrunnerGame.clone`, what the searcher plays out on).
The tree of commit 52e9d02 (the last before that work) no longer plays the same games: the Netrunner rules and the
heuristic players have changed since (17996ac, b5e4a6b, d08a43b), so the speed-ups are undone here instead.

    .venv/bin/python bench/netrunner.py [--games 200] [--turns 200] [--engine-only]
"""

from __future__ import annotations

import argparse
import collections
import json
import shutil
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
from toolkit.models.deck import Deck

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHILD = r"""
import hashlib, json, sys, time
tree, games, examples = sys.argv[1], int(sys.argv[2]), sys.argv[3]
sys.path.insert(0, tree)
from pathlib import Path
import toolkit
assert Path(toolkit.__file__).resolve().is_relative_to(Path(tree).resolve()), toolkit.__file__  # that tree's code
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


SPEED_WORK = [
    (
        "toolkit/engine/netrunner/nodes.py",
        "    key = (id(node), part)\n"
        "    found = _WALKED.get(key)\n"
        "    if found is not None and found[0] is node:\n"
        "        return found[1]\n",
        "    key = (id(node), part)\n",
    ),  # 4bf907e: an ability's tree walked once, kept by identity (walked, effect_nodes, sentence_nodes) …
    (
        "toolkit/engine/netrunner/nodes.py",
        "    if len(_WALKED) >= LIMIT:\n"
        "        _WALKED.clear()\n"
        "    _WALKED[key] = (node, nodes)\n"
        "    return nodes\n",
        "    return nodes\n",
    ),  # … where it was walked again at every question
    (
        "toolkit/engine/netrunner/game.py",
        "        record = card.record\n"
        "        found = self._abilities.get(id(record))\n"
        "        if found is None or found[0] is not record:\n"
        "            script = self.script_of(card)\n"
        "            found = (record, parse_abilities(card) if script is None"
        " else self._merged_abilities(card, script), {})\n"
        "            self._abilities[id(record)] = found\n"
        "        return found[1]\n",
        "        script = self.script_of(card)\n"
        "        if script is None:\n"
        "            return parse_abilities(card)\n"
        "        return self._merged_abilities(card, script)\n",
    ),  # 4bf907e: a record's abilities asked once (NetrunnerGame.abilities) …
    (
        "toolkit/engine/netrunner/game.py",
        "        abilities = self.abilities(card)\n"
        "        if not abilities:\n"
        "            return []\n"
        "        by_kind = self._abilities[id(card.record)][2]\n"
        "        found = by_kind.get(kind)\n"
        "        if found is None:\n"
        "            found = by_kind[kind] = [e for a in abilities if a.kind == kind"
        " for s in a.sentences for e in s.effects]\n"
        "        return found\n",
        "        return [e for a in self.abilities(card) if a.kind == kind for s in a.sentences for e in s.effects]\n",
    ),  # … and their effects of each kind (effects_of)
    (
        "toolkit/engine/netrunner/players.py",
        "    key = (id(card.record), kind)\n"
        "    known = _DAMAGE.get(key)\n"
        "    if known is not None and known[0] is card.record:\n"
        "        return known[1]\n"
        "    total = _damage_of(game, card, kind)\n"
        "    _DAMAGE[key] = (card.record, total)\n"
        "    return total\n",
        "    return _damage_of(game, card, kind)\n",
    ),  # d89d7ed: a card's damage read once per record …
    (
        "toolkit/engine/netrunner/players.py",
        "        return game.damage_dealt > 0\n",
        '        return any(e.kind in ("damage", "flatline") for e in game.log.seen_by(2))\n',
    ),  # … and the damage dealt a count the game keeps, not a scan of the log at every runner decision
]
"""Issue 27's speed-ups of the Netrunner engine, each (file, its text now, the text it replaced, written for the
code as it is now): undone in a copy of this tree, which is the "before" of the comparison. (7c96a6f's cheaper
copies of a card are left: the games never copy one; the copies are timed apart.)"""


def tree_without_speed_work(into: Path) -> tuple[Path | None, str]:
    """A copy of this tree's toolkit and Netrunner cards in ``into`` with :data:`SPEED_WORK` undone; (None, why)
    when the code no longer holds a text it undoes, once."""
    shutil.copytree(ROOT / "toolkit", into / "toolkit", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "cards" / "netrunner", into / "cards" / "netrunner")
    for name, now, before in SPEED_WORK:
        path = into / name
        text = path.read_text(encoding="utf-8")
        if text.count(now) != 1:
            return None, f"{name} no longer holds, once, a text SPEED_WORK undoes"
        path.write_text(text.replace(now, before), encoding="utf-8")
    return into, ""


def engine_before_after(games: int, repeat: int) -> None:
    """Heuristic games per second, this tree against a copy with :data:`SPEED_WORK` undone, taking turns, best of
    ``repeat``; identical logs. Then copies of a game in play per second: :meth:`NetrunnerGame.clone` against a
    plain deep copy."""
    import copy

    from bench.tactics import best_in_turns

    with tempfile.TemporaryDirectory() as tmp:
        old, why = tree_without_speed_work(Path(tmp))
        if old is None:
            print(f"engine before/after: skipped ({why})")
        else:
            def child(tree: Path) -> dict[str, Any]:
                out = subprocess.run([sys.executable, "-c", CHILD, str(tree), str(games), str(ROOT / "examples")],
                                     capture_output=True, text=True, check=True)  # fmt: skip
                return dict(json.loads(out.stdout.strip().splitlines()[-1]))

            best = best_in_turns({"before": old, "now": ROOT}, child, repeat)
            rates = {name: run["games"] / run["seconds"] for name, run in best.items()}
            same = best["before"]["logs"] == best["now"]["logs"]
            print(f"engine before/after ({games} heuristic games, best of {repeat}, each in a child process):")
            print(f"  before (speed work undone): {rates['before']:8.2f} games/s")
            print(f"  now:                        {rates['now']:8.2f} games/s   {rates['now'] / rates['before']:.2f}x, "
                  f"logs identical: {same}")  # fmt: skip
            if not same:
                sys.exit("the engine's logs changed for the same seeds")
    records: list[Any] = list(load_catalog([ROOT / "cards" / "netrunner"]).records)
    by_side = example_decks(records)
    corp, runner = by_side["corp"][0], by_side["runner"][0]
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


def example_decks(records: list[Any]) -> dict[str, list[Deck]]:
    """The bundled example decks (``examples/decks/netrunner/*.json``) by side; one that does not read stops the
    bench, naming it."""
    names = NameIndex(records)
    sides = {r.id: r.side for r in records if r.kind == "identity"}
    decks: dict[str, list[Deck]] = {"corp": [], "runner": []}
    for path in sorted((ROOT / "examples" / "decks" / "netrunner").glob("*.json")):
        deck = read_deck(path, names).deck
        if deck is None or deck.identity not in sides:
            sys.exit(f"bench: {path} does not read as a Netrunner deck with an identity")
        decks[sides[deck.identity]].append(deck)
    return decks


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
    args = parser.parse_args()
    if args.engine_only:
        engine_before_after(args.engine_games, args.repeat)
        return
    records: list[Any] = list(load_catalog([ROOT / "cards" / "netrunner"]).records)
    decks = example_decks(records)
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
    engine_before_after(args.engine_games, args.repeat)


if __name__ == "__main__":
    main()
