from pathlib import Path

import pytest

from toolkit.jsonio import (
    JsonSyntaxError,
    atomic_write_text,
    canonical_dumps,
    loads_canonical,
    loads_limited,
    loads_strict,
    pointer,
    value_positions,
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


def test_value_positions_point_at_keys_and_items() -> None:
    text = '{\n  "a": [\n    1,\n    {"b/c": true}\n  ]\n}\n'
    positions = value_positions(text)
    assert positions[""] == (1, 1)
    assert positions["/a"] == (2, 3)
    assert positions["/a/0"] == (3, 5)
    assert positions[pointer("a", 1, "b/c")] == (4, 6)
    assert pointer("a", 1, "b/c") == "/a/1/b~1c"


def test_atomic_write_replaces_and_keeps_mode(tmp_path: Path) -> None:
    target = tmp_path / "x.json"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o600)
    atomic_write_text(target, "新\n")
    assert target.read_text(encoding="utf-8") == "新\n"
    assert target.stat().st_mode & 0o777 == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]
