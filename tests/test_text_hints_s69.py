"""Sweep 69 (an English user's parse errors):

1. an error in the text of a known game names that game's words only: a tactics ``造成 2 点伤害`` is not offered
   netrunner's typed damage (words tactics then reports as not run by its engine), and a record the model refuses
   (a schema error) is told its text's errors in its game's words as a valid one is, by lint and the web editor;
2. a text written in English gets one hint: card text is written in the Chinese ability language, with the Chinese
   of a sentence the renderer writes that way in English (``You draw 2 cards.`` is ``你抽 2 张牌。``), by
   ``text parse`` / ``text run``, lint and the web editor.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from toolkit.jsonio import canonical_dumps
from toolkit.text import AbilitySyntaxError, parse

from .conftest import CARDS, SCHEMA

NETRUNNER_DAMAGE = ("点网域伤害", "点肢体伤害", "点脑部伤害")
NETRUNNER_ONLY = ("公司", "强度", "在", "当")  # words a netrunner text writes and a tactics one never does


def _error(text: str, game: str | None = None) -> AbilitySyntaxError:
    with pytest.raises(AbilitySyntaxError) as info:
        parse(text, game)
    return info.value


def _card(root: Path, card_id: str, **fields: object) -> Path:
    """A tactics card ``card_id`` of the bundled adrenaline_shot with ``fields`` over it, in ``root``'s card copy."""
    source = CARDS / "tactics" / "cards" / "adrenaline_shot.json"
    data = json.loads(source.read_text("utf-8"))
    data.update(id=card_id, name={"zh-Hans": "卡" + card_id, "en": card_id.title()}, **fields)
    path = root / "cards" / "tactics" / "cards" / f"{card_id}.json"
    path.write_text(canonical_dumps(data), "utf-8")
    return path


@pytest.fixture
def pool(tmp_path: Path) -> Path:
    """tmp/cards/tactics (a copy of the bundled game) with tmp/schema beside it."""
    shutil.copytree(SCHEMA, tmp_path / "schema")
    shutil.copytree(CARDS / "tactics", tmp_path / "cards" / "tactics")
    return tmp_path


def _parse_findings(output: str, card_id: str) -> list[str]:
    return [line for line in output.splitlines() if f"{card_id}.json" in line and "card.text.parse" in line]


# ---------------------------------------------------------------- 1. a game's own words, always


def test_a_tactics_damage_without_target_is_not_offered_netrunner_damage() -> None:
    error = _error("造成 2 点伤害。", "tactics")
    said = error.summary()
    assert not any(word in said for word in NETRUNNER_DAMAGE), said
    assert not set(NETRUNNER_DAMAGE) & set(error.expected_in_full + error.alternatives + error.suggestions)
    # what it says instead: no tactics word comes there, the text so far being netrunner's form
    assert error.hint is not None and "netrunner" in error.hint and "tactics" in error.hint, said
    # netrunner, and a text of no game, are still told the typed damage
    assert set(NETRUNNER_DAMAGE) <= set(_error("造成 2 点伤害。", "netrunner").expected)
    assert set(NETRUNNER_DAMAGE) <= set(_error("造成 2 点伤害。").expected)


def test_cli_parse_of_a_tactics_text_names_no_netrunner_word(cli) -> None:
    result = cli("text", "parse", "--game", "tactics", "造成 2 点伤害。", "--lang", "en")
    assert result.exit_code == 1
    assert "unexpected '点伤害'" in result.stderr and "点网域伤害" not in result.stderr, result.stderr
    result = cli("text", "parse", "--game", "tactics", "造成 2 点伤害。", "--format", "json", "--lang", "en")
    error = json.loads(result.stdout)["error"]
    assert not set(NETRUNNER_DAMAGE) & set(error["expected"]), error


def test_lint_tells_a_refused_record_s_text_in_its_game_s_words(cli, pool: Path) -> None:
    """A tactics card the schema refuses (a category no tactics card has) is told its text's error with tactics'
    words, as the same card without the schema error is."""
    _card(pool, "zz_refused", category="weapon", text=["照成 2 点伤害。"])
    _card(pool, "zz_valid", text=["照成 2 点伤害。"])
    _card(pool, "zz_damage", text=["造成 2 点伤害。"])
    result = cli("lint", pool / "cards" / "tactics", "--lang", "en")
    assert "card.schema" in result.output and '"weapon" is not one of' in result.output, result.output
    [refused] = _parse_findings(result.output, "zz_refused")
    [valid] = _parse_findings(result.output, "zz_valid")
    [damage] = _parse_findings(result.output, "zz_damage")
    expected = [re.search(r"; expected (.*)", line) for line in (refused, valid)]
    assert expected[0] is not None and expected[1] is not None, (refused, valid)
    assert expected[0].group(1) == expected[1].group(1), (refused, valid)
    words = expected[0].group(1).split(" · ")
    assert not set(NETRUNNER_ONLY) & set(words), refused
    assert "did you mean 造成?" in refused
    assert not any(word in damage for word in NETRUNNER_DAMAGE), damage


def test_the_editor_tells_a_refused_record_s_text_in_its_game_s_words(pool: Path) -> None:
    from toolkit.web.settings import WebSettings

    from .web.conftest import writing_client

    settings = WebSettings(cards=[pool / "cards"], db_url=str(pool / "web.db"), cache=pool / "cache",
                           data=pool / "data")  # fmt: skip
    path = "tactics/cards/adrenaline_shot.json"
    data = json.loads((pool / "cards" / path).read_text("utf-8"))
    data.update(category="weapon", text=["照成 2 点伤害。"])
    for client in writing_client(settings):
        result = client.post(
            "/editor/check", json={"path": path, "text": canonical_dumps(data), "preview": False, "lang": "en"}
        )
        assert result.status_code == 200, result.text
        findings = [f for f in result.json()["findings"] if f["code"] == "card.text.parse"]
    [finding] = findings
    listed = finding["text"].split("; expected ", 1)[1].split(" · ")
    assert not set(NETRUNNER_ONLY) & set(listed), finding["text"]
    assert not set(NETRUNNER_ONLY) & set(finding["alternatives"]), finding["alternatives"]


# ---------------------------------------------------------------- 2. text written in English


HINT = "ability text is written in the Chinese ability language"


@pytest.mark.parametrize(
    ("english", "chinese"),
    [
        ("You draw 2 cards.", "你抽 2 张牌。"),
        ("You draw 2 cards", "你抽 2 张牌。"),  # (no stop: the sentence all the same)
        ("You draw 1 card.", "你抽 1 张牌。"),
        ("you buy 3 cards.", "你购买 3 张牌。"),
        ("Deal 2 damage to target enemy unit.", "对目标敌方单位造成 2 点伤害。"),
        ("When played: You draw 3 cards. You buy 1 card.", "打出时：你抽 3 张牌。你购买 1 张牌。"),
        ("Do 2 net damage.", "造成 2 点网域伤害。"),
        ("[click]: You gain 2[credit].", "[click]：你获得 2[credit]。"),
    ],
)
def test_an_english_text_is_told_its_chinese(english: str, chinese: str) -> None:
    error = _error(english)
    assert error.hint is not None and HINT in error.hint, error.summary()
    assert chinese in error.hint and "dossier text render --lang en" in error.hint, error.hint
    assert parse(chinese) is not None


def test_the_chinese_offered_is_of_the_text_s_game() -> None:
    netrunner = _error("Do 2 net damage.", "netrunner")
    assert netrunner.hint is not None and "造成 2 点网域伤害。" in netrunner.hint, netrunner.hint
    tactics = _error("Do 2 net damage.", "tactics")  # (netrunner's form: a tactics card is given the example)
    assert tactics.hint is not None and HINT in tactics.hint and "网域" not in tactics.hint, tactics.hint
    assert "你抽 2 张牌。" in tactics.hint
    drawn = _error("You draw 2 cards.", "tactics")
    assert drawn.hint is not None and "你抽 2 张牌。" in drawn.hint


def test_english_with_no_sentence_form_gets_the_general_hint() -> None:
    error = _error("Draw two cards, then shuffle.")
    assert error.hint is not None and HINT in error.hint, error.summary()
    assert "'You draw 2 cards.' is 你抽 2 张牌。" in error.hint, error.hint
    # a Latin word inside a Chinese text is English too
    error = _error("你抽 2 cards。")
    assert error.hint is not None and HINT in error.hint, error.summary()


@pytest.mark.parametrize("text", ["你抽 X 张牌。", "你获得 2 credit。", "你获得 2 credits。", "你获得 2[credits]。"])
def test_a_code_of_the_language_is_not_told_it_is_english(text: str) -> None:
    error = _error(text)
    assert error.hint is None or HINT not in error.hint, error.summary()


def test_cli_parse_and_run_tell_an_english_text_its_chinese(cli) -> None:
    result = cli("text", "parse", "--game", "tactics", "You draw 2 cards.", "--lang", "en")
    assert result.exit_code == 1 and HINT in result.stderr and "你抽 2 张牌。" in result.stderr, result.stderr
    result = cli("text", "run", "You draw 2 cards.", "--game", "tactics", "--lang", "en")
    assert result.exit_code == 1 and HINT in result.output and "你抽 2 张牌。" in result.output, result.output


def test_lint_and_the_editor_tell_an_english_text_its_chinese(cli, pool: Path) -> None:
    _card(pool, "zz_english", text=["You draw 2 cards."])
    result = cli("lint", pool / "cards" / "tactics", "--lang", "en")
    [finding] = _parse_findings(result.output, "zz_english")
    assert "unexpected 'You'" in finding and HINT in finding and "你抽 2 张牌。" in finding, finding

    from toolkit.i18n import use_lang
    from toolkit.web.routes.editor import text_error

    record = {"game": "tactics", "kind": "card", "id": "zz_english", "text": ["You draw 2 cards."]}
    with use_lang("en"):
        shown = text_error(record, "/text/0")
    assert shown is not None and HINT in shown["message"] and "你抽 2 张牌。" in shown["message"], shown


def test_a_roundtrip_error_of_a_known_game_names_its_words() -> None:
    """``card.text.roundtrip``: a canonical text that does not parse (a renderer's bug) is told in the words of the
    record's game too."""
    from types import SimpleNamespace

    from validators.text_lint import _report_text

    said: list[str] = []
    entry: Any = SimpleNamespace(label="tactics card 'x'")
    found = ("unparsable", "造成 2 点伤害。", _error("造成 2 点伤害。").summary())
    _report_text(entry, lambda code, message, *_: said.append(message), ("text", 0), "x", found, "tactics")
    [message] = said
    assert "does not parse" in message and not any(word in message for word in NETRUNNER_DAMAGE), message
    said.clear()
    _report_text(entry, lambda code, message, *_: said.append(message), ("text", 0), "x", found, None)
    assert all(word in said[0] for word in NETRUNNER_DAMAGE), said
