"""Decisions as data, for both engines: every choice an engine asks for, with its legal options and their stable
labels.

The game advances until it needs a choice, then asks for a :class:`Decision`: who
decides (a seat), what kind of choice it is, and the options, each with a label that
names the same choice in every replay of the game (cards by ``id#uid``, Netrunner servers by
name, tactics cells by ``cell:x,y``: :mod:`toolkit.engine.tactics.decisions`). Who answers is a :class:`Policy`: a heuristic or random player, a person at a
terminal, a list of labels (a saved game, a scenario), or nobody, in which case the
game pauses and :class:`Stepper` hands the decision out (``pending``) until
``apply(label)`` goes on. A game is its seed plus its decisions: replaying the labels
rebuilds the same state.

A label may be given without the ``#uid`` parts (``install:fine_line_cutter``): it then
names the first option that matches it once those are dropped (copies in a hand are
alike); labels with uids are exact.
"""

from __future__ import annotations

import contextlib
import contextvars
import random
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from greenlet import greenlet

from toolkit.i18n import current_lang, t_beside, tr, word

from .core import Decider, EngineError, Pending, said
from .phrase import Phrase, Term

_UID = re.compile(r"#\d+")
# a Netrunner card a side sees where it is, not by a number: the runner's in R&D or HQ, the corp's in the grip or stack
# (``id@hq``); after a card's number (group 1) it is no such place but a server (the corp's ``install:ice_wall#3@hq``)
_PLACE = re.compile(r"(#\d+)?(?<=[\w-])@(?:rnd:\d+|hq|stack:\d+|grip)(?:~\d+)?")


def placeless(label: str) -> str:
    """``label`` without its ``#uid`` parts and the places a card is labelled by instead of its number (``id@hq``:
    a card the runner sees in HQ; ``id@rnd:2``, ``id@grip``, ``id@stack:1``); a server after a card's number stays
    (``install:ice_wall#3@hq`` reads ``install:ice_wall@hq``: where the card goes is no part to leave out)."""
    return _UID.sub("", _PLACE.sub(lambda m: m[0] if m[1] else "", label))


def shown_nodes(value: Any) -> Iterator[Any]:
    """Every string and dict inside ``value`` (what a seat is shown: a view, a log entry's fields; dicts, lists and
    tuples, and an engine's sentence, :class:`Phrase`, with its fields after it), depth first: what an undo looks
    through for what the seat has seen."""
    if isinstance(value, str):
        yield value
        if isinstance(value, Phrase):
            for inner in value.fields.values():
                yield from shown_nodes(inner)
    elif isinstance(value, dict):
        yield value
        for inner in value.values():
            yield from shown_nodes(inner)
    elif isinstance(value, list | tuple):
        for inner in value:
            yield from shown_nodes(inner)


@dataclass(frozen=True, eq=False)
class Option:
    """One legal answer: ``label`` (stable), ``text`` (for people) and the engine's own ``value``."""

    label: str
    text: str
    value: Any = None

    def __str__(self) -> str:
        return self.text if self.text == self.label else f"{self.label}  ({self.text})"

    def __eq__(self, other: object) -> bool:  # a scripted answer may be the label, the value or the option
        if isinstance(other, Option):
            return self.label == other.label
        if isinstance(other, str):
            return other == self.label
        return self.value is other or (type(self.value) is type(other) and self.value == other)

    def __hash__(self) -> int:
        return hash(self.label)

    def to_json(self) -> dict[str, str]:
        return {"label": self.label, "text": self.text}


@dataclass
class Decision:
    """A choice the game waits for: the seat that decides, the kind, the prompt and the legal options."""

    seat: int
    kind: str
    prompt: str
    options: list[Option]
    number: int = 0  # how many decisions the game took before this one

    def find(
        self,
        label: str,
        name: Callable[[str], str] | None = None,
        term: Callable[[str, str], str | None] | None = None,
        said: Callable[[Any], str] | None = None,
    ) -> Option:
        """The option a label names (exactly, or without its ``#uid`` and ``@rnd:n``/``@hq`` parts, or, from a game saved before triggers had
        labels of their own, its text); an EngineError names the options, the prompt and the kind in words as the
        prompt is shown (:func:`worded`). ``name``: the names the engine writes (``雾刃#1``) in the current
        language; ``term``: the game's own words for codes in the prompt (a server: ``hq``); ``said``: the whole
        prompt in the current language as the game's text output shows it, where the game says it its own way
        (Netrunner: its cards by name in that language, its symbols in words), instead of :func:`worded`."""
        for option in self.options:
            if option.label == label:
                return option
        loose = _UID.sub("", label)
        for option in self.options:
            plain = _UID.sub("", option.label)
            # a card's id alone names its first copy where the runner sees it in R&D or HQ (never a number it may
            # not know there: `id#uid` is no answer to `id@hq`); never a server the label leaves out
            if plain == loose or ("#" not in label and placeless(option.label) == loose):
                return option
        # a game saved when a trigger's label was its text (雾刃#1: on_attack); triggers only: the name of a card
        # offered face down must not find it
        for option in self.options:
            if isinstance(option.value, Pending) and str(option.value) == label:
                return option
        if label != label.lower():  # typed in another case (`Keep`, `run:HQ`): the labels are lower-case codes
            with contextlib.suppress(EngineError):
                return self.find(label.lower(), name, term, said)
        shown = ", ".join(o.label for o in self.options[:30]) + (" …" if len(self.options) > 30 else "")
        prompt = said(self.prompt) if said is not None else worded(self.prompt, name, term)
        if str(self.prompt).startswith(self.kind.replace("_", " ")):  # the prompt says its kind (mulligan: …)
            raise EngineError(
                tr("decision {number} ({prompt}): {label} is not an option; options: {options}",
                   number=self.number + 1, prompt=prompt, label=repr(label), options=shown)
            )  # fmt: skip
        raise EngineError(
            tr(
                "decision {number} ({kind}: {prompt}): {label} is not an option; options: {options}",
                number=self.number + 1,
                kind=worded(Term("decision", self.kind), term=term),
                prompt=prompt,
                label=repr(label),
                options=shown,
            )
        )

    def labels(self) -> list[str]:
        return [o.label for o in self.options]

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number + 1,
            "seat": self.seat,
            "kind": self.kind,
            "prompt": self.prompt,
            "options": [o.to_json() for o in self.options],
        }


def worded(
    value: Any, name: Callable[[str], str] | None = None, term: Callable[[str, str], str | None] | None = None
) -> str:
    """A prompt (a Phrase, a Term, plain words) in the current language, as it is shown to people: each code (a
    Term) by ``term`` (a game's own words: its servers), the log's vocabularies (:mod:`~toolkit.engine.logwords`)
    or :mod:`toolkit.i18n`'s words (card types, sides), else as it is; plain words put through ``name``."""
    if isinstance(value, Phrase):
        return t_beside(current_lang(), value.message, **{k: worded(f, name, term) for k, f in value.fields.items()})
    if isinstance(value, Term):
        return (term(value.kind, value.code) if term is not None else None) or _code_word(value) or said(value)
    if isinstance(value, str) and name is not None:
        return name(value)
    return said(value)


def _code_word(value: Term) -> str | None:
    """A code's word in the current language from the log's vocabularies or toolkit.i18n's (None: neither has it)."""
    from toolkit.i18n.words import WORDS

    from .logwords import TERMS
    from .logwords import word as term_word

    lang = current_lang()
    if value.kind in TERMS:
        found = term_word(value.kind, value.code, lang)
        if found is not None:
            return found
    return word(value.kind, value.code, lang) if value.code in WORDS.get(value.kind, {}) else None


class Policy(Protocol):
    """Answers decisions with a label of one of the options."""

    def decide(self, game: Any, decision: Decision) -> str: ...


class RandomPolicy:
    """Uniformly random options from its own seeded RNG."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, game: Any, decision: Decision) -> str:
        return decision.options[self.rng.randrange(len(decision.options))].label


class DeciderPolicy:
    """An older-style :class:`~toolkit.engine.core.Decider` (scripted, random, first, interactive) as a policy."""

    def __init__(self, decider: Decider) -> None:
        self.decider = decider

    def decide(self, game: Any, decision: Decision) -> str:
        return self.decider.choose(decision.seat, decision.prompt, decision.options).label


@dataclass
class Stepper:
    """Runs ``play`` (the whole game) until it needs a decision nobody answers; ``apply(label)`` goes on.

    The game runs in a greenlet: a decision without a policy switches back here with the
    decision (``pending``), and ``apply`` switches back in with the answer. ``pending`` is
    None once ``play`` has returned.
    """

    game: Any  # what asks the decisions: it holds ``waiter`` (a NetrunnerGame, a tactics DecisionDecider), and may
    # word the names and codes in a prompt (``prompt_names(name) -> name``, ``prompt_term(kind, code) -> word``, or
    # the whole prompt its own way: ``prompt_words(prompt) -> words``) for the error of a label that is not an option
    play: Callable[[], Any]
    pending: Decision | None = None
    _engine: greenlet | None = field(default=None, repr=False)
    _main: greenlet | None = field(default=None, repr=False)

    def start(self) -> Stepper:
        self._main = greenlet.getcurrent()
        self._engine = greenlet(self._run)
        self._engine.gr_context = contextvars.copy_context()  # the caller's language (a greenlet starts with none)
        self.game.waiter = self._wait
        self._receive(self._engine.switch())
        return self

    def _run(self) -> None:
        self.play()

    def _wait(self, decision: Decision) -> str:
        assert self._main is not None
        return str(self._main.switch(decision))

    def _receive(self, value: Any) -> None:
        self.pending = value if isinstance(value, Decision) else None
        if self.pending is None:
            self.game.waiter = None

    def apply(self, label: str) -> Option:
        """Answer the pending decision (an EngineError if the label is not one of its options)."""
        if self.pending is None or self._engine is None:
            raise EngineError(tr("the game is over: no decision is pending"))
        # (the prompt's names and codes in words, where the game can say them)
        names, terms = getattr(self.game, "prompt_names", None), getattr(self.game, "prompt_term", None)
        option = self.pending.find(label, names, terms, getattr(self.game, "prompt_words", None))
        self._receive(self._engine.switch(option.label))
        return option


def named_options(answer: str, options: Sequence[Option], words: Iterable[Sequence[str]]) -> list[Option]:
    """The options an answer typed at a terminal names by their words, in any case (``保留``, ``Keep``): ``words``
    holds each way the options are said, one word (or phrase) per option at the option's place: their words in
    each language the player may type in (the terminal's and the other), and other forms of them (Netrunner's
    symbols as codes). Several options may share words (two copies of a card): all are returned, and the caller
    asks for the number. Never the number or the label (:meth:`Decision.find`): those come first."""
    wanted = " ".join(answer.split()).casefold()
    if not wanted:
        return []
    found: set[int] = set()
    for way in words:
        for index, text in enumerate(way):
            if index < len(options) and " ".join(str(text).split()).casefold() == wanted:
                found.add(index)
    return [options[index] for index in sorted(found)]


def as_policy(who: Policy | Decider | None) -> Policy | None:
    if who is None or hasattr(who, "decide"):
        return who
    if isinstance(who, Decider):
        return DeciderPolicy(who)
    raise TypeError(f"not a policy or a decider: {who!r}")


def generic_options(
    values: Sequence[Any], label: Callable[[Any], str], text: Callable[[Any], str] | None = None
) -> list[Option]:
    """Options for ``values`` with unique labels (a repeated label gets ``~2``, ``~3``…)."""
    out: list[Option] = []
    seen: dict[str, int] = {}
    for value in values:
        base = label(value)
        seen[base] = seen.get(base, 0) + 1
        name = base if seen[base] == 1 else f"{base}~{seen[base]}"
        out.append(Option(name, text(value) if text else str(value), value))
    return out
