"""The full-screen Netrunner view at any size (round 60): what the seat needs most (its numbers, rig, hand, the run
and the ice it encounters, the question and a few options) is never the first cut, the servers and the log are;
Chinese lines break between their marks, never after a log line's number nor inside a card's name and number; on a
tiny terminal the question and the option under the cursor are drawn first."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console

from tests.test_netrunner_screen import RECORDS
from toolkit.engine.keys import Cursor, draw
from toolkit.engine.netrunner import NetrunnerGame
from toolkit.engine.netrunner.players import make_policy
from toolkit.engine.netrunner.screen import WIDE, ScreenPolicy, icon_words
from toolkit.engine.netrunner.session import example_deck
from toolkit.engine.netrunner.terminal import describe

LANGS = ("en", "zh-Hans")
SIZES = [(80, 24), (100, 30), (200, 50), (40, 15)]


class Crowded:
    """A game whose corp has 9 remote servers more (copies of its last server): the table of a long game (the
    tester's had 13 servers at turn 40)."""

    def __init__(self, game: NetrunnerGame) -> None:
        self.game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def view(self, seat: int) -> dict[str, Any]:
        view = self.game.view(seat)
        servers = view["corp"]["servers"]
        first = sum(1 for s in servers if s["name"].startswith("remote")) + 1
        servers += [{**servers[-1], "name": f"remote{first + n}"} for n in range(9)]
        return view


def _play(check: Callable[[Any, Any], None], turns: int = 30) -> int:
    """A heuristic game (the example decks of Haas-Bioroid and Zero, seed 4): ``check(game, decision)`` at each of
    the runner's decisions, before the runner's machine decides it. How many decisions it saw."""
    runner = make_policy("heuristic", "runner", 4)
    seen = []

    class Watch:
        def decide(self, game: NetrunnerGame, decision: Any) -> str:
            check(game, decision)
            seen.append(decision)
            return str(runner.decide(game, decision))

    decks = {"corp": example_deck(RECORDS, "hb_tireless_hands"), "runner": example_deck(RECORDS, "zero_weaver")}
    game = NetrunnerGame(RECORDS, seed=4, decks=decks, policies={"runner": Watch(), "corp": make_policy("heuristic",
                                                                                                      "corp", 4)})  # fmt: skip
    game.play_game(max_turns=turns)
    return len(seen)


def _screen(game: Any, decision: Any, width: int, height: int, lang: str, at: int = 0) -> list[str]:
    """The screen drawn for ``decision`` on a terminal of ``width`` x ``height`` (the cursor on option ``at``), as
    its rows."""
    out = io.StringIO()
    console = Console(file=out, width=width, height=height, color_system=None, force_terminal=False)
    cursor = Cursor(len(decision.options) if decision is not None else 0)
    cursor.at = at
    draw(console, ScreenPolicy(console, lambda: "q", lang).screen(game, decision, cursor))
    return out.getvalue().rstrip("\n").split("\n")


def _squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _table_text(rows: list[str], width: int) -> str:
    """The rows of the table (left of the options on a wide terminal), with no spaces: a line wrapped over rows is
    found whole in it."""
    left = (width - 2) * 3 // 5 if width >= WIDE else width
    return _squeezed("".join(row[:left] for row in rows if not row.startswith(("│", "╭", "╰"))))


def _panel_text(rows: list[str]) -> str:
    return _squeezed("".join(re.findall(r"│(.*?)│", "\n".join(rows))))


def _needed(game: Any, decision: Any, lang: str) -> list[str]:
    """The lines of the table the runner needs most: its numbers, rig and hand, the run and the encounter (all
    the lines after the corp's servers)."""
    from toolkit.cli._lang import LogNames

    view = game.view(decision.seat)
    lines = describe(view, lang, LogNames(game.records, lang))
    return [icon_words(line, lang) for line in lines[1 + len(view["corp"]["servers"]) :]]


def _question(game: Any, decision: Any, lang: str) -> str:
    from toolkit.cli._lang import LogNames
    from toolkit.i18n import t, word

    said = LogNames(game.records, lang).say("prompt", decision.prompt)
    return icon_words(t(lang, "you ({side}): {prompt}", side=word("side", "runner", lang), prompt=said), lang)


# 1: the seat's own lines are never the first cut; the servers and the log are (shortened, not dropped whole)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("crowded", [False, True])
@pytest.mark.slow
def test_the_seat_s_own_lines_the_run_and_a_few_options_are_always_shown(lang: str, crowded: bool) -> None:
    problems: list[str] = []

    def check(game: NetrunnerGame, decision: Any) -> None:
        shown_game = Crowded(game) if crowded else game
        needed = _needed(shown_game, decision, lang)
        question = _question(game, decision, lang)
        for width, height in SIZES:
            rows = _screen(shown_game, decision, width, height, lang)
            where = f"{width}x{height} turn {game.turns}: {decision.prompt}"
            if len(rows) > height:
                problems.append(f"{where}: {len(rows)} rows")
            table, panel = _table_text(rows, width), _panel_text(rows)
            for line in needed:
                if width >= 80 and _squeezed(line) not in table:
                    problems.append(f"{where}: not shown: {line}")
            if width < 80 and _squeezed(needed[0]) not in table:  # (the runner's numbers, at least)
                problems.append(f"{where}: not shown: {needed[0]}")
            if _squeezed(question) not in panel:
                problems.append(f"{where}: the question is cut")
            options = [row for row in rows if re.search(r"│ [> ] +\d+\. ", row)]
            if not any("│ > " in row for row in options):
                problems.append(f"{where}: no cursor")
            if width >= 80 and len(options) < min(3, len(decision.options)):
                problems.append(f"{where}: {len(options)} options shown")
            if height >= 30 and not any(row.startswith(("╭─ Log", "╭─ 日志")) for row in rows):
                problems.append(f"{where}: no log")

    assert _play(check) > 50
    assert not problems, "\n".join(problems[:20]) + f"\n({len(problems)} in all)"


def test_the_servers_not_shown_are_counted_and_the_run_s_server_is_kept() -> None:
    """Servers cut from the last are said in a line (``(9 servers not shown)``); a run's server stays while others
    go (here the run is on the last server of a crowded table, the first cut were it not the run's)."""
    found: list[tuple[str, list[str]]] = []

    def check(game: NetrunnerGame, decision: Any) -> None:
        run = game.view(decision.seat)["run"]
        if found or run is None or not run["server"].startswith("remote"):
            return
        last = Crowded(game).view(decision.seat)["corp"]["servers"][-1]["name"]

        class RunOnTheLast(Crowded):
            def view(self, seat: int) -> dict[str, Any]:
                shown = super().view(seat)
                ran = next(s for s in self.game.view(seat)["corp"]["servers"] if s["name"] == run["server"])
                shown["corp"]["servers"][-1] = {**ran, "name": last}
                shown["run"] = {**run, "server": last}
                return shown

        found.append((last, _screen(RunOnTheLast(game), decision, 80, 24, "en")))

    _play(check)
    last, rows = found[0]
    assert any(row.startswith(f"  remote server {last.removeprefix('remote')}: ") for row in rows), rows
    assert any(re.fullmatch(r"  \(\d+ servers not shown\)", row.rstrip()) for row in rows), rows


# 2: Chinese lines break between their marks: a log line's number stays with its text, a name with its number


_CLOSING = "，。、：；！？）」』》"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", [50, 64, 80, 100])
@pytest.mark.slow
def test_lines_break_where_they_may(lang: str, width: int) -> None:
    problems: set[str] = set()

    def check(game: NetrunnerGame, decision: Any) -> None:
        rows = _screen(Crowded(game), decision, width, 80, lang)
        top = [n for n, row in enumerate(rows) if row.startswith(("╭─ Log", "╭─ 日志"))]  # (the log is the last)
        log = [row[2:-1].rstrip() for row in rows[top[0] + 1 : -1]] if top else []
        table = [row.rstrip() for row in rows if not row.startswith(("│", "╭", "╰"))]
        for block in (log, table):
            for row, after in zip(block, block[1:], strict=False):
                if block is log and after[:4].strip().isdigit() and after[4:5] == " ":
                    continue  # (the next log line)
                here = f"{row!r} / {after!r}"
                if block is log and re.fullmatch(r" *\d+( [a-z]+| [\u4e00-\u9fff]{1,3})?", row):
                    problems.add(f"a log line's number (and who) alone: {here}")
                if re.fullmatch(r" *[\d/]+[，,]?", after):
                    problems.add(f"a number alone on its row: {here}")
                if row.endswith("#") or (re.search(r"#\d*$", row) and re.match(r" *\d", after)):
                    problems.add(f"a name cut from its number: {here}")
                if re.search(r"[\u4e00-\u9fff]$", row) and re.match(r" *\d", after):
                    problems.add(f"Chinese cut from its number: {here}")
                if after.strip()[:1] in _CLOSING and after.strip():
                    problems.add(f"a line begins with a closing mark: {here}")

    _play(check, turns=20)
    assert not problems, "\n".join(sorted(problems)[:20]) + f"\n({len(problems)} in all)"


def test_fold_keeps_numbers_names_and_marks() -> None:
    from toolkit.engine.netrunner.screen import fold

    line = "   1 准备（模式：标准，公司：哈斯生化：不倦之手，潜袭者：零号织网者，公司手牌：5，潜袭者手牌：5）"
    rows = fold(line, 30)
    assert rows[0].startswith("   1 准备") and all(len(row) <= 30 for row in rows)
    assert all(row.startswith("     ") for row in rows[1:])  # under the text, past the number
    for width in range(20, 60):
        rows = fold("  12 潜袭者 访问（牌：情报档案#10，服务器：远程服务器 1：根目录）", width)
        joined = "\n".join(rows)
        assert "情报档案#10" in joined and "远程服务器 1" in joined, rows
        assert not any(row.strip()[:1] in _CLOSING for row in rows), rows
    rows = fold("your hand: Dormant Account, Spark of Insight, Piggyback Rack", 30)
    assert rows == ["your hand: Dormant Account,", "  Spark of Insight,", "  Piggyback Rack"]


# 3: on a tiny terminal the question and the option under the cursor come first


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("width", "height"), [(20, 8), (24, 10), (12, 4)])
@pytest.mark.slow
def test_a_tiny_terminal_shows_the_question_and_the_option_first(lang: str, width: int, height: int) -> None:
    problems: list[str] = []

    def check(game: NetrunnerGame, decision: Any) -> None:
        if game.turns < 5 or len(problems) > 5:
            return
        question = _question(game, decision, lang)
        at = len(decision.options) // 2
        rows = _screen(game, decision, width, height, lang, at)
        where = f"{width}x{height} turn {game.turns}: {decision.prompt}: {rows}"
        if len(rows) > height:
            problems.append(f"{where}: {len(rows)} rows")
        if height <= 4 and not rows[0].startswith("╭"):  # (no room for any line of the table)
            problems.append(f"{where}: the question is not first")
        room = height - 2 - (len(question) // (width - 4) + 1) * (2 if lang != "en" else 1)
        if room >= 2:  # rows for the question and an option
            if _squeezed(question) not in _panel_text(rows):
                problems.append(f"{where}: the question is cut")
            if not any(re.match(rf"│ > +{at + 1}\. ", row) for row in rows):
                problems.append(f"{where}: the cursor's option is not shown")

    _play(check, turns=8)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("width", [40, 50, 64, 100])
@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@pytest.mark.slow
def test_the_question_and_options_break_where_lines_may(lang: str, width: int) -> None:
    """The options' panel, too, is broken by the screens' one breaker (toolkit.engine.linebreak), not by rich at
    its only spaces: no card name cut from its #number, no Chinese from the number after it."""
    problems: set[str] = set()

    def check(game: NetrunnerGame, decision: Any) -> None:
        rows = _screen(Crowded(game), decision, width, 80, lang)
        top = [n for n, row in enumerate(rows) if row.startswith(("╭─ Log", "╭─ 日志"))]
        panel = [row.strip()[1:-1].rstrip() for row in rows[: top[0] if top else len(rows)] if row.startswith("│")]
        for row, after in zip(panel, panel[1:], strict=False):
            if re.match(r" *(> )?\d+\. ", after):
                continue  # (the next option)
            if row.endswith("#") or (re.search(r"#\d*$", row) and re.match(r" *\d", after)):
                problems.add(f"a name cut from its number: {row!r} / {after!r}")
            if re.search(r"[\u4e00-\u9fff]$", row) and re.match(r" *\d", after):
                problems.add(f"Chinese cut from its number: {row!r} / {after!r}")

    _play(check, turns=12)
    assert not problems, "\n".join(sorted(problems)[:20]) + f"\n({len(problems)} in all)"


def test_a_short_terminal_still_says_servers_are_not_shown() -> None:
    """On a terminal 14 or 16 rows high every server line could go with no word of it (the line counting them was
    cut before the keys' line): a runner offered "run on remote server 1" saw no server at all. Whenever servers are
    cut, the line saying how many stays (outside a run: in one, the run and the ice take the few rows there are)."""
    server = re.compile(r"  (HQ|R&D|Archives|remote server \d+): ")
    problems: list[str] = []

    def check(game: NetrunnerGame, decision: Any) -> None:
        if game.view(decision.seat)["run"] is not None:
            return
        total = len(game.view(decision.seat)["corp"]["servers"])
        for width, height in ((60, 14), (60, 16), (80, 16)):
            rows = _screen(game, decision, width, height, "en")
            shown = sum(1 for row in rows if server.match(row))
            said = [row for row in rows if re.fullmatch(r"  \(\d+ servers? not shown\)", row.rstrip())]
            if shown < total and not said:
                problems.append(f"{width}x{height} turn {game.turns}: {shown} of {total} servers, no line: {rows}")

    _play(check, turns=8)
    assert not problems, problems[:2]
