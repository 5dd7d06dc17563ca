"""Keys from a terminal for the full-screen views of ``dossier play`` (tactics and Netrunner): reading them in cbreak
mode, and the cursor they move over a decision's options (the arrows, Page Up/Down, Home, End, digits to jump to an
option by its number, Enter to take it, ``u`` to undo, ``q`` or Esc to stop)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from typing import IO

ESCAPES = {"[A": "up", "[B": "down", "[C": "right", "[D": "left", "[H": "home", "[F": "end", "[5": "pageup",
           "[6": "pagedown", "OA": "up", "OB": "down", "OH": "home", "OF": "end"}  # fmt: skip


def read_key(stream: IO[str]) -> str:
    """One key from ``stream`` (a terminal in cbreak mode): ``up``, ``down``, ``pageup``, ``pagedown``, ``home``,
    ``end``, ``enter``, ``backspace``, ``escape``, or the character typed. EOFError at the end of input or Ctrl-D."""
    ch = stream.read(1)
    if ch in ("", "\x04"):
        raise EOFError
    if ch in ("\r", "\n"):
        return "enter"
    if ch in ("\x7f", "\b"):
        return "backspace"
    if ch != "\x1b":
        return ch
    seq = stream.read(2)
    if seq in ("[5", "[6"):
        stream.read(1)  # the "~" that ends Page Up / Page Down
    return ESCAPES.get(seq, "escape")


@contextlib.contextmanager
def keys_of_terminal(stream: IO[str]) -> Iterator[Callable[[], str]]:
    """Keys as they are pressed on the terminal ``stream`` (cbreak mode while inside; restored after)."""
    import termios
    import tty

    fd = stream.fileno()
    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        yield lambda: read_key(stream)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


class Cursor:
    """Where the cursor stands over ``count`` options, and the digits typed so far."""

    def __init__(self, count: int) -> None:
        self.count, self.at, self.typed = count, 0, ""

    def press(self, key: str) -> str | None:
        """Move for ``key``; what it asks besides: ``pick`` (Enter), ``undo`` (u), ``stop`` (q, Esc), else None."""
        if key in ("q", "escape"):
            return "stop"
        if key == "enter":
            return "pick"
        if key == "u":
            return "undo"
        step = {"up": -1, "down": 1, "pageup": -10, "pagedown": 10, "home": -self.count, "end": self.count}.get(key)
        if step is not None:
            self.at, self.typed = min(self.count - 1, max(0, self.at + step)), ""
        elif key.isdigit():
            typed = (self.typed + key).lstrip("0")
            if typed and int(typed) > self.count:
                typed = key if key != "0" else ""
            self.typed = typed
            if typed:
                self.at = int(typed) - 1
        elif key == "backspace":
            self.typed = self.typed[:-1]
        return None

    def window(self, room: int) -> range:
        """The options to show in ``room`` lines, the cursor's among them."""
        first = max(0, min(self.at - room // 2, self.count - room))
        return range(first, min(self.count, first + room))


def is_terminal(stdin: IO[str], stdout: IO[str]) -> bool:
    """Whether the full-screen view can run: both ends a terminal, and a terminal that is not ``dumb``."""
    try:
        return stdin.isatty() and stdout.isatty() and os.environ.get("TERM", "") not in ("", "dumb")
    except (AttributeError, ValueError):
        return False
