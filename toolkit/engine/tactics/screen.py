"""A person plays one tactics seat in a full-screen view of the terminal (``dossier play tactics`` at a terminal):
the map with a letter on each unit (yours in green, the others' in red, a face-down enemy as a yellow ``?``, ``+``
where units share a cell), the units (yours first, then the other players', the neutral ones last; with their
equipment and status cards), your hand with the counts of your deck and discard pile, the matrix shop's size (a mode
with the shop) and what the view shows of the other players, the question and the options of the pending decision
with a cursor, and the latest lines of the log; once the game is over, how it ended.

The view fits the terminal, whatever its size: when everything does not fit, the log is shortened first to its
latest few lines, then the neutral units' lines go, then the options beside the map are fewer, then the log keeps
its latest line, then the other players' units go… then the map shows fewer rows; the question and the cursor's
option stay while there are rows for them (with no frame round them on a tiny screen). At 80 columns the map has a
column of its own and the units are listed beside it under the options, then under it; on a terminal too narrow for
the options beside the map, they go under it. Chinese text is broken where a line may end
(:func:`toolkit.engine.linebreak.fold`, the Netrunner view's too), never inside a name and its number nor after a log
line's number.

Keys: the arrow keys (and Page Up/Down, Home, End) move the cursor, Enter takes the option under it, digits jump to
an option by its number, ``u`` undoes your last decision, ``r`` resigns once ``y`` confirms it (any other key goes
back; the session's :meth:`~.session.TacticsSession.resign`, as the browser's Resign), ``q`` or Esc stops (the game
is saved with ``--save``).
The keys come from :func:`toolkit.engine.keys.read_key` (the terminal in cbreak mode); any other source of keys
works too (the tests give a list). Nothing here shows what the seat may not see: it draws the seat's
:func:`~toolkit.engine.tactics.session.view` only. Names and card text go into rich as Text, never as markup.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from toolkit.i18n import t

from ..core import EngineError
from ..keys import Cursor, Menu, Stopped, draw, flush_keys, height_of, log_cut
from ..linebreak import folded, wrap
from .session import UNDO_REFUSALS, TacticsSession, view
from .terminal import (
    MARKS,
    STACK,
    hand_line,
    mode_scores,
    option_words,
    over_line,
    prompt_text,
    resigned_line,
    table_lines,
    unit_order,
    unit_words,
)

LOG_FEW = 3  # the log's latest lines, kept while the other players' units and the options beside the map are cut
WIDE = 60  # the least width of the map's column for the units to be listed beside the options, under the map




class _Drawn:
    """The map of a seat's view as rich Text, drawn whole or a band of its rows, and the lines under it: the
    seat's units first, then the other players' (rank 0 and 1), a line per shared cell (2), the neutral ones (3)."""

    def __init__(self, session: TacticsSession, seen: dict[str, Any], lang: str, names: Any) -> None:
        self.rows = [list(row) for row in session.game.board.current_rows()]
        self.marks: dict[tuple[int, int], list[tuple[str, str]]] = {}
        units: list[tuple[int, str, str]] = []
        focus: list[int] = []
        for i, unit in enumerate(unit_order(seen["units"], seen["seat"])):
            x, y = unit["pos"]
            hidden = "id" not in unit
            mark = "?" if hidden else MARKS[i % len(MARKS)]
            own = unit["seat"] == seen["seat"]
            style = "bold yellow" if hidden else "bold green" if own else "dim" if not unit["seat"] else "bold red"
            self.marks.setdefault((x, y), []).append((mark, style))
            units.append((0 if own else 1 if unit["seat"] else 3, unit_words(unit, mark, lang, names),
                          style.replace("bold ", "")))  # fmt: skip
            if own:
                focus.append(y)
        for (x, y), here in sorted(self.marks.items(), key=lambda item: (item[0][1], item[0][0])):
            if len(here) > 1:
                said = t(lang, "{mark}: {units} on one cell, {x},{y}", mark=STACK,
                         units=t(lang, ", ").join(m for m, _ in here), x=x, y=y)  # fmt: skip
                units.append((2, said, "magenta"))
        self.lines = sorted(units, key=lambda line: line[0])  # (stable: in their order within a rank)
        self.focus = focus[0] if focus else 0  # the row a band of the map is centred on: the seat's first unit's
        self.width = 3 + (len(self.rows[0]) if self.rows else 0)

    def board(self, shown: int) -> Any:
        """The map's column numbers and ``shown`` of its rows (all of them, or a band around the seat's first
        unit), a letter on each unit's cell; None for none."""
        from rich.text import Text

        if shown <= 0:
            return None
        first = max(0, min(self.focus - shown // 2, len(self.rows) - shown))
        board = Text("   " + "".join(str(x % 10) for x in range(len(self.rows[0]) if self.rows else 0)),
                          style="dim", no_wrap=True)  # fmt: skip
        for y in range(first, min(len(self.rows), first + shown)):
            board.append(f"\n{y:>2} ", style="dim")
            for x, ch in enumerate(self.rows[y]):
                cell = self.marks.get((x, y), [])
                if not cell:
                    board.append(ch, style="dim" if ch in "#." else "")
                elif len(cell) > 1:
                    board.append(STACK, style="bold magenta")
                else:
                    board.append(*cell[0])
        return board


def _map(session: TacticsSession, seen: dict[str, Any], lang: str, names: Any) -> tuple[Any, list[Any]]:
    """The whole map as rich Text (:class:`_Drawn`) and a Text line per unit and per shared cell, in their order."""
    from rich.text import Text

    drawn = _Drawn(session, seen, lang, names)
    return drawn.board(len(drawn.rows)), [Text(words, style=style) for _, words, style in drawn.lines]


def _over(session: TacticsSession, lang: str) -> str:
    """How the game ended, as the plain view's last line says it: the winners and why (:func:`.terminal.over_line`)."""
    return over_line(session, lang)


def screen(session: TacticsSession, seat: int, lang: str, names: Any, cursor: Cursor, note: str,
           height: int, width: int = 150, console: Any = None, note_style: str = "bold red") -> Any:  # fmt: skip
    """What the screen shows for the pending decision (a rich renderable), ``height`` rows and ``width`` columns at
    most (``console``: the one it is drawn on, which measures the text; ``note`` under the options, a warning unless
    ``note_style`` says otherwise). With no decision pending, how the game ended."""
    import io

    from rich.console import Console, Group
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    measure = console if console is not None else Console(file=io.StringIO(), width=width, color_system=None)
    decision = session.pending
    seen = view(session.game, seat, decision, over=session.over)
    drawn = _Drawn(session, seen, lang, names)
    wide = (width - 2) * 3 // 5 >= max(WIDE, drawn.width)
    beside_map = wide or width - drawn.width - 2 >= 20  # else the options go under the map
    left_w = (width - 2) * 3 // 5 if wide else drawn.width if beside_map else width
    right_w = width - left_w - 2 if beside_map else width
    if decision is not None:
        question = t(lang, "decision {number}: {prompt}", number=session.own_number(decision),
                     prompt=prompt_text(decision.prompt, names))  # fmt: skip
        words = option_words(decision, seen, lang, names)
        keys = folded(t(lang, "arrows and Enter choose, digits jump, u undoes, {r} resigns, q stops", r="r"), right_w,
                      0, "dim")  # fmt: skip
    else:  # (no key does anything any more: the screen stays as it is, the game over)
        question, words, keys = _over(session, lang), [], None
    numbers = len(str(max(1, len(words))))

    def menu_of(panel_w: int) -> Menu:  # (the question and options broken where lines may end: :func:`wrap`)
        inner = max(8, panel_w - 4)
        return Menu(measure, cursor, wrap(question, inner, 0), [wrap(w, max(8, inner - numbers - 4), 0) for w in words],
                    panel_w, lang)  # fmt: skip

    menu, bare = menu_of(right_w), menu_of(width + 4)  # bare: the question and options without the panel's frame
    scores = mode_scores(session.game)  # (a score only in a mode with 先发制人, §15.2)
    hand = folded(hand_line(seen, lang, names, scores), right_w, 2)
    players = [folded(line, right_w, 2) for line in table_lines(seen, lang, names, scores)]
    warning = folded(note, right_w, 0, note_style)
    # (as many of the latest entries as rows: the fitting below shortens the log only when all does not fit)
    log = [folded(names.line(entry), width - 4) for entry in seen["log"][-max(1, height) :]]
    ending = resigned_line(session, seen, lang)
    if ending is not None:  # (the log ends with the resignation, as the plain view's)
        log = [*log[1:], folded(ending, width - 4)] if log else [folded(ending, width - 4)]
    about = folded(  # (the seed only once the game is over: while it goes on, it would give the deal away)
        t(lang, "Seat {seat} · round {round}", seat=seat, round=seen["round"]) if session.pending is not None
        else t(lang, "Seat {seat} · round {round} · seed {seed}", seat=seat, round=seen["round"], seed=session.setup.seed),
        width, 0, "bold")  # fmt: skip
    unit_w = left_w if wide else width
    under = [folded(words, unit_w, 2, style) for _, words, style in drawn.lines]  # under the map
    by_map = [folded(words, right_w, 2, style) for _, words, style in drawn.lines]  # beside it
    under_hs = [height_of(measure, u, unit_w) for u in under]
    by_map_hs = [height_of(measure, u, right_w) for u in by_map]
    hand_h, keys_h = height_of(measure, hand, right_w), height_of(measure, keys, right_w) if keys is not None else 0
    players_hs = [height_of(measure, p, right_w) for p in players]
    note_h = height_of(measure, warning, right_w) if note else 0
    log_hs = [height_of(measure, line, width - 4) for line in log]
    about_h = height_of(measure, about, width)
    ranks = [rank for rank, _, _ in drawn.lines]
    shown = {"log": len(log), "units": len(under), "hand": 1, "players": len(players),
             "keys": 1, "note": 1, "room": menu.full, "map": len(drawn.rows), "about": 1, "bare": 0}  # fmt: skip

    def fit(**change: int) -> tuple[int, int]:
        """The rows the screen takes with ``shown`` changed so, and the units listed beside the map."""
        s = {**shown, **change}
        top = hand_h * s["hand"] + sum(players_hs[: s["players"]])
        top += 1 if top else 0  # (a blank line over the question)
        options = bare.cursor.window_lines(bare.heights, s["room"]) if s["bare"] else range(0)
        asked = bare.question_lines + sum(bare.heights[i] for i in options) if s["bare"] else menu.height(s["room"])
        right = top + asked + keys_h * s["keys"] + note_h * s["note"]
        board = 1 + s["map"] if s["map"] else 0
        beside, listed = 0, s["units"]
        if wide:
            left, below = board + sum(under_hs[:listed]), 0
        else:
            if beside_map:  # the units first beside the map, under the options, as far as it goes down
                while beside < listed and right + by_map_hs[beside] <= board:
                    right += by_map_hs[beside]
                    beside += 1
            left, below = board, sum(under_hs[beside:listed])
        foot = 2 + sum(log_hs[len(log) - s["log"] :]) if s["log"] else 0
        return about_h * s["about"] + (max(left, right) if beside_map else left + right) + below + foot, beside

    def total(**change: int) -> int:
        return fit(**change)[0]

    beside_room = (1 + len(drawn.rows) + (sum(under_hs) if wide else 0)
                   - (hand_h + sum(players_hs) + 1 + menu.frame + keys_h + note_h)) if beside_map else 0  # fmt: skip
    # what goes first when all does not fit: the log to its latest lines, the neutral units (and the lines of the
    # shared cells), the options beside the map to those free there, the log to its latest line, the other
    # players' units… the map's rows; the question and the cursor's option last (then drawn without a frame)
    stages = [("log", min(LOG_FEW, len(log))), ("units", sum(1 for r in ranks if r < 2)),
              ("room", max(menu.least(), beside_room)), ("log", min(1, len(log))),
              ("units", ranks.count(0)), ("players", 0), ("room", 0), ("keys", 0), ("log", 0), ("units", 0),
              ("hand", 0), ("note", 0), ("map", 0), ("about", 0)]  # fmt: skip
    bounds, upper = [], dict(shown)
    for name, least in stages:
        bounds.append((name, min(least, upper[name]), upper[name]))
        upper[name] = min(least, upper[name])
    for name, least, _ in bounds:
        while total() > height and shown[name] > least:
            shown[name] -= 1
    if total() > height:  # the question and the cursor's option alone, without the panel's frame
        shown["bare"], shown["room"] = 1, 0
    for name, _, most in reversed(bounds):  # what was cut last comes back first, as far as there is room
        while shown[name] < most and total(**{name: shown[name] + 1}) <= height:
            shown[name] += 1
    beside = fit()[1]
    right: list[Any] = [hand] if shown["hand"] else []
    right += players[: shown["players"]]
    if right:
        right.append(Text(""))
    if shown["bare"]:
        right += [bare.question, *(bare.options[i] for i in cursor.window_lines(bare.heights, shown["room"]))]
    else:
        right.append(menu.panel(shown["room"]))
    if keys is not None and shown["keys"]:
        right.append(keys)
    if note and shown["note"]:
        right.append(warning)
    right += by_map[:beside]
    board = drawn.board(shown["map"])
    parts: list[Any] = [about] if shown["about"] else []
    if beside_map:  # (options for free beside the map)
        grid = Table.grid(padding=(0, 2))
        grid.add_column(width=left_w, no_wrap=not wide, overflow="fold")
        grid.add_column(width=right_w, overflow="fold")
        left = [board] if board is not None else []
        grid.add_row(Group(*left, *under[: shown["units"]]) if wide else Group(*left), Group(*right))
        parts.append(grid)
    else:  # too narrow for the options beside the map: under it
        parts += [board, *right] if board is not None else right
    if not wide:
        parts += under[beside : shown["units"]]
    if shown["log"]:  # (the earlier entries cut: the line under it says so, and where they are)
        cut = log_cut(lang, shown["log"], len(seen["log"]) + (ending is not None))
        parts.append(Panel(Text("\n").join(log[len(log) - shown["log"] :]), title=Text(t(lang, "Log")),
                           title_align="left", width=width, subtitle=cut, subtitle_align="left"))  # fmt: skip
    return Group(*parts)


def play_screen(session: TacticsSession, seat: int, lang: str, names: Any, console: Any,
                keys: Callable[[], str]) -> None:  # fmt: skip
    """Play ``seat`` of ``session`` in the full-screen view on ``console`` with the keys ``keys`` gives, until the
    game ends, the player resigns (``r``, then ``y``) or stops (:class:`~toolkit.engine.keys.Stopped` goes up for
    ``q`` and Esc, EOFError for Ctrl-D and the end of input). A resize of the terminal draws the view again at its
    new size."""
    from toolkit.engine.netrunner.terminal import YES

    cursor, note, asked = Cursor(0), "", -1
    while session.pending is not None:
        decision = session.pending
        if decision.number != asked:  # a new decision: the cursor on its first option, the keys typed ahead dropped
            flush_keys(keys)
            cursor, asked = Cursor(len(decision.options)), decision.number
        width, height = console.size
        draw(console, screen(session, seat, lang, names, cursor, note, height, width, console))
        note = ""
        key = keys()
        if key == "r":  # asked once more: any other key goes back
            sure = t(lang, "resign this game? the other side wins, and it cannot be undone: {yes} resigns, any other "
                           "key goes back", yes=YES)  # fmt: skip
            draw(console, screen(session, seat, lang, names, cursor, sure, height, width, console, "bold yellow"))
            if keys() == YES:
                session.resign(seat)
                break
            continue
        asks = cursor.press(key)
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
