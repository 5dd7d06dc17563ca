"""How a long library function reports its progress, free of terminal code.

A function that can take more than a second takes ``meter: Meter | None = None``.
At the start of each phase of its work it calls ``meter.start(label, total)``
(``"reading files", 314``), and ``meter.advance(n)`` each time ``n`` more steps of
that phase are done: per file, record, card, page or game, never per tiny item.
The CLI passes :class:`toolkit.cli.progress.Phases`, which draws a counter on
stderr when it is a terminal; tests and other callers pass nothing.
"""

from __future__ import annotations

from typing import Protocol


class Meter(Protocol):
    """Told how many steps each phase of some work has, and as they are done."""

    def start(self, label: str, total: int) -> None:
        """A new phase of ``total`` steps called ``label`` (ends the previous phase)."""

    def advance(self, steps: int = 1) -> None:
        """``steps`` more steps of the current phase are done."""


class _Silent:
    """A meter that ignores everything: what a function uses when given none."""

    def start(self, label: str, total: int) -> None:
        pass

    def advance(self, steps: int = 1) -> None:
        pass


SILENT: Meter = _Silent()


def meter_or_silent(meter: Meter | None) -> Meter:
    """``meter``, or :data:`SILENT` when it is ``None``."""
    return SILENT if meter is None else meter


__all__ = ["SILENT", "Meter", "meter_or_silent"]
