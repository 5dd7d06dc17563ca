"""A person plays one tactics seat in a full-screen view of the terminal (``dossier play tactics`` at a terminal):
the map with a letter on each unit (yours in green, the others' in red, a face-down enemy as a yellow ``?``, ``+``
where units share a cell), the units, your hand, the question and the options of the pending decision with a cursor,
and the latest lines of the log.

The view fits the terminal, whatever its size: when everything does not fit, the log is shortened first, then the
options beside the map are fewer, then the lines of the units under the map go, then the options are the cursor's and
its neighbours only; the question is wrapped, never cut (:class:`toolkit.engine.keys.Menu`). At 80 columns the map
has a column of its own and the units are listed under it; on a terminal too narrow for the options beside the map,
they go under it (the map is never cut).

Keys: the arrow keys (and Page Up/Down, Home, End) move the cursor, Enter takes the option under it, digits jump to
an option by its number, ``u`` undoes your last decision, ``q`` or Esc stops (the game is saved with ``--save``).
The keys come from :func:`toolkit.engine.keys.read_key` (the terminal in cbreak mode); any other source of keys
works too (the tests give a list). Nothing here shows what the seat may not see: it draws the seat's
:func:`~toolkit.engine.tactics.session.view` only. Names and card text go into rich as Text, never as markup.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from toolkit.i18n import t

from ..core import EngineError
from ..keys import Cursor, Menu, Stopped, draw, flush_keys, height_of
from .session import UNDO_REFUSALS, TacticsSession, view
from .terminal import MARKS, STACK, hand_line, option_words, prompt_text, unit_line

LOG_LINES = 8  # log lines at the foot of the screen (more when the terminal is tall)
WIDE = 60  # the least width of the map's column for the units to be listed beside the options, under the map


def _map(session: TacticsSession, seen: dict[str, Any], lang: str, names: Any) -> tuple[Any, list[Any]]:
    """The map as rich Text (a letter per unit, coloured by side; :data:`STACK` on a cell two units share) and a
    Text line per unit (first a line per shared cell naming its units)."""
    from rich.text import Text

    rows = [list(row) for row in session.game.board.current_rows()]
    marks: dict[tuple[int, int], list[tuple[str, str]]] = {}
    lines: list[Any] = []
    units = sorted(seen["units"], key=lambda u: (u["seat"], u["label"]))
    for i, unit in enumerate(units):
        x, y = unit["pos"]
        hidden = "id" not in unit
        mark = "?" if hidden else MARKS[i % len(MARKS)]
        style = "bold yellow" if hidden else "bold green" if unit["seat"] == seen["seat"] else "dim" if not unit[
            "seat"] else "bold red"  # fmt: skip
        marks.setdefault((x, y), []).append((mark, style))
        lines.append(Text(unit_line(unit, mark, lang, names), style=style.replace("bold ", "")))
    shared = []
    for (x, y), here in sorted(marks.items(), key=lambda item: (item[0][1], item[0][0])):
        if len(here) > 1:
            said = t(lang, "{mark}: {units} on one cell, {x},{y}", mark=STACK,
                     units=t(lang, ", ").join(m for m, _ in here), x=x, y=y)  # fmt: skip
            shared.append(Text(said, style="magenta"))
    board = Text("   " + "".join(str(x % 10) for x in range(len(rows[0]) if rows else 0)), style="dim", no_wrap=True)
    for y, row in enumerate(rows):
        board.append(f"\n{y:>2} ", style="dim")
        for x, ch in enumerate(row):
            cell = marks.get((x, y), [])
            if not cell:
                board.append(ch, style="dim" if ch in "#." else "")
            elif len(cell) > 1:
                board.append(STACK, style="bold magenta")
            else:
                board.append(*cell[0])
    return board, shared + lines


def screen(session: TacticsSession, seat: int, lang: str, names: Any, cursor: Cursor, note: str,
           height: int, width: int = 150, console: Any = None, note_style: str = "bold red") -> Any:  # fmt: skip
    """What the screen shows for the pending decision (a rich renderable), ``height`` rows and ``width`` columns at
    most (``console``: the one it is drawn on, which measures the text; ``note`` under the options, a warning unless
    ``note_style`` says otherwise)."""
    import io

    from rich.console import Console, Group
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    measure = console if console is not None else Console(file=io.StringIO(), width=width, color_system=None)
    decision = session.pending
    seen = view(session.game, seat, decision)
    board, units = _map(session, seen, lang, names)
    board_w = max(len(line) for line in board.plain.split("\n"))
    board_h = board.plain.count("\n") + 1
    wide = (width - 2) * 3 // 5 >= max(WIDE, board_w)
    beside_map = wide or width - board_w - 2 >= 20  # else the options go under the map: the map is never cut
    left_w = (width - 2) * 3 // 5 if wide else board_w if beside_map else width
    right_w = width - left_w - 2 if beside_map else width
    if decision is not None:
        question = t(lang, "decision {number}: {prompt}", number=decision.number + 1,
                     prompt=prompt_text(decision.prompt, names))  # fmt: skip
        words = option_words(decision, seen, lang, names)
    else:
        question, words = t(lang, "the game is over"), []
    menu = Menu(measure, cursor, question, words, right_w, lang)
    hand = Text(hand_line(seen, lang, names))
    keys = Text(t(lang, "arrows and Enter choose, digits jump, u undoes, q stops"), style="dim")
    warning = Text(note, style=note_style)
    log = [Text(names.line(entry)) for entry in seen["log"]]
    about = Text(  # (the seed only once the game is over: while it goes on, it would give the deal away)
        t(lang, "Seat {seat} · round {round}", seat=seat, round=seen["round"]) if session.pending is not None
        else t(lang, "Seat {seat} · round {round} · seed {seed}", seat=seat, round=seen["round"], seed=session.setup.seed),
        style="bold",
    )
    hand_h, keys_h = height_of(measure, hand, right_w) + 1, height_of(measure, keys, right_w)
    note_h = height_of(measure, warning, right_w) if note else 0
    unit_hs = [height_of(measure, u, left_w if wide else width) for u in units]
    log_hs = [height_of(measure, line, width - 4) for line in log]
    about_h = height_of(measure, about, width)
    shown = {"log": min(len(log), max(LOG_LINES, height // 4)), "units": len(units), "hand": 1, "keys": 1,
             "room": menu.full}  # fmt: skip

    def total(**change: int) -> int:
        s = {**shown, **change}
        right = hand_h * s["hand"] + menu.height(s["room"]) + keys_h * s["keys"] + note_h
        listed = sum(unit_hs[: s["units"]])
        left = board_h + (listed if wide else 0)
        below = 0 if wide else listed
        foot = 2 + sum(log_hs[len(log) - s["log"] :]) if s["log"] else 0
        return about_h + (max(left, right) if beside_map else left + right) + below + foot

    beside = board_h + (sum(unit_hs) if wide else 0) - (hand_h + menu.frame + keys_h + note_h) if beside_map else 0
    for name, least in (("log", 0), ("room", max(menu.least(), beside)), ("units", 0), ("room", 0), ("keys", 0),
                        ("hand", 0)):  # fmt: skip
        while total() > height and shown[name] > least:
            shown[name] -= 1
    while shown["room"] < menu.full and total(room=shown["room"] + 1) <= height:
        shown["room"] += 1
    right = [hand, Text("")] if shown["hand"] else []
    right.append(menu.panel(shown["room"]))
    if shown["keys"]:
        right.append(keys)
    if note:
        right.append(warning)
    listed = units[: shown["units"]]
    parts: list[Any] = [about]
    if beside_map:  # (options for free beside the map)
        grid = Table.grid(padding=(0, 2))
        grid.add_column(width=left_w, no_wrap=not wide, overflow="fold")
        grid.add_column(width=right_w, overflow="fold")
        grid.add_row(Group(board, *listed) if wide else board, Group(*right))
        parts.append(grid)
    else:  # too narrow for the options beside the map: under it
        parts += [board, *right]
    if not wide:
        parts += listed
    if shown["log"]:
        parts.append(Panel(Text("\n").join(log[len(log) - shown["log"] :]), title=Text(t(lang, "Log")),
                           title_align="left", width=width))  # fmt: skip
    return Group(*parts)


def play_screen(session: TacticsSession, seat: int, lang: str, names: Any, console: Any,
                keys: Callable[[], str]) -> None:  # fmt: skip
    """Play ``seat`` of ``session`` in the full-screen view on ``console`` with the keys ``keys`` gives, until the
    game ends or the player stops (:class:`~toolkit.engine.keys.Stopped` goes up for ``q`` and Esc, EOFError for
    Ctrl-D and the end of input). A resize of the terminal draws the view again at its new size."""
    cursor, note, asked = Cursor(0), "", -1
    while session.pending is not None:
        decision = session.pending
        if decision.number != asked:  # a new decision: the cursor on its first option, the keys typed ahead dropped
            flush_keys(keys)
            cursor, asked = Cursor(len(decision.options)), decision.number
        width, height = console.size
        draw(console, screen(session, seat, lang, names, cursor, note, height, width, console))
        note = ""
        asks = cursor.press(keys())
        if asks == "stop":
            raise Stopped
        if asks == "undo":
            if not session.undo(seat):
                note = t(lang, UNDO_REFUSALS.get(session.refused or "", UNDO_REFUSALS["nothing"]))  # (and why)
            asked = -1
        elif asks == "pick":
            busy = t(lang, "the machine is playing…")  # (until the next decision of the seat is drawn)
            draw(console, screen(session, seat, lang, names, cursor, busy, height, width, console, "bold yellow"))
            try:
                session.apply(decision.options[cursor.at].label)
            except EngineError as exc:
                note = str(exc)
    width, height = console.size
    draw(console, screen(session, seat, lang, names, Cursor(0), "", height, width, console))
