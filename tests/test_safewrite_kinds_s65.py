"""An image or page a command writes replaces only a file Dossier wrote: ``map render -o`` (SVG, PNG), ``crossfire
simulate --plot``, ``map replay -o`` and ``simulate --replay`` keep a drawing, a photo or a page of the user's (any
file that merely looks like an SVG, a PNG or an HTML page was replaced before), replace their own earlier output
(marked as Dossier's, or an older unmarked one recognised by its fixed start) and, with ``force``, anything."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from typer.testing import CliRunner

from toolkit.board import Board
from toolkit.board.draw import render_svg, write_image
from toolkit.board.replay import render_frames_html, write_replay
from toolkit.cli import app
from toolkit.cli.plots import write_png
from toolkit.engine.netrunner.replay import write_replay as write_netrunner_replay
from toolkit.errors import DossierError
from toolkit.safewrite import (
    DOSSIER_HTML,
    DOSSIER_PNG,
    DOSSIER_SVG,
    HTML_MARK,
    SVG_MARK,
    WriteError,
    check_replaceable,
    mark_png,
    replacing,
)

from .conftest import CARDS, ROOT

MAP = CARDS / "tactics" / "maps" / "dockyard.json"
DECKS = ROOT / "examples" / "decks"
RUNNER = CliRunner()

USER_SVG = b'<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"><!-- my plan --></svg>\n'
USER_HTML = b"<!DOCTYPE html>\n<html><head><title>notes</title></head><body><p>my notes</p></body></html>\n"


def user_png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (3, 2), (200, 10, 10)).save(buffer, format="PNG")  # a photo of the user's: a real PNG
    return buffer.getvalue()


def run(*args: Any) -> Any:
    result = RUNNER.invoke(app, ["--lang", "en", *(str(a) for a in args)])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    return result


def frames(folder: Path) -> Path:
    path = folder / "frames.json"
    path.write_text(json.dumps([{"state": {"map": "dockyard"}, "events": []}]), encoding="utf-8")
    return path


TACTICS = ["--decks", DECKS / "tactics" / "duo.json", "--decks", DECKS / "tactics" / "duo-rival.txt", "--turns", 1]
NETRUNNER = ["--decks", DECKS / "netrunner" / "corp-hb-tireless-hands.json", "--decks",
             DECKS / "netrunner" / "runner-anarch-rust.json", "--turns", 1]  # fmt: skip
COMMANDS: dict[str, tuple[list[Any], str, bytes | None]] = {  # arguments ({O}: the output), file name, user's file
    "map render svg": (["map", "render", MAP, "-o", "{O}"], "mine.svg", USER_SVG),
    "map render png": (["map", "render", MAP, "-o", "{O}"], "photo.png", None),
    "crossfire simulate --plot": (["crossfire", "simulate", "-n", 6, "-k", 5, "--plot", "{O}"], "photo.png", None),
    "map replay": (["map", "replay", MAP, "{F}", "-o", "{O}"], "notes.html", USER_HTML),
    "simulate tactics --replay": (["simulate", "tactics", *TACTICS, "--replay", "{O}"], "notes.html", USER_HTML),
    "simulate netrunner --replay": (["simulate", "netrunner", *NETRUNNER, "--replay", "{O}"], "notes.html", USER_HTML),
}


def command(name: str, folder: Path, out: Path) -> list[Any]:
    args = COMMANDS[name][0]
    return [out if a == "{O}" else frames(folder) if a == "{F}" else a for a in args]


@pytest.mark.parametrize("name", COMMANDS)
def test_a_users_file_is_kept_and_an_earlier_output_replaced(tmp_path: Path, name: str) -> None:
    if "plot" in name:
        pytest.importorskip("matplotlib")
    _, file_name, content = COMMANDS[name]
    mine = tmp_path / file_name
    mine.write_bytes(user_png() if content is None else content)
    before = mine.read_bytes()
    result = run(*command(name, tmp_path, mine))
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert result.exit_code == 2, result.output
    assert len(lines) == 1 and lines[0].startswith("dossier: error: ") and str(mine) in lines[0], result.stderr
    assert "Dossier wrote; not replaced" in lines[0]
    assert mine.read_bytes() == before  # byte for byte
    ours = tmp_path / f"ours{mine.suffix}"
    assert run(*command(name, tmp_path, ours)).exit_code == 0
    first = ours.read_bytes()
    assert SVG_MARK.encode() in first or HTML_MARK.encode() in first or b"tEXtSoftware\x00Dossier" in first
    again = run(*command(name, tmp_path, ours))  # its own earlier output is replaced
    assert again.exit_code == 0, again.output


def test_an_older_unmarked_svg_and_replay_are_still_replaced(tmp_path: Path) -> None:
    """What ``map render`` and ``map replay`` wrote before the mark: recognised by the start every version wrote."""
    svg, page = tmp_path / "old.svg", tmp_path / "old.html"
    assert run("map", "render", MAP, "-o", svg).exit_code == 0
    assert run("map", "replay", MAP, frames(tmp_path), "-o", page).exit_code == 0
    svg.write_text(svg.read_text(encoding="utf-8").replace(SVG_MARK + "\n", ""), encoding="utf-8")
    page.write_text(page.read_text(encoding="utf-8").replace(HTML_MARK + "\n", ""), encoding="utf-8")
    for path in (svg, page):
        assert SVG_MARK.encode() not in path.read_bytes() and HTML_MARK.encode() not in path.read_bytes()
    assert run("map", "render", MAP, "-o", svg).exit_code == 0
    assert run("map", "replay", MAP, frames(tmp_path), "-o", page).exit_code == 0
    assert SVG_MARK.encode() in svg.read_bytes() and HTML_MARK.encode() in page.read_bytes()


def test_the_kinds_accept_only_what_dossier_wrote(tmp_path: Path) -> None:
    board = Board(["1..#..2", ".......", "......."], map_id="tiny")
    svg = render_svg(board).encode()
    page = render_frames_html(board, [{"state": {"map": "tiny"}, "events": []}], "t").encode()
    cases = [
        (DOSSIER_SVG, [svg, svg.replace(SVG_MARK.encode() + b"\n", b"")],
         [USER_SVG, USER_SVG.replace(b"<!-- my plan -->", b"<title>plan</title>" + SVG_MARK.encode()), b"notes"]),
        (DOSSIER_HTML, [page, page.replace(HTML_MARK.encode() + b"\n", b"")],
         [USER_HTML, USER_HTML.replace(b"<p>my notes</p>", HTML_MARK.encode()), b"<svg/>"]),
        (DOSSIER_PNG, [mark_png(user_png())], [user_png(), b"GIF89a"]),
    ]  # fmt: skip
    path = tmp_path / "out"
    for kind, ours, theirs in cases:
        for data in ours:
            path.write_bytes(data)
            check_replaceable(path, kind)
        for data in theirs:
            path.write_bytes(data)
            with pytest.raises(WriteError, match="delete it or choose another name"):
                check_replaceable(path, kind)
            with pytest.raises(WriteError, match=r"not replaced \(give --force to replace it\)"):
                check_replaceable(path, replacing(kind, False) or kind)


def test_force_replaces_a_users_file_and_its_absence_names_it(tmp_path: Path) -> None:
    """The writers' ``force``: what a command's ``--force`` passes (True replaces the user's file, False keeps it and
    the refusal says --force replaces it); a folder is never replaced, whatever is given."""
    board = Board(["1..#..2", ".......", "......."], map_id="tiny")
    game_frames = [{"state": {"map": "tiny"}, "events": []}]
    writers = {
        "mine.svg": (USER_SVG, lambda p, f: write_image(p, board, force=f)),
        "photo.png": (user_png(), lambda p, f: write_image(p, board, scale=1, force=f)),
        "chart.png": (user_png(), lambda p, f: write_png(p, user_png(), force=f)),
        "notes.html": (USER_HTML, lambda p, f: write_replay(p, board, game_frames, "t", force=f)),
    }
    for name, (content, write) in writers.items():
        mine = tmp_path / name
        mine.write_bytes(content)
        with pytest.raises(DossierError, match=r"not replaced \(give --force to replace it\)"):  # (a WriteError too)
            write(mine, False)
        assert mine.read_bytes() == content
        write(mine, True)
        assert mine.read_bytes() != content
        write(mine, False)  # now Dossier's own: replaced without it
        folder = tmp_path / f"dir-{name}"
        folder.mkdir()
        with pytest.raises(DossierError, match="is a directory"):
            write(folder, True)


def test_the_netrunner_replay_writer_keeps_a_users_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import toolkit.engine.netrunner.replay as netrunner_replay

    board = Board(["1..#..2", ".......", "......."], map_id="tiny")
    page = render_frames_html(board, [{"state": {"map": "tiny"}, "events": []}], "t")  # (a page of the same head)
    monkeypatch.setattr(netrunner_replay, "render_replay", lambda *args: page)
    mine = tmp_path / "notes.html"
    mine.write_bytes(USER_HTML)
    for force in (None, False):
        with pytest.raises(WriteError, match="not replaced"):
            write_netrunner_replay(mine, [], "t", "en", force=force)
        assert mine.read_bytes() == USER_HTML
    write_netrunner_replay(mine, [], "t", "en", force=True)
    assert mine.read_text(encoding="utf-8") == page
    write_netrunner_replay(mine, [], "t", "en")  # Dossier's own now
