"""Sweep s70f, the card search: ``--sort type`` / ``faction`` break ties by name (before: by faction, by type, and
reversed with the sort); a mistyped ``agent:`` value is an error naming the closest agents (before: nothing found);
``≥`` ``≤`` (and ``≧`` ``≦``) are ``>=`` ``<=`` (before: a value, nothing found); ``y:`` and ``i:`` on a database
without printing quantities or illustrators are an error, as ``r:`` is (before: nothing found); a yes/no key's
error says "yes or no" once. On the bundled cards (no printings) and on a small pool with printings."""

from __future__ import annotations

from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.db import build_database, open_database, resolve_target
from toolkit.names import fold
from toolkit.search import search
from toolkit.search.parser import QueryError, parse_query

from .conftest import CARDS
from .test_search_nrdb_syntax import netrunner_pool
from .test_search_printing_scope_round56 import CARDS as PRINTED_CARDS
from .test_search_printing_scope_round56 import SETS as PRINTED_SETS


@pytest.fixture(scope="module")
def bundled(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("s70f") / "d.db")
    build_database(load_catalog([CARDS]), resolve_target(path))
    return path


def hits(db_path: str, query: str, **options: Any) -> list[Any]:
    with open_database(db_path) as db:
        return search(db, query, **options)


def problem(db_path: str, query: str, **options: Any) -> QueryError:
    with pytest.raises(QueryError) as caught:
        hits(db_path, query, **options)
    return caught.value


def name_key(hit: Any) -> str:
    return fold(hit.name_en or hit.name_zh)


# ---- 1. --sort type / faction: by the key, then by name A to Z, whichever the direction


@pytest.mark.parametrize("sort", ["type", "-type", "faction", "-faction"])
def test_one_type_of_one_side_sorted_by_type_or_faction_is_by_name(bundled: str, sort: str) -> None:
    found = hits(bundled, "t:agenda", game="netrunner", sort=sort, lang="en")
    assert len({h.data["faction"] for h in found}) > 2  # (several factions: before, grouped by them)
    if sort.endswith("type"):
        assert [h.id for h in found] == [h.id for h in sorted(found, key=name_key)]  # one type: by name alone
    else:
        factions = [h.data["faction"] for h in found]
        groups = list(dict.fromkeys(factions))
        assert groups == sorted(groups, reverse=sort.startswith("-"))  # the corp side's factions, by id
        for faction in groups:
            names = [name_key(h) for h in found if h.data["faction"] == faction]
            assert names == sorted(names)  # A to Z in either direction


def test_a_descending_faction_sort_reverses_the_factions_only(bundled: str) -> None:
    side = {h.id: h.data["side"] for h in hits(bundled, "k:faction", game="netrunner")}
    found = hits(bundled, "t:agenda|ice|program", game="netrunner", sort="-faction", lang="en")
    sides = [side[h.data["faction"]] for h in found]
    assert sides == sorted(sides, reverse=True)  # runner factions first, then the corp's
    by_faction: dict[str, list[Any]] = {}
    for hit in found:
        by_faction.setdefault(hit.data["faction"], []).append(hit)
    assert list(by_faction) == sorted(by_faction, key=lambda f: (side[f], f), reverse=True)
    for faction, members in by_faction.items():
        assert [name_key(h) for h in members] == sorted(name_key(h) for h in members), faction  # not by type


def test_a_type_sort_groups_types_and_names_them_a_to_z(bundled: str) -> None:
    for sort in ("type", "-type"):
        found = hits(bundled, "t:agenda|ice", game="netrunner", sort=sort, lang="en")
        types = [h.type for h in found]
        assert types == sorted(types, reverse=sort.startswith("-"))
        for type_ in set(types):
            names = [name_key(h) for h in found if h.type == type_]
            assert names == sorted(names), (sort, type_)  # before: by faction first


# ---- 2. agent: a value that names no agent is an error with the closest agents


@pytest.mark.parametrize(
    ("query", "says", "column"),
    [
        ("agent:jackdw", "unknown agent 'jackdw'; did you mean jackdaw?", 7),
        ("agent:jack", "did you mean jackdaw?", 7),
        ("exclusive:nobody", "unknown agent 'nobody'; known here: anvil, cinder", 11),
        ("agent!jackdw", "did you mean jackdaw?", 7),
        ("agent:gale|jackdw", "unknown agent 'jackdw'", 12),
    ],
)
def test_an_unknown_agent_is_an_error(bundled: str, query: str, says: str, column: int) -> None:
    found = problem(bundled, query, game="tactics")
    assert says in found.problem
    assert found.column == column


def test_agents_by_id_name_symbol_and_yes_no_still_work(bundled: str) -> None:
    by_id = {h.id for h in hits(bundled, "agent:jackdaw k:card", game="tactics")}
    assert by_id
    assert {h.id for h in hits(bundled, "agent:寒鸦 k:card", game="tactics")} == by_id
    assert {h.id for h in hits(bundled, "agent:鸦 k:card", game="tactics")} == by_id
    assert {h.id for h in hits(bundled, "agent:Jackdaw k:card", game="tactics")} == by_id
    assert {h.id for h in hits(bundled, '专用:"queen bee" k:card', game="tactics")} == {
        h.id for h in hits(bundled, "agent:queen_bee k:card", game="tactics")
    }
    assert by_id < {h.id for h in hits(bundled, "agent:yes", game="tactics")}


def test_the_command_line_refuses_an_unknown_agent(cli: Any, bundled: str) -> None:
    result = cli("search", "agent:jackdw", "--db", bundled)
    assert result.exit_code == 2 and result.stdout == ""
    assert "unknown agent 'jackdw'; did you mean jackdaw?" in result.stderr
    assert "no records match" not in result.output


# ---- 4. ≥ ≤ ≧ ≦ are >= <=


@pytest.mark.parametrize(
    ("typed", "read"),
    [("speed≥2", "speed>=2"), ("攻速≥2", "攻速>=2"), ("speed≤1", "speed<=1"), ("speed≧2", "speed>=2"),
     ("speed≦1", "speed<=1"), ("speed＞1", "speed>1"), ("speed＜2", "speed<2")],
)  # fmt: skip
def test_the_mathematical_comparison_signs_are_operators(bundled: str, typed: str, read: str) -> None:
    term = parse_query(typed).terms[0]
    assert term.key is not None and term.key.name == "speed"
    assert term.op == parse_query(read).terms[0].op and [v.text for v in term.values] == [read[-1]]
    wanted = [h.id for h in hits(bundled, read, game="tactics")]
    assert wanted and [h.id for h in hits(bundled, typed, game="tactics")] == wanted


def test_a_comparison_sign_keeps_its_column_in_errors() -> None:
    with pytest.raises(QueryError) as caught:
        parse_query("t:ice ≥2")
    assert caught.value.column == 7  # an operator with no key before it
    with pytest.raises(QueryError) as caught:
        parse_query("faction≥2")
    assert caught.value.column == 8 and "takes : !" in caught.value.problem


# ---- 5. y: and i: on a database without printing quantities / illustrators: an error, as r: is


@pytest.mark.parametrize(
    ("query", "says", "column"),
    [
        ("y:1", "this database has no quantities of netrunner printings", 3),
        ("y>0", "this database has no quantities of netrunner printings", 3),
        ("y!1", "this database has no quantities of netrunner printings", 3),
        ("t:ice qty:3", "this database has no quantities of netrunner printings", 11),
        ("i:a", "this database has no illustrators of netrunner printings", 3),
        ('illustrator:"ada quill"', "this database has no illustrators of netrunner printings", 13),
        ("r:2019", "this database has no release dates of netrunner sets", 3),  # (as before)
    ],
)
def test_printing_keys_the_database_cannot_answer_are_errors(bundled: str, query: str, says: str, column: int) -> None:
    found = problem(bundled, query, game="netrunner")
    assert found.problem == says
    assert found.column == column


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> str:
    root = tmp_path_factory.mktemp("printed")
    pool = netrunner_pool(root, PRINTED_SETS, PRINTED_CARDS)
    path = str(root / "printed.db")
    build_database(load_catalog([pool]), resolve_target(path))
    return path


@pytest.fixture(scope="module")
def no_artists(tmp_path_factory: pytest.TempPathFactory) -> str:
    root = tmp_path_factory.mktemp("no_artists")
    cards = [{**c, "printings": [{k: v for k, v in p.items() if k != "illustrator"} for p in c["printings"]]}
             for c in PRINTED_CARDS]  # fmt: skip
    pool = netrunner_pool(root, PRINTED_SETS, cards)
    path = str(root / "no_artists.db")
    build_database(load_catalog([pool]), resolve_target(path))
    return path


def test_printing_keys_still_answer_where_the_data_is(printed: str, no_artists: str) -> None:
    assert {h.id for h in hits(printed, "y:2 k:card", game="netrunner")} == {"pair_lock"}
    assert {h.id for h in hits(printed, 'i:"cy rowe" k:card', game="netrunner")} == {"pair_lock", "late_spark"}
    assert {h.id for h in hits(no_artists, "y:2 k:card", game="netrunner")} == {"pair_lock"}
    assert problem(no_artists, "i:cy", game="netrunner").problem == (
        "this database has no illustrators of netrunner printings"
    )


def test_the_command_line_refuses_y_and_i_without_printings(cli: Any, bundled: str) -> None:
    for query in ("y:1", "i:a"):
        result = cli("search", query, "--db", bundled)
        assert result.exit_code == 2, (query, result.output)
        assert "this database has no" in result.stderr and "no records match" not in result.output


# ---- 7. a yes/no key's error says yes or no once


@pytest.mark.parametrize(("query", "key"), [("u:maybe", "unique"), ("tap:2", "tap"), ("唯一:也许", "unique")])
def test_a_yes_no_error_names_the_answers_once(query: str, key: str) -> None:
    with pytest.raises(QueryError) as caught:
        parse_query(query)
    assert caught.value.problem == f"{key} needs yes or no, not {query.split(':')[1]!r}"


@pytest.mark.lang_default
def test_a_yes_no_error_in_chinese_names_the_answers_once() -> None:
    from toolkit import i18n

    with i18n.use_lang("zh-Hans"), pytest.raises(QueryError) as caught:
        parse_query("u:maybe")
    assert "是/否" not in caught.value.problem and "yes/no" not in caught.value.problem
