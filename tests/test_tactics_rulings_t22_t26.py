"""Rulings T22 (revised) to T26: the last contradictions of the tactics engine with seed 000 (issue 23).

Each test quotes the seed line or the ruling it checks.
"""

from __future__ import annotations

import json
import random

import pytest

from toolkit.decks.random_deck import random_legal_decks
from toolkit.engine.core import EngineError, ScriptedDecider
from toolkit.engine.tactics import TacticsGame

from .conftest import ROOT
from .tactics_util import RECORDS, board_game, events, hand, obstacle, put

EX = ROOT / "examples" / "decks" / "tactics"


# ---------------------------------------------------------------- T24: one piece per agent


def test_squads_that_share_an_agent_are_refused_naming_it() -> None:
    """§7.2 "每张特工牌对应 1 枚棋子" (T24): no agent on two sides in one game."""
    with pytest.raises(EngineError, match=r"jackdaw.*players 1, 2"):
        board_game(squads=(("gale", "jackdaw"), ("jackdaw", "egret")))


def test_private_agents_may_stand_on_every_side() -> None:
    """T24 and §15.6: every player has their own 列兵 cards."""
    game = board_game("expert", squads=(("gale", "private"), ("jackdaw", "private")))
    assert [u.id for u in game.player(2).standby] == ["jackdaw", "private"]


def test_default_squads_differ_between_seats() -> None:
    """A game set up without squads gives each seat its own agents (T24)."""
    game = TacticsGame(RECORDS, "duo", players=4, seed=3)
    squads = [{u.id for u in p.units + p.standby} for p in game.players]
    assert all(len(s) == 2 for s in squads)
    assert len(set().union(*squads)) == 8


@pytest.mark.parametrize(("mode", "players"), [("duel", 2), ("duo", 2), ("duo", 4), ("expert", 2), ("melee", 4)])
def test_random_decks_of_one_game_share_no_agent(mode: str, players: int) -> None:
    """The random decks of one game (coverage, benches) never put an agent on two sides (T24)."""
    private = {r.id for r in RECORDS if r.kind == "agent" and r.private}
    for seed in range(40):
        decks = random_legal_decks(RECORDS, mode, random.Random(seed), players)
        real = [a for d in decks for a in d.agents or [] if a not in private]
        assert len(real) == len(set(real)), (seed, [d.agents for d in decks])


def test_simulate_refuses_a_mirror_match(cli) -> None:  # type: ignore[no-untyped-def]
    """`simulate` refuses two decks with the same squad, naming the agent (exit 1, one line)."""
    result = cli("simulate", "tactics", "--decks", EX / "duo.json", "--decks", EX / "duo-list.txt", "--lang", "en")
    assert result.exit_code == 1
    assert "Jackdaw (jackdaw)" in result.output and "T24" in result.output
    assert "Traceback" not in result.output


def test_the_demo_decks_are_two_different_squads(cli) -> None:  # type: ignore[no-untyped-def]
    """The README's demo plays two squads that share no agent (T24)."""
    result = cli(
        "simulate", "tactics", "--decks", EX / "duo.json", "--decks", EX / "duo-rival.txt", "--seed", "1",
        "--turns", "100",
    )  # fmt: skip
    assert result.exit_code == 0, result.output


# ---------------------------------------------------------------- T25: statuses, destroyed cards


def test_statuses_are_never_attached_to_obstacles() -> None:
    """§7.3.2 "如果生效目标没有单位牌可供贴附（如障碍），状态无法对其生效" (T25): 流血 (any unit) is not
    offered the server rack."""
    game = board_game()
    gale = put(game, 1, "gale", (2, 3), "e")
    jackdaw = put(game, 2, "jackdaw", (4, 3), "w")
    rack = obstacle(game, "server_rack", (3, 4))
    bleeding = hand(game, 1, "bleeding", "med_kit")[0]
    targets = game._status_targets(1, bleeding)
    assert rack not in targets and jackdaw in targets and gale in targets


def test_equipment_whose_shield_is_used_up_fires_its_own_on_destroyed() -> None:
    """§8.3 "当 1 个拥有护盾值的装备的护盾值降低至 0 或更低时，这件装备将被消灭" and T25: its 消灭时 fires
    (防弹盾牌: 消灭时：你抽 1 张牌)."""
    game = board_game()
    anvil = put(game, 1, "anvil", (2, 3), "e")
    shield = game._card("ballistic_shield", 1)
    game.equip(anvil, shield)
    game.player(1).deck = [game._card("med_kit", 1)]
    game.player(1).hand = []
    game.damage(anvil, 3, by=2)
    assert shield not in anvil.equipment and shield in game.player(1).discard
    assert [c.id for c in game.player(1).hand] == ["med_kit"]
    assert anvil.hp == anvil.max_hp - 1
    assert any(e.data.get("source") == "ballistic_shield" for e in events(game, "trigger"))


def test_a_self_destructed_card_fires_its_own_on_destroyed_and_not_its_wearers() -> None:
    """§7.3.1 "需立刻自毁该装备（依然触发消灭时能力）" (T25): 死手开关 destroyed without its wearer goes off
    next to the wearer; the wearer's own 消灭时 does not fire."""
    decider = ScriptedDecider([])
    game = board_game(decider=decider)
    anvil = put(game, 1, "anvil", (2, 3), "e")
    jackdaw = put(game, 2, "jackdaw", (3, 3), "w")
    switch = game._card("dead_mans_switch", 1)
    game.equip(anvil, switch)
    decider.answers = [jackdaw, None]  # the target of 对距离 0-1 内的目标单位造成 2 点伤害; no response
    game.self_destruct(switch)
    assert switch in game.player(1).discard
    assert jackdaw.hp == jackdaw.max_hp - 2
    fired = [e.data["source"] for e in events(game, "trigger")]
    assert fired == ["dead_mans_switch"]
    assert not anvil.dying


# ---------------------------------------------------------------- T22 (revised): points per player


def test_first_blood_points_are_per_player_not_pooled() -> None:
    """§15.2 "消灭敌方特工的玩家得到 1 分，得到 2 分的玩家获得游戏胜利" (T22 revised): two teammates with
    one point each have not won; the first player with two wins with their teammate."""
    squads = (("gale", "cinder"), ("jackdaw", "lynx"), ("anvil", "cipher"), ("egret", "masque"))
    game = board_game("duo", squads=squads)
    units = {a: put(game, seat, a, (seat, y)) for seat, sq in enumerate(squads, 1) for y, a in enumerate(sq)}
    game.destroy(units["jackdaw"], by=1)
    game.destroy(units["egret"], by=3)
    assert [p.score for p in game.players] == [1, 0, 1, 0]
    assert game.winners is None
    game.destroy(units["lynx"], by=3)
    assert game.player(3).score == 2
    assert game.winners == [1, 3] and game.end_reason == "first_blood"


# ---------------------------------------------------------------- T23: hidden scene obstacles


def test_a_hidden_scene_obstacle_is_exposed_by_sight_at_distance_0_1() -> None:
    """§5.2 "它与所有其他单位敌对" and §8.4 (T23): an agent with a hidden scene obstacle in sight (视线, T16) at
    distance 0-1 turns it face up, whichever way it looks; one two cells away does not."""
    game = board_game()
    cabinet = obstacle(game, "filing_cabinet", (3, 3))
    cabinet.hidden = True
    put(game, 1, "gale", (1, 3), "e")  # looking at it, two cells away
    game.check_exposure()
    assert cabinet.hidden
    put(game, 2, "jackdaw", (4, 3), "e")  # beside it, looking away
    game.check_exposure()
    assert not cabinet.hidden
    assert [e.data["unit"] for e in events(game, "exposed")] == [str(cabinet)]


def test_exposure_fires_on_exposed_abilities() -> None:
    """T23 "Revealing it fires its 暴露时 text": a unit's 暴露时 ability runs when it turns face up."""
    game = board_game()
    record = game.by_id[("unit", "filing_cabinet")]
    game.by_id[("unit", "trapped_cabinet")] = record.model_copy(
        update={"id": "trapped_cabinet", "text": ["暴露时：你抽 1 张牌。"]}
    )
    cabinet = obstacle(game, "trapped_cabinet", (3, 3))
    cabinet.hidden = True
    game.active = 2
    game.player(2).deck = [game._card("med_kit", 2)]
    game.player(2).hand = []
    put(game, 2, "jackdaw", (4, 3), "w")
    game.check_exposure()
    assert [e.data["timing"] for e in events(game, "trigger")] == ["on_exposed"]
    assert [c.id for c in game.player(2).hand] == ["med_kit"]


# ---------------------------------------------------------------- T26: special abilities at any timing point


class Picks(ScriptedDecider):
    """Answers special-ability prompts from a list of (unit id, kind) wishes; passes on everything else."""

    def __init__(self, wishes: list[tuple[str, str]]) -> None:
        super().__init__([])
        self.wishes = list(wishes)
        self.prompts: list[str] = []

    def choose(self, player, prompt, options):  # type: ignore[no-untyped-def]
        self.prompts.append(prompt)
        if prompt.startswith("special"):
            for option in options:
                if option is not None and self.wishes and (option.unit.id, option.kind) == self.wishes[0]:
                    self.wishes.pop(0)
                    return option
            return None
        if None in options:
            return None
        return options[0]


def test_voluntary_exposure_in_a_response_window() -> None:
    """Index "暴露：…特殊能力，可在主动和响应时机使用" and §8.4.2 (T26): a hidden unit of the other player
    turns itself face up when an action is declared; the log says it was a special ability."""
    decider = Picks([("jackdaw", "expose")])
    game = board_game(decider=decider)
    gale = put(game, 1, "gale", (2, 3), "e")
    jackdaw = put(game, 2, "jackdaw", (8, 0), "s", hidden=True)
    game.active = 1
    game.take(next(a for a in game.legal_actions(1) if a.source is not None and a.source.record.id == "march"))
    assert not jackdaw.hidden
    special = events(game, "special")
    assert special and special[0].data == {"unit": str(jackdaw), "point": "response"}
    assert "special ability (§8.4.2)" in str(events(game, "exposed")[0].data["reason"])
    assert gale.pos is not None


def test_voluntary_exposure_is_offered_in_the_main_phase() -> None:
    """§8.4.2 (T26): 暴露 may be used at the active timing too: a hidden unit's owner is offered it."""
    game = board_game()
    gale = put(game, 1, "gale", (2, 3), "e", hidden=True)
    put(game, 2, "jackdaw", (8, 6), "w")
    game.active = 1
    expose = [a for a in game.legal_actions(1) if a.kind == "expose"]
    assert [a.unit for a in expose] == [gale]
    game.take(expose[0])
    assert not gale.hidden
    assert not [a for a in game.legal_actions(1) if a.kind == "expose"]


def test_special_abilities_are_offered_at_attack_steps_once_per_name() -> None:
    """§11.3 "满足发动条件时，可在任何时机插入。同一时机，若未特殊说明，同名特殊能力仅可使用1次" (T26):
    雾刃's 特殊 -1 (move 0-1) may be used while an enemy attack resolves, once at that point."""
    decider = Picks([("mistblade", "ability"), ("mistblade", "ability")])
    game = board_game(squads=(("gale", "anvil"), ("mistblade", "egret")), decider=decider)
    gale = put(game, 1, "gale", (2, 3), "e")
    blade = put(game, 2, "mistblade", (4, 3), "w")
    hand(game, 2, "med_kit", "smoke_grenade", "supply_crate")
    game.active = 1
    profile = next(p for p in game.profiles(gale) if p.profile.style == "ranged")
    game.attack(gale, blade, profile)
    points = [e.data["point"] for e in events(game, "special")]
    assert points and set(points) <= {"response", "on_attack", "after_attack"}
    # once per timing point: never two uses in a row at the same point
    per_point = [p for p in points]
    assert all(a != b for a, b in zip(per_point, per_point[1:], strict=False)) or len(per_point) == 1
    assert any(p.startswith("special ability (response: ") for p in decider.prompts)


# ---------------------------------------------------------------- the draft inside a simulated game (§15.6, T7)


def test_the_draft_is_the_first_step_of_a_simulated_game() -> None:
    """§15.6 "从先手玩家开始，双方玩家轮流拿取 1 张特工牌…你可以使用列兵和你所选取的特工构筑你的特工小队和个人
    牌库": picks alternate from the first player, each squad comes from its own picks, no agent on both sides,
    and each deck keeps its size with no exclusive card of an agent it did not draft."""
    from toolkit.engine.simulate import simulate_tactics

    duo = sorted(json.loads((EX / "duo.json").read_text("utf-8"))["cards"])
    game = simulate_tactics(RECORDS, "duo", [[], []], [duo, duo], 30, 4, draft=True)
    picks = [e for e in game.log if e.kind == "draft_pick"]
    assert [e.player for e in picks] == [1, 2] * 4
    taken = {1: {e.data["agent"] for e in picks if e.player == 1}, 2: {e.data["agent"] for e in picks if e.player == 2}}
    decks = [e for e in game.log if e.kind == "deck"]
    assert len(decks) == 2
    for entry in decks:
        squad = entry.data["squad"]
        assert len(squad) == 2 and set(squad) <= taken[entry.player] | {"private"}
        assert entry.data["cards"] == len(duo)
    squads = [set(e.data["squad"]) - {"private"} for e in decks]
    assert not squads[0] & squads[1]
    for player in game.players:
        cards = player.deck + player.hand + player.discard + player.mortgage + [
            c for u in player.units for c in u.equipment + u.statuses if c.owner == player.seat
        ]  # (a status an enemy put on one of its units is the enemy's card)
        mine = {u.id for u in player.units + player.standby + player.lost if u.kind == "agent"}
        assert all(c.record.agent is None or c.record.agent in mine for c in cards if not c.shop and not c.token)


def test_simulate_draft_on_the_command_line(cli) -> None:  # type: ignore[no-untyped-def]
    """`simulate tactics --draft` plays the draft first; it is refused for more than two players."""
    args = ["simulate", "tactics", "--decks", EX / "duo.json", "--decks", EX / "duo-rival.txt", "--draft"]
    result = cli(*args, "--seed", "2", "--turns", "40", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "P1 draft pick (agent: " in result.output and "draft: agents turned face up" in result.output
    melee = [a for n in ("melee.json", "melee-recon.json", "melee-demolition.json") for a in ("--decks", EX / n)]
    refused = cli("simulate", "tactics", *melee, "--draft", "--lang", "en")
    assert refused.exit_code == 2 and "two players" in refused.output


# ---------------------------------------------------------------- a new reading: temporary HP is marked with a d6


def test_temporary_hp_stops_at_the_red_d6() -> None:
    """§8.3 "当单位获得临时生命值时，在其单位牌上放置红色的 d6 以标记他当前拥有的临时生命值": a d6 shows at most
    6, as own shield is capped at 6 (game data ``temp_hp_cap``); a loop of cards cannot stack it without end."""
    game = board_game()
    gale = put(game, 1, "gale", (2, 3), "e")
    gale.hp = 3
    for _ in range(3):
        game.run_text("如果本单位的生命值不多于 3 点，本单位获得 3 点临时生命值。", seat=1)
    assert gale.temp_hp == game.rules.temp_hp_cap == 6
    assert [e.data["amount"] for e in events(game, "temp_hp")] == [3, 3, 0]


def test_a_token_limit_counts_the_copies_on_enemy_units() -> None:
    """T4 "Each token record carries max_in_play per player; the engine refuses to create one more": a token
    status attached to an enemy unit is still in play and counts (侦察标记 stacked past 100 on one enemy)."""
    game = board_game()
    put(game, 1, "gale", (2, 3), "e")
    jackdaw = put(game, 2, "jackdaw", (4, 3), "w")
    mark = next(r for r in RECORDS if r.kind == "card" and r.token is not None and r.category == "status")
    for _ in range(mark.token.max_in_play):
        card = game.gain_token(1, mark.name.zh_hans)
        assert card is not None
        game.player(1).hand.remove(card)
        game.attach(jackdaw, card)
    assert game.gain_token(1, mark.name.zh_hans) is None
    assert events(game, "token_limit")


def test_exposing_a_unit_fires_its_equipments_on_exposed() -> None:
    """T23 and §8.4: 暴露时 abilities fire when the unit turns face up (伏击信号弹, worn hidden, goes off)."""
    decider = ScriptedDecider([])
    game = board_game(decider=decider)
    gale = put(game, 1, "gale", (2, 3), "e", hidden=True)
    jackdaw = put(game, 2, "jackdaw", (4, 3), "w")
    game.equip(gale, game._card("ambush_flare", 1))
    decider.answers = [jackdaw]
    game.expose(gale, "test")
    assert jackdaw.hp == jackdaw.max_hp - 1
    assert [e.data["source"] for e in events(game, "trigger")] == ["ambush_flare"]


@pytest.mark.slow
def test_the_default_player_exposes_voluntarily_at_response_timings_when_it_pays() -> None:
    """T26 "Voluntary 暴露 is such an ability (index: 可在主动和响应时机使用)": with 伏击信号弹 in the decks, the
    default player turns hidden agents face up itself, in response windows as well as in its main phase."""
    from toolkit.decks.random_deck import deck_card_ids, random_legal_deck
    from toolkit.engine.simulate import simulate_tactics

    points: list[str] = []
    for seed in range(12):
        rng = random.Random(seed)
        first = random_legal_deck(RECORDS, "duo", rng, include=["ambush_flare"])
        second = random_legal_deck(RECORDS, "duo", rng, include=["ambush_flare"], taken=first.agents or [])
        squads = [first.agents or [], second.agents or []]
        game = simulate_tactics(RECORDS, "duo", squads, [deck_card_ids(first), deck_card_ids(second)], 60, seed)
        log = list(game.log)
        points += [e.data["point"] for e, after in zip(log, log[1:], strict=False)
                   if e.kind == "special" and after.kind == "exposed"]  # fmt: skip
    assert "response" in points, points


def test_a_destroyed_cards_on_destroyed_still_knows_its_wearer() -> None:
    """T25: the 消灭时 of equipment destroyed on its own runs after it left its unit; 佩戴者 is the unit it was on."""
    game = board_game()
    anvil = put(game, 1, "anvil", (2, 3), "e")
    record = game.by_id[("card", "ballistic_shield")]
    game.by_id[("card", "last_plate")] = record.model_copy(update={"id": "last_plate", "text": ["消灭时：佩戴者获得 2 点护盾值。"]})
    plate = game._card("last_plate", 1)
    game.equip(anvil, plate)
    game.self_destruct(plate)
    assert anvil.shield == 2
