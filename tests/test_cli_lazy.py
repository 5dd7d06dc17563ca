"""The lazy top level: ``dossier --help`` lists the commands of the other CLI modules from a table
(``LAZY_COMMANDS`` in toolkit/cli/app.py) without importing them; a command's modules are imported
when it is run.

The reference is the CLI as it was before: every module that defines ``register(app)`` registered
at once on a plain group. The table must name the same commands, in the same order, with the same
line of help, and every listing, help page and error must read as the reference's does.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import re
import subprocess
import sys
from typing import Any

import pytest
import typer
import typer.main
from typer.core import TyperCommand, TyperGroup
from typer.testing import CliRunner

import toolkit.cli
from toolkit.cli import app
from toolkit.cli.app import APP_SETTINGS, LAZY_COMMANDS, DossierGroup, load_command, with_group_lang

from .conftest import ROOT
from .test_cli_help_lang import section

# What `dossier --help` must not import: the command modules, the record models, the parser, the database (the
# message catalogs' entry point, toolkit.i18n, is light: a catalog is read only when a message is asked for, from
# the user's cache, toolkit.cachedir).
HEAVY = re.compile(
    r"toolkit\.cli\.(?!app$|_)\w+|toolkit\.(?!cli\b|errors$|paths$|i18n$|i18n\.words$|cachedir$)[\w.]+|validators\b.*"
    r"|pydantic\b.*|lark\b.*|sqlalchemy\b.*|sqlmodel\b.*|reportlab\b.*|PIL\b.*|rich\b.*"
)


def command_modules() -> list[str]:
    """The modules of toolkit/cli/ that define ``register(app)``, found as the eager CLI found them."""
    found = []
    for module in sorted(pkgutil.iter_modules(toolkit.cli.__path__), key=lambda m: m.name):
        if module.name == "app" or module.name.startswith("_"):
            continue
        if callable(getattr(importlib.import_module(f"toolkit.cli.{module.name}"), "register", None)):
            found.append(module.name)
    return found


class _EagerGroup(TyperGroup):
    """A plain TyperGroup whose groups take ``--lang`` before their command, as the lazy CLI gives them
    (:func:`toolkit.cli.app.with_group_lang`)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        with_group_lang(self)


def eager_app() -> typer.Typer:
    """``app`` with every module registered at import, on a plain TyperGroup: the CLI before it was lazy."""
    eager = typer.Typer(**{**APP_SETTINGS, "cls": _EagerGroup})
    eager.registered_commands.extend(app.registered_commands)
    eager.registered_callback = app.registered_callback  # the group's own options (--version)
    for name in command_modules():
        importlib.import_module(f"toolkit.cli.{name}").register(eager)
    return eager


@pytest.fixture(scope="module")
def eager() -> typer.Typer:
    return eager_app()


def invoke(target: typer.Typer, args: list[str], columns: int = 80) -> tuple[int, str, str]:
    result = CliRunner().invoke(target, args, env={"COLUMNS": str(columns)})
    return result.exit_code, result.stdout, result.stderr


# (1) The table is what registering every module gives.


def test_the_table_names_the_modules_that_register_commands() -> None:
    assert {module for modules, _ in LAZY_COMMANDS.values() for module in modules} == set(command_modules())


def test_the_table_is_what_the_modules_register(eager: typer.Typer) -> None:
    reference = typer.main.get_group(eager)
    lazy = typer.main.get_group(app)
    assert isinstance(lazy, DossierGroup)
    assert lazy.list_commands(typer.Context(lazy)) == reference.list_commands(typer.Context(reference))
    assert set(lazy.commands) | set(LAZY_COMMANDS) == set(reference.commands)
    assert not set(lazy.commands) & set(LAZY_COMMANDS)
    for name, (_, line) in LAZY_COMMANDS.items():
        real = reference.commands[name]
        assert not real.hidden and not real.deprecated, name
        stand_in = TyperCommand(name, help=line)
        for limit in range(10, 200):  # the line as `dossier --help` shortens it, at every terminal width
            assert stand_in.get_short_help_str(limit) == real.get_short_help_str(limit), (name, limit)
        # the table's modules alone register the command
        loaded = load_command(name)
        assert loaded is not None and type(loaded) is type(real), name
        assert loaded.help == real.help, name


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "en-XA"])
def test_the_table_line_begins_the_command_s_help_in_every_language(lang: str) -> None:
    """A line of the table is the same message as the first paragraph of the command's help, so the
    listing of ``dossier --help`` reads as the command's own help begins in every language."""
    from toolkit import i18n
    from toolkit.cli._help import translate

    with i18n.use_lang(lang):
        for name, (_, line) in LAZY_COMMANDS.items():
            stand_in = translate(TyperCommand(name, help=line))
            real = load_command(name)
            assert real is not None and real.help is not None
            assert real.help.split("\n\n")[0] == stand_in.help, (lang, name)
            for limit in range(10, 200):
                assert stand_in.get_short_help_str(limit) == real.get_short_help_str(limit), (lang, name, limit)


@pytest.mark.parametrize("columns", [40, 80, 120, 300])
@pytest.mark.slow
def test_the_listing_reads_as_before(eager: typer.Typer, columns: int) -> None:
    for args in (["--help"], ["-h"], []):
        assert invoke(app, args, columns) == invoke(eager, args, columns), args


@pytest.mark.parametrize("name", list(LAZY_COMMANDS))
@pytest.mark.slow
def test_each_help_page_reads_as_before(eager: typer.Typer, name: str) -> None:
    assert invoke(app, [name, "--help"]) == invoke(eager, [name, "--help"])


# (2) `dossier --help` imports none of the command modules.


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_help_imports_no_command_module(lang: str) -> None:
    # in zh-Hans the listing comes from the catalog; the language is read off the command line and the
    # environment without toolkit.config (no settings file here)
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "from toolkit.cli import main; main()", "--help"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        env={**os.environ, "DOSSIER_LANG": lang},
    )
    assert done.returncode == 0, done.stderr
    listing = section(done.stdout, "Commands")
    listed = {line.split()[0] for line in listing.splitlines() if not line.startswith("   ")}
    assert listed == {*LAZY_COMMANDS, "lint", "fmt", "schema"}
    imported = {line.rsplit("|", 1)[1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert "toolkit.cli.app" in imported
    heavy = sorted(name for name in imported if HEAVY.fullmatch(name))
    assert not heavy, f"dossier --help imported {heavy}"


def test_the_entry_point_lists_every_command() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "from toolkit.cli import main; main()", "deck", "--help"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "Usage: " in done.stdout and "  validate " in done.stdout


# (3) Lazy commands and their subcommands run, and run again.


def test_a_lazy_command_runs_twice_in_one_process() -> None:
    outputs = [invoke(app, ["text", "parse", "你抽 2 张牌。"]) for _ in range(2)]
    assert outputs[0][0] == 0, outputs[0]
    assert outputs[0] == outputs[1]
    assert "2" in outputs[0][1]


def test_lazy_commands_sharing_a_module() -> None:
    for name in ("deck", "draft", "print", "fonts", "search", "show"):
        code, out, _ = invoke(app, [name, "--help"])
        assert code == 0 and out.startswith(f"Usage: dossier {name} "), (name, out)
    assert load_command("deck") is load_command("deck")
    code, out, _ = invoke(app, ["deck", "validate", "--help"])
    assert code == 0 and "Usage: dossier deck validate" in out


def test_registering_again_adds_nothing() -> None:
    from toolkit.cli.coverage import coverage
    from toolkit.cli.text import text_app

    eager_app()
    eager_app()
    assert [info.callback for info in text_app.registered_commands].count(coverage) == 1
    code, out, _ = invoke(app, ["text", "--help"])
    assert code == 0 and out.count("  coverage ") == 1


# (4) A mistyped command: one line, exit 2, with suggestions from every command.


@pytest.mark.parametrize("args", [["lnt"], ["serch"], ["dek"], ["tex"], ["nothing"], ["deck", "nope"], ["--nope"]])
def test_unknown_command(eager: typer.Typer, args: list[str]) -> None:
    lazy: Any = invoke(app, args)
    assert lazy[0] == 2
    before = invoke(eager, args)  # (typer's own error: the same names suggested)
    assert before[0] == 2
    said = before[2].split("Error:", 1)[1]
    assert re.findall(r"'[^']*'", lazy[2]) == re.findall(r"'[^']*'", said)
    assert len(lazy[2].strip().splitlines()) == 1, lazy[2]
    if args == ["serch"]:
        assert "'serch'" in lazy[2] and "'search'" in lazy[2] and "'serve'" in lazy[2]
