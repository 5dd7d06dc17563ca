"""`simulate --replay`: the page, the table or map, the tooltips and the log lines in the output language."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from .conftest import ROOT

EX = ROOT / "examples" / "decks"
GAMES = {
    "tactics": [EX / "tactics/duo.json", EX / "tactics/duo-rival.txt"],
    "netrunner": [EX / "netrunner/corp-weyland-skyward.json", EX / "netrunner/runner-anarch-rust.json"],
}
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
# what a Chinese page may show in Latin letters: the deck files' names, NetrunnerDB's symbols ([credit]) and
# the keys Home and End
CODES = re.compile(r"\S*/\S*|\S+\.(?:json|txt)\b|\[[a-z]+\]|\bHome\b|\bEnd\b")


def page_text(path: Path) -> str:
    page = path.read_text(encoding="utf-8")
    page = re.sub(r"<script>.*?</script>|<style>.*?</style>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))  # SVG <title> tooltips stay as text


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("lang", ["en", "zh-Hans", "en-XA"])
@pytest.mark.slow
def test_a_replay_speaks_one_language(cli, tmp_path: Path, game: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "replay.html"
    args = ["simulate", game, "--seed", "1", "--replay", out, "--lang", lang]
    for deck in GAMES[game]:
        args += ["--decks", deck]
    result = cli(*args, "--turns", "6" if game == "netrunner" else "100")
    assert result.exit_code == 0, result.output
    text = page_text(out)
    from toolkit.catalog import load_catalog

    records = load_catalog([ROOT / "cards" / game]).records  # type: ignore[attr-defined]
    ids = {r.id for r in records} | {"duo", "dockyard", "netrunner", "tactics"}  # the mode's and the map's too
    assert f'<html lang="{"en" if lang == "en-XA" else lang}">' in out.read_text(encoding="utf-8")
    if lang == "zh-Hans":
        assert not set(re.findall(r"\b[A-Za-z_]{2,}\b", CODES.sub(" ", text))) - ids
    elif lang == "en":
        assert not CJK.search(text)  # every bundled name has an English one
    else:  # the pseudo-locale: the page's, the table's and the log's words all went through the catalogs
        words = re.sub(r"‹[^›]*›", " ", CODES.sub(" ", text))
        left = set(re.findall(r"\b[A-Za-z_]{3,}\b", words)) - ids
        names = {w for r in records for text in _english(r.model_dump(by_alias=True)) for w in re.findall(r"[A-Za-z]+", text)}
        assert not left - names, left - names


def _english(value: object) -> list[str]:
    """Every English text of a record (its names and the game record's: actions, zones, subtypes)."""
    if isinstance(value, dict):
        found = [value["en"]] if isinstance(value.get("en"), str) else []
        return found + [t for v in value.values() for t in _english(v)]
    if isinstance(value, list):
        return [t for v in value for t in _english(v)]
    return []
