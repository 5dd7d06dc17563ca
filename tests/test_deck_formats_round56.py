"""Round 56: decks as a Netrunner player brings them.

- ``print --deck`` reads a list that names no format as the other commands do (standard), and no finding
  advises ``--mode`` to a command that lacks it;
- NetrunnerDB's deck JSON (the public API's answer, or the deck object in it) is read: printing codes are
  card ids through the pool's printings, the identity is the card among them that is one;
- NetrunnerDB's Markdown (and BBCode) export is read: links name the card by their printing code;
- a list none of whose lines is a card line says which line was not understood, not that the pool may be
  missing, when a pool is loaded.

The pool is tests/fixtures/netrunner_pool (invented cards with invented printing codes); the decks here are
written for these tests.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.decks import NameIndex, read_deck
from toolkit.models.deck import Deck

from .conftest import CARDS, NETRUNNER_POOL, pool_with_ban_lists

POOL_DIR = NETRUNNER_POOL
NAMES = NameIndex(load_catalog([POOL_DIR]).records)
DEFAULTS = {"netrunner": "standard"}

# The runner deck of tests/test_deck_exports.py, by the fixture's printing codes.
CODES = {"50001": 1, "50002": 3, "50006": 3, "51003": 2, "50008": 3, "51004": 3, "50007": 3}
SPARK = Deck(
    game="netrunner",
    mode="standard",
    name="Spark Run",
    identity="nell_ashgrove_spark_thief",
    cards={"ember_script": 3, "static_hymn": 3, "kiln_rig": 2, "backroom_ledger": 3, "glasswing": 3, "quiet_wire": 3},
)


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def read(path: Path, **kw: Any) -> Any:
    kw.setdefault("default_modes", DEFAULTS)
    return read_deck(path, NAMES, **kw)


def clean(path: Path, **kw: Any) -> Deck:
    loaded = read(path, **kw)
    assert [f.format() for f in loaded.findings] == []
    assert loaded.deck is not None
    return loaded.deck


# ------------------------------------------------------------------ print --deck reads as the others do


def test_print_reads_a_netrunnerdb_list_that_names_no_format_as_standard(cli, tmp_path: Path) -> None:
    deck = write(
        tmp_path,
        "r.json",
        json.dumps(
            {
                "game": "netrunner",
                "mode": "standard",
                "name": "r",
                "identity": "ada_voss_tinker",
                "cards": {"archive_heist": 3},
            }  # fmt: skip
        ),
    )
    listed = tmp_path / "r_nrdb.txt"
    converted = cli("deck", "convert", deck, "--to", "nrdb", "--out", listed, "--lang", "en")
    assert converted.exit_code == 0, converted.output
    assert "mode" not in listed.read_text(encoding="utf-8")  # NetrunnerDB's text names no format
    assert cli("deck", "stats", listed, "--lang", "en").exit_code == 0
    out = tmp_path / "r.pdf"
    result = cli("print", "--deck", listed, "--lang", "en", "--out", out)
    assert result.exit_code == 0, result.output
    assert "4 cards on" in result.output and out.is_file()


@pytest.fixture
def formatless_pool(tmp_path: Path) -> Path:
    """The fixture pool without its formats: no mode to take by default."""
    pool = tmp_path / "pool"
    shutil.copytree(POOL_DIR, pool, ignore=shutil.ignore_patterns("modes"))
    shutil.copy(CARDS / "netrunner" / "game.json", pool / "game.json")  # (its own rules: not a set among the pool)
    return pool


def test_no_finding_advises_mode_to_a_command_without_it(cli, tmp_path: Path, formatless_pool: Path) -> None:
    listed = write(tmp_path, "spark.txt", "Nell Ashgrove: Spark Thief\n3x Ember Script\n")
    printed = cli("print", "--deck", listed, "--cards", formatless_pool, "--lang", "en", "--out", tmp_path / "x.pdf")
    assert printed.exit_code == 0, printed.output  # (printing needs no mode: a list without '# mode:' prints)
    assert "--mode" not in printed.output  # print has no --mode
    shown = cli("deck", "show", listed, "--cards", formatless_pool, "--lang", "en")
    assert "deck.mode.missing" in shown.output and "a line '# mode: …' or --mode" in shown.output  # show has it now
    validated = cli("deck", "validate", listed, "--cards", formatless_pool, "--lang", "en")
    assert "a line '# mode: …' or --mode" in validated.output  # validate has it
    octgn = write(tmp_path, "spark.o8d", '<?xml version="1.0"?><deck game="x"><section name="Stack">'
                  '<card qty="3" id="x">Ember Script</card></section></deck>')  # fmt: skip
    assert "say which format" not in cli("deck", "validate", octgn, "--cards", formatless_pool).output
    assert "'mode: …'" in cli("deck", "validate", octgn, "--cards", formatless_pool, "--lang", "en").output


def test_a_library_caller_is_advised_no_option(tmp_path: Path) -> None:
    loaded = read_deck(write(tmp_path, "s.txt", "3x Ember Script\n"), NAMES)
    [finding] = loaded.findings
    assert finding.code == "deck.mode.missing" and "--mode" not in finding.message


# ------------------------------------------------------------------ NetrunnerDB's deck JSON


def api_answer(cards: dict[str, Any], **deck: Any) -> dict[str, Any]:
    inner = {"id": 7, "uuid": "00000000-0000-4000-8000-000000000000", "date_creation": "2025-01-01T00:00:00+00:00",
             "name": "Spark Run", "description": "", "mwl_code": "standard_ban_list_x", "cards": cards, **deck}  # fmt: skip
    return {"data": [inner], "total": 1, "success": True, "version_number": "2.0", "last_updated": "2025-01-01"}


@pytest.mark.parametrize("name", ["api.json", "api.txt", "api"])
def test_the_api_answer_is_read_codes_through_the_pool_printings(tmp_path: Path, name: str) -> None:
    path = write(tmp_path, name, json.dumps(api_answer(CODES), indent=2))
    assert clean(path) == SPARK.model_copy(update={"ban_list": "standard_ban_list_x"})  # (its mwl_code)


def test_the_deck_object_alone_is_read(tmp_path: Path) -> None:
    bare = write(tmp_path, "bare.json", json.dumps({"name": "Spark Run", "mwl_code": "x", "cards": CODES}))
    assert clean(bare) == SPARK.model_copy(update={"ban_list": "x"})
    only_cards = write(tmp_path, "only.json", json.dumps({"cards": CODES}))
    assert clean(only_cards) == SPARK.model_copy(update={"name": "only"})
    assert clean(bare, mode="eternal").mode == "eternal"


def test_findings_of_a_netrunnerdb_json_deck_point_at_its_lines(tmp_path: Path) -> None:
    cards = {**CODES, "59999": 2, "50002": 0}
    path = write(tmp_path, "bad.json", json.dumps(api_answer(cards), indent=2))
    text = path.read_text(encoding="utf-8").splitlines()
    loaded = read(path)
    found = {f.code: f for f in loaded.findings}
    assert set(found) == {"deck.card.unknown", "deck.count"}
    assert "'59999'" in found["deck.card.unknown"].message
    assert '"59999"' in text[found["deck.card.unknown"].line - 1]
    assert '"50002"' in text[found["deck.count"].line - 1]
    assert loaded.deck is not None and loaded.deck.identity == "nell_ashgrove_spark_thief"
    # a rule's finding on a card goes to the line of its code
    line, _ = loaded.positions()["/cards/glasswing"]
    assert '"51004"' in text[line - 1]


def test_a_netrunnerdb_answer_of_several_decks_is_refused(tmp_path: Path) -> None:
    answer = api_answer(CODES)
    answer["data"] *= 2
    loaded = read(write(tmp_path, "two.json", json.dumps(answer)))
    assert [f.code for f in loaded.findings] == ["deck.schema"] and loaded.deck is None
    assert "2 decks" in loaded.findings[0].message


def test_a_dossier_deck_missing_its_game_is_still_a_schema_error(tmp_path: Path) -> None:
    loaded = read(
        write(tmp_path, "d.json", json.dumps({"mode": "standard", "name": "d", "cards": {"ember_script": 3}}))
    )
    assert [f.code for f in loaded.findings] == ["deck.schema"]


def test_validate_and_print_take_netrunnerdb_json(cli, tmp_path: Path) -> None:
    path = write(tmp_path, "spark.json", json.dumps(api_answer(CODES)))
    validated = cli("deck", "validate", path, "--cards", POOL_DIR, "--lang", "en")
    assert validated.exit_code == 0, validated.output
    assert validated.output.endswith("17 cards (min 12) · 10/15 influence · legal\n")
    printed = cli("print", "--deck", path, "--cards", POOL_DIR, "--lang", "en", "--out", tmp_path / "s.pdf")
    assert printed.exit_code == 0, printed.output


# ------------------------------------------------------------------ NetrunnerDB's Markdown and BBCode

MARKDOWN = """## Spark Run

[Nell Ashgrove: Spark Thief](https://netrunnerdb.com/en/card/50001) _(First Light)_

###Event (6)
* 3x [Ember Script](https://netrunnerdb.com/en/card/50002) _(First Light)_
* 3x [Static Hymn](https://netrunnerdb.com/en/card/50006) _(First Light)_

###Hardware (2)
* 2x [Kiln Rig](https://netrunnerdb.com/en/card/51003) _(Second Wave: Undertow)_ ●●●●● ●

###Resource (3)
* 3x [Backroom Ledger](https://netrunnerdb.com/en/card/50008) _(First Light)_ ♘

###Icebreaker (3)
* 3x [Glasswing](https://netrunnerdb.com/en/card/51004) _(Second Wave: Undertow)_ ●●●●

###Program (3)
* 3x [Quiet Wire](https://netrunnerdb.com/en/card/50007) _(First Light)_

10 influence spent (max 15, available 5)
17 cards (min 12)
Cards up to Second Wave: Undertow

Decklist [published on NetrunnerDB](https://netrunnerdb.com/en/decklist/0000/spark-run).
"""

BBCODE = """[b]Spark Run[/b]

[url=https://netrunnerdb.com/en/card/50001]Nell Ashgrove: Spark Thief[/url] (First Light)

[b]Event (6)[/b]
3x [url=https://netrunnerdb.com/en/card/50002]Ember Script[/url] [i](First Light)[/i]
3x [url=https://netrunnerdb.com/en/card/50006]Static Hymn[/url] [i](First Light)[/i]

[b]Hardware (2)[/b]
2x [url=https://netrunnerdb.com/en/card/51003]Kiln Rig[/url] [i](Second Wave: Undertow)[/i] [color=#FF8C00]●●●●● ●[/color]

[b]Resource (3)[/b]
3x [url=https://netrunnerdb.com/en/card/50008]Backroom Ledger[/url] [i](First Light)[/i]

[b]Icebreaker (3)[/b]
3x [url=https://netrunnerdb.com/en/card/51004]Glasswing[/url] [i](Second Wave: Undertow)[/i]

[b]Program (3)[/b]
3x [url=https://netrunnerdb.com/en/card/50007]Quiet Wire[/url] [i](First Light)[/i]
10 influence spent (max 15, available 5)
17 cards (min 12)
Cards up to Second Wave: Undertow

Decklist [url=https://netrunnerdb.com/en/decklist/0000/spark-run]published on NetrunnerDB[/url].
"""


@pytest.mark.parametrize("name", ["spark.md", "spark.txt"])
def test_the_markdown_export_is_read(tmp_path: Path, name: str) -> None:
    loaded = read(write(tmp_path, name, MARKDOWN))
    assert [f.format() for f in loaded.findings] == []
    assert loaded.deck == SPARK
    assert loaded.lang == "en"
    assert loaded.positions()["/cards/glasswing"][0] == 16


def test_the_bbcode_export_is_read(tmp_path: Path) -> None:
    assert clean(write(tmp_path, "spark.txt", BBCODE)) == SPARK


def test_a_link_names_its_card_by_code_whatever_its_title(tmp_path: Path) -> None:
    # NetrunnerDB's export in another language: titles the pool does not hold, codes it does
    text = MARKDOWN.replace("[Ember Script]", "[Glutskript]").replace("[Nell Ashgrove: Spark Thief]", "[Nell: Dieb]")
    assert clean(write(tmp_path, "de.md", text)) == SPARK
    # a code the pool lacks: the title names the card
    assert clean(write(tmp_path, "old.md", MARKDOWN.replace("card/50002", "card/09999"))) == SPARK


def test_markdown_without_links_and_printing_codes_in_a_list(tmp_path: Path) -> None:
    text = "Nell Ashgrove: Spark Thief\n- 3x Ember Script\n* 3 50006\n"
    deck = clean(write(tmp_path, "plain.txt", text))
    assert deck.cards == {"ember_script": 3, "static_hymn": 3} and deck.identity == "nell_ashgrove_spark_thief"


def test_the_markdown_export_through_the_cli(cli, tmp_path: Path) -> None:
    path = write(tmp_path, "spark.md", MARKDOWN)
    result = cli("deck", "validate", path, "--cards", POOL_DIR, "--lang", "en")
    assert result.exit_code == 0, result.output
    printed = cli("print", "--deck", path, "--cards", POOL_DIR, "--lang", "en", "--out", tmp_path / "s.pdf")
    assert printed.exit_code == 0, printed.output


# ------------------------------------------------------------------ a format that cannot be read


def test_unread_lines_are_named_not_a_missing_pool(tmp_path: Path) -> None:
    text = "Spark Run\n3,Ember Script\n3,Static Hymn\n"
    loaded = read(write(tmp_path, "spark.csv", text), pool="tests/fixtures/netrunner_pool")
    [finding] = loaded.findings
    assert finding.code == "deck.format" and finding.line == 2
    assert "'3,Ember Script'" in finding.message and "line 2" in finding.message
    assert "missing" not in finding.message and "--cards" not in finding.message


def test_a_list_without_card_lines_says_so(tmp_path: Path) -> None:
    loaded = read(write(tmp_path, "empty.txt", "## Events\n\n# nothing yet\n"))
    [finding] = loaded.findings
    assert finding.code == "deck.game" and "no card line" in finding.message and "missing" not in finding.message


def test_without_a_pool_the_hint_is_still_the_pool(tmp_path: Path) -> None:
    loaded = read_deck(write(tmp_path, "spark.csv", "3,Ember Script\n"), NameIndex([]))
    [finding] = loaded.findings
    assert finding.code == "deck.game" and "card pool may be missing" in finding.message


def _pool_with_ban_lists(tmp_path: Path) -> Path:
    """The fixture pool, its format given two ban lists: the older bans Glasswing, the one in force bans nothing."""
    ban_lists = [
        {"id": "old_list", "date_start": "2020-01-01", "name": {"en": "Old List", "zh-Hans": "旧表"},
         "banned": ["glasswing"], "restricted": [], "restricted_limit": 1},
        {"id": "new_list", "date_start": "2024-01-01", "name": {"en": "New List", "zh-Hans": "新表"},
         "banned": [], "restricted": [], "restricted_limit": 1},
    ]  # fmt: skip
    return pool_with_ban_lists(tmp_path, ban_lists)


def test_the_ban_list_a_netrunnerdb_deck_names_is_the_one_it_is_checked_under(cli, tmp_path: Path) -> None:
    """NetrunnerDB's deck JSON says which ban list it was built for (``mwl_code``, NetrunnerDB's code of the
    list): validate checks it there unless --banlist says otherwise; a list the format does not have is a
    warning, and the deck is checked under the list in force."""
    pool = _pool_with_ban_lists(tmp_path)
    old = write(tmp_path, "old.json", json.dumps(api_answer(CODES, mwl_code="OLD-LIST"), indent=2))
    result = cli("deck", "validate", old, "--cards", pool, "--lang", "en")
    assert result.exit_code == 1 and "Glasswing" in result.output and "Old List" in result.output, result.output
    again = cli("deck", "validate", old, "--cards", pool, "--lang", "en", "--banlist", "new_list")
    assert again.exit_code == 0 and "New List" in again.output, again.output
    other = write(tmp_path, "other.json", json.dumps(api_answer(CODES, mwl_code="no-such-list"), indent=2))
    warned = cli("deck", "validate", other, "--cards", pool, "--lang", "en")
    assert warned.exit_code == 0 and "Old List" not in warned.output, warned.output  # (the list in force)
    line = next(ln for ln in warned.output.splitlines() if "deck.banlist.unknown" in ln)
    number = int(line.split(":")[1])
    assert '"mwl_code"' in other.read_text(encoding="utf-8").splitlines()[number - 1]
