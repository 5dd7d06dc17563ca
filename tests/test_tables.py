"""Display width and the plain-text table renderer (toolkit.textwidth / toolkit.cli.tables)."""

from __future__ import annotations

import io

import pytest

from toolkit.cli import progress, tables
from toolkit.cli.tables import clip, display_width, render


@pytest.mark.parametrize(
    ("text", "columns"),
    [
        ("", 0),
        ("ghost", 5),
        ("谍战特工", 8),
        ("谍战 agent", 10),
        ("Ａ１", 4),  # full-width Latin letters and digits
        ("，。", 4),  # full-width punctuation
        ("e\u0301", 1),  # combining acute accent takes no column
        ("特工·Ghost", 10),  # the middle dot is narrow
    ],
)
def test_display_width(text: str, columns: int) -> None:
    assert display_width(text) == columns


def test_table_with_chinese_names_aligns() -> None:
    rows = [["agent-ghost", "幽灵", "Ghost", 3], ["spy", "双面间谍特工", "Double Agent", 12], ["x", "A", "", 100]]
    text = render(["ID", "名称", "NAME", "N"], rows)
    lines = text.split("\n")
    assert len(lines) == 4
    name_starts = {
        display_width(line[: line.index(cell)])
        for line, cell in zip(lines, ["名称", "幽灵", "双面间谍特工", "A"], strict=True)
    }
    assert len(name_starts) == 1
    english_starts = {
        display_width(line[: line.index(cell)])
        for line, cell in zip(lines[:3], ["NAME", "Ghost", "Double Agent"], strict=True)
    }
    assert len(english_starts) == 1


def test_numeric_columns_are_right_aligned() -> None:
    lines = render(["name", "won"], [["特工", 3], ["Ghost", 120]]).split("\n")
    assert lines[1].endswith("  3") and lines[2].endswith("120")
    assert len({display_width(line) for line in lines}) == 1


def test_truncation_by_width() -> None:
    assert clip("双面间谍特工", 7) == "双面间…"
    assert display_width(clip("双面间谍特工", 8)) <= 8
    assert clip("Ghost", 5) == "Ghost"
    assert clip("Ghostly", 5) == "Ghos…"
    text = render(["名称", "n"], [["非常长的名字非常长的名字", 1], ["短", 2]], limits=[10, None])
    first, second = text.split("\n")[1:]
    assert "…" in first
    assert display_width(first) == display_width(second) <= 13


def test_tables_module_is_the_one_helper() -> None:
    from toolkit import textwidth
    from toolkit.search import display

    assert tables.display_width is textwidth.display_width
    assert display.width is textwidth.display_width


class _Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self._tty = tty

    def isatty(self) -> bool:
        return self._tty


def test_progress_prints_nothing_when_not_a_terminal() -> None:
    stream = _Stream(tty=False)
    with progress.Progress(100, "games", stream=stream) as bar:
        for _ in range(100):
            bar.advance()
    assert stream.getvalue() == ""


def test_progress_draws_on_a_terminal() -> None:
    stream = _Stream(tty=True)
    with progress.Progress(10, "games", stream=stream, every=0.0) as bar:
        for _ in range(10):
            bar.advance()
    out = stream.getvalue()
    assert "10/10" in out and "games" in out
    assert out.endswith("\r\x1b[K")  # the line is cleared at the end


def test_simulate_table_aligns_and_draws_no_progress_off_a_terminal(cli) -> None:
    result = cli("crossfire", "simulate", "-n", "6", "-k", "50")
    assert result.exit_code == 0, result.output
    assert "\r" not in result.output
    rows = result.stdout.splitlines()[1:]
    assert len({display_width(row) for row in rows}) == 1  # the last column (win rate) is right-aligned
