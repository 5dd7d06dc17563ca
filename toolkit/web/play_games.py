"""Games played in the browser against the machine (``/play``): one JSON file per game under ``<data>/play/``.

A game is its set-up plus its decisions (:class:`toolkit.engine.tactics.session.TacticsSession`), so a file holds
that record and nothing else: the page replays it into the game on every request. Files, as saved decks are, not a
table of the card database: that database is derived data ``db build`` replaces, and a game is the player's own.

A game's id is its private link: a random token (144 bits) that only its player has; it never names a path outside
the directory. Writes are atomic; past :data:`MAX_GAMES`, the games untouched longest go first.

Two requests on one game (the two players acting at the same moment) must not both change it: each change runs under
the game's lock (:meth:`PlayGames.changing`, one per game in the process), and :meth:`PlayGames.save` given what the
request read (``expect``) refuses with :class:`GameChanged` when the file no longer holds it (a change of another
process came in between), so one of two near-simultaneous actions is refused, never silently lost.
"""

from __future__ import annotations

import json
import re
import secrets
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from toolkit.errors import DossierError
from toolkit.i18n import tr

GAME_ID = re.compile(r"^[A-Za-z0-9_-]{24}$")
MAX_GAMES = 500
TOKEN_BYTES = 18  # 24 characters of URL-safe base64

_LOCKS: dict[Path, tuple[threading.Lock, int]] = {}  # a game's file: its lock, how many requests hold or await it
_LOCKS_LOCK = threading.Lock()


class GameChanged(DossierError):
    """The game's file no longer holds what the request read: another action changed the game in between."""


class PlayGames:
    def __init__(self, data_dir: Path) -> None:
        self.directory = data_dir / "play"

    def _path(self, game_id: str) -> Path:
        if not GAME_ID.match(game_id):
            raise DossierError(tr("no game {id}", id=repr(game_id[:30])))
        return self.directory / f"{game_id}.json"

    def new(self, record: dict[str, Any], seats: tuple[int, ...] = (1,)) -> dict[int, str]:
        """Keep a new game played by people on ``seats``; each seat's private link (the first is the game's id: the
        others are files that point at it)."""
        from toolkit.jsonio import atomic_write_text

        self.directory.mkdir(parents=True, exist_ok=True)
        self.directory.chmod(0o700)  # the files are the games' private links
        games = sorted(self.directory.glob("*.json"), key=lambda p: p.stat().st_mtime)
        for old in games[: max(0, len(games) - MAX_GAMES + len(seats))]:
            old.unlink(missing_ok=True)
        links = {seat: secrets.token_urlsafe(TOKEN_BYTES) for seat in seats}
        main = links[seats[0]]
        self.save(main, {**record, "links": {str(seat): link for seat, link in links.items()}})
        for seat in seats[1:]:
            atomic_write_text(self._path(links[seat]), json.dumps({"alias": main}) + "\n")
        return links

    def open(self, link: str) -> tuple[str, dict[str, Any], int | None]:
        """The game a private link opens: (the game's id, its record, the link's seat; None for a game of one
        person, whose seat its record names)."""
        data = self.load(link)
        main = link
        if "alias" in data:
            main = str(data["alias"])
            data = self.load(main)
            if "alias" in data:
                raise DossierError(tr("game {id} cannot be read: {reason}", id=repr(link[:30]), reason="alias"))
        seat = next((int(s) for s, found in (data.get("links") or {}).items() if found == link), None)
        return main, data, seat

    def main_id(self, link: str) -> str:
        """The id of the game a private link opens (the link itself, or the game an alias link points at); the link
        when it opens nothing (the request that opens it says why)."""
        try:
            data = self.load(link)
        except DossierError:
            return link
        return str(data["alias"]) if "alias" in data else link

    @contextmanager
    def changing(self, link: str) -> Iterator[None]:
        """Hold the lock of the game ``link`` opens while a request reads, changes and saves it: the actions on one
        game run one after the other (each reads what the one before saved)."""
        if not GAME_ID.match(link):  # it opens no game: nothing to hold (the request says so)
            yield
            return
        path = self._path(self.main_id(link))
        with _LOCKS_LOCK:
            lock, users = _LOCKS.get(path, (threading.Lock(), 0))
            _LOCKS[path] = (lock, users + 1)
        try:
            with lock:
                yield
        finally:
            with _LOCKS_LOCK:
                lock, users = _LOCKS[path]
                if users > 1:
                    _LOCKS[path] = (lock, users - 1)
                else:
                    del _LOCKS[path]

    def save(self, game_id: str, record: dict[str, Any], expect: dict[str, Any] | None = None) -> None:
        """Write the game's record; with ``expect`` (the record as the request read it), only if the file still
        holds it, else :class:`GameChanged`."""
        from toolkit.jsonio import atomic_write_text

        if expect is not None and self.load(game_id) != expect:
            raise GameChanged(tr("the game changed while this action was on its way (the other player acted at the "
                                 "same moment): nothing was done; reload the game's page"))  # fmt: skip
        atomic_write_text(self._path(game_id), json.dumps(record, ensure_ascii=False) + "\n")

    def load(self, game_id: str) -> dict[str, Any]:
        path = self._path(game_id)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise DossierError(tr("no game {id}", id=repr(game_id[:30]))) from None
        except (OSError, ValueError) as exc:
            raise DossierError(tr("game {id} cannot be read: {reason}", id=repr(game_id[:30]), reason=exc)) from None
        if not isinstance(data, dict):
            raise DossierError(tr("game {id} cannot be read: {reason}", id=repr(game_id[:30]), reason="not an object"))
        return data
