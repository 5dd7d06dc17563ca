"""Every command's ``--help`` in the user's language (toolkit/cli/_help.py).

The help texts Dossier writes (commands, groups, options, arguments, the listing of ``dossier --help``)
come from the catalogs in the language of the command line: under the pseudo-locale every word of ours is
pseudo-translated, under zh-Hans every help is Chinese, and English reads as it always did. Typer's own
words (the ``Usage:`` line, the section headings, ``-h, --help  Show this message and exit.``,
``[default: …]``, ``[required]``) are put in the language by the help formatter; the metavars stay as typer
writes them.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from toolkit.cli import app
from toolkit.cli._help import first_sentence, wrap_wide

from .conftest import ROOT
from .test_cli_help import COMMANDS

CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
SECTIONS = ("Options", "Arguments", "Commands")


def section_name(line: str) -> str | None:
    """The English name of the section a help page's line heads (in any of the languages), else None."""
    from toolkit.i18n import PSEUDO, tr, use_lang

    for lang in ("en", "zh-Hans", PSEUDO):
        with use_lang(lang):
            for name in SECTIONS:
                if line == tr("{heading}:", heading=tr(name)):
                    return name
    return None


def section(text: str, name: str) -> str:
    """The lines of the section ``name`` of a help page, up to the next empty line."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if section_name(line) == name) + 1
    end = next((i for i in range(start, len(lines)) if not lines[i].strip()), len(lines))
    return "\n".join(lines[start:end])


IDS = [" ".join(path) or "dossier" for path in COMMANDS]


def page(path: list[str], lang: str, columns: int = 80) -> str:
    result = CliRunner().invoke(app, [*path, "--help"], env={"COLUMNS": str(columns), "DOSSIER_LANG": lang})
    assert result.exit_code == 0, result.output
    return result.stdout


def _search_keys() -> set[str]:
    from toolkit.search.keys import KEYS

    return {name for key in KEYS for name in (key.name, *key.aliases)}


def _ours(text: str, path: list[str]) -> list[tuple[str | None, str]]:
    """The lines of a help page that Dossier wrote, each with its section (None before the first): click's
    usage line, headings and help option left out, and in each line click's brackets (``[default: …]``,
    ``[required]``, ranges), metavars and choices (``<text|json>``, ``{file}``), option names, the first
    column of a listing (command and argument names), a JSON example (a paragraph that begins with "{") and
    the search keys' names."""
    lines: list[tuple[str | None, str]] = []
    section = None
    example = False
    keys = _search_keys() if path == ["search"] else set()
    text = re.sub(r"\[[^\[\]]*\]", " ", text)  # [default: …] may be wrapped onto two lines
    for number, line in enumerate(text.splitlines()):
        if not line.strip():
            example = False
            continue
        if example or line.lstrip().startswith("{"):
            example = True
            continue
        if number == 0 or line.lstrip().startswith("-h, --help"):  # the usage line, the help option
            continue
        if section_name(line) is not None:
            section = section_name(line)
            continue
        if section in ("Commands", "Arguments") and re.match(r"  \S", line):
            line = "  " + line.split(None, 1)[1] if len(line.split(None, 1)) > 1 else ""
        line = re.sub(r"<[^<>]*>|\{[^{}]*\}", " ", line)
        line = re.sub(r"(?<![\w-])--?[A-Za-z][\w-]*", " ", line)
        if keys:
            line = re.sub(r"[\w ,]+:", lambda m: " " if all(w.strip() in keys for w in m.group()[:-1].split(",")) else m.group(), line)
        lines.append((section, line))
    return lines


def plain_words(text: str, path: list[str]) -> set[str]:
    """ASCII words of two letters or more that are neither pseudo-translated (inside ‹ ›; a listing's line cut
    short ends in "...") nor click's."""
    # (each heading in English first: the pseudo-translated words are taken out next, the headings' with them)
    text = "\n".join(f"{section_name(line)}:" if section_name(line) else line for line in text.splitlines())
    text = re.sub(r"‹[^›‹]*?(?:›|\.\.\.$)", " ", text, flags=re.MULTILINE)
    return {word for _, line in _ours(text, path) for word in re.findall(r"[A-Za-z]{2,}", line)}


def english_sentences(text: str, path: list[str]) -> list[str]:
    """Runs of three English words or more on a page, besides code (`…`), paths, names of files and
    variables and what click writes."""
    found = []
    for _, line in _ours(text, path):
        line = re.sub(r"`[^`]*`", " ", line)
        line = re.sub(r"\S*[./$_~]\S*", " ", line)
        found += re.findall(r"[A-Za-z]+(?:[ ,'-]+[A-Za-z]+){2,}", line)
    return found


def rows(text: str) -> Iterator[tuple[str, str]]:
    """(section, text) of each entry of the Options, Arguments and Commands sections, continuation lines
    included, the help option left out."""
    section, entry = None, ""
    for line in [*text.splitlines(), ""]:
        if entry and (not line.startswith("   ") or not line.strip()):
            if not entry.lstrip().startswith("-h, --help"):
                yield section or "", entry
            entry = ""
        if section_name(line) is not None:
            section = section_name(line)
        elif section in SECTIONS and line.strip():
            entry += line + "\n"


def description(text: str) -> str:
    """The command's own help: what comes between the usage line and the first section."""
    body = text.split("\n\n", 1)[1]
    lines = body.splitlines()
    end = next((i for i, line in enumerate(lines) if section_name(line) == "Options"), len(lines))
    return "\n".join(lines[:end]) + "\n"


def test_the_walk_finds_every_command() -> None:
    assert len(COMMANDS) >= 40
    assert {"dossier", "lint", "deck", "deck validate", "crossfire resolve", "text coverage", "fonts build"} <= set(IDS)


@pytest.mark.parametrize("path", COMMANDS, ids=IDS)
@pytest.mark.slow
def test_pseudo_locale_every_word_of_ours_went_through_the_catalogs(path: list[str]) -> None:
    text = page(path, "en-XA")
    assert "‹" in description(text)
    assert not plain_words(text, path), f"dossier {' '.join(path)} --help: {sorted(plain_words(text, path))}"


@pytest.mark.parametrize("path", COMMANDS, ids=IDS)
@pytest.mark.slow
def test_chinese_help_is_all_chinese(path: list[str]) -> None:
    text = page(path, "zh-Hans")
    assert CJK.search(description(text)), description(text)
    for section, entry in rows(text):
        assert CJK.search(entry), (section, entry)
    assert not english_sentences(text, path), english_sentences(text, path)


@pytest.mark.parametrize("path", COMMANDS, ids=IDS)
@pytest.mark.slow
def test_english_help_reads_as_the_code_writes_it(path: list[str]) -> None:
    """Under en every page is what typer makes of the English the commands are defined with (the CLI with
    every module registered at once, its help not translated: tests/test_cli_lazy.py's reference)."""
    from .test_cli_lazy import eager_app

    reference = CliRunner().invoke(eager_app(), [*path, "--help"], env={"COLUMNS": "80", "DOSSIER_LANG": "en"})
    assert page(path, "en") == reference.stdout


def test_the_language_of_the_command_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runner = CliRunner()

    def shown(args: list[str], **env: str) -> str:
        result = runner.invoke(app, [*args, "--help"], env={"COLUMNS": "80", **env})
        assert result.exit_code == 0, result.output
        return description(result.stdout)

    # --lang, wherever it stands, before DOSSIER_LANG; a lazy command's page too; a bad value is passed over
    assert "‹" in shown(["lint", "--lang", "en-XA"], DOSSIER_LANG="zh-Hans")
    assert CJK.search(shown(["deck", "validate", "--lang=zh-Hans"], DOSSIER_LANG="en"))
    assert "‹" in shown(["text", "parse", "--lang", "fr"], DOSSIER_LANG="en-XA")
    assert shown(["deck", "validate", "--lang", "en"], DOSSIER_LANG="zh-Hans").startswith("  Check decks")
    # the settings files when neither is given
    monkeypatch.delenv("DOSSIER_LANG")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "dossier.toml").write_text('lang = "en"\n', encoding="utf-8")
    assert shown([]).startswith("  Card database")
    (tmp_path / "dossier.toml").write_text('lang = "zh-Hans"\n', encoding="utf-8")
    assert CJK.search(shown(["map", "show"]))
    (tmp_path / "dossier.toml").write_text("lang = [\n", encoding="utf-8")  # broken: the default, zh-Hans
    assert CJK.search(shown([]))
    # the system's locale after them
    (tmp_path / "dossier.toml").write_text('lang = "zh-Hans"\n', encoding="utf-8")
    assert CJK.search(shown(["lint"], LANG="en_US.UTF-8"))
    (tmp_path / "dossier.toml").unlink()
    assert shown(["lint"], LANG="en_US.UTF-8").startswith("  Check")
    assert shown([], LANG="fr_FR.UTF-8", LANGUAGE="fr:en").startswith("  Card database")
    assert CJK.search(shown([], LANG="en_US.UTF-8", LC_ALL="zh_CN.UTF-8"))
    assert CJK.search(shown([], LANG="C.UTF-8"))


def test_one_process_shows_each_run_in_its_language() -> None:
    pages = [page(["deck", "validate"], lang) for lang in ("zh-Hans", "en", "en-XA", "zh-Hans", "en")]
    assert pages[0] == pages[3] and pages[1] == pages[4]
    assert CJK.search(pages[0]) and "‹" in pages[2] and "Check decks against" in pages[1]


def test_dossier_help_in_chinese_as_a_user_runs_it() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "from toolkit.cli import main; main()", "--help"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        env={**os.environ, "DOSSIER_LANG": "zh-Hans", "COLUMNS": "80"},
    )
    assert done.returncode == 0, done.stderr
    assert "卡牌数据库" in done.stdout and "谍战特工：" in done.stdout
    listing = section(done.stdout, "Commands")
    assert "..." not in listing  # a Chinese line is listed whole (click would cut it at a "." that fits)
    assert all(len(line) <= 80 for line in done.stdout.splitlines())


def test_wide_text_is_wrapped_by_its_width() -> None:
    text = "名称、标题和标签用 zh-Hans 或 en。默认：`dossier.toml` 或用户配置中的 `lang = ...`，否则 zh-Hans。"
    lines = wrap_wide(text, 30, "  ", "  ").splitlines()
    assert "".join(line.strip() for line in lines).replace(" ", "") == text.replace(" ", "")
    assert all(sum(2 if CJK.match(c) or c in "，。、：；（）" else 1 for c in line) <= 30 for line in lines)
    assert not any(line.strip()[0] in "，。、：；）" for line in lines)  # no line begins with a closing mark
    assert wrap_wide("\b\n  a: 甲乙丙丁戊己庚辛\n  b: 乙", 10, "  ", "  ") == "    a: 甲乙丙丁戊己庚辛\n    b: 乙"  # kept
    assert first_sentence("第一句。第二句。\n\n另一段。") == "第一句。"
    assert first_sentence("没有句号的一段\n\n另一段") == "没有句号的一段"
