"""Three rules of the tactics engine a read-only sweep found broken (stop 72): the last agents on the map destroying
each other left a game nobody could ever act in again (Expert) or won by whoever's destroyed agent left last (Duel); a
player out kept its statuses and minions in play for good; temporary HP vanished unlogged and the board state left out
temporary HP and shield.

Each test quotes the seed line or the ruling it checks.
"""

from __future__ import annotations

from toolkit.engine.tactics import TacticsGame, Unit
from toolkit.engine.tactics.decisions import mask_data, masks
from toolkit.engine.tactics.state import Context

from .tactics_util import Dice, board_game, events, hand, put


def _exchange(mode: str, squads: tuple[tuple[str, ...], ...]) -> TacticsGame:
    """Gale (P1, 1 HP) attacks Jackdaw (P2, 1 HP): both hit with a 6, Jackdaw's dying counterattack destroys Gale."""
    game = board_game(mode=mode, squads=squads)
    game.rng = Dice(*([6] * 20))
    game.active = 1
    gale = put(game, 1, "gale", (3, 5), facing="n")
    jackdaw = put(game, 2, "jackdaw", (3, 4), facing="s")
    gale.hp = jackdaw.hp = 1
    game.basic_attack(gale, Context(1, None, gale))
    game.check_victory()
    return game


# -- 1. no agent left on the map (§15.3 尘消 "当地图中不存在任何一名非己方特工时，你获得游戏胜利", T12)


def test_expert_last_agents_destroying_each_other_end_the_game_in_a_draw() -> None:
    # both players keep an agent standing by, but no unit on the map to use 增援 (主动 横置：你部署 1 名待命特工)
    game = _exchange("expert", (("gale", "anvil"), ("jackdaw", "egret")))
    assert not game.units()
    assert [bool(p.standby) for p in game.players] == [True, True]
    assert game.winners == [] and game.end_reason == "no_agents_left"
    assert game.result() == {"winners": [], "reason": "no_agents_left", "rounds": game.round}
    assert [e.data["reason"] for e in events(game, "game_over")] == ["no_agents_left"]


def test_duel_same_exchange_is_the_same_draw() -> None:
    # Jackdaw, destroyed first, no longer keeps P2 in while its counterattack resolves: both are out at once
    game = _exchange("duel", (("gale",), ("jackdaw",)))
    assert game.winners == [] and game.end_reason == "no_agents_left"
    assert [p.out for p in game.players] == [True, True]
    assert len(events(game, "game_over")) == 1


def test_play_goes_on_while_a_player_with_agents_standing_by_can_reinforce() -> None:
    game = board_game(mode="expert", squads=(("gale", "anvil"), ("jackdaw", "egret")))
    game.rng = Dice(*([6] * 20))
    game.active = 1
    gale = put(game, 1, "gale", (3, 5), facing="n")
    jackdaw = put(game, 2, "jackdaw", (3, 4), facing="s")
    hand(game, 2, "security_contract")
    guard = game.deploy_minion(2, "contract_guard", by=jackdaw, card=game.player(2).hand.pop())
    assert guard is not None
    gale.hp = jackdaw.hp = 1
    game.basic_attack(gale, Context(1, None, gale))
    # no agent on the map, but P2's minion can use 增援 on its turn: the game goes on
    assert game.winners is None and not [u for u in game.units() if u.kind == "agent"]
    game.active = 2
    assert any(a.source is not None and getattr(a.source.record, "id", "") == "reinforce"
               for a in game.legal_actions(2))  # fmt: skip
    game.destroy(guard, by=1)  # nobody can bring an agent in now: the game ends at once
    assert game.winners == [] and game.end_reason == "no_agents_left"


def test_the_one_player_not_out_wins_when_no_agent_is_left() -> None:
    # P2 has nothing standing by: Jackdaw destroyed, it is out as Gale leaves; P1, an agent standing by, wins
    game = _exchange("expert", (("gale", "anvil"), ("jackdaw",)))
    assert game.winners == [1] and game.end_reason == "last_squad_standing"
    gale_lost = next(e.seq for e in events(game, "lost") if e.data["unit"].startswith("烈风"))
    jackdaw_lost = next(e.seq for e in events(game, "lost") if e.data["unit"].startswith("寒鸦"))
    assert gale_lost < events(game, "game_over")[0].seq < jackdaw_lost  # decided as Gale left


# -- 2. a player out: what it controls leaves play (the seed is silent; docs/rulings.md)


def _four_players() -> tuple[TacticsGame, Unit, Unit]:
    game = board_game(squads=(("gale", "anvil"), ("jackdaw", "egret"), ("lynx", "cinder"), ("mistblade", "cipher")))
    game.active = 2
    gale = put(game, 1, "gale", (3, 5), facing="n")
    put(game, 1, "anvil", (0, 6))
    jackdaw = put(game, 2, "jackdaw", (3, 4), facing="s")
    egret = put(game, 2, "egret", (6, 6), facing="s")
    put(game, 3, "lynx", (0, 0))
    put(game, 3, "cinder", (1, 0))
    put(game, 4, "mistblade", (9, 0))
    put(game, 4, "cipher", (9, 1))
    hand(game, 2, "zip_cuffs", "dazzled", "comms_jammed", "med_kit", "med_kit")
    player = game.player(2)
    game.play_card(2, player.hand[0], jackdaw)  # 扎带: 直到你的下个回合开始…无法移动
    game.play_card(2, player.hand[0], egret)  # 目眩 on Gale
    game.play_card(2, player.hand[0], egret)  # 通讯中断 on Gale
    guard = game.deploy_minion(2, "contract_guard", by=jackdaw, card=game._card("security_contract", 2))
    assert guard is not None
    game.place(guard, (8, 5), "n")  # out of every enemy's sight, face down (外包安保员 deploys hidden)
    guard.hidden = True
    game.active = 1
    game.damage(jackdaw, 99, by=1)
    game.damage(egret, 99, by=3)
    return game, gale, guard


def test_a_player_out_leaves_no_status_timed_effect_nor_minion_in_play() -> None:
    game, gale, guard = _four_players()
    assert game.player(2).out and game.winners is None
    assert not [c for u in game.units() for c in u.statuses if c.owner == 2]
    assert not [t for u in game.units() for t in u.timed if t.seat == 2]
    assert guard not in game.units() and not game.player(2).units and not game.player(2).board
    assert not game.cannot_quiet(gale, "move") and game.stat_bonus(gale, "range") == 0
    discard = [c.id for c in game.player(2).discard]
    assert {"dazzled", "comms_jammed", "security_contract"} <= set(discard)
    left = {e.data.get("card") or e.data.get("unit") for e in events(game, "left_play")}
    assert left >= {str(guard), *[str(c) for c in game.player(2).discard if c.id in ("dazzled", "comms_jammed")]}
    assert not [e for e in game.log if e.kind == "lost" and e.data["unit"] == str(guard)]  # not destroyed: no 失联


def test_a_teammate_of_the_player_out_keeps_its_units() -> None:
    game, gale, _ = _four_players()
    team = [p.seat for p in game.players if p.team == game.player(2).team and p.seat != 2]
    assert team and all(game.player(s).units for s in team)
    assert not game.player(team[0]).out


def test_a_hidden_minion_leaving_play_is_named_face_up() -> None:
    game, _, guard = _four_players()
    entry = next(e for e in events(game, "left_play") if e.data.get("unit") == str(guard))
    shown = mask_data(dict(entry.data), game, 1, masks(game, 1), seq=entry.seq)
    assert shown["unit"] == str(guard)  # it went face up to the discard, as a unit to the lost zone (§14.1)
    # before it left, the others saw it as hidden#N
    assert any(e.kind == "exposed" and e.data.get("unit") == str(guard) for e in game.log if e.seq < entry.seq)


# -- 3. temporary HP (§8.3 "临时生命值会在你的下个回合开始时消失")


def test_temporary_hp_vanishing_is_logged_and_the_board_state_shows_it() -> None:
    game = board_game()
    game.active = 1
    gale = put(game, 1, "gale", (3, 5))
    put(game, 2, "jackdaw", (8, 6))
    game.gain_temp_hp(gale, 3)
    game.gain_shield(gale, 2)
    unit = next(u for u in game.board_state()["units"] if u["uid"] == gale.uid)
    assert unit["temp_hp"] == 3 and unit["shield"] == 2
    game.start_turn(1)
    assert gale.temp_hp == 0
    assert [(e.player, e.data["unit"], e.data["amount"]) for e in events(game, "temp_hp_expired")] == [
        (1, str(gale), 3)
    ]
    game.start_turn(1)  # none left: nothing logged
    assert len(events(game, "temp_hp_expired")) == 1
