"""The card database, round 57: set terms on one printing, the tactics cost, card terms, sorting, Chinese
spacing in text search, `show --kind`, the JSON total past the end, the pool `search` reads, `db build --lang`
and a PostgreSQL build that never drops what Dossier did not make.

The netrunner pool is written here (made-up cards, no real card text); other cases read the bundled cards.
"""

from __future__ import annotations

import json
import shutil
import uuid
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from toolkit.catalog import load_catalog
from toolkit.cli import app
from toolkit.db import build_database, build_from_files, open_database, resolve_target
from toolkit.db.grams import searched_spaces
from toolkit.errors import DossierError
from toolkit.search import get_record, search

from .test_db import PG_SKIP, PG_URL
from .test_search_nrdb_syntax import netrunner_pool
from .test_search_printing_scope_round56 import CARDS as SCOPE_CARDS
from .test_search_printing_scope_round56 import SETS, _card

ROOT = Path(__file__).resolve().parents[1]


def _named(card_id: str, en: str, zh: str, cost: int, text: str = "你获得 1[credit]。") -> dict[str, Any]:
    card = _card(card_id, en, zh, [("mid_pack", 3, "Cy Rowe")])
    card.update(cost=cost, text=[text])
    return card


NAMED = [
    _named("zed_card", "Zed", "一号", 5),
    _named("ansel_card", "Ansel", "丁号", 5),
    _named("elan_card", "Élan Vital", "七号", 1),
    _named("baklan_card", "“Baklan” Bo", "万号", 2, "你获得2[credit]。"),
]


@pytest.fixture(scope="module")
def db_path(tmp_path_factory: pytest.TempPathFactory) -> str:
    root = tmp_path_factory.mktemp("r57")
    pool = netrunner_pool(root, SETS, [*SCOPE_CARDS, *NAMED])
    path = str(root / "r57.db")
    build_database(load_catalog([pool]), resolve_target(path))
    return path


@pytest.fixture(scope="module")
def bundled(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("bundled") / "bundled.db")
    build_from_files([ROOT / "cards"], resolve_target(path))
    return path


def ids(db_path: str, query: str, **options: Any) -> list[str]:
    with open_database(db_path) as db:
        return [hit.id for hit in search(db, query, game="netrunner", **options)]


# -- set, cycle and release terms of one query: one printing


@pytest.mark.parametrize(
    ("query", "wanted"),
    [
        ("e>ob e<nb", {"triple_key"}),  # a printing released strictly between: Mid Pack (not ob for one, nb for the other)
        ("e:ob e:nb", set()),  # no printing is in both sets (lone_coin is printed in each)
        ("e:ob|nb e:nb", {"lone_coin", "late_spark"}),  # `|` still gives alternatives
        ("e!nb e>ob", {"triple_key"}),  # a negated set is about the whole card
        ("c:old_box r>2015", set()),
        ("c:waves r:2016", {"triple_key"}),
        ("r>2015 e:nb", {"lone_coin", "late_spark"}),
        ("e:ob e:ob", {"lone_coin", "triple_key", "pair_lock"}),
        ("e:nb y:3 e>ob", {"lone_coin"}),  # with a per-printing key
    ],
)
def test_set_terms_of_one_query_apply_to_one_printing(db_path: str, query: str, wanted: set[str]) -> None:
    assert set(ids(db_path, f"{query} t:event")) - {c["id"] for c in NAMED} == wanted


# -- sorting


def test_sort_by_name_folds_accents_and_quotes(db_path: str) -> None:
    found = ids(db_path, "e:mp t:event", sort="name", lang="en")
    named = [i for i in found if i in {c["id"] for c in NAMED}]
    assert named == ["ansel_card", "baklan_card", "elan_card", "zed_card"]


def test_sort_by_name_in_chinese_uses_the_chinese_names(db_path: str) -> None:
    found = [i for i in ids(db_path, "e:mp t:event", sort="name", lang="zh-Hans") if i.endswith("_card")]
    assert found == ["zed_card", "ansel_card", "elan_card", "baklan_card"]  # 一 丁 七 万: by the Chinese names


def test_descending_sorts_keep_ties_a_to_z(db_path: str) -> None:
    found = [i for i in ids(db_path, "e:mp t:event", sort="-cost", lang="en") if i.endswith("_card")]
    assert found == ["ansel_card", "zed_card", "baklan_card", "elan_card"]  # 5 5 (A-Z), 2, 1
    assert [i for i in ids(db_path, "e:mp t:event", sort="-name", lang="en") if i.endswith("_card")] == [
        "zed_card", "elan_card", "baklan_card", "ansel_card"
    ]  # fmt: skip


# -- Chinese text and spaces


def test_searched_spaces() -> None:
    assert searched_spaces("你获得 2 张牌") == "你获得2张牌"
    assert searched_spaces("gain  2 credits") == "gain 2 credits"
    assert searched_spaces("使用 API 时\n第二行") == "使用API时\n第二行"
    assert searched_spaces("gain 2") == "gain 2"


def test_text_search_ignores_spaces_between_chinese_and_digits(db_path: str) -> None:
    spaced = set(ids(db_path, "x:「获得 2」"))
    assert spaced == set(ids(db_path, "x:获得2")) == {"baklan_card"}  # its text is written 获得2
    one = set(ids(db_path, "x:获得1"))
    assert "zed_card" in one and one == set(ids(db_path, "x:「获得 1」"))  # written 获得 1
    assert set(ids(db_path, 'x:"gain  1"')) == set(ids(db_path, 'x:"gain 1"')) != set()


# -- card terms find cards and identities


@pytest.mark.parametrize("query", ["f:nr", "f:-", "d:c", "d:r", "t!ice|agenda", "f:hb", "u:0", "f!hb"])
def test_card_terms_find_no_faction_or_format_records(bundled: str, query: str) -> None:
    with open_database(bundled) as db:
        kinds = {hit.kind for hit in search(db, query, game="netrunner")}
    assert kinds and kinds <= {"card", "identity"}, kinds


def test_identities_are_not_unique(bundled: str) -> None:
    with open_database(bundled) as db:
        identities = {h.id for h in search(db, "k:identity", game="netrunner")}
        not_unique = {h.id for h in search(db, "u:0", game="netrunner")}
        unique = {h.id for h in search(db, "u:1", game="netrunner")}
    assert identities and identities <= not_unique and not identities & unique


# -- the tactics cost: a mortgage X is cost -X


def test_tactics_cost_is_the_mortgage_as_shown(bundled: str) -> None:
    from toolkit.catalog import load_catalog as load

    cards = [r for r in load([ROOT / "cards" / "tactics"]).records if r.kind == "card"]  # type: ignore[attr-defined]
    mortgages = {r.id: m for r in cards if (m := getattr(r, "cost").mortgage)}  # noqa: B009
    with open_database(bundled) as db:

        def found(query: str) -> set[str]:
            return {h.id for h in search(db, query, game="tactics")}

        assert found("cost:-2") == {i for i, m in mortgages.items() if m == 2} != set()
        assert found("cost<0") == set(mortgages)
        assert found("cost<=-2") == {i for i, m in mortgages.items() if m >= 2}
        assert found("cost:2") == set()
        netrunner = {h.id for h in search(db, "cost:2", game="netrunner")}
    assert netrunner  # positive costs of netrunner cards still found


# -- show --kind


def test_show_kind_names_the_kind_the_record_has(bundled: str) -> None:
    with open_database(bundled) as db:
        card = search(db, "k:card", game="netrunner", limit=1)[0]
        with pytest.raises(DossierError) as caught:
            get_record(db, card.id, game="netrunner", kind="identity")
    message = str(caught.value)
    assert "is of kind card" in message and "did you mean" not in message and "--kind card" in message


# -- search -f json past the end


def test_json_total_past_the_end(bundled: str) -> None:
    def answer(*options: str) -> dict[str, Any]:
        result = CliRunner().invoke(app, ["search", "--db", bundled, "-f", "json", "k:identity", *options])
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)

    total = answer()["total"]
    past = answer("--offset", "5000")
    assert past["total"] == total and past["count"] == 0 and past["results"] == []
    assert answer("--offset", "5000", "--limit", "3")["total"] == total


# -- the pool search and show read


def _crossfire_copy(target: Path, extra: str | None = None) -> Path:
    shutil.copytree(ROOT / "cards" / "crossfire", target / "crossfire")
    if extra is not None:
        role = json.loads((target / "crossfire" / "roles" / "agent.json").read_text(encoding="utf-8"))
        role["id"] = extra
        role["name"] = {"zh-Hans": "新角色甲", "en": "Fresh Role"}
        (target / "crossfire" / "roles" / f"{extra}.json").write_text(json.dumps(role, ensure_ascii=False), "utf-8")
    return target / "crossfire"


def test_dossier_db_of_other_cards_is_not_read_for_the_configured_pool(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    old = _crossfire_copy(tmp_path / "old")
    mine = _crossfire_copy(tmp_path / "mine", extra="fresh_role")
    assert CliRunner().invoke(app, ["db", "build", "--cards", str(old)]).exit_code == 0
    (tmp_path / "dossier.toml").write_text(f'cards = ["{mine.relative_to(tmp_path)}"]\n', encoding="utf-8")
    result = CliRunner().invoke(app, ["show", "fresh_role", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "Fresh Role" in result.stdout
    warnings = [line for line in result.stderr.splitlines() if "warning" in line]
    assert len(warnings) == 1 and "dossier.db" in warnings[0] and "`dossier db build`" in warnings[0]
    # named by --db: read, with one warning naming the database and the build that makes it of the pool
    result = CliRunner().invoke(app, ["search", "--db", "dossier.db", "-f", "ids", "fresh", "--lang", "en"])
    assert result.exit_code == 0 and result.stdout == ""
    warnings = [line for line in result.stderr.splitlines() if "warning" in line]
    assert len(warnings) == 1 and "not from the card pool" in warnings[0] and "`dossier db build`" in warnings[0]
    # rebuilt from the pool: read, no warning
    assert CliRunner().invoke(app, ["db", "build"]).exit_code == 0
    result = CliRunner().invoke(app, ["search", "-f", "ids", "fresh", "--lang", "en"])
    assert result.exit_code == 0 and "fresh_role" in result.stdout and "warning" not in result.stderr


def test_db_build_takes_lang(tmp_path: Path) -> None:
    cards = _crossfire_copy(tmp_path / "c")
    result = CliRunner().invoke(app, ["db", "build", "--db", str(tmp_path / "x.db"), "--cards", str(cards),
                                      "--lang", "zh-Hans"])  # fmt: skip
    assert result.exit_code == 0 and result.stdout.startswith("已建成")
    result = CliRunner().invoke(app, ["db", "build", "--db", str(tmp_path / "x.db"), "--cards", str(cards),
                                      "--lang", "en"])  # fmt: skip
    assert result.exit_code == 0 and result.stdout.startswith("built ")


# -- PostgreSQL: a build drops only a schema Dossier made


@pytest.mark.skipif(PG_SKIP is not None, reason=PG_SKIP or "")
def test_postgres_build_never_drops_what_dossier_did_not_make(tmp_path: Path) -> None:
    from sqlalchemy import create_engine, text

    assert PG_URL is not None
    cards = _crossfire_copy(tmp_path / "c")
    schema = f"r57_{uuid.uuid4().hex[:10]}"
    mine = f"r57_mine_{uuid.uuid4().hex[:8]}"
    joiner = "&" if "?" in PG_URL else "?"
    url = f"{PG_URL}{joiner}schema={schema}"
    target_url = resolve_target(url).url
    assert target_url is not None
    engine = create_engine(target_url)
    try:
        build_from_files([cards], resolve_target(url))
        with engine.begin() as conn:
            conn.execute(text(f"CREATE SCHEMA {mine}"))
            conn.execute(text(f"CREATE TABLE {mine}.notes (note text)"))
            conn.execute(text(f"INSERT INTO {mine}.notes VALUES ('important')"))
        # a schema that is not a Dossier database: refused, kept
        with pytest.raises(DossierError, match=f"schema {mine} exists and is not a Dossier database"):
            build_from_files([cards], resolve_target(f"{PG_URL}{joiner}schema={mine}"))
        # a Dossier schema that holds a table of the user's: refused, kept
        with engine.begin() as conn:
            conn.execute(text(f"CREATE TABLE {schema}.my_notes (note text)"))
        with pytest.raises(DossierError, match="also holds the table my_notes"):
            build_from_files([cards], resolve_target(url))
        with engine.begin() as conn:
            assert conn.execute(text(f"SELECT note FROM {mine}.notes")).scalar() == "important"
            conn.execute(text(f"DROP TABLE {schema}.my_notes"))
            trgm = conn.execute(text("SELECT count(*) FROM pg_extension WHERE extname = 'pg_trgm'")).scalar()
        # only Dossier's: replaced; the extension is never dropped
        build_from_files([cards], resolve_target(url))
        with engine.begin() as conn:
            assert conn.execute(text("SELECT count(*) FROM pg_extension WHERE extname = 'pg_trgm'")).scalar() == trgm
            assert conn.execute(text(f"SELECT count(*) FROM {schema}.records")).scalar() == 17
    finally:
        with engine.begin() as conn:
            conn.execute(text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
            conn.execute(text(f"DROP SCHEMA IF EXISTS {mine} CASCADE"))
        engine.dispose()
