"""Checks shared by command options (this module registers no commands)."""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Annotated, Any

import typer

from toolkit.errors import DossierError
from toolkit.i18n import tr
from toolkit.i18n.words import N_
from toolkit.paths import names_a_directory


def finite(ctx: typer.Context, param: typer.CallbackParam, value: float | None) -> float | None:
    """Typer callback for every float option: ``nan``, ``inf`` and ``1e400`` are refused in one line (exit 2)."""
    if value is not None and not math.isfinite(value):
        name = max(param.opts, key=len) if param.opts else param.name
        raise DossierError(tr("{option} {value}: not a finite number", option=name, value=value))
    return value


def check_seed(ctx: typer.Context, param: typer.CallbackParam, value: int | None) -> int | None:
    """Typer callback for every ``--seed``: a negative seed is refused in one line (exit 2); Python's random seeds
    with its absolute value, so ``--seed -1`` would play the game of ``--seed 1``."""
    if value is not None and value < 0:
        name = max(param.opts, key=len) if param.opts else param.name
        raise DossierError(tr("{option} {value}: a seed is a whole number from 0 up", option=name, value=value))
    if value is not None and value >= SEED_LIMIT:  # a saved game keeps it: read back, it is held to 20 digits
        name = max(param.opts, key=len) if param.opts else param.name
        raise DossierError(tr("{option} {value}: a seed has at most {digits} digits", option=name, value=value,
                              digits=MAX_DIGITS))  # fmt: skip
    return value


MAX_DIGITS = 64  # the digits a number of a table, a scenario or a saved game may have (read_json_input): a seed
SEED_LIMIT = 10**MAX_DIGITS  # of 2**70 is taken, and a saved game keeps it


DRAWN_SEED_BITS = 53
"""The bits of a seed drawn for a game a person plays (`dossier play`, the browser's /play, with no seed given), from
:mod:`secrets`: what a seat sees is a function of the seed (its own hand, the aliases of the units hidden from it), so
a seed from a small range would be found by trying them all; 2^53 seeds take thousands of years at the engine's
speed on one core. No more: the seed stays exact as a JSON number in a browser (JavaScript's integers end at 2^53),
and a saved game holding it stays within lint's 18 digits when it sits among card files."""

KEPT_SEED_MAX = 2**63 - 1
"""The largest seed a balance run takes: the runs' table keeps a run's seed as a signed 64-bit integer
(``BIGINT``, SQLite's ``INTEGER``), which holds no larger number."""


def check_kept_seed(ctx: typer.Context, param: typer.CallbackParam, value: int | None) -> int | None:
    """Typer callback for the ``--seed`` of a command that keeps its run in the database (``balance tactics``,
    ``crossfire``, ``netrunner``): :func:`check_seed`, and a seed past :data:`KEPT_SEED_MAX` refused in one line
    (exit 2) before any game, not after every game when the run is kept. The other commands' ``--seed`` takes
    any whole number from 0 (:func:`check_seed`)."""
    value = check_seed(ctx, param, value)
    if value is not None and value > KEPT_SEED_MAX:
        name = max(param.opts, key=len) if param.opts else param.name
        raise DossierError(tr("{option} {value}: a run's seed is a whole number from 0 to {most} (the database keeps "
                              "it as a 64-bit integer)", option=name, value=value, most=KEPT_SEED_MAX))  # fmt: skip
    return value


def output_file(value: str) -> Path:
    """Typer parser for an option naming a file to write: a value that ends in a slash names a directory
    (``--out build/``), which the path type would drop silently and write a file ``build``; it is refused
    in one line (exit 2) instead."""
    if names_a_directory(value):
        raise DossierError(
            tr(
                "{path}: ends in {slash}, so it names a directory; give the name of the file to write",
                path=value,
                slash="'/'",
            )
        )
    return Path(value)


POOL_DEFAULT = N_(
    "$DOSSIER_CARDS, else cards = [...] in the nearest dossier.toml or the user config, else cards/ in the "
    "working directory when there is one, else the bundled cards/"
)
"""Where a command's card pool comes from when ``--cards`` does not name it (:func:`toolkit.config.card_pool`), in
the words of every help that says so (:func:`pool_help`)."""


def pool_help(message: str, **fields: Any) -> str:
    """The help of an option or argument whose default is the card pool: ``message`` (marked ``N_`` where it is
    written) with ``{pool}`` the one wording of that default (:data:`POOL_DEFAULT`), both in the help's language."""
    from toolkit.cli._help import help_text

    return help_text(lambda: tr(message, pool=tr(POOL_DEFAULT), **fields))


CARDS_HELP = pool_help(N_("Card pool directory (repeatable). Default: {pool}."))
CardsOption = Annotated[list[Path] | None, typer.Option("--cards", help=CARDS_HELP, show_default=False)]
"""The ``--cards`` option of a command that reads the card pool as every command does
(:func:`toolkit.config.card_pool`)."""

try:
    from typer._click.types import ParamType as _ParamType
except ImportError:  # pragma: no cover - older typer stands on the click package
    from click import ParamType as _ParamType  # type: ignore[assignment,unused-ignore]


class _OutputFile(_ParamType):  # type: ignore[misc,valid-type,unused-ignore]
    """The type of a file-output option: :func:`output_file`, and an empty value (an unset variable in
    ``--out "$F"``) refused in one line naming the option (exit 2), not read as the working folder ``.``
    (which then failed as "``.``: is a directory", a path the user never typed). A parser alone is not told
    the option it parses, so this is a type."""

    name = "path"

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        if isinstance(value, Path):
            return value
        if isinstance(value, bytes):
            value = os.fsdecode(value)
        if not value:
            if param is not None and getattr(param, "opts", None):
                raise DossierError(
                    tr("{option}: an empty path names no file or folder", option=max(param.opts, key=len))
                )
            raise DossierError(tr("an empty path names no file or folder"))
        return output_file(value)


def not_empty(ctx: typer.Context, param: typer.CallbackParam, value: str | None) -> str | None:
    """Typer callback for an option naming a file or a database (``--db``): an empty value (an unset variable in
    ``--db "$DB"``) is refused in one line naming the option (exit 2), as :class:`_OutputFile` refuses ``--out ""``,
    not read as "not given" (which used ./dossier.db)."""
    if value is not None and not value:
        name = max(param.opts, key=len) if param.opts else param.name
        raise DossierError(tr("{option}: an empty path names no file or folder", option=name))
    return value


OUTPUT_FILE: dict[str, object] = {"click_type": _OutputFile(), "metavar": "<path>"}
"""What a file-output option passes to ``typer.Option`` (``**OUTPUT_FILE``): its type (:class:`_OutputFile`),
and the metavar the path type would show."""


def read_json_input(path: Path) -> tuple[Any, str]:
    """The JSON value of an input file (a crossfire table, a scenario, a saved game) and its text: an unreadable
    file is one line naming it (exit 2 for I/O, 1 for what was read), invalid JSON one line with its place. Read
    with the limits of input from outside (:func:`~toolkit.jsonio.loads_limited`), as decks are: ``NaN``, a
    number past a float's range, an integer longer than 20 digits or nesting deeper than 64 levels is refused
    where it is, not read into a value the file does not hold."""
    from toolkit.jsonio import JsonSyntaxError, loads_limited, read_source

    source = read_source(path)
    if source.text is None:
        raise DossierError(
            tr("{path}: cannot read: {reason}", path=path, reason=source.error), exit_code=2 if source.io_error else 1
        )
    try:
        return loads_limited(source.text, max_digits=MAX_DIGITS), source.text
    except JsonSyntaxError as exc:
        where = f"{path}:{exc.line}:{exc.column}"
        raise DossierError(tr("{where}: invalid JSON: {reason}", where=where, reason=exc.message), exit_code=1) from None

THINK_OPTION = typer.Option(
    "--think",
    help=N_(
        "The most seconds a `search` player thinks over each choice (e.g. 2 or 2s; default 1). Netrunner: over "
        "each action it weighs (its other decisions are its heuristic's). Tactics: it stops sooner once its rounds "
        "of rollouts are played: in `duel` its best 8 actions in at most 128 rollouts (the better half going on "
        "after each round), in the other modes its best 4 actions 10 times each."
    ),
)


def think_seconds(text: str | None) -> float | None:
    """``--think``: seconds, written ``2``, ``0.5`` or ``2s``; None when not given. DossierError when out of 0-60."""
    if text is None:
        return None
    try:
        seconds = float(text.strip().removesuffix("s"))
    except ValueError:
        seconds = -1.0
    if not 0 < seconds <= 60:
        raise DossierError(tr("{option} {value}: give the seconds to think, more than 0 and at most 60 (e.g. 2 or 2s)",
                              option="--think", value=repr(text)))  # fmt: skip
    return seconds


def with_think(kind: str, seconds: float | None) -> str:
    """A player's name with ``--think`` applied: ``search`` thinking ``seconds`` is ``search:SECONDS``."""
    return f"search:{seconds:g}" if kind == "search" and seconds is not None else kind


def check_saved_game_target(save: Path) -> None:
    """Refuse ``--save`` (``play``, ``simulate``) before the game rather than after it (when the game would be
    lost): a path that cannot be written (no such directory, a directory, a folder that takes no new file: read-only),
    or an existing file that is no saved game (:func:`~toolkit.filekinds.saved_game_of`: a deck or a scenario given
    by mistake), which writing would replace. A saved game is replaced here (``--load g.json --save g.json``;
    ``play`` and ``simulate`` keep a game a person saved unless ``--force`` is given)."""
    from toolkit.filekinds import saved_game_of
    from toolkit.safewrite import OutputKind, check_replaceable, check_target, json_object

    check_target(save, writable=True)  # (a folder that exists but takes no file: said now, not after the game)
    saved_game = json_object(lambda data: saved_game_of(data) is not None)  # either game's (a scenario has decisions)
    check_replaceable(save, OutputKind(N_("a game saved by {format}"), saved_game, "--save"))


# ---- path arguments and options: an empty path, and a path click refuses, in one line in the language

try:
    from typer.models import TyperPath as _TyperPath
except ImportError:  # pragma: no cover - an older typer: click's own path type
    from click import Path as _TyperPath  # type: ignore[assignment,unused-ignore]


class _CheckedPath(_TyperPath):  # type: ignore[misc,valid-type,unused-ignore]
    """Typer's path type, with two things said as Dossier says them: an empty value (an unset variable in
    ``dossier fmt "$F"``) is refused instead of naming the working folder, and a path the type refuses (not
    there, not readable, a folder where a file is asked for) is one line naming it, in the language."""

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        if isinstance(value, str | bytes) and not value:
            if param is not None and param.param_type_name == "option" and param.opts:
                raise DossierError(
                    tr("{option}: an empty path names no file or folder", option=max(param.opts, key=len))
                )
            raise DossierError(tr("an empty path names no file or folder"))
        try:
            return super().convert(value, param, ctx)
        except typer.BadParameter:
            problem = _path_problem(self, value)
            if problem is None:
                raise
            from toolkit.cli.app import os_error_line

            raise DossierError(os_error_line(problem)) from None


def _path_problem(kind: Any, value: Any) -> OSError | None:
    """Why the path type ``kind`` refused ``value``, as the OSError that says it (its errno, the path)."""
    import errno
    import os
    import stat as st

    name = os.fsdecode(value)
    try:
        status = os.stat(name)
    except OSError as exc:
        return OSError(exc.errno, exc.strerror, name)
    if not kind.file_okay and st.S_ISREG(status.st_mode):
        code = errno.ENOTDIR
    elif not kind.dir_okay and st.S_ISDIR(status.st_mode):
        code = errno.EISDIR
    elif (kind.readable and not os.access(name, os.R_OK)) or (kind.writable and not os.access(name, os.W_OK)):
        code = errno.EACCES
    else:
        return None
    return OSError(code, os.strerror(code), name)


def check_paths(command: Any) -> Any:
    """Give every path argument and option of ``command`` and of its subcommands :class:`_CheckedPath`'s checks
    (the type's settings kept); returns ``command``."""
    from toolkit.cli._help import commands_below

    for item in commands_below(command):
        for param in getattr(item, "params", ()):
            kind = param.type
            if isinstance(kind, _TyperPath) and not isinstance(kind, _CheckedPath):
                checked = _CheckedPath.__new__(_CheckedPath)
                checked.__dict__.update(kind.__dict__)
                param.type = checked
    return command
