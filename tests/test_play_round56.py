"""Regressions of a player's test of `dossier play`: a Netrunner save that does not fit is refused before play and
kept; a saved game keeps the side, the opponent and the turns; the full-screen view fits 80x24 and wraps its question;
Home, End and unknown keys are read whole, Esc alone stops at once; symbols and names are text, never markup; a resize
redraws; the turn limit ends with a line; a bad option value is one line in the language; a deployment die's options
are told apart; units on one cell, neutral units and facings in words; `q` says where the game went; `--save` does
not replace another saved game."""

from __future__ import annotations

import fcntl
import io
import json
import os
import re
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tests.conftest import ROOT
from tests.test_cli_fixes_round55 import _one_line
from toolkit.cli import app

NR = ROOT / "examples" / "decks" / "netrunner"
NR_DECKS = ["--decks", str(NR / "corp-hb-tireless-hands.json"), "--decks", str(NR / "runner-criminal-fingers.json")]
DUEL = ROOT / "examples" / "decks" / "tactics" / "duel.json"


def _play(*args: Any, answers: str = "") -> Any:
    return CliRunner().invoke(app, ["play", *map(str, args), "--lang", "en"], input=answers)


# 1: a Netrunner save that does not replay is refused before play, named, and left as it was


def test_a_netrunner_save_that_does_not_fit_is_refused_before_play_and_kept(tmp_path: Path) -> None:
    saved = tmp_path / "nb.json"
    made = _play("netrunner", *NR_DECKS, "--seed", "4", "--plain", "--save", saved, answers="1\n" * 8)
    assert made.exit_code == 0, made.output
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert len(data["decisions"]) >= 6
    data["decisions"][4] = "zzz"
    saved.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    before = saved.read_bytes()
    result = _play("netrunner", "--load", saved, "--save", saved, "--plain", answers="1\n" * 20)
    line = _one_line(result, 1, str(saved), "decision 5", "the sealed decision is not an option")  # (the corp's)
    assert "options" not in line and "install:" not in line  # the other side's options (the corp's hand) unsaid
    assert "you (" not in result.stdout  # refused before the first decision
    assert saved.read_bytes() == before
    # decisions left over when the game has ended (here at its turn limit) do not fit either
    fresh = tmp_path / "fresh.json"
    assert _play("netrunner", *NR_DECKS, "--seed", "4", "--plain", "--save", fresh, answers="1\n" * 12).exit_code == 0
    over = tmp_path / "over.json"
    over.write_text(json.dumps({**json.loads(fresh.read_text(encoding="utf-8")), "turns": 1}), encoding="utf-8")
    kept = over.read_bytes()
    refused = _play("netrunner", "--load", over, "--save", over, "--plain")
    _one_line(refused, 1, str(over), "stop fitting the game at decision")
    assert over.read_bytes() == kept


# 2, 7: a Netrunner save keeps the side, the opponent and the turn limit; the limit ends with a line


def test_a_netrunner_save_keeps_the_side_the_opponent_and_the_turns(tmp_path: Path) -> None:
    saved = tmp_path / "corp.json"
    made = _play("netrunner", *NR_DECKS, "--side", "corp", "--vs", "random", "--turns", "3", "--seed", "4", "--plain",
                 "--save", saved, answers="1\n" * 4)  # fmt: skip
    assert made.exit_code == 0, made.output
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert (data["side"], data["opponent"], data["turns"]) == ("corp", "random", 3)
    went_on = _play("netrunner", "--load", saved, "--plain", answers="1\n" * 400)
    assert went_on.exit_code == 0, went_on.output
    assert "you (corp)" in went_on.stdout and "you (runner)" not in went_on.stdout
    assert went_on.stdout.rstrip().endswith("stopped at the turn limit (3 turns); no winner (--turns raises the limit)")
    # an option that says what the save says is taken; one that says otherwise is refused, the file kept
    assert _play("netrunner", "--load", saved, "--side", "corp", "--turns", "3", "--plain").exit_code == 0
    before = saved.read_bytes()
    # (--turns may raise the saved game's limit, never lower it: tests/test_saves_s73.py)
    for args, option in ((["--side", "runner"], "--side"), (["--turns", "2"], "--turns 2"),
                         (["--vs", "heuristic"], "--opponent")):  # fmt: skip
        refused = _play("netrunner", "--load", saved, *args, "--save", saved, "--plain", answers="1\n" * 5)
        _one_line(refused, 2, f"{option} does not go with --load")
    assert saved.read_bytes() == before


def test_the_netrunner_turn_limit_ends_with_a_line() -> None:
    done = _play("netrunner", *NR_DECKS, "--seed", "4", "--turns", "3", "--plain", answers="1\n" * 400)
    assert done.exit_code == 0, done.output
    assert done.stdout.rstrip().endswith("stopped at the turn limit (3 turns); no winner (--turns raises the limit)")


# 3: the full-screen view fits the terminal


def _tactics_at(kind: str, seed: int = 3, mode: str = "duo") -> Any:
    from tests.test_tactics_decisions import RECORDS, _setup
    from toolkit.engine.tactics.session import TacticsSession

    session = TacticsSession(RECORDS, _setup(mode, ["human", "heuristic"], seed=seed, deal=8))
    for _ in range(200):
        decision = session.pending
        if decision is None or decision.kind == kind:
            break
        session.apply(decision.options[0].label)
    assert session.pending is not None and session.pending.kind == kind
    return session


def _draw_tactics(session: Any, width: int, height: int, at: int = 6, lang: str = "en", names: Any = None) -> str:
    from tests.test_tactics_decisions import RECORDS
    from toolkit.cli._lang import LogNames
    from toolkit.engine.keys import Cursor, draw
    from toolkit.engine.tactics.screen import screen

    out = io.StringIO()
    console = Console(file=out, width=width, height=height, color_system=None, force_terminal=False)
    cursor = Cursor(len(session.pending.options))
    cursor.at = min(at, cursor.count - 1)
    names = names or LogNames(RECORDS, lang)
    draw(console, screen(session, 1, lang, names, cursor, "", height, width, console))
    return out.getvalue()


@pytest.mark.parametrize(("width", "height"), [(80, 24), (100, 30), (150, 60), (60, 20)])
def test_the_tactics_view_fits_the_terminal(width: int, height: int) -> None:
    session = _tactics_at("action")
    decision = session.pending
    for at in (0, 6, len(decision.options) - 1):
        shown = _draw_tactics(session, width, height, at)
        lines = shown.rstrip("\n").split("\n")
        assert len(lines) <= height, shown
        assert all(len(line.rstrip()) <= width for line in lines), shown
        assert lines[0].startswith("Seat 1 · round") and re.search(r"^ 0 ", shown, re.M)  # header, map row 0
        flat = " ".join(shown.split())
        assert f"decision {session.own_number(decision)}: choose an action" in flat  # the question, whole (seat 1's nth)
        assert re.search(rf"> +{at + 1}\. ", shown), shown  # the cursor's option
        for near in (at - 1, at + 1):
            if 0 <= near < len(decision.options) and height >= 24:
                assert re.search(rf"\n.*│ +{near + 1}\. ", shown), (near, shown)  # and its neighbours


def test_the_view_wraps_a_long_question_instead_of_cutting_it() -> None:
    session = _tactics_at("mulligan")
    prompt = "which trigger " + "of a very long list of reasons " * 6 + "goes first?"
    session.pending.prompt = prompt
    shown = _draw_tactics(session, 80, 24, 0)
    assert len(shown.rstrip("\n").split("\n")) <= 24
    panel = " ".join(" ".join(re.findall(r"│ (.*?) *│", line)) for line in shown.split("\n"))
    assert f"decision {session.own_number(session.pending)}: {prompt}" in " ".join(panel.split())


def _netrunner_screen(width: int, height: int, steps: int = 12, lang: str = "en") -> str:
    from tests.test_netrunner_screen import RECORDS
    from toolkit.engine.netrunner import NetrunnerGame
    from toolkit.engine.netrunner.players import make_policy
    from toolkit.engine.netrunner.screen import ScreenPolicy
    from toolkit.engine.netrunner.session import example_deck

    out = io.StringIO()
    console = Console(file=out, width=width, height=height, color_system=None, force_terminal=False)
    keys = iter(["enter"] * steps + ["down"] * 6 + ["q"])
    person = ScreenPolicy(console, lambda: next(keys), lang)
    decks = {"corp": example_deck(RECORDS, "hb_tireless_hands"), "runner": example_deck(RECORDS, "zero_weaver")}
    game = NetrunnerGame(RECORDS, seed=4, decks=decks, policies={"runner": person, "corp": make_policy("heuristic",
                                                                                                     "corp", 4)})  # fmt: skip
    with pytest.raises(EOFError):
        game.play_game(max_turns=20)
    return out.getvalue()


@pytest.mark.parametrize(("width", "height"), [(80, 24), (150, 40)])
def test_the_netrunner_view_fits_the_terminal(width: int, height: int) -> None:
    shown = _netrunner_screen(width, height)
    for one in shown.split("You play the ")[1:]:
        lines = ("You play the " + one).rstrip("\n").split("\n")
        assert len(lines) <= height, one
        assert "you (runner):" in one and re.search(r"> +\d+\. ", one), one


# 4: keys read whole; Esc alone stops at once


def _pipe_keys(data: bytes) -> tuple[Any, int]:
    from toolkit.engine.keys import TerminalInput

    read, write = os.pipe()
    os.write(write, data)
    return TerminalInput(read), write


def test_home_end_and_unknown_sequences_are_read_whole() -> None:
    from toolkit.engine.keys import UNKNOWN, read_key

    typed = (b"\x1b[H\x1b[F\x1bOH\x1bOF\x1b[1~\x1b[4~\x1b[7~\x1b[8~\x1b[3~\x1b[15~\x1b[1;5A\x1bOP\x1b[[A\x1b[Z"
             b"\x1b[2~x")  # fmt: skip
    source, write = _pipe_keys(typed)
    keys = [read_key(source) for _ in range(15)]
    os.close(write)
    assert keys == ["home", "end", "home", "end", "home", "end", "home", "end", UNKNOWN, UNKNOWN, "up", UNKNOWN,
                    UNKNOWN, UNKNOWN, UNKNOWN]  # fmt: skip
    assert read_key(source) == "x"  # nothing of a sequence left over
    with pytest.raises(EOFError):
        read_key(source)
    # from a text stream too (the tests' keys)
    assert [read_key(io.StringIO(s)) for s in ("\x1b[4~", "\x1b[1~", "\x1b[3~")] == ["end", "home", UNKNOWN]


def test_esc_alone_is_a_stop_at_once_and_eats_no_key() -> None:
    from toolkit.engine.keys import read_key

    source, write = _pipe_keys(b"\x1b")
    started = time.monotonic()
    assert read_key(source) == "escape"
    assert time.monotonic() - started < 2
    os.write(write, b"ab")
    assert [read_key(source), read_key(source)] == ["a", "b"]
    os.close(write)


def test_the_cursor_goes_home_and_to_the_end() -> None:
    from toolkit.engine.keys import Cursor

    cursor = Cursor(12)
    for key, at in (("end", 11), ("home", 0), ("unknown", 0), ("resize", 0), ("pagedown", 10), ("home", 0)):
        assert cursor.press(key) is None and cursor.at == at


def test_a_number_past_the_last_option_is_no_option() -> None:
    """A digit alone beyond the list (5 of 2) leaves the cursor where it was: Enter then picks an option that
    exists (it picked past the list and ended the game with an IndexError)."""
    from toolkit.engine.keys import Cursor

    cursor = Cursor(2)
    assert cursor.press("down") is None and cursor.at == 1
    for key in ("5", "9", "0"):
        assert cursor.press(key) is None and cursor.at == 1 and cursor.typed == ""
    assert cursor.press("1") is None and cursor.at == 0
    assert cursor.press("7") is None and cursor.at == 0  # "17" is past 2, and 7 alone too
    assert cursor.press("enter") == "pick" and cursor.at < cursor.count


# 5: symbols in words, names as text (never markup), in the view and in --plain


def test_symbols_are_words_and_names_are_never_markup() -> None:
    from tests.test_netrunner_screen import RECORDS
    from toolkit.engine.decisions import Decision, Option
    from toolkit.engine.keys import Cursor
    from toolkit.engine.netrunner import NetrunnerGame
    from toolkit.engine.netrunner.screen import ScreenPolicy, icon_words
    from toolkit.engine.netrunner.session import example_deck

    assert icon_words("runner: 4[click] 5[credit]", "en") == "runner: 4 clicks 5 credits"
    assert icon_words("[click][click]: gain 1[credit]; [bold] [/x]", "en") == "2 clicks: gain 1 credit; [bold] [/x]"
    decks = {"corp": example_deck(RECORDS, "hb_tireless_hands"), "runner": example_deck(RECORDS, "zero_weaver")}
    game = NetrunnerGame(RECORDS, seed=4, decks=decks)
    decision = Decision(2, "action", "runner: 4[click] 5[credit] [/x] [bold]",
                        [Option("a", "[/x] Nobody [red]#1"), Option("b", "gain 1[credit]")])  # fmt: skip
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, color_system=None, force_terminal=False)
    person = ScreenPolicy(console, lambda: "q", "en")
    console.print(person.screen(game, decision, Cursor(2)))
    shown = out.getvalue()
    assert "you (runner): runner: 4 clicks 5 credits [/x] [bold]" in shown
    assert "[/x] Nobody [red]#1" in shown and "gain 1 credit" in shown
    plain = _play("netrunner", *NR_DECKS, "--seed", "4", "--turns", "2", "--plain", answers="1\n" * 60)
    # (an option's label, to type, ends its line in brackets: `gain 1 credit   [credit]`; no symbol elsewhere)
    body = re.sub(r" {2,}\[[^\]\s]+\]$", "", plain.stdout, flags=re.M)
    assert plain.exit_code == 0 and "[click]" not in body and "[credit]" not in body, plain.stdout
    assert re.search(r"you \(runner\): take an action \(\d clicks? and \d+ credits? left\)", plain.stdout), plain.stdout


def test_a_name_with_markup_in_the_tactics_view_is_shown_as_it_is() -> None:
    from tests.test_tactics_decisions import RECORDS
    from toolkit.cli._lang import LogNames

    class Names(LogNames):
        def name(self, value: str) -> str:
            return "[/x]" + str(super().name(value))

    session = _tactics_at("action")
    shown = _draw_tactics(session, 150, 60, 0, names=Names(RECORDS, "en"))
    assert "[/x]" in shown


# 6: a resize redraws at once (and 4: Delete, End, q through a real terminal)


def _pty_play(args: list[str], keys: list[Any], size: tuple[int, int] = (24, 80)) -> tuple[int, str, float]:
    """``dossier ARGS`` on a pseudo-terminal of ``size`` rows and columns; ``keys`` typed one at a time, each once the
    screen is quiet (a tuple ``(rows, columns)`` resizes the terminal instead). The exit status, the output, and
    the seconds from the last key to the end."""
    import pty
    import signal

    parent, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", size[0], size[1], 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env.update(TERM="xterm", DOSSIER_LANG="en")
    process = subprocess.Popen([sys.executable, "-m", "toolkit.cli", *args], stdin=child, stdout=child, stderr=child,
                               cwd=ROOT, env=env)  # fmt: skip
    os.close(child)
    chunks: list[bytes] = []

    def drain() -> None:
        while True:
            try:
                data = os.read(parent, 65536)
            except OSError:
                return
            if not data:
                return
            chunks.append(data)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()

    def quiet(first: bool = False) -> None:
        deadline, seen, still = time.monotonic() + (90 if first else 20), -1, 0.0
        while time.monotonic() < deadline:
            size_now = sum(map(len, chunks))
            if size_now == seen and size_now and (not first or b"arrows and Enter" in b"".join(chunks)):
                if time.monotonic() - still > 0.4:
                    return
            else:
                seen, still = size_now, time.monotonic()
            time.sleep(0.05)

    quiet(first=True)
    last = time.monotonic()
    for key in keys:
        if isinstance(key, tuple):
            fcntl.ioctl(parent, termios.TIOCSWINSZ, struct.pack("HHHH", key[0], key[1], 0, 0))
            process.send_signal(signal.SIGWINCH)
        else:
            os.write(parent, key.encode())
        last = time.monotonic()
        quiet()
    try:
        process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    took = time.monotonic() - last
    reader.join(timeout=10)
    os.close(parent)
    return process.returncode, b"".join(chunks).decode(errors="replace"), took


def _screens(out: str) -> list[str]:
    plain = re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", out.replace("\x1b[2J", "\x00"))
    return [s.replace("\r\n", "\n") for s in plain.split("\x00")]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pseudo-terminal of Linux's")
@pytest.mark.slow
def test_keys_resize_and_q_through_a_terminal(tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    code, out, _ = _pty_play(["play", "tactics", "--decks", str(DUEL), "--save", str(saved)],
                             ["\x1b[4~", "\x1b[3~", "\x1b[15~", (30, 120), "q"])  # fmt: skip
    assert code == 0, out
    screens = _screens(out)
    assert any("> 2. no" in s for s in screens) and "> 2. no" in screens[-1]  # End; Delete and F5 change nothing
    widest = [max(len(line) for line in s.split("\n")) for s in screens if s.strip()]
    assert widest[0] <= 80 and widest[-1] > 80  # drawn again at once at the new size, before any key
    assert "stopped; saved to" in out and "end of input" not in out and saved.exists()
    # Esc alone stops at once
    code, out, took = _pty_play(["play", "tactics", "--decks", str(DUEL)], ["\x1b"])
    said = "stopped; not saved (--save keeps a game to go on with later)"  # (no seed: the game is not over)
    assert code == 0 and out.rstrip().endswith(said) and took < 10, out[-500:]


# 8: a bad option value is one line in the language of the command line


@pytest.mark.parametrize(
    ("args", "said"),
    [(["play", "tactics", "--seed", "abc"], "dossier: error: --seed 'abc': not a whole number"),
     (["play", "tactics", "--seat", "3"], "dossier: error: --seat 3: a whole number from 1 to 2"),
     (["play", "netrunner", "--turns", "0"], "dossier: error: --turns 0: a whole number from 1 to 500"),
     (["simulate", "tactics", "--seed", "x1"], "dossier: error: --seed 'x1': not a whole number"),
     (["lint", "--format", "xml", "cards"], "dossier: error: --format 'xml': choose one of text, json"),
     (["serve", "--port=0"], "dossier: error: --port 0: a whole number from 1 to 65535"),
     (["lint", "-j0", "cards"], "dossier: error: --jobs 0: a whole number from 1 to 256"),
     (["balance", "tactics", "--margin", "0.7"], "dossier: error: --margin 0.7: a number from 0.0 to 0.49")],
)  # fmt: skip
def test_a_bad_option_value_is_one_line(args: list[str], said: str) -> None:
    result = CliRunner().invoke(app, args, env={"DOSSIER_LANG": "en"})
    assert result.exit_code == 2 and result.stderr.strip() == said, result.output
    zh = CliRunner().invoke(app, args, env={"DOSSIER_LANG": "zh-Hans"})
    line = zh.stderr.strip()
    assert zh.exit_code == 2 and "\n" not in line and line.startswith("dossier：") and "Usage" not in zh.output


# 9: a deployment die's options are told apart; a number typed in --plain is a place in the list


def test_deployment_die_options_say_their_face() -> None:
    from tests.test_tactics_decisions import RECORDS
    from toolkit.cli._lang import LogNames
    from toolkit.engine.tactics.screen import option_words
    from toolkit.engine.tactics.session import view

    names = LogNames(RECORDS, "en")
    said = {}
    for seed in (0, 8):
        session = _tactics_at("deployment_die", seed=seed)
        decision = session.pending
        said[seed] = option_words(decision, view(session.game, 1, decision), "en", names)
    assert said[0] == ["zone 3 (rolled 3)", "any zone (rolled 2: 2 dice rolled 2)",
                       "any zone (rolled 2: 2 dice rolled 2): the same as option 2"]  # fmt: skip
    assert said[8] == ["any zone (rolled 5: 2 dice rolled 5)", "any zone (rolled 6: the map has no zone 6)",
                       "any zone (rolled 5: 2 dice rolled 5): the same as option 1"]  # fmt: skip
    from toolkit.cli.play import PLAY_HELP

    assert "a number is always a place in the list" in PLAY_HELP


# 10: units on one cell, neutral units, facings in words; `q` and the end of input say where the game went


def test_units_on_one_cell_neutral_units_and_facings() -> None:
    from tests.test_tactics_decisions import RECORDS
    from toolkit.cli._lang import LogNames
    from toolkit.engine.tactics.screen import STACK, _map
    from toolkit.engine.tactics.session import view

    session = _tactics_at("action")
    seen = view(session.game, 1, session.pending)
    mine = [u for u in seen["units"] if u["seat"] == 1]
    assert len(mine) >= 2
    mine[1]["pos"] = list(mine[0]["pos"])
    board, lines = _map(session, seen, "en", LogNames(RECORDS, "en"))
    x, y = mine[0]["pos"]
    assert board.plain.split("\n")[y + 1][3 + x] == STACK
    said = [line.plain for line in lines]
    assert any(re.fullmatch(rf"\+: [A-Za-z], [A-Za-z] on one cell, {x},{y}", s) for s in said), said
    assert any("a hidden neutral unit at" in s for s in said) and not any("P0" in s for s in said)
    assert any(" facing north" in s for s in said) and not any(re.search(r"facing [nesw],", s) for s in said)
    zh = _map(session, seen, "zh-Hans", LogNames(RECORDS, "zh-Hans"))[1]
    assert not any(re.search(r"朝向 ?[nesw]，", line.plain) for line in zh)


def test_the_end_of_input_says_where_the_game_was_saved(tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    done = _play("tactics", "--decks", DUEL, "--plain", "--save", saved, answers="1\n" * 3)
    assert done.exit_code == 0 and f"stopped: end of input; saved to {saved}" in done.stdout


# --save never replaces another saved game unless told to


def test_save_does_not_replace_another_saved_game(tmp_path: Path) -> None:
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    assert _play("tactics", "--decks", DUEL, "--plain", "--save", first, answers="1\n2\n").exit_code == 0
    assert _play("tactics", "--decks", DUEL, "--plain", "--save", second, answers="1\n").exit_code == 0
    kept = first.read_bytes()
    for game, args in (("tactics", ["--decks", DUEL]), ("netrunner", NR_DECKS),
                       ("tactics", ["--load", second])):  # fmt: skip
        refused = _play(game, *args, "--plain", "--save", first, answers="1\n" * 5)
        _one_line(refused, 2, str(first), "a saved game is there; not replaced", "--force")
        assert "decision" not in refused.stdout and first.read_bytes() == kept
    forced = _play("tactics", "--decks", DUEL, "--plain", "--save", first, "--force", answers="2\n")
    assert forced.exit_code == 0 and first.read_bytes() != kept
    went_on = _play("tactics", "--load", second, "--save", second, "--plain", answers="1\n")  # its own game: goes on
    assert went_on.exit_code == 0, went_on.output


def test_the_plain_view_tells_the_same_as_the_screen() -> None:
    """--plain (play_terminal, map_lines) shares the screen's words: a deployment die's face, a cell two units
    share, a neutral unit, facings in words; its prompt says a number is a place in the list."""
    from tests.test_tactics_decisions import RECORDS
    from toolkit.cli._lang import LogNames
    from toolkit.engine.tactics.session import view
    from toolkit.engine.tactics.terminal import STACK, map_lines, play_terminal

    names = LogNames(RECORDS, "en")
    session = _tactics_at("deployment_die", seed=0)
    written: list[str] = []
    asked: list[str] = []

    def stop(prompt: str) -> str:
        asked.append(prompt)
        raise EOFError

    with pytest.raises(EOFError):
        play_terminal(session, 1, "en", names, read=stop, write=written.append)
    assert any(line.strip().startswith("2. any zone (rolled 2: 2 dice rolled 2)") for line in written), written
    assert asked == ["your choice (the number of an option, its label, u to undo): "]
    session = _tactics_at("action")
    seen = view(session.game, 1, session.pending)
    mine = [u for u in seen["units"] if u["seat"] == 1]
    mine[1]["pos"] = list(mine[0]["pos"])
    lines = map_lines(session, seen, "en", names)
    x, y = mine[0]["pos"]
    assert lines[y + 1][3 + x] == STACK
    assert any(re.fullmatch(rf"  \+: [A-Za-z], [A-Za-z] on one cell, {x},{y}", s) for s in lines), lines
    assert any("a hidden neutral unit at" in s for s in lines) and not any("P0" in s for s in lines)
    assert not any(re.search(r"facing [nesw],", s) for s in lines)
