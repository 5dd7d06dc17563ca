"""Heavy work (drawing a print sheet) off the event loop, in a bounded pool: :func:`run_heavy`.

At most ``workers`` jobs run at once (default: this machine's cores, at most 4), each in a worker thread, so
the event loop keeps answering searches and pages while a sheet is drawn; at most ``queue`` more wait their
turn. A request beyond that is refused at once with 503 and ``Retry-After`` (one line in the request's
language), never queued without bound; and one client (address) has at most ``per_client`` jobs admitted
(429 beyond): one client posting print after print cannot stall everyone else.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, TypeVar

from fastapi import HTTPException

from toolkit.i18n import tr

T = TypeVar("T")
RETRY_AFTER = 5  # seconds a refused client is told to wait


class Busy(HTTPException):
    """The pool is full: 503 with ``Retry-After`` (an HTML form route may answer it as a page)."""

    def __init__(self) -> None:
        super().__init__(
            503,
            tr("the server is busy drawing other sheets; try again in {n} seconds", n=RETRY_AFTER),
            headers={"Retry-After": str(RETRY_AFTER)},
        )


class TooMany(HTTPException):
    """One client already has :attr:`HeavyPool.per_client` jobs admitted: 429 with ``Retry-After``."""

    def __init__(self) -> None:
        super().__init__(
            429,
            tr("you are drawing other sheets already; try again when they are done (in {n} seconds)", n=RETRY_AFTER),
            headers={"Retry-After": str(RETRY_AFTER)},
        )


class HeavyPool:
    """The bound on heavy jobs of one app (see the module); ``per_client`` jobs at most for one client address."""

    def __init__(self, workers: int | None = None, queue: int | None = None, per_client: int = 2) -> None:
        self.workers = workers or max(1, min(4, os.cpu_count() or 1))
        self.queue = self.workers * 2 if queue is None else queue
        self.per_client = per_client
        self.admitted = 0  # running or waiting
        self.clients: dict[str, int] = {}  # admitted jobs per client address
        self._limiter: Any = None

    @property
    def limiter(self) -> Any:
        import anyio

        if self._limiter is None:  # made on the event loop, at first use
            self._limiter = anyio.CapacityLimiter(self.workers)
        return self._limiter

    async def run(self, fn: Callable[..., T], *args: Any, client: str = "") -> T:
        """``fn(*args)`` in a worker thread once the pool has room; :class:`TooMany` when ``client`` (its address)
        has :attr:`per_client` jobs admitted, :class:`Busy` when the pool and its queue are full."""
        from starlette.concurrency import run_in_threadpool

        if self.clients.get(client, 0) >= self.per_client:
            raise TooMany()
        if self.admitted >= self.workers + self.queue:
            raise Busy()
        self.admitted += 1
        self.clients[client] = self.clients.get(client, 0) + 1
        try:
            async with self.limiter:
                return await run_in_threadpool(fn, *args)
        finally:
            self.admitted -= 1
            left = self.clients.pop(client) - 1
            if left:
                self.clients[client] = left


__all__ = ["RETRY_AFTER", "Busy", "HeavyPool", "TooMany"]
