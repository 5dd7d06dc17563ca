"""An action's targets, choices and a status card's unit are chosen when the action is determined (§11.5 确定行动:
declare, pay, choose options, objects or targets), before the opponents' response window (§12.2), and checked at
resolution (§11.6, 目标丢失): a target out of distance or sight then is lost, a choice stands while its object
exists and meets the requirement; a status whose unit is gone goes to the discard. A response is determined when
it is declared. The opponents are told what was chosen (``target_chosen``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from toolkit.engine.core import FirstDecider
from toolkit.engine.tactics import TacticsGame, Unit

from .tactics_util import board_game, events, hand, put

T = TypeVar("T")


class Recorder(FirstDecider):
    """Records every question (seat, prompt); answers 响应 with the first response (or none), a move with the cell
    farthest from ``away`` (when set), a target or a unit to attach to with ``prefer`` when offered, everything else
    with the first option; ``on_respond`` runs when a seat is asked whether to respond (as a response would change
    the board)."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, str]] = []
        self.away: Unit | None = None
        self.game: TacticsGame | None = None
        self.on_respond: Callable[[], None] | None = None
        self.respond = True
        self.prefer: Any = None

    def choose(self, player: int, prompt: str, options: Sequence[T]) -> T:
        self.asked.append((player, str(prompt)))
        if str(prompt).startswith("respond to "):
            if self.on_respond is not None:
                self.on_respond()
            return options[0] if self.respond else options[-1]
        if str(prompt).startswith("move ") and self.away is not None and self.game is not None:
            board, start = self.game.board, self.away.pos
            return max(options, key=lambda cell: board.distance(start, cell) or 0)  # type: ignore[arg-type]
        if str(prompt).startswith(("target:", "attach ")) and any(o is self.prefer for o in options):
            return self.prefer
        return options[0]

    def confirm(self, player: int, prompt: str) -> bool:
        self.asked.append((player, str(prompt)))
        return True

    def first(self, start: str) -> int:
        return next(i for i, (_, prompt) in enumerate(self.asked) if prompt.startswith(start))


def _game(squads: Sequence[Sequence[str]]) -> tuple[TacticsGame, Recorder]:
    decider = Recorder()
    game = board_game(squads=squads, decider=decider)
    decider.game = game
    game.active = 1
    return game, decider


def _cinder_against_jackdaw() -> tuple[TacticsGame, Recorder, Any, Any]:
    """Cinder at (2,3) facing jackdaw two cells east, jackdaw holding a response (全息诱饵) that moves it."""
    game, decider = _game((("cinder", "anvil"), ("jackdaw", "egret")))
    cinder = put(game, 1, "cinder", (2, 3), "e")
    jackdaw = put(game, 2, "jackdaw", (4, 3), "w")
    hand(game, 1, "med_kit", "smoke_grenade")
    hand(game, 2, "holo_decoy")
    return game, decider, cinder, jackdaw


def test_an_ability_s_target_is_chosen_before_the_responses_and_lost_when_the_target_moves_away() -> None:
    game, decider, cinder, jackdaw = _cinder_against_jackdaw()
    decider.away = cinder
    action = next(a for a in game.legal_actions(1) if a.kind == "ability" and a.source is cinder and a.index == 1)
    game.take(action)
    # declare, pay (mortgage), choose the target, then the opponent may respond (§11.5, §12.2)
    assert decider.first("mortgage") < decider.first("target:") < decider.first("respond to ")
    assert decider.asked[decider.first("target:")][0] == 1
    chosen = events(game, "target_chosen")
    assert [e.data["target"] for e in chosen] == [str(jackdaw)]
    kinds = [e.kind for e in game.log]
    assert kinds.index("target_chosen") < kinds.index("respond")
    # the decoy took jackdaw out of 0-2: the target is lost, the damage not dealt (§11.6)
    assert (game.distance(cinder, jackdaw) or 0) > 2
    lost = events(game, "target_lost")
    assert lost and lost[-1].data["target"] == str(jackdaw)
    assert jackdaw.hp == jackdaw.max_hp and not events(game, "damage")


def test_a_target_still_in_reach_after_the_responses_is_hit() -> None:
    game, decider, cinder, jackdaw = _cinder_against_jackdaw()
    decider.respond = False
    action = next(a for a in game.legal_actions(1) if a.kind == "ability" and a.source is cinder and a.index == 1)
    game.take(action)
    assert decider.first("target:") < decider.first("respond to ")
    assert not events(game, "target_lost") and jackdaw.hp == jackdaw.max_hp - 1


def test_a_status_card_s_unit_is_chosen_before_the_responses() -> None:
    game, decider = _game((("gale", "anvil"), ("jackdaw", "egret")))
    put(game, 1, "gale", (2, 3), "e")
    jackdaw = put(game, 2, "jackdaw", (4, 3), "w")
    bleeding = hand(game, 1, "bleeding", "med_kit", "smoke_grenade")[0]
    hand(game, 2, "holo_decoy")
    decider.respond, decider.prefer = False, jackdaw
    game.take(next(a for a in game.legal_actions(1) if a.kind == "play" and a.card is bleeding))
    assert decider.first("mortgage") < decider.first("attach ") < decider.first("respond to ")
    assert events(game, "target_chosen")[0].data == {"target": str(jackdaw), "card": str(bleeding)}
    kinds = [e.kind for e in game.log]
    assert kinds.index("target_chosen") < kinds.index("attach") and bleeding in jackdaw.statuses


def test_a_status_card_whose_unit_is_gone_at_resolution_goes_to_the_discard() -> None:
    game, decider = _game((("gale", "anvil"), ("jackdaw", "egret")))
    put(game, 1, "gale", (2, 3), "e")
    jackdaw = put(game, 2, "jackdaw", (4, 3), "w")
    put(game, 2, "egret", (8, 6), "n")  # (player 2 still has an agent on the map: the game goes on)
    bleeding = hand(game, 1, "bleeding", "med_kit", "smoke_grenade")[0]
    hand(game, 2, "holo_decoy")
    decider.respond, decider.prefer = False, jackdaw

    def jackdaw_leaves() -> None:  # (what a response that destroys it would do)
        game.destroy(jackdaw, by=1)

    decider.on_respond = jackdaw_leaves
    game.take(next(a for a in game.legal_actions(1) if a.kind == "play" and a.card is bleeding))
    assert jackdaw.gone and game.winners is None
    assert bleeding in game.player(1).discard and game.holder(bleeding) is None and not events(game, "attach")
    assert str(jackdaw) in str(events(game, "discarded")[-1].data["reason"])


def test_every_target_of_a_card_is_chosen_first_and_its_you_may_asked_at_resolution() -> None:
    # 温压手雷: 对距离 0-3 内的目标单位造成 3 点伤害。/ 你可以横置距离 0-3 内的目标敌方单位。
    game, decider = _game((("gale", "anvil"), ("jackdaw", "egret")))
    put(game, 1, "gale", (2, 3), "e")
    jackdaw = put(game, 2, "jackdaw", (4, 3), "w")
    grenade = hand(game, 1, "thermobaric_grenade", "med_kit", "smoke_grenade")[0]
    hand(game, 2, "holo_decoy")
    decider.respond, decider.prefer = False, jackdaw
    game.take(next(a for a in game.legal_actions(1) if a.kind == "play" and a.card is grenade))
    targets = [i for i, (_, prompt) in enumerate(decider.asked) if prompt.startswith("target:")]
    assert len(targets) == 2 and max(targets) < decider.first("respond to ") < decider.first("use:")
    assert [e.data["target"] for e in events(game, "target_chosen")] == [str(jackdaw)] * 2
    assert jackdaw.hp == jackdaw.max_hp - 3 and jackdaw.tapped


def test_a_choice_needs_no_sight_and_a_response_is_determined_when_declared() -> None:
    # 破坏你选择的 1 个敌方装备 needs no sight; 遥控诡雷 (响应：对距离 0-1 内的目标敌方单位造成 2 点伤害) names its
    # target when it is declared, before it resolves
    game, decider = _game((("gale", "anvil"), ("cinder", "egret")))
    gale = put(game, 1, "gale", (2, 3), "w")  # facing away from cinder: cinder is out of its vision
    cinder = put(game, 2, "cinder", (3, 3), "w")
    armor = game._card("ceramic_body_armor", 2)
    game.equip(cinder, armor)
    demolition = hand(game, 1, "precision_demolition", "med_kit", "smoke_grenade")[0]
    hand(game, 2, "remote_booby_trap", "med_kit")
    assert not game.sees(gale, (3, 3))
    game.take(next(a for a in game.legal_actions(1) if a.kind == "play" and a.card is demolition))
    asked = [(seat, prompt.split(":")[0]) for seat, prompt in decider.asked]
    choose = asked.index((1, "choose"))
    respond = next(i for i, (seat, prompt) in enumerate(decider.asked) if seat == 2 and prompt.startswith("respond to "))
    trap_target = next(i for i, (seat, kind) in enumerate(asked) if seat == 2 and kind == "target")
    assert choose < respond < trap_target
    kinds = [e.kind for e in game.log]
    assert kinds.index("respond") < kinds.index("target_chosen", kinds.index("respond")) < kinds.index("resolve")
    assert armor not in cinder.equipment  # chosen out of sight, and destroyed
    assert gale.hp == gale.max_hp - 2  # the trap's target, named when it was declared
