"""Leftovers of the command line, sweep 68:

1. a tactics deck's unknown card name is offered only what goes in a deck (command cards and agents), never an
   ability or a unit (toolkit/decks/names.py ``NameIndex.suggestions``, toolkit/decks/formats.py ``_Resolver``);
2. ``search``, ``show`` and ``print`` with a ``--cards`` folder that holds no card records say so in one line,
   naming the folder (exit 2), not "no records match" or a cache file's name;
3. ``import csv`` of a sheet with a quoted field that is never closed names the file and the row where the quote
   opens (exit 2), not the id column of a row that swallowed the rest of the file;
4. ``--lang``'s help names every language Dossier has a catalog for, English always among them;
5. a netrunner deck named exactly as its identity reads back from its NetrunnerDB text (``deck convert --to nrdb``);
6. a card name that holds curly quotes (维拉·“指尖”·索恩) pasted into ``search`` is read as one value, and a phrase in
   curly quotes may hold curly quotes of its own.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.test_bad_input_s67 import one_line_error, run

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def hints_of(stdout: str, name: str) -> list[str]:
    """The names a deck finding offers for the unknown card ``name`` ("; did you mean 'a', 'b'?")."""
    line = next(line for line in stdout.splitlines() if f"no tactics card is called {name!r}" in line)
    found = re.search(r"did you mean (.*?)\?", line)
    return re.findall(r"'([^']*)'", found.group(1)) if found else []


# ---------------------------------------------------------------------- 1. what a tactics deck is offered


def test_a_tactics_list_is_offered_no_ability_and_no_unit(tmp_path: Path) -> None:
    """`Strik` was offered the ability Strike, `Filing Cabnet` the scene obstacle Filing Cabinet: records no deck
    holds. Command cards and agents (a tactics list names its squad) are still offered."""
    deck = tmp_path / "slips.txt"
    deck.write_text(
        "# game: tactics\n# mode: duo\n# name: slips\n## Agents\n1x Jackdaw\n1x Jackdw\n## Commands\n1x Strik\n"
        "1x Filing Cabnet\n1x Smoke Grenad\n",
        encoding="utf-8",
    )
    result = run("deck", "validate", deck)
    assert result.exit_code == 1, result.output
    strike = hints_of(result.stdout, "Strik")
    assert "Strike" not in strike, strike  # the ability
    cabinet = hints_of(result.stdout, "Filing Cabnet")
    assert "Filing Cabinet" not in cabinet and cabinet, cabinet  # the unit; a command card is offered instead
    assert "Folding Bipod" in cabinet, cabinet
    assert hints_of(result.stdout, "Smoke Grenad")[0] == "Smoke Grenade"  # a command card
    assert hints_of(result.stdout, "Jackdw") == ["Jackdaw"]  # an agent


def test_suggestions_of_several_kinds() -> None:
    """NameIndex.suggestions takes the kinds a place holds (``kinds``), as it takes one (``kind``)."""
    from toolkit.catalog import load_catalog
    from toolkit.decks.names import NameIndex

    index = NameIndex(load_catalog([ROOT / "cards" / "tactics"]).records)
    assert "Strike" in index.suggestions("Strik", "tactics")  # (any kind: the ability is the closest)
    offered = index.suggestions("Strik", "tactics", kinds=("card", "agent"))
    assert "Strike" not in offered
    assert index.suggestions("Jackdw", "tactics", kinds=("card", "agent")) == ["Jackdaw"]
    assert index.suggestions("Jackdw", "tactics", kinds=("card",)) != ["Jackdaw"]


# ---------------------------------------------------------------------- 2. a --cards folder without card records


@pytest.fixture(params=["empty", "deck only", "no json"])
def bare_folder(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    folder = tmp_path / "bare"
    folder.mkdir()
    if request.param == "deck only":
        (folder / "duo.json").write_bytes((EXAMPLES / "decks" / "tactics" / "duo.json").read_bytes())
    elif request.param == "no json":
        (folder / "notes.txt").write_text("cards to come\n", encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    "command",
    [
        ["search", "strike"],
        ["search", "--format", "json", "strike"],
        ["show", "strike"],
        ["print", "strike", "--out", "{out}"],
        ["print", "--game", "tactics", "--out", "{out}"],
        ["print", "--query", "t:equipment", "--out", "{out}"],
    ],
    ids=["search", "search json", "show", "print ids", "print game", "print query"],
)
def test_a_cards_folder_without_card_records_is_said(command: list[str], bare_folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.pdf"
    result = run(*[part.replace("{out}", str(out)) for part in command], "--cards", bare_folder)
    assert result.exit_code == 2, result.output
    line = one_line_error(result)
    assert line == f"dossier: error: no card records under {bare_folder}", line
    assert ".db" not in line
    assert not out.exists()
    assert "no records match" not in result.stdout


def test_a_folder_with_records_is_read_beside_a_bare_one(bare_folder: Path) -> None:
    """Only a pool without any record is refused: a bare folder beside the cards is read as it was."""
    result = run("search", "--format", "ids", "-g", "tactics", "name:strike", "--cards", ROOT / "cards", "--cards",
                 bare_folder)  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "tactics/strike" in result.stdout.split() or "strike" in result.stdout.split(), result.stdout


def test_lint_of_an_empty_folder_is_unchanged(tmp_path: Path) -> None:
    result = run("lint", tmp_path)
    assert result.exit_code == 2, result.output
    assert one_line_error(result) == f"dossier: error: no .json files under {tmp_path}"


@pytest.mark.lang_default
def test_the_bare_folder_is_said_in_chinese(bare_folder: Path) -> None:
    result = run("show", "strike", "--cards", bare_folder)
    assert result.exit_code == 2, result.output
    line = one_line_error(result)
    assert str(bare_folder) in line and "卡牌记录" in line, line


# ---------------------------------------------------------------------- 3. an unclosed quote in a sheet

HEADER = "id,name.zh-Hans,name.en,category,back,cost.mortgage,text,copies\n"
GOOD = "field_dressing,战地包扎,Field Dressing,item,personal,1,响应：本单位获得 2 点临时生命值。,3\n"
ROWS = "quick_draw,快速拔枪,Quick Draw,skill,personal,,你抽 2 张牌。,2\nthird_card,第三,Third Card,skill,personal,,你抽 1 张牌。,1\n"


@pytest.mark.parametrize(
    ("body", "place"),
    [
        ('"' + GOOD + ROWS, "row 2, column A (id)"),  # the id cell opens a quote
        (
            GOOD + 'quick_draw,快速拔枪,Quick Draw,skill,personal,,"你抽 2 张牌。,2\n' + ROWS.split("\n")[1] + "\n",
            "row 3, column G (text)",
        ),
        (
            GOOD + ROWS + 'fourth,第四,Fourth,skill,personal,,你抽 1 张牌。,"1',  # no line break after it
            "row 5, column H (copies)",
        ),
        (
            GOOD + 'quick_draw,快速拔枪,"Quick\nDraw",skill,personal,,"你抽 2 张牌。,2\n' + ROWS.split("\n")[1],
            "row 3 (line 4), column G (text)",  # a cell with a line break before it, closed
        ),
        ("\n" + GOOD + 'quick_draw;"x\n', "row 4, column I"),  # (a blank row counts; no header of that column)
    ],
    ids=["id cell", "text cell", "last cell", "after a closed line break", "past the header"],
)
def test_an_unclosed_quote_names_the_file_and_the_row(tmp_path: Path, body: str, place: str) -> None:
    sheet = tmp_path / "cards.csv"
    sheet.write_text(HEADER + body.replace("quick_draw;", "quick_draw," * 8), encoding="utf-8")
    result = run("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "set", "--dry-run")
    assert result.exit_code == 2, result.output
    line = one_line_error(result)
    assert line.startswith(f"dossier: error: {sheet}: {place}: "), line
    assert "quote" in line and "never closed" in line, line
    assert "csv.id" not in result.output and "not an id" not in result.output
    assert not (tmp_path / "set" / "cards").exists()


def test_quotes_that_close_are_read_as_before(tmp_path: Path) -> None:
    """A quoted cell with a comma, a line break and a doubled quote is no unclosed quote."""
    sheet = tmp_path / "cards.csv"
    sheet.write_text(HEADER + GOOD + 'quick_draw,快速拔枪,"Quick ""Draw""",skill,personal,,"你抽 2 张牌。\n你抽 1 张牌。",2\n',
                     encoding="utf-8")  # fmt: skip
    result = run("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "set")
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "set" / "cards" / "quick_draw.json").read_text(encoding="utf-8"))
    assert data["name"]["en"] == 'Quick "Draw"'


# ---------------------------------------------------------------------- 4. the languages --lang takes


@pytest.fixture
def french(monkeypatch: pytest.MonkeyPatch) -> None:
    """A catalog for fr beside zh-Hans, as `catalogs init fr` makes one: the languages read from the locale
    directory (toolkit.i18n.LANGS). The lazy commands this process converted before are converted again (a
    process reads the locale directory once: its commands' help does not change while it runs)."""
    from toolkit import i18n

    main = sys.modules["toolkit.cli.app"]  # (the module: toolkit.cli's ``app`` is the Typer)

    monkeypatch.setattr(i18n, "LANGS", (*i18n.LANGS, "fr"))
    monkeypatch.setattr(main, "_loaded", {})


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize(
    "command",
    [["lint"], ["search"], ["deck", "validate"], ["deck", "new"], ["print"], []],
    ids=["lint", "search", "deck validate", "deck new", "print", "dossier"],
)
def test_lang_help_names_every_catalog(command: list[str], french: None) -> None:
    page = flat(run(*command, "--help").stdout)
    lang = page.split("--lang <str>", 1)[1]
    assert "zh-Hans, en or fr" in lang, lang[:300]
    assert "zh-Hans or en" not in lang


def test_lang_help_of_a_group_names_every_catalog(french: None) -> None:
    page = flat(run("deck", "--help").stdout)
    assert "zh-Hans, en or fr" in page.split("--lang <str>", 1)[1]


def test_lang_help_with_the_two_languages_reads_as_before() -> None:
    page = flat(run("lint", "--help").stdout)
    assert "The language, zh-Hans or en, of everything the command writes" in page


@pytest.mark.lang_default
def test_lang_help_in_chinese_names_every_catalog(french: None) -> None:
    page = flat(run("lint", "--help").stdout)
    lang = page.split("--lang <str>", 1)[1]
    assert "fr" in lang and "zh-Hans" in lang and "en" in lang, lang[:300]


def test_the_language_list() -> None:
    from toolkit.cli._lang import lang_choices
    from toolkit.i18n import use_lang

    with use_lang("en"):
        assert lang_choices(("zh-Hans", "en")) == "zh-Hans or en"
        assert lang_choices(("zh-Hans", "en", "fr", "pt-BR")) == "zh-Hans, en, fr or pt-BR"
        assert lang_choices(("en", "zh-Hans")) == "zh-Hans or en"  # the default first, English always there
        assert lang_choices(("zh-Hans",)) == "zh-Hans or en"


# ---------------------------------------------------------------------- 5. a deck named as its identity, via nrdb


def identity_named_deck(tmp_path: Path, name: Any) -> Path:
    deck = json.loads((EXAMPLES / "decks" / "netrunner" / "runner-criminal-fingers.json").read_text(encoding="utf-8"))
    deck.pop("$schema")
    deck["name"] = name
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(deck, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "name",
    ['Vera "Fingers" Thorne', {"en": 'Vera "Fingers" Thorne', "zh-Hans": "维拉·“指尖”·索恩"}, "Vera"],
    ids=["the name", "in both languages", "a short name"],
)
def test_a_deck_named_as_its_identity_reads_back_from_nrdb(tmp_path: Path, name: Any) -> None:
    source = identity_named_deck(tmp_path, name)
    text = tmp_path / "deck.txt"
    assert run("deck", "convert", source, "--to", "nrdb", "--out", text).exit_code == 0
    checked = run("deck", "validate", text)
    assert checked.exit_code == 0, checked.output
    assert "unplaced" not in checked.output
    back = run("deck", "convert", text, "--to", "json")
    assert back.exit_code == 0, back.output
    deck = json.loads(back.stdout)
    assert deck["identity"] == "vera_fingers_thorne"
    assert deck["name"] == (name["en"] if isinstance(name, dict) else name)
    assert deck["cards"] == json.loads(source.read_text(encoding="utf-8"))["cards"]


def test_netrunnerdb_text_of_a_deck_named_as_its_identity(tmp_path: Path) -> None:
    """NetrunnerDB's own download writes the name, then the identity with its set: the first is the name."""
    text = tmp_path / "nrdb.txt"
    text.write_text(
        'Vera "Fingers" Thorne\nVera "Fingers" Thorne (Dossier Demo)\n\nEvent (3)\n3x Archive Heist (Dossier Demo)\n',
        encoding="utf-8",
    )
    back = run("deck", "convert", text, "--to", "json", "--mode", "standard")
    assert back.exit_code == 0, back.output
    deck = json.loads(back.stdout)
    assert deck["identity"] == "vera_fingers_thorne" and deck["name"] == 'Vera "Fingers" Thorne'


def test_two_identity_lines_of_different_identities_are_still_said(tmp_path: Path) -> None:
    """Only a first line naming the identity the next line names is the deck's name: two identities are a slip, told
    as one identity too many (the first kept)."""
    other = run("search", "--format", "ids", "-g", "netrunner", "t:identity", "side:runner")
    others = [i.split("/")[-1] for i in other.stdout.split() if "vera_fingers_thorne" not in i]
    assert others, other.output
    from toolkit.catalog import load_catalog

    records = {r.id: r for r in load_catalog([ROOT / "cards" / "netrunner"]).records}
    text = tmp_path / "two.txt"
    text.write_text(
        f'{records[others[0]].name.en}\nVera "Fingers" Thorne (Dossier Demo)\n\nEvent (3)\n3x Archive Heist\n',
        encoding="utf-8",
    )
    checked = run("deck", "validate", text, "--mode", "standard")
    assert checked.exit_code == 1, checked.output
    assert "deck.identity.count" in checked.stdout and "is kept" in checked.stdout, checked.stdout


# ---------------------------------------------------------------------- 6. curly quotes in a search


@pytest.mark.parametrize(
    "query",
    ["维拉·“指尖”·索恩", "“维拉·“指尖”·索恩”", "「维拉·“指尖”·索恩」", '"维拉·“指尖”·索恩"', "name:维拉·“指尖”·索恩"],
    ids=["pasted", "in curly quotes", "in corner brackets", "in straight quotes", "after a key"],
)
def test_a_name_with_curly_quotes_is_found(query: str) -> None:
    result = run("search", "--format", "ids", "-g", "netrunner", query)
    assert result.exit_code == 0, result.output
    assert result.stdout.split() == ["vera_fingers_thorne"], result.stdout


def test_curly_quotes_inside_a_word_are_part_of_it() -> None:
    from toolkit.search.parser import QueryError, parse_query

    [term] = parse_query("维拉·“指尖”·索恩").terms
    assert [v.text for v in term.values] == ["维拉·“指尖”·索恩"] and not term.values[0].quoted
    [term] = parse_query("“维拉·“指尖”·索恩”").terms
    assert [v.text for v in term.values] == ["维拉·“指尖”·索恩"] and term.values[0].quoted
    [term] = parse_query("代号「夜莺」|“a”").terms
    assert [v.text for v in term.values] == ["代号「夜莺」", "a"]
    # as before: a phrase ends at its first closing quote when a space or | follows it, a straight quote must
    # start a value, and a quote left open is an error
    first, second = parse_query("“a“b” c”").terms
    assert (first.values[0].text, second.values[0].text) == ("a“b", "c”")
    [term] = parse_query("“a|“b”").terms
    assert [v.text for v in term.values] == ["a|“b"]
    with pytest.raises(QueryError, match="a quote must start a value"):
        parse_query('Vera"Fingers"')
    with pytest.raises(QueryError, match="unterminated quote"):
        parse_query("“指尖")
    # a name that begins with its own quotes (“空号”林彼得) is one value, its quotes kept (s72)
    [term] = parse_query("“a”b").terms
    assert [(v.text, v.quoted) for v in term.values] == [("“a”b", False)]
