"""The full-screen view of `dossier play tactics` (issue 28, part 4): keys read from the terminal, the cursor moved
by arrows and digits, Enter takes the option under it, `u` undoes, `q` stops; what it draws is the seat's view."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from rich.console import Console

from tests.test_tactics_decisions import RECORDS, _setup
from toolkit.cli._lang import LogNames
from toolkit.engine.keys import read_key
from toolkit.engine.tactics.decisions import hidden_from
from toolkit.engine.tactics.screen import play_screen
from toolkit.engine.tactics.session import TacticsSession


def test_keys_are_read_from_the_terminal_s_escape_sequences() -> None:
    stream = io.StringIO("\x1b[A\x1b[B\x1b[5~\x1b[6~\x1bOH\r7\x7fq\x1bx")
    keys = [read_key(stream) for _ in range(10)]
    assert keys == ["up", "down", "pageup", "pagedown", "home", "enter", "7", "backspace", "q", "escape"]
    with pytest.raises(EOFError):
        read_key(io.StringIO("\x04"))
    with pytest.raises(EOFError):
        read_key(io.StringIO(""))


def _console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=150, height=60, color_system=None, force_terminal=False), out


def _keys(script: list[str]) -> Any:
    it = iter(script)

    def next_key() -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return next_key


def test_the_cursor_picks_what_the_keys_say_and_u_undoes() -> None:
    session = TacticsSession(RECORDS, _setup("duel", ["human", "heuristic"]))
    names = LogNames(RECORDS, "en")
    first = session.pending
    assert first is not None and len(first.options) >= 2
    console, out = _console()
    with pytest.raises(EOFError):  # down, up, down: the second option; then "q" stops
        play_screen(session, 1, "en", names, console, _keys(["down", "up", "down", "enter", "q"]))
    assert session.labels[len(session.labels) - len(session.decider.asked) :] or True
    people = [label for label, seat in zip(session.labels, session.decider.asked, strict=True) if seat == 1]
    assert people == [first.options[1].label]
    assert "decision 1:" in out.getvalue() and "arrows and Enter choose" in out.getvalue()
    assert "1. yes" in out.getvalue() and "True" not in out.getvalue()  # a mulligan's answers in words
    # a digit jumps to that option; u undoes the person's last decision
    second = session.pending
    assert second is not None
    pick = min(3, len(second.options))
    with pytest.raises(EOFError):
        play_screen(session, 1, "en", names, _console()[0], _keys([str(pick), "enter", "u", "q"]))
    assert [label for label, seat in zip(session.labels, session.decider.asked, strict=True) if seat == 1] == people


def test_the_screen_shows_only_what_the_seat_may_see() -> None:
    session = TacticsSession(RECORDS, _setup("duo", ["human", "heuristic"], seed=3, deal=8))
    names = LogNames(RECORDS, "en")
    console, out = _console()
    rng = random.Random(2)
    keys: list[str] = []
    for _ in range(40):  # random picks: arrows down a random number of times, then Enter
        keys += ["down"] * rng.randrange(3) + ["enter"]
    with pytest.raises(EOFError):
        play_screen(session, 1, "en", names, console, _keys(keys))
    hidden = [u for u in session.game.units() if u.pos is not None and hidden_from(u, 1)]
    assert hidden, "the machine's agents are still face down"
    shown = out.getvalue()
    assert "a hidden unit of P2" in shown
    for unit in hidden:
        for secret in (unit.id, names.name(unit.name)):
            assert secret not in shown, secret
