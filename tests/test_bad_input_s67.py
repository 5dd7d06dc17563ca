"""Bad input, sweep 67: each is one line naming the file and the place (exit 1 or 2), never a traceback.

- lint of a card file nested deeper than the JSON limit, in no game directory (so the card pool is read beside it:
  toolkit/catalog.py ``_record_key``) is the one ``invalid JSON: nested deeper than 64 levels`` finding;
- a record's name that is blank or holds a control character (an escape sequence, BEL, NUL, a bidi override) is a
  lint error at the field (validators/wording.py ``check_name_text``), and the check is the one ``crossfire deal``
  refuses player names with (``unprintable``); ``show`` and ``search`` escape such characters;
- ``deck stats`` prints a deck's name on one line, its control characters made spaces, as ``deck show`` does;
- a deck command whose card pool holds a card file that is not JSON exits 2 (the file cannot be read), not 1;
- the print page says an uploaded deck file is empty, naming it;
- the crossfire form says the player counts of the chosen mode, as the CLI does;
- ``--db ''`` is refused as ``print --out ''`` is.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.web.conftest import CARDS, SCHEMA, writing_client
from toolkit.cli import app
from toolkit.web.settings import WebSettings

ROOT = Path(__file__).resolve().parent.parent
DUEL = ROOT / "examples" / "decks" / "tactics" / "duel.json"
CARD = CARDS / "tactics" / "cards" / "adrenaline_shot.json"


def run(*args: str) -> Any:
    return CliRunner().invoke(app, [str(a) for a in args])


def one_line_error(result: Any) -> str:
    """The command's error: one line on stderr, no traceback."""
    assert "Traceback" not in result.output and "Traceback" not in result.stderr, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


# ---------------------------------------------------------------------- 1. a card file nested too deep


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000 + "]" * 100_000, '{"a":' * 2000 + "1" + "}" * 2000, "[" * 1000 + "]" * 1000],
    ids=["100000 arrays", "2000 objects", "1000 arrays"],
)
def test_lint_of_a_card_nested_too_deep_is_one_finding(
    text: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`dossier lint deep1` (deep1/cards/deep.json, in no game directory: the card pool is read beside it) ended in
    a RecursionError traceback; the other commands say the JSON limit."""
    monkeypatch.chdir(tmp_path)
    deep = Path("deep1", "cards", "deep.json")
    deep.parent.mkdir(parents=True)
    deep.write_text(text + "\n", encoding="utf-8")
    result = run("lint", "deep1")
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "deep1/cards/deep.json:1:" in result.stdout, result.stdout
    assert "invalid JSON: nested deeper than 64 levels (the limit)" in result.stdout, result.stdout


def test_the_pool_is_read_beside_a_deep_file_and_a_deep_pool_file_is_left_out(tmp_path: Path) -> None:
    """toolkit.catalog.pool_sources: a loose file nested too deep is no record (lint says why); a pool file nested
    too deep is left out of the pool read beside a loose record, not a RecursionError."""
    from toolkit.catalog import FileSource, pool_sources

    loose = tmp_path / "loose.json"
    loose.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    assert pool_sources([FileSource(loose)], [CARDS], set) == []
    pool = tmp_path / "pool"
    shutil.copytree(SCHEMA, tmp_path / "schema")
    shutil.copytree(CARDS / "tactics", pool / "tactics")
    (pool / "tactics" / "cards" / "deep.json").write_text('{"a":' * 5000 + "1" + "}" * 5000, encoding="utf-8")
    mine = tmp_path / "mine" / "mine.json"
    mine.parent.mkdir()
    data = json.loads(CARD.read_text(encoding="utf-8"))
    mine.write_text(json.dumps({**data, "id": "mine"}), encoding="utf-8")
    read = pool_sources([FileSource(mine)], [pool], set)
    assert read and all(source.path.name != "deep.json" for source in read)


# ---------------------------------------------------------------------- 2. a name blank or with control characters

BAD_NAMES = {
    "blank": ("   ", "card.name.blank"),
    "ideographic space": ("\u3000", "card.name.blank"),
    "escape sequences": ("Esc\x1b[2J\x1b[31mRED\x1b]0;pwned\x07", "card.name.control"),
    "bell": ("Ding\x07", "card.name.control"),
    "nul": ("A\x00B", "card.name.control"),
    "bidi override": ("Evil\u202eliveE", "card.name.control"),
    "C1 control": ("A\x9bB", "card.name.control"),
}


class _Entry:
    """What ``check_name_text`` asks of lint's entry: a label and ``add``."""

    label = "tactics card 'x'"

    def __init__(self) -> None:
        self.found: list[tuple[str, str, str]] = []

    def add(self, code: str, message: str, ptr: str = "", severity: str = "error") -> None:
        self.found.append((code, message, ptr))


@pytest.mark.parametrize("case", list(BAD_NAMES), ids=list(BAD_NAMES))
@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_a_blank_name_or_one_with_a_control_character_is_an_error_at_the_field(case: str, lang: str) -> None:
    from validators.wording import check_name_text

    value, code = BAD_NAMES[case]
    names = {"zh-Hans": "名字", "en": "Name"}
    names[lang] = value
    entry = _Entry()
    check_name_text(entry, {"game": "tactics", "kind": "card", "id": "x", "name": names})
    assert [(c, p) for c, _, p in entry.found] == [(code, f"/name/{lang}")]
    message = entry.found[0][1]
    assert message.isprintable() and "tactics card 'x'" in message, message
    if code == "card.name.control":
        assert "U+" in message


@pytest.mark.parametrize(
    "name",
    [
        {"zh-Hans": "肾上腺素针", "en": "Adrenaline Shot"},
        {"zh-Hans": "甲\u3000乙"},
        {"zh-Hans": "👨\u200d👩", "fr": "Été"},
        {"zh-Hans": "a", "en": None},
        "not a dict",
        None,
    ],
)
def test_plain_names_and_names_of_the_wrong_type_say_nothing(name: Any) -> None:
    """A name of the wrong type is the schema's finding, not this check's; a joiner or an inner space is text."""
    from validators.wording import check_name_text

    entry = _Entry()
    check_name_text(entry, {"game": "tactics", "kind": "card", "id": "x", "name": name})
    assert entry.found == []


def test_the_name_check_is_the_one_crossfire_refuses_player_names_with() -> None:
    import toolkit.engine.crossfire as crossfire
    from validators import wording

    assert crossfire._unprintable is wording.unprintable
    with pytest.raises(crossfire.NameRefused, match="U\\+202E"):
        crossfire.clean_names([(1, "Evil\u202eliveE")])


def test_escaping_leaves_no_control_character_and_keeps_the_lines() -> None:
    from validators.wording import escape_unprintable

    assert escape_unprintable("plain 名字\tcol") == "plain 名字\tcol"
    shown = escape_unprintable("a\x1b[2J\x07\nb\u202ec\x00")
    assert shown == "a\\x1b[2J\\x07\nb\\u202ec\\x00"
    assert all(line.isprintable() for line in shown.split("\n"))


def _lint_checks_names() -> bool:
    import inspect

    import validators.lint

    return "check_name_text" in inspect.getsource(validators.lint)


@pytest.mark.skipif(not _lint_checks_names(), reason="validators/lint.py does not call check_name_text yet "
                    "(the patch /tmp/fix701/lint.patch)")  # fmt: skip
def test_lint_reports_a_bad_name_at_its_field(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copytree(SCHEMA, tmp_path / "schema")
    shutil.copytree(CARDS / "tactics", tmp_path / "cards" / "tactics")
    path = tmp_path / "cards" / "tactics" / "cards" / "adrenaline_shot.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["name"]["en"] = "Esc\x1b[2J\x07"
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    result = run("lint", str(path))
    assert result.exit_code == 1, result.output
    assert re.search(r"adrenaline_shot\.json:\d+:\d+: error card\.name\.control: ", result.stdout), result.stdout
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout
    data["name"]["en"] = "   "
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    result = run("lint", str(path))
    assert result.exit_code == 1 and "card.name.blank" in result.stdout, result.output


def _search_escapes() -> bool:
    import inspect

    import toolkit.cli.search

    return "escape_unprintable" in inspect.getsource(toolkit.cli.search)


@pytest.mark.skipif(not _search_escapes(), reason="toolkit/cli/search.py does not escape yet "
                    "(the patch /tmp/fix701/search.patch)")  # fmt: skip
def test_show_and_search_write_no_control_character(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    cards = tmp_path / "esc" / "cards"
    cards.mkdir(parents=True)
    data = json.loads(CARD.read_text(encoding="utf-8"))
    data.pop("$schema")
    data.update(id="esc", name={"en": "Esc\x1b[2J\x1b[31mRED\x1b]0;pwned\x07\u202e", "zh-Hans": "转义"})
    (cards / "esc.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    for args in (["show", "esc"], ["show", "esc", "--format", "json"], ["search", "Esc"], ["search", "id:esc"]):
        result = run(*args, "--cards", str(cards), "--lang", "en")
        assert result.exit_code == 0, (args, result.output)
        assert "Esc" in result.stdout, (args, result.stdout)
        assert all(line.isprintable() for line in result.stdout.splitlines()), (args, result.stdout)


# ---------------------------------------------------------------------- 3. deck stats prints the name on one line


def test_deck_stats_prints_the_deck_name_without_its_control_characters(tmp_path: Path) -> None:
    deck = json.loads(DUEL.read_text(encoding="utf-8"))
    deck.pop("$schema", None)
    deck["name"] = "Evil\x1b]0;pwned\x07\x1b[2J deck"
    path = tmp_path / "escdeck.json"
    path.write_text(json.dumps(deck), encoding="utf-8")
    result = run("deck", "stats", path, "--lang", "en")
    assert result.exit_code == 0, result.output
    first = result.stdout.splitlines()[0]
    assert first.startswith("Evil ]0;pwned  [2J deck ("), first
    assert all(line.isprintable() for line in result.stdout.splitlines()), result.stdout


# ---------------------------------------------------------------------- 5. a pool card file that is not JSON


@pytest.mark.parametrize("command", [["validate"], ["show"], ["stats"], ["draw"], ["odds"]])
def test_a_pool_card_file_that_is_not_json_is_exit_2_for_deck_commands(command: list[str], tmp_path: Path) -> None:
    """`deck --help`: 2 when a file cannot be read (an unreadable card file of the pool is 2), 1 when the deck was
    read and has a problem; a card file of the pool that is not JSON was 1."""
    broken = tmp_path / "set1" / "cards" / "broken.json"
    broken.parent.mkdir(parents=True)
    broken.write_text('{\n  "game": "tactics"\n  "kind": "card"\n}\n', encoding="utf-8")
    result = run("deck", *command, DUEL, "--cards", CARDS, "--cards", tmp_path / "set1")
    assert result.exit_code == 2, result.output
    assert re.search(r"set1/cards/broken\.json:3:3: invalid JSON: Expecting ',' delimiter$", one_line_error(result))


# ---------------------------------------------------------------------- 7, 8. the web pages


def _settings(folder: Path) -> WebSettings:
    shutil.copytree(SCHEMA, folder / "schema")
    shutil.copytree(CARDS, folder / "cards")
    return WebSettings(cards=[folder / "cards"], db_url=str(folder / "web.db"), cache=folder / "cache",
                       data=folder / "data")  # fmt: skip


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from writing_client(_settings(tmp_path_factory.mktemp("s67")))


def _error(page: str) -> str:
    found = re.search(r'role="alert"[^>]*>(.*?)</p>', page, re.S)
    assert found is not None, page[:2000]
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1)))


def test_an_empty_uploaded_deck_file_is_said_to_be_empty(client: Any) -> None:
    empty = client.post("/print?lang=en", data={"source": "upload"}, files={"file": ("mine.txt", b"", "text/plain")})
    assert empty.status_code == 400
    assert _error(empty.text) == "mine.txt: the file is empty; choose a deck file (.json, .txt, .o8d)"
    # a form whose file field is left empty (a browser sends no name and no bytes): no file was chosen
    none = client.post(
        "/print?lang=en", data={"source": "upload"}, files={"file": ("", b"", "application/octet-stream")}
    )
    assert none.status_code == 400 and _error(none.text).startswith("no file uploaded"), _error(none.text)
    zh = client.post("/print?lang=zh-Hans", data={"source": "upload"}, files={"file": ("空.json", b"", "text/plain")})
    assert zh.status_code == 400 and _error(zh.text).startswith("空.json"), _error(zh.text)


@pytest.mark.parametrize(
    ("mode", "players", "said"),
    [
        ("crossfire", "11", "Crossfire mode is for 5-10 players, not 11"),
        ("crossfire", "4", "Crossfire mode is for 5-10 players, not 4"),
        ("crossfire", "0", "Crossfire mode is for 5-10 players, not 0"),
        ("crossfire", "100000", "Crossfire mode is for 5-10 players, not 100000"),
        ("sniper", "11", "Sniper mode is for 6-10 players, not 11"),
        ("sniper", "5", "Sniper mode is for 6-10 players, not 5"),
        ("crossfire", "x", "players: 'x' is not a number"),
    ],
)
def test_the_crossfire_form_says_the_player_counts_of_the_mode(client: Any, mode: str, players: str, said: str) -> None:
    response = client.post("/crossfire?lang=en", data={"mode": mode, "players": players})
    assert response.status_code == 400
    assert said in _error(response.text), _error(response.text)


def test_the_crossfire_form_still_takes_each_count_of_the_mode(client: Any) -> None:
    for mode, players in (("crossfire", 5), ("crossfire", 10), ("sniper", 6), ("sniper", 10)):
        response = client.post("/crossfire?lang=en", data={"mode": mode, "players": str(players)},
                               follow_redirects=False)  # fmt: skip
        assert response.status_code == 303, (mode, players, response.text[:500])


def test_the_cli_says_the_player_counts_of_the_mode() -> None:
    for mode, players, said in (
        ("crossfire", 0, "5-10 players, not 0"),
        ("sniper", 100000, "6-10 players, not 100000"),
    ):
        result = run("crossfire", "deal", "--players", str(players), "--mode", mode)
        assert result.exit_code == 2 and said in one_line_error(result), result.output


# ---------------------------------------------------------------------- 10. --db ''


@pytest.mark.parametrize(
    "args",
    [["db", "build", "--db", ""], ["search", "--db", "", "t:item"], ["show", "--db", "", "adrenaline_shot"]],
    ids=["db build", "search", "show"],
)
def test_an_empty_db_is_refused_as_an_empty_out_is(
    args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert one_line_error(result).endswith("--db: an empty path names no file or folder")
    assert not (tmp_path / "dossier.db").exists()
    out = run("print", "adrenaline_shot", "--out", "")  # the refusal it is worded as
    assert out.exit_code == 2 and one_line_error(out).endswith("--out: an empty path names no file or folder")
