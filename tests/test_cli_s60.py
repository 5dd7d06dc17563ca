"""Round 60: Ctrl-C in `crossfire deal --private` exits 130 as the other interactive commands do; `--lang` before
the command (`dossier --lang en lint`) sets the command's language as DOSSIER_LANG does."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
from typer.testing import CliRunner

from toolkit.catalog import load_catalog
from toolkit.cli import app
from toolkit.cli import crossfire as cli_crossfire
from toolkit.cli.crossfire import CLEAR, PrivateReveal, role_cards
from toolkit.engine.crossfire import Crossfire
from toolkit.errors import DossierError

from .conftest import CARDS

CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")

# ---------------------------------------------------------------- Ctrl-C in the private reveal


@pytest.fixture(scope="module")
def game() -> Crossfire:
    return Crossfire.from_records(load_catalog([CARDS / "crossfire"]).records)


class Keys:
    """What the players type: Enter ``enters`` times, then ``stop`` is raised (Ctrl-C, Ctrl-D)."""

    def __init__(self, enters: int, stop: type[BaseException]) -> None:
        self.left, self.stop, self.text = enters, stop, ""

    def read(self, prompt: str) -> str:
        self.text += prompt
        if self.left == 0:
            raise self.stop
        self.left -= 1
        return ""

    def write(self, text: str) -> None:
        self.text += text


STOPPED = "the reveal was stopped before every player had seen their role"


@pytest.mark.parametrize("enters", [0, 1])  # at "pass the screen to…", and while a role is shown
@pytest.mark.parametrize(("stop", "code", "said"), [(KeyboardInterrupt, 130, f"{STOPPED} (Ctrl-C)"), (EOFError, 2, STOPPED)])
def test_ctrl_c_in_the_reveal_exits_130_and_end_of_input_2(game: Crossfire, enters: int, stop: type[BaseException],
                                                           code: int, said: str) -> None:  # fmt: skip
    cards = role_cards(game, game.deal("crossfire", 5, seed=1), {}, "en")
    keys = Keys(enters, stop)
    with pytest.raises(DossierError) as info:
        PrivateReveal(keys.read, keys.write, rows=10).run(cards)
    assert (info.value.exit_code, info.value.message) == (code, said)
    if stop is KeyboardInterrupt:
        assert keys.text.endswith(CLEAR if enters else "\n")  # a role shown is cleared; else the prompt's line ended


def _deal_stopped(monkeypatch: pytest.MonkeyPatch, stop: type[BaseException]) -> Any:
    """`dossier crossfire deal -n 5 --private` at a terminal whose second Enter is ``stop``."""
    keys = iter([""])

    def read(prompt: str) -> str:
        for key in keys:
            return key
        raise stop

    monkeypatch.setattr(cli_crossfire, "_interactive", lambda: True)
    # (PrivateReveal reads with ``input`` unless told otherwise)
    monkeypatch.setattr(PrivateReveal.__init__, "__defaults__", (read, cli_crossfire._write_out, None, True))
    return CliRunner().invoke(app, ["crossfire", "deal", "--players", "5", "--private", "--seed", "3"])


def test_ctrl_c_in_a_private_deal_from_the_command_line(monkeypatch: pytest.MonkeyPatch) -> None:
    result = _deal_stopped(monkeypatch, KeyboardInterrupt)
    assert result.exit_code == 130
    lines = result.stderr.splitlines()
    assert lines == ["dossier: error: the reveal was stopped before every player had seen their role (Ctrl-C)"]


def test_end_of_input_in_a_private_deal_from_the_command_line(monkeypatch: pytest.MonkeyPatch) -> None:
    result = _deal_stopped(monkeypatch, EOFError)
    assert result.exit_code == 2
    line = "dossier: error: the reveal was stopped before every player had seen their role"
    assert result.stderr.splitlines() == [line]


# ---------------------------------------------------------------- --lang before the command


def run(*args: str) -> Any:
    return CliRunner().invoke(app, list(args))


@pytest.mark.parametrize("lang", ["zh-Hans", "zh_hans"])
def test_lang_before_the_command_sets_its_language(lang: str) -> None:
    assert os.environ["DOSSIER_LANG"] == "en"  # (the tests' own)
    before = run("--lang", lang, "crossfire", "deal", "-n", "5", "--seed", "1")
    after = run("crossfire", "deal", "-n", "5", "--seed", "1", "--lang", "zh-Hans")
    assert before.exit_code == 0, before.output
    assert CJK.search(before.stdout)
    assert before.stdout == after.stdout
    assert os.environ["DOSSIER_LANG"] == "en"  # put back when the command is over


def test_lang_before_the_command_with_the_equals_sign() -> None:
    result = run("--lang=zh-Hans", "lint")
    assert result.exit_code == 0, result.output
    assert "0 个错误" in result.stdout


def test_lang_after_the_command_wins() -> None:
    result = run("--lang", "zh-Hans", "crossfire", "deal", "-n", "5", "--seed", "1", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert CJK.search(result.stdout) is None


def test_lang_before_a_command_without_lang(tmp_path: Any) -> None:
    """`db build` has no --lang of its own: the one before it still says its errors in that language."""
    db = tmp_path / "no" / "x.db"
    result = run("--lang", "zh-Hans", "db", "build", "--db", str(db), "--cards", str(CARDS / "crossfire"))
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [f"dossier：错误：{db}：目录 {db.parent} 不存在"]


def test_lang_before_the_command_in_errors_of_the_command() -> None:
    result = run("--lang", "zh-Hans", "crossfire", "deal", "-n", "99")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == ["dossier：错误：--players：交叉火力模式适合 5-10 名玩家，而不是 99 名"]


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["--lang", "xx", "lint"], "dossier: error: --lang: lang must be one of zh-Hans, en, not 'xx'"),
        (["--lang"], "dossier: error: dossier: --lang needs a value"),
        (["--lang", "en"], "dossier: error: dossier: no command given (see dossier --help)"),
    ],
)
def test_lang_before_the_command_errors_are_one_line(args: list[str], line: str) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [line]
    assert result.stdout == ""
    assert os.environ["DOSSIER_LANG"] == "en"


def test_the_top_level_help_lists_lang() -> None:
    result = run("--help")
    assert result.exit_code == 0
    assert "--lang" in result.stdout.split("Commands:")[0]
