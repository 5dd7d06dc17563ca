import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.jsonio import (
    JsonSyntaxError,
    atomic_write_text,
    canonical_dumps,
    canonical_positions,
    loads_canonical,
    loads_limited,
    loads_strict,
    pointer,
    pointer_position,
    read_canonical,
    value_positions,
)

# JSON documents with the keys and strings that trouble a text search: brackets, commas, quotes, escapes, the
# pointer's own "/" and "~", lines' worth of spaces, an empty key, Chinese
_WORDS = st.sampled_from(["a", "b", "text", "", "}", "]", "{", ",", '"', "\\", "a/b", "~", "  ", "\n", "特工", "0"])
_DOCUMENTS = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**18), 10**18) | _WORDS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_WORDS, inner, max_size=4),
    max_leaves=24,
)


def test_canonical_form() -> None:
    assert canonical_dumps({"b": 1, "a": ["特工", 2]}) == '{\n  "a": [\n    "特工",\n    2\n  ],\n  "b": 1\n}\n'


@pytest.mark.parametrize(
    ("text", "line", "column", "fragment"),
    [
        ('{"a": 1,\n "b": }', 2, 7, "Expecting value"),
        ('{"a": 1, "a": 2}', 1, 10, "duplicate key 'a'"),
        ('{"x": {"k": 1,\n  "k": 2}}', 2, 3, "duplicate key 'k'"),
        ("", 1, 1, "Expecting value"),
    ],
)
def test_syntax_errors_carry_positions(text: str, line: int, column: int, fragment: str) -> None:
    with pytest.raises(JsonSyntaxError) as info:
        loads_strict(text)
    assert (info.value.line, info.value.column) == (line, column)
    assert fragment in info.value.message


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ('{\n  "a": 1234567890123456789\n}\n', "19 digits"),
        ('{\n  "a": -1234567890123456789\n}\n', "19 digits"),
        ('{\n  "a": NaN\n}\n', "NaN is not a JSON value"),
        ('{\n  "a": -Infinity\n}\n', "-Infinity is not a JSON value"),
    ],
)
def test_loads_canonical_refuses_what_loads_limited_refuses_in_a_canonical_looking_text(
    text: str, fragment: str
) -> None:
    with pytest.raises(JsonSyntaxError) as info:
        loads_canonical(text, max_digits=18)
    assert fragment in info.value.message
    with pytest.raises(JsonSyntaxError) as limited:
        loads_limited(text, max_digits=18)
    assert (info.value.message, info.value.line, info.value.column) == (
        limited.value.message,
        limited.value.line,
        limited.value.column,
    )
    assert info.value.line == 2


def test_loads_canonical_says_whether_the_text_is_canonical() -> None:
    data = {"a": [1, -123456789012345678, "特工"], "b": {"c": None, "d": 1.5}}
    text = canonical_dumps(data)
    assert loads_canonical(text, max_digits=18) == (data, True)
    assert loads_canonical(text.replace("  ", "   "), max_digits=18) == (data, False)
    assert loads_canonical('{"b": {"d": 1.5, "c": null}, "a": [1, -123456789012345678, "特工"]}', max_digits=18) == (
        data,
        False,
    )


# every string hypothesis writes, control characters and all, and integers to the ends of 64 bits and past them
_ANY_DOCUMENTS = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**64), 2**65) | st.text() | _WORDS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3) | _WORDS, inner, max_size=4),
    max_leaves=24,
)


@settings(max_examples=400, deadline=None)
@given(_ANY_DOCUMENTS)
@pytest.mark.slow
def test_loads_canonical_fast_path_agrees_with_the_canonical_form(data: Any) -> None:
    # the fast path (orjson's parse and write) and the slow one (json's, then canonical_dumps) give one verdict
    text = canonical_dumps(data)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: no file holds one
        return
    assert loads_canonical(text) == (data, True)
    unsorted = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    assert loads_canonical(unsorted) == (data, unsorted == text)
    assert loads_canonical(text.rstrip("\n")) == (data, False)


def test_loads_canonical_floats_are_canonical_as_python_writes_them() -> None:
    # orjson writes 0.00001 where Python writes 1e-05: only Python's is canonical
    assert loads_canonical('{\n  "a": 1e-05\n}\n') == ({"a": 1e-05}, True)
    assert loads_canonical('{\n  "a": 0.00001\n}\n') == ({"a": 1e-05}, False)
    assert loads_canonical('{\n  "a": [\n    1.5,\n    2\n  ]\n}\n') == ({"a": [1.5, 2]}, True)


def test_read_canonical_leaves_what_orjson_cannot_nest_to_the_full_reader() -> None:
    # written on one line, a deep document has no canonical indent for the depth check to see
    for depth in (300, 2000):
        text = "[" * depth + "]" * depth
        assert read_canonical(text) is None
        with pytest.raises(JsonSyntaxError):
            loads_canonical(text)


def test_loads_canonical_integers_past_64_bits() -> None:
    # 20 digits past orjson's reach are still within the limit; 21 are refused
    assert loads_canonical('{\n  "a": 99999999999999999999\n}\n') == ({"a": 99999999999999999999}, True)
    with pytest.raises(JsonSyntaxError):
        loads_canonical('{\n  "a": 999999999999999999999\n}\n')


def test_value_positions_point_at_keys_and_items() -> None:
    text = '{\n  "a": [\n    1,\n    {"b/c": true}\n  ]\n}\n'
    positions = value_positions(text)
    assert positions[""] == (1, 1)
    assert positions["/a"] == (2, 3)
    assert positions["/a/0"] == (3, 5)
    assert positions[pointer("a", 1, "b/c")] == (4, 6)
    assert pointer("a", 1, "b/c") == "/a/1/b~1c"


def _pointers(value: Any, path: tuple[str | int, ...] = ()) -> list[str]:
    """Every pointer of a document, and beside each one that it does not have (an item past the end, a key
    it lacks, an index that is no index, a step into a scalar)."""
    found = [pointer(*path), pointer(*path, 9), pointer(*path, "zz"), pointer(*path) + "/01"]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _pointers(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _pointers(item, (*path, index))
    return found


@settings(deadline=None)  # (no test is timed: a loaded machine took 570 ms for one example)
@given(st.dictionaries(_WORDS, _DOCUMENTS, max_size=5))
def test_canonical_writing_is_json_dumps(data: dict[str, Any]) -> None:
    assert canonical_dumps(data) == json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


@settings(deadline=None)  # (no test is timed: a loaded machine took 570 ms for one example)
@given(st.dictionaries(_WORDS, _DOCUMENTS, max_size=5))
@pytest.mark.slow
def test_canonical_positions_are_value_positions(data: dict[str, Any]) -> None:
    """In a canonical text, a value found by the layout is where a scan of the document finds it (or, for a
    pointer the document does not have, where it finds the nearest enclosing value)."""
    text = canonical_dumps(data)
    wanted = _pointers(data)
    found = canonical_positions(text, wanted)
    for ptr in wanted:
        assert found[ptr] == pointer_position(value_positions(text, [ptr]), ptr), ptr


def test_atomic_write_replaces_and_keeps_mode(tmp_path: Path) -> None:
    target = tmp_path / "x.json"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o600)
    atomic_write_text(target, "新\n")
    assert target.read_text(encoding="utf-8") == "新\n"
    assert target.stat().st_mode & 0o777 == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]


def test_lint_reads_a_file_that_is_not_canonical_with_orjson_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Lint's reader tries read_canonical first; on a text it turns down (not canonical, or with a float), what
    follows does not try it again (a second orjson parse and write of the same text)."""
    import toolkit.jsonio
    import validators.lint

    real = toolkit.jsonio.read_canonical
    calls: list[str] = []

    def counted(text: str, **limits: Any) -> Any:
        calls.append(text)
        return real(text, **limits)

    monkeypatch.setattr(toolkit.jsonio, "read_canonical", counted)
    monkeypatch.setattr(validators.lint, "read_canonical", counted)
    for text, canonical in (('{"b": 1, "a": [1, 2]}', False), ('{\n  "a": 0.5\n}\n', True), ("[1, 2", None)):
        calls.clear()
        if canonical is None:
            with pytest.raises(JsonSyntaxError):
                validators.lint._loads(text)
        else:
            assert validators.lint._loads(text) == (json.loads(text), canonical)
        assert calls == [text]
