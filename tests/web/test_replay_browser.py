"""The replay page in Chromium: a frame that draws the map's layers with <use> looks exactly like the same
frame with those layers written in place (the page before they were shared)."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

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
    """The page with every <use> of a shared layer replaced by the layer itself."""
    layers = dict(re.findall(r'<g id="(map-layer-\d+)">\n(.*?)\n</g>(?=\n<g id="map-layer-|\n</defs>)', page, re.S))
    assert layers
    return re.sub(r'<use href="#(map-layer-\d+)"/>', lambda m: layers[m.group(1)], page)


def test_shared_layers_render_as_written_in_place(page: Any, tmp_path: Path) -> None:
    board, frames = _frames()
    shared = render_frames_html(board, frames, "replay")
    assert "<use href=" in shared
    inline = _inline(shared)
    assert "<use href=" not in inline
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
