"""Every form the ability language accepts runs in some engine, or lint says it does not (issue 25, part 1).

The tables of :mod:`toolkit.engine.forms` say which trigger timings and which effect, cost and condition
nodes each game's engine runs. These tests keep them honest three ways:

- a static scan of the engine sources: every form in a game's table is fired (``fire``/``fire_card``/
  ``announce``, ``.timing ==``) or dispatched on (``isinstance``, ``match``, node-keyed tables) there, and
  every grammar form the engine dispatches on is in its table;
- lint: for each game, each timing and node the grammar produces is in the table or a card of that game
  using it gets ``text.form.unsupported``;
- behaviour: each tactics timing of the table fires in a small scenario on a hand-made board.
"""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest

from toolkit.engine import forms as F
from toolkit.engine.tactics import TacticsGame, Unit
from toolkit.engine.tactics.state import Action
from toolkit.text import ast as A
from toolkit.text import parse_cached
from validators.text_lint import TextVerdicts, ability_text_findings

from .tactics_util import Dice, board_game, events, put

# One text per node class the parser builds (the shortest found in the text tests and the guide, a few
# written here): the lint tests put each on a card of each game.
SAMPLES = {
    'Access': '如果本次潜袭针对研发中心，你额外读取 1 张牌。',
    'AdvanceInstalled': '在 1 张已安装的牌上放置 2 个推进标记。',
    'All': '如果你未被击中且红队获胜，你获胜。',
    'AttackMod': '响应：本次攻击命中骰结果 -1。',
    'AttackWith': '本单位使用「名称」攻击 1 次。',
    'AvoidTags': '避免 1 个锁定标记。',
    'BasicAttack': '本单位进行 1 次袭击。',
    'BreakSubroutine': '破解 1 个屏障子进程。',
    'Buy': '你购买 2 张牌。',
    'CanBeAdvanced': '本牌可以被推进。',
    'Cannot': '直到回合结束,距离0-3内的目标敌方单位无法使用响应。',
    'ClickCost': '［click］：你获得 １［credit］。',
    'CounterCost': '移除本牌上 2 个病毒指示物：你抽 1 张牌。',
    'CountersAtLeast': '如果本牌上至少有 1 个推进标记，本牌可以被推进。',
    'CountsAs': '你视为特工。',
    'CreditCost': '[click][click]，2[credit]：你抽 3 张牌。',
    'CreditsAtMost': '如果你的信用点不多于 3，你抽 1 张牌。',
    'Damage': '对目标造成12点伤害。',
    'Deploy': '你部署 1 名待命特工。',
    'Destroy': '消灭目标敌方单位。',
    'DestroyTerrain': '消灭距离 0-1 内的 1 个墙体。',
    'Discard': '你弃 2 张牌。',
    'DiscardCost': '主动 弃 1 张牌：你购买 1 张牌。',
    'Draw': '你抽两张牌。',
    'EncounteringSubtype': '如果正在遭遇的防火墙是哨兵，强度 +1。',
    'EndRun': '如果本次潜袭针对总部，终止潜袭。',
    'Expose': '特殊：暴露本单位。',
    'ForEachCounter': '本牌上每有 1 个病毒指示物，你抽 1 张牌。',
    'GainBadPublicity': '你获得 1 个负面声誉。',
    'GainClicks': '你获得 [click]。',
    'GainCredits': '你获得 1[credit]，追踪[2]。',
    'GainShield': '本单位获得 3 点护盾值。',
    'GainTags': '[subroutine] 追踪[3]。如果追踪成功，潜袭者获得 1 个锁定标记。',
    'GainTempHp': '响应：本单位获得两点临时生命值。',
    'GainToken': '你获得 1 张「衍生牌名」。',
    'GainVision': '本单位获得背向视野。',
    'Guns': '你有两把枪：你可以同时指向两名不同的玩家，各射一发。',
    'HandAtMost': '如果你的手牌不多于 2 张，你抽 1 张牌。',
    'Heal': '本单位回复 4 点生命值。',
    'HpAtMost': '如果目标敌方单位的生命值不多于 2 点，对目标敌方单位造成 1 点伤害。',
    'If': '如果红队获胜，你获胜。',
    'Install': '你安装 1 个硬件。',
    'InstallHosted': '你将 1 个程序安装在本牌上。',
    'IsDestroyed': '如果本次攻击的目标被消灭，你抽 1 张牌。',
    'IsKind': '如果佩戴者是特工，佩戴者移速 +1。',
    'IsState': '如果本单位处于暴露状态，对距离 0-2 内的目标敌方特工造成 2 点伤害。',
    'JackOut': '你退出潜袭。',
    'Lose': '如果你击中旁观者，你落败。',
    'LoseClicks': '潜袭者失去 [click]。',
    'LoseCredits': '公司失去 2[credit]。',
    'Modify': '如果佩戴者是特工，佩戴者移速 +1。',
    'Mortgage': '你抵押 2 张手牌。',
    'MortgageCost': '主动 横置,-1:你抽一张牌。',
    'MortgageNotEmpty': '如果你的抵押区有牌，你抽 1 张牌。',
    'Move': '受到伤害时：本单位移动 0-1。',
    'Mulligan': '你调度十次。',
    'NoHand': '如果你没有手牌，你抽 1 张牌。',
    'NoneShot': '如果没有旁观者被击中，你获胜。',
    'PlaceAdvancement': '在本牌上放置 3 个推进标记。',
    'PlaceCounters': '在本牌上放置两个病毒指示物。',
    'PlaceCredits': '在本牌上放置 3[credit]。',
    'PlayerLimit': '你的手牌上限 +1。',
    'PreventDamage': '防止 2 点伤害。',
    'PreventTrash': '防止 1 张你已安装的牌被销毁。',
    'Protect': '你不射击；你保护你指向的玩家：抵消 1 发射向该玩家的子弹。',
    'Psi': '进行心灵博弈。',
    'PsiResult': '当潜袭成功时：如果双方出价不同且本牌上至少有 3 个病毒指示物，你可以退出潜袭。',
    'PublicRole': '你的角色公开。',
    'Purge': '清除病毒指示物。',
    'RecurringCredits': '本牌有 3 点循环信用点，只能用于激活。',
    'Remove': '移除本牌。',
    'RemoveCounters': '从本牌上移除 2 个推进标记。',
    'RemoveTags': '你移除 1 个锁定标记。',
    'Reset': '重置本单位。',
    'RestoreTerrain': '恢复距离 0-2 内的 1 个断墙。',
    'ResultAtLeast': '你投掷 1 枚六面骰。如果结果不小于 4，你抽 1 张牌，本牌自毁。',
    'Reveal': '你翻牌直到翻出 1 张技能牌。',
    'RezFree': '你可以激活 1 张牌，无视其全部激活费用。',
    'Roll': '你投掷一枚六面骰。',
    'Run': '你对1台远程服务器发起潜袭。',
    'RunInProgress': '如果潜袭者正在潜袭，你获得 1[credit]。',
    'RunOn': '如果本次潜袭针对总部，终止潜袭。',
    'RunSuccessful': '如果潜袭成功，本牌上每有 1 个议案指示物，你可以抽 1 张牌。',
    'RunnerTagged': '本牌上每有 3 个能量指示物，如果潜袭者被锁定，造成 1 点网域伤害。',
    'Search': '你搜寻 1 张「名称」。',
    'SearchType': '你从存储栈搜寻 1 张程序，展示后加入你的手牌。',
    'SelfDestruct': '本牌自毁。',
    'ShooterLoses': '如果你被击中，击中你的玩家落败。',
    'ShopEmpty': '如果矩阵商店没有牌，你可以抽 2 张牌。',
    'SniperMarks': '你将与刺客数量相等的射击卡放到你认定是刺客的玩家面前，可以只放一部分；同一名玩家面前至多 1 张。',
    'SoleWin': '如果你未被击中，你单独获胜，其他所有玩家落败。',
    'Strength': '如果正在遭遇的防火墙是哨兵，强度 +1。',
    'Switch': '切换。',
    'TakeControl': '你获得距离 0-4 内的目标敌方随从的操控权。',
    'TakeCredits': '从本牌上拿取 1[credit]。',
    'Tap': '你可以横置本单位，本单位进行 1 次反击。',
    'TapCost': '主动 横置,-1:你抽一张牌。',
    'TeamWon': '如果红队获胜，你获胜。',
    'Trace': '追踪［３］。',
    'TraceResult': '追踪[0]。如果追踪失败，你抽 1 张牌。',
    'Trash': '销毁 1 个程序。',
    'TrashCost': '[trash]：你抽 2 张牌。',
    'TypedDamage': '[subroutine] 造成 2 点肢体伤害。',
    'Until': '直到你的下个回合开始，本单位攻击命中骰结果 +1。',
    'Win': '如果红队获胜，你获胜。',
    'YouHit': '如果你击中旁观者，你落败。',
    'YouMay': '你可以退出潜袭。',
    'YouNotShot': '如果你未被击中，你获胜。',
    'YouShot': '如果你被击中，你获胜。',
}


# ---------------------------------------------------------------- the tables against the engine sources


def test_every_grammar_form_has_a_sample() -> None:
    assert set(SAMPLES) == {c.__name__ for c in F.grammar_nodes()}
    for name, text in SAMPLES.items():
        assert any(type(n).__name__ == name for n in A.walk(parse_cached(text))), (name, text)


def test_the_grammar_nodes_are_the_effects_costs_and_conditions() -> None:
    """The scan of the parser finds the forms (not the structure nor the aliases)."""
    nodes = F.grammar_nodes()
    assert {A.Draw, A.TapCost, A.IsState, A.Guns, A.Until, A.If} <= nodes
    assert not nodes & {A.Ability, A.Sentence, A.Fixed, A.Target, A.Chosen, A.Cells, A.Scripted, A.Node}


@pytest.mark.parametrize("game", F.GAMES)
def test_a_table_names_only_what_its_engine_runs(game: str) -> None:
    """Honesty: a timing in a game's table is fired by its engine; a node in it is dispatched on there."""
    timings, nodes = F.scan_engine(game)
    assert sorted(F.ENGINE_TIMINGS[game] - timings) == []
    assert sorted(c.__name__ for c in F.ENGINE_NODES[game] if c.__name__ not in nodes) == []


@pytest.mark.parametrize("game", F.GAMES)
def test_what_an_engine_runs_is_in_its_table(game: str) -> None:
    """Completeness: a language timing the engine fires, or a grammar node it dispatches on, is declared."""
    timings, nodes = F.scan_engine(game)
    assert sorted((timings & F.grammar_timings()) - F.ENGINE_TIMINGS[game]) == []
    grammar = {c.__name__ for c in F.grammar_nodes()}
    assert sorted((nodes & grammar) - {c.__name__ for c in F.ENGINE_NODES[game]}) == []


def test_the_scan_reads_fire_calls_timing_compares_isinstance_and_match(tmp_path: Any) -> None:
    source = tmp_path / "engine.py"
    source.write_text(
        "KINDS = (A.Draw, A.Buy)\n"
        "def f(self, e, ability):\n"
        "    self.fire('turn_start', 1)\n"
        "    self.fire_card('on_exposed' if e else 'on_damaged', None, None)\n"
        "    if ability.timing == 'on_play' or ability.timing in ('after_move',):\n"
        "        pass\n"
        "    if isinstance(e, A.Heal | A.Damage) or isinstance(e, KINDS):\n"
        "        pass\n"
        "    match e:\n"
        "        case A.Win():\n"
        "            pass\n"
        "    return {A.Lose: 'x'}\n",
        encoding="utf-8",
    )
    timings, nodes = F.scan_sources([source])
    assert timings == {"turn_start", "on_exposed", "on_damaged", "on_play", "after_move"}
    assert nodes == {"Draw", "Buy", "Heal", "Damage", "Win", "Lose"}


def test_every_form_runs_in_some_game() -> None:
    assert [t for t in sorted(F.grammar_timings()) if not F.games_running_timing(t)] == []
    assert sorted(c.__name__ for c in F.grammar_nodes() if not F.games_running_node(c)) == []


# ---------------------------------------------------------------- lint warns about the rest


def _lint(game: str, text: str) -> list[Any]:
    """Lint's findings on one card of ``game`` holding ``text``, as its file's check reaches them."""
    entry = SimpleNamespace(source=SimpleNamespace(path="probe.json"), label=f"{game} card 'probe'")
    found = ability_text_findings(entry, TextVerdicts(), game, [(("text", 0), text)])  # type: ignore[arg-type]
    return [(f.code, f.message, f.severity) for f in found if f.code == "text.form.unsupported"]


@pytest.mark.parametrize("game", F.GAMES)
def test_every_timing_runs_or_lint_warns(game: str) -> None:
    for timing in sorted(F.grammar_timings()):
        zh = F.TIMINGS[timing][0]
        found = _lint(game, f"{zh}：你抽 1 张牌。")
        timing_found = [f for f in found if zh in f[1]]
        if timing in F.ENGINE_TIMINGS[game]:
            assert timing_found == [], (game, timing)
        else:
            assert timing_found, (game, timing)
            assert all(f[2] == "warning" for f in timing_found)


@pytest.mark.parametrize("game", F.GAMES)
def test_every_node_runs_or_lint_warns(game: str) -> None:
    for cls in sorted(F.grammar_nodes(), key=lambda c: c.__name__):
        name = cls.__name__
        named = [f for f in _lint(game, SAMPLES[name]) if f"{name})" in f[1]]
        if cls in F.ENGINE_NODES[game]:
            assert named == [], (game, name)
        else:
            assert named and named[0][2] == "warning", (game, name, SAMPLES[name])


def test_the_warning_names_the_form_in_chinese_and_english() -> None:
    (finding,) = _lint("tactics", "当潜袭成功时：你抽 1 张牌。")
    assert "当潜袭成功时" in finding[1] and "When a run is successful" in finding[1]
    assert "netrunner" in finding[1]
    (finding,) = _lint("tactics", "你获胜。")
    assert "你获胜" in finding[1] and "Win" in finding[1] and "crossfire" in finding[1]
    assert _lint("tactics", "暴露时：对距离 0-2 内的目标敌方单位造成 1 点伤害。") == []


# ---------------------------------------------------------------- the tactics timings fire


def _give(unit: Unit, game: TacticsGame, *texts: str) -> None:
    """``unit`` has only ``texts`` (a copy of its record)."""
    unit.record = unit.record.model_copy(update={"text": list(texts)})
    game._parsed.clear()


def _fired(game: TacticsGame) -> list[str]:
    return [e.data["timing"] for e in events(game, "trigger")]


def _scenario_game() -> TacticsGame:
    game = board_game()
    for seat in (1, 2):
        game.player(seat).deck = [game._card("med_kit", seat) for _ in range(5)]
        game.player(seat).hand = []
    return game


def test_on_exposed_fires_when_a_unit_is_seen() -> None:
    """T23, passive: a hidden unit an enemy sees at distance 0-1 turns face up; its 暴露时 runs."""
    game = _scenario_game()
    gale = put(game, 1, "gale", (2, 3), "e", hidden=True)
    _give(gale, game, "暴露时：你抽 1 张牌。")
    put(game, 2, "jackdaw", (3, 3), "w")
    game.check_exposure()
    assert not gale.hidden
    assert _fired(game) == ["on_exposed"]
    assert len(game.player(1).hand) == 1


def test_on_exposed_fires_on_voluntary_exposure() -> None:
    """T26: voluntary 暴露 (a special ability) turns the unit face up and fires its 暴露时."""
    game = _scenario_game()
    gale = put(game, 1, "gale", (2, 3), "e", hidden=True)
    _give(gale, game, "暴露时：你抽 1 张牌。")
    game.active = 1
    game.take(Action("expose", 1, gale))
    assert not gale.hidden
    assert _fired(game) == ["on_exposed"]
    assert len(game.player(1).hand) == 1


def test_on_exposed_does_not_fire_for_a_unit_already_face_up() -> None:
    game = _scenario_game()
    gale = put(game, 1, "gale", (2, 3), "e")
    _give(gale, game, "暴露时：你抽 1 张牌。")
    game.expose(gale, "test")
    assert _fired(game) == []


def test_on_damaged_fires() -> None:
    game = _scenario_game()
    gale = put(game, 1, "gale", (2, 3), "e")
    _give(gale, game, "受到伤害时：你抽 1 张牌。")
    game.damage(gale, 1, by=2)
    assert _fired(game) == ["on_damaged"]


def test_destroy_fires_on_destroyed_then_after_destroyed_and_after_lost() -> None:
    game = _scenario_game()
    gale = put(game, 1, "gale", (2, 3), "e")
    put(game, 1, "anvil", (0, 0), "e")
    put(game, 2, "jackdaw", (8, 5), "w")
    _give(gale, game, "消灭时：你抽 1 张牌。", "消灭后：你抽 1 张牌。", "失联后：你抽 1 张牌。")
    game.destroy(gale, by=2)
    assert _fired(game) == ["on_destroyed", "after_destroyed", "after_lost"]


def test_after_move_fires() -> None:
    game = _scenario_game()
    gale = put(game, 1, "gale", (2, 3), "e")
    _give(gale, game, "移动后：你抽 1 张牌。")
    assert game.move(gale, 1, 1, reason="test")
    assert _fired(game) == ["after_move"]


def test_turn_timings_fire_for_the_active_players_units() -> None:
    game = _scenario_game()
    gale = put(game, 1, "gale", (2, 3), "e")
    jackdaw = put(game, 2, "jackdaw", (8, 5), "w")
    _give(gale, game, "回合开始时：你抽 1 张牌。", "回合结束时：你抽 1 张牌。")
    _give(jackdaw, game, "回合开始时：你抽 1 张牌。")
    game.start_turn(1)
    game.end_turn(1)
    assert [(e.data["timing"], e.player) for e in events(game, "trigger")] == [("turn_start", 1), ("turn_end", 1)]


def test_on_enter_fires_when_a_standby_agent_is_deployed() -> None:
    game = _scenario_game()
    put(game, 1, "gale", (2, 3), "e")
    put(game, 2, "jackdaw", (8, 5), "w")
    anvil = next(u for u in game.player(1).standby if u.id == "anvil")
    _give(anvil, game, "登场时：你抽 1 张牌。")
    game.reinforce(1)
    assert _fired(game) == ["on_enter"]


def test_on_play_fires_when_the_card_is_played() -> None:
    game = _scenario_game()
    gale = put(game, 1, "gale", (2, 3), "e")
    put(game, 2, "jackdaw", (8, 5), "w")
    record = game.by_id[("card", "med_kit")]
    game.by_id[("card", "probe")] = record.model_copy(update={"id": "probe", "text": ["打出时：你抽 1 张牌。"]})
    card = game._card("probe", 1)
    game.player(1).hand = [card]
    game.active = 1
    game.play_card(1, card, gale, "front")
    assert "on_play" in _fired(game)


def test_attack_timings_fire_for_attacker_and_target() -> None:
    game = _scenario_game()
    gale = put(game, 1, "gale", (2, 3), "e")
    target = put(game, 2, "jackdaw", (3, 3), "w")
    target.tapped = True  # no counterattack
    _give(gale, game, "攻击前：你抽 1 张牌。", "攻击时：你抽 1 张牌。", "攻击后：你抽 1 张牌。")
    _give(target, game, "被攻击后：你抽 1 张牌。")
    game.rng = Dice(*[6] * 12)  # type: ignore[assignment]
    profile = next(p for p in game.profiles(gale, built_in_only=True) if p.profile.style == "melee")
    game.attack(gale, target, profile)
    mine = [e.data["timing"] for e in events(game, "trigger") if e.data["source"] in ("gale", "jackdaw")]
    assert mine == ["before_attack", "on_attack", "after_attack", "after_attacked"]


SCENARIOS = {
    "on_exposed": test_on_exposed_fires_when_a_unit_is_seen,
    "on_damaged": test_on_damaged_fires,
    "on_destroyed": test_destroy_fires_on_destroyed_then_after_destroyed_and_after_lost,
    "after_destroyed": test_destroy_fires_on_destroyed_then_after_destroyed_and_after_lost,
    "after_lost": test_destroy_fires_on_destroyed_then_after_destroyed_and_after_lost,
    "after_move": test_after_move_fires,
    "turn_start": test_turn_timings_fire_for_the_active_players_units,
    "turn_end": test_turn_timings_fire_for_the_active_players_units,
    "on_enter": test_on_enter_fires_when_a_standby_agent_is_deployed,
    "on_play": test_on_play_fires_when_the_card_is_played,
    "before_attack": test_attack_timings_fire_for_attacker_and_target,
    "on_attack": test_attack_timings_fire_for_attacker_and_target,
    "after_attack": test_attack_timings_fire_for_attacker_and_target,
    "after_attacked": test_attack_timings_fire_for_attacker_and_target,
}


def test_every_tactics_timing_has_a_scenario() -> None:
    """A timing added to the tactics table needs a scenario above showing it fire."""
    assert set(SCENARIOS) == set(F.TACTICS_TIMINGS)




# ---------------------------------------------------------------- `text run` waits for the timing


def test_text_run_exposes_the_unit_before_a_on_exposed_ability_resolves() -> None:
    """The designer's report: `text run '暴露时：…'` drew at once; now the unit is hidden, exposed, then it draws."""
    from .tactics_util import RECORDS

    game = TacticsGame(RECORDS, "duo", players=2, seed=0)
    start = len(game.log)
    hand = len(game.player(1).hand)
    done = game.run_text("暴露时：你抽 1 张牌。", seat=1)
    assert done is not None and done["simulated"] and done["how"] == "expose"
    kinds = [e.kind for e in list(game.log)[start:]]
    assert kinds.index("exposed") < kinds.index("trigger") < kinds.index("draw")
    assert len(game.player(1).hand) == hand + 1


@pytest.mark.parametrize(
    ("text", "how", "event"),
    [
        ("受到伤害时：你抽 1 张牌。", "damage", "damage"),
        ("消灭时：你抽 1 张牌。", "destroy", "destroyed"),
        ("回合结束时：你抽 1 张牌。", "fire", None),
    ],
)
def test_text_run_makes_other_timings_happen(text: str, how: str, event: str | None) -> None:
    from .tactics_util import RECORDS

    game = TacticsGame(RECORDS, "duo", players=2, seed=0)
    start = len(game.log)
    done = game.run_text(text, seat=1)
    assert done is not None and done["how"] == how
    kinds = [e.kind for e in list(game.log)[start:]]
    assert "trigger" in kinds and "draw" in kinds
    if event is not None:
        assert kinds.index(event) < kinds.index("trigger")


def test_text_run_does_not_run_a_timing_the_engine_never_runs(cli: Any) -> None:
    result = cli("text", "run", "当潜袭成功时：你抽 1 张牌。", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "never runs" in result.output and "netrunner" in result.output
    assert not [line for line in result.output.splitlines() if line.split()[2:3] == ["draw"]]


def test_text_run_says_what_it_did(cli: Any) -> None:
    result = cli("text", "run", "暴露时：你抽 1 张牌。", "--lang", "en")
    assert result.exit_code == 0, result.output
    first = result.output.splitlines()[0]
    assert "waits for its timing" in first and "hidden, then exposed" in first
    data = json.loads(cli("text", "run", "暴露时：你抽 1 张牌。", "--format", "json").output)
    assert data["triggered"]["timing"] == "on_exposed" and data["triggered"]["how"] == "expose"


# ---------------------------------------------------------------- `text coverage` says why


def _report(*abilities: Any) -> Any:
    from toolkit.coverage import CoverageReport

    return CoverageReport(list(abilities))


def test_coverage_reasons_for_abilities_never_reached() -> None:
    from toolkit.coverage import AbilityRef, GameOutcome, GameSpec
    from toolkit.models.deck import Deck

    exposed = AbilityRef("card", "flare", 0, "front", "暴露时：你抽 1 张牌。")
    netrun = AbilityRef("card", "flare", 1, "front", "当潜袭成功时：你抽 1 张牌。")
    unused = AbilityRef("card", "unplayed", 0, "front", "你抽 1 张牌。")
    report = _report(exposed, netrun, unused)
    deck = Deck.model_validate({"game": "tactics", "mode": "duo", "name": "d", "agents": ["gale"], "cards": {"flare": 1, "unplayed": 1}})
    spec = GameSpec("duo", 2, 0, "heuristic", (deck, deck), True)
    report.add(GameOutcome(spec, {"reason": "x"}, {}, played={"flare": 1}))
    assert report.reason(exposed)["code"] == "timing_never"
    # the timing in the output language (stop 73: it was the Chinese in English output)
    assert "When exposed" in report.reason_text(exposed) and "hidden" in report.reason_text(exposed)
    assert report.reason(netrun)["code"] == "unsupported"
    assert "当潜袭成功时" in report.reason_text(netrun)
    assert report.reason(unused) == {"code": "never_played", "games": 1, "in_decks": 1}
    text = report.format_text(every=False)
    assert text.count("why:") == 3


def test_coverage_reasons_for_abilities_that_never_changed_the_game() -> None:
    from toolkit.coverage import AbilityRef, GameOutcome, GameSpec

    cond = AbilityRef("agent", "gale", 0, "front", "攻击后：如果本次攻击的目标被消灭，重置本单位。")
    report = _report(cond)
    spec = GameSpec("duo", 2, 0, "heuristic", (), True)
    report.add(
        GameOutcome(
            spec, {"reason": "x"}, {("gale", 0): [True, False]}, idle={("gale", 0): {"condition_false": 3, "no_target": 1}}
        )
    )
    assert report.reason(cond) == {"code": "idle", "causes": {"condition_false": 3, "no_target": 1}}
    words = report.reason_text(cond)
    assert "condition was not true (3 times)" in words and "no target was legal (1 time)" in words
    assert report.to_json()["abilities"][0]["reason"]["code"] == "idle"


def test_the_engine_records_why_an_ability_changed_nothing() -> None:
    game = _scenario_game()
    gale = put(game, 1, "gale", (2, 3), "e")
    _give(gale, game, "受到伤害时：如果本单位处于隐蔽状态，你抽 1 张牌。")
    game.damage(gale, 1, by=2)
    assert game.idle == {("gale", 0): {"condition_false": 1}}
    assert game.occasions[("on_damaged", "gale")] == 1


@pytest.mark.slow
def test_coverage_of_a_designers_set_is_played_among_the_pool_and_restricted_to_it(cli: Any, tmp_path: Any) -> None:
    from .conftest import CARDS

    record = json.loads((CARDS / "tactics" / "cards" / "ambush_flare.json").read_text(encoding="utf-8"))
    record.pop("$schema", None)
    record.update(id="my_flare", name={"en": "My Flare", "zh-Hans": "我的信号弹"}, text=["暴露时：你抽 1 张牌。"])
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "my_flare.json").write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    result = cli("text", "coverage", "--cards", str(tmp_path), "--games", "5", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [a["id"] for a in data["abilities"]] == ["my_flare"]
    assert data["unknown"] == []
    assert data["totals"]["games"] == 5


# ---------------------------------------------------------------- the bundled cards


def test_the_bundled_cards_use_only_forms_their_engines_run(cli: Any) -> None:
    from .conftest import CARDS

    result = cli("lint", str(CARDS), "--lang", "en")
    assert "text.form.unsupported" not in result.output


def test_text_run_netrunner_says_a_triggered_ability_resolves_as_if_its_timing_had_occurred(cli: Any) -> None:
    result = cli("text", "run", "当你安装本牌时：你获得 2[credit]。", "--game", "netrunner", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["triggered"] == {"timing": "installed", "simulated": True, "how": "now"}
    result = cli("text", "run", "暴露时：你抽 1 张牌。", "--game", "netrunner", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "never runs" in result.output and "tactics" in result.output
