"""What one `dossier serve` serves: the card directories, the database, the address, the write token."""

from __future__ import annotations

import contextlib
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


def _usable_ipv4(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.version == 4 and not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def lan_ipv4() -> str | None:
    """This machine's IPv4 address on its local network (what a phone on the same Wi-Fi opens), else None.

    Sends nothing: connecting a UDP socket only makes the system choose the interface it would route
    through; else the addresses of this machine's own name. A private address (192.168.x.x, 10.x.x.x,
    172.16-31.x.x) is preferred; loopback and link-local addresses are never given."""
    import socket

    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("10.254.254.254", 9))  # a private address; no packet leaves
        found.append(str(probe.getsockname()[0]))
    if not any(_usable_ipv4(a) for a in found):
        with contextlib.suppress(OSError, UnicodeError):
            found += [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    usable = [a for a in found if _usable_ipv4(a)]
    private = [a for a in usable if ipaddress.ip_address(a).is_private]
    return (private or usable)[0] if usable else None


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
    max_body: int = 2 * 1024 * 1024  # the largest request body in bytes (toolkit.web.guard.MAX_BODY)
    # the options `dossier serve` was given but --host, --port and --token, as written on a command line (the
    # crossfire pages name the command that serves the same data to phones: toolkit.web.routes.crossfire.reach)
    options: list[str] = field(default_factory=list)

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
