"""A guard that stops a hostile-input case running longer than a bound (a hang guard, not a timing assertion)."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def hang_guard(seconds: float) -> Iterator[None]:
    """Raise TimeoutError in the body after ``seconds`` (main thread, POSIX)."""

    def alarm(signum: int, frame: Any) -> None:
        raise TimeoutError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
