"""The database: build and search on SQLite and PostgreSQL, atomic rebuilds, same content twice.

Every test that takes ``backend`` runs on SQLite and on PostgreSQL; the
PostgreSQL cases need a server named by DOSSIER_TEST_PG_URL (``.ci/postgres.sh``
starts one) and skip with that reason without it. Search results are checked
against a plain-Python reading of the same records.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.schema import DropSchema

from toolkit.catalog import Catalog, load_catalog
from toolkit.db import build_database, open_database, resolve_target
from toolkit.db.rows import compact_text, sort_key
from toolkit.errors import DossierError
from toolkit.jsonio import canonical_dumps
from toolkit.search import search

from .conftest import CARDS

PG_URL = os.environ.get("DOSSIER_TEST_PG_URL")


def _pg_skip_reason() -> str | None:
    if not PG_URL:
        return "DOSSIER_TEST_PG_URL is not set: no PostgreSQL server to test against (.ci/postgres.sh starts one)"
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed (pip install 'psycopg[binary]')"
    return None


PG_SKIP = _pg_skip_reason()
BACKENDS = [
    pytest.param("sqlite", id="sqlite"),
    pytest.param("postgresql", id="postgresql", marks=pytest.mark.skipif(PG_SKIP is not None, reason=PG_SKIP or "")),
]


def new_url(backend: str, directory: Path) -> str:
    """A fresh, empty database location: a file, or a new PostgreSQL schema."""
    if backend == "sqlite":
        return str(directory / "dossier.db")
    assert PG_URL is not None
    separator = "&" if "?" in PG_URL else "?"
    return f"{PG_URL}{separator}schema=test_{uuid.uuid4().hex[:12]}"


def drop(url: str) -> None:
    target = resolve_target(url)
    if target.backend != "postgresql":
        return
    engine = create_engine(target.url)
    with engine.begin() as conn:
        conn.execute(DropSchema(target.schema, cascade=True, if_exists=True))
    engine.dispose()


def pool_database(backend: str, directory: Path, pool: Path) -> Iterator[str]:
    """A fixture's database of the card pool ``pool`` on ``backend`` (in ``directory``): built, yielded, dropped."""
    url = new_url(backend, directory)
    build_database(load_catalog([pool]), resolve_target(url))
    yield url
    drop(url)


@pytest.fixture
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    url = new_url(request.param, tmp_path)
    yield url
    drop(url)


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog([CARDS])


@pytest.fixture(scope="module", params=BACKENDS)
def bundled(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, catalog: Catalog
) -> Iterator[str]:
    """The bundled data, built once per backend for this module."""
    url = new_url(request.param, tmp_path_factory.mktemp("bundled"))
    build_database(catalog, resolve_target(url))
    yield url
    drop(url)


def refs(url: str, query: str, game: str | None = None) -> list[str]:
    with open_database(url) as db:
        return [hit.ref for hit in search(db, query, game=game)]


def expected(catalog: Catalog, predicate: Callable[[Any], bool]) -> list[str]:
    records = sorted(catalog.records, key=sort_key)
    return [f"{r.game}/{r.id}" for r in records if predicate(r)]  # type: ignore[attr-defined]


# --------------------------------------------------------------------------
# a plain-Python reading of each key, to check the SQL against


def attack_of(r: Any) -> Any:
    if r.game != "tactics":
        return None
    if r.kind == "card":
        return r.equipment.attack if r.equipment is not None else None
    return getattr(r, "attack", None) if r.kind in ("unit", "attack") else None


NUMBERS: dict[str, Callable[[Any], Any]] = {
    "cost": lambda r: (
        getattr(r, "cost", getattr(r, "rez_cost", None))
        if (r.game, r.kind) == ("netrunner", "card")
        else -r.cost.mortgage  # a tactics mortgage X is cost -X, as shown; no mortgage: cost 0
        if (r.game, r.kind) == ("tactics", "card")
        else None
    ),
    "influence": lambda r: r.influence if (r.game, r.kind) == ("netrunner", "card") else None,
    "strength": lambda r: getattr(r, "strength", None) if r.game == "netrunner" else None,
    "points": lambda r: getattr(r, "agenda_points", None),
    "advancement": lambda r: getattr(r, "advancement_requirement", None),
    "memory": lambda r: getattr(r, "memory_cost", None),
    "trash": lambda r: getattr(r, "trash_cost", None),
    "link": lambda r: getattr(r, "base_link", None),
    "deck_size": lambda r: getattr(r, "min_deck_size", None),
    "influence_limit": lambda r: getattr(r, "influence_limit", None),
    "limit": lambda r: r.deck_limit if (r.game, r.kind) == ("netrunner", "card") else None,
    "hp": lambda r: getattr(r, "hp", None) if r.game == "tactics" else None,
    "move": lambda r: getattr(r, "move", None) if r.game == "tactics" else None,
    "slot": lambda r: r.equipment.slots if r.game == "tactics" and r.kind == "card" and r.equipment else None,
    "speed": lambda r: attack_of(r).speed if attack_of(r) is not None else None,
    "shield": lambda r: r.equipment.shield if r.game == "tactics" and r.kind == "card" and r.equipment else None,
}

COMPARE: dict[str, Callable[[int, int], bool]] = {
    ":": lambda a, b: a == b,
    "<": lambda a, b: a < b,
    ">": lambda a, b: a > b,
    "<=": lambda a, b: a <= b,
    ">=": lambda a, b: a >= b,
}


@pytest.mark.parametrize("op", [":", "<", ">", "<=", ">=", "!"])
@pytest.mark.parametrize("key", sorted(NUMBERS))
def test_number_keys(bundled: str, catalog: Catalog, key: str, op: str) -> None:
    read = NUMBERS[key]
    values = Counter(v for r in catalog.records if (v := read(r)) is not None)
    assert values, f"the bundled data has no value for {key}"
    value = values.most_common(1)[0][0]
    if op == "!":
        want = expected(catalog, lambda r: read(r) is not None and read(r) != value)  # a record without one: neither
    else:
        want = expected(catalog, lambda r: read(r) is not None and COMPARE[op](read(r), value))
    assert refs(bundled, f"{key}{op}{value}") == want


def tactics_range(r: Any) -> tuple[int, int] | None:
    attack = attack_of(r)
    return (attack.range.min, attack.range.max) if attack is not None else None


@pytest.mark.parametrize(
    ("query", "predicate"),
    [
        ("range:5", lambda r: (x := tactics_range(r)) is not None and x[0] <= 5 <= x[1]),
        ("攻击距离>=10", lambda r: (x := tactics_range(r)) is not None and x[1] >= 10),
        ("range<1", lambda r: (x := tactics_range(r)) is not None and x[0] < 1),
        ("range!5", lambda r: (x := tactics_range(r)) is not None and not x[0] <= 5 <= x[1]),
        ("players:8", lambda r: r.kind in ("game", "mode", "format", "map") and r.players.min <= 8 <= r.players.max),
        ("人数>=4", lambda r: r.kind in ("game", "mode", "format", "map") and r.players.max >= 4),
    ],
)
def test_range_keys(bundled: str, catalog: Catalog, query: str, predicate: Callable[[Any], bool]) -> None:
    want = expected(catalog, predicate)
    assert want
    assert refs(bundled, query) == want


def type_of(r: Any) -> str:
    if r.game == "tactics" and r.kind == "card":
        return str(r.category)
    if (r.game, r.kind) in (("tactics", "unit"), ("netrunner", "card")):
        return str(r.type)
    return str(r.kind)


def cost_tap(r: Any) -> bool:
    return (r.game, r.kind) == ("tactics", "card") and r.cost.tap


@pytest.mark.parametrize(
    ("query", "predicate"),
    [
        ("t:装备", lambda r: type_of(r) == "equipment"),
        ("t:equipment|skill", lambda r: type_of(r) in ("equipment", "skill")),
        ("类型:随从", lambda r: type_of(r) == "minion"),
        ("t:障碍", lambda r: type_of(r) == "obstacle"),
        ("t:特工", lambda r: type_of(r) == "agent"),
        ("t:防火墙", lambda r: type_of(r) == "ice"),
        ("t:Program", lambda r: type_of(r) == "program"),
        ("t:特性", lambda r: type_of(r) == "identity"),
        ("t:角色", lambda r: type_of(r) == "role"),
        (
            "t!装备 game:tactics k:card",
            lambda r: r.game == "tactics" and r.kind == "card" and type_of(r) != "equipment",
        ),
        ("k:unit", lambda r: r.kind == "unit"),
        ("game:谍战特工", lambda r: r.game == "crossfire"),
        (
            "d:runner",
            lambda r: (
                r.game == "netrunner"
                and r.kind in ("card", "identity")  # (not the faction records: card terms find cards)
                and getattr(r, "side", None) == "runner"
                or (r.game, r.kind) == ("netrunner", "card")
                and r.type in ("hardware", "resource", "program", "event")
            ),
        ),
        ("阵营:公司 t:ice", lambda r: type_of(r) == "ice"),
        ("f:anarch", lambda r: r.kind in ("card", "identity") and getattr(r, "faction", None) == "anarch"),
        (
            "派系:人间会社",
            lambda r: r.kind in ("card", "identity") and getattr(r, "faction", None) == "jinteki",
        ),
        ("f:haas-bioroid", lambda r: r.kind in ("card", "identity") and getattr(r, "faction", None) == "haas_bioroid"),
        ("f!anarch t:program", lambda r: type_of(r) == "program" and r.faction != "anarch"),
        ("s:barrier", lambda r: "barrier" in getattr(r, "subtypes", [])),
        ("s:哨兵|屏障", lambda r: {"sentry", "barrier"} & set(getattr(r, "subtypes", []))),
        ("s:Code-Gate", lambda r: "code_gate" in getattr(r, "subtypes", [])),
        ("u:yes", lambda r: getattr(r, "unique", False) is True),
        ("唯一:否 t:asset", lambda r: type_of(r) == "asset" and not r.unique),
        ("e:dossier_demo t:agenda", lambda r: type_of(r) == "agenda" and r.set == "dossier_demo"),
        ("token:yes", lambda r: getattr(r, "token", None) is not None),
        ("shop:是", lambda r: getattr(r, "back", None) == "shop"),
        ("shop:no", lambda r: getattr(r, "back", None) == "personal"),
        ("横置:是", cost_tap),
        ("response:yes", lambda r: (r.game, r.kind) == ("tactics", "card") and r.is_response),
        (
            "size:重型",
            lambda r: r.game == "tactics" and r.kind == "card" and r.equipment and r.equipment.size == "heavy",
        ),
        ("style:近战", lambda r: (a := attack_of(r)) is not None and a.style == "melee"),
        ("专用:烈风", lambda r: getattr(r, "agent", None) == "gale"),
        ("agent:gale|jackdaw", lambda r: getattr(r, "agent", None) in ("gale", "jackdaw")),
        ("专用:风", lambda r: getattr(r, "agent", None) == "gale"),
        ("exclusive:no t:equipment", lambda r: type_of(r) == "equipment" and r.agent is None),
        ("team:红", lambda r: getattr(r, "team", None) == "red"),
        ("队伍:blue armed:yes", lambda r: getattr(r, "team", None) == "blue" and r.armed),
        ("特殊:是 持械:否", lambda r: getattr(r, "special", False) and not r.armed),
        ("id:sniper", lambda r: r.id == "sniper"),
    ],
)
def test_attribute_keys(bundled: str, catalog: Catalog, query: str, predicate: Callable[[Any], bool]) -> None:
    want = expected(catalog, predicate)
    assert want, f"{query!r} should find something in the bundled data"
    assert refs(bundled, query) == want


def texts(r: Any) -> list[str]:
    from toolkit.models import iter_texts

    return [t for _, t in iter_texts(r)]


def name_has(r: Any, word: str) -> bool:
    return word.casefold() in r.name.zh_hans.casefold() or word.casefold() in (r.name.en or "").casefold()


def text_has(r: Any, word: str) -> bool:
    joined = "\n".join(texts(r))
    return word.casefold() in joined.casefold() or word in compact_text(joined)


@pytest.mark.parametrize(
    ("query", "predicate"),
    [
        ("抽牌", lambda r: name_has(r, "抽牌") or text_has(r, "抽牌")),
        ("造成伤害", lambda r: name_has(r, "造成伤害") or text_has(r, "造成伤害")),
        ("狙击", lambda r: name_has(r, "狙击") or text_has(r, "狙击")),
        ("sniper", lambda r: name_has(r, "sniper")),
        ("RIFLE", lambda r: name_has(r, "rifle")),
        ('"sniper rifle"', lambda r: name_has(r, "sniper rifle")),
        ("名:手雷", lambda r: name_has(r, "手雷")),
        ("name:grenade", lambda r: name_has(r, "grenade")),
        ("x:信用点", lambda r: text_has(r, "信用点")),
        ("文本:[credit]", lambda r: text_has(r, "[credit]")),
        ("x:购买牌", lambda r: text_has(r, "购买牌")),
        ('x:"你购买 1 张牌"', lambda r: any("你购买 1 张牌" in t for t in texts(r))),
        ("x!抽牌 t:skill", lambda r: type_of(r) == "skill" and not text_has(r, "抽牌")),
        ("a:子弹", lambda r: (f := getattr(r, "flavor", None)) is not None and "子弹" in f.zh_hans),
        ("名!手雷 t:item", lambda r: type_of(r) == "item" and not name_has(r, "手雷")),
        ("name!grenade t:item", lambda r: type_of(r) == "item" and not name_has(r, "grenade")),
        ("a!子弹 t:equipment", lambda r: type_of(r) == "equipment" and r.flavor is not None and "子弹" not in r.flavor.zh_hans),
        ("100%", lambda r: False),
        ("_x_", lambda r: False),
    ],
)
def test_text_keys_in_both_languages(
    bundled: str, catalog: Catalog, query: str, predicate: Callable[[Any], bool]
) -> None:
    # sorted: a query naming a card lists the records so named first (tests/test_search_names.py)
    assert sorted(refs(bundled, query)) == sorted(expected(catalog, predicate))


def english_of(record: Any) -> str:
    """What ``dossier show --lang en`` prints of a record's ability texts."""
    from toolkit.text import parse, render

    return "\n".join(render(parse(t), "en") for t in texts(record)).casefold()


@pytest.mark.parametrize("query", ["draw", "x:draw", "text:expose", '"1 card"'])
def test_ability_text_is_found_by_its_english(bundled: str, catalog: Catalog, query: str) -> None:
    """A card without printed English is found by the English of its texts, as `show --lang en` prints them."""
    word = query.split(":")[-1].strip('"')
    wanted = expected(catalog, lambda r: r.game != "netrunner" and word in english_of(r))
    assert wanted  # (bundled tactics and crossfire cards say these words in English)
    found = [ref for ref in refs(bundled, query) if not ref.startswith("netrunner/")]
    assert sorted(found) == sorted(wanted)


@pytest.mark.parametrize(
    ("query", "game", "wanted"),
    [
        ("t:装备 攻速>=2", None, "tactics/longbow_sniper_rifle"),
        ("抽牌", "tactics", "tactics/longbow_sniper_rifle"),
        ("f:weyland t:ice", "netrunner", "netrunner/weyland_slag_rampart"),
        ("cost<2 d:runner t:program", None, "netrunner/cache_sorter"),
        ("狙击手", "crossfire", "crossfire/sniper"),
        ("team:红", "crossfire", "crossfire/assassin"),
    ],
)
def test_examples_from_the_issue(bundled: str, query: str, game: str | None, wanted: str) -> None:
    found = refs(bundled, query, game)
    assert wanted in found
    if game is not None:
        assert all(ref.startswith(f"{game}/") for ref in found)


@pytest.mark.parametrize("backend", BACKENDS)
def test_plain_sql_tables(backend: str, tmp_path: Path, catalog: Catalog) -> None:
    """The tables read well in plain SQL: per-game attributes, names, abilities, subtypes, terms."""
    url = new_url(backend, tmp_path)
    try:
        build_database(catalog, resolve_target(url))
        with open_database(url) as db, db.connect() as conn:
            row = conn.execute(
                text(
                    "SELECT r.name_zh, t.speed, t.range_min, t.range_max, t.slots FROM records r "
                    "JOIN tactics_attrs t ON t.pk = r.pk WHERE r.game = 'tactics' AND r.id = 'longbow_sniper_rifle'"
                )
            ).one()
            assert tuple(row) == ("长弓狙击步枪", 2, 3, 12, 2)
            names = conn.execute(
                text(
                    "SELECT lang, name FROM names n JOIN records r ON r.pk = n.record_pk WHERE r.id = 'gale' ORDER BY lang"
                )
            ).all()
            assert [tuple(n) for n in names] == [("en", "Gale"), ("zh-Hans", "烈风")]
            abilities = conn.execute(
                text(
                    "SELECT count(*) FROM abilities a JOIN records r ON r.pk = a.record_pk "
                    "WHERE r.game = 'tactics' AND r.id = 'gale' AND a.face = 'front'"
                )
            ).scalar_one()
            assert abilities == 2
            subtype = conn.execute(
                text("SELECT name_zh FROM terms WHERE game = 'netrunner' AND vocab = 'subtype' AND id = 'sentry'")
            ).scalar_one()
            assert subtype == "哨兵"
            counts = dict(conn.execute(text("SELECT game, count(*) FROM records GROUP BY game")).all())  # type: ignore[arg-type]
            assert counts == dict(Counter(r.game for r in catalog.records))  # type: ignore[attr-defined]
    finally:
        drop(url)


def dump(url: str) -> list[tuple[Any, ...]]:
    """Every row of every table, in a stable order."""
    from toolkit.db.tables import METADATA

    rows: list[tuple[Any, ...]] = []
    with open_database(url) as db, db.connect() as conn:
        for table in METADATA.sorted_tables:
            result = conn.execute(table.select().order_by(*table.primary_key.columns))
            rows.extend((table.name, *row) for row in result)
    return rows


@pytest.mark.parametrize("db_url", BACKENDS, indirect=True)
def test_building_twice_gives_the_same_content(db_url: str, catalog: Catalog) -> None:
    build_database(catalog, resolve_target(db_url), sources=[CARDS])
    first = dump(db_url)
    build_database(catalog, resolve_target(db_url), sources=[CARDS])
    assert dump(db_url) == first
    assert len(first) > len(catalog.records)


@pytest.mark.parametrize("db_url", BACKENDS, indirect=True)
def test_a_failed_build_leaves_the_old_database(db_url: str, catalog: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    build_database(catalog, resolve_target(db_url))
    before = refs(db_url, "t:装备")
    import toolkit.db.build as build_module

    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(build_module, "_insert_all", broken)
    with pytest.raises(RuntimeError):
        build_database(catalog, resolve_target(db_url))
    assert refs(db_url, "t:装备") == before
    target = resolve_target(db_url)
    if target.path is not None:
        assert sorted(p.name for p in target.path.parent.iterdir()) == ["dossier.db"]


def write_corpus(root: Path, copies: int) -> Path:
    """The bundled tactics data plus ``copies`` renamed clones of its cards."""
    import json
    import shutil

    shutil.copytree(CARDS / "tactics", root / "tactics")
    cards = sorted((root / "tactics" / "cards").glob("*.json"))
    for i in range(copies):
        data = json.loads(cards[i % len(cards)].read_text(encoding="utf-8"))
        data["id"] = f"{data['id']}_{i}"
        data["name"] = {lang: f"{value} {i}" for lang, value in data["name"].items()}
        (root / "tactics" / "cards" / f"{data['id']}.json").write_text(canonical_dumps(data), encoding="utf-8")
    return root / "tactics"


@pytest.fixture(scope="module")
def big_corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Enough records that a build writes several batches (progress lines) before it ends."""
    return write_corpus(tmp_path_factory.mktemp("big"), 3000)


@pytest.mark.parametrize("db_url", BACKENDS, indirect=True)
@pytest.mark.slow
def test_killing_a_build_midway_leaves_the_old_database_usable(db_url: str, tmp_path: Path, big_corpus: Path) -> None:
    small = load_catalog([CARDS / "crossfire"])
    build_database(small, resolve_target(db_url))
    big = big_corpus
    dossier = Path(sys.executable).parent / "dossier"
    command = [str(dossier), "db", "build", "--db", db_url, "--cards", str(big), "--verbose"]
    process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True, cwd=tmp_path, env=dict(os.environ))
    assert process.stderr is not None
    killed = False
    for line in process.stderr:
        if line.startswith("dossier: wrote "):  # some records written, more to come
            os.kill(process.pid, signal.SIGKILL)
            killed = True
            break
    process.wait(timeout=120)
    assert killed and process.returncode == -signal.SIGKILL
    assert refs(db_url, "team:红") == ["crossfire/assassin"]
    assert refs(db_url, "game:tactics k:card") == []
    target = resolve_target(db_url)
    if target.path is not None:
        leftovers = [p.name for p in target.path.parent.iterdir() if p.name.endswith(".tmp")]
        assert len(leftovers) == 1  # the killed build's temporary file ...
        build_database(small, target)
        assert [p.name for p in target.path.parent.iterdir() if p.name.endswith(".tmp")] == []  # ... is cleared


def test_a_reader_keeps_its_snapshot_during_a_rebuild(tmp_path: Path, catalog: Catalog) -> None:
    """SQLite: an open reader goes on reading the old file; a new reader sees the new one."""
    url = str(tmp_path / "dossier.db")
    build_database(load_catalog([CARDS / "crossfire"]), resolve_target(url))
    with open_database(url) as old:
        build_database(catalog, resolve_target(url))
        assert [h.ref for h in search(old, "k:card")] == []
    assert refs(url, "t:装备")


@pytest.mark.parametrize(
    ("db", "problem"),
    [
        ("missing.db", "no database at missing.db; run `dossier db build --db missing.db` first"),
        ("sqlite://", "an SQLite URL needs a file path"),
        ("mysql://host/db", "unsupported database 'mysql'"),
        ("postgresql+psycopg://u@/d?schema=Bad-Name", "is not a plain lower-case identifier"),
        ("::not a url::", "no database at ::not a url::"),
    ],
)
def test_database_location_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, db: str, problem: str) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(DossierError) as info:
        open_database(db)
    assert problem in info.value.message


def test_not_a_dossier_database(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    path.write_bytes(b"")
    with pytest.raises(DossierError, match="holds no cards"):
        open_database(str(path))


def test_default_location_and_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DOSSIER_DB", raising=False)
    assert resolve_target(None).path == Path("dossier.db")
    monkeypatch.setenv("DOSSIER_DB", str(tmp_path / "x.db"))
    assert resolve_target(None).path == tmp_path / "x.db"
    assert resolve_target("postgresql://u@h/d").url.drivername == "postgresql+psycopg"
    assert resolve_target("postgresql://u@h/d").schema == "dossier"


def test_the_schema_without_sqlalchemy_matches_the_tables() -> None:
    """toolkit.db.constants repeats each table's columns and the SQLite DDL of the tables (search, show and an
    SQLite build load no SQLAlchemy); if the tables change, copy what this test prints into constants.py."""
    from toolkit.db.constants import COLUMNS, SQLITE_INDEXES, SQLITE_TABLES
    from toolkit.db.tables import METADATA, sqlite_ddl

    assert {table.name: tuple(table.c.keys()) for table in METADATA.sorted_tables} == COLUMNS
    tables, indexes = sqlite_ddl()
    assert (tuple(tables), tuple(indexes)) == (SQLITE_TABLES, SQLITE_INDEXES), (tables, indexes)


@pytest.mark.slow
def test_search_and_a_sqlite_build_load_no_sqlalchemy(tmp_path: Path) -> None:
    code = (
        "import sys; from pathlib import Path\n"
        "from toolkit.db import build_from_files, open_database, resolve_target\n"
        "from toolkit.search import get_record, search\n"
        f"build_from_files([Path({str(CARDS / 'crossfire')!r})], resolve_target({str(tmp_path / 'd.db')!r}))\n"
        f"db = open_database({str(tmp_path / 'd.db')!r})\n"
        "assert search(db, 'team:红') and get_record(db, 'vip')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('sqlalchemy', 'sqlmodel')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_every_text_field_is_written() -> None:
    """The rows read the ability texts the models name (toolkit.models.TEXT_FIELDS), in that order."""
    from toolkit.models import TEXT_FIELDS

    assert TEXT_FIELDS == (("text",), ("reverse", "text"), ("win",), ("draw_phase",))


def test_a_missing_database_names_the_build_that_makes_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DOSSIER_DB", raising=False)
    with pytest.raises(DossierError) as info:
        open_database("new.db")
    assert "run `dossier db build --db new.db` first" in info.value.message
    with pytest.raises(DossierError) as info:
        open_database(None)
    assert "run `dossier db build` first" in info.value.message  # the default database: no --db to give


def test_another_programs_database_is_not_replaced(tmp_path: Path, catalog: Catalog) -> None:
    import sqlite3

    from toolkit.safewrite import WriteError

    path = tmp_path / "mine.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE notes (x)")
        conn.execute("INSERT INTO notes VALUES ('mine')")
    conn.close()
    with pytest.raises(WriteError, match="exists and is not a Dossier database"):
        build_database(catalog, resolve_target(str(path)))
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT x FROM notes").fetchall() == [("mine",)]
    conn.close()
    build_database(catalog, resolve_target(str(tmp_path / "d.db")))
    build_database(catalog, resolve_target(str(tmp_path / "d.db")))  # a Dossier database is rebuilt in place


def test_a_failed_build_on_a_read_only_place_names_the_database(
    tmp_path: Path, catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno

    import toolkit.db.build as build_module

    def read_only(*args: Any, **kwargs: Any) -> None:
        raise OSError(errno.EROFS, "Read-only file system", "x")

    monkeypatch.setattr(build_module.sqlite3, "connect", read_only)
    monkeypatch.setattr(build_module.Path, "unlink", read_only)  # nor can its temporary file be removed
    with pytest.raises(DossierError) as info:
        build_database(catalog, resolve_target(str(tmp_path / "d.db")))
    assert str(tmp_path / "d.db") in str(info.value) and ".tmp" not in str(info.value)


@pytest.mark.parametrize("how", ["catalog", "files"])
def test_the_searched_english_calls_quoted_cards_by_their_english_names(
    tmp_path: Path, catalog: Catalog, how: str
) -> None:
    import sqlite3

    from toolkit.db import build_from_files

    path = tmp_path / f"{how}.db"
    if how == "catalog":
        build_database(catalog, resolve_target(str(path)))
    else:  # the English worked out by another process, as `dossier db build` does
        build_from_files([CARDS], resolve_target(str(path)))
    with sqlite3.connect(path) as conn:
        [(text,)] = conn.execute("SELECT text FROM records WHERE id = 'decoy_emitter'").fetchall()
    conn.close()
    # (searched without the spaces between Chinese and digits: toolkit.db.grams.searched_spaces)
    assert text.splitlines() == ["你获得1张「全息诱饵」。本单位移动0-1。", 'You gain 1 "Holo Decoy". This unit moves 0-1.']
    assert "tactics/decoy_emitter" in refs(str(path), '"holo decoy"', "tactics")  # found by its text's English


def test_a_database_an_older_dossier_built_is_named_with_the_build_that_makes_it_again(
    tmp_path: Path, catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sqlite3

    monkeypatch.chdir(tmp_path)
    build_database(catalog, resolve_target("old.db"))
    with sqlite3.connect(tmp_path / "old.db") as conn:  # as version 3 left it: no English in the searched text
        conn.execute("UPDATE meta SET value = '3' WHERE key = 'schema_version'")
    conn.close()
    with pytest.raises(DossierError) as info:
        open_database("old.db")
    assert "was built by another version of Dossier; run `dossier db build --db old.db` again" in info.value.message
