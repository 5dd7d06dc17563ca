"""Parse a search query into an AST.

Grammar (terms are separated by spaces and ANDed)::

    query  := term (SPACE term)*
    term   := KEY OP values | values
    OP     := ':' | '=' | '!' | '!=' | '!:' | '<' | '>' | '<=' | '>=' | '≥' | '≤' (also '≧' '≦' '⩾' '⩽')
    values := value ('|' value)*
    value  := '"' chars '"' | '“' chars '”' | '「' chars '」' | chars-without-space-or-|

A typographic quote (“ ” 「 」 『 』) inside a word is part of it, as a name prints it (``维拉·“指尖”·索恩``), and a
phrase in such quotes may hold a pair of its own (``“维拉·“指尖”·索恩”``), and a word that begins with such quotes
and goes on after them is one value, a name with its own quotes (``“空号”林彼得``); a straight ``"`` must start a value.

Full-width punctuation is read as its ASCII twin (``：`` is ``:``, ``！`` is
``!``), and ``≥`` ``≤`` (``≧`` ``≦`` too) after a key as ``>=`` ``<=``, so Chinese
input methods need no switching. A bare value searches name and text. As on NetrunnerDB, a word that is no key (nor one Latin letter) before a
``!`` or ``:`` that ends it is a bare value, part of a title (``Snare!``,
``Shiro: Untold Protagonist``), and so is one before a full-width ``：`` or a ``:`` that Chinese follows, as a
Chinese title is printed (``艾达·沃斯：工匠``) unless it is a typo of a key (``tpye：装备``); ``foo:bar`` is an
unknown key (with the keys it may be a typo of). Every error names the column where the problem is.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from toolkit.db.grams import is_cjk
from toolkit.errors import DossierError
from toolkit.i18n import chinese, current_lang, tr

from . import vocab
from .keys import Key, close_keys, find_key, key_word

QUOTES = {'"': '"', "“": "”", "「": "」", "『": "』"}
# The signs a Chinese input method or a maths keyboard types for >= and <= (NFKC leaves them as they are).
COMPARISON_SIGNS = {"≥": ">=", "≤": "<=", "≧": ">=", "≦": "<=", "⩾": ">=", "⩽": "<="}
OPERATOR_CHARS = ":=!<>" + "".join(COMPARISON_SIGNS)
_OPERATORS = {
    ":": ":", "=": ":", "!": "!", "!=": "!", "!:": "!", "<": "<", ">": ">", "<=": "<=", ">=": ">=", **COMPARISON_SIGNS
}  # fmt: skip


class QueryError(DossierError):
    """A malformed query; ``column`` is 1-based in the query as typed."""

    def __init__(self, query: str, column: int, problem: str) -> None:
        shown = query if len(query) <= MAX_SHOWN else query[:MAX_SHOWN] + "…"
        told = problem if len(problem) <= 4 * MAX_SHOWN else problem[: 4 * MAX_SHOWN] + "…"
        super().__init__(
            tr("query {query}, column {column}: {problem}", query=repr(shown), column=column, problem=told), exit_code=2
        )
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


# Characters that show as nothing, pasted with a query from a web page or a document: zero-width space, non-joiner
# and joiner, word joiner, and the byte order mark (zero-width no-break space) a file or clipboard may start with.
INVISIBLE = frozenset("\u200b\u200c\u200d\u2060\ufeff")


def _normalize(query: str) -> tuple[str, list[int]]:
    """NFKC per character (full-width to ASCII), with each output char's 1-based source column; the characters
    that show as nothing (:data:`INVISIBLE`) are left out, so ``o:2`` after a byte order mark is ``o:2`` (the
    columns still those of the query as typed)."""
    chars: list[str] = []
    columns: list[int] = []
    for index, char in enumerate(query):
        if char in INVISIBLE:
            continue
        folded = char if char in QUOTES or char in QUOTES.values() else unicodedata.normalize("NFKC", char)
        if folded.isspace():
            folded = " "
        for out in folded:
            chars.append(out)
            columns.append(index + 1)
    return "".join(chars), columns


class _Parser:
    def __init__(self, query: str, keys: str | None = None) -> None:
        self.query = query
        self.keys = keys  # (parse_query's)
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
                raise self.fail(tr("more than {n} terms; the limit is {n}", n=MAX_TERMS))
            terms.append(self.term())
        if not terms:
            example = "t:装备 攻速>=2" if chinese(current_lang()) else "t:equipment speed>=2"
            raise QueryError(
                self.query,
                1,
                tr("empty query; give a word or {form} (e.g. {example})", form="key:value", example=example),
            )
        return Query(self.query, tuple(terms))

    def term(self) -> Term:
        start = self.i
        if self.text[self.i] in QUOTES:  # a phrase, or phrases ``"ice wall"|"fire wall"`` as after a key
            return Term(None, ":", self.values(), self.column(start))
        word_end = self.i
        while word_end < len(self.text) and self.text[word_end] not in " |" + OPERATOR_CHARS:
            word_end += 1
        if word_end < len(self.text) and self.text[word_end] in OPERATOR_CHARS and word_end > start:
            if not self._title_word(start, word_end):
                return self.keyed(start, word_end)
            return Term(None, ":", self.values(), self.column(start))  # ``Snare!``, ``Shiro:``: words of a title
        if word_end == start and self.text[start] in OPERATOR_CHARS:
            raise self.fail(
                tr(
                    "{operator} needs a key before it (e.g. {example})",
                    operator=repr(self.text[start]),
                    example=f"cost{self.text[start]}2",
                )
            )
        values = self.values()
        return Term(None, ":", values, self.column(start))

    def _title_word(self, start: int, op_start: int) -> bool:
        """Whether the word before an operator character is part of a title, not a key: a word that is no key
        (nor one letter, which NetrunnerDB always reads as a key: its one-letter keys are Latin letters, so one
        Chinese character is a title's, ``轰！``) before a ``!`` or ``:`` that ends it (``Snare!``, ``Game Over!``,
        ``Shiro: Untold Protagonist``); ``foo:bar`` stays an unknown key."""
        alias = self.text[start:op_start]
        after = op_start + 1
        one_letter = len(alias) == 1 and not is_cjk(alias)
        if self.text[op_start] not in "!:" or one_letter or find_key(alias) is not None:
            return False
        if after == len(self.text) or self.text[after] in " |":
            return True
        # A Chinese title pasted as printed has no space after its colon (``艾达·沃斯：工匠``): a full-width ``：``
        # after a word that is no key, or a ``:`` that Chinese follows, is a title's too, unless the word is a
        # typo of a key (``tpye：装备``, ``攻速度：2``: an unknown key, with the keys it may be)
        typed = self.query[self.column(op_start) - 1]
        return (
            self.text[op_start] == ":"
            and (typed != ":" or is_cjk(self.text[after]))
            and not close_keys(alias)
        )

    def keyed(self, start: int, op_start: int) -> Term:
        alias = self.text[start:op_start]
        key = find_key(alias)
        if key is None:
            close = close_keys(alias)
            met = repr(self.text[op_start])  # the character met: ':', '!', '<', '>' or '='
            if close:
                problem = tr(
                    "unknown key {key}; did you mean {keys}? Or quote a phrase that contains {char} ({quotes})",
                    key=repr(alias),
                    keys=tr(", ").join(close),
                    char=met,
                    quotes='"…"',
                )
            elif self.keys is not None:  # (the web: its own list of the search keys, at that address)
                problem = tr(
                    "unknown key {key}; quote a phrase that contains {colon} ({quotes}), or see the search keys: "
                    "{address}",
                    key=repr(alias),
                    colon=met,
                    quotes='"…"',
                    address=self.keys,
                )
            else:
                problem = tr(
                    "unknown key {key}; quote a phrase that contains {colon} ({quotes}), or see {command}",
                    key=repr(alias),
                    colon=met,
                    quotes='"…"',
                    command="`dossier search --help`",
                )
            raise self.fail(problem, start)
        op_end = op_start + 1
        if op_end < len(self.text) and self.text[op_start : op_end + 1] in _OPERATORS:
            op_end += 1
        raw_op = self.text[op_start:op_end]
        if op_end < len(self.text) and self.text[op_end] in OPERATOR_CHARS:
            raw_op += self.text[op_end]
        op = _OPERATORS.get(raw_op)
        if op is None:
            raise self.fail(
                tr("{operator} is not an operator; use {operators}", operator=repr(raw_op), operators=": ! < > <= >="),
                op_start,
            )
        if op not in key.operators:
            allowed = " ".join(key.operators)
            raise self.fail(
                tr(
                    "key {key} ({name}) takes {operators}, not {operator}",
                    key=repr(alias),
                    name=key_word(key),
                    operators=allowed,
                    operator=repr(raw_op),
                ),
                op_start,
            )
        self.i = op_end
        if self.i >= len(self.text) or self.text[self.i] == " ":
            raise self.fail(tr("expected a value after {key}", key=f"{alias}{raw_op}"))
        values = self.values()
        for value in values:
            _check_value(self.query, key, value)
        return Term(key, op, values, self.column(start))

    def values(self) -> tuple[Value, ...]:
        values = [self.value()]
        while self.i < len(self.text) and self.text[self.i] == "|":
            self.i += 1
            if self.i >= len(self.text) or self.text[self.i] in " |":
                raise self.fail(tr("expected a value after {bar}", bar="'|'"))
            if len(values) == MAX_ALTERNATIVES:
                raise self.fail(
                    tr("more than {n} alternatives ({bar}); the limit is {n}", n=MAX_ALTERNATIVES, bar="'|'")
                )
            values.append(self.value())
        return tuple(values)

    def value(self, word: int | None = None) -> Value:
        """The value at the parser's place; ``word``: the word that starts there, read as a whole (a name that
        begins with its own typographic quotes)."""
        if word is None and self.text[self.i] in QUOTES:
            return self.quoted()
        start = self.i = self.i if word is None else word
        while self.i < len(self.text) and self.text[self.i] not in " |":
            # a typographic quote inside a word is the name's own (维拉·“指尖”·索恩, 代号「夜莺」 pasted as they are
            # printed); a straight one there is a slip
            if self.text[self.i] == '"':
                raise self.fail(tr("a quote must start a value; put the whole value in quotes"))
            self.i += 1
        if self.i == start:
            raise self.fail(tr("expected a value"))
        return Value(self.text[start : self.i], self.column(start))

    def quoted(self) -> Value:
        start = self.i
        close = QUOTES[self.text[start]]
        end = self.text.find(close, start + 1)
        if end < 0:
            raise self.fail(tr("unterminated quote {quote}", quote=repr(self.text[start])), start)
        if end + 1 < len(self.text) and self.text[end + 1] not in " |":
            end = self._nested_close(start, end)
            if end + 1 < len(self.text) and self.text[end + 1] not in " |" and close != self.text[start]:
                return self.value(start)  # a name that begins with its own quotes (``“空号”林彼得``): one value
        inner = self.text[start + 1 : end]
        if not inner.strip():
            raise self.fail(tr("empty quotes"), start)
        self.i = end + 1
        if self.i < len(self.text) and self.text[self.i] not in " |":
            raise self.fail(tr("expected a space or {bar} after the closing quote", bar="'|'"))
        return Value(inner, self.column(start), quoted=True)

    def _nested_close(self, start: int, end: int) -> int:
        """The closing quote of the phrase opened at ``start`` whose first closing quote, at ``end``, a word goes
        on after: where its quotes balance, when they open and close with two characters (``“维拉·“指尖”·索恩”``,
        a name that holds quotes of its own, in quotes) and a space, ``|`` or the end follows there; else ``end``
        (an error, as before)."""
        opening, closing = self.text[start], QUOTES[self.text[start]]
        if opening == closing:
            return end
        depth = 0
        for index in range(start, len(self.text)):
            char = self.text[index]
            depth += 1 if char == opening else -1 if char == closing else 0
            if depth == 0:
                after = index + 1
                return index if after == len(self.text) or self.text[after] in " |" else end
        return end


MAX_NUMBER = 999_999_999  # the largest number a query compares with (SQLite integers end at 2**63; no card comes near)
MAX_SHOWN = 80  # characters of a query quoted in an error message
MAX_QUERY_LENGTH = 2000  # characters of one query
MAX_TERMS = 64  # terms of one query (each is a condition; SQLite's expression trees end at depth 1000)
MAX_ALTERNATIVES = 64  # values of one term joined with '|'
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")
# Control characters (Unicode category Cc) but tab and line breaks, which a pasted query may hold: read as spaces.
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


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
                problem = tr(
                    "{key} {value} is out of range: a number in a query is at most {limit}",
                    key=key_word(key),
                    value=shown,
                    limit=MAX_NUMBER,
                )
            else:
                problem = tr("{key} needs a whole number, not {value}", key=key_word(key), value=repr(shown))
            raise QueryError(query, value.column, problem)
    elif key.kind == "bool":
        if text.casefold() not in vocab.TRUE_WORDS | vocab.FALSE_WORDS:
            problem = tr("{key} needs yes or no, not {value}", key=key_word(key), value=repr(text))
            raise QueryError(query, value.column, problem)
    elif key.kind == "enum" and key.vocabulary is not None and vocab.lookup(key.vocabulary, text) is None:
        raise QueryError(
            query,
            value.column,
            tr(
                "unknown {key} {value}; one of: {choices}",
                key=key_word(key),
                value=repr(text),
                choices=vocab.describe(key.vocabulary, current_lang()),
            ),
        )


def parse_query(query: str, keys: str | None = None) -> Query:
    """Parse ``query``; raise :class:`QueryError` (exit 2) with the column of the problem. ``keys``: the address of
    the list of search keys the reader can open (the web's search page, ``…/cards#search-keys``), which an unknown
    key's error points at; None (the command line): it points at `dossier search --help`."""
    if len(query) > MAX_QUERY_LENGTH:
        raise QueryError(query, MAX_QUERY_LENGTH + 1, tr("a query is at most {n} characters", n=MAX_QUERY_LENGTH))
    try:
        query.encode("utf-8")
    except UnicodeEncodeError as exc:  # undecodable bytes on a command line arrive as lone surrogates
        raise QueryError(query, exc.start + 1, tr("bytes that are not {encoding} text", encoding="UTF-8")) from None
    control = _CONTROL.search(query)
    if control is not None:  # (NUL and its kind: each backend would read them its own way, or fail)
        raise QueryError(
            query,
            control.start() + 1,
            tr("control character {char} in the query", char=f"U+{ord(control.group()):04X}"),
        )
    return _Parser(query, keys).parse()
