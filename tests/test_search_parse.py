"""The query language parser: terms, operators, values, aliases, and errors with their column."""

from __future__ import annotations

import pytest

from toolkit.search import QueryError, parse_query
from toolkit.search.keys import KEYS, find_key


def shape(query: str) -> list[tuple[str | None, str, list[str]]]:
    return [(t.key.name if t.key else None, t.op, [v.text for v in t.values]) for t in parse_query(query).terms]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("抽牌", [(None, ":", ["抽牌"])]),
        ("t:装备 攻速>=2", [("type", ":", ["装备"]), ("speed", ">=", ["2"])]),
        ("T:ice o<3", [("type", ":", ["ice"]), ("cost", "<", ["3"])]),
        ("f:anarch|shaper d:runner", [("faction", ":", ["anarch", "shaper"]), ("side", ":", ["runner"])]),
        ('"Hedge Fund" x:credit', [(None, ":", ["Hedge Fund"]), ("text", ":", ["credit"])]),
        ("名:「破片手雷」", [("name", ":", ["破片手雷"])]),
        ("x:“抽 2 张牌”", [("text", ":", ["抽 2 张牌"])]),
        ("攻速＞＝2 移速：3", [("speed", ">=", ["2"]), ("move", ":", ["3"])]),
        ("cost!=2 p!:3 n!1", [("cost", "!", ["2"]), ("strength", "!", ["3"]), ("influence", "!", ["1"])]),
        ("hp=11", [("hp", ":", ["11"])]),
        (
            "v<=2 g>3 m>=1 h<4 l:0",
            [
                ("points", "<=", ["2"]),
                ("advancement", ">", ["3"]),
                ("memory", ">=", ["1"]),
                ("trash", "<", ["4"]),
                ("link", ":", ["0"]),
            ],
        ),
        ("u:是 shop:no token:yes", [("unique", ":", ["是"]), ("shop", ":", ["no"]), ("token", ":", ["yes"])]),
        ("专用:烈风 range:3 style:近战", [("agent", ":", ["烈风"]), ("range", ":", ["3"]), ("style", ":", ["近战"])]),
        ("team:红 持械:是 人数:8", [("team", ":", ["红"]), ("armed", ":", ["是"]), ("players", ":", ["8"])]),
        (
            "s:哨兵 e:core i:ada a:night",
            [
                ("subtype", ":", ["哨兵"]),
                ("set", ":", ["core"]),
                ("illustrator", ":", ["ada"]),
                ("flavor", ":", ["night"]),
            ],
        ),
        (
            "c:borealis z:startup b!standard is_banned:eternal|standard 合法:新手赛制",
            [
                ("cycle", ":", ["borealis"]),
                ("pool", ":", ["startup"]),
                ("restriction", "!", ["standard"]),
                ("banned", ":", ["eternal", "standard"]),
                ("legal", ":", ["新手赛制"]),
            ],
        ),
        ("card_cycle:liberation card_pool:eternal", [("cycle", ":", ["liberation"]), ("pool", ":", ["eternal"])]),
        ("  two   words  ", [(None, ":", ["two"]), (None, ":", ["words"])]),
        ("a|b", [(None, ":", ["a", "b"])]),
        ("name:foo:bar", [("name", ":", ["foo:bar"])]),
        ("-1", [(None, ":", ["-1"])]),
    ],
)
def test_parses(query: str, expected: list[tuple[str | None, str, list[str]]]) -> None:
    assert shape(query) == expected


@pytest.mark.parametrize(
    ("query", "column", "problem"),
    [
        ("", 1, "empty query"),
        ("   ", 1, "empty query"),
        ("foo:bar", 1, "unknown key 'foo'"),
        ("t:装备 攻击力>=2", 6, "unknown key '攻击力'"),
        ("cost<abc", 6, "cost needs a whole number, not 'abc'"),
        ("攻速>=快", 5, "speed needs a whole number"),
        ("t:weapon", 3, "unknown type 'weapon'"),
        ("cost<", 6, "expected a value after cost<"),
        ("x: 抽牌", 3, "expected a value after x:"),
        ('"unclosed phrase', 1, "unterminated quote"),
        ("x:「抽牌", 3, "unterminated quote"),
        ("a|", 3, "expected a value after '|'"),
        ("a||b", 3, "expected a value after '|'"),
        ("u:maybe", 3, "unique needs yes or no"),
        ("<3", 1, "needs a key before it"),
        ("faction>2", 8, "takes : !, not '>'"),
        ("t<=ice", 2, "takes : !, not '<='"),
        ("cost<>2", 5, "'<>' is not an operator"),
        ('x:"a"b', 6, "expected a space or '|' after the closing quote"),
        ('ab"c"', 3, "a quote must start a value"),
        ('""', 1, "empty quotes"),
        ("d:middle", 3, "unknown side 'middle'"),
        ("game:chess", 6, "unknown game 'chess'"),
    ],
)
def test_errors_name_the_column(query: str, column: int, problem: str) -> None:
    with pytest.raises(QueryError) as info:
        parse_query(query)
    error = info.value
    assert (error.column, error.exit_code) == (column, 2)
    assert problem in error.problem
    assert str(error).startswith(f"query {query!r}, column {column}: ")
    assert "\n" not in str(error)


@pytest.mark.parametrize("key", KEYS, ids=lambda k: k.name)
def test_every_key_is_found_by_each_alias(key: object) -> None:
    for alias in (key.name, *key.aliases):  # type: ignore[attr-defined]
        assert find_key(alias) is key
        assert find_key(alias.upper()) is key


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("t", "type"),
        ("f", "faction"),
        ("s", "subtype"),
        ("d", "side"),
        ("o", "cost"),
        ("n", "influence"),
        ("p", "strength"),
        ("v", "points"),
        ("g", "advancement"),
        ("m", "memory"),
        ("h", "trash"),
        ("l", "link"),
        ("u", "unique"),
        ("e", "set"),
        ("i", "illustrator"),
        ("x", "text"),
        ("a", "flavor"),
        ("_", "name"),
        ("c", "cycle"),
        ("z", "pool"),
        ("b", "restriction"),
        ("card_set", "set"),
        ("card_cycle", "cycle"),
        ("card_pool", "pool"),
        ("restriction_id", "restriction"),
        ("is_banned", "banned"),
        ("is_restricted", "restricted"),
        ("攻速", "speed"),
        ("移速", "move"),
        ("生命值", "hp"),
        ("派系", "faction"),
        ("类型", "type"),
        ("影响力", "influence"),
    ],
)
def test_netrunnerdb_and_chinese_aliases(alias: str, name: str) -> None:
    key = find_key(alias)
    assert key is not None and key.name == name
