"""Saved decks: one Dossier JSON deck file per deck under the data directory ($XDG_DATA_HOME/dossier/web/decks).

Files, not a database table: the card database is derived data that `db build` replaces (and on
PostgreSQL may be shared and rebuilt by others); a saved deck is the user's own work, so it lives
beside it as the same canonical JSON `dossier deck validate` and every other command read. Writes
are atomic (toolkit.jsonio); an id is a slug of the name plus a random suffix, so ids never name a
path outside the directory.

A deck's version is the sha256 of its file's bytes (its ``base``): a save that gives the version it opened is
refused (:class:`SavedConflict`, 409) when the file changed since (another tab saved it) or is gone (deleted), so
that neither tab's work is lost without a word; a save of an id that is not there is refused too (it was deleted:
it does not come back). A file that cannot be read (cut short, not a JSON object) is listed as damaged, with why in
the current language, and can still be deleted and downloaded as it is.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import threading
from pathlib import Path
from typing import Any

from toolkit.errors import DossierError, NotFound
from toolkit.i18n import tr

_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,80}$")
MAX_SAVED = 2000
_WRITE_LOCK = threading.Lock()  # one save at a time: the look at the file on disk, then the write


class SavedConflict(DossierError):
    """A save refused because the deck changed or was deleted since it was opened (409): ``deck``, the deck as it is
    saved now (None: deleted), and ``base``, the version of that file (None: deleted), for the page to offer
    keeping either."""

    status = 409

    def __init__(self, message: str, deck: dict[str, Any] | None, base: str | None) -> None:
        super().__init__(message)
        self.deck = deck
        self.base = base


class DamagedDeck(DossierError):
    """A saved deck's file that cannot be read as a deck (400): ``reason`` says why, in the current language."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


def version(data: bytes) -> str:
    """A saved deck's version: the sha256 of its file's bytes, in hex."""
    return hashlib.sha256(data).hexdigest()


def _read(path: Path) -> tuple[dict[str, Any] | None, str | None, bytes]:
    """The deck of the file ``path``, or None and why not (in the current language, naming the file by its name:
    as the editor words a record's JSON), and the file's bytes. FileNotFoundError when it is not there."""
    from toolkit.errors import os_reason
    from toolkit.jsonio import JsonSyntaxError, invalid_json, loads_strict

    name = path.name
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise
    except OSError as exc:
        return None, tr("{file}: cannot be read: {reason}", file=name, reason=os_reason(exc)), b""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return None, tr("{file}: not UTF-8 (byte {n})", file=name, n=exc.start), raw
    try:
        data = loads_strict(text)
    except JsonSyntaxError as exc:
        return None, invalid_json(name, exc), raw
    if not isinstance(data, dict):
        return None, tr("{file}: not a deck: a deck file holds a JSON object", file=name), raw
    return data, None, raw


class SavedDecks:
    def __init__(self, data_dir: Path) -> None:
        self.directory = data_dir / "decks"

    def _path(self, deck_id: str, *, saving: bool = False) -> Path:
        """The file of the saved deck ``deck_id``. An id no saved deck can have (``CON``, ``Deck-1``, a path) names no
        deck: :class:`NotFound`, as one that is not there is (404, one message whatever the spelling); ``saving``: a
        save's id given in its body is a bad request (:class:`DossierError`, 400)."""
        if not _ID.match(deck_id):
            raise (DossierError if saving else NotFound)(tr("no saved deck {id}", id=repr(deck_id)))
        return self.directory / f"{deck_id}.json"

    def new_id(self, name: str) -> str:
        slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "deck"
        return f"{slug}-{secrets.token_hex(3)}"

    def save(self, deck: Any, deck_id: str | None = None, base: str | None = None) -> str:
        """:meth:`store`'s id."""
        return self.store(deck, deck_id, base)[0]

    def store(
        self, deck: Any, deck_id: str | None = None, base: str | None = None, *, existing: bool = False
    ) -> tuple[str, str]:
        """Write ``deck``: a new saved deck, or the one of ``deck_id``; returns its id and its version. Given ``base``
        (the version the deck had when it was opened), a save of ``deck_id`` is refused (:class:`SavedConflict`) when
        it is no longer that version (saved from another tab since) or no longer there (deleted since: a save never
        brings it back); ``existing``: refused when it is not there, with or without ``base`` (the API's "replace
        this saved deck"). Without ``base`` (an API client's save) it replaces whatever is saved."""
        from toolkit.decks.formats import deck_to_json
        from toolkit.jsonio import atomic_write_text

        replacing = deck_id is not None and (base is not None or existing)
        deck_id = deck_id or self.new_id(deck.title())
        path = self._path(deck_id, saving=True)
        with _WRITE_LOCK:
            if replacing:
                self._check_base(path, base)
            self.directory.mkdir(parents=True, exist_ok=True)
            if not path.exists() and sum(1 for _ in self.directory.glob("*.json")) >= MAX_SAVED:
                raise DossierError(tr("{n} decks are saved already; delete some first", n=MAX_SAVED))
            atomic_write_text(path, deck_to_json(deck))
            return deck_id, version(path.read_bytes())

    @staticmethod
    def _check_base(path: Path, base: str | None) -> None:
        """Refuse (:class:`SavedConflict`) a save over ``path`` when it is not there, or (given ``base``) when its
        deck is no longer the version ``base``."""
        try:
            data, _, raw = _read(path)
        except FileNotFoundError:
            raise SavedConflict(
                tr("this deck was deleted since it was opened; not saved: your version is still here, to save as a "
                   "new deck"), None, None) from None  # fmt: skip
        found = version(raw)
        if base is not None and found != base:
            raise SavedConflict(
                tr("this deck was saved from another tab or window since it was opened; not saved: your version is "
                   "still here: keep yours (saved over the other) or take the saved one"), data, found)  # fmt: skip

    def load(self, deck_id: str) -> dict[str, Any]:
        """The saved deck ``deck_id``: :class:`NotFound` when there is none, :class:`DamagedDeck` when its file cannot
        be read as a deck."""
        return self.opened(deck_id)[0]

    def opened(self, deck_id: str) -> tuple[dict[str, Any], str]:
        """The saved deck ``deck_id`` and its version (:meth:`load`'s refusals)."""
        path = self._path(deck_id)
        try:
            data, reason, raw = _read(path)
        except FileNotFoundError:
            raise NotFound(tr("no saved deck {id}", id=repr(deck_id))) from None
        if data is None:
            assert reason is not None
            raise DamagedDeck(tr("saved deck {id} cannot be read: {reason}", id=repr(deck_id), reason=reason), reason)
        return data, version(raw)

    def raw(self, deck_id: str) -> bytes:
        """The bytes of the saved deck ``deck_id``'s file as they are (a damaged one's too), to download."""
        try:
            return self._path(deck_id).read_bytes()
        except FileNotFoundError:
            raise NotFound(tr("no saved deck {id}", id=repr(deck_id))) from None
        except OSError as exc:
            from toolkit.errors import os_reason

            raise DossierError(tr("saved deck {id} cannot be read: {reason}", id=repr(deck_id),
                                  reason=os_reason(exc))) from None  # fmt: skip

    def delete(self, deck_id: str) -> None:
        """Delete the saved deck ``deck_id``: :class:`NotFound` when there is none."""
        path = self._path(deck_id)
        try:
            with _WRITE_LOCK:  # (not between a save's look at the file and its write)
                path.unlink()
        except FileNotFoundError:
            raise NotFound(tr("no saved deck {id}", id=repr(deck_id))) from None

    def list(self) -> list[dict[str, Any]]:
        """The saved decks, newest first: each one's ``id``, ``file`` (its file's name), ``name``, ``game``, ``mode``,
        ``cards`` (how many), ``players`` (a crossfire deck's player count, else None), ``saved`` (the file's time) and
        ``damaged``: None, or why its file cannot be read as a deck (in the current language; its ``name`` is then the
        file's, and it has no game, mode or cards)."""
        if not self.directory.is_dir():
            return []
        out: list[dict[str, Any]] = []
        for path in self.directory.glob("*.json"):
            try:
                data, reason, _ = _read(path)
                stamp = path.stat().st_mtime
            except OSError:  # (gone meanwhile)
                continue
            if data is None:
                if not _ID.match(path.stem):  # (not a name this list gives: nothing here could delete it)
                    continue
                out.append({"id": path.stem, "file": path.name, "name": path.name, "game": "", "mode": "",
                            "cards": 0, "players": None, "saved": stamp, "damaged": reason})  # fmt: skip
                continue
            raw = data.get("cards")
            cards: dict[str, Any] = raw if isinstance(raw, dict) else {}
            players = data.get("players")
            out.append(
                {
                    "id": path.stem,
                    "file": path.name,
                    "name": shown_name(data.get("name"), path.stem),
                    "game": str(data.get("game", "")),
                    "mode": str(data.get("mode", "")),
                    "cards": sum(v for v in cards.values() if isinstance(v, int)),
                    # a crossfire deck's table: its player count (its cards are the roles dealt, one a player)
                    "players": players if isinstance(players, int) and not isinstance(players, bool) else None,
                    "saved": stamp,
                    "damaged": None,
                }
            )
        out.sort(key=lambda d: -float(d["saved"]))
        return out


def shown_name(value: Any, default: str) -> str:
    """A saved deck's name as its list shows it: a string, or of a name in each language the reader's (else the
    Chinese); ``default`` (the file's stem) for none."""
    if isinstance(value, str) and value:
        return value
    if isinstance(value, dict):
        from toolkit.i18n import current_lang

        for lang in (current_lang(), "zh-Hans", "en"):
            if isinstance(value.get(lang), str) and value[lang]:
                return str(value[lang])
    return default
