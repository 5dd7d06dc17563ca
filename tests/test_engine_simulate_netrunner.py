"""`dossier simulate netrunner`: legal actions, random play of the example decks, the end of the game, the CLI."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.cli._lang import LogNames
from toolkit.decks import NameIndex, read_deck
from toolkit.engine.core import Event, RandomDecider
from toolkit.engine.netrunner import Card, NetrunnerGame, Side
from toolkit.engine.simulate import simulate_netrunner
from toolkit.models.deck import Deck
from toolkit.models.netrunner import side_of_type

from .conftest import CARDS, ROOT

RECORDS: list[Any] = load_catalog([CARDS / "netrunner"]).records
NAMES = NameIndex(RECORDS)
EX = ROOT / "examples" / "decks" / "netrunner"
GOLDEN = ROOT / "tests" / "golden" / "engine"
CORPS = ["corp-hb-tireless-hands.json", "corp-weyland-skyward.json"]
RUNNERS = ["runner-anarch-rust.json", "runner-criminal-fingers.json"]
PAIRS = [(c, r) for c in CORPS for r in RUNNERS]
TURNS = 24


def deck(name: str) -> Deck:
    loaded = read_deck(EX / name, NAMES).deck
    assert loaded is not None
    return loaded


def decks(corp: str, runner: str) -> dict[str, Deck]:
    return {"corp": deck(corp), "runner": deck(runner)}


def turns_played(game: NetrunnerGame) -> int:
    return sum(1 for e in game.log if e.kind == "turn_start")


def click_ledger(events: Iterable[Event]) -> list[str]:
    """Problems with the active side's clicks: every change is logged, never below 0, all spent by the phase end."""
    problems: list[str] = []
    active, clicks = None, 0
    for e in events:
        if e.kind == "turn_start":
            active, clicks = e.data["side"], e.data["clicks"]
        elif e.kind == "clicks" and e.data["side"] == active:
            clicks += e.data["amount"]
            if e.data["clicks"] != clicks or clicks < 0:
                problems.append(f"event {e.seq}: clicks {e.data['clicks']}, ledger {clicks}")
        elif e.kind == "action_phase_end" and (clicks, e.data["clicks"]) != (0, 0):
            problems.append(f"event {e.seq}: the {active} ends its action phase with {clicks}[click]")
        elif e.kind == "pay" and e.data["credits_left"] < 0:
            problems.append(f"event {e.seq}: credits overdrawn")
    return problems


# ---------------------------------------------------------------- legal actions


def fresh(side: Side, seed: int = 1) -> NetrunnerGame:
    game = NetrunnerGame(RECORDS, seed=seed, decks=decks(CORPS[0], RUNNERS[1]))
    game.begin_turn(side)
    return game


def put(game: NetrunnerGame, card_id: str, rezzed: bool = True) -> Card:
    """A card installed for free (corp: in a new remote server, rezzed unless an agenda or ``rezzed`` is off)."""
    record = next(r for r in RECORDS if r.kind == "card" and r.id == card_id)
    side = side_of_type(record.type)
    card = game._card(card_id, side)
    game.install(side, card, server="new remote" if side == "corp" else None, pay=False)
    if side == "corp" and rezzed and card.type != "agenda":
        game.rez(card, free=True)
    return card


def _set(**numbers: int) -> Callable[[NetrunnerGame], None]:
    def prepare(game: NetrunnerGame) -> None:
        for key, value in numbers.items():
            who, stat = key.split("_", 1)
            setattr(game.player("corp" if who == "corp" else "runner"), stat, value)

    return prepare


def _both(*steps: Callable[[NetrunnerGame], Any]) -> Callable[[NetrunnerGame], None]:
    def prepare(game: NetrunnerGame) -> None:
        for step in steps:
            step(game)

    return prepare


def _advanced(game: NetrunnerGame) -> None:
    agenda = put(game, "neutral_pilot_scheme")  # needs 2
    agenda.advancement = 2


LEGAL: list[tuple[str, Side, Any, set[str], set[str]]] = [
    # id, side, set-up after the turn starts, kinds offered, kinds not offered
    ("corp-turn", "corp", None, {"corp_draw", "corp_credit", "corp_install"}, {"trash_resource", "score"}),
    ("runner-turn", "runner", None, {"runner_draw", "runner_credit", "run"}, {"remove_tag", "use"}),
    ("empty-rnd", "corp", lambda g: g.corp.deck.clear(), {"corp_credit"}, {"corp_draw"}),
    ("empty-stack", "runner", lambda g: g.runner.deck.clear(), {"runner_credit"}, {"runner_draw"}),
    ("no-clicks", "corp", _set(corp_clicks=0), set(), {"corp_draw", "corp_credit", "corp_install", "corp_play"}),
    (
        "tagged-runner-with-resource",
        "corp",
        _both(_set(runner_tags=1), lambda g: put(g, "garage_lab")),
        {"trash_resource"},
        set(),
    ),
    (
        "tagged-runner-poor-corp",
        "corp",
        _both(_set(runner_tags=1, corp_credits=1), lambda g: put(g, "garage_lab")),
        set(),
        {"trash_resource"},
    ),
    ("untagged-runner", "corp", lambda g: put(g, "garage_lab"), set(), {"trash_resource"}),
    ("tagged-runner-without-resource", "corp", _set(runner_tags=1), set(), {"trash_resource"}),
    ("remove-tag", "runner", _set(runner_tags=1), {"remove_tag"}, set()),
    ("remove-tag-poor", "runner", _set(runner_tags=1, runner_credits=1), set(), {"remove_tag"}),
    ("score", "corp", _advanced, {"score", "advance"}, set()),  # an agenda may be advanced past its requirement
    ("advance", "corp", lambda g: put(g, "neutral_pilot_scheme"), {"advance"}, {"score"}),
    ("advance-poor", "corp", _both(lambda g: put(g, "neutral_pilot_scheme"), _set(corp_credits=0)), set(), {"advance"}),
    ("rez-asset", "corp", lambda g: put(g, "neutral_paper_subsidiary", rezzed=False), {"rez"}, set()),
    (
        "rez-poor",
        "corp",
        _both(lambda g: put(g, "neutral_paper_subsidiary", rezzed=False), _set(corp_credits=2)),
        set(),
        {"rez"},
    ),
    ("paid-ability", "runner", lambda g: put(g, "garage_lab"), {"use"}, set()),  # [click]：你获得 2[credit]。
    ("breakers-only-in-encounters", "runner", lambda g: put(g, "shade_key"), set(), {"use"}),
    ("nothing-hosted", "runner", lambda g: setattr(put(g, "dormant_account"), "credits", 0), set(), {"use"}),
    ("no-tag-to-remove", "runner", lambda g: put(g, "hush_box"), set(), {"use"}),
    (
        "trash-to-remove-a-tag",
        "runner",
        _both(_set(runner_tags=1), lambda g: put(g, "hush_box")),
        {"use", "remove_tag"},
        set(),
    ),
]


@pytest.mark.parametrize(("name", "side", "prepare", "offered", "absent"), LEGAL, ids=[r[0] for r in LEGAL])
def test_legal_actions(name: str, side: Side, prepare: Any, offered: set[str], absent: set[str]) -> None:
    game = fresh(side)
    if prepare is not None:
        prepare(game)
    actions = game.legal_actions(side)
    kinds = {a.kind for a in actions}
    assert offered <= kinds and not absent & kinds, sorted(kinds)
    player = game.player(side)
    for action in actions:  # affordable, and priced as taking it will cost
        assert action.side == side and action.clicks <= player.clicks and action.credits <= player.credits


def test_runs_are_offered_on_every_server() -> None:
    game = fresh("corp")
    put(game, "neutral_paper_subsidiary")
    game.end_turn("corp")
    game.begin_turn("runner")
    servers = {a.server for a in game.legal_actions("runner") if a.kind == "run"}
    assert servers == {"hq", "rnd", "archives", "remote1"}
    assert not [a for a in game.legal_actions("corp") if a.kind == "run"]


@pytest.mark.parametrize(
    ("card_id", "servers"),
    [
        ("hb_warden_unit", {"hq", "rnd", "archives", "new remote"}),  # ice: any server
        ("hb_endless_shift", {"new remote"}),  # an agenda: a remote server of its own
    ],
)
def test_corp_installs_list_each_server(card_id: str, servers: set[str]) -> None:
    game = fresh("corp")
    game.corp.hand = [game._card(card_id, "corp")]
    assert {a.server for a in game.legal_actions("corp") if a.kind == "corp_install"} == servers


@pytest.mark.parametrize("prepare", [lambda g: g.game_over("corp", "test"), lambda g: g.make_run("archives")])
def test_nothing_is_legal_after_the_game_or_during_a_run(prepare: Any) -> None:
    game = fresh("runner")
    prepare(game)
    assert game.legal_actions("runner") == []


@pytest.mark.parametrize(
    ("kind", "check"),
    [
        ("score", lambda g: g.agenda_points("corp") == 1),
        ("rez", lambda g: all(c.rezzed for c in g.installed("corp") if c.type == "asset") and g.corp.credits == 2),
        ("corp_credit", lambda g: g.corp.credits == 5 + 1 and g.corp.clicks == 2),
    ],
)
def test_take_carries_out_the_action(kind: str, check: Any) -> None:
    game = fresh("corp")
    game.corp.credits = 5
    _advanced(game)
    put(game, "neutral_paper_subsidiary", rezzed=False)
    game.take(next(a for a in game.legal_actions("corp") if a.kind == kind))
    assert check(game)


# ---------------------------------------------------------------- random play


@pytest.mark.parametrize(("corp", "runner"), PAIRS)
@pytest.mark.slow
def test_example_decks_play_many_turns(corp: str, runner: str) -> None:
    played = []
    for seed in (1, 2, 3, 4):
        game = simulate_netrunner(RECORDS, decks(corp, runner), TURNS, seed)
        turns = turns_played(game)
        played.append(turns)
        assert turns == TURNS or game.winner is not None
        assert click_ledger(game.log) == []
        phases = sum(1 for e in game.log if e.kind == "action_phase_end")
        assert phases == turns or (game.winner is not None and phases == turns - 1)
        assert {"action", "draw", "turn_end"} <= {e.kind for e in game.log}
    assert max(played) >= 20


@pytest.mark.parametrize(("corp", "runner"), PAIRS)
def test_same_seed_same_log(corp: str, runner: str) -> None:
    first = simulate_netrunner(RECORDS, decks(corp, runner), 8, seed=5).log.to_json()
    assert first == simulate_netrunner(RECORDS, decks(corp, runner), 8, seed=5).log.to_json()
    assert first != simulate_netrunner(RECORDS, decks(corp, runner), 8, seed=6).log.to_json()


def _empty_rnd(game: NetrunnerGame) -> None:
    game.corp.deck.clear()


def _six_points_and_an_advanced_agenda(game: NetrunnerGame) -> None:
    game.corp.score_area += [game._card("hb_endless_shift", "corp") for _ in range(2)]  # 3 points each
    _advanced(game)


def _brain_damaged(game: NetrunnerGame) -> None:
    game.runner.brain_damage = game.rules.hand_size + 1


ENDINGS: list[tuple[str, Any, int, str, str]] = [
    # id, state before the first turn, turns played, winner, reason
    ("empty-rnd", _empty_rnd, 1, "runner", "the corp must draw from an empty R&D"),
    ("agenda-points", _six_points_and_an_advanced_agenda, 3, "corp", "7 agenda points"),
    ("hand-size-below-0", _brain_damaged, 2, "corp", "flatline: the runner's hand size is -1 at the end of the turn"),
]


@pytest.mark.parametrize(("name", "prepare", "turns", "winner", "reason"), ENDINGS, ids=[e[0] for e in ENDINGS])
def test_a_game_that_ends_early_logs_its_winner(name: str, prepare: Any, turns: int, winner: str, reason: str) -> None:
    decider = RandomDecider(random.Random(0))  # (dice with which the random corp scores rather than trashes the agenda)
    game = NetrunnerGame(RECORDS, seed=3, decider=decider, decks=decks(CORPS[0], RUNNERS[0]))
    prepare(game)
    game.play_game(10)
    assert (game.winner, game.end_reason, turns_played(game)) == (winner, reason, turns)
    assert_ended(game.log.to_json(), winner, reason, turns)


def assert_ended(log: list[dict[str, Any]], winner: str, reason: str, turns: int) -> None:
    """One game_over naming the winner, no turn after it, and a last event that says who won after how many turns."""
    over = [i for i, e in enumerate(log) if e["event"] == "game_over"]
    assert len(over) == 1 and (log[over[0]]["winner"], log[over[0]]["reason"]) == (winner, reason)
    assert not [e for e in log[over[0] :] if e["event"] in ("turn_start", "action", "action_phase_end")]
    end = {"seq": len(log), "event": "simulation_end", "turns": turns, "winner": winner, "reason": reason}
    assert log[-1] == {**end, "visible": "all"}


@pytest.mark.parametrize(("corp", "runner", "seed"), [(CORPS[0], RUNNERS[1], 17), (CORPS[1], RUNNERS[1], 14)])
@pytest.mark.lang_default
def test_heuristic_games_end(cli: Any, corp: str, runner: str, seed: int) -> None:
    game = simulate_netrunner(RECORDS, decks(corp, runner), 200, seed)
    winner = game.winner
    assert winner is not None and game.end_reason is not None and turns_played(game) < 200
    assert_ended(game.log.to_json(), winner, game.end_reason, turns_played(game))
    args = ("simulate", "netrunner", "--decks", EX / corp, "--decks", EX / runner, "--turns", 200, "--seed", seed)
    result = cli(*args, "--lang", "en")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == f"game over: the {winner} wins ({game.end_reason})"
    side = {"corp": "公司", "runner": "潜袭者"}[winner]  # the example decks are Chinese: so is the default
    chinese = cli(*args).stdout.splitlines()[-1]
    assert chinese.startswith(f"游戏结束：{side}获胜（") and chinese.endswith("）")
    reason = chinese.removeprefix(f"游戏结束：{side}获胜（").removesuffix("）")
    assert re.fullmatch(r"\d+ 议案分数|脑死亡：.+|公司必须从空的研发中心抽牌", reason), reason  # the reason in Chinese


# ---------------------------------------------------------------- the CLI


def run_json(cli: Any, *paths: Path, turns: int = 6, seed: int = 1) -> Any:
    args = [a for p in paths for a in ("--decks", p)]
    result = cli("simulate", "netrunner", *args, "--turns", turns, "--seed", seed, "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize(("corp", "runner"), [(CORPS[0], "runner-criminal-fingers-list.txt"), (CORPS[1], RUNNERS[0])])
def test_cli_same_seed_same_log_in_either_order(cli: Any, corp: str, runner: str) -> None:
    first = run_json(cli, EX / corp, EX / runner, seed=3)
    assert first == run_json(cli, EX / runner, EX / corp, seed=3)
    assert first != run_json(cli, EX / corp, EX / runner, seed=4)
    assert [p["side"] for p in first["state"]["players"]] == ["corp", "runner"]
    assert [e["event"] for e in first["log"]][:3] == ["setup", "identity", "identity"]


@pytest.mark.lang_default
def test_cli_and_library_agree(cli: Any) -> None:
    data = run_json(cli, EX / CORPS[1], EX / RUNNERS[1], turns=4, seed=2)
    played = simulate_netrunner(RECORDS, decks(CORPS[1], RUNNERS[1]), 4, 2)
    names = LogNames(RECORDS, "zh-Hans")  # the JSON log: the engine's sentences in the language asked for
    assert data["log"] == [names.event(e) for e in played.log.to_json()]


def test_cli_text_output(cli: Any) -> None:
    result = cli("simulate", "netrunner", "--decks", EX / CORPS[0], "--decks", EX / RUNNERS[0], "--turns", 2, "--lang", "en")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert any(" corp turn starts (side: corp, clicks: 3, " in line for line in lines)
    assert any(" runner action phase ends (side: runner, clicks: 0)" in line for line in lines)
    assert lines[-3].startswith("corp (Haas-Bioroid: Tireless Hands): R&D: ")  # each side's zones by their names
    assert lines[-2].startswith("runner (Cassia \"Rust\" Moreau): stack: ")
    assert lines[-1] == "stopped at the turn limit (2 turns); no winner (--turns raises the limit)", lines[-1]


def _too_few(d: dict[str, Any]) -> None:
    d["cards"] = dict(list(d["cards"].items())[:3])


def _four_copies(d: dict[str, Any]) -> None:
    first = sorted(d["cards"])[0]
    d["cards"][first] = 4


def _unknown_identity(d: dict[str, Any]) -> None:
    d["identity"] = "nobody_at_all"


@pytest.mark.parametrize(
    ("change", "code"),
    [(_too_few, "deck.size.min"), (_four_copies, "deck.copies.over"), (_unknown_identity, "deck.identity.unknown")],
)
@pytest.mark.parametrize("bad", [CORPS[0], RUNNERS[1]])
def test_cli_refuses_an_illegal_deck(cli: Any, tmp_path: Path, change: Any, code: str, bad: str) -> None:
    data = json.loads((EX / bad).read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    other = RUNNERS[1] if bad in CORPS else CORPS[0]
    result = cli("simulate", "netrunner", "--decks", path, "--decks", EX / other, "--turns", 2)
    assert result.exit_code == 1
    assert code in result.output and "refusing to simulate" in result.output
    assert "turn_start" not in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([EX / CORPS[0], EX / CORPS[1]], "are both corp decks; netrunner needs one corp deck and one runner deck"),
        ([EX / RUNNERS[0], EX / "runner-criminal-fingers-list.txt"], "are both runner decks"),
        ([EX / CORPS[0]], "takes two deck files"),
        ([EX / CORPS[0], ROOT / "examples" / "decks" / "tactics" / "duo.json"], "a tactics deck, not netrunner"),
        ([EX / CORPS[0], EX / "missing.json"], "missing.json: cannot read"),
    ],
)
def test_cli_usage_errors(cli: Any, args: list[Path], message: str) -> None:
    result = cli("simulate", "netrunner", *[a for p in args for a in ("--decks", p)])
    assert result.exit_code == 2
    assert message in result.output and len(result.output.strip().splitlines()) == 1
    assert "Traceback" not in result.output


def test_crossfire_stays_refused_with_its_pointer(cli: Any) -> None:
    result = cli("simulate", "crossfire", "--decks", "a", "--decks", "b")
    assert result.exit_code == 2 and "`dossier crossfire simulate`" in result.output


@pytest.mark.lang_default
def test_golden_trace(cli: Any, update_golden: bool) -> None:
    data = run_json(cli, EX / CORPS[0], EX / RUNNERS[1], turns=6, seed=1)
    golden = GOLDEN / "netrunner_simulate_seed1.json"
    if update_golden:
        golden.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    assert data == json.loads(golden.read_text(encoding="utf-8"))
    assert click_ledger(Event(e["seq"], e["event"], e.get("player"), e) for e in data["log"]) == []


def test_triggers_are_labelled_by_the_cards_ids(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each trigger a side may be asked to order carries a label of its card's id and uid and the timing (the
    decision's option label, the same in any language), not the card's name."""
    from toolkit.engine.core import Triggers
    from toolkit.engine.netrunner.game import _label

    seen: list[Any] = []
    resolve = Triggers.resolve

    def kept(self: Triggers, pending: list[Any]) -> None:
        seen.extend(pending)
        resolve(self, pending)

    monkeypatch.setattr(Triggers, "resolve", kept)
    for corp, runner in PAIRS:
        simulate_netrunner(RECORDS, decks(corp, runner), TURNS, 3)
    assert seen
    label = re.compile(r"trigger:[a-z0-9_]+#\d+:[a-z_]+")
    assert all(label.fullmatch(_label(p)) for p in seen), {_label(p) for p in seen if not label.fullmatch(_label(p))}
