"""A finding: one problem with a stable code, located by file, pointer, line and column.

Foundation module (imports nothing of ours when it is imported): validators, deck readers and the
CLI all speak in findings.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem found in a file.

    ``code`` is stable and dotted (``card.schema``, ``card.ref``); ``message`` is worded in the
    language that was current when the finding was made (:func:`toolkit.i18n.tr`); ``pointer`` is
    an RFC 6901 pointer into the JSON document; ``line``/``column`` are 1-based.
    """

    code: str
    message: str
    severity: Severity = "error"
    file: str | None = None
    pointer: str | None = None
    line: int | None = None
    column: int | None = None

    def located(self, line: int, column: int) -> Finding:
        return replace(self, line=line, column=column)

    def where(self) -> str:
        """``path:line:col`` (as far as the finding is located)."""
        where = self.file or "<input>"
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return where

    def format(self) -> str:
        """Compiler-style: ``path:line:col: severity code: message``, the severity as it is in the JSON output
        (``error``, ``warning``); what a command prints is :func:`finding_line`, in the reader's language."""
        return f"{self.where()}: {self.severity} {self.code}: {self.message}"

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "file": self.file,
            "pointer": self.pointer,
            "line": self.line,
            "column": self.column,
        }


def severity_word(severity: str, lang: str) -> str:
    """``error`` or ``warning`` in ``lang``."""
    from toolkit.i18n import tc

    return tc(lang, "severity", "warning") if severity == "warning" else tc(lang, "severity", "error")


def finding_line(finding: Finding, lang: str | None = None) -> str:
    """:meth:`Finding.format` in ``lang`` (default: the current language), as every command and page tells a
    finding: ``deck.txt:3:1: error deck.card: …``, in Chinese ``deck.txt:3:1：错误 deck.card：…`` (the code stays as
    it is in every language). The catalogs are imported when a finding is told, not when this module is (it stands
    on nothing of ours)."""
    from toolkit.i18n import current_lang, tr, use_lang

    if lang is not None and lang != current_lang():
        with use_lang(lang):
            return finding_line(finding)
    severity = severity_word(finding.severity, current_lang())
    return tr("{where}: {severity} {code}: {message}", where=finding.where(), severity=severity, code=finding.code,
              message=finding.message)  # fmt: skip


def at_character(text: str, at: tuple[int, int], offset: int) -> tuple[int, int]:
    """Where a finding about the character ``offset`` of a string of the JSON document ``text`` goes, as a compiler
    places an error (the editor jumps there): the line and column (1-based, in characters) of that character in the
    file, each escape counted as it is written (``\\n``, ``\\"``, ``\\u7ec8``: one character of the string, two or
    six of the file). ``at`` is where the string is, as :func:`toolkit.jsonio.value_positions` places a value: an
    item's own place, or for an object member its key's (the string is the value after the colon); ``at`` itself
    where no string is, and the string's closing quote for an offset past its end."""
    line, column = at
    start = 0
    for _ in range(line - 1):
        start = text.find("\n", start) + 1
        if not start:
            return at
    start += column - 1
    try:
        if text[start] != '"':
            return at
        after = _past_blanks(text, _string_end(text, start))
        if text[after : after + 1] == ":":  # a member's key: its value after the colon
            start = _past_blanks(text, after + 1)
            if text[start] != '"':
                return at
        i, count = start + 1, 0
        while count < offset and text[i] != '"':
            if text[i] != "\\":
                i += 1
            elif text[i + 1] != "u":
                i += 2
            else:  # (a surrogate pair written as two escapes is one character)
                pair = 0xD800 <= int(text[i + 2 : i + 6], 16) < 0xDC00 and text[i + 6 : i + 8] == "\\u"
                i += 12 if pair and 0xDC00 <= int(text[i + 8 : i + 12], 16) < 0xE000 else 6
            count += 1
    except (IndexError, ValueError):  # (no string there after all)
        return at
    from toolkit.jsonio import line_col

    return line_col(text, i)


def _string_end(text: str, start: int) -> int:
    """The offset just past the JSON string that opens at ``start``."""
    i = start + 1
    while text[i] != '"':
        i += 2 if text[i] == "\\" else 1
    return i + 1


def _past_blanks(text: str, at: int) -> int:
    """The offset of the first character from ``at`` on that is no JSON whitespace."""
    while text[at : at + 1] in (" ", "\t", "\n", "\r"):
        at += 1
    return at


def count_errors(findings: list[Finding]) -> int:
    return sum(1 for f in findings if f.severity == "error")
