"""Findings in the user's language: `dossier lint`, `fmt --check` and `text parse|fmt` word their findings, the
JSON Schema's and the JSON parser's complaints, the ability language's errors and the summary in zh-Hans, en or
the pseudo-locale en-XA; codes, pointers, positions, ids and the keys of --format json stay as they are."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import validators.lint
from toolkit import i18n
from toolkit.catalog import discover
from toolkit.jsonio import JsonSyntaxError, canonical_dumps, loads_strict
from toolkit.text import AbilitySyntaxError, parse
from toolkit.text import parser as P
from validators.lint import lint_files, schema_message

from .conftest import CARDS, SCHEMA

Run = Callable[..., Any]
CJK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")
# path:line:col: severity code: message (the compiler-style prefix is the same in every language)
# a finding line in any of the languages: `f:1:2: error code: …`, `f:1:2：错误 code：…`, `‹f:1:2: ‹éŕŕóŕ› code: …›`
FINDING = re.compile(
    r"^‹?(?P<where>\S+?:\d+:\d+)(?:: |：)(?P<severity>\S+) (?P<code>[a-z_.]+)(?:: |：)(?P<message>.*?)›?$"
)
BAD_TEXT = "你抽 1 牌。"


def _edit(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(canonical_dumps(data), encoding="utf-8")


@pytest.fixture
def planted(tmp_path: Path) -> Path:
    """A copy of the tactics cards with one problem of each kind: a value the schema refuses (an enum, with a
    "did you mean"; a number under its minimum), a missing and an unknown field, a wrong type, a reference to no
    record, a name in a text that no record has, ability text that does not parse, a file that is no JSON."""
    shutil.copytree(SCHEMA, tmp_path / "schema")
    root = tmp_path / "cards" / "tactics"
    shutil.copytree(CARDS / "tactics", root)
    cards = sorted((root / "cards").glob("*.json"))
    exclusive = next(p for p in cards if '"agent": ' in p.read_text(encoding="utf-8"))
    _edit(exclusive, lambda d: d.update(agent="nobody"))
    equipment = next(p for p in cards if '"size": "heavy"' in p.read_text(encoding="utf-8"))
    _edit(equipment, lambda d: d["equipment"].update(size="hevy"))
    _edit(root / "cards" / "med_kit.json", lambda d: d.update(text=[BAD_TEXT]))
    _edit(root / "cards" / "smoke_grenade.json", lambda d: d.update(text=["你搜寻 1 张「不存在的牌」。"]))
    _edit(root / "agents" / "private.json", lambda d: d.update(hp="ten", nickname="小兵"))
    no_category = next(p for p in cards if p not in (exclusive, equipment) and p.stem not in ("med_kit", "smoke_grenade"))
    _edit(no_category, lambda d: (d.pop("category"), d.update(cost={"mortgage": -2})))
    (root / "cards" / "broken.json").write_text('{\n  "game": "tactics",\n  "kind": "card"\n  "id": "broken"\n}\n')
    return root


EXPECTED_CODES = {"card.schema", "card.ref", "card.text.parse", "card.text.ref", "card.json"}


def _run(cli: Run, monkeypatch: pytest.MonkeyPatch, env: str | None, *args: Any) -> Any:
    if env is None:
        monkeypatch.delenv("DOSSIER_LANG", raising=False)
    else:
        monkeypatch.setenv("DOSSIER_LANG", env)
    return cli(*args)


def _findings(output: str) -> Iterator[tuple[str, str]]:
    """(code, message) of each finding line (the ability text and caret lines under one are the user's)."""
    for line in output.splitlines():
        match = FINDING.match(line)
        if match:
            yield match["code"], match["message"]


def _summary(output: str) -> list[str]:
    return [line for line in output.splitlines() if line and not FINDING.match(line) and not line.startswith("    ")]


def _record_strings(root: Path) -> list[str]:
    """Every string of the planted records (names, texts: what a finding may quote), longest first."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            found.add(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for path in root.rglob("*.json"):
        try:
            walk(json.loads(path.read_text(encoding="utf-8")))
        except ValueError:
            continue
    return sorted(found, key=len, reverse=True)


def _language_words() -> list[str]:
    """The words of the ability language an error may quote (what the grammar expects, the hints' examples)."""
    words = {w for t in P._lark().terminals for w in (P._terminal_words(t.pattern) or [])}
    for _, fields, _ in P._HINTS:
        for value in fields.values():
            words.update(value if isinstance(value, tuple) else [value])
    return sorted(words, key=len, reverse=True)


def _without_data(message: str) -> str:
    """A message without what is no word of it: quoted values and ids, 「names」, pointers, file names, `code`."""
    message = re.sub(r"'[^']*'|\"[^\"]*\"|「[^」]*」|`[^`]*`", " ", message)
    message = re.sub(r"(?<![\w/])/[^\s:：，；,;)）]*", " ", message)  # JSON pointers
    return re.sub(r"[\w.-]+\.json\b", " ", message)


@pytest.mark.lang_default
@pytest.mark.parametrize("env", [None, "zh-Hans"], ids=["default", "DOSSIER_LANG=zh-Hans"])
def test_lint_speaks_chinese_by_default_and_when_asked(cli: Run, planted: Path, monkeypatch: pytest.MonkeyPatch,
                                                      env: str | None) -> None:  # fmt: skip
    result = _run(cli, monkeypatch, env, "lint", planted)
    assert result.exit_code == 1, result.output
    findings = list(_findings(result.output))
    assert {code for code, _ in findings} >= EXPECTED_CODES, result.output
    for code, message in findings:
        left = _without_data(message)
        english = re.findall(r"[A-Za-z]{2,}", left)
        assert not [w for w in english if w not in {"JSON", "ID", "UTF"}], (code, message)
        assert CJK.search(message), message
    messages = "\n".join(m for _, m in findings)
    assert "缺少必填字段 '/category'" in messages
    assert '"hevy" 不是 "carried"（随身）、"normal"（普通）、"heavy"（重型）之一；是不是想写 "heavy"？' in messages
    assert '"ten" 的类型不是整数' in messages and "未知字段 'nickname'" in messages
    assert "专用于特工 'nobody'，但该特工不存在" in messages
    assert "无效的 JSON：此处应为分隔符 ','" in messages
    assert "特工战术卡牌 'med_kit'：/text/0：文本第 6 列：意外的 '牌。'" in messages
    assert "提示：数量需要量词：" in messages and "不是特工战术的任何记录" in messages
    summary = _summary(result.output)
    assert summary[0].startswith("特工战术") and "条记录：" in summary[0] and "张牌" in summary[0]
    assert re.fullmatch(r"\d+ 个文件：\d+ 个错误，\d+ 个警告", summary[-1]), summary
    for line in summary:
        assert not re.findall(r"[A-Za-z]{2,}", line), line
    # the caret still points at the text as written
    lines = result.output.splitlines()
    at = next(i for i, line in enumerate(lines) if "card.text.parse" in line)
    assert lines[at + 1].strip() == BAD_TEXT and lines[at + 2].rstrip().endswith("^")


def test_lint_in_english_has_no_chinese_but_names_and_ability_words(cli: Run, planted: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    result = _run(cli, monkeypatch, "en", "lint", planted)
    assert result.exit_code == 1, result.output
    findings = list(_findings(result.output))
    assert {code for code, _ in findings} >= EXPECTED_CODES
    allowed = sorted({*_record_strings(planted), *_language_words()}, key=len, reverse=True)
    for code, message in findings:
        left = re.sub(r"'[^']*'|「[^」]*」", " ", message)  # quoted values and names: what the user wrote
        for text in allowed:
            left = left.replace(text, " ")
        assert not CJK.search(left), (code, message)
    messages = "\n".join(m for _, m in findings)
    assert "tactics card 'med_kit': /text/0: column 6 of the text: unexpected '牌。'" in messages
    assert '"hevy" is not one of ["carried", "normal", "heavy"]; did you mean "heavy"?' in messages
    assert "invalid JSON: Expecting ',' delimiter" in messages
    for line in _summary(result.output):
        assert not CJK.search(line), line
    assert re.fullmatch(r"\d+ files: \d+ errors, \d+ warnings", _summary(result.output)[-1])


def _plain_words(text: str) -> list[str]:
    """The words of ``text`` written in plain ASCII letters (a pseudo-translated word has accents)."""
    return [w for w in re.findall(r"[^\W\d_]+", text) if w.isascii() and len(w) >= 2]


def test_lint_in_the_pseudo_locale_accents_every_word(cli: Run, planted: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    result = _run(cli, monkeypatch, "en-XA", "lint", planted)
    assert result.exit_code == 1, result.output
    findings = list(_findings(result.output))
    assert {code for code, _ in findings} >= EXPECTED_CODES
    for code, message in findings:
        assert message.startswith("‹") and message.endswith("›"), message
        left = _without_data(message)
        assert not [w for w in _plain_words(left) if w != "UTF"], (code, message)
    for line in _summary(result.output):
        assert "‹" in line and not _plain_words(line), line


def test_lint_json_keeps_its_keys_and_codes_and_words_its_messages(cli: Run, planted: Path) -> None:
    english = json.loads(cli("lint", planted, "--format", "json", "--lang", "en").stdout)
    chinese = json.loads(cli("lint", planted, "--format", "json", "--lang", "zh-Hans").stdout)
    assert english.keys() == chinese.keys() == {"findings", "summary"}
    assert english["summary"] == chinese["summary"]
    assert len(english["findings"]) == len(chinese["findings"])
    for en, zh in zip(english["findings"], chinese["findings"], strict=True):
        assert {k: v for k, v in en.items() if k != "message"} == {k: v for k, v in zh.items() if k != "message"}
        assert en["message"] != zh["message"] and CJK.search(zh["message"])


@pytest.mark.parametrize("command", [["lint"], ["fmt"], ["schema"], ["text", "parse"], ["text", "fmt"]])
def test_the_commands_take_lang(cli: Run, command: list[str]) -> None:
    help_text = cli(*command, "--help").output
    assert "--lang" in help_text


def test_fmt_check_and_text_commands_word_their_findings(cli: Run, planted: Path) -> None:
    fmt = cli("fmt", "--check", planted, "--lang", "zh-Hans")
    assert fmt.exit_code == 1
    assert "cards/broken.json:4:3：错误 card.json：无效的 JSON：此处应为分隔符 ','；文件保持原样" in fmt.output
    text_fmt = cli("text", "fmt", "--check", planted, "--lang", "zh-Hans")
    assert "错误 card.text.parse：/text/0：文本第 6 列：意外的 '牌。'" in text_fmt.output
    parsed = cli("text", "parse", "--lang", "zh-Hans", "--format", "json", "你抽张牌。")
    error = json.loads(parsed.stdout)["error"]
    assert error["reason"] == "意外的 '张牌'" and error["expected"] == ["一个数字"]
    assert error["hint"] == "此处缺少数字（阿拉伯数字 2 或汉字 两 均可）"
    pseudo = cli("text", "parse", "--lang", "en-XA", "你抽张牌。")
    first = next(line for line in pseudo.output.splitlines() if "card.text.parse" in line)
    assert not _plain_words(re.sub(r"'[^']*'", " ", first.split("card.text.parse: ", 1)[1]))


@pytest.mark.lang_default
def test_a_formatted_file_and_the_text_commands_speak_chinese_by_default(cli: Run, planted: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    path = planted / "cards" / "med_kit.json"
    path.write_text(path.read_text(encoding="utf-8").replace("\n  ", "\n    "), encoding="utf-8")
    result = _run(cli, monkeypatch, None, "fmt", "--check", planted)
    assert f"{path}：将重新格式化" in result.output and "1 个文件将被重新格式化" in result.output
    blank = planted / "blank.txt"
    blank.write_text("\n\n", encoding="utf-8")
    empty = _run(cli, monkeypatch, None, "text", "parse", "--file", blank)
    assert empty.exit_code == 1 and f"{blank}：文件中没有能力文本" in empty.output
    missing = _run(cli, monkeypatch, None, "text", "parse", "--file", planted / "nothing.txt")
    assert missing.exit_code == 2 and "：没有这个文件" in missing.output


# ---------------------------------------------------------------- the wording, library level


def _schema_error(schema: dict[str, Any], value: Any) -> Any:
    return next(jsonschema.Draft202012Validator(schema).iter_errors(value))


SCHEMA_CASES = [
    ({"type": "integer"}, "ten", "\"ten\" is not of type 'integer'", '"ten" 的类型不是整数'),
    ({"type": ["string", "null"]}, 5, "5 is not of type 'string' or 'null'", "5 的类型不是字符串或空值"),
    ({"enum": ["a", "b"]}, "c", '"c" is not one of ["a", "b"]', '"c" 不是 "a"、"b" 之一'),
    ({"const": "card"}, "deck", '"card" was expected', '此处应为 "card"'),
    ({"pattern": "^[a-z]+$"}, "X", '"X" does not match "^[a-z]+$"', '"X" 不符合格式 "^[a-z]+$"'),
    ({"minimum": 0}, -2, "-2 is less than the minimum of 0", "-2 小于最小值 0"),
    ({"maximum": 10}, 11, "11 is greater than the maximum of 10", "11 大于最大值 10"),
    ({"exclusiveMinimum": 0}, 0, "0 is less than or equal to the minimum of 0", "0 不大于下限 0"),
    ({"minLength": 1}, "", '"" should be non-empty', '"" 不能为空'),
    ({"maxLength": 3}, "abcd", '"abcd" is too long (at most 3 characters)', '"abcd" 太长（最多 3 个字符）'),
    ({"minItems": 2}, [1], "[1] is too short (at least 2 items)", "[1] 太短（至少 2 项）"),
    ({"maxItems": 1}, [1, 2], "[1, 2] is too long (at most 1 item)", "[1, 2] 太长（最多 1 项）"),
    ({"uniqueItems": True}, [1, 1], "1 is listed more than once", "1 列出了不止一次"),  # (the value repeated, s74)
    (
        {"anyOf": [{"type": "string"}, {"type": "integer"}]},
        [],
        "[] is not valid under any of the given schemas",
        "[] 不符合任何一个可选的结构",
    ),
]


@pytest.mark.parametrize(("schema", "value", "english", "chinese"), SCHEMA_CASES)
def test_schema_errors_are_worded_in_the_language(schema: dict[str, Any], value: Any, english: str,
                                                  chinese: str) -> None:  # fmt: skip
    error = _schema_error(schema, value)
    assert schema_message(error) == english
    with i18n.use_lang("zh-Hans"):
        assert schema_message(error) == chinese
    with i18n.use_lang(i18n.PSEUDO):
        pseudo = schema_message(error)
        assert pseudo.startswith("‹") and not _plain_words(re.sub(r"'[^']*'|\"[^\"]*\"", " ", pseudo))  # (values)


def test_a_rare_schema_kind_falls_back_to_jsonschema_s_words() -> None:
    error = _schema_error({"not": {"type": "string"}}, "x")
    with i18n.use_lang("zh-Hans"):  # (the value said as JSON, as in every other schema message)
        assert error.message.startswith("'x' ") and schema_message(error) == '"x"' + error.message[3:]


@pytest.mark.parametrize(
    ("text", "english", "chinese"),
    [
        ('{"a": 1,\n "b": }', "Expecting value", "此处应为一个值"),
        ('{"a": 1, "a": 2}', "duplicate key 'a'", "重复的键 'a'"),
        ('{"a": "x" "b"}', "Expecting ',' delimiter", "此处应为分隔符 ','"),
        ('{"a": 1} x', "Extra data", "文档结束后还有多余的内容"),
        ('{"a": "\\q"}', "Invalid \\escape", "无效的转义序列"),
    ],
)
def test_json_syntax_errors_are_worded_in_the_language(text: str, english: str, chinese: str) -> None:
    for lang, expected in (("en", english), ("zh-Hans", chinese)):
        with i18n.use_lang(lang), pytest.raises(JsonSyntaxError) as info:
            loads_strict(text)
        assert info.value.message == expected


@pytest.mark.parametrize(
    ("text", "english", "chinese"),
    [
        (BAD_TEXT, "unexpected '牌。'; expected 张牌; hint: a count needs its measure word", "意外的 '牌。'；此处应为 张牌"),
        ("你抽 0 张牌。", "the number of cards must be at least 1, not 0", "牌的数量至少为 1，不能是 0"),
        ("", "the ability text is empty", "能力文本为空"),
        ("你对存储栈发起潜袭。", "存储栈 is not a server; runs go to 总部, 研发中心 or 档案库", "存储栈不是服务器；潜袭的目标是总部"),
        ("本单位移速 1。", "hint: a modifier carries its sign: +X or -X", "提示：修正值要带符号：+X 或 -X"),
        ("你抽 99 张牌。", "the number 99 is more than 50", "数字 99 大于 50"),
    ],
)
def test_ability_errors_are_worded_in_the_language(text: str, english: str, chinese: str) -> None:
    for lang, expected in (("en", english), ("zh-Hans", chinese), (i18n.PSEUDO, "‹")):
        with i18n.use_lang(lang):
            with pytest.raises(AbilitySyntaxError) as info:
                parse(text)
            summary = info.value.summary()  # worded when asked, in the current language
            assert expected in summary and str(info.value) == summary, summary


def test_the_hints_keep_their_english_keys() -> None:
    # HINTS is keyed by the English hint (the fast parser's tests read its texts); every hint is a message
    assert "every sentence ends with 。 (你抽 2 张牌。)" in P.HINTS
    assert all(not CJK.search(message) for message, _, _ in P._HINTS)


def test_worker_processes_speak_the_language_of_the_lint(planted: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(validators.lint, "PARALLEL_FROM", 10)
    with i18n.use_lang("zh-Hans"):
        serial = [f.format() for f in lint_files(discover([planted]), [planted], jobs=1).findings]
        parallel = [f.format() for f in lint_files(discover([planted]), [planted], jobs=3).findings]
    assert serial == parallel
    assert any("card.text.parse" in line and "意外的 '牌。'" in line for line in parallel)


def test_unsupported_forms_name_the_games_in_each_language_of_one_process(tmp_path: Path) -> None:
    """The game names of ``text.form.unsupported`` are worked out once per form: a lint in Chinese, then English,
    then the pseudo-locale, then Chinese again, in one process, names the games in each one's language."""
    shutil.copytree(SCHEMA, tmp_path / "schema")
    root = tmp_path / "cards" / "tactics"
    shutil.copytree(CARDS / "tactics", root)
    _edit(root / "cards" / "med_kit.json", lambda d: d.update(text=["当潜袭成功时：你抽 1 张牌。"]))

    def forms(lang: str) -> list[str]:
        with i18n.use_lang(lang):
            found = lint_files(discover([root]), [root], jobs=1).findings
        return [f.message for f in found if f.code == "text.form.unsupported" and "med_kit" in f.message]

    chinese, english, pseudo, again = forms("zh-Hans"), forms("en"), forms("en-XA"), forms("zh-Hans")
    assert len(chinese) == len(english) == len(pseudo) == 1 and again == chinese
    assert "特工战术引擎" in chinese[0] and "执行它的游戏：矩阵潜袭" in chinese[0], chinese[0]
    assert "the tactics engine" in english[0] and "(games that run it: netrunner)" in english[0], english[0]
    assert not CJK.search(_without_data(english[0]).replace("当潜袭成功时", "")), english[0]
    with i18n.use_lang("en-XA"):
        accented = i18n.word("game", "netrunner", i18n.current_lang())
    assert accented != "netrunner" and f": {accented})" in pseudo[0], pseudo[0]
