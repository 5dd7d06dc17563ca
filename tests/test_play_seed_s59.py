"""Issue 28 (play against the machine): the seed gives the deal away (every hand, the order of R&D and the stack),
so it is secret from every side while the game goes on and said once it is over. A Netrunner side's log (the session
the web shows, the terminal's lines, the full-screen view) has no seed until the game ends; `dossier play` says a
seed it chose at random once the game is over, never at its start nor when the game is only stopped (it may go on
from its saved file); the full log, the referee's, and a saved game keep it."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tests.conftest import ROOT
from toolkit.catalog import load_catalog
from toolkit.cli import app
from toolkit.engine.netrunner import NetrunnerGame
from toolkit.engine.netrunner.players import make_policy
from toolkit.engine.netrunner.screen import ScreenPolicy
from toolkit.engine.netrunner.session import NetrunnerSession, example_deck, new_record

RECORDS = list(load_catalog([ROOT / "cards" / "netrunner"]).records)
SEED = 987654321
NR = ROOT / "examples" / "decks" / "netrunner"
NR_DECKS = ["--decks", str(NR / "corp-hb-tireless-hands.json"), "--decks", str(NR / "runner-criminal-fingers.json")]
DUEL = ROOT / "examples" / "decks" / "tactics" / "duel.json"
SAID = re.compile(r"^seed (\d+) \(give --seed (\d+) to play this game again\)$", re.M)


def _play(*args: Any, answers: str = "") -> Any:
    return CliRunner().invoke(app, ["play", *map(str, args), "--lang", "en"], input=answers)


def _text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


@pytest.mark.parametrize("side", ["runner", "corp"])
def test_no_side_s_view_or_log_of_a_game_going_on_holds_the_seed(side: str) -> None:
    identity = "zero_weaver" if side == "runner" else "hb_tireless_hands"
    session = NetrunnerSession(RECORDS, new_record(RECORDS, example_deck(RECORDS, identity), side, SEED), side,
                               "heuristic")  # fmt: skip
    for _ in range(3):
        assert session.pending is not None
        session.apply(session.pending.labels()[0])
    assert str(SEED) not in _text(session.view())
    for seat in (1, 2):
        log = session.game.log.seen_by(seat)
        assert log[0].kind == "setup" and "seed" not in log[0].data and str(SEED) not in _text([e.to_json() for e in log])
    assert next(iter(session.game.log)).data["seed"] == SEED  # the referee's log keeps it
    assert session.saved()["seed"] == SEED  # and the saved game (the player's own file)
    over = session.view(over=True)  # ended otherwise (a resignation): said
    assert over["log"][0]["seed"] == SEED


def test_the_seed_is_in_each_side_s_log_once_the_game_is_over() -> None:
    session = NetrunnerSession(RECORDS, new_record(RECORDS, example_deck(RECORDS, "zero_weaver"), "runner", 3),
                               "runner", "heuristic")  # fmt: skip
    while session.pending is not None:
        labels = session.pending.labels()
        session.apply(next((x for x in labels if x.startswith("run")), labels[0]))
    assert session.result()["reason"]
    for seat in (1, 2):
        assert session.game.log.seen_by(seat)[0].data["seed"] == 3
    assert session.view()["log"][0]["seed"] == 3


def test_the_full_screen_view_says_the_seed_only_at_the_end() -> None:
    out = io.StringIO()
    console = Console(file=out, width=150, height=50, color_system=None, force_terminal=False)
    keys = iter(["enter"] * 6 + ["q"])
    person = ScreenPolicy(console, lambda: next(keys), "en")
    decks = {"corp": example_deck(RECORDS, "hb_tireless_hands"), "runner": example_deck(RECORDS, "zero_weaver")}
    game = NetrunnerGame(RECORDS, seed=SEED, decks=decks,
                         policies={"runner": person, "corp": make_policy("heuristic", "corp", SEED)})  # fmt: skip
    with pytest.raises(EOFError):
        game.play_game(max_turns=20)
    shown = out.getvalue()
    assert "You play the runner · turn" in shown and str(SEED) not in shown
    game.game_over("corp", "test")
    person.over(game, 2)
    assert f"seed {SEED}" in out.getvalue()[len(shown) :]


def test_netrunner_at_the_terminal_says_a_given_seed_nowhere_while_it_plays() -> None:
    result = _play("netrunner", *NR_DECKS, "--seed", SEED, "--turns", 2, "--plain", answers="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "stopped at the turn limit (2 turns)" in result.output, result.output  # (--turns 2: no winner yet)
    assert str(SEED) not in result.output  # (given: the player knows it)


@pytest.mark.parametrize(("game", "decks", "answers"), [
    ("netrunner", NR_DECKS, "1\n" * 400), ("tactics", ["--decks", str(DUEL)], "1\n" * 400),
    ("netrunner", NR_DECKS, ""), ("tactics", ["--decks", str(DUEL)], ""),
])  # fmt: skip
def test_a_seed_chosen_at_random_is_said_at_the_end_of_the_game_not_its_start(game: str, decks: list[str],
                                                                             answers: str) -> None:  # fmt: skip
    result = _play(game, *decks, "--turns", 1, "--plain", answers=answers)
    assert result.exit_code == 0, result.output
    found = SAID.search(result.output)
    if not answers:  # stopped, not over: no seed (the game may go on), the line that says so the last one
        assert found is None and "--seed" not in result.output, result.output
        assert result.output.strip().splitlines()[-1].startswith("stopped: end of input; not saved")
        return
    assert found and found[1] == found[2], result.output
    before = result.output[: found.start()]
    assert found[1] not in before  # not at the start, nor in any line of the game
    after = result.output[found.end() :].strip()
    # the line after the game-over line (a Netrunner game stopped at its turn limit: that line), the last one
    assert ("game over" in before or "stopped at the turn limit" in before) and after == ""


def test_a_saved_game_keeps_its_seed(tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    result = _play("netrunner", *NR_DECKS, "--turns", 1, "--save", saved, "--plain", answers="1\n" * 400)
    assert result.exit_code == 0, result.output
    found = SAID.search(result.output)
    assert found and json.loads(saved.read_text(encoding="utf-8"))["seed"] == int(found[1])
