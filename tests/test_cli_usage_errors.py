"""Click's usage errors (an unknown option or command, a missing argument, an option without its value,
words a command does not take) are one line in the user's language, naming the command, exit 2
(toolkit/cli/app.py: usage_line)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from toolkit.cli import app

CASES = [
    (["search"], "dossier search: QUERY is missing (see dossier search --help)", "dossier search：缺少 QUERY"),
    (
        ["deck", "validate", "--banlst", "3", "x.json"],
        "dossier deck validate: no such option --banlst; did you mean --banlist?",
        "dossier deck validate：没有选项 --banlst；你是想用 --banlist 吗？",
    ),
    (["deck", "validate", "--limit", "3", "x.json"], "dossier deck validate: no such option --limit", "没有选项 --limit"),
    (["search", "--limit"], "dossier search: --limit needs a value", "dossier search：--limit 需要一个值"),
    (["show", "a", "b (x)", "c"], "dossier show: words it does not take: b (x) c", "dossier show：多余的参数：b (x) c"),
    (["--nope"], "dossier: no such option --nope", "dossier：没有选项 --nope"),
    (["deck", "nope"], "dossier deck: no command 'nope'", "dossier deck：没有命令 'nope'"),
    (["serch"], "dossier: no command 'serch'; did you mean 'search', 'serve'?", "你是想用 'search'、'serve' 吗？"),
    (["lint", "--no-cache=yes"], "dossier lint: --no-cache takes no value", "dossier lint：--no-cache 不带值"),
]


@pytest.mark.parametrize(("args", "english", "chinese"), CASES, ids=[" ".join(c[0]) for c in CASES])
def test_a_usage_error_is_one_line_in_the_language(args: list[str], english: str, chinese: str) -> None:
    for lang, expected in (("en", english), ("zh-Hans", chinese)):
        result = CliRunner().invoke(app, args, env={"DOSSIER_LANG": lang, "COLUMNS": "80"})
        assert result.exit_code == 2, (lang, result.output)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1, (lang, result.stderr)
        assert expected in lines[0], (lang, lines[0])
        assert "Usage" not in result.stderr and "Error:" not in result.stderr


def test_a_group_without_a_command_still_shows_its_help() -> None:
    result = CliRunner().invoke(app, ["deck"], env={"DOSSIER_LANG": "en", "COLUMNS": "80"})
    assert "Usage: dossier deck" in result.output and "validate" in result.output


# ---- path arguments and options (toolkit/cli/_options.py: check_paths)


@pytest.mark.parametrize(
    "args",
    [["fmt", ""], ["lint", ""], ["text", "fmt", ""], ["deck", "validate", ""]],
    ids=["fmt", "lint", "text fmt", "deck validate"],
)
def test_an_empty_path_is_refused_not_read_as_the_working_folder(
    args: list[str], tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`dossier fmt "$F"` with F unset rewrote every JSON file below the working folder."""
    monkeypatch.chdir(tmp_path)
    mine = tmp_path / "sub" / "mine.json"
    mine.parent.mkdir()
    mine.write_text('{"b":1,"a":2}', encoding="utf-8")
    for lang, said in (("en", "an empty path names no file or folder"), ("zh-Hans", "空路径")):
        result = CliRunner().invoke(app, args, env={"DOSSIER_LANG": lang})
        assert result.exit_code == 2, result.output
        assert result.stderr.strip().count("\n") == 0 and said in result.stderr, result.stderr
    assert mine.read_text(encoding="utf-8") == '{"b":1,"a":2}'


def test_an_empty_path_option_is_named(tmp_path) -> None:
    result = CliRunner().invoke(
        app, ["import", "csv", str(tmp_path / "x.csv"), "--game", "tactics", "--into", ""], env={"DOSSIER_LANG": "en"}
    )
    assert result.exit_code == 2 and "--into: an empty path names no file or folder" in result.stderr


def test_an_unreadable_file_is_one_line_in_the_language(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    card = tmp_path / "card.json"
    card.write_text("{}", encoding="utf-8")
    real = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, *a, **k: False if str(path) == str(card) else real(path, mode))
    for lang, said in (("en", "card.json: Permission denied"), ("zh-Hans", "card.json：")):
        result = CliRunner().invoke(app, ["lint", str(card)], env={"DOSSIER_LANG": lang})
        assert result.exit_code == 2, result.output
        line = result.stderr.strip()
        assert "\n" not in line and said in line and "paths:" not in line and "is not readable" not in line, line


def test_a_newline_in_a_file_name_stays_on_one_line(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["fmt", "new\nline.json"], env={"DOSSIER_LANG": "en"})
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [result.stderr.strip()] and "new\\nline.json" in result.stderr


def test_a_finding_s_severity_is_in_the_output_language(tmp_path) -> None:
    """`lint` printed `x.json:1:1: error card.schema: 特工战术卡牌…` in Chinese runs (the code stays as it is)."""
    card = tmp_path / "x.json"
    card.write_text('{"id": "x", "kind": "card", "game": "tactics"}', encoding="utf-8")
    zh = CliRunner().invoke(app, ["lint", "--no-cache", str(card)], env={"DOSSIER_LANG": "zh-Hans"})
    en = CliRunner().invoke(app, ["lint", "--no-cache", str(card)], env={"DOSSIER_LANG": "en"})
    assert f"{card}:1:1：错误 card.schema：" in zh.stdout and ": error " not in zh.stdout
    assert f"{card}:1:1: error card.schema: " in en.stdout
