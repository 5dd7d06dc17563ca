"""Regressions of a sweep of `dossier play`: a stopped game never says a seed chosen at random (only a game that is
over does: the seed gives the deal away, and the stopped game may go on), but where it was saved and the command
that goes on with it, or that nothing kept it; a tactics save with an unknown machine player is refused naming the
file and the place in it (never an --opponent not given); a misfit Netrunner decision's kind in the reader's
language, in the log's words as a tactics save's misfit says it."""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.test_play_s58 import DUEL, NR_DECKS, _Keys, _netrunner_save, _play
from tests.test_play_seed_s59 import SAID

DECKS = {"netrunner": NR_DECKS, "tactics": ["--decks", str(DUEL)]}


def _seed_of(game: str, saved: Path) -> int:
    data = json.loads(saved.read_text(encoding="utf-8"))
    return int(data["seed"] if game == "netrunner" else data["setup"]["seed"])


# 1: a stopped game says no seed, but where it went and how to go on


@pytest.mark.parametrize("game", ["netrunner", "tactics"])
def test_a_stopped_saved_game_says_how_to_go_on_and_no_seed(tmp_path: Path, game: str) -> None:
    saved = tmp_path / "g.json"
    result = _play(game, *DECKS[game], "--save", saved, "--plain", answers="")  # Ctrl-D at the first decision
    assert result.exit_code == 0, result.output
    assert not SAID.search(result.output) and str(_seed_of(game, saved)) not in result.output, result.output
    command = f"dossier play {game} --load {saved} --save {saved}"
    assert result.output.strip().splitlines()[-1] == f"stopped: end of input; saved to {saved} (go on with `{command}`)"
    again = _play(*command.split()[2:], "--plain", answers="")  # the command said goes on with it
    assert again.exit_code == 0, again.output
    assert again.output.strip().splitlines()[-1].startswith(f"stopped: end of input; saved to {saved}")


@pytest.mark.parametrize("game", ["netrunner", "tactics"])
def test_a_stopped_unsaved_game_says_it_was_not_saved_and_no_seed(game: str) -> None:
    result = _play(game, *DECKS[game], "--plain", answers="")
    assert result.exit_code == 0, result.output
    assert not SAID.search(result.output) and "--seed" not in result.output, result.output
    assert result.output.strip().splitlines()[-1] == (
        "stopped: end of input; not saved (--save keeps a game to go on with later)"
    )


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_a_game_over_still_says_its_seed_at_the_end(lang: str) -> None:
    result = _play("tactics", *DECKS["tactics"], "--turns", 1, "--plain", answers="1\n" * 400, lang=lang)
    assert result.exit_code == 0, result.output
    assert "--seed" in result.output.strip().splitlines()[-1]


class _Pressed(_Keys):
    """Keys from a list; ``ctrl-c`` is the interrupt the terminal sends."""

    def __call__(self) -> str:
        key = super().__call__()
        if key == "ctrl-c":
            raise KeyboardInterrupt
        return key


@pytest.mark.parametrize("game", ["netrunner", "tactics"])
@pytest.mark.parametrize(("key", "code"), [("q", 0), ("ctrl-c", 130)])
def test_the_full_screen_view_stopped_says_no_seed(tmp_path: Path, monkeypatch: Any, game: str, key: str,
                                                   code: int) -> None:  # fmt: skip
    import toolkit.engine.keys

    @contextlib.contextmanager
    def keys_of_terminal(stream: Any) -> Iterator[_Pressed]:
        yield _Pressed([key])

    monkeypatch.setattr(toolkit.engine.keys, "is_terminal", lambda stdin, stdout: True)
    monkeypatch.setattr(toolkit.engine.keys, "keys_of_terminal", keys_of_terminal)
    saved = tmp_path / "g.json"
    result = _play(game, *DECKS[game], "--save", saved)
    assert result.exit_code == code, result.output
    assert "your choice" not in result.output  # (the full-screen view, not the lines of --plain)
    assert not SAID.search(result.output) and str(_seed_of(game, saved)) not in result.output
    command = f"`dossier play {game} --load {saved} --save {saved}`"
    assert result.output.strip().splitlines()[-1] == f"stopped; saved to {saved} (go on with {command})"
    unsaved = _play(game, *DECKS[game])
    assert unsaved.exit_code == code and not SAID.search(unsaved.output)
    assert unsaved.output.strip().splitlines()[-1] == "stopped; not saved (--save keeps a game to go on with later)"


def test_the_stopped_line_of_a_game_that_is_over_or_not_given_is_as_before(tmp_path: Path) -> None:
    from toolkit.cli.play import _stopped_line

    target = tmp_path / "g.json"
    assert _stopped_line("en", "stopped", target, None) == f"stopped; saved to {target}"
    assert _stopped_line("en", "interrupted", None, None) == "stopped; not saved"
    assert _stopped_line("en", "end of input", None, None) == "stopped: end of input"
    spaced = tmp_path / "my game.json"
    assert f"--load '{spaced}' --save '{spaced}'`" in _stopped_line("en", "stopped", spaced, "tactics")


# 2: a tactics save with an unknown machine player


def _tactics_save(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    saved = tmp_path / "t.json"
    result = _play("tactics", "--decks", DUEL, "--seed", 3, "--save", saved, "--plain", answers="1\n" * 4)
    assert result.exit_code == 0, result.output
    return saved, json.loads(saved.read_text(encoding="utf-8"))


@pytest.mark.parametrize("player", ["alphazero", "search:abc"])
@pytest.mark.parametrize("seat", [0, 1])
def test_a_tactics_save_with_an_unknown_machine_player_names_the_file_and_the_place(tmp_path: Path, player: str,
                                                                                   seat: int) -> None:  # fmt: skip
    saved, data = _tactics_save(tmp_path)
    data["setup"]["players"] = ["human", "human"]
    data["setup"]["players"][seat] = player
    saved.write_text(json.dumps(data), encoding="utf-8")
    result = _play("tactics", "--load", saved, "--plain")
    assert result.exit_code == 1, result.output
    said = " ".join(result.output.split())
    assert (f"{saved}: not a saved game this pool can replay: /setup/players/{seat}: {player!r}: choose one of "
            "heuristic, brawler, random, search") in said  # fmt: skip
    assert "--opponent" not in said


def test_a_broken_tactics_setup_with_an_unknown_player_names_its_field_not_an_option(tmp_path: Path) -> None:
    saved, data = _tactics_save(tmp_path)
    data["setup"]["players"][1] = "alphazero"
    del data["setup"]["mode"]
    saved.write_text(json.dumps(data), encoding="utf-8")
    result = _play("tactics", "--load", saved, "--plain")
    assert result.exit_code == 1, result.output
    said = " ".join(result.output.split())
    assert f"{saved}: not a saved game this pool can replay: " in said and "/setup/mode" in said
    assert "--opponent" not in said


def test_an_opponent_option_is_still_checked_for_a_new_tactics_game() -> None:
    result = _play("tactics", "--decks", DUEL, "--opponent", "alphazero", "--plain")
    assert result.exit_code == 2
    assert "--opponent 'alphazero': choose one of heuristic, brawler, random, search" in result.output


# 3: a misfit Netrunner decision's kind in the reader's language


# (the corp's mulligan is the machine's in the runner's save: sealed, its label unsaid)
@pytest.mark.parametrize(("lang", "seen"), [
    ("en", r"decision 1 \((corp|runner), (\w[\w ]*)\): (?:'bogus'|the sealed decision) is not an option"),
    ("zh-Hans", r"决定1（([^，）]+)，([^）]+)）：(?:'bogus'|这项封存的决定)不是可选项"),
])  # fmt: skip
def test_a_misfit_netrunner_decision_names_its_kind_in_the_reader_s_words(tmp_path: Path, lang: str,
                                                                          seen: str) -> None:  # fmt: skip
    from toolkit.engine.logwords import word

    data = _netrunner_save(tmp_path)
    data["decisions"][0] = "bogus"
    broken = tmp_path / "misfit.json"
    broken.write_text(json.dumps(data), encoding="utf-8")
    result = _play("netrunner", "--load", broken, "--plain", lang=lang)
    assert result.exit_code == 1, result.output
    found = re.search(seen, "".join(result.output.split()) if lang != "en" else " ".join(result.output.split()))
    assert found, result.output
    assert found[2] == word("decision", "mulligan", lang)  # the first decision: the corp's mulligan
    if lang != "en":
        assert not re.search(r"[A-Za-z]", found[1] + found[2])
