"""Two rules of the tactics engine a user-tester found broken (sweep 65): one attack opened two response windows
(the ability's, before its target was chosen, then the attack's), and a hidden unit or a hidden scene obstacle was
exposed only by a unit facing it.

Each test quotes the seed line or the ruling it checks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from toolkit.engine.core import Decider
from toolkit.engine.tactics import TacticsGame, Unit

from .tactics_util import Dice, board_game, events, hand, obstacle, put


class Answers(Decider):
    """Keeps every question asked; answers a response window with its first response, a special ability with the
    first one offered, an attack with 制式手枪, a counterattack with ``counter`` (the first offered, or none) and
    anything else with the first option."""

    def __init__(self, counter: bool = False) -> None:
        self.asked: list[tuple[int, str]] = []
        self.counter = counter

    def choose(self, player: int, prompt: str, options: Sequence[Any]) -> Any:
        asked = str(prompt)
        self.asked.append((player, asked))
        if asked.startswith("respond to") or asked.startswith("special ability"):
            return next((o for o in options if o is not None), None)
        if asked.startswith("counterattack of") and " against " in asked:
            return next((o for o in options if o is not None), None) if self.counter else None
        if asked.startswith("attack of"):
            return next(o for o in options if str(o) == "制式手枪")
        return options[0]

    def responses(self, seat: int | None = None) -> list[str]:
        return [p for s, p in self.asked if p.startswith("respond to") and seat in (None, s)]


def _strike(game: TacticsGame, seat: int, unit: Unit) -> None:
    game.active = seat
    game.take(next(a for a in game.legal_actions(seat) if a.kind == "ability" and a.source.record.id == "strike"
                   and a.unit is unit))  # fmt: skip


def _kinds(game: TacticsGame) -> list[str]:
    return [e.kind for e in game.log]


# ---------------------------------------------------------------- §13.1, §14.8, T21: one response window per attack


def test_a_strike_has_one_response_window_once_its_target_is_chosen() -> None:
    """§14.8 "对手响应对手确定行动后、结算前，进入响应时机。此时对手可使用1次响应行动" and T21 (declare: attack profile, pay,
    target → the opponent's response): 袭击 against 烈风, whose player holds two response cards, asks once, naming the
    target, and one response is played (was: asked at 袭击 before any target, then again at the attack)."""
    answers = Answers()
    game = board_game(decider=answers)
    gale = put(game, 1, "gale", (3, 2), "s")
    jackdaw = put(game, 2, "jackdaw", (3, 6), "n")
    hand(game, 1, "adrenaline_shot", "perfect_cover")
    game.rng = Dice(6, 6, 6)  # type: ignore[assignment]
    _strike(game, 2, jackdaw)
    assert answers.responses() == [f"respond to {jackdaw}'s attack with 制式手枪 on {gale}?"]
    assert len(events(game, "respond")) == 1 and len(game.player(1).hand) == 1
    kinds = _kinds(game)
    assert kinds.index("attack") < kinds.index("respond")


def test_a_special_ability_is_offered_once_at_the_response_to_one_attack() -> None:
    """T26 ("at any timing point …, once per timing point per name") with T21's one response window: 雾刃's 特殊 move
    is offered once at the response point of 寒鸦's 袭击, then at 攻击时, 伤害结算 and 攻击后 (was: at two response
    points, the first before the target was chosen)."""
    answers = Answers()
    game = board_game(squads=(("mistblade", "gale"), ("jackdaw", "egret")), decider=answers)
    blade = put(game, 1, "mistblade", (3, 2), "s")
    jackdaw = put(game, 2, "jackdaw", (3, 6), "n")
    hand(game, 1, "med_kit", "supply_crate", "intel_dossier", "zip_cuffs", "forged_orders")
    game.rng = Dice(6, 6, 6)  # type: ignore[assignment]
    _strike(game, 2, jackdaw)
    points = [e.data["point"] for e in events(game, "special") if e.data["unit"] == str(blade)]
    assert points == ["response", "on_attack", "damage", "after_attack"]
    offered = [p for s, p in answers.asked if p.startswith("special ability (response")]
    assert offered == [f"special ability (response: {jackdaw}'s attack with 制式手枪 on {blade})?"]


def test_anvils_own_ability_moves_then_answers_its_attack_once() -> None:
    """铁砧 "主动 横置，-1：本单位移动 0-1。本单位进行 1 次袭击。": an ability that resolves into an attack has the
    attack's one response window, after its target is chosen (§13.1 确定行动 → 对手响应, T21)."""
    answers = Answers()
    game = board_game(decider=answers)
    anvil = put(game, 1, "anvil", (3, 2), "s")
    jackdaw = put(game, 2, "jackdaw", (3, 5), "n")
    hand(game, 1, "med_kit", "supply_crate")
    hand(game, 2, "adrenaline_shot", "perfect_cover")
    game.rng = Dice(1, 1, 1)  # type: ignore[assignment]
    game.active = 1
    game.take(next(a for a in game.legal_actions(1) if a.kind == "ability" and a.source.record.id == "anvil"))
    assert len(answers.responses()) == 1 and answers.responses()[0].endswith(f"on {jackdaw}?")
    assert len(events(game, "respond")) == 1
    assert events(game, "move")[0].data["unit"] == str(anvil)
    kinds = _kinds(game)
    assert kinds.index("move") < kinds.index("attack") < kinds.index("respond")


def test_a_card_played_to_attack_answers_its_attack_once() -> None:
    """稳定瞄准 "直到回合结束，本单位攻击距离 +2。本单位进行 1 次袭击。" played: one attack action, one response window,
    the attack's (T21; was: one for the card played, another at the attack)."""
    answers = Answers()
    game = board_game(decider=answers)
    gale = put(game, 1, "gale", (3, 2), "s")
    jackdaw = put(game, 2, "jackdaw", (3, 6), "n")
    hand(game, 1, "adrenaline_shot", "perfect_cover")
    (aim,) = hand(game, 2, "steady_aim")
    game.rng = Dice(6, 6, 6)  # type: ignore[assignment]
    game.active = 2
    game.take(next(a for a in game.legal_actions(2) if a.kind == "play" and a.card is aim))
    assert answers.responses() == [f"respond to {jackdaw}'s attack with 制式手枪 on {gale}?"]
    assert len(events(game, "respond")) == 1


def test_an_ability_that_does_not_attack_keeps_its_own_window() -> None:
    """§12.2 "对手确定行动后、结算前": 行进 (no attack) is answered before it resolves."""
    answers = Answers()
    game = board_game(decider=answers)
    put(game, 1, "gale", (3, 2), "s")
    jackdaw = put(game, 2, "jackdaw", (3, 6), "n")
    hand(game, 1, "adrenaline_shot", "perfect_cover")
    game.active = 2
    game.take(next(a for a in game.legal_actions(2) if a.kind == "ability" and a.source.record.id == "march"))
    assert len(answers.responses()) == 1 and answers.responses()[0].startswith(f"respond to {jackdaw} using ")
    kinds = _kinds(game)
    assert kinds.index("respond") < kinds.index("move")


def test_a_counterattack_has_no_response_window() -> None:
    """§13.1.2 and T21: 烈风's 正当防卫 against 寒鸦's 袭击 is not answered: 寒鸦's player, holding a response card, is
    never asked; 烈风's player is asked once, at the 袭击."""
    answers = Answers(counter=True)
    game = board_game(decider=answers)
    gale = put(game, 1, "gale", (3, 2), "s")
    jackdaw = put(game, 2, "jackdaw", (3, 6), "n")
    hand(game, 1, "adrenaline_shot")
    hand(game, 2, "adrenaline_shot")
    game.rng = Dice(1, 1, 1, 1)  # type: ignore[assignment]
    _strike(game, 2, jackdaw)
    assert [e.data["counter"] for e in events(game, "attack")] == [False, True]
    assert answers.responses(2) == []
    assert answers.responses(1) == [f"respond to {jackdaw}'s attack with 制式手枪 on {gale}?"]


# ---------------------------------------------------------------- §8.4, T16, T23: exposed by sight at 0-1, any facing


def test_a_hidden_enemy_behind_a_unit_is_exposed_by_its_sight() -> None:
    """§8.4 "位于敌方单位的视线中，且 2 者的距离为 0-1 时" and T23: 视线 is the line of sight (T16), not the vision band
    (视野, T15): 寒鸦 hidden right behind 烈风 (who faces north) is exposed (was: only by a unit facing it)."""
    game = board_game()
    gale = put(game, 1, "gale", (3, 3), "n")
    jackdaw = put(game, 2, "jackdaw", (3, 4), "e", hidden=True)
    game.check_exposure()
    assert not jackdaw.hidden
    assert [str(e.data["reason"]) for e in events(game, "exposed")] == [f"in sight of {gale} at distance 0-1"]


def test_a_hidden_scene_obstacle_beside_a_unit_looking_away_is_exposed() -> None:
    """T23: a hidden scene obstacle "in the sight of any agent or minion at distance 0–1" is turned face up, whichever
    way the agent looks."""
    game = board_game()
    rack = obstacle(game, "server_rack", (2, 3))
    rack.hidden = True
    put(game, 1, "gale", (3, 3), "e")  # looking away from it
    game.check_exposure()
    assert not rack.hidden


def test_a_hidden_enemy_two_cells_ahead_stays_hidden() -> None:
    """§8.4's distance 0-1: in vision and in sight two cells ahead is not close enough."""
    game = board_game()
    put(game, 1, "gale", (3, 3), "n")
    jackdaw = put(game, 2, "jackdaw", (3, 1), "s", hidden=True)
    game.check_exposure()
    assert jackdaw.hidden
