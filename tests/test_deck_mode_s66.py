"""Sweep 66: `deck show`, `deck draw` and `deck odds` read --mode (show --banlist too) as `deck validate` does, so a
tactics text list without a `# mode:` line is read by them; `balance crossfire` warns once of a role it leaves out
(its text cannot be run), naming its file, as `crossfire deal` does."""

from __future__ import annotations

import inspect
import json
from pathlib import Path
from typing import Any

import pytest

from .conftest import ROOT, pool_with_ban_lists
from .test_crossfire_pool_s66 import TESTER

EX = ROOT / "examples" / "decks"

# ------------------------------------------------------------------ 1: deck show, draw, odds --mode


@pytest.fixture
def modeless(tmp_path: Path) -> Path:
    """The example tactics duo list without its `# mode:` line."""
    text = (EX / "tactics" / "duo-list.txt").read_text(encoding="utf-8")
    deck = tmp_path / "list.txt"
    deck.write_text("\n".join(ln for ln in text.splitlines() if not ln.startswith("# mode")) + "\n", encoding="utf-8")
    return deck


COMMANDS = [("show",), ("draw", "--seed", "1"), ("odds", "--turns", "2")]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
@pytest.mark.slow
def test_a_tactics_list_without_a_mode_line_is_read_under_the_mode_given(
    cli: Any, modeless: Path, command: tuple[str, ...]
) -> None:
    unnamed = cli("deck", *command, modeless, "--lang", "en")
    assert unnamed.exit_code == 1 and "deck.mode.missing" in unnamed.stderr, unnamed.output
    assert "--mode" in unnamed.stderr  # the finding advises the option the command now has
    told = cli("deck", *command, modeless, "--mode", "duo", "--lang", "en")
    assert told.exit_code == 0 and told.stdout.strip() and not told.stderr, told.output
    named = cli("deck", *command, EX / "tactics" / "duo-list.txt", "--lang", "en")  # the list with its mode line
    assert told.stdout == named.stdout
    for spelt in ("Duo", "DUO"):  # its name, any case, as `deck validate --mode` takes it
        assert cli("deck", *command, modeless, "--mode", spelt, "--lang", "en").stdout == told.stdout


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_an_unknown_mode_is_refused_as_deck_validate_refuses_it(
    cli: Any, modeless: Path, command: tuple[str, ...]
) -> None:
    refused = cli("deck", *command, modeless, "--mode", "nowhere", "--lang", "en")
    checked = cli("deck", "validate", modeless, "--mode", "nowhere", "--lang", "en")
    assert refused.exit_code == 2 and checked.exit_code == 1, refused.output  # (validate: the deck's finding)
    assert refused.stderr.removeprefix("dossier: error: ").strip() in checked.stdout, checked.output
    assert "--mode 'nowhere'" in refused.stderr and "duo" in refused.stderr


def test_deck_show_names_the_mode_and_ban_list_given(cli: Any, modeless: Path, tmp_path: Path) -> None:
    shown = cli("deck", "show", modeless, "--mode", "melee", "--lang", "en")
    assert shown.exit_code == 0 and "# mode: melee" in shown.stdout.splitlines(), shown.output
    ban_lists = [
        {"id": "old_list", "date_start": "2020-01-01", "name": {"en": "Old List", "zh-Hans": "旧表"}},
        {"id": "new_list", "date_start": "2024-01-01", "name": {"en": "New List", "zh-Hans": "新表"}},
    ]
    pool = pool_with_ban_lists(tmp_path, ban_lists)
    deck = tmp_path / "nell.txt"  # a list without a Format or Ban list line
    deck.write_text("Spark List\n\nNell Ashgrove: Spark Thief\n\n3x Quiet Wire\n2x Glasswing\n", encoding="utf-8")
    plain = cli("deck", "show", deck, "--cards", pool, "--lang", "en")
    assert plain.exit_code == 0 and "# ban_list: old_list" not in plain.stdout, plain.output
    listed = cli("deck", "show", deck, "--cards", pool, "--banlist", "old_list", "--lang", "en")
    assert listed.exit_code == 0 and "# ban_list: old_list" in listed.stdout.splitlines(), listed.output
    unknown = cli("deck", "show", deck, "--cards", pool, "--banlist", "nope", "--lang", "en")
    checked = cli("deck", "validate", deck, "--cards", pool, "--banlist", "nope", "--lang", "en")
    assert unknown.exit_code == 2 and checked.exit_code == 1, unknown.output  # (validate: the deck's finding)
    assert unknown.stderr.removeprefix("dossier: error: ").strip() in checked.stdout, checked.output
    wrong = cli("deck", "show", modeless, "--mode", "duo", "--banlist", "any", "--lang", "en")
    assert wrong.exit_code == 2 and "--banlist is for netrunner decks" in wrong.stderr, wrong.output


def test_the_options_are_the_shared_ones_deck_validate_takes() -> None:
    from toolkit.cli import deck

    for command in (deck.show, deck.draw, deck.odds):
        assert inspect.signature(command).parameters["mode"].annotation == "DeckModeOption", command
    assert inspect.signature(deck.show).parameters["banlist"].annotation == "DeckBanlistOption"


# ------------------------------------------------------------------ 2: balance crossfire and a left-out role

# (the role of tests/test_crossfire_pool_s66.py: a text the crossfire engine does not run)


@pytest.fixture
def myset(tmp_path: Path) -> Path:
    """A set folder holding one new role, ``tester``, whose text the crossfire engine does not run."""
    path = tmp_path / "myset" / "roles" / "tester.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(TESTER, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return tmp_path / "myset"


def _in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ray's runner replaced by one that plays the jobs here (no cluster started for a short run)."""
    pytest.importorskip("ray")
    from toolkit.balance import runner
    from toolkit.balance.crossfire import play_jobs

    def played(records: Any, jobs: Any, **_: Any) -> runner.Outcome:
        return runner.Outcome(play_jobs(records, list(jobs)), False, 1, 1, False)

    monkeypatch.setattr(runner, "run_games", played)


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_balance_crossfire_warns_once_of_a_left_out_role_naming_its_file(
    cli: Any, tmp_path: Path, myset: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    _in_process(monkeypatch)
    out = tmp_path / "report"
    result = cli("balance", "crossfire", "--players", "6", "--tables", "10", "--no-save", "-o", out, "-w", "1",
                 "--cards", myset, "--lang", lang)  # fmt: skip
    assert result.exit_code == 0, result.output
    # the very line `crossfire deal` warns with (one wording, shared)
    deal = cli("crossfire", "deal", "-n", "7", "--cards", myset, "--seed", "1", "--lang", lang)
    assert deal.exit_code == 0, deal.output
    [warned] = [ln for ln in deal.stderr.splitlines() if "tester.json" in ln]
    assert warned in result.stderr.splitlines() and result.stderr.count("tester.json") == 1, result.stderr
    assert "/text/0" in warned and "你抽 1 张牌" in warned and "myset/roles/tester.json" in warned
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert "tester" not in {row["role"] for row in report["figures"]["roles"]}  # left out: no table dealt it


def test_balance_crossfire_refuses_the_left_out_role_as_a_special(
    cli: Any, tmp_path: Path, myset: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _in_process(monkeypatch)
    out = tmp_path / "report"
    result = cli("balance", "crossfire", "--players", "7", "--tables", "10", "--no-save", "-o", out, "-w", "1",
                 "--cards", myset, "--special", "tester", "--lang", "en")  # fmt: skip
    assert result.exit_code == 2 and not out.exists(), result.output
    error = result.stderr.strip().splitlines()[-1]
    assert error.startswith("dossier: error: --special: left out of every table") and "tester.json" in error
