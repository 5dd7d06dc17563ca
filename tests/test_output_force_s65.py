"""``--force`` of the commands whose image or page replaces only a file Dossier wrote (``map render``, ``map
replay``, ``crossfire simulate --plot``, ``simulate --replay``): without it a file of the user's is kept and the
refusal says that ``--force`` replaces it; with it, it is replaced. And the balance lab's ``--out`` folder: a
``report.html`` or ``games.jsonl`` of the user's own (any page, any JSON) is neither replaced nor removed; a
report's page names Dossier as its generator, an older one is recognised by the start every version wrote, and
``games.jsonl`` by the keys of the lab's game records."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolkit.cli import app
from toolkit.safewrite import HTML_MARK, PNG_MARK, SVG_MARK, WriteError

from .conftest import CARDS
from .test_safewrite_kinds_s65 import DECKS, MAP, RUNNER, USER_HTML, USER_SVG, user_png  # (a user's own files)


def run(*args: Any) -> Any:
    result = RUNNER.invoke(app, ["--lang", "en", *(str(a) for a in args)])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    return result


TACTICS = ["--decks", DECKS / "tactics" / "duo.json", "--decks", DECKS / "tactics" / "duo-rival.txt", "--turns", 1]
NETRUNNER = ["--decks", DECKS / "netrunner" / "corp-hb-tireless-hands.json", "--decks",
             DECKS / "netrunner" / "runner-anarch-rust.json", "--turns", 1]  # fmt: skip
COMMANDS: dict[str, tuple[list[Any], str, bytes | None, bytes]] = {  # arguments, file name, user's file, Dossier's mark
    "map render svg": (["map", "render", MAP, "-o", "{O}"], "mine.svg", USER_SVG, SVG_MARK.encode()),
    "map render png": (["map", "render", MAP, "-o", "{O}"], "photo.png", None, PNG_MARK),
    "map replay": (["map", "replay", MAP, "{F}", "-o", "{O}"], "notes.html", USER_HTML, HTML_MARK.encode()),
    "crossfire simulate --plot": (["crossfire", "simulate", "-n", 6, "-k", 5, "--plot", "{O}"], "photo.png", None,
                                  PNG_MARK),  # fmt: skip
    "simulate tactics --replay": (["simulate", "tactics", *TACTICS, "--replay", "{O}"], "notes.html", USER_HTML,
                                  HTML_MARK.encode()),  # fmt: skip
    "simulate netrunner --replay": (["simulate", "netrunner", *NETRUNNER, "--replay", "{O}"], "notes.html",
                                    USER_HTML, HTML_MARK.encode()),  # fmt: skip
}


def command(name: str, folder: Path, out: Path) -> list[Any]:
    frames = folder / "frames.json"
    frames.write_text(json.dumps([{"state": {"map": "dockyard"}, "events": []}]), encoding="utf-8")
    return [out if a == "{O}" else frames if a == "{F}" else a for a in COMMANDS[name][0]]


@pytest.mark.parametrize("name", COMMANDS)
@pytest.mark.slow
def test_a_users_file_is_kept_without_force_and_replaced_with_it(tmp_path: Path, name: str) -> None:
    if "plot" in name:
        pytest.importorskip("matplotlib")
    _, file_name, content, mark = COMMANDS[name]
    mine = tmp_path / file_name
    mine.write_bytes(user_png() if content is None else content)
    before = mine.read_bytes()
    refused = run(*command(name, tmp_path, mine))
    lines = [line for line in refused.stderr.splitlines() if line.strip()]
    assert refused.exit_code == 2, refused.output
    assert len(lines) == 1 and lines[0].startswith("dossier: error: ") and str(mine) in lines[0], refused.stderr
    assert "Dossier wrote; not replaced (give --force to replace it)" in lines[0]
    assert mine.read_bytes() == before  # byte for byte
    forced = run(*command(name, tmp_path, mine), "--force")
    assert forced.exit_code == 0, forced.output
    assert mine.read_bytes() != before and mark in mine.read_bytes()  # Dossier's now: replaced without --force next
    assert run(*command(name, tmp_path, mine)).exit_code == 0


def test_the_plot_is_refused_before_the_tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``crossfire simulate --plot`` over an image of the user's stops before the card pool is read and any table
    played (a run of many tables is not lost to it), not after them."""
    import toolkit.cli.crossfire as crossfire_cli

    read: list[Any] = []
    real = crossfire_cli._catalog

    def catalog(cards: Any) -> Any:
        read.append(cards)
        return real(cards)

    monkeypatch.setattr(crossfire_cli, "_catalog", catalog)
    mine = tmp_path / "photo.png"
    mine.write_bytes(user_png())
    result = run("crossfire", "simulate", "-n", 6, "-k", 5, "--plot", mine)
    assert result.exit_code == 2 and result.stdout == "" and read == [], result.output
    assert run("crossfire", "simulate", "-n", 6, "-k", 5, "--plot", mine, "--force").exit_code == 0 and read


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["crossfire", "simulate", "-n", 6, "-k", 5, "--force"], "--force is for --plot FILE.png"),
        (["simulate", "tactics", *TACTICS, "--force"], "--force is for --replay FILE.html, --save FILE"),
    ],
)
def test_force_without_the_file_it_is_for_is_refused(args: list[Any], said: str) -> None:
    result = run(*args)
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2 and lines == [f"dossier: error: {said}"], result.output
    assert result.stdout == ""


@pytest.mark.parametrize("path", [["map", "render"], ["map", "replay"], ["crossfire", "simulate"], ["simulate"]])
def test_the_help_says_what_force_replaces(path: list[str]) -> None:
    result = run(*path, "--help")
    assert result.exit_code == 0 and "--force" in result.stdout and "Dossier did not write" in result.stdout


# ---------------------------------------------------------------- the balance lab's --out folder


USER_PAGE = b'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>My report</title></head><body>x</body>'
USER_LINES = b'{"name": "my own log", "when": "today"}\n{"name": "another"}\n'


@pytest.fixture(scope="module")
def tactics_game() -> dict[str, Any]:
    """One game record as the lab writes it into games.jsonl (a short tactics game)."""
    from toolkit.balance.games import plan_random, play_one
    from toolkit.catalog import load_catalog

    records = list(load_catalog([CARDS]).records)
    game = play_one(records, plan_random(records, 1, ["duel"], 3, "random", 3, 2)[0])
    return {k: v for k, v in game.items() if k != "seconds"}


@pytest.fixture(scope="module")
def netrunner_game() -> dict[str, Any]:
    from toolkit.balance.netrunner import plan_matches, play_matches
    from toolkit.cli.deck import load_pool
    from toolkit.decks import read_deck

    pool = load_pool(None)
    identities = pool.rules.game("netrunner").records
    sides: dict[str, dict[str, Any]] = {"corp": {}, "runner": {}}
    for path in sorted((DECKS / "netrunner").glob("*.json")):
        deck = read_deck(path, pool.names, game="netrunner", default_modes=pool.default_modes()).deck
        assert deck is not None
        sides[identities.get(deck.identity).side][path.stem] = deck
    game = play_matches(pool.records, plan_matches(1, sides["corp"], sides["runner"], 1, "random", turns=2))[0]
    return {k: v for k, v in game.items() if k != "seconds"}


def _report(records: list[Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    from toolkit.balance.figures import figures

    meta = {"game": "tactics", "card_set": "c" * 64, "decider": "random", "seed": 3, "games_asked": 1,
            "modes": ["duel"], "decks": "random", "rounds": 3, "margin": 0.02}  # fmt: skip
    return meta, figures(records, 0.02)


def _crossfire() -> tuple[dict[str, Any], dict[str, Any]]:
    from toolkit.balance.crossfire import crossfire_figures, plan_tables, play_jobs
    from toolkit.catalog import load_catalog

    records = list(load_catalog([CARDS / "crossfire"]).records)
    meta = {"game": "crossfire", "card_set": "c" * 64, "decider": "random", "seed": 5, "mode": "crossfire",
            "players": [6], "tables": 10, "specials": [], "margin": 0.02}  # fmt: skip
    return meta, crossfire_figures(play_jobs(records, plan_tables(10, [6], "crossfire", 5)), 0.02)


def _refusal(out: Path, name: str) -> str:
    from toolkit.balance.report import check_report_folder

    with pytest.raises(WriteError) as caught:
        check_report_folder(out)
    assert str(out / name) in str(caught.value)
    return str(caught.value)


def test_a_users_page_or_json_lines_are_no_earlier_report(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "report.html").write_bytes(USER_PAGE)
    assert "is not an HTML page Dossier wrote" in _refusal(out, "report.html")
    (out / "report.html").unlink()
    (out / "games.jsonl").write_bytes(USER_LINES)
    assert "is not a balance report's games.jsonl" in _refusal(out, "games.jsonl")
    (out / "games.jsonl").write_bytes(b'{"index": 0, "mode": "duel"}\n')  # some keys of a game: not the lab's
    _refusal(out, "games.jsonl")
    assert (out / "games.jsonl").read_bytes() == b'{"index": 0, "mode": "duel"}\n'


def test_an_earlier_report_is_replaced(tmp_path: Path, tactics_game: dict[str, Any],
                                       netrunner_game: dict[str, Any]) -> None:  # fmt: skip
    from toolkit.balance.report import check_report_folder, write_report

    out = tmp_path / "out"
    meta, data = _report([tactics_game])
    write_report(out, meta, data, {}, [tactics_game], lambda kind, record_id: record_id, "en")
    page = (out / "report.html").read_bytes()
    assert page.startswith(b'<!doctype html><html lang="en"><head><meta charset="utf-8">' + HTML_MARK.encode())
    check_report_folder(out)  # its own report: replaced
    write_report(out, meta, data, {}, [tactics_game], lambda kind, record_id: record_id, "en")
    (out / "games.jsonl").write_text(json.dumps(netrunner_game, sort_keys=True) + "\n", encoding="utf-8")
    check_report_folder(out)  # a Netrunner run's games too


def test_an_older_unmarked_report_page_is_replaced(tmp_path: Path, tactics_game: dict[str, Any]) -> None:
    """A report.html written before the mark: every version wrote the page as now, without it (the doctype, a head
    of a charset and a title, the report's stylesheet, then its ``<h1>``), a tactics and a crossfire run's alike."""
    from toolkit.balance.report import check_report_folder, write_crossfire_report, write_report

    out = tmp_path / "out"
    meta, data = _report([tactics_game])
    crossfire_meta, crossfire_data = _crossfire()
    for lang in ("en", "zh-Hans"):
        for game in ("tactics", "crossfire"):
            if game == "tactics":
                write_report(out, meta, data, {}, [tactics_game], lambda kind, record_id: record_id, lang)
            else:
                write_crossfire_report(out, crossfire_meta, crossfire_data, {}, lambda kind, record_id: record_id, lang)
            page = out / "report.html"
            page.write_bytes(page.read_bytes().replace(HTML_MARK.encode(), b"", 1))
            check_report_folder(out, ["report.html"])
    (out / "report.html").write_bytes(b'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mine</title>'
                                      b"<style>h1{color:red}</style></head><body><h1>My page</h1></body></html>\n")
    _refusal(out, "report.html")  # laid out as a report, with a stylesheet of its own: the user's


def test_a_crossfire_report_keeps_a_users_games_and_removes_an_earlier_runs(
    tmp_path: Path, tactics_game: dict[str, Any]
) -> None:
    from toolkit.balance.report import CROSSFIRE_REPORT_FILES, check_report_folder, write_crossfire_report

    out = tmp_path / "out"
    out.mkdir()
    (out / "games.jsonl").write_bytes(USER_LINES)
    meta, data = _crossfire()
    check_report_folder(out, CROSSFIRE_REPORT_FILES)
    write_crossfire_report(out, meta, data, {}, lambda kind, record_id: record_id, "en")
    assert (out / "games.jsonl").read_bytes() == USER_LINES  # kept, byte for byte
    (out / "games.jsonl").write_text(json.dumps(tactics_game, sort_keys=True) + "\n", encoding="utf-8")
    write_crossfire_report(out, meta, data, {}, lambda kind, record_id: record_id, "en")
    assert sorted(p.name for p in out.iterdir()) == ["report.html", "report.json"]  # an earlier run's: removed


BALANCE: dict[str, list[Any]] = {"tactics": ["--games", "4"], "crossfire": ["--tables", "10"],
                                  "netrunner": ["--decks", DECKS / "netrunner", "--games", "2"]}  # fmt: skip


@pytest.mark.parametrize(("game", "name", "content"), [
    ("tactics", "report.html", USER_PAGE), ("crossfire", "report.html", USER_PAGE),
    ("netrunner", "report.html", USER_PAGE), ("tactics", "games.jsonl", USER_LINES),
    ("netrunner", "games.jsonl", USER_LINES),
])  # fmt: skip
def test_balance_keeps_a_users_file_in_its_out_folder(tmp_path: Path, game: str, name: str, content: bytes) -> None:
    """Refused before any game (no Ray cluster is started): one line naming the file, exit 2, the file kept (a
    crossfire run writes no games.jsonl: a user's one beside its report is kept, above)."""
    pytest.importorskip("ray")
    out = tmp_path / "mine"
    out.mkdir()
    (out / name).write_bytes(content)
    result = run("balance", game, *BALANCE[game], "--no-save", "--out", out)
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2, result.output
    assert len(lines) == 1 and str(out / name) in lines[0] and "not replaced" in lines[0], lines
    assert sorted(p.name for p in out.iterdir()) == [name] and (out / name).read_bytes() == content
