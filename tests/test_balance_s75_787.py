"""The balance lab, sweep 75 (helper 787): given decks of a mode ``--players`` cannot seat are refused before any game;
a run whose games all end in an engine error says so and why, and exits 1; games.jsonl keeps errors in English; a
comparison tells decks of the same names but other cards apart; crossfire player counts are kept sorted; the report's
"How games end" table has a header and the mean length one decimal; the "played once" note leaves out decks --modes
leaves out; the crossfire plot's title fits."""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT
from toolkit.errors import DossierError
from toolkit.i18n import use_lang

DECKS = ROOT / "examples" / "decks" / "tactics"


def _records() -> list[Any]:
    from toolkit.catalog import load_catalog

    return list(load_catalog([ROOT / "cards" / "tactics"]).records)


def _deck(name: str) -> Any:
    from toolkit.models.deck import Deck

    return Deck.model_validate(json.loads((DECKS / f"{name}.json").read_text(encoding="utf-8")))


def _played_here(monkeypatch: pytest.MonkeyPatch, seen: list[Any], alter: Any = None) -> None:
    pytest.importorskip("ray")
    from toolkit.balance import runner
    from toolkit.balance.games import play_batch

    def played(records: Any, specs: Any, **kw: Any) -> runner.Outcome:
        seen.extend(specs)
        chosen = [alter(s) for s in specs] if alter else list(specs)
        return runner.Outcome(kw.get("play", play_batch)(records, chosen), False, 1, 1, False)

    monkeypatch.setattr(runner, "run_games", played)


def test_decks_of_a_mode_the_players_cannot_play_are_refused_before_any_game() -> None:
    from toolkit.balance.games import plan_decks

    duo = _deck("duo")
    with pytest.raises(DossierError) as refused, use_lang("en"):
        plan_decks(_records(), {"a": duo, "b": duo, "c": duo}, 3, 1, "random", 2, players=3)
    assert refused.value.exit_code == 2
    assert str(refused.value).startswith("--players 3: 3 players cannot play the modes of these decks: a (Duo), b (Duo)")
    assert "--modes, among melee" in str(refused.value)


def test_an_engine_error_is_english_in_the_game_and_worded_for_the_report() -> None:
    from toolkit.balance.games import GameSpec, play_one

    records = _records()
    spec = GameSpec(0, "duo", "headquarters", 5, 6, False, "random", 2, None, players=3)
    with use_lang("zh-Hans"):
        zh = play_one(records, spec)
    with use_lang("en"):
        en = play_one(records, spec)
    assert zh["reason"] == "error" and zh["error"] == en["error"] == en["error_words"]
    assert zh["error_words"] != zh["error"] and any("\u4e00" <= c <= "\u9fff" for c in zh["error_words"])


def test_a_run_whose_games_all_fail_says_why_and_exits_1(cli: Any, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    seen: list[Any] = []
    _played_here(monkeypatch, seen, alter=lambda s: dataclasses.replace(s, mode="duo", players=3))
    out = tmp_path / "r"
    result = cli("balance", "tactics", "--games", 2, "--modes", "duel", "--decider", "random", "--rounds", 2,
                 "--no-save", "-o", out, "--lang", "en")  # fmt: skip
    assert result.exit_code == 1, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "no game finished: each of the 2 games played ended in an engine error"
    assert lines[1].startswith("  2 games: EngineError: ") and "games/s" not in result.stdout
    page = (out / "report.html").read_text(encoding="utf-8")
    assert "Engine errors" in page and "each of the 2 games played ended in an engine error" in page
    games = [json.loads(line) for line in (out / "games.jsonl").read_text(encoding="utf-8").splitlines()]
    assert all("error_words" not in g and g["error"].startswith("EngineError: ") for g in games)


def _decks_dir(folder: Path, swapped: bool = False) -> Path:
    folder.mkdir()
    names = ("duel", "duel-rival")
    for name, source in zip(names, reversed(names) if swapped else names, strict=True):
        shutil.copy(DECKS / f"{source}.json", folder / f"{name}.json")
    return folder


def test_compare_says_the_decks_cards_differ(cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _played_here(monkeypatch, [])
    for name, swapped in (("a", False), ("b", True), ("c", False)):
        result = cli("balance", "tactics", "--decks", _decks_dir(tmp_path / f"d{name}", swapped), "--games", 2,
                     "--decider", "random", "--rounds", 2, "--no-save", "-o", tmp_path / name, "--lang", "en")  # fmt: skip
        assert result.exit_code == 0, result.output
    meta = json.loads((tmp_path / "a" / "report.json").read_text(encoding="utf-8"))["meta"]
    assert set(meta["deck_digests"]) == {"duel", "duel-rival"}
    differ = cli("balance", "compare", tmp_path / "a", tmp_path / "b", "--lang", "en")
    assert "the runs' settings differ (the decks' cards)" in differ.stdout, differ.output
    same = cli("balance", "compare", tmp_path / "a", tmp_path / "c", "--lang", "en")
    assert "settings differ" not in same.stdout, same.output


def test_an_older_run_without_digests_is_not_said_to_differ() -> None:
    from toolkit.balance.store import compare

    def run(meta: dict[str, Any]) -> dict[str, Any]:
        return {"label": "x", "meta": {"game": "tactics", "decks": "given", **meta}, "figures": {"games": 1}}

    assert compare(run({}), run({"deck_digests": {"a": "1"}}))["settings_differ"] == []
    assert compare(run({"deck_digests": {"a": "2"}}), run({"deck_digests": {"a": "1"}}))["settings_differ"] == [
        "deck_digests"]


def test_crossfire_player_counts_are_one_setting_in_any_order(cli: Any, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    from toolkit.balance.store import compare

    _played_here(monkeypatch, [])
    result = cli("balance", "crossfire", "--players", "8,6", "--tables", 5, "--no-save", "-o", tmp_path / "x",
                 "--lang", "en")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert json.loads((tmp_path / "x" / "report.json").read_text(encoding="utf-8"))["meta"]["players"] == [6, 8]
    old = {"label": "a", "meta": {"game": "crossfire", "players": [8, 6]}, "figures": {"games": 1}}
    new = {"label": "b", "meta": {"game": "crossfire", "players": [6, 8]}, "figures": {"games": 1}}
    assert compare(old, new)["settings_differ"] == []


def test_the_endings_table_has_a_header_and_the_mean_one_decimal() -> None:
    from toolkit.balance.figures import figures
    from toolkit.balance.report import report_body

    results = [{"index": i, "mode": "duel", "map": "m", "seed": i, "winners": [1 + i % 2], "reason": "eliminated",
                "rounds": rounds, "sides": [{"seat": 1, "agents": ["a"], "cards": []},
                                            {"seat": 2, "agents": ["b"], "cards": []}]}
               for i, rounds in enumerate((25, 26, 27))]  # fmt: skip
    meta = {"game": "tactics", "seed": 1, "decider": "random", "modes": ["duel"], "card_set": "c" * 64}
    body = report_body(meta, figures(results), {}, lambda kind, i: i, "en")
    endings = body.split("How games end</h2><table>")[1]
    assert endings.startswith("<tr><th>ending</th><th>games</th><th>share of games</th><th>95% interval</th></tr>")
    assert "mean 26.0, median 26" in body


def test_the_played_once_note_names_only_decks_played(cli: Any, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    _played_here(monkeypatch, [])
    folder = _decks_dir(tmp_path / "d")
    for name in ("duo.json", "duo-list.txt"):
        shutil.copy(DECKS / name, folder / name)
    result = cli("balance", "tactics", "--decks", folder, "--modes", "duel", "--games", 2, "--decider", "random",
                 "--rounds", 2, "--no-save", "-o", tmp_path / "r", "--lang", "en")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "played once" not in result.stderr


def test_a_long_plot_title_fits_the_figure() -> None:
    pytest.importorskip("matplotlib")
    from toolkit.cli import plots

    seen: list[Any] = []
    real = plots._fit_title

    def fit(figure: Any, axes: Any, title: str) -> None:
        real(figure, axes, title)
        renderer = figure.canvas.get_renderer()
        seen.append((axes.title.get_window_extent(renderer).width, figure.get_window_extent(renderer).width,
                     axes.title.get_text()))  # fmt: skip

    title = "Crossfire mode, 6 players, 2000 random tables, seed 5901496459389040544"
    plots._fit_title, saved = fit, plots._fit_title
    try:
        plots.rate_chart([plots.Bar(name, 1, 2) for name in "abcde"], title, "win rate", "en")
    finally:
        plots._fit_title = saved
    width, room, text = seen[0]
    assert width <= room and "\n" in text
