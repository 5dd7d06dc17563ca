"""The ability texts at scale (issue 27, part 3): each text's verdict and unsupported forms are reached as its
file is checked, with a walk of its own for the forms and caches that start over past a size; the findings
must be those of the engine's own `unsupported` and of a lint that keeps every verdict."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import validators.text_lint
from toolkit.catalog import discover
from toolkit.engine.forms import GAMES, form_words, unsupported
from toolkit.models import TEXT_FIELDS
from toolkit.paths import CARDS_DIR, SCHEMA_DIR
from toolkit.text import AbilitySyntaxError, parse
from validators.lint import lint_files
from validators.text_lint import forms_of


def _bundled_texts() -> list[str]:
    texts: set[str] = set()
    for path in discover([CARDS_DIR]):
        data = json.loads(path.read_text(encoding="utf-8"))
        for fields in TEXT_FIELDS:
            node = data
            for key in fields:
                node = node.get(key) if isinstance(node, dict) else None
            if isinstance(node, list):
                texts.update(text for text in node if isinstance(text, str))
    return sorted(texts)


def test_forms_are_the_engines_own() -> None:
    """forms_of skips the engine's `unsupported` for a text every form of which the engine runs: for every
    bundled text (each game's texts read as every game's), it says what `unsupported` says."""
    texts = _bundled_texts()
    parsed = 0
    said = 0
    for text in texts:
        try:
            ability = parse(text)
        except AbilitySyntaxError:
            continue
        parsed += 1
        for game in (*GAMES, "no_such_game"):
            expected = tuple((form, *form_words(form, node)) for form, node in unsupported(game, ability))
            assert forms_of(game, text) == expected, (game, text)
            said += bool(expected)
    assert parsed > 200 and said > 100  # (the texts hold forms some engines do not run)


def test_caches_that_start_over_change_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past KNOWN_LIMIT texts the verdicts and forms kept start over: a text comes again, it is checked again,
    with the same findings (here the limit is 1 to 3, and texts come again across files and games)."""
    shutil.copytree(SCHEMA_DIR, tmp_path / "schema")
    shutil.copytree(CARDS_DIR, tmp_path / "cards")
    root = tmp_path / "cards"
    for path in sorted((root / "tactics" / "cards").glob("*.json"))[:6]:
        data = json.loads(path.read_text(encoding="utf-8"))
        data["text"] = ["你抽 1 牌。", "当潜袭成功时：你抽 1 张牌。", *data.get("text", [])]
        path.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    kept = [f.format() for f in lint_files(discover([root]), [root]).findings]
    assert sum("card.text.parse" in line for line in kept) >= 6
    assert sum("text.form.unsupported" in line for line in kept) >= 6
    for limit in (1, 2, 3):
        monkeypatch.setattr(validators.text_lint, "KNOWN_LIMIT", limit)
        assert [f.format() for f in lint_files(discover([root]), [root]).findings] == kept


def test_verdicts_reached_a_batch_at_a_time_are_each_texts_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """TextVerdicts.reach parses a batch of texts before it renders them (groups of PARSE_AHEAD, here 2): the
    verdicts are those of each text alone, for texts that parse, that do not, that are not canonical, that come
    twice, and past a parse cache too small to keep a group."""
    texts = ["你抽 1 张牌。", "你抽 1 牌。", "你抽两张牌。", "你抽 1 张牌。", "当潜袭成功时：你抽 1 张牌。", ""]
    expected = [validators.text_lint.verdict(text) for text in texts]
    assert {found[0] for found in expected if found is not None} == {"parse", "format"}
    monkeypatch.setattr(validators.text_lint, "PARSE_AHEAD", 2)
    verdicts = validators.text_lint.TextVerdicts()
    verdicts.reach(texts)
    assert [verdicts.known[text] for text in texts] == expected
    verdicts.reach(texts)  # (known already: nothing parsed again)
    assert [verdicts.get(text) for text in texts] == expected
