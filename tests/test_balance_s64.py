"""The balance lab, sweep 64: a card pool with no tactics mode to play is one line naming the pool (no division by
zero, no `--modes` never given); a run stopped before any game finished says so and writes no report over an earlier
one, and a report of no game shows no `None`, no empty table, no baseline; Ctrl-C while Ray starts is such a run;
crossfire counts tables; one Chinese vocabulary for the three kinds of report; balance's own words for illegal
decks, an unknown `--modes` refused before the decks; real plurals; the docs' examples are the tool's output."""

from __future__ import annotations

import json
import random
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CARDS, ROOT
from toolkit.balance.figures import figures
from toolkit.errors import DossierError

TACTICS_META = {"game": "tactics", "card_set": "a" * 64, "decider": "heuristic", "seed": 9, "games_asked": 20,
                "modes": ["duel"], "decks": "random", "rounds": 100, "margin": 0.02,
                "interrupted": True}  # fmt: skip
NETRUNNER_META = {"game": "netrunner", "card_set": "n" * 64, "decider": "heuristic", "seed": 1, "games_asked": 4,
                  "decks": ["a", "b"], "turns": 100, "margin": 0.02, "interrupted": True}  # fmt: skip
CROSSFIRE_META = {"game": "crossfire", "card_set": "c" * 64, "decider": "random", "seed": 1, "mode": "crossfire",
                  "players": [6], "tables": 20, "specials": [], "margin": 0.02, "interrupted": True}  # fmt: skip


def _names(kind: str, record_id: str) -> str:
    return record_id


def _duels(first_agent: str, second_agent: str, strength: float, n: int, seed: int) -> list[dict[str, Any]]:
    """Duel games of ``first_agent`` against ``second_agent``, seats swapped in turn; the first wins with
    ``strength``."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        first, second = ([first_agent], [second_agent]) if i % 2 == 0 else ([second_agent], [first_agent])
        seat = 1 if i % 2 == 0 else 2
        winner = seat if rng.random() < strength else 3 - seat
        sides = [{"seat": 1, "agents": first, "cards": [], "played": []},
                 {"seat": 2, "agents": second, "cards": [], "played": []}]  # fmt: skip
        out.append({"index": i, "mode": "duel", "map": "hideout", "winners": [winner], "reason": "last_squad_standing",
                    "rounds": 6, "sides": sides})  # fmt: skip
    return out


def _tactics_copy(tmp_path: Path, without: str) -> Path:
    """The bundled tactics cards (schema/ beside them) without ``modes/<without>.json``."""
    shutil.copytree(ROOT / "schema", tmp_path / "schema")
    pool = tmp_path / "tactics"
    shutil.copytree(CARDS / "tactics", pool)
    (pool / "modes" / f"{without}.json").unlink()
    return pool


# ---------------------------------------------------------------- 1, 2. a pool with no mode to play


@pytest.mark.parametrize("players", ["2", "3"])
@pytest.mark.parametrize("pool", ["empty", "crossfire"])
def test_a_pool_without_tactics_modes_is_one_line_naming_the_pool(cli: Any, tmp_path: Path, players: str,
                                                                  pool: str) -> None:  # fmt: skip
    pytest.importorskip("ray")
    cards = tmp_path / "empty" if pool == "empty" else CARDS / "crossfire"
    cards.mkdir(exist_ok=True)
    out = tmp_path / "report"
    result = cli("balance", "tactics", "--players", players, "--games", "3", "--no-save", "-w", "1", "-o", out,
                 "--cards", cards, "--lang", "en")  # fmt: skip
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    assert f"the card pool ({cards}, from --cards) has no tactics mode to play" in lines[0]
    assert "the card pool may be missing" in lines[0]  # the pool hint, as `balance crossfire` gives it
    assert "--modes" not in lines[0] and "choose among" not in lines[0]
    assert not out.exists()


def test_a_pool_with_no_mode_for_the_player_count_names_players(cli: Any, tmp_path: Path) -> None:
    pytest.importorskip("ray")
    cards = _tactics_copy(tmp_path, "melee")
    result = cli("balance", "tactics", "--players", "3", "--games", "3", "--no-save", "-w", "1", "-o",
                 tmp_path / "report", "--cards", cards, "--lang", "en")  # fmt: skip
    assert result.exit_code == 2, result.output
    assert result.output.strip().startswith(
        f"dossier: error: --players 3: the card pool ({cards}, from --cards) has no tactics mode that 3 players can "
        "play"
    ), result.output


def test_a_default_mode_the_pool_lacks_is_not_blamed_on_modes(cli: Any, tmp_path: Path) -> None:
    pytest.importorskip("ray")
    cards = _tactics_copy(tmp_path, "duo")
    result = cli("balance", "tactics", "--games", "3", "--no-save", "-w", "1", "-o", tmp_path / "report", "--cards",
                 cards, "--lang", "en")  # fmt: skip
    assert result.exit_code == 2, result.output
    assert "--modes 'duo'" not in result.output  # no option given is blamed
    assert "has no tactics mode duo that 2 players can play; name the modes to play with --modes, among duel, " \
           "expert, melee" in result.output  # fmt: skip


def test_planning_with_no_playable_mode_is_an_error_not_a_division_by_zero() -> None:
    from toolkit.balance.games import plan_random

    with pytest.raises(DossierError, match="has no tactics mode to play"):
        plan_random([], 4, [], 1, "heuristic", players=3)


# ---------------------------------------------------------------- 3. a report of no game


@pytest.mark.parametrize("game", ["tactics", "netrunner", "crossfire"])
def test_a_report_of_no_game_shows_no_none_no_empty_table_no_baseline(game: str) -> None:
    from toolkit.balance.crossfire import crossfire_figures
    from toolkit.balance.netrunner import netrunner_figures
    from toolkit.balance.report import run_body

    meta, data = {"tactics": (TACTICS_META, figures([])), "netrunner": (NETRUNNER_META, netrunner_figures([])),
                  "crossfire": (CROSSFIRE_META, crossfire_figures([]))}[game]  # fmt: skip
    body = run_body(meta, data, {"wall_seconds": 1.0, "workers": 1, "batch": 1}, _names, "en")
    assert "None" not in body and "<table></table>" not in body
    assert "50.0%" not in body  # (no baseline of no game: the corp 50.0%, the runner 50.0%, an average seat 50.0%)
    unit = "table" if game == "crossfire" else "game"
    assert f"No {unit} finished: there are no figures to show." in body


@pytest.mark.parametrize("game", ["tactics", "netrunner", "crossfire"])
def test_a_run_stopped_before_any_game_keeps_the_earlier_report(cli: Any, tmp_path: Path, game: str,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    pytest.importorskip("ray")
    from toolkit.balance import runner
    from toolkit.balance.report import write_report

    out = tmp_path / "report"
    write_report(out, {**TACTICS_META, "interrupted": False}, figures(_duels("jackdaw", "anvil", 0.5, 20, 1)), {},
                 [], _names, "en")  # fmt: skip
    before = (out / "report.json").read_bytes()
    monkeypatch.setattr(runner, "run_games", lambda *args, **kwargs: runner.Outcome([], True, 1, 1, False))
    args: dict[str, list[Any]] = {"tactics": ["--games", "20", "--modes", "duel"],
            "netrunner": ["--games", "20", "--decks", ROOT / "examples" / "decks" / "netrunner"],
            "crossfire": ["--players", "6", "--tables", "20"]}  # fmt: skip
    result = cli("balance", game, *args[game], "-w", "1", "-o", out, "--no-save", "--lang", "en")
    assert result.exit_code == 130, result.output
    unit = "table" if game == "crossfire" else "game"
    assert result.stdout.splitlines() == [
        f"interrupted: 0 of 20 {unit}s finished",
        f"no {unit} finished: no report written; the report already in {out} is left as it was",
    ]
    assert (out / "report.json").read_bytes() == before


def test_a_run_stopped_before_any_game_writes_no_report(cli: Any, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    pytest.importorskip("ray")
    from toolkit.balance import runner

    monkeypatch.setattr(runner, "run_games", lambda *args, **kwargs: runner.Outcome([], True, 1, 1, False))
    out = tmp_path / "report"
    result = cli("balance", "tactics", "--games", "20", "--modes", "duel", "-w", "1", "-o", out, "--no-save",
                 "--lang", "en")  # fmt: skip
    assert result.exit_code == 130, result.output
    assert result.stdout.splitlines() == ["interrupted: 0 of 20 games finished", "no game finished: no report written"]
    assert not (out / "report.json").exists()


# ---------------------------------------------------------------- 4. Ctrl-C while Ray starts


class _StartingRay:
    """A Ray that Ctrl-C stops while it starts (after it is half up: it is shut down)."""

    def __init__(self) -> None:
        self.up = False
        self.shut = False

    def is_initialized(self) -> bool:
        return self.up

    def init(self, **_: Any) -> None:
        self.up = True
        raise KeyboardInterrupt

    def shutdown(self) -> None:
        self.shut = True
        self.up = False


def test_ctrl_c_while_ray_starts_is_an_interrupted_run(monkeypatch: pytest.MonkeyPatch) -> None:
    from toolkit.balance import runner

    fake = _StartingRay()
    monkeypatch.setattr(runner, "import_ray", lambda: fake)
    outcome = runner.run_games([], list(range(8)), workers=1)
    assert outcome.interrupted and outcome.results == [] and outcome.failure is None
    assert fake.shut  # the Ray this call was starting: shut down


def test_ctrl_c_while_ray_starts_says_so(cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("ray")
    from toolkit.balance import runner

    def starting(ray: Any, workers: Any, address: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "start_ray", starting)
    result = cli("balance", "tactics", "--games", "20", "--modes", "duel", "-w", "1", "-o", tmp_path / "y",
                 "--no-save", "--lang", "en")  # fmt: skip
    assert result.exit_code == 130, result.output
    assert result.stdout.splitlines()[0] == "interrupted: 0 of 20 games finished"


# ---------------------------------------------------------------- 5. crossfire counts tables


def test_the_progress_of_a_crossfire_run_counts_tables() -> None:
    from toolkit.cli.balance import RateProgress

    tables = RateProgress(50, "en", tables=True)
    tables.done = 20
    assert tables.line().startswith("tables  20/50") and "tables/s" in tables.line()
    assert "games" not in tables.line()
    games = RateProgress(50, "en")
    assert games.line().startswith("games  0/50") and "games/s" in games.line()


def test_the_crossfire_report_counts_tables_to_decide() -> None:
    from toolkit.balance.crossfire import crossfire_figures, plan_tables, play_jobs
    from toolkit.balance.report import crossfire_body
    from toolkit.catalog import load_catalog

    records = list(load_catalog([CARDS / "crossfire"]).records)
    data = crossfire_figures(play_jobs(records, plan_tables(300, [6], "crossfire", 5)), 0.02)
    body = crossfire_body({**CROSSFIRE_META, "interrupted": False}, data, _names, "en")
    assert "tables to decide" in body and "games to decide" not in body
    # an outlier of a player count's table says the count in words, not a bare "(6)"
    assert "Roles by player count: assassin (6 players)" in body and "(6)" not in body


# ---------------------------------------------------------------- 6. one Chinese vocabulary


def test_the_three_kinds_of_report_speak_one_chinese() -> None:
    from toolkit.balance.crossfire import crossfire_figures
    from toolkit.balance.netrunner import netrunner_figures
    from toolkit.balance.report import report_title, run_body
    from toolkit.i18n import t

    zh = "zh-Hans"
    runs = [(TACTICS_META, figures([])), (NETRUNNER_META, netrunner_figures([])), (CROSSFIRE_META,
                                                                                   crossfire_figures([]))]  # fmt: skip
    assert [report_title(meta, data, zh).split("：")[0] for meta, data in runs] == ["平衡测试"] * 3
    for meta, data in runs[:2]:  # the settings line of a tactics and a Netrunner run: the decider is the 玩家
        body = run_body(meta, data, {}, _names, zh)
        assert "· 玩家 " in body and "决策者" not in body and "运行" not in body
    heads = [t(zh, "outliers (the table's simultaneous 95% interval wholly beyond 50% ± {margin}): {n}", margin="2.0%",
               n=2),
             t(zh, "outliers (the table's simultaneous 95% interval wholly beyond its centre ± {margin}): {n}",
               margin="2.0%", n=2)]  # fmt: skip
    assert [head.rsplit("：", 1)[1] for head in heads] == ["2 项", "2 项"]


# ---------------------------------------------------------------- 7. balance's words; --modes before the decks


def test_illegal_decks_are_refused_in_balance_s_words(cli: Any, tmp_path: Path) -> None:
    pytest.importorskip("ray")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"game": "netrunner", "name": "bad", "identity": "nosuch", "cards": {"x": 3}}),
                   encoding="utf-8")  # fmt: skip
    result = cli("balance", "netrunner", "--decks", bad, "--decks", ROOT / "examples" / "decks" / "netrunner",
                 "--games", "2", "--no-save", "-w", "1", "-o", tmp_path / "report", "--lang", "en")  # fmt: skip
    assert result.exit_code == 1, result.output
    assert "refusing to run the balance games: the decks above are not legal" in result.output
    assert "simulate" not in result.output


def test_an_unknown_mode_with_decks_is_refused_first(cli: Any, tmp_path: Path) -> None:
    pytest.importorskip("ray")
    result = cli("balance", "tactics", "--decks", ROOT / "examples" / "decks" / "tactics", "--modes", "foo",
                 "--games", "2", "--no-save", "-w", "1", "-o", tmp_path / "report", "--lang", "en")  # fmt: skip
    assert result.exit_code == 2, result.output
    assert "--modes 'foo': choose among duel, duo, expert, melee (with 2 players)" in result.output
    assert "same mode" not in result.output


# ---------------------------------------------------------------- 9. real plurals


def test_no_plural_is_written_with_s_in_parentheses() -> None:
    sources = [*sorted((ROOT / "toolkit" / "balance").glob("*.py")), ROOT / "toolkit" / "cli" / "balance.py"]
    found = [f"{path.name}:{n}" for path in sources
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "(s)" in line]  # fmt: skip
    assert found == []


def test_one_worker_and_one_game_are_singular(cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("ray")
    from toolkit.balance import runner
    from toolkit.balance.report import report_body

    games = _duels("jackdaw", "anvil", 0.5, 2, 1)
    monkeypatch.setattr(runner, "run_games", lambda *args, **kwargs: runner.Outcome(games[:1], True, 1, 1, False))
    result = cli("balance", "tactics", "--games", "2", "--modes", "duel", "-w", "1", "-o", tmp_path / "r",
                 "--no-save", "--lang", "en")  # fmt: skip
    summary = result.stdout.splitlines()[1]
    assert re.match(r"1 game \(0 engine errors\) in [\d.]+ s: [\d.]+ games/s on 1 worker$", summary), summary
    body = report_body(TACTICS_META, figures(games), {"wall_seconds": 1.0, "games_per_second": 2.0, "workers": 1,
                                                      "batch": 1}, _names, "en")  # fmt: skip
    assert "2 games in 1.0 s (2.0 games/s) on 1 worker, 1 game per task" in body


# ---------------------------------------------------------------- 8. the docs


def test_the_docs_compare_example_is_the_tool_s_output(cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:  # fmt: skip
    """docs/balance.md and balance.zh.md show `balance compare before after` of two small reports: 200 duel games of
    Jackdaw against Anvil each, Jackdaw winning one in two, then four in five."""
    monkeypatch.chdir(tmp_path)
    for name, strength, card_set in (("before", 0.5, "a" * 64), ("after", 0.8, "b" * 64)):
        Path(name).mkdir()
        meta = {**TACTICS_META, "card_set": card_set, "games_asked": 200, "interrupted": False}
        report = {"meta": meta, "figures": figures(_duels("jackdaw", "anvil", strength, 200, 9)), "timing": {}}
        (Path(name) / "report.json").write_text(json.dumps(report), encoding="utf-8")
    for doc, lang in (("balance.md", "en"), ("balance.zh.md", "zh-Hans")):
        result = cli("balance", "compare", "before", "after", "--lang", lang)
        assert result.exit_code == 0, result.output
        text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
        shown = "\n".join(result.stdout.splitlines())  # (in a ```sh block, after the command: the doc tests read it)
        assert f"\n{shown}\n```" in text, (doc, shown)


def test_the_english_docs_name_things_in_english() -> None:
    text = (ROOT / "docs" / "balance.md").read_text(encoding="utf-8")
    assert not re.findall(r"[\u4e00-\u9fff]+", text)
    zh = (ROOT / "docs" / "balance.zh.md").read_text(encoding="utf-8")
    assert "指挥平板" not in zh and "指挥终端" in zh  # command_tablet's name
