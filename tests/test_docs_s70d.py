"""The docs' figures, sweep 70d: the tactics coverage figures of docs/reference/tactics-board.md add up and are what
the games give (slow), the worked example of docs/balance.md is fenced so the doc tests read it and prints what the
page shows (slow), the walk limits of docs/reference/command-line.md are the code's, and the Chinese players page
says "no agent on both sides" (ruling T24), not "decks without agents"."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CARDS, ROOT

DOCS = ROOT / "docs"
BOARD = DOCS / "reference" / "tactics-board.md"
BOARD_ZH = DOCS / "reference" / "tactics-board.zh.md"


def _flat(path: Path) -> str:
    return " ".join(path.read_text("utf-8").split())


def _section(text: str, start: str, end: str | None = None) -> str:
    """``text`` from ``start`` to ``end`` (to its end when ``end`` is None)."""
    begin = text.index(start)
    return text[begin : text.index(end, begin)] if end is not None else text[begin:]


# ---------------------------------------------------------------- 1. the coverage figures of the tactics board page


def _figures_en() -> dict[str, Any]:
    text = _section(_flat(BOARD), "## What executes", "## The players, measured")
    m = re.search(r"measured at commit `(\w+)`.*?\*\*(\d+) of (\d+) abilities reached \(([\d.]+)%\), (\d+) of (\d+) "
                  r"changed the game \(([\d.]+)%\)\*\*; in the same run (\d+) of (\d+) games end by a win condition of "
                  r"the mode \((\d+) by first blood, (\d+) with the last squad standing\) and the other (\d+),",
                  text)  # fmt: skip
    assert m, "the coverage sentence of tactics-board.md is not as this test reads it"
    commit, reached, total, reached_pct, changed, total2, changed_pct, won, games, blood, standing, limit = m.groups()
    unchanged = _section(text, "Reached but never changing the game")
    return {
        "commit": commit, "reached": int(reached), "total": int(total), "total2": int(total2),
        "reached_pct": float(reached_pct), "changed": int(changed), "changed_pct": float(changed_pct),
        "won": int(won), "games": int(games), "first_blood": int(blood), "last_squad_standing": int(standing),
        "round_limit": int(limit), "unchanged": re.findall(r"`(\w+#\d+)", unchanged),
        "not_reached": re.findall(r"(?:^| )- [^`]*`(\w+)`", _section(text, "Not executed, and why:", "- Reached but")),
    }  # fmt: skip


def _figures_zh() -> dict[str, Any]:
    text = _section(_flat(BOARD_ZH), "## 哪些能力会执行", "## 玩家水平的测量")
    text = re.sub(r"(?<=[^\x00-\x7f]) (?=[^\x00-\x7f])", "", text)  # (a line broken between two Chinese characters)
    m = re.search(r"在提交 `(\w+)` 上测得.*?\*\*(\d+) 条能力中 (\d+) 条被触及（([\d.]+)%），(\d+) 条改变了游戏（([\d.]+)%）"
                  r"\*\*；同一次运行中 (\d+) 局有 (\d+) 局以模式的获胜条件结束（先发制人 (\d+) 局，尘消 (\d+) 局），其余 (\d+) 局",
                  text)  # fmt: skip
    assert m, "the coverage sentence of tactics-board.zh.md is not as this test reads it"
    commit, total, reached, reached_pct, changed, changed_pct, games, won, blood, standing, limit = m.groups()
    return {
        "commit": commit, "reached": int(reached), "total": int(total), "reached_pct": float(reached_pct),
        "changed": int(changed), "changed_pct": float(changed_pct), "won": int(won), "games": int(games),
        "first_blood": int(blood), "last_squad_standing": int(standing), "round_limit": int(limit),
        "unchanged": re.findall(r"`(\w+#\d+)", _section(text, "被触及但从未改变游戏的")),
    }  # fmt: skip


def test_the_coverage_figures_of_the_board_page_add_up_in_both_languages() -> None:
    en, zh = _figures_en(), _figures_zh()
    assert en["total"] == en["total2"]
    assert en["reached_pct"] == round(100 * en["reached"] / en["total"], 1)
    assert en["changed_pct"] == round(100 * en["changed"] / en["total"], 1)
    assert en["won"] == en["first_blood"] + en["last_squad_standing"]
    assert en["games"] == en["won"] + en["round_limit"]
    assert len(set(en["unchanged"])) == len(en["unchanged"]) == en["reached"] - en["changed"]
    for key in ("commit", "reached", "total", "reached_pct", "changed", "changed_pct", "won", "games", "first_blood",
                "last_squad_standing", "round_limit"):  # fmt: skip
        assert zh[key] == en[key], key
    assert sorted(zh["unchanged"]) == sorted(en["unchanged"])


@pytest.mark.slow
def test_the_coverage_figures_of_the_board_page_are_what_the_games_give() -> None:
    """The page's figures against a fresh run of the same games (what ``dossier text coverage --game tactics``
    plays): when the rules or the tactician change them, refresh the page (its commit too) from that command."""
    from toolkit.catalog import load_catalog
    from toolkit.coverage import run_coverage

    en = _figures_en()
    report = run_coverage(load_catalog([CARDS / "tactics"]).records, jobs=min(4, os.cpu_count() or 1))
    totals = report.totals()
    assert totals["errors"] == 0
    shown = {key: en[key] for key in ("total", "reached", "changed", "games")}
    assert shown == {"total": totals["abilities"], "reached": totals["reached"], "changed": totals["changed"],
                     "games": totals["games"]}  # fmt: skip
    ends = {key: en[key] for key in ("first_blood", "last_squad_standing", "round_limit")}
    assert ends == totals["results"]
    unchanged = {f"{a.id}#{a.index + 1}" for a in report.abilities if a.key in report.reached and a.key not in
                 report.changed}  # fmt: skip
    assert sorted(en["unchanged"]) == sorted(unchanged)
    never = {a.id for a in report.abilities if a.key not in report.reached}
    assert sorted(set(en["not_reached"])) == sorted(never)


# ---------------------------------------------------------------- 2. the worked example of the balance page


def _balance_examples(page: str) -> list[Any]:
    from tests.test_doc_examples import examples

    path = DOCS / page
    return examples(path.read_text("utf-8"), f"docs/{page}")


@pytest.mark.parametrize("page", ["balance.md", "balance.zh.md"])
def test_the_balance_page_shows_its_commands_where_the_doc_tests_read_them(page: str) -> None:
    text = (DOCS / page).read_text("utf-8")
    indented = [line for line in text.splitlines() if re.match(r"    \$? ?(dossier|pipx|pip) ", line)]
    assert not indented, f"commands in indented blocks, which the doc tests do not read: {indented}"
    commands = [example.command.split("#")[0].strip() for example in _balance_examples(page)]
    assert "dossier balance tactics --games 200 --modes duel --seed 1 --workers 2" in commands
    assert len(commands) >= 12
    shown = [example for example in _balance_examples(page) if example.output]
    assert {example.command.split("#")[0].strip() for example in shown} >= {
        "dossier balance tactics --games 200 --modes duel --seed 1 --workers 2",
        "dossier balance compare 5 6",
    }


@pytest.mark.slow
def test_the_worked_example_of_the_balance_page_prints_what_it_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The example's command run as the page shows it, its games played in this process (the same results as on
    Ray: results are sorted by game index whatever the workers), in both languages."""
    pytest.importorskip("ray")
    from typer.testing import CliRunner

    from tests.test_doc_examples import matches
    from toolkit.balance import runner
    from toolkit.balance.games import play_batch
    from toolkit.cli import app

    played: dict[tuple[Any, ...], list[dict[str, Any]]] = {}

    def here(records: Any, specs: Any, **_: Any) -> runner.Outcome:
        key = tuple(specs)
        if key not in played:
            played[key] = play_batch(records, list(specs))
        return runner.Outcome([dict(r) for r in played[key]], False, 2, 14, False)

    monkeypatch.setattr(runner, "run_games", here)
    monkeypatch.setattr(runner, "check_workers", lambda workers, address: None)  # (--workers 2 on any machine)
    for key in ("DOSSIER_DB", "DOSSIER_CARDS"):
        monkeypatch.delenv(key, raising=False)
    for page, lang in (("balance.md", "en"), ("balance.zh.md", "zh-Hans")):
        example = next(e for e in _balance_examples(page) if e.output and "--games 200" in e.command)
        folder = tmp_path / lang
        folder.mkdir()
        monkeypatch.chdir(folder)
        args = example.command.split("#")[0].split()[1:]
        result = CliRunner().invoke(app, args, env={"DOSSIER_LANG": lang}, prog_name="dossier")
        assert result.exit_code == 0, result.output
        assert matches(example.output, result.stdout), (
            f"{page}: printed\n{result.stdout}\nthe page shows\n" + "\n".join(example.output)
        )


# ---------------------------------------------------------------- 5. the walk limits of the command-line page


def test_the_walk_limits_the_command_line_page_gives_are_the_codes() -> None:
    from toolkit.catalog import MAX_WALK_ENTRIES, MAX_WALK_FILES

    en = re.search(r"a walk of card directories stops after ([\d,]+) entries or ([\d,]+) `\.json` files",
                   _flat(DOCS / "reference" / "command-line.md"))  # fmt: skip
    zh = re.search(r"遍历卡牌目录时在 ([\d,]+) 个条目或 ([\d,]+) 个 `\.json` 文件后停止",
                   _flat(DOCS / "reference" / "command-line.zh.md"))  # fmt: skip
    assert en and zh
    code = (f"{MAX_WALK_ENTRIES:,}", f"{MAX_WALK_FILES:,}")
    assert en.groups() == code and zh.groups() == code


# ---------------------------------------------------------------- 6. "no agent on both sides" in Chinese


def test_the_chinese_players_page_says_no_agent_sits_on_both_sides() -> None:
    sentence = re.sub(
        r"(?<=[^\x00-\x7f]) (?=[^\x00-\x7f])",
        "",
        _section(_flat(BOARD_ZH), "用 `python bench/tactics_players.py", "在本机上用时"),
    )
    assert "不含特工" not in sentence  # (before: "decks with no agent", for T24's no agent on both sides)
    assert "同一名特工从不同时出现在双方" in sentence
