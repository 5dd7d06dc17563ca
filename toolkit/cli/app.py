"""The typer application and the data commands: lint, fmt, schema."""

from __future__ import annotations

import ast
import contextlib
import importlib
import math
import os
import re
import shlex
import sys
from collections import Counter
from difflib import get_close_matches
from enum import StrEnum
from gettext import gettext
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
import typer.main

try:  # newer typer carries its own copy of click, which typer.core's classes are built on
    from typer._click.exceptions import (
        BadOptionUsage,
        BadParameter,
        MissingParameter,
        NoArgsIsHelpError,
        NoSuchOption,
        UsageError,
    )
except ImportError:  # pragma: no cover - older typer stands on the click package
    from click.exceptions import (  # type: ignore[no-redef,assignment,import-not-found,unused-ignore]
        BadOptionUsage,
        BadParameter,
        MissingParameter,
        NoArgsIsHelpError,
        NoSuchOption,
        UsageError,
    )
from typer.core import TyperCommand, TyperGroup

from toolkit.cli._help import command_line_lang, help_text, translate
from toolkit.cli._lang import LangOption, lang_help
from toolkit.cli._options import check_paths, pool_help
from toolkit.errors import DossierError
from toolkit.i18n.words import N_
from toolkit.paths import CARDS_DIR, SCHEMA_DIR

if TYPE_CHECKING:
    from typer._click import Command, Context, HelpFormatter

    from toolkit.catalog import WalkProblem
    from validators.findings import Finding
    from validators.lint import LintResult

# The top-level commands that other modules of toolkit/cli/ add with their ``register(app)``, in the
# order ``dossier --help`` lists them: name -> (the modules whose register() adds it, its line in
# that listing). ``dossier --help`` reads this table instead of importing the modules; a command's
# modules are imported when the command is run (or its own --help asked for). tests/test_cli_lazy.py
# registers every module eagerly and checks the table against what it finds. Each line is the English
# message that begins the command's own help (the same message, so the same translation in every language),
# shown in the current language (toolkit.cli._help).
LAZY_COMMANDS: dict[str, tuple[tuple[str, ...], str]] = {
    "draft": (
        ("deck",),
        N_("The tactics draft for two players: picks from the keyboard or a script file."),
    ),
    "examples": (
        ("examples",),
        N_(
            "Copy the bundled example decks, tables, scenarios, card sheet and card layout templates (and the cards, "
            "with --with-cards) into a folder of yours, where the documentation's commands run."
        ),
    ),
    "play": (
        ("play",),
        N_("Play a whole Netrunner game (either side) or tactics game (one seat) from the terminal against the "
           "machine's player."),  # fmt: skip
    ),
    "search": (("search",), N_("Find records with a NetrunnerDB-style query.")),
    "show": (
        ("search",),
        N_("Print one record in full, its ability text rendered in --lang (--bilingual: both languages)."),
    ),
    "serve": (
        ("serve",),
        N_("Serve the web app: card browser, deck builder, card editor, print, crossfire moderator."),
    ),
    "print": (
        ("sheets",),
        N_("Print cards: PDF sheets with crop marks and duplex backs, PNG per card, Tabletop Simulator sheets."),
    ),
    "simulate": (
        ("simulate",),
        N_(
            "Play a game with the decks (tactics 2 to 4, netrunner a corp and a runner) until it ends or --turns "
            "runs out; an illegal deck is refused with its findings; same seed, same log."
        ),
    ),
    "balance": (
        ("balance",),
        N_(
            "The balance lab: thousands of seeded games per card set played in parallel, win rates with 95% "
            "intervals, outliers, runs kept in the card database and compared."
        ),
    ),
    "crossfire": (
        ("crossfire",),
        help_text(  # the game's name in the help's language only (Chinese: 谍战特工), as the command's own help
            N_(
                "Crossfire: deal the roles (on one screen, one player at a time, or as printed slips), "
                "resolve a table after the shooting, score several rounds, simulate win rates."
            ),
        ),
    ),
    "db": (("db",), N_("The card database (SQLite by default, PostgreSQL for shared servers).")),
    "deck": (("deck",), N_("Build, validate, inspect and convert decks.")),
    "import": (("importer",), N_("Import other tools' card data.")),
    "export": (("importer",), N_("Export records to other tools' formats.")),
    "map": (("map",), N_("Show, draw and measure tactics maps; write a game's replay.")),
    "scenario": (
        ("scenario",),
        N_("Netrunner positions and the decisions taken from them (schema/scenario.schema.json)."),
    ),
    "fonts": (
        ("sheets",),
        N_(
            "Dossier Sans SC, the print font (a subset of Noto Sans CJK SC and Noto Sans): check the card data "
            "against it, or build your own with every character of your card pool."
        ),
    ),
    "text": (
        ("text", "coverage"),
        N_("The ability language: parse card text, render it (zh-Hans, English), format card files."),
    ),
}


class DossierGroup(TyperGroup):
    """The ``dossier`` group. Turns a DossierError raised by any command into one line on stderr and
    its exit code.

    An :class:`OSError` that a command did not word itself (a path too long for the file
    system, a disk that fails mid-read) is an I/O error too: one line naming the file, exit 2.

    The commands of :data:`LAZY_COMMANDS` are not in ``self.commands``: they are listed from the
    table and loaded by :meth:`get_command` when asked for, so ``dossier --help`` imports none of them.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # TyperGroup suggests a name for a mistyped command from self.commands alone (the eager
        # commands); resolve_command suggests from every command instead.
        self.suggest_any, self.suggest_commands = self.suggest_commands, False

    def list_commands(self, ctx: Context) -> list[str]:
        names = super().list_commands(ctx)
        return names + [name for name in LAZY_COMMANDS if name not in self.commands]

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is None and cmd_name in LAZY_COMMANDS:
            command = load_command(cmd_name)
        return command

    def format_commands(self, ctx: Context, formatter: HelpFormatter) -> None:
        """TyperGroup's listing, with a lazy command's line taken from the table (not imported)."""
        listed: list[tuple[str, Command]] = []
        for name in self.list_commands(ctx):
            command = self.commands.get(name)
            if command is None and name in LAZY_COMMANDS:  # a stand-in with the same help
                command = translate(TyperCommand(name, help=LAZY_COMMANDS[name][1]))
            if command is not None and not command.hidden:
                listed.append((name, command))
        if listed:
            limit = formatter.width - 6 - max(len(name) for name, _ in listed)
            with formatter.section(gettext("Commands")):
                formatter.write_dl([(name, command.get_short_help_str(limit)) for name, command in listed])

    def resolve_command(self, ctx: Context, args: list[str]) -> tuple[str | None, Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except UsageError as exc:
            if args and not args[0].startswith("-"):  # (an unknown option is worded by usage_line)
                from toolkit.i18n import tr

                reason = _no_command(args[0], self.list_commands(ctx) if self.suggest_any else [])
                exc.message = tr("{command}: {reason}", command=ctx.command_path, reason=reason)
                exc.worded = True  # type: ignore[attr-defined]
            raise

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        """The context of the command line; ``dossier --help | head`` ends as quietly as a command does, and
        a usage error of ``dossier`` itself (an unknown option) is one line (:func:`usage_line`)."""
        try:
            return super().make_context(*args, **kwargs)
        except BrokenPipeError:
            _drop_output()
            raise typer.Exit(BROKEN_PIPE_EXIT) from None
        except UsageError as exc:
            if isinstance(exc, NoArgsIsHelpError):
                raise
            typer.echo(error_line(usage_line(exc)), err=True)
            raise typer.Exit(exc.exit_code) from None

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """Run the command line: its language is made current before anything is parsed (a --help page or a
        usage error may come first), and the help of this group and of its eager commands put in it (the
        lazy ones are put in it when loaded)."""
        safe_output_streams()
        words = kwargs.get("args", args[0] if args else None)
        command_line_lang(list(sys.argv[1:] if words is None else words))
        check_paths(translate(self))
        return super().main(*args, **kwargs)

    def invoke(self, ctx: typer.Context) -> Any:  # type: ignore[override]
        """Run the command, in the language of a ``--lang`` given before it (``dossier --lang en lint``): that
        language is ``DOSSIER_LANG`` while the command runs (a --lang after the command still wins)."""
        lang = ctx.meta.get(_LANG_BEFORE)
        if lang is None:
            return self._invoke(ctx)
        saved = os.environ.get("DOSSIER_LANG")
        os.environ["DOSSIER_LANG"] = lang
        try:
            return self._invoke(ctx)
        finally:  # (the environment as it was: an in-process run, a test, does not leak it)
            if saved is None:
                os.environ.pop("DOSSIER_LANG", None)
            else:
                os.environ["DOSSIER_LANG"] = saved

    def _invoke(self, ctx: typer.Context) -> Any:
        words = [*getattr(ctx, "_protected_args", ()), *ctx.args]
        try:
            _configured_lang(words)
            try:
                result = super().invoke(ctx)
            except typer.Exit:
                sys.stdout.flush()  # the output still buffered: a reader gone is found here, not at exit
                raise
            sys.stdout.flush()
            return result
        except BadParameter as exc:
            line = usage_line(exc) if isinstance(exc, MissingParameter) else bad_value_line(exc, words)
            typer.echo(error_line(line), err=True)
            raise typer.Exit(2) from None
        except UsageError as exc:
            if isinstance(exc, NoArgsIsHelpError):
                raise
            typer.echo(error_line(usage_line(exc, _command_path(ctx, words))), err=True)
            raise typer.Exit(exc.exit_code) from None
        except DossierError as exc:
            if _reader_gone(exc):  # a command that words an OSError as its own error: the reader went away
                _drop_output()
                raise typer.Exit(BROKEN_PIPE_EXIT) from None
            typer.echo(error_line(exc.message), err=True)
            raise typer.Exit(exc.exit_code) from None
        except BrokenPipeError:
            # the reader went away (``dossier search … | head``): end quietly, as a Unix tool that
            # SIGPIPE ends does (status 128 + 13), not with an error line
            _drop_output()
            raise typer.Exit(BROKEN_PIPE_EXIT) from None
        except OSError as exc:
            if _reader_gone(exc):
                _drop_output()
                raise typer.Exit(BROKEN_PIPE_EXIT) from None
            typer.echo(error_line(os_error_line(exc)), err=True)
            raise typer.Exit(2) from None


def _reader_gone(exc: BaseException) -> bool:
    """Whether ``exc`` is (or was raised while handling) a write to a pipe whose reader has gone (EPIPE),
    such an error ends quietly with :data:`BROKEN_PIPE_EXIT`, not an error line."""
    import errno

    from toolkit.errors import in_chain

    return in_chain(exc, lambda e: isinstance(e, BrokenPipeError) or (isinstance(e, OSError) and e.errno == errno.EPIPE))


BROKEN_PIPE_EXIT = 141
"""The exit status when stdout's reader has gone: a shell's for a command that SIGPIPE ended (128 + 13)."""


def _drop_output() -> None:
    """After a broken pipe, point the process's stdout and stderr at the null device, so that the output
    still buffered is dropped at exit instead of failing again there ("Exception ignored … BrokenPipeError").
    Only the process's own streams: a test's captured streams are left alone."""
    for stream, real in ((sys.stdout, sys.__stdout__), (sys.stderr, sys.__stderr__)):
        if stream is not real or stream is None:
            continue
        with contextlib.suppress(OSError, ValueError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, stream.fileno())
            os.close(devnull)


def bad_value_line(exc: BadParameter, words: list[str]) -> str:
    """An option's bad value (click's BadParameter: not a number, out of its range, not one of its choices) in one
    line in the current language, as the commands word their own checks: ``--seat 3: a whole number from 1 to 2``,
    ``--seed 'abc': not a whole number``, ``--format 'xml': choose one of text, json``. ``words``: the command line
    after ``dossier``, where the value is found. What else click refuses keeps its own words, after the option."""
    from toolkit.i18n import tr

    param = exc.param
    if param is None:
        return exc.format_message()
    name = max(param.opts, key=len) if param.opts else param.human_readable_name
    kind = param.type
    given = _bad_raw(param, words)
    raw = given
    if raw is not None and len(raw) > 40:  # (a hostile value of thousands of digits is not said back whole)
        raw = raw[:24] + "…" + raw[-8:]
    said = repr(raw) if raw is not None else None
    number = getattr(kind, "_number_class", None)
    if number in (int, float) and given is not None:
        digits = given.strip().removeprefix("-").removeprefix("+")
        try:
            number(given)
        except ValueError:
            if number is int and digits.isascii() and digits.isdigit():  # (more digits than Python reads)
                pass  # a whole number out of every range: said as its range below
            elif number is int:
                return tr("{option} {value}: not a whole number", option=name, value=said)
            else:
                return tr("{option} {value}: not a number", option=name, value=said)
        low, high = getattr(kind, "min", None), getattr(kind, "max", None)
        if number is int and low is not None and high is not None:
            return tr("{option} {value}: a whole number from {low} to {high}", option=name, value=raw, low=low,
                      high=high)  # fmt: skip
        if number is int and low is not None:
            return tr("{option} {value}: a whole number from {low} up", option=name, value=raw, low=low)
        if number is int and high is not None:
            return tr("{option} {value}: a whole number of at most {high}", option=name, value=raw, high=high)
        if low is not None and high is not None:
            return tr("{option} {value}: a number from {low} to {high}", option=name, value=raw, low=low, high=high)
        if low is not None:
            return tr("{option} {value}: a number from {low} up", option=name, value=raw, low=low)
        if high is not None:
            return tr("{option} {value}: a number of at most {high}", option=name, value=raw, high=high)
        if number is int and digits.isascii() and digits.isdigit():
            return tr("{option} {value}: too large a number", option=name, value=raw)
    choices = getattr(kind, "choices", None)
    if choices and raw is not None:
        shown = [str(getattr(c, "value", c)) for c in choices]
        return tr("{option} {value}: choose one of {choices}", option=name, value=said, choices=tr(", ").join(shown))
    return tr("{option}: {reason}", option=name, reason=exc.message)


_EXTRA = "Got unexpected extra argument(s) ("  # (click's words for what a command does not take)
# click's words for a word that names no command of a group, with typer's suggestion after them when it has one
_UNKNOWN_COMMAND = re.compile(
    r"No such command ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")\.(?: Did you mean .*\?)?", re.S
)


def _unquoted(name: str) -> str:
    """A name click quoted with ``repr`` as it was typed."""
    try:
        value = ast.literal_eval(name)
    except (ValueError, SyntaxError):
        return name[1:-1]
    return value if isinstance(value, str) else name[1:-1]


def _no_command(name: str, commands: list[str]) -> str:
    """Why ``name`` names no command of a group whose commands are ``commands``, in the current language: ``no
    command 'lnt'; did you mean 'lint'?`` with the commands closest to it, else ``no command 'x'`` (every group,
    dossier's and its groups' alike: ``dossier deck valdate``)."""
    from toolkit.i18n import tr

    matches = get_close_matches(name, commands)
    if matches:
        return tr("no command {name}; did you mean {names}?", name=repr(name), names=tr(", ").join(map(repr, matches)))
    return tr("no command {name}", name=repr(name))


def _options_near(exc: NoSuchOption) -> list[str]:
    """The long options of the command closest to the unknown long option of ``exc``, each compared without its
    leading dashes: click compares them whole, so the ``--`` every one shares makes ``--bogus`` like ``--jobs``.
    Click's own suggestions for what else (no command known: none, as click finds none for a short option)."""
    name = exc.option_name
    command = exc.ctx.command if exc.ctx is not None else None
    if command is None or not name.startswith("--"):
        return sorted(exc.possibilities or ())
    assert exc.ctx is not None
    options = {
        option[2:]: option
        for param in command.get_params(exc.ctx)
        for option in (*param.opts, *param.secondary_opts)
        if option.startswith("--")
    }
    return sorted(options[near] for near in get_close_matches(name[2:], list(options)))


def usage_line(exc: UsageError, command: str | None = None) -> str:
    """A usage error click raised (an unknown option or command, a missing argument, an option without its
    value, words left over) in one line in the current language, naming the command: ``dossier deck validate:
    no such option --limit; did you mean --banlist?``. ``command``: the command the words on the command line
    name, for an error raised without its context. What click words otherwise keeps click's words."""
    from toolkit.i18n import tr

    if getattr(exc, "worded", False):  # (worded where it was raised: resolve_command)
        return exc.message
    command = exc.ctx.command_path if exc.ctx is not None else command or "dossier"
    message = exc.message
    if isinstance(exc, NoSuchOption):
        possibilities = _options_near(exc)
        if possibilities:
            reason = tr("no such option {option}; did you mean {options}?", option=exc.option_name,
                        options=tr(", ").join(possibilities))  # fmt: skip
        else:
            reason = tr("no such option {option}", option=exc.option_name)
    elif isinstance(exc, MissingParameter):
        param = exc.param
        if param is not None and param.param_type_name == "option":
            reason = tr("{option} is required", option=max(param.opts, key=len))
        else:
            # as its usage and help name it: its metavar (FROM), else its name, in capitals (MAP)
            name = (param.metavar or (param.name or "").upper()) if param is not None else ""
            reason = tr("{argument} is missing (see {command} --help)", argument=name, command=command)
    elif isinstance(exc, BadOptionUsage) and message.endswith("requires an argument."):
        reason = tr("{option} needs a value", option=exc.option_name)
    elif isinstance(exc, BadOptionUsage) and message.endswith("does not take a value."):
        reason = tr("{option} takes no value", option=exc.option_name)
    elif message.startswith(_EXTRA) and message.endswith(")"):
        reason = tr("words it does not take: {words}", words=message[len(_EXTRA) : -1])
    elif message == "Missing command.":  # (options of dossier without a command: dossier --lang en)
        reason = tr("no command given (see {command} --help)", command=command)
    elif _UNKNOWN_COMMAND.match(message):  # a group's but dossier's (deck, crossfire): click's words, its suggestion
        name = _UNKNOWN_COMMAND.match(message).group(1)  # type: ignore[union-attr]
        listed = getattr(exc.ctx.command, "list_commands", None) if exc.ctx is not None else None
        reason = _no_command(_unquoted(name), list(listed(exc.ctx)) if listed is not None else [])
    else:
        reason = exc.format_message()
    return tr("{command}: {reason}", command=command, reason=reason)


def _command_path(ctx: Any, words: list[str]) -> str:
    """The command the leading ``words`` of the command line name (``dossier deck validate``), as far as they
    name commands."""
    path, command = [ctx.command_path], ctx.command
    for word in words:
        get = getattr(command, "get_command", None)
        found = get(ctx, word) if get is not None and not word.startswith("-") else None
        if found is None:
            break
        path.append(word)
        command = found
    return " ".join(path)


def _bad_raw(param: Any, words: list[str]) -> str | None:
    """The value given on the command line ``words`` to the option ``param`` that its type refuses (the first such,
    for an option given more than once), else the last given; None when it is not found (an argument, say)."""
    given: list[str] = []
    opts = [*param.opts, *getattr(param, "secondary_opts", ())]
    for index, word in enumerate(words):
        if word == "--":
            break
        for opt in opts:
            if word == opt and index + 1 < len(words):
                given.append(words[index + 1])
            elif opt.startswith("--") and word.startswith(opt + "="):
                given.append(word[len(opt) + 1 :])
            elif not opt.startswith("--") and word.startswith(opt) and len(word) > len(opt):
                given.append(word[len(opt) :])
    for raw in given:
        try:
            param.type.convert(raw, param, None)
        except Exception:  # noqa: BLE001 - any refusal of the type: this is the value refused
            return raw
    return given[-1] if given else None


def error_line(message: str) -> str:
    """``dossier: error: MESSAGE``, the line an error is told in, in the current language."""
    from toolkit.i18n import tr

    # TRANSLATORS: the line an error is told in on stderr; {program} is "dossier"
    return tr("{program}: error: {message}", program="dossier", message=message)


def _configured_lang(args: list[str] | None = None) -> None:
    """Make the language of the command line current before a command runs: its ``--lang`` when ``args`` (the
    words after ``dossier``) give a valid one, else the configured language (DOSSIER_LANG, the settings files),
    so that an error raised before the command reads its options (a bad option value, a settings file) and a
    command without ``--lang`` speak it too. A bad ``--lang`` or a broken settings file is the command's to
    report."""
    from toolkit.config import output_lang
    from toolkit.i18n import asked, set_lang

    lang = asked(_lang_arg(args or []))  # (a regional tag too: en-US, en_GB)
    if lang is not None:
        set_lang(lang)
        return
    with contextlib.suppress(DossierError):
        output_lang(None)


def _lang_arg(args: list[str]) -> str | None:
    """The value of the last ``--lang X`` / ``--lang=X`` among ``args`` (before a ``--``), if any."""
    found = None
    for index, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and index + 1 < len(args):
            found = args[index + 1]
        elif arg.startswith("--lang="):
            found = arg.removeprefix("--lang=")
    return found


def _undecodable(exc: UnicodeError) -> tuple[str | bytes, int]:
    """Encoding error handler for output: a file name's undecodable byte (``\udcff`` after
    ``surrogateescape``) is written back as that byte, any other lone surrogate as ``\ud800``."""
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    out = bytearray()
    for char in exc.object[exc.start : exc.end]:
        code = ord(char)
        out += bytes([code - 0xDC00]) if 0xDC80 <= code <= 0xDCFF else char.encode("ascii", "backslashreplace")
    return bytes(out), exc.end


def safe_output_streams() -> None:
    """Let stdout and stderr write any string: a path with bytes that are not UTF-8 (``lint`` of a
    directory holding ``b'x\xff.json'``) raised UnicodeEncodeError under a UTF-8 locale."""
    import codecs

    codecs.register_error("dossier-undecodable", _undecodable)
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and getattr(stream, "errors", None) == "strict":
            with contextlib.suppress(Exception):
                reconfigure(errors="dossier-undecodable")


def os_error_line(exc: OSError) -> str:
    """``FILE: reason`` in one line for an OSError (the file name shortened and escaped if need be), worded in
    the current language (the reason of a known errno too: :func:`toolkit.errors.os_reason`)."""
    from toolkit.errors import os_reason, shown_path
    from toolkit.i18n import tr

    reason = os_reason(exc)
    name = exc.filename
    if name is None:
        return tr("operating system error: {reason}", reason=reason)
    return tr("{path}: {reason}", path=shown_path(name), reason=reason)


# The help texts of the commands are English messages, put in the language of the command line when a run
# begins (toolkit.cli._help: DossierGroup.main, load_command). Typer's own words (Usage:, Options,
# Show this message and exit., [default: …]) and click's usage errors stay in English: typer is not patched; but an
# option's bad value (not a number, out of range, not a choice) is one line in the language (bad_value_line).
APP_SETTINGS: dict[str, Any] = {
    "cls": DossierGroup,
    "name": "dossier",
    "help": N_("Card database, deck builder, linter and interpreter for three agent-themed card games."),
    "epilog": lang_help(
        N_(
            "The card pool every command reads: --cards DIR (repeatable); else $DOSSIER_CARDS (directories "
            "separated by ':'); else cards = [\"DIR\", ...] in dossier.toml in this directory or a parent; else in "
            "$XDG_CONFIG_HOME/dossier/config.toml (~/.config/dossier/config.toml); else cards/ in the working "
            "directory, when there is one; else the bundled cards/. "
            'Paths in a file are relative to it. lang = "en" or "zh-Hans" there sets the language of {scope} '
            "(--lang overrides)."
        )
    ),
    "no_args_is_help": True,
    "add_completion": False,
    "rich_markup_mode": None,
    "pretty_exceptions_enable": False,
    "context_settings": {"help_option_names": ["-h", "--help"]},
}
app = typer.Typer(**APP_SETTINGS)


def version_text() -> str:
    """``dossier 0.1.0``: the version of the installed distribution (its metadata: an editable install has it
    too), read only when asked for, so start-up does not pay for importlib.metadata."""
    from importlib.metadata import PackageNotFoundError, version

    from toolkit.i18n import tr

    try:
        number = version("dossier")
    except PackageNotFoundError:  # run from a source tree that was never installed
        number = tr("(not installed)")
    return f"dossier {number}"


def _print_version(value: bool) -> None:
    if value:
        typer.echo(version_text())
        raise typer.Exit(0)


_LANG_BEFORE = "dossier.lang"
"""The key in the context's ``meta`` of the language a ``--lang`` before the command gives (DossierGroup.invoke)."""


def _lang_before_command(ctx: typer.Context, value: str | None) -> None:
    """``dossier --lang X COMMAND``: X checked as a command's --lang is (a bad one is one line, exit 2), and kept
    for :meth:`DossierGroup.invoke`, which makes it the command's DOSSIER_LANG."""
    if value is None:
        return
    try:
        ctx.meta[_LANG_BEFORE] = _lang_tag(value)
    except DossierError as exc:
        error = UsageError(exc.message, ctx)
        error.worded = True  # type: ignore[attr-defined]
        raise error from None


def _lang_tag(value: str) -> str:
    """``value`` checked as a command's --lang is (:class:`DossierError` if bad), as the tag DOSSIER_LANG is given
    for the command: the output language, or the pseudo-locale itself (``en-XA``: English output, its messages
    pseudo-translated), which the output language alone would lose."""
    from toolkit.config import output_lang
    from toolkit.i18n import PSEUDO, pseudo_active

    language = output_lang(value)
    return PSEUDO if pseudo_active() else language


LANG_BEFORE_HELP = lang_help(
    N_(
        "The language of the command ({langs}: its output, messages and help), as DOSSIER_LANG sets it; a --lang "
        "after the command wins."
    )
)


def _lang_of_group(ctx: typer.Context, _param: Any, value: str | None) -> None:
    """``dossier GROUP --lang X COMMAND`` (and ``dossier GROUP --help --lang X``): X checked as a command's --lang
    is (a bad one is one line, exit 2) and made ``DOSSIER_LANG`` while the command runs, as ``dossier --lang X``
    does; the command's own --lang wins. (Help pages are already in X: :func:`command_line_lang` reads the whole
    command line first.)"""
    if value is None:
        return
    from toolkit.config import ENV_LANG

    try:
        language = _lang_tag(value)
    except DossierError as exc:
        error = UsageError(exc.message, ctx)
        error.worded = True  # type: ignore[attr-defined]
        raise error from None
    saved = os.environ.get(ENV_LANG)
    os.environ[ENV_LANG] = language

    def restore() -> None:  # (an in-process run, a test, does not keep it)
        if saved is None:
            os.environ.pop(ENV_LANG, None)
        else:
            os.environ[ENV_LANG] = saved

    ctx.call_on_close(restore)


def with_group_lang(command: Any) -> Any:
    """Every group below ``command`` given a ``--lang`` of its own (:func:`_lang_of_group`), so that
    ``dossier deck --lang en validate …`` and ``dossier deck --help --lang en`` work as ``dossier --lang en deck …``
    does; returns ``command``."""
    from toolkit.cli._help import commands_below

    for item in commands_below(command):
        if item is command or not isinstance(getattr(item, "commands", None), dict):
            continue  # (``command`` itself is the holder of the top-level commands, or ``dossier``)
        if not any(getattr(param, "name", None) == "lang" for param in item.params):
            item.params.append(
                typer.core.TyperOption(param_decls=["--lang"], callback=_lang_of_group, expose_value=False,
                                       is_eager=True, help=LANG_BEFORE_HELP)  # fmt: skip
            )
    return command


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            "-V",
            callback=_print_version,
            is_eager=True,
            expose_value=False,
            help=N_("Print the version of dossier and exit."),
        ),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            callback=_lang_before_command,
            expose_value=False,
            show_default=False,
            help=LANG_BEFORE_HELP,
        ),
    ] = None,
) -> None:
    """The options of ``dossier`` itself, before a command (the help of the group is in APP_SETTINGS)."""

_holders: dict[tuple[str, ...], typer.Typer] = {}
_loaded: dict[tuple[tuple[str, ...], str], TyperGroup] = {}


def load_command(name: str) -> Command | None:
    """The click command of the lazy top-level command ``name``: its modules' ``register()`` run on a
    Typer with the settings of ``app`` (those that reach the commands: markup mode, exception display,
    suggestions), converted as typer converts ``app``, its help in the current language. Once per process
    for each set of modules, so a module's register() runs once however often the app is invoked; converted
    once per language."""
    from toolkit.i18n import current_lang, pseudo_active

    modules = LAZY_COMMANDS[name][0]
    holder = _holders.get(modules)
    if holder is None:
        holder = typer.Typer(**{**APP_SETTINGS, "cls": TyperGroup})  # only its commands are used
        for module in modules:
            importlib.import_module(f"toolkit.cli.{module}").register(holder)
        _holders[modules] = holder
    key = (modules, "en-XA" if pseudo_active() else current_lang())
    group = _loaded.get(key)
    if group is None:
        group = _loaded[key] = check_paths(translate(with_group_lang(typer.main.get_group(holder))))
    return group.commands.get(name)


class OutputFormat(StrEnum):
    text = "text"
    json = "json"


FormatOption = Annotated[OutputFormat, typer.Option("--format", "-f", help=N_("text (compiler style) or json."))]
PathsArgument = Annotated[
    list[Path] | None,
    typer.Argument(
        help=pool_help(N_("Files or directories (default: the card pool: {pool}).")),
        show_default=False,
    ),
]


LintPathsArgument = Annotated[
    list[Path] | None,
    typer.Argument(
        help=pool_help(N_("Files or directories (default: the card pool: --cards, else {pool}).")),
        show_default=False,
    ),
]


def default_paths(paths: list[Path] | None) -> list[Path]:
    """The paths given; else the card pool every command reads (toolkit.config.card_pool: the configured one; else
    cards/ here, else the bundled cards/)."""
    from toolkit.config import card_pool

    return paths or card_pool(None, default=[CARDS_DIR]).paths


def emit_findings(findings: list[Finding], out: Any = None) -> None:
    from toolkit.findings import finding_line

    out = out or sys.stdout
    for finding in findings:
        print(finding_line(finding), file=out)


@app.command(
    help=help_text(
        N_("Check card data: JSON, schema, model, ids, names, references, formatting."),
        N_(
            "Findings and the summary are worded in the --lang language; codes, pointers, positions and the keys "
            "of --format json are the same in every language. Exit 0 clean, 1 when errors were found, 2 on usage "
            "or I/O errors."
        ),
    )
)
def lint(
    paths: LintPathsArgument = None,
    format: FormatOption = OutputFormat.text,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            "-j",
            min=1,
            max=256,
            help=N_("Processes to parse ability texts with, from 2,000 files up (default: the CPUs available)."),
            show_default=False,
        ),
    ] = None,
    cards: Annotated[
        list[Path] | None,
        typer.Option(
            "--cards",
            help=pool_help(
                N_("The card pool to check files in no game directory against (repeatable). Default: {pool}.")
            ),
            show_default=False,
        ),
    ] = None,
    no_cache: Annotated[
        bool,
        typer.Option(
            "--no-cache",
            help=N_(
                "Check every file again: neither take nor keep what earlier runs found in files unchanged since "
                "(kept in $XDG_CACHE_HOME/dossier/lint for the directories linted, and for the games of files "
                "named one by one)."
            ),
        ),
    ] = False,
    lang: LangOption = None,
) -> None:
    """``dossier lint``: check card data (its help is given to the decorator, in the catalogs)."""
    from toolkit.catalog import discover
    from toolkit.cli._lang import output_lang
    from toolkit.cli.progress import Phases
    from toolkit.config import card_pool
    from toolkit.gcpause import gc_paused
    from validators.lint import available_jobs, lint_files

    output_lang(lang)
    problems: list[WalkProblem] = []
    pool = card_pool(cards, default=[CARDS_DIR])
    given = paths or (pool.paths if cards else default_paths(None))  # no paths: the pool --cards names, if any
    with gc_paused(freeze=True):  # the run builds long-lived objects only, and the command ends after it
        targets = discover(given, problems)
        if not targets and not problems:
            raise DossierError(_no_files(given))
        walked = [] if problems else [p for p in given if p.is_dir()]
        with Phases() as meter:
            # (the command ends while the cache of this run is written, by a process of its own)
            result = lint_files(
                targets, walked, meter=meter, jobs=jobs or available_jobs(), pool=pool.paths, cache=not no_cache,
                wait=False,
            )  # fmt: skip
    result.findings[:0] = [walk_finding(p) for p in problems]
    result.io_errors += len(problems)
    if format is OutputFormat.json:
        # The findings are complete before the first is printed: the checks across files (ids, names,
        # references) find problems in a file only once every file is read, and each file's findings are
        # sorted by line (and at most validators.lint.MAX_FINDINGS_PER_FILE + 1 a file). The JSON of them
        # is written one finding at a time, not built as one string (a pool of 150,000 files would make
        # a document of gigabytes).
        from toolkit.jsonstream import Stream, write_json

        write_json({"findings": Stream(f.to_json() for f in result.findings), "summary": summary(result)})
    else:
        emit_findings(result.findings)
        print_summary(result)
        if result.pooled:
            from toolkit.i18n import tr

            print(tr("checked among {n} records of the card pool {pool}", n=result.pooled, pool=pool.describe()))
    if result.io_errors:
        raise typer.Exit(2)
    raise typer.Exit(1 if result.errors else 0)


def _no_files(paths: list[Path]) -> str:
    """The error of ``lint`` and ``fmt`` for paths that hold no record file."""
    from toolkit.i18n import tr

    return tr("no {suffix} files under {paths}", suffix=".json", paths=tr(", ").join(map(str, paths)))


def walk_finding(problem: WalkProblem) -> Finding:
    """A directory walk problem (unreadable directory, link loop, dangling link) as an I/O finding."""
    from validators.findings import Finding

    return Finding("card.io", problem.message, file=str(problem.path))


def summary(result: LintResult) -> dict[str, Any]:
    games: dict[str, Counter[str]] = {}
    for _, record in result.records:
        games.setdefault(record.game, Counter())[record.kind] += 1  # type: ignore[attr-defined]
    return {
        "files": result.files,
        "errors": result.errors,
        "warnings": result.warnings,
        "games": {g: dict(sorted(c.items())) for g, c in sorted(games.items())},
    }


def print_summary(result: LintResult) -> None:
    """The records of each game by kind, then the files, errors and warnings, in the current language."""
    from toolkit.i18n import current_lang, tc, tr, trn
    from toolkit.textwidth import pad
    from validators.wording import game_word, kind_count

    data = summary(result)
    sep = tc(current_lang(), "list", ", ")
    for game, kinds in data["games"].items():
        total = sum(kinds.values())
        detail = sep.join(kind_count(k, n) for k, n in kinds.items())
        count = trn("{n} record", "{n} records", total, n=str(total).rjust(5))
        print(tr("{game} {records}: {detail}", game=pad(game_word(game), 10), records=count, detail=detail))
    print(
        tr(
            "{files}: {errors}, {warnings}",
            files=trn("{n} file", "{n} files", data["files"]),
            errors=trn("{n} error", "{n} errors", data["errors"]),
            warnings=trn("{n} warning", "{n} warnings", data["warnings"]),
        )
    )


@app.command(
    help=help_text(
        N_("Rewrite record files in canonical JSON, atomically."),
        N_(
            'Sorted keys, 2-space indent, UTF-8 Chinese, final newline, and a "$schema" where a record lacks one '
            "(one naming Dossier's own schemas is pointed at a nearer schema folder, such as a set's "
            "`dossier schema --out` copy). A file that does not parse is reported, not touched."
        ),
    )
)
def fmt(
    paths: Annotated[
        list[Path] | None,
        typer.Argument(
            help=N_(
                "Files or directories (default: the card pool of $DOSSIER_CARDS or cards = [...] in dossier.toml "
                "or the user config; else cards/ here; else a checkout's cards/: an installed dossier's bundled "
                "cards are not rewritten)."
            ),
            show_default=False,
        ),
    ] = None,
    check: Annotated[
        bool, typer.Option("--check", help=N_("Change nothing; exit 1 if a file would change."))
    ] = False,
    lang: LangOption = None,
) -> None:
    """``dossier fmt``: rewrite record files in canonical JSON (its help is given to the decorator)."""
    from toolkit.catalog import discover
    from toolkit.cli._lang import output_lang
    from toolkit.cli.progress import Progress
    from toolkit.filekinds import NOT_RECORDS, not_a_record
    from toolkit.findings import finding_line
    from toolkit.i18n import tr, trn
    from toolkit.jsonio import JsonSyntaxError, atomic_write_text, canonical_dumps, loads_limited, read_source
    from validators.findings import Finding

    output_lang(lang)
    changed = failed = unreadable = 0
    problems: list[WalkProblem] = []
    targets = default_paths(paths)
    if not paths and not check:  # installed: the default is the package's own cards
        refuse_bundled_cards(targets, "dossier fmt")
    found = discover(targets, problems)
    if not found and not problems:  # as lint says: an empty directory is more likely a wrong path than clean
        raise DossierError(_no_files(targets))
    with Progress(len(found), tr("checking files") if check else tr("formatting files")) as bar:
        for path in found:
            bar.advance()
            source = read_source(path)
            if source.text is None:
                bar.clear()
                message = tr("cannot read file: {reason}", reason=source.error)
                print(finding_line(Finding("card.io", message, file=str(path))), file=sys.stderr)
                failed += 1
                unreadable += source.io_error
                continue
            try:
                data = loads_limited(source.text)  # what lint refuses as JSON (too deep, NaN, …) is left as it is
                refuse_unwritable(source.text, data)
            except JsonSyntaxError as exc:
                bar.clear()
                print(
                    finding_line(
                        Finding(
                            "card.json",
                            tr("invalid JSON: {reason}; file left as it is", reason=exc.message),
                            file=str(path),
                            line=exc.line,
                            column=exc.column,
                        )
                    ),
                    file=sys.stderr,
                )
                failed += 1
                continue
            add_schema_ref(path, data)
            text = canonical_dumps(data)
            if text == source.text and not source.bom:  # a byte-order mark is not canonical: written without
                continue
            other = not_a_record(data) if isinstance(data, dict) else None
            if other is not None:  # a deck, a crossfire table a host aligned by hand, …: not fmt's to rewrite
                bar.clear()
                print(tr("{path}: {what}, not a record; left as it is", path=path, what=tr(NOT_RECORDS[other])))
                continue
            changed += 1
            bar.clear()
            if check:
                print(tr("{path}: would reformat", path=path))
            else:
                atomic_write_text(path, text, follow_symlinks=True)
                print(tr("{path}: reformatted", path=path))
    if check and changed:
        print(trn("{n} file would be reformatted", "{n} files would be reformatted", changed), file=sys.stderr)
    for problem in problems:
        print(finding_line(walk_finding(problem)), file=sys.stderr)
    if problems or unreadable:  # a file that could not be read at all is an I/O error, as in lint
        raise typer.Exit(2)
    if failed:
        raise typer.Exit(1)
    raise typer.Exit(1 if check and changed else 0)


def refuse_bundled_cards(targets: list[Path], command: str) -> None:
    """Refuse (one line, exit 2) to rewrite by default the bundled cards of an installed dossier (``fmt`` and
    ``text fmt`` with no path, when the card pool falls back to them: :func:`toolkit.paths.in_package`); in a
    checkout they are the repository's cards, formatted as before."""
    from toolkit.i18n import tr
    from toolkit.paths import in_package

    if any(in_package(path) for path in targets):
        raise DossierError(
            tr(
                "the bundled cards are part of the installed package and are not rewritten; give the card files "
                "or directories to format: {command}",
                command=f"`{command} PATH`",
            )
        )


def refuse_unwritable(text: str, data: Any) -> None:
    """Raise :class:`JsonSyntaxError` (with the place) for a value ``fmt`` cannot write back as JSON.

    ``1e400`` reads as an infinite float, which would be written as ``Infinity``
    (not JSON); ``NaN``/``Infinity`` themselves and a lone surrogate escape
    (``"\\ud800"``, which no UTF-8 file can hold) are refused the same way.
    """
    from toolkit.i18n import tr
    from toolkit.jsonio import JsonSyntaxError, is_text, pointer, pointer_position, value_positions

    stack: list[tuple[Any, tuple[str | int, ...]]] = [(data, ())]
    problem: tuple[tuple[str | int, ...], str] | None = None
    while stack and problem is None:
        value, where = stack.pop()
        if isinstance(value, float) and not math.isfinite(value):
            problem = where, tr(
                "a number out of range (it would be written as {infinity} or {nan}, which are not JSON)",
                infinity="Infinity",
                nan="NaN",
            )
        elif isinstance(value, str) and not is_text(value):
            problem = where, tr("a string with a lone surrogate escape (half of a character)")
        elif isinstance(value, dict):
            for key in value:
                if not is_text(key):
                    problem = (*where, key), tr("a key with a lone surrogate escape (half of a character)")
                    break
            stack.extend((v, (*where, k)) for k, v in reversed(list(value.items())))
        elif isinstance(value, list):
            stack.extend((v, (*where, i)) for i, v in reversed(list(enumerate(value))))
    if problem is None:
        return
    where, message = problem
    line, column = pointer_position(value_positions(text), pointer(*where))
    raise JsonSyntaxError(message, line, column)


def add_schema_ref(path: Path, data: Any, dangling: bool = True) -> None:
    """Give a record without "$schema" the relative path to its kind's schema (:func:`toolkit.paths.schema_ref`:
    the nearest schema folder above it, else the bundled one); re-point one that names Dossier's own schemas once
    a nearer schema folder holds the kind's (:func:`toolkit.paths.repointed_schema_ref`), and one that names the
    kind's schema of Dossier's but resolves to nothing (a record copied from the bundled cards into a set:
    :func:`_dangling_own_schema`; not with ``dangling`` false: the web editor's save points a record at the set's
    copy of the schemas, which the save makes after); one the user pointed elsewhere stays."""
    if not isinstance(data, dict):
        return
    from toolkit.models import GAMES, KINDS, schema_path
    from toolkit.paths import repointed_schema_ref, schema_ref

    game, kind = data.get("game"), data.get("kind")
    if game not in GAMES or (game, kind) not in KINDS:
        return
    rel = schema_path(str(game), str(kind))
    ref = data.get("$schema")
    if "$schema" not in data:
        data["$schema"] = schema_ref(path.resolve().parent, rel)
    elif isinstance(ref, str):
        folder = path.resolve().parent
        nearer = repointed_schema_ref(folder, ref, rel)
        if nearer is None and dangling and _dangling_own_schema(folder, ref, rel):
            nearer = schema_ref(folder, rel)
        if nearer is not None:
            data["$schema"] = nearer


def _dangling_own_schema(folder: Path, ref: str, rel: str) -> bool:
    """A ``"$schema"`` that names this kind's schema of Dossier's (its tail is ``rel``:
    ``../../../schema/crossfire/mode.schema.json``) and resolves to nothing from ``folder``: a record copied out of
    the bundled cards into a set (``my-set/modes/``), whose path no longer climbs to a schema folder. A URL, a file
    that is there, or a path to another file (another kind's schema: lint's error to tell) stays as it is."""
    import os

    posix = ref.replace("\\", "/")
    if "://" in posix or not (posix == rel or posix.endswith("/" + rel)):
        return False
    return not os.path.isfile(os.path.join(folder, ref))


@app.command(help=N_("Generate the JSON Schema files from the record models (their descriptions stay in English)."))
def schema(
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help=N_("Directory to write to (default: a checkout's schema/; an installed dossier needs --out)."),
            show_default=False,
        ),
    ] = None,
    check: Annotated[
        bool,
        typer.Option(
            "--check",
            help=N_(
                "Write nothing; exit 1 if a file is stale or missing (the --out directory; else a checkout's "
                "schema/; else, installed, schema/ in the working directory)."
            ),
        ),
    ] = False,
    lang: LangOption = None,
) -> None:
    """``dossier schema``: write the JSON Schema files (its help is given to the decorator)."""
    from toolkit import schemagen
    from toolkit.cli._lang import output_lang
    from toolkit.i18n import tr

    output_lang(lang)
    if out is None:
        from toolkit.paths import in_package

        if not in_package(SCHEMA_DIR):
            out = SCHEMA_DIR  # a checkout's schema/
        elif not check:  # installed: the package's own schemas are not rewritten
            raise DossierError(
                tr(
                    "the bundled schemas are part of the installed package and are not rewritten; give the "
                    "directory to write to: {option}",
                    option="--out DIR",
                )
            )
        else:  # installed: the schema/ the user's card files point to (`dossier examples` copies it here)
            out = LOCAL_SCHEMA
            if not out.is_dir():
                print(tr("{path}: missing; run {command}", path=out, command=f"`dossier schema --out {out}`"))
                raise typer.Exit(1)
    if check:
        stale = schemagen.stale(out)
        command = "`dossier schema`" if out == SCHEMA_DIR else f"`dossier schema --out {shlex.quote(str(out))}`"
        for rel in stale:
            if (out / rel).exists():
                print(tr("{path}: stale; run {command}", path=out / rel, command=command))
            else:
                print(tr("{path}: missing; run {command}", path=out / rel, command=command))
        raise typer.Exit(1 if stale else 0)
    for path in schemagen.write(out):
        print(tr("{path}: written", path=path))


LOCAL_SCHEMA = Path("schema")
"""The schema/ an installed Dossier's ``schema --check`` checks: the one beside the user's cards, as ``dossier
examples`` copies it."""


def main() -> None:
    app()
