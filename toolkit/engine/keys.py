"""Keys from a terminal for the full-screen views of ``dossier play`` (tactics and Netrunner): reading them in cbreak
mode, and the cursor they move over a decision's options (the arrows, Page Up/Down, Home, End, digits to jump to an
option by its number, Enter to take it, ``u`` to undo, ``q`` or Esc to stop), and the panel of a decision's question
and options drawn to fit the lines the screen has for it.

A key is read whole: an escape sequence the view has no use for (Delete, Insert, the function keys, a key with a
modifier it does not know) is read to its end and ignored, never taken for Esc or left for the shell; Esc alone stops
at once (a sequence's bytes follow its Esc within :data:`ESC_WAIT` seconds, a key pressed alone does not). A resize of
the terminal (SIGWINCH) is the key ``resize``: the view is drawn again at the new size."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator, Sequence
from typing import IO, Any

ARROWS = {"A": "up", "B": "down", "C": "right", "D": "left", "H": "home", "F": "end"}
"""The last character of an arrow's, Home's or End's sequence (``ESC [ A``, ``ESC O H``, ``ESC [ 1 ; 5 A``)."""
TILDES = {"1": "home", "7": "home", "4": "end", "8": "end", "5": "pageup", "6": "pagedown"}
"""The number of a ``ESC [ n ~`` sequence (the others, Insert, Delete, F5 and up, are read and ignored)."""
ESC_WAIT = 0.1
"""Seconds within which the rest of an escape sequence follows its Esc (else Esc was pressed alone)."""
RESIZE = "\x00resize"
"""What :class:`TerminalInput` reads when the terminal was resized."""
UNKNOWN = "unknown"
"""The key of a sequence the views have no use for (Delete, Insert, F1…F12, Shift-Tab, …): ignored."""


def read_key(stream: Any) -> str:
    """One key from ``stream`` (a terminal in cbreak mode, :class:`TerminalInput`, or any text stream): ``up``,
    ``down``, ``left``, ``right``, ``pageup``, ``pagedown``, ``home``, ``end``, ``enter``, ``backspace``, ``escape``,
    ``resize``, :data:`UNKNOWN` (a sequence read whole and of no use), or the character typed. EOFError at the end of
    input or Ctrl-D. A stream with ``waiting(seconds)`` (:class:`TerminalInput`) tells a lone Esc from a sequence;
    from any other, what follows an Esc is read as its sequence."""
    ch = stream.read(1)
    if ch == RESIZE:
        return "resize"
    if ch in ("", "\x04"):
        raise EOFError
    if ch in ("\r", "\n"):
        return "enter"
    if ch in ("\x7f", "\b"):
        return "backspace"
    if ch != "\x1b":
        return ch
    waiting = getattr(stream, "waiting", None)
    if waiting is not None and not waiting(ESC_WAIT):
        return "escape"  # Esc alone: nothing follows it
    kind = stream.read(1)
    if kind == "[":
        return _csi(stream)
    if kind == "O":  # SS3: an arrow, Home or End in application mode, F1-F4
        return ARROWS.get(stream.read(1), UNKNOWN)
    if kind == RESIZE:
        return "resize"
    return "escape"  # Esc then a key (Alt and a key, or Esc pressed twice): a stop


def _csi(stream: Any) -> str:
    """The rest of a ``ESC [`` sequence, read to its final character: its key, or :data:`UNKNOWN`."""
    params = ""
    first = stream.read(1)
    if first == "[":  # the Linux console's F1-F5: ESC [ [ A
        stream.read(1)
        return UNKNOWN
    ch = first
    for _ in range(32):  # parameters and intermediates (0x20-0x3F), then the final character (0x40-0x7E)
        if ch in ("", RESIZE):
            return UNKNOWN
        if "\x40" <= ch <= "\x7e":
            break
        if not "\x20" <= ch <= "\x3f":
            return UNKNOWN  # not a sequence after all
        params += ch
        ch = stream.read(1)
    else:
        return UNKNOWN
    if ch == "~":
        return TILDES.get(params.split(";")[0], UNKNOWN)
    if ch in ARROWS and (not params or params.startswith("1")):
        return ARROWS[ch]
    return UNKNOWN


class TerminalInput:
    """The characters typed at a terminal, read from its file descriptor as they come (no buffer of Python's in
    between, so that :meth:`waiting` sees what was typed): ``read(1)`` waits for the next one (``""`` at the end of
    input; :data:`RESIZE` when ``wake`` becomes readable, the terminal having been resized)."""

    def __init__(self, fd: int, wake: int | None = None) -> None:
        import codecs

        self.fd, self.wake = fd, wake
        self.decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self.buffer = ""

    def read(self, size: int = 1) -> str:
        import select

        while not self.buffer:
            watched = [self.fd] if self.wake is None else [self.fd, self.wake]
            ready = select.select(watched, [], [])[0]
            if self.wake is not None and self.wake in ready:
                with contextlib.suppress(BlockingIOError):
                    os.read(self.wake, 512)
                if self.fd not in ready:
                    return RESIZE
            data = os.read(self.fd, 64)
            if not data:
                return ""
            self.buffer += self.decoder.decode(data)
        ch, self.buffer = self.buffer[:1], self.buffer[1:]
        return ch

    def waiting(self, seconds: float) -> bool:
        """Whether another character is typed within ``seconds``."""
        import select

        return bool(self.buffer) or bool(select.select([self.fd], [], [], seconds)[0])


class TerminalKeys:
    """The keys of a terminal (:func:`keys_of_terminal`): calling it reads the next key (:func:`read_key`);
    :meth:`flush` drops the keys typed and not read yet."""

    def __init__(self, source: TerminalInput) -> None:
        self.source = source

    def __call__(self) -> str:
        return read_key(self.source)

    def flush(self) -> None:
        """Drop what was typed and not read yet: the terminal's pending input and what :class:`TerminalInput`
        holds of it."""
        import termios

        with contextlib.suppress(OSError, termios.error):
            termios.tcflush(self.source.fd, termios.TCIFLUSH)
        self.source.buffer = ""
        self.source.decoder.reset()


def flush_keys(keys: Callable[[], str]) -> None:
    """Drop the keys typed ahead, when ``keys`` can (:meth:`TerminalKeys.flush`; a list of keys in a test cannot):
    a new decision of the person's opens, and what they typed while the machine played was meant for no option of
    it."""
    flush = getattr(keys, "flush", None)
    if flush is not None:
        flush()


@contextlib.contextmanager
def keys_of_terminal(stream: IO[str]) -> Iterator[TerminalKeys]:
    """Keys as they are pressed on the terminal ``stream`` (cbreak mode while inside; restored after), a
    :class:`TerminalKeys`. A resize of the terminal while a key is awaited is the key ``resize``."""
    import signal
    import termios
    import tty

    fd = stream.fileno()
    saved = termios.tcgetattr(fd)
    wake, woken = os.pipe()
    os.set_blocking(woken, False)
    os.set_blocking(wake, False)

    def resized(signum: int, frame: Any) -> None:
        with contextlib.suppress(OSError):
            os.write(woken, b"!")

    before: Any = None
    with contextlib.suppress(ValueError, AttributeError):  # (not the main thread; no SIGWINCH on this system)
        before = signal.signal(signal.SIGWINCH, resized)
    try:
        tty.setcbreak(fd)
        yield TerminalKeys(TerminalInput(fd, wake))
    finally:
        with contextlib.suppress(OSError, termios.error):  # (a terminal that was closed: SIGHUP, nothing to set)
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        if before is not None:
            signal.signal(signal.SIGWINCH, before)
        os.close(wake)
        os.close(woken)


class Stopped(EOFError):
    """The player stopped the game with ``q`` or Esc (an EOFError, as the end of input is)."""


class Signalled(KeyboardInterrupt):
    """SIGHUP (the terminal was closed) or SIGTERM (``kill``) while a game is played (:func:`signals_stop`): the
    game stops as Ctrl-C stops it (a KeyboardInterrupt, so that what Ctrl-C cleans up it cleans up too: the
    terminal's mode, the full-screen view), ``signum`` the signal's number (the exit is 128 + it, as a shell says
    a process a signal ended)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


STOP_SIGNALS = ("SIGHUP", "SIGTERM")
"""The signals that stop a game as Ctrl-C does (:func:`signals_stop`), those of them the platform has."""


@contextlib.contextmanager
def signals_stop() -> Iterator[None]:
    """While inside, SIGHUP and SIGTERM (those the platform has; none outside the main thread, where no handler can
    be set) raise :class:`Signalled` where the game is, once: a signal after it (a second ``kill`` while the game is
    saved) is ignored until the game is saved and the handlers before are set back."""
    import signal

    raised = False

    def stop(signum: int, frame: Any) -> None:
        nonlocal raised
        if not raised:
            raised = True
            raise Signalled(signum)

    before: dict[int, Any] = {}
    for name in STOP_SIGNALS:
        number = getattr(signal, name, None)
        if number is None:
            continue
        try:
            before[number] = signal.signal(number, stop)
        except (ValueError, OSError):  # (not the main thread: no handler can be set)
            break
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)


class Cursor:
    """Where the cursor stands over ``count`` options, and the digits typed so far."""

    def __init__(self, count: int) -> None:
        self.count, self.at, self.typed = count, 0, ""

    def press(self, key: str) -> str | None:
        """Move for ``key``; what it asks besides: ``pick`` (Enter), ``undo`` (u), ``stop`` (q, Esc), else None
        (a key of no use, ``resize`` among them, does nothing)."""
        if key in ("q", "escape"):
            return "stop"
        if key == "enter":
            return "pick"
        if key == "u":
            return "undo"
        step = {"up": -1, "down": 1, "pageup": -10, "pagedown": 10, "home": -self.count, "end": self.count}.get(key)
        if step is not None:
            self.at, self.typed = min(self.count - 1, max(0, self.at + step)), ""
        elif len(key) == 1 and key.isdigit():
            typed = (self.typed + key).lstrip("0")
            if typed and int(typed) > self.count:
                typed = key if key != "0" else ""
            if typed and int(typed) > self.count:  # a digit alone past the last option (5 of 2): no option
                typed = ""
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

    def window_lines(self, heights: Sequence[int], room: int) -> range:
        """The options to show in ``room`` lines when option ``i`` takes ``heights[i]`` lines (wrapped): the
        cursor's always, then its neighbours, one below and one above in turn, while they fit."""
        if not heights:
            return range(0)
        at = max(0, min(self.at, len(heights) - 1))
        first, last, used = at, at + 1, heights[at]
        grown = True
        while grown:
            grown = False
            if last < len(heights) and used + heights[last] <= room:
                used, last, grown = used + heights[last], last + 1, True
            if first > 0 and used + heights[first - 1] <= room:
                used, first, grown = used + heights[first - 1], first - 1, True
        return range(first, last)


def log_cut(lang: str, shown: int, total: int) -> Any:
    """The line under a full-screen view's log panel (a rich Text for its ``subtitle``) when it shows only the latest
    ``shown`` of the ``total`` entries the seat has seen: that the earlier ones are cut, and where every entry is
    (``--plain`` writes them all); None when the panel shows them all."""
    from rich.text import Text

    from toolkit.i18n import tn

    if shown >= total:
        return None
    return Text(tn(lang, "the latest {n} entry of {total}; {option} shows them all",
                   "the latest {n} entries of {total}; {option} shows them all", shown, total=total,
                   option="--plain"))  # fmt: skip


def height_of(console: Any, text: Any, width: int) -> int:
    """The lines the rich Text ``text`` takes wrapped to ``width`` cells."""
    return len(text.wrap(console, max(1, width)))


def option_texts(console: Any, cursor: Cursor, words: Sequence[str], width: int) -> list[Any]:
    """Each option as a rich Text ``width`` cells wide: ``> 12. words``, the words wrapped under themselves (never
    under the number), the cursor's reversed. Text, not markup: a name with ``[/x]`` in it is shown as it is."""
    from rich.text import Text

    numbers = len(str(max(1, len(words))))
    out = []
    for i, said in enumerate(words):
        prefix = f"{'>' if i == cursor.at else ' '} {i + 1:>{numbers}}. "
        lines = Text(said).wrap(console, max(8, width - len(prefix)))
        text = Text(style="reverse" if i == cursor.at else "")
        for n, line in enumerate(lines):
            text.append(prefix if n == 0 else " " * len(prefix))
            text.append_text(line)
            if n < len(lines) - 1:
                text.append("\n")
        out.append(text)
    return out


class Menu:
    """A decision's question (wrapped, never cut) over its options, in a panel ``width`` cells wide: :meth:`height`
    tells the lines it takes with ``room`` lines for options, :meth:`panel` draws it. The options shown are those of
    :meth:`Cursor.window_lines`; the panel's foot says which (``3–9 of 30``) when not all are, and the digits typed."""

    def __init__(self, console: Any, cursor: Cursor, question: str, words: Sequence[str], width: int,
                 lang: str) -> None:  # fmt: skip
        from rich.text import Text

        self.cursor, self.lang, self.width = cursor, lang, width
        inner = max(8, width - 4)  # the panel's borders and padding
        self.question = Text(question, style="bold")
        self.question_lines = height_of(console, self.question, inner)
        self.options = option_texts(console, cursor, words, inner)
        self.heights = [len(t.plain.split("\n")) for t in self.options]

    @property
    def frame(self) -> int:
        """The lines of the panel besides its options: its borders and the question."""
        return 2 + self.question_lines

    @property
    def full(self) -> int:
        """The lines every option takes."""
        return sum(self.heights)

    def least(self) -> int:
        """The fewest lines for options: the cursor's option and its neighbours, one each side, in 5 lines at most
        (fewer neighbours when they are long; the cursor's option always whole)."""
        if not self.heights:
            return 0
        at = max(0, min(self.cursor.at, len(self.heights) - 1))
        near = sum(self.heights[max(0, at - 1) : at + 2])
        return min(near, max(self.heights[at], 5))

    def shown(self, room: int) -> range:
        return self.cursor.window_lines(self.heights, max(room, self.least()))

    def height(self, room: int) -> int:
        """The panel's lines with ``room`` lines for options: its borders, the question, the options shown."""
        return self.frame + sum(self.heights[i] for i in self.shown(room))

    def panel(self, room: int) -> Any:
        from rich.console import Group
        from rich.panel import Panel
        from rich.text import Text

        from toolkit.i18n import t

        shown = self.shown(room)
        body = Text("\n").join(self.options[i] for i in shown)
        foot = []
        if len(shown) < len(self.heights):
            foot.append(t(self.lang, "{first}–{last} of {count}", first=shown.start + 1, last=shown.stop,
                          count=len(self.heights)))  # fmt: skip
        if self.cursor.typed:
            foot.append(self.cursor.typed)
        subtitle = Text(" · ".join(foot)) if foot else None
        return Panel(Group(self.question, body) if shown else self.question, subtitle=subtitle,
                     subtitle_align="right", width=self.width)  # fmt: skip


def draw(console: Any, renderable: Any) -> None:
    """Clear ``console`` and draw ``renderable`` on it, cut to the console's height (the screen never scrolls: its
    first line stays on top), with no new line after the last."""
    from rich.segment import Segment, Segments

    width, height = console.size
    lines = console.render_lines(renderable, console.options.update(width=width, height=None), pad=False)[:height]
    segments: list[Any] = []
    for n, line in enumerate(lines):
        if n:
            segments.append(Segment.line())
        segments.extend(line)
    console.clear()
    console.print(Segments(segments), end="" if console.is_terminal else "\n")


def is_terminal(stdin: IO[str], stdout: IO[str]) -> bool:
    """Whether the full-screen view can run: both ends a terminal, and a terminal that is not ``dumb``."""
    try:
        return stdin.isatty() and stdout.isatty() and os.environ.get("TERM", "") not in ("", "dumb")
    except (AttributeError, ValueError):
        return False
