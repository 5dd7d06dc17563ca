"""Pieces every game engine shares: the event log, deciders, triggers and loop detection.

- :class:`Log` is append-only; each :class:`Event` says who may see it
  (``"all"`` or a list of seats), so a player's view is a filter, not a copy.
- A :class:`Decider` makes every choice (targets, optional abilities, discards),
  so tests (:class:`ScriptedDecider`), simulations (:class:`RandomDecider`) and a
  person at a terminal (:class:`InteractiveDecider`) drive the same engine.
- :class:`Triggers` holds pending triggered abilities and resolves them in the
  order of seed 000 §11.7: the current player's triggers enter the stack first,
  then each opponent's in seat order after them; the stack resolves last in,
  first out; several triggers of one player at once are ordered by that player.
  ``……时`` triggers resolve during the event, ``……后`` ones after it.
  An endless chain of triggers is stopped with a clear :class:`EngineError`.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from toolkit.engine.phrase import Phrase
from toolkit.errors import DossierError
from toolkit.i18n import current_lang, t_beside, tr, word
from toolkit.i18n.words import N_
from toolkit.text import AbilitySyntaxError, parse_cached
from toolkit.text import ast as A
from toolkit.text.render import render

T = TypeVar("T")

MAX_TRIGGER_DEPTH = 20
MAX_TRIGGERS_PER_EVENT = 500


class EngineError(DossierError):
    """A rule the engine cannot carry out (an endless loop, a choice that is not offered, …); the message is
    worded in the current language (:func:`toolkit.i18n.tr`)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, exit_code=1)


def side_word(side: str) -> str:
    """A netrunner side (``corp``, ``runner``) inside an error message, in the current language."""
    return word("side", side, current_lang())


def said(value: Any) -> str:
    """A value the engine words for people (a Phrase: a reason, a prompt; a Term: a code) inside an error
    message, in the current language; anything else as it is. A sentence's fields are spaced from the Chinese beside
    them as their own text needs (:func:`~toolkit.i18n.t_beside`: ``在远程服务器 1 中``, ``在总部中``)."""
    from .logwords import TERMS
    from .logwords import word as term_word
    from .phrase import Phrase, Term

    lang = current_lang()
    if isinstance(value, Phrase):
        return t_beside(lang, value.message, **{key: said(field) for key, field in value.fields.items()})
    if isinstance(value, Term):
        return (term_word(value.kind, value.code, lang) if value.kind in TERMS else None) or str(value)
    return str(value)


def type_word(card_type: str) -> str:
    """A card type (``ice``, ``agenda``, …) inside an error message: the id in English, else the type's word."""
    lang = current_lang()
    return card_type if lang == "en" else word("type", card_type, lang)


@dataclass(frozen=True)
class Event:
    """One thing that happened. ``visible`` is ``"all"`` or the seats that may see it."""

    seq: int
    kind: str
    player: int | None
    data: dict[str, Any]
    visible: str | tuple[int, ...] = "all"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seq": self.seq, "event": self.kind}
        if self.player is not None:
            out["player"] = self.player
        out.update(self.data)
        out["visible"] = self.visible if self.visible == "all" else list(self.visible)
        return out


class Log:
    """The append-only event log of one game."""

    def __init__(self) -> None:
        self._events: list[Event] = []
        self._listeners: list[Callable[[Event], None]] = []

    def add(self, kind: str, player: int | None = None, /, visible: str | Sequence[int] = "all", **data: Any) -> Event:
        # the event as Event(...) makes it, its fields set at once (a frozen dataclass sets them one call each)
        event = object.__new__(Event)
        event.__dict__.update(seq=len(self._events) + 1, kind=kind, player=player, data=data,
                              visible=visible if isinstance(visible, str) else tuple(visible))  # fmt: skip
        self._events.append(event)
        if self._listeners:
            for listener in self._listeners:
                listener(event)
        return event

    @contextlib.contextmanager
    def listening(self, listener: Callable[[Event], None]) -> Iterator[None]:
        """While inside, ``listener`` is told of each entry added (a replay cutting frames as play goes on)."""
        self._listeners.append(listener)
        try:
            yield
        finally:
            self._listeners.remove(listener)

    def listeners(self) -> tuple[Callable[[Event], None], ...]:
        """Who is told of each entry now (:meth:`listening`): a replay's recorder still listening to a game that
        stopped inside a step, for instance."""
        return tuple(self._listeners)

    def __iter__(self) -> Iterator[Event]:
        return iter(tuple(self._events))

    def __len__(self) -> int:
        return len(self._events)

    def since(self, start: int) -> list[Event]:
        """The events from index ``start`` on."""
        return self._events[start:]

    def seen_by(self, seat: int) -> list[Event]:
        """What one player may see."""
        return [e for e in self._events if e.visible == "all" or seat in e.visible]

    def to_json(self, start: int = 0) -> list[dict[str, Any]]:
        """The events from index ``start`` on (a replay takes each turn's new ones, not the whole log again)."""
        return [e.to_json() for e in self._events[start:]]


# ---------------------------------------------------------------- deciders


class Decider:
    """Makes the players' choices. ``choose`` picks one of ``options``; ``confirm`` answers yes or no.

    ``legal_only``: offer this decider only the options legal now where a game would otherwise offer some that
    are lost at once (a tactics target chosen as the text resolves, out of the distance or the acting unit's
    vision and sight, §11.6); with none legal, the game says so instead of asking. Off by default: the options,
    and so a seeded game's choices, stay as they are."""

    legal_only = False

    def choose(self, player: int, prompt: str, options: Sequence[T]) -> T:
        raise NotImplementedError

    def confirm(self, player: int, prompt: str) -> bool:
        return bool(self.choose(player, prompt, [True, False]))

    def choose_many(self, player: int, prompt: str, options: Sequence[T], count: int) -> list[T]:
        """``count`` different options, one at a time."""
        left = list(options)
        chosen: list[T] = []
        for _ in range(min(count, len(left))):
            pick = self.choose(
                player, Phrase(N_("{prompt} ({n}/{count})"), prompt=prompt, n=len(chosen) + 1, count=count), left
            )
            left.remove(pick)
            chosen.append(pick)
        return chosen


class RandomDecider(Decider):
    """Uniformly random legal choices from its own seeded RNG (simulations)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, player: int, prompt: str, options: Sequence[T]) -> T:
        if not options:
            raise EngineError(tr("no option to choose from: {prompt}", prompt=said(prompt)))
        return options[self.rng.randrange(len(options))]


class FirstDecider(Decider):
    """Always the first option and "yes" (a predictable default for `dossier text run`)."""

    def choose(self, player: int, prompt: str, options: Sequence[T]) -> T:
        if not options:
            raise EngineError(tr("no option to choose from: {prompt}", prompt=said(prompt)))
        return options[0]


class FirstLegalDecider(FirstDecider):
    """The first option among those legal now (``legal_only``): `dossier text run`'s choices, so that the target
    it takes is not one the text loses at once (the first enemy unit, out of the distance or out of sight)."""

    legal_only = True


class ScriptedDecider(Decider):
    """Choices given in advance (tests): each answer is an option, its index, or its ``str``."""

    def __init__(self, answers: Sequence[Any]) -> None:
        self.answers = list(answers)
        self.asked: list[str] = []

    def choose(self, player: int, prompt: str, options: Sequence[T]) -> T:
        self.asked.append(prompt)
        if not self.answers:
            raise EngineError(tr("the script has no answer left for: {prompt}", prompt=said(prompt)))
        answer = self.answers.pop(0)
        for option in options:
            if option is answer or option == answer or str(option) == str(answer):
                return option
        if isinstance(answer, int) and not isinstance(answer, bool) and 0 <= answer < len(options):
            return options[answer]
        raise EngineError(
            tr(
                "scripted answer {answer} is not one of {options} for: {prompt}",
                answer=repr(answer),
                options=[str(o) for o in options],
                prompt=said(prompt),
            )
        )


class InteractiveDecider(Decider):
    """Asks a person: prints the options numbered, reads a number."""

    def __init__(self, read: Callable[[str], str] = input, write: Callable[[str], None] = print) -> None:
        self.read = read
        self.write = write

    def choose(self, player: int, prompt: str, options: Sequence[T]) -> T:
        if not options:
            raise EngineError(tr("no option to choose from: {prompt}", prompt=said(prompt)))
        self.write(f"player {player}: {prompt}")
        for number, option in enumerate(options, start=1):
            self.write(f"  {number}. {option}")
        while True:
            answer = self.read("> ").strip()
            if answer.isdigit() and 1 <= int(answer) <= len(options):
                return options[int(answer) - 1]
            self.write(f"type a number from 1 to {len(options)}")


# ---------------------------------------------------------------- triggers


@dataclass
class Pending(Generic[T]):
    """A triggered ability waiting to resolve: whose it is and what to run."""

    player: int
    label: str
    run: Callable[[], None]
    key: str | None = None  # its stable label in a game's decisions (ids, not names: the same in any language)

    def __str__(self) -> str:
        return self.label


@dataclass
class Triggers:
    """Collects triggers of one moment and resolves them by §11.7, detecting endless loops."""

    seats: Callable[[], list[int]]  # seat order starting with the current player
    decider: Decider
    depth: int = 0
    fired: int = 0
    chain: list[str] = field(default_factory=list)

    def resolve(self, pending: list[Pending[Any]]) -> None:
        """Stack the triggers of one moment (§11.7) and resolve them, last in first out."""
        if not pending:
            return
        stack: list[Pending[Any]] = []
        for seat in self.seats():  # the current player's triggers enter first, then each opponent's
            mine = [p for p in pending if p.player == seat]
            ordered: list[Pending[Any]] = []
            while mine:  # a player orders their own triggers: the first chosen resolves first
                pick = (
                    mine[0]
                    if len(mine) == 1
                    else self.decider.choose(seat, Phrase(N_("which trigger resolves first")), mine)
                )
                mine.remove(pick)
                ordered.append(pick)
            stack.extend(reversed(ordered))
        self.depth += 1
        try:
            if self.depth > MAX_TRIGGER_DEPTH:
                raise EngineError(
                    tr(
                        "endless trigger loop: triggers keep triggering each other ({chain})",
                        chain=" -> ".join(self.chain[-6:]),
                    )
                )
            while stack:
                item = stack.pop()
                self.fired += 1
                if self.fired > MAX_TRIGGERS_PER_EVENT:
                    raise EngineError(
                        tr("endless trigger loop: more than {n} triggers in one action", n=MAX_TRIGGERS_PER_EVENT)
                    )
                self.chain.append(item.label)
                item.run()
        finally:
            self.depth -= 1
            if self.depth == 0:
                self.fired = 0
                self.chain.clear()


def search_think(kind: str) -> float | None:
    """The seconds a player that looks ahead thinks per choice, from its name (``search``: 1 s; ``search:SECONDS``,
    more than 0 and at most 60); None for any other player. A bad number is an EngineError saying how to write it."""
    if kind != "search" and not kind.startswith("search:"):
        return None
    try:
        think = float(kind.split(":", 1)[1]) if ":" in kind else 1.0
    except ValueError:
        think = -1.0
    if not 0 < think <= 60:
        raise EngineError(tr("{kind}: give the seconds to think, e.g. search:2", kind=repr(kind)))
    return think


_RENDERED: dict[tuple[int, bool], tuple[A.Node, str]] = {}
_RENDERED_MOST = 20_000  # texts kept at most (each keeps its node alive, so an id is never another node's)


def rendered(node: A.Node, sentence: bool = False) -> str:
    """:func:`~toolkit.text.render.render` of ``node`` (zh-Hans), kept per node: the log writes the text of the same
    parsed ability (a node is frozen) each time it resolves. ``sentence``: the text of ``node``'s effects as one
    sentence (what 你可以 offers)."""
    key = (id(node), sentence)
    found = _RENDERED.get(key)
    if found is not None and found[0] is node:
        return found[1]
    text = render(A.Sentence(node.effects)) if sentence else render(node)  # type: ignore[attr-defined]
    if len(_RENDERED) >= _RENDERED_MOST:
        _RENDERED.clear()
    _RENDERED[key] = (node, text)
    return text


RECORD_FILES: ContextVar[Callable[[Any], Any] | None] = ContextVar("record_files", default=None)
"""The file each record was read from (:meth:`toolkit.catalog.Catalog.file_of`; None where it is not known), for
an error about a record's ability text to name its file as lint does: set by whoever loads the pool
(``RECORD_FILES.set(catalog.file_of)``). Unset, the error names the record and the field without the file."""

_CHECKED: dict[int, Any] = {}  # id -> record: the records :func:`check_texts` found readable (kept: an id stays its)
_CHECKED_MOST = 100_000


def text_error(record: Any, path: Sequence[str | int], exc: AbilitySyntaxError) -> EngineError:
    """The one-line error of ``record``'s ability text at ``path`` (``("text", 0)``) that does not parse, worded as
    lint's ``card.text.parse`` finding: the record's file with the line and column of the text in it (where
    :data:`RECORD_FILES` knows the file), the record, the field (a JSON pointer), the column in the text (its line
    too in a text of more than one) and the problem."""
    from toolkit.jsonio import pointer

    exc = exc.for_game(str(record.game))  # (the words expected there: those the record's game's texts may write)
    lang = current_lang()
    label = tr("{game} {kind} {id}", game=word("game", str(record.game), lang),
               kind=word("record", str(record.kind), lang), id=repr(record.id))  # fmt: skip
    where = pointer(*path)
    message = tr("{label}: {pointer}: column {column} of the text: {problem}", label=label, pointer=where,
                 column=exc.column, problem=exc.summary(located=exc.line != 1))  # fmt: skip
    files = RECORD_FILES.get()
    file = files(record) if files is not None else None
    if file is not None:
        message = tr("{where}: {problem}", where=_place_in(file, where, exc.offset), problem=message)
    return EngineError(message)


def _place_in(file: Any, ptr: str, offset: int) -> str:
    """``file:line:column`` of the character ``offset`` of the text at ``ptr`` in the JSON file ``file``, where lint
    places its ``card.text.parse`` (:func:`toolkit.findings.at_character`: past the string's escapes as written);
    the file alone when it cannot be read again or holds no such value."""
    from toolkit.findings import at_character
    from toolkit.jsonio import value_positions

    try:
        text = Path(file).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeError):
        return str(file)
    found = value_positions(text, [ptr]).get(ptr)
    if found is None:
        return str(file)
    line, column = at_character(text, found, offset)
    return f"{file}:{line}:{column}"


def check_texts(records: Iterable[Any]) -> None:
    """Every ability text of ``records`` parses, else the :func:`text_error` of the first that does not (a game
    checks the texts it may run before it starts, so that the error comes first, not half-way through a game)."""
    from toolkit.models import iter_texts

    for record in records:
        if _CHECKED.get(id(record)) is record:
            continue
        for path, text in iter_texts(record):
            try:
                parse_cached(text)
            except AbilitySyntaxError as exc:
                raise text_error(record, path, exc) from None
        if len(_CHECKED) >= _CHECKED_MOST:
            _CHECKED.clear()
        _CHECKED[id(record)] = record


def given_ability(text: str) -> A.Ability:
    """The ability ``text`` given to run (``text run``, a scenario's text), parsed; one that does not parse is an
    EngineError placed in it (``<text>:1:4: …``). A caller may read it before the game is made, so that its own
    error comes first."""
    try:
        return parse_cached(text)
    except AbilitySyntaxError as exc:
        raise EngineError(
            tr("{where}: {problem}", where=f"<text>:{exc.line}:{exc.column}", problem=exc.summary(located=False))
        ) from None


def parse_abilities(source: Any) -> list[A.Ability]:
    """The parsed abilities of ``source.record``'s text, top to bottom; bad text is an EngineError naming the
    record, the field and its file (:func:`text_error`), or ``source`` for a part of a record (a reverse face)."""
    record = source.record
    out = []
    for index, text in enumerate(getattr(record, "text", []) or []):
        try:
            out.append(parse_cached(text))
        except AbilitySyntaxError as exc:
            if all(isinstance(getattr(record, name, None), str) for name in ("game", "kind", "id")):
                raise text_error(record, ("text", index), exc) from None
            raise EngineError(tr("{where}: {problem}", where=source, problem=exc.summary())) from None
    return out


class TextRunner:
    """What every game's interpreter does alike: 如果 (conditions) and 你可以 (optional effects).

    A game supplies ``log``, ``decider``, ``_condition(condition, ctx)`` and ``_effects(effects, ctx)``.
    """

    log: Log
    decider: Decider

    def _condition(self, condition: Any, ctx: Any) -> bool:
        raise NotImplementedError

    def _effects(self, effects: Sequence[Any], ctx: Any) -> None:
        raise NotImplementedError

    def _control(self, e: Any, ctx: Any, seat: int) -> bool:
        """Run ``e`` if it is 如果… or 你可以…; True when it was one of them. What they checked is logged through
        :meth:`_checked`."""
        if isinstance(e, A.If):
            holds = self._condition(e.condition, ctx)
            self._checked(ctx, "condition", seat, {"condition": rendered(e.condition), "holds": holds})
            if holds:
                self._effects(e.effects, ctx)
            return True
        if isinstance(e, A.YouMay):
            if self.decider.confirm(seat, Phrase(N_("use: {text}?"), text=rendered(e, sentence=True))):
                self._effects(e.effects, ctx)
            else:
                self._checked(ctx, "declined", seat, {"text": rendered(e, sentence=True)})
            return True
        return False

    def _checked(self, ctx: Any, kind: str, seat: int, data: dict[str, Any]) -> None:
        """Log what a 如果 or 你可以 of ``ctx``'s ability checked (an engine may hold it back: tactics' hidden agents)."""
        self.log.add(kind, seat, **data)
