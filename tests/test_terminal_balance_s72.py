"""Sweep 72e, the terminal player and the balance lab: an undo at the plain tactics terminal says it worked and does
not write the log again from its first line; ``balance tactics --modes`` takes a mode's id or its name in either
language (as ``play --mode`` does) and keeps the ids; ``report.html``'s settings line joins its list in the report's
language; a drawn tactics game ends with "no winner", not a bare dash; the full-screen Netrunner view on a tiny
terminal never shows the line of servers not shown without the corp's line it belongs to."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT
from toolkit.errors import DossierError

NR = ROOT / "examples" / "decks" / "netrunner"


# ---------------------------------------------------------------- 1. an undo at the plain tactics terminal


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_an_undo_at_the_plain_tactics_terminal_says_so_and_writes_no_old_log_line_again(lang: str) -> None:
    from tests.test_play_round56 import _tactics_at
    from tests.test_tactics_decisions import RECORDS
    from toolkit.cli._lang import LogNames
    from toolkit.engine.tactics.terminal import play_terminal
    from toolkit.i18n import t

    session = _tactics_at("action")
    names = LogNames(RECORDS, lang)
    written: list[str] = []
    asked: list[int] = []  # the decision number at each question
    answers = ["1", "u"]

    def read(prompt: str) -> str:
        asked.append(session.own_number(session.pending))
        if not answers:
            raise EOFError
        return answers.pop(0)

    with pytest.raises(EOFError):
        play_terminal(session, 1, lang, names, read=read, write=written.append)
    assert asked[0] == asked[-1] and len(asked) == 3, asked  # (undone: the first decision asked again)
    undone = t(lang, "your last decision is undone")
    assert undone != "your last decision is undone" or lang == "en"  # (Netrunner's words, translated)
    assert written.count(undone) == 1, written
    log = re.compile(r"^[ \d]{3}\d \D")  # a log line (numbered to 4 columns; not a row of the map: " 0 A1..")
    numbered = [line for line in written if log.match(line)]
    assert len(numbered) == len(set(numbered)), numbered  # (before: all of them again, from line 1)
    after = written[written.index(undone) + 1 :]
    assert not any(log.match(line) for line in after), after  # the table and the question only
    assert any(line.startswith(t(lang, "decision {number}: {prompt}", number=asked[0], prompt="")[:6])
               for line in after), after  # fmt: skip


# ---------------------------------------------------------------- 2. --modes by a mode's id or name


def _records() -> list[Any]:
    from toolkit.cli.deck import load_pool

    return list(load_pool(None).records)


def test_check_modes_takes_a_modes_id_or_its_name_in_either_language_and_gives_the_ids() -> None:
    from toolkit.balance.games import check_modes

    records = _records()
    assert check_modes(records, ["Duel"], 2) == ["duel"]
    assert check_modes(records, ["单挑", "专家"], 2) == ["duel", "expert"]
    assert check_modes(records, ["duo", "EXPERT"], 2) == ["duo", "expert"]
    assert check_modes(records, ["混战"], 3) == ["melee"]
    with pytest.raises(DossierError, match="--modes 'Duo'"):  # (named, but not for 3 players: the name said)
        check_modes(records, ["Duo"], 3)
    with pytest.raises(DossierError, match="--modes 'nothing'"):
        check_modes(records, ["nothing"], 2)


def _played_here(monkeypatch: pytest.MonkeyPatch, play: str = "tactics") -> None:
    """Ray's runner replaced by one that plays the specs here."""
    from toolkit.balance import runner
    from toolkit.balance.games import play_batch
    from toolkit.balance.netrunner import play_matches

    def played(records: Any, specs: Any, **_: Any) -> runner.Outcome:
        return runner.Outcome((play_batch if play == "tactics" else play_matches)(records, list(specs)), False, 1, 1,
                              False)  # fmt: skip

    monkeypatch.setattr(runner, "run_games", played)


@pytest.mark.parametrize(("modes", "lang"), [("单挑、专家", "zh-Hans"), ("Duel,Expert", "en")])
def test_balance_tactics_modes_by_name_are_played_and_kept_as_ids(
    cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, modes: str, lang: str
) -> None:
    _played_here(monkeypatch)
    out = tmp_path / "report"
    result = cli("balance", "tactics", "--games", 4, "--modes", modes, "--decider", "random", "--rounds", 1,
                 "--no-save", "-o", out, "--lang", lang)  # fmt: skip
    assert result.exit_code == 0, result.output
    report = json.loads((out / "report.json").read_text("utf-8"))
    assert report["meta"]["modes"] == ["duel", "expert"]
    page = (out / "report.html").read_text("utf-8")
    said = "模式 单挑、专家" if lang == "zh-Hans" else "modes Duel, Expert"  # 3. the report's own list join
    assert said in page, re.findall(r'<p class="note">[^<]*', page)[:2]


def test_balance_tactics_modes_naming_a_mode_twice_by_its_id_and_name_is_refused(cli: Any, tmp_path: Path) -> None:
    result = cli("balance", "tactics", "--games", 2, "--modes", "duel,Duel", "--no-save", "-o", tmp_path / "r",
                 "--lang", "en")  # fmt: skip
    assert result.exit_code == 2, result.output
    assert "given twice" in result.output, result.output


# ---------------------------------------------------------------- 3. the Netrunner settings line's list


def test_the_netrunner_reports_settings_line_joins_its_decks_in_chinese(
    cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _played_here(monkeypatch, "netrunner")
    out = tmp_path / "report"
    result = cli("balance", "netrunner", "--decks", NR, "--games", 2, "--decider", "random", "--turns", 1,
                 "--no-save", "-o", out, "--lang", "zh-Hans")  # fmt: skip
    assert result.exit_code == 0, result.output
    decks = json.loads((out / "report.json").read_text("utf-8"))["meta"]["decks"]
    assert len(decks) > 1
    page = (out / "report.html").read_text("utf-8")
    assert "、".join(decks) in page and ", ".join(decks) not in page


# ---------------------------------------------------------------- 4. a drawn tactics game: no winner


def _drawn() -> Any:
    from tests.test_tactics_decisions import RECORDS, _setup
    from toolkit.engine.tactics.session import TacticsSession

    session = TacticsSession(RECORDS, _setup("duel", ["heuristic", "heuristic"], seed=3, deal=5, rounds=1))
    assert session.pending is None and session.result()["winners"] == []
    return session


@pytest.mark.parametrize(("lang", "said"), [("en", "game over after 1 round: no winner (round limit reached)"),
                                            ("zh-Hans", "对局在 1 轮后结束：无人获胜（达到轮数上限）")])  # fmt: skip
def test_a_drawn_tactics_game_says_no_winner_in_plain_and_full_screen(lang: str, said: str) -> None:
    from toolkit.engine.tactics.screen import _over
    from toolkit.engine.tactics.terminal import over_line

    session = _drawn()
    assert over_line(session, lang) == said  # (before: a bare dash, "—")
    assert _over(session, lang) == said


# ---------------------------------------------------------------- 5. the line of servers not shown keeps its corp


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_the_line_of_servers_not_shown_never_appears_without_the_corps_line(lang: str) -> None:
    from tests.test_netrunner_screen_s60 import _play, _screen
    from toolkit.i18n import t

    corp = t(lang, "corp: {credits}{credit} {clicks}{click}, HQ {hand}, R&D {deck}, {points}, bad publicity {bad}")
    corp = corp.split("{")[0]  # "corp: ", "公司："
    more = re.compile(r"^  (\(\d+ servers? not shown\)|（\d+ 个服务器未显示）)$")
    problems: list[str] = []
    drawn = [0]

    def check(game: Any, decision: Any) -> None:
        for width, height in [(30, 10), (40, 12), (30, 14), (30, 18), (40, 16)]:  # (the last: the line with its corp)
            rows = [row.rstrip() for row in _screen(game, decision, width, height, lang)]
            said = [i for i, row in enumerate(rows) if more.match(row)]
            drawn[0] += bool(said)
            if said and not any(row.startswith(corp) for row in rows[: said[0]]):
                problems.append(f"{width}x{height}: " + " / ".join(rows))

    _play(check, turns=3)
    assert drawn[0], "no screen said servers not shown: the test saw nothing"
    assert not problems, problems[:2]
