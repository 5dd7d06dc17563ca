"""Getting started and the command line page, followed by an installed user, command by command.

In the folder ``dossier examples`` makes, with ``--with-cards`` (as the page shows) every command of both pages
runs; without it (as the page allows) every one of "The first commands" does too (``dossier lint``, the pool, not
``dossier lint cards``). The command line page shows ``dossier schema --out schema``, which works installed as in a
checkout, and says when the bare ``dossier schema`` does. The Chinese pages show the same commands.

"Installed" is the checkout with the bundled data pointed at copies (the fixture of test_installed_round56c).
"""

from __future__ import annotations

import glob
import shlex
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.test_doc_examples import _shell_syntax, command_words, examples, matches
from tests.test_installed_round56c import installed  # noqa: F401 - the fixture
from toolkit.cli import app

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def _page(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def _run(command: str, expected_code: int, output: list[str] | None) -> None:
    words = shlex.split(command, comments=True)
    if words[0] == "dossier" and not _shell_syntax(command):
        args: list[str] = []
        for word in words[1:]:
            matched = sorted(glob.glob(word)) if any(c in word for c in "*?[") else []
            args.extend(matched or [word])
        done = CliRunner().invoke(app, args, env={"DOSSIER_LANG": "en"}, prog_name="dossier")
        code, out, err = done.exit_code, done.stdout, done.stderr
        assert not done.exception or isinstance(done.exception, SystemExit), (command, done.exception)
    else:
        ran = subprocess.run(["bash", "-c", command], capture_output=True, text=True, check=False)
        code, out, err = ran.returncode, ran.stdout, ran.stderr
    assert code == expected_code, f"{command}: exit {code}\n{out[-2000:]}\n{err[-2000:]}"
    if output is not None:
        assert matches(output, out), f"{command}: printed\n{out}\nthe page shows\n" + "\n".join(output)


def _run_page(name: str, section: str | None = None) -> int:
    text = _page(name)
    if section is not None:
        start = text.index(section)
        following = text.find("\n## ", start + 1)
        text = text[start : following if following >= 0 else len(text)]
    ran = 0
    for example in examples(text, name):
        words = shlex.split(example.command, comments=True)
        if example.needs or words[0] in ("make", "cd"):
            continue
        _run(example.command, example.exit_code, example.output)
        ran += 1
    return ran


@pytest.mark.usefixtures("installed")
def test_the_first_commands_run_in_a_folder_made_without_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DOSSIER_LANG", raising=False)
    assert CliRunner().invoke(app, ["examples", "--out", "."]).exit_code == 0
    assert not Path("cards").exists()
    assert _run_page("getting-started.md", "## The first commands") >= 5


@pytest.mark.usefixtures("installed")
@pytest.mark.slow
def test_both_pages_run_in_a_folder_made_with_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DOSSIER_LANG", raising=False)
    assert CliRunner().invoke(app, ["examples", "--out", ".", "--with-cards"]).exit_code == 0
    assert _run_page("getting-started.md") >= 10
    assert _run_page("reference/command-line.md") >= 7


def test_the_schema_command_shown_works_installed_and_the_bare_one_is_explained() -> None:
    for name, bare in (
        ("reference/command-line.md", "In a checkout, `dossier schema` alone does the same"),
        ("reference/command-line.zh.md", "在检出的仓库中，只写 `dossier schema` 效果相同"),
    ):
        text = _page(name)
        shown = [command_words(e.command) for e in examples(text, name)]
        assert "dossier schema --out schema" in shown and "dossier schema" not in shown, name
        assert bare in text, name


@pytest.mark.parametrize("name", ["getting-started.md", "reference/command-line.md"])
def test_the_chinese_page_shows_the_same_commands(name: str) -> None:
    zh = name.replace(".md", ".zh.md")
    english = [command_words(e.command) for e in examples(_page(name), name)]
    chinese = [command_words(e.command) for e in examples(_page(zh), zh)]
    assert chinese == english
