"""JSON reading and writing shared by every layer.

- :func:`canonical_dumps` is the one canonical form of a record file: sorted
  keys, 2-space indent, UTF-8 Chinese (no ``\\u`` escapes), final newline.
- :func:`loads_strict` parses JSON and refuses duplicate object keys, which
  plain ``json.loads`` silently collapses (losing what the user wrote).
- :func:`loads_limited` is :func:`loads_strict` for input nobody vetted: it also
  refuses documents nested deeper than a limit, integers with more digits than a
  limit, the non-JSON constants ``NaN``/``Infinity`` and numbers past a float's
  range (``1e400``), each with a position.
- :func:`loads_canonical` is :func:`loads_limited` that also tells whether the
  text is canonical; :func:`read_canonical`, its fast path, reads a canonical
  file without a float (what ``dossier lint`` and the catalog read by the
  thousand) with orjson's parser and writer.
- :func:`value_positions` maps every RFC 6901 pointer of a document to the
  line and column where its value starts; it is only called for files that
  have findings, so the fast path never pays for it.
- :func:`atomic_write_text` writes through a temporary file in the same
  directory and renames it into place, so a reader never sees half a file
  (the rules are in :mod:`toolkit.safewrite`).

Its messages (syntax errors, limits, why a file cannot be read) are in the current language
(:func:`toolkit.i18n.tr`); Python's own JSON errors are worded through the catalogs too.

This module imports nothing of ours but :mod:`toolkit.i18n` (which imports only :mod:`toolkit.cachedir`),
:mod:`toolkit.errors` (which imports only :mod:`toolkit.i18n`) and, when writing, :mod:`toolkit.safewrite`;
it may be used from any layer.
"""

from __future__ import annotations

import bisect
import contextlib
import errno
import json
import math
import os
import re
import stat
import sys
from collections.abc import Callable, Iterable
from json.encoder import encode_basestring as _encode_string  # json's own (C) string encoder, ensure_ascii=False
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from .errors import os_reason
from .i18n import N_, current_lang, tc, tr, trn

if TYPE_CHECKING:
    from .safewrite import OutputKind


class JsonSyntaxError(ValueError):
    """A JSON document that does not parse; carries a 1-based line and column, and the message in the current
    language."""

    def __init__(self, message: str, line: int, column: int, *, limit: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.limit = limit  # past one of :func:`loads_limited`'s limits (not a syntax error): what to say is by kind


class _Limit(str):
    """A problem that is one of :func:`loads_limited`'s limits (a ``str``, so it goes wherever a problem goes)."""

    __slots__ = ()


def invalid_json(path: object, exc: JsonSyntaxError) -> str:
    """``path:line:column: invalid JSON: reason`` in the current language."""
    return tr("{where}: invalid {format}: {reason}", where=f"{path}:{exc.line}:{exc.column}", format="JSON", reason=exc.message)


def _pairs_no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return result


# Python's json messages (C and pure-Python scanners), worded through the catalogs; one it may add later shows as is
_DECODE_MESSAGES: dict[str, str] = {
    "Expecting value": N_("Expecting value"),
    "Expecting property name enclosed in double quotes": N_("Expecting property name enclosed in double quotes"),
    "Expecting ':' delimiter": N_("Expecting ':' delimiter"),
    "Expecting ',' delimiter": N_("Expecting ',' delimiter"),
    # (Python's message ends with the position, which the line:column before it gives: the sentence ends here)
    "Unterminated string starting at": N_("Unterminated string starting here"),
    "Invalid control character at": N_("Invalid control character here (write it escaped, as \\n or \\t)"),
    "Invalid \\escape": N_("Invalid \\escape"),
    "Invalid \\uXXXX escape": N_("Invalid \\uXXXX escape"),
    "Extra data": N_("Extra data"),
    "Illegal trailing comma before end of object": N_("Illegal trailing comma before end of object"),
    "Illegal trailing comma before end of array": N_("Illegal trailing comma before end of array"),
}


def decode_message(msg: str) -> str:
    """A message of Python's JSON decoder in the current language (the pure-Python decoder's variants that name
    the character, ``Invalid control character '\\x01' at``, as the C decoder words them)."""
    known = _DECODE_MESSAGES.get(msg)
    if known is None:
        for prefix in ("Invalid control character", "Invalid \\escape"):
            if msg.startswith(prefix):
                known = _DECODE_MESSAGES[prefix + " at" if prefix.endswith("character") else prefix]
                break
    return tr(known) if known is not None else msg


def _decode_error(exc: json.JSONDecodeError) -> JsonSyntaxError:
    found = _not_json(exc.doc, exc.pos, exc.msg)
    if found is not None:
        message, at = found
        line, column = line_col(exc.doc, at)
        return JsonSyntaxError(message, line, column)
    return JsonSyntaxError(decode_message(exc.msg), exc.lineno, exc.colno)


_JSON_SPACE = " \t\r\n"


def _not_json(text: str, at: int, msg: str) -> tuple[str, int] | None:
    """What people write that JSON does not allow, where the parser stopped at ``at`` (with ``msg``): a comment
    (``//`` or ``/*``) there, or a comma before the ``}`` or ``]`` there (past white space); Python 3.13 says the
    latter itself, at the comma. Its message, told at the comment or the comma; None for any other error, which
    Python's words tell. Python before 3.13 says "Expecting property name…", "Expecting value" or "Expecting ','
    delimiter" of both, at the wrong place for the comma."""
    if text.startswith(("//", "/*"), at):
        return tr("comments are not JSON"), at
    comma = at
    if text.startswith(("}", "]"), at):
        comma = at - 1
        while comma >= 0 and text[comma] in _JSON_SPACE:
            comma -= 1
    elif not msg.startswith("Illegal trailing comma"):
        return None
    if comma >= 0 and text.startswith(",", comma):
        return tr("trailing comma: JSON allows none after the last item"), comma
    return None


def _duplicate_key(text: str, key: str) -> JsonSyntaxError:
    line, column = _find_duplicate_key(text, key)
    return JsonSyntaxError(tr("duplicate key {key}", key=repr(key)), line, column)


def _too_deep(max_depth: int) -> str:
    return _Limit(tr("nested deeper than {n} levels (the limit)", n=max_depth))


def _lone_surrogate(in_key: bool) -> str:
    if in_key:
        return tr("a key with a lone surrogate escape (half of a character)")
    return tr("a string with a lone surrogate escape (half of a character)")


class _DuplicateKey(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def loads_strict(text: str) -> Any:
    """Parse ``text`` as JSON; raise :class:`JsonSyntaxError` with a position.

    Duplicate keys in one object are an error (the position is that of the
    second occurrence).
    """
    try:
        return json.loads(text, object_pairs_hook=_pairs_no_duplicates)
    except json.JSONDecodeError as exc:
        raise _decode_error(exc) from None
    except _DuplicateKey as exc:
        raise _duplicate_key(text, exc.key) from None
    except RecursionError:  # deeper than Python's parser goes: placed where the nesting passes the interpreter's limit
        line, column = _deep_place(text, sys.getrecursionlimit())
        raise JsonSyntaxError(tr("document nested too deeply"), line, column) from None
    except ValueError:  # an integer longer than Python converts (sys.get_int_max_str_digits()): find it
        loads_limited(text, max_depth=sys.maxsize, max_digits=_PYTHON_DIGITS)
        raise JsonSyntaxError(tr("a number too long to read"), 1, 1) from None


_PYTHON_DIGITS = 4300  # Python's default limit on converting a decimal string to int
MAX_DEPTH = 64
MAX_DIGITS = 20


class Refused:
    """Stands in for a literal :func:`loads_limited` refuses, until its place in the document is known."""

    __slots__ = ("literal", "problem")

    def __init__(self, literal: str, problem: str) -> None:
        self.literal = literal
        self.problem = problem


def loads_limited(text: str, *, max_depth: int = MAX_DEPTH, max_digits: int = MAX_DIGITS) -> Any:
    """:func:`loads_strict` with limits, for input from outside (deck files, other tools' data).

    Raises :class:`JsonSyntaxError`, with the position, for a document nested deeper
    than ``max_depth`` arrays/objects, an integer with more than ``max_digits``
    digits (Python refuses to convert very long ones, and nothing Dossier keeps
    needs more than 64 bits), ``NaN``/``Infinity``, which are not JSON, a number past a float's range
    (``1e400``, which Python reads as ``Infinity``), and strings with a
    lone surrogate escape (``"\\ud800"``), which cannot be written to a file. The work
    is linear in the size of the text: the C parser (which stops itself at a
    nesting deeper than the interpreter's recursion limit), then one iterative walk.
    """
    refused: list[Refused] = []

    def parse_int(literal: str) -> Any:
        if len(literal.lstrip("-")) <= max_digits:
            return int(literal)
        shown = literal if len(literal) <= 24 else literal[:20] + "…"
        digits = len(literal.lstrip("-"))
        problem = _Limit(tr("number {number} has {digits} digits; the limit is {limit}", number=shown, digits=digits,
                            limit=max_digits))  # fmt: skip
        refused.append(Refused(literal, problem))
        return refused[-1]

    def parse_constant(literal: str) -> Any:
        refused.append(Refused(literal, tr("{literal} is not a JSON value", literal=literal)))
        return refused[-1]

    def parse_float(literal: str) -> Any:
        value = float(literal)
        if value not in (math.inf, -math.inf):
            return value
        shown = literal if len(literal) <= 24 else literal[:20] + "…"  # (1e400: past a float's range: Infinity)
        refused.append(Refused(literal, _Limit(tr("number {number} is too large to read", number=shown))))
        return refused[-1]

    try:
        data = json.loads(
            text,
            object_pairs_hook=_pairs_no_duplicates,
            parse_int=parse_int,
            parse_float=parse_float,
            parse_constant=parse_constant,
        )
    except json.JSONDecodeError as exc:
        raise _decode_error(exc) from None
    except _DuplicateKey as exc:
        raise _duplicate_key(text, exc.key) from None
    except RecursionError:  # deeper than the C parser goes (so deeper than the limit): placed where it passes it
        line, column = _deep_place(text, max_depth)
        raise JsonSyntaxError(_too_deep(max_depth), line, column, limit=True) from None
    if not refused and text.count("[") + text.count("{") <= max_depth and not _may_hold_surrogate(text):
        return data  # nothing first_problem could find: no refused literal, no nesting that deep
    found = first_problem(data, max_depth)
    if found is None:
        return data
    ptr, problem = found
    line, column = pointer_position(value_positions(text), ptr)
    raise JsonSyntaxError(str(problem), line, column, limit=isinstance(problem, _Limit))


_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
"""A string (skipped whole) or a bracket: what :func:`_deep_place` walks."""


def _deep_place(text: str, max_depth: int) -> tuple[int, int]:
    """The line and column of the first array or object nested ``max_depth`` levels deep (the document itself is
    level 0), at its opening bracket (the one :func:`first_problem` finds); in a document less deep, its first
    deepest one (for :func:`loads_strict`, whose limit, the interpreter's recursion limit, is not exact). Only
    for an error (a document too deep for the parser): one linear scan, strings skipped."""
    depth = deepest = 0
    deepest_at = 0
    for found in _BRACKETS.finditer(text):
        token = found.group()
        if token in "[{":
            if depth >= max_depth:
                return line_col(text, found.start())
            if depth + 1 > deepest:
                deepest, deepest_at = depth + 1, found.start()
            depth += 1
        elif token in "]}":
            depth -= 1
    return line_col(text, deepest_at)


def _may_hold_surrogate(text: str) -> bool:
    """Whether a document's strings may hold a lone surrogate: one in the text, or a ``\\u`` escape."""
    return "\\u" in text or not is_text(text)


def loads_canonical(
    text: str, *, max_depth: int = MAX_DEPTH, max_digits: int = MAX_DIGITS, tried_canonical: bool = False
) -> tuple[Any, bool]:
    """:func:`loads_limited` of ``text`` and whether ``text`` is the :func:`canonical_dumps` of what it holds.

    The common case, a canonical file without a fraction or an exponent, is read by :func:`read_canonical`.
    Any other text takes the C parser of ``json`` (which reports each integer literal and each
    ``NaN``/``Infinity`` to a hook, so a refused one is seen) and :func:`canonical_dumps`; only a text
    with a refused literal, a raw surrogate or a value indented as deep as ``max_depth`` needs the full
    :func:`loads_limited`, which runs for every other text too and raises the same errors.
    ``tried_canonical``: the caller has had None from :func:`read_canonical` for ``text`` with these limits (it
    is not asked again).
    """
    found = None if tried_canonical else read_canonical(text, max_depth=max_depth, max_digits=max_digits)
    if found is not None:
        return found[0], True
    watch = _Watch(max_digits)
    try:
        data = json.loads(text, parse_int=watch.parse_int, parse_constant=watch.parse_constant)
    except (ValueError, RecursionError):
        data = _NOT_READ
    if data is not _NOT_READ and not watch.refused and not _suspect(text, max_depth) and canonical_dumps(data) == text:
        return data, True
    return loads_limited(text, max_depth=max_depth, max_digits=max_digits), False


def read_canonical(text: str, *, max_depth: int = MAX_DEPTH, max_digits: int = MAX_DIGITS) -> tuple[Any] | None:
    """``(value,)`` if ``text`` is the :func:`canonical_dumps` of a JSON value that :func:`loads_limited` takes
    and holds no fraction or exponent; else None, which says nothing (the text may still be canonical).

    The cost of the common record file: orjson's parse and its canonical write (sorted keys, 2-space indent:
    the same text as :func:`canonical_dumps` for every JSON value but a float, whose digits the two write
    differently) and one comparison. A text equal to its own canonical write has no duplicate keys (each key
    is written once) and no escaped surrogate; integers longer than ``max_digits`` and anything nested as
    deep as ``max_depth`` are looked for in the text (orjson itself refuses integers past 64 bits).
    """
    if "\n" + "  " * max_depth in text:
        return None
    try:
        raw = text.encode("utf-8")
    except UnicodeEncodeError:
        return None
    if _floats_or_digits_past(raw, min(max_digits, 20)):
        return None
    try:
        data = orjson.loads(raw)
        written = orjson.dumps(data, option=_ORJSON_CANONICAL)
    except (orjson.JSONDecodeError, orjson.JSONEncodeError):  # not JSON; nested past orjson's limits
        return None
    if written + b"\n" != raw:
        return None
    return (data,)


_ORJSON_CANONICAL = orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS


def _floats_or_digits_past(raw: bytes, max_digits: int) -> bool:
    """Whether a float may be in ``raw`` or an integer longer than ``max_digits`` (in a string too, which only costs
    the slower path): a digit before a point or an exponent (Python and orjson write some floats differently:
    ``1e-05`` against ``0.00001``), or more than ``max_digits`` digits in a row. The bytes mapped once (each digit
    to ``0``, a point or an exponent's letter to ``.``, the rest to a space) and searched twice, in C: a third of
    the time of one search of a pattern of character classes, tried at each byte."""
    marked = raw.translate(_DIGITS_AND_POINTS)
    return b"0." in marked or _DIGIT_RUNS[max_digits] in marked


_DIGITS_AND_POINTS = bytes(
    ord("0") if chr(byte).isdigit() and byte < 128 else ord(".") if byte in b".eE" else ord(" ") for byte in range(256)
)
_DIGIT_RUNS = [b"0" * (n + 1) for n in range(21)]  # more than n digits in a row, once mapped


_NOT_READ = object()


class _Watch:
    """The hooks of :func:`loads_canonical`'s parse: ``refused`` once a literal :func:`loads_limited` refuses
    went by (an integer longer than ``max_digits``, ``NaN``, ``Infinity``)."""

    __slots__ = ("max_digits", "refused")

    def __init__(self, max_digits: int) -> None:
        self.max_digits = max_digits
        self.refused = False

    def parse_int(self, literal: str) -> int | None:
        if len(literal) > self.max_digits and len(literal.lstrip("-")) > self.max_digits:
            self.refused = True
            return None
        return int(literal)

    def parse_constant(self, literal: str) -> None:
        self.refused = True


def _suspect(text: str, max_depth: int) -> bool:
    """True if ``text`` may hold what :func:`loads_limited` refuses and the parse does not show: a value
    indented as deep as ``max_depth`` (in canonical form), a lone surrogate."""
    if "\n" + "  " * max_depth in text:
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def is_text(value: str) -> bool:
    """True unless ``value`` holds a lone surrogate (``"\\ud800"`` in JSON), which no file can hold."""
    if value.isascii():
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def first_problem(data: Any, max_depth: int) -> tuple[str, str] | None:
    """The pointer and problem of the first value (in document order) nested too deep, refused or not text."""
    Path_ = tuple[Any, str | int] | None  # (parent path, key): the pointer is built only for a problem

    def ptr_of(path: Path_) -> str:
        tokens: list[str | int] = []
        while path is not None:
            path, key = path
            tokens.append(key)
        return pointer(*reversed(tokens))

    stack: list[tuple[Any, int, Path_]] = [(data, 0, None)]
    while stack:
        value, depth, path = stack.pop()
        if isinstance(value, Refused):
            return ptr_of(path), value.problem
        if isinstance(value, str):
            if not is_text(value):
                return ptr_of(path), _lone_surrogate(False)
            continue
        if isinstance(value, dict):
            for key in value:
                if not is_text(key):
                    return ptr_of((path, key)), _lone_surrogate(True)
            items: list[tuple[str | int, Any]] = list(value.items())
        elif isinstance(value, list):
            items = list(enumerate(value))
        else:
            continue
        if depth >= max_depth:
            return ptr_of(path), _too_deep(max_depth)
        stack.extend((v, depth + 1, (path, k)) for k, v in reversed(items))
    return None


def _find_duplicate_key(text: str, key: str) -> tuple[int, int]:
    """Where the second occurrence of ``key`` in one object starts (best effort)."""
    scanner = _Scanner(text)
    with contextlib.suppress(JsonSyntaxError):
        scanner.document()
    if scanner.duplicate_at is not None:
        return line_col(text, scanner.duplicate_at)
    return 1, 1


def canonical_dumps(data: Any) -> str:
    """The canonical text of a JSON value (see the module docstring).

    It is ``json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\\n"``; objects, arrays,
    strings, integers, booleans and null are written by :func:`_canonical` (twice as fast: ``indent``
    makes ``json`` use its pure-Python encoder, one generator step per value), anything else by ``json``.
    """
    try:
        return _canonical(data, "") + "\n"
    except (_NotPlain, RecursionError, ValueError, TypeError):
        return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


class _NotPlain(Exception):
    """A value :func:`_canonical` leaves to ``json`` (a float, a subclass, a type JSON does not have)."""


def _canonical(value: Any, indent: str) -> str:
    kind = type(value)
    if kind is str:
        return _encode_string(value)
    if kind is dict:
        if not value:
            return "{}"
        inner = indent + "  "
        items = []
        for key in sorted(value):
            item = value[key]
            # a string or an integer (most values of a record) is written here, without a call of this function
            of = type(item)
            written = _encode_string(item) if of is str else int.__repr__(item) if of is int else _canonical(item, inner)
            items.append(_encode_string(key) + ": " + written)
        return "{\n" + inner + (",\n" + inner).join(items) + "\n" + indent + "}"
    if kind is list:
        if not value:
            return "[]"
        inner = indent + "  "
        items = [_encode_string(item) if type(item) is str else _canonical(item, inner) for item in value]
        return "[\n" + inner + (",\n" + inner).join(items) + "\n" + indent + "]"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    if kind is int:
        return int.__repr__(value)
    raise _NotPlain


def atomic_write_text(
    path: Path, text: str, *, follow_symlinks: bool = False, replaces: OutputKind | None = None
) -> None:
    """Write ``text`` (UTF-8, ``\n`` line ends) to ``path`` atomically; see :func:`atomic_write_bytes`."""
    from .safewrite import encode_text

    data = encode_text(Path(path), text)
    if follow_symlinks or replaces is not None:
        atomic_write_bytes(path, data, follow_symlinks=follow_symlinks, replaces=replaces)
    else:
        atomic_write_bytes(path, data)  # the plain call (tests stand in for atomic_write_bytes)


def refuse_input_as_output(out: Path, inputs: Iterable[Path]) -> None:
    """Raise :class:`toolkit.errors.DossierError` (exit 2) when ``out`` is one of the files read (``inputs``):
    the same file through any spelling (``./``, ``../``), a symbolic link or a hard link, so that writing the
    output cannot destroy what it was made from. What cannot be looked at is not the same file."""
    from .errors import DossierError

    try:
        target = os.stat(out)
    except (OSError, ValueError):
        return  # (nothing there yet, or a path the writer refuses with its own reason)
    for inp in inputs:
        try:
            st = os.stat(inp)
        except (OSError, ValueError):
            continue
        if (st.st_dev, st.st_ino) == (target.st_dev, target.st_ino):
            raise DossierError(tr("{path}: refusing to overwrite the input file", path=out))


def atomic_write_bytes(
    path: Path, data: bytes, *, follow_symlinks: bool = False, replaces: OutputKind | None = None
) -> None:
    """Write ``data`` to ``path`` via a temp file in the same directory and an atomic rename.

    A reader sees the old file or the new one, never half of one; on any error the
    old file is left as it was. An existing file keeps its permission bits. A
    directory, symbolic link, FIFO or device is never replaced; with ``replaces`` (an
    output kind such as :data:`toolkit.safewrite.PDF`) neither is an existing file that
    does not look like one. The rules live in :mod:`toolkit.safewrite`; errors are
    :class:`toolkit.safewrite.WriteError`.
    """
    from .safewrite import write_bytes

    write_bytes(Path(path), data, follow_symlinks=follow_symlinks, replaces=replaces)


def json_kind(value: Any) -> str:
    """How a message names a JSON value of the wrong type: ``null`` (in words in the language: 空值), ``true``,
    ``the number 5``, ``the text 'x'`` (short ones quoted, long ones only named), ``a list``, ``an object``."""
    if value is None:
        # TRANSLATORS: JSON's null where a message names the value it found ("…, not null"): in words (空值)
        return tc(current_lang(), "JSON value", "null")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return tr("the number {value}", value=value) if len(str(value)) <= 24 else tr("a number")
    if isinstance(value, str):
        return tr("the text {value}", value=repr(value)) if len(value) <= 40 else tr("a text")
    return tr("a list") if isinstance(value, list) else tr("an object")


def escape_pointer_token(token: str | int) -> str:
    return str(token).replace("~", "~0").replace("/", "~1")


def pointer(*tokens: str | int) -> str:
    """An RFC 6901 pointer built from path tokens (``pointer("a", 0) == "/a/0"``)."""
    return "".join("/" + escape_pointer_token(t) for t in tokens)


def loc_pointer(data: Any, loc: tuple[Any, ...]) -> str:
    """Map a validation error location (e.g. pydantic's ``loc``) onto the document.

    Items that are not keys or indexes of the data (union tags) are dropped; a
    last item naming a missing member is kept, pointing where it belongs.
    """
    tokens: list[str | int] = []
    node = data
    for index, item in enumerate(loc):
        in_object = isinstance(node, dict) and isinstance(item, str) and item in node
        in_array = isinstance(node, list) and isinstance(item, int) and 0 <= item < len(node)
        if in_object or in_array:
            tokens.append(item)
            node = node[item]
        elif index == len(loc) - 1 and isinstance(node, dict) and isinstance(item, str):
            tokens.append(item)
    return pointer(*tokens)


def pointer_position(positions: dict[str, tuple[int, int]], ptr: str) -> tuple[int, int]:
    """Line and column of the value at ``ptr`` in ``positions`` (from :func:`value_positions`), or of its
    nearest enclosing value that has one; the start of the document when none does."""
    while True:
        if ptr in positions:
            return positions[ptr]
        if not ptr:
            return 1, 1
        ptr = ptr.rsplit("/", 1)[0]


def line_col(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column (in characters) of a character offset."""
    line = text.count("\n", 0, offset) + 1
    start = text.rfind("\n", 0, offset) + 1
    return line, offset - start + 1


class _Lines:
    """Line and column of many offsets of one text, each in O(log lines) (the text is scanned once)."""

    def __init__(self, text: str) -> None:
        self.starts = [0]
        find, at = text.find, text.find("\n")
        while at != -1:
            self.starts.append(at + 1)
            at = find("\n", at + 1)

    def __call__(self, offset: int) -> tuple[int, int]:
        index = bisect.bisect_right(self.starts, offset) - 1
        return index + 1, offset - self.starts[index] + 1


MAX_POSITION_DEPTH = 512  # values nested deeper than this get the position of their enclosing value


def value_positions(text: str, wanted: Iterable[str] | None = None) -> dict[str, tuple[int, int]]:
    """Map each pointer in the document to the (line, column) of its value.

    For object members the position is that of the member's key, which is
    where an editor should put the cursor. Stops quietly at a syntax error,
    returning what it has mapped so far, and does not follow values nested
    deeper than ``MAX_POSITION_DEPTH``. Linear in the size of the text.

    ``wanted``: only these pointers (and their ancestors) are mapped; every other value is passed over by
    the C JSON decoder, so placing a few findings in a 50 MB file costs a parse, not a Python walk of it.
    """
    if wanted is not None:
        wanted = list(wanted)
        scanner = _Scanner(text, _prefixes(wanted), _last_indexes(wanted))
    else:
        scanner = _Scanner(text)
    with contextlib.suppress(JsonSyntaxError):
        scanner.document()
    at = _Lines(text)
    return {ptr: at(off) for ptr, off in scanner.offsets.items()}


def canonical_positions(text: str, wanted: Iterable[str]) -> dict[str, tuple[int, int]]:
    """For a text that is the :func:`canonical_dumps` of its document: the line and column of each of the
    ``wanted`` pointers, as :func:`pointer_position` finds it in :func:`value_positions` (the value's, or its
    key's for an object member, or that of the nearest enclosing value the text has).

    The canonical form puts each member and item on a line of its own, indented two spaces a level, so a few
    searches of the text find a value (a member's line by its key, an item's by counting the lines of its
    array's level), where :func:`value_positions` scans the document from its start."""
    return {ptr: line_col(text, _canonical_offset(text, ptr)) for ptr in wanted}


def _canonical_offset(text: str, ptr: str) -> int:
    """The offset in the canonical ``text`` of the value at ``ptr``: see :func:`canonical_positions`."""
    found = start = 0  # the value found so far (its key for a member) and where it starts
    for level, token in enumerate(ptr.split("/")[1:] if ptr.startswith("/") else ()):  # (level: its line's)
        opener = text[start : start + 1]
        if opener not in ("{", "[") or text[start + 1 : start + 2] in ("}", "]"):  # a scalar, an empty container
            break
        inner = "\n" + "  " * (level + 1)  # a line of one of its members or items
        end = text.find("\n" + "  " * level + ("}" if opener == "{" else "]"), start)  # its closing line
        if opener == "{":
            key = _encode_string(token.replace("~1", "/").replace("~0", "~"))
            at = text.find(inner + key + ": ", start, end)
            if at == -1:
                break
            found = at + len(inner)
            start = found + len(key) + 2
        else:
            if not (token.isascii() and token.isdigit() and (token == "0" or token[0] != "0")):
                break  # (not an index value_positions gives)
            at = start
            for _ in range(int(token) + 1):  # the lines of this level that start an item (not a closing one)
                at = text.find(inner, at + 1, end)
                while at != -1 and text[at + len(inner)] in " }]":
                    at = text.find(inner, at + 1, end)
                if at == -1:
                    break
            if at == -1:
                break
            found = start = at + len(inner)
    return found


_NOT_WS = re.compile(r"[^ \t\n\r]")


def _prefixes(pointers: Iterable[str]) -> set[str]:
    """Every proper ancestor of each of ``pointers`` (``/a/0`` gives ``""`` and ``/a``): the containers a scan
    for them must walk into."""
    out: set[str] = set()
    for ptr in pointers:
        parts = ptr.split("/")
        for n in range(1, len(parts)):
            out.add("/".join(parts[:n]))
    return out


def _last_indexes(pointers: Iterable[str]) -> dict[str, int]:
    """For each array a pointer of ``pointers`` goes through: the last index asked for in it."""
    out: dict[str, int] = {}
    for ptr in pointers:
        parts = ptr.split("/")
        for n in range(2, len(parts) + 1):
            token = parts[n - 1]
            if token.isdigit():
                parent = "/".join(parts[: n - 1])
                out[parent] = max(out.get(parent, -1), int(token))
    return out


class _Scanner:
    """A small iterative JSON scanner that records value offsets (no recursion, so any depth is safe).

    ``along``: when given, only containers at these pointers are walked into; any other container is skipped
    whole by the C decoder, and so is the rest of an array past the last index ``last`` asks for in it (the
    Python walk is for the few paths asked about)."""

    def __init__(self, text: str, along: set[str] | None = None, last: dict[str, int] | None = None) -> None:
        self.text = text
        self.i = 0
        self.along = along
        self.last = last or {}
        self.offsets: dict[str, int] = {}
        self.duplicate_at: int | None = None
        # numbers are skipped, not converted: a very long integer must not stop the scan
        self._decoder = json.JSONDecoder(parse_int=str, parse_float=str, parse_constant=str)

    def _skip(self) -> None:
        found = _NOT_WS.search(self.text, self.i)
        self.i = found.start() if found else len(self.text)

    def _fail(self, message: str) -> JsonSyntaxError:
        line, column = line_col(self.text, self.i)
        return JsonSyntaxError(message, line, column)

    def _scalar(self) -> Any:
        try:
            value, end = self._decoder.raw_decode(self.text, self.i)
        except json.JSONDecodeError as exc:
            raise self._fail(decode_message(exc.msg)) from None
        except RecursionError:  # pragma: no cover - raw_decode is only called on scalars
            raise self._fail(tr("nested too deeply")) from None
        self.i = end
        return value

    def document(self) -> None:
        """Scan one value; a frame of the stack is (pointer, is an object, [member index], keys seen)."""
        text = self.text
        stack: list[tuple[str, bool, list[int], set[str] | None, int]] = []
        ptr, key_offset = "", None
        while True:
            # a value starts here
            self._skip()
            if len(stack) <= MAX_POSITION_DEPTH:
                self.offsets.setdefault(ptr, self.i if key_offset is None else key_offset)
            if self.i >= len(text):
                raise self._fail(tr("unexpected end of document"))
            ch = text[self.i]
            if self.along is not None and ptr not in self.along and ch in "{[":
                try:
                    _, self.i = self._decoder.raw_decode(text, self.i)  # not on a wanted path: skipped in C
                except (json.JSONDecodeError, RecursionError):
                    pass  # walked below instead: it reports the error where it is, or copes with the depth
                else:
                    ch = ""
            if ch in "{[" and ch:
                opened = self.i
                self.i += 1
                self._skip()
                close = "}" if ch == "{" else "]"
                if text.startswith(close, self.i):
                    self.i += 1
                else:
                    stack.append((ptr, ch == "{", [0], set() if ch == "{" else None, opened))
                    if ch == "{":
                        ptr, key_offset = self._key(ptr, stack[-1][3], len(stack))
                    else:
                        ptr, key_offset = ptr if len(stack) > MAX_POSITION_DEPTH else f"{ptr}/0", None
                    continue
            elif ch:
                self._scalar()
            # the value ended: close containers or move to the next member
            while stack:
                parent, is_object, counter, seen, start = stack[-1]
                self._skip()
                if text.startswith(",", self.i):
                    self.i += 1
                    counter[0] += 1
                    if self.along is not None and not is_object and counter[0] > self.last.get(parent, -1):
                        try:  # past every index asked for: the rest of the array in C
                            _, self.i = self._decoder.raw_decode(text, start)
                        except (json.JSONDecodeError, RecursionError):
                            pass
                        else:
                            stack.pop()
                            continue
                    if is_object:
                        ptr, key_offset = self._key(parent, seen, len(stack))
                    elif len(stack) > MAX_POSITION_DEPTH:
                        ptr, key_offset = parent, None
                    else:
                        ptr, key_offset = f"{parent}/{counter[0]}", None
                    break
                if text.startswith("}" if is_object else "]", self.i):
                    self.i += 1
                    stack.pop()
                    continue
                raise self._fail(tr("expected ',' or '}'") if is_object else tr("expected ',' or ']'"))
            else:
                return

    def _key(self, parent: str, seen: set[str] | None, depth: int) -> tuple[str, int]:
        self._skip()
        key_offset = self.i
        if not self.text.startswith('"', self.i):
            raise self._fail(tr("expected a key"))
        key = self._scalar()
        assert seen is not None
        if key in seen and self.duplicate_at is None:
            self.duplicate_at = key_offset
        seen.add(key)
        self._skip()
        if not self.text.startswith(":", self.i):
            raise self._fail(tr("expected ':'"))
        self.i += 1
        if depth > MAX_POSITION_DEPTH:  # too deep to report: the pointer stops growing (and stays linear)
            return parent, key_offset
        return parent + "/" + escape_pointer_token(key), key_offset


class Source:
    """One file as read from disk: its path and text, or why it could not be read."""

    __slots__ = ("path", "text", "error", "io_error", "errno", "bom")

    def __init__(
        self,
        path: Path,
        text: str | None = None,
        error: str | None = None,
        io_error: bool = False,
        errno: int | None = None,
        bom: bool = False,
    ) -> None:
        self.path = path
        self.text = text
        self.error = error  # why it could not be read, in the current language
        self.io_error = io_error  # True: the file could not be read at all (exit 2), not bad content
        self.errno = errno  # the OSError's errno, when reading failed (ENOENT: there is no such file)
        self.bom = bom  # True: the file began with a UTF-8 byte-order mark (not in ``text``; not canonical)

    def __repr__(self) -> str:
        return f"Source({str(self.path)!r})"


MAX_SOURCE_BYTES = 64 * 2**20
"""The largest file :func:`read_source` reads (64 MiB): far more than any record, map, table or replay."""


class FileTooLarge(OSError):
    """A file larger than the reader's limit (``strerror`` says so)."""


def read_regular(
    path: Path, limit: int | None = None, on_status: Callable[[os.stat_result], None] | None = None
) -> bytes:
    """The bytes of the regular file at ``path``, without ever blocking on what is not one.

    The file is opened non-blocking and checked with ``fstat`` on the open descriptor:
    a FIFO (which would wait for a writer forever), a device, a socket or a directory
    is refused with an :class:`OSError` whose ``strerror`` says what it is. With
    ``limit``, a file larger than ``limit`` bytes raises :class:`FileTooLarge` (at most
    ``limit + 1`` bytes are read). A path holding a NUL is an :class:`OSError` too. ``on_status``, if
    given, is called with that status of the open file before anything is read from it (lint's workers tell
    the file's version by it).
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except ValueError:  # a NUL in the path
        raise OSError(errno.EINVAL, tr("the path holds a NUL character"), str(path)) from None
    except FileNotFoundError:
        reason = dangling_link(path) or tr("No such file or directory")
        raise FileNotFoundError(errno.ENOENT, reason, str(path)) from None
    try:
        found = os.fstat(fd)
        if on_status is not None:
            on_status(found)
        mode = found.st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, tr("it is a directory"), str(path))
        if not stat.S_ISREG(mode):
            raise OSError(errno.EINVAL, _not_regular(mode), str(path))
        chunks: list[bytes] = []
        expected = found.st_size
        size, cap = 0, None if limit is None else limit + 1
        while cap is None or size < cap:
            # the rest of the size fstat gave and a byte more, so one short read ends it (not a second read of
            # nothing, nor a buffer of 1 MiB for a file of 2 KiB); 1 MiB at a time past it (a file that grew)
            want = expected + 1 - size if size <= expected else 1 << 20
            if cap is not None:
                want = min(want, cap - size)
            chunk = os.read(fd, want)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if len(chunk) < want and size >= expected:
                break
    finally:
        os.close(fd)
    if limit is not None and size > limit:
        raise FileTooLarge(errno.EFBIG, tr("larger than {size}, the limit", size=_size(limit)), str(path))
    return b"".join(chunks)


def dangling_link(path: Path | str) -> str | None:
    """"a dangling symbolic link (to TARGET)" when ``path`` is a link to nothing, else None."""
    try:
        if os.path.exists(path):
            return None
        return tr("a dangling symbolic link (to {target})", target=os.readlink(path))
    except (OSError, ValueError):  # not a link at all
        return None


def _not_regular(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return tr("not a regular file (a FIFO)")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return tr("not a regular file (a device)")
    if stat.S_ISSOCK(mode):
        return tr("not a regular file (a socket)")
    return tr("not a regular file")


def _size(limit: int) -> str:
    for unit, scale in (("MiB", 2**20), ("KiB", 2**10)):
        if limit >= scale and limit % scale == 0:
            return f"{limit // scale} {unit}"
    return trn("{n} byte", "{n} bytes", limit)


def not_utf8(data: bytes, at: int) -> str:
    """Why ``data`` is no UTF-8 text, its first bad byte at index ``at``: where it is as an editor shows it (the line,
    and the column in characters: what comes before it on its line decodes) and the byte's offset."""
    start = data.rfind(b"\n", 0, at) + 1
    column = len(data[start:at].decode("utf-8", errors="replace")) + 1
    return tr("not UTF-8 at line {line}, column {column} (byte {n})", line=data.count(b"\n", 0, at) + 1, column=column,
              n=at)  # fmt: skip


def read_source(
    path: Path, limit: int = MAX_SOURCE_BYTES, on_status: Callable[[os.stat_result], None] | None = None
) -> Source:
    """Read a UTF-8 file; an unreadable (or FIFO, device, directory, too large) or undecodable file
    becomes ``Source.error``. Never blocks on a FIFO (:func:`read_regular`, which ``on_status`` goes to)."""
    try:
        data = read_regular(path, limit, on_status)
    except OSError as exc:
        return Source(path, error=os_reason(exc), io_error=True, errno=exc.errno)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return Source(path, error=not_utf8(data, exc.start))
    if text.startswith("\ufeff"):
        return Source(path, text=text[1:], bom=True)
    return Source(path, text=text)
