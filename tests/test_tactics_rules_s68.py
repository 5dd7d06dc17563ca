"""Six rules of the tactics engine a read-only sweep found broken (stop 67, fixed in session 68): a worn weapon's
攻击前/攻击时/攻击后 text fired for attacks made with another attack; a response card was offered to the first of a
player's units that could play it only; an equipment's used-up shield stayed used up when the card came back; in
four-player 双雄 a unit counterattacked in its teammate's turn; a 切换 card reset by an effect was not offered the
switch; the turn's end logged a hand count with the token cards the hand limit leaves out.

Each test quotes the seed line or the ruling it checks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from toolkit.engine.core import Decider
from toolkit.engine.tactics import Context, TacticsGame, Unit
from toolkit.engine.tactics.decisions import label

from .tactics_util import Dice, board_game, events, hand, put

OPEN = ["........"] * 8  # no wall, no obstacle, no deployment zone in the way


class Asked(Decider):
    """Answers by ``pick(seat, prompt, options)`` (NotImplemented: the first option, a counterattack declined) and
    ``confirm`` with ``yes``; writes down every question (seat, prompt, options)."""

    declined: tuple[str, ...] = ("counterattack of",)  # the questions answered with None (declined) where it is offered

    def __init__(self, pick: Callable[[int, str, list[Any]], Any] | None = None, yes: bool = True) -> None:
        self.pick = pick
        self.yes = yes
        self.asked: list[tuple[int, str, list[Any]]] = []

    def choose(self, player: int, prompt: str, options: Sequence[Any]) -> Any:
        asked = str(prompt)
        self.asked.append((player, asked, list(options)))
        found = self.pick(player, asked, list(options)) if self.pick is not None else NotImplemented
        if found is not NotImplemented:
            return found
        if asked.startswith(self.declined) and None in options:
            return None
        return options[0]

    def confirm(self, player: int, prompt: str) -> bool:
        self.asked.append((player, str(prompt), [True, False]))
        return self.yes

    def prompts(self, start: str) -> list[tuple[int, str]]:
        return [(seat, prompt) for seat, prompt, _ in self.asked if prompt.startswith(start)]


def _sidearm(seat: int, prompt: str, options: list[Any]) -> Any:
    """Attack with 制式手枪; anything else as :class:`Asked` answers it."""
    if prompt.startswith("attack of"):
        return next(o for o in options if str(o) == "制式手枪")
    return NotImplemented


def _profile(game: TacticsGame, unit: Unit, name: str) -> Any:
    return next(p for p in game.profiles(unit) if p.name == name)


# ---------------------------------------------------------------- §13.1, T21: a weapon's attack texts


def test_a_worn_weapons_attack_texts_fire_only_for_attacks_made_with_it() -> None:
    """§13.1 "使用该单位佩戴的1件具有攻击力的装备攻击1次" and T21 (one attack profile: built-in or one equipped weapon):
    电击棍's "攻击后：横置本次攻击的目标。" is the baton's attack; 烈风 wearing it and shooting 寒鸦 with 制式手枪 does
    not tap 寒鸦 (it did), and hitting 寒鸦 with the baton does."""
    game = board_game(decider=Asked(_sidearm), rows=OPEN)
    gale = put(game, 1, "gale", (0, 4), "e")
    jackdaw = put(game, 2, "jackdaw", (3, 4), "w")
    baton = game._card("stun_baton", 1)
    game.equip(gale, baton)
    game.active = 1
    game.rng = Dice(*[1] * 20)  # type: ignore[assignment]
    game.attack(gale, jackdaw, _profile(game, gale, "制式手枪"))
    assert not jackdaw.tapped
    assert not [e for e in events(game, "trigger") if e.data["source"] == "stun_baton"]
    jackdaw.pos = (1, 4)
    game.attack(gale, jackdaw, _profile(game, gale, baton.name))
    assert jackdaw.tapped
    assert [e.data["timing"] for e in events(game, "trigger") if e.data["source"] == "stun_baton"] == ["after_attack"]


def test_a_weapons_attack_texts_do_not_change_an_attack_made_with_another_profile() -> None:
    """§13.1, T21: 蝉翼匕首's "攻击时：如果目标是特工，本次攻击攻速 +1。" is the dagger's; 雾刃 wearing it and shooting 寒鸦
    with 制式手枪 rolls the sidearm's one die (it rolled two). Equipment that is no weapon keeps its text for every
    attack of its wearer: 光学迷彩's "攻击时：如果本单位处于隐蔽状态，本次攻击命中骰结果 +2。" adds 2 to the roll of a
    hidden 雾刃 (resolved before 雾刃's own 攻击时, which turns it face up as it is used since session 68, §8.4)."""

    def pick(seat: int, prompt: str, options: list[Any]) -> Any:
        if prompt.startswith("which trigger"):
            return next(o for o in options if "optical_camouflage" in str(o.key))
        return _sidearm(seat, prompt, options)

    game = board_game(squads=(("mistblade", "gale"), ("jackdaw", "egret")), decider=Asked(pick), rows=OPEN)
    blade = put(game, 1, "mistblade", (0, 4), "e")
    jackdaw = put(game, 2, "jackdaw", (3, 4), "w")
    for card in (game._card("cicada_wing_dagger", 1), game._card("optical_camouflage", 1)):
        game.equip(blade, card)
    blade.hidden = True  # (wearing the exclusive dagger exposed it, §8.4)
    game.active = 1
    game.rng = Dice(*[1] * 20)  # type: ignore[assignment]
    game.attack(blade, jackdaw, _profile(game, blade, "制式手枪"))
    roll = events(game, "hit_roll")[-1].data
    assert (roll["dice"], roll["modifier"]) == (1, 2)
    sources = [e.data["source"] for e in events(game, "trigger")]
    assert "cicada_wing_dagger" not in sources and "optical_camouflage" in sources


# ---------------------------------------------------------------- §7.4.3, §12.1: a response card, any eligible unit


def test_a_response_card_is_offered_to_each_unit_that_may_play_it() -> None:
    """§12.1 "打出 1 张具有响应牌能力的牌" and §7.4.3: any of the player's units that may play the card may be the one
    playing it. 肾上腺素针 ("响应：本单位获得 2 点临时生命值。") is offered for 寒鸦 and for 白鹭, each with its own label
    (it was offered for 寒鸦 only), and 白鹭, attacked, plays it herself."""

    def pick(seat: int, prompt: str, options: list[Any]) -> Any:
        if prompt.startswith("respond to"):
            return next(o for o in options if o is not None and o.unit is egret)
        if prompt.startswith("target of"):
            return egret
        return _sidearm(seat, prompt, options)

    decider = Asked(pick)
    game = board_game(decider=decider, rows=OPEN)
    gale = put(game, 1, "gale", (0, 4), "e")
    jackdaw = put(game, 2, "jackdaw", (7, 7), "n")
    egret = put(game, 2, "egret", (3, 4), "w")
    (shot,) = hand(game, 2, "adrenaline_shot")
    game.active = 1
    plays = [a for a in game.response_options(2, Context(1, None, gale)) if a.kind == "play"]
    assert [(a.card, a.unit) for a in plays] == [(shot, jackdaw), (shot, egret)]
    assert len({label(a, 2) for a in plays}) == 2
    game.rng = Dice(*[1] * 20)  # type: ignore[assignment]
    game.take(next(a for a in game.legal_actions(1) if a.kind == "ability" and a.source.record.id == "strike"
                   and a.unit is gale))  # fmt: skip
    assert events(game, "respond")[-1].data["by"] == str(egret)
    assert egret.temp_hp == 2 and jackdaw.temp_hp == 0


# ---------------------------------------------------------------- §8.3: a card back in play is a new card


def test_an_equipments_shield_is_whole_again_when_the_card_comes_back() -> None:
    """§8.3 "当 1 个拥有护盾值的装备的护盾值降低至 0 或更低时，这件装备将被消灭": 陶瓷防弹衣 (护盾值 3) used up goes to the
    discard; drawn again and worn, it takes 3 damage again before its wearer loses HP (it took none: its wearer lost
    2 HP at once, and the armour was never destroyed again)."""
    game = board_game(rows=OPEN)
    gale = put(game, 1, "gale", (0, 4), "e")
    armour = game._card("ceramic_body_armor", 1)
    game.equip(gale, armour)
    game.damage(gale, 3, by=2)
    assert armour in game.player(1).discard and armour not in gale.equipment
    game.player(1).deck, game.player(1).hand = [], []
    game.draw(1, 1)  # the discard is reshuffled into the deck: the armour comes back
    assert game.player(1).hand == [armour]
    game.equip(gale, armour)
    hp = gale.hp
    game.damage(gale, 2, by=2)
    assert gale.hp == hp
    assert events(game, "damage")[-1].data["equipment_shield"] == [f"{armour}: 2"]
    game.damage(gale, 1, by=2)
    assert armour not in gale.equipment and gale.hp == hp


def test_a_card_leaving_play_forgets_what_happened_to_it_in_play() -> None:
    """§8.3 with §7.3.1 "佩戴装备的单位离场时，其佩戴的所有装备自毁": armour whose shield was partly used goes to the
    discard when its wearer is destroyed, untapped, on its front and with its whole shield."""
    game = board_game(rows=OPEN)
    gale = put(game, 1, "gale", (0, 4), "e")
    armour = game._card("ceramic_body_armor", 1)
    game.equip(gale, armour)
    game.damage(gale, 1, by=2)
    assert armour.shield_left == 2
    armour.tapped = True
    game.destroy(gale, by=2)
    assert armour in game.player(1).discard
    assert (armour.shield_left, armour.tapped, armour.face) == (None, False, "front")


# ---------------------------------------------------------------- §13.1.2, §8.1, T22: counterattacks in team play


def test_a_counterattack_is_in_an_enemys_turn_never_in_a_teammates() -> None:
    """Index 反击 "己方单位在敌方回合被攻击后，可使用“正当防卫”获得 1 次反击机会" and §8.1 "保持竖置的牌可以在对手的回合用于
    响应行动，或用于反击", with T22 (seats 1 and 3 against 2 and 4): 烈风 (seat 1) attacked by 寒鸦 (seat 2) may
    counterattack in the turns of seats 2 and 4, not in its own nor in its teammate's (seat 3: it was asked there).
    An attack by a teammate's unit is never counterattacked (白鹭, seat 3, in the turn of seat 2)."""
    decider = Asked(_sidearm)
    game = board_game(squads=(("gale", "anvil"), ("jackdaw", "lynx"), ("egret", "cinder"), ("masque", "cipher")),
                      decider=decider, rows=OPEN)  # fmt: skip
    assert game.hostile(1, 2) and not game.hostile(1, 3)
    gale = put(game, 1, "gale", (0, 4), "e")
    jackdaw = put(game, 2, "jackdaw", (3, 4), "w")
    egret = put(game, 3, "egret", (0, 2), "s")
    asked: dict[int, bool] = {}
    for active in (1, 2, 3, 4):
        game.active = active
        gale.tapped = False
        game.rng = Dice(*[1] * 20)  # type: ignore[assignment]
        before = len(decider.asked)
        game.attack(jackdaw, gale, _profile(game, jackdaw, "制式手枪"))
        asked[active] = any(p.startswith("counterattack of") for _, p, _ in decider.asked[before:])
    assert asked == {1: False, 2: True, 3: False, 4: True}
    game.active = 2
    before = len(decider.asked)
    game.attack(egret, gale, _profile(game, egret, "制式手枪"))
    assert not any(p.startswith("counterattack of") for _, p, _ in decider.asked[before:])


# ---------------------------------------------------------------- §7.4.1: 切换 after any reset


def test_a_switch_card_reset_by_an_effect_may_be_turned_over() -> None:
    """§7.4.1 "切换能力表示可以在重置倒转牌后将其倒转，即使其尚未横置": 战术换弹 ("重置你选择的 1 个装备") resets 寒鸦's
    tapped 折叠两脚架, and its player may turn it over then (it was offered only at the turn's start)."""
    decider = Asked()
    game = board_game(squads=(("jackdaw", "gale"), ("egret", "anvil")), decider=decider, rows=OPEN)
    jackdaw = put(game, 1, "jackdaw", (0, 4), "e")
    put(game, 2, "egret", (7, 0), "w")
    bipod = game._card("folding_bipod", 1)
    game.equip(jackdaw, bipod)
    bipod.tapped = True
    reload, _ = hand(game, 1, "tactical_reload", "med_kit")
    game.active = 1
    game.take(next(a for a in game.legal_actions(1) if a.kind == "play" and a.card is reload))
    assert not bipod.tapped
    assert decider.prompts("switch") == [(1, f"switch {bipod} to its other face?")]
    assert bipod.face == "reverse" and events(game, "switch")[-1].data == {"card": str(bipod), "face": "reverse"}


def test_a_switch_card_reset_by_an_effect_keeps_its_face_when_its_player_declines() -> None:
    """§7.4.1 "可以": the switch is a choice; declined, the card stays on the face it was."""
    decider = Asked(yes=False)
    game = board_game(squads=(("jackdaw", "gale"), ("egret", "anvil")), decider=decider, rows=OPEN)
    jackdaw = put(game, 1, "jackdaw", (0, 4), "e")
    bipod = game._card("folding_bipod", 1)
    game.equip(jackdaw, bipod)
    bipod.tapped = True
    game.set_tapped(bipod, False, 1)
    assert decider.prompts("switch") == [(1, f"switch {bipod} to its other face?")]
    assert bipod.face == "front" and not events(game, "switch")


# ---------------------------------------------------------------- §2.3, §8.2, T4: the hand limit leaves tokens out


def test_the_turns_end_logs_the_cards_the_hand_limit_counts() -> None:
    """§2.3 "（衍生牌不计入上限…）" and T4 (tokens do not count toward the hand limit): a hand of 8 cards and 2 tokens
    is within the limit of 8; the turn's end says 8 of its 10 cards count (it said "hand: 10, limit: 8", as if over)."""
    game = board_game(rows=OPEN)
    put(game, 1, "gale", (0, 4), "e")
    hand(game, 1, *["med_kit"] * 8, "smoke_cloud", "intel_fragment")
    game.active = 1
    game.end_turn(1)
    assert len(game.player(1).hand) == 10 and not events(game, "discarded")
    assert events(game, "turn_end")[-1].data == {"hand": 10, "counted": 8, "limit": 8}


def test_the_discard_down_counts_what_the_turns_end_logs() -> None:
    """§8.2 "基础手牌上限为 8，每有 1 张牌在抵押区，当前手牌上限 -1", T4: 8 cards, a token and 1 mortgaged card make a
    limit of 7; one card is discarded (never the token), and the turn's end logs 7 counted of 8 held."""
    decider = Asked()
    game = board_game(rows=OPEN, decider=decider)
    put(game, 1, "gale", (0, 4), "e")
    cards = hand(game, 1, *["med_kit"] * 8, "smoke_cloud")
    game.player(1).mortgage = [game._card("flashbang", 1)]
    game.active = 1
    game.end_turn(1)
    (discard,) = [options for _, p, options in decider.asked if p.startswith("discard down")]
    assert cards[-1] not in discard and len(discard) == 8
    assert len(events(game, "discarded")) == 1
    assert events(game, "turn_end")[-1].data == {"hand": 8, "counted": 7, "limit": 7}
