"""Regressions of `dossier play netrunner` at the terminal (and of `simulate netrunner`): a saved game goes on in the
language it was played in (tactics too); undo (``u``) and resign (confirmed) in ``--plain`` and in the full-screen
view, through the session's undo; the subroutine's symbol drawn (``↳``), never a bare word run into the text;
``--think`` said for Netrunner's ``search`` too; ``--mode`` and ``--banlist`` read as ``deck validate`` reads them."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.conftest import CARDS, ROOT, SCHEMA
from toolkit.cli import app

NR = ROOT / "examples" / "decks" / "netrunner"
CORP, RUST = NR / "corp-hb-tireless-hands.json", NR / "runner-anarch-rust.json"
DECKS = ["--decks", str(CORP), "--decks", str(RUST)]
DUEL = ROOT / "examples" / "decks" / "tactics" / "duel.json"


def _play(*args: Any, answers: str = "") -> Any:
    return CliRunner().invoke(app, ["play", *map(str, args)], input=answers)


def _saved(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


# 1. a saved game goes on in its language


@pytest.mark.lang_default  # (the locale C.UTF-8 and no DOSSIER_LANG: the default language is Chinese)
def test_a_saved_netrunner_game_goes_on_in_the_language_it_was_played_in(tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    first = _play("netrunner", *DECKS, "--side", "runner", "--seed", 1, "--lang", "en", "--save", saved, "--plain",
                  answers="1\n2\n")  # fmt: skip
    assert first.exit_code == 0, first.output
    assert "go on with `dossier play netrunner --load" in first.output
    assert _saved(saved)["lang"] == "en"
    again = _play("netrunner", "--load", saved, "--save", saved, "--plain")
    assert again.exit_code == 0, again.output
    assert "you (runner): take an action" in again.output and "你（潜袭者）" not in again.output
    assert "stopped: end of input; saved to" in again.output
    assert _saved(saved)["lang"] == "en"  # (kept as the game goes on)
    chinese = _play("netrunner", "--load", saved, "--plain", "--lang", "zh-Hans")  # an explicit --lang wins
    assert chinese.exit_code == 0, chinese.output
    assert "你（潜袭者）" in chinese.output and "you (runner)" not in chinese.output
    # so does DOSSIER_LANG, and `dossier --lang` before the command (which sets it for the command)
    chosen = CliRunner().invoke(app, ["--lang", "zh-Hans", "play", "netrunner", "--load", str(saved), "--plain"])
    assert chosen.exit_code == 0 and "你（潜袭者）" in chosen.output, chosen.output
    told = CliRunner().invoke(app, ["play", "netrunner", "--load", str(saved), "--plain"],
                              env={"DOSSIER_LANG": "zh-Hans"})  # fmt: skip
    assert told.exit_code == 0 and "你（潜袭者）" in told.output, told.output


@pytest.mark.lang_default
def test_a_saved_tactics_game_goes_on_in_the_language_it_was_played_in(tmp_path: Path) -> None:
    saved = tmp_path / "t.json"
    first = _play("tactics", "--decks", DUEL, "--seed", 1, "--lang", "en", "--save", saved, "--plain", answers="1\n")
    assert first.exit_code == 0, first.output
    assert _saved(saved)["lang"] == "en"
    again = _play("tactics", "--load", saved, "--plain")
    assert again.exit_code == 0, again.output
    assert "your choice (the number of an option" in again.output and "你的选择" not in again.output
    chinese = _play("tactics", "--load", saved, "--plain", "--lang", "zh-Hans")
    assert "你的选择" in chinese.output


def test_a_saved_language_that_is_none_is_refused(tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    assert _play("netrunner", *DECKS, "--seed", 1, "--lang", "en", "--save", saved, "--plain").exit_code == 0
    saved.write_text(json.dumps({**_saved(saved), "lang": "fr"}), encoding="utf-8")
    result = _play("netrunner", "--load", saved, "--plain")
    assert result.exit_code == 1
    assert "/lang: 'fr': choose one of en, zh-Hans" in " ".join(result.output.split())


# 2. undo and resign


@pytest.mark.parametrize(("lang", "undone"), [("en", "your last decision is undone"), ("zh-Hans", None)])
def test_u_undoes_the_last_decision_at_the_plain_prompt(tmp_path: Path, lang: str, undone: str | None) -> None:
    """Keep, then gain a credit, then ``u``: the credit is taken back (the saved decisions end before it)."""
    saved = tmp_path / "g.json"
    result = _play("netrunner", *DECKS, "--side", "runner", "--seed", 1, "--lang", lang, "--save", saved, "--plain",
                   answers="1\n2\nu\n")  # fmt: skip
    assert result.exit_code == 0, result.output
    decisions = _saved(saved)["decisions"]
    assert "keep" in decisions and "credit" not in decisions
    assert "type a number from 1 to" not in result.output and "请输入 1 到" not in result.output
    if undone is not None:
        assert undone in result.output
        assert "(type u to undo your last decision, or `resign` to resign the game)" in result.output


@pytest.mark.parametrize(("lang", "refused"), [
    ("en", "you have seen new cards since your last decision, so it cannot be undone"),
    ("zh-Hans", "你的上一个决定之后你已经看到了新的牌，所以它不能撤销"),
])  # fmt: skip
def test_an_undo_that_would_hide_a_card_seen_is_refused_with_the_reason(tmp_path: Path, lang: str,
                                                                         refused: str) -> None:  # fmt: skip
    saved = tmp_path / "g.json"
    result = _play("netrunner", *DECKS, "--side", "runner", "--seed", 1, "--lang", lang, "--save", saved, "--plain",
                   answers="1\n1\nu\n")  # fmt: skip  (a card drawn: seen)
    assert result.exit_code == 0, result.output
    assert refused in result.output
    assert _saved(saved)["decisions"][-1] == "draw"


@pytest.mark.parametrize(("lang", "answers", "over"), [
    ("en", "1\nresign\nn\nresign\ny\n", "game over: the corp wins (the runner resigned) after"),
    ("zh-Hans", "1\n认输\n否\n认输\n是\n", "游戏结束：公司获胜"),
])  # fmt: skip
@pytest.mark.lang_default  # (no DOSSIER_LANG: the game loaded goes on in its saved language)
def test_resign_asks_once_more_then_ends_the_game(tmp_path: Path, lang: str, answers: str, over: str) -> None:
    saved = tmp_path / "g.json"
    result = _play("netrunner", *DECKS, "--side", "runner", "--seed", 1, "--lang", lang, "--save", saved, "--plain",
                   answers=answers)  # fmt: skip
    assert result.exit_code == 0, result.output
    assert over in result.output
    assert _saved(saved)["resigned"] == "runner"
    assert "stopped" not in result.output  # (over, not stopped: nothing to go on with)
    shown = _play("netrunner", "--load", saved, "--plain")  # loaded, the game is over: shown as it ended
    assert shown.exit_code == 0, shown.output
    assert over in shown.output


def test_resign_not_confirmed_goes_on(tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    result = _play("netrunner", *DECKS, "--side", "runner", "--seed", 1, "--lang", "en", "--save", saved, "--plain",
                   answers="1\nresign\nno\n2\n")  # fmt: skip
    assert "not resigned: the game goes on" in result.output
    data = _saved(saved)
    assert "resigned" not in data and data["decisions"][-1] == "credit"


def _waits_at_most(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """A command run on the terminal that is still waiting for keys after ``seconds`` is killed (the test fails)."""
    import subprocess

    wait = subprocess.Popen.wait

    def bounded(self: subprocess.Popen[bytes], timeout: float | None = None) -> int:
        try:
            return wait(self, timeout=seconds if timeout is None else timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            return wait(self)

    monkeypatch.setattr(subprocess.Popen, "wait", bounded)


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@pytest.mark.slow
def test_the_full_screen_view_undoes_with_u_and_resigns_with_r_then_y(tmp_path: Path, lang: str,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    from tests.pty_util import at_keyboard

    _waits_at_most(monkeypatch, 30)  # (keys that do nothing leave the game waiting for more)
    saved = tmp_path / "g.json"
    keys = ["\r", "2", "\r", "u", "r", "n", "r", "y"]  # keep, a credit, undo it; resign: no, then yes
    shown, code = at_keyboard(["play", "netrunner", *DECKS, "--side", "runner", "--seed", "1", "--lang", lang,
                               "--save", str(saved)], keys)  # fmt: skip
    assert code == 0, shown[-2000:]
    data = _saved(saved)
    assert "keep" in data["decisions"] and "credit" not in data["decisions"]
    assert data["resigned"] == "runner"
    if lang == "en":
        flat = " ".join(re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]|[│╭╮╰╯─]", " ", shown).split())
        assert "u undoes, r resigns, q stops" in flat
        assert "resign this game? the other side wins" in flat
        assert "the game is over (the runner resigned)" in flat
    else:
        assert "游戏结束：公司获胜" in shown


# 3. the subroutine's symbol


@pytest.mark.parametrize(("lang", "symbol", "bare"), [
    ("en", "“↳ End the run.”", "subroutine End the run"),
    ("zh-Hans", "“↳ 终止潜袭。”", "子进程 终止潜袭"),
])  # fmt: skip
def test_the_log_draws_the_subroutine_symbol(lang: str, symbol: str, bare: str) -> None:
    """Seed 1, the runner runs on remote server 1: the corp rezzes Plywood Screen, whose subroutine fires."""
    result = _play("netrunner", *DECKS, "--side", "runner", "--seed", 1, "--lang", lang, "--plain",
                   answers="1\n11\n")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert symbol in result.output and bare not in result.output


# 4. --think is Netrunner's too


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_the_think_help_is_not_for_tactics_only(lang: str) -> None:
    result = CliRunner().invoke(app, ["play", "--help"], env={"COLUMNS": "300", "DOSSIER_LANG": lang})
    assert result.exit_code == 0, result.output
    flat = " ".join(re.sub(r"[│╭╮╰╯─]", " ", result.output).split())
    think = flat[flat.index("--think") :][:400]
    assert not think.split(maxsplit=2)[-1].startswith(("Tactics:", "特工战术：`search`")), think
    if lang == "en":
        assert "Netrunner: over each action it weighs" in think
        assert "u undoes your last decision, r resigns once y confirms it, q or Esc stops" in flat


# 5. --mode and --banlist


def _pool(tmp_path: Path) -> Path:
    """The bundled Netrunner cards, Standard's pool a set none of them is in (every card outside it), and an Eternal
    format of every set with two ban lists: the older bans Archive Heist, the one in force nothing."""
    shutil.copytree(SCHEMA, tmp_path / "schema")
    pool = tmp_path / "cards" / "netrunner"
    shutil.copytree(CARDS / "netrunner", pool)
    path = pool / "modes" / "standard.json"
    standard = json.loads(path.read_text(encoding="utf-8"))
    eternal = {**standard, "id": "eternal", "name": {"en": "Eternal", "zh-Hans": "永恒赛制"}, "sets": None}
    standard = {**standard, "sets": ["dossier_next"], "deck_rules": [*standard["deck_rules"], {"rule": "card_pool"}]}
    path.write_text(json.dumps(standard, ensure_ascii=False), encoding="utf-8")
    for key in ("banned", "restricted", "restricted_limit"):
        eternal.pop(key, None)
    eternal["ban_lists"] = [
        {"id": "eternal_old", "date_start": "2020-01-01", "name": {"en": "Old Points", "zh-Hans": "旧点数表"},
         "banned": ["archive_heist"], "restricted": [], "restricted_limit": 1},
        {"id": "eternal_new", "date_start": "2024-01-01", "name": {"en": "New Points", "zh-Hans": "新点数表"},
         "banned": [], "restricted": [], "restricted_limit": 1},
    ]  # fmt: skip
    (pool / "modes" / "eternal.json").write_text(json.dumps(eternal, ensure_ascii=False), encoding="utf-8")
    return pool


def _list(tmp_path: Path) -> Path:
    """A runner list with no format line (an Eternal list as NetrunnerDB exports it)."""
    text = (NR / "runner-criminal-fingers-list.txt").read_text(encoding="utf-8")
    path = tmp_path / "noise.txt"
    path.write_text("".join(line for line in text.splitlines(keepends=True) if not line.startswith("# mode")),
                    encoding="utf-8")  # fmt: skip
    return path


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_simulate_reads_and_checks_the_decks_under_mode_and_banlist(cli: Any, tmp_path: Path, lang: str) -> None:
    pool, runner = _pool(tmp_path), _list(tmp_path)
    base = ["simulate", "netrunner", "--cards", pool, "--decks", CORP, "--decks", runner, "--turns", 1, "--lang", lang]
    refused = cli(*base)
    assert refused.exit_code == 1 and "deck.pool" in refused.output
    assert cli(*base, "--mode", "eternal").exit_code == 0
    assert cli(*base, "--mode", "Eternal", "--banlist", "eternal_new").exit_code == 0  # (a format's name: its id)
    banned = cli(*base, "--mode", "eternal", "--banlist", "eternal_old")
    assert banned.exit_code == 1 and "deck.banned" in banned.output
    unknown = cli(*base, "--mode", "eternal", "--banlist", "nope")
    assert unknown.exit_code == 2 and "eternal_old" in unknown.output and "eternal_new" in unknown.output
    no_mode = cli(*base, "--mode", "nope")
    assert no_mode.exit_code == 2 and "eternal" in no_mode.output and "'nope'" in no_mode.output
    # (--mode names a tactics mode too, as `deck validate --mode` does: an unknown one is a bad option)
    tactics = cli("simulate", "tactics", "--decks", DUEL, "--decks", DUEL, "--mode", "nope", "--lang", lang)
    assert tactics.exit_code == 2 and "--mode" in tactics.output


def test_play_reads_the_decks_under_mode_and_keeps_the_format(tmp_path: Path) -> None:
    pool, runner = _pool(tmp_path), _list(tmp_path)
    saved = tmp_path / "g.json"
    base = ["netrunner", "--cards", pool, "--decks", CORP, "--decks", runner, "--seed", 2, "--lang", "en", "--plain"]
    refused = _play(*base)
    assert refused.exit_code == 1 and "outside the Standard pool" in refused.output
    played = _play(*base, "--mode", "eternal", "--save", saved, answers="1\n2\n")
    assert played.exit_code == 0, played.output
    assert _saved(saved)["netrunner_format"] == "eternal"
    again = _play("netrunner", "--cards", pool, "--load", saved, "--plain", "--mode", "eternal")
    assert again.exit_code == 2 and "--mode does not go with --load" in again.output
    tactics = _play("tactics", "--decks", DUEL, "--mode", "nope", "--plain", "--lang", "en")  # (a tactics mode)
    assert tactics.exit_code == 2 and "--mode 'nope': tactics has no such mode" in tactics.output
