"""A tactics command card with no mortgage costs 0 (round 66): its badge shows 0 (or only the tap icon), ``o:0``
finds it, comparisons (``o>=0``, ``o<0``, ``o!-1``) and the cost sort take 0 as a cost, and the listing shows
``cost 0``; agents, units and the other records that are no command card have no cost and match no ``o:`` term.
Before, the stored mortgage 0 read as "no cost": ``o:0`` found nothing (so ``print --query 'o:0'`` printed nothing)
and ``o!-1`` only the cost -2 cards. On the bundled tactics cards, through the search API (both backends) and the
command line."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.db import build_database, open_database, resolve_target
from toolkit.search import search
from toolkit.search.display import stats

from .conftest import CARDS
from .test_db import BACKENDS, drop, new_url

Run = Callable[..., Any]

RECORDS = list(load_catalog([CARDS / "tactics"]).records)
CARDS_BY_ID = {r.id: r for r in RECORDS if r.kind == "card"}  # type: ignore[attr-defined]
MORTGAGE: dict[str, int] = {i: r.cost.mortgage for i, r in CARDS_BY_ID.items()}  # type: ignore[attr-defined]
NO_COST = {f"{r.kind}/{r.id}" for r in RECORDS if r.kind != "card"}  # type: ignore[attr-defined]


@pytest.fixture(scope="module", params=BACKENDS)
def url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = new_url(request.param, tmp_path_factory.mktemp("db"))
    build_database(load_catalog([CARDS / "tactics"]), resolve_target(url))
    yield url
    drop(url)


def found(url: str, query: str) -> set[str]:
    with open_database(url) as db:
        return {f"{h.kind}/{h.id}" for h in search(db, query, game="tactics")}


def cards(predicate: Callable[[int], bool]) -> set[str]:
    return {f"card/{i}" for i, m in MORTGAGE.items() if predicate(m)}


def test_the_bundled_cards_hold_cost_zero_cards_of_each_form() -> None:
    zero = {i for i, m in MORTGAGE.items() if m == 0}
    assert {"contingency_plan", "steady_aim", "supply_crate"} <= zero  # no cost field: the model's mortgage 0
    assert "cicada_wing_dagger" in zero  # "mortgage": 0 written out
    assert "breach_in" in zero and CARDS_BY_ID["breach_in"].cost.tap  # type: ignore[attr-defined]  # tap only
    assert {0, 1, 2} <= set(MORTGAGE.values())
    assert {"agent/gale", "unit/contract_guard"} <= NO_COST


@pytest.mark.parametrize(
    ("query", "predicate"),
    [
        ("o:0", lambda m: m == 0),  # before: nothing
        ("cost:0", lambda m: m == 0),
        ("费用:0", lambda m: m == 0),
        ("o>=0", lambda m: m == 0),  # before: nothing
        ("o>-1", lambda m: m == 0),
        ("o<=0", lambda m: True),  # before: only the -1 and -2 cards
        ("o<0", lambda m: m > 0),
        ("o!-1", lambda m: m != 1),  # before: only the -2 cards
        ("o!0", lambda m: m != 0),
        ("o:-2", lambda m: m == 2),
    ],
)
def test_cost_zero_is_a_cost(url: str, query: str, predicate: Callable[[int], bool]) -> None:
    wanted = cards(predicate)
    assert wanted
    assert found(url, query) == wanted  # every command card by its cost, no agent, unit or other record


def test_records_with_no_cost_match_no_cost_term(url: str) -> None:
    for query in ("o:0", "o>=0", "o<=0", "o!-1", "o!0", "o>-100", "o<100"):
        assert not found(url, query) & NO_COST, query
    assert found(url, "k:agent o:0") == set()
    assert found(url, "k:agent") and found(url, "k:agent o!0") == set()  # no cost: not "other than 0" either


def test_cost_sort_puts_zero_before_the_mortgages_and_no_cost_last(url: str) -> None:
    """Amended (stop 74): the cost sort takes a mortgage of X as X dear (a mortgage of two is the dearest card, then
    one of one, then a free card), so `--sort cost` is the free cards first and `--sort -cost` the dearest first."""
    with open_database(url) as db:
        hits = search(db, "game:tactics", game="tactics", sort="cost")
        down = search(db, "game:tactics", game="tactics", sort="-cost")
    order = [MORTGAGE[h.id] if h.kind == "card" else None for h in hits]
    costs = [c for c in order if c is not None]
    assert costs == sorted(costs) and costs[0] == 0 and order.index(None) == len(costs)  # before: 0s among NULLs
    assert all(c is None for c in order[len(costs) :])
    down_costs = [MORTGAGE[h.id] for h in down if h.kind == "card"]
    assert down_costs == sorted(down_costs, reverse=True) and down_costs[-1] == 0 and down_costs[0] > 0
    assert all(h.kind != "card" for h in down[len(down_costs) :])


def test_the_listing_shows_cost_zero(url: str) -> None:
    with open_database(url) as db:
        by_id = {h.id: h for h in search(db, "k:card", game="tactics")}
        gale = search(db, "k:agent gale", game="tactics")[0]
    assert stats(by_id["supply_crate"]).split(" · ")[0] == "cost 0"  # before: no cost shown
    assert stats(by_id["cicada_wing_dagger"]).startswith("cost 0 · ")
    assert stats(by_id["breach_in"]) == "cost 0 · tap"  # as o:0 finds it
    assert stats(by_id["breaching_charge"]).startswith("cost -1")
    assert "cost" not in stats(gale)


# -- the command line: search and print --query


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("cli") / "d.db"
    build_database(load_catalog([CARDS / "tactics"]), resolve_target(str(path)))
    return path


def test_cli_search_finds_cost_zero(cli: Run, built: Path) -> None:
    result = cli("search", "o:0", "--game", "tactics", "--db", built, "--format", "ids")
    assert result.exit_code == 0, result.output
    assert set(result.stdout.split()) == {i for i, m in MORTGAGE.items() if m == 0}
    table = cli("search", "supply crate", "--game", "tactics", "--db", built, "--lang", "en")
    assert table.exit_code == 0, table.output
    lines = table.stdout.splitlines()
    assert any(line.startswith("supply_crate ") and line.rstrip().endswith("cost 0") for line in lines)


def test_cli_print_query_cost_zero(cli: Run, built: Path, tmp_path: Path) -> None:
    out = tmp_path / "q.pdf"
    result = cli("print", "--game", "tactics", "--query", "o:0 补给箱", "--out", out, "--db", built)
    assert result.exit_code == 0, result.output  # before: error: --query 'o:0 补给箱': no printable cards match
    assert out.read_bytes().startswith(b"%PDF")
