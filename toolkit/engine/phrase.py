"""Words the engines write for people (a log entry's reason, a game's result, a decision's prompt and options)
kept translatable: each is the English string the engine and its JSON have always seen, which also keeps
its message and fields, so that a reader puts it in any language (:meth:`toolkit.cli._lang.LogNames.say`).

``Phrase(N_("{unit} left play"), unit=str(unit))`` is the string ``寒鸦#1 left play``; its message is
``{unit} left play`` (marked for the catalogs by ``N_``) and its field ``unit`` a name, translated as names
are. ``Term("type", "program")`` is the code ``program`` of a vocabulary (:mod:`toolkit.engine.logwords`):
JSON keeps the code, text shows the word. A Phrase compares, hashes and serialises as its English string,
so rules that look at reasons or prompts (``prompt.startswith("discard")``) work as before.
"""

from __future__ import annotations

from typing import Any


def _phrase(message: str, fields: dict[str, Any]) -> Phrase:
    return Phrase(message, **fields)


def _term(kind: str, code: str, shown: str | None) -> Term:
    return Term(kind, code, shown)


class Phrase(str):
    """An English sentence with its message (``{field}`` placeholders) and fields."""

    message: str
    fields: dict[str, Any]

    def __new__(cls, message: str, /, **fields: Any) -> Phrase:
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
