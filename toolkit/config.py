"""Settings a user makes once: which card pool the commands read, and the language of their output.

Each setting is looked up in this order; the first place that sets it wins:

1. the command line (``--cards DIR``, ``--lang``);
2. the environment: ``DOSSIER_CARDS``, directories separated by ``os.pathsep``
   (``:`` on Linux and macOS, ``;`` on Windows); ``DOSSIER_LANG`` (zh-Hans, en, any language with a
   catalog, or the pseudo-locale en-XA);
3. the project file: the nearest ``dossier.toml`` in the working directory or a parent;
4. the user file: ``$XDG_CONFIG_HOME/dossier/config.toml`` (``~/.config/dossier/config.toml``);
5. the defaults: for the cards, ``cards/`` in the working directory when it is a directory (the folder
   ``dossier examples --with-cards`` makes, a checkout, a project of the user's), else the bundled ``cards/``;
   for the language, a deck's own (the language of the names its list is written in), else ``zh-Hans``.

Both files are TOML with two keys, and paths are relative to the file::

    cards = ["../netrunnerdb", "/usr/share/dossier/cards/tactics"]
    lang = "en"

A bad file or a directory that does not exist is a usage error (exit 2) naming
the file, the line and the value.
"""

from __future__ import annotations

import contextlib
import os
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import DossierError, os_reason, warning_line
from .i18n import DEFAULT_LANG, LANGS, N_, SOURCE_LANG, Worded, asked, current_lang, set_lang, system_lang, t, tc, tr
from .jsonio import read_regular
from .paths import CARDS_DIR

ENV_CARDS = "DOSSIER_CARDS"
ENV_LANG = "DOSSIER_LANG"
PROJECT_FILE = "dossier.toml"
USER_FILE = Path("dossier") / "config.toml"
KEYS = ("cards", "lang", "token")
MIN_TOKEN = 16  # characters: a write token for `dossier serve` shorter than this is too easy to guess


def how_to_set() -> str:
    """How to name the card pool, in the current language."""
    return tr(
        "give --cards DIR, set {variable}, or write {setting} in {file}",
        variable=f"{ENV_CARDS}=DIR",
        setting='`cards = ["DIR"]`',  # (code: as it is written in the file)
        file=PROJECT_FILE,
    )


def missing_pool() -> str:
    """The hint for a command that found nothing it needs in the card pool, in the current language."""
    return tr("the card pool may be missing: {how}", how=how_to_set())


_HOW_TO_SET_EN = f'give --cards DIR, set {ENV_CARDS}=DIR, or write `cards = ["DIR"]` in {PROJECT_FILE}'
HOW_TO_SET: str = Worded(_HOW_TO_SET_EN, how_to_set)
MISSING_POOL: str = Worded(f"the card pool may be missing: {_HOW_TO_SET_EN}", missing_pool)


@dataclass(frozen=True)
class ConfigFile:
    """One settings file, read and checked; ``None`` where it does not set a key."""

    path: Path
    cards: list[Path] | None = None
    cards_line: int | None = None
    lang: str | None = None
    token: str | None = None  # `dossier serve`: the write token when it listens beyond loopback


@dataclass(frozen=True)
class CardPool:
    """The card directories a command reads and where that choice came from."""

    paths: list[Path]
    source: str  # "--cards", "DOSSIER_CARDS", a settings file's path, or "default"
    among: tuple[Path, ...] = ()  # the folders a set folder of ``paths`` plays among (:func:`pool_catalog`)

    def describe(self) -> str:
        """``/a, /b, from /x/dossier.toml``: for messages about a pool that lacks something."""
        paths = tr(", ").join(map(str, self.paths))
        if self.among:
            paths = tr("{paths} among {pool}", paths=paths, pool=tr(", ").join(map(str, self.among)))
        if self.source == "default":
            return tr("{paths}, the default", paths=paths)
        return tr("{paths}, from {source}", paths=paths, source=self.source)


def project_file(start: Path | None = None) -> Path | None:
    """The nearest dossier.toml in ``start`` (default: the working directory) or a parent. A name there that is
    not a readable file (a dangling link, a directory) counts too: reading it says what is wrong, rather than
    the settings of a parent or none being used silently."""
    here = Path(start or Path.cwd()).absolute()
    for directory in (here, *here.parents):
        candidate = directory / PROJECT_FILE
        if os.path.lexists(candidate):
            return candidate
    return None


def user_file(environ: Mapping[str, str] | None = None) -> Path:
    """``$XDG_CONFIG_HOME/dossier/config.toml``; ``~/.config`` when XDG_CONFIG_HOME is unset or relative."""
    env = os.environ if environ is None else environ
    base = env.get("XDG_CONFIG_HOME", "")
    root = Path(base) if base and Path(base).is_absolute() else Path(env.get("HOME") or Path.home()) / ".config"
    return root / USER_FILE


_TOML_POSITION = re.compile(r"\s*\(at (?:line (\d+), column (\d+)|end of document)\)\s*$")


# what the TOML reader says (tomllib's messages, their position taken off) → Dossier's words: the pattern (its group,
# if any, is the {value} of the words), the words, the {value} of words whose pattern has none, and whether the end
# of the file, when the reader stopped there, is the cause (a list or a string left open)
_TOML_REASONS: tuple[tuple[re.Pattern[str], str, str, bool], ...] = (
    (re.compile(r"Invalid value"), N_("not a valid value (text goes in double quotes)"), "", True),
    (re.compile(r"Invalid initial character for a key part"), N_("a key cannot begin with this character"), "", True),
    (re.compile(r"Invalid statement"), N_("not a setting of the form {value}"), '`key = "value"`', False),
    (re.compile(r"Expected newline or end of document after a statement"),
     N_("more after the value on the same line (one setting per line)"), "", False),
    (re.compile(r"Expected '=' after a key in a key/value pair"), N_("expected {value} after the key"), "'='", True),
    (re.compile(r"Unclosed array"), N_("a list not closed with {value}"), "']'", True),
    (re.compile(r"Unclosed inline table"), N_("an inline table not closed with {value}"), "'}'", True),
    (re.compile(r"Unterminated string"), N_("a string without its closing quote"), "", True),
    (re.compile(r"Expected ('[^']*'|\"[^\"]*\")(?: at the end of .*)?"), N_("expected {value}"), "", True),
    (re.compile(r"(?:Illegal|Found invalid) character (.+)"), N_("the character {value} is not allowed here"), "",
     False),
    (re.compile(r"Cannot declare (.+) twice"), N_("{value} is set twice"), "", False),
    (re.compile(r"Duplicate inline table key (.+)"), N_("{value} is set twice"), "", False),
    (re.compile(r"Cannot (?:mutate immutable|redefine) namespace (.+)"), N_("{value} is set twice"), "", False),
    (re.compile(r"Cannot overwrite a value"), N_("a key is set twice"), "", False),
    (re.compile(r"Unescaped '\\' in a string"),
     N_("a lone backslash in a string (write {value}, or use single quotes)"), "'\\\\'", False),
    (re.compile(r"Invalid hex value|Escaped character is not a Unicode scalar value"),
     N_("a character escape in a string that is not valid"), "", False),
    (re.compile(r"Invalid date or datetime"), N_("not a valid date or time"), "", False),
)  # fmt: skip


def _toml_reason(message: str) -> tuple[str, bool]:
    """tomllib's ``message`` (without its position) in the current language, and whether the end of the file is
    its cause when the reader stopped there. A message of another kind keeps its words, in parentheses after a
    lead in the language."""
    message = " ".join(message.split())
    for pattern, words, value, cut_short in _TOML_REASONS:
        match = pattern.fullmatch(message)
        if match is not None:
            return tr(words, value=_toml_key(match.group(1)) if match.groups() else value), cut_short
    return tr("not readable ({detail})", detail=message), False


def _toml_key(value: str) -> str:
    """A key as tomllib names it, a tuple of its parts (``('a', 'b')``), as it is written: ``'a.b'``."""
    if value.startswith("(") and value.endswith(")"):
        parts = re.findall(r"'((?:[^'\\]|\\.)*)'", value)
        return repr(".".join(parts)) if parts else value
    return value


def _key_line(text: str, key: str) -> int | None:
    pattern = re.compile(rf"^\s*{re.escape(key)}\s*=", re.MULTILINE)
    match = pattern.search(text)
    return text.count("\n", 0, match.start()) + 1 if match else None


def read_config(path: Path) -> ConfigFile:
    """Read and check one settings file. Problems raise DossierError (exit 2) naming the file and line."""
    try:
        text = read_regular(path, 1 << 20).decode("utf-8-sig")  # a FIFO is refused, not waited on; a BOM dropped
    except OSError as exc:  # a dangling link says so (read_regular)
        raise DossierError(tr("{path}: cannot read: {reason}", path=path, reason=os_reason(exc))) from None
    except UnicodeDecodeError as exc:
        raise DossierError(
            tr("{path}: not {encoding} (byte {offset})", path=path, encoding="UTF-8", offset=exc.start)
        ) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        match = _TOML_POSITION.search(message)
        reason, cut_short = _toml_reason(_TOML_POSITION.sub("", message))
        if match and match.group(1):
            where = f"{path}:{match.group(1)}:{match.group(2)}"
        elif match:  # at the end of the file: its last line
            where = f"{path}:{max(1, len(text.splitlines()))}"
            if cut_short:  # (a key set twice on the last line is told "at the end" too: not cut short)
                reason = tr("{reason} (the file ends first)", reason=reason)
        else:
            where = str(path)
        raise DossierError(
            tr("{where}: invalid {format}: {reason}", where=where, format="TOML", reason=reason)
        ) from None
    except RecursionError:  # arrays nested thousands deep
        raise DossierError(tr("{where}: invalid {format}: nested too deeply", where=path, format="TOML")) from None
    except ValueError as exc:  # an integer of thousands of digits (Python's conversion limit)
        limit = re.search(r"limit \((\d+) digits\)", str(exc))
        reason = tr("a number of more than {n} digits", n=limit[1]) if limit else _toml_reason(str(exc))[0]
        raise DossierError(
            tr("{where}: invalid {format}: {reason}", where=path, format="TOML", reason=reason)
        ) from None

    def fail(key: str, message: str) -> DossierError:
        line = _key_line(text, key)
        return DossierError(tr("{where}: {problem}", where=f"{path}:{line}" if line else path, problem=message))

    for key in data:
        if key not in KEYS:
            raise fail(key, tr("unknown setting {key}; settings: {keys}", key=repr(key), keys=tr(", ").join(KEYS)))
    cards = data.get("cards")
    paths: list[Path] | None = None
    if cards is not None:
        entries: Any = [cards] if isinstance(cards, str) else cards
        if not isinstance(entries, list) or not all(isinstance(e, str) and e for e in entries) or not entries:
            raise fail(
                "cards",
                tr(
                    "{key} must be a list of directories, e.g. {example}, not {value}",
                    key="cards",
                    example='cards = ["cards"]',
                    value=repr(cards),
                ),
            )
        paths = [_relative_to(path.parent, e) for e in entries]
    lang = data.get("lang")
    if lang is not None:
        lang = _lang(lang, lambda message: fail("lang", message))
    token = data.get("token")
    if token is not None and (
        not isinstance(token, str) or len(token) < MIN_TOKEN or not token.isascii() or not token.isprintable()
    ):
        raise fail(
            "token",
            tr(
                "{key} must be a string of at least {n} printable {charset} characters",
                key="token",
                n=MIN_TOKEN,
                charset="ASCII",
            ),
        )
    return ConfigFile(path, paths, _key_line(text, "cards"), lang, token)


def _relative_to(base: Path, entry: str) -> Path:
    expanded = Path(entry).expanduser()
    return expanded if expanded.is_absolute() else base / expanded


def _lang(value: Any, fail: Any, environ: Mapping[str, str] | None = None, named: bool = False) -> str:
    """``value`` (a ``--lang``, DOSSIER_LANG or a settings file's ``lang``) as the output language it asks for, read
    as the web reads ``?lang=`` (:func:`toolkit.i18n.asked`): one of ours or the pseudo-locale, case and ``_``
    forgiven, else a tag of a language we speak (``en-US``, ``en_GB``, ``zh-CN``, ``zh_Hans_CN``: by its language
    part). Else ``fail(message)`` is raised, the message in the current language, the one the user gets otherwise;
    when that is only Dossier's default (zh-Hans: neither DOSSIER_LANG nor the system's locale asks for a language
    of ours), in English too: a user who asks for a language we do not speak (``fr``, ``english``) may not read
    the default, and the refused tag does not tell which of our languages they read. ``named``: the message follows
    the name of the option or variable that gave ``value`` (``--lang: …``), not a settings file's line."""
    lang = asked(value)
    if lang is not None:
        return lang
    fields = {"key": "lang", "value": repr(value)}
    if named:  # after the option or variable that names it (--lang: …): the setting as a word, not the code
        # TRANSLATORS: after "--lang: " or "DOSSIER_LANG: "; {key} is the setting's word ("lang")
        problem = tc(current_lang(), "named setting", "{key} must be one of {choices}, not {value}",
                     key=tc(current_lang(), "named setting", "lang"), choices=tr(", ").join(LANGS),
                     value=fields["value"])  # fmt: skip
    else:
        problem = tr("{key} must be one of {choices}, not {value}", choices=tr(", ").join(LANGS), **fields)
    env = os.environ if environ is None else environ
    if current_lang() != SOURCE_LANG and asked(env.get(ENV_LANG)) is None and system_lang(env) is None:
        english = t(SOURCE_LANG, "{key} must be one of {choices}, not {value}", choices=", ".join(LANGS), **fields)
        # TRANSLATORS: a --lang (DOSSIER_LANG, lang = in dossier.toml) refused while the language is only the
        # default: the refusal in this language, then in English, for a user who may read only English
        problem = tr("{problem} ({english})", problem=problem, english=english)
    raise fail(problem)


def config_files(cwd: Path | None = None, environ: Mapping[str, str] | None = None) -> list[ConfigFile]:
    """The settings files that exist, in order of precedence: the project file, then the user file."""
    found = [p for p in (project_file(cwd), user_file(environ)) if p is not None and os.path.lexists(p)]
    return [read_config(p) for p in found]


def card_pool(
    explicit: list[Path] | None,
    default: list[Path] | None = None,
    *,
    cwd: Path | None = None,
    environ: Mapping[str, str] | None = None,
    to_create: Path | None = None,
) -> CardPool:
    """The card directories to read: ``--cards``, else DOSSIER_CARDS, else the settings files, else ``default``
    (the bundled cards/, or the part of them a command reads: ``CARDS_DIR / "tactics"``) with ``cards/`` in the
    working directory (``cwd``) in place of the bundled cards/ when it is a directory (:func:`default_cards`), the
    same pool for every command. A directory named by the environment or a file must exist, but for ``to_create``,
    the folder the command is about to make (``import csv --into my-set`` with ``my-set`` listed in the pool)."""
    creating = None if to_create is None else os.path.abspath(to_create)

    def missing(p: Path) -> bool:
        return not p.exists() and os.path.abspath(p) != creating

    if explicit:
        _directories(explicit, "--cards")
        return _told(CardPool(list(explicit), "--cards"))
    env = os.environ if environ is None else environ
    raw = env.get(ENV_CARDS, "")
    entries = [e for e in raw.split(os.pathsep) if e.strip()]
    if entries:
        base = Path(cwd or Path.cwd())
        paths = [_relative_to(base, e) for e in entries]
        for p in paths:
            if missing(p):
                raise DossierError(tr("{variable}: {path}: no such file or directory", variable=ENV_CARDS, path=p))
        _directories(paths, ENV_CARDS)
        return _told(CardPool(paths, ENV_CARDS))
    for config in config_files(cwd, environ):
        if config.cards is not None:
            line = f":{config.cards_line}" if config.cards_line else ""
            _directories(config.cards, f"{config.path}{line}", key="cards")
            for p in config.cards:
                if missing(p):
                    raise DossierError(
                        tr(
                            "{where}: {key}: {path}: no such file or directory",
                            where=f"{config.path}{line}",
                            key="cards",
                            path=p,
                        )
                    )
            return _told(CardPool(config.cards, str(config.path)))
    return CardPool(default_cards([CARDS_DIR] if default is None else default, cwd), "default")


def _directories(paths: list[Path], where: str, key: str | None = None) -> None:
    """Refuse (DossierError, exit 2) a path of the card pool that is there and is not a directory (a record file
    named as the pool would be read alone, and the pool found to lack what a command needs): ``where`` is the
    pool's source (``--cards``, ``DOSSIER_CARDS``, a settings file and its line), ``key`` its setting there."""
    for path in paths:
        if path.exists() and not path.is_dir():
            if key is None:
                message = tr("{where}: {path}: not a directory; the card pool is read from directories", where=where,
                             path=path)  # fmt: skip
            else:
                message = tr("{where}: {key}: {path}: not a directory; the card pool is read from directories",
                             where=where, key=key, path=path)  # fmt: skip
            raise DossierError(message)


def pool_catalog(
    explicit: list[Path] | None,
    default: list[Path] | None = None,
    *,
    cwd: Path | None = None,
    environ: Mapping[str, str] | None = None,
) -> tuple[CardPool, Any]:
    """The card pool (:func:`card_pool`) and its records (a :class:`toolkit.catalog.Catalog`), as every command
    that plays or checks by a game's rules reads them (deck commands, ``simulate``, ``play``, ``balance``,
    ``text run``): by the rule :func:`among_pool` says."""
    from .catalog import load_catalog
    from .engine.core import RECORD_FILES

    pool = card_pool(explicit, default, cwd=cwd, environ=environ)
    found = among_pool(pool, load_catalog(pool.paths), default, cwd=cwd, environ=environ)
    catalog = found[1]
    held = {id(record) for record in catalog.records}  # (its own records only: another of the same id is not its)

    def file_of(record: Any) -> Path | None:
        return catalog.file_of(record) if id(record) in held else None

    RECORD_FILES.set(file_of)  # (an ability text a game cannot read is told with its file, as lint does)
    return found


def among_pool(
    pool: CardPool,
    catalog: Any,
    default: list[Path] | None = None,
    *,
    cwd: Path | None = None,
    environ: Mapping[str, str] | None = None,
) -> tuple[CardPool, Any]:
    """``pool`` and ``catalog`` (its records), where a game that has records in it but neither its game record
    nor a mode (a designer's set folder alone: ``--cards my-set``, the cards ``import csv --into my-set`` wrote,
    which cannot be played or checked alone) plays among the pool the command reads when no folder is named:
    the configured one when ``--cards`` named the set (else, or when that one has no such game record either,
    ``default`` as :func:`card_pool` takes it: ``cards/`` here or the bundled cards), that game's records of it
    read first, as ``--cards cards --cards my-set`` reads them. A record of the set stands for the pool's record
    of the same id (a revised card), as ``lint`` checks it in that record's place. The one rule of every command
    that needs a game's rules, so that none finds a game without its rules and modes ("modes: " and nothing).
    Unchanged when every game of ``pool`` has its game record or modes: a pool that brings its own modes (a
    NetrunnerDB-shaped folder) is checked by them, not mixed with another pool's cards. The returned pool says
    what it plays among (:meth:`CardPool.describe`)."""
    from .catalog import Catalog
    from .models import namespace

    games = {record.game for record in catalog.records}
    lacking = sorted(games - {r.game for r in catalog.records if namespace(r.kind) in ("game", "mode")})
    if not lacking:
        return pool, catalog
    among, records = played_among(pool, lacking, default, cwd=cwd, environ=environ)
    if not among:
        return pool, catalog
    merged = Catalog()
    for record, path in records:
        if catalog.get(record.game, record.id, record.kind) is None:  # (a record of the set stands for it)
            merged.add(record, path)
    for record in catalog.records:
        merged.add(record, catalog.file_of(record))
    return CardPool(pool.paths, pool.source, tuple(among)), merged


def played_among(
    pool: CardPool,
    games: Iterable[str],
    default: list[Path] | None = None,
    *,
    cwd: Path | None = None,
    environ: Mapping[str, str] | None = None,
) -> tuple[list[Path], list[tuple[Any, Path]]]:
    """The folders that ``games`` of ``pool`` (games it has records of, but neither their game records nor modes:
    a designer's set folder alone) play among, by the rule :func:`among_pool` says, and those games' records in
    them, each with its file; nothing for a game no such pool has the game record of (the command says what the
    pool lacks). For a command that reads the set's records elsewhere (``search --cards my-set``, from a database)
    and names its agents and factions from the pool's."""
    from .catalog import load_catalog

    bases: list[list[Path]] = []
    if pool.source == "--cards":
        with contextlib.suppress(DossierError):  # (a setting naming a missing folder: not read as --cards is given)
            bases.append(card_pool(None, default, cwd=cwd, environ=environ).paths)
    bases.append(default_cards([CARDS_DIR] if default is None else default, cwd))
    among: list[Path] = []
    found: list[tuple[Any, Path]] = []
    for game in games:
        for base in bases:
            folders = [_game_folder(path, game) for path in base]
            records = _records_of(load_catalog(folders), game)
            if any(record.kind == "game" for record, _ in records):
                break
        else:
            continue  # no pool to play among: the command says what the pool lacks
        among.extend(path for path in folders if path not in among)
        found.extend(records)
    return among, found


def _game_folder(path: Path, game: str) -> Path:
    """The folder of ``game``'s records in the pool folder ``path``: its game directory (``cards/tactics``) when
    it has one, else all of it."""
    from .catalog import GAME_FILE, game_of

    inside = path / game
    return inside if game_of(inside / GAME_FILE) == game else path


def _records_of(catalog: Any, game: str) -> list[tuple[Any, Path]]:
    """The records of ``game`` in ``catalog``, each with its file."""
    return [(record, catalog.file_of(record)) for record in catalog.records if record.game == game]


LOCAL_CARDS = Path("cards")
"""The card pool of a command run in a folder that has one, when nothing names another (:func:`card_pool`)."""


def default_cards(default: list[Path], cwd: Path | None = None) -> list[Path]:
    """``default``, with ``cards/`` in ``cwd`` (the working directory: ``cards`` as typed, so that paths are
    shown as the user would write them) standing in for the bundled cards/ when it is a directory. A path inside
    the bundled cards (``CARDS_DIR / "crossfire"``) becomes the same path inside it (``cards/crossfire``) when
    each such is a directory, else ``cards/`` as a whole (a set of the user's may keep a game's records in a
    folder of another name). Other paths stay as they are, and so does all of ``default`` when ``cards/`` here
    is the bundled one (a checkout's own, the command run from the repository)."""
    local = LOCAL_CARDS if cwd is None else Path(cwd) / LOCAL_CARDS
    if not local.is_dir():
        return list(default)
    try:
        if os.path.samefile(local, CARDS_DIR):
            return list(default)
    except OSError:  # the bundled cards missing (a damaged install): cards/ here stands in all the same
        pass
    parts = [local / path.relative_to(CARDS_DIR) for path in default if path.is_relative_to(CARDS_DIR)]
    if not all(part.is_dir() for part in parts):
        parts = [local]  # (not cards/tactics beside the whole of cards/: its records would be read twice)
    paths: list[Path] = []
    for path in default:
        if not path.is_relative_to(CARDS_DIR):
            paths.append(path)
        elif parts:
            paths.extend(parts)
            parts = []
    return paths


_STALE_TOLD: set[str] = set()  # the imported pools this process has warned of (once each)


def _told(pool: CardPool) -> CardPool:
    """``pool``, after one warning line on stderr for each of its folders that ``dossier import netrunnerdb``
    wrote with older readings of the card text than this Dossier's (:func:`toolkit.importers.marker.stale_import`):
    such a pool runs fewer cards and checks fewer deck rules until it is imported again."""
    import sys

    from toolkit.importers.marker import stale_import

    for path in pool.paths:
        source = stale_import(path)
        key = os.path.abspath(path)
        if source is None or key in _STALE_TOLD:
            continue
        _STALE_TOLD.add(key)
        command = f"dossier import netrunnerdb {source or '…'} --into {path}"
        message = tr(
            "{path}: imported by an older Dossier, whose readings of the card text run fewer cards and check fewer "
            "deck rules; import it again: `{command}`",
            path=path,
            command=command,
        )
        print(warning_line(message), file=sys.stderr)
    return pool


def output_lang(
    explicit: str | None,
    *,
    default: str | None = None,
    cwd: Path | None = None,
    environ: Mapping[str, str] | None = None,
) -> str:
    """The language of names and text in output: ``--lang``, else DOSSIER_LANG, else the settings files, else
    the system's locale when it asks for a language of ours (``LANG=en_US.UTF-8``:
    :func:`toolkit.i18n.system_lang`), else ``default`` (a deck command passes the deck's own language), else
    zh-Hans. It becomes the current
    language (:func:`toolkit.i18n.set_lang`: the one errors and findings are worded in); the pseudo-locale
    ``en-XA`` is English here, its messages pseudo-translated."""
    if explicit is not None:
        return set_lang(
            _lang(
                explicit,
                lambda message: DossierError(tr("{where}: {problem}", where="--lang", problem=message)),
                environ,
                named=True,
            )
        )
    env = os.environ if environ is None else environ
    if env.get(ENV_LANG):
        return set_lang(
            _lang(
                env[ENV_LANG],
                lambda message: DossierError(tr("{where}: {problem}", where=ENV_LANG, problem=message)),
                env,
                named=True,
            )
        )
    system = system_lang(env)
    fallback = system if system is not None else default if default in LANGS else DEFAULT_LANG
    set_lang(fallback)  # until the settings are read: a settings file that cannot be read is told in this language
    for config in config_files(cwd, environ):
        if config.lang is not None:
            return set_lang(config.lang)
    return set_lang(fallback)


def serve_token(cwd: Path | None = None, environ: Mapping[str, str] | None = None) -> str | None:
    """The write token of `dossier serve` set in the settings files (``token = "…"``), if any."""
    for config in config_files(cwd, environ):
        if config.token is not None:
            return config.token
    return None


__all__ = [
    "DEFAULT_LANG",
    "ENV_CARDS",
    "HOW_TO_SET",
    "MISSING_POOL",
    "how_to_set",
    "missing_pool",
    "LANGS",
    "PROJECT_FILE",
    "CardPool",
    "ConfigFile",
    "card_pool",
    "config_files",
    "default_cards",
    "output_lang",
    "project_file",
    "read_config",
    "serve_token",
    "user_file",
]
