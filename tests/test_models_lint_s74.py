"""Sweep 74 (a designer writing card data by hand): a range whose min is past its max is refused in every game (a
tactics deck_size rule no deck could keep); a record's own rules are all told in one run of lint, with the problems
of its fields; a trailing comma or a comment in a JSON file is named as such, at the comma or the comment; a ragged
map row is measured against the width most rows have, so only the odd row is blamed; and a value listed twice
(subtypes, a format's banned cards) or a card both banned and restricted is refused, naming the value."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from tests.conftest import CARDS, SCHEMA
from toolkit.jsonio import JsonSyntaxError, loads_limited, loads_strict
from toolkit.models import parse_record
from toolkit.models.tactics import map_row_problems


@pytest.fixture
def pool(tmp_path: Path) -> Callable[[str], Path]:
    """A copy of one bundled game's data, with schema/ beside it (so its "$schema" paths resolve)."""

    def make(game: str) -> Path:
        if not (tmp_path / "schema").exists():
            shutil.copytree(SCHEMA, tmp_path / "schema")
        shutil.copytree(CARDS / game, tmp_path / "cards" / game)
        return tmp_path / "cards" / game

    return make


def _edit(path: Path, change: Callable[[dict[str, Any]], None]) -> Path:
    data = json.loads(path.read_text("utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", "utf-8")
    return path


def _lint(cli: Any, folder: Path) -> list[dict[str, Any]]:
    result = cli("--lang", "en", "lint", str(folder), "--format", "json")
    assert "Traceback" not in result.output, result.output
    findings: list[dict[str, Any]] = json.loads(result.stdout)["findings"]
    return findings


def _errors(findings: list[dict[str, Any]], file: str) -> list[tuple[str, str | None, str]]:
    """(code, pointer, message) of each error of ``file`` (its name)."""
    return [
        (f["code"], f["pointer"], f["message"])
        for f in findings
        if f["severity"] == "error" and Path(f["file"]).name == file
    ]


def _line_col(path: Path, needle: str, offset: int = 0) -> tuple[int, int]:
    """1-based line and column of the first ``needle`` in the file (plus ``offset`` characters)."""
    text = path.read_text("utf-8")
    at = text.index(needle) + offset
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


# ---------------------------------------------------------------- 1. min past max, in the three games


def _deck_size(data: dict[str, Any]) -> None:
    rule = next(r for r in data["deck_rules"] if r["rule"] == "deck_size")
    rule.update(min=12, max=10)


def _role_count(data: dict[str, Any]) -> None:
    rule = next(r for r in data["deck_rules"] if r["rule"] == "role_count")
    rule.update(min=2, max=1)


def _influence_condition(data: dict[str, Any]) -> None:
    data["influence_free_if"] = {"min": 5, "max": 2}


@pytest.mark.parametrize(
    ("game", "file", "change", "where", "words"),
    [
        ("tactics", "modes/duel.json", _deck_size, "/deck_rules/0/min", "min 12 is greater than max 10"),
        ("crossfire", "modes/crossfire.json", _role_count, "/deck_rules/2/min", "min 2 is greater than max 1"),
        ("netrunner", "cards/fire_escape.json", _influence_condition, "/influence_free_if/min",
         "min 5 is greater than max 2"),
    ],
)  # fmt: skip
def test_a_range_whose_min_is_past_its_max_is_an_error(
    cli: Any, pool: Callable[[str], Path], game: str, file: str, change: Any, where: str, words: str
) -> None:
    root = pool(game)
    path = _edit(root / file, change)
    found = _errors(_lint(cli, root), path.name)
    assert [(code, ptr) for code, ptr, _ in found] == [("card.model", where)], found
    assert words in found[0][2], found


def test_a_deck_size_rule_with_min_at_max_is_still_fine() -> None:
    mode = json.loads((CARDS / "tactics" / "modes" / "duel.json").read_text("utf-8"))
    assert next(r for r in mode["deck_rules"] if r["rule"] == "deck_size") == {"rule": "deck_size", "min": 10,
                                                                                "max": 10}  # fmt: skip
    parse_record(mode)


# ---------------------------------------------------------------- 2. a record's own rules, all at once


def test_a_tactics_mode_tells_its_players_and_its_agents_in_one_run(cli: Any, pool: Callable[[str], Path]) -> None:
    root = pool("tactics")
    path = _edit(root / "modes" / "duel.json", lambda d: d.update(players={"min": 3, "max": 2}, starting_agents=3))
    found = _errors(_lint(cli, root), path.name)
    assert sorted((ptr, code) for code, ptr, _ in found) == [
        ("/players", "card.model"),
        ("/starting_agents", "card.model"),
    ], found
    said = " | ".join(message for _, _, message in found)
    assert "min 3 is greater than max 2" in said and "starting_agents 3 is greater than max_agents 1" in said


def test_a_tactics_mode_tells_each_of_its_own_rules(cli: Any, pool: Callable[[str], Path]) -> None:
    root = pool("tactics")
    path = _edit(root / "modes" / "duel.json", lambda d: d.update(starting_agents=3, victory=["first_blood"]))
    found = _errors(_lint(cli, root), path.name)
    assert sorted((ptr or "", code) for code, ptr, _ in found) == [
        ("/starting_agents", "card.model"),
        ("/victory/0", "card.model"),
    ], found


def test_a_tactics_modes_own_rules_are_all_raised_at_once() -> None:
    mode = json.loads((CARDS / "tactics" / "modes" / "duel.json").read_text("utf-8"))
    mode.update(starting_agents=3, victory=["first_blood"], players={"min": 3, "max": 2})
    del mode["matrix_shop"]
    with pytest.raises(ValidationError) as caught:
        parse_record(mode)
    assert sorted(tuple(error["loc"][2:]) for error in caught.value.errors()) == [
        ("matrix_shop",),
        ("players",),
        ("starting_agents",),
        ("victory", 0),
    ], caught.value.errors()


def test_a_tactics_card_tells_each_of_its_own_rules_with_its_fields(cli: Any, pool: Callable[[str], Path]) -> None:
    root = pool("tactics")

    def change(data: dict[str, Any]) -> None:
        # a field's own check (the model's, not the schema's), with the card's own rules
        data["equipment"]["attack"]["range"] = {"min": 5, "max": 2}
        data.update(back="shop", token={"max_in_play": 1}, status={"target": "agent"})

    path = _edit(root / "cards" / "anti_materiel_rifle.json", change)
    found = _errors(_lint(cli, root), path.name)
    assert sorted(ptr or "" for _, ptr, _ in found) == ["/equipment/attack/range", "/status", "/token"], found
    said = " | ".join(message for _, _, message in found)
    assert "range min 5 is greater than max 2" in said
    assert "a token card is never a matrix shop card" in said
    assert "'status' is only for status cards, not equipment" in said


def test_a_crossfire_role_tells_both_of_its_sniper_rules(cli: Any, pool: Callable[[str], Path]) -> None:
    root = pool("crossfire")
    path = _edit(root / "roles" / "agent.json", lambda d: d.update(marks=True, guns=1, armed=False))
    found = _errors(_lint(cli, root), path.name)
    models = sorted(ptr or "" for code, ptr, _ in found if code == "card.model")
    assert models == ["/armed", "/guns"], found


def test_a_netrunner_format_tells_each_of_its_own_rules_at_its_field(cli: Any, pool: Callable[[str], Path]) -> None:
    root = pool("netrunner")
    path = _edit(root / "modes" / "standard.json", lambda d: d.update(ban_list="nope", banned=["fire_escape"]))
    found = _errors(_lint(cli, root), path.name)
    assert sorted(ptr or "" for code, ptr, _ in found if code == "card.model") == ["/ban_list", "/banned"], found


# ---------------------------------------------------------------- 3. a trailing comma, a comment


def _card_text(root: Path) -> tuple[Path, str]:
    path = root / "cards" / "anti_materiel_rifle.json"
    return path, path.read_text("utf-8")


def test_a_trailing_comma_is_named_at_the_comma(cli: Any, pool: Callable[[str], Path]) -> None:
    root = pool("tactics")
    path, text = _card_text(root)
    assert '"tap": false\n  }' in text
    path.write_text(text.replace('"tap": false\n', '"tap": false,\n', 1), "utf-8")
    found = [f for f in _lint(cli, root) if Path(f["file"]).name == path.name]
    assert [f["code"] for f in found] == ["card.json"], found
    assert found[0]["message"] == "invalid JSON: trailing comma: JSON allows none after the last item", found
    assert (found[0]["line"], found[0]["column"]) == _line_col(path, '"tap": false,', len('"tap": false')), found


def test_a_comment_is_named_where_it_starts(cli: Any, pool: Callable[[str], Path]) -> None:
    root = pool("tactics")
    path, text = _card_text(root)
    path.write_text(text.replace('  "back"', '  // a note for the printer\n  "back"', 1), "utf-8")
    found = [f for f in _lint(cli, root) if Path(f["file"]).name == path.name]
    assert [f["code"] for f in found] == ["card.json"], found
    assert found[0]["message"] == "invalid JSON: comments are not JSON", found
    assert (found[0]["line"], found[0]["column"]) == _line_col(path, "// a note"), found


@pytest.mark.parametrize("reader", [loads_strict, loads_limited])
@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ('{"a": 1,}', 1, 8, "trailing comma: JSON allows none after the last item"),
        ('{\n  "a": [1, 2 ,\n\n  ]\n}', 2, 14, "trailing comma: JSON allows none after the last item"),
        ('{"a": {"b": true},\n}', 1, 18, "trailing comma: JSON allows none after the last item"),
        ('{"a": 1 /* why */}', 1, 9, "comments are not JSON"),
        ('{"a": // why\n 1}', 1, 7, "comments are not JSON"),
        ("// a file\n{}", 1, 1, "comments are not JSON"),
        ('{"a": [1, /* two */ 2]}', 1, 11, "comments are not JSON"),
    ],
)
def test_trailing_commas_and_comments_are_told_as_such(
    reader: Callable[[str], Any], text: str, line: int, column: int, words: str
) -> None:
    with pytest.raises(JsonSyntaxError) as caught:
        reader(text)
    assert (caught.value.message, caught.value.line, caught.value.column) == (words, line, column)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"a": 1 "b": 2}', "Expecting ',' delimiter"),
        ('{"a": 1,, "b": 2}', "Expecting property name enclosed in double quotes"),
        ("[1 / 2]", "Expecting ',' delimiter"),
        ("[1, 2,, ]", "Expecting value"),
    ],
)
def test_other_syntax_errors_keep_their_words(text: str, words: str) -> None:
    with pytest.raises(JsonSyntaxError) as caught:
        loads_strict(text)
    assert caught.value.message == words


# ---------------------------------------------------------------- 4. a ragged map row


def test_a_short_first_row_is_the_one_blamed(cli: Any, pool: Callable[[str], Path]) -> None:
    root = pool("tactics")
    path = _edit(root / "maps" / "dockyard.json", lambda d: d["rows"].__setitem__(0, d["rows"][0][:-1]))
    found = [f for f in _lint(cli, root) if Path(f["file"]).name == path.name and f["code"] == "map.rows.ragged"]
    assert [(f["pointer"], f["message"]) for f in found] == [
        ("/rows/0", "tactics map 'dockyard': row 0 has 15 cells; most rows have 16")
    ], found


@pytest.mark.parametrize(
    ("rows", "blamed"),
    [
        (["...", "..", "..."], [(1, "row 1 has 2 cells; row 0 has 3")]),
        (["..", "...", "..."], [(0, "row 0 has 2 cells; most rows have 3")]),
        (["...", "..", "...", ".."], [(1, "row 1 has 2 cells; row 0 has 3"), (3, "row 3 has 2 cells; row 0 has 3")]),
        (["..", "...", "...", "....", "...."], [(0, "row 0 has 2 cells; most rows have 3"),
                                               (3, "row 3 has 4 cells; most rows have 3"),
                                               (4, "row 4 has 4 cells; most rows have 3")]),
    ],
)  # fmt: skip
def test_rows_are_measured_against_the_most_common_width(rows: list[str], blamed: list[tuple[int, str]]) -> None:
    found = [(y, message) for code, _, y, message in map_row_problems(rows) if code == "map.rows.ragged"]
    assert found == blamed


# ---------------------------------------------------------------- 5. a value listed twice


@pytest.mark.parametrize(
    ("game", "file", "field", "twice"),
    [
        ("netrunner", "cards/fire_escape.json", "subtypes", "run"),
        ("tactics", "agents/cipher.json", "subtypes", "tech"),
        ("netrunner", "modes/standard.json", "banned", "fire_escape"),
    ],
)
def test_a_value_listed_twice_is_an_error(
    cli: Any, pool: Callable[[str], Path], game: str, file: str, field: str, twice: str
) -> None:
    root = pool(game)
    path = _edit(root / file, lambda d: d.update({field: [twice, twice]}))
    found = _errors(_lint(cli, root), path.name)
    assert len(found) == 1 and found[0][1] in (f"/{field}", f"/{field}/1"), found
    assert repr(twice) in found[0][2] or json.dumps(twice) in found[0][2], found


def test_a_card_both_banned_and_restricted_is_an_error(cli: Any, pool: Callable[[str], Path]) -> None:
    root = pool("netrunner")
    both = {"banned": ["fire_escape"], "restricted": ["gray_rat", "fire_escape"]}
    path = _edit(root / "modes" / "standard.json", lambda d: d.update(both))
    found = _errors(_lint(cli, root), path.name)
    assert [(code, ptr) for code, ptr, _ in found] == [("card.model", "/restricted/1")], found
    assert "'fire_escape' is both banned and restricted" in found[0][2], found


def _agent(**fields: Any) -> dict[str, Any]:
    data = json.loads((CARDS / "tactics" / "agents" / "cipher.json").read_text("utf-8"))
    return {**data, **fields}


def _format(**fields: Any) -> dict[str, Any]:
    data = json.loads((CARDS / "netrunner" / "modes" / "standard.json").read_text("utf-8"))
    return {**data, **fields}


@pytest.mark.parametrize(
    ("data", "loc", "words"),
    [
        (_agent(subtypes=["tech", "tech"]), ("subtypes", 1), "'tech' is listed more than once"),
        (_agent(attacks=["brawl", "sidearm", "brawl"]), ("attacks", 2), "'brawl' is listed more than once"),
        (_format(banned=["a", "b", "a"]), ("banned", 2), "'a' is listed more than once"),
        (_format(restricted=["a", "b"], banned=["b"]), ("restricted", 1), "'b' is both banned and restricted"),
        (
            _format(ban_lists=[{"id": "l1", "name": {"zh-Hans": "一"}, "banned": ["c"], "restricted": ["c"]}]),
            ("ban_lists", 0, "restricted", 0),
            "'c' is both banned and restricted",
        ),
    ],
)
def test_the_models_name_the_value_listed_twice_where_it_repeats(
    data: dict[str, Any], loc: tuple[Any, ...], words: str
) -> None:
    with pytest.raises(ValidationError) as caught:
        parse_record(data)
    found = [(tuple(e["loc"][2:]), e["msg"]) for e in caught.value.errors()]  # (after the game's and kind's tags)
    assert found == [(loc, words)], found


def test_the_schemas_say_the_lists_are_of_unique_items(cli: Any, tmp_path: Path) -> None:
    result = cli("schema", "--out", str(tmp_path / "schema"))
    assert result.exit_code == 0, result.output
    card = json.loads((tmp_path / "schema" / "netrunner" / "card.schema.json").read_text("utf-8"))
    fmt = json.loads((tmp_path / "schema" / "netrunner" / "format.schema.json").read_text("utf-8"))
    agent = json.loads((tmp_path / "schema" / "tactics" / "agent.schema.json").read_text("utf-8"))
    text = json.dumps(card)
    assert text.count('"uniqueItems": true') >= 1
    assert fmt["properties"]["banned"]["uniqueItems"] is True and fmt["properties"]["restricted"]["uniqueItems"] is True
    assert agent["properties"]["subtypes"]["uniqueItems"] is True
