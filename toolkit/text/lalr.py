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
  text after a token is taken by the token's own match (``…(?:[ \\t]+)*``) rather
  than by a round of the loop of its own;
- a token of a keyword (a terminal of fixed text: ``"抽"``, ``"。"``, ``SELF_UNIT``)
  is not made at all: its start offset stands for it on the stack, and a reducer
  that passes it on makes the :class:`lark.Token` (a specialized reducer reads
  the offset: the token's span is that offset and the keyword's length);
- actions are small integers in one dict per state (shift: the next state,
  reduce: ``~rule``), and each rule has its dict of gotos; the action of the
  state that lexed a token is read with the token's terminal, from the lexer's
  table;
- each rule reduces through a precomputed child plan that does what Lark's
  tree builder does (keep the tokens, put ``None`` for a missing ``[optional]``,
  splice the children of ``_inlined`` helper rules such as ``__body_plus_3``)
  and then calls the transformer's method of the same name: the transformer
  Lark was built with, so both paths build the same values. A helper list that
  grows by one is appended to, one spliced whole is passed as it is (the driver
  made it, nothing else holds it), and a rule of one child reduces in place.

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
    offsets (:func:`make_token` makes the token). :meth:`parse` returns what
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
        self._actions: list[dict[str, int]] = [{} for _ in range(count)]
        origins = {str(rule.origin.name) for rule in rules}
        gotos: dict[str, dict[int, int]] = {}
        for state, actions in table.states.items():
            out = self._actions[state]
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
        self._reducers: list[tuple[int, dict[int, int], Reducer]] = [
            (
                -2 * len(rule.expansion) if rule.expansion else _NO_CHILDREN,
                gotos.get(str(rule.origin.name), {}),
                self._reducer(rule, transformer, options, specialize, keywords, helpers),
            )
            for rule in rules
        ]

        # the lexer of each state: Lark's own terminal order for that state, as one alternation
        flags = lexer_conf.g_regex_flags
        skip = _ignored_run([terminals[name] for name in ignore], list(terminals.values()), flags)
        # ignored text before the first token (when the tokens take the ignored text after them)
        self._skip: tuple[Any, frozenset[str]] | None = None
        if skip is not None:
            self._skip = (re.compile(skip[0], flags).match, skip[1])
        # (its match, and per group number: the terminal, its fixed text, is it a keyword, the state's action on
        # it); the action on a terminal that the state has none for (Lark's lexer makes none such) is a shift
        # to a state with no actions and a lexer that never matches (the parse stops at the next token)
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
                None if what is None else (*what, actions.get(what[0], count) if what[0] is not None else None)
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
        table = self._actions
        reducers = self._reducers
        new_str = _new_str
        token_class = Token
        state = self._start
        # one stack, states and values interleaved: [state0, value1, state1, …, value_n, state_n], so that
        # a reduction takes its children with one slice and drops them with one del
        stack: list[Any] = [state]
        push = stack.append
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
            kind, fixed, keyword, action = terminals[index]
            if keyword:  # a keyword: its offset stands for its token
                value: Any = pos
            else:
                if kind is None:  # an %ignore terminal (where the tokens do not take the ignored text)
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
            while action < 0:  # reduce, until the token is shifted
                at, goto, reduce = reducers[~action]
                if at == -2:  # one child: its value and state are replaced where they are
                    stack[-2] = reduce([stack[-2]])
                    stack[-1] = state = goto[stack[-3]]
                else:
                    children = stack[at::2]
                    del stack[at:]
                    state = goto[stack[-1]]
                    push(reduce(children))
                    push(state)
                try:
                    action = table[state][kind]
                except KeyError:
                    raise Unsupported(pos) from None
            push(value)
            push(action)
            state = action
            pos = found.end()
        # the end of the text: reduce until the start rule is complete (the reduction is written out again
        # rather than shared with the loop above through a function: it runs for every rule of every text)
        end_state = self._end
        while True:
            action = table[state].get(_END)
            if action is None or action >= 0:  # nothing to do at the end, or a shift of it (Lark asserts)
                raise Unsupported(pos)
            at, goto, reduce = reducers[~action]
            if at == -2:
                result = reduce([stack[-2]])
                state = goto[stack[-3]]
            else:
                children = stack[at::2]
                del stack[at:]
                state = goto[stack[-1]]
                result = reduce(children)
            if state == end_state:
                return result
            if at == -2:
                stack[-2] = result
                stack[-1] = state
            else:
                push(result)
                push(state)


def _append_to_first(children: list[Any]) -> list[Any]:
    kept: list[Any] = children[0]
    kept.append(children[1])
    return kept


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
    ordered = sorted(ignored, key=_lark_order)
    return "(?:" + "|".join(t.pattern.to_regexp() for t in ordered) + ")*", frozenset(starts)


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
