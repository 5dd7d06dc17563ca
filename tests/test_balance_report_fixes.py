"""Fixes to the balance lab's reports: every heading of the Netrunner report is a catalog message; a comparison
names the settings that differ in the reader's language; "games to decide" is the games the flag's interval would
need (always more than the run played when it did not decide); games.jsonl is the same in every language; a
crossfire report leaves no earlier run's games.jsonl beside it; the web list names crossfire runs by their tables
and each run's decider as ``dossier balance runs`` does."""

from __future__ import annotations

import ast
import json
import math
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CARDS, ROOT
from toolkit.balance.figures import figures, rate, simultaneous_z, verdict, wilson
from toolkit.i18n import pseudo, use_lang

BASE = "http://127.0.0.1:8000"
BALANCE_SOURCES = [*sorted((ROOT / "toolkit" / "balance").glob("*.py")),
                   ROOT / "toolkit" / "web" / "routes" / "balance.py"]  # fmt: skip


# -- 5: the Netrunner report's headings are messages of the catalogs


def test_game_length_in_turns_is_a_catalog_message() -> None:
    from babel.messages.extract import extract_from_file

    from toolkit.i18n.catalogs import KEYWORDS

    report = str(ROOT / "toolkit" / "balance" / "report.py")
    found = {message for _line, message, _comments, _context in extract_from_file("python", report, keywords=KEYWORDS)}
    assert "Game length (turns)" in found and "How games end" in found


def test_no_message_of_the_balance_lab_hides_in_an_f_string() -> None:
    """The catalogs' extractor does not read inside f-strings: a message written there is never translated."""
    calls = {"t", "tn", "tc", "tr", "trn", "N_"}
    hidden = []
    for path in BALANCE_SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.JoinedStr):
                continue
            for inner in ast.walk(node):
                if (isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) and inner.func.id in calls
                        and any(isinstance(a, ast.Constant) and isinstance(a.value, str) and a.value.strip(", ")
                                for a in inner.args)):  # fmt: skip
                    hidden.append(f"{path.name}:{inner.lineno}")
    assert hidden == []


# -- 6: the settings that differ, in the reader's language


def _result(**extra: Any) -> dict[str, Any]:
    return {"a": "#1", "b": "#2", "tests": 0, "alpha": 0.05, "same_card_set": True, "moved": [],
            "settings_differ": ["specials", "decider"], **extra}  # fmt: skip


def test_a_comparison_names_each_setting_in_words() -> None:
    from toolkit.balance.report import comparison

    def names(kind: str, record_id: str) -> str:
        return record_id

    english = comparison(_result(), names, "en")["notes"]
    assert english == ["the runs' settings differ (special roles, decider): a move may come from them, not from the "
                       "cards"]  # fmt: skip
    with use_lang("en-XA") as lang:  # the pseudo-locale: each word went through the catalog
        note = comparison(_result(), names, lang)["notes"][0]
    assert pseudo("special roles") in note and pseudo("decider") in note
    assert "specials" not in note and "decider" not in note


def test_every_setting_a_comparison_tests_has_a_word() -> None:
    from toolkit.balance.report import SETTING_WORDS, setting_word
    from toolkit.balance.store import SETTINGS

    assert set(SETTINGS) <= set(SETTING_WORDS)
    assert setting_word("rounds", "en") == "round limit" and setting_word("turns", "en") == "turn limit"
    assert setting_word("a_key_no_run_has", "en") == "a_key_no_run_has"


# -- 7: the games a rate would need to decide


def _decides(p: float, sides: int, z: float, margin: float, centre: float) -> bool:
    low, high = wilson(p * sides, sides, z)
    return low > centre + margin or high < centre - margin


def _check_needed(score: float, n: int, games: int, z: float, margin: float = 0.02, centre: float = 0.5) -> int | None:
    """``needed`` of a rate as :func:`verdict` gives it, checked against the flag's own interval: at ``needed``
    games (the sides growing with the games) the interval decides, one game fewer it does not, and a rate the
    run did not decide needs more games than the run played."""
    item = rate(score, n)
    verdict(item, margin, games, z, centre)
    if item["flag"]:
        assert "needed" not in item  # a decided rate needs no more games
        return None
    needed = item["needed"]
    if needed is None:
        assert abs(score / n - centre) <= margin + 1e-9
        return None
    assert needed > games
    p = score / n
    assert _decides(p, needed * n // games, z, margin, centre)
    assert not _decides(p, (needed - 1) * n // games, z, margin, centre)
    return int(needed)


def test_a_rate_the_run_did_not_decide_needs_more_games_than_it_played() -> None:
    z = simultaneous_z(90)  # a table of 90 cards
    # a card seen twice in a 60-game run, lost both: its interval 0–86%, not flagged: not "60 games"
    assert wilson(0, 2, z)[1] > 0.8
    assert _check_needed(0, 2, 60, z) == 390  # 13 sides at this z, a card seen in 2 of 60 games
    assert _check_needed(2, 2, 60, z) == 390  # n/n: the same distance above the band as 0/n is below
    assert (_check_needed(0, 5, 50, simultaneous_z(12)) or 0) > 50  # netrunner: a deck 0/5 in 50 games
    assert _check_needed(1, 1, 1, 1.959963984540054) == 5  # the tiniest run
    assert (_check_needed(13, 20, 20, 1.959963984540054) or 0) > 20  # 65%, its interval 43%–82%: not yet decided


def test_a_rate_within_the_margin_or_decided_needs_no_number() -> None:
    from toolkit.balance.figures import games_to_decide

    z = 1.959963984540054
    assert _check_needed(50, 100, 100, z) is None  # at the centre
    assert _check_needed(51, 100, 100, z) is None  # within the margin
    assert games_to_decide(0, 0, 10, 0.02) is None  # nothing counted
    decided = rate(95, 100)
    verdict(decided, 0.02, 100, z)
    assert decided["flag"] == "strong" and "needed" not in decided


@pytest.mark.parametrize("centre", [0.5, 0.3, 0.25])
def test_needed_agrees_with_the_flag_everywhere(centre: float) -> None:
    for tests in (1, 12, 90):
        z = simultaneous_z(tests)
        for n in (1, 2, 3, 7, 20, 61, 400):
            for score in sorted({0, 1, n // 4, n // 3, n // 2, 2 * n // 3, n - 1, n}):
                _check_needed(score, n, n, z, 0.02, centre)
                _check_needed(score, n, math.ceil(n / 2), z, 0.05, centre)  # two sides a game


def test_the_figures_of_a_short_run_tell_more_games_than_it_played() -> None:
    """A card in two of 20 games, both lost: not flagged, and 20 games did not decide it, so it needs more."""
    games = []
    for i in range(20):
        winner = 2 if i < 2 else 1 + i % 2
        first = {"seat": 1, "agents": ["a"], "cards": ["common", "rare"] if i < 2 else ["common"]}
        games.append({"index": i, "mode": "duel", "map": "m", "winners": [winner], "reason": "win", "rounds": 3,
                      "sides": [first, {"seat": 2, "agents": ["b"], "cards": ["common"]}]})  # fmt: skip
    data = figures(games)
    rare = next(row for row in data["cards_in_deck"] if row["card"] == "rare")
    assert (rare["n"], rare["score"], rare["flag"]) == (2, 0, None)
    assert rare["needed"] > 20
    for table in ("agents", "cards_in_deck", "seats"):
        for row in data[table]:
            assert row["flag"] or row["needed"] is None or row["needed"] > 20


# -- 8: games.jsonl is the same in every language


def _tactics() -> tuple[list[Any], Any, Any]:
    from toolkit.catalog import load_catalog
    from toolkit.models.deck import Deck

    records = list(load_catalog([CARDS / "tactics"]).records)
    decks = ROOT / "examples" / "decks" / "tactics"
    first, second = (Deck.model_validate(json.loads((decks / f"{name}.json").read_text(encoding="utf-8")))
                     for name in ("duel", "duel-rival"))  # fmt: skip
    assert first.title("en") != first.title("zh-Hans")  # named in each language
    return records, first, second


def test_the_games_of_given_decks_keep_their_keys_not_their_names() -> None:
    from toolkit.balance.games import plan_decks, play_one

    records, first, second = _tactics()
    planned, played = {}, {}
    for lang in ("zh-Hans", "en"):
        with use_lang(lang):
            keyed = plan_decks(records, {"duel": first, "duel-rival": second}, 2, 7, "random", rounds=2)
            listed = plan_decks(records, [first, second], 2, 7, "random", rounds=2)
            planned[lang] = (keyed, listed)
            played[lang] = [play_one(records, spec) for spec in keyed]
            for result in played[lang]:
                result.pop("seconds")
    assert planned["zh-Hans"] == planned["en"]
    assert played["zh-Hans"] == played["en"]
    keyed, listed = planned["en"]

    def keys(specs: list[Any]) -> list[list[str]]:
        return [[seat[2] for seat in spec.decks or ()] for spec in specs]

    assert keys(keyed) == [["duel", "duel-rival"], ["duel-rival", "duel"]] and keys(listed) == [["1", "2"], ["2", "1"]]
    assert [side["deck"] for side in played["en"][0]["sides"]] == ["duel", "duel-rival"]


# -- 11: a crossfire report leaves no earlier run's games.jsonl beside it


def _crossfire(records: list[Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    from toolkit.balance.crossfire import crossfire_figures, plan_tables, play_jobs

    meta = {"game": "crossfire", "card_set": "c" * 64, "decider": "random", "seed": 5, "mode": "crossfire",
            "players": [6], "tables": 40, "specials": [], "margin": 0.02}  # fmt: skip
    return meta, crossfire_figures(play_jobs(records, plan_tables(40, [6], "crossfire", 5)), 0.02)


@pytest.fixture(scope="module")
def crossfire_records() -> list[Any]:
    from toolkit.catalog import load_catalog

    return list(load_catalog([CARDS / "crossfire"]).records)


def test_a_crossfire_report_removes_an_earlier_run_s_games(tmp_path: Path, crossfire_records: list[Any]) -> None:
    from toolkit.balance.report import CROSSFIRE_REPORT_FILES, check_report_folder, write_crossfire_report

    out = tmp_path / "mixed2"
    out.mkdir()
    (out / "report.json").write_text(json.dumps({"meta": {"game": "tactics"}, "figures": {"games": 2}}) + "\n")
    game = ('{"index": %d, "map": "dockyard", "mode": "duel", "reason": "last_squad_standing", "rounds": 5, '
            '"seed": 1, "winners": [1]}\n')  # an earlier tactics run's games: the keys every game record has
    (out / "games.jsonl").write_text(game % 0 + game % 1)
    check_report_folder(out, CROSSFIRE_REPORT_FILES)
    meta, data = _crossfire(crossfire_records)
    paths = write_crossfire_report(out, meta, data, {}, lambda kind, record_id: record_id, "en")
    assert sorted(p.name for p in out.iterdir()) == ["report.html", "report.json"] == sorted(p.name for p in paths)


def test_a_crossfire_report_leaves_a_file_of_the_user_s_own(tmp_path: Path, crossfire_records: list[Any]) -> None:
    from toolkit.balance.report import write_crossfire_report

    out = tmp_path / "out"
    out.mkdir()
    (out / "games.jsonl").write_text("my own notes, not a report's\n")
    meta, data = _crossfire(crossfire_records)
    write_crossfire_report(out, meta, data, {}, lambda kind, record_id: record_id, "en")
    assert (out / "games.jsonl").read_text() == "my own notes, not a report's\n"


# -- 13, 14: the web list: a crossfire run's tables, each run's decider in words


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The app over a database of three runs: a tactics run by the tactician, one by the random player (another
    decider: the settings differ), and a crossfire run of 40 tables."""
    from fastapi.testclient import TestClient

    from toolkit.balance.store import save_run
    from toolkit.web.app import create_app
    from toolkit.web.settings import WebSettings

    root = tmp_path_factory.mktemp("web-balance-fixes")
    db = root / "web.db"
    app = create_app(WebSettings(cards=[CARDS], db_url=str(db), cache=root / "cache", data=root / "data"))
    tactics = {"game": "tactics", "card_set": "a" * 64, "seed": 3, "modes": ["duel"], "decks": "random",
               "rounds": 40, "margin": 0.02}  # fmt: skip
    save_run(str(db), {**tactics, "decider": "heuristic"}, figures([]))
    save_run(str(db), {**tactics, "decider": "random"}, figures([]))
    records = [r for r in app.state.web.catalog.records if getattr(r, "game", None) == "crossfire"]
    meta, data = _crossfire(records)
    save_run(str(db), meta, data)
    with TestClient(app, base_url=BASE) as client:
        yield client
    shutil.rmtree(root, ignore_errors=True)


def _get(client: Any, path: str, lang: str) -> str:
    answer = client.get(f"{path}{'&' if '?' in path else '?'}lang={lang}")
    assert answer.status_code == 200, answer.text[:500]
    return str(answer.text)


def _row(page: str, run: int) -> str:
    return page.split(f'href="/balance/{run}"', 1)[1].split("</tr>", 1)[0]


def test_the_list_counts_a_crossfire_run_in_tables(served: Any) -> None:
    page = _get(served, "/balance", "en")
    assert re.search(r'class="num">40 tables', _row(page, 3))
    options = re.findall(r'<option value="3"[^>]*>([^<]*)</option>', page)
    assert options and all("40 tables" in o and "games" not in o for o in options)
    assert re.search(r'<option value="1"[^>]*>[^<]*0 games', page)  # a tactics run still counts games
    run = _get(served, "/balance/1", "en")
    assert re.search(r'<option value="3"[^>]*>[^<]*40 tables', run)


def test_the_list_names_the_decider_as_the_cli_does(served: Any) -> None:
    from toolkit.balance.report import player_word

    english = _get(served, "/balance", "en")
    assert "heuristic" in _row(english, 1) and "tactician" not in _row(english, 1)  # (as /play names it)
    assert "random" in _row(english, 2)
    chinese = _get(served, "/balance", "zh-Hans")
    assert player_word("tactics", "heuristic", "zh-Hans") == "战术型"
    assert "战术型" in _row(chinese, 1) and "随机型" in _row(chinese, 2) and "随机型" in _row(chinese, 3)


def test_the_compare_page_names_the_setting_that_differs(served: Any) -> None:
    page = _get(served, "/balance/compare?a=1&b=2", "en-XA")
    notes = re.findall(r'<p class="message" role="note">([^<]*)</p>', page)
    assert notes and any(pseudo("decider") in note for note in notes)
