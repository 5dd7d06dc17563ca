"""The replay page in Chromium: a frame that draws the map's layers and its units with <use> looks exactly like
the same frame with them written in place (the page before they were shared); stepping through the demo game's
replay shows the path of every move and the line of every attack."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

from toolkit.board.replay import render_frames_html
from toolkit.catalog import load_catalog
from toolkit.paths import CARDS_DIR


def _frames() -> tuple[Any, list[dict[str, Any]]]:
    from toolkit.board import Board
    from toolkit.board.draw import example_state

    record = load_catalog([CARDS_DIR / "tactics"]).get("tactics", "dockyard", "map")
    assert record is not None
    board = Board(record.rows, map_id="dockyard")
    example = example_state(board)  # units with vision bands, a broken wall, a scene obstacle
    fewer = {**example, "units": example["units"][1:]}
    frames = [
        {"state": s, "events": [{"seq": i + 1, "event": "step"}]} for i, s in enumerate((example, fewer, example))
    ]
    return board, frames


def _inline(page: str) -> str:
    """The page with every <use> of a shared layer or unit drawing replaced by what it uses."""
    layers = dict(re.findall(r'<g id="((?:map-layer|part)-\d+)">\n(.*?)\n</g>(?=\n<g id="|\n</defs>)', page, re.S))
    assert any(ref.startswith("map-layer-") for ref in layers) and any(ref.startswith("part-") for ref in layers)
    return re.sub(r'<use (?:class="part" )?href="#((?:map-layer|part)-\d+)"/>', lambda m: layers[m.group(1)], page)


def test_shared_layers_render_as_written_in_place(page: Any, tmp_path: Path) -> None:
    board, frames = _frames()
    shared = render_frames_html(board, frames, "replay")
    assert "<use href=" in shared
    inline = _inline(shared)
    assert "<use " not in inline
    shots = {}
    for name, text in (("shared", shared), ("inline", inline)):
        path = tmp_path / f"{name}.html"
        path.write_text(text, encoding="utf-8")
        for frame in (1, 3):
            page.goto(f"{path.as_uri()}#{frame}")
            figure = page.locator("#board figure:not([hidden])")
            shots[name, frame] = Image.open(io.BytesIO(figure.screenshot())).convert("RGB")
    for frame in (1, 3):
        assert shots["shared", frame].size == shots["inline", frame].size
        assert ImageChops.difference(shots["shared", frame], shots["inline", frame]).getbbox() is None
    page.goto(f"{(tmp_path / 'shared.html').as_uri()}#2")
    two = Image.open(io.BytesIO(page.locator("#board figure:not([hidden])").screenshot())).convert("RGB")
    assert ImageChops.difference(shots["shared", 1], two).getbbox() is not None  # a unit fewer: another picture


# the demo game of the README and `make demo` (its decks may change: what is checked is the structure, not which
# units play)
DEMO = ["examples/decks/tactics/duo.json", "examples/decks/tactics/duo-rival.txt"]

# what the page shows now: the frame's number, its log entries' sequence numbers, the marks its drawing shows
SHOWN = """() => {
  const shown = (all) => [...all].filter((e) => !e.hidden);
  const figures = shown(document.querySelectorAll("#board figure"));
  const steps = shown(document.querySelectorAll("aside .step-events"));
  const drawn = (selector) => [...figures[0].querySelectorAll(selector)].filter((g) => {
    const box = g.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  }).length;
  return {
    figures: figures.length,
    steps: steps.length,
    where: document.getElementById("where").textContent,
    seqs: [...steps[0].querySelectorAll("li")].map((li) => parseInt(li.textContent, 10)).filter((n) => !isNaN(n)),
    paths: drawn("g.path"),
    attacks: drawn("g.attack, g.counterattack"),
    banners: shown(document.querySelectorAll(".banner")).map((b) => b.textContent),
    players: shown(document.querySelectorAll("table.players tbody")).length,
  };
}"""


@pytest.mark.slow
def test_stepping_through_the_demo_replay_shows_every_path_and_attack(page: Any, cli: Any, tmp_path: Path) -> None:
    from ..conftest import ROOT

    out = tmp_path / "demo.html"
    args: list[Any] = ["simulate", "tactics", "--seed", "1", "--turns", "100", "--replay", out, "--format", "json"]
    args += ["--lang", "en"]
    for deck in DEMO:
        args += ["--decks", ROOT / deck]
    result = cli(*args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    log = data["log"]
    moves = {e["seq"] for e in log if e["event"] == "move" and e.get("path")}
    attacks = {e["seq"] for e in log if e["event"] == "attack"}
    assert moves and attacks  # the demo moves and fights
    page.goto(out.as_uri())
    count = page.locator("#board figure").count()
    assert count > len(moves) + len(attacks)  # a frame per action, and one per move and attack inside one
    seqs: list[int] = []
    over = False  # the game is over (a banner says who won from then on)
    for index in range(count):
        if index:
            page.keyboard.press("ArrowRight")
        now = page.evaluate(SHOWN)
        assert now["figures"] == 1 and now["steps"] == 1
        assert now["where"].startswith(f"{index + 1} / {count}")
        seqs += now["seqs"]
        here = set(now["seqs"])
        assert now["paths"] == len(here & moves), (index, now)  # each move's path, and nothing else
        assert now["attacks"] >= len(here & attacks), (index, now)  # each attack's line (and one still resolving)
        assert len(here & (moves | attacks)) <= 1, (index, now)  # one move or attack a frame
        assert now["players"] == 1  # the players' score, hand, deck, …
        over = over or any(e["event"] == "game_over" for e in log if e["seq"] in here)
        assert bool(now["banners"]) == (over or index == count - 1), (index, now)
    assert seqs == [e["seq"] for e in log]  # every entry once, in order
    winners = data["result"]["winners"]
    assert all(f"P{seat}" in now["banners"][0] for seat in winners), now["banners"]
