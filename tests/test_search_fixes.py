"""Search fixes: full-width punctuation, refs that name one record, messages in the reader's words, control
characters, negated terms only on records that have the key. Each on SQLite and PostgreSQL where it queries."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from toolkit import i18n
from toolkit.catalog import load_catalog
from toolkit.db import build_database, open_database, resolve_target
from toolkit.errors import DossierError
from toolkit.search import get_record, search
from toolkit.search.parser import QueryError, parse_query

from .conftest import CARDS
from .test_db import BACKENDS, drop, new_url

Run = Callable[..., Any]


@pytest.fixture(scope="module", params=BACKENDS)
def url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The bundled data, built once per backend."""
    made = new_url(request.param, tmp_path_factory.mktemp("fixes"))
    build_database(load_catalog([CARDS]), resolve_target(made))
    yield made
    drop(made)


def refs(url: str, query: str, game: str | None = None) -> list[str]:
    with open_database(url) as db:
        return [f"{hit.game}/{hit.kind}/{hit.id}" for hit in search(db, query, game=game, full=False)]


# 5 ---------------------------------------------------------------- full-width punctuation, as typed or pasted


@pytest.mark.parametrize(
    "query",
    ['"中立（公司）"', "name:中立（公司）", "中立（公司）", "中立(公司)", 'name:"中立(公司)"', "中立（公司)", "_:中立（"],
)
def test_a_name_with_full_width_punctuation_is_found_as_typed_or_pasted(url: str, query: str) -> None:
    assert "netrunner/faction/neutral_corp" in refs(url, query)


def test_text_with_full_width_punctuation_and_a_number_is_found(url: str) -> None:
    # the text keeps its full-width ；, the compact text (NFKC) drops the 1 张: only both sides read alike find it
    assert refs(url, 'x:"一部分；同一名玩家面前至多1张"') == ["crossfire/role/sniper"]
    assert refs(url, 'x:"一部分;同一名玩家面前至多1张"') == ["crossfire/role/sniper"]


# 6 ---------------------------------------------------------------- each printed ref opens the one record it names


def test_search_ids_name_one_record_each_and_show_opens_it(cli: Run, url: str) -> None:
    if not url.endswith(".db"):
        pytest.skip("the command line is checked on SQLite; the refs come from the same rows on both")
    printed = cli("search", "--db", url, "Sniper", "--format", "ids").stdout.split()
    assert printed[:2] == ["crossfire/role/sniper", "crossfire/mode/sniper"]
    assert "tactics/longbow_sniper_rifle" in printed  # an id no other record has keeps game/id
    for ref in printed:
        shown = cli("show", "--db", url, ref, "--format", "json")
        assert shown.exit_code == 0, shown.stderr
    in_game = cli("search", "--db", url, "Sniper", "--format", "ids", "--game", "crossfire").stdout.split()
    assert in_game == ["role/sniper", "mode/sniper"]
    assert '"kind": "mode"' in cli("show", "--db", url, "mode/sniper", "--game", "crossfire", "-f", "json").stdout
    table = cli("search", "--db", url, "Sniper").stdout.splitlines()
    assert [line.split()[0] for line in table[1:3]] == ["crossfire/role/sniper", "crossfire/mode/sniper"]


def test_get_record_takes_game_kind_id(url: str) -> None:
    with open_database(url) as db:
        assert get_record(db, "crossfire/mode/sniper").kind == "mode"
        assert get_record(db, "role/sniper", game="crossfire").kind == "role"
        assert get_record(db, "crossfire/game/crossfire").kind == "game"


# 7 ---------------------------------------------------------------- messages in the reader's words


@pytest.mark.parametrize(
    ("query", "wanted"),
    [
        ("费用:abc", "费用需要整数，而不是 'abc'"),
        ("o:abc", "费用需要整数"),
        ("u<2", "（唯一）"),
    ],
)
def test_query_errors_name_the_key_in_chinese(query: str, wanted: str) -> None:
    with i18n.use_lang("zh-Hans"), pytest.raises(QueryError) as refused:
        parse_query(query)
    assert wanted in refused.value.message
    with i18n.use_lang("en"), pytest.raises(QueryError) as refused:
        parse_query(query)
    assert "cost" in refused.value.message or "unique" in refused.value.message


def test_unknown_set_and_ambiguous_id_in_chinese(url: str) -> None:
    with open_database(url) as db, i18n.use_lang("zh-Hans"):
        with pytest.raises(QueryError) as refused:
            search(db, "e:x")
        assert "未知的系列 'x'" in refused.value.message
        with pytest.raises(DossierError) as ambiguous:
            get_record(db, "sniper")
    message = str(ambiguous.value)
    assert "(role)" not in message and "(mode)" not in message
    assert "crossfire/role/sniper（角色）" in message and "crossfire/mode/sniper（模式）" in message


# 10 --------------------------------------------------------------- control characters


@pytest.mark.parametrize(("query", "column"), [("\x00", 1), ("a\x00b", 2), ("t:ice \x1b", 7), ("x:\x7f", 3)])
def test_a_control_character_is_a_query_error_on_every_backend(url: str, query: str, column: int) -> None:
    with open_database(url) as db, pytest.raises(QueryError) as refused:
        search(db, query)
    assert refused.value.column == column
    assert refused.value.exit_code == 2
    assert "U+00" in refused.value.problem


def test_tabs_and_line_breaks_are_still_spaces() -> None:
    assert len(parse_query("t:ice\tcost:2\r\nf:hb").terms) == 3


def test_the_cli_refuses_a_control_character(cli: Run, url: str) -> None:
    if not url.endswith(".db"):
        pytest.skip("the command line is checked on SQLite")
    result = cli("search", "--db", url, "a\x01b")
    assert result.exit_code == 2
    assert "column 2" in result.stderr or "第 2 列" in result.stderr


# 11 --------------------------------------------------------------- negated terms: records that have the key


@pytest.mark.parametrize("query", ["o!2", "n!0", "p!1", "limit!3", "team!red", "range!5", "side!corp", "u!yes"])
def test_a_negated_term_finds_only_records_that_have_the_key(url: str, query: str) -> None:
    found = refs(url, query)
    assert found
    kinds = {ref.rsplit("/", 1)[0] for ref in found}
    assert not kinds & {
        "netrunner/faction", "netrunner/format", "netrunner/game", "crossfire/game", "crossfire/mode",
        "tactics/game", "tactics/mode", "tactics/map",
    }  # fmt: skip


def test_team_negated_is_the_other_roles(url: str) -> None:
    roles = refs(url, "k:role")
    red = refs(url, "team:red")
    assert refs(url, "team!red") == [ref for ref in roles if ref not in red]


def test_a_record_without_the_value_matches_neither(url: str) -> None:
    # as NetrunnerDB (cost != 2 is SQL's): an identity, an agenda has no cost: neither o:2 nor o!2
    costless = set(refs(url, "k:identity")) | set(refs(url, "t:agenda"))
    assert costless
    assert not costless & (set(refs(url, "o!2")) | set(refs(url, "o:2")))
    netrunner_cards = set(refs(url, "game:netrunner k:card")) - costless
    assert set(refs(url, "o!2 game:netrunner")) | set(refs(url, "o:2 game:netrunner")) <= netrunner_cards
