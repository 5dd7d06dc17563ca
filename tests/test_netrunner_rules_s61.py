"""Session 61's Netrunner rule fixes: seven agenda points win at any moment (seed 001), the corp's window before each
of the runner's actions (the seed: the corp rezzes assets and upgrades almost any time; N5's paid-ability windows),
and an ability that could install nothing is not offered for a click."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.scripts import test_ashes_corp, test_lunar
from tests.scripts.kit import corp, play
from tests.test_netrunner_rules import RECORDS, events, scenario, scenario_of
from toolkit.engine.core import EngineError
from toolkit.engine.netrunner import NetrunnerGame, Stepper
from toolkit.engine.netrunner.decisions import Decision
from toolkit.engine.netrunner.players import HeuristicCorp
from toolkit.engine.netrunner.scenario import set_up

WINDOW = "before the runner's next action: rez a card or use a paid ability?"


def position(active: str = "runner", corp: dict[str, Any] | None = None, runner: dict[str, Any] | None = None) -> Any:
    return set_up(RECORDS, scenario_of([], active, corp, runner))


# ---------------------------------------------------------------- seven points win at any moment


def test_seven_points_from_an_agenda_counter_win_at_once() -> None:
    """Domestic Sleepers' own ability puts the counter that makes it worth a point: the seventh ends the game there."""
    r = play(test_lunar.RECORDS, ["use:domestic_sleepers/0"], active="corp",
             corp=corp(clicks=3, score_area=["domestic_sleepers"] + ["nbn_ratings_mandate"] * 3))  # fmt: skip
    assert r.game.agenda_points("corp") == 7
    assert r.game.result()["winner"] == "corp" and r.game.result()["reason"] == "agenda_points"
    assert r.pending is None and [e.kind for e in r.game.log][-2:] == ["game_over", "simulation_end"]


def test_the_second_megaprix_qualifier_wins_with_its_counter() -> None:
    """Scored at 5 points, the second copy is worth 1 (6 points) until its "when scored" trigger puts the agenda
    counter that makes it worth 2: then the corp has 7 and has won."""
    servers = {"remote1": {"root": [{"card": "megaprix_qualifier", "counters": {"advancement": 2}}]}}
    side = corp(servers=servers, score_area=["megaprix_qualifier", "nbn_ratings_mandate", "nbn_ratings_mandate"])
    r = play(test_ashes_corp.RECORDS, ["advance:megaprix_qualifier", "score:megaprix_qualifier"], active="corp",
             corp=side)  # fmt: skip
    assert r.game.agenda_points("corp") == 7
    assert r.game.winner == "corp" and r.game.result()["agenda_points"] == 7 and r.pending is None


def test_a_position_laid_out_at_seven_points_is_over_at_once() -> None:
    """A scenario whose runner already holds 9 points: the game is over before anyone decides anything."""
    r = scenario([], runner={"score_area": ["jinteki_mirror_clone_trial"] * 3})
    assert r.game.winner == "runner" and r.game.result()["reason"] == "agenda_points" and r.pending is None
    assert r.game.decisions == []


# ---------------------------------------------------------------- the corp's window before each runner action

GRID = {"servers": {"hq": {"root": [{"card": "weyland_perimeter_grid"}]}}}  # "whenever the runner makes a run"


def test_a_card_rezzed_before_the_runners_action_answers_the_run() -> None:
    """Perimeter Grid rezzed in the corp's window before the runner's first action: the run made next makes the
    runner lose a credit (rezzed during that run, it would be too late for it)."""
    decisions = ["rez:weyland_perimeter_grid", "run:hq", "continue", "leave"]
    r = scenario(decisions, corp={**GRID, "identity": "hb_mirror_foundry"})
    assert [e["timing"] for e in events(r, "trigger")].count("run_begins") == 1
    assert r.game.runner.credits == 5 - 1 and r.game.corp.credits == 5 - 2
    kinds = [e.kind for e in r.game.log if e.kind in ("rez", "run")]
    assert kinds == ["rez", "run"]


def test_the_window_comes_before_each_runner_action_while_the_corp_can_rez() -> None:
    game = position(corp=GRID)
    stepper = Stepper(game, lambda: game.play_game(game.turns, resume=True)).start()
    asked: list[tuple[int, str]] = []
    while stepper.pending is not None:
        pending = stepper.pending
        asked.append((pending.seat, pending.kind))
        if pending.kind == "rez" and game.runner.clicks:
            assert str(pending.prompt) == WINDOW and pending.labels() == [game.installed("corp")[0].ref.join(
                ["rez:", ""]), "done"]  # fmt: skip
        stepper.apply("done" if pending.seat == 1 else "credit")
    # four actions, each after the corp's window; then the window of the runner's turn end
    assert asked == [(1, "rez"), (2, "action")] * 4 + [(1, "rez")]


def test_no_window_when_the_corp_can_rez_nothing() -> None:
    game = position(corp={**GRID, "credits": 1})  # Perimeter Grid costs 2
    stepper = Stepper(game, lambda: game.play_game(game.turns, resume=True)).start()
    assert stepper.pending is not None and (stepper.pending.seat, stepper.pending.kind) == (2, "action")


def _runner_sees(root: str, credits: int) -> tuple[list[Any], dict[str, Any]]:
    """The runner's log and view after two clicks for credits, the corp passing every window it is offered."""
    game = position(corp={"credits": credits, "servers": {"remote1": {"root": [{"card": root}]}}})
    stepper = Stepper(game, lambda: game.play_game(game.turns, resume=True)).start()
    clicks = 0
    while stepper.pending is not None and clicks < 2:
        clicks += stepper.pending.seat == 2
        stepper.apply("done" if stepper.pending.seat == 1 else "credit")
    view = game.view(2)
    return [(e.kind, e.data) for e in game.seen_log(2)], {k: v for k, v in view.items() if k != "corp"}


def test_a_window_the_corp_passes_tells_the_runner_nothing() -> None:
    """A face-down upgrade the corp can rez (windows opened and passed) and a face-down agenda (no window): the
    runner is shown the same log and the same table."""
    assert _runner_sees("weyland_perimeter_grid", 5) == _runner_sees("nbn_ratings_mandate", 5)


def test_a_copy_resumed_at_the_runners_action_does_not_hold_the_window_again() -> None:
    """The searcher plays copies of the game on from the runner's action (the corp's window already passed): the
    copy asks the runner first, as the game did."""
    first: list[tuple[int, str]] = []

    class Passes:
        def decide(self, game: NetrunnerGame, d: Decision) -> str:
            return "done" if "done" in d.labels() else "credit" if "credit" in d.labels() else d.labels()[0]

    class Runner(Passes):
        def decide(self, game: NetrunnerGame, d: Decision) -> str:
            if d.kind == "action" and not first:
                copy = game.clone()
                asked: list[tuple[int, str]] = []

                class Records(Passes):
                    def decide(self, game: NetrunnerGame, d: Decision) -> str:
                        asked.append((d.seat, d.kind))
                        return super().decide(game, d)

                copy.policies = {1: Records(), 2: Records()}
                copy.play_game(max_turns=copy.turns, resume=True)
                first.append(asked[0])
            return super().decide(game, d)

    game = position(corp=GRID)
    game.policies = {1: Passes(), 2: Runner()}
    game.play_game(game.turns, resume=True)
    assert first == [(2, "action")]
    assert sum(1 for d in game.decisions if d["kind"] == "rez") == 5  # (the game itself: four windows, the turn end)


def test_the_heuristic_corp_rezzes_what_answers_runs_before_the_runners_action() -> None:
    """Perimeter Grid (a run trigger) is rezzed in the first window of the runner's turn; Billboard Network (credits
    at the corp's turn start) is left for the window of the runner's turn end, as before."""

    class Runs:
        def decide(self, game: NetrunnerGame, d: Decision) -> str:
            labels = d.labels()
            for wanted in ("run:hq", "continue", "leave", "credit"):
                if wanted in labels and (wanted != "run:hq" or not game.run_history):
                    return wanted
            return labels[0]

    servers = {"hq": {"root": [{"card": "weyland_perimeter_grid"}]},
               "remote1": {"root": [{"card": "nbn_billboard_network"}]}}  # fmt: skip
    game = position(corp={"credits": 8, "servers": servers})
    game.policies = {1: HeuristicCorp(random.Random(1)), 2: Runs()}
    game.play_game(game.turns, resume=True)
    log = list(game.log)
    kinds = [e.kind for e in log]
    rezzed = [(i, e.data["card"]) for i, e in enumerate(log) if e.kind == "rez"]
    first_action = next(i for i, e in enumerate(log) if e.kind == "action")
    assert rezzed[0][1].startswith("外环网格") and rezzed[0][0] < first_action < kinds.index("run")
    assert any(e.kind == "trigger" and e.data["timing"] == "run_begins" for e in log)
    billboard = [i for i, card in rezzed if not card.startswith("外环网格")]
    assert billboard and billboard[0] > kinds.index("action_phase_end")


# ---------------------------------------------------------------- an ability that does nothing costs no click


@pytest.mark.parametrize("hand", [[], ["cog_key"]])
def test_an_install_ability_with_nothing_to_install_is_not_offered(hand: list[str]) -> None:
    """Piggyback Rack's "[click]: install a program on this card" with an empty grip, or with a program the runner
    cannot pay for: it would throw the click away."""
    runner = {"clicks": 2, "credits": 1, "hand": hand, "rig": [{"card": "piggyback_rack"}]}
    with pytest.raises(EngineError, match="'use:piggyback_rack/1' is not an option"):
        scenario(["use:piggyback_rack/1"], runner=runner)


def test_an_install_ability_is_offered_when_it_can_install() -> None:
    runner = {"clicks": 2, "credits": 1, "hand": ["t_breaker"], "rig": [{"card": "piggyback_rack"}]}
    r = scenario(["use:piggyback_rack/1"], runner=runner)
    rack = next(c for c in r.game.runner.rig if c.id == "piggyback_rack")
    assert [c.id for c in rack.hosted] == ["t_breaker"] and r.game.runner.clicks == 1
