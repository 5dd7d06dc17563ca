"""Engine core: the append-only log with visibility, deciders, §11.7 trigger order, loop detection."""

from __future__ import annotations

import random
from typing import Any

import pytest

from toolkit.engine.core import (
    EngineError,
    FirstDecider,
    InteractiveDecider,
    Log,
    Pending,
    RandomDecider,
    ScriptedDecider,
    Triggers,
)


def test_log_is_append_only_and_filters_by_visibility() -> None:
    log = Log()
    log.add("draw", 1, visible=[1], card="x")
    log.add("buy", 2, card="y")
    assert [e.seq for e in log] == [1, 2]
    assert [e.kind for e in log.seen_by(2)] == ["buy"]
    assert [e.kind for e in log.seen_by(1)] == ["draw", "buy"]
    assert log.to_json()[0] == {"seq": 1, "event": "draw", "player": 1, "card": "x", "visible": [1]}
    snapshot = list(log)
    log.add("later")
    assert len(snapshot) == 2 and len(log) == 3


@pytest.mark.parametrize(
    ("answers", "options", "expected"),
    [([1], ["a", "b"], "b"), (["b"], ["a", "b"], "b"), ([True], [True, False], True)],
)
def test_scripted_decider(answers: list[Any], options: list[Any], expected: Any) -> None:
    assert ScriptedDecider(answers).choose(1, "pick", options) == expected


@pytest.mark.parametrize(("answers", "message"), [([], "no answer left"), (["z"], "is not one of")])
def test_scripted_decider_errors(answers: list[Any], message: str) -> None:
    with pytest.raises(EngineError, match=message):
        ScriptedDecider(answers).choose(1, "pick", ["a", "b"])


def test_random_and_first_deciders() -> None:
    first = [RandomDecider(random.Random(3)).choose(1, "p", list(range(10))) for _ in range(3)]
    again = [RandomDecider(random.Random(3)).choose(1, "p", list(range(10))) for _ in range(3)]
    assert first == again
    assert FirstDecider().choose(1, "p", ["x", "y"]) == "x"
    assert FirstDecider().choose_many(1, "p", ["x", "y", "z"], 2) == ["x", "y"]


def test_interactive_decider_reads_a_number() -> None:
    answers = iter(["9", "two", "2"])
    shown: list[str] = []
    decider = InteractiveDecider(read=lambda _: next(answers), write=shown.append)
    assert decider.choose(1, "which card", ["a", "b"]) == "b"
    assert "  2. b" in shown and any("type a number" in line for line in shown)


def test_stack_order_of_seed_000_11_7() -> None:
    """Current player's triggers enter first, opponents' after; the last in resolves first."""
    order: list[str] = []
    pending = [
        Pending(seat, f"p{seat}-{n}", lambda s=seat, n=n: order.append(f"p{s}-{n}"))
        for seat in (1, 2, 3)
        for n in (1, 2)
    ]
    # each player picks the resolution order of their own: the second of each first
    decider = ScriptedDecider(["p2-2", "p3-2", "p1-2"])  # asked in stack order: 2, 3, 1
    Triggers(lambda: [2, 3, 1], decider).resolve(pending)  # player 2 is the current player
    assert order == ["p1-2", "p1-1", "p3-2", "p3-1", "p2-2", "p2-1"]


def test_endless_loops_raise() -> None:
    triggers = Triggers(lambda: [1], FirstDecider())

    def again() -> None:
        triggers.resolve([Pending(1, "echo", again)])

    with pytest.raises(EngineError, match="endless trigger loop"):
        triggers.resolve([Pending(1, "echo", again)])
    assert triggers.depth == 0  # usable again after the error
