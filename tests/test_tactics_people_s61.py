"""Round 61 of the browser sweep, tactics games between two people and the questions of a response:

1. In a game of two people, each response window asks the person who does not act even when they hold no response
   (their one option: to pass), so that the acting seat's page ("the other player is deciding…") is the same
   whatever the other holds; a game against the machine, and a saved game of two people from before, ask only a
   seat that has a response, as they did (:attr:`TacticsSetup.ask_people`, :attr:`TacticsGame.always_asked`).
2. A seat's undo is refused while the other seat is asked (``asked``: taking it back would tell whether the other
   had an answer), and the page does not offer it then.
3. The question of a response says what is answered (the card or ability, who uses it, its targets; an attack's
   attacker, attack and target), and a special ability's says whose attack; a unit hidden from the seat asked is
   ``hidden#N`` in it; the terminal and the page word it in English and Chinese.
4. Choosing 正当防卫 (Self-defense) from the counterattack menu is the choice: its 你可以 is not asked again.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.tactics_util import Dice, board_game, events, put
from tests.test_tactics_undo_s59 import RECORDS, _setup
from tests.test_web_play_round56 import _alert, _decide, _labels, _number
from tests.test_web_play_s59 import _other_link, _start
from tests.web import conftest as web
from toolkit.cli._lang import LogNames
from toolkit.engine.core import Decider
from toolkit.engine.phrase import Phrase
from toolkit.engine.tactics.decisions import decision_for
from toolkit.engine.tactics.session import UNDO_REFUSALS, TacticsSession, TacticsSetup
from toolkit.engine.tactics.state import Attack, Context
from toolkit.engine.tactics.terminal import prompt_text

web_cards, web_settings, web_app, client = web.web_cards, web.web_settings, web.web_app, web.client


class Asked(Decider):
    """Answers every question as ``pick(prompt, options)`` says (None: the first option), keeping each one asked."""

    def __init__(self, pick: Any = None) -> None:
        self.asked: list[tuple[int, str, list[Any]]] = []
        self.pick = pick

    def choose(self, player: int, prompt: str, options: Any) -> Any:
        self.asked.append((player, prompt, list(options)))
        found = self.pick(prompt, list(options)) if self.pick is not None else None
        return found if found is not None else list(options)[0]

    def confirm(self, player: int, prompt: str) -> bool:
        self.asked.append((player, prompt, [True, False]))
        return True


def _walk(session: TacticsSession, steps: int, seed: int) -> list[Any]:
    """Answer ``steps`` decisions at random; each decision asked, in order (the one pending then last)."""
    rng = random.Random(seed)
    seen = []
    for _ in range(steps):
        decision = session.pending
        if decision is None:
            break
        seen.append(decision)
        session.apply(rng.choice(decision.labels()))
    return seen + ([session.pending] if session.pending is not None else [])


def _windows(session: TacticsSession) -> list[tuple[int, int]]:
    """Count the response windows the game opens from now on: (the acting seat, decisions taken then) each."""
    opened: list[tuple[int, int]] = []
    game = session.game
    real = game.response_window

    def counted(seat: int, ctx: Any, *args: Any) -> None:
        if game.started and game.winners is None:
            opened.append((seat, len(session.decider.taken)))
        real(seat, ctx, *args)

    game.response_window = counted  # type: ignore[method-assign,assignment]
    return opened


# ---------------------------------------------------------------------- 1. everyone is asked


def test_each_response_window_asks_the_other_person_even_without_a_response() -> None:
    session = TacticsSession(RECORDS, _setup("duel", 21, ("human", "human")))
    assert session.game.always_asked == {1, 2}
    opened = _windows(session)
    asked = _walk(session, 160, 5)
    assert len(opened) >= 10
    for seat, at in opened:
        after = [d for d in asked if d.number >= at and d.kind != "special"]  # (special abilities are asked first)
        assert after and after[0].kind == "respond" and after[0].seat == 3 - seat, (seat, at)
    passes = [d for d in asked if d.kind == "respond" and d.labels() == ["none"]]
    assert passes  # asked with nothing to answer with: it may only pass


def test_against_the_machine_and_in_games_saved_before_only_a_seat_with_a_response_is_asked() -> None:
    machine = TacticsSession(RECORDS, _setup("duel", 21, ("human", "heuristic")))
    assert machine.game.always_asked == frozenset()
    data = TacticsSession(RECORDS, _setup("duel", 21, ("human", "human"))).to_json()
    assert data["setup"]["ask_people"] is True
    del data["setup"]["ask_people"]  # a game saved before
    old = TacticsSession.from_json(RECORDS, data)
    assert old.setup.ask_people is False and old.game.always_asked == frozenset()
    opened = _windows(old)
    asked = _walk(old, 160, 5)
    assert all(d.labels() != ["none"] for d in asked if d.kind == "respond")
    assert len([d for d in asked if d.kind == "respond"]) < len(opened)  # windows where nobody was asked
    assert TacticsSetup.from_json(data["setup"]).ask_people is False


# ---------------------------------------------------------------------- 2. no undo while the other is asked


def _until_the_other_is_asked(session: TacticsSession, seed: int) -> int:
    """Play until a seat is asked whether to respond to the other's action; the acting seat."""
    rng = random.Random(seed)
    for _ in range(300):
        decision = session.pending
        assert decision is not None
        if decision.kind == "respond" and session.decider.asked[-1] != decision.seat:
            return int(session.decider.asked[-1])
        session.apply(rng.choice(decision.labels()))
    raise AssertionError("no response window")


def test_the_actor_cannot_undo_while_the_other_is_asked() -> None:
    session = TacticsSession(RECORDS, _setup("duel", 21, ("human", "human")))
    actor = _until_the_other_is_asked(session, 3)
    asked = session.pending
    assert asked is not None
    assert session.undo(actor) is False and session.refused == "asked"
    assert session.pending is asked  # nothing taken back
    assert "asked" in UNDO_REFUSALS["asked"]
    session.apply("none")
    assert session.pending is not None


@pytest.mark.slow
def test_the_page_offers_no_undo_while_the_other_is_asked(client: Any) -> None:
    first = _start(client, seed="21", opponent="hotseat")
    second = _other_link(client.get(f"{first}?lang=en").text)
    rng = random.Random(3)
    for _ in range(300):
        pages = {path: client.get(f"{path}?lang=en").text for path in (first, second)}
        deciding = [path for path, page in pages.items() if 'id="pl-decision"' in page]
        assert len(deciding) == 1
        path = deciding[0]
        other = second if path == first else first
        if 'id="pl-decision-h">respond' in pages[path] and 'id="pl-waiting"' in pages[other]:
            assert 'id="pl-undo"' not in pages[other]
            answer = client.post(f"{other}/undo?lang=en", data={"csrf_token": web.TEST_CSRF}, follow_redirects=False)
            assert answer.status_code == 409
            assert _alert(answer.text) == UNDO_REFUSALS["asked"]
            assert 'id="pl-decision"' in client.get(f"{path}?lang=en").text  # the question still stands
            return
        labels = _labels(pages[path])
        assert _decide(client, path, rng.choice(labels), _number(pages[path])).status_code == 303
    raise AssertionError("no response window")


# ---------------------------------------------------------------------- 3. what is answered


def test_the_question_names_the_attack_and_masks_a_hidden_target() -> None:
    decider = Asked()
    game = board_game(decider=decider)
    game.always_asked = frozenset({1, 2})
    jack = put(game, 2, "jackdaw", (3, 3), "w")
    gale = put(game, 1, "gale", (2, 3), "e")
    game.active = 2
    game.rng = Dice(1, 1, 1, 1, 1, 1)  # type: ignore[assignment]
    melee = next(p for p in game.profiles(jack) if p.profile.style == "melee")
    game.attack(jack, gale, melee)
    respond = [(seat, prompt) for seat, prompt, _ in decider.asked if str(prompt).startswith("respond")]
    assert respond == [(1, f"respond to {jack}'s attack with {melee.name} on {gale}?")]
    special = [str(p) for _, p, _ in decider.asked if str(p).startswith("special ability (on_attack")]
    assert all(f"{jack}'s attack with {melee.name} on {gale}" in p for p in special)
    # a unit hidden from the seat asked is hidden#N in its question (its name and uid nowhere), in every language
    gale.hidden = True
    attack = Attack(jack, gale, melee.profile, melee.name)
    asked = Phrase("respond to {action}?", action=game.action_words(2, Context(2, None, jack, attack=attack)))
    shown = decision_for(game, 2, asked, [None], 0).prompt
    assert f"hidden#{gale.alias}" in shown and str(gale) not in shown and f"#{gale.uid}" not in shown
    for lang in ("en", "zh-Hans"):
        worded = prompt_text(shown, LogNames(RECORDS, lang))
        assert f"#{gale.alias}" in worded and f"#{gale.uid}" not in worded and "Gale" not in worded


def test_the_question_is_worded_in_english_and_chinese() -> None:
    session = TacticsSession(RECORDS, _setup("duel", 21, ("human", "human")))
    asked = [d for d in _walk(session, 160, 5) if d.kind == "respond"]
    en = [prompt_text(d.prompt, LogNames(RECORDS, "en")) for d in asked]
    assert any(p.startswith("respond to ") and ", played by " in p for p in en)
    assert any("'s attack with " in p for p in en)
    assert all(not any("\u4e00" <= ch <= "\u9fff" for ch in p) for p in en)  # the names in English too
    zh = [prompt_text(d.prompt, LogNames(RECORDS, "zh-Hans")) for d in asked]
    assert all("#" in p for p in zh)


# ---------------------------------------------------------------------- 4. Self-defense is not asked twice


def test_self_defense_chosen_is_not_asked_again() -> None:
    def defend(prompt: str, options: list[Any]) -> Any:
        return "self_defense" if "self_defense" in options else None if None in options else options[0]

    decider = Asked(defend)
    game = board_game(decider=decider)
    game.triggers.decider = decider
    gale = put(game, 1, "gale", (2, 3), "e")
    jack = put(game, 2, "jackdaw", (3, 3), "w")
    game.active = 2
    game.rng = Dice(1, 1, 1, 1, 5, 5, 5, 5)  # type: ignore[assignment]
    game.attack(jack, gale, next(p for p in game.profiles(jack) if p.profile.style == "melee"))
    prompts = [str(p) for _, p, _ in decider.asked]
    assert any(p.startswith("counterattack of") and "against" in p for p in prompts)
    assert not any(p.startswith("use:") for p in prompts)
    assert not events(game, "declined")
    assert [e.data["counter"] for e in events(game, "attack")] == [False, True] and gale.tapped
