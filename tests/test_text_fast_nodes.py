"""The faster making of AST nodes and the chains of the fast driver: the same nodes, the same values.

toolkit/text/ast.py gives every node class an ``__init__`` that sets the slots
through their descriptors (the dataclass one goes through ``object.__setattr__``);
the classes must stay the frozen dataclasses they are: the same signature,
defaults, fields, equality, hashing, repr, ``dataclasses.replace``, pickling, and
no assignment. :func:`toolkit.text.ast.walk` keeps the field names per class.
toolkit/text/lalr.py chains the reductions of rules of one child (:func:`_chained`),
leaving out a step that returns its child as it is and making a list or tuple of
one value at once: the chain must give what the steps give one after the other.
"""

from __future__ import annotations

import dataclasses
import inspect
import pickle
from typing import Any

import pytest

from toolkit.text import ast as A
from toolkit.text import parse
from toolkit.text.lalr import _chained

NODE_CLASSES = [A.Node, *A.NODE_TYPES.values()]


def _value(annotation: str, index: int) -> Any:
    """A value for a field: a tuple where a tuple is asked for (hashing), else a number of its own."""
    return (index,) if "tuple" in annotation else index


@pytest.mark.parametrize("cls", NODE_CLASSES, ids=lambda cls: cls.__name__)
def test_init_is_the_dataclass_one_made_faster(cls: type[A.Node]) -> None:
    fields = dataclasses.fields(cls)
    parameters = inspect.signature(cls).parameters
    assert [p.name for p in parameters.values()] == [f.name for f in fields if not f.kw_only] + ["span"]
    for f in fields:
        parameter = parameters[f.name]
        assert parameter.default == (inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default)
        assert (parameter.kind is inspect.Parameter.KEYWORD_ONLY) == f.kw_only
    values = {f.name: _value(str(f.type), i) for i, f in enumerate(fields) if f.name != "span"}
    node = cls(**values, span=(1, 5))
    assert {name: getattr(node, name) for name in values} == values and node.span == (1, 5)
    same = cls(*values.values()) if all(not f.kw_only for f in fields if f.name != "span") else cls(**values)
    assert same == node and hash(same) == hash(node) and repr(same) == repr(node)
    assert same.span is None  # the default, and left out of comparisons
    with pytest.raises(dataclasses.FrozenInstanceError):
        node.span = None  # type: ignore[misc]
    for name in values:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(node, name, 0)
    copy = pickle.loads(pickle.dumps(node))
    assert copy == node and copy.span == (1, 5)
    assert dataclasses.replace(node, span=(2, 3)).span == (2, 3)


def test_defaults_are_those_of_the_fields() -> None:
    assert A.Target() == A.Target(None, None) and A.Target().within is None
    assert A.Ability("effect", ()).costs == () and A.Ability("effect", ()).timing is None
    assert A.Scripted("card", 1).part == 0
    with pytest.raises(TypeError):
        A.Draw()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        A.Draw(1, (0, 1))  # type: ignore[call-arg]  # the span is keyword-only


def _walk_by_fields(node: Any) -> list[Any]:
    """walk as it was written: dataclasses.fields at each node."""
    if isinstance(node, A.Node):
        found = [node]
        for f in dataclasses.fields(node):
            if f.name != "span":
                found += _walk_by_fields(getattr(node, f.name))
        return found
    if isinstance(node, tuple):
        return [n for item in node for n in _walk_by_fields(item)]
    return []


@pytest.mark.parametrize(
    "text",
    [
        "你抽 2 张牌。",
        "攻击后：如果本次攻击的目标被消灭，你抽 1 张牌，本单位回复 2 点生命值。",
        "主动 横置，-1：对距离 0-2 内的目标敌方单位造成 3 点伤害。直到回合结束，本单位移速 +1。",
    ],
)
def test_walk_visits_what_the_fields_hold(text: str) -> None:
    ability = parse(text)
    assert [id(n) for n in A.walk(ability)] == [id(n) for n in _walk_by_fields(ability)]


# ---------------------------------------------------------------- chains of the fast driver


def _step(name: str, **says: Any) -> Any:
    """A reducer of a rule of one child that wraps its child: (name, child), but a child of the class it says it
    keeps, which it returns as it is."""
    keeps = says.get("keeps")

    def reduce(children: list[Any]) -> Any:
        assert len(children) == 1
        if keeps is not None and isinstance(children[0], keeps):
            return children[0]
        return (name, children[0])

    for key, value in says.items():
        setattr(reduce, key, value)
    return reduce


def _first(children: list[Any]) -> A.Draw:
    return A.Draw(len(children))


def _one_by_one(steps: list[Any], children: list[Any]) -> Any:
    value = steps[0](children)
    for step in steps[1:]:
        value = step([value])
    return value


def _tuple_of_list(children: list[Any]) -> Any:
    return tuple(children[0])


_tuple_of_list.of_one = tuple  # type: ignore[attr-defined]


def _listed_first(children: list[Any]) -> list[Any]:
    return [_first(children)]


_first.listed = _listed_first  # type: ignore[attr-defined]
_first.makes = A.Draw  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "steps",
    [
        [_first],
        [_first, _step("b")],
        [_first, _step("b"), _step("c")],
        [_first, _step("b"), _step("c"), _step("d"), _step("e")],
        [_first, _step("b", of_one=lambda value: ("b", value))],
        [_first, _step("start", keeps=A.Node)],  # left out: it keeps what _first makes
        [_first, _step("b"), _step("start", keeps=A.Node)],  # kept: b says not what it makes
        [_first, _step("start", keeps=A.Node), _step("c")],
        [_first, list],  # a helper's list of one child
        [_first, list, _tuple_of_list],  # … made a tuple: (value,)
        [_first, list, _tuple_of_list, _step("c")],
    ],
)
def test_a_chain_gives_what_its_steps_give(steps: list[Any]) -> None:
    assert _chained(steps)([1, 2]) == _one_by_one(steps, [1, 2])
    if len(steps) == 2 and getattr(steps[1], "keeps", None) is not None:
        assert _chained(steps) is _first  # one call, no chain


def test_a_chain_starts_with_the_first_steps_variant() -> None:
    chain = _chained([_first, list])
    assert chain is _listed_first and chain([1]) == [A.Draw(1)]
