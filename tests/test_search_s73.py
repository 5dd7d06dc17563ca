"""Stop 73: 抵押 (mortgage) is a search key of its own that reads the count as printed (`抵押:2` finds the cards
that mortgage two; it was an alias of the cost, where a mortgage of two is cost -2, so `抵押:2` found nothing)."""

from __future__ import annotations

from pathlib import Path

from tests.test_round57_search import ROOT, bundled  # noqa: F401 (a fixture)
from toolkit.db import open_database
from toolkit.search import search


def test_mortgage_reads_the_count_as_printed(bundled: str) -> None:  # noqa: F811
    from toolkit.catalog import load_catalog as load

    cards = [r for r in load([Path(ROOT) / "cards" / "tactics"]).records if r.kind == "card"]  # type: ignore[attr-defined]
    mortgages = {r.id: r.cost.mortgage for r in cards}  # type: ignore[attr-defined]
    with open_database(bundled) as db:

        def found(query: str) -> set[str]:
            return {h.id for h in search(db, query, game="tactics")}

        two = {i for i, m in mortgages.items() if m == 2}
        assert two and found("抵押:2") == two == found("mortgage:2") == found("cost:-2")
        assert found("抵押>=2") == {i for i, m in mortgages.items() if m >= 2}
        assert found("抵押:0") == {i for i, m in mortgages.items() if not m}  # cards only: agents have no mortgage
        assert found("抵押:-2") == set()


def test_a_cycle_is_found_by_its_name(tmp_path: Path) -> None:
    """`c:` takes a cycle's name in either language, now that the import keeps cycle names (its id still works)."""
    from toolkit.db import build_from_files, resolve_target
    from toolkit.i18n import use_lang
    from toolkit.importers.netrunnerdb import import_netrunnerdb

    pool = tmp_path / "pool"
    with use_lang("en"):
        import_netrunnerdb(Path(ROOT) / "tests" / "fixtures" / "netrunnerdb_v2", pool)
    db_path = str(tmp_path / "c.db")
    build_from_files([pool], resolve_target(db_path))
    with open_database(db_path) as db:

        def found(query: str) -> set[str]:
            return {h.id for h in search(db, query, game="netrunner")}

        drift = found("c:drift")
        assert drift and found('c:"Drift Cycle"') == drift == found("c:漂流循环")
