"""Every bundled card fits its own default layout, in English and in Chinese: no word of it is shortened.

``launch_hummingbird`` printed in English shortened its type line's note (``Exclusive: Queen Bee`` to
``Exclusive:…``, the agent's name lost): beside ``Minion · Hummingbird Recon Drone`` there is no room for it even at
the smallest size. Such a note now takes a line of its own at the top of the text box, whole.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from toolkit.cli import app


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@pytest.mark.parametrize("game", ["tactics", "netrunner", "crossfire"])
def test_no_bundled_card_is_shortened(game: str, lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # (no cards/ here: the bundled cards)
    monkeypatch.delenv("DOSSIER_CARDS", raising=False)
    done = CliRunner().invoke(app, ["print", "--game", game, "--out", "all.pdf", "--lang", lang])
    assert done.exit_code == 0, done.output[-3000:]
    assert "sheet.text.shortened" not in done.stderr, done.stderr
    assert "…" not in done.stderr, done.stderr


def test_the_exclusive_note_prints_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pdfplumber

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DOSSIER_CARDS", raising=False)
    done = CliRunner().invoke(app, ["print", "tactics/launch_hummingbird", "--out", "hb.pdf", "--lang", "en"])
    assert done.exit_code == 0 and not done.stderr, done.output
    with pdfplumber.open("hb.pdf") as pdf:
        text = " ".join((pdf.pages[0].extract_text() or "").split())
    assert "Minion · Hummingbird Recon Drone" in text and "Exclusive: Queen Bee" in text, text
