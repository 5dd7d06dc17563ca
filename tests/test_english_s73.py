"""An English user's sweep on the command line (73g), the fixes of helper 768:

1. ``text coverage`` names a timing that never occurred, or occurred but did not resolve, in the output language
   only: "After being attacked" in English, 被攻击后 in Chinese, in both branches of the reason (the timing that
   never occurred and the one that did not resolve; the "when exposed" one too);
2. a balance report's title and its per-player-count headings, and ``balance runs``, say "1 table", "1 game",
   "1 Netrunner game" for one, the plural for more;
3. ``map render`` and ``map replay`` name the map by its name in the output language (as ``map show`` does), not
   by its id;
4. ``dossier simulate --help`` (and its line in ``dossier --help``) says what it does: no "N turns" (the option is
   ``--turns``) and no "both decks" (tactics takes 2 to 4);
5. the Netrunner card scripts' prompts say "brain damage" (GLOSSARY, every log), never "core damage".
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CARDS, ROOT
from toolkit.i18n import use_lang

CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


# ---------------------------------------------------------------------- 1. coverage's timing, in one language


def _timing_reason(code: str, timing: str, times: int = 0) -> dict[str, Any]:
    from toolkit.engine.forms import form_words

    zh, en = form_words(("timing", timing))
    return {"code": code, "timing": timing, "zh": zh, "en": en, "times": times, "games": 4}


@pytest.mark.parametrize(
    ("code", "timing", "times"),
    [("timing_never", "after_attacked", 0), ("timing_never", "on_exposed", 0), ("timing_unresolved", "after_attacked", 1),
     ("timing_unresolved", "on_exposed", 2)],
)  # fmt: skip
def test_coverage_names_the_timing_in_the_output_language(code: str, timing: str, times: int) -> None:
    from toolkit.coverage import reason_words

    reason = _timing_reason(code, timing, times)
    with use_lang("en"):
        english = reason_words(reason)
    assert not CJK.search(english), english
    assert reason["en"] in english, english
    with use_lang("zh-Hans"):
        chinese = reason_words(reason)
    assert reason["zh"] in chinese and reason["en"] not in chinese, chinese


def test_coverage_counts_the_occasions_in_english() -> None:
    from toolkit.coverage import reason_words

    with use_lang("en"):
        once = reason_words(_timing_reason("timing_unresolved", "after_attacked", 1))
        never = reason_words(_timing_reason("timing_never", "after_attacked"))
    assert once.startswith("its timing “After being attacked” occurred 1 time, but the ability did not resolve"), once
    assert never == "its timing “After being attacked” never occurred for it in 4 games", never


# ---------------------------------------------------------------------- 2. one table, one game


def _figures(games: int) -> dict[str, Any]:
    return {"games": games}


@pytest.mark.parametrize(
    ("game", "one", "two"),
    [("crossfire", "Balance run: 1 crossfire table", "Balance run: 2 crossfire tables"),
     ("netrunner", "Balance run: 1 Netrunner game", "Balance run: 2 Netrunner games"),
     ("tactics", "Balance run: 1 game", "Balance run: 2 games")],
)  # fmt: skip
def test_a_report_title_counts_one_in_the_singular(game: str, one: str, two: str) -> None:
    from toolkit.balance.report import report_title

    assert report_title({"game": game}, _figures(1), "en") == one
    assert report_title({"game": game}, _figures(2), "en") == two
    assert "1" in report_title({"game": game}, _figures(1), "zh-Hans")


def _crossfire_run(tables: int) -> tuple[dict[str, Any], dict[str, Any]]:
    from toolkit.balance.crossfire import crossfire_figures, plan_tables, play_jobs
    from toolkit.catalog import load_catalog

    records = list(load_catalog([CARDS / "crossfire"]).records)
    meta = {"game": "crossfire", "card_set": "c" * 64, "decider": "random", "seed": 5, "mode": "crossfire",
            "players": [5], "tables": tables, "specials": [], "margin": 0.02, "interrupted": False}  # fmt: skip
    return meta, crossfire_figures(play_jobs(records, plan_tables(tables, [5], "crossfire", 5)), 0.02)


def test_a_crossfire_report_s_player_count_heading_counts_one_table() -> None:
    import html

    from toolkit.balance.report import crossfire_body

    meta, figures = _crossfire_run(1)
    assert figures["games"] == 1
    body = html.unescape(crossfire_body(meta, figures, lambda kind, rid: rid, "en"))
    assert "<h1>Balance run: 1 crossfire table</h1>" in body, body
    assert "<h2>5 players: 1 table, an average seat wins" in body, body
    meta, figures = _crossfire_run(2)
    body = html.unescape(crossfire_body(meta, figures, lambda kind, rid: rid, "en"))
    assert "<h2>5 players: 2 tables, an average seat wins" in body, body


TACTICS = {"game": "tactics", "card_set": "a" * 64, "decider": "heuristic", "seed": 3, "modes": ["duel"],
           "decks": "random", "rounds": 40, "margin": 0.02}  # fmt: skip


def test_balance_runs_counts_one_table_and_one_game(cli: Any, tmp_path: Path) -> None:
    from toolkit.balance.store import save_run

    db = str(tmp_path / "runs.db")
    crossfire = {"game": "crossfire", "card_set": "c" * 64, "decider": "random", "seed": 5, "mode": "crossfire",
                 "players": [5], "tables": 1, "specials": [], "margin": 0.02}  # fmt: skip
    save_run(db, crossfire, {"games": 1, "margin": 0.02, "outliers": []})
    save_run(db, TACTICS, {"games": 1, "errors": 0, "margin": 0.02, "outliers": [], "seats": []})
    save_run(db, TACTICS, {"games": 2, "errors": 0, "margin": 0.02, "outliers": [], "seats": []})
    result = cli("balance", "runs", "--db", db, "--lang", "en")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert [bool(re.search(r"  1 table  decider", line)) for line in lines] == [True, False, False], lines
    assert [bool(re.search(r"  1 game  decider", line)) for line in lines] == [False, True, False], lines
    assert [bool(re.search(r"  2 games  decider", line)) for line in lines] == [False, False, True], lines


# ---------------------------------------------------------------------- 3. a map by its name


@pytest.mark.parametrize(("lang", "name"), [("en", "Dockyard Depot"), ("zh-Hans", "码头货栈")])
def test_map_render_names_the_map(cli: Any, tmp_path: Path, lang: str, name: str) -> None:
    out = tmp_path / "map.svg"
    result = cli("map", "render", "dockyard", "--out", out, "--lang", lang)
    assert result.exit_code == 0, result.output
    assert name in result.stdout and "dockyard" not in result.stdout.replace(str(out), ""), result.stdout
    result = cli("map", "render", "dockyard", "--example", "--out", out, "--lang", lang)
    assert result.exit_code == 0 and name in result.stdout, result.output


@pytest.mark.parametrize(("lang", "name"), [("en", "Hideout"), ("zh-Hans", "据点")])
def test_map_replay_names_the_map(cli: Any, tmp_path: Path, lang: str, name: str) -> None:
    from toolkit.board import Board
    from toolkit.board.draw import example_state
    from toolkit.catalog import load_catalog

    record = load_catalog([ROOT / "cards" / "tactics"]).get("tactics", "hideout", "map")
    game = example_state(Board.from_record(record))
    frames = [{"state": game, "events": [], "label": "round 1 · P1"}] * 3
    path = tmp_path / "frames.json"
    path.write_text(json.dumps({"frames": frames}, ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "r.html"
    result = cli("map", "replay", "hideout", path, "--out", out, "--lang", lang)
    assert result.exit_code == 0, result.output
    printed = result.stdout.replace(str(out), "")
    assert name in printed and "hideout" not in printed and "3" in printed, result.stdout
    if lang == "en":
        assert printed.strip() == ": 3 frames of map Hideout", result.stdout


# ---------------------------------------------------------------------- 4. simulate's help


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@pytest.mark.parametrize("args", [["simulate", "--help"], ["--help"]])
def test_simulate_help_says_what_it_does(cli: Any, lang: str, args: list[str]) -> None:
    result = cli(*args, "--lang", lang)
    assert result.exit_code == 0, result.output
    text = result.output
    line = next(x for x in text.splitlines() if "simulate" in x) if args == ["--help"] else text
    assert "N turns" not in line and "both decks" not in line and "`N`" not in line and "双方牌组" not in line, line
    if lang == "en" and args != ["--help"]:
        flat = " ".join(text.split())
        assert "--turns" in flat and "2 to 4" in flat, flat


# ---------------------------------------------------------------------- 5. brain damage, never core damage


def _messages(path: Path) -> list[str]:
    """Every message a script marks for the catalogs (``N_``, ``Nn_``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("N_", "Nn_"):
            found += [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    return found


def test_netrunner_prompts_say_brain_damage() -> None:
    scripts = sorted((ROOT / "toolkit" / "engine" / "netrunner" / "scripts").glob("*.py"))
    messages = {m: p.name for p in scripts for m in _messages(p)}
    assert len(messages) > 100  # the scripts' messages were read
    assert [(p, m) for m, p in messages.items() if "core damage" in m.lower()] == []
    damage = {m for m in messages if "brain damage" in m}
    assert {"{card}: suffer 1 brain damage or jack out", "suffer 1 brain damage",
            "take {n} brain damage so the run does not end?", "{card}: brain damage or a tag?"} <= damage  # fmt: skip


@pytest.mark.parametrize(("asked", "said"), [(1, "the 0 of 1 table that finished"), (3, "the 2 of 3 tables that")])
def test_an_interrupted_crossfire_run_counts_one_table_in_the_singular(asked: int, said: str) -> None:
    from toolkit.balance import report

    meta = {"tables": asked, "players": [5]}
    figures = {"games": asked - 1 if asked > 1 else 0, "players": [{"players": 5}]}
    assert said in report._crossfire_interrupted(meta, figures, "en")
