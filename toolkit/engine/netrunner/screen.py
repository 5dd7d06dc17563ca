"""A person plays one Netrunner side in a full-screen view of the terminal (``dossier play netrunner`` at a
terminal): the table as their side may see it (:func:`.terminal.describe`: the corp's servers with their ice, the
rig, both sides' numbers, the run under way), their hand, the question and the options of the pending decision under
a cursor, and the latest lines of the log. The keys are :mod:`toolkit.engine.keys`'s: the arrows, Page Up/Down, Home
and End move, Enter chooses, digits jump, ``q`` or Esc stops; played through a session (``dossier play``: the
policy's ``session``), ``u`` undoes the person's last decision (the session's undo, refused with the reason as in the
tactics view) and ``r`` resigns once ``y`` confirms it (:class:`~.terminal.TakenBack`, :class:`~.terminal.Resigned`).

The view fits the terminal, and what the seat needs most is cut last: its own numbers and hand, the run and the ice
it encounters, the question (wrapped, never cut) and the option under the cursor with its neighbours. When everything
does not fit, the servers with nothing in them go first, then the log is shortened to its latest few lines, the
options to the cursor's and a few around it, the heap to a line saying how many cards it holds, the servers go from
the last (a line says how many are not shown; the run's server stays with the run), then the log, the lines of keys
and of the game, the other side's score area, heap and numbers (and its rig), the seat's score area, heap, rig and
hand, the run's server, the run, the seat's numbers, the ice the run encounters: on a tiny terminal the question and
the option under the cursor are all there is (:func:`fit`). Below 120 columns the table and the options are one above
the other. Lines are broken where they may end (:func:`toolkit.engine.linebreak.fold`, the tactics view's too: a log
line's number stays with its text, a card's name with its number, Chinese between its marks). The game's symbols (``4[click] 5[credit]``) are said in words
(``4 clicks 5 credits``), as ``--plain`` says them (:func:`icon_words`; the subroutine's as the web draws it,
:data:`SUBROUTINE`); names and card text go into rich as Text, never as markup."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from toolkit.i18n import t, tn, word

from ..keys import Cursor, Menu, Stopped, draw, flush_keys, height_of, log_cut
from ..linebreak import fold as fold  # (the tests' name for it)
from ..linebreak import folded, wrap
from .decisions import Decision
from .state import SIDE_OF_SEAT
from .terminal import table_parts

if TYPE_CHECKING:
    from .game import NetrunnerGame

LOG_LINES = 10
LOG_FEW = 3  # the log's latest lines, kept while the servers and the options are cut
FEW_OPTIONS = 3  # the options kept (the cursor's among them) while the servers are cut
WIDE = 120  # from this many columns, the table and the options side by side

_ICONS = re.compile(r"(\d+)?((?:\[click\])+|\[([a-z][a-z_-]*)\])")
_COUNTED = {"click": ("{n} click", "{n} clicks"), "credit": ("{n} credit", "{n} credits")}
SUBROUTINE = "↳"  # the subroutine's symbol, as the web and the cards draw it (its word would run into the text)


def icon_words(text: str, lang: str) -> str:
    """``text`` with the game's symbols in words of ``lang``: ``4[click]`` and ``[click][click]`` are ``4 clicks``
    and ``2 clicks``, ``5[credit]`` ``5 credits``, a symbol alone its word (``[trash]``: ``trash``), but the
    subroutine's, which starts a subroutine's text: :data:`SUBROUTINE` (``↳ End the run.``); a bracketed word that is
    no symbol stays as it is."""
    from toolkit.markup import ALIASES, ICONS

    def said(match: re.Match[str]) -> str:
        number, symbols, name = match.group(1), match.group(2), match.group(3)
        if name is None:  # [click] after a number (4[click]: 4 clicks), or a run of them ([click][click]: 2 clicks)
            count = int(number) if number is not None else symbols.count("[click]")
            return tn(lang, *_COUNTED["click"], count, n=count)
        icon = ALIASES.get(name, name)
        if icon not in ICONS:
            return match.group(0)
        if number is not None and icon in _COUNTED:
            return tn(lang, *_COUNTED[icon], int(number), n=number)
        if icon == "subroutine":
            return f"{number} {SUBROUTINE}" if number is not None else SUBROUTINE
        shown = word("icon", icon, lang)
        return f"{number} {shown}" if number is not None else shown

    return _ICONS.sub(said, text) if "[" in text else text


def resigned_reason(side: str, lang: str) -> str:
    """Why a game ``side`` resigned ended, in ``lang``: ``the runner resigned``."""
    return t(lang, "the {side} resigned", side=word("side", side, lang))


class ScreenPolicy:
    """Asks a person, drawing the whole screen before each of their decisions; ``keys`` gives their keys."""

    def __init__(self, console: Any, keys: Callable[[], str], lang: str = "en") -> None:
        self.console, self.keys, self.lang = console, keys, lang
        self.names: Any = None  # the LogNames of the game's records, made at the first decision
        self.session: Any = None  # the NetrunnerSession played (``dossier play``): then u undoes, r resigns

    def decide(self, game: NetrunnerGame, decision: Decision) -> str:
        """The label of the option the person takes; :class:`~toolkit.engine.keys.Stopped` for ``q`` and Esc;
        with a ``session``, :class:`~.terminal.TakenBack` once ``u`` has undone the person's last decision (a
        refusal is said under the options) and :class:`~.terminal.Resigned` for ``r`` confirmed with ``y``."""
        from toolkit.cli._lang import LogNames

        from .session import UNDO_REFUSALS
        from .terminal import YES, Resigned, TakenBack

        if self.names is None:
            self.names = LogNames(game.records, self.lang)
        cursor = Cursor(len(decision.options))
        flush_keys(self.keys)  # a new decision: what was typed while the machine played was meant for none of it
        note = ""
        while True:
            draw(self.console, self.screen(game, decision, cursor, note))
            note, key = "", self.keys()
            if self.session is not None and key == "r":  # asked once more: any other key goes back
                sure = t(self.lang, "resign this game? the other side wins, and it cannot be undone: {yes} resigns, "
                                    "any other key goes back", yes=YES)  # fmt: skip
                draw(self.console, self.screen(game, decision, cursor, sure))
                if self.keys() == YES:
                    raise Resigned
                continue
            asks = cursor.press(key)
            if asks == "stop":
                raise Stopped
            if asks == "undo" and self.session is not None:
                if self.session.undo(decision.seat):
                    raise TakenBack
                note = t(self.lang, UNDO_REFUSALS.get(self.session.refused or "", UNDO_REFUSALS["nothing"]))
            if asks == "pick":  # the machine may play next: said until the person's next decision is drawn
                draw(self.console, self.screen(game, decision, cursor, t(self.lang, "the machine is playing…")))
                return decision.options[cursor.at].label

    def over(self, game: NetrunnerGame, seat: int, resigned: str | None = None) -> None:
        """Draw the last screen of the game ``seat`` played: the table and the log as they ended, and how (a game
        the side ``resigned`` resigned: said so)."""
        from toolkit.cli._lang import LogNames

        if self.names is None:
            self.names = LogNames(game.records, self.lang)
        reason = game.end_reason if game.over else None
        if resigned is not None:
            said = t(self.lang, "the game is over ({reason})", reason=resigned_reason(resigned, self.lang))
        elif reason is not None:
            said = t(self.lang, "the game is over ({reason})", reason=self.names.say("reason", reason))
        else:
            said = t(self.lang, "the game is over")
        draw(self.console, self.screen(game, None, Cursor(0), seat=seat, question=said))

    def screen(self, game: NetrunnerGame, decision: Decision | None, cursor: Cursor, note: str = "",
               seat: int = 0, question: str = "") -> Any:  # fmt: skip
        """The screen for ``decision`` (a rich renderable): the table, the options, the log, fitted to the
        console's size (``note`` under the options). With no decision (the game is over): ``seat``'s table and log
        under ``question``."""
        from rich.console import Group
        from rich.panel import Panel
        from rich.table import Table
        from rich.text import Text

        lang, names, console = self.lang, self.names, self.console
        if names is None:
            from toolkit.cli._lang import LogNames

            names = self.names = LogNames(game.records, lang)

        def side(seat: int) -> str:
            return word("side", SIDE_OF_SEAT.get(seat, ""), lang)

        width, height = console.size
        wide = width >= WIDE
        left_w = (width - 2) * 3 // 5 if wide else width
        right_w = width - left_w - 2 if wide else width
        if decision is not None:
            seat = decision.seat
            words = [icon_words(str(names.say("option", option.text)), lang) for option in decision.options]
            question = t(lang, "you ({side}): {prompt}", side=side(seat),
                         prompt=icon_words(str(names.say("prompt", decision.prompt)), lang))  # fmt: skip
        else:
            words = []
        view = game.view(seat)
        rows = [(kind, folded(icon_words(line, lang), left_w)) for kind, line in table_parts(view, lang, names)]
        inner, numbers = max(8, right_w - 4), len(str(max(1, len(words))))
        menu = Menu(console, cursor, wrap(question, inner, 0),  # (broken where lines may end)
                    [wrap(w, max(8, inner - numbers - 4), 0) for w in words], right_w, lang)  # fmt: skip
        if self.session is not None:  # (the keys of a game played through a session: undo and resign too)
            keys = Text(t(lang, "arrows and Enter choose, digits jump, u undoes, {r} resigns, q stops", r="r"),
                        style="dim")  # fmt: skip
        else:
            keys = Text(t(lang, "arrows and Enter choose, digits jump, q stops"), style="dim")
        if note:
            keys = Text(note, style="bold yellow")
        elif decision is None:
            keys = Text("")
        events = game.log.seen_by(seat)
        log = [folded(icon_words(names.line(e.to_json(), side), lang), width - 4)
               for e in events[-max(LOG_LINES, height // 4) :]]  # fmt: skip
        if game.over or game.turn_limit:  # (the seed gives the deal away: said once the game is over)
            about = Text(t(lang, "You play the {side} · turn {turn} · seed {seed}", side=side(seat), turn=game.turns,
                           seed=game.seed), style="bold")  # fmt: skip
        elif game.turns == 0:  # before the first turn: the mulligans (no "turn 0")
            if decision is not None and decision.kind == "mulligan":
                stage = t(lang, "You play the {side} · mulligan", side=side(seat))
            else:
                stage = t(lang, "You play the {side} · set-up", side=side(seat))
            about = Text(stage, style="bold")
        else:
            about = Text(t(lang, "You play the {side} · turn {turn}", side=side(seat), turn=game.turns), style="bold")
        shown = fit(console, view, seat, rows, menu, keys, about, log, wide, left_w, right_w, lang)
        right = [menu.panel(shown.room)] + ([keys] if shown.keys else [])
        left = shown.table(lang, left_w)
        parts: list[Any] = [about] if shown.about else []
        if wide:
            grid = Table.grid(padding=(0, 2))
            grid.add_column(width=left_w, overflow="fold")
            grid.add_column(width=right_w, overflow="fold")
            grid.add_row(Group(*left), Group(*right))
            parts.append(grid)
        else:
            parts += [*left, *right]
        if shown.log:
            parts.append(Panel(Text("\n").join(log[len(log) - shown.log :]), title=Text(t(lang, "Log")),
                               title_align="left", width=width, subtitle=log_cut(lang, shown.log, len(events)),
                               subtitle_align="left"))  # fmt: skip
        return Group(*parts)


class Shown:
    """What of the screen is drawn (:func:`fit`): the rows of the table (``kind``, Text) but those ``dropped``,
    the ``log``'s latest lines, ``room`` lines for the options, the lines of ``keys``, ``about`` and of the servers
    not shown (``more_line``); the heap's cards named (``heap``) or, 0, its ``heap_count`` of cards said."""

    def __init__(self, rows: list[tuple[str, Any]], log: int, room: int, heap_count: int = 0) -> None:
        self.rows, self.log, self.room, self.heap_count = rows, log, room, heap_count
        self.dropped: set[int] = set()
        self.keys = self.about = self.more_line = self.heap = 1

    def servers_dropped(self) -> int:
        """The servers not shown (0 when the line that says how many is cut too)."""
        return self.more_line * sum(1 for i in self.dropped if self.rows[i][0] == "server")

    def heap_line(self, lang: str, width: int) -> Any:
        """The heap cut to a line saying how many cards it holds."""
        n = self.heap_count
        return folded("  " + tn(lang, "heap {n} card", "heap {n} cards", n, n=n), width)

    def text(self, i: int, lang: str, width: int) -> Any:
        """Row ``i`` as drawn (the heap's as its count when cut)."""
        kind, text = self.rows[i]
        return self.heap_line(lang, width) if kind == "heap" and not self.heap else text

    def more(self, lang: str, width: int) -> Any:
        """The line that says how many servers are not shown."""
        n = self.servers_dropped()
        return folded("  " + tn(lang, "({n} server not shown)", "({n} servers not shown)", n, n=n), width)

    def table(self, lang: str, width: int) -> list[Any]:
        """The table's rows drawn, the line of the servers not shown after the last server."""
        servers = [i for i, (kind, _) in enumerate(self.rows) if kind == "server"]
        out = []
        for i, (kind, text) in enumerate(self.rows):
            if i not in self.dropped:
                out.append(self.text(i, lang, width) if kind == "heap" else text)
            if servers and i == servers[-1] and self.servers_dropped():
                out.append(self.more(lang, width))
        return out


def fit(console: Any, view: dict[str, Any], seat: int, rows: list[tuple[str, Any]], menu: Menu, keys: Any,
        about: Any, log: list[Any], wide: bool, left_w: int, right_w: int, lang: str) -> Shown:  # fmt: skip
    """What of the screen fits the console's height. Cut first to last, while it does not fit: the servers with
    nothing in them (from the last), the log to its :data:`LOG_FEW` latest lines, the options to the cursor's and
    its neighbours' (:data:`FEW_OPTIONS`), the heap to a line saying how many cards it holds, the other servers from
    the last, the log, the options to the least :class:`~toolkit.engine.keys.Menu` shows, the lines of keys and
    ``about``, the line of the servers not shown, the other side's score area (and heap) and its rig and numbers, the
    seat's score area (and heap), rig and hand, the run's server, the run, the seat's numbers, the ice the run
    encounters. Then what was cut is given back, the last cut
    first, wherever it fits again (a cut that won nothing, as the options beside a longer table; a short line where a
    long one did not fit), the line of the servers not shown only with the corp's line it belongs to."""
    width, height = console.size
    shown = Shown(rows, len(log), menu.full, len(view["runner"].get("heap") or ()))
    row_hs = [height_of(console, text, left_w) for _, text in rows]
    heap_h = height_of(console, shown.heap_line(lang, left_w), left_w)  # (the heap as its count)
    keys_h, about_h = height_of(console, keys, right_w), height_of(console, about, width)
    log_hs = [height_of(console, line, width - 4) for line in log]

    def total() -> int:
        left = sum(heap_h if kinds[i] == "heap" and not shown.heap else h for i, h in enumerate(row_hs)
                   if i not in shown.dropped)  # fmt: skip
        if shown.servers_dropped():
            left += height_of(console, shown.more(lang, left_w), left_w)
        right = menu.height(shown.room) + keys_h * shown.keys
        foot = 2 + sum(log_hs[len(log) - shown.log :]) if shown.log else 0
        return about_h * shown.about + (max(left, right) if wide else left + right) + foot

    def cut(op: int | str, by: int) -> None:  # (a row of the table by its index, else one line less or more)
        if isinstance(op, int):
            (shown.dropped.add if by < 0 else shown.dropped.discard)(op)
        else:
            setattr(shown, op, getattr(shown, op) + by)

    own = SIDE_OF_SEAT.get(seat, "")
    kinds = [kind for kind, _ in rows]
    run = view.get("run") or {}
    servers = list(zip([i for i, kind in enumerate(kinds) if kind == "server"], view["corp"]["servers"], strict=True))
    archives = bool(view["corp"].get("archives"))

    def empty(server: dict[str, Any]) -> bool:
        return not server["ice"] and not server["root"] and not (server["name"] == "archives" and archives)

    def of(*wanted: str) -> list[int | str]:
        return [i for i, kind in enumerate(kinds) if kind in wanted]

    other = "corp" if own == "runner" else "runner"
    ran = [i for i, server in servers if server["name"] == run.get("server")]
    ops: list[int | str] = [i for i, server in reversed(servers) if empty(server) and i not in ran]
    ops += ["log"] * max(0, len(log) - LOG_FEW)
    few = max(menu.least(), sum(menu.heights[i] for i in menu.cursor.window(FEW_OPTIONS)))
    ops += ["room"] * max(0, menu.full - few)
    ops += ["heap"] * bool(of("heap"))  # (the heap to its count before a server goes)
    ops += [i for i, server in reversed(servers) if not empty(server) and i not in ran]
    ops += ["log"] * min(len(log), LOG_FEW) + ["room"] * max(0, min(menu.full, few) - menu.least())
    ops += ["keys", "about", "more_line"]  # (the line saying servers are cut outlasts the keys)
    outside = {"corp": of("corp_score"), "runner": of("heap", "runner_score")}  # a side's cards out of play
    ops += [i for side, rows in outside.items() if side != own for i in rows]
    ops += (of("rig") + of(other)) if own == "corp" else of(other)
    ops += outside.get(own, []) + (of("rig") if own == "runner" else []) + of("hand") + ran + of("run") + of(own)
    ops += of("encounter")
    done = []
    for op in ops:
        if total() <= height:
            break
        cut(op, -1)
        done.append(op)
    for op in reversed(done):  # given back where it fits
        if op == "more_line" and any(i in shown.dropped for i in of("corp")):
            continue  # (the line of the servers not shown only under the corp's line it belongs to: never alone)
        cut(op, 1)
        if total() > height:
            cut(op, -1)
    return shown
