"""A person at a terminal plays one side: before each of their decisions they see what their seat may see
(the new events of the log, their hand, the table) and the options, and type a number or a label."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..core import EngineError
from .decisions import Decision
from .state import SIDE_OF_SEAT

if TYPE_CHECKING:
    from .game import NetrunnerGame


def _card(c: dict[str, Any], lang: str, installed: bool = True) -> str:
    if c.get("id") is None:
        name = "face-down " + (c.get("type") or "card")
    else:
        name = c["name"]["en" if lang == "en" else "zh-Hans"]
        if installed and c.get("type") in ("ice", "asset", "upgrade") and not c.get("rezzed"):
            name += " (unrezzed)"
    extra = [f"{k} {v}" for k, v in (c.get("counters") or {}).items()]
    if c.get("credits"):
        extra.append(f"{c['credits']}[credit] on it")
    if c.get("hosted"):
        extra.append("hosts " + ", ".join(_card(h, lang) for h in c["hosted"]))
    return name + (f" [{'; '.join(extra)}]" if extra else "")


def describe(view: dict[str, Any], lang: str = "en") -> list[str]:
    """The table as lines of text (from one seat's view)."""
    corp, runner = view["corp"], view["runner"]
    lines = [
        f"corp: {corp['credits']}[credit] {corp['clicks']}[click] HQ {corp['hand_count']} R&D {corp['deck_count']} "
        f"points {corp['agenda_points']} bad publicity {corp['bad_publicity']}",
    ]
    for server in corp["servers"]:
        ice = ", ".join(_card(c, lang) for c in reversed(server["ice"])) or "no ice"
        root = ", ".join(_card(c, lang) for c in server["root"])
        lines.append(f"  {server['name']}: {ice}" + (f" | root: {root}" if root else ""))
    archives = corp["archives"]
    if archives:
        lines.append("  archives: " + ", ".join(_card(c, lang) for c in archives))
    lines.append(
        f"runner: {runner['credits']}[credit] {runner['clicks']}[click] grip {runner['hand_count']} stack "
        f"{runner['deck_count']} points {runner['agenda_points']} tags {runner['tags']} memory "
        f"{runner['memory_used']}/{runner['memory_limit']} link {runner['link']}"
    )
    if runner["rig"]:
        lines.append("  rig: " + ", ".join(_card(c, lang) for c in runner["rig"]))
    for side in ("corp", "runner"):
        hand = view[side]["hand"]
        if hand is not None:
            lines.append("your hand: " + (", ".join(_card(c, lang, installed=False) for c in hand) or "empty"))
    run = view["run"]
    if run is not None:
        lines.append(f"run on {run['server']}: {run['step']}, {run['position']} ice to pass")
        if run["encounter"]:
            subs = "; ".join(
                f"{s['index']}{' (broken)' if s['broken'] else ''}: {s['text']}"
                for s in run["encounter"]["subroutines"]
            )
            lines.append(f"  encountering {_card(run['encounter']['ice'], lang)}: {subs}")
    return lines


class TerminalPolicy:
    """Asks a person; shows only what their seat may see."""

    def __init__(
        self, read: Callable[[str], str] = input, write: Callable[[str], None] = print, lang: str = "en"
    ) -> None:
        self.read = read
        self.write = write
        self.lang = lang
        self.seen = 0

    def decide(self, game: NetrunnerGame, decision: Decision) -> str:
        from toolkit.cli._lang import LogNames

        names = LogNames(game.records, self.lang)
        events = game.log.seen_by(decision.seat)
        for event in events[self.seen :]:
            data = " ".join(f"{k}={v}" for k, v in names.fields(event.data).items())
            who = SIDE_OF_SEAT.get(event.player or 0, "")
            self.write(f"{event.seq:>4} {who} {event.kind} {data}".rstrip())
        self.seen = len(events)
        for line in describe(game.view(decision.seat), self.lang):
            self.write(line)
        self.write(f"you ({SIDE_OF_SEAT[decision.seat]}): {decision.prompt}")
        for number, option in enumerate(decision.options, start=1):
            self.write(
                f"  {number}. {option.label}"
                + (f"  — {names.name(option.text)}" if option.text != option.label else "")
            )
        while True:
            answer = self.read("> ").strip()
            if answer.isdigit() and 1 <= int(answer) <= len(decision.options):
                return decision.options[int(answer) - 1].label
            try:
                return decision.find(answer).label
            except EngineError:
                self.write(f"type a number from 1 to {len(decision.options)} or an option's label")
