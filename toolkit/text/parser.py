"""``parse(text) -> Ability``: the Lark LALR parser of ability text and its AST builder.

The grammar is ``ability.lark`` next to this file. The AST is built while the
LALR parser runs (an inline transformer: one pass, no parse tree), with every
token kept so that each node gets the exact span it covers.

Lark builds the parser (the LALR tables, each state's lexer) and is the reference.
Texts run first through :mod:`toolkit.text.lalr`, a small driver of Lark's own
tables, with the same callbacks made faster for it (:func:`_specialize`: values
picked by position, spans read from the keywords' offsets, twins of the builders
that make the frame of every text and of the words of the vocabularies, and the
chains of rules of one child made at once), about five times as fast; on
anything it does not expect it stops, and Lark parses the text again, so every
error (and any text the driver cannot take) is Lark's. tests/test_text_fast.py and
tests/test_parse_speed_trees.py hold the two to the same ASTs, spans and errors.

Errors are :class:`AbilitySyntaxError`: line, column and a caret context in the
text the user wrote (not the normalized one), the words the grammar expected
there, and a hint for common mistakes (Lark ``match_examples``), worded in the
current language (:func:`toolkit.i18n.tr`) when the error is raised; the words of
the ability language itself (张, 。, 总部) stay as they are.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import os
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from lark import Lark, Token
from lark import __version__ as lark_version
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from toolkit.cachedir import user_cache_dir
from toolkit.errors import DossierError
from toolkit.i18n import N_, current_lang, tc, tr
from toolkit.textwidth import display_width

from . import ast as A
from . import vocab as V
from .lalr import TableParser, Unsupported, make_token
from .limits import MAX_COUNT, MAX_NESTING, MAX_TEXT_LENGTH
from .normalize import is_canonical, normalize, numerals_stay

GRAMMAR_PATH = Path(__file__).with_name("ability.lark")


CONTEXT_CHARS = 60  # characters of the text shown either side of an error's column


class AbilitySyntaxError(DossierError):
    """Ability text that is not in the language.

    ``offset`` is the character offset in the input, ``line`` and ``column`` are
    1-based; ``context`` is the offending line with a caret under the column
    (East Asian wide characters count two columns); ``hint`` explains a common
    mistake when one is recognized.
    """

    def __init__(
        self,
        reason: str,
        text: str,
        offset: int,
        *,
        expected: Sequence[str] = (),
        hint: str | None = None,
        suggestions: Sequence[str] = (),
        alternatives: Sequence[str] | None = None,
        terminals: Iterable[str] = (),
        rest: str | None = None,
        near: Sequence[tuple[str, str | None]] = (),
        english: bool = False,
    ) -> None:
        self.reason = reason
        self.text = text
        self.offset = max(0, min(offset, len(text)))
        self.line = text.count("\n", 0, self.offset) + 1
        line_start = text.rfind("\n", 0, self.offset) + 1
        self.column = self.offset - line_start + 1
        self.expected = list(expected)
        self.hint = hint
        # the words of the language the text at the error is probably a typo of, the closest first
        self.suggestions = list(suggestions)
        # everything the grammar accepted there, in full (``expected`` is shortened to a dozen)
        self.alternatives = list(expected if alternatives is None else alternatives)
        # for :meth:`for_game`: the grammar's terminals expected there, the (normalized) text from the error on
        # (None: nothing to suggest from), and the near misses found there (the wording, the game it is of)
        self.terminals = frozenset(terminals)
        self.rest = rest
        self.near = list(near)
        # the text is English where the ability language goes: the hint says so (:func:`_english_hint`), with the
        # Chinese of the form a text of the game renders so in English (for_game words it again for the game)
        self.english = english
        line_end = text.find("\n", self.offset)
        self.source_line = text[line_start : line_end if line_end >= 0 else len(text)]
        # a window of the line around the column, so a very long line shows as a short one
        start = max(0, self.column - 1 - CONTEXT_CHARS)
        shown = self.source_line[start : self.column - 1 + CONTEXT_CHARS]
        lead, tail = ("…" if start else ""), ("…" if self.column - 1 + CONTEXT_CHARS < len(self.source_line) else "")
        before = lead + self.source_line[start : self.column - 1]
        self.context = lead + shown + tail + "\n" + " " * display_width(before) + "^"
        super().__init__(self.summary(), exit_code=1)

    def summary(self, located: bool = True) -> str:
        """One line: where, what, what was expected, and the hint (in the current language). ``located``: with
        the line and column first (a caller that says where itself, in a text of one line, leaves them out)."""
        text = self.reason
        if located:
            text = tr("line {line}, column {column}: {reason}", line=self.line, column=self.column, reason=text)
        if self.suggestions:
            # TRANSLATORS: after "unexpected '照成'": the words of the ability language the text is likely a typo of
            text = tr("{summary} (did you mean {words}?)", summary=text, words=self.suggestion_words())
        if self.expected:
            words = EXPECTED_SEPARATOR.join(self.expected)  # not the language's list: 。, ， and ； are among them
            text = tr("{summary}; expected {words}", summary=text, words=words)
        if self.hint:
            text = tr("{summary}; hint: {hint}", summary=text, hint=self.hint)
        return text

    @property
    def expected_in_full(self) -> list[str]:
        """Every word (or description) ``expected`` stands for, none left out and no "… (n more)": the list a
        program reads (``text parse -f json``); [] where the error names nothing expected (as its summary)."""
        return list(self.alternatives) if self.expected else []

    def suggestion_words(self) -> str:
        """The suggestions as one phrase in the current language: "造成", "造成 or 获得"."""
        if len(self.suggestions) == 1:
            return self.suggestions[0]
        head = tc(current_lang(), "list", ", ").join(self.suggestions[:-1])
        # TRANSLATORS: the last two of a list of suggested words: "造成, 获得 or 完成"
        return tr("{words} or {word}", words=head, word=self.suggestions[-1])

    def describe(self) -> str:
        """The summary followed by the caret context (for terminals)."""
        return self.summary() + "\n" + self.context

    def for_game(self, game: str | None) -> AbilitySyntaxError:
        """The error as a card of ``game`` is told it: the words expected there only those a text of that game
        may write (:mod:`toolkit.text.games`: a netrunner card is not offered 本单位 or 佩戴者), the suggestions
        (near misses and typos) only of that game's words, and for a text in English the Chinese of a form of that
        game. Itself when ``game`` is None or leaves nothing out. When none of the words is the game's (the text
        up to there is another game's form: a tactics 造成 2, which only netrunner's typed damage follows), it names
        none and its hint says whose form that is."""
        if game is None:
            return self
        hint = _english_hint(self.text, game) if self.english else self.hint
        if not (self.terminals or self.near) and hint == self.hint:
            return self
        from .games import OWN_WORDS, claimed, for_game, terminal_key

        patterns = terminal_patterns()
        keys = [(n, terminal_key(n, patterns.get(n, n))) for n in self.terminals]
        kept = frozenset(for_game(keys, game))
        near = [(word, of) for word, of in self.near if of is None or of == game]
        if kept == self.terminals and len(near) == len(self.near) and hint == self.hint:
            return self
        everything, words = _all_expected(kept)
        if self.terminals and not kept and game in OWN_WORDS:  # another game's form
            owners = {owner for _, key in keys for owner in claimed(key)}
            hint = _other_form_hint(game, [g for g in OWN_WORDS if g in owners], hint)
        suggestions = [word for word, _ in near]
        if self.rest is not None:
            suggestions += [w for w in suggest(self.rest, words) if w not in suggestions]
        error = AbilitySyntaxError(
            self.reason,
            self.text,
            self.offset,
            expected=_shortened(everything) if self.expected else [],
            hint=hint,
            suggestions=suggestions[:SUGGEST_MAX],
            alternatives=everything,
            terminals=kept,
            rest=self.rest,
            near=near,
            english=self.english,
        )
        return error


EXPECTED_SEPARATOR = " · "
"""What separates the words an error says are expected there (as the web editor shows them): the language's list
separator (``，`` in Chinese, ``,`` in English) would be read as one of them."""


# ---------------------------------------------------------------- building the AST


class _SemanticError(Exception):
    def __init__(self, message: str, start: int, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.start = start
        self.hint = hint


class _TokenKinds(dict[str, bool]):
    """Token type -> is it a value (a named terminal: ``INT``, ``UNIT_NOUN``) rather than a keyword; learned once."""

    def __missing__(self, kind: str) -> bool:
        value = self[kind] = kind.isascii() and kind.isupper() and not kind.startswith("__")
        return value


_VALUE_KIND = _TokenKinds()


def _values(children: list[Any]) -> list[Any]:
    """The children a rule's constructor takes: every non-token and the named tokens, a :class:`_Part` as its value."""
    values = []
    for child in children:
        if isinstance(child, Token):
            if _VALUE_KIND[child.type]:
                values.append(child)
        else:
            values.append(child.value if isinstance(child, _Part) else child)
    return values


def _kept(children: list[Any]) -> list[Any]:
    """The children that are values (rules' values and named tokens, not keywords), as they are."""
    return [c for c in children if not isinstance(c, Token) or _VALUE_KIND[c.type]]


class _Part:
    """A piece that is not a node yet (a predicate waiting for its subject, a timing word), with its span."""

    __slots__ = ("value", "span")

    def __init__(self, value: Any, span: tuple[int, int] | None) -> None:
        self.value = value
        self.span = span


_HAS_SPAN = (A.Node, _Part)


def _node_classes(cls: type) -> set[type]:
    found: set[type] = {cls}
    subclasses: list[type] = cls.__subclasses__()
    for sub in subclasses:
        found |= _node_classes(sub)
    return found


# the classes whose values carry their span (every node class of toolkit.text.ast, and _Part): others go
# through _child_span
_SPANNED: frozenset[Any] = frozenset(_node_classes(A.Node) | {_Part})


def _child_span(child: Any) -> tuple[int, int] | None:
    kind = type(child)  # the common exact types first, without isinstance
    if kind is Token:
        if child.start_pos is None or child.end_pos is None:
            return None
        return (child.start_pos, child.end_pos)
    if kind is list or kind is tuple:
        return _span(child)
    if kind is _Part or isinstance(child, A.Node):  # (a node is never a token)
        return child.span
    if isinstance(child, Token):
        if child.start_pos is None or child.end_pos is None:
            return None
        return (child.start_pos, child.end_pos)
    if isinstance(child, _HAS_SPAN):
        return child.span
    if isinstance(child, list | tuple):
        return _span(child)
    return None


def _span(children: Sequence[Any]) -> tuple[int, int] | None:
    """From the start of the first child that has a span to the end of the last one."""
    if children:  # the common case: the first and the last child have spans
        child = children[0]
        first = child.span if isinstance(child, A.Node) else _child_span(child)
        if first is not None:
            if len(children) == 1:
                return first
            child = children[-1]
            last = child.span if isinstance(child, A.Node) else _child_span(child)
            if last is not None:
                return (first[0], last[1])
    for child in children:
        first = child.span if isinstance(child, A.Node) else _child_span(child)
        if first is not None:
            break
    else:
        return None
    for child in reversed(children):
        last = child.span if isinstance(child, A.Node) else _child_span(child)
        if last is not None:
            return (first[0], last[1])
    return None  # pragma: no cover - the forward loop found one


def _node(build: Callable[..., Any]) -> Callable[[Any, list[Any]], Any]:
    """Wrap ``build(*values)`` into a callback: values are the kept children; the result gets their span."""

    @functools.wraps(build)
    def callback(self: Any, children: list[Any]) -> Any:
        node = build(self, *_values(children))
        if isinstance(node, A.Node):
            if node.span is None:
                object.__setattr__(node, "span", _span(children))
        elif callable(node):
            return _Part(node, _span(children))
        return node

    callback.node_build = build  # type: ignore[attr-defined]  # for _specialize
    return callback


# the numbers that texts hold most, as they are written: one lookup instead of the checks of _limited
_SMALL = {str(n): n for n in range(MAX_COUNT + 1)}
_SMALL_SIGNED = {f"{sign}{n}": -n if sign == "-" else n for n in range(MAX_COUNT + 1) for sign in "+-"}


def _int(token: Token) -> int:
    value = _SMALL.get(token.value)
    return value if value is not None else _limited(token.value, token.start_pos or 0)


def _signed(token: Token) -> int:
    value = _SMALL_SIGNED.get(token.value)
    return value if value is not None else _limited(token.value, token.start_pos or 0)


def _limited(literal: str, at: int) -> int:
    """The value of a number written in the text, refused past :data:`MAX_COUNT` (before converting it)."""
    if len(literal) <= 2 and literal.isascii() and literal.isdigit() and int(literal) <= MAX_COUNT:
        return int(literal)  # the common case: a small count
    digits = literal.lstrip("+-").lstrip("0") or "0"
    if len(digits) > 6 or int(digits) > MAX_COUNT:
        shown = literal if len(literal) <= 12 else literal[:10] + "…"
        raise _SemanticError(
            tr("the number {number} is more than {limit}, the largest a text may hold", number=shown, limit=MAX_COUNT),
            at,
        )
    return int(literal)


def _name(token: Token) -> str:
    """The name a ``「…」`` quotes: what it holds, the spaces at its ends left out (:meth:`str.strip`: the ideographic
    space and tabs too); the spaces inside are kept. The one reading of a quoted name: lint compares it with the
    records' names (``validators.lint.quoted_name``), ``text fmt`` writes it, the engines search for it."""
    return token.value[1:-1].strip()


def _word(vocabulary: V.Vocabulary, token: Token) -> str:
    return _REVERSE[id(vocabulary)][token.value]


_REVERSE: dict[int, dict[str, str]] = {id(v): V.reverse(v) for v in (*V.TERMINALS.values(), V.FIXED_REFS)}
_FIXED_BY_TOKEN = {
    "SELF_UNIT": "self_unit",
    "WEARER": "wearer",
    "ATTACHED": "attached",
    "THIS_CARD": "this_card",
    "ATTACKER": "attacker",
}
_PARTY_BY_TOKEN = {"RUNNER": "runner", "CORP": "corp", "OPPONENT": "opponent"}
_LIMIT_BY_TOKEN = {"HAND_LIMIT": "hand_size", "LINK": "link", "MEMORY": "memory"}
_ATTACK_STAT_BY_TOKEN = {"HIT_RESULT": "hit_result", "ATTACK_SPEED": "speed", "ATTACK_DAMAGE": "damage"}


def _modifier(token: Token) -> int:
    """A modifier written in the text (``+1``, ``-2``): a signed number, not 0 (``+0`` and ``-0`` change nothing)."""
    value = _SMALL_SIGNED.get(token.value)
    if value is None:
        value = _limited(token.value, token.start_pos or 0)
    if value == 0:
        raise _SemanticError(
            tr("a modifier of {value} changes nothing", value=token.value),
            token.start_pos or 0,
            tr("write a modifier of at least 1 ({plus}, {minus}), or leave the sentence out", plus="+1", minus="-1"),
        )
    return value


def _count(token: Token, what: str) -> int:
    """A count written in the text (``what`` it counts, one of :data:`_QUANTITIES`), at least 1."""
    value = _SMALL.get(token.value)
    if value:  # 1 to MAX_COUNT
        return value
    value = _int(token)
    if value < 1:
        raise _SemanticError(tr("{what} must be at least 1, not {value}", what=tr(what), value=value), token.start_pos or 0)
    return value


# What the counts of :func:`_count` count, marked for the catalogs (the calls name them in English)
_QUANTITIES = (
    N_("the advancement counters"),
    N_("the amount healed"),
    N_("the amount of bad publicity"),
    N_("the counters placed"),
    N_("the counters removed"),
    N_("the credits placed"),
    N_("the credits taken"),
    N_("the damage prevented"),
    N_("the damage"),
    N_("the number chosen"),
    N_("the number of agents"),
    N_("the number of attacks"),
    N_("the number of bullets"),
    N_("the number of cards"),
    N_("the number of cells"),
    N_("the number of counters"),
    N_("the number of dice"),
    N_("the number of guns"),
    N_("the number of mulligans"),
    N_("the number of servers"),
    N_("the number of shot cards"),
    N_("the number of shots"),
    N_("the number of subroutines"),
    N_("the number of tags"),
    N_("the recurring credits"),
    N_("the shield gained"),
    N_("the temporary HP gained"),
)


class _Builder:
    """Callbacks of the LALR parser, one per rule or alias of the grammar."""

    # -- abilities
    @_node
    def start(self, ability: A.Ability) -> A.Ability:
        return ability

    @_node
    def ab_effect(self, body: tuple[A.Sentence, ...]) -> A.Ability:
        return A.Ability("effect", body)

    @_node
    def ab_triggered(self, timing: str, body: tuple[A.Sentence, ...]) -> A.Ability:
        return A.Ability("triggered", body, timing=timing)

    @_node
    def ab_active(self, costs: tuple[A.Cost, ...], body: tuple[A.Sentence, ...]) -> A.Ability:
        return A.Ability("active", body, costs=costs)

    @_node
    def ab_response(self, costs: tuple[A.Cost, ...] | None, body: tuple[A.Sentence, ...]) -> A.Ability:
        return A.Ability("response", body, costs=costs or ())

    @_node
    def ab_special(self, costs: tuple[A.Cost, ...] | None, body: tuple[A.Sentence, ...]) -> A.Ability:
        return A.Ability("special", body, costs=costs or ())

    @_node
    def ab_paid(self, costs: tuple[A.Cost, ...], body: tuple[A.Sentence, ...]) -> A.Ability:
        return A.Ability("paid", body, costs=costs)

    @_node
    def ab_subroutine(self, body: tuple[A.Sentence, ...]) -> A.Ability:
        return A.Ability("subroutine", body)

    @_node
    def ab_score_area(self, body: tuple[A.Sentence, ...]) -> A.Ability:
        return A.Ability("runner_score_area", body)

    @_node
    def tcosts(self, *costs: A.Cost) -> tuple[A.Cost, ...]:
        if len(costs) > 1:
            _check_costs(costs)
        return costs

    ncosts = tcosts

    @_node
    def cost_tap(self) -> A.Cost:
        return A.TapCost()

    def cost_mortgage(self, children: list[Any]) -> A.Cost:
        token = children[0]
        value = _signed(token)
        if value >= 0 or token.value.startswith("+"):
            raise _SemanticError(
                tr("a mortgage cost is written {form}, not {value}", form="-X", value=repr(token.value)),
                token.start_pos or 0,
            )
        return A.MortgageCost(-value, span=_span(children))

    @_node
    def cost_discard(self, count: Token) -> A.Cost:
        return A.DiscardCost(_count(count, "the number of cards"))

    @_node
    def cost_click(self, clicks: list[Token]) -> A.Cost:
        return A.ClickCost(len(clicks))

    @_node
    def cost_credit(self, count: Token) -> A.Cost:
        return A.CreditCost(_int(count))

    @_node
    def cost_trash(self) -> A.Cost:
        return A.TrashCost()

    @_node
    def cost_counter(self, n: Token, kind: str) -> A.Cost:
        return A.CounterCost(kind, _count(n, "the number of counters"))  # type: ignore[arg-type]

    def clicks(self, children: list[Token]) -> list[Token]:
        return children

    def timing(self, children: list[Any]) -> _Part:
        return _Part(V.TIMING_TOKENS[tuple(c.type for c in _kept(children))], _span(children))

    def timing_yours(self, children: list[Any]) -> _Part:
        return _Part(V.YOUR_TIMING_TOKENS[_kept(children)[0].type], _span(children))

    # -- sentences
    body = staticmethod(tuple)  # the tuple of the sentences (a builtin: the fast driver calls it directly)

    @_node
    def sentence(self, effects: list[A.Effect]) -> A.Sentence:
        return A.Sentence(tuple(effects))

    @_node
    def seq_plain(self, *effects: A.Effect) -> list[A.Effect]:
        return list(effects)

    def seq_if(self, children: list[Any]) -> list[A.Effect]:
        values = _kept(children)
        return [A.If(values[0], tuple(values[1]), span=_span(children))]

    def seq_optional(self, children: list[Any]) -> list[A.Effect]:
        values = _kept(children)
        return [A.YouMay(tuple(values), span=_span(children))]

    def seq_until(self, children: list[Any]) -> list[A.Effect]:
        values = _kept(children)
        _check_lasting(values[1], _DURATION_WORDS[values[0].value])
        return [A.Until(values[0].value, tuple(values[1]), span=_span(children))]

    def seq_for_each(self, children: list[Any]) -> list[A.Effect]:
        per, kind, effects = _kept(children)
        return [
            A.ForEachCounter(kind.value, _count(per, "the number of counters"), tuple(effects), span=_span(children))
        ]

    def duration(self, children: list[Any]) -> _Part:
        token = _kept(children)[0]
        return _Part("turn_end" if token.type == "TURN_END_PLAIN" else "your_next_turn_start", _span(children))

    @_node
    def opt_head(self, effect: A.Effect) -> A.Effect:
        return effect

    def clause(self, children: list[Any]) -> A.Effect:
        effect: Any
        for effect in reversed(children):  # the last value: _kept(children)[-1], without the list
            if not isinstance(effect, Token) or _VALUE_KIND[effect.type]:
                break
        object.__setattr__(effect, "span", _span(children))
        return effect

    # -- the player
    @_node
    def draw(self, n: Token) -> A.Effect:
        return A.Draw(_count(n, "the number of cards"))

    @_node
    def buy(self, n: Token) -> A.Effect:
        return A.Buy(_count(n, "the number of cards"))

    @_node
    def discard(self, n: Token) -> A.Effect:
        return A.Discard(_count(n, "the number of cards"))

    @_node
    def discard_party(self, party: Token, n: Token) -> A.Effect:
        return A.Discard(_count(n, "the number of cards"), "opponent")

    @_node
    def search(self, n: Token, name: Token) -> A.Effect:
        return A.Search(_count(n, "the number of cards"), _name(name))

    @_node
    def search_shop(self, shop: Token, n: Token, name: Token) -> A.Effect:
        return A.Search(_count(n, "the number of cards"), _name(name), "shop")

    @_node
    def search_type(self, zone: str, n: Token, card_type: str) -> A.Effect:
        return A.SearchType(zone, _count(n, "the number of cards"), card_type)

    @_node
    def reveal(self, n: Token, category: str) -> A.Effect:
        return A.Reveal(_count(n, "the number of cards"), category)

    @_node
    def mulligan(self, n: Token) -> A.Effect:
        return A.Mulligan(_count(n, "the number of mulligans"))

    @_node
    def mortgage(self, n: Token) -> A.Effect:
        return A.Mortgage(_count(n, "the number of cards"))

    @_node
    def gain_token(self, n: Token, name: Token) -> A.Effect:
        return A.GainToken(_count(n, "the number of cards"), _name(name))

    @_node
    def gain_credits(self, n: Token) -> A.Effect:
        return A.GainCredits(_int(n))

    @_node
    def lose_credits(self, n: Token) -> A.Effect:
        return A.LoseCredits(_int(n))

    @_node
    def gain_clicks(self, clicks: list[Token]) -> A.Effect:
        return A.GainClicks(len(clicks))

    @_node
    def lose_clicks(self, clicks: list[Token]) -> A.Effect:
        return A.LoseClicks(len(clicks))

    @_node
    def gain_tags(self, n: Token) -> A.Effect:
        return A.GainTags(_count(n, "the number of tags"))

    @_node
    def bad_publicity(self, n: Token) -> A.Effect:
        return A.GainBadPublicity(_count(n, "the amount of bad publicity"))

    @_node
    def remove_tags(self, n: Token) -> A.Effect:
        return A.RemoveTags(_count(n, "the number of tags"))

    @_node
    def roll(self, n: Token) -> A.Effect:
        return A.Roll(_count(n, "the number of dice"))

    @_node
    def deploy(self, n: Token) -> A.Effect:
        return A.Deploy(_count(n, "the number of agents"))

    @_node
    def run(self, server: tuple[str, int | None]) -> A.Effect:
        return A.Run(*server)

    @_node
    def server(self, zone: Token) -> tuple[str, int | None]:
        key = _word(V.NR_ZONES, zone)
        if key not in ("hq", "rnd", "archives"):
            raise _SemanticError(
                tr("{zone} is not a server; runs go to {servers}", zone=zone.value, servers=_either(_RUN_SERVERS)),
                zone.start_pos or 0,
            )
        return (key, None)

    @_node
    def server_count(self, n: Token, kind: Token) -> tuple[str, int | None]:
        return (_word(V.SERVER_KINDS, kind), _count(n, "the number of servers"))

    @_node
    def access(self, n: Token) -> A.Effect:
        return A.Access(_count(n, "the number of cards"))

    @_node
    def install(self, n: Token, card_type: str) -> A.Effect:
        return A.Install(_count(n, "the number of cards"), card_type)

    @_node
    def rez_free(self, n: Token) -> A.Effect:
        return A.RezFree(_count(n, "the number of cards"))

    @_node
    def player_limit(self, stat: Token, delta: Token) -> A.Effect:
        return A.PlayerLimit(_LIMIT_BY_TOKEN[stat.type], _modifier(delta))  # type: ignore[arg-type]

    @_node
    def install_hosted(self, n: Token, card_type: str) -> A.Effect:
        return A.InstallHosted(_count(n, "the number of cards"), card_type)

    @_node
    def jack_out(self) -> A.Effect:
        return A.JackOut()

    @_node
    def recurring_credits(self, n: Token, use: str) -> A.Effect:
        return A.RecurringCredits(_count(n, "the recurring credits"), use)

    @_node
    def can_be_advanced(self) -> A.Effect:
        return A.CanBeAdvanced()

    @_node
    def public_role(self) -> A.Effect:
        return A.PublicRole()

    @_node
    def counts_as(self, role: str) -> A.Effect:
        return A.CountsAs(role)

    @_node
    def protect(self, n: Token) -> A.Effect:
        return A.Protect(_count(n, "the number of bullets"))

    @_node
    def guns(self, guns: Token, players: Token, shots: Token) -> A.Effect:
        if _int(guns) != _int(players):
            raise _SemanticError(
                tr(
                    "{guns} guns but {players} players pointed at; the two numbers are the same",
                    guns=guns.value,
                    players=players.value,
                ),
                players.start_pos or 0,
            )
        return A.Guns(_count(guns, "the number of guns"), _count(shots, "the number of shots"))

    @_node
    def sniper_marks(self, n: Token) -> A.Effect:
        return A.SniperMarks(_count(n, "the number of shot cards"))

    @_node
    def win(self) -> A.Effect:
        return A.Win()

    @_node
    def lose(self) -> A.Effect:
        return A.Lose()

    @_node
    def sole_win(self) -> A.Effect:
        return A.SoleWin()

    @_node
    def shooter_loses(self) -> A.Effect:
        return A.ShooterLoses()

    def party_clause(self, children: list[Any]) -> A.Effect:
        party, effect = _kept(children)
        who = _PARTY_BY_TOKEN[party.type]
        if isinstance(effect, A.PlayerLimit) and who == "corp" and effect.stat != "hand_size":
            word = V.zh(V.PLAYER_LIMITS, effect.stat)
            raise _SemanticError(
                tr("the corp has no {limit}; only {hand} is a limit of the corp", limit=word, hand="公司的手牌上限"),
                party.start_pos or 0,
            )
        return dataclasses.replace(effect, who=who, span=_span(children))

    # -- units and cards
    @_node
    def subj_clause(self, ref: A.Ref, build: Callable[[A.Ref], A.Effect]) -> A.Effect:
        return build(ref)

    @_node
    def heal(self, n: Token) -> Callable[[A.Ref], A.Effect]:
        return lambda ref: A.Heal(ref, _count(n, "the amount healed"))

    @_node
    def gain_shield(self, n: Token) -> Callable[[A.Ref], A.Effect]:
        return lambda ref: A.GainShield(ref, _count(n, "the shield gained"))

    @_node
    def gain_temp_hp(self, n: Token) -> Callable[[A.Ref], A.Effect]:
        return lambda ref: A.GainTempHp(ref, _count(n, "the temporary HP gained"))

    @_node
    def gain_vision(self, vision: Token) -> Callable[[A.Ref], A.Effect]:
        return lambda ref: A.GainVision(ref, _word(V.VISIONS, vision))  # type: ignore[arg-type]

    @_node
    def move(self, band: Token) -> Callable[[A.Ref], A.Effect]:
        low, high = _range(band)
        if high == 0:
            raise _SemanticError(
                tr("moving {range} moves nothing", range=band.value),
                band.start_pos or 0,
                tr("the last number is the farthest the unit moves: {example}", example="移动 0-2"),
            )
        return lambda ref: A.Move(ref, low, high)

    @_node
    def move_at_speed(self) -> Callable[[A.Ref], A.Effect]:
        return lambda ref: A.Move(ref, 0, 0, speed=True)

    @_node
    def modify(self, stat: Token, delta: Token) -> Callable[[A.Ref], A.Effect]:
        value = _modifier(delta)
        return lambda ref: A.Modify(ref, _word(V.UNIT_STATS, stat), value)  # type: ignore[arg-type]

    @_node
    def cannot(self, action: Token) -> Callable[[A.Ref], A.Effect]:
        return lambda ref: A.Cannot(ref, _word(V.CANNOT, action))  # type: ignore[arg-type]

    @_node
    def basic_attack(self, n: Token, kind: Token) -> Callable[[A.Ref], A.Effect]:
        return lambda ref: A.BasicAttack(ref, _word(V.BASIC_ATTACKS, kind), _count(n, "the number of attacks"))  # type: ignore[arg-type]

    @_node
    def attack_with(self, name: Token, n: Token) -> Callable[[A.Ref], A.Effect]:
        return lambda ref: A.AttackWith(ref, _name(name), _count(n, "the number of attacks"))

    @_node
    def self_destruct(self) -> Callable[[A.Ref], A.Effect]:
        return lambda ref: A.SelfDestruct(ref)

    @_node
    def attack_mod(self, stat: Token, delta: Token) -> A.Effect:
        return A.AttackMod(_ATTACK_STAT_BY_TOKEN[stat.type], _modifier(delta))  # type: ignore[arg-type]

    @_node
    def damage(self, ref: A.Ref, n: Token) -> A.Effect:
        return A.Damage(ref, _count(n, "the damage"))

    @_node
    def tap(self, ref: A.Ref) -> A.Effect:
        return A.Tap(ref)

    @_node
    def reset(self, ref: A.Ref) -> A.Effect:
        return A.Reset(ref)

    @_node
    def destroy(self, _: Token, ref: A.Ref) -> A.Effect:
        return A.Destroy(ref)

    @_node
    def expose(self, _: Token, ref: A.Ref) -> A.Effect:
        return A.Expose(ref)

    @_node
    def take_control(self, ref: A.Ref) -> A.Effect:
        _check_control(ref)
        return A.TakeControl(ref)

    @_node
    def destroy_terrain(self, _: Token, cells: A.Cells) -> A.Effect:
        return A.DestroyTerrain(cells)

    @_node
    def restore_terrain(self, cells: A.Cells) -> A.Effect:
        if cells.terrain not in _RESTORABLE:
            word = V.zh(V.TERRAIN_NOUNS, cells.terrain)
            raise _SemanticError(
                tr(
                    "a {terrain} cannot be restored: only a broken wall or a pit is ({rule}); write {nouns}",
                    terrain=word,
                    rule="T20",
                    nouns=_either([V.zh(V.TERRAIN_NOUNS, kind) for kind in _RESTORABLE]),
                ),
                (cells.span[1] - len(word)) if cells.span else 0,
            )
        return A.RestoreTerrain(cells)

    @_node
    def remove(self, ref: A.Ref) -> A.Effect:
        return A.Remove(ref)

    @_node
    def switch(self) -> A.Effect:
        return A.Switch()

    # -- netrunner
    @_node
    def typed_damage(self, n: Token, kind: Token) -> A.Effect:
        return A.TypedDamage(_word(V.DAMAGE_KINDS, kind), _count(n, "the damage"))  # type: ignore[arg-type]

    @_node
    def end_run(self) -> A.Effect:
        return A.EndRun()

    @_node
    def trash(self, n: Token, card_type: str) -> A.Effect:
        return A.Trash(_count(n, "the number of cards"), card_type)

    @_node
    def break_subroutine(self, n: Token, subtype: str) -> A.Effect:
        return A.BreakSubroutine(_count(n, "the number of subroutines"), subtype)

    @_node
    def break_any_subroutines(self, subtype: str) -> A.Effect:
        return A.BreakSubroutine(MAX_COUNT, subtype, any_number=True)

    @_node
    def strength(self, delta: Token) -> A.Effect:
        return A.Strength(_modifier(delta))

    @_node
    def place_credits(self, n: Token) -> A.Effect:
        return A.PlaceCredits(_count(n, "the credits placed"))

    @_node
    def place_counters(self, n: Token, kind: str) -> A.Effect:
        if kind == "advancement":
            return A.PlaceAdvancement(_count(n, "the advancement counters"))
        return A.PlaceCounters(kind, _count(n, "the counters placed"))  # type: ignore[arg-type]

    @_node
    def advance_installed(self, cards: Token, n: Token) -> A.Effect:
        return A.AdvanceInstalled(_count(cards, "the number of cards"), _count(n, "the advancement counters"))

    @_node
    def take_credits(self, n: Token) -> A.Effect:
        return A.TakeCredits(_count(n, "the credits taken"))

    @_node
    def remove_counters(self, n: Token, kind: str) -> A.Effect:
        return A.RemoveCounters(kind, _count(n, "the counters removed"))  # type: ignore[arg-type]

    @_node
    def purge(self) -> A.Effect:
        return A.Purge()

    @_node
    def trace(self, _open: Token, base: Token, _close: Token) -> A.Effect:  # the brackets are named tokens
        return A.Trace(_int(base))

    @_node
    def psi(self) -> A.Effect:
        return A.Psi()

    @_node
    def prevent_damage(self, n: Token, kind: Token) -> A.Effect:
        return A.PreventDamage(_word(V.DAMAGE_KINDS, kind), _count(n, "the damage prevented"))  # type: ignore[arg-type]

    @_node
    def prevent_any_damage(self, n: Token) -> A.Effect:
        return A.PreventDamage("any", _count(n, "the damage prevented"))

    @_node
    def avoid_tags(self, n: Token) -> A.Effect:
        return A.AvoidTags(_count(n, "the number of tags"))

    @_node
    def prevent_trash(self, n: Token) -> A.Effect:
        return A.PreventTrash(_count(n, "the number of cards"))

    # -- who
    @_node
    def ref_fixed(self, token: Token) -> A.Ref:
        return A.Fixed(_FIXED_BY_TOKEN[token.type])  # type: ignore[arg-type]

    @_node
    def ref_attack_target(self) -> A.Ref:
        return A.Fixed("attack_target")

    @_node
    def ref_target(self, noun: str | None) -> A.Ref:
        return A.Target(noun)  # type: ignore[arg-type]

    @_node
    def ref_target_within(self, band: Token, noun: str | None) -> A.Ref:
        return A.Target(noun, _range(band))  # type: ignore[arg-type]

    @_node
    def ref_chosen(self, n: Token, noun: str) -> A.Ref:
        return A.Chosen(_count(n, "the number chosen"), noun)  # type: ignore[arg-type]

    def unit_noun(self, children: list[Token]) -> _Part:
        return _Part(_word(V.UNIT_NOUNS, children[0]), _span(children))

    @_node
    def cells(self, band: Token, n: Token, terrain: str) -> A.Cells:
        low, high = _range(band)
        count = _count(n, "the number of cells")
        if terrain == "wall" and high < 1:
            raise _SemanticError(
                tr(
                    "a wall is at distance 1 or more (one step past the cell next to it); {range} reaches none",
                    range=band.value,
                ),
                band.start_pos or 0,
            )
        return A.Cells(count, terrain, (low, high))  # type: ignore[arg-type]

    def terrain_noun(self, children: list[Token]) -> _Part:
        return _Part(_word(V.TERRAIN_NOUNS, children[0]), _span(children))

    # -- conditions
    @_node
    def cond(self, *parts: A.Condition) -> A.Condition:
        return parts[0] if len(parts) == 1 else A.All(parts)

    @_node
    def is_state(self, ref: A.Ref, state: Token) -> A.Condition:
        return A.IsState(ref, _word(V.STATES, state))  # type: ignore[arg-type]

    @_node
    def is_kind(self, ref: A.Ref, noun: str) -> A.Condition:
        return A.IsKind(ref, noun)  # type: ignore[arg-type]

    @_node
    def hp_at_most(self, ref: A.Ref, n: Token) -> A.Condition:
        return A.HpAtMost(ref, _int(n))

    @_node
    def is_destroyed(self, ref: A.Ref) -> A.Condition:
        return A.IsDestroyed(ref)

    @_node
    def hand_at_most(self, n: Token) -> A.Condition:
        return A.HandAtMost(_int(n))

    @_node
    def mortgage_not_empty(self) -> A.Condition:
        return A.MortgageNotEmpty()

    @_node
    def credits_at_most(self, n: Token) -> A.Condition:
        return A.CreditsAtMost(_int(n))

    @_node
    def no_hand(self) -> A.Condition:
        return A.NoHand()

    @_node
    def shop_empty(self, shop: Token) -> A.Condition:
        return A.ShopEmpty()

    @_node
    def result_at_least(self, n: Token) -> A.Condition:
        value = _int(n)
        if not 1 <= value <= 6:  # (0 and less: every result is at least that; 7 and more: none is)
            condition = "结果不小于 " + str(value)
            message = (
                N_("a six-sided die shows 1 to 6; {condition} is always true")
                if value < 1
                else N_("a six-sided die shows 1 to 6; {condition} is never true")
            )
            raise _SemanticError(tr(message, condition=condition), n.start_pos or 0)
        return A.ResultAtLeast(value)

    @_node
    def runner_tagged(self) -> A.Condition:
        return A.RunnerTagged()

    @_node
    def run_successful(self) -> A.Condition:
        return A.RunSuccessful()

    @_node
    def trace_succeeded(self) -> A.Condition:
        return A.TraceResult(True)

    @_node
    def trace_failed(self) -> A.Condition:
        return A.TraceResult(False)

    @_node
    def psi_equal(self) -> A.Condition:
        return A.PsiResult(True)

    @_node
    def psi_differ(self) -> A.Condition:
        return A.PsiResult(False)

    @_node
    def counters_at_least(self, n: Token, kind: str) -> A.Condition:
        return A.CountersAtLeast(kind, _count(n, "the number of counters"))  # type: ignore[arg-type]

    @_node
    def run_on(self, server: Token) -> A.Condition:
        if server.type == "SERVER_KIND":
            return A.RunOn(_word(V.SERVER_KINDS, server))
        key = _word(V.NR_ZONES, server)
        if key not in ("hq", "rnd", "archives"):
            raise _SemanticError(
                tr("{zone} is not a server; a run is on {servers}", zone=server.value,
                   servers=_either((*_RUN_SERVERS, "中央服务器", "远程服务器"))),
                server.start_pos or 0,
            )  # fmt: skip
        return A.RunOn(key)

    @_node
    def encountering_subtype(self, subtype: str) -> A.Condition:
        return A.EncounteringSubtype(subtype)

    @_node
    def run_in_progress(self) -> A.Condition:
        return A.RunInProgress()

    @_node
    def you_hit(self, role: str) -> A.Condition:
        return A.YouHit(role)

    @_node
    def you_shot(self) -> A.Condition:
        return A.YouShot()

    @_node
    def you_not_shot(self) -> A.Condition:
        return A.YouNotShot()

    @_node
    def team_won(self, team: Token) -> A.Condition:
        return A.TeamWon(_word(V.TEAMS, team))  # type: ignore[arg-type]

    @_node
    def none_shot(self, role: str) -> A.Condition:
        return A.NoneShot(role)

    # -- vocabularies
    def category(self, children: list[Token]) -> _Part:
        return _Part(_word(V.CATEGORIES, children[0]), _span(children))

    def nr_zone(self, children: list[Token]) -> _Part:
        return _Part(_word(V.NR_ZONES, children[0]), _span(children))

    def nr_type(self, children: list[Token]) -> _Part:
        return _Part(_word(V.NR_TYPES, children[0]), _span(children))

    def ice_subtype(self, children: list[Token]) -> _Part:
        return _Part(_word(V.ICE_SUBTYPES, children[0]), _span(children))

    def counter_kind(self, children: list[Token]) -> _Part:
        return _Part(_word(V.COUNTER_KINDS, children[0]), _span(children))

    def recurring_use(self, children: list[Token]) -> _Part:
        return _Part(_word(V.RECURRING_USES, children[0]), _span(children))

    def role(self, children: list[Token]) -> _Part:
        return _Part(_word(V.ROLES, children[0]), _span(children))


_ONCE_COSTS = (A.TapCost, A.TrashCost)  # costs a card pays once: tapped (横置), trashed ([trash])


def _check_costs(costs: Sequence[A.Cost]) -> None:
    """Refuse a cost that a card pays once written twice (``横置，横置``: a tapped card cannot tap again)."""
    seen: set[type] = set()
    for cost in costs:
        kind = type(cost)
        if kind in _ONCE_COSTS:
            if kind in seen:
                word = "横置" if kind is A.TapCost else "[trash]"
                raise _SemanticError(
                    tr("{cost} is a cost twice: it can be paid only once, so the ability could never be used",
                       cost=word),
                    cost.span[0] if cost.span else 0,
                    tr("write {cost} once", cost=word),
                )  # fmt: skip
            seen.add(kind)


# what a duration (直到…，) can make last: the effects that hold for a while (a modifier, a state, control)
_LASTING = (A.Modify, A.Cannot, A.GainVision, A.TakeControl, A.PlayerLimit, A.Strength, A.CountsAs, A.PublicRole)
_NESTED = (A.If, A.YouMay, A.ForEachCounter)  # effects that hold effects (a condition, a choice, a count)


def _check_lasting(effects: Iterable[Any], duration: str) -> None:
    """Refuse, under the duration ``duration`` (直到…，), an effect that does not last (你抽 1 张牌: done at
    once, the duration means nothing) or a second duration (直到…，直到…，)."""
    for effect in effects:
        if isinstance(effect, _LASTING):
            continue
        start = effect.span[0] if isinstance(effect, A.Node) and effect.span else 0
        if isinstance(effect, A.Until):
            raise _SemanticError(
                tr("two durations for one effect ({first} and {second})", first=duration,
                   second=_DURATION_WORDS[effect.until]),
                start,
                tr("keep one of them: {first} or {second}", first=duration, second=_DURATION_WORDS[effect.until]),
            )  # fmt: skip
        if isinstance(effect, _NESTED):
            _check_lasting(effect.effects, duration)
            continue
        raise _SemanticError(
            tr("{duration} makes an effect last, but this one happens at once and is over", duration=duration),
            start,
            tr(
                "leave {duration} and the comma after it out, or make a lasting effect last ({examples})",
                duration=duration,
                examples=_either(("移速 +1", "无法移动", "获得背向视野", "获得…的操控权")),
            ),
        )


_DURATION_WORDS = {"turn_end": "直到回合结束", "your_next_turn_start": "直到你的下个回合开始"}


def _range(token: Token) -> tuple[int, int]:
    low_text, high_text = token.value.split("-")
    at = token.start_pos or 0
    low, high = _SMALL.get(low_text), _SMALL.get(high_text)
    if low is None:
        low = _limited(low_text, at)
    if high is None:
        high = _limited(high_text, at + len(low_text) + 1)
    if low > high:
        reversed_range = f"{high}-{low}"
        raise _SemanticError(
            tr("the range {range} runs backwards; write {reversed}", range=token.value, reversed=reversed_range),
            token.start_pos or 0,
        )
    return low, high


_RUN_SERVERS = ("总部", "研发中心", "档案库")
_RESTORABLE = ("broken_wall", "pit", "terrain")  # 恢复: what T20 restores (地形: any broken wall or pit)
_CONTROLLABLE = ("enemy_unit", "enemy_agent", "enemy_minion")


def _check_control(ref: A.Ref) -> None:
    """你获得<对象>的操控权 names a unit someone else controls (§5.4): not a card, not an obstacle (neutral,
    §5.2), not one of yours. Unqualified nouns (目标单位, 目标随从) are allowed: the engine offers the
    hostile ones."""
    start = ref.span[0] if ref.span else 0
    if isinstance(ref, A.Fixed):
        word, kind = V.zh(V.FIXED_REFS, ref.ref), {"this_card": "card", "self_unit": "own"}.get(ref.ref)
    else:
        word = V.zh(V.UNIT_NOUNS, ref.noun) if ref.noun else ""
        kind = "obstacle" if ref.noun == "obstacle" else None
        if ref.noun in ("equipment", "enemy_equipment"):
            kind = "card"
        elif ref.noun is not None and ref.noun.startswith("friendly_"):
            kind = "own"
        if kind is not None and ref.span:
            start = ref.span[1] - len(word)  # the noun ends the reference
    if kind is None:
        return
    nouns = _either([V.zh(V.UNIT_NOUNS, noun) for noun in _CONTROLLABLE])  # (the words of an error only)
    if kind == "card":
        message = tr("{ref} is a card, not a unit: only units change control ({rule})", ref=word, rule="§5.4")
    elif kind == "own":
        message = tr("{ref} is already under your control; take control of {nouns}", ref=word, nouns=nouns)
    elif kind == "obstacle":
        message = tr(
            "an obstacle is neutral and never changes control ({rule}); take control of {nouns}",
            rule="§5.2",
            nouns=nouns,
        )
    else:
        return
    raise _SemanticError(message, start)


def _either(words: Sequence[str]) -> str:
    """``a, b or c`` (words of the ability language, as they are written)."""
    if len(words) < 2:
        return "".join(words)
    return tr("{some} or {last}", some=tc(current_lang(), "list", ", ").join(words[:-1]), last=words[-1])


# ---------------------------------------------------------------- the fast driver's reducers

# How a child of a rule reaches the fast driver's reducer (toolkit.text.lalr): a token, a keyword as its start
# offset (lalr.make_token makes its token), a rule's value
_TOKEN, _WORD, _RULE = 0, 1, 2


def _slot(cls: type, name: str) -> Callable[[Any, Any], None]:
    """Set the field ``name`` of a node of the (frozen, slotted) dataclass ``cls``, as its ``__init__`` does."""
    for klass in cls.__mro__:
        if name in vars(klass):
            return vars(klass)[name].__set__
    raise AttributeError(name)  # pragma: no cover


_set_span = _slot(A.Node, "span")  # object.__setattr__(node, "span", …) without looking the name up


def _fields_are(cls: type, names: Iterable[str]) -> bool:
    """True if ``names`` (and the span) are all the fields of the dataclass ``cls`` and its ``__init__`` does
    nothing but set them (no ``__post_init__``): a node made by setting them is the node it makes."""
    fields = {f.name for f in dataclasses.fields(cls)}
    return fields == {"span", *names} and not hasattr(cls, "__post_init__")


def _specialize(
    rule: Any, method: Callable[[list[Any]], Any], keywords: tuple[str | None, ...]
) -> Callable[[list[Any]], Any] | None:
    """A faster reducer for the fast driver (:mod:`toolkit.text.lalr`) of a rule whose children reach its
    callback as they are, where ``keywords[i]`` is the text of the i-th child when the driver passes that
    keyword as its start offset. The builders that make the frame of every text have a twin (:data:`_TWINS`);
    for the others made by :func:`_node`, the values are picked by position (the grammar says which children
    are named tokens, which are keywords, which are rules) instead of by looking at each child, and the span
    of a rule that starts or ends with a token or keyword is read from those. Same result as the callback (a
    keyword it passes on becomes a token)."""
    func = getattr(method, "__func__", None)
    expansion = rule.expansion
    if func is None or not expansion:
        return None
    kinds = tuple(
        _RULE if not symbol.is_term else _WORD if keywords[index] is not None else _TOKEN
        for index, symbol in enumerate(expansion)
    )
    span_of = _span_reader(rule, kinds, keywords)
    build = getattr(func, "node_build", None)
    twin = _TWINS.get(build or func)
    if twin is not None:
        reducer = twin(rule, kinds, keywords, span_of)
        if reducer is not None:
            return reducer
    if build is None:
        return None
    return _node_reducer(build, method.__self__, rule, kinds, keywords, span_of)  # type: ignore[attr-defined]


def _node_reducer(
    build: Callable[..., Any],
    builder: Any,
    rule: Any,
    kinds: tuple[int, ...],
    keywords: tuple[str | None, ...],
    span_of: Callable[[list[Any]], tuple[int, int] | None],
) -> Callable[[list[Any]], Any]:
    """What the callback :func:`_node` makes of ``build`` does, for the fast driver's children of ``rule``."""
    picks = tuple(
        (index, kinds[index], str(symbol.name), keywords[index])
        for index, symbol in enumerate(rule.expansion)
        if not symbol.is_term or _VALUE_KIND[str(symbol.name)]
    )
    node_class, part_class = A.Node, _Part
    set_span, new = _set_span, object.__new__

    def finish(node: Any, children: list[Any]) -> Any:  # what _node's callback does with the result
        if isinstance(node, node_class):
            if node.span is None:
                set_span(node, span_of(children))
            return node
        if callable(node):  # a predicate waiting for its subject: a part (made without its __init__'s call)
            part = new(part_class)
            part.value = node
            part.span = span_of(children)
            return part
        return node

    if len(picks) == 1 and picks[0][1] == _RULE:  # the common cases, without a loop
        index = picks[0][0]

        def reduce_rule(children: list[Any]) -> Any:
            child = children[index]
            if child.__class__ is part_class:
                child = child.value
            node = build(builder, child)
            if isinstance(node, node_class):
                if node.span is None:
                    set_span(node, span_of(children))
                return node
            return finish(node, children)

        if len(kinds) == 1:  # a rule of one child: the same, of the child's value (lalr._chained)

            def reduce_one(child: Any) -> Any:
                node = build(builder, child.value if child.__class__ is part_class else child)
                if isinstance(node, node_class):
                    if node.span is None:
                        set_span(node, span_of([child]))
                    return node
                return finish(node, [child])

            reduce_rule.of_one = reduce_one  # type: ignore[attr-defined]
        return reduce_rule

    if len(picks) == 1 and picks[0][1] == _TOKEN and kinds[0] == _WORD and kinds[-1] == _WORD:
        # the most common shape of all ("抽" INT "张牌"): the span from the two keywords, without a call
        index, width = picks[0][0], len(keywords[-1] or "")

        def reduce_worded(children: list[Any]) -> Any:
            node = build(builder, children[index])
            if isinstance(node, node_class):
                if node.span is None:
                    set_span(node, (children[0], children[-1] + width))
                return node
            return finish(node, children)

        return reduce_worded

    if len(picks) == 1 and picks[0][1] == _TOKEN:
        index = picks[0][0]

        def reduce_token(children: list[Any]) -> Any:
            node = build(builder, children[index])
            if isinstance(node, node_class):
                if node.span is None:
                    set_span(node, span_of(children))
                return node
            return finish(node, children)

        return reduce_token

    if not picks:

        def reduce_none(children: list[Any]) -> Any:
            node = build(builder)
            if isinstance(node, node_class):
                if node.span is None:
                    set_span(node, span_of(children))
                return node
            return finish(node, children)

        return reduce_none

    if len(picks) == 1 and picks[0][1] == _WORD:  # a named keyword (ref: SELF_UNIT)
        index, name, text = picks[0][0], picks[0][2], picks[0][3] or ""

        def reduce_word(children: list[Any]) -> Any:
            node = build(builder, make_token(name, text, children[index]))
            if isinstance(node, node_class):
                if node.span is None:
                    set_span(node, span_of(children))
                return node
            return finish(node, children)

        return reduce_word

    if len(picks) == 2 and _WORD not in (picks[0][1], picks[1][1]):  # (subj_clause: ref subj_pred, STAT SIGNED)
        # (a token is never a part: it passes as it is)
        first, second = picks[0][0], picks[1][0]

        def reduce_rules(children: list[Any]) -> Any:
            one, two = children[first], children[second]
            node = build(
                builder,
                one.value if one.__class__ is part_class else one,
                two.value if two.__class__ is part_class else two,
            )
            if isinstance(node, node_class):
                if node.span is None:
                    set_span(node, span_of(children))
                return node
            return finish(node, children)

        return reduce_rules

    def reduce(children: list[Any]) -> Any:
        values = []
        for index, kind, name, text in picks:
            child = children[index]
            if kind == _RULE:
                values.append(child.value if child.__class__ is part_class else child)
            elif kind == _TOKEN:
                values.append(child)
            else:
                values.append(make_token(name, text, child))  # type: ignore[arg-type]  # text is a keyword's
        return finish(build(builder, *values), children)

    return reduce


def _span_reader(
    rule: Any, kinds: tuple[int, ...], keywords: tuple[str | None, ...]
) -> Callable[[list[Any]], tuple[int, int] | None]:
    """``_span(children)`` for the fast driver's children of ``rule``: the first and the last child's positions
    read directly where they are a token or a keyword, a rule's value asked for its span; when that has none,
    the keywords are made tokens and :func:`_span` decides."""
    first_kind, last_kind, single = kinds[0], kinds[-1], len(kinds) == 1
    last_width = len(keywords[-1] or "")
    words = [(index, str(symbol.name), keywords[index]) for index, symbol in enumerate(rule.expansion)
             if kinds[index] == _WORD]  # fmt: skip
    spanned, sequences = _SPANNED, (list, tuple)
    if first_kind != _RULE and last_kind != _RULE:  # from a token or keyword to one: one line each
        if first_kind == _WORD and last_kind == _WORD:

            def words_span(children: list[Any]) -> tuple[int, int] | None:
                return (children[0], children[-1] + last_width)

            return words_span
        if first_kind == _WORD:

            def word_token_span(children: list[Any]) -> tuple[int, int] | None:
                return (children[0], children[-1].end_pos)

            return word_token_span
        if last_kind == _WORD:

            def token_word_span(children: list[Any]) -> tuple[int, int] | None:
                return (children[0].start_pos, children[-1] + last_width)

            return token_word_span

        def tokens_span(children: list[Any]) -> tuple[int, int] | None:
            return (children[0].start_pos, children[-1].end_pos)

        return tokens_span

    def general(children: list[Any]) -> tuple[int, int] | None:
        tokens = list(children)
        for index, name, text in words:
            tokens[index] = make_token(name, text, children[index])  # type: ignore[arg-type]
        return _span(tokens)

    def span_of(children: list[Any]) -> tuple[int, int] | None:
        if first_kind == _WORD:
            start = children[0]
        elif first_kind == _TOKEN:
            start = children[0].start_pos
        else:
            child = children[0]
            if child.__class__ in spanned:
                first = child.span
            elif child.__class__ in sequences and child and child[0].__class__ in spanned and not single:
                first = child[0].span  # a list of nodes (the effects of a sequence) starts with the first one
            else:
                first = _child_span(child)
            if first is None or single:  # one child: its span is the rule's
                return first if single else general(children)
            start = first[0]
        if last_kind == _WORD:
            return (start, children[-1] + last_width)
        if last_kind == _TOKEN:
            return (start, children[-1].end_pos)
        child = children[-1]
        if child.__class__ in spanned:
            last = child.span
        elif child.__class__ in sequences and child and child[-1].__class__ in spanned:
            last = child[-1].span  # and ends with the last one
        else:
            last = _child_span(child)
        return (start, last[1]) if last is not None else general(children)

    return span_of


# The twins: for the builders that make the frame of every text (the clause, the list of a sequence, the
# sentence, the condition, the ability), a reducer of the fast driver written for the rule as ability.lark
# writes it, that makes what the builder's callback makes without the calls around it (a node made as its
# dataclass __init__ makes it: object.__new__, each field set). A twin gives None for a rule of another shape
# (or a node class with other fields): the rule then reduces as any other. tests/test_parse_speed_trees.py
# holds both paths to the same trees.
Twin = Callable[
    [Any, tuple[int, ...], tuple["str | None", ...], Callable[[list[Any]], Any]], "Callable[[list[Any]], Any] | None"
]


def _clause_twin(rule: Any, kinds: tuple[int, ...], keywords: Any, span_of: Callable[[list[Any]], Any]) -> Any:
    """:meth:`_Builder.clause`: its effect is the last child that is no keyword, with the clause's span."""
    for index in reversed(range(len(kinds))):
        if kinds[index] == _RULE or _VALUE_KIND[str(rule.expansion[index].name)]:  # as _kept(children)
            break
    else:
        return None
    if kinds[index] != _RULE:
        return None
    set_span = _set_span  # object.__setattr__(effect, "span", …): an effect is a node (else both raise)
    spanned, worded = _SPANNED, kinds == (_WORD, _RULE)

    if kinds == (_RULE,):  # imperative: the clause's span is the effect's own

        def alone(children: list[Any]) -> Any:
            effect = children[0]
            if effect.__class__ not in spanned:
                set_span(effect, span_of(children))
            return effect

        def alone_of_one(effect: Any) -> Any:  # the same, of the effect (lalr._chained)
            if effect.__class__ not in spanned:
                set_span(effect, span_of([effect]))
            return effect

        alone.of_one = alone_of_one  # type: ignore[attr-defined]
        return alone

    def clause(children: list[Any]) -> Any:
        effect = children[index]
        if worded and effect.__class__ in spanned and effect.span is not None:  # "你" you_act: from 你 on
            set_span(effect, (children[0], effect.span[1]))
        else:
            set_span(effect, span_of(children))
        return effect

    def clause_listed(children: list[Any]) -> Any:  # the list of the clause's effect (seq: clause)
        effect = children[index]
        if worded and effect.__class__ in spanned and effect.span is not None:
            set_span(effect, (children[0], effect.span[1]))
        else:
            set_span(effect, span_of(children))
        return [effect]

    # (lalr._chained) what it returns is a node (set_span takes nothing else), its list made at once
    clause.makes = A.Node  # type: ignore[attr-defined]
    clause.listed = clause_listed  # type: ignore[attr-defined]
    return clause


def _seq_plain_twin(rule: Any, kinds: tuple[int, ...], keywords: Any, span_of: Callable[[list[Any]], Any]) -> Any:
    """:meth:`_Builder.seq_plain` of one clause: the list of its effect."""
    if kinds != (_RULE,):
        return None
    part_class = _Part

    def seq_plain(children: list[Any]) -> Any:
        value = children[0]
        if value.__class__ is part_class:
            children[0] = value.value
        return children  # the driver's list of this reduction's children: no one else holds it

    def seq_plain_of_one(value: Any) -> Any:  # the same, of the clause's value (lalr._chained)
        return [value.value if value.__class__ is part_class else value]

    seq_plain.of_one = seq_plain_of_one  # type: ignore[attr-defined]
    seq_plain.makes = list  # type: ignore[attr-defined]
    seq_plain.lists = A.Node  # type: ignore[attr-defined]  # of a node, the list of it (no part to open)
    return seq_plain


def _sentence_twin(rule: Any, kinds: tuple[int, ...], keywords: Any, span_of: Callable[[list[Any]], Any]) -> Any:
    """:meth:`_Builder.sentence` (``seq "。"``): the sentence of the sequence's effects."""
    if kinds != (_RULE, _WORD) or not _fields_are(A.Sentence, ["effects"]):
        return None
    sentence_class, set_effects, set_span, new = A.Sentence, _slot(A.Sentence, "effects"), _set_span, object.__new__
    part_class, spanned, width = _Part, _SPANNED, len(keywords[1])

    def make(wrap: int) -> Callable[[list[Any]], Any]:
        # wrap: 0 the sentence, 1 the list of it (__body_plus_3: sentence), 2 the tuple of it (and body:
        # __body_plus_3), for lalr._chained
        def sentence(children: list[Any]) -> Any:
            seq = children[0]
            head: Any = seq[0] if seq.__class__ is list and seq else None
            if head.__class__ in spanned and head.span is not None:  # the first effect starts the sentence
                span = (head.span[0], children[1] + width)
            else:
                span = span_of(children)
            node = new(sentence_class)
            set_effects(node, tuple(seq.value if seq.__class__ is part_class else seq))
            set_span(node, span)
            if not wrap:
                return node
            return [node] if wrap == 1 else (node,)

        return sentence

    sentence = make(0)
    sentence.makes = sentence_class  # type: ignore[attr-defined]
    sentence.listed = make(1)  # type: ignore[attr-defined]
    sentence.tupled = make(2)  # type: ignore[attr-defined]
    return sentence


def _seq_if_twin(rule: Any, kinds: tuple[int, ...], keywords: Any, span_of: Callable[[list[Any]], Any]) -> Any:
    """:meth:`_Builder.seq_if` (``"如果" cond "，" seq``): the list of the one If."""
    if kinds != (_WORD, _RULE, _WORD, _RULE) or not _fields_are(A.If, ["condition", "effects"]):
        return None
    if _VALUE_KIND[str(rule.expansion[0].name)] or _VALUE_KIND[str(rule.expansion[2].name)]:
        return None  # _kept would keep those tokens
    if_class, set_condition, set_effects = A.If, _slot(A.If, "condition"), _slot(A.If, "effects")
    set_span, new, spanned = _set_span, object.__new__, _SPANNED

    def seq_if(children: list[Any]) -> Any:
        node = new(if_class)
        set_condition(node, children[1])  # as _kept gives it: a rule's value as it is
        seq = children[3]
        set_effects(node, tuple(seq))
        last: Any = seq[-1] if seq.__class__ is list and seq else None
        if last.__class__ in spanned and last.span is not None:  # from 如果 to the end of the last effect
            set_span(node, (children[0], last.span[1]))
        else:
            set_span(node, span_of(children))
        return [node]

    return seq_if


def _start_twin(rule: Any, kinds: tuple[int, ...], keywords: Any, span_of: Callable[[list[Any]], Any]) -> Any:
    """:meth:`_Builder.start`: the ability."""
    if kinds != (_RULE,):
        return None
    node_class, part_class, set_span = A.Node, _Part, _set_span

    def start(children: list[Any]) -> Any:
        node = children[0]
        if node.__class__ is part_class:
            node = node.value
        if isinstance(node, node_class):
            if node.span is None:
                set_span(node, span_of(children))
            return node
        return part_class(node, span_of(children)) if callable(node) else node

    # a node it returns as it is (its span, when None, is the node's own: None), and lalr._chained leaves the
    # reduction out after a reducer that makes nodes (the abilities')
    start.keeps = node_class  # type: ignore[attr-defined]
    return start


def _ref_fixed_twin(rule: Any, kinds: tuple[int, ...], keywords: Any, span_of: Callable[[list[Any]], Any]) -> Any:
    """:meth:`_Builder.ref_fixed` of a keyword (``ref: SELF_UNIT``, 本单位): the rule decides the reference, and
    the keyword's token, which the builder reads only the type of, is not made."""
    name = str(rule.expansion[0].name)
    if kinds != (_WORD,) or name not in _FIXED_BY_TOKEN or not _fields_are(A.Fixed, ["ref"]):
        return None
    fixed_class, set_ref, set_span, new = A.Fixed, _slot(A.Fixed, "ref"), _set_span, object.__new__
    ref, width = _FIXED_BY_TOKEN[name], len(keywords[0])

    def ref_fixed(children: list[Any]) -> Any:
        node = new(fixed_class)
        set_ref(node, ref)
        set_span(node, (children[0], children[0] + width))
        return node

    ref_fixed.makes = fixed_class  # type: ignore[attr-defined]  # (lalr._chained)
    return ref_fixed


def _vocabulary_twin(vocabulary: V.Vocabulary) -> Twin:
    """The builders of a word of ``vocabulary`` (:meth:`_Builder.unit_noun`, :meth:`_Builder.category`, …): a
    part of the word's id, with the span of the token."""

    def twin(rule: Any, kinds: tuple[int, ...], keywords: Any, span_of: Callable[[list[Any]], Any]) -> Any:
        reverse = _REVERSE.get(id(vocabulary))
        if kinds != (_TOKEN,) or reverse is None:
            return None
        part_class, new = _Part, object.__new__

        def word(children: list[Any]) -> Any:
            token = children[0]
            part = new(part_class)
            part.value = reverse[token.value]  # (a KeyError as _word's)
            part.span = (token.start_pos, token.end_pos)
            return part

        return word

    return twin


def _timing_twin(table: dict[Any, str], key: Callable[[tuple[str, ...]], Any]) -> Twin:
    """:meth:`_Builder.timing` (``table`` :data:`V.TIMING_TOKENS`, keyed by the kept tokens' types) and
    :meth:`_Builder.timing_yours` (:data:`V.YOUR_TIMING_TOKENS`, by the first one's): a part whose value the
    rule decides (the types of its tokens are the grammar's), with the rule's span."""

    def twin(rule: Any, kinds: tuple[int, ...], keywords: Any, span_of: Callable[[list[Any]], Any]) -> Any:
        if _RULE in kinds:
            return None
        kept = tuple(str(s.name) for s in rule.expansion if _VALUE_KIND[str(s.name)])
        try:
            value = table[key(kept)]
        except (KeyError, IndexError):
            return None  # the builder raises: let it
        part_class, new = _Part, object.__new__  # (a part made without the call of its __init__)
        if kinds[0] == _WORD and kinds[-1] == _WORD:  # (攻击后, 回合开始时) the span from the keywords
            width = len(keywords[-1])

            def timing_words(children: list[Any]) -> Any:
                part = new(part_class)
                part.value = value
                part.span = (children[0], children[-1] + width)
                return part

            return timing_words

        def timing(children: list[Any]) -> Any:
            part = new(part_class)
            part.value = value
            part.span = span_of(children)
            return part

        return timing

    return twin


def _ability_twin(kind: str, field: str | None) -> Twin:
    """The ``ab_*`` builder of abilities of ``kind``, whose value before the body (if any) is ``field``."""

    def twin(rule: Any, kinds: tuple[int, ...], keywords: Any, span_of: Callable[[list[Any]], Any]) -> Any:
        rules = [index for index, child in enumerate(kinds) if child == _RULE]
        if kinds[-1] != _RULE or len(rules) != (1 if field is None else 2):
            return None
        if not _fields_are(A.Ability, ["kind", "sentences", "timing", "costs"]):
            return None
        ability_class, new, part_class, set_span = A.Ability, object.__new__, _Part, _set_span
        set_kind, set_sentences = _slot(A.Ability, "kind"), _slot(A.Ability, "sentences")
        set_timing, set_costs = _slot(A.Ability, "timing"), _slot(A.Ability, "costs")
        first = rules[0]
        timing, costs = field == "timing", field == "costs"
        spanned, worded, single = _SPANNED, kinds[0] == _WORD, len(kinds) == 1

        def ability(children: list[Any]) -> Any:
            body = children[-1]
            value = children[first]
            if value.__class__ is part_class:
                value = value.value
            node = new(ability_class)
            set_kind(node, kind)
            set_sentences(node, body.value if body.__class__ is part_class else body)
            set_timing(node, value if timing else None)
            set_costs(node, value if costs else ())
            # the span, read directly in the common cases: from the first keyword, the timing or the first
            # sentence to the last sentence (the body is the tuple of the sentences)
            span = None
            last: Any = body[-1] if body.__class__ is tuple and body else None
            if last.__class__ in spanned and last.span is not None:
                head: Any = body[0] if single else children[0]
                if head.__class__ is tuple and head and not single:  # the costs: from the first one
                    head = head[0]
                if worded:
                    span = (children[0], last.span[1])
                elif head.__class__ in spanned and head.span is not None:
                    span = (head.span[0], last.span[1])
            set_span(node, span if span is not None else span_of(children))
            return node

        if single:  # (ab_effect: body) the same, of the body (lalr._chained)

            def ability_of_one(body: Any) -> Any:
                node = new(ability_class)
                set_kind(node, kind)
                set_sentences(node, body.value if body.__class__ is part_class else body)
                set_timing(node, None)
                set_costs(node, ())
                span = None
                if body.__class__ is tuple and body:
                    head, last = body[0], body[-1]
                    if (
                        last.__class__ in spanned
                        and last.span is not None
                        and head.__class__ in spanned
                        and head.span is not None
                    ):
                        span = (head.span[0], last.span[1])
                set_span(node, span if span is not None else span_of([body]))
                return node

            ability.of_one = ability_of_one  # type: ignore[attr-defined]
        ability.makes = ability_class  # type: ignore[attr-defined]  # (lalr._chained)
        return ability

    return twin


# builder (the function _node wraps, or the plain method) -> its twin
_TWINS: dict[Callable[..., Any], Twin] = {
    _Builder.clause: _clause_twin,
    _Builder.seq_plain.node_build: _seq_plain_twin,  # type: ignore[attr-defined]
    _Builder.sentence.node_build: _sentence_twin,  # type: ignore[attr-defined]
    _Builder.seq_if: _seq_if_twin,
    _Builder.start.node_build: _start_twin,  # type: ignore[attr-defined]
    _Builder.ref_fixed.node_build: _ref_fixed_twin,  # type: ignore[attr-defined]
    _Builder.unit_noun: _vocabulary_twin(V.UNIT_NOUNS),
    _Builder.terrain_noun: _vocabulary_twin(V.TERRAIN_NOUNS),
    _Builder.category: _vocabulary_twin(V.CATEGORIES),
    _Builder.nr_zone: _vocabulary_twin(V.NR_ZONES),
    _Builder.nr_type: _vocabulary_twin(V.NR_TYPES),
    _Builder.ice_subtype: _vocabulary_twin(V.ICE_SUBTYPES),
    _Builder.counter_kind: _vocabulary_twin(V.COUNTER_KINDS),
    _Builder.recurring_use: _vocabulary_twin(V.RECURRING_USES),
    _Builder.role: _vocabulary_twin(V.ROLES),
    _Builder.timing: _timing_twin(V.TIMING_TOKENS, lambda kept: kept),
    _Builder.timing_yours: _timing_twin(V.YOUR_TIMING_TOKENS, lambda kept: kept[0]),
    # what each writes: A.Ability("effect", body), A.Ability("triggered", body, timing=timing), …
    _Builder.ab_effect.node_build: _ability_twin("effect", None),  # type: ignore[attr-defined]
    _Builder.ab_triggered.node_build: _ability_twin("triggered", "timing"),  # type: ignore[attr-defined]
    _Builder.ab_active.node_build: _ability_twin("active", "costs"),  # type: ignore[attr-defined]
    _Builder.ab_paid.node_build: _ability_twin("paid", "costs"),  # type: ignore[attr-defined]
    _Builder.ab_subroutine.node_build: _ability_twin("subroutine", None),  # type: ignore[attr-defined]
    _Builder.ab_score_area.node_build: _ability_twin("runner_score_area", None),  # type: ignore[attr-defined]
}


# ---------------------------------------------------------------- the parser


@functools.cache
def grammar_text() -> str:
    return GRAMMAR_PATH.read_text(encoding="utf-8")


@functools.cache
def _lark() -> Lark:
    options: dict[str, Any] = {
        "parser": "lalr",
        "lexer": "contextual",
        # no propagate_positions: the builder gives every node its span from the tokens it keeps, and
        # Lark's own position tracking (a wrapper around every rule) was read by nothing (7% of a parse)
        "propagate_positions": False,
        "maybe_placeholders": True,
        "keep_all_tokens": True,
        "transformer": _Builder(),
    }
    path = _parser_cache_path()
    # Lark checks the hash of the grammar and options written at the top of the file and builds anew on a
    # mismatch. It writes the file in place (not under a temporary name: its hash covers the option naming
    # the file), but a half-written file (a run in parallel, a crash) fails to load, and is built and
    # written again; a directory it cannot write to only costs the time of building.
    return Lark(grammar_text(), cache=str(path) if path else False, **options)


def _parser_cache_path() -> Path | None:
    """Where Lark keeps its analysis of the grammar between runs: ``$XDG_CACHE_HOME/dossier/text``
    (``~/.cache/dossier/text``), one file per grammar, Lark and Python version. Loading it takes a tenth of
    the time of building the parser (about 15 ms, not 150), which every command that reads ability
    texts pays once. None (no cache) when the directory cannot be made, or ``DOSSIER_NO_CACHE`` is set."""
    if os.environ.get("DOSSIER_NO_CACHE"):
        return None
    key = "\0".join((grammar_text(), lark_version, sys.version))
    name = f"ability-{hashlib.sha256(key.encode()).hexdigest()[:16]}.lark"
    try:
        folder = user_cache_dir("text")
        folder.mkdir(parents=True, exist_ok=True)
    except (OSError, RuntimeError):  # RuntimeError: no home directory to be found
        return None
    return folder / name


@functools.cache
def _table_parser() -> TableParser | None:
    """The fast driver of Lark's own table (:mod:`toolkit.text.lalr`), or None if it cannot model the parser."""
    lark = _lark()
    try:
        return TableParser(lark, lark.options.transformer, _specialize)
    except Unsupported:  # pragma: no cover - the ability grammar is modelled (tests/test_text_fast.py)
        return None


def build_parser() -> None:
    """Build the parser now (it is built on the first parse otherwise): before forking workers, so that
    each starts with it (Lark's tables and the fast driver's)."""
    _table_parser()


def parse(text: str, game: str | None = None) -> A.Ability:
    """Parse one ability; raises :class:`AbilitySyntaxError` with the position in ``text``, as a card of ``game``
    is told it when a game is given (:meth:`AbilitySyntaxError.for_game`)."""
    if game is None:
        return _parse(text)
    try:
        return _parse(text)
    except AbilitySyntaxError as exc:
        raise exc.for_game(game) from None


@functools.lru_cache(maxsize=4096)
def parse_cached(text: str) -> A.Ability:
    """:func:`parse` with a cache, for the engine (the same card text is read again and again)."""
    return _parse(text)


def _parse(text: str, *, fast: bool = True) -> A.Ability:
    """The parse of :func:`parse`; ``fast=False`` skips the fast driver (the reference path, for the tests
    and bench/text.py)."""
    if len(text) > MAX_TEXT_LENGTH:  # before normalizing, which is not free on megabytes
        raise AbilitySyntaxError(_too_long(len(text)), text, MAX_TEXT_LENGTH)
    if is_canonical(text) or numerals_stay(text):  # the common case: normalizing leaves the text as it is
        normalized, origin = text, None  # (each offset its own)
    else:
        normalized, origin = normalize(text)
    stripped = normalized.strip()
    if not stripped:
        raise AbilitySyntaxError(tr("the ability text is empty"), text, 0)
    if "\n" in stripped:
        at = normalized.index("\n", len(normalized) - len(normalized.lstrip()))
        raise AbilitySyntaxError(
            tr("an ability is one line; put each ability in its own string"), text, _origin(origin, text)[at]
        )
    if origin is not None and len(normalized) > MAX_TEXT_LENGTH:  # (else it is the text, measured above)
        raise AbilitySyntaxError(_too_long(len(normalized)), text, _origin(origin, text)[MAX_TEXT_LENGTH])
    if ("如果" in normalized or "直到" in normalized or "每有" in normalized) and (  # the only words that nest
        normalized.count("如果") + normalized.count("直到") + normalized.count("本牌上每有") > MAX_NESTING
    ):  # (fewer of them in the whole text are never too deep)
        _check_nesting(text, normalized, origin)
    ability = None
    if fast:  # _parse_fast(normalized), without the call
        table = _table_parser()
        if table is not None:
            try:
                ability = table.parse(normalized)
            except Exception:  # noqa: BLE001 - Unsupported, a _SemanticError, anything: Lark's path decides
                ability = None
    if ability is None:
        ability = _parse_lark(text, normalized, _origin(origin, text))
    if origin is not None and normalized != text:
        _remap_spans(ability, origin)
    if "结果不小于" in normalized:
        _check_rolled(ability, text)
    return ability


def _check_rolled(ability: A.Ability, text: str) -> None:
    """Refuse 结果不小于 X with no die rolled before it in the ability (你投掷 … 枚六面骰): it reads the
    result of that roll, and without one it is never true. (Spans are offsets in ``text``.)"""
    rolled: int | None = None  # where the first roll starts
    for node in A.walk(ability):
        if isinstance(node, A.Roll) and node.span is not None:
            rolled = node.span[0] if rolled is None else min(rolled, node.span[0])
    for node in A.walk(ability):
        if isinstance(node, A.ResultAtLeast) and node.span is not None and (rolled is None or rolled > node.span[0]):
            raise AbilitySyntaxError(
                tr("{result} needs a {roll} earlier in the ability; without one it is never true",
                   result="结果", roll="你投掷 … 枚六面骰"),
                text,
                node.span[0],
                hint=tr("roll first: {example}", example="你投掷 1 枚六面骰。如果结果不小于 4，…"),
            )  # fmt: skip


def _origin(origin: list[int] | None, text: str) -> list[int]:
    """The origin map of normalize: None stands for canonical text, each offset its own."""
    return list(range(len(text) + 1)) if origin is None else origin


def _too_long(length: int) -> str:
    return tr("an ability is at most {limit} characters; this one has {n}", limit=MAX_TEXT_LENGTH, n=length)


def _parse_fast(normalized: str) -> A.Ability | None:
    """The AST by the fast driver, or None when it stops (an error, or anything it does not model): then
    Lark parses the text again, so errors are Lark's, found by the same rules in the same order."""
    table = _table_parser()
    if table is None:
        return None
    try:
        ability: A.Ability = table.parse(normalized)
    except Exception:  # noqa: BLE001 - Unsupported, a _SemanticError, anything: Lark's path decides
        return None
    return ability


def _parse_lark(text: str, normalized: str, origin: list[int]) -> A.Ability:
    """The AST by Lark's own parser: the reference path, and the only one that reports errors."""
    try:
        ability: A.Ability = _lark().parse(normalized)  # type: ignore[assignment]  # the builder returns the AST
    except RecursionError:  # a safety net: the limits above keep every text far from the stack's end
        raise AbilitySyntaxError(tr("the text is nested too deeply"), text, 0) from None
    except _SemanticError as exc:
        raise AbilitySyntaxError(exc.message, text, origin[exc.start], hint=exc.hint) from None
    except UnexpectedInput as exc:
        raise _syntax_error(exc, text, normalized, origin) from None
    return ability


_NESTING = re.compile(r"「[^「」]*」|如果|直到|本牌上每有|。")


def _check_nesting(text: str, normalized: str, origin: list[int] | None) -> None:
    """Refuse a sentence with more than :data:`MAX_NESTING` conditions, durations or counts (如果, 直到,
    本牌上每有; names in 「」 do not count)."""
    depth = 0
    for match in _NESTING.finditer(normalized):
        word = match.group()
        if word == "。":
            depth = 0
        elif word in ("如果", "直到", "本牌上每有"):
            depth += 1
            if depth > MAX_NESTING:
                message = tr(
                    "more than {limit} conditions ({words}) in one sentence; the limit is {limit}",
                    limit=MAX_NESTING,
                    words="如果/直到/本牌上每有",
                )
                raise AbilitySyntaxError(message, text, _origin(origin, text)[match.start()])


def _remap_spans(root: A.Node, origin: list[int]) -> None:
    for node in A.walk(root):
        if node.span is not None:
            start, end = node.span
            object.__setattr__(node, "span", (origin[start], origin[end - 1] + 1 if end > start else origin[end]))


# ---------------------------------------------------------------- errors

# Common mistakes, each with texts that make it; match_examples compares the parser state. A hint is a message
# (translated) with the words of the ability language it quotes as fields (a tuple: a list of them, separated as
# the language separates a list); HINTS is keyed by its English.
_HINTS: list[tuple[str, dict[str, str | tuple[str, ...]], list[str]]] = [
    (
        N_("every sentence ends with {stop} ({example})"),
        {"stop": "。", "example": "你抽 2 张牌。"},
        [
            "你抽 1 张牌",
            "本单位移动 0-2",
            "你获得 2[credit]",
            "对目标单位造成 1 点伤害",
            "如果结果不小于 4，本牌自毁",
            "佩戴者移速 -1",
        ],
    ),
    (
        N_("a count needs its measure word: {examples}"),
        {"examples": ("你抽 X 张牌", "X 点伤害", "1 枚六面骰")},
        ["你抽 1 牌。", "你购买 1 牌。", "对目标单位造成 1 伤害。", "你投掷 1 六面骰。"],
    ),
    (
        N_("a number is missing here (Arabic {arabic} or Chinese {chinese} both work)"),
        {"arabic": "2", "chinese": "两"},
        ["你抽张牌。", "你购买张牌。", "对目标单位造成点伤害。", "本单位回复点生命值。"],
    ),
    (
        N_("an active ability is {form}; put {colon} after the costs"),
        {"form": "主动 <费用>：<效果>", "colon": "："},
        ["主动 横置 你抽 1 张牌。", "主动 横置，-1 你抽 1 张牌。", "主动：你抽 1 张牌。"],
    ),
    (
        N_("a timing is followed by {colon} ({example})"),
        {"colon": "：", "example": "攻击后：…"},
        ["攻击后对目标单位造成 1 点伤害。", "回合开始时你抽 1 张牌。", "消灭时你抽 1 张牌。"],
    ),
    (
        N_("movement and distances are ranges: {examples}"),
        {"examples": ("移动 0-2", "距离 0-1 内")},
        ["本单位移动 2。", "对距离 2 内的目标单位造成 1 点伤害。"],
    ),
    (
        N_("card names are quoted: {example}"),
        {"example": "1 张「名称」"},
        ["你搜寻 1 张破片手雷。", "你获得 1 张烟幕。"],
    ),
    (
        N_("a modifier carries its sign: {plus} or {minus}"),
        {"plus": "+X", "minus": "-X"},
        ["本单位移速 1。", "本次攻击命中骰结果 1。", "你的手牌上限 2。", "强度 1。"],
    ),
    (
        N_("after {may} the verb follows directly: {example}"),
        {"may": "你可以", "example": "你可以抽 1 张牌。"},
        ["你可以你抽 1 张牌。", "你可以你购买 1 张牌。"],
    ),
    (
        N_("a cost is {tap}, {mortgage} (mortgage), {discard}, or in netrunner {netrunner}"),
        {"tap": "横置", "mortgage": "-X", "discard": "弃 X 张牌", "netrunner": ("[click]", "X[credit]", "[trash]")},
        ["主动 抵押 1 张牌：你抽 1 张牌。", "主动 1：你抽 1 张牌。"],
    ),
]


def _hint_fields(fields: dict[str, str | tuple[str, ...]], sep: str) -> dict[str, str]:
    return {key: sep.join(value) if isinstance(value, tuple) else value for key, value in fields.items()}


HINTS: dict[str, list[str]] = {message.format(**_hint_fields(fields, ", ")): texts for message, fields, texts in _HINTS}
_HINT_MESSAGES: dict[str, tuple[str, dict[str, str | tuple[str, ...]]]] = {
    message.format(**_hint_fields(fields, ", ")): (message, fields) for message, fields, _ in _HINTS
}

# How an error names the grammar's terminals that are no words of the language (the others are their words)
_DESCRIBED: dict[str, str] = {
    "INT": N_("a number"),
    "SIGNED": N_("a signed number (+1, -1)"),
    "RANGE": N_("a range (0-2)"),
    "NAME": N_("a card name in {quotes}"),
}


def _hint(label: str) -> str:
    """The hint ``label`` (a key of :data:`HINTS`) in the current language."""
    message, fields = _HINT_MESSAGES[label]
    return tr(message, **_hint_fields(fields, tc(current_lang(), "list", ", ")))


@functools.cache
def terminal_patterns() -> dict[str, str]:
    """The grammar's terminals by name, each with its pattern (what :func:`toolkit.text.games.terminal_key` reads)."""
    return {t.name: t.pattern.value for t in _lark().terminals}


def _other_form_hint(game: str, owners: Sequence[str], hint: str | None) -> str:
    """The hint of an error at which a text of ``game`` may write none of the words the grammar reads there (they
    are the words of ``owners``' forms), after ``hint`` (the error's own) if any."""
    from toolkit.i18n import word

    lang = current_lang()
    said = tr(
        "no word of a {game} text can come here: the text up to here is written as in {games} (the forms of each "
        "game: {doc})",
        game=word("game", game, lang),
        games=tc(lang, "list", ", ").join(word("game", owner, lang) for owner in owners),
        doc=_language_doc(lang),
    )
    # TRANSLATORS: two hints of an ability text's error, one after the other
    return said if hint is None else tr("{hint}; {more}", hint=hint, more=said)


def _language_doc(lang: str) -> str:
    """The reference of the ability language in ``lang`` (the Chinese page for Chinese, else the English one)."""
    return "docs/reference/ability-language.zh.md" if lang == "zh-Hans" else "docs/reference/ability-language.md"


ENGLISH_EXAMPLE = "你抽 2 张牌。"
"""The text the hint of an English text shows in Chinese beside its English when it matches no form itself."""


def _english_hint(text: str, game: str | None) -> str:
    """The hint of a text written in English: ability text is the Chinese ability language, and the Chinese of
    ``text`` when it is the English of a sentence form a text of ``game`` writes (:func:`toolkit.text.games.
    english_form`), else of an example."""
    from .games import english_form
    from .render import render

    try:
        chinese = english_form(text, game)
    except Exception:  # noqa: BLE001 - the matching is a nicety: the hint is the general one then
        chinese = None
    if chinese is not None:
        return tr(
            "ability text is written in the Chinese ability language, not in English: {english} is {chinese} "
            "(`dossier text render --lang en` shows the English of a text; every form is in {doc})",
            english=repr(" ".join(text.split())),
            chinese=chinese,
            doc=_language_doc(current_lang()),
        )
    return tr(
        "ability text is written in the Chinese ability language, not in English: e.g. {english} is {chinese} "
        "(`dossier text render --lang en` shows the English of a text; every form is in {doc})",
        english=repr(render(parse(ENGLISH_EXAMPLE), "en")),
        chinese=ENGLISH_EXAMPLE,
        doc=_language_doc(current_lang()),
    )


_LATIN_WORD = re.compile(r"[A-Za-z]+")


@functools.cache
def _latin_codes() -> frozenset[str]:
    """The Latin words the language writes (case folded): of its symbols (``credit`` of ``[credit]``) and its
    words (``VIP``)."""
    codes: set[str] = set()
    for terminal in _lark().terminals:
        for word in _terminal_words(terminal.pattern) or ():
            codes.update(latin.casefold() for latin in _LATIN_WORD.findall(word))
    for vocabulary in V.TERMINALS.values():
        for zh, _ in vocabulary.values():
            codes.update(latin.casefold() for latin in _LATIN_WORD.findall(zh))
    return frozenset(codes)


def _is_english(normalized: str, pos: int) -> bool:
    """Whether the text at ``pos`` (an error's place in ``normalized``) is a word in Latin letters that is no code
    of the language: no symbol (``credit``, ``[credits]``), no word of it (``VIP``), no placeholder (``X``)."""
    found = _LATIN_WORD.match(normalized, pos + len(normalized[pos:]) - len(normalized[pos:].lstrip()))
    if found is None or len(found.group()) < 2 or normalized[: found.start()].endswith("["):
        return False
    latin = found.group().casefold()
    codes = _latin_codes()
    return latin not in codes and not (latin.endswith("s") and latin[:-1] in codes)


def _expected_words(names: Iterable[str]) -> list[str]:
    """What the grammar expects, shortened to a dozen (the rest counted)."""
    return _shortened(_all_expected(names)[0])


def _shortened(unique: list[str]) -> list[str]:
    if len(unique) > 12:
        return unique[:12] + [tr("… ({n} more)", n=len(unique) - 12)]
    return unique


def _all_expected(names: Iterable[str]) -> tuple[list[str], list[str]]:
    """(everything the grammar expects, shortest first; the literal words of the language among them)."""
    terminals = {t.name: t for t in _lark().terminals}
    words: list[str] = []
    described: list[str] = []
    for name in sorted(names):
        if name in _DESCRIBED:
            described.append(tr(_DESCRIBED[name], quotes="「」") if name == "NAME" else tr(_DESCRIBED[name]))
            continue
        terminal = terminals.get(name)
        if terminal is None:
            continue
        if name in V.TERMINALS:
            words.extend(zh for zh, _ in V.TERMINALS[name].values())
        else:
            words.append(terminal.pattern.value)
    unique = sorted(set(words) | set(described), key=lambda w: (len(w), w))
    return unique, sorted(set(words), key=lambda w: (len(w), w))


SUGGEST_MAX = 3  # suggestions at most


def _distance(a: str, b: str) -> int:
    """The Levenshtein distance of ``a`` and ``b`` (insertions, deletions, substitutions; one character each)."""
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


def suggest(rest: str, words: Iterable[str]) -> list[str]:
    """The words of ``words`` that the start of ``rest`` (the text from an error on) is a typo of, the closest
    first (at most :data:`SUGGEST_MAX`).

    A word of two characters (most of the language: 造成, 获得, 总部) is suggested when the text there differs
    from it in one character (照成 for 造成), a longer one when it is within one edit (two from six
    characters on), the text there read as long as the word, or one character longer or shorter. One
    character words (。, ：) are never suggested: every character is one edit away from them.
    """
    rest = rest.lstrip()
    found: list[tuple[int, int, str]] = []
    for word in words:
        size = len(word)
        if size < 2 or any(c.isspace() for c in word):
            continue
        limit = 1 if size < 6 else 2
        spans = (size,) if size == 2 else (size - 1, size, size + 1)
        best = min(_distance(rest[:n], word) for n in spans)
        if 0 < best <= limit and rest[:1] not in "。，：；":
            found.append((best, abs(len(rest.split(None, 1)[0] if rest.strip() else "") - size), word))
    found.sort()
    return [word for _, _, word in found[:SUGGEST_MAX]]


# Near misses: wordings that are not the language but read like a word of it, each with the word (a pattern, a
# replacement as re.Match.expand takes it, and the game whose word it is; None: any game's). At an error inside such
# a wording, its word is suggested ("did you mean …?") when the text with it gets past the place of the error; a
# typo of a word (照成 for 造成) is found by :func:`suggest` without a line here.
NEAR_MISSES: list[tuple[re.Pattern[str], str, str | None]] = [
    (re.compile(r"当你的回合(开始|结束)时"), r"你的回合\1时", "netrunner"),  # a netrunner timing has no 当 before 你的
    (re.compile(r"在你的回合(开始|结束)时"), r"你的回合\1时", "netrunner"),
    (re.compile(r"([0-9]+) ?(?:个|点)?信用点"), r"\1[credit]", "netrunner"),  # credits are a number and [credit]
    (re.compile(r"(?<![0-9])\[credit\]"), "1[credit]", "netrunner"),  # the number before the symbol
    (re.compile(r"敌人"), "敌方单位", "tactics"),  # the units of the language (己方/敌方单位, 特工, 随从)
    (re.compile(r"友方"), "己方", "tactics"),
]


def _gets_past(text: str, end: int) -> bool:
    """Whether the grammar reads ``text`` (normalized) up to ``end`` at least: it parses, or its error is later."""
    try:
        _lark().parse(text)
    except UnexpectedInput as exc:
        at = exc.pos_in_stream
        return at is None or at >= end
    except _SemanticError:
        return True  # (the grammar took it; what it says is checked after)
    except Exception:  # noqa: BLE001 - a suggestion is a nicety: anything else makes none
        return False
    return True


def near_misses(normalized: str, pos: int) -> list[tuple[str, str | None]]:
    """The words :data:`NEAR_MISSES` suggests for an error at ``pos`` of ``normalized``: of each wording there (the
    error at it or inside it), its word, with the game it is of, when the text with the word gets past it."""
    found: list[tuple[str, str | None]] = []
    for pattern, replacement, game in NEAR_MISSES:
        for match in pattern.finditer(normalized):
            if not match.start() <= pos < match.end():
                continue
            word = match.expand(replacement)
            fixed = normalized[: match.start()] + word + normalized[match.end() :]
            if word not in (w for w, _ in found) and _gets_past(fixed, match.start() + len(word)):
                found.append((word, game))
    return found


@functools.cache
def _hint_examples() -> dict[str, list[str]]:
    return {label: [normalize(t)[0] for t in texts] for label, texts in HINTS.items()}


_SIDED_OBSTACLES = ("敌方障碍", "己方障碍")


def _sided_obstacle(normalized: str, pos: int) -> str | None:
    """The word at ``pos`` (spaces before it passed over) if it is an obstacle said to be friendly or enemy."""
    rest = normalized[pos : pos + 8].lstrip(" \t")
    for word in _SIDED_OBSTACLES:
        if rest.startswith(word):
            return word
    return None


def _syntax_error(exc: UnexpectedInput, text: str, normalized: str, origin: list[int]) -> AbilitySyntaxError:
    pos = exc.pos_in_stream if exc.pos_in_stream is not None else len(normalized)
    words: list[str] = []
    ended = False
    terminals: Iterable[str] = ()
    if isinstance(exc, UnexpectedEOF):
        pos = len(normalized.rstrip())
        reason = tr("the text ends too early")
        terminals = exc.expected
        ended = True
    elif isinstance(exc, UnexpectedToken):
        if exc.token.type == "$END":
            pos = len(normalized.rstrip())
            reason = tr("the text ends too early")
            ended = True
        else:
            reason = tr("unexpected {token}", token=repr(exc.token.value))
        terminals = exc.expected
    elif isinstance(exc, UnexpectedCharacters):
        word = re.match(r"\S{1,6}", normalized[pos:])
        reason = tr("unexpected {token}", token=repr(word.group() if word else normalized[pos : pos + 1]))
        terminals = exc.allowed or ()
    else:  # pragma: no cover - every UnexpectedInput is one of the three
        reason = str(exc)
    terminals = frozenset(terminals)
    everything, words = _all_expected(terminals)
    expected = _shortened(everything)
    rest = None if ended else normalized[pos:]
    near = [] if ended else near_misses(normalized, pos)
    suggestions = [word for word, _ in near]
    suggestions += [w for w in (suggest(rest, words) if rest is not None else []) if w not in suggestions]
    suggestions = suggestions[:SUGGEST_MAX]
    hint = None
    sided = None if ended else _sided_obstacle(normalized, pos)
    if sided is not None:  # 目标敌方障碍: not a word of the language, and no hint of the states sees why
        reason = tr("unexpected {token}", token=repr(sided))
        expected, suggestions, rest, near = [], [], None, []
        noun = "目标障碍" if normalized[:pos].rstrip().endswith("目标") else "障碍"
        hint = tr("an obstacle is neutral, neither friendly nor enemy ({rule}): write {noun}", rule="§5.2", noun=noun)
    english = not ended and sided is None and _is_english(normalized, pos)
    try:
        if english:  # (the hints of the states are of mistakes in Chinese)
            hint = _english_hint(text, None)
        label = None if hint else exc.match_examples(_lark().parse, _hint_examples(), use_accepts=False)
        hint = _hint(label) if label is not None else hint
    except Exception:  # noqa: BLE001 - a hint is a nicety; never let it hide the real error
        hint = None
    return AbilitySyntaxError(
        reason,
        text,
        origin[min(pos, len(origin) - 1)],
        expected=expected,
        hint=hint,
        suggestions=suggestions,
        alternatives=everything,
        terminals=terminals,
        rest=rest,
        near=near,
        english=english,
    )


# ---------------------------------------------------------------- the grammar lint


def _terminal_words(pattern: Any) -> list[str] | None:
    """The literal words of a string terminal or of an alternation of literals; None for real regexps."""
    if type(pattern).__name__ == "PatternStr":
        return [pattern.value]
    match = re.fullmatch(r"\(\?:(.*)\)", pattern.value)
    body = match.group(1) if match else pattern.value
    words = body.split("|")
    if all(re.fullmatch(r"[^\\()\[\]?*+.{}^$]+", w) for w in words):
        return words
    return None


def prefix_conflicts(lark: Lark | None = None) -> list[str]:
    """Keyword pairs the contextual lexer could split wrongly (the 你 / 你可以 pitfall).

    For every parser state, and every two words A and AB (A a proper prefix of AB)
    that the state accepts: the lexer always takes the longer AB, which is wrong if
    some parse wants A followed by text starting with B. That is possible when a
    state reached by shifting A accepts a word or pattern that matches the start of
    B. Returns one line per such pair (empty: the grammar is safe). ``lark``
    defaults to the ability parser; any LALR Lark parser can be checked.
    """
    lark = lark or _lark()
    table = lark.parser.parser.parser.parse_table
    terminals = {t.name: t for t in lark.terminals}
    words = {name: _terminal_words(t.pattern) for name, t in terminals.items()}
    after: dict[str, set[str]] = {}
    for actions in table.states.values():
        for name, (action, target) in actions.items():
            if action.name == "Shift" and name in terminals:
                after.setdefault(name, set()).update(table.states[target].keys())
    problems: list[str] = []
    for state, actions in table.states.items():
        accepted = [n for n in actions if n in terminals]
        for short in accepted:
            for short_word in words.get(short) or ():
                for long in accepted:
                    for long_word in words.get(long) or ():
                        if long_word == short_word or not long_word.startswith(short_word):
                            continue
                        rest = long_word[len(short_word) :]
                        for follower in after.get(short, ()):
                            if follower in terminals and _can_start(terminals[follower], words[follower], rest):
                                problems.append(
                                    f"state {state}: {short_word!r} ({short}) is a prefix of {long_word!r} ({long}),"
                                    f" and {short_word!r} may be followed by {follower}"
                                )
    return sorted(set(problems))


def _can_start(terminal: Any, words: list[str] | None, rest: str) -> bool:
    if words is not None:
        return any(rest.startswith(w) or w.startswith(rest) for w in words)
    return re.match(terminal.pattern.to_regexp(), rest) is not None
