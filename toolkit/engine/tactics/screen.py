"""A person plays one tactics seat in a full-screen view of the terminal (``dossier play tactics`` at a terminal):
the map with a letter on each unit (yours in green, the others' in red, a face-down enemy as a yellow ``?``), the
units, your hand, the options of the pending decision with a cursor, and the latest lines of the log.

Keys: the arrow keys (and Page Up/Down, Home, End) move the cursor, Enter takes the option under it, digits jump to
an option by its number, ``u`` undoes your last decision, ``q`` or Esc stops (the game is saved with ``--save``).
The keys come from :func:`read_key` (the terminal in cbreak mode, :func:`keys_of_terminal`); any other source of
keys works too (the tests give a list). Nothing here shows what the seat may not see: it draws the seat's
:func:`~toolkit.engine.tactics.session.view` only.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from typing import IO, Any

from toolkit.i18n import t

from ..core import EngineError
from .session import TacticsSession, view
from .terminal import MARKS, hand_line, option_text

ESCAPES = {"[A": "up", "[B": "down", "[C": "right", "[D": "left", "[H": "home", "[F": "end", "[5": "pageup",
           "[6": "pagedown", "OA": "up", "OB": "down", "OH": "home", "OF": "end"}  # fmt: skip
LOG_LINES = 8  # log lines at the foot of the screen (more when the terminal is tall)


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


def _map(session: TacticsSession, seen: dict[str, Any], lang: str, names: Any) -> tuple[Any, list[Any]]:
    """The map as rich Text (a letter per unit, coloured by side) and a Text line per unit."""
    from rich.text import Text

    rows = [list(row) for row in session.game.board.current_rows()]
    marks: dict[tuple[int, int], tuple[str, str]] = {}
    lines: list[Any] = []
    units = sorted(seen["units"], key=lambda u: (u["seat"], u["label"]))
    for i, unit in enumerate(units):
        x, y = unit["pos"]
        hidden = "id" not in unit
        mark = "?" if hidden else MARKS[i % len(MARKS)]
        style = "bold yellow" if hidden else "bold green" if unit["seat"] == seen["seat"] else "dim" if not unit[
            "seat"] else "bold red"  # fmt: skip
        marks[(x, y)] = (mark, style)
        if hidden:
            lines.append(Text(t(lang, "{mark}: a hidden unit of P{seat} at {x},{y}", mark=mark, seat=unit["seat"],
                                x=x, y=y), style="yellow"))  # fmt: skip
            continue
        name = names.name(f"{unit['name']}#{unit['label'].split('#')[1]}")
        words = t(lang, "{mark}: {name} (P{seat}) at {x},{y} facing {facing}, HP {hp}/{max_hp}", mark=mark, name=name,
                  seat=unit["seat"], x=x, y=y, facing=unit["facing"], hp=unit["hp"], max_hp=unit["max_hp"])  # fmt: skip
        if unit["tapped"]:
            words += " · " + t(lang, "tapped")
        if unit["hidden"]:
            words += " · " + t(lang, "hidden")
        lines.append(Text(words, style=style.replace("bold ", "")))
    board = Text("   " + "".join(str(x % 10) for x in range(len(rows[0]) if rows else 0)) + "\n", style="dim")
    for y, row in enumerate(rows):
        board.append(f"{y:>2} ", style="dim")
        for x, ch in enumerate(row):
            mark, style = marks.get((x, y), (ch, "dim" if ch in "#." else ""))
            board.append(mark, style=style)
        board.append("\n")
    return board, lines


def screen(session: TacticsSession, seat: int, lang: str, names: Any, cursor: int, typed: str, note: str,
           height: int) -> Any:  # fmt: skip
    """What the screen shows for the pending decision (a rich renderable), ``height`` rows at most."""
    from rich.console import Group
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    decision = session.pending
    seen = view(session.game, seat, decision)
    board, units = _map(session, seen, lang, names)
    left = Group(board, *units)
    options = Text()
    if decision is not None:
        room = max(5, height - LOG_LINES - 8)
        first = max(0, min(cursor - room // 2, len(decision.options) - room))
        for i, option in enumerate(decision.options[first : first + room], first):
            words = option_text(option.value, option.text, lang, names)
            options.append(f"{'>' if i == cursor else ' '} {i + 1:>2}. {words}\n",
                           style="reverse" if i == cursor else "")  # fmt: skip
        title = t(lang, "decision {number}: {prompt}", number=decision.number + 1, prompt=names.name(decision.prompt))
    else:
        title = t(lang, "the game is over")
    keys = t(lang, "arrows and Enter choose, digits jump, u undoes, q stops")
    right = Group(Text(hand_line(seen, lang, names)), Text(""),
                  Panel(options, title=title, title_align="left", subtitle=typed or None), Text(keys, style="dim"),
                  Text(note, style="bold red") if note else Text(""))  # fmt: skip
    grid = Table.grid(expand=True, padding=(0, 2))
    grid.add_column(ratio=3)
    grid.add_column(ratio=2)
    grid.add_row(left, right)
    log = [names.line(entry) for entry in seen["log"][-max(LOG_LINES, height // 4) :]]
    about = t(lang, "Seat {seat} · round {round} · seed {seed}", seat=seat, round=seen["round"],
              seed=session.setup.seed)  # fmt: skip
    return Group(Text(about, style="bold"), grid, Panel(Text("\n".join(log)), title=t(lang, "Log"), title_align="left"))


def play_screen(session: TacticsSession, seat: int, lang: str, names: Any, console: Any,
                keys: Callable[[], str]) -> None:  # fmt: skip
    """Play ``seat`` of ``session`` in the full-screen view on ``console`` with the keys ``keys`` gives, until the
    game ends or the player stops (EOFError goes up: ``q``, Esc, Ctrl-D, the end of input)."""
    cursor, typed, note, asked = 0, "", "", -1
    while session.pending is not None:
        decision = session.pending
        if decision.number != asked:  # a new decision: the cursor on its first option
            cursor, typed, asked = 0, "", decision.number
        count = len(decision.options)
        console.clear()
        console.print(screen(session, seat, lang, names, cursor, typed, note, console.size.height))
        note = ""
        key = keys()
        if key in ("q", "escape"):
            raise EOFError
        step = {"up": -1, "down": 1, "pageup": -10, "pagedown": 10, "home": -count, "end": count}.get(key)
        if step is not None:
            cursor, typed = min(count - 1, max(0, cursor + step)), ""
        elif key.isdigit():
            typed = (typed + key).lstrip("0")
            if typed and int(typed) > count:
                typed = key if key != "0" else ""
            if typed:
                cursor = int(typed) - 1
        elif key == "backspace":
            typed = typed[:-1]
        elif key == "u":
            if not session.undo(seat):
                note = t(lang, "nothing to undo")
            asked = -1
        elif key == "enter":
            try:
                session.apply(decision.options[cursor].label)
            except EngineError as exc:
                note = str(exc)
    console.clear()
    console.print(screen(session, seat, lang, names, 0, "", "", console.size.height))


def is_terminal(stdin: IO[str], stdout: IO[str]) -> bool:
    """Whether the full-screen view can run: both ends a terminal, and a terminal that is not ``dumb``."""
    try:
        return stdin.isatty() and stdout.isatty() and os.environ.get("TERM", "") not in ("", "dumb")
    except (AttributeError, ValueError):
        return False
