"""Parse a search query into an AST.

Grammar (terms are separated by spaces and ANDed)::

    query  := term (SPACE term)*
    term   := KEY OP values | value
    OP     := ':' | '=' | '!' | '!=' | '!:' | '<' | '>' | '<=' | '>='
    values := value ('|' value)*
    value  := '"' chars '"' | '“' chars '”' | '「' chars '」' | chars-without-space-or-|

Full-width punctuation is read as its ASCII twin (``：`` is ``:``, ``！`` is
``!``), so Chinese input methods need no switching. A bare value searches name
and text. Every error names the column where the problem is.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from toolkit.errors import DossierError

from . import vocab
from .keys import Key, find_key

QUOTES = {'"': '"', "“": "”", "「": "」", "『": "』"}
OPERATOR_CHARS = ":=!<>"
_OPERATORS = {":": ":", "=": ":", "!": "!", "!=": "!", "!:": "!", "<": "<", ">": ">", "<=": "<=", ">=": ">="}


class QueryError(DossierError):
    """A malformed query; ``column`` is 1-based in the query as typed."""

    def __init__(self, query: str, column: int, problem: str) -> None:
        shown = query if len(query) <= MAX_SHOWN else query[:MAX_SHOWN] + "…"
        told = problem if len(problem) <= 4 * MAX_SHOWN else problem[: 4 * MAX_SHOWN] + "…"
        super().__init__(f"query {shown!r}, column {column}: {told}", exit_code=2)
        self.query = query
        self.column = column
        self.problem = problem


@dataclass(frozen=True)
class Value:
    text: str
    column: int
    quoted: bool = False


@dataclass(frozen=True)
class Term:
    """``key op values``; ``key`` None is a bare value (name or text)."""

    key: Key | None
    op: str
    values: tuple[Value, ...]
    column: int


@dataclass(frozen=True)
class Query:
    source: str
    terms: tuple[Term, ...]


def _normalize(query: str) -> tuple[str, list[int]]:
    """NFKC per character (full-width to ASCII), with each output char's 1-based source column."""
    chars: list[str] = []
    columns: list[int] = []
    for index, char in enumerate(query):
        folded = char if char in QUOTES or char in QUOTES.values() else unicodedata.normalize("NFKC", char)
        if folded.isspace():
            folded = " "
        for out in folded:
            chars.append(out)
            columns.append(index + 1)
    return "".join(chars), columns


class _Parser:
    def __init__(self, query: str) -> None:
        self.query = query
        self.text, self.columns = _normalize(query)
        self.i = 0

    def column(self, index: int | None = None) -> int:
        index = self.i if index is None else index
        if index < len(self.columns):
            return self.columns[index]
        return len(self.query) + 1

    def fail(self, problem: str, index: int | None = None) -> QueryError:
        return QueryError(self.query, self.column(index), problem)

    def parse(self) -> Query:
        terms: list[Term] = []
        while True:
            while self.i < len(self.text) and self.text[self.i] == " ":
                self.i += 1
            if self.i >= len(self.text):
                break
            if len(terms) == MAX_TERMS:
                raise self.fail(f"more than {MAX_TERMS} terms; the limit is {MAX_TERMS}")
            terms.append(self.term())
        if not terms:
            raise QueryError(self.query, 1, "empty query; give a word or key:value (e.g. t:装备 攻速>=2)")
        return Query(self.query, tuple(terms))

    def term(self) -> Term:
        start = self.i
        if self.text[self.i] in QUOTES:
            return Term(None, ":", (self.quoted(),), self.column(start))
        word_end = self.i
        while word_end < len(self.text) and self.text[word_end] not in " |" + OPERATOR_CHARS:
            word_end += 1
        if word_end < len(self.text) and self.text[word_end] in OPERATOR_CHARS and word_end > start:
            return self.keyed(start, word_end)
        if word_end == start and self.text[start] in OPERATOR_CHARS:
            raise self.fail(f"{self.text[start]!r} needs a key before it (e.g. cost{self.text[start]}2)")
        values = self.values()
        return Term(None, ":", values, self.column(start))

    def keyed(self, start: int, op_start: int) -> Term:
        alias = self.text[start:op_start]
        key = find_key(alias)
        if key is None:
            raise self.fail(
                f"unknown key {alias!r}; quote a phrase that contains ':' (\"…\"), or see `dossier search --help`",
                start,
            )
        op_end = op_start + 1
        if op_end < len(self.text) and self.text[op_start : op_end + 1] in _OPERATORS:
            op_end += 1
        raw_op = self.text[op_start:op_end]
        if op_end < len(self.text) and self.text[op_end] in OPERATOR_CHARS:
            raw_op += self.text[op_end]
        op = _OPERATORS.get(raw_op)
        if op is None:
            raise self.fail(f"{raw_op!r} is not an operator; use : ! < > <= >=", op_start)
        if op not in key.operators:
            allowed = " ".join(key.operators)
            raise self.fail(f"key {alias!r} ({key.name}) takes {allowed}, not {raw_op!r}", op_start)
        self.i = op_end
        if self.i >= len(self.text) or self.text[self.i] == " ":
            raise self.fail(f"expected a value after {alias}{raw_op}")
        values = self.values()
        for value in values:
            _check_value(self.query, key, value)
        return Term(key, op, values, self.column(start))

    def values(self) -> tuple[Value, ...]:
        values = [self.value()]
        while self.i < len(self.text) and self.text[self.i] == "|":
            self.i += 1
            if self.i >= len(self.text) or self.text[self.i] in " |":
                raise self.fail("expected a value after '|'")
            if len(values) == MAX_ALTERNATIVES:
                raise self.fail(f"more than {MAX_ALTERNATIVES} alternatives ('|'); the limit is {MAX_ALTERNATIVES}")
            values.append(self.value())
        return tuple(values)

    def value(self) -> Value:
        if self.text[self.i] in QUOTES:
            return self.quoted()
        start = self.i
        while self.i < len(self.text) and self.text[self.i] not in " |":
            if self.text[self.i] in QUOTES:
                raise self.fail("a quote must start a value; put the whole value in quotes")
            self.i += 1
        if self.i == start:
            raise self.fail("expected a value")
        return Value(self.text[start : self.i], self.column(start))

    def quoted(self) -> Value:
        start = self.i
        close = QUOTES[self.text[start]]
        end = self.text.find(close, start + 1)
        if end < 0:
            raise self.fail(f"unterminated quote {self.text[start]!r}", start)
        inner = self.text[start + 1 : end]
        if not inner.strip():
            raise self.fail("empty quotes", start)
        self.i = end + 1
        if self.i < len(self.text) and self.text[self.i] not in " |":
            raise self.fail("expected a space or '|' after the closing quote")
        return Value(inner, self.column(start), quoted=True)


MAX_NUMBER = 999_999_999  # the largest number a query compares with (SQLite integers end at 2**63; no card comes near)
MAX_SHOWN = 80  # characters of a query quoted in an error message
MAX_QUERY_LENGTH = 2000  # characters of one query
MAX_TERMS = 64  # terms of one query (each is a condition; SQLite's expression trees end at depth 1000)
MAX_ALTERNATIVES = 64  # values of one term joined with '|'
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")


def query_number(text: str) -> int | None:
    """The whole number ``text`` (ASCII digits, optional sign) if it is within ±:data:`MAX_NUMBER`, else None."""
    digits = text.lstrip("+-").lstrip("0") or "0"
    if not _WHOLE_NUMBER.fullmatch(text) or len(digits) > len(str(MAX_NUMBER)):
        return None
    value = -int(digits) if text.startswith("-") else int(digits)
    return value if abs(value) <= MAX_NUMBER else None


def _check_value(query: str, key: Key, value: Value) -> None:
    text = value.text
    if key.kind in ("number", "range"):
        if query_number(text) is None:
            shown = text if len(text) <= 24 else text[:20] + "…"
            if _WHOLE_NUMBER.fullmatch(text):
                problem = f"{key.name} {shown} is out of range: a number in a query is at most {MAX_NUMBER}"
            else:
                problem = f"{key.name} needs a whole number, not {shown!r}"
            raise QueryError(query, value.column, problem)
    elif key.kind == "bool":
        if text.casefold() not in vocab.TRUE_WORDS | vocab.FALSE_WORDS:
            raise QueryError(query, value.column, f"{key.name} needs yes or no (是/否), not {text!r}")
    elif key.kind == "enum" and key.vocabulary is not None and vocab.lookup(key.vocabulary, text) is None:
        raise QueryError(query, value.column, f"unknown {key.name} {text!r}; one of: {vocab.describe(key.vocabulary)}")


def parse_query(query: str) -> Query:
    """Parse ``query``; raise :class:`QueryError` (exit 2) with the column of the problem."""
    if len(query) > MAX_QUERY_LENGTH:
        raise QueryError(query, MAX_QUERY_LENGTH + 1, f"a query is at most {MAX_QUERY_LENGTH} characters")
    try:
        query.encode("utf-8")
    except UnicodeEncodeError as exc:  # undecodable bytes on a command line arrive as lone surrogates
        raise QueryError(query, exc.start + 1, "bytes that are not UTF-8 text") from None
    return _Parser(query).parse()
