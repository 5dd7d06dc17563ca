"""Print, round 66: the web's Print page reads a list as `dossier print --deck` does (a tactics list that names no
mode prints), the calibration summary names the flip in the page's words, an unknown card's message names its game
and a close card in the user's language and form."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CARDS
from tests.web.conftest import writing_client

LIST = "# game: tactics\n3x 寒鸦\n2x 长弓狙击步枪\n"  # no `# mode:` line


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    """A TestClient of the app over the bundled cards whose writes pass the same-site checks."""
    from toolkit.web.settings import WebSettings

    settings = WebSettings(cards=[CARDS], db_url=str(tmp_path / "web.db"), cache=tmp_path / "cache",
                           data=tmp_path / "data")  # fmt: skip
    yield from writing_client(settings)


def _error(page: str) -> str:
    found = re.findall(r'id="pr-error">([^<]*)<', page)
    return html.unescape(found[0]) if found else ""


def test_a_tactics_list_without_a_mode_prints_on_the_web_as_on_the_command_line(
    client: Any, cli: Any, tmp_path: Path
) -> None:
    deck = tmp_path / "l2.txt"
    deck.write_text(LIST, encoding="utf-8")
    result = cli("print", "--deck", deck, "--out", tmp_path / "l2.pdf", "--lang", "en")
    assert result.exit_code == 0 and "5 cards on 1 page" in result.stdout, result.output
    pasted = client.post("/print", data={"source": "paste", "deck": LIST, "lang": "zh-Hans"})
    assert pasted.status_code == 200, _error(pasted.text)
    assert pasted.headers["content-type"] == "application/pdf" and pasted.content.startswith(b"%PDF-")
    uploaded = client.post("/print", data={"source": "upload"},
                           files={"file": ("l2.txt", LIST.encode(), "text/plain")})  # fmt: skip
    assert uploaded.status_code == 200, _error(uploaded.text)
    assert uploaded.content.startswith(b"%PDF-")


def test_the_deck_builder_still_asks_a_tactics_list_for_its_mode(client: Any) -> None:
    from toolkit.web.deckwork import read_text

    pool = client.app.state.web.deck_pool
    codes = [f.code for f in read_text(pool, LIST).errors()]
    assert "deck.mode.missing" in codes


def test_the_calibration_summary_names_the_flip_in_the_page_s_words(cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "cal.pdf"
    result = cli("print", "--calibrate", "--out", out, "--lang", "zh-Hans")
    assert result.exit_code == 0, result.output
    assert "长边翻转" in result.stdout and "（long-edge）" not in result.stdout, result.stdout
    result = cli("print", "--calibrate", "--out", out, "--lang", "zh-Hans", "--backs", "short-edge")
    assert result.exit_code == 0, result.output
    assert "（短边翻转）" in result.stdout and "short-edge" not in result.stdout, result.stdout
    result = cli("print", "--calibrate", "--out", out, "--lang", "en")  # the long edge assumed: said so
    assert "(flip on the long edge, as --backs is not given" in result.stdout, result.stdout
    result = cli("print", "--calibrate", "--out", out, "--lang", "en", "--backs", "long-edge")
    assert "(flip on the long edge)" in result.stdout, result.stdout


@pytest.mark.parametrize(
    ("ref", "lang", "game", "hint"),
    [
        ("crossfire/nope", "zh-Hans", "谍战特工", None),  # nothing close to 'nope' ('sniper' is no guess)
        ("tactics/anvill", "zh-Hans", "特工战术", "'anvil'"),  # an id for an id
        ("tactics/Anvill", "zh-Hans", "特工战术", "'Anvil'"),  # a name in the language it was typed in
        ("tactics/寒雅", "zh-Hans", "特工战术", "'寒鸦'"),  # one character off a name of two
        ("tactics/Anvill", "en", "tactics", "'Anvil'"),
    ],
)
def test_an_unknown_card_names_its_game_and_a_close_card_in_the_user_s_words(
    cli: Any, tmp_path: Path, ref: str, lang: str, game: str, hint: str | None
) -> None:
    result = cli("print", ref, "--lang", lang, "--out", tmp_path / "z.pdf")
    assert result.exit_code != 0
    message = result.stderr
    if lang == "en":
        assert f"in {game}" in message, message
    else:  # the game's name, not its id
        assert game in message and f"{ref.split('/')[0]} 中" not in message, message
    if hint is None:
        assert "sniper" not in message.casefold(), message
    else:
        assert hint in message, message
