"""The README's tour (`make demo`: lint, deck validate, db build, search, print, simulate with a replay) as a
Chinese user and as an English user: neither meets the other language outside names, ids, paths and codes."""

from __future__ import annotations

import html
import re
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT
from .test_print_lang import pdf_text

CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
EX = ROOT / "examples" / "decks"


def tour(tmp: Path, lang: str) -> tuple[str, Path, Path]:
    """Run the tour's commands in ``lang``; all they printed (stdout and stderr), the sheet and the replay."""
    env = {"DOSSIER_LANG": lang, "PATH": "/usr/bin:/bin", "HOME": str(tmp), "XDG_CACHE_HOME": str(tmp / "cache")}
    db, sheet, replay = tmp / "dossier.db", tmp / "duo.pdf", tmp / "duo.html"
    query = "t:装备 攻速>=2" if lang == "zh-Hans" else "t:equipment speed>=2"
    commands = [
        ["lint", ROOT / "cards"],
        ["deck", "validate", EX],
        ["db", "build", "--db", db],
        ["search", query, "--db", db],
        ["print", "--deck", EX / "tactics/duo.json", "--backs", "long-edge", "--out", sheet],
        ["simulate", "tactics", "--decks", EX / "tactics/duo.json", "--decks", EX / "tactics/duo-rival.txt",
         "--seed", "1", "--turns", "100", "--replay", replay],
    ]  # fmt: skip
    said = []
    for args in commands:
        done = subprocess.run(
            [sys.executable, "-c", "from toolkit.cli import main; main()", *map(str, args)],
            capture_output=True,
            text=True,
            cwd=tmp,
            env=env,
            timeout=300,
        )
        assert done.returncode == 0, (args, done.stderr)
        said.append(done.stdout + done.stderr)
    return "\n".join(said), sheet, replay


def words_of(text: str) -> str:
    """``text`` without paths, ids, record codes and the search query's keys."""
    text = re.sub(r"\S*[/\\]\S*|\b\w+_\w+\b|\b[a-z]+:\S*|\b[a-z]+-[a-z]+\b|\[[a-z]+\]", " ", text)  # option values, icon codes
    return text


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@pytest.mark.slow
def test_the_readme_tour_in_one_language(tmp_path: Path, lang: str) -> None:
    said, sheet, replay = tour(tmp_path, lang)
    page = re.sub(r"<script>.*?</script>|<style>.*?</style>", " ", replay.read_text(encoding="utf-8"), flags=re.S)
    shown = [said, pdf_text(sheet), html.unescape(re.sub(r"<[^>]+>", " ", page))]
    from toolkit.catalog import load_catalog

    records = load_catalog([ROOT / "cards"]).records  # type: ignore[attr-defined]
    ids = {r.id for r in records} | {"duo", "dockyard", "tactics", "netrunner", "crossfire"}
    for text in shown:
        if lang == "en":
            assert not CJK.search(text), CJK.findall(text)[:10]
        else:
            latin = set(re.findall(r"\b[A-Za-z]{2,}\b", words_of(text))) - ids
            # PDF and JSON are the names of formats; ID a column; VIP a role's name in Chinese too; Home and End keys
            assert latin <= {"ID", "PDF", "JSON", "VIP", "Home", "End", "db", "json", "txt", "pdf", "html"}, latin
