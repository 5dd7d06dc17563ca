"""A Netrunner player's papercuts (issue 25): flip identities keep their back face, agendas show their
advancement requirement and points instead of a cost, findings name all their cards, tables show whole ids,
`print` finds names as `show` does, and a closed pipe ends every command quietly.

The NetrunnerDB pool is the invented v2 fixture (tests/fixtures/netrunnerdb_v2), its identity made a flip
identity here; no real card text is used.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from .conftest import ROOT

FIXTURE = ROOT / "tests" / "fixtures" / "netrunnerdb_v2"
EXAMPLES = ROOT / "examples" / "decks"
BACK = {
    "title": "Kestrel Dynamics: Ground Control",
    "stripped_title": "Kestrel Dynamics: Ground Control",
    "text": "Whenever you rez a piece of ice, gain 1[credit].",
    "stripped_text": "Whenever you rez a piece of ice, gain 1 credit.",
    "subtypes": ["division"],
}


CACHE = tempfile.mkdtemp(prefix="dossier-test-cache-")  # never the checkout's own .cache


def dossier(*args: Any, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "from toolkit.cli import main; main()", *map(str, args)],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={"PATH": "/usr/bin:/bin", "DOSSIER_LANG": "en", "HOME": str(cwd or ROOT), "XDG_CACHE_HOME": CACHE},
        timeout=300,
    )


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The fixture with its corp identity a flip identity, imported, and its database: (pool, db)."""
    from toolkit.db import build_from_files, resolve_target
    from toolkit.i18n import use_lang
    from toolkit.importers import import_netrunnerdb

    tmp = tmp_path_factory.mktemp("flip")
    root = tmp / "nrdb"
    shutil.copytree(FIXTURE, root)
    path = root / "v2" / "cards" / "kestrel_dynamics_sky_is_ours.json"
    card = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**card, "layout_id": "flip", "faces": [BACK]}, indent=2), encoding="utf-8")
    with use_lang("en"):
        report = import_netrunnerdb(root, tmp / "pool")
    assert not [line for line in report.lines() if "kestrel" in line], report.lines()
    # the fixture's flip program: only identities keep faces (NetrunnerDB has no other), and that is said
    assert "card 'backdoor_sprint_drill': only an identity keeps other faces; its 1 face is not imported" in (
        report.warnings
    )
    build_from_files([tmp / "pool"], resolve_target(str(tmp / "pool.db")))
    return tmp / "pool", tmp / "pool.db"


# ---------------------------------------------------------------- flip identities


def test_a_flip_identity_keeps_its_back_face(pool: tuple[Path, Path]) -> None:
    into, _ = pool
    record = json.loads((into / "identities" / "kestrel_dynamics_sky_is_ours.json").read_text(encoding="utf-8"))
    [face] = record["faces"]
    assert face["name"] == {"en": BACK["title"], "zh-Hans": BACK["title"]}
    assert face["printed_text"] == {"en": [BACK["text"]]}
    assert face["subtypes"] == ["division"]
    assert "/faces/0/name/zh-Hans" in record["untranslated"]  # the English stands in, and says so


def test_show_prints_the_back_face(pool: tuple[Path, Path]) -> None:
    _, db = pool
    done = dossier("show", "kestrel", "--db", db)
    assert done.returncode == 0, done.stderr
    back = done.stdout.split("back face: ", 1)[1]
    assert back.startswith(BACK["title"]) and "Whenever you rez a piece of ice" in back
    data = json.loads(dossier("show", "kestrel", "--db", db, "--format", "json").stdout)
    assert data["faces"][0]["name"]["en"] == BACK["title"]  # the record as stored: the web app's card data too


# ---------------------------------------------------------------- agendas in deck stats


@pytest.mark.slow
def test_agendas_show_advancement_and_points_not_a_cost() -> None:
    deck = EXAMPLES / "netrunner" / "corp-hb-tireless-hands.json"
    data = json.loads(dossier("deck", "stats", deck, "--format", "json").stdout)
    assert "X" not in data["cost_curve"]  # an agenda has no cost
    assert data["agendas"] and all(k.count("/") == 1 for k in data["agendas"])
    assert sum(data["agendas"].values()) == data["by_type"]["agenda"]
    text = dossier("deck", "stats", deck).stdout
    [row] = [line for line in text.splitlines() if line.startswith("agendas (advancement/points)")]
    assert all(f"{label} ×{n}" in row for label, n in data["agendas"].items())


def test_an_agenda_with_an_x_requirement() -> None:
    from types import SimpleNamespace

    from toolkit.decks.stats import agenda_label

    assert agenda_label(SimpleNamespace(advancement_requirement=None, agenda_points=2)) == "X/2"
    assert agenda_label(SimpleNamespace(advancement_requirement=5, agenda_points=3)) == "5/3"


# ---------------------------------------------------------------- findings and tables in full


def test_a_finding_names_every_card() -> None:
    from toolkit.i18n import use_lang

    from .test_deck_rules import POOL, card_pool_case, corp

    cards = list(corp().cards)[:7]
    with use_lang("en"):
        [finding] = card_pool_case(cards)
    for card_id in cards:
        assert POOL.game("netrunner").records[card_id].name.en in finding.message
    assert "…" not in finding.message


def test_search_tables_show_whole_ids() -> None:
    from toolkit.search.display import table
    from toolkit.search.run import Hit

    long_id = "an_identity_with_a_very_long_title_indeed_that_goes_on_and_on_x"
    hit = Hit("netrunner", "identity", long_id, "identity", "长", "Long", json.dumps({"faction": "anarch"}))
    shown = table([hit], with_game=True, lang="en")
    assert f"netrunner/{long_id}" in shown and "…" not in shown


# ---------------------------------------------------------------- print finds names as show does


@pytest.mark.parametrize("name", ["mira", "Mira Okonjo", "okonjo", "kestrel", "tidewater", "static saint", "MIRAGE"])
def test_print_and_show_resolve_names_alike(pool: tuple[Path, Path], name: str) -> None:
    """The same records for a name, in the database (`show`) and in the card files (`print`); "mira" names
    two (Mira Okonjo and Mirage Keyway) in both, and both say so."""
    from toolkit.catalog import load_catalog
    from toolkit.db import open_database
    from toolkit.decks import NameIndex
    from toolkit.search.run import find_by_name

    into, db = pool
    with open_database(str(db)) as database:
        shown = {hit.id for hit in find_by_name(database, name)}
    found = {r.id for r in NameIndex(load_catalog([into]).records).find(name)}
    assert shown and found == shown


def test_print_by_a_short_name(pool: tuple[Path, Path], tmp_path: Path) -> None:
    into, _ = pool
    done = dossier("print", "okonjo", "--cards", into, "--out", tmp_path / "mira.pdf", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "mira.pdf").stat().st_size > 0


# ---------------------------------------------------------------- a closed pipe


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["search", "--help"],
        ["deck", "validate", EXAMPLES],
        ["lint", ROOT / "cards"],
        ["deck", "stats", EXAMPLES / "netrunner" / "corp-hb-tireless-hands.json"],
        ["search", "f:anarch", "--db", "{db}"],
        ["show", "kestrel", "--db", "{db}"],
    ],
)
@pytest.mark.slow
def test_a_closed_pipe_ends_quietly(pool: tuple[Path, Path], args: list[Any]) -> None:
    """`dossier … | head`: the reader goes away; the command ends with 141 (128 + SIGPIPE, as a shell reports
    a command that SIGPIPE ended) and says nothing."""
    _, db = pool
    argv = [str(a).replace("{db}", str(db)) for a in args]
    process = subprocess.Popen(
        [sys.executable, "-c", "from toolkit.cli import main; main()", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={"PATH": "/usr/bin:/bin", "DOSSIER_LANG": "en", "HOME": str(ROOT), "XDG_CACHE_HOME": CACHE},
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # gone before the command writes a line
    err = process.stderr.read()
    assert process.wait(timeout=300) == 141, err
    assert err == b""
