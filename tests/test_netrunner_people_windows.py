"""Netrunner between two people: the runner's windows whose presence would tell the corp what the runner hides.

A side waiting in a game of two people sees that the other is deciding, so whether a side is asked must not depend on
what it hides. The runner's paid-ability windows (a run's approach and movement, an encounter) and its prevention
windows (damage, tags, a card trashed) were asked only while it could use something there, and a card may offer an
ability for a reason the corp cannot see: one that installs a card from the grip (offered only while one there fits),
a card script's ``usable`` hook (one may look at the grip: "trash a program from your grip: prevent 1 net damage").
With ``people`` (set for games of two people and kept in their record) such a window is asked every time,
"done" its only option when nothing is offered; a window whose presence follows from what both sides see (the bundled
cards': a card's costs, the credits, the counters) is asked as before. Games against the machine are unchanged.

What the corp's triggered abilities cannot leak (item a of the report, no test: it cannot happen): during the
runner's turn the corp's triggers come from its active cards, every one of them seen by the runner (its identity,
rezzed cards, scored agendas, a current), and from the card an event names: unrezzed ice at approach and pass (the
ability language has no such timing for a card's text, and every card script's part on them checks ``rezzed``), a
card installed or trashed by the corp (during the runner's turn only through a corp decision already asked).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.engine.netrunner import NetrunnerGame, Stepper
from toolkit.engine.netrunner.players import make_policy
from toolkit.engine.netrunner.scenario import set_up
from toolkit.engine.netrunner.scripts import Builder, Exec
from toolkit.engine.netrunner.scripts import card as script
from toolkit.models import RECORD_ADAPTER
from toolkit.models.scenario import Scenario

from .conftest import CARDS
from .scripts.kit import card as fixture
from .scripts.kit import pass_lone_corp_windows

BASE = {"deck_limit": 3, "game": "netrunner", "influence": 0, "kind": "card", "set": "dossier_demo", "unique": False}


@script("zz_grip_fuse", paragraphs=(0,), summary="Trash a program from the grip: prevent 1 net damage.")
def _grip_fuse(b: Builder) -> None:
    def prevent(x: Exec) -> None:
        g = x.game
        chosen = x.pick("trash which program", [c for c in g.runner.hand if c.type == "program"], optional=False)
        if chosen is not None:
            g.trash(chosen, x.why, by="runner")
            g.prevent("damage", 1, x.card, "net")

    b.paid([], prevent, role="prevent_damage",
           usable=lambda g, c, w: any(p.type == "program" for p in g.runner.hand))  # fmt: skip


# a card of the ability language: "1[credit]: install 1 program" (offered only while the grip holds a program)
RACK = RECORD_ADAPTER.validate_python({**BASE, "id": "t_quick_rack", "type": "resource", "cost": 0, "subtypes": [],
                                       "text": ["1[credit]：你安装 1 个程序。"], "faction": "neutral_runner",
                                       "name": {"zh-Hans": "t_quick_rack", "en": "t_quick_rack"}})  # fmt: skip
FUSE = fixture("zz_grip_fuse", "hardware", ["Burns a program to save the rest."], cost=0)
BUNDLED = list(load_catalog([CARDS / "netrunner"]).records)
RECORDS = [*BUNDLED, RACK, FUSE]
PROGRAM, OTHER = "gray_rat", "backroom_bookie"  # a program, and a resource


def _set_up(runner: dict[str, Any], corp: dict[str, Any] | None = None, active: str = "runner",
            asked: bool = False) -> NetrunnerGame:  # fmt: skip
    data = {"game": "netrunner", "name": "windows", "active": active,
            "corp": {"identity": "weyland_iron_ledger", "credits": 0, **(corp or {})},
            "runner": {"identity": "zero_weaver", "credits": 5, **runner}, "decisions": []}  # fmt: skip
    game = set_up(RECORDS, Scenario.model_validate(data))
    game.people = asked
    return game


def _game(runner: dict[str, Any], corp: dict[str, Any] | None = None, active: str = "runner",
          asked: bool = False) -> tuple[NetrunnerGame, Stepper]:  # fmt: skip
    game = _set_up(runner, corp, active, asked)
    return game, Stepper(game, lambda: game.play_game(50, resume=True)).start()


def _run_asks(hand: list[str], asked: bool, rezzed: bool) -> list[tuple[str, list[str]]]:
    """The runner's decisions of a run on HQ (one piece of ice: rezzed, or not), answering "done" to its windows and
    "continue" to its jack-out question, until the run is over."""
    corp = {"servers": {"hq": {"ice": [{"card": "weyland_slag_rampart", "rezzed": rezzed}]}}}
    game, stepper = _game({"hand": hand, "rig": [{"card": "t_quick_rack"}]}, corp, asked=asked)
    pass_lone_corp_windows(stepper)
    stepper.apply("run:hq")
    seen: list[tuple[str, list[str]]] = []
    while pass_lone_corp_windows(stepper) or stepper.pending is not None and stepper.pending.kind != "action":
        labels = stepper.pending.labels()
        seen.append((stepper.pending.kind, labels))
        stepper.apply("continue" if "continue" in labels else "leave" if "leave" in labels else labels[-1])
    return seen


def test_a_run_window_is_asked_whatever_the_grip_holds_in_a_game_of_two_people() -> None:
    """Before: with a card that installs a program from the grip, the runner was asked at the approach only while it
    held a program (the corp, waiting, learnt it did). With the flag, asked at the approach, the movement and the
    encounter either way, "done" (or "let the subroutine fire") alone when it holds none."""
    for rezzed in (False, True):
        leak = {hand: [kind for kind, _ in _run_asks([hand], asked=False, rezzed=rezzed)] for hand in (PROGRAM, OTHER)}
        assert leak[PROGRAM] != leak[OTHER]  # the leak (the engine's behaviour in games against the machine)
        assert "paid" in leak[PROGRAM] and "paid" not in leak[OTHER]
        held = _run_asks([PROGRAM], asked=True, rezzed=rezzed)
        empty = _run_asks([OTHER], asked=True, rezzed=rezzed)
        assert [kind for kind, _ in held] == [kind for kind, _ in empty]
        if not rezzed:  # approach, movement (then jack out or continue), then the access
            assert [kind for kind, _ in empty][:3] == ["paid", "paid", "jack_out"]
        else:  # approach, then the encounter (the rampart ends the run)
            assert [kind for kind, _ in empty] == ["paid", "break"]
            assert empty[1][1] == ["done"] and any(x.startswith("use:t_quick_rack") for x in held[1][1])
        assert empty[0][1] == ["done"] and any(x.startswith("use:t_quick_rack") for x in held[0][1])


def _prevent_asks(hand: list[str], asked: bool, rig: list[str]) -> tuple[list[tuple[str, list[str]]], int]:
    """The runner's decisions when the corp does it 1 net damage, answering the last option (take the damage), and
    the cards left in its grip."""
    game, stepper = _game({"hand": hand, "rig": [{"card": c} for c in rig]}, {"clicks": 1}, active="corp",
                          asked=asked)  # fmt: skip
    seen: list[tuple[str, list[str]]] = []

    class Takes:
        def decide(self, _: Any, decision: Any) -> str:
            seen.append((decision.kind, decision.labels()))
            return str(decision.labels()[-1])

    game.policies = {2: Takes()}
    game.damage("net", 1, by="corp")
    return seen, len(game.runner.hand)


def test_a_prevention_window_is_asked_whatever_the_grip_holds_in_a_game_of_two_people() -> None:
    """Before: with a card script whose prevention is usable only while the grip holds a program, the runner was
    asked at the corp's net damage only then. With the flag, asked either way ("take the net damage" alone)."""
    leak = {hand: _prevent_asks([hand, OTHER], asked=False, rig=["zz_grip_fuse"])[0] for hand in (PROGRAM, OTHER)}
    assert [k for k, _ in leak[PROGRAM]] == ["prevent"] and leak[OTHER] == []  # the leak
    held, left = _prevent_asks([PROGRAM, OTHER], asked=True, rig=["zz_grip_fuse"])
    empty, left_too = _prevent_asks([OTHER, OTHER], asked=True, rig=["zz_grip_fuse"])
    assert [k for k, _ in held] == [k for k, _ in empty] == ["prevent"] and empty[0][1] == ["done"]
    assert left == left_too == 1  # the damage taken: one card of two trashed either way


def test_windows_the_table_tells_anyway_cost_no_extra_click() -> None:
    """Only windows whose presence could leak are forced: a read prevention card ([trash]: prevent 2 net damage) is
    offered by its card alone, and no bundled runner card offers anything for a reason the corp cannot see, so a game
    of two people with the bundled cards asks the runner nothing more."""
    assert _prevent_asks([OTHER], asked=True, rig=[])[0] == []
    mesh, _ = _prevent_asks([OTHER], asked=True, rig=["grounding_mesh"])
    assert [k for k, _ in mesh] == ["prevent"] and len(mesh[0][1]) == 2  # (as before: it was usable)
    game = _set_up({"hand": []})
    runner_cards = [r for r in BUNDLED if getattr(r, "type", None) in ("program", "hardware", "resource")]
    assert len(runner_cards) >= 20
    for record in runner_cards:
        game.runner.rig = [game.new_card(record.id, "runner")]
        for window in ("run", "encounter", "damage", "tags", "trash"):
            assert not game.hidden_paid("runner", window), (record.id, window)
    game.runner.rig = [game.new_card("t_quick_rack", "runner"), game.new_card("zz_grip_fuse", "runner")]
    assert game.hidden_paid("runner", "run") and game.hidden_paid("runner", "encounter")
    assert game.hidden_paid("runner", "damage") and not game.hidden_paid("runner", "tags")


def _heuristic(seed: int, asked: bool,
               monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[NetrunnerGame, list[bool]]:  # fmt: skip
    """A seeded heuristic game, the runner's deck with three copies each of the cards above; ``monkeypatch``: with
    ``ask`` as before this change (``force`` ignored: a single option taken without asking), each call's ``force``
    kept."""
    from toolkit.engine.netrunner.session import example_deck

    runner = example_deck(RECORDS, "zero_weaver")
    runner = runner.model_copy(update={"cards": {**runner.cards, "t_quick_rack": 3, "zz_grip_fuse": 3}})
    decks = {"corp": example_deck(RECORDS, "hb_mirror_foundry"), "runner": runner}
    policies = {side: make_policy("heuristic", side, seed) for side in ("corp", "runner")}
    game = NetrunnerGame(RECORDS, seed=seed, decks=decks, policies=policies)
    game.people = asked
    forced: list[bool] = []
    if monkeypatch is not None:
        ask = NetrunnerGame.ask

        def before(self: Any, side: Any, kind: str, prompt: Any, options: Any, force: bool = False) -> Any:
            forced.append(force)
            return ask(self, side, kind, prompt, options)

        monkeypatch.setattr(NetrunnerGame, "ask", before)
    game.play_game(max_turns=30)
    return game, forced


def test_games_against_the_machine_are_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """A seeded heuristic game whose runner holds the cards above: without the flag no window is forced and its log
    and decisions are those of ``ask`` as it was before this change; with it the game plays on to its end."""
    dump = lambda g: json.dumps(g.log.to_json(), sort_keys=True, default=str)  # noqa: E731
    for seed in (2, 4):
        first, _ = _heuristic(seed, asked=False)
        with monkeypatch.context() as patch:
            again, forced = _heuristic(seed, asked=False, monkeypatch=patch)
        assert forced and not any(forced)
        labels = [[d["label"] for d in g.decisions] for g in (again, first)]
        assert dump(again) == dump(first) and labels[0] == labels[1]
        assert any(c.id in ("t_quick_rack", "zz_grip_fuse") for c in [*first.runner.hand, *first.runner.rig,
                                                                      *first.runner.discard])  # fmt: skip
        people, _ = _heuristic(seed, asked=True)
        assert people.over or people.turns >= 30


@pytest.mark.parametrize("asked", [False, True])
def test_the_heuristic_answers_a_forced_window_as_any_other(monkeypatch: pytest.MonkeyPatch, asked: bool) -> None:
    """Heuristic players from a position where the runner's rig holds the installing card and its grip no program:
    with the flag its windows are asked with "done" alone, and it answers them; without, they are not asked."""
    game = _set_up({"hand": [OTHER] * 3, "deck": [OTHER] * 12, "rig": [{"card": "t_quick_rack"}]},
                   {"credits": 5, "deck": ["neutral_pilot_scheme"] * 6,
                    "servers": {"hq": {"ice": [{"card": "weyland_slag_rampart"}]}}}, asked=asked)  # fmt: skip
    game.policies = {seat: make_policy("heuristic", side, 1) for seat, side in ((1, "corp"), (2, "runner"))}
    spied: list[tuple[bool, int]] = []
    ask = NetrunnerGame.ask

    def spy(self: Any, side: Any, kind: str, prompt: Any, options: Any, force: bool = False) -> Any:
        spied.append((force, len(options)))
        return ask(self, side, kind, prompt, options, force)

    monkeypatch.setattr(NetrunnerGame, "ask", spy)
    game.play_game(8, resume=True)
    assert any(e.kind == "run" for e in game.log)
    assert ((True, 1) in spied) is asked  # "done" alone, answered

