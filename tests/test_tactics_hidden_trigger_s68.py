"""A hidden agent's own triggered ability exposes it as it is used (§8.4 "使用其能力、专用牌，或佩戴专用装备时",
a reading of session 68, docs/rulings.md): a sweep found 蜂后's 登场时 (翻牌直到翻出 1 张随从牌) resolved in the open
while the unit stayed face down, so its opponent knew which ``hidden#N`` it was (only 蜂后 and 假面 have a 登场时,
and the reveal was 蜂后's text).

The agent turns face up once its text first does something (its 如果 held, its 你可以 taken), with its 暴露时
consequences first; until then what it checks is told to its player alone. A text that does nothing (a 如果 that
does not hold, a 你可以 declined) is not used: the agent stays hidden and its opponent sees nothing of it. Generic
equipment and statuses on it, a minion's own text and the built-in attacks' texts do not expose it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from toolkit.engine.core import Decider
from toolkit.engine.tactics import TacticsGame, Unit
from toolkit.engine.tactics.tactician import TacticianDecider

from .tactics_util import FILLER, Dice, board_game, events, hand, put

OPEN = [".........."] * 8  # no wall, no obstacle in the way

USED = "uses its own ability (§8.4)"


class Answers(Decider):
    """The first option, a counterattack declined; ``confirm`` answers ``yes``."""

    def __init__(self, yes: bool = True) -> None:
        self.yes = yes
        self.confirmed: list[tuple[int, str]] = []

    def choose(self, player: int, prompt: str, options: Sequence[Any]) -> Any:
        if str(prompt).startswith("counterattack of") and None in options:
            return None
        return options[0]

    def confirm(self, player: int, prompt: str) -> bool:
        self.confirmed.append((player, str(prompt)))
        return self.yes


def _game(squads: Sequence[Sequence[str]], decks: Sequence[Sequence[str]] | None = None,
          yes: bool = True) -> TacticsGame:  # fmt: skip
    game = board_game(squads=squads, decider=Answers(yes), decks=decks, rows=OPEN)
    game.active = 1
    return game


def _seen(game: TacticsGame, seat: int, kind: str, source: str | None = None) -> list[Any]:
    """The entries of ``kind`` seat ``seat`` is shown (of ``source``'s ability, given one)."""
    return [e for e in game.log.seen_by(seat) if e.kind == kind and (source is None or e.data.get("source") == source)]


def _with_text(game: TacticsGame, unit: Unit, *texts: str) -> None:
    unit.record = unit.record.model_copy(update={"text": list(texts)})
    game.forget_texts(unit.record.id)


def _exposed(game: TacticsGame, unit: Unit) -> list[Any]:
    return [e for e in events(game, "exposed") if e.data["unit"] == str(unit)]


def test_queen_bees_entry_exposes_it_before_the_reveal() -> None:
    """The sweep's game: 蜂后 deployed face down, its "登场时：你翻牌直到翻出 1 张随从牌。" resolves at the game's
    start. It turns face up first (a player shows the card to resolve its text), then reveals; the opponent is
    shown the trigger once it is face up, never a face-down unit's trigger."""
    game = _game((("queen_bee", "anvil"), ("jackdaw", "egret")), decks=[["security_contract", *FILLER], FILLER])
    bee = put(game, 1, "queen_bee", (0, 0), "e", hidden=True)
    put(game, 2, "jackdaw", (9, 6), "w")
    game.fire("on_enter", 1, unit=bee)
    assert not bee.hidden
    [exposed] = _exposed(game, bee)
    assert str(exposed.data["reason"]) == USED
    reveals = events(game, "reveal")
    assert reveals and exposed.seq < reveals[0].seq
    assert [c.id for c in game.player(1).hand][-1] == "security_contract"
    # the trigger is logged once the unit is face up (before, it would name a face-down unit's text)
    [trigger] = _seen(game, 2, "trigger", "queen_bee")
    assert exposed.seq < trigger.seq < reveals[0].seq and trigger.visible == "all"
    assert trigger.data["card"] == str(bee) and trigger.data["timing"] == "on_enter"


def test_a_trigger_whose_condition_does_not_hold_is_not_used_and_shows_nothing() -> None:
    """白鹭's "回合结束时：如果你的手牌不多于 2 张，你抽 1 张牌。" with three cards in hand does nothing: 白鹭 stays
    face down and nothing of it is logged (its trigger or its condition would tell it is 白鹭 or 暗码, the agents
    with a turn's-end text; an entry its player alone saw would leave a gap in the others' numbering there); with
    two cards it draws, and turns face up first, its condition logged after."""
    game = _game((("gale", "anvil"), ("jackdaw", "egret")))
    egret = put(game, 2, "egret", (9, 6), "w", hidden=True)
    put(game, 1, "gale", (0, 0), "e")
    hand(game, 2, "smoke_grenade", "med_kit", "supply_crate")
    game.active = 2
    start = len(game.log)
    game.fire("turn_end", 2)
    assert egret.hidden and len(game.log) == start
    assert game.idle[("egret", 1)] == {"condition_false": 1}  # (the coverage report still says why)
    hand(game, 2, "smoke_grenade", "med_kit")
    game.fire("turn_end", 2)
    assert not egret.hidden
    [exposed] = _exposed(game, egret)
    [trigger] = _seen(game, 1, "trigger", "egret")
    [condition] = _seen(game, 1, "condition")
    [draw] = [e for e in events(game, "draw") if e.seq > exposed.seq]
    assert exposed.seq < trigger.seq < condition.seq < draw.seq and condition.data["holds"] is True
    assert len(game.player(2).hand) == 3


def test_a_condition_on_being_hidden_is_read_before_the_unit_turns_face_up() -> None:
    """山猫's "攻击前：如果本单位处于隐蔽状态，本次攻击命中骰结果 +1。": 山猫 attacking face down (the built-in attack
    exposes nobody, §7.3.1) gets its +1, the condition read as the text is used, and turns face up as it is used."""
    game = _game((("lynx", "gale"), ("jackdaw", "egret")))
    lynx = put(game, 1, "lynx", (0, 4), "e", hidden=True)
    jackdaw = put(game, 2, "jackdaw", (3, 4), "e")  # (facing away: it does not see 山猫)
    game.rng = Dice(*[4] * 20)  # type: ignore[assignment]
    profile = next(p for p in game.profiles(lynx) if p.name == "制式手枪")
    game.attack(lynx, jackdaw, profile)
    mods = [e for e in events(game, "attack_modifier") if e.data["stat"] == "hit_result"]
    assert [e.data["delta"] for e in mods] == [1]
    [exposed] = _exposed(game, lynx)
    assert str(exposed.data["reason"]) == USED and exposed.seq < mods[0].seq
    [condition] = [e for e in events(game, "condition") if e.seq < mods[0].seq]
    assert condition.data["holds"] is True and condition.seq > exposed.seq  # (read face down, logged once used)


def test_a_declined_optional_trigger_is_not_used() -> None:
    """§7.3.2 "如果能力中包含"可以"二字，则表示这段能力可以选择是否触发": a face-down agent's "你可以" declined is
    not used, so it stays hidden; taken, it exposes the agent before the draw."""
    for yes in (False, True):
        game = _game((("gale", "anvil"), ("jackdaw", "egret")), yes=yes)
        gale = put(game, 1, "gale", (0, 0), "e", hidden=True)
        _with_text(game, gale, "回合结束时：你可以抽 1 张牌。")
        game.fire("turn_end", 1)
        assert gale.hidden is not yes
        assert bool(_exposed(game, gale)) is yes
        assert bool(_seen(game, 2, "trigger")) is yes
        assert not events(game, "declined")
        assert game.coverage[("gale", 0)] == [True, yes]


def test_generic_equipment_and_statuses_on_a_hidden_agent_do_not_expose_it() -> None:
    """§7.3.1 "隐蔽状态特工使用通用指令牌…均不会暴露": 动力外骨骼's "回合开始时：佩戴者回复 1 点生命值。" heals a
    face-down 烈风 without turning it face up."""
    game = _game((("gale", "anvil"), ("jackdaw", "egret")))
    gale = put(game, 1, "gale", (0, 0), "e", hidden=True)
    gale.equipment.append(game._card("powered_exoskeleton", 1))
    gale.hp -= 2
    game.fire("turn_start", 1)
    assert gale.hidden and not _exposed(game, gale)
    assert [e for e in events(game, "heal") if e.data["unit"] == str(gale)]


def test_exposure_and_its_when_exposed_texts_come_before_the_ability() -> None:
    """The agent turns face up before its text resolves, with the usual consequences (§8.4, T26: 暴露 is a special
    ability; 暴露时 texts): 伏击信号弹's "暴露时：对距离 0-2 内的目标敌方单位造成 1 点伤害。" hits before 蜂后's
    reveal."""
    game = _game((("queen_bee", "anvil"), ("jackdaw", "egret")), decks=[["security_contract", *FILLER], FILLER])
    bee = put(game, 1, "queen_bee", (0, 4), "e", hidden=True)
    jackdaw = put(game, 2, "jackdaw", (2, 4), "e")
    bee.equipment.append(game._card("ambush_flare", 1))
    game.fire("on_enter", 1, unit=bee)
    [damage] = [e for e in events(game, "damage") if e.data["unit"] == str(jackdaw)]
    [exposed] = _exposed(game, bee)
    assert exposed.seq < damage.seq < events(game, "reveal")[0].seq


def test_a_minions_own_text_does_not_expose_it() -> None:
    """外包安保员 (deployed face down, its card played in the open) gains its 登场时 shield and stays hidden: a
    minion's card prints both, and what it is was never hidden (the reading covers agents)."""
    game = _game((("queen_bee", "anvil"), ("jackdaw", "egret")))
    record = game.by_id[("unit", "contract_guard")]
    guard = Unit(game._next_uid(), "contract_guard", record.name.zh_hans, 1, "minion", record.hp, record.hp, record)
    game.place(guard, (0, 0), "e")
    guard.hidden = True
    game.player(1).units.append(guard)
    game.fire("on_enter", 1, unit=guard)
    assert guard.hidden and guard.shield == 1


def test_a_trigger_that_names_no_target_is_not_used_and_changed_nothing_for_coverage() -> None:
    """The coverage measure: 山猫's "移动后：暴露距离 0-2 内的目标敌方单位。" with no enemy near names no target (none in
    its distance and sight, §11.6), so it is not used and 山猫 stays face down (sweep 73h; it was exposed for a text
    that did nothing): reached, not changed, no target."""
    game = _game((("lynx", "gale"), ("jackdaw", "egret")))
    lynx = put(game, 1, "lynx", (0, 4), "e", hidden=True)
    put(game, 2, "jackdaw", (9, 0), "w")
    game.fire("after_move", 1, unit=lynx)
    assert lynx.hidden and not [e for e in game.log if e.kind in ("exposed", "trigger", "no_target")]
    assert game.coverage[("lynx", 0)] == [True, False]
    assert dict(game.idle[("lynx", 0)]) == {"no_target": 1}


def test_the_tactician_resolves_its_face_down_agents_own_trigger_last() -> None:
    """§11.7: a player orders its own triggers of one moment. 雾刃 face down, wearing 光学迷彩 ("攻击时：如果本单位处于
    隐蔽状态，本次攻击命中骰结果 +2。", generic: it exposes nobody), shoots: the tactician resolves 雾刃's own 攻击时 (which
    exposes it) after the camouflage's, so the +2 counts, whatever its dice say (seeds 0-9)."""
    for seed in range(10):
        game = board_game(squads=(("mistblade", "gale"), ("jackdaw", "egret")), rows=OPEN)
        game.decider = TacticianDecider(random.Random(seed)).bind(game)
        game.triggers.decider = game.decider
        blade = put(game, 1, "mistblade", (0, 4), "e", hidden=True)
        jackdaw = put(game, 2, "jackdaw", (3, 4), "e")
        blade.equipment.append(game._card("optical_camouflage", 1))
        game.active = 1
        game.rng = Dice(*[1] * 20)  # type: ignore[assignment]
        game.attack(blade, jackdaw, next(p for p in game.profiles(blade) if p.name == "制式手枪"))
        assert events(game, "hit_roll")[0].data["modifier"] == 2, seed
        assert not blade.hidden
