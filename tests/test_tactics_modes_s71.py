"""Two defects a sweep of the tactics modes found (stop 71): a player already out (出局: no agent left, none standing
by) was still offered 失联抚恤 (lost-agent relief) and bought from the shared matrix shop, and the 失联后 abilities
on its lost agent still fired (后备计划's "你抽 2 张牌" drew and reshuffled), in Melee and in four-player team games;
the terminal showed a score (分数) in modes that do not score (only §15.2 双雄's 先发制人 has points).

Each test quotes the seed line it checks.
"""

from __future__ import annotations

import pytest

from toolkit.cli._lang import LogNames
from toolkit.engine.tactics import TacticsGame, Unit
from toolkit.engine.tactics.session import TacticsSession, view
from toolkit.engine.tactics.terminal import hand_line, mode_scores, table_lines

from .tactics_util import board_game, events, put
from .test_tactics_decisions import RECORDS, _setup
from .test_tactics_rules_s70 import OPEN, Asked
from .test_tactics_screen_s60 import DUEL, DUO, MELEE, _session
from .test_tactics_screen_s60 import _plain as _plain_of


def _game(mode: str, squads: tuple[tuple[str, ...], ...]) -> TacticsGame:
    game = board_game(mode, squads=squads, decider=Asked(None, True), rows=OPEN)
    game.active = 2
    return game


def _asked(game: TacticsGame) -> Asked:
    decider = game.decider
    assert isinstance(decider, Asked)
    return decider


def _relief_asked(game: TacticsGame) -> list[int]:
    return [seat for seat, _ in _asked(game).prompts("lost-agent relief")]


def _with_plan(game: TacticsGame, unit: Unit) -> None:
    """后备计划 on ``unit``: "失联后：你抽 2 张牌。" (its owner's)."""
    game.attach(unit, game._card("contingency_plan", unit.seat))


def _seat_events(game: TacticsGame, seat: int, *kinds: str) -> list[str]:
    return [e.kind for e in game.log if e.kind in kinds and e.player == seat]


# -- 1. a player who is out gets no 失联抚恤, draws nothing, and its lost agent's 失联后 does not fire (§14.2, §2.2)


def test_a_player_out_in_melee_gets_no_relief_and_buys_nothing_from_the_shared_shop() -> None:
    """§14.2 "失联抚恤：1 个己方特工失联时，你可以立刻免费使用 1 次物资补充" is for a player still in the game: the last
    agent of 玩家1 lost in a three-player Melee, 玩家1 is out (the game goes on between 2 and 3). It is not asked,
    buys nothing, and its 后备计划 draws nothing: the shop the others share (§2.2) keeps its gold cards (the sweep:
    出局, then 失联抚恤 and a 购买 of 电磁轨道炮, a gold card that never came back)."""
    game = _game("melee", (("gale",), ("jackdaw",), ("egret",)))
    gale = put(game, 1, "gale", (0, 4), "e")
    put(game, 2, "jackdaw", (3, 4), "w")
    put(game, 3, "egret", (8, 4), "w")
    _with_plan(game, gale)
    shop, hand, deck = list(game.shop), list(game.player(1).hand), list(game.player(1).deck)
    assert shop  # (Melee uses the matrix shop: a buy would take from it)
    game.destroy(gale, 2)
    assert game.player(1).out and game.winners is None
    assert _relief_asked(game) == []
    assert not events(game, "lost_agent_relief")
    assert _seat_events(game, 1, "buy", "draw", "reshuffle", "trigger", "budget_overrun") == []
    assert game.shop == shop and game.player(1).hand == hand and game.player(1).deck == deck


def test_a_player_out_in_a_four_player_team_game_gets_no_relief() -> None:
    """Four players in two teams (§15.7 "同色棋子玩家组队"): 玩家1's last agent lost, its teammate 玩家3 plays on (the
    game is not decided). 玩家1 is out: no relief, no draw of its 后备计划."""
    game = _game("duo", (("gale",), ("jackdaw",), ("anvil",), ("egret",)))
    gale = put(game, 1, "gale", (0, 4), "e")
    put(game, 2, "jackdaw", (3, 4), "w")
    put(game, 3, "anvil", (0, 6), "e")
    put(game, 4, "egret", (8, 4), "w")
    _with_plan(game, gale)
    hand = list(game.player(1).hand)
    game.destroy(gale, 2)
    assert game.player(1).out and game.winners is None
    assert _relief_asked(game) == [] and not events(game, "lost_agent_relief")
    assert _seat_events(game, 1, "buy", "draw", "trigger") == [] and game.player(1).hand == hand


def test_a_player_with_an_agent_left_still_gets_relief_and_its_plan_draws() -> None:
    """The same Melee with 玩家1's second agent still on the map: 玩家1 is not out, so §14.2's relief is offered
    and 后备计划's 失联后 draws 2."""
    game = _game("melee", (("gale", "anvil"), ("jackdaw",), ("egret",)))
    gale = put(game, 1, "gale", (0, 4), "e")
    put(game, 1, "anvil", (0, 6), "e")
    put(game, 2, "jackdaw", (3, 4), "w")
    put(game, 3, "egret", (8, 4), "w")
    _with_plan(game, gale)
    game.destroy(gale, 2)
    assert not game.player(1).out and game.winners is None
    assert _relief_asked(game) == [1] and events(game, "lost_agent_relief")
    assert [e.data["source"] for e in events(game, "trigger")] == ["contingency_plan"]
    assert _seat_events(game, 1, "draw", "buy") == ["draw", "draw", "buy"]


# -- 2. a score is shown only in a mode that scores (§15.2 双雄's 先发制人; 对决, 专家, 混战 are won by 尘消 alone)


def _at_action(session: TacticsSession) -> TacticsSession:
    """``session`` taken on (first options) to seat 1's first action: the plain terminal shows the hand and table."""
    for _ in range(200):
        pending = session.pending
        assert pending is not None
        if pending.kind == "action" and pending.seat == 1:
            return session
        session.apply(pending.options[0].label)
    raise AssertionError("no action of seat 1 in 200 decisions")


def _plain(mode: str, lang: str) -> str:
    """The plain terminal's lines up to its first question, at seat 1's first action in a game of ``mode``."""
    save = {"duel": DUEL, "duo": DUO, "melee": MELEE}.get(mode)
    session = _session(save) if save is not None else TacticsSession(RECORDS, _setup(mode, ["human", "heuristic"]))
    return _plain_of(_at_action(session), lang)


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@pytest.mark.parametrize("mode", ["duel", "expert", "melee"])
def test_the_plain_terminal_shows_no_score_in_a_mode_without_points(mode: str, lang: str) -> None:
    """对决, 专家 and 混战 have no 先发制人 (the mode records' victory is 尘消 alone): neither one's own hand line nor the
    other players' lines say 分数 (the sweep: "分数 0" in an Expert game)."""
    said = _plain(mode, lang)
    hands = [line for line in said.splitlines() if line.startswith(("your hand: ", "你的手牌："))]
    others = [line for line in said.splitlines() if line.startswith(("P2: ", "玩家2："))]
    assert hands and others, said
    assert {"en": "score", "zh-Hans": "分数"}[lang] not in "\n".join(hands + others), said


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_the_plain_terminal_shows_the_score_in_duo(lang: str) -> None:
    """双雄 scores 先发制人 (§15.2 "消灭敌方特工的玩家得到 1 分，得到 2 分的玩家获得游戏胜利"): its score stays, one's own and
    the others'."""
    session = _at_action(_session(DUO))
    seen = view(session.game, 1, session.pending)
    said = _plain("duo", lang)
    me, other = seen["players"]
    score = {"en": "score", "zh-Hans": "分数"}[lang]
    assert [line for line in said.splitlines() if line.startswith(("P2: ", "玩家2：")) and score in line], said
    assert f"{score} {me['score']}" in hand_line(seen, lang, LogNames(RECORDS, lang), True)


def test_which_modes_score_is_read_from_the_mode_record() -> None:
    """Only 双雄 of the bundled modes has 先发制人 (first_blood_points 2)."""
    games = {mode: board_game(mode, squads=(("gale",), ("jackdaw",))) for mode in ("duel", "duo", "expert", "melee")}
    assert {mode: mode_scores(game) for mode, game in games.items()} == {
        "duel": False, "duo": True, "expert": False, "melee": False}  # fmt: skip
    seen = view(games["expert"], 1)
    names = LogNames(RECORDS, "en")
    assert "score" not in hand_line(seen, "en", names, mode_scores(games["expert"]))
    assert not [line for line in table_lines(seen, "en", names, False) if "score" in line]
    assert [line for line in table_lines(seen, "en", names, True) if "score 0" in line]
