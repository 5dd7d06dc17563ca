"""The run's timing (RULINGS N5, the published run timing): a card's jack out is a paid ability of the encounter's
window too (only the basic jack out waits for the movement step), and the runner chooses the order it accesses the
cards of a breach in, one at a time (a remote's cards in any order; R&D's from the top and HQ's at random, with the
root's upgrades before, between or after them; Archives' cards in any order), asked only when it has a choice."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.conftest import CARDS
from tests.test_netrunner_rules import RECORDS as RULE_RECORDS
from tests.test_netrunner_rules import _card, events, scenario_of
from toolkit.catalog import load_catalog
from toolkit.engine.netrunner import NetrunnerGame, Stepper
from toolkit.engine.netrunner.decisions import Decision
from toolkit.engine.netrunner.players import HeuristicRunner, make_policy
from toolkit.engine.netrunner.run import Runs
from toolkit.engine.netrunner.scenario import run_scenario, set_up
from toolkit.engine.netrunner.search import SearchPolicy
from toolkit.engine.netrunner.session import example_deck

RECORDS = [
    *RULE_RECORDS,
    # cards the corp cannot rez (no window asks it anything) and the runner trashes for 1
    _card("t6_vault", "upgrade", [], rez_cost=9, trash_cost=1),
    _card("t6_box", "asset", [], rez_cost=9, trash_cost=1),
    _card("t6_plan", "agenda", [], advancement_requirement=3, agenda_points=1),
]


def scenario(decisions: list[str], corp: dict[str, Any] | None = None, runner: dict[str, Any] | None = None) -> Any:
    return run_scenario(RECORDS, scenario_of(decisions, "runner", corp, runner))


def accessed(result: Any) -> list[str]:
    """The cards accessed, in order, by id."""
    return [str(e["card"]).split("#")[0] for e in events(result, "access") if "card" in e]


def labels(result: Any) -> list[str]:
    assert result.pending is not None
    return result.pending.labels()


# ---------------------------------------------------------------- a card's jack out while encountering ice

WALL = {"servers": {"hq": {"ice": [{"card": "t_wall", "rezzed": True}]}}, "hand": ["t6_plan"]}


def test_a_cards_jack_out_is_offered_while_encountering_ice() -> None:
    """The encounter opens a paid-ability window: the card that jacks out is offered there (not the basic jack
    out, which is the movement step's)."""
    r = scenario(["run:hq", "done"], corp=WALL, runner={"rig": [{"card": "t_exit"}]})
    assert r.pending is not None and r.pending.kind == "break"
    assert any(x.startswith("use:t_exit#") for x in labels(r))
    assert "jack_out" not in labels(r)
    assert r.game.current_run is not None and r.game.current_run.encounter is not None


def test_jacking_out_with_a_card_mid_encounter_ends_the_run_before_the_subroutines() -> None:
    r = scenario(["run:hq", "done", "use:t_exit/0"], corp=WALL, runner={"rig": [{"card": "t_exit"}]})
    assert events(r, "jack_out")[0]["jacked_out"] is True
    assert events(r, "subroutine") == [] and events(r, "end_run") == []  # no subroutine fired
    assert events(r, "run_end")[-1]["successful"] is False and not accessed(r)
    assert r.game.current_run is None and [c.id for c in r.game.runner.discard] == ["t_exit"]


def test_the_basic_jack_out_is_still_refused_while_encountering() -> None:
    r = scenario(["run:hq", "done"], corp=WALL, runner={"rig": [{"card": "t_exit"}]})
    run = r.game.current_run
    assert run is not None and run.encounter is not None
    r.game.runs.jack_out("basic", anytime=False)
    assert not run.ended and events(r, "jack_out")[-1]["jacked_out"] is False


def test_fire_escape_escapes_crane_arm() -> None:
    """The tester's position: Fire Escape ("[trash]: if the runner is making a run, you jack out, then draw 1
    card") used while encountering Crane Arm: the run ends, Crane Arm's subroutines never fire."""
    corp = {"identity": "weyland_skyward_holdings", "credits": 9, "deck": ["neutral_pilot_scheme"],
            "servers": {"hq": {"ice": [{"card": "jinteki_bramble_screen", "rezzed": True},
                                       {"card": "weyland_crane_arm"}]}}}  # fmt: skip
    runner = {"rig": [{"card": "fire_escape"}, {"card": "overdrive_cell"}], "deck": ["overnight_takeout"]}
    r = scenario(["run:hq", "done", "rez:weyland_crane_arm"], corp=corp, runner=runner)
    assert any(x.startswith("use:fire_escape") for x in labels(r)) and r.pending.kind == "break"
    r = scenario(["run:hq", "done", "rez:weyland_crane_arm", "use:fire_escape/0"], corp=corp, runner=runner)
    assert events(r, "jack_out")[0]["jacked_out"] is True and events(r, "subroutine") == []
    assert [c.id for c in r.game.runner.hand] == ["overnight_takeout"]


# ---------------------------------------------------------------- the order of access

REMOTE = {"servers": {"remote1": {"root": [{"card": "t6_plan"}, {"card": "t6_vault"}]}}}


def test_the_runner_chooses_the_order_in_a_remote_by_face_down_labels() -> None:
    r = scenario(["run:remote1", "continue"], corp=REMOTE)
    decision = r.pending
    assert decision is not None and decision.kind == "access" and decision.seat == 2
    assert all(x.startswith("facedown#") for x in labels(r)) and len(set(labels(r))) == 2
    shown = " ".join([str(decision.prompt), *(str(o.text) for o in decision.options), *labels(r)])
    assert "t6_" not in shown  # nothing of the face-down cards but where they are
    upgrade = next(o.label for o in decision.options if o.value.id == "t6_vault")
    r = scenario(["run:remote1", "continue", upgrade, "trash:t6_vault"], corp=REMOTE)
    assert accessed(r) == ["t6_vault", "t6_plan"] and [c.id for c in r.game.runner.score_area] == ["t6_plan"]
    assert [c.id for c in r.game.corp.discard] == ["t6_vault"]


def test_a_root_upgrade_may_come_before_the_cards_of_hq() -> None:
    corp = {"servers": {"hq": {"root": [{"card": "t6_vault", "rezzed": True}]}}, "hand": ["t6_plan", "t6_box"]}
    r = scenario(["run:hq", "continue"], corp=corp)
    vault = labels(r)[1]
    assert r.pending.kind == "access" and labels(r) == ["hq", vault] and vault.startswith("t6_vault#")
    assert "t6_" not in str(r.pending.options[0].text)  # the card of HQ is unseen until it is accessed
    r = scenario(["run:hq", "continue", vault, "leave"], corp=corp)
    assert accessed(r)[0] == "t6_vault" and len(accessed(r)) == 2 and accessed(r)[1] in ("t6_plan", "t6_box")


def test_upgrades_go_between_the_cards_of_rnd_which_keep_their_order() -> None:
    corp = {"servers": {"rnd": {"root": [{"card": "t6_vault", "rezzed": True}]}},
            "deck": ["t6_box", "t6_plan", "t_purge"]}  # fmt: skip (the top card first)
    r = scenario(["run:rnd", "continue"], corp=corp)
    vault = labels(r)[1]
    assert labels(r) == ["rnd", vault] and vault.startswith("t6_vault#") and "t6_" not in str(r.pending.options[0].text)
    # two cards of R&D (one more from a card), the upgrade between them; then the second card of R&D, not asked
    result = _with_extra_access(corp, ["run:rnd", "continue", "rnd", "leave", vault, "leave"])
    assert accessed(result) == ["t6_box", "t6_vault", "t6_plan"]
    assert [c.id for c in result.game.runner.score_area] == ["t6_plan"]


def _with_extra_access(corp: dict[str, Any], decisions: list[str]) -> Any:
    """A run on R&D accessing 2 cards (one more set as the run begins, as a card's "access 1 more card" does)."""
    scen = scenario_of(decisions, "runner", corp, None)
    game = set_up(RECORDS, scen)
    game.replay.extend(scen.decisions)
    make_run = game.runs.make_run

    def more(server: str) -> Any:
        run = make_run(server)
        run.extra_access += 1
        return run

    game.runs.make_run = more  # type: ignore[method-assign]
    Stepper(game, lambda: game.play_game(50, resume=True)).start()
    assert not game.replay
    return _Wrap(game)


class _Wrap:
    def __init__(self, game: NetrunnerGame) -> None:
        self.game = game


def test_the_runner_chooses_among_the_cards_of_archives() -> None:
    corp = {"discard": ["t_purge"], "discard_facedown": ["t6_box", "t6_plan"]}
    r = scenario(["run:archives", "continue"], corp=corp)
    assert r.pending.kind == "access" and len(labels(r)) == 3
    plan = next(o.label for o in r.pending.options if getattr(o.value, "id", None) == "t6_plan")  # (face down)
    r = scenario(["run:archives", "continue", plan], corp=corp)
    assert accessed(r)[0] == "t6_plan" and [c.id for c in r.game.runner.score_area] == ["t6_plan"]


def test_no_choice_asks_nothing() -> None:
    """One card in a remote, or R&D without upgrades: nothing is asked, the breach goes on."""
    r = scenario(["run:remote1", "continue"], corp={"servers": {"remote1": {"root": [{"card": "t6_plan"}]}}})
    assert r.pending is None or r.pending.kind != "access"
    assert accessed(r) == ["t6_plan"]
    r = scenario(["run:rnd", "continue"], corp={"deck": ["t_purge", "t6_box"]})
    assert accessed(r) == ["t_purge"] and (r.pending is None or r.pending.kind != "access")


# ---------------------------------------------------------------- the machine players answer it


def _order_decision(r: Any) -> Decision:
    assert r.pending is not None and r.pending.kind == "access"
    return r.pending


def test_machine_players_answer_the_access_order_as_the_breach_went_before() -> None:
    """The heuristic (and the searcher, which leaves such decisions to it) takes the first option: the zone's cards
    first, then the root's in order, as every breach went before the runner chose; the random player picks one."""
    r = scenario(["run:hq", "continue"], corp={"servers": {"hq": {"root": [{"card": "t6_vault"}]}}, "hand": ["t6_box"]})
    decision = _order_decision(r)
    assert HeuristicRunner(random.Random(1)).decide(r.game, decision) == "hq"
    assert SearchPolicy("runner", random.Random(1), think=0).decide(r.game, decision) == "hq"
    assert make_policy("random", "runner", 1).decide(r.game, decision) in labels(r)
    r = scenario(["run:remote1", "continue"], corp=REMOTE)
    first = HeuristicRunner(random.Random(1)).decide(r.game, _order_decision(r))
    assert r.pending.find(first).value.id == "t6_plan"


def _fixed_order_access(self: Runs, run: Any) -> None:
    """The breach as it was before the runner chose its order: the cards of the zone, then the root's."""
    g = self.game
    count = 1 + run.extra_access
    server = g.servers.get(run.server)
    cards: list[Any] = []
    if run.server == "rnd":
        cards = list(reversed(g.corp.deck[-count:])) if count > 0 else []
    elif run.server == "hq":
        cards = g.rng.sample(g.corp.hand, min(max(count, 0), len(g.corp.hand)))
    elif run.server == "archives":  # (the cards go back as they were: face down stays face down)
        cards = list(g.corp.discard)
    if server is not None:
        cards += list(server.root)
    if not cards:
        g.log.add("access", 2, server=run.server, cards=0)
    for card in cards:
        if g.over or run.ended:
            break
        self._access_card(card, run.server)


CATALOG = load_catalog([CARDS / "netrunner"]).records


def _heuristic_log(seed: int, corp: str, runner: str) -> tuple[list[Any], int]:
    """A seeded heuristic game of the example decks: its log, and how often the runner was asked the order of a
    breach."""
    decks = {"corp": example_deck(CATALOG, corp), "runner": example_deck(CATALOG, runner)}
    game = NetrunnerGame(CATALOG, seed=seed, decks=decks,
                         policies={s: make_policy("heuristic", s, seed) for s in ("corp", "runner")})  # fmt: skip
    game.play_game(max_turns=40)
    asked = sum(1 for d in game.decisions if d["kind"] == "access")
    return game.log.to_json(), asked


DECKS = [("weyland_iron_ledger", "zero_weaver"), ("hb_tireless_hands", "vera_fingers_thorne")]


def test_seeded_heuristic_games_access_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seeded heuristic games: the runner is asked the order of its breaches and takes the order a breach took
    before it chose, so the games' logs are those of the fixed order."""
    games = [(seed, corp, runner) for seed in (1, 4) for corp, runner in DECKS]
    now = {game: _heuristic_log(*game) for game in games}
    assert sum(asked for _, asked in now.values()) > 0  # (the games ask it: the comparison means something)
    monkeypatch.setattr(Runs, "_access", _fixed_order_access)
    for game, (log, _) in now.items():
        assert _heuristic_log(*game)[0] == log


def test_a_game_saved_before_takes_the_order_it_took_then() -> None:
    """A label replayed from a game saved before the runner was asked (one that answers the next question) is no
    option of the access order: :meth:`Runs.older_answer` gives the first option, the order the breach took then
    (read by the game's answers for older saves), and nothing for any other decision."""
    r = scenario(["run:remote1", "continue"], corp=REMOTE)
    decision = _order_decision(r)
    assert r.game.runs.older_answer(decision) == decision.options[0].label
    other = Decision(2, "order", "which trigger first", decision.options)
    assert r.game.runs.older_answer(other) is None
