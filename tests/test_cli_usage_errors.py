"""Click's usage errors (an unknown option or command, a missing argument, an option without its value,
words a command does not take) are one line in the user's language, naming the command, exit 2
(toolkit/cli/app.py: usage_line)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from toolkit.cli import app

CASES = [
    (["search"], "dossier search: QUERY is missing (see dossier search -h)", "dossier search：缺少 QUERY"),
    (
        ["deck", "validate", "--limit", "3", "x.json"],
        "dossier deck validate: no such option --limit; did you mean --banlist?",
        "dossier deck validate：没有选项 --limit；你是想用 --banlist 吗？",
    ),
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
