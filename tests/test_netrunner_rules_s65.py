"""Session 65's Netrunner fixes: one console per runner for every card of the console subtype (not only imported
cards whose script says so), the error of a scenario's decision that is no option worded as the text output words
the decision (the card's name in the output language, the symbols in words), and nothing logged after "game over"
(a flatline during a run, or at the end of the turn)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.test_netrunner_rules import RECORDS, scenario, scenario_of
from toolkit.engine.core import EngineError
from toolkit.engine.netrunner import Stepper
from toolkit.engine.netrunner.scenario import set_up
from toolkit.i18n import use_lang

CONSOLES = ("modular_rigframe", "pocket_terminal", "soldered_deck")
CJK = re.compile(r"[\u4e00-\u9fff]")


def position(active: str = "runner", corp: dict[str, Any] | None = None, runner: dict[str, Any] | None = None) -> Any:
    return set_up(RECORDS, scenario_of([], active, corp, runner))


def offered(game: Any) -> list[str]:
    stepper = Stepper(game, lambda: game.play_game(game.turns, resume=True)).start()
    assert stepper.pending is not None and stepper.pending.kind == "action"
    return stepper.pending.labels()


# ---------------------------------------------------------------- one console per runner


def test_no_console_is_offered_while_one_is_installed() -> None:
    """Modular Rigframe installed: neither Soldered Deck nor Pocket Terminal is offered (they were: both are only
    unique, and the limit lived in imported cards' scripts); other hardware still is."""
    game = position(runner={"credits": 20, "hand": ["soldered_deck", "pocket_terminal", "frame_hammer"],
                            "rig": [{"card": "modular_rigframe"}]})  # fmt: skip
    assert all("console" in c.subtypes for c in [*game.runner.hand[:2], *game.runner.rig])
    labels = offered(game)
    assert not [x for x in labels if x.startswith(("install:soldered_deck", "install:pocket_terminal"))], labels
    assert any(x.startswith("install:frame_hammer") for x in labels), labels
    assert not any(game.may_install(c) or game.can_install(c) for c in game.runner.hand if c.id in CONSOLES)


def test_a_console_installed_from_the_grip_takes_the_second_off_the_options() -> None:
    game = position(runner={"credits": 20, "hand": ["modular_rigframe", "pocket_terminal"]})
    stepper = Stepper(game, lambda: game.play_game(game.turns, resume=True)).start()
    assert stepper.pending is not None
    assert any(x.startswith("install:pocket_terminal") for x in stepper.pending.labels())
    stepper.apply("install:modular_rigframe")
    assert stepper.pending is not None and stepper.pending.kind == "action"
    assert not any(x.startswith("install:pocket_terminal") for x in stepper.pending.labels())
    assert [c.id for c in game.runner.rig] == ["modular_rigframe"]


def test_a_scenario_decision_to_install_a_second_console_is_no_option() -> None:
    with pytest.raises(EngineError, match="'install:soldered_deck' is not an option"):
        scenario(["install:modular_rigframe", "install:soldered_deck"],
                 runner={"credits": 20, "hand": ["modular_rigframe", "soldered_deck"]})  # fmt: skip


def test_install_itself_refuses_a_second_console() -> None:
    """An effect that installs without asking may_install is refused too, the card left where it was."""
    game = position(runner={"credits": 20, "hand": ["soldered_deck"], "rig": [{"card": "pocket_terminal"}]})
    deck = game.runner.hand[0]
    with pytest.raises(EngineError, match="console"):
        game.install("runner", deck, pay=False)
    assert deck in game.runner.hand and [c.id for c in game.runner.rig] == ["pocket_terminal"]


def test_the_one_reading_of_the_limit() -> None:
    """The engine's check and the card scripts' helper (one_console) read the same thing: the other consoles of the
    card's player."""
    from toolkit.engine.netrunner.scripts import Builder, CardScript, one_console

    game = position(runner={"hand": ["soldered_deck", "frame_hammer"], "rig": [{"card": "modular_rigframe"}]})
    deck, hammer = game.runner.hand
    rigframe = game.runner.rig[0]
    assert game.consoles_besides(deck) == [rigframe] and game.consoles_besides(rigframe) == []
    with pytest.raises(EngineError, match="console"):
        game.check_console(deck)
    game.check_console(hammer)  # (no console: nothing to refuse)
    game.check_console(rigframe)  # (the installed console itself)
    script = CardScript("x", (0,), "x")
    one_console(Builder(script))
    hook = script.hooks["may_install"]
    assert hook(game, deck) is False and hook(game, rigframe) is True
    game.consoles_besides = lambda card: []
    assert hook(game, deck) is True and game.may_install(deck)


def test_a_rig_of_two_consoles_is_a_position_the_engine_refuses() -> None:
    """What a scenario's rig is checked with (toolkit/engine/netrunner/scenario.py calls check_console)."""
    game = position(runner={"rig": [{"card": "modular_rigframe"}]})
    second = game.new_card("soldered_deck", "runner")
    with pytest.raises(EngineError, match=r"is a console, and .*#\d+ is installed already"):
        game.check_console(second)


# ---------------------------------------------------------------- a refused label worded as the text output


PRESS = {"deck": ["nbn_press_office", "neutral_pilot_scheme"], "hand": ["neutral_budget_reallocation"]}


@pytest.mark.parametrize(
    ("lang", "card", "cost", "clicks"),
    [("en", "Press Office", "3 credits", "3 clicks"), ("zh-Hans", "新闻办公室", "3 信用点", "3 时点")],
)
def test_a_refused_label_names_the_card_and_says_the_symbols_in_words(lang: str, card: str, cost: str,
                                                                      clicks: str) -> None:  # fmt: skip
    """The runner accesses Press Office in R&D (named by its bare name: a secret card's number is not the runner's)
    and offers to trash it: the error named it in Chinese and wrote `3[credit]` in English output."""
    with use_lang(lang):
        with pytest.raises(EngineError) as refused:
            scenario(["run:rnd", "continue", "bogus"], corp=PRESS, runner={"credits": 10})
        message = str(refused.value)
        assert message.startswith("decision 3 ") if lang == "en" else message.startswith("第 3 个决定")
        assert card in message and cost in message and "[" not in message, message
        if lang == "en":
            assert not CJK.search(message.split("options")[0]), message
        with pytest.raises(EngineError) as refused:
            scenario(["run:rnd", "continue", "leave", "bogus"], corp=PRESS, runner={"credits": 10})
        message = str(refused.value)
        assert clicks in message and "10 " in message and "[click]" not in message and "[credit]" not in message


def test_the_cli_error_says_what_the_pending_block_says(cli: Any, tmp_path: Path) -> None:
    data = {"game": "netrunner", "name": {"en": "e"}, "active": "runner",
            "corp": {"identity": "hb_tireless_hands", "credits": 5, **PRESS},
            "runner": {"identity": "ada_voss_tinker", "credits": 10, "hand": []}}  # fmt: skip
    waiting, refused = tmp_path / "w.json", tmp_path / "r.json"
    waiting.write_text(json.dumps({**data, "decisions": ["run:rnd", "continue"]}), encoding="utf-8")
    refused.write_text(json.dumps({**data, "decisions": ["run:rnd", "continue", "bogus"]}), encoding="utf-8")
    shown = cli("scenario", "run", waiting, "--lang", "en").stdout
    prompt = re.search(r"waiting for the runner \(trash\): (.*)", shown)
    assert prompt is not None and prompt.group(1) == "trash Press Office for 3 credits?", shown
    result = cli("scenario", "run", refused, "--lang", "en")
    assert result.exit_code == 1
    assert f"decision 3 ({prompt.group(1)}): 'bogus' is not an option" in result.output, result.output


# ---------------------------------------------------------------- nothing follows "game over"


def kinds_after_game_over(result: Any) -> list[str]:
    kinds = [e.kind for e in result.game.log]
    assert "game_over" in kinds, kinds
    return kinds[kinds.index("game_over") + 1 :]


def test_a_flatline_during_a_run_ends_the_log() -> None:
    """Needle Choir's 2 net damage with 1 card in the grip: the run ended, but "run ends" came after "game over"."""
    corp = {"identity": "jinteki_silent_garden",
            "servers": {"hq": {"ice": [{"card": "jinteki_needle_choir", "rezzed": True}]}}}  # fmt: skip
    r = scenario(["run:hq"], corp=corp, runner={"hand": ["light_fingers"], "credits": 10})
    assert r.game.result()["reason"] == "flatline" and r.game.current_run is None
    assert kinds_after_game_over(r) == ["simulation_end"]
    assert r.game.run_history[-1][1:] == ("hq", False)


def test_a_flatline_at_the_end_of_the_turn_ends_the_log() -> None:
    """Brain damage leaves the hand size below 0: the flatline at the end of the turn was followed by "turn ends"."""
    corp = {"identity": "jinteki_silent_garden",
            "servers": {"hq": {"ice": [{"card": "jinteki_veil_trellis", "rezzed": True}]}}}  # fmt: skip
    runner = {"hand": ["light_fingers", "spark_of_insight"], "brain_damage": 5, "clicks": 1, "credits": 10}
    r = scenario(["run:hq"], corp=corp, runner=runner)
    assert r.game.result()["reason"] == "flatline" and "hand size" in str(r.game.end_reason)
    assert kinds_after_game_over(r) == ["simulation_end"]
    assert "turn_end" not in [e.kind for e in r.game.log]


def test_a_flatline_paying_a_cost_to_steal_ends_the_log() -> None:
    """Obokata Protocol's 4 net damage with 3 cards in the grip flatlines the runner: the agenda was stolen after
    "game over" (and "run ends" logged after it)."""
    from tests.scripts import test_red_sand as red_sand

    corp = {"credits": 0, "servers": {"remote1": red_sand.remote({"card": "obokata_protocol"})}}
    decisions = ["run:remote1", "continue", "steal:obokata_protocol"]
    r = red_sand.go(decisions, corp=corp, runner={"hand": red_sand.GRIP[:3]})
    assert r.game.result()["reason"] == "flatline" and not r.game.runner.score_area
    assert kinds_after_game_over(r) == ["simulation_end"]
