"""Saved decks: one Dossier JSON deck file per deck under the data directory ($XDG_DATA_HOME/dossier/web/decks).

Files, not a database table: the card database is derived data that `db build` replaces (and on
PostgreSQL may be shared and rebuilt by others); a saved deck is the user's own work, so it lives
beside it as the same canonical JSON `dossier deck validate` and every other command read. Writes
are atomic (toolkit.jsonio); an id is a slug of the name plus a random suffix, so ids never name a
path outside the directory.
"""

from __future__ import annotations

import json
import re
import secrets
from pathlib import Path
from typing import Any

from toolkit.errors import DossierError, NotFound
from toolkit.i18n import tr

_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,80}$")
MAX_SAVED = 2000


class SavedDecks:
    def __init__(self, data_dir: Path) -> None:
        self.directory = data_dir / "decks"

    def _path(self, deck_id: str) -> Path:
        if not _ID.match(deck_id):
            raise DossierError(tr("no saved deck {id}", id=repr(deck_id)))
        return self.directory / f"{deck_id}.json"

    def new_id(self, name: str) -> str:
        slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "deck"
        return f"{slug}-{secrets.token_hex(3)}"

    def save(self, deck: Any, deck_id: str | None = None) -> str:
        from toolkit.decks.formats import deck_to_json
        from toolkit.jsonio import atomic_write_text

        deck_id = deck_id or self.new_id(deck.title())
        path = self._path(deck_id)
        self.directory.mkdir(parents=True, exist_ok=True)
        if not path.exists() and sum(1 for _ in self.directory.glob("*.json")) >= MAX_SAVED:
            raise DossierError(tr("{n} decks are saved already; delete some first", n=MAX_SAVED))
        atomic_write_text(path, deck_to_json(deck))
        return deck_id

    def load(self, deck_id: str) -> dict[str, Any]:
        path = self._path(deck_id)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise NotFound(tr("no saved deck {id}", id=repr(deck_id))) from None
        except (OSError, ValueError) as exc:
            raise DossierError(tr("saved deck {id} cannot be read: {reason}", id=repr(deck_id), reason=exc)) from None
        if not isinstance(data, dict):
            raise DossierError(tr("saved deck {id} is not a deck", id=repr(deck_id)))
        return data

    def delete(self, deck_id: str) -> None:
        path = self._path(deck_id)
        try:
            path.unlink()
        except FileNotFoundError:
            raise DossierError(tr("no saved deck {id}", id=repr(deck_id))) from None

    def list(self) -> list[dict[str, Any]]:
        if not self.directory.is_dir():
            return []
        out: list[dict[str, Any]] = []
        for path in self.directory.glob("*.json"):
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                stamp = path.stat().st_mtime
            except (OSError, ValueError):
                continue
            if isinstance(data, dict):
                raw = data.get("cards")
                cards: dict[str, Any] = raw if isinstance(raw, dict) else {}
                out.append(
                    {
                        "id": path.stem,
                        "name": shown_name(data.get("name"), path.stem),
                        "game": str(data.get("game", "")),
                        "mode": str(data.get("mode", "")),
                        "cards": sum(v for v in cards.values() if isinstance(v, int)),
                        "saved": stamp,
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
