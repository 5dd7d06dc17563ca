"""Curly quotes in print: proportional in Latin text (Aesop’s, “JK”), full-width in Chinese text (他说“你好”),
and the PDF's text the real quotes either way (sweep 75b)."""

from __future__ import annotations

import io

import pytest

from toolkit.sheets import textbox
from toolkit.sheets.fonts import LATIN_QUOTES, bundled
from toolkit.sheets.linebreak import atomize, latin_quotes

pdfplumber = pytest.importorskip("pdfplumber")


@pytest.mark.parametrize(
    ("text", "latin"),
    [
        ("Aesop’s Pawnshop", "Aesop\ue019s Pawnshop"),
        ("Janaína “JK” Dumont", "Janaína \ue01cJK\ue01d Dumont"),
        ("not ‘personally liable’ when", "not \ue018personally liable\ue019 when"),
        ("他说“你好”。", "他说“你好”。"),  # Chinese text keeps the full-width forms
        ("打出“Aesop’s Pawnshop”时", "打出“Aesop\ue019s Pawnshop”时"),  # an English name quoted in Chinese
        ("“", "“"),  # nothing around it: as it was
    ],
)
def test_latin_quotes_by_the_text_around_them(text: str, latin: str) -> None:
    assert latin_quotes(text) == latin


def test_a_quote_in_latin_text_is_as_wide_as_the_latin_apostrophe() -> None:
    fonts = bundled()
    for bold in (False, True):
        apostrophe = fonts.width("'", bold, 1.0)
        wide = fonts.width("’", bold, 1.0)
        assert wide == pytest.approx(1.0)  # the full-width form Chinese text wants
        for quote, narrow in LATIN_QUOTES.items():
            assert fonts.width(narrow, bold, 1.0) < 0.6 * fonts.width(quote, bold, 1.0)
        assert fonts.width(latin_quotes("Aesop’s"), bold, 1.0) == pytest.approx(
            fonts.width("Aesops", bold, 1.0) + fonts.width("\ue019", bold, 1.0)
        )
        assert abs(fonts.width("\ue019", bold, 1.0) - apostrophe) < 0.01
        # the text layout measures what it draws: one atom per Latin word, the quote's Latin width in it
        measure = textbox.Measurer(fonts)
        atoms = textbox.plain("Aesop’s Pawnshop", bold=bold).atoms
        assert [a.text for a in atoms] == ["Aesop\ue019s", " ", "Pawnshop"]
        assert measure(atoms[0]) == pytest.approx(fonts.width("Aesops", bold, 1.0) + fonts.width("\ue019", bold, 1.0))
        chinese = textbox.plain("他说“你好”", bold=bold).atoms
        assert [measure(a) for a in chinese if a.text in "“”"] == [pytest.approx(1.0)] * 2
        assert atomize("他说“你好”")[2].text == "“"


def test_the_pdf_text_is_the_real_quotes() -> None:
    from reportlab.pdfgen.canvas import Canvas

    fonts = bundled()
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(400, 200), invariant=1)
    textbox.draw_line(c, "Aesop’s “JK” ‘liable’", 20, 150, 10, fonts, True)
    para = textbox.plain("他说“你好”，Aesop’s")
    fitted = textbox.fit([para], 300, 60, textbox.Measurer(fonts), 10)
    textbox.draw(c, fitted, 20, 120, 300, fonts)
    c.showPage()
    c.save()
    with pdfplumber.open(io.BytesIO(buffer.getvalue())) as pdf:
        chars = pdf.pages[0].chars
        text = pdf.pages[0].extract_text()
    assert "Aesop’s “JK” ‘liable’" in text
    assert "他说“你好”，Aesop’s" in text
    assert not set(text) & set(LATIN_QUOTES.values())
    # the Latin quote advances as the Latin apostrophe, the Chinese one a full em
    index = next(i for i, ch in enumerate(chars) if ch["text"] == "’")
    assert chars[index + 1]["x0"] - chars[index]["x0"] == pytest.approx(fonts.width("\ue019", True, 10), abs=0.05)
    index = next(i for i, ch in enumerate(chars) if ch["text"] == "“" and chars[i + 1]["text"] == "你")
    assert chars[index + 1]["x0"] - chars[index]["x0"] == pytest.approx(chars[index]["size"], abs=0.05)
