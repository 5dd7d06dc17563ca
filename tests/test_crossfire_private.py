"""`dossier crossfire deal --private`: each player sees only their own role, seat by seat."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.cli import crossfire as cli_crossfire
from toolkit.cli.crossfire import CLEAR, PrivateReveal, player_names, role_cards
from toolkit.engine.crossfire import Crossfire
from toolkit.errors import DossierError

from .conftest import CARDS

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Fay", "Gus"]
ROLE_NAMES_EN = {
    "vip": "VIP",
    "agent": "Agent",
    "assassin": "Assassin",
    "decoy": "Decoy",
    "bomber": "Bomber",
    "bystander": "Bystander",
    "sniper": "Sniper",
    "red_decoy": "Red Decoy",
    "blue_decoy": "Blue Decoy",
}


@pytest.fixture(scope="module")
def game() -> Crossfire:
    return Crossfire.from_records(load_catalog([CARDS / "crossfire"]).records)


class Screen:
    """A fake terminal: what was written, and the screens between clears."""

    def __init__(self, answers: Iterator[str] | None = None) -> None:
        self.text = ""
        self.prompts: list[str] = []
        self.answers = answers

    def write(self, text: str) -> None:
        self.text += text

    def read(self, prompt: str) -> str:
        self.text += prompt
        self.prompts.append(prompt)
        return next(self.answers) if self.answers is not None else ""

    def screens(self) -> list[str]:
        """What stood on the screen between two clears (blank lines dropped)."""
        return ["\n".join(line for line in part.splitlines() if line.strip()) for part in self.text.split(CLEAR)]


def test_each_player_sees_only_their_own_role(game: Crossfire) -> None:
    deal = game.deal("crossfire", 7, ["bomber"], seed=7)
    cards = role_cards(game, deal, dict(enumerate(NAMES, start=1)), "en")
    screen = Screen()
    PrivateReveal(screen.read, screen.write, rows=30, bold=False).run(cards)
    assert screen.prompts == [
        p
        for seat, name in enumerate(NAMES, start=1)
        for p in (
            f"Pass to player {seat} ({name}). Press Enter when only they can see the screen. ",
            "Press Enter to hide. ",
        )
    ]
    screens = screen.screens()
    # pass prompt | role | pass prompt | role | ... | (empty after the last hide)
    assert len(screens) == 2 * 7 + 1
    for seat, name in enumerate(NAMES, start=1):
        waiting, shown = screens[2 * (seat - 1)], screens[2 * seat - 1]
        role = deal.roles[seat]
        assert waiting.strip() == f"Pass to player {seat} ({name}). Press Enter when only they can see the screen."
        assert shown.startswith(f"Player {seat} ({name}), your role:")
        assert f"  {ROLE_NAMES_EN[role]}\n" in shown + "\n"
        assert shown.rstrip().endswith("Press Enter to hide.")
        others = {n for n in NAMES if n != name}
        assert not any(f"({n})" in shown for n in others)
    assert screens[-1] == ""
    # blank lines push each role off the screen where the ANSI codes do nothing
    hidden = screen.text.split("Press Enter to hide. ")[1]
    assert hidden.startswith("\n" * 30)


def test_the_role_card_says_team_win_and_play_from_the_record(game: Crossfire) -> None:
    deal = game.deal("crossfire", 7, ["bomber"], seed=7)
    cards = {c.seat: c for c in role_cards(game, deal, {}, "en")}
    bomber = next(c for seat, c in cards.items() if deal.roles[seat] == "bomber")
    lines = "\n".join(cli_crossfire.card_lines(bomber))
    assert "Bomber" in lines
    assert "no team" in lines
    assert "If you are not hit, you alone win and every other player loses." in lines
    assert "Unarmed" in lines
    agent = next(c for seat, c in cards.items() if deal.roles[seat] == "agent")
    text = "\n".join(cli_crossfire.card_lines(agent))
    assert "blue team" in text and "Armed" in text and "If you hit a Bystander, you lose." in text
    assert agent.player.startswith("player ")


def test_role_card_in_chinese(game: Crossfire) -> None:
    deal = game.deal("crossfire", 7, ["bomber"], seed=7)
    card = next(c for c in role_cards(game, deal, {}, "zh-Hans") if deal.roles[c.seat] == "bomber")
    text = "\n".join(cli_crossfire.card_lines(card))
    assert "炸弹客" in text
    assert "如果你未被击中，你单独获胜，其他所有玩家落败。" in text
    assert "胜利条件" in text and "无阵营" in text


def test_sniper_mode_tells_who_points(game: Crossfire) -> None:
    deal = game.deal("sniper", 7, seed=3, public_seats={"sniper": 4})
    cards = {c.seat: c for c in role_cards(game, deal, {}, "en")}
    for seat, role in deal.roles.items():
        play = " ".join(cards[seat].play)
        if role == "assassin":
            assert "Sniper's shot cards" in play
        elif role == "sniper":
            assert "shot cards" in play and cards[seat].seen == []
        else:
            assert "you do not point" in play


@pytest.mark.parametrize("stop", [EOFError, KeyboardInterrupt])
def test_stopping_while_a_role_is_shown_clears_the_screen(game: Crossfire, stop: type[BaseException]) -> None:
    deal = game.deal("crossfire", 5, seed=1)
    cards = role_cards(game, deal, {}, "en")

    def answers() -> Iterator[str]:
        yield ""  # player 1 takes the screen
        raise stop

    screen = Screen(answers())
    with pytest.raises(DossierError, match="stopped before every player had seen their role"):
        PrivateReveal(screen.read, screen.write, rows=10).run(cards)
    assert screen.text.endswith(CLEAR)
    assert screen.screens()[-1] == ""


@pytest.mark.parametrize(
    ("names", "name", "message"),
    [
        ("Ana,Bo", None, "--names: 2 names for 3 players"),
        ("Ana,,Cy", None, "--names: the name of seat 2 is empty"),
        ("Ana,Bo,Ana", None, "--names: 'Ana' is given twice"),
        ("Ana,Bo,Cy", ["Di"], "not both"),
        (None, ["Ana", "Bo"], "--name: 2 names for 3 players"),
    ],
)
def test_player_names_errors(names: str | None, name: list[str] | None, message: str) -> None:
    with pytest.raises(DossierError, match=re.escape(message)) as info:
        player_names(names, name, 3)
    assert info.value.exit_code == 2


def test_player_names() -> None:
    assert player_names(" Ana , Bo,Cy ", None, 3) == {1: "Ana", 2: "Bo", 3: "Cy"}
    assert player_names(None, ["Ana, the host", "Bo", "Cy"], 3) == {1: "Ana, the host", 2: "Bo", 3: "Cy"}
    assert player_names(None, None, 3) == {}


# ---------------------------------------------------------------- from the command line


def test_private_refuses_json(cli: Any) -> None:
    result = cli("crossfire", "deal", "--players", "7", "--private", "--format", "json")
    assert result.exit_code == 2
    assert "cannot be used with --format json" in result.output
    assert "Traceback" not in result.output


def test_private_refuses_a_redirected_terminal(cli: Any) -> None:
    result = cli("crossfire", "deal", "--players", "7", "--special", "bomber", "--seed", "7", "--private")
    assert result.exit_code == 2
    assert "--private needs a terminal" in result.stderr
    assert result.stdout == ""  # no role, no public information either


def test_private_deal_from_the_command_line(cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from toolkit.cli import app

    monkeypatch.setattr(cli_crossfire, "_interactive", lambda: True)
    args = ["crossfire", "deal", "--players", "7", "--special", "bomber", "--seed", "7", "--private"]
    args += ["--names", ",".join(NAMES), "--lang", "en"]
    result = CliRunner().invoke(app, args, input="\n" * 14)
    assert result.exit_code == 0, result.output
    out = result.stdout
    public, _, reveal = out.partition("Each player will now see only their own role.")
    for role in ROLE_NAMES_EN.values():  # before the reveal: no role shown to anyone
        assert f"  {role}\n" not in public
    assert "dealer seat 1 (Ana)" in public
    assert "seed" not in public  # hidden whenever the roles are private, even one given: it would replay the deal
    parts = reveal.split(CLEAR)
    shown = [p for p in parts if "your role:" in p]
    assert len(shown) == 7
    deal = json.loads(
        CliRunner()
        .invoke(app, ["crossfire", "deal", "--players", "7", "--special", "bomber", "--seed", "7", "-f", "json"])
        .stdout
    )
    for part, player in zip(shown, deal["players"], strict=True):
        assert f"Player {player['seat']} ({NAMES[player['seat'] - 1]}), your role:" in part
        assert f"\x1b[1m{ROLE_NAMES_EN[player['role']]}\x1b[0m" in part
    assert "All 7 players have seen their roles. Start the 3-minute discussion" in parts[-1]


def test_private_without_a_seed_does_not_show_it(cli: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    from typer.testing import CliRunner

    from toolkit.cli import app

    monkeypatch.setattr(cli_crossfire, "_interactive", lambda: True)
    table = tmp_path / "table.json"
    result = CliRunner().invoke(
        app, ["crossfire", "deal", "-n", "5", "--private", "--out", str(table)], input="\n" * 10
    )
    assert result.exit_code == 0, result.output
    assert re.search(r"seed \d", result.stdout) is None
    saved = json.loads(table.read_text(encoding="utf-8"))
    assert isinstance(saved["seed"], int)
    assert all(p["aim"] == [] for p in saved["players"])
