"""A progress counter on stderr, drawn only when stderr is a terminal.

``with Progress(total, "games") as bar: ... bar.advance()`` redraws one line
(``games  312/1000  31%  [#####.........]``) at most every ``every`` seconds and
clears it at the end. When stderr is not a terminal (a pipe, a file, a test) it
writes nothing at all, so redirected output and logs stay clean. Standard
library only.

:class:`Phases` is the same counter for a library function that reports its
work phase by phase (the :class:`toolkit.meter.Meter` protocol): one counter per
phase, each replacing the last on the same line.
"""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import TextIO

BAR = 20


class Progress:
    """Count ``total`` steps of work labelled ``label``; see the module docstring."""

    def __init__(self, total: int, label: str, *, stream: TextIO | None = None, every: float = 0.1) -> None:
        self.total = max(0, total)
        self.label = label
        self.done = 0
        self.every = every
        self.stream = stream if stream is not None else sys.stderr
        isatty = getattr(self.stream, "isatty", None)
        self.enabled = bool(isatty and isatty())
        self._last = float("-inf")
        self._drawn = False

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    def advance(self, steps: int = 1) -> None:
        """Record ``steps`` more steps done; redraw if enough time has passed (or at the end)."""
        self.done += steps
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self._last >= self.every or self.done >= self.total:
            self._last = now
            self._draw()

    def line(self) -> str:
        """The text of the counter as it is now."""
        if self.total <= 0:
            return f"{self.label}  {self.done}"
        share = min(1.0, self.done / self.total)
        filled = int(share * BAR)
        return f"{self.label}  {self.done}/{self.total}  {share:4.0%}  [{'#' * filled}{'.' * (BAR - filled)}]"

    def _draw(self) -> None:
        self.stream.write("\r" + self.line() + "\x1b[K")
        self.stream.flush()
        self._drawn = True

    def clear(self) -> None:
        """Clear the counter's line, if one was drawn, so a message can be printed on it; the next
        :meth:`advance` draws the counter again at once."""
        if self.enabled and self._drawn:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self._drawn = False
        self._last = float("-inf")

    def close(self) -> None:
        """Clear the counter's line, if one was drawn."""
        self.clear()


class Phases:
    """A :class:`Progress` per phase of a library function's work; implements :class:`toolkit.meter.Meter`.

    ``with Phases() as meter: build_database(..., meter=meter)``: each ``meter.start(label, total)`` clears
    the previous phase's counter and starts a new one; leaving the block clears the line.
    """

    def __init__(self, *, stream: TextIO | None = None, every: float = 0.1) -> None:
        self.stream = stream
        self.every = every
        self.bar: Progress | None = None

    def __enter__(self) -> Phases:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    def start(self, label: str, total: int) -> None:
        if self.bar is not None:
            self.bar.close()
        self.bar = Progress(total, label, stream=self.stream, every=self.every)

    def advance(self, steps: int = 1) -> None:
        if self.bar is not None:
            self.bar.advance(steps)

    def clear(self) -> None:
        """Clear the current counter's line (before printing a message); it is drawn again on the next step."""
        if self.bar is not None:
            self.bar.clear()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None
