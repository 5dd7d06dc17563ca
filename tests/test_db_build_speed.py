"""``db build`` made faster keeps what it writes (issue 27): every row of every table and what the text
indexes find.

A small pool written here, in the shape ``dossier import netrunnerdb`` writes (names, flavor and printed text
in several languages, printings with and without a cycle, reading verdicts, search names, formats with ban
lists of every kind) with a few records of the other two games, is built; its rows and what the two text
indexes answer are compared with digests taken from the build before it was made faster, table by table. What
the build derives from text (the compact text, whose pattern was rewritten to be faster, and the Chinese
characters and pairs) is compared with the plain ways of computing it, written out here, on random texts.

If the database's content changes on purpose, the failing test prints the new digests to paste into
:data:`GOLDEN`.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import sqlite3
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.db import build_database, build_from_files, resolve_target
from toolkit.db.constants import COLUMNS, FTS_COLUMNS
from toolkit.db.grams import cjk_grams, compact_normal, compact_text, normal_grams
from toolkit.jsonio import canonical_dumps

# ---------------------------------------------------------------------------
# the pool


def _names(zh: str, en: str | None = None, **others: str) -> dict[str, str]:
    names = {"zh-Hans": zh, **({"en": en} if en is not None else {})}
    names.update({tag.replace("_", "-"): value for tag, value in others.items()})
    return names


NETRUNNER_GAME: dict[str, Any] = {
    "game": "netrunner",
    "kind": "game",
    "id": "netrunner",
    "name": _names("安卓纪元：矩阵潜袭", "Android: Netrunner"),
    "players": {"min": 2, "max": 2},
    "clicks": {"corp": 3, "runner": 4},
    "starting_credits": 5,
    "hand_size": 5,
    "base_memory": 4,
    "agenda_points_to_win": 7,
    "sets": [
        {"id": "first_light", "cycle": "dawn_cycle", "name": _names("初光", "First Light", de="Erstes Licht")},
        {"id": "second_tide", "cycle": "dawn_cycle", "name": _names("次潮", "Second Tide")},
        {"id": "lone_box", "name": _names("独立盒", "Lone Box", ja="単独ボックス")},
    ],
    "subtypes": [
        {"id": "barrier", "name": _names("屏障", "Barrier")},
        {"id": "icebreaker", "name": _names("破解器", "Icebreaker")},
        {"id": "virus", "name": _names("病毒", "Virus")},
    ],
}

FACTIONS: list[dict[str, Any]] = [
    {"id": "lamplighters", "side": "runner", "color": "#aa5500", "name": _names("掌灯人", "Lamplighters", de="Lampenanzünder", ko="점등인")},
    {"id": "meridian", "side": "corp", "color": "#0055aa", "name": _names("子午集团", "Meridian Group", fr="Groupe Méridien")},
]  # fmt: skip

IDENTITIES: list[dict[str, Any]] = [
    {
        "id": "wren_quiet_courier",
        "side": "runner",
        "faction": "lamplighters",
        "min_deck_size": 40,
        "influence_limit": 15,
        "base_link": 1,
        "set": "first_light",
        "subtypes": ["virus"],
        "name": _names("雷恩：静默信使", "Wren: Quiet Courier", de="Wren: Stille Kurierin", ja="レン：静かな運び屋"),
        "printed_text": {
            "en": ["The first time each turn you make a successful run, gain 1[credit]."],
            "zh-Hans": ["你每回合第一次成功潜袭时，获得 1[credit]。"],
            "de": ["Wenn du zum ersten Mal in einem Zug erfolgreich einen Run machst, erhältst du 1[credit]."],
        },
        "printings": [{"code": "71001", "set": "first_light", "cycle": "dawn_cycle", "position": 1, "quantity": 1,
                       "illustrator": "Ilse Varga"}],
        "reading": {"status": "printed_only", "unread": [{"index": 0, "reason": "no_template"}]},
        "text": [],
    },
    {
        "id": "meridian_tides_of_trade",
        "side": "corp",
        "faction": "meridian",
        "min_deck_size": 45,
        "influence_limit": 17,
        "set": "lone_box",
        "name": _names("子午集团：贸易之潮", "Meridian: Tides of Trade™"),
        "search_name": "Meridian: Tides of Trade",
        "text": ["每当你安装 1 张卡牌时，你获得 1[credit]。"],
        "printed_text": {"en": ["Whenever you install a card, gain 1[credit]."]},
        "printings": [{"code": "73001", "set": "lone_box", "position": 1, "quantity": 1}],
    },
]  # fmt: skip

CARDS: list[dict[str, Any]] = [
    {
        "id": "lucky_draw",
        "type": "event",
        "faction": "lamplighters",
        "cost": 4,
        "influence": 0,
        "deck_limit": 3,
        "unique": False,
        "set": "first_light",
        "subtypes": [],
        "name": _names("好运抽奖", "Lucky Draw", de="Glückliche Ziehung", es="Sorteo Afortunado", ja="幸運の抽選",
                       ko="행운의 추첨", zh_Hant="好運抽獎"),
        "flavor": {"en": "Some nights the ring warms on your finger.", "zh-Hans": "有些夜里，指环会在你指间发热。",
                   "de": "Manche Nächte wird der Ring am Finger warm.", "ja": "夜によっては、指輪が指で温まる。"},
        "text": ["你获得 7[credit]。", "你抽 2 张牌，然后弃 1 张牌。"],
        "printed_text": {
            "en": ["Take 7[credit] from the bank.", "Draw 2 cards, then trash 1 card."],
            "zh-Hans": ["从银行拿取7[credit]。", "抽2张牌，然后弃1张牌。"],
            "ja": ["銀行から7[credit]を受け取る。"],
            "ko": ["은행에서 7[credit]을 받는다."],
        },
        "printings": [
            {"code": "71010", "set": "first_light", "cycle": "dawn_cycle", "position": 10, "quantity": 3,
             "illustrator": "Ilse Varga"},
            {"code": "72010", "set": "second_tide", "position": 10, "quantity": 3, "illustrator": "Tomás Ñúñez"},
            {"code": "73010", "set": "lone_box", "position": 10, "quantity": 2},
        ],
        "reading": {"read": [0, 1], "status": "executable"},
    },
    {
        "id": "fret_saw",
        "type": "program",
        "faction": "lamplighters",
        "cost": 3,
        "memory_cost": 1,
        "strength": 2,
        "influence": 2,
        "unique": False,
        "set": "second_tide",
        "subtypes": ["icebreaker"],
        "name": _names("弓锯", "Fret-Saw", fr="Scie à chantourner"),
        "search_name": "Fret Saw",
        "text": ["互动 1[credit]：破解 1 道屏障子程序。", "1[credit]：本程序 +X 强度，X 为 0-3。"],
        "printed_text": {"en": ["Interface → 1[credit]: Break 1 barrier subroutine.",
                                "1[credit]: +X strength, X from 0-3."]},
        "printings": [{"code": "72004", "set": "second_tide", "position": 4, "quantity": 3}],
        "reading": {"status": "partial", "read": [0], "unread": [{"index": 1, "reason": "no_template"}]},
    },
    {
        "id": "tidewall",
        "type": "ice",
        "faction": "meridian",
        "rez_cost": 5,
        "strength": 6,
        "influence": 3,
        "set": "lone_box",
        "subtypes": ["barrier"],
        "name": _names("潮墙", "Tidewall"),
        "text": ["[subroutine] 停止此次潜袭。", "[subroutine] 停止此次潜袭。"],
        "printed_text": {"en": ["[subroutine] Stop this run.", "[subroutine] Stop this run."],
                         "zh-Hans": ["[subroutine] 停止此次潜袭。", "[subroutine] 停止此次潜袭。"]},
        "flavor": {"en": "“It holds,” she said. ‘It always holds.’", "zh-Hans": "“它撑得住，”她说。‘它总撑得住。’"},
        "printings": [{"code": "73005", "set": "lone_box", "position": 5, "quantity": 3, "illustrator": "K. Ōta"}],
    },
    {
        "id": "harbor_accord",
        "type": "agenda",
        "faction": "meridian",
        "advancement_requirement": 4,
        "agenda_points": 2,
        "set": "first_light",
        "name": _names("港口协定", "Harbor Accord", pl="Porozumienie portowe"),
        "text": ["计分时：你获得 ３ 点信用点；每个 X 张牌 +1。"],
        "printed_text": {"en": ["When you score this agenda, gain ３[credit]."]},
        "printings": [{"code": "71020", "set": "first_light", "position": 20, "quantity": 2}],
    },
    {
        "id": "quiet_hours",
        "type": "resource",
        "faction": "lamplighters",
        "cost": 0,
        "unique": True,
        "set": "second_tide",
        "name": _names("Quiet Hours", "Quiet Hours"),
        "text": [],
        "printed_text": {"en": ["When your turn begins, you may draw 1 card."]},
        "printings": [{"code": "72030", "set": "second_tide", "position": 30, "quantity": 3}],
        "reading": {"status": "printed_only"},
    },
]  # fmt: skip

FORMATS: list[dict[str, Any]] = [
    {
        "id": "harbor_standard",
        "name": _names("港口标准", "Harbor Standard"),
        "players": {"min": 2, "max": 2},
        "sets": ["first_light", "second_tide"],
        "ban_list": "harbor_list_2",
        "ban_lists": [
            {"id": "harbor_list_1", "name": _names("港口清单 1", "Harbor List 1"), "date_start": "2030-01-01",
             "banned": ["tidewall"], "global_penalty": {"lucky_draw": 1, "fret_saw": 1}},
            {"id": "harbor_list_2", "name": _names("港口清单 2", "Harbor List 2", de="Hafenliste 2"),
             "banned": ["fret_saw"], "restricted": ["lucky_draw"], "points": {"tidewall": 2},
             "universal_faction_cost": {"harbor_accord": 1}},
        ],
    },
    {
        "id": "open_sea",
        "name": _names("开放海域", "Open Sea"),
        "players": {"min": 2, "max": 2},
        "banned": ["quiet_hours"],
        "restricted": ["lucky_draw", "tidewall"],
    },
]  # fmt: skip

OTHER_GAMES: dict[str, dict[str, Any]] = {
    "tactics/cards/signal_lance.json": {
        "game": "tactics", "kind": "card", "id": "signal_lance", "category": "equipment", "back": "personal",
        "name": _names("信号长矛", "Signal Lance"),
        "cost": {"mortgage": 2, "tap": True},
        "equipment": {"size": "carried", "users": ["agent"], "shield": 1,
                      "attack": {"style": "ranged", "subtype": "rifle", "speed": 2, "range": {"min": 1, "max": 6}}},
        "flavor": {"en": "It hums before it sings.", "zh-Hans": "它先低鸣，后歌唱。"},
        "text": ["响应：对距离 0-2 内的目标敌方单位造成 1 点伤害。"],
    },
    "tactics/agents/kestrel.json": {
        "game": "tactics", "kind": "agent", "id": "kestrel", "hp": 11, "move": 3, "private": False, "symbol": "隼",
        "name": _names("红隼", "Kestrel"), "subtypes": ["scout"],
        "text": ["回合开始时：本单位移动 0-1。", "主动 横置，-1：本单位进行 1 次袭击。"],
    },
    "crossfire/roles/lookout.json": {
        "game": "crossfire", "kind": "role", "id": "lookout", "team": "red", "armed": False, "guns": 0,
        "special": True, "protects": False, "name": _names("望风者", "Lookout"),
        "text": ["你可以查看 1 名玩家的身份。"], "win": ["如果红队获胜，你获胜。"],
    },
}  # fmt: skip


def write_pool(root: Path) -> Path:
    """The pool above as record files under ``root`` (an import's hidden files beside them, which a build skips)."""

    def put(relative: str, record: dict[str, Any]) -> None:
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(canonical_dumps(record), encoding="utf-8")

    base = {"game": "netrunner"}
    put("netrunner/game.json", NETRUNNER_GAME)
    for faction in FACTIONS:
        put(f"netrunner/factions/{faction['id']}.json", {**base, "kind": "faction", "neutral": False, **faction})
    for identity in IDENTITIES:
        put(f"netrunner/identities/{identity['id']}.json", {**base, "kind": "identity", **identity})
    for card in CARDS:
        put(f"netrunner/cards/{card['id']}.json", {**base, "kind": "card", "deck_limit": 3, **card})
    for mode in FORMATS:
        put(f"netrunner/modes/{mode['id']}.json", {**base, "kind": "format", **mode})
    for relative, record in OTHER_GAMES.items():
        put(relative, record)
    put("netrunner/.schema/netrunner/card.schema.json", {"title": "not a record"})
    (root / "netrunner" / ".dossier-import.json").write_text("{}", encoding="utf-8")
    return root


# ---------------------------------------------------------------------------
# what a build wrote


def plain_grams(*texts: str | None) -> list[str]:
    """The Chinese characters and adjacent pairs of ``texts``, each once, in text order: the plain loop."""
    cjk = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]")
    out: dict[str, None] = {}
    for text in texts:
        if not text:
            continue
        normal = unicodedata.normalize("NFKC", text)
        for i, char in enumerate(normal):
            if cjk.fullmatch(char):
                out[char] = None
                if i + 1 < len(normal) and cjk.fullmatch(normal[i + 1]):
                    out[char + normal[i + 1]] = None
    return list(out)


def fts_queries(conn: sqlite3.Connection) -> dict[str, list[tuple[str, list[int]]]]:
    """What the text indexes answer: the trigram index for three-character pieces of every indexed column, the
    index of Chinese characters and pairs for every character and pair of every record (by the plain loop)."""
    trigram: dict[str, None] = {}
    grams: dict[tuple[str, str], None] = {}
    columns = ", ".join(FTS_COLUMNS)
    for row in conn.execute(f"SELECT {columns} FROM records ORDER BY pk"):
        values = dict(zip(FTS_COLUMNS, row, strict=True))
        for value in row:
            for word in re.findall(r"\w{3,}", value or ""):
                trigram[word[:3]] = None
                trigram[word[-3:]] = None
        name = plain_grams(values["name_zh"], values["name_en"], values["name_folded"])
        text = plain_grams(values["text"], values["text_compact"])
        flavor = plain_grams(values["flavor_zh"])
        for column, pieces in (("name", name), ("text", text), ("flavor", flavor)):
            grams.update(dict.fromkeys((column, gram) for gram in pieces))

    def found(table: str, query: str) -> list[int]:
        sql = f"SELECT rowid FROM {table} WHERE {table} MATCH ? ORDER BY rowid"
        return [pk for (pk,) in conn.execute(sql, (query,))]

    return {
        "record_fts": [(piece, found("record_fts", '"' + piece.replace('"', '""') + '"')) for piece in sorted(trigram)],
        "record_grams": [(query, found("record_grams", query)) for query in (f'{c} : "{g}"' for c, g in sorted(grams))],
    }


def dump(db: Path, root: Path) -> dict[str, list[Any]]:
    """Every row of every table (the source paths relative to ``root``; the meta values that name the build's
    place and time left out), and what the text indexes answer."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        out: dict[str, list[Any]] = {}
        for table, columns in COLUMNS.items():
            names = ", ".join(f'"{column}"' for column in columns)
            rows = [list(row) for row in conn.execute(f"SELECT {names} FROM {table} ORDER BY {names}")]
            if table == "records":
                source = columns.index("source")
                for row in rows:
                    row[source] = Path(row[source]).relative_to(root).as_posix()
            if table == "meta":
                rows = [row for row in rows if row[0] not in ("sources", "source_fingerprints")]
            out[table] = rows
        out.update(fts_queries(conn))
        return out
    finally:
        conn.close()


def digests(content: dict[str, list[Any]]) -> dict[str, str]:
    """Each table's row count and the SHA-256 of its rows as JSON."""
    return {
        table: f"{len(rows)} {hashlib.sha256(json.dumps(rows, ensure_ascii=False).encode()).hexdigest()}"
        for table, rows in content.items()
    }


# Taken from the build before issue 27 made it faster (paste what a failure prints when the content changes on
# purpose). Session 74: the pool's values listed twice (a subtype, a format's set, a banned card), which the models
# refuse now, are listed once; only the records' own JSON changed (every table the build derives kept its digest).
# Session 75: the searched text and flavour as `dossier show` prints them (no markup), in NFKC, schema 8: records,
# record_fts and meta changed.
GOLDEN: dict[str, str] = {
    "records": "15 340cdd7922909a79a664e83615b29e56cf1877534e33301349266ac46f56a391",
    "tactics_attrs": "2 d7476533c1613e4de8724d53e26d86c215e2e1d093ec34f5ff0f85baad6fb248",
    "netrunner_attrs": "9 e861017e1e5e196b6103414adb4d158452d7e0a62ce9a482209cea1fafd4d6e5",
    "crossfire_attrs": "1 442196405c50453022154c05daeb5596589a5aea499cfe80ed79d6c82d8c73a9",
    "mode_attrs": "3 83070e30dc650e088c6b52dd716f7e3a782cd534762203f6b4deafb3dd03ae91",
    "names": "30 63474fbac8db855e8dbd15c5f6073129172e7374a019d4e8505492a4584ac183",
    "abilities": "28 d8abaceae1d3705d3ef854f219e75b0fd23d201fb8de555b1722b7bb2b1703c4",
    "subtypes": "5 cc7b2df3784c8b122138ee665b2df7b6c39ef778bd9947e4e041285a59da91f8",
    "printings": "9 92877c2805d3c1429c7f177ec7cbb52c314190587171741700903e3777de83cc",
    "format_cards": "10 e27517d37c829f6e14903894fdcd00c383ac1136560c4ffce6d264a6144af721",
    "format_sets": "2 85160e7431187e8c69f107866c00fc48f5be2b6c8e4ac473f7b4bd367a48ecc0",
    "terms": "15 f0b787f57179249a752eca4c40e767615ee8691a862bafce788c1a812dea3b53",
    "meta": "4 62c00357b8685bf579e3f3741616f867d66dcfbbf0db51f2f07ac72593be0ec6",
    "record_fts": "258 19db7dd19579747501f327c6e44b579f44345cc56f25174a23520623b795fb69",
    "record_grams": "326 f42205849b3fc44ead74a586a9810653176c5aaba92d30e0c2b35ae730534fb8",
}


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_pool(tmp_path_factory.mktemp("pool") / "cards")


@pytest.fixture(scope="module")
def built(pool: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Any]]:
    db = tmp_path_factory.mktemp("db") / "pool.db"
    report = build_from_files([pool], resolve_target(str(db)))
    assert report.records == len(CARDS) + len(IDENTITIES) + len(FACTIONS) + len(FORMATS) + 1 + len(OTHER_GAMES)
    assert report.fts == "trigram+grams"
    return dump(db, pool)


def test_the_build_writes_what_it_wrote_before(built: dict[str, list[Any]]) -> None:
    found = digests(built)
    changed = sorted(table for table in found if found[table] != GOLDEN.get(table))
    new = json.dumps(found, indent=4, ensure_ascii=False)
    assert not changed, f"the content of {', '.join(changed)} changed; if on purpose, GOLDEN = {new}"


def test_every_table_and_index_is_filled(built: dict[str, list[Any]]) -> None:
    """The pool reaches every table the digests cover, so a change anywhere shows."""
    assert [table for table, rows in built.items() if not rows] == []
    assert all(pks for _, pks in built["record_grams"])
    assert sum(1 for _, pks in built["record_fts"] if pks) > 100


def test_a_catalog_build_writes_the_same(pool: Path, built: dict[str, list[Any]], tmp_path: Path) -> None:
    """build_database (a loaded catalog) and build_from_files (records streamed) write the same content."""
    db = tmp_path / "catalog.db"
    build_database(load_catalog([pool]), resolve_target(str(db)), sources=[pool])
    assert dump(db, pool) == built


# ---------------------------------------------------------------------------
# the pieces, against the plain ways of computing them

_PLAIN_QUANTITY = re.compile(r"[+\-]?(?:\d+(?:-\d+)?|(?<![A-Za-z])X(?![A-Za-z]))\s*[张点个名次枚层回轮格项颗]?")
_PLAIN_SPACE = re.compile(r"\s+")
# what texts are made of: digits of several scripts, X beside letters and not, signs, ranges, spaces of several
# kinds, measure words, Chinese, full-width forms, brackets, punctuation
_ALPHABET = [
    *"0123456789０１２３٣७XxaBz+-－ \t\n\u3000",
    *"张点个名次枚层回轮格项颗抽牌你获得伤害[credit]。，：()「」·",
    *"\U00020001\uf900ｘⅫ",
]


def _texts(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(_ALPHABET) for _ in range(rng.randint(0, 40))) for _ in range(count)]


def test_compact_text_is_the_plain_substitution() -> None:
    texts = _texts(20_000, 27) + [str(c["text"]) for c in CARDS] + ["+X张", "X-3", "aX", "Xa", "-3-5点", "+-3", "3 -"]
    for text in texts:
        normal = unicodedata.normalize("NFKC", text)
        want = _PLAIN_SPACE.sub("", _PLAIN_QUANTITY.sub("", normal))
        assert compact_normal(normal) == want, text
        assert compact_text(text) == want, text


def test_grams_are_the_plain_loop() -> None:
    texts = _texts(20_000, 28)
    for first, second in zip(texts, texts[1:], strict=False):
        assert cjk_grams(first, second).split() == plain_grams("\n".join((first, second))), (first, second)
        normal = unicodedata.normalize("NFKC", first)
        assert normal_grams(normal).split() == plain_grams(normal), first


def test_the_english_worked_out_alongside_is_the_english_worked_out_here(
    pool: Path, built: dict[str, list[Any]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, forking: None
) -> None:
    """The process that works out the English of the ability texts during `db build` gives what the rows work
    out themselves when it cannot run (or fails): the same database."""
    import toolkit.db.build as build_module

    started: list[Any] = []
    real_start = build_module._English.start.__func__  # type: ignore[attr-defined]

    def start(cls: Any, paths: Any) -> Any:
        started.append(real_start(cls, paths))
        return started[-1]

    monkeypatch.setattr(build_module._English, "start", classmethod(start))
    db = tmp_path / "forked.db"
    build_from_files([pool], resolve_target(str(db)))
    assert started and started[0] is not None  # (the English was worked out in the forked process)
    assert dump(db, pool) == built

    monkeypatch.setattr(build_module._English, "start", classmethod(lambda cls, paths: None))
    db = tmp_path / "alone.db"
    build_from_files([pool], resolve_target(str(db)))
    assert dump(db, pool) == built

    def failed(paths: list[Path], send: Any) -> None:
        send.send(None)
        send.close()

    monkeypatch.setattr(build_module._English, "start", classmethod(start))
    monkeypatch.setattr(build_module, "_english_worker", failed)
    db = tmp_path / "failed.db"
    build_from_files([pool], resolve_target(str(db)))
    assert started[-1] is not None
    assert dump(db, pool) == built
