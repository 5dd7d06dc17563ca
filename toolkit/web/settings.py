"""What one `dossier serve` serves: the card directories, the database, the address, the write token."""

from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass, field
from pathlib import Path

from toolkit.cachedir import user_cache_dir

LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost"})


def is_loopback(host: str) -> bool:
    """True for localhost, 127.0.0.0/8 and ::1 (an empty host or 0.0.0.0 is not loopback: it listens everywhere)."""
    name = host.strip().strip("[]").lower()
    if name in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def cache_dir() -> Path:
    """$XDG_CACHE_HOME/dossier/web (~/.cache/dossier/web): card images, keyed by content."""
    return user_cache_dir("web")


def data_dir() -> Path:
    """$XDG_DATA_HOME/dossier/web (~/.local/share/dossier/web): saved decks and other state the user keeps."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "dossier" / "web"


@dataclass
class WebSettings:
    """The settings of one server. ``db_url`` None: ``$DOSSIER_DB``, else ./dossier.db (as every command)."""

    cards: list[Path]
    db_url: str | None
    host: str = "127.0.0.1"
    port: int = 8000
    token: str | None = None
    lang: str | None = None  # the interface language when neither ?lang=, the cookie nor Accept-Language says
    cache: Path | None = None  # None: cache_dir()
    data: Path | None = None  # None: data_dir()
    extra: dict[str, object] = field(default_factory=dict)

    def writable_roots(self) -> list[Path]:
        """The card directories the editor may write into (resolved; files given as --cards are not roots)."""
        return [p.resolve() for p in self.cards if p.is_dir()]

    def needs_token(self) -> bool:
        """Writes need the token when the server listens on anything but the loopback address."""
        return not is_loopback(self.host)

    @property
    def cache_path(self) -> Path:
        return self.cache if self.cache is not None else cache_dir()

    @property
    def data_path(self) -> Path:
        return self.data if self.data is not None else data_dir()

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host and not self.host.startswith("[") else self.host
        return f"http://{host}:{self.port}/"
