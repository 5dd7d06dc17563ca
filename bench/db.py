"""Benchmark: the card database build and search against fair peers, at several scales.

For each scale (1,000 and 10,000 record files; 100,000 too with ``--full``) a
corpus is generated (bench/corpus.py: the bundled data plus renamed clones) and,
in the same run:

  build     each build runs in a child process of its own, which reports the
            time of the build itself (wall and CPU, after its imports; the CPU
            of a process the build forks is counted with it: Dossier's works out
            the English of the ability texts alongside; the whole process,
            interpreter start and imports too, is shown beside);
            below 100k each build runs ``--repeat`` times (default 3), in turn,
            and the best time is kept, as the machine may be busy;
            the peak memory is that process's RSS high-water mark (``VmHWM``:
            ``ru_maxrss`` of a child would count the parent's size at the fork):
    dossier   read, validate and write every record: ``dossier db build``;
    sqlite3   the fair peer: every file read and ``orjson.loads``-ed (the reader
              Dossier's build uses for a canonical file), the same tables
              with the same columns, filled by plain ``executemany`` in one
              transaction, then the same indexes, the same two FTS5 indexes
              (the trigram index over ``records`` and the index of Chinese
              characters and pairs) and ``ANALYZE``; no validation, no display order;
              it reads what Dossier reads (hidden entries skipped: an import's
              ``.schema/``) and writes about the rows Dossier writes (names in
              zh-Hans and English and a search name, not every language a record
              carries; each ban list's cards; the game's vocabulary);
    json      the old baseline: ``json.load`` of every file plus the lower-cased
              text blobs its word search needs.
  search    Q mixed queries (default 1,000, from templates with random values:
            attributes, Chinese and English words, OR, negation, ranges), every
            distinct query run once first on both sides (statements prepared):
    dossier   ``search(db, query, full=False)`` (the results list: identity and
              names) and ``search(db, query)`` (the records in full), from the
              query text to the list of hits;
    sqlite3   the SQL Dossier generates for that query, run through one plain
              ``sqlite3`` connection with its statement cache, ``fetchall()``;
    json      the same filter written in Python over the loaded dicts.

Every query's results are compared (the same rows as the sqlite3 peer, the same
records as the Python filter): any difference fails the run. Targets (issue 13):
the build within 2x of the sqlite3 peer at 10k and 100k, peak memory under 300
MiB at 100k; search within 1.3x of the sqlite3 peer per query (median) at 10k.

``--pool DIR`` builds an existing record directory as it is (the real pool that
``dossier import netrunnerdb`` wrote, say; read, never written), ``--repeat``
times taking turns, the best of each kept: Dossier's child as above, the peer's,
and ``dossier db build --cards DIR`` itself, each a whole process timed from
outside (interpreter start, imports, build, exit), the children's builds also
timed inside. Target (issue 27): the whole ``dossier db build`` within 2x of the
peer's whole process. The rows and bytes each wrote are compared table by table
(the text indexes' too), so that the peer is seen to do the same work.

Run: ``python bench/db.py [--full] [--scales 1000,10000] [--queries Q] [--pool DIR]``
(with ``--pool`` and no ``--scales``, the pool alone).
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import sys
import time
import unicodedata
from collections.abc import Callable
from itertools import chain
from operator import itemgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

if TYPE_CHECKING:
    import argparse
    import random

# (argparse, random, statistics, subprocess and tempfile are imported where used: a child process, whose
# whole run is timed too, imports only what its build needs)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

Record = dict[str, Any]
Predicate = Callable[[Record], bool]
BUILD_RATIO = 2.0  # targets: dossier build time / sqlite3 peer time, at 10k and 100k
BUILD_MEMORY = 300  # MiB, at 100k
SEARCH_RATIO = 1.3  # dossier median / sqlite3 peer median, at 10k
MIB = 1024 * 1024


# ---------------------------------------------------------------------------
# the builds, each run in a child process (`db.py --child KIND CARDS DB`)


def child_dossier(cards: Path, db: Path) -> Callable[[], object]:
    from toolkit.db import build_from_files, resolve_target  # (loads the build side: catalog, models)

    return lambda: build_from_files([cards], resolve_target(str(db)))


def child_json(cards: Path, db: Path) -> Callable[[], object]:
    return lambda: baseline_load(cards)


_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
_CJK_STEP = re.compile(f"(?=([{_CJK}][{_CJK}]?))")  # each character and the next, or it alone at a run's end
# r"[+\-]?(?:\d+(?:-\d+)?|(?<![A-Za-z])X(?![A-Za-z]))\s*[张点个名次枚层回轮格项颗]?" as toolkit/db/grams.py writes it
# (beginning with a character class, which the regex engine skips to at C speed): the peer is as quick at it
_QUANTITY = re.compile(
    r"[+\-\dX](?:(?<=[+\-])(?:\d+(?:-\d+)?|X(?![A-Za-z]))|(?<=\d)\d*(?:-\d+)?|(?<=X)(?<![A-Za-z]X)(?![A-Za-z]))"
    r"\s*[张点个名次枚层回轮格项颗]?"
)
_SPACE = re.compile(r"\s+")


def _grams(*texts: str | None) -> str:
    """Every Chinese character and pair of adjacent ones, space-separated (what the grams index holds)."""
    joined = "\n".join(text for text in texts if text)
    if joined.isascii():
        return ""
    steps = _CJK_STEP.findall(unicodedata.normalize("NFKC", joined))
    return " ".join(dict.fromkeys(chain.from_iterable(zip(map(itemgetter(0), steps), steps, strict=True))))


def _record_type(d: Record) -> str:
    game, kind = d["game"], d["kind"]
    if game == "tactics" and kind == "card":
        return str(d.get("category"))
    if (game, kind) in (("tactics", "unit"), ("netrunner", "card")):
        return str(d.get("type"))
    return str(kind)


def _texts(d: Record) -> list[tuple[str, str]]:
    out = [("front", t) for t in d.get("text") or []]
    reverse = d.get("reverse")
    if isinstance(reverse, dict):
        out += [("reverse", t) for t in reverse.get("text") or []]
    out += [("win", t) for t in d.get("win") or []] + [("draw_phase", t) for t in d.get("draw_phase") or []]
    printed = d.get("printed_text")
    if isinstance(printed, dict):
        out += [("printed_en", t) for t in printed.get("en") or []]
        out += [("printed_zh", t) for t in printed.get("zh-Hans") or []]
    return out


_TEXT_KINDS = {"card", "identity", "agent", "unit", "ability", "attack", "role"}  # the kinds with ability text


def _reading(d: Record, texts: list[tuple[str, str]]) -> str | None:
    """records.reading: the import's verdict, else executable (or printed only), None for a kind without text."""
    status = (d.get("reading") or {}).get("status")
    if status in ("executable", "partial", "printed_only"):
        return str(status)
    if d["kind"] not in _TEXT_KINDS:
        return None
    printed = sum(1 for face, _ in texts if face.startswith("printed_"))
    return "printed_only" if printed and printed == len(texts) else "executable"


_VERDICTS = ("banned", "restricted", "points", "universal_faction_cost", "global_penalty")


def _vocabulary(d: Record) -> list[tuple[str, str, Record | None]]:
    """(vocabulary, id, names) of the terms a game or format record lists: subtypes, sets, cycles, ban lists."""
    out = [
        ("subtype", t["id"], t.get("name"))
        for field in ("subtypes", "agent_subtypes", "attack_subtypes")
        for t in (d.get(field) or [] if d["kind"] == "game" else [])
    ]
    for card_set in d.get("sets") or [] if d["kind"] == "game" else []:
        out.append(("set", card_set["id"], card_set.get("name")))
        if card_set.get("cycle"):
            out.append(("cycle", card_set["cycle"], None))
    out += [("ban_list", b["id"], b.get("name")) for b in d.get("ban_lists") or []]
    return out


def _attack(d: Record) -> Record:
    if d["kind"] == "card":
        return (d.get("equipment") or {}).get("attack") or {}
    return d.get("attack") or {}


def record_files(root: Path) -> list[Path]:
    """The record files under ``root``, sorted; hidden entries skipped, as Dossier skips them (an import's
    ``.schema/`` and ``.dossier-import.json``)."""
    return sorted(
        p for p in root.rglob("*.json") if not any(part.startswith(".") for part in p.relative_to(root).parts)
    )


def child_sqlite3(cards: Path, db: Path) -> Callable[[], object]:
    return lambda: peer_build(cards, db)


def peer_build(cards: Path, db: Path) -> None:
    """The fair peer: the same tables, columns and indexes, plain sqlite3, one transaction."""
    ddl = json.loads((db.parent / "schema.json").read_text(encoding="utf-8"))
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("PRAGMA journal_mode=OFF")
    conn.execute("PRAGMA synchronous=OFF")
    conn.execute("BEGIN")
    for statement in ddl["tables"]:
        conn.execute(statement)
    rows: dict[str, list[tuple[Any, ...]]] = {name: [] for name in ddl["columns"]}
    terms: dict[tuple[str, str, str], tuple[Any, ...]] = {}

    def flush() -> None:
        for name, batch in rows.items():
            if batch:
                marks = ", ".join("?" * len(ddl["columns"][name]))
                conn.executemany(f"INSERT INTO {name} VALUES ({marks})", batch)
                batch.clear()

    english = _english(db.parent)
    paths = record_files(cards)
    for pk, path in enumerate(paths, start=1):
        d = orjson.loads(path.read_bytes())
        game, kind = d["game"], d["kind"]
        name = d["name"]
        # the names a record answers to (its other languages are data, not names); the search name once
        names = [(lang, n) for lang in ("zh-Hans", "en") if (n := name.get(lang))]
        if (search := d.get("search_name")) and search.casefold() not in {n.casefold() for _, n in names}:
            names.append(("search", search))
        folded = [n.casefold() for _, n in names]
        texts = _texts(d)
        text = "\n".join(t for _, t in texts)
        searched = "\n".join([text, *english[str(path)]]) if str(path) in english else text
        flavor = d.get("flavor") or {}
        rows["records"].append(
            (
                pk,
                game,
                kind,
                "game" if kind == "game" else "mode" if kind in ("mode", "format") else "record",
                d["id"],
                _record_type(d),
                name["zh-Hans"],
                name.get("en"),
                "\n".join(dict.fromkeys([*folded, *(n.replace(" ", "") for n in folded)])),
                searched,
                compact_text(text),
                flavor.get("zh-Hans"),
                flavor.get("en"),
                _reading(d, texts),
                str(path),
                json.dumps(d, ensure_ascii=False, sort_keys=True, separators=(",", ":")),
            )
        )
        rows["names"] += [(pk, lang, n, n.casefold()) for lang, n in names]
        positions: dict[str, int] = {}
        for face, line in texts:
            positions[face] = positions.get(face, -1) + 1
            rows["abilities"].append((pk, face, positions[face], line))
        subtypes = list(d.get("subtypes") or []) if kind in ("card", "identity", "agent") else []
        if game == "tactics" and kind in ("card", "unit", "attack") and _attack(d).get("subtype"):
            subtypes.append(_attack(d)["subtype"])  # a weapon's attack subtype is one of its subtypes too
        rows["subtypes"] += [(pk, s) for s in dict.fromkeys(subtypes)]
        if game == "tactics" and kind in ("card", "agent", "unit", "attack"):
            a, cost, eq = _attack(d), d.get("cost") or {}, d.get("equipment") or {}
            span = a.get("range") or {}
            rows["tactics_attrs"].append(
                (pk, d.get("category"), d.get("back"), d.get("back") == "shop" if kind == "card" else None,
                 d.get("agent"), "token" in d if kind == "card" else None, (d.get("token") or {}).get("max_in_play"),
                 cost.get("mortgage"), cost.get("tap"), eq.get("size"), eq.get("slots"), a.get("style"),
                 a.get("subtype"), a.get("speed"), span.get("min"), span.get("max"), a.get("through_walls"),
                 eq.get("shield"), d.get("hp"), d.get("move"), d.get("private"), d.get("symbol"),
                 (d.get("status") or {}).get("target"), d.get("minion"), "reverse" in d, None)
            )  # fmt: skip
        elif game == "netrunner" and kind in ("card", "identity", "faction"):
            rows["netrunner_attrs"].append(
                (pk, d.get("side"), d.get("faction", d["id"] if kind == "faction" else None),
                 d.get("cost", d.get("rez_cost")), d.get("influence"), d.get("deck_limit"), d.get("unique"),
                 d.get("agenda_points"), d.get("advancement_requirement"), d.get("strength"), d.get("memory_cost"),
                 d.get("trash_cost"), d.get("min_deck_size"), d.get("influence_limit"), d.get("base_link"),
                 d.get("set"), d.get("cycle", d.get("set")), d.get("neutral"))
            )  # fmt: skip
            rows["printings"] += [
                (pk, p["code"], p["set"], p.get("cycle", p["set"]), p.get("position"), p.get("quantity"),
                 p.get("illustrator"))
                for p in d.get("printings") or []
            ]  # fmt: skip
        elif game == "crossfire" and kind == "role":
            rows["crossfire_attrs"].append(
                (pk, d.get("team"), d.get("armed"), d.get("guns"), d.get("protects"), d.get("marks"),
                 d.get("special"), d.get("counts_as"))
            )  # fmt: skip
        if kind in ("game", "mode", "format", "map"):
            players = d.get("players") or {}
            rows["mode_attrs"].append(
                (pk, players.get("min"), players.get("max"), d.get("status"), d.get("matrix_shop"),
                 d.get("starting_agents"), d.get("max_agents"), d.get("sets") is None if kind == "format" else None)
            )  # fmt: skip
        if kind == "format":
            in_force = d.get("ban_list")
            lists = [(b["id"], b["id"] == in_force, b) for b in d.get("ban_lists") or []]
            if in_force is None:
                lists.append(("", True, d))
            rows["format_cards"] += [
                (pk, list_id, force, verdict, card)
                for list_id, force, b in lists
                for verdict in _VERDICTS
                for card in dict.fromkeys(b.get(verdict) or [])
            ]
            rows["format_sets"] += [(pk, s) for s in dict.fromkeys(d.get("sets") or [])]
        if kind in ("game", "faction", "agent", "mode", "format"):
            vocab = {"game": "game", "faction": "faction", "agent": "agent"}.get(kind, "mode")
            named = [(vocab, d["id"], name), *_vocabulary(d)]
            for vocab, term, term_name in named:
                term_name = term_name or {}
                terms.setdefault(
                    (game, vocab, term), (game, vocab, term, term_name.get("zh-Hans"), term_name.get("en"), None)
                )
        if len(rows["records"]) >= 1000:
            flush()
    rows["terms"] = [terms[key] for key in sorted(terms)]
    rows["meta"] = [("schema_version", "peer"), ("records", str(len(paths)))]
    flush()
    for statement in ddl["indexes"]:
        conn.execute(statement)
    conn.execute(ddl["fts"])
    conn.execute("INSERT INTO record_fts(record_fts) VALUES ('rebuild')")
    conn.execute(ddl["grams"])
    conn.executemany(
        "INSERT INTO record_grams(rowid, name, text, flavor) VALUES (?, ?, ?, ?)",
        (
            (pk, _grams(zh, en, folded), _grams(body, compact), _grams(flavor))
            for pk, zh, en, folded, body, compact, flavor in conn.execute(
                "SELECT pk, name_zh, name_en, name_folded, text, text_compact, flavor_zh FROM records"
            ).fetchall()
        ),
    )
    conn.execute("ANALYZE")
    conn.execute("COMMIT")
    conn.close()


# Each child loads what it needs, then the build it returns is timed.
CHILDREN: dict[str, Callable[[Path, Path], Callable[[], object]]] = {
    "dossier": child_dossier,
    "sqlite3": child_sqlite3,
    "json": child_json,
}


def run_child(kind: str, cards: Path, db: Path) -> tuple[float, float, float, float]:
    """(seconds the build took in the child, its CPU seconds, the child's peak RSS in MiB, the child's whole
    run in seconds: interpreter start, imports and build)."""
    import subprocess

    db.unlink(missing_ok=True)  # each build starts from nothing
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, __file__, "--child", kind, str(cards), str(db)], stdout=subprocess.PIPE, text=True
    )
    if done.returncode != 0:
        sys.exit(f"{kind} build failed (exit {done.returncode})")
    report = json.loads(done.stdout.splitlines()[-1])
    whole = time.perf_counter() - start
    return float(report["seconds"]), float(report["cpu"]), float(report["peak_mib"]), whole


def peak_mib() -> float:
    """This process's RSS high-water mark, in MiB."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def peer_schema(directory: Path) -> dict[str, Any]:
    """Dossier's own DDL (read back from a database built from the bundled cards), for the sqlite3 peer."""
    from toolkit.catalog import load_catalog
    from toolkit.db import build_database, resolve_target

    path = directory / "schema.db"
    build_database(load_catalog([ROOT / "cards"]), resolve_target(str(path)))
    conn = sqlite3.connect(path)
    entries = conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL").fetchall()
    fts = {"record_fts", "record_grams"}
    shadow = tuple(f"{name}_" for name in fts)
    tables = [e for e in entries if e[0] == "table" and e[1] not in fts and not e[1].startswith((*shadow, "sqlite_"))]
    columns = {name: [c[1] for c in conn.execute(f"PRAGMA table_info({name})")] for _, name, _, _ in tables}
    conn.close()
    return {
        "tables": [sql for _, _, _, sql in tables],
        "columns": columns,
        "indexes": [sql for kind, _, _, sql in entries if kind == "index"],
        "fts": next(sql for _, name, _, sql in entries if name == "record_fts"),
        "grams": next(sql for _, name, _, sql in entries if name == "record_grams"),
    }


# ---------------------------------------------------------------------------
# the old baseline: plain json + Python


def compact_text(text: str) -> str:
    """What Dossier's text_compact holds: the text without whitespace, numbers and measure words."""
    return _SPACE.sub("", _QUANTITY.sub("", unicodedata.normalize("NFKC", text)))


ENGLISH = "english.json"


def write_english(cards: Path, out: Path) -> None:
    """The English Dossier's database searches beside each record's ability texts (:func:`toolkit.db.rows.english_lines`:
    its texts rendered in English, the cards they quote by their English names, none for a card that prints its own),
    by file, written to ``out/english.json``
    before anything is timed: the peer and the old baseline are given it, so that they search (and the peer indexes)
    the same text without parsing the ability language, which has no library of theirs."""
    from toolkit.db.rows import english_lines
    from toolkit.names import english_names, with_english_names

    found, pairs = {}, []
    for path in record_files(cards):
        data = orjson.loads(path.read_bytes())
        pairs.append((data["name"].get("zh-Hans"), data["name"].get("en")))
        lines = english_lines(_texts(data))
        if lines:
            found[str(path)] = lines
    names = english_names(pairs)  # the cards a text quotes, called by their English names
    found = {path: [with_english_names(line, names) for line in lines] for path, lines in found.items()}
    (out / ENGLISH).write_text(json.dumps(found, ensure_ascii=False), encoding="utf-8")


def _english(directory: Path) -> dict[str, list[str]]:
    path = directory / ENGLISH
    return orjson.loads(path.read_bytes()) if path.exists() else {}


def baseline_load(root: Path) -> list[Record]:
    records = []
    english = _english(root.parent)
    for path in record_files(root):
        data = json.loads(path.read_text(encoding="utf-8"))
        texts = list(data.get("text", []))
        reverse = data.get("reverse")
        if isinstance(reverse, dict):
            texts += reverse.get("text", [])
        texts += data.get("win", []) + data.get("draw_phase", [])
        joined = "\n".join(texts)
        data["_text"] = joined.casefold() + "\n" + compact_text(joined)
        if str(path) in english:  # the English of its texts, as Dossier's database searches it
            data["_text"] += "\n" + "\n".join(english[str(path)]).casefold()
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
    import random

    rng = random.Random(seed)
    out: list[tuple[str, Predicate]] = []
    while len(out) < count:
        out.extend(templates(rng))
    return out[:count]


# ---------------------------------------------------------------------------
# the run


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def dossier_sql(db: Any, query: str, full: bool) -> tuple[str, tuple[Any, ...]]:
    """The SQL text and parameters Dossier runs for ``query`` on ``db``."""
    from toolkit.search import statement_for

    statement = statement_for(db, query, full=full)
    return statement.sql, statement.params


def run_scale(files: int, args: argparse.Namespace, schema: dict[str, Any], problems: list[str]) -> None:
    import statistics
    import tempfile

    from corpus import clone_corpus  # bench/corpus.py

    from toolkit.db import open_database
    from toolkit.search import search

    with tempfile.TemporaryDirectory(prefix=f"dossier-bench-{files}-") as tmp:
        clone_corpus(Path(tmp), files)
        cards = Path(tmp) / "cards"
        write_english(cards, Path(tmp))
        (Path(tmp) / "schema.json").write_text(json.dumps(schema), encoding="utf-8")
        runs: dict[str, list[tuple[float, float, float, float]]] = {"sqlite3": [], "dossier": [], "json": []}
        for _ in range(args.repeat if files < 100_000 else 1):  # alternating, so load on the machine hits each
            for kind in runs:
                runs[kind].append(run_child(kind, cards, Path(tmp) / f"{kind}.db"))
        # the best time of the runs (the least disturbed), the highest peak
        builds = {kind: (*(min(r[i] for r in rs) for i in (0, 1)), max(r[2] for r in rs), min(r[3] for r in rs))
                  for kind, rs in runs.items()}  # fmt: skip
        print(f"\n== {files:,} record files")
        print("build    wall s  CPU s  peak MiB  process s")
        notes = {
            "dossier": "read, validate, write SQLite + indexes",
            "sqlite3": "orjson.loads + executemany, same indexes",
            "json": "json.load + text blobs: the old baseline",
        }
        for kind in ("dossier", "sqlite3", "json"):
            wall, cpu, peak, whole = builds[kind]
            print(f"{kind:>8} {wall:7.2f} {cpu:6.2f} {peak:9.0f} {whole:10.2f}   ({notes[kind]})")
        (ours, our_cpu, our_mem, _), (peer, peer_cpu, _, _) = builds["dossier"], builds["sqlite3"]
        ratio = ours / peer
        goal = ""
        if files >= 10_000:
            goal = f"; target <= {BUILD_RATIO:.1f}x: {'met' if ratio <= BUILD_RATIO else 'MISSED'}"
            if ratio > BUILD_RATIO:
                problems.append(f"build at {files:,}: {ratio:.2f}x the sqlite3 peer")
        print(f"   ratio {ratio:.2f}x the sqlite3 peer's time ({our_cpu / peer_cpu:.2f}x its CPU time){goal}")
        apart = written_apart(Path(tmp) / "dossier.db", Path(tmp) / "sqlite3.db")
        print("   written, dossier/peer where they differ:", apart)
        if files >= 100_000:
            met = our_mem < BUILD_MEMORY
            print(f"  memory {our_mem:.0f} MiB peak; target < {BUILD_MEMORY} MiB: {'met' if met else 'MISSED'}")
            if not met:
                problems.append(f"build at {files:,}: {our_mem:.0f} MiB peak")

        records = baseline_load(cards)
        queries = make_queries(args.queries, args.seed)
        times: dict[str, list[float]] = {"list": [], "full": [], "raw list": [], "raw full": [], "json": []}
        cold: list[float] = []
        mismatches: list[str] = []
        raw = sqlite3.connect(f"file:{Path(tmp) / 'dossier.db'}?mode=ro", uri=True, cached_statements=1024)
        with open_database(str(Path(tmp) / "dossier.db")) as db:
            sql = {(q, full): dossier_sql(db, q, full) for q, _ in queries for full in (False, True)}
            for query in dict.fromkeys(q for q, _ in queries):  # first runs: statements compiled and prepared
                cold.append(timed(lambda q=query: search(db, q, full=False))[0])  # type: ignore[misc]
                search(db, query)
                for full in (False, True):
                    raw.execute(*sql[query, full]).fetchall()
            for index, (query, predicate) in enumerate(queries):
                # alternate which side runs first, so neither always finds the pages cached
                order = (
                    ("list", "raw list", "full", "raw full") if index % 2 else ("raw full", "full", "raw list", "list")
                )
                results: dict[str, Any] = {}
                for variant in order:
                    if variant.startswith("raw"):
                        statement = sql[query, variant == "raw full"]
                        seconds, found = timed(lambda s=statement: raw.execute(*s).fetchall())  # type: ignore[misc]
                    else:
                        seconds, found = timed(lambda q=query, f=variant == "full": search(db, q, full=f))  # type: ignore[misc]
                    times[variant].append(seconds)
                    results[variant] = [tuple(row)[: 7 if "full" in variant else 6] for row in found]
                seconds, matched = timed(lambda p=predicate: [r for r in records if p(r)])  # type: ignore[misc]
                times["json"].append(seconds)
                want = sorted(f"{r['game']}/{r['id']}" for r in matched)
                same_rows = results["list"] == results["raw list"] and results["full"] == results["raw full"]
                same_records = sorted(f"{row[0]}/{row[2]}" for row in results["full"]) == want
                if not (same_rows and same_records):
                    mismatches.append(query)
        raw.close()

        def ms(values: list[float], fraction: float | None = None) -> str:
            value = statistics.median(values) if fraction is None else percentile(values, fraction)
            return f"{value * 1000:6.3f}"

        distinct = len(cold)
        print(f"search   {len(queries)} queries ({distinct} distinct); ms per query, median / p90:")
        for label, key in (("dossier list", "list"), ("sqlite3 list", "raw list"), ("dossier full", "full")):
            print(f"         {label}  {ms(times[key])} / {ms(times[key], 0.9)}")
        print(f"         sqlite3 full  {ms(times['raw full'])} / {ms(times['raw full'], 0.9)}")
        print(f"         json+Python   {ms(times['json'])} / {ms(times['json'], 0.9)}   (the old baseline)")
        print(f"         dossier first run of each distinct query (compiled then): {ms(cold)} / {ms(cold, 0.9)}")
        for variant in ("list", "full"):
            ratio = statistics.median(times[variant]) / statistics.median(times[f"raw {variant}"])
            p90 = percentile(times[variant], 0.9) / percentile(times[f"raw {variant}"], 0.9)
            goal = ""
            if files == 10_000:
                goal = f"; target <= {SEARCH_RATIO}x: {'met' if ratio <= SEARCH_RATIO else 'MISSED'}"
                if ratio > SEARCH_RATIO:
                    problems.append(f"search ({variant}) at {files:,}: {ratio:.2f}x the sqlite3 peer")
            print(f"         ratio {variant:4}  {ratio:.2f}x median, {p90:.2f}x p90 the sqlite3 peer{goal}")
        if mismatches:
            problems.append(f"{len(mismatches)} queries gave different results at {files:,}, e.g. {mismatches[:3]}")


def dossier_command() -> list[str]:
    """``dossier`` as its console script runs it (``from toolkit.cli import app; app()``), from this checkout."""
    code = f"import sys; sys.path.insert(0, {str(ROOT)!r}); from toolkit.cli import app; sys.argv[0] = 'dossier'; sys.exit(app())"
    return [sys.executable, "-c", code]


def run_command(argv: list[str], cwd: Path) -> float:
    """The wall seconds of one whole process (interpreter start, imports, work and exit)."""
    import subprocess

    start = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, stdout=subprocess.DEVNULL)
    if done.returncode != 0:
        sys.exit(f"{' '.join(argv)} failed (exit {done.returncode})")
    return time.perf_counter() - start


WRITTEN_TABLES = (
    "records", "names", "abilities", "subtypes", "printings", "netrunner_attrs", "tactics_attrs", "crossfire_attrs",
    "mode_attrs", "format_cards", "format_sets", "terms", "record_fts_data", "record_grams_data",
)  # fmt: skip


def table_sizes(db: Path) -> dict[str, tuple[int, int]]:
    """(rows, bytes of their values) per table: what a build wrote, to tell that the peer did the same work."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        out = {}
        for table in WRITTEN_TABLES:
            columns = [c[1] for c in conn.execute(f"PRAGMA table_info({table})")]
            size = " + ".join(f'coalesce(length("{c}"), 0)' for c in columns)
            out[table] = conn.execute(f"SELECT count(*), coalesce(sum({size}), 0) FROM {table}").fetchone()
        return out
    finally:
        conn.close()


def written_apart(ours: Path, theirs: Path) -> str:
    """Where the two builds wrote different rows or bytes, table by table: the peer does about the same work."""
    a, b = table_sizes(ours), table_sizes(theirs)
    apart = [f"{t} {a[t][0]}/{b[t][0]} rows, {a[t][1]:,}/{b[t][1]:,} bytes" for t in WRITTEN_TABLES if a[t] != b[t]]
    return "; ".join(apart) if apart else "nowhere"


def run_pool(pool: Path, args: argparse.Namespace, schema: dict[str, Any], problems: list[str]) -> None:
    """Builds of an existing record directory (the imported NetrunnerDB pool, say), read where it is, never
    written: Dossier (a child that times its build after its imports, and ``dossier db build`` itself) and the
    sqlite3 peer, each a whole process timed from outside too, in turn, the best of ``--repeat`` runs kept."""
    import tempfile

    pool = pool.resolve()
    with tempfile.TemporaryDirectory(prefix="dossier-bench-pool-") as tmp:
        work = Path(tmp)
        (work / "schema.json").write_text(json.dumps(schema), encoding="utf-8")
        write_english(pool, work)
        children: dict[str, list[tuple[float, float, float, float]]] = {"sqlite3": [], "dossier": []}
        commands: list[float] = []
        cli_db = work / "cli.db"
        for _ in range(args.repeat):  # taking turns, so load on the machine hits each
            for kind, runs in children.items():
                runs.append(run_child(kind, pool, work / f"{kind}.db"))
            cli_db.unlink(missing_ok=True)
            command = [*dossier_command(), "db", "build", "--cards", str(pool), "--db", str(cli_db)]
            commands.append(run_command(command, work))
        best = {kind: (*(min(r[i] for r in rs) for i in (0, 1)), max(r[2] for r in rs), min(r[3] for r in rs))
                for kind, rs in children.items()}  # fmt: skip
        records = table_sizes(work / "dossier.db")["records"][0]
        print(f"\n== pool {pool}: {records:,} records (best of {args.repeat}, taking turns)")
        print("build          build s  µs/record  CPU s  peak MiB  process s")
        notes = {
            "dossier": "read, validate, write SQLite + indexes: build_from_files after its imports",
            "sqlite3": "orjson.loads + executemany, same rows, indexes and text indexes",
        }
        for kind in ("dossier", "sqlite3"):
            wall, cpu, peak, whole = best[kind]
            per = wall * 1e6 / records
            print(f"{kind:>12} {wall:8.2f} {per:10.0f} {cpu:6.2f} {peak:9.0f} {whole:10.2f}   ({notes[kind]})")
        cli = min(commands)
        blank = ""
        print(f"{'dossier CLI':>12} {blank:35} {cli:10.2f}   (`dossier db build --cards POOL --db DB`)")
        (build, _, _, whole), (peer, _, _, peer_whole) = best["dossier"], best["sqlite3"]
        ratio = max(whole, cli) / peer_whole
        met = ratio <= BUILD_RATIO
        print(
            f"   ratio {build / peer:.2f}x the peer's build in process; whole processes {whole / peer_whole:.2f}x "
            f"(the child), {cli / peer_whole:.2f}x (`dossier db build`)"
        )
        verdict = "met" if met else "not met"
        print(f"   target (≤{BUILD_RATIO:.0f}x whole process): {verdict} ({ratio:.2f}x, the slower of the two)")
        if not met:
            problems.append(f"pool build: {ratio:.2f}x the sqlite3 peer, whole processes")
        print("   written, dossier/peer where they differ:", written_apart(work / "dossier.db", work / "sqlite3.db"))


def child_main(kind: str, cards: str, db: str) -> None:
    """A child process: load what the build needs, then time the build and report it on stdout (JSON)."""
    import resource

    build = CHILDREN[kind](Path(cards), Path(db))
    cpu = time.process_time()
    helpers = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds, _ = timed(build)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)  # a process the build forked (and waited for) counts too
    cpu = time.process_time() - cpu + (after.ru_utime + after.ru_stime) - (helpers.ru_utime + helpers.ru_stime)
    print(json.dumps({"seconds": seconds, "cpu": cpu, "peak_mib": peak_mib()}))


def main() -> None:
    import argparse
    import tempfile

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="Also 100,000 record files (minutes).")
    parser.add_argument(
        "--scales", help="Comma-separated corpus sizes (default 1000,10000; none with --pool unless given)."
    )
    parser.add_argument(
        "--pool", type=Path, help="Also build this record directory (an imported pool), whole processes compared."
    )
    parser.add_argument("--queries", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=3, help="Builds of each kind below 100k (best time kept).")
    args = parser.parse_args()
    if args.pool is not None and not args.pool.is_dir():
        parser.error(f"--pool {args.pool}: not a directory")
    raw = args.scales if args.scales is not None else ("" if args.pool is not None else "1000,10000")
    scales = [int(s) for s in raw.split(",") if s.strip()]
    if args.full and 100_000 not in scales:
        scales.append(100_000)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average at start {load:.2f} on {os.cpu_count()} cores; sqlite {sqlite3.sqlite_version}")
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        schema = peer_schema(Path(tmp))
    if args.pool is not None:
        run_pool(args.pool, args, schema, problems)
    for files in scales:
        run_scale(files, args, schema, problems)
    if problems:
        sys.exit("\n".join(["", *problems]))


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"] and len(sys.argv) == 5:  # a build's own process: no argument parser to load
        child_main(*sys.argv[2:5])
    else:
        main()
