"""Sweep of s76 (helper 793): the web print page's duplex alignment page speaks the page's language (its words, its
button and the name of the file it downloads), and `dossier scenario run` refuses a bad --lang before it reads a file,
wherever the option stands, as `deck validate` does."""

from __future__ import annotations

import io
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from typer.testing import CliRunner

from toolkit.cli import app
from toolkit.i18n import t, tc

ROOT = Path(__file__).resolve().parent.parent
CJK = re.compile(r"[\u3400-\u9fff]")


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from tests.web.conftest import writing_client
    from toolkit.web.settings import WebSettings

    tmp_path = tmp_path_factory.mktemp("web793")
    shutil.copytree(ROOT / "schema", tmp_path / "schema")
    shutil.copytree(ROOT / "cards" / "crossfire", tmp_path / "cards" / "crossfire")
    settings = WebSettings(cards=[tmp_path / "cards"], db_url=str(tmp_path / "web.db"), cache=tmp_path / "cache",
                           data=tmp_path / "data")  # fmt: skip
    yield from writing_client(settings)


def _pdf_text(data: bytes) -> str:
    from pypdf import PdfReader

    assert data.startswith(b"%PDF-"), data[:300]
    return "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages)


# (the page's language, the language on the cards: the alignment page draws no card, so the page's wins)
CASES = [("en", "en"), ("en", "zh-Hans"), ("zh-Hans", "zh-Hans"), ("zh-Hans", "en")]


@pytest.mark.parametrize(("page", "cards"), CASES)
def test_the_alignment_page_is_in_the_pages_language(web: Any, page: str, cards: str) -> None:
    response = web.post(f"/print?lang={page}", data={"calibrate": "1", "backs": "long-edge", "lang": cards})
    assert response.status_code == 200, response.text[:300]
    text = _pdf_text(response.content)
    heading = tc(page, "card face", "Duplex alignment test")
    assert heading in text, text[:300]
    if page == "en":
        assert not CJK.search(text), text[:300]
    else:
        assert "Duplex" not in text and "Measure" not in text and "ruler" not in text, text[:300]


@pytest.mark.parametrize(
    ("page", "utf8_name", "ascii_name"),
    [("en", "Duplex-alignment-test.pdf", "Duplex-alignment-test.pdf"), ("zh-Hans", quote("双面对齐测试页.pdf"),
                                                                        "alignment.pdf")],
)  # fmt: skip
def test_the_alignment_page_downloads_under_a_name_in_the_pages_language(
    web: Any, page: str, utf8_name: str, ascii_name: str
) -> None:
    response = web.post(f"/print?lang={page}", data={"calibrate": "1", "lang": "en" if page != "en" else "zh-Hans"})
    assert response.status_code == 200, response.text[:300]
    disposition = response.headers["content-disposition"]
    assert disposition == f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{utf8_name}"


@pytest.mark.parametrize("page", ["en", "zh-Hans"])
def test_the_alignment_button_and_help_are_in_the_pages_language(web: Any, page: str) -> None:
    body = web.get(f"/print?lang={page}").text
    button = re.search(r'id="pr-calibrate">([^<]*)<', body)
    assert button is not None, body[:300]
    assert button.group(1) == t(page, "Download the duplex alignment page")
    assert bool(CJK.search(button.group(1))) == (page == "zh-Hans"), button.group(1)


def test_a_bad_alignment_field_is_named_in_the_pages_language(web: Any) -> None:
    for page in ("en", "zh-Hans"):
        response = web.post(f"/print?lang={page}", data={"calibrate": "1", "back_dx": "99"})
        assert response.status_code == 400
        error = re.search(r'id="pr-error">([^<]*)<', response.text)
        assert error is not None and error.group(1).startswith(t(page, "Move backs right (mm)")), error


# ---- `dossier scenario run`: a bad --lang is a usage error before any file is read, wherever it stands


@pytest.mark.parametrize("where", ["before", "after"])
@pytest.mark.parametrize("problem", ["bad json", "missing", "bad cards"])
def test_scenario_run_refuses_a_bad_lang_before_reading_files(tmp_path: Path, where: str, problem: str) -> None:
    scenario = ROOT / "examples" / "scenarios" / "run-through-ice.json"
    args: list[str] = [str(scenario)]
    if problem == "bad json":
        bad = tmp_path / "bad.json"
        bad.write_text('{"game": "netrunner"', encoding="utf-8")
        args = [str(bad)]
    elif problem == "missing":
        args = [str(tmp_path / "nothing.json")]
    else:
        args += ["--cards", str(tmp_path / "no-cards")]
    args = ["--lang", "xx", *args] if where == "before" else [*args, "--lang", "xx"]
    result = CliRunner().invoke(app, ["scenario", "run", *args], env={"DOSSIER_LANG": "en", "COLUMNS": "100"})
    assert result.exit_code == 2, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "--lang" in lines[0] and "'xx'" in lines[0], result.stderr


def test_scenario_run_says_the_same_whatever_the_order_of_its_options() -> None:
    scenario = str(ROOT / "examples" / "scenarios" / "run-through-ice.json")
    orders = [[scenario, "--lang", "en", "-f", "json"], ["-f", "json", "--lang", "en", scenario],
              ["--lang", "en", scenario, "--format", "json"]]  # fmt: skip
    outputs = {CliRunner().invoke(app, ["scenario", "run", *order], env={"COLUMNS": "100"}).stdout for order in orders}
    assert len(outputs) == 1 and '"scenario"' in outputs.pop()


@pytest.mark.parametrize("page", ["en", "zh-Hans"])
def test_the_alignment_page_names_the_forms_fields_not_the_clis_options(web: Any, page: str) -> None:
    """The web's alignment page tells the reader to add the readings to the form's fields, by their names in the
    page's language (`dossier print --calibrate` keeps naming its options)."""
    response = web.post(f"/print?lang={page}", data={"calibrate": "1", "back_dx": "1.5", "back_dy": "-2"})
    assert response.status_code == 200, response.text[:300]
    text = _pdf_text(response.content)
    right, up = t(page, "Move backs right (mm)"), t(page, "Move backs up (mm)")
    assert right in text and up in text and "1.5" in text and "-2" in text, text[:600]
    assert "--back-dx" not in text and "--back-dy" not in text and "--backs" not in text, text[:600]


def test_the_clis_alignment_page_still_names_its_options(tmp_path: Path) -> None:
    out = tmp_path / "cal.pdf"
    result = CliRunner().invoke(app, ["print", "--calibrate", "--out", str(out), "--back-dx", "1.5"],
                                env={"DOSSIER_LANG": "zh-Hans", "COLUMNS": "100"})  # fmt: skip
    assert result.exit_code == 0, result.output
    text = _pdf_text(out.read_bytes())
    assert "--back-dx 1.5 --back-dy 0 --backs long-edge" in text and "--back-dx / --back-dy" in text, text[:600]
