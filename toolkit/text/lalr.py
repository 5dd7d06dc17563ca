"""A small LALR(1) driver that runs the parse table Lark computed, for the texts that parse.

Lark stays the single source of the language: it reads ``ability.lark``, computes
the LALR states and their actions, orders the terminals of each state's
contextual lexer, and it alone reports errors. :class:`TableParser` takes those
tables from a built :class:`lark.Lark` and runs them with less machinery per
token:

- the lexer of each parser state is one compiled alternation of the terminals
  that Lark's contextual lexer tries in that state, in Lark's order (priority,
  then longest possible match, then longest pattern, then name), so the first
  alternative that matches is the token Lark would make. Each alternative ends
  with an empty marker group (``张牌()``), so the regex engine rejects an
  alternative on its first character and the marker's number (``lastindex``)
  names the terminal; a terminal that is an alternation of words (``(?:单位|特工)``)
  is one alternative per word, in its order. Where the grammar's ``%ignore``
  terminals cannot start where any other terminal can (spaces), the ignored
  text after a token is taken by the token's own match (``…[\\t ]*+``, one
  class when each is a run of characters, as ``/[ \\t]+/``) rather than by a
  round of the loop of its own;
- a token of a keyword (a terminal of fixed text: ``"抽"``, ``"。"``, ``SELF_UNIT``)
  is not made at all: its start offset stands for it on the stack, and a reducer
  that passes it on makes the :class:`lark.Token` (a specialized reducer reads
  the offset: the token's span is that offset and the keyword's length);
- actions are small integers (shift: the next state, reduce: ``~reduction``),
  read with the token's terminal from the table of the lexer of the state that
  lexed it. A reduction is a rule's under one lookahead terminal: its goto, on
  the state below the children, gives the next state, the action there on the
  same terminal and the reducer, so no action is looked up after a reduction;
  and the rules of one child that reduce at once after it on that terminal
  (``seq: clause``, ``body: __body_plus_3``, ``start: ability``) reduce in the
  same step, their reducers chained (see :func:`_chained`);
- each rule reduces through a precomputed child plan that does what Lark's
  tree builder does (keep the tokens, put ``None`` for a missing ``[optional]``,
  splice the children of ``_inlined`` helper rules such as ``__body_plus_3``)
  and then calls the transformer's method of the same name: the transformer
  Lark was built with, so both paths build the same values. A helper list that
  grows by one is appended to, one spliced whole is passed as it is (the driver
  made it, nothing else holds it), and a rule of one child reduces in place.
  A reducer may say what it makes and keeps (attributes, see :func:`_chained`),
  so that a chain leaves out a step that returns its child as it is and makes a
  list or tuple of one value at once.

The driver only knows the way forward. At the first thing it does not expect (a
character no terminal of the state matches, a token the state has no action for,
a shift on the end of the text) it raises :class:`Unsupported`, and so does
building it for a grammar or Lark option it does not model (a postlexer, lexer
callbacks, a terminal that Lark's lexer would re-type, ``v_args`` wrappers):
the caller then runs Lark itself, which gives the one true error.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Sequence
from re import _constants as sre_constants
from re import _parser as sre_parse
from typing import Any

from lark import Lark, Token, Transformer, Tree
from lark.lexer import PatternRE, PatternStr
from lark.visitors import Transformer_InPlace

_END = "$END"
_NO_CHILDREN = sys.maxsize  # where the children of an empty rule start on the stack: stack[maxsize::2] is []
_new_str = str.__new__
_NEVER = (re.compile("(?!)").match, ())  # the lexer of a state the driver cannot lex


class Unsupported(Exception):  # noqa: N818 - not an error of the text: "ask Lark instead"
    """The driver cannot take this text (or this grammar) further; Lark must."""


Reducer = Callable[[list[Any]], Any]
# specialize(rule, method, keywords) -> a reducer or None; keywords[i] is the text of the rule's i-th child when
# that child reaches the reducer as its start offset (a keyword, see make_token), else None
Specializer = Callable[[Any, Callable[[list[Any]], Any], tuple["str | None", ...]], "Reducer | None"]


def make_token(kind: str, value: str, start: int) -> Token:
    """The token Lark's lexer makes for ``value`` of terminal ``kind`` at offset ``start`` (the positions that
    the driver keeps: no line or column)."""
    token = _new_str(Token, value)
    token.type = kind
    token.value = value
    token.start_pos = start
    token.end_pos = start + len(value)
    return token


class TableParser:
    """Run the LALR table of ``lark`` (built with ``parser="lalr"``, ``lexer="contextual"``) on a text.

    ``transformer`` is the object whose methods build the values of the rules (the
    one given to Lark as ``transformer=``, or None for Lark's trees).
    ``specialize(rule, method, keywords)`` may return a faster reducer for a rule
    whose children all reach its method as they are (no placeholder, no splice):
    one that returns what ``method(children)`` would, where ``children`` has the
    keyword tokens (``keywords[i]`` not None: the keyword's text) as their start
    offsets (:func:`make_token` makes the token); such a reducer may also say
    what it makes and keeps, for the chains of rules of one child (attributes,
    see :func:`_chained`). :meth:`parse` returns what
    Lark's ``parse`` would return for a text that parses; it raises
    :class:`Unsupported` where Lark would raise (or could behave in a way this
    driver does not model). Building it raises :class:`Unsupported` for a Lark
    set-up it does not model.
    """

    def __init__(self, lark: Lark, transformer: Any, specialize: Specializer | None = None) -> None:
        options = lark.options
        if options.parser != "lalr" or options.lexer != "contextual":
            raise Unsupported("only the LALR parser with the contextual lexer")
        if options.postlex is not None or options.lexer_callbacks:
            raise Unsupported("postlexers and lexer callbacks are not modelled")
        if options.propagate_positions:
            raise Unsupported("position propagation is not modelled")
        frontend = lark.parser
        lexer_conf = frontend.lexer_conf
        if lexer_conf.re_module is not re or lexer_conf.use_bytes:
            raise Unsupported("only the re module on str")
        table = frontend.parser.parser.parse_table
        callbacks = frontend.parser.parser.callbacks
        if any(not hasattr(key, "expansion") for key in callbacks):  # terminal callbacks
            raise Unsupported("terminal callbacks are not modelled")
        default = getattr(type(transformer), "__default__", None)
        if isinstance(transformer, Transformer_InPlace) or default not in (None, Transformer.__default__):
            raise Unsupported("only a transformer's plain methods and Lark's own __default__ are modelled")
        # the value of a rule the transformer has no method for: Lark's default makes a tree
        self._tree = Tree if default is not None else options.tree_class or Tree

        rules = list(callbacks)
        rule_index = {rule: i for i, rule in enumerate(rules)}
        count = max(table.states) + 1
        if sorted(table.states) != list(range(count)):
            raise Unsupported("states are not numbered 0..n-1")
        # Lark's actions: a shift as the next state, a reduction as ~rule
        raw: list[dict[str, int]] = [{} for _ in range(count)]
        origins = {str(rule.origin.name) for rule in rules}
        gotos: dict[str, dict[int, int]] = {}
        for state, actions in table.states.items():
            out = raw[state]
            for name, (action, arg) in actions.items():
                if action.name != "Shift":
                    out[str(name)] = ~rule_index[arg]
                elif str(name) in origins:  # the goto on a rule
                    gotos.setdefault(str(name), {})[state] = arg
                else:
                    out[str(name)] = arg
        self._start = table.start_states[options.start[0]]
        self._end = table.end_states[options.start[0]]

        # keywords: the terminals of fixed text; the driver keeps their start offsets, and the reducers make
        # the tokens they pass on
        terminals = {str(t.name): t for t in lark.terminals}
        ignore = [str(name) for name in lexer_conf.ignore]
        keywords = {
            name: t.pattern.value
            for name, t in terminals.items()
            if isinstance(t.pattern, PatternStr) and not t.pattern.flags and name not in ignore
        }
        helpers = _plain_helpers(rules)
        # per rule: where its children start on the stack (-2 per child), its gotos, its reducer
        per_rule: list[tuple[int, dict[int, int], Reducer]] = [
            (
                -2 * len(rule.expansion) if rule.expansion else _NO_CHILDREN,
                gotos.get(str(rule.origin.name), {}),
                self._reducer(rule, transformer, options, specialize, keywords, helpers),
            )
            for rule in rules
        ]
        self._actions, self._reductions = _reductions(raw, per_rule, self._end, count)

        # the lexer of each state: Lark's own terminal order for that state, as one alternation
        flags = lexer_conf.g_regex_flags
        skip = _ignored_run([terminals[name] for name in ignore], list(terminals.values()), flags)
        # ignored text before the first token (when the tokens take the ignored text after them)
        self._skip: tuple[Any, frozenset[str]] | None = None
        if skip is not None:
            self._skip = (re.compile(skip[0], flags).match, skip[1])
        # (its match, and per group number: the state's action on the terminal, the terminal (None for a
        # keyword, "" for an %ignore terminal), the token's text when fixed); the action on a terminal that the
        # state has none for (Lark's lexer makes none such) is a shift to a state with no actions and a lexer
        # that never matches (the parse stops at the next token)
        lexers = frontend.lexer.lexers
        pieces: dict[str, list[tuple[str, str | None, int]]] = {}  # per terminal, for all the lexers
        by_terminals: dict[tuple[str, ...], tuple[Any, tuple[Any, ...]]] = {}
        self._lexers: list[tuple[Any, tuple[Any, ...]]] = []
        for state in range(count):
            ordered = list(lexers[state].terminals)
            key = tuple(t.name for t in ordered)
            if key not in by_terminals:
                by_terminals[key] = _alternation(ordered, flags, set(ignore), keywords, skip, pieces)
            match, made = by_terminals[key]
            actions = self._actions[state]
            with_actions = tuple(
                None
                if what is None
                else (None, "", None)
                if what[0] is None
                else (actions.get(what[0], count), None if what[2] else what[0], what[1])
                for what in made
            )
            self._lexers.append((match, with_actions))
        self._lexers.append(_NEVER)
        self._actions.append({})

    def _reducer(
        self,
        rule: Any,
        transformer: Any,
        options: Any,
        specialize: Specializer | None,
        keywords: dict[str, str],
        helpers: set[str],
    ) -> Reducer:
        name = rule.alias or rule.options.template_source or rule.origin.name
        method = getattr(transformer, name, None)
        if method is not None and (
            getattr(method, "visit_wrapper", None) is not None or rule.origin.name.startswith("_")
        ):
            raise Unsupported(f"the callback of {name} is not a plain method")
        build: Reducer
        if method is not None:
            build = method
        elif rule.origin.name.startswith("_"):
            build = list  # spliced into its parent: keep the list itself (or a copy: the driver made it)
        else:
            build = _tree_builder(self._tree, name)  # Lark's default: a tree
        if rule.options.expand1 and not rule.alias:
            build = _single_child_or(build)
        # the keywords among the children: (index, terminal, text)
        spots = [
            (index, str(symbol.name), keywords[str(symbol.name)])
            for index, symbol in enumerate(rule.expansion)
            if symbol.is_term and str(symbol.name) in keywords
        ]
        plan, trailing = child_plan(rule, options.maybe_placeholders)
        if trailing == 0 and plan == [(i, False, 0) for i in range(len(rule.expansion))]:  # every child as it is
            if method is not None and build is method and specialize is not None:
                texts = tuple(keywords.get(str(s.name)) if s.is_term else None for s in rule.expansion)
                special = specialize(rule, method, texts)
                if special is not None:
                    return special
            return _with_tokens(build, spots) if spots else build
        if (
            not spots
            and trailing == 0
            and build is list
            and plan == [(0, True, 0), (1, False, 0)]
            and str(rule.expansion[0].name) == str(rule.origin.name)
            and str(rule.origin.name) in helpers
        ):
            # a helper list growing by one (__body_plus_3: __body_plus_3 sentence): the list of the first child
            # is the helper's own (made by this driver, on the stack only): append to it
            return _append_to_first
        if not spots and trailing == 0 and plan == [(0, True, 0)] and str(rule.expansion[0].name) in helpers:
            # one helper list, spliced whole (body: __body_plus_3): that list is the children
            first = build

            def splice_one(children: list[Any]) -> Any:
                return first(children[0])

            splice_one.of_one = first  # type: ignore[attr-defined]  # see _chained
            return splice_one
        words = {index: (kind, text) for index, kind, text in spots}

        def reduce(children: list[Any]) -> Any:
            kept: list[Any] = []
            for index, expand, nones in plan:
                if nones:
                    kept += [None] * nones
                if expand:
                    kept += children[index]
                elif index in words:
                    kind, text = words[index]
                    kept.append(make_token(kind, text, children[index]))
                else:
                    kept.append(children[index])
            if trailing:
                kept += [None] * trailing
            return build(kept)

        return reduce

    def parse(self, text: str) -> Any:
        """The value of the start rule for ``text``; :class:`Unsupported` at anything unexpected."""
        lexers = self._lexers
        reductions = self._reductions
        new_str = _new_str
        token_class = Token
        state = self._start
        # one stack, states and values interleaved: [state0, value1, state1, …, value_n, state_n], so that
        # a reduction takes its children with one slice and drops them with one del
        stack: list[Any] = [state]
        pos = 0
        length = len(text)
        skip = self._skip
        if skip is not None and length and text[0] in skip[1]:  # ignored text before the first token
            pos = skip[0](text).end()
        while pos < length:
            match, terminals = lexers[state]
            found = match(text, pos)
            try:
                index = found.lastindex
            except AttributeError:  # no match: None
                raise Unsupported(pos) from None
            action, kind, fixed = terminals[index]
            if kind is None:  # a keyword: its offset stands for its token
                value: Any = pos
            else:
                if not kind:  # an %ignore terminal (where the tokens do not take the ignored text)
                    pos = found.end()
                    continue
                if fixed is None:
                    stop = found.start(index)  # the marker group closes the token
                    fixed = text[pos:stop]
                else:
                    stop = pos + len(fixed)
                value = new_str(token_class, fixed)
                value.type = kind
                value.value = fixed
                value.start_pos = pos
                value.end_pos = stop
            while action < 0:  # reduce, until the token is shifted (see _reductions: the goto on the state
                # below the children gives the next state, the action there on this token, and the reducer)
                at, goto = reductions[action]
                if at == -2:  # one child: its value and state are replaced where they are
                    state, action, reduce = goto[stack[-3]]
                    stack[-2] = reduce([stack[-2]])
                    stack[-1] = state
                else:
                    children = stack[at::2]
                    del stack[at:]
                    state, action, reduce = goto[stack[-1]]
                    stack.append(reduce(children))
                    stack.append(state)
            stack.append(value)
            stack.append(action)
            state = action
            pos = found.end()
        # the end of the text: reduce until the start rule is complete (the reduction is written out again
        # rather than shared with the loop above through a function: it runs for every rule of every text)
        end_state = self._end
        action = self._actions[state].get(_END)
        while True:
            if action is None or action >= 0:  # nothing to do at the end, or a shift of it (Lark asserts)
                raise Unsupported(pos)
            at, goto = reductions[action]
            if at == -2:
                state, action, reduce = goto[stack[-3]]
                result = reduce([stack[-2]])
                if state == end_state:
                    return result
                stack[-2] = result
                stack[-1] = state
            else:
                children = stack[at::2]
                del stack[at:]
                state, action, reduce = goto[stack[-1]]
                result = reduce(children)
                if state == end_state:
                    return result
                stack.append(result)
                stack.append(state)


def _reductions(
    raw: list[dict[str, int]], per_rule: list[tuple[int, dict[int, int], Reducer]], end: int, never: int
) -> tuple[list[dict[str, int]], list[tuple[int, dict[int, tuple[int, int, Reducer]]]]]:
    """The driver's actions and reductions, from Lark's actions (``raw``: a shift as its state, a reduction as
    ``~rule``) and ``per_rule`` (where the children start, the gotos, the reducer).

    A reduction is the rule's under one lookahead terminal: ``(at, goto)``, where ``goto`` maps the state
    below the children to (the next state, the action there on that terminal, the reducer). A reduction is
    followed at once by the rules of one child that reduce on the same terminal there (``seq: clause``, ``body:
    __body_plus_3``, ``start: ability``): the state below stays the same, so they are known from it, and the
    reducer calls theirs after the rule's own (one step of the driver instead of one per rule). An action of
    the driver is a shift as its state, a reduction as ``~index`` of the reduction (a negative number: the
    list is returned backwards, so that the action is its index, from the end); no action is a shift to
    ``never``, a state with no actions (at the end state, where Lark returns, the action is never read)."""
    index: dict[tuple[int, str], int] = {}
    reductions: list[tuple[int, dict[int, tuple[int, int, Reducer]]]] = []
    pending: list[tuple[int, str]] = []
    chains: dict[tuple[Reducer, ...], Reducer] = {}

    def encode(action: int | None, kind: str) -> int:
        if action is None:
            return never
        if action >= 0:
            return action
        key = (~action, kind)
        if key not in index:
            index[key] = len(reductions)
            reductions.append((per_rule[~action][0], {}))
            pending.append(key)
        return ~index[key]

    actions = [{kind: encode(action, kind) for kind, action in row.items()} for row in raw]
    while pending:
        rule, kind = pending.pop()
        at, gotos, reducer = per_rule[rule]
        goto = reductions[index[rule, kind]][1]
        for below, state in gotos.items():
            steps = [reducer]
            action: int | None = None
            while state != end:
                action = raw[state].get(kind)
                if action is None or action >= 0:
                    break
                unit_at, unit_gotos, unit_reducer = per_rule[~action]
                if unit_at != -2 or below not in unit_gotos:
                    break
                steps.append(unit_reducer)  # a rule of one child: the value just made is that child
                state, action = unit_gotos[below], None
            key = tuple(steps)
            if key not in chains:
                chains[key] = _chained(steps)
            goto[below] = (state, encode(action, kind) if state != end else never, chains[key])
    return actions, reductions[::-1]  # reduction i at index ~i (from the end): the action itself


def _chained(steps: Sequence[Reducer]) -> Reducer:
    """The reducer that calls ``steps[0]`` with the children, then each of the others with a list of the value
    before (the reductions of rules of one child that follow at once).

    A reducer may say more of itself, for these chains (attributes): ``of_one``, the same as a function of the one
    child's value (no list to make); ``keeps``, a class whose values it returns as they are (``start: ability``
    returns the ability); ``makes``, the class of every value it returns; ``lists``, a class of whose values it
    makes the list of the value (``seq: clause``). A step that keeps what the step before makes is left out, and
    a helper's list of one value that a builder turns into a tuple (``body: __body_plus_3``, ``__body_plus_3:
    sentence``) is the tuple of the value. The first step may have variants that make the next step's value at
    once: ``listed`` (the list of its value), ``tupled`` (the tuple of its value), ``as_tuple`` (the tuple of
    the list it makes)."""
    first = steps[0]
    made = getattr(first, "makes", None)
    after: list[Callable[[Any], Any]] = []
    call: Callable[[Any], Any]
    for step in steps[1:]:
        keeps = getattr(step, "keeps", None)
        if keeps is not None and made is not None and issubclass(made, keeps):
            continue
        lists = getattr(step, "lists", None)
        if step is list or (lists is not None and made is not None and issubclass(made, lists)):
            call, made = _listed, list  # a helper's list of one child (or a list of one value, as it says)
        else:
            call, made = getattr(step, "of_one", None) or _of_one(step), getattr(step, "makes", None)
        if call is tuple and after and after[-1] is _listed:
            after[-1] = _tupled
        else:
            after.append(call)
    if after and after[0] is _listed and getattr(first, "listed", None) is not None:
        first, after = first.listed, after[1:]  # type: ignore[attr-defined]
    elif after and after[0] is _tupled and getattr(first, "tupled", None) is not None:
        first, after = first.tupled, after[1:]  # type: ignore[attr-defined]
    elif after and after[0] is tuple and getattr(first, "as_tuple", None) is not None:
        first, after = first.as_tuple, after[1:]  # type: ignore[attr-defined]
    if not after:
        return first
    if len(after) == 1:
        second = after[0]

        def chained_2(children: list[Any]) -> Any:
            return second(first(children))

        return chained_2
    if len(after) == 2:
        second, third = after

        def chained_3(children: list[Any]) -> Any:
            return third(second(first(children)))

        return chained_3

    def chained(children: list[Any]) -> Any:
        value = first(children)
        for step in after:
            value = step(value)
        return value

    return chained


def _of_one(reduce: Reducer) -> Callable[[Any], Any]:
    """``reduce`` as a function of the one child's value."""

    def of_one(value: Any) -> Any:
        return reduce([value])

    return of_one


def _listed(value: Any) -> list[Any]:
    return [value]


def _tupled(value: Any) -> tuple[Any, ...]:
    return (value,)


def _append_to_first(children: list[Any]) -> list[Any]:
    kept: list[Any] = children[0]
    kept.append(children[1])
    return kept


def _append_to_first_tupled(children: list[Any]) -> tuple[Any, ...]:
    """:func:`_append_to_first`, and the tuple of the list (``body: __body_plus_3`` whose builder is tuple)."""
    kept: list[Any] = children[0]
    kept.append(children[1])
    return tuple(kept)


_append_to_first.as_tuple = _append_to_first_tupled  # type: ignore[attr-defined]


def _plain_helpers(rules: Sequence[Any]) -> set[str]:
    """The ``_inlined`` rules whose value is always the list of their kept children (no ``?rule``)."""
    names = {str(rule.origin.name) for rule in rules if str(rule.origin.name).startswith("_")}
    return names - {str(rule.origin.name) for rule in rules if rule.options.expand1}


def _with_tokens(build: Reducer, spots: Sequence[tuple[int, str, str]]) -> Reducer:
    """``build`` called with the tokens of the keywords among the children (which reach it as offsets)."""

    def reduce(children: list[Any]) -> Any:
        for index, kind, text in spots:
            children[index] = make_token(kind, text, children[index])
        return build(children)

    return reduce


def _tree_builder(tree_class: Any, name: str) -> Reducer:
    def build(children: list[Any]) -> Any:
        return tree_class(name, children)

    return build


def _single_child_or(build: Reducer) -> Reducer:
    """A ``?rule``: its only child stands for it; with more children, ``build`` makes its value."""

    def reduce(children: list[Any]) -> Any:
        return children[0] if len(children) == 1 else build(children)

    return reduce


def child_plan(rule: Any, placeholders: bool) -> tuple[list[tuple[int, bool, int]], int]:
    """What Lark's tree builder passes to a rule's callback, as (child index, splice it?, Nones before it)
    per kept child, and the number of Nones after the last one.

    A child is kept unless it is a filtered-out anonymous token (all are kept with
    ``keep_all_tokens``); a child of an ``_inlined`` rule is replaced by its own
    children; with ``maybe_placeholders`` every ``[optional]`` part that the
    matched expansion left out is a ``None`` at its place (``empty_indices``).
    """
    expansion = rule.expansion
    empty: Sequence[bool] = rule.options.empty_indices if placeholders else ()
    if empty:
        flags = "".join("1" if e else "0" for e in empty)
        nones_at = [len(run) for run in flags.split("0")]
    else:
        nones_at = [0] * (len(expansion) + 1)
    if len(nones_at) != len(expansion) + 1:
        raise Unsupported(f"empty_indices of {rule} do not fit its expansion")
    plan: list[tuple[int, bool, int]] = []
    pending = 0
    for index, symbol in enumerate(expansion):
        pending += nones_at[index]
        if rule.options.keep_all_tokens or not (symbol.is_term and symbol.filter_out):
            plan.append((index, not symbol.is_term and symbol.name.startswith("_"), pending))
            pending = 0
    return plan, pending + nones_at[len(expansion)]


# ---------------------------------------------------------------- the lexers


def _first_chars(terminal: Any, flags: int) -> frozenset[str] | None:
    """The characters that a match of ``terminal`` can start with; None when that is not known for sure (an
    anchor, a category, a negated set, an optional start, case folding)."""
    if flags & (re.IGNORECASE | re.VERBOSE):
        return None
    if isinstance(terminal.pattern, PatternStr) and not terminal.pattern.flags and terminal.pattern.value:
        return frozenset(terminal.pattern.value[0])
    try:
        parsed = sre_parse.parse(terminal.pattern.to_regexp(), flags)
    except re.error:
        return None
    return _first_of(list(parsed))


def _first_of(items: list[Any]) -> frozenset[str] | None:
    if not items:
        return None
    op, arg = items[0]
    if op is sre_constants.LITERAL:
        return frozenset(chr(arg))
    if op is sre_constants.IN:
        chars: set[str] = set()
        for kind, value in arg:
            if kind is sre_constants.LITERAL:
                chars.add(chr(value))
            elif kind is sre_constants.RANGE and value[1] - value[0] < 1024:
                chars.update(chr(c) for c in range(value[0], value[1] + 1))
            else:
                return None
        return frozenset(chars)
    if op is sre_constants.BRANCH:
        union: set[str] = set()
        for branch in arg[1]:
            first = _first_of(list(branch))
            if first is None:
                return None
            union |= first
        return frozenset(union)
    if op is sre_constants.SUBPATTERN:
        _, add_flags, _, inner = arg
        if add_flags & (re.IGNORECASE | re.VERBOSE) or inner.getwidth()[0] == 0:
            return None
        return _first_of(list(inner))
    if op in (sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT, getattr(sre_constants, "POSSESSIVE_REPEAT", None)):
        low, _, inner = arg
        return _first_of(list(inner)) if low > 0 else None
    return None


def _ignored_run(ignored: Sequence[Any], terminals: Sequence[Any], flags: int) -> tuple[str, frozenset[str]] | None:
    """A regex for a run of ignored text, and the characters it starts with, when ignored text
    can be taken after each token: every ``%ignore`` terminal starts with a known character that no other
    terminal can start with, so that wherever Lark's lexer meets one of those characters, in any state, only
    the ``%ignore`` terminals can match (their order among themselves is Lark's). None otherwise."""
    if not ignored:
        return None
    starts: set[str] = set()
    for terminal in ignored:
        first = _first_chars(terminal, flags)
        if first is None or re.compile(terminal.pattern.to_regexp(), flags).groups:
            return None
        starts |= first
    names = {t.name for t in ignored}
    for terminal in terminals:
        if terminal.name in names:
            continue
        first = _first_chars(terminal, flags)
        if first is None or first & starts:
            return None
    if all(_is_char_run(terminal, flags) for terminal in ignored):
        # each is a run of its first characters ([ \t]+): a run of them is a run of all those characters, a
        # class the regex engine repeats in one step, where the repeat of an alternation of repeats goes
        # back to the engine's loop for each (a third of the time of a whole match); possessive, as nothing
        # after it could want it shorter (it ends the lexer's regex), so the engine keeps no way back
        return "[" + "".join(re.escape(ch) for ch in sorted(starts)) + "]*+", frozenset(starts)
    ordered = sorted(ignored, key=_lark_order)
    return "(?:" + "|".join(t.pattern.to_regexp() for t in ordered) + ")*", frozenset(starts)


def _is_char_run(terminal: Any, flags: int) -> bool:
    """True if ``terminal`` matches exactly the runs (one character or more) of the characters it starts with
    (``/[ \\t]+/``): one repeat, at least once and without end, of one character of a known set."""
    if flags & (re.IGNORECASE | re.VERBOSE) or not isinstance(terminal.pattern, PatternRE) or terminal.pattern.flags:
        return False
    try:
        parsed = list(sre_parse.parse(terminal.pattern.to_regexp(), flags))
    except re.error:
        return False
    if len(parsed) != 1 or parsed[0][0] is not sre_constants.MAX_REPEAT:
        return False
    low, high, inner = parsed[0][1]
    items = list(inner)
    return (
        low == 1
        and high == sre_constants.MAXREPEAT
        and len(items) == 1
        and items[0][0] in (sre_constants.LITERAL, sre_constants.IN)
        and _first_of(items) is not None
    )


def _lark_order(terminal: Any) -> tuple[int, int, int, str]:
    """Lark's order of the terminals of a lexer (lark.lexer.BasicLexer)."""
    return (-terminal.priority, -terminal.pattern.max_width, -len(terminal.pattern.value), terminal.name)


def _words(terminal: Any, flags: int) -> list[str] | None:
    """The words a terminal is an alternation of, in its order (one for a string); None for a real regexp."""
    if isinstance(terminal.pattern, PatternStr):
        return None if terminal.pattern.flags else [terminal.pattern.value]
    if terminal.pattern.flags or flags:
        return None
    try:
        parsed = list(sre_parse.parse(terminal.pattern.to_regexp(), 0))
    except re.error:
        return None
    branches = parsed[0][1][1] if len(parsed) == 1 and parsed[0][0] is sre_constants.BRANCH else [parsed]
    words = []
    for branch in branches:
        if not branch or any(op is not sre_constants.LITERAL for op, _ in branch):
            return None
        words.append("".join(chr(code) for _, code in branch))
    return words


def _alternation(
    terminals: Sequence[Any],
    flags: int,
    ignore: set[str],
    keywords: dict[str, str],
    skip: tuple[str, frozenset[str]] | None,
    pieces: dict[str, list[tuple[str, str | None, int]]],
) -> tuple[Any, tuple[Any, ...]]:
    """One compiled regex trying ``terminals`` in order (its ``match``), and per group number what its match
    makes: (terminal name or None for an ``%ignore`` terminal, the token's text when fixed, is it a keyword).
    A state the driver cannot lex gets a regex that never matches. ``pieces`` keeps each terminal's
    alternatives (regexp, fixed text, number of groups) from one lexer to the next."""
    never = _NEVER
    for regexp in terminals:
        if not isinstance(regexp.pattern, PatternRE):
            continue
        for word in terminals:
            # Lark's lexer drops a keyword that a same-priority pattern matches whole and re-types the
            # pattern's token afterwards (its "unless" callback); this driver does not model that
            if (
                isinstance(word.pattern, PatternStr)
                and word.priority == regexp.priority
                and re.fullmatch(regexp.pattern.to_regexp(), word.pattern.value, flags)
            ):
                return never
    made: list[Any] = [None]  # group 0 is the whole match
    parts: list[str] = []
    for terminal in terminals:
        name = str(terminal.name)
        if name in ignore and skip is not None:  # taken after each token instead
            continue
        if name not in pieces:
            words = None if name in ignore else _words(terminal, flags)
            if words is None:
                regexp = terminal.pattern.to_regexp()
                pieces[name] = [(regexp, None, re.compile(regexp, flags).groups)]
            else:
                pieces[name] = [(re.escape(word), word, 0) for word in words]
        for regexp, word, inner in pieces[name]:
            # the marker group closes last, so it is the match's lastindex; the inner groups are never that
            parts.append(f"{regexp}()")
            made.extend([None] * inner)
            made.append((None, None, False) if name in ignore else (name, word, name in keywords))
    if not parts:
        return never
    tail = "" if skip is None else skip[0]
    return re.compile("(?:" + "|".join(parts) + ")" + tail, flags).match, tuple(made)
