"""Sweep of s72 (print and export, the web's print form): an output name as long as the file system takes is
written (the temporary file beside it keeps within the limit: its unique part kept, the name cut), --calibrate
refuses the options it would ignore and its summary says what each page holds, and the web's print form refuses a
language it does not print in, as it refuses any other bad field."""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from toolkit import safewrite
from toolkit.cli import app

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: Any, lang: str = "en") -> Any:
    return CliRunner().invoke(app, [str(a) for a in args], env={"DOSSIER_LANG": lang, "COLUMNS": "100"})


def _limit(folder: Path) -> int:
    try:
        return int(os.pathconf(folder, "PC_NAME_MAX"))
    except (OSError, ValueError):
        return 255


def _one_error_line(result: Any) -> str:
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.output
    return lines[0]


# ---- 1. an output name as long as the file system takes


def test_a_temporary_name_keeps_within_the_file_systems_limit(tmp_path: Path) -> None:
    limit = _limit(tmp_path)
    short = safewrite.temp_name("deck.pdf", directory=tmp_path)
    assert re.fullmatch(rf"\.deck\.pdf\.dossier-tmp-{os.getpid()}-[0-9a-f]{{8}}", short), short  # (as it was)
    names = {safewrite.temp_name("a" * (limit - 4) + ".pdf", directory=tmp_path) for _ in range(20)}
    assert len(names) == 20  # the unique part is kept
    for name in names:
        assert len(os.fsencode(name)) <= limit, (len(name), name)
        assert name.startswith(".aaaa") and f".dossier-tmp-{os.getpid()}-" in name, name
        (tmp_path / name).write_bytes(b"x")  # the file system takes it
    wide = "卡" * (limit // 3)  # three bytes a character: cut between characters, never inside one
    name = safewrite.temp_name(wide, safewrite.OLD_TAG, directory=tmp_path)
    assert len(os.fsencode(name)) <= limit and name.startswith(".卡") and safewrite.OLD_TAG in name, name
    (tmp_path / name).mkdir()


def test_a_cut_leftover_of_a_killed_run_is_swept(tmp_path: Path) -> None:
    limit = _limit(tmp_path)
    code = "import sys; from toolkit import safewrite; print(safewrite.temp_name(sys.argv[1], directory=sys.argv[2]))"
    done = subprocess.run([sys.executable, "-c", code, "b" * (limit - 4) + ".csv", str(tmp_path)], cwd=ROOT,
                          capture_output=True, text=True, check=True)  # fmt: skip
    left = tmp_path / done.stdout.strip()  # the name a run that is gone used
    left.write_bytes(b"half")
    assert safewrite.sweep(tmp_path) == [left] and list(tmp_path.iterdir()) == []


def test_a_cut_old_tree_is_never_put_back_under_a_wrong_name(tmp_path: Path) -> None:
    """A kept old tree whose name was cut does not say the name it had: a sweep leaves it (nothing of the user's is
    lost, nor put under a name that is not its own)."""
    limit = _limit(tmp_path)
    code = "import sys; from toolkit import safewrite; print(safewrite.temp_name(sys.argv[1], safewrite.OLD_TAG, " \
        "directory=sys.argv[2]))"  # fmt: skip
    done = subprocess.run([sys.executable, "-c", code, "d" * limit, str(tmp_path)], cwd=ROOT,
                          capture_output=True, text=True, check=True)  # fmt: skip
    kept = tmp_path / done.stdout.strip()
    kept.mkdir()
    (kept / "card.json").write_text("{}", encoding="utf-8")
    assert safewrite.sweep(tmp_path) == []
    assert [p.name for p in tmp_path.iterdir()] == [kept.name] and (kept / "card.json").is_file()


def test_a_tree_of_the_longest_name_is_replaced(tmp_path: Path) -> None:
    into = tmp_path / ("t" * _limit(tmp_path))

    def build(name: str) -> Any:
        def make(tmp: Path) -> None:
            tmp.mkdir()
            (tmp / "card.json").write_text(name, encoding="utf-8")

        return make

    safewrite.replace_dir(into, build("one"))
    safewrite.replace_dir(into, build("two"))
    assert (into / "card.json").read_text(encoding="utf-8") == "two"
    assert [p.name for p in tmp_path.iterdir()] == [into.name]  # no temporary nor old tree left


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "out").mkdir()
    return tmp_path / "out"


def test_print_writes_a_pdf_of_the_longest_name(in_tmp: Path) -> None:
    out = in_tmp / ("a" * (_limit(in_tmp) - 4) + ".pdf")
    result = _run("print", "crossfire/agent", "--out", out)
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"%PDF-") and list(in_tmp.iterdir()) == [out]


@pytest.mark.parametrize("existed", [False, True])
def test_print_writes_pngs_into_a_folder_of_the_longest_name(in_tmp: Path, existed: bool) -> None:
    folder = in_tmp / ("b" * _limit(in_tmp))
    if existed:
        folder.mkdir()
    result = _run("print", "crossfire/agent", "--png", folder)
    assert result.exit_code == 0, result.output
    assert list(in_tmp.iterdir()) == [folder]
    names = sorted(p.name for p in folder.iterdir())
    assert names and all(n.endswith(".png") and not n.startswith(".") for n in names), names


def test_export_csv_writes_a_sheet_of_the_longest_name(in_tmp: Path) -> None:
    out = in_tmp / ("c" * (_limit(in_tmp) - 4) + ".csv")
    result = _run("export", "csv", "--game", "crossfire", "--kind", "role", "--out", out)
    assert result.exit_code == 0, result.output
    assert out.stat().st_size > 0 and list(in_tmp.iterdir()) == [out]


# ---- 2. --calibrate refuses the options it would ignore


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--template", "tpl"], "--template"),
        (["--min-dpi", "50"], "--min-dpi"),
        (["--bilingual"], "--bilingual"),
        (["--force"], "--force"),
        (["--cards", "my-set"], "--cards"),
        (["--db", "nodb.db"], "--db"),
    ],
)
def test_calibrate_refuses_the_options_it_would_ignore(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], named: str
) -> None:
    monkeypatch.chdir(tmp_path)
    result = _run("print", "--calibrate", "--out", "cal.pdf", *args)
    assert result.exit_code == 2, result.output
    line = _one_error_line(result)
    assert named in line and "--calibrate" in line, line
    assert result.stdout == "" and list(tmp_path.iterdir()) == []


def test_calibrate_names_every_option_it_would_ignore(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = _run("print", "--calibrate", "--out", "cal.pdf", "--force", "--bilingual", lang="zh-Hans")
    assert result.exit_code == 2, result.output
    line = _one_error_line(result)
    assert "--force" in line and "--bilingual" in line, line
    assert list(tmp_path.iterdir()) == []


def test_calibrate_keeps_the_options_it_uses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every option that changes the page (the layout its crosses are at, the offsets it prints, its words and
    font) is taken: --no-crop-marks too (bridge cards on letter: a row more without the marks' room)."""
    monkeypatch.chdir(tmp_path)
    used = ["--card", "bridge", "--page", "letter", "--bleed", "1", "--gutter", "3", "--grid", "2x2", "--backs",
            "short-edge", "--back-dx", "1", "--back-dy", "-1", "--lang", "en"]  # fmt: skip
    result = _run("print", "--calibrate", "--out", "a.pdf", *used)
    assert result.exit_code == 0, result.output
    plain = _run("print", "--calibrate", "--out", "b.pdf", "--card", "bridge", "--page", "letter")
    marks = _run("print", "--calibrate", "--out", "c.pdf", "--card", "bridge", "--page", "letter", "--no-crop-marks")
    assert plain.exit_code == 0 and marks.exit_code == 0, plain.output + marks.output
    assert (tmp_path / "b.pdf").read_bytes() != (tmp_path / "c.pdf").read_bytes()


# ---- 3. the --calibrate summary says what its pages hold


def _pages(path: Path) -> int:
    from pypdf import PdfReader

    return len(PdfReader(path).pages)


@pytest.mark.parametrize(("card", "page", "pages"), [("poker", "a4", 2), ("tarot", "letter", 3), ("200x280", "a4", 3)])
def test_the_calibrate_summary_says_what_each_page_holds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, card: str, page: str, pages: int
) -> None:
    monkeypatch.chdir(tmp_path)
    result = _run("print", "--calibrate", "--out", "cal.pdf", "--card", card, "--page", page)
    assert result.exit_code == 0, result.output
    assert _pages(tmp_path / "cal.pdf") == pages
    said = result.stdout
    if pages == 2:
        assert "alignment test page, front and back (" in said, said
    else:
        assert "alignment test page, front and back" not in said, said
        assert "3 pages" in said and "card outline on the third page" in said, said


# ---- 4. the web's print form refuses a language it does not print in


@pytest.fixture
def web(tmp_path: Path) -> Iterator[Any]:
    from tests.web.conftest import writing_client
    from toolkit.web.settings import WebSettings

    shutil.copytree(ROOT / "schema", tmp_path / "schema")
    shutil.copytree(ROOT / "cards" / "crossfire", tmp_path / "cards" / "crossfire")
    settings = WebSettings(cards=[tmp_path / "cards"], db_url=str(tmp_path / "web.db"), cache=tmp_path / "cache",
                           data=tmp_path / "data")  # fmt: skip
    yield from writing_client(settings)


CROSSFIRE_DECK = ROOT / "examples" / "decks" / "crossfire" / "crossfire-9-specials.json"


@pytest.mark.parametrize("fields", [{"calibrate": "1"}, {"source": "paste", "deck": "@deck"}])
@pytest.mark.parametrize("lang", ["fr", "english", "x" * 10])
def test_the_web_print_form_refuses_a_language_it_does_not_print(web: Any, fields: dict[str, str], lang: str) -> None:
    data = {k: CROSSFIRE_DECK.read_text(encoding="utf-8") if v == "@deck" else v for k, v in fields.items()}
    response = web.post("/print?lang=en", data={**data, "lang": lang})
    assert response.status_code == 400, response.headers.get("content-type")
    assert "text/html" in response.headers["content-type"]
    error = re.search(r'id="pr-error">(.*?)</p>', response.text, re.S)
    assert error, response.text[:500]
    message = " ".join(re.sub(r"<[^>]+>", "", html.unescape(error.group(1))).split())
    assert "Language on the cards" in message and "zh-Hans" in message and "en" in message, message


def test_the_web_print_form_still_prints_in_its_languages(web: Any) -> None:
    for lang in ("en", "zh-Hans"):
        response = web.post("/print?lang=en", data={"calibrate": "1", "lang": lang})
        assert response.status_code == 200 and response.content.startswith(b"%PDF-"), response.text[:300]
    deck = CROSSFIRE_DECK.read_text(encoding="utf-8")
    response = web.post("/print?lang=en", data={"source": "paste", "deck": deck})  # (none: the page's)
    assert response.status_code == 200 and response.content.startswith(b"%PDF-"), response.text[:300]
