"""`dossier print` of a flip identity, round 73: its back face (NetrunnerDB's ``faces``, what `dossier show` prints
as "back face: …") is printed, not lost.

With duplex backs (``--backs long-edge/short-edge``) the back face prints on the card's back, in place of the
generic runner back and aligned as backs are; without them (the default) it prints as a card of its own right after
the front, and the summary says so; ``--png`` writes it as an image of its own. Every other card prints as before.

The pool is written here: an invented flip identity (names and text made up for this test) and an invented event.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from PIL import Image

from toolkit.catalog import load_catalog
from toolkit.sheets.fonts import bundled
from toolkit.sheets.geometry import SheetSpec, plan
from toolkit.sheets.render import render_cards, render_sheets

from .test_search_nrdb_syntax import netrunner_pool

PT = 72 / 25.4
FRONT_EN, FRONT_ZH = "Wren Halloway: Second Signal", "雷恩·哈洛维：第二信号"
BACK_EN, BACK_ZH = "Wren Halloway: Quiet Frequency", "雷恩·哈洛维：静默频段"
IDENTITY = {
    "base_link": 0,
    "faction": "criminal",
    "game": "netrunner",
    "id": "wren_halloway_second_signal",
    "influence_limit": 15,
    "kind": "identity",
    "min_deck_size": 40,
    "name": {"en": FRONT_EN, "zh-Hans": FRONT_ZH},
    "printed_text": {"en": ["The first time each turn you pass a lantern, gain 1[credit]."]},
    "side": "runner",
    "subtypes": [],
    "text": [],
    "faces": [
        {
            "name": {"en": BACK_EN, "zh-Hans": BACK_ZH},
            "base_link": 2,
            "printed_text": {"en": ["Whenever the tide turns, hum a little louder."]},
        }
    ],
}
EVENT = {
    "cost": 0,
    "deck_limit": 3,
    "faction": "criminal",
    "game": "netrunner",
    "id": "paper_lantern",
    "influence": 1,
    "kind": "card",
    "name": {"en": "Paper Lantern", "zh-Hans": "纸灯笼"},
    "printed_text": {"en": ["Gain 1[credit]."]},
    "subtypes": [],
    "text": [],
    "type": "event",
    "unique": False,
}
FLIP = f"netrunner/{IDENTITY['id']}"


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return netrunner_pool(tmp_path_factory.mktemp("flip"), [], [IDENTITY, EVENT])


def _pages(data: bytes | Path) -> list[str]:
    source: Any = io.BytesIO(data) if isinstance(data, bytes) else data
    with pdfplumber.open(source) as pdf:
        return [page.extract_text() or "" for page in pdf.pages]


def _records(pool: Path, *ids: str) -> tuple[Any, list[Any]]:
    catalog = load_catalog([pool])
    return catalog, [catalog.get("netrunner", i, "identity") or catalog.get("netrunner", i) for i in ids]


# ---------------------------------------------------------------- without duplex backs: a card of its own


def test_default_print_puts_the_back_face_as_a_card_after_its_front(cli, pool: Path, tmp_path: Path) -> None:
    out = tmp_path / "h.pdf"
    result = cli("print", FLIP, "netrunner/paper_lantern", "--cards", pool, "--out", out, "--lang", "en")
    assert result.exit_code == 0, result.output
    [text] = _pages(out)
    # before: the back face's name was on no page
    assert BACK_EN in text, text
    assert text.index(FRONT_EN) < text.index(BACK_EN) < text.index("Paper Lantern")  # right after its front
    assert "louder." in text  # its own printed text (the columns of the page interleave its lines)
    # the summary says so (the cards are those chosen: the back face is part of its card)
    assert "2 cards on 1 page" in result.stdout
    assert "1 back face as a card of its own, after its front" in result.stdout, result.stdout


def test_a_deck_of_copies_prints_each_copys_back_face(pool: Path) -> None:
    catalog, [flip] = _records(pool, IDENTITY["id"])
    sheet = render_sheets([flip, flip], SheetSpec(), bundled(), catalog, lang="en")
    [text] = _pages(sheet.pdf)
    assert text.count(BACK_EN) == 2 and text.count(FRONT_EN) == 2
    assert sheet.faces_apart == 2 and sheet.faces_backed == 0


def test_a_card_without_faces_prints_as_before(pool: Path) -> None:
    catalog, [event] = _records(pool, "paper_lantern")
    sheet = render_sheets([event], SheetSpec(), bundled(), catalog, lang="en")
    assert sheet.faces_apart == sheet.faces_backed == 0 and sheet.pages == 1
    assert _pages(sheet.pdf)[0].count("Paper Lantern") == 1


# ---------------------------------------------------------------- duplex backs: on the card's back


@pytest.mark.parametrize("duplex", ["long-edge", "short-edge"])
def test_duplex_prints_the_back_face_on_the_cards_back(cli, pool: Path, tmp_path: Path, duplex: str) -> None:
    out = tmp_path / "h.pdf"
    result = cli("print", FLIP, "netrunner/paper_lantern", "--cards", pool, "--out", out, "--lang", "en",
                 "--backs", duplex)  # fmt: skip
    assert result.exit_code == 0, result.output
    layout = plan(SheetSpec(duplex=duplex))  # type: ignore[arg-type]
    with pdfplumber.open(out) as pdf:
        assert len(pdf.pages) == 2  # one front page, one back page: the face takes no slot of its own
        front, back = pdf.pages
        assert BACK_EN not in (front.extract_text() or "")
        height = float(back.height)
        words = back.extract_words()
    text = " ".join(w["text"] for w in words)
    if duplex == "short-edge":  # the back page turned upside down: read it the other way round
        text = text[::-1]
    assert "Quiet Frequency" in text, text  # before: the generic runner back
    assert text.count("Runner") == 1  # the generic back only behind the event
    # the back face lies in the first card's back slot (mirrored as backs are), not the event's
    slot = layout.back(0)
    found = [w for w in words if {w["text"], w["text"][::-1]} & {"Quiet", "Frequency"}]
    assert found
    for word in found:
        x, y = (word["x0"] + word["x1"]) / 2 / PT, (height - (word["top"] + word["bottom"]) / 2) / PT
        assert slot.x <= x <= slot.right and slot.y <= y <= slot.top, (word, slot)
    assert "1 back face on its card's back" in result.stdout, result.stdout


# ---------------------------------------------------------------- PNG: an image of its own


def test_png_writes_the_back_face_as_an_image_of_its_own(cli, pool: Path, tmp_path: Path) -> None:
    out = tmp_path / "png"
    result = cli("print", FLIP, "--cards", pool, "--png", out, "--lang", "en")
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in out.iterdir())
    stem = f"netrunner-{IDENTITY['id']}"
    assert names == ["back-netrunner-runner.png", f"{stem}.back.png", f"{stem}.png"], names
    assert "3 PNG files" in result.stdout
    images = {}
    for name in names:
        with Image.open(out / name) as image:
            images[name] = image.convert("RGB").tobytes()
    assert len(set(images.values())) == 3  # the back face is neither the front nor the generic back


def test_single_cards_draw_the_back_face_after_its_front(pool: Path) -> None:
    catalog, [flip, event] = _records(pool, IDENTITY["id"], "paper_lantern")
    sheet = render_cards([flip, event], SheetSpec(), bundled(), catalog, True, lang="en", faces=True)
    texts = _pages(sheet.pdf)
    assert len(texts) == 4  # front, back face, event, the runner back
    assert FRONT_EN in texts[0] and BACK_EN in texts[1] and "Paper Lantern" in texts[2]
    assert BACK_EN not in texts[0] + texts[2] + texts[3]


# ---------------------------------------------------------------- both languages


def test_the_back_face_prints_in_chinese_and_bilingual(pool: Path) -> None:
    catalog, [flip] = _records(pool, IDENTITY["id"])
    [text] = _pages(render_sheets([flip], SheetSpec(), bundled(), catalog, lang="zh-Hans").pdf)
    assert BACK_ZH in text and BACK_EN not in text
    [text] = _pages(render_sheets([flip], SheetSpec(), bundled(), catalog, lang="en", bilingual=True).pdf)
    assert BACK_EN in text and BACK_ZH in text  # the other language's name under the back face's title
