"""Words the engines write for people (a log entry's reason, a game's result, a decision's prompt and options)
kept translatable: each is the English string the engine and its JSON have always seen, which also keeps
its message and fields, so that a reader puts it in any language (:meth:`toolkit.cli._lang.LogNames.say`).

``Phrase(N_("{unit} left play"), unit=str(unit))`` is the string ``寒鸦#1 left play``; its message is
``{unit} left play`` (marked for the catalogs by ``N_``) and its field ``unit`` a name, translated as names
are. ``Term("type", "program")`` is the code ``program`` of a vocabulary (:mod:`toolkit.engine.logwords`):
JSON keeps the code, text shows the word. A Phrase compares, hashes and serialises as its English string,
so rules that look at reasons or prompts (``prompt.startswith("discard")``) work as before.

``Phrase(Nn_("draw {n} card", "draw {n} cards"), n=2)`` has plural forms: its count field (``n``) chooses
the English (``draw 2 cards``) and, where it is worded, the form of the reader's language (ngettext). Its
message is then a :class:`toolkit.i18n.Plural` with that count, which :func:`toolkit.i18n.t` words as
:func:`toolkit.i18n.tn` does, so every reader of ``phrase.message`` words it right; a Phrase made again
from its message and new fields keeps its plural forms.
"""

from __future__ import annotations

import re
from typing import Any

from toolkit.i18n import Plural

_BEFORE_S = re.compile(r"\{(\w+)\}[^{}]*\(s\)")  # the count before a plural written "(s)" (a Phrase of before)


def _phrase(message: str, fields: dict[str, Any]) -> Phrase:
    if not isinstance(message, Plural) and message.count("(s)") == 1:
        # a Phrase pickled before the plural forms (``draw {n} card(s)``): its count chooses the words now written
        # for it (``draw {n} card``, ``draw {n} cards``), which the catalogs translate
        found = _BEFORE_S.search(message)
        if found is not None and _number(fields.get(found.group(1))) is not None:
            message = Plural(message.replace("(s)", ""), message.replace("(s)", "s"), found.group(1))
    return Phrase(message, **fields)


def _number(value: Any) -> int | None:
    """A count field's value as a number (a count shown as a string, ``"2"``, too); None when it is none."""
    if isinstance(value, int):
        return int(value)
    try:
        return int(str(value))
    except ValueError:
        return None


def _term(kind: str, code: str, shown: str | None) -> Term:
    return Term(kind, code, shown)


class Phrase(str):
    """An English sentence with its message (``{field}`` placeholders) and fields; a message with plural forms
    (:func:`toolkit.i18n.Nn_`) takes the form its count field's number asks for."""

    message: str
    fields: dict[str, Any]

    def __new__(cls, message: str, /, **fields: Any) -> Phrase:
        if isinstance(message, Plural):
            n = _number(fields.get(message.field))
            if n is None:
                raise TypeError(f"the count field {message.field!r} of {message.plural!r} is not a number")
            message = message.counted(n)
        self = super().__new__(cls, message.format(**fields) if fields else message)
        self.message = message
        self.fields = fields
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_phrase, (self.message, self.fields))


class Term(str):
    """A code of a vocabulary (``kind``): as a string the code itself, or ``shown`` (the English word, where
    the engine has always written that); its word in the reader's language where it is shown."""

    kind: str
    code: str

    def __new__(cls, kind: str, code: str, shown: str | None = None) -> Term:
        self = super().__new__(cls, code if shown is None else shown)
        self.kind = kind
        self.code = code
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        shown = str(self)
        return (_term, (self.kind, self.code, None if shown == self.code else shown))


__all__ = ["Phrase", "Term"]
