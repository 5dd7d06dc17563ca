"""Games played in the browser against the machine (``/play``): one JSON file per game under ``<data>/play/``.

A game is its set-up plus its decisions (:class:`toolkit.engine.tactics.session.TacticsSession`), so a file holds
that record and nothing else: the page replays it into the game on every request. Files, as saved decks are, not a
table of the card database: that database is derived data ``db build`` replaces, and a game is the player's own.

A game's id is its private link: a random token (144 bits) that only its player has; it never names a path outside
the directory. Writes are atomic; past :data:`MAX_GAMES`, the games untouched longest go first.
"""

from __future__ import annotations

import json
import re
import secrets
from pathlib import Path
from typing import Any

from toolkit.errors import DossierError
from toolkit.i18n import tr

GAME_ID = re.compile(r"^[A-Za-z0-9_-]{24}$")
MAX_GAMES = 500
TOKEN_BYTES = 18  # 24 characters of URL-safe base64


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

    def save(self, game_id: str, record: dict[str, Any]) -> None:
        from toolkit.jsonio import atomic_write_text

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
