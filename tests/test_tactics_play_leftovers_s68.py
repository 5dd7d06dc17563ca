"""Stop 68, leftovers of the tactics play session and terminal (issue 28):

1. `dossier play tactics` resigns, as the browser does (one session call, :meth:`TacticsSession.resign`): ``resign``
   (or its word) at the plain prompt and ``r`` on the full screen, each confirmed with ``y``; the game ends as a
   loss for the person, is saved as resigned (and shown so again by ``--load``), and the log ends with it.
2. A game saved by `dossier play tactics --save` (the person's own file) holds nothing the person's seat may not
   see in plain text: the machine's decisions are sealed (its mortgage picks named cards of its hand, its facings
   and deployment the hidden units'), and so are the squad and deck the machine made up for itself.
3. A deployment die's options say what the die decides (a zone, or any zone and why), in both languages.
4. `text run` of a move that may stay put moves the unit as far as it may, and says each choice it made and the
   options it had.
"""

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
from tests.test_tactics_decisions import RECORDS, _setup
from tests.test_tactics_screen import _keys
from tests.web import conftest as web
from toolkit.cli import app
from toolkit.cli._lang import LogNames
from toolkit.engine.tactics.session import TacticsSession, view

# the web tests' fixtures (tests/web/conftest.py), for this module outside tests/web
web_cards, web_settings, web_app, client = web.web_cards, web.web_settings, web.web_app, web.client

EXAMPLES = ROOT / "examples" / "decks" / "tactics"
DUEL, DUO, DUO_RIVAL = EXAMPLES / "duel.json", EXAMPLES / "duo.json", EXAMPLES / "duo-rival.txt"


def _play(*args: str | Path, answers: str) -> Any:
    return CliRunner().invoke(app, ["play", "tactics", *map(str, args)], input=answers)


# ---------------------------------------------------------------------------------------------- 1. resigning


def _reader(answers: list[str]) -> Any:
    left = list(answers)

    def read(prompt: str) -> str:
        if not left:
            raise EOFError
        return left.pop(0)

    return read


@pytest.mark.parametrize(("lang", "word"), [("en", "resign"), ("zh-Hans", "认输"), ("en", "Resign")])
def test_the_plain_terminal_resigns_once_confirmed(lang: str, word: str) -> None:
    from toolkit.engine.tactics.terminal import play_terminal

    session = TacticsSession(RECORDS, _setup("duel", ["human", "heuristic"]))
    written: list[str] = []
    play_terminal(session, 1, lang, LogNames(RECORDS, lang), read=_reader([word, "y"]), write=written.append)
    assert session.resigned == 1 and session.pending is None and session.over
    assert session.result()["winners"] == [2] and session.result()["reason"] == "resigned"
    ending = "P1 resigned" if lang == "en" else "玩家1 认输"
    assert written[-1].strip().endswith(ending), written[-3:]
    assert re.match(r"\s*\d+ ", written[-1])  # (numbered as the log's lines)
    saved = session.to_json()
    assert saved["status"] == "resigned" and saved["resigned_by"] == 1
    again = TacticsSession.from_json(RECORDS, json.loads(json.dumps(saved)))
    assert again.resigned == 1 and again.pending is None and again.labels == session.labels


def test_the_plain_terminal_goes_on_when_a_resignation_is_not_confirmed() -> None:
    from toolkit.engine.tactics.terminal import play_terminal

    session = TacticsSession(RECORDS, _setup("duel", ["human", "heuristic"]))
    written: list[str] = []
    with pytest.raises(EOFError):
        play_terminal(session, 1, "en", LogNames(RECORDS, "en"), read=_reader(["resign", "n"]), write=written.append)
    assert session.resigned is None and session.pending is not None
    assert "not resigned: the game goes on" in written
    assert any("or `resign` to resign the game" in line for line in written), written  # (said once, as Netrunner)


def test_the_full_screen_resigns_with_r_once_y_confirms_it() -> None:
    from toolkit.engine.tactics.screen import play_screen

    out = io.StringIO()
    console = Console(file=out, width=150, height=60, color_system=None, force_terminal=False)
    session = TacticsSession(RECORDS, _setup("duel", ["human", "heuristic"]))
    with pytest.raises(EOFError):  # r, then another key: back to the game; q stops
        play_screen(session, 1, "en", LogNames(RECORDS, "en"), console, _keys(["r", "n", "q"]))
    flat = " ".join(re.sub(r"[│╭╮╰╯─]", " ", out.getvalue()).split())
    assert session.resigned is None and "resign this game?" in flat
    assert "u undoes, r resigns, q stops" in flat
    out.truncate(0)
    play_screen(session, 1, "zh-Hans", LogNames(RECORDS, "zh-Hans"), console, _keys(["r", "y"]))
    assert session.resigned == 1 and session.pending is None
    shown = out.getvalue()
    assert "玩家1 认输" in shown and "玩家2" in shown  # how it ended: the other side won, the person resigned


def test_play_tactics_resigns_saves_it_and_load_shows_it_over(tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    done = _play("--decks", DUEL, "--plain", "--lang", "en", "--seed", "4", "--save", saved, answers="resign\ny\n")
    assert done.exit_code == 0, done.output
    assert "P1 resigned" in done.stdout and "game over after 0 rounds: P2 (P1 resigned)" in done.stdout
    assert "the game is over; saved to" in done.stdout
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["status"] == "resigned" and data["resigned_by"] == 1
    shown = _play("--load", saved, "--plain", answers="1\n" * 5)
    assert shown.exit_code == 0, shown.output
    assert "P1 resigned" in shown.stdout and "game over after 0 rounds: P2 (P1 resigned)" in shown.stdout
    assert "decision 1" not in shown.stdout and "your choice" not in shown.stdout


def test_the_browser_resigns_through_the_same_session_call(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.test_play_tactics_web_s66 import _api, _start
    from tests.web.conftest import TEST_CSRF

    called: list[int] = []
    resign = TacticsSession.resign

    def spy(self: TacticsSession, seat: int) -> None:
        called.append(seat)
        resign(self, seat)

    monkeypatch.setattr(TacticsSession, "resign", spy)
    game = _start(client)
    answer = client.post(f"{game}/resign", data={"csrf_token": TEST_CSRF}, follow_redirects=False)
    assert answer.status_code == 303 and called == [1]
    seen = _api(client, game)
    assert seen["status"] == "resigned" and seen["resigned_by"] == 1 and seen["result"]["winners"] == [2]


# ------------------------------------------------------------------------------------------ 2. the saved file


def _machine_secrets(data: dict[str, Any]) -> tuple[TacticsSession, set[str]]:
    """The game of a saved file replayed, and the names (``id#uid``) the machine's decisions gave that the person's
    seat never saw."""
    from toolkit.engine.tactics.session import _uids

    session = TacticsSession.from_json(RECORDS, data)
    shown = _uids(view(session.game, 1), set())
    secrets = set()
    for label, seat in zip(session.labels, session.decider.asked, strict=True):
        if seat != 1:
            secrets.update(m[0] for m in re.finditer(r"(?<![#\w])([a-z_]+)#(\d+)", label) if int(m[2]) not in shown)
    return session, secrets


def test_a_saved_game_holds_no_secret_of_the_machine_in_plain_text(tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    args = ("--decks", DUO, "--plain", "--lang", "en", "--seed", "5", "--save", saved)
    assert _play(*args, answers="1\n" * 60).exit_code == 0
    text = saved.read_text(encoding="utf-8")
    data = json.loads(text)
    session, secrets = _machine_secrets(data)
    # (this game's machine mortgages cards the person never saw: system_override#36, forged_orders#28…, in plain
    # text in the file before; whatever the rules make of the game, none of them is in it)
    assert not [s for s in secrets if s in text], secrets
    machine = [i for i, seat in enumerate(session.decider.asked) if seat == 2]
    assert machine and all(data["decisions"][i] != session.labels[i] for i in machine)  # sealed, every one
    person = [i for i, seat in enumerate(session.decider.asked) if seat == 1]
    assert all(data["decisions"][i] == session.labels[i] for i in person)  # the person's own: as they are
    # the squad and deck the machine made up for itself (duo: its agents are face down) are sealed too
    setup = json.dumps(data["setup"])
    assert not [agent for agent in session.setup.squads[1] if f'"{agent}"' in setup], setup
    assert data["setup"]["squads"][0] == session.setup.squads[0] and data["setup"]["decks"][0] == session.setup.decks[0]
    assert data["setup"]["seed"] == 5  # (what the game is replayed from: said, as the brief of a save says)
    # the game goes on from its file, the same game, and is saved sealed again
    went_on = _play("--load", saved, "--save", saved, "--plain", answers="1\n" * 20)
    assert went_on.exit_code == 0, went_on.output
    longer = json.loads(saved.read_text(encoding="utf-8"))
    assert longer["decisions"][: len(data["decisions"])] == data["decisions"]
    assert len(longer["decisions"]) > len(data["decisions"]) and longer["setup"] == data["setup"]
    again, secrets = _machine_secrets(longer)
    assert again.labels[: len(session.labels)] == session.labels
    assert not [s for s in secrets if s in saved.read_text(encoding="utf-8")]


def test_a_deck_the_person_chose_for_the_machine_stays_as_chosen(tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    args = ("--decks", DUO, "--decks", DUO_RIVAL, "--plain", "--seed", "2", "--save", saved)
    assert _play(*args, answers="1\n" * 10).exit_code == 0
    data = json.loads(saved.read_text(encoding="utf-8"))
    session = TacticsSession.from_json(RECORDS, data)
    assert data["setup"]["squads"] == session.setup.squads and data["setup"]["decks"] == session.setup.decks
    assert all(isinstance(s, list) for s in data["setup"]["squads"])


def test_a_sealed_decision_changed_by_hand_is_refused_as_a_misfit(tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    assert _play("--decks", DUEL, "--plain", "--seed", "3", "--save", saved, answers="1\n" * 12).exit_code == 0
    data = json.loads(saved.read_text(encoding="utf-8"))
    session = TacticsSession.from_json(RECORDS, data)
    machine = next(i for i, seat in enumerate(session.decider.asked) if seat == 2)
    data["decisions"][machine] = data["decisions"][machine][:-2] + ("AA" if data["decisions"][machine][-2:] != "AA"
                                                                    else "BB")  # fmt: skip
    saved.write_text(json.dumps(data), encoding="utf-8")
    refused = _play("--load", saved, "--plain", "--lang", "en", answers="1\n")
    assert refused.exit_code == 1 and "not a saved game this pool can replay" in refused.output, refused.output


# ------------------------------------------------------------------------------------------ 3. the deployment dice


def _die_words(seed: int, lang: str) -> list[str]:
    from tests.test_play_round56 import _tactics_at
    from toolkit.engine.tactics.terminal import option_words

    session = _tactics_at("deployment_die", seed=seed)
    decision = session.pending
    return option_words(decision, view(session.game, 1, decision), lang, LogNames(RECORDS, lang))


def test_a_deployment_die_says_what_it_decides_in_both_languages() -> None:
    # seed 0: the dice rolled 3, 2 and 2 (the 2s a pair: each goes anywhere); seed 8: 5, 6 and 5 (no zone 6)
    assert _die_words(0, "en") == ["zone 3 (rolled 3)", "any zone (rolled 2: 2 dice rolled 2)",
                                   "any zone (rolled 2: 2 dice rolled 2): the same as option 2"]  # fmt: skip
    assert _die_words(8, "en") == ["any zone (rolled 5: 2 dice rolled 5)", "any zone (rolled 6: the map has no zone 6)",
                                   "any zone (rolled 5: 2 dice rolled 5): the same as option 1"]  # fmt: skip
    assert _die_words(0, "zh-Hans") == ["部署区 3（掷出 3）", "任意部署区（掷出 2：2 枚部署骰都掷出 2）",
                                        "任意部署区（掷出 2：2 枚部署骰都掷出 2）：与选项 2 相同"]  # fmt: skip
    assert _die_words(8, "zh-Hans")[1] == "任意部署区（掷出 6：地图上没有部署区 6）"


# ------------------------------------------------------------------------------------------ 4. text run


def test_text_run_of_a_move_moves_and_says_its_choices() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["text", "run", "本单位移动 0-2。", "--lang", "en"])
    assert result.exit_code == 0, result.output
    move = next(line for line in result.stdout.splitlines() if " move (" in line)
    assert "steps: 2" in move, move  # (it stayed put: steps 0)
    choice = next(line for line in result.stdout.splitlines() if line.startswith("choice: move Anvil#1"))
    assert "options: 0,0; " in choice and "took 0,2" in choice, choice  # staying was one of its options
    zh = runner.invoke(app, ["text", "run", "本单位移动 0-2。", "--lang", "zh-Hans"])
    assert zh.exit_code == 0 and "步数：2" in zh.stdout and "选择：" in zh.stdout, zh.stdout
    data = json.loads(runner.invoke(app, ["text", "run", "本单位移动 0-2。", "-f", "json", "--lang", "en"]).stdout)
    assert data["choices"][0]["options"][0] == "0,0" and data["choices"][0]["taken"] == "0,2"
    quiet = runner.invoke(app, ["text", "run", "你抽 1 张牌。", "-f", "json"])
    assert "choices" not in json.loads(quiet.stdout)  # (a text that chose nothing: its output as before)
