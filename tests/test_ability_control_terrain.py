"""Taking control of a unit (§5.4, T11) and destroying or restoring terrain (§4.2, T20) in the ability language:
the sentences, their errors, the board's restore, execution on a board, the bundled cards, the heuristic
player's value, the log's words and the netrunner engine's refusal."""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest

from toolkit.board import Board
from toolkit.catalog import load_catalog
from toolkit.cli._lang import LogNames
from toolkit.engine import logwords
from toolkit.engine.core import EngineError, FirstDecider
from toolkit.engine.netrunner import NetrunnerGame
from toolkit.engine.tactics import TacticsGame, Unit
from toolkit.engine.tactics.players import HeuristicDecider
from toolkit.engine.tactics.state import Context
from toolkit.text import AbilitySyntaxError, parse, render
from toolkit.text import ast as A
from toolkit.text import parser as P
from toolkit.text.normalize import normalize

from .conftest import CARDS
from .tactics_util import RECORDS, board_game, events, hand, obstacle, put

T = TypeVar("T")
SELF = A.Fixed("self_unit")


# ---------------------------------------------------------------- the sentences


FORMS = [
    ("你获得目标敌方随从的操控权。", "You gain control of target enemy minion."),
    (
        "直到回合结束，你获得距离 0-3 内的目标敌方随从的操控权。",
        "Until the end of the turn, you gain control of target enemy minion within range 0-3.",
    ),
    (
        "直到你的下个回合开始，你获得目标敌方特工的操控权。",
        "Until the start of your next turn, you gain control of target enemy agent.",
    ),
    ("你可以获得你选择的 1 个敌方特工的操控权。", "You may gain control of 1 enemy agent of your choice."),
    ("被攻击后：你获得攻击者的操控权。", "After being attacked: You gain control of the attacker."),
    ("回合开始时：你获得贴附单位的操控权。", "At the start of the turn: You gain control of the attached unit."),
    ("消灭距离 0-1 内的 1 个墙体。本单位移动 0-2。", "Destroy 1 wall within range 0-1. This unit moves 0-2."),
    ("消灭距离 0-2 内的 2 个地板。", "Destroy 2 floor cells within range 0-2."),
    ("攻击后：消灭距离 0-0 内的 1 个地形。", "After attacking: Destroy 1 cell within range 0-0."),
    ("恢复距离 0-2 内的 1 个断墙。", "Restore 1 broken wall within range 0-2."),
    ("主动 横置：恢复距离 0-1 内的 2 个坑洞。", "Action — Tap: Restore 2 pits within range 0-1."),
    (
        "如果本单位处于隐蔽状态，恢复距离 1-3 内的 3 个地形。",
        "If this unit is hidden, restore 3 cells within range 1-3.",
    ),
]


@pytest.mark.parametrize(("text", "english"), FORMS)
def test_the_sentences_round_trip_and_read_in_english(text: str, english: str) -> None:
    ability = parse(text)
    assert render(ability) == text
    assert parse(render(ability)) == ability
    assert render(ability, "en") == english
    assert A.from_json(json.loads(json.dumps(A.to_json(ability)))) == ability


@pytest.mark.parametrize(
    ("text", "effect"),
    [
        ("你获得目标敌方随从的操控权。", A.TakeControl(A.Target("enemy_minion"))),
        ("你获得距离 0-4 内的目标单位的操控权。", A.TakeControl(A.Target("unit", (0, 4)))),
        ("你获得本次攻击的目标的操控权。", A.TakeControl(A.Fixed("attack_target"))),
        ("消灭距离 0-1 内的 1 个墙体。", A.DestroyTerrain(A.Cells(1, "wall", (0, 1)))),
        ("消灭距离 0-2 内的 2 个断墙。", A.DestroyTerrain(A.Cells(2, "broken_wall", (0, 2)))),
        ("恢复距离 0-2 内的 1 个坑洞。", A.RestoreTerrain(A.Cells(1, "pit", (0, 2)))),
        ("恢复距离 0-2 内的 1 个地形。", A.RestoreTerrain(A.Cells(1, "terrain", (0, 2)))),
    ],
)
def test_the_sentences_parse_to_their_nodes(text: str, effect: A.Node) -> None:
    assert parse(text) == A.Ability("effect", (A.Sentence((effect,)),))


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("你获得目标敌方随从的操控权.", "你获得目标敌方随从的操控权。"),
        ("消灭距离0~1内的一个墙体。", "消灭距离 0-1 内的 1 个墙体。"),
        ("恢复 距离 0-2 内的 两 个 断墙 。", "恢复距离 0-2 内的 2 个断墙。"),
    ],
)
def test_loose_writing_normalizes_to_the_canonical_form(written: str, canonical: str) -> None:
    assert render(parse(written)) == canonical


def test_spans_cover_the_clause_and_the_cells() -> None:
    text = "你抽 1 张牌，消灭距离 0-1 内的 1 个墙体。"
    destroy = parse(text).sentences[0].effects[1]
    assert isinstance(destroy, A.DestroyTerrain) and destroy.span is not None and destroy.cells.span is not None
    assert text[slice(*destroy.span)] == "消灭距离 0-1 内的 1 个墙体"
    assert text[slice(*destroy.cells.span)] == "距离 0-1 内的 1 个墙体"
    control = parse("你获得目标敌方随从的操控权。").sentences[0].effects[0]
    assert control.span == (0, len("你获得目标敌方随从的操控权"))


@pytest.mark.parametrize("text", [text for text, _ in FORMS])
def test_the_fast_parser_reads_them_as_lark_does(text: str) -> None:
    assert P._parse_fast(normalize(text)[0]) is not None, "valid text takes the fast path"
    fast, slow = P._parse(text, fast=True), P._parse(text, fast=False)
    assert fast == slow and [n.span for n in A.walk(fast)] == [n.span for n in A.walk(slow)]


@pytest.mark.parametrize(
    ("text", "message", "at"),
    [
        ("你获得目标障碍的操控权。", "an obstacle is neutral and never changes control (§5.2); take", "障碍"),
        ("你获得距离 0-2 内的目标障碍的操控权。", "take control of 敌方单位, 敌方特工 or 敌方随从", "障碍"),
        ("你获得本牌的操控权。", "本牌 is a card, not a unit: only units change control (§5.4)", "本牌"),
        ("你获得你选择的 1 个敌方装备的操控权。", "敌方装备 is a card, not a unit", "敌方装备"),
        ("你获得本单位的操控权。", "本单位 is already under your control", "本单位"),
        ("你获得目标己方随从的操控权。", "己方随从 is already under your control", "己方随从"),
        ("恢复距离 0-1 内的 1 个墙体。", "a 墙体 cannot be restored: only a broken wall or a pit is (T20)", "墙体"),
        ("恢复距离 0-1 内的 1 个地板。", "write 断墙, 坑洞 or 地形", "地板"),
        ("消灭距离 0-0 内的 1 个墙体。", "a wall is at distance 1 or more", "0-0"),
        ("消灭距离 0-1 内的 0 个墙体。", "the number of cells must be at least 1", "0 个"),
        ("消灭距离 2-1 内的 1 个地板。", "runs backwards", "2-1"),
    ],
)
def test_sentences_that_cannot_apply_are_errors_at_their_word(text: str, message: str, at: str) -> None:
    with pytest.raises(AbilitySyntaxError) as info:
        parse(text)
    assert message in info.value.reason
    assert info.value.column == text.index(at) + 1


@pytest.mark.parametrize(
    "text",
    ["消灭距离 0-1 内的 1 个楼梯。", "恢复目标障碍。", "你获得目标敌方随从的控制权。", "消灭 1 个墙体。"],
)
def test_forms_outside_the_language_are_syntax_errors(text: str) -> None:
    with pytest.raises(AbilitySyntaxError):
        parse(text)


def test_lint_reports_a_sentence_that_cannot_apply_with_file_line_and_column(game_copy, cli, monkeypatch) -> None:
    root = game_copy("tactics")
    path = root / "cards" / "outbid.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["text"] = ["你获得距离 0-4 内的目标障碍的操控权。"]
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    monkeypatch.chdir(root.parent)
    result = cli("lint", "tactics/cards/outbid.json")
    assert result.exit_code == 1, result.output
    line = next(ln for ln in result.output.splitlines() if "card.text.parse" in ln)
    where, _, message = line.partition(": error ")
    file, number, column = where.rsplit(":", 2)
    assert Path(file).name == "outbid.json"
    lines = path.read_text(encoding="utf-8").splitlines()
    text = '"你获得距离 0-4 内的目标障碍的操控权。"'
    assert lines[int(number) - 1][int(column) - 1 - 15 :].startswith(text)  # (at the 15th character of the text)
    assert "column 15 of the text" in message and "neutral and never changes control" in message


# ---------------------------------------------------------------- the board: restore (T20)


LEGEND = (".,#%o=*1",)


@pytest.mark.parametrize(
    ("x", "printed", "destroyed"),
    [(0, "floor", "pit"), (1, "outdoor", "pit"), (2, "wall", "broken_wall"), (5, "stairs", "pit")],
)
def test_restore_brings_a_destroyed_cell_back_to_its_printed_terrain(x: int, printed: str, destroyed: str) -> None:
    board = Board(LEGEND, map_id="legend")
    cell = (x, 0)
    broken = board.destroy(cell)
    assert broken.terrain(cell) == destroyed
    restored = broken.restore(cell)
    assert restored == board and restored.terrain(cell) == printed and restored.destroyed == frozenset()
    assert broken.terrain(cell) == destroyed  # boards are immutable
    assert board.restore(cell) is board  # an intact cell has nothing to restore


@pytest.mark.parametrize(("x", "printed", "restored"), [(3, "broken_wall", "wall"), (4, "pit", "floor")])
def test_restore_turns_a_printed_broken_wall_or_pit_into_a_wall_or_floor(x: int, printed: str, restored: str) -> None:
    board = Board(LEGEND, map_id="legend")
    cell = (x, 0)
    assert board.terrain(cell) == printed
    after = board.restore(cell)
    assert after.terrain(cell) == restored and after.destroyed == frozenset({cell})
    assert after == board.destroy(cell)
    assert after.restore(cell) is after  # a wall or a floor: nothing to restore


def test_restore_shares_the_tables_of_its_wall_state() -> None:
    board = Board(("...", "###", "..."))
    assert board.distance((0, 0), (0, 2)) is None
    breach = board.destroy((1, 1))
    assert breach.distance((0, 0), (0, 2)) == 4 and breach.line_of_sight((1, 0), (1, 2))
    sealed = breach.restore((1, 1))
    assert sealed._walls is board._walls  # the same wall state finds the same tables (distances, sight)
    assert sealed.distance((0, 0), (0, 2)) is None and not sealed.line_of_sight((1, 0), (1, 2))
    again = pickle.loads(pickle.dumps(sealed))
    assert again == board and again.restore((1, 1)) is again
    with pytest.raises(ValueError, match="outside"):
        board.restore((5, 5))


# ---------------------------------------------------------------- execution on a board


class Recorder(FirstDecider):
    """The first option (or the next scripted pick offered), remembering every prompt and its options."""

    def __init__(self, picks: Sequence[Any] = ()) -> None:
        self.asked: list[tuple[str, list[Any]]] = []
        self.picks = list(picks)

    def choose(self, player: int, prompt: str, options: Sequence[T]) -> T:
        self.asked.append((prompt, list(options)))
        if self.picks and self.picks[0] in options:
            return options[options.index(self.picks.pop(0))]
        return super().choose(player, prompt, options)

    def options(self, prefix: str) -> list[Any]:
        return next(options for prompt, options in self.asked if prompt.startswith(prefix))


def run(game: TacticsGame, text: str, unit: Unit | None, seat: int = 1, card: Any = None) -> None:
    game.active = seat
    game.execute(parse(text), Context(seat, card, unit))


def drone(game: TacticsGame, seat: int, cell: tuple[int, int], facing: str = "w") -> Unit:
    """A 蜂鸟侦察无人机 of ``seat`` on the map, its card on the player board."""
    record = game.by_id[("unit", "hummingbird_drone")]
    card = game._card("launch_hummingbird", seat)
    unit = Unit(game._next_uid(), record.id, record.name.zh_hans, seat, "minion", record.hp, record.hp, record)
    unit.card = card
    game.player(seat).board.append(card)
    game.place(unit, cell, facing)
    game.player(seat).units.append(unit)
    return unit


def test_taking_control_moves_the_unit_card_and_attachments_and_keeps_the_owner() -> None:
    game = board_game()
    gale = put(game, 1, "gale", (2, 5), "e")
    put(game, 2, "jackdaw", (8, 6), "w")
    bird = drone(game, 2, (5, 5))
    knife = game._card("tactical_knife", 2)
    game.equip(bird, knife)
    run(game, "你获得距离 0-4 内的目标敌方随从的操控权。", gale)
    assert bird.seat == 1 and bird.owner == 2
    assert bird in game.player(1).units and bird not in game.player(2).units
    assert bird.card in game.player(1).board and bird.card not in game.player(2).board
    assert bird.equipment == [knife]
    assert [e.data for e in events(game, "control")] == [{"unit": str(bird), "owner": 2}]
    game.destroy(bird, by=2)  # T11: it leaves for its owner's zones
    assert bird in game.player(2).lost and bird.card in game.player(2).lost and knife in game.player(2).discard


def test_only_units_of_hostile_players_are_offered() -> None:
    """§5.2: an obstacle is neutral; §5.3 (T22): a teammate's unit is never yours to control; yours already is."""
    recorder = Recorder()
    game = board_game(squads=(("gale",), ("jackdaw",), ("anvil",), ("egret",)), decider=recorder)
    gale = put(game, 1, "gale", (2, 5), "e")
    anvil = put(game, 3, "anvil", (3, 5), "e")  # a teammate of seat 1
    jackdaw = put(game, 2, "jackdaw", (6, 5), "w")
    egret = put(game, 4, "egret", (6, 6), "w")
    crate = obstacle(game, "server_rack", (4, 5))
    run(game, "你获得目标单位的操控权。", gale)
    assert recorder.options("target:") == [jackdaw, egret]
    assert jackdaw.seat == 1 and anvil.seat == 3 and crate.seat == 0 and egret.seat == 4


def test_a_fixed_reference_that_cannot_change_control_is_refused_in_the_log() -> None:
    game = board_game()
    gale = put(game, 1, "gale", (2, 5), "e")
    jackdaw = put(game, 2, "jackdaw", (6, 5), "w")
    mine, theirs = game._card("tactical_knife", 1), game._card("tactical_knife", 1)
    game.equip(gale, mine)
    game.equip(jackdaw, theirs)
    run(game, "你获得佩戴者的操控权。", gale, card=mine)
    assert gale.seat == 1 and [e.data["reason"] for e in events(game, "control_refused")] == [
        "it is already under your control"
    ]
    run(game, "你获得佩戴者的操控权。", gale, card=theirs)
    assert jackdaw.seat == 1
    rack = obstacle(game, "server_rack", (4, 5))
    assert game.control_refusal(rack, 1) == "an obstacle is neutral and never changes control (§5.2)"
    assert not game.gain_control(rack, 1, A.TakeControl(A.Target("unit")), Context(1, None, gale))
    assert rack.seat == 0


def test_control_until_the_end_of_the_turn_goes_back_to_the_owner() -> None:
    game = board_game()
    gale = put(game, 1, "gale", (2, 5), "e")
    put(game, 2, "jackdaw", (8, 6), "w")
    bird = drone(game, 2, (5, 5))
    run(game, "直到回合结束，你获得距离 0-4 内的目标敌方随从的操控权。", gale)
    assert bird.seat == 1 and bird in game.player(1).units
    assert events(game, "effect")[-1].data["until"] == "turn_end"
    game.end_turn(1)
    assert bird.seat == 2 and bird in game.player(2).units and bird.card in game.player(2).board
    assert bird.timed == [] and [e.data["owner"] for e in events(game, "control")] == [2, 2]


def test_control_until_your_next_turn_lasts_through_the_opponents_turn() -> None:
    game = board_game()
    gale = put(game, 1, "gale", (2, 5), "e")
    put(game, 2, "jackdaw", (8, 6), "w")
    bird = drone(game, 2, (5, 5))
    run(game, "直到你的下个回合开始，你获得目标敌方随从的操控权。", gale)
    game.end_turn(1)
    game.start_turn(2)
    game.end_turn(2)
    assert bird.seat == 1
    game.start_turn(1)
    assert bird.seat == 2


def test_a_unit_that_changed_hands_meanwhile_is_not_given_back() -> None:
    game = board_game(squads=(("gale",), ("jackdaw",), ("anvil",)), mode="melee")
    gale = put(game, 1, "gale", (2, 5), "e")
    put(game, 2, "jackdaw", (8, 6), "w")
    anvil = put(game, 3, "anvil", (8, 4), "w")
    bird = drone(game, 2, (5, 5))
    run(game, "直到回合结束，你获得目标敌方随从的操控权。", gale)
    run(game, "你获得目标敌方随从的操控权。", anvil, seat=3)
    assert bird.seat == 3
    game.end_turn(1)
    assert bird.seat == 3


def test_taking_control_checks_exposure_and_victory() -> None:
    """A hidden unit next to a unit that became hostile is exposed (§8.4); a squad with no agent of its own
    left on the map is out (尘消, T12)."""
    game = board_game(mode="duel", squads=(("gale",), ("jackdaw",)))
    gale = put(game, 1, "gale", (2, 5), "e")
    jackdaw = put(game, 2, "jackdaw", (6, 5), "w")
    run(game, "你获得目标敌方特工的操控权。", gale)
    assert jackdaw.seat == 1 and game.winners == [1] and game.end_reason == "last_squad_standing"

    game = board_game()
    gale = put(game, 1, "gale", (2, 5), "e")
    jackdaw = put(game, 2, "jackdaw", (6, 5), "w")
    egret = put(game, 2, "egret", (5, 5), "e", hidden=True)
    run(game, "你获得距离 0-4 内的目标敌方特工的操控权。", gale)
    assert jackdaw.seat == 1 and not egret.hidden and game.winners is None


def test_destroying_a_wall_next_to_the_unit() -> None:
    """A wall is one step past its nearest open neighbour: at (4,3) the wall (5,3) is at distance 1, (5,2)
    and (5,4) at 2; the pick is the player's, through the decider, with a prompt that starts with cell:."""
    recorder = Recorder()
    game = board_game(decider=recorder)
    gale = put(game, 1, "gale", (4, 3), "e")
    run(game, "消灭距离 0-1 内的 1 个墙体。", gale)
    assert recorder.options("cell:") == [(5, 3)]
    assert game.board.terrain((5, 3)) == "broken_wall"
    assert [e.data for e in events(game, "terrain_destroyed")] == [
        {"cell": [5, 3], "before": "wall", "after": "broken_wall"}
    ]
    assert game.cell_options(gale, A.Cells(3, "wall", (0, 2))) == [(5, 2), (5, 4)]
    recorder.asked.clear()
    run(game, "消灭距离 0-2 内的 2 个墙体。", gale)
    assert [p for p, _ in recorder.asked] == [
        "cell: 距离 0-2 内的 2 个墙体 (1/2)",
        "cell: 距离 0-2 内的 2 个墙体 (2/2)",
    ]
    assert not any(game.board.is_wall(c) for c in [(5, 2), (5, 3), (5, 4)])


def test_destroying_floor_makes_pits_and_needs_a_unit() -> None:
    game = board_game(decider=Recorder(picks=[(4, 3)]))
    gale = put(game, 1, "gale", (4, 3), "e")
    run(game, "消灭距离 0-0 内的 1 个地板。", gale)
    assert game.board.is_pit((4, 3)) and gale.pos == (4, 3)
    run(game, "消灭距离 0-1 内的 1 个墙体。", None)
    assert [e.data["ref"] for e in events(game, "no_target")] == ["距离 0-1 内的 1 个墙体"]
    assert game.board.is_wall((5, 3))


def test_destroying_a_pit_restores_the_floor() -> None:
    """T20: "destroying a broken wall or a pit restores the wall or the floor" (seed §4.2)."""
    game = board_game()
    gale = put(game, 1, "gale", (7, 3), "e")
    assert game.board.is_pit((8, 3))
    run(game, "消灭距离 0-1 内的 1 个坑洞。", gale)
    assert game.board.terrain((8, 3)) == "floor"


def test_restoring_a_broken_wall_pushes_the_units_in_it_out() -> None:
    recorder = Recorder()
    game = board_game(decider=recorder)
    gale = put(game, 1, "gale", (4, 3), "e")
    game.destroy_terrain((5, 3))
    game.destroy_terrain((3, 3))  # a pit: not a broken wall
    jackdaw = put(game, 2, "jackdaw", (5, 3), "w")
    assert game.cell_options(gale, A.Cells(1, "terrain", (0, 9)), restore=True) == [(3, 3), (5, 3), (8, 3)]
    assert game.cell_options(gale, A.Cells(1, "wall", (0, 9)), restore=True) == []
    run(game, "恢复距离 0-1 内的 1 个断墙。", gale)
    assert recorder.options("cell:") == [(5, 3)]
    assert game.board.is_wall((5, 3)) and jackdaw.pos is not None and not game.board.is_wall(jackdaw.pos)
    assert jackdaw.pos != gale.pos  # not into an enemy's cell (T18)
    kinds = [e.kind for e in game.log if e.kind in ("terrain_restored", "pushed")]
    assert kinds == ["terrain_restored", "pushed"]
    assert events(game, "terrain_restored")[0].data == {"cell": [5, 3], "before": "broken_wall", "after": "wall"}
    assert game.restore_terrain((5, 3)) is False  # an intact wall: nothing to restore, nothing logged
    run(game, "恢复距离 0-1 内的 1 个坑洞。", gale)
    assert game.board.terrain((3, 3)) == "floor"


# ---------------------------------------------------------------- the bundled cards


def test_outbid_hires_an_enemy_minion_for_good() -> None:
    game = board_game(squads=(("masque", "gale"), ("jackdaw", "egret")))
    masque = put(game, 1, "masque", (2, 5), "e")
    put(game, 2, "jackdaw", (8, 6), "w")
    bird = drone(game, 2, (5, 5))
    outbid, *_ = hand(game, 1, "outbid", "med_kit", "supply_crate")
    game.active = 1
    game.play_card(1, outbid, masque)
    assert bird.seat == 1 and bird.card in game.player(1).board and outbid in game.player(1).discard
    game.end_turn(1)
    assert bird.seat == 1


def test_signal_hijack_takes_a_minion_for_the_turn() -> None:
    game = board_game()
    anvil = put(game, 1, "anvil", (3, 5), "e")
    put(game, 2, "jackdaw", (8, 6), "w")
    bird = drone(game, 2, (5, 5))
    hijack, *_ = hand(game, 1, "signal_hijack", "med_kit")
    game.active = 1
    game.play_card(1, hijack, anvil)
    assert bird.seat == 1
    game.end_turn(1)
    assert bird.seat == 2 and bird.card in game.player(2).board


def test_thermite_breach_opens_the_wall_and_quickset_foam_seals_it() -> None:
    game = board_game(squads=(("cinder", "anvil"), ("jackdaw", "egret")), decider=Recorder(picks=[(6, 3)]))
    cinder = put(game, 1, "cinder", (4, 3), "e")
    anvil = put(game, 1, "anvil", (4, 2), "e")
    breach, _, foam = hand(game, 1, "thermite_breach", "med_kit", "quickset_foam")
    game.active = 1
    game.play_card(1, breach, cinder)
    assert game.board.terrain((5, 3)) == "broken_wall" and cinder.pos == (6, 3)  # through the breach
    game.play_card(1, foam, anvil)
    assert game.board.is_wall((5, 3)) and anvil.tapped


# ---------------------------------------------------------------- the heuristic player, the log, netrunner


def test_the_heuristic_player_values_what_can_happen_now() -> None:
    game = board_game()
    gale = put(game, 1, "gale", (4, 3), "w")
    put(game, 2, "jackdaw", (8, 6), "w")
    player = HeuristicDecider(random.Random(1)).bind(game)

    def value(text: str) -> float:
        return player.effects_value(game, 1, gale, parse(text).sentences)

    assert value("你获得目标敌方随从的操控权。") < 0  # no enemy minion
    drone(game, 2, (2, 3))
    assert value("你获得距离 0-4 内的目标敌方随从的操控权。") > 3
    assert value("你获得距离 0-1 内的目标敌方随从的操控权。") < 0  # out of reach
    assert value("消灭距离 0-1 内的 1 个墙体。") > 0.5 > value("消灭距离 0-1 内的 1 个断墙。")
    assert value("恢复距离 0-1 内的 1 个断墙。") < 0
    game.destroy_terrain((5, 3))
    assert value("恢复距离 0-1 内的 1 个断墙。") > 0.5


def test_the_log_has_words_for_the_new_events_and_terrains() -> None:
    names = LogNames(RECORDS, "en")
    entry = {"seq": 7, "event": "terrain_restored", "cell": [5, 3], "before": "broken_wall", "after": "wall"}
    assert names.line(entry).split(None, 1)[1] == "terrain restored (cell: 5,3, before: broken wall, after: wall)"
    refused = {"seq": 8, "event": "control_refused", "player": 1, "unit": "寒鸦#3", "reason": "x"}
    assert "control refused" in names.line(refused)
    assert names.say("ref", "距离 0-1 内的 1 个墙体") == "“1 wall within range 0-1”"
    for event in ("control_refused", "terrain_restored"):
        assert logwords.word("event", event, "zh-Hans") not in (None, logwords.EVENTS[event][1])
    assert logwords.word("terrain", "broken_wall", "zh-Hans") == "断墙"


@pytest.mark.parametrize(
    "text", ["你获得目标敌方随从的操控权。", "消灭距离 0-1 内的 1 个墙体。", "恢复距离 0-2 内的 1 个坑洞。"]
)
def test_netrunner_refuses_the_tactics_sentences(text: str) -> None:
    game = NetrunnerGame(load_catalog([CARDS / "netrunner"]).records, seed=1)
    game.begin_turn("corp")
    with pytest.raises(EngineError, match="is not a netrunner effect"):
        game.run_text(text, "corp")
