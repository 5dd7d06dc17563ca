"""A person plays one tactics seat at a terminal: before each of their decisions they see what their seat may see
(the new lines of the log, the map with the units on it, their hand) and the options, and type a number or a
label; ``u`` undoes their last decision (the game replayed without it), end of input stops."""

from __future__ import annotations

import string
from collections.abc import Callable
from typing import Any

from toolkit.i18n import t

from ..core import EngineError
from .session import TacticsSession, view

MARKS = string.ascii_uppercase + string.ascii_lowercase  # a visible unit's letter on the map ('?' a hidden one)


def prompt_text(prompt: str, names: Any) -> str:
    """A decision's prompt in the output language of ``names`` (a LogNames): the engine's sentence (a Phrase) with
    its names and text put in words."""
    from toolkit.engine.phrase import Phrase

    return str(names.say("prompt", prompt)) if isinstance(prompt, Phrase) else str(names.name(prompt))


def option_text(value: Any, text: str, lang: str, names: Any, kind: str | None = None) -> str:
    """An option of a decision in words in ``lang`` (``names``: a LogNames of it): a main-phase action with its
    card, unit and ability text in that language; a facing and the answer none in words (``kind``: the
    decision's: none is any zone for a deployment die, passing elsewhere); anything else its (masked) ``text``
    with names put in it."""
    from toolkit.engine.phrase import Phrase
    from toolkit.text import render

    from .game import Action

    if value is True or value is False:  # a question answered yes or no
        return t(lang, "yes") if value else t(lang, "no")
    if value is None:
        return t(lang, "any zone") if kind == "deployment_die" else t(lang, "none")
    if kind == "facing" and isinstance(value, str):
        return names.term("facing", value) or value
    if isinstance(text, Phrase):
        return str(names.say("option", text))
    if not isinstance(value, Action) or "hidden#" in text:
        return str(names.name(text))
    unit = names.name(str(value.unit)) if value.unit is not None else ""
    if value.kind == "end":
        return t(lang, "end the main phase")
    if value.kind == "play" and value.card is not None:
        card = names.name(str(value.card))
        if value.face == "reverse":
            return t(lang, "play {card} (its reverse) with {unit}", card=card, unit=unit)
        return t(lang, "play {card} with {unit}", card=card, unit=unit)
    if value.kind == "expose":
        return t(lang, "expose {unit} (a special ability)", unit=unit)
    if value.kind == "scavenge" and value.target is not None:
        return t(lang, "{unit}: scavenge {obstacle}", obstacle=names.name(str(value.target)), unit=unit)
    if value.ability is not None:
        return t(lang, "{unit}: {text}", unit=unit, text=names.value("text", render(value.ability)))
    return str(names.name(text))


def map_lines(session: TacticsSession, seen: dict[str, Any], lang: str, names: Any) -> list[str]:
    """The map in its legend characters with a letter on each unit's cell, then a line per unit (from ``seen``, a
    seat's :func:`~toolkit.engine.tactics.session.view`)."""
    rows = [list(row) for row in session.game.board.current_rows()]
    lines: list[str] = []
    units = sorted(seen["units"], key=lambda u: (u["seat"], u["label"]))
    for i, unit in enumerate(units):
        x, y = unit["pos"]
        mark = "?" if unit.get("hidden") and "id" not in unit else MARKS[i % len(MARKS)]
        rows[y][x] = mark
        if "id" not in unit:
            lines.append("  " + t(lang, "{mark}: a hidden unit of P{seat} at {x},{y}", mark=mark, seat=unit["seat"],
                                  x=x, y=y))  # fmt: skip
            continue
        state = t(lang, "{mark}: {name} (P{seat}) at {x},{y} facing {facing}, HP {hp}/{max_hp}", mark=mark,
                  name=names.name(f"{unit['name']}#{unit['label'].split('#')[1]}"), seat=unit["seat"], x=x, y=y,
                  facing=unit["facing"], hp=unit["hp"], max_hp=unit["max_hp"])  # fmt: skip
        extras = []
        if unit["tapped"]:
            extras.append(t(lang, "tapped"))
        if unit["hidden"]:
            extras.append(t(lang, "hidden"))
        if unit["equipment"]:
            extras.append(t(lang, "wears {cards}", cards=t(lang, ", ").join(names.name(f"{c['name']}#{c['label'].split('#')[1]}")
                                                                              for c in unit["equipment"])))  # fmt: skip
        lines.append("  " + state + (" · " + t(lang, ", ").join(extras) if extras else ""))
    header = "   " + "".join(str(x % 10) for x in range(len(rows[0]) if rows else 0))
    board = [header] + [f"{y:>2} " + "".join(row) for y, row in enumerate(rows)]
    return board + lines


def hand_line(seen: dict[str, Any], lang: str, names: Any) -> str:
    me = next(p for p in seen["players"] if p["seat"] == seen["seat"])
    cards = t(lang, ", ").join(names.name(f"{c['name']}#{c['label'].split('#')[1]}") for c in me.get("hand_cards", []))
    return t(lang, "your hand: {cards}; deck {deck}, score {score}", cards=cards or "–", deck=me["deck"],
             score=me["score"])  # fmt: skip


def play_terminal(session: TacticsSession, seat: int, lang: str, names: Any,
                  read: Callable[[str], str] = input, write: Callable[[str], None] = print) -> None:  # fmt: skip
    """Play ``seat`` of ``session`` from the terminal until the game ends or the input does (EOFError goes up)."""
    shown = 0  # log entries already written
    while session.pending is not None:
        decision = session.pending
        seen = view(session.game, seat, decision)
        log = seen["log"]
        if shown > len(log):  # an undo: the log is shorter now
            shown = 0
        for entry in log[shown:]:
            write(names.line(entry))
        shown = len(log)
        if decision.kind == "action":
            for line in map_lines(session, seen, lang, names):
                write(line)
            write(hand_line(seen, lang, names))
        write(
            t(
                lang,
                "decision {number}: {prompt}",
                number=decision.number + 1,
                prompt=prompt_text(decision.prompt, names),
            )
        )
        for i, option in enumerate(decision.options, 1):
            write(f"  {i:>2}. {option_text(option.value, option.text, lang, names, decision.kind)}   [{option.label}]")
        answer = read(t(lang, "your choice (a number, a label, u to undo): ")).strip()
        if answer in ("u", "undo"):
            if not session.undo():
                write(t(lang, "nothing to undo"))
            continue
        label = answer
        if answer.isdigit() and 1 <= int(answer) <= len(decision.options):
            label = decision.options[int(answer) - 1].label
        try:
            session.apply(label)
        except EngineError as exc:
            write(str(exc))
    for entry in view(session.game, seat)["log"][shown:]:
        write(names.line(entry))
