"""Examples that cannot lie: every shell example of the README and the documentation site, run (issue 30).

Every ```` ```sh ```` block of ``README.md`` and of the English pages under ``docs/`` is read and each command
is run, page after page in the site's order, in one scratch folder that holds a copy of the bundled
``cards/``, ``examples/`` and ``schema/``, after the steps of the Makefile's ``demo`` target (the quick
start). ``dossier …`` commands run in this process through typer's CliRunner (the bundled data's paths
pointed at the copies, so nothing in the checkout is written); anything else a shell needs (a pipe,
``&&``, a redirection, ``export``) runs through ``bash`` with a ``dossier`` on its PATH that does the same.
Every command must exit 0 without a traceback.

A block whose lines begin with ``$ `` shows output: the lines after a command, up to the next ``$ ``, are
what it prints on stdout, compared line by line (trailing spaces aside). ``[…]`` is the marked ellipsis:
alone on a line it stands for any number of lines, inside a line for any text.

Skipped, each by a marker visible in the doc (a comment on the command's line) that this test reads and
checks (an unknown kind fails, and a marked command must still parse: its subcommand and options exist).
A command shown failing on purpose says so the same way: ``# exits with 1`` (its exit code is checked).

- ``# needs: nrdb``: a NetrunnerDB checkout, or the pool imported from one (not shipped);
- ``# needs: network``: a package registry (``pipx install``);
- ``# needs: terminal``: a person at a terminal (an interactive prompt), or a server that runs until stopped.
- ``# needs: minutes``: a balance run of many games on Ray (seconds to minutes, more on a busy machine), or the
  runs and reports such runs keep. The worked example of ``docs/balance.md`` is checked apart, its games played
  in one process (``tests/test_docs_s70d.py``);
- ``# needs: plot``: the optional ``plot`` extra (matplotlib), which a plain install lacks: run where it is
  installed (the ``dev`` extra has it), skipped where it is not.

``make TARGET`` lines are not run (``make demo``'s steps are, first; ``make test`` is this suite): their
target must exist in the Makefile. The Chinese pages (``*.zh.md``) must show the same commands as their
English page (comments aside: they are translated), so they are as true as the English ones.
"""

from __future__ import annotations

import glob
import importlib.util
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from toolkit.cli import app

from .conftest import ROOT

DOCS = ROOT / "docs"
NEEDS = {
    "nrdb": "a NetrunnerDB checkout or the pool imported from one",
    "network": "a package registry",
    "terminal": "a person at a terminal, or a server that runs until stopped",
    "minutes": "a balance run of many games on Ray, or the runs and reports such runs keep",
    "plot": "the optional plot extra (matplotlib), which a plain install lacks",
}
MET_BY = {"plot": "matplotlib"}  # a need met where this module is installed: its examples run there
MARKER = re.compile(r"#.*?\bneeds:\s*([\w-]+)")
ELLIPSIS = "[…]"
COPIED = ("cards", "examples", "schema", "toolkit")  # a checkout, as the docs assume
TIMEOUT = 120  # seconds for one example
# the site's pages in the order of mkdocs.yml's nav (a page that is not listed there runs last)
NAV = re.compile(r":\s*([\w/.-]+\.md)\s*$")


@dataclass
class Example:
    page: str
    line: int
    command: str
    needs: str | None = None
    output: list[str] | None = None  # what it prints, when the doc shows it
    exit_code: int = 0

    def __str__(self) -> str:
        return f"{self.page}:{self.line}: {self.command}"


@dataclass
class Block:
    line: int
    lines: list[tuple[int, str]] = field(default_factory=list)


def sh_blocks(text: str) -> Iterator[Block]:
    block: Block | None = None
    for number, line in enumerate(text.splitlines(), 1):
        if block is None:
            if line.strip() == "```sh":
                block = Block(number)
        elif line.strip().startswith("```"):
            yield block
            block = None
        else:
            block.lines.append((number, line))
    assert block is None, f"a ```sh block from line {block.line} is not closed"


def _joined(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Shell lines with their ``\\`` continuations joined, each with the number of its first line."""
    out: list[tuple[int, str]] = []
    pending: tuple[int, str] | None = None
    for number, line in lines:
        start, text = pending if pending else (number, "")
        if line.rstrip().endswith("\\"):
            pending = (start, text + line.rstrip()[:-1].rstrip() + " ")
            continue
        out.append((start, text + line.strip() if text else line))
        pending = None
    return out


def examples(text: str, page: str) -> list[Example]:
    """The commands of a page's sh blocks, in order, with the output shown for each."""
    found: list[Example] = []
    for block in sh_blocks(text):
        prompts = any(line.startswith("$ ") for _, line in block.lines)
        assert not prompts or block.lines[0][1].startswith("$ "), f"{page}:{block.line}: a block with output begins with '$ '"
        for number, line in _joined(block.lines):
            if prompts and not line.startswith("$ "):
                if found and found[-1].output is not None:
                    found[-1].output.append(line.rstrip())
                continue
            command = line[2:] if prompts else line
            if not command.strip() or command.lstrip().startswith("#"):
                continue
            marker = MARKER.search(command)
            exit_mark = re.search(r"#.*\bexits with (\d+)\b", command)
            found.append(
                Example(
                    page,
                    number,
                    command.strip(),
                    needs=marker.group(1) if marker else None,
                    output=[] if prompts else None,
                    exit_code=int(exit_mark.group(1)) if exit_mark else 0,
                )
            )
    return found


def pages() -> list[Path]:
    """README.md, then the English pages of the site in the order of its nav."""
    listed = [m.group(1) for line in (ROOT / "mkdocs.yml").read_text("utf-8").splitlines() if (m := NAV.search(line))]
    english = sorted(
        path for path in DOCS.rglob("*.md") if not path.name.endswith(".zh.md") and "gen" not in path.parts
    )
    rank = {name: i for i, name in enumerate(listed)}
    ordered = sorted(english, key=lambda path: rank.get(path.relative_to(DOCS).as_posix(), len(rank)))
    return [ROOT / "README.md", *ordered]


def unmet(need: str | None) -> bool:
    """Whether an example marked ``# needs: NEED`` is skipped here: always, unless a module of :data:`MET_BY` meets
    ``need`` and is installed (None: no need, it runs)."""
    if need is None:
        return False
    module = MET_BY.get(need)
    return module is None or importlib.util.find_spec(module) is None


def page_name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def command_words(command: str) -> str:
    """A command without its comment (translated on the Chinese pages)."""
    return " ".join(shlex.split(command, comments=True))


# ---------------------------------------------------------------- checks that run nothing


def test_the_examples_are_read() -> None:
    readme = examples((ROOT / "README.md").read_text("utf-8"), "README.md")
    assert [command_words(e.command) for e in readme if e.command.startswith("make")] == ["make demo", "make test"]
    every = [e for path in pages() for e in examples(path.read_text("utf-8"), page_name(path))]
    assert len(every) > 80
    commands = [command_words(e.command) for e in every]
    assert "dossier show longbow_sniper_rifle" in commands
    assert any(e.output for e in every), "no example shows its output"
    assert any(e.needs == "nrdb" for e in every)
    placeholders = [str(e) for e in every if re.search(r"\[--|\b[A-Z]{3,}\.(?:json|txt)\b", e.command.split("#")[0])]
    assert not placeholders, f"placeholders instead of real arguments: {placeholders}"


def test_every_marker_is_known_and_every_skipped_command_parses() -> None:
    """A marker names a known need, sits on a command, and does not hide a command that no longer exists."""
    root = typer.main.get_command(app)
    for path in pages():
        text = path.read_text("utf-8")
        for block in sh_blocks(text):
            for number, line in block.lines:
                if (m := MARKER.search(line)) and m.group(1) not in NEEDS:
                    pytest.fail(f"{page_name(path)}:{number}: unknown marker {m.group(0)!r}; known: {sorted(NEEDS)}")
        for example in examples(text, page_name(path)):
            words = shlex.split(example.command, comments=True)
            assert words, f"{example}: a marker on a line with no command"
            if example.needs and words[0] == "dossier" and not set("|&;<>").intersection(example.command.split("#")[0]):
                _parses(root, words[1:], example)


def _parses(group: Any, args: list[str], example: Example) -> None:
    """The command line parses: its subcommands and options exist (nothing is run)."""
    ctx = group.make_context("dossier", list(args), resilient_parsing=True)
    command: Any = group
    rest = list(args)
    while isinstance(command, typer.core.TyperGroup) and rest:
        sub = command.get_command(ctx, rest[0])
        assert sub is not None, f"{example}: no command {rest[0]!r}"
        command, rest = sub, rest[1:]
    try:
        command.make_context(" ".join(["dossier", *args[: len(args) - len(rest)]]), rest)
    except Exception as exc:  # a usage error names what no longer parses
        if type(exc).__name__ in ("UsageError", "NoSuchOption", "BadParameter", "BadOptionUsage", "MissingParameter"):
            pytest.fail(f"{example}: {exc}")
        raise


def test_makefile_targets_named_in_the_docs_exist() -> None:
    makefile = (ROOT / "Makefile").read_text("utf-8")
    for path in pages():
        for example in examples(path.read_text("utf-8"), page_name(path)):
            words = shlex.split(example.command, comments=True)
            if words[0] == "make":
                for target in words[1:]:
                    assert re.search(rf"^{re.escape(target)}:", makefile, re.M), f"{example}: no make target {target}"


def test_the_chinese_pages_show_the_english_commands() -> None:
    for zh in sorted(DOCS.rglob("*.zh.md")):
        english = zh.with_name(zh.name.replace(".zh.md", ".md"))
        if not english.is_file() or zh.parent.name == "gen":
            continue
        ours = [command_words(e.command) for e in examples(zh.read_text("utf-8"), page_name(zh))]
        theirs = [command_words(e.command) for e in examples(english.read_text("utf-8"), page_name(english))]
        assert ours == theirs, f"{page_name(zh)} shows other commands than {page_name(english)}"


# ---------------------------------------------------------------- running them


class Scratch:
    """A scratch folder with copies of the bundled data, where every example runs."""

    def __init__(self, root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.root = root
        self.env = {
            "HOME": str(root / "home"),
            "XDG_CACHE_HOME": str(root / "cache"),
            "XDG_CONFIG_HOME": str(root / "config"),
            "XDG_DATA_HOME": str(root / "data"),
            "DOSSIER_LANG": "en",
            "COLUMNS": "100",
        }
        for name in COPIED:
            shutil.copytree(ROOT / name, root / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        (root / "home").mkdir()
        for key in ("DOSSIER_CARDS", "DOSSIER_DB", "DOSSIER_NRDB", "DOSSIER_NO_CACHE"):
            monkeypatch.delenv(key, raising=False)
        for key, value in self.env.items():
            monkeypatch.setenv(key, value)
        monkeypatch.chdir(root)
        for module, names in _PATHS.items():
            imported = __import__(module, fromlist=["_"])
            for name in names:
                if hasattr(imported, name):
                    monkeypatch.setattr(imported, name, root / ("cards" if name == "CARDS_DIR" else "schema"))
        bin_dir = root / "bin"
        bin_dir.mkdir()
        code = (
            f"import sys, importlib; from pathlib import Path; sys.path.insert(0, {str(ROOT)!r});"
            f" [setattr(importlib.import_module(m), n, Path({str(root)!r}) / ('cards' if n == 'CARDS_DIR' else 'schema'))"
            f" for m, ns in {_PATHS!r}.items() for n in ns if hasattr(importlib.import_module(m), n)];"
            " from toolkit.cli import main; main()"
        )
        shim = bin_dir / "dossier"
        shim.write_text(f"#!/bin/sh\nexec {shlex.quote(sys.executable)} -c {shlex.quote(code)} \"$@\"\n", "utf-8")
        shim.chmod(0o755)
        self.shell_env = {**self.env, "PATH": f"{bin_dir}:/usr/bin:/bin", "LANG": os.environ.get("LANG", "C.UTF-8")}
        self.times: list[tuple[float, str]] = []
        self.cwd = root

    def enter(self, page: str, monkeypatch: pytest.MonkeyPatch) -> None:
        """Run the next examples in a folder of the page's own, beside the same data (so that two pages
        writing squad.txt do not meet)."""
        folder = self.root / "pages" / re.sub(r"\W+", "-", page)
        if not folder.is_dir():
            folder.mkdir(parents=True)
            for name in (*COPIED, "build"):
                (folder / name).symlink_to(self.root / name, target_is_directory=True)
        self.cwd = folder
        monkeypatch.chdir(folder)

    def run(self, example: Example, lang: str = "en") -> tuple[int, str, str]:
        """Run one command: (exit code, stdout, stderr)."""
        started = time.perf_counter()
        words = shlex.split(example.command, comments=True)
        plain = words[0] == "dossier" and not _shell_syntax(example.command)
        if plain:
            args: list[str] = []
            for word in words[1:]:
                word = os.path.expanduser(word)
                matched = sorted(glob.glob(word)) if any(c in word for c in "*?[") else []
                args.extend(matched or [word])
            previous = signal.signal(signal.SIGALRM, _timed_out)
            signal.alarm(TIMEOUT)
            try:
                result = CliRunner().invoke(app, args, env={"DOSSIER_LANG": lang}, prog_name="dossier")
            finally:
                signal.alarm(0)
                signal.signal(signal.SIGALRM, previous)
            if result.exception and not isinstance(result.exception, SystemExit):
                raise AssertionError(f"{example}: {result.exception!r}") from result.exception
            code, out, err = result.exit_code, result.stdout, _stderr(result)
        else:
            env = {**self.shell_env, "DOSSIER_LANG": lang}
            done = subprocess.run(["bash", "-c", example.command], cwd=self.cwd, env=env, capture_output=True,
                                  text=True, timeout=TIMEOUT)  # fmt: skip
            code, out, err = done.returncode, done.stdout, done.stderr
        self.times.append((time.perf_counter() - started, str(example)))
        return code, out, err


_PATHS = {
    "toolkit.paths": ("CARDS_DIR", "SCHEMA_DIR"),
    "toolkit.config": ("CARDS_DIR",),
    "toolkit.cli.app": ("CARDS_DIR", "SCHEMA_DIR"),
    "toolkit.cli.sheets": ("CARDS_DIR",),
    "toolkit.cli.map": ("CARDS_DIR",),
    "toolkit.cli.deck": ("SCHEMA_DIR",),
}


class ExampleTimeout(Exception):
    pass


def _timed_out(signum: int, frame: object) -> None:
    raise ExampleTimeout(f"an example ran over {TIMEOUT} s (waiting for input, or serving?)")


def _shell_syntax(command: str) -> bool:
    lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
    lexer.commenters = "#"
    return any(token and set(token) <= set("|&;<>()") for token in lexer) or "$" in command.split("#")[0]


def _stderr(result: object) -> str:
    try:
        return str(result.stderr)  # type: ignore[attr-defined]
    except (ValueError, AttributeError):
        return ""


def demo_steps(makefile: str) -> list[str]:
    """The recipe of the Makefile's ``demo`` target, ``$(BIN)/dossier`` as ``dossier``."""
    lines = makefile.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("demo:"))
    recipe: list[tuple[int, str]] = []
    for number, line in enumerate(lines[start + 1 :], start + 2):
        if not line.startswith("\t"):
            break
        recipe.append((number, line[1:]))
    return [step.replace("$(BIN)/", "") for _, step in _joined(recipe)]


def matches(expected: list[str], printed: str) -> bool:
    """``printed`` is what ``expected`` shows, ``[…]`` standing for any lines (alone) or any text (in a line)."""
    while expected and not expected[-1].strip():
        expected = expected[:-1]
    pattern = ""
    for line in expected:
        if line.strip() == ELLIPSIS:
            pattern += r"(?:[^\n]*\n)*?"
        else:
            pattern += ".*".join(re.escape(part) for part in line.rstrip().split(ELLIPSIS)) + r"\n"
    text = "\n".join(line.rstrip() for line in printed.rstrip("\n").splitlines()) + "\n"
    return re.fullmatch(pattern, text) is not None


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Scratch]:
    """The scratch folder after ``make demo``'s steps."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        folder = Scratch(tmp_path_factory.mktemp("examples"), monkeypatch)
        for step in demo_steps((ROOT / "Makefile").read_text(encoding="utf-8")):
            code, out, err = folder.run(Example("Makefile", 0, step))
            assert code == 0, (step, out[-2000:], err[-2000:])
        yield folder
        slowest = sorted(folder.times, reverse=True)[:8]
        print("\nslowest examples:\n" + "\n".join(f"  {seconds:6.2f} s  {name}" for seconds, name in slowest))


@pytest.mark.slow
def test_show_right_after_make_demo(scratch: Scratch) -> None:
    """The player's report (issue 25): `make demo` builds build/dossier.db, and `dossier show ID` (no --db, no
    ./dossier.db) used to fail with "no database at dossier.db"; it reads a database of the card pool in the
    user's cache, built once."""
    assert (scratch.root / "build" / "dossier.db").is_file() and not (scratch.root / "dossier.db").exists()
    code, out, err = scratch.run(Example("test", 0, "dossier show longbow_sniper_rifle"))
    assert code == 0, err
    assert out.startswith("Longbow Sniper Rifle\n")
    assert not (scratch.root / "dossier.db").exists()


@pytest.mark.parametrize("path", pages(), ids=page_name)
@pytest.mark.slow
def test_every_example_of_the_page_runs(scratch: Scratch, path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    scratch.enter(page_name(path), monkeypatch)
    _run_page(scratch, path, "en")
    zh = path.with_name(path.name.replace(".md", ".zh.md"))
    if zh.is_file():  # the Chinese page's outputs, in Chinese (its commands are the English page's), in a folder of its own
        scratch.enter(page_name(zh), monkeypatch)
        _run_page(scratch, zh, "zh-Hans", shown_only=True)


def _run_page(scratch: Scratch, path: Path, lang: str, shown_only: bool = False) -> None:
    for example in examples(path.read_text("utf-8"), page_name(path)):
        words = shlex.split(example.command, comments=True)
        if unmet(example.needs) or words[0] == "make" or (shown_only and example.output is None):
            continue
        code, out, err = scratch.run(example, lang)
        assert code == example.exit_code, f"{example}: exit {code}\n{out[-2000:]}\n{err[-2000:]}"
        assert "Traceback" not in err, f"{example}:\n{err[-3000:]}"
        if example.output is not None:
            assert matches(example.output, out), f"{example}: printed\n{out}\nthe doc shows\n" + "\n".join(
                example.output
            )
