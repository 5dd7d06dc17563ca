"""A small LALR(1) driver that runs the parse table Lark computed, for the texts that parse.

Lark stays the single source of the language: it reads ``ability.lark``, computes
the LALR states and their actions, orders the terminals of each state's
contextual lexer, and it alone reports errors. :class:`TableParser` takes those
tables from a built :class:`lark.Lark` and runs them with less machinery per
token:

- the lexer of each parser state is one compiled alternation of the terminals
  that Lark's contextual lexer tries in that state, in Lark's order (priority,
  then longest possible match, then longest pattern, then name), so the first
  alternative that matches is the token Lark would make; the grammar's
  ``%ignore`` terminals are skipped where Lark skips them;
- actions are small integers in one dict per state (shift: the next state,
  reduce: ``~rule``), gotos live in the same dict under the rule's name;
- each rule reduces through a precomputed child plan that does what Lark's
  tree builder does (keep the tokens, put ``None`` for a missing ``[optional]``,
  splice the children of ``_inlined`` helper rules such as ``__body_plus_3``)
  and then calls the transformer's method of the same name: the transformer
  Lark was built with, so both paths build the same values.

The driver only knows the way forward. At the first thing it does not expect (a
character no terminal of the state matches, a token the state has no action for,
a shift on the end of the text) it raises :class:`Unsupported`, and so does
building it for a grammar or Lark option it does not model (a postlexer, lexer
callbacks, a terminal that Lark's lexer would re-type, ``v_args`` wrappers):
the caller then runs Lark itself, which gives the one true error.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from lark import Lark, Token, Transformer, Tree
from lark.lexer import PatternRE, PatternStr
from lark.visitors import Transformer_InPlace

_END = "$END"
_new_str = str.__new__


class Unsupported(Exception):  # noqa: N818 - not an error of the text: "ask Lark instead"
    """The driver cannot take this text (or this grammar) further; Lark must."""


Reducer = Callable[[list[Any]], Any]
Specializer = Callable[[Any, Callable[[list[Any]], Any]], "Reducer | None"]


class TableParser:
    """Run the LALR table of ``lark`` (built with ``parser="lalr"``, ``lexer="contextual"``) on a text.

    ``transformer`` is the object whose methods build the values of the rules (the
    one given to Lark as ``transformer=``, or None for Lark's trees).
    ``specialize(rule, method)`` may return a faster reducer for a rule whose
    children all reach its method as they are (no placeholder, no splice): one
    that returns what ``method(children)`` would. :meth:`parse` returns what
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
        # per rule: where its children start on the stack (-2 per child), the rule's name, its reducer
        self._reducers: list[tuple[int, str, Reducer]] = [
            (-2 * len(rule.expansion), str(rule.origin.name), self._reducer(rule, transformer, options, specialize))
            for rule in rules
        ]

        count = max(table.states) + 1
        if sorted(table.states) != list(range(count)):
            raise Unsupported("states are not numbered 0..n-1")
        self._actions: list[dict[str, int]] = [{} for _ in range(count)]
        for state, actions in table.states.items():
            out = self._actions[state]
            for name, (action, arg) in actions.items():
                if action.name == "Shift":
                    out[str(name)] = arg
                else:
                    out[str(name)] = ~rule_index[arg]
        self._start = table.start_states[options.start[0]]
        self._end = table.end_states[options.start[0]]

        # the lexer of each state: Lark's own terminal order for that state, as one alternation
        lexers = frontend.lexer.lexers
        ignore = {str(name) for name in lexer_conf.ignore}
        by_terminals: dict[tuple[str, ...], tuple[Any, tuple[str | None, ...]]] = {}
        self._lexers: list[tuple[Any, tuple[str | None, ...]]] = []
        for state in range(count):
            terminals = list(lexers[state].terminals)
            key = tuple(t.name for t in terminals)
            if key not in by_terminals:
                by_terminals[key] = _alternation(terminals, lexer_conf.g_regex_flags, ignore)
            self._lexers.append(by_terminals[key])

    def _reducer(self, rule: Any, transformer: Any, options: Any, specialize: Specializer | None) -> Reducer:
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
            build = _helper_children  # spliced into its parent: keep the list itself
        else:
            build = _tree_builder(self._tree, name)  # Lark's default: a tree
        if rule.options.expand1 and not rule.alias:
            build = _single_child_or(build)
        plan, trailing = child_plan(rule, options.maybe_placeholders)
        if trailing == 0 and plan == [(i, False, 0) for i in range(len(rule.expansion))]:  # every child as it is
            if method is not None and build is method and specialize is not None:
                return specialize(rule, method) or build
            return build

        def reduce(children: list[Any]) -> Any:
            kept: list[Any] = []
            for index, expand, nones in plan:
                if nones:
                    kept += [None] * nones
                if expand:
                    kept += children[index]
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
        pos = 0
        length = len(text)
        while pos < length:
            match, kinds = lexers[state]
            found = match(text, pos)
            if found is None:
                raise Unsupported(pos)
            kind = kinds[found.lastindex]
            stop = found.end()
            if kind is None:  # an %ignore terminal
                pos = stop
                continue
            actions = table[state]
            while True:
                action = actions.get(kind)
                if action is None:
                    raise Unsupported(pos)
                if action >= 0:  # shift
                    value = text[pos:stop]
                    token = new_str(token_class, value)
                    token.type = kind
                    token.value = value
                    token.start_pos = pos
                    token.end_pos = stop
                    stack += (token, action)
                    state = action
                    pos = stop
                    break
                at, origin, reduce = reducers[~action]
                if at:
                    children = stack[at::2]
                    del stack[at:]
                else:
                    children = []
                result = reduce(children)
                state = table[stack[-1]][origin]
                stack += (result, state)
                actions = table[state]
        # the end of the text: reduce until the start rule is complete (the reduction is written out again
        # rather than shared with the loop above through a function: it runs for every rule of every text)
        end_state = self._end
        while True:
            action = table[state].get(_END)
            if action is None or action >= 0:  # nothing to do at the end, or a shift of it (Lark asserts)
                raise Unsupported(pos)
            at, origin, reduce = reducers[~action]
            if at:
                children = stack[at::2]
                del stack[at:]
            else:
                children = []
            result = reduce(children)
            state = table[stack[-1]][origin]
            if state == end_state:
                return result
            stack += (result, state)


def _helper_children(children: list[Any]) -> list[Any]:
    return children


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


def _alternation(terminals: Sequence[Any], flags: int, ignore: set[str]) -> tuple[Any, tuple[str | None, ...]]:
    """One compiled regex trying ``terminals`` in order (its ``match``), and the terminal name of each group
    number (None for an ``%ignore`` terminal). A state the driver cannot lex gets a regex that never matches."""
    never = (re.compile("(?!)").match, ())
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
    kinds: list[str | None] = [None]  # group 0 is the whole match
    parts: list[str] = []
    for terminal in terminals:
        regexp = terminal.pattern.to_regexp()
        inner = re.compile(regexp, flags).groups
        name = None if terminal.name in ignore else str(terminal.name)
        parts.append(f"({regexp})")
        kinds.extend([name] * (1 + inner))  # the inner groups are never the last index: the outer one closes last
    if not parts:
        return never
    return re.compile("|".join(parts), flags).match, tuple(kinds)
