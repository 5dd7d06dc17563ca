"""Round 66: `dossier simulate` refuses a map lint rejects (zones walled apart, a zone missing), a replay name that
is no .html page, and a map or another record given as a deck, in one line each; the replay's title holds the decks'
file names, not local paths; `--replay` and `--decider search:N` refusals name their option (and the range)."""

from __future__ import annotations

import html
import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from .conftest import CARDS, ROOT

Cli = Callable[..., Any]  # the `cli` fixture: `dossier ARGS` run in-process
TACTICS = ROOT / "examples" / "decks" / "tactics"
NETRUNNER = ROOT / "examples" / "decks" / "netrunner"
DUEL = ["--decks", TACTICS / "duel.json", "--decks", TACTICS / "duel-rival.json"]
DUO = ["--decks", TACTICS / "duo.json", "--decks", TACTICS / "duo-rival.txt"]
CORP_RUNNER = ["--decks", NETRUNNER / "corp-hb-tireless-hands.json", "--decks", NETRUNNER / "runner-anarch-rust.json"]
LANGS = ["en", "zh-Hans"]

# a duel map each, lint's error on it and that error's words in each language
WALLED = (
    ["1#2"],
    "map.zone.unreachable",
    {"en": "zone 2 has no path without walls to zone 1", "zh-Hans": "2 号部署区没有不穿墙的路径通往 1 号部署区"},
)
NO_ZONE_2 = ([
    "11..#....,", "11..#..=.,", "....%....,", "##.###.#.,", "...o.#...,", ".#...#....", ".#........", ",,,.#,,,,,",
], "map.zone.missing", {"en": "the map has no cell of zone 2", "zh-Hans": "地图上没有 2 号部署区的格子"})  # fmt: skip


def _pool(tmp_path: Path, maps: dict[str, list[str]]) -> Path:
    """A copy of the bundled cards with these duel maps added (id -> rows; each with names of its own)."""
    pool = tmp_path / "pool"
    shutil.copytree(CARDS, pool)
    for map_id, rows in maps.items():
        record = {"game": "tactics", "kind": "map", "id": map_id, "modes": ["duel"], "players": {"min": 2, "max": 2},
                  "name": {"en": f"Map {map_id}", "zh-Hans": f"地图{map_id}"}, "rows": rows}  # fmt: skip
        (pool / "tactics" / "maps" / f"{map_id}.json").write_text(json.dumps(record, indent=2), encoding="utf-8")
    return pool


def _error(result: Any) -> str:
    """The one error line of a refusal (exit 2, nothing on stdout)."""
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert result.exit_code == 2 and result.stdout == "" and len(lines) == 1, result.output
    return lines[0]


# ---------------------------------------------------------------- --map: a map lint rejects is not played


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", [WALLED, NO_ZONE_2], ids=["walled", "no-zone-2"])
def test_a_map_lint_rejects_is_refused_with_lints_finding(cli: Cli, tmp_path: Path, case: Any, lang: str) -> None:
    """`--map walled` (zone 2 walled off from zone 1: no unit ever meets another) was played to the round limit,
    "result: nobody after 100 rounds", and a map without zone 2 was played too; lint rejects both. Now the map is
    refused (exit 2) with lint's finding, its words and its place in the map's file, as `dossier lint` gives it."""
    rows, code, said = case
    pool = _pool(tmp_path, {"broken": rows})
    result = cli("simulate", "tactics", "--cards", pool, *DUEL, "--map", "broken", "--seed", "2", "--turns", "3",
                 "--lang", lang)  # fmt: skip
    assert result.exit_code == 2, result.output
    assert result.stdout == ""  # not played
    linted = cli("lint", pool / "tactics" / "maps" / "broken.json", "--lang", lang)
    finding = next(line for line in linted.stdout.splitlines() if f" {code}" in line)  # lint's own line
    lines = result.stderr.splitlines()
    assert lines[0] == finding and said[lang] in finding
    assert re.match(rf"{re.escape(str(pool / 'tactics' / 'maps' / 'broken.json'))}:\d+:\d+", lines[0])
    assert len(lines) == 2 and "--map 'broken'" in lines[1] and "`dossier lint`" in lines[1]


def test_the_first_map_of_the_mode_is_checked_too(cli: Cli, tmp_path: Path) -> None:
    """Without --map the game is played on the first map made for the mode (by id): a broken one there is refused
    as --map refuses it, and another map given with --map plays."""
    pool = _pool(tmp_path, {"aaa": WALLED[0]})
    result = cli("simulate", "tactics", "--cards", pool, *DUEL, "--seed", "2", "--turns", "3")
    assert result.exit_code == 2 and result.stdout == "", result.output
    first, last = result.stderr.splitlines()
    assert f"{pool / 'tactics' / 'maps' / 'aaa.json'}:" in first and "map.zone.unreachable" in first
    assert "map 'aaa'" in last and "--map" in last
    played = cli("simulate", "tactics", "--cards", pool, *DUEL, "--map", "hideout", "--seed", "2", "--turns", "1")
    assert played.exit_code == 0 and "result:" in played.stdout, played.output


# ---------------------------------------------------------------- --replay: an .html name, the option named


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("name", "other"), [("game", None), ("game.txt", "'.txt'"), ("game.svg", "'.svg'")])
def test_a_replay_name_without_html_is_refused(cli: Cli, tmp_path: Path, name: str, other: str | None,
                                               lang: str) -> None:  # fmt: skip
    """`--replay game` wrote an HTML page to a name with no suffix (exit 0); `map replay --out game` refuses it.
    The same check now, the same words, before the game: nothing is written."""
    out = tmp_path / name
    line = _error(cli("simulate", "tactics", *DUO, "--seed", "1", "--turns", "1", "--replay", out, "--lang", lang))
    assert f"--replay {out}" in line and ".html" in line
    if lang == "en":
        said = f"not {other}" if other else "this name has no suffix"
        assert line == f"dossier: error: --replay {out}: a replay is an .html file{',' if other else ';'} {said}"
    else:
        assert "回放是 .html 文件" in line and (other or "没有后缀") in line
    assert list(tmp_path.iterdir()) == []


def test_an_html_name_in_any_case_is_written(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "GAME.HTM"
    result = cli("simulate", "tactics", *DUO, "--seed", "1", "--turns", "1", "--replay", out)
    assert result.exit_code == 0 and out.is_file(), result.output


@pytest.mark.parametrize("lang", LANGS)
def test_a_page_of_the_users_is_refused_naming_the_option(cli: Cli, tmp_path: Path, lang: str) -> None:
    """`--replay mine.html` over a page of the user's said `mine.html: cannot write: …`; now `--replay mine.html:
    cannot write: …`, as `map render` names --out."""
    mine = tmp_path / "mine.html"
    mine.write_text("<html><body>my notes</body></html>", encoding="utf-8")
    line = _error(cli("simulate", "tactics", *DUO, "--seed", "1", "--turns", "1", "--replay", mine, "--lang", lang))
    assert line.startswith(("dossier: error: ", "dossier：错误：")) and f"--replay {mine}" in line
    assert ("cannot write: exists and is not" if lang == "en" else "无法写入：已存在且不是") in line
    assert "--force" in line
    assert mine.read_text(encoding="utf-8") == "<html><body>my notes</body></html>"


# ---------------------------------------------------------------- the replay's title: file names, no local path


def _title(page: Path) -> str:
    found = re.search(r"<title>([^<]*)</title>", page.read_text(encoding="utf-8"))
    assert found is not None
    return html.unescape(found.group(1))


def test_the_tactics_replay_title_names_the_deck_files_only(cli: Cli, tmp_path: Path) -> None:
    """The page's title was `Duo · seed 1 · /work/main/examples/decks/tactics/duo.json, …`: a page meant to be
    shared held the author's local paths. Its title now names the decks' files."""
    page = tmp_path / "duo.html"
    result = cli("simulate", "tactics", *DUO, "--seed", "1", "--turns", "1", "--replay", page)
    assert result.exit_code == 0, result.output
    assert _title(page) == "Duo · seed 1 · duo.json, duo-rival.txt"
    assert str(TACTICS) not in page.read_text(encoding="utf-8")


def test_the_netrunner_replay_title_names_the_deck_files_only(cli: Cli, tmp_path: Path) -> None:
    page = tmp_path / "nr.html"
    result = cli("simulate", "netrunner", *CORP_RUNNER, "--seed", "1", "--turns", "1", "--replay", page)
    assert result.exit_code == 0, result.output
    title = _title(page)
    assert "corp-hb-tireless-hands.json" in title and "runner-anarch-rust.json" in title
    assert str(NETRUNNER) not in page.read_text(encoding="utf-8")


# ---------------------------------------------------------------- a record given as a deck


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("record", "said"),
    [
        (
            CARDS / "tactics" / "maps" / "hideout.json",
            {"en": "tactics map 'hideout'", "zh-Hans": "特工战术地图 'hideout'"},
        ),
        (CARDS / "tactics" / "modes" / "duel.json", {"en": "tactics mode 'duel'", "zh-Hans": "特工战术模式 'duel'"}),
    ],
    ids=["map", "mode"],
)
def test_a_record_given_as_a_deck_is_said_to_be_one(cli: Cli, record: Path, said: dict[str, str], lang: str) -> None:
    """A map file given to --decks was seven schema errors (`/mode: a required field is missing`, `/rows: not a
    field of this record`, …); now one line saying what the file is."""
    line = _error(cli("simulate", "tactics", "--decks", record, *DUO[2:], "--turns", "1", "--lang", lang))
    assert str(record) in line and said[lang] in line
    if lang == "en":
        assert line == f"dossier: error: {record}: {said['en']}, not a deck"
    assert "deck.schema" not in line


def test_a_deck_with_a_schema_error_still_gets_its_findings(cli: Cli, tmp_path: Path) -> None:
    deck = tmp_path / "deck.json"
    deck.write_text(json.dumps({"game": "tactics", "name": "x", "agents": [], "cards": {}}), encoding="utf-8")
    result = cli("simulate", "tactics", "--decks", deck, *DUO[2:], "--turns", "1")
    assert result.exit_code == 1 and "deck.schema" in result.stderr and "refusing to simulate" in result.stderr


# ---------------------------------------------------------------- --decider search:SECONDS out of range


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", ["search:1e9", "search:0", "search:abc", "search:"])
@pytest.mark.parametrize("game", ["tactics", "netrunner"])
def test_search_seconds_out_of_range_name_the_option_and_the_range(cli: Cli, game: str, kind: str,
                                                                   lang: str) -> None:  # fmt: skip
    """`--decider search:1e9` said `'search:1e9': give the seconds to think, e.g. search:2` (exit 1), no option
    and no range, where `--think 1000` says "more than 0 and at most 60": now the option, the range, exit 2."""
    decks = DUO if game == "tactics" else CORP_RUNNER
    line = _error(cli("simulate", game, *decks, "--turns", "1", "--decider", kind, "--lang", lang))
    assert f"--decider {kind!r}" in line and "60" in line and "search:2" in line
    if lang == "en":
        assert "more than 0 and at most 60" in line
