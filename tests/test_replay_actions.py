"""A tactics replay a player can follow: a frame per action (and per move and attack inside one), the path of
each move and the line of each attack drawn, the dice and the damage, the players' numbers, a legend, the
winner; units told apart by their number, not only their colour; the log in words; long games fit a page."""

from __future__ import annotations

import copy
import html
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from toolkit.board import Board
from toolkit.board.draw import draw, step_marks, to_svg, unit_ref
from toolkit.board.replay import MAX_FRAMES, check_frames, fit_frames, render_frames_html, result_text
from toolkit.catalog import load_catalog
from toolkit.engine.simulate import play_tactics
from toolkit.engine.tactics import TacticsGame
from toolkit.engine.tactics.players import HeuristicDecider

from .conftest import CARDS, ROOT

RECORDS = load_catalog([CARDS / "tactics"]).records
EX = ROOT / "examples" / "decks" / "tactics"
SQUADS = [["jackdaw", "egret"], ["gale", "lynx"]]  # two squads, no agent on both sides (T24)
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


class CountingDecider(HeuristicDecider):
    """The heuristic player, counting the main-phase actions it takes (ending the phase not counted)."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.actions = 0

    def choose(self, player: int, prompt: str, options: Any) -> Any:
        choice = super().choose(player, prompt, options)
        if prompt == "choose an action" and getattr(choice, "kind", "end") != "end":
            self.actions += 1
        return choice


def play(seed: int = 1, rounds: int = 100, frames: list[dict[str, Any]] | None = None) -> tuple[TacticsGame, int]:
    """A seeded duo game of the example deck's cards for both squads; the game and the actions taken."""
    deck = json.loads((EX / "duo.json").read_text(encoding="utf-8"))
    cards = [card for card, n in sorted(deck["cards"].items()) for _ in range(n)]
    decider = CountingDecider(random.Random(seed * 7919 + 1))
    game = TacticsGame(
        RECORDS, "duo", players=2, seed=seed, decider=decider, decks=[cards, cards], squads=SQUADS, setup=False
    )
    decider.bind(game)
    game.set_up()
    return play_tactics(game, decider, rounds, frames), decider.actions


@pytest.fixture(scope="module")
def game() -> tuple[TacticsGame, int, list[dict[str, Any]]]:
    from toolkit import i18n

    with i18n.use_lang("en"):  # the labels, as the tests' own language (a module's fixture runs before it is set)
        for seed in range(1, 21):  # the first seeded game with a counterattack (an action of several frames)
            frames: list[dict[str, Any]] = []
            played, actions = play(seed, frames=frames)
            if any(e["event"] == "attack" and e["counter"] for f in frames for e in f["events"]):
                return played, actions, frames
    raise AssertionError("none of 20 seeded games has a counterattack")


def kinds(frame: dict[str, Any]) -> list[str]:
    return [e["event"] for e in frame["events"]]


def moves(frame: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in frame["events"] if e["event"] == "move" and e.get("path")]


def figures(page: str) -> list[str]:
    return re.findall(r"<figure [^>]*>\n(.*?)\n</figure>", page, re.S)


# --------------------------------------------------------------------------
# frames


def test_a_frame_per_action_and_per_move_and_attack(game: Any) -> None:
    played, actions, frames = game
    assert actions > 10
    acted = {tuple(f["step"][:2]) for f in frames if re.search(r"action \d+", f["label"])}
    assert len(acted) == actions  # every action taken has its frame(s)
    assert len(frames) > actions + 2 * played.round  # and every turn its start and its end
    for frame in frames:  # one move along a path or one attack a frame at most
        assert len(moves(frame)) + kinds(frame).count("attack") <= 1, frame["label"]
    # the frames hold the whole log, each entry once, in order
    assert [e["seq"] for f in frames for e in f["events"]] == [e.seq for e in played.log]
    assert frames[0]["label"] == "set-up" and frames[-1]["label"] == "end"
    assert frames[-1]["events"][-1]["event"] == "simulation_end"


def test_an_action_of_several_frames_numbers_them(game: Any) -> None:
    _, _, frames = game
    parts = [f for f in frames if re.search(r"\(\d+/\d+\)$", f["label"])]
    assert parts  # an attack answered by a counterattack, a melee attack with its step, …
    for frame in parts:
        part, count = map(int, re.findall(r"\((\d+)/(\d+)\)$", frame["label"])[0])
        same = [f for f in frames if f["step"][:2] == frame["step"][:2]]
        assert len(same) == count and same[part - 1] is frame


def test_recording_changes_nothing_in_the_game_and_leaves_the_log_as_it_was(game: Any) -> None:
    played, actions, _ = game
    again, again_actions = play(played.seed)
    assert [e.to_json() for e in again.log] == [e.to_json() for e in played.log] and again_actions == actions
    assert played.log._listeners == []  # the listener is gone once the play is over


def test_a_log_tells_its_listener_while_listening_only() -> None:
    from toolkit.engine.core import Log

    log, heard = Log(), []
    log.add("before")
    with log.listening(lambda e: heard.append(e.kind)):
        log.add("during", 1, card="x")
    log.add("after")
    assert heard == ["during"] and [e.kind for e in log] == ["before", "during", "after"]


def test_each_frame_has_the_board_the_players_and_at_the_end_the_result(game: Any) -> None:
    played, _, frames = game
    for frame in frames:
        assert [p["seat"] for p in frame["players"]] == [1, 2]
        assert {"score", "hand", "deck", "discard", "mortgage", "lost", "standby", "team", "out"} <= set(
            frame["players"][0]
        )
    last = frames[-1]
    for shown, player in zip(last["players"], played.players, strict=True):
        assert (shown["hand"], shown["deck"], shown["discard"], shown["score"]) == (
            len(player.hand),
            len(player.deck),
            len(player.discard),
            player.score,
        )
    assert last["result"] == played.result() and played.winners
    assert last["state"] == played.board_state()
    assert "result" not in frames[1]


# --------------------------------------------------------------------------
# the drawing of each frame


def test_every_move_draws_its_path_and_every_attack_its_line(game: Any) -> None:
    played, _, frames = game
    page = render_frames_html(played.board, frames, "demo")
    drawn = figures(page)
    assert len(drawn) == len(frames)
    counters = 0
    for frame, svg in zip(frames, drawn, strict=True):
        walked = moves(frame)
        assert svg.count('<g class="path">') == len(walked), frame["label"]
        for move in walked:  # a line a step, from where it started
            assert svg.count('class="path-line"') == len(move["path"])
            start = move["start"]
            assert re.search(rf'class="path-start" cx="{48 * start[0] + 30 + 24}" cy="{48 * start[1] + 24 + 24}"', svg)
        for attack in (e for e in frame["events"] if e["event"] == "attack"):
            role = "counterattack" if attack["counter"] else "attack"
            assert f'<g class="{role}">' in svg, frame["label"]
            counters += attack["counter"]
        if "counterattack-line" in svg:
            assert re.search(r'class="counterattack-line"[^>]*stroke-dasharray', svg)  # dashed, unlike an attack
        if any(e["event"] == "hit_dice" for e in frame["events"]) and "attack" in svg:
            assert '<g class="dice">' in svg
        hurt = {unit_ref(e["unit"]) for e in frame["events"] if e["event"] == "damage"}
        assert svg.count('<g class="damage">') == len(hurt)
    assert counters  # the game has a counterattack


def test_marks_of_one_step() -> None:
    board = Board(["......", "......", "......"], map_id="tiny")
    units: list[dict[str, Any]] = [
        {"uid": 1, "id": "jackdaw", "name": "Jackdaw", "seat": 1, "kind": "agent", "pos": [3, 0], "facing": "e"},
        {"uid": 7, "id": "gale", "name": "Gale", "seat": 2, "kind": "agent", "pos": [5, 2], "facing": "w"},
    ]
    state = {"map": "tiny", "units": units}
    events: list[dict[str, Any]] = [
        {"event": "move", "unit": "寒鸦#1", "start": [0, 0], "to": [3, 0], "path": [[1, 0], [2, 0], [3, 0]]},
        {"event": "attack", "unit": "寒鸦#1", "target": "烈风#7", "counter": False},
        {"event": "hit_dice", "faces": [4, 6], "results": [5, 6], "damage": 2},
        {"event": "damage", "unit": "烈风#7", "amount": 2, "hp": 2, "hp_left": 5},
        {"event": "attack", "unit": "烈风#7", "target": "寒鸦#1", "counter": True},
    ]
    marks = step_marks(state, events)
    assert [g.role for g in marks.under] == ["path"]
    assert [g.role for g in marks.over] == ["attack", "dice", "counterattack", "damage"]
    assert marks.attack == events[-1]  # the counterattack's dice come in the next step
    svg = to_svg(draw(board, state, marks, log_names=True), standalone=False)
    assert ">5 6</text>" in svg and ">−2</text>" in svg
    assert "<title>Jackdaw#1 attacks Gale#7</title>" in svg and "<title>Gale#7 counterattacks Jackdaw#1</title>" in svg
    assert "<title>Jackdaw#1 moves: 0,0 → 1,0 → 2,0 → 3,0</title>" in svg
    # the next step: the counterattack's dice redraw its line; a unit gone from the board is marked where it fell
    seen = {u["uid"]: u for u in units}
    after = {"map": "tiny", "units": units[1:]}
    later: list[dict[str, Any]] = [
        {"event": "hit_dice", "results": [6], "damage": 1},
        {"event": "destroyed", "unit": "寒鸦#1"},
    ]
    marks = step_marks(after, later, seen, marks.attack)
    assert [g.role for g in marks.over] == ["counterattack", "dice", "destroyed"]
    assert marks.attack is None
    # entries that name nothing on the map, or name it oddly, draw nothing
    odd: list[dict[str, Any]] = [{"event": "move", "unit": 1, "to": [2, 2]}, {"event": "attack", "target": 3}]
    odd.append({"event": "damage"})
    marks = step_marks(state, [*odd, {"event": "hit_dice", "results": [1]}, {"event": "destroyed", "unit": "x#9"}])
    assert marks.under == marks.over == ()


def test_two_units_of_one_agent_differ_by_more_than_colour() -> None:
    board = Board(["......", "......"], map_id="tiny")
    mirror = [
        {"uid": uid, "id": "jackdaw", "name": "寒鸦", "seat": seat, "team": seat, "kind": "agent", "pos": pos,
         "facing": "e", "hidden": False, "tapped": False, "hp": 9, "max_hp": 9}
        for uid, seat, pos in ((3, 1, [0, 0]), (21, 2, [4, 1]))
    ]  # fmt: skip
    svg = to_svg(draw(board, {"units": mirror}, log_names=True), standalone=False)
    groups = re.findall(r'<g class="unit">\n<title>(.*?)</title>\n(.*?)\n</g>', svg, re.S)
    assert len(groups) == 2
    (first_title, first), (second_title, second) = groups
    uncoloured = [re.sub(r'#[0-9a-f]{6}|c?[xy]="[\d.]+"|points="[^"]*"', "", body) for body in (first, second)]
    assert uncoloured[0] != uncoloured[1]  # not only the colour and the place: the number on the token
    assert re.findall(r'<text class="uid"[^>]*>(\d+)</text>', svg) == ["3", "21"]
    assert first_title.startswith("寒鸦#3 · ") and second_title.startswith("寒鸦#21 · ")
    assert "jackdaw" not in first_title  # named as in the log, not by its record's id


# --------------------------------------------------------------------------
# the page


def test_the_page_has_a_legend_the_players_numbers_and_the_winner(game: Any) -> None:
    played, _, frames = game
    page = render_frames_html(played.board, frames, "demo")
    assert '<details class="legend" open>' in page and "a counterattack" in page and "the units of P2" in page
    table = re.findall(r'<table class="players">\n<thead>(.*?)</thead>(.*?)</table>', page, re.S)
    assert len(table) == 1
    head, body = table[0]
    for word in ("score", "hand", "deck", "discard", "mortgaged", "lost", "standing by"):
        assert f'<th scope="col">{word}</th>' in head
    turns = re.findall(r'<tbody class="turns" data-from="(\d+)" data-to="(\d+)"( hidden)?>(.*?)</tbody>', body, re.S)
    spans = [(int(a), int(b)) for a, b, _, _ in turns]
    assert spans[0][0] == 0 and spans[-1][1] == len(frames) - 1
    assert all(b + 1 == c for (_, b), (c, _) in zip(spans, spans[1:], strict=False))  # the rows of every frame
    assert [hidden for _, _, hidden, _ in turns] == [""] + [" hidden"] * (len(turns) - 1)
    last = turns[-1][3]
    for player in played.players:
        row = re.search(rf'P{player.seat}</th>((?:<td[^>]*>[^<]*</td>)+)</tr>', last)
        assert row is not None
        numbers = re.findall(r"<td[^>]*>([^<]*)</td>", row.group(1))
        assert numbers[:3] == [str(player.score), str(len(player.hand)), str(len(player.deck))]
    banners = re.findall(r'<p class="banner" data-from="(\d+)" data-to="(\d+)" hidden>(.*?)</p>', page)
    assert len(banners) == 1 and int(banners[0][1]) == len(frames) - 1
    assert banners[0][2] == html.escape(result_text(played.result()))
    seat = played.winners[0]
    assert result_text(played.result()).startswith(f"P{seat} win")
    assert result_text({"winners": [1, 3], "reason": "first_blood", "rounds": 7}) == (
        "P1, P3 win · first blood · after 7 rounds"
    )
    assert result_text({"winners": [], "reason": "round limit", "rounds": 1}) == (
        "no winner · round limit reached · after 1 round"
    )
    assert result_text({"winners": 1, "reason": 2}) == "no winner"  # a hand-made frame's odd result


@pytest.mark.slow
def test_the_page_is_the_same_for_the_same_frames_and_shares_what_stands_still(game: Any) -> None:
    played, _, frames = game
    page = render_frames_html(played.board, frames, "demo")
    assert render_frames_html(played.board, copy.deepcopy(frames), "demo") == page
    units = sum(len(f["state"]["units"]) for f in frames)
    drawn = page.count('<use class="part" href="#part-')
    defined = len(re.findall(r'<g id="part-\d+">', page))
    assert drawn >= units and defined < drawn / 3  # most units stand as they stood a frame before


def test_bad_players_or_result_in_frames_are_located(game: Any) -> None:
    played, _, frames = game
    from toolkit.board.draw import StateError

    for key, value, pointer in (("players", {"seat": 1}, "/1/players"), ("result", [1], "/1/result")):
        bad = [dict(f) for f in frames[:2]]
        bad[1][key] = value
        with pytest.raises(StateError) as raised:
            check_frames(played.board, bad)
        assert raised.value.pointer == pointer


# --------------------------------------------------------------------------
# the words: --lang en


@pytest.mark.slow
def test_the_replay_names_everything_in_english(cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "replay.html"
    decks = ["--decks", EX / "duo.json", "--decks", EX / "duo-rival.txt"]
    result = cli("simulate", "tactics", *decks, "--seed", "1", "--turns", "100", "--replay", out, "--lang", "en")
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    text = html.unescape(re.sub(r"<script>.*?</script>|<style>.*?</style>|<[^>]+>", " ", page, flags=re.S))
    assert not CJK.search(text), CJK.findall(text)[:10]
    labels = " ".join(re.findall(r'data-label="([^"]*)"', page))
    assert not CJK.search(labels) and "action 1" in labels and "start of turn" in labels
    log = [html.unescape(li) for li in re.findall(r'<li data-frame="\d+">(.*?)</li>', page)]
    assert any(re.match(r"\s*\d+ P\d attack \(unit: \w[\w ]*#\d+, target: \w[\w ]*#\d+", li) for li in log)
    assert any(re.match(r"\s*\d+ P\d move \(unit: .*, path: \d+,\d+", li) for li in log)
    # no record id where the record has a name: not in a field of the log naming a record, a card or a unit,
    # not in a tooltip of a unit or a mark
    ids = {r.id for r in RECORDS if getattr(r, "name", None) is not None}
    fields = "source|record|mode|map|card|unit|target|what|by|weapon|attack|squad"
    for entry in log:
        values = {value.strip() for value in re.findall(rf"\b(?:{fields}): \[?([^,()“”\[\]#]+)", entry)}
        assert not values & ids, entry
    titles = [html.unescape(t) for t in re.findall(r"<title>(.*?)</title>", page)]
    for words in titles[1:]:  # the page's own <title> names the deck files
        assert not set(re.findall(r"\b[a-z][a-z0-9_]+\b", words)) & ids, words
    assert re.search(r'<p class="banner"[^>]*>P\d win', page)


# --------------------------------------------------------------------------
# long games


def synthetic(turns: int, actions: int, parts: int) -> list[dict[str, Any]]:
    frames = []
    seq = 0
    for turn in range(1, turns + 1):
        for action in range(actions):
            for part in range(parts):
                seq += 1
                frames.append(
                    {
                        "label": f"t{turn} a{action} p{part}",
                        "state": {"units": []},
                        "events": [{"seq": seq, "event": "x"}],
                        "step": [turn, action, part],
                        "step_labels": [f"t{turn}", f"t{turn} a{action}"],
                    }
                )
    return frames


@pytest.mark.parametrize(
    ("limit", "count", "label"),
    [
        (1000, 600, "t1 a0 p0"),  # fits: as it is
        (300, 200, "t1 a0"),  # merged by action
        (100, 20, "t1"),  # merged by turn
        (7, 7, "t3"),  # runs of equal length, each labelled by its last turn
    ],
)
def test_frames_are_merged_as_little_as_needed_to_fit(limit: int, count: int, label: str) -> None:
    frames = synthetic(20, 10, 3)
    fitted = fit_frames(frames, limit)
    assert len(fitted) == count <= limit
    assert fitted[0]["label"] == label
    assert [e["seq"] for f in fitted for e in f["events"]] == list(range(1, 601))
    assert fit_frames(frames, limit) == fitted and frames == synthetic(20, 10, 3)  # the frames given are kept


def test_a_long_game_fits_the_page(monkeypatch: pytest.MonkeyPatch) -> None:
    import toolkit.board.replay as replay

    assert MAX_FRAMES >= 500 * 4 + 2  # a frame a turn for the longest game simulate plays (4 players), and 2
    full: list[dict[str, Any]] = []
    played, _ = play(seed=3, frames=full)
    limit = len(full) // 3
    monkeypatch.setattr(replay, "MAX_FRAMES", limit)
    frames: list[dict[str, Any]] = []
    again, _ = play(seed=3, frames=frames)
    assert len(frames) <= limit < len(full)
    assert [e["seq"] for f in frames for e in f["events"]] == [e.seq for e in again.log]
    assert frames[-1]["state"] == full[-1]["state"] and frames[-1]["result"] == full[-1]["result"]
    check_frames(again.board, frames)
    page = render_frames_html(again.board, frames, "long")
    assert page.count("<figure") == len(frames)
