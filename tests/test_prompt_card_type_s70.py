"""Card-script prompts name a card type inside a sentence in its in-sentence word ("trash a program", "install an
ice"), not in the capitalised label form a line starts with ("trash a Program", "install a Ice")."""

from __future__ import annotations

import ast
from pathlib import Path

from toolkit.engine.decisions import worded
from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n import N_, use_lang

ROOT = Path(__file__).resolve().parents[1] / "toolkit" / "engine" / "netrunner"


def _sentences() -> list[tuple[str, int, str, ast.Call]]:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Phrase" and node.args):
                continue
            first = node.args[0]
            if isinstance(first, ast.Call) and first.args and isinstance(first.args[0], ast.Constant):
                message = first.args[0].value
                for keyword in node.keywords:
                    if (
                        keyword.arg == "type"
                        and isinstance(keyword.value, ast.Call)
                        and "{type}" in message
                        and "({type})" not in message
                    ):
                        found.append((path.name, node.lineno, message, keyword.value))
    return found


def test_every_type_inside_a_sentence_is_the_in_sentence_word_with_its_article() -> None:
    sentences = _sentences()
    assert len(sentences) > 30
    wrong = []
    for name, line, message, term in sentences:
        kind = term.args[0].value if term.args and isinstance(term.args[0], ast.Constant) else None
        if kind == "type":  # the label form; a subtype ("trash a Trojan") keeps its own word
            wrong.append(f"{name}:{line}: {message!r} takes a Term of {kind!r}")
        code = term.args[1].value if len(term.args) > 1 and isinstance(term.args[1], ast.Constant) else None
        if isinstance(code, str) and (" a {type}" in f" {message}" or " an {type}" in f" {message}"):
            article = "an" if code[0] in "aeiou" else "a"
            if f"{article} {{type}}" not in message:
                wrong.append(f"{name}:{line}: {message!r} with {code!r}")
    assert not wrong, "\n".join(wrong)


def test_the_prompt_reads_in_lower_case_in_english_and_in_chinese_words() -> None:
    with use_lang("en"):
        assert worded(Phrase(N_("trash a {type}"), type=Term("card_type", "program"))) == "trash a program"
        assert worded(Phrase(N_("trash an {type}"), type=Term("card_type", "ice"))) == "trash an ice"
    with use_lang("zh"):
        assert worded(Phrase(N_("trash an {type}"), type=Term("card_type", "ice"))) == "销毁一个防火墙"
