"""Whether a server can be reached, and why not, in the user's language (the database server of ``--db
postgresql://…``, the Ray cluster of ``balance --address``, the host ``serve`` listens on).

Imports only :mod:`toolkit.i18n` and :mod:`toolkit.errors`: light enough for any command's start."""

from __future__ import annotations

import errno
import socket

from toolkit.errors import os_reason
from toolkit.i18n import tr

# the resolver's failures (socket.gaierror's codes) that mean the name is not known
_NO_SUCH_HOST = {
    code
    for code in (getattr(socket, name, None) for name in ("EAI_NONAME", "EAI_NODATA", "EAI_ADDRFAMILY", "EAI_FAIL"))
    if code is not None
}


def network_reason(exc: OSError) -> str:
    """Why a connection (or a name look-up) failed, in one line in the current language: no such host, the
    connection refused, no answer in time, else the system's reason (:func:`toolkit.errors.os_reason`)."""
    if isinstance(exc, socket.gaierror):
        if exc.errno in _NO_SUCH_HOST:
            return tr("no such host")
        if exc.errno == getattr(socket, "EAI_AGAIN", None):
            return tr("the host name cannot be looked up now (no name server answered)")
        return " ".join(str(exc.strerror or exc).split())
    if isinstance(exc, ConnectionRefusedError) or exc.errno == errno.ECONNREFUSED:
        return tr("connection refused (nothing listens on that port)")
    if isinstance(exc, TimeoutError | socket.timeout) or exc.errno == errno.ETIMEDOUT:
        return tr("no answer in time")
    if exc.errno in (errno.ENETUNREACH, errno.EHOSTUNREACH):
        return tr("the network cannot reach the host")
    return os_reason(exc)


def split_host_port(address: str) -> tuple[str, int] | None:
    """``host:port`` (also ``[v6]:port`` and ``scheme://host:port/…``) as (host, port); None without a port."""
    rest = address.split("://", 1)[-1].split("/", 1)[0].rsplit("@", 1)[-1]
    host, sep, port = rest.rpartition(":")
    if not sep or not port.isdigit() or not host:
        return None
    return host.strip("[]"), int(port)


def probe(host: str, port: int, timeout: float = 5.0) -> str | None:
    """None when a TCP connection to ``host:port`` opens within ``timeout`` seconds, else why not (one line)."""
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return None
    except OSError as exc:
        return network_reason(exc)
    except (ValueError, UnicodeError):  # a port out of range, a name the resolver cannot encode
        return tr("no such host")
