"""A language tag with a region (``en-US``, ``en_GB``, ``zh-CN``) asks for its language on the command line, in
DOSSIER_LANG and in dossier.toml as it does on the web (``?lang=``: :func:`toolkit.i18n.asked`); a tag still
refused is refused in English too when the current language is another; the English help of ``search`` quotes an
English query."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from toolkit import i18n
from toolkit.config import output_lang, read_config
from toolkit.errors import DossierError

from .conftest import CARDS

CJK = re.compile(r"[\u4e00-\u9fff]")
TAGS = {
    "en-US": "en",
    "en_GB": "en",
    "en-us": "en",
    "EN": "en",
    "zh-CN": "zh-Hans",
    "zh_Hans_CN": "zh-Hans",
    "zh-hans": "zh-Hans",
    "en-XA": i18n.PSEUDO,
    "en_xa": i18n.PSEUDO,
}


@pytest.mark.parametrize(("tag", "lang"), TAGS.items())
def test_a_tag_asks_for_its_language_in_every_setting(tag: str, lang: str, tmp_path: Path) -> None:
    output = i18n.SOURCE_LANG if lang == i18n.PSEUDO else lang
    assert output_lang(tag) == output
    assert output_lang(None, cwd=tmp_path, environ={"DOSSIER_LANG": tag}) == output
    (tmp_path / "dossier.toml").write_text(f'lang = "{tag}"\n', encoding="utf-8")
    assert read_config(tmp_path / "dossier.toml").lang == lang


@pytest.mark.parametrize("tag", [*TAGS, "zh-TW", "zh-Hant", "zh", "fr", "english", "", "-en"])
def test_the_command_line_reads_a_tag_as_the_web_does(tag: str) -> None:
    """The same function for both: a tag the web takes is the command line's, one it refuses is refused."""
    try:
        taken: str | None = output_lang(tag)
        taken = i18n.PSEUDO if i18n.pseudo_active() else taken
    except DossierError:
        taken = None
    assert taken == i18n.asked(tag)


@pytest.mark.lang_default
@pytest.mark.parametrize(
    "args",
    [
        ["--lang", "en-US", "--help"],
        ["--lang=en_GB", "--help"],
        ["--lang", "en-us", "search", "--help"],
        ["search", "--help", "--lang", "en-US"],  # (after a lazy command: toolkit.cli.app._configured_lang)
    ],
)
def test_the_help_is_in_the_language_of_a_tag(cli: Any, args: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOSSIER_LANG", "zh-Hans")
    result = cli(*args)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Usage: dossier"), result.stdout
    assert "Find records" in result.stdout or "Card database" in result.stdout


@pytest.mark.lang_default
def test_dossier_lang_with_a_region_makes_the_help_english(
    cli: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DOSSIER_LANG", "en-US")
    result = cli("search", "--help")
    assert result.exit_code == 0 and result.stdout.startswith("Usage: dossier search"), result.output
    assert "Find records with a NetrunnerDB-style query." in result.stdout


@pytest.mark.lang_default
def test_a_refused_lang_is_said_in_english_too(cli: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Chinese only as the default (no DOSSIER_LANG, a locale of no language of ours), ``--lang english``: the line
    says it in Chinese and in English."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    english = "lang must be one of zh-Hans, en, not 'english'"
    for args in (["search", "x", "--lang", "english"], ["--lang", "english", "search", "x"]):
        result = cli(*args)
        assert result.exit_code == 2
        line = result.stderr.strip()
        assert english in line and CJK.search(line.split(english)[0]), line
    monkeypatch.setenv("DOSSIER_LANG", "fr")
    result = cli("search", "x")
    assert result.exit_code == 2 and "lang must be one of zh-Hans, en, not 'fr'" in result.stderr, result.stderr


@pytest.mark.lang_default
@pytest.mark.parametrize("chosen", [{"DOSSIER_LANG": "zh-CN"}, {"LANG": "zh_CN.UTF-8"}])
def test_a_refusal_in_a_chosen_language_is_in_it_alone(
    cli: Any, chosen: dict[str, str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    for name, value in chosen.items():
        monkeypatch.setenv(name, value)
    result = cli("search", "x", "--lang", "fr")
    assert result.exit_code == 2
    assert result.stderr.startswith("dossier：错误：--lang：") and "must" not in result.stderr, result.stderr


@pytest.mark.lang_default
def test_a_refused_lang_in_a_settings_file_is_said_in_english_too(tmp_path: Path) -> None:
    path = tmp_path / "dossier.toml"
    path.write_text('lang = "de-DE"\n', encoding="utf-8")
    english = "lang must be one of zh-Hans, en, not 'de-DE'"
    with pytest.raises(DossierError) as caught:  # zh-Hans, the default
        read_config(path)
    assert english in caught.value.message and CJK.search(caught.value.message), caught.value.message
    with i18n.use_lang("en"), pytest.raises(DossierError) as caught:  # in English, once
        read_config(path)
    assert caught.value.message.endswith(f":1: {english}"), caught.value.message


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> str:
    from typer.testing import CliRunner

    from toolkit.cli import app

    path = tmp_path_factory.mktemp("tags") / "cards.db"
    result = CliRunner().invoke(app, ["db", "build", "--db", str(path), "--cards", str(CARDS / "tactics")])
    assert result.exit_code == 0, result.output
    return str(path)


def test_the_english_search_help_quotes_an_english_query(cli: Any, built: str) -> None:
    help_page = cli("search", "--help").stdout
    assert "dossier search 't:equipment speed>=2'" in help_page
    assert "装备" not in help_page.split("Keys")[0]
    english = cli("search", "--db", built, "--format", "ids", "t:equipment speed>=2")
    chinese = cli("search", "--db", built, "--format", "ids", "t:装备 攻速>=2")
    assert english.exit_code == chinese.exit_code == 0
    assert english.stdout.splitlines() and english.stdout == chinese.stdout


@pytest.mark.lang_default
def test_the_chinese_search_help_keeps_the_chinese_query(cli: Any) -> None:
    help_page = cli("search", "--help", "--lang", "zh-Hans").stdout
    assert "dossiersearch't:装备攻速>=2'" in re.sub(r"\s+", "", help_page), help_page  # (as wrapped)


def test_the_web_server_takes_a_regional_tag_from_dossier_lang(monkeypatch: pytest.MonkeyPatch) -> None:
    from types import SimpleNamespace

    from toolkit.web.templating import request_tag

    monkeypatch.setenv("DOSSIER_LANG", "en-US")
    request = SimpleNamespace(
        query_params={}, cookies={}, headers={}, app=SimpleNamespace(state=SimpleNamespace(settings=None))
    )
    assert request_tag(request) == "en"  # type: ignore[arg-type]
