"""Benchmark: the card database and search against plain JSON + Python filtering.

Generates N record files (default 10,000: the bundled data of the three games
plus renamed clones of their records) and Q mixed queries (default 1,000, from
templates with random values: attributes, Chinese and English words, OR,
negation, ranges). Then, in the same run:

  build     dossier: load + validate every record and build the SQLite database
            (`dossier db build`); baseline: json.load of every file, plus the
            lower-cased text blobs its word search needs.
  queries   dossier: parse, compile and run each query, fetching the results
            list (game, kind, id, type, names: `search(full=False)`, what
            `--format ids` and a results page need) and, timed separately, the
            matching records in full (`search()`, what `--format json` prints);
            baseline: the same filter written directly in Python over the
            loaded dicts.

Every query's results are compared (same records); the script fails if they
differ. It prints both build times, the median and 90th percentile query
times, and the ratios. Run: `python bench/db.py [--files N] [--queries Q]`.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from corpus import clone_corpus  # noqa: E402  (bench/corpus.py)

from toolkit.catalog import load_catalog  # noqa: E402
from toolkit.db import build_database, compact_text, open_database, resolve_target  # noqa: E402
from toolkit.search import search  # noqa: E402

Record = dict[str, Any]
Predicate = Callable[[Record], bool]


def build_corpus(target: Path, files: int) -> Path:
    """Bundled cards plus clones with new ids and names, laid out like cards/ (see bench/corpus.py)."""
    clone_corpus(target, files)
    return target / "cards"


# ---------------------------------------------------------------------------
# the baseline: plain json + Python


def baseline_load(root: Path) -> list[Record]:
    records = []
    for path in sorted(root.rglob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        texts = list(data.get("text", []))
        reverse = data.get("reverse")
        if isinstance(reverse, dict):
            texts += reverse.get("text", [])
        texts += data.get("win", []) + data.get("draw_phase", [])
        joined = "\n".join(texts)
        data["_text"] = joined.casefold() + "\n" + compact_text(joined)
        data["_name"] = (data["name"]["zh-Hans"] + "\n" + (data["name"].get("en") or "")).casefold()
        records.append(data)
    return records


def tactics_card(r: Record) -> bool:
    return r["game"] == "tactics" and r["kind"] == "card"


def attack(r: Record) -> Record | None:
    if tactics_card(r):
        return (r.get("equipment") or {}).get("attack")
    return r.get("attack") if r["game"] == "tactics" else None


def nr_cost(r: Record) -> Any:
    return r.get("cost", r.get("rez_cost")) if (r["game"], r["kind"]) == ("netrunner", "card") else None


RUNNER_TYPES = ("hardware", "resource", "program", "event")
CATEGORIES = {"装备": "equipment", "技能": "skill", "道具": "item", "状态": "status", "随从": "minion"}
FACTIONS = {
    "weyland": "威兰财团",
    "jinteki": "人间会社",
    "haas_bioroid": "哈斯生化",
    "nbn": "nbn",
    "anarch": "无政府主义者",
}
SUBTYPES = {"barrier": "屏障", "sentry": "哨兵", "code_gate": "代码门", "icebreaker": "破解器", "virus": "病毒"}
WORDS = ["抽牌", "伤害", "信用点", "移动", "购买", "潜袭", "目标", "rifle", "key", "grenade", "shield", "drone"]


def templates(rng: random.Random) -> list[tuple[str, Predicate]]:
    """One (query, baseline predicate) per template, with random values."""
    zh, cat = rng.choice(list(CATEGORIES.items()))
    speed = rng.randint(1, 3)
    cost = rng.randint(0, 4)
    faction, faction_zh = rng.choice(list(FACTIONS.items()))
    subtype, subtype_zh = rng.choice(list(SUBTYPES.items()))
    word = rng.choice(WORDS)
    hp = rng.randint(6, 12)
    points = rng.randint(1, 3)
    distance = rng.randint(0, 8)
    other = rng.choice([w for w in WORDS if w != word])
    return [
        (
            f"t:{zh}",
            lambda r: (
                tactics_card(r)
                and r["category"] == cat
                or (r["game"], r["kind"], r.get("type")) == ("tactics", "unit", cat)
            ),
        ),
        (
            f"t:装备 攻速>={speed}",
            lambda r: (
                tactics_card(r)
                and r["category"] == "equipment"
                and (a := attack(r)) is not None
                and a["speed"] >= speed
            ),
        ),
        (
            f"o<{cost} d:runner t:program",
            lambda r: (
                r["game"] == "netrunner"
                and r.get("type") == "program"
                and (nr_cost(r) or 99) < cost
                and nr_cost(r) is not None
            ),
        ),
        (f"派系:{faction_zh} t:ice", lambda r: r.get("type") == "ice" and r.get("faction") == faction),
        (f"s:{subtype_zh}", lambda r: subtype in (r.get("subtypes") or []) and r["kind"] in ("card", "identity")),
        (word, lambda r: word.casefold() in r["_name"] or word.casefold() in r["_text"]),
        (f"x:{word}|{other}", lambda r: any(w.casefold() in r["_text"] for w in (word, other))),
        (f"hp>={hp} t:特工", lambda r: r["kind"] == "agent" and r["hp"] >= hp),
        (f"v:{points}", lambda r: r.get("agenda_points") == points),
        (
            f"range:{distance} shop:no",
            lambda r: (
                tactics_card(r)
                and r.get("back") == "personal"
                and (a := attack(r)) is not None
                and a["range"]["min"] <= distance <= a["range"]["max"]
            ),
        ),
        (
            f"f:{faction} t!ice k:card",
            lambda r: r["kind"] == "card" and r.get("faction") == faction and r["type"] != "ice",
        ),
        ("team:红|蓝 持械:是", lambda r: r["kind"] == "role" and r["team"] in ("red", "blue") and r["armed"]),
    ]


def make_queries(count: int, seed: int) -> list[tuple[str, Predicate]]:
    rng = random.Random(seed)
    out: list[tuple[str, Predicate]] = []
    while len(out) < count:
        out.extend(templates(rng))
    return out[:count]


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--queries", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        cards = build_corpus(Path(tmp), args.files)
        db_path = Path(tmp) / "bench.db"
        build_seconds, report = timed(
            lambda: build_database(load_catalog([cards]), resolve_target(str(db_path)), sources=[cards])
        )
        load_seconds, records = timed(lambda: baseline_load(cards))
        queries = make_queries(args.queries, args.seed)
        ours: list[float] = []
        ours_full: list[float] = []
        theirs: list[float] = []
        mismatches = []
        with open_database(str(db_path)) as db:
            search(db, "t:装备")  # warm up the connection and statement cache, like a running server
            for index, (query, predicate) in enumerate(queries):
                # alternate which variant runs first, so neither always finds the pages cached
                for variant in ("list", "full") if index % 2 else ("full", "list"):
                    if variant == "list":
                        seconds, hits = timed(lambda q=query: search(db, q, full=False))  # type: ignore[misc]
                        ours.append(seconds)
                    else:
                        seconds, full_hits = timed(lambda q=query: search(db, q))  # type: ignore[misc]
                        ours_full.append(seconds)
                seconds, matched = timed(lambda p=predicate: [r for r in records if p(r)])  # type: ignore[misc]
                theirs.append(seconds)
                want = sorted(f"{r['game']}/{r['id']}" for r in matched)
                if sorted(h.ref for h in hits) != want or sorted(h.ref for h in full_hits) != want:
                    mismatches.append(query)
        median_ours, median_theirs = statistics.median(ours), statistics.median(theirs)
        median_full = statistics.median(ours_full)
        print(f"corpus      {report.records} records ({', '.join(f'{g} {n}' for g, n in report.games.items())})")
        print(f"build       dossier {build_seconds:.2f} s (load, validate, write SQLite + FTS5 index)")
        print(f"            baseline {load_seconds:.2f} s (json.load every file + text blobs)")
        print(f"queries     {len(queries)} mixed queries, {len({q for q, _ in queries})} distinct")
        print(
            f"median      dossier {median_ours * 1000:.2f} ms (results list)   "
            f"{median_full * 1000:.2f} ms (full records)   baseline {median_theirs * 1000:.2f} ms"
        )
        print(
            f"p90         dossier {percentile(ours, 0.9) * 1000:.2f} ms (results list)   "
            f"{percentile(ours_full, 0.9) * 1000:.2f} ms (full records)   "
            f"baseline {percentile(theirs, 0.9) * 1000:.2f} ms"
        )
        print(
            f"ratio       {median_theirs / median_ours:.2f}x results list, {median_theirs / median_full:.2f}x full "
            "records (baseline median / dossier median; > 1: dossier faster)"
        )
        if mismatches:
            sys.exit(f"{len(mismatches)} queries gave different results, e.g. {mismatches[:3]}")
        if max(median_ours, median_full) >= median_theirs:
            sys.exit("dossier search is not faster than the baseline")


if __name__ == "__main__":
    main()
