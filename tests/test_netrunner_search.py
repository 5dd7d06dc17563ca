"""The Netrunner player that looks ahead (issue 28): copies of a game play on as the original would, the copies it
plays on hold only what its side may know (what it cannot see is drawn, never read), and it plays whole games."""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import pytest
from typer.testing import CliRunner

from toolkit.cli.app import app
from toolkit.engine.netrunner import NetrunnerGame
from toolkit.engine.netrunner.decisions import Decision
from toolkit.engine.netrunner.players import make_policy
from toolkit.engine.netrunner.search import (
    LEAST,
    SearchPolicy,
    _kind,
    advanced,
    candidates,
    determinize,
    evaluate,
)

from .conftest import ROOT
from .test_netrunner_players import PAIRS, RECORDS


def new_game(seed: int, policies: dict[str, Any]) -> NetrunnerGame:
    corp, runner = PAIRS[seed % len(PAIRS)]
    return NetrunnerGame(RECORDS, seed=seed, decks={"corp": corp, "runner": runner}, policies=policies)


def heuristics(seed: int) -> dict[str, Any]:
    return {side: make_policy("heuristic", side, seed) for side in ("corp", "runner")}


class Snapshot:
    """A side's heuristic that, at the ``at``-th action decision of the game, keeps a copy of the game."""

    def __init__(self, inner: Any, at: int, keep: list[tuple[NetrunnerGame, dict[int, Any]]]) -> None:
        self.inner, self.at, self.keep = inner, at, keep

    def decide(self, game: NetrunnerGame, decision: Decision) -> str:
        if decision.kind == "action" and len(game.decisions) >= self.at and not self.keep:
            policies = {seat: copy.deepcopy(p.inner) for seat, p in game.policies.items()}
            self.keep.append((game.clone(), policies))
        return str(self.inner.decide(game, decision))


def snapshot(seed: int, at: int) -> tuple[NetrunnerGame, NetrunnerGame, dict[int, Any]]:
    """A heuristic game played to its end, a copy of it taken at decision ``at``, and the players as they were."""
    keep: list[tuple[NetrunnerGame, dict[int, Any]]] = []
    game = new_game(seed, {side: Snapshot(p, at, keep) for side, p in heuristics(seed).items()})
    game.play_game()
    assert keep, f"seed {seed}: the game ended before decision {at}"
    return game, keep[0][0], keep[0][1]


def events(game: NetrunnerGame) -> list[dict[str, Any]]:
    return [e.to_json() for e in game.log]


@pytest.mark.parametrize(("seed", "at"), [(0, 5), (1, 30), (2, 60), (3, 90), (5, 45), (9, 120)])
@pytest.mark.slow
def test_a_copy_plays_on_as_the_original_and_leaves_it_alone(seed: int, at: int) -> None:
    game, clone, policies = snapshot(seed, at)
    assert clone.policies == {} and clone.waiter is None and not clone.replay  # nobody decides until told
    clone.policies = policies
    clone.play_game(resume=True)
    assert events(clone) == events(game)
    plain = new_game(seed, heuristics(seed))  # the original was not changed by the copying
    plain.play_game()
    assert events(plain) == events(game)


def test_a_copy_of_a_lasting_effect_names_the_copys_cards() -> None:
    game = new_game(0, heuristics(0))
    card = game.corp.hand[0]

    def cheaper(g: NetrunnerGame, this: Any, c: Any) -> int:
        return -1 if c is card else 0

    game.add_lasting("rez_cost", card, cheaper, "turn")
    clone = game.clone()
    fn = clone.lasting[0][2]
    twin = clone.corp.hand[0]
    assert twin is not card and twin.uid == card.uid
    assert clone.lasting[0][1] is twin
    assert fn(clone, twin, twin) == -1 and fn(clone, twin, card) == 0
    assert cheaper(game, card, card) == -1  # the original's own is untouched
    clone.corp.hand.clear()
    assert game.corp.hand[0] is card


def faces(game: NetrunnerGame) -> dict[str, list[str]]:
    """What is where, by zone and position: every zone of both sides and every server."""
    out: dict[str, list[str]] = {}
    for side in ("corp", "runner"):
        p = game.player(side)
        for zone in ("deck", "hand", "discard", "score_area", "rig"):
            out[f"{side}.{zone}"] = [c.id for c in getattr(p, zone)]
    for name, server in game.servers.items():
        out[f"{name}.ice"] = [c.id for c in server.ice]
        out[f"{name}.root"] = [c.id for c in server.root]
    return out


def hidden_corp_cards(game: NetrunnerGame) -> list[Any]:
    corp = game.corp
    installed = [c for s in game.servers.values() for c in (*s.ice, *s.root) if game.hidden_from_runner(c)]
    return [*corp.hand, *corp.deck, *(c for c in corp.discard if not c.faceup), *installed]


def reshuffled_truth(game: NetrunnerGame, side: str, seed: int) -> NetrunnerGame:
    """A copy of ``game`` that looks the same to ``side`` and differs in what ``side`` cannot see."""
    other = game.clone()
    rng = random.Random(seed)
    if side == "corp":
        runner = other.runner
        pool = runner.hand + runner.deck
        rng.shuffle(pool)
        runner.hand, runner.deck = pool[: len(runner.hand)], pool[len(runner.hand) :]
        return other
    # (not the installed cards the runner accessed where they are: it knows those)
    cards = [c for c in hidden_corp_cards(other) if (c.type != "ice" or c in other.corp.hand + other.corp.deck)
             and not other.runner_knows(c)]  # fmt: skip
    loose = [c for c in cards if c.type != "ice"]
    faces_ = [(c.id, c.name, c.record) for c in loose]
    rng.shuffle(faces_)  # the non-ice cards of HQ, R&D and the servers' roots trade places
    for card, (card_id, name, record) in zip(loose, faces_, strict=True):
        card.id, card.name, card.record = card_id, name, record
    return other


@pytest.mark.parametrize("side", ["corp", "runner"])
@pytest.mark.parametrize(("seed", "at"), [(0, 40), (2, 80), (9, 200)])
@pytest.mark.slow
def test_a_determinized_copy_depends_only_on_what_the_side_may_see(side: str, seed: int, at: int) -> None:
    _, clone, _ = snapshot(seed, at)
    other = reshuffled_truth(clone, side, seed)
    assert faces(other) != faces(clone), "the test needs two games that differ in what is hidden"
    before = faces(clone)
    determinize(clone, side, random.Random(11))  # type: ignore[arg-type]
    determinize(other, side, random.Random(11))  # type: ignore[arg-type]
    assert faces(clone) == faces(other)
    after = faces(clone)
    # what every side sees stays where it is: scored agendas, the rig, rezzed and face-up cards
    for zone in ("corp.score_area", "runner.score_area", "runner.rig"):
        assert after[zone] == before[zone]
    for name, server in clone.servers.items():
        shown = [c.id for c in (*server.ice, *server.root) if c.rezzed]
        assert shown == [c.id for c in (*other.servers[name].ice, *other.servers[name].root) if c.rezzed]
        assert all(c.type == "ice" for c in server.ice)
        assert all(c.type != "ice" for c in server.root)
    counted = {zone: len(ids) for zone, ids in after.items()}
    assert counted == {zone: len(ids) for zone, ids in before.items()}
    assert Counter(i for ids in after.values() for i in ids) == Counter(i for ids in before.values() for i in ids)


def test_candidates_are_the_heuristics_choice_then_one_of_each_other_kind() -> None:
    keep: list[Decision] = []

    class Grab:
        def __init__(self, inner: Any) -> None:
            self.inner = inner

        def decide(self, game: NetrunnerGame, decision: Decision) -> str:
            if decision.kind == "action" and len(decision.options) > 6 and not keep:
                keep.append(decision)
            return str(self.inner.decide(game, decision))

    policies = heuristics(4)
    new_game(4, {"corp": Grab(policies["corp"]), "runner": policies["runner"]}).play_game()
    decision = keep[0]
    first = decision.options[-1].label
    chosen = candidates(decision, first, random.Random(1), count=4)
    assert chosen[0].label == first and len(chosen) == 4
    kinds = [_kind(o) for o in chosen[1:]]
    assert len(set(kinds)) == len(kinds)
    # an install is told apart by the type of card it installs: ice and an agenda are both weighed
    every = candidates(decision, first, random.Random(1), count=len(decision.options))
    types = {o.value.card.type for o in decision.options if o.value is not None and o.value.kind == "corp_install"}
    assert len(types) >= 2
    weighed = {_kind(o) for o in every}
    assert {f"corp_install:{t}" for t in types} <= weighed and "corp_install" not in weighed


def test_advancing_an_agenda_is_worth_to_the_corp_less_than_scoring_it() -> None:
    _, game, _ = snapshot(2, 20)
    agenda = next(c for c in game.corp.deck + game.corp.hand if c.record.type == "agenda")
    if agenda in game.corp.deck:
        game.corp.deck.remove(agenda)
        game.corp.hand.append(agenda)
    points = int(agenda.record.agenda_points)
    requirement = game.advancement_requirement(agenda)
    assert requirement
    game.corp.credits = game.runner.credits = 5  # credits aside
    values: list[dict[str, float]] = []

    def value() -> None:
        values.append({side: evaluate(game, side) for side in ("corp", "runner")})  # type: ignore[misc]

    value()
    before = advanced(game)  # (other agendas may be on their way already)
    game.install("corp", agenda, "new remote", pay=False)
    value()
    for _ in range(requirement):
        game.place_advancement(agenda, 1)
        value()
    assert advanced(game) - before == pytest.approx(points)
    game.score(agenda)
    value()
    corp = [v["corp"] for v in values]
    runner = [v["runner"] for v in values]
    assert corp[0] == corp[1]  # installed, not advanced: nothing yet
    assert corp[1:] == sorted(corp[1:]) and len(set(corp[1:])) == len(corp) - 1  # each step is worth more
    assert runner == sorted(runner, reverse=True)  # and as much less to the runner
    assert all(c + r == pytest.approx(1.0) for c, r in zip(corp, runner, strict=True))


@pytest.mark.parametrize("side", ["corp", "runner"])
@pytest.mark.slow
def test_the_searcher_plays_a_game_weighing_each_action(side: str) -> None:
    policies = heuristics(3)
    searcher = SearchPolicy(side, random.Random(3), think=0.0)  # type: ignore[arg-type]
    policies[side] = searcher
    game = new_game(3, policies)
    game.play_game(max_turns=8)
    assert game.turns >= 8 or game.winner is not None
    assert searcher.decisions > 5
    assert searcher.rollouts >= 2 * LEAST * searcher.decisions
    assert searcher.failed == 0


def test_make_policy_reads_the_seconds_to_think() -> None:
    assert make_policy("search:0.5", "corp", 1).think == 0.5
    assert make_policy("search", "runner", 1).think == 1.0
    with pytest.raises(Exception, match="seconds to think"):
        make_policy("search:0", "corp", 1)


@pytest.mark.slow
def test_simulate_takes_a_searcher_for_either_side() -> None:
    folder = ROOT / "examples" / "decks" / "netrunner"
    decks = [str(folder / "corp-hb-tireless-hands.json"), str(folder / "runner-anarch-rust.json")]
    runner = CliRunner()
    result = runner.invoke(app, ["simulate", "netrunner", "--decks", decks[0], "--decks", decks[1], "--turns", "4",
                                 "--decider", "search", "--decider", "heuristic", "--think", "0.01", "--lang", "en"])  # fmt: skip
    assert result.exit_code == 0, result.output
    bad = runner.invoke(app, ["simulate", "netrunner", "--decks", decks[0], "--decks", decks[1],
                              "--decider", "clever", "--lang", "en"])  # fmt: skip
    assert bad.exit_code == 2 and "heuristic, random, search" in bad.output and "Traceback" not in bad.output
