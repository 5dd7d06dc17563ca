"""Hostile tables (issue 26): crossfire tables the mode forbids, and text tables with a cell of any size.

`crossfire resolve` and `score` once answered a table of 1 player ("VIP not hit wins") or of 100,000, which
`deal` refuses; every crossfire command now refuses a player count the mode record has no set-up for, and a
special role the mode does not deal at that count, with `deal`'s one-line message and exit code. A table of
100,000 players printed as text once grew to 24 GB (every row padded to one cell that listed 50,000 seats):
the renderer now caps and wraps a cell, eliding the rest with a count, so its output and memory stay bounded.
"""

from __future__ import annotations

import json
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from toolkit.catalog import load_catalog
from toolkit.cli import app
from toolkit.engine.crossfire import Crossfire, TableError
from toolkit.textwidth import CELL_COLUMNS, CELL_LINES, ELLIPSIS, display_width, render, wrap

from .conftest import CARDS
from .hang_guard import hang_guard

HANG = 60  # seconds: a case still running is hung
RUNNER = CliRunner()


@pytest.fixture(autouse=True)
def _hang_guard() -> Iterator[None]:
    with hang_guard(HANG):
        yield


@pytest.fixture(scope="module")
def game() -> Crossfire:
    return Crossfire.from_records(load_catalog([CARDS / "crossfire"]).records)


def run(*args: Any) -> Any:
    """``dossier ARGS`` in-process: no exception but SystemExit, no traceback in any output."""
    result = RUNNER.invoke(app, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    return result


def refused(result: Any, code: int, *fragments: str) -> str:
    """Exit ``code`` with one line on stderr, ``dossier: error: …``, holding every fragment; the line."""
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert result.exit_code == code, result.output
    assert len(lines) == 1 and lines[0].startswith("dossier: error: "), result.stderr
    for fragment in fragments:
        assert fragment in lines[0], lines[0]
    assert not result.stdout.strip(), result.stdout
    return lines[0]


def crowd(n: int, mode: str = "crossfire") -> dict[str, Any]:
    """A table of ``n`` players: the VIP at seat 1, everyone else an Assassin aiming at the VIP."""
    players = [{"seat": 1, "role": "vip", "aim": []}]
    players += [{"seat": s, "role": "assassin", "aim": [1]} for s in range(2, n + 1)]
    if mode == "sniper":
        players[-1] = {"seat": n, "role": "sniper", "aim": []}
    return {"mode": mode, "players": players}


def seated(mode: str, *roles: str) -> dict[str, Any]:
    return {"mode": mode, "players": [{"seat": s, "role": r, "aim": []} for s, r in enumerate(roles, start=1)]}


def write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# ---------------------------------------------------------------- crossfire: the mode's player count and roles


def test_the_one_vip_table_of_the_issue_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path / "one.json", {"mode": "crossfire", "players": [{"seat": 1, "role": "vip", "aim": []}]})
    expected = "one.json: /players: Crossfire mode is for 5-10 players, not 1"
    line = refused(run("crossfire", "resolve", path), 1, expected)
    assert "VIP" not in line and "wins" not in line
    refused(run("crossfire", "resolve", path, "--format", "json"), 1, expected)
    refused(run("crossfire", "score", path), 1, expected)


@pytest.mark.parametrize(("mode", "players", "low"), [("crossfire", 1_000, 5), ("crossfire", 100_000, 5),
                                                      ("sniper", 1_000, 6), ("sniper", 5, 6)])  # fmt: skip
def test_resolve_and_score_refuse_a_count_the_mode_has_no_set_up_for(
    tmp_path: Path, mode: str, players: int, low: int
) -> None:
    path = write(tmp_path / "big.json", crowd(players, mode))
    expected = f"big.json: /players: {mode.capitalize()} mode is for {low}-10 players, not {players}"
    refused(run("crossfire", "resolve", path), 1, expected)
    refused(run("crossfire", "resolve", path, "--format", "json"), 1, expected)
    table = seated("crossfire", "vip", "agent", "assassin", "red_decoy", "bystander")
    for player, aim in zip(table["players"], [[], [3], [1], [], []], strict=True):
        player["aim"] = aim
    good = write(tmp_path / "good.json", table)
    assert run("crossfire", "resolve", good).exit_code == 0
    refused(run("crossfire", "score", good, path), 1, expected)  # a bad round among good ones


@pytest.mark.parametrize("players", [1, 4, 11, 1_000])
def test_every_command_words_the_count_as_deal_does(tmp_path: Path, players: int) -> None:
    """deal, simulate, resolve and score: the same message; deal and simulate name the option (a usage error, exit
    2), resolve and score the file and place (a bad table, exit 1)."""
    deal = refused(run("crossfire", "deal", "-n", players), 2)
    message = deal.removeprefix("dossier: error: --players: ")
    assert message == f"Crossfire mode is for 5-10 players, not {players}"
    refused(run("crossfire", "simulate", "-n", players, "-k", 1), 2, f"--players: {message}")
    path = write(tmp_path / "t.json", crowd(players))
    resolve = refused(run("crossfire", "resolve", path), 1)
    assert resolve.endswith(f"t.json: /players: {message}"), resolve
    refused(run("crossfire", "score", path), 1, f"t.json: /players: {message}")


@pytest.mark.parametrize(
    ("table", "fragment"),
    [
        (  # the Bodyguard has no place in sniper mode (deal --mode sniper --special bodyguard says the same)
            seated("sniper", "sniper", "vip", "agent", "assassin", "assassin", "bodyguard"),
            "/players/5/role: Bodyguard cannot join Sniper mode (special roles there: Bomber, Protester, Supporter)",
        ),
        (  # the Peacekeeper joins 7-10 players only
            seated("crossfire", "vip", "agent", "assassin", "peacekeeper", "bystander", "assassin"),
            "/players/3/role: Peacekeeper joins Crossfire mode with 7-10 players, not 6",
        ),
    ],
)
def test_a_special_role_the_mode_does_not_deal_is_refused(tmp_path: Path, table: Any, fragment: str) -> None:
    path = write(tmp_path / "t.json", table)
    refused(run("crossfire", "resolve", path), 1, f"t.json: {fragment}")
    refused(run("crossfire", "score", path), 1, f"t.json: {fragment}")


def test_deal_refuses_those_special_roles_in_the_same_words() -> None:
    refused(run("crossfire", "deal", "-n", 6, "--mode", "sniper", "--special", "bodyguard"), 2,
            "--special: Bodyguard cannot join Sniper mode (special roles there: Bomber, Protester, Supporter)")  # fmt: skip
    refused(run("crossfire", "deal", "-n", 6, "--special", "peacekeeper"), 2,
            "--special: Peacekeeper joins Crossfire mode with 7-10 players, not 6")  # fmt: skip


def test_a_refused_count_costs_no_more_than_reading_the_file(game: Crossfire) -> None:
    """The count is checked before any player: 100,000 players are refused without validating each one."""
    data = crowd(100_000)
    data["players"][5]["role"] = "no such role"  # never reached
    with pytest.raises(TableError, match=r"^big\.json: /players: Crossfire mode is for 5-10 players, not 100000$"):
        game.table(data, "big.json")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mode=st.sampled_from(["crossfire", "sniper"]), n=st.integers(min_value=1, max_value=60),
       seed=st.integers(min_value=0, max_value=2**32))  # fmt: skip
def test_tables_are_accepted_exactly_at_the_counts_deal_accepts(game: Crossfire, mode: str, n: int, seed: int) -> None:
    """Any table size: the engine accepts a random legal table of it exactly when `deal` deals that many."""
    import random

    try:
        game.setup(mode, n)
    except TableError as exc:
        with pytest.raises(TableError) as info:
            game.table(crowd(n, mode), "t.json")
        assert str(info.value) == f"t.json: /players: {exc}"
        return
    table = game.random_table(random.Random(seed), mode, n)
    assert len(game.table(table).seats) == n


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_every_set_up_deal_makes_resolves(game: Crossfire, data: Any) -> None:
    """Whatever special roles deal accepts, resolve accepts the table they make (the check follows the record)."""
    import random

    mode = data.draw(st.sampled_from(sorted(game.modes)))
    record = game.modes[mode]
    n = data.draw(st.sampled_from(sorted(c.players for c in record.compositions)))
    specials = data.draw(st.lists(st.sampled_from([s.role for s in record.substitutions]), max_size=3))
    try:
        game.setup(mode, n, specials)
    except TableError:
        return
    table = game.random_table(random.Random(data.draw(st.integers(0, 2**16))), mode, n, specials)
    game.resolve(game.table(table))


# ---------------------------------------------------------------- text tables: a cell of any size


def test_a_huge_cell_wraps_and_ends_in_a_count() -> None:
    seats = ", ".join(str(s) for s in range(1, 50_001))  # the 50,000 seats of the issue
    text = render(None, [["seat", 1, "vip", f"hit by {seats}", "wins"], ["seat", 2, "assassin", "not hit", "loses"]])
    lines = text.split("\n")
    assert len(lines) == CELL_LINES + 1  # the first row wrapped onto CELL_LINES lines, the second on one
    assert all(display_width(line) <= 40 + CELL_COLUMNS for line in lines)
    assert lines[0].endswith("wins") and lines[-1].endswith("loses")
    assert "… and " in lines[CELL_LINES - 1] and lines[CELL_LINES - 1].rstrip().endswith("more characters")
    shown = "".join(line.split("vip", 1)[-1] for line in lines[:CELL_LINES])
    assert "hit by 1, 2, 3" in shown and "50000" not in shown


@pytest.mark.slow
def test_a_table_of_100000_rows_with_one_huge_cell_stays_in_proportion() -> None:
    """The table of the issue: 100,000 rows, one cell of 50,000 seats. Once 24 GB; now the size of its output."""
    seats = ", ".join(str(s) for s in range(1, 50_001))
    rows = [["seat", s, "vip" if s == 1 else "assassin", f"hit by {seats}" if s == 1 else "not hit", "wins"]
            for s in range(1, 100_001)]  # fmt: skip
    tracemalloc.start()
    try:
        text = render(None, rows, gap=" ", indent="  ")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    lines = text.split("\n")
    assert len(lines) == 100_000 + CELL_LINES - 1
    widest = max(display_width(line) for line in lines)
    assert widest <= 2 + len("seat 100000 assassin  wins") + CELL_COLUMNS
    assert len(text) <= len(lines) * (widest + 1)
    assert peak < 20 * len(text) + 50_000_000, peak  # proportional to the output (about 14 MB), not to rows × cell


def test_a_limited_column_still_cuts_to_one_line() -> None:
    """A column with a limit of its own (search results) is cut with "…" on one line, as before."""
    text = render(["name", "n"], [["x" * 10_000, 1], ["short", 2]], limits=[10, None])
    lines = text.split("\n")
    assert len(lines) == 3 and lines[1].startswith("xxxxxxxxx…")


def test_an_elided_cell_is_worded_in_the_current_language() -> None:
    from toolkit import i18n

    with i18n.use_lang("zh-Hans"):
        line = wrap("谍战" * 1_000, 40, lines=1)
    assert line == ["谍战谍战谍战谍战谍战谍…还有 1,989 个字符"], line
    assert display_width(line[0]) <= 40
    with i18n.use_lang("en"):
        assert wrap("x" * 100, 10, lines=1) == ["xxxxxxxxx…"]  # no room for the count: "…" alone
        assert wrap("word " * 100, 40, lines=1) == ["word word word… and 486 more characters"]


@settings(max_examples=300, deadline=None)
@given(text=st.text(st.sampled_from("ab c谍战特工，, 1\u0301"), max_size=400),
       columns=st.integers(min_value=1, max_value=60), lines=st.integers(min_value=1, max_value=6))  # fmt: skip
def test_wrap_bounds_every_line_and_counts_what_it_leaves_out(text: str, columns: int, lines: int) -> None:
    out = wrap(text, columns, lines)
    assert 1 <= len(out) <= lines
    for line in out:
        assert display_width(line) <= max(columns, 2)  # a wide character in a 1-column cell takes its 2
    last = out[-1]
    marker = last.rfind("… and ")
    if marker >= 0 and last.endswith(("more character", "more characters")):
        hidden = int(last[marker + len("… and ") :].split(" ")[0].replace(",", ""))
        assert 1 <= hidden <= len(text)
        kept = text[: len(text) - hidden]
        shown = "".join(out[:-1]) + last[:marker]
        assert shown.replace(" ", "") == kept.replace(" ", "")  # nothing lost but what is counted
    elif not last.endswith(ELLIPSIS):
        assert "".join(out).replace(" ", "") == text.replace(" ", "")  # nothing elided: every character shown
