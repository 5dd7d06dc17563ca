"""Regressions of a sweep of `dossier play` through a terminal: Netrunner with one deck or a save of one side's deck
is refused; how a Netrunner game ended is shown; Ctrl-C says where the game went and exits 130; keys typed ahead are
dropped when a decision opens and the machine's turn is said; the masked word and a neutral's facing in words; broken
saves name the file and the field; a misfit tactics save never shows the machine's options; the counterattack has an
ASCII label; a narrow terminal never cuts the map; the game-over line in the log's words; a random seed by default."""

from __future__ import annotations

import io
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
import typer
from rich.console import Console
from typer.testing import CliRunner

from tests.conftest import ROOT
from toolkit.cli import app

NR = ROOT / "examples" / "decks" / "netrunner"
CORP, RUNNER = NR / "corp-hb-tireless-hands.json", NR / "runner-criminal-fingers.json"
NR_DECKS = ["--decks", str(CORP), "--decks", str(RUNNER)]
DUEL = ROOT / "examples" / "decks" / "tactics" / "duel.json"


def _play(*args: Any, answers: str = "", lang: str = "en") -> Any:
    return CliRunner().invoke(app, ["play", *map(str, args), "--lang", lang], input=answers)


def _netrunner_save(tmp_path: Path) -> dict[str, Any]:
    saved = tmp_path / "g.json"
    result = _play("netrunner", *NR_DECKS, "--seed", 4, "--turns", 2, "--save", saved, "--plain", answers="1\n" * 5)
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(saved.read_text(encoding="utf-8"))
    return data


# 1: one deck is no Netrunner game


def test_netrunner_with_one_deck_is_refused() -> None:
    result = _play("netrunner", "--decks", RUNNER, "--side", "corp", "--plain", answers="1\n" * 5)
    assert result.exit_code == 2
    assert "--decks takes two deck files (a corp and a runner deck), not 1" in result.output
    assert "you (corp)" not in result.output


def test_a_netrunner_save_of_one_side_s_deck_is_refused(tmp_path: Path) -> None:
    data = _netrunner_save(tmp_path)
    del data["decks"]["runner"]
    broken = tmp_path / "one.json"
    broken.write_text(json.dumps(data), encoding="utf-8")
    result = _play("netrunner", "--load", broken, "--plain", answers="1\n" * 5)
    assert result.exit_code == 1
    assert f"{broken}: not a saved game this pool can replay: /decks/runner: a required field is missing" in (
        " ".join(result.output.split())
    )


# 2: how a Netrunner game ended


def test_the_netrunner_log_s_last_lines_are_shown_at_the_end() -> None:
    result = _play("netrunner", *NR_DECKS, "--seed", 4, "--turns", 1, "--plain", answers="1\n" * 200)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[-1].startswith("stopped at the turn limit (1 turn)")
    assert " the game ends (" in lines[-2]  # the log's last line, after the person's last decision


def test_the_netrunner_view_draws_the_end_of_the_game() -> None:
    from tests.test_netrunner_screen import RECORDS
    from toolkit.engine.netrunner import NetrunnerGame
    from toolkit.engine.netrunner.players import make_policy
    from toolkit.engine.netrunner.screen import ScreenPolicy
    from toolkit.engine.netrunner.session import example_deck

    decks = {"corp": example_deck(RECORDS, "hb_tireless_hands"), "runner": example_deck(RECORDS, "zero_weaver")}
    game = NetrunnerGame(RECORDS, seed=4, decks=decks, policies={s: make_policy("heuristic", s, 4)
                                                                 for s in ("corp", "runner")})  # fmt: skip
    game.play_game(max_turns=2)
    out = io.StringIO()
    console = Console(file=out, width=100, height=40, color_system=None, force_terminal=False)
    ScreenPolicy(console, lambda: "q", "en").over(game, 2)
    shown = out.getvalue()
    assert "the game is over" in shown and "You play the runner · turn 2 · seed 4" in shown
    assert "the game ends" in shown


# 3: Ctrl-C


@pytest.mark.parametrize("saved", [True, False])
def test_ctrl_c_says_where_the_game_went_and_exits_130(tmp_path: Path, capsys: Any, saved: bool) -> None:
    from toolkit.cli.play import _stopping

    target = tmp_path / "g.json" if saved else None
    with pytest.raises(typer.Exit) as stopped, _stopping("en", target, lambda: {"decisions": ["keep"]}):
        raise KeyboardInterrupt
    assert stopped.value.exit_code == 130
    out = capsys.readouterr().out
    if target is not None:
        assert out == f"\nstopped; saved to {target}\n"
        assert json.loads(target.read_text(encoding="utf-8")) == {"decisions": ["keep"]}
    else:
        assert out == "\nstopped; not saved\n"


# 4: keys typed ahead; the machine's turn said


def test_the_terminal_s_keys_typed_ahead_are_dropped() -> None:
    import tty

    from toolkit.engine.keys import TerminalInput, TerminalKeys

    main, other = os.openpty()
    tty.setcbreak(other)  # (as keys_of_terminal puts the terminal: each key as it is typed)
    try:
        keys = TerminalKeys(TerminalInput(other))
        os.write(main, b"12\r")
        assert keys() == "1"
        assert keys.source.waiting(0.5)
        keys.flush()
        assert not keys.source.waiting(0.1)
        os.write(main, b"3")
        assert keys() == "3"
    finally:
        os.close(main)
        os.close(other)


class _Keys:
    """Keys from a list, counting the flushes asked."""

    def __init__(self, keys: list[str]) -> None:
        self.keys, self.flushed = list(keys), 0

    def __call__(self) -> str:
        if not self.keys:
            raise EOFError
        return self.keys.pop(0)

    def flush(self) -> None:
        self.flushed += 1


def test_a_new_tactics_decision_drops_the_keys_typed_ahead_and_the_machine_s_turn_is_said() -> None:
    from tests.test_tactics_decisions import RECORDS, _setup
    from toolkit.cli._lang import LogNames
    from toolkit.engine.tactics.screen import play_screen
    from toolkit.engine.tactics.session import TacticsSession

    session = TacticsSession(RECORDS, _setup("duel", ["human", "heuristic"]))
    out = io.StringIO()
    console = Console(file=out, width=150, height=60, color_system=None, force_terminal=False)
    keys = _Keys(["enter", "enter", "enter"])
    with pytest.raises(EOFError):
        play_screen(session, 1, "en", LogNames(RECORDS, "en"), console, keys)
    assert keys.flushed == 4  # each of the 4 decisions drawn: the first and one after each Enter
    assert "the machine is playing…" in out.getvalue()


def test_a_new_netrunner_decision_drops_the_keys_typed_ahead_and_the_machine_s_turn_is_said() -> None:
    from tests.test_netrunner_screen import RECORDS
    from toolkit.engine.netrunner import NetrunnerGame
    from toolkit.engine.netrunner.players import make_policy
    from toolkit.engine.netrunner.screen import ScreenPolicy
    from toolkit.engine.netrunner.session import example_deck

    out = io.StringIO()
    console = Console(file=out, width=150, height=50, color_system=None, force_terminal=False)
    keys = _Keys(["enter", "enter"])
    decks = {"corp": example_deck(RECORDS, "hb_tireless_hands"), "runner": example_deck(RECORDS, "zero_weaver")}
    game = NetrunnerGame(RECORDS, seed=4, decks=decks, policies={"runner": ScreenPolicy(console, keys, "en"),
                                                                 "corp": make_policy("heuristic", "corp", 4)})  # fmt: skip
    with pytest.raises(EOFError):
        game.play_game(max_turns=5)
    assert keys.flushed == 3
    assert "the machine is playing…" in out.getvalue()


# 5, 6: the masked word, a neutral's facing


def test_a_masked_field_is_worded_in_the_reader_s_language() -> None:
    from toolkit.cli._lang import LogNames

    entry = {"seq": 3, "event": "deploy", "player": 2, "unit": "hidden#5", "record": "hidden", "text": "hidden"}
    line = LogNames([], "zh-Hans").line(entry)
    assert "hidden" not in line and "记录：隐蔽" in line and "文本：隐蔽" in line
    assert "record: hidden" in LogNames([], "en").line(entry)


def test_a_unit_with_no_facing_is_listed_without_one() -> None:
    from toolkit.cli._lang import LogNames
    from toolkit.engine.tactics.terminal import unit_line

    unit = {"id": "server_rack", "name": "Server Rack", "label": "server_rack#55", "seat": 0, "pos": [6, 2],
            "facing": None, "hp": 3, "max_hp": 4, "tapped": False, "hidden": False}  # fmt: skip
    for lang in ("en", "zh-Hans"):
        line = unit_line(unit, "E", lang, LogNames([], lang))
        assert "None" not in line and "facing" not in line and "朝向" not in line
    assert unit_line(unit, "E", "en", LogNames([], "en")) == "E: Server Rack#55 (neutral) at 6,2, HP 3/4"
    unit["seat"] = 2
    assert unit_line(unit, "E", "en", LogNames([], "en")) == "E: Server Rack#55 (P2) at 6,2, HP 3/4"


# 7: broken saves


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"decisions": ["keep", 5]}, "/decisions/1: expected a string"),
        ({"decisions": "keep"}, "/decisions: expected a list"),
        ({"side": "banana"}, "/side: 'banana' is not a side: corp or runner"),
        ({"opponent": "banana"}, "/opponent: 'banana': choose one of heuristic, random, search"),
        ({"opponent": 5}, "/opponent: expected a string"),
        (None, "/: expected an object"),
    ],
)
def test_a_broken_netrunner_save_names_the_file_and_the_field(tmp_path: Path, change: Any, said: str) -> None:
    data = _netrunner_save(tmp_path)
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps([1, 2] if change is None else {**data, **change}), encoding="utf-8")
    result = _play("netrunner", "--load", broken, "--plain", answers="1\n" * 5)
    assert result.exit_code == 1, result.output
    assert f"{broken}: not a saved game this pool can replay: {said}" in " ".join(result.output.split())
    assert "--opponent" not in result.output


@pytest.mark.parametrize("game", ["netrunner", "tactics"])
def test_a_deck_given_to_load_says_which_option_takes_it(game: str) -> None:
    deck = RUNNER if game == "netrunner" else DUEL
    result = _play(game, "--load", deck, "--plain")
    assert result.exit_code == 1
    assert f"{deck}: a deck; --decks takes it" in " ".join(result.output.split())


# 8: a misfit tactics save


def test_a_misfit_tactics_save_names_the_seat_and_kind_only(tmp_path: Path) -> None:
    saved = tmp_path / "t.json"
    result = _play("tactics", "--decks", DUEL, "--seed", 3, "--save", saved, "--plain", answers="1\n" * 4)
    assert result.exit_code == 0, result.output
    data = json.loads(saved.read_text(encoding="utf-8"))
    machine = next(i for i, label in enumerate(data["decisions"]) if i >= 3)  # the machine's mulligan (seat 2)
    data["decisions"][machine] = "zzz"
    saved.write_text(json.dumps(data), encoding="utf-8")
    result = _play("tactics", "--load", saved, "--plain")
    assert result.exit_code == 1
    said = " ".join(result.output.split())
    assert f"decision {machine + 1} (P2, mulligan): the sealed decision is not an option" in said  # (the machine's)
    assert "#" not in said.split("replay:")[1]  # no card of a hand, no option


# 9: the counterattack's label


def test_the_counterattack_has_an_ascii_label_and_old_saves_replay() -> None:
    from tests.tactics_util import Dice, board_game, put
    from toolkit.engine.tactics.decisions import label
    from toolkit.engine.tactics.session import TacticsSession

    offered: list[list[str]] = []

    class First:
        def choose(self, player: int, prompt: Any, options: list[Any]) -> Any:
            offered.append([label(o, player) for o in options])
            return options[0]

        def confirm(self, player: int, prompt: Any) -> bool:
            return False

        def choose_many(self, player: int, prompt: Any, options: list[Any], count: int) -> list[Any]:
            return list(options[:count])

    game = board_game(decider=First())  # type: ignore[arg-type]
    gale = put(game, 1, "gale", (2, 3), "e")
    target = put(game, 2, "jackdaw", (3, 3), "w")
    game.active = 1
    game.rng = Dice(1, 1, 1, 1)  # type: ignore[assignment]
    profile = next(p for p in game.profiles(gale, built_in_only=True) if p.name == "格斗")
    game.attack(gale, target, profile)
    assert ["self_defense", "none"] in offered  # (a --plain player types self_defense)
    assert any(e.kind == "ability" and e.data.get("source") == "self_defense" for e in game.log)  # and it is taken
    from tests.test_tactics_decisions import RECORDS, _setup
    from toolkit.engine.core import EngineError

    with pytest.raises(EngineError, match="'self_defense' is not an option"):  # the old label read as the new one
        TacticsSession(RECORDS, _setup("duel", ["human", "heuristic"]), ["正当防卫"])


# 10: a narrow terminal


@pytest.mark.parametrize("width", [40, 30])
def test_a_narrow_terminal_never_cuts_the_map(width: int) -> None:
    from tests.test_play_round56 import _draw_tactics, _tactics_at

    session = _tactics_at("action")
    shown = _draw_tactics(session, width, 60)
    columns = len(session.game.board.current_rows()[0])
    assert "   " + "".join(str(x % 10) for x in range(columns)) in shown.split("\n")  # every column of the map
    assert all(len(line.rstrip()) <= width for line in shown.split("\n"))


# 11, 12: the game-over line; the seed


@pytest.mark.parametrize(("lang", "said"), [("en", r"game over after 1 round: (P\d|no winner) "),
                                            ("zh-Hans", r"(玩家\d|无人获胜)")])  # fmt: skip
def test_the_tactics_game_over_line_says_the_round_and_the_players_as_the_log(lang: str, said: str) -> None:
    result = _play("tactics", "--decks", DUEL, "--seed", 3, "--turns", 1, "--plain", answers="1\n" * 400,
                   lang=lang)  # fmt: skip
    assert result.exit_code == 0, result.output
    last = result.output.strip().splitlines()[-1]
    assert re.search(said, last), last
    assert "P1" not in last and "P2" not in last if lang != "en" else "rounds" not in last


@pytest.mark.parametrize("game", ["netrunner", "tactics"])
def test_a_game_with_no_seed_has_one_at_random_said(game: str) -> None:
    decks = NR_DECKS if game == "netrunner" else ["--decks", str(DUEL)]
    seeds = set()
    for _ in range(2):
        result = _play(game, *decks, "--turns", 1, "--plain", answers="1\n" * 400)  # (said once the game is over)
        found = re.search(r"^seed (\d+) \(give --seed (\d+) to play this game again\)$", result.output, re.M)
        assert found and found[1] == found[2], result.output
        seeds.add(found[1])
    assert len(seeds) == 2
    given = _play(game, *decks, "--seed", 5, "--turns", 1, "--plain", answers="")
    assert "to play this game again" not in given.output
