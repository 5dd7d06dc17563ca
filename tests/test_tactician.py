"""The tactician (`--decider heuristic`): behaviour on positions built by hand, the per-seat deciders, and a
small seeded match against the brawler (the earlier heuristic player)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from toolkit.decks.random_deck import deck_card_ids, random_legal_decks
from toolkit.engine.core import FirstDecider, RandomDecider
from toolkit.engine.simulate import make_decider, simulate_tactics, tactics_decider
from toolkit.engine.tactics import Action, Profile, TacticsGame
from toolkit.engine.tactics.players import HeuristicDecider
from toolkit.engine.tactics.tactician import SeatDeciders, TacticianDecider, hit_distribution

from .tactics_util import RECORDS, Dice, board_game, events, hand, obstacle, put

# x: 0123456789
FIELD = [
    "..........",  # y0
    "..........",  # y1
    "..........",  # y2
    "..........",  # y3
    "..........",  # y4
    "..........",  # y5
]
SQUADS = (("egret", "jackdaw", "mistblade", "gale"), ("anvil", "cinder", "lynx", "masque"))


def tactician(game: TacticsGame, seed: int = 1) -> TacticianDecider:
    decider = TacticianDecider(random.Random(seed)).bind(game)
    assert isinstance(decider, TacticianDecider)
    game.decider = game.triggers.decider = decider
    return decider


def built_in(game: TacticsGame, unit: Any, name: str) -> Profile:
    return next(p for p in game.profiles(unit, built_in_only=True) if p.name == name)


def play_main_phase(game: TacticsGame, decider: TacticianDecider, seat: int) -> list[Action]:
    taken = []
    for _ in range(12):
        action = decider.choose(seat, "choose an action", game.legal_actions(seat))
        taken.append(action)
        game.take(action)
        if action.kind == "end":
            break
    return taken


def test_the_hit_dice_distribution_follows_the_face_table() -> None:
    table = (0, 0, 0, 1, 1, 2)  # T9's default faces
    one = hit_distribution(table, 1, 0)
    assert [round(p * 6) for p in one] == [3, 2, 1]
    assert abs(sum(d * p for d, p in enumerate(hit_distribution(table, 3, 0))) - 2.0) < 1e-9
    assert abs(sum(d * p for d, p in enumerate(hit_distribution(table, 1, -2))) - 1 / 6) < 1e-9  # cover (T17)


def test_it_never_heals_a_unit_at_full_hp_but_heals_what_is_missing() -> None:
    game = board_game("expert", squads=SQUADS, rows=FIELD)
    decider = tactician(game)
    egret = put(game, 1, "egret", (0, 0), "s")
    put(game, 2, "lynx", (9, 5), "e")  # far away, looking away: nothing to shoot, no threat
    hand(game, 1, "med_kit", "field_first_aid")
    taken = play_main_phase(game, decider, 1)
    assert not events(game, "heal")
    assert not [a for a in taken if a.card is not None and a.card.id in ("med_kit", "field_first_aid")]
    game.start_turn(1)
    egret.hp = egret.max_hp - 2
    play_main_phase(game, decider, 1)
    healed = [e.data["amount"] for e in events(game, "heal")]
    assert healed and all(amount > 0 for amount in healed)
    assert egret.hp == egret.max_hp


def test_it_counters_only_with_an_attack_that_can_hit() -> None:
    """A ranged attacker 3 steps away: the tapped target's knuckles (melee 0-1, a 0-1 move first) cannot reach
    it, so there is no 武装反击 with them (the brawler counters with them and loses the target)."""
    game = board_game("expert", squads=SQUADS, rows=FIELD)
    tactician(game)
    shooter = put(game, 1, "gale", (1, 2), "e")
    target = put(game, 2, "cinder", (4, 2), "w")
    target.tapped = True  # no 正当防卫
    game.equip(target, game._card("steel_knuckles", 2))
    game.rng = Dice(4)  # type: ignore[assignment]  # the pistol's die; a counter would roll more
    game.attack(shooter, target, built_in(game, shooter, "制式手枪"))
    assert not events(game, "armed_counter")
    assert [e.data for e in events(game, "no_counter")] == [{"unit": str(target)}]


def test_it_counters_with_the_attack_that_reaches() -> None:
    """The same attacker: an untapped target with a carbine (range 1-5) answers with it, not with 格斗."""
    game = board_game("expert", squads=SQUADS, rows=FIELD)
    tactician(game)
    shooter = put(game, 1, "gale", (1, 2), "e")
    target = put(game, 2, "cinder", (4, 2), "w")
    target.tapped = True
    carbine = game._card("compact_carbine", 2)
    game.equip(target, carbine)
    game.rng = Dice(4, 4, 4)  # type: ignore[assignment]
    game.attack(shooter, target, built_in(game, shooter, "制式手枪"))
    assert [e.data["weapon"] for e in events(game, "armed_counter")] == [str(carbine.name)]
    assert not events(game, "target_lost")


def test_it_ends_its_move_in_cover_rather_than_in_the_open() -> None:
    """Two cells as far from an enemy that sees both: the line to one crosses an obstacle more than one step
    from the enemy (T17: hit dice −2); the unit, which cannot attack this turn, takes that one."""
    game = board_game("expert", squads=SQUADS, rows=FIELD)
    decider = tactician(game)
    enemy = put(game, 2, "cinder", (1, 2), "e")
    unit = put(game, 1, "jackdaw", (6, 2), "w")
    unit.tapped = True  # it has marched: this move ends its turn
    obstacle(game, "sandbag_barricade", (3, 3))
    covered, open_cell = (4, 3), (4, 1)
    assert enemy.pos is not None
    assert game.board.cover(enemy.pos, covered, [(3, 3)]) == -2
    assert game.board.cover(enemy.pos, open_cell, [(3, 3)]) == 0
    game.hint = ("move", unit)
    assert decider.choose(1, f"move {unit} (up to 2)", [open_cell, covered]) == covered
    assert decider.choose(1, f"move {unit} (up to 2)", [covered, open_cell]) == covered


def test_it_steps_out_of_an_enemys_vision_band_when_it_cannot_attack() -> None:
    game = board_game("expert", squads=SQUADS, rows=FIELD)
    decider = tactician(game)
    put(game, 2, "cinder", (1, 2), "e")  # sees the band y 1-3 eastwards
    unit = put(game, 1, "jackdaw", (5, 3), "w")
    unit.tapped = True
    game.hint = ("move", unit)
    assert decider.choose(1, f"move {unit} (up to 2)", [(4, 3), (4, 4)]) == (4, 4)


def test_a_hidden_unit_does_not_walk_into_exposure() -> None:
    """§8.4: a hidden unit in an enemy's sight at distance 0-1 is exposed; the tactician keeps out of it."""
    game = board_game("expert", squads=SQUADS, rows=FIELD)
    decider = tactician(game)
    put(game, 2, "anvil", (3, 2), "e")
    unit = put(game, 1, "mistblade", (6, 0), "s", hidden=True)
    unit.tapped = True
    game.hint = ("move", unit)
    assert decider.exposure(game, unit, (4, 2)) and not decider.exposure(game, unit, (6, 2))
    assert decider.choose(1, f"move {unit} (up to 4)", [(4, 2), (6, 2)]) == (6, 2)


def test_it_weighs_armour_that_hurts_attackers() -> None:
    """电击反制护甲 (被攻击后：对攻击者造成 1 点伤害): a one-die attack on its wearer is worth less than on a bare target."""
    game = board_game("expert", squads=SQUADS, rows=FIELD)
    decider = tactician(game)
    me = put(game, 1, "gale", (1, 2), "e")
    bare = put(game, 2, "cinder", (3, 2), "w")
    armoured = put(game, 2, "masque", (3, 1), "w")
    bare.tapped = armoured.tapped = True  # neither can 正当防卫
    game.equip(armoured, game._card("shock_plate_armor", 2))
    pistol = built_in(game, me, "制式手枪")
    on_bare = decider.attack_value(game, me, pistol, bare)
    on_armour = decider.attack_value(game, me, pistol, armoured)
    assert on_bare is not None and on_armour is not None and on_armour < 0 < on_bare


def test_it_counts_a_dodge_everyone_can_see() -> None:
    """雾刃's 特殊 -1：本单位移动 0-1 may be used at the response window and again at 攻击时 (T21, T26): with two
    cards to mortgage it steps two cells out of a melee attack's reach, and the attack is worth a fraction; with
    one card it steps one and is still hit; with an empty hand it cannot pay."""
    game = board_game("expert", squads=SQUADS, rows=FIELD)
    decider = tactician(game)
    me = put(game, 2, "masque", (3, 2), "w")
    dodger = put(game, 1, "mistblade", (2, 2), "e")
    dodger.tapped = True  # no 正当防卫 to weigh
    fists = built_in(game, me, "格斗")
    pinned = decider.attack_value(game, me, fists, dodger, dodge=False)
    assert pinned is not None and pinned > 0
    for cards, steps in ((2, 2), (1, 1), (0, 0)):
        hand(game, 1, *["med_kit"] * cards)
        decider._memo.clear()
        assert decider.dodge_steps(game, dodger) == steps
        dodged = decider.attack_value(game, me, fists, dodger)
        assert dodged is not None and (dodged < pinned / 2 if steps == 2 else dodged == pinned)
    game.gain_token(1, "全息诱饵")  # 响应：本单位移动 0-2, gained in the open; the empty hand pays no special
    decider._memo.clear()
    assert decider.dodge_steps(game, dodger) == 2


def test_a_dodge_is_weighed_against_the_facing_the_attacker_picks() -> None:
    """Ending a move in any facing means picking one facing before the target steps (T15, T21): 雾刃 two cells
    west of nothing but open floor, with two cards to pay two 1-step specials, steps out of the pistol's vision
    whatever facing 假面 picks, so a shot from there is worth a fraction even though some facing sees every
    cell it could reach; with one card (one step) facing west sees them all, and the shot is worth it whole."""
    game = board_game("expert", squads=SQUADS, rows=FIELD)
    decider = tactician(game)
    me = put(game, 2, "masque", (3, 2), "n")
    dodger = put(game, 1, "mistblade", (2, 2), "e")
    dodger.tapped = True
    pistol = built_in(game, me, "制式手枪")
    whole = decider.attack_value(game, me, pistol, dodger, facing=None, costs=False, dodge=False)
    assert whole is not None and whole > 0
    hand(game, 1, "med_kit", "med_kit")
    decider._memo.clear()
    assert all(decider.escapes(game, me, pistol, (3, 2), f, dodger, 0, 0) for f in "nesw")
    dodged = decider.attack_value(game, me, pistol, dodger, facing=None, costs=False)
    assert dodged is not None and dodged < whole / 2
    hand(game, 1, "med_kit")
    decider._memo.clear()
    assert not decider.escapes(game, me, pistol, (3, 2), "w", dodger, 0, 0)
    assert decider.attack_value(game, me, pistol, dodger, facing=None, costs=False) == whole


def test_a_unit_that_dodges_every_attack_is_not_worth_attacking_where_it_can_step_away() -> None:
    """Three attacks in a row that lost their target to the same unit (a dodge it makes again each turn) and the
    tactician no longer counts on making it spend its means; a hit on it (damage in the log) starts the count
    again. It reads only the public log."""
    game = board_game("expert", squads=SQUADS, rows=FIELD)
    decider = tactician(game)
    me = put(game, 2, "masque", (3, 2), "w")
    dodger = put(game, 1, "mistblade", (2, 2), "e")
    dodger.tapped = True
    hand(game, 1, "med_kit", "med_kit")
    fists = built_in(game, me, "格斗")
    end = [Action("end", 2), Action("end", 2)]

    def value() -> float:
        decider.choose(2, "choose an action", end)  # a decision reads what the log added
        decider._memo.clear()
        found = decider.attack_value(game, me, fists, dodger, costs=False)
        assert found is not None
        return found

    fresh = value()
    for _ in range(2):
        game.log.add("target_lost", 2, unit=str(me), target=str(dodger), distance=2, range=[0, 1])
    assert value() == fresh
    game.log.add("target_lost", 2, unit=str(me), target=str(dodger), distance=2, range=[0, 1])
    futile = value()
    assert 0 < futile < fresh / 2
    game.log.add("damage", 1, unit=str(dodger), amount=1, shield=0, temp_hp=0, hp=1, hp_left=dodger.hp - 1)
    assert value() == fresh


def test_in_a_stalemate_it_tries_another_action_nearly_as_good() -> None:
    """Twenty rounds without a unit brought to a new low of HP: sometimes the second best action (within 1.5),
    never ending the phase instead and never one far worse; while HP keeps falling, always the best."""
    game = board_game("expert", squads=SQUADS, rows=FIELD)
    decider = tactician(game, seed=3)
    unit = put(game, 1, "jackdaw", (0, 0), "s")
    put(game, 2, "anvil", (9, 5), "n")
    options = [Action("end", 1), Action("ability", 1, unit), Action("play", 1, unit), Action("scavenge", 1, unit)]
    worth = {"end": 0.0, "ability": 2.0, "play": 1.0, "scavenge": -5.0}
    decider._value = lambda g, seat, prompt, option: worth[option.kind]  # type: ignore[method-assign]
    game.round = 21
    picked = {decider.choose(1, "choose an action", options).kind for _ in range(60)}
    assert picked == {"ability", "play"}
    game.log.add("damage", 2, unit="铁砧#9", amount=1, shield=0, temp_hp=0, hp=1, hp_left=3)
    assert {decider.choose(1, "choose an action", options).kind for _ in range(60)} == {"ability"}


def test_heavy_equipment_is_weighed_against_what_it_displaces_and_the_attacks_it_opens() -> None:
    """烬火榴弹发射器 (heavy, 2-5) on 余烬 wearing 防弹盾牌: its two slots cost the shield (§7.3.1), not a flat
    refusal; next to the enemy it cannot fire, but a step back it can, and that is counted."""
    game = board_game("expert", squads=SQUADS, rows=FIELD)
    decider = tactician(game)
    me = put(game, 2, "cinder", (3, 2), "w")
    put(game, 1, "egret", (2, 2), "e")
    shield, launcher = hand(game, 2, "ballistic_shield", "cinder_grenade_launcher")
    game.equip(me, shield)
    kept = decider.equipment_worth(game, me, shield, worn=True)
    gain = decider.weapon_gain(game, me, Profile(launcher.name, launcher.record.equipment.attack, launcher, None))
    assert gain > 0
    worth = decider.equipment_worth(game, me, launcher)
    me.equipment.clear()
    decider._lasting.clear()
    assert worth == pytest.approx(decider.equipment_worth(game, me, launcher) - 0.9 - kept)  # a card, what it gave


def test_it_pins_a_dodger_before_it_strikes() -> None:
    """扎带手铐 (直到你的下个回合开始，距离 0-1 内的目标敌方单位无法移动) first, then the strike lands where it
    would have been dodged."""
    game = board_game("expert", squads=SQUADS, rows=FIELD)
    game.active = 2
    game.rng = Dice(6, 6, 6, 6)  # type: ignore[assignment]
    decider = tactician(game)
    put(game, 2, "masque", (3, 2), "w")
    put(game, 2, "anvil", (2, 4), "s")
    dodger = put(game, 1, "mistblade", (2, 2), "e")
    dodger.tapped = True
    hand(game, 2, "zip_cuffs")
    hand(game, 1, "med_kit", "med_kit")
    taken = play_main_phase(game, decider, 2)
    assert taken[0].kind == "play" and taken[0].card is not None and taken[0].card.record.id == "zip_cuffs"
    assert events(game, "attack") and not events(game, "special") and not events(game, "target_lost")
    assert dodger.pos == (2, 2) and dodger.hp < dodger.max_hp


def test_it_declines_voluntary_exposure() -> None:
    """Voluntary 暴露 (T26) gains nothing for a unit without a 暴露时 text or an exposed-state condition."""
    game = board_game("expert", squads=SQUADS, rows=FIELD)
    decider = tactician(game)
    unit = put(game, 1, "mistblade", (0, 0), "s", hidden=True)
    put(game, 2, "anvil", (9, 5), "e")
    expose = Action("expose", 1, unit)
    assert decider.choose(1, "special ability (response)?", [None, expose]) is None
    assert decider.choose(1, "choose an action", [expose, Action("end", 1)]).kind == "end"
    assert decider.choose(1, "choose an action", [Action("mystery", 1, unit), Action("end", 1)]).kind == "end"


def test_seat_deciders_hand_each_seat_to_its_player() -> None:
    asked: list[tuple[str, int]] = []

    class Recorder(FirstDecider):
        def __init__(self, name: str) -> None:
            self.name = name

        def choose(self, player: int, prompt: str, options: Any) -> Any:
            asked.append((self.name, player))
            return super().choose(player, prompt, options)

    seats = SeatDeciders({1: Recorder("a"), 2: Recorder("b")})
    seats.choose(1, "x", [1, 2])
    seats.choose(2, "x", [1, 2])
    seats.choose(0, "x", [1, 2])  # an obstacle's move: the first seat's player when nobody is bound
    assert asked == [("a", 1), ("b", 2), ("a", 0)]


def test_make_decider_names_the_players() -> None:
    assert isinstance(make_decider("heuristic", 1), TacticianDecider)
    brawler = make_decider("brawler", 1)
    assert isinstance(brawler, HeuristicDecider) and not isinstance(brawler, TacticianDecider)
    assert isinstance(make_decider("random", 1), RandomDecider)
    per_seat = tactics_decider(["heuristic", "brawler"], 1, 2)
    assert isinstance(per_seat, SeatDeciders)
    assert isinstance(per_seat.decider_for(1), TacticianDecider)
    assert not isinstance(per_seat.decider_for(2), TacticianDecider)


def match(mode: str, deals: int, seed: int = 11) -> tuple[int, int]:
    """(tactician wins, games): each deal played twice, the players swapping seats (the decks stay)."""
    wins = games = 0
    for deal in range(deals):
        decks = random_legal_decks(RECORDS, mode, random.Random(seed * 1000 + deal), 2)
        for first in ("heuristic", "brawler"):
            kinds = [first, "brawler" if first == "heuristic" else "heuristic"]
            game = simulate_tactics(
                RECORDS, mode, [d.agents or [] for d in decks], [deck_card_ids(d) for d in decks], 60,
                seed * 1000 + deal, kinds,
            )  # fmt: skip
            games += 1
            wins += any(kinds[s - 1] == "heuristic" for s in game.result()["winners"])
    return wins, games


@pytest.mark.slow
def test_the_tactician_beats_the_brawler_in_a_small_seeded_match() -> None:
    wins, games = match("duo", 20)
    assert games == 40
    assert wins >= 28, f"{wins}/{games}"  # measured: see bench/tactics_players.py for the full figures


def test_cli_takes_a_decider_per_player(cli: Any) -> None:
    from .conftest import ROOT

    decks = ROOT / "examples" / "decks" / "tactics"
    args = ["simulate", "tactics", "--decks", decks / "duel.json", "--decks", decks / "duel-rival.json",
            "--seed", "3", "--turns", "30", "-f", "json"]  # fmt: skip
    both = cli(*args, "--decider", "heuristic", "--decider", "brawler")
    assert both.exit_code == 0, both.output
    assert cli(*args, "--decider", "brawler").exit_code == 0
    three = cli(*args, "--decider", "heuristic", "--decider", "brawler", "--decider", "random")
    assert three.exit_code == 2 and "--decider" in three.output
    unknown = cli(*args, "--decider", "smart")
    assert unknown.exit_code == 2 and "brawler" in unknown.output
