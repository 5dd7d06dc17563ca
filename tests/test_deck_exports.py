"""Netrunner exports as the other tools write them: NetrunnerDB text, jinteki.net lists, OCTGN .o8d.

The pool is tests/fixtures/netrunner_pool (invented cards with printings in two
invented sets, as an import writes them); set names come from a game record's
``sets`` when it has them.
"""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.decks import NameIndex, read_deck, render_deck
from toolkit.decks.exports import SetNames, deck_to_nrdb, octgn_id, restricted_ids
from toolkit.errors import DossierError
from toolkit.models.deck import Deck
from validators.deck import DeckPool, validate_deck

from .conftest import CARDS, ROOT

POOL_DIR = ROOT / "tests" / "fixtures" / "netrunner_pool"
CATALOG = load_catalog([POOL_DIR])
RULES = DeckPool(CATALOG.records)
NAMES = NameIndex(CATALOG.records)
LOOKUP = RULES.game("netrunner").records.get
STANDARD = RULES.game("netrunner").modes["standard"]
GAME = SimpleNamespace(
    sets=[
        SimpleNamespace(id="first_light", name=SimpleNamespace(en="First Light", zh_hans="初光")),
        SimpleNamespace(id="second_wave", name=SimpleNamespace(en="Second Wave: Undertow", zh_hans="第二波")),
    ]
)

RUNNER = Deck(
    game="netrunner",
    mode="standard",
    name="Spark Run",
    identity="nell_ashgrove_spark_thief",
    cards={"ember_script": 3, "static_hymn": 3, "kiln_rig": 2, "backroom_ledger": 3, "glasswing": 3, "quiet_wire": 3},
)
CORP = Deck(
    game="netrunner",
    mode="standard",
    name="Quiet Tides (test)",
    identity="orbis_meridian_quiet_tides",
    cards={
        "harbor_charter": 3,
        "salt_archive": 3,
        "lantern_node": 1,
        "ledger_sweep": 2,
        "pale_relay": 2,
        "tollgate_mesh": 1,
        "drift_snare": 2,
    },
)

# NetrunnerDB writes a space after the set of a line without influence; it is kept.
RUNNER_NRDB = """Spark Run
Nell Ashgrove: Spark Thief (First Light)

Event (6)
3x Ember Script (First Light) \n3x Static Hymn (First Light) \n
Hardware (2)
2x Kiln Rig (Second Wave: Undertow) ••••• •

Resource (3)
3x Backroom Ledger (First Light) ♘

Icebreaker (3)
3x Glasswing (Second Wave: Undertow) ••••

Program (3)
3x Quiet Wire (First Light) \n
10 influence spent (max 15, available 5)
17 cards (min 12)
Cards up to Second Wave: Undertow
Format: standard
"""

CORP_NRDB = """Quiet Tides (test)
Orbis Meridian: Quiet Tides (First Light)

Agenda (3)
3x Harbor Charter (First Light) \n
Asset (3)
3x Salt Archive (First Light) \n
Upgrade (1)
1x Lantern Node (First Light) \n
Operation (2)
2x Ledger Sweep (First Light) ••

Code Gate (2)
2x Pale Relay (Second Wave: Undertow) \n
Sentry (1)
1x Tollgate Mesh (First Light) ••

Ice (2)
2x Drift Snare (First Light) \n
4 influence spent (max 12, available 8)
6 agenda points (between 6 and 7)
14 cards (min 12)
Cards up to Second Wave: Undertow
Format: standard
"""


def nrdb(deck: Deck, **options: Any) -> str:
    options.setdefault("game_record", GAME)
    options.setdefault("restricted", restricted_ids(STANDARD))
    return render_deck(deck, "nrdb", LOOKUP, **options)


def write(tmp_path: Path, text: str, name: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def read(path: Path, **kw: Any) -> Deck:
    loaded = read_deck(path, NAMES, default_modes={"netrunner": "standard"}, **kw)
    assert loaded.findings == [], [f.format() for f in loaded.findings]
    assert loaded.deck is not None
    return loaded.deck


@pytest.mark.parametrize(("deck", "expected"), [(RUNNER, RUNNER_NRDB), (CORP, CORP_NRDB)], ids=["runner", "corp"])
def test_nrdb_export_is_netrunnerdbs_text_file(deck: Deck, expected: str) -> None:
    assert validate_deck(deck, RULES).legal
    assert nrdb(deck) == expected


def test_nrdb_influence_spent_is_the_validators_count() -> None:
    assert "12 influence spent (max 15, available 3)" in nrdb(RUNNER, influence=(12, 15))
    spent = validate_deck(RUNNER, RULES).summary["influence"][0]
    assert f"{spent} influence spent" in nrdb(RUNNER)


def test_nrdb_oldest_printing_on_request() -> None:
    text = nrdb(RUNNER, printing="oldest")
    assert "2x Kiln Rig (First Light) ••••• •" in text
    assert "3x Glasswing (Second Wave: Undertow) ••••" in text  # printed once only
    assert text.endswith("Cards up to Second Wave: Undertow\nFormat: standard\n")
    with pytest.raises(DossierError, match="--printing must be one of latest, oldest"):
        nrdb(RUNNER, printing="first")


def test_nrdb_without_set_names_reads_the_set_ids_as_titles() -> None:
    text = nrdb(RUNNER, game_record=None)
    assert "2x Kiln Rig (Second Wave) ••••• •" in text and text.endswith("Cards up to Second Wave\nFormat: standard\n")
    assert SetNames().name("the_long_night_of_a_city") == "The Long Night of a City"


def test_nrdb_newest_set_follows_the_game_records_order() -> None:
    reversed_sets = SimpleNamespace(sets=list(reversed(GAME.sets)))
    assert nrdb(RUNNER, game_record=reversed_sets).endswith("Cards up to First Light\nFormat: standard\n")


def test_nrdb_unlimited_influence_and_no_identity() -> None:
    identity = LOOKUP("nell_ashgrove_spark_thief")
    unlimited = identity.model_copy(update={"influence_limit": None})
    text = deck_to_nrdb(RUNNER, lambda i: unlimited if i == identity.id else LOOKUP(i))
    assert "10 influence spent (max infinite, available 0)" in text
    with pytest.raises(DossierError, match="starts with the identity"):
        nrdb(RUNNER.model_copy(update={"identity": None}))


@pytest.mark.parametrize("deck", [RUNNER, CORP], ids=["runner", "corp"])
def test_nrdb_export_reads_back(deck: Deck, tmp_path: Path) -> None:
    back = read(write(tmp_path, nrdb(deck), "back.txt"))
    assert (back.identity, back.cards, back.mode) == (deck.identity, deck.cards, deck.mode)
    assert back.name == deck.name  # the name as typed (NetrunnerDB's plain-text export's first line)


def test_nrdb_a_name_no_file_name_can_spell_reads_back(tmp_path: Path) -> None:
    deck = RUNNER.model_copy(update={"name": "火花"})  # (its file-name slug is all hyphens: the name is kept)
    assert read(write(tmp_path, nrdb(deck), "spark.txt")).name == "火花"


def test_netrunnerdb_extras_are_read_past(tmp_path: Path) -> None:
    """The warning NetrunnerDB adds for a deck with a problem, restricted marks, other footers."""
    text = RUNNER_NRDB.replace(
        "(First Light)\n\nEvent", "(First Light)\nWarning: something about the deck.\n\nEvent", 1
    ).replace("Cards up to", "Deck built on https://netrunnerdb.com.\nCards up to")
    assert read(write(tmp_path, text, "d.txt")).cards == RUNNER.cards


def test_jinteki_list_is_what_the_deck_editor_takes(tmp_path: Path) -> None:
    text = render_deck(RUNNER, "jinteki", LOOKUP)
    assert text == (
        "3 Ember Script\n3 Static Hymn\n2 Kiln Rig\n3 Backroom Ledger\n3 Glasswing\n3 Quiet Wire\n"
    )  # NetrunnerDB's sections; the identity is chosen in jinteki.net's editor, not listed
    back = read(write(tmp_path, text, "jinteki.txt"), game="netrunner")
    assert (back.cards, back.identity, back.name) == (RUNNER.cards, None, "jinteki")


def test_jinteki_titles_have_straight_quotes() -> None:
    deck = RUNNER.model_copy(update={"cards": {"ashgroves_gambit": 1}})
    assert render_deck(deck, "jinteki", LOOKUP) == "1 Ashgrove's Gambit\n"


def test_o8d_is_octgns_deck_file(tmp_path: Path) -> None:
    text = render_deck(RUNNER, "o8d", LOOKUP)
    root = ET.fromstring(text)
    assert root.tag == "deck" and root.get("game") == "0f38e453-26df-4c04-9d67-6d43de939c77"
    sections = {s.get("name"): s for s in root.findall("section")}
    assert list(sections) == ["Identity", "R&D / Stack"]
    [identity] = sections["Identity"]
    assert (identity.get("qty"), identity.get("id"), identity.text) == (
        "1",
        "bc0f047c-01b1-427f-a439-d451eda50001",
        "Nell Ashgrove: Spark Thief",
    )
    stack = {c.text: (c.get("qty"), c.get("id")) for c in sections["R&D / Stack"]}
    assert stack["Kiln Rig"] == ("2", "bc0f047c-01b1-427f-a439-d451eda50003")  # the oldest printing: OCTGN's
    assert stack["Glasswing"] == ("3", "bc0f047c-01b1-427f-a439-d451eda51004")
    assert text.startswith('<?xml version="1.0" encoding="utf-8" standalone="yes"?>\n<deck game=')
    assert "<notes><![CDATA[name: Spark Run\nmode: standard]]></notes>" in text
    back = read(write(tmp_path, text, "d.o8d"))
    assert back == RUNNER


def test_o8d_latest_printing_codes_read_back_too(tmp_path: Path) -> None:
    text = render_deck(RUNNER, "o8d", LOOKUP, printing="latest")
    assert "d451eda51003" in text
    assert read(write(tmp_path, text, "d.o8d")).cards == RUNNER.cards


def test_o8d_from_netrunnerdb_without_notes(tmp_path: Path) -> None:
    """NetrunnerDB's own .o8d: the description in the notes, no name or format."""
    text = (
        '<?xml version="1.0" encoding="utf-8" standalone="yes"?>\n'
        '<deck game="0f38e453-26df-4c04-9d67-6d43de939c77">\n  <section name="Identity">\n'
        '    <card qty="1" id="bc0f047c-01b1-427f-a439-d451eda50020">Orbis Meridian: Quiet Tides</card>\n'
        '  </section>\n  <section name="R&amp;D / Stack">\n'
        '    <card qty="3" id="bc0f047c-01b1-427f-a439-d451eda50021">Harbor Charter</card>\n'
        '    <card qty="2" id="bc0f047c-01b1-427f-a439-d451eda51022">Pale Relay</card>\n'
        "  </section>\n  <notes><![CDATA[A deck.]]></notes>\n</deck>\n"
    )
    deck = read(write(tmp_path, text, "tides.o8d"))
    assert (deck.identity, deck.cards, deck.name) == (
        "orbis_meridian_quiet_tides",
        {"harbor_charter": 3, "pale_relay": 2},
        "tides",
    )


def test_octgn_id_of_a_card_without_a_code_is_stable() -> None:
    record = LOOKUP("ember_script").model_copy(update={"printings": []})
    assert octgn_id(record) == octgn_id(record) and not octgn_id(record).startswith("bc0f047c")


@pytest.fixture
def pool_dir(tmp_path: Path) -> Path:
    """The fixture pool with the bundled netrunner game record, as a user's imported directory."""
    target = tmp_path / "pool"
    shutil.copytree(POOL_DIR, target)
    shutil.copy(CARDS / "netrunner" / "game.json", target / "game.json")
    return target


def test_convert_cli_writes_netrunnerdbs_file(cli: Any, pool_dir: Path, tmp_path: Path) -> None:
    src = write(tmp_path, render_deck(RUNNER, "jinteki", LOOKUP), "spark.txt")
    src.write_text("Nell Ashgrove: Spark Thief\n" + src.read_text(encoding="utf-8"), encoding="utf-8")
    result = cli("deck", "convert", src, "--to", "nrdb", "--cards", pool_dir)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[:2] == ["spark", "Nell Ashgrove: Spark Thief (First Light)"]
    assert "3x Backroom Ledger (First Light) ♘" in lines and "2x Kiln Rig (Second Wave) ••••• •" in lines
    assert lines[-4:] == [
        "10 influence spent (max 15, available 5)",
        "17 cards (min 12)",
        "Cards up to Second Wave",
        "Format: standard",
    ]
    oldest = cli("deck", "convert", src, "--to", "nrdb", "--cards", pool_dir, "--printing", "oldest")
    assert "2x Kiln Rig (First Light) ••••• •" in oldest.stdout.splitlines()
    bad = cli("deck", "convert", src, "--to", "nrdb", "--cards", pool_dir, "--printing", "newest")
    assert bad.exit_code == 2 and "--printing must be one of latest, oldest" in bad.output
