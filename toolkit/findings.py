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


def count_errors(findings: list[Finding]) -> int:
    return sum(1 for f in findings if f.severity == "error")
