"""What a seat cannot see stays hidden from it: the tactician decides by what its seat may see (a face-down unit is
one of the units it could be, facing any way), and the log a seat is shown names a face-down unit by its handle and
cell only (§8.4, T23)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from toolkit.engine.core import Decider
from toolkit.engine.simulate import play_tactics
from toolkit.engine.tactics import TacticsGame
from toolkit.engine.tactics.decisions import label, mask
from toolkit.engine.tactics.tactician import TacticianDecider

from .tactics_util import board_game, hand, obstacle, put

# (the agent seat 1 has face down at (3, 5) and its facing, the scene obstacle face down at (4, 4))
HIDDEN = [("cipher", "n", "filing_cabinet"), ("cipher", "w", "gas_canister"), ("lynx", "n", "office_safe"),
          ("anvil", "e", "server_rack")]  # fmt: skip


class SeatTwo(Decider):
    """Seat 2 played by a tactician, every question it is asked written down as seat 2 sees it; seat 1 declines
    whatever it may decline (it never answers with the face-down unit, so the games stay alike)."""

    def __init__(self, tactician: TacticianDecider) -> None:
        self.tactician = tactician
        self.asked: list[tuple[str, list[str], str]] = []

    def choose(self, player: int, prompt: str, options: Sequence[Any]) -> Any:
        if player != 2:
            return None if None in options else options[0]
        pick = self.tactician.choose(player, prompt, options)
        game = self.tactician.game
        assert game is not None
        self.asked.append((mask(str(prompt), game, 2), [label(o, 2) for o in options], label(pick, 2)))
        return pick

    def confirm(self, player: int, prompt: str) -> bool:
        return self.tactician.confirm(player, prompt) if player == 2 else False


def _position(agent: str, facing: str, scene: str) -> tuple[TacticsGame, SeatTwo]:
    """Seat 2 (烈风 and 寒鸦, face up) to act against seat 1's face-down ``agent`` and a face-down ``scene`` obstacle."""
    tactician = TacticianDecider(random.Random(5))
    seat_two = SeatTwo(tactician)
    game = board_game(decider=seat_two, squads=((agent, "egret"), ("gale", "jackdaw")))
    tactician.bind(game)
    put(game, 1, agent, (3, 5), facing, hidden=True)
    put(game, 2, "gale", (1, 2), "s")
    put(game, 2, "jackdaw", (6, 1), "w")
    obstacle(game, scene, (4, 4)).hidden = True
    hand(game, 2, "med_kit", "steady_aim", "zip_cuffs")
    game.active = 2
    return game, seat_two


def _turn(agent: str, facing: str, scene: str) -> tuple[list[float], list[tuple[str, list[str], str]]]:
    """What seat 2's tactician makes of its actions, then every question of a main phase it plays out."""
    game, seat_two = _position(agent, facing, scene)
    scores = seat_two.tactician.scores(game, 2, "choose an action", game.legal_actions(2))
    for _ in range(8):
        action = seat_two.choose(2, "choose an action", game.legal_actions(2))
        game.take(action)
        if action.kind == "end" or game.winners is not None:
            break
    return scores, seat_two.asked


def test_the_tactician_decides_alike_whatever_its_seat_cannot_see() -> None:
    """The same view for seat 2 (seat 1's agent and the scene obstacle face down at the same cells), whichever agent
    and facing, whichever obstacle: the same worth of every action, the same questions answered the same way."""
    first, *others = [_turn(*hidden) for hidden in HIDDEN]
    assert first[1], "seat 2 decided nothing"
    for other in others:
        assert other == first


@pytest.mark.parametrize(("agent", "facing"), [("cipher", "n"), ("cipher", "w"), ("lynx", "w"), ("anvil", "n")])
def test_the_threat_of_a_face_down_enemy_is_the_worst_it_could_be_facing_any_way(agent: str, facing: str) -> None:
    game, seat_two = _position(agent, facing, "filing_cabinet")
    tactician = seat_two.tactician
    gale = next(u for u in game.player(2).units if u.id == "gale")
    hidden = next(u for u in game.player(1).units if u.id == agent)
    threat = [tactician.threat(game, gale, cell) for cell in ((3, 1), (0, 5), (1, 5))]
    # facing any way, it reaches (3, 1) to the north and (0, 5) to the west as it reaches (1, 5)
    assert threat[0] == threat[1] == threat[2] > 0
    for guess in tactician.guesses(game, hidden, 2):
        for look in ("n", "e", "s", "w"):
            guess.facing = look
            worst = max(tactician.threat_of(game, guess, p, gale, (3, 1)) for p in tactician.all_profiles(game, guess))
            assert worst <= threat[0] + 1e-9


def test_a_face_down_obstacle_is_worth_the_mean_of_the_obstacles_it_could_be() -> None:
    worths = {}
    for scene in ("filing_cabinet", "gas_canister", "office_safe", "server_rack"):
        game, seat_two = _position("cipher", "n", scene)
        face_down = next(o for o in game.obstacles if o.id == scene)
        worths[scene] = seat_two.tactician.obstacle_worth(game, face_down, 2)
        face_down.hidden = False
        worths[scene + " face up"] = seat_two.tactician.obstacle_worth(game, face_down, 2)
    assert len({worths[s] for s in ("filing_cabinet", "gas_canister", "office_safe", "server_rack")}) == 1
    face_up = [worths[s + " face up"] for s in ("filing_cabinet", "gas_canister", "office_safe", "server_rack")]
    assert worths["filing_cabinet"] == pytest.approx(sum(face_up) / len(face_up))


# what everyone sees of an event about a face-down unit: its handle, its cells, and what happened in the open
PUBLIC = { "unit", "card", "cell", "start", "to", "path", "steps", "reason", "hidden", "tapped",
          "timing", "until", "by", "owner", "controller", "what", "target", "attack", "style", "counter", "obstacle",
          "weapon", "point", "cap"}  # fmt: skip


def test_the_log_a_seat_is_shown_keeps_only_the_handle_and_cells_of_a_unit_face_down_to_it() -> None:
    """A whole seeded 双雄 game: no entry about a unit face down to a seat, as that seat is shown it when it is
    written, tells the unit's facing, HP, 移速 (a move's allowance), shields or text."""
    from toolkit.decks.random_deck import deck_card_ids, random_legal_decks
    from toolkit.engine.core import Event
    from toolkit.engine.simulate import tactics_decider
    from toolkit.engine.tactics.decisions import mask_data
    from toolkit.engine.tactics.game import BASIC_ACTIONS

    from .tactics_util import RECORDS

    records = list(RECORDS)
    decks = random_legal_decks(records, "duo", random.Random(2), 2)
    decider = tactics_decider("heuristic", 2, 2)
    game = TacticsGame(records, "duo", seed=2, decider=decider, decks=[deck_card_ids(d) for d in decks],
                       squads=[list(d.agents or []) for d in decks], setup=False)  # fmt: skip
    decider.bind(game)  # type: ignore[attr-defined]
    shown: list[tuple[int, dict[str, Any]]] = []

    def written(event: Event) -> None:
        for seat in (1, 2):
            if event.visible == "all" or seat in event.visible:
                shown.append((seat, mask_data(dict(event.data), game, seat)))

    with game.log.listening(written):
        game.set_up()
        play_tactics(game, decider, 12)
    about = [(seat, entry) for seat, entry in shown
             if any(str(entry.get(key, "")).startswith("hidden#") for key in ("unit", "card"))]  # fmt: skip
    for seat, entry in about:
        told = {key for key, value in entry.items() if value != "hidden"}
        if entry.get("source") in BASIC_ACTIONS:  # (a basic ability is every unit's alike: its use is named, §8.4, §14.8)
            told -= {"source", "ability", "text"}
        assert told <= PUBLIC, (seat, entry)
    assert {"facing", "allowance"} <= {key for _, entry in about for key in entry}  # a face-down unit deployed, moved
