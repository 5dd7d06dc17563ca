"""A person plays one Netrunner side in a full-screen view of the terminal (``dossier play netrunner`` at a
terminal): the table as their side may see it (:func:`.terminal.describe`: the corp's servers with their ice, the
rig, both sides' numbers, the run under way), their hand, the question and the options of the pending decision under
a cursor, and the latest lines of the log. The keys are :mod:`toolkit.engine.keys`'s (``u``, undo, is the tactics
view's only: a Netrunner game goes on from its record with ``--load``).

The view fits the terminal: when everything does not fit, the log is shortened first, then the table's lines, then
the options are the cursor's and its neighbours only; the question is wrapped, never cut. Below 120 columns the table
and the options are one above the other. The game's symbols (``4[click] 5[credit]``) are said in words (``4 clicks
5 credits``), as ``--plain`` says them (:func:`icon_words`); names and card text go into rich as Text, never as
markup."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from toolkit.i18n import t, tn, word

from ..keys import Cursor, Menu, Stopped, draw, flush_keys, height_of
from .decisions import Decision
from .state import SIDE_OF_SEAT
from .terminal import describe

if TYPE_CHECKING:
    from .game import NetrunnerGame

LOG_LINES = 10
WIDE = 120  # from this many columns, the table and the options side by side

_ICONS = re.compile(r"(\d+)?((?:\[click\])+|\[([a-z][a-z_-]*)\])")
_COUNTED = {"click": ("{n} click", "{n} clicks"), "credit": ("{n} credit", "{n} credits")}


def icon_words(text: str, lang: str) -> str:
    """``text`` with the game's symbols in words of ``lang``: ``4[click]`` and ``[click][click]`` are ``4 clicks``
    and ``2 clicks``, ``5[credit]`` ``5 credits``, a symbol alone its word (``[trash]``: ``trash``); a bracketed word
    that is no symbol stays as it is."""
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
        shown = word("icon", icon, lang)
        return f"{number} {shown}" if number is not None else shown

    return _ICONS.sub(said, text) if "[" in text else text


class ScreenPolicy:
    """Asks a person, drawing the whole screen before each of their decisions; ``keys`` gives their keys."""

    def __init__(self, console: Any, keys: Callable[[], str], lang: str = "en") -> None:
        self.console, self.keys, self.lang = console, keys, lang
        self.names: Any = None  # the LogNames of the game's records, made at the first decision

    def decide(self, game: NetrunnerGame, decision: Decision) -> str:
        """The label of the option the person takes; :class:`~toolkit.engine.keys.Stopped` for ``q`` and Esc."""
        from toolkit.cli._lang import LogNames

        if self.names is None:
            self.names = LogNames(game.records, self.lang)
        cursor = Cursor(len(decision.options))
        flush_keys(self.keys)  # a new decision: what was typed while the machine played was meant for none of it
        while True:
            draw(self.console, self.screen(game, decision, cursor))
            asks = cursor.press(self.keys())
            if asks == "stop":
                raise Stopped
            if asks == "pick":  # the machine may play next: said until the person's next decision is drawn
                draw(self.console, self.screen(game, decision, cursor, t(self.lang, "the machine is playing…")))
                return decision.options[cursor.at].label

    def over(self, game: NetrunnerGame, seat: int) -> None:
        """Draw the last screen of the game ``seat`` played: the table and the log as they ended, and how."""
        from toolkit.cli._lang import LogNames

        if self.names is None:
            self.names = LogNames(game.records, self.lang)
        reason = game.end_reason if game.over else None
        if reason is not None:
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
        table = [Text(icon_words(line, lang)) for line in describe(game.view(seat), lang, names)]
        menu = Menu(console, cursor, question, words, right_w, lang)
        keys = Text(t(lang, "arrows and Enter choose, digits jump, q stops"), style="dim")
        if note:
            keys = Text(note, style="bold yellow")
        elif decision is None:
            keys = Text("")
        events = game.log.seen_by(seat)
        log = [Text(icon_words(names.line(e.to_json(), side), lang)) for e in events[-max(LOG_LINES, height // 4) :]]
        if game.over or game.turn_limit:  # (the seed gives the deal away: said once the game is over)
            about = Text(t(lang, "You play the {side} · turn {turn} · seed {seed}", side=side(seat), turn=game.turns,
                           seed=game.seed), style="bold")  # fmt: skip
        else:
            about = Text(t(lang, "You play the {side} · turn {turn}", side=side(seat), turn=game.turns), style="bold")
        table_hs = [height_of(console, line, left_w) for line in table]
        keys_h, about_h = height_of(console, keys, right_w), height_of(console, about, width)
        log_hs = [height_of(console, line, width - 4) for line in log]
        shown = {"log": len(log), "table": len(table), "keys": 1, "room": menu.full}

        def total(**change: int) -> int:
            s = {**shown, **change}
            left = sum(table_hs[: s["table"]])
            right = menu.height(s["room"]) + keys_h * s["keys"]
            foot = 2 + sum(log_hs[len(log) - s["log"] :]) if s["log"] else 0
            return about_h + (max(left, right) if wide else left + right) + foot

        beside = sum(table_hs) - menu.frame - keys_h if wide else 0  # options for free beside the table
        for name, least in (("log", 0), ("room", max(menu.least(), beside)), ("table", 0), ("room", 0), ("keys", 0)):
            while total() > height and shown[name] > least:
                shown[name] -= 1
        while shown["room"] < menu.full and total(room=shown["room"] + 1) <= height:
            shown["room"] += 1
        right = [menu.panel(shown["room"])] + ([keys] if shown["keys"] else [])
        left = table[: shown["table"]]
        parts: list[Any] = [about]
        if wide:
            grid = Table.grid(padding=(0, 2))
            grid.add_column(width=left_w, overflow="fold")
            grid.add_column(width=right_w, overflow="fold")
            grid.add_row(Group(*left), Group(*right))
            parts.append(grid)
        else:
            parts += [*left, *right]
        if shown["log"]:
            parts.append(Panel(Text("\n").join(log[len(log) - shown["log"] :]), title=Text(t(lang, "Log")),
                               title_align="left", width=width))  # fmt: skip
        return Group(*parts)
