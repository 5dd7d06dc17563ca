"""Hostile search queries and `show` arguments: parse, run on a small database, answer in one line.

Numbers past ``MAX_NUMBER`` (SQLite integers end at 64 bits; Python will not
convert thousands of digits) are refused with the column; any query at all is a
result (exit 0), no match (exit 1) or a QueryError (exit 2), never a traceback.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from toolkit.cli import app
from toolkit.errors import DossierError
from toolkit.search.parser import (
    MAX_ALTERNATIVES,
    MAX_NUMBER,
    MAX_QUERY_LENGTH,
    MAX_TERMS,
    QueryError,
    parse_query,
    query_number,
)

from .conftest import CARDS

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("hostile-search") / "cards.db"
    result = CliRunner().invoke(app, ["db", "build", "--db", str(path), "--cards", str(CARDS / "netrunner")])
    assert result.exit_code == 0, result.output
    return str(path)


HOSTILE_QUERIES: dict[str, tuple[str, str]] = {
    # name: (query, a fragment of the error)
    "past 64 bits": ("cost>99999999999999999999", "out of range"),
    "past the limit": (f"cost>{MAX_NUMBER + 1}", "out of range"),
    "negative past the limit": (f"cost>-{MAX_NUMBER + 1}", "out of range"),
    "thousands of digits": ("cost>" + "9" * 1900, "out of range"),
    "too long number": ("cost>" + "9" * 5000, "at most"),
    "leading zeros": ("o<=" + "0" * 1500 + "1" + "0" * 10, "out of range"),
    "not a number": ("cost<1e3", "whole number"),
    "unicode digits": ("cost<٣", "whole number"),
    "underscore": ("cost<1_000", "whole number"),
    "undecodable bytes": ("t:\udcff", "not UTF-8"),
    "too many terms": (" ".join(["ab"] * (MAX_TERMS + 1)), "terms"),
    "too many alternatives": ("cost:" + "|".join(["1"] * (MAX_ALTERNATIVES + 1)), "alternatives"),
    "too long": ("a" * (MAX_QUERY_LENGTH + 1), "at most"),
    "deep alternatives (SQLite's expression depth)": ("cost:" + "|".join(["1"] * 20000), "at most"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE_QUERIES))
def test_parse_refuses_numbers_with_a_column(case: str) -> None:
    query, fragment = HOSTILE_QUERIES[case]
    with pytest.raises(QueryError) as info:
        parse_query(query)
    assert fragment in str(info.value)
    assert info.value.column >= 1
    assert len(str(info.value)) < 400


@pytest.mark.parametrize("case", sorted(HOSTILE_QUERIES))
def test_search_cli_answers_in_one_line(cli, db: str, case: str) -> None:
    result = cli("search", "--db", db, HOSTILE_QUERIES[case][0])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("dossier: error: query "), result.output


@pytest.mark.parametrize(
    "query",
    [f"cost<={MAX_NUMBER}", f"cost>=-{MAX_NUMBER}", "cost>=0", "cost>=+0", "inf<=0007", "o<=" + "0" * 1500 + "1"],
)
def test_numbers_within_the_limit_run(cli, db: str, query: str) -> None:
    result = cli("search", "--db", db, query)
    assert result.exit_code in (0, 1), result.output


@pytest.mark.parametrize(
    "record", ["9" * 5000, "a" * 100_000, "\x00", "\ud800", "netrunner/" + "9" * 30, "../../etc/passwd", "「", ""]
)
def test_show_answers_in_one_line(cli, db: str, record: str) -> None:
    result = cli("show", "--db", db, record)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (1, 2), result.output
    assert "Traceback" not in result.output
    assert len(result.output) < 2000


def test_query_number() -> None:
    assert query_number("42") == 42 and query_number("-0") == 0 and query_number("+7") == 7
    assert query_number(str(MAX_NUMBER)) == MAX_NUMBER
    assert query_number(str(MAX_NUMBER + 1)) is None and query_number("9" * 5000) is None
    assert query_number("٣") is None and query_number("") is None


# ---------------------------------------------------------------- property-based

PIECES = [
    "cost",
    "o",
    "inf",
    "t",
    "f",
    "x",
    "费用",
    ":",
    "!",
    "<",
    ">",
    "<=",
    ">=",
    "=",
    "|",
    '"',
    "「",
    "」",
    "-",
    " ",
]
queries = st.lists(st.sampled_from(PIECES) | st.integers(-(10**30), 10**30).map(str), max_size=12).map(
    "".join
) | st.text(max_size=40)


@FUZZ
@given(queries)
def test_parse_raises_only_query_errors(query: str) -> None:
    try:
        parse_query(query)
    except QueryError as exc:
        assert exc.column >= 1


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(queries)
def test_search_runs_or_refuses(cli, db: str, query: str) -> None:
    if query.lstrip().startswith("-") or not query.strip():
        return  # an option or nothing, not a query
    result = cli("search", "--db", db, query)
    assert result.exception is None or isinstance(result.exception, (SystemExit, DossierError)), repr(result.exception)
    assert result.exit_code in (0, 1, 2), result.output


def test_db_fixture_is_small(db: str) -> None:
    assert Path(db).stat().st_size < 50_000_000
