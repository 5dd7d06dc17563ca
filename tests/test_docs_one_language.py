"""The documentation speaks one language a page: English pages name game terms by their English names, and the
Chinese pages are Chinese (a sweep found Chinese mode and card names in English prose, and the rulings table of
the Chinese page in English)."""

from __future__ import annotations

import re

import pytest

from .conftest import ROOT

DOCS = ROOT / "docs"
HAN = re.compile(r"[\u3400-\u9fff]+")
LATIN = re.compile(r"[A-Za-z][A-Za-z0-9'’-]*")
RULING = re.compile(r"^[TNC]\d+$")
# ids of rulings, names and symbols a Chinese sentence may keep (the project's own name, the VIP role, dice, variables)
KEPT = {"Dossier", "VIP", "NSG", "d6", "X", "N", "dx", "dy"}
ENGLISH_WORDS = {"the", "and", "of", "is", "are", "with", "for", "to", "when", "issue", "form", "HP", "Wilson"}


def prose(text: str) -> str:
    """The page without its code: fenced blocks, inline code, link targets and heading anchors."""
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    text = re.sub(r"`[^`]*`", "", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    return re.sub(r"\{#[^}]*\}", "", text)


@pytest.mark.parametrize("page", ["reference/tactics-board.md", "benchmarks.md", "index.md"])
def test_english_pages_gloss_chinese_only_in_parentheses(page: str) -> None:
    """Chinese in English prose is a gloss in parentheses after the English name (`Duel (单挑)`), never the name."""
    text = prose((DOCS / page).read_text(encoding="utf-8"))
    text = re.sub(r"\([\u3400-\u9fff][^()]*\)", "", text)  # a gloss: parentheses that open with Chinese
    text = text.replace("Crossfire / 谍战特工", "Crossfire")  # the game's two titles
    assert HAN.findall(text) == [], f"{page}: Chinese outside a gloss"


@pytest.mark.parametrize("page", ["reference/tactics-board.md", "benchmarks.md", "index.md"])
def test_english_pages_name_the_modes_as_the_data_does(page: str) -> None:
    text = prose((DOCS / page).read_text(encoding="utf-8"))
    for chinese in ("单挑", "双雄", "专家", "混战"):
        for found in re.finditer(chinese, text):
            around = text[found.start() - 40 : found.end() + 40]
            assert text[found.start() - 1] == "(", f"{page}: {chinese} used as a name: {around!r}"
    assert "Duel" in text and "Duo" in text


def _rows(page: str) -> dict[str, list[str]]:
    rows: dict[str, list[str]] = {}
    for line in (DOCS / page).read_text(encoding="utf-8").splitlines():
        if found := re.match(r"\| ([TNC]\d+) \|(.*)\|\s*$", line):
            rows[found.group(1)] = [cell.strip() for cell in found.group(2).split(" | ")]
    return rows


def test_the_chinese_rulings_translate_every_row() -> None:
    english, chinese = _rows("rulings.md"), _rows("rulings.zh.md")
    assert list(chinese) == list(english) and len(english) == 48
    for ruling, cells in chinese.items():
        assert len(cells) == len(english[ruling]), ruling
        for cell in cells:
            words = {word for word in LATIN.findall(prose(cell)) if word not in KEPT and not RULING.match(word)}
            assert not words, f"{ruling}: English left in the Chinese page: {sorted(words)}"


def test_the_chinese_rulings_page_has_no_english_paragraph() -> None:
    for paragraph in prose((DOCS / "rulings.zh.md").read_text(encoding="utf-8")).split("\n\n"):
        words = set(LATIN.findall(paragraph))
        assert not words & ENGLISH_WORDS, f"English prose in rulings.zh.md: {paragraph[:120]!r}"


@pytest.mark.parametrize("page", ["benchmarks.zh.md", "reference/tactics-board.zh.md", "index.zh.md"])
def test_the_chinese_pages_have_no_english_prose(page: str) -> None:
    words = set(LATIN.findall(prose((DOCS / page).read_text(encoding="utf-8"))))
    assert not words & ENGLISH_WORDS, f"{page}: {sorted(words & ENGLISH_WORDS)}"
    assert "（目前为英文）" not in (DOCS / page).read_text(encoding="utf-8")


def test_the_rulings_readings_name_terms_in_english() -> None:
    """The English rulings' readings name the game's terms in English: Chinese is left only in code (card text), in a
    quoted rule sentence, or as a gloss in parentheses after the English name (the table below quotes the seeds)."""
    text = (DOCS / "rulings.md").read_text(encoding="utf-8")
    section = text.split("## Readings Dossier had to add itself")[1].split("## The rulings")[0]
    section = re.sub(r"`[^`]*`", "", section)
    section = re.sub(r'"[^"]*"', lambda m: "" if HAN.search(m.group()) else m.group(), section)
    section = re.sub(r"\([\u3400-\u9fff][^()]*\)", "", section)
    assert HAN.findall(section) == []
