"""`dossier import netrunnerdb`: both NetrunnerDB layouts, from invented fixture checkouts.

tests/fixtures/netrunnerdb_v2 (v2/cards, printings, sets, cycles, factions,
subtypes, formats, card pools, restrictions) and tests/fixtures/netrunnerdb_v1
(pack/, packs.json, cycles.json, factions.json, mwl.json) hold the same
invented cards, written for these tests; both carry translations/zh-hans.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import context_sources, discover
from toolkit.errors import DossierError
from toolkit.importers import detect_layout, import_netrunnerdb
from validators.lint import lint_sources

from .conftest import ROOT
from .test_db import BACKENDS, drop, new_url

FIXTURES = ROOT / "tests" / "fixtures"
LAYOUTS = ["netrunnerdb_v2", "netrunnerdb_v1"]
GOLDEN = ROOT / "tests" / "golden" / "search"
Run = Callable[..., Any]


@pytest.fixture(scope="module")
def pools(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Any]]:
    """Each fixture checkout imported once: layout -> (output directory, report). In English, as the tests run
    (a module's fixture is made before the per-test language is set; the report is worded as the import runs)."""
    from toolkit.i18n import use_lang

    out = {}
    with use_lang("en"):
        for layout in LAYOUTS:
            into = tmp_path_factory.mktemp(layout) / "netrunnerdb"
            out[layout] = (into, import_netrunnerdb(FIXTURES / layout, into))
    return out


@pytest.fixture(params=LAYOUTS)
def imported(request: pytest.FixtureRequest, pools: dict[str, tuple[Path, Any]]) -> tuple[str, Path, Any]:
    into, report = pools[request.param]
    return request.param, into, report


def load(into: Path, folder: str, record_id: str) -> dict[str, Any]:
    return json.loads((into / folder / f"{record_id}.json").read_text(encoding="utf-8"))


def test_output_passes_lint(imported: tuple[str, Path, Any]) -> None:
    _, into, _ = imported
    sources, wanted = context_sources(discover([into]))
    result = lint_sources(sources, wanted)
    assert [f.format() for f in result.findings if f.severity == "error"] == []
    assert result.files == len(list(discover([into])))


def test_counts(imported: tuple[str, Path, Any]) -> None:
    layout, _, report = imported
    formats = 7 if layout == "netrunnerdb_v2" else 3  # v2: 3 formats + 4 snapshots; v1: standard + 2 ban lists
    assert report.counts == {"card": 12, "faction": 10, "format": formats, "game": 1, "identity": 2}
    assert report.layout == layout[-2:]


@pytest.mark.parametrize(
    ("folder", "record_id", "expected"),
    [
        (
            "cards",
            "lattice_thornwall",
            {
                "type": "ice",
                "rez_cost": 4,
                "strength": 3,
                "influence": 2,
                "faction": "haas_bioroid",
                "subtypes": ["barrier", "bioroid"],
                "unique": False,
            },
        ),
        ("cards", "mirage_keyway", {"type": "ice", "rez_cost": 2, "strength": None, "faction": "nbn"}),
        (
            "cards",
            "night_market_lease",
            {"type": "asset", "rez_cost": 1, "trash_cost": 3, "unique": True, "faction": "weyland_consortium"},
        ),
        ("cards", "vault_sentinel_array", {"type": "upgrade", "rez_cost": 2, "trash_cost": 4, "influence": 3}),
        ("cards", "open_ledger_gambit", {"type": "operation", "cost": None, "influence": 0}),
        (
            "cards",
            "tidewater_accord",
            {"type": "agenda", "advancement_requirement": 4, "agenda_points": 2, "faction": "neutral_corp"},
        ),
        (
            "cards",
            "quillfracter_nine",
            {"type": "program", "cost": 2, "memory_cost": 1, "strength": 1, "subtypes": ["icebreaker", "fracter"]},
        ),
        ("cards", "whisperworm_kit", {"type": "program", "cost": 1, "memory_cost": 1, "subtypes": ["virus"]}),
        ("cards", "saltglass_deck", {"type": "hardware", "cost": 3, "deck_limit": 1, "unique": True}),
        ("cards", "harbor_fixer_lune", {"type": "resource", "cost": 1, "influence": 2, "deck_limit": 3}),
        (
            "cards",
            "backdoor_sprint_drill",
            {"type": "event", "cost": 0, "faction": "neutral_runner", "subtypes": ["run"]},
        ),
        (
            "identities",
            "kestrel_dynamics_sky_is_ours",
            {
                "side": "corp",
                "min_deck_size": 45,
                "influence_limit": 15,
                "faction": "weyland_consortium",
                "subtypes": ["megacorp"],
            },
        ),
        (
            "identities",
            "mira_okonjo_static_saint",
            {"side": "runner", "min_deck_size": 40, "influence_limit": 15, "base_link": 1, "faction": "anarch"},
        ),
        (
            "factions",
            "weyland_consortium",
            {"side": "corp", "neutral": False, "name": {"en": "Weyland Consortium", "zh-Hans": "威兰财团"}},
        ),
        ("factions", "neutral_runner", {"side": "runner", "neutral": True, "color": "#808080"}),
        # NetrunnerDB calls both neutral factions 中立 / Neutral; names are unique in Dossier
        ("factions", "neutral_corp", {"name": {"en": "Neutral (Corp)", "zh-Hans": "中立（公司）"}}),
        ("factions", "neutral_runner", {"name": {"en": "Neutral (Runner)", "zh-Hans": "中立（潜袭者）"}}),
        ("factions", "apex", {"side": "runner", "color": "#9a2a2a", "name": {"en": "Apex", "zh-Hans": "顶点"}}),
    ],
)
def test_fields_users_rely_on(
    imported: tuple[str, Path, Any], folder: str, record_id: str, expected: dict[str, Any]
) -> None:
    _, into, _ = imported
    data = load(into, folder, record_id)
    assert {key: data.get(key) for key in expected} == expected


def test_chinese_names_text_and_the_untranslated_marker(imported: tuple[str, Path, Any]) -> None:
    _, into, report = imported
    breaker = load(into, "cards", "quillfracter_nine")
    assert breaker["name"] == {"en": "Quillfracter Nine", "zh-Hans": "羽刃破墙器九型"}
    assert breaker["printed_text"]["zh-Hans"] == ["接口 → 1[credit]：破解 1 个屏障子进程。", "2[credit]：强度 +2。"]
    # the English is read into the ability language where templates reach it (tests/test_nrdb_text.py)
    assert breaker["text"][0] == "1[credit]：破解 1 个屏障子进程。" and breaker["text"][1].startswith("2[credit]：强度 +")
    assert breaker["reading"] == {"status": "executable", "read": [0, 1]}
    agenda = load(into, "cards", "tidewater_accord")
    flavor = {key: agenda["flavor"][key] for key in ("en", "zh-Hans")}
    assert flavor == {"en": "Everyone signs. Nobody reads.", "zh-Hans": "人人签字，无人细读。"}
    assert "untranslated" not in agenda
    asset = load(into, "cards", "night_market_lease")  # translations are kept verbatim
    assert asset["printed_text"]["zh-Hans"] == ["参见「羽刃破墙器九型」与「不存在的牌」。"]
    untranslated = load(into, "cards", "open_ledger_gambit")
    assert untranslated["name"] == {"en": "Open Ledger Gambit", "zh-Hans": "Open Ledger Gambit"}
    assert untranslated["untranslated"] == ["/name/zh-Hans"]
    assert "zh-Hans" not in untranslated["printed_text"]
    assert report.untranslated["/name/zh-Hans"] == 9


def test_every_language_of_the_translations_is_carried(imported: tuple[str, Path, Any]) -> None:
    # the v2 fixture has French too: names, printed text and flavour under the tag "fr"; a translation that
    # repeats the English is left out; a directory that names no language is a warning
    layout, into, report = imported
    if layout != "netrunnerdb_v2":
        pytest.skip("the v1 fixture has Chinese only")
    agenda = load(into, "cards", "tidewater_accord")
    assert agenda["name"]["fr"] == "Accord des Marées"
    assert agenda["printed_text"]["fr"] == ["Quand vous marquez ce projet, piochez 2 cartes."]
    assert agenda["flavor"]["fr"] == "Tout le monde signe. Personne ne lit."
    breaker = load(into, "cards", "quillfracter_nine")
    assert "fr" not in breaker["name"] and breaker["printed_text"]["fr"][0].startswith("Interface → 1[credit] : brisez")
    anarch = load(into, "factions", "anarch")
    assert anarch["name"]["fr"] == "Anarchiste"
    assert any("translations/not_a_language" in w for w in report.warnings)
    from toolkit.catalog import load_catalog
    from toolkit.i18n import name_of

    record = next(r for r in load_catalog([into]).records if r.id == "tidewater_accord")  # type: ignore[attr-defined]
    assert name_of(record, "fr") == "Accord des Marées" and name_of(record, "de") == "Tidewater Accord"


def test_printings_and_reprints(imported: tuple[str, Path, Any]) -> None:
    layout, into, _ = imported
    breaker = load(into, "cards", "quillfracter_nine")
    sets = [p["set"] for p in breaker["printings"]]
    assert [p["code"] for p in breaker["printings"]] == ["90010", "92099"]
    assert breaker["set"] == sets[0]
    assert breaker["printings"][0]["illustrator"]
    if layout == "netrunnerdb_v1":
        assert sets == ["sd", "hl"]
        # v1 repeats a card per printing: the newest printing's text (an errata here) wins
        assert breaker["printed_text"]["en"][-1] == "2[credit]: +3 strength."
    else:
        assert sets == ["signal_drift", "harbor_lights"]
        assert breaker["flavor"]["en"] == "Nine tries, one door."
        assert breaker["untranslated"] == ["/flavor/zh-Hans"]


V2_STANDARD_LISTS = ["standard_ban_list_30_01", "standard_ban_list_30_06"]


@pytest.mark.parametrize(
    ("layout", "record_id", "sets", "in_force", "offered"),
    [
        ("netrunnerdb_v2", "standard", ["harbor_lights", "signal_drift"], "standard_ban_list_30_06", V2_STANDARD_LISTS),
        ("netrunnerdb_v2", "standard_1", ["signal_drift"], "standard_ban_list_30_01", ["standard_ban_list_30_01"]),
        (
            "netrunnerdb_v2",
            "standard_2",
            ["harbor_lights", "signal_drift"],
            "standard_ban_list_30_06",
            ["standard_ban_list_30_06"],
        ),
        (
            "netrunnerdb_v2",
            "eternal",
            ["harbor_lights", "signal_drift"],
            "eternal_points_list_30_02",
            ["eternal_points_list_30_02"],
        ),
        ("netrunnerdb_v2", "drift_league", ["signal_drift"], None, []),
        ("netrunnerdb_v1", "standard", ["hl"], "harbor_mwl_2_0", ["drift_mwl_1_0", "harbor_mwl_2_0"]),
        ("netrunnerdb_v1", "drift_mwl_1_0", ["hl"], "drift_mwl_1_0", ["drift_mwl_1_0"]),
    ],
)
def test_formats_card_pools_and_ban_lists(
    pools: dict[str, tuple[Path, Any]],
    layout: str,
    record_id: str,
    sets: list[str],
    in_force: str | None,
    offered: list[str],
) -> None:
    """A format record is its card pool and its ban list in force; the format itself offers all its lists."""
    into, _ = pools[layout]
    data = load(into, "modes", record_id)
    assert (data["sets"], data.get("ban_list"), [b["id"] for b in data["ban_lists"]]) == (sets, in_force, offered)
    assert {"rule": "ban_list"} in data["deck_rules"] and {"rule": "card_pool"} in data["deck_rules"]
    assert "banned" not in data and "restricted" not in data  # the lists live in ban_lists only


def ban_list(into: Path, record_id: str, ban_id: str) -> dict[str, Any]:
    return next(b for b in load(into, "modes", record_id)["ban_lists"] if b["id"] == ban_id)


@pytest.mark.parametrize(
    ("layout", "record_id", "ban_id", "expected"),
    [
        (
            "netrunnerdb_v2",
            "standard",
            "standard_ban_list_30_06",
            {
                "name": {"en": "Standard Ban List 30.06", "zh-Hans": "Standard Ban List 30.06"},
                "date_start": "2030-06-01",
                # open_ledger_gambit by id, vault_sentinel_array by its banned subtype (sysop)
                "banned": ["open_ledger_gambit", "vault_sentinel_array"],
                "restricted": ["harbor_fixer_lune"],
                "restricted_limit": 1,
                "universal_faction_cost": {"night_market_lease": 1},
            },
        ),
        ("netrunnerdb_v2", "standard", "standard_ban_list_30_01", {"banned": ["whisperworm_kit"], "restricted": []}),
        (
            "netrunnerdb_v2",
            "eternal",
            "eternal_points_list_30_02",
            {"banned": [], "points": {"quarterly_windfall_memo": 2, "saltglass_deck": 1}, "point_limit": 7},
        ),
        (
            "netrunnerdb_v1",
            "standard",
            "harbor_mwl_2_0",
            {
                "banned": ["open_ledger_gambit"],
                "restricted": ["harbor_fixer_lune"],
                "universal_faction_cost": {"night_market_lease": 3},
            },
        ),
        (
            "netrunnerdb_v1",
            "standard",
            "drift_mwl_1_0",
            {"banned": ["whisperworm_kit"], "global_penalty": {"saltglass_deck": 1}},
        ),
    ],
)
def test_ban_list_verdicts(
    pools: dict[str, tuple[Path, Any]], layout: str, record_id: str, ban_id: str, expected: dict[str, Any]
) -> None:
    into, _ = pools[layout]
    data = ban_list(into, record_id, ban_id)
    assert {key: data.get(key) for key in expected} == expected


def test_game_record_lists_the_sets(imported: tuple[str, Path, Any]) -> None:
    layout, into, _ = imported
    game = json.loads((into / "game.json").read_text(encoding="utf-8"))
    ids = ["signal_drift", "harbor_lights"] if layout == "netrunnerdb_v2" else ["sd", "hl"]
    assert [s["id"] for s in game["sets"]] == ids
    french = {"fr": "Dérive du Signal"} if layout == "netrunnerdb_v2" else {}
    assert game["sets"][0] == {
        "id": ids[0],
        "name": {"en": "Signal Drift", "zh-Hans": "信号漂流", **french},
        "cycle": "drift",
        "released": "2030-01-01",
        **({"code": "sd"} if layout == "netrunnerdb_v2" else {}),  # NetrunnerDB's short code (`e:sd`)
    }
    breaker = load(into, "cards", "quillfracter_nine")
    assert [p["cycle"] for p in breaker["printings"]] == ["drift", "harbor"]


@pytest.mark.parametrize(
    ("layout", "line"),
    [
        ("netrunnerdb_v2", "unknown field 'frobnicate' in 1 v2/cards entries: not imported (unknown to Dossier)"),
        ("netrunnerdb_v2", "card 'backdoor_sprint_drill': only an identity keeps other faces; its 1 face is not imported"),
        (
            "netrunnerdb_v2",
            "field 'description' in 1 faction entries not imported: faction description (no Dossier field)",
        ),
        (
            "netrunnerdb_v2",
            "1 card ids on ban lists are not among the imported cards (left off the lists): card_that_never_was",
        ),
        ("netrunnerdb_v2", "format 'drift_league' has no Chinese name; the English stands in"),
        ("netrunnerdb_v1", "unknown field 'frobnicate' in 1 pack entries: not imported (unknown to Dossier)"),
        ("netrunnerdb_v1", "1 card ids on ban lists are not among the imported cards (left off the lists): #99999"),
        ("netrunnerdb_v2", "9 records have no Chinese for /name/zh-Hans; the English stands in (see 'untranslated')"),
    ],
)
def test_nothing_is_dropped_silently(pools: dict[str, tuple[Path, Any]], layout: str, line: str) -> None:
    into, report = pools[layout]
    assert line in report.lines()
    marker = json.loads((into / ".dossier-import.json").read_text(encoding="utf-8"))
    assert line in marker["report"]


def test_game_record_vocabularies(imported: tuple[str, Path, Any]) -> None:
    _, into, _ = imported
    game = json.loads((into / "game.json").read_text(encoding="utf-8"))
    subtypes = {t["id"]: t["name"] for t in game["subtypes"]}
    assert subtypes["barrier"] == {"en": "Barrier", "zh-Hans": "屏障"}
    assert {"credit", "click", "subroutine", "mu"} <= {s["id"] for s in game["symbols"]}
    assert game["$schema"] == ".schema/netrunner/game.schema.json"
    assert (into / ".schema" / "netrunner" / "card.schema.json").is_file()


def test_reimport_replaces_the_old_import(tmp_path: Path) -> None:
    into = tmp_path / "pool"
    import_netrunnerdb(FIXTURES / "netrunnerdb_v2", into)
    assert (into / "modes" / "eternal.json").is_file()
    import_netrunnerdb(FIXTURES / "netrunnerdb_v1", into)
    assert not (into / "modes" / "eternal.json").exists()  # (what the earlier import wrote goes with it)
    assert json.loads((into / ".dossier-import.json").read_text(encoding="utf-8"))["layout"] == "v1"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pool"]


def test_never_overwrites_other_directories(tmp_path: Path) -> None:
    into = tmp_path / "mine"
    into.mkdir()
    (into / "notes.txt").write_text("keep me", encoding="utf-8")
    with pytest.raises(DossierError, match="not a Dossier import"):
        import_netrunnerdb(FIXTURES / "netrunnerdb_v2", into)
    assert (into / "notes.txt").read_text(encoding="utf-8") == "keep me"


@pytest.mark.parametrize(
    ("make", "layout", "problem"),
    [
        (lambda root: None, "auto", "not a NetrunnerDB checkout"),
        (lambda root: (root / "pack").mkdir(), "v2", "no v2 layout here"),
        (lambda root: (root / "v2" / "cards").mkdir(parents=True), "auto", "no factions.json"),
        (lambda root: (root / "pack").mkdir(), "auto", "no packs.json"),
    ],
)
def test_layout_errors(tmp_path: Path, make: Callable[[Path], None], layout: str, problem: str) -> None:
    make(tmp_path)
    with pytest.raises(DossierError, match=problem):
        import_netrunnerdb(tmp_path, tmp_path / "out", layout=layout)


def test_a_checkout_with_both_layouts_prefers_v2(tmp_path: Path) -> None:
    shutil.copytree(FIXTURES / "netrunnerdb_v1", tmp_path / "repo")
    shutil.copytree(FIXTURES / "netrunnerdb_v2" / "v2", tmp_path / "repo" / "v2")
    assert detect_layout(tmp_path / "repo")[0] == "v2"
    assert detect_layout(tmp_path / "repo", "v1")[0] == "v1"


def test_bad_json_in_the_checkout(tmp_path: Path) -> None:
    shutil.copytree(FIXTURES / "netrunnerdb_v2", tmp_path / "repo")
    (tmp_path / "repo" / "v2" / "cards" / "broken.json").write_text('{"id": "x",\n  "title" "y"}', encoding="utf-8")
    with pytest.raises(DossierError, match=r"broken.json:2:11: invalid JSON"):
        import_netrunnerdb(tmp_path / "repo", tmp_path / "out")


def test_cli_import_default_directory(cli: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    result = cli("import", "netrunnerdb", FIXTURES / "netrunnerdb_v2")
    assert result.exit_code == 0
    into = tmp_path / "data" / "dossier" / "netrunnerdb"
    assert result.stdout == (
        "imported 12 cards, 10 factions, 7 formats, 1 game record, 2 identities from the v2 layout of "
        f"{FIXTURES / 'netrunnerdb_v2'} into {into}\n"
        # which list each format put in force (the fixtures' lists start in 2030: none has started; stop 73)
        "format 'eternal': the ban list in force is Eternal Points List 30.02, the one the data marks as active "
        "(none of the format's lists has started by 2026-12-07)\n"
        "format 'standard': the ban list in force is Standard Ban List 30.06, the one the data marks as active "
        "(none of the format's lists has started by 2026-12-07)\n"
    )
    assert "warning: unknown field 'frobnicate'" in result.stderr
    assert cli("lint", into).exit_code == 0


@pytest.mark.parametrize("backend", BACKENDS)
def test_search_the_imported_pool(cli: Run, imported: tuple[str, Path, Any], backend: str, tmp_path: Path) -> None:
    _, into, _ = imported
    url = new_url(backend, tmp_path)
    try:
        assert cli("db", "build", "--db", url, "--cards", into).exit_code == 0

        def ids(query: str) -> list[str]:
            result = cli("search", "--db", url, "--game", "netrunner", "--format", "ids", query)
            assert result.exit_code == 0, result.output
            return result.stdout.split()

        layout = imported[0]
        assert ids("quillfracter") == ["quillfracter_nine"]
        assert ids('"Quillfracter Nine"') == ["quillfracter_nine"]
        assert ids("名:羽刃") == ["quillfracter_nine"]
        assert ids("羽刃") == ["quillfracter_nine", "night_market_lease"]  # name matches first; the lease's text names it
        assert ids("f:anarch t:program") == ["quillfracter_nine"]
        assert ids("t:ice p>=3") == ["lattice_thornwall"]
        assert ids("t:operation o>=3") == ["quarterly_windfall_memo"]
        assert ids("x:barrier t:program") == ["quillfracter_nine"]
        assert ids("x:屏障子进程") == ["quillfracter_nine"]
        assert sorted(ids("u:yes d:runner")) == ["harbor_fixer_lune", "saltglass_deck"]
        assert ids("link:1") == ["mira_okonjo_static_saint"]
        assert ids("deck_size:45") == ["kestrel_dynamics_sky_is_ours"]
        if layout == "netrunnerdb_v2":
            assert sorted(ids("i:cy")) == ["backdoor_sprint_drill", "harbor_fixer_lune", "quillfracter_nine"]
            assert sorted(ids("e:harbor_lights")) == ["backdoor_sprint_drill", "harbor_fixer_lune", "quillfracter_nine"]
        else:
            assert len(ids("i:inkwell")) == 14
            assert sorted(ids("e:hl")) == ["backdoor_sprint_drill", "harbor_fixer_lune", "quillfracter_nine"]
    finally:
        drop(url)


@pytest.mark.parametrize(
    ("layout", "record_id"), [("netrunnerdb_v2", "quillfracter_nine"), ("netrunnerdb_v2", "open_ledger_gambit")]
)
@pytest.mark.lang_default
def test_show_golden(cli: Run, tmp_path: Path, update_golden: bool, layout: str, record_id: str) -> None:
    into = tmp_path / "pool"
    import_netrunnerdb(FIXTURES / layout, into)
    db = tmp_path / "pool.db"
    assert cli("db", "build", "--db", db, "--cards", into).exit_code == 0
    output = cli("show", "--db", db, record_id).stdout
    golden = GOLDEN / f"show_{record_id}.txt"
    if update_golden:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(output, encoding="utf-8")
    assert output == golden.read_text(encoding="utf-8")


def test_printings_of_unknown_cards_are_reported(tmp_path: Path) -> None:
    shutil.copytree(FIXTURES / "netrunnerdb_v2", tmp_path / "repo")
    orphan = [{"id": "99999", "card_id": "ghost_card", "card_set_id": "signal_drift", "position": 99, "quantity": 1}]
    (tmp_path / "repo" / "v2" / "printings" / "orphans.json").write_text(json.dumps(orphan), encoding="utf-8")
    report = import_netrunnerdb(tmp_path / "repo", tmp_path / "out")
    assert "1 printings name cards that are not in v2/cards (not imported): 99999 (ghost_card)" in report.lines()


def test_a_file_given_for_the_checkout_is_not_called_missing(tmp_path: Path) -> None:
    afile = tmp_path / "cards.json"
    afile.write_text("[]", encoding="utf-8")
    with pytest.raises(DossierError, match="cards.json: not a directory"):
        detect_layout(afile)
    with pytest.raises(DossierError, match="none: no such directory"):
        detect_layout(tmp_path / "none")
