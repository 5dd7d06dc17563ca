"""The balance lab, sweep 70d: a ``--games`` that is not whole deals is played as whole deals (rounded up, said in
one line), the interrupted note of a tactics and a Netrunner ``report.html`` gives the counts as crossfire's does,
``balance crossfire --help`` says what Ctrl-C keeps, and a run stopped by Ctrl-C leaves with 130 however Ray's
threads are doing when the process ends."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT
from toolkit.errors import DossierError

DECKS = ROOT / "examples" / "decks" / "netrunner"


def _played_here(monkeypatch: pytest.MonkeyPatch, seen: list[Any], keep: int | None = None,
                 play: str = "tactics") -> None:  # fmt: skip
    """Ray's runner replaced by one that plays the specs here (``keep``: only the first ``keep`` of them, as a run
    Ctrl-C stopped); ``seen`` gets the specs the command planned."""
    pytest.importorskip("ray")
    from toolkit.balance import runner
    from toolkit.balance.games import play_batch
    from toolkit.balance.netrunner import play_matches

    def played(records: Any, specs: Any, **_: Any) -> runner.Outcome:
        seen.extend(specs)
        chosen = list(specs)[:keep] if keep is not None else list(specs)
        results = (play_batch if play == "tactics" else play_matches)(records, chosen)
        return runner.Outcome(results, keep is not None, 1, 1, False)

    monkeypatch.setattr(runner, "run_games", played)


# ---------------------------------------------------------------- 4. --games in whole deals


@pytest.mark.parametrize(("players", "games", "planned"), [(2, 3, 4), (2, 5, 6), (3, 4, 6), (4, 5, 8)])
def test_a_games_count_that_is_not_whole_deals_is_played_as_whole_deals(
    cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, players: int, games: int, planned: int
) -> None:
    seen: list[Any] = []
    _played_here(monkeypatch, seen)
    out = tmp_path / "report"
    result = cli("balance", "tactics", "--games", games, "--players", players, "--decider", "random", "--rounds", 2,
                 "--no-save", "-o", out, "--lang", "en")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert len(seen) == planned  # (before: 3 games, game 2 without its seat-swapped twin)
    deals: dict[int, int] = {}
    for spec in seen:
        deals[spec.index // players] = deals.get(spec.index // players, 0) + 1
    assert set(deals.values()) == {players}  # every deal once per seat
    said = [line for line in result.stderr.splitlines() if "--games" in line]
    assert said == [f"--games {games}: {planned} games are played, whole deals of {players} (each deal once per "
                    "seat)"], result.stderr  # fmt: skip
    assert result.stdout.splitlines()[0].startswith(f"{planned} games (0 engine errors)")


def test_a_games_count_of_whole_deals_is_played_as_asked_and_says_nothing(
    cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[Any] = []
    _played_here(monkeypatch, seen)
    result = cli("balance", "tactics", "--games", 4, "--decider", "random", "--rounds", 2, "--no-save", "-o",
                 tmp_path / "report", "--lang", "en")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert len(seen) == 4 and "--games" not in result.stderr


def test_netrunner_has_no_deals_and_plays_the_games_asked(
    cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[Any] = []
    _played_here(monkeypatch, seen, play="netrunner")
    result = cli("balance", "netrunner", "--decks", DECKS, "--games", 3, "--decider", "random", "--turns", 2,
                 "--no-save", "-o", tmp_path / "report", "--lang", "en")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert len(seen) == 3 and "--games" not in result.stderr


def test_whole_games_rounds_up_to_whole_deals() -> None:
    from toolkit.balance.games import whole_games

    assert [whole_games(n, 2) for n in (2, 3, 4, 5)] == [2, 4, 4, 6]
    assert [whole_games(n, 3) for n in (1, 3, 1000)] == [3, 3, 1002]
    with pytest.raises(ValueError):
        whole_games(0, 2)


# ---------------------------------------------------------------- 7. the interrupted note gives the counts


def test_an_interrupted_tactics_report_counts_the_games(cli: Any, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    seen: list[Any] = []
    _played_here(monkeypatch, seen, keep=2)
    out = tmp_path / "report"
    result = cli("balance", "tactics", "--games", 6, "--decider", "random", "--rounds", 2, "--no-save", "-o", out,
                 "--lang", "en")  # fmt: skip
    assert result.exit_code == 130, result.output
    assert result.stdout.splitlines()[0] == "interrupted: 2 of 6 games finished"
    page = (out / "report.html").read_text("utf-8")
    assert "Interrupted: the figures count the 2 of 6 games that finished." in page  # (before: no counts)


def test_an_interrupted_netrunner_report_counts_the_games(cli: Any, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    seen: list[Any] = []
    _played_here(monkeypatch, seen, keep=1, play="netrunner")
    out = tmp_path / "report"
    result = cli("balance", "netrunner", "--decks", DECKS, "--games", 4, "--decider", "random", "--turns", 2,
                 "--no-save", "-o", out, "--lang", "en")  # fmt: skip
    assert result.exit_code == 130, result.output
    page = (out / "report.html").read_text("utf-8")
    assert "Interrupted: the figures count the 1 of 4 games that finished." in page


def test_the_interrupted_note_is_plural_by_the_games_asked_and_old_runs_keep_theirs() -> None:
    from toolkit.balance.report import interrupted_note

    assert interrupted_note({"games_asked": 1}, {"games": 0}, "en") == (
        "Interrupted: the figures count the 0 of 1 game that finished."
    )
    assert interrupted_note({"games_asked": 9}, {"games": 4}, "en") == (
        "Interrupted: the figures count the 4 of 9 games that finished."
    )
    assert interrupted_note({}, {"games": 4}, "en") == "Interrupted: the figures count the games that finished."


# ---------------------------------------------------------------- 8. crossfire's help says what Ctrl-C keeps


def test_crossfire_help_says_ctrl_c_keeps_the_tables(cli: Any) -> None:
    text = " ".join(cli("balance", "crossfire", "--help", "--lang", "en").stdout.split())
    assert "`Ctrl-C` stops and keeps the tables that finished." in text
    for command in ("tactics", "netrunner"):  # (as theirs say it of games)
        assert "`Ctrl-C` stops and keeps the games that finished." in " ".join(
            cli("balance", command, "--help", "--lang", "en").stdout.split()
        )


# ---------------------------------------------------------------- 3. Ctrl-C leaves with 130, whatever Ray's threads do


def test_a_stopped_run_ends_the_process_without_the_interpreter_teardown(tmp_path: Path) -> None:
    """In the command's own process a run stopped early leaves through :func:`toolkit.cli.balance._leave`: its
    streams flushed, then ``os._exit`` with the run's status, so no native thread (Ray's, still winding down after
    the Ray it started was shut down) is met by the interpreter's teardown, which sometimes crashed (exit −11 after
    Ctrl-C instead of 130). Here a thread that would hold the teardown for ten minutes stands for them."""
    script = tmp_path / "stopped.py"
    script.write_text(
        "import sys, threading, time\n"
        "from toolkit.cli.balance import _leave\n"
        "threading.Thread(target=lambda: time.sleep(600)).start()  # (not a daemon: a normal exit waits for it)\n"
        "print('interrupted: 0 of 900000 tables finished')\n"
        "sys.stderr.write('said')\n"
        "_leave(130)\n",
        "utf-8",
    )
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})  # fmt: skip
    assert done.returncode == 130
    assert done.stdout == "interrupted: 0 of 900000 tables finished\n" and done.stderr == "said"  # (flushed)


def test_a_stopped_run_whose_output_is_captured_raises_its_exit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where a caller captured the output (a test's CliRunner, which reads the status), the exit is raised as before,
    and the caller's process goes on."""
    import io

    import typer

    from toolkit.cli.balance import _leave

    monkeypatch.setattr(sys, "stdout", io.StringIO())  # (as CliRunner's; and pytest -s leaves the real one)
    with pytest.raises(typer.Exit) as stopped:
        _leave(130)
    assert stopped.value.exit_code == 130


def test_whole_games_refuses_nonsense() -> None:
    from toolkit.balance.games import whole_games

    with pytest.raises((ValueError, DossierError)):
        whole_games(3, 0)
