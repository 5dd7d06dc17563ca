"""Regressions from a hostile sweep of every `dossier` command (FIFOs, devices, odd JSON shapes, huge
option values, output paths that hold a user's file): each case gives the right exit code, one line
on stderr naming the file (and the place), no traceback, no hang, and leaves what a user wrote alone.

Table-driven and in-process; every case is small. A hang guard stops a case that never ends (a FIFO
opened for reading waits for a writer forever): it is not a timing assertion.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from toolkit.cli import app
from toolkit.jsonio import read_regular, read_source
from toolkit.safewrite import HTML, PDF, PNG, SQLITE, SVG, SVG_MARK, WriteError, check_replaceable

from .conftest import CARDS, ROOT
from .hang_guard import hang_guard

HANG = 20  # seconds: a case still running is hung
RUNNER = CliRunner()
EX = ROOT / "examples" / "decks"
MAP = CARDS / "tactics" / "maps" / "dockyard.json"
USER_TEXT = "my own notes, not an output of dossier\n"
DEAL = {
    "mode": "crossfire",
    "seed": 1,
    "dealer": 1,
    "setup": {"agent": 1, "assassin": 2, "blue_decoy": 1, "bystander": 1, "vip": 1},
    "shuffles": [],
    "players": [
        {"seat": 1, "role": "assassin", "public": False, "seen": [], "aim": []},
        {"seat": 2, "role": "bystander", "public": False, "seen": [], "aim": []},
        {"seat": 3, "role": "assassin", "public": False, "seen": [], "aim": []},
        {"seat": 4, "role": "vip", "public": False, "seen": [], "aim": []},
        {"seat": 5, "role": "blue_decoy", "public": False, "seen": [], "aim": []},
        {"seat": 6, "role": "agent", "public": False, "seen": [], "aim": []},
    ],
}
TABLE = {**DEAL, "players": [{**p, "aim": [a]} for p, a in zip(DEAL["players"], [4, 1, 4, 1, 3, 3], strict=True)]}
CARD = {"game": "tactics", "id": "smoke_grenade", "kind": "card", "text": ["你抽 ２ 张牌。"]}

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs /proc and /dev of Linux")


@pytest.fixture(autouse=True)
def _hang_guard() -> Iterator[None]:
    with hang_guard(HANG):
        yield


def run(*args: Any) -> Any:
    """``dossier ARGS`` in-process: no exception but SystemExit, no traceback in any output."""
    result = RUNNER.invoke(app, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    return result


def refused(result: Any, code: int, *fragments: str) -> None:
    """Exit ``code`` with one line on stderr, ``dossier: error: …``, holding every fragment."""
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert result.exit_code == code, result.output
    assert len(lines) == 1 and lines[0].startswith("dossier: error: "), result.stderr
    for fragment in fragments:
        assert fragment in lines[0], lines[0]


def write(path: Path, content: Any) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_text(json.dumps(content, ensure_ascii=False), encoding="utf-8")
    return path


def fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


# --------------------------------------------------------------------------
# inputs that are FIFOs or devices: refused at once (exit 2), never waited on or read forever


@dataclass
class Input:
    """A command whose input ``{F}`` is replaced by something that is not a regular file."""

    args: list[str]
    name: str = "in.json"
    extra: dict[str, Any] = field(default_factory=dict)


INPUTS = {
    "map show": Input(["map", "show", "{F}"]),
    "map render": Input(["map", "render", "{F}", "--out", "o.svg"]),
    "map measure": Input(["map", "measure", "{F}", "1,1", "2,2"]),
    "map render --state": Input(["map", "render", str(MAP), "--state", "{F}", "--out", "o.svg"]),
    "map replay frames": Input(["map", "replay", str(MAP), "{F}", "--out", "o.html"]),
    "crossfire resolve": Input(["crossfire", "resolve", "{F}"]),
    "crossfire score": Input(["crossfire", "score", "{F}"]),
    "text parse --file": Input(["text", "parse", "--file", "{F}"], "a.txt"),
    "draft --script": Input(["draft", "--seed", "1", "--script", "{F}"], "picks.txt"),
    "import csv": Input(["import", "csv", "{F}", "--game", "tactics", "--into", "out", "--dry-run"], "c.csv"),
    "print --font": Input(["print", "smoke_grenade", "--out", "o.pdf", "--font", "{F}"], "f.ttf"),
}


@needs_fifo
@pytest.mark.parametrize("command", INPUTS)
def test_a_fifo_as_input_is_refused_not_waited_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    case = INPUTS[command]
    monkeypatch.chdir(tmp_path)
    fifo(tmp_path / case.name)
    result = run(*[a.replace("{F}", case.name) for a in case.args])
    refused(result, 2, case.name, "not a regular file (a FIFO)")


@linux
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null"])
@pytest.mark.parametrize("command", ["crossfire resolve", "text parse --file", "print --font", "map show"])
def test_a_device_as_input_is_refused_not_read_forever(command: str, device: str) -> None:
    case = INPUTS[command]
    result = run(*[a.replace("{F}", device) for a in case.args])
    refused(result, 2, device, "not a regular file (a device)")


@needs_fifo
def test_tts_beside_a_fifo_is_refused_not_waited_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    fifo(tmp_path / "t.json")  # print --tts t.png writes t.json beside the sheets; it checks what is there first
    result = run("print", "smoke_grenade", "--out", "o.pdf", "--tts", "t.png")
    refused(result, 2, "t.json", "not replacing it")
    assert not (tmp_path / "o.pdf").exists()


@needs_fifo
def test_read_regular_refuses_fifos_directories_and_too_large_files(tmp_path: Path) -> None:
    big = write(tmp_path / "big", b"x" * 11)
    with pytest.raises(OSError, match="a FIFO"):
        read_regular(fifo(tmp_path / "f"))
    with pytest.raises(OSError, match="it is a directory"):
        read_regular(tmp_path)
    with pytest.raises(OSError, match="larger than 10 bytes"):
        read_regular(big, 10)
    assert read_regular(big, 11) == b"x" * 11
    source = read_source(tmp_path / "f")
    assert source.text is None and source.io_error and source.error == "not a regular file (a FIFO)"


def test_read_regular_reads_whole_files_whatever_size_their_status_gives(tmp_path: Path) -> None:
    """A file is read in one go of the size its status gives (and a byte more, to see its end), but a file
    whose status says less than it holds (a /proc file says 0) or that is larger than a megabyte is read whole
    all the same; an empty file is empty."""
    assert read_regular(write(tmp_path / "empty", b"")) == b""
    big = bytes(range(256)) * (3 * 4096 + 7)  # 3 MiB and a little: several reads past the first
    assert read_regular(write(tmp_path / "big", big)) == big
    assert read_regular(tmp_path / "big", len(big)) == big
    with pytest.raises(OSError, match="larger than"):
        read_regular(tmp_path / "big", len(big) - 1)
    status = Path("/proc/self/status")
    if status.exists() and status.stat().st_size == 0:
        assert b"Name:" in read_regular(status)


# --------------------------------------------------------------------------
# fmt and text fmt


@linux
@pytest.mark.parametrize("command", [["fmt"], ["fmt", "--check"], ["text", "fmt"], ["text", "fmt", "--check"]])
def test_fmt_of_a_file_that_cannot_be_read_is_an_io_error(tmp_path: Path, command: list[str]) -> None:
    unreadable = tmp_path / "card.json"
    unreadable.symlink_to("/proc/self/mem")  # a regular file whose read fails (EIO)
    result = run(*command, unreadable)
    assert result.exit_code == 2, result.output
    assert f"{unreadable}: error card.io: cannot read file: " in result.stderr


def test_text_fmt_never_writes_infinity_into_a_card(tmp_path: Path) -> None:
    """A number out of range (1e400) would read as infinity; writing the file back would put Infinity (not JSON)
    into it. The file is refused as it is read (toolkit.jsonio.loads_limited), at the number, and left as it is."""
    text = json.dumps(CARD, ensure_ascii=False)[:-1] + ', "x": 1e400}'
    card = write(tmp_path / "smoke_grenade.json", text)
    result = run("text", "fmt", card)
    assert result.exit_code == 1, result.output
    column = text.index("1e400") - len('"x": ') + 1  # (a member is placed at its key)
    assert f"{card}:1:{column}: error card.json: invalid JSON: number 1e400 is too large to read" in result.stderr
    assert card.read_text(encoding="utf-8") == text


# --------------------------------------------------------------------------
# crossfire tables of odd shapes


@pytest.mark.parametrize("role", [[], {}, ["vip"], {"id": "vip"}, [[[]]]])
@pytest.mark.parametrize("command", ["resolve", "score"])
def test_a_role_that_is_not_text_is_a_finding(tmp_path: Path, command: str, role: Any) -> None:
    table = json.loads(json.dumps(TABLE))
    table["players"][1]["role"] = role
    path = write(tmp_path / "t.json", table)
    result = run("crossfire", command, path)
    refused(result, 1, f"{path}: /players/1/role: a role id")


def test_crossfire_simulate_refuses_more_games_than_it_can_play(tmp_path: Path) -> None:
    result = run("crossfire", "simulate", "-n", "6", "--games", str(10**12))
    refused(result, 2, "--games 1000000000000", "play 1 to 100000")


# --------------------------------------------------------------------------
# option values


@pytest.fixture(scope="module")
def crossfire_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database of the crossfire roles (small and quick to build), built once; tests copy it to change it."""
    db = tmp_path_factory.mktemp("db") / "d.db"
    built = RUNNER.invoke(app, ["db", "build", "--db", str(db), "--cards", str(CARDS / "crossfire")])
    assert built.exit_code == 0, built.output
    return db


def test_search_limit_past_sql_integers_is_no_limit(crossfire_db: Path) -> None:
    result = run("search", "--db", crossfire_db, "--limit", str(2**64), "--format", "ids", "--", "vip")
    assert result.exit_code == 0, result.output
    assert "crossfire/vip" in result.stdout


@pytest.mark.parametrize(
    ("encoding", "fragment"),
    [
        ("rot13", "not a text encoding"),
        ("base64", "not a text encoding"),
        ("zlib", "not a text encoding"),
        ("undefined", "cannot decode the sheet with it"),
        ("no-such-codec", "no such text encoding"),
    ],
)
def test_import_csv_with_an_encoding_that_is_no_text_encoding(tmp_path: Path, encoding: str, fragment: str) -> None:
    sheet = write(tmp_path / "c.csv", "id,name.zh-Hans\nquick,快\n")
    result = run("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out", "--encoding", encoding)
    refused(result, 2, f"--encoding {encoding!r}", fragment)
    assert not (tmp_path / "out").exists()


def test_draft_script_errors_name_the_file_and_line(tmp_path: Path) -> None:
    script = write(tmp_path / "picks.txt", "\ufeff1\n# a comment\n" + "x" * 10_000 + "\n")
    result = run("draft", "--seed", "1", "--script", script)
    refused(result, 1, f"{script}:3: 'xxxx", "…' is not face up")
    assert len(result.stderr) < 300


# --------------------------------------------------------------------------
# outputs


def test_an_os_error_no_command_words_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    name = "a" * 300 + ".pdf"  # longer than a file name may be: the checks before writing raise ENAMETOOLONG
    result = run("print", "smoke_grenade", "--out", name)
    refused(result, 2, "aaaa…aaaa", ".pdf: File name too long")


@pytest.mark.parametrize("where", ["a-file", "a-fifo", "dev-null"])
@pytest.mark.slow
def test_schema_into_what_is_not_a_directory(tmp_path: Path, where: str) -> None:
    if where == "dev-null":
        if not sys.platform.startswith("linux"):
            pytest.skip("Linux /dev")
        out = Path("/dev/null")
    elif where == "a-fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs")
        out = fifo(tmp_path / "f")
    else:
        out = write(tmp_path / "notes.txt", USER_TEXT)
    result = run("schema", "--out", out)
    refused(result, 2, str(out), "cannot write: Not a directory")
    if where == "a-file":
        assert out.read_text(encoding="utf-8") == USER_TEXT
    checked = run("schema", "--check", "--out", out)
    assert checked.exit_code == 1 and "missing; run `dossier schema --out" in checked.stdout


@dataclass
class Output:
    """A command writing ``{O}``: an existing file that is not its kind of output is kept (exit 2)."""

    args: list[str]
    name: str
    earlier: Callable[[Path], Any] | None = None  # makes a file it may replace (an earlier output)


OUTPUTS = {
    "map render svg": Output(
        ["map", "render", str(MAP), "--out", "{O}"], "m.svg", lambda p: write(p, f"<svg>{SVG_MARK}</svg>")
    ),
    "map render png": Output(["map", "render", str(MAP), "--out", "{O}"], "m.png"),
    "map replay": Output(["map", "replay", str(MAP), "frames.json", "--out", "{O}"], "r.html"),
    "crossfire deal --out": Output(
        ["crossfire", "deal", "-n", "6", "--seed", "2", "--out", "{O}", "--force"], "t.json", lambda p: write(p, DEAL)
    ),
    "crossfire deal --slips": Output(["crossfire", "deal", "-n", "6", "--seed", "2", "--slips", "{O}"], "s.pdf"),
    "crossfire simulate --plot": Output(["crossfire", "simulate", "-n", "6", "-k", "5", "--plot", "{O}"], "p.png"),
    "db build": Output(["db", "build", "--cards", str(CARDS / "crossfire"), "--db", "{O}"], "d.db"),
}


@pytest.mark.parametrize("command", OUTPUTS)
def test_an_output_never_replaces_a_users_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    case = OUTPUTS[command]
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "frames.json", [{"state": {"map": "dockyard"}, "events": []}])
    mine = write(tmp_path / case.name, USER_TEXT)
    result = run(*[a.replace("{O}", case.name) for a in case.args])
    refused(result, 2, case.name, "exists and is not", "not replaced")
    assert mine.read_text(encoding="utf-8") == USER_TEXT
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["frames.json", case.name])
    if case.earlier is not None:  # an earlier output of the same kind is replaced as before
        mine.unlink()
        case.earlier(mine)
        again = run(*[a.replace("{O}", case.name) for a in case.args])
        assert again.exit_code == 0, again.output


def test_deal_out_keeps_a_table_whose_aims_were_filled_in(tmp_path: Path) -> None:
    table = write(tmp_path / "t.json", TABLE)
    before = table.read_bytes()
    result = run("crossfire", "deal", "-n", "6", "--out", table)
    refused(result, 2, str(table), "a deal with its aims still empty")
    assert table.read_bytes() == before


@pytest.mark.parametrize(
    ("kind", "ours", "theirs"),
    [
        (PDF, b"%PDF-1.4\n1 0 obj << /Creator (Dossier) >> endobj\n", b"notes"),
        (PDF, b"%PDF-1.4\n1 0 obj << /Creator (Dossier) >> endobj\n", b"%PDF-1.4\n% a PDF of the user's own\n"),
        (PNG, b"\x89PNG\r\n\x1a\n....", b"GIF89a"),
        (SVG, b'<?xml version="1.0"?><svg/>', b"<html>"),
        (HTML, b"<!DOCTYPE html>\n<html>", b"# README"),
        (SQLITE, b"SQLite format 3\x00....", b"{}"),
    ],
)
def test_check_replaceable(tmp_path: Path, kind: Any, ours: bytes, theirs: bytes) -> None:
    path = tmp_path / "out"
    check_replaceable(path, kind)  # nothing there
    write(path, b"")
    check_replaceable(path, kind)  # empty
    write(path, ours)
    check_replaceable(path, kind)
    write(path, theirs)
    with pytest.raises(WriteError, match="exists and is not"):
        check_replaceable(path, kind)


def test_print_keeps_a_file_that_is_no_pdf(tmp_path: Path) -> None:
    mine = write(tmp_path / "cards.pdf", USER_TEXT)
    result = run("print", "smoke_grenade", "--out", mine)
    refused(result, 2, str(mine), "is not a PDF file")
    assert mine.read_text(encoding="utf-8") == USER_TEXT


def test_print_and_slips_keep_a_pdf_dossier_did_not_write(tmp_path: Path) -> None:
    """A PDF of the user's own (a rule book, a tax return) is not replaced by print or crossfire's slips; a PDF
    Dossier wrote is, however large (its creator is read from the end of the file too)."""
    mine = write(tmp_path / "mine.pdf", b"%PDF-1.4\n% the user's own\n" + b"0" * (5 * 2**20))
    before = mine.read_bytes()
    for args in (("print", "smoke_grenade", "--out", mine), ("crossfire", "deal", "-n", "6", "--slips", mine)):
        refused(run(*args), 2, str(mine), "is not a PDF file Dossier wrote")
        assert mine.read_bytes() == before
    ours = tmp_path / "ours.pdf"
    assert run("print", "smoke_grenade", "--out", ours).exit_code == 0
    big = ours.read_bytes()
    ours.write_bytes(big[:9] + b"%" + b"0" * (5 * 2**20) + b"\n" + big[9:])  # (its creator past the first 4 MiB)
    assert run("print", "smoke_grenade", "--out", ours).exit_code == 0
    assert ours.read_bytes() == big


def test_an_earlier_output_larger_than_the_head_read_is_still_replaced(tmp_path: Path) -> None:
    page = write(tmp_path / "big.html", b"<!DOCTYPE html>\n" + b"<p>x</p>" * (600 * 1024))  # over 4 MiB
    check_replaceable(page, HTML)


def test_deal_refuses_one_file_for_the_table_and_the_slips(tmp_path: Path) -> None:
    result = run("crossfire", "deal", "-n", "6", "--out", tmp_path / "x.pdf", "--slips", tmp_path / "x.pdf")
    refused(result, 2, "--out and --slips are both")
    assert not (tmp_path / "x.pdf").exists()


def test_print_quotes_a_long_id_short(tmp_path: Path) -> None:
    result = run("print", "--out", tmp_path / "o.pdf", "--", "x" * 10_000)
    refused(result, 2, "'xxxx", "…': no printable card")
    assert len(result.stderr) < 200


# --------------------------------------------------------------------------
# map states and replays of odd shapes


STATE = {"map": "dockyard", "units": [{"uid": 1, "kind": "agent", "seat": 1, "pos": [5, 2], "facing": "e"}]}


def unit(**changes: Any) -> dict[str, Any]:
    return {**STATE, "units": [{**STATE["units"][0], **changes}]}


@pytest.mark.parametrize(
    ("state", "fragment"),
    [
        (unit(facing=[]), "/units/0/facing: one of n, e, s, w, not a list"),
        (unit(facing={}), "/units/0/facing: one of n, e, s, w, not an object"),
        (unit(vision=5), "/units/0/vision: an object such as"),
        (unit(vision="side"), "/units/0/vision: an object such as"),
        (unit(hp="x" * 5000), "/units/0/hp: an integer, not a text"),
        (None, "a game state is a JSON object, not null"),
        ({**STATE, "units": STATE["units"] * 1000}, "/units: 1000 units on a map of 192 cells"),
    ],
)
def test_a_state_of_odd_shape_is_one_line(tmp_path: Path, state: Any, fragment: str) -> None:
    path = write(tmp_path / "s.json", state)
    result = run("map", "render", MAP, "--state", path, "--out", tmp_path / "o.svg")
    refused(result, 2, f"{path}:1:", fragment)
    frames = write(tmp_path / "f.json", [{"state": state, "events": []}])
    replay = run("map", "replay", MAP, frames, "--out", tmp_path / "o.html")
    refused(replay, 2, f"{frames}:1:", fragment.replace("/units", "/0/state/units"))
    assert not (tmp_path / "o.svg").exists() and not (tmp_path / "o.html").exists()


def test_a_replay_of_too_many_frames_is_refused(tmp_path: Path) -> None:
    from toolkit.board.replay import MAX_FRAMES

    frames = write(tmp_path / "f.json", [{"state": {}, "events": []}] * (MAX_FRAMES + 1))
    result = run("map", "replay", MAP, frames, "--out", tmp_path / "o.html")
    refused(result, 2, f"{frames}:1:1", f"{MAX_FRAMES + 1} frames; a replay holds at most {MAX_FRAMES}")


def test_lint_names_the_json_type_of_a_record_that_is_not_an_object(tmp_path: Path) -> None:
    card = write(tmp_path / "x.json", "null")
    result = run("lint", card)
    assert result.exit_code == 1
    assert f"{card}:1:1: error card.schema: a record is a JSON object, not null" in result.stdout


# --------------------------------------------------------------------------
# import csv: cells and sheets past the limits


@pytest.mark.parametrize(
    ("header", "cell", "fragment"),
    [
        ("cost.mortgage", "9" * 5000, "has 5000 digits; the limit is 18"),
        ("cost.mortgage", "9" * 400 + ".0", "has 400 digits; the limit is 18"),
        ("equipment", '"{""size"": NaN}"', "NaN is not a JSON value"),
        ("equipment", '"' + "[" * 10_000 + '"', "is not JSON"),
    ],
)
def test_a_csv_cell_past_the_limits_is_a_finding(tmp_path: Path, header: str, cell: str, fragment: str) -> None:
    sheet = write(tmp_path / "c.csv", f"id,name.zh-Hans,category,{header}\nx,叉,equipment,{cell}\n")
    result = run("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out")
    assert result.exit_code == 1, result.output
    assert f"{sheet}: row 2, column D ({header}): error csv.value: " in result.stderr and fragment in result.stderr
    assert all(len(line) < 300 for line in result.stderr.splitlines())
    assert not (tmp_path / "out").exists()


def test_a_csv_sheet_of_too_many_rows_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from toolkit.importers import spreadsheet

    monkeypatch.setattr(spreadsheet, "MAX_ROWS", 3)
    sheet = write(tmp_path / "c.csv", "id,name.zh-Hans,category\n" + "".join(f"c{i},叉,skill\n" for i in range(4)))
    result = run("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out")
    refused(result, 2, f"{sheet}: 4 rows; a sheet holds at most 3 records")
    assert not (tmp_path / "out").exists()


def test_writes_sweep_each_directory_once_a_while(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Sweeping before every file made importing 5,000 rows take a minute and fmt of 3,000 cards
    quadratic (each sweep lists the directory): a process sweeps a directory once a minute."""
    from toolkit import safewrite

    swept: list[Path] = []
    real = safewrite.sweep
    monkeypatch.setattr(safewrite, "sweep", lambda directory, **kw: swept.append(directory) or real(directory, **kw))
    safewrite.write_many([(tmp_path / f"a{i}.json", b"{}") for i in range(50)])
    for i in range(50):
        safewrite.write_bytes(tmp_path / f"b{i}.json", b"{}")
    assert swept == [tmp_path]
    assert len(list(tmp_path.iterdir())) == 100


# --------------------------------------------------------------------------
# settings files and card pools


@pytest.mark.parametrize(
    ("toml", "fragment"),
    [
        ("a = " + "[" * 5000 + "]" * 5000 + "\n", "invalid TOML: nested too deeply"),
        ("lang = " + "9" * 5000 + "\n", "invalid TOML: a number of more than 4300 digits"),
    ],
)
def test_a_settings_file_past_the_parsers_limits_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, toml: str, fragment: str
) -> None:
    monkeypatch.chdir(tmp_path)
    settings = write(tmp_path / "dossier.toml", toml)
    result = run("deck", "show", EX / "tactics" / "duo.json")
    refused(result, 2, str(settings), fragment)


def test_a_settings_file_with_a_byte_order_mark_reads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "dossier.toml", '\ufefflang = "en"\n')
    result = run("deck", "show", EX / "tactics" / "duo.json")
    assert result.exit_code == 0, result.output
    assert "Jackdaw" in result.stdout


def test_a_walk_of_a_huge_tree_stops_with_a_problem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`lint /` or `lint /proc` walked (through their links) the whole disk for minutes; the walk is capped."""
    from toolkit import catalog

    monkeypatch.setattr(catalog, "MAX_WALK_ENTRIES", 20)
    for i in range(5):
        for j in range(10):
            write(tmp_path / f"d{i}" / f"r{j}.json", CARD)
    result = run("lint", tmp_path)
    assert result.exit_code == 2
    assert f"{tmp_path}: error card.io: more than 20 entries under it" in result.stdout


@needs_fifo
@pytest.mark.parametrize("command", [["lint"], ["fmt", "--check"], ["text", "fmt", "--check"]])
def test_a_fifo_named_json_in_card_data_is_reported_not_skipped_in_silence(tmp_path: Path, command: list[str]) -> None:
    write(tmp_path / "cards" / "a.json", CARD)
    fifo(tmp_path / "cards" / "f.json")
    result = run(*command, tmp_path / "cards")
    assert result.exit_code == 2, result.output
    fifo_json = tmp_path / "cards" / "f.json"
    assert f"{fifo_json}: error card.io: not a regular file (a FIFO, device or socket)" in result.output


def test_text_fmt_reports_dangling_links_and_rewrites_through_a_link(tmp_path: Path) -> None:
    real = write(tmp_path / "real.json", CARD)
    (tmp_path / "link.json").symlink_to("real.json")
    (tmp_path / "dangling.json").symlink_to("nowhere.json")
    result = run("text", "fmt", tmp_path)
    assert result.exit_code == 2, result.output
    assert "dangling.json: error card.io: dangling symbolic link" in result.stderr
    assert (tmp_path / "link.json").is_symlink() and "你抽 2 张牌。" in real.read_text(encoding="utf-8")


def test_a_card_file_that_is_not_utf8_is_a_problem_of_content(tmp_path: Path) -> None:
    """Loading a pool for a deck command: a card file not UTF-8 is exit 2, as invalid JSON is: exit 1 is kept for a
    deck that was read and has a problem (`deck --help`), so a script tells a broken pool from an illegal deck."""
    pool = tmp_path / "tactics"
    shutil.copytree(CARDS / "tactics", pool)
    write(pool / "cards" / "zz.json", b"\xff\xfe garbage")
    result = run("deck", "validate", EX / "tactics" / "duo.json", "--cards", pool)
    refused(result, 2, f"{pool / 'cards' / 'zz.json'}: cannot read: not UTF-8 at line 1, column 1 (byte 0)")


def test_an_import_with_thousands_of_warnings_lists_the_first_and_counts_the_rest() -> None:
    from toolkit.importers.netrunnerdb import MAX_LISTED, ImportReport

    report = ImportReport(Path("co"), "v2", Path("out"), skipped=[f"card 'x{i}' has no title" for i in range(10_000)])
    lines = report.lines()
    assert len(lines) == MAX_LISTED + 1
    assert lines[-1] == f"… and {10_000 - MAX_LISTED} more skipped entries (the first {MAX_LISTED} are listed)"


@pytest.mark.parametrize(
    ("content", "fragment"),
    [(b"garbage", "not a usable source font (not a TrueType"), (b"ttcf\x00\x01", "not a usable source font")],
)
def test_fonts_build_from_a_file_that_is_no_font(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: bytes, fragment: str
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    source = write(tmp_path / "x.otf", content)
    result = run("fonts", "build", "--regular", source, "--bold", source)
    refused(result, 2, str(source), fragment)
    assert not (tmp_path / "cache").exists()


@pytest.mark.parametrize("command", [["lint"], ["fmt", "--check"]])
def test_a_file_name_that_is_not_utf8_prints_under_a_strict_utf8_locale(tmp_path: Path, command: list[str]) -> None:
    """Under a UTF-8 locale, printing the name of b'x\\xff.json' raised UnicodeEncodeError; its byte is
    written back as it is."""
    try:
        open(os.fsencode(tmp_path) + b"/x\xff.json", "w").close()
    except OSError:
        pytest.skip("this file system refuses names that are not UTF-8")
    import subprocess

    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}
    code = "import sys; from toolkit.cli import app; sys.exit(app())"
    result = subprocess.run(
        [sys.executable, "-c", code, *command, str(tmp_path)], capture_output=True, env=env, cwd=ROOT, timeout=HANG
    )
    assert b"Traceback" not in result.stderr, result.stderr.decode(errors="replace")
    assert result.returncode == 1
    output = result.stdout + result.stderr  # stdout writes the byte back; stderr (backslashreplace) escapes it
    assert b"/x\xff.json:1:1: error card." in output or b"/x\\udcff.json:1:1: error card." in output


@pytest.mark.parametrize("command", [["lint"], ["fmt"], ["fmt", "--check"], ["text", "fmt"]])
def test_a_directory_without_json_files_is_a_usage_error(tmp_path: Path, command: list[str]) -> None:
    result = run(*command, tmp_path)
    refused(result, 2, f"no .json files under {tmp_path}")


@pytest.mark.parametrize("data", ["garbage", "[1, 2]", "[" * 100_000])
@pytest.mark.parametrize("command", [["show", "vip"], ["search", "--format", "json", "--", "vip"]])
def test_a_damaged_database_record_is_one_line(tmp_path: Path, crossfire_db: Path, data: str, command: list[str]) -> None:
    import sqlite3

    db = tmp_path / "d.db"
    shutil.copy(crossfire_db, db)
    with sqlite3.connect(db) as connection:
        connection.execute("update records set data = ? where id = 'vip'", (data,))
    result = run(*command[:1], "--db", db, *command[1:])
    refused(result, 2, "the database holds a damaged record crossfire/vip", "run `dossier db build` again")


def test_a_replay_takes_each_turns_new_log_entries_only() -> None:
    """simulate --replay converted the whole log to JSON after every turn (quadratic: a 500-round game of
    four players took minutes); Log.to_json(start) gives the new entries."""
    from toolkit.engine.core import Log

    log = Log()
    for number in range(5):
        log.add("step", 1, n=number)
    assert log.to_json(3) == log.to_json()[3:] and [e["n"] for e in log.to_json(3)] == [3, 4]
    assert log.to_json(5) == []


def test_a_link_to_a_directory_above_the_walk_is_a_loop(tmp_path: Path) -> None:
    """/proc/1/root links to /: followed, a walk of /proc went over the whole disk."""
    root = tmp_path / "cards"
    write(root / "a.json", CARD)
    (root / "up").symlink_to("..")
    (root / "top").symlink_to("/")
    result = run("lint", root)
    assert result.exit_code == 2
    assert f"{root / 'up'}: error card.io: symbolic link loop: leads back to {str(tmp_path)!r}" in result.stdout
    assert f"{root / 'top'}: error card.io: symbolic link loop: leads back to '/'" in result.stdout


def test_a_file_that_is_not_utf8_is_placed_by_line_and_column(tmp_path: Path) -> None:
    """A record file with a bad byte on its third line: lint says where an editor finds it, not only the offset."""
    bad = tmp_path / "bad.json"
    write(bad, '{\n  "id": "x",\n  "name": "é'.encode() + b"\xff" + b'"\n}\n')
    result = run("lint", bad, "--lang", "en")
    assert result.exit_code == 1
    assert "not UTF-8 at line 3, column 13 (byte 28)" in result.output, result.output
