"""Sweep 71f (playing tactics against the machine): a card's turn-start / turn-end texts are its controller's turn's
(目眩 played by P2 on P1's unit died at P1's turn start), a card an effect destroys is destroyed, not self-destructed
(精确爆破 logged ``自毁``), face-up cards on a hidden unit stay in every view, the basic abilities a hidden unit uses
are not masked, and ``GET /play/<gid>/moves`` answers an existing game when nothing new happened."""

from __future__ import annotations

from typing import Any

from tests.web import conftest as web
from tests.web.conftest import BASE, TEST_CSRF
from toolkit.engine.tactics import TacticsGame

from .tactics_util import Dice, board_game, events, hand, put

# the web tests' fixtures (tests/web/conftest.py), for this module outside tests/web
web_cards, web_settings, web_app, client = web.web_cards, web.web_settings, web.web_app, web.client

OPEN = [".........."] * 8


def _duel() -> TacticsGame:
    game = board_game("duel", squads=(("gale",), ("jackdaw",)), rows=OPEN)
    game.active = 1
    put(game, 1, "gale", (0, 0))
    put(game, 2, "jackdaw", (5, 7))
    return game


def _sources(game: TacticsGame, since: int = 0) -> list[str]:
    return [e.data["source"] for e in list(game.log)[since:] if e.kind == "trigger"]


# -- 2. a card's 回合开始时 / 回合结束时 are its controller's turn's, wherever it is attached


def test_a_status_on_an_enemy_unit_fires_at_its_controllers_turn_start_not_the_units() -> None:
    game = _duel()
    gale, jackdaw = game.player(1).units[0], game.player(2).units[0]
    dazzled = game._card("dazzled", 2)  # 目眩 (回合开始时：本牌自毁。) played by P2 on P1's unit
    game.attach(gale, dazzled)
    mark = len(game.log)
    game.fire("turn_start", 1)
    assert "dazzled" not in _sources(game, mark) and dazzled in gale.statuses  # (it weakens P1's attacks in P1's turn)
    game.fire("turn_start", 2)
    assert "dazzled" in _sources(game, mark) and dazzled not in gale.statuses
    assert jackdaw.statuses == []


def test_a_status_on_an_enemy_unit_fires_at_its_controllers_turn_end() -> None:
    game = _duel()
    jackdaw = game.player(2).units[0]
    dart = game._card("neurotoxin_dart", 1)  # 神经毒针 (回合结束时：本牌自毁。) played by P1 on P2's unit
    game.attach(jackdaw, dart)
    game.fire("turn_end", 2)
    assert dart in jackdaw.statuses
    game.fire("turn_end", 1)
    assert dart not in jackdaw.statuses


def test_turncoat_offer_rolls_for_its_controller_at_its_controllers_turn_start() -> None:
    game = _duel()
    jackdaw = game.player(2).units[0]
    offer = game._card("turncoat_offer", 1)  # 策反密约: 回合开始时：你投掷 1 枚六面骰。如果结果不小于 3，本牌自毁。
    game.attach(jackdaw, offer)
    game.rng = Dice(6, 6, 6, 6)  # type: ignore[assignment]
    game.fire("turn_start", 2)
    assert offer in jackdaw.statuses and "turncoat_offer" not in _sources(game)
    game.fire("turn_start", 1)
    assert offer not in jackdaw.statuses
    trigger = next(e for e in events(game, "trigger") if e.data["source"] == "turncoat_offer")
    assert trigger.player == 1


def test_a_units_own_card_still_fires_at_its_own_turn_start() -> None:
    game = _duel()
    gale = game.player(1).units[0]
    dug_in = game._card("dug_in", 1)  # 据守掩体 (回合开始时：本牌自毁。) on P1's own unit
    game.attach(gale, dug_in)
    game.fire("turn_start", 2)
    assert dug_in in gale.statuses
    game.fire("turn_start", 1)
    assert dug_in not in gale.statuses


# -- 3. a card an effect destroys is destroyed (§14.4), not self-destructed (§14.5); its 消灭时 still fires (T25)


def test_a_card_an_effect_destroys_is_logged_destroyed_and_its_when_destroyed_fires() -> None:
    game = _duel()
    gale, jackdaw = game.player(1).units[0], game.player(2).units[0]
    shield = game._card("ballistic_shield", 1)  # 防弹盾牌 (消灭时：你抽 1 张牌。)
    game.equip(gale, shield)
    game.active = 2
    (demolition,) = hand(game, 2, "precision_demolition")  # 精确爆破: 消灭你选择的 1 个敌方装备。
    game.player(2).hand += [game._card("smoke_grenade", 2), game._card("med_kit", 2)]  # (its mortgage 2)
    game.player(1).deck = [game._card("med_kit", 1)]
    mark = len(game.log)
    game.play_card(2, demolition, jackdaw)
    assert shield not in gale.equipment and shield in game.player(1).discard
    entries = list(game.log)[mark:]
    assert not [e for e in entries if e.kind == "self_destruct"], [(e.kind, e.data) for e in entries]
    destroyed = [e for e in entries if e.kind == "destroyed" and e.data.get("card") == str(shield)]
    assert destroyed and destroyed[0].data["by"] == 2
    assert destroyed[0].data["reason"].fields == {"source": str(demolition)}  # (what destroyed it)
    discarded = next(e for e in entries if e.kind == "discarded" and e.data["card"] == str(shield))
    assert discarded.data["reason"] != "self-destructed" and discarded.data["reason"].fields == {
        "source": str(demolition)
    }
    assert "ballistic_shield" in _sources(game, mark)  # (T25: its 消灭时 fires: P1 draws)
    assert [c.id for c in game.player(1).hand] == ["med_kit"]


def test_self_destruct_stays_self_destruct() -> None:
    game = _duel()
    gale = game.player(1).units[0]
    dug_in = game._card("dug_in", 1)
    game.attach(gale, dug_in)
    game.fire("turn_start", 1)
    assert [e.data["card"] for e in events(game, "self_destruct")] == [str(dug_in)]
    assert not [e for e in events(game, "destroyed") if "card" in e.data]


# -- 1. the cards played face up on a hidden unit are in every view; nothing of the unit itself is


def _hidden_with_cards() -> tuple[TacticsGame, str]:
    game = _duel()
    gale = game.player(1).units[0]
    game.equip(gale, game._card("ballistic_shield", 1))
    game.attach(gale, game._card("dazzled", 2))
    gale.hidden = True
    return game, f"hidden#{gale.alias}"


def test_the_view_shows_the_cards_on_a_hidden_unit_and_nothing_else_of_it() -> None:
    from toolkit.engine.tactics.session import view

    game, handle = _hidden_with_cards()
    seen = next(u for u in view(game, 2)["units"] if u["label"] == handle)
    assert [c["id"] for c in seen["equipment"]] == ["ballistic_shield"]
    assert [c["id"] for c in seen["statuses"]] == ["dazzled"]
    assert not {"id", "name", "hp", "max_hp", "facing", "shield", "temp_hp", "tapped"} & set(seen)
    assert "gale" not in str(seen) and "烈风" not in str(seen)


def test_the_terminal_and_the_web_say_the_cards_on_a_hidden_unit() -> None:
    from types import SimpleNamespace

    from toolkit.cli._lang import LogNames
    from toolkit.engine.tactics.session import view
    from toolkit.engine.tactics.terminal import unit_words
    from toolkit.web.routes.play import _board_svg, _unit_states

    from .tactics_util import RECORDS

    game, handle = _hidden_with_cards()
    seen = view(game, 2)
    names = LogNames(RECORDS, "en")
    hidden = next(u for u in seen["units"] if u["label"] == handle)
    words = unit_words(hidden, "?", "en", names)
    assert "Ballistic Shield" in words and "Dazzled" in words and "Gale" not in words, words
    states = _unit_states(seen, "en", names)
    assert "Ballistic Shield" in states[handle]["more"] and "Dazzled" in states[handle]["more"], states
    session = SimpleNamespace(game=game, setup=SimpleNamespace(seed=game.seed))
    svg = _board_svg(session, 2, names, None, states)
    titles = [t for t in svg.split("<title>")[1:] if "Ballistic Shield" in t]
    assert titles and "Gale" not in svg and "烈风" not in svg, svg[:2000]


# -- 4. a basic ability a hidden unit uses is named in the log, as the question names it; its own are not


def test_a_hidden_units_basic_ability_is_named_in_the_others_log() -> None:
    from toolkit.engine.tactics.session import view

    game = _duel()
    gale = game.player(1).units[0]
    gale.hidden = True
    game.player(1).hand = [game._card("med_kit", 1), game._card("smoke_grenade", 1)]
    game.player(1).deck = [game._card("zip_cuffs", 1)]
    action = next(a for a in game.legal_actions(1) if a.kind == "ability" and a.unit is gale
                  and getattr(a.source, "record", None) is not None and a.source.record.id == "resupply")  # fmt: skip
    game.take(action)
    assert gale.hidden
    used = [e for e in view(game, 2)["log"] if e["event"] == "ability"]
    assert used and used[-1]["unit"] == f"hidden#{gale.alias}"
    assert used[-1]["source"] == "resupply" and used[-1]["ability"] != "hidden" and used[-1]["text"] != "hidden"


def test_a_hidden_units_own_ability_stays_masked_in_the_others_log() -> None:
    from toolkit.engine.tactics.decisions import mask_data

    game = _duel()
    gale = game.player(1).units[0]
    gale.hidden = True
    data = {"source": "gale", "ability": 0, "unit": str(gale), "timing": "active", "text": "本单位移动 0-1。"}
    shown = mask_data(data, game, 2)
    assert shown["unit"] == f"hidden#{gale.alias}"
    assert shown["source"] == shown["ability"] == shown["text"] == "hidden"


# -- 6. GET /play/<gid>/moves answers an existing game when the other side has not moved: no moves; 404 if no game


def test_the_moves_of_a_game_whose_other_side_has_not_moved_are_none_not_a_404(client: Any) -> None:
    data = {
        "mode": "duel",
        "deck": "random",
        "opponent": "heuristic",
        "seat": "1",
        "seed": "1",
        "csrf_token": TEST_CSRF,
    }
    answer = client.post("/play", data=data, follow_redirects=False)
    assert answer.status_code == 303
    path = str(answer.headers["location"]).removeprefix(BASE)
    assert 'id="pl-moves"' not in client.get(f"{path}?lang=en").text  # (nothing to watch yet)
    moves = client.get(f"{path}/moves?lang=en")
    assert moves.status_code == 200 and moves.headers["cache-control"] == "no-store", moves.text[:300]
    assert moves.text.count('class="pl-step') == 1 and "<li>" not in moves.text.split('class="pl-step', 1)[1]
    assert f'<a href="{path}" id="pl-moves-back">' in moves.text
    assert client.get("/play/no-such-game/moves?lang=en").status_code == 404
