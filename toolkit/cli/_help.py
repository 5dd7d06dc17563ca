"""The help of Dossier's commands in the user's language (this module registers no commands).

A help text (a command's, a group's, an option's or an argument's ``help=``, a line of the table of
lazy commands) is written in English where the command is defined and marked for the catalogs with
``N_``; a help of several paragraphs, or one with fields or parts made from data, is made by
:func:`help_text`. The English stays in the typer definitions. Typer makes click commands of them for
each run (``app()``; the lazy commands once per language, :func:`toolkit.cli.app.load_command`), and
:func:`translate` puts the help of those commands, of their options and arguments and of their
subcommands in the current language: the language of the command line, made current first by
:func:`command_line_lang` (``--lang``, ``DOSSIER_LANG``, the settings files). So one process that runs
several commands (the tests do) shows each run's help in that run's language. Help in a language written
without spaces (Chinese) is wrapped by its width on the terminal (:class:`HelpFormatter`).

Typer's own words on a help page (its copy of click has no catalog of ours) are put in the language by
:class:`HelpFormatter`, which writes every help page: the ``Usage:`` prefix, the headings (``Options``,
``Arguments``, ``Commands``), the ``--help`` option's line and the notes after an option's help
(``[default: …; required]``). Typer is not patched: the formatter reads what typer hands it. The metavars
(``<str>``, ``<path>``) stay as typer writes them, as codes.
"""

from __future__ import annotations

import inspect
import os
import re
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import typer

try:  # newer typer carries its own copy of click
    from typer._click.formatting import HelpFormatter as _ClickHelpFormatter
    from typer._click.formatting import wrap_text as _wrap_text
except ImportError:  # pragma: no cover - older typer stands on the click package
    from click.formatting import HelpFormatter as _ClickHelpFormatter  # type: ignore[no-redef,assignment,import-not-found,unused-ignore]
    from click.formatting import wrap_text as _wrap_text  # type: ignore[no-redef,assignment,import-not-found,unused-ignore]

from toolkit.i18n import (
    DEFAULT_LANG,
    SOURCE_LANG,
    asked,
    current_lang,
    pseudo_active,
    set_lang,
    system_lang,
    tr,
    use_lang,
)
from toolkit.i18n.words import N_

Part = str | Callable[[], str]

# help texts made by help_text(), by their English (as given and as typer cleans a command's help up):
# how to make each again in the current language
_MADE: dict[str, Callable[[], str]] = {}

_ENGLISH = "_dossier_english_help"  # where translate() keeps a click object's English help texts


def help_text(*parts: Part, **fields: Any) -> str:
    """A help text of paragraphs, each an English message (marked ``N_`` where it is written, translated on
    its own and filled with ``fields``) or a function that makes a paragraph in the current language (an
    example kept as it is, a list made from data). Returns the English, which typer is given;
    :func:`say` makes the text again in the current language."""

    def make() -> str:
        return "\n\n".join(part() if callable(part) else tr(part, **fields) for part in parts)

    with use_lang(SOURCE_LANG):
        english = make()
    _MADE[english] = _MADE[inspect.cleandoc(english)] = make
    return english


def in_english() -> bool:
    """True when the current language is English as written (not the pseudo-locale): a help text that has
    a form of its own in English (filled to a width, a list as the code has it) keeps it there."""
    return current_lang() == SOURCE_LANG and not pseudo_active()


def say(text: str) -> str:
    """A help text (English, as typer was given it) in the current language."""
    made = _MADE.get(text)
    return made() if made is not None else tr(text)


def translate(command: Any) -> Any:
    """Put the help of ``command`` (a click command or group), of its options and arguments and of its
    subcommands in the current language, laid out by :class:`HelpContext`; returns ``command``. The English is
    kept on each object, so a command translated again (another run, another language) starts from it. Only
    our own texts are touched: the ``--help`` option click adds is not among a command's ``params``."""
    for item in commands_below(command):
        _translate(item, ("help", "epilog", "short_help"))
        if item.__dict__[_ENGLISH]["short_help"] is None and isinstance(item.help, str) and _wide_layout(item.help):
            item.short_help = first_sentence(item.help)
        item.context_class = HelpContext
        for param in getattr(item, "params", ()):
            _translate(param, ("help",))
    return command


def commands_below(command: Any) -> Iterator[Any]:
    """``command`` (a click command or group) and every subcommand below it, each once."""
    stack, seen = [command], set()
    while stack:
        item = stack.pop()
        if item is None or id(item) in seen:
            continue
        seen.add(id(item))
        yield item
        subcommands = getattr(item, "commands", None)
        if isinstance(subcommands, dict):
            stack.extend(subcommands.values())


def _translate(item: Any, attributes: tuple[str, ...]) -> None:
    english: dict[str, Any] = item.__dict__.setdefault(_ENGLISH, {})
    for attribute in attributes:
        if attribute not in english:
            english[attribute] = getattr(item, attribute, None)
        text = english[attribute]
        setattr(item, attribute, say(text) if isinstance(text, str) and text else text)


# ---- the language of the command line, before anything is parsed


def command_line_lang(args: list[str]) -> str:
    """Make the language of the command line current before its help is made, and return it: the last
    ``--lang X`` among ``args`` (the words after ``dossier``) when X asks for a language of ours, else
    ``DOSSIER_LANG`` when it does (read as the command reads them, and as the web reads ``?lang=``:
    :func:`toolkit.i18n.asked`, so ``en-US`` is en and ``en-XA`` the pseudo-locale), else the settings files
    (read by :mod:`toolkit.config`, imported only when a file exists, so that ``dossier --help`` stays quick),
    else the system's locale (:func:`toolkit.i18n.system_lang`), else zh-Hans. A bad value or a broken settings
    file is not reported here: the command reports it when it runs (:func:`toolkit.cli.app._configured_lang`)."""
    from toolkit.cli.app import _configured_lang, _lang_arg

    for value in (_lang_arg(args), os.environ.get("DOSSIER_LANG")):
        lang = asked(value) if value else None
        if lang is not None:
            set_lang(lang)
            return lang
    if _settings_file_exists():
        _configured_lang(args)
        return current_lang()
    return set_lang(system_lang() or DEFAULT_LANG)


def _settings_file_exists() -> bool:
    """Whether a settings file may set the language: ``dossier.toml`` in the working directory or a parent,
    or the user file (the places :func:`toolkit.config.project_file` and :func:`toolkit.config.user_file`
    name), looked for without importing toolkit.config."""
    try:
        here = Path.cwd()
    except OSError:
        here = None
    if here is not None and any(os.path.lexists(d / "dossier.toml") for d in (here, *here.parents)):
        return True
    base = os.environ.get("XDG_CONFIG_HOME", "")
    home = os.environ.get("HOME")
    try:
        root = Path(base) if base and Path(base).is_absolute() else Path(home or Path.home()) / ".config"
    except RuntimeError:  # no home directory to be found
        return False
    return os.path.lexists(root / "dossier" / "config.toml")


# ---- help in a language written without spaces (Chinese): the lines a command lists, the wrapping
#
# Click measures text in characters and breaks lines at spaces only: a Chinese paragraph (two columns a
# character, no spaces) would run to twice the terminal's width, and a command's line in its group's listing
# (click cuts the first sentence at a word ending in "." that fits) would be cut to "...". The help of a
# command is therefore given a context whose formatter wraps such text by its width on the terminal, and a
# command whose help is in such a language lists its first sentence whole. English help, and text without a
# wide character, is left to click as it is.

_SENTENCE_END = "。！？"
_NO_LINE_START = set("，。、；：！？）」』》〉】,.;:!?)]}…")  # punctuation a line may not begin with
_NO_LINE_END = set("（「『《〈【([{")  # nor end with


def _is_wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def has_wide(text: str) -> bool:
    """Whether ``text`` has a character that takes two columns on a terminal (Chinese)."""
    return any(_is_wide(char) for char in text)


def _wide_layout(text: str) -> bool:
    """Whether ``text`` is laid out by :func:`wrap_wide`: help in a language other than English (the one the
    messages are written in) that has wide characters. English help, Chinese names in it or not, is laid out
    by click as it always was."""
    return current_lang() != SOURCE_LANG and has_wide(text)


def columns(text: str) -> int:
    """The width of ``text`` on a terminal: two columns for a wide character."""
    return sum(2 if _is_wide(char) else 1 for char in text)


def first_sentence(text: str) -> str:
    """The line a command whose help has wide characters shows in its group's listing: the first sentence of
    its first paragraph (through a 。！？), whole."""
    paragraph = " ".join(text.strip().split("\n\n", 1)[0].split())
    ends = [paragraph.find(mark) for mark in _SENTENCE_END if mark in paragraph]
    return paragraph[: min(ends) + 1] if ends else paragraph


def _units(text: str) -> list[str]:
    """``text`` cut where a line may break: at spaces (a unit of its own), around each wide character and
    around each run of other characters, punctuation kept with the unit it belongs to."""
    units: list[str] = []
    for piece in re.findall(r"\s+|[^\s]", text):
        if piece.isspace():
            units.append(piece)
        elif units and not units[-1].isspace() and (
            piece in _NO_LINE_START
            or units[-1][-1] in _NO_LINE_END
            or not (_is_wide(piece) or _is_wide(units[-1][-1]))
        ):
            units[-1] += piece
        else:
            units.append(piece)
    return units


def _fill(text: str, width: int, first: str, rest: str) -> str:
    lines: list[str] = []
    line, used = first, columns(first)
    empty, space = True, ""
    for unit in _units(text):
        if unit.isspace():
            space = "" if empty else unit
            continue
        size = columns(unit) + len(space)
        if not empty and used + size > width:
            lines.append(line)
            line, used, empty, space = rest, columns(rest), True, ""
            size = columns(unit)
        while empty and used + columns(unit) > width and len(unit) > 1:  # longer than a line: cut it
            cut = 1
            while cut < len(unit) and used + columns(unit[: cut + 1]) <= width:
                cut += 1
            lines.append(line + unit[:cut])
            line, used, unit = rest, columns(rest), unit[cut:]
            size = columns(unit)
        line += space + unit
        used += size
        empty, space = False, ""
    lines.append(line)
    return "\n".join(lines)


def wrap_wide(text: str, width: int, initial_indent: str = "", subsequent_indent: str = "") -> str:
    """Click's ``wrap_text(…, preserve_paragraphs=True)`` for text with wide characters: paragraphs apart,
    one that begins with ``\\b`` kept as it is (indented), the others filled to ``width`` columns."""
    paragraphs: list[tuple[int, bool, str]] = []
    lines: list[str] = []
    indent: int | None = None
    for line in [*text.expandtabs().splitlines(), ""]:
        if line:
            if indent is None:
                indent = len(line) - len(line.lstrip())
                line = line.lstrip()
            lines.append(line)
        elif lines:
            raw = lines[0].strip() == "\b"
            paragraphs.append((indent or 0, raw, "\n".join(lines[1:]) if raw else " ".join(lines)))
            lines, indent = [], None
        else:
            indent = None
    out = []
    for extra, raw, body in paragraphs:
        first, rest = initial_indent + " " * extra, subsequent_indent + " " * extra
        if raw:
            out.append("\n".join((rest if i else first) + line for i, line in enumerate(body.splitlines())))
        else:
            out.append(_fill(body, width, first, rest))
    return "\n\n".join(out)


# typer's own words on a help page, by the English it writes them in
_HEADINGS = {"Options": N_("Options"), "Arguments": N_("Arguments"), "Commands": N_("Commands")}
_HELP_OPTION = N_("Show this message and exit.")
_NOTES = re.compile(r"(?:^|(?<=  ))\[([^\[\]]*)\]$")  # the notes typer puts after an option's help


def _notes(text: str, option: str = "") -> str:
    """``text`` (the second column of an option's row) with typer's own words in the current language: the
    help option's line, and the notes after an option's help (``default: …``, ``required``; a range such as
    ``1<=x<=64`` is kept as it is). ``option``: the row's first column; the default of an on/off flag
    (``--save / --no-save``), which typer names by the flag's bare word (``save``), is the flag (``--save``) in a
    language other than English (English: typer's page as typer makes it)."""
    if text == _HELP_OPTION:
        return tr(_HELP_OPTION)
    found = _NOTES.search(text)
    if found is None:
        return text
    notes = []
    for note in found.group(1).split("; "):
        if note.startswith("default: "):
            value = note[len("default: ") :]
            if current_lang() != "en" and re.search(rf"(?<![\w-])--{re.escape(value)}(?![\w-])", option):
                value = f"--{value}"
            note = tr("default: {value}", value=value)
        elif note == "required":
            note = tr("required")
        notes.append(note)
    return text[: found.start()] + "[" + tr("; ").join(notes) + "]"


class HelpFormatter(_ClickHelpFormatter):
    """Click's help formatter, with typer's own words in the current language (:func:`_notes`) and text that
    has wide characters wrapped by :func:`wrap_wide`."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        if prefix is None:
            prefix = tr("Usage:") + " "
        super().write_usage(prog, args, prefix)

    def write_heading(self, heading: str) -> None:
        english = _HEADINGS.get(heading)
        shown = tr(english) if english is not None else heading
        line = tr("{heading}:", heading=shown)
        self.write(f"{'':>{self.current_indent}}{line}\n")

    def write_text(self, text: str) -> None:
        if not _wide_layout(text):
            return super().write_text(text)
        indent = " " * self.current_indent
        self.write(wrap_wide(text, self.width, indent, indent))
        self.write("\n")
        return None

    def write_dl(self, rows: Any, col_max: int = 30, col_spacing: int = 2) -> None:
        rows = [(first, _notes(second, first)) for first, second in rows]
        if not any(_wide_layout(second) for _, second in rows):
            return super().write_dl(rows, col_max, col_spacing)
        first_col = min(max(len(first) for first, _ in rows), col_max) + col_spacing
        for first, second in rows:  # as click writes the list, the second column wrapped by its width
            self.write(f"{'':>{self.current_indent}}{first}")
            if not second:
                self.write("\n")
                continue
            if len(first) <= first_col - col_spacing:
                self.write(" " * (first_col - len(first)))
            else:
                self.write("\n" + " " * (first_col + self.current_indent))
            text_width = max(self.width - first_col - 2, 10)
            wrapped = wrap_wide(second, text_width) if _wide_layout(second) else _wrap_text(
                second, text_width, preserve_paragraphs=True
            )
            lines = wrapped.splitlines() or [""]
            self.write(f"{lines[0]}\n")
            for line in lines[1:]:
                self.write(f"{'':>{first_col + self.current_indent}}{line}\n")
        return None


class HelpContext(typer.Context):
    """The context of a command whose help :func:`translate` made: its help pages use :class:`HelpFormatter`."""

    formatter_class = HelpFormatter


def command_paths() -> Iterator[list[str]]:
    """Every command of ``dossier`` as its words (``[]``, ``["deck"]``, ``["deck", "validate"]``, …), groups
    before their commands, in ``--help`` order; the lazily loaded command groups are loaded on the way."""
    import typer.core
    import typer.main

    from toolkit.cli import app

    def walk(command: Any, path: list[str]) -> Iterator[list[str]]:
        yield path
        if isinstance(command, typer.core.TyperGroup):
            context = typer.Context(command)
            for name in command.list_commands(context):
                yield from walk(command.get_command(context, name), [*path, name])

    yield from walk(typer.main.get_command(app), [])
