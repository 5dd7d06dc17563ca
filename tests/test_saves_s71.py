"""Saved games and their replays, stop 71 (sweeps 71c, 71h, 71f).

- `--save` (play, simulate) does not replace a scenario (it has a `decisions` list too), and simulate does not
  replace a game a person saved with `play` unless --force;
- a saved game whose cards changed since is refused naming the changed cards (not blamed on the rules);
- replays of resigned games end with the resignation; a saved Netrunner game becomes an HTML replay;
- `scenario run` of a saved game, a save's seed out of range, `--mode` that cannot be played: one line each.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from toolkit.cli import app

ROOT = Path(__file__).resolve().parent.parent
DECKS = ROOT / "examples" / "decks"
CORP = DECKS / "netrunner" / "corp-hb-tireless-hands.json"
RUNNER = DECKS / "netrunner" / "runner-anarch-rust.json"
SCENARIO = ROOT / "examples" / "scenarios" / "run-through-ice.json"


def _run(*args: str | Path, stdin: str = "", env: dict[str, str] | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(app, [*map(str, args)], input=stdin,
                                env={"DOSSIER_CARDS": "", "DOSSIER_LANG": "en", **(env or {})})  # fmt: skip
    return result.exit_code, result.output


def _data(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


# ---- 1, 2: --save does not replace a scenario, nor (simulate) a game a person saved


@pytest.mark.parametrize("command", ["simulate", "play"])
def test_save_does_not_replace_a_scenario(tmp_path: Path, command: str) -> None:
    target = tmp_path / "myscen.json"
    shutil.copy(SCENARIO, target)
    before = target.read_bytes()
    args = ["--decks", CORP, "--decks", RUNNER, "--seed", "2", "--turns", "1", "--save", target]
    code, output = _run(command, "netrunner", *args, *(["--plain"] if command == "play" else []))
    assert code != 0, output
    assert target.read_bytes() == before
    assert "not replaced" in output and "Traceback" not in output


def test_simulate_does_not_replace_a_game_saved_by_play(tmp_path: Path) -> None:
    saved = tmp_path / "mine.json"
    code, output = _run("play", "netrunner", "--decks", CORP, "--decks", RUNNER, "--plain", "--save", saved)
    assert code == 0 and saved.exists(), output
    before = saved.read_bytes()
    args = ["simulate", "netrunner", "--decks", CORP, "--decks", RUNNER, "--seed", "2", "--turns", "1", "--save", saved]
    code, output = _run(*args)
    assert code == 2, output
    assert saved.read_bytes() == before
    assert "a game saved by dossier play is there; not replaced" in output and "--force" in output
    code, output = _run(*args, "--force")  # --force replaces it
    assert code == 0, output
    assert saved.read_bytes() != before and "side" not in _data(saved)
    code, output = _run(*args)  # a game simulate saved is simulate's to write again
    assert code == 0, output


# ---- 3: a saved game whose cards changed since is refused, naming them


def _changed_cards(tmp_path: Path, game: str, card: str, key: str, value: object) -> Path:
    """A copy of the card folder with one record's field changed."""
    cards = tmp_path / "cards"
    shutil.copytree(ROOT / "cards", cards)
    path = next(cards.glob(f"{game}/**/{card}.json"))
    record = _data(path)
    record[key] = value
    path.write_text(json.dumps(record, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return cards


def test_tactics_save_with_changed_cards_is_refused(tmp_path: Path) -> None:
    saved = tmp_path / "tg.json"
    code, output = _run("play", "tactics", "--decks", DECKS / "tactics" / "duel.json", "--seed", "3", "--plain",
                        "--save", saved, stdin="resign\ny\n")  # fmt: skip
    assert code == 0 and saved.exists(), output
    assert "mistblade" in json.dumps(_data(saved)["setup"])
    cards = _changed_cards(tmp_path, "tactics", "mistblade", "hp", 3)
    code, output = _run("play", "tactics", "--load", saved, "--plain", "--cards", cards)
    assert code == 1, output
    line = output.strip().splitlines()[-1]
    assert "cards changed since the game was saved (mistblade)" in line and "--force" in line, output
    code, output = _run("map", "replay", "hideout", saved, "-o", tmp_path / "r.html", "--cards", cards)
    assert code == 1 and "(mistblade)" in output, output
    # the same cards: as before; a name put right changes no game
    code, output = _run("play", "tactics", "--load", saved, "--plain")
    assert code == 0, output
    renamed = _changed_cards(tmp_path / "renamed", "tactics", "mistblade", "name", {"en": "Mist", "zh-Hans": "雾"})
    code, output = _run("play", "tactics", "--load", saved, "--plain", "--cards", renamed)
    assert code == 0, output


def test_netrunner_save_with_changed_cards_is_refused(tmp_path: Path) -> None:
    saved = tmp_path / "nr.json"
    code, output = _run("simulate", "netrunner", "--decks", CORP, "--decks", RUNNER, "--seed", "2", "--turns", "2",
                        "--save", saved)  # fmt: skip
    assert code == 0, output
    assert "hb_lattice_gate" in _data(saved)["cards"]
    cards = _changed_cards(tmp_path, "netrunner", "hb_lattice_gate", "strength", 9)
    code, output = _run("play", "netrunner", "--load", saved, "--plain", "--cards", cards)
    assert code == 1, output
    assert "cards changed since the game was saved (hb_lattice_gate)" in output and "rules" not in output, output
    code, output = _run("play", "netrunner", "--load", saved, "--plain", "--cards", cards, "--force")
    assert "cards changed" not in output, output
    old = tmp_path / "old.json"  # a game saved before the fingerprint: loaded as before
    data = _data(saved)
    del data["cards"]
    old.write_text(json.dumps(data), encoding="utf-8")
    code, output = _run("play", "netrunner", "--load", old, "--plain")
    assert code == 0, output


def test_web_netrunner_game_with_changed_cards_is_refused(tmp_path: Path) -> None:
    from toolkit.cli.deck import load_pool
    from toolkit.engine.netrunner.saved import CardsChanged
    from toolkit.web.routes import play_netrunner

    saved = tmp_path / "nr.json"
    code, output = _run("simulate", "netrunner", "--decks", CORP, "--decks", RUNNER, "--seed", "2", "--turns", "1",
                        "--save", saved)  # fmt: skip
    assert code == 0, output

    class Web:
        def __init__(self, cards: Path | None) -> None:
            self.catalog = load_pool([cards] if cards else None)

        def memo(self, key: str, make: object) -> object:
            return make()  # type: ignore[operator]

    data = {"game": "netrunner", "side": "runner", "machine": "heuristic", "record": _data(saved)}
    assert play_netrunner.load(Web(None), data).game is not None  # the same cards: replayed
    cards = _changed_cards(tmp_path, "netrunner", "hb_lattice_gate", "strength", 9)
    with pytest.raises(CardsChanged, match="hb_lattice_gate"):
        play_netrunner.load(Web(cards), data)


# ---- 4: the replay of a resigned game ends with the resignation and the result


def _resigned_tactics(tmp_path: Path) -> Path:
    saved = tmp_path / "tg.json"
    code, output = _run("play", "tactics", "--decks", DECKS / "tactics" / "duel.json", "--seed", "3", "--plain",
                        "--save", saved, stdin="resign\ny\n")  # fmt: skip
    assert code == 0 and _data(saved)["status"] == "resigned", output
    return saved


@pytest.mark.parametrize(("lang", "said"), [("en", "reason: P1 resigned"), ("zh-Hans", "原因：玩家1 认输")])
def test_map_replay_of_a_resigned_game_ends_with_it(tmp_path: Path, lang: str, said: str) -> None:
    saved = _resigned_tactics(tmp_path)
    out = tmp_path / "r.html"
    code, output = _run("map", "replay", "hideout", saved, "-o", out, "--lang", lang)
    assert code == 0, output
    page = out.read_text(encoding="utf-8")
    assert said in page, page[-3000:]


def test_web_replay_of_a_resigned_tactics_game_ends_with_it(tmp_path: Path) -> None:
    from toolkit.cli.deck import load_pool
    from toolkit.cli.map import resigned_end
    from toolkit.engine.tactics.session import TacticsSession

    records = list(load_pool(None).records)
    session = TacticsSession.from_json(records, _data(_resigned_tactics(tmp_path)))
    frames: list = []
    TacticsSession(records, session.setup, session.labels, frames)
    if not frames:  # (resigned at the mulligan: the board as it was left, as play_replay makes it)
        frames.append({"label": "", "state": session.game.board_state(), "events": session.game.log.to_json(0)})
    resigned_end(frames, session)
    last = frames[-1]["events"][-1]
    assert (last["event"], last["winners"], str(last["reason"])) == ("game_over", [2], "P1 resigned")


def test_netrunner_replay_of_a_resigned_game_ends_with_it(tmp_path: Path) -> None:
    from toolkit.cli.deck import load_pool
    from toolkit.engine.netrunner.saved import resigned_end
    from toolkit.web.routes import play_netrunner

    saved = tmp_path / "g.json"
    code, output = _run("play", "netrunner", "--decks", CORP, "--decks", RUNNER, "--side", "runner", "--seed", "1",
                        "--save", saved, "--plain", stdin="1\nresign\ny\n")  # fmt: skip
    assert code == 0 and _data(saved)["resigned"] == "runner", output

    class Web:
        catalog = load_pool(None)

        def memo(self, key: str, make: object) -> object:
            return make()  # type: ignore[operator]

    data = {"game": "netrunner", "side": "runner", "machine": "heuristic", "record": _data(saved),
            "status": "resigned", "resigned_by": 2}  # fmt: skip
    session = play_netrunner.load(Web(), data)
    frames = session.frames()
    assert not any(e.get("event") == "game_over" for e in frames[-1]["events"])  # (the record alone: no end)
    resigned_end(frames, session.game)
    last = frames[-1]["events"][-1]
    assert last["event"] == "game_over" and last["winner"] == "corp" and "resigned" in str(last["reason"])


# ---- 5: a saved game's replay in Chinese words its log's reasons in Chinese


def test_map_replay_in_chinese_words_reasons(tmp_path: Path) -> None:
    from toolkit.cli.deck import load_pool
    from toolkit.cli.map import _zh_frames
    from toolkit.engine.phrase import Phrase
    from toolkit.i18n import N_

    reason = Phrase(N_("{unit} left play"), unit="Mistblade#1")
    frames = [{"state": {"units": []}, "events": [{"seq": 3, "event": "discard", "reason": reason}]}]
    _zh_frames(frames, load_pool(None))
    said = frames[0]["events"][0]["reason"]
    assert isinstance(said, Phrase) and said.fields == {"unit": "雾刃#1"} and said.message == "{unit} left play"


# ---- 6: a saved Netrunner game becomes an HTML replay (play netrunner --load G --replay OUT.html)


def test_saved_netrunner_game_becomes_a_replay(tmp_path: Path) -> None:
    saved, out = tmp_path / "nr.json", tmp_path / "nr.html"
    code, output = _run("simulate", "netrunner", "--decks", CORP, "--decks", RUNNER, "--seed", "2", "--turns", "2",
                        "--save", saved)  # fmt: skip
    assert code == 0, output
    code, output = _run("map", "replay", "hideout", saved, "-o", out)  # map replay points to the command
    assert code == 2 and "--replay" in output and "play netrunner --load" in output, output
    code, output = _run("play", "netrunner", "--load", saved, "--replay", out)
    assert code == 0, output
    page = out.read_text(encoding="utf-8")
    assert "<figure" in page and "the game ends" in page, page[-2000:]
    # a game a person saved before its end is not drawn: the replay shows every side's cards
    mine = tmp_path / "mine.json"
    code, output = _run("play", "netrunner", "--decks", CORP, "--decks", RUNNER, "--plain", "--save", mine)
    assert code == 0, output
    code, output = _run("play", "netrunner", "--load", mine, "--replay", tmp_path / "m.html")
    assert code == 2 and "not over" in output and not (tmp_path / "m.html").exists(), output
    # resigned: over, its replay ends with it
    code, output = _run("play", "netrunner", "--decks", CORP, "--decks", RUNNER, "--side", "runner", "--seed", "1",
                        "--save", mine, "--plain", "--force", stdin="1\nresign\ny\n")  # fmt: skip
    assert code == 0, output
    code, output = _run("play", "netrunner", "--load", mine, "--replay", tmp_path / "m.html")
    assert code == 0, output
    assert "the runner resigned" in (tmp_path / "m.html").read_text(encoding="utf-8")


# ---- 7: `scenario run` of a saved game (or another file of Dossier's) says what it is, in one line


def test_scenario_run_of_a_saved_game(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    code, output = _run("play", "netrunner", "--decks", CORP, "--decks", RUNNER, "--plain", "--save", saved)
    assert code == 0, output
    code, output = _run("scenario", "run", saved)
    assert code == 1, output
    assert output.strip().count("\n") == 0 and "a saved netrunner game" in output, output
    assert f"`dossier play netrunner --load {saved} --save {saved}` goes on with it" in output


# ---- 8: a saved game's seed out of range is refused naming it, not blamed on the rules


@pytest.mark.parametrize("game", ["netrunner", "tactics"])
def test_saved_seed_out_of_range(tmp_path: Path, game: str) -> None:
    saved = tmp_path / "g.json"
    duel = DECKS / "tactics" / "duel.json"
    decks = ["--decks", CORP, "--decks", RUNNER] if game == "netrunner" else ["--decks", duel]
    code, output = _run("play", game, *decks, "--plain", "--save", saved)
    assert code == 0, output
    data = _data(saved)
    (data["setup"] if game == "tactics" else data)["seed"] = -1
    saved.write_text(json.dumps(data), encoding="utf-8")
    code, output = _run("play", game, "--load", saved, "--plain")
    assert code == 1, output
    field = "/setup/seed" if game == "tactics" else "/seed"
    assert f"{field} -1: a seed is a whole number from 0 up" in output and "rules" not in output, output


# ---- 9: a --mode that cannot be played is an error of --mode, not of the deck's "mode" line


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_mode_that_cannot_be_played(command: str) -> None:
    extra = ["--plain"] if command == "play" else []
    code, output = _run(command, "tactics", "--decks", DECKS / "tactics" / "duo.json", "--mode", "梦魇通廊", *extra)
    assert code == 1, output  # (exit 1, as before: the game cannot be played)
    assert output.strip().count("\n") == 0 and "duo.json" not in output, output
    assert "--mode 梦魇通廊: the rules leave Nightmare Corridor (nightmare) unspecified" in output, output
