"""Issue 27 (part 3): lint's per-text and per-finding work, done once or more cheaply, says the same.

- ``text.form.not_lasting``'s words that depend on the game and the holder alone (what the holder takes, the forms
  under which nothing is taken, the timings and the activated ability to write) are worded once per game, holder
  and language (:func:`validators.text_lint._fleeting_words`), not again for every text;
- a finding is placed (given its line and column) by making it anew (:func:`validators.lint._located`), not through
  :func:`dataclasses.replace`;
- :func:`validators.text_lint.parse_ahead` passes over a text that does not parse without a context manager a text.

Only the results are compared here (the same words, findings and parses), never a time."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import discover
from toolkit.findings import Finding
from toolkit.i18n import PSEUDO, current_lang, tc, tr, use_lang
from toolkit.jsonio import canonical_dumps
from toolkit.text import AbilitySyntaxError, parse_cached
from validators import lint as lint_module
from validators import text_lint
from validators.lint import lint_files

LANGS = ("zh-Hans", "en", PSEUDO)
DAMAGE = "对距离 0-2 内的目标敌方单位造成 1 点伤害。"


def _words_as_before(game: str, holder: str) -> dict[str, str]:
    """The words as ``_report_fleeting`` made them for each text before they were kept (in the current language)."""
    sep = str(tc(current_lang(), "list", ", "))
    nested, timings, activated = text_lint._FLEETING_WORDS[game]
    return {
        "holder": tr(text_lint._HOLDER_WORDS[holder]),
        "nested": tr("{some} or {last}", some=sep.join(nested[:-1]), last=nested[-1]),
        "timings": sep.join(timings),
        "ability": activated,
    }


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("game", "holder"),
    [("tactics", "equipment"), ("tactics", "status"), ("tactics", "unit"), ("netrunner", "active")],
)
def test_the_kept_words_of_not_lasting_are_those_worded_each_time(game: str, holder: str, lang: str) -> None:
    with use_lang(lang):
        expected = _words_as_before(game, holder)
        pseudo = lang == PSEUDO
        language = "en" if pseudo else lang
        assert text_lint._fleeting_words(game, holder, language, pseudo) == expected


def test_the_kept_words_follow_the_language_of_each_lint() -> None:
    # one process, the language changed between two calls: each gets the words of its own
    said: dict[str, list[str]] = {}
    for lang in ("en", "zh-Hans", "en"):
        with use_lang(lang):
            said.setdefault(lang, []).append(text_lint._fleeting_words("tactics", "equipment", lang, False)["holder"])
    assert said["en"][0] == said["en"][1] == "while it is worn, an equipment card takes from a sentence with no timing"
    assert said["zh-Hans"][0] != said["en"][0]


@pytest.mark.parametrize(
    "finding",
    [
        Finding("card.text.parse", "m", "error", "/a/b.json", "/text/0"),
        Finding("text.form.not_lasting", "m", "warning", "/a/b.json", "/text/1"),
        Finding("card.io", "m", "error", None, None),
    ],
)
def test_a_finding_located_anew_is_the_one_located_by_replace(finding: Finding) -> None:
    made = lint_module._located(finding, 7, 3)
    assert made == finding.located(7, 3) and type(made) is Finding
    assert (made.line, made.column) == (7, 3) and finding.line is None  # (the finding itself is left as it was)


def test_a_subclass_of_finding_is_located_as_it_locates_itself() -> None:
    from dataclasses import dataclass

    @dataclass(frozen=True, slots=True)
    class Noted(Finding):
        note: str = ""

    noted = Noted("card.ref", "m", "error", "/a.json", "/x", note="kept")
    made = lint_module._located(noted, 2, 5)
    assert type(made) is Noted and made.note == "kept" and (made.line, made.column) == (2, 5)


def test_parse_ahead_caches_what_parses_and_passes_over_what_does_not() -> None:
    good, bad = "你抽 1 张牌。", "这不是能力文本 ###"
    parse_cached.cache_clear()
    text_lint.parse_ahead([good, bad, good])
    info = parse_cached.cache_info()
    assert info.currsize == 1 and info.hits == 1  # the good text cached once (a failed parse is never cached)
    with pytest.raises(AbilitySyntaxError):
        parse_cached(bad)


def _edit(path: Path, **fields: Any) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    data.update(fields)
    path.write_text(canonical_dumps(data), encoding="utf-8")


def test_a_lint_says_the_same_findings_placed_the_same_in_each_language(game_copy: Any) -> None:
    folder = game_copy("tactics")
    _edit(folder / "cards" / "thermal_scope.json", text=[DAMAGE, "佩戴者攻击距离 +1。", "你抽 1 张牌。"])
    _edit(folder / "cards" / "gales_order.json", text=["你抽 1 张牌。", "贴附单位移速 +1。", "你抽 一 张牌。"])
    said: dict[str, list[list[tuple[Any, ...]]]] = {}
    for lang in (*LANGS, "en"):
        with use_lang(lang):
            result = lint_files(discover([folder]), [folder])
        said.setdefault(lang, []).append(
            [(f.code, f.message, f.file, f.pointer, f.line, f.column) for f in result.findings]
        )
    assert said["en"][0] == said["en"][1]
    codes = [code for code, *_ in said["en"][0]]
    assert codes.count("text.form.not_lasting") == 4 and "card.text.format" in codes, codes
    for lang in LANGS:
        found = said[lang][0]
        assert all(line is not None and column is not None for *_, line, column in found)
        # the same findings at the same places whatever the language; the words differ
        assert [(c, f, p, ln, col) for c, _, f, p, ln, col in found] == [
            (c, f, p, ln, col) for c, _, f, p, ln, col in said["en"][0]
        ]
    fleeting = [m for c, m, *_ in said["en"][0] if c == "text.form.not_lasting"]
    assert all("write a timing (回合开始时：…, 攻击后：…) or an active ability (主动 横置：…)" in m for m in fleeting)
    assert any("while it is worn, an equipment card takes" in m for m in fleeting)
    assert any("while it is attached, a status card takes" in m for m in fleeting)
