"""A person plays one Netrunner side in a full-screen view of the terminal (``dossier play netrunner`` at a
terminal): the table as their side may see it (:func:`.terminal.describe`: the corp's servers with their ice, the
rig, both sides' numbers, the run under way), their hand, the options of the pending decision under a cursor, and
the latest lines of the log. The keys are :mod:`toolkit.engine.keys`'s (``u``, undo, is the tactics view's only:
a Netrunner game goes on from its record with ``--load``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from toolkit.i18n import t, word

from ..keys import Cursor
from .decisions import Decision
from .state import SIDE_OF_SEAT
from .terminal import describe

if TYPE_CHECKING:
    from .game import NetrunnerGame

LOG_LINES = 10


class ScreenPolicy:
    """Asks a person, drawing the whole screen before each of their decisions; ``keys`` gives their keys."""

    def __init__(self, console: Any, keys: Callable[[], str], lang: str = "en") -> None:
        self.console, self.keys, self.lang = console, keys, lang
        self.names: Any = None  # the LogNames of the game's records, made at the first decision

    def decide(self, game: NetrunnerGame, decision: Decision) -> str:
        from toolkit.cli._lang import LogNames

        if self.names is None:
            self.names = LogNames(game.records, self.lang)
        cursor = Cursor(len(decision.options))
        while True:
            self.console.clear()
            self.console.print(self.screen(game, decision, cursor))
            asks = cursor.press(self.keys())
            if asks == "stop":
                raise EOFError
            if asks == "pick":
                return decision.options[cursor.at].label

    def screen(self, game: NetrunnerGame, decision: Decision, cursor: Cursor) -> Any:
        """The screen for ``decision`` (a rich renderable): the table, the options, the log."""
        from rich.console import Group
        from rich.panel import Panel
        from rich.table import Table
        from rich.text import Text

        lang, names = self.lang, self.names

        def side(seat: int) -> str:
            return word("side", SIDE_OF_SEAT.get(seat, ""), lang)

        height = self.console.size.height
        table = Text("\n".join(describe(game.view(decision.seat), lang, names)))
        options = Text()
        for i in cursor.window(max(5, height - LOG_LINES - 8)):
            option = decision.options[i]
            text = str(names.say("option", option.text))
            options.append(f"{'>' if i == cursor.at else ' '} {i + 1:>2}. {text}\n",
                           style="reverse" if i == cursor.at else "")  # fmt: skip
        prompt = t(lang, "you ({side}): {prompt}", side=side(decision.seat), prompt=names.say("prompt", decision.prompt))
        keys = t(lang, "arrows and Enter choose, digits jump, q stops")
        grid = Table.grid(expand=True, padding=(0, 2))
        grid.add_column(ratio=3)
        grid.add_column(ratio=2)
        grid.add_row(table, Group(Panel(options, title=prompt, title_align="left", subtitle=cursor.typed or None),
                                  Text(keys, style="dim")))  # fmt: skip
        events = game.log.seen_by(decision.seat)[-max(LOG_LINES, height // 4) :]
        log = "\n".join(names.line(e.to_json(), side) for e in events)
        about = t(lang, "You play the {side} · turn {turn}", side=side(decision.seat), turn=game.turns)
        return Group(Text(about, style="bold"), grid, Panel(Text(log), title=t(lang, "Log"), title_align="left"))
