"""`dossier crossfire deal --slips FILE.pdf` and toolkit.sheets.slips: one folded role slip per player."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolkit.errors import DossierError
from toolkit.sheets.slips import A4, COLUMNS, MARGIN, ROWS, Slip, slips_pdf, wrap

pdfplumber = pytest.importorskip("pdfplumber")

NAMES = "Ana,Bo,Cy,Di,Ed,Fay,Gus"


def width(text: str) -> float:
    """A stand-in measure: wide characters 2, others 1."""
    return float(sum(2 if "\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef" else 1 for ch in text))


@pytest.mark.parametrize(
    ("text", "line_width", "indent", "lines"),
    [
        ("If the red team wins, you win.", 12, 0, ["If the red", "team wins,", "you win."]),
        ("If the red team wins, you win.", 12, 4, ["If the", "red team", "wins, you", "win."]),
        ("如果红队获胜，你获胜。", 8, 0, ["如果红队", "获胜，你", "获胜。"]),  # 。 never starts a line
        ("你视为特工。你有 2 把枪", 8, 0, ["你视为", "特工。你", "有 2 把", "枪"]),  # 特工 is a word of the game
        ("abcdefghij", 4, 0, ["abcd", "efgh", "ij"]),  # a word wider than the line is cut
        ("short", 20, 0, ["short"]),
        ("", 10, 0, []),
    ],
)
def test_wrap(text: str, line_width: float, indent: float, lines: list[str]) -> None:
    assert wrap(text, line_width, width, indent) == lines


def slip(seat: int, role: str = "Assassin", rows: tuple[tuple[str, str], ...] = ()) -> Slip:
    return Slip(
        seat_label=f"Seat {seat}",
        name=f"P{seat}",
        role=role,
        team="red team: get the VIP hit",
        team_color="red",
        rows=rows or (("You win", "If the red team wins, you win."),),
    )


def test_slips_pdf_pages_and_text_positions() -> None:
    data = slips_pdf([slip(s) for s in range(1, 10)])
    import io

    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == 2  # eight to a page
        page = pdf.pages[0]
        assert (round(page.width), round(page.height)) == (round(A4[0]), round(A4[1]))
        words = page.extract_words()
        cell_h = (A4[1] - 2 * MARGIN) / ROWS
        cell_w = (A4[0] - 2 * MARGIN) / COLUMNS
        for seat in range(1, 9):
            row, column = divmod(seat - 1, COLUMNS)
            top = MARGIN + row * cell_h  # pdfplumber measures from the top of the page
            left = MARGIN + column * cell_w
            mine = [w for w in words if top < w["top"] < top + cell_h and left < w["x0"] < left + cell_w]
            seat_word = next(w for w in mine if w["text"] == str(seat))
            assert any(w["text"] == f"P{seat}" for w in mine)
            # the seat and name are in the header (outside when folded); the role is on the flap,
            # the lowest part of the slip, below the fold
            role = [w for w in mine if w["text"] == "Assassin"]
            assert len(role) == 1
            assert seat_word["top"] < top + cell_h * 0.24
            assert role[0]["top"] > top + cell_h * (0.24 + 0.38)
        assert "Seat 9" in pdf.pages[1].extract_text()


def test_slips_embed_their_fonts() -> None:
    import io

    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(slips_pdf([slip(1, role="刺客")])))
    resources: Any = reader.pages[0]["/Resources"]
    fonts = resources["/Font"]
    assert fonts
    for ref in fonts.values():
        font = ref.get_object()
        assert font["/Subtype"] == "/TrueType", font["/BaseFont"]  # never a base-14 font
        assert "/FontFile2" in font["/FontDescriptor"].get_object()
        assert "DossierSansSC" in font["/BaseFont"]


def test_text_that_cannot_fit_is_an_error_naming_no_slip() -> None:
    long = (("You win", "If you are not hit, you win. " * 60),)
    with pytest.raises(DossierError, match=r"^the text of a role slip does not fit on it even at 5 pt") as caught:
        slips_pdf([slip(1), slip(2, rows=long)])
    assert "Seat 2" not in caught.value.message  # (printed on the dealer's screen: it would give the role away)


def test_no_slips_is_an_error() -> None:
    with pytest.raises(DossierError, match="no slips"):
        slips_pdf([])


# ---------------------------------------------------------------- from the command line


def test_deal_slips(cli: Any, tmp_path: Path) -> None:
    pdf_path = tmp_path / "slips.pdf"
    args = ["crossfire", "deal", "--players", "7", "--special", "bomber", "--seed", "7", "--names", NAMES]
    result = cli(*args, "--slips", pdf_path, "--lang", "en")
    assert result.exit_code == 0, result.output
    assert f"{pdf_path}: 7 role slips written" in result.stdout
    # the screen shows only what everyone may know: the set-up, not who holds which role
    assert "set-up: Agent ×2, Assassin ×2, Bomber ×1, Decoy ×1, VIP ×1" in result.stdout  # each role named once
    assert "seen" not in result.stdout and "(Ana) shuffles" in result.stdout
    assert not any(line.lstrip().startswith(("1 ", "2 ")) for line in result.stdout.splitlines())
    deal = json.loads(cli(*args, "--format", "json").stdout)
    with pdfplumber.open(pdf_path) as pdf:
        assert len(pdf.pages) == 1
        text = pdf.pages[0].extract_text()
    names = NAMES.split(",")
    for player in deal["players"]:
        assert f"Seat {player['seat']} {names[player['seat'] - 1]}" in text
    for role in ("Agent", "Assassin", "Bomber", "Decoy", "VIP", "You win", "If you are not hit, you alone win"):
        assert role in text


@pytest.mark.lang_default
def test_deal_slips_in_chinese(cli: Any, tmp_path: Path) -> None:
    pdf_path = tmp_path / "slips.pdf"
    result = cli("crossfire", "deal", "-n", "10", "--mode", "sniper", "--sniper", "4", "--slips", pdf_path)
    assert result.exit_code == 0, result.output
    assert "seed" not in result.stdout.split("\n")[0]  # a random deal: its seed would give the roles away
    with pdfplumber.open(pdf_path) as pdf:
        assert len(pdf.pages) == 2
        text = "".join(page.extract_text() for page in pdf.pages)
    for word in ("1 号座位", "10 号座位", "狙击手", "胜利条件", "发牌时你见过的牌"):
        assert word in text


def test_deal_slips_cannot_write(cli: Any, tmp_path: Path) -> None:
    target = tmp_path / "missing" / "slips.pdf"
    result = cli("crossfire", "deal", "-n", "5", "--slips", target)
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and "cannot write" in result.output
    assert not target.exists() and not target.parent.exists()
