"""NetrunnerDB's real data, stop 73's sweep (s73b): which ban list is in force, names with stray spaces, and
lint on a neutral agenda's influence.

1. The list in force is the latest of the format's lists whose start date has passed (``today`` injected), the
   data's ``active`` flag read only when no date tells; the v2 and the v1 layout pick the same list from the
   same lists; a list whose name says to ignore its date (NetrunnerDB's "for classic only" startup lists in
   ``mwl.json``) is never picked by its date; the import says which list is in force and warns when the
   ``active`` flag names an older one; a format's summary gives the day it is in force from (the later of the
   snapshot's own date and its list's: NetrunnerDB's snapshot dates can be a year off).
2. Names are imported as lint wants them: no space at their ends, no two in a row, in every language.
3. A neutral agenda's influence is no lint warning (any corp deck takes it and pays it, as the deck validator
   counts); another faction's agenda with influence still is.

Every checkout here is the invented fixture (tests/fixtures/netrunnerdb_v1 and _v2) with invented additions.
"""

from __future__ import annotations

import json
import shutil
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import context_sources, discover
from toolkit.i18n import use_lang
from toolkit.importers import import_netrunnerdb
from validators.lint import lint_sources

from .conftest import ROOT

FIXTURES = ROOT / "tests" / "fixtures"

# (id, name, date_start): three Standard lists, and a startup list NetrunnerDB's v1 data keeps among them
LISTS = [
    ("standard_ban_list_30_01", "Standard Ban List 30.01", "2030-01-15"),
    ("standard_ban_list_30_06", "Standard Ban List 30.06", "2030-06-01"),
    ("standard_ban_list_30_10", "Standard Ban List 30.10", "2030-10-03"),
]
CLASSIC_ONLY = ("startup_ban_list_30_11_for_classic_only", "Startup Ban List 30.11 (ignore active date)", "2030-11-01")


def write(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def v2_checkout(tmp: Path, *, flagged: str | None = "standard_ban_list_30_06") -> Path:
    """The v2 fixture with the Standard lists of LISTS (the last snapshot's own date a year early, as NetrunnerDB's
    are), ``flagged``'s snapshot marked active, and the classic-only startup list filed under Standard."""
    root = tmp / "v2src"
    shutil.copytree(FIXTURES / "netrunnerdb_v2", root)
    standard = root / "v2" / "restrictions" / "standard"
    for path in standard.glob("*.json"):
        path.unlink()
    for list_id, name, day in [*LISTS, CLASSIC_ONLY]:
        write(standard / f"{list_id}.json", {"id": list_id, "name": name, "date_start": day, "format_id": "standard",
                                             "banned": ["open_ledger_gambit"]})  # fmt: skip
    snapshots = []
    for n, (list_id, _, day) in enumerate(LISTS, 1):
        snapshot: dict[str, Any] = {"id": f"standard_{n}", "card_pool_id": "standard_pool_2", "restriction_id": list_id,
                                    "date_start": day if n < len(LISTS) else "2029" + day[4:]}  # fmt: skip
        if list_id == flagged:
            snapshot["active"] = True
        snapshots.append(snapshot)
    write(root / "v2" / "formats" / "standard.json", {"id": "standard", "name": "Standard", "snapshots": snapshots})
    return root


def v1_checkout(tmp: Path, *, flagged: str | None = None) -> Path:
    """The v1 fixture whose ``mwl.json`` holds the same lists as :func:`v2_checkout` (no ``active`` flag, as
    NetrunnerDB's v1 data has none, unless ``flagged``)."""
    root = tmp / "v1src"
    shutil.copytree(FIXTURES / "netrunnerdb_v1", root)
    entries = []
    for list_id, name, day in [*LISTS, CLASSIC_ONLY]:
        entry: dict[str, Any] = {"code": list_id.replace("_", "-"), "name": name, "date_start": day,
                                 "cards": {"90007": {"deck_limit": 0}}}  # fmt: skip
        if list_id == flagged:
            entry["active"] = True
        entries.append(entry)
    write(root / "mwl.json", entries)
    return root


def standard(into: Path) -> dict[str, Any]:
    found = [read(p) for p in into.rglob("*.json") if p.parent.name == "modes" and read(p).get("id") == "standard"]
    assert len(found) == 1, found
    return found[0]


def imported(tmp: Path, source: Path, today: date) -> tuple[dict[str, Any], Any]:
    into = tmp / f"into_{source.name}"
    with use_lang("en"):
        report = import_netrunnerdb(source, into, today=today)
    return standard(into), report


# ------------------------------------------------------------------ 1. the ban list in force


@pytest.mark.parametrize(
    ("today", "expected"),
    [
        (date(2030, 12, 7), "standard_ban_list_30_10"),  # after the last: the classic-only list is no Standard list
        (date(2030, 10, 3), "standard_ban_list_30_10"),  # its first day
        (date(2030, 10, 2), "standard_ban_list_30_06"),
        (date(2030, 2, 1), "standard_ban_list_30_01"),
    ],
)
def test_both_layouts_put_in_force_the_latest_list_already_started(tmp_path: Path, today: date, expected: str) -> None:
    v2, _ = imported(tmp_path, v2_checkout(tmp_path), today)
    v1, _ = imported(tmp_path, v1_checkout(tmp_path), today)
    assert v2["ban_list"] == expected
    assert v1["ban_list"] == expected
    assert v2["date_start"] == v1["date_start"] == next(day for i, _, day in LISTS if i == expected)


def test_the_active_flag_picks_only_when_no_list_has_started(tmp_path: Path) -> None:
    v2, report = imported(tmp_path, v2_checkout(tmp_path), date(2029, 1, 1))
    assert v2["ban_list"] == "standard_ban_list_30_06"
    v1, _ = imported(tmp_path, v1_checkout(tmp_path, flagged="standard_ban_list_30_06"), date(2029, 1, 1))
    assert v1["ban_list"] == "standard_ban_list_30_06"
    assert not [w for w in report.warnings if "active" in w], report.warnings


def test_the_import_says_which_list_is_in_force_and_warns_of_a_stale_active_flag(tmp_path: Path) -> None:
    _, report = imported(tmp_path, v2_checkout(tmp_path), date(2030, 12, 7))
    assert "format 'standard': the ban list in force is Standard Ban List 30.10, from 2030-10-03" in report.notes
    stale = [w for w in report.warnings if "marks as active" in w]
    assert stale == [
        "format 'standard': the data marks as active Standard Ban List 30.06 (from 2030-06-01), but Standard Ban "
        "List 30.10 has been in force since 2030-10-03; Standard Ban List 30.10 is the list in force"
    ], report.warnings
    # the flag on the list in force, or on none: nothing to warn of
    _, report = imported(tmp_path / "b", v2_checkout(tmp_path / "b", flagged=None), date(2030, 12, 7))
    assert not [w for w in report.warnings if "marks as active" in w], report.warnings
    _, report = imported(tmp_path / "c", v2_checkout(tmp_path / "c"), date(2030, 7, 1))
    assert not [w for w in report.warnings if "marks as active" in w], report.warnings


def test_the_format_summary_gives_the_lists_own_start_not_the_snapshots_mistyped_date(tmp_path: Path) -> None:
    v2, _ = imported(tmp_path, v2_checkout(tmp_path), date(2030, 12, 7))
    assert v2["summary"]["en"].endswith("ban list Standard Ban List 30.10, from 2030-10-03."), v2["summary"]
    assert "2029" not in v2["summary"]["en"] and "2029" not in v2["summary"]["zh-Hans"]
    snapshot = read(next((tmp_path / "into_v2src").rglob("standard_3.json")))
    assert snapshot["date_start"] == "2030-10-03"


# ------------------------------------------------------------------ 2. names with stray spaces


def test_names_lose_stray_spaces_in_every_language(tmp_path: Path) -> None:
    root = tmp_path / "src"
    shutil.copytree(FIXTURES / "netrunnerdb_v2", root)
    card = root / "v2" / "cards" / "tidewater_accord.json"
    write(card, {**read(card), "title": " Tidewater  Accord", "stripped_title": "Tidewater  Accord "})
    zh = root / "translations" / "zh-hans" / "pack" / "sd.zh-hans.json"
    write(zh, [{**t, "title": "潮汐\u3000\u3000协定 "} if t["code"] == "90002" else t for t in read(zh)])
    write(root / "translations" / "ko" / "pack" / "sd.ko.json", [{"code": "90002", "title": "조류  협정"}])
    into = tmp_path / "pool"
    with use_lang("en"):
        import_netrunnerdb(root, into, today=date(2026, 12, 7))
    record = read(into / "cards" / "tidewater_accord.json")
    names = {lang: record["name"][lang] for lang in ("zh-Hans", "en", "ko")}
    assert names == {"zh-Hans": "潮汐\u3000协定", "en": "Tidewater Accord", "ko": "조류 협정"}
    sources, wanted = context_sources(discover([into]))
    result = lint_sources(sources, wanted)
    assert [f.format() for f in result.findings if f.severity == "error"] == []


def test_v1_names_lose_stray_spaces(tmp_path: Path) -> None:
    root = tmp_path / "src"
    shutil.copytree(FIXTURES / "netrunnerdb_v1", root)
    pack = root / "pack" / "sd.json"
    entries = read(pack)
    first = entries[0]
    spaced = first["title"].replace(" ", "  ") + " "
    write(pack, [{**first, "title": spaced, "stripped_title": spaced}, *entries[1:]])
    into = tmp_path / "pool"
    with use_lang("en"):
        import_netrunnerdb(root, into, today=date(2026, 12, 7))
    names = [read(p)["name"]["en"] for p in into.rglob("*.json") if p.parent.name in ("cards", "identities")]
    assert first["title"] in names
    sources, wanted = context_sources(discover([into]))
    result = lint_sources(sources, wanted)
    assert [f.format() for f in result.findings if f.code == "card.name.spaces"] == []


# ------------------------------------------------------------------ 3. a neutral agenda's influence


def test_lint_takes_a_neutral_agendas_influence_and_warns_of_a_factions(tmp_path: Path) -> None:
    root = tmp_path / "src"
    shutil.copytree(FIXTURES / "netrunnerdb_v2", root)
    card = root / "v2" / "cards" / "tidewater_accord.json"
    write(card, {**read(card), "influence_cost": 1})
    other = {**read(card), "id": "ironroot_charter", "title": "Ironroot Charter", "stripped_title": "Ironroot Charter",
             "faction_id": "weyland_consortium", "influence_cost": 2}  # fmt: skip
    write(root / "v2" / "cards" / "ironroot_charter.json", other)
    printings = root / "v2" / "printings" / "signal_drift.json"
    write(printings, [*read(printings), {"id": "90099", "card_id": "ironroot_charter", "card_set_id": "signal_drift",
                                         "position": 99, "quantity": 3}])  # fmt: skip
    into = tmp_path / "pool"
    with use_lang("en"):
        import_netrunnerdb(root, into, today=date(2026, 12, 7))
        sources, wanted = context_sources(discover([into]))
        result = lint_sources(sources, wanted)
    found = [f.format() for f in result.findings if f.code == "card.agenda.influence"]
    assert len(found) == 1 and "'ironroot_charter'" in found[0] and found[0].endswith("not 2"), found
