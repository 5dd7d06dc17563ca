"""The tactics player that looks ahead (issue 28, part 2, first part): it plays whole legal games, leaves the game it
thinks about untouched, and draws what its seat cannot know instead of reading it: two games that differ only in
what is hidden from it (the other seat's hand against its deck, the agent under a face-down enemy) give it the very
same determinized copies, and so the same choices."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from tests.conftest import ROOT
from toolkit.catalog import load_catalog
from toolkit.decks.random_deck import deck_card_ids, random_legal_decks
from toolkit.engine.core import EngineError, Event
from toolkit.engine.simulate import make_decider, simulate_tactics
from toolkit.engine.tactics.decisions import hidden_from
from toolkit.engine.tactics.search import (
    LEAST,
    PLAN,
    PLANS,
    WIN,
    Plan,
    SearchDecider,
    _as_agent,
    _copy,
    determinize,
    evaluate,
)
from toolkit.engine.tactics.tactician import TacticianDecider, read_log

RECORDS = list(load_catalog([ROOT / "cards" / "tactics"]).records)


def _game(mode: str, rounds: int, deal: int = 3, seed: int = 2, kinds: list[str] | None = None) -> object:
    decks = random_legal_decks(RECORDS, mode, random.Random(deal), 2)
    return simulate_tactics(RECORDS, mode, [list(d.agents or []) for d in decks], [deck_card_ids(d) for d in decks],
                            rounds, seed, kinds or ["heuristic", "heuristic"])  # fmt: skip


def _seen(game: object, seat: int) -> tuple[object, ...]:
    g = game  # type: ignore[assignment]
    return (
        [(u.uid, u.id, u.pos) for p in g.players for u in (*p.units, *p.standby)],  # type: ignore[attr-defined]
        [[c.id for c in p.hand] for p in g.players],  # type: ignore[attr-defined]
        [[c.id for c in p.deck] for p in g.players],  # type: ignore[attr-defined]
        g.rng.random(),  # type: ignore[attr-defined]
    )


def test_what_is_hidden_is_drawn_never_read() -> None:
    game = _game("duo", 2, deal=4)  # two of the machine's agents still face down, two cards in its hand
    seat, other = 1, game.player(2)  # type: ignore[attr-defined]
    hidden = [u for u in (*other.units, *other.standby) if hidden_from(u, seat)]
    assert hidden and other.hand and other.deck
    a, b = _copy(game), _copy(game)  # type: ignore[arg-type]
    theirs = b.player(2)
    theirs.hand[0], theirs.deck[-1] = theirs.deck[-1], theirs.hand[0]  # another card in their hand
    theirs.deck.reverse()  # and their deck in another order
    b.player(seat).deck.reverse()  # its own deck's order is unknown to it too
    unseen = sorted(r.id for r in RECORDS if r.kind == "agent" and r.id not in {u.id for u in hidden}
                    and r.id not in {u.id for p in b.players for u in (*p.units, *p.standby) if not hidden_from(u, 1)})  # fmt: skip
    zone = theirs.units if hidden[0] in other.units else theirs.standby
    at = [u.uid for u in zone].index(hidden[0].uid)
    zone[at] = _as_agent(b, zone[at], unseen[0])  # another agent under the face-down piece
    assert _seen(a, seat)[:3] != _seen(b, seat)[:3]
    determinize(a, seat, random.Random(7))
    determinize(b, seat, random.Random(7))
    assert _seen(a, seat) == _seen(b, seat)
    assert [c.id for c in a.player(seat).hand] == [c.id for c in game.player(seat).hand]  # type: ignore[attr-defined]
    known = [u for u in a.player(seat).units]
    assert [(u.uid, u.id) for u in known] == [(u.uid, u.id) for u in game.player(seat).units]  # type: ignore[attr-defined]


@pytest.mark.slow
def test_it_plays_whole_games_and_leaves_the_game_it_thinks_about_untouched() -> None:
    game = _game("duel", 60, deal=5, seed=9, kinds=["search:0.02", "heuristic"])
    searcher = game.decider.by_seat[1]  # type: ignore[attr-defined]
    assert isinstance(searcher, SearchDecider)
    assert searcher.decisions > 5 and searcher.rollouts >= 2 * searcher.decisions
    # one tactician a seat plays every rollout (each a copy of the game, never the game itself)
    assert set(searcher._players) == {1, 2} and all(t.game is not game for t in searcher._players.values())
    assert game.result()["reason"] in ("last_squad_standing", "round_limit")  # type: ignore[attr-defined]
    # a choice thought over on copies: the game's state and log are as they were
    position = _game("duel", 3, deal=5, seed=9)
    before = (TacticianDecider._state_key(position), len(position.log))  # type: ignore[arg-type, attr-defined]
    search = SearchDecider(random.Random(1), think=0.01).bind(position)  # type: ignore[arg-type]
    actions = position.legal_actions(1)  # type: ignore[attr-defined]
    assert search.choose(1, "choose an action", actions) in actions
    assert (TacticianDecider._state_key(position), len(position.log)) == before  # type: ignore[arg-type, attr-defined]
    assert search.rollouts >= LEAST * min(PLANS["duel"].candidates, len(actions))


def test_the_score_of_a_position_and_the_think_time() -> None:
    game = _game("duel", 80, deal=5, seed=9)
    result = game.result()  # type: ignore[attr-defined]
    if result["winners"]:
        winner = result["winners"][0]
        assert evaluate(game, winner) == WIN and evaluate(game, 3 - winner) == -WIN  # type: ignore[arg-type]
    fresh = _game("duel", 1, deal=5, seed=9)
    assert evaluate(fresh, 1) == -evaluate(fresh, 2)  # type: ignore[arg-type]
    for bad in ("search:soon", "search:0", "search:100"):
        with pytest.raises(EngineError, match="seconds to think"):
            make_decider(bad, 1)
    assert isinstance(make_decider("search:0.5", 1), SearchDecider)


def test_a_game_against_it_replays_from_its_record_without_thinking_again() -> None:
    from tests.test_tactics_decisions import _play, _setup
    from toolkit.engine.tactics.session import TacticsSession

    session = _play(TacticsSession(RECORDS, _setup("duel", ["human", "search:0.2"])), random.Random(4), 30)
    searcher = session.decider.players[2]
    assert isinstance(searcher, SearchDecider) and searcher.decisions >= 3 and session.pending is not None
    started = time.perf_counter()
    again = TacticsSession.from_json(RECORDS, session.to_json())
    took = time.perf_counter() - started
    assert again.labels == session.labels and again.pending is not None
    assert again.pending.to_json() == session.pending.to_json()
    replayed = again.decider.players[2]
    assert isinstance(replayed, SearchDecider)
    assert replayed.decisions == searcher.decisions and replayed.rollouts == 0  # told its choices, never thinking
    assert took < 0.2 * searcher.decisions  # it would take at least that long to think them over again
    # its tactician remembers the same: the state it works from after the replay is the live one's
    assert replayed.base._played == searcher.base._played and replayed.base._turn == searcher.base._turn


def _at_turn_start() -> Any:
    """A 单挑 game after 3 rounds, at the start of seat 1's main phase in the next (where a searcher's rollouts
    begin)."""
    g: Any = _game("duel", 3, deal=5, seed=9)
    g.round += 1
    g.start_turn(1)
    g.draw_phase(1)
    return g


def test_a_rollout_player_plays_each_copy_as_a_fresh_tactician_would() -> None:
    from toolkit.engine.tactics.search import _play_out
    from toolkit.engine.tactics.tactician import SeatDeciders

    g = _at_turn_start()
    kept = TacticianDecider(random.Random(0))
    read = read_log(g)
    assert read.events == len(g.log) and read.relevant and read.progressed
    logs = []
    # twice the same player, then a fresh one, then the same player again given the log read beforehand, on a copy
    # without the coverage measure (as the searcher plays them)
    for player, primed in ((kept, None), (kept, None), (TacticianDecider(random.Random(3)), None), (kept, read)):
        clone = g.clone(measure=primed is None)
        if player is kept:
            player.play_copy(clone, random.Random(3), primed)
        players = SeatDeciders({1: player, 2: TacticianDecider(random.Random(4))}).bind(clone)
        clone.decider = clone.triggers.decider = players
        _play_out(clone, 1, clone.legal_actions(1)[0], players, 1)
        logs.append([e.to_json() for e in clone.log.since(len(g.log))])
        assert player.game is clone
        measured = (clone.coverage, clone.occasions, clone.idle)
        assert all(measured) if primed is None else not any(measured)
    assert len(logs[0]) > 10 and logs[0] == logs[1] == logs[2] == logs[3]
    assert kept._lasting  # what it worked out on the first copy, kept for the next


class _Log:
    def __init__(self, events: list[tuple[str, dict[str, object]]]) -> None:
        self._events = [Event(i + 1, kind, None, data) for i, (kind, data) in enumerate(events)]

    def __len__(self) -> int:
        return len(self._events)

    def since(self, start: int) -> list[Event]:
        return self._events[start:]


class _Board:
    def __init__(self, events: list[tuple[str, dict[str, object]]], round: int) -> None:
        self.log, self.round = _Log(events), round


DODGE = ("target_lost", {"unit": "B", "target": "A"})
HIT = ("damage", {"unit": "A", "hp_left": 3})


@pytest.mark.parametrize("events", [
    [DODGE, DODGE, DODGE, ("destroyed", {"unit": "C"})],  # A has dodged enough: what attacks are worth is redone
    [DODGE, DODGE, DODGE, HIT, DODGE],  # a futile dodger hit: no longer futile
    [DODGE, DODGE, ("move", {}), DODGE, DODGE, ("damage", {"unit": "C", "hp_left": 5})],
    [("move", {}), ("damage", {"unit": "A", "hp_left": 7}), HIT, ("damage", {"unit": "A", "hp_left": 5})],
    [("move", {}), ("turn", {})],
])  # fmt: skip
def test_a_log_read_beforehand_gives_what_reading_it_gives(events: list[tuple[str, dict[str, object]]]) -> None:
    """A rollout's player given the log of the game it was copied from (read once for all of them) ends its first
    reading where a fresh one reading the whole log does: the same dodges, lows and round of progress, and what
    it kept of the worth of attacks dropped in the same cases; whatever number of events was read beforehand."""

    def after(player: TacticianDecider) -> tuple[object, ...]:
        player._lasting, player._state = {"kept": 1.0}, "a state"
        player._watch(full)  # type: ignore[arg-type]
        return player._seen, player._dodged, player._low, player._progress, player._lasting, player._state

    full = _Board(events, round=6)
    fresh = after(TacticianDecider(random.Random(0)))
    assert fresh[0] == len(events)
    for start in range(len(events) + 1):
        primed = TacticianDecider(random.Random(0))
        primed._read_anew(read_log(_Board(events[:start], round=2)))  # type: ignore[arg-type]
        assert after(primed) == fresh, start


def test_a_rollout_plays_as_many_rounds_as_its_horizon() -> None:
    """Each round of the horizon is every seat's turn once, the searcher's own included (played by its tactician),
    and the position is scored at the start of its turn after the last: one round is the other seat's turn alone,
    two rounds add its own next turn and the other seat's after it."""
    from toolkit.engine.tactics.search import _play_out
    from toolkit.engine.tactics.tactician import SeatDeciders

    g = _at_turn_start()
    turns = {}
    for horizon in (1, 2, 3):
        clone = g.clone(measure=False)
        players = SeatDeciders({1: TacticianDecider(random.Random(3)), 2: TacticianDecider(random.Random(4))})
        players.bind(clone)
        clone.decider = clone.triggers.decider = players
        _play_out(clone, 1, clone.legal_actions(1)[0], players, horizon)
        assert clone.winners is None
        turns[horizon] = [(e.player, e.data["round"]) for e in clone.log.since(len(g.log)) if e.kind == "turn_start"]
    start = g.round
    assert turns == {1: [(2, start)], 2: [(2, start), (1, start + 1), (2, start + 1)],
                     3: [(2, start), (1, start + 1), (2, start + 1), (1, start + 2), (2, start + 2)]}  # fmt: skip


@pytest.mark.slow
def test_it_stops_thinking_once_its_rounds_are_played() -> None:
    """``think`` is the most it takes: with time to spare it chooses once the rounds of its mode's plan are played
    (more did not play better), and with a budget by count (``think`` 0) it plays them all too: the same rollouts."""
    position = _game("duel", 3, deal=5, seed=9)
    actions = position.legal_actions(1)  # type: ignore[attr-defined]
    plan = PLANS["duel"]
    planned = sum(plan.planned(min(plan.candidates, len(actions))))
    assert len(actions) >= 2 and planned >= plan.rounds[0] * 2
    quick = SearchDecider(random.Random(1), think=30.0).bind(position)  # type: ignore[arg-type]
    started = time.perf_counter()
    pick = quick.choose(1, "choose an action", actions)
    assert quick.rollouts == planned and time.perf_counter() - started < 30.0
    counted = SearchDecider(random.Random(1), think=0.0).bind(position)  # type: ignore[arg-type]
    assert counted.choose(1, "choose an action", actions) == pick and counted.rollouts == planned
    other = SearchDecider(random.Random(1), think=0.0, plan=Plan(3, (13,))).bind(position)  # type: ignore[arg-type]
    other.choose(1, "choose an action", actions)
    assert other.rollouts == 13 * min(3, len(actions))
    duo = _game("duo", 3, deal=4)
    duo_actions = duo.legal_actions(duo.players[0].seat)  # type: ignore[attr-defined]
    assert len(duo_actions) >= 2
    assert "duo" not in PLANS and PLAN.rounds == (10,)  # the modes without a plan of their own: one round
    weighed = SearchDecider(random.Random(1), think=0.0).bind(duo)  # type: ignore[arg-type]
    weighed.choose(duo.players[0].seat, "choose an action", duo_actions)  # type: ignore[attr-defined]
    assert weighed.rollouts == 10 * min(PLAN.candidates, len(duo_actions))


def test_successive_halving_plays_the_close_ones_out_most(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each round halves the actions still in the running, the better half by mean going on; the best mean at the
    end wins, even against the tactician's own first choice (which has only :data:`PRIOR` of a head start). With
    no time to spare each round plays its least (:data:`LEAST` rollouts of each action in it)."""
    position = _game("duel", 3, deal=5, seed=9)
    actions = position.legal_actions(1)  # type: ignore[attr-defined]
    assert len(actions) >= 4
    played: list[int] = []
    worth = {}  # by the tactician's ranking of the actions: worth more the further down it, but the last the least

    def rollout(self: SearchDecider, game: Any, seat: int, index: int, rng: random.Random, read: Any) -> float:
        played.append(index)
        return worth[index]

    monkeypatch.setattr(SearchDecider, "_rollout", rollout)
    search = SearchDecider(random.Random(1), think=0.0, plan=Plan(4, (1, 2, 3))).bind(position)  # type: ignore[arg-type]
    scores = search.base.scores(position, 1, "choose an action", actions)  # type: ignore[arg-type]
    ranked = sorted(range(len(actions)), key=lambda i: -scores[i])[:4]
    worth.update({index: float(j) for j, index in enumerate(ranked)})
    worth[ranked[3]] = -50.0  # the tactician's 4th: the worst
    pick = search.choose(1, "choose an action", actions)
    assert pick == actions[ranked[2]]  # the best mean: the tactician's 3rd best, not its first (1 + PRIOR)
    assert [played.count(i) for i in ranked] == [3, 1, 3, 1]  # 4 once, the better 2 twice more; then 1 is left
    assert len(played) == sum(Plan(4, (1, 2, 3)).planned(4)) == 4 + 4  # and the third round is not played
    played.clear()
    hurried = SearchDecider(random.Random(1), think=1e-9, plan=Plan(4, (5, 5))).bind(position)  # type: ignore[arg-type]
    assert hurried.choose(1, "choose an action", actions) == pick
    assert len(played) == LEAST * (4 + 2)  # out of time: each round's least


def test_the_think_help_says_when_the_searcher_stops_in_both_languages() -> None:
    """`--think`'s help says how many actions 单挑's plan weighs and how many rollouts each has at the other modes'
    (:data:`PLANS`, :data:`PLAN`): if those change, this fails until the help says the new ones in both languages."""
    from toolkit import i18n
    from toolkit.cli._options import THINK_OPTION

    english = str(THINK_OPTION.help)
    duel = PLANS["duel"]
    most = sum(duel.planned(duel.candidates))
    assert f"its best {duel.candidates} actions in at most {most} rollouts" in english
    assert f"its best {PLAN.candidates} actions {PLAN.rounds[0]} times each" in english
    chinese = i18n.t("zh-Hans", english)
    assert f"最好的 {duel.candidates} 个行动，至多推演 {most} 次" in chinese
    assert f"最好的 {PLAN.candidates} 个行动各推演 {PLAN.rounds[0]} 次" in chinese
