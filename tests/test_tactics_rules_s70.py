"""Four rules of the tactics engine a read-only sweep found broken (stop 70): a hidden agent was
exposed by its built-in attack 格斗 (Brawl); a unit destroyed outside an attack opened no special-ability window at
消灭后 / 失联后; a control change left two hostile units on one cell; the loser was offered 失联抚恤 (lost-agent
relief) after the game was decided.

Each test quotes the seed line or the ruling it checks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from toolkit.engine.tactics import TacticsGame, Unit

from .tactics_util import Dice, board_game, events, hand, obstacle, put
from .test_tactics_rules_s68 import Asked as AskedBefore

OPEN = [".........."] * 8  # no wall, no obstacle, no deployment zone in the way

USED = "uses its own ability (§8.4)"


class Asked(AskedBefore):
    """:class:`tests.test_tactics_rules_s68.Asked`, declining a response and a special ability too."""

    declined = ("counterattack of", "respond to", "special ability")

    def prompts(self, start: str) -> list[tuple[int, str]]:
        return [(seat, prompt) for seat, prompt, _ in self.asked if prompt.startswith(start)]


def _game(mode: str, squads: Sequence[Sequence[str]], pick: Callable[[int, str, list[Any]], Any] | None = None,
          decks: Sequence[Sequence[str]] | None = None, yes: bool = True) -> TacticsGame:  # fmt: skip
    game = board_game(mode, squads=squads, decider=Asked(pick, yes), rows=OPEN, decks=decks)
    game.active = 1
    return game


def _asked(game: TacticsGame) -> Asked:
    decider = game.decider
    assert isinstance(decider, Asked)
    return decider


def _profile(game: TacticsGame, unit: Unit, name: str) -> Any:
    return next(p for p in game.profiles(unit) if p.name == name)


def _exposed(game: TacticsGame, unit: Unit) -> list[Any]:
    return [e for e in events(game, "exposed") if e.data["unit"] == str(unit)]


# -- 1. a built-in attack does not expose a hidden agent (§7.3.1, §8.4)


def _brawl(seat: int, prompt: str, options: list[Any]) -> Any:
    if prompt.startswith(("attack of", "counterattack of")) and "with which attack" in prompt:
        return next(o for o in options if str(o) == "格斗")
    return NotImplemented


def test_a_hidden_agents_brawl_does_not_expose_it() -> None:
    """§7.3.1 "隐蔽状态特工使用通用指令牌、自带攻击、通用装备攻击时均不会暴露", §8.4 lists 自带攻击 among what does not
    expose: a face-down 列兵 striking the server rack beside it with 格斗 stays face down, its move of 格斗's own
    "攻击时：本单位移动 0-1。" made (the sweep's game: it was exposed "uses its own ability")."""
    game = _game("expert", (("private", "egret"), ("jackdaw", "anvil")), _brawl)
    game.rng = Dice(6, 6, 6)  # type: ignore[assignment]
    private = put(game, 1, "private", (2, 5), "n", hidden=True)
    rack = obstacle(game, "server_rack", (2, 4))
    put(game, 2, "jackdaw", (9, 0), "s")
    game.attack(private, rack, _profile(game, private, "格斗"))
    assert [e.data["source"] for e in events(game, "trigger")] == ["brawl"]
    assert events(game, "damage")
    assert private.hidden and not _exposed(game, private)


def test_a_hidden_agents_brawl_that_loses_its_target_does_not_expose_it() -> None:
    """The sweep's other game: 列兵 face down swings 格斗 at 寒鸦 two cells away (lost: out of 0-1), as its
    制式手枪 shot at it leaves it face down."""
    for weapon in ("格斗", "制式手枪"):
        game = _game("expert", (("private", "egret"), ("jackdaw", "anvil")))
        game.rng = Dice(3, 3, 3)  # type: ignore[assignment]
        private = put(game, 1, "private", (3, 5), "n", hidden=True)
        jackdaw = put(game, 2, "jackdaw", (3, 3), "s")
        game.attack(private, jackdaw, _profile(game, private, weapon))
        assert private.hidden and not _exposed(game, private), weapon


def test_silent_takedown_played_face_down_does_not_expose() -> None:
    """无声制服 (a generic skill: "本单位使用「格斗」攻击 1 次。…") played by a face-down agent: a generic command card
    and a built-in attack, neither exposes it (§7.3.1)."""

    def rack_first(seat: int, prompt: str, options: list[Any]) -> Any:
        if prompt.startswith("target of"):
            return next(o for o in options if o.kind == "obstacle")
        return NotImplemented

    game = _game("duo", (("gale", "anvil"), ("jackdaw", "egret")), rack_first)
    game.rng = Dice(6, 6, 6)  # type: ignore[assignment]
    gale = put(game, 1, "gale", (0, 4), "e", hidden=True)
    rack = obstacle(game, "server_rack", (1, 4))
    put(game, 2, "jackdaw", (9, 0), "s")
    [card] = hand(game, 1, "silent_takedown")
    game.play_card(1, card, gale)
    [attack] = events(game, "attack")
    assert attack.data["attack"] == "格斗" and attack.data["target"] == str(rack)
    assert gale.hidden and not _exposed(game, gale)


def test_self_defense_with_brawl_does_not_expose_the_hidden_counterattacker() -> None:
    """正当防卫 ("被攻击后：你可以横置本单位，本单位进行 1 次反击。", a basic ability) answered with 格斗: the face-down
    counterattacker stays face down (the shot that missed it took no HP)."""

    def pick(seat: int, prompt: str, options: list[Any]) -> Any:
        if prompt.startswith("counterattack of") and "with which attack" not in prompt:
            return "self_defense"
        if prompt.startswith("counterattack of"):
            return next(o for o in options if str(o) == "格斗")
        return NotImplemented

    game = _game("duo", (("gale", "anvil"), ("egret", "jackdaw")), pick)
    game.rng = Dice(3, 6, 6)  # type: ignore[assignment]  (the shot misses: a 3 deals nothing)
    gale = put(game, 1, "gale", (2, 4), "e")
    egret = put(game, 2, "egret", (4, 4), "s", hidden=True)  # (白鹭 has no attack text of its own)
    game.attack(gale, egret, _profile(game, gale, "制式手枪"))
    counters = [e for e in events(game, "attack") if e.data["counter"]]
    assert [e.data["attack"] for e in counters] == ["格斗"]
    assert [e.data["source"] for e in events(game, "trigger")][-1] == "brawl"
    assert egret.tapped and egret.hidden and not _exposed(game, egret)


def test_an_agents_own_attack_text_still_exposes_it() -> None:
    """§8.4 "使用其能力…时": 山猫's own "攻击前：如果本单位处于隐蔽状态，本次攻击命中骰结果 +1。" still turns it face up
    when it attacks with 格斗, whose own text does not."""
    game = _game("duo", (("lynx", "gale"), ("jackdaw", "egret")))
    game.rng = Dice(6, 6, 6)  # type: ignore[assignment]
    lynx = put(game, 1, "lynx", (2, 5), "n", hidden=True)
    rack = obstacle(game, "server_rack", (2, 4))
    put(game, 2, "jackdaw", (9, 0), "s")
    game.attack(lynx, rack, _profile(game, lynx, "格斗"))
    [exposed] = _exposed(game, lynx)
    assert str(exposed.data["reason"]) == USED and not lynx.hidden
    [lynx_trigger] = [e for e in events(game, "trigger") if e.data["source"] == "lynx"]
    assert exposed.seq < lynx_trigger.seq


# -- 2. 消灭后 / 失联后 is a timing point for special abilities wherever a unit is destroyed (T26, §14.7, §14.8)

FRAG_DECKS = [["frag_grenade", "med_kit", "supply_crate"], ["smoke_grenade", "med_kit", "supply_crate"]]


def _egret(seat: int, prompt: str, options: list[Any]) -> Any:
    if prompt.startswith(("target:", "target of")):
        return next(o for o in options if "白鹭" in str(o))
    if prompt.startswith("attack of"):
        return next(o for o in options if str(o) == "制式手枪")
    return NotImplemented


def _specials_after_destroyed(game: TacticsGame) -> list[tuple[int, str]]:
    return _asked(game).prompts("special ability (after_destroyed")


def test_a_unit_destroyed_by_a_card_opens_the_special_ability_window() -> None:
    """T26: a special ability may be used "at any timing point of any player's turn"; §14.7/§14.8 define 消灭后 for
    any destruction. 破片手雷 destroys 白鹭: 雾刃's owner (雾刃: "特殊 -1：本单位移动 0-1。") is asked at 消灭后 too,
    as when an attack destroys it (the sweep: only at the response window)."""
    seen: list[tuple[bool, int]] = []  # (白鹭 gone, log length) as the window is asked

    def pick(seat: int, prompt: str, options: list[Any]) -> Any:
        if prompt.startswith("special ability (after_destroyed"):
            seen.append((egret.gone, len(game.log)))
        return _egret(seat, prompt, options)

    game = _game("duo", (("gale", "anvil"), ("mistblade", "egret")), pick, decks=FRAG_DECKS)
    gale = put(game, 1, "gale", (3, 5), "e")
    put(game, 2, "mistblade", (3, 3), "s")
    egret = put(game, 2, "egret", (6, 5), "s")
    egret.hp = 2
    [grenade, _] = hand(game, 1, "frag_grenade", "med_kit")
    hand(game, 2, "smoke_grenade", "med_kit", "supply_crate")
    game.play_card(1, grenade, gale)
    assert egret.gone
    assert _specials_after_destroyed(game) == [(2, f"special ability (after_destroyed: {egret} was destroyed)?")]
    [lost] = events(game, "lost")
    assert seen == [(True, seen[0][1])] and seen[0][1] > lost.seq  # (once it is in the lost zone)


def test_an_attacks_kill_opens_one_window_at_after_destroyed() -> None:
    """An attack that destroys its target opens its 消灭后 / 失联后 window once, once the units it destroyed left play,
    named by the attack."""
    game = _game("duo", (("gale", "anvil"), ("mistblade", "egret")), _egret, decks=FRAG_DECKS)
    game.rng = Dice(6, 6, 6, 6)  # type: ignore[assignment]
    gale = put(game, 1, "gale", (3, 5), "e")
    put(game, 2, "mistblade", (3, 3), "s")
    egret = put(game, 2, "egret", (6, 5), "s")
    egret.hp = 2
    hand(game, 2, "smoke_grenade", "med_kit", "supply_crate")
    game.attack(gale, egret, _profile(game, gale, "制式手枪"))
    assert egret.gone
    assert _specials_after_destroyed(game) == [
        (2, f"special ability (after_destroyed: {gale}'s attack with 制式手枪 on {egret})?")
    ]


# -- 3. no two hostile units share a cell after a control change (§3.3, §5.2, T18; a reading of stop 70)


def _drone_on_queen_bee(pick: Callable[[int, str, list[Any]], Any] | None = None) -> tuple[TacticsGame, Unit, Unit]:
    def deploy(seat: int, prompt: str, options: list[Any]) -> Any:
        if prompt.startswith("deploy") and (3, 5) in options:
            return (3, 5)
        return pick(seat, prompt, options) if pick is not None else NotImplemented

    game = _game("duo", (("queen_bee", "anvil"), ("gale", "egret")), deploy)
    bee = put(game, 1, "queen_bee", (3, 5), "e")
    put(game, 2, "gale", (5, 5), "w")
    drone = game.deploy_minion(1, "hummingbird_drone", bee, game._card("launch_hummingbird", 1))
    assert drone is not None and drone.pos == bee.pos == (3, 5)
    return game, bee, drone


def _shared(game: TacticsGame) -> list[tuple[Unit, Unit]]:
    units = game.units()
    return [(a, b) for a in units for b in units if a.uid < b.uid and a.pos == b.pos and game.hostile(a.seat, b.seat)]


def test_a_hijacked_unit_on_an_enemy_units_cell_is_pushed_to_the_nearest_free_cell() -> None:
    """§3.3 "不可与敌方单位坐标重叠", T18: no move ends on a hostile unit's cell. 信号劫持 takes 蜂后's drone, which shares
    蜂后's cell: the drone, now hostile to 蜂后, goes to the nearest cell without a hostile unit, chosen by its new
    controller, as T20 moves units out of a new wall (the sweep: both stayed on (3, 5))."""
    game, bee, drone = _drone_on_queen_bee()
    game.active = 2
    gale = game.player(2).units[0]
    [card, _] = hand(game, 2, "signal_hijack", "med_kit")
    game.play_card(2, card, gale)
    assert drone.seat == 2 and bee.pos == (3, 5)
    assert drone.pos is not None and game.distance(drone, bee) == 1
    assert not _shared(game)
    [pushed] = events(game, "pushed")
    assert pushed.data["unit"] == str(drone) and tuple(pushed.data["to"]) == drone.pos
    [(seat, _)] = _asked(game).prompts("where ")
    assert seat == 2  # (its new controller chooses)


def test_a_unit_given_back_on_an_enemy_units_cell_is_pushed_too() -> None:
    """The control ends at the turn's end (直到回合结束): the drone goes back to 蜂后's player on the cell of 烈风, which
    may share it while they are friends; it is pushed off again, its owner choosing."""
    game, bee, drone = _drone_on_queen_bee()
    game.active = 2
    gale = game.player(2).units[0]
    [card, _] = hand(game, 2, "signal_hijack", "med_kit")
    game.play_card(2, card, gale)
    game.place(gale, drone.pos, "w")  # (a friendly unit's cell)
    assert not _shared(game)
    game._expire(2, "turn_end")
    assert drone.seat == 1 and gale.pos is not None
    assert not _shared(game) and drone.pos != gale.pos
    assert [seat for seat, _ in _asked(game).prompts("where ")] == [2, 1]


def test_a_control_change_with_no_hostile_unit_on_the_cell_moves_nothing() -> None:
    game, bee, drone = _drone_on_queen_bee()
    game.place(drone, (4, 4), "e")
    game.active = 2
    gale = game.player(2).units[0]
    [card, _] = hand(game, 2, "signal_hijack", "med_kit")
    game.play_card(2, card, gale)
    assert drone.seat == 2 and drone.pos == (4, 4) and not events(game, "pushed")


# -- 5. once the game is decided, nobody gets 失联抚恤 (T12, §15)


def test_the_last_agent_destroyed_gives_no_relief_the_game_is_over() -> None:
    """尘消 is won the moment no enemy agent is on the map: the loser's agent destroyed, nobody is asked for 失联抚恤
    and nobody draws (the sweep: relief, a draw and a reshuffle, then the game over)."""
    game = _game("duel", (("gale",), ("jackdaw",)))
    gale = put(game, 1, "gale", (0, 4), "e")
    jackdaw = put(game, 2, "jackdaw", (3, 4), "w")
    game.destroy(jackdaw, 1)
    assert game.winners == [1]
    assert not _asked(game).prompts("lost-agent relief")
    assert not events(game, "lost_agent_relief") and not events(game, "draw")
    assert [e.kind for e in game.log][-1] == "game_over" and gale.pos is not None


def test_an_agent_destroyed_while_the_game_goes_on_still_gives_relief() -> None:
    """§14 失联抚恤 while its player still has an agent on the map."""
    game = _game("duo", (("gale", "anvil"), ("jackdaw", "egret")))
    put(game, 1, "gale", (0, 4), "e")
    jackdaw = put(game, 2, "jackdaw", (3, 4), "w")
    put(game, 2, "egret", (6, 4), "w")
    game.destroy(jackdaw, 1)
    assert game.winners is None
    assert [seat for seat, _ in _asked(game).prompts("lost-agent relief")] == [2]
    assert events(game, "lost_agent_relief")
