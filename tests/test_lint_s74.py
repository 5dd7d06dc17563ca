"""What a card designer running ``dossier lint`` was told wrong (sweep 74): one record the model refused made every
record naming it by id report that it "does not exist" (with a "did you mean" of another record), special roles and
compositions were judged without a broken mode or role, and a record whose kind or JSON syntax was broken lost its
names; the canonical-format warning pointed past the end of a file with CRLF line endings or no final newline and
never said so; ``1e0`` was quoted as ``1.0``; an unknown field got no "did you mean"."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from toolkit.jsonio import canonical_dumps

LINE = re.compile(
    r"^(?P<file>.*?):(?P<line>\d+):(?P<column>\d+): (?P<severity>error|warning) (?P<code>[\w.]+): (?P<message>.*)$"
)


def _lint(cli: Any, root: Path) -> list[dict[str, str]]:
    """The findings of ``dossier lint root`` (the game's directory, in English), each line's parts, the file's path
    relative to ``root``."""
    done = cli("lint", "--lang", "en", "--no-cache", root)
    assert "Traceback" not in done.output, done.output
    found = []
    for line in done.stdout.splitlines():
        match = LINE.match(line)
        if match is not None:
            parts = match.groupdict()
            parts["file"] = Path(parts["file"]).relative_to(root).as_posix()
            found.append(parts)
    return found


def _read(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _write(path: Path, data: dict[str, Any]) -> None:
    path.write_text(canonical_dumps(data), encoding="utf-8")


def _set(path: Path, *keys: str, value: Any) -> None:
    """Set the field at ``keys`` of the record at ``path`` to ``value`` (written in canonical form)."""
    data = _read(path)
    node = data
    for key in keys[:-1]:
        node = node[key]
    node[keys[-1]] = value
    _write(path, data)


def _files(found: list[dict[str, str]]) -> set[str]:
    return {f["file"] for f in found}


# ---------------------------------------------------------------- 1. a record the model refused still exists


def test_a_refused_agent_is_no_missing_agent_of_its_exclusive_cards(cli, game_copy) -> None:
    root = game_copy("tactics")
    _set(root / "agents" / "cipher.json", "hp", value="8")
    found = _lint(cli, root)
    assert [(f["file"], f["code"]) for f in found] == [("agents/cipher.json", "card.schema")], found


def test_an_agent_file_with_a_json_syntax_error_is_no_missing_agent(cli, game_copy) -> None:
    """The JSON does not parse, but its id, kind and game are read as far as the text gives them."""
    root = game_copy("tactics")
    path = root / "agents" / "cipher.json"
    path.write_text(path.read_text(encoding="utf-8").replace("\n}\n", ",\n}\n"), encoding="utf-8")
    found = _lint(cli, root)
    assert [(f["file"], f["code"]) for f in found] == [("agents/cipher.json", "card.json")], found


def test_a_refused_faction_is_no_missing_faction(cli, game_copy) -> None:
    root = game_copy("netrunner")
    _set(root / "factions" / "criminal.json", "neutral", value="no")
    found = _lint(cli, root)
    assert _files(found) == {"factions/criminal.json"}, found


def test_an_agenda_of_a_refused_neutral_faction_is_not_judged_by_its_influence(cli, game_copy) -> None:
    """Whether the faction is neutral (so its agendas' influence is paid) is in the broken record: not guessed."""
    root = game_copy("netrunner")
    _set(root / "cards" / "neutral_pilot_scheme.json", "influence", value=1)
    assert [f["code"] for f in _lint(cli, root)] == []  # (a neutral agenda may cost influence)
    _set(root / "factions" / "neutral_corp.json", "side", value="kitchen")
    found = _lint(cli, root)
    assert _files(found) == {"factions/neutral_corp.json"}, found


def test_a_refused_role_is_no_missing_role(cli, game_copy) -> None:
    root = game_copy("crossfire")
    _set(root / "roles" / "agent.json", "team", value="green")
    found = _lint(cli, root)
    assert [(f["file"], f["code"]) for f in found] == [("roles/agent.json", "card.schema")], found


def test_a_composition_holding_a_refused_role_is_not_judged_by_it(cli, game_copy) -> None:
    """Whether a refused role counts as an Assassin is in its broken record: its composition is not told it has
    none."""
    root = game_copy("crossfire")
    hitman = _read(root / "roles" / "assassin.json")
    hitman.update(id="hitman", name={"zh-Hans": "杀手", "en": "Hitman"}, counts_as="assassin", team="green")
    _write(root / "roles" / "hitman.json", hitman)
    mode = _read(root / "modes" / "sniper.json")
    roles = mode["compositions"][0]["roles"]
    roles["hitman"] = roles.pop("assassin")
    _write(root / "modes" / "sniper.json", mode)
    found = _lint(cli, root)
    assert _files(found) == {"roles/hitman.json"}, found


def test_a_refused_mode_leaves_the_special_roles_unjudged(cli, game_copy) -> None:
    """Which special roles a mode lets join is in its broken record: no role is told that no mode lets it join."""
    root = game_copy("crossfire")
    _set(root / "modes" / "sniper.json", "players", "min", value="x")
    found = _lint(cli, root)
    assert [(f["file"], f["code"]) for f in found] == [("modes/sniper.json", "card.schema")], found


@pytest.mark.parametrize(
    "breaking",
    [
        pytest.param(lambda text: text.replace('"kind": "card"', '"kind": "cardx"'), id="mistyped-kind"),
        pytest.param(lambda text: text.replace('"game": "tactics"', '"game": "tactcs"'), id="mistyped-game"),
        pytest.param(lambda text: text.replace("\n}\n", ",\n}\n"), id="trailing-comma"),
        pytest.param(lambda text: text.replace('"cost": {', '"cost": {,'), id="syntax-error-early"),
        pytest.param(lambda text: text.replace('"zh-Hans": "破片手雷"', '"zh-hans": "破片手雷"'), id="name-tag-case"),
    ],
)
def test_a_broken_record_keeps_the_names_its_text_gives(cli, game_copy, breaking: Any) -> None:
    """requisition_form's text quotes 「破片手雷」 (frag_grenade): a broken frag_grenade still has that name."""
    root = game_copy("tactics")
    path = root / "cards" / "frag_grenade.json"
    text = path.read_text(encoding="utf-8")
    broken = breaking(text)
    assert broken != text
    path.write_text(broken, encoding="utf-8")
    found = _lint(cli, root)
    assert _files(found) == {"cards/frag_grenade.json"}, found


def test_a_text_quoting_a_refused_card_by_its_english_name_is_told_so(cli, game_copy) -> None:
    root = game_copy("tactics")
    _set(root / "cards" / "frag_grenade.json", "cost", "mortgage", value="1")
    quoting = root / "cards" / "requisition_form.json"
    quoting.write_text(quoting.read_text(encoding="utf-8").replace("破片手雷", "Frag Grenade"), encoding="utf-8")
    found = [f for f in _lint(cli, root) if f["file"] == "cards/requisition_form.json"]
    assert [f["code"] for f in found] == ["card.text.ref"], found
    assert "「Frag Grenade」, the English name of 'frag_grenade'" in found[0]["message"]
    assert "「破片手雷」" in found[0]["message"]


def test_a_refused_record_repeating_an_id_is_told(cli, game_copy) -> None:
    root = game_copy("tactics")
    copy = _read(root / "cards" / "frag_grenade.json")
    copy["name"] = {"zh-Hans": "另一枚手雷", "en": "Another Grenade"}
    copy["cost"]["mortgage"] = "1"
    _write(root / "cards" / "zz_frag.json", copy)
    found = _lint(cli, root)
    assert _files(found) == {"cards/zz_frag.json"}, found
    [duplicate] = [f for f in found if f["code"] == "card.id.duplicate"]
    assert "id already used by" in duplicate["message"] and "frag_grenade.json" in duplicate["message"]


def test_a_record_repeating_the_id_of_a_refused_one_is_told_too(cli, game_copy) -> None:
    """The duplicate is told on the record the model refused, however the files are ordered."""
    root = game_copy("tactics")
    _set(root / "cards" / "frag_grenade.json", "cost", "mortgage", value="1")
    copy = _read(root / "cards" / "requisition_form.json")
    copy["id"] = "frag_grenade"
    _write(root / "cards" / "zz_frag.json", copy)
    found = _lint(cli, root)
    duplicates = [(f["file"], f["message"]) for f in found if f["code"] == "card.id.duplicate"]
    assert len(duplicates) == 1 and duplicates[0][0] == "cards/frag_grenade.json", found
    assert "zz_frag.json" in duplicates[0][1]


def test_a_refused_card_banned_by_a_format_exists(cli, game_copy) -> None:
    root = game_copy("netrunner")
    _set(root / "modes" / "standard.json", "banned", value=["archive_heist"])
    assert _lint(cli, root) == []
    _set(root / "cards" / "archive_heist.json", "cost", value="1")
    found = _lint(cli, root)
    assert _files(found) == {"cards/archive_heist.json"}, found


def test_a_missing_record_is_still_missing(cli, game_copy) -> None:
    """A record that does not exist (no file, broken or not, has its id) is still told, with its "did you mean"."""
    root = game_copy("tactics")
    _set(root / "agents" / "cipher.json", "hp", value="8")
    _set(root / "cards" / "backdoor_access.json", "agent", value="ciphr")
    found = [f for f in _lint(cli, root) if f["file"] == "cards/backdoor_access.json"]
    assert [f["code"] for f in found] == ["card.ref"], found
    assert "'ciphr', which does not exist; did you mean 'cipher'?" in found[0]["message"]


# ---------------------------------------------------------------- 2. where a file leaves canonical form


def _ended(text: str, number: int, ending: str) -> str:
    """``text`` with its line ``number`` ended by ``ending``."""
    lines = text.split("\n")
    lines[number - 1] += ending[:-1]
    return "\n".join(lines)


def _format_finding(cli: Any, root: Path, path: Path) -> dict[str, str]:
    [found] = [f for f in _lint(cli, root) if f["file"] == path.relative_to(root).as_posix()]
    assert found["code"] == "card.format", found
    return found


@pytest.mark.parametrize(
    ("change", "line", "said"),
    [
        (lambda text: text.replace("\n", "\r\n"), 1, "Windows (CRLF) line endings"),
        (lambda text: text.replace("\n", "\r"), 1, "old Mac (CR) line endings"),
        (lambda text: text.replace("\n", "\r\n", 5), 1, "mixed line endings"),
        (lambda text: _ended(text, 3, "\r\n"), 3, "mixed line endings"),
        (lambda text: text.rstrip("\n"), 23, "no final newline"),
        (lambda text: text + "\n\n", 24, "blank lines at the end"),
    ],
)
def test_the_canonical_format_warning_names_the_line_that_differs_and_what(
    cli, game_copy, change: Any, line: int, said: str
) -> None:
    root = game_copy("tactics")
    path = root / "cards" / "frag_grenade.json"
    text = path.read_text(encoding="utf-8")
    assert text.count("\n") == 23
    path.write_bytes(change(text).encode())
    found = _format_finding(cli, root, path)
    assert int(found["line"]) == line, found
    assert said in found["message"] and "`dossier fmt`" in found["message"], found
    assert cli("fmt", path).exit_code == 0
    assert path.read_text(encoding="utf-8") == text and _lint(cli, root) == []


def test_a_file_with_crlf_endings_and_another_difference_points_at_that_difference(cli, game_copy) -> None:
    root = game_copy("tactics")
    path = root / "cards" / "frag_grenade.json"
    text = path.read_text(encoding="utf-8")
    moved = text.replace('    "tap": false\n', '    "tap":   false\n')  # (line 7)
    path.write_bytes(moved.replace("\n", "\r\n").encode())
    found = _format_finding(cli, root, path)
    assert int(found["line"]) == 7, found
    assert "sorted keys" in found["message"] and "Windows (CRLF) line endings" in found["message"], found


def test_a_layout_difference_alone_keeps_the_general_warning(cli, game_copy) -> None:
    root = game_copy("tactics")
    path = root / "cards" / "frag_grenade.json"
    path.write_text(path.read_text(encoding="utf-8").replace('    "tap": false\n', '    "tap":   false\n'))
    found = _format_finding(cli, root, path)
    assert (int(found["line"]), found["message"]) == (
        7,
        "not in canonical form (sorted keys, 2-space indent, UTF-8, final newline); run `dossier fmt`",
    )


# ---------------------------------------------------------------- 3. a whole number with an exponent


@pytest.mark.parametrize(
    ("literal", "said"),
    [
        ("1e0", "1e0 is written with an exponent; a whole number is written without one: 1"),
        ("1E+0", "1E+0 is written with an exponent; a whole number is written without one: 1"),
        ("1.0e0", "1.0e0 is written with an exponent; a whole number is written without one: 1"),
        ("1.00", "1.00 has a decimal point; a whole number is written without one: 1"),
        ("1.0", "1.0 has a decimal point; a whole number is written without one: 1"),
    ],
)
def test_a_whole_number_is_quoted_as_the_file_writes_it(cli, game_copy, literal: str, said: str) -> None:
    root = game_copy("tactics")
    path = root / "cards" / "frag_grenade.json"
    path.write_text(path.read_text(encoding="utf-8").replace('"mortgage": 1,', f'"mortgage": {literal},'))
    found = [f for f in _lint(cli, root) if f["code"] == "card.model"]
    assert [f["message"] for f in found] == [f"tactics card 'frag_grenade': /cost/mortgage: {said}"], found


# ---------------------------------------------------------------- 4. an unknown field: the field meant


def test_an_unknown_field_is_offered_the_field_meant(cli, game_copy) -> None:
    root = game_copy("tactics")
    path = root / "cards" / "frag_grenade.json"
    data = _read(path)
    data["flavour"] = data.pop("flavor")
    data["cost"]["tapp"] = data["cost"].pop("tap")
    _write(path, data)
    said = {f["message"] for f in _lint(cli, root)}
    assert said == {
        "tactics card 'frag_grenade': unknown field 'flavour'; did you mean 'flavor'?",
        "tactics card 'frag_grenade': unknown field 'tapp'; did you mean 'tap'?",
    }


def test_a_language_tag_in_the_wrong_case_is_told_once_and_so(cli, game_copy) -> None:
    root = game_copy("tactics")
    path = root / "cards" / "frag_grenade.json"
    data = _read(path)
    data["name"] = {"zh-hans": "破片手雷", "en": "Frag Grenade"}
    data["flavor"] = {"zh-Hans": data["flavor"]["zh-Hans"], "EN": data["flavor"]["en"]}
    _write(path, data)
    found = _lint(cli, root)
    said = sorted((f["file"], f["message"]) for f in found)
    assert said == [
        (
            "cards/frag_grenade.json",
            "tactics card 'frag_grenade': unknown field 'EN'; did you mean 'en'? (a language tag's case counts)",
        ),
        (
            "cards/frag_grenade.json",
            "tactics card 'frag_grenade': unknown field 'zh-hans'; did you mean 'zh-Hans'? (a language tag's case "
            "counts)",
        ),
    ], found


def test_a_language_tag_of_another_language_in_the_wrong_case_is_offered_its_case(cli, game_copy) -> None:
    root = game_copy("tactics")
    path = root / "cards" / "frag_grenade.json"
    _set(path, "name", "JA", value="破片手榴弾")
    [found] = _lint(cli, root)
    assert found["message"] == (
        "tactics card 'frag_grenade': unknown field 'JA'; did you mean 'ja'? (a language tag's case counts)"
    )


def test_a_field_in_the_wrong_case_is_told_so(cli, game_copy) -> None:
    root = game_copy("tactics")
    path = root / "cards" / "frag_grenade.json"
    data = _read(path)
    data["Flavor"] = data.pop("flavor")
    _write(path, data)
    [found] = _lint(cli, root)
    assert found["message"] == (
        "tactics card 'frag_grenade': unknown field 'Flavor'; did you mean 'flavor'? (a field's case counts)"
    )


def test_a_field_far_from_any_is_offered_none(cli, game_copy) -> None:
    root = game_copy("tactics")
    _set(root / "cards" / "frag_grenade.json", "zzzzqq", value=1)
    [found] = _lint(cli, root)
    assert found["message"] == "tactics card 'frag_grenade': unknown field 'zzzzqq'"
