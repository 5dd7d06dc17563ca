"""The card editor: open a record file of the served card directories, edit it through a form generated
from its kind's JSON Schema (or as raw JSON), see the lint findings and the printed card as you type,
save it atomically.

- The findings are `dossier lint`'s (lint's checks over the edited text among the other files of its game, as lint
  reads them), with line, column and JSON pointer; and those of the other records that name the edited one by an
  id or a name it has on disk or in the edit (:func:`lint_edit`), each naming its file, so that a rename shows the
  references it breaks. A change that breaks another record is saved (the designer fixes that record next), and
  the page says how many it breaks, naming a few (:data:`SHOWN_OTHERS`), with links to them. Only the edited
  record is checked: each other file's own checks are kept from a check before while it is unchanged, as `dossier
  lint`'s cache keeps them (:class:`_Kept`), so a check at 10,000 records costs the checks across records.
- A new record's template starts with no error: the fields it leaves empty are listed as fields to fill in, until
  they are touched or a save is tried (:func:`to_fill`); its "$schema" is found from its folder as it will be
  once the save makes it (a new set folder).
- The preview is the single-card drawing of `dossier print --png`
  (:func:`toolkit.sheets.render.render_cards`, rasterized by :func:`~toolkit.sheets.render.pdf_to_pngs`). Its art,
  as lint's, is found only inside the card folders served (:func:`toolkit.sheets.art.within`): an absolute path
  or one leading out of them is a lint error and a grey box, never a file of the server shown. Beyond loopback,
  the check (which reads files and draws them) needs what a save needs (:func:`require_write_beyond_loopback`).
- A record with lint errors is never saved: the save is refused with the findings. Warnings do not stop
  it. (No "save anyway": the card pool loads only when every record is valid, so a broken record saved
  from the editor would stop the server's next reload and every `dossier` command over that pool.)
  What is written is the record in canonical form (sorted keys, 2-space indent), with fmt's ``"$schema"`` step
  (:func:`toolkit.cli.app.add_schema_ref`: added when missing, re-pointed to the nearest schema folder), as
  `dossier fmt` writes, but never through the server's folders to Dossier's own schemas: a set with no schema
  folder above it is given its own copy, ``.schema/`` in its card folder, by the save that points a record there
  (:func:`toolkit.paths.set_schema_ref`); the check as one types lints the same (:func:`saved_form`). The card
  pool is loaded again after a save: before the answer for a small pool, after it for one of more than
  :data:`SYNC_RELOAD_RECORDS` records (seconds), the editor's pages waiting for it (:func:`wait_for_reload`).
- Only files inside the configured card directories are read or written: a path is relative to one of
  them, with no ``..``, no hidden or empty component, no symbolic link anywhere on the way, ending in
  ``.json``; the target is a regular file (or, for a new card, nothing yet). Saving is a write
  (:func:`toolkit.web.security.require_write`); a save of an existing record gives the sha256 the file had when
  it was opened (``base``), and it is refused (409, with the text on disk) when the file changed since, so that
  the page can show the two and let the designer keep either (:class:`Conflict`).
- A new record goes in the card folder of the pool chosen on the New form, among those that can hold its kind
  (:func:`new_folders`: the folder of its game, or a designer's set folder without a game.json), the designer's
  own by default (:func:`default_folder`: the last that is not the bundled cards), where that folder keeps
  records of its kind (:func:`kind_folder`). Pages name a folder as the pool does (:func:`folder_labels`), never
  by the server's absolute path.
- An installed dossier's bundled cards (:func:`toolkit.paths.in_package`: its site-packages) are never a folder
  the editor writes to: the New form does not offer them and says to add a card folder of one's own, and saving
  there is refused in one line (403). In a checkout they are the repository's cards, edited as any folder.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import os
import re
import stat
import sys
import threading
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from pydantic import BaseModel, Field

from toolkit import i18n
from toolkit.errors import DossierError
from toolkit.findings import Finding
from toolkit.i18n import N_, tr, trn
from toolkit.web import vocab
from toolkit.web.app import WebState, state
from toolkit.web.security import require_write
from toolkit.web.templating import lang_key, render, request_lang, request_tag

if TYPE_CHECKING:
    from toolkit.jsonio import Source

router = APIRouter(tags=["editor"])

MAX_TEXT = 1024 * 1024  # a record is a few KB; a map a few tens
MAX_PATH = 400
PREVIEW_DPI = 150

# The words of each kind of deck rule (the ``rule`` of a mode's, a format's or an identity's ``deck_rules``), for the
# editor's menu of them: the menu shows the word of the page's language and sends the id (vocab.CHOICES words the
# other menus; it has none for this field)
DECK_RULES: dict[str, str] = {
    # tactics
    # TRANSLATORS: a kind of deck rule (the editor's menu of a mode's deck rules)
    "deck_size": N_("Deck size"),
    # TRANSLATORS: a kind of deck rule: how many agents a squad has
    "squad_size": N_("Squad size"),
    # TRANSLATORS: a kind of deck rule: no two cards (or agents) of the same name
    "unique_names": N_("Unique names"),
    # TRANSLATORS: a kind of deck rule: an exclusive card only in a deck with the agent whose symbol it bears
    "exclusive_needs_agent": N_("Exclusive cards need their agent"),
    # TRANSLATORS: a kind of deck rule: token cards are never in a deck
    "no_tokens": N_("No token cards"),
    # TRANSLATORS: a kind of deck rule: matrix shop cards are never in a personal deck
    "no_shop_cards": N_("No matrix shop cards"),
    # netrunner
    # TRANSLATORS: a kind of deck rule: a deck has exactly one identity
    "one_identity": N_("One identity"),
    # TRANSLATORS: a kind of deck rule: every card is of the identity's side (corp or runner)
    "side_match": N_("Cards of the identity's side"),
    # TRANSLATORS: a kind of deck rule: at least the identity's minimum deck size
    "identity_min_deck_size": N_("The identity's minimum deck size"),
    # TRANSLATORS: a kind of deck rule: at most so many copies of a card
    "copy_limit": N_("Copy limit"),
    "influence_limit": N_("Influence limit"),
    # TRANSLATORS: a kind of deck rule (an identity's): the first copies of each card of a type cost no influence
    "influence_free": N_("Copies free of influence"),
    # TRANSLATORS: a kind of deck rule: no agendas of a faction other than the identity's (neutral ones allowed)
    "no_out_of_faction_agendas": N_("No agendas of other factions"),
    # TRANSLATORS: a kind of deck rule (an identity's): agendas of other factions allowed, so many titles of each
    "out_of_faction_agendas": N_("Agendas of other factions allowed"),
    # TRANSLATORS: a kind of deck rule: the agenda points a corp deck needs, by its size
    "agenda_points_band": N_("Agenda points by deck size"),
    "ban_list": N_("Ban list"),
    # TRANSLATORS: a kind of deck rule: only cards of the format's sets
    "card_pool": N_("Cards of the format's sets"),
    # TRANSLATORS: a kind of deck rule (an identity's): no cards of a faction
    "forbid_faction": N_("Forbidden faction"),
    # TRANSLATORS: a kind of deck rule (an identity's): its decks are for the Draft format only
    "draft_only": N_("Draft format only"),
    # TRANSLATORS: a kind of deck rule (an identity's): deck-building text that no rule models, not checked
    "not_checked": N_("Deck-building text not checked"),
    # crossfire
    # TRANSLATORS: a kind of deck rule of a crossfire mode: the player counts it deals for
    "player_count": N_("Player count"),
    # TRANSLATORS: a kind of deck rule of a crossfire mode: which roles a table is made of
    "composition": N_("Role composition"),
    # TRANSLATORS: a kind of deck rule of a crossfire mode: how many roles of each kind
    "role_count": N_("Role count"),
}


def choice_words(lang: str) -> dict[str, Any]:
    """The words of the editor's menus in ``lang`` (:func:`toolkit.web.vocab.choice_words`), a deck rule's kind
    (:data:`DECK_RULES`) among them."""
    words = vocab.choice_words(lang)
    words["fields"].setdefault("rule", {rule: i18n.t(lang, word) for rule, word in DECK_RULES.items()})
    return words


class EditorError(DossierError):
    """A request the editor refuses (a path outside the card directories, a file that changed); one line."""

    def __init__(self, message: str, status: int = 400, field: str | None = None) -> None:
        super().__init__(message, exit_code=2)
        self.status = status
        self.field = field  # the New card form's field it is about (kind, id, root), when it is one


class Conflict(EditorError):
    """A save refused because the file changed on disk since the editor opened it (409): with the file's ``text``
    and the sha256 of its bytes (``base``), for the page to show beside the designer's unsaved version."""

    def __init__(self, message: str, text: str, base: str) -> None:
        super().__init__(message, 409)
        self.text = text
        self.base = base


# ---------------------------------------------------------------- where files may be


@dataclass(frozen=True)
class Target:
    """A record file inside card directory ``root`` (index ``index`` of the writable roots)."""

    index: int
    root: Path
    rel: str
    path: Path

    @property
    def exists(self) -> bool:
        return self.path.exists()


def roots(web: WebState) -> list[Path]:
    return list(web.settings.writable_roots())


def _no_root(index: int, n: int) -> str:
    """That there is no card directory ``index`` among the ``n`` served (a plural by ``n``)."""
    return trn("root {index}: there is {n} card directory", "root {index}: there are {n} card directories", n,
               index=index)  # fmt: skip


def locate(web: WebState, index: int, rel: str) -> Target:
    """The file ``rel`` under writable root ``index``, or an :class:`EditorError` saying why not (403; 404 for no such root).

    Refused: an absolute path, ``..``, ``.`` or empty components, hidden names, backslashes, NUL, a name
    not ending in ``.json``, and a symbolic link at any step (so nothing leads out of the directory).
    """
    all_roots = roots(web)
    if not all_roots:
        raise EditorError(tr("the server has no card directory to edit (it was started with card files)"), 403)
    if not 0 <= index < len(all_roots):
        raise EditorError(_no_root(index, len(all_roots)), 404)  # (nothing there to refuse: not found)
    root = all_roots[index]
    shown = repr(rel[:80])
    if not rel or len(rel) > MAX_PATH or "\x00" in rel or "\\" in rel:
        raise EditorError(tr("{path}: not a record path inside the card directory", path=shown), 403)
    if rel.startswith("/") or (len(rel) > 1 and rel[1] == ":"):
        raise EditorError(tr("{path}: an absolute path; give a path inside the card directory", path=shown), 403)
    parts = rel.split("/")
    for part in parts:
        if part in ("", ".", ".."):
            raise EditorError(tr("{path}: {part} is not allowed in a record path", path=shown,
                                 part=repr(part) if part else tr("an empty name")), 403)  # fmt: skip
        if part.startswith("."):
            raise EditorError(tr("{path}: hidden names are not card data", path=shown), 403)
    if not parts[-1].endswith(".json") or parts[-1] == ".json":
        raise EditorError(tr("{path}: a record file ends in .json", path=shown), 403)
    current = root
    for k, part in enumerate(parts):
        current = current / part
        try:
            info = os.lstat(current)
        except FileNotFoundError:
            break  # the rest does not exist yet (a new card); nothing there can be a link
        except OSError as exc:
            raise EditorError(
                tr("{path}: cannot read: {reason}", path=shown, reason=exc.strerror or exc), 403
            ) from None
        step = "/".join(parts[: k + 1])
        if stat.S_ISLNK(info.st_mode):
            raise EditorError(tr("{path}: {step} is a symbolic link; not followed", path=shown, step=step), 403)
        last = k == len(parts) - 1
        if not last and not stat.S_ISDIR(info.st_mode):
            raise EditorError(tr("{path}: {step} is not a directory", path=shown, step=step), 403)
        if last and not stat.S_ISREG(info.st_mode):
            raise EditorError(tr("{path}: not a regular file", path=shown), 403)
    path = root.joinpath(*parts)
    real = os.path.realpath(path)
    if not real.startswith(str(root) + os.sep):
        raise EditorError(tr("{path}: outside the card directory", path=shown), 403)
    return Target(index, root, "/".join(parts), path)


def target_of_file(web: WebState, path: Path) -> Target | None:
    """The :class:`Target` of a file the catalog loaded, when it lies in a writable root."""
    real = Path(os.path.realpath(path))
    for index, root in enumerate(roots(web)):
        try:
            rel = real.relative_to(root)
        except ValueError:
            continue
        try:
            return locate(web, index, rel.as_posix())
        except EditorError:
            return None
    return None


def file_digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read_target(target: Target) -> tuple[str, str]:
    """(text, sha256 of the bytes) of an existing record file."""
    from toolkit.jsonio import read_regular

    try:
        data = read_regular(target.path, MAX_TEXT)
    except OSError as exc:
        raise EditorError(
            tr("{path}: cannot read: {reason}", path=target.rel, reason=exc.strerror or exc), 404
        ) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise EditorError(tr("{file}: not UTF-8 (byte {n})", file=target.rel, n=exc.start)) from None
    return text.removeprefix("\ufeff"), file_digest(data)


# ---------------------------------------------------------------- lint, preview


def finding_json(finding: Finding, target: Target, record: Any = None, web: WebState | None = None) -> dict[str, Any]:
    """A lint finding for the page: its fields, the file as the editor names it (``target``'s, or for a finding of
    another record, that record's: :func:`other_file`), one line of text (the severity in the current language).
    ``record``: the JSON value linted, for the ability text errors of ``target`` (see :func:`text_error`). ``web``:
    the server, whose card folders name the other records a finding names (else only ``target``'s folder does)."""
    from toolkit.findings import finding_line, severity_word

    # another record's file, named from its card folder
    message = _unrooted(finding.message, _shown_roots(web) if web is not None else [(target.root, target.root.name)])
    own = finding.file in (None, str(target.path))
    file = target.rel if own or web is None else other_file(web, str(finding.file))[0]
    data = finding.to_json()
    data["message"] = message
    data["file"] = file
    data["text"] = finding_line(replace(finding, file=file, message=message))
    data["severity_name"] = severity_word(finding.severity, i18n.current_lang())
    if own and finding.code == "card.text.parse" and record is not None:
        data.update(text_error(record, finding.pointer) or {})
    return data


def other_file(web: WebState, path: str) -> tuple[str, Target | None]:
    """How the editor names another record's file ``path`` (as lint gave it): with its card folder, as
    lint prints it (``my-set/cards/x.json``), in the edited record's folder too (a bare ``cards/x.json`` reads as the file of
    the folder the server runs in), never by the server's absolute path; with its :class:`Target` when it is in a card
    folder the editor opens."""
    place = target_of_file(web, Path(path))
    if place is None:
        return _unrooted(path, _shown_roots(web)), None
    return f"{folder_labels(web)[place.index]}/{place.rel}", place


def _unrooted(message: str, places: Sequence[tuple[Path, str]]) -> str:
    """``message`` with the files under the card folders ``places`` (each folder and the name it is shown by) named
    from them (``cards/tactics/agents/x.json``), never by the server's absolute path (a lint finding names the other
    record that has the same id or name, in its folder or elsewhere in the pool); the deepest folder first."""
    spellings = {(str(spelling), label) for root, label in places for spelling in (root, root.resolve())}
    for shown, label in sorted(spellings, key=lambda p: -len(p[0])):
        message = message.replace(shown + os.sep, label + "/")
    return message


def _shown_roots(web: WebState) -> list[tuple[Path, str]]:
    """The card folders of the pool with the names pages show them by: the writable roots as the user gave them
    and resolved (:func:`folder_labels`)."""
    labels = folder_labels(web)
    given = [p for p in web.settings.cards if p.is_dir()]
    places = list(zip(roots(web), labels, strict=False))
    if len(given) == len(labels):
        places += [(Path(os.path.abspath(p)), label) for p, label in zip(given, labels, strict=True)]
    return places


SHOWN_ALTERNATIVES = 5  # the words an ability text error lists; the rest are counted (all are in "alternatives")


def _at_pointer(value: Any, pointer: str | None) -> Any:
    if pointer is None:
        return None
    for raw in pointer.split("/")[1:]:
        key = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(value, dict):
            value = value.get(key)
        elif isinstance(value, list) and key.isdigit() and int(key) < len(value):
            value = value[int(key)]
        else:
            return None
    return value


def _field_name(pointer: str, lang: str) -> str:
    """The form's name of the field at ``pointer``: "Text #1" for /text/0."""
    labels, _ = vocab.field_words(lang)
    keys = [k.replace("~1", "/").replace("~0", "~") for k in pointer.split("/")[1:]]
    index = keys.pop() if keys and keys[-1].isdigit() else None
    name = next((k for k in reversed(keys) if not k.isdigit()), "")
    label = labels.get(name, name)
    return i18n.t(lang, "{label} #{n}", label=label, n=int(index) + 1) if index is not None else label


def text_error(record: Any, pointer: str | None) -> dict[str, Any] | None:
    """What the editor says of an ability text that does not parse (the string at ``pointer`` in ``record``), in
    the current language: "did you mean" first when the text there is a typo of a word of the language, the
    position once (line and column in the text field, not in the record file), the reason, the first few words
    the language has there (all of them in ``alternatives``), the hint, and the text with a caret."""
    from toolkit.text import AbilitySyntaxError, parse

    text = _at_pointer(record, pointer)
    if not isinstance(text, str) or pointer is None:
        return None
    game = record.get("game") if isinstance(record, dict) else getattr(record, "game", None)
    try:
        parse(text, game if isinstance(game, str) else None)  # (the words the record's game's texts may write)
    except AbilitySyntaxError as exc:
        error = exc
    else:
        return None
    lang = i18n.current_lang()
    first = list(error.suggestions)
    alternatives = first + [w for w in error.alternatives if w not in first]
    message = tr(
        "{field}, line {line}, column {column}: {reason}",
        field=_field_name(pointer, lang),
        line=error.line,
        column=error.column,
        reason=error.reason,
    )
    if alternatives:
        words = " · ".join(alternatives[:SHOWN_ALTERNATIVES])  # not the language's list: 。 and ， are among them
        more = len(alternatives) - SHOWN_ALTERNATIVES
        if more > 0:
            # TRANSLATORS: the first few words an ability text may have at an error, and how many others
            words = i18n.tn(lang, "{words} and {n} more", "{words} and {n} more", more, words=words)
        message = tr("{summary}; expected {words}", summary=message, words=words)
    if error.hint:
        message = tr("{summary}; hint: {hint}", summary=message, hint=error.hint)
    if error.suggestions:
        # TRANSLATORS: the editor's message of an ability text with a typo: "Did you mean 造成? Text #1, line 1, …"
        message = tr("Did you mean {words}? {message}", words=error.suggestion_words(), message=message)
    return {
        "message": message + "\n" + error.context,
        "where": "",
        "suggestions": error.suggestions,
        "alternatives": alternatives,
        "text_line": error.line,
        "text_column": error.column,
        "text_offset": error.offset,
    }


@dataclass(frozen=True)
class Linted:
    """What `dossier lint` says of an edited record (``own``) and of the other records that name it (by an id or a
    name the record has on disk or in the edit): ``others``, the findings of the first :data:`SHOWN_OTHERS` of them
    (those the edit breaks first), ``hidden`` how many more of them have findings; ``broken``: the files (as lint
    names them) of every one the edit gives an error it did not have with the record as it is on disk.
    ``unchecked``: the edit is no valid record (lint cannot load it), so those records cannot be checked against
    it: ``broken`` are then the records whose errors only say so (``exclusive to agent 'anvil', which does not
    exist``), and those errors are left out of ``others``."""

    own: list[Finding]
    others: list[Finding]
    broken: list[str]
    unchecked: bool = False
    hidden: int = 0


SHOWN_OTHERS = 5
"""The other records a check shows the findings of and names among those a change breaks (the rest are counted):
a faction's id is named by hundreds of cards."""


def _context(
    target: Target, text: str, pool: Sequence[Path], shadowed: dict[tuple[str, str, str], Path] | None = None
) -> list[Source]:
    """``text`` as the content of ``target``, first, and the files lint reads beside it: its game directory's; for
    a record of a designer's set folder (no game.json in it or above it), the other records of that folder and the
    game's records in the card pool ``pool``, as `dossier lint` reads a set (:func:`toolkit.catalog.pool_context`;
    ``shadowed``, given, is told the pool records the set's stand for: lint warns of them, ``card.id.pool``). The
    other files are :class:`~toolkit.catalog.FileSource`, read when lint asks (most are not: :class:`_Kept`)."""
    from toolkit.catalog import FileSource, discover, file_key, game_root, pool_context
    from toolkit.jsonio import Source

    sources: list[Source] = [Source(target.path, text=text)]
    key = file_key(target.path)
    game_dir = game_root(target.path.parent)
    if game_dir is not None and game_dir.is_relative_to(target.root):
        sources.extend(FileSource(path) for path in discover([game_dir]) if file_key(path) != key)
    elif game_dir is None:
        sources.extend(FileSource(path) for path in discover([target.root]) if file_key(path) != key)
        # (the pool's records of the game, read to be told apart: as files, whose kept results stand while unchanged)
        sources.extend(FileSource(s.path) for s in pool_context(sources, {key}, pool, shadowed=shadowed))
    return sources


def _called(text: str | None) -> tuple[set[str], set[str], set[str]]:
    """The ids, zh-Hans names and English names (folded: :func:`toolkit.names.fold`) of the record ``text`` holds,
    by which another record names it (an id as a value, a name quoted 「…」 in a text)."""
    from toolkit.names import fold

    data = parse_json(text) if text is not None else None
    if not isinstance(data, dict):
        return set(), set(), set()
    ids = {data["id"]} if isinstance(data.get("id"), str) and data["id"] else set()
    name = data.get("name")
    zh = name.get("zh-Hans") if isinstance(name, dict) else None
    en = name.get("en") if isinstance(name, dict) else None
    return ids, {zh} if isinstance(zh, str) and zh else set(), {fold(en)} if isinstance(en, str) and fold(en) else set()


_STRING = re.compile(r'"([^"\\]*)"')  # a JSON string with no escape in it
_SLUG = re.compile(r"[a-z0-9]+(?:[_-][a-z0-9]+)*")  # (an id: toolkit.models.SLUG_PATTERN)
MAX_SLUG = 64  # the longest id


class _Known:
    """What the editor keeps of a record file between checks, while the file is unchanged (``signature``,
    :func:`toolkit.catalog.file_signature`), to tell without reading it which records name an edited one and which
    an edited one names: ``strings``, the JSON strings of the file that may be an id (keys and values, as lint's
    reference checks and a search of the text for ``"id"`` read them); ``quoted``, the names its texts quote
    「…」, and ``folded``, those folded (:func:`toolkit.names.fold`: a text may quote an English name);
    ``symbols``, the symbols ``[x]`` of its texts; ``own``, what others name it by or would repeat (its id, names,
    their case-folded and folded spellings, its symbol); ``summarized``, lint keeps a summary of its kind (the kinds
    most files hold; a game, mode, map or format record is read whole by every lint,
    :data:`validators.lint.SUMMARY_FIELDS`). Tuples of shared strings: 10,000 files hold a few megabytes."""

    __slots__ = ("signature", "strings", "quoted", "folded", "symbols", "own", "summarized")

    def __init__(self, text: str | None, signature: bytes | None) -> None:
        fold, name_ref, symbol_ref, summarized_kinds = _known_tools()
        data = _loads(text) if text is not None else None
        found: list[str] = []
        if text is not None and "\\" not in text:  # (no escape: the strings are as the text spells them)
            found = _STRING.findall(text)
        else:
            stack = [data]
            while stack:
                value = stack.pop()
                if isinstance(value, str):
                    found.append(value)
                elif isinstance(value, dict):
                    found.extend(k for k in value if isinstance(k, str))
                    stack.extend(value.values())
                elif isinstance(value, list):
                    stack.extend(value)
        intern, slug = sys.intern, _SLUG.fullmatch
        self.signature = signature
        self.strings = tuple(dict.fromkeys(intern(s) for s in found if len(s) <= MAX_SLUG and slug(s)))
        self.quoted = tuple(dict.fromkeys(q for s in found if "「" in s for q in name_ref(s)))
        self.folded = tuple(dict.fromkeys(fold(q) for q in self.quoted))
        self.symbols = tuple(dict.fromkeys(y for s in found if "[" in s for y in symbol_ref(s)))
        own: list[str] = []
        summarized = False
        if isinstance(data, dict):
            name = data.get("name")
            for each in (name.values() if isinstance(name, dict) else ()):
                if isinstance(each, str) and each:
                    own += (each, each.casefold(), fold(each))
            own += [v for v in (data.get("id"), data.get("symbol")) if isinstance(v, str) and v]
            summarized = (data.get("game"), data.get("kind")) in summarized_kinds
        self.own = tuple(dict.fromkeys(own))
        self.summarized = summarized

    def names(self, ids: set[str], names: set[str], english: set[str]) -> bool:
        """Whether the file names one of ``ids`` (a JSON string), ``names`` or ``english`` (folded; quoted 「…」)."""
        return not (ids.isdisjoint(self.strings) and names.isdisjoint(self.quoted) and english.isdisjoint(self.folded))

    def refs(self) -> set[str]:
        """What the file names or repeats of other records' :attr:`own`: its strings that may be ids, the names it
        quotes (folded too), its symbols, and its own id and names (a second record of them)."""
        return {*self.strings, *self.quoted, *self.folded, *self.symbols, *self.own}


@functools.cache
def _known_tools() -> tuple[Callable[[str], str], Callable[[str], list[str]], Callable[[str], list[str]], Any]:
    """What :class:`_Known` reads records with (imported once): :func:`toolkit.names.fold`, lint's quoted name and
    symbol patterns (their ``findall``) and the kinds lint keeps summaries of."""
    from toolkit.names import fold
    from validators.lint import NAME_REF, SUMMARY_FIELDS, SYMBOL_REF

    return fold, NAME_REF.findall, SYMBOL_REF.findall, SUMMARY_FIELDS


def _loads(text: str) -> Any:
    """The JSON value of a record file's ``text`` (None when it does not parse): orjson's parse, else
    :func:`parse_json`'s (an integer past 64 bits)."""
    import orjson

    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return parse_json(text)


class _Kept:
    """Lint's result of each record file's own checks (JSON, schema, model, ability texts, fonts: what
    :func:`validators.lint.kept_results` keeps, as `dossier lint`'s cache does, :mod:`validators.lint_cache`), and
    what the editor knows of it (:class:`_Known`), by file key, for the findings of one language: a check lints only
    the edited record and takes the rest as they were while their files are unchanged. ``full``: the keys whose
    result was worked out for a file linted as a target (with its findings and texts); the others hold only what
    the checks across records read."""

    LIMIT = 400_000  # files (a pool of 100,000 records, a few generations of them); past it, the results start again

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.results: dict[str, tuple[Any, ...]] = {}
        self.full: set[str] = set()
        self.known: dict[str, _Known] = {}

    def store(self, results: dict[str, tuple[Any, ...]], targets: set[str]) -> None:
        with self.lock:
            if len(self.results) + len(results) > self.LIMIT:
                self.results.clear()
                self.full.clear()
            for key, result in results.items():
                self.results[key] = result
                if key in targets:
                    self.full.add(key)
                else:
                    self.full.discard(key)

    def know(self, key: str, known: _Known) -> None:
        with self.lock:
            if len(self.known) >= self.LIMIT:
                self.known.clear()
            self.known[key] = known


_KEPT: dict[str, _Kept] = {}  # by the language of the findings
_KEPT_LOCK = threading.Lock()


def _kept() -> _Kept:
    from validators.text_lint import _language

    language = _language()
    with _KEPT_LOCK:
        found = _KEPT.get(language)
        if found is None:
            found = _KEPT[language] = _Kept()
        return found


def _survey(
    kept: _Kept, sources: Sequence[Source], read: dict[str, Source]
) -> dict[str, tuple[Path, bytes | None, _Known]]:
    """Each of ``sources`` (the edited record's context, :func:`_context`) by file key: its path, its signature now
    (one ``stat``) and what is known of it (:class:`_Known`, made from its text when the file is new or changed:
    its source, which holds the text, goes in ``read``, for lint to check without reading it again)."""
    from toolkit.catalog import file_key, file_signature

    out: dict[str, tuple[Path, bytes | None, _Known]] = {}
    for source in sources:
        key = file_key(source.path)
        signature = file_signature(key)
        known = kept.known.get(key)
        if known is None or signature is None or known.signature != signature:
            known = _Known(source.text, getattr(source, "signature", None) or signature)
            if known.signature is not None:
                kept.know(key, known)
            read[key] = source
        out[key] = (source.path, signature, known)
    return out


def _edit_disk(target: Target, verdicts: Any) -> Any:
    """Lint's look at the disk (:class:`validators.lint._Disk`) for an edit of ``target``, whose folder a save may
    make (a new record of a new set folder): a ``"$schema"`` is found from that folder as it will be once made (the
    path from the nearest folder that is there, its links followed, then the rest as written), as `dossier lint`
    finds it after the save, never "does not resolve" because the folder is not there yet; nor for the set's own
    copy of the schema, which the save makes (:func:`_give_set_schemas`)."""
    from toolkit.paths import set_schema_planned
    from validators.lint import _Disk

    folder = os.path.abspath(target.path.parent)

    class EditDisk(_Disk):
        def resolves(self, where: str, ref: str) -> bool:
            if where == folder and set_schema_planned(Path(where), ref, target.root):
                return True  # the set's own copy of the schema, which the save makes when it is missing
            if where == folder and not os.path.isdir(where):
                return os.path.isfile(os.path.normpath(os.path.join(os.path.realpath(where), ref)))
            return super().resolves(where, ref)

    return EditDisk(verdicts)


def _unplaced_source() -> type:
    """A :class:`~toolkit.catalog.FileSource` that is read at most once: asked for its text again once lint let it
    go (to place a finding found by the checks across records at its line), it has none, and the finding stays at
    the file's start. For the records a change may break, whose findings are counted, not shown."""
    from toolkit.catalog import FileSource

    read = FileSource.__dict__["text"]  # (the property: its getter reads the file again)

    class Unplaced(FileSource):
        @property
        def text(self) -> str | None:
            if not self.unread and not self.holds_text:  # (read, then let go)
                return None
            found: str | None = read.fget(self)
            return found

        @text.setter
        def text(self, value: str | None) -> None:
            read.fset(self, value)

    return Unplaced


_UNPLACED: list[type] = []


def _lint_run(
    kept: _Kept,
    target: Target,
    survey: dict[str, tuple[Path, bytes | None, _Known]],
    keys: Sequence[str],
    targets: set[str],
    edited: Source | None,
    edited_target: bool,
    shadowed: dict[tuple[str, str, str], Path] | None = None,
    placed: bool = True,
    read: dict[str, Source] | None = None,
) -> Any:
    """`dossier lint` of the files ``keys`` of ``survey`` (those of ``targets`` reported on) and ``edited`` last (the
    edited record; reported on if ``edited_target``; None: left out), each file unchanged since a check took its
    own checks as they were (:class:`_Kept`), the others checked and kept. Not ``placed``: the findings of the
    targets found by the checks across records are not placed at their lines (their files are not read again:
    :func:`_unplaced_source`; the maps and other records read whole are). ``read``: the sources of files read
    already (:func:`_survey`), each checked from the text it holds, once (then taken out). A
    :class:`validators.lint.LintResult`."""
    import marshal

    from toolkit.catalog import FileSource
    from toolkit.gcpause import gc_paused
    from toolkit.meter import meter_or_silent
    from validators.lint import Entry, _Files, _lint_entries, kept_results
    from validators.lint_cache import decode
    from validators.text_lint import TextVerdicts

    files = _Files()
    files.keeping = True  # (each file checked is given its signature: its result is kept)
    verdicts = TextVerdicts(files)
    disk = _edit_disk(target, verdicts)
    entries: list[Entry] = []
    ready: dict[str, tuple[Any, ...]] = {}
    if not _UNPLACED:
        _UNPLACED.append(_unplaced_source())
    unplaced = FileSource if placed else _UNPLACED[0]
    with kept.lock:
        results, full = kept.results, kept.full
        for key in keys:
            path, signature, known = survey[key]
            wanted = key in targets
            held = read.pop(key, None) if read is not None else None
            source = held if held is not None else (unplaced if wanted and known.summarized else FileSource)(path)
            entries.append(Entry(source, wanted, key))
            found = results.get(key)
            if found is None or signature is None or found[0] != signature or (wanted and key not in full):
                continue
            asked = found[10]  # (the "$schema" looked for: it must name a file, or not, as it did)
            if asked is not None and disk.resolves(os.path.dirname(key), asked[0]) != asked[1]:
                continue
            # a file no one asked about: only what the checks across records read (validators.lint._take_kept)
            ready[key] = found if wanted else (*found[:3], None, *found[4:7], (), None, None, *found[10:])
    if edited is not None:
        entries.append(Entry(edited, edited_target, ""))  # last: a second id or name is told on it

    def keep() -> None:  # once each file's own checks are done: those worked out now, kept
        fresh = [e for e in entries if e.signature is not None and e.key and e.key not in taken]
        if fresh:
            kept.store(decode(marshal.dumps(kept_results(fresh))), targets)

    taken = set(ready)
    with gc_paused():
        try:
            return _lint_entries(
                entries, disk, meter_or_silent(None), release=True, ready=ready, checked=keep, shadowed=shadowed
            )
        finally:
            verdicts.close()


def lint_edit(target: Target, text: str, pool: Sequence[Path] = (), before: str | None = None) -> Linted:
    """`dossier lint`'s findings for ``text`` as the content of ``target`` among the files of its game
    (:func:`_context`), and for the other records there that name it by an id or a name it has in ``text`` or in
    ``before`` (the file on disk; None for a new record): a rename shows what it breaks. Those records are linted
    only when ``text`` is a JSON object. The records an edit breaks are found by linting them again with
    ``before`` (only when one of them has an error): an error at a place where they had none is the edit's.
    Art is found only inside ``target``'s card folder and those of ``pool`` (:func:`toolkit.sheets.art.within`).

    Only the edited record is checked: the other files' own checks are taken as a check before left them while
    they are unchanged (:class:`_Kept`), so a check costs the checks across records, not a lint of the game."""
    from toolkit.sheets.art import within

    # art stays inside the card folder that holds its record (card.art.outside), as the preview draws it
    with within([target.root, *(p for p in pool if p.is_dir())]):
        return _lint_edit(target, text, pool, before)


def _lint_edit(target: Target, text: str, pool: Sequence[Path], before: str | None) -> Linted:
    """:func:`lint_edit`: lints of the files each needs, over the results :class:`_Kept` holds (a file read whole,
    a game, mode, map or format record, is in each):

    - the other records that name the edited one (``naming``: by an id or a name it has in ``text`` or ``before``)
      among the records they and it name (what lint's reference checks read of the rest): each one's errors with the
      edit, and, when some have errors, with ``before``: those it gains are the edit's (``broken``). Hundreds of
      cards name a faction: renamed, each of their errors asks for a "did you mean" among every faction of the game,
      which these lints do not pay for (their findings are counted, not shown);
    - the edited record, reported on, with the first :data:`SHOWN_OTHERS` of those records (the broken first), among
      every record of its game (the pool's too for a set's record) but the rest of those that name it (what lint
      reads of them, an id, a name, a symbol, matters to the edited record only if it names or repeats it: those
      are kept): its findings, and theirs, are `dossier lint`'s, word for word."""
    from collections import Counter

    from toolkit.jsonio import Source

    kept = _kept()
    shadowed: dict[tuple[str, str, str], Path] = {}  # the pool records the edited one stands for (card.id.pool)
    read: dict[str, Source] = {}  # the files read to know them: checked from the text they hold
    survey = _survey(kept, _context(target, text, pool, shadowed)[1:], read)
    own_file = str(target.path)
    edited = _Known(text, None)
    naming: list[str] = []
    if isinstance(parse_json(text), dict):
        ids, names, english = (a | b for a, b in zip(_called(text), _called(before), strict=True))
        naming = [key for key, (_, _, known) in survey.items() if known.names(ids, names, english)]
    whole = [key for key, (_, _, known) in survey.items() if not known.summarized]  # (read by every lint)

    def errors(found: Sequence[Finding]) -> Counter[tuple[str | None, str, str | None]]:
        return Counter((f.file, f.code, f.pointer) for f in found if f.severity == "error" and f.file != own_file)

    broken: list[str] = []
    grown: Counter[tuple[str | None, str, str | None]] = Counter()
    listed: list[str] = []  # the records that name it with findings, the broken first (as lint names their files)
    unchecked = False
    if naming:
        targets = set(naming)
        refs = edited.refs()
        for key in naming:
            refs |= survey[key][2].refs()
        around = [key for key, (_, _, known) in survey.items() if key not in targets and not refs.isdisjoint(known.own)]
        keys = list(dict.fromkeys([*whole, *around, *naming]))
        # the edited record last and reported on (a second id or name is its error, not theirs): left out below
        now = _lint_run(kept, target, survey, keys, targets, Source(target.path, text=text), True, shadowed, False, read)
        found = errors(now.findings)
        if found:
            earlier = Source(target.path, text=before) if before is not None else None
            then = _lint_run(kept, target, survey, keys, targets, earlier, True, shadowed, False)
            grown = found - errors(then.findings)
            broken = list(dict.fromkeys(file for file, _, _ in grown if file is not None))
            unchecked = bool(broken) and not is_record(text)
        listed = list(dict.fromkeys([*broken, *(f.file for f in now.findings if f.file not in (None, own_file))]))
    shown = set(listed[:SHOWN_OTHERS])
    shown_keys = {key for key in naming if str(survey[key][0]) in shown}
    # the edited record and the few shown, among every record but the other records that name it
    needed = edited.refs()
    for key in shown_keys:
        needed |= survey[key][2].refs()
    left_out = {key for key in naming if key not in shown_keys and needed.isdisjoint(survey[key][2].own)}
    keys = [key for key in survey if key not in left_out]
    result = _lint_run(
        kept, target, survey, keys, shown_keys, Source(target.path, text=text), True, shadowed, read=read
    ).findings
    own = [f for f in result if f.file == own_file]
    others = [f for f in result if f.file != own_file and f.file in shown]
    if unchecked:  # their new errors say only that the record they name is missing: it is, being invalid
        others = [f for f in others if f.severity != "error" or (f.file, f.code, f.pointer) not in grown]
    return Linted(own, others, broken, unchecked, max(0, len(listed) - len(shown)))


def is_record(text: str) -> bool:
    """Whether ``text`` holds a valid record (one lint loads, that other records can name)."""
    from pydantic import ValidationError

    from toolkit.models import parse_record

    data = parse_json(text)
    if not isinstance(data, dict):
        return False
    try:
        parse_record(data)
    except (ValidationError, ValueError, TypeError):
        return False
    return True


def parse_json(text: str) -> Any:
    """The JSON value of ``text`` (None when it does not parse: lint reports where)."""
    from toolkit.jsonio import JsonSyntaxError, loads_limited

    try:
        return loads_limited(text)
    except (JsonSyntaxError, RecursionError):
        return None


class _Edited:
    """The card pool as the preview of an edited record reads it: the pool's records, and the file of the edited
    one, ``record`` (not saved yet, perhaps not in the pool yet), ``path``: its art is found from there."""

    def __init__(self, catalog: Any, record: Any, path: Path) -> None:
        self.catalog = catalog
        self.record = record
        self.path = path

    def get(self, game: str, record_id: str, kind: str = "card") -> Any:
        return self.catalog.get(game, record_id, kind)

    def file_of(self, record: Any) -> Path | None:
        if record is self.record:
            return self.path
        found: Path | None = self.catalog.file_of(record)
        return found

    def __getattr__(self, name: str) -> Any:
        return getattr(self.catalog, name)


def preview(web: WebState, data: Any, lang: str, target: Target) -> dict[str, Any]:
    """The printed card of ``data``, the edited text of ``target`` (PNG as a data URL), and the layout's issues; a
    note when there is none. Its art is found from ``target``'s file, only inside the served card folders
    (:func:`toolkit.sheets.art.within`; else a grey box and the layout's issue say why)."""
    from pydantic import ValidationError

    from toolkit.models import parse_record
    from toolkit.sheets.layouts import is_printable

    t = i18n.t
    try:
        record = parse_record(data)
    except (ValidationError, ValueError, TypeError):
        return {"image": None, "note": t(lang, "The preview appears when the record is valid."), "issues": []}
    if not is_printable(record):
        kind = vocab.record_word(str(getattr(record, "kind", "")), lang)
        return {
            "image": None,
            "note": t(lang, "{kind}: this kind of record has no printed card.", kind=kind),
            "issues": [],
        }
    from toolkit.sheets import geometry, render
    from toolkit.sheets.art import within
    from toolkit.sheets.fonts import drawn_characters, print_fonts
    from toolkit.web.images import _LOCK  # ReportLab and PDFium are not shared between threads

    catalog = web.catalog
    lookup = _Edited(catalog, record, target.path)
    with _LOCK, within([target.root, *roots(web)]):
        fonts, _notes = print_fonts(None, None, drawn_characters([record], catalog, lang))
        sheet = render.render_cards([record], geometry.SheetSpec(), fonts, lookup, False, lang=lang)
        png = render.pdf_to_pngs(sheet.pdf, dpi=PREVIEW_DPI)[0]
    issues = [{"code": i.code, "severity": i.severity, "message": i.message} for i in sheet.issues]
    return {"image": "data:image/png;base64," + base64.b64encode(png).decode("ascii"), "note": None, "issues": issues}


# ---------------------------------------------------------------- templates for new cards


def _deref(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[-1]
        node = {**schema.get("$defs", {}).get(name, {}), **{k: v for k, v in node.items() if k != "$ref"}}
    return node


def kind_schema(game: str, kind: str) -> dict[str, Any]:
    """The JSON Schema of a kind, as schema/<game>/<kind>.schema.json holds it (generated from the model)."""
    from toolkit.models import KINDS, kind_adapter

    if (game, kind) not in KINDS:
        raise EditorError(tr("{game}/{kind}: no such kind of record", game=game, kind=kind))
    schema: dict[str, Any] = kind_adapter(game, kind).json_schema()
    return schema


def branch_types(schema: dict[str, Any]) -> list[str]:
    """The values of "type" that choose a branch of a discriminated kind (netrunner cards, tactics units)."""
    mapping = schema.get("discriminator", {}).get("mapping", {})
    return sorted(mapping)


def _blank(schema: dict[str, Any], node: dict[str, Any], depth: int = 0) -> Any:
    node = _deref(schema, node)
    if depth > 8:
        return None
    if "const" in node:
        return node["const"]
    if "default" in node and node["default"] is not None:
        return node["default"]
    if "enum" in node:
        return node["enum"][0]
    kind = node.get("type")
    if kind == "object":  # (its anyOf, if any, are sets of fields it needs one of: the first is given)
        props = node.get("properties", {})
        out = {k: _blank(schema, props[k], depth + 1) for k in node.get("required", []) if k in props}
        for option in node.get("anyOf", [])[:1]:
            for k in option.get("required", []):
                if k in props and k not in out:
                    out[k] = _blank(schema, {**props[k], **option.get("properties", {}).get(k, {})}, depth + 1)
        return out
    if "anyOf" in node:
        options = [o for o in node["anyOf"] if o.get("type") != "null"]
        return _blank(schema, options[0], depth + 1) if options and len(options) == len(node["anyOf"]) else None
    if kind == "array":
        return []
    if kind == "string":
        return ""
    if kind == "integer":
        return int(node.get("minimum", 0))
    if kind == "number":
        return node.get("minimum", 0)
    if kind == "boolean":
        return False
    return None


def template_record(
    web: WebState, game: str, kind: str, type_: str | None, record_id: str, name: str, directory: Path,
    root: Path | None = None,
) -> dict[str, Any]:
    """A new record of ``kind``: every required field at its first or empty value (of a kind that needs one of
    some sets of fields, the first set: a tactics mode starts ``incomplete``), the given id and name, the field its
    category needs (:func:`_category_field`) and an agent's symbol, empty: it starts valid but for the fields
    left empty, which the page lists as fields to fill in (:func:`to_fill`), not as errors, until they are
    touched or a save is tried."""
    schema = kind_schema(game, kind)
    body = schema
    types = branch_types(schema)
    if types:
        chosen = type_ if type_ in types else types[0]
        body = _deref(schema, {"$ref": schema["discriminator"]["mapping"][chosen]})
    record = _blank(schema, body)
    if not isinstance(record, dict):
        record = {}
    record.update(_category_field(schema, body, record))
    record.update({"game": game, "kind": kind, "id": record_id})
    if types:
        record["type"] = chosen
    record["name"] = {"zh-Hans": name} if name else {"zh-Hans": ""}
    if "symbol" in body.get("properties", {}) and "private" in body.get("properties", {}) and not record.get("private"):
        record["symbol"] = ""  # (an agent that is not a private needs one: a field to fill in, not a model error)
    record["$schema"] = _schema_ref(web, game, kind, directory, root if root is not None else directory)
    return record


def _category_field(schema: dict[str, Any], body: dict[str, Any], record: dict[str, Any]) -> dict[str, Any]:
    """The field a record's category needs, at its first or empty value, when the kind has a field named as the
    category and ``record`` lacks it: a tactics card of category equipment needs its "equipment" block (its size
    and users at their defaults). Empty otherwise."""
    category = record.get("category")
    if not isinstance(category, str):
        return {}
    node = body.get("properties", {}).get(category)
    if node is None or record.get(category) is not None:
        return {}
    options = [o for o in _deref(schema, node).get("anyOf", [node]) if o.get("type") != "null"]
    value = _blank(schema, options[0]) if options else None
    return {category: value} if value is not None else {}


def _schema_ref(web: WebState, game: str, kind: str, directory: Path, root: Path) -> str:
    """The "$schema" a record in ``directory`` (of the card folder ``root``) uses: a sibling's, unless it names
    Dossier's own schemas (then as any new record's), else :func:`toolkit.paths.set_schema_ref`'s: the nearest
    schema/ above it, else the set's own copy (``root/.schema/``, made by the save): never a path through the
    server's folders to Dossier's own."""
    from toolkit.models import schema_path
    from toolkit.paths import names_own_schema, set_schema_ref

    catalog = web.catalog
    for record in catalog.of_kind(game, kind):
        path = catalog.file_of(record)
        ref = getattr(record, "schema_", None)
        if path is not None and ref and Path(os.path.realpath(path)).parent == Path(os.path.realpath(directory)):
            if not names_own_schema(directory, str(ref)):
                return str(ref)
            break
    return set_schema_ref(directory, schema_path(game, kind), root)


@dataclass(frozen=True)
class Folder:
    """A card folder of the pool the editor may write into (writable root ``index``), as a new record's place.

    ``label``: the folder as the user named it in the pool (its last name; more of its path only where two
    would read the same), never the server's absolute path. ``games``: where the records of each game it may
    take go (the game's directory inside it, or the folder itself), by game: the games whose game.json it holds
    or lies in, or, for a designer's set folder (no game.json in it or above it), every game of the pool (a set
    belongs to the game its records name). ``bundled``: it is (in) the bundled card directory."""

    index: int
    root: Path
    label: str
    games: dict[str, Path]
    bundled: bool


def folder_labels(web: WebState) -> list[str]:
    """The writable roots as pages name them (by index): each one's last name as the user gave it in the pool (a
    link keeps the user's name), with as many of its parents as tell two of the same name apart."""
    given = [Path(os.path.normpath(p)) for p in web.settings.cards if p.is_dir()]
    resolved = roots(web)
    if len(given) != len(resolved):  # (a folder appeared or went since the server started): the resolved names
        given = resolved
    paths = [g if g.name else r for g, r in zip(given, resolved, strict=True)]
    labels = [p.name or "/" for p in paths]
    depth = 1
    while len(set(labels)) < len(labels) and depth < 64:
        depth += 1
        labels = [
            "/".join(p.parts[-depth:]) if labels.count(label) > 1 else label
            for p, label in zip(paths, labels, strict=True)
        ]
    return labels


def folders(web: WebState) -> list[Folder]:
    """Each writable root as a :class:`Folder` (once per catalog generation)."""

    def make() -> list[Folder]:
        from toolkit import paths
        from toolkit.catalog import game_root

        catalog = web.catalog
        game_dirs: dict[str, Path] = {}  # the pool's game directories, by game
        for record in catalog.records:
            if getattr(record, "kind", None) == "game":
                path = catalog.file_of(record)
                if path is not None:
                    game_dirs.setdefault(str(getattr(record, "game", "")), Path(os.path.realpath(path)).parent)
        bundled = Path(os.path.realpath(paths.CARDS_DIR))
        out = []
        for (index, root), label in zip(enumerate(roots(web)), folder_labels(web), strict=True):
            inside = {g: d for g, d in game_dirs.items() if d == root or d.is_relative_to(root)}
            above = game_root(root.parent)
            if inside:
                games = inside
            elif above is not None:  # a folder inside a game directory takes that game's records
                games = {g: root for g, d in game_dirs.items() if d == above}
            else:  # a designer's set folder: any game of the pool
                games = dict.fromkeys(game_dirs, root)
            out.append(Folder(index, root, label, games, root == bundled or root.is_relative_to(bundled)))
        return out

    made: list[Folder] = web.memo("editor.folders", make)
    return made


def in_package(folder: Folder | Path) -> bool:
    """Whether a card folder (or writable root) is the bundled cards of an installed dossier, which the editor
    never writes to (:func:`toolkit.paths.in_package`; always False in a checkout)."""
    from toolkit import paths

    return paths.in_package(folder.root if isinstance(folder, Folder) else folder)


SET_FOLDER = "my-set"
"""The set folder the editor's advice names (:func:`package_refusal`)."""


def package_refusal(web: WebState, game: str | None = None) -> str:
    """Why the editor writes nothing into an installed dossier's bundled cards, and what to do instead: the card
    folders of the user's in the pool that may take a record (of ``game``), when there are some; else commands
    that add one, each of which works where it is given, the folder ``dossier serve`` runs in (the working
    directory: where ``--cards cards`` and ``cards = [...]`` are read): ``dossier examples --out . --with-cards``
    when there is no ``cards/`` there (it writes only the parts that are missing), ``mkdir my-set`` (as every
    shell spells it) when there is no ``my-set/``, then ``dossier serve`` with both folders, which it accepts
    once they exist."""
    own = [f for f in folders(web) if not in_package(f) and (game is None or game in f.games)]
    if own:
        return tr(
            "the bundled cards are part of the installed package and are not written to; write into a card "
            "folder of yours (the New card form's Card folder): {folders}",
            folders=", ".join(f.label for f in own),
        )
    here = Path.cwd()
    cards = here / "cards"
    copy = not cards.is_dir() or in_package(cards)
    make = not (here / SET_FOLDER).is_dir()
    words = {
        "examples": "`dossier examples --out . --with-cards`",
        "mkdir": f"`mkdir {SET_FOLDER}`",
        "serve": f"`dossier serve --cards cards --cards {SET_FOLDER}`",
        "config": f'`cards = ["cards", "{SET_FOLDER}"]`',
        "file": "`dossier.toml`",
        "plain": "`dossier serve`",
    }
    if copy and make:
        return tr(
            "the bundled cards are part of the installed package and are not written to; add a card folder of "
            "your own: stop the server (Ctrl+C) and, in the folder where you started it, run {examples} (it copies "
            "the bundled cards into cards/) and {mkdir} (a folder for your set); then {serve}, or put {config} in "
            "{file} and run {plain}",
            **words,
        )
    if copy:
        return tr(
            "the bundled cards are part of the installed package and are not written to; add a card folder of "
            "your own: stop the server (Ctrl+C) and, in the folder where you started it, run {examples} (it copies "
            "the bundled cards into cards/); then {serve}, or put {config} in {file} and run {plain}",
            **words,
        )
    if make:
        return tr(
            "the bundled cards are part of the installed package and are not written to; add a card folder of "
            "your own: stop the server (Ctrl+C) and, in the folder where you started it, run {mkdir} (a folder "
            "for your set); then {serve}, or put {config} in {file} and run {plain}",
            **words,
        )
    return tr(
        "the bundled cards are part of the installed package and are not written to; add a card folder of your "
        "own: stop the server (Ctrl+C) and, in the folder where you started it, run {serve}, or put {config} in "
        "{file} and run {plain}",
        **words,
    )


def new_folders(web: WebState, game: str) -> list[Folder]:
    """The folders a new record of ``game`` may be written into, in the pool's order (never an installed
    dossier's bundled cards)."""
    return [f for f in folders(web) if game in f.games and not in_package(f)]


def default_folder(choices: list[Folder]) -> Folder:
    """The designer's own folder: the last of ``choices`` that is not the bundled card directory (else the
    first)."""
    own = [f for f in choices if not f.bundled]
    return own[-1] if own else choices[0]


def kind_folder(web: WebState, folder: Folder, game: str, kind: str) -> Path:
    """The directory of ``folder`` a new ``kind`` of ``game`` goes in, following the folder's layout: its
    ``<kind directory>/`` (``cards/``, :data:`toolkit.models.KIND_DIRS`, the layout of the bundled games and of
    ``import csv --into``) where the game's directory there has one, else the directory holding most of the
    folder's records of that kind, else a new ``<kind directory>/``."""
    from collections import Counter

    from toolkit.models import KIND_DIRS

    base = folder.games[game]
    standard = base / KIND_DIRS.get(kind, kind + "s")
    if standard.is_dir():
        return standard
    catalog = web.catalog
    seen: dict[str, str] = {}
    held: Counter[str] = Counter()
    for record in catalog.of_kind(game, kind):
        path = catalog.file_of(record)
        if path is None:
            continue
        directory = os.path.dirname(os.fspath(path))
        real = seen.get(directory)
        if real is None:
            real = seen[directory] = os.path.realpath(directory)
        if real == str(base) or real.startswith(os.path.join(str(base), "")):
            held[real] += 1
    if held:
        most = max(held.values())
        return Path(min(d for d, n in held.items() if n == most))
    return standard


def new_card_path(web: WebState, game: str, kind: str, record_id: str, root: int | None = None) -> Target:
    """Where a new record goes: ``<id>.json`` in the :func:`kind_folder` of card folder ``root`` (index of the
    writable roots; None: the :func:`default_folder` of those that may take the game's records)."""
    from toolkit.models import SLUG_PATTERN

    if not re.match(SLUG_PATTERN, record_id) or len(record_id) > 64:
        raise EditorError(
            tr(
                "id {id}: lower-case letters, digits, single _ or - between them (the file name)",
                id=repr(record_id[:80]),
            ),
            field="id",
        )
    catalog = web.catalog
    if not catalog.of_kind(game, "game"):
        raise EditorError(
            tr("the card pool has no {game} game record to add a {kind} to", game=game, kind=kind), field="kind"
        )
    choices = new_folders(web, game)
    if root is not None:
        all_roots = roots(web)
        if not 0 <= root < len(all_roots):
            raise EditorError(_no_root(root, len(all_roots)), 403, field="root")
        chosen = next((f for f in choices if f.index == root), None)
        if chosen is None and in_package(all_roots[root]):
            raise EditorError(package_refusal(web, game), 403, field="root")
        if chosen is None:
            raise EditorError(
                tr(
                    "card folder {folder}: a {game}/{kind} cannot be written there; the folders for it: {folders}",
                    folder=folder_labels(web)[root],
                    game=game,
                    kind=kind,
                    folders=", ".join(f.label for f in choices) or "-",
                ),
                403,
                field="root",
            )
    elif choices:
        chosen = default_folder(choices)
    elif any(game in f.games and in_package(f) for f in folders(web)):
        raise EditorError(package_refusal(web, game), 403, field="kind")
    else:
        raise EditorError(
            tr("the {game} game record is not in a card directory the editor may write into", game=game),
            403,
            field="kind",
        )
    directory = kind_folder(web, chosen, game, kind)
    rel = (directory / f"{record_id}.json").relative_to(chosen.root).as_posix()
    target = locate(web, chosen.index, rel)
    if target.exists:
        raise EditorError(
            tr("{path} exists already; open it to edit it", path=f"{chosen.label}/{target.rel}"), 409, field="id"
        )
    same = catalog.get(game, record_id, kind)  # elsewhere in the pool: the pool would no longer load
    if same is not None:
        path = catalog.file_of(same)
        place = target_of_file(web, path) if path is not None else None
        shown = f"{folder_labels(web)[place.index]}/{place.rel}" if place is not None else repr(record_id)
        raise EditorError(tr("{path} exists already; open it to edit it", path=shown), 409, field="id")
    return target


# ---------------------------------------------------------------- saving


SYNC_RELOAD_RECORDS = 2000
"""A card pool of at most this many records is loaded again before a save answers (well within a second); a larger
one once the answer is on its way (:func:`reload_after_save`: 10,000 records take seconds)."""

_WRITE_LOCK = threading.Lock()  # one save at a time: the check of the file on disk, then the write


class _Reload:
    """The card pool's reload after a save, once the save has answered: a reload reads every record and builds
    the database again, seconds for 10,000 records, which the designer does not wait for. One at a time per
    server; a save during one asks for another after it (``again``). The editor's pages that read the pool wait
    for it (:func:`wait_for_reload`), so the next of them shows the saved card. ``failed``: why the last one did
    not load (in the saving page's language), with the server's generation then: said by the editor until the pool
    loads again (a later reload, or the server's own when the files change)."""

    def __init__(self, web: WebState) -> None:
        self.web = weakref.ref(web)  # (the server's state keeps its reloads, not the other way round)
        self.lock = threading.Lock()
        self.idle = threading.Event()
        self.idle.set()
        self.again = False
        self.lang = i18n.current_lang()
        self.failed: tuple[int, str] | None = None

    def start(self, lang: str) -> None:
        with self.lock:
            self.lang = lang
            if not self.idle.is_set():
                self.again = True
                return
            self.idle.clear()
        threading.Thread(target=self._run, name="dossier-editor-reload", daemon=True).start()

    def _run(self) -> None:
        try:
            while True:
                with self.lock:
                    self.again = False
                    lang = self.lang
                web = self.web()
                if web is None:  # (the server is gone)
                    return
                failed = None
                try:
                    with i18n.use_lang(lang):
                        web.reload()  # the browser, the decks and the database see the new card
                except DossierError as exc:
                    failed = (web.generation, exc.message)
                    web.log_warning(exc)
                del web
                with self.lock:
                    self.failed = failed
                    if not self.again:
                        return
        finally:
            self.idle.set()

    def note(self, lang: str) -> str | None:
        """What to say of the pool while the last reload failed and nothing reloaded it since; else None."""
        failed, web = self.failed, self.web()
        if failed is None or web is None or failed[0] != web.generation:
            return None
        return i18n.t(lang, "But the card pool did not reload: {message}", message=failed[1])


_RELOADS: weakref.WeakKeyDictionary[WebState, _Reload] = weakref.WeakKeyDictionary()
_RELOADS_LOCK = threading.Lock()
RELOAD_WAIT = 120.0  # seconds a page waits for the pool's reload (a pool of 100,000 records takes some 40)


def _reloads(web: WebState) -> _Reload:
    with _RELOADS_LOCK:
        found = _RELOADS.get(web)
        if found is None:
            found = _RELOADS[web] = _Reload(web)
        return found


def reload_after_save(web: WebState, lang: str) -> None:
    """Reload the card pool in the background after a save (:class:`_Reload`)."""
    _reloads(web).start(lang)


def reload_under_way(web: WebState) -> bool:
    """Whether a reload a save asked for is not done yet."""
    found = _RELOADS.get(web)
    return found is not None and not found.idle.is_set()


def wait_for_reload(web: WebState) -> None:
    """Wait (at most :data:`RELOAD_WAIT` seconds) for the reload a save asked for, if one is under way: what reads the
    card pool next shows the saved card."""
    found = _RELOADS.get(web)
    if found is not None:
        found.idle.wait(RELOAD_WAIT)


def reload_note(web: WebState, lang: str) -> str | None:
    """Why the pool did not load after the last save (:meth:`_Reload.note`), or None."""
    found = _RELOADS.get(web)
    return found.note(lang) if found is not None else None



def save(web: WebState, target: Target, text: str, base: str | None, new: bool) -> tuple[str, Linted]:
    """Write ``text``'s record in canonical form to ``target`` when lint finds no error in it (:func:`saved_form`:
    with fmt's ``"$schema"`` step).

    Returns (the canonical text, what lint says: warnings only for the record, anything for the other records that
    name it, :func:`lint_edit`). Raises :class:`EditorError` for a file that appeared (new) or is gone, and for a
    save of an existing record without ``base`` (the sha256 it had when it was opened); :class:`Conflict` when it
    changed on disk since; :class:`LintRefused` with the findings when the record has errors.
    """
    from toolkit.jsonio import atomic_write_text, canonical_dumps

    if in_package(target.root):
        raise EditorError(package_refusal(web), 403)
    if not new and base is None:
        raise EditorError(
            tr(
                "{path}: not saved: a save of an existing record gives base, the sha256 the file had when it was "
                "opened (without it, a change made on disk since would be overwritten)",
                path=target.rel,
            )
        )
    before = read_target(target)[0] if not new and target.exists else None  # the names others may know it by
    data = parse_json(text)
    pool = web.settings.cards
    if data is None:
        raise LintRefused(lint_edit(target, text, pool, before))
    written = saved_form(target, data)
    canonical = canonical_dumps(written)  # as `dossier fmt` writes it, "$schema" too
    linted = lint_edit(target, canonical, pool, before)
    if any(f.severity == "error" for f in linted.own):
        raise LintRefused(linted)
    with _WRITE_LOCK:  # (not the server's lock: a reload under way holds it for seconds)
        if new and target.exists:
            raise EditorError(tr("{path} exists already; open it to edit it", path=target.rel), 409)
        if not new:
            if not target.exists:
                raise EditorError(tr("{path} is no longer there; it was moved or deleted", path=target.rel), 409)
            on_disk, digest = read_target(target)
            if digest != base:
                raise Conflict(
                    tr(
                        "{path} changed on disk since you opened it; not saved: your version and the one on disk "
                        "are both kept for you to choose from",
                        path=target.rel,
                    ),
                    on_disk,
                    digest,
                )
        _give_set_schemas(target, written)  # (a set with no schema folder above: its own copy, as it is checked)
        try:
            target.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(target.path, canonical)  # refuses a link, a directory, a FIFO in its place
        except OSError as exc:
            raise EditorError(
                tr("{path}: cannot write: {reason}", path=target.rel, reason=exc.strerror or exc), 500
            ) from None
    return canonical, linted


class LintRefused(Exception):
    def __init__(self, linted: Linted) -> None:
        super().__init__("lint errors")
        self.findings = linted.own
        self.linted = linted


# ---------------------------------------------------------------- pages


PAGE_SIZE = 100  # records on one page of the index
MAX_QUERY = 200


def _index_base(web: WebState) -> list[dict[str, Any]]:
    """Every record the served pool holds in a writable card directory, sorted, with what the filter matches
    (id, game, kind, type, path, the names and kind lines in both languages); once per catalog generation. A
    tactics card's type is its category (``equipment``, 装备): it has no "type"."""

    def make() -> list[dict[str, Any]]:
        catalog = web.catalog
        rows = []
        where = _Places(web)
        labels = folder_labels(web)
        described: dict[tuple[str, str, str], list[str]] = {}
        for record in catalog.records:
            path = catalog.file_of(record)
            target = where.target(path) if path is not None else None
            if target is None:
                continue
            game = str(getattr(record, "game", ""))
            kind = str(getattr(record, "kind", ""))
            type_ = str(getattr(record, "type", "") or getattr(record, "category", "") or "")
            names = {str(record.name.zh_hans or ""), str(getattr(record.name, "en", None) or "")}
            folder = labels[target.index]
            faction = str(getattr(record, "faction", "") or "")
            words = [record.id, game, kind, type_, faction, folder, target.rel, *names]
            shared = described.get((game, kind, type_))
            if shared is None:  # the game's and the kind's words in both languages, once per kind of record
                shared = described[(game, kind, type_)] = [
                    w
                    for lang in ("en", "zh-Hans")
                    for w in (i18n.word("web.game", game, lang), vocab.kind_line(kind, type_ or None, lang))
                ]
            words.extend(shared)
            rows.append(
                {
                    "record": record,
                    "game": game,
                    "kind": kind,
                    "type": type_,
                    "id": record.id,
                    "root": target.index,
                    "folder": folder,
                    "path": target.rel,
                    "search": " ".join(w for w in words if w).casefold(),
                }
            )
        rows.sort(key=lambda r: (r["game"], r["kind"] != "game", r["kind"], r["id"]))
        return rows

    rows: list[dict[str, Any]] = web.memo("editor.index", make)
    return rows


class _Places:
    """:func:`target_of_file` for many files at once, for the index: each directory resolved once, and only the
    file itself looked at (a link is left out, as :func:`locate` refuses it). Opening one goes through
    :func:`locate` all the same."""

    def __init__(self, web: WebState) -> None:
        self.roots = [(index, str(root)) for index, root in enumerate(roots(web))]
        self.dirs: dict[str, str] = {}

    def target(self, path: Path) -> Target | None:
        directory, name = os.path.split(os.fspath(path))
        real = self.dirs.get(directory)
        if real is None:
            real = self.dirs[directory] = os.path.realpath(directory)
        if os.path.islink(path) or not name.endswith(".json"):
            return None
        for index, root in self.roots:
            if real == root or real.startswith(root + os.sep):
                rel = Path(os.path.relpath(os.path.join(real, name), root)).as_posix()
                if any(part.startswith(".") for part in rel.split("/")):
                    return None
                return Target(index, Path(root), rel, Path(real, name))
        return None


def _listing(web: WebState, lang: str) -> list[dict[str, Any]]:
    """The rows of :func:`_index_base` with their names and kind lines in ``lang`` (once per generation and
    language)."""

    def make() -> list[dict[str, Any]]:
        out = []
        for row in _index_base(web):
            record = row["record"]
            out.append(
                {
                    **{k: v for k, v in row.items() if k != "record"},
                    "name": i18n.name_of(record, lang),
                    "other": i18n.other_name(record, lang) or "",
                    "kind_line": vocab.kind_line(row["kind"], row["type"] or None, lang),
                }
            )
        return out

    rows: list[dict[str, Any]] = web.memo(f"editor.index.{lang_key(lang)}", make)
    return rows


def filter_rows(rows: list[dict[str, Any]], query: str, game: str | None = None) -> list[dict[str, Any]]:
    """The rows of ``game`` (any when None) whose id, names (either language), game, kind, type or path hold
    every word of ``query`` (case folded)."""
    words = query.casefold().split()
    return [r for r in rows if (game is None or r["game"] == game) and all(w in r["search"] for w in words)]


def page_links(page: int, pages: int, url: Any) -> list[dict[str, Any]]:
    """The numbered links of a pager: the first and last pages, two either side of ``page``, gaps between."""
    shown = sorted({1, pages, *range(max(1, page - 2), min(pages, page + 2) + 1)})
    links: list[dict[str, Any]] = []
    for n in shown:
        if links and n - links[-1]["n"] > 1:
            links.append({"n": n - 1, "gap": True})
        links.append({"n": n, "url": url(n), "current": n == page, "gap": False})
    return links


def _kinds(lang: str) -> list[dict[str, Any]]:
    from toolkit.models import KINDS

    out = []
    for game, kind in KINDS:
        if kind == "game":
            continue
        types = branch_types(kind_schema(game, kind))
        out.append(
            {
                "game": game,
                "kind": kind,
                "name": vocab.record_word(kind, lang),
                "types": types,
                "type_names": [vocab.record_word(t, lang) for t in types],
            }
        )
    return out


@router.get("/editor", response_class=HTMLResponse, name="editor_index", include_in_schema=False)
def editor_index(
    request: Request,
    q: str = Query("", max_length=MAX_QUERY),
    game: str = Query("", max_length=40),
    page: int = Query(1, ge=1, le=100_000),
) -> HTMLResponse:
    """The records of the card directories, a page of :data:`PAGE_SIZE` per game, filtered by ``q`` (words
    all found in the id, a name in either language, the game, kind, type or path) and ``game``."""
    return _index_page(request, q, game, page)


def _index_page(
    request: Request, q: str, game: str, page: int, error: str | None = None, asked: dict[str, Any] | None = None
) -> HTMLResponse:
    """The editor's index; ``error``: what the server refused (a new record it cannot make), shown above it. Never
    a message from the address: a link could otherwise plant any words there. ``asked``: the New card form's fields
    as they were sent (kindref, id, name, type, root) and the ``field`` the refusal is about, which the form keeps,
    marks (aria-invalid, described by the error) and focuses."""
    web = state(request)
    wait_for_reload(web)  # (a save's reload under way: the list shows the saved record)
    lang = request_lang(request)
    rows = _listing(web, lang)
    kinds = web.memo(f"editor.kinds.{lang_key(lang)}", lambda: _kinds(lang))
    games = sorted({k["game"] for k in kinds} | {r["game"] for r in rows})
    chosen = game if game in games else None
    query = " ".join(q.split())
    matched = filter_rows(rows, query, chosen)
    keep = {k: v for k, v in (("lang", request.query_params.get("lang")), ("q", query)) if v}
    index_url = request.url_for("editor_index")
    sections = []
    for g in [chosen] if chosen else games:
        mine = [r for r in matched if r["game"] == g] if not chosen else matched
        if not mine:
            continue
        pages = max(1, -(-len(mine) // PAGE_SIZE))
        at = min(page, pages) if chosen else 1
        first = (at - 1) * PAGE_SIZE

        def url(n: int, g: str = g) -> str:
            return str(index_url.include_query_params(**keep, game=g, page=n))

        sections.append(
            {
                "game": g,
                "count": len(mine),
                "rows": mine[first : first + PAGE_SIZE],
                "page": at,
                "pages": pages,
                "start": first + 1 if mine else 0,
                "end": min(first + PAGE_SIZE, len(mine)),
                "links": page_links(at, pages, url) if pages > 1 else [],
                "prev": url(at - 1) if at > 1 else None,
                "next": url(at + 1) if at < pages else None,
            }
        )
    places = [f for f in folders(web) if not in_package(f)]  # (never an installed dossier's bundled cards)
    # installed, with only the bundled cards in the pool: the New form says to add a folder of one's own
    notice = error or (package_refusal(web) if not places and any(in_package(f) for f in folders(web)) else None)
    # the New card form: as it was sent when the server refused it (an unknown kind: the first one's place)
    new = dict(asked or {})
    refs = {f"{k['game']}/{k['kind']}" for k in kinds}
    new_kind = new.get("kindref") if new.get("kindref") in refs else "tactics/card"
    new_game = str(new_kind).partition("/")[0]
    kept_root = new.get("root") if any(f.index == new.get("root") for f in places) else None
    bad = new.get("field")
    if bad == "root" and not places:  # (no folder to choose: the kind chose the game that has none)
        bad = "kind"
    response = render(
        request,
        "editor/index.html",
        status_code=400 if error else 200,
        folders=places,
        # the folder each game's new records go in unless another is chosen
        folder_defaults={g: default_folder(new_folders(web, g)).index for g in games if new_folders(web, g)},
        new_kind=new_kind,
        new_game=new_game,
        new_root=kept_root,
        new_bad=bad,
        sections=sections,
        total=len(matched),
        all_count=len(rows),
        q=query,
        game=chosen or "",
        lang_param=request.query_params.get("lang") or "",
        kinds=kinds,
        games=games,
        error=notice,
        asked=asked or {},
        writable=bool(roots(web)),
        page_size=PAGE_SIZE,
    )
    response.headers["Cache-Control"] = "no-store"
    return response


def shown_name(data: Any, lang: str) -> str:
    """The name of the record ``data`` (a JSON value) as a page in ``lang`` shows it: in ``lang``, else in the other
    language, else its id; "" for none (the preview's alt text names the card by it, as the card pages do)."""
    if not isinstance(data, dict):
        return ""
    name = data.get("name")
    names = name if isinstance(name, dict) else {}
    for each in (lang, "zh-Hans", "en"):
        value = names.get(each)
        if isinstance(value, str) and value.strip():
            return " ".join(value.split())
    record_id = data.get("id")
    return record_id if isinstance(record_id, str) else ""


def _editor_page(
    request: Request,
    target: Target | None,
    text: str,
    digest: str | None,
    new: dict[str, Any] | None = None,
    status: int = 200,
) -> HTMLResponse:
    lang = request_lang(request)
    data = parse_json(text)
    game = data.get("game") if isinstance(data, dict) else None
    kind = data.get("kind") if isinstance(data, dict) else None
    schema: dict[str, Any] | None = None
    if isinstance(game, str) and isinstance(kind, str):
        try:
            schema = kind_schema(game, kind)
        except EditorError:
            schema = None
    fields, helps = vocab.field_words(lang)
    words = {
        **i18n.table("web.ed.js", lang),
        "error": i18n.tc(lang, "severity", "error"),
        "warning": i18n.tc(lang, "severity", "warning"),
        # TRANSLATORS: a field of the editor's form whose value is edited as JSON text
        "as_json": i18n.t(lang, "{label} (JSON)"),
        # TRANSLATORS: the {n}th item of a list in the editor's form: "Text #2"
        "item": i18n.t(lang, "{label} #{n}"),
        "failed": i18n.t(lang, "The request failed (HTTP {status})."),
        # the preview's alt text, the record's name in it (:func:`shown_name`)
        "preview_alt": i18n.t(lang, "{name}, as printed"),
        # TRANSLATORS: opens the full list of the words an ability text may have where it has an error
        "alternatives": i18n.t(lang, "All {n} words possible there"),
        # TRANSLATORS: said (to screen readers) of a link to another record: the editor opens it in a new tab
        "new_tab": i18n.t(lang, "(opens in a new tab)"),
        # a new record's fields that its template left empty (not errors until touched or saved)
        "one_to_fill": i18n.t(lang, "1 field to fill in"),
        "n_to_fill": i18n.t(lang, "{n} fields to fill in"),
        # TRANSLATORS: said under a field of a new record that its template left empty
        "to_fill_here": i18n.t(lang, "To fill in"),
        # the records a change breaks beyond those the page names, and the other records with findings not shown
        "one_more_record": i18n.t(lang, "and 1 more record"),
        "n_more_records": i18n.t(lang, "and {n} more records"),
        "one_more_other": i18n.t(lang, "1 more record that names this one has lint findings."),
        "n_more_others": i18n.t(lang, "{n} more records that name this one have lint findings."),
        # a save refused because the file changed on disk since the page opened it
        "conflict_title": i18n.t(lang, "The file changed on disk"),
        "conflict_say": i18n.t(
            lang,
            "{file} changed on disk since you opened it (saved from another tab or program). Your changes are not "
            "saved and are still here: keep yours or take the one on disk.",
        ),
        "see_difference": i18n.t(lang, "See the difference"),
        # TRANSLATORS: the caption of the table of the fields that differ between the file on disk and the editor's
        "diff_caption": i18n.t(lang, "Fields that differ: {n}"),
        "diff_field": i18n.t(lang, "Field"),
        # TRANSLATORS: a column of the table of differences: the value in the file on disk
        "diff_disk": i18n.t(lang, "On disk"),
        # TRANSLATORS: a column of the table of differences: the value in the editor, not saved
        "diff_mine": i18n.t(lang, "Yours"),
        # TRANSLATORS: a field that one of the two versions of a record does not have
        "absent": i18n.t(lang, "(not there)"),
        "whole_record": i18n.t(lang, "The whole record"),
        "same_record": i18n.t(lang, "The two hold the same record: only the file's layout differs."),
        "keep_mine": i18n.t(lang, "Keep mine (save it over the one on disk)"),
        "take_disk": i18n.t(lang, "Take the one on disk (set mine aside)"),
        "aside_title": i18n.t(lang, "Your version is set aside"),
        "aside_say": i18n.t(
            lang,
            "The editor now shows the file as it is on disk. Your version is not saved; you can take it back "
            "while this page is open.",
        ),
        "back_to_mine": i18n.t(lang, "Back to my version"),
        "close": i18n.t(lang, "Close"),
    }
    web = state(request)
    read_only = None  # a record of an installed dossier's bundled cards: why it cannot be saved, what to do instead
    if target is not None and in_package(target.root):
        if any(not in_package(f) for f in folders(web)):
            read_only = i18n.t(lang, "This record is one of the bundled cards of the installed package: it is "
                                     "read-only, and the editor never saves it. To make a card of your own from it, "
                                     "start one in a card folder of yours with the New card form (its Card folder "
                                     "choice) and copy what you need from here.")  # fmt: skip
        else:
            read_only = i18n.t(lang, "This record is one of the bundled cards of the installed package: it is "
                                     "read-only, and the editor never saves it.") + " " + package_refusal(web)  # fmt: skip
    response = render(
        request,
        "editor/edit.html",
        status_code=status,
        target=target,
        read_only=read_only,
        card_name=shown_name(data, lang) or (target.path.stem if target is not None else ""),
        title=(target.rel if target is not None else (new or {}).get("rel", "")),
        folder=folder_labels(web)[target.index] if target is not None else None,
        config={
            "root": target.index if target is not None else None,
            "path": target.rel if target is not None else None,
            "base": digest,
            "text": text,
            "schema": schema,
            "new": new,
            "fields": fields,
            "help": helps,
            "kind_help": vocab.kind_field_help(lang),  # (a field whose help depends on the kind: a card's "status")
            "kind_labels": vocab.kind_field_labels(lang),  # (and whose label does: an agent's "vision/side")
            "choices": choice_words(lang),  # the words of the values a menu offers (the value stays the id)
            "words": words,
            "lang": lang_key(lang),
            "check": str(request.url_for("editor_check")),
            "save": str(request.url_for("editor_save")),
            "edit": str(request.url_for("editor_edit")),
        },
    )
    response.headers["Cache-Control"] = "no-store"
    return response


@router.get("/editor/edit", response_class=HTMLResponse, name="editor_edit", include_in_schema=False)
def editor_edit(
    request: Request, path: str = Query(..., max_length=MAX_PATH), root: int = Query(0, ge=0, le=1000)
) -> HTMLResponse:
    web = state(request)
    try:
        target = locate(web, root, path)
        if not target.exists:
            raise EditorError(tr("{path}: no such file", path=target.rel), 404)
        text, digest = read_target(target)
    except EditorError as exc:
        return render(request, "editor/error.html", status_code=exc.status, message=exc.message)
    return _editor_page(request, target, text, digest)


@router.get("/editor/record/{game}/{record_id}", name="editor_record", include_in_schema=False)
def editor_record(request: Request, game: str, record_id: str, kind: str | None = None) -> Response:
    """Open a record by game and id (the card page's "Edit this card")."""
    web = state(request)
    wait_for_reload(web)  # (a record a save just made is found)
    catalog = web.catalog
    kinds = [kind] if kind else ["card", "identity", "agent", "unit", "role", "ability", "attack", "map", "faction"]
    for k in kinds:
        record = catalog.get(game, record_id, k)
        path = catalog.file_of(record) if record is not None else None
        if path is not None:
            target = target_of_file(web, path)
            if target is None:
                break
            return RedirectResponse(
                request.url_for("editor_edit").include_query_params(root=target.index, path=target.rel), 303
            )
    ref = f"{game}/{record_id}"
    message = i18n.t(request_lang(request), "No record {ref} in the card directories.", ref=ref)
    return render(request, "editor/error.html", status_code=404, message=message)


@router.get("/editor/new", response_class=HTMLResponse, name="editor_new", include_in_schema=False)
def editor_new(
    request: Request,
    kindref: str = Query(..., max_length=80, description="game/kind, e.g. tactics/card"),
    id: str = Query("", max_length=80),
    name: str = Query("", max_length=200),
    type: str | None = Query(None, max_length=40),
    root: int | None = Query(None, ge=0, le=1000, description="the card folder (index of the writable roots)"),
) -> Response:
    web = state(request)
    wait_for_reload(web)  # (an id a save just took is taken)
    game, _, kind = kindref.partition("/")
    try:
        try:
            kind_schema(game, kind)
        except EditorError as exc:
            exc.field = "kind"
            raise
        target = new_card_path(web, game, kind, id.strip(), root)
        record = template_record(web, game, kind, type, id.strip(), " ".join(name.split()), target.path.parent,
                                 target.root)  # fmt: skip
    except EditorError as exc:  # the index, saying why, its New card form holding what was asked (the field marked)
        asked = {"kindref": kindref, "id": id, "name": name, "type": type or "", "root": root, "field": exc.field}
        return _index_page(request, "", "", 1, error=exc.message, asked=asked)
    from toolkit.jsonio import canonical_dumps

    new = {"root": target.index, "rel": target.rel}
    return _editor_page(request, target, canonical_dumps(record), None, new=new)


# ---------------------------------------------------------------- the JSON calls of the page


class CheckBody(BaseModel):
    root: int = Field(0, ge=0, le=1000)
    path: str = Field(..., max_length=MAX_PATH)
    text: str = Field(..., max_length=MAX_TEXT)
    canonical: bool = Field(False, description="Lint the canonical form of the JSON (what saving writes).")
    preview: bool = True
    lang: str | None = None
    fresh: bool = Field(
        False,
        description="A new record not saved yet (nor a save tried): an error at a field still empty and not "
        "touched is a field to fill in (to_fill), not an error.",
    )
    touched: list[str] = Field(
        [], max_length=10_000, description="The JSON pointers of the fields the designer changed (with fresh)."
    )


class CheckResult(BaseModel):
    findings: list[dict[str, Any]]
    to_fill: list[dict[str, Any]] = []
    errors: int
    warnings: int
    valid_json: bool
    preview: dict[str, Any] | None = None
    note: str | None = None
    others: list[dict[str, Any]] = []
    others_more: int = 0
    breaks: dict[str, Any] | None = None


def on_disk(target: Target) -> str | None:
    """The text of ``target`` on disk (None when there is none or it cannot be read: lint of the edit says why)."""
    if not target.exists:
        return None
    try:
        return read_target(target)[0]
    except EditorError:
        return None


def others_json(request: Request, web: WebState, target: Target, linted: Linted, saved: bool) -> dict[str, Any]:
    """For the page, what lint says of the other records that name the edited one: the findings of the first few
    ("others": each with its "file" and "url", the editor's page of it, None when it cannot open it; "others_more":
    how many more of them have findings), and "breaks", how many records the edit (or, ``saved``, the save) breaks
    ("count"), the first :data:`SHOWN_OTHERS` of them ("records"; "more": the rest, counted) and what to say of
    them, or None when it breaks none. Hundreds of cards name a faction: the answer names a few, never all."""
    shown: dict[str, tuple[str, str | None]] = {}
    edit = request.url_for("editor_edit")

    def named(path: str | None) -> tuple[str, str | None]:
        if path is None:
            return target.rel, None
        if path not in shown:
            file, place = other_file(web, path)
            url = str(edit.include_query_params(root=place.index, path=place.rel)) if place is not None else None
            shown[path] = (file, url)
        return shown[path]

    others = []
    for finding in linted.others:
        data = finding_json(finding, target, None, web)
        data["url"] = named(finding.file)[1]
        others.append(data)
    breaks = None
    if linted.broken:
        records = [dict(zip(("file", "url"), named(path), strict=True)) for path in linted.broken[:SHOWN_OTHERS]]
        n = len(linted.broken)
        more = n - len(records)
        refused = any(f.severity == "error" for f in linted.own)  # (a save of it is refused: never say it saves)
        if linted.unchecked:
            message = i18n.tn(
                i18n.current_lang(),
                "This record is not valid, so 1 other record that names it cannot be checked "
                "against it. Fix this record's errors first: it is not saved while it has them.",
                "This record is not valid, so {n} other records that name it cannot be "
                "checked against it. Fix this record's errors first: it is not saved while it has them.",
                n,
            )
        elif refused:
            message = i18n.tn(
                i18n.current_lang(),
                "This change breaks 1 other record: it gets a lint error it did not have. This record is not saved "
                "while it has errors of its own; once it is, fix that record.",
                "This change breaks {n} other records: they get lint errors they did not have. This record is not "
                "saved while it has errors of its own; once it is, fix those records.",
                n,
            )
        elif saved:
            message = i18n.tn(
                i18n.current_lang(),
                "It broke 1 other record, which gets a lint error it did not have: {files}. Fix that record next.",
                "It broke {n} other records, which get lint errors they did not have: {files}. Fix those records next.",
                n,
                files=_files_said(records, more),
            )
        else:
            message = i18n.tn(
                i18n.current_lang(),
                "This change breaks 1 other record: it gets a lint error it did not have. That does not stop saving; "
                "fix that record next.",
                "This change breaks {n} other records: they get lint errors they did not have. That does not stop "
                "saving; fix those records next.",
                n,
            )
        breaks = {"message": message, "records": records, "count": n, "more": more}
    return {"others": others, "others_more": linted.hidden, "breaks": breaks}


def _files_said(records: list[dict[str, Any]], more: int) -> str:
    """The files of ``records`` in a sentence, and how many ``more`` there are."""
    files = ", ".join(str(r["file"]) for r in records)
    if not more:
        return files
    # TRANSLATORS: the first few records a save broke, and how many others it broke
    return i18n.tn(i18n.current_lang(), "{files} and {n} more record", "{files} and {n} more records", more,
                   files=files)  # fmt: skip


async def require_write_beyond_loopback(request: Request) -> None:
    """What a save needs (:func:`toolkit.web.security.require_write`: same site, CSRF token, write token), asked
    of the check when the server listens beyond loopback: the check reads the files a record names (its art, in the
    preview) and lints among the card folders, which a client without the write token has no business probing."""
    if request.app.state.settings.needs_token():
        await require_write(request)


def saved_form(target: Target, data: Any) -> Any:
    """``data`` as saving it to ``target`` writes it: a record with `dossier fmt`'s ``"$schema"`` step
    (:func:`toolkit.cli.app.add_schema_ref`: given when missing, re-pointed to the nearest schema folder when it
    names Dossier's own), where the path given is :func:`toolkit.paths.set_schema_ref`'s: the nearest schema folder
    above the record, else the set's own copy (``.schema/`` in its card folder, which the save makes), never one
    through the server's folders to Dossier's own schemas; a copy, ``data`` is left as it is."""
    if not isinstance(data, dict):
        return data
    from toolkit.cli.app import add_schema_ref
    from toolkit.models import GAMES, KINDS, schema_path
    from toolkit.paths import names_own_schema, set_schema_ref

    written = dict(data)
    game, kind = written.get("game"), written.get("kind")
    if game in GAMES and (game, kind) in KINDS:
        rel = schema_path(str(game), str(kind))
        ref = written.get("$schema")
        folder = target.path.parent
        if "$schema" not in written or (
            isinstance(ref, str) and ref.replace("\\", "/").endswith(rel) and names_own_schema(folder, ref)
        ):
            written["$schema"] = set_schema_ref(folder, rel, target.root)
    add_schema_ref(target.path, written, dangling=False)  # (the set's copy the save makes is not there yet)
    return written


def _give_set_schemas(target: Target, written: Any) -> None:
    """Before ``written`` is saved to ``target``: when its ``"$schema"`` names the set's own copy of a schema
    (:func:`toolkit.paths.set_schema_planned`) that is not there yet, give the set its copy
    (:func:`toolkit.paths.give_set_schemas`), so the path resolves as the check said it would."""
    from toolkit.paths import SET_SCHEMA_DIR, give_set_schemas, set_schema_planned

    ref = written.get("$schema") if isinstance(written, dict) else None
    folder = target.path.parent
    if not isinstance(ref, str) or not set_schema_planned(folder, ref, target.root):
        return
    if os.path.isfile(os.path.normpath(os.path.join(os.path.abspath(folder), ref))):
        return
    try:
        give_set_schemas(target.root)
    except OSError as exc:
        raise EditorError(
            tr("{path}: cannot write: {reason}", path=SET_SCHEMA_DIR, reason=exc.strerror or exc), 500
        ) from None


@router.post(
    "/editor/check", name="editor_check", response_model=CheckResult,
    dependencies=[Depends(require_write_beyond_loopback)],
)  # fmt: skip
def editor_check(request: Request, body: CheckBody) -> Any:
    """Lint findings (as `dossier lint`) and the printed card of an edited record, with the findings of the other
    records that name it (:func:`lint_edit`); changes nothing. In form mode (``canonical``), of what saving writes
    (:func:`saved_form`)."""
    web = state(request)
    lang = i18n.set_lang(i18n.accept(body.lang) or request_tag(request))
    try:
        target = locate(web, body.root, body.path)
    except EditorError as exc:
        return JSONResponse({"detail": exc.message}, exc.status)
    from toolkit.jsonio import canonical_dumps

    data = parse_json(body.text)
    text = canonical_dumps(saved_form(target, data)) if body.canonical and data is not None else body.text
    # in the page's language: lint's findings speak the current one
    linted = lint_edit(target, text, web.settings.cards, on_disk(target))
    findings, blanks = to_fill(linted.own, parse_json(text), body.touched) if body.fresh else (linted.own, [])
    shown = preview(web, data, lang, target) if body.preview and isinstance(data, dict) else None
    return {
        "findings": [finding_json(f, target, data, web) for f in findings],
        "to_fill": blanks,
        "errors": sum(1 for f in findings if f.severity == "error"),
        "warnings": sum(1 for f in findings if f.severity == "warning"),
        "valid_json": data is not None,
        "preview": shown,
        "note": reload_note(web, lang),  # (the pool did not load after the last save: said until it does)
        **others_json(request, web, target, linted, saved=False),
    }


def to_fill(findings: list[Finding], data: Any, touched: Sequence[str]) -> tuple[list[Finding], list[dict[str, Any]]]:
    """A new record's ``findings`` but for the errors at the fields its template left empty and the designer has
    not ``touched`` (JSON pointers) yet, and those fields, each once, as the page lists them: "to fill in", with
    the field's name (:func:`_field_name`) and the error lint will say of it. ``data``: the record's JSON value (a
    field is empty when it is missing, null, "", [] or {}). Saving says them as errors (lint's)."""
    lang = i18n.current_lang()
    marks = [t for t in touched if isinstance(t, str)]

    def untouched(pointer: str) -> bool:
        return not any(pointer == t or pointer.startswith(t + "/") or t.startswith(pointer + "/") for t in marks)

    kept: list[Finding] = []
    blanks: dict[str, dict[str, Any]] = {}
    for finding in findings:
        pointer = finding.pointer
        value = _at_pointer(data, pointer) if pointer else 0
        if finding.severity == "error" and pointer and untouched(pointer) and value in (None, "", [], {}):
            if pointer not in blanks:
                field = _field_name(pointer, lang)
                blanks[pointer] = {
                    "pointer": pointer,
                    "field": field,
                    # TRANSLATORS: a field of a new record that its template left empty, listed by the editor
                    "message": i18n.t(lang, "{field}: to fill in", field=field),
                    "code": finding.code,
                    "detail": finding.message,
                }
            continue
        kept.append(finding)
    return kept, list(blanks.values())


class SaveBody(BaseModel):
    root: int = Field(0, ge=0, le=1000)
    path: str = Field(..., max_length=MAX_PATH)
    text: str = Field(..., max_length=MAX_TEXT)
    base: str | None = Field(
        None, max_length=64, description="sha256 of the file when it was opened; required unless the record is new."
    )
    new: bool = False
    lang: str | None = None


@router.post("/editor/save", name="editor_save", dependencies=[Depends(require_write)])
def editor_save(request: Request, body: SaveBody) -> JSONResponse:
    """Save the record (canonical form, atomically) if lint finds no error in it; else 422 with the findings. A
    file changed on disk since it was opened: 409 with its text and digest ("conflict"), nothing written."""
    web = state(request)
    lang = i18n.set_lang(i18n.accept(body.lang) or request_tag(request))
    try:
        target = locate(web, body.root, body.path)
        canonical, linted = save(web, target, body.text, body.base, body.new)
    except Conflict as exc:
        return JSONResponse({"detail": exc.message, "conflict": {"text": exc.text, "base": exc.base}}, exc.status)
    except EditorError as exc:
        return JSONResponse({"detail": exc.message}, exc.status)
    except LintRefused as refused:
        errors = sum(1 for f in refused.findings if f.severity == "error")
        return JSONResponse(
            {
                "detail": i18n.tn(
                    lang,
                    "Not saved: 1 lint error; fix it first.",
                    "Not saved: {n} lint errors; fix them first.",
                    errors,
                ),
                "saved": False,
                "findings": [finding_json(f, target, parse_json(body.text), web) for f in refused.findings],
                **others_json(request, web, target, refused.linted, saved=False),
            },
            422,
        )
    note = None
    if len(web.catalog.records) <= SYNC_RELOAD_RECORDS:
        wait_for_reload(web)  # (one a save of a larger pool asked for: one at a time)
        try:
            web.reload()  # the browser, the decks and the database see the new card
        except DossierError as exc:
            note = i18n.t(lang, "But the card pool did not reload: {message}", message=exc.message)
    else:  # loaded again once this answer is on its way; the editor's pages that read it wait for that
        reload_after_save(web, lang)
    return JSONResponse(
        {
            "saved": True,
            "message": i18n.t(
                lang, "Saved {file} in the card folder {folder}.", file=target.rel,
                folder=folder_labels(web)[target.index],
            ),
            "note": note,
            "base": file_digest(canonical.encode("utf-8")),
            "text": canonical,
            "url": str(request.url_for("editor_edit").include_query_params(root=target.index, path=target.rel)),
            "findings": [finding_json(f, target, parse_json(canonical), web) for f in linted.own],
            **others_json(request, web, target, linted, saved=True),
        }
    )
