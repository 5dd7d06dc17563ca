"""Printable sheets, round 72: nothing on a card or a slip is left out or cut without a word.

The card's id at its foot (``netrunner/<id>``, what a player finds the card again by) shrinks before it is left out,
and is never left out silently (``sheet.id.dropped``); a ``--bilingual`` subtitle cut with "…" is a
``sheet.text.shortened`` warning, with no space before the "…"; a player name ``--names`` accepts (40 characters)
prints whole on its Crossfire role slip (on two lines if it must), and one that cannot fit is cut with the "…"
inside its room and a warning naming the seat."""

from __future__ import annotations

import io
import json
from functools import lru_cache
from typing import Any

import pdfplumber
import pytest

from toolkit.catalog import Catalog, load_catalog
from toolkit.engine.crossfire import MAX_NAME
from toolkit.sheets import layouts
from toolkit.sheets.fonts import bundled
from toolkit.sheets.geometry import CARD_SIZES, SheetSpec
from toolkit.sheets.render import render_cards
from toolkit.sheets.slips import A4, COLUMNS, MARGIN, PAD, ROWS, Slip, slips_pdf

from .conftest import CARDS


@lru_cache(maxsize=1)
def catalog() -> Catalog:
    return load_catalog([CARDS])


def records(game: str, ids: list[str] | None = None) -> list[Any]:
    every: list[Any] = list(catalog().records)
    found = [r for r in every if r.game == game and (r.game, r.kind) in layouts.FRONTS]
    return [r for r in found if ids is None or r.id in ids]


def drawn_lines(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every one-line string the layouts draw (names, subtitles, the id at the foot), in order."""
    lines: list[str] = []
    original = layouts.draw_line

    def spy(c: Any, text: str, *args: Any, **kwargs: Any) -> None:
        lines.append(text)
        original(c, text, *args, **kwargs)

    monkeypatch.setattr(layouts, "draw_line", spy)
    return lines


# ---------------------------------------------------------------- 1. the card's id at its foot

LONG_IDS = [
    "weyland_orbital_strike",
    "weyland_riot_squad_retainer",
    "weyland_searchlight_tower",
    "weyland_chairwoman_voss",
    "hb_chief_engineer_okafor",
    "weyland_customs_checkpoint",
]


def test_a_long_id_beside_the_influence_pips_shrinks_and_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = drawn_lines(monkeypatch)
    cards = records("netrunner", LONG_IDS)
    assert len(cards) == len(LONG_IDS)
    sheet = render_cards(cards, SheetSpec(), bundled(), catalog(), backs=False, lang="en")
    assert not [i for i in sheet.issues if i.code == "sheet.id.dropped"], sheet.issues
    assert [f"netrunner/{r.id}" for r in cards if f"netrunner/{r.id}" not in lines] == []


@pytest.mark.parametrize(("game", "lang"), [("netrunner", "en"), ("tactics", "en"), ("tactics", "zh-Hans")])
def test_an_id_left_out_is_a_warning_naming_the_card(game: str, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = drawn_lines(monkeypatch)
    cards = records(game)
    sheet = render_cards(cards, SheetSpec(card=CARD_SIZES["mini"]), bundled(), catalog(), backs=False, lang=lang)
    dropped = {i.id for i in sheet.issues if i.code == "sheet.id.dropped"}
    for issue in sheet.issues:
        if issue.code == "sheet.id.dropped":
            assert issue.severity == "warning" and f"{game}/{issue.id}" in issue.message, issue
    missing = {r.id for r in cards if f"{game}/{r.id}" not in lines}
    assert missing == dropped  # every id left out is told, and no id printed is
    assert len(missing) < len(cards) // 4, sorted(missing)  # most ids fit, made smaller


def strike(**changes: Any) -> Any:
    """Orbital Strike (four influence pips and the faction's name at the foot of a mini card), changed."""
    from toolkit.models import parse_record

    data = json.loads((CARDS / "netrunner" / "cards" / "weyland_orbital_strike.json").read_text("utf-8"))
    data.update(changes)
    return parse_record(data)


TOO_LONG = ("weyland_orbital_strike_from_the_top_of_the_space_elevator_" * 2)[:63] + "x"  # (64 characters at most)


@pytest.mark.parametrize(
    ("changes", "printed"),
    [
        ({}, True),  # a line of its own over the marks: the text ends high up
        ({"text": ["如果潜袭者被锁定，造成 4 点肢体伤害。" * 9]}, False),  # the text fills the box
        ({"id": TOO_LONG}, False),  # too long for a line of its own
    ],
)
def test_an_id_with_no_room_beside_the_marks(changes: dict[str, Any], printed: bool, monkeypatch: Any) -> None:
    lines = drawn_lines(monkeypatch)
    card = strike(**changes)
    sheet = render_cards([card], SheetSpec(card=CARD_SIZES["mini"]), bundled(), catalog(), backs=False, lang="en")
    ref = f"netrunner/{card.id}"
    assert (ref in lines) is printed, lines
    dropped = [i for i in sheet.issues if i.code == "sheet.id.dropped"]
    if printed:
        assert dropped == []
    else:
        assert [(i.severity, i.id) for i in dropped] == [("warning", card.id)] and ref in dropped[0].message


# ---------------------------------------------------------------- 2. the --bilingual subtitle


def test_a_cut_bilingual_subtitle_is_a_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = drawn_lines(monkeypatch)
    (card,) = records("tactics", ["cinder_grenade_launcher"])
    sheet = render_cards(
        [card], SheetSpec(card=CARD_SIZES["mini"]), bundled(), catalog(), backs=False, lang="zh-Hans", bilingual=True
    )
    cut = [line for line in lines if line.startswith("Cinder") and line.endswith("…")]
    assert cut, lines
    shortened = [i for i in sheet.issues if i.code == "sheet.text.shortened"]
    assert len(shortened) == 1 and shortened[0].severity == "warning", sheet.issues
    assert "Cinder Grenade Launcher" in shortened[0].message and cut[0] in shortened[0].message


def test_the_subtitles_cut_keeps_no_trailing_space(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cuts that would end at a space (the subtitle moved a letter at a time): none prints "of …"."""
    from toolkit.sheets.layouts import Face

    lines = drawn_lines(monkeypatch)
    (card,) = records("tactics", ["cinder_grenade_launcher"])
    original = Face.names
    calls: list[int] = []

    def names(self: Face) -> tuple[str, str | None]:
        name, _ = original(self)
        calls.append(1)
        return name, "x" * len(calls) + " The Extraordinarily Long Winded Name of a Card"

    monkeypatch.setattr(Face, "names", names)
    sheet = render_cards([card] * 12, SheetSpec(card=CARD_SIZES["mini"]), bundled(), catalog(), backs=False,
                         lang="zh-Hans", bilingual=True)  # fmt: skip
    cut = [line for line in lines if line.startswith("x")]
    assert len(cut) == 12 and all(line.endswith("…") for line in cut), cut
    assert [line for line in cut if line[-2].isspace()] == []
    assert len([i for i in sheet.issues if i.code == "sheet.text.shortened"]) == 12


# ---------------------------------------------------------------- 3. names on the Crossfire role slips

CELL_W = (A4[0] - 2 * MARGIN) / COLUMNS
CELL_H = (A4[1] - 2 * MARGIN) / ROWS


def slip(seat: int, name: str) -> Slip:
    return Slip(
        seat_label=f"Seat {seat}",
        name=name,
        role="Assassin",
        team="red team: get the VIP hit",
        team_color="red",
        rows=(("You win", "If the red team wins, you win."),),
        header_hint="Keep folded. Open it only where no one else can see.",
    )


def header_chars(data: bytes, seat: int) -> list[dict[str, Any]]:
    """The characters of seat ``seat``'s slip header (the first page), in drawing order."""
    row, column = divmod(seat - 1, COLUMNS)
    top, left = MARGIN + row * CELL_H, MARGIN + column * CELL_W
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        chars = pdf.pages[0].chars
        return [c for c in chars if top <= c["top"] < top + CELL_H * 0.24 and left <= c["x0"] < left + CELL_W]


NAME_A = "欧阳" + "张三丰李四光王五六赵七八" * 3 + "甲乙"  # 40 characters, as --names takes
NAME_B = NAME_A[:-1] + "丙"  # differs only at the end


@pytest.mark.parametrize("name", [NAME_A, "W" * MAX_NAME, "Alexandria Montgomery-Worthington IIIxyz"])
def test_a_name_names_accepts_prints_whole(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert len(name) <= MAX_NAME
    data = slips_pdf([slip(1, "Ana"), slip(2, name)])
    assert capsys.readouterr().err == ""  # no warning
    chars = header_chars(data, 2)
    text = "".join(c["text"] for c in chars)
    assert name.replace(" ", "") in text.replace(" ", "") and "…" not in text
    right = MARGIN + 2 * CELL_W - PAD
    assert max(c["x1"] for c in chars) <= right + 0.5  # inside the slip's padding
    seat = len("Seat 2") if text.startswith("Seat 2") else len("Seat2")
    hint = text.index("Keep folded.")  # the hint under the name
    named = chars[seat:hint]
    assert "".join(c["text"] for c in named).replace(" ", "") == name.replace(" ", "")
    assert max(c["bottom"] for c in named) < min(c["top"] for c in chars[hint:])  # the name stays above the hint
    assert min(c["size"] for c in named) >= 5


def test_two_names_that_differ_at_the_end_print_apart() -> None:
    data = slips_pdf([slip(1, NAME_A), slip(2, NAME_B)])
    one = "".join(c["text"] for c in header_chars(data, 1))
    two = "".join(c["text"] for c in header_chars(data, 2))
    assert NAME_A in one and NAME_B in two


def test_a_name_that_cannot_fit_is_cut_inside_its_room_with_a_warning() -> None:
    name = "欧阳" * 80  # (longer than --names takes: only a caller of slips_pdf can give it)
    told: list[str] = []
    data = slips_pdf([slip(1, "Ana"), slip(2, name)], warn=told.append)
    assert len(told) == 1 and "Seat 2" in told[0], told
    chars = header_chars(data, 2)
    text = "".join(c["text"] for c in chars)
    assert "…" in text
    right = MARGIN + 2 * CELL_W - PAD
    assert max(c["x1"] for c in chars) <= right + 0.5  # the "…" too
