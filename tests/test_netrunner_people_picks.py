"""Netrunner between two people: a visible card's optional pick among cards the other side cannot see.

A side waiting in a game of two people sees that the other is deciding, so whether a side is asked must not depend on
what it hides. Some triggers of cards both sides see offer their owner a choice among hidden cards (an icebreaker of
the grip for Khan, a piece of ice of HQ for Tatu-Bola, of HQ or Archives for Mitra Aman), and the scripts' pick
helpers asked nothing when there was none: the other side, waiting, learnt the grip or HQ held one. With
``people`` (set for games of two people and kept in their record) such a pick is asked every time,
"done" its only option when there is none; games against the machine (and games saved before it) are unchanged.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from toolkit.engine.netrunner import NetrunnerGame, Stepper
from toolkit.engine.netrunner import scripts as scripts_package
from toolkit.engine.netrunner.players import make_policy
from toolkit.engine.netrunner.scenario import set_up
from toolkit.models.scenario import Scenario

from .scripts.kit import bundled, card, identity, pass_lone_corp_windows

# fixtures carrying the real cards' ids (their scripts apply), in our own words
KHAN = identity("khan_savvy_skiptracer", "runner",
                ["The first ice you get past each turn lets you put an icebreaker from your grip into play for "
                 "1[credit] less."],
                faction="criminal", subtypes=["natural"])  # fmt: skip
TATU = card("tatu_bola", "ice",
            ["Once the Runner is past it, you may trade it for ice from HQ (put in unrezzed, free) and take 4[credit].",
             "[subroutine] End the run."],
            rez_cost=2, strength=1, subtypes=["barrier"])  # fmt: skip
MITRA = card("mitra_aman", "upgrade",
             ["When the Runner comes up to ice of this server, you may trash this upgrade for 3[credit]; then you "
              "may exchange that ice with ice of HQ or Archives."],
             rez_cost=0, trash_cost=3, unique=True, subtypes=["clone"], faction="jinteki")  # fmt: skip
BUNDLED = bundled()
RECORDS = [*BUNDLED, KHAN, TATU, MITRA]


def _asks(corp: dict[str, Any], runner: dict[str, Any], flag: bool, server: str = "hq",
          pick: str = "done") -> list[tuple[str, str, list[str]]]:  # fmt: skip
    """Every decision (side, kind, its labels) of a run on ``server``, until the
    runner's next action: the pick among hidden cards answered ``pick``, a break with the first breaking option, a
    jack-out question with ``continue``, a yes-or-no with ``yes``, any other with its last option."""
    data = {"game": "netrunner", "name": "picks", "active": "runner",
            "corp": {"identity": "weyland_iron_ledger", "credits": 0, **corp},
            "runner": {"identity": "zero_weaver", "credits": 5, **runner}, "decisions": []}  # fmt: skip
    game = set_up(RECORDS, Scenario.model_validate(data))
    game.people = flag
    stepper = Stepper(game, lambda: game.play_game(50, resume=True)).start()
    pass_lone_corp_windows(stepper)
    stepper.apply(f"run:{server}")
    seen: list[tuple[str, str, list[str]]] = []
    while pass_lone_corp_windows(stepper) or stepper.pending is not None and stepper.pending.kind != "action":
        decision = stepper.pending
        labels = decision.labels()
        side = "corp" if decision.seat == 1 else "runner"
        seen.append((side, decision.kind, labels))
        breaks = [x for x in labels if x.startswith("break:")]
        if decision.kind == "target":
            answer = pick
        elif breaks:
            answer = breaks[0]
        else:
            answer = next((x for x in ("continue", "yes") if x in labels), labels[-1])
        stepper.apply(answer)
    return seen


def _picks(seen: list[tuple[str, str, list[str]]], side: str) -> list[list[str]]:
    return [labels for who, kind, labels in seen if who == side and kind == "target"]


def _khan(hand: str, flag: bool) -> list[tuple[str, str, list[str]]]:
    """Khan passes an unrezzed piece of ice (the corp cannot pay to rez it) holding ``hand`` in its grip."""
    corp = {"servers": {"hq": {"ice": [{"card": "weyland_slag_rampart"}]}}}
    return _asks(corp, {"identity": "khan_savvy_skiptracer", "hand": [hand]}, flag)


def test_khan_asks_the_runner_whatever_its_grip_holds_in_a_game_of_two_people() -> None:
    """Before: Khan's runner was asked after passing the ice only while its grip held an icebreaker (the corp,
    waiting, learnt it did). With the flag it is asked either way, "done" alone with none."""
    held = _khan("cog_key", flag=True)
    empty = _khan("backroom_bookie", flag=True)
    assert [(w, k) for w, k, _ in held] == [(w, k) for w, k, _ in empty]
    assert _picks(empty, "runner") == [["done"]]
    assert [len(x) for x in _picks(held, "runner")] == [2] and _picks(held, "runner")[0][-1] == "done"
    # without the flag (games against the machine): as before, asked only with an icebreaker in the grip
    assert _khan("cog_key", flag=False) == held
    assert _picks(_khan("backroom_bookie", flag=False), "runner") == []
    assert [(w, k) for w, k, _ in _khan("backroom_bookie", flag=False)] == [(w, k) for w, k, _ in empty
                                                                            if k != "target"]  # fmt: skip


def _tatu(hand: str, flag: bool) -> list[tuple[str, str, list[str]]]:
    """The runner breaks and passes a rezzed Tatu-Bola protecting HQ, the corp holding ``hand`` in HQ."""
    corp = {"hand": [hand], "servers": {"hq": {"ice": [{"card": "tatu_bola", "rezzed": True}]}}}
    return _asks(corp, {"rig": [{"card": "frame_hammer"}]}, flag)


def test_tatu_bola_asks_the_corp_whatever_hq_holds_in_a_game_of_two_people() -> None:
    """Before: the corp was asked when the runner passed Tatu-Bola only while HQ held a piece of ice. With the flag
    it is asked either way ("done" alone with none); without, as before."""
    held = _tatu("nbn_static_veil", flag=True)
    empty = _tatu("hb_quarterly_review", flag=True)
    assert [(w, k) for w, k, _ in held] == [(w, k) for w, k, _ in empty]
    assert _picks(empty, "corp") == [["done"]] and len(_picks(held, "corp")[0]) == 2
    assert _tatu("nbn_static_veil", flag=False) == held
    assert _picks(_tatu("hb_quarterly_review", flag=False), "corp") == []


def _mitra(corp_cards: dict[str, Any], flag: bool) -> list[tuple[str, str, list[str]]]:
    """The runner approaches the rezzed ice of a remote holding Mitra Aman; the corp trashes it for 3 credits."""
    server = {"ice": [{"card": "nbn_static_veil", "rezzed": True}], "root": [{"card": "mitra_aman", "rezzed": True}]}
    return _asks({**corp_cards, "servers": {"remote1": server}}, {}, flag, server="remote1")


def test_mitra_aman_asks_the_corp_whatever_hq_holds_in_a_game_of_two_people() -> None:
    held = _mitra({"hand": ["jinteki_needle_choir"]}, flag=True)
    empty = _mitra({"hand": ["hb_quarterly_review"]}, flag=True)
    assert [(w, k) for w, k, _ in held] == [(w, k) for w, k, _ in empty]
    assert _picks(empty, "corp") == [["done"]] and len(_picks(held, "corp")[0]) == 2
    assert _mitra({"hand": ["jinteki_needle_choir"]}, flag=False) == held
    assert _picks(_mitra({"hand": ["hb_quarterly_review"]}, flag=False), "corp") == []
    # a piece of ice face up in Archives, seen by both, is offered as before
    assert len(_picks(_mitra({"discard": ["nbn_static_veil"]}, flag=False), "corp")[0]) == 2


def _heuristic(seed: int, flag: bool) -> tuple[str, int]:
    """A seeded heuristic game, Khan against a deck holding Tatu-Bola and Mitra Aman: the hash of its log and
    decisions, and how many picks were asked with nothing to pick ("done" alone, forced)."""
    from toolkit.engine.netrunner.session import example_deck

    corp = example_deck(RECORDS, "weyland_iron_ledger")
    corp = corp.model_copy(update={"cards": {**corp.cards, "tatu_bola": 3, "mitra_aman": 1}})
    decks = {"corp": corp, "runner": example_deck(RECORDS, "khan_savvy_skiptracer")}
    policies = {side: make_policy("heuristic", side, seed) for side in ("corp", "runner")}
    game = NetrunnerGame(RECORDS, seed=seed, decks=decks, policies=policies)
    game.people = flag
    forced = 0
    ask = NetrunnerGame.ask

    def counted(self: Any, side: Any, kind: str, prompt: Any, options: Any, force: bool = False) -> Any:
        nonlocal forced
        forced += force and kind == "target"
        return ask(self, side, kind, prompt, options, force)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(NetrunnerGame, "ask", counted)
        game.play_game(max_turns=30)
    dump = json.dumps([game.log.to_json(), [d["label"] for d in game.decisions]], sort_keys=True, default=str)
    return hashlib.sha256(dump.encode()).hexdigest(), forced


def test_games_against_the_machine_are_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seeded heuristic games with the cards above: without the flag no pick is forced and the log and decisions
    hash as with the pick helpers as before this change (asking nothing when there is nothing to pick); with it,
    picks with nothing to pick are asked and the heuristic answers them."""
    for seed in (1, 3):
        first, forced = _heuristic(seed, flag=False)
        assert forced == 0
        with monkeypatch.context() as patch:  # the helpers as before: an empty pick never asks
            for module in [scripts_package, *(getattr(scripts_package, n, None) for n in dir(scripts_package))]:
                if getattr(module, "ask_none", None) is not None and hasattr(module, "__file__"):
                    patch.setattr(module, "ask_none", lambda *args: None)
            before, _ = _heuristic(seed, flag=False)
        assert before == first
    asked = [_heuristic(seed, flag=True)[1] for seed in (1, 3)]
    assert any(asked)

