"""The balance lab's web pages (/balance, /balance/{run}, /balance/compare): the runs kept in the server's database
listed newest first, a run's report with its intervals, two runs compared as `dossier balance compare` says it,
clear 400/404 pages for bad or unknown runs, both languages, and no inline script without the page's nonce.

The runs are stored with ``save_run`` from figures made of hand-made games (no Ray): run 1 and run 2 play 雾刃
(mistblade) against 铁砧 (anvil), 雾刃 winning half the games in run 1 and nine in ten in run 2 on another card
set; run 3 is a small crossfire run played in this process.
"""

from __future__ import annotations

import html
import random
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CARDS
from toolkit.balance.figures import figures
from toolkit.balance.store import save_run

BASE = "http://127.0.0.1:8000"
META = {"game": "tactics", "decider": "heuristic", "seed": 3, "modes": ["duel"], "decks": "random", "rounds": 40,
        "margin": 0.02}  # fmt: skip


def _games(strength: float, n: int = 300) -> list[dict[str, Any]]:
    """``n`` duel games of mistblade against anvil, seats swapped in turn; mistblade wins with ``strength``."""
    rng = random.Random(11)
    out = []
    for i in range(n):
        first, second = (["mistblade"], ["anvil"]) if i % 2 == 0 else (["anvil"], ["mistblade"])
        mistblade_seat = 1 if i % 2 == 0 else 2
        winner = mistblade_seat if rng.random() < strength else 3 - mistblade_seat
        sides = [{"seat": 1, "agents": first, "cards": [], "played": []},
                 {"seat": 2, "agents": second, "cards": [], "played": []}]
        out.append({"index": i, "mode": "duel", "map": "hideout", "winners": [winner], "reason": "last_squad_standing",
                    "rounds": 4 + i % 5, "sides": sides})
    return out


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """The app over the bundled cards and a database of its own holding three runs; and a copy of that database
    made before the runs were kept (the empty state)."""
    from fastapi.testclient import TestClient

    from toolkit.balance.crossfire import crossfire_figures, plan_tables, play_jobs
    from toolkit.web.app import create_app
    from toolkit.web.settings import WebSettings

    root = tmp_path_factory.mktemp("web-balance")
    db = root / "web.db"
    app = create_app(WebSettings(cards=[CARDS], db_url=str(db), cache=root / "cache", data=root / "data"))
    shutil.copy(db, root / "empty.db")
    save_run(str(db), {**META, "card_set": "a" * 64}, figures(_games(0.5)))
    save_run(str(db), {**META, "card_set": "b" * 64}, figures(_games(0.9)))
    records = app.state.web.catalog.records
    tables = crossfire_figures(play_jobs(records, plan_tables(400, [6], "crossfire", 5)), 0.02)
    save_run(str(db), {"game": "crossfire", "card_set": "c" * 64, "decider": "random", "seed": 5, "mode": "crossfire",
                       "players": [6], "tables": 400, "specials": [], "margin": 0.02}, tables)  # fmt: skip
    empty = create_app(WebSettings(cards=[CARDS], db_url=str(root / "empty.db"), cache=root / "cache",
                                   data=root / "data"))  # fmt: skip
    shutil.copy(root / "empty.db", root / "damaged.db")
    save_run(str(root / "damaged.db"), {**META, "card_set": "e" * 64}, {"games": 5})  # figures of no run
    save_run(str(root / "damaged.db"), {**META, "card_set": "e" * 64}, figures(_games(0.5, 20)))
    damaged = create_app(WebSettings(cards=[CARDS], db_url=str(root / "damaged.db"), cache=root / "cache",
                                     data=root / "data"))  # fmt: skip
    with TestClient(app, base_url=BASE) as client, TestClient(empty, base_url=BASE) as bare, \
            TestClient(damaged, base_url=BASE) as broken:
        yield {"client": client, "empty": bare, "damaged": broken, "db": db}


def _page(served: dict[str, Any], path: str, lang: str = "en", status: int = 200, which: str = "client") -> str:
    answer = served[which].get(f"{path}{'&' if '?' in path else '?'}lang={lang}")
    assert answer.status_code == status, (path, answer.status_code, answer.text[:500])
    assert answer.headers["content-type"].startswith("text/html")
    assert "Traceback" not in answer.text
    return str(answer.text)


def _main(page: str) -> str:
    """The page's <main>, its tags dropped and its spaces squeezed (what a reader sees)."""
    main = page.split('<main id="main"', 1)[1].split("</main>", 1)[0]
    main = re.sub(r"<style>.*?</style>", " ", main, flags=re.S)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", main.split(">", 1)[1])).strip())


def test_the_list_shows_the_runs_newest_first(served: dict[str, Any]) -> None:
    page = _page(served, "/balance")
    rows = re.findall(r'<a href="/balance/(\d+)">#\d+</a>', page)
    assert rows == ["3", "2", "1"]
    text = _main(page)
    assert "Balance runs" in text and "Crossfire" in text and "Tactics" in text
    assert "heuristic" in text and "aaaaaaaaaaaa" in text and "a" * 13 not in text  # the card set, short
    first = page.split('href="/balance/1"', 1)[1].split("</tr>", 1)[0]
    assert re.search(r'class="num">300<', first) and re.search(r'class="num">0<', first)  # games; no outlier in run 1
    second = page.split('href="/balance/2"', 1)[1].split("</tr>", 1)[0]
    assert not re.search(r'class="num">0</td>\s*</tr>', second + "</tr>")  # run 2 has outliers
    # the form to compare two runs: the one before the newest against the newest by default
    form = page.split('id="bl-compare"', 1)[1].split("</form>", 1)[0]
    assert 'action="/balance/compare"' in page and 'name="a"' in form and 'name="b"' in form
    assert re.search(r'id="bl-a" name="a">\s*<option value="3">[^<]*</option><option value="2" selected>', form)
    assert '<li><a href="/balance" aria-current="page">Balance</a></li>' in page  # in the site navigation


def test_the_empty_list_tells_the_command_that_makes_a_run(served: dict[str, Any]) -> None:
    page = _page(served, "/balance", which="empty")
    assert 'id="bl-empty"' in page and 'id="bl-runs"' not in page and 'id="bl-compare"' not in page
    assert "<code>dossier balance tactics --db DATABASE</code>" in page


def test_a_run_s_page_is_its_report_with_intervals(served: dict[str, Any]) -> None:
    page = _page(served, "/balance/2")
    text = _main(page)
    assert "Balance run: 300 games" in text and "Agents" in text and "Mistblade" in text and "Anvil" in text
    row = next(r for r in re.findall(r"<tr[^>]*>.*?</tr>", page) if "<td>Mistblade</td>" in r)
    assert re.search(r"<td>\d+\.\d% – \d+\.\d%</td>", row) and "<td>300</td>" in row  # the interval, n
    assert 'class="strong"' in row and "strong" in row  # flagged: its interval lies above 50% + the margin
    assert "<svg" in page and 'viewBox="0 0 ' in page  # the forest plots, inline
    assert "Outliers" in text and "How games end" in text
    assert "games/s" not in text  # no timing is kept with a run: no line about it
    assert '<code translate="no">heuristic</code>' in page and '<code translate="no">bbbbbbbbbbbb</code>' in page
    assert 'href="/balance"' in page and 'name="b" value="2"' in page  # back to the list; compare with another


def test_a_crossfire_run_s_page(served: dict[str, Any]) -> None:
    text = _main(_page(served, "/balance/3"))
    assert "Balance run: 400 crossfire tables" in text and "Roles" in text
    assert "6 players: 400 tables" in text


def test_the_comparison_is_the_cli_s(served: dict[str, Any], cli: Any) -> None:
    page = _page(served, "/balance/compare?a=1&b=2")
    text = _main(page)
    said = cli("balance", "compare", "1", "2", "--db", served["db"], "--lang", "en")
    assert said.exit_code == 0, said.output
    lines = said.output.splitlines()
    assert lines[0] in text and "two-proportion z-test" in lines[0] and "Holm" in lines[0]  # the test, the correction
    assert "the card sets differ" in text and "Agents" in text
    moved = next(line.strip() for line in lines if line.strip().startswith("Mistblade"))
    row = page.split('<th scope="row">Mistblade</th>', 1)[1].split("</tr>", 1)[0]
    before, after = re.findall(r"\d+\.\d%", row)[:2]
    assert moved.startswith(f"Mistblade {before} → {after}") and float(after[:-1]) > 80 > float(before[:-1])
    assert 'class="bl-up"' in row and "300 → 300" in row
    same = _main(_page(served, "/balance/compare?a=1&b=1"))
    assert "nothing moved beyond noise" in same and "the card sets differ" not in same


@pytest.mark.parametrize(
    ("path", "status", "says"),
    [
        ("/balance/99", 404, "no balance run 99 in the database"),
        ("/balance/abc", 404, "'abc': not a run id"),
        ("/balance/compare?a=1&b=99", 404, "no balance run 99 in the database"),
        ("/balance/compare?a=x&b=1", 400, "'x': not a run id"),
        ("/balance/compare?a=1&b=..%2F..%2Fetc%2Fpasswd", 400, "not a run id"),
        ("/balance/compare?a=1&b=report.json", 400, "not a run id"),
        ("/balance/compare?a=1&b=1e3", 400, "not a run id"),
        ("/balance/compare?a=1&b=%D9%A3", 400, "not a run id"),  # an Arabic-Indic digit: digits, but not ours
        ("/balance/compare?a=1", 400, "Choose two runs to compare."),
        ("/balance/compare", 400, "Choose two runs to compare."),
        ("/balance/compare?a=1&b=" + "9" * 30, 400, "not a run id"),
    ],
)
def test_bad_or_unknown_runs_get_a_page_that_says_so(served: dict[str, Any], path: str, status: int, says: str) -> None:
    page = _page(served, path, status=status)
    assert says in _main(page) and 'role="alert"' in page and 'href="/balance"' in page


def test_a_damaged_run_gets_a_page_that_says_so(served: dict[str, Any]) -> None:
    listed = _page(served, "/balance", which="damaged")
    assert re.findall(r'<a href="/balance/(\d+)">', listed) == ["2", "1"]
    page = _page(served, "/balance/1", status=500, which="damaged")
    assert "balance run 1: its figures cannot be read" in _main(page)
    compared = _page(served, "/balance/compare?a=1&b=2", which="damaged")  # no table in common: nothing to test
    assert "#1 → #2: 0 rates tested" in _main(compared)
    assert "Balance run: 20 games" in _main(_page(served, "/balance/2", which="damaged"))


def test_the_pages_in_chinese(served: dict[str, Any]) -> None:
    listed = _main(_page(served, "/balance", lang="zh-Hans"))
    assert "平衡测试" in listed and "离群项" in listed and "比较两次测试" in listed and "特工战术" in listed
    report = _main(_page(served, "/balance/2", lang="zh-Hans"))
    assert "平衡测试：300 局" in report and "特工" in report and "雾刃" in report and "离群项" in report
    assert "对局如何结束" in report
    compared = _main(_page(served, "/balance/compare?a=1&b=2", lang="zh-Hans"))
    assert "双比例检验" in compared and "霍尔姆" in compared and "雾刃" in compared and "两次平衡测试的比较" in compared
    missing = _main(_page(served, "/balance/99", lang="zh-Hans", status=404))
    assert "数据库中没有编号为 99 的平衡测试" in missing
    empty = _page(served, "/balance", lang="zh-Hans", which="empty")
    assert "<code>dossier balance tactics --db DATABASE</code>" in empty and ">平衡</a>" in empty


PAGES = {"/balance": 200, "/balance/1": 200, "/balance/2": 200, "/balance/3": 200, "/balance/compare?a=1&b=2": 200,
         "/balance/compare?a=1&b=1": 200, "/balance/99": 404, "/balance/compare?a=x&b=1": 400,
         "/balance/compare": 400}  # fmt: skip


@pytest.mark.parametrize("lang", ["en-XA", "zh-Hans"])
def test_every_word_of_the_pages_went_through_a_catalog(served: dict[str, Any], lang: str) -> None:
    """The detector of the web app's language sweep (tests/web/test_web_lang.py): in the pseudo-locale every English
    word is a message's, in Chinese no English word is left, names and codes aside."""
    from tests.web.test_web_lang import untranslated
    from toolkit.i18n import name_of

    records = served["client"].app.state.web.catalog.records
    phrases = sorted({p for r in records for p in (r.id, name_of(r, "en"), name_of(r, "zh-Hans")) if p}, key=len,
                     reverse=True)  # fmt: skip
    found = {}
    for path, status in PAGES.items():
        page = _page(served, path, lang=lang, status=status)
        words = untranslated(page, phrases, lang)
        if words:
            found[path] = words
    empty = untranslated(_page(served, "/balance", lang=lang, which="empty"), phrases, lang)
    assert found == {} and empty == []


def test_no_inline_script_without_the_nonce(served: dict[str, Any]) -> None:
    for path in PAGES:
        answer = served["client"].get(path)
        policy = answer.headers["content-security-policy"]
        nonce = re.search(r"'nonce-([^']+)'", policy)
        assert nonce is not None, path
        for tag in re.findall(r"<script\b[^>]*>", answer.text):
            assert "src=" in tag or "application/json" in tag or f'nonce="{nonce.group(1)}"' in tag, (path, tag)
        assert not re.search(r"\son[a-z]+=\"", answer.text), path  # no inline event handlers
        assert "javascript:" not in answer.text, path


def test_the_file_report_is_the_page_s_body(tmp_path: Path) -> None:
    """report.html and the run page are one renderer: the page's report is the file's body."""
    from toolkit.balance.report import render_html, report_body

    data = figures(_games(0.5, 40))
    meta = {**META, "card_set": "d" * 64}
    timing = {"wall_seconds": 1.0, "games_per_second": 40.0, "workers": 2, "batch": 10}

    def names(kind: str, record_id: str) -> str:
        return record_id.upper()

    document = render_html(meta, data, timing, names, "en")
    body = report_body(meta, data, timing, names, "en")
    assert document.startswith("<!doctype html>") and f"<body>{body}</body>" in document
    assert "on 2 workers, 10 games per task" in body and "MISTBLADE" in body
