"""`dossier text parse|render|fmt` and the text findings of `dossier lint`."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import validators.text_lint
from toolkit.jsonio import canonical_dumps


def set_text(path: Path, *texts: str, field: str = "text") -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    data[field] = list(texts)
    path.write_text(canonical_dumps(data), encoding="utf-8")


def line_of(path: Path, needle: str) -> tuple[int, int]:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if needle in line:
            return number, line.index('"') + 1
    raise AssertionError(needle)


@pytest.mark.parametrize(
    ("args", "exit_code", "expected"),
    [
        (["parse", "你购买 2 张牌。"], 0, "Buy count=2"),
        (["parse", "攻击后：对目标敌方单位造成 1 点伤害。"], 0, "Target noun=enemy_unit"),
        (["parse", "你抽 1 牌。"], 1, "<text>:1:6：错误 card.text.parse"),  # (the default language: Chinese)
        (["render", "主动 横置,-1:你抽两张牌."], 0, "主动 横置，-1：你抽 2 张牌。\n"),
        (["render", "--lang", "en", "你抽两张牌。"], 0, "You draw 2 cards.\n"),
        (["render", "你抽张牌。"], 1, "此处缺少数字"),
        (["parse"], 2, "请给出 TEXT 或 --file FILE 之一"),
    ],
)
@pytest.mark.lang_default
def test_text_commands(cli: Callable[..., Any], args: list[str], exit_code: int, expected: str) -> None:
    result = cli("text", *args)
    assert result.exit_code == exit_code, result.output
    assert expected in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("command", ["parse", "render", "run"])
def test_a_syntax_error_says_its_place_once(cli: Callable[..., Any], tmp_path: Path, command: str) -> None:
    """`<text>:1:6: …` and then the reason: not `<text>:1:6: line 1, column 6: …` (the place said twice)."""
    result = cli("text", command, "你抽 1 牌。", *(["--game", "tactics"] if command == "run" else []))
    assert result.exit_code == 1
    first = result.output.splitlines()[0]
    assert "<text>:1:6: " in first and "unexpected '牌。'" in first and "column" not in first, first
    if command == "parse":
        source = tmp_path / "abilities.txt"
        source.write_text("你抽两张牌。\n你抽 1 牌。\n", encoding="utf-8")
        result = cli("text", "parse", "--file", source)
        line = next(x for x in result.output.splitlines() if "card.text.parse" in x)
        assert line.startswith(f"{source}:2:6: error card.text.parse: unexpected") and "column" not in line, line


def test_parse_json(cli: Callable[..., Any]) -> None:
    result = cli("text", "parse", "--format", "json", "你抽两张牌。")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["canonical"] == "你抽 2 张牌。"
    assert data["en"] == "You draw 2 cards."
    assert data["ast"]["node"] == "Ability"
    assert data["ast"]["sentences"][0]["effects"][0] == {"node": "Draw", "count": 2, "span": [0, 5]}


def test_parse_file_reports_every_bad_line(cli: Callable[..., Any], tmp_path: Path) -> None:
    source = tmp_path / "abilities.txt"
    source.write_text("你抽 1 张牌。\n\n你抽 1 牌。\n对目标造成 1 点伤害。\n本单位移动 2。\n", encoding="utf-8")
    result = cli("text", "parse", "--file", source, "--format", "json")
    assert result.exit_code == 1
    rows = json.loads(result.stdout)
    assert [row["line"] for row in rows] == [1, 3, 4, 5]
    assert [("error" in row) for row in rows] == [False, True, False, True]
    assert rows[1]["error"]["column"] == 6


def test_parse_missing_file(cli: Callable[..., Any], tmp_path: Path) -> None:
    result = cli("text", "parse", "--file", tmp_path / "nope.txt")
    assert result.exit_code == 2
    assert "no such file" in result.output


def test_fmt_rewrites_texts_canonically_and_atomically(
    cli: Callable[..., Any], game_copy: Callable[[str], Path]
) -> None:
    root = game_copy("tactics")
    card = root / "cards" / "med_kit.json"
    set_text(card, "本单位回复三点生命值.", "你抽两张牌。")
    untouched = (root / "cards" / "frag_grenade.json").read_bytes()

    check = cli("text", "fmt", "--check", root)
    assert check.exit_code == 1
    assert "would rewrite 2 ability texts" in check.output
    assert "本单位回复三点生命值." in card.read_text(encoding="utf-8")

    result = cli("text", "fmt", root)
    assert result.exit_code == 0, result.output
    assert json.loads(card.read_text(encoding="utf-8"))["text"] == ["本单位回复 3 点生命值。", "你抽 2 张牌。"]
    assert (root / "cards" / "frag_grenade.json").read_bytes() == untouched
    assert not list((root / "cards").glob(".*.tmp"))
    assert cli("text", "fmt", "--check", root).exit_code == 0



def test_fmt_says_no_rewrite_it_could_not_write(
    cli: Callable[..., Any], game_copy: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    import toolkit.jsonio
    from toolkit.safewrite import WriteError

    def read_only(path: Path, *args: Any, **kwargs: Any) -> None:
        raise WriteError(path, "Read-only file system")

    root = game_copy("tactics")
    card = root / "cards" / "med_kit.json"
    set_text(card, "你抽两张牌。")
    monkeypatch.setattr(toolkit.jsonio, "atomic_write_text", read_only)
    result = cli("text", "fmt", root)
    assert result.exit_code != 0 and "cannot write: Read-only file system" in result.output
    assert " -> " not in result.output and "rewrote" not in result.output


def test_render_error_caret_stands_under_the_place(cli: Callable[..., Any]) -> None:
    lines = cli("text", "render", "abc").output.splitlines()
    assert lines[1:3] == ["    abc", "    ^"]

def test_fmt_leaves_a_file_with_broken_text_alone(cli: Callable[..., Any], game_copy: Callable[[str], Path]) -> None:
    root = game_copy("tactics")
    card = root / "cards" / "med_kit.json"
    set_text(card, "你抽两张牌。", "你抽 1 牌。")
    before = card.read_bytes()
    result = cli("text", "fmt", card)
    assert result.exit_code == 1
    line, column = line_of(card, "你抽 1 牌。")
    column += 1 + 5  # (at the error's character: the 6th of the text)
    assert f"med_kit.json:{line}:{column}: error card.text.parse: /text/1: column 6 of the text" in result.output
    assert card.read_bytes() == before


@pytest.mark.parametrize(
    ("field", "bad", "code", "severity", "in_message"),
    [
        (
            "text",
            "你抽 1 牌。",
            "card.text.parse",
            "error",
            "column 6 of the text: unexpected '牌。'",
        ),
        ("text", "主动 横置 你抽 1 张牌。", "card.text.parse", "error", "hint: an active ability is 主动"),
        ("text", "你抽两张牌。", "card.text.format", "warning", "`dossier text fmt` writes '你抽 2 张牌。'"),
    ],
)
def test_lint_reports_text_with_its_position(
    cli: Callable[..., Any],
    game_copy: Callable[[str], Path],
    field: str,
    bad: str,
    code: str,
    severity: str,
    in_message: str,
) -> None:
    root = game_copy("tactics")
    card = root / "cards" / "med_kit.json"
    set_text(card, "本单位回复 3 点生命值。", bad, field=field)
    result = cli("lint", card)
    assert result.exit_code == (1 if severity == "error" else 0), result.output
    line, column = line_of(card, bad)
    if code == "card.text.parse":  # at the character of the error in the file (the message says its column)
        from toolkit.text import AbilitySyntaxError, parse

        with pytest.raises(AbilitySyntaxError) as error:
            parse(bad)
        column += 1 + error.value.offset
    first = f"med_kit.json:{line}:{column}: {severity} {code}: tactics card 'med_kit': /text/1: "
    assert first in result.output
    assert in_message in result.output
    if code == "card.text.parse":
        lines = result.output.splitlines()
        at = next(i for i, text in enumerate(lines) if first in text)
        assert lines[at + 1].strip() == bad
        assert lines[at + 2].rstrip().endswith("^")


def test_lint_json_output_carries_the_text_finding(cli: Callable[..., Any], game_copy: Callable[[str], Path]) -> None:
    root = game_copy("crossfire")
    role = root / "roles" / "vip.json"
    set_text(role, "如果你未被击中你获胜。", field="win")
    result = cli("lint", "--format", "json", role)
    findings = [f for f in json.loads(result.stdout)["findings"] if f["code"] == "card.text.parse"]
    assert len(findings) == 1
    assert findings[0]["pointer"] == "/win/0"
    assert findings[0]["line"] == line_of(role, "如果你未被击中你获胜。")[0]


def test_lint_reports_text_that_does_not_round_trip(
    cli: Callable[..., Any], game_copy: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = game_copy("tactics")
    card = root / "cards" / "med_kit.json"
    monkeypatch.setattr(validators.text_lint, "render", lambda ability: "本单位回复 4 点生命值。")
    result = cli("lint", card)
    assert result.exit_code == 1
    assert "error card.text.roundtrip: tactics card 'med_kit': /text/0:" in result.output
