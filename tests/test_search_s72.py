"""Sweep s72c, the card search: a Chinese identity name pasted as printed (``艾达·沃斯：工匠``, no space after the
full-width colon) is a title, not an unknown key; Chinese numerals in a searched word (``抽两张牌``) are read as the
ability texts read them (``抽2张牌``); a name that begins with its own typographic quotes (``“空号”林彼得``) is one
value; a word with punctuation at a name's end (``Lattice Gate.``, ``gate!``) finds the name; an impossible date
(``r:2030-02-30``) is refused as ``r:2030-13`` is; the API's ``ref`` of a record is the form ``dossier show`` takes
for that record alone (``crossfire/mode/sniper`` where a role shares the id). On SQLite and PostgreSQL."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.db import build_database, open_database, resolve_target
from toolkit.search import get_record, search
from toolkit.search.compile import date_period
from toolkit.search.parser import QueryError, parse_query
from toolkit.text.normalize import normalize, read_numerals

from .conftest import CARDS, ROOT
from .test_db import BACKENDS, drop, new_url
from .test_search_s70f import printed  # noqa: F401  (the database of printed sets those tests read: a fixture)
from .web.conftest import BASE


@pytest.fixture(scope="module", params=BACKENDS)
def bundled(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = new_url(request.param, tmp_path_factory.mktemp("s72"))
    build_database(load_catalog([CARDS]), resolve_target(url))
    yield url
    drop(url)


def refs(url: str, query: str, **options: Any) -> list[str]:
    with open_database(url) as db:
        return [hit.ref for hit in search(db, query, **options)]


def problem(url: str, query: str, **options: Any) -> QueryError:
    with pytest.raises(QueryError) as caught:
        refs(url, query, **options)
    return caught.value


# ---- 1. a Chinese identity name pasted as printed: ``名：副标题`` is a title


IDENTITIES = {
    "艾达·沃斯：工匠": "netrunner/ada_voss_tinker",
    "哈斯生化：镜像铸造厂": "netrunner/hb_mirror_foundry",
    "艾达·沃斯:工匠": "netrunner/ada_voss_tinker",  # an ASCII colon, then Chinese: a title too
}


@pytest.mark.parametrize("name", list(IDENTITIES))
def test_a_chinese_identity_name_pasted_as_printed_is_a_title(bundled: str, name: str) -> None:
    found = refs(bundled, name)
    assert found and found[0] == IDENTITIES[name]


@pytest.mark.parametrize("query", ["NBN：无处不在", "安卓纪元：矩阵潜袭"])
def test_a_faction_or_game_name_before_a_full_width_colon_is_a_title_word(query: str) -> None:
    parsed = parse_query(query)
    assert [t.key for t in parsed.terms] == [None]
    assert parsed.terms[0].values[0].text == query.replace("：", ":")


@pytest.mark.parametrize("query", ["t：装备", "类型：装备", "攻速>=2", "x：抽牌", "t:装备"])
def test_keys_before_a_colon_stay_keys(query: str) -> None:
    assert all(t.key is not None for t in parse_query(query).terms)


@pytest.mark.parametrize("query", ["tpye：装备", "tpye:装备", "foo:bar"])
def test_a_latin_typo_of_a_key_is_still_an_unknown_key(query: str) -> None:
    with pytest.raises(QueryError):
        parse_query(query)


# ---- 2. Chinese numerals in a searched word are read as the texts read them


@pytest.mark.parametrize(
    ("natural", "digits"),
    [
        ("x:抽两张牌", "x:抽2张牌"),
        ("抽两张牌", "抽2张牌"),
        ("x:抽一张牌", "x:抽1张牌"),
        ("x:造成一点伤害", "x:造成1点伤害"),
    ],
)
def test_chinese_numerals_in_a_text_word_find_what_digits_find(bundled: str, natural: str, digits: str) -> None:
    expected = refs(bundled, digits)
    assert expected  # (the bundled texts hold it)
    assert sorted(refs(bundled, natural)) == sorted(expected)


@pytest.mark.parametrize(
    "text", ["抽两张牌", "造成一点伤害", "同一名玩家", "六面骰", "「三点射」造成三点伤害", "抽十二张牌", "抽两 张牌"]
)
def test_a_searched_word_reads_numerals_as_an_ability_text_does(text: str) -> None:
    assert read_numerals(text) == normalize(text)[0]


def test_a_numeral_that_is_a_word_stays_a_word(bundled: str) -> None:
    assert sorted(refs(bundled, "x:同一名")) == sorted(refs(bundled, "x:同1名") + refs(bundled, "x:同一名"))


# ---- 3. a name beginning with its own typographic quotes is one value


def test_a_name_beginning_with_its_own_quotes_is_one_value(bundled: str) -> None:
    parsed = parse_query("“空号”林彼得")
    assert [v.text for t in parsed.terms for v in t.values] == ["“空号”林彼得"]
    assert refs(bundled, "“空号”林彼得")[:1] == ["netrunner/blank_lin"]
    assert refs(bundled, "“空号”林彼得|Lattice")[:1] == ["netrunner/blank_lin"]


def test_a_quoted_phrase_still_reads_as_before() -> None:
    assert [v.text for v in parse_query("“空号” 林彼得").terms[0].values] == ["空号"]
    assert [v.text for v in parse_query("“维拉·“指尖”·索恩”").terms[0].values] == ["维拉·“指尖”·索恩"]
    with pytest.raises(QueryError):
        parse_query('"ice"wall')  # (a straight quote: a phrase, then a word, a slip)


# ---- 4. a word with punctuation at a name's end


@pytest.mark.parametrize("query", ["Lattice Gate.", "(Lattice Gate)", "gate!", "Lattice-Gate."])
def test_punctuation_at_a_names_end_finds_the_name(bundled: str, query: str) -> None:
    assert "netrunner/hb_lattice_gate" in refs(bundled, query)


def test_punctuation_after_a_word_still_ends_the_word(bundled: str) -> None:
    assert "netrunner/hb_lattice_gate" not in refs(bundled, "latt.")  # (not a word of the name)
    assert "netrunner/hb_lattice_gate" in refs(bundled, "latt")


def test_heist_with_a_bang_finds_archive_heist(bundled: str) -> None:
    assert "netrunner/archive_heist" in refs(bundled, "heist!")


# ---- 5. impossible dates


@pytest.mark.parametrize("day", ["2030-02-30", "2030-04-31", "2031-02-29", "2030-13", "2030-00-10"])
def test_an_impossible_date_is_refused(printed: str, day: str) -> None:  # noqa: F811
    assert date_period(day) is None
    caught = problem(printed, f"r:{day}")
    assert day in caught.problem and "2017-01-01" in caught.problem  # (as r:2030-13: a date or a set, not …)


def test_real_dates_and_months_are_periods(printed: str) -> None:  # noqa: F811
    assert date_period("2032-02-29") == ("2032-02-29", "2032-02-29")
    assert date_period("2030-02") == ("2030-02-01", "2030-02-28")
    assert date_period("2016-05") == ("2016-05-01", "2016-05-31")
    assert refs(printed, "r:2016-05-01") == refs(printed, "r:2016-05") != []


# ---- 6. the API's ref is the form `dossier show` takes for that one record


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from fastapi.testclient import TestClient

    from toolkit.web.app import create_app
    from toolkit.web.settings import WebSettings

    root = tmp_path_factory.mktemp("s72web")
    shutil.copytree(ROOT / "schema", root / "schema")
    shutil.copytree(CARDS, root / "cards")
    settings = WebSettings(cards=[root / "cards"], db_url=str(root / "web.db"), cache=root / "cache",
                           data=root / "data")  # fmt: skip
    with TestClient(create_app(settings), base_url=BASE) as client:
        yield client


def _api_refs(api: Any, query: str, game: str | None = None) -> list[dict[str, Any]]:
    params = {"q": query, **({"game": game} if game else {})}
    answer = api.get("/api/search", params=params)
    assert answer.status_code == 200, answer.text
    results: list[dict[str, Any]] = answer.json()["results"]
    return results


def test_api_refs_are_unique_and_name_one_record(api: Any) -> None:
    results = _api_refs(api, "sniper", game="crossfire")
    by_kind = {r["kind"]: r["ref"] for r in results if r["id"] == "sniper"}
    assert by_kind == {"role": "crossfire/role/sniper", "mode": "crossfire/mode/sniper"}
    modes = _api_refs(api, "k:game|mode", game="crossfire")
    assert len({r["ref"] for r in modes}) == len(modes)
    db = api.app.state.web.database
    for result in results + modes:  # each ref is what `dossier show` takes for that record alone
        game, _, rest = result["ref"].partition("/")
        kind, _, record_id = rest.rpartition("/")
        hit = get_record(db, record_id, game=game, kind=kind or None)
        assert (hit.kind, hit.id) == (result["kind"], result["id"])


def test_an_unshared_id_keeps_the_short_ref(api: Any) -> None:
    results = _api_refs(api, "Lattice Gate")
    assert results[0]["ref"] == "netrunner/hb_lattice_gate"


def test_the_card_page_shows_the_unique_ref(api: Any) -> None:
    page = api.get("/cards/crossfire/sniper", params={"kind": "mode"})
    assert page.status_code == 200
    assert "<code>crossfire/mode/sniper</code>" in page.text
    record = api.get("/api/records/crossfire/sniper", params={"kind": "role"})
    assert record.json()["ref"] == "crossfire/role/sniper"
    assert api.get("/api/records/netrunner/hb_lattice_gate").json()["ref"] == "netrunner/hb_lattice_gate"
