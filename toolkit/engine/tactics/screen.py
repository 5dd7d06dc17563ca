"""A person plays one tactics seat in a full-screen view of the terminal (``dossier play tactics`` at a terminal):
the map with a letter on each unit (yours in green, the others' in red, a face-down enemy as a yellow ``?``), the
units, your hand, the options of the pending decision with a cursor, and the latest lines of the log.

Keys: the arrow keys (and Page Up/Down, Home, End) move the cursor, Enter takes the option under it, digits jump to
an option by its number, ``u`` undoes your last decision, ``q`` or Esc stops (the game is saved with ``--save``).
The keys come from :func:`toolkit.engine.keys.read_key` (the terminal in cbreak mode); any other source of keys
works too (the tests give a list). Nothing here shows what the seat may not see: it draws the seat's
:func:`~toolkit.engine.tactics.session.view` only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from toolkit.i18n import t

from ..core import EngineError
from ..keys import Cursor
from .session import TacticsSession, view
from .terminal import MARKS, hand_line, option_text, prompt_text

LOG_LINES = 8  # log lines at the foot of the screen (more when the terminal is tall)


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


def screen(session: TacticsSession, seat: int, lang: str, names: Any, cursor: Cursor, note: str,
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
        for i in cursor.window(max(5, height - LOG_LINES - 8)):
            option = decision.options[i]
            words = option_text(option.value, option.text, lang, names, decision.kind)
            options.append(f"{'>' if i == cursor.at else ' '} {i + 1:>2}. {words}\n",
                           style="reverse" if i == cursor.at else "")  # fmt: skip
        title = t(lang, "decision {number}: {prompt}", number=decision.number + 1,
                  prompt=prompt_text(decision.prompt, names))
    else:
        title = t(lang, "the game is over")
    keys = t(lang, "arrows and Enter choose, digits jump, u undoes, q stops")
    right = Group(Text(hand_line(seen, lang, names)), Text(""),
                  Panel(options, title=title, title_align="left", subtitle=cursor.typed or None), Text(keys, style="dim"),
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
    cursor, note, asked = Cursor(0), "", -1
    while session.pending is not None:
        decision = session.pending
        if decision.number != asked:  # a new decision: the cursor on its first option
            cursor, asked = Cursor(len(decision.options)), decision.number
        console.clear()
        console.print(screen(session, seat, lang, names, cursor, note, console.size.height))
        note = ""
        asks = cursor.press(keys())
        if asks == "stop":
            raise EOFError
        if asks == "undo":
            if not session.undo(seat):
                note = t(lang, "nothing to undo")
            asked = -1
        elif asks == "pick":
            try:
                session.apply(decision.options[cursor.at].label)
            except EngineError as exc:
                note = str(exc)
    console.clear()
    console.print(screen(session, seat, lang, names, Cursor(0), "", console.size.height))
